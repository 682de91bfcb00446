/*
 * test_ai_levels.c - naming computer players: every kind and level is a
 * name, levels carry their budget, settings after colons override it, a
 * budget from outside (the command line's --ai-iterations, --ai-time,
 * --threads) lies between the two, a rule set's search scale multiplies a
 * level's iterations, and bad names and settings are refused with a
 * message that says what is wrong.
 */
#include <string.h>
#include "support.h"
#include "ai.h"

static int parse(const char *spec, const ai_budget *over, const ai_kind **k, ai_config *cfg,
                 eng_error *err)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->seed = 5;
    return ai_spec_parse(spec, over, k, cfg, err);
}

static void test_every_name(void **unused)
{
    (void)unused;
    const ai_kind *k;
    ai_config cfg;
    eng_error err;
    for (const ai_kind *const *kind = ai_registry(); *kind; kind++) {
        assert_int_equal(parse((*kind)->name, NULL, &k, &cfg, &err), 0);
        assert_ptr_equal(k, *kind);
        assert_non_null(strstr(ai_spec_names(), (*kind)->name));
    }
    int levels = 0, last = 0;
    for (const ai_level *l = ai_levels(); l->name; l++, levels++) {
        assert_int_equal(parse(l->name, NULL, &k, &cfg, &err), 0);
        assert_string_equal(k->name, l->kind);
        assert_int_equal(cfg.iterations, l->iterations);
        assert_int_equal(cfg.time_ms, l->time_ms);
        assert_true(cfg.finish == l->finish);
        assert_int_equal(cfg.seed, 5);             /* the seed is the caller's */
        assert_true(l->iterations > last);         /* each level thinks more */
        last = l->iterations;
        assert_non_null(strstr(ai_spec_names(), l->name));
    }
    assert_int_equal(levels, 3);
    /* hard plays on to the end and weighs the result there half; its own
     * finish setting still wins */
    assert_int_equal(parse("hard", NULL, &k, &cfg, &err), 0);
    assert_true(cfg.finish == 0.5);
    assert_int_equal(parse("normal", NULL, &k, &cfg, &err), 0);
    assert_true(cfg.finish == 0);
    assert_int_equal(parse("hard:finish=0", NULL, &k, &cfg, &err), 0);
    assert_true(cfg.finish < 0);
}

static void test_settings_and_budgets(void **unused)
{
    (void)unused;
    const ai_kind *k;
    ai_config cfg;
    eng_error err;
    assert_int_equal(parse("normal:iterations=5000:threads=3:explore=0.5:horizon=30",
                           NULL, &k, &cfg, &err), 0);
    assert_int_equal(cfg.iterations, 5000);
    assert_int_equal(cfg.time_ms, 0);              /* iterations alone: reproducible */
    assert_int_equal(cfg.threads, 3);
    assert_true(cfg.explore == 0.5);
    assert_int_equal(cfg.horizon, 30);

    /* the tuning settings; 0 turns one off (the config's 0 means "default") */
    assert_int_equal(parse("mcts:finish=0.5:mast=0:rave=300:amaf=all", NULL, &k, &cfg, &err),
                     0);
    assert_true(cfg.finish == 0.5);
    assert_true(cfg.mast_greedy < 0);
    assert_true(cfg.rave == 300);
    assert_int_equal(cfg.amaf, 2);
    assert_int_equal(parse("mcts:rave=0:amaf=run:finish=0", NULL, &k, &cfg, &err), 0);
    assert_true(cfg.rave < 0 && cfg.finish < 0);
    assert_int_equal(cfg.amaf, 1);
    assert_int_equal(parse("mcts:chance=6:crn=1", NULL, &k, &cfg, &err), 0);
    assert_int_equal(cfg.chance, 6);
    assert_int_equal(cfg.crn, 1);
    assert_int_equal(parse("mcts:chance=0:crn=0", NULL, &k, &cfg, &err), 0);
    assert_true(cfg.chance < 0 && cfg.crn < 0);
    assert_int_equal(parse("normal:prior=25", NULL, &k, &cfg, &err), 0);
    assert_true(cfg.prior == 25);
    assert_int_equal(parse("hard:contempt=0.2", NULL, &k, &cfg, &err), 0);
    assert_true(cfg.contempt == 0.2);
    assert_true(cfg.finish == 0.5);                /* the level's own settings stay */
    assert_int_equal(parse("normal:prior=0", NULL, &k, &cfg, &err), 0);
    assert_true(cfg.prior < 0);

    assert_int_equal(parse("hard:time=250", NULL, &k, &cfg, &err), 0);
    assert_int_equal(cfg.time_ms, 250);
    assert_int_equal(cfg.iterations, 0);           /* time alone: think that long */

    ai_budget b = {.iterations = 777, .time_ms = -1, .threads = 2};
    assert_int_equal(parse("hard", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.iterations, 777);
    assert_int_equal(cfg.time_ms, 0);
    assert_int_equal(cfg.threads, 2);
    /* the spec's own settings win over the budget from outside */
    assert_int_equal(parse("hard:threads=1:iterations=9", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.threads, 1);
    assert_int_equal(cfg.iterations, 9);

    b = (ai_budget){.iterations = 100, .time_ms = 40, .threads = -1};
    assert_int_equal(parse("easy", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.iterations, 100);
    assert_int_equal(cfg.time_ms, 40);

    /* a rule set's search scale multiplies a level's iterations, and only
     * a level's: a budget given outright is kept */
    b = (ai_budget){.iterations = -1, .time_ms = -1, .threads = -1, .level_scale = 2};
    assert_int_equal(parse("easy", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.iterations, 600);
    assert_int_equal(parse("normal", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.iterations, 4000);
    assert_int_equal(cfg.time_ms, 1000);           /* the cap stays */
    assert_int_equal(parse("hard", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.iterations, 16000);
    assert_int_equal(parse("normal:iterations=300", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.iterations, 300);
    b.iterations = 500;
    assert_int_equal(parse("hard", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.iterations, 500);

    /* a rule set's finish replaces that of a level that plays to the end
     * (hard) and only that: easy and normal stop at the horizon, and a
     * spec's own finish wins */
    b = (ai_budget){.iterations = -1, .time_ms = -1, .threads = -1, .level_finish = 1};
    assert_int_equal(parse("hard", &b, &k, &cfg, &err), 0);
    assert_true(cfg.finish == 1);
    assert_int_equal(cfg.iterations, 8000);
    assert_int_equal(parse("easy", &b, &k, &cfg, &err), 0);
    assert_true(cfg.finish == 0);
    assert_int_equal(parse("normal", &b, &k, &cfg, &err), 0);
    assert_true(cfg.finish == 0);
    assert_int_equal(parse("hard:finish=0.25", &b, &k, &cfg, &err), 0);
    assert_true(cfg.finish == 0.25);
    assert_int_equal(parse("mcts", &b, &k, &cfg, &err), 0);
    assert_true(cfg.finish == 0);                  /* a kind: the search's default */
    b.level_finish = 0;
    assert_int_equal(parse("hard", &b, &k, &cfg, &err), 0);
    assert_true(cfg.finish == 0.5);                /* the level's own */

    /* a rule set's horizon replaces normal's and only normal's: easy and
     * hard keep the search's own, and a spec's own horizon wins */
    b = (ai_budget){.iterations = -1, .time_ms = -1, .threads = -1, .level_horizon = 7};
    assert_int_equal(parse("normal", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.horizon, 7);
    assert_int_equal(parse("easy", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.horizon, 0);
    assert_int_equal(parse("hard", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.horizon, 0);
    assert_int_equal(parse("mcts", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.horizon, 0);
    assert_int_equal(parse("normal:horizon=30", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.horizon, 30);
    b.level_horizon = 0;
    assert_int_equal(parse("normal", &b, &k, &cfg, &err), 0);
    assert_int_equal(cfg.horizon, 0);

    /* a kind takes its default budget from ai_new */
    assert_int_equal(parse("mcts", NULL, &k, &cfg, &err), 0);
    ai_player *p = ai_new(k, &cfg);
    assert_int_equal(ai_player_config(p)->iterations, k->default_iterations);
    assert_int_equal(ai_player_config(p)->threads, 1);
    ai_free(p);
}

/* Each rule set's search scale, finish and horizon, as docs/ai.md gives
 * them: Pocket Wargame's levels search twice as long and its hard judges by
 * the end of the battle alone; The Portable Wargame's and Pocket Battles'
 * normal plays out 10 and 5 steps. What a game's budget carries is what
 * the level then takes. */
static void test_search_hints(void **unused)
{
    (void)unused;
    static const struct {
        const char *rules;
        double scale, finish;
        int horizon;
    } want[] = {{"pocket-wargame", 2, 1, 0}, {"portable-wargame", 1, 0, 10},
                {"pocket-battles", 1, 0, 5}};
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        const eng_rules *r = eng_rules_find(want[i].rules);
        assert_non_null(r);
        eng_game *g = t_game_named(want[i].rules, eng_rules_default_scenario(r), NULL);
        assert_true(ai_hints_search_scale(g) == want[i].scale);
        assert_true(ai_hints_search_finish(g) == want[i].finish);
        assert_int_equal(ai_hints_search_horizon(g), want[i].horizon);
        ai_budget b = AI_BUDGET_NONE;
        ai_budget_for_game(&b, g);
        const ai_kind *k;
        ai_config cfg;
        eng_error err;
        assert_int_equal(ai_spec_parse("normal", &b, &k, &cfg, &err), 0);
        assert_int_equal(cfg.horizon, want[i].horizon);
        assert_int_equal(cfg.iterations, (int)(2000 * want[i].scale));
        eng_game_free(g);
    }
}

static void refused(const char *spec, const char *because)
{
    const ai_kind *k;
    ai_config cfg;
    eng_error err;
    if (parse(spec, NULL, &k, &cfg, &err) == 0)
        fail_msg("\"%s\" was accepted", spec);
    if (!strstr(err.msg, because))
        fail_msg("\"%s\": expected \"%s\" in \"%s\"", spec, because, err.msg);
}

static void test_bad_specs(void **unused)
{
    (void)unused;
    refused("genius", "no computer player named \"genius\"; choose from random");
    refused("", "no computer player named \"\"");
    refused("normal:speed=3", "no setting \"speed\"");
    refused("normal:iterations", "KEY=VALUE");
    refused("normal:iterations=0", "iterations takes a number from 1");
    refused("normal:iterations=lots", "not \"lots\"");
    refused("hard:threads=1000", "threads takes a number from 1 to 64");
    refused("mcts:time=-5", "time (milliseconds) takes");
    refused("mcts:amaf=some", "amaf takes run or all");
    refused("mcts:finish=2", "finish takes a number from 0 to 1");
    refused("mcts:crn=2", "crn takes a number from 0 to 1");
    refused("mcts:chance=-1", "chance takes a number from 0");
    refused("mcts:prior=x", "prior takes a number from 0 to 100000");
    refused("hard:contempt=0.9", "contempt takes a number from 0 to 0.5");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_name),
        cmocka_unit_test(test_settings_and_budgets),
        cmocka_unit_test(test_bad_specs),
        cmocka_unit_test(test_search_hints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
