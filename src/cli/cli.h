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

/* Options that choose a game. */
typedef struct cli_game_opts {
    const char *rules;      /* default "pocket-wargame" */
    const char *scenario;   /* default: the rule set's default scenario */
    uint64_t seed;
    bool seed_given;
    json_t *options;        /* overrides from --variant and --option */
} cli_game_opts;

#define CLI_GAME_OPTS_HELP \
    "  --rules NAME        rule set (pocket-wargame; see `pocketwar rules`)\n" \
    "  --scenario NAME     scenario name or path to a scenario file\n" \
    "  --variant NAME      variant options by name or path (see `pocketwar rules`)\n" \
    "  --option KEY=VALUE  set one variant option (repeatable)\n" \
    "  --seed N            seed of the game's generator (default: from the clock)\n"

/* getopt_long option codes for the game options (above 255). */
enum { OPT_RULES = 1000, OPT_SCENARIO, OPT_VARIANT, OPT_OPTION, OPT_SEED };
#define CLI_GAME_LONGOPTS \
    {"rules", required_argument, 0, OPT_RULES}, \
    {"scenario", required_argument, 0, OPT_SCENARIO}, \
    {"variant", required_argument, 0, OPT_VARIANT}, \
    {"option", required_argument, 0, OPT_OPTION}, \
    {"seed", required_argument, 0, OPT_SEED}

void cli_game_opts_init(cli_game_opts *o);
void cli_game_opts_free(cli_game_opts *o);
/* Handles one getopt code of the game options; 1 if it was one, 0 if not,
 * -1 after printing an error. */
int cli_game_opt(cli_game_opts *o, int code, const char *arg);
/* A new match from the options; prints the error and returns NULL. */
eng_match *cli_match_new(cli_game_opts *o);

/* A computer player from a name: "random", "thumb" (later search
 * players and levels). NULL and a message if unknown. */
ai_player *cli_ai_new(const char *name, uint64_t seed);
/* The names accepted by cli_ai_new, for help texts. */
const char *cli_ai_names(void);

/* Parses a whole number; -1 with a message naming the option if bad. */
int cli_parse_u64(const char *opt, const char *arg, uint64_t *out);
int cli_parse_int(const char *opt, const char *arg, int min, int max, int *out);

/* Loads a record, printing the error; NULL on failure. */
eng_match *cli_load_record(const char *path);

/* True when stdout is a terminal that takes colour (and NO_COLOR unset). */
bool cli_color(FILE *f);

/* Prints an error as "pocketwar CMD: message" on stderr. */
void cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
