/*
 * pwg_load_ground.c - Pocket Wargame's ground from data: terrain types
 * (terrain.json), the deck (decks.json), terrain sets mapping suits to
 * terrain, and the battlefield (dealt, or fixed by cards or terrain).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "pwg_load_ground.h"
#include "scenario.h"
#include "svg.h"

/* ---- terrain types -------------------------------------------------------- */

int pwg_load_terrain_find(const pwg_data *d, const char *name)
{
    for (int i = 0; i < d->nterrain; i++)
        if (pwg_load_streq_ci(d->terrain[i].name, name))
            return i;
    return -1;
}

static int terrain_find_token(const pwg_data *d, const char *tok)
{
    int t = pwg_load_terrain_find(d, tok);
    if (t >= 0)
        return t;
    if (tok[0] && !tok[1])
        for (int i = 0; i < d->nterrain; i++)
            if (tolower((unsigned char)d->terrain[i].symbol) == tolower((unsigned char)tok[0]))
                return i;
    return -1;
}

bool pwg_load_terrain_types(pwg_loader *l, const json_t *arr, const char *path)
{
    pwg_data *d = l->d;
    if (!json_is_array(arr))
        return pwg_load_fail(l, "%s: expected a list of terrain types", path);
    static const char *const keys[] = {"name", "symbol", "colour", "elevation", "flags",
                                       "description", NULL};
    static const struct { const char *name; uint8_t flag; } flagnames[] = {
        {"good-going", PWG_TF_GOOD}, {"open-ground", PWG_TF_OPEN}, {"cover", PWG_TF_COVER},
        {"impassable", PWG_TF_LAKE}, {"steep", PWG_TF_STEEP}, {"highland", PWG_TF_HIGH},
    };
    size_t i;
    json_t *t;
    json_array_foreach(arr, i, t) {
        char p[96];
        eng_pathf(p, sizeof p, "%s[%zu]", path, i);
        if (!json_is_object(t))
            return pwg_load_fail(l, "%s: expected an object", p);
        if (!eng_json_check_keys(t, p, keys, l->err))
            return false;
        if (d->nterrain >= PWG_MAX_TERRAINS)
            return pwg_load_fail(l, "%s: too many terrain types (at most %d)", p, PWG_MAX_TERRAINS);
        const char *name = json_string_value(json_object_get(t, "name"));
        const char *sym = json_string_value(json_object_get(t, "symbol"));
        const char *col = json_string_value(json_object_get(t, "colour"));
        if (!name || !name[0] || strlen(name) >= PWG_NAME || strchr(name, ' '))
            return pwg_load_fail(l, "%s.name: expected a one-word name", p);
        if (pwg_load_terrain_find(d, name) >= 0)
            return pwg_load_fail(l, "%s.name: terrain \"%s\" is defined twice", p, name);
        if (!sym || strlen(sym) != 1 || !isalpha((unsigned char)sym[0]))
            return pwg_load_fail(l, "%s.symbol: expected one letter", p);
        for (int k = 0; k < d->nterrain; k++)
            if (tolower((unsigned char)d->terrain[k].symbol) == tolower((unsigned char)sym[0]))
                return pwg_load_fail(l, "%s.symbol: \"%s\" is already the symbol of %s", p, sym,
                                     d->terrain[k].name);
        if (col && svg_colour_term(col) < 0)
            return pwg_load_fail(l, "%s.colour: unknown colour \"%s\"", p, col);
        int elev;
        if (!pwg_load_int(l, t, "elevation", p, 0, PWG_MAX_ELEVATION, 0, &elev))
            return false;
        pwg_terrain *tt = &d->terrain[d->nterrain];
        memset(tt, 0, sizeof *tt);
        pwg_load_copy(tt->name, sizeof tt->name, name);
        tt->symbol = (char)tolower((unsigned char)sym[0]);
        pwg_load_copy(tt->colour, sizeof tt->colour, col ? col : "white");
        tt->elevation = (uint8_t)elev;
        json_t *fl = json_object_get(t, "flags");
        if (fl && !json_is_array(fl))
            return pwg_load_fail(l, "%s.flags: expected a list of flags", p);
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
                return pwg_load_fail(l,
                                     "%s.flags[%zu]: unknown flag %s%s%s (good-going, open-ground, "
                                     "cover, impassable, steep, highland)",
                                     p, j, fs ? "\"" : "", fs ? fs : "?", fs ? "\"" : "");
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
        if (s && pwg_load_streq_ci(s, names[i]))
            return i;
    return -1;
}

bool pwg_load_deck(pwg_loader *l, const char *deck, bool jokers)
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
        return pwg_load_fail(l, "option deck: unknown deck \"%s\" (%s)", deck, names);
    }
    if (!pwg_load_copy_fit(l, d->deck, sizeof d->deck, deck, "option deck") ||
        !pwg_load_copy_fit(l, d->deck_title, sizeof d->deck_title,
                           json_string_value(json_object_get(dk, "title")), "decks.json: title"))
        return false;
    json_t *suits = json_object_get(dk, "suits"), *ranks = json_object_get(dk, "ranks");
    if (!json_is_array(suits) || json_array_size(suits) == 0 ||
        json_array_size(suits) > PWG_MAX_SUITS || !json_is_array(ranks) ||
        json_array_size(ranks) == 0 || json_array_size(ranks) > PWG_MAX_RANKS)
        return pwg_load_fail(l, "decks.json: deck \"%s\" needs 1..4 suits and 1..13 ranks", deck);
    d->nsuits = (int)json_array_size(suits);
    d->ncards = 0;
    for (int si = 0; si < d->nsuits; si++) {
        json_t *su = json_array_get(suits, (size_t)si);
        const char *scode = json_string_value(json_object_get(su, "code"));
        const char *sname = json_string_value(json_object_get(su, "name"));
        int fr = french_suit(json_string_value(json_object_get(su, "as")));
        if (!scode || strlen(scode) != 1 || !sname || fr < 0)
            return pwg_load_fail(l,
                                 "decks.json: %s.suits[%d] needs a one-letter code, a name and "
                                 "\"as\" (a French suit)",
                                 deck, si);
        if (!pwg_load_copy_fit(l, d->suit_name[si], sizeof d->suit_name[si], sname,
                               "decks.json: a suit's name"))
            return false;
        for (size_t ri = 0; ri < json_array_size(ranks); ri++) {
            json_t *rk = json_array_get(ranks, ri);
            const char *rcode = json_string_value(json_object_get(rk, "code"));
            const char *rname = json_string_value(json_object_get(rk, "name"));
            if (!rcode || strlen(rcode) > 2 || !rname ||
                strlen(rname) + strlen(" of ") + strlen(sname) >= sizeof d->card[0].name)
                return pwg_load_fail(
                    l,
                    "decks.json: %s.ranks[%zu] needs a code (1-2 characters) and "
                    "a name (the card's name, rank \"of\" suit, at most %zu characters)",
                    deck, ri, sizeof d->card[0].name - 1);
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
        return pwg_load_fail(l, "decks.json: %s.jokers must be 0..4", deck);
    for (int j = 0; jokers && j < (int)nj; j++) {
        if (d->ncards >= PWG_MAX_CARDS)
            return pwg_load_fail(l, "decks.json: deck \"%s\" has more than %d cards", deck,
                                 PWG_MAX_CARDS);
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
        if (pwg_load_streq_ci(d->card[i].code, code))
            return i;
    return -1;
}

/* ---- terrain sets -------------------------------------------------------------- */

static bool apply_override(pwg_loader *l, const json_t *ov, const char *p, int *card_terr)
{
    pwg_data *d = l->d;
    static const char *const keys[] = {"suit", "court", "ranks", "terrain", NULL};
    if (!json_is_object(ov))
        return pwg_load_fail(l, "%s: expected an object", p);
    if (!eng_json_check_keys(ov, p, keys, l->err))
        return false;
    const char *suit = json_string_value(json_object_get(ov, "suit"));
    const char *tn = json_string_value(json_object_get(ov, "terrain"));
    int fr = -2;
    if (suit && strcmp(suit, "any") == 0)
        fr = -1;
    else if (suit)
        fr = french_suit(suit);
    if (fr == -2 || (!suit))
        return pwg_load_fail(l, "%s.suit: expected clubs, diamonds, hearts, spades or any", p);
    int t = tn ? pwg_load_terrain_find(d, tn) : -1;
    if (t < 0)
        return pwg_load_fail(l, "%s.terrain: unknown terrain %s%s%s", p, tn ? "\"" : "",
                             tn ? tn : "(missing)", tn ? "\"" : "");
    bool court = json_is_true(json_object_get(ov, "court"));
    json_t *ranks = json_object_get(ov, "ranks");
    if (ranks && !json_is_array(ranks))
        return pwg_load_fail(l, "%s.ranks: expected a list of rank codes", p);
    if (!court && !ranks)
        return pwg_load_fail(l, "%s: give \"court\": true or a list of \"ranks\"", p);
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
            if (pwg_load_streq_ci(code, rc)) {
                rank_on[d->card[c].rank] = true;
                found = true;
            }
        }
        if (!found)
            return pwg_load_fail(l, "%s.ranks[%zu]: the %s deck has no rank %s%s%s", p, i, d->deck,
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
static bool apply_set(pwg_loader *l, const json_t *s, const char *p, int depth, int *card_terr)
{
    pwg_data *d = l->d;
    static const char *const keys[] = {"title", "base", "suits", "overrides", NULL};
    if (!json_is_object(s))
        return pwg_load_fail(l, "%s: expected an object", p);
    if (!eng_json_check_keys(s, p, keys, l->err))
        return false;
    if (depth > 8)
        return pwg_load_fail(l, "%s: terrain sets' bases go round in a loop", p);
    json_t *base = json_object_get(s, "base");
    if (base) {
        const char *bn = json_string_value(base);
        json_t *bs = bn ? json_object_get(json_object_get(l->terrain, "sets"), bn) : NULL;
        if (!bs)
            return pwg_load_fail(l, "%s.base: unknown terrain set %s%s%s", p, bn ? "\"" : "",
                                 bn ? bn : "(not a string)", bn ? "\"" : "");
        char bp[96];
        eng_pathf(bp, sizeof bp, "terrain.json: sets.%s", bn);
        if (!apply_set(l, bs, bp, depth + 1, card_terr))
            return false;
    }
    json_t *suits = json_object_get(s, "suits");
    if (suits && !json_is_object(suits))
        return pwg_load_fail(l, "%s.suits: expected an object like {\"clubs\": \"woodland\"}", p);
    const char *key;
    json_t *v;
    json_object_foreach(suits, key, v) {
        int fr = french_suit(key);
        if (fr < 0)
            return pwg_load_fail(l,
                                 "%s.suits: unknown suit \"%s\" (clubs, diamonds, hearts, spades)",
                                 p, key);
        const char *tn = json_string_value(v);
        int t = tn ? pwg_load_terrain_find(d, tn) : -1;
        if (t < 0)
            return pwg_load_fail(l, "%s.suits.%s: unknown terrain %s%s%s", p, key, tn ? "\"" : "",
                                 tn ? tn : "(not a string)", tn ? "\"" : "");
        for (int c = 0; c < d->ncards; c++)
            if (d->card[c].french == fr)
                card_terr[c] = t;
    }
    json_t *ovs = json_object_get(s, "overrides");
    if (ovs && !json_is_array(ovs))
        return pwg_load_fail(l, "%s.overrides: expected a list", p);
    size_t i;
    json_t *ov;
    json_array_foreach(ovs, i, ov) {
        char op[128];
        eng_pathf(op, sizeof op, "%s.overrides[%zu]", p, i);
        if (!apply_override(l, ov, op, card_terr))
            return false;
    }
    return true;
}

bool pwg_load_terrain_set(pwg_loader *l, const char *setname, const json_t *custom)
{
    pwg_data *d = l->d;
    int card_terr[PWG_MAX_CARDS];
    int open = pwg_load_terrain_find(d, "open");
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
        return pwg_load_fail(l, "option terrain: unknown terrain set \"%s\" (%s)", setname, names);
    }
    if (!pwg_load_copy_fit(l, d->terrain_set, sizeof d->terrain_set, setname, "option terrain"))
        return false;
    if (custom) {
        /* a custom set starts from its base, or from the option's set */
        if (!json_is_object(custom))
            return pwg_load_fail(
                l, "terrain_set: expected an object with \"suits\" and/or \"overrides\"");
        if (!json_object_get(custom, "base")) {
            char bp[96];
            eng_pathf(bp, sizeof bp, "terrain.json: sets.%s", setname);
            if (!apply_set(l, named, bp, 0, card_terr))
                return false;
        }
        if (!apply_set(l, custom, "terrain_set", 0, card_terr))
            return false;
        pwg_load_copy(d->terrain_set, sizeof d->terrain_set, "custom");
    } else {
        char bp[96];
        eng_pathf(bp, sizeof bp, "terrain.json: sets.%s", setname);
        if (!apply_set(l, named, bp, 0, card_terr))
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

/* Splits a row string into words (at most PWG_NAME - 1 characters each);
 * returns the count, -1 if there are more than max, or -2 if a word is too
 * long (*bad then points at it). */
static int split(const char *row, char tok[][PWG_NAME], int max, const char **bad)
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
        if (len >= PWG_NAME) {
            *bad = p;
            return -2;
        }
        memcpy(tok[n], p, len);
        tok[n][len] = '\0';
        n++;
        p = q;
    }
}

static bool load_rows(pwg_loader *l, const json_t *bf, const char *key, bool cards)
{
    pwg_data *d = l->d;
    json_t *rows = json_object_get(bf, key);
    if (!json_is_array(rows) || json_array_size(rows) == 0)
        return pwg_load_fail(l, "battlefield.%s: expected a list of rows (row 1 first)", key);
    int h = (int)json_array_size(rows);
    if (h > PWG_MAX_H)
        return pwg_load_fail(l, "battlefield.%s: %d rows; at most %d", key, h, PWG_MAX_H);
    int w = -1;
    uint64_t used = 0;
    for (int y = 0; y < h; y++) {
        const char *row = json_string_value(json_array_get(rows, (size_t)y));
        if (!row)
            return pwg_load_fail(l, "battlefield.%s[%d]: expected a string", key, y);
        char tok[PWG_MAX_W * 2][PWG_NAME];
        const char *bad = NULL;
        int n = split(row, tok, PWG_MAX_W * 2, &bad);
        if (n == -2)
            return pwg_load_fail(
                l,
                "battlefield.%s[%d]: \"%.*s...\" is too long for a terrain or card "
                "name (at most %d characters)",
                key, y, (int)eng_utf8_cut(bad, PWG_NAME - 1), bad, PWG_NAME - 1);
        if (n < 0)
            return pwg_load_fail(l, "battlefield.%s[%d]: more than %d locations", key, y,
                                 PWG_MAX_W);
        int vals[PWG_MAX_W];
        int nv = 0;
        for (int i = 0; i < n; i++) {
            if (cards) {
                int c = card_find(d, tok[i]);
                if (c < 0)
                    return pwg_load_fail(l, "battlefield.%s[%d]: no card \"%s\" in the %s deck%s",
                                         key, y, tok[i], d->deck,
                                         strncasecmp(tok[i], "JK", 2) == 0 ? " (are jokers off?)"
                                                                           : "");
                if (used >> c & 1)
                    return pwg_load_fail(l, "battlefield.%s[%d]: card %s is used twice", key, y,
                                         d->card[c].code);
                used |= UINT64_C(1) << c;
                if (nv >= PWG_MAX_W)
                    return pwg_load_fail(l, "battlefield.%s[%d]: more than %d locations", key, y,
                                         PWG_MAX_W);
                vals[nv++] = c;
                continue;
            }
            int t = terrain_find_token(d, tok[i]);
            if (t >= 0) {
                if (nv >= PWG_MAX_W)
                    return pwg_load_fail(l, "battlefield.%s[%d]: more than %d locations", key, y,
                                         PWG_MAX_W);
                vals[nv++] = t;
                continue;
            }
            /* a run of symbols, e.g. "oohw" */
            for (const char *p = tok[i]; *p; p++) {
                char one[2] = {*p, 0};
                int ts = terrain_find_token(d, one);
                if (ts < 0)
                    return pwg_load_fail(l, "battlefield.%s[%d]: unknown terrain \"%s\"", key, y,
                                         tok[i]);
                if (nv >= PWG_MAX_W)
                    return pwg_load_fail(l, "battlefield.%s[%d]: more than %d locations", key, y,
                                         PWG_MAX_W);
                vals[nv++] = ts;
            }
        }
        if (nv == 0)
            return pwg_load_fail(l, "battlefield.%s[%d]: an empty row", key, y);
        if (w < 0)
            w = nv;
        else if (nv != w)
            return pwg_load_fail(l, "battlefield.%s[%d]: %d locations, but row 1 has %d", key, y,
                                 nv, w);
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
    if (!pwg_load_int(l, bf, "width", "battlefield", 1, PWG_MAX_W, w, &gw) ||
        !pwg_load_int(l, bf, "height", "battlefield", 1, PWG_MAX_H, h, &gh))
        return false;
    if (gw != w || gh != h)
        return pwg_load_fail(
            l, "battlefield: width %d and height %d do not match the %dx%d rows given", gw, gh, w,
            h);
    d->w = w;
    d->h = h;
    return true;
}

bool pwg_load_battlefield(pwg_loader *l, const json_t *bf)
{
    pwg_data *d = l->d;
    static const char *const keys[] = {"deal", "width", "height", "cards", "terrain", NULL};
    if (!bf)
        return pwg_load_fail(
            l, "battlefield: missing (give {\"deal\": true, \"width\": 9, \"height\": 6}, "
               "\"cards\" rows or \"terrain\" rows)");
    if (!json_is_object(bf))
        return pwg_load_fail(l, "battlefield: expected an object");
    if (!eng_json_check_keys(bf, "battlefield", keys, l->err))
        return false;
    int kinds = !!json_object_get(bf, "cards") + !!json_object_get(bf, "terrain") +
                json_is_true(json_object_get(bf, "deal"));
    if (kinds != 1)
        return pwg_load_fail(
            l, "battlefield: give exactly one of \"deal\": true, \"cards\" or \"terrain\"");
    if (json_is_true(json_object_get(bf, "deal"))) {
        d->deal = true;
        if (!pwg_load_int(l, bf, "width", "battlefield", 1, PWG_MAX_W, 9, &d->w) ||
            !pwg_load_int(l, bf, "height", "battlefield", 1, PWG_MAX_H, 6, &d->h))
            return false;
        if (d->w * d->h > d->ncards)
            return pwg_load_fail(
                l,
                "battlefield: a %dx%d battlefield needs %d cards, but the %s deck has "
                "only %d",
                d->w, d->h, d->w * d->h, d->deck, d->ncards);
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

int pwg_load_loc(pwg_loader *l, const json_t *v, const char *path)
{
    const char *s = json_string_value(v);
    char why[160];
    if (!s) {
        pwg_load_fail(l, "%s: expected a location like \"c4\"", path);
        return -1;
    }
    int loc = pwg_loc_parse(l->d, s, why, sizeof why);
    if (loc < 0)
        pwg_load_fail(l, "%s: %s", path, why);
    return loc;
}

bool pwg_load_fixed_lake(const pwg_data *d, int loc)
{
    return !d->deal && (d->terrain[d->start_terrain[loc]].flags & PWG_TF_LAKE);
}

/* A list of locations into out (deduplicated, in the order given). */
bool pwg_load_locs(pwg_loader *l, const json_t *arr, const char *path, uint8_t *out, int *n)
{
    if (!json_is_array(arr) || json_array_size(arr) == 0)
        return pwg_load_fail(l, "%s: expected a list of locations like [\"c4\", \"d4\"]", path);
    *n = 0;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        char p[128];
        eng_pathf(p, sizeof p, "%s[%zu]", path, i);
        int loc = pwg_load_loc(l, v, p);
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
