/*
 * lab_sweep_report.c - sweep.html (lab_sweep.h): every metric of the
 * sweep's points drawn against the swept value, a dot at each value's
 * estimate and a bar for its interval, one inline SVG plot a metric under
 * the report's name for it, with rounded ticks and the 50% line on a
 * score; for
 * the balance search the probes' order and verdicts and the chosen value.
 * No script: the page reads the same offline and in any browser.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "lab_sweep.h"
#include "lab_summary.h"
#include "svg.h"

#define W 460
#define H 220
#define ML 56
#define MR 16
#define MT 24
#define MB 40

/* A round step (1, 2 or 5 times a power of ten) for about four ticks over
 * span, and the decimals its labels need. */
static double tick_step(double span, int *decimals)
{
    double raw = span / 4, p = pow(10, floor(log10(raw))), m = raw / p;
    double step = (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
    *decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
    return step;
}

/* The value of field f of metric key at point p, in the report's unit. */
static double at(const json_t *p, const char *key, const char *f, double scale)
{
    const json_t *m = json_object_get(json_object_get(p, "metrics"), key);
    return scale * json_number_value(json_object_get(m, f));
}

/* One plot: metric `key` of every point against x. */
static void plot(FILE *f, const json_t *pts, const char *key, const char *xname)
{
    double sc;
    const char *title = lab_metric_name(key, &sc);
    bool score = !strcmp(key, "side1_score") || !strcmp(key, "side2_score") ||
                 !strcmp(key, "player1_score");
    size_t n = json_array_size(pts);
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        const json_t *p = json_array_get(pts, i);
        double x = json_number_value(json_object_get(p, "x"));
        x0 = fmin(x0, x);
        x1 = fmax(x1, x);
        y0 = fmin(y0, at(p, key, "lo", sc));
        y1 = fmax(y1, at(p, key, "hi", sc));
    }
    bool zero = y0 < 0 && y1 > 0;       /* the data cross 0: its line drawn */
    if (score) {                        /* the 50% line always in view */
        y0 = fmin(y0, 0.5 * sc);
        y1 = fmax(y1, 0.5 * sc);
    }
    if (x1 <= x0)
        x1 = x0 + 1;
    if (y1 <= y0)
        y1 = y0 + 1;
    double pad = (y1 - y0) * 0.05;
    y0 -= pad;
    y1 += pad;
#define PX(x) (ML + ((x) - x0) / (x1 - x0) * (W - ML - MR))
#define PY(y) (MT + (y1 - (y)) / (y1 - y0) * (H - MT - MB))
    fprintf(f, "<figure><svg id=\"sweep-%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "xmlns=\"http://www.w3.org/2000/svg\" font-family=\"sans-serif\" font-size=\"11\">\n",
            key, W, H, W, H);
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" "
            "stroke=\"#ccc\"/>\n", ML, MT, W - ML - MR, H - MT - MB);
    int dp;
    double step = tick_step(y1 - y0, &dp);
    for (double t = ceil(y0 / step) * step; t <= y1 + step * 1e-9; t += step) {
        double v = fabs(t) < step * 1e-9 ? 0 : t;
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>"
                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.*f</text>\n", ML, W - MR,
                PY(v), PY(v), ML - 4, PY(v) + 4, dp, v);
    }
    double mark = score ? 0.5 * sc : 0;   /* 50% on a score, else 0 where in view */
    if (score || zero)
        fprintf(f, "<line class=\"mark\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n", ML, W - MR, PY(mark), PY(mark));
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">", ML, MT - 8);
    svg_text(f, title);
    fputs("</text>\n", f);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", (W + ML - MR) / 2, H - 6);
    svg_text(f, xname);
    fputs("</text>\n<polyline fill=\"none\" stroke=\"#36c\" points=\"", f);
    /* the line joins the points in order of x */
    size_t idx[LAB_SWEEP_MAX];
    for (size_t i = 0; i < n && i < LAB_SWEEP_MAX; i++) {
        size_t j = i;
        double x = json_number_value(json_object_get(json_array_get(pts, i), "x"));
        for (; j > 0 && json_number_value(json_object_get(json_array_get(pts, idx[j - 1]),
                                                          "x")) > x; j--)
            idx[j] = idx[j - 1];
        idx[j] = i;
    }
    for (size_t i = 0; i < n && i < LAB_SWEEP_MAX; i++) {
        const json_t *p = json_array_get(pts, idx[i]);
        fprintf(f, "%.1f,%.1f ", PX(json_number_value(json_object_get(p, "x"))),
                PY(at(p, key, "value", sc)));
    }
    fputs("\"/>\n", f);
    for (size_t i = 0; i < n; i++) {
        const json_t *p = json_array_get(pts, i);
        double x = json_number_value(json_object_get(p, "x"));
        double v = at(p, key, "value", sc), lo = at(p, key, "lo", sc), hi = at(p, key, "hi", sc);
        fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#36c\"/>\n",
                PX(x), PX(x), PY(lo), PY(hi));
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#36c\"><title>", PX(x),
                PY(v));
        svg_text(f, json_string_value(json_object_get(p, "value")));
        fprintf(f, ": %.4g (%.4g to %.4g)</title></circle>\n", v, lo, hi);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", PX(x), H - MB + 14);
        svg_text(f, json_string_value(json_object_get(p, "value")));
        fputs("</text>\n", f);
    }
    fputs("</svg></figure>\n", f);
#undef PX
#undef PY
}

bool lab_sweep_html(const json_t *sw, const char *path, eng_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return eng_error_fail(err, "cannot write %s", path);
    const char *key = json_string_value(json_object_get(sw, "key"));
    const json_t *pts = json_object_get(sw, "points");
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Sweep of ", f);
    svg_text(f, key);
    fputs("</title><style>body{font-family:sans-serif;max-width:1000px;margin:1em auto}"
          "figure{display:inline-block;margin:4px}table{border-collapse:collapse}"
          "td,th{padding:2px 8px;border-bottom:1px solid #ddd}</style></head><body>\n<h1>Sweep of ",
          f);
    svg_text(f, key);
    fputs("</h1>\n", f);
    const json_t *chosen = json_object_get(sw, "chosen");
    if (chosen) {
        fprintf(f, "<p id=\"chosen\">Balance: <b>");
        svg_text(f, key);
        fputs(" = ", f);
        svg_text(f, json_string_value(json_object_get(chosen, "value")));
        fprintf(f, "</b>, side 1's advantage %+.1f points (%+.1f to %+.1f)%s.</p>\n",
                100 * json_number_value(json_object_get(chosen, "advantage")),
                100 * json_number_value(json_object_get(chosen, "lo")),
                100 * json_number_value(json_object_get(chosen, "hi")),
                json_is_true(json_object_get(chosen, "balanced"))
                    ? ", balanced within the sequential test's delta"
                    : json_is_true(json_object_get(chosen, "outside"))
                    ? "; no value swept balances it" : "; the nearest to zero of the probes");
        fputs("<table><tr><th>probe</th><th>value</th><th>games</th><th>advantage</th>"
              "<th>verdict</th></tr>\n", f);
        size_t i;
        const json_t *p;
        json_array_foreach(pts, i, p) {
            const json_t *m = json_object_get(json_object_get(p, "metrics"), "side_advantage");
            fprintf(f, "<tr><td>%d</td><td>", (int)json_integer_value(json_object_get(p, "probe")));
            svg_text(f, json_string_value(json_object_get(p, "value")));
            fprintf(f, "</td><td>%d</td><td>%+.1f (%+.1f to %+.1f)</td><td>%s</td></tr>\n",
                    (int)json_integer_value(json_object_get(p, "games")),
                    100 * json_number_value(json_object_get(m, "value")),
                    100 * json_number_value(json_object_get(m, "lo")),
                    100 * json_number_value(json_object_get(m, "hi")),
                    json_string_value(json_object_get(p, "verdict")));
        }
        fputs("</table>\n", f);
    }
    /* every metric with an interval, in the summary's order */
    const json_t *m0 = json_object_get(json_array_get(pts, 0), "metrics");
    const char *k;
    const json_t *v;
    json_object_foreach((json_t *)m0, k, v) {
        if (json_is_object(v) && json_object_get(v, "lo") && json_object_get(v, "hi") &&
            json_object_get(v, "value"))
            plot(f, pts, k, key);
    }
    fputs("</body></html>\n", f);
    if (fclose(f) != 0)
        return eng_error_fail(err, "cannot write %s", path);
    return true;
}
