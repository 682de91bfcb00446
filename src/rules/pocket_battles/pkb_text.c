/*
 * pkb_text.c - Pocket Battles' notation and one-line status.
 *
 *   unit ELV03   add ELV26   done                  (army building)
 *   roll 4 | 4                                     (any die: chance)
 *   deploy A3 L-front                              (deployment)
 *   redeploy A3 L-rear                             (the free redeployment)
 *   order A3 move C-front | charge | fight B2 | leave | shoot | rally | hex
 *   pass   concede
 *   react intercept B2 | react shoot B3 | react wait
 *   target B3 | target A5 ELV25                    (rally names the troop)
 *   wound B3 ORC06 | wound B3 ORC06 from B5 | wound B3 ORC06 from pass
 *   wound B3 remove ORC06
 *   eliminate A3 ELV13   done                      (round end)
 *
 * Units are A1.. (player 1) and B1.. (player 2); troops their tile codes;
 * zones are named as the unit's owner sees them (L, C, R sector; rear,
 * front, eng). Parsing is case-insensitive and checks only that the words
 * make sense; legality is the engine's next question.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "english.h"
#include "pkb.h"
#include "notation.h"

const char *pkb_phase_name(int phase)
{
    static const char *const names[] = {"army building", "roll for attacker", "deployment",
                                        "turn", "reaction", "target", "dice", "wounds",
                                        "round end", "strike back", "over"};
    return phase >= 0 && phase <= PKB_PH_OVER ? names[phase] : "?";
}

void pkb_faces_text(const uint8_t *faces, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int f = 1; f <= 6; f++)
        for (int k = 0; k < faces[f]; k++)
            len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%d", len ? " " : "", f);
    if (!buf[0])
        snprintf(buf, n, "-");
}

static const char *tcode(const pkb_data *d, int p, int t)
{
    return p >= 0 && p < PKB_SIDES && t >= 0 && t < d->pl[p].fac.ntroops ? d->pl[p].fac.troop[t].code
                                                                          : "?";
}

/* the player whose troops a building action names */
static int builder(const pkb_state *s)
{
    return s->phase == PKB_PH_BUILD ? s->player : 0;
}

void pkb_action_text(const void *data, const void *st, eng_action a, char *buf, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    int fa = PKB_FA(a), fb = PKB_FB(a), fc = PKB_FC(a);
    char l[8], l2[8], z[16];
    pkb_label(fa, l, sizeof l);
    int owner = fa < PKB_SIDES * PKB_MAX_UNITS ? pkb_owner(fa) : 0;
    switch (PKB_KIND(a)) {
    case PKB_A_UNIT:
        snprintf(buf, n, "unit %s", tcode(d, builder(s), fa));
        return;
    case PKB_A_ADD:
        snprintf(buf, n, "add %s", tcode(d, builder(s), fa));
        return;
    case PKB_A_DONE:
        snprintf(buf, n, "done");
        return;
    case PKB_A_ROLL:
        snprintf(buf, n, "roll %d", fa);
        return;
    case PKB_A_DEPLOY:
    case PKB_A_REDEPLOY:
        pkb_zone_name(owner, fb, z, sizeof z);
        snprintf(buf, n, "%s %s %s", PKB_KIND(a) == PKB_A_DEPLOY ? "deploy" : "redeploy", l, z);
        return;
    case PKB_A_ORDER:
        switch (fb) {
        case PKB_O_MOVE:
            pkb_zone_name(owner, fc, z, sizeof z);
            snprintf(buf, n, "order %s move %s", l, z);
            return;
        case PKB_O_FIGHT:
            pkb_label(fc, l2, sizeof l2);
            snprintf(buf, n, "order %s fight %s", l, l2);
            return;
        default: {
            static const char *const words[] = {"move", "charge", "fight", "leave", "shoot",
                                                "rally", "hex"};
            snprintf(buf, n, "order %s %s", l, fb < PKB_O_COUNT ? words[fb] : "?");
            return;
        }
        }
    case PKB_A_PASS:
        snprintf(buf, n, "pass");
        return;
    case PKB_A_CONCEDE:
        snprintf(buf, n, "concede");
        return;
    case PKB_A_BACK:
        snprintf(buf, n, "%s", fa ? "back" : "hold");
        return;
    case PKB_A_REACT:
        pkb_label(fb, l2, sizeof l2);
        if (fa == PKB_R_WAIT)
            snprintf(buf, n, "react wait");
        else
            snprintf(buf, n, "react %s %s", fa == PKB_R_INTERCEPT ? "intercept" : "shoot", l2);
        return;
    case PKB_A_TARGET:
        if (fb == PKB_NONE)
            snprintf(buf, n, "target %s", l);
        else
            snprintf(buf, n, "target %s %s", l, tcode(d, owner, fb));
        return;
    case PKB_A_WOUND:
        if (fc == PKB_W_REMOVE)
            snprintf(buf, n, "wound %s remove %s", l, tcode(d, owner, fb));
        else if (fc == PKB_W_UNUSED)
            snprintf(buf, n, "wound %s %s", l, tcode(d, owner, fb));
        else if (fc == PKB_W_PASS)
            snprintf(buf, n, "wound %s %s from pass", l, tcode(d, owner, fb));
        else {
            pkb_label(fc - PKB_W_UNIT, l2, sizeof l2);
            snprintf(buf, n, "wound %s %s from %s", l, tcode(d, owner, fb), l2);
        }
        return;
    case PKB_A_ELIMINATE:
        snprintf(buf, n, "eliminate %s %s", l, tcode(d, owner, fb));
        return;
    default:
        snprintf(buf, n, "?");
    }
}

/* ---- parsing ---------------------------------------------------------------------- */

#define MAX_TOK 6

/* "A3" -> global unit; -1 with why. Not the engine's eng_unit_parse: a unit
 * here is its player's letter and its place in the army (no type code, no
 * owner before a slash), and whether the army has it is the legality
 * check's to say. */
static int unit_parse(const char *t, char *why, size_t n)
{
    char c = (char)toupper((unsigned char)t[0]);
    char *end;
    long num = (c == 'A' || c == 'B') && isdigit((unsigned char)t[1]) ? strtol(t + 1, &end, 10) : 0;
    if (num < 1 || num > PKB_MAX_UNITS || *end) {
        snprintf(why, n, "expected a unit like A3 (player 1's) or B2 (player 2's), got \"%s\"", t);
        return -1;
    }
    return pkb_global(c - 'A', (int)num - 1);
}

static int troop_parse(const pkb_data *d, int p, const char *t, char *why, size_t n)
{
    const pkb_faction *f = &d->pl[p].fac;
    for (int k = 0; k < f->ntroops; k++)
        if (strcasecmp(f->troop[k].code, t) == 0)
            return k;
    snprintf(why, n, "\"%s\" is not one of the %s' troops (codes like %s)", t, f->name,
             f->troop[0].code);
    return -1;
}

static int die_parse(const char *t, char *why, size_t n)
{
    if (t[0] >= '1' && t[0] <= '6' && !t[1])
        return t[0] - '0';
    snprintf(why, n, "a die shows 1 to 6, not \"%s\"", t);
    return -1;
}

static bool count_ok(int ntok, int lo, int hi, const char *usage, char *why, size_t n)
{
    if (ntok >= lo && ntok <= hi)
        return true;
    snprintf(why, n, "expected \"%s\"", usage);
    return false;
}

static bool is(const char *a, const char *b) { return strcasecmp(a, b) == 0; }

int pkb_action_parse(const void *data, const void *st, const char *text, eng_action *out,
                     char *why, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    eng_words line;
    if (eng_words_split(text, MAX_TOK, &line, why, n) != 0)
        return -1;
    char (*tok)[ENG_WORD_LEN] = line.w;
    int nt = line.n;
    const char *k = tok[0];
    int a, b, c;
    bool chance = s->phase == PKB_PH_ROLL || s->phase == PKB_PH_DICE;
    if (nt == 1 && chance && k[0] >= '1' && k[0] <= '6' && !k[1]) {
        *out = PKB_ACT(PKB_A_ROLL, k[0] - '0', 0, 0);
        return 0;
    }
    if (is(k, "back") || is(k, "hold")) {
        if (!count_ok(nt, 1, 1, k, why, n))
            return -1;
        *out = PKB_ACT(PKB_A_BACK, is(k, "back") ? 1 : 0, 0, 0);
        return 0;
    }
    if (is(k, "done") || is(k, "pass") || is(k, "concede")) {
        if (!count_ok(nt, 1, 1, k, why, n))
            return -1;
        *out = PKB_ACT(is(k, "done") ? PKB_A_DONE : is(k, "pass") ? PKB_A_PASS : PKB_A_CONCEDE,
                       0, 0, 0);
        return 0;
    }
    if (is(k, "roll")) {
        if (!count_ok(nt, 2, 2, "roll 4", why, n) || (a = die_parse(tok[1], why, n)) < 0)
            return -1;
        *out = PKB_ACT(PKB_A_ROLL, a, 0, 0);
        return 0;
    }
    if (is(k, "unit") || is(k, "add")) {
        if (!count_ok(nt, 2, 2, is(k, "unit") ? "unit ELV03" : "add ELV26", why, n) ||
            (a = troop_parse(d, builder(s), tok[1], why, n)) < 0)
            return -1;
        *out = PKB_ACT(is(k, "unit") ? PKB_A_UNIT : PKB_A_ADD, a, 0, 0);
        return 0;
    }
    if (is(k, "deploy") || is(k, "redeploy")) {
        bool dep = is(k, "deploy");
        if (!count_ok(nt, 3, 3, dep ? "deploy A3 L-front" : "redeploy A3 L-rear", why, n) ||
            (a = unit_parse(tok[1], why, n)) < 0 ||
            (b = pkb_zone_parse(pkb_owner(a), tok[2], why, n)) < 0)
            return -1;
        *out = PKB_ACT(dep ? PKB_A_DEPLOY : PKB_A_REDEPLOY, a, b, 0);
        return 0;
    }
    if (is(k, "order")) {
        if (!count_ok(nt, 3, 4, "order A3 charge", why, n) || (a = unit_parse(tok[1], why, n)) < 0)
            return -1;
        const char *w = tok[2];
        static const char *const words[] = {"move", "charge", "fight", "leave", "shoot", "rally",
                                            "hex"};
        int kind = -1;
        for (int i = 0; i < PKB_O_COUNT; i++)
            if (is(w, words[i]))
                kind = i;
        if (kind < 0) {
            snprintf(why, n, "expected an order: move, charge, fight, leave, shoot, rally or hex; "
                     "got \"%s\"", w);
            return -1;
        }
        c = 0;
        if (kind == PKB_O_MOVE || kind == PKB_O_FIGHT) {
            if (nt != 4) {
                snprintf(why, n, kind == PKB_O_MOVE ? "expected \"order A3 move C-front\""
                                                    : "expected \"order A3 fight B2\"");
                return -1;
            }
            c = kind == PKB_O_MOVE ? pkb_zone_parse(pkb_owner(a), tok[3], why, n)
                                   : unit_parse(tok[3], why, n);
            if (c < 0)
                return -1;
        } else if (nt != 3) {
            snprintf(why, n, "expected \"order %s %s\"", tok[1], words[kind]);
            return -1;
        }
        *out = PKB_ACT(PKB_A_ORDER, a, kind, c);
        return 0;
    }
    if (is(k, "react")) {
        if (nt == 2 && is(tok[1], "wait")) {
            *out = PKB_ACT(PKB_A_REACT, PKB_R_WAIT, 0, 0);
            return 0;
        }
        if (nt != 3 || !(is(tok[1], "intercept") || is(tok[1], "shoot"))) {
            snprintf(why, n, "expected \"react intercept B2\", \"react shoot B3\" or \"react wait\"");
            return -1;
        }
        if ((b = unit_parse(tok[2], why, n)) < 0)
            return -1;
        *out = PKB_ACT(PKB_A_REACT, is(tok[1], "intercept") ? PKB_R_INTERCEPT : PKB_R_SHOOT, b, 0);
        return 0;
    }
    if (is(k, "target")) {
        if (!count_ok(nt, 2, 3, "target B3", why, n) || (a = unit_parse(tok[1], why, n)) < 0)
            return -1;
        b = PKB_NONE;
        if (nt == 3 && (b = troop_parse(d, pkb_owner(a), tok[2], why, n)) < 0)
            return -1;
        *out = PKB_ACT(PKB_A_TARGET, a, b, 0);
        return 0;
    }
    if (is(k, "wound")) {
        if (!count_ok(nt, 3, 5, "wound B3 ORC06", why, n) || (a = unit_parse(tok[1], why, n)) < 0)
            return -1;
        int p = pkb_owner(a);
        if (is(tok[2], "remove")) {
            if (!count_ok(nt, 4, 4, "wound B3 remove ORC06", why, n) ||
                (b = troop_parse(d, p, tok[3], why, n)) < 0)
                return -1;
            *out = PKB_ACT(PKB_A_WOUND, a, b, PKB_W_REMOVE);
            return 0;
        }
        if ((b = troop_parse(d, p, tok[2], why, n)) < 0)
            return -1;
        c = PKB_W_UNUSED;
        if (nt == 5 && is(tok[3], "from")) {
            if (is(tok[4], "pass")) {
                c = PKB_W_PASS;
            } else {
                int f = unit_parse(tok[4], why, n);
                if (f < 0)
                    return -1;
                c = PKB_W_UNIT + f;
            }
        } else if (nt != 3) {
            snprintf(why, n, "expected \"wound B3 ORC06\", \"wound B3 ORC06 from B5\", \"wound "
                     "B3 ORC06 from pass\" or \"wound B3 remove ORC06\"");
            return -1;
        }
        *out = PKB_ACT(PKB_A_WOUND, a, b, c);
        return 0;
    }
    if (is(k, "eliminate")) {
        if (!count_ok(nt, 3, 3, "eliminate A3 ELV13", why, n) || (a = unit_parse(tok[1], why, n)) < 0 ||
            (b = troop_parse(d, pkb_owner(a), tok[2], why, n)) < 0)
            return -1;
        *out = PKB_ACT(PKB_A_ELIMINATE, a, b, 0);
        return 0;
    }
    if (chance)
        snprintf(why, n, "expected a die, 1 to 6 (or \"roll 4\"), got \"%s\"", k);
    else
        snprintf(why, n, "expected an action (unit, add, done, deploy, redeploy, order, pass, "
                 "concede, react, target, wound, eliminate), got \"%s\"", k);
    return -1;
}

/* ---- status ------------------------------------------------------------------------ */

void pkb_status_text(const void *data, const void *st, char *buf, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    char head[96], l[8], l2[8];
    const char *who = s->player < PKB_SIDES ? d->pl[s->player].name : "";
    if (pkb_revealed(s) && s->phase != PKB_PH_ELIMINATE && s->active < PKB_SIDES)
        snprintf(head, sizeof head, "Round %u turn %d (%s)", (unsigned)s->round, s->turn,
                 d->pl[s->active].name);
    else
        snprintf(head, sizeof head, "Round %u", (unsigned)s->round);
    pkb_label(s->striker, l, sizeof l);
    pkb_label(s->target, l2, sizeof l2);
    switch (s->phase) {
    case PKB_PH_BUILD:
        snprintf(buf, n, "Army building, %s %s troops and %s units", who,
                 eng_verb(who, "chooses", "choose"), eng_verb(who, "forms", "form"));
        return;
    case PKB_PH_ROLL:
        snprintf(buf, n, "Roll for the attacker, the die of %s", d->pl[s->roll[0] ? 1 : 0].name);
        return;
    case PKB_PH_DEPLOY:
        snprintf(buf, n, "Deployment, %s %s a stack", who, eng_verb(who, "places", "place"));
        return;
    case PKB_PH_TURN:
        snprintf(buf, n, "%s, %s to %s", head, who,
                 s->redeployed == PKB_NONE ? "redeploy or act" : "act");
        return;
    case PKB_PH_REACT:
        pkb_label(s->charger, l, sizeof l);
        snprintf(buf, n, "%s, %s %s to %s's charge", head, who, eng_verb(who, "reacts", "react"),
                 l);
        return;
    case PKB_PH_TARGET: {
        static const char *const what[] = {"", "charge", "", "", "shoot at", "hex", "rally"};
        snprintf(buf, n, "%s, %s chooses whom to %s", head, l, what[s->proc]);
        return;
    }
    case PKB_PH_DICE: {
        const char *verb = s->stage == PKB_S_BACK ? "strikes back at"
                         : s->stage == PKB_S_FREE ? "strikes the leaving"
                         : s->skind == PKB_K_SHOOT ? "shoots at" : "strikes";
        int total = s->nrolled + s->dice_left;
        snprintf(buf, n, "%s, %s %s %s: die %d of %d", head, l, verb, l2, s->nrolled + 1, total);
        return;
    }
    case PKB_PH_WOUND: {
        int h = s->wq_hits[s->wq_pos];
        pkb_label(s->wq_unit[s->wq_pos], l, sizeof l);
        snprintf(buf, n, "%s, %s %s %d hit%s to %s", head, who, eng_verb(who, "assigns", "assign"),
                 h, h == 1 ? "" : "s", l);
        return;
    }
    case PKB_PH_BACK:
        snprintf(buf, n, "%s, %s: does %s strike back at %s (back or hold)?", head, who, l2, l);
        return;
    case PKB_PH_ELIMINATE:
        snprintf(buf, n, "End of round %u, %s may eliminate wounded troops", (unsigned)s->round, who);
        return;
    case PKB_PH_OVER: {
        char res[160];
        pkb_result_text(d, s, res, sizeof res);
        snprintf(buf, n, "Game over after round %u: %s", (unsigned)s->round, res);
        return;
    }
    default:
        snprintf(buf, n, "?");
    }
}
