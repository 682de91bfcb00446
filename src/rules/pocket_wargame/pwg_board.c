/*
 * pwg_board.c - the battlefield's geometry and what its terrain allows:
 * location names, distance (orthogonal steps, so a diagonal is 2), missile
 * range with the height bonus, which steps a unit may take, and who stands
 * where. Neighbours and coordinates are precomputed in the game data; the
 * terrain of each location is in the state (it may have been dealt).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pwg.h"
#include "notation.h"

int pwg_dist(const pwg_data *d, int a, int b)
{
    return eng_grid_dist(d->x[a], d->y[a], d->x[b], d->y[b]);
}

void pwg_loc_name(const pwg_data *d, int loc, char *buf, size_t n)
{
    if (loc < 0 || loc >= d->nlocs)
        snprintf(buf, n, "-");
    else
        eng_square_name(d->x[loc], d->y[loc], buf, n);
}

/* "c4" (column letter, row number from 1) into a location, or -1 + why.
 * Columns past l or rows past 12 are never locations: a syntax error. */
int pwg_loc_parse(const pwg_data *d, const char *text, char *why, size_t n)
{
    int col, row;
    if (eng_square_parse(text, PWG_MAX_W, PWG_MAX_H, &col, &row) != 0) {
        snprintf(why, n, "expected a location like c4, got \"%s\"", text);
        return -1;
    }
    if (col >= d->w || row >= d->h) {
        snprintf(why, n, "there is no location %s on this %dx%d battlefield (a1 to %c%d)", text,
                 d->w, d->h, 'a' + d->w - 1, d->h);
        return -1;
    }
    return row * d->w + col;
}

/* Range of a missile unit at a target location (pwg_missile_range). */
int pwg_range(const pwg_data *d, const pwg_state *s, int shooter, int target_loc)
{
    return pwg_missile_range(pwg_type_of(d, shooter)->heavy,
                             pwg_terrain_at(d, s, s->loc[shooter])->elevation,
                             pwg_terrain_at(d, s, target_loc)->elevation);
}

int pwg_step_rule(const pwg_data *d, int from_terrain, int to_terrain, bool cavalry_phase)
{
    const pwg_terrain *tf = &d->terrain[from_terrain], *tt = &d->terrain[to_terrain];
    if (tt->flags & PWG_TF_LAKE)
        return PWG_MV_LAKE;
    /* the mountain rule: no move between a mountain and ground that is
     * neither hills nor mountain, whatever its elevation */
    if (((tf->flags & PWG_TF_STEEP) && !(tt->flags & PWG_TF_HIGH)) ||
        ((tt->flags & PWG_TF_STEEP) && !(tf->flags & PWG_TF_HIGH)))
        return PWG_MV_STEEP;
    if (cavalry_phase && !(tf->flags & tt->flags & PWG_TF_GOOD))
        return PWG_MV_CAVALRY_GOING;
    return PWG_MV_OK;
}

int pwg_move_check(const pwg_data *d, const pwg_state *s, int unit, int to, bool cavalry_phase)
{
    int from = s->loc[unit];
    if (pwg_dist(d, from, to) != 1)
        return PWG_MV_FAR;
    return pwg_step_rule(d, s->terr[from], s->terr[to], cavalry_phase);
}

/* pwg_step_rule for every pair of terrains, as PWG_STEP_* bits, and
 * pwg_dist for every pair of locations. */
void pwg_step_table(pwg_data *d)
{
    for (int a = 0; a < d->nlocs; a++)
        for (int b = 0; b < d->nlocs; b++)
            d->dist[a][b] = (uint8_t)pwg_dist(d, a, b);
    for (int a = 0; a < d->nterrain; a++)
        for (int b = 0; b < d->nterrain; b++)
            d->step[a][b] = (uint8_t)((pwg_step_rule(d, a, b, false) == PWG_MV_OK ? PWG_STEP_MOVE : 0) |
                                      (pwg_step_rule(d, a, b, true) == PWG_MV_OK ? PWG_STEP_CAV : 0));
}

void pwg_terrain_names(const pwg_data *d, int flags, char *buf, size_t n)
{
    int count = 0, k = 0;
    for (int t = 0; t < d->nterrain; t++)
        count += (d->terrain[t].flags & flags) == flags;
    size_t len = 0;
    buf[0] = '\0';
    for (int t = 0; t < d->nterrain && len < n; t++)
        if ((d->terrain[t].flags & flags) == flags) {
            k++;
            len += (size_t)snprintf(buf + len, n - len, "%s%s",
                                    k == 1 ? "" : k == count ? " or " : ", ", d->terrain[t].name);
        }
}

/* Does loc hold a unit of a force opposed to `force`? */
bool pwg_enemy_at(const pwg_data *d, const pwg_state *s, int loc, int force)
{
    uint8_t opp = s->opp[force];
    for (int u = 0; u < d->nunits; u++)
        if (s->loc[u] == loc && PWG_ON_MAP(s->cond[u]) && ((opp >> d->unit[u].force) & 1))
            return true;
    return false;
}

/* Units a force still has: on the map, still to deploy, or still to arrive. */
int pwg_units_left(const pwg_data *d, const pwg_state *s, int force)
{
    const pwg_force *f = &d->force[force];
    int n = 0;
    for (int u = f->first_unit; u < f->first_unit + f->nunits; u++) {
        int c = s->cond[u];
        n += PWG_ON_MAP(c) || c == PWG_UNPLACED || c == PWG_RESERVE;
    }
    return n;
}

/* Strength on the map: 2 per steady unit, 1 per wavering one. */
int pwg_strength(const pwg_data *d, const pwg_state *s, int force)
{
    const pwg_force *f = &d->force[force];
    int n = 0;
    for (int u = f->first_unit; u < f->first_unit + f->nunits; u++)
        n += s->cond[u] == PWG_STEADY ? 2 : s->cond[u] == PWG_WAVERING ? 1 : 0;
    return n;
}

/* Forces with a unit on the map at loc, as a mask. */
int pwg_forces_at(const pwg_data *d, const pwg_state *s, int loc)
{
    int mask = 0;
    for (int u = 0; u < d->nunits; u++)
        if (s->loc[u] == loc && PWG_ON_MAP(s->cond[u]))
            mask |= 1 << d->unit[u].force;
    return mask;
}
