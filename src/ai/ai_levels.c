/*
 * ai_levels.c - naming computer players: the levels (a kind with a budget)
 * and specs such as "hard" or "mcts:iterations=500:threads=1" (see ai.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"

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
 * and normal, which stop at the horizon, are not touched. */
static const ai_level levels[] = {
    {"easy", "mcts", 300, 1000, 0, "a quick tree search (300 iterations; more where a rule set needs it)"},
    {"normal", "mcts", 2000, 1000, 0, "the tree search, 2,000 iterations or more where a rule set needs it (at most 1 s)"},
    {"hard", "mcts", 8000, 4000, 0.5,
     "a longer tree search, 8,000 iterations or more, played out to the end (at most 4 s)"},
    {NULL, NULL, 0, 0, 0, NULL},
};

const ai_level *ai_levels(void) { return levels; }

const char *ai_spec_names(void) { return "random, thumb, flat, mcts, easy, normal, hard, "
                                        "oracle (cheats: for measurement only)"; }

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
    const char *val = eq + 1;
    double v;
#define KEY(name) (klen == strlen(name) && strncmp(kv, name, klen) == 0)
    if (KEY("iterations")) {
        if (number("iterations", val, 1, 100000000, &v, err))
            return -1;
        cfg->iterations = (int)v;
        *set_it = true;
    } else if (KEY("time")) {
        if (number("time (milliseconds)", val, 1, 3600000, &v, err))
            return -1;
        cfg->time_ms = (int)v;
        *set_time = true;
    } else if (KEY("threads")) {
        if (number("threads", val, 1, AI_MAX_THREADS, &v, err))
            return -1;
        cfg->threads = (int)v;
    } else if (KEY("explore")) {
        if (number("explore", val, 0.001, 100, &v, err))
            return -1;
        cfg->explore = v;
    } else if (KEY("mast")) {
        if (number("mast", val, 0, 1, &v, err))
            return -1;
        cfg->mast_greedy = v > 0 ? v : -1;
    } else if (KEY("finish")) {
        if (number("finish", val, 0, 1, &v, err))
            return -1;
        cfg->finish = v > 0 ? v : -1;
    } else if (KEY("rave")) {
        if (number("rave", val, 0, 1e9, &v, err))
            return -1;
        cfg->rave = v > 0 ? v : -1;
    } else if (KEY("amaf")) {
        if (strcmp(val, "run") != 0 && strcmp(val, "all") != 0) {
            eng_error_set(err, "amaf takes run or all, not \"%s\"", val);
            return -1;
        }
        cfg->amaf = strcmp(val, "run") == 0 ? 1 : 2;
    } else if (KEY("hint")) {
        if (number("hint", val, 0, 1, &v, err))
            return -1;
        cfg->hint = v > 0 ? 1 : -1;
    } else if (KEY("crn")) {
        if (number("crn", val, 0, 1, &v, err))
            return -1;
        cfg->crn = v > 0 ? 1 : -1;
    } else if (KEY("chance")) {
        if (number("chance", val, 0, ENG_MAX_ACTIONS, &v, err))
            return -1;
        cfg->chance = v > 0 ? (int)v : -1;
    } else if (KEY("contempt")) {
        if (number("contempt", val, 0, 0.5, &v, err))
            return -1;
        cfg->contempt = v;
    } else if (KEY("prior")) {
        if (number("prior", val, 0, 100000, &v, err))
            return -1;
        cfg->prior = v > 0 ? v : -1;
    } else if (KEY("prune")) {
        if (number("prune", val, 0, 1, &v, err))
            return -1;
        cfg->prune = v > 0 ? 1 : -1;
    } else if (KEY("plan")) {
        if (number("plan", val, 0, 1, &v, err))
            return -1;
        cfg->plan = v > 0 ? 1 : -1;
    } else if (KEY("eval")) {
        if (strcmp(val, "net") != 0 && strcmp(val, "heuristic") != 0) {
            eng_error_set(err, "eval takes net (the learned evaluation) or heuristic, "
                          "not \"%s\"", val);
            return -1;
        }
        cfg->eval = strcmp(val, "net") == 0 ? 1 : -1;
    } else if (KEY("net")) {
        if (!*val || strlen(val) >= sizeof cfg->net) {
            eng_error_set(err, "net takes a weights file's name or path (under %zu "
                          "characters), not \"%s\"", sizeof cfg->net, val);
            return -1;
        }
        strcpy(cfg->net, val);
        cfg->eval = 1;
    } else if (KEY("horizon")) {
        if (number("horizon", val, 1, 100000, &v, err))
            return -1;
        cfg->horizon = (int)v;
    } else {
        eng_error_set(err, "no setting \"%.*s\" (iterations, time, threads, explore, "
                      "horizon, finish, hint, prune, plan, eval, net, crn, chance, prior, contempt, mast, rave, "
                      "amaf)", (int)klen, kv);
        return -1;
    }
#undef KEY
    return 0;
}

int ai_spec_parse(const char *spec, const ai_budget *over, const ai_kind **kind,
                  ai_config *cfg, eng_error *err)
{
    char *copy = strdup(spec);
    if (!copy)
        abort();
    char *save = NULL, *name = strtok_r(copy, ":", &save);
    int rc = -1;
    if (!name) {
        eng_error_set(err, "no computer player named \"\"; choose from %s", ai_spec_names());
        goto out;
    }
    const ai_level *lv = NULL;
    for (const ai_level *l = levels; l->name; l++)
        if (strcmp(l->name, name) == 0)
            lv = l;
    const ai_kind *k = ai_kind_find(lv ? lv->kind : name);
    if (!k) {
        eng_error_set(err, "no computer player named \"%s\"; choose from %s", name,
                      ai_spec_names());
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
