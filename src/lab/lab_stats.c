/*
 * lab_stats.c - the lab's statistics on GSL's distributions (lab_stats.h;
 * the formulas in docs/lab.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include "lab_stats.h"

double lab_z(double conf)
{
    return gsl_cdf_ugaussian_Pinv(0.5 + conf / 2);
}

void lab_wilson(double k, long n, double conf, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double z = lab_z(conf), nn = (double)n, p = k / nn, z2 = z * z;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = z / (1 + z2 / nn) * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

lab_mean lab_mean_ci(const double *x, long n, double conf)
{
    lab_mean m = {.n = n};
    if (n <= 0)
        return m;
    m.mean = gsl_stats_mean(x, 1, (size_t)n);
    m.lo = m.hi = m.mean;
    if (n < 2)
        return m;
    m.sd = gsl_stats_sd_m(x, 1, (size_t)n, m.mean);
    double half = gsl_cdf_tdist_Pinv(0.5 + conf / 2, (double)(n - 1)) * m.sd / sqrt((double)n);
    m.lo = m.mean - half;
    m.hi = m.mean + half;
    return m;
}

lab_paired lab_paired_test(const double *d, long n, double conf)
{
    lab_mean m = lab_mean_ci(d, n, conf);
    lab_paired r = {.n = n, .mean = m.mean, .sd = m.sd, .lo = m.lo, .hi = m.hi, .p = 1};
    if (n < 2)
        return r;
    if (m.sd <= 1e-12) {
        r.p = fabs(m.mean) < 1e-12 ? 1 : 0;
        r.t = fabs(m.mean) < 1e-12 ? 0 : (m.mean > 0 ? INFINITY : -INFINITY);
        r.dz = r.t;
        return r;
    }
    r.t = m.mean / (m.sd / sqrt((double)n));
    r.p = 2 * gsl_cdf_tdist_Q(fabs(r.t), (double)(n - 1));
    if (r.p > 1)
        r.p = 1;
    r.dz = m.mean / m.sd;
    return r;
}

void lab_holm(const double *p, int m, double *adj)
{
    if (m <= 0)
        return;
    size_t *order = malloc((size_t)m * sizeof *order);
    if (!order)
        abort();
    gsl_sort_index(order, p, 1, (size_t)m);
    double run = 0;
    for (int k = 0; k < m; k++) {
        size_t i = order[k];
        double a = (double)(m - k) * p[i];
        if (a > 1)
            a = 1;
        if (a < run)
            a = run;                    /* step-down: never below an earlier one */
        run = a;
        adj[i] = a;
    }
    free(order);
}

void lab_sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
}

lab_sprt lab_sprt_test(const double *d, long n, double delta, double alpha, double beta)
{
    lab_sprt s = {0};
    lab_sprt_bounds(alpha, beta, &s.lower, &s.upper);
    if (n < 2)
        return s;
    double mean = gsl_stats_mean(d, 1, (size_t)n);
    double var = gsl_stats_variance_m(d, 1, (size_t)n, mean);
    if (var < 1e-9)
        var = 1e-9;
    /* normal log-likelihood ratio of mean delta against mean 0 */
    s.llr = delta * ((double)n * mean - (double)n * delta / 2) / var;
    s.decision = s.llr >= s.upper ? 1 : s.llr <= s.lower ? -1 : 0;
    return s;
}

double lab_quantile(double *x, long n, double q)
{
    if (n <= 0)
        return 0;
    gsl_sort(x, 1, (size_t)n);
    return gsl_stats_quantile_from_sorted_data(x, 1, (size_t)n, q);
}

void lab_clamp(double *lo, double *hi, double min, double max)
{
    *lo = fmin(fmax(*lo, min), max);
    *hi = fmin(fmax(*hi, min), max);
}

double lab_round6(double x)
{
    if (!isfinite(x))
        return x;
    double r = round(x * 1e6) / 1e6;
    return r == 0 ? 0 : r;              /* no -0 */
}

double lab_round_sig6(double x)
{
    if (!isfinite(x) || x == 0)
        return x;
    char buf[32];
    snprintf(buf, sizeof buf, "%.6g", x);
    return strtod(buf, NULL);
}
