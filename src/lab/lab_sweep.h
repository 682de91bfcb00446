/*
 * lab_sweep.h - sweeps (lab_sweep.c): one variant option, or one number in
 * the scenario, over a list or range of values, every value an arm on the
 * same seeds; and the balance search, which looks for the value at which
 * side 1's advantage is nearest zero (docs/lab.md, "Sweeps").
 */
#ifndef LAB_SWEEP_H
#define LAB_SWEEP_H

#include "lab.h"

#define LAB_SWEEP_MAX 64                /* values in a list or range */

typedef struct lab_sweep {
    /* exactly one of option (a variant option's key) and field (a dotted
     * path into the scenario's JSON, e.g. forces.0.units.HI) */
    const char *option, *field;
    int nvalues;
    char *value[LAB_SWEEP_MAX];         /* as given (options) or numbers (fields) */
    double num[LAB_SWEEP_MAX];          /* the value as a number; its index if not one */
    bool numeric;
    /* the balance search */
    bool balance;
    double delta;                       /* "balanced": |advantage| < delta (the SPRT's) */
    int probe_step;                     /* seeds added between looks at a probe */
} lab_sweep;

void lab_sweep_init(lab_sweep *s);
void lab_sweep_free(lab_sweep *s);
/* Reads "A,B,C", "LO..HI" or "LO..HI:STEP" (numbers) into s; false and err. */
bool lab_sweep_values(lab_sweep *s, const char *spec, eng_error *err);

/* A sweep of every value: e (its rule set, scenario, options, players,
 * games, seed; no arms yet) gets one arm per value and is played into
 * out with its usual outputs, and out/sweep.json and out/sweep.html
 * besides. 0; 1 interrupted; -1 and err. */
int lab_sweep_all(lab_exp *e, const lab_sweep *s, const char *out, const lab_run_opts *o,
                  eng_error *err);

/* The balance search: probes values one at a time in order of promise
 * (the two ends, then the value the advantages measured so far put
 * nearest zero), each in out/probe-LABEL/ and stopped by the sequential
 * test of |advantage| < delta against |advantage| = delta (e->games the
 * most per probe). Writes out/sweep.json and out/sweep.html; prints the
 * chosen value, its interval and the probes rejected to `tell`.
 * 0; 1 interrupted; -1 and err. */
int lab_sweep_balance(lab_exp *e, const lab_sweep *s, const char *out, const lab_run_opts *o,
                      FILE *tell, eng_error *err);

/* ---- lab_sweep_report.c ----------------------------------------------------- */

/* out/sweep.html from the sweep's JSON (as sweep.json holds): each metric
 * against the value with its interval. False and err. */
bool lab_sweep_html(const json_t *sweep, const char *path, eng_error *err);

#endif
