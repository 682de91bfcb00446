/*
 * ai_hints.c - what a rule set tells the computer players about how to play
 * it (rules.h, eng_hints_methods): measured hints, never rules (docs/ai.md).
 * The only reader of that part of a rule set: the search scale and finish,
 * whole-turn planning, the playouts' weights, and the door to a learned
 * evaluation (the position as a fixed-length vector of numbers from one
 * side's point of view, where the network's weights live, and which levels
 * judge by it by default). The network itself is ai_net.c; it sees only the
 * vector.
 */
#include <stdio.h>
#include <string.h>
#include "ai.h"
#include "ai_private.h"
#include "rules.h"
#include "scenario.h"

/* The rule set's hints; a rule set without any leaves the levels' defaults. */
static const eng_hints_methods *hints_of(const eng_rules *r)
{
    static const eng_hints_methods none;
    return r->hints ? r->hints : &none;
}

double ai_hints_search_scale(const eng_game *g)
{
    double k = hints_of(eng_game_rules(g))->search_scale;
    return k > 0 ? k : 1.0;
}

double ai_hints_search_finish(const eng_game *g)
{
    double f = hints_of(eng_game_rules(g))->search_finish;
    return f > 0 && f <= 1 ? f : 0.0;
}

int ai_hints_search_horizon(const eng_game *g)
{
    int h = hints_of(eng_game_rules(g))->search_horizon;
    return h > 0 ? h : 0;
}

void ai_budget_for_game(ai_budget *b, const eng_game *g)
{
    b->level_scale = g ? ai_hints_search_scale(g) : 1;
    b->level_finish = g ? ai_hints_search_finish(g) : 0;
    b->level_horizon = g ? ai_hints_search_horizon(g) : 0;
}

bool ai_hints_plans_turns(const eng_game *g)
{
    return hints_of(eng_game_rules(g))->plan_turns;
}

bool ai_hints_thumb_follows(const eng_game *g)
{
    return hints_of(eng_game_rules(g))->thumb_follows;
}

ai_hints_weigher ai_hints_playout_weigher(const eng_state *s)
{
    const eng_game *g = eng_state_game(s);
    return (ai_hints_weigher){.fn = hints_of(eng_game_rules(g))->playout_weights,
                              .data = eng_game_data(g), .body = eng_state_cbody(s)};
}

bool ai_hints_playout_weights(const eng_state *s, const eng_action *acts, int n, double *w)
{
    ai_hints_weigher h = ai_hints_playout_weigher(s);
    return ai_hints_weigh(&h, acts, n, w);
}

/* ---- a learned evaluation ---------------------------------------------------- */

int ai_hints_feature_count(const eng_rules *r)
{
    const eng_hints_methods *h = hints_of(r);
    return h->features ? h->feature_count : 0;
}

bool ai_hints_features(const eng_state *s, int player, float *out)
{
    const eng_game *g = eng_state_game(s);
    const eng_hints_methods *h = hints_of(eng_game_rules(g));
    if (!h->features || h->feature_count <= 0)
        return false;
    h->features(eng_game_data(g), eng_state_cbody(s), player, out);
    return true;
}

bool ai_hints_eval_net_path(const eng_rules *r, char *buf, size_t n)
{
    const eng_hints_methods *h = hints_of(r);
    if (!h->eval_net || !h->features) {
        if (n)
            buf[0] = '\0';
        return false;
    }
    snprintf(buf, n, "%s/%s/%s", eng_data_dir(), eng_rules_name(r), h->eval_net);
    return true;
}

bool ai_hints_eval_net_default(const eng_game *g)
{
    const eng_rules *r = eng_game_rules(g);
    return hints_of(r)->eval_net_default && ai_hints_feature_count(r) > 0;
}

/* ---- the learned evaluation by level ------------------------------------------- */

/* Is word one of the space- or comma-separated names in list? */
static bool listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; *p;) {
        while (*p == ' ' || *p == ',')
            p++;
        size_t k = strcspn(p, " ,");
        if (k == n && k > 0 && strncmp(p, word, n) == 0)
            return true;
        p += k;
    }
    return false;
}

bool ai_hints_eval_net_for_level(const eng_game *g, const char *level)
{
    if (!ai_hints_eval_net_default(g))
        return false;
    const char *levels = hints_of(eng_game_rules(g))->eval_net_levels;
    if (!levels)
        return true;
    return level && listed(levels, level);
}
