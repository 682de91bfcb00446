/*
 * srv_games.c - the games in memory: the list, who holds each game, and
 * what happens after any new step (chance played from the seeded generator
 * unless a referee enters it, the steps committed in one transaction, the
 * result noted, the live streams woken, a computer seat queued).
 *
 * A game is held while a request, a live stream or the workers' queue uses
 * it. When the last lets go, a finished game leaves memory at once and an
 * active one once it has been idle for cfg.idle_ms; asked for again, it is
 * rebuilt from the store (its seed and steps, replayed). So memory follows
 * the games being played, not every game ever made.
 *
 * At most cfg.max_resident games are held in memory: past that, the idle
 * ones least recently used leave at once (a game in use never does).
 * Unfinished games nobody has touched for cfg.expire_days are deleted from
 * the store at start and every hour (srv_games_expire).
 *
 * Now and then the memory the allocator holds free (each HTTP thread
 * allocates in an arena of its own and keeps its high-water mark) is given
 * back to the system, so the server's resident size follows what it uses.
 */
#define _DEFAULT_SOURCE
#include <malloc.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "srv_private.h"

#define SRV_SWEEP_MS 1000                /* idle games looked for at most this often */
#define SRV_TRIM_MS 5000                 /* free memory given back at most this often */
#define SRV_EXPIRE_MS (3600 * 1000)      /* untouched games deleted at most this often */

srv_game *srv_game_alloc(void)
{
    srv_game *g = calloc(1, sizeof *g);
    if (!g)
        abort();
    pthread_mutex_init(&g->mu, NULL);
    pthread_cond_init(&g->changed, NULL);
    return g;
}

void srv_game_free(srv_game *g)
{
    if (!g)
        return;
    for (int p = 0; p < ENG_MAX_PLAYERS; p++)
        if (g->seat[p].ai)
            ai_free(g->seat[p].ai);
    srv_drawn_clear(g);
    eng_match_free(g->m);
    free(g->times);
    pthread_cond_destroy(&g->changed);
    pthread_mutex_destroy(&g->mu);
    free(g);
}

/* With games_mu held. */
static srv_game *find(srv *s, const char *id)
{
    for (size_t i = 0; i < s->ngames; i++)
        if (strcmp(s->games[i]->id, id) == 0)
            return s->games[i];
    return NULL;
}

/* Takes g off the list (games_mu held); the caller frees it. */
static void unlist(srv *s, srv_game *g)
{
    for (size_t i = 0; i < s->ngames; i++)
        if (s->games[i] == g) {
            s->games[i] = s->games[--s->ngames];
            return;
        }
}

/* Lists g, held once (games_mu held). */
static void add(srv *s, srv_game *g)
{
    if (s->ngames == s->games_cap) {
        s->games_cap = s->games_cap ? 2 * s->games_cap : 64;
        s->games = realloc(s->games, s->games_cap * sizeof *s->games);
        if (!s->games)
            abort();
    }
    s->games[s->ngames++] = g;
    g->refs = 1;
}

void srv_games_add(srv *s, srv_game *g)
{
    pthread_mutex_lock(&s->games_mu);
    add(s, g);
    pthread_mutex_unlock(&s->games_mu);
}

srv_game *srv_games_get(srv *s, const char *id, eng_error *err)
{
    err->msg[0] = '\0';
    pthread_mutex_lock(&s->games_mu);
    srv_game *g = find(s, id);
    if (g)
        g->refs++;
    pthread_mutex_unlock(&s->games_mu);
    if (g)
        return g;
    /* not in memory: rebuild it from the store (outside games_mu, which is
     * always taken last) */
    srv_game *built = srv_store_load_game(s->store, id, err);
    if (!built)
        return NULL;
    pthread_mutex_lock(&s->games_mu);
    g = find(s, id);                     /* another request rebuilt it meanwhile */
    if (g)
        g->refs++;
    else
        add(s, built);
    pthread_mutex_unlock(&s->games_mu);
    if (!g)
        return built;
    srv_game_free(built);
    return g;
}

void srv_game_hold(srv *s, srv_game *g)
{
    pthread_mutex_lock(&s->games_mu);
    g->refs++;
    pthread_mutex_unlock(&s->games_mu);
}

/* Takes off the list the games nobody holds that are finished or have been
 * idle too long, into out (games_mu held); returns how many. */
static size_t sweep(srv *s, int64_t now, srv_game **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < s->ngames && n < max;) {
        srv_game *g = s->games[i];
        /* nobody holds g, so nobody else reads or changes it */
        if (g->refs == 0 && (g->status == SRV_FINISHED ||
                             now - g->last_used >= s->cfg.idle_ms)) {
            s->games[i] = s->games[--s->ngames];
            out[n++] = g;
        } else {
            i++;
        }
    }
    return n;
}

static int by_last_used(const void *a, const void *b)
{
    const srv_game *x = *(srv_game *const *)a, *y = *(srv_game *const *)b;
    return (x->last_used > y->last_used) - (x->last_used < y->last_used);
}

/* Past cfg.max_resident games (games_mu held): takes off the list the idle
 * ones least recently used, down to an eighth below the cap (so that this
 * runs seldom), into a new array (*n of them; NULL if none). */
static srv_game **over_cap(srv *s, size_t *n)
{
    *n = 0;
    size_t cap = (size_t)s->cfg.max_resident;
    if (s->ngames <= cap)
        return NULL;
    srv_game **idle = malloc(s->ngames * sizeof *idle);
    if (!idle)
        abort();
    size_t k = 0;
    for (size_t i = 0; i < s->ngames; i++)
        if (s->games[i]->refs == 0)
            idle[k++] = s->games[i];
    qsort(idle, k, sizeof *idle, by_last_used);
    size_t want = s->ngames - (cap - cap / 8);
    if (want > k)
        want = k;
    for (size_t i = 0; i < want; i++)
        unlist(s, idle[i]);
    *n = want;
    if (want == 0) {
        free(idle);
        return NULL;
    }
    return idle;
}

void srv_game_release(srv *s, srv_game *g)
{
    if (!g)
        return;
    srv_game *gone[16];
    size_t n = 0, nlru = 0;
    bool trim = false, expire = false;
    int64_t now = srv_now_ms();
    pthread_mutex_lock(&s->games_mu);
    if (--g->refs == 0) {
        g->last_used = now;
        if (g->status == SRV_FINISHED) {
            unlist(s, g);
            gone[n++] = g;
        }
    }
    if (now - s->last_sweep >= SRV_SWEEP_MS) {
        s->last_sweep = now;
        n += sweep(s, now, gone + n, sizeof gone / sizeof *gone - n);
    }
    if (now - s->last_trim >= SRV_TRIM_MS) {
        s->last_trim = now;
        trim = true;
    }
    srv_game **lru = over_cap(s, &nlru);
    if (s->last_expire && now - s->last_expire >= SRV_EXPIRE_MS) {
        s->last_expire = now;
        expire = true;
    }
    pthread_mutex_unlock(&s->games_mu);
    for (size_t i = 0; i < n; i++)
        srv_game_free(gone[i]);
    for (size_t i = 0; i < nlru; i++)
        srv_game_free(lru[i]);
    free(lru);
    if (expire)
        srv_games_expire(s);
    if (trim || nlru)
        malloc_trim(0);
}

/* Is the game with this id in memory? (games_mu held) */
static bool resident(void *ctx, const char *id)
{
    return find(ctx, id) != NULL;
}

void srv_games_expire(srv *s)
{
    if (s->cfg.expire_days < 0)
        return;
    int64_t before = srv_now_ms() - (int64_t)s->cfg.expire_days * 24 * 3600 * 1000;
    eng_error err;
    /* under games_mu, so that no game is rebuilt from the store while its
     * rows go (the store's lock is taken inside; nothing holding it waits
     * for games_mu) */
    pthread_mutex_lock(&s->games_mu);
    s->last_expire = srv_now_ms();
    int n = srv_store_expire(s->store, before, resident, s, &err);
    pthread_mutex_unlock(&s->games_mu);
    if (n < 0)
        fprintf(stderr, "pocketwar serve: deleting untouched games: %s\n", err.msg);
    else if (n > 0)
        fprintf(stderr, "pocketwar serve: deleted %d unfinished game%s untouched for %d "
                "days\n", n, n == 1 ? "" : "s", s->cfg.expire_days);
}

srv_game **srv_games_list(srv *s, size_t *n)
{
    pthread_mutex_lock(&s->games_mu);
    srv_game **out = malloc((s->ngames + 1) * sizeof *out);
    if (!out)
        abort();
    for (size_t i = 0; i < s->ngames; i++) {
        out[i] = s->games[i];
        out[i]->refs++;
    }
    *n = s->ngames;
    pthread_mutex_unlock(&s->games_mu);
    return out;
}

void srv_games_list_release(srv *s, srv_game **all, size_t n)
{
    for (size_t i = 0; i < n; i++)
        srv_game_release(s, all[i]);
    free(all);
}

size_t srv_games_resident(srv *s)
{
    pthread_mutex_lock(&s->games_mu);
    size_t n = s->ngames;
    pthread_mutex_unlock(&s->games_mu);
    return n;
}
void srv_game_times_room(srv_game *g, size_t n)
{
    if (n <= g->times_cap)
        return;
    size_t cap = g->times_cap ? g->times_cap : 64;
    while (cap < n)
        cap *= 2;
    g->times = realloc(g->times, cap * sizeof *g->times);
    if (!g->times)
        abort();
    g->times_cap = cap;
}

void srv_game_touch(srv_game *g)
{
    g->version++;
    g->updated = srv_now_ms();
    pthread_cond_broadcast(&g->changed);
}

void srv_game_result(srv_game *g)
{
    if (eng_is_terminal(g->m->state)) {
        g->status = SRV_FINISHED;
        eng_result_text(g->m->state, g->result, sizeof g->result);
    }
}

int srv_game_commit(srv *s, srv_game *g, size_t from, eng_error *err)
{
    if (!g->referee)
        while (eng_current_player(g->m->state) == ENG_CHANCE)
            eng_match_apply_chance(g->m);
    int64_t now = srv_now_ms();
    srv_game_times_room(g, g->m->nsteps);
    for (size_t i = from; i < g->m->nsteps; i++)
        g->times[i] = now;
    g->ntimes = g->m->nsteps;
    int status = g->status;
    char result[SRV_RESULT_MAX];
    memcpy(result, g->result, sizeof result);
    int64_t updated = g->updated;
    g->updated = now;
    srv_game_result(g);
    if (srv_store_add_steps(s->store, g, from, err) != 0) {
        /* nothing answered, nothing changed: take the steps back */
        eng_match_undo(g->m, g->m->nsteps - from);
        g->ntimes = from;
        g->status = status;
        memcpy(g->result, result, sizeof result);
        g->updated = updated;
        return -1;
    }
    g->undo.pending = false;
    srv_game_touch(g);
    srv_workers_offer(s, g);
    return 0;
}
