/*
 * pkb_playout.c - Pocket Battles' playout hint for the computer players: a
 * quick simulated player never concedes (conceding may come at any of a
 * player's turns, and random look-ahead full of surrenders says nothing
 * about a position); every other action is alike.
 */
#include "pkb.h"

void pkb_playout_weights(const void *data, const void *st, const eng_action *acts, int n,
                         double *w)
{
    (void)data;
    (void)st;
    bool other = false;
    for (int i = 0; i < n; i++) {
        w[i] = PKB_KIND(acts[i]) == PKB_A_CONCEDE ? 0 : 1;
        other |= w[i] > 0;
    }
    if (!other)   /* never all 0 */
        for (int i = 0; i < n; i++)
            w[i] = 1;
}
