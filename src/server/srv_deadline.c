/*
 * srv_deadline.c - a request body's deadline. civetweb's timeout bounds
 * each wait for bytes, not a body: a read returns only once its buffer is
 * full or the client has been silent for the whole timeout, so a body sent
 * a byte a second holds its thread for as long as the client likes. So
 * while a body is read, its socket is armed here with the time it must have
 * arrived by; one thread cuts (srv_socket_cut) any socket still armed when
 * its time comes, which ends the read at once, and the request is answered
 * 408 and closed (srv_http.c).
 *
 * A slot is armed and disarmed by the connection's own thread, which
 * keeps the socket open in between, so the watcher never touches a socket
 * that may have been closed and reused.
 */
#include <stdlib.h>
#include <time.h>
#include "srv_private.h"

struct srv_deadlines {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    pthread_t thread;
    bool stop;
    int64_t wake;                       /* when the watcher wakes next */
    int n;
    struct {
        int fd;                         /* -1: a free slot */
        int64_t at;
        bool cut;
    } *slot;
};

static void *watch(void *arg)
{
    srv_deadlines *d = arg;
    pthread_mutex_lock(&d->mu);
    while (!d->stop) {
        int64_t now = srv_now_ms(), next = now + 1000;
        for (int i = 0; i < d->n; i++) {
            if (d->slot[i].fd < 0 || d->slot[i].cut)
                continue;
            if (d->slot[i].at <= now) {
                srv_socket_cut(d->slot[i].fd);
                d->slot[i].cut = true;
            } else if (d->slot[i].at < next) {
                next = d->slot[i].at;
            }
        }
        d->wake = next;
        struct timespec ts = {.tv_sec = (time_t)(next / 1000),
                              .tv_nsec = (long)(next % 1000) * 1000000L};
        pthread_cond_timedwait(&d->cond, &d->mu, &ts);
    }
    pthread_mutex_unlock(&d->mu);
    return NULL;
}

srv_deadlines *srv_deadlines_start(int slots)
{
    srv_deadlines *d = calloc(1, sizeof *d);
    if (!d || !(d->slot = calloc((size_t)slots, sizeof *d->slot)))
        abort();
    d->n = slots;
    for (int i = 0; i < slots; i++)
        d->slot[i].fd = -1;
    pthread_mutex_init(&d->mu, NULL);
    /* deadlines are wall-clock times (srv_now_ms) */
    pthread_cond_init(&d->cond, NULL);
    if (pthread_create(&d->thread, NULL, watch, d) != 0)
        abort();
    return d;
}

void srv_deadlines_stop(srv_deadlines *d)
{
    if (!d)
        return;
    pthread_mutex_lock(&d->mu);
    d->stop = true;
    pthread_cond_signal(&d->cond);
    pthread_mutex_unlock(&d->mu);
    pthread_join(d->thread, NULL);
    pthread_cond_destroy(&d->cond);
    pthread_mutex_destroy(&d->mu);
    free(d->slot);
    free(d);
}

int srv_deadline_arm(srv_deadlines *d, int fd, int64_t at)
{
    if (!d || fd < 0)
        return -1;
    int k = -1;
    pthread_mutex_lock(&d->mu);
    for (int i = 0; i < d->n && k < 0; i++)
        if (d->slot[i].fd < 0)
            k = i;
    if (k >= 0) {
        d->slot[k].fd = fd;
        d->slot[k].at = at;
        d->slot[k].cut = false;
        if (at < d->wake)               /* else it wakes in time by itself */
            pthread_cond_signal(&d->cond);
    }
    pthread_mutex_unlock(&d->mu);
    return k;
}

bool srv_deadline_disarm(srv_deadlines *d, int k)
{
    if (!d || k < 0)
        return false;
    pthread_mutex_lock(&d->mu);
    bool cut = d->slot[k].cut;
    d->slot[k].fd = -1;
    pthread_mutex_unlock(&d->mu);
    return cut;
}
