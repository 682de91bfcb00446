/*
 * test_lab_stats.c - the lab's statistics (lab_stats.c) against values
 * worked by hand or published: Wilson intervals (Newcombe 1998), a paired
 * t interval and its p-value, Holm's correction on a textbook example,
 * the sequential test's bounds and its decisions on streams whose answer
 * is known, and the false-alarm rate of many A/A comparisons.
 */
#include <math.h>
#include <stdlib.h>
#include "support.h"
#include "lab_stats.h"
#include "tourney.h"
#include "rng.h"

#define NEAR(a, b, tol) assert_true(fabs((a) - (b)) < (tol))

static void test_wilson_published(void **unused)
{
    double lo, hi;
    /* Newcombe (1998), table I: 81 of 263 -> 0.2553 to 0.3662 */
    lab_wilson(81, 263, 0.95, &lo, &hi);
    NEAR(lo, 0.2553, 5e-5);
    NEAR(hi, 0.3662, 5e-5);
    /* 8 of 10 -> 0.4902 to 0.9433; 0 of 10 -> 0 to 0.2775 */
    lab_wilson(8, 10, 0.95, &lo, &hi);
    NEAR(lo, 0.4902, 5e-5);
    NEAR(hi, 0.9433, 5e-5);
    lab_wilson(0, 10, 0.95, &lo, &hi);
    NEAR(lo, 0, 1e-12);
    NEAR(hi, 0.2775, 5e-5);
    lab_wilson(0, 0, 0.95, &lo, &hi);
    assert_true(lo == 0 && hi == 1);
    NEAR(lab_z(0.95), 1.959964, 1e-6);
    /* the tournament's intervals are the same code */
    double tlo, thi;
    tourney_wilson(8, 10, &tlo, &thi);
    lab_wilson(8, 10, 0.95, &lo, &hi);
    assert_true(tlo == lo && thi == hi);
}

static void test_paired_by_hand(void **unused)
{
    /* d = 1..5: mean 3, sd sqrt(2.5), t(0.975, 4) = 2.776445;
     * half-width 2.776445 * 1.581139 / sqrt(5) = 1.963243;
     * t = 3 / (1.581139 / sqrt 5) = 4.242641, two-sided p = 0.013236 */
    double d[] = {1, 2, 3, 4, 5};
    lab_paired p = lab_paired_test(d, 5, 0.95);
    NEAR(p.mean, 3, 1e-12);
    NEAR(p.sd, 1.581139, 1e-6);
    NEAR(p.lo, 3 - 1.963243, 1e-5);
    NEAR(p.hi, 3 + 1.963243, 1e-5);
    NEAR(p.t, 4.242641, 1e-5);
    NEAR(p.p, 0.013236, 1e-5);
    NEAR(p.dz, 3 / 1.581139, 1e-5);
    /* every difference alike: no spread, p 1 at zero */
    double z[] = {0, 0, 0, 0};
    p = lab_paired_test(z, 4, 0.95);
    assert_true(p.p == 1 && p.lo == 0 && p.hi == 0);
}

static void test_holm_textbook(void **unused)
{
    /* p = 0.01, 0.04, 0.03, 0.005 (m = 4): sorted 0.005*4 = 0.02,
     * 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 = 0.04 -> kept monotone 0.06 */
    double p[] = {0.01, 0.04, 0.03, 0.005}, adj[4];
    lab_holm(p, 4, adj);
    NEAR(adj[0], 0.03, 1e-12);
    NEAR(adj[1], 0.06, 1e-12);
    NEAR(adj[2], 0.06, 1e-12);
    NEAR(adj[3], 0.02, 1e-12);
    double big[] = {0.5, 0.9}, a2[2];
    lab_holm(big, 2, a2);
    NEAR(a2[0], 1, 1e-12);
    NEAR(a2[1], 1, 1e-12);
}

static void test_sprt(void **unused)
{
    double lo, hi;
    lab_sprt_bounds(0.05, 0.05, &lo, &hi);
    NEAR(lo, log(0.05 / 0.95), 1e-12);
    NEAR(hi, 2.944439, 1e-6);
    /* a stream whose mean is the stated difference: H1 */
    double d[400];
    for (int i = 0; i < 400; i++)
        d[i] = i % 2 ? 0.3 : -0.1;           /* mean 0.1 */
    lab_sprt s = lab_sprt_test(d, 400, 0.1, 0.05, 0.05);
    assert_int_equal(s.decision, 1);
    /* one whose mean is 0: H0 */
    for (int i = 0; i < 400; i++)
        d[i] = i % 2 ? 0.2 : -0.2;
    s = lab_sprt_test(d, 400, 0.1, 0.05, 0.05);
    assert_int_equal(s.decision, -1);
    /* too few to say */
    s = lab_sprt_test(d, 4, 0.1, 0.05, 0.05);
    assert_int_equal(s.decision, 0);
}

static void test_quantile(void **unused)
{
    double x[] = {5, 1, 4, 2, 3};
    NEAR(lab_quantile(x, 5, 0.5), 3, 1e-12);
    NEAR(lab_quantile(x, 5, 0.25), 2, 1e-12);
    NEAR(lab_round6(0.1234564999), 0.123456, 1e-12);
}

/* Many A/A comparisons: two arms whose games come from the same
 * distribution (side 1 wins 45%, draws 10%), compared by the paired test:
 * "different" at p < 0.05 about 5% of the time, never far more. */
static void test_aa_false_alarms(void **unused)
{
    eng_rng r;
    rng_seed(&r, 12345);
    int alarms = 0, runs = 2000, n = 100;
    double d[100];
    for (int k = 0; k < runs; k++) {
        for (int i = 0; i < n; i++) {
            double v[2];
            for (int a = 0; a < 2; a++) {
                double u = (double)(rng_next(&r) >> 11) / 9007199254740992.0;
                v[a] = u < 0.45 ? 1 : u < 0.55 ? 0.5 : 0;
            }
            d[i] = v[1] - v[0];
        }
        alarms += lab_paired_test(d, n, 0.95).p < 0.05;
    }
    double rate = (double)alarms / runs;
    print_message("A/A false-alarm rate %.4f over %d runs\n", rate, runs);
    assert_true(rate > 0.03 && rate < 0.07);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson_published),
        cmocka_unit_test(test_paired_by_hand),
        cmocka_unit_test(test_holm_textbook),
        cmocka_unit_test(test_sprt),
        cmocka_unit_test(test_quantile),
        cmocka_unit_test(test_aa_false_alarms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
