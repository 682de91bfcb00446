/*
 * ptw_text.c - The Portable Wargame's notation and one-line status.
 *
 *   bombard FLD1 e7    end                  move INF1 c5      face INF1 E
 *   fire INF1 d6       assault CAV1 d5      advance CAV1      stay CAV1
 *   limber TRN1        unlimber TRN1 N      wire INF1         clear INF1
 *   retreat INF1 c3    done
 *   initiative 1 4     landing 1/FLD1 5     shot 1/MG1 6      combat 2/INF3 2
 *   hit 2/INF3 3       (at any die: just "3", or "roll 3")
 *
 * A unit is its label (type code and number within its side and type,
 * "INF1") for the side deciding, else "<side number>/<label>" ("2/INF1");
 * at a die every unit is written in full. Parsing is case-insensitive and
 * checks only that the words make sense; legality is the engine's next
 * question.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ptw.h"
#include "notation.h"

const char *ptw_quality_name(int q)
{
    static const char *const names[] = {"elite", "average", "poor"};
    return q >= 0 && q <= PTW_Q_POOR ? names[q] : "?";
}

const char *ptw_stage_name(int stage)
{
    static const char *const names[] = {"artillery", "landing", "initiative", "activation",
                                        "face", "shot", "close combat", "advance", "hit",
                                        "retreat", "over"};
    return stage >= 0 && stage <= PTW_S_OVER ? names[stage] : "?";
}

void ptw_unit_ref(const ptw_data *d, int u, int viewer_side, char *buf, size_t n)
{
    eng_unit_table t = ptw_units(d);
    eng_unit_label(&t, u, viewer_side, buf, n);
}

/* The die being waited for: its action kind and whose it is; 0 if none. */
int ptw_expected_roll(const ptw_data *d, const ptw_state *s, int *who)
{
    switch (s->stage) {
    case PTW_S_LANDING: *who = s->cursor; return PTW_A_LAND_ROLL;
    case PTW_S_INIT: *who = s->init_roll[0] ? 1 : 0; return PTW_A_INIT_ROLL;
    case PTW_S_SHOT: *who = s->shooter; return PTW_A_SHOT_ROLL;
    case PTW_S_COMBAT: *who = ptw_cc_roller(s); return PTW_A_CC_ROLL;
    case PTW_S_HIT: *who = ptw_hit_roller(d, s); return PTW_A_HIT_ROLL;
    default: *who = -1; return 0;
    }
}

void ptw_action_text(const void *data, const void *st, eng_action a, char *buf, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    int me = ptw_actor(d, s), u = PTW_FU(a), sq = PTW_FSQ(a), v = PTW_FV(a);
    char r[24], l[8];
    ptw_unit_ref(d, u, me, r, sizeof r);
    ptw_sq_name(d, sq, l, sizeof l);
    switch (PTW_KIND(a)) {
    case PTW_A_END: snprintf(buf, n, "end"); return;
    case PTW_A_DONE: snprintf(buf, n, "done"); return;
    case PTW_A_BOMBARD: snprintf(buf, n, "bombard %s %s", r, l); return;
    case PTW_A_MOVE: snprintf(buf, n, "move %s %s", r, l); return;
    case PTW_A_FACE: snprintf(buf, n, "face %s %c", r, ptw_dir_char(v)); return;
    case PTW_A_FIRE: snprintf(buf, n, "fire %s %s", r, l); return;
    case PTW_A_ASSAULT: snprintf(buf, n, "assault %s %s", r, l); return;
    case PTW_A_ADVANCE: snprintf(buf, n, "advance %s", r); return;
    case PTW_A_STAY: snprintf(buf, n, "stay %s", r); return;
    case PTW_A_LIMBER: snprintf(buf, n, "limber %s", r); return;
    case PTW_A_UNLIMBER: snprintf(buf, n, "unlimber %s %c", r, ptw_dir_char(v)); return;
    case PTW_A_WIRE: snprintf(buf, n, "wire %s", r); return;
    case PTW_A_CLEAR: snprintf(buf, n, "clear %s", r); return;
    case PTW_A_RETREAT: snprintf(buf, n, "retreat %s %s", r, l); return;
    case PTW_A_INIT_ROLL: snprintf(buf, n, "initiative %d %d", u + 1, v); return;
    default: break;
    }
    static const char *const words[] = {"landing", "shot", "combat", "hit"};
    int k = PTW_KIND(a);
    if (k >= PTW_A_LAND_ROLL && k <= PTW_A_HIT_ROLL) {
        ptw_unit_ref(d, u, -1, r, sizeof r);
        snprintf(buf, n, "%s %s %d", words[k - PTW_A_LAND_ROLL], r, v);
        return;
    }
    snprintf(buf, n, "?");
}

/* ---- parsing --------------------------------------------------------------------------- */

#define MAX_TOK 5

/* A side by number ("2") or name; also the unit table's owner_parse. */
static int side_parse(const void *data, const char *t, char *why, size_t n)
{
    const ptw_data *d = data;
    if (strcmp(t, "1") == 0 || strcmp(t, "2") == 0)
        return t[0] - '1';
    for (int f = 0; f < 2; f++)
        if (strcasecmp(d->side[f].name, t) == 0)
            return f;
    snprintf(why, n, "expected a side (1, 2, %s or %s), got \"%s\"", d->side[0].name,
             d->side[1].name, t);
    return -1;
}

static eng_unit_name unit_name(const void *data, int u)
{
    const ptw_data *d = data;
    const ptw_unit_def *ud = &d->unit[u];
    return (eng_unit_name){.owner = ud->side, .code = d->type[ud->type].code, .num = ud->num};
}

static const char *owner_name(const void *d, int side)
{
    return ((const ptw_data *)d)->side[side].name;
}

eng_unit_table ptw_units(const ptw_data *d)
{
    return (eng_unit_table){.ctx = d, .count = d->nunits, .name = unit_name,
                            .owner_parse = side_parse, .owner_name = owner_name,
                            .example = "INF1"};
}

/* "INF1" (a unit of default_side) or "2/INF1" or "Blue/INF1". */
static int unit_parse(const ptw_data *d, const char *t, int default_side, char *why, size_t n)
{
    eng_unit_table units = ptw_units(d);
    return eng_unit_parse(&units, t, default_side, why, n);
}

static int die_parse(const char *t, char *why, size_t n)
{
    if (t[0] >= '1' && t[0] <= '6' && !t[1])
        return t[0] - '0';
    snprintf(why, n, "a die shows 1 to 6, got \"%s\"", t);
    return -1;
}

static bool count_ok(int ntok, int want, const char *usage, char *why, size_t n)
{
    if (ntok == want)
        return true;
    snprintf(why, n, "expected \"%s\"", usage);
    return false;
}

static const struct {
    const char *word;
    int kind;
    int form;       /* 0 bare, 1 unit, 2 unit square, 3 unit facing, 4 unit die */
    const char *usage;
} forms[] = {
    {"end", PTW_A_END, 0, "end"},
    {"done", PTW_A_DONE, 0, "done"},
    {"bombard", PTW_A_BOMBARD, 2, "bombard FLD1 e7"},
    {"move", PTW_A_MOVE, 2, "move INF1 c5"},
    {"face", PTW_A_FACE, 3, "face INF1 E"},
    {"fire", PTW_A_FIRE, 2, "fire INF1 d6"},
    {"assault", PTW_A_ASSAULT, 2, "assault INF1 d5"},
    {"advance", PTW_A_ADVANCE, 1, "advance INF1"},
    {"stay", PTW_A_STAY, 1, "stay INF1"},
    {"limber", PTW_A_LIMBER, 1, "limber TRN1"},
    {"unlimber", PTW_A_UNLIMBER, 3, "unlimber TRN1 N"},
    {"wire", PTW_A_WIRE, 1, "wire INF1"},
    {"clear", PTW_A_CLEAR, 1, "clear INF1"},
    {"retreat", PTW_A_RETREAT, 2, "retreat INF1 c3"},
    {"landing", PTW_A_LAND_ROLL, 4, "landing 1/FLD1 5"},
    {"shot", PTW_A_SHOT_ROLL, 4, "shot 1/INF1 5"},
    {"combat", PTW_A_CC_ROLL, 4, "combat 1/INF1 5"},
    {"hit", PTW_A_HIT_ROLL, 4, "hit 1/INF1 5"},
};

int ptw_action_parse(const void *data, const void *st, const char *text, eng_action *out,
                     char *why, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    eng_words line;
    if (eng_words_split(text, MAX_TOK, &line, why, n) != 0)
        return -1;
    char (*tok)[ENG_WORD_LEN] = line.w;
    int nt = line.n;
    int me = ptw_actor(d, s), who, v;
    int expected = ptw_expected_roll(d, s, &who);
    const char *k = tok[0];

    /* a die's score alone, or "roll N", at a die */
    if (expected && ((nt == 1 && isdigit((unsigned char)k[0])) ||
                     (nt == 2 && strcasecmp(k, "roll") == 0))) {
        if ((v = die_parse(tok[nt - 1], why, n)) < 0)
            return -1;
        *out = PTW_ACT(expected, who, 0, v);
        return 0;
    }
    if (strcasecmp(k, "initiative") == 0) {
        int side;
        if (!count_ok(nt, 3, "initiative 1 4", why, n) || (side = side_parse(d, tok[1], why, n)) < 0 ||
            (v = die_parse(tok[2], why, n)) < 0)
            return -1;
        *out = PTW_ACT(PTW_A_INIT_ROLL, side, 0, v);
        return 0;
    }
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        if (strcasecmp(k, forms[i].word) != 0)
            continue;
        int want = forms[i].form == 0 ? 1 : forms[i].form == 1 ? 2 : 3;
        if (!count_ok(nt, want, forms[i].usage, why, n))
            return -1;
        if (forms[i].form == 0) {
            *out = PTW_ACT(forms[i].kind, 0, 0, 0);
            return 0;
        }
        int u = unit_parse(d, tok[1], forms[i].form == 4 ? -1 : me, why, n);
        if (u < 0)
            return -1;
        int sq = 0;
        v = 0;
        if (forms[i].form == 2 && (sq = ptw_sq_parse(d, tok[2], why, n)) < 0)
            return -1;
        if (forms[i].form == 3 && (v = ptw_dir_parse(tok[2])) < 0) {
            snprintf(why, n, "expected a facing N, E, S or W, got \"%s\"", tok[2]);
            return -1;
        }
        if (forms[i].form == 4 && (v = die_parse(tok[2], why, n)) < 0)
            return -1;
        *out = PTW_ACT(forms[i].kind, u, sq, v);
        return 0;
    }
    if (expected)
        snprintf(why, n, "expected a die's score (1 to 6), got \"%s\"", k);
    else
        snprintf(why, n, "expected an action (bombard, move, face, fire, assault, advance, "
                 "stay, limber, unlimber, wire, clear, retreat, done, end), got \"%s\"", k);
    return -1;
}

/* ---- status ------------------------------------------------------------------------------ */

void ptw_status_text(const void *data, const void *st, char *buf, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    char r1[24], r2[24], l[8];
    switch (s->stage) {
    case PTW_S_ARTY:
        snprintf(buf, n, "Turn %d, artillery phase, %s to lay its guns", s->turn,
                 d->side[s->arty_side].name);
        return;
    case PTW_S_LANDING:
        ptw_unit_ref(d, s->cursor, -1, r1, sizeof r1);
        ptw_sq_name(d, s->target[s->cursor], l, sizeof l);
        snprintf(buf, n, "Turn %d, artillery phase, landing roll for %s at %s", s->turn, r1, l);
        return;
    case PTW_S_INIT:
        snprintf(buf, n, "Turn %d, initiative, %s rolls", s->turn,
                 d->side[s->init_roll[0] ? 1 : 0].name);
        return;
    case PTW_S_ACT: {
        int side = ptw_acting_side(s);
        const char *ab = s->part == 0 ? "A" : "B";
        if (s->active != PTW_NONE) {
            ptw_unit_ref(d, s->active, side, r1, sizeof r1);
            snprintf(buf, n, "Turn %d, side %s, %s: %s in action", s->turn, ab,
                     d->side[side].name, r1);
        } else {
            snprintf(buf, n, "Turn %d, side %s, %s to act", s->turn, ab, d->side[side].name);
        }
        return;
    }
    case PTW_S_FACE:
        ptw_unit_ref(d, s->active, ptw_actor(d, s), r1, sizeof r1);
        snprintf(buf, n, "Turn %d, side %s, %s: %s faces an enemy next to it", s->turn,
                 s->part == 0 ? "A" : "B", d->side[ptw_actor(d, s)].name, r1);
        return;
    case PTW_S_SHOT:
        ptw_unit_ref(d, s->shooter, -1, r1, sizeof r1);
        ptw_sq_name(d, s->shot_sq, l, sizeof l);
        snprintf(buf, n, "Turn %d, %s fires at %s, die %d of %d", s->turn, r1, l,
                 s->shot_die + 1, ptw_type_of(d, s->shooter)->dice);
        return;
    case PTW_S_COMBAT:
        ptw_unit_ref(d, s->cc_att, -1, r1, sizeof r1);
        ptw_unit_ref(d, s->cc_def, -1, r2, sizeof r2);
        snprintf(buf, n, "Turn %d, close combat, %s attacks %s%s, %s rolls", s->turn, r1, r2,
                 s->cc_round > 1 ? " (another round)" : "",
                 s->cc_roll_a == 0 ? "the attacker" : "the defender");
        return;
    case PTW_S_ADVANCE: {
        int w = ptw_cc_winner(d, s);
        if (w < 0)
            w = s->cc_att;
        ptw_unit_ref(d, w, ptw_actor(d, s), r1, sizeof r1);
        ptw_sq_name(d, ptw_cc_won_square(s, w), l, sizeof l);
        snprintf(buf, n, "Turn %d, close combat, %s won: %s advances into %s or stays",
                 s->turn, r1, d->side[ptw_actor(d, s)].name, l);
        return;
    }
    case PTW_S_HIT:
        ptw_unit_ref(d, ptw_hit_roller(d, s), -1, r1, sizeof r1);
        snprintf(buf, n, "Turn %d, hit on %s, its die", s->turn, r1);
        return;
    case PTW_S_RETREAT:
        ptw_unit_ref(d, s->retreat_unit, -1, r1, sizeof r1);
        snprintf(buf, n, "Turn %d, %s retreats, %s chooses where", s->turn, r1,
                 d->side[ptw_actor(d, s)].name);
        return;
    case PTW_S_OVER: {
        char res[160];
        ptw_result_text(d, s, res, sizeof res);
        snprintf(buf, n, "Game over after turn %d: %s", s->turn, res);
        return;
    }
    default:
        snprintf(buf, n, "?");
    }
}
