/*
 * ptw_combat.c - close combat: who may attack what, the modifiers, the
 * 19th-century table (each side rolls against the score it needs not to
 * be hit, front-on or flank/rear-on) and the 2014 revision (each rolls to
 * hit; a flank or rear attack takes 1 from the defender; a hit costs a
 * Strength Value point; the lower roll retreats or loses another point;
 * equal rolls fight again at once), and the winner's advance (attacker or
 * defender, as the text has it; option advance attacker: the attacker
 * only).
 *
 * The attacker is the unit in its activation; it attacks an orthogonally
 * adjacent square, defended by its fighting unit (else its transport, else
 * its commander). Close combat is the last thing a unit does in its
 * activation, unless it wins, advances, and finds itself next to an enemy
 * again.
 */
#include "ptw.h"

int ptw_assault_check(const ptw_data *d, const ptw_state *s, int u, int sq)
{
    int side = d->unit[u].side;
    if (!ptw_type_of(d, u)->assault)
        return PTW_CC_CANT;
    if (s->towed_by[u] != PTW_NONE)
        return PTW_CC_TOWED;
    if (s->active == u && (s->act_bits & PTW_ACT_ASSAULTED))
        return PTW_CC_DONE;
    if (s->exhausted[side])
        return PTW_CC_EXHAUSTED;
    if (sq < 0 || sq >= d->nsq || ptw_dir_between(d, s->loc[u], sq) < 0)
        return PTW_CC_NOT_ADJ;
    if (!ptw_enemy_in(s, sq, side))
        return PTW_CC_NO_ENEMY;
    return PTW_CC_OK;
}

/* Does u face enemy (the enemy's square is the one in front of it)? */
static bool front_on(const ptw_data *d, const ptw_state *s, int u, int enemy)
{
    return d->nbr[s->loc[u]][s->facing[u]] == s->loc[enemy];
}

/* Close combat's commander bonus: a friendly commander (another unit)
 * orthogonally adjacent to u, as the text writes it (fire's bonus counts
 * one in the same square too); option commander-close-combat
 * in-or-adjacent counts one in u's square as well. */
bool ptw_cc_commander(const ptw_data *d, const ptw_state *s, int u)
{
    const ptw_side *f = &d->side[d->unit[u].side];
    int lo = d->cc_commander_same_sq ? 0 : 1;
    for (int c = f->first_unit; c < f->first_unit + f->nunits; c++) {
        if (c == u || !ptw_alive(s, c) || ptw_type_of(d, c)->cls != PTW_C_COMMANDER)
            continue;
        int dist = ptw_dist(d, s->loc[c], s->loc[u]);
        if (dist >= lo && dist <= 1)
            return true;
    }
    return false;
}

/* The modifier to u's close-combat die against enemy: +1 a friendly
 * commander next to it (ptw_cc_commander); +1 in cover or fortifications (a
 * wood is cover; +1 more with woods-close-combat plus-2); -1 attacking
 * uphill; -1 in a river; -1 crossing a trench (which, with option
 * trench-crossing exposed, also loses the fortification's +1). */
int ptw_cc_modifier(const ptw_data *d, const ptw_state *s, int u, int enemy, bool attacker)
{
    uint16_t here = d->sq[s->loc[u]], there = d->sq[s->loc[enemy]];
    int mod = 0;
    if (ptw_cc_commander(d, s, u))
        mod++;
    bool crossing = ptw_crossing_trench(d, s, u);
    if ((here & PTW_SQ_COVER) || ((here & PTW_SQ_FORT) && !(crossing && d->trench_exposed)))
        mod++;   /* trench-crossing exposed: no fortification bonus while crossing */
    if ((here & PTW_SQ_WOODS) && d->woods_plus2)
        mod++;
    if (attacker && !(here & PTW_SQ_HILL) && (there & PTW_SQ_HILL))
        mod--;
    if (here & PTW_SQ_RIVER)
        mod--;
    if (crossing)
        mod--;
    return mod;
}

/* The score u needs: 1800s, the lowest not to be hit, by the column of
 * its orientation to the enemy; 2014, the lowest that hits (the front-on
 * column: the flank and rear rule is the defender's -1 instead). */
static int threshold(const ptw_data *d, const ptw_state *s, int u, int enemy)
{
    const ptw_type *t = ptw_type_of(d, u);
    if (d->cc2014)
        return t->cc_front;
    return front_on(d, s, u, enemy) ? t->cc_front : t->cc_flank;
}

void ptw_cc_begin(const ptw_data *d, ptw_state *s, int att, int sq)
{
    s->cc_att = (uint8_t)att;
    s->cc_def = (uint8_t)ptw_defender_at(d, s, sq, d->unit[att].side);
    s->cc_from = s->loc[att];
    s->cc_sq = (uint8_t)sq;
    s->cc_roll_a = s->cc_roll_d = 0;
    s->cc_round = 1;
    s->act_bits |= PTW_ACT_ASSAULTED | PTW_ACT_FOUGHT | PTW_ACT_MOVEDONE;
    s->stage = PTW_S_COMBAT;
}

/* The unit whose die is next: the attacker's, then the defender's. */
int ptw_cc_roller(const ptw_state *s)
{
    return s->cc_roll_a == 0 ? s->cc_att : s->cc_def;
}

static void cc1800_rolled(const ptw_data *d, ptw_state *s)
{
    int a = s->cc_att, df = s->cc_def;
    int ma = s->cc_roll_a + ptw_cc_modifier(d, s, a, df, true);
    int md = s->cc_roll_d + ptw_cc_modifier(d, s, df, a, false);
    if (md < threshold(d, s, df, a))
        s->hits[df]++;
    if (ma < threshold(d, s, a, df))
        s->hits[a]++;
    s->hit_ctx = PTW_HC_CC;
    s->hit_prio = (uint8_t)df;    /* the defender's hit is resolved first */
    s->stage = PTW_S_HITS;
}

static void cc2014_rolled(const ptw_data *d, ptw_state *s)
{
    int a = s->cc_att, df = s->cc_def;
    int ma = s->cc_roll_a + ptw_cc_modifier(d, s, a, df, true);
    int md = s->cc_roll_d + ptw_cc_modifier(d, s, df, a, false);
    if (!front_on(d, s, df, a))
        md--;                     /* attacked in the flank or rear */
    bool hit_d = ma >= threshold(d, s, a, df);
    bool hit_a = md >= threshold(d, s, df, a);
    if (hit_d)
        ptw_lose_strength(d, s, df, 1);
    if (hit_a)
        ptw_lose_strength(d, s, a, 1);
    bool both = ptw_alive(s, a) && ptw_alive(s, df);
    if (ma == md && both) {       /* equal: another round at once */
        s->cc_roll_a = s->cc_roll_d = 0;
        if (s->cc_round < 250)
            s->cc_round++;
        s->stage = PTW_S_COMBAT;
        return;
    }
    s->stage = PTW_S_CC_END;
    if (ma == md)
        return;
    int loser = ma < md ? a : df;
    if (ptw_alive(s, loser))
        ptw_must_retreat(d, s, loser, PTW_RC_CC14);
}

/* Both dice are in. */
void ptw_cc_rolled(const ptw_data *d, ptw_state *s)
{
    if (d->cc2014)
        cc2014_rolled(d, s);
    else
        cc1800_rolled(d, s);
}

/* Has unit u won the close combat just fought, and may it advance into
 * `into` (the square its enemy held)? Infantry and cavalry may, if still
 * in the square they fought from, the other square holds no enemy now,
 * and their side is not exhausted. */
static bool may_take(const ptw_data *d, const ptw_state *s, int u, int from, int into)
{
    return u < d->nunits && from < d->nsq && into < d->nsq && ptw_alive(s, u) &&
           s->loc[u] == from &&
           ptw_type_of(d, u)->advance && !s->exhausted[d->unit[u].side] &&
           !ptw_enemy_in(s, into, d->unit[u].side) && !(d->sq[into] & PTW_SQ_BLOCKED);
}

/* After a close combat: the winner that may advance, or -1. The text lets
 * either winner advance: the attacker into the square it won, the defender
 * into the square the attacker left (option advance attacker: the attacker
 * only). At most one can: each needs the other gone from its square. */
int ptw_cc_winner(const ptw_data *d, const ptw_state *s)
{
    if (may_take(d, s, s->cc_att, s->cc_from, s->cc_sq))
        return s->cc_att;
    if (!d->advance_attacker_only && may_take(d, s, s->cc_def, s->cc_sq, s->cc_from))
        return s->cc_def;
    return -1;
}

/* The square the winner w advances into. */
int ptw_cc_won_square(const ptw_state *s, int w)
{
    return w == s->cc_att ? s->cc_sq : s->cc_from;
}

bool ptw_may_advance(const ptw_data *d, const ptw_state *s)
{
    return ptw_cc_winner(d, s) >= 0;
}

/* A defender advances outside its own activation: it fights no more now
 * and faces, by rule h, the beaten attacker if it stands next to it, else
 * the first enemy next to it (north, east, south, west), else the way it
 * moved. */
static void defender_advance(const ptw_data *d, ptw_state *s, int w)
{
    int sq = s->cc_from, side = d->unit[w].side;
    int dir = ptw_dir_between(d, s->loc[w], sq);
    ptw_place(d, s, w, sq);
    s->entered[w] = s->turn;
    s->moved |= UINT64_C(1) << w;
    int a = s->cc_att, face = ptw_alive(s, a) ? ptw_dir_between(d, sq, s->loc[a]) : -1;
    int dirs = ptw_enemy_dirs(d, s, sq, side);
    if (face < 0 && dirs) {
        face = 0;
        while (!((dirs >> face) & 1))
            face++;
    }
    s->facing[w] = (uint8_t)(face >= 0 ? face : dir);
    s->stage = PTW_S_ACT;
}

/* The winner advances into the square it won. The attacker, next to an
 * enemy again, faces it (rule h) and may fight once more. */
void ptw_advance(const ptw_data *d, ptw_state *s)
{
    int w = ptw_cc_winner(d, s);
    if (w < 0)
        return;
    if (w != s->cc_att) {
        defender_advance(d, s, w);
        return;
    }
    int a = s->cc_att, sq = s->cc_sq;
    int dir = ptw_dir_between(d, s->loc[a], sq);
    ptw_place(d, s, a, sq);
    s->facing[a] = (uint8_t)dir;
    s->entered[a] = s->turn;
    s->moved |= UINT64_C(1) << a;
    s->act_bits &= (uint8_t)~PTW_ACT_ASSAULTED;
    s->stage = PTW_S_ACT;
    int dirs = ptw_enemy_dirs(d, s, sq, d->unit[a].side);
    if (dirs && (dirs & (dirs - 1)) == 0) {
        int k = 0;
        while (!((dirs >> k) & 1))
            k++;
        s->facing[a] = (uint8_t)k;
    } else if (dirs) {
        s->stage = PTW_S_FACE;
    }
}

/* For explanations (ptw_explain.c): the score u needs against enemy, and
 * whether u is front-on to it. */
int ptw_cc_needed(const ptw_data *d, const ptw_state *s, int u, int enemy, bool *front)
{
    if (front)
        *front = front_on(d, s, u, enemy);
    return threshold(d, s, u, enemy);
}
