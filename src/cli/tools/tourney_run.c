/*
 * tourney_run.c - the games of `pocketwar tournament` (see tourney.h):
 * jobs on their own threads take the next game off the schedule, play it
 * between fresh computer players (one generator each, seeded from the
 * game's seed and the seat) and keep the result and the time of every
 * decision that had a choice. Progress lines go to stderr.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tourney.h"
#include "rng.h"

static void think(tourney_game *g, int seat, double seconds)
{
    int n = g->nthink[seat];
    if ((n & (n - 1)) == 0) {           /* 0, 1, 2, 4, ...: grow */
        g->think[seat] = realloc(g->think[seat], (size_t)(n ? 2 * n : 1) * sizeof(double));
        if (!g->think[seat])
            abort();
    }
    g->think[seat][n] = seconds;
    g->nthink[seat]++;
}

static char *error_text(const char *what, const char *text, const char *why)
{
    char buf[ENG_ERROR_MAX + 256];
    snprintf(buf, sizeof buf, "%s \"%s\"%s%s", what, text, *why ? ": " : "", why);
    return strdup(buf);
}

static void save_record(const tourney *t, const tourney_game *g, const eng_match *m)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%s-%03d.pwr", t->records,
             t->players[t->pairing[g->pairing][0]], t->players[t->pairing[g->pairing][1]],
             g->round + 1);
    for (char *c = path + strlen(t->records) + 1; *c; c++)
        if (*c == ':' || *c == '=' || *c == '/')
            *c = '_';
    eng_error err;
    if (eng_match_save_file(m, path, &err) != 0)
        fprintf(stderr, "pocketwar tournament: %s\n", err.msg);
}

static void play_one(tourney *t, tourney_game *g)
{
    eng_error err;
    eng_match *m = cli_match_seeded(t->go, g->seed, &err);   /* a --position too */
    if (!m) {
        g->error = strdup(err.msg);
        return;
    }
    ai_player *ai[ENG_MAX_PLAYERS] = {0};
    for (int s = 0; s < t->seats; s++) {
        const char *spec = t->players[g->seat_player[s]];
        uint64_t seed = rng_mix(g->seed * 7919u + (uint64_t)s + 1
                                + (uint64_t)g->pairing * UINT64_C(0x9e3779b97f4a7c15));
        if (!(ai[s] = cli_ai_new(spec, seed, t->ao))) {
            g->error = error_text("cannot make the computer player", spec, "");
            goto out;
        }
        eng_match_set_player(m, s, spec);
    }
    while (!eng_is_terminal(m->state) && (int)m->nsteps < t->max_steps) {
        int who = eng_current_player(m->state);
        if (who == ENG_CHANCE) {
            eng_match_apply_chance(m);
            continue;
        }
        ai_explanation why;
        eng_action a = ai_choose(ai[who], m->state, &why);
        if (why.actions > 1)
            think(g, who, why.seconds);
        char text[ENG_TEXT_MAX];
        eng_action_text(m->state, a, text, sizeof text);
        if (eng_match_apply(m, a, false, &err) != 0) {
            g->error = error_text("internal: a computer player chose an illegal action",
                                  text, err.msg);
            goto out;
        }
    }
    g->finished = eng_is_terminal(m->state);
    if (g->finished)
        eng_returns(m->state, g->returns);
    g->steps = m->nsteps;
    if (t->records)
        save_record(t, g, m);
out:
    for (int s = 0; s < ENG_MAX_PLAYERS; s++)
        ai_free(ai[s]);
    eng_match_free(m);
}

static void format_time(double s, char *buf, size_t n)
{
    long k = (long)(s + 0.5);
    if (k >= 3600)
        snprintf(buf, n, "%ldh%02ldm", k / 3600, k / 60 % 60);
    else if (k >= 60)
        snprintf(buf, n, "%ldm%02lds", k / 60, k % 60);
    else
        snprintf(buf, n, "%lds", k);
}

/* Called with the lock held after each game. */
static void progress(tourney *t)
{
    double el = ai_now() - t->started;
    if (!t->progress || (t->done < t->ngames && el - t->reported < 2.0))
        return;
    t->reported = el;
    char e[32], left[64] = "";
    format_time(el, e, sizeof e);
    if (t->done < t->ngames) {
        char l[32];
        format_time(el / t->done * (t->ngames - t->done), l, sizeof l);
        snprintf(left, sizeof left, ", about %s left", l);
    }
    fprintf(stderr, "tournament: %d/%d games, %s%s\n", t->done, t->ngames, e, left);
}

static void *job(void *arg)
{
    tourney *t = arg;
    for (;;) {
        pthread_mutex_lock(&t->lock);
        int i = t->next < t->ngames ? t->next++ : -1;
        pthread_mutex_unlock(&t->lock);
        if (i < 0)
            return NULL;
        play_one(t, &t->game[i]);
        pthread_mutex_lock(&t->lock);
        t->done++;
        if (t->game[i].error)
            t->next = t->ngames;        /* stop handing out games */
        progress(t);
        pthread_mutex_unlock(&t->lock);
    }
}

int tourney_play(tourney *t)
{
    if (t->records && mkdir(t->records, 0777) != 0) {
        struct stat st;
        if (stat(t->records, &st) != 0 || !S_ISDIR(st.st_mode)) {
            cli_error("tournament", "--records: cannot make the folder %s", t->records);
            return -1;
        }
    }
    pthread_mutex_init(&t->lock, NULL);
    t->started = ai_now();
    int jobs = t->jobs < t->ngames ? t->jobs : t->ngames;
    pthread_t *tid = calloc((size_t)jobs, sizeof *tid);
    if (!tid)
        abort();
    int started = 0;
    for (int j = 1; j < jobs; j++, started++)
        if (pthread_create(&tid[j], NULL, job, t) != 0)
            break;
    job(t);
    for (int j = 1; j <= started; j++)
        pthread_join(tid[j], NULL);
    free(tid);
    pthread_mutex_destroy(&t->lock);
    for (int i = 0; i < t->ngames; i++)
        if (t->game[i].error) {
            cli_error("tournament", "game %d of %s against %s (seed %llu): %s",
                      t->game[i].round + 1, t->players[t->pairing[t->game[i].pairing][0]],
                      t->players[t->pairing[t->game[i].pairing][1]],
                      (unsigned long long)t->game[i].seed, t->game[i].error);
            return -1;
        }
    return 0;
}
