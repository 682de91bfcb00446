/*
 * lab_report.c - report.html (lab_summary.h): one self-contained page,
 * readable from disk without a script: the question in words, the arms,
 * the verdict lines, a table of every metric with its interval, and inline
 * SVG plots (each an <svg> with an id "plot-..."): score per side and arm
 * with interval bars, side advantage per arm, the arm-against-arm
 * differences, duration histograms overlaid, endings as stacked bars, and
 * the distributions of lead changes and drama; with a skill set, its
 * player A's score per arm and the arms compared on it.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lab_summary.h"
#include "svg.h"
#include "lab_compare.h"
#include "lab_metrics.h"
#include "lab_odds.h"

static const char *const colour[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                     "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f"};
#define NCOLOUR 8
#define W 640

static const json_t *metric(const json_t *arm, const char *key)
{
    return json_object_get(json_object_get(arm, "metrics"), key);
}

static double field(const json_t *m, const char *f)
{
    return json_number_value(json_object_get(m, f));
}

/* Horizontal bars with interval whiskers on a 0..1 (or lo..hi) axis: one
 * row per (label, value, lo, hi, colour). */
typedef struct row {
    char label[96];
    double v, lo, hi;
    int colour;
} row;

static void svg_intervals(FILE *f, const char *id, const char *title, const row *r, int n,
                          double amin, double amax, double mark, bool bars, const char *unit)
{
    int left = 170, right = 30, top = 34, rh = 26, h = top + n * rh + 36;
    double span = amax - amin, pw = W - left - right;
#define X(v) (left + ((v) - amin) / span * pw)
    fprintf(f, "<svg id=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" role=\"img\"><title>", id, W, h, W, h);
    svg_text(f, title);
    fprintf(f, "</title><text x=\"8\" y=\"20\" class=\"t\">");
    svg_text(f, title);
    fprintf(f, "</text>\n");
    for (int k = 0; k <= 4; k++) {
        double v = amin + span * k / 4;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"g\"/>"
                "<text x=\"%.1f\" y=\"%d\" class=\"a\" text-anchor=\"middle\">%.3g%s</text>\n",
                X(v), top - 4, X(v), top + n * rh, X(v), top + n * rh + 16, v, unit);
    }
    if (mark >= amin && mark <= amax)
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"m\"/>\n", X(mark),
                top - 6, X(mark), top + n * rh);
    for (int i = 0; i < n; i++) {
        double y = top + i * rh + rh / 2.0;
        const char *c = colour[r[i].colour % NCOLOUR];
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" class=\"l\" text-anchor=\"end\">", left - 8, y + 4);
        svg_text(f, r[i].label);
        fprintf(f, "</text>");
        double v = fmax(amin, fmin(amax, r[i].v)), lo = fmax(amin, fmin(amax, r[i].lo)),
               hi = fmax(amin, fmin(amax, r[i].hi));
        if (bars)
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\" "
                    "fill-opacity=\"0.55\"/>", X(fmin(amin < 0 ? 0 : amin, v)), y - 8,
                    fabs(X(v) - X(amin < 0 ? 0 : amin)), 16, c);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" "
                "stroke-width=\"2\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#222\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#222\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" "
                "stroke=\"#222\"/>\n", X(lo), y, X(hi), y, X(lo), y - 5, X(lo), y + 5, X(hi),
                y - 5, X(hi), y + 5, X(v), y, c);
    }
    fprintf(f, "</svg>\n");
#undef X
}

/* Histograms of a per-game figure, one outline per arm, overlaid. */
static void svg_histograms(FILE *f, const char *id, const char *title, const char *xlabel,
                           const lab_exp *e, const lab_result *res,
                           double (*get)(const lab_game *), double bin)
{
    double mx = 0;
    for (int i = 0; i < res->ngames; i++)
        mx = fmax(mx, get(&res->game[i]));
    int nb = (int)floor(mx / bin) + 1;
    if (nb > 60)
        nb = 60;
    int *count = calloc((size_t)(nb * e->narms), sizeof *count), top_count = 1;
    if (!count)
        abort();
    for (int i = 0; i < res->ngames; i++) {
        int b = (int)floor(get(&res->game[i]) / bin);
        b = b < 0 ? 0 : b >= nb ? nb - 1 : b;
        int *c = &count[res->game[i].arm * nb + b];
        (*c)++;
        if (*c > top_count)
            top_count = *c;
    }
    int left = 50, right = 20, top = 34, ph = 170, h = top + ph + 60;
    double pw = W - left - right, bw = pw / nb;
    fprintf(f, "<svg id=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" role=\"img\"><title>", id, W, h, W, h);
    svg_text(f, title);
    fprintf(f, "</title><text x=\"8\" y=\"20\" class=\"t\">");
    svg_text(f, title);
    fprintf(f, "</text>\n<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"g\"/>\n", left,
            top + ph, W - right, top + ph);
    fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"a\" text-anchor=\"end\">%d</text>"
            "<text x=\"%d\" y=\"%d\" class=\"a\" text-anchor=\"end\">0</text>\n", left - 4,
            top + 8, top_count, left - 4, top + ph);
    /* at most 15 labels, counted back from the last bin so that the
     * longest game's value is always labelled */
    int step = nb > 15 ? (nb + 14) / 15 : 1;
    for (int b = (nb - 1) % step; b < nb; b += step)
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" class=\"a\" text-anchor=\"middle\">%g</text>",
                left + (b + 0.5) * bw, top + ph + 14, b * bin);
    fprintf(f, "\n<text x=\"%.1f\" y=\"%d\" class=\"a\" text-anchor=\"middle\">", left + pw / 2,
            top + ph + 30);
    svg_text(f, xlabel);
    fprintf(f, " (games per bin)</text>\n");
    for (int a = 0; a < e->narms; a++) {
        const char *c = colour[a % NCOLOUR];
        fprintf(f, "<g class=\"arm\">");
        for (int b = 0; b < nb; b++) {
            double hgt = (double)count[a * nb + b] / top_count * ph;
            if (hgt > 0)
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        "fill=\"%s\" fill-opacity=\"0.25\" stroke=\"%s\"/>",
                        left + b * bw + 1, top + ph - hgt, bw - 2, hgt, c, c);
        }
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                "<text x=\"%d\" y=\"%d\" class=\"l\">", left + a * 130, top + ph + 40, c,
                left + a * 130 + 16, top + ph + 50);
        svg_text(f, e->arm[a].label);
        fprintf(f, "</text></g>\n");
    }
    fprintf(f, "</svg>\n");
    free(count);
}

static double game_length(const lab_game *g) { return g->length; }
static double game_leads(const lab_game *g) { return lab_lead_changes(g->eval, g->neval); }
static double game_depth(const lab_game *g)
{
    double d, t, k;
    if (g->winner < 0)
        return 0;
    lab_drama(g->eval, g->neval, g->winner, &d, &t, &k);
    return d;
}

/* Endings as stacked bars of shares, one bar per arm. */
static void svg_endings(FILE *f, const json_t *summary)
{
    const json_t *arms = json_object_get(summary, "arms");
    /* every ending of any arm, in first-seen order, for one colour each */
    const char *names[64];
    int nn = 0;
    size_t i, k;
    const json_t *a, *en;
    json_array_foreach(arms, i, a) {
        json_array_foreach(metric(a, "endings"), k, en) {
            const char *t = json_string_value(json_object_get(en, "ending"));
            int j = 0;
            while (j < nn && strcmp(names[j], t))
                j++;
            if (j == nn && nn < 64)
                names[nn++] = t;
        }
    }
    int left = 170, right = 30, top = 34, rh = 28;
    int n = (int)json_array_size(arms), h = top + n * rh + 24 + 18 * ((nn + 1) / 2);
    double pw = W - left - right;
    fprintf(f, "<svg id=\"plot-endings\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\"><title>How games end</title>"
            "<text x=\"8\" y=\"20\" class=\"t\">How games end (share of each arm's games)</text>\n",
            W, h, W, h);
    json_array_foreach(arms, i, a) {
        double x = left, y = top + (double)i * rh;
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" class=\"l\" text-anchor=\"end\">", left - 8, y + 16);
        svg_text(f, json_string_value(json_object_get(a, "label")));
        fprintf(f, "</text>");
        for (int j = 0; j < nn; j++)
            json_array_foreach(metric(a, "endings"), k, en) {
                if (strcmp(json_string_value(json_object_get(en, "ending")), names[j]))
                    continue;
                double w = field(en, "value") * pw;
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"20\" "
                        "fill=\"%s\"><title>", x, y + 2, w, colour[(j + 2) % NCOLOUR]);
                svg_text(f, names[j]);
                fprintf(f, ": %.1f%%</title></rect>", 100 * field(en, "value"));
                if (w > 36)
                    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"w\">%.0f%%</text>", x + 4,
                            y + 16, 100 * field(en, "value"));
                x += w;
            }
        fputc('\n', f);
    }
    for (int j = 0; j < nn; j++) {
        int col = j % 2, line = j / 2;
        double x = left + col * pw / 2, y = top + n * rh + 10 + line * 18;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" class=\"l\">", x, y, colour[(j + 2) % NCOLOUR],
                x + 16, y + 10);
        svg_text(f, names[j]);
        fprintf(f, "</text>\n");
    }
    fprintf(f, "</svg>\n");
}

static void est_cell(FILE *f, const json_t *m, double scale, int decimals)
{
    fprintf(f, "<td>%.*f <span class=\"ci\">(%.*f to %.*f)</span></td>", decimals,
            scale * field(m, "value"), decimals, scale * field(m, "lo"), decimals,
            scale * field(m, "hi"));
}

static const struct {
    const char *key, *name;
    int decimals;
    double scale;
} table_rows[] = {
    {"side1_score", "side 1's score, %", 1, 100},
    {"side2_score", "side 2's score, %", 1, 100},
    {"side_advantage", "side advantage (side 1's score - 50), points", 1, 100},
    {"balance", "balance (1 = even)", 2, 1},
    {"side1_win", "side 1 wins, %", 1, 100},
    {"side2_win", "side 2 wins, %", 1, 100},
    {"no_winner", "no winner (drawn or cut), %", 1, 100},
    {"drawishness", "drawishness: drawn at the end, %", 1, 100},
    {"step_caps", "cut by the step cap, %", 1, 100},
    {"at_limit", "reached the turn or round limit, %", 1, 100},
    {"duration", "duration (turns or rounds), mean", 2, 1},
    {"decisions", "decisions per game, mean", 1, 1},
    {"branching", "branching: legal actions per decision", 2, 1},
    {"lead_changes", "lead changes per game", 2, 1},
    {"comebacks", "comebacks: winner was behind, %", 1, 100},
    {"drama_depth", "drama: how far behind the winner was (0..1)", 3, 1},
    {"drama_time", "drama: share of turns the winner was behind", 3, 1},
    {"decisiveness", "decisiveness (1 = ahead to stay from the start)", 3, 1},
    {"player1_score", "the first player's score, both seatings, %", 1, 100},
};

const char *lab_metric_name(const char *key, double *scale)
{
    for (size_t t = 0; t < sizeof table_rows / sizeof table_rows[0]; t++)
        if (!strcmp(key, table_rows[t].key)) {
            *scale = table_rows[t].scale;
            return table_rows[t].name;
        }
    *scale = 1;
    return key;
}

/* A compared quantity in the verdicts' words and unit: score and share
 * differences in points (a share of 100), lengths in turns or rounds. */
static const char *quantity_words(const char *q, const lab_exp *e, double *scale, char *unit,
                                  size_t n)
{
    static const char *const words[][2] = {
        {"side1_score", "side 1's score"}, {"player1_score", "the first player's score"},
        {"draw", "games without a winner"}, {"skill_score", "the skill games' score"},
        {"length", "game length"},
    };
    *scale = strcmp(q, "length") ? 100 : 1;
    snprintf(unit, n, "%s%s", strcmp(q, "length") ? "points" : e->length_unit,
             strcmp(q, "length") ? "" : "s");
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (!strcmp(q, words[i][0]))
            return words[i][1];
    return q;
}

bool lab_report_write(const lab_exp *e, const lab_result *res, const json_t *summary,
                      const char *path, eng_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return eng_error_fail(err, "cannot write %s: %s", path, strerror(errno));
    const json_t *arms = json_object_get(summary, "arms");
    const char *scen = eng_game_scenario_name(e->arm[0].game);
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
            "<title>pocketwar lab: ");
    svg_text(f, eng_rules_title(e->r));
    fprintf(f, ", ");
    svg_text(f, scen);
    fprintf(f, "</title>\n<style>\nbody{font:15px/1.45 system-ui,sans-serif;max-width:60em;"
            "margin:1.5em auto;padding:0 1em;color:#222}\nh1{font-size:1.5em}h2{font-size:1.2em;"
            "margin-top:1.6em;border-bottom:1px solid #ccc}\n.verdict{background:#f4f6fb;"
            "border-left:4px solid #1f77b4;padding:.4em .8em;margin:.4em 0}\n"
            "table{border-collapse:collapse;font-size:.92em}td,th{border:1px solid #ddd;"
            "padding:.25em .5em;text-align:left}\n.ci{color:#666;font-size:.9em}\n"
            "svg{display:block;margin:.8em 0;background:#fff}\n.t{font:bold 14px sans-serif}"
            ".a{font:11px sans-serif;fill:#555}.l{font:12px sans-serif}"
            ".w{font:11px sans-serif;fill:#fff}\n.g{stroke:#ddd}.m{stroke:#888;"
            "stroke-dasharray:4 3}\n</style></head><body>\n");
    fprintf(f, "<h1>Lab report: ");
    svg_text(f, eng_rules_title(e->r));
    fprintf(f, ", %s</h1>\n<h2>The question</h2>\n<p>Do the arms below play differently? "
            "Each arm was played from the same %d seeds, each seed from both seatings (the "
            "players swap sides), so the arms meet the same dice and the comparison is "
            "paired. Players: <b>", scen, res->seeds);
    svg_text(f, e->players[0]);
    fprintf(f, "</b> and <b>");
    svg_text(f, e->players[1]);
    fprintf(f, "</b>. Games per arm: %d. First seed: %llu. Stopped: ",
            res->seeds * 2, (unsigned long long)e->seed);
    svg_text(f, res->stop_reason);
    size_t i;
    const json_t *a;
    bool changes = false;               /* an arm has its own scenario file */
    json_array_foreach(arms, i, a)
        changes |= json_object_get(a, "changes") != NULL;
    fprintf(f, ".</p>\n<table><tr><th>arm</th><th>scenario</th>%s<th>options</th></tr>\n",
            changes ? "<th>changed in the scenario</th>" : "");
    json_array_foreach(arms, i, a) {
        fprintf(f, "<tr><td><b style=\"color:%s\">", colour[i % NCOLOUR]);
        svg_text(f, json_string_value(json_object_get(a, "label")));
        fprintf(f, "</b></td><td>");
        svg_text(f, json_string_value(json_object_get(a, "scenario")));
        fprintf(f, "</td>%s", changes ? "<td>" : "");
        const char *key;
        const json_t *v;
        int nch = 0;
        json_object_foreach((json_t *)json_object_get(a, "changes"), key, v) {
            char *val = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
            fprintf(f, "%s", nch++ ? "; " : "");
            svg_text(f, key);
            fprintf(f, " = ");
            svg_text(f, val ? val : "?");
            free(val);
        }
        if (changes)
            fprintf(f, "%s</td>", nch ? "" : "&mdash;");
        fprintf(f, "<td>");
        char *o = json_dumps(json_object_get(a, "options"), JSON_COMPACT | JSON_SORT_KEYS);
        svg_text(f, o ? o : "{}");
        free(o);
        fprintf(f, "</td></tr>\n");
    }
    fprintf(f, "</table>\n<h2>Verdicts</h2>\n");
    const json_t *c;
    int nv = 0;
    json_array_foreach(json_object_get(summary, "comparisons"), i, c) {
        const char *q = json_string_value(json_object_get(c, "quantity"));
        if (strcmp(q, "side1_score") && strcmp(q, "player1_score"))
            continue;
        fprintf(f, "<p class=\"verdict\">");
        svg_text(f, json_string_value(json_object_get(c, "verdict")));
        fprintf(f, "</p>\n");
        nv++;
    }
    json_array_foreach(json_object_get(json_object_get(summary, "skill"), "comparisons"), i, c) {
        fprintf(f, "<p class=\"verdict\">");
        svg_text(f, json_string_value(json_object_get(c, "verdict")));
        fprintf(f, "</p>\n");
        nv++;
    }
    if (!nv)
        fprintf(f, "<p>One arm: nothing to compare; its metrics follow.</p>\n");
    /* the pairs of arms, each comparison's interval at the confidence the
     * summary gives it (LAB_CONF shared among the pairs) */
    int npairs = e->narms * (e->narms - 1) / 2;
    fprintf(f, "<p>%s A difference is in points of score (a share of 100); ",
            npairs > 1 ? "An arm's intervals are 95%; a comparison's are wider, as below."
                       : "Intervals are 95%.");
    fprintf(f, "p is the chance of a difference this large if the arms played alike");
    if (npairs > 1)
        fprintf(f, ", corrected by Bonferroni's method for the %d comparisons of a quantity; "
                "their intervals are widened to match (%.4g%% each, so that all %d hold "
                "together with 95%%), and a verdict says \"no difference shown\" exactly "
                "when its interval holds 0", npairs,
                100 * field(json_array_get(json_object_get(summary, "comparisons"), 0),
                            "confidence"), npairs);
    fprintf(f, ". The effect size d_z is the mean difference over its spread.</p>\n");
    /* plots */
    fprintf(f, "<h2>Plots</h2>\n");
    int n = (int)json_array_size(arms);
    row *r = calloc((size_t)(2 * n + 2 * LAB_MAX_ARMS * LAB_MAX_ARMS + 2), sizeof *r);
    if (!r)
        abort();
    int k = 0;
    json_array_foreach(arms, i, a) {
        for (int s = 0; s < 2; s++) {
            const json_t *m = metric(a, s ? "side2_score" : "side1_score");
            snprintf(r[k].label, sizeof r[k].label, "%s, side %d",
                     json_string_value(json_object_get(a, "label")), s + 1);
            r[k].v = field(m, "value");
            r[k].lo = field(m, "lo");
            r[k].hi = field(m, "hi");
            r[k++].colour = (int)i;
        }
    }
    svg_intervals(f, "plot-scores", "Score per side and arm (wins + half draws), 95% intervals",
                  r, k, 0, 1, 0.5, true, "");
    k = 0;
    json_array_foreach(arms, i, a) {
        const json_t *m = metric(a, "side_advantage");
        snprintf(r[k].label, sizeof r[k].label, "%s", json_string_value(json_object_get(a, "label")));
        r[k].v = 100 * field(m, "value");
        r[k].lo = 100 * field(m, "lo");
        r[k].hi = 100 * field(m, "hi");
        r[k++].colour = (int)i;
    }
    svg_intervals(f, "plot-advantage", "Side advantage per arm (side 1's score - 50, points)",
                  r, k, -50, 50, 0, false, "");
    k = 0;
    json_array_foreach(json_object_get(summary, "comparisons"), i, c) {
        if (strcmp(json_string_value(json_object_get(c, "quantity")), "side1_score"))
            continue;
        snprintf(r[k].label, sizeof r[k].label, "%s - %s",
                 json_string_value(json_object_get(c, "arm")),
                 json_string_value(json_object_get(c, "against")));
        r[k].v = 100 * field(c, "difference");
        r[k].lo = 100 * field(c, "lo");
        r[k].hi = 100 * field(c, "hi");
        r[k++].colour = (int)i + 1;
    }
    if (k)
        svg_intervals(f, "plot-differences", npairs > 1
                      ? "Arm against arm: side 1's score difference (points), paired, "
                        "intervals 95% together"
                      : "Arm against arm: side 1's score difference (points), paired, "
                        "95% intervals", r, k, -100, 100, 0, false, "");
    const json_t *sk = json_object_get(summary, "skill");
    if (sk) {
        const json_t *pl = json_object_get(sk, "players");
        char title[200];
        snprintf(title, sizeof title, "Skill: %s's score against %s over both seatings (its "
                 "own games), 95%% intervals", json_string_value(json_array_get(pl, 0)),
                 json_string_value(json_array_get(pl, 1)));
        k = 0;
        json_array_foreach(json_object_get(sk, "arms"), i, a) {
            const json_t *m = json_object_get(a, "skill");
            snprintf(r[k].label, sizeof r[k].label, "%s",
                     json_string_value(json_object_get(a, "label")));
            r[k].v = field(m, "value");
            r[k].lo = field(m, "lo");
            r[k].hi = field(m, "hi");
            r[k++].colour = (int)i;
        }
        svg_intervals(f, "plot-skill", title, r, k, 0, 1, 0.5, true, "");
    }
    free(r);
    char xl[64];
    snprintf(xl, sizeof xl, "%ss", e->length_unit);
    svg_histograms(f, "plot-duration", "Duration: how many games lasted how long", xl, e, res,
                   game_length, 1);
    svg_endings(f, summary);
    svg_histograms(f, "plot-leads", "Lead changes per game (by side 1's evaluation)",
                   "lead changes", e, res, game_leads, 1);
    svg_histograms(f, "plot-drama", "Drama: how far behind the winner was (0 never, 1 lost "
                   "by every sign)", "depth (bins of 0.1)", e, res, game_depth, 0.1);
    const json_t *odds = json_object_get(summary, "odds");
    if (json_is_object(odds)) {
        fprintf(f, "<h2>Exact odds of one action: ");
        svg_text(f, json_string_value(json_object_get(odds, "action")));
        fprintf(f, "</h2>\n");
        lab_odds_svg(odds, f);
    }
    /* the metrics table */
    fprintf(f, "<h2>Metrics (95%% intervals)</h2>\n<table><tr><th>metric</th>");
    json_array_foreach(arms, i, a) {
        fprintf(f, "<th>");
        svg_text(f, json_string_value(json_object_get(a, "label")));
        fprintf(f, "</th>");
    }
    fprintf(f, "</tr>\n");
    for (size_t t = 0; t < sizeof table_rows / sizeof table_rows[0]; t++) {
        if (!metric(json_array_get(arms, 0), table_rows[t].key))
            continue;                   /* player1_score: only when the players differ */
        fprintf(f, "<tr><td>%s</td>", table_rows[t].name);
        json_array_foreach(arms, i, a)
            est_cell(f, metric(a, table_rows[t].key), table_rows[t].scale,
                     table_rows[t].decimals);
        fprintf(f, "</tr>\n");
    }
    fprintf(f, "</table>\n<h2>Every comparison</h2>\n<table><tr><th>arm</th><th>against</th>"
            "<th>quantity</th><th>difference (interval)</th><th>p</th>"
            "<th>p (Bonferroni)</th><th>p (Holm)</th><th>d_z</th><th>pairs</th></tr>\n");
    for (int set = 0; set < 2; set++)      /* the main games' comparisons, then the skill's */
        json_array_foreach(json_object_get(set ? sk : summary, "comparisons"), i, c) {
            double sc;
            char unit[32];
            const char *q = quantity_words(json_string_value(json_object_get(c, "quantity")), e,
                                           &sc, unit, sizeof unit);
            int dp = sc == 1 ? 2 : 1;
            fprintf(f, "<tr><td>");
            svg_text(f, json_string_value(json_object_get(c, "arm")));
            fprintf(f, "</td><td>");
            svg_text(f, json_string_value(json_object_get(c, "against")));
            fprintf(f, "</td><td>%s</td><td>%+.*f %s <span class=\"ci\">(%+.*f to %+.*f)"
                    "</span></td><td>%.3g</td><td>%.3g</td><td>%.3g</td><td>%.2f</td>"
                    "<td>%lld</td></tr>\n", q, dp, sc * field(c, "difference"), unit, dp,
                    sc * field(c, "lo"), dp, sc * field(c, "hi"), field(c, "p"),
                    field(c, "p_bonferroni"), field(c, "p_holm"), field(c, "effect_dz"),
                    (long long)json_integer_value(json_object_get(c, "pairs")));
        }
    fprintf(f, "</table>\n<p>Every game is a line of games.jsonl beside this page (its arm, "
            "seed and seating replay it: <code>pocketwar lab record DIR ARM SEED SEATING</code>%s "
            "plays it again and keeps its record, which <code>pocketwar replay</code> shows); "
            "summary.json and summary.csv hold every figure here. How to read "
            "this page: docs/lab.md.</p>\n</body></html>\n",
            e->skill[0] ? " (with <code>--skill</code> for a skill game)" : "");
    if (fclose(f) != 0)
        return eng_error_fail(err, "cannot write %s: %s", path, strerror(errno));
    return true;
}
