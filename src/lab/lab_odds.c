/*
 * lab_odds.c - one action's exact odds under several arms (lab_odds.h):
 * "exactly" per outcome and "at least" per number of effects, with the
 * change from the first arm, as JSON, text and an HTML page of SVG bars.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lab_odds.h"
#include "svg.h"
#include "lab_stats.h"

/* Things that change in an outcome: its phrases, "; " between them. */
static int effects(const char *text)
{
    if (!*text || !strcmp(text, "nothing changes"))
        return 0;
    int n = 1;
    for (const char *p = text; (p = strstr(p, "; ")); p += 2)
        n++;
    return n;
}

static json_t *find_outcome(json_t *outs, const char *text)
{
    size_t i;
    json_t *o;
    json_array_foreach(outs, i, o)
        if (!strcmp(json_string_value(json_object_get(o, "text")), text))
            return o;
    return NULL;
}

json_t *lab_odds_compare(const lab_exp *e, const json_t *pos, const char *action, int viewer,
                         eng_error *err)
{
    json_t *p = json_deep_copy(pos), *labels = json_array(), *outs = json_array(),
           *notes = json_array();
    json_object_del(p, "options");          /* the arm's options rule */
    json_t *res = NULL;
    int maxfx = 0;
    for (int a = 0; a < e->narms; a++) {
        const lab_arm *arm = &e->arm[a];
        json_array_append_new(labels, json_string(arm->label));
        eng_error why;
        eng_state *s = eng_state_from_json(arm->game, p, 1, &why);
        if (!s) {
            eng_error_set(err, "arm \"%s\": the position does not load: %s", arm->label,
                          why.msg);
            goto out;
        }
        eng_action act;
        if (eng_action_parse(s, action, &act, &why) != 0 || !eng_is_legal(s, act, &why)) {
            eng_error_set(err, "arm \"%s\": \"%s\": %s", arm->label, action, why.msg);
            eng_state_free(s);
            goto out;
        }
        eng_odds *o = eng_odds_compute(s, act, viewer, &why);
        eng_state_free(s);
        if (!o) {
            eng_error_set(err, "arm \"%s\": %s", arm->label, why.msg);
            goto out;
        }
        if (o->unknown)
            json_array_append_new(notes, json_sprintf("arm %s: the odds depend on what the "
                                                      "viewer cannot see", arm->label));
        if (o->autos)
            json_array_append_new(notes, json_sprintf("arm %s: the combat followed to its end, "
                                                      "its own choices made automatically",
                                                      arm->label));
        for (int g = 0; g < o->n; g++) {
            const char *text = o->group[g].text[0] ? o->group[g].text : "nothing changes";
            json_t *x = find_outcome(outs, text);
            if (!x) {
                json_t *probs = json_array();
                for (int k = 0; k < e->narms; k++)
                    json_array_append_new(probs, json_real(0));
                x = json_pack("{s:s, s:i, s:o}", "text", text, "effects", effects(text),
                              "probability", probs);
                json_array_append_new(outs, x);
                if (effects(text) > maxfx)
                    maxfx = effects(text);
            }
            json_array_set_new(json_object_get(x, "probability"), (size_t)a,
                               json_real(lab_round6(o->group[g].prob)));
        }
        eng_odds_free(o);
    }
    /* most likely in the first arm first, then in the next ... */
    size_t n = json_array_size(outs);
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0; j--) {
            json_t *x = json_array_get(outs, j - 1), *y = json_array_get(outs, j);
            int cmp = 0;
            for (int k = 0; k < e->narms && !cmp; k++) {
                double px = json_real_value(json_array_get(json_object_get(x, "probability"), (size_t)k));
                double py = json_real_value(json_array_get(json_object_get(y, "probability"), (size_t)k));
                cmp = px > py ? -1 : px < py ? 1 : 0;
            }
            if (cmp <= 0)
                break;
            json_incref(x);
            json_array_set(outs, j - 1, y);
            json_array_set_new(outs, j, x);
        }
    json_t *least = json_array();
    for (int k = 0; k <= maxfx; k++) {
        json_t *probs = json_array();
        for (int a = 0; a < e->narms; a++) {
            double sum = 0;
            size_t i;
            json_t *x;
            json_array_foreach(outs, i, x)
                if (json_integer_value(json_object_get(x, "effects")) >= k)
                    sum += json_real_value(json_array_get(json_object_get(x, "probability"), (size_t)a));
            json_array_append_new(probs, json_real(lab_round6(sum)));
        }
        json_array_append_new(least, json_pack("{s:i, s:o}", "effects", k, "probability", probs));
    }
    size_t i;
    json_t *x;
    json_array_foreach(outs, i, x) {
        json_t *pr = json_object_get(x, "probability"), *ch = json_array();
        double base = json_real_value(json_array_get(pr, 0));
        for (int a = 0; a < e->narms; a++)
            json_array_append_new(ch, json_real(lab_round6(json_real_value(json_array_get(pr, (size_t)a)) - base)));
        json_object_set_new(x, "change", ch);
    }
    res = json_pack("{s:s, s:O, s:O, s:o, s:O}", "action", action, "arms", labels, "outcomes",
                    outs, "at_least", least, "notes", notes);
out:
    json_decref(p);
    json_decref(labels);
    json_decref(outs);
    json_decref(notes);
    return res;
}

static void bar(FILE *out, double p)
{
    int n = (int)lround(p * 20);
    for (int i = 0; i < 20; i++)
        fputs(i < n ? "#" : ".", out);
}

void lab_odds_print(const json_t *odds, FILE *out)
{
    const json_t *arms = json_object_get(odds, "arms");
    size_t na = json_array_size(arms), i, a;
    const json_t *x;
    fprintf(out, "%s, exactly:\n", json_string_value(json_object_get(odds, "action")));
    json_array_foreach(json_object_get(odds, "outcomes"), i, x) {
        fprintf(out, "  %s\n", json_string_value(json_object_get(x, "text")));
        for (a = 0; a < na; a++) {
            double p = json_real_value(json_array_get(json_object_get(x, "probability"), a));
            double c = json_real_value(json_array_get(json_object_get(x, "change"), a));
            fprintf(out, "    %-16s %7.2f%%  ", json_string_value(json_array_get(arms, a)), 100 * p);
            bar(out, p);
            if (a > 0)
                fprintf(out, "  %+.2f points", 100 * c);
            fputc('\n', out);
        }
    }
    fprintf(out, "at least (things that change):\n");
    json_array_foreach(json_object_get(odds, "at_least"), i, x) {
        fprintf(out, "  at least %d\n", (int)json_integer_value(json_object_get(x, "effects")));
        for (a = 0; a < na; a++) {
            double p = json_real_value(json_array_get(json_object_get(x, "probability"), a));
            fprintf(out, "    %-16s %7.2f%%  ", json_string_value(json_array_get(arms, a)), 100 * p);
            bar(out, p);
            fputc('\n', out);
        }
    }
    json_array_foreach(json_object_get(odds, "notes"), i, x)
        fprintf(out, "(%s)\n", json_string_value(x));
}

static const char *const colour[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                     "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f"};

/* One SVG of grouped bars: a group per row of rows (outcomes or "at
 * least k"), a bar per arm. */
static void svg_bars(FILE *f, const char *id, const char *title, const json_t *rows,
                     const json_t *arms, bool least)
{
    size_t nr = json_array_size(rows), na = json_array_size(arms), i, a;
    int left = 260, bh = 14, top = 34, w = 640;
    int h = top + (int)(nr * (na * bh + 10)) + 20 + 18;
    fprintf(f, "<svg id=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\"><title>", id, w, h, w, h);
    svg_text(f, title);
    fprintf(f, "</title><text x=\"8\" y=\"20\" style=\"font:bold 14px sans-serif\">");
    svg_text(f, title);
    fprintf(f, "</text>\n");
    const json_t *x;
    double y = top;
    json_array_foreach(rows, i, x) {
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" style=\"font:12px sans-serif\">",
                left - 8, y + bh * na / 2.0 + 4);
        if (least)
            fprintf(f, "at least %d", (int)json_integer_value(json_object_get(x, "effects")));
        else
            svg_text(f, json_string_value(json_object_get(x, "text")));
        fprintf(f, "</text>");
        for (a = 0; a < na; a++) {
            double p = json_real_value(json_array_get(json_object_get(x, "probability"), a));
            fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>"
                    "<text x=\"%.1f\" y=\"%.1f\" style=\"font:11px sans-serif\">%.2f%%</text>",
                    left, y, p * (w - left - 70), bh - 2, colour[a % 8],
                    left + p * (w - left - 70) + 4, y + bh - 3, 100 * p);
            y += bh;
        }
        y += 10;
        fputc('\n', f);
    }
    for (a = 0; a < na; a++) {
        fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                "<text x=\"%d\" y=\"%.1f\" style=\"font:12px sans-serif\">", left + (int)a * 130,
                y + 6, colour[a % 8], left + (int)a * 130 + 16, y + 16);
        svg_text(f, json_string_value(json_array_get(arms, a)));
        fprintf(f, "</text>");
    }
    fprintf(f, "</svg>\n");
}

void lab_odds_svg(const json_t *odds, FILE *f)
{
    svg_bars(f, "plot-odds-exactly", "Exactly: each outcome's probability",
             json_object_get(odds, "outcomes"), json_object_get(odds, "arms"), false);
    svg_bars(f, "plot-odds-at-least", "At least: this many things change",
             json_object_get(odds, "at_least"), json_object_get(odds, "arms"), true);
}

bool lab_odds_html(const json_t *odds, const char *path, eng_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return eng_error_fail(err, "cannot write %s: %s", path, strerror(errno));
    const char *action = json_string_value(json_object_get(odds, "action"));
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Odds: ");
    svg_text(f, action);
    fprintf(f, "</title><style>body{font:15px/1.45 system-ui,sans-serif;max-width:60em;"
            "margin:1.5em auto;padding:0 1em}</style></head><body>\n<h1>Exact odds of ");
    svg_text(f, action);
    fprintf(f, ", arm by arm</h1>\n");
    lab_odds_svg(odds, f);
    size_t i;
    const json_t *x;
    json_array_foreach(json_object_get(odds, "notes"), i, x) {
        fprintf(f, "<p>");
        svg_text(f, json_string_value(x));
        fprintf(f, "</p>\n");
    }
    fprintf(f, "</body></html>\n");
    if (fclose(f) != 0)
        return eng_error_fail(err, "cannot write %s: %s", path, strerror(errno));
    return true;
}
