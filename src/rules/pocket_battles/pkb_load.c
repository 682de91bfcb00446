/*
 * pkb_load.c - building Pocket Battles' game data from a scenario, its
 * options and the rule set's data files: traits.json (what each trait
 * does), factions/NAME.json (a faction's troop tiles) and armies/NAME.json
 * (ready-made armies: units of tiles, the first on top of the stack).
 *
 * Every refusal names the field at fault, counted from 0, e.g.
 * `army1 "elves-50": units[4][1]: "ELV99" is not one of the Elves' troops`.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "pkb.h"
#include "scenario.h"
#include "svg.h"

#define RULES_NAME "pocket-battles"

typedef struct ld {
    pkb_data *d;
    eng_error *err;
} ld;

/* Words the refusal into the caller's error (if any); false, to return. */
#define fail(l, ...) eng_error_fail((l)->err, __VA_ARGS__)

static void copy(char *dst, size_t n, const char *src)
{
    eng_text_copy(dst, n, src);   /* a name cut to fit stays UTF-8 */
}


/* A whole number from a JSON number or a string of digits (options typed
 * at the command line arrive as either). */
static bool as_int(ld *l, const json_t *v, const char *path, int lo, int hi, int *out)
{
    long long x;
    if (json_is_integer(v)) {
        x = json_integer_value(v);
    } else if (json_is_string(v)) {
        const char *s = json_string_value(v);
        char *end;
        x = strtoll(s, &end, 10);
        if (!*s || *end)
            return fail(l, "%s: expected a whole number, got \"%s\"", path, s);
    } else {
        return fail(l, "%s: expected a whole number", path);
    }
    if (x < lo || x > hi)
        return fail(l, "%s: %lld is out of range (%d..%d)", path, x, lo, hi);
    *out = (int)x;
    return true;
}

static bool get_int(ld *l, const json_t *obj, const char *key, const char *path, int lo, int hi,
                    int dflt, int *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        *out = dflt;
        return true;
    }
    char p[160];
    eng_pathf(p, sizeof p, "%s.%s", path, key);
    return as_int(l, v, p, lo, hi, out);
}

/* A string field that fits in n bytes; missing gives dflt (NULL: required). */
static bool get_str(ld *l, const json_t *obj, const char *key, const char *path, char *dst,
                    size_t n, const char *dflt)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (!dflt)
            return fail(l, "%s: missing \"%s\"", path, key);
        copy(dst, n, dflt);
        return true;
    }
    const char *s = json_string_value(v);
    if (!s || !s[0])
        return fail(l, "%s.%s: expected a non-empty string", path, key);
    if (strlen(s) >= n)
        return fail(l, "%s.%s: \"%s\" is too long (at most %zu characters)", path, key, s, n - 1);
    copy(dst, n, s);
    return true;
}

/* ---- data files ------------------------------------------------------------------ */

static bool is_path(const char *s)
{
    size_t n = strlen(s);
    return strchr(s, '/') || (n > 5 && strcmp(s + n - 5, ".json") == 0);
}

/* Notes a data file read in d->files (once). */
static void note_file(pkb_data *d, const char *file)
{
    for (const char *p = d->files; (p = strstr(p, file)); p++)
        if ((p == d->files || p[-1] == ' ') && (p[strlen(file)] == ';' || !p[strlen(file)]))
            return;
    size_t len = strlen(d->files);
    snprintf(d->files + len, sizeof d->files - len, "%s%s", len ? "; " : "", file);
}

/* A data file of this rule set by name (folder/NAME.json) or by path. */
static json_t *data_file(ld *l, const char *folder, const char *what, const char *name)
{
    eng_error e;
    json_t *j;
    if (is_path(name)) {
        j = eng_json_file(name, &e);
    } else {
        for (const char *p = name; *p; p++)
            if (!(*p == '-' || *p == '_' || isalnum((unsigned char)*p))) {
                fail(l, "bad %s name \"%s\"", what, name);
                return NULL;
            }
        char file[256];
        eng_pathf(file, sizeof file, "%s/%s.json", folder, name);
        j = eng_rules_data_file(RULES_NAME, file, &e);
        if (!j) {
            char path[4096];
            eng_pathf(path, sizeof path, "%s/%s/%s", eng_data_dir(), RULES_NAME, file);
            FILE *f = fopen(path, "r");
            if (!f) {
                fail(l, "Pocket Battles has no %s named \"%s\" (the %s are in %s/%s/%s)",
                     what, name, folder, "data", RULES_NAME, folder);
                return NULL;
            }
            fclose(f);
        }
    }
    if (!j) {
        fail(l, "%s", e.msg);
        return NULL;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        fail(l, "%s \"%s\": expected a JSON object", what, name);
        return NULL;
    }
    char noted[512];
    if (is_path(name))
        eng_pathf(noted, sizeof noted, "%s", name);
    else
        eng_pathf(noted, sizeof noted, "%s/%s/%s.json", RULES_NAME, folder, name);
    note_file(l->d, noted);
    return j;
}

/* ---- traits ------------------------------------------------------------------------ */

static int trait_find(const pkb_data *d, const char *name)
{
    for (int i = 0; i < d->ntraits; i++)
        if (strcasecmp(d->trait[i].name, name) == 0)
            return i;
    return -1;
}

/* Adds the traits of the list arr (from traits.json, or a faction's own:
 * `where` names it in messages). A faction's trait may repeat one an
 * earlier faction defined (the same faction twice); one of traits.json's
 * may not be defined again. */
static bool add_traits(ld *l, const json_t *arr, const char *where, int from_file)
{
    pkb_data *d = l->d;
    static const char *const keys[] = {"name", "title", "text", "effect", "when", "amount", NULL};
    static const struct { const char *effect, *when; int fx; } fxs[] = {
        {"extra-dice", "engagement", PKB_FX_DICE_ENGAGE},
        {"extra-dice", "charge", PKB_FX_DICE_CHARGE},
        {"extra-dice", "charged", PKB_FX_DICE_CHARGED},
        {"extra-dice", "shooting", PKB_FX_DICE_SHOOT},
        {"fewer-hits", "shooting", PKB_FX_FEWER_SHOT},
        {"fewer-hits", "engagement", PKB_FX_FEWER_ENGAGE},
        {"no-charge-dice", NULL, PKB_FX_NO_CHARGE_DIE},
        {"shoot-from-rear", NULL, PKB_FX_SHOOT_REAR},
        {"free-leave", NULL, PKB_FX_FREE_LEAVE},
        {"order-discount", NULL, PKB_FX_DISCOUNT},
        {"regenerate", NULL, PKB_FX_REGENERATE},
        {"rally", NULL, PKB_FX_RALLY},
        {"hex", NULL, PKB_FX_HEX},
    };
    bool ok = true;
    if (!json_is_array(arr))
        return fail(l, "%s: \"traits\" must be a list", where);
    size_t i;
    json_t *t;
    json_array_foreach(arr, i, t) {
        if (!ok)
            break;
        char p[160];
        eng_pathf(p, sizeof p, "%s: traits[%zu]", where, i);
        if (!json_is_object(t)) {
            ok = fail(l, "%s: expected an object", p);
            break;
        }
        if (d->ntraits >= PKB_MAX_TRAITS) {
            ok = fail(l, "%s: too many traits (at most %d)", p, PKB_MAX_TRAITS);
            break;
        }
        pkb_trait *tr = &d->trait[d->ntraits];
        char effect[PKB_NAME], when[PKB_NAME];
        int amount;
        if (!eng_json_check_keys(t, p, keys, l->err) ||
            !get_str(l, t, "name", p, tr->name, sizeof tr->name, NULL) ||
            !get_str(l, t, "title", p, tr->title, sizeof tr->title, tr->name) ||
            !get_str(l, t, "text", p, tr->text, sizeof tr->text, NULL) ||
            !get_str(l, t, "effect", p, effect, sizeof effect, NULL) ||
            !get_str(l, t, "when", p, when, sizeof when, "") ||
            !get_int(l, t, "amount", p, 1, 5, 1, &amount)) {
            ok = false;
            break;
        }
        for (const char *c = tr->name; *c; c++)
            if (!(islower((unsigned char)*c) || *c == '-'))
                ok = fail(l, "%s.name: \"%s\": use lower-case letters and '-'", p, tr->name);
        int again = ok ? trait_find(d, tr->name) : -1;
        if (again >= 0 && (from_file < 0 || again < from_file))
            ok = fail(l, "%s.name: trait \"%s\" is defined %s", p, tr->name,
                      from_file < 0 ? "twice" : "in traits.json already; a faction may add "
                      "traits, not change them");
        else if (again >= 0)
            continue;   /* an earlier faction's own trait of that name */
        if (!ok)
            break;
        int fx = -1;
        bool effect_known = false;
        for (size_t k = 0; k < sizeof fxs / sizeof fxs[0]; k++) {
            if (strcmp(fxs[k].effect, effect) != 0)
                continue;
            effect_known = true;
            if ((fxs[k].when == NULL && !when[0]) || (fxs[k].when && !strcmp(fxs[k].when, when)))
                fx = fxs[k].fx;
        }
        if (!effect_known) {
            ok = fail(l, "%s.effect: unknown effect \"%s\" (extra-dice, fewer-hits, "
                      "no-charge-dice, shoot-from-rear, free-leave, order-discount, regenerate, "
                      "rally, hex)", p, effect);
            break;
        }
        if (fx < 0) {
            ok = fail(l, "%s.when: \"%s\" does not go with effect %s (extra-dice: engagement, "
                      "charge, charged or shooting; fewer-hits: shooting or engagement; the "
                      "others take no \"when\")", p, when, effect);
            break;
        }
        tr->effect = (uint8_t)fx;
        tr->amount = (uint8_t)amount;
        tr->special = fx == PKB_FX_RALLY || fx == PKB_FX_HEX;
        d->fx[fx] |= 1u << d->ntraits;
        d->ntraits++;
    }
    return ok;
}

static bool load_traits(ld *l)
{
    eng_error e;
    json_t *j = eng_rules_data_file(RULES_NAME, "traits.json", &e);
    if (!j)
        return fail(l, "traits.json: %s", e.msg);
    static const char *const top_keys[] = {"traits", "description", NULL};
    bool ok = eng_json_check_keys(j, "traits.json", top_keys, l->err) &&
              add_traits(l, json_object_get(j, "traits"), "traits.json", -1);
    l->d->ntraits_file = l->d->ntraits;
    note_file(l->d, RULES_NAME "/traits.json");
    json_decref(j);
    return ok;
}

/* ---- factions ---------------------------------------------------------------------- */

static bool load_dice(ld *l, const json_t *t, const char *key, const char *path, uint8_t *faces,
                      uint8_t *count)
{
    json_t *v = json_object_get(t, key);
    memset(faces, 0, 7);
    *count = 0;
    if (!v)
        return true;
    if (!json_is_array(v))
        return fail(l, "%s.%s: expected a list of die faces like [3, 4]", path, key);
    if (json_array_size(v) > PKB_MAX_DICE)
        return fail(l, "%s.%s: at most %d dice", path, key, PKB_MAX_DICE);
    size_t i;
    json_t *f;
    json_array_foreach(v, i, f) {
        if (!json_is_integer(f) || json_integer_value(f) < 1 || json_integer_value(f) > 6)
            return fail(l, "%s.%s[%zu]: a die face is a whole number from 1 to 6", path, key, i);
        faces[json_integer_value(f)]++;
        (*count)++;
    }
    return true;
}

static bool load_troop(ld *l, const json_t *t, const char *p, pkb_faction *fac)
{
    static const char *const keys[] = {"code", "name", "engagement", "shooting", "wounds",
                                       "points", "formation", "traits", NULL};
    if (!json_is_object(t))
        return fail(l, "%s: expected an object", p);
    if (fac->ntroops >= PKB_MAX_TROOPS)
        return fail(l, "%s: too many troops (a faction has at most %d)", p, PKB_MAX_TROOPS);
    pkb_troop_def *td = &fac->troop[fac->ntroops];
    memset(td, 0, sizeof *td);
    int wp, points, form;
    if (!eng_json_check_keys(t, p, keys, l->err) ||
        !get_str(l, t, "code", p, td->code, sizeof td->code, NULL) ||
        !get_str(l, t, "name", p, td->name, sizeof td->name, NULL) ||
        !load_dice(l, t, "engagement", p, td->eng, &td->neng) ||
        !load_dice(l, t, "shooting", p, td->shoot, &td->nshoot) ||
        !get_int(l, t, "wounds", p, 1, 9, -1, &wp) ||
        !get_int(l, t, "points", p, 1, 100, -1, &points) ||
        !get_int(l, t, "formation", p, 1, PKB_MAX_FORMATION, -1, &form))
        return false;
    if (wp < 0 || points < 0 || form < 0)
        return fail(l, "%s: a troop needs \"wounds\", \"points\" and \"formation\"", p);
    for (const char *c = td->code; *c; c++)
        if (!isalnum((unsigned char)*c))
            return fail(l, "%s.code: \"%s\": a tile code is letters and digits", p, td->code);
    for (int k = 0; k < fac->ntroops; k++)
        if (strcasecmp(fac->troop[k].code, td->code) == 0)
            return fail(l, "%s.code: \"%s\" is used twice", p, td->code);
    td->wp = (uint8_t)wp;
    td->points = (uint16_t)points;
    td->formation = (uint8_t)form;
    json_t *tr = json_object_get(t, "traits");
    if (tr && !json_is_array(tr))
        return fail(l, "%s.traits: expected a list of trait names", p);
    size_t i;
    json_t *x;
    json_array_foreach(tr, i, x) {
        const char *name = json_string_value(x);
        int k = name ? trait_find(l->d, name) : -1;
        if (k < 0) {
            char list[512] = "";
            for (int m = 0; m < l->d->ntraits; m++) {
                size_t len = strlen(list);
                snprintf(list + len, sizeof list - len, "%s%s", m ? ", " : "", l->d->trait[m].name);
            }
            return fail(l, "%s.traits[%zu]: unknown trait %s%s%s (traits.json has %s)", p, i,
                        name ? "\"" : "", name ? name : "?", name ? "\"" : "", list);
        }
        td->traits |= 1u << k;
    }
    fac->ntroops++;
    return true;
}

/* A faction from a name, a path, or an inline object. */
static bool load_faction(ld *l, const json_t *spec, const char *path, pkb_faction *fac)
{
    memset(fac, 0, sizeof *fac);
    json_t *j;
    char where[128];
    if (json_is_string(spec)) {
        const char *name = json_string_value(spec);
        if (!(j = data_file(l, "factions", "faction", name)))
            return false;
        eng_pathf(where, sizeof where, "faction \"%s\"", name);
        const char *base = strrchr(name, '/');
        copy(fac->key, sizeof fac->key, base ? base + 1 : name);
        char *dot = strstr(fac->key, ".json");
        if (dot)
            *dot = '\0';
    } else if (json_is_object(spec)) {
        j = json_incref((json_t *)spec);
        eng_pathf(where, sizeof where, "%s", path);
        copy(fac->key, sizeof fac->key, "custom");
    } else {
        return fail(l, "%s: expected a faction name (elves, orcs, romans, celts) or a faction "
                    "object", path);
    }
    static const char *const keys[] = {"name", "description", "troops", "traits", NULL};
    bool ok = eng_json_check_keys(j, where, keys, l->err) &&
              get_str(l, j, "name", where, fac->name, sizeof fac->name, NULL);
    /* a faction's own traits, before its troops name them */
    if (ok && json_object_get(j, "traits"))
        ok = add_traits(l, json_object_get(j, "traits"), where, l->d->ntraits_file);
    json_t *troops = json_object_get(j, "troops");
    if (ok && (!json_is_array(troops) || json_array_size(troops) == 0))
        ok = fail(l, "%s.troops: expected a non-empty list of troops", where);
    size_t i;
    json_t *t;
    json_array_foreach(troops, i, t) {
        if (!ok)
            break;
        char p[192];
        eng_pathf(p, sizeof p, "%s.troops[%zu]", where, i);
        ok = load_troop(l, t, p, fac);
    }
    json_decref(j);
    return ok;
}

static int troop_find(const pkb_faction *fac, const char *code)
{
    for (int k = 0; k < fac->ntroops; k++)
        if (strcasecmp(fac->troop[k].code, code) == 0)
            return k;
    return -1;
}

/* ---- armies ---------------------------------------------------------------------------- */

/* An army from a name, a path or an inline object, into pl (its faction
 * loaded as the army says). want_faction: a faction the player was given
 * explicitly, or NULL. */
static bool load_army(ld *l, const json_t *spec, const char *path, const char *want_faction,
                      pkb_player *pl)
{
    json_t *j;
    char where[160];
    if (json_is_string(spec)) {
        const char *name = json_string_value(spec);
        if (!(j = data_file(l, "armies", "army", name)))
            return false;
        eng_pathf(where, sizeof where, "%s \"%s\"", path, name);
        const char *base = strrchr(name, '/');
        copy(pl->army, sizeof pl->army, base ? base + 1 : name);
        char *dot = strstr(pl->army, ".json");
        if (dot)
            *dot = '\0';
    } else {
        j = json_incref((json_t *)spec);
        eng_pathf(where, sizeof where, "%s", path);
        copy(pl->army, sizeof pl->army, "custom");
    }
    static const char *const keys[] = {"name", "title", "description", "faction", "size",
                                       "units", NULL};
    bool ok = eng_json_check_keys(j, where, keys, l->err);
    json_t *fac = json_object_get(j, "faction");
    if (ok && !fac)
        ok = fail(l, "%s: missing \"faction\"", where);
    if (ok && want_faction && json_is_string(fac) &&
        strcasecmp(json_string_value(fac), want_faction) != 0)
        ok = fail(l, "%s is an army of the faction \"%s\", not \"%s\"", where,
                  json_string_value(fac), want_faction);
    char fp[192];
    eng_pathf(fp, sizeof fp, "%s.faction", where);
    if (ok)
        ok = load_faction(l, fac, fp, &pl->fac);
    int size;
    if (ok)
        ok = get_int(l, j, "size", where, 10, PKB_MAX_SIZE, 0, &size);
    const char *aname = json_string_value(json_object_get(j, "name"));
    if (ok && aname && json_is_object(spec))
        copy(pl->army, sizeof pl->army, aname);
    json_t *units = json_object_get(j, "units");
    if (ok && (!json_is_array(units) || json_array_size(units) == 0))
        ok = fail(l, "%s.units: expected a list of units, each a list of tile codes", where);
    if (ok && json_array_size(units) > PKB_MAX_UNITS)
        ok = fail(l, "%s.units: at most %d units", where, PKB_MAX_UNITS);
    uint32_t used = 0;
    int points = 0;
    size_t i, k;
    json_t *u, *c;
    json_array_foreach(units, i, u) {
        if (!ok)
            break;
        if (!json_is_array(u) || json_array_size(u) == 0) {
            ok = fail(l, "%s.units[%zu]: expected a non-empty list of tile codes", where, i);
            break;
        }
        int lowest = PKB_MAX_FORMATION;
        const char *lowest_code = "";
        json_array_foreach(u, k, c) {
            const char *code = json_string_value(c);
            int t = code ? troop_find(&pl->fac, code) : -1;
            if (t < 0) {
                ok = fail(l, "%s.units[%zu][%zu]: %s%s%s is not one of the %s' troops", where, i,
                          k, code ? "\"" : "", code ? code : "?", code ? "\"" : "", pl->fac.name);
                break;
            }
            if ((used >> t) & 1) {
                ok = fail(l, "%s.units[%zu][%zu]: %s is already in the army (each tile is used "
                          "once)", where, i, k, pl->fac.troop[t].code);
                break;
            }
            used |= 1u << t;
            points += pl->fac.troop[t].points;
            if (pl->fac.troop[t].formation < lowest) {
                lowest = pl->fac.troop[t].formation;
                lowest_code = pl->fac.troop[t].code;
            }
            if (k < PKB_MAX_FORMATION)
                pl->utroop[i][k] = (uint8_t)t;
        }
        if (ok && (int)json_array_size(u) > lowest)
            ok = fail(l, "%s.units[%zu]: %zu troops, but %s's formation value is %d", where, i,
                      json_array_size(u), lowest_code, lowest);
        pl->usize[i] = (uint8_t)json_array_size(u);
    }
    if (ok && size && points > size)
        ok = fail(l, "%s: its troops cost %d points, more than its size %d", where, points, size);
    if (ok && points > l->d->size)
        ok = fail(l, "%s: its troops cost %d points, more than the battle's size %d (option "
                  "size)", where, points, l->d->size);
    pl->nunits = (int)json_array_size(units);
    pl->ready = ok;
    json_decref(j);
    return ok;
}

/* ---- the scenario and options ------------------------------------------------------------ */

static const char *opt_str(ld *l, const json_t *options, const char *key, bool *bad)
{
    json_t *v = json_object_get(options, key);
    if (!v)
        return NULL;
    if (!json_is_string(v) || !json_string_value(v)[0]) {
        fail(l, "option %s: expected a name", key);
        *bad = true;
        return NULL;
    }
    return json_string_value(v);
}

static bool load_player(ld *l, const json_t *sp, int p, const json_t *options)
{
    pkb_data *d = l->d;
    pkb_player *pl = &d->pl[p];
    char path[64], key[16];
    eng_pathf(path, sizeof path, "players[%d]", p);
    static const char *const keys[] = {"name", "colour", "faction", "army", "deploy", NULL};
    if (sp && !json_is_object(sp))
        return fail(l, "%s: expected an object", path);
    if (sp && !eng_json_check_keys(sp, path, keys, l->err))
        return false;
    bool bad = false;
    eng_pathf(key, sizeof key, "army%d", p + 1);
    const char *opt_army = opt_str(l, options, key, &bad);
    eng_pathf(key, sizeof key, "faction%d", p + 1);
    const char *opt_fac = opt_str(l, options, key, &bad);
    if (bad)
        return false;
    json_t *sc_army = sp ? json_object_get(sp, "army") : NULL;
    json_t *sc_fac = sp ? json_object_get(sp, "faction") : NULL;
    /* option armyN: that army (or "build"); option factionN alone: build an
     * army of that faction; otherwise the scenario's army, or build */
    bool own_army = !opt_army && !opt_fac;
    char apath[64];
    const json_t *army = NULL;
    json_t *tmp = NULL;
    if (opt_army) {
        army = tmp = json_string(opt_army);
        eng_pathf(apath, sizeof apath, "army%d", p + 1);
    } else if (own_army && sc_army) {
        army = sc_army;
        eng_pathf(apath, sizeof apath, "%s.army", path);
    }
    bool build = !army || (json_is_string(army) && !strcmp(json_string_value(army), "build"));
    bool ok;
    if (!build) {
        ok = load_army(l, army, apath, opt_fac, pl);
    } else {
        char fpath[64];
        const json_t *fac = NULL;
        json_t *ftmp = NULL;
        if (opt_fac) {
            fac = ftmp = json_string(opt_fac);
            eng_pathf(fpath, sizeof fpath, "faction%d", p + 1);
        } else if (sc_fac) {
            fac = sc_fac;
            eng_pathf(fpath, sizeof fpath, "%s.faction", path);
        }
        ok = fac ? load_faction(l, fac, fpath, &pl->fac)
                 : fail(l, "%s: to build an army in play a player needs a faction (option "
                        "faction%d: elves, orcs, romans or celts)", path, p + 1);
        json_decref(ftmp);
    }
    json_decref(tmp);
    if (!ok)
        return false;

    /* the scenario's name, colour and deployment go with its own army */
    json_t *name = sp ? json_object_get(sp, "name") : NULL;
    if (name && own_army) {
        if (!get_str(l, sp, "name", path, pl->name, sizeof pl->name, NULL))
            return false;
    } else {
        copy(pl->name, sizeof pl->name, pl->fac.name);
    }
    const char *dflt_colour = p == 0 ? "green" : "red";
    if (sp) {
        if (!get_str(l, sp, "colour", path, pl->colour, sizeof pl->colour, dflt_colour))
            return false;
    } else {
        copy(pl->colour, sizeof pl->colour, dflt_colour);
    }
    if (svg_colour_term(pl->colour) < 0)
        return fail(l, "%s.colour: unknown colour \"%s\"", path, pl->colour);
    json_t *dep = sp ? json_object_get(sp, "deploy") : NULL;
    if (dep && own_army) {
        if (build)
            return fail(l, "%s.deploy: a deployment needs a ready-made army", path);
        if (!json_is_array(dep) || (int)json_array_size(dep) != pl->nunits)
            return fail(l, "%s.deploy: expected a list of %d zones, one per unit in order", path,
                        pl->nunits);
        size_t i;
        json_t *z;
        json_array_foreach(dep, i, z) {
            const char *zs = json_string_value(z);
            char why[128];
            int zone = zs ? pkb_zone_parse(p, zs, why, sizeof why) : -1;
            if (zone < 0)
                return fail(l, "%s.deploy[%zu]: %s", path, i, zs ? why : "expected a zone like L-front");
            if (pkb_zone_kind(p, zone) == PKB_ENG)
                return fail(l, "%s.deploy[%zu]: units deploy in a front or a rear, not in an "
                            "engagement zone", path, i);
            pl->uzone[i] = (uint8_t)zone;
        }
        pl->placed = true;
    }
    return true;
}

void *pkb_load(const json_t *scenario, const json_t *options, eng_error *err)
{
    pkb_data *d = calloc(1, sizeof *d);
    if (!d)
        abort();
    ld l = {d, err};
    static const char *const keys[] = {"rules", "name", "title", "description", "size",
                                       "attacker", "players", "options", NULL};
    bool ok = eng_json_check_keys(scenario, "scenario", keys, l.err) && load_traits(&l);
    if (ok) {
        copy(d->scenario, sizeof d->scenario, json_string_value(json_object_get(scenario, "name")));
        copy(d->title, sizeof d->title, json_string_value(json_object_get(scenario, "title")));
        copy(d->description, sizeof d->description,
             json_string_value(json_object_get(scenario, "description")));
        int size;
        ok = get_int(&l, scenario, "size", "scenario", 10, PKB_MAX_SIZE, 50, &size);
        json_t *o = json_object_get(options, "size");
        if (ok && o)
            ok = as_int(&l, o, "option size", 10, PKB_MAX_SIZE, &size);
        if (ok && size % 10)
            ok = fail(&l, "%s: %d is not a multiple of 10 (the army size gives one token per "
                      "10 points)", o ? "option size" : "scenario.size", size);
        d->size = size;
        d->tokens = size / 10;
    }
    int att = 0;
    if (ok)
        ok = get_int(&l, scenario, "attacker", "scenario", 1, 2, 0, &att);
    d->attacker = att - 1;
    json_t *o;
    if (ok && (o = json_object_get(options, "special-actions"))) {
        const char *v = json_string_value(o);
        if (v && !strcmp(v, "after-first-turn"))
            d->special_round = false;
        else if (v && !strcmp(v, "after-first-round"))
            d->special_round = true;
        else
            ok = fail(&l, "option special-actions: expected after-first-turn or "
                      "after-first-round");
    }
    /* readings as options: who strikes back, when a player may concede */
    if (ok && (o = json_object_get(options, "strike-back"))) {
        const char *v = json_string_value(o);
        if (v && (!strcmp(v, "choice") || !strcmp(v, "always")))
            d->strike_back_always = !strcmp(v, "always");
        else
            ok = fail(&l, "option strike-back: expected choice or always");
    }
    if (ok && (o = json_object_get(options, "concede"))) {
        const char *v = json_string_value(o);
        if (v && (!strcmp(v, "any-turn") || !strcmp(v, "round-start")))
            d->concede_round_start = !strcmp(v, "round-start");
        else
            ok = fail(&l, "option concede: expected any-turn or round-start");
    }
    if (ok && (o = json_object_get(options, "reaction-shoot"))) {
        const char *v = json_string_value(o);
        if (v && (!strcmp(v, "front") || !strcmp(v, "sector")))
            d->react_shoot_sector = !strcmp(v, "sector");
        else
            ok = fail(&l, "option reaction-shoot: expected front or sector");
    }
    d->max_rounds = 0;   /* the rulebook has no round limit */
    if (ok && (o = json_object_get(options, "rounds")))
        ok = as_int(&l, o, "option rounds", 0, 99, &d->max_rounds);
    json_t *players = json_object_get(scenario, "players");
    if (ok && players && (!json_is_array(players) || json_array_size(players) != 2))
        ok = fail(&l, "scenario.players: expected a list of two players");
    for (int p = 0; ok && p < PKB_SIDES; p++)
        ok = load_player(&l, json_array_get(players, (size_t)p), p, options);
    if (ok && !strcmp(d->pl[0].name, d->pl[1].name)) {
        /* a mirror match: tell the two sides apart */
        char a[PKB_NAME];
        for (int p = 0; p < PKB_SIDES; p++) {
            int keep = (int)eng_utf8_cut(d->pl[p].name, PKB_NAME - 4);
            eng_pathf(a, sizeof a, "%.*s %d", keep, d->pl[p].name, p + 1);
            copy(d->pl[p].name, sizeof d->pl[p].name, a);
        }
    }
    if (!ok) {
        free(d);
        return NULL;
    }
    pkb_adjacent_table(d);
    pkb_troop_tables(d);
    return d;
}

void pkb_unload(void *data) { free(data); }
