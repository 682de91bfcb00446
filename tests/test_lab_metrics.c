/*
 * test_lab_metrics.c - the lab's design metrics (lab_metrics.c) and paired
 * comparisons (lab_compare.c) on hand-made games whose lead changes,
 * drama, decisiveness, duration and endings are known, and the skill
 * set's figure (player A's score over both seatings) worked by hand.
 */
#include <math.h>
#include <stdlib.h>
#include "support.h"
#include "lab_metrics.h"
#include "lab_compare.h"

#define NEAR(a, b, tol) assert_true(fabs((a) - (b)) < (tol))

static void test_lead_changes(void **unused)
{
    /* side 1 ahead, level, behind, ahead, ahead, won: 2 changes (the level
     * turn changes nothing) */
    double e[] = {0.6, 0.5, 0.4, 0.7, 0.8, 1.0};
    assert_int_equal(lab_lead_changes(e, 6), 2);
    double flat[] = {0.5, 0.5, 0.5};
    assert_int_equal(lab_lead_changes(flat, 3), 0);
}

static void test_drama(void **unused)
{
    double depth, time, decisive;
    /* side 1 wins after being behind at 0.3 for 2 of 4 turns; ahead to
     * stay from turn 3 of the 5 entries (index 2): decisiveness 1 - 2/4 */
    double e[] = {0.4, 0.3, 0.6, 0.7, 1.0};
    lab_drama(e, 5, 0, &depth, &time, &decisive);
    NEAR(depth, 0.4, 1e-12);
    NEAR(time, 0.5, 1e-12);
    NEAR(decisive, 0.5, 1e-12);
    /* the same evaluations, side 2 the winner: never behind (1 - 0.4 and
     * 1 - 0.3 are ahead), but fell behind at 0.6 and 0.7 */
    lab_drama(e, 5, 1, &depth, &time, &decisive);
    NEAR(depth, 1 - 2 * 0.3, 1e-12);
    NEAR(time, 0.5, 1e-12);
    NEAR(decisive, 0, 1e-12);            /* ahead to stay only at the end */
    /* ahead from the first turn: no drama, fully decisive */
    double w[] = {0.6, 0.7, 1.0};
    lab_drama(w, 3, 0, &depth, &time, &decisive);
    NEAR(depth, 0, 1e-12);
    NEAR(time, 0, 1e-12);
    NEAR(decisive, 1, 1e-12);
}

static lab_game game(int arm, int seed, int seating, int winner, int length, const char *ending,
                     const double *ev, int n)
{
    lab_game g = {.arm = arm, .seed = (uint64_t)seed, .seating = seating, .winner = winner,
                  .finished = true, .length = length, .decisions = 10, .branching = 4};
    g.ret[0] = winner == 0 ? 1 : winner == 1 ? 0 : 0.5;
    g.ret[1] = 1 - g.ret[0];
    snprintf(g.ending, sizeof g.ending, "%s", ending);
    g.eval = (double *)ev;
    g.neval = n;
    return g;
}

/* Four games of one arm, made by hand: two seeds, both seatings, side 1's
 * evaluation after each turn and the result. */
static void hand_made_games(lab_game g[4])
{
    static const double won1[] = {0.4, 0.3, 0.6, 0.7, 1.0};  /* 1 lead change */
    static const double won2[] = {0.4, 0.0};                /* 0 */
    static const double drawn[] = {0.6, 0.4, 0.5};          /* 1 */
    static const double won1b[] = {0.6, 1.0};               /* 0 */
    g[0] = game(0, 1, 0, 0, 10, "won at the limit", won1, 5);
    g[1] = game(0, 1, 1, 1, 4, "won before the limit", won2, 2);
    g[2] = game(0, 2, 0, -1, 15, "draw at the limit", drawn, 3);
    g[3] = game(0, 2, 1, 0, 3, "won before the limit", won1b, 2);
}

static void test_metrics_of_hand_made_games(void **unused)
{
    lab_game g[4];
    hand_made_games(g);
    lab_metrics m;
    lab_metrics_of(g, 4, &m);
    assert_int_equal(m.games, 4);
    NEAR(m.side1_score.value, 2.5 / 4, 1e-12);
    NEAR(m.side_advantage.value, 0.125, 1e-12);
    NEAR(m.balance.value, 0.75, 1e-12);
    assert_true(m.balance.hi == 1);         /* the interval holds 0.5 */
    NEAR(m.drawishness.value, 0.25, 1e-12);
    NEAR(m.at_limit.value, 0.5, 1e-12);
    NEAR(m.duration.mean, 8, 1e-12);
    NEAR(m.duration_median, 7, 1e-12);
    NEAR(m.duration_min, 3, 1e-12);
    NEAR(m.duration_max, 15, 1e-12);
    NEAR(m.lead_changes.mean, 0.5, 1e-12);
    /* decided games: 3; a comeback only in the first (won2's winner, side
     * 2, stood at 1 - 0.4 = 0.6: ahead from the start) */
    NEAR(m.comebacks.value, 1.0 / 3, 1e-12);
    NEAR(m.decisiveness.mean, (0.5 + 1 + 1) / 3, 1e-12);
    /* the first player (side 1 in seating 0): 1 + 0.5 from seating 0,
     * 1 - 0 + 1 - 1 from seating 1 */
    NEAR(m.player1_score.value, (1 + 1 + 0.5 + 0) / 4, 1e-12);
    assert_int_equal(m.nendings, 3);
    assert_string_equal(m.ending[0].text, "won before the limit");
    assert_int_equal(m.ending[0].count, 2);
    /* intervals hold their values */
    assert_true(m.side1_score.lo <= m.side1_score.value && m.side1_score.value <= m.side1_score.hi);
    assert_true(m.duration.lo <= 8 && 8 <= m.duration.hi);
}

/* Few games, spread values: the t intervals would reach past what the
 * figures can be (decisiveness 0.83 +- 0.72, lead changes 0.5 +- 0.92,
 * duration 8 +- 8.9); each is cut to its range, the estimate kept. */
static void test_intervals_within_range(void **unused)
{
    lab_game g[4];
    hand_made_games(g);
    lab_metrics m;
    lab_metrics_of(g, 4, &m);
    /* the plain t interval of decisiveness (0.5, 1, 1) reaches above 1 */
    lab_mean raw = lab_mean_ci((double[]){0.5, 1, 1}, 3, LAB_CONF);
    assert_true(raw.hi > 1.5);
    NEAR(m.decisiveness.mean, raw.mean, 1e-12);
    NEAR(m.decisiveness.lo, raw.lo, 1e-12);
    NEAR(m.decisiveness.hi, 1, 1e-12);
    /* drama depth (0.4, 0, 0) and time (0.5, 0, 0): below 0 cut to 0 */
    NEAR(m.drama_depth.lo, 0, 1e-12);
    assert_true(m.drama_depth.hi > 0.4 && m.drama_depth.hi <= 1);
    NEAR(m.drama_time.lo, 0, 1e-12);
    /* lead changes (1, 0, 1, 0) and duration (10, 4, 15, 3): at least 0 */
    raw = lab_mean_ci((double[]){1, 0, 1, 0}, 4, LAB_CONF);
    assert_true(raw.lo < 0);
    NEAR(m.lead_changes.lo, 0, 1e-12);
    NEAR(m.lead_changes.hi, raw.hi, 1e-12);
    NEAR(m.duration.lo, 0, 1e-12);
    NEAR(m.duration.mean, 8, 1e-12);
}

static void test_paired_comparison(void **unused)
{
    /* two arms on seeds 1..3 from both seatings; arm 1 gives side 1 a
     * win where arm 0 gave a draw on two pairs: differences 0.5, 0.5, 0,
     * 0, 0, 0; a game missing in arm 1 is not paired */
    static const double ev[] = {0.5};
    lab_game g[11];
    int k = 0;
    for (int seed = 1; seed <= 3; seed++)
        for (int s = 0; s < 2; s++)
            g[k++] = game(0, seed, s, seed == 1 ? -1 : 0, 5, "x", ev, 1);
    for (int seed = 1; seed <= 3; seed++)
        for (int s = 0; s < 2; s++)
            if (!(seed == 3 && s == 1))
                g[k++] = game(1, seed, s, 0, 5, "x", ev, 1);
    long m;
    double *d = lab_differences(g, k, 0, 1, LAB_Q_SIDE1, &m);
    assert_int_equal(m, 5);
    NEAR(d[0], 0.5, 1e-12);
    NEAR(d[1], 0.5, 1e-12);
    NEAR(d[2] + d[3] + d[4], 0, 1e-12);
    free(d);
    lab_paired p = lab_compare(g, k, 0, 1, LAB_Q_SIDE1, LAB_CONF);
    NEAR(p.mean, 0.2, 1e-12);
    assert_true(p.lo < 0.2 && p.hi > 0.2);
}

static void test_skill(void **unused)
{
    /* player A against B in two arms, seeds 1..4 from both seatings. Arm 0:
     * A wins 6 (side 1 in seating 0, side 2 in seating 1), draws 1, loses
     * 1: (6 + 1/2) / 8. Arm 1: A wins all 8. Wilson by hand for 6.5 of 8:
     * p = 0.8125, z = 1.959964, centre (p + z^2/16) / (1 + z^2/8) and
     * half-width z sqrt(p(1-p)/8 + z^2/256) / (1 + z^2/8). */
    static const double ev[] = {0.5};
    lab_game g[16];
    int k = 0;
    for (int arm = 0; arm < 2; arm++)
        for (int seed = 1; seed <= 4; seed++)
            for (int s = 0; s < 2; s++) {
                int a_side = s;                         /* A's side in this seating */
                int winner = a_side;                    /* A wins ... */
                if (arm == 0 && seed == 4)              /* ... but draws, then loses */
                    winner = s == 0 ? -1 : 1 - a_side;
                g[k] = game(arm, seed, s, winner, 5, "x", ev, 1);
                g[k++].set = LAB_SET_SKILL;
            }
    lab_est a = lab_skill(g, 8);
    double z = 1.959964, p = 6.5 / 8, d = 1 + z * z / 8;
    double centre = (p + z * z / 16) / d, half = z * sqrt(p * (1 - p) / 8 + z * z / 256) / d;
    NEAR(a.value, 0.8125, 1e-12);
    NEAR(a.lo, centre - half, 1e-6);
    NEAR(a.hi, centre + half, 1e-6);
    lab_est b = lab_skill(g + 8, 8);
    NEAR(b.value, 1, 1e-12);
    assert_true(b.lo > 0.5 && b.hi == 1);
    /* arm 1 against arm 0 on A's score, paired: differences 0 on 6 pairs,
     * 0.5 and 1 on seed 4's two */
    long m;
    double *dd = lab_differences(g, 16, 0, 1, LAB_Q_PLAYER1, &m);
    assert_int_equal(m, 8);
    NEAR(dd[6], 0.5, 1e-12);
    NEAR(dd[7], 1, 1e-12);
    free(dd);
    lab_paired c = lab_compare(g, 16, 0, 1, LAB_Q_PLAYER1, LAB_CONF);
    NEAR(c.mean, 1.5 / 8, 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lead_changes),
        cmocka_unit_test(test_drama),
        cmocka_unit_test(test_metrics_of_hand_made_games),
        cmocka_unit_test(test_intervals_within_range),
        cmocka_unit_test(test_paired_comparison),
        cmocka_unit_test(test_skill),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
