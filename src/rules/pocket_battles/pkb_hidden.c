/*
 * pkb_hidden.c - what one player may not see in Pocket Battles, and
 * re-dealing it for a computer player that must not peek.
 *
 * The secret is the other army, until the reveal that ends deployment:
 *   - while armies are being built, all of it (a player builds in secret;
 *     the engine asks player 1, then player 2, which is the same as both
 *     building at once behind screens);
 *   - once both are built, each stack shows its top troop and its height
 *     (a stack of tiles is as thick as it is), and where it is placed;
 *     the troops under the top stay hidden.
 * A deployment, as the other player sees it, names the stack's top troop.
 * Re-dealing keeps everything the viewer sees: for a hidden army, a random
 * army of the faction within the battle's size; for hidden troops under
 * known tops, a random choice of the faction's other tiles that fits each
 * stack's height (formation values) and the size. It depends only on what
 * the viewer sees and on the generator given, never on the hidden truth.
 */
#include <string.h>
#include "pkb.h"
#include "rng.h"

int pkb_hidden_level(const pkb_state *s, int viewer, int p)
{
    if (viewer == ENG_VIEW_ALL || viewer == p || pkb_revealed(s))
        return PKB_HIDE_NONE;
    const pkb_side *sd = &s->side[p];
    if (!(s->side[0].built && s->side[1].built))
        return sd->army || sd->built ? PKB_HIDE_ALL : PKB_HIDE_NONE;
    for (int u = 0; u < sd->nunits; u++)
        if (pkb_popcount(sd->unit[u].troops) > 1)
            return PKB_HIDE_BELOW_TOP;
    return PKB_HIDE_NONE;
}

bool pkb_hides_from(const void *data, const void *st, int viewer)
{
    (void)data;
    const pkb_state *s = st;
    return viewer >= 0 && viewer < PKB_SIDES &&
           pkb_hidden_level(s, viewer, 1 - viewer) != PKB_HIDE_NONE;
}

void pkb_action_text_seen(const void *data, const void *st, eng_action a, int viewer,
                          char *buf, size_t n)
{
    const pkb_state *s = st;
    int k = PKB_KIND(a);
    if (s->phase == PKB_PH_BUILD && viewer != s->player && (k == PKB_A_UNIT || k == PKB_A_ADD)) {
        snprintf(buf, n, "%s", k == PKB_A_UNIT ? "unit (a troop chosen in secret)"
                                               : "add (a troop chosen in secret)");
        return;
    }
    pkb_action_text(data, st, a, buf, n);
    if (k == PKB_A_DEPLOY && viewer != s->player && viewer >= 0 && viewer < PKB_SIDES) {
        /* the stack as the other player sees it: its top troop and height */
        const pkb_data *d = data;
        int g = PKB_FA(a);
        if (!pkb_valid(s, g))
            return;
        const pkb_unit *u = pkb_u(s, g);
        const pkb_troop_def *top = pkb_def(d, pkb_owner(g), u->top);
        int h = pkb_popcount(u->troops);
        size_t len = strlen(buf);
        if (h > 1)
            snprintf(buf + len, n - len, " (%s %s on top of %d)", top->code, top->name, h);
        else
            snprintf(buf + len, n - len, " (%s %s)", top->code, top->name);
    }
}

/* ---- re-dealing -------------------------------------------------------------------- */

static void shuffle(uint8_t *a, int n, eng_rng *r)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint32_t)(i + 1));
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* empties p's army (before the battle nothing else refers to it) */
static void clear_army(pkb_state *s, int p)
{
    pkb_side *sd = &s->side[p];
    for (int u = 0; u < PKB_MAX_UNITS; u++) {
        sd->unit[u].troops = 0;
        sd->unit[u].top = PKB_NONE;
        sd->unit[u].zone = PKB_NONE;
    }
    memset(sd->unit_of, PKB_NONE, sizeof sd->unit_of);
    sd->army = 0;
    sd->points = 0;
    sd->nunits = 0;
}

static void put(const pkb_data *d, pkb_state *s, int p, int u, int t)
{
    pkb_side *sd = &s->side[p];
    if (sd->unit[u].troops == 0)
        sd->unit[u].top = (uint8_t)t;
    sd->unit[u].troops |= 1u << t;
    sd->army |= 1u << t;
    sd->unit_of[t] = (uint8_t)u;
    sd->points = (uint16_t)(sd->points + pkb_def(d, p, t)->points);
}

void pkb_random_army(const pkb_data *d, pkb_state *s, int p, int max_troops, uint64_t *rng)
{
    eng_rng r = {*rng};
    const pkb_faction *f = &d->pl[p].fac;
    uint8_t order[PKB_MAX_TROOPS];
    for (int t = 0; t < f->ntroops; t++)
        order[t] = (uint8_t)t;
    shuffle(order, f->ntroops, &r);
    clear_army(s, p);
    pkb_side *sd = &s->side[p];
    int points = 0, taken = 0;
    for (int i = 0; i < f->ntroops && taken < max_troops; i++) {
        int t = order[i];
        if (points + f->troop[t].points > d->size)
            continue;
        /* join a unit it fits (a coin toss), or start one */
        int fit[PKB_MAX_UNITS], nf = 0;
        for (int u = 0; u < sd->nunits; u++) {
            uint32_t m = sd->unit[u].troops | (1u << t);
            int low = PKB_MAX_FORMATION;
            for (uint32_t x = m; x; x &= x - 1)
                if (f->troop[pkb_ctz(x)].formation < low)
                    low = f->troop[pkb_ctz(x)].formation;
            if (pkb_popcount(m) <= low)
                fit[nf++] = u;
        }
        int u;
        if (nf && (sd->nunits == PKB_MAX_UNITS || rng_below(&r, 2)))
            u = fit[rng_below(&r, (uint32_t)nf)];
        else if (sd->nunits < PKB_MAX_UNITS)
            u = sd->nunits++;
        else
            continue;
        put(d, s, p, u, t);
        points += f->troop[t].points;
        taken++;
    }
    *rng = r.s;
}

/* New troops under the known tops of p's stacks: each stack keeps its
 * height, every troop in it has a formation value of at least that height,
 * and the army stays within the size. */
static void redeal_below_tops(const pkb_data *d, pkb_state *s, int p, uint64_t *rng)
{
    eng_rng r = {*rng};
    const pkb_faction *f = &d->pl[p].fac;
    pkb_side *sd = &s->side[p];
    int nunits = sd->nunits, height[PKB_MAX_UNITS], budget = d->size;
    uint32_t tops = 0;
    for (int u = 0; u < nunits; u++) {
        height[u] = pkb_popcount(sd->unit[u].troops);
        tops |= 1u << sd->unit[u].top;
        budget -= f->troop[sd->unit[u].top].points;
    }
    /* the stacks, tallest (most demanding) first */
    uint8_t by[PKB_MAX_UNITS];
    for (int u = 0; u < nunits; u++)
        by[u] = (uint8_t)u;
    shuffle(by, nunits, &r);
    for (int i = 1; i < nunits; i++)
        for (int j = i; j > 0 && height[by[j]] > height[by[j - 1]]; j--) {
            uint8_t t = by[j];
            by[j] = by[j - 1];
            by[j - 1] = t;
        }
    uint32_t pick[PKB_MAX_UNITS];
    bool found = false;
    for (int attempt = 0; attempt < 9 && !found; attempt++) {
        bool cheapest = attempt == 8;   /* the last try: the cheapest fit, which always works */
        uint32_t used = tops;
        int cost = 0;
        found = true;
        for (int i = 0; i < nunits && found; i++) {
            int u = by[i];
            pick[u] = 0;
            for (int k = 1; k < height[u]; k++) {
                uint8_t cand[PKB_MAX_TROOPS];
                int nc = 0, best = -1;
                for (int t = 0; t < f->ntroops; t++) {
                    if ((used >> t) & 1 || f->troop[t].formation < height[u])
                        continue;
                    cand[nc++] = (uint8_t)t;
                    if (best < 0 || f->troop[t].points < f->troop[best].points)
                        best = t;
                }
                if (nc == 0) {
                    found = false;
                    break;
                }
                int t = cheapest ? best : cand[rng_below(&r, (uint32_t)nc)];
                used |= 1u << t;
                pick[u] |= 1u << t;
                cost += f->troop[t].points;
            }
        }
        if (found && cost > budget)
            found = false;
    }
    *rng = r.s;
    if (!found)
        return;   /* cannot happen: the true army is one such choice */
    uint8_t zone[PKB_MAX_UNITS], top[PKB_MAX_UNITS];
    for (int u = 0; u < nunits; u++) {
        zone[u] = sd->unit[u].zone;
        top[u] = sd->unit[u].top;
    }
    clear_army(s, p);
    sd->nunits = (uint8_t)nunits;
    for (int u = 0; u < nunits; u++) {
        put(d, s, p, u, top[u]);
        for (uint32_t m = pick[u]; m; m &= m - 1)
            put(d, s, p, u, pkb_ctz(m));
        sd->unit[u].zone = zone[u];
    }
}

void pkb_resample_hidden(const void *data, void *st, int viewer, uint64_t *rng)
{
    const pkb_data *d = data;
    pkb_state *s = st;
    for (int p = 0; p < PKB_SIDES; p++) {
        int level = pkb_hidden_level(s, viewer, p);
        if (level == PKB_HIDE_ALL) {
            /* a whole army of the faction; a partial one while it is being built */
            int max = PKB_MAX_TROOPS;
            if (!s->side[p].built) {
                eng_rng r = {*rng};
                max = 1 + (int)rng_below(&r, (uint32_t)d->pl[p].fac.ntroops);
                *rng = r.s;
            }
            pkb_random_army(d, s, p, max, rng);
            pkb_side *sd = &s->side[p];
            if (sd->deployed) {
                /* a deployment the scenario gave: it is as secret as the army */
                eng_rng r = {*rng};
                for (int u = 0; u < sd->nunits; u++)
                    sd->unit[u].zone = (uint8_t)pkb_zone(p, (int)rng_below(&r, PKB_COLS),
                                                         rng_below(&r, 2) ? PKB_FRONT : PKB_REAR);
                sd->deployed = sd->nunits;
                *rng = r.s;
            }
        } else if (level == PKB_HIDE_BELOW_TOP) {
            redeal_below_tops(d, s, p, rng);
        }
    }
    pkb_book_refresh(d, s);   /* the bookkeeping: the units dealt again */
}
