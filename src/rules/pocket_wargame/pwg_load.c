/*
 * pwg_load.c - building Pocket Wargame's game data from a scenario, its
 * options and the rule set's data files: the order of loading, the
 * options, and the entry points (pwg_load, pwg_unload, declared in pwg.h).
 * It calls down on the parts, each with its header: pwg_load_forces.c,
 * pwg_load_ground.c and pwg_load_json.c (the loader's context).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "pwg_load_forces.h"
#include "pwg_load_ground.h"
#include "scenario.h"

/* ---- options ---------------------------------------------------------------------- */

static bool opt_string(pwg_loader *l, const json_t *options, const char *key, const char *dflt,
                       const char *const *allowed, const char **out)
{
    json_t *v = json_object_get(options, key);
    if (!v) {
        *out = dflt;
        return true;
    }
    const char *s = json_string_value(v);
    if (!s)
        return pwg_load_fail(l, "option %s: expected a string", key);
    if (allowed) {
        char list[256] = "";
        for (int i = 0; allowed[i]; i++) {
            if (strcmp(allowed[i], s) == 0) {
                *out = allowed[i];
                return true;
            }
            size_t len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", allowed[i]);
        }
        return pwg_load_fail(l, "option %s: unknown value \"%s\" (%s)", key, s, list);
    }
    *out = s;
    return true;
}

/* ---- the whole ------------------------------------------------------------------------- */

static bool load_all(pwg_loader *l, const json_t *sc, const json_t *options)
{
    pwg_data *d = l->d;
    static const char *const keys[] = {"name", "title", "description", "rules", "options",
                                       "battlefield", "joker", "terrain_set", "terrain_types",
                                       "specials", "forces", "first", "alliances", "end_phase",
                                       "victory", "author", "notes", NULL};
    if (!eng_json_check_keys(sc, "scenario", keys, l->err))
        return false;
    if (!pwg_load_copy_fit(l, d->scenario, sizeof d->scenario,
                           json_string_value(json_object_get(sc, "name")), "name") ||
        !pwg_load_copy_fit(l, d->title, sizeof d->title,
                           json_string_value(json_object_get(sc, "title")), "title"))
        return false;
    if (!d->scenario[0])
        pwg_load_copy(d->scenario, sizeof d->scenario, "custom");
    const char *desc = json_string_value(json_object_get(sc, "description"));
    eng_text_copy(d->description, sizeof d->description, desc ? desc : "");

    static const char *const saves[] = {"heavy-infantry-and-cavalry", "heavy-only", NULL};
    static const char *const scopes[] = {"any-unit", "own-unit", NULL};
    static const char *const rule1[] = {"counts", "ignored", NULL};
    const char *deck = "french", *tset = "normal", *coins = "uk", *save = "", *scope = "";
    const char *r1 = "";
    bool jokers = true;
    if (!opt_string(l, options, "deck", "french", NULL, &deck) ||
        !opt_string(l, options, "terrain", "normal", NULL, &tset) ||
        !opt_string(l, options, "coins", "uk", NULL, &coins) ||
        !opt_string(l, options, "melee-save", saves[0], saves, &save) ||
        !opt_string(l, options, "cancel-scope", scopes[0], scopes, &scope) ||
        !opt_string(l, options, "rule1-cancelled", rule1[0], rule1, &r1))
        return false;
    if (json_object_get(options, "jokers") &&
        !pwg_load_bool(l, json_object_get(options, "jokers"), "option jokers", &jokers))
        return false;
    d->save_heavy_only = strcmp(save, "heavy-only") == 0;
    d->cancel_own_unit = strcmp(scope, "own-unit") == 0;
    d->rule1_uncounts_cancel = strcmp(r1, "ignored") == 0;

    if (!pwg_load_terrain_types(l, json_object_get(l->terrain, "types"), "terrain.json: types"))
        return false;
    if (json_object_get(sc, "terrain_types") &&
        !pwg_load_terrain_types(l, json_object_get(sc, "terrain_types"), "terrain_types"))
        return false;
    if (pwg_load_terrain_find(d, "open") < 0)
        return pwg_load_fail(l, "terrain.json: there must be a terrain type named \"open\"");
    /* the jokers' terrain: the option, else the scenario's field, else open */
    json_t *jk = json_object_get(sc, "joker");
    const char *jks = json_string_value(jk);
    if (jk && (!jks || pwg_load_terrain_find(d, jks) < 0))
        return pwg_load_fail(l, "joker: unknown terrain %s%s%s", jks ? "\"" : "",
                             jks ? jks : "(not a string)", jks ? "\"" : "");
    const char *jopt = NULL;
    if (!opt_string(l, options, "joker", NULL, NULL, &jopt))
        return false;
    if (jopt && pwg_load_terrain_find(d, jopt) < 0) {
        char names[256] = "";
        for (int t = 0; t < d->nterrain; t++) {
            size_t len = strlen(names);
            snprintf(names + len, sizeof names - len, "%s%s", t ? ", " : "", d->terrain[t].name);
        }
        return pwg_load_fail(l, "option joker: unknown terrain \"%s\" (%s)", jopt, names);
    }
    d->joker_terrain = (uint8_t)pwg_load_terrain_find(d, jopt ? jopt : jks ? jks : "open");

    if (!pwg_load_deck(l, deck, jokers) ||
        !pwg_load_terrain_set(l, tset, json_object_get(sc, "terrain_set")) ||
        !pwg_load_battlefield(l, json_object_get(sc, "battlefield")) || !pwg_load_coins(l) ||
        !pwg_load_specials(l, json_object_get(sc, "specials")) ||
        !pwg_load_forces(l, json_object_get(sc, "forces"), coins) ||
        !pwg_load_rules(l, json_object_get(sc, "end_phase")) ||
        !pwg_load_victory(l, json_object_get(sc, "victory")))
        return false;
    pwg_load_order_units(d);
    pwg_step_table(d);
    pwg_playout_table(d);
    for (int f = 0; f < d->nforces; f++)
        if (d->force[f].nunits == 0)
            return pwg_load_fail(l, "forces[%d]: has no units (give \"units\" or \"placed\")", f);

    json_t *first = json_object_get(sc, "first");
    d->first = -1;
    if (first && !pwg_load_force_no(l, first, "first", &d->first))
        return false;
    json_t *al = json_object_get(sc, "alliances");
    bool alliances = false;
    if (al && !pwg_load_bool(l, al, "alliances", &alliances))
        return false;
    if (alliances && d->nforces < 3)
        return pwg_load_fail(l, "alliances: true needs three or more forces (with two, each is the "
                                "other's only enemy); leave it out");
    d->alliances = alliances;
    return pwg_load_build_areas(l);
}

void *pwg_load(const json_t *scenario, const json_t *options, eng_error *err)
{
    pwg_loader l;
    memset(&l, 0, sizeof l);
    l.err = err;
    l.d = calloc(1, sizeof(pwg_data));
    if (!l.d)
        abort();
    bool ok = (l.decks = eng_rules_data_file("pocket-wargame", "decks.json", err)) &&
              (l.terrain = eng_rules_data_file("pocket-wargame", "terrain.json", err)) &&
              (l.coins = eng_rules_data_file("pocket-wargame", "coins.json", err)) &&
              load_all(&l, scenario, options ? options : json_object_get(scenario, "options"));
    json_decref(l.decks);
    json_decref(l.terrain);
    json_decref(l.coins);
    if (!ok) {
        free(l.d);
        return NULL;
    }
    return l.d;
}

void pwg_unload(void *data) { free(data); }
