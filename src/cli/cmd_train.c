/*
 * cmd_train.c - `pocketwar train`: trains a rule set's learned evaluation
 * (src/ai/ai_train.c) by self-play and writes its weights file, the command
 * that made it in the file's header.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "ai_train.h"

static void train_help(void)
{
    ai_train_opts d = ai_train_defaults();
    printf("usage: pocketwar train --rules NAME [--games N] [--seed S] [--out FILE] [OPTIONS]\n\n"
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
           "eval=net (`normal:eval=net`).\n\n"
           CLI_SCENARIO_OPTS_HELP
           "  --seed N            seeds every game, player and the fit (default 1)\n"
           "  --games N           self-play games (default %d)\n"
           "  --out FILE          the weights file to write (default: the rule set's,\n"
           "                      data/RULES/eval-net.txt, which players read)\n"
           "  --player SPEC       the self-play player (default %s)\n"
           "  --explore X         share of decisions drawn by the playout hint\n"
           "                      (default %g)\n"
           "  --every N           sample a position every N steps (default %d)\n"
           "  --holdout X         share of the games held out (default %g)\n"
           "  --hidden N          hidden units (default %d)\n"
           "  --epochs N          passes over the positions (default %d)\n"
           "  --rate X            step size (default %g)\n"
           "  --lambda X          1: fit to the results; below 1: TD(lambda) (default %g)\n"
           "  --compare FILE      also judge this weights file (a name in the rule set's\n"
           "                      data folder, or a path) on the held-out positions;\n"
           "                      repeatable, up to %d\n"
           "  --quiet             no progress lines\n"
           "  --help              this text\n\n"
           "example:\n"
           "  pocketwar train --rules portable-wargame --games 1000 --seed 1\n",
           d.games, d.player, d.explore, d.every, d.holdout, d.hidden, d.epochs, d.rate,
           d.lambda, AI_TRAIN_MAX_COMPARE);
}

static void progress(void *ctx, const char *line)
{
    (void)ctx;
    fprintf(stderr, "train: %s\n", line);
}

static int parse_real(const char *opt, const char *arg, double lo, double hi, double *out)
{
    char *end;
    double v = strtod(arg, &end);
    if (!*arg || *end || !isfinite(v) || v < lo || v > hi) {
        fprintf(stderr, "pocketwar: %s takes a number from %g to %g, not \"%s\"\n", opt, lo,
                hi, arg);
        return -1;
    }
    *out = v;
    return 0;
}

int cmd_train(int argc, char **argv)
{
    enum { OPT_GAMES = 1, OPT_OUT, OPT_PLAYER, OPT_EXPLORE, OPT_EVERY, OPT_HOLDOUT,
           OPT_HIDDEN, OPT_EPOCHS, OPT_RATE, OPT_LAMBDA, OPT_QUIET, OPT_COMPARE };
    static const struct option longopts[] = {
        CLI_GAME_LONGOPTS,
        {"games", required_argument, 0, OPT_GAMES},     {"out", required_argument, 0, OPT_OUT},
        {"player", required_argument, 0, OPT_PLAYER},
        {"explore", required_argument, 0, OPT_EXPLORE},
        {"every", required_argument, 0, OPT_EVERY},
        {"holdout", required_argument, 0, OPT_HOLDOUT},
        {"hidden", required_argument, 0, OPT_HIDDEN},
        {"epochs", required_argument, 0, OPT_EPOCHS},  {"rate", required_argument, 0, OPT_RATE},
        {"lambda", required_argument, 0, OPT_LAMBDA},  {"quiet", no_argument, 0, OPT_QUIET},
        {"compare", required_argument, 0, OPT_COMPARE},
        {"help", no_argument, 0, 'h'},                 {0, 0, 0, 0}};
    cli_game_opts go;
    cli_game_opts_init(&go);
    ai_train_opts o = ai_train_defaults();
    o.progress = progress;
    const char *out = NULL;
    const char *compare_files[AI_TRAIN_MAX_COMPARE];
    ai_net *compare[AI_TRAIN_MAX_COMPARE] = {0};
    int ncompare = 0;
    int rc = 2, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        int r = cli_game_opt(&go, c, optarg);
        if (r < 0)
            goto done;
        if (r > 0)
            continue;
        switch (c) {
        case OPT_GAMES:
            if (cli_parse_int("--games", optarg, 2, 10000000, &o.games) != 0)
                goto done;
            break;
        case OPT_OUT: out = optarg; break;
        case OPT_PLAYER: o.player = optarg; break;
        case OPT_EXPLORE:
            if (parse_real("--explore", optarg, 0, 1, &o.explore) != 0)
                goto done;
            break;
        case OPT_EVERY:
            if (cli_parse_int("--every", optarg, 1, 100000, &o.every) != 0)
                goto done;
            break;
        case OPT_HOLDOUT:
            if (parse_real("--holdout", optarg, 0, 0.9, &o.holdout) != 0)
                goto done;
            break;
        case OPT_HIDDEN:
            if (cli_parse_int("--hidden", optarg, 1, AI_NET_MAX_HIDDEN, &o.hidden) != 0)
                goto done;
            break;
        case OPT_EPOCHS:
            if (cli_parse_int("--epochs", optarg, 1, 10000, &o.epochs) != 0)
                goto done;
            break;
        case OPT_RATE:
            if (parse_real("--rate", optarg, 1e-7, 1, &o.rate) != 0)
                goto done;
            break;
        case OPT_LAMBDA:
            if (parse_real("--lambda", optarg, 0, 1, &o.lambda) != 0)
                goto done;
            break;
        case OPT_QUIET: o.progress = NULL; break;
        case OPT_COMPARE:
            if (ncompare == AI_TRAIN_MAX_COMPARE) {
                cli_error("train", "--compare takes at most %d files", AI_TRAIN_MAX_COMPARE);
                goto done;
            }
            compare_files[ncompare++] = optarg;
            break;
        case 'h': train_help(); rc = 0; goto done;
        default: fprintf(stderr, "see `pocketwar train --help`\n"); goto done;
        }
    }
    if (optind != argc) {
        cli_error("train", "unexpected argument \"%s\" (see --help)", argv[optind]);
        goto done;
    }
    if (go.position) {
        cli_error("train", "--position is not for training: the games start from the "
                  "scenario's beginning");
        goto done;
    }
    o.seed = go.seed_given ? go.seed : 1;
    eng_match *m = cli_match_new(&go);
    if (!m) {
        rc = 1;
        goto done;
    }
    char path[4096];
    if (!out) {
        if (!ai_hints_eval_net_path(m->rules, path, sizeof path)) {
            cli_error("train", "%s has no learned evaluation (it describes no position as "
                      "features)", eng_rules_name(m->rules));
            eng_match_free(m);
            rc = 1;
            goto done;
        }
        out = path;
    }
    ai_train_report rep;
    eng_error err;
    for (int i = 0; i < ncompare; i++) {
        compare[i] = ai_net_for_rules_file(m->rules, compare_files[i], &err);
        if (!compare[i]) {
            cli_error("train", "--compare %s: %s", compare_files[i], err.msg);
            eng_match_free(m);
            rc = 1;
            goto done;
        }
    }
    o.compare = (const ai_net *const *)compare;
    o.ncompare = ncompare;
    ai_net *net = ai_train_run(m->game, &o, &rep, &err);
    if (!net) {
        cli_error("train", "%s", err.msg);
        eng_match_free(m);
        rc = 1;
        goto done;
    }
    /* the header: the command (with the options as given) and the figures */
    char header[4096];
    size_t len = (size_t)snprintf(header, sizeof header,
                                  "The learned evaluation of %s (docs/ai.md), made by:\n"
                                  "  pocketwar",
                                  eng_rules_title(m->rules));
    for (int i = 0; i < argc && len < sizeof header; i++)
        len += (size_t)snprintf(header + len, sizeof header - len, " %s", argv[i]);
    if (len < sizeof header)
        snprintf(header + len, sizeof header - len,
                 "\nscenario %s; %d self-play games of %s (%d-%d-%d), %ld training and %ld "
                 "held-out positions\nheld out: log loss %.4f (the heuristic %.4f), winner "
                 "named %.1f%% (the heuristic %.1f%%)",
                 eng_game_scenario_name(m->game), rep.games, o.player, rep.results[0],
                 rep.results[2], rep.results[1], rep.train_n, rep.test_n, rep.test_loss,
                 rep.heur_loss, 100 * rep.test_acc, 100 * rep.heur_acc);
    bool saved = ai_net_save(net, out, header, &err);
    printf("%s: %d games of %s (side 1 won %d, drawn %d, side 2 won %d) in %.0f s; fit "
           "in %.0f s\n", eng_rules_name(m->rules), rep.games, o.player, rep.results[0],
           rep.results[2], rep.results[1], rep.play_seconds, rep.fit_seconds);
    printf("positions: %ld training (%d games), %ld held out (%d games), each from both "
           "sides\n", rep.train_n, rep.train_games, rep.test_n, rep.test_games);
    printf("log loss: %.4f training; held out %.4f, the heuristic's %.4f\n", rep.train_loss,
           rep.test_loss, rep.heur_loss);
    printf("held-out positions of decided games whose winner is named: %.1f%%, the "
           "heuristic %.1f%%\n", 100 * rep.test_acc, 100 * rep.heur_acc);
    for (int i = 0; i < ncompare; i++)
        printf("compared, %s: held-out log loss %.4f, winner named %.1f%%\n", compare_files[i],
               rep.compare_loss[i], 100 * rep.compare_acc[i]);
    if (saved)
        printf("weights: %s\n", out);
    else
        cli_error("train", "%s", err.msg);
    rc = saved ? 0 : 1;
    ai_net_free(net);
    eng_match_free(m);
done:
    for (int i = 0; i < ncompare; i++)
        ai_net_free(compare[i]);
    cli_game_opts_free(&go);
    return rc;
}
