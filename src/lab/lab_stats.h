/*
 * lab_stats.h - the statistics of the lab (and of `pocketwar tournament`):
 * Wilson intervals of a share, t intervals of a mean, the paired
 * comparison of two arms, Holm's correction, the sequential probability
 * ratio test. Distributions and quantiles come from GSL; docs/lab.md
 * states every formula. Pure functions of their arguments: no state, no
 * allocation that outlives a call.
 */
#ifndef LAB_STATS_H
#define LAB_STATS_H

#include <stdbool.h>

/* The normal quantile for a two-sided interval of confidence conf (0.95:
 * 1.959964). */
double lab_z(double conf);

/* The Wilson score interval of a share k of n (k may be fractional: a
 * score of wins plus half draws). n = 0 gives [0, 1]. */
void lab_wilson(double k, long n, double conf, double *lo, double *hi);

/* The mean of x[0..n-1] with a Student t interval at confidence conf;
 * sd the sample standard deviation (0 when n < 2). n = 0 gives zeros. */
typedef struct lab_mean {
    long n;
    double mean, sd, lo, hi;
} lab_mean;
lab_mean lab_mean_ci(const double *x, long n, double conf);

/* A paired comparison: d[i] the difference of one quantity between two
 * arms on the same seed and seating. The mean difference, its t interval,
 * the two-sided p-value of "no difference" (paired t test), the
 * standardised effect (Cohen's d_z = mean / sd). When every difference
 * is alike (sd = 0) the interval is the point and p is 1 if the mean is
 * 0, else 0. */
typedef struct lab_paired {
    long n;
    double mean, sd, lo, hi, t, p, dz;
} lab_paired;
lab_paired lab_paired_test(const double *d, long n, double conf);

/* Holm's step-down correction of m p-values: adj[i] is p[i]'s adjusted
 * value (monotone, at most 1). */
void lab_holm(const double *p, int m, double *adj);

/* The sequential probability ratio test of H0: mean difference 0 against
 * H1: mean difference delta, on paired differences taken as normal with
 * their sample variance (Wald 1945; the normal approximation fishtest
 * uses). Bounds: lower ln(beta / (1 - alpha)), upper ln((1 - beta) / alpha). */
typedef struct lab_sprt {
    double llr, lower, upper;
    int decision;              /* 1: H1 accepted, -1: H0 accepted, 0: go on */
} lab_sprt;
void lab_sprt_bounds(double alpha, double beta, double *lower, double *upper);
lab_sprt lab_sprt_test(const double *d, long n, double delta, double alpha, double beta);

/* The q-quantile (0..1) of x[0..n-1], which it sorts (GSL's definition:
 * linear between order statistics). 0 when n = 0. */
double lab_quantile(double *x, long n, double q);

/* The interval [*lo, *hi] cut to [min, max] (a t interval over few or
 * skewed values can reach past what the quantity can be). */
void lab_clamp(double *lo, double *hi, double min, double max);

/* x rounded to 6 decimals, so that summaries read the same on every
 * machine whatever the last bits of a library's arithmetic. */
double lab_round6(double x);

/* x to 6 significant digits (p-values, which may be very small). */
double lab_round_sig6(double x);

#endif
