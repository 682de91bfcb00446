/*
 * proto_loop.c - `pocketwar engine`: the engine protocol on standard input
 * and output (docs/protocol.md), for GUIs, bots and tournament runners.
 * This file reads requests, writes replies, holds the table of commands and
 * answers the ones about the engine itself (protocol_version, name,
 * version, list_commands, known_command, help, quit); the game's commands
 * are in proto_game.c and the computer's in proto_search.c (see proto.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "proto.h"

static int meta_protocol_version(proto *p, int argc, char **argv, const char *line, FILE *out);
static int meta_name(proto *p, int argc, char **argv, const char *line, FILE *out);
static int meta_version(proto *p, int argc, char **argv, const char *line, FILE *out);
static int meta_list_commands(proto *p, int argc, char **argv, const char *line, FILE *out);
static int meta_known_command(proto *p, int argc, char **argv, const char *line, FILE *out);
static int meta_help(proto *p, int argc, char **argv, const char *line, FILE *out);
static int meta_quit(proto *p, int argc, char **argv, const char *line, FILE *out);

static const proto_command commands[] = {
    {"protocol_version", "", meta_protocol_version},
    {"name", "", meta_name},
    {"version", "", meta_version},
    {"list_commands", "", meta_list_commands},
    {"known_command", "COMMAND", meta_known_command},
    {"help", "", meta_help},
    {"rules", "", proto_rules},
    {"scenarios", "RULES", proto_scenarios},
    {"new", "RULES [SCENARIO] [seed=N] [OPTION=VALUE...]", proto_new},
    {"position", "RULES SCENARIO [seed=N] [OPTION=VALUE...] [moves ACTION; ACTION; ...]",
     proto_position},
    {"load", "RECORD-FILE", proto_load},
    {"save", "RECORD-FILE", proto_save},
    {"record", "", proto_record},
    {"players", "", proto_players},
    {"to_move", "", proto_to_move},
    {"status", "", proto_status},
    {"legal", "", proto_legal},
    {"play", "ACTION", proto_play},
    {"enter", "OUTCOME", proto_enter},
    {"roll", "[all]", proto_roll},
    {"undo", "[N]", proto_undo},
    {"history", "[VIEWER]", proto_history},
    {"state", "[VIEWER] [odds]", proto_state},
    {"showboard", "[VIEWER]", proto_showboard},
    {"result", "", proto_result},
    {"returns", "", proto_returns},
    {"ai", "[NAME]", proto_ai},
    {"genmove", "[NAME] [iterations=N] [time=MS] [threads=N]", proto_genmove},
    {"hint", "[NAME] [iterations=N] [time=MS] [threads=N] [count=K]", proto_hint},
    {"odds", "[viewer=V] [json] ACTION", proto_odds},
    {"explain", "[N|all]", proto_explain},
    {"chance", "", proto_chance},
    {"briefing", "", proto_briefing},
    {"standing", "", proto_standing},
    {"quit", "", meta_quit},
    {NULL, NULL, NULL},
};

static const proto_command *find(const char *name)
{
    for (const proto_command *c = commands; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

/* ---- the engine itself ------------------------------------------------------ */

static int meta_protocol_version(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    fputs(PROTO_VERSION, out);
    return 0;
}

static int meta_name(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    fputs("pocketwar", out);
    return 0;
}

static int meta_version(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    fputs(POCKETWAR_VERSION, out);
    return 0;
}

static int meta_list_commands(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    for (const proto_command *c = commands; c->name; c++)
        fprintf(out, "%s%s", c == commands ? "" : "\n", c->name);
    return 0;
}

static int meta_known_command(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    fputs(argc == 1 && find(argv[0]) ? "true" : "false", out);
    return 0;
}

static int meta_help(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    for (const proto_command *c = commands; c->name; c++)
        fprintf(out, "%s%s%s%s", c == commands ? "" : "\n", c->name, *c->args ? " " : "",
                c->args);
    return 0;
}

static int meta_quit(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    p->quit = true;
    return 0;
}

/* ---- requests and replies ------------------------------------------------- */

/* As GTP: control characters go (tabs become spaces), a '#' starts a
 * comment, and blanks around are trimmed. */
static char *clean(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        unsigned char ch = (unsigned char)*r;
        if (ch == '#')
            break;
        if (ch == '\t')
            *w++ = ' ';
        else if (ch >= 32 && ch != 127)
            *w++ = (char)ch;
    }
    *w = '\0';
    while (w > s && w[-1] == ' ')
        *--w = '\0';
    while (*s == ' ')
        s++;
    return s;
}

/* Writes "=id text" or "?id text" and the empty line that ends a reply;
 * an empty line inside the text would end it early, so none is written. */
static void reply(FILE *out, bool ok, const char *id, const char *text)
{
    fprintf(out, "%c%s", ok ? '=' : '?', id);
    const char *s = text;
    while (*s == '\n')
        s++;
    if (*s)
        fputc(' ', out);
    bool at_start = false;
    for (; *s; s++) {
        if (*s == '\n') {
            if (at_start)
                continue;
            at_start = true;
        } else {
            at_start = false;
        }
        fputc(*s, out);
    }
    if (!at_start)
        fputc('\n', out);
    fputc('\n', out);
    fflush(out);
}

void proto_serve(proto *p, char *raw, FILE *out)
{
    char *s = clean(raw);
    if (!*s)
        return;
    /* the id is echoed whole, however long, so that a client can match it */
    char *id = NULL;
    size_t k = 0;
    while (isdigit((unsigned char)s[k]))
        k++;
    if (k > 0 && (s[k] == ' ' || s[k] == '\0')) {
        id = strndup(s, k);
        s += k;
        while (*s == ' ')
            s++;
    }
    char *name = s;
    while (*s && *s != ' ')
        s++;
    if (*s)
        *s++ = '\0';
    while (*s == ' ')
        s++;
    const char *line = s;
    /* the words, from a copy (line stays whole); as many as there are */
    char *copy = strdup(line), *save = NULL;
    size_t room = 1;
    for (const char *q = line; *q; q++)
        room += *q == ' ';
    char **argv = malloc(room * sizeof *argv);
    if (!copy || !argv)
        abort();
    int argc = 0;
    for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    char *text = NULL;
    size_t len = 0;
    FILE *buf = open_memstream(&text, &len);
    if (!buf)
        abort();
    const proto_command *c = *name ? find(name) : NULL;
    int rc;
    if (!*name) {
        fputs("no command after the id", buf);
        rc = -1;
    } else if (!c) {
        fputs("unknown command", buf);
        rc = -1;
    } else {
        rc = c->run(p, argc, argv, line, buf);
    }
    fclose(buf);
    reply(out, rc == 0, id ? id : "", text);
    free(text);
    free(copy);
    free(argv);
    free(id);
}

/* The command line into p and *spec: -1 to go on, else the exit status
 * (0 after --help). */
static int parse(int argc, char **argv, proto *p, cli_ai_opts *ao, const char **spec)
{
    char ai_help[256];
    snprintf(ai_help, sizeof ai_help,
             "the computer player for genmove and hint (default\nnormal; choose from %s)",
             cli_ai_names());
    const cli_usage usage = {
        "engine [OPTIONS]",
        "Speaks the engine protocol on standard input and output, so that other\n"
        "programs (a GUI, a bot, a tournament runner) can drive pocketwar. A request\n"
        "is one line, \"[id] command [arguments]\"; the reply is \"=[id] result\" or\n"
        "\"?[id] message\", then an empty line. Send list_commands or help for the\n"
        "commands; docs/protocol.md describes them, with a whole session.\n",
        "example:\n"
        "  printf 'new pocket-wargame meeting seed=7\\nroll all\\ngenmove\\nquit\\n' |\n"
        "      pocketwar engine\n"};
    const cli_opt opts[] = {
        CLI_TEXT("ai", "NAME", spec, ai_help),
        CLI_U64("ai-seed", "N", &p->ai_seed,
                "seed of the computer players' generators (default 1)"),
        CLI_FLAG("allow-files", &p->allow_files,
                 "let requests name files: a scenario or variant by path,\n"
                 "load and save (without it, shipped names only)"),
        CLI_AI(ao),
        CLI_END,
    };
    int r = cli_opts_parse(&usage, opts, argc, argv, NULL);
    if (r != 0)
        return r > 0 ? 0 : 2;
    if (!cli_ai_known(*spec)) {
        ai_player *probe = cli_ai_new(*spec, 0, ao);   /* says what is wrong */
        ai_free(probe);
        return 2;
    }
    return -1;
}

int cmd_engine(int argc, char **argv)
{
    cli_ai_opts ao;
    cli_ai_opts_init(&ao);
    proto p = {.ao = &ao, .ai_seed = 1};
    const char *spec = "normal";
    int rc = parse(argc, argv, &p, &ao, &spec);
    if (rc >= 0)
        return rc;
    p.ai_spec = strdup(spec);
    /* one line for a person who started it by hand; on stderr, so that every
     * request still gets exactly one reply on stdout */
    fprintf(stderr, "pocketwar engine (protocol 1): type help for the commands, quit to "
            "stop\n");
    char *line = NULL;
    size_t cap = 0;
    while (!p.quit && getline(&line, &cap, stdin) >= 0)
        proto_serve(&p, line, stdout);
    free(line);
    free(p.ai_spec);
    eng_match_free(p.m);
    return 0;
}
