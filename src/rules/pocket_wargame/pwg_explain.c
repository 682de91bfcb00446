/*
 * pwg_explain.c - Pocket Wargame's chance results explained: a dealt card
 * (its suit's terrain), the toss for the first player, and a combat coin
 * (what a head may do for that unit there, and once the last coin of a
 * test is down, the heads on each side and who spends first); and, for a
 * referee's prompt, what the coin or card about to fall is for.
 */
#include <string.h>
#include "english.h"
#include "pwg.h"

/* Why unit u's head may cancel damage in this combat ("a light unit shot
 * at"), or "" if it may not. */
static void cancel_reason(const pwg_data *d, const pwg_state *s, int u, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!(s->combat.cu[u] & PWG_CU_CANCEL))
        return;
    const pwg_type *t = pwg_type_of(d, u);
    const pwg_terrain *tr = pwg_terrain_at(d, s, s->loc[u]);
    if (s->combat.kind == PWG_CB_RANGED)
        snprintf(buf, n, !t->heavy ? "a light unit shot at" : "a unit shot at in %s (cover)",
                 tr->name);
    else
        snprintf(buf, n, "%s in melee on %s", t->name, tr->name);
}

/* What a head is worth to unit u in this combat, in words. */
static void head_worth(const pwg_data *d, const pwg_state *s, int u, char *buf, size_t n)
{
    char why[96];
    cancel_reason(d, s, u, why, sizeof why);
    bool dmg = (s->combat.cu[u] & PWG_CU_DAMAGE) != 0;
    if (dmg && why[0])
        snprintf(buf, n, "one damage to an enemy unit, or one damage cancelled, as %s", why);
    else if (dmg)
        snprintf(buf, n, "one damage to an enemy unit");
    else if (why[0])
        snprintf(buf, n, "one damage to it cancelled, as %s", why);
    else
        snprintf(buf, n, "nothing");
}

static void toss_outcome(const pwg_data *d, const pwg_state *s, eng_action a, char *buf,
                         size_t n)
{
    int u = PWG_FA(a);
    bool heads = PWG_FB(a) != 0;
    char ref[24], worth[160];
    pwg_unit_ref(d, u, -1, ref, sizeof ref);
    if (heads) {
        head_worth(d, s, u, worth, sizeof worth);
        snprintf(buf, n, "toss %s H: a head, worth %s", ref, worth);
    } else {
        snprintf(buf, n, "toss %s T: no head", ref);
        if (s->combat.kind == PWG_CB_MELEE)
            eng_text_add(buf, n, " (it takes damage before the heads-throwers, rule 2)");
    }
    /* the last coin: the heads on each side and who spends first */
    pwg_state after;
    memcpy(&after, s, sizeof after);
    pwg_apply(d, &after, a);
    if (after.stage == PWG_S_TOSS && after.combat.kind == s->combat.kind &&
        after.combat.loc == s->combat.loc)
        return;
    const pwg_combat *c = after.stage == PWG_S_SPEND ? &after.combat : NULL;
    int heads_by[PWG_MAX_FORCES] = {0};
    for (int v = 0; v < d->nunits; v++)
        if ((s->combat.cu[v] & PWG_CU_HEAD) || (v == u && heads))
            heads_by[d->unit[v].force]++;
    eng_text_add(buf, n, "; heads:");
    bool first = true;
    for (int f = 0; f < d->nforces; f++)
        if ((s->combat.forces >> f) & 1) {
            eng_text_add(buf, n, "%s %s %d", first ? "" : ",", d->force[f].name, heads_by[f]);
            first = false;
        }
    if (c)
        eng_text_add(buf, n, "; %s spends first", d->force[c->order[c->pos]].name);
    else
        eng_text_add(buf, n, "; no head can be spent, so nothing happens");
}

void pwg_explain_outcome(const void *data, const void *st, eng_action a, char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    char l[8];
    buf[0] = '\0';
    switch (PWG_KIND(a)) {
    case PWG_A_DEAL: {
        int c = PWG_FA(a);
        if (c >= d->ncards)
            return;
        pwg_loc_name(d, PWG_FB(a), l, sizeof l);
        snprintf(buf, n, "deal %s %s: %s", l, d->card[c].code,
                 d->terrain[d->card[c].terrain].name);
        return;
    }
    case PWG_A_FIRST: {
        int f = PWG_FA(a);
        if (f >= d->nforces)
            return;
        snprintf(buf, n, "first %d: %s goes first", f + 1, d->force[f].name);
        if (d->nforces > 2) {
            eng_text_add(buf, n, " (order");
            for (int k = 0; k < d->nforces; k++)
                eng_text_add(buf, n, "%s %s", k ? "," : "", d->force[(f + k) % d->nforces].name);
            eng_text_add(buf, n, ")");
        }
        return;
    }
    case PWG_A_TOSS:
        if (s->stage == PWG_S_TOSS && PWG_FA(a) < d->nunits)
            toss_outcome(d, s, a, buf, n);
        return;
    default:
        return;
    }
}

void pwg_explain_chance(const void *data, const void *st, char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    char l[8], ref[24], worth[160];
    buf[0] = '\0';
    switch (s->stage) {
    case PWG_S_DEAL: {
        int left = d->ncards - __builtin_popcountll(s->dealt);
        pwg_loc_name(d, s->deal_next, l, sizeof l);
        snprintf(buf, n, "The card for %s: any of the %d not dealt yet; its suit is the ground "
                 "there (%s terrain)", l, left, d->terrain_set);
        return;
    }
    case PWG_S_FIRST:
        snprintf(buf, n, "Who goes first, all equally likely:");
        for (int f = 0; f < d->nforces; f++)
            eng_text_add(buf, n, "%s %d %s", f ? "," : "", f + 1, d->force[f].name);
        return;
    case PWG_S_TOSS: {
        int u = pwg_combat_next_toss(d, s);
        if (u < 0)
            return;
        int total = 0, done = 0;
        for (int v = 0; v < d->nunits; v++)
            if (s->combat.cu[v] & PWG_CU_TOSSES) {
                total++;
                done += (s->combat.cu[v] & PWG_CU_TOSSED) != 0;
            }
        pwg_unit_ref(d, u, -1, ref, sizeof ref);
        head_worth(d, s, u, worth, sizeof worth);
        snprintf(buf, n, "Coin %d of %d in this %s, for %s (%s, %s): heads (H) is %s; "
                 "tails (T) is no head", done + 1, total,
                 s->combat.kind == PWG_CB_RANGED ? "ranged combat" : "melee", ref,
                 pwg_type_of(d, u)->name, d->force[d->unit[u].force].name, worth);
        return;
    }
    default:
        return;
    }
}
