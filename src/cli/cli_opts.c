/*
 * cli_opts.c - the commands' one option parser: a command lists its options
 * as a table (name, value, range, where it goes, one line of help), and this
 * file parses argv by it, checks each value's range, prints `--help` from
 * it and refuses an unknown option, all in the same words for every
 * command. The game options (--rules, --scenario, ...) and the computer
 * players' budget (--ai-iterations, ...) are groups a table names whole.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

#define HELP_COLUMN 22          /* where an option's help starts */
#define CODE_BASE 2000          /* getopt codes of a table's own options */

/* A real number from lo to hi, the ends included or not, into *out; else a
 * message (as cli_error for cmd) and -1. */
static int parse_real(const char *cmd, const char *opt, const char *arg, double lo, double hi,
                      bool ends, double *out)
{
    char *end;
    double v = strtod(arg, &end);
    if (!*arg || *end || !(ends ? v >= lo && v <= hi : v > lo && v < hi)) {
        cli_error(cmd, "%s takes a number %s %g %s %g, not \"%s\"", opt,
                  ends ? "from" : "between", lo, ends ? "to" : "and", hi, arg);
        return -1;
    }
    *out = v;
    return 0;
}

/* Prints one option's lines of help: "  --name VALUE" then the help, its
 * further lines indented to the same column. */
static void help_option(FILE *out, const cli_opt *o)
{
    char head[64], letter[8] = "";
    if (o->letter)
        snprintf(letter, sizeof letter, "-%c, ", o->letter);
    snprintf(head, sizeof head, "  %s--%s%s%s", letter, o->name, o->arg ? " " : "",
             o->arg ? o->arg : "");
    fprintf(out, "%-*s", HELP_COLUMN, head);
    if ((int)strlen(head) >= HELP_COLUMN)
        fprintf(out, "\n%*s", HELP_COLUMN, "");
    for (const char *p = o->help; *p; p++) {
        fputc(*p, out);
        if (*p == '\n' && p[1])
            fprintf(out, "%*s", HELP_COLUMN, "");
    }
    fputc('\n', out);
}

/* What getopt refused (c '?': unknown, or a value given to a flag of lo;
 * ':' a value missing), as arg was written. */
static void refuse(const char *cmd, const struct option *lo, int c, const char *arg)
{
    const char *eq = strchr(arg, '=');
    size_t len = eq && strncmp(arg, "--", 2) == 0 ? (size_t)(eq - arg) - 2 : 0;
    bool flag = false;          /* "--name=value" for a flag of lo */
    for (int i = 0; len && lo[i].name; i++)
        if (lo[i].has_arg == no_argument && strlen(lo[i].name) == len
            && strncmp(lo[i].name, arg + 2, len) == 0)
            flag = true;
    if (c == ':')
        cli_error(cmd, "%s needs a value (see --help)", arg);
    else if (flag)
        cli_error(cmd, "%.*s takes no value", (int)len + 2, arg);
    else if (optopt > ' ' && optopt < 127)
        cli_error(cmd, "unknown option \"-%c\" (see --help)", optopt);
    else
        cli_error(cmd, "unknown option \"%s\" (see --help)", arg);
}

/* Is o an entry for the game options (some or all of cli_game_opts)? */
static bool is_game_opts(const cli_opt *o)
{
    return o->kind == CLI_OPT_GAME || o->kind == CLI_OPT_SCENARIO
           || o->kind == CLI_OPT_VARIANTS;
}

void cli_opts_help(FILE *out, const cli_usage *u, const cli_opt *opts)
{
    fprintf(out, "usage: pocketwar %s\n\n%s\n", u->usage, u->about);
    for (const cli_opt *o = opts; o->name; o++) {
        if (is_game_opts(o))     /* the game options open with --rules */
            fprintf(out, "%-*srule set (default %s; see `pocketwar rules`)\n", HELP_COLUMN,
                    "  --rules NAME", eng_rules_name(eng_rules_default()));
        if (o->kind == CLI_OPT_HEAD)
            fprintf(out, "%s%s\n", o == opts ? "" : "\n", o->help);
        else if (o->kind == CLI_OPT_GAME)
            fputs(CLI_GAME_OPTS_HELP, out);
        else if (o->kind == CLI_OPT_SCENARIO)
            fputs(CLI_SCENARIO_OPTS_HELP, out);
        else if (o->kind == CLI_OPT_VARIANTS)
            fputs(CLI_VARIANT_OPTS_HELP, out);
        else if (o->kind == CLI_OPT_AI)
            fputs(CLI_AI_OPTS_HELP, out);
        else if (o->kind == CLI_OPT_BUDGET)
            fputs(CLI_AI_BUDGET_HELP, out);
        else if (o->help)
            help_option(out, o);
    }
    fprintf(out, "%-*s%s\n", HELP_COLUMN, "  --help", "this text");
    if (u->after)
        fprintf(out, "\n%s", u->after);
}

int cli_opts_parse(const cli_usage *u, const cli_opt *opts, int argc, char **argv, int *first)
{
    static const struct option game[] = {CLI_GAME_LONGOPTS}, ai[] = {CLI_AI_LONGOPTS};
    struct option lo[CLI_OPTS_MAX + 16];
    char shorts[2 * CLI_OPTS_MAX + 4] = ":h";    /* ':': a missing value is ours to say */
    int n = 0, ns = 2;
    cli_game_opts *go = NULL;
    cli_ai_opts *ao = NULL;
    for (int i = 0; opts[i].name && n < CLI_OPTS_MAX; i++) {
        const cli_opt *o = &opts[i];
        if (o->kind == CLI_OPT_HEAD) {
            continue;
        } else if (is_game_opts(o)) {
            go = o->out;
            for (size_t k = 0; k < sizeof game / sizeof game[0]; k++)
                if (o->kind == CLI_OPT_GAME
                    || (game[k].val != OPT_SEED
                        && (o->kind == CLI_OPT_SCENARIO || game[k].val != OPT_POSITION)))
                    lo[n++] = game[k];
        } else if (o->kind == CLI_OPT_AI || o->kind == CLI_OPT_BUDGET) {
            ao = o->out;
            for (size_t k = 0; k < sizeof ai / sizeof ai[0]; k++)
                if (o->kind == CLI_OPT_AI || ai[k].val != OPT_THREADS)
                    lo[n++] = ai[k];
        } else {
            lo[n++] = (struct option){o->name, o->kind == CLI_OPT_FLAG ? no_argument
                                                                      : required_argument,
                                      0, CODE_BASE + i};
            if (o->letter) {
                shorts[ns++] = o->letter;
                if (o->kind != CLI_OPT_FLAG)
                    shorts[ns++] = ':';
            }
        }
    }
    lo[n++] = (struct option){"help", no_argument, 0, 'h'};
    lo[n] = (struct option){0, 0, 0, 0};

    optind = 1;
    opterr = 0;                 /* the messages below name the command */
    shorts[ns] = '\0';
    for (int c; (c = getopt_long(argc, argv, shorts, lo, NULL)) != -1;) {
        if (c == 'h') {
            cli_opts_help(stdout, u, opts);
            return 1;
        }
        if (c == '?' || c == ':') {
            refuse(argv[0], lo, c, argv[optind - 1]);
            return -1;
        }
        int r = go ? cli_game_opt(go, c, optarg) : 0;
        if (r == 0 && ao)
            r = cli_ai_opt(ao, c, optarg);
        if (r < 0)
            return -1;
        if (r)
            continue;
        for (int i = 0; opts[i].name; i++)
            if (opts[i].letter && c == opts[i].letter)
                c = CODE_BASE + i;      /* the short form of a table option */
        const cli_opt *o = &opts[c - CODE_BASE];
        char flag[64];
        snprintf(flag, sizeof flag, "--%s", o->name);
        switch (o->kind) {
        case CLI_OPT_FLAG: *(bool *)o->out = true; break;
        case CLI_OPT_TEXT: *(const char **)o->out = optarg; break;
        case CLI_OPT_INT:
            if (cli_parse_int(flag, optarg, (int)o->min, (int)o->max, o->out) != 0)
                return -1;
            break;
        case CLI_OPT_U64:
            if (cli_parse_u64(flag, optarg, o->out) != 0)
                return -1;
            break;
        case CLI_OPT_REAL:
            if (parse_real(argv[0], flag, optarg, o->lo, o->hi, false, o->out) != 0)
                return -1;
            break;
        case CLI_OPT_REAL_IN:
            if (parse_real(argv[0], flag, optarg, o->lo, o->hi, true, o->out) != 0)
                return -1;
            break;
        case CLI_OPT_EACH:
            if (o->each(o->out, optarg) != 0)
                return -1;
            break;
        default: break;
        }
    }
    if (first)
        *first = optind;
    else if (optind < argc) {
        cli_error(argv[0], "unexpected argument \"%s\" (see --help)", argv[optind]);
        return -1;
    }
    return 0;
}
