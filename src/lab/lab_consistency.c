/*
 * lab_consistency.c - the per-shard consistency check of `lab merge`
 * (lab_consistency.h). It looks only at the games each shard folder held,
 * never changes the merged games or summary.json (which stay byte for byte
 * the experiment's as if run whole), and writes its finding beside them:
 * shards.json and a section of report.html.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "lab_consistency.h"
#include "svg.h"
#include "lab_compare.h"
#include "lab_stats.h"

void lab_consistency_init(lab_consistency *c, int nshards)
{
    c->nshards = nshards;
    c->shard = calloc((size_t)nshards + 1, sizeof *c->shard);
    if (!c->shard)
        abort();
}

void lab_consistency_free(lab_consistency *c)
{
    free(c->shard);
    memset(c, 0, sizeof *c);
}

void lab_consistency_add(lab_consistency *c, int d, const lab_game *g, int n)
{
    lab_shard_tally *t = &c->shard[d];
    for (int i = 0; i < n; i++) {
        double x = lab_value(&g[i], LAB_Q_SIDE1);
        int a = g[i].arm;
        t->n[a]++;
        t->sum[a] += x;
        t->sumsq[a] += x * x;
    }
}

/* One round: each active shard's statistic against the other active shards. */
static void round_test(const lab_consistency *c, const lab_exp *e, const bool *active,
                       double *chi, int *df, double *p)
{
    int k = c->nshards;
    for (int s = 0; s < k; s++) {
        chi[s] = 0;
        df[s] = 0;
        p[s] = 1;
        if (!active[s])
            continue;
        for (int a = 0; a < e->narms; a++) {
            long n = 0, ns = c->shard[s].n[a];
            double sum = 0, sumsq = 0;
            for (int r = 0; r < k; r++)
                if (active[r]) {
                    n += c->shard[r].n[a];
                    sum += c->shard[r].sum[a];
                    sumsq += c->shard[r].sumsq[a];
                }
            long nr = n - ns;
            if (ns == 0 || nr == 0 || n < 2)
                continue;
            double mean = sum / n, var = (sumsq - n * mean * mean) / (n - 1);
            double ms = c->shard[s].sum[a] / ns, mr = (sum - c->shard[s].sum[a]) / nr;
            double se = sqrt(fmax(var, 0) * (1.0 / ns + 1.0 / nr));
            double z = se > 0 ? (ms - mr) / se : ms == mr ? 0 : INFINITY;
            chi[s] += z * z;
            df[s]++;
        }
        p[s] = df[s] == 0 ? 1 : isinf(chi[s]) ? 0 : gsl_cdf_chisq_Q(chi[s], df[s]);
    }
}

/* Rounds: the most extreme shard, if its corrected p is below alpha, is
 * named and left out of the rest's figures, and the test runs again on
 * the others (so one bad shard does not make the good ones look bad), while
 * three shards or more remain. Each shard keeps the figures of the round
 * that named it, or of the last round. */
json_t *lab_consistency_json(const lab_consistency *c, const lab_exp *e, char *const *dirs)
{
    int k = c->nshards, m = k;
    size_t sz = (size_t)k + 1;
    double *p = calloc(sz, sizeof *p), *adj = calloc(sz, sizeof *adj), *chi = calloc(sz, sizeof *chi);
    double *fp = calloc(sz, sizeof *fp), *fadj = calloc(sz, sizeof *fadj), *fchi = calloc(sz, sizeof *fchi);
    double *ap = calloc(sz, sizeof *ap), *aadj = calloc(sz, sizeof *aadj);
    int *df = calloc(sz, sizeof *df), *fdf = calloc(sz, sizeof *fdf), *map = calloc(sz, sizeof *map);
    bool *active = calloc(sz, sizeof *active), *off = calloc(sz, sizeof *off);
    if (!p || !adj || !chi || !fp || !fadj || !fchi || !ap || !aadj || !df || !fdf || !map ||
        !active || !off)
        abort();
    for (int s = 0; s < k; s++)
        active[s] = true;
    for (;;) {
        round_test(c, e, active, chi, df, p);
        int na = 0;
        for (int s = 0; s < k; s++)
            if (active[s]) {
                map[na] = s;
                ap[na++] = p[s];
            }
        lab_holm(ap, na, aadj);
        int worst = -1;
        for (int i = 0; i < na; i++) {
            int s = map[i];
            adj[s] = aadj[i];
            fp[s] = p[s];
            fadj[s] = adj[s];
            fchi[s] = chi[s];
            fdf[s] = df[s];
            if (worst < 0 || p[s] < p[worst])
                worst = s;
        }
        if (m < 3 || worst < 0 || adj[worst] >= LAB_CONSISTENCY_ALPHA)
            break;
        off[worst] = true;
        active[worst] = false;
        m--;
    }
    json_t *shards = json_array(), *bad = json_array();
    for (int s = 0; s < k; s++) {
        long n = 0;
        double sum = 0;
        for (int a = 0; a < e->narms; a++) {
            n += c->shard[s].n[a];
            sum += c->shard[s].sum[a];
        }
        json_array_append_new(shards, json_pack("{s:s, s:I, s:f, s:f, s:i, s:f, s:f, s:b}",
                                                "dir", dirs[s], "games", (json_int_t)n,
                                                "side1_score", n ? lab_round6(sum / n) : 0.0,
                                                "chi2", isinf(fchi[s]) ? 1e308
                                                                       : lab_round6(fchi[s]),
                                                "df", fdf[s], "p", lab_round_sig6(fp[s]),
                                                "p_holm", lab_round_sig6(fadj[s]),
                                                "inconsistent", off[s]));
        if (off[s])
            json_array_append_new(bad, json_string(dirs[s]));
    }
    void *owned[] = {p, adj, chi, fp, fadj, fchi, ap, aadj, df, fdf, map, active, off};
    for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++)
        free(owned[i]);
    return json_pack("{s:f, s:o, s:o}", "alpha", LAB_CONSISTENCY_ALPHA, "shards", shards,
                     "inconsistent", bad);
}

bool lab_consistency_write(const json_t *j, const char *out, eng_error *err)
{
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/shards.json", out);
    if (json_dump_file(j, path, JSON_INDENT(2) | JSON_REAL_PRECISION(10)) != 0)
        return eng_error_fail(err, "cannot write %s", path);
    /* report.html: the section goes in before the page's end */
    snprintf(path, sizeof path, "%s/report.html", out);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *in = fopen(path, "r");
    if (!in)
        return eng_error_fail(err, "cannot read %s", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fclose(in);
        return eng_error_fail(err, "cannot write %s", tmp);
    }
    char *line = NULL;
    size_t cap = 0;
    bool placed = false;
    while (getline(&line, &cap, in) > 0) {
        char *end = placed ? NULL : strstr(line, "</body>");
        if (end) {
            fwrite(line, 1, (size_t)(end - line), f);
            const json_t *bad = json_object_get(j, "inconsistent");
            fprintf(f, "<h2 id=\"shards\">Shards</h2>\n<p>%s</p>\n<table><tr><th>shard</th>"
                    "<th>games</th><th>side 1 score</th><th>&chi;&sup2; (df)</th>"
                    "<th>p (Holm)</th><th></th></tr>\n",
                    json_array_size(bad) ? "A shard differs from the rest more than chance "
                    "allows: look at the machine or build that played it before trusting "
                    "the merged answer."
                    : "No shard differs from the rest more than chance allows.");
            size_t i;
            const json_t *s;
            json_array_foreach(json_object_get(j, "shards"), i, s) {
                fputs("<tr><td>", f);
                svg_text(f, json_string_value(json_object_get(s, "dir")));
                fprintf(f, "</td><td>%d</td><td>%.1f%%</td><td>%.2f (%d)</td><td>%.3g</td>"
                        "<td>%s</td></tr>\n",
                        (int)json_integer_value(json_object_get(s, "games")),
                        100 * json_number_value(json_object_get(s, "side1_score")),
                        json_number_value(json_object_get(s, "chi2")),
                        (int)json_integer_value(json_object_get(s, "df")),
                        json_number_value(json_object_get(s, "p_holm")),
                        json_is_true(json_object_get(s, "inconsistent")) ? "<b>inconsistent</b>"
                                                                          : "");
            }
            fputs("</table>\n", f);
            fputs(end, f);
            placed = true;
        } else {
            fputs(line, f);
        }
    }
    free(line);
    fclose(in);
    if (fclose(f) != 0 || rename(tmp, path) != 0)
        return eng_error_fail(err, "cannot write %s", path);
    return true;
}
