/*
 * pkb_field.c - the battlefield of Pocket Battles: its 15 zones and their
 * names as each player sees them, who stands where, and the contacts
 * between units in the engagement zones (who fights whom).
 *
 * Each player names the sectors from their own side: L, C, R. Player 1's
 * left sector faces player 2's right, so a zone name means different zones
 * to the two players; notation always names zones as the unit's owner sees
 * them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "pkb.h"

void pkb_zone_name(int p, int z, char *buf, size_t n)
{
    if (z < 0 || z >= PKB_ZONES) {
        snprintf(buf, n, "-");
        return;
    }
    static const char sec[] = "LCR";
    int kind = pkb_zone_kind(p, z);
    const char *k = kind == PKB_ENG ? "eng" : kind == PKB_FRONT ? "front"
                  : kind == PKB_REAR ? "rear" : NULL;
    if (k)
        snprintf(buf, n, "%c-%s", sec[pkb_sector_of(p, pkb_zcol(z))], k);
    else   /* the enemy's half: named as the enemy sees it */
        snprintf(buf, n, "%c-%s(%d)", sec[pkb_sector_of(1 - p, pkb_zcol(z))],
                 pkb_zone_kind(1 - p, z) == PKB_FRONT ? "front" : "rear", 2 - p);
}

int pkb_zone_parse(int p, const char *text, char *why, size_t n)
{
    char low[16];
    size_t len = strlen(text);
    if (len >= sizeof low)
        len = sizeof low - 1;
    for (size_t i = 0; i < len; i++)
        low[i] = (char)tolower((unsigned char)text[i]);
    low[len] = '\0';
    int sector = -1;
    if (low[0] == 'l')
        sector = 0;
    else if (low[0] == 'c')
        sector = 1;
    else if (low[0] == 'r')
        sector = 2;
    const char *k = low[0] && low[1] == '-' ? low + 2 : NULL;
    int kind = -1;
    if (k && (!strcmp(k, "rear") || !strcmp(k, "r")))
        kind = PKB_REAR;
    else if (k && (!strcmp(k, "front") || !strcmp(k, "f")))
        kind = PKB_FRONT;
    else if (k && (!strcmp(k, "eng") || !strcmp(k, "e") || !strcmp(k, "engagement")))
        kind = PKB_ENG;
    if (sector < 0 || kind < 0) {
        snprintf(why, n, "expected a zone like L-front, C-rear or R-eng, got \"%s\"", text);
        return -1;
    }
    return pkb_zone(p, pkb_col_of(p, sector), kind);
}

/* which zones p's units are in: a unit off the field (zone PKB_NONE, 0xff)
 * sets bit 31, which the 16 bits kept drop: no branch per unit */
static uint16_t side_at(const pkb_side *sd)
{
    _Static_assert((PKB_NONE & 31) >= 16, "PKB_NONE's bit falls outside the zones");
    uint32_t at = 0;
    for (int u = 0; u < sd->nunits; u++)
        at |= UINT32_C(1) << (sd->unit[u].zone & 31);
    return (uint16_t)at;
}

void pkb_occupancy(const pkb_state *s, pkb_occ *o)
{
    for (int p = 0; p < PKB_SIDES; p++)
        o->at[p] = side_at(&s->side[p]);
}

/* the units of each side in each zone, the plain way */
static void zone_counts(const pkb_state *s, uint8_t count[PKB_SIDES][16])
{
    memset(count, 0, PKB_SIDES * 16);
    for (int p = 0; p < PKB_SIDES; p++)
        for (int u = 0; u < s->side[p].nunits; u++)
            if (s->side[p].unit[u].zone < PKB_ZONES)
                count[p][s->side[p].unit[u].zone]++;
}

void pkb_book_refresh(const pkb_data *d, pkb_state *s)
{
    /* units not formed keep zeros, so that the same position always has the
     * same bookkeeping, byte for byte (tests/test_bookkeeping.c) */
    memset(s->ub, 0, sizeof s->ub);
    pkb_occupancy(s, &s->occ);
    zone_counts(s, s->zcount);
    for (int p = 0; p < PKB_SIDES; p++)
        for (int u = 0; u < s->side[p].nunits; u++)
            pkb_unit_refresh(d, s, pkb_global(p, u));
}

#ifndef NDEBUG
void pkb_book_check(const pkb_data *d, const pkb_state *s)
{
    pkb_occ o;
    pkb_occupancy(s, &o);
    if (o.at[0] != s->occ.at[0] || o.at[1] != s->occ.at[1]) {
        fprintf(stderr, "pocket-battles: the occupancy kept (%04x %04x) differs from the "
                "units' zones (%04x %04x)\n", s->occ.at[0], s->occ.at[1], o.at[0], o.at[1]);
        abort();
    }
    uint8_t count[PKB_SIDES][16];
    zone_counts(s, count);
    if (memcmp(count, s->zcount, sizeof count) != 0) {
        fprintf(stderr, "pocket-battles: the units counted per zone differ from the units' "
                "zones\n");
        abort();
    }
    for (int p = 0; p < PKB_SIDES; p++)
        for (int u = 0; u < s->side[p].nunits; u++) {
            pkb_unit_book b = pkb_unit_book_plain(d, s, pkb_global(p, u));
            const pkb_unit_book *k = &s->ub[p][u];
            if (b.cost != k->cost || b.can != k->can) {
                fprintf(stderr, "pocket-battles: unit %c%d's order cost and abilities kept "
                        "(%d, %02x) differ from its troops' (%d, %02x)\n", 'A' + p, u + 1,
                        k->cost, k->can, b.cost, b.can);
                abort();
            }
        }
}
#endif

/* The one way a unit changes zone in play: the count of its side's units
 * in the zone it leaves and the zone it enters, and the occupancy's bits
 * for those two zones, kept up to date (s->zcount, s->occ). */
void pkb_set_zone(pkb_state *s, int g, int z)
{
    int p = pkb_owner(g);
    pkb_unit *un = &s->side[p].unit[pkb_local(g)];
    int old = un->zone;
    un->zone = (uint8_t)z;
    if (old < PKB_ZONES && --s->zcount[p][old] == 0)
        s->occ.at[p] = (uint16_t)(s->occ.at[p] & ~(1u << old));
    if (z < PKB_ZONES && s->zcount[p][z]++ == 0)
        s->occ.at[p] = (uint16_t)(s->occ.at[p] | 1u << z);
}

void pkb_label(int g, char *buf, size_t n)
{
    if (g < 0 || g >= PKB_SIDES * PKB_MAX_UNITS)
        snprintf(buf, n, "?");
    else
        snprintf(buf, n, "%c%d", 'A' + pkb_owner(g), pkb_local(g) + 1);
}

/* ---- contacts -------------------------------------------------------------------- */

int pkb_contacts(const pkb_state *s, int g, uint8_t *out)
{
    const pkb_unit *u = pkb_u(s, g);
    int n = 0;
    if (u->foe != PKB_NONE)
        out[n++] = u->foe;
    int e = 1 - pkb_owner(g);
    const pkb_side *es = &s->side[e];
    for (int v = 0; v < es->nunits; v++) {
        int gv = pkb_global(e, v);
        if (es->unit[v].foe == g && gv != u->foe)
            out[n++] = (uint8_t)gv;
    }
    return n;
}

bool pkb_in_contact(const pkb_state *s, int a, int b)
{
    return pkb_u(s, a)->foe == b || pkb_u(s, b)->foe == a;
}

int pkb_engagement(const pkb_state *s, int g, uint8_t *out)
{
    /* a star: g, its contacts, and if g touches one unit only, that unit's
     * other contacts */
    uint8_t c[PKB_MAX_UNITS + 1];
    int n = 0;
    out[n++] = (uint8_t)g;
    int nc = pkb_contacts(s, g, c);
    if (nc == 0)
        return n;
    int centre = nc == 1 ? c[0] : g;
    uint8_t all[PKB_Q];
    int na = 0;
    all[na++] = (uint8_t)centre;
    na += pkb_contacts(s, centre, all + na);
    /* g first, the others by index */
    for (int want = 0; want < PKB_SIDES * PKB_MAX_UNITS; want++)
        for (int i = 0; i < na; i++)
            if (all[i] == want && want != g)
                out[n++] = (uint8_t)want;
    return n;
}

void pkb_contact(pkb_state *s, int x, int t)
{
    pkb_unit *ux = pkb_um(s, x), *ut = pkb_um(s, t);
    uint8_t c[PKB_MAX_UNITS + 1];
    int nc = pkb_contacts(s, t, c);
    if (nc == 1) {
        /* t touches one unit y of x's side: if y is outnumbered (t and
         * others against it), t breaks off into a fight of its own with x */
        int y = c[0];
        uint8_t cy[PKB_MAX_UNITS + 1];
        if (pkb_contacts(s, y, cy) >= 2) {
            pkb_unit *uy = pkb_um(s, y);
            ut->foe = (uint8_t)x;
            ux->foe = (uint8_t)t;
            if (uy->foe == t) {
                /* y still touches the others: point it at one of them */
                int e = pkb_owner(t);
                for (int v = 0; v < s->side[e].nunits; v++)
                    if (s->side[e].unit[v].foe == y) {
                        uy->foe = (uint8_t)pkb_global(e, v);
                        break;
                    }
            }
            return;
        }
    }
    /* otherwise x joins t: t is (or becomes) the unit outnumbered */
    ux->foe = (uint8_t)t;
    if (nc == 0)
        ut->foe = (uint8_t)x;
}

void pkb_break_contacts(pkb_state *s, int g)
{
    uint8_t c[PKB_MAX_UNITS + 1];
    int nc = pkb_contacts(s, g, c);
    pkb_um(s, g)->foe = PKB_NONE;
    int e = 1 - pkb_owner(g);
    for (int v = 0; v < s->side[e].nunits; v++)
        if (s->side[e].unit[v].foe == g)
            s->side[e].unit[v].foe = PKB_NONE;
    /* each former partner: still touching someone, or back to its front */
    for (int i = 0; i < nc; i++) {
        int h = c[i];
        pkb_unit *uh = pkb_um(s, h);
        if (uh->foe != PKB_NONE)
            continue;
        for (int v = 0; v < s->side[pkb_owner(g)].nunits; v++)
            if (s->side[pkb_owner(g)].unit[v].foe == h) {
                uh->foe = (uint8_t)pkb_global(pkb_owner(g), v);
                break;
            }
        if (uh->foe == PKB_NONE && uh->troops && uh->zone != PKB_NONE)
            pkb_set_zone(s, h, pkb_zone(pkb_owner(h), pkb_zcol(uh->zone), PKB_FRONT));
    }
}
