/*
 * lab_mpi.c - build/pocketwar-mpi: the program with Open MPI ranks as the
 * lab's players elsewhere (lab_remote.h). Only `make mpi` compiles this
 * file; the ordinary pocketwar never links MPI.
 *
 * Rank 0 runs the command line as usual (pocketwar_main, main.c built
 * under another name); a `lab run` (or sweep) there plays on its own jobs
 * (one by default) and on every other rank. Rank 0 alone reads and writes
 * the run's files and draws the progress bar. The other ranks wait for
 * messages from rank 0:
 *
 *   LAB_TAG_EXP   "DIR\0EXPERIMENT-JSON": the experiment to play next
 *   LAB_TAG_TASK  int[4] set, arm, seed index, seating: play it, answer with
 *   LAB_TAG_GAME  the game's games.jsonl line, or LAB_TAG_FAIL and why
 *   LAB_TAG_QUIT  nothing: the command is over
 *
 * A worker's answer is its request for the next game, so ranks that drew
 * short games get more of them. On rank 0 each worker rank has a job
 * thread of lab_run's (lab_remote.h) that leaves its game in the rank's
 * mailbox and sleeps; one dispatcher thread makes every MPI call, sends
 * what the mailboxes hold and waits for any rank's answer with one
 * MPI_Iprobe, so rank 0's cost grows with the games, not with the ranks
 * (MPI_THREAD_SERIALIZED: the dispatcher, then the main thread at the
 * end). Both sides wait by polling (MPI_Iprobe and a sleep that grows while
 * nothing comes), not in MPI_Recv, which spins: an idle rank costs no
 * core.
 *
 * A rank that dies takes the job with it (mpirun ends every rank): rank 0
 * says so as it is ended (SIGTERM), the lines of games.jsonl written so far
 * stay, and `lab run --resume DIR` says which games are missing and plays
 * them.
 */
#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lab.h"
#include "lab_remote.h"

int pocketwar_main(int argc, char **argv);

enum { LAB_TAG_EXP = 1, LAB_TAG_TASK, LAB_TAG_GAME, LAB_TAG_FAIL, LAB_TAG_QUIT };

/* between looks for a message: from 50 us, doubling to 2 ms while nothing
 * comes (a game lasts 0.1 s or more, so the answer waits at most a little,
 * and a rank waiting on a long game wakes 500 times a second, not 20,000) */
#define LAB_POLL_MIN_NS 50000L
#define LAB_POLL_MAX_NS 2000000L

/* One worker rank's mailbox on rank 0: the job thread of that slot puts a
 * game in, the dispatcher sends it and puts the answer back. */
typedef struct mpi_box {
    int state;                          /* MPI_BOX_IDLE .. MPI_BOX_ANSWERED */
    int task[4];
    char *exp;                          /* the EXP message to send first, or NULL */
    size_t exp_len;
    char *answer;                       /* the answer (its tag in tag) */
    int tag;
} mpi_box;

enum { MPI_BOX_IDLE, MPI_BOX_TO_SEND, MPI_BOX_SENT, MPI_BOX_ANSWERED };

typedef struct mpi_ctx {
    pthread_mutex_t lock;               /* the boxes, quit */
    pthread_cond_t work, answered;      /* to the dispatcher; to the job threads */
    int size;
    mpi_box *box;                       /* by slot (rank - 1) */
    char **sent;                        /* by slot: the EXP message last sent, or NULL */
    size_t *sent_len;
    bool quit;
    pthread_t dispatcher;
} mpi_ctx;

static void nap(long *ns)
{
    struct timespec ts = {0, *ns};
    nanosleep(&ts, NULL);
    *ns = *ns * 2 < LAB_POLL_MAX_NS ? *ns * 2 : LAB_POLL_MAX_NS;
}

/* A worker's wait for rank 0's next message: returned NUL-terminated
 * (caller frees), with its length and tag. */
static char *mpi_wait(int *len, int *tag)
{
    long ns = LAB_POLL_MIN_NS;
    for (;;) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (flag) {
            MPI_Get_count(&st, MPI_CHAR, len);
            char *buf = malloc((size_t)*len + 1);
            if (!buf)
                abort();
            MPI_Recv(buf, *len, MPI_CHAR, 0, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            buf[*len] = '\0';
            *tag = st.MPI_TAG;
            return buf;
        }
        nap(&ns);
    }
}

/* ---- rank 0: the transport --------------------------------------------------- */

/* What rank 0 says when mpirun ends it (a rank died, or the job was
 * stopped): written by the signal handler, so made ready beforehand, with
 * the run's folder once a game has been handed out. */
static char term_msg[4608] = "pocketwar-mpi: the job was ended before the run was complete\n";

static void on_term(int sig)
{
    (void)sig;
    ssize_t w = write(2, term_msg, strlen(term_msg));
    (void)w;
    _exit(143);
}

static void term_msg_set(const char *dir)
{
    static char last[4096];
    if (!strcmp(last, dir))
        return;
    snprintf(last, sizeof last, "%s", dir);
    char m[sizeof term_msg];
    snprintf(m, sizeof m, "pocketwar-mpi: the job was ended (a rank died, or it was stopped); "
             "the games finished are in %s/games.jsonl, and `pocketwar lab run --resume %s` "
             "says which are missing and plays them (a sweep: the same command with "
             "--resume)\n", dir, dir);
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    memcpy(term_msg, m, sizeof m);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

static char *exp_message(const lab_exp *e, const char *dir, size_t *len)
{
    json_t *j = lab_exp_json(e);
    char *s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_REAL_PRECISION(17));
    json_decref(j);
    size_t dl = strlen(dir), sl = strlen(s);
    char *m = malloc(dl + 1 + sl + 1);
    if (!m)
        abort();
    memcpy(m, dir, dl + 1);
    memcpy(m + dl + 1, s, sl + 1);
    free(s);
    *len = dl + 1 + sl;
    return m;
}

/* The dispatcher: the one thread of rank 0 that calls MPI while a command
 * runs. It sends what the boxes hold, then waits for any rank's answer
 * (one MPI_Iprobe for all of them) and puts it in that rank's box; with
 * nothing out, it sleeps on a condition, costing nothing. */
static void *dispatch(void *arg)
{
    mpi_ctx *c = arg;
    int out = 0;
    long ns = LAB_POLL_MIN_NS;
    pthread_mutex_lock(&c->lock);
    for (;;) {
        for (int s = 0; s < c->size - 1; s++) {
            mpi_box *b = &c->box[s];
            if (b->state != MPI_BOX_TO_SEND)
                continue;
            if (b->exp)
                MPI_Send(b->exp, (int)b->exp_len, MPI_CHAR, s + 1, LAB_TAG_EXP, MPI_COMM_WORLD);
            MPI_Send(b->task, 4, MPI_INT, s + 1, LAB_TAG_TASK, MPI_COMM_WORLD);
            b->exp = NULL;
            b->state = MPI_BOX_SENT;
            out++;
            ns = LAB_POLL_MIN_NS;
        }
        if (out == 0) {
            if (c->quit)
                break;
            pthread_cond_wait(&c->work, &c->lock);
            continue;
        }
        pthread_mutex_unlock(&c->lock);
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        char *buf = NULL;
        int len = 0;
        if (flag) {
            MPI_Get_count(&st, MPI_CHAR, &len);
            buf = malloc((size_t)len + 1);
            if (!buf)
                abort();
            MPI_Recv(buf, len, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            buf[len] = '\0';
            ns = LAB_POLL_MIN_NS;
        } else {
            nap(&ns);
        }
        pthread_mutex_lock(&c->lock);
        if (flag) {
            mpi_box *b = &c->box[st.MPI_SOURCE - 1];
            b->answer = buf;
            b->tag = st.MPI_TAG;
            b->state = MPI_BOX_ANSWERED;
            out--;
            pthread_cond_broadcast(&c->answered);
        }
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

static bool mpi_play(void *vctx, int slot, const lab_exp *e, const char *dir, int set, int arm,
                     int k, int seating, lab_game *out, eng_error *err)
{
    mpi_ctx *c = vctx;
    int rank = slot + 1;
    size_t len;
    char *m = exp_message(e, dir, &len);
    pthread_mutex_lock(&c->lock);
    term_msg_set(dir);
    mpi_box *b = &c->box[slot];
    if (!c->sent[slot] || c->sent_len[slot] != len || memcmp(c->sent[slot], m, len) != 0) {
        free(c->sent[slot]);
        c->sent[slot] = m;              /* kept until replaced: the box points into it */
        c->sent_len[slot] = len;
        b->exp = m;
        b->exp_len = len;
        m = NULL;
    }
    b->task[0] = set;
    b->task[1] = arm;
    b->task[2] = k;
    b->task[3] = seating;
    b->state = MPI_BOX_TO_SEND;
    pthread_cond_signal(&c->work);
    while (b->state != MPI_BOX_ANSWERED)
        pthread_cond_wait(&c->answered, &c->lock);
    char *ans = b->answer;
    int tag = b->tag;
    b->answer = NULL;
    b->state = MPI_BOX_IDLE;
    pthread_mutex_unlock(&c->lock);
    free(m);
    bool ok = false;
    if (tag == LAB_TAG_GAME) {
        json_t *j = json_loads(ans, 0, NULL);
        ok = j && lab_game_from_json(e, j, out) && out->set == set && out->arm == arm &&
             out->seating == seating &&
             out->seed == e->seed + (uint64_t)k;
        json_decref(j);
        if (!ok)
            eng_error_set(err, "rank %d sent back a game that is not the one asked for", rank);
    } else {
        eng_error_set(err, "on rank %d: %s", rank, ans);
    }
    free(ans);
    return ok;
}

/* ---- the other ranks: players --------------------------------------------- */

static void send_text(int tag, const char *s)
{
    MPI_Send(s, (int)strlen(s), MPI_CHAR, 0, tag, MPI_COMM_WORLD);
}

static void worker(void)
{
    lab_exp e;
    lab_exp_init(&e);
    char *dir = NULL;
    eng_error exp_err = {0};
    bool have = false;
    eng_error_set(&exp_err, "no experiment was sent");
    for (;;) {
        int len, tag;
        char *m = mpi_wait(&len, &tag);
        if (tag == LAB_TAG_QUIT) {
            free(m);
            break;
        }
        if (tag == LAB_TAG_EXP) {
            lab_exp_free(&e);
            lab_exp_init(&e);
            free(dir);
            dir = strdup(m);
            size_t dl = strlen(m);
            json_t *j = (int)dl < len ? json_loads(m + dl + 1, 0, NULL) : NULL;
            have = j && lab_exp_from_json(&e, j, &exp_err) && lab_exp_prepare(&e, &exp_err);
            if (!j)
                eng_error_set(&exp_err, "the experiment sent is not JSON");
            json_decref(j);
        } else if (tag == LAB_TAG_TASK && len == 4 * (int)sizeof(int)) {
            int task[4];
            memcpy(task, m, sizeof task);
            lab_game g;
            eng_error err;
            if (!have) {
                send_text(LAB_TAG_FAIL, exp_err.msg);
            } else if ((task[0] != LAB_SET_MAIN && task[0] != LAB_SET_SKILL) || task[1] < 0 ||
                       task[1] >= e.narms || task[2] < 0 ||
                       task[2] >= lab_exp_set_seeds(&e, task[0]) ||
                       (task[3] != 0 && task[3] != 1)) {
                send_text(LAB_TAG_FAIL, "a game outside the experiment was asked for");
            } else if (!lab_play(&e, task[0], task[1], task[2], task[3], dir, &g, &err)) {
                send_text(LAB_TAG_FAIL, err.msg);
            } else {
                json_t *j = lab_game_json(&e, &g);
                char *line = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(10));
                send_text(LAB_TAG_GAME, line);
                free(line);
                json_decref(j);
                lab_game_clear(&g);
            }
        }
        free(m);
    }
    free(dir);
    lab_exp_free(&e);
}

int main(int argc, char **argv)
{
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_SERIALIZED) {
        if (rank == 0)
            fprintf(stderr, "pocketwar-mpi: this MPI library does not let threads take turns "
                    "(MPI_THREAD_SERIALIZED); the run needs it\n");
        MPI_Finalize();
        return 1;
    }
    if (rank != 0) {
        worker();
        MPI_Finalize();
        return 0;
    }
    mpi_ctx c = {.size = size};
    pthread_mutex_init(&c.lock, NULL);
    pthread_cond_init(&c.work, NULL);
    pthread_cond_init(&c.answered, NULL);
    c.sent = calloc((size_t)size, sizeof *c.sent);
    c.sent_len = calloc((size_t)size, sizeof *c.sent_len);
    c.box = calloc((size_t)size, sizeof *c.box);
    if (!c.sent || !c.sent_len || !c.box ||
        pthread_create(&c.dispatcher, NULL, dispatch, &c) != 0)
        abort();
    lab_remote remote = {.slots = size - 1, .local_jobs = 1, .play = mpi_play, .ctx = &c};
    lab_remote_install(&remote);
    struct sigaction sa = {0};
    sa.sa_handler = on_term;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    int rc = pocketwar_main(argc, argv);
    fflush(stdout);
    pthread_mutex_lock(&c.lock);
    c.quit = true;
    pthread_cond_signal(&c.work);
    pthread_mutex_unlock(&c.lock);
    pthread_join(c.dispatcher, NULL);
    for (int r = 1; r < size; r++)
        MPI_Send(NULL, 0, MPI_CHAR, r, LAB_TAG_QUIT, MPI_COMM_WORLD);
    lab_remote_install(NULL);
    for (int s = 0; s < size; s++)
        free(c.sent[s]);
    free(c.sent);
    free(c.sent_len);
    free(c.box);
    pthread_cond_destroy(&c.work);
    pthread_cond_destroy(&c.answered);
    pthread_mutex_destroy(&c.lock);
    MPI_Finalize();
    return rc;
}
