/*
 * proto.h - what the files of `pocketwar engine` share, and nothing outside
 * them includes. The protocol (docs/protocol.md) is modelled on Go's GTP:
 * a request is a line "[id] command [arguments]", the answer "=[id] result"
 * or "?[id] message", then an empty line.
 *
 *   proto_loop.c    options, reading requests, writing replies, the table
 *                   of commands and the ones about the engine itself
 *   proto_game.c    the game: new, position, load, play, enter, roll, undo,
 *                   legal, to_move, status, state, showboard, result, ...
 *   proto_search.c  the computer: ai, genmove, hint
 *   proto_explain.c results explained and the briefing: explain, chance,
 *                   briefing, standing
 */
#ifndef PROTO_H
#define PROTO_H

#include "cli.h"

#define PROTO_VERSION "1"

typedef struct proto {
    eng_match *m;             /* the game, or NULL before new/position/load */
    char *ai_spec;            /* genmove's and hint's player (default normal) */
    const cli_ai_opts *ao;    /* budget from the command line */
    uint64_t ai_seed;         /* seed of the next computer player made */
    bool allow_files;         /* --allow-files: paths in requests, load and save */
    bool quit;
} proto;

/* A command: args are the words after the command, line the same as one
 * string (for notation, which has spaces). It writes its result, or why it
 * failed, to out; returns 0 or -1. */
typedef struct proto_command {
    const char *name;
    const char *args;         /* for list_commands' help: "RULES [SCENARIO] ..." */
    int (*run)(proto *p, int argc, char **argv, const char *line, FILE *out);
} proto_command;

/* Answers one request line (proto_loop.c; changes raw). The fuzz harness
 * calls it as the engine's loop does. */
void proto_serve(proto *p, char *raw, FILE *out);

/* ---- proto_game.c ---------------------------------------------------------- */

int proto_rules(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_scenarios(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_new(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_position(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_load(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_save(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_record(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_play(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_enter(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_roll(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_undo(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_legal(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_players(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_to_move(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_status(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_state(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_showboard(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_result(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_returns(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_history(proto *p, int argc, char **argv, const char *line, FILE *out);
/* One step of a history as the protocol prints it: "P1 TEXT", "chance
 * TEXT" or "entered TEXT" (who as in eng_step), after a line break unless
 * first. */
void proto_step_line(FILE *out, bool first, int who, const char *text);

/* A viewer named by number (1..), name, or "all"; -2 after an error
 * written to out. ENG_VIEW_ALL when word is NULL. */
int proto_viewer(const proto *p, const char *word, FILE *out);
/* Fails with a message unless the engine may read and write files named in
 * requests (--allow-files); what names `what` ("load", "a scenario path"). */
int proto_need_files(const proto *p, const char *what, FILE *out);
/* Fails with a message unless a game is loaded. */
int proto_need_game(const proto *p, FILE *out);

/* ---- proto_search.c -------------------------------------------------------- */

int proto_ai(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_genmove(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_hint(proto *p, int argc, char **argv, const char *line, FILE *out);

/* ---- proto_odds.c ---------------------------------------------------------- */

int proto_odds(proto *p, int argc, char **argv, const char *line, FILE *out);

/* ---- proto_explain.c ------------------------------------------------------- */

int proto_explain(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_chance(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_briefing(proto *p, int argc, char **argv, const char *line, FILE *out);
int proto_standing(proto *p, int argc, char **argv, const char *line, FILE *out);

#endif
