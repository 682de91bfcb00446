/*
 * ai_plan.c - whole-turn planning: online evolutionary planning (Justesen,
 * Mahlmann, Risi and Togelius, 2017) over the run of decisions the side to
 * move makes before the other side takes over.
 *
 * A plan is the sequence of the side's own decisions from here to the end
 * of its run (its units' moves, facings, shots and assaults in a turn of
 * unit-by-unit activation); chance in between is not part of it. A plan is
 * judged by playing it from the position in a few dice sequences and
 * asking the rule set's heuristic what the position is worth where the run
 * ends (the other side about to start a part of its own, or the battle
 * over), averaged. The dice sequences are the same for every plan of a
 * decision (common random numbers) and stratified: at each chance point
 * the samples' fractions are spread evenly over [0, 1), so that with 8
 * samples a die's faces all come up about as often as they should. Where
 * a plan's action is not legal in a sample (a target destroyed sooner, a
 * unit gone), a replacement is drawn by the playout hint: the plan is
 * repaired, never thrown away. Small replies of the other side on the way
 * (which square a hit unit retreats to) are its greedy best by the
 * heuristic.
 *
 * The population starts from the rule of thumb's plan (each decision the
 * thumb player's choice, ai_thumb_judge) and random plans; each generation
 * keeps the better half and fills the rest with children: uniform
 * crossover of two parents, then one decision changed (the rest kept and
 * repaired where it no longer fits). The plans the hint gives no weight
 * (plainly wrong moves) are never drawn. At the end the leaders are judged
 * again on fresh dice, and the best plan's first action is played; the
 * next decision plans again from what the dice did.
 *
 * Where the run is a single decision (laying a gun before the other side
 * lays its own, a reply in the other side's part) there is nothing to plan
 * and the caller searches as before (ai_plan_decide says so).
 */
#include <stdlib.h>
#include <string.h>
#include "ai_private.h"
#include "rng.h"

#define PLAN_MAX 64           /* own decisions in a plan */
#define PLAN_POP 24           /* plans in the population */
#define PLAN_SAMPLES 8        /* dice sequences a plan is judged on */
#define PLAN_FINAL 4          /* leaders judged again at the end */
#define PLAN_FINAL_SAMPLES 16 /* ... on this many fresh dice sequences */
#define PLAN_REPLY_CHOICES 16 /* the other side's reply is followed when this small */
#define PLAN_RUNS_PER_ITERATION 2  /* runs (plans x samples) a level iteration buys */

typedef struct plan {
    int len;
    int fresh;                /* the decision drawn anew at the next judging; -1 none */
    int count;                /* runs judged, over the generations' dice */
    double sum;               /* ... the heuristic's values added up */
    double fitness;           /* sum / count */
    eng_action act[PLAN_MAX];
} plan;

typedef struct planner {
    const eng_state *root;
    int me;
    uint64_t dice;            /* the decision's dice sequences and repairs */
    uint64_t rng;             /* mutation and crossover */
    eng_state *work, *snap, *tmp;
    eng_action acts[ENG_MAX_ACTIONS];
    double w[ENG_MAX_ACTIONS];
    long runs;
} planner;

/* Sample k's fraction at the j-th chance point of a run: the samples
 * spread evenly, rotated by an offset of the point's own. */
static double dice_fraction(uint64_t dice, int k, int samples, int j)
{
    double u = rng_fraction(rng_mix(dice ^ ((uint64_t)(j + 1) * UINT64_C(0x9e3779b97f4a7c15)))) +
               (double)k / samples;
    return u >= 1 ? u - 1 : u;
}

static void chance_step(eng_state *s, uint64_t dice, int k, int samples, int j)
{
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = eng_chance_outcomes(s, out, prob);
    eng_apply_fast(s, out[eng_pick_outcome(prob, n, dice_fraction(dice, k, samples, j))]);
}

/* The legal actions of s, leaving out those the hint gives no weight
 * unless nothing else is left; weights in pl->w. Returns how many. */
static int usable(planner *pl, const eng_state *s)
{
    int n = eng_legal_actions(s, pl->acts);
    if (!ai_hints_playout_weights(s, pl->acts, n, pl->w)) {
        for (int i = 0; i < n; i++)
            pl->w[i] = 1;
        return n;
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (pl->w[i] > 0) {
            pl->acts[m] = pl->acts[i];
            pl->w[m++] = pl->w[i];
        }
    if (m > 0)
        return m;
    for (int i = 0; i < n; i++)
        pl->w[i] = 1;
    return eng_legal_actions(s, pl->acts);
}

static bool listed(const eng_action *acts, int n, eng_action a)
{
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return true;
    return false;
}

/* The other side's greedy reply in s (who decides, n small choices). */
static eng_action greedy_reply(planner *pl, const eng_state *s, int who, const eng_action *acts,
                               int n)
{
    int best = 0;
    double top = -1;
    for (int i = 0; i < n; i++) {
        eng_state_copy(pl->tmp, s);
        eng_apply_fast(pl->tmp, acts[i]);
        double v = eng_heuristic(pl->tmp, who);
        if (v > top) {
            top = v;
            best = i;
        }
    }
    return acts[best];
}

/* The other side decides in s inside the run, just after chance (where a
 * hit unit retreats, whether a winner advances): follows its reply if it
 * is small and hands the decision straight back to me (chance resolved);
 * true if so. Else s is left as it was and the run ends there. */
static bool reply(planner *pl, eng_state *s, int k, int samples, int *j)
{
    int who = eng_current_player(s);
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    if (n > PLAN_REPLY_CHOICES)
        return false;
    eng_state_copy(pl->snap, s);
    int jj = *j;
    eng_apply_fast(s, n == 1 ? acts[0] : greedy_reply(pl, s, who, acts, n));
    while (eng_current_player(s) == ENG_CHANCE)
        chance_step(s, pl->dice, k, samples, jj++);
    int next = eng_current_player(s);
    if (next == pl->me || next == ENG_TERMINAL) {
        *j = jj;
        return true;
    }
    eng_state_copy(s, pl->snap);
    return false;
}

/* Plays plan g in dice sequence k of `samples`; returns what the heuristic
 * makes of the end of the run for me. With `record` (sequence 0), the
 * actions played become the plan: repairs, the fresh decision and the
 * decisions added past its end. With `thumb`, every own decision is the
 * rule of thumb's. */
static double run(planner *pl, plan *g, int k, int samples, bool record, bool thumb)
{
    eng_state *s = pl->work;
    eng_state_copy(s, pl->root);
    uint64_t repair = rng_mix(pl->dice ^ UINT64_C(0x726570616972) ^ (uint64_t)k);
    int i = 0, j = 0;
    bool after_chance = false;
    for (;;) {
        int who = eng_current_player(s);
        if (who == ENG_TERMINAL)
            break;
        if (who == ENG_CHANCE) {
            chance_step(s, pl->dice, k, samples, j++);
            after_chance = true;
            continue;
        }
        bool chanced = after_chance;
        after_chance = false;
        if (who != pl->me) {
            if (chanced && reply(pl, s, k, samples, &j))
                continue;
            break;
        }
        if (i >= PLAN_MAX)
            break;
        int n = usable(pl, s);
        eng_action a;
        if (thumb && n > 1) {
            double value[ENG_MAX_ACTIONS];
            ai_thumb_judge(s, pl->acts, n, 0, &repair, value, NULL);
            int best = 0;
            for (int x = 1; x < n; x++)
                if (value[x] > value[best] + 1e-9)
                    best = x;
            a = pl->acts[best];
        } else if (record && i == g->fresh && n > 1) {
            eng_action old = i < g->len ? g->act[i] : pl->acts[0];
            do
                a = ai_weighted_pick(pl->acts, pl->w, n, &pl->rng);
            while (a == old && listed(pl->acts, n, old) && ai_rand_fraction(&pl->rng) < 0.95);
        } else if (i < g->len && listed(pl->acts, n, g->act[i])) {
            a = g->act[i];
        } else {
            a = ai_weighted_pick(pl->acts, pl->w, n, record ? &pl->rng : &repair);
        }
        if (record)
            g->act[i] = a;
        i++;
        eng_apply_fast(s, a);
    }
    if (record) {
        g->len = i;
        g->fresh = -1;
    }
    pl->runs++;
    if (eng_is_terminal(s)) {
        double v[ENG_MAX_PLAYERS];
        eng_returns(s, v);
        return v[pl->me];
    }
    return eng_heuristic(s, pl->me);
}

/* Judges g on the generation's dice sequences, adding to what earlier
 * generations' dice made of it; a new plan is first played out (and
 * repaired) on the first sequence. */
static void judge(planner *pl, plan *g, bool thumb)
{
    int k = 0;
    if (g->count == 0) {
        g->sum = run(pl, g, 0, PLAN_SAMPLES, true, thumb);
        g->count = k = 1;
    }
    for (; k < PLAN_SAMPLES; k++) {
        plan copy = *g;
        g->sum += run(pl, &copy, k, PLAN_SAMPLES, false, false);
        g->count++;
    }
    g->fitness = g->sum / g->count;
}

static int by_fitness(const void *a, const void *b)
{
    const plan *x = a, *y = b;
    return (x->fitness < y->fitness) - (x->fitness > y->fitness);
}

/* A child of a and b: each decision from either (uniform crossover), then
 * one decision to be drawn anew. */
static void breed(planner *pl, const plan *a, const plan *b, plan *child)
{
    *child = *a;
    child->count = 0;
    child->sum = 0;
    if (b != a && ai_rand_fraction(&pl->rng) < 0.5) {
        int common = a->len < b->len ? a->len : b->len;
        for (int i = 0; i < common; i++)
            if (ai_rand_fraction(&pl->rng) < 0.5)
                child->act[i] = b->act[i];
    }
    int len = child->len > 0 ? child->len : 1;
    child->fresh = (int)ai_rand_below(&pl->rng, (uint32_t)len);
}

static bool out_of_budget(const planner *pl, long runs, double deadline)
{
    return (runs > 0 && pl->runs >= runs) || (deadline > 0 && ai_now() >= deadline);
}

eng_action ai_plan_decide(ai_player *p, const eng_state *s, ai_explanation *why, bool *planned)
{
    const ai_config *c = &p->cfg;
    double t0 = ai_now();
    double deadline = c->time_ms > 0 ? t0 + c->time_ms / 1000.0 : 0;
    long runs = c->iterations > 0 ? (long)c->iterations * PLAN_RUNS_PER_ITERATION : 0;
    planner *pl = calloc(1, sizeof *pl);
    plan *pop = calloc(PLAN_POP * 2, sizeof *pop);
    if (!pl || !pop)
        abort();
    pl->root = s;
    pl->me = eng_current_player(s);
    eng_rng r = {p->rng};
    pl->dice = rng_next(&r);
    pl->rng = rng_next(&r);
    p->rng = r.s;
    pl->work = eng_state_clone(s);
    pl->snap = eng_state_clone(s);
    pl->tmp = eng_state_clone(s);

    /* the rule of thumb's plan, then random ones and its variations */
    int count = 0;
    pop[count] = (plan){.fresh = -1};
    judge(pl, &pop[count++], true);
    int longest = pop[0].len;
    plan thumb = pop[0];
    while (count < PLAN_POP) {
        plan *g = &pop[count++];
        if (count % 2 == 0)
            breed(pl, &pop[0], &pop[0], g);
        else
            *g = (plan){.fresh = -1};
        judge(pl, g, false);
        if (g->len > longest)
            longest = g->len;
    }
    *planned = longest > 1;
    eng_action best = pop[0].act[0];
    if (*planned) {
        /* each generation: the better half stays and is judged again on
         * new dice, the other half is replaced by children */
        int half = PLAN_POP / 2;
        uint64_t dice0 = pl->dice;
        for (uint64_t gen = 1; !out_of_budget(pl, runs, deadline); gen++) {
            qsort(pop, PLAN_POP, sizeof *pop, by_fitness);
            for (int i = half; i < PLAN_POP; i++) {
                const plan *a = &pop[ai_rand_below(&pl->rng, (uint32_t)half)];
                const plan *b = &pop[ai_rand_below(&pl->rng, (uint32_t)half)];
                breed(pl, a, b, &pop[PLAN_POP + i]);
            }
            memcpy(&pop[half], &pop[PLAN_POP + half], (size_t)(PLAN_POP - half) * sizeof *pop);
            pl->dice = rng_mix(dice0 + gen * UINT64_C(0x9e3779b97f4a7c15));
            for (int i = 0; i < PLAN_POP && !(i % 4 == 3 && out_of_budget(pl, 0, deadline)); i++)
                judge(pl, &pop[i], false);
        }
        qsort(pop, PLAN_POP, sizeof *pop, by_fitness);
        /* the leaders with different first actions, and the rule of
         * thumb's, judged again on fresh dice */
        int lead = 0;
        plan leader[PLAN_FINAL + 1];
        for (int i = 0; i < PLAN_POP && lead < PLAN_FINAL; i++) {
            bool seen = false;
            for (int x = 0; x < lead; x++)
                seen = seen || leader[x].act[0] == pop[i].act[0];
            if (!seen)
                leader[lead++] = pop[i];
        }
        bool seen = false;
        for (int x = 0; x < lead; x++)
            seen = seen || leader[x].act[0] == thumb.act[0];
        if (!seen)
            leader[lead++] = thumb;
        pl->dice = rng_mix(dice0 ^ UINT64_C(0x6672657368));
        int top = 0;
        double value[PLAN_FINAL + 1];
        for (int x = 0; x < lead; x++) {
            double sum = 0;
            for (int k = 0; k < PLAN_FINAL_SAMPLES; k++) {
                plan copy = leader[x];
                sum += run(pl, &copy, k, PLAN_FINAL_SAMPLES, false, false);
            }
            value[x] = (leader[x].sum + sum) / (leader[x].count + PLAN_FINAL_SAMPLES);
            if (value[x] > value[top])
                top = x;
        }
        best = leader[top].act[0];
        if (why) {
            why->count = 0;
            for (int x = 0; x < lead; x++) {
                int y = x == 0 ? top : x <= top ? x - 1 : x;
                why->best[why->count++] = (ai_candidate){leader[y].act[0], value[y],
                                                         leader[y].count + PLAN_FINAL_SAMPLES};
            }
            why->iterations = pl->runs;
            why->threads = 1;
            why->tree = false;
        }
    }
    eng_state_free(pl->work);
    eng_state_free(pl->snap);
    eng_state_free(pl->tmp);
    free(pop);
    free(pl);
    return best;
}
