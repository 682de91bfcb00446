/*
 * ptw_board.c - the grid and what stands on it: the terrain kinds, square
 * names, directions and distance (orthogonal steps), the 90-degree forward
 * arc, lines of sight from centre to centre, the sight fans worked out at
 * load, and who stands where (the occupancy kept in the state, units'
 * roles in the stacking rule, the enemy next to a square or facing it, the
 * commander near a unit).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ptw.h"
#include "notation.h"

const ptw_kind ptw_kinds[PTW_T_KINDS] = {
    [PTW_T_OPEN] = {'o', "open", "open", "lightgreen", 0},
    [PTW_T_WOODS] = {'w', "woods", "wood", "darkgreen",
                     PTW_SQ_COVER | PTW_SQ_SIGHT | PTW_SQ_EDGE | PTW_SQ_STOP | PTW_SQ_SLOW |
                         PTW_SQ_WOODS},
    [PTW_T_BUILT] = {'b', "built-up area", "town", "grey",
                     PTW_SQ_COVER | PTW_SQ_SIGHT | PTW_SQ_EDGE},
    [PTW_T_FORT] = {'f', "fortification", "fort", "tan", PTW_SQ_FORT | PTW_SQ_EDGE},
    [PTW_T_TRENCH] = {'t', "trench", "trnch", "brown",
                      PTW_SQ_FORT | PTW_SQ_EDGE | PTW_SQ_STOP | PTW_SQ_SLOW | PTW_SQ_TRENCH},
    [PTW_T_RIVER] = {'r', "river", "river", "blue", PTW_SQ_BLOCKED | PTW_SQ_RIVER},
    [PTW_T_FORD] = {'d', "ford", "ford", "lightblue", PTW_SQ_STOP | PTW_SQ_SLOW | PTW_SQ_RIVER},
};

void ptw_sq_name(const ptw_data *d, int sq, char *buf, size_t n)
{
    if (sq < 0 || sq >= d->nsq)
        snprintf(buf, n, "-");
    else
        eng_square_name(d->x[sq], d->y[sq], buf, n);
}

/* "c4" (column letter, row number from 1) into a square, or -1 + why. */
int ptw_sq_parse(const ptw_data *d, const char *text, char *why, size_t n)
{
    int col, row;
    if (eng_square_parse(text, PTW_MAX_W, PTW_MAX_H, &col, &row) != 0) {
        snprintf(why, n, "expected a square like c4, got \"%s\"", text);
        return -1;
    }
    if (col >= d->w || row >= d->h) {
        snprintf(why, n, "there is no square %s on this %dx%d board (a1 to %c%d)", text,
                 d->w, d->h, 'a' + d->w - 1, d->h);
        return -1;
    }
    return row * d->w + col;
}

int ptw_dir_parse(const char *text)
{
    static const char *const long_names[] = {"north", "east", "south", "west"};
    for (int i = 0; i < 4; i++)
        if ((toupper((unsigned char)text[0]) == "NESW"[i] && !text[1]) ||
            strcasecmp(text, long_names[i]) == 0)
            return i;
    return -1;
}

char ptw_dir_char(int dir) { return dir >= 0 && dir < 4 ? "NESW"[dir] : '?'; }

const char *ptw_dir_name(int dir)
{
    static const char *const names[] = {"north", "east", "south", "west"};
    return dir >= 0 && dir < 4 ? names[dir] : "?";
}

int ptw_dir_between(const ptw_data *d, int from, int to)
{
    for (int k = 0; k < 4; k++)
        if (d->nbr[from][k] == to)
            return k;
    return -1;
}

/* The 90-degree forward arc: from one 45-degree diagonal to the other, the
 * diagonals included; the square itself is not in it. */
bool ptw_in_arc(const ptw_data *d, int from, int facing, int to)
{
    int dx = (int)d->x[to] - (int)d->x[from], dy = (int)d->y[to] - (int)d->y[from];
    int fwd = dx * ptw_dx[facing] + dy * ptw_dy[facing];
    int lat = dx * ptw_dx[(facing + 1) & 3] + dy * ptw_dy[(facing + 1) & 3];
    return fwd >= 1 && abs(lat) <= fwd;
}

/* The squares a straight line from the centre of a to the centre of b
 * passes through, ends excluded; a line through a corner touches the
 * squares beside it only at a point, which does not count. Writes at most
 * max squares to via; returns how many there are. */
static int line_via(const ptw_data *d, int a, int b, uint8_t *via, int max)
{
    int x = d->x[a], y = d->y[a], bx = d->x[b], by = d->y[b];
    int dx = abs(bx - x), dy = abs(by - y);
    int sx = bx > x ? 1 : -1, sy = by > y ? 1 : -1;
    int err = dx - dy, left = dx + dy, count = 0;
    while (left > 0) {
        if (err > 0) {
            x += sx;
            err -= 2 * dy;
            left--;
        } else if (err < 0) {
            y += sy;
            err += 2 * dx;
            left--;
        } else {               /* exactly through a corner */
            x += sx;
            y += sy;
            err += 2 * dx - 2 * dy;
            left -= 2;
        }
        if (left <= 0)
            break;             /* reached b */
        if (count < max)
            via[count] = (uint8_t)(y * d->w + x);
        count++;
    }
    return count;
}

/* Does the terrain between a and b leave a direct line of sight? Woods and
 * built-up areas block it; a hill blocks it unless one end is on a hill. */
static bool terrain_sight(const ptw_data *d, int a, int b)
{
    uint8_t via[2 * (PTW_MAX_W + PTW_MAX_H)];
    int n = line_via(d, a, b, via, (int)sizeof via);
    bool high = (d->sq[a] | d->sq[b]) & PTW_SQ_HILL;
    for (int i = 0; i < n; i++) {
        uint16_t f = d->sq[via[i]];
        if ((f & PTW_SQ_SIGHT) || ((f & PTW_SQ_HILL) && !high))
            return false;
    }
    return true;
}

/* The tables of every pair of squares made at load: sight and each
 * square's sight fans. */
void ptw_build_fans(ptw_data *d)
{
    memset(d->sight, 0, sizeof d->sight);
    for (int a = 0; a < d->nsq; a++)
        for (int b = 0; b < d->nsq; b++)
            if (terrain_sight(d, a, b))
                d->sight[a][b >> 6] |= UINT64_C(1) << (b & 63);
    for (int a = 0; a < d->nsq; a++)
        for (int f = 0; f < 4; f++) {
            int n = 0;
            memset(d->fan_mask[a][f], 0, sizeof d->fan_mask[a][f]);
            for (int dist = 1; dist <= PTW_MAX_SA_RANGE; dist++)
                for (int b = 0; b < d->nsq; b++) {
                    if (ptw_dist(d, a, b) != dist || !ptw_in_arc(d, a, f, b) || n >= PTW_FAN_MAX)
                        continue;
                    ptw_ray *r = &d->fan[a][f][n++];
                    memset(r, 0, sizeof *r);
                    r->to = (uint8_t)b;
                    r->dist = (uint8_t)dist;
                    r->nvia = (uint8_t)line_via(d, a, b, r->via, 3);
                    r->clear = terrain_sight(d, a, b);
                    d->fan_mask[a][f][b >> 6] |= UINT64_C(1) << (b & 63);
                }
            d->nfan[a][f] = (uint8_t)n;
        }
}

/* ---- who stands where ------------------------------------------------------------ */

/* Who stands where, from nothing (the starting position). */
void ptw_occ_rebuild(const ptw_data *d, ptw_state *s)
{
    memset(s->occ, 0, sizeof s->occ);
    for (int u = 0; u < d->nunits; u++) {
        int r = ptw_role(d, s, u);
        if (s->loc[u] != PTW_NONE && r >= 0)
            s->occ[s->loc[u]] |= ptw_occ_bit(d->unit[u].side, r);
    }
    for (int sq = 0; sq < d->nsq; sq++)
        for (int k = 0; k < 4; k++) {
            int m = d->nbr[sq][k];
            if (m == PTW_NONE)
                continue;
            if (s->occ[m] & PTW_OCC_SIDE(0))
                s->occ[sq] |= PTW_OCC_NEAR(0);
            if (s->occ[m] & PTW_OCC_SIDE(1))
                s->occ[sq] |= PTW_OCC_NEAR(1);
        }
}

/* The near bits of sq's neighbours, after the sides present in sq changed. */
static void near_refresh(const ptw_data *d, ptw_state *s, int sq)
{
    for (int k = 0; k < d->nnbr[sq]; k++) {
        int m = d->nbrs[sq][k];
        uint8_t acc = 0;
        for (int j = 0; j < d->nnbr[m]; j++)
            acc |= s->occ[d->nbrs[m][j]];
        uint8_t near = (uint8_t)(((acc & PTW_OCC_SIDE(0)) ? PTW_OCC_NEAR(0) : 0) |
                                 ((acc & PTW_OCC_SIDE(1)) ? PTW_OCC_NEAR(1) : 0));
        s->occ[m] = (uint8_t)((s->occ[m] & PTW_OCC_UNITS) | near);
    }
}

/* Recomputes who stands in sq, and then which sides stand next to each of
 * its neighbours (only if the sides present in sq changed: the near bits
 * read nothing else of sq). */
void ptw_occ_refresh(const ptw_data *d, ptw_state *s, int sq)
{
    uint8_t o = 0;
    for (int u = 0; u < d->nunits; u++) {
        int r = ptw_role(d, s, u);
        if (s->loc[u] == sq && r >= 0)
            o |= ptw_occ_bit(d->unit[u].side, r);
    }
    uint8_t was = s->occ[sq];
    s->occ[sq] = (uint8_t)((was & ~PTW_OCC_UNITS) | o);
    if (!(was & PTW_OCC_SIDE(0)) == !(o & PTW_OCC_SIDE(0)) &&
        !(was & PTW_OCC_SIDE(1)) == !(o & PTW_OCC_SIDE(1)))
        return;
    near_refresh(d, s, sq);
}

int ptw_towing(const ptw_data *d, const ptw_state *s, int t)
{
    if (ptw_type_of(d, t)->cls != PTW_C_TRANSPORT)
        return -1;
    for (int g = 0; g < d->nunits; g++)
        if (s->towed_by[g] == t && ptw_alive(s, g))
            return g;
    return -1;
}

/* Moves u (with the gun it tows, which takes no place of its own) and
 * keeps occ up to date from what moved: u's bit leaves `from` unless
 * another unit of its side and role stands there, and joins sq; the near
 * bits change only around a square whose sides changed. (Debug builds
 * check occ against ptw_occ_rebuild after every action: ptw_apply.c.) */
void ptw_place(const ptw_data *d, ptw_state *s, int u, int sq)
{
    int from = s->loc[u];
    int g = ptw_towing(d, s, u);
    s->loc[u] = (uint8_t)sq;
    if (g >= 0)
        s->loc[g] = (uint8_t)sq;
    int side = d->unit[u].side;
    int role = ptw_role(d, s, u);
    uint8_t bit = role >= 0 ? ptw_occ_bit(side, role) : 0;
    uint8_t mine = PTW_OCC_SIDE(side);
    if (from != PTW_NONE && bit) {
        const ptw_side *f = &d->side[side];
        bool stays = false;
        for (int v = f->first_unit; v < f->first_unit + f->nunits && !stays; v++)
            stays = s->loc[v] == from && ptw_role(d, s, v) == role;
        if (!stays) {
            s->occ[from] &= (uint8_t)~bit;
            if (!(s->occ[from] & mine))      /* its side left: recount around */
                near_refresh(d, s, from);
        }
    }
    if (bit && !(s->occ[sq] & bit)) {
        if (!(s->occ[sq] & mine))            /* its side came: next to it now */
            for (int k = 0; k < d->nnbr[sq]; k++)
                s->occ[d->nbrs[sq][k]] |= PTW_OCC_NEAR(side);
        s->occ[sq] |= bit;
    }
}

void ptw_remove(const ptw_data *d, ptw_state *s, int u)
{
    int from = s->loc[u];
    if (from != PTW_NONE)
        s->alive[d->unit[u].side]--;
    s->loc[u] = PTW_NONE;
    s->towed_by[u] = PTW_NONE;
    for (int g = 0; g < d->nunits; g++)
        if (s->towed_by[g] == u)
            s->towed_by[g] = PTW_NONE;   /* a gun whose transport is gone stands alone */
    if (from != PTW_NONE)
        ptw_occ_refresh(d, s, from);
    if (!d->exhaustion_at_turn_end)
        ptw_check_exhaustion(d, s);   /* the text: exhausted immediately */
}

int ptw_enemy_dirs(const ptw_data *d, const ptw_state *s, int sq, int side)
{
    int mask = 0;
    for (int k = 0; k < 4; k++) {
        int m = d->nbr[sq][k];
        if (m != PTW_NONE && ptw_enemy_in(s, m, side))
            mask |= 1 << k;
    }
    return mask;
}

/* Is sq the square in front of an enemy of `side` (the square its front
 * edge touches)? A limbered gun faces nobody. */
bool ptw_enemy_front(const ptw_data *d, const ptw_state *s, int sq, int side)
{
    const ptw_side *e = &d->side[1 - side];
    for (int u = e->first_unit; u < e->first_unit + e->nunits; u++)
        if (ptw_alive(s, u) && s->towed_by[u] == PTW_NONE && d->nbr[s->loc[u]][s->facing[u]] == sq)
            return true;
    return false;
}

/* Is u faced by an enemy in an orthogonally adjacent square? */
bool ptw_faced_by_enemy(const ptw_data *d, const ptw_state *s, int u)
{
    return ptw_enemy_front(d, s, s->loc[u], d->unit[u].side);
}

/* The distance from sq to the nearest enemy of `side` (a large number if
 * none is left). */
int ptw_nearest_enemy(const ptw_data *d, const ptw_state *s, int sq, int side)
{
    const ptw_side *e = &d->side[1 - side];
    int best = 1000;
    for (int u = e->first_unit; u < e->first_unit + e->nunits; u++)
        if (ptw_alive(s, u)) {
            int dist = ptw_dist(d, sq, s->loc[u]);
            if (dist < best)
                best = dist;
        }
    return best;
}

/* Is a friendly commander (another unit) in u's square or orthogonally
 * adjacent to it? */
bool ptw_commander_near(const ptw_data *d, const ptw_state *s, int u)
{
    const ptw_side *f = &d->side[d->unit[u].side];
    for (int c = f->first_unit; c < f->first_unit + f->nunits; c++)
        if (c != u && ptw_alive(s, c) && ptw_type_of(d, c)->cls == PTW_C_COMMANDER &&
            ptw_dist(d, s->loc[c], s->loc[u]) <= 1)
            return true;
    return false;
}

/* The unit of the side opposing `side` that defends sq in close combat:
 * its fighting unit, else its transport, else its commander; -1 if none. */
int ptw_defender_at(const ptw_data *d, const ptw_state *s, int sq, int side)
{
    const ptw_side *e = &d->side[1 - side];
    int best = -1, best_role = 99;
    for (int u = e->first_unit; u < e->first_unit + e->nunits; u++) {
        if (s->loc[u] != sq)
            continue;
        int r = ptw_role(d, s, u);
        if (r >= 0 && r < best_role) {
            best = u;
            best_role = r;
        }
    }
    return best;
}

/* A unit is crossing a trench from the turn it enters a trench square
 * until the end of the next turn (if it stays, it then holds the trench). */
bool ptw_crossing_trench(const ptw_data *d, const ptw_state *s, int u)
{
    return ptw_alive(s, u) && (d->sq[s->loc[u]] & PTW_SQ_TRENCH) && s->entered[u] != 0 &&
           s->entered[u] + 1 >= s->turn;
}

