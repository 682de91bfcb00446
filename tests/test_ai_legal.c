/*
 * test_ai_legal.c - every computer player chooses only legal actions, in
 * every rule set registered and on every shipped scenario: positions are
 * taken from random games at random moments (deployment, movement, combat,
 * alliances: whatever each rule set has) and every kind of player, with a
 * small budget, chooses there. Its explanation lists legal candidates,
 * best first, and its choice among them. The levels (easy, normal, hard)
 * are the tree search with a budget, so they are covered by "mcts".
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "ai.h"
#include "rng.h"
#include "scenario.h"

#define POSITIONS_PER_SCENARIO 25
#define MAX_SKIP 400

static ai_player *tiny(const char *kind, uint64_t seed, int threads)
{
    ai_config cfg = {.seed = seed, .iterations = 40, .threads = threads};
    const ai_kind *k = ai_kind_find(kind);
    assert_non_null(k);
    return ai_new(k, &cfg);
}

static void check_choice(const eng_state *s, ai_player *p, const char *where)
{
    ai_explanation why;
    eng_action a = ai_choose(p, s, &why);
    eng_error err;
    char text[ENG_TEXT_MAX];
    eng_action_text(s, a, text, sizeof text);
    if (!eng_is_legal(s, a, &err))
        fail_msg("%s: %s chose \"%s\", which is illegal: %s", where,
                 ai_player_kind(p)->name, text, err.msg);
    assert_true(why.count >= 1);
    assert_true(why.actions >= why.count);
    bool listed = false;
    for (int i = 0; i < why.count; i++) {
        if (!eng_is_legal(s, why.best[i].action, &err))
            fail_msg("%s: %s lists an illegal candidate: %s", where,
                     ai_player_kind(p)->name, err.msg);
        assert_true(why.best[i].value >= 0 && why.best[i].value <= 1);
        listed |= why.best[i].action == a;
    }
    assert_true(listed);
    if (why.tree)   /* the tree search plays its most visited candidate */
        for (int i = 1; i < why.count; i++)
            assert_true(why.best[i].visits <= why.best[0].visits);
}

static void test_every_kind_everywhere(void **unused)
{
    (void)unused;
    eng_rng r;
    rng_seed(&r, 2024);
    int checked = 0;
    for (const eng_rules *const *rules = eng_registry(); *rules; rules++) {
        char **names;
        int nn = eng_scenario_names(*rules, &names);
        assert_true(nn > 0);
        for (int i = 0; i < nn; i++) {
            eng_game *g = t_game_named(eng_rules_name(*rules), names[i], NULL);
            for (int k = 0; k < POSITIONS_PER_SCENARIO; k++) {
                eng_state *s = eng_state_new(g, rng_next(&r));
                /* a random moment of a random game, at a player's decision */
                t_random_playout(s, rng_next(&r), (int)rng_below(&r, MAX_SKIP));
                while (eng_current_player(s) == ENG_CHANCE)
                    eng_apply_fast(s, eng_chance_sample(s));
                if (eng_is_terminal(s)) {
                    eng_state_free(s);
                    continue;
                }
                char where[256], status[160];
                eng_status_text(s, status, sizeof status);
                snprintf(where, sizeof where, "%s/%s, step %u (%s)", eng_rules_name(*rules),
                         names[i], eng_state_steps(s), status);
                for (const ai_kind *const *kind = ai_registry(); *kind; kind++) {
                    ai_player *p = tiny((*kind)->name, rng_next(&r), 1 + (k & 1));
                    check_choice(s, p, where);
                    ai_free(p);
                }
                checked++;
                eng_state_free(s);
            }
            eng_game_free(g);
        }
        eng_names_free(names, nn);
    }
    assert_true(checked > 0);
}

/* Whole games between the search and `other` on every rule set: every step
 * legal to the end. */
static void whole_games(const char *other)
{
    for (const eng_rules *const *rules = eng_registry(); *rules; rules++) {
        eng_game *g = t_game_named(eng_rules_name(*rules), eng_rules_default_scenario(*rules),
                                   NULL);
        eng_state *s = eng_state_new(g, 31);
        int np = eng_game_players(g);
        ai_player *p[ENG_MAX_PLAYERS];
        for (int i = 0; i < np; i++)
            p[i] = tiny(i % 2 ? other : "mcts", (uint64_t)i + 5, 1);
        int steps = 0;
        while (!eng_is_terminal(s) && steps++ < 20000) {
            int who = eng_current_player(s);
            eng_action a = who == ENG_CHANCE ? eng_chance_sample(s) : ai_choose(p[who], s, NULL);
            eng_error err;
            if (eng_apply(s, a, &err) != 0)
                fail_msg("%s: step %d refused: %s", eng_rules_name(*rules), steps, err.msg);
        }
        assert_true(eng_is_terminal(s));
        for (int i = 0; i < np; i++)
            ai_free(p[i]);
        eng_state_free(s);
        eng_game_free(g);
    }
}

static void test_whole_games(void **unused)
{
    (void)unused;
    whole_games("thumb");
    whole_games("flat");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_kind_everywhere),
        cmocka_unit_test(test_whole_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
