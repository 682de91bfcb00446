/*
 * test_ptw_blunder.c - The Portable Wargame's plainly wrong moves, which the
 * playout hint gives no weight (ptw_blunder.c) and the tree search never
 * tries while anything else is legal: turning so that the nearest enemy is
 * behind the unit's front, wire more than 3 squares from every enemy, a
 * step straight back the way the unit just stepped, and ending an
 * activation or the side's part while a shot is to be had. Each is checked
 * beside the sound move it is to be told from. Random games over every
 * shipped scenario then check each turn judged against the position as its
 * JSON reads (debug builds also work the facings away out the plain way
 * inside the rules and abort if they differ).
 */
#include "test_ptw_util.h"
#include "ai.h"
#include "match.h"
#include "rng.h"
#include "scenario.h"

/* A 5x8 board: Red's infantry at c2 facing north, Blue's at c7 (5 rows off,
 * beyond small-arms range). */
static eng_state *apart(eng_game **g)
{
    *g = pt_game("o o o o o/o o o o o/o o o o o/o o o o o/o o o o o/o o o o o/o o o o o/o o o o o",
                 "INF@c2", "INF@c7>S", NULL, NULL);
    eng_state *s = eng_state_new(*g, 1);
    pt_to_side_a(s);
    return s;
}

static void test_turning_away(void **unused)
{
    (void)unused;
    eng_game *g;
    eng_state *s = apart(&g);
    assert_true(t_hint_weight(s, "face INF1 S") == 0);   /* the enemy behind */
    assert_true(t_hint_weight(s, "face INF1 E") > 0);    /* beside: not plainly wrong */
    assert_true(t_hint_weight(s, "move INF1 c3") > 0);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_wire_far_and_near(void **unused)
{
    (void)unused;
    eng_game *g;
    eng_state *s = apart(&g);
    assert_true(t_hint_weight(s, "wire INF1") == 0);     /* 5 squares from the enemy */
    eng_state_free(s);
    eng_game_free(g);
    g = pt_game("o o o/o o o/o o o/o o o", "INF@b1", "INF@b4>S", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    assert_true(t_hint_weight(s, "wire INF1") > 0);      /* 3 squares: near enough */
    eng_state_free(s);
    eng_game_free(g);
}

static void test_straight_back(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o/o o o/o o o/o o o/o o o/o o o/o o o", "CAV@b2", "INF@b7>S",
                          NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "move CAV1 b3");
    assert_true(t_hint_weight(s, "move CAV1 b2") == 0);  /* back where it came from */
    assert_true(t_hint_weight(s, "move CAV1 b4") > 0);
    assert_true(t_hint_weight(s, "move CAV1 a3") > 0);
    eng_state_free(s);
    eng_game_free(g);
}

/* Red's infantry at b1 has Blue's at b3 in range: ending the part unfired
 * is wrong, firing is not; after its shot, ending its activation is fine,
 * before it (once the unit has turned to face the enemy) it is not. */
static void test_ending_with_a_shot_to_be_had(void **unused)
{
    (void)unused;
    eng_game *g = pt_game("o o o/o o o/o o o", "INF@b1", "INF@b3>S", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    pt_to_side_a(s);
    assert_true(t_hint_weight(s, "end") == 0);
    assert_true(t_hint_weight(s, "fire INF1 b3") > 0);
    t_play(s, "fire INF1 b3");
    t_play(s, "shot 1/INF1 1");                   /* a miss */
    assert_true(t_hint_weight(s, "done") > 0);
    eng_state_free(s);
    eng_game_free(g);
    /* facing east, it turns north first: its activation may still fire */
    g = pt_game("o o o/o o o/o o o", "INF@b1>E", "INF@b3>S", NULL, NULL);
    s = eng_state_new(g, 1);
    pt_to_side_a(s);
    t_play(s, "face INF1 N");
    assert_true(t_hint_weight(s, "done") == 0);
    assert_true(t_hint_weight(s, "fire INF1 b3") > 0);
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- turning away, judged on real games --------------------------------------------- */

typedef struct judged {
    long faces, away, toward;
} judged;

/* Whether `face LABEL D` of the acting side turns the unit's back on its
 * nearest enemy (the first in unit order at the least distance), read
 * from the position's JSON st; -1 if the unit is not on the board. */
static int faces_away(json_t *st, int player, const char *label, char dir)
{
    char ref[64];
    snprintf(ref, sizeof ref, "%d/%s", player + 1, label);
    json_t *me = pt_unit(st, ref);
    if (strcmp(json_string_value(json_object_get(me, "status")), "on board"))
        return -1;
    int x, y;
    pt_sq_xy(json_string_value(json_object_get(me, "loc")), &x, &y);
    size_t i;
    json_t *u;
    int best = 1 << 14, ex = 0, ey = 0;
    json_array_foreach(json_object_get(st, "units"), i, u) {
        if (json_integer_value(json_object_get(u, "side")) == player + 1 ||
            strcmp(json_string_value(json_object_get(u, "status")), "on board"))
            continue;
        int vx, vy;
        pt_sq_xy(json_string_value(json_object_get(u, "loc")), &vx, &vy);
        int k = abs(vx - x) + abs(vy - y);
        if (k < best) {
            best = k;
            ex = vx - x;
            ey = vy - y;
        }
    }
    if (best == 1 << 14)
        return 0;
    int fx = dir == 'E' ? 1 : dir == 'W' ? -1 : 0, fy = dir == 'N' ? 1 : dir == 'S' ? -1 : 0;
    return ex * fx + ey * fy < 0;
}

static void judge_faces(const eng_state *s, int player, const eng_action *acts, int n,
                        judged *c)
{
    double w[ENG_MAX_ACTIONS];
    assert_true(ai_hints_playout_weights(s, acts, n, w));
    bool all_one = true;            /* nothing but blunders: every weight 1 */
    for (int i = 0; i < n; i++)
        all_one = all_one && w[i] == 1;
    if (all_one)
        return;
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    bool acting = !strcmp(json_string_value(json_object_get(j, "stage")), "activation");
    for (int i = 0; i < n; i++) {
        char t[ENG_TEXT_MAX], label[32], dir;
        eng_action_text(s, acts[i], t, sizeof t);
        if (sscanf(t, "face %31s %c", label, &dir) != 2)
            continue;
        int away = acting ? faces_away(j, player, label, dir) : 0;
        if (away < 0)
            fail_msg("%s: the unit is not on the board", t);
        if ((w[i] == 0) != (away == 1))
            fail_msg("%s: weight %g, but it %s its back on the nearest enemy", t, w[i],
                     away ? "turns" : "does not turn");
        c->faces++;
        if (away)
            c->away++;
        else
            c->toward++;
    }
    json_decref(j);
}

/* every third decision of a random game judged */
static void judge_every_third(const eng_match *m, int player, const eng_action *acts, int n,
                              void *ctx)
{
    if (m->nsteps % 3 == 0)
        judge_faces(m->state, player, acts, n, ctx);
}

static void test_turning_away_on_real_games(void **unused)
{
    (void)unused;
    const eng_rules *r = eng_rules_find("portable-wargame");
    char **names;
    int ns = eng_scenario_names(r, &names);
    assert_true(ns >= 3);
    eng_rng seeds;
    rng_seed(&seeds, 20261127);
    judged c = {0, 0, 0};
    for (int sc = 0; sc < ns; sc++)
        for (int game = 0; game < 2; game++) {
            uint64_t seed = rng_next(&seeds) % 1000000007u;
            t_random_game("portable-wargame", names[sc], NULL, seed, seed ^ 0xb1u, 20000,
                          judge_every_third, &c);
        }
    eng_names_free(names, ns);
    print_message("%ld turns judged: %ld away from the nearest enemy, %ld not\n", c.faces,
                  c.away, c.toward);
    assert_true(c.faces > 1000);
    assert_true(c.away > 100);
    assert_true(c.toward > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turning_away),
        cmocka_unit_test(test_wire_far_and_near),
        cmocka_unit_test(test_straight_back),
        cmocka_unit_test(test_ending_with_a_shot_to_be_had),
        cmocka_unit_test(test_turning_away_on_real_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
