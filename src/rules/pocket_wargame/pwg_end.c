/*
 * pwg_end.c - the End phase (the scenario's end-phase rules in order:
 * score, rally, reinforce, exit), the victory check that follows it, the
 * returns and result text of a finished game.
 *
 * Victory check, in this order, at each End phase:
 *   1. points_to_win: a force at or over it wins (most points; ties by
 *      strength; still tied, they share);
 *   2. last standing: if the forces with units left are all mutually
 *      allied (or one is left) they share the win; none left is a draw;
 *   3. turn limit: at the end of that turn, the most strength wins (or the
 *      most points, ties by strength); ties share.
 */
#include <string.h>
#include "english.h"
#include "pwg.h"

static void add_points(pwg_state *s, int f, int pts)
{
    int v = s->points[f] + pts;
    s->points[f] = (int16_t)(v > PWG_MAX_POINTS ? PWG_MAX_POINTS : v);
}

static bool in_list(const pwg_end_rule *r, int loc)
{
    for (int i = 0; i < r->nlocs; i++)
        if (r->locs[i] == loc)
            return true;
    return false;
}

/* Is loc on the outermost row or column of that edge (where units exit)? */
static bool on_exit_edge(const pwg_data *d, int loc, int edge)
{
    switch (edge) {
    case PWG_EDGE_SOUTH: return d->y[loc] == 0;
    case PWG_EDGE_NORTH: return d->y[loc] == d->h - 1;
    case PWG_EDGE_WEST: return d->x[loc] == 0;
    default: return d->x[loc] == d->w - 1;
    }
}

static void rule_score(const pwg_data *d, pwg_state *s, const pwg_end_rule *r)
{
    for (int i = 0; i < r->nlocs; i++) {
        int mask = pwg_forces_at(d, s, r->locs[i]);
        if (mask && !(mask & (mask - 1)))      /* exactly one force holds it */
            for (int f = 0; f < d->nforces; f++)
                if (mask == 1 << f)
                    add_points(s, f, r->points);
    }
}

static void rule_rally(const pwg_data *d, pwg_state *s, const pwg_end_rule *r)
{
    for (int u = 0; u < d->nunits; u++) {
        int f = d->unit[u].force, loc = s->loc[u];
        if (s->cond[u] != PWG_WAVERING || !((r->forces >> f) & 1))
            continue;
        bool there = r->deploy_area ? (d->force[f].area[loc] & PWG_AREA_DEPLOY) != 0
                                    : in_list(r, loc);
        if (there && !pwg_enemy_at(d, s, loc, f))
            s->cond[u] = PWG_STEADY;   /* on the map before and after: live unchanged */
    }
}

static void rule_reinforce(const pwg_data *d, pwg_state *s, const pwg_end_rule *r, int idx)
{
    if (((s->rule_done >> idx) & 1) || s->turn < r->turn)
        return;
    uint8_t freel[PWG_MAX_LOCS];
    int nfree = 0;
    for (int i = 0; i < r->nlocs; i++) {
        int loc = r->locs[i];
        if (!(pwg_terrain_at(d, s, loc)->flags & PWG_TF_LAKE) && !pwg_enemy_at(d, s, loc, r->force))
            freel[nfree++] = (uint8_t)loc;
    }
    if (nfree == 0)
        return;   /* every arrival point is held by the enemy: wait a turn */
    for (int k = 0; k < r->nunits; k++) {
        int u = r->first_unit + k;
        if (s->cond[u] != PWG_RESERVE)
            continue;
        s->cond[u] = PWG_STEADY;
        pwg_cache_cond(s, u);
        s->loc[u] = freel[k % nfree];
    }
    s->rule_done |= (uint8_t)(1 << idx);
}

static void rule_exit(const pwg_data *d, pwg_state *s, const pwg_end_rule *r)
{
    const pwg_force *fo = &d->force[r->force];
    for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
        if (PWG_ON_MAP(s->cond[u]) && on_exit_edge(d, s->loc[u], r->edge)) {
            s->cond[u] = PWG_EXITED;
            pwg_cache_cond(s, u);
            add_points(s, r->force, r->points);
        }
}

/* Strength is below this (2 per unit at most), so points * STRENGTH_SPAN +
 * strength orders by points first, then by strength. */
#define STRENGTH_SPAN (2 * PWG_MAX_UNITS + 1)

/* The best of `mask` by points (if by_points) then strength; ties share. */
static int best_of(const pwg_data *d, const pwg_state *s, int mask, bool by_points)
{
    int best = 0;
    long best_key = -1;
    for (int f = 0; f < d->nforces; f++) {
        if (!((mask >> f) & 1))
            continue;
        long key = (by_points ? (long)s->points[f] * STRENGTH_SPAN : 0) + pwg_strength(d, s, f);
        if (key > best_key) {
            best_key = key;
            best = 0;
        }
        if (key == best_key)
            best |= 1 << f;
    }
    return best;
}

static void game_over(pwg_state *s, int winners)
{
    s->winners = (uint8_t)winners;
    s->stage = PWG_S_OVER;
}

int pwg_forces_left(const pwg_data *d, const pwg_state *s)
{
    int alive = 0;
    for (int f = 0; f < d->nforces; f++)
        if (pwg_units_left(d, s, f) > 0)
            alive |= 1 << f;
    return alive;
}

bool pwg_no_foes_left(const pwg_data *d, const pwg_state *s, int alive)
{
    for (int f = 0; f < d->nforces; f++)
        if (((alive >> f) & 1) && (s->opp[f] & alive))
            return false;
    return true;
}

void pwg_end_phase(const pwg_data *d, pwg_state *s)
{
    for (int i = 0; i < d->nrules; i++) {
        const pwg_end_rule *r = &d->rule[i];
        switch (r->kind) {
        case PWG_R_SCORE: rule_score(d, s, r); break;
        case PWG_R_RALLY: rule_rally(d, s, r); break;
        case PWG_R_REINFORCE: rule_reinforce(d, s, r, i); break;
        default: rule_exit(d, s, r); break;
        }
    }
    int all = (1 << d->nforces) - 1;
    if (d->victory.points_to_win > 0) {
        int reached = 0;
        for (int f = 0; f < d->nforces; f++)
            if (s->points[f] >= d->victory.points_to_win)
                reached |= 1 << f;
        if (reached) {
            game_over(s, best_of(d, s, reached, true));
            return;
        }
    }
    int alive = pwg_forces_left(d, s);
    if (alive == 0) {
        game_over(s, all);          /* nobody left: a draw */
        return;
    }
    if (pwg_no_foes_left(d, s, alive)) {
        game_over(s, alive);
        return;
    }
    if (s->turn >= d->victory.turn_limit)
        game_over(s, best_of(d, s, all, d->victory.at_limit_points));
}

void pwg_returns(const void *data, const void *st, double *out)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    int nw = 0;
    for (int f = 0; f < d->nforces; f++)
        nw += (s->winners >> f) & 1;
    for (int f = 0; f < d->nforces; f++)
        out[f] = (nw && ((s->winners >> f) & 1)) ? 1.0 / nw : 0.0;
}

void pwg_result_text(const void *data, const void *st, char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    int all = (1 << d->nforces) - 1, nw = 0;
    for (int f = 0; f < d->nforces; f++)
        nw += (s->winners >> f) & 1;
    if (s->stage != PWG_S_OVER) {
        snprintf(buf, n, "*");
        return;
    }
    if (s->winners == all || nw == 0) {
        snprintf(buf, n, "draw");
        return;
    }
    size_t len = 0;
    int k = 0;
    buf[0] = '\0';
    for (int f = 0; f < d->nforces; f++) {
        if (!((s->winners >> f) & 1))
            continue;
        k++;
        const char *sep = k == 1 ? "" : k == nw ? " and " : ", ";
        len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s", sep, d->force[f].name);
        if (len >= n)
            return;
    }
    const char *one = "";
    for (int f = 0; f < d->nforces; f++)
        if ((s->winners >> f) & 1)
            one = d->force[f].name;
    snprintf(buf + len, n - len, "%s", nw == 1 ? (eng_name_plural(one) ? " win" : " wins")
                                               : " share the win");
}
