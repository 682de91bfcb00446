/*
 * test_ptw_fast.c - The Portable Wargame's fast legal listing against the
 * plain rules. Debug builds (this test's) list every position twice, the
 * fast way (between activations the steps kept in ptw_state.book, which
 * ptw_book_check checks against steps worked out afresh after every
 * action; within one ptw_unit_steps_fast, with the listing's gathered
 * squares in front of the enemy, its enemy squares and distances) and by
 * the rules as they read, and abort if the two lists differ. Here random games over every
 * shipped scenario and the options that change the step rules (stacking
 * one-each, exhaustion at the turn's end, woods range from) drive that
 * comparison through the positions the rare branches need, and the test
 * counts that they came: an exhausted side listing its moves, a unit
 * passing through a friendly square, a unit faced by an enemy next to it.
 * Every listing also holds each action once, and `end` or `done` last.
 * An exhausted side's position read back from JSON that does not say it is
 * exhausted (the reader marks it from its losses, after the units and the
 * bookkeeping of each unit's steps are read) lists the same actions.
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "test_ptw_util.h"
#include "match.h"
#include "rng.h"
#include "scenario.h"

#define GAMES_EACH 8
#define MAX_STEPS 50000

typedef struct seen {
    long listings, exhausted, passing, faced, reread;
} seen;

static const char *const option_sets[] = {
    "{}",
    "{\"stacking\": \"one-each\"}",
    "{\"exhaustion\": \"end-of-turn\"}",
    "{\"woods-range\": \"from\"}",
};

/* What the position offers the rare branches, read from its JSON. */
static void note(const eng_state *s, int player, seen *c)
{
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    json_t *side = json_array_get(json_object_get(j, "sides"), (size_t)player);
    json_t *et = json_object_get(side, "exhausted_turn");
    if (json_is_integer(et) && json_integer_value(et) > 0)
        c->exhausted++;
    json_t *act = json_object_get(j, "activation");
    if (json_is_true(json_object_get(act, "passing_through")))
        c->passing++;
    /* a unit of the player's with an enemy next to it facing it */
    json_t *units = json_object_get(j, "units");
    size_t i, k;
    json_t *u, *v;
    json_array_foreach(units, i, u) {
        if (strcmp(json_string_value(json_object_get(u, "status")), "on board") ||
            json_integer_value(json_object_get(u, "side")) != player + 1)
            continue;
        int ux, uy;
        pt_sq_xy(json_string_value(json_object_get(u, "loc")), &ux, &uy);
        json_array_foreach(units, k, v) {
            if (strcmp(json_string_value(json_object_get(v, "status")), "on board") ||
                json_integer_value(json_object_get(v, "side")) == player + 1 ||
                json_object_get(v, "towed_by"))
                continue;
            int vx, vy;
            pt_sq_xy(json_string_value(json_object_get(v, "loc")), &vx, &vy);
            const char *f = json_string_value(json_object_get(v, "facing"));
            int dx = f[0] == 'E' ? 1 : f[0] == 'W' ? -1 : 0;
            int dy = f[0] == 'N' ? 1 : f[0] == 'S' ? -1 : 0;
            if (vx + dx == ux && vy + dy == uy)
                c->faced++;
        }
    }
    json_decref(j);
}

/* s, a side's decision with that side exhausted at its losses: its JSON
 * without the side's exhaustion read back lists the same actions. */
static void check_exhaustion_read(const eng_state *s, int player, const eng_action *acts, int n,
                                  const char *where)
{
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    json_t *side = json_array_get(json_object_get(j, "sides"), (size_t)player);
    json_object_del(side, "exhausted_turn");
    json_object_del(side, "exhausted");
    eng_error err;
    eng_state *back = eng_state_from_json(eng_state_game(s), j, 1, &err);
    json_decref(j);
    if (!back)
        fail_msg("%s: the position without its exhaustion does not read back: %s", where,
                 err.msg);
    eng_action again[ENG_MAX_ACTIONS];
    int m = eng_legal_actions(back, again);
    if (m != n || memcmp(again, acts, (size_t)n * sizeof *acts) != 0)
        fail_msg("%s: %d actions, %d from the position read back without its exhaustion",
                 where, n, m);
    eng_state_free(back);
}

/* Each action in the list once; `end` or `done`, if there, last. */
static void check_list(const eng_state *s, const eng_action *acts, int n, const char *where)
{
    for (int i = 0; i < n; i++) {
        char t[ENG_TEXT_MAX];
        eng_action_text(s, acts[i], t, sizeof t);
        if ((!strcmp(t, "end") || !strcmp(t, "done")) && i != n - 1)
            fail_msg("%s: %s listed before the last place", where, t);
        for (int k = 0; k < i; k++)
            if (acts[k] == acts[i])
                fail_msg("%s: %s listed twice", where, t);
    }
}

/* a random game's decisions: the game named for messages, and what was seen */
typedef struct game_seen {
    const char *scenario, *options;
    uint64_t seed;
    seen c;
} game_seen;

static void check_decision(const eng_match *m, int player, const eng_action *acts, int n,
                           void *ctx)
{
    game_seen *g = ctx;
    /* the debug build compared this listing with the plain rules */
    char where[160];
    snprintf(where, sizeof where, "%s %s seed %llu step %zu", g->scenario, g->options,
             (unsigned long long)g->seed, m->nsteps);
    check_list(m->state, acts, n, where);
    g->c.listings++;
    if (g->c.listings % 4 == 0) {
        long was = g->c.exhausted;
        note(m->state, player, &g->c);
        if (g->c.exhausted > was && !strcmp(g->options, "{}")) {   /* exhausted at its loss */
            check_exhaustion_read(m->state, player, acts, n, where);
            g->c.reread++;
        }
    }
}

static void test_fast_listing_on_real_games(void **unused)
{
    (void)unused;
    const eng_rules *r = eng_rules_find("portable-wargame");
    char **names;
    int ns = eng_scenario_names(r, &names);
    assert_true(ns >= 3);
    int nopt = (int)(sizeof option_sets / sizeof option_sets[0]);
    eng_rng seeds;
    rng_seed(&seeds, 20261127);
    game_seen g = {.c = {0, 0, 0, 0, 0}};
    for (int sc = 0; sc < ns; sc++)
        for (int o = 0; o < nopt; o++) {
            json_error_t jerr;
            json_t *opt = json_loads(option_sets[o], 0, &jerr);
            assert_non_null(opt);
            for (int game = 0; game < GAMES_EACH; game++) {
                g.scenario = names[sc];
                g.options = option_sets[o];
                g.seed = rng_next(&seeds) % 1000000007u;
                t_random_game("portable-wargame", names[sc], opt, g.seed, g.seed ^ 0xfa57,
                              MAX_STEPS, check_decision, &g);
            }
            json_decref(opt);
        }
    eng_names_free(names, ns);
    print_message("%ld listings; sampled: %ld by an exhausted side (%ld read back without "
                  "it), %ld passing through, %ld units faced\n", g.c.listings, g.c.exhausted,
                  g.c.reread, g.c.passing, g.c.faced);
    assert_true(g.c.listings > 10000);
    assert_true(g.c.exhausted > 0);
    assert_true(g.c.reread > 0);
    assert_true(g.c.passing > 0);
    assert_true(g.c.faced > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_listing_on_real_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
