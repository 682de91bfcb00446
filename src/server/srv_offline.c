/*
 * srv_offline.c - a server without a listener or computer workers: the
 * store is opened and its games rebuilt as srv_start does, and requests
 * come through srv_http_dispatch (the fuzz harness drives the API so,
 * with no sockets and no threads thinking behind its back).
 */
#include <stdlib.h>
#include "srv_private.h"

srv *srv_open_offline(const srv_config *cfg, eng_error *err)
{
    srv *s = calloc(1, sizeof *s);
    if (!s)
        abort();
    s->cfg = *cfg;
    if (!s->cfg.db)
        s->cfg.db = ":memory:";
    if (s->cfg.max_streams <= 0)
        s->cfg.max_streams = 1;
    srv_config_defaults(&s->cfg);
    srv_init_locks(s);
    if (srv_load_games(s, err) != 0) {
        srv_stop(s);
        return NULL;
    }
    srv_let_go_loaded(s, false);     /* no workers to offer a computer's turn to */
    return s;
}
