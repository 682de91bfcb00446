/*
 * ai_thumb.c - the rule-of-thumb player: quick and sensible, no deep search.
 *
 * For each legal action it plays a few short random continuations (chance
 * sampled from the listed probabilities with its own generator) and scores
 * where they lead with the rule set's heuristic; it picks the action with
 * the best average. So it takes shots and fights that pay on average and
 * avoids ones that lose, without knowing any rule set's details. When the
 * position hides something from it, every continuation starts from a
 * position re-dealt from what its seat can see, so it never peeks.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "ai_private.h"
#include "rng.h"

#define THUMB_DEFAULT_ROLLOUTS 480
#define THUMB_MIN_PER_ACTION 4
#define THUMB_HORIZON 40

static ai_player *thumb_create(const ai_config *cfg)
{
    ai_player *p = calloc(1, sizeof *p);
    if (!p)
        abort();
    p->cfg = *cfg;
    p->rng = cfg->seed ^ UINT64_C(0x7468756d62);
    return p;
}

static void thumb_destroy(ai_player *p) { free(p); }

/* One continuation from after the candidate; the value for `me`. */
static double rollout(eng_state *work, int me, uint64_t *rng)
{
    eng_action acts[ENG_MAX_ACTIONS];
    for (int h = 0; h < THUMB_HORIZON; h++) {
        int who = eng_current_player(work);
        if (who == ENG_TERMINAL) {
            double ret[ENG_MAX_PLAYERS];
            eng_returns(work, ret);
            return ret[me];
        }
        eng_action a;
        if (who == ENG_CHANCE) {
            a = ai_sample_chance(work, rng);
        } else {
            int n = eng_legal_actions(work, acts);
            eng_rng r = {*rng};
            a = acts[rng_below(&r, (uint32_t)n)];
            *rng = r.s;
        }
        eng_apply_fast(work, a);
    }
    return eng_heuristic(work, me);
}

static int by_value(const void *a, const void *b)
{
    const ai_candidate *x = a, *y = b;
    return (x->value < y->value) - (x->value > y->value);
}

static eng_action thumb_choose(ai_player *p, const eng_state *s, ai_explanation *why)
{
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    int me = eng_current_player(s);
    if (n == 1) {
        if (why) {
            why->count = 1;
            why->best[0] = (ai_candidate){acts[0], eng_heuristic(s, me), 0};
        }
        return acts[0];
    }
    int budget = p->cfg.iterations > 0 ? p->cfg.iterations : THUMB_DEFAULT_ROLLOUTS;
    int per = budget / n;
    if (per < THUMB_MIN_PER_ACTION)
        per = THUMB_MIN_PER_ACTION;

    ai_candidate *c = malloc((size_t)n * sizeof *c);
    bool secrets = eng_hides_from(s, me);
    eng_state *after = eng_state_clone(s), *work = eng_state_clone(s);
    for (int i = 0; i < n; i++) {
        eng_state_copy(after, s);
        eng_apply_fast(after, acts[i]);
        double sum = 0;
        int done = 0;
        for (int k = 0; k < per; k++) {
            if (secrets) {
                eng_state_copy(work, s);
                eng_state_resample_hidden(work, me, &p->rng);
                if (!eng_is_legal(work, acts[i], NULL))
                    continue;
                eng_apply_fast(work, acts[i]);
            } else {
                eng_state_copy(work, after);
            }
            sum += rollout(work, me, &p->rng);
            done++;
        }
        /* a whisker of noise breaks ties without favouring list order */
        eng_rng r = {p->rng};
        double noise = rng_fraction(rng_next(&r)) * 1e-6;
        p->rng = r.s;
        c[i] = (ai_candidate){acts[i], (done ? sum / done : 0) + noise, done};
    }
    eng_state_free(after);
    eng_state_free(work);
    qsort(c, (size_t)n, sizeof *c, by_value);
    eng_action best = c[0].action;
    if (why) {
        why->count = n < AI_EXPLAIN_MAX ? n : AI_EXPLAIN_MAX;
        memcpy(why->best, c, (size_t)why->count * sizeof *c);
    }
    free(c);
    return best;
}

const ai_kind ai_thumb_kind = {
    .name = "thumb",
    .summary = "rule of thumb: tries each action in a few short random "
               "continuations and takes the one that does best on average",
    .create = thumb_create,
    .destroy = thumb_destroy,
    .choose = thumb_choose,
};
