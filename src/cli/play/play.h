/*
 * play.h - what the files of `pocketwar play` share, and nothing outside
 * them includes: the session being played and the pieces of its loop.
 *
 *   cmd_play.c    options, the banner, the game loop, the end
 *   play_seats.c  who plays each side: people or computer players
 *   play_steps.c  after each step: saving, drawing the board, chance lines
 *   play_turn.c   a person's decision and a referee's chance entry: the
 *                 prompts and their commands (help, undo, hint, save, ...)
 *   play_io.c     reading lines, numbered lists in columns, the hand-over
 *                 screen, yes/no questions, Ctrl-C
 *
 * Invariant: every step goes through eng_match_apply or
 * eng_match_apply_chance and is followed by play_stepped(), which keeps the
 * --save file current; nothing else changes the match but eng_match_undo
 * (followed by play_stepped too).
 */
#ifndef PLAY_H
#define PLAY_H

#include <signal.h>
#include "cli.h"

/* A game with no file of its own is kept, at end of input, Ctrl-C or quit,
 * in PLAY_AUTOSAVE_PREFIX<seed>.pwr here (<seed>-2, -3, ... if that name is
 * taken: no save replaces another game's record). */
#define PLAY_AUTOSAVE_PREFIX "pocketwar-autosave-"
#define PLAY_AUTOSAVE_HELP PLAY_AUTOSAVE_PREFIX "SEED.pwr"
#define PLAY_DEFAULT_AI "normal" /* the computer opponent, unless --ai or --players */
#define PLAY_HELPER "thumb"      /* the player behind `hint` and `auto`, unless --helper */
#define PLAY_RUN_LINES 3         /* lines a run of chance outcomes may take */

/* How a prompt or the loop ended. */
typedef enum play_rc {
    PLAY_OK,       /* a step was taken (or taken back): carry on */
    PLAY_EOF,      /* end of input: save and exit 0 */
    PLAY_QUIT,     /* the person asked to stop (saving was offered) */
    PLAY_INTR,     /* Ctrl-C: save and exit */
    PLAY_FAIL,     /* an internal error, already reported */
} play_rc;

typedef struct play_session {
    eng_match *m;
    int np;                            /* sides in the game */
    ai_player *ai[ENG_MAX_PLAYERS];    /* NULL where a person plays */
    char *ai_name[ENG_MAX_PLAYERS];    /* the computer's name, as given */
    int humans;                        /* sides people play */
    ai_player *helper;                 /* for hint and auto */
    const char *helper_name;           /* its name, as given */
    const cli_ai_opts *ai_opts;        /* budget options for every computer player */
    bool explain;                      /* --explain: show a computer's candidates */
    bool referee;                      /* chance outcomes are typed in */
    bool color;
    bool tty_in, tty_out;
    char *save_path;                   /* the game's own file, rewritten after every
                                          step: --save, the --load file, or the
                                          last `save FILE`; NULL until there is one */
    const char *load_path;             /* --load */
    char *autosave;                    /* the autosave name, once chosen */
    char *last_save;                   /* where the record was last written */
    char **written;                    /* every file this session wrote */
    int nwritten;
    bool dirty;                        /* steps no file holds yet */
    bool save_failing;                 /* the --save file could not be written */
    int last_human;                    /* the person who acted last, or -1 */
    int screen;                        /* whose view is on screen: a side or ENG_VIEW_ALL */
    size_t drawn_at;                   /* m->nsteps when the board was last drawn */
    bool drawn;                        /* the board has been drawn at all */
    int run_col;                       /* column of an open line of chance outcomes, or 0 */
    int run_lines;                     /* lines that run has taken */
    int run_more;                      /* outcomes of the run not shown */
    bool no_confirm;                   /* --no-confirm / set confirm off: ending a
                                          phase with a shot open is not questioned */
    eng_state *decided[ENG_MAX_PLAYERS];   /* a person's last decision: the position */
    eng_action decided_act[ENG_MAX_PLAYERS];   /* and the action, for the phase note */
    char *line;                        /* getline's buffer */
    size_t cap;
    char run_kind[16];                 /* first word of the outcomes of the open run */
} play_session;

/* ---- play_steps.c ---------------------------------------------------------- */

/* After every step or take-back: marks the record unsaved and rewrites the
 * --save file. */
void play_stepped(play_session *ps);
/* Writes the record to path and says so; from then on the game keeps
 * saving to path after every step. A file this session did not write is
 * replaced only if the person agrees. 0, or -1 after saying why. */
int play_save(play_session *ps, const char *path);
/* Writes the record to the game's own file without a word (a question
 * first if it is not this session's); 0 or -1 with err. */
int play_write(play_session *ps, const char *path, eng_error *err);
/* Where a game with no file of its own is kept: PLAY_AUTOSAVE_PREFIX with
 * the seed, on a name no file has yet (chosen once per session). */
const char *play_autosave_path(play_session *ps);
/* The file a save with no name goes to: the game's own, else the autosave. */
const char *play_home(play_session *ps);
/* Does path exist and hold something this session has not written? */
bool play_foreign(const play_session *ps, const char *path);
/* Draws the seeded generator's outcome at a chance point and prints it,
 * folding a run of them onto shared lines; play_end_run closes the line. */
void play_chance(play_session *ps);
void play_end_run(play_session *ps);
/* Draws the board as viewer sees it, then the status line. */
void play_draw(play_session *ps, int viewer);
/* "Red" */
const char *play_side(const play_session *ps, int side);

/* Forgets every person's last decision (after a take-back). */
void play_forget_decisions(play_session *ps);

/* ---- play_seats.c ---------------------------------------------------------- */

typedef struct play_seat_opts {
    const char *ai, *side, *players;  /* --ai, --side, --players as given */
    bool hotseat;
    uint64_t ai_seed;                 /* side p's computer gets ai_seed + p + 1 */
} play_seat_opts;

/* Seats every side from the options (a person on --side, default 1, and
 * --ai elsewhere; people everywhere; or the --players list). Sets
 * ps->ai, ps->ai_name and the match's labels; -1 after a message. */
int play_seat_all(play_session *ps, const play_seat_opts *so);
/* Seats a resumed game as its record says; if every seat is a computer's
 * (and no referee is at the table), the side that decides next is the
 * person's, so that the game never plays itself out unattended. */
int play_seat_from_record(play_session *ps, uint64_t ai_seed);

/* ---- play_turn.c ------------------------------------------------------------ */

/* A person's decision for side me: prompts until a step is taken or taken
 * back, or input ends. */
play_rc play_human(play_session *ps, int me);
/* A chance point in referee mode: the outcome is typed in. */
play_rc play_referee_chance(play_session *ps);

/* ---- play_io.c ---------------------------------------------------------------- */

/* Catches Ctrl-C so that a prompt returns instead of the process dying. */
void play_catch_interrupt(void);
bool play_interrupted(void);
/* Prints prompt and reads one line, trimmed of surrounding blanks; NULL at
 * end of input or on Ctrl-C (play_interrupted() tells which). The line
 * lives in ps->line until the next read. Echoes the line when stdin is not
 * a terminal, so that a transcript reads like a session. */
const char *play_read(play_session *ps, const char *prompt);
/* Asks a yes/no question; 1 yes, 0 no, -1 end of input or Ctrl-C. Asks
 * again on anything else. */
int play_ask(play_session *ps, const char *question);
/* The terminal's width in columns (80 when not a terminal). */
int play_width(const play_session *ps);
/* Prints actions (or chance outcomes, with their probabilities when prob
 * is not NULL and they differ) numbered from 1, in columns. */
void play_list(const play_session *ps, const eng_state *s, const eng_action *acts,
               int n, const double *prob);
/* If text is a whole number: 1 and *index (0-based) when it is in 1..n,
 * -1 after saying which numbers are allowed; 0 if text is not a number. */
int play_number(const char *text, int n, const char *what, int *index);
/* Copies user text into buf for a message: quoted, control characters
 * shown as '?', long text cut with "...". */
const char *play_quote(const char *text, char *buf, size_t n);
/* True if some side sees the position differently from another. */
bool play_hides(const eng_state *s);
/* True if a person at the terminal may not see everything in the position
 * now: then the step just taken by a computer or the generator is not
 * printed in notation, which would give it away (the board shows what the
 * person may see). */
/* Whose eyes the screen is for when steps are told: the one person
 * playing, the side holding the screen in hotseat, or everyone. */
int play_audience(const play_session *ps);
/* Clears the screen and waits for `to` to press Enter (terminals only). */
play_rc play_hand_over(play_session *ps, int to);

/* ---- play_odds.c ------------------------------------------------------------- */

/* `odds ACTION` at a prompt: the exact odds of one action (its number in
 * acts[0..n-1] or notation) as viewer may know them. */
void play_odds(const play_session *ps, int viewer, const eng_action *acts, int n,
               const char *arg);
/* `list odds`: every action that sets off chance, with its odds. */
void play_list_odds(const play_session *ps, int viewer, const eng_action *acts, int n);

/* ---- play_brief.c ------------------------------------------------------------ */

/* Prints the scenario's briefing, and how its victory conditions stand now
 * if `standing`. */
void play_objective(const play_session *ps, bool standing);

#endif
