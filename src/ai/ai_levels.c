/*
 * ai_levels.c - naming computer players: the levels (a kind with a budget)
 * and specs such as "hard" or "mcts:iterations=500:threads=1" (see ai.h).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "ai_private.h"

/* Budgets measured on each rule set's default scenario (docs/ai.md); the
 * time caps only bite on a machine much slower than a 2-core laptop. hard
 * plays its playouts on to the end of the battle and weighs the result
 * there half, against the heuristic at the horizon: with four times the
 * iterations it can afford the noisier, less biased judgement, which more
 * of normal's own search did not buy. A rule set whose search needs more
 * for the same play says so (its search scale, ai_hints_search_scale); the
 * caller passes it in the budget, and the levels' iterations (not their
 * time caps) are multiplied by it. A rule set may also give the weight a
 * level that plays to the end (hard) puts on the end there, in place of the
 * level's own (ai_hints_search_finish, passed in the budget likewise); easy
 * and normal, which stop at the horizon, are not touched. And a rule set
 * whose learned evaluation judges as well after a few playout steps as
 * after forty gives normal that horizon (ai_hints_search_horizon): its
 * iterations then cost a fraction, at the same strength (docs/ai.md). */
static const ai_level levels[] = {
    {"easy", "mcts", 300, 1000, 0, false,
     "a quick tree search (300 iterations; more where a rule set needs it)"},
    {"normal", "mcts", 2000, 1000, 0, true,
     "the tree search, 2,000 iterations or more where a rule set needs it (at most 1 s), "
     "with shorter playouts where a rule set judges as well sooner"},
    {"hard", "mcts", 8000, 4000, 0.5, false,
     "a longer tree search, 8,000 iterations or more, played out to the end (at most 4 s)"},
    {NULL, NULL, 0, 0, 0, false, NULL},
};

const ai_level *ai_levels(void) { return levels; }

#define FAIR_NAMES "random, thumb, flat, mcts, easy, normal, hard"
const char *ai_spec_names(void) { return FAIR_NAMES ", oracle (cheats: for measurement only)"; }
const char *ai_fair_names(void) { return FAIR_NAMES; }

/* The settings a spec may give after a player's name ("normal:iterations=500"),
 * in the order they are listed: each a name, how its value is read, its
 * range, the field of ai_config it sets and one line of help, which
 * `pocketwar help ai` prints (and docs/ai.md copies). */
#define FIELD(f) offsetof(ai_config, f)
#define NONE {{NULL, NULL}, {0, 0}, NULL}
static const ai_setting settings[] = {
    {"iterations", "N", AI_SET_INT, 1, 100000000, FIELD(iterations), NONE,
     "search iterations per decision, over all threads (alone: no time cap)"},
    {"time", "MS", AI_SET_INT, 1, 3600000, FIELD(time_ms), NONE,
     "thinking time per decision in milliseconds (alone: no iteration cap)"},
    {"threads", "N", AI_SET_INT, 1, AI_MAX_THREADS, FIELD(threads), NONE,
     "search threads"},
    {"explore", "C", AI_SET_REAL, 0.001, 100, FIELD(explore), NONE,
     "the tree search's exploration constant"},
    {"horizon", "N", AI_SET_INT, 1, 100000, FIELD(horizon), NONE,
     "playout steps before the position is judged (default 40; normal: the rule set's, "
     "where it gives one)"},
    {"finish", "W", AI_SET_REAL_OFF, 0, 1, FIELD(finish), NONE,
     "weight of a playout's result played on to the end, against the heuristic at the "
     "horizon (0: none)"},
    {"hint", "0|1", AI_SET_SWITCH, 0, 1, FIELD(hint), NONE,
     "playouts follow the rule set's playout hint (default 1)"},
    {"prune", "0|1", AI_SET_SWITCH, 0, 1, FIELD(prune), NONE,
     "the tree search never tries an action the playout hint gives no weight while "
     "another is legal (default 1)"},
    {"plan", "0|1", AI_SET_SWITCH, 0, 1, FIELD(plan), NONE,
     "plan a side's whole run of decisions as one (default: as the rule set says)"},
    {"eval", "net|heuristic", AI_SET_CHOICE, 0, 0, FIELD(eval), {{"net", "heuristic"}, {1, -1},
     "net (the learned evaluation) or heuristic"},
     "judge positions by the rule set's learned evaluation or by its heuristic (default: "
     "as the rule set says for the level)"},
    {"net", "FILE", AI_SET_FILE, 0, 0, FIELD(net), NONE,
     "the learned evaluation's weights file, in the rule set's data folder or a path "
     "(implies eval=net)"},
    {"crn", "0|1", AI_SET_SWITCH, 0, 1, FIELD(crn), NONE,
     "common random numbers across the root's actions"},
    {"chance", "N", AI_SET_INT_OFF, 0, ENG_MAX_ACTIONS, FIELD(chance), NONE,
     "chance points with at most N outcomes branch per outcome (0: never, open loop)"},
    {"prior", "N", AI_SET_REAL_OFF, 0, 100000, FIELD(prior), NONE,
     "the root's actions start with N visits valued by the rule of thumb (0: none)"},
    {"follow", "N", AI_SET_INT_OFF, 0, 8, FIELD(follow), NONE,
     "thumb: its own decisions inside a combat the dice leave it, made by its rule and "
     "looked past, at most N (default: " AI_STR(AI_THUMB_FOLLOWS)
     " where the rule set's hints say so, else 0; "
     "0: none, judged there)"},
    {"contempt", "C", AI_SET_REAL, 0, 0.5, FIELD(contempt), NONE,
     "a battle played out to a draw counts this much less for the searching player"},
    {"mast", "P", AI_SET_REAL_OFF, 0, 1, FIELD(mast_greedy), NONE,
     "how often playouts follow the move averages (0: never)"},
    {"rave", "K", AI_SET_REAL_OFF, 0, 1e9, FIELD(rave), NONE,
     "RAVE equivalence constant (0: no RAVE)"},
    {"amaf", "run|all", AI_SET_CHOICE, 0, 0, FIELD(amaf), {{"run", "all"}, {1, 2}, "run or all"},
     "AMAF window: the mover's run of decisions, or the rest of the iteration"},
    {NULL, NULL, 0, 0, 0, 0, NONE, NULL},
};
#undef FIELD
#undef NONE

const ai_setting *ai_settings(void) { return settings; }

static int number(const char *key, const char *text, double lo, double hi, double *out,
                  eng_error *err)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (!*text || *end || errno || !(v >= lo && v <= hi)) {
        eng_error_set(err, "%s takes a number from %g to %g, not \"%s\"", key, lo, hi, text);
        return -1;
    }
    *out = v;
    return 0;
}

/* Reads val into cfg's field as st says. */
static int set_value(const ai_setting *st, const char *val, ai_config *cfg, eng_error *err)
{
    char *field = (char *)cfg + st->field;
    int *ip = (int *)(void *)field;
    double *dp = (double *)(void *)field;
    double v = 0;
    if (st->how == AI_SET_CHOICE) {
        for (int i = 0; i < 2; i++)
            if (strcmp(val, st->choice.word[i]) == 0) {
                *ip = st->choice.value[i];
                return 0;
            }
        eng_error_set(err, "%s takes %s, not \"%s\"", st->name, st->choice.takes, val);
        return -1;
    }
    if (st->how == AI_SET_FILE) {
        if (!*val || strlen(val) >= sizeof cfg->net) {
            eng_error_set(err, "%s takes a weights file's name or path (under %zu "
                          "characters), not \"%s\"", st->name, sizeof cfg->net, val);
            return -1;
        }
        strcpy(field, val);
        cfg->eval = 1;
        return 0;
    }
    char key[64];
    snprintf(key, sizeof key, "%s%s", st->name,
             strcmp(st->value, "MS") == 0 ? " (milliseconds)" : "");
    if (number(key, val, st->lo, st->hi, &v, err))
        return -1;
    switch (st->how) {
    case AI_SET_INT: *ip = (int)v; break;
    case AI_SET_INT_OFF: *ip = v > 0 ? (int)v : -1; break;
    case AI_SET_SWITCH: *ip = v > 0 ? 1 : -1; break;
    case AI_SET_REAL: *dp = v; break;
    case AI_SET_REAL_OFF: *dp = v > 0 ? v : -1; break;
    default: break;
    }
    return 0;
}

/* One "key=value" of a spec onto cfg; marks which budget keys it set. */
static int setting(const char *kv, ai_config *cfg, bool *set_it, bool *set_time,
                   eng_error *err)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv) {
        eng_error_set(err, "a setting is KEY=VALUE, not \"%s\"", kv);
        return -1;
    }
    size_t klen = (size_t)(eq - kv);
    for (const ai_setting *st = settings; st->name; st++) {
        if (klen != strlen(st->name) || strncmp(kv, st->name, klen) != 0)
            continue;
        if (set_value(st, eq + 1, cfg, err) != 0)
            return -1;
        if (st->field == offsetof(ai_config, iterations))
            *set_it = true;
        if (st->field == offsetof(ai_config, time_ms))
            *set_time = true;
        return 0;
    }
    char names[256];
    size_t len = 0;
    for (const ai_setting *st = settings; st->name && len < sizeof names; st++)
        len += (size_t)snprintf(names + len, sizeof names - len, "%s%s",
                                st == settings ? "" : ", ", st->name);
    eng_error_set(err, "no setting \"%.*s\" (%s)", (int)klen, kv, names);
    return -1;
}

int ai_spec_parse(const char *spec, const ai_budget *over, const ai_kind **kind,
                  ai_config *cfg, eng_error *err)
{
    return ai_spec_parse_offering(spec, over, true, kind, cfg, err);
}

int ai_spec_parse_offering(const char *spec, const ai_budget *over, bool cheats,
                           const ai_kind **kind, ai_config *cfg, eng_error *err)
{
    const char *offer = cheats ? ai_spec_names() : ai_fair_names();
    char *copy = strdup(spec);
    if (!copy)
        abort();
    char *save = NULL, *name = strtok_r(copy, ":", &save);
    int rc = -1;
    if (!name) {
        eng_error_set(err, "no computer player named \"\"; choose from %s", offer);
        goto out;
    }
    const ai_level *lv = NULL;
    for (const ai_level *l = levels; l->name; l++)
        if (strcmp(l->name, name) == 0)
            lv = l;
    const ai_kind *k = ai_kind_find(lv ? lv->kind : name);
    if (!k) {
        eng_error_set(err, "no computer player named \"%s\"; choose from %s", name, offer);
        goto out;
    }
    uint64_t seed = cfg->seed;
    *cfg = (ai_config){.seed = seed};
    if (lv) {
        cfg->level = lv->name;
        double scale = over && over->level_scale > 0 ? over->level_scale : 1;
        cfg->iterations = (int)(lv->iterations * scale + 0.5);
        cfg->time_ms = lv->time_ms;
        cfg->finish = lv->finish;
        if (lv->finish > 0 && over && over->level_finish > 0)
            cfg->finish = over->level_finish;
        if (lv->rule_horizon && over && over->level_horizon > 0)
            cfg->horizon = over->level_horizon;
    }
    /* the budget from outside, then the spec's own settings */
    if (over) {
        if (over->iterations >= 0 && over->time_ms < 0) {
            cfg->iterations = over->iterations;
            cfg->time_ms = 0;
        } else if (over->time_ms >= 0 && over->iterations < 0) {
            cfg->time_ms = over->time_ms;
            cfg->iterations = 0;
        } else if (over->time_ms >= 0) {
            cfg->iterations = over->iterations;
            cfg->time_ms = over->time_ms;
        }
        if (over->threads >= 0)
            cfg->threads = over->threads;
    }
    bool set_it = false, set_time = false;
    for (char *kv; (kv = strtok_r(NULL, ":", &save));) {
        eng_error why;
        if (setting(kv, cfg, &set_it, &set_time, &why) != 0) {
            eng_error_set(err, "computer player \"%s\": %s", spec, why.msg);
            goto out;
        }
    }
    if (set_it && !set_time)
        cfg->time_ms = 0;
    if (set_time && !set_it)
        cfg->iterations = 0;
    *kind = k;
    rc = 0;
out:
    free(copy);
    return rc;
}
