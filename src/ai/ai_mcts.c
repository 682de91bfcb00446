/*
 * ai_mcts.c - the tree-search player ("mcts"; the levels easy, normal and
 * hard are it with a budget): runs one search tree per thread, each with
 * its own generator seeded from the player's and the thread's number (root
 * parallelism), adds up the root counts and plays the most visited action.
 * With one thread, a fixed seed and an iteration budget (no time limit) its
 * choices are reproducible.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "ai_private.h"
#include "mcts.h"
#include "rng.h"

#define MCTS_DEFAULT_ITERATIONS 2000
#define MCTS_DEFAULT_EXPLORE 0.7
#define MCTS_DEFAULT_HORIZON 40
#define MCTS_DEFAULT_MAST 0.0
#define MCTS_DEFAULT_FINISH 0.0
#define MCTS_MAST_POOL 3
#define MCTS_DEFAULT_RAVE 0.0
#define MCTS_DEFAULT_AMAF_ALL false
#define MCTS_DEFAULT_CHANCE_BRANCH 0
#define MCTS_DEFAULT_CRN false
#define MCTS_DEFAULT_PRIOR 0.0

typedef struct job {
    const eng_state *root;
    mcts_params par;
    mcts_root out;
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    mcts_search(j->root, &j->par, &j->out);
    return NULL;
}

/* Runs the searches, thread 0 on the caller's thread. */
static void run_all(job *jobs, int n)
{
    pthread_t tid[AI_MAX_THREADS];
    bool started[AI_MAX_THREADS] = {false};
    for (int t = 1; t < n; t++)
        started[t] = pthread_create(&tid[t], NULL, run_job, &jobs[t]) == 0;
    run_job(&jobs[0]);
    for (int t = 1; t < n; t++) {
        if (started[t])
            pthread_join(tid[t], NULL);
        else
            run_job(&jobs[t]);      /* no thread to be had: search here */
    }
}

typedef struct ranked {
    int index;
    uint32_t visits;
    double mean;
} ranked;

/* Most visits first; then the better mean; then the legal list's order. */
static int by_visits(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->visits != y->visits)
        return x->visits > y->visits ? -1 : 1;
    if (x->mean != y->mean)
        return x->mean > y->mean ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

eng_action ai_mcts_decide(ai_player *p, const eng_state *s, ai_explanation *why, bool oracle)
{
    const ai_config *c = &p->cfg;
    int threads = c->threads > 0 ? c->threads : 1;
    if (c->iterations > 0 && c->iterations < threads)
        threads = c->iterations;
    eng_rng r = {p->rng};
    uint64_t draw = rng_next(&r);
    p->rng = r.s;
    double t0 = ai_now();

    const struct ai_net *net = ai_player_net(p, s);
    job *jobs = calloc((size_t)threads, sizeof *jobs);
    if (!jobs)
        abort();
    for (int t = 0; t < threads; t++) {
        jobs[t].root = s;
        jobs[t].par = (mcts_params){
            .iterations = c->iterations > 0
                ? c->iterations / threads + (t < c->iterations % threads) : 0,
            .deadline = c->time_ms > 0 ? t0 + c->time_ms / 1000.0 : 0,
            .explore = c->explore > 0 ? c->explore : MCTS_DEFAULT_EXPLORE,
            .horizon = c->horizon > 0 ? c->horizon : MCTS_DEFAULT_HORIZON,
            .finish = c->finish > 0 ? c->finish : c->finish < 0 ? 0 : MCTS_DEFAULT_FINISH,
            .seed = rng_mix(draw + (uint64_t)t * UINT64_C(0x9e3779b97f4a7c15)),
            .trees = threads,
            .hint = c->hint >= 0,
            .early_stop = true,
            .mast_greedy = c->mast_greedy > 0 ? c->mast_greedy
                         : c->mast_greedy < 0 ? 0 : MCTS_DEFAULT_MAST,
            .mast_pool = MCTS_MAST_POOL,
            .rave_k = c->rave > 0 ? c->rave : c->rave < 0 ? 0 : MCTS_DEFAULT_RAVE,
            .rave_all = c->amaf ? c->amaf == 2 : MCTS_DEFAULT_AMAF_ALL,
            .crn = c->crn ? c->crn > 0 : MCTS_DEFAULT_CRN,
            .chance_branch = c->chance > 0 ? c->chance : c->chance < 0 ? 0
                           : MCTS_DEFAULT_CHANCE_BRANCH,
            .contempt = c->contempt,
            .prune = c->prune >= 0,
            .oracle = oracle,
            .net = net,
        };
    }
    /* the rule of thumb's judgement of each root action, for the prior */
    double prior_k = c->prior > 0 ? c->prior : c->prior < 0 ? 0 : MCTS_DEFAULT_PRIOR;
    double *prior = NULL;
    if (prior_k > 0) {
        eng_action acts[ENG_MAX_ACTIONS];
        int n = eng_legal_actions(s, acts);
        prior = malloc((size_t)n * sizeof *prior);
        if (!prior)
            abort();
        uint64_t judge_rng = rng_mix(draw ^ UINT64_C(0x7072696f72));
        ai_thumb_judge_by(net, s, acts, n, 0, &judge_rng, prior, NULL);
    }
    for (int t = 0; t < threads; t++) {
        jobs[t].par.prior = prior;
        jobs[t].par.prior_visits = prior_k;
    }
    run_all(jobs, threads);
    free(prior);

    /* every search lists the root's actions in the same order: add up */
    mcts_root *sum = &jobs[0].out;
    for (int t = 1; t < threads; t++) {
        for (int i = 0; i < sum->n; i++) {
            sum->visits[i] += jobs[t].out.visits[i];
            sum->value[i] += jobs[t].out.value[i];
        }
        sum->iterations += jobs[t].out.iterations;
    }
    ranked *rk = malloc((size_t)sum->n * sizeof *rk);
    if (!rk)
        abort();
    for (int i = 0; i < sum->n; i++)
        rk[i] = (ranked){i, sum->visits[i],
                         sum->visits[i] ? sum->value[i] / sum->visits[i] : 0};
    qsort(rk, (size_t)sum->n, sizeof *rk, by_visits);
    eng_action best = sum->action[rk[0].index];
    if (why) {
        why->count = sum->n < AI_EXPLAIN_MAX ? sum->n : AI_EXPLAIN_MAX;
        for (int k = 0; k < why->count; k++)
            why->best[k] = (ai_candidate){sum->action[rk[k].index], rk[k].mean,
                                          (int)rk[k].visits};
        why->iterations = sum->iterations;
        why->threads = threads;
        why->tree = true;
    }
    free(rk);
    free(jobs);
    return best;
}

/* Plans the whole run of the side's decisions where the rule set asks for
 * it (or the setting plan=1) and nothing is hidden; else, and where the run
 * is one decision, searches the tree. */
static eng_action mcts_choose(ai_player *p, const eng_state *s, ai_explanation *why)
{
    int plan = p->cfg.plan ? p->cfg.plan : ai_hints_plans_turns(eng_state_game(s)) ? 1 : -1;
    if (plan > 0 && !eng_hides_from(s, eng_current_player(s))) {
        bool planned;
        eng_action a = ai_plan_decide(p, s, why, &planned);
        if (planned)
            return a;
    }
    return ai_mcts_decide(p, s, why, false);
}

const ai_kind ai_mcts_kind = {
    .name = "mcts",
    .summary = "tree search (information-set Monte Carlo): thinks ahead through "
               "dice, coins and deals by sampling them, never peeking",
    .default_iterations = MCTS_DEFAULT_ITERATIONS,
    .seed_salt = UINT64_C(0x6d637473),
    .choose = mcts_choose,
};
