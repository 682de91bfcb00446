/*
 * lab_run.c - playing an experiment (lab.h): jobs on their own threads
 * take the next game of the schedule (seed by seed; within a seed every
 * arm from both seatings), append its line to games.jsonl as soon as it
 * ends, and draw a progress bar on stderr. Ctrl-C lets the games in play
 * end and stops; --resume reads games.jsonl back (a torn last line from a
 * kill is dropped) and plays only what is missing.
 *
 * Stopping rules are looked at only on whole seeds, at every LAB_CHECK_
 * EVERY seeds of the complete prefix, so the run stops at the same seed
 * whatever the jobs and the order games finished in; games played beyond
 * it are not counted. When the run is complete, games.jsonl is rewritten
 * with exactly the games counted: the main games, then the skill set's,
 * each in (arm, seed, seating) order.
 *
 * The skill set (--skill A,B) is a second block of tasks after the main
 * games', seed k's skill games scheduled right after its main ones. Its
 * number is fixed: the stopping rules look at the main games alone and
 * leave the skill set whole.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <pthread.h>
#include "lab.h"
#include "lab_compare.h"
#include "lab_summary.h"
#include "ai.h"
#include "lab_remote.h"
#include "lab_consistency.h"

#define LAB_CHECK_EVERY 5

static volatile sig_atomic_t interrupted;

/* The stop reason of a run played to its end: the games each arm really
 * played, which an odd --games rounds up to whole pairs of seatings. */
static void played_all(const lab_exp *e, char *why, size_t len)
{
    int n = 2 * lab_exp_seeds(e);
    if (n == e->games)
        snprintf(why, len, "all %d games of each arm played", n);
    else
        snprintf(why, len, "all %d games of each arm played (--games %d rounded up to whole "
                 "pairs of seatings)", n, e->games);
}

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
    signal(SIGINT, SIG_DFL);            /* a second Ctrl-C stops at once */
}

typedef struct run {
    const lab_exp *e;
    const char *dir;
    const lab_run_opts *o;
    int seeds, per_seed, ntasks;
    int main_tasks, skill_seeds;        /* tasks from main_tasks on: the skill set */
    int *order;                         /* the tasks in the order they are handed out */
    lab_game *game;                     /* by task */
    unsigned char *state;               /* 0 waiting, 1 playing, 2 done */
    int next, done, counted_done, prefix, stop_at;
    char stop_reason[160];
    FILE *out;
    pthread_mutex_t lock;
    eng_error err;
    bool failed;
    double started, drawn;
    int done_at_start;
} run;

static void task_of(const run *r, int t, int *set, int *arm, int *k, int *seating)
{
    *set = t >= r->main_tasks ? LAB_SET_SKILL : LAB_SET_MAIN;
    if (*set == LAB_SET_SKILL)
        t -= r->main_tasks;
    *k = t / r->per_seed;
    *arm = (t % r->per_seed) / 2;
    *seating = t % 2;
}

/* Is task t this run's to play (its shard's)? */
static bool owned(const run *r, int t)
{
    int set, arm, k, seating;
    task_of(r, t, &set, &arm, &k, &seating);
    return r->o->shards <= 1 || k % r->o->shards == r->o->shard;
}

static int task_index(const run *r, int arm, int k, int seating)
{
    return k * r->per_seed + arm * 2 + seating;
}

static int game_task(const run *r, const lab_game *g)
{
    return (g->set == LAB_SET_SKILL ? r->main_tasks : 0) +
           task_index(r, g->arm, (int)(g->seed - r->e->seed), g->seating);
}

/* Is task t still wanted (a main game within the seeds counted so far, or
 * a skill game)? */
static bool wanted(const run *r, int t)
{
    return t >= r->main_tasks || t < r->stop_at * r->per_seed;
}

/* The number of wanted tasks of this run's shard, and how many are done. */
static int tasks_left(const run *r, int *total)
{
    int n = 0, done = 0;
    for (int t = 0; t < r->ntasks; t++)
        if (wanted(r, t) && owned(r, t)) {
            n++;
            done += r->state[t] == 2;
        }
    *total = n;
    return n - done;
}

/* The counted games of the first `seeds` seeds in (arm, seed, seating)
 * order, pointing into r->game (no copies). */
static lab_game *prefix_games(const run *r, int seeds, int *n)
{
    *n = seeds * r->per_seed;
    lab_game *v = malloc(((size_t)*n + 1) * sizeof *v);
    if (!v)
        abort();
    int i = 0;
    for (int a = 0; a < r->e->narms; a++)
        for (int k = 0; k < seeds; k++)
            for (int s = 0; s < 2; s++)
                v[i++] = r->game[task_index(r, a, k, s)];
    return v;
}

/* With the lock: moves the complete prefix on and looks at the stopping
 * rules at each checkpoint it passes. */
static void advance(run *r)
{
    while (r->prefix < r->stop_at) {
        int base = r->prefix * r->per_seed;
        for (int i = 0; i < r->per_seed; i++)
            if (r->state[base + i] != 2 && owned(r, base + i))
                return;
        r->prefix++;
        if (r->prefix % LAB_CHECK_EVERY == 0 && r->prefix < r->stop_at) {
            int n;
            lab_game *v = prefix_games(r, r->prefix, &n);
            char why[160];
            if (lab_stop_check(r->e, v, n, r->prefix, why, sizeof why)) {
                r->stop_at = r->prefix;
                snprintf(r->stop_reason, sizeof r->stop_reason, "%s", why);
            }
            free(v);
        }
    }
}

static void fmt_time(double s, char *buf, size_t n)
{
    long k = (long)(s + 0.5);
    if (k >= 3600)
        snprintf(buf, n, "%ldh%02ldm", k / 3600, k / 60 % 60);
    else
        snprintf(buf, n, "%ldm%02lds", k / 60, k % 60);
}

/* With the lock: the progress bar, at most a few times a second. */
static void progress(run *r, bool last)
{
    if (!r->o->progress)
        return;
    double now = ai_now(), el = now - r->started;
    if (!last && now - r->drawn < 0.25)
        return;
    r->drawn = now;
    int total, todo = tasks_left(r, &total), done = total - todo;
    double rate = el > 0 ? (done - r->done_at_start) / el : 0;
    char left[32] = "-";
    if (rate > 0)
        fmt_time((total - done) / rate, left, sizeof left);
    char bar[21];
    int fill = total ? 20 * done / total : 20;
    for (int i = 0; i < 20; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[20] = '\0';
    /* the leading figure: side 1's score in each arm so far */
    char lead[160] = "";
    size_t len = 0;
    for (int a = 0; a < r->e->narms && a < 4; a++) {
        double sum = 0;
        int n = 0;
        for (int t = 0; t < r->main_tasks; t++)
            if (r->state[t] == 2 && r->game[t].arm == a) {
                sum += r->game[t].ret[0];
                n++;
            }
        if (n && len < sizeof lead)
            len += (size_t)snprintf(lead + len, sizeof lead - len, " %s %.1f%%",
                                    r->e->arm[a].label, 100 * sum / n);
    }
    fprintf(stderr, "\r[%s] %d/%d games %.1f/s, %s left; side 1 scores:%s\033[K", bar, done,
            total, rate, left, lead);
    if (last)
        fputc('\n', stderr);
    fflush(stderr);
}

/* A job's thread: slot -1 plays here; slot s >= 0 hands its games to the
 * remote transport's slot s. */
typedef struct job_arg {
    run *r;
    int slot;
} job_arg;

static void *job(void *arg)
{
    run *r = ((job_arg *)arg)->r;
    int slot = ((job_arg *)arg)->slot;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        int t = -1;
        if (!interrupted && !r->failed)
            while (r->next < r->ntasks) {
                int c = r->order[r->next++];
                if (r->state[c] == 0 && wanted(r, c) && owned(r, c)) {
                    t = c;
                    r->state[c] = 1;
                    break;
                }
            }
        pthread_mutex_unlock(&r->lock);
        if (t < 0)
            return NULL;
        int set, arm, k, seating;
        task_of(r, t, &set, &arm, &k, &seating);
        lab_game g;
        eng_error err;
        bool ok = slot < 0 ? lab_play(r->e, set, arm, k, seating, r->dir, &g, &err)
                           : r->o->remote->play(r->o->remote->ctx, slot, r->e, r->dir, set, arm,
                                                k, seating, &g, &err);
        char *line = NULL;
        if (ok) {
            json_t *j = lab_game_json(r->e, &g);
            line = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(10));
            json_decref(j);
        }
        pthread_mutex_lock(&r->lock);
        if (!ok) {
            if (!r->failed)
                eng_error_set(&r->err, "%sgame of arm \"%s\", seed %llu, seating %d: %s",
                              set == LAB_SET_SKILL ? "skill " : "", r->e->arm[arm].label,
                              (unsigned long long)(r->e->seed + (uint64_t)k), seating, err.msg);
            r->failed = true;
        } else {
            r->game[t] = g;
            r->state[t] = 2;
            if (fprintf(r->out, "%s\n", line) < 0 || fflush(r->out) != 0) {
                eng_error_set(&r->err, "cannot write games.jsonl: %s", strerror(errno));
                r->failed = true;
            }
            advance(r);
            progress(r, false);
        }
        pthread_mutex_unlock(&r->lock);
        free(line);
    }
}

/* Splits res's sorted games, all in res->game, into the main games (left
 * in game) and the skill set's (copied to skill), which sort after them. */
static void result_split(lab_result *res)
{
    int m = 0;
    while (m < res->ngames && res->game[m].set == LAB_SET_MAIN)
        m++;
    res->nskill = res->ngames - m;
    res->ngames = m;
    if (res->nskill) {
        res->skill = malloc((size_t)res->nskill * sizeof *res->skill);
        if (!res->skill)
            abort();
        memcpy(res->skill, res->game + m, (size_t)res->nskill * sizeof *res->skill);
    }
}

bool lab_games_load(const lab_exp *e, const char *dir, lab_result *res, eng_error *err)
{
    memset(res, 0, sizeof *res);
    char path[4096];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return eng_error_fail(err, "cannot read %s: %s", path, strerror(errno));
    int cap = 0;
    char *line = NULL;
    size_t lcap = 0;
    ssize_t len;
    while ((len = getline(&line, &lcap, f)) > 0) {
        if (line[len - 1] != '\n')
            break;                      /* torn by a kill: played again */
        json_error_t jerr;
        json_t *j = json_loads(line, 0, &jerr);
        lab_game g;
        if (!j || !lab_game_from_json(e, j, &g)) {
            json_decref(j);
            continue;
        }
        json_decref(j);
        if (res->ngames == cap) {
            cap = cap ? 2 * cap : 256;
            res->game = realloc(res->game, (size_t)cap * sizeof *res->game);
            if (!res->game)
                abort();
        }
        res->game[res->ngames++] = g;
    }
    free(line);
    fclose(f);
    if (res->ngames)
        qsort(res->game, (size_t)res->ngames, sizeof *res->game, lab_game_cmp);
    int w = 0;
    for (int i = 0; i < res->ngames; i++) {
        if (w > 0 && lab_game_cmp(&res->game[w - 1], &res->game[i]) == 0) {
            lab_game_clear(&res->game[i]);      /* the same game twice: kept once */
            continue;
        }
        res->game[w++] = res->game[i];
    }
    res->ngames = w;
    result_split(res);
    return true;
}

void lab_result_free(lab_result *res)
{
    for (int i = 0; i < res->ngames; i++)
        lab_game_clear(&res->game[i]);
    for (int i = 0; i < res->nskill; i++)
        lab_game_clear(&res->skill[i]);
    free(res->game);
    free(res->skill);
    memset(res, 0, sizeof *res);
}

/* games.jsonl: the main games, then the skill set's. */
static bool games_write(const lab_exp *e, const char *dir, const lab_result *res,
                        eng_error *err)
{
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return eng_error_fail(err, "cannot write %s: %s", tmp, strerror(errno));
    for (int i = 0; i < res->ngames + res->nskill; i++) {
        const lab_game *g = i < res->ngames ? &res->game[i] : &res->skill[i - res->ngames];
        json_t *j = lab_game_json(e, g);
        char *s = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(10));
        fprintf(f, "%s\n", s);
        free(s);
        json_decref(j);
    }
    if (fclose(f) != 0 || rename(tmp, path) != 0)
        return eng_error_fail(err, "cannot write %s: %s", path, strerror(errno));
    return true;
}

/* Moves the games of this run's shard among the tasks from `first` on
 * (a set's: 0 the main games, main_tasks the skill set's), of seeds
 * 0..seeds-1, into a new array *out in (arm, seed, seating) order; returns
 * their count. */
static int take_games(run *r, int first, int seeds, lab_game **out)
{
    lab_game *g = malloc(((size_t)seeds * (size_t)r->per_seed + 1) * sizeof *g);
    if (!g)
        abort();
    int i = 0;
    for (int a = 0; a < r->e->narms; a++)
        for (int k = 0; k < seeds; k++)
            for (int s = 0; s < 2; s++) {
                int t = first + task_index(r, a, k, s);
                if (!owned(r, t))
                    continue;
                g[i++] = r->game[t];
                r->game[t] = (lab_game){0};
            }
    *out = g;
    return i;
}

int lab_run(const lab_exp *e, const char *dir, const lab_run_opts *o, lab_result *res,
            eng_error *err)
{
    memset(res, 0, sizeof *res);
    run r = {.e = e, .dir = dir, .o = o};
    r.seeds = r.stop_at = lab_exp_seeds(e);
    r.skill_seeds = lab_exp_skill_seeds(e);
    r.per_seed = e->narms * 2;
    r.main_tasks = r.seeds * r.per_seed;
    r.ntasks = r.main_tasks + r.skill_seeds * r.per_seed;
    r.game = calloc((size_t)r.ntasks, sizeof *r.game);
    r.state = calloc((size_t)r.ntasks, 1);
    r.order = malloc(((size_t)r.ntasks + 1) * sizeof *r.order);
    if (!r.game || !r.state || !r.order)
        abort();
    /* seed by seed: its main games, then its skill games */
    for (int k = 0, n = 0; n < r.ntasks; k++)
        for (int set = 0; set < 2; set++)
            if (k < (set ? r.skill_seeds : r.seeds))
                for (int i = 0; i < r.per_seed; i++)
                    r.order[n++] = (set ? r.main_tasks : 0) + k * r.per_seed + i;
    played_all(e, r.stop_reason, sizeof r.stop_reason);
    int rc = -1;
    if (o->resume) {
        lab_result old;
        if (!lab_games_load(e, dir, &old, err))
            goto out;
        for (int i = 0; i < old.ngames + old.nskill; i++) {
            const lab_game *g = i < old.ngames ? &old.game[i] : &old.skill[i - old.ngames];
            int t = game_task(&r, g);
            r.game[t] = *g;
            r.state[t] = 2;
        }
        free(old.game);                 /* the games now belong to r */
        free(old.skill);
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    r.out = fopen(path, "a");
    if (!r.out) {
        eng_error_set(err, "cannot write %s: %s", path, strerror(errno));
        goto out;
    }
    pthread_mutex_init(&r.lock, NULL);
    advance(&r);                        /* a resumed run: its checkpoints again */
    for (int t = 0; t < r.ntasks; t++)
        r.done_at_start += r.state[t] == 2 && owned(&r, t);
    interrupted = 0;
    struct sigaction sa = {0}, old_sa;
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_sa);
    r.started = ai_now();
    /* threads 0..slots-1 feed the remote slots; the rest play here, the
     * last on this thread */
    int slots = o->remote ? o->remote->slots : 0;
    int jobs = (o->jobs < 1 && !slots ? 1 : o->jobs < 0 ? 0 : o->jobs) + slots;
    pthread_t *tid = calloc((size_t)jobs, sizeof *tid);
    job_arg *ja = calloc((size_t)jobs, sizeof *ja);
    if (!tid || !ja)
        abort();
    for (int j = 0; j < jobs; j++)
        ja[j] = (job_arg){&r, j < slots ? j : -1};
    int started = 0;
    for (int j = 0; j < jobs - 1; j++, started++)
        if (pthread_create(&tid[j], NULL, job, &ja[j]) != 0)
            break;
    job(&ja[jobs - 1]);
    for (int j = 0; j < started; j++)
        pthread_join(tid[j], NULL);
    free(tid);
    free(ja);
    sigaction(SIGINT, &old_sa, NULL);
    progress(&r, true);
    fclose(r.out);
    pthread_mutex_destroy(&r.lock);
    if (r.failed) {
        *err = r.err;
        goto out;
    }
    int total, left = tasks_left(&r, &total);
    res->interrupted = interrupted || r.prefix < r.stop_at || left > 0;
    if (res->interrupted) {
        /* what was played, for the message; the file keeps it all */
        int n = total - left;
        snprintf(res->stop_reason, sizeof res->stop_reason, "interrupted with %d of %d games "
                 "played", n, total);
        rc = 1;
        goto out;
    }
    /* the counted games move to res, in (arm, seed, seating) order; the
     * rest are dropped */
    res->seeds = r.stop_at;
    res->ngames = take_games(&r, 0, r.stop_at, &res->game);
    res->nskill = take_games(&r, r.main_tasks, r.skill_seeds, &res->skill);
    if (!games_write(e, dir, res, err))
        goto out;
    snprintf(res->stop_reason, sizeof res->stop_reason, "%s", r.stop_reason);
    rc = 0;
out:
    for (int t = 0; t < r.ntasks; t++)
        lab_game_clear(&r.game[t]);
    free(r.game);
    free(r.state);
    free(r.order);
    return rc;
}

bool lab_mkdirs(const char *dir, eng_error *err)
{
    char path[4096];
    struct stat st;
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path)
        return eng_error_fail(err, "the folder name %.40s... is too long", dir);
    /* each parent in turn, then the folder itself; one already there is fine */
    for (char *p = path + 1; ; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            return eng_error_fail(err, "cannot make the folder %s: %s", path, strerror(errno));
        *p = c;
        if (c == '\0')
            break;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return eng_error_fail(err, "%s is not a folder", dir);
    return true;
}

bool lab_dir_new(const lab_exp *e, const char *dir, eng_error *err)
{
    if (!lab_mkdirs(dir, err))
        return false;
    char path[4096];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    if (access(path, F_OK) == 0)
        return eng_error_fail(err, "%s already holds a run; `--resume %s` finishes it, or "
                              "choose another folder", dir, dir);
    snprintf(path, sizeof path, "%s/experiment.json", dir);
    json_t *j = lab_exp_json(e);
    int rc = json_dump_file(j, path, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
    json_decref(j);
    if (rc != 0)
        return eng_error_fail(err, "cannot write in the folder %s: %s", dir, strerror(errno));
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return eng_error_fail(err, "cannot write %s: %s", path, strerror(errno));
    fclose(f);
    return true;
}

bool lab_dir_experiment(lab_exp *e, const char *dir, eng_error *err)
{
    char path[4096];
    struct stat st;
    if (stat(dir, &st) != 0)
        return eng_error_fail(err, "cannot open the folder %s: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return eng_error_fail(err, "%s is not a folder", dir);
    snprintf(path, sizeof path, "%s/experiment.json", dir);
    if (access(path, F_OK) != 0)
        return eng_error_fail(err, "%s holds no lab run (no experiment.json)", dir);
    json_error_t jerr;
    json_t *j = json_load_file(path, 0, &jerr);
    if (!j)
        return eng_error_fail(err, "%s holds no lab run (%s: %s)", dir, path, jerr.text);
    bool ok = lab_exp_from_json(e, j, err);
    json_decref(j);
    return ok;
}

bool lab_merge(const char *out, char *const *dirs, int n, eng_error *err)
{
    lab_exp e;
    lab_exp_init(&e);
    lab_result all = {0};
    bool ok = false;
    json_t *first = NULL;
    lab_consistency cons;
    lab_consistency_init(&cons, n > 0 ? n : 1);
    if (n < 1) {
        eng_error_set(err, "give the folders of the runs to merge");
        goto out;
    }
    if (!lab_dir_experiment(&e, dirs[0], err) || !lab_exp_prepare(&e, err))
        goto out;
    first = lab_exp_json(&e);
    int cap = 0;
    for (int d = 0; d < n; d++) {
        lab_exp o;
        lab_exp_init(&o);
        bool same = lab_dir_experiment(&o, dirs[d], err);
        json_t *oj = same ? lab_exp_json(&o) : NULL;
        same = same && json_equal(first, oj);
        json_decref(oj);
        lab_exp_free(&o);
        if (!same) {
            if (d > 0)
                eng_error_set(err, "%s holds another experiment than %s: only shards of one "
                              "experiment merge", dirs[d], dirs[0]);
            goto out;
        }
        lab_result part;
        if (!lab_games_load(&e, dirs[d], &part, err))
            goto out;
        lab_consistency_add(&cons, d, part.game, part.ngames);
        int more = part.ngames + part.nskill;
        if (all.ngames + more > cap) {
            cap = all.ngames + more + 16;
            all.game = realloc(all.game, (size_t)cap * sizeof *all.game);
            if (!all.game)
                abort();
        }
        memcpy(all.game + all.ngames, part.game, (size_t)part.ngames * sizeof *part.game);
        if (part.nskill)
            memcpy(all.game + all.ngames + part.ngames, part.skill,
                   (size_t)part.nskill * sizeof *part.skill);
        all.ngames += more;
        free(part.game);
        free(part.skill);
    }
    if (all.ngames)
        qsort(all.game, (size_t)all.ngames, sizeof *all.game, lab_game_cmp);
    /* a game in two shards must agree; then it counts once */
    int w = 0;
    for (int i = 0; i < all.ngames; i++) {
        if (w > 0 && lab_game_cmp(&all.game[w - 1], &all.game[i]) == 0) {
            json_t *a = lab_game_json(&e, &all.game[w - 1]), *b = lab_game_json(&e, &all.game[i]);
            bool same = json_equal(a, b);
            json_decref(a);
            json_decref(b);
            if (!same) {
                eng_error_set(err, "arm \"%s\", seed %llu, seating %d differs between the "
                              "runs", e.arm[all.game[i].arm].label,
                              (unsigned long long)all.game[i].seed, all.game[i].seating);
                goto out;               /* every entry still owned once: freed */
            }
            lab_game_clear(&all.game[i]);
            continue;
        }
        if (w != i) {
            all.game[w] = all.game[i];
            all.game[i] = (lab_game){0};
        }
        w++;
    }
    all.ngames = w;
    result_split(&all);                 /* the skill set's games apart */
    int want = e.narms * lab_exp_seeds(&e) * 2;
    int want_skill = e.narms * lab_exp_skill_seeds(&e) * 2;
    if (all.ngames != want || all.nskill != want_skill) {
        eng_error_set(err, "the runs hold %d of the experiment's %d games: a shard is missing "
                      "or unfinished", all.ngames + all.nskill, want + want_skill);
        goto out;
    }
    if (e.sprt || e.target_width > 0) {
        eng_error_set(err, "an experiment with a stopping rule is played whole, not in shards");
        goto out;
    }
    if (!lab_dir_new(&e, out, err) || !games_write(&e, out, &all, err))
        goto out;
    all.seeds = lab_exp_seeds(&e);
    played_all(&e, all.stop_reason, sizeof all.stop_reason);
    json_t *summary = NULL;
    ok = lab_outputs_write(&e, &all, out, &summary, err);
    json_decref(summary);
    if (ok) {
        /* beside the summary, never in it: the shards' consistency */
        json_t *cj = lab_consistency_json(&cons, &e, dirs);
        ok = lab_consistency_write(cj, out, err);
        json_decref(cj);
    }
out:
    lab_consistency_free(&cons);
    json_decref(first);
    lab_result_free(&all);
    lab_exp_free(&e);
    return ok;
}
