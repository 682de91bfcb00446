/*
 * srv_workers.c - computer seats. A game where a computer is to act is
 * queued; a worker thread takes it, copies the position under the game's
 * lock, thinks without any lock (so requests and other games go on), then
 * plays its choice if the game has not changed meanwhile (an undo, a
 * resignation). Its move is committed like anyone's.
 *
 * Computer seats think on one thread each (the workers are the
 * parallelism) with the level's budget scaled to the rule set. A queued
 * game is held (srv_game_hold) until its worker is done with it.
 *
 * Hints think the same way, each on a thread of its own, at most as many
 * at once as there are workers.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "srv_private.h"

/* Reads a level the server offers into its kind and settings for game
 * (NULL: unscaled); false and err if it is not one. */
static bool level_parse(const eng_game *game, const char *level, const ai_kind **k,
                        ai_config *cfg, eng_error *err)
{
    /* plain names only: settings such as iterations=... could be abused */
    if (strchr(level, ':'))
        return eng_error_fail(err, "\"%s\": the server takes a computer level by its plain "
                              "name (random, thumb, flat, mcts, easy, normal, hard), without "
                              "settings", level);
    ai_budget b = AI_BUDGET_NONE;
    b.threads = 1;
    ai_budget_for_game(&b, game);
    if (ai_spec_parse(level, &b, k, cfg, err) != 0)
        return eng_error_fail(err, "no computer player named \"%s\"; choose from random, "
                              "thumb, flat, mcts, easy, normal, hard", level);
    if ((*k)->cheats)
        return eng_error_fail(err, "\"%s\" cheats (it foresees the dice and reads hidden "
                              "information): it is a yardstick for measurement, never an "
                              "opponent or a helper; choose another player", level);
    return true;
}

bool srv_level_known(const char *level)
{
    const ai_kind *k;
    ai_config cfg = {0};
    eng_error err;
    return level_parse(NULL, level, &k, &cfg, &err);
}

ai_player *srv_player_new(const eng_game *game, const char *level, uint64_t seed,
                          eng_error *err)
{
    const ai_kind *k;
    ai_config cfg = {0};
    if (!level_parse(game, level, &k, &cfg, err))
        return NULL;
    cfg.seed = seed;
    return ai_new(k, &cfg);
}

bool srv_hint_slot_take(srv *s)
{
    pthread_mutex_lock(&s->q_mu);
    bool ok = s->hints < s->cfg.workers;
    s->hints += ok;
    pthread_mutex_unlock(&s->q_mu);
    return ok;
}

void srv_hint_slot_give(srv *s)
{
    pthread_mutex_lock(&s->q_mu);
    s->hints--;
    pthread_mutex_unlock(&s->q_mu);
}

void srv_workers_offer(srv *s, srv_game *g)
{
    if (g->queued || g->status != SRV_ACTIVE)
        return;
    int p = eng_current_player(g->m->state);
    if (p < 0 || g->seat[p].kind != SRV_COMPUTER)
        return;
    g->queued = true;
    srv_game_hold(s, g);             /* the queue's; let go by the worker */
    pthread_mutex_lock(&s->q_mu);
    if (s->qlen == s->qcap) {
        size_t cap = s->qcap ? 2 * s->qcap : 64;
        srv_game **q = malloc(cap * sizeof *q);
        if (!q)
            abort();
        for (size_t i = 0; i < s->qlen; i++)
            q[i] = s->queue[(s->qhead + i) % s->qcap];
        free(s->queue);
        s->queue = q;
        s->qcap = cap;
        s->qhead = 0;
    }
    s->queue[(s->qhead + s->qlen++) % s->qcap] = g;
    pthread_cond_signal(&s->q_cond);
    pthread_mutex_unlock(&s->q_mu);
}

static ai_player *seat_player(srv_game *g, int p)
{
    srv_seat *se = &g->seat[p];
    eng_error err;
    if (!se->ai)
        se->ai = srv_player_new(g->m->game, se->level,
                                g->m->seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(p + 1)), &err);
    return se->ai;
}

/* One decision for g; g was taken off the queue. */
static void play_one(srv *s, srv_game *g)
{
    pthread_mutex_lock(&g->mu);
    g->queued = false;
    int p = eng_current_player(g->m->state);
    if (g->status != SRV_ACTIVE || p < 0 || g->seat[p].kind != SRV_COMPUTER) {
        pthread_mutex_unlock(&g->mu);
        return;
    }
    g->queued = true;                /* ours until we are done */
    ai_player *ai = seat_player(g, p);
    eng_state *pos = eng_state_clone(g->m->state);
    uint64_t version = g->version;
    pthread_mutex_unlock(&g->mu);

    eng_action a = ai ? ai_choose(ai, pos, NULL) : 0;
    eng_state_free(pos);

    pthread_mutex_lock(&g->mu);
    g->queued = false;
    eng_error err;
    if (!ai) {
        fprintf(stderr, "pocketwar serve: game %s: no computer player \"%s\"\n", g->id,
                g->seat[p].level);
    } else if (g->version == version && g->status == SRV_ACTIVE) {
        size_t from = g->m->nsteps;
        if (eng_match_apply(g->m, a, false, &err) != 0 ||
            srv_game_commit(s, g, from, &err) != 0)
            fprintf(stderr, "pocketwar serve: game %s: the computer's move failed: %s\n",
                    g->id, err.msg);
    } else {
        srv_workers_offer(s, g);     /* the game moved on: think again if still ours */
    }
    pthread_mutex_unlock(&g->mu);
}

/* The thinking thread's share of the processor: below the HTTP threads
 * (an ordinary time-shared thread, SRV_WORKER_NICE steps nicer), so that a
 * request is answered without waiting for another game's computer. */
#define SRV_WORKER_NICE 5
static void worker_lower_priority(void)
{
    int policy;
    struct sched_param sp;
    if (pthread_getschedparam(pthread_self(), &policy, &sp) == 0 && policy != SCHED_OTHER) {
        sp.sched_priority = 0;
        pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp);
    }
    pid_t tid = (pid_t)syscall(SYS_gettid);
    int nice_now = getpriority(PRIO_PROCESS, (id_t)tid);
    setpriority(PRIO_PROCESS, (id_t)tid, nice_now + SRV_WORKER_NICE);
}

static void *worker_main(void *arg)
{
    srv *s = arg;
    worker_lower_priority();
    for (;;) {
        pthread_mutex_lock(&s->q_mu);
        while (!s->stopping && s->qlen == 0)
            pthread_cond_wait(&s->q_cond, &s->q_mu);
        if (s->stopping) {
            pthread_mutex_unlock(&s->q_mu);
            return NULL;
        }
        srv_game *g = s->queue[s->qhead];
        s->qhead = (s->qhead + 1) % s->qcap;
        s->qlen--;
        pthread_mutex_unlock(&s->q_mu);
        play_one(s, g);
        srv_game_release(s, g);
    }
}

int srv_workers_start(srv *s, int n, eng_error *err)
{
    s->workers = calloc((size_t)n, sizeof *s->workers);
    if (!s->workers)
        abort();
    for (int i = 0; i < n; i++) {
        if (pthread_create(&s->workers[i], NULL, worker_main, s) != 0)
            return eng_error_fail(err, "cannot start a worker thread"), -1;
        s->nworkers++;
    }
    return 0;
}

void srv_workers_stop(srv *s)
{
    pthread_mutex_lock(&s->q_mu);
    s->stopping = true;
    pthread_cond_broadcast(&s->q_cond);
    pthread_mutex_unlock(&s->q_mu);
    for (int i = 0; i < s->nworkers; i++)
        pthread_join(s->workers[i], NULL);
    free(s->workers);
    s->workers = NULL;
    s->nworkers = 0;
}
