/*
 * ptw_hits.c - what a hit does: a die by the unit's quality (elite
 * destroyed on 1-2, average 1-3, poor 1-4; otherwise it survives and must
 * retreat a square or be destroyed), a transport's hit falling on the gun
 * it tows too, several hits at once (option multiple-hits), hits costing
 * strength instead (fire-hits strength, with the 2014 revision), and
 * retreats: into an orthogonally adjacent empty square not next to an
 * enemy, the owner choosing when there is a choice.
 *
 * Hits wait in s->hits[] (a count per unit). They are resolved one unit at
 * a time: hit_prio first when set (a close combat's defender), then in
 * unit order.
 */
#include "ptw.h"

static int destroy_limit(int quality)
{
    switch (quality) {
    case PTW_Q_ELITE: return 2;
    case PTW_Q_POOR: return 4;
    default: return 3;
    }
}

/* Removes u and the gun it tows; clears their waiting hits. */
static void destroy(const ptw_data *d, ptw_state *s, int u)
{
    int g = ptw_towing(d, s, u);
    if (g >= 0) {
        s->hits[g] = 0;
        ptw_remove(d, s, g);
    }
    s->hits[u] = 0;
    ptw_remove(d, s, u);
}

void ptw_lose_strength(const ptw_data *d, ptw_state *s, int u, int n)
{
    int g = ptw_towing(d, s, u);
    if (g >= 0) {
        s->strength[g] = (uint8_t)(s->strength[g] > n ? s->strength[g] - n : 0);
        if (s->strength[g] == 0) {
            s->hits[g] = 0;
            ptw_remove(d, s, g);
        }
    }
    s->strength[u] = (uint8_t)(s->strength[u] > n ? s->strength[u] - n : 0);
    if (s->strength[u] == 0) {
        s->hits[u] = 0;
        ptw_remove(d, s, u);
    }
}

bool ptw_must_retreat(const ptw_data *d, ptw_state *s, int u, int ctx)
{
    uint8_t sq[4];
    int n = ptw_retreat_squares(d, s, u, sq);
    if (n == 0) {
        if (ctx == PTW_RC_CC14)
            ptw_lose_strength(d, s, u, 1);   /* stands fast, and pays for it */
        else
            destroy(d, s, u);
        return false;
    }
    if (n == 1) {
        ptw_retreat_to(d, s, u, sq[0]);
        return false;
    }
    s->retreat_unit = (uint8_t)u;
    s->retreat_ctx = (uint8_t)ctx;
    s->stage = PTW_S_RETREAT;
    return true;
}

void ptw_retreat_chosen(const ptw_data *d, ptw_state *s, int sq)
{
    int ctx = s->retreat_ctx;
    ptw_retreat_to(d, s, s->retreat_unit, sq);
    s->retreat_unit = PTW_NONE;
    s->retreat_ctx = 0;
    s->stage = ctx == PTW_RC_CC14 ? PTW_S_CC_END : PTW_S_HITS;
}

/* Picks the next unit with hits waiting and sets up its dice (or, with
 * fire-hits strength, takes the strength at once). Returns false when no
 * hits are left. */
bool ptw_hits_next(const ptw_data *d, ptw_state *s)
{
    for (;;) {
        int u = -1;
        if (s->hit_prio != PTW_NONE && s->hits[s->hit_prio])
            u = s->hit_prio;
        for (int v = 0; u < 0 && v < d->nunits; v++)
            if (s->hits[v])
                u = v;
        if (u < 0) {
            s->hit_prio = PTW_NONE;
            return false;
        }
        if (!ptw_alive(s, u)) {
            s->hits[u] = 0;
            continue;
        }
        if (d->fire_strength) {
            int n = s->hits[u];
            s->hits[u] = 0;
            ptw_lose_strength(d, s, u, n);
            continue;
        }
        s->hit_unit = (uint8_t)u;
        s->hit_rolls = s->hit_gun_rolls = 0;
        s->hit_bits = 0;
        s->stage = PTW_S_HIT;
        return true;
    }
}

/* The unit whose die is next for the hit being resolved: the unit, then
 * the gun it tows; -1 when every die is in. With multiple-hits once each
 * rolls once per hit until a die destroys it. */
int ptw_hit_roller(const ptw_data *d, const ptw_state *s)
{
    int u = s->hit_unit, g = ptw_towing(d, s, u);
    int dice = d->hits_once ? s->hits[u] : 1;
    if (!(s->hit_bits & PTW_HB_MAIN_DEAD) && s->hit_rolls < dice)
        return u;
    if (g >= 0 && !(s->hit_bits & PTW_HB_GUN_DEAD) && s->hit_gun_rolls < dice)
        return g;
    return -1;
}

static void resolve(const ptw_data *d, ptw_state *s)
{
    int u = s->hit_unit, g = ptw_towing(d, s, u);
    bool main_dead = s->hit_bits & PTW_HB_MAIN_DEAD, gun_dead = s->hit_bits & PTW_HB_GUN_DEAD;
    s->hits[u] = (uint8_t)(d->hits_once ? 0 : s->hits[u] - 1);
    s->hit_unit = PTW_NONE;
    s->hit_rolls = s->hit_gun_rolls = 0;
    s->hit_bits = 0;
    s->stage = PTW_S_HITS;
    if (g >= 0 && gun_dead) {
        ptw_remove(d, s, g);
        g = -1;
    }
    int mover = u;
    if (main_dead) {
        int left = s->hits[u];
        s->hits[u] = 0;
        ptw_remove(d, s, u);           /* a gun it towed now stands alone */
        mover = g;
        if (g >= 0 && left) {
            s->hits[g] = (uint8_t)(s->hits[g] + left);   /* the rest fall on the gun */
            s->hit_prio = (uint8_t)g;
        }
    } else if (s->hits[u]) {
        s->hit_prio = (uint8_t)u;      /* its next hit follows at once */
    }
    if (mover >= 0)
        ptw_must_retreat(d, s, mover, PTW_RC_HIT);
}

void ptw_hit_rolled(const ptw_data *d, ptw_state *s, int roll)
{
    int v = ptw_hit_roller(d, s);
    bool dead = roll <= destroy_limit(d->unit[v].quality);
    if (v == s->hit_unit) {
        s->hit_rolls++;
        if (dead)
            s->hit_bits |= PTW_HB_MAIN_DEAD;
    } else {
        s->hit_gun_rolls++;
        if (dead)
            s->hit_bits |= PTW_HB_GUN_DEAD;
    }
    if (ptw_hit_roller(d, s) < 0)
        resolve(d, s);
}

/* For explanations (ptw_explain.c): the highest die that destroys a hit
 * unit of this quality. */
int ptw_destroy_limit(int quality)
{
    return destroy_limit(quality);
}
