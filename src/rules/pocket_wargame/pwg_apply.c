/*
 * pwg_apply.c - the starting position, applying actions, and the flow of a
 * game: deal -> deployment (in rounds, each round hidden until complete) ->
 * first player -> turns of Alliances (optional), Cavalry, Ranged,
 * Movement, Melee and End phases.
 *
 * Invariant after init and after every apply: the state is at a decision
 * (a force to act, a chance point) or over. advance() walks through
 * everything automatic on the way there: forces with nothing they could
 * do in a phase, the melee phase's search for fights, the end phase.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "pwg.h"

/* transient stages, never left standing after advance() */
enum { PWG_S_MELEE = 100, PWG_S_END };

void pwg_recompute_opposed(const pwg_data *d, pwg_state *s)
{
    for (int f = 0; f < d->nforces; f++) {
        s->opp[f] = 0;
        for (int g = 0; g < d->nforces; g++) {
            bool allied = ((s->stance[f] >> g) & 1) && ((s->stance[g] >> f) & 1);
            if (g != f && !allied)
                s->opp[f] |= (uint8_t)(1 << g);
        }
    }
}

int pwg_actor(const pwg_data *d, const pwg_state *s)
{
    switch (s->stage) {
    case PWG_S_DEPLOY:
        return s->turn_pos;
    case PWG_S_ALLIANCE:
    case PWG_S_CAVALRY:
    case PWG_S_RANGED:
    case PWG_S_MOVEMENT:
        return pwg_player_force(s, s->turn_pos, d->nforces);
    case PWG_S_SPEND:
        return pwg_combat_spender(s);
    default:
        return -1;
    }
}

/* Whose decision it is, from the position: a force, chance or nobody. */
static int plain_player(const pwg_data *d, const pwg_state *s)
{
    switch (s->stage) {
    case PWG_S_DEAL:
    case PWG_S_FIRST:
    case PWG_S_TOSS:
        return ENG_CHANCE;
    case PWG_S_OVER:
        return ENG_TERMINAL;
    default:
        return pwg_actor(d, s);
    }
}

/* The whole of it from the position; in play pwg_apply sets the player
 * after each action, and advance() the movers when a force is to move
 * (and 0 when the phase ends), a move taking its unit out. */
void pwg_cache_turn(const pwg_data *d, pwg_state *s)
{
    int p = plain_player(d, s);
    s->cache.player = (int8_t)p;
    s->cache.movers = p >= 0 && (s->stage == PWG_S_CAVALRY || s->stage == PWG_S_MOVEMENT)
                          ? pwg_movers(d, s, p) : 0;
}

/* The deck's cards not dealt yet, a bit each. */
static uint64_t cards_left(const pwg_data *d, const pwg_state *s)
{
    uint64_t all = d->ncards >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << d->ncards) - 1;
    return all & ~s->dealt;
}

/* Asked several times a step (the engine, the bench, the search): the
 * bookkeeping's answer, which pwg_cache_turn keeps. */
int pwg_current_player(const void *data, const void *st)
{
    (void)data;
    return ((const pwg_state *)st)->cache.player;
}

int pwg_chance_outcomes(const void *data, const void *st, eng_action *out, double *prob)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    int n = 0;
    switch (s->stage) {
    case PWG_S_DEAL: {
        /* the cards not dealt yet, lowest first: one step per card left */
        eng_action base = PWG_ACT(PWG_A_DEAL, 0, s->deal_next);
        for (uint64_t left = cards_left(d, s); left; left &= left - 1)
            out[n++] = base | ((eng_action)__builtin_ctzll(left) << 8);
        break;
    }
    case PWG_S_FIRST:
        for (int f = 0; f < d->nforces; f++)
            out[n++] = PWG_ACT(PWG_A_FIRST, f, 0);
        break;
    case PWG_S_TOSS: {
        int u = pwg_combat_next_toss(d, s);
        out[n++] = PWG_ACT(PWG_A_TOSS, u, 1);
        out[n++] = PWG_ACT(PWG_A_TOSS, u, 0);
        break;
    }
    default:
        return 0;
    }
    double p = 1.0 / n;
    for (int i = 0; i < n; i++)
        prob[i] = p;
    return n;
}

/* The outcome eng_pick_outcome picks by u from pwg_chance_outcomes' list,
 * found for the deal without listing the cards left: the i-th card left,
 * i the first whose threshold d->deal_acc (the same sums of the same
 * probabilities) exceeds u. Debug builds compare it with the listing's
 * pick on every sample (engine.c). */
eng_action pwg_chance_sample(const void *data, const void *st, double u)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    if (s->stage != PWG_S_DEAL) {
        eng_action out[ENG_MAX_ACTIONS];
        double prob[ENG_MAX_ACTIONS];
        int n = pwg_chance_outcomes(data, st, out, prob);
        return out[eng_pick_outcome(prob, n, u)];
    }
    uint64_t left = cards_left(d, s);
    int n = pwg_popcount(left);
    const double *acc = d->deal_acc[n];
    int i = (int)(u * n);   /* a guess, then moved to the first threshold above u */
    if (i > n - 1)
        i = n - 1;
    while (i > 0 && u < acc[i - 1])
        i--;
    while (i < n - 1 && !(u < acc[i]))
        i++;
    int low = pwg_popcount((uint32_t)left);
    if (i >= low) {   /* past the low 32 cards at once */
        left &= ~UINT64_C(0xffffffff);
        i -= low;
    }
    for (; i > 0; i--)
        left &= left - 1;
    return PWG_ACT(PWG_A_DEAL, __builtin_ctzll(left), s->deal_next);
}

/* ---- the flow -------------------------------------------------------------- */

static bool force_has_unplaced(const pwg_data *d, const pwg_state *s, int f)
{
    const pwg_force *fo = &d->force[f];
    for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
        if (s->cond[u] == PWG_UNPLACED)
            return true;
    return false;
}

/* Picks the force to place a coin this round; ends deployment when all are
 * placed. Returns true if a force is to decide. */
static bool deploy_continue(const pwg_data *d, pwg_state *s)
{
    for (;;) {
        int f;
        for (f = 0; f < d->nforces; f++)
            if (!((s->deploy_done >> f) & 1) && force_has_unplaced(d, s, f))
                break;
        if (f == d->nforces) {
            /* the round is complete: its placements are revealed */
            s->hidden = 0;
            s->deploy_done = 0;
            bool more = false;
            for (int g = 0; g < d->nforces; g++)
                more |= force_has_unplaced(d, s, g);
            if (!more)
                return false;
            s->deploy_round++;
            continue;
        }
        if (!pwg_force_can_deploy(d, s, f)) {
            /* nowhere to stand (the area is all lakes): the coins are lost */
            const pwg_force *fo = &d->force[f];
            for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
                if (s->cond[u] == PWG_UNPLACED) {
                    s->cond[u] = PWG_DESTROYED;
                    pwg_cache_cond(s, u);
                }
            continue;
        }
        s->turn_pos = (uint8_t)f;
        return true;
    }
}

static void start_turn(const pwg_data *d, pwg_state *s)
{
    s->turn++;
    memset(s->changed, 0, sizeof s->changed);
    s->turn_pos = 0;
    s->acted = 0;
    if (d->alliances) {
        s->phase = PWG_P_ALLIANCE;
        s->stage = PWG_S_ALLIANCE;
    } else {
        s->phase = PWG_P_CAVALRY;
        s->stage = PWG_S_CAVALRY;
    }
}

static void next_phase(pwg_state *s)
{
    s->turn_pos = 0;
    s->acted = 0;
    switch (s->stage) {
    case PWG_S_ALLIANCE:
        s->phase = PWG_P_CAVALRY;
        s->stage = PWG_S_CAVALRY;
        break;
    case PWG_S_CAVALRY:
        s->phase = PWG_P_RANGED;
        s->stage = PWG_S_RANGED;
        break;
    case PWG_S_RANGED:
        s->phase = PWG_P_MOVEMENT;
        s->stage = PWG_S_MOVEMENT;
        break;
    default:
        s->phase = PWG_P_MELEE;
        s->stage = PWG_S_MELEE;
        s->melee_next = 0;
        break;
    }
}

static void advance(const pwg_data *d, pwg_state *s)
{
    for (;;) {
        switch (s->stage) {
        case PWG_S_DEAL:
            if (s->deal_next < d->nlocs)
                return;
            s->stage = PWG_S_DEPLOY;
            pwg_cache_steps(d, s);   /* the terrain is dealt: its steps */
            s->phase = PWG_P_SETUP;
            s->deploy_round = 1;
            continue;
        case PWG_S_DEPLOY:
            if (deploy_continue(d, s))
                return;
            if (d->first < 0) {
                s->stage = PWG_S_FIRST;
                return;
            }
            s->first = (uint8_t)d->first;
            start_turn(d, s);
            continue;
        case PWG_S_CAVALRY:
        case PWG_S_MOVEMENT:
            /* the next force with units that may move, whose movers are
             * the bookkeeping's (pwg_cache.movers) until the phase ends */
            for (; s->turn_pos < d->nforces; s->turn_pos++) {
                int f = pwg_player_force(s, s->turn_pos, d->nforces);
                uint64_t movers = pwg_movers(d, s, f);
                /* debug builds: the movers against the plain rules */
                assert((movers != 0) == pwg_force_can_act(d, s, f));
                if (movers) {
                    s->cache.movers = movers;
                    return;
                }
            }
            s->cache.movers = 0;
            next_phase(s);
            continue;
        case PWG_S_ALLIANCE:
        case PWG_S_RANGED:
            while (s->turn_pos < d->nforces &&
                   !pwg_force_can_act(d, s, pwg_player_force(s, s->turn_pos, d->nforces)))
                s->turn_pos++;
            if (s->turn_pos < d->nforces)
                return;
            next_phase(s);
            continue;
        case PWG_S_MELEE: {
            /* the next location, in location order, where opposed forces meet */
            int loc = pwg_next_melee(d, s, s->melee_next);
            if (loc >= 0) {
                pwg_combat_melee(d, s, loc);
                return;
            }
            s->phase = PWG_P_END;
            s->stage = PWG_S_END;
            s->melee_next = 0;   /* equal positions stay equal bytes */
            continue;
        }
        case PWG_S_END:
            pwg_end_phase(d, s);
            if (s->stage == PWG_S_OVER)
                return;
            start_turn(d, s);
            continue;
        default:
            return;
        }
    }
}

/* A combat test has ended: back to the ranged phase, or on with the melee. */
static void combat_done(const pwg_data *d, pwg_state *s)
{
    int kind = s->combat.kind, loc = s->combat.loc;
    pwg_combat_clear(s);
    if (kind == PWG_CB_RANGED) {
        s->stage = PWG_S_RANGED;
    } else {
        s->stage = PWG_S_MELEE;
        s->melee_next = (uint8_t)(loc + 1);
    }
    advance(d, s);
}

void pwg_init(const void *data, void *st)
{
    const pwg_data *d = data;
    pwg_state *s = st;
    memset(s, 0, sizeof *s);
    for (int loc = 0; loc < PWG_MAX_LOCS; loc++) {
        s->card[loc] = loc < d->nlocs ? d->start_card[loc] : PWG_NONE;
        s->terr[loc] = loc < d->nlocs ? d->start_terrain[loc] : 0;
    }
    for (int u = 0; u < PWG_MAX_UNITS; u++) {
        s->loc[u] = u < d->nunits ? d->unit[u].loc : PWG_NONE;
        s->cond[u] = u < d->nunits ? d->unit[u].cond : PWG_DESTROYED;
    }
    if (!d->deal)
        for (int loc = 0; loc < d->nlocs; loc++)
            if (s->card[loc] != PWG_NONE)
                s->dealt |= UINT64_C(1) << s->card[loc];
    s->combat.last_unit = PWG_NONE;
    pwg_recompute_opposed(d, s);
    s->phase = PWG_P_SETUP;
    s->stage = d->deal ? PWG_S_DEAL : PWG_S_DEPLOY;
    s->deploy_round = 1;
    pwg_cache_refresh(d, s);
    advance(d, s);
    pwg_cache_turn(d, s);
#ifndef NDEBUG
    pwg_cache_check(d, s);
#endif
}

/* A move: returns true if the force has units left to move, so that the
 * force moves on and advance() would change nothing. The units left are
 * those of before but this one (the bookkeeping's movers: the others'
 * steps depend on where they stand and the terrain, which are as they
 * were). */
static inline bool move_unit(pwg_state *s, int u, int to)
{
    s->loc[u] = (uint8_t)to;
    s->acted |= UINT64_C(1) << u;
    s->cache.movers &= ~(UINT64_C(1) << u);
    return s->cache.movers != 0;
}

/* Applies a (a move: its aftermath, move_unit having moved the unit). */
static void act(const pwg_data *d, pwg_state *s, eng_action a)
{
    int fa = PWG_FA(a), fb = PWG_FB(a);
    /* the force acting, asked only by the actions that need it (not by
     * moves, shots and tosses, the most of a game's actions) */
    int kind = PWG_KIND(a);
    int actor = kind == PWG_A_DEPLOY || kind == PWG_A_ALLY || kind == PWG_A_HOSTILE
                    ? pwg_actor(d, s) : -1;
    switch (kind) {
    case PWG_A_DEAL:
        s->card[s->deal_next] = (uint8_t)fa;
        s->terr[s->deal_next] = d->card[fa].terrain;
        pwg_cache_ground(d, s, s->deal_next);
        s->dealt |= UINT64_C(1) << fa;
        s->deal_next++;
        break;
    case PWG_A_DEPLOY: {
        const pwg_force *fo = &d->force[actor];
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
            if (s->cond[u] == PWG_UNPLACED && d->unit[u].type == fa) {
                s->cond[u] = PWG_STEADY;
                pwg_cache_cond(s, u);
                s->loc[u] = (uint8_t)fb;
                s->hidden |= UINT64_C(1) << u;
                break;
            }
        s->deploy_done |= (uint8_t)(1 << actor);
        break;
    }
    case PWG_A_FIRST:
        s->first = (uint8_t)fa;
        start_turn(d, s);
        break;
    case PWG_A_ALLY:
        s->stance[actor] |= (uint8_t)(1 << fa);
        s->changed[actor] |= (uint8_t)(1 << fa);
        pwg_recompute_opposed(d, s);
        return;   /* the same force goes on declaring */
    case PWG_A_HOSTILE:
        s->stance[actor] &= (uint8_t)~(1 << fa);
        s->changed[actor] |= (uint8_t)(1 << fa);
        pwg_recompute_opposed(d, s);
        return;
    case PWG_A_READY:
    case PWG_A_END:
        s->turn_pos++;
        break;
    case PWG_A_MOVE:   /* moved by move_unit, and the force has no more to move */
        break;
    case PWG_A_SHOOT:
        s->acted |= UINT64_C(1) << fa;
        pwg_combat_ranged(d, s, fa, fb);
        return;
    case PWG_A_TOSS:
        if (!pwg_combat_tossed(d, s, fa, fb != 0))
            combat_done(d, s);
        return;
    case PWG_A_DAMAGE:
    case PWG_A_CANCEL:
    case PWG_A_ACCEPT:
        if (!pwg_combat_spend(d, s, a))
            combat_done(d, s);
        return;
    default:
        return;
    }
    advance(d, s);
}

/* act, and whose go it is next. Kept out of pwg_apply so that the common
 * move (move_unit) costs no more than its few writes. */
__attribute__((noinline)) static void apply_action(const pwg_data *d, pwg_state *s, eng_action a)
{
    act(d, s, a);
    s->cache.player = (int8_t)plain_player(d, s);
}

void pwg_apply(const void *data, void *st, eng_action a)
{
    pwg_state *s = st;
    if (PWG_KIND(a) != PWG_A_MOVE || !move_unit(s, PWG_FA(a), PWG_FB(a)))
        apply_action(data, s, a);
#ifndef NDEBUG
    pwg_cache_check(data, s);
#endif
}
