/*
 * cmd_train.c - `pocketwar train`: trains a rule set's learned evaluation
 * (src/ai/ai_train.c) by self-play and writes its weights file, the command
 * that made it in the file's header.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "ai_train.h"

static void progress(void *ctx, const char *line)
{
    (void)ctx;
    fprintf(stderr, "train: %s\n", line);
}

/* --compare FILE, up to AI_TRAIN_MAX_COMPARE of them. */
typedef struct compare_files {
    const char *file[AI_TRAIN_MAX_COMPARE];
    ai_net *net[AI_TRAIN_MAX_COMPARE];
    int n;
} compare_files;

static int add_compare(void *out, const char *value)
{
    compare_files *c = out;
    if (c->n == AI_TRAIN_MAX_COMPARE) {
        cli_error("train", "--compare takes at most %d files", AI_TRAIN_MAX_COMPARE);
        return -1;
    }
    c->file[c->n++] = value;
    return 0;
}

/* Loads the --compare files for m's rule set; -1 after a message. */
static int load_compares(const eng_match *m, compare_files *c)
{
    eng_error err;
    for (int i = 0; i < c->n; i++) {
        c->net[i] = ai_net_for_rules_file(m->rules, c->file[i], &err);
        if (!c->net[i]) {
            cli_error("train", "--compare %s: %s", c->file[i], err.msg);
            return -1;
        }
    }
    return 0;
}

/* The weights file's header: the command as given, and the figures. */
static void header_text(char *header, size_t size, const eng_match *m, int argc, char **argv,
                        const ai_train_opts *o, const ai_train_report *rep)
{
    size_t len = (size_t)snprintf(header, size,
                                  "The learned evaluation of %s (docs/ai.md), made by:\n"
                                  "  pocketwar",
                                  eng_rules_title(m->rules));
    for (int i = 0; i < argc && len < size; i++)
        len += (size_t)snprintf(header + len, size - len, " %s", argv[i]);
    if (len < size)
        snprintf(header + len, size - len,
                 "\nscenario %s; %d self-play games of %s (%d-%d-%d), %ld training and %ld "
                 "held-out positions\nheld out: log loss %.4f (the heuristic %.4f), winner "
                 "named %.1f%% (the heuristic %.1f%%)",
                 eng_game_scenario_name(m->game), rep->games, o->player, rep->results[0],
                 rep->results[2], rep->results[1], rep->train_n, rep->test_n, rep->test_loss,
                 rep->heur_loss, 100 * rep->test_acc, 100 * rep->heur_acc);
}

/* What the training came to, on standard output. */
static void report(const eng_match *m, const ai_train_opts *o, const ai_train_report *rep,
                   const compare_files *c)
{
    printf("%s: %d games of %s (side 1 won %d, drawn %d, side 2 won %d) in %.0f s; fit "
           "in %.0f s\n", eng_rules_name(m->rules), rep->games, o->player, rep->results[0],
           rep->results[2], rep->results[1], rep->play_seconds, rep->fit_seconds);
    printf("positions: %ld training (%d games), %ld held out (%d games), each from both "
           "sides\n", rep->train_n, rep->train_games, rep->test_n, rep->test_games);
    printf("log loss: %.4f training; held out %.4f, the heuristic's %.4f\n", rep->train_loss,
           rep->test_loss, rep->heur_loss);
    printf("held-out positions of decided games whose winner is named: %.1f%%, the "
           "heuristic %.1f%%\n", 100 * rep->test_acc, 100 * rep->heur_acc);
    for (int i = 0; i < c->n; i++)
        printf("compared, %s: held-out log loss %.4f, winner named %.1f%%\n", c->file[i],
               rep->compare_loss[i], 100 * rep->compare_acc[i]);
}

/* Trains on m's game by o and writes the weights to out; 0, or the exit
 * status after a message (2: the rule set has no learned evaluation). */
static int train(const eng_match *m, ai_train_opts *o, compare_files *c, const char *out,
                 int argc, char **argv)
{
    char path[4096];
    if (!out) {
        if (!ai_hints_eval_net_path(m->rules, path, sizeof path)) {
            cli_error("train", "%s has no learned evaluation (it describes no position as "
                      "features)", eng_rules_name(m->rules));
            return 2;
        }
        out = path;
    }
    if (load_compares(m, c) != 0)
        return 1;
    o->compare = (const ai_net *const *)c->net;
    o->ncompare = c->n;
    ai_train_report rep;
    eng_error err;
    ai_net *net = ai_train_run(m->game, o, &rep, &err);
    if (!net) {
        cli_error("train", "%s", err.msg);
        return 1;
    }
    char header[4096];
    header_text(header, sizeof header, m, argc, argv, o, &rep);
    bool saved = ai_net_save(net, out, header, &err);
    report(m, o, &rep, c);
    if (saved)
        printf("weights: %s\n", out);
    else
        cli_error("train", "%s", err.msg);
    ai_net_free(net);
    return saved ? 0 : 1;
}

int cmd_train(int argc, char **argv)
{
    cli_game_opts go;
    cli_game_opts_init(&go);
    go.seed = 1;
    go.seed_given = true;
    ai_train_opts o = ai_train_defaults();
    o.progress = progress;
    const char *out = NULL;
    compare_files compare = {.n = 0};
    bool quiet = false;
    int rc = 2;
    struct {                          /* the help lines that say a default */
        char games[64], player[80], explore[96], every[64], holdout[64], hidden[48],
            epochs[64], rate[48], lambda[80], compare[200];
    } h;
    snprintf(h.games, sizeof h.games, "self-play games (default %d)", o.games);
    snprintf(h.player, sizeof h.player, "the self-play player (default %s)", o.player);
    snprintf(h.explore, sizeof h.explore,
             "share of decisions drawn by the playout hint\n(default %g)", o.explore);
    snprintf(h.every, sizeof h.every, "sample a position every N steps (default %d)", o.every);
    snprintf(h.holdout, sizeof h.holdout, "share of the games held out (default %g)",
             o.holdout);
    snprintf(h.hidden, sizeof h.hidden, "hidden units (default %d)", o.hidden);
    snprintf(h.epochs, sizeof h.epochs, "passes over the positions (default %d)", o.epochs);
    snprintf(h.rate, sizeof h.rate, "step size (default %g)", o.rate);
    snprintf(h.lambda, sizeof h.lambda,
             "1: fit to the results; below 1: TD(lambda) (default %g)", o.lambda);
    snprintf(h.compare, sizeof h.compare,
             "also judge this weights file (a name in the rule set's\n"
             "data folder, or a path) on the held-out positions;\n"
             "repeatable, up to %d", AI_TRAIN_MAX_COMPARE);
    const cli_usage usage = {
        "train --rules NAME [--games N] [--seed S] [--out FILE] [OPTIONS]",
        "Trains the rule set's learned evaluation: a small network that reads the\n"
        "position as the rule set's features and judges each side's chance of\n"
        "winning (docs/ai.md). Quick players play games against themselves, a\n"
        "share of their decisions drawn at random by the playout hint so that\n"
        "the games stray; positions sampled along each game, from both sides,\n"
        "are fitted to what the game came to (or, with --lambda below 1, by\n"
        "TD(lambda)). The last games are held out and the network's log loss and\n"
        "accuracy there are printed beside the heuristic's. One thread, no\n"
        "clock: the same options give the same weights. Progress goes to\n"
        "standard error. Computer players judge by the network with the setting\n"
        "eval=net (`normal:eval=net`).\n",
        "example:\n"
        "  pocketwar train --rules portable-wargame --games 1000 --seed 1\n"};
    const cli_opt opts[] = {
        CLI_VARIANTS(&go),
        CLI_U64("seed", "N", &go.seed, "seeds every game, player and the fit (default 1)"),
        CLI_INT("games", "N", &o.games, 2, 10000000, h.games),
        CLI_TEXT("out", "FILE", &out, "the weights file to write (default: the rule set's,\n"
                 "data/RULES/eval-net.txt, which players read)"),
        CLI_TEXT("player", "SPEC", &o.player, h.player),
        CLI_REAL_IN("explore", "X", &o.explore, 0, 1, h.explore),
        CLI_INT("every", "N", &o.every, 1, 100000, h.every),
        CLI_REAL_IN("holdout", "X", &o.holdout, 0, 0.9, h.holdout),
        CLI_INT("hidden", "N", &o.hidden, 1, AI_NET_MAX_HIDDEN, h.hidden),
        CLI_INT("epochs", "N", &o.epochs, 1, 10000, h.epochs),
        CLI_REAL_IN("rate", "X", &o.rate, 1e-7, 1, h.rate),
        CLI_REAL_IN("lambda", "X", &o.lambda, 0, 1, h.lambda),
        CLI_EACH("compare", "FILE", add_compare, &compare, h.compare),
        CLI_FLAG("quiet", &quiet, "no progress lines"),
        CLI_END,
    };
    eng_match *m = NULL;
    int parsed = cli_opts_parse(&usage, opts, argc, argv, NULL);
    if (parsed != 0) {
        rc = parsed > 0 ? 0 : go.status;
        goto done;
    }
    o.seed = go.seed;
    if (quiet)
        o.progress = NULL;
    m = cli_match_new(&go);
    rc = m ? train(m, &o, &compare, out, argc, argv) : go.status;
done:
    for (int i = 0; i < compare.n; i++)
        ai_net_free(compare.net[i]);
    eng_match_free(m);
    cli_game_opts_free(&go);
    return rc;
}
