/*
 * test_ai_search.c - the tree-search player as a whole: with a fixed seed,
 * an iteration budget and one thread it makes the same choice with the
 * same counts every time; with two threads its choice is legal and the
 * visits of its candidates add up to the iterations run; a forced move is
 * answered without searching; a time budget alone works and stops the
 * search by its deadline (with a margin no loaded machine reaches); three Pocket
 * Wargame forces (three-kingdoms) play a whole game with it; it beats
 * the random player; and the experiment settings chance (a tree child per
 * toss or roll), crn (common random numbers), contempt (a drawn ending
 * worth less to the searcher) and prior (the root's actions
 * started at the rule of thumb's values) keep it legal and counted; the
 * selection finds children in reordered legal lists; the playouts' weighted
 * pick is the plain loops' pick; the engine's calls by a known player give
 * the plain calls' lists and positions.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "support.h"
#include "ai.h"
#include "rng.h"
#include "mcts.h"
#include "ai_private.h"

static ai_player *mcts(uint64_t seed, int iterations, int threads)
{
    ai_config cfg = {.seed = seed, .iterations = iterations, .threads = threads};
    return ai_new(ai_kind_find("mcts"), &cfg);
}

/* A position of the meeting scenario where a side chooses among between lo
 * and hi actions, found by random play from seed. */
static eng_state *position_with(eng_game *g, uint64_t seed, int lo, int hi)
{
    eng_state *s = eng_state_new(g, seed);
    eng_action acts[ENG_MAX_ACTIONS];
    eng_rng r;
    rng_seed(&r, seed);
    for (int step = 0; !eng_is_terminal(s); step++) {
        int who = eng_current_player(s);
        if (who == ENG_CHANCE) {
            eng_apply_fast(s, eng_chance_sample(s));
            continue;
        }
        int n = eng_legal_actions(s, acts);
        if (n >= lo && n <= hi && step > 60)
            return s;
        eng_apply_fast(s, acts[rng_below(&r, (uint32_t)n)]);
    }
    fail_msg("no position with %d..%d actions in the game of seed %llu", lo, hi,
             (unsigned long long)seed);
    return NULL;
}

static void test_reproducible_with_one_thread(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *s = position_with(g, 3, 10, 200);
    ai_explanation a, b;
    ai_player *p = mcts(99, 400, 1), *q = mcts(99, 400, 1);
    eng_action x = ai_choose(p, s, &a), y = ai_choose(q, s, &b);
    assert_int_equal(x, y);
    assert_int_equal(a.count, b.count);
    assert_int_equal(a.iterations, b.iterations);
    for (int i = 0; i < a.count; i++) {
        assert_int_equal(a.best[i].action, b.best[i].action);
        assert_int_equal(a.best[i].visits, b.best[i].visits);
    }
    /* and its next decisions follow the same way */
    assert_int_equal(ai_choose(p, s, NULL), ai_choose(q, s, NULL));
    ai_free(p);
    ai_free(q);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_two_threads_add_up(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        eng_state *s = position_with(g, seed, 2, AI_EXPLAIN_MAX);
        ai_player *p = mcts(seed, 200, 2);
        ai_explanation why;
        eng_action a = ai_choose(p, s, &why);
        assert_true(eng_is_legal(s, a, NULL));
        assert_int_equal(why.threads, 2);
        assert_int_equal(why.count, why.actions);      /* every action is listed */
        assert_true(why.iterations > 0 && why.iterations <= 200);
        long sum = 0;
        for (int i = 0; i < why.count; i++)
            sum += why.best[i].visits;
        assert_int_equal(sum, why.iterations);          /* each iteration went one way */
        assert_int_equal(a, why.best[0].action);
        ai_free(p);
        eng_state_free(s);
    }
    eng_game_free(g);
}

/* The tree's chance children: one per outcome seen, found again when the
 * same outcome comes up; adding an iteration's results passes over them
 * (a chance outcome has no mover) and over them in the AMAF counts. */
static void test_chance_children(void **unused)
{
    (void)unused;
    mcts_tree *t = malloc(sizeof *t);
    assert_non_null(t);
    mcts_tree_init(t, 64, 4);
    uint32_t heads = mcts_tree_chance_child(t, 0, 7), tails = mcts_tree_chance_child(t, 0, 8);
    assert_true(heads != MCTS_NONE && tails != MCTS_NONE && heads != tails);
    assert_int_equal(mcts_tree_chance_child(t, 0, 7), heads);
    assert_int_equal(t->nodes[heads].player, ENG_CHANCE);

    /* player 1 decides after heads */
    mcts_params par = {.explore = 0.7, .rave_k = 100};
    uint64_t rng = 1;
    eng_action acts[1] = {42}, fallback;
    uint32_t d = mcts_tree_select(t, heads, 1, acts, 1, &par, &rng, &fallback);
    assert_true(d != MCTS_NONE);
    int32_t who[2] = {ENG_CHANCE, 1};
    eng_action did[2] = {7, 42};
    mcts_trail tr = {.player = who, .action = did, .n = 2, .cap = 2};
    uint32_t path[3] = {0, heads, d};
    double value[2] = {0.25, 0.75};
    mcts_tree_backup(t, path, 3, value, &tr, &par);
    assert_int_equal(t->nodes[heads].visits, 1);
    assert_true(t->nodes[heads].value == 0);
    assert_int_equal(t->nodes[d].visits, 1);
    assert_true(t->nodes[d].value == 0.75);
    assert_int_equal(t->nodes[d].amaf_n, 1);
    assert_true(t->nodes[d].amaf_value == 0.75);
    assert_int_equal(t->nodes[tails].visits, 0);

    /* the tree holds 4 nodes: a third outcome finds no room */
    assert_int_equal(t->count, 4);
    assert_int_equal(mcts_tree_chance_child(t, 0, 9), MCTS_NONE);
    mcts_tree_free(t);
    free(t);
}

/* The selection rule finds each child's action in the legal list of the
 * visit, wherever it now stands: the list reordered, an action missing, a
 * new one (the only untried, so it is the one chosen). Each child's
 * availability counts the visits whose list held its action. */
static void test_children_found_in_changed_lists(void **unused)
{
    (void)unused;
    mcts_tree *t = malloc(sizeof *t);
    assert_non_null(t);
    mcts_tree_init(t, 64, 64);
    mcts_params par = {.explore = 0.7};
    uint64_t rng = 3;
    eng_action fallback;
    const eng_action first[3] = {10, 20, 30};
    uint32_t child[3];
    for (int k = 0; k < 3; k++) {            /* each visit tries an untried one */
        child[k] = mcts_tree_select(t, 0, 0, first, 3, &par, &rng, &fallback);
        assert_true(child[k] != MCTS_NONE);
    }
    uint32_t by_action[4] = {0};
    for (int k = 0; k < 3; k++)
        by_action[t->nodes[child[k]].action / 10] = child[k];
    assert_true(by_action[1] && by_action[2] && by_action[3]);
    uint32_t avail[4];
    for (int a = 1; a <= 3; a++)
        avail[a] = t->nodes[by_action[a]].avail;

    const eng_action shuffled[3] = {30, 10, 20}, fewer[2] = {30, 10};
    uint32_t c = mcts_tree_select(t, 0, 0, shuffled, 3, &par, &rng, &fallback);
    assert_true(c == by_action[1] || c == by_action[2] || c == by_action[3]);
    c = mcts_tree_select(t, 0, 0, fewer, 2, &par, &rng, &fallback);
    assert_true(c == by_action[1] || c == by_action[3]);
    assert_int_equal(t->nodes[by_action[1]].avail, avail[1] + 2);
    assert_int_equal(t->nodes[by_action[2]].avail, avail[2] + 1);
    assert_int_equal(t->nodes[by_action[3]].avail, avail[3] + 2);

    const eng_action more[4] = {20, 40, 30, 10};
    c = mcts_tree_select(t, 0, 0, more, 4, &par, &rng, &fallback);
    assert_true(c != MCTS_NONE);
    assert_int_equal(t->nodes[c].action, 40);
    assert_int_equal(t->nodes[by_action[2]].avail, avail[2] + 2);
    assert_int_equal(t->count, 5);
    mcts_tree_free(t);
    free(t);
}

/* The weighted pick adds and takes off the weights in the list's order, as
 * the plain loops do: the same pick from the same generator, over lists
 * of every length to 11 (the rounds of four and the rest), with zeros. */
static void test_weighted_pick_as_plain(void **unused)
{
    (void)unused;
    uint64_t r = 17;
    for (int n = 1; n <= 11; n++)
        for (int round = 0; round < 200; round++) {
            eng_action acts[11];
            double w[11];
            for (int i = 0; i < n; i++) {
                acts[i] = (eng_action)(100 + i);
                w[i] = (i + round) % 4 == 0 ? 0 : ai_rand_fraction(&r) * (i + 1);
            }
            if (round % 7 == 0)
                w[n - 1] = 1e-300;      /* a weight that vanishes beside the others */
            uint64_t mine = r, plain_rng = r;
            eng_action got = ai_weighted_pick(acts, w, n, &mine);
            double total = 0;
            for (int i = 0; i < n; i++)
                total += w[i];
            if (total == 0)
                continue;
            double x = ai_rand_fraction(&plain_rng) * total;
            eng_action want = acts[n - 1];
            for (int i = 0; i < n; i++) {
                if (x < w[i]) {
                    want = acts[i];
                    break;
                }
                x -= w[i];
            }
            assert_int_equal(got, want);
            assert_true(mine == plain_rng);
            r = mine;
        }
}

/* The engine's calls for a caller that knows the player to move give what
 * the plain calls give, along random games of every rule set: the same
 * legal list, the same position after the action. */
static void test_calls_by_player(void **unused)
{
    (void)unused;
    const eng_rules *const *r = eng_registry();
    for (int k = 0; r[k]; k++) {
        eng_game *g = t_game_named(eng_rules_name(r[k]), eng_rules_default_scenario(r[k]), NULL);
        for (uint64_t seed = 1; seed <= 2; seed++) {
            eng_state *s = eng_state_new(g, seed), *plain = eng_state_clone(s);
            eng_action acts[ENG_MAX_ACTIONS], again[ENG_MAX_ACTIONS];
            eng_rng pick;
            rng_seed(&pick, seed);
            for (int step = 0; step < 20000 && !eng_is_terminal(s); step++) {
                int who = eng_current_player(s);
                int n = eng_legal_actions_by(s, who, acts);
                assert_int_equal(n, eng_legal_actions(s, again));
                assert_memory_equal(acts, again, (size_t)n * sizeof *acts);
                eng_action a = who == ENG_CHANCE ? eng_chance_sample(s)
                                                 : acts[rng_below(&pick, (uint32_t)n)];
                eng_apply_fast_by(s, who, a);
                eng_apply_fast(plain, a);
                assert_true(eng_state_equal(s, plain));
                assert_int_equal(eng_state_steps(s), eng_state_steps(plain));
                assert_true(eng_state_hash(s) == eng_state_hash(plain));
            }
            assert_true(eng_is_terminal(s));
            eng_state_free(plain);
            eng_state_free(s);
        }
        eng_game_free(g);
    }
}

/* The experiment settings on every rule set's default scenario: a legal
 * choice, the most visited, every iteration counted once at the root (and
 * the prior's visits not at all). */
static void test_chance_and_crn_settings(void **unused)
{
    (void)unused;
    const eng_rules *const *r = eng_registry();
    for (int i = 0; r[i]; i++) {
        eng_game *g = t_game_named(eng_rules_name(r[i]), eng_rules_default_scenario(r[i]), NULL);
        /* a decision some way into a random game */
        eng_state *s = eng_state_new(g, 2);
        eng_action acts[ENG_MAX_ACTIONS];
        eng_rng pick;
        rng_seed(&pick, 9);
        for (int step = 0; step < 40 || eng_current_player(s) == ENG_CHANCE ||
                           eng_legal_actions(s, acts) < 2; step++) {
            assert_false(eng_is_terminal(s));
            eng_apply_fast(s, eng_current_player(s) == ENG_CHANCE ? eng_chance_sample(s)
                              : acts[rng_below(&pick, (uint32_t)eng_legal_actions(s, acts))]);
        }
        const ai_config settings[] = {
            {.seed = 5, .iterations = 300, .threads = 1, .chance = 6, .crn = -1},
            {.seed = 5, .iterations = 300, .threads = 1, .chance = 6, .crn = 1},
            {.seed = 5, .iterations = 300, .threads = 1, .prior = 10},
            {.seed = 5, .iterations = 300, .threads = 1, .finish = 1, .contempt = 0.25},
        };
        for (int v = 0; v < 4; v++) {
            ai_config cfg = settings[v];
            cfg.plan = -1;                 /* the tree search itself */
            ai_player *p = ai_new(ai_kind_find("mcts"), &cfg);
            ai_explanation why;
            eng_action a = ai_choose(p, s, &why);
            assert_true(eng_is_legal(s, a, NULL));
            assert_int_equal(a, why.best[0].action);
            long sum = 0;
            for (int k = 0; k < why.count; k++)
                sum += why.best[k].visits;
            if (why.count == why.actions)
                assert_int_equal(sum, why.iterations);    /* each went one way */
            else
                assert_true(sum > 0 && sum <= why.iterations);
            assert_true(why.iterations > 0 && why.iterations <= 300);
            ai_free(p);
        }
        eng_state_free(s);
        eng_game_free(g);
    }
}

static void test_forced_move_needs_no_search(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *s = position_with(g, 5, 1, 1);
    ai_player *p = mcts(1, 100000, 1);
    ai_explanation why;
    eng_action acts[ENG_MAX_ACTIONS];
    assert_int_equal(eng_legal_actions(s, acts), 1);
    assert_int_equal(ai_choose(p, s, &why), acts[0]);
    assert_int_equal(why.iterations, 0);
    assert_int_equal(why.count, 1);
    ai_free(p);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_time_budget(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *s = position_with(g, 6, 5, 200);
    ai_config cfg = {.seed = 2, .time_ms = 30, .threads = 2};
    ai_player *p = ai_new(ai_kind_find("mcts"), &cfg);
    ai_explanation why;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    eng_action a = ai_choose(p, s, &why);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    assert_true(eng_is_legal(s, a, NULL));
    assert_true(why.iterations > 0);
    /* no iteration cap: only the deadline ended the search. 30 ms, and a
     * margin of 10 s for a slow iteration under the sanitizers on a busy
     * machine; a search that ignored its deadline would run on for ever */
    double took = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    assert_true(took < 0.030 + 10.0);
    assert_true(why.seconds < 0.030 + 10.0);
    ai_free(p);
    eng_state_free(s);
    eng_game_free(g);
}

/* Plays a game of g from seed with a player per side (NULL: random);
 * returns the returns in ret. */
static void play(eng_game *g, uint64_t seed, ai_player **side, double *ret, int *decisions)
{
    eng_state *s = eng_state_new(g, seed);
    eng_action acts[ENG_MAX_ACTIONS];
    eng_rng r;
    rng_seed(&r, seed * 31);
    while (!eng_is_terminal(s)) {
        int who = eng_current_player(s);
        eng_action a;
        if (who == ENG_CHANCE) {
            a = eng_chance_sample(s);
        } else if (side[who]) {
            a = ai_choose(side[who], s, NULL);
            if (decisions)
                decisions[who]++;
        } else {
            int n = eng_legal_actions(s, acts);
            a = acts[rng_below(&r, (uint32_t)n)];
        }
        eng_error err;
        if (eng_apply(s, a, &err) != 0)
            fail_msg("refused: %s", err.msg);
    }
    eng_returns(s, ret);
    eng_state_free(s);
}

static void test_three_forces(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "three-kingdoms", NULL);
    assert_int_equal(eng_game_players(g), 3);
    ai_player *side[3] = {mcts(1, 30, 1), mcts(2, 30, 2), mcts(3, 30, 1)};
    double ret[ENG_MAX_PLAYERS];
    int decisions[3] = {0};
    play(g, 8, side, ret, decisions);
    double sum = 0;
    for (int f = 0; f < 3; f++) {
        assert_true(decisions[f] > 0);   /* every force decided for itself */
        sum += ret[f];
        ai_free(side[f]);
    }
    assert_true(sum > 0.999 && sum < 1.001);
    eng_game_free(g);
}

static void test_beats_random(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    double score = 0;
    for (int game = 0; game < 4; game++) {
        int me = game % 2;
        ai_player *side[2] = {NULL, NULL};
        side[me] = mcts((uint64_t)game + 40, 150, 1);
        double ret[ENG_MAX_PLAYERS];
        play(g, (uint64_t)game / 2 + 70, side, ret, NULL);
        score += ret[me];
        ai_free(side[me]);
    }
    assert_true(score >= 3.0);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reproducible_with_one_thread),
        cmocka_unit_test(test_two_threads_add_up),
        cmocka_unit_test(test_forced_move_needs_no_search),
        cmocka_unit_test(test_time_budget),
        cmocka_unit_test(test_three_forces),
        cmocka_unit_test(test_beats_random),
        cmocka_unit_test(test_chance_children),
        cmocka_unit_test(test_children_found_in_changed_lists),
        cmocka_unit_test(test_weighted_pick_as_plain),
        cmocka_unit_test(test_calls_by_player),
        cmocka_unit_test(test_chance_and_crn_settings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
