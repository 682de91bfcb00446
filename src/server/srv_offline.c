/*
 * srv_offline.c - a server without a listener or computer workers: the
 * store is opened and its games rebuilt as srv_start does, and requests
 * come through srv_http_dispatch (the fuzz harness drives the API so,
 * with no sockets and no threads thinking behind its back).
 */
#include <stdlib.h>
#include "srv_private.h"

static void add_loaded(void *ctx, srv_game *g)
{
    srv *s = ctx;
    srv_games_add(s, g);              /* held until the store is read */
    s->loaded++;
}

srv *srv_open_offline(const srv_config *cfg, eng_error *err)
{
    srv *s = calloc(1, sizeof *s);
    if (!s)
        abort();
    s->cfg = *cfg;
    if (s->cfg.max_body == 0)
        s->cfg.max_body = 1 << 20;
    if (s->cfg.max_streams <= 0)
        s->cfg.max_streams = 1;
    if (s->cfg.idle_ms <= 0)
        s->cfg.idle_ms = 5 * 60 * 1000;
    pthread_mutex_init(&s->games_mu, NULL);
    pthread_mutex_init(&s->conn_mu, NULL);
    pthread_mutex_init(&s->q_mu, NULL);
    pthread_cond_init(&s->q_cond, NULL);
    s->store = srv_store_open(s->cfg.db ? s->cfg.db : ":memory:", err);
    if (!s->store || srv_store_load(s->store, add_loaded, s, err) != 0) {
        srv_stop(s);
        return NULL;
    }
    /* each loaded game is let go (held once since it was listed), as
     * srv_start does: a finished one leaves memory until asked for */
    size_t n;
    srv_game **all = srv_games_list(s, &n);
    for (size_t i = 0; i < n; i++)
        srv_game_release(s, all[i]);
    srv_games_list_release(s, all, n);
    return s;
}
