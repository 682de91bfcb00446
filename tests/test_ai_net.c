/*
 * test_ai_net.c - the learned evaluation: The Portable Wargame's features of
 * a hand-made position against what the rules say of it (units standing,
 * cover, facing, reach, commanders, the side to decide, a pending hit and
 * its result), the network's arithmetic worked by hand, its weights file
 * written and read back and malformed files refused with what and where,
 * the settings eval=net and net=FILE, and training reproducible from its seed.
 */
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test_ptw_util.h"
#include "ai.h"
#include "ai_net.h"
#include "ai_train.h"
#include "ai_private.h"

#define NF 58                  /* The Portable Wargame's features */
#define OP 24                  /* the enemy's block */
#define G 48                   /* the battle's */

/* 5 wide, 6 rows; a wood at c1. Red: infantry in the wood facing north,
 * a commander beside it facing south (away). Blue: infantry at c4 facing
 * south (3 squares ahead of Red's), cavalry at e6. Turn limit 4. */
static eng_state *hand_made(eng_game **g)
{
    *g = pt_game("o o w o o/o o o o o/o o o o o/o o o o o/o o o o o/o o o o o",
                 "INF@c1 CMD@b1>S", "INF@c4>S CAV@e6>S",
                 ",\"victory\":{\"rule\":\"later-exhaustion\",\"turn_limit\":4}", NULL);
    eng_state *s = eng_state_new(*g, 1);
    pt_to_side_a(s);
    return s;
}

static void features_of(const eng_state *s, int player, float *f)
{
    assert_int_equal(ai_hints_feature_count(eng_game_rules(eng_state_game(s))), NF);
    for (int i = 0; i < NF; i++)
        f[i] = -99;
    assert_true(ai_hints_features(s, player, f));
    for (int i = 0; i < NF; i++)
        assert_true(f[i] > -99);
}

#define NEAR(a, b) assert_true(fabs((double)(a) - (double)(b)) < 1e-6)

static void test_features_hand_made(void **unused)
{
    (void)unused;
    eng_game *g;
    eng_state *s = hand_made(&g);
    float f[NF], b[NF];
    features_of(s, 0, f);
    /* Red: both units standing; infantry and commander all there, no cavalry */
    NEAR(f[0], 1);
    NEAR(f[1], 0);
    NEAR(f[2], 0);
    NEAR(f[5], 1);
    NEAR(f[6], 0);
    NEAR(f[9], 1);
    NEAR(f[10], 0.5);          /* the infantry in the wood, the commander in the open */
    NEAR(f[11], 0.5);          /* the infantry has Blue's 3 squares ahead; the commander no weapon */
    NEAR(f[12], 0.5);          /* the commander faces away from its nearest enemy */
    NEAR(f[13], 0);
    NEAR(f[15], 0.35);         /* nearest enemies 3 and 4 squares off */
    NEAR(f[16], 0.3);
    NEAR(f[17], 0);
    NEAR(f[18], 0.5);          /* the infantry has its commander beside it */
    NEAR(f[19], 1);            /* nobody has acted yet */
    NEAR(f[21], 0);
    /* Blue: infantry and cavalry, no commander, nobody in cover */
    NEAR(f[OP + 0], 1);
    NEAR(f[OP + 5], 1);
    NEAR(f[OP + 6], 1);
    NEAR(f[OP + 9], 0);
    NEAR(f[OP + 10], 0);
    NEAR(f[OP + 15], 0.5);     /* 3 (c4 to c1) and 7 (e6 to c1) */
    NEAR(f[OP + 16], 0.3);
    /* the battle: turn 1 of 4, Red decides, Red acts first, its part */
    NEAR(f[G + 0], 0.25);
    NEAR(f[G + 1], 1);
    NEAR(f[G + 2], 0);
    NEAR(f[G + 3], 1);
    NEAR(f[G + 4], 0);
    NEAR(f[G + 5], 0);
    NEAR(f[G + 8], eng_heuristic(s, 0));
    NEAR(f[G + 9], 0.5);
    /* Blue's point of view: the blocks swap, Blue does not decide */
    features_of(s, 1, b);
    for (int i = 0; i < OP; i++) {
        NEAR(b[i], f[OP + i]);
        NEAR(b[OP + i], f[i]);
    }
    NEAR(b[G + 1], 0);
    NEAR(b[G + 2], 1);
    NEAR(b[G + 3], 0);
    NEAR(b[G + 8], eng_heuristic(s, 1));

    /* the commander turns to face the enemy: it has acted */
    t_play(s, "face CMD1 N");
    features_of(s, 0, f);
    NEAR(f[12], 1);
    NEAR(f[19], 0.5);          /* (a change of facing ends its activation) */
    /* the infantry fires at c4 and hits (6): a hit waits on Blue's infantry */
    t_play(s, "fire INF1 c4");
    t_play(s, "shot 1/INF1 6");
    features_of(s, 1, b);
    NEAR(b[21], 0.1);
    NEAR(b[0], 1);
    /* its die: 1 destroys an average unit */
    t_play(s, "hit 2/INF1 1");
    assert_string_equal(pt_loc(s, "2/INF1"), "-");
    features_of(s, 1, b);
    NEAR(b[0], 0.5);
    NEAR(b[5], 0);             /* no infantry left */
    NEAR(b[6], 1);
    NEAR(b[21], 0);
    features_of(s, 0, f);
    NEAR(f[OP + 0], 0.5);
    NEAR(f[OP + 5], 0);
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- the network ---------------------------------------------------------------- */

static void test_net_arithmetic(void **unused)
{
    (void)unused;
    ai_net *net = ai_net_new("portable-wargame", 2, 1);
    float x[2] = {0.5f, 0.3f};
    NEAR(ai_net_eval(net, x), 0.5);           /* all weights 0 */
    net->w1[0] = 1;                           /* tanh(0.5) = 0.46211716 */
    net->w2[0] = 2;
    net->b2 = -1;                             /* 2 * 0.46211716 - 1 = -0.07576568 */
    ai_net_prepare(net);
    NEAR(ai_net_eval(net, x), 1 / (1 + exp(0.07576568)));
    ai_net_free(net);
}

/* ai_net_eval works on sixteen hidden units at a time from transposed
 * weights and leaves out the inputs that are zero: the result is the plain
 * sum's to the last bit, the units past the last sixteen included (37 = 2
 * x 16 + 5), with some inputs 0 or -0 (every third, and all of them in
 * the last round, where each unit's sum is its bias alone). */
static void test_net_eval_is_the_plain_sum(void **unused)
{
    (void)unused;
    enum { IN = 7, HID = 37 };
    ai_net *net = ai_net_new("portable-wargame", IN, HID);
    uint64_t r = 99;
    for (int q = 0; q < IN * HID; q++)
        net->w1[q] = (float)(ai_rand_fraction(&r) * 2 - 1);
    for (int j = 0; j < HID; j++) {
        net->b1[j] = (float)(ai_rand_fraction(&r) - 0.5);
        net->w2[j] = (float)(ai_rand_fraction(&r) * 2 - 1);
    }
    net->b2 = 0.125f;
    ai_net_prepare(net);
    for (int k = 0; k < 20; k++) {
        float x[IN];
        for (int i = 0; i < IN; i++)
            x[i] = (k + i) % 3 == 0 || k == 19 ? (i % 2 ? -0.0f : 0.0f)
                                              : (float)(ai_rand_fraction(&r) * 4 - 2);
        float out = net->b2;
        for (int j = 0; j < HID; j++) {
            float a = net->b1[j];
            for (int i = 0; i < IN; i++)
                a += net->w1[j * IN + i] * x[i];
            out += net->w2[j] * ai_net_tanh(a);
        }
        double plain = 1.0 / (1.0 + exp(-(double)out)), v = ai_net_eval(net, x);
        assert_memory_equal(&v, &plain, sizeof v);
    }
    ai_net_free(net);
}

/* The hidden units' tanh: within 4e-7 of tanh from -20 to 20, odd, 0 at
 * 0, exactly 1 from 7.905 on (where it is held), never past 1. */
static void test_net_tanh(void **unused)
{
    (void)unused;
    double worst = 0;
    for (int k = -200000; k <= 200000; k++) {
        float x = (float)k / 10000.0f;
        float t = ai_net_tanh(x);
        worst = fmax(worst, fabs((double)t - tanh((double)x)));
        assert_true(t >= -1 && t <= 1);
        assert_true(ai_net_tanh(-x) == -t);
    }
    assert_true(worst < 4e-7);
    assert_true(ai_net_tanh(0) == 0);
    assert_true(ai_net_tanh(9) == 1 && ai_net_tanh(1e30f) == 1 && ai_net_tanh(-1e30f) == -1);
    assert_true(fabs(ai_net_tanh(0.5f) - 0.46211716) < 1e-7);
}

static char dir[64];

static void temp_dir(void)
{
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/pocketwar-net-XXXXXX");
        assert_non_null(mkdtemp(dir));
    }
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_net_file(void **unused)
{
    (void)unused;
    temp_dir();
    char path[128];
    snprintf(path, sizeof path, "%s/net.txt", dir);
    ai_net *net = ai_net_new("portable-wargame", 3, 2);
    float w[] = {0.25f, -1.5f, 3e-5f, 2, 0.125f, -0.75f};
    memcpy(net->w1, w, sizeof w);
    net->b1[0] = 0.5f;
    net->b1[1] = -0.0625f;
    net->w2[0] = 1.75f;
    net->w2[1] = -2.5f;
    net->b2 = 0.375f;
    ai_net_prepare(net);
    eng_error err;
    assert_true(ai_net_save(net, path, "made by: a test\nsecond line", &err));
    ai_net *back = ai_net_load(path, "portable-wargame", 3, &err);
    assert_non_null(back);
    assert_int_equal(back->hidden, 2);
    assert_memory_equal(back->w1, net->w1, sizeof w);
    assert_memory_equal(back->b1, net->b1, 2 * sizeof(float));
    assert_memory_equal(back->w2, net->w2, 2 * sizeof(float));
    assert_true(back->b2 == net->b2);
    float x[3] = {1, 0.5f, 0};
    NEAR(ai_net_eval(back, x), ai_net_eval(net, x));
    ai_net_free(back);
    /* another rule set, another feature count */
    assert_null(ai_net_load(path, "pocket-wargame", 3, &err));
    assert_non_null(strstr(err.msg, "line 4"));
    assert_non_null(strstr(err.msg, "\"portable-wargame\", not \"pocket-wargame\""));
    assert_null(ai_net_load(path, "portable-wargame", 4, &err));
    assert_non_null(strstr(err.msg, "reads 3 features, the rule set gives 4"));
    ai_net_free(net);

    /* malformed: a bad number in w1's second row, named with its line */
    write_file(path, "# a comment\npocketwar-net 1\nrules portable-wargame\ninputs 2\n"
                     "hidden 2\nw1\n0.5 0.25\n0.5 x\nb1\n0 0\nw2\n1 1\nb2\n0\n");
    assert_null(ai_net_load(path, "portable-wargame", 2, &err));
    assert_non_null(strstr(err.msg, path));
    assert_non_null(strstr(err.msg, "line 8: w1 row 2: number 2 of 2"));
    /* too many numbers on a line */
    write_file(path, "pocketwar-net 1\nrules portable-wargame\ninputs 2\nhidden 1\nw1\n"
                     "0.5 0.25 1\nb1\n0\nw2\n1\nb2\n0\n");
    assert_null(ai_net_load(path, "portable-wargame", 2, &err));
    assert_non_null(strstr(err.msg, "line 6: w1: more than 2 numbers"));
    /* cut short */
    write_file(path, "pocketwar-net 1\nrules portable-wargame\ninputs 2\nhidden 1\nw1\n"
                     "0.5 0.25\nb1\n0\n");
    assert_null(ai_net_load(path, "portable-wargame", 2, &err));
    assert_non_null(strstr(err.msg, "the file ends where \"w2\" was expected"));
    /* a wrong version and a missing file */
    write_file(path, "pocketwar-net 2\n");
    assert_null(ai_net_load(path, "portable-wargame", 2, &err));
    assert_non_null(strstr(err.msg, "line 1: pocketwar-net takes a whole number from 1 to 1"));
    unlink(path);
    assert_null(ai_net_load(path, "portable-wargame", 2, &err));
    assert_non_null(strstr(err.msg, "cannot read the evaluation network"));
    assert_non_null(strstr(err.msg, "pocketwar train --rules portable-wargame"));
}

/* With no weights file, eval=net is refused by name when asked for, and a
 * player set to it still plays a legal move, judging by the heuristic. */
static void test_eval_setting(void **unused)
{
    (void)unused;
    const ai_kind *k;
    ai_config cfg = {0};
    eng_error err;
    assert_int_equal(ai_spec_parse("normal:eval=net", NULL, &k, &cfg, &err), 0);
    assert_int_equal(cfg.eval, 1);
    assert_int_equal(ai_spec_parse("thumb:eval=heuristic", NULL, &k, &cfg, &err), 0);
    assert_int_equal(cfg.eval, -1);
    assert_int_equal(ai_spec_parse("normal:eval=nett", NULL, &k, &cfg, &err), -1);
    assert_non_null(strstr(err.msg, "eval takes net (the learned evaluation) or heuristic"));

    temp_dir();
    eng_game *g;
    eng_state *s = hand_made(&g);
    char *saved = t_env_save("POCKETWAR_DATA");
    setenv("POCKETWAR_DATA", dir, 1);          /* a data folder without the file */
    assert_null(ai_net_for_rules_file(eng_game_rules(g), NULL, &err));
    assert_non_null(strstr(err.msg, "eval-net.txt: cannot read the evaluation network"));
    cfg = (ai_config){.seed = 3, .iterations = 50, .threads = 1, .eval = 1};
    ai_player *p = ai_new(ai_kind_find("mcts"), &cfg);
    eng_action a = ai_choose(p, s, NULL);
    assert_true(eng_is_legal(s, a, NULL));
    ai_free(p);
    eng_state_free(s);
    eng_game_free(g);
    t_env_restore("POCKETWAR_DATA", saved);

    /* Pocket Wargame describes no position as features */
    g = t_game_named("pocket-wargame", "meeting", NULL);
    assert_null(ai_net_for_rules_file(eng_game_rules(g), NULL, &err));
    assert_non_null(strstr(err.msg, "pocket-wargame has no learned evaluation"));
    eng_game_free(g);
}

/* net=FILE: a player judges by another weights file, named in the rule
 * set's data folder or by its path; a missing one is refused by its path. */
static void test_net_setting(void **unused)
{
    (void)unused;
    const ai_kind *k;
    ai_config cfg = {0};
    eng_error err;
    assert_int_equal(ai_spec_parse("thumb:net=round1.txt", NULL, &k, &cfg, &err), 0);
    assert_int_equal(cfg.eval, 1);              /* net= implies eval=net */
    assert_string_equal(cfg.net, "round1.txt");
    assert_int_equal(ai_spec_parse("normal:net=", NULL, &k, &cfg, &err), -1);
    assert_non_null(strstr(err.msg, "net takes a weights file's name or path"));

    temp_dir();
    char folder[128], path[192];
    snprintf(folder, sizeof folder, "%s/portable-wargame", dir);
    mkdir(folder, 0700);
    snprintf(path, sizeof path, "%s/round1.txt", folder);
    /* every weight 0 but the output's bias, log 3: the chance 3/4 for any position */
    ai_net *net = ai_net_new("portable-wargame", NF, 2);
    net->b2 = (float)log(3.0);
    assert_true(ai_net_save(net, path, NULL, &err));
    ai_net_free(net);

    eng_game *g;
    eng_state *s = hand_made(&g);
    const eng_rules *r = eng_game_rules(g);
    char *saved = t_env_save("POCKETWAR_DATA");
    setenv("POCKETWAR_DATA", dir, 1);
    float x[NF];
    ai_hints_features(s, 0, x);
    net = ai_net_for_rules_file(r, "round1.txt", &err);     /* by name */
    assert_non_null(net);
    NEAR(ai_net_eval(net, x), 0.75);
    ai_net_free(net);
    net = ai_net_for_rules_file(r, path, &err);             /* by path */
    assert_non_null(net);
    NEAR(ai_net_eval(net, x), 0.75);
    ai_net_free(net);
    assert_null(ai_net_for_rules_file(r, "nope.txt", &err));
    assert_non_null(strstr(err.msg, "portable-wargame/nope.txt: cannot read the evaluation"));

    /* the player reads the file it names */
    assert_int_equal(ai_spec_parse("thumb:net=round1.txt", NULL, &k, &cfg, &err), 0);
    ai_player *p = ai_new(k, &cfg);
    const ai_net *used = ai_player_net(p, s);
    assert_non_null(used);
    assert_int_equal(used->hidden, 2);
    NEAR(ai_net_eval(used, x), 0.75);
    ai_free(p);
    unlink(path);
    rmdir(folder);
    eng_state_free(s);
    eng_game_free(g);
    t_env_restore("POCKETWAR_DATA", saved);
}

/* A network judges both sides of a two-side game as one: their values sum
 * to 1, and a finished game is its result. */
static void test_net_score(void **unused)
{
    (void)unused;
    eng_game *g;
    eng_state *s = hand_made(&g);
    ai_net *net = ai_net_new("portable-wargame", NF, 3);
    for (int i = 0; i < NF * 3; i++)
        net->w1[i] = (float)((i % 7) - 3) / 10;
    net->w2[0] = 1;
    net->w2[1] = -0.5f;
    net->w2[2] = 0.25f;
    ai_net_prepare(net);
    double v[2];
    ai_net_score(net, s, v);
    NEAR(v[0] + v[1], 1);
    float x[NF];
    ai_hints_features(s, 0, x);
    double p0 = ai_net_eval(net, x);
    ai_hints_features(s, 1, x);
    double p1 = ai_net_eval(net, x);
    NEAR(v[0], 0.5 * (p0 + 1 - p1));
    ai_net_free(net);
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- training -------------------------------------------------------------------- */

static ai_net *train_small(const eng_game *g, uint64_t seed, double lambda)
{
    ai_train_opts o = ai_train_defaults();
    o.games = 4;
    o.seed = seed;
    o.every = 3;
    o.hidden = 4;
    o.epochs = 2;
    o.holdout = 0.25;
    o.lambda = lambda;
    o.player = "thumb:iterations=8";
    ai_train_report rep;
    eng_error err;
    ai_net *net = ai_train_run(g, &o, &rep, &err);
    assert_non_null(net);
    assert_int_equal(rep.games, 4);
    assert_int_equal(rep.train_games, 3);
    assert_int_equal(rep.results[0] + rep.results[1] + rep.results[2], 4);
    assert_true(rep.train_n > 0 && rep.test_n > 0);
    return net;
}

static bool same(const ai_net *a, const ai_net *b)
{
    size_t nw = (size_t)a->inputs * (size_t)a->hidden;
    return a->inputs == b->inputs && a->hidden == b->hidden &&
           memcmp(a->w1, b->w1, nw * sizeof(float)) == 0 &&
           memcmp(a->b1, b->b1, (size_t)a->hidden * sizeof(float)) == 0 &&
           memcmp(a->w2, b->w2, (size_t)a->hidden * sizeof(float)) == 0 && a->b2 == b->b2;
}

static void test_train_reproducible(void **unused)
{
    (void)unused;
    /* a small battle: 3 wide, 4 rows, two units a side, 2 turns */
    eng_game *g = pt_game("o o o/o o o/o o o/o o o", "INF@a1 INF@c1", "INF@a4>S CAV@c4>S",
                          ",\"victory\":{\"rule\":\"later-exhaustion\",\"turn_limit\":2}", NULL);
    ai_net *a = train_small(g, 7, 1), *b = train_small(g, 7, 1), *c = train_small(g, 8, 1);
    assert_true(same(a, b));
    assert_false(same(a, c));
    ai_net *d = train_small(g, 7, 0.5), *e = train_small(g, 7, 0.5);
    assert_true(same(d, e));
    assert_false(same(a, d));
    ai_net_free(a);
    ai_net_free(b);
    ai_net_free(c);
    ai_net_free(d);
    ai_net_free(e);
    /* a rule set without features has nothing to train */
    eng_game *pw = t_game_named("pocket-wargame", "meeting", NULL);
    ai_train_opts o = ai_train_defaults();
    o.games = 2;
    ai_train_report rep;
    eng_error err;
    assert_null(ai_train_run(pw, &o, &rep, &err));
    assert_non_null(strstr(err.msg, "no learned evaluation to train"));
    eng_game_free(pw);
    eng_game_free(g);
}

static int cleanup(void **unused)
{
    (void)unused;
    if (dir[0])
        rmdir(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_features_hand_made),
        cmocka_unit_test(test_net_arithmetic),
        cmocka_unit_test(test_net_eval_is_the_plain_sum),
        cmocka_unit_test(test_net_tanh),
        cmocka_unit_test(test_net_file),
        cmocka_unit_test(test_eval_setting),
        cmocka_unit_test(test_net_setting),
        cmocka_unit_test(test_net_score),
        cmocka_unit_test(test_train_reproducible),
    };
    return cmocka_run_group_tests(tests, NULL, cleanup);
}
