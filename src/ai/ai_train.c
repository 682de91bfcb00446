/*
 * ai_train.c - training the learned evaluation by self-play (ai_train.h):
 * the games, the positions sampled from them, and the fit (minibatch Adam
 * on the log loss, a tanh hidden layer and a logistic output), then the
 * held-out figures beside the heuristic's.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai_private.h"
#include "ai_train.h"
#include "rng.h"

#define BATCH 64

ai_train_opts ai_train_defaults(void)
{
    return (ai_train_opts){
        .games = 1000, .seed = 1, .player = "thumb", .explore = 0.1, .every = 6,
        .holdout = 0.1, .hidden = 48, .epochs = 12, .rate = 0.002, .lambda = 1,
        .max_steps = 100000,
    };
}

/* The sampled positions: features from one side's point of view, what the
 * game came to for that side, the heuristic's judgement, the game and side. */
typedef struct samples {
    int inputs;
    long n, cap;
    float *x;
    float *result, *target, *heur;
    int *game;
    unsigned char *side;
} samples;

static void samples_add(samples *d, const float *x, double heur, int game, int side)
{
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 4096;
        d->x = realloc(d->x, (size_t)d->cap * (size_t)d->inputs * sizeof *d->x);
        d->result = realloc(d->result, (size_t)d->cap * sizeof *d->result);
        d->target = realloc(d->target, (size_t)d->cap * sizeof *d->target);
        d->heur = realloc(d->heur, (size_t)d->cap * sizeof *d->heur);
        d->game = realloc(d->game, (size_t)d->cap * sizeof *d->game);
        d->side = realloc(d->side, (size_t)d->cap * sizeof *d->side);
        if (!d->x || !d->result || !d->target || !d->heur || !d->game || !d->side)
            abort();
    }
    memcpy(d->x + (size_t)d->n * (size_t)d->inputs, x, (size_t)d->inputs * sizeof *x);
    d->heur[d->n] = (float)heur;
    d->game[d->n] = game;
    d->side[d->n] = (unsigned char)side;
    d->result[d->n] = d->target[d->n] = 0.5f;
    d->n++;
}

static void samples_free(samples *d)
{
    free(d->x);
    free(d->result);
    free(d->target);
    free(d->heur);
    free(d->game);
    free(d->side);
}

static void say(const ai_train_opts *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void say(const ai_train_opts *o, const char *fmt, ...)
{
    if (!o->progress)
        return;
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    o->progress(o->ctx, line);
}

/* ---- self-play ------------------------------------------------------------------ */

/* One game: seat p played by pl[p], a share of decisions drawn by the
 * playout hint instead; every `every` steps a sample from each side. */
static void play_game(const eng_game *g, const ai_train_opts *o, int k, ai_player **pl,
                      uint64_t *rng, samples *d, int *results)
{
    int np = eng_game_players(g);
    eng_state *s = eng_state_new(g, rng_mix(o->seed * UINT64_C(0x9e3779b97f4a7c15) + (uint64_t)k));
    eng_action acts[ENG_MAX_ACTIONS];
    double w[ENG_MAX_ACTIONS];
    float x[AI_NET_MAX_INPUTS];
    long first = d->n;
    int offset = (int)ai_rand_below(rng, (uint32_t)o->every);
    for (int step = 0; !eng_is_terminal(s) && step < o->max_steps; step++) {
        if ((step + offset) % o->every == 0) {
            for (int p = 0; p < np; p++) {
                ai_hints_features(s, p, x);
                samples_add(d, x, eng_heuristic(s, p), k, p);
            }
        }
        int who = eng_current_player(s);
        eng_action a;
        if (who == ENG_CHANCE) {
            a = eng_chance_sample(s);     /* the game's own dice, from its seed */
        } else {
            int n = eng_legal_actions(s, acts);
            if (n > 1 && ai_rand_fraction(rng) < o->explore) {
                if (!ai_hints_playout_weights(s, acts, n, w))
                    for (int i = 0; i < n; i++)
                        w[i] = 1;
                a = ai_weighted_pick(acts, w, n, rng);
            } else {
                a = ai_choose(pl[who], s, NULL);
            }
        }
        eng_apply_fast(s, a);
    }
    double ret[ENG_MAX_PLAYERS];
    for (int p = 0; p < np; p++)
        ret[p] = 0.5;
    if (eng_is_terminal(s))
        eng_returns(s, ret);
    for (long i = first; i < d->n; i++)
        d->result[i] = d->target[i] = (float)ret[d->side[i]];
    if (np == 2)
        results[ret[0] > ret[1] ? 0 : ret[1] > ret[0] ? 1 : 2]++;
    eng_state_free(s);
}

/* ---- the fit ---------------------------------------------------------------------- */

/* The parameters as one vector of doubles while training: w1 (hidden x
 * inputs), b1, w2, b2. */
typedef struct params {
    int in, hid;
    size_t count;
    double *v;
} params;

static double *w1_of(params *p) { return p->v; }
static double *b1_of(params *p) { return p->v + (size_t)p->hid * (size_t)p->in; }
static double *w2_of(params *p) { return b1_of(p) + p->hid; }
static double *b2_of(params *p) { return w2_of(p) + p->hid; }

static double forward(params *p, const float *x, double *act)
{
    const double *w1 = w1_of(p), *b1 = b1_of(p), *w2 = w2_of(p);
    double out = *b2_of(p);
    for (int j = 0; j < p->hid; j++) {
        const double *w = w1 + (size_t)j * (size_t)p->in;
        double a = b1[j];
        for (int i = 0; i < p->in; i++)
            a += w[i] * x[i];
        act[j] = tanh(a);
        out += w2[j] * act[j];
    }
    return 1.0 / (1.0 + exp(-out));
}

static double log_loss(double pred, double y)
{
    const double eps = 1e-6;
    pred = pred < eps ? eps : pred > 1 - eps ? 1 - eps : pred;
    return -(y * log(pred) + (1 - y) * log(1 - pred));
}

/* Accumulates the log loss's gradient for one example into grad; returns
 * its loss. */
static double backward(params *p, const float *x, double y, double *act, double *grad)
{
    double pred = forward(p, x, act);
    double dout = pred - y;           /* d loss / d logit */
    double *gw1 = grad, *gb1 = grad + (size_t)p->hid * (size_t)p->in;
    double *gw2 = gb1 + p->hid, *gb2 = gw2 + p->hid;
    const double *w2 = w2_of(p);
    *gb2 += dout;
    for (int j = 0; j < p->hid; j++) {
        gw2[j] += dout * act[j];
        double dh = dout * w2[j] * (1 - act[j] * act[j]);
        gb1[j] += dh;
        double *gw = gw1 + (size_t)j * (size_t)p->in;
        for (int i = 0; i < p->in; i++)
            gw[i] += dh * x[i];
    }
    return log_loss(pred, y);
}

/* TD(lambda): each sample's target the lambda-return along its game and
 * side, from the game's result and the network's judgement of the samples
 * after it (samples of a game are stored in order). */
static void lambda_targets(params *p, samples *d, long n, double lambda, double *act)
{
    for (long hi = n; hi > 0;) {
        long lo = hi - 1;
        while (lo > 0 && d->game[lo - 1] == d->game[hi - 1])
            lo--;
        for (int side = 0; side < 2; side++) {
            double next_g = -1, next_v = 0;
            for (long i = hi - 1; i >= lo; i--) {
                if (d->side[i] != side)
                    continue;
                double t = next_g < 0 ? d->result[i]
                                      : (1 - lambda) * next_v + lambda * next_g;
                d->target[i] = (float)t;
                next_g = t;
                next_v = forward(p, d->x + (size_t)i * (size_t)d->inputs, act);
            }
        }
        hi = lo;
    }
}

static double mean_loss(params *p, const samples *d, long lo, long hi, double *act)
{
    double sum = 0;
    for (long i = lo; i < hi; i++)
        sum += log_loss(forward(p, d->x + (size_t)i * (size_t)d->inputs, act), d->result[i]);
    return hi > lo ? sum / (double)(hi - lo) : 0;
}

static void fit(params *p, samples *d, long n_train, long n_all, const ai_train_opts *o,
                uint64_t *rng, ai_train_report *rep)
{
    size_t count = p->count;
    double *grad = calloc(count, sizeof *grad), *m = calloc(count, sizeof *m);
    double *v = calloc(count, sizeof *v), *act = calloc((size_t)p->hid, sizeof *act);
    long *order = malloc((size_t)(n_train ? n_train : 1) * sizeof *order);
    if (!grad || !m || !v || !act || !order)
        abort();
    for (long i = 0; i < n_train; i++)
        order[i] = i;
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    long t = 0;
    for (int e = 0; e < o->epochs; e++) {
        if (o->lambda < 1 && e > 0)
            lambda_targets(p, d, n_train, o->lambda, act);
        for (long i = n_train - 1; i > 0; i--) {   /* a seeded shuffle */
            long j = (long)(ai_rand_fraction(rng) * (double)(i + 1));
            long tmp = order[i];
            order[i] = order[j];
            order[j] = tmp;
        }
        double loss = 0;
        for (long at = 0; at < n_train; at += BATCH) {
            long end = at + BATCH < n_train ? at + BATCH : n_train;
            memset(grad, 0, count * sizeof *grad);
            for (long k = at; k < end; k++) {
                long i = order[k];
                loss += backward(p, d->x + (size_t)i * (size_t)d->inputs, d->target[i], act,
                                 grad);
            }
            t++;
            double scale = 1.0 / (double)(end - at);
            double c1 = 1 - pow(b1, (double)t), c2 = 1 - pow(b2, (double)t);
            for (size_t q = 0; q < count; q++) {
                double gq = grad[q] * scale;
                m[q] = b1 * m[q] + (1 - b1) * gq;
                v[q] = b2 * v[q] + (1 - b2) * gq * gq;
                p->v[q] -= o->rate * (m[q] / c1) / (sqrt(v[q] / c2) + eps);
            }
        }
        rep->train_loss = n_train ? loss / (double)n_train : 0;
        double held = mean_loss(p, d, n_train, n_all, act);
        say(o, "epoch %d of %d: log loss %.4f on the training positions (against %s), "
            "%.4f held out (against the results)", e + 1, o->epochs, rep->train_loss,
            o->lambda < 1 ? "lambda-returns" : "the results", held);
    }
    free(grad);
    free(m);
    free(v);
    free(act);
    free(order);
}

/* ---- the whole run -------------------------------------------------------------- */

/* A network's log loss and share of winners named on samples lo..hi-1. */
static void judge_net(const ai_net *net, const samples *d, long lo, long hi, double *loss_out,
                      double *acc_out)
{
    double loss = 0, right = 0;
    long decided = 0;
    for (long i = lo; i < hi; i++) {
        double y = d->result[i];
        double pred = ai_net_eval(net, d->x + (size_t)i * (size_t)d->inputs);
        loss += log_loss(pred, y);
        if (y == 0.5)
            continue;
        decided++;
        right += pred == 0.5 ? 0.5 : (pred > 0.5) == (y > 0.5);
    }
    *loss_out = hi > lo ? loss / (double)(hi - lo) : 0;
    *acc_out = decided ? right / (double)decided : 0;
}

static void judge_held_out(const ai_net *net, const samples *d, long lo, long hi,
                           ai_train_report *rep)
{
    double loss = 0, hloss = 0, right = 0, hright = 0;
    long decided = 0;
    for (long i = lo; i < hi; i++) {
        double y = d->result[i];
        double pred = ai_net_eval(net, d->x + (size_t)i * (size_t)d->inputs);
        double h = d->heur[i];
        loss += log_loss(pred, y);
        hloss += log_loss(h, y);
        if (y == 0.5)
            continue;
        decided++;
        right += pred == 0.5 ? 0.5 : (pred > 0.5) == (y > 0.5);
        hright += h == 0.5 ? 0.5 : (h > 0.5) == (y > 0.5);
    }
    long n = hi - lo;
    rep->test_loss = n ? loss / (double)n : 0;
    rep->heur_loss = n ? hloss / (double)n : 0;
    rep->test_acc = decided ? right / (double)decided : 0;
    rep->heur_acc = decided ? hright / (double)decided : 0;
}

ai_net *ai_train_run(const eng_game *g, const ai_train_opts *o, ai_train_report *rep,
                     eng_error *err)
{
    memset(rep, 0, sizeof *rep);
    const char *rules = eng_rules_name(eng_game_rules(g));
    int inputs = ai_hints_feature_count(eng_game_rules(g));
    if (inputs <= 0 || inputs > AI_NET_MAX_INPUTS) {
        eng_error_set(err, "%s describes no position as features, so it has no learned "
                      "evaluation to train", rules);
        return NULL;
    }
    if (eng_game_players(g) != 2) {
        eng_error_set(err, "training is for games of two sides");
        return NULL;
    }
    const ai_kind *kind;
    ai_config cfg = {0};
    if (ai_spec_parse(o->player, NULL, &kind, &cfg, err) != 0)
        return NULL;
    if (kind->cheats) {
        eng_error_set(err, "\"%s\" cheats; self-play needs fair players", o->player);
        return NULL;
    }
    cfg.threads = 1;                       /* reproducible */
    if (cfg.eval == 0)
        cfg.eval = -1;                     /* judged by the heuristic, whatever the file */
    ai_player *pl[2];
    for (int p = 0; p < 2; p++) {
        cfg.seed = rng_mix(o->seed + UINT64_C(0x5e1f) * (uint64_t)(p + 1));
        pl[p] = ai_new(kind, &cfg);
    }
    uint64_t rng = rng_mix(o->seed ^ UINT64_C(0x747261696e));
    samples d = {.inputs = inputs};
    int test_from = o->games - (int)(o->games * o->holdout + 0.5);
    if (test_from < 1)
        test_from = o->games > 1 ? o->games - 1 : o->games;
    long n_train = 0;
    double t0 = ai_now();
    for (int k = 0; k < o->games; k++) {
        if (k == test_from)
            n_train = d.n;
        play_game(g, o, k, pl, &rng, &d, rep->results);
        if ((k + 1) % 50 == 0 || k + 1 == o->games)
            say(o, "game %d of %d: %ld positions, %.0f s", k + 1, o->games, d.n,
                ai_now() - t0);
    }
    if (test_from >= o->games)
        n_train = d.n;
    rep->play_seconds = ai_now() - t0;
    rep->games = o->games;
    rep->train_games = test_from < o->games ? test_from : o->games;
    rep->test_games = o->games - rep->train_games;
    rep->train_n = n_train;
    rep->test_n = d.n - n_train;
    for (int p = 0; p < 2; p++)
        ai_free(pl[p]);

    /* the fit, from small seeded weights */
    params p = {.in = inputs, .hid = o->hidden};
    p.count = (size_t)o->hidden * (size_t)inputs + 2 * (size_t)o->hidden + 1;
    p.v = calloc(p.count, sizeof *p.v);
    if (!p.v)
        abort();
    double r1 = 1 / sqrt((double)inputs), r2 = 1 / sqrt((double)o->hidden);
    for (size_t q = 0; q < (size_t)o->hidden * (size_t)inputs; q++)
        p.v[q] = (2 * ai_rand_fraction(&rng) - 1) * r1;
    for (int j = 0; j < o->hidden; j++)
        w2_of(&p)[j] = (2 * ai_rand_fraction(&rng) - 1) * r2;
    double t1 = ai_now();
    fit(&p, &d, n_train, d.n, o, &rng, rep);
    rep->fit_seconds = ai_now() - t1;

    ai_net *net = ai_net_new(rules, inputs, o->hidden);
    for (size_t q = 0; q < (size_t)o->hidden * (size_t)inputs; q++)
        net->w1[q] = (float)p.v[q];
    for (int j = 0; j < o->hidden; j++) {
        net->b1[j] = (float)b1_of(&p)[j];
        net->w2[j] = (float)w2_of(&p)[j];
    }
    net->b2 = (float)*b2_of(&p);
    ai_net_prepare(net);
    judge_held_out(net, &d, n_train, d.n, rep);
    for (int c = 0; c < o->ncompare && c < AI_TRAIN_MAX_COMPARE; c++)
        judge_net(o->compare[c], &d, n_train, d.n, &rep->compare_loss[c], &rep->compare_acc[c]);
    free(p.v);
    samples_free(&d);
    return net;
}
