/*
 * lab_sweep.c - sweeps and the balance search (lab_sweep.h). A sweep is an
 * experiment like any other (one arm per value, paired on the same seeds),
 * so it runs on jobs, MPI ranks and --resume as `lab run` does; what is
 * new here is making the arms and reading the answer off the summary.
 *
 * A number in the scenario is swept by writing one scenario file per value
 * into out/scenarios/ (the scenario's JSON with the dotted path set) and
 * pointing each arm at its file. The balance search plays one probe at a
 * time, each its own run folder, LAB_SWEEP_STEP seeds at a look, until the
 * sequential test says |advantage| < delta or |advantage| >= delta.
 */
#define _XOPEN_SOURCE 700              /* realpath */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lab_sweep.h"
#include "lab_stats.h"
#include "lab_compare.h"
#include "lab_summary.h"
#include "scenario.h"

void lab_sweep_init(lab_sweep *s)
{
    memset(s, 0, sizeof *s);
    s->delta = 0.1;
    s->probe_step = 10;
}

void lab_sweep_free(lab_sweep *s)
{
    for (int i = 0; i < s->nvalues; i++)
        free(s->value[i]);
    s->nvalues = 0;
}

static bool add_value(lab_sweep *s, const char *v, size_t n, eng_error *err)
{
    if (s->nvalues >= LAB_SWEEP_MAX)
        return eng_error_fail(err, "at most %d values in a sweep", LAB_SWEEP_MAX);
    if (n == 0)
        return eng_error_fail(err, "an empty value in the list");
    char *c = strndup(v, n);
    if (!c)
        abort();
    s->value[s->nvalues++] = c;
    return true;
}

static bool is_number(const char *v, double *x)
{
    char *end;
    errno = 0;
    *x = strtod(v, &end);
    return *v && !*end && errno == 0 && isfinite(*x);
}

bool lab_sweep_values(lab_sweep *s, const char *spec, eng_error *err)
{
    const char *dots = strstr(spec, "..");
    if (dots) {
        double lo, hi, step = 1;
        char a[64], b[64];
        const char *colon = strchr(dots, ':');
        size_t la = (size_t)(dots - spec), lb = colon ? (size_t)(colon - dots - 2)
                                                      : strlen(dots + 2);
        if (la >= sizeof a || lb >= sizeof b)
            return eng_error_fail(err, "--values \"%s\": LO..HI[:STEP], numbers", spec);
        memcpy(a, spec, la);
        a[la] = '\0';
        memcpy(b, dots + 2, lb);
        b[lb] = '\0';
        if (!is_number(a, &lo) || !is_number(b, &hi) || (colon && !is_number(colon + 1, &step)) ||
            step <= 0 || hi < lo)
            return eng_error_fail(err, "--values \"%s\": LO..HI[:STEP], numbers with LO <= HI "
                                  "and STEP > 0", spec);
        if ((hi - lo) / step + 1 > LAB_SWEEP_MAX)
            return eng_error_fail(err, "--values \"%s\": more than %d values", spec,
                                  LAB_SWEEP_MAX);
        for (int i = 0; lo + i * step <= hi + 1e-9 * step; i++) {
            char v[64];
            snprintf(v, sizeof v, "%.10g", lo + i * step);
            if (!add_value(s, v, strlen(v), err))
                return false;
        }
    } else {
        for (const char *p = spec;;) {
            const char *comma = strchr(p, ',');
            size_t n = comma ? (size_t)(comma - p) : strlen(p);
            if (!add_value(s, p, n, err))
                return false;
            if (!comma)
                break;
            p = comma + 1;
        }
    }
    if (s->nvalues < 2)
        return eng_error_fail(err, "--values \"%s\": a sweep needs two values or more", spec);
    s->numeric = true;
    for (int i = 0; i < s->nvalues; i++)
        s->numeric = s->numeric && is_number(s->value[i], &s->num[i]);
    for (int i = 0; !s->numeric && i < s->nvalues; i++)
        s->num[i] = i;
    for (int i = 0; i < s->nvalues; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(s->value[i], s->value[j]))
                return eng_error_fail(err, "--values: \"%s\" twice", s->value[i]);
    return true;
}

/* An arm's label for value i: the value itself when it makes one. */
static void value_label(const lab_sweep *s, int i, char *out, size_t n)
{
    const char *v = s->value[i];
    bool ok = strlen(v) < LAB_LABEL_MAX;
    for (const char *p = v; ok && *p; p++)
        ok = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
             *p == '-' || *p == '_' || *p == '.';
    if (ok)
        snprintf(out, n, "%s", v);
    else
        snprintf(out, n, "v%d", i + 1);
}

/* Sets the dotted path in j (objects by key, arrays by index) to x; the
 * place must exist and hold a number. */
static bool field_set(json_t *j, const char *path, double x, eng_error *err)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    json_t *parent = j;
    char *save = NULL, *key = strtok_r(buf, ".", &save);
    while (key) {
        char *next = strtok_r(NULL, ".", &save);
        json_t *child;
        char *end;
        long idx = strtol(key, &end, 10);
        bool index = json_is_array(parent) && *key && !*end;
        child = index ? json_array_get(parent, (size_t)idx)
                      : json_is_object(parent) ? json_object_get(parent, key) : NULL;
        if (!child)
            return eng_error_fail(err, "--field %s: the scenario has no \"%s\" there", path, key);
        if (!next) {
            if (!json_is_number(child))
                return eng_error_fail(err, "--field %s: the scenario holds no number there",
                                      path);
            json_t *v = x == floor(x) && fabs(x) < 1e15 ? json_integer((json_int_t)x)
                                                         : json_real(x);
            if (index)
                json_array_set_new(parent, (size_t)idx, v);
            else
                json_object_set_new(parent, key, v);
            return true;
        }
        parent = child;
        key = next;
    }
    return eng_error_fail(err, "--field: give a dotted path into the scenario, e.g. "
                          "victory.turn_limit");
}

/* Adds value i's arm to e. */
static bool value_arm(lab_exp *e, const lab_sweep *s, int i, const char *out, eng_error *err)
{
    char label[LAB_LABEL_MAX], spec[4400];
    value_label(s, i, label, sizeof label);
    if (s->option) {
        snprintf(spec, sizeof spec, "%s:%s=%s", label, s->option, s->value[i]);
        return lab_exp_add_arm(e, spec, err);
    }
    if (!s->numeric)
        return eng_error_fail(err, "--field takes numbers: --values \"%s\" is not one",
                              s->value[i]);
    const eng_rules *r = eng_rules_find(e->rules);
    if (!r)
        return eng_error_fail(err, "no rule set \"%s\"", e->rules);
    const char *sc = lab_exp_scenario(e);
    json_t *scen = eng_scenario_load(r, sc, err);
    if (!scen)
        return false;
    if (!field_set(scen, s->field, s->num[i], err)) {
        json_decref(scen);
        return false;
    }
    char dir[4096], path[4200], full[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/scenarios", out);
    if (!lab_mkdirs(dir, err)) {
        json_decref(scen);
        return false;
    }
    snprintf(path, sizeof path, "%s/%s.json", dir, label);
    int rc = json_dump_file(scen, path, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
    json_decref(scen);
    if (rc != 0 || !realpath(path, full))
        return eng_error_fail(err, "cannot write %s: %s", path, strerror(errno));
    snprintf(spec, sizeof spec, "%s:scenario=%s", label, full);
    return lab_exp_add_arm(e, spec, err);
}

/* The sweep's JSON: what was swept, and each value's metrics (from a
 * summary's arm) with their intervals. */
static json_t *sweep_json(const lab_sweep *s, const char *target)
{
    json_t *vals = json_array();
    for (int i = 0; i < s->nvalues; i++)
        json_array_append_new(vals, json_string(s->value[i]));
    return json_pack("{s:s, s:s, s:o, s:b, s:s?}", "swept", s->option ? "option" : "field",
                     "key", s->option ? s->option : s->field, "values", vals, "numeric",
                     s->numeric, "target", target);
}

static json_t *point_json(const lab_sweep *s, int i, const json_t *arm)
{
    return json_pack("{s:s, s:f, s:O, s:O}", "value", s->value[i], "x", s->num[i], "games",
                     json_object_get(arm, "games"), "metrics", json_object_get(arm, "metrics"));
}

static bool sweep_write(const json_t *sw, const char *out, eng_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/sweep.json", out);
    if (json_dump_file(sw, path, JSON_INDENT(2) | JSON_REAL_PRECISION(10)) != 0)
        return eng_error_fail(err, "cannot write %s", path);
    snprintf(path, sizeof path, "%s/sweep.html", out);
    return lab_sweep_html(sw, path, err);
}

int lab_sweep_all(lab_exp *e, const lab_sweep *s, const char *out, const lab_run_opts *o,
                  eng_error *err)
{
    if (s->nvalues > LAB_MAX_ARMS)
        return eng_error_fail(err, "a sweep of every value plays at most %d (--target balance "
                              "takes up to %d)", LAB_MAX_ARMS, LAB_SWEEP_MAX), -1;
    for (int i = 0; i < s->nvalues; i++)
        if (!value_arm(e, s, i, out, err))
            return -1;
    if (!lab_exp_prepare(e, err) || (!o->resume && !lab_dir_new(e, out, err)))
        return -1;
    lab_result res;
    int rc = lab_run(e, out, o, &res, err);
    if (rc != 0) {
        lab_result_free(&res);
        return rc;
    }
    json_t *summary = NULL;
    bool ok = lab_outputs_write(e, &res, out, &summary, err);
    lab_result_free(&res);
    if (!ok) {
        json_decref(summary);
        return -1;
    }
    json_t *sw = sweep_json(s, NULL), *pts = json_array();
    for (int i = 0; i < s->nvalues; i++)
        json_array_append_new(pts, point_json(s, i, json_array_get(json_object_get(summary,
                                                                                   "arms"),
                                                                   (size_t)i)));
    json_object_set_new(sw, "points", pts);
    ok = sweep_write(sw, out, err);
    json_decref(sw);
    json_decref(summary);
    return ok ? 0 : -1;
}

/* ---- the balance search ------------------------------------------------------ */

typedef struct probe {
    bool done;
    int decision;              /* -1 balanced, 1 unbalanced, 0 undecided (games ran out) */
    double adv, lo, hi;        /* side 1's advantage (score - 1/2) and its interval */
    int games;
    json_t *arm;               /* the probe's summary arm */
} probe;

/* Side 1's advantage on each seed (both seatings' mean, less 1/2). */
static double *seed_advantages(const lab_result *res, long *n)
{
    double *x = malloc(((size_t)res->ngames / 2 + 1) * sizeof *x);
    if (!x)
        abort();
    long m = 0;
    for (int i = 0; i + 1 < res->ngames; i += 2)
        x[m++] = (lab_value(&res->game[i], LAB_Q_SIDE1) +
                  lab_value(&res->game[i + 1], LAB_Q_SIDE1)) / 2 - 0.5;
    *n = m;
    return x;
}

/* Plays value i's probe until the sequential test decides (both one-sided
 * tests accept "no advantage": balanced; either accepts "delta": not) or
 * e's games are spent. 0; 1 interrupted; -1. */
static int probe_play(const json_t *base, const lab_sweep *s, int i, const char *out,
                      const lab_run_opts *o, probe *p, eng_error *err)
{
    lab_exp e;
    lab_exp_init(&e);
    bool ok = lab_exp_from_json(&e, base, err);
    /* the base's arm ("base", which prepare added) gives way to the value's */
    for (int k = 0; k < e.narms; k++) {
        free(e.arm[k].scenario);
        free(e.arm[k].variant);
        json_decref(e.arm[k].options);
    }
    e.narms = 0;
    char label[LAB_LABEL_MAX], dir[4096], path[4200];
    value_label(s, i, label, sizeof label);
    snprintf(dir, sizeof dir, "%s/probe-%s", out, label);
    int rc = -1, most = e.games;
    ok = ok && value_arm(&e, s, i, out, err);
    e.games = 2 * s->probe_step < most ? 2 * s->probe_step : most;
    ok = ok && lab_exp_prepare(&e, err);
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    bool resume = access(path, F_OK) == 0;
    if (!ok || (!resume && !lab_dir_new(&e, dir, err)))
        goto out;
    lab_result res = {0};
    for (;;) {
        lab_run_opts ro = *o;
        ro.resume = true;               /* the games already played are kept */
        ro.shard = 0;
        ro.shards = 0;
        lab_result_free(&res);
        rc = lab_run(&e, dir, &ro, &res, err);
        if (rc != 0)
            break;
        long n;
        double *x = seed_advantages(&res, &n);
        lab_sprt up = lab_sprt_test(x, n, s->delta, e.alpha, e.beta);
        double *neg = malloc(((size_t)n + 1) * sizeof *neg);
        if (!neg)
            abort();
        for (long k = 0; k < n; k++)
            neg[k] = -x[k];
        lab_sprt down = lab_sprt_test(neg, n, s->delta, e.alpha, e.beta);
        free(neg);
        free(x);
        p->decision = up.decision > 0 || down.decision > 0 ? 1
                      : up.decision < 0 && down.decision < 0 ? -1 : 0;
        if (p->decision != 0 || e.games >= most)
            break;
        e.games = e.games + 2 * s->probe_step < most ? e.games + 2 * s->probe_step : most;
    }
    if (rc == 0) {
        /* the probe's folder records the games it took */
        snprintf(path, sizeof path, "%s/experiment.json", dir);
        json_t *ej = lab_exp_json(&e);
        json_dump_file(ej, path, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
        json_decref(ej);
        json_t *summary = NULL;
        if (lab_outputs_write(&e, &res, dir, &summary, err)) {
            p->arm = json_incref(json_array_get(json_object_get(summary, "arms"), 0));
            const json_t *m = json_object_get(json_object_get(p->arm, "metrics"),
                                              "side_advantage");
            p->adv = json_number_value(json_object_get(m, "value"));
            p->lo = json_number_value(json_object_get(m, "lo"));
            p->hi = json_number_value(json_object_get(m, "hi"));
            p->games = res.ngames;
            p->done = true;
        } else {
            rc = -1;
        }
        json_decref(summary);
    }
    lab_result_free(&res);
out:
    lab_exp_free(&e);
    return rc;
}

/* The next value to probe: the ends first; then, between the two probed
 * values nearest each other whose advantages differ in sign, the value
 * nearest where the straight line between them crosses zero. -1: none. */
static int next_probe(const lab_sweep *s, const probe *p)
{
    int n = s->nvalues;
    if (!p[0].done)
        return 0;
    if (!p[n - 1].done)
        return n - 1;
    for (int i = 0; i < n; i++)
        if (p[i].done && p[i].decision < 0)
            return -1;                  /* a balanced value found */
    int a = -1;
    for (int i = 0; i < n; i++) {
        if (!p[i].done)
            continue;
        if (a >= 0 && (p[a].adv > 0) != (p[i].adv > 0) && p[a].adv != 0 && p[i].adv != 0) {
            if (i - a < 2)
                return -1;              /* adjacent: nothing left between them */
            double t = p[a].adv / (p[a].adv - p[i].adv);
            double want = s->num[a] + t * (s->num[i] - s->num[a]);
            int best = -1;
            for (int k = a + 1; k < i; k++)
                if (best < 0 || fabs(s->num[k] - want) < fabs(s->num[best] - want))
                    best = k;
            return best;
        }
        a = i;
    }
    return -1;                          /* no change of sign: the balance lies outside */
}

int lab_sweep_balance(lab_exp *e, const lab_sweep *s, const char *out, const lab_run_opts *o,
                      FILE *tell, eng_error *err)
{
    if (!s->numeric)
        return eng_error_fail(err, "--target balance takes numbers (--values LO..HI or a "
                              "list of numbers), in the order the advantage runs"), -1;
    /* sort the values by number, so that probes bracket */
    lab_sweep sorted = *s;
    for (int i = 1; i < sorted.nvalues; i++)
        for (int j = i; j > 0 && sorted.num[j - 1] > sorted.num[j]; j--) {
            double t = sorted.num[j];
            sorted.num[j] = sorted.num[j - 1];
            sorted.num[j - 1] = t;
            char *v = sorted.value[j];
            sorted.value[j] = sorted.value[j - 1];
            sorted.value[j - 1] = v;
        }
    char done[4200];
    snprintf(done, sizeof done, "%s/sweep.json", out);
    if (!o->resume && access(done, F_OK) == 0)
        return eng_error_fail(err, "%s already holds a sweep; the same command with --resume "
                              "finishes it, or choose another folder", out), -1;
    /* the experiment the probes share (checked, its arms left out) */
    if (!lab_exp_prepare(e, err))
        return -1;
    json_t *base = lab_exp_json(e);
    if (!lab_mkdirs(out, err)) {
        json_decref(base);
        return -1;
    }
    probe p[LAB_SWEEP_MAX] = {{0}};
    int order[LAB_SWEEP_MAX], nprobed = 0, rc = 0, i;
    while ((i = next_probe(&sorted, p)) >= 0) {
        rc = probe_play(base, &sorted, i, out, o, &p[i], err);
        if (rc != 0)
            goto out;
        order[nprobed++] = i;
        if (tell)
            fprintf(tell, "probe %s = %s: side 1's advantage %+.1f points (%+.1f to %+.1f) "
                    "after %d games: %s\n", s->option ? s->option : s->field, sorted.value[i],
                    100 * p[i].adv, 100 * p[i].lo, 100 * p[i].hi, p[i].games,
                    p[i].decision < 0 ? "balanced" : p[i].decision > 0
                    ? (p[i].adv > 0 ? "side 1 favoured" : "side 2 favoured")
                    : "undecided (games spent)");
    }
    /* the chosen value: a balanced probe, else the least advantage measured */
    int best = -1;
    for (int k = 0; k < sorted.nvalues; k++)
        if (p[k].done && (best < 0 || (p[k].decision < 0) > (p[best].decision < 0) ||
                          ((p[k].decision < 0) == (p[best].decision < 0) &&
                           fabs(p[k].adv) < fabs(p[best].adv))))
            best = k;
    bool outside = p[0].done && p[sorted.nvalues - 1].done && p[0].adv * p[sorted.nvalues - 1].adv > 0 &&
                   p[best].decision >= 0;
    json_t *sw = sweep_json(&sorted, "balance"), *pts = json_array(), *rej = json_array();
    json_object_set_new(sw, "delta", json_real(s->delta));
    for (int k = 0; k < nprobed; k++) {
        int q = order[k];
        json_t *pt = point_json(&sorted, q, p[q].arm);
        json_object_set_new(pt, "probe", json_integer(k + 1));
        json_object_set_new(pt, "verdict", json_string(p[q].decision < 0 ? "balanced"
                                                        : p[q].decision > 0 ? "unbalanced"
                                                                            : "undecided"));
        json_array_append_new(pts, pt);
        if (q != best)
            json_array_append_new(rej, json_string(sorted.value[q]));
    }
    json_object_set_new(sw, "points", pts);
    json_object_set_new(sw, "chosen", json_pack("{s:s, s:f, s:f, s:f, s:i, s:b, s:b}", "value",
                                                sorted.value[best], "advantage", p[best].adv,
                                                "lo", p[best].lo, "hi", p[best].hi, "games",
                                                p[best].games, "balanced",
                                                p[best].decision < 0, "outside", outside));
    json_object_set_new(sw, "rejected", rej);
    if (tell) {
        fprintf(tell, "\nBalance: %s = %s, side 1's advantage %+.1f points (%+.1f to %+.1f, "
                "%d games)%s\n", s->option ? s->option : s->field, sorted.value[best],
                100 * p[best].adv, 100 * p[best].lo, 100 * p[best].hi, p[best].games,
                p[best].decision < 0 ? ": balanced within the sequential test's delta"
                : outside ? "; no value swept balances it: the balance lies beyond this end"
                          : "; the nearest to zero of the values probed");
        fprintf(tell, "Rejected:");
        for (int k = 0; k < nprobed; k++)
            if (order[k] != best)
                fprintf(tell, " %s (%+.1f)", sorted.value[order[k]], 100 * p[order[k]].adv);
        fprintf(tell, "%s\nsweep: %s/sweep.html\n", nprobed > 1 ? "" : " none", out);
    }
    rc = sweep_write(sw, out, err) ? 0 : -1;
    json_decref(sw);
out:
    for (int k = 0; k < sorted.nvalues; k++)
        json_decref(p[k].arm);
    json_decref(base);
    return rc;
}
