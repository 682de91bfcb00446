/*
 * ai_net.c - the learned evaluation's network (ai_net.h): judging a
 * position's features, and reading and writing the weights file.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "ai_net.h"

ai_net *ai_net_new(const char *rules, int inputs, int hidden)
{
    ai_net *net = calloc(1, sizeof *net);
    if (!net || hidden > AI_NET_MAX_HIDDEN)   /* ai_net_eval's sums fit AI_NET_MAX_HIDDEN */
        abort();
    snprintf(net->rules, sizeof net->rules, "%s", rules);
    net->inputs = inputs;
    net->hidden = hidden;
    net->w1 = calloc((size_t)inputs * (size_t)hidden, sizeof *net->w1);
    net->w1t = calloc((size_t)inputs * (size_t)hidden, sizeof *net->w1t);
    net->b1 = calloc((size_t)hidden, sizeof *net->b1);
    net->w2 = calloc((size_t)hidden, sizeof *net->w2);
    if (!net->w1 || !net->w1t || !net->b1 || !net->w2)
        abort();
    return net;
}

void ai_net_free(ai_net *net)
{
    if (!net)
        return;
    free(net->w1);
    free(net->w1t);
    free(net->b1);
    free(net->w2);
    free(net);
}

void ai_net_prepare(ai_net *net)
{
    for (int j = 0; j < net->hidden; j++)
        for (int i = 0; i < net->inputs; i++)
            net->w1t[(size_t)i * (size_t)net->hidden + (size_t)j] =
                net->w1[(size_t)j * (size_t)net->inputs + (size_t)i];
}

typedef float net_f4 __attribute__((vector_size(16)));   /* four floats, one register */

static net_f4 net_load4(const float *p)
{
    net_f4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

typedef int net_i4 __attribute__((vector_size(16)));   /* a mask: -1 true, 0 false */

static net_f4 net_pick4(net_i4 mask, net_f4 yes, net_f4 no)
{
    return (net_f4)(((net_i4)yes & mask) | ((net_i4)no & ~mask));
}

/* tanh as a ratio of two polynomials in x (odd over even; the rational
 * approximation the Eigen library uses for float tanh), x held to
 * [-7.905, 7.905], where it reaches 1: within 4e-7 of tanh everywhere, four
 * at a time. libm's tanhf took about twenty times the instructions and was
 * a fifth of a Pocket Battles battle. Plain arithmetic, the same bits on
 * every machine (the build keeps the compiler from fusing multiplies and
 * adds) and in every lane. */
static net_f4 net_tanh4(net_f4 x)
{
    const float k = 7.90531110763549805f;
    const net_f4 hi = {k, k, k, k}, lo = -hi;
    net_f4 c = net_pick4(x > hi, hi, x);
    c = net_pick4(c < lo, lo, c);
    net_f4 c2 = c * c;
#define NET_K4(v) ((net_f4){v, v, v, v})
    net_f4 p = NET_K4(-2.76076847742355e-16f);
    p = p * c2 + NET_K4(2.00018790482477e-13f);
    p = p * c2 + NET_K4(-8.60467152213735e-11f);
    p = p * c2 + NET_K4(5.12229709037114e-08f);
    p = p * c2 + NET_K4(1.48572235717979e-05f);
    p = p * c2 + NET_K4(6.37261928875436e-04f);
    p = p * c2 + NET_K4(4.89352455891786e-03f);
    net_f4 q = NET_K4(1.19825839466702e-06f);
    q = q * c2 + NET_K4(1.18534705686654e-04f);
    q = q * c2 + NET_K4(2.26843463243900e-03f);
    q = q * c2 + NET_K4(4.89352518554385e-03f);
#undef NET_K4
    return p * c / q;
}

/* One tanh: net_tanh4's first lane, the same bits as in the vector loop. */
static float net_tanh(float x)
{
    net_f4 t = net_tanh4((net_f4){x, x, x, x});
    return t[0];
}

float ai_net_tanh(float x) { return net_tanh(x); }

#ifndef NDEBUG
/* The network as it reads: one hidden unit at a time, its inputs in order. */
static double eval_plain(const ai_net *net, const float *x)
{
    float out = net->b2;
    for (int j = 0; j < net->hidden; j++) {
        const float *w = net->w1 + (size_t)j * (size_t)net->inputs;
        float a = net->b1[j];
        for (int i = 0; i < net->inputs; i++)
            a += w[i] * x[i];
        out += net->w2[j] * net_tanh(a);
    }
    return 1.0 / (1.0 + exp(-(double)out));
}
#endif

/* The same sums as eval_plain, the same result to the last bit: each hidden
 * unit still adds its inputs' products one by one in input order, but
 * sixteen units at a time from the transposed weights, their sums held in
 * registers across the inputs (the compiler does it with vector
 * instructions; the search judges a position at the end of every playout).
 * An input of zero is left out: it would add w * 0, a zero (the weights
 * are finite), which leaves a sum as it is (or a sum of -0 at -0 where it would
 * be +0, and a zero's sign changes neither tanh's zero nor the output).
 * Most features are zero in most positions. */
double ai_net_eval(const ai_net *net, const float *x)
{
    int hid = net->hidden;
    const float *row[AI_NET_MAX_INPUTS];   /* the inputs not zero: their weights */
    float val[AI_NET_MAX_INPUTS];          /* ... and their values */
    int m = 0;
    for (int i = 0; i < net->inputs; i++)
        if (x[i] != 0) {
            row[m] = net->w1t + (size_t)i * (size_t)hid;
            val[m++] = x[i];
        }
    float a[AI_NET_MAX_HIDDEN];
    int j = 0;
    for (; j + 16 <= hid; j += 16) {
        net_f4 s0 = net_load4(net->b1 + j), s1 = net_load4(net->b1 + j + 4);
        net_f4 s2 = net_load4(net->b1 + j + 8), s3 = net_load4(net->b1 + j + 12);
        for (int k = 0; k < m; k++) {
            const float *w = row[k] + j;
            const float xk = val[k];
            const net_f4 xi = {xk, xk, xk, xk};
            s0 += net_load4(w) * xi;
            s1 += net_load4(w + 4) * xi;
            s2 += net_load4(w + 8) * xi;
            s3 += net_load4(w + 12) * xi;
        }
        memcpy(a + j, &s0, sizeof s0);
        memcpy(a + j + 4, &s1, sizeof s1);
        memcpy(a + j + 8, &s2, sizeof s2);
        memcpy(a + j + 12, &s3, sizeof s3);
    }
    for (; j < hid; j++) {
        float sum = net->b1[j];
        for (int k = 0; k < m; k++)
            sum += row[k][j] * val[k];
        a[j] = sum;
    }
    for (j = 0; j + 4 <= hid; j += 4) {
        net_f4 t = net_tanh4(net_load4(a + j));
        memcpy(a + j, &t, sizeof t);
    }
    for (; j < hid; j++)
        a[j] = net_tanh(a[j]);
    float out = net->b2;
    for (j = 0; j < hid; j++)
        out += net->w2[j] * a[j];
    double v = 1.0 / (1.0 + exp(-(double)out));
#ifndef NDEBUG
    double plain = eval_plain(net, x);
    if (memcmp(&v, &plain, sizeof v) != 0) {
        fprintf(stderr, "ai_net_eval: %.17g, not %.17g as it reads (was ai_net_prepare "
                "called after w1 was written?)\n", v, plain);
        abort();
    }
#endif
    return v;
}

void ai_net_score(const ai_net *net, const eng_state *s, double *value)
{
    if (eng_is_terminal(s)) {
        eng_returns(s, value);
        return;
    }
    int np = eng_game_players(eng_state_game(s));
    float x[AI_NET_MAX_INPUTS];
    for (int p = 0; p < np; p++) {
        ai_hints_features(s, p, x);
        value[p] = ai_net_eval(net, x);
    }
    if (np == 2) {
        double v = 0.5 * (value[0] + 1 - value[1]);
        value[0] = v;
        value[1] = 1 - v;
    }
}

/* ---- the file ------------------------------------------------------------------ */

typedef struct reader {
    FILE *f;
    const char *path;
    int line;
    char buf[65536];
    char *p;               /* the rest of the current line */
    eng_error *err;
} reader;

/* The next line that is not blank or a comment, into r->p; false at the end. */
static bool next_line(reader *r)
{
    while (fgets(r->buf, sizeof r->buf, r->f)) {
        r->line++;
        char *hash = strchr(r->buf, '#');
        if (hash)
            *hash = '\0';
        char *p = r->buf;
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        char *end = p + strlen(p);
        while (end > p && strchr(" \t\r\n", end[-1]))
            *--end = '\0';
        if (*p) {
            r->p = p;
            return true;
        }
    }
    r->line++;
    return false;
}

static bool fail(reader *r, const char *what)
{
    eng_error_set(r->err, "%s, line %d: %s", r->path, r->line, what);
    return false;
}

/* A line "KEY VALUE": the value's text in *val. */
static bool keyword(reader *r, const char *key, char **val)
{
    char msg[160];
    if (!next_line(r)) {
        snprintf(msg, sizeof msg, "the file ends where \"%s\" was expected", key);
        return fail(r, msg);
    }
    size_t k = strlen(key);
    if (strncmp(r->p, key, k) != 0 || (r->p[k] && !strchr(" \t\r\n", r->p[k]))) {
        snprintf(msg, sizeof msg, "expected \"%s\", not \"%.40s\"", key, r->p);
        return fail(r, msg);
    }
    char *v = r->p + k;
    while (*v == ' ' || *v == '\t')
        v++;
    *val = v;
    return true;
}

static bool count(reader *r, const char *key, int lo, int hi, int *out)
{
    char *v, msg[160];
    if (!keyword(r, key, &v))
        return false;
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (!*v || *end || errno || n < lo || n > hi) {
        snprintf(msg, sizeof msg, "%s takes a whole number from %d to %d, not \"%.40s\"", key,
                 lo, hi, v);
        return fail(r, msg);
    }
    *out = (int)n;
    return true;
}

/* A line of exactly n numbers into out. */
static bool numbers(reader *r, const char *what, float *out, int n)
{
    char msg[160];
    if (!next_line(r)) {
        snprintf(msg, sizeof msg, "the file ends where the numbers of %s were expected", what);
        return fail(r, msg);
    }
    char *p = r->p;
    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno || !isfinite(v)) {
            snprintf(msg, sizeof msg, "%s: number %d of %d is missing or not a number "
                     "(\"%.20s\")", what, i + 1, n, p);
            return fail(r, msg);
        }
        out[i] = (float)v;
        p = end;
    }
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    if (*p) {
        snprintf(msg, sizeof msg, "%s: more than %d numbers on the line", what, n);
        return fail(r, msg);
    }
    return true;
}

static bool block(reader *r, const char *key, float *out, int rows, int cols)
{
    char *v;
    if (!keyword(r, key, &v))
        return false;
    if (*v)
        return fail(r, "a block's keyword stands alone on its line");
    for (int j = 0; j < rows; j++) {
        char what[48];
        snprintf(what, sizeof what, rows > 1 ? "%s row %d" : "%s", key, j + 1);
        if (!numbers(r, what, out + (size_t)j * (size_t)cols, cols))
            return false;
    }
    return true;
}

ai_net *ai_net_load(const char *path, const char *rules, int inputs, eng_error *err)
{
    reader r = {.path = path, .err = err};
    r.f = fopen(path, "r");
    if (!r.f) {
        eng_error_set(err, "%s: cannot read the evaluation network (%s); `pocketwar train "
                      "--rules %s --out %s` makes one", path, strerror(errno), rules, path);
        return NULL;
    }
    ai_net *net = NULL;
    char *v, msg[200];
    int version, n_in, n_hid;
    if (!count(&r, "pocketwar-net", 1, 1, &version) || !keyword(&r, "rules", &v))
        goto bad;
    if (strcmp(v, rules) != 0) {
        snprintf(msg, sizeof msg, "the network is for the rule set \"%.40s\", not \"%.40s\"",
                 v, rules);
        fail(&r, msg);
        goto bad;
    }
    if (!count(&r, "inputs", 1, AI_NET_MAX_INPUTS, &n_in))
        goto bad;
    if (n_in != inputs) {
        snprintf(msg, sizeof msg, "the network reads %d features, the rule set gives %d "
                 "(retrain it with `pocketwar train`)", n_in, inputs);
        fail(&r, msg);
        goto bad;
    }
    if (!count(&r, "hidden", 1, AI_NET_MAX_HIDDEN, &n_hid))
        goto bad;
    net = ai_net_new(rules, n_in, n_hid);
    if (!block(&r, "w1", net->w1, n_hid, n_in) || !block(&r, "b1", net->b1, 1, n_hid) ||
        !block(&r, "w2", net->w2, 1, n_hid) || !block(&r, "b2", &net->b2, 1, 1))
        goto bad;
    if (next_line(&r)) {
        fail(&r, "something after the last block (b2)");
        goto bad;
    }
    fclose(r.f);
    ai_net_prepare(net);
    return net;
bad:
    ai_net_free(net);
    fclose(r.f);
    return NULL;
}

static void row(FILE *f, const float *x, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%.9g", i ? " " : "", (double)x[i]);
    fputc('\n', f);
}

bool ai_net_save(const ai_net *net, const char *path, const char *header, eng_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        eng_error_set(err, "%s: cannot write the network (%s)", path, strerror(errno));
        return false;
    }
    if (header) {
        for (const char *p = header; *p;) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            fprintf(f, "# %.*s\n", (int)len, p);
            p += len + (nl ? 1 : 0);
        }
    }
    fprintf(f, "pocketwar-net 1\nrules %s\ninputs %d\nhidden %d\nw1\n", net->rules,
            net->inputs, net->hidden);
    for (int j = 0; j < net->hidden; j++)
        row(f, net->w1 + (size_t)j * (size_t)net->inputs, net->inputs);
    fprintf(f, "b1\n");
    row(f, net->b1, net->hidden);
    fprintf(f, "w2\n");
    row(f, net->w2, net->hidden);
    fprintf(f, "b2\n");
    row(f, &net->b2, 1);
    bool ok = !ferror(f);
    if (fclose(f) != 0)
        ok = false;
    if (!ok)
        eng_error_set(err, "%s: cannot write the network", path);
    return ok;
}

ai_net *ai_net_for_rules_file(const eng_rules *r, const char *file, eng_error *err)
{
    char path[4096];
    const char *rules = eng_rules_name(r);
    int inputs = ai_hints_feature_count(r);
    if (inputs <= 0 || inputs > AI_NET_MAX_INPUTS ||
        !ai_hints_eval_net_path(r, path, sizeof path)) {
        eng_error_set(err, "%s has no learned evaluation (it describes no position as "
                      "features); eval=net is for rule sets that do", rules);
        return NULL;
    }
    if (file && *file) {
        if (strchr(file, '/'))
            snprintf(path, sizeof path, "%s", file);
        else {                          /* beside the rule set's own file */
            char *slash = strrchr(path, '/');
            size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
            snprintf(path + dir, sizeof path - dir, "%s", file);
        }
    }
    return ai_net_load(path, rules, inputs, err);
}
