/*
 * ai_flat.c - flat Monte Carlo: a search with no tree, kept as a yardstick
 * between thumb and the tree search.
 *
 * For each legal action it plays a few short random continuations (chance
 * sampled from the listed probabilities with its own generator) and scores
 * where they lead with the rule set's heuristic; it picks the action with
 * the best average. When the position hides something from it, every
 * continuation starts from a position re-dealt from what its seat can see,
 * so it never peeks.
 */
#include <stdbool.h>
#include <stdlib.h>
#include "ai_private.h"

#define FLAT_DEFAULT_ROLLOUTS 480
#define FLAT_MIN_PER_ACTION 4
#define FLAT_HORIZON 40

static eng_action flat_choose(ai_player *p, const eng_state *s, ai_explanation *why)
{
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    int me = eng_current_player(s);
    int budget = p->cfg.iterations > 0 ? p->cfg.iterations : FLAT_DEFAULT_ROLLOUTS;
    int per = budget / n;
    if (per < FLAT_MIN_PER_ACTION)
        per = FLAT_MIN_PER_ACTION;

    ai_scored *c = malloc((size_t)n * sizeof *c);
    if (!c)
        abort();
    long total = 0;
    bool secrets = eng_hides_from(s, me);
    eng_state *work = eng_state_clone(s);
    for (int i = 0; i < n; i++) {
        int done;
        double sum = ai_sample_action(s, me, acts[i], per, FLAT_HORIZON, secrets, work,
                                      &p->rng, &done);
        double mean = done ? sum / done : 0;
        c[i] = (ai_scored){{acts[i], mean, done}, mean + ai_rand_fraction(&p->rng) * 1e-6};
        total += done;
    }
    eng_state_free(work);
    eng_action best = ai_rank(c, n, total, why);
    free(c);
    return best;
}

const ai_kind ai_flat_kind = {
    .name = "flat",
    .summary = "flat Monte Carlo: tries each action in a few short random "
               "continuations and takes the one that does best on average",
    .default_iterations = FLAT_DEFAULT_ROLLOUTS,
    .budget_text = "%d samples",
    /* the stream the rule-of-thumb player had when it played this way, so
     * the figures taken with it then (docs/ai.md) are flat's */
    .seed_salt = UINT64_C(0x7468756d62),
    .choose = flat_choose,
};
