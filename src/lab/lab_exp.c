/*
 * lab_exp.c - an experiment of the lab (lab.h): its arms and players read
 * from flags or from its JSON file, and every check made before a game is
 * played (rule set, scenarios, variants, options, players, numbers).
 */
#include <stdlib.h>
#include <string.h>
#include "lab.h"
#include "ai.h"
#include "scenario.h"
#include "lab_odds.h"

void lab_exp_init(lab_exp *e)
{
    memset(e, 0, sizeof *e);
    e->options = json_object();
    e->games = 200;
    e->seed = 1;
    e->max_steps = 100000;
    e->alpha = e->beta = 0.05;
    snprintf(e->length_unit, sizeof e->length_unit, "turn");
}

void lab_exp_free(lab_exp *e)
{
    free(e->rules);
    free(e->scenario);
    json_decref(e->options);
    for (int i = 0; i < e->narms; i++) {
        free(e->arm[i].scenario);
        free(e->arm[i].variant);
        json_decref(e->arm[i].options);
        eng_game_free(e->arm[i].game);
    }
    for (int s = 0; s < LAB_SIDES; s++) {
        free(e->players[s]);
        free(e->skill[s]);
    }
    json_decref(e->odds_position);
    free(e->odds_action);
    memset(e, 0, sizeof *e);
}

int lab_exp_seeds(const lab_exp *e)
{
    return (e->games + 1) / 2;
}

int lab_exp_arm(const lab_exp *e, const char *label)
{
    for (int i = 0; label && i < e->narms; i++)
        if (!strcmp(e->arm[i].label, label))
            return i;
    return -1;
}

const char *lab_exp_scenario(const lab_exp *e)
{
    if (e->scenario)
        return e->scenario;
    const eng_rules *r = e->r ? e->r : eng_rules_find(e->rules);
    return r ? eng_rules_default_scenario(r) : NULL;
}

int lab_exp_skill_games(const lab_exp *e)
{
    return e->skill_games > 0 ? e->skill_games : e->games;
}

int lab_exp_skill_seeds(const lab_exp *e)
{
    if (!e->skill[0])
        return 0;
    return (lab_exp_skill_games(e) + 1) / 2;
}

int lab_exp_set_seeds(const lab_exp *e, int set)
{
    return set == LAB_SET_SKILL ? lab_exp_skill_seeds(e) : lab_exp_seeds(e);
}

char *const *lab_exp_players(const lab_exp *e, int set)
{
    return set == LAB_SET_SKILL ? e->skill : e->players;
}

static bool label_ok(const char *s, size_t n)
{
    if (n == 0 || n >= LAB_LABEL_MAX)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.'))
            return false;
    }
    return true;
}

/* A setting's value: JSON if it reads as JSON, else the bare word. */
static json_t *value_of(const char *text)
{
    json_error_t jerr;
    json_t *v = json_loads(text, JSON_DECODE_ANY, &jerr);
    return v ? v : json_string(text);
}

bool lab_exp_add_arm(lab_exp *e, const char *spec, eng_error *err)
{
    if (e->narms >= LAB_MAX_ARMS)
        return eng_error_fail(err, "at most %d arms", LAB_MAX_ARMS);
    const char *colon = strchr(spec, ':');
    size_t n = colon ? (size_t)(colon - spec) : strlen(spec);
    if (!label_ok(spec, n))
        return eng_error_fail(err, "arm \"%s\": an arm is LABEL[:KEY=VALUE...], the label "
                              "of letters, digits, '-', '_' or '.' (at most %d)", spec,
                              LAB_LABEL_MAX - 1);
    lab_arm *a = &e->arm[e->narms];
    memset(a, 0, sizeof *a);
    memcpy(a->label, spec, n);
    a->options = json_object();
    e->narms++;
    for (const char *p = colon; p && *p;) {
        p++;
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char *kv = strndup(p, len);
        char *eq = strchr(kv, '=');
        if (!eq || eq == kv || !eq[1]) {
            eng_error_set(err, "arm \"%s\": \"%s\" is not KEY=VALUE", a->label, kv);
            free(kv);
            return false;
        }
        *eq = '\0';
        if (!strcmp(kv, "variant")) {
            free(a->variant);
            a->variant = strdup(eq + 1);
        } else if (!strcmp(kv, "scenario")) {
            free(a->scenario);
            a->scenario = strdup(eq + 1);
        } else {
            json_object_set_new(a->options, kv, value_of(eq + 1));
        }
        free(kv);
        p = end;
    }
    return true;
}

static bool pair_set(char **pair, const char *flag, const char *list, eng_error *err)
{
    const char *comma = strchr(list, ',');
    if (!comma || strchr(comma + 1, ',') || comma == list || !comma[1])
        return eng_error_fail(err, "%s takes two players, A,B (e.g. thumb,random), "
                              "not \"%s\"", flag, list);
    for (int s = 0; s < LAB_SIDES; s++)
        free(pair[s]);
    pair[0] = strndup(list, (size_t)(comma - list));
    pair[1] = strdup(comma + 1);
    return true;
}

bool lab_exp_set_players(lab_exp *e, const char *list, eng_error *err)
{
    return pair_set(e->players, "--players", list, err);
}

bool lab_exp_set_skill(lab_exp *e, const char *list, eng_error *err)
{
    return pair_set(e->skill, "--skill", list, err);
}

/* The spec's settings: is one of them `key`? */
static bool spec_sets(const char *spec, const char *key)
{
    size_t k = strlen(key);
    for (const char *p = strchr(spec, ':'); p; p = strchr(p + 1, ':'))
        if (!strncmp(p + 1, key, k) && p[1 + k] == '=')
            return true;
    return false;
}

struct ai_player *lab_player_new(const char *spec, const eng_game *g, uint64_t seed,
                                 eng_error *err)
{
    ai_budget b = AI_BUDGET_NONE;
    b.threads = 1;
    ai_budget_for_game(&b, g);
    const ai_kind *k;
    ai_config cfg = {0};
    if (ai_spec_parse(spec, &b, &k, &cfg, err) != 0)
        return NULL;
    if (k->cheats) {
        eng_error_set(err, "player \"%s\" cheats (it foresees the dice): the lab compares "
                      "rules between fair players", spec);
        return NULL;
    }
    if (cfg.iterations > 0 && !spec_sets(spec, "time"))
        cfg.time_ms = 0;                /* reproducible: iterations, not the clock */
    cfg.seed = seed;
    return ai_new(k, &cfg);
}

static bool option_known(const eng_rules *r, const char *key)
{
    for (const eng_option_doc *o = eng_rules_options(r); o && o->name; o++)
        if (!strcmp(o->name, key))
            return true;
    return false;
}

static void option_names(const eng_rules *r, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (const eng_option_doc *o = eng_rules_options(r); o && o->name && len < n; o++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? ", " : "", o->name);
}

/* The arm's options: the experiment's, its variant's, its own. */
static json_t *arm_options(const lab_exp *e, const lab_arm *a, eng_error *err)
{
    json_t *o = json_deep_copy(e->options);
    if (a->variant) {
        json_t *v = eng_variant_load(e->r, a->variant, err);
        if (!v) {
            json_decref(o);
            return NULL;
        }
        json_object_update(o, json_object_get(v, "options"));
        json_decref(v);
    }
    json_object_update(o, a->options);
    return o;
}

bool lab_exp_prepare(lab_exp *e, eng_error *err)
{
    if (!e->rules)
        e->rules = strdup(eng_rules_name(eng_rules_default()));
    e->r = eng_rules_find(e->rules);
    if (!e->r) {
        char names[256] = "";
        size_t len = 0;
        for (const eng_rules *const *r = eng_registry(); *r; r++)
            len += (size_t)snprintf(names + len, sizeof names - len, " %s", eng_rules_name(*r));
        return eng_error_fail(err, "no rule set named \"%s\"; the rule sets are:%s", e->rules,
                              names);
    }
    if (e->narms == 0) {
        eng_error err2;
        if (!lab_exp_add_arm(e, "base", &err2))
            return eng_error_fail(err, "%s", err2.msg);
    }
    if (e->games < 2)
        return eng_error_fail(err, "--games takes at least 2 (one seed from both seatings)");
    if (!e->players[0] && !lab_exp_set_players(e, "thumb,thumb", err))
        return false;
    if (e->sprt && !(e->sprt_delta != 0 && e->alpha > 0 && e->alpha < 0.5 && e->beta > 0 &&
                     e->beta < 0.5))
        return eng_error_fail(err, "--sprt takes a difference other than 0 and alpha, beta "
                              "between 0 and 0.5");
    if (e->sprt && e->narms < 2)
        return eng_error_fail(err, "--sprt compares arms: give two or more --arm");
    char names[512];
    for (const json_t *o = e->options; o; o = NULL) {
        const char *key;
        json_t *v;
        json_object_foreach((json_t *)o, key, v) {
            if (!option_known(e->r, key)) {
                option_names(e->r, names, sizeof names);
                return eng_error_fail(err, "%s has no option \"%s\"; its options are: %s",
                                      e->rules, key, names);
            }
        }
    }
    for (int i = 0; i < e->narms; i++) {
        lab_arm *a = &e->arm[i];
        for (int j = 0; j < i; j++)
            if (!strcmp(e->arm[j].label, a->label))
                return eng_error_fail(err, "two arms are labelled \"%s\"", a->label);
        const char *key;
        json_t *v;
        json_object_foreach(a->options, key, v) {
            if (!option_known(e->r, key)) {
                option_names(e->r, names, sizeof names);
                return eng_error_fail(err, "arm \"%s\": %s has no option \"%s\"; the keys "
                                      "are variant, scenario and its options: %s", a->label,
                                      e->rules, key, names);
            }
        }
        eng_error why;
        const char *sc = a->scenario ? a->scenario : lab_exp_scenario(e);
        json_t *scen = eng_scenario_load(e->r, sc, &why);
        if (!scen)
            return eng_error_fail(err, "arm \"%s\": %s", a->label, why.msg);
        json_t *opts = arm_options(e, a, &why);
        if (!opts) {
            json_decref(scen);
            return eng_error_fail(err, "arm \"%s\": %s", a->label, why.msg);
        }
        eng_game_free(a->game);
        a->game = eng_game_new(e->r, scen, opts, &why);
        json_decref(scen);
        json_decref(opts);
        if (!a->game)
            return eng_error_fail(err, "arm \"%s\": %s", a->label, why.msg);
        if (eng_game_players(a->game) != LAB_SIDES)
            return eng_error_fail(err, "arm \"%s\": the scenario has %d sides; the lab "
                                  "compares two-sided games", a->label,
                                  eng_game_players(a->game));
        for (int s = 0; s < 2 * LAB_SIDES; s++) {
            const char *spec = s < LAB_SIDES ? e->players[s] : e->skill[s - LAB_SIDES];
            struct ai_player *p = spec ? lab_player_new(spec, a->game, 1, &why) : NULL;
            if (spec && !p)
                return eng_error_fail(err, "%s", why.msg);
            ai_free(p);
        }
    }
    if (e->skill_games && (e->skill_games < 2 || !e->skill[0]))
        return eng_error_fail(err, "--skill-games takes at least 2, and --skill A,B beside it");
    if (!e->odds_position != !e->odds_action)
        return eng_error_fail(err, "the odds in the report take a position and an action "
                              "(--odds-position FILE --odds-action ACTION)");
    if (e->odds_position) {
        eng_error why;
        json_t *o = lab_odds_compare(e, e->odds_position, e->odds_action, ENG_VIEW_ALL, &why);
        if (!o)
            return eng_error_fail(err, "the odds in the report: %s", why.msg);
        json_decref(o);
    }
    /* the unit of a game's length: the limit's, else the one the briefing
     * names without a limit, else turns (engine.h, eng_briefing) */
    json_t *brief = eng_briefing(e->arm[0].game);
    const char *kind = json_string_value(json_object_get(json_object_get(brief, "limit"),
                                                         "kind"));
    if (!kind)
        kind = json_string_value(json_object_get(brief, "length_unit"));
    snprintf(e->length_unit, sizeof e->length_unit, "%s",
             kind && !strcmp(kind, "rounds") ? "round" : "turn");
    json_decref(brief);
    return true;
}

json_t *lab_exp_json(const lab_exp *e)
{
    json_t *arms = json_array();
    for (int i = 0; i < e->narms; i++) {
        const lab_arm *a = &e->arm[i];
        json_t *o = json_pack("{s:s}", "label", a->label);
        if (a->variant)
            json_object_set_new(o, "variant", json_string(a->variant));
        if (a->scenario)
            json_object_set_new(o, "scenario", json_string(a->scenario));
        json_object_set(o, "options", a->options);
        json_array_append_new(arms, o);
    }
    json_t *j = json_pack("{s:s, s:s, s:o, s:o, s:[s,s], s:i, s:I, s:i, s:b}",
                          "lab", "pocketwar experiment 1", "rules", e->rules,
                          "options", json_deep_copy(e->options), "arms", arms,
                          "players", e->players[0], e->players[1], "games", e->games,
                          "seed", (json_int_t)e->seed, "max_steps", e->max_steps,
                          "records", e->records);
    json_object_set_new(j, "scenario", e->scenario ? json_string(e->scenario) : json_null());
    json_t *stop = json_object();
    if (e->sprt)
        json_object_set_new(stop, "sprt", json_pack("{s:f, s:f, s:f}", "delta", e->sprt_delta,
                                                    "alpha", e->alpha, "beta", e->beta));
    if (e->target_width > 0)
        json_object_set_new(stop, "target_width", json_real(e->target_width));
    json_object_set_new(j, "stop", stop);
    if (e->odds_position)
        json_object_set_new(j, "odds", json_pack("{s:O, s:s}", "position", e->odds_position,
                                                 "action", e->odds_action));
    if (e->skill[0])                    /* only then: a run without keeps its file */
        json_object_set_new(j, "skill", json_pack("{s:[s,s], s:i}", "players", e->skill[0],
                                                  e->skill[1], "games",
                                                  lab_exp_skill_games(e)));
    return j;
}

static char *str_or_null(const json_t *v)
{
    return json_is_string(v) ? strdup(json_string_value(v)) : NULL;
}

bool lab_exp_from_json(lab_exp *e, const json_t *j, eng_error *err)
{
    static const char *const keys[] = {"lab", "rules", "scenario", "options", "arms",
                                       "players", "games", "seed", "max_steps", "records",
                                       "stop", "odds", "skill", NULL};
    if (!json_is_object(j))
        return eng_error_fail(err, "an experiment file holds a JSON object");
    if (!eng_json_check_keys(j, "experiment", keys, err))
        return false;
    free(e->rules);
    e->rules = str_or_null(json_object_get(j, "rules"));
    if (!e->rules)
        return eng_error_fail(err, "experiment: \"rules\" (a rule set's name) is missing");
    free(e->scenario);
    e->scenario = str_or_null(json_object_get(j, "scenario"));
    const json_t *o = json_object_get(j, "options");
    if (o && !json_is_object(o))
        return eng_error_fail(err, "experiment: \"options\" is an object");
    if (o)
        json_object_update(e->options, (json_t *)o);
    const json_t *arms = json_object_get(j, "arms");
    if (!json_is_array(arms) || json_array_size(arms) == 0)
        return eng_error_fail(err, "experiment: \"arms\" is a list of arms");
    size_t i;
    const json_t *a;
    json_array_foreach(arms, i, a) {
        const char *label = json_string_value(json_object_get(a, "label"));
        if (!label || !lab_exp_add_arm(e, label, err))
            return label ? false : eng_error_fail(err, "experiment: arm %zu has no label",
                                                  i + 1);
        lab_arm *arm = &e->arm[e->narms - 1];
        arm->variant = str_or_null(json_object_get(a, "variant"));
        arm->scenario = str_or_null(json_object_get(a, "scenario"));
        const json_t *ao = json_object_get(a, "options");
        if (ao && !json_is_object(ao))
            return eng_error_fail(err, "experiment: arm \"%s\": \"options\" is an object",
                                  label);
        if (ao)
            json_object_update(arm->options, (json_t *)ao);
    }
    const json_t *pl = json_object_get(j, "players");
    if (!json_is_array(pl) || json_array_size(pl) != 2 ||
        !json_is_string(json_array_get(pl, 0)) || !json_is_string(json_array_get(pl, 1)))
        return eng_error_fail(err, "experiment: \"players\" is a list of two players");
    for (int s = 0; s < LAB_SIDES; s++) {
        free(e->players[s]);
        e->players[s] = strdup(json_string_value(json_array_get(pl, (size_t)s)));
    }
    const json_t *v;
    if ((v = json_object_get(j, "games"))) {
        if (!json_is_integer(v) || json_integer_value(v) < 2 || json_integer_value(v) > 10000000)
            return eng_error_fail(err, "experiment: \"games\" is a whole number from 2");
        e->games = (int)json_integer_value(v);
    }
    if ((v = json_object_get(j, "seed"))) {
        if (!json_is_integer(v) || json_integer_value(v) < 0)
            return eng_error_fail(err, "experiment: \"seed\" is a whole number");
        e->seed = (uint64_t)json_integer_value(v);
    }
    if ((v = json_object_get(j, "max_steps"))) {
        if (!json_is_integer(v) || json_integer_value(v) < 1 ||
            json_integer_value(v) > 100000000)
            return eng_error_fail(err, "experiment: \"max_steps\" is a whole number from 1");
        e->max_steps = (int)json_integer_value(v);
    }
    e->records = json_is_true(json_object_get(j, "records"));
    const json_t *stop = json_object_get(j, "stop");
    const json_t *sprt = json_object_get(stop, "sprt");
    if (sprt) {
        e->sprt = true;
        e->sprt_delta = json_number_value(json_object_get(sprt, "delta"));
        e->alpha = json_number_value(json_object_get(sprt, "alpha"));
        e->beta = json_number_value(json_object_get(sprt, "beta"));
    }
    e->target_width = json_number_value(json_object_get(stop, "target_width"));
    const json_t *odds = json_object_get(j, "odds");
    if (odds) {
        const json_t *pos = json_object_get(odds, "position");
        const char *act = json_string_value(json_object_get(odds, "action"));
        if (!json_is_object(pos) || !act)
            return eng_error_fail(err, "experiment: \"odds\" holds a \"position\" (an object) "
                                  "and an \"action\"");
        e->odds_position = json_deep_copy(pos);
        e->odds_action = strdup(act);
    }
    const json_t *sk = json_object_get(j, "skill");
    if (sk) {
        const json_t *sp = json_object_get(sk, "players"), *sg = json_object_get(sk, "games");
        if (json_array_size(sp) != 2 || !json_is_string(json_array_get(sp, 0)) ||
            !json_is_string(json_array_get(sp, 1)) || !json_is_integer(sg) ||
            json_integer_value(sg) < 2 || json_integer_value(sg) > 10000000)
            return eng_error_fail(err, "experiment: \"skill\" holds \"players\" (two) and "
                                  "\"games\" (a whole number from 2)");
        for (int s = 0; s < LAB_SIDES; s++) {
            free(e->skill[s]);
            e->skill[s] = strdup(json_string_value(json_array_get(sp, (size_t)s)));
        }
        e->skill_games = (int)json_integer_value(sg);
    }
    return true;
}
