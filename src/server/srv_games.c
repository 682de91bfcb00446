/*
 * srv_games.c - the games in memory: the list, and what happens after any
 * new step (chance played from the seeded generator unless a referee
 * enters it, the steps committed in one transaction, the result noted, the
 * live streams woken, a computer seat queued).
 */
#include <stdlib.h>
#include <string.h>
#include "srv_private.h"

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
    eng_match_free(g->m);
    free(g->times);
    pthread_cond_destroy(&g->changed);
    pthread_mutex_destroy(&g->mu);
    free(g);
}

void srv_games_add(srv *s, srv_game *g)
{
    pthread_mutex_lock(&s->games_mu);
    if (s->ngames == s->games_cap) {
        s->games_cap = s->games_cap ? 2 * s->games_cap : 64;
        s->games = realloc(s->games, s->games_cap * sizeof *s->games);
        if (!s->games)
            abort();
    }
    s->games[s->ngames++] = g;
    pthread_mutex_unlock(&s->games_mu);
}

srv_game *srv_games_find(srv *s, const char *id)
{
    srv_game *found = NULL;
    pthread_mutex_lock(&s->games_mu);
    for (size_t i = 0; i < s->ngames && !found; i++)
        if (strcmp(s->games[i]->id, id) == 0)
            found = s->games[i];
    pthread_mutex_unlock(&s->games_mu);
    return found;
}

srv_game **srv_games_list(srv *s, size_t *n)
{
    pthread_mutex_lock(&s->games_mu);
    srv_game **out = malloc((s->ngames + 1) * sizeof *out);
    if (!out)
        abort();
    if (s->ngames)
        memcpy(out, s->games, s->ngames * sizeof *out);
    *n = s->ngames;
    pthread_mutex_unlock(&s->games_mu);
    return out;
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
    g->times = realloc(g->times, (g->m->nsteps + 1) * sizeof *g->times);
    if (!g->times)
        abort();
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
