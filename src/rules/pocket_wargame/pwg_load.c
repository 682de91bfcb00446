/*
 * pwg_load.c - building Pocket Wargame's game data from a scenario, its
 * options and the rule set's data files (decks.json, terrain.json,
 * coins.json): the deck and its terrain set, the battlefield, unit types,
 * forces with their units and deployment areas, end-phase rules, victory.
 *
 * Every refusal names the field at fault with a JSON path counted from 0,
 * e.g. `forces[1].units[2]: unknown unit type "XX"`.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "pwg.h"
#include "scenario.h"

typedef struct ld {
    pwg_data *d;
    eng_error *err;
    json_t *decks, *terrain, *coins;   /* the data files, owned */
} ld;

static bool fail(ld *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(ld *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (l->err)
        vsnprintf(l->err->msg, sizeof l->err->msg, fmt, ap);
    va_end(ap);
    return false;
}

/* snprintf for field paths: a path cut short is still a usable message */
static void pathf(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void pathf(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
}

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

static bool streq_ci(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    return *a == *b;
}

/* Refuses keys not in the NULL-ended list (keys starting with '_' are notes). */
static bool check_keys(ld *l, const json_t *obj, const char *path, const char *const *known)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        if (key[0] == '_')
            continue;
        bool ok = false;
        for (int i = 0; known[i]; i++)
            if (strcmp(known[i], key) == 0)
                ok = true;
        if (!ok)
            return fail(l, "%s: unknown field \"%s\"", path, key);
    }
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
    if (!json_is_integer(v))
        return fail(l, "%s.%s: expected a whole number", path, key);
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi)
        return fail(l, "%s.%s: %lld is out of range (%d..%d)", path, key, (long long)x, lo, hi);
    *out = (int)x;
    return true;
}

static bool get_bool(ld *l, const json_t *v, const char *path, bool *out)
{
    if (json_is_boolean(v)) {
        *out = json_is_true(v);
        return true;
    }
    const char *s = json_string_value(v);
    if (s && (streq_ci(s, "true") || streq_ci(s, "yes") || strcmp(s, "1") == 0)) {
        *out = true;
        return true;
    }
    if (s && (streq_ci(s, "false") || streq_ci(s, "no") || strcmp(s, "0") == 0)) {
        *out = false;
        return true;
    }
    return fail(l, "%s: expected true or false", path);
}

/* ---- terrain types -------------------------------------------------------- */

static int terrain_find(const pwg_data *d, const char *name)
{
    for (int i = 0; i < d->nterrain; i++)
        if (streq_ci(d->terrain[i].name, name))
            return i;
    return -1;
}

static int terrain_find_token(const pwg_data *d, const char *tok)
{
    int t = terrain_find(d, tok);
    if (t >= 0)
        return t;
    if (tok[0] && !tok[1])
        for (int i = 0; i < d->nterrain; i++)
            if (tolower((unsigned char)d->terrain[i].symbol) == tolower((unsigned char)tok[0]))
                return i;
    return -1;
}

static bool load_terrain_types(ld *l, const json_t *arr, const char *path)
{
    pwg_data *d = l->d;
    if (!json_is_array(arr))
        return fail(l, "%s: expected a list of terrain types", path);
    static const char *const keys[] = {"name", "symbol", "colour", "elevation", "flags",
                                       "description", NULL};
    static const struct { const char *name; uint8_t flag; } flagnames[] = {
        {"good-going", PWG_TF_GOOD}, {"open-ground", PWG_TF_OPEN}, {"cover", PWG_TF_COVER},
        {"impassable", PWG_TF_LAKE}, {"steep", PWG_TF_STEEP},
    };
    size_t i;
    json_t *t;
    json_array_foreach(arr, i, t) {
        char p[96];
        pathf(p, sizeof p, "%s[%zu]", path, i);
        if (!json_is_object(t))
            return fail(l, "%s: expected an object", p);
        if (!check_keys(l, t, p, keys))
            return false;
        if (d->nterrain >= PWG_MAX_TERRAINS)
            return fail(l, "%s: too many terrain types (at most %d)", p, PWG_MAX_TERRAINS);
        const char *name = json_string_value(json_object_get(t, "name"));
        const char *sym = json_string_value(json_object_get(t, "symbol"));
        const char *col = json_string_value(json_object_get(t, "colour"));
        if (!name || !name[0] || strlen(name) >= PWG_NAME || strchr(name, ' '))
            return fail(l, "%s.name: expected a one-word name", p);
        if (terrain_find(d, name) >= 0)
            return fail(l, "%s.name: terrain \"%s\" is defined twice", p, name);
        if (!sym || strlen(sym) != 1 || !isalpha((unsigned char)sym[0]))
            return fail(l, "%s.symbol: expected one letter", p);
        for (int k = 0; k < d->nterrain; k++)
            if (tolower((unsigned char)d->terrain[k].symbol) == tolower((unsigned char)sym[0]))
                return fail(l, "%s.symbol: \"%s\" is already the symbol of %s", p, sym,
                            d->terrain[k].name);
        if (col && pwg_colour_index(col) < 0)
            return fail(l, "%s.colour: unknown colour \"%s\"", p, col);
        int elev;
        if (!get_int(l, t, "elevation", p, 0, 9, 0, &elev))
            return false;
        pwg_terrain *tt = &d->terrain[d->nterrain];
        memset(tt, 0, sizeof *tt);
        copy(tt->name, sizeof tt->name, name);
        tt->symbol = (char)tolower((unsigned char)sym[0]);
        copy(tt->colour, sizeof tt->colour, col ? col : "white");
        tt->elevation = (uint8_t)elev;
        json_t *fl = json_object_get(t, "flags");
        if (fl && !json_is_array(fl))
            return fail(l, "%s.flags: expected a list of flags", p);
        size_t j;
        json_t *f;
        json_array_foreach(fl, j, f) {
            const char *fs = json_string_value(f);
            bool ok = false;
            for (size_t k = 0; fs && k < sizeof flagnames / sizeof flagnames[0]; k++)
                if (strcmp(fs, flagnames[k].name) == 0) {
                    tt->flags |= flagnames[k].flag;
                    ok = true;
                }
            if (!ok)
                return fail(l, "%s.flags[%zu]: unknown flag %s%s%s (good-going, open-ground, "
                            "cover, impassable, steep)", p, j, fs ? "\"" : "", fs ? fs : "?",
                            fs ? "\"" : "");
        }
        d->nterrain++;
    }
    return true;
}

/* ---- the deck ---------------------------------------------------------------- */

static int french_suit(const char *s)
{
    static const char *const names[] = {"clubs", "diamonds", "hearts", "spades"};
    for (int i = 0; i < 4; i++)
        if (s && streq_ci(s, names[i]))
            return i;
    return -1;
}

static bool load_deck(ld *l, const char *deck, bool jokers)
{
    pwg_data *d = l->d;
    json_t *dk = json_object_get(l->decks, deck);
    if (!dk || deck[0] == '_') {
        char names[256] = "";
        const char *key;
        json_t *v;
        json_object_foreach(l->decks, key, v) {
            if (key[0] == '_')
                continue;
            size_t len = strlen(names);
            snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "", key);
        }
        return fail(l, "option deck: unknown deck \"%s\" (%s)", deck, names);
    }
    copy(d->deck, sizeof d->deck, deck);
    copy(d->deck_title, sizeof d->deck_title, json_string_value(json_object_get(dk, "title")));
    json_t *suits = json_object_get(dk, "suits"), *ranks = json_object_get(dk, "ranks");
    if (!json_is_array(suits) || json_array_size(suits) == 0 ||
        json_array_size(suits) > PWG_MAX_SUITS || !json_is_array(ranks) ||
        json_array_size(ranks) == 0 || json_array_size(ranks) > PWG_MAX_RANKS)
        return fail(l, "decks.json: deck \"%s\" needs 1..4 suits and 1..13 ranks", deck);
    d->nsuits = (int)json_array_size(suits);
    d->ncards = 0;
    for (int si = 0; si < d->nsuits; si++) {
        json_t *su = json_array_get(suits, (size_t)si);
        const char *scode = json_string_value(json_object_get(su, "code"));
        const char *sname = json_string_value(json_object_get(su, "name"));
        int fr = french_suit(json_string_value(json_object_get(su, "as")));
        if (!scode || strlen(scode) != 1 || !sname || fr < 0)
            return fail(l, "decks.json: %s.suits[%d] needs a one-letter code, a name and "
                        "\"as\" (a French suit)", deck, si);
        copy(d->suit_name[si], sizeof d->suit_name[si], sname);
        for (size_t ri = 0; ri < json_array_size(ranks); ri++) {
            json_t *rk = json_array_get(ranks, ri);
            const char *rcode = json_string_value(json_object_get(rk, "code"));
            const char *rname = json_string_value(json_object_get(rk, "name"));
            if (!rcode || strlen(rcode) > 2 || !rname)
                return fail(l, "decks.json: %s.ranks[%zu] needs a code (1-2 characters) and "
                            "a name", deck, ri);
            pwg_card *c = &d->card[d->ncards++];
            memset(c, 0, sizeof *c);
            snprintf(c->code, sizeof c->code, "%s%s", rcode, scode);
            snprintf(c->name, sizeof c->name, "%s of %s", rname, sname);
            c->suit = (uint8_t)si;
            c->french = (uint8_t)fr;
            c->rank = (uint8_t)ri;
            c->court = json_is_true(json_object_get(rk, "court"));
        }
    }
    json_int_t nj = json_integer_value(json_object_get(dk, "jokers"));
    if (nj < 0 || nj > 4)
        return fail(l, "decks.json: %s.jokers must be 0..4", deck);
    for (int j = 0; jokers && j < (int)nj; j++) {
        if (d->ncards >= PWG_MAX_CARDS)
            return fail(l, "decks.json: deck \"%s\" has more than %d cards", deck, PWG_MAX_CARDS);
        pwg_card *c = &d->card[d->ncards++];
        memset(c, 0, sizeof *c);
        snprintf(c->code, sizeof c->code, "JK%c", (char)('1' + j));
        snprintf(c->name, sizeof c->name, "joker %c", (char)('1' + j));
        c->suit = PWG_NONE;
        c->french = PWG_JOKER;
        c->rank = PWG_NONE;
    }
    return true;
}

static int card_find(const pwg_data *d, const char *code)
{
    for (int i = 0; i < d->ncards; i++)
        if (streq_ci(d->card[i].code, code))
            return i;
    return -1;
}

/* ---- terrain sets -------------------------------------------------------------- */

typedef struct tset {
    int suit[4];                /* terrain per French suit */
} pwg_tset_map;

static bool apply_override(ld *l, const json_t *ov, const char *p, int *card_terr)
{
    pwg_data *d = l->d;
    static const char *const keys[] = {"suit", "court", "ranks", "terrain", NULL};
    if (!json_is_object(ov))
        return fail(l, "%s: expected an object", p);
    if (!check_keys(l, ov, p, keys))
        return false;
    const char *suit = json_string_value(json_object_get(ov, "suit"));
    const char *tn = json_string_value(json_object_get(ov, "terrain"));
    int fr = -2;
    if (suit && strcmp(suit, "any") == 0)
        fr = -1;
    else if (suit)
        fr = french_suit(suit);
    if (fr == -2 || (!suit))
        return fail(l, "%s.suit: expected clubs, diamonds, hearts, spades or any", p);
    int t = tn ? terrain_find(d, tn) : -1;
    if (t < 0)
        return fail(l, "%s.terrain: unknown terrain %s%s%s", p, tn ? "\"" : "", tn ? tn : "(missing)",
                    tn ? "\"" : "");
    bool court = json_is_true(json_object_get(ov, "court"));
    json_t *ranks = json_object_get(ov, "ranks");
    if (ranks && !json_is_array(ranks))
        return fail(l, "%s.ranks: expected a list of rank codes", p);
    if (!court && !ranks)
        return fail(l, "%s: give \"court\": true or a list of \"ranks\"", p);
    bool rank_on[PWG_MAX_RANKS] = {false};
    size_t i;
    json_t *rv;
    json_array_foreach(ranks, i, rv) {
        const char *rc = json_string_value(rv);
        bool found = false;
        for (int c = 0; rc && c < d->ncards; c++) {
            if (d->card[c].french == PWG_JOKER)
                continue;
            char code[8];
            snprintf(code, sizeof code, "%s", d->card[c].code);
            code[strlen(code) - 1] = '\0';   /* drop the suit letter */
            if (streq_ci(code, rc)) {
                rank_on[d->card[c].rank] = true;
                found = true;
            }
        }
        if (!found)
            return fail(l, "%s.ranks[%zu]: the %s deck has no rank %s%s%s", p, i, d->deck,
                        rc ? "\"" : "", rc ? rc : "?", rc ? "\"" : "");
    }
    for (int c = 0; c < d->ncards; c++) {
        const pwg_card *cd = &d->card[c];
        if (cd->french == PWG_JOKER || (fr >= 0 && cd->french != fr))
            continue;
        if ((court && cd->court) || rank_on[cd->rank])
            card_terr[c] = t;
    }
    return true;
}

/* Applies set `s` (an object, maybe with a base) to card_terr; depth guards loops. */
static bool apply_set(ld *l, const json_t *s, const char *p, int depth, pwg_tset_map *ts, int *card_terr)
{
    pwg_data *d = l->d;
    static const char *const keys[] = {"title", "base", "suits", "overrides", NULL};
    if (!json_is_object(s))
        return fail(l, "%s: expected an object", p);
    if (!check_keys(l, s, p, keys))
        return false;
    if (depth > 8)
        return fail(l, "%s: terrain sets' bases go round in a loop", p);
    json_t *base = json_object_get(s, "base");
    if (base) {
        const char *bn = json_string_value(base);
        json_t *bs = bn ? json_object_get(json_object_get(l->terrain, "sets"), bn) : NULL;
        if (!bs)
            return fail(l, "%s.base: unknown terrain set %s%s%s", p, bn ? "\"" : "",
                        bn ? bn : "(not a string)", bn ? "\"" : "");
        char bp[96];
        pathf(bp, sizeof bp, "terrain.json: sets.%s", bn);
        if (!apply_set(l, bs, bp, depth + 1, ts, card_terr))
            return false;
    }
    json_t *suits = json_object_get(s, "suits");
    if (suits && !json_is_object(suits))
        return fail(l, "%s.suits: expected an object like {\"clubs\": \"woodland\"}", p);
    const char *key;
    json_t *v;
    json_object_foreach(suits, key, v) {
        int fr = french_suit(key);
        if (fr < 0)
            return fail(l, "%s.suits: unknown suit \"%s\" (clubs, diamonds, hearts, spades)", p, key);
        const char *tn = json_string_value(v);
        int t = tn ? terrain_find(d, tn) : -1;
        if (t < 0)
            return fail(l, "%s.suits.%s: unknown terrain %s%s%s", p, key, tn ? "\"" : "",
                        tn ? tn : "(not a string)", tn ? "\"" : "");
        ts->suit[fr] = t;
        for (int c = 0; c < d->ncards; c++)
            if (d->card[c].french == fr)
                card_terr[c] = t;
    }
    json_t *ovs = json_object_get(s, "overrides");
    if (ovs && !json_is_array(ovs))
        return fail(l, "%s.overrides: expected a list", p);
    size_t i;
    json_t *ov;
    json_array_foreach(ovs, i, ov) {
        char op[128];
        pathf(op, sizeof op, "%s.overrides[%zu]", p, i);
        if (!apply_override(l, ov, op, card_terr))
            return false;
    }
    return true;
}

static bool load_terrain_set(ld *l, const char *setname, const json_t *custom)
{
    pwg_data *d = l->d;
    int card_terr[PWG_MAX_CARDS];
    pwg_tset_map ts;
    int open = terrain_find(d, "open");
    for (int i = 0; i < 4; i++)
        ts.suit[i] = open < 0 ? 0 : open;
    for (int c = 0; c < PWG_MAX_CARDS; c++)
        card_terr[c] = open < 0 ? 0 : open;
    json_t *sets = json_object_get(l->terrain, "sets");
    json_t *named = json_object_get(sets, setname);
    if (!named || setname[0] == '_') {
        char names[256] = "";
        const char *key;
        json_t *v;
        json_object_foreach(sets, key, v) {
            size_t len = strlen(names);
            snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "", key);
        }
        return fail(l, "option terrain: unknown terrain set \"%s\" (%s)", setname, names);
    }
    copy(d->terrain_set, sizeof d->terrain_set, setname);
    if (custom) {
        /* a custom set starts from its base, or from the option's set */
        if (!json_is_object(custom))
            return fail(l, "terrain_set: expected an object with \"suits\" and/or \"overrides\"");
        if (!json_object_get(custom, "base")) {
            char bp[96];
            pathf(bp, sizeof bp, "terrain.json: sets.%s", setname);
            if (!apply_set(l, named, bp, 0, &ts, card_terr))
                return false;
        }
        if (!apply_set(l, custom, "terrain_set", 0, &ts, card_terr))
            return false;
        copy(d->terrain_set, sizeof d->terrain_set, "custom");
    } else {
        char bp[96];
        pathf(bp, sizeof bp, "terrain.json: sets.%s", setname);
        if (!apply_set(l, named, bp, 0, &ts, card_terr))
            return false;
    }
    for (int c = 0; c < d->ncards; c++)
        d->card[c].terrain = (uint8_t)(d->card[c].french == PWG_JOKER ? d->joker_terrain
                                                                       : card_terr[c]);
    return true;
}

/* ---- the battlefield ------------------------------------------------------------- */

static void set_geometry(pwg_data *d)
{
    d->nlocs = d->w * d->h;
    for (int loc = 0; loc < d->nlocs; loc++) {
        int x = loc % d->w, y = loc / d->w;
        d->x[loc] = (uint8_t)x;
        d->y[loc] = (uint8_t)y;
        int n = 0;
        /* neighbours in a fixed order: south, west, east, north */
        if (y > 0)
            d->nbr[loc][n++] = (uint8_t)(loc - d->w);
        if (x > 0)
            d->nbr[loc][n++] = (uint8_t)(loc - 1);
        if (x < d->w - 1)
            d->nbr[loc][n++] = (uint8_t)(loc + 1);
        if (y < d->h - 1)
            d->nbr[loc][n++] = (uint8_t)(loc + d->w);
        d->nnbr[loc] = (uint8_t)n;
        for (int k = n; k < 4; k++)
            d->nbr[loc][k] = PWG_NONE;
    }
}

/* Splits a row string into tokens; returns the count or -1 if too many. */
static int split(const char *row, char tok[][8], int max)
{
    int n = 0;
    const char *p = row;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (!*p)
            return n;
        const char *q = p;
        while (*q && *q != ' ' && *q != '\t' && *q != ',')
            q++;
        if (n >= max)
            return -1;
        size_t len = (size_t)(q - p);
        if (len > 7)
            len = 7;
        memcpy(tok[n], p, len);
        tok[n][len] = '\0';
        n++;
        p = q;
    }
}

static bool load_rows(ld *l, const json_t *bf, const char *key, bool cards)
{
    pwg_data *d = l->d;
    json_t *rows = json_object_get(bf, key);
    if (!json_is_array(rows) || json_array_size(rows) == 0)
        return fail(l, "battlefield.%s: expected a list of rows (row 1 first)", key);
    int h = (int)json_array_size(rows);
    if (h > PWG_MAX_H)
        return fail(l, "battlefield.%s: %d rows; at most %d", key, h, PWG_MAX_H);
    int w = -1;
    uint64_t used = 0;
    for (int y = 0; y < h; y++) {
        const char *row = json_string_value(json_array_get(rows, (size_t)y));
        if (!row)
            return fail(l, "battlefield.%s[%d]: expected a string", key, y);
        char tok[PWG_MAX_W * 2][8];
        int n = split(row, tok, PWG_MAX_W * 2);
        if (n < 0)
            return fail(l, "battlefield.%s[%d]: more than %d locations", key, y, PWG_MAX_W);
        int vals[PWG_MAX_W];
        int nv = 0;
        for (int i = 0; i < n; i++) {
            if (cards) {
                int c = card_find(d, tok[i]);
                if (c < 0)
                    return fail(l, "battlefield.%s[%d]: no card \"%s\" in the %s deck%s", key, y,
                                tok[i], d->deck,
                                strncasecmp(tok[i], "JK", 2) == 0 ? " (are jokers off?)" : "");
                if (used >> c & 1)
                    return fail(l, "battlefield.%s[%d]: card %s is used twice", key, y,
                                d->card[c].code);
                used |= UINT64_C(1) << c;
                if (nv >= PWG_MAX_W)
                    return fail(l, "battlefield.%s[%d]: more than %d locations", key, y, PWG_MAX_W);
                vals[nv++] = c;
                continue;
            }
            int t = terrain_find_token(d, tok[i]);
            if (t >= 0) {
                if (nv >= PWG_MAX_W)
                    return fail(l, "battlefield.%s[%d]: more than %d locations", key, y, PWG_MAX_W);
                vals[nv++] = t;
                continue;
            }
            /* a run of symbols, e.g. "oohw" */
            for (const char *p = tok[i]; *p; p++) {
                char one[2] = {*p, 0};
                int ts = terrain_find_token(d, one);
                if (ts < 0)
                    return fail(l, "battlefield.%s[%d]: unknown terrain \"%s\"", key, y, tok[i]);
                if (nv >= PWG_MAX_W)
                    return fail(l, "battlefield.%s[%d]: more than %d locations", key, y, PWG_MAX_W);
                vals[nv++] = ts;
            }
        }
        if (nv == 0)
            return fail(l, "battlefield.%s[%d]: an empty row", key, y);
        if (w < 0)
            w = nv;
        else if (nv != w)
            return fail(l, "battlefield.%s[%d]: %d locations, but row 1 has %d", key, y, nv, w);
        for (int x = 0; x < nv; x++) {
            int loc = y * w + x;
            if (cards) {
                d->start_card[loc] = (uint8_t)vals[x];
                d->start_terrain[loc] = d->card[vals[x]].terrain;
            } else {
                d->start_card[loc] = PWG_NONE;
                d->start_terrain[loc] = (uint8_t)vals[x];
            }
        }
    }
    int gw, gh;
    if (!get_int(l, bf, "width", "battlefield", 1, PWG_MAX_W, w, &gw) ||
        !get_int(l, bf, "height", "battlefield", 1, PWG_MAX_H, h, &gh))
        return false;
    if (gw != w || gh != h)
        return fail(l, "battlefield: width %d and height %d do not match the %dx%d rows given",
                    gw, gh, w, h);
    d->w = w;
    d->h = h;
    return true;
}

static bool load_battlefield(ld *l, const json_t *bf)
{
    pwg_data *d = l->d;
    static const char *const keys[] = {"deal", "width", "height", "cards", "terrain", NULL};
    if (!bf)
        return fail(l, "battlefield: missing (give {\"deal\": true, \"width\": 9, \"height\": 6}, "
                    "\"cards\" rows or \"terrain\" rows)");
    if (!json_is_object(bf))
        return fail(l, "battlefield: expected an object");
    if (!check_keys(l, bf, "battlefield", keys))
        return false;
    int kinds = !!json_object_get(bf, "cards") + !!json_object_get(bf, "terrain") +
                json_is_true(json_object_get(bf, "deal"));
    if (kinds != 1)
        return fail(l, "battlefield: give exactly one of \"deal\": true, \"cards\" or \"terrain\"");
    if (json_is_true(json_object_get(bf, "deal"))) {
        d->deal = true;
        if (!get_int(l, bf, "width", "battlefield", 1, PWG_MAX_W, 9, &d->w) ||
            !get_int(l, bf, "height", "battlefield", 1, PWG_MAX_H, 6, &d->h))
            return false;
        if (d->w * d->h > d->ncards)
            return fail(l, "battlefield: a %dx%d battlefield needs %d cards, but the %s deck has "
                        "only %d", d->w, d->h, d->w * d->h, d->deck, d->ncards);
        for (int i = 0; i < PWG_MAX_LOCS; i++) {
            d->start_card[i] = PWG_NONE;
            d->start_terrain[i] = 0;
        }
    } else if (json_object_get(bf, "cards")) {
        if (!load_rows(l, bf, "cards", true))
            return false;
    } else if (!load_rows(l, bf, "terrain", false)) {
        return false;
    }
    set_geometry(d);
    return true;
}

static int loc_parse(ld *l, const json_t *v, const char *path)
{
    const char *s = json_string_value(v);
    char why[160];
    if (!s) {
        fail(l, "%s: expected a location like \"c4\"", path);
        return -1;
    }
    int loc = pwg_loc_parse(l->d, s, why, sizeof why);
    if (loc < 0)
        fail(l, "%s: %s", path, why);
    return loc;
}

static bool fixed_lake(const pwg_data *d, int loc)
{
    return !d->deal && (d->terrain[d->start_terrain[loc]].flags & PWG_TF_LAKE);
}

/* A list of locations into out (deduplicated, in the order given). */
static bool load_locs(ld *l, const json_t *arr, const char *path, uint8_t *out, int *n)
{
    if (!json_is_array(arr) || json_array_size(arr) == 0)
        return fail(l, "%s: expected a list of locations like [\"c4\", \"d4\"]", path);
    *n = 0;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        char p[128];
        pathf(p, sizeof p, "%s[%zu]", path, i);
        int loc = loc_parse(l, v, p);
        if (loc < 0)
            return false;
        bool dup = false;
        for (int k = 0; k < *n; k++)
            dup |= out[k] == loc;
        if (!dup)
            out[(*n)++] = (uint8_t)loc;
    }
    return true;
}

/* ---- unit types, coins ------------------------------------------------------------ */

static const struct { const char *code, *name; uint8_t cls, heavy; } std_types[PWG_STD_TYPES] = {
    {"LI", "light infantry", PWG_INFANTRY, 0}, {"HI", "heavy infantry", PWG_INFANTRY, 1},
    {"LC", "light cavalry", PWG_CAVALRY, 0},   {"HC", "heavy cavalry", PWG_CAVALRY, 1},
    {"LM", "light missile", PWG_MISSILE, 0},   {"HM", "heavy missile", PWG_MISSILE, 1},
};

static int type_find(const pwg_data *d, const char *code)
{
    for (int i = 0; i < d->ntypes; i++)
        if (streq_ci(d->type[i].code, code))
            return i;
    return -1;
}

static bool load_specials(ld *l, const json_t *sp)
{
    pwg_data *d = l->d;
    d->ntypes = PWG_STD_TYPES;
    for (int i = 0; i < PWG_STD_TYPES; i++) {
        pwg_type *t = &d->type[i];
        memset(t, 0, sizeof *t);
        copy(t->code, sizeof t->code, std_types[i].code);
        copy(t->name, sizeof t->name, std_types[i].name);
        t->cls = std_types[i].cls;
        t->heavy = std_types[i].heavy;
    }
    if (!sp)
        return true;
    if (!json_is_object(sp))
        return fail(l, "specials: expected an object like {\"GEN\": {\"name\": \"General\", "
                    "\"class\": \"infantry\", \"weight\": \"heavy\"}}");
    static const char *const keys[] = {"name", "class", "weight", "description", NULL};
    const char *code;
    json_t *v;
    json_object_foreach((json_t *)sp, code, v) {
        char p[64];
        pathf(p, sizeof p, "specials.%s", code);
        size_t len = strlen(code);
        bool letters = len >= 1 && len <= 4;
        for (size_t i = 0; i < len; i++)
            letters &= isupper((unsigned char)code[i]) != 0;
        if (!letters)
            return fail(l, "%s: a special's code must be 1 to 4 capital letters", p);
        if (type_find(d, code) >= 0)
            return fail(l, "%s: \"%s\" is already a unit type", p, code);
        if (d->ntypes >= PWG_MAX_TYPES)
            return fail(l, "%s: too many special types (at most %d)", p, PWG_MAX_SPECIALS);
        if (!json_is_object(v))
            return fail(l, "%s: expected an object", p);
        if (!check_keys(l, v, p, keys))
            return false;
        const char *name = json_string_value(json_object_get(v, "name"));
        const char *cls = json_string_value(json_object_get(v, "class"));
        const char *wt = json_string_value(json_object_get(v, "weight"));
        pwg_type *t = &d->type[d->ntypes];
        memset(t, 0, sizeof *t);
        copy(t->code, sizeof t->code, code);
        copy(t->name, sizeof t->name, name ? name : code);
        if (cls && strcmp(cls, "infantry") == 0)
            t->cls = PWG_INFANTRY;
        else if (cls && strcmp(cls, "cavalry") == 0)
            t->cls = PWG_CAVALRY;
        else if (cls && strcmp(cls, "missile") == 0)
            t->cls = PWG_MISSILE;
        else
            return fail(l, "%s.class: expected infantry, cavalry or missile", p);
        if (wt && strcmp(wt, "light") == 0)
            t->heavy = 0;
        else if (wt && strcmp(wt, "heavy") == 0)
            t->heavy = 1;
        else
            return fail(l, "%s.weight: expected light or heavy", p);
        t->special = (uint8_t)(d->ntypes - PWG_STD_TYPES + 1);
        d->ntypes++;
    }
    return true;
}

static bool coin_text(const json_t *v, char *name, char *ascii, size_t n)
{
    if (json_is_string(v)) {
        copy(name, n, json_string_value(v));
        copy(ascii, n, json_string_value(v));
        return true;
    }
    const char *nm = json_string_value(json_object_get(v, "name"));
    const char *as = json_string_value(json_object_get(v, "ascii"));
    if (!nm)
        return false;
    copy(name, n, nm);
    copy(ascii, n, as ? as : nm);
    return true;
}

static bool load_coins(ld *l)
{
    pwg_data *d = l->d;
    const char *key;
    json_t *v;
    d->ncoinsets = 0;
    json_object_foreach(l->coins, key, v) {
        if (key[0] == '_')
            continue;
        if (d->ncoinsets >= 4)
            return fail(l, "coins.json: more than 4 coin sets");
        pwg_coinset *cs = &d->coinset[d->ncoinsets];
        memset(cs, 0, sizeof *cs);
        copy(cs->key, sizeof cs->key, key);
        copy(cs->title, sizeof cs->title, json_string_value(json_object_get(v, "title")));
        json_t *units = json_object_get(v, "units");
        for (int t = 0; t < PWG_STD_TYPES; t++)
            if (!coin_text(json_object_get(units, std_types[t].code), cs->coin[t],
                           cs->coin_ascii[t], PWG_NAME))
                return fail(l, "coins.json: %s.units.%s is missing", key, std_types[t].code);
        json_t *sp = json_object_get(v, "special");
        if (!json_is_array(sp) || json_array_size(sp) == 0 ||
            json_array_size(sp) > PWG_MAX_SPECIALS)
            return fail(l, "coins.json: %s.special must list 1..%d coins", key, PWG_MAX_SPECIALS);
        size_t i;
        json_t *c;
        json_array_foreach(sp, i, c)
            if (!coin_text(c, cs->special[i], cs->special_ascii[i], PWG_NAME))
                return fail(l, "coins.json: %s.special[%zu] is not a coin", key, i);
        cs->nspecial = (int)json_array_size(sp);
        d->ncoinsets++;
    }
    return true;
}

static int coinset_find(const pwg_data *d, const char *key)
{
    for (int i = 0; i < d->ncoinsets; i++)
        if (streq_ci(d->coinset[i].key, key))
            return i;
    return -1;
}

/* ---- forces and their units ------------------------------------------------------ */

static bool add_unit(ld *l, const char *path, int force, int type, int loc, int cond)
{
    pwg_data *d = l->d;
    if (d->nunits >= PWG_UNIT_LIMIT)
        return fail(l, "%s: too many units in the scenario (at most %d)", path, PWG_UNIT_LIMIT);
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
static bool load_unit_list(ld *l, const json_t *v, const char *path, int force, int cond)
{
    pwg_data *d = l->d;
    if (json_is_array(v)) {
        size_t i;
        json_t *e;
        json_array_foreach(v, i, e) {
            char p[96];
            pathf(p, sizeof p, "%s[%zu]", path, i);
            const char *code = json_string_value(e);
            if (!code)
                return fail(l, "%s: expected a unit type like \"HI\"", p);
            int t = type_find(d, code);
            if (t < 0)
                return fail(l, "%s: unknown unit type \"%s\"", p, code);
            if (!add_unit(l, p, force, t, PWG_NONE, cond))
                return false;
        }
        return true;
    }
    if (!json_is_object(v))
        return fail(l, "%s: expected {\"LI\": 2, ...} or a list of unit types", path);
    const char *code;
    json_t *n;
    json_object_foreach((json_t *)v, code, n) {
        if (type_find(d, code) < 0)
            return fail(l, "%s: unknown unit type \"%s\"", path, code);
        if (!json_is_integer(n) || json_integer_value(n) < 0 || json_integer_value(n) > PWG_MAX_UNITS)
            return fail(l, "%s.%s: expected a count of units", path, code);
    }
    for (int t = 0; t < d->ntypes; t++) {
        json_t *cnt = NULL;
        json_object_foreach((json_t *)v, code, n)
            if (streq_ci(code, d->type[t].code))
                cnt = n;
        for (json_int_t k = 0; cnt && k < json_integer_value(cnt); k++) {
            char p[96];
            pathf(p, sizeof p, "%s.%s", path, d->type[t].code);
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

static bool on_edge(const pwg_data *d, int loc, int edge, int depth)
{
    int x = d->x[loc], y = d->y[loc];
    switch (edge) {
    case PWG_EDGE_SOUTH: return y < depth;
    case PWG_EDGE_NORTH: return y >= d->h - depth;
    case PWG_EDGE_WEST: return x < depth;
    default: return x >= d->w - depth;
    }
}

static bool load_deploy(ld *l, const json_t *fv, const char *path, int f)
{
    pwg_data *d = l->d;
    pwg_force *fo = &d->force[f];
    json_t *dep = json_object_get(fv, "deploy");
    char p[96];
    pathf(p, sizeof p, "%s.deploy", path);
    memset(fo->area, 0, sizeof fo->area);
    if (!dep || json_is_string(dep)) {
        static const int dflt[PWG_MAX_FORCES] = {PWG_EDGE_SOUTH, PWG_EDGE_NORTH, PWG_EDGE_WEST,
                                                 PWG_EDGE_EAST};
        int edge = dep ? edge_parse(json_string_value(dep)) : dflt[f];
        if (edge < 0)
            return fail(l, "%s: expected south, north, west, east or a list of locations", p);
        int depth;
        int maxd = (edge == PWG_EDGE_SOUTH || edge == PWG_EDGE_NORTH) ? d->h : d->w;
        if (!get_int(l, fv, "depth", path, 1, maxd, 1, &depth))
            return false;
        for (int loc = 0; loc < d->nlocs; loc++)
            if (on_edge(d, loc, edge, depth))
                fo->area[loc] = PWG_AREA_DEPLOY;
    } else if (json_is_array(dep)) {
        if (json_object_get(fv, "depth"))
            return fail(l, "%s.depth: only goes with an edge (south, north, west, east)", path);
        uint8_t locs[PWG_MAX_LOCS];
        int n;
        if (!load_locs(l, dep, p, locs, &n))
            return false;
        for (int i = 0; i < n; i++)
            fo->area[locs[i]] = PWG_AREA_DEPLOY;
    } else {
        return fail(l, "%s: expected south, north, west, east or a list of locations", p);
    }
    /* one card beyond the area, for light cavalry on open ground */
    for (int loc = 0; loc < d->nlocs; loc++) {
        if (fo->area[loc] & PWG_AREA_DEPLOY)
            continue;
        for (int k = 0; k < d->nnbr[loc]; k++)
            if (fo->area[d->nbr[loc][k]] & PWG_AREA_DEPLOY)
                fo->area[loc] |= PWG_AREA_LC;
    }
    return true;
}

static bool load_placed(ld *l, const json_t *arr, const char *path, int f)
{
    pwg_data *d = l->d;
    if (!arr)
        return true;
    if (!json_is_array(arr))
        return fail(l, "%s: expected a list like [{\"unit\": \"HI\", \"at\": \"c3\"}]", path);
    if (d->deal && json_array_size(arr) > 0)
        return fail(l, "%s: placed units need a fixed battlefield (\"cards\" or \"terrain\"), "
                    "not a dealt one", path);
    static const char *const keys[] = {"unit", "at", "condition", NULL};
    size_t i;
    json_t *pv;
    json_array_foreach(arr, i, pv) {
        char p[96];
        pathf(p, sizeof p, "%s[%zu]", path, i);
        if (!json_is_object(pv))
            return fail(l, "%s: expected {\"unit\": \"HI\", \"at\": \"c3\"}", p);
        if (!check_keys(l, pv, p, keys))
            return false;
        const char *code = json_string_value(json_object_get(pv, "unit"));
        int t = code ? type_find(d, code) : -1;
        if (t < 0)
            return fail(l, "%s.unit: unknown unit type %s%s%s", p, code ? "\"" : "",
                        code ? code : "(missing)", code ? "\"" : "");
        char lp[112];
        pathf(lp, sizeof lp, "%s.at", p);
        int loc = loc_parse(l, json_object_get(pv, "at"), lp);
        if (loc < 0)
            return false;
        if (fixed_lake(d, loc))
            return fail(l, "%s: no unit may be on a lake", lp);
        const char *cs = json_string_value(json_object_get(pv, "condition"));
        int cond = PWG_STEADY;
        if (cs && strcmp(cs, "wavering") == 0)
            cond = PWG_WAVERING;
        else if (cs && strcmp(cs, "steady") != 0)
            return fail(l, "%s.condition: expected steady or wavering", p);
        else if (!cs && json_object_get(pv, "condition"))
            return fail(l, "%s.condition: expected steady or wavering", p);
        if (!add_unit(l, p, f, t, loc, cond))
            return false;
    }
    return true;
}

static bool load_forces(ld *l, const json_t *forces, const char *coins_opt)
{
    pwg_data *d = l->d;
    static const char *const names[] = {"Red", "Blue", "Green", "Yellow"};
    static const char *const colours[] = {"red", "blue", "green", "yellow"};
    static const char *const keys[] = {"name", "colour", "coins", "units", "deploy", "depth",
                                       "placed", "description", NULL};
    if (!json_is_array(forces))
        return fail(l, "forces: missing or not a list (give 2 to 4 forces)");
    size_t n = json_array_size(forces);
    if (n < 2 || n > PWG_MAX_FORCES)
        return fail(l, "forces: %zu forces given; a battle needs 2 to %d", n, PWG_MAX_FORCES);
    d->nforces = (int)n;
    int dflt_coins = coinset_find(d, coins_opt);
    if (dflt_coins < 0)
        return fail(l, "option coins: unknown coin set \"%s\" (uk, eu, us)", coins_opt);
    for (int f = 0; f < d->nforces; f++) {
        json_t *fv = json_array_get(forces, (size_t)f);
        char p[64];
        pathf(p, sizeof p, "forces[%d]", f);
        if (!json_is_object(fv))
            return fail(l, "%s: expected an object", p);
        if (!check_keys(l, fv, p, keys))
            return false;
        pwg_force *fo = &d->force[f];
        const char *name = json_string_value(json_object_get(fv, "name"));
        const char *col = json_string_value(json_object_get(fv, "colour"));
        const char *coins = json_string_value(json_object_get(fv, "coins"));
        if (json_object_get(fv, "name") && (!name || !name[0] || strlen(name) >= PWG_NAME))
            return fail(l, "%s.name: expected a name of 1 to %d characters", p, PWG_NAME - 1);
        copy(fo->name, sizeof fo->name, name ? name : names[f]);
        for (int g = 0; g < f; g++)
            if (streq_ci(d->force[g].name, fo->name))
                return fail(l, "%s.name: \"%s\" is also the name of force %d", p, fo->name, g + 1);
        if (col && pwg_colour_index(col) < 0)
            return fail(l, "%s.colour: unknown colour \"%s\"", p, col);
        if (json_object_get(fv, "colour") && !col)
            return fail(l, "%s.colour: expected a colour name", p);
        copy(fo->colour, sizeof fo->colour, col ? col : colours[f]);
        fo->coins = dflt_coins;
        if (coins) {
            fo->coins = coinset_find(d, coins);
            if (fo->coins < 0)
                return fail(l, "%s.coins: unknown coin set \"%s\" (uk, eu, us)", p, coins);
        } else if (json_object_get(fv, "coins")) {
            return fail(l, "%s.coins: expected uk, eu or us", p);
        }
        if (!load_deploy(l, fv, p, f))
            return false;
        fo->first_unit = d->nunits;
        char pp[80];
        pathf(pp, sizeof pp, "%s.placed", p);
        if (!load_placed(l, json_object_get(fv, "placed"), pp, f))
            return false;
        json_t *units = json_object_get(fv, "units");
        pathf(pp, sizeof pp, "%s.units", p);
        if (units && !load_unit_list(l, units, pp, f, PWG_UNPLACED))
            return false;
        fo->nunits = d->nunits - fo->first_unit;
    }
    return true;
}

/* ---- end-phase rules, victory ----------------------------------------------------- */

static bool load_force_no(ld *l, const json_t *v, const char *path, int *out)
{
    if (!json_is_integer(v) || json_integer_value(v) < 1 ||
        json_integer_value(v) > l->d->nforces)
        return fail(l, "%s: expected a force number 1..%d", path, l->d->nforces);
    *out = (int)json_integer_value(v) - 1;
    return true;
}

/* Units of reinforcements are added after all forces' own units, then moved
 * into their force's block, so unit order stays force by force. */
static bool load_rules(ld *l, const json_t *arr)
{
    pwg_data *d = l->d;
    if (!arr)
        return true;
    if (!json_is_array(arr))
        return fail(l, "end_phase: expected a list of rules");
    if (json_array_size(arr) > PWG_MAX_RULES)
        return fail(l, "end_phase: at most %d rules", PWG_MAX_RULES);
    size_t i;
    json_t *rv;
    json_array_foreach(arr, i, rv) {
        char p[64];
        pathf(p, sizeof p, "end_phase[%zu]", i);
        if (!json_is_object(rv))
            return fail(l, "%s: expected an object with a \"rule\"", p);
        const char *kind = json_string_value(json_object_get(rv, "rule"));
        pwg_end_rule *r = &d->rule[d->nrules];
        memset(r, 0, sizeof *r);
        char fp[96];
        if (kind && strcmp(kind, "score") == 0) {
            static const char *const keys[] = {"rule", "at", "points", "description", NULL};
            if (!check_keys(l, rv, p, keys))
                return false;
            r->kind = PWG_R_SCORE;
            pathf(fp, sizeof fp, "%s.at", p);
            if (!load_locs(l, json_object_get(rv, "at"), fp, r->locs, &r->nlocs) ||
                !get_int(l, rv, "points", p, 1, 100, 1, &r->points))
                return false;
            d->scores_points = true;
        } else if (kind && strcmp(kind, "rally") == 0) {
            static const char *const keys[] = {"rule", "forces", "area", "description", NULL};
            if (!check_keys(l, rv, p, keys))
                return false;
            r->kind = PWG_R_RALLY;
            json_t *fs = json_object_get(rv, "forces");
            if (!fs) {
                r->forces = (1 << d->nforces) - 1;
            } else if (!json_is_array(fs) || json_array_size(fs) == 0) {
                return fail(l, "%s.forces: expected a list of force numbers like [1]", p);
            } else {
                size_t k;
                json_t *fv;
                json_array_foreach(fs, k, fv) {
                    int f;
                    pathf(fp, sizeof fp, "%s.forces[%zu]", p, k);
                    if (!load_force_no(l, fv, fp, &f))
                        return false;
                    r->forces |= 1 << f;
                }
            }
            json_t *area = json_object_get(rv, "area");
            pathf(fp, sizeof fp, "%s.area", p);
            if (!area || (json_is_string(area) && strcmp(json_string_value(area), "deployment") == 0))
                r->deploy_area = true;
            else if (json_is_array(area)) {
                if (!load_locs(l, area, fp, r->locs, &r->nlocs))
                    return false;
            } else
                return fail(l, "%s: expected \"deployment\" or a list of locations", fp);
        } else if (kind && strcmp(kind, "reinforce") == 0) {
            static const char *const keys[] = {"rule", "turn", "force", "units", "at",
                                               "description", NULL};
            if (!check_keys(l, rv, p, keys))
                return false;
            r->kind = PWG_R_REINFORCE;
            pathf(fp, sizeof fp, "%s.force", p);
            if (!get_int(l, rv, "turn", p, 1, 99, 1, &r->turn) ||
                !load_force_no(l, json_object_get(rv, "force"), fp, &r->force))
                return false;
            pathf(fp, sizeof fp, "%s.at", p);
            if (!load_locs(l, json_object_get(rv, "at"), fp, r->locs, &r->nlocs))
                return false;
            for (int k = 0; k < r->nlocs; k++)
                if (fixed_lake(d, r->locs[k]))
                    return fail(l, "%s[%d]: no unit may be on a lake", fp, k);
            json_t *units = json_object_get(rv, "units");
            pathf(fp, sizeof fp, "%s.units", p);
            if (!units)
                return fail(l, "%s: missing (e.g. {\"HC\": 2})", fp);
            r->first_unit = d->nunits;
            if (!load_unit_list(l, units, fp, r->force, PWG_RESERVE))
                return false;
            r->nunits = d->nunits - r->first_unit;
            if (r->nunits == 0)
                return fail(l, "%s: no units", fp);
        } else if (kind && strcmp(kind, "exit") == 0) {
            static const char *const keys[] = {"rule", "force", "edge", "points",
                                               "description", NULL};
            if (!check_keys(l, rv, p, keys))
                return false;
            r->kind = PWG_R_EXIT;
            pathf(fp, sizeof fp, "%s.force", p);
            if (!load_force_no(l, json_object_get(rv, "force"), fp, &r->force) ||
                !get_int(l, rv, "points", p, 0, 100, 1, &r->points))
                return false;
            r->edge = edge_parse(json_string_value(json_object_get(rv, "edge")));
            if (r->edge < 0)
                return fail(l, "%s.edge: expected south, north, west or east", p);
            d->scores_points = true;
        } else {
            return fail(l, "%s.rule: expected score, rally, reinforce or exit", p);
        }
        d->nrules++;
    }
    return true;
}

/* Reinforcements were appended after every force's units: move each into
 * its force's block, keeping unit order force by force. */
static void order_units(pwg_data *d)
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

static bool load_victory(ld *l, const json_t *v)
{
    pwg_data *d = l->d;
    static const char *const keys[] = {"type", "turn_limit", "at_limit", "points_to_win",
                                       "description", NULL};
    d->victory.turn_limit = 15;
    if (!v)
        return true;
    if (!json_is_object(v))
        return fail(l, "victory: expected an object");
    if (!check_keys(l, v, "victory", keys))
        return false;
    const char *type = json_string_value(json_object_get(v, "type"));
    if (json_object_get(v, "type") && (!type || strcmp(type, "last-standing") != 0))
        return fail(l, "victory.type: expected \"last-standing\"");
    if (!get_int(l, v, "turn_limit", "victory", 1, 99, 15, &d->victory.turn_limit) ||
        !get_int(l, v, "points_to_win", "victory", 0, 10000, 0, &d->victory.points_to_win))
        return false;
    const char *al = json_string_value(json_object_get(v, "at_limit"));
    if (al && strcmp(al, "points") == 0)
        d->victory.at_limit_points = true;
    else if ((al && strcmp(al, "strength") != 0) || (!al && json_object_get(v, "at_limit")))
        return fail(l, "victory.at_limit: expected strength or points");
    if (d->victory.at_limit_points || d->victory.points_to_win)
        d->scores_points = true;
    return true;
}

/* ---- options ---------------------------------------------------------------------- */

static bool opt_string(ld *l, const json_t *options, const char *key, const char *dflt,
                       const char *const *allowed, const char **out)
{
    json_t *v = json_object_get(options, key);
    if (!v) {
        *out = dflt;
        return true;
    }
    const char *s = json_string_value(v);
    if (!s)
        return fail(l, "option %s: expected a string", key);
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
        return fail(l, "option %s: unknown value \"%s\" (%s)", key, s, list);
    }
    *out = s;
    return true;
}

/* ---- the whole ------------------------------------------------------------------------- */

static bool load_all(ld *l, const json_t *sc, const json_t *options)
{
    pwg_data *d = l->d;
    static const char *const keys[] = {"name", "title", "description", "rules", "options",
                                       "battlefield", "joker", "terrain_set", "terrain_types",
                                       "specials", "forces", "first", "alliances", "end_phase",
                                       "victory", "author", "notes", NULL};
    if (!check_keys(l, sc, "scenario", keys))
        return false;
    copy(d->scenario, sizeof d->scenario, json_string_value(json_object_get(sc, "name")));
    copy(d->title, sizeof d->title, json_string_value(json_object_get(sc, "title")));
    if (!d->scenario[0])
        copy(d->scenario, sizeof d->scenario, "custom");

    static const char *const saves[] = {"heavy-infantry-and-cavalry", "heavy-only", NULL};
    static const char *const scopes[] = {"any-unit", "own-unit", NULL};
    const char *deck = "french", *tset = "normal", *coins = "uk", *save = "", *scope = "";
    bool jokers = true;
    if (!opt_string(l, options, "deck", "french", NULL, &deck) ||
        !opt_string(l, options, "terrain", "normal", NULL, &tset) ||
        !opt_string(l, options, "coins", "uk", NULL, &coins) ||
        !opt_string(l, options, "melee-save", saves[0], saves, &save) ||
        !opt_string(l, options, "cancel-scope", scopes[0], scopes, &scope))
        return false;
    if (json_object_get(options, "jokers") &&
        !get_bool(l, json_object_get(options, "jokers"), "option jokers", &jokers))
        return false;
    d->save_heavy_only = strcmp(save, "heavy-only") == 0;
    d->cancel_own_unit = strcmp(scope, "own-unit") == 0;

    if (!load_terrain_types(l, json_object_get(l->terrain, "types"), "terrain.json: types"))
        return false;
    if (json_object_get(sc, "terrain_types") &&
        !load_terrain_types(l, json_object_get(sc, "terrain_types"), "terrain_types"))
        return false;
    if (terrain_find(d, "open") < 0)
        return fail(l, "terrain.json: there must be a terrain type named \"open\"");
    json_t *jk = json_object_get(sc, "joker");
    const char *jks = json_string_value(jk);
    if (jk && (!jks || terrain_find(d, jks) < 0))
        return fail(l, "joker: unknown terrain %s%s%s", jks ? "\"" : "",
                    jks ? jks : "(not a string)", jks ? "\"" : "");
    d->joker_terrain = (uint8_t)terrain_find(d, jks ? jks : "open");

    if (!load_deck(l, deck, jokers) ||
        !load_terrain_set(l, tset, json_object_get(sc, "terrain_set")) ||
        !load_battlefield(l, json_object_get(sc, "battlefield")) || !load_coins(l) ||
        !load_specials(l, json_object_get(sc, "specials")) ||
        !load_forces(l, json_object_get(sc, "forces"), coins) ||
        !load_rules(l, json_object_get(sc, "end_phase")) ||
        !load_victory(l, json_object_get(sc, "victory")))
        return false;
    order_units(d);
    pwg_step_table(d);
    /* light cavalry's card forward never reaches into another force's area */
    for (int f = 0; f < d->nforces; f++)
        for (int g = 0; g < d->nforces; g++)
            for (int loc = 0; g != f && loc < d->nlocs; loc++)
                if (d->force[g].area[loc] & PWG_AREA_DEPLOY)
                    d->force[f].area[loc] &= (uint8_t)~PWG_AREA_LC;
    for (int f = 0; f < d->nforces; f++) {
        pwg_force *fo = &d->force[f];
        fo->narea = 0;
        for (int loc = 0; loc < d->nlocs; loc++)
            if (fo->area[loc])
                fo->area_list[fo->narea++] = (uint8_t)loc;
        /* deployment choices (types x places) must fit one list of actions */
        bool type_used[PWG_MAX_TYPES] = {false};
        int ntypes = 0;
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
            if (d->unit[u].cond == PWG_UNPLACED && !type_used[d->unit[u].type]) {
                type_used[d->unit[u].type] = true;
                ntypes++;
            }
        if (ntypes * fo->narea > ENG_MAX_ACTIONS)
            return fail(l, "forces[%d]: %d unit types to deploy over %d locations is too many "
                        "choices; use a smaller deployment area", f, ntypes, fo->narea);
    }
    for (int f = 0; f < d->nforces; f++)
        if (d->force[f].nunits == 0)
            return fail(l, "forces[%d]: has no units (give \"units\" or \"placed\")", f);

    json_t *first = json_object_get(sc, "first");
    d->first = -1;
    if (first && !load_force_no(l, first, "first", &d->first))
        return false;
    json_t *al = json_object_get(sc, "alliances");
    bool alliances = false;
    if (al && !get_bool(l, al, "alliances", &alliances))
        return false;
    d->alliances = alliances && d->nforces >= 3;
    return true;
}

void *pwg_load(const json_t *scenario, const json_t *options, eng_error *err)
{
    ld l;
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
