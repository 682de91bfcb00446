/*
 * pwg_combat.c - combat tests, ranged and melee.
 *
 * A test has two parts. Tosses: one chance point per tossing unit, forces
 * in turn order from the first player, units in unit order (in ranged
 * combat the shooter tosses, the target only if it could cancel). Then
 * spending: forces take goes in a rotation (most heads first, ties to turn
 * order), skipping forces with no heads left; on its go a force damages an
 * enemy unit that rules 1-3 allow, or cancels the damage just dealt to one
 * of its units with a head that may cancel, or (when cancelling is all it
 * could do) accepts. A force with nothing it could spend passes. The test
 * ends when nobody can spend.
 *
 * Per-unit bits (PWG_CU_*) hold who tossed what and which heads are left;
 * dmg[] counts damage assigned in this test for rule 1: cancelled points
 * too, unless the option rule1-cancelled is "ignored".
 */
#include <assert.h>
#include <limits.h>
#include <string.h>
#include "pwg.h"

static inline uint64_t bit(int u) { return UINT64_C(1) << u; }

bool pwg_cancel_capable(const pwg_data *d, const pwg_state *s, int u, bool ranged)
{
    const pwg_type *t = pwg_type_of(d, u);
    const pwg_terrain *tr = pwg_terrain_at(d, s, s->loc[u]);
    if (ranged)
        return !t->heavy || (tr->flags & PWG_TF_COVER);
    if (!(tr->flags & PWG_TF_GOOD))
        return false;
    if (t->cls == PWG_INFANTRY)
        return t->heavy;
    if (t->cls == PWG_CAVALRY)
        return t->heavy || !d->save_heavy_only;
    return false;
}

int pwg_next_melee(const pwg_data *d, const pwg_state *s, int from)
{
    /* the locations of each force's units on the map (the bookkeeping's
     * live mask) as sets, and where two opposed forces are both found;
     * only the words of a set that hold locations (d->loc_words) */
    uint64_t at[PWG_MAX_FORCES][PWG_LOC_WORDS] = {{0}}, meet[PWG_LOC_WORDS] = {0};
    int words = d->loc_words;
    for (int f = 0; f < d->nforces; f++) {
        uint64_t *set = at[f];
        for (uint64_t r = s->cache.live & d->force_units[f]; r; r &= r - 1) {
            int loc = s->loc[__builtin_ctzll(r)];
            set[loc >> 6] |= UINT64_C(1) << (loc & 63);
        }
    }
    for (int f = 0; f < d->nforces; f++)
        for (int g = f + 1; g < d->nforces; g++)
            if (pwg_opposed(s, f, g) || pwg_opposed(s, g, f))
                for (int w = 0; w < words; w++)
                    meet[w] |= at[f][w] & at[g][w];
    for (int w = from >> 6; w < words; w++) {
        uint64_t m = meet[w];
        if (w == from >> 6)
            m &= ~UINT64_C(0) << (from & 63);   /* from `from` on */
        if (m)
            return 64 * w + __builtin_ctzll(m);
    }
    return -1;
}

/* The bookkeeping's combat masks (pwg_cache.toss, left) from the units'
 * combat bits: a position read, and the debug builds' check. In play the
 * combat keeps them as it goes (combat_reset, the two combats' starts,
 * pwg_combat_tossed, pwg_combat_spend, and combat_done in pwg_apply.c). */
void pwg_cache_combat(pwg_state *s)
{
    s->cache.toss = s->cache.left = 0;
    for (int u = 0; u < PWG_MAX_UNITS; u++) {
        int cu = s->combat.cu[u];
        if ((cu & (PWG_CU_TOSSES | PWG_CU_TOSSED)) == PWG_CU_TOSSES)
            s->cache.toss |= bit(u);
        if (cu & PWG_CU_LEFT)
            s->cache.left |= bit(u);
    }
}

void pwg_combat_clear(pwg_state *s)
{
    memset(&s->combat, 0, sizeof s->combat);
    s->combat.last_unit = PWG_NONE;
    s->cache.toss = s->cache.left = 0;   /* no coins and no heads outside a combat */
}

static void combat_reset(pwg_state *s, int kind)
{
    pwg_combat_clear(s);
    s->combat.kind = (uint8_t)kind;
    s->stage = PWG_S_TOSS;
}

void pwg_combat_ranged(const pwg_data *d, pwg_state *s, int shooter, int target)
{
    combat_reset(s, PWG_CB_RANGED);
    pwg_combat *c = &s->combat;
    c->shooter = (uint8_t)shooter;
    c->target = (uint8_t)target;
    c->loc = s->loc[target];
    c->units = bit(shooter) | bit(target);
    c->cu[shooter] = PWG_CU_IN | PWG_CU_TOSSES | PWG_CU_DAMAGE;
    c->cu[target] = PWG_CU_IN;
    s->cache.toss = bit(shooter);
    if (pwg_cancel_capable(d, s, target, true)) {
        c->cu[target] |= PWG_CU_TOSSES | PWG_CU_CANCEL;
        s->cache.toss |= bit(target);
    }
    c->forces = (uint8_t)((1 << d->unit[shooter].force) | (1 << d->unit[target].force));
}

void pwg_combat_melee(const pwg_data *d, pwg_state *s, int loc)
{
    combat_reset(s, PWG_CB_MELEE);
    pwg_combat *c = &s->combat;
    c->loc = (uint8_t)loc;
    int present = pwg_forces_at(d, s, loc), involved = 0;
    for (int f = 0; f < d->nforces; f++)
        if (((present >> f) & 1) && (s->opp[f] & present))
            involved |= 1 << f;
    c->forces = (uint8_t)involved;
    for (int u = 0; u < d->nunits; u++) {
        if (s->loc[u] != loc || !PWG_ON_MAP(s->cond[u]) || !((involved >> d->unit[u].force) & 1))
            continue;
        c->units |= bit(u);
        s->cache.toss |= bit(u);
        c->cu[u] = PWG_CU_IN | PWG_CU_TOSSES | PWG_CU_DAMAGE;
        if (pwg_cancel_capable(d, s, u, false))
            c->cu[u] |= PWG_CU_CANCEL;
    }
}

/* Forces in turn order from the first player, and in a force its units
 * in unit order: the lowest unit of the first force with coins still to
 * toss (the bookkeeping's mask, pwg_cache.toss). */
int pwg_combat_next_toss(const pwg_data *d, const pwg_state *s)
{
    uint64_t toss = s->cache.toss;
    if (!toss)
        return -1;
    for (int pos = 0; pos < d->nforces; pos++) {
        uint64_t m = toss & d->force_units[pwg_player_force(s, pos, d->nforces)];
        if (m)
            return __builtin_ctzll(m);
    }
    return -1;
}

int pwg_combat_spender(const pwg_state *s)
{
    return s->combat.order[s->combat.pos];
}

/* Units of force f in the combat whose heads are left (the bookkeeping's
 * mask, pwg_cache.left), with all of `need`. */
static uint64_t heads_of(const pwg_data *d, const pwg_state *s, int f, int need)
{
    uint64_t left = s->cache.left & d->force_units[f];
    if (!need)
        return left;
    uint64_t m = 0;
    for (; left; left &= left - 1) {
        int u = __builtin_ctzll(left);
        if ((s->combat.cu[u] & need) == need)
            m |= bit(u);
    }
    return m;
}

/* The lowest unit of a non-empty mask. */
static inline int lowest(uint64_t m)
{
    assert(m != 0);
    return __builtin_ctzll(m);
}

int pwg_combat_heads_left(const pwg_data *d, const pwg_state *s, int force)
{
    return __builtin_popcountll(heads_of(d, s, force, 0));
}

/* Rules 1-3 as a filter over the force's enemy units in this combat still
 * on the map: fewest damage assigned; of those, tails-throwers if any; of
 * those, steady ones if any. */
uint64_t pwg_combat_targets(const pwg_data *d, const pwg_state *s, int force, pwg_filter *stages)
{
    const pwg_combat *c = &s->combat;
    uint64_t enemies = 0, fewest = 0;
    int mind = INT_MAX;
    for (uint64_t m = c->units; m; m &= m - 1) {
        int u = lowest(m);
        if (!PWG_ON_MAP(s->cond[u]) || !pwg_opposed(s, force, d->unit[u].force))
            continue;
        enemies |= bit(u);
        if (c->dmg[u] < mind) {
            mind = c->dmg[u];
            fewest = 0;
        }
        if (c->dmg[u] == mind)
            fewest |= bit(u);
    }
    uint64_t tails = 0, steady = 0;
    for (uint64_t m = fewest; m; m &= m - 1) {
        int u = lowest(m);
        if ((c->cu[u] & (PWG_CU_TOSSED | PWG_CU_HEAD)) == PWG_CU_TOSSED)
            tails |= bit(u);
    }
    if (!tails)
        tails = fewest;
    for (uint64_t m = tails; m; m &= m - 1) {
        int u = lowest(m);
        if (s->cond[u] == PWG_STEADY)
            steady |= bit(u);
    }
    uint64_t allowed = steady ? steady : tails;
    if (stages) {
        stages->enemies = enemies;
        stages->fewest = fewest;
        stages->tails = tails;
        stages->allowed = allowed;
    }
    return allowed;
}

static bool can_damage(const pwg_data *d, const pwg_state *s, int f)
{
    return heads_of(d, s, f, PWG_CU_DAMAGE) && pwg_combat_targets(d, s, f, NULL);
}

/* The head force f would cancel with, or -1. */
static int cancel_head(const pwg_data *d, const pwg_state *s, int f)
{
    const pwg_combat *c = &s->combat;
    if (c->last_unit == PWG_NONE || d->unit[c->last_unit].force != f)
        return -1;
    if (d->cancel_own_unit)
        return (c->cu[c->last_unit] & (PWG_CU_LEFT | PWG_CU_CANCEL)) ==
                       (PWG_CU_LEFT | PWG_CU_CANCEL) ? c->last_unit : -1;
    uint64_t m = heads_of(d, s, f, PWG_CU_CANCEL);
    return m ? lowest(m) : -1;
}

/* Which heads are spent first to deal damage, best first. */
enum { PAY_SPARE, PAY_DEAD_SAVE, PAY_SAVE, PAY_NONE };

/* The head spent to deal damage: heads that cannot cancel first, then
 * (own-unit) heads of destroyed units, then the lowest in unit order. */
static int damage_head(const pwg_data *d, const pwg_state *s, int f)
{
    uint64_t m = heads_of(d, s, f, PWG_CU_DAMAGE);
    int best = -1, best_key = PAY_NONE;
    for (; m; m &= m - 1) {
        int u = lowest(m);
        int key = PAY_SPARE;
        if (s->combat.cu[u] & PWG_CU_CANCEL)
            key = (d->cancel_own_unit && !PWG_ON_MAP(s->cond[u])) ? PAY_DEAD_SAVE : PAY_SAVE;
        if (key < best_key) {
            best_key = key;
            best = u;
        }
    }
    return best;
}

/* Under cancel-scope own-unit, which head pays for damage can matter: a
 * head that may cancel keeps its unit's save only while it is unspent. The
 * choices that differ, as a mask of paying units: the spare head
 * damage_head would take (heads that cannot cancel, and heads of units off
 * the map, whose save is gone: all alike from now on), and every unit on
 * the map whose own head may still cancel for it. 0 when there is no
 * choice (any-unit scope, where a force's saves are interchangeable, or a
 * single kind of head). */
static uint64_t pay_choices(const pwg_data *d, const pwg_state *s, int f)
{
    if (!d->cancel_own_unit)
        return 0;
    uint64_t saves = 0, spare = 0;
    for (uint64_t m = heads_of(d, s, f, PWG_CU_DAMAGE); m; m &= m - 1) {
        int u = lowest(m);
        if ((s->combat.cu[u] & PWG_CU_CANCEL) && PWG_ON_MAP(s->cond[u]))
            saves |= bit(u);
        else
            spare |= bit(u);
    }
    if (__builtin_popcountll(saves) + (spare != 0) < 2)
        return 0;
    return spare ? saves | bit(damage_head(d, s, f)) : saves;
}

int pwg_combat_pay_code(const pwg_data *d, const pwg_state *s, int unit)
{
    if (s->stage != PWG_S_SPEND || unit < 0 || unit >= d->nunits)
        return unit + 1;
    int f = pwg_combat_spender(s);
    if (!((heads_of(d, s, f, PWG_CU_DAMAGE) >> unit) & 1))
        return unit + 1;                  /* not a head f could pay with: refused later */
    uint64_t choices = pay_choices(d, s, f);
    if (!choices)
        return 0;                         /* no choice: the plain action */
    if ((choices >> unit) & 1)
        return unit + 1;
    return damage_head(d, s, f) + 1;      /* a spare head like the one listed */
}

/* Finds whose go it is, from rotation position `start` on: forces with no
 * heads left are skipped, forces with heads but nothing to spend pass. */
static bool find_go(const pwg_data *d, pwg_state *s, int start)
{
    pwg_combat *c = &s->combat;
    for (int k = 0; k < c->norder; k++) {
        int p = (start + k) % c->norder, f = c->order[p];
        if (!heads_of(d, s, f, 0))
            continue;
        if (can_damage(d, s, f) || cancel_head(d, s, f) >= 0) {
            c->pos = (uint8_t)p;
            s->stage = PWG_S_SPEND;
            return true;
        }
    }
    return false;
}

bool pwg_combat_tossed(const pwg_data *d, pwg_state *s, int unit, bool heads)
{
    pwg_combat *c = &s->combat;
    c->cu[unit] |= PWG_CU_TOSSED;
    s->cache.toss &= ~bit(unit);
    if (heads) {
        c->cu[unit] |= PWG_CU_HEAD | PWG_CU_LEFT;
        s->cache.left |= bit(unit);
        c->heads[d->unit[unit].force]++;
    }
    if (pwg_combat_next_toss(d, s) >= 0)
        return true;
    /* the rotation: most heads first, ties in turn order from the first player */
    c->norder = 0;
    for (int pos = 0; pos < d->nforces; pos++) {
        int f = pwg_player_force(s, pos, d->nforces);
        if (!((c->forces >> f) & 1))
            continue;
        int i = c->norder++;
        while (i > 0 && c->heads[c->order[i - 1]] < c->heads[f]) {
            c->order[i] = c->order[i - 1];
            i--;
        }
        c->order[i] = (uint8_t)f;
    }
    return find_go(d, s, 0);
}

bool pwg_combat_spend(const pwg_data *d, pwg_state *s, eng_action a)
{
    pwg_combat *c = &s->combat;
    int f = c->order[c->pos];
    switch (PWG_KIND(a)) {
    case PWG_A_DAMAGE: {
        int x = PWG_FA(a), h = PWG_FB(a) ? PWG_FB(a) - 1 : damage_head(d, s, f);
        assert(h >= 0);   /* legal: the force has a head that may deal damage */
        c->cu[h] &= (uint8_t)~PWG_CU_LEFT;
        s->cache.left &= ~bit(h);
        c->dmg[x]++;
        c->last_unit = (uint8_t)x;
        c->last_prev = s->cond[x];
        c->last_by = (uint8_t)f;
        s->cond[x] = s->cond[x] == PWG_STEADY ? PWG_WAVERING : PWG_DESTROYED;
        pwg_cache_cond(s, x);
        break;
    }
    case PWG_A_CANCEL: {
        int h = cancel_head(d, s, f);
        assert(h >= 0);   /* legal: the force has a head that may cancel */
        c->cu[h] &= (uint8_t)~PWG_CU_LEFT;
        s->cache.left &= ~bit(h);
        s->cond[c->last_unit] = c->last_prev;   /* a destroyed unit returns, wavering */
        pwg_cache_cond(s, c->last_unit);
        if (d->rule1_uncounts_cancel)
            c->dmg[c->last_unit]--;             /* rule 1 forgets the cancelled point */
        c->last_unit = PWG_NONE;
        break;
    }
    default:   /* accept */
        c->last_unit = PWG_NONE;
        break;
    }
    return find_go(d, s, c->pos + 1);
}

int pwg_combat_legal(const pwg_data *d, const pwg_state *s, eng_action *out)
{
    int f = pwg_combat_spender(s), n = 0;
    if (heads_of(d, s, f, PWG_CU_DAMAGE)) {
        uint64_t pay = pay_choices(d, s, f);
        for (uint64_t m = pwg_combat_targets(d, s, f, NULL); m; m &= m - 1) {
            if (!pay)
                out[n++] = PWG_ACT(PWG_A_DAMAGE, lowest(m), 0);
            for (uint64_t p = pay; p; p &= p - 1)
                out[n++] = PWG_ACT(PWG_A_DAMAGE, lowest(m), lowest(p) + 1);
        }
    }
    if (cancel_head(d, s, f) >= 0) {
        out[n++] = PWG_ACT(PWG_A_CANCEL, 0, 0);
        if (n == 1)
            out[n++] = PWG_ACT(PWG_A_ACCEPT, 0, 0);
    }
    return n;
}

/* ---- why a spend is refused ---------------------------------------------------- */

static void ref(const pwg_data *d, int u, int f, char *buf, size_t n)
{
    pwg_unit_ref(d, u, f, buf, n);
}

/* The first unit of mask, named for force f. */
static void first_ref(const pwg_data *d, uint64_t m, int f, char *buf, size_t n)
{
    ref(d, lowest(m), f, buf, n);
}

/* Did force f throw a head that may cancel (spent or not)? */
static bool any_saver(const pwg_data *d, const pwg_state *s, int f)
{
    const pwg_force *fo = &d->force[f];
    for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
        if ((s->combat.cu[u] & (PWG_CU_HEAD | PWG_CU_CANCEL)) == (PWG_CU_HEAD | PWG_CU_CANCEL))
            return true;
    return false;
}

/* Who may cancel in this kind of combat, from the options and the terrain
 * types: "in melee only heavy infantry and cavalry on open or hills may
 * cancel damage". */
static void who_may_cancel(const pwg_data *d, int kind, char *buf, size_t n)
{
    char where[128];
    if (kind == PWG_CB_RANGED) {
        pwg_terrain_names(d, PWG_TF_COVER, where, sizeof where);
        snprintf(buf, n, "in ranged combat only a light target or a target in %s may cancel "
                 "damage", where[0] ? where : "cover");
    } else {
        pwg_terrain_names(d, PWG_TF_GOOD, where, sizeof where);
        snprintf(buf, n, "in melee only heavy infantry and %scavalry on %s may cancel damage",
                 d->save_heavy_only ? "heavy " : "", where[0] ? where : "good going");
    }
}

/* The target is allowed: what is wrong is the head named to pay (fb: 0 for
 * none, else its unit + 1). */
static void explain_payer(const pwg_data *d, const pwg_state *s, int f, int fb, const char *target,
                          char *why, size_t n)
{
    char r[24];
    if (fb) {
        ref(d, fb - 1, f, r, sizeof r);
        if (fb - 1 >= d->nunits || d->unit[fb - 1].force != f)
            snprintf(why, n, "%s is not one of your units: pay with a head of your own", r);
        else if (!((heads_of(d, s, f, PWG_CU_DAMAGE) >> (fb - 1)) & 1))
            snprintf(why, n, "%s has no head left to pay with", r);
        else
            snprintf(why, n, "write damage %s, without naming the head that pays", target);
        return;
    }
    uint64_t choices = pay_choices(d, s, f);
    size_t len = (size_t)snprintf(why, n, "with cancel-scope own-unit say which head pays, as "
                                  "a head that may cancel keeps its unit's save only while "
                                  "unspent: damage %s with", target);
    for (uint64_t m = choices; m && len < n; m &= m - 1) {
        ref(d, lowest(m), f, r, sizeof r);
        len += (size_t)snprintf(why + len, n - len, "%s %s", m == choices ? "" : " or", r);
    }
}

void pwg_combat_explain(const pwg_data *d, const pwg_state *s, eng_action a, char *why, size_t n)
{
    const pwg_combat *c = &s->combat;
    int f = pwg_combat_spender(s);
    char r1[24], r2[24];
    switch (PWG_KIND(a)) {
    case PWG_A_DAMAGE: {
        int x = PWG_FA(a);
        ref(d, x, f, r1, sizeof r1);
        if (x >= d->nunits) {
            snprintf(why, n, "there is no such unit");
        } else if (!((c->units >> x) & 1)) {
            snprintf(why, n, "%s is not in this combat", r1);
        } else if (!pwg_opposed(s, f, d->unit[x].force)) {
            snprintf(why, n, "%s is not an enemy unit", r1);
        } else if (!PWG_ON_MAP(s->cond[x])) {
            snprintf(why, n, "%s has been destroyed", r1);
        } else if (!heads_of(d, s, f, PWG_CU_DAMAGE)) {
            if (c->kind == PWG_CB_RANGED && heads_of(d, s, f, 0))
                snprintf(why, n, "the target of a shot may only use its heads to cancel damage");
            else
                snprintf(why, n, "you have no heads left that can deal damage");
        } else {
            /* the rule it breaks: the first stage of the filter that drops it */
            pwg_filter st;
            pwg_combat_targets(d, s, f, &st);
            if (!((st.fewest >> x) & 1)) {
                first_ref(d, st.fewest, f, r2, sizeof r2);
                snprintf(why, n, "rule 1: every enemy unit must take one damage before any "
                         "takes another (%s has taken less than %s)", r2, r1);
            } else if (!((st.tails >> x) & 1)) {
                first_ref(d, st.tails, f, r2, sizeof r2);
                snprintf(why, n, "rule 2: you must damage a unit that threw tails first (%s)", r2);
            } else if (!((st.allowed >> x) & 1)) {
                first_ref(d, st.allowed, f, r2, sizeof r2);
                snprintf(why, n, "rule 3: you must damage a steady unit before a wavering "
                         "one (%s)", r2);
            } else {
                explain_payer(d, s, f, PWG_FB(a), r1, why, n);
            }
        }
        return;
    }
    case PWG_A_CANCEL:
        if (c->last_unit == PWG_NONE) {
            snprintf(why, n, "there is no damage to cancel: a cancel must come straight after "
                     "an enemy damages one of your units");
        } else if (d->unit[c->last_unit].force != f) {
            ref(d, c->last_unit, f, r1, sizeof r1);
            snprintf(why, n, "the damage just dealt was to %s, not to one of your units", r1);
        } else if (d->cancel_own_unit) {
            int x = c->last_unit, cu = c->cu[x];
            char fact[320], who[256];
            ref(d, x, f, r1, sizeof r1);
            if (!(cu & PWG_CU_TOSSES)) {
                snprintf(fact, sizeof fact, "%s did not toss a coin", r1);
            } else if (!(cu & PWG_CU_HEAD)) {
                snprintf(fact, sizeof fact, "%s threw tails", r1);
            } else if (!(cu & PWG_CU_CANCEL)) {
                who_may_cancel(d, c->kind, who, sizeof who);
                snprintf(fact, sizeof fact, "%s's head may not cancel: %s", r1, who);
            } else {
                snprintf(fact, sizeof fact, "%s's head has been spent", r1);
            }
            snprintf(why, n, "with cancel-scope own-unit only %s's own head may cancel its "
                     "damage, and %s", r1, fact);
        } else if (any_saver(d, s, f)) {
            snprintf(why, n, "every head of yours that could cancel has been spent");
        } else {
            char who[256];
            who_may_cancel(d, c->kind, who, sizeof who);
            snprintf(why, n, "none of your heads may cancel: %s", who);
        }
        return;
    case PWG_A_ACCEPT:
        snprintf(why, n, "you may only accept when cancelling is the one thing you could "
                 "spend a head on");
        return;
    default:
        snprintf(why, n, "a combat is being resolved: spend a head (damage, cancel) or accept");
        return;
    }
}
