/*
 * pwg_load_forces.c - Pocket Wargame's armies and scenario rules from data:
 * unit types and specials, coin sets (coins.json), forces with their units,
 * deployment areas and pre-placed coins, end-phase rules, victory.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "pwg_load_forces.h"
#include "pwg_load_ground.h"
#include "scenario.h"
#include "svg.h"

/* ---- unit types, coins ------------------------------------------------------------ */

static const struct { const char *code, *name; uint8_t cls, heavy; } std_types[PWG_STD_TYPES] = {
    {"LI", "light infantry", PWG_INFANTRY, 0}, {"HI", "heavy infantry", PWG_INFANTRY, 1},
    {"LC", "light cavalry", PWG_CAVALRY, 0},   {"HC", "heavy cavalry", PWG_CAVALRY, 1},
    {"LM", "light missile", PWG_MISSILE, 0},   {"HM", "heavy missile", PWG_MISSILE, 1},
};

static int type_find(const pwg_data *d, const char *code)
{
    for (int i = 0; i < d->ntypes; i++)
        if (pwg_load_streq_ci(d->type[i].code, code))
            return i;
    return -1;
}

bool pwg_load_specials(pwg_loader *l, const json_t *sp)
{
    pwg_data *d = l->d;
    d->ntypes = PWG_STD_TYPES;
    for (int i = 0; i < PWG_STD_TYPES; i++) {
        pwg_type *t = &d->type[i];
        memset(t, 0, sizeof *t);
        pwg_load_copy(t->code, sizeof t->code, std_types[i].code);
        pwg_load_copy(t->name, sizeof t->name, std_types[i].name);
        t->cls = std_types[i].cls;
        t->heavy = std_types[i].heavy;
    }
    if (!sp)
        return true;
    if (!json_is_object(sp))
        return pwg_load_fail(l,
                             "specials: expected an object like {\"GEN\": {\"name\": \"General\", "
                             "\"class\": \"infantry\", \"weight\": \"heavy\"}}");
    static const char *const keys[] = {"name", "class", "weight", "description", NULL};
    const char *code;
    json_t *v;
    json_object_foreach((json_t *)sp, code, v) {
        char p[64];
        eng_pathf(p, sizeof p, "specials.%s", code);
        size_t len = strlen(code);
        bool letters = len >= 1 && len <= 4;
        for (size_t i = 0; i < len; i++)
            letters &= isupper((unsigned char)code[i]) != 0;
        if (!letters)
            return pwg_load_fail(l, "%s: a special's code must be 1 to 4 capital letters", p);
        if (type_find(d, code) >= 0)
            return pwg_load_fail(l, "%s: \"%s\" is already a unit type", p, code);
        if (d->ntypes >= PWG_MAX_TYPES)
            return pwg_load_fail(l, "%s: too many special types (at most %d)", p, PWG_MAX_SPECIALS);
        if (!json_is_object(v))
            return pwg_load_fail(l, "%s: expected an object", p);
        if (!eng_json_check_keys(v, p, keys, l->err))
            return false;
        const char *name = json_string_value(json_object_get(v, "name"));
        const char *cls = json_string_value(json_object_get(v, "class"));
        const char *wt = json_string_value(json_object_get(v, "weight"));
        pwg_type *t = &d->type[d->ntypes];
        memset(t, 0, sizeof *t);
        pwg_load_copy(t->code, sizeof t->code, code);
        char np[80];
        eng_pathf(np, sizeof np, "%s.name", p);
        if (!pwg_load_copy_fit(l, t->name, sizeof t->name, name ? name : code, np))
            return false;
        if (cls && strcmp(cls, "infantry") == 0)
            t->cls = PWG_INFANTRY;
        else if (cls && strcmp(cls, "cavalry") == 0)
            t->cls = PWG_CAVALRY;
        else if (cls && strcmp(cls, "missile") == 0)
            t->cls = PWG_MISSILE;
        else
            return pwg_load_fail(l, "%s.class: expected infantry, cavalry or missile", p);
        if (wt && strcmp(wt, "light") == 0)
            t->heavy = 0;
        else if (wt && strcmp(wt, "heavy") == 0)
            t->heavy = 1;
        else
            return pwg_load_fail(l, "%s.weight: expected light or heavy", p);
        t->special = (uint8_t)(d->ntypes - PWG_STD_TYPES + 1);
        d->ntypes++;
    }
    return true;
}

/* A coin's name (and plain-ASCII name) from "1p" or {"name", "ascii"}. */
static bool coin_text(pwg_loader *l, const json_t *v, char *name, char *ascii, size_t n,
                      const char *path)
{
    const char *nm = json_is_string(v) ? json_string_value(v)
                                       : json_string_value(json_object_get(v, "name"));
    const char *as = json_is_string(v) ? NULL : json_string_value(json_object_get(v, "ascii"));
    if (!nm)
        return pwg_load_fail(l, "%s is missing or not a coin", path);
    return pwg_load_copy_fit(l, name, n, nm, path) &&
           pwg_load_copy_fit(l, ascii, n, as ? as : nm, path);
}

bool pwg_load_coins(pwg_loader *l)
{
    pwg_data *d = l->d;
    const char *key;
    json_t *v;
    d->ncoinsets = 0;
    json_object_foreach(l->coins, key, v) {
        if (key[0] == '_')
            continue;
        if (d->ncoinsets >= 4)
            return pwg_load_fail(l, "coins.json: more than 4 coin sets");
        pwg_coinset *cs = &d->coinset[d->ncoinsets];
        memset(cs, 0, sizeof *cs);
        char p[96];
        eng_pathf(p, sizeof p, "coins.json: %s", key);
        if (!pwg_load_copy_fit(l, cs->key, sizeof cs->key, key, p))
            return false;
        eng_pathf(p, sizeof p, "coins.json: %s.title", key);
        if (!pwg_load_copy_fit(l, cs->title, sizeof cs->title,
                               json_string_value(json_object_get(v, "title")), p))
            return false;
        json_t *units = json_object_get(v, "units");
        for (int t = 0; t < PWG_STD_TYPES; t++) {
            eng_pathf(p, sizeof p, "coins.json: %s.units.%s", key, std_types[t].code);
            if (!coin_text(l, json_object_get(units, std_types[t].code), cs->coin[t],
                           cs->coin_ascii[t], PWG_NAME, p))
                return false;
        }
        json_t *sp = json_object_get(v, "special");
        if (!json_is_array(sp) || json_array_size(sp) == 0 ||
            json_array_size(sp) > PWG_MAX_SPECIALS)
            return pwg_load_fail(l, "coins.json: %s.special must list 1..%d coins", key,
                                 PWG_MAX_SPECIALS);
        size_t i;
        json_t *c;
        json_array_foreach(sp, i, c) {
            eng_pathf(p, sizeof p, "coins.json: %s.special[%zu]", key, i);
            if (!coin_text(l, c, cs->special[i], cs->special_ascii[i], PWG_NAME, p))
                return false;
        }
        cs->nspecial = (int)json_array_size(sp);
        d->ncoinsets++;
    }
    return true;
}

static int coinset_find(const pwg_data *d, const char *key)
{
    for (int i = 0; i < d->ncoinsets; i++)
        if (pwg_load_streq_ci(d->coinset[i].key, key))
            return i;
    return -1;
}

/* ---- forces and their units ------------------------------------------------------ */

static bool add_unit(pwg_loader *l, const char *path, int force, int type, int loc, int cond)
{
    pwg_data *d = l->d;
    if (d->nunits >= PWG_UNIT_LIMIT)
        return pwg_load_fail(l, "%s: too many units in the scenario (at most %d)", path,
                             PWG_UNIT_LIMIT);
    int num = 1;
    for (int u = 0; u < d->nunits; u++)
        if (d->unit[u].force == force && d->unit[u].type == type)
            num++;
    pwg_unit_def *ud = &d->unit[d->nunits++];
    ud->force = (uint8_t)force;
    ud->type = (uint8_t)type;
    ud->num = (uint8_t)num;
    ud->loc = (uint8_t)loc;
    ud->cond = (uint8_t)cond;
    return true;
}

/* A units list: {"LI": 2, ...} (standard types in a fixed order, then the
 * rest as written) or ["LI", "LI", ...]. */
static bool load_unit_list(pwg_loader *l, const json_t *v, const char *path, int force, int cond)
{
    pwg_data *d = l->d;
    if (json_is_array(v)) {
        size_t i;
        json_t *e;
        json_array_foreach(v, i, e) {
            char p[96];
            eng_pathf(p, sizeof p, "%s[%zu]", path, i);
            const char *code = json_string_value(e);
            if (!code)
                return pwg_load_fail(l, "%s: expected a unit type like \"HI\"", p);
            int t = type_find(d, code);
            if (t < 0)
                return pwg_load_fail(l, "%s: unknown unit type \"%s\"", p, code);
            if (!add_unit(l, p, force, t, PWG_NONE, cond))
                return false;
        }
        return true;
    }
    if (!json_is_object(v))
        return pwg_load_fail(l, "%s: expected {\"LI\": 2, ...} or a list of unit types", path);
    const char *code;
    json_t *n;
    json_object_foreach((json_t *)v, code, n) {
        if (type_find(d, code) < 0)
            return pwg_load_fail(l, "%s: unknown unit type \"%s\"", path, code);
        /* keys differ as bytes, but may name one type in another case */
        const char *other;
        json_t *m;
        json_object_foreach((json_t *)v, other, m) {
            if (other == code)
                break;
            if (pwg_load_streq_ci(other, code))
                return pwg_load_fail(l,
                                     "%s: \"%s\" and \"%s\" name the same unit type; give its "
                                     "count once",
                                     path, other, code);
        }
        if (!json_is_integer(n) || json_integer_value(n) < 0 ||
            json_integer_value(n) > PWG_MAX_UNITS)
            return pwg_load_fail(l, "%s.%s: expected a count of units", path, code);
    }
    for (int t = 0; t < d->ntypes; t++) {
        json_t *cnt = NULL;
        json_object_foreach((json_t *)v, code, n) if (pwg_load_streq_ci(code, d->type[t].code))
            cnt = n;
        for (json_int_t k = 0; cnt && k < json_integer_value(cnt); k++) {
            char p[96];
            eng_pathf(p, sizeof p, "%s.%s", path, d->type[t].code);
            if (!add_unit(l, p, force, t, PWG_NONE, cond))
                return false;
        }
    }
    return true;
}

static int edge_parse(const char *s)
{
    static const char *const names[] = {"south", "north", "west", "east"};
    for (int i = 0; s && i < 4; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

/* Is loc within `depth` cards of that edge (a deployment strip)? */
static bool in_edge_strip(const pwg_data *d, int loc, int edge, int depth)
{
    int x = d->x[loc], y = d->y[loc];
    switch (edge) {
    case PWG_EDGE_SOUTH: return y < depth;
    case PWG_EDGE_NORTH: return y >= d->h - depth;
    case PWG_EDGE_WEST: return x < depth;
    default: return x >= d->w - depth;
    }
}

static bool load_deploy(pwg_loader *l, const json_t *fv, const char *path, int f)
{
    pwg_data *d = l->d;
    pwg_force *fo = &d->force[f];
    json_t *dep = json_object_get(fv, "deploy");
    char p[96];
    eng_pathf(p, sizeof p, "%s.deploy", path);
    memset(fo->area, 0, sizeof fo->area);
    if (!dep || json_is_string(dep)) {
        static const int dflt[PWG_MAX_FORCES] = {PWG_EDGE_SOUTH, PWG_EDGE_NORTH, PWG_EDGE_WEST,
                                                 PWG_EDGE_EAST};
        int edge = dep ? edge_parse(json_string_value(dep)) : dflt[f];
        if (edge < 0)
            return pwg_load_fail(l, "%s: expected south, north, west, east or a list of locations",
                                 p);
        int maxd = (edge == PWG_EDGE_SOUTH || edge == PWG_EDGE_NORTH) ? d->h : d->w;
        l->deploy_edge[f] = edge;
        return pwg_load_int(l, fv, "depth", path, 1, maxd, 1, &l->deploy_depth[f]);
    }
    if (!json_is_array(dep))
        return pwg_load_fail(l, "%s: expected south, north, west, east or a list of locations", p);
    if (json_object_get(fv, "depth"))
        return pwg_load_fail(l, "%s.depth: only goes with an edge (south, north, west, east)",
                             path);
    uint8_t locs[PWG_MAX_LOCS];
    int n;
    if (!pwg_load_locs(l, dep, p, locs, &n))
        return false;
    for (int i = 0; i < n; i++)
        fo->area[locs[i]] = PWG_AREA_DEPLOY;
    l->deploy_edge[f] = -1;
    return true;
}

static bool load_placed(pwg_loader *l, const json_t *arr, const char *path, int f)
{
    pwg_data *d = l->d;
    if (!arr)
        return true;
    if (!json_is_array(arr))
        return pwg_load_fail(l, "%s: expected a list like [{\"unit\": \"HI\", \"at\": \"c3\"}]",
                             path);
    if (d->deal && json_array_size(arr) > 0)
        return pwg_load_fail(
            l,
            "%s: placed units need a fixed battlefield (\"cards\" or \"terrain\"), "
            "not a dealt one",
            path);
    static const char *const keys[] = {"unit", "at", "condition", NULL};
    size_t i;
    json_t *pv;
    json_array_foreach(arr, i, pv) {
        char p[96];
        eng_pathf(p, sizeof p, "%s[%zu]", path, i);
        if (!json_is_object(pv))
            return pwg_load_fail(l, "%s: expected {\"unit\": \"HI\", \"at\": \"c3\"}", p);
        if (!eng_json_check_keys(pv, p, keys, l->err))
            return false;
        const char *code = json_string_value(json_object_get(pv, "unit"));
        int t = code ? type_find(d, code) : -1;
        if (t < 0)
            return pwg_load_fail(l, "%s.unit: unknown unit type %s%s%s", p, code ? "\"" : "",
                                 code ? code : "(missing)", code ? "\"" : "");
        char lp[112];
        eng_pathf(lp, sizeof lp, "%s.at", p);
        int loc = pwg_load_loc(l, json_object_get(pv, "at"), lp);
        if (loc < 0)
            return false;
        if (pwg_load_fixed_lake(d, loc))
            return pwg_load_fail(l, "%s: no unit may be on a lake", lp);
        const char *cs = json_string_value(json_object_get(pv, "condition"));
        int cond = PWG_STEADY;
        if (cs && strcmp(cs, "wavering") == 0)
            cond = PWG_WAVERING;
        else if (cs && strcmp(cs, "steady") != 0)
            return pwg_load_fail(l, "%s.condition: expected steady or wavering", p);
        else if (!cs && json_object_get(pv, "condition"))
            return pwg_load_fail(l, "%s.condition: expected steady or wavering", p);
        if (!add_unit(l, p, f, t, loc, cond))
            return false;
    }
    return true;
}

/* A force's name must be reachable in notation ("Blue/HI1", "ally Blue"):
 * one word of letters, digits, '-' and '_', not all digits (that would be
 * read as a force number), short enough to type. */
static bool force_name_ok(pwg_loader *l, const char *name, const char *path)
{
    if (!name || !name[0])
        return pwg_load_fail(l, "%s.name: expected a name like \"Red\"", path);
    size_t len = strlen(name), digits = 0;
    if (len > PWG_FORCE_NAME)
        return pwg_load_fail(l, "%s.name: \"%.*s\" is too long (at most %d characters)", path,
                             (int)eng_utf8_cut(name, 40), name, PWG_FORCE_NAME);
    for (const char *p = name; *p; p++) {
        if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_')
            return pwg_load_fail(l,
                                 "%s.name: \"%s\" must be one word of letters, digits, '-' and '_' "
                                 "(notation writes a unit as Name/HI1)",
                                 path, name);
        digits += isdigit((unsigned char)*p) != 0;
    }
    if (digits == len)
        return pwg_load_fail(l,
                             "%s.name: \"%s\" is all digits, which notation reads as a force "
                             "number",
                             path, name);
    return true;
}

bool pwg_load_forces(pwg_loader *l, const json_t *forces, const char *coins_opt)
{
    pwg_data *d = l->d;
    static const char *const names[] = {"Red", "Blue", "Green", "Yellow"};
    static const char *const colours[] = {"red", "blue", "green", "yellow"};
    static const char *const keys[] = {"name", "colour", "coins", "units", "deploy", "depth",
                                       "placed", "description", NULL};
    if (!json_is_array(forces))
        return pwg_load_fail(l, "forces: missing or not a list (give 2 to 4 forces)");
    size_t n = json_array_size(forces);
    if (n < 2 || n > PWG_MAX_FORCES)
        return pwg_load_fail(l, "forces: %zu forces given; a battle needs 2 to %d", n,
                             PWG_MAX_FORCES);
    d->nforces = (int)n;
    int dflt_coins = coinset_find(d, coins_opt);
    if (dflt_coins < 0)
        return pwg_load_fail(l, "option coins: unknown coin set \"%s\" (uk, eu, us)", coins_opt);
    for (int f = 0; f < d->nforces; f++) {
        json_t *fv = json_array_get(forces, (size_t)f);
        char p[64];
        eng_pathf(p, sizeof p, "forces[%d]", f);
        if (!json_is_object(fv))
            return pwg_load_fail(l, "%s: expected an object", p);
        if (!eng_json_check_keys(fv, p, keys, l->err))
            return false;
        pwg_force *fo = &d->force[f];
        const char *name = json_string_value(json_object_get(fv, "name"));
        const char *col = json_string_value(json_object_get(fv, "colour"));
        const char *coins = json_string_value(json_object_get(fv, "coins"));
        if (json_object_get(fv, "name") && !force_name_ok(l, name, p))
            return false;
        pwg_load_copy(fo->name, sizeof fo->name, name ? name : names[f]);
        for (int g = 0; g < f; g++)
            if (pwg_load_streq_ci(d->force[g].name, fo->name))
                return pwg_load_fail(l, "%s.name: \"%s\" is also the name of force %d", p, fo->name,
                                     g + 1);
        if (col && svg_colour_term(col) < 0)
            return pwg_load_fail(l, "%s.colour: unknown colour \"%s\"", p, col);
        if (json_object_get(fv, "colour") && !col)
            return pwg_load_fail(l, "%s.colour: expected a colour name", p);
        pwg_load_copy(fo->colour, sizeof fo->colour, col ? col : colours[f]);
        fo->coins = dflt_coins;
        if (coins) {
            fo->coins = coinset_find(d, coins);
            if (fo->coins < 0)
                return pwg_load_fail(l, "%s.coins: unknown coin set \"%s\" (uk, eu, us)", p, coins);
        } else if (json_object_get(fv, "coins")) {
            return pwg_load_fail(l, "%s.coins: expected uk, eu or us", p);
        }
        if (!load_deploy(l, fv, p, f))
            return false;
        fo->first_unit = d->nunits;
        char pp[80];
        eng_pathf(pp, sizeof pp, "%s.placed", p);
        if (!load_placed(l, json_object_get(fv, "placed"), pp, f))
            return false;
        json_t *units = json_object_get(fv, "units");
        eng_pathf(pp, sizeof pp, "%s.units", p);
        if (units && !load_unit_list(l, units, pp, f, PWG_UNPLACED))
            return false;
        fo->nunits = d->nunits - fo->first_unit;
    }
    return true;
}

/* ---- end-phase rules, victory ----------------------------------------------------- */

bool pwg_load_force_no(pwg_loader *l, const json_t *v, const char *path, int *out)
{
    if (!json_is_integer(v) || json_integer_value(v) < 1 ||
        json_integer_value(v) > l->d->nforces)
        return pwg_load_fail(l, "%s: expected a force number 1..%d", path, l->d->nforces);
    *out = (int)json_integer_value(v) - 1;
    return true;
}

/* Units of reinforcements are added after all forces' own units, then moved
 * into their force's block, so unit order stays force by force. */
bool pwg_load_rules(pwg_loader *l, const json_t *arr)
{
    pwg_data *d = l->d;
    if (!arr)
        return true;
    if (!json_is_array(arr))
        return pwg_load_fail(l, "end_phase: expected a list of rules");
    if (json_array_size(arr) > PWG_MAX_RULES)
        return pwg_load_fail(l, "end_phase: at most %d rules", PWG_MAX_RULES);
    size_t i;
    json_t *rv;
    json_array_foreach(arr, i, rv) {
        char p[64];
        eng_pathf(p, sizeof p, "end_phase[%zu]", i);
        if (!json_is_object(rv))
            return pwg_load_fail(l, "%s: expected an object with a \"rule\"", p);
        const char *kind = json_string_value(json_object_get(rv, "rule"));
        pwg_end_rule *r = &d->rule[d->nrules];
        memset(r, 0, sizeof *r);
        char fp[96];
        if (kind && strcmp(kind, "score") == 0) {
            static const char *const keys[] = {"rule", "at", "points", "description", NULL};
            if (!eng_json_check_keys(rv, p, keys, l->err))
                return false;
            r->kind = PWG_R_SCORE;
            eng_pathf(fp, sizeof fp, "%s.at", p);
            if (!pwg_load_locs(l, json_object_get(rv, "at"), fp, r->locs, &r->nlocs) ||
                !pwg_load_int(l, rv, "points", p, 1, 100, 1, &r->points))
                return false;
            d->scores_points = true;
        } else if (kind && strcmp(kind, "rally") == 0) {
            static const char *const keys[] = {"rule", "forces", "area", "description", NULL};
            if (!eng_json_check_keys(rv, p, keys, l->err))
                return false;
            r->kind = PWG_R_RALLY;
            json_t *fs = json_object_get(rv, "forces");
            if (!fs) {
                r->forces = (1 << d->nforces) - 1;
            } else if (!json_is_array(fs) || json_array_size(fs) == 0) {
                return pwg_load_fail(l, "%s.forces: expected a list of force numbers like [1]", p);
            } else {
                size_t k;
                json_t *fv;
                json_array_foreach(fs, k, fv) {
                    int f;
                    eng_pathf(fp, sizeof fp, "%s.forces[%zu]", p, k);
                    if (!pwg_load_force_no(l, fv, fp, &f))
                        return false;
                    r->forces |= 1 << f;
                }
            }
            json_t *area = json_object_get(rv, "area");
            eng_pathf(fp, sizeof fp, "%s.area", p);
            if (!area ||
                (json_is_string(area) && strcmp(json_string_value(area), "deployment") == 0))
                r->deploy_area = true;
            else if (json_is_array(area)) {
                if (!pwg_load_locs(l, area, fp, r->locs, &r->nlocs))
                    return false;
            } else
                return pwg_load_fail(l, "%s: expected \"deployment\" or a list of locations", fp);
        } else if (kind && strcmp(kind, "reinforce") == 0) {
            static const char *const keys[] = {"rule", "turn", "force", "units", "at",
                                               "description", NULL};
            if (!eng_json_check_keys(rv, p, keys, l->err))
                return false;
            r->kind = PWG_R_REINFORCE;
            eng_pathf(fp, sizeof fp, "%s.force", p);
            if (!pwg_load_int(l, rv, "turn", p, 1, 99, 1, &r->turn) ||
                !pwg_load_force_no(l, json_object_get(rv, "force"), fp, &r->force))
                return false;
            eng_pathf(fp, sizeof fp, "%s.at", p);
            if (!pwg_load_locs(l, json_object_get(rv, "at"), fp, r->locs, &r->nlocs))
                return false;
            for (int k = 0; k < r->nlocs; k++)
                if (pwg_load_fixed_lake(d, r->locs[k]))
                    return pwg_load_fail(l, "%s[%d]: no unit may be on a lake", fp, k);
            json_t *units = json_object_get(rv, "units");
            eng_pathf(fp, sizeof fp, "%s.units", p);
            if (!units)
                return pwg_load_fail(l, "%s: missing (e.g. {\"HC\": 2})", fp);
            r->first_unit = d->nunits;
            if (!load_unit_list(l, units, fp, r->force, PWG_RESERVE))
                return false;
            r->nunits = d->nunits - r->first_unit;
            if (r->nunits == 0)
                return pwg_load_fail(l, "%s: no units", fp);
        } else if (kind && strcmp(kind, "exit") == 0) {
            static const char *const keys[] = {"rule", "force", "edge", "points",
                                               "description", NULL};
            if (!eng_json_check_keys(rv, p, keys, l->err))
                return false;
            r->kind = PWG_R_EXIT;
            eng_pathf(fp, sizeof fp, "%s.force", p);
            if (!pwg_load_force_no(l, json_object_get(rv, "force"), fp, &r->force) ||
                !pwg_load_int(l, rv, "points", p, 0, 100, 1, &r->points))
                return false;
            r->edge = edge_parse(json_string_value(json_object_get(rv, "edge")));
            if (r->edge < 0)
                return pwg_load_fail(l, "%s.edge: expected south, north, west or east", p);
            d->scores_points = true;
        } else {
            return pwg_load_fail(l, "%s.rule: expected score, rally, reinforce or exit", p);
        }
        d->nrules++;
    }
    return true;
}

/* Reinforcements were appended after every force's units: move each into
 * its force's block, keeping unit order force by force. */
void pwg_load_order_units(pwg_data *d)
{
    pwg_unit_def sorted[PWG_MAX_UNITS];
    int where[PWG_MAX_UNITS];
    int n = 0;
    for (int f = 0; f < d->nforces; f++) {
        int first = n;
        for (int u = 0; u < d->nunits; u++)
            if (d->unit[u].force == f) {
                where[u] = n;
                sorted[n++] = d->unit[u];
            }
        d->force[f].first_unit = first;
        d->force[f].nunits = n - first;
    }
    for (int r = 0; r < d->nrules; r++)
        if (d->rule[r].kind == PWG_R_REINFORCE)
            d->rule[r].first_unit = where[d->rule[r].first_unit];
    memcpy(d->unit, sorted, sizeof(pwg_unit_def) * (size_t)d->nunits);
    /* renumber labels in the new order */
    for (int u = 0; u < d->nunits; u++) {
        int num = 1;
        for (int v = 0; v < u; v++)
            if (d->unit[v].force == d->unit[u].force && d->unit[v].type == d->unit[u].type)
                num++;
        d->unit[u].num = (uint8_t)num;
    }
}

/* Does force f use its deployment area: coins to deploy, or a rally there? */
static bool uses_area(const pwg_data *d, int f)
{
    const pwg_force *fo = &d->force[f];
    for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
        if (d->unit[u].cond == PWG_UNPLACED)
            return true;
    for (int r = 0; r < d->nrules; r++)
        if (d->rule[r].kind == PWG_R_RALLY && d->rule[r].deploy_area &&
            ((d->rule[r].forces >> f) & 1))
            return true;
    return false;
}

static bool has_unplaced(const pwg_data *d, int f, int type)
{
    const pwg_force *fo = &d->force[f];
    for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
        if (d->unit[u].cond == PWG_UNPLACED && (type < 0 || d->unit[u].type == type))
            return true;
    return false;
}

/* Draws the deployment areas once every force's "deploy" is known, and
 * refuses areas that cannot work. An edge is a strip `depth` cards deep; a
 * west or east strip leaves out the rows of the south and north strips of
 * other forces, so the corners go to those (by default forces 3 and 4 take
 * rows 2 to h-1). Areas in use (coins to deploy, or a rally there) may not
 * share a location. Then the light cavalry's card beyond, the lists the
 * legal-action generator walks, and (fixed battlefields) a place for every
 * type still to deploy. */
bool pwg_load_build_areas(pwg_loader *l)
{
    pwg_data *d = l->d;
    int south = 0, north = 0;
    for (int f = 0; f < d->nforces; f++) {
        pwg_force *fo = &d->force[f];
        int edge = l->deploy_edge[f], depth = l->deploy_depth[f];
        if (edge < 0)
            continue;
        /* the rows other forces' south and north strips take */
        south = north = 0;
        for (int g = 0; g < d->nforces; g++) {
            if (g == f || l->deploy_edge[g] < 0)
                continue;
            if (l->deploy_edge[g] == PWG_EDGE_SOUTH && l->deploy_depth[g] > south)
                south = l->deploy_depth[g];
            if (l->deploy_edge[g] == PWG_EDGE_NORTH && l->deploy_depth[g] > north)
                north = l->deploy_depth[g];
        }
        bool side = edge == PWG_EDGE_WEST || edge == PWG_EDGE_EAST;
        for (int loc = 0; loc < d->nlocs; loc++)
            if (in_edge_strip(d, loc, edge, depth) &&
                (!side || (d->y[loc] >= south && d->y[loc] < d->h - north)))
                fo->area[loc] = PWG_AREA_DEPLOY;
    }
    bool used[PWG_MAX_FORCES];
    for (int f = 0; f < d->nforces; f++)
        used[f] = uses_area(d, f);
    for (int f = 0; f < d->nforces; f++) {
        if (!used[f])
            continue;
        bool empty = true;
        for (int loc = 0; loc < d->nlocs; loc++)
            empty &= !(d->force[f].area[loc] & PWG_AREA_DEPLOY);
        if (empty && has_unplaced(d, f, -1))
            return pwg_load_fail(
                l,
                "forces[%d].deploy: %s has coins to deploy but its deployment area "
                "is empty on this %dx%d battlefield (a west or east edge leaves out "
                "the south and north areas' rows)",
                f, d->force[f].name, d->w, d->h);
        for (int g = f + 1; g < d->nforces; g++) {
            if (!used[g])
                continue;
            for (int loc = 0; loc < d->nlocs; loc++)
                if (d->force[f].area[loc] & d->force[g].area[loc] & PWG_AREA_DEPLOY) {
                    char name[8];
                    pwg_loc_name(d, loc, name, sizeof name);
                    return pwg_load_fail(
                        l,
                        "forces[%d].deploy: the deployment areas of %s (force %d) "
                        "and %s (force %d) overlap at %s; give them no location in "
                        "common (a smaller depth, or lists)",
                        g, d->force[f].name, f + 1, d->force[g].name, g + 1, name);
                }
        }
    }
    for (int f = 0; f < d->nforces; f++) {
        pwg_force *fo = &d->force[f];
        /* one card beyond the area, for light cavalry on open ground, but
         * never into the area of another force that uses its area */
        for (int loc = 0; loc < d->nlocs; loc++) {
            if (fo->area[loc] & PWG_AREA_DEPLOY)
                continue;
            bool other = false;
            for (int g = 0; g < d->nforces; g++)
                other |= g != f && used[g] && (d->force[g].area[loc] & PWG_AREA_DEPLOY);
            for (int k = 0; !other && k < d->nnbr[loc]; k++)
                if (fo->area[d->nbr[loc][k]] & PWG_AREA_DEPLOY)
                    fo->area[loc] |= PWG_AREA_LC;
        }
        fo->narea = 0;
        for (int loc = 0; loc < d->nlocs; loc++)
            if (fo->area[loc])
                fo->area_list[fo->narea++] = (uint8_t)loc;
        for (int loc = 0; loc < d->nlocs; loc++) {
            uint64_t bit = UINT64_C(1) << (loc & 63);
            if (fo->area[loc] & PWG_AREA_DEPLOY)
                fo->deploy_set[loc >> 6] |= bit;
            else if (fo->area[loc] & PWG_AREA_LC)
                fo->beyond_set[loc >> 6] |= bit;
        }
        /* deployment choices (types x places) must fit one list of actions */
        int ntypes = 0;
        for (int t = 0; t < d->ntypes; t++)
            ntypes += has_unplaced(d, f, t);
        if (ntypes * fo->narea > ENG_MAX_ACTIONS)
            return pwg_load_fail(
                l,
                "forces[%d]: %d unit types to deploy over %d locations is too many "
                "choices; use a smaller deployment area",
                f, ntypes, fo->narea);
        /* on a fixed battlefield every coin must have somewhere to go (on a
         * dealt one the deal decides; coins with nowhere to go are lost) */
        for (int t = 0; !d->deal && t < d->ntypes; t++) {
            if (!has_unplaced(d, f, t))
                continue;
            bool place = false;
            for (int i = 0; !place && i < fo->narea; i++)
                place = pwg_deploy_rule(d, f, t, fo->area_list[i],
                                        d->start_terrain[fo->area_list[i]]) == PWG_DEP_OK;
            if (!place)
                return pwg_load_fail(l,
                                     "forces[%d].deploy: %s's %s (%s) cannot be deployed: no "
                                     "location of its deployment area can take it (lakes)",
                                     f, fo->name, d->type[t].code, d->type[t].name);
        }
    }
    return true;
}

bool pwg_load_victory(pwg_loader *l, const json_t *v)
{
    pwg_data *d = l->d;
    static const char *const keys[] = {"type", "turn_limit", "at_limit", "points_to_win",
                                       "description", NULL};
    d->victory.turn_limit = 15;
    if (!v)
        return true;
    if (!json_is_object(v))
        return pwg_load_fail(l, "victory: expected an object");
    if (!eng_json_check_keys(v, "victory", keys, l->err))
        return false;
    const char *type = json_string_value(json_object_get(v, "type"));
    if (json_object_get(v, "type") && (!type || strcmp(type, "last-standing") != 0))
        return pwg_load_fail(l, "victory.type: expected \"last-standing\"");
    if (!pwg_load_int(l, v, "turn_limit", "victory", 1, 99, 15, &d->victory.turn_limit) ||
        !pwg_load_int(l, v, "points_to_win", "victory", 0, 10000, 0, &d->victory.points_to_win))
        return false;
    const char *al = json_string_value(json_object_get(v, "at_limit"));
    if (al && strcmp(al, "points") == 0)
        d->victory.at_limit_points = true;
    else if ((al && strcmp(al, "strength") != 0) || (!al && json_object_get(v, "at_limit")))
        return pwg_load_fail(l, "victory.at_limit: expected strength or points");
    if (d->victory.at_limit_points || d->victory.points_to_win)
        d->scores_points = true;
    return true;
}
