/*
 * ai.c - the registry of computer players, the wrappers around them (which
 * answer forced moves at once and time every decision) and the pieces all
 * kinds share: sampling chance with the player's own generator and the
 * random playout.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ai.h"
#include "ai_private.h"
#include "ai_net.h"
#include "rng.h"

static const ai_kind *const kinds[] = {
    &ai_random_kind,
    &ai_thumb_kind,
    &ai_flat_kind,
    &ai_mcts_kind,
    &ai_oracle_kind,
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
    if (c.iterations <= 0 && c.time_ms <= 0)
        c.iterations = k->default_iterations;
    if (c.iterations < 0)
        c.iterations = 0;
    if (c.time_ms < 0)
        c.time_ms = 0;
    if (c.threads <= 0)
        c.threads = 1;
    if (c.threads > AI_MAX_THREADS)
        c.threads = AI_MAX_THREADS;
    ai_player *p = calloc(1, sizeof *p);
    if (!p)
        abort();
    p->kind = k;
    p->cfg = c;
    p->rng = c.seed ^ k->seed_salt;
    return p;
}

void ai_free(ai_player *p)
{
    if (p)
        ai_net_free(p->net);
    free(p);
}

const struct ai_net *ai_player_net(ai_player *p, const eng_state *s)
{
    const eng_game *g = eng_state_game(s);
    int want = p->cfg.eval ? p->cfg.eval : ai_hints_eval_net_for_level(g, p->cfg.level) ? 1 : -1;
    if (want < 0)
        return NULL;
    if (p->net_game != g) {
        ai_net_free(p->net);
        p->net_game = g;
        eng_error err;
        p->net = ai_net_for_rules_file(eng_game_rules(g), p->cfg.net, &err);
        if (!p->net && p->cfg.eval > 0)
            fprintf(stderr, "pocketwar: eval=net: %s; judging by the heuristic\n", err.msg);
    }
    return p->net;
}

void ai_score_by(const struct ai_net *net, const eng_state *s, double *value)
{
    if (net)
        ai_net_score(net, s, value);
    else
        ai_score(s, value);
}

const ai_kind *ai_player_kind(const ai_player *p) { return p->kind; }
const ai_config *ai_player_config(const ai_player *p) { return &p->cfg; }

double ai_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

eng_action ai_choose(ai_player *p, const eng_state *s, ai_explanation *why)
{
    double t0 = ai_now();
    if (why)
        memset(why, 0, sizeof *why);
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    eng_action a;
    if (n == 1) {          /* a forced move: nothing to think about */
        a = acts[0];
        if (why) {
            why->count = 1;
            why->best[0] = (ai_candidate){a, eng_heuristic(s, eng_current_player(s)), 0};
        }
    } else {
        a = p->kind->choose(p, s, why);
    }
    if (why) {
        why->actions = n;
        why->seconds = ai_now() - t0;
    }
    return a;
}

uint32_t ai_rand_below(uint64_t *state, uint32_t n)
{
    eng_rng r = {*state};
    uint32_t v = rng_below(&r, n);
    *state = r.s;
    return v;
}

double ai_rand_fraction(uint64_t *state)
{
    eng_rng r = {*state};
    double u = rng_fraction(rng_next(&r));
    *state = r.s;
    return u;
}

int ai_sample_chance_of(const eng_state *s, uint64_t *state, eng_action *pick)
{
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = eng_chance_outcomes(s, out, prob);
    eng_rng r = {*state};
    double u = rng_fraction(rng_next(&r));
    *state = r.s;
    *pick = out[eng_pick_outcome(prob, n, u)];
    return n;
}

eng_action ai_sample_chance(const eng_state *s, uint64_t *state)
{
    eng_action a;
    ai_sample_chance_of(s, state, &a);
    return a;
}

/* The sum and the walk add and take off the weights one by one in the
 * list's order, as the plain loops would (the same bits: the same pick),
 * four to a round so that the loops' own bookkeeping costs less (a playout
 * draws one pick a step). */
eng_action ai_weighted_pick(const eng_action *acts, const double *w, int n, uint64_t *rng)
{
    double total = 0;
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        total += w[i];
        total += w[i + 1];
        total += w[i + 2];
        total += w[i + 3];
    }
    for (; i < n; i++)
        total += w[i];
    double x = ai_rand_fraction(rng) * total;
    for (i = 0; i + 4 <= n; i += 4) {
        if (x < w[i])
            return acts[i];
        x -= w[i];
        if (x < w[i + 1])
            return acts[i + 1];
        x -= w[i + 1];
        if (x < w[i + 2])
            return acts[i + 2];
        x -= w[i + 2];
        if (x < w[i + 3])
            return acts[i + 3];
        x -= w[i + 3];
    }
    for (; i < n; i++) {
        if (x < w[i])
            return acts[i];
        x -= w[i];
    }
    return acts[n - 1];
}

/* At most `steps` steps from s, chance steps included: chance sampled from
 * its probabilities, players' actions uniformly at random. acts has room
 * for ENG_MAX_ACTIONS. */
static void play_at_random(eng_state *s, int steps, uint64_t *rng, eng_action *acts)
{
    for (int h = 0; h < steps; h++) {
        int who = eng_current_player(s);
        if (who == ENG_TERMINAL)
            break;
        eng_action a;
        if (who == ENG_CHANCE) {
            a = ai_sample_chance(s, rng);
        } else {
            int n = eng_legal_actions_by(s, who, acts);
            a = acts[ai_rand_below(rng, (uint32_t)n)];
        }
        eng_apply_fast_by(s, who, a);
    }
}

void ai_score(const eng_state *s, double *value)
{
    if (eng_is_terminal(s)) {
        eng_returns(s, value);
        return;
    }
    int np = eng_game_players(eng_state_game(s));
    for (int p = 0; p < np; p++)
        value[p] = eng_heuristic(s, p);
}

void ai_playout(eng_state *s, int horizon, uint64_t *rng, double *value)
{
    eng_action acts[ENG_MAX_ACTIONS];
    play_at_random(s, horizon, rng, acts);
    ai_score(s, value);
}

double ai_sample_action(const eng_state *s, int me, eng_action a, int count, int horizon,
                        bool secrets, eng_state *work, uint64_t *rng, int *done)
{
    double sum = 0;
    *done = 0;
    for (int k = 0; k < count; k++) {
        eng_state_copy(work, s);
        if (secrets) {
            eng_state_resample_hidden(work, me, rng);
            if (!eng_is_legal(work, a, NULL))
                continue;
        }
        eng_apply_fast(work, a);
        double value[ENG_MAX_PLAYERS];
        ai_playout(work, horizon, rng, value);
        sum += value[me];
        (*done)++;
    }
    return sum;
}

static int by_key(const void *a, const void *b)
{
    const ai_scored *x = a, *y = b;
    return (x->key < y->key) - (x->key > y->key);
}

eng_action ai_rank(ai_scored *c, int n, long work, ai_explanation *why)
{
    qsort(c, (size_t)n, sizeof *c, by_key);
    if (why) {
        why->count = n < AI_EXPLAIN_MAX ? n : AI_EXPLAIN_MAX;
        for (int i = 0; i < why->count; i++)
            why->best[i] = c[i].c;
        why->iterations = work;
        why->threads = 1;
    }
    return c[0].c.action;
}
