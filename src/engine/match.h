/*
 * match.h - one game being played: the game, the position now, and every
 * step taken, which is what a record holds.
 *
 * A match is what the command line, the engine protocol and (later) the web
 * server hold. Steps are player actions, chance outcomes from the seeded
 * generator, or chance outcomes entered by people at the table (referee
 * mode). Undo rebuilds the position from the start, so no outcome is ever
 * rolled again: the generator state travels with the position.
 *
 * The record format (a text file, like chess's PGN) is described in
 * docs/records.md; record.c reads and writes it.
 */
#ifndef MATCH_H
#define MATCH_H

#include "engine.h"

#define ENG_WHO_CHANCE (-1)   /* outcome drawn from the seeded generator */
#define ENG_WHO_ENTERED (-2)  /* outcome typed in by the players */

typedef struct eng_step {
    eng_action action;
    int who;                  /* player index, ENG_WHO_CHANCE or _ENTERED */
} eng_step;

typedef struct eng_match {
    const eng_rules *rules;
    eng_game *game;
    eng_state *state;         /* the position after every step */
    char *scenario;           /* as named: a shipped name or a path */
    json_t *options;          /* option overrides given (object, maybe empty) */
    uint64_t seed;
    char *players[ENG_MAX_PLAYERS]; /* who plays each side: "human", "computer thumb" */
    json_t *tags;             /* other header tags, kept when saved */
    eng_step *steps;
    size_t nsteps, cap;
    /* positions as data: the position it started from (NULL: the scenario's
     * beginning), as a state and as the whole position's JSON */
    eng_state *start;
    json_t *position;
} eng_match;

/* A new match of a rule set (by name) on a scenario (name or path), with
 * option overrides (may be NULL) and a seed. */
eng_match *eng_match_new(const char *rules, const char *scenario,
                         const json_t *options, uint64_t seed, eng_error *err);
void eng_match_free(eng_match *m);

/* Plays one action (a player's, or a chance outcome) after checking it.
 * At a chance point, entered=true marks the outcome as typed in. */
int eng_match_apply(eng_match *m, eng_action a, bool entered, eng_error *err);
/* Parses notation and plays it. */
int eng_match_apply_text(eng_match *m, const char *text, bool entered, eng_error *err);
/* Plays the seeded generator's outcome at a chance point. */
void eng_match_apply_chance(eng_match *m);
/* Takes back the last n steps (all if n is larger). */
void eng_match_undo(eng_match *m, size_t n);
/* The position after the first k steps (a new state the caller frees). */
eng_state *eng_match_state_at(const eng_match *m, size_t k);
/* Sets a player's label (copied). */
void eng_match_set_player(eng_match *m, int player, const char *label);

/* ---- records (record.c) ---------------------------------------------------- */

int eng_match_save(const eng_match *m, FILE *out, eng_error *err);
int eng_match_save_file(const eng_match *m, const char *path, eng_error *err);
/* Reads a record and replays it, checking every step; errors name the
 * line ("game.pwr:17: ..."). source names the input in messages. A record
 * cut short (its Result tag names an end its steps do not reach, its last
 * line maybe cut off) still loads as far as it goes: then err holds a
 * warning starting "warning: " (else err->msg is empty on success).
 * A record from a stream or text is untrusted: its Scenario tag must name
 * a shipped scenario, and its options no file. A record file read by a
 * local command may also name a scenario file beside it, or any path. */
eng_match *eng_match_load(FILE *in, const char *source, eng_error *err);
eng_match *eng_match_load_file(const char *path, eng_error *err);
eng_match *eng_match_load_text(const char *text, const char *source, eng_error *err);

/* ---- starting from a position (match_position.c) ---------------------------- */

/* A match that starts from a position (JSON as `pocketwar state` prints
 * it, or written by hand). rules, scenario (name or path) and options may
 * be NULL: the position's "rules", "scenario" and "options" then say; given
 * options are laid over the position's. The position's "seed" and
 * "generator" win over seed; without them the generator starts from seed.
 * NULL and what is wrong (and where) in err. */
eng_match *eng_match_new_at(const char *rules, const char *scenario, const json_t *options,
                            const json_t *position, uint64_t seed, eng_error *err);

#endif
