/*
 * cli.h - what the command-line front end shares: the command table, the
 * game options every command takes (--rules, --scenario, --seed, --option,
 * --variant) and the computer players' names (--ai).
 */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>
#include "engine.h"
#include "match.h"
#include "ai.h"

#define POCKETWAR_VERSION "0.1"

typedef struct cli_command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);   /* argv[0] is the command name */
} cli_command;

/* The commands, one file each. */
int cmd_rules(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_battle(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_state(int argc, char **argv);
int cmd_legal(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_hint(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_svg(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_blunders(int argc, char **argv);
int cmd_train(int argc, char **argv);
int cmd_lab(int argc, char **argv);
int cmd_lab_sweep(int argc, char **argv);    /* `lab sweep` (cmd_lab_sweep.c) */

/* Options that choose a game. */
typedef struct cli_game_opts {
    const char *rules;      /* default: eng_rules_default() */
    const char *scenario;   /* default: the rule set's default scenario */
    uint64_t seed;
    bool seed_given;
    json_t *options;        /* overrides from --variant and --option */
    /* positions as data: --position FILE, read (NULL: the scenario's start) */
    json_t *position;
    bool rules_given;
    const char *given;      /* the first of these options given ("--seed"), or NULL */
    /* the exit status when these options make no game (set by cli_game_opt
     * and cli_match_new): 2, the command line is wrong (an unknown scenario
     * or variant name, an option's name or value); 1, a file they name
     * (--scenario, --variant or --position FILE) cannot be read or does not
     * check */
    int status;
} cli_game_opts;

/* (--help prints the --rules line before these, naming the default rule set) */
#define CLI_VARIANT_OPTS_HELP \
    "  --scenario NAME     scenario name or path to a scenario file\n" \
    "  --variant NAME      variant options by name or path (see `pocketwar rules`)\n" \
    "  --option KEY=VALUE  set one variant option (repeatable)\n"
#define CLI_SCENARIO_OPTS_HELP \
    CLI_VARIANT_OPTS_HELP \
    "  --position FILE     start from this position (JSON, as `pocketwar state`\n" \
    "                      prints it) instead of the scenario's beginning\n"
#define CLI_GAME_OPTS_HELP \
    CLI_SCENARIO_OPTS_HELP \
    "  --seed N            seed of the game's generator (default: from the clock)\n"

/* getopt_long option codes for the game options (above 255). */
enum { OPT_RULES = 1000, OPT_SCENARIO, OPT_VARIANT, OPT_OPTION, OPT_SEED, OPT_POSITION };
#define CLI_GAME_LONGOPTS \
    {"rules", required_argument, 0, OPT_RULES}, \
    {"scenario", required_argument, 0, OPT_SCENARIO}, \
    {"variant", required_argument, 0, OPT_VARIANT}, \
    {"option", required_argument, 0, OPT_OPTION}, \
    {"seed", required_argument, 0, OPT_SEED}, \
    {"position", required_argument, 0, OPT_POSITION}

void cli_game_opts_init(cli_game_opts *o);
void cli_game_opts_free(cli_game_opts *o);
/* Handles one getopt code of the game options; 1 if it was one, 0 if not,
 * -1 after printing an error. */
int cli_game_opt(cli_game_opts *o, int code, const char *arg);
/* A seed from the clock (under 10^9), for games given none. */
uint64_t cli_clock_seed(void);
/* A new match from the options; prints the error and returns NULL, with
 * the exit status in o->status. */
eng_match *cli_match_new(cli_game_opts *o);
/* A new match from the options with this seed (a --position's own seed and
 * generator give way to it): NULL and err. For commands that play many. */
eng_match *cli_match_seeded(const cli_game_opts *o, uint64_t seed, eng_error *err);

/* ---- the commands' option parser (cli_opts.c) ------------------------------ */

typedef enum cli_opt_kind {
    CLI_OPT_FLAG,     /* no value: out is a bool *, set true */
    CLI_OPT_INT,      /* a whole number from min to max: out is an int * */
    CLI_OPT_U64,      /* a whole number from 0: out is a uint64_t * */
    CLI_OPT_TEXT,     /* out is a const char *, pointed at the value */
    CLI_OPT_REAL,     /* a number strictly between lo and hi: out is a double * */
    CLI_OPT_EACH,     /* a value handed to each(out, value), which may be repeated */
    CLI_OPT_GAME,     /* the game options above, whole: out is a cli_game_opts * */
    CLI_OPT_AI,       /* the players' budget below, whole: out is a cli_ai_opts * */
    CLI_OPT_BUDGET,   /* the same without --threads (a command that says its own) */
    CLI_OPT_SCENARIO, /* the game options without --seed (the same): a cli_game_opts * */
    CLI_OPT_REAL_IN,  /* a number from lo to hi, both included: out is a double * */
    CLI_OPT_HEAD,     /* no option: a heading in --help (help), a blank line before */
    CLI_OPT_VARIANTS, /* the game options without --seed and --position (a command that
                         plays from a scenario's beginning and says its own seeds) */
} cli_opt_kind;

/* One line of a command's option table, which ends with {NULL}. */
typedef struct cli_opt {
    const char *name;       /* "max-steps", given as --max-steps */
    const char *arg;        /* the value's name in help ("N", "FILE"); NULL: none */
    cli_opt_kind kind;
    void *out;              /* where the value goes */
    long min, max;          /* CLI_OPT_INT's range */
    const char *help;       /* its help, further lines after '\n'; NULL: not listed */
    /* CLI_OPT_REAL's bounds, both left out, or CLI_OPT_REAL_IN's, both
     * included: set by CLI_REAL and CLI_REAL_IN */
    double lo, hi;
    /* CLI_OPT_EACH: takes one value; 0, or -1 after printing what was wrong */
    int (*each)(void *out, const char *value);
    char letter;            /* a short form, -o for --option ('\0': none) */
} cli_opt;

/* The table's rows, one per option, written as they read in --help. */
#define CLI_FLAG(n, o, h) {.name = (n), .kind = CLI_OPT_FLAG, .out = (o), .help = (h)}
#define CLI_INT(n, a, o, lo_, hi_, h) \
    {.name = (n), .arg = (a), .kind = CLI_OPT_INT, .out = (o), .min = (lo_), .max = (hi_), \
     .help = (h)}
#define CLI_U64(n, a, o, h) {.name = (n), .arg = (a), .kind = CLI_OPT_U64, .out = (o), .help = (h)}
#define CLI_TEXT(n, a, o, h) {.name = (n), .arg = (a), .kind = CLI_OPT_TEXT, .out = (o), .help = (h)}
#define CLI_REAL(n, a, o, lo_, hi_, h) \
    {.name = (n), .arg = (a), .kind = CLI_OPT_REAL, .out = (o), .lo = (lo_), .hi = (hi_), \
     .help = (h)}
#define CLI_EACH(n, a, fn, o, h) \
    {.name = (n), .arg = (a), .kind = CLI_OPT_EACH, .each = (fn), .out = (o), .help = (h)}
#define CLI_GAME(o) {.name = "(game)", .kind = CLI_OPT_GAME, .out = (o)}
#define CLI_AI(o) {.name = "(budget)", .kind = CLI_OPT_AI, .out = (o)}
#define CLI_BUDGET(o) {.name = "(budget)", .kind = CLI_OPT_BUDGET, .out = (o)}
#define CLI_SCENARIO(o) {.name = "(scenario)", .kind = CLI_OPT_SCENARIO, .out = (o)}
#define CLI_REAL_IN(n, a, o, lo_, hi_, h) \
    {.name = (n), .arg = (a), .kind = CLI_OPT_REAL_IN, .out = (o), .lo = (lo_), .hi = (hi_), \
     .help = (h)}
#define CLI_HEAD(h) {.name = "(heading)", .kind = CLI_OPT_HEAD, .help = (h)}
#define CLI_VARIANTS(o) {.name = "(game)", .kind = CLI_OPT_VARIANTS, .out = (o)}
#define CLI_END {.name = NULL}

#define CLI_OPTS_MAX 48

/* What `--help` says around the options. */
typedef struct cli_usage {
    const char *usage;      /* "battle [OPTIONS]" */
    const char *about;      /* what the command does, ending with "\n" */
    const char *after;      /* more after the options (NULL: none) */
} cli_usage;

/* Parses argv (argv[0] is the command's name) by opts: 0 when done, with
 * *first at the first operand (first NULL: operands are refused); 1 after
 * printing --help; -1 after printing what was wrong (an unknown option, a
 * value out of range, an operand not wanted). */
int cli_opts_parse(const cli_usage *u, const cli_opt *opts, int argc, char **argv, int *first);
/* The command's --help from the same table. */
void cli_opts_help(FILE *out, const cli_usage *u, const cli_opt *opts);

/* ---- computer players (cli_ai.c) ------------------------------------------ */

/* --ai-iterations, --ai-time, --threads: the budget laid over every
 * computer player a command makes (a player's own "NAME:key=value"
 * settings still win). */
typedef struct cli_ai_opts {
    ai_budget budget;       /* -1 where not given */
    bool allow_cheats;      /* the oracle yardstick accepted (tournament, battle) */
    /* the learned evaluation: the rule set whose network eval=net must
     * load (cli_ai_opts_for_game; NULL: not checked) */
    const eng_rules *rules;
} cli_ai_opts;

#define CLI_AI_BUDGET_HELP \
    "  --ai-iterations N   search iterations per decision (with --threads 1 and a\n" \
    "                      seed, the same choices every time)\n" \
    "  --ai-time MS        thinking time per decision, in milliseconds\n"
#define CLI_AI_OPTS_HELP \
    CLI_AI_BUDGET_HELP \
    "  --threads N         search threads per computer player (default: every core)\n"

enum { OPT_AI_ITERATIONS = 1100, OPT_AI_TIME, OPT_THREADS };
#define CLI_AI_LONGOPTS \
    {"ai-iterations", required_argument, 0, OPT_AI_ITERATIONS}, \
    {"ai-time", required_argument, 0, OPT_AI_TIME}, \
    {"threads", required_argument, 0, OPT_THREADS}

void cli_ai_opts_init(cli_ai_opts *o);
/* The levels' budgets for this game: its rule set's search scale (g NULL:
 * none). */
void cli_ai_opts_for_game(cli_ai_opts *o, const eng_game *g);
/* Handles one getopt code of the player options: 1 if it was one, 0 if
 * not, -1 after printing an error. */
int cli_ai_opt(cli_ai_opts *o, int code, const char *arg);
/* A computer player from a spec: a name (random, thumb, flat, mcts,
 * easy, normal, hard) with optional ":key=value" settings. o may be NULL (every
 * core, the level's budget). NULL and a message if the spec is bad. */
ai_player *cli_ai_new(const char *spec, uint64_t seed, const cli_ai_opts *o);
/* The same, quietly: NULL and err on a bad spec. */
ai_player *cli_ai_make(const char *spec, uint64_t seed, const cli_ai_opts *o, eng_error *err);
/* Does spec name a computer player? (Quietly.) */
bool cli_ai_known(const char *spec);
/* The names cli_ai_new accepts, for help texts: without the oracle, which
 * only `battle` and `tournament` accept (allow_cheats), or with it (_all). */
const char *cli_ai_names(void);
const char *cli_ai_names_all(void);
/* The computer players, their levels and settings (from ai_settings), for
 * `pocketwar help ai`. */
void cli_ai_help(FILE *out);
/* Cores online (at least 1). */
int cli_cores(void);
/* "normal (mcts, 2000 iterations, 1 thread)": what a player is, for banners. */
void cli_ai_describe(const ai_player *p, const char *spec, char *buf, size_t n);

/* How a decision was reached: "0.31 s, 2000 iterations on 2 threads". */
void cli_explain_summary(const ai_explanation *why, char *buf, size_t n);
/* Would showing these candidates to viewer give away a secret (a hidden
 * placement)? Then they are not shown. */
bool cli_explain_secret(const eng_state *s, const ai_explanation *why, int viewer);
/* Prints up to max candidates, best first, one a line after indent: the
 * action's number in acts (when acts is not NULL), its notation, the
 * estimated result and the visits (or tries) behind it. */
void cli_explain_print(FILE *out, const eng_state *s, const ai_explanation *why, int max,
                       const eng_action *acts, int n, const char *indent);

/* ---- bench (bench_search.c) ------------------------------------------------ */

typedef struct bench_search_figures {
    int threads;
    int iterations_per_move;    /* the normal level's budget */
    long moves;
    long iterations;
    double seconds;             /* wall-clock */
    double cpu_seconds;         /* the process's processor time meanwhile */
} bench_search_figures;

/* Times the normal player on positions of r's default scenario with this
 * many threads for about `seconds`; -1 after a message. */
int bench_search(const eng_rules *r, int threads, double seconds, bench_search_figures *f);
/* The `normal` player as it plays g's rule set (cli_ai_opts_for_game) with
 * this many threads, its level's iterations fixed and no time cap: the
 * same work on any machine; *iterations gets that budget (bench_search,
 * bench_decide). */
ai_player *bench_normal_player(const eng_game *g, int threads, int *iterations);

/* ---- bench (bench_odds.c) -------------------------------------------------- */

typedef struct bench_odds_figures {
    int scenarios;
    long decisions;             /* positions where a side decides */
    long actions;               /* odds worked out: every legal action there */
    long chance;                /* ... of which set off chance */
    long failures;              /* ... refused (too many outcomes) */
    long positions;             /* positions the enumerations visited */
    double seconds;             /* all of them */
    double slowest;             /* the slowest single action */
    char slowest_scenario[64];
    char slowest_action[ENG_TEXT_MAX];
    int slowest_groups;
} bench_odds_figures;

/* The exact odds of every legal action at every decision of `games`
 * random games of each of r's shipped scenarios, timed; -1 after a
 * message. */
int bench_odds(const eng_rules *r, int games, bench_odds_figures *f);

/* Parses a whole number; -1 with a message naming the option if bad. */
int cli_parse_u64(const char *opt, const char *arg, uint64_t *out);
int cli_parse_int(const char *opt, const char *arg, int min, int max, int *out);

/* Loads a record, or a position (a file holding a JSON object), printing
 * the error (or the warning of a record cut short, which still loads);
 * NULL on failure. */
eng_match *cli_load_record(const char *path);
/* Where a game's record is to go (play --save, battle --record), checked
 * before the game, so that nothing is played in vain: 0 if no file is
 * there yet (or it is the same file as ours, when not NULL), 1 if any
 * other file is there (its contents are not read: the caller judges
 * whether to replace it); -1 after a message (cmd: opt: ...) if path is a
 * folder or its folder does not exist or takes no new file. */
int cli_record_target(const char *cmd, const char *opt, const char *path, const char *ours);
/* True if a and b name the same file (or, where either is missing, the
 * same name). */
bool cli_same_file(const char *a, const char *b);
/* --to N beyond the record's end: says how many steps it has and returns
 * -1; 0 when N is within it (or not given: N < 0). */
int cli_record_to(const eng_match *m, const char *cmd, int to);

/* The record (or position) at path, loaded and checked, --view side (1..;
 * 0: not given) against its sides and --to against its steps, then taken
 * back to step to (to < 0: its end): NULL after a message, with the exit
 * status in *rc (1: it did not load, 2: an option does not fit it). */
eng_match *cli_record_at(const char *cmd, const char *path, int to, int side, int *rc);
/* Parses argv by opts (cli_opts_parse) and takes its one operand, a record:
 * its path, or NULL with the exit status in *rc (0 after --help) after a
 * message; none is what to say when no record is given (NULL: "give one
 * record file"), before " (see --help)". */
const char *cli_record_operand(const char *cmd, const cli_usage *u, const cli_opt *opts,
                               const char *none, int argc, char **argv, int *rc);
/* The engine's viewer for --view P (sides count from 1; 0, not given:
 * everything, ENG_VIEW_ALL). */
int cli_view(int side);
/* Who acts in the match's position, for "to_act": a side's name, "chance"
 * or "nobody" (the game is over). */
const char *cli_to_act(const eng_match *m);

/* True when stdout is a terminal that takes colour (and NO_COLOR unset). */
bool cli_color(FILE *f);
/* Writes j as indented JSON in its keys' order, and a newline, to out;
 * then drops j. */
void cli_json_print(FILE *out, json_t *j);

/* The name in names (NULL-ended) that word is most likely a slip for (one
 * or two letters wrong, missing, extra or swapped), or NULL: for "did you
 * mean". */
const char *cli_suggest(const char *word, const char *const *names);

/* The end of a game: when it is over, lead ("" or "\n"), its "Result:" line
 * (with " (N steps)" where steps >= 0) and, unless brief, "Why: " and the
 * engine's one line on why it ended, where the rule set says more; then,
 * unless brief, "Losses: " as viewer may know them, where the rule set
 * counts them (over or not). */
void cli_print_end(const eng_state *s, const char *lead, long steps, int viewer, bool brief);

/* Prints an error as "pocketwar CMD: message" on stderr. */
void cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- the exact odds on one line (cli_odds.c) -------------------------------- */

/* "odds: 58.3% nothing changes | 41.7% 2/INF1 destroyed" for a in s, as
 * viewer may know them; false (buf empty) when a sets off no chance. */
bool cli_odds_brief(const eng_state *s, eng_action a, int viewer, char *buf, size_t n);

/* ---- the scenario's briefing (cli_brief.c) --------------------------------- */

/* Prints eng_briefing's JSON as text, wrapped at width columns. */
void cli_brief_print(FILE *out, const json_t *brief, int width);

/* ---- bench (bench_decide.c) ------------------------------------------------ */

typedef struct bench_decide_figures {
    int games;
    int iterations;             /* the normal level's budget on this rule set */
    long decisions;             /* with a choice */
    double median, p99, max;    /* processor seconds of the deciding thread */
} bench_decide_figures;

/* The normal player's decisions in `games` games against itself on r's
 * default scenario (seeds 1..N, one thread, no time cap), timed in thread
 * processor time; -1 after a message. */
int bench_decide(const eng_rules *r, int games, bench_decide_figures *f);

#endif
