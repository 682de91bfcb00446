/*
 * ai.c - the registry of computer players and the wrappers around them.
 */
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "ai_private.h"
#include "rng.h"

static const ai_kind *const kinds[] = {
    &ai_random_kind,
    &ai_thumb_kind,
    NULL,
};

const ai_kind *const *ai_registry(void) { return kinds; }

const ai_kind *ai_kind_find(const char *name)
{
    for (int i = 0; kinds[i]; i++)
        if (strcmp(kinds[i]->name, name) == 0)
            return kinds[i];
    return NULL;
}

ai_player *ai_new(const ai_kind *k, const ai_config *cfg)
{
    ai_config c = cfg ? *cfg : (ai_config){0};
    ai_player *p = k->create(&c);
    p->kind = k;
    return p;
}

void ai_free(ai_player *p)
{
    if (p)
        p->kind->destroy(p);
}

const ai_kind *ai_player_kind(const ai_player *p) { return p->kind; }

eng_action ai_choose(ai_player *p, const eng_state *s, ai_explanation *why)
{
    if (why)
        why->count = 0;
    return p->kind->choose(p, s, why);
}

eng_action ai_sample_chance(const eng_state *s, uint64_t *state)
{
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = eng_chance_outcomes(s, out, prob);
    eng_rng r = {*state};
    double u = rng_fraction(rng_next(&r));
    *state = r.s;
    return out[eng_pick_outcome(prob, n, u)];
}
