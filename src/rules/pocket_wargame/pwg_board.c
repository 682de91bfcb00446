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

static uint8_t steps_of(const pwg_data *d, const uint8_t *terr, int loc);

/* pwg_step_rule for every pair of terrains, as PWG_STEP_* bits, and
 * pwg_dist for every pair of locations, and the locations within each
 * range of each; the moves' destinations by mask,
 * the deal's thresholds and the starting terrain's steps. */
void pwg_step_table(pwg_data *d)
{
    for (int a = 0; a < d->nterrain; a++)
        for (int b = 0; b < d->nterrain; b++)
            d->step[a][b] = (uint8_t)((pwg_step_rule(d, a, b, false) == PWG_MV_OK ? PWG_STEP_MOVE : 0) |
                                      (pwg_step_rule(d, a, b, true) == PWG_MV_OK ? PWG_STEP_CAV : 0));
    for (int a = 0; a < d->nterrain; a++)
        for (int b = 0; b < d->nterrain; b++)
            d->step_bits[a][b] = (uint8_t)(((d->step[a][b] & PWG_STEP_MOVE) ? 0x01 : 0) |
                                           ((d->step[a][b] & PWG_STEP_CAV) ? 0x10 : 0));
    for (int a = 0; a < d->nlocs; a++)
        for (int b = 0; b < d->nlocs; b++)
            d->dist[a][b] = (uint8_t)pwg_dist(d, a, b);
    d->loc_words = (d->nlocs + 63) / 64;
    for (int a = 0; a < d->nlocs; a++)
        for (int r = 1; r <= PWG_MAX_RANGE; r++)
            for (int b = 0; b < d->nlocs; b++)
                if (d->dist[a][b] >= 1 && d->dist[a][b] <= r)
                    d->within[a][r][b >> 6] |= UINT64_C(1) << (b & 63);
    for (int a = 0; a < d->nlocs; a++)
        for (int m = 0; m < 16; m++) {
            for (int k = 0, j = 0; k < d->nnbr[a]; k++)
                if ((m >> k) & 1)
                    d->dest[a][m][j++] = PWG_ACT(0, 0, d->nbr[a][k]);
        }
    for (int n = 1; n <= PWG_MAX_CARDS; n++) {
        double p = 1.0 / n, acc = 0;   /* as pwg_chance_outcomes and eng_pick_outcome */
        for (int i = 0; i < n; i++) {
            acc += p;
            d->deal_acc[n][i] = acc;
        }
    }
    for (int f = 0; f < d->nforces; f++)
        for (int u = d->force[f].first_unit; u < d->force[f].first_unit + d->force[f].nunits; u++)
            d->force_units[f] |= UINT64_C(1) << u;
    for (int u = 0; u < d->nunits; u++)
        d->class_units[pwg_type_of(d, u)->cls] |= UINT64_C(1) << u;
    uint8_t terr[PWG_MAX_LOCS] = {0};   /* as pwg_init sets it */
    for (int loc = 0; loc < d->nlocs; loc++)
        terr[loc] = d->start_terrain[loc];
    for (int loc = 0; loc < d->nlocs; loc++)
        d->start_steps[loc] = steps_of(d, terr, loc);
}

/* ---- the bookkeeping of steps (pwg_cache.steps) ------------------------------ */

static uint8_t steps_of(const pwg_data *d, const uint8_t *terr, int loc)
{
    unsigned m = 0;
    const uint8_t *row = d->step_bits[terr[loc]], *nb = d->nbr[loc];
    for (int k = 0, n = d->nnbr[loc]; k < n; k++)
        m |= (unsigned)row[terr[nb[k]]] << k;
    return (uint8_t)m;
}

void pwg_cache_steps(const pwg_data *d, pwg_state *s)
{
    for (int loc = 0; loc < d->nlocs; loc++)
        s->cache.steps[loc] = steps_of(d, s->terr, loc);
}

void pwg_cache_refresh(const pwg_data *d, pwg_state *s)
{
    memset(&s->cache, 0, sizeof s->cache);
    if (d->deal && s->stage == PWG_S_DEAL)
        memcpy(s->cache.steps, d->start_steps, sizeof s->cache.steps);
    else
        pwg_cache_steps(d, s);
    for (int u = 0; u < PWG_MAX_UNITS; u++)
        pwg_cache_cond(s, u);
    for (int loc = 0; loc < d->nlocs; loc++)
        pwg_cache_ground(d, s, loc);
    pwg_cache_combat(s);
    pwg_cache_turn(d, s);   /* last: the movers read the units and steps above */
}

void pwg_cache_check(const pwg_data *d, const pwg_state *s)
{
#ifndef NDEBUG
    pwg_state ref;
    memcpy(&ref, s, sizeof ref);
    pwg_cache_refresh(d, &ref);
    if (memcmp(&ref.cache, &s->cache, sizeof s->cache) != 0) {
        fprintf(stderr, "pocket-wargame: the bookkeeping differs from the position "
                "(live %llx, from the position %llx; movers %llx, %llx; toss %llx, %llx; "
                "left %llx, %llx; player %d, %d; stage %d)\n",
                (unsigned long long)s->cache.live, (unsigned long long)ref.cache.live,
                (unsigned long long)s->cache.movers, (unsigned long long)ref.cache.movers,
                (unsigned long long)s->cache.toss, (unsigned long long)ref.cache.toss,
                (unsigned long long)s->cache.left, (unsigned long long)ref.cache.left,
                s->cache.player, ref.cache.player, s->stage);
        for (int loc = 0; loc < PWG_MAX_LOCS; loc++)
            if (ref.cache.steps[loc] != s->cache.steps[loc])
                fprintf(stderr, "  steps at %d: %02x, from the position %02x\n", loc,
                        s->cache.steps[loc], ref.cache.steps[loc]);
        abort();
    }
#else
    (void)d;
    (void)s;
#endif
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
