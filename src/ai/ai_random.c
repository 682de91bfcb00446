/*
 * ai_random.c - the random player: any legal action, uniformly, except
 * those the rule set's playout hint rules out entirely (weight 0: its
 * plainly wrong moves, conceding in Pocket Battles); with the setting
 * hint=0, any legal action at all (the blunder suite's yardstick).
 */
#include <stdlib.h>
#include "ai_private.h"
#include "rng.h"

static eng_action random_choose(ai_player *p, const eng_state *s, ai_explanation *why)
{
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    double w[ENG_MAX_ACTIONS];
    if (p->cfg.hint >= 0 && eng_current_player(s) >= 0 && ai_hints_playout_weights(s, acts, n, w)) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (w[i] > 0)
                acts[k++] = acts[i];
        n = k;
    }
    eng_rng r = {p->rng};
    eng_action a = acts[rng_below(&r, (uint32_t)n)];
    p->rng = r.s;
    if (why) {
        why->count = 1;
        why->best[0] = (ai_candidate){a, 1.0 / n, 1};
    }
    return a;
}

const ai_kind ai_random_kind = {
    .name = "random",
    .summary = "picks any legal action at random",
    .budget_text = "",
    .choose = random_choose,
};
