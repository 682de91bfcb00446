/*
 * ptw_load.c - building The Portable Wargame's game data: the options,
 * the unit data table (units.json), and the scenario: the map, the two
 * sides and their units, the victory rule. Then the sight fans.
 *
 * Every refusal names the field at fault with a JSON path counted from 0,
 * e.g. `sides[1].units[2].at: there is no square k9 on this 8x8 board`,
 * or the file and field for units.json.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ptw.h"
#include "scenario.h"
#include "svg.h"

typedef struct ld {
    ptw_data *d;
    eng_error *err;
} ld;

/* Words the refusal into the caller's error (if any); false, to return. */
#define fail(l, ...) eng_error_fail((l)->err, __VA_ARGS__)


static bool get_int(ld *l, const json_t *obj, const char *key, const char *path, int lo, int hi,
                    int dflt, int *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (dflt < lo)
            return fail(l, "%s: missing \"%s\"", path, key);
        *out = dflt;
        return true;
    }
    if (!json_is_integer(v))
        return fail(l, "%s.%s: expected a whole number", path, key);
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi)
        return fail(l, "%s.%s: %lld is out of range (%d..%d)", path, key, (long long)x, lo, hi);
    *out = (int)x;
    return true;
}

static bool get_bool(ld *l, const json_t *obj, const char *key, const char *path, bool dflt,
                     bool *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        *out = dflt;
        return true;
    }
    if (!json_is_boolean(v))
        return fail(l, "%s.%s: expected true or false", path, key);
    *out = json_is_true(v);
    return true;
}

/* One of the words (NULL-ended), case-insensitive; its index, or -1 + message. */
static int get_word(ld *l, const json_t *v, const char *path, const char *const *words)
{
    const char *s = json_string_value(v);
    for (int i = 0; s && words[i]; i++)
        if (strcasecmp(s, words[i]) == 0)
            return i;
    char list[160] = "";
    for (int i = 0; words[i]; i++) {
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", words[i]);
    }
    if (s)
        fail(l, "%s: expected one of %s, got \"%s\"", path, list, s);
    else
        fail(l, "%s: expected one of %s", path, list);
    return -1;
}

/* ---- options -------------------------------------------------------------------------- */

static bool option(ld *l, const json_t *opts, const char *name, const char *const *words,
                   int *out)
{
    json_t *v = json_object_get(opts, name);
    *out = 0;
    if (!v)
        return true;
    char p[64];
    eng_pathf(p, sizeof p, "option %s", name);
    return (*out = get_word(l, v, p, words)) >= 0;
}

static bool load_options(ld *l, const json_t *opts)
{
    static const char *const cc[] = {"1800s", "2014", NULL};
    static const char *const hits[] = {"each", "once", NULL};
    static const char *const fire[] = {"quality", "strength", NULL};
    static const char *const woods[] = {"plus-1", "plus-2", NULL};
    int a, b, c, e;
    if (!option(l, opts, "close-combat", cc, &a) || !option(l, opts, "multiple-hits", hits, &b) ||
        !option(l, opts, "fire-hits", fire, &c) || !option(l, opts, "woods-close-combat", woods, &e))
        return false;
    l->d->cc2014 = a == 1;
    l->d->hits_once = b == 1;
    l->d->fire_strength = c == 1;
    l->d->woods_plus2 = e == 1;
    static const char *const trench[] = {"fortified", "exposed", NULL};
    int t = 0;
    if (!option(l, opts, "trench-crossing", trench, &t))
        return false;
    l->d->trench_exposed = t == 1;
    static const char *const adv[] = {"either", "attacker", NULL};
    static const char *const cmd[] = {"adjacent", "in-or-adjacent", NULL};
    static const char *const stack[] = {"as-written", "one-each", NULL};
    static const char *const exh[] = {"immediate", "end-of-turn", NULL};
    static const char *const wr[] = {"within", "from", NULL};
    int o1, o2, o3, o4, o5;
    if (!option(l, opts, "advance", adv, &o1) ||
        !option(l, opts, "commander-close-combat", cmd, &o2) ||
        !option(l, opts, "stacking", stack, &o3) || !option(l, opts, "exhaustion", exh, &o4) ||
        !option(l, opts, "woods-range", wr, &o5))
        return false;
    l->d->advance_attacker_only = o1 == 1;
    l->d->cc_commander_same_sq = o2 == 1;
    l->d->stack_one_each = o3 == 1;
    l->d->exhaustion_at_turn_end = o4 == 1;
    l->d->woods_range_from = o5 == 1;
    if (l->d->fire_strength && !l->d->cc2014)
        return fail(l, "option fire-hits: strength needs close-combat 2014 (only the 2014 "
                    "revision gives units Strength Values)");
    return true;
}

/* ---- the unit data table ----------------------------------------------------------------- */

static bool load_types(ld *l, const json_t *file)
{
    ptw_data *d = l->d;
    static const char *const top[] = {"types", NULL};
    static const char *const keys[] = {"code", "name", "class", "move", "weapon", "range",
                                       "dice", "close_combat", "strength", "value", "assault",
                                       "advance", "description", NULL};
    static const char *const classes[] = {"infantry", "cavalry", "machine-gun", "artillery",
                                          "transport", "commander", NULL};
    static const char *const weapons[] = {"none", "small-arms", "artillery", NULL};
    if (!json_is_object(file))
        return fail(l, "units.json: expected an object with \"types\"");
    if (!eng_json_check_keys(file, "units.json", top, l->err))
        return false;
    json_t *arr = json_object_get(file, "types");
    if (!json_is_array(arr) || json_array_size(arr) == 0)
        return fail(l, "units.json: \"types\" must be a list of unit types");
    size_t i;
    json_t *t;
    json_array_foreach(arr, i, t) {
        char p[64];
        if (json_object_get(t, "_scenario"))   /* changed or added by the scenario */
            eng_pathf(p, sizeof p, "scenario.unit_types, type %s",
                      json_string_value(json_object_get(t, "code")));
        else
            eng_pathf(p, sizeof p, "units.json: types[%zu]", i);
        if (!json_is_object(t))
            return fail(l, "%s: expected an object", p);
        if (!eng_json_check_keys(t, p, keys, l->err))
            return false;
        if (d->ntypes >= PTW_MAX_TYPES)
            return fail(l, "%s: too many unit types (at most %d)", p, PTW_MAX_TYPES);
        ptw_type *ty = &d->type[d->ntypes];
        memset(ty, 0, sizeof *ty);
        const char *code = json_string_value(json_object_get(t, "code"));
        const char *name = json_string_value(json_object_get(t, "name"));
        bool code_ok = code && code[0] && strlen(code) < sizeof ty->code;
        for (const char *c = code; code_ok && *c; c++)
            code_ok = isupper((unsigned char)*c) != 0;
        if (!code_ok)
            return fail(l, "%s.code: expected 1 to 7 capital letters", p);
        for (int k = 0; k < d->ntypes; k++)
            if (strcmp(d->type[k].code, code) == 0)
                return fail(l, "%s.code: \"%s\" is defined twice", p, code);
        if (!name || !name[0] || strlen(name) >= sizeof ty->name)
            return fail(l, "%s.name: expected a name", p);
        snprintf(ty->code, sizeof ty->code, "%s", code);
        snprintf(ty->name, sizeof ty->name, "%s", name);
        char q[96];
        eng_pathf(q, sizeof q, "%s.class", p);
        int cls = get_word(l, json_object_get(t, "class"), q, classes);
        eng_pathf(q, sizeof q, "%s.weapon", p);
        int wpn = json_object_get(t, "weapon") ? get_word(l, json_object_get(t, "weapon"), q, weapons)
                                               : PTW_WPN_NONE;
        if (cls < 0 || wpn < 0)
            return false;
        ty->cls = (uint8_t)cls;
        ty->weapon = (uint8_t)wpn;
        if ((cls == PTW_C_ARTILLERY) != (wpn == PTW_WPN_ARTILLERY))
            return fail(l, "%s.weapon: artillery, and only artillery, has the artillery weapon", p);
        int move, range, dice, str, value, front, flank;
        bool assault = false, advance = false;
        json_t *cc = json_object_get(t, "close_combat");
        eng_pathf(q, sizeof q, "%s.close_combat", p);
        static const char *const cckeys[] = {"front", "flank", NULL};
        if (!json_is_object(cc))
            return fail(l, "%s: expected {\"front\": N, \"flank\": N}", q);
        if (!eng_json_check_keys(cc, q, cckeys, l->err) ||
            !get_int(l, t, "move", p, 0, 4, -1, &move) ||
            !get_int(l, t, "range", p, 0, wpn == PTW_WPN_SMALL_ARMS ? PTW_MAX_SA_RANGE : 30,
                     wpn == PTW_WPN_NONE ? 0 : -1, &range) ||
            !get_int(l, t, "dice", p, 1, 6, 1, &dice) ||
            !get_int(l, t, "strength", p, 1, 9, -1, &str) ||
            !get_int(l, t, "value", p, 0, 20, 3, &value) ||
            !get_int(l, cc, "front", q, 1, 7, -1, &front) ||
            !get_int(l, cc, "flank", q, 1, 7, -1, &flank) ||
            !get_bool(l, t, "assault", p, false, &assault) ||
            !get_bool(l, t, "advance", p, false, &advance))
            return false;
        if (wpn != PTW_WPN_NONE && range < 1)
            return fail(l, "%s.range: a weapon needs a range of 1 or more", p);
        ty->move = (uint8_t)move;
        ty->range = (uint8_t)range;
        ty->dice = (uint8_t)dice;
        ty->strength = (uint8_t)str;
        ty->value = (uint8_t)value;
        ty->cc_front = (uint8_t)front;
        ty->cc_flank = (uint8_t)flank;
        ty->assault = assault;
        ty->advance = advance;
        d->ntypes++;
    }
    return true;
}

/* Lays b's fields over a's, objects field by field (a scenario's own values
 * of a unit type over units.json's). */
static void merge_over(json_t *a, const json_t *b)
{
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)b, k, v) {
        json_t *old = json_object_get(a, k);
        if (json_is_object(old) && json_is_object(v))
            merge_over(old, v);
        else
            json_object_set_new(a, k, json_deep_copy(v));
    }
}

/* units.json with the scenario's "unit_types" laid over it: an entry whose
 * code units.json has changes the fields it gives; a new code adds a type.
 * NULL and a message on a bad entry. */
static json_t *types_with_overrides(ld *l, const json_t *file, const json_t *over)
{
    json_t *all = json_deep_copy(file);
    if (!over)
        return all;
    json_t *types = json_object_get(all, "types");
    if (!json_is_array(over) || !json_is_array(types)) {
        json_decref(all);
        fail(l, "scenario.unit_types: expected a list of unit types (each with its \"code\")");
        return NULL;
    }
    size_t i, j;
    json_t *o, *t;
    json_array_foreach(over, i, o) {
        const char *code = json_string_value(json_object_get(o, "code"));
        if (!json_is_object(o) || !code) {
            json_decref(all);
            fail(l, "scenario.unit_types[%zu]: expected an object with a \"code\"", i);
            return NULL;
        }
        bool found = false;
        json_array_foreach(types, j, t)
            if (!found && strcmp(json_string_value(json_object_get(t, "code")) ?
                                 json_string_value(json_object_get(t, "code")) : "", code) == 0) {
                merge_over(t, o);
                json_object_set_new(t, "_scenario", json_true());
                found = true;
            }
        if (!found) {
            json_t *added = json_deep_copy(o);
            json_object_set_new(added, "_scenario", json_true());
            json_array_append_new(types, added);
        }
    }
    return all;
}

/* ---- the map --------------------------------------------------------------------------------- */

/* A map token: an optional h (hills), a kind symbol (o or . open, w woods,
 * b built-up area, f fortification, t trench, r river, d ford), then any of
 * = (a road) and # (barbed wire). "h" alone is an open hill. */
static bool map_token(ld *l, const char *tok, const char *path, int sq)
{
    ptw_data *d = l->d;
    const char *p = tok;
    uint16_t flags = 0;
    int kind = -1;
    if (*p == 'h' || *p == 'H') {
        flags |= PTW_SQ_HILL;
        p++;
    }
    if (*p && *p != '=' && *p != '#') {
        char c = (char)tolower((unsigned char)*p);
        if (c == '.')
            c = 'o';
        for (int k = 0; k < PTW_T_KINDS; k++)
            if (ptw_kinds[k].symbol == c)
                kind = k;
        if (kind < 0)
            return fail(l, "%s: unknown terrain \"%s\" (o open, h hills, w woods, b built-up "
                        "area, f fortification, t trench, r river, d ford; = road, # barbed "
                        "wire; e.g. \"hw\", \"o=\", \"t#\")", path, tok);
        p++;
    }
    if (kind < 0)
        kind = PTW_T_OPEN;
    for (; *p; p++) {
        if (*p == '=')
            flags |= PTW_SQ_ROAD;
        else if (*p == '#')
            d->wire0[sq] = true;
        else
            return fail(l, "%s: unknown terrain \"%s\" (after the kind come only = for a road "
                        "and # for barbed wire)", path, tok);
    }
    if ((kind == PTW_T_RIVER || kind == PTW_T_FORD) && (flags & PTW_SQ_HILL))
        return fail(l, "%s: a river does not run over a hill (\"%s\")", path, tok);
    if (kind == PTW_T_RIVER && d->wire0[sq])
        return fail(l, "%s: barbed wire cannot lie in a river (\"%s\")", path, tok);
    d->kind[sq] = (uint8_t)kind;
    d->sq[sq] = flags | ptw_kinds[kind].flags;
    return true;
}

static bool load_map(ld *l, const json_t *map)
{
    ptw_data *d = l->d;
    if (!json_is_array(map) || json_array_size(map) == 0)
        return fail(l, "map: expected a list of rows (row 1 first), each a string of terrain "
                    "tokens separated by spaces");
    d->h = (int)json_array_size(map);
    if (d->h > PTW_MAX_H)
        return fail(l, "map: %d rows; at most %d", d->h, PTW_MAX_H);
    for (int y = 0; y < d->h; y++) {
        const char *row = json_string_value(json_array_get(map, (size_t)y));
        char p[64];
        eng_pathf(p, sizeof p, "map[%d] (row %d)", y, y + 1);
        if (!row)
            return fail(l, "%s: expected a string", p);
        int x = 0;
        const char *c = row;
        for (;;) {
            while (isspace((unsigned char)*c))
                c++;
            if (!*c)
                break;
            char tok[16];
            size_t len = 0;
            while (c[len] && !isspace((unsigned char)c[len]))
                len++;
            if (len >= sizeof tok)
                return fail(l, "%s: terrain token \"%.*s\" is too long", p, (int)len, c);
            memcpy(tok, c, len);
            tok[len] = '\0';
            c += len;
            if (x >= PTW_MAX_W)
                return fail(l, "%s: more than %d squares", p, PTW_MAX_W);
            if (y == 0)
                d->w = x + 1;
            else if (x >= d->w)
                return fail(l, "%s: more squares than row 1 (%d)", p, d->w);
            char q[96];
            eng_pathf(q, sizeof q, "%s, square %c%d", p, 'a' + x, y + 1);
            if (!map_token(l, tok, q, y * PTW_MAX_W + x))
                return false;
            x++;
        }
        if (x == 0)
            return fail(l, "%s: an empty row", p);
        if (x != d->w)
            return fail(l, "%s: %d squares, but row 1 has %d", p, x, d->w);
    }
    /* compact the rows (read at PTW_MAX_W per row) to w per row */
    for (int y = 0; y < d->h; y++)
        for (int x = 0; x < d->w; x++) {
            int from = y * PTW_MAX_W + x, to = y * d->w + x;
            d->kind[to] = d->kind[from];
            d->sq[to] = d->sq[from];
            d->wire0[to] = d->wire0[from];
        }
    d->nsq = d->w * d->h;
    for (int sq = d->nsq; sq < PTW_MAX_SQ; sq++) {
        d->kind[sq] = 0;
        d->sq[sq] = 0;
        d->wire0[sq] = false;
    }
    for (int sq = 0; sq < d->nsq; sq++) {
        d->x[sq] = (uint8_t)(sq % d->w);
        d->y[sq] = (uint8_t)(sq / d->w);
        d->nnbr[sq] = 0;
        for (int k = 0; k < 4; k++) {
            int nx = d->x[sq] + ptw_dx[k], ny = d->y[sq] + ptw_dy[k];
            d->nbr[sq][k] = (nx < 0 || ny < 0 || nx >= d->w || ny >= d->h)
                                ? PTW_NONE : (uint8_t)(ny * d->w + nx);
            if (d->nbr[sq][k] != PTW_NONE)
                d->nbrs[sq][d->nnbr[sq]++] = d->nbr[sq][k];
        }
    }
    return true;
}

static int sq_field(ld *l, const json_t *v, const char *path)
{
    const char *t = json_string_value(v);
    if (!t) {
        fail(l, "%s: expected a square like \"c4\"", path);
        return -1;
    }
    char why[128];
    int sq = ptw_sq_parse(l->d, t, why, sizeof why);
    if (sq < 0)
        fail(l, "%s: %s", path, why);
    return sq;
}

/* ---- the sides ------------------------------------------------------------------------------ */

static int type_find(const ptw_data *d, const char *code)
{
    for (int i = 0; code && i < d->ntypes; i++)
        if (strcasecmp(d->type[i].code, code) == 0)
            return i;
    return -1;
}

static bool load_unit(ld *l, const json_t *uj, const char *p, int side, int dflt_facing,
                      int dflt_quality)
{
    ptw_data *d = l->d;
    static const char *const keys[] = {"type", "at", "facing", "quality", "strength",
                                       "limbered", NULL};
    static const char *const qualities[] = {"elite", "average", "poor", NULL};
    if (!json_is_object(uj))
        return fail(l, "%s: expected an object like {\"type\": \"INF\", \"at\": \"c2\"}", p);
    if (!eng_json_check_keys(uj, p, keys, l->err))
        return false;
    if (d->nunits >= PTW_MAX_UNITS)
        return fail(l, "%s: too many units (at most %d)", p, PTW_MAX_UNITS);
    const char *code = json_string_value(json_object_get(uj, "type"));
    int type = type_find(d, code);
    if (type < 0) {
        char list[160] = "";
        for (int i = 0; i < d->ntypes; i++) {
            size_t len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", d->type[i].code);
        }
        return fail(l, "%s.type: %s%s%s is not a unit type (%s)", p, code ? "\"" : "",
                    code ? code : "missing", code ? "\"" : "", list);
    }
    char q[96];
    eng_pathf(q, sizeof q, "%s.at", p);
    int sq = sq_field(l, json_object_get(uj, "at"), q);
    if (sq < 0)
        return false;
    if (d->sq[sq] & PTW_SQ_BLOCKED)
        return fail(l, "%s: %s is a river; a unit may stand in one only at a ford", q,
                    json_string_value(json_object_get(uj, "at")));
    int facing = dflt_facing, quality = dflt_quality, strength;
    json_t *fv = json_object_get(uj, "facing");
    if (fv) {
        const char *fs = json_string_value(fv);
        if (!fs || (facing = ptw_dir_parse(fs)) < 0)
            return fail(l, "%s.facing: expected N, E, S or W", p);
    }
    eng_pathf(q, sizeof q, "%s.quality", p);
    if (json_object_get(uj, "quality") &&
        (quality = get_word(l, json_object_get(uj, "quality"), q, qualities)) < 0)
        return false;
    bool limbered = false;
    if (!get_int(l, uj, "strength", p, 1, 9, d->type[type].strength, &strength) ||
        !get_bool(l, uj, "limbered", p, false, &limbered))
        return false;
    int num = 1;
    for (int v = d->side[side].first_unit; v < d->nunits; v++)
        num += d->unit[v].type == type;
    ptw_unit_def *ud = &d->unit[d->nunits];
    ud->side = (uint8_t)side;
    ud->type = (uint8_t)type;
    ud->num = (uint8_t)num;
    ud->quality = (uint8_t)quality;
    ud->loc = (uint8_t)sq;
    ud->facing = (uint8_t)facing;
    ud->strength = (uint8_t)strength;
    ud->towed_by = limbered ? 0xfe : PTW_NONE;   /* resolved once every unit is read */
    ud->role = d->type[type].cls == PTW_C_TRANSPORT ? PTW_ROLE_TRANSPORT
             : d->type[type].cls == PTW_C_COMMANDER ? PTW_ROLE_COMMANDER : PTW_ROLE_FIGHT;
    if (limbered && d->type[type].cls != PTW_C_ARTILLERY)
        return fail(l, "%s.limbered: only artillery is limbered (towed by a transport)", p);
    d->nunits++;
    return true;
}

static bool load_sides(ld *l, const json_t *sides)
{
    ptw_data *d = l->d;
    static const char *const keys[] = {"name", "colour", "facing", "quality", "units", NULL};
    static const char *const qualities[] = {"elite", "average", "poor", NULL};
    static const char *const dflt_name[] = {"Red", "Blue"};
    if (!json_is_array(sides) || json_array_size(sides) != 2)
        return fail(l, "sides: expected a list of two sides");
    for (int f = 0; f < 2; f++) {
        json_t *sj = json_array_get(sides, (size_t)f);
        char p[64];
        eng_pathf(p, sizeof p, "sides[%d]", f);
        if (!json_is_object(sj))
            return fail(l, "%s: expected an object", p);
        if (!eng_json_check_keys(sj, p, keys, l->err))
            return false;
        ptw_side *sd = &d->side[f];
        const char *name = json_string_value(json_object_get(sj, "name"));
        const char *col = json_string_value(json_object_get(sj, "colour"));
        if (json_object_get(sj, "name") &&
            (!name || !name[0] || strlen(name) >= sizeof sd->name || strchr(name, ' ') ||
             strchr(name, '/') || isdigit((unsigned char)name[0])))
            return fail(l, "%s.name: expected one word, not starting with a digit", p);
        snprintf(sd->name, sizeof sd->name, "%s", name ? name : dflt_name[f]);
        if (f == 1 && strcasecmp(sd->name, d->side[0].name) == 0)
            return fail(l, "%s.name: both sides are called \"%s\"", p, sd->name);
        if (col && svg_colour_term(col) < 0)
            return fail(l, "%s.colour: unknown colour \"%s\"", p, col);
        snprintf(sd->colour, sizeof sd->colour, "%s", col ? col : f ? "blue" : "red");
        int facing = f ? PTW_S : PTW_N, quality = PTW_Q_AVERAGE;
        json_t *fv = json_object_get(sj, "facing");
        if (fv && (!json_string_value(fv) || (facing = ptw_dir_parse(json_string_value(fv))) < 0))
            return fail(l, "%s.facing: expected N, E, S or W", p);
        char q[96];
        eng_pathf(q, sizeof q, "%s.quality", p);
        if (json_object_get(sj, "quality") &&
            (quality = get_word(l, json_object_get(sj, "quality"), q, qualities)) < 0)
            return false;
        json_t *units = json_object_get(sj, "units");
        if (!json_is_array(units) || json_array_size(units) == 0)
            return fail(l, "%s.units: expected a list of units", p);
        if (json_array_size(units) > PTW_SIDE_LIMIT)
            return fail(l, "%s.units: %zu units; a side fields at most %d", p,
                        json_array_size(units), PTW_SIDE_LIMIT);
        sd->first_unit = d->nunits;
        size_t i;
        json_t *uj;
        json_array_foreach(units, i, uj) {
            eng_pathf(q, sizeof q, "%s.units[%zu]", p, i);
            if (!load_unit(l, uj, q, f, facing, quality))
                return false;
        }
        sd->nunits = d->nunits - sd->first_unit;
        sd->exhaustion = (sd->nunits + 2) / 3;
    }
    return true;
}

/* The stacking rule at the start, and limbered guns matched to transports. */
static bool check_positions(ld *l)
{
    ptw_data *d = l->d;
    char p[64], a[8];
    for (int u = 0; u < d->nunits; u++) {
        ptw_unit_def *ud = &d->unit[u];
        int side = ud->side, idx = u - d->side[side].first_unit;
        eng_pathf(p, sizeof p, "sides[%d].units[%d]", side, idx);
        ptw_sq_name(d, ud->loc, a, sizeof a);
        if (ud->towed_by == 0xfe) {
            ud->towed_by = PTW_NONE;
            for (int t = d->side[side].first_unit; t < d->side[side].first_unit + d->side[side].nunits; t++) {
                if (d->unit[t].loc != ud->loc || d->type[d->unit[t].type].cls != PTW_C_TRANSPORT)
                    continue;
                bool busy = false;
                for (int g = 0; g < u; g++)
                    busy |= d->unit[g].towed_by == t;
                if (!busy) {
                    ud->towed_by = (uint8_t)t;
                    ud->facing = d->unit[t].facing;
                    break;
                }
            }
            if (ud->towed_by == PTW_NONE)
                return fail(l, "%s.limbered: no free transport of its side at %s to tow it", p, a);
        }
    }
    for (int u = 0; u < d->nunits; u++) {
        const ptw_unit_def *ud = &d->unit[u];
        int side = ud->side;
        eng_pathf(p, sizeof p, "sides[%d].units[%d]", side, u - d->side[side].first_unit);
        ptw_sq_name(d, ud->loc, a, sizeof a);
        int role = ud->towed_by != PTW_NONE ? -1 : ud->role;
        for (int v = 0; v < u; v++) {
            const ptw_unit_def *vd = &d->unit[v];
            if (vd->loc != ud->loc)
                continue;
            if (vd->side != side)
                return fail(l, "%s: %s also holds an enemy unit", p, a);
            int vrole = vd->towed_by != PTW_NONE ? -1 : vd->role;
            /* rule f exempts transports and commanders; option stacking one-each
             * allows one of each a square */
            if (role >= 0 && role == vrole && (role == PTW_ROLE_FIGHT || d->stack_one_each))
                return fail(l, "%s: %s already holds a %s of its side (%s)", p, a,
                            role == PTW_ROLE_FIGHT ? "fighting unit"
                            : role == PTW_ROLE_TRANSPORT ? "transport" : "commander",
                            d->stack_one_each ? "option stacking one-each: one fighting unit, "
                            "one transport and one commander a square"
                            : "one a square; transports and commanders may join it");
        }
    }
    return true;
}

/* ---- victory ----------------------------------------------------------------------------- */

static bool load_victory(ld *l, const json_t *v)
{
    ptw_data *d = l->d;
    ptw_victory *vc = &d->victory;
    static const char *const keys[] = {"rule", "turn_limit", "objectives", "description", NULL};
    static const char *const rules[] = {"later-exhaustion", "objective", NULL};
    vc->rule = PTW_V_LATER_EXHAUSTION;
    vc->turn_limit = 15;
    if (!v)
        return true;
    if (!json_is_object(v))
        return fail(l, "victory: expected an object like {\"rule\": \"later-exhaustion\"}");
    if (!eng_json_check_keys(v, "victory", keys, l->err) ||
        !get_int(l, v, "turn_limit", "victory", 1, PTW_MAX_TURNS, 15, &vc->turn_limit))
        return false;
    if (json_object_get(v, "rule") &&
        (vc->rule = get_word(l, json_object_get(v, "rule"), "victory.rule", rules)) < 0)
        return false;
    json_t *objs = json_object_get(v, "objectives");
    if (vc->rule == PTW_V_OBJECTIVE && (!json_is_array(objs) || json_array_size(objs) == 0))
        return fail(l, "victory.objectives: the objective rule needs a list of squares");
    if (objs && vc->rule != PTW_V_OBJECTIVE)
        return fail(l, "victory.objectives: only the objective rule has objectives");
    if (json_array_size(objs) > PTW_MAX_OBJ)
        return fail(l, "victory.objectives: at most %d", PTW_MAX_OBJ);
    size_t i;
    json_t *o;
    json_array_foreach(objs, i, o) {
        char p[64];
        eng_pathf(p, sizeof p, "victory.objectives[%zu]", i);
        json_t *at = o;
        int holder = 0;
        if (json_is_object(o)) {
            static const char *const okeys[] = {"at", "holder", NULL};
            if (!eng_json_check_keys(o, p, okeys, l->err) ||
                !get_int(l, o, "holder", p, 0, 2, 0, &holder))
                return false;
            at = json_object_get(o, "at");
        }
        int sq = sq_field(l, at, p);
        if (sq < 0)
            return false;
        if (d->sq[sq] & PTW_SQ_BLOCKED)
            return fail(l, "%s: an objective in a river could never be held", p);
        for (int k = 0; k < vc->nobj; k++)
            if (vc->obj[k] == sq)
                return fail(l, "%s: listed twice", p);
        vc->obj[vc->nobj] = (uint8_t)sq;
        vc->obj_holder[vc->nobj] = holder ? (uint8_t)(holder - 1) : PTW_NONE;
        vc->nobj++;
    }
    return true;
}

/* ---- the whole ----------------------------------------------------------------------------- */

void *ptw_load(const json_t *scenario, const json_t *options, eng_error *err)
{
    ptw_data *d = calloc(1, sizeof *d);
    if (!d)
        abort();
    ld l = {d, err};
    static const char *const keys[] = {"name", "title", "description", "rules", "options", "map",
                                       "sides", "victory", "unit_types", NULL};
    json_t *units = NULL;
    bool ok = eng_json_check_keys(scenario, "scenario", keys, l.err) && load_options(&l, options);
    if (ok) {
        json_t *file = eng_rules_data_file("portable-wargame", "units.json", err);
        units = file ? types_with_overrides(&l, file, json_object_get(scenario, "unit_types"))
                     : NULL;
        json_decref(file);
        ok = units && load_types(&l, units);
    }
    ok = ok && load_map(&l, json_object_get(scenario, "map")) &&
         load_sides(&l, json_object_get(scenario, "sides")) && check_positions(&l) &&
         load_victory(&l, json_object_get(scenario, "victory"));
    json_decref(units);
    if (!ok) {
        free(d);
        return NULL;
    }
    /* names cut to fit stay UTF-8 */
    const char *sname = json_string_value(json_object_get(scenario, "name"));
    eng_text_copy(d->scenario, sizeof d->scenario, sname ? sname : "custom");
    const char *title = json_string_value(json_object_get(scenario, "title"));
    eng_text_copy(d->title, sizeof d->title, title ? title : d->scenario);
    const char *desc = json_string_value(json_object_get(scenario, "description"));
    eng_text_copy(d->description, sizeof d->description, desc ? desc : "");
    ptw_build_fans(d);
    return d;
}

void ptw_unload(void *data) { free(data); }
