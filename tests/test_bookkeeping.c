/*
 * test_bookkeeping.c - each rule set's bookkeeping (what apply keeps up to
 * date beside the position for speed: Pocket Wargame's pwg_cache, the units
 * on the map, each location's steps, whose go it is, the units left to
 * move and the combat's coins and heads; Pocket Battles' pkb_state.occ,
 * zcount and ub, the zones holding each side's units, the units in each
 * zone, each unit's order cost and abilities; The Portable Wargame's
 * occupancy and ptw_state.book, each unit's steps at the start of an
 * activation) against
 * the same positions worked out from scratch. Random games over every
 * shipped scenario; every few steps the position is printed as JSON and read
 * back into a new state (whose bookkeeping is computed from the position
 * alone), and the two must be equal positions with the same legal actions
 * (or chance outcomes), and stay so for the next action; where the
 * bookkeeping depends on the position alone (whole), the two states must be
 * equal byte for byte, bookkeeping included. The same for a
 * position whose hidden units were dealt again for a viewer. Debug builds
 * also recompute the bookkeeping after every apply and abort if it
 * differs, so every step of these games checks it too.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "match.h"
#include "rules.h"
#include "rng.h"
#include "scenario.h"

#define MAX_STEPS 50000

/* the rule sets, each with its games, how often a position is read back,
 * its seed, and whether it hides anything (so dealt-again positions occur) */
static const struct {
    const char *rules;
    int games, every;
    uint64_t seed;
    bool hides;
    bool whole;   /* the bookkeeping is a function of the position: compare every byte */
} cases[] = {
    {"pocket-wargame", 60, 5, 20261127, true, true},
    {"pocket-battles", 60, 2, 20261128, true, true},
    {"portable-wargame", 12, 5, 20261129, false, false},
};

/* a and b: the same listing at their decision (or chance point) */
static void same_listing(const eng_state *a, const eng_state *b, const char *where)
{
    eng_action la[ENG_MAX_ACTIONS], lb[ENG_MAX_ACTIONS];
    assert_int_equal(eng_current_player(a), eng_current_player(b));
    if (eng_is_terminal(a))
        return;
    int na = eng_legal_actions(a, la), nb = eng_legal_actions(b, lb);
    if (na != nb || memcmp(la, lb, (size_t)na * sizeof *la) != 0)
        fail_msg("%s: %d actions played on, %d from the position read back", where, na, nb);
    assert_true(na > 0);
}

/* a and b the same bytes, bookkeeping included */
static void same_bytes(const eng_game *g, const eng_state *a, const eng_state *b,
                       const char *where)
{
    size_t size = eng_game_rules(g)->core->state_size(eng_game_data(g));
    if (memcmp(eng_state_cbody(a), eng_state_cbody(b), size) != 0)
        fail_msg("%s: the bookkeeping played on differs from the position's read back", where);
}

/* s, and s printed and read back: equal, the same listing, and again after
 * the action pick chooses (whole: equal bytes, bookkeeping included). */
static void check_reread(const eng_game *g, const eng_state *s, eng_rng *pick, bool whole,
                         const char *where)
{
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    eng_error err;
    eng_state *back = eng_state_from_json(g, j, 1, &err);
    json_decref(j);
    if (!back)
        fail_msg("%s: the position does not read back: %s", where, err.msg);
    assert_true(eng_state_equal(back, s));
    if (whole)
        same_bytes(g, s, back, where);
    same_listing(s, back, where);
    if (!eng_is_terminal(s)) {
        eng_state *on = eng_state_clone(s);
        eng_action acts[ENG_MAX_ACTIONS];
        int n = eng_legal_actions(on, acts);
        eng_action a = acts[rng_below(pick, (uint32_t)n)];
        eng_apply_fast(on, a);
        eng_apply_fast(back, a);
        assert_true(eng_state_equal(back, on));
        if (whole)
            same_bytes(g, on, back, where);
        same_listing(on, back, where);
        eng_state_free(on);
    }
    eng_state_free(back);
}

/* cases[*state]'s games */
static void test_bookkeeping_in_random_games(void **state)
{
    const int c = (int)(intptr_t)*state;
    const char *rules = cases[c].rules;
    const eng_rules *r = eng_rules_find(rules);
    char **names;
    int ns = eng_scenario_names(r, &names);
    assert_true(ns >= 2);
    eng_rng seeds;
    rng_seed(&seeds, cases[c].seed);
    eng_action acts[ENG_MAX_ACTIONS];
    int checked = 0, hidden = 0;
    for (int game = 0; game < cases[c].games; game++) {
        uint64_t seed = rng_next(&seeds) % 1000000007u;
        const char *scen = names[game % ns];
        eng_error err;
        eng_match *m = eng_match_new(rules, scen, NULL, seed, &err);
        if (!m)
            fail_msg("%s: %s", scen, err.msg);
        eng_rng pick;
        rng_seed(&pick, seed ^ 0xb00c);
        char where[128];
        while (!eng_is_terminal(m->state)) {
            if (m->nsteps >= MAX_STEPS)
                fail_msg("%s seed %llu: no end", scen, (unsigned long long)seed);
            if (eng_current_player(m->state) == ENG_CHANCE) {
                eng_match_apply_chance(m);
            } else {
                int n = eng_legal_actions(m->state, acts);
                assert_true(n > 0);
                assert_int_equal(eng_match_apply(m, acts[rng_below(&pick, (uint32_t)n)], false,
                                                 &err), 0);
            }
            if (m->nsteps % (size_t)cases[c].every != 0)
                continue;
            snprintf(where, sizeof where, "%s seed %llu step %zu", scen,
                     (unsigned long long)seed, m->nsteps);
            check_reread(m->game, m->state, &pick, cases[c].whole, where);
            checked++;
            /* hidden units dealt again for player 0: the same check */
            if (eng_hides_from(m->state, 0)) {
                eng_state *re = eng_state_clone(m->state);
                uint64_t rng = seed + m->nsteps;
                eng_state_resample_hidden(re, 0, &rng);
                check_reread(m->game, re, &pick, cases[c].whole, where);
                eng_state_free(re);
                hidden++;
            }
        }
        snprintf(where, sizeof where, "%s seed %llu end", scen, (unsigned long long)seed);
        check_reread(m->game, m->state, &pick, cases[c].whole, where);
        eng_match_free(m);
    }
    eng_names_free(names, ns);
    assert_true(checked > 20 * cases[c].games);
    if (cases[c].hides)
        assert_true(hidden > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_prestate(test_bookkeeping_in_random_games, (void *)(intptr_t)0),
        cmocka_unit_test_prestate(test_bookkeeping_in_random_games, (void *)(intptr_t)1),
        cmocka_unit_test_prestate(test_bookkeeping_in_random_games, (void *)(intptr_t)2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
