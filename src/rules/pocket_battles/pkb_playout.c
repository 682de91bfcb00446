/*
 * pkb_playout.c - Pocket Battles' playout hint for the computer players: a
 * quick simulated player never concedes (conceding may come at any of a
 * player's turns, and random look-ahead full of surrenders says nothing
 * about a position), and never makes a plainly wrong move, which the tree
 * search then never tries while anything else is legal (a wargamer's sense,
 * never a rule):
 *
 *   holding back a strike back, which is free and risks nothing;
 *   paying an order for a tactical move that the turn's free redeployment
 *     makes as well (it is listed too: nothing has been redeployed yet).
 *
 * Every other action is alike.
 */
#include <assert.h>
#include "pkb.h"

/* Is a listed? */
static bool listed(const eng_action *acts, int n, eng_action a)
{
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return true;
    return false;
}

void pkb_playout_weights(const void *data, const void *st, const eng_action *acts, int n,
                         double *w)
{
    (void)data;
    (void)st;
    /* The turn's listing puts the redeployments first, and lists them only
     * while nothing has been redeployed this turn; then every tactical move
     * it lists is also listed as a redeployment: the same unit (standing,
     * deployed, not in an engagement) to the same zone (the same table of
     * adjacent zones, pkb_data.adj). So a tactical move weighs 0 exactly
     * when the list starts with a redeployment (debug builds check it
     * against the list itself). */
    int zeros = 0;   /* the weights of 0 */
    if (n > 0 && PKB_KIND(acts[0]) == PKB_A_BACK) {
        /* strike back or hold (the listing lists them alone, so never
         * conceding): holding weighs 0 while striking back is listed */
        bool back = listed(acts, n, PKB_ACT(PKB_A_BACK, 1, 0, 0));
        for (int i = 0; i < n; i++) {
            eng_action a = acts[i];
            assert(PKB_KIND(a) == PKB_A_BACK);
            int zero = PKB_FA(a) == 0 && back;
            w[i] = zero ? 0 : 1;
            zeros += zero;
        }
    } else {
        bool redeploys = n > 0 && PKB_KIND(acts[0]) == PKB_A_REDEPLOY;
        /* every other list, mostly orders (the search weighs every list
         * of every playout): a tactical move the redeployment makes as
         * well and conceding weigh 0, everything else 1. move: a tactical
         * move's kind and order fields, or (no redeployment first) a
         * value no action has. */
        const eng_action move = redeploys ? PKB_ACT(PKB_A_ORDER, 0, PKB_O_MOVE, 0) : 0xffffffffu;
        for (int i = 0; i < n; i++) {
            eng_action a = acts[i];
            bool zero = (a & PKB_KIND_FB) == move || PKB_KIND(a) == PKB_A_CONCEDE;
            assert(!((a & PKB_KIND_FB) == PKB_ACT(PKB_A_ORDER, 0, PKB_O_MOVE, 0)) ||
                   zero == (redeploys && listed(acts, n, PKB_ACT(PKB_A_REDEPLOY, PKB_FA(a),
                                                                 PKB_FC(a), 0))));
            assert(PKB_KIND(a) != PKB_A_BACK);
            if (zero) {
                w[i] = 0;
                zeros++;
            } else {
                w[i] = 1;
            }
        }
    }
    if (zeros == n)   /* never all 0 */
        for (int i = 0; i < n; i++)
            w[i] = 1;
}
