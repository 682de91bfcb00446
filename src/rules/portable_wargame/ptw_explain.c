/*
 * ptw_explain.c - The Portable Wargame's dice explained: each die with its
 * modifiers by name, the total and what it gives (a shell's landing
 * square, a small-arms hit, a close-combat die against the score the
 * table asks, a hit unit's fate by its quality, initiative), and for a
 * referee's prompt, what the die about to be rolled is for.
 *
 * The modifiers are named here in the same order and on the same
 * conditions as ptw_fire.c and ptw_combat.c add them up; the tests check
 * that the named parts always sum to those functions' totals.
 */
#include <string.h>
#include "english.h"
#include "ptw.h"

#define MAX_MODS 6

typedef struct mods {
    int n, total;
    int v[MAX_MODS];
    const char *name[MAX_MODS];
} mods;

static void add(mods *m, int v, const char *name)
{
    if (m->n < MAX_MODS) {
        m->v[m->n] = v;
        m->name[m->n++] = name;
    }
    m->total += v;
}

static void landing_mods(const ptw_data *d, const ptw_state *s, int g, mods *m)
{
    int sq = s->target[g], from = s->loc[g];
    memset(m, 0, sizeof *m);
    if (d->sq[sq] & PTW_SQ_COVER)
        add(m, -1, "target in cover");
    else if (d->sq[sq] & PTW_SQ_FORT)
        add(m, -1, "target in fortifications");
    if (!(d->sq[sq] & PTW_SQ_COVER) && ptw_sight(d, from, sq))
        add(m, 2, "direct sight");
    if (s->last_target[g] == sq)
        add(m, 1, "same target as last turn");
    if (ptw_commander_near(d, s, g))
        add(m, 1, "commander");
}

static void shot_mods(const ptw_data *d, const ptw_state *s, int u, int sq, mods *m)
{
    memset(m, 0, sizeof *m);
    if (d->sq[sq] & PTW_SQ_COVER)
        add(m, -1, "target in cover");
    else if (d->sq[sq] & PTW_SQ_FORT)
        add(m, -1, "target in fortifications");
    if (!ptw_bit(s->moved, u))
        add(m, 1, "not moved");
    if (ptw_commander_near(d, s, u))
        add(m, 1, "commander");
}

static void cc_mods(const ptw_data *d, const ptw_state *s, int u, int enemy, bool attacker,
                    mods *m)
{
    uint16_t here = d->sq[s->loc[u]], there = d->sq[s->loc[enemy]];
    memset(m, 0, sizeof *m);
    if (ptw_cc_commander(d, s, u))
        add(m, 1, "commander");
    if (here & PTW_SQ_COVER)
        add(m, 1, "in cover");
    else if ((here & PTW_SQ_FORT) && !(d->trench_exposed && ptw_crossing_trench(d, s, u)))
        add(m, 1, "in fortifications");   /* not while crossing, with trench-crossing exposed */
    if ((here & PTW_SQ_WOODS) && d->woods_plus2)
        add(m, 1, "woods");
    if (attacker && !(here & PTW_SQ_HILL) && (there & PTW_SQ_HILL))
        add(m, -1, "uphill");
    if (here & PTW_SQ_RIVER)
        add(m, -1, "in a river");
    if (ptw_crossing_trench(d, s, u))
        add(m, -1, "crossing a trench");
    /* 2014: the defender attacked in the flank or rear takes 1 more */
    bool front;
    if (d->cc2014 && !attacker) {
        ptw_cc_needed(d, s, u, enemy, &front);
        if (!front)
            add(m, -1, "attacked in flank or rear");
    }
}

/* "4, +2 direct sight, +1 commander = 7" (just "4" without modifiers) */
static void sum_text(int die, const mods *m, char *buf, size_t n)
{
    buf[0] = '\0';
    eng_text_add(buf, n, "%d", die);
    for (int i = 0; i < m->n; i++)
        eng_text_add(buf, n, ", %+d %s", m->v[i], m->name[i]);
    if (m->n)
        eng_text_add(buf, n, " = %d", die + m->total);
}

/* "+2 direct sight, +1 commander (+3 in all)", or "no modifiers" */
static void mods_text(const mods *m, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!m->n) {
        snprintf(buf, n, "no modifiers");
        return;
    }
    for (int i = 0; i < m->n; i++)
        eng_text_add(buf, n, "%s%+d %s", i ? ", " : "", m->v[i], m->name[i]);
    if (m->n > 1)
        eng_text_add(buf, n, " (%+d in all)", m->total);
}

/* The units a shell landing on sq hits: "hitting 2/INF2", or "empty" */
static void hit_list(const ptw_data *d, const ptw_state *s, int sq, char *buf, size_t n)
{
    buf[0] = '\0';
    int k = 0;
    for (int u = 0; u < d->nunits; u++)
        if (s->loc[u] == sq && s->towed_by[u] == PTW_NONE) {
            char r[24];
            ptw_unit_ref(d, u, -1, r, sizeof r);
            eng_text_add(buf, n, "%s%s", k++ ? " and " : ": hits ", r);
        }
    if (!k)
        eng_text_add(buf, n, ", where no unit stands");
}

static void landing(const ptw_data *d, const ptw_state *s, int g, int v, char *buf, size_t n)
{
    mods m;
    char r[24], t[8], l[8], sum[160], who[160];
    landing_mods(d, s, g, &m);
    ptw_unit_ref(d, g, -1, r, sizeof r);
    ptw_sq_name(d, s->target[g], t, sizeof t);
    sum_text(v, &m, sum, sizeof sum);
    int score = v + m.total, to = ptw_landing_square(d, s, g, score);
    snprintf(buf, n, "landing %s %s: ", r, sum);
    if (score < 1) {
        eng_text_add(buf, n, "below 1, the fire is totally ineffective");
        return;
    }
    if (to != PTW_NONE) {
        ptw_sq_name(d, to, l, sizeof l);
        hit_list(d, s, to, who, sizeof who);
    }
    if (score >= 5)
        eng_text_add(buf, n, "lands on the target, %s%s", t, who);
    else if (to == PTW_NONE)
        eng_text_add(buf, n, "lands one square %s %s, off the board: no effect",
                     score == 2 || score == 4 ? "in front of" : "behind", t);
    else
        eng_text_add(buf, n, "lands one square %s %s, on %s%s",
                     score == 2 || score == 4 ? "in front of" : "behind", t, l, who);
}

static void initiative(const ptw_data *d, const ptw_state *s, int side, int v, char *buf,
                       size_t n)
{
    snprintf(buf, n, "initiative %d %d: %s rolls %d", side + 1, v, d->side[side].name, v);
    int other = s->init_roll[1 - side];
    if (!other)
        return;
    if (other == v)
        eng_text_add(buf, n, " against %s %d: equal, both roll again", d->side[1 - side].name,
                     other);
    else
        eng_text_add(buf, n, " against %s %d: %s is side A and acts first", d->side[1 - side].name,
                     other, d->side[v > other ? side : 1 - side].name);
}

static void shot(const ptw_data *d, const ptw_state *s, int u, int v, char *buf, size_t n)
{
    mods m;
    char r[24], l[8], sum[160];
    shot_mods(d, s, u, s->shot_sq, &m);
    ptw_unit_ref(d, u, -1, r, sizeof r);
    ptw_sq_name(d, s->shot_sq, l, sizeof l);
    sum_text(v, &m, sum, sizeof sum);
    bool hit = v + m.total >= 5;
    int dice = ptw_type_of(d, u)->dice, hits = s->shot_hits + hit;
    snprintf(buf, n, "shot %s %s, needing 5: %s", r, sum, hit ? "a hit" : "a miss");
    if (dice > 1)
        eng_text_add(buf, n, " (die %d of %d)", s->shot_die + 1, dice);
    if (s->shot_die + 1 == dice)
        eng_text_add(buf, n, "; %d hit%s on the enemy at %s", hits, hits == 1 ? "" : "s", l);
}

static void combat(const ptw_data *d, const ptw_state *s, int u, int v, char *buf, size_t n)
{
    bool attacker = s->cc_roll_a == 0;
    int enemy = attacker ? s->cc_def : s->cc_att;
    mods m;
    char r[24], e[24], sum[160];
    cc_mods(d, s, u, enemy, attacker, &m);
    ptw_unit_ref(d, u, -1, r, sizeof r);
    ptw_unit_ref(d, enemy, -1, e, sizeof e);
    sum_text(v, &m, sum, sizeof sum);
    bool front;
    int need = ptw_cc_needed(d, s, u, enemy, &front), score = v + m.total;
    snprintf(buf, n, "combat %s %s (%s)", r, sum, attacker ? "attacker" : "defender");
    if (!d->cc2014) {
        eng_text_add(buf, n, ", needing %d+ %s not to be hit: %s", need,
                     front ? "front-on" : "flank or rear on", score >= need ? "not hit" : "hit");
        return;
    }
    eng_text_add(buf, n, ", needing %d+ to hit: %s %s", need, score >= need ? "hits" : "misses", e);
    if (attacker)
        return;
    /* both dice are in: the lower retreats, equal fights again */
    mods ma;
    cc_mods(d, s, s->cc_att, s->cc_def, true, &ma);
    int sa = s->cc_roll_a + ma.total;
    if (sa == score)
        eng_text_add(buf, n, "; %d against %d, equal: another round unless one is destroyed", sa,
                     score);
    else
        eng_text_add(buf, n, "; %d against %d: %s, the lower, retreats 1 square or loses another "
                     "strength point", sa, score, sa < score ? e : r);
}

static void hit(const ptw_data *d, const ptw_state *s, int u, int v, char *buf, size_t n)
{
    char r[24];
    int q = d->unit[u].quality, lim = ptw_destroy_limit(q);
    ptw_unit_ref(d, u, -1, r, sizeof r);
    snprintf(buf, n, "hit %s %d, %s (destroyed on 1-%d): %s", r, v, ptw_quality_name(q), lim,
             v <= lim ? "destroyed" : "survives, and retreats 1 square or is destroyed");
    if (u != s->hit_unit)
        eng_text_add(buf, n, " (the gun towed by the hit transport)");
}

void ptw_explain_outcome(const void *data, const void *st, eng_action a, char *buf, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    int u = PTW_FU(a), v = PTW_FV(a), who = -1;
    buf[0] = '\0';
    int kind = ptw_expected_roll(d, s, &who);
    if (!kind || kind != PTW_KIND(a) || u != who || v < 1 || v > 6)
        return;
    switch (kind) {
    case PTW_A_LAND_ROLL: landing(d, s, u, v, buf, n); return;
    case PTW_A_INIT_ROLL: initiative(d, s, u, v, buf, n); return;
    case PTW_A_SHOT_ROLL: shot(d, s, u, v, buf, n); return;
    case PTW_A_CC_ROLL: combat(d, s, u, v, buf, n); return;
    case PTW_A_HIT_ROLL: hit(d, s, u, v, buf, n); return;
    default: return;
    }
}

void ptw_explain_chance(const void *data, const void *st, char *buf, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    int who = -1;
    char r[24], e[24], l[8], f[8], b[8], mt[200];
    mods m;
    buf[0] = '\0';
    switch (ptw_expected_roll(d, s, &who)) {
    case PTW_A_LAND_ROLL: {
        int sq = s->target[who], fw = s->facing[who];
        int front = d->nbr[sq][ptw_opposite(fw)], back = d->nbr[sq][fw];
        bool direct = false;
        (void)ptw_landing_modifier(d, s, who, &direct);
        landing_mods(d, s, who, &m);
        mods_text(&m, mt, sizeof mt);
        ptw_unit_ref(d, who, -1, r, sizeof r);
        ptw_sq_name(d, sq, l, sizeof l);
        if (front != PTW_NONE)
            ptw_sq_name(d, front, f, sizeof f);
        else
            snprintf(f, sizeof f, "off");
        if (back != PTW_NONE)
            ptw_sq_name(d, back, b, sizeof b);
        else
            snprintf(b, sizeof b, "off");
        snprintf(buf, n, "Landing die for %s firing at %s (%s fire): %s. After modifiers: 5 or "
                 "more lands on %s, 2 or 4 one square in front (%s), 1 or 3 one square "
                 "behind (%s), below 1 totally ineffective", r, l,
                 direct ? "direct" : "indirect", mt, l, f, b);
        return;
    }
    case PTW_A_INIT_ROLL:
        snprintf(buf, n, "Initiative die for %s: the higher die is side A and acts first; "
                 "equal dice roll again", d->side[who].name);
        if (s->init_roll[1 - who])
            eng_text_add(buf, n, " (%s rolled %d)", d->side[1 - who].name, s->init_roll[1 - who]);
        return;
    case PTW_A_SHOT_ROLL:
        shot_mods(d, s, who, s->shot_sq, &m);
        mods_text(&m, mt, sizeof mt);
        ptw_unit_ref(d, who, -1, r, sizeof r);
        ptw_sq_name(d, s->shot_sq, l, sizeof l);
        snprintf(buf, n, "Fire die %d of %d for %s at %s: %s; 5 or more after modifiers is a "
                 "hit on every enemy unit there", s->shot_die + 1, ptw_type_of(d, who)->dice,
                 r, l, mt);
        return;
    case PTW_A_CC_ROLL: {
        bool attacker = s->cc_roll_a == 0, fr;
        int enemy = attacker ? s->cc_def : s->cc_att;
        cc_mods(d, s, who, enemy, attacker, &m);
        mods_text(&m, mt, sizeof mt);
        ptw_unit_ref(d, who, -1, r, sizeof r);
        ptw_unit_ref(d, enemy, -1, e, sizeof e);
        int need = ptw_cc_needed(d, s, who, enemy, &fr);
        if (d->cc2014)
            snprintf(buf, n, "Close-combat die for %s, the %s, against %s: %s; %d or more "
                     "after modifiers hits (a strength point); the lower score retreats, "
                     "equal scores fight another round", r, attacker ? "attacker" : "defender",
                     e, mt, need);
        else
            snprintf(buf, n, "Close-combat die for %s, the %s, against %s: %s; it needs %d or "
                     "more after modifiers not to be hit (%s)", r,
                     attacker ? "attacker" : "defender", e, mt, need,
                     fr ? "front-on" : "flank or rear on");
        return;
    }
    case PTW_A_HIT_ROLL: {
        int q = d->unit[who].quality, lim = ptw_destroy_limit(q);
        ptw_unit_ref(d, who, -1, r, sizeof r);
        snprintf(buf, n, "Hit die for %s, %s: 1 to %d destroys it; %d to 6 it survives and "
                 "must retreat 1 square (or is destroyed)", r, ptw_quality_name(q), lim,
                 lim + 1);
        return;
    }
    default:
        return;
    }
}
