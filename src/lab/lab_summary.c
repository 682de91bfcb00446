/*
 * lab_summary.c - the summary of a run (lab_summary.h): every arm's
 * metrics with intervals, every pair of arms compared on paired games
 * with Bonferroni's correction across the pairs (the intervals and the
 * verdicts alike; Holm's p beside), the verdict lines, the terminal's
 * table and summary.csv.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lab_summary.h"
#include "lab_compare.h"
#include "lab_metrics.h"
#include "lab_odds.h"
#include "scenario.h"

static json_t *num(double x)
{
    return isfinite(x) ? json_real(lab_round6(x)) : json_null();
}

static json_t *est_json(lab_est e)
{
    return json_pack("{s:o, s:o, s:o}", "value", num(e.value), "lo", num(e.lo), "hi", num(e.hi));
}

static json_t *mean_json(lab_mean m)
{
    return json_pack("{s:o, s:o, s:o, s:o, s:I}", "value", num(m.mean), "lo", num(m.lo), "hi",
                     num(m.hi), "sd", num(m.sd), "n", (json_int_t)m.n);
}

/* An arm's metrics; the first player's score only when the two players
 * differ (between equals it says nothing: no key at all). */
static json_t *metrics_json(const lab_metrics *m, bool players_differ)
{
    json_t *j = json_object();
    json_object_set_new(j, "side1_score", est_json(m->side1_score));
    json_object_set_new(j, "side2_score", est_json(m->side2_score));
    json_object_set_new(j, "side1_win", est_json(m->side1_win));
    json_object_set_new(j, "side2_win", est_json(m->side2_win));
    json_object_set_new(j, "no_winner", est_json(m->draw));
    json_object_set_new(j, "side_advantage", est_json(m->side_advantage));
    json_object_set_new(j, "balance", est_json(m->balance));
    json_object_set_new(j, "drawishness", est_json(m->drawishness));
    json_object_set_new(j, "step_caps", est_json(m->step_caps));
    json_object_set_new(j, "at_limit", est_json(m->at_limit));
    json_t *d = mean_json(m->duration);
    json_object_set_new(d, "median", num(m->duration_median));
    json_object_set_new(d, "min", num(m->duration_min));
    json_object_set_new(d, "max", num(m->duration_max));
    json_object_set_new(j, "duration", d);
    json_object_set_new(j, "decisions", mean_json(m->decisions));
    json_object_set_new(j, "branching", mean_json(m->branching));
    json_object_set_new(j, "lead_changes", mean_json(m->lead_changes));
    json_object_set_new(j, "comebacks", est_json(m->comebacks));
    json_object_set_new(j, "drama_depth", mean_json(m->drama_depth));
    json_object_set_new(j, "drama_time", mean_json(m->drama_time));
    json_object_set_new(j, "decisiveness", mean_json(m->decisiveness));
    if (players_differ)
        json_object_set_new(j, "player1_score", est_json(m->player1_score));
    json_t *ends = json_array();
    for (int i = 0; i < m->nendings; i++) {
        json_t *o = est_json(m->ending[i].share);
        json_object_set_new(o, "ending", json_string(m->ending[i].text));
        json_object_set_new(o, "count", json_integer(m->ending[i].count));
        json_array_append_new(ends, o);
    }
    json_object_set_new(j, "endings", ends);
    return j;
}

/* A quantity compared between arms, and how a verdict names it. */
typedef struct compared_quantity {
    lab_quantity q;
    const char *what;          /* "side 1 scores %s points %s" */
    double scale;              /* to points (percent) or turns */
    const char *unit;
    const char *name;          /* in the JSON; NULL: lab_quantity_name[q] */
} compared_quantity;

/* The main games' quantities; the skill set's is skill_json's own. */
static const compared_quantity compared[] = {
    {LAB_Q_SIDE1, "side 1 scores", 100, "points", NULL},
    {LAB_Q_PLAYER1, "the first player scores", 100, "points", NULL},
    {LAB_Q_DRAW, "games without a winner are", 100, "points", NULL},
    {LAB_Q_LENGTH, "games last", 1, "", NULL},
};
#define NCOMPARED (int)(sizeof compared / sizeof compared[0])

/* Every pair of arms compared on quantity cq over games[0..n-1], appended
 * to cmp. With m > 1 pairs the intervals are at 1 - 0.05/m each, so that
 * all m hold together with 95% (Bonferroni), and the verdict follows the
 * p-value corrected the same way, min(1, m p): "no difference shown"
 * exactly when the printed interval holds 0. Holm's p, never larger,
 * goes beside it in the JSON. */
static void compare_pairs(json_t *cmp, const lab_exp *e, const lab_game *games, int n,
                          const compared_quantity *cq)
{
    int npairs = e->narms * (e->narms - 1) / 2;
    lab_quantity q = cq->q;
    const char *what = cq->what, *unit = cq->unit;
    double s = cq->scale;
    lab_paired *p = calloc((size_t)npairs + 1, sizeof *p);
    double *pv = calloc((size_t)npairs + 1, sizeof *pv), *adj = calloc((size_t)npairs + 1,
                                                                      sizeof *adj);
    int *pa = calloc((size_t)npairs + 1, sizeof *pa), *pb = calloc((size_t)npairs + 1,
                                                                   sizeof *pb);
    if (!p || !pv || !adj || !pa || !pb)
        abort();
    double level = lab_pair_level(e);    /* each interval's confidence */
    int k = 0;
    for (int a = 0; a < e->narms; a++)
        for (int b = a + 1; b < e->narms; b++, k++) {
            pa[k] = a;
            pb[k] = b;
            p[k] = lab_compare(games, n, a, b, q, level);
            if (q != LAB_Q_LENGTH)     /* a difference of shares */
                lab_clamp(&p[k].lo, &p[k].hi, -1, 1);
            pv[k] = p[k].p;
        }
    lab_holm(pv, npairs, adj);
    for (k = 0; k < npairs; k++) {
        json_t *o = json_pack("{s:s, s:s, s:s, s:I}", "arm", e->arm[pb[k]].label, "against",
                              e->arm[pa[k]].label, "quantity",
                              cq->name ? cq->name : lab_quantity_name[q],
                              "pairs", (json_int_t)p[k].n);
        json_object_set_new(o, "difference", num(p[k].mean));
        json_object_set_new(o, "lo", num(p[k].lo));
        json_object_set_new(o, "hi", num(p[k].hi));
        double bonf = fmin(1, npairs * p[k].p);
        json_object_set_new(o, "confidence", json_real(lab_round_sig6(level)));
        json_object_set_new(o, "p", json_real(lab_round_sig6(p[k].p)));
        json_object_set_new(o, "p_bonferroni", json_real(lab_round_sig6(bonf)));
        json_object_set_new(o, "p_holm", json_real(lab_round_sig6(adj[k])));
        json_object_set_new(o, "effect_dz", num(p[k].dz));
        json_object_set_new(o, "sd", num(p[k].sd));
        /* the verdict line */
        double d = p[k].mean * s;
        char line[480], pbuf[96], lvl[96] = "";
        if (npairs > 1) {
            snprintf(pbuf, sizeof pbuf, "p = %.3g after Bonferroni (%.3g uncorrected)", bonf,
                     p[k].p);
            snprintf(lvl, sizeof lvl, ", a %.4g%% interval, 95%% for the %d together",
                     100 * level, npairs);
        } else {
            snprintf(pbuf, sizeof pbuf, "p = %.3g", p[k].p);
        }
        const char *more = d >= 0 ? "more" : "less";
        if (q == LAB_Q_LENGTH)
            snprintf(line, sizeof line, "Arm %s against %s: games last %.2f %ss %s "
                     "(%.2f to %.2f%s), %s; effect size d_z = %.2f%s", e->arm[pb[k]].label,
                     e->arm[pa[k]].label, fabs(d), e->length_unit,
                     d >= 0 ? "longer" : "shorter", p[k].lo * s, p[k].hi * s, lvl, pbuf,
                     isfinite(p[k].dz) ? p[k].dz : 0,
                     bonf < 1 - LAB_CONF ? "" : ": no difference shown");
        else
            snprintf(line, sizeof line, "Arm %s against %s: %s %.1f %s %s (%.1f to %.1f%s), "
                     "%s; effect size d_z = %.2f%s", e->arm[pb[k]].label,
                     e->arm[pa[k]].label, what, fabs(d), unit,
                     more, p[k].lo * s, p[k].hi * s, lvl, pbuf,
                     isfinite(p[k].dz) ? p[k].dz : 0,
                     bonf < 1 - LAB_CONF ? "" : ": no difference shown");
        json_object_set_new(o, "verdict", json_string(line));
        json_array_append_new(cmp, o);
    }
    free(p);
    free(pv);
    free(adj);
    free(pa);
    free(pb);
}

/* The skill set's figures: per arm, player A's score over both seatings
 * (lab_skill), and every pair of arms compared on it. */
static json_t *skill_json(const lab_exp *e, const lab_result *res)
{
    json_t *j = json_pack("{s:[s,s], s:i}", "players", e->skill[0], e->skill[1], "games",
                          lab_exp_skill_games(e));
    json_t *arms = json_array();
    for (int a = 0; a < e->narms; a++) {
        int f, k = lab_arm_games(res->skill, res->nskill, a, &f);
        json_t *o = json_pack("{s:s, s:i}", "label", e->arm[a].label, "games", k);
        json_object_set_new(o, "skill", est_json(lab_skill(res->skill + f, k)));
        json_array_append_new(arms, o);
    }
    json_object_set_new(j, "arms", arms);
    json_t *cmp = json_array();
    char what[160];
    snprintf(what, sizeof what, "in the skill games, %s scores against %s", e->skill[0],
             e->skill[1]);
    const compared_quantity skill = {LAB_Q_PLAYER1, what, 100, "points", "skill_score"};
    if (e->narms > 1)
        compare_pairs(cmp, e, res->skill, res->nskill, &skill);
    json_object_set_new(j, "comparisons", cmp);
    return j;
}

#define LAB_CHANGES_MAX 8

/* Where scenario b differs from a, as dotted paths ("forces.1.units.HI")
 * to b's values (null: a key b lacks), into out; at most LAB_CHANGES_MAX. */
static void scenario_diff(const json_t *a, const json_t *b, const char *path, json_t *out)
{
    char sub[512];
    if (json_object_size(out) >= LAB_CHANGES_MAX || json_equal(a, b))
        return;
    if (json_is_object(a) && json_is_object(b)) {
        const char *k;
        json_t *v;
        json_object_foreach((json_t *)b, k, v) {
            snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", k);
            const json_t *w = json_object_get(a, k);
            if (!w) {
                if (json_object_size(out) < LAB_CHANGES_MAX)
                    json_object_set(out, sub, v);
            } else {
                scenario_diff(w, v, sub, out);
            }
        }
        json_object_foreach((json_t *)a, k, v)
            if (!json_object_get(b, k) && json_object_size(out) < LAB_CHANGES_MAX) {
                snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", k);
                json_object_set_new(out, sub, json_null());
            }
        return;
    }
    if (json_is_array(a) && json_is_array(b) && json_array_size(a) == json_array_size(b)) {
        for (size_t i = 0; i < json_array_size(b); i++) {
            snprintf(sub, sizeof sub, "%s%s%zu", path, *path ? "." : "", i);
            scenario_diff(json_array_get(a, i), json_array_get(b, i), sub, out);
        }
        return;
    }
    json_object_set(out, *path ? path : "(the whole scenario)", (json_t *)b);
}

/* The value at a dotted path in j (array entries by number), or NULL. */
static const json_t *path_get(const json_t *j, const char *path)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", path);
    char *save = NULL;
    for (char *k = strtok_r(buf, ".", &save); k && j; k = strtok_r(NULL, ".", &save))
        j = json_is_array(j) ? json_array_get(j, strtoul(k, NULL, 10)) : json_object_get(j, k);
    return j;
}

/* What the arms' own scenario files change in the experiment's scenario
 * (a sweep's field, say): for every arm, each path where any arm's
 * scenario differs, with this arm's value there (so the arm that keeps
 * the scenario's own value shows it too). NULL entries where no arm has
 * its own scenario. */
static void scenario_changes(const lab_exp *e, json_t **changes)
{
    eng_error err;
    json_t *base = eng_scenario_load(e->r, lab_exp_scenario(e), &err);
    json_t *own[LAB_MAX_ARMS] = {0}, *paths = json_object();
    for (int a = 0; a < e->narms; a++) {
        changes[a] = NULL;
        if (base && e->arm[a].scenario && (own[a] = eng_scenario_load(e->r, e->arm[a].scenario,
                                                                         &err)))
            scenario_diff(base, own[a], "", paths);
    }
    for (int a = 0; a < e->narms && json_object_size(paths); a++) {
        changes[a] = json_object();
        const char *k;
        json_t *v;
        json_object_foreach(paths, k, v) {
            const json_t *x = path_get(own[a] ? own[a] : base, k);
            json_object_set_new(changes[a], k, x ? json_deep_copy(x) : json_null());
        }
    }
    for (int a = 0; a < e->narms; a++)
        json_decref(own[a]);
    json_decref(paths);
    json_decref(base);
}

json_t *lab_summary_json(const lab_exp *e, const lab_result *res)
{
    json_t *j = json_object();
    json_object_set_new(j, "experiment", lab_exp_json(e));
    json_object_set_new(j, "games", json_integer(res->ngames));
    json_object_set_new(j, "seeds", json_integer(res->seeds));
    json_object_set_new(j, "stopped", json_string(res->stop_reason));
    json_object_set_new(j, "confidence", json_real(LAB_CONF));
    json_object_set_new(j, "length_unit", json_string(e->length_unit));
    bool players_differ = strcmp(e->players[0], e->players[1]) != 0;
    json_t *arms = json_array(), *changes[LAB_MAX_ARMS];
    scenario_changes(e, changes);
    for (int a = 0; a < e->narms; a++) {
        int f, k = lab_arm_games(res->game, res->ngames, a, &f);
        lab_metrics m;
        lab_metrics_of(res->game + f, k, &m);
        json_t *o = json_pack("{s:s, s:i}", "label", e->arm[a].label, "games", k);
        json_object_set_new(o, "variant", e->arm[a].variant ? json_string(e->arm[a].variant)
                                                            : json_null());
        json_object_set_new(o, "scenario", json_string(eng_game_scenario_name(e->arm[a].game)));
        if (changes[a])
            json_object_set_new(o, "changes", changes[a]);
        json_object_set(o, "options", (json_t *)eng_game_options(e->arm[a].game));
        json_object_set_new(o, "metrics", metrics_json(&m, players_differ));
        json_array_append_new(arms, o);
    }
    json_object_set_new(j, "arms", arms);
    /* every pair of arms on every compared quantity; Bonferroni across the
     * pairs of one quantity */
    json_t *cmp = json_array();
    int npairs = e->narms * (e->narms - 1) / 2;
    for (int c = 0; c < NCOMPARED && npairs > 0; c++)
        if (compared[c].q != LAB_Q_PLAYER1 || players_differ)
            compare_pairs(cmp, e, res->game, res->ngames, &compared[c]);
    json_object_set_new(j, "comparisons", cmp);
    if (e->sprt && e->narms >= 2) {
        json_t *sp = json_array();
        for (int b = 1; b < e->narms; b++) {
            long m;
            double *d = lab_differences(res->game, res->ngames, 0, b, LAB_Q_SIDE1, &m);
            lab_sprt s = lab_sprt_test(d, m, e->sprt_delta, e->alpha, e->beta);
            free(d);
            json_array_append_new(sp, json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:s}", "arm",
                                                e->arm[b].label, "against", e->arm[0].label,
                                                "delta", num(e->sprt_delta), "llr", num(s.llr),
                                                "lower", num(s.lower), "upper", num(s.upper),
                                                "decision", s.decision > 0 ? "difference"
                                                : s.decision < 0 ? "no difference"
                                                                 : "undecided"));
        }
        json_object_set_new(j, "sprt", sp);
    }
    if (e->odds_position) {
        eng_error err;
        json_t *o = lab_odds_compare(e, e->odds_position, e->odds_action, ENG_VIEW_ALL, &err);
        json_object_set_new(j, "odds", o ? o : json_null());
    }
    if (e->skill[0])                    /* last: the main figures stay as they were */
        json_object_set_new(j, "skill", skill_json(e, res));
    return j;
}

void lab_verdicts_print(const json_t *summary, FILE *out)
{
    size_t i;
    const json_t *c;
    json_array_foreach(json_object_get(summary, "comparisons"), i, c) {
        const char *q = json_string_value(json_object_get(c, "quantity"));
        if (!strcmp(q, "side1_score") || !strcmp(q, "player1_score"))
            fprintf(out, "%s\n", json_string_value(json_object_get(c, "verdict")));
    }
    json_array_foreach(json_object_get(json_object_get(summary, "skill"), "comparisons"), i, c)
        fprintf(out, "%s\n", json_string_value(json_object_get(c, "verdict")));
    fprintf(out, "Stopped: %s.\n", json_string_value(json_object_get(summary, "stopped")));
}

static double val(const json_t *m, const char *key, const char *field)
{
    return json_number_value(json_object_get(json_object_get(m, key), field));
}

void lab_table_print(const json_t *summary, FILE *out)
{
    const char *unit = json_string_value(json_object_get(summary, "length_unit"));
    fprintf(out, "%-14s %6s  %-21s %-9s %-7s %-9s %-7s %-7s\n", "arm", "games",
             "side 1 score (95%)", "balance", "draws%", unit && !strcmp(unit, "round")
             ? "rounds" : "turns", "leads", "decis.");
    size_t i;
    const json_t *a;
    json_array_foreach(json_object_get(summary, "arms"), i, a) {
        const json_t *m = json_object_get(a, "metrics");
        char score[40];
        snprintf(score, sizeof score, "%.1f%% (%.1f-%.1f)", 100 * val(m, "side1_score", "value"),
                 100 * val(m, "side1_score", "lo"), 100 * val(m, "side1_score", "hi"));
        fprintf(out, "%-14s %6d  %-21s %-9.2f %-7.1f %-9.1f %-7.2f %-7.2f\n",
                json_string_value(json_object_get(a, "label")),
                (int)json_integer_value(json_object_get(a, "games")), score,
                val(m, "balance", "value"), 100 * val(m, "no_winner", "value"),
                val(m, "duration", "value"),
                val(m, "lead_changes", "value"), val(m, "decisiveness", "value"));
    }
    const json_t *sk = json_object_get(summary, "skill");
    if (!sk)
        return;
    const json_t *pl = json_object_get(sk, "players");
    fprintf(out, "\nskill: %s against %s, %s's score over both seatings (its own games)\n",
            json_string_value(json_array_get(pl, 0)), json_string_value(json_array_get(pl, 1)),
            json_string_value(json_array_get(pl, 0)));
    json_array_foreach(json_object_get(sk, "arms"), i, a) {
        char score[40];
        snprintf(score, sizeof score, "%.1f%% (%.1f-%.1f)", 100 * val(a, "skill", "value"),
                 100 * val(a, "skill", "lo"), 100 * val(a, "skill", "hi"));
        fprintf(out, "%-14s %6d  %s\n", json_string_value(json_object_get(a, "label")),
                (int)json_integer_value(json_object_get(a, "games")), score);
    }
}

bool lab_csv_write(const json_t *summary, const char *path, eng_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return eng_error_fail(err, "cannot write %s: %s", path, strerror(errno));
    fprintf(f, "arm,against,quantity,value,lo,hi,n,p,p_holm,effect_dz,p_bonferroni\n");
    size_t i;
    const json_t *a;
    json_array_foreach(json_object_get(summary, "arms"), i, a) {
        const char *label = json_string_value(json_object_get(a, "label"));
        const char *key;
        const json_t *v;
        json_object_foreach((json_t *)json_object_get(a, "metrics"), key, v) {
            if (!json_is_object(v))
                continue;
            const json_t *n = json_object_get(v, "n");
            fprintf(f, "%s,,%s,%.6f,%.6f,%.6f,%lld,,,,\n", label, key,
                    json_number_value(json_object_get(v, "value")),
                    json_number_value(json_object_get(v, "lo")),
                    json_number_value(json_object_get(v, "hi")),
                    n ? (long long)json_integer_value(n)
                      : (long long)json_integer_value(json_object_get(a, "games")));
        }
        size_t k;
        const json_t *en;
        json_array_foreach(json_object_get(json_object_get(a, "metrics"), "endings"), k, en) {
            char q[96];
            snprintf(q, sizeof q, "ending: %s", json_string_value(json_object_get(en, "ending")));
            for (char *c = q; *c; c++)
                if (*c == ',' || *c == '"')
                    *c = ' ';
            fprintf(f, "%s,,%s,%.6f,%.6f,%.6f,%lld,,,,\n", label, q,
                    json_number_value(json_object_get(en, "value")),
                    json_number_value(json_object_get(en, "lo")),
                    json_number_value(json_object_get(en, "hi")),
                    (long long)json_integer_value(json_object_get(a, "games")));
        }
    }
    const json_t *sk = json_object_get(summary, "skill");
    json_array_foreach(json_object_get(sk, "arms"), i, a) {
        const json_t *v = json_object_get(a, "skill");
        fprintf(f, "%s,,skill_score,%.6f,%.6f,%.6f,%lld,,,,\n",
                json_string_value(json_object_get(a, "label")),
                json_number_value(json_object_get(v, "value")),
                json_number_value(json_object_get(v, "lo")),
                json_number_value(json_object_get(v, "hi")),
                (long long)json_integer_value(json_object_get(a, "games")));
    }
    const json_t *c;
    for (int set = 0; set < 2; set++) {     /* the main comparisons, then the skill set's */
        json_array_foreach(json_object_get(set ? sk : summary, "comparisons"), i, c) {
            fprintf(f, "%s,%s,%s,%.6f,%.6f,%.6f,%lld,%.6g,%.6g,%.6f,%.6g\n",
                    json_string_value(json_object_get(c, "arm")),
                    json_string_value(json_object_get(c, "against")),
                    json_string_value(json_object_get(c, "quantity")),
                    json_number_value(json_object_get(c, "difference")),
                    json_number_value(json_object_get(c, "lo")),
                    json_number_value(json_object_get(c, "hi")),
                    (long long)json_integer_value(json_object_get(c, "pairs")),
                    json_number_value(json_object_get(c, "p")),
                    json_number_value(json_object_get(c, "p_holm")),
                    json_number_value(json_object_get(c, "effect_dz")),
                    json_number_value(json_object_get(c, "p_bonferroni")));
        }
    }
    if (fclose(f) != 0)
        return eng_error_fail(err, "cannot write %s: %s", path, strerror(errno));
    return true;
}

bool lab_outputs_write(const lab_exp *e, const lab_result *res, const char *dir,
                       json_t **summary, eng_error *err)
{
    json_t *s = lab_summary_json(e, res);
    char path[4096];
    snprintf(path, sizeof path, "%s/summary.json", dir);
    if (json_dump_file(s, path, JSON_INDENT(2) | JSON_REAL_PRECISION(10)) != 0) {
        json_decref(s);
        return eng_error_fail(err, "cannot write %s", path);
    }
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if (!lab_csv_write(s, path, err)) {
        json_decref(s);
        return false;
    }
    snprintf(path, sizeof path, "%s/report.html", dir);
    if (!lab_report_write(e, res, s, path, err)) {
        json_decref(s);
        return false;
    }
    *summary = s;
    return true;
}
