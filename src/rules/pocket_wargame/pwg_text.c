/*
 * pwg_text.c - Pocket Wargame's notation and one-line status.
 *
 *   deal c4 QS | QS        first 2             deploy HI c1
 *   move HC1 c3            shoot LM1 2/HI1     end
 *   toss 2/HI1 H | H | T   damage 2/LI1 [with HC1]   cancel   accept
 *   ally 3   hostile 3   ready
 *
 * A unit is its label (type code and number within its force and type,
 * "HI1") for the force acting, else "<force number>/<label>" ("2/HI1").
 * Parsing is case-insensitive and checks only that the words make sense;
 * legality is the engine's next question.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "pwg.h"
#include "notation.h"

const char *pwg_cond_name(int cond)
{
    static const char *const names[] = {"steady", "wavering", "destroyed", "exited",
                                        "undeployed", "reserve"};
    return cond >= 0 && cond <= PWG_RESERVE ? names[cond] : "?";
}

const char *pwg_stage_name(int stage)
{
    static const char *const names[] = {"deal", "deployment", "first player", "alliances",
                                        "cavalry", "ranged", "movement", "toss", "spend", "over"};
    return stage >= 0 && stage <= PWG_S_OVER ? names[stage] : "?";
}

const char *pwg_phase_name(int phase)
{
    static const char *const names[] = {"set-up", "alliances", "cavalry", "ranged", "movement",
                                        "melee", "end"};
    return phase >= 0 && phase <= PWG_P_END ? names[phase] : "?";
}

const char *pwg_coin_name(const pwg_data *d, int unit, bool ascii)
{
    const pwg_coinset *cs = &d->coinset[d->force[d->unit[unit].force].coins];
    const pwg_type *t = pwg_type_of(d, unit);
    if (t->special) {
        int i = (t->special - 1) % cs->nspecial;
        return ascii ? cs->special_ascii[i] : cs->special[i];
    }
    return ascii ? cs->coin_ascii[d->unit[unit].type] : cs->coin[d->unit[unit].type];
}

void pwg_unit_ref(const pwg_data *d, int unit, int viewer_force, char *buf, size_t n)
{
    eng_unit_table t = pwg_units(d);
    eng_unit_label(&t, unit, viewer_force, buf, n);
}

void pwg_action_text(const void *data, const void *st, eng_action a, char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    int me = pwg_actor(d, s), fa = PWG_FA(a), fb = PWG_FB(a);
    char r1[24], r2[24], l[8];
    switch (PWG_KIND(a)) {
    case PWG_A_END:
        snprintf(buf, n, "end");
        return;
    case PWG_A_DEAL:
        pwg_loc_name(d, fb, l, sizeof l);
        snprintf(buf, n, "deal %s %s", l, fa < d->ncards ? d->card[fa].code : "?");
        return;
    case PWG_A_FIRST:
        snprintf(buf, n, "first %d", fa + 1);
        return;
    case PWG_A_DEPLOY:
        pwg_loc_name(d, fb, l, sizeof l);
        snprintf(buf, n, "deploy %s %s", fa < d->ntypes ? d->type[fa].code : "?", l);
        return;
    case PWG_A_MOVE:
        pwg_unit_ref(d, fa, me, r1, sizeof r1);
        pwg_loc_name(d, fb, l, sizeof l);
        snprintf(buf, n, "move %s %s", r1, l);
        return;
    case PWG_A_SHOOT:
        pwg_unit_ref(d, fa, me, r1, sizeof r1);
        pwg_unit_ref(d, fb, me, r2, sizeof r2);
        snprintf(buf, n, "shoot %s %s", r1, r2);
        return;
    case PWG_A_TOSS:
        pwg_unit_ref(d, fa, me, r1, sizeof r1);
        snprintf(buf, n, "toss %s %s", r1, fb ? "H" : "T");
        return;
    case PWG_A_DAMAGE:
        pwg_unit_ref(d, fa, me, r1, sizeof r1);
        if (!fb) {
            snprintf(buf, n, "damage %s", r1);
            return;
        }
        pwg_unit_ref(d, fb - 1, me, r2, sizeof r2);
        snprintf(buf, n, "damage %s with %s", r1, r2);
        return;
    case PWG_A_CANCEL:
        snprintf(buf, n, "cancel");
        return;
    case PWG_A_ACCEPT:
        snprintf(buf, n, "accept");
        return;
    case PWG_A_ALLY:
        snprintf(buf, n, "ally %d", fa + 1);
        return;
    case PWG_A_HOSTILE:
        snprintf(buf, n, "hostile %d", fa + 1);
        return;
    case PWG_A_READY:
        snprintf(buf, n, "ready");
        return;
    default:
        snprintf(buf, n, "?");
    }
}

/* ---- parsing ------------------------------------------------------------------ */

#define MAX_TOK 6
#define TOK_LEN ENG_WORD_LEN

/* A number as notation writes it: digits only, no leading zero. */
enum { NUM_OK, NUM_NOT, NUM_LEADING_ZERO, NUM_TOO_BIG };

/* Reads t into *v if it is such a number of at most max. */
static int plain_number(const char *t, long max, long *v)
{
    for (const char *p = t; *p; p++)
        if (!isdigit((unsigned char)*p))
            return NUM_NOT;
    if (!*t)
        return NUM_NOT;
    if (t[0] == '0' && t[1])
        return NUM_LEADING_ZERO;
    errno = 0;
    *v = strtol(t, NULL, 10);
    return errno == ERANGE || *v > max ? NUM_TOO_BIG : NUM_OK;
}

/* A force by number ("2") or name; also the unit table's owner_parse. */
static int force_parse(const void *data, const char *t, char *why, size_t n)
{
    const pwg_data *d = data;
    long v;
    int kind = plain_number(t, d->nforces, &v);
    if (kind == NUM_OK && v >= 1)
        return (int)v - 1;
    if (kind == NUM_LEADING_ZERO) {
        snprintf(why, n, "write force numbers without leading zeros, got \"%s\"", t);
        return -1;
    }
    if (kind != NUM_NOT) {   /* 0, or too big */
        snprintf(why, n, "there is no force %s (forces are 1 to %d)", t, d->nforces);
        return -1;
    }
    for (int f = 0; f < d->nforces; f++)
        if (strcasecmp(d->force[f].name, t) == 0)
            return f;
    snprintf(why, n, "expected a force number (1 to %d) or name, got \"%s\"", d->nforces, t);
    return -1;
}

static int type_parse(const pwg_data *d, const char *t, char *why, size_t n)
{
    for (int i = 0; i < d->ntypes; i++)
        if (strcasecmp(d->type[i].code, t) == 0)
            return i;
    char list[128] = "";
    for (int i = 0; i < d->ntypes; i++) {
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", d->type[i].code);
    }
    snprintf(why, n, "expected a unit type (%s), got \"%s\"", list, t);
    return -1;
}

static eng_unit_name unit_name(const void *data, int u)
{
    const pwg_data *d = data;
    const pwg_unit_def *ud = &d->unit[u];
    return (eng_unit_name){.owner = ud->force, .code = d->type[ud->type].code, .num = ud->num};
}

static const char *owner_name(const void *d, int f)
{
    return ((const pwg_data *)d)->force[f].name;
}

eng_unit_table pwg_units(const pwg_data *d)
{
    return (eng_unit_table){.ctx = d, .count = d->nunits, .name = unit_name,
                            .owner_parse = force_parse, .owner_name = owner_name,
                            .example = "HI1"};
}

/* "HI1" (a unit of default_force) or "2/HI1". */
static int unit_parse(const pwg_data *d, const char *t, int default_force, char *why, size_t n)
{
    eng_unit_table units = pwg_units(d);
    return eng_unit_parse(&units, t, default_force, why, n);
}

static int card_parse(const pwg_data *d, const char *t)
{
    for (int c = 0; c < d->ncards; c++)
        if (strcasecmp(d->card[c].code, t) == 0)
            return c;
    return -1;
}

static int coin_side(const char *t)
{
    if (strcasecmp(t, "h") == 0 || strcasecmp(t, "heads") == 0)
        return 1;
    if (strcasecmp(t, "t") == 0 || strcasecmp(t, "tails") == 0)
        return 0;
    return -1;
}

static bool count_ok(int ntok, int want, const char *usage, char *why, size_t n)
{
    if (ntok == want)
        return true;
    snprintf(why, n, "expected \"%s\"", usage);
    return false;
}

int pwg_action_parse(const void *data, const void *st, const char *text, eng_action *out,
                     char *why, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    eng_words line;
    if (eng_words_split(text, MAX_TOK, &line, why, n) != 0)
        return -1;
    char (*tok)[ENG_WORD_LEN] = line.w;
    int nt = line.n;
    int me = pwg_actor(d, s);
    if (s->stage == PWG_S_TOSS)
        me = d->unit[pwg_combat_next_toss(d, s)].force;
    const char *k = tok[0];
    int a, b;

    /* bare chance outcomes: a card while dealing, H/T while tossing */
    if (nt == 1 && s->stage == PWG_S_DEAL && (a = card_parse(d, k)) >= 0) {
        *out = PWG_ACT(PWG_A_DEAL, a, s->deal_next);
        return 0;
    }
    if (nt == 1 && s->stage == PWG_S_TOSS && (b = coin_side(k)) >= 0) {
        *out = PWG_ACT(PWG_A_TOSS, pwg_combat_next_toss(d, s), b);
        return 0;
    }

    if (strcasecmp(k, "end") == 0 || strcasecmp(k, "cancel") == 0 ||
        strcasecmp(k, "accept") == 0 || strcasecmp(k, "ready") == 0) {
        if (!count_ok(nt, 1, k, why, n))
            return -1;
        int kind = tolower((unsigned char)k[0]) == 'e' ? PWG_A_END
                 : tolower((unsigned char)k[0]) == 'c' ? PWG_A_CANCEL
                 : tolower((unsigned char)k[0]) == 'a' ? PWG_A_ACCEPT : PWG_A_READY;
        *out = PWG_ACT(kind, 0, 0);
        return 0;
    }
    if (strcasecmp(k, "deal") == 0) {
        if (nt != 2 && nt != 3) {
            snprintf(why, n, "expected \"deal c4 QS\"");
            return -1;
        }
        int loc = s->stage == PWG_S_DEAL ? s->deal_next : 0;
        if (nt == 3 && (loc = pwg_loc_parse(d, tok[1], why, n)) < 0)
            return -1;
        a = card_parse(d, tok[nt - 1]);
        if (a < 0) {
            snprintf(why, n, "expected a card of the %s deck like %s, got \"%s\"", d->deck,
                     d->card[0].code, tok[nt - 1]);
            return -1;
        }
        *out = PWG_ACT(PWG_A_DEAL, a, loc);
        return 0;
    }
    if (strcasecmp(k, "first") == 0) {
        if (!count_ok(nt, 2, "first 2", why, n) || (a = force_parse(d, tok[1], why, n)) < 0)
            return -1;
        *out = PWG_ACT(PWG_A_FIRST, a, 0);
        return 0;
    }
    if (strcasecmp(k, "deploy") == 0) {
        if (!count_ok(nt, 3, "deploy HI c1", why, n) || (a = type_parse(d, tok[1], why, n)) < 0 ||
            (b = pwg_loc_parse(d, tok[2], why, n)) < 0)
            return -1;
        *out = PWG_ACT(PWG_A_DEPLOY, a, b);
        return 0;
    }
    if (strcasecmp(k, "move") == 0) {
        if (!count_ok(nt, 3, "move HI1 c4", why, n) || (a = unit_parse(d, tok[1], me, why, n)) < 0 ||
            (b = pwg_loc_parse(d, tok[2], why, n)) < 0)
            return -1;
        *out = PWG_ACT(PWG_A_MOVE, a, b);
        return 0;
    }
    if (strcasecmp(k, "shoot") == 0) {
        if (!count_ok(nt, 3, "shoot LM1 2/HI1", why, n) ||
            (a = unit_parse(d, tok[1], me, why, n)) < 0 || (b = unit_parse(d, tok[2], me, why, n)) < 0)
            return -1;
        *out = PWG_ACT(PWG_A_SHOOT, a, b);
        return 0;
    }
    if (strcasecmp(k, "toss") == 0) {
        if (nt == 2 && s->stage == PWG_S_TOSS && (b = coin_side(tok[1])) >= 0) {
            *out = PWG_ACT(PWG_A_TOSS, pwg_combat_next_toss(d, s), b);
            return 0;
        }
        if (!count_ok(nt, 3, "toss 2/HI1 H", why, n) || (a = unit_parse(d, tok[1], me, why, n)) < 0)
            return -1;
        if ((b = coin_side(tok[2])) < 0) {
            snprintf(why, n, "expected H or T (heads or tails), got \"%s\"", tok[2]);
            return -1;
        }
        *out = PWG_ACT(PWG_A_TOSS, a, b);
        return 0;
    }
    if (strcasecmp(k, "damage") == 0) {
        if ((nt != 2 && nt != 4) || (nt == 4 && strcasecmp(tok[2], "with") != 0)) {
            snprintf(why, n, "expected \"damage 2/LI1\" or \"damage 2/LI1 with HI1\"");
            return -1;
        }
        if ((a = unit_parse(d, tok[1], me, why, n)) < 0 ||
            (nt == 4 && (b = unit_parse(d, tok[3], me, why, n)) < 0))
            return -1;
        *out = PWG_ACT(PWG_A_DAMAGE, a, nt == 4 ? pwg_combat_pay_code(d, s, b) : 0);
        return 0;
    }
    if (strcasecmp(k, "ally") == 0 || strcasecmp(k, "hostile") == 0) {
        bool ally = tolower((unsigned char)k[0]) == 'a';
        if (!count_ok(nt, 2, ally ? "ally 3" : "hostile 3", why, n) ||
            (a = force_parse(d, tok[1], why, n)) < 0)
            return -1;
        *out = PWG_ACT(ally ? PWG_A_ALLY : PWG_A_HOSTILE, a, 0);
        return 0;
    }
    if (s->stage == PWG_S_DEAL)
        snprintf(why, n, "expected a card like %s or \"deal c4 QS\", got \"%s\"", d->card[0].code, k);
    else if (s->stage == PWG_S_TOSS)
        snprintf(why, n, "expected H or T (or \"toss 2/HI1 H\"), got \"%s\"", k);
    else if (s->stage == PWG_S_FIRST)
        snprintf(why, n, "expected the first player, like \"first 2\", got \"%s\"", k);
    else    /* what a player may type; chance outcomes only where chance acts */
        snprintf(why, n, "expected an action (deploy, move, shoot, end, damage, cancel, "
                 "accept, ally, hostile, ready), got \"%s\"", k);
    return -1;
}

/* ---- status ------------------------------------------------------------------- */

void pwg_status_text(const void *data, const void *st, char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    char l[8], r1[24], r2[24];
    int actor = pwg_actor(d, s);
    const char *who = actor >= 0 ? d->force[actor].name : "";
    const pwg_combat *c = &s->combat;
    switch (s->stage) {
    case PWG_S_DEAL:
        pwg_loc_name(d, s->deal_next, l, sizeof l);
        snprintf(buf, n, "Deal: card for %s", l);
        return;
    case PWG_S_DEPLOY:
        snprintf(buf, n, "Deployment, round %d: %s to place a unit", s->deploy_round, who);
        return;
    case PWG_S_FIRST:
        snprintf(buf, n, "%s for the first player", d->nforces == 2 ? "Coin toss" : "Drawing lots");
        return;
    case PWG_S_ALLIANCE:
        snprintf(buf, n, "Turn %d, Alliances: %s to declare", s->turn, who);
        return;
    case PWG_S_CAVALRY:
    case PWG_S_RANGED:
    case PWG_S_MOVEMENT: {
        const char *ph = s->stage == PWG_S_CAVALRY ? "Cavalry"
                       : s->stage == PWG_S_RANGED ? "Ranged" : "Movement";
        snprintf(buf, n, "Turn %d, %s phase, %s to act", s->turn, ph, who);
        return;
    }
    case PWG_S_TOSS:
    case PWG_S_SPEND: {
        char what[96];
        pwg_loc_name(d, c->loc, l, sizeof l);
        if (c->kind == PWG_CB_MELEE) {
            snprintf(what, sizeof what, "Melee at %s", l);
        } else {
            pwg_unit_ref(d, c->shooter, -1, r1, sizeof r1);
            pwg_unit_ref(d, c->target, -1, r2, sizeof r2);
            snprintf(what, sizeof what, "Ranged combat, %s shoots at %s", r1, r2);
        }
        if (s->stage == PWG_S_TOSS) {
            pwg_unit_ref(d, pwg_combat_next_toss(d, s), -1, r1, sizeof r1);
            snprintf(buf, n, "Turn %d, %s: toss for %s", s->turn, what, r1);
        } else {
            snprintf(buf, n, "Turn %d, %s: %s spends a head", s->turn, what, who);
        }
        return;
    }
    case PWG_S_OVER: {
        char res[128];
        pwg_result_text(d, s, res, sizeof res);
        snprintf(buf, n, "Game over after turn %d: %s", s->turn, res);
        return;
    }
    default:
        snprintf(buf, n, "?");
    }
}
