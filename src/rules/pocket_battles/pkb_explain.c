/*
 * pkb_explain.c - Pocket Battles' dice explained: the roll for the
 * attacker (who attacks once both dice are in), and each die of a strike
 * or a shooting: the printed dice it is matched against, the hits it
 * scores, and after the last die the roll's total, the traits that take
 * hits off, and where the hits go (split, rounded up, over an engagement
 * that is shot into). For a referee's prompt, what the die about to be
 * rolled is for and where its dice come from.
 */
#include <string.h>
#include "english.h"
#include "pkb.h"

/* The faces printed on g's living troops for this kind of strike:
 * "engagement dice 3 3 4 4 5" (or "no shooting dice"). */
static void faces_text(const pkb_data *d, const pkb_state *s, int g, int kind, char *buf,
                       size_t n)
{
    int count[7] = {0};
    int p = pkb_owner(g), total = 0;
    for (uint32_t t = pkb_u(s, g)->troops; t; t &= t - 1) {
        const pkb_troop_def *td = pkb_def(d, p, pkb_ctz(t));
        for (int f = 1; f <= 6; f++) {
            count[f] += kind == PKB_K_SHOOT ? td->shoot[f] : td->eng[f];
            total += kind == PKB_K_SHOOT ? td->shoot[f] : td->eng[f];
        }
    }
    snprintf(buf, n, "%s%s dice", total ? "" : "no ", kind == PKB_K_SHOOT ? "shooting"
                                                                          : "engagement");
    for (int f = 1; f <= 6; f++)
        for (int k = 0; k < count[f]; k++)
            eng_text_add(buf, n, " %d", f);
}

/* Titles of g's traits with effect fx: "Shield, Pavise" */
static void fx_names(const pkb_data *d, uint32_t traits, int fx, char *buf, size_t n)
{
    buf[0] = '\0';
    for (uint32_t m = traits & d->fx[fx]; m; m &= m - 1)
        eng_text_add(buf, n, "%s%s", buf[0] ? ", " : "", d->trait[pkb_ctz(m)].title);
}

/* "Elves'", "Romans'", "Celt's" */
static void possessive(const char *name, char *buf, size_t n)
{
    size_t len = strlen(name);
    snprintf(buf, n, "%s%s", name, len && name[len - 1] == 's' ? "'" : "'s");
}

static const char *strike_verb(const pkb_state *s)
{
    return s->stage == PKB_S_BACK ? "strike back" : s->stage == PKB_S_FREE ? "free strike"
         : s->skind == PKB_K_SHOOT ? "shooting" : s->charge_die ? "charge" : "strike";
}

/* After the last die: where the roll's h hits go. */
static void hits_go(const pkb_data *d, const pkb_state *s, int h, char *buf, size_t n)
{
    int t = s->target;
    char l[8], names[160];
    if (s->skind == PKB_K_SHOOT && pkb_u(s, t)->foe != PKB_NONE) {
        uint8_t list[PKB_Q];
        int k = pkb_engagement(s, t, list);
        int share = (h + k - 1) / k;
        eng_text_add(buf, n,
                     "; shot into an engagement of %d units: %d split, rounded up, is %d each", k,
                     h, share);
        for (int i = 0; i < k; i++) {
            uint32_t tr = pkb_unit_traits(d, s, list[i]);
            int fewer = pkb_fx(d, tr, PKB_FX_FEWER_SHOT);
            pkb_label(list[i], l, sizeof l);
            if (fewer) {
                fx_names(d, tr, PKB_FX_FEWER_SHOT, names, sizeof names);
                int got = share - fewer < 0 ? 0 : share - fewer;
                eng_text_add(buf, n, "; %s -%d (%s) = %d", l, fewer, names, got);
            }
        }
        return;
    }
    uint32_t tr = pkb_unit_traits(d, s, t);
    int fx = s->skind == PKB_K_SHOOT ? PKB_FX_FEWER_SHOT : PKB_FX_FEWER_ENGAGE;
    int fewer = pkb_fx(d, tr, fx), got = h - fewer < 0 ? 0 : h - fewer;
    pkb_label(t, l, sizeof l);
    if (fewer) {
        fx_names(d, tr, fx, names, sizeof names);
        eng_text_add(buf, n, ", -%d %s = %d hit%s on %s", fewer, names, got, got == 1 ? "" : "s",
                     l);
    } else {
        eng_text_add(buf, n, " on %s", l);
    }
}

static void die_outcome(const pkb_data *d, const pkb_state *s, int face, char *buf, size_t n)
{
    char l[8], faces[96];
    int g = s->striker, hits = pkb_hits_for(d, s, g, s->skind, face);
    int total = s->nrolled + s->dice_left;
    pkb_label(g, l, sizeof l);
    faces_text(d, s, g, s->skind, faces, sizeof faces);
    snprintf(buf, n, "roll %d for %s's %s against %s: %d hit%s", face, l, strike_verb(s), faces,
             hits, hits == 1 ? "" : "s");
    if (total > 1)
        eng_text_add(buf, n, " (die %d of %d)", s->nrolled + 1, total);
    if (s->dice_left != 1)
        return;
    int h = s->hits + hits;
    if (total > 1) {
        eng_text_add(buf, n, "; rolled");
        for (int i = 0; i < s->nrolled; i++)
            eng_text_add(buf, n, " %d", s->rolled[i]);
        eng_text_add(buf, n, " %d: %d hit%s", face, h, h == 1 ? "" : "s");
    }
    hits_go(d, s, h, buf, n);
}

void pkb_explain_outcome(const void *data, const void *st, eng_action a, char *buf, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    int face = PKB_FA(a);
    buf[0] = '\0';
    if (PKB_KIND(a) != PKB_A_ROLL || face < 1 || face > 6)
        return;
    if (s->phase == PKB_PH_ROLL) {
        char who[PKB_NAME + 4];
        if (!s->roll[0]) {
            possessive(d->pl[0].name, who, sizeof who);
            snprintf(buf, n, "roll %d: %s die for the attacker", face, who);
            return;
        }
        int r0 = s->roll[0];
        snprintf(buf, n, "roll %d: %s %d against %s %d: ", face, d->pl[1].name, face,
                 d->pl[0].name, r0);
        if (r0 == face)
            eng_text_add(buf, n, "equal, both roll again");
        else
            eng_text_add(buf, n, "%s, the higher, is the attacker and places and acts first",
                         d->pl[r0 > face ? 0 : 1].name);
        return;
    }
    if (s->phase == PKB_PH_DICE && pkb_alive(s, s->striker))
        die_outcome(d, s, face, buf, n);
}

void pkb_explain_chance(const void *data, const void *st, char *buf, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    char l[8], l2[8], faces[96], names[160];
    buf[0] = '\0';
    if (s->phase == PKB_PH_ROLL) {
        char who[PKB_NAME + 4];
        possessive(d->pl[s->roll[0] ? 1 : 0].name, who, sizeof who);
        snprintf(buf, n, "Die for the attacker, %s: the higher roll attacks; equal dice roll "
                 "again", who);
        if (s->roll[0])
            eng_text_add(buf, n, " (%s rolled %d)", d->pl[0].name, s->roll[0]);
        return;
    }
    if (s->phase != PKB_PH_DICE || !pkb_alive(s, s->striker))
        return;
    int g = s->striker, total = s->nrolled + s->dice_left;
    uint32_t tr = pkb_unit_traits(d, s, g);
    pkb_label(g, l, sizeof l);
    pkb_label(s->target, l2, sizeof l2);
    faces_text(d, s, g, s->skind, faces, sizeof faces);
    snprintf(buf, n, "Die %d of %d for %s's %s at %s: each of its %s that shows the face "
             "rolled is a hit; %d hit%s so far. Its dice: 1", s->nrolled + 1, total, l,
             strike_verb(s), l2, faces, s->hits, s->hits == 1 ? "" : "s");
    int fx[3] = {-1, -1, -1};
    if (s->skind == PKB_K_SHOOT)
        fx[0] = PKB_FX_DICE_SHOOT;
    else {
        fx[0] = PKB_FX_DICE_ENGAGE;
        if (s->stage == PKB_S_BACK && s->target == s->charger)
            fx[1] = PKB_FX_DICE_CHARGED;
    }
    for (int i = 0; i < 3; i++)
        if (fx[i] >= 0 && pkb_fx(d, tr, fx[i])) {
            fx_names(d, tr, fx[i], names, sizeof names);
            eng_text_add(buf, n, ", +%d %s", pkb_fx(d, tr, fx[i]), names);
        }
    if (s->charge_die) {
        eng_text_add(buf, n, ", +1 charge");
        if (s->charge_die > 1) {
            fx_names(d, tr, PKB_FX_DICE_CHARGE, names, sizeof names);
            eng_text_add(buf, n, ", +%d %s", s->charge_die - 1, names);
        }
    }
}
