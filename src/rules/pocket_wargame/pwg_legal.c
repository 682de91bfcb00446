/*
 * pwg_legal.c - the legal actions of the force to act, whether a force has
 * anything it could do in a phase (else it is skipped), and, for an action
 * that is not legal, the rule it breaks in a player's words.
 *
 * No allocation: actions are written straight into the caller's array.
 * Order is fixed: by unit (or type) order, then neighbour order (south,
 * west, east, north) or location order, then `end`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pwg.h"


static inline bool acted(const pwg_state *s, int u) { return (s->acted >> u) & 1; }

static bool light_cavalry(const pwg_type *t) { return t->cls == PWG_CAVALRY && !t->heavy; }

/* Types of which force f still has units to deploy, as a mask. */
static uint32_t unplaced_types(const pwg_data *d, const pwg_state *s, int f)
{
    const pwg_force *fo = &d->force[f];
    uint32_t m = 0;
    for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
        if (s->cond[u] == PWG_UNPLACED)
            m |= UINT32_C(1) << d->unit[u].type;
    return m;
}

int pwg_deploy_rule(const pwg_data *d, int f, int type, int loc, int terrain)
{
    int area = d->force[f].area[loc];
    const pwg_terrain *t = &d->terrain[terrain];
    if (!(area & PWG_AREA_DEPLOY)) {
        if (!(area & PWG_AREA_LC) || !light_cavalry(&d->type[type]))
            return PWG_DEP_AREA;
        if (!(t->flags & PWG_TF_OPEN))
            return PWG_DEP_LC_OPEN;
    }
    if (t->flags & PWG_TF_LAKE)
        return PWG_DEP_LAKE;
    return PWG_DEP_OK;
}

/* May a unit of this type be deployed at loc by force f (area and terrain)? */
static inline int deploy_where(const pwg_data *d, const pwg_state *s, int f, int type, int loc)
{
    return pwg_deploy_rule(d, f, type, loc, s->terr[loc]);
}

int pwg_deploy_ok(const pwg_data *d, const pwg_state *s, int f, int type, int loc)
{
    if (!((unplaced_types(d, s, f) >> type) & 1))
        return PWG_DEP_NONE_LEFT;
    return deploy_where(d, s, f, type, loc);
}

/* The places of force f's area where a coin may be deployed, as sets of
 * locations, for the two kinds of type pwg_deploy_rule tells apart ([1]
 * light cavalry, [0] the rest), from the bookkeeping's ground sets: in the
 * deployment area and not a lake; light cavalry also one card beyond it on
 * open ground. Debug builds compare the listing with pwg_deploy_rule's. */
static void deploy_places(const pwg_data *d, const pwg_state *s, int f,
                          uint64_t where[2][PWG_LOC_WORDS])
{
    const pwg_force *fo = &d->force[f];
    for (int w = 0; w < PWG_LOC_WORDS; w++) {
        uint64_t dry = ~s->cache.lake[w];
        where[0][w] = fo->deploy_set[w] & dry;
        where[1][w] = where[0][w] | (fo->beyond_set[w] & s->cache.open[w] & dry);
    }
}

bool pwg_force_can_deploy(const pwg_data *d, const pwg_state *s, int f)
{
    uint32_t types = unplaced_types(d, s, f);
    if (!types)
        return false;
    uint64_t where[2][PWG_LOC_WORDS];
    deploy_places(d, s, f, where);
    for (int t = 0; t < d->ntypes; t++)
        for (int w = 0; ((types >> t) & 1) && w < PWG_LOC_WORDS; w++)
            if (where[light_cavalry(&d->type[t])][w])
                return true;
    return false;
}

bool pwg_in_melee(const pwg_data *d, const pwg_state *s, int u)
{
    return pwg_enemy_at(d, s, s->loc[u], d->unit[u].force);
}

/* The enemy units a force could shoot at, gathered once per listing so
 * that each shooter looks at a short array instead of every unit: units of
 * the forces it is opposed to, on the map, in unit order (forces' units
 * are numbered force by force), with their locations; and the set of
 * those locations, which answers "in melee?" and "any target in range?"
 * for a shooter by a few words of bits (the sets d->within). */
typedef struct pwg_foes {
    int n;
    uint8_t unit[PWG_MAX_UNITS];
    uint8_t loc[PWG_MAX_UNITS];
    uint64_t at[PWG_LOC_WORDS];
} pwg_foes;

static void gather_foes(const pwg_data *d, const pwg_state *s, int f, pwg_foes *e)
{
    uint8_t opp = s->opp[f];
    uint64_t foes = 0;
    for (int g = 0; g < d->nforces; g++)
        if ((opp >> g) & 1)
            foes |= d->force_units[g];
    memset(e->at, 0, sizeof e->at);
    e->n = 0;
    for (uint64_t m = foes & s->cache.live; m; m &= m - 1) {
        int t = __builtin_ctzll(m), loc = s->loc[t];
        e->unit[e->n] = (uint8_t)t;
        e->loc[e->n] = (uint8_t)loc;
        e->at[loc >> 6] |= UINT64_C(1) << (loc & 63);
        e->n++;
    }
}

/* The locations holding foes that missile unit u may shoot at, into
 * `in`; false if u is in melee (a foe on its own card), which forbids
 * shooting. The range rule (pwg_missile_range) by sets: every foe within
 * the unit's own range, and one card further those whose ground is lower
 * than the shooter's. */
static bool shot_locs(const pwg_data *d, const pwg_state *s, int u, const pwg_foes *e,
                      uint64_t in[PWG_LOC_WORDS])
{
    int from = s->loc[u];
    if ((e->at[from >> 6] >> (from & 63)) & 1)
        return false;
    int base = pwg_missile_range(pwg_type_of(d, u)->heavy, 0, 0);
    const uint64_t (*within)[PWG_LOC_WORDS] = d->within[from];
    for (int w = 0; w < d->loc_words; w++) {
        in[w] = e->at[w] & within[base][w];
        /* one card further: in range where the rule gives it more (from
         * higher ground) */
        for (uint64_t m = e->at[w] & within[base + 1][w] & ~within[base][w]; m; m &= m - 1) {
            int loc = 64 * w + __builtin_ctzll(m);
            if (pwg_range(d, s, u, loc) > base)
                in[w] |= UINT64_C(1) << (loc & 63);
        }
    }
    return true;
}

/* Has missile unit u anything to shoot at? */
static bool can_shoot(const pwg_data *d, const pwg_state *s, int u, const pwg_foes *e)
{
    uint64_t in[PWG_LOC_WORDS] = {0}, any = 0;
    if (!shot_locs(d, s, u, e, in))
        return false;
    for (int w = 0; w < d->loc_words; w++)
        any |= in[w];
    return any != 0;
}

/* The shots of missile unit u, in target order, into out; their count. */
static int shoot_targets(const pwg_data *d, const pwg_state *s, int u, const pwg_foes *e,
                         eng_action *out)
{
    uint64_t in[PWG_LOC_WORDS] = {0};
    if (!shot_locs(d, s, u, e, in))
        return 0;
    int n = 0;
    eng_action base = PWG_ACT(PWG_A_SHOOT, u, 0);
    for (int i = 0; i < e->n; i++) {
        int loc = e->loc[i];
        out[n] = base | ((eng_action)e->unit[i] << 16);
        n += (int)((in[loc >> 6] >> (loc & 63)) & 1);   /* written, counted if in range */
    }
    return n;
}

/* The units of force f that may still act in this phase: on the map (the
 * bookkeeping's live mask), not acted yet, of the class the phase moves. */
static uint64_t ready_units(const pwg_data *d, const pwg_state *s, int f)
{
    uint64_t m = d->force_units[f] & s->cache.live & ~s->acted;
    if (s->stage == PWG_S_CAVALRY)
        m &= d->class_units[PWG_CAVALRY];
    else if (s->stage == PWG_S_RANGED)
        m &= d->class_units[PWG_MISSILE];
    return m;
}

uint64_t pwg_movers(const pwg_data *d, const pwg_state *s, int f)
{
    uint8_t need = s->stage == PWG_S_CAVALRY ? 0xf0 : 0x0f;
    uint64_t movers = 0;
    for (uint64_t m = ready_units(d, s, f); m; m &= m - 1) {
        int u = __builtin_ctzll(m);
        if (s->cache.steps[s->loc[u]] & need)
            movers |= UINT64_C(1) << u;
    }
    return movers;
}

static bool can_act_fast(const pwg_data *d, const pwg_state *s, int f)
{
    switch (s->stage) {
    case PWG_S_ALLIANCE:
        return pwg_units_left(d, s, f) > 0;
    case PWG_S_CAVALRY:
    case PWG_S_MOVEMENT:
        return pwg_movers(d, s, f) != 0;
    case PWG_S_RANGED: {
        uint64_t m = ready_units(d, s, f);
        if (!m)
            return false;
        pwg_foes e;
        gather_foes(d, s, f, &e);
        for (; m; m &= m - 1)
            if (can_shoot(d, s, __builtin_ctzll(m), &e))
                return true;
        return false;
    }
    default:
        return false;
    }
}

/* The deployments of force f, by type then area location. The deployment
 * rule (pwg_deploy_rule) depends on the type only through whether it is
 * light cavalry, so the area is checked once for both kinds of type
 * (deploy_places) and the locations found are written for every type of
 * that kind. */
static int list_deploys(const pwg_data *d, const pwg_state *s, int f, eng_action *restrict out)
{
    uint32_t types = unplaced_types(d, s, f);
    if (!types)
        return 0;
    uint64_t where[2][PWG_LOC_WORDS];
    deploy_places(d, s, f, where);
    int n = 0;
    for (int t = 0; t < d->ntypes; t++) {
        if (!((types >> t) & 1))
            continue;
        const uint64_t *set = where[light_cavalry(&d->type[t])];
        eng_action base = PWG_ACT(PWG_A_DEPLOY, t, 0);
        for (int w = 0; w < PWG_LOC_WORDS; w++)
            for (uint64_t m = set[w]; m; m &= m - 1)
                out[n++] = base | ((eng_action)(64 * w + __builtin_ctzll(m)) << 16);
    }
    return n;
}

/* The moves of the force's units that have not acted (cavalry only in the
 * Cavalry phase), in unit then neighbour order, then `end`. Every listing
 * in the Cavalry and Movement phases comes here, so it is written for
 * speed: the units that may move from the bookkeeping (pwg_cache.movers,
 * kept by apply), a unit's steps from the bookkeeping (pwg_cache.steps, a
 * bit per neighbour) and their destinations from the table d->dest; all
 * four are written and only the legal ones counted (no branch per
 * neighbour; out has room: at most 4 a unit). */
static int list_moves(const pwg_data *d, const pwg_state *s, eng_action *restrict out)
{
    int shift = s->stage == PWG_S_CAVALRY ? 4 : 0, n = 0;
    for (uint64_t r = s->cache.movers; r; r &= r - 1) {
        int u = __builtin_ctzll(r), from = s->loc[u];
        unsigned m = (s->cache.steps[from] >> shift) & 0xf;
        const eng_action *to = d->dest[from][m];
        eng_action base = PWG_ACT(PWG_A_MOVE, u, 0);
        for (int k = 0; k < 4; k++)
            out[n + k] = base | to[k];
        n += (0x4332322132212110u >> (4 * m)) & 0xf;   /* bits set in m */
    }
    out[n++] = PWG_ACT(PWG_A_END, 0, 0);
    return n;
}

static int legal_fast(const pwg_data *d, const pwg_state *s, eng_action *out)
{
    int f = s->cache.player, n = 0;   /* pwg_actor's answer, kept by pwg_apply */
    if (f < 0)
        return 0;
    switch (s->stage) {
    case PWG_S_DEPLOY:
        return list_deploys(d, s, f, out);
    case PWG_S_ALLIANCE:
        for (int g = 0; g < d->nforces; g++) {
            if (g == f || ((s->changed[f] >> g) & 1) || pwg_units_left(d, s, g) == 0)
                continue;
            out[n++] = PWG_ACT((s->stance[f] >> g) & 1 ? PWG_A_HOSTILE : PWG_A_ALLY, g, 0);
        }
        out[n++] = PWG_ACT(PWG_A_READY, 0, 0);
        return n;
    case PWG_S_CAVALRY:
    case PWG_S_MOVEMENT:
        return list_moves(d, s, out);
    case PWG_S_RANGED: {
        pwg_foes e;
        gather_foes(d, s, f, &e);
        for (uint64_t m = ready_units(d, s, f); m; m &= m - 1)
            n += shoot_targets(d, s, __builtin_ctzll(m), &e, out + n);
        out[n++] = PWG_ACT(PWG_A_END, 0, 0);
        return n;
    }
    case PWG_S_SPEND:
        return pwg_combat_legal(d, s, out);
    default:
        return 0;
    }
}

/* ---- the plain computation, checked against in debug builds ---------------- */

#ifndef NDEBUG
/* The rules as they read, one unit and one location at a time, with no
 * gathered foes, distance table or shared deployment lists: debug builds
 * list every position both ways and abort if the lists differ, so the
 * conformance and invariant tests check the fast paths on every action. */
static bool plain_step(const pwg_data *d, const pwg_state *s, int u, int need)
{
    int from = s->loc[u];
    for (int k = 0; k < d->nnbr[from]; k++)
        if (pwg_step_ok(d, s, from, d->nbr[from][k], need))
            return true;
    return false;
}

static int plain_shots(const pwg_data *d, const pwg_state *s, int u, eng_action *out)
{
    if (pwg_in_melee(d, s, u))
        return 0;
    int n = 0;
    for (int t = 0; t < d->nunits; t++) {
        if (!PWG_ON_MAP(s->cond[t]) || !pwg_opposed(s, d->unit[u].force, d->unit[t].force))
            continue;
        int dist = pwg_dist(d, s->loc[u], s->loc[t]);
        if (dist >= 1 && dist <= pwg_range(d, s, u, s->loc[t])) {
            if (out)
                out[n] = PWG_ACT(PWG_A_SHOOT, u, t);
            n++;
        }
    }
    return n;
}

static bool plain_can_act(const pwg_data *d, const pwg_state *s, int f)
{
    const pwg_force *fo = &d->force[f];
    for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++) {
        if (!PWG_ON_MAP(s->cond[u]) || acted(s, u))
            continue;
        int cls = pwg_type_of(d, u)->cls;
        if ((s->stage == PWG_S_CAVALRY && cls == PWG_CAVALRY && plain_step(d, s, u, PWG_STEP_CAV)) ||
            (s->stage == PWG_S_RANGED && cls == PWG_MISSILE && plain_shots(d, s, u, NULL) > 0) ||
            (s->stage == PWG_S_MOVEMENT && plain_step(d, s, u, PWG_STEP_MOVE)))
            return true;
    }
    return s->stage == PWG_S_ALLIANCE && pwg_units_left(d, s, f) > 0;
}

static int plain_legal(const pwg_data *d, const pwg_state *s, eng_action *out)
{
    int f = pwg_actor(d, s), n = 0;
    if (f < 0)
        return 0;
    const pwg_force *fo = &d->force[f];
    switch (s->stage) {
    case PWG_S_DEPLOY:
        for (int t = 0; t < d->ntypes; t++)
            for (int i = 0; i < fo->narea; i++)
                if (pwg_deploy_ok(d, s, f, t, fo->area_list[i]) == PWG_DEP_OK)
                    out[n++] = PWG_ACT(PWG_A_DEPLOY, t, fo->area_list[i]);
        return n;
    case PWG_S_CAVALRY:
    case PWG_S_MOVEMENT:
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++) {
            bool cav = s->stage == PWG_S_CAVALRY;
            if (!PWG_ON_MAP(s->cond[u]) || acted(s, u) ||
                (cav && pwg_type_of(d, u)->cls != PWG_CAVALRY))
                continue;
            int from = s->loc[u];
            for (int k = 0; k < d->nnbr[from]; k++)
                if (pwg_move_check(d, s, u, d->nbr[from][k], cav) == PWG_MV_OK)
                    out[n++] = PWG_ACT(PWG_A_MOVE, u, d->nbr[from][k]);
        }
        out[n++] = PWG_ACT(PWG_A_END, 0, 0);
        return n;
    case PWG_S_RANGED:
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
            if (PWG_ON_MAP(s->cond[u]) && !acted(s, u) && pwg_type_of(d, u)->cls == PWG_MISSILE)
                n += plain_shots(d, s, u, out + n);
        out[n++] = PWG_ACT(PWG_A_END, 0, 0);
        return n;
    default:
        return -1;   /* no fast path here: nothing to compare */
    }
}

static void check_fast(const char *what, bool same)
{
    if (!same) {
        fprintf(stderr, "pocket-wargame: the fast %s differs from the plain rules\n", what);
        abort();
    }
}
#endif

bool pwg_force_can_act(const pwg_data *d, const pwg_state *s, int f)
{
    bool can = can_act_fast(d, s, f);
#ifndef NDEBUG
    check_fast("check for a force that can act", can == plain_can_act(d, s, f));
#endif
    return can;
}

int pwg_legal_actions(const void *data, const void *st, eng_action *out)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    int n = legal_fast(d, s, out);
#ifndef NDEBUG
    eng_action ref[ENG_MAX_ACTIONS];
    int m = plain_legal(d, s, ref);
    check_fast("legal listing", m < 0 || (m == n && memcmp(ref, out, (size_t)n * sizeof *out) == 0));
#endif
    return n;
}

/* ---- why not ------------------------------------------------------------------ */

static const char *terrain_name(const pwg_data *d, const pwg_state *s, int loc)
{
    return pwg_terrain_at(d, s, loc)->name;
}

/* Checks the unit belongs to the actor and is on the map; false + why if not. */
static bool own_unit(const pwg_data *d, const pwg_state *s, int u, int actor, char *why, size_t n)
{
    char r[24];
    if (u >= d->nunits) {
        snprintf(why, n, "there is no such unit");
        return false;
    }
    pwg_unit_ref(d, u, actor, r, sizeof r);
    if (d->unit[u].force != actor) {
        snprintf(why, n, "%s belongs to %s; it is %s's turn to act", r,
                 d->force[d->unit[u].force].name, d->force[actor].name);
        return false;
    }
    switch (s->cond[u]) {
    case PWG_DESTROYED:
        snprintf(why, n, "%s has been destroyed", r);
        return false;
    case PWG_EXITED:
        snprintf(why, n, "%s has left the battlefield", r);
        return false;
    case PWG_UNPLACED:
        snprintf(why, n, "%s has not been deployed", r);
        return false;
    case PWG_RESERVE:
        snprintf(why, n, "%s has not arrived yet", r);
        return false;
    default:
        return true;
    }
}

static void explain_move(const pwg_data *d, const pwg_state *s, int u, int to, char *why, size_t n)
{
    int actor = pwg_actor(d, s);
    if (s->stage != PWG_S_CAVALRY && s->stage != PWG_S_MOVEMENT) {
        snprintf(why, n, "units move only in the Cavalry phase (cavalry only) and the Movement "
                 "phase");
        return;
    }
    if (!own_unit(d, s, u, actor, why, n))
        return;
    char r[24], a[8], b[8];
    pwg_unit_ref(d, u, actor, r, sizeof r);
    const pwg_type *t = pwg_type_of(d, u);
    bool cav = s->stage == PWG_S_CAVALRY;
    if (acted(s, u)) {
        snprintf(why, n, "%s has already moved this phase", r);
        return;
    }
    if (cav && t->cls != PWG_CAVALRY) {
        snprintf(why, n, "only cavalry moves in the Cavalry phase (%s is %s)", r, t->name);
        return;
    }
    int from = s->loc[u];
    pwg_loc_name(d, from, a, sizeof a);
    pwg_loc_name(d, to, b, sizeof b);
    switch (pwg_move_check(d, s, u, to, cav)) {
    case PWG_MV_FAR:
        snprintf(why, n, "%s can only move one card horizontally or vertically", r);
        return;
    case PWG_MV_LAKE:
        snprintf(why, n, "no unit may enter a lake (%s)", b);
        return;
    case PWG_MV_STEEP: {
        char steep[96], high[96];
        pwg_terrain_names(d, PWG_TF_STEEP, steep, sizeof steep);
        pwg_terrain_names(d, PWG_TF_HIGH, high, sizeof high);
        snprintf(why, n, "a move between steep ground (%s) and ground that is not highland (%s) "
                 "is not possible (%s is %s, %s is %s)", steep, high, a, terrain_name(d, s, from),
                 b, terrain_name(d, s, to));
        return;
    }
    case PWG_MV_CAVALRY_GOING: {
        bool to_bad = !(pwg_terrain_at(d, s, to)->flags & PWG_TF_GOOD);
        snprintf(why, n, "cavalry may only move in the cavalry phase between open ground or "
                 "hills: %s is %s", to_bad ? b : a, terrain_name(d, s, to_bad ? to : from));
        return;
    }
    default:
        snprintf(why, n, "%s cannot move to %s now", r, b);
    }
}

static void explain_shoot(const pwg_data *d, const pwg_state *s, int u, int t, char *why, size_t n)
{
    int actor = pwg_actor(d, s);
    if (s->stage != PWG_S_RANGED) {
        snprintf(why, n, "missile units shoot only in the Ranged phase");
        return;
    }
    if (!own_unit(d, s, u, actor, why, n))
        return;
    char r[24], tr[24];
    pwg_unit_ref(d, u, actor, r, sizeof r);
    if (pwg_type_of(d, u)->cls != PWG_MISSILE) {
        snprintf(why, n, "%s is not a missile unit (it is %s)", r, pwg_type_of(d, u)->name);
        return;
    }
    if (acted(s, u)) {
        snprintf(why, n, "%s has already shot this phase", r);
        return;
    }
    if (pwg_in_melee(d, s, u)) {
        snprintf(why, n, "%s is in melee and cannot shoot", r);
        return;
    }
    if (t >= d->nunits) {
        snprintf(why, n, "there is no such target");
        return;
    }
    pwg_unit_ref(d, t, actor, tr, sizeof tr);
    int tf = d->unit[t].force;
    if (tf == actor) {
        snprintf(why, n, "%s is one of your own units", tr);
        return;
    }
    if (!pwg_opposed(s, actor, tf)) {
        snprintf(why, n, "%s is allied with you: only enemy units may be shot at",
                 d->force[tf].name);
        return;
    }
    if (!PWG_ON_MAP(s->cond[t])) {
        snprintf(why, n, "%s is not on the battlefield", tr);
        return;
    }
    int dist = pwg_dist(d, s->loc[u], s->loc[t]), range = pwg_range(d, s, u, s->loc[t]);
    bool bonus = range > pwg_missile_range(pwg_type_of(d, u)->heavy, 0, 0);
    snprintf(why, n, "%s is out of range (%d card%s; range %d%s)", tr, dist, dist == 1 ? "" : "s",
             range, bonus ? ", one more for shooting from higher ground" : "");
}

static void explain_deploy(const pwg_data *d, const pwg_state *s, int t, int loc, char *why,
                           size_t n)
{
    if (s->stage != PWG_S_DEPLOY) {
        snprintf(why, n, "units are deployed only before the battle begins");
        return;
    }
    int f = pwg_actor(d, s);
    char b[8];
    pwg_loc_name(d, loc, b, sizeof b);
    if (t >= d->ntypes || loc >= d->nlocs) {
        snprintf(why, n, "there is no such unit type or location");
        return;
    }
    switch (pwg_deploy_ok(d, s, f, t, loc)) {
    case PWG_DEP_NONE_LEFT:
        snprintf(why, n, "%s has no %s left to deploy", d->force[f].name, d->type[t].code);
        return;
    case PWG_DEP_AREA:
        snprintf(why, n, "%s is not in %s's deployment area%s", b, d->force[f].name,
                 (d->force[f].area[loc] & PWG_AREA_LC)
                     ? " (only light cavalry may deploy one card beyond it, on open ground)" : "");
        return;
    case PWG_DEP_LC_OPEN:
        snprintf(why, n, "light cavalry may deploy one card beyond the deployment area only on "
                 "open ground: %s is %s", b, terrain_name(d, s, loc));
        return;
    case PWG_DEP_LAKE:
        snprintf(why, n, "no unit may be on a lake (%s)", b);
        return;
    default:
        snprintf(why, n, "%s cannot deploy there now", d->type[t].code);
    }
}

static void explain_stance(const pwg_data *d, const pwg_state *s, int kind, int g, char *why,
                           size_t n)
{
    if (!d->alliances) {
        snprintf(why, n, "this battle has no alliances: every force is the enemy of every other");
        return;
    }
    if (s->stage != PWG_S_ALLIANCE) {
        snprintf(why, n, "alliances are declared at the start of each turn");
        return;
    }
    int f = pwg_actor(d, s);
    if (kind == PWG_A_READY) {
        snprintf(why, n, "ready is not possible now");
        return;
    }
    if (g >= d->nforces) {
        snprintf(why, n, "there is no force %d", g + 1);
        return;
    }
    if (g == f) {
        snprintf(why, n, "you cannot declare a stance towards yourself");
        return;
    }
    if (pwg_units_left(d, s, g) == 0) {
        snprintf(why, n, "%s has no units left", d->force[g].name);
        return;
    }
    if ((s->changed[f] >> g) & 1) {
        snprintf(why, n, "you have already changed your stance towards %s this turn",
                 d->force[g].name);
        return;
    }
    bool allied = (s->stance[f] >> g) & 1;
    snprintf(why, n, "you already count %s as %s", d->force[g].name,
             allied ? "an ally" : "hostile");
}

void pwg_explain_illegal(const void *data, const void *st, eng_action a, char *why, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    int fa = PWG_FA(a), fb = PWG_FB(a);
    char r[24], b[8];
    if (s->stage == PWG_S_OVER) {
        snprintf(why, n, "the game is over");
        return;
    }
    switch (PWG_KIND(a)) {
    case PWG_A_MOVE:
        explain_move(d, s, fa, fb, why, n);
        return;
    case PWG_A_SHOOT:
        explain_shoot(d, s, fa, fb, why, n);
        return;
    case PWG_A_DEPLOY:
        explain_deploy(d, s, fa, fb, why, n);
        return;
    case PWG_A_DEAL:
        if (s->stage != PWG_S_DEAL) {
            snprintf(why, n, "the battlefield is not being dealt now");
        } else if (fb != s->deal_next) {
            pwg_loc_name(d, s->deal_next, b, sizeof b);
            snprintf(why, n, "cards are dealt row by row from a1: the next card goes to %s", b);
        } else if (fa < d->ncards && ((s->dealt >> fa) & 1)) {
            int at = 0;
            while (at < d->nlocs && s->card[at] != fa)
                at++;
            pwg_loc_name(d, at, b, sizeof b);
            snprintf(why, n, "%s has already been dealt (at %s)", d->card[fa].code, b);
        } else {
            snprintf(why, n, "that card is not in the deck");
        }
        return;
    case PWG_A_FIRST:
        if (s->stage != PWG_S_FIRST)
            snprintf(why, n, "the first player is not being decided now");
        else
            snprintf(why, n, "there is no force %d", fa + 1);
        return;
    case PWG_A_TOSS:
        if (s->stage != PWG_S_TOSS) {
            snprintf(why, n, "no coin is being tossed now");
        } else {
            pwg_unit_ref(d, pwg_combat_next_toss(d, s), -1, r, sizeof r);
            snprintf(why, n, "the next coin to toss is %s's", r);
        }
        return;
    case PWG_A_DAMAGE:
    case PWG_A_CANCEL:
    case PWG_A_ACCEPT:
        if (s->stage == PWG_S_TOSS) {
            pwg_unit_ref(d, pwg_combat_next_toss(d, s), -1, r, sizeof r);
            snprintf(why, n, "the coins are still being tossed (next: %s)", r);
        } else if (s->stage != PWG_S_SPEND) {
            snprintf(why, n, "there is no combat whose heads are being spent now");
        } else {
            pwg_combat_explain(d, s, a, why, n);
        }
        return;
    case PWG_A_ALLY:
    case PWG_A_HOSTILE:
    case PWG_A_READY:
        explain_stance(d, s, PWG_KIND(a), fa, why, n);
        return;
    case PWG_A_END:
        switch (s->stage) {
        case PWG_S_ALLIANCE:
            snprintf(why, n, "write ready to finish declaring alliances");
            return;
        case PWG_S_DEPLOY:
            snprintf(why, n, "every unit must be deployed before the battle");
            return;
        case PWG_S_TOSS:
        case PWG_S_SPEND:
            snprintf(why, n, "a combat is being resolved: it must finish first");
            return;
        default:
            snprintf(why, n, "there is no part of a phase to end now");
            return;
        }
    default:
        snprintf(why, n, "that is not an action of this game");
    }
}
