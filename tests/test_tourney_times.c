/*
 * test_tourney_times.c - the decision times `tournament` reports
 * (tourney_stats.c): the median, the 99th percentile by nearest rank and
 * the longest, over every seat a player held, worked by hand.
 */
#include <stdlib.h>
#include "support.h"
#include "tourney.h"

/* Two games of players 0 and 1 swapping seats; player 0 thinks 1..100 ms
 * in game 0 (seat 0) and 101..200 ms in game 1 (seat 1). */
static void fill(tourney *t, tourney_game *g)
{
    memset(t, 0, sizeof *t);
    memset(g, 0, 2 * sizeof *g);
    t->ngames = 2;
    t->seats = 2;
    t->game = g;
    for (int i = 0; i < 2; i++) {
        g[i].seat_player[i] = 0;
        g[i].seat_player[1 - i] = 1;
        g[i].think[i] = malloc(100 * sizeof(double));
        g[i].nthink[i] = 100;
        for (int k = 0; k < 100; k++)    /* in reverse: the order must not matter */
            g[i].think[i][k] = (i * 100 + 100 - k) / 1000.0;
    }
}

static void test_percentile_by_hand(void **unused)
{
    (void)unused;
    tourney t;
    tourney_game g[2];
    fill(&t, g);
    long n;
    double med, max;
    tourney_think(&t, 0, &n, &med, &max);
    assert_int_equal(n, 200);
    assert_true(med > 0.1004 && med < 0.1006);               /* (100 + 101) / 2 ms */
    assert_true(max > 0.1999 && max < 0.2001);
    /* nearest rank: ceil(0.99 * 200) = 198th of 200, 198 ms */
    double p99 = tourney_think_quantile(&t, 0, 0.99);
    assert_true(p99 > 0.1979 && p99 < 0.1981);
    assert_true(tourney_think_quantile(&t, 0, 0.5) > 0.0999 &&
                tourney_think_quantile(&t, 0, 0.5) < 0.1001);   /* the 100th */
    assert_true(tourney_think_quantile(&t, 0, 1.0) > 0.1999);
    /* player 1 made no decision with a choice: 0 */
    assert_true(tourney_think_quantile(&t, 1, 0.99) == 0);
    for (int i = 0; i < 2; i++)
        free(g[i].think[i]);
}

static void test_one_decision(void **unused)
{
    (void)unused;
    tourney t;
    tourney_game g[2];
    fill(&t, g);
    g[0].nthink[0] = 1;      /* 100 ms */
    g[1].nthink[1] = 0;
    assert_true(tourney_think_quantile(&t, 0, 0.99) > 0.0999 &&
                tourney_think_quantile(&t, 0, 0.99) < 0.1001);
    for (int i = 0; i < 2; i++)
        free(g[i].think[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_percentile_by_hand),
        cmocka_unit_test(test_one_decision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
