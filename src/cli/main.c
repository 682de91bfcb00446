/*
 * main.c - `pocketwar COMMAND ...`: the command table and top-level help.
 */
#include <stdio.h>
#include <string.h>
#include "cli.h"

static const cli_command commands[] = {
    {"rules",  "list rule sets, their variant options and scenarios", cmd_rules},
    {"play",   "play in the terminal: hotseat, against the computer, or as referee", cmd_play},
    {"battle", "one computer-against-computer game, told as a narrative", cmd_battle},
    {"replay", "check a record and show its game step by step or its end", cmd_replay},
    {"state",  "print the position a record reaches, as JSON", cmd_state},
    {"legal",  "list the legal actions in the position a record reaches", cmd_legal},
    {"hint",   "the computer's best candidates in the position a record reaches", cmd_hint},
    {"svg",    "draw the position a record reaches as SVG, with its actions' elements", cmd_svg},
    {"odds",   "the exact odds of an action in the position a record reaches", cmd_odds},
    {"tournament", "a round robin between computer players, with win rates and Elo",
               cmd_tournament},
    {"engine", "speak the engine protocol on stdin/stdout (for GUIs, bots, runners)",
               cmd_engine},
    {"bench",  "measure the engine's and the tree search's speed", cmd_bench},
    {"blunders", "how often computer players pick a plainly wrong move", cmd_blunders},
    {"serve",  "serve games over HTTP: browser app, JSON API, games store", cmd_serve},
    {"train",  "train a rule set's learned evaluation by self-play", cmd_train},
    {"lab",    "play-test rule variants side by side: paired games, statistics, report",
               cmd_lab},
    {NULL, NULL, NULL},
};

static void usage(FILE *out)
{
    fprintf(out,
            "pocketwar - play, referee and play-test pocket-sized wargames\n\n"
            "usage: pocketwar COMMAND [OPTIONS]\n\ncommands:\n");
    for (const cli_command *c = commands; c->name; c++)
        fprintf(out, "  %-11s %s\n", c->name, c->summary);
    fprintf(out, "\n`pocketwar COMMAND --help` tells more about one command; `pocketwar help ai`\n"
            "about the computer players and their settings.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        if (argc > 2 && strcmp(name, "help") == 0 && strcmp(argv[2], "ai") == 0) {
            cli_ai_help(stdout);
            return 0;
        }
        if (argc > 2 && strcmp(name, "help") == 0) {
            for (const cli_command *c = commands; c->name; c++)
                if (!strcmp(c->name, argv[2])) {
                    char *args[] = {argv[2], "--help", NULL};
                    return c->run(2, args);
                }
        }
        usage(stdout);
        return 0;
    }
    for (const cli_command *c = commands; c->name; c++)
        if (!strcmp(c->name, name))
            return c->run(argc - 1, argv + 1);
    const char *names[sizeof commands / sizeof commands[0]];
    size_t k = 0;
    for (const cli_command *c = commands; c->name; c++)
        names[k++] = c->name;
    names[k] = NULL;
    const char *guess = cli_suggest(name, names);
    if (guess) {
        fprintf(stderr, "pocketwar: no command \"%s\"; did you mean \"%s\"?\n", name, guess);
        return 2;
    }
    fprintf(stderr, "pocketwar: no command \"%s\"\n\n", name);
    usage(stderr);
    return 2;
}
