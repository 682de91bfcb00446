/*
 * pwg_blunder.c - Pocket Wargame's plainly wrong deployments, for the
 * playout hint (pwg_heuristic.c), which gives them no weight: the tree
 * search then never tries them while anything else is legal. A wargamer's
 * sense, never a rule:
 *
 *   placing a cavalry coin on a card it cannot take its Cavalry-phase step
 *     from (ground that is not good going, or good going with no good-going
 *     card beside it), while another card open to the same coin allows it.
 */
#include "pwg.h"

/* May a unit standing at loc take a Cavalry-phase step anywhere? */
static bool cavalry_can_step(const pwg_data *d, const pwg_state *s, int loc)
{
    for (int k = 0; k < d->nnbr[loc]; k++)
        if (pwg_step_ok(d, s, loc, d->nbr[loc][k], PWG_STEP_CAV))
            return true;
    return false;
}

static bool cavalry_deploy(const pwg_data *d, eng_action a)
{
    return PWG_KIND(a) == PWG_A_DEPLOY && PWG_FA(a) < d->ntypes
        && d->type[PWG_FA(a)].cls == PWG_CAVALRY;
}

void pwg_blunder_weights(const pwg_data *d, const pwg_state *s, const eng_action *acts, int n,
                         double *w)
{
    if (s->stage != PWG_S_DEPLOY)
        return;
    /* per cavalry type: may some listed card of it take the step? */
    bool good[PWG_MAX_TYPES] = {false}, stuck[ENG_MAX_ACTIONS];
    bool any = false;
    for (int i = 0; i < n; i++) {
        stuck[i] = false;
        if (!cavalry_deploy(d, acts[i]) || PWG_FB(acts[i]) >= d->nlocs)
            continue;
        stuck[i] = !cavalry_can_step(d, s, PWG_FB(acts[i]));
        if (stuck[i])
            any = true;
        else
            good[PWG_FA(acts[i])] = true;
    }
    if (!any)
        return;
    for (int i = 0; i < n; i++)
        if (stuck[i] && good[PWG_FA(acts[i])])
            w[i] = 0;
}
