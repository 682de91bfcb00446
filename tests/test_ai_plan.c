/*
 * test_ai_plan.c - the whole-turn planner (src/ai/ai_plan.c) on The
 * Portable Wargame, where the levels plan a side's run of decisions as a
 * whole: it moves a blocker out of the way first, so that the unit behind
 * can fire through the square it held; it leaves a one-decision run (a
 * gun's laying) to the tree search; and its choice is reproducible.
 */
#include <string.h>
#include "test_ptw_util.h"
#include "ai.h"

/* Red's infantry at a1 has a Blue infantry at a4 in range (3 squares) and
 * in its arc, but its own cavalry at a2 stands on the line of sight, and
 * small arms do not fire through units. The cavalry carries no weapon, and
 * with the river at a3 it cannot reach the enemy to assault it. Judged one
 * decision at a time, a step of the cavalry changes nothing (the heuristic
 * counts the rifle's threat whoever stands between); only a plan of the
 * whole activation sees that the cavalry leaving column a lets the rifle
 * fire. So the planner's first action is the cavalry stepping off the
 * line, and its plan is worth more than ending the part at once. */
#define BLOCKED "o o/o o/r o/o o", "INF@a1 CAV@a2", "INF@a4>S"

static eng_action plan_decide(eng_state *s, uint64_t seed, ai_explanation *why)
{
    ai_config cfg = {.seed = seed, .iterations = 2000, .threads = 1, .plan = 1};
    ai_player *p = ai_new(ai_kind_find("mcts"), &cfg);
    eng_action a = ai_choose(p, s, why);
    ai_free(p);
    return a;
}

static void test_moves_the_blocker_first(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(BLOCKED, NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    assert_non_null(strstr(pt_legal(s), "move CAV1 b2"));
    assert_null(strstr(pt_legal(s), "fire INF1 a4"));   /* blocked: no shot yet */
    for (uint64_t seed = 1; seed <= 3; seed++) {
        ai_explanation why;
        eng_action a = plan_decide(s, seed, &why);
        char text[64];
        eng_action_text(s, a, text, sizeof text);
        /* off the line (a3 is river): to b1 or b2, or through a1 to b1 */
        assert_true(strncmp(text, "move CAV1 ", 10) == 0);
        assert_false(why.tree);          /* a plan, not the tree search */
        /* worth more than any plan that starts otherwise */
        for (int i = 1; i < why.count; i++)
            assert_true(why.best[0].value > why.best[i].value);
    }
    eng_state_free(s);
    eng_game_free(g);
}

/* In the artillery phase a gun's laying is a run of one decision (the
 * other side lays next): nothing to plan, so the tree search decides. */
static void test_leaves_a_single_decision_to_the_tree(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o/o o o/o o o/o o o", "FLD@b1", "INF@b4>S", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    assert_non_null(strstr(pt_status(s), "lay its guns"));
    ai_explanation why;
    plan_decide(s, 1, &why);
    assert_true(why.tree);
    eng_state_free(s);
    eng_game_free(g);
}

/* With an iteration budget and a seed the plan is the same each time. */
static void test_reproducible(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(BLOCKED, NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    ai_explanation a, b;
    assert_int_equal(plan_decide(s, 7, &a), plan_decide(s, 7, &b));
    assert_int_equal(a.count, b.count);
    for (int i = 0; i < a.count; i++)
        assert_true(a.best[i].value == b.best[i].value);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves_the_blocker_first),
        cmocka_unit_test(test_leaves_a_single_decision_to_the_tree),
        cmocka_unit_test(test_reproducible),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
