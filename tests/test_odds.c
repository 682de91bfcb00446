/*
 * test_odds.c - the exact odds of an action (engine odds.c), against
 * values worked by hand from the rules texts, and a conformance check over
 * every rule set.
 *
 * By hand:
 *   - The Portable Wargame: a field gun's shell lands on its target when
 *     the die plus modifiers makes 5 or more, so with modifier m it does
 *     with chance (2 + m) / 6 (capped at 1, the die's 1 always short of 2);
 *     2 or 4 falls short, 1 or 3 beyond, below 1 nowhere. A hit unit is
 *     destroyed on 1-2 (elite), 1-3 (average), 1-4 (poor): 2/6, 3/6, 4/6;
 *     otherwise it retreats.
 *   - Pocket Wargame: a shot is a coin for the shooter (a head deals one
 *     damage) and, for a light target, a coin to cancel it: wavering with
 *     chance 1/2 * 1/2 = 1/4; a heavy target in the open cannot cancel: 1/2.
 *     A melee of three light infantry against two: each side's heads are
 *     binomial (3 coins: 1/8 3/8 3/8 1/8; 2 coins: 1/4 1/2 1/4), nobody may
 *     cancel, every head deals one damage to the other side, so the damage
 *     each side takes is the other side's heads, independently.
 *   - Pocket Battles: a die scores a hit for every printed die showing its
 *     face: Archers 4-5 hit with one die on 4 or 5, 1/3; Goblins 4-4 score
 *     two hits on a 4, 1/6, and none otherwise; a charging Orcs 4-5
 *     rolls two dice (one more for the charge), hits binomial(2, 1/3): 4/9,
 *     4/9, 1/9; each hit removes a troop of one wound point.
 *
 * Conformance: in positions reached by random play of every shipped
 * scenario of every rule set, every legal action's odds sum to 1 and equal, group by
 * group, a plain enumeration of every path (no merging), which shows each
 * listed outcome is reachable with the probability given.
 */
#include <math.h>
#include "test_ptw_util.h"
#include "test_pwg_util.h"
#include "test_pkb_util.h"
#include "scenario.h"

#define EPS 1e-12

static eng_odds *odds_of(const eng_state *s, const char *notation, int viewer)
{
    eng_action a;
    eng_error err;
    if (eng_action_parse(s, notation, &a, &err) != 0)
        fail_msg("cannot parse %s: %s", notation, err.msg);
    eng_odds *o = eng_odds_compute(s, a, viewer, &err);
    if (!o)
        fail_msg("no odds for %s: %s", notation, err.msg);
    return o;
}

/* The probability of the group with exactly this text (0 if none). */
static double group(const eng_odds *o, const char *text)
{
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->group[i].text, text) == 0)
            return o->group[i].prob;
    return 0;
}

/* The probability of the groups whose text contains `part`. */
static double groups_with(const eng_odds *o, const char *part)
{
    double p = 0;
    for (int i = 0; i < o->n; i++)
        if (strstr(o->group[i].text, part))
            p += o->group[i].prob;
    return p;
}

static void expect_sum_one(const eng_odds *o)
{
    double sum = 0;
    for (int i = 0; i < o->n; i++) {
        assert_true(o->group[i].prob > 0);
        sum += o->group[i].prob;
    }
    if (fabs(sum - 1) > 1e-9)
        fail_msg("%s: the odds sum to %.12f", o->action, sum);
}

#define EXPECT_P(got, want)                                                                  \
    do {                                                                                     \
        double g_ = (got), w_ = (want);                                                      \
        if (fabs(g_ - w_) > EPS)                                                             \
            fail_msg("%s: got %.12f, expected %.12f", #got, g_, w_);                         \
    } while (0)

/* ---- The Portable Wargame ----------------------------------------------------------- */

/* The gun FLD1 at a1 facing north lays on a4, where Blue's unit stands. */
static eng_odds *shell(const char *map, const char *red, const char *blue)
{
    eng_game *g = pt_game(map, red, blue, NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    eng_odds *o = odds_of(s, "bombard FLD1 a4", ENG_VIEW_ALL);
    expect_sum_one(o);
    assert_true(o->chance);
    eng_state_free(s);
    eng_game_free(g);
    return o;
}

static void test_ptw_shell_lands_on_target_by_modifier(void **unused)
{
    (void)unused;
    static const struct {
        const char *map, *red;
        int mod;
    } cases[] = {
        {"o/h/o/w/o/o", "FLD@a1", -1},          /* indirect, into cover */
        {"o/h/o/o/o/o", "FLD@a1", 0},           /* indirect */
        {"o/o/o/f/o/o", "FLD@a1", 1},           /* direct +2, fortification -1 */
        {"o/o/o/o/o/o", "FLD@a1", 2},           /* direct */
        {"o o/o o/o o/o o/o o/o o", "FLD@a1 CMD@b1", 3},   /* direct, commander near */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        eng_odds *o = shell(cases[i].map, cases[i].red, "INF@a4");
        int m = cases[i].mod;
        /* faces d with d + m >= 5 */
        double on = (6 - (5 - m) + 1) / 6.0;
        EXPECT_P(groups_with(o, "shell lands on its target a4"), on);
        /* faces with d + m in {2, 4}: short, a3; {1, 3}: beyond, a5; < 1 nowhere */
        int shorts = 0, beyond = 0, nowhere = 0;
        for (int d = 1; d <= 6; d++) {
            int sc = d + m;
            shorts += sc == 2 || sc == 4;
            beyond += sc == 1 || sc == 3;
            nowhere += sc < 1;
        }
        EXPECT_P(group(o, "1/FLD1's shell lands on a3, short of a4"), shorts / 6.0);
        EXPECT_P(group(o, "1/FLD1's shell lands on a5, beyond a4"), beyond / 6.0);
        EXPECT_P(group(o, "1/FLD1's shell lands nowhere"), nowhere / 6.0);
        eng_odds_free(o);
    }
}

static void test_ptw_destroyed_by_one_hit_by_quality(void **unused)
{
    (void)unused;
    static const struct {
        const char *blue;
        int destroyed;   /* faces out of 6 */
    } cases[] = {{"INF@a4! INF@a6", 2}, {"INF@a4 INF@a6", 3}, {"INF@a4? INF@a6", 4}};
    for (size_t i = 0; i < 3; i++) {
        /* indirect fire, no modifier: on the target with 5 or 6 (a second
         * unit at a6 keeps the battle going) */
        eng_odds *o = shell("o/h/o/o/o/o", "FLD@a1", cases[i].blue);
        double on = 2 / 6.0, p = cases[i].destroyed / 6.0;
        /* Blue's exhaustion point is 1: it is exhausted the moment INF1 falls */
        EXPECT_P(group(o, "1/FLD1's shell lands on its target a4; 2/INF1 destroyed; Blue "
                          "exhausted"), on * p);
        /* it survives and retreats (a3 and a5 are free, next to no enemy) */
        EXPECT_P(group(o, "1/FLD1's shell lands on its target a4; 2/INF1 retreats"),
                 on * (1 - p));
        eng_odds_free(o);
    }
}

/* ---- Pocket Wargame --------------------------------------------------------------------- */

static void test_pwg_shot_light_and_heavy_targets(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("oo", "LM@a1", "LI@b1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    eng_odds *o = odds_of(s, "shoot LM1 2/LI1", ENG_VIEW_ALL);
    expect_sum_one(o);
    EXPECT_P(group(o, "2/LI1 wavering"), 0.25);
    EXPECT_P(group(o, ""), 0.75);
    assert_int_equal(o->n, 2);
    assert_true(o->autos > 0);   /* the cancel was the combat's own choice */
    eng_odds_free(o);
    eng_state_free(s);
    eng_game_free(g);

    g = pw_game("oo", "LM@a1", "HI@b1", NULL, NULL);
    s = eng_state_new(g, 1);
    o = odds_of(s, "shoot LM1 2/HI1", ENG_VIEW_ALL);
    expect_sum_one(o);
    EXPECT_P(group(o, "2/HI1 wavering"), 0.5);
    EXPECT_P(group(o, ""), 0.5);
    eng_odds_free(o);
    eng_state_free(s);
    eng_game_free(g);
}

/* Steps of damage a force's units take in a group's words: wavering 1,
 * destroyed 2 (every unit was steady). */
static int damage_to(const char *text, const char *force_prefix)
{
    int n = 0;
    size_t len = strlen(force_prefix);
    for (const char *p = text; *p;) {
        const char *e = strstr(p, "; ");
        size_t plen = e ? (size_t)(e - p) : strlen(p);
        if (strncmp(p, force_prefix, len) == 0) {
            if (plen > 9 && strncmp(p + plen - 9, " wavering", 9) == 0)
                n += 1;
            else if (plen > 10 && strncmp(p + plen - 10, " destroyed", 10) == 0)
                n += 2;
        }
        p += plen;
        if (e)
            p += 2;
    }
    return n;
}

static void test_pwg_melee_three_coins_against_two(void **unused)
{
    (void)unused;
    /* three light infantry against two on one card of open ground: nobody
     * may cancel in melee (light infantry); Blue's `end` of its movement
     * sets off the melee */
    eng_game *g = pw_game("oo", "LI@a1 LI@a1 LI@a1", "LI@a1 LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_HAS(pw_status(s), "Red to act");
    t_play(s, "end");
    T_EXPECT_HAS(pw_status(s), "Blue to act");
    eng_odds *o = odds_of(s, "end", ENG_VIEW_ALL);
    expect_sum_one(o);
    static const double three[4] = {1 / 8.0, 3 / 8.0, 3 / 8.0, 1 / 8.0};
    static const double two[3] = {1 / 4.0, 2 / 4.0, 1 / 4.0};
    double joint[4][3] = {{0}};
    for (int i = 0; i < o->n; i++) {
        int blue = damage_to(o->group[i].text, "2/"), red = damage_to(o->group[i].text, "1/");
        assert_true(blue <= 3 && red <= 2);
        joint[blue][red] += o->group[i].prob;
    }
    for (int r = 0; r < 4; r++)
        for (int b = 0; b < 3; b++)
            EXPECT_P(joint[r][b], three[r] * two[b]);
    eng_odds_free(o);
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- Pocket Battles ----------------------------------------------------------------------- */

static void test_pkb_archers_hit_on_four_or_five(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("elves", "ELV25", "L-front", "orcs", "ORC18+ORC17", "R-front", NULL,
                          NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 shoot");
    eng_odds *o = odds_of(s, "target B1", ENG_VIEW_ALL);
    expect_sum_one(o);
    EXPECT_P(groups_with(o, "destroyed"), 1 / 3.0);
    EXPECT_P(group(o, ""), 2 / 3.0);
    eng_odds_free(o);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_pkb_two_printed_dice_alike_score_two_hits(void **unused)
{
    (void)unused;
    /* Goblins 4-4: a 4 matches both printed dice, two hits, 1/6; each
     * removes a Spearmen troop of one wound point */
    eng_game *g = pb_game("orcs", "ORC26", "L-front", "elves", "ELV26+ELV27", "R-front", NULL,
                          NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 shoot");
    eng_odds *o = odds_of(s, "target B1", ENG_VIEW_ALL);
    expect_sum_one(o);
    EXPECT_P(groups_with(o, "unit B1 destroyed"), 1 / 6.0);
    EXPECT_P(group(o, ""), 5 / 6.0);
    assert_int_equal(o->n, 2);
    eng_odds_free(o);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_pkb_charge_two_dice_binomial(void **unused)
{
    (void)unused;
    /* the Archers strike back with no engagement dice: no hits */
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV25+ELV24", "R-front", NULL,
                          NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    eng_odds *o = odds_of(s, "target B1", ENG_VIEW_ALL);
    expect_sum_one(o);
    double by_hits[3] = {0};
    for (int i = 0; i < o->n; i++) {
        int k = 0;
        for (const char *p = o->group[i].text; (p = strstr(p, "Archers 4-5 destroyed")); p++)
            k++;
        assert_true(k <= 2);
        by_hits[k] += o->group[i].prob;
    }
    EXPECT_P(by_hits[0], 4 / 9.0);
    EXPECT_P(by_hits[1], 4 / 9.0);
    EXPECT_P(by_hits[2], 1 / 9.0);
    EXPECT_P(groups_with(o, "unit B1 destroyed"), 1 / 9.0);
    eng_odds_free(o);
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- conformance -------------------------------------------------------------------------- */

typedef struct naive_groups {
    int n;
    char text[256][512];
    double p[256];
} naive_groups;

/* Every path from s, one at a time: false when more than *budget. */
static bool naive(eng_state *s, double p, const eng_state *before, naive_groups *ng,
                  long *budget)
{
    if (--*budget < 0)
        return false;
    eng_action c;
    int how = eng_odds_step(s, &c);
    if (how == ENG_ODDS_STOP) {
        char text[512];
        eng_odds_describe(before, s, ENG_VIEW_ALL, text, sizeof text);
        int k = 0;
        while (k < ng->n && strcmp(ng->text[k], text) != 0)
            k++;
        if (k == ng->n) {
            if (ng->n == 256)
                return false;
            snprintf(ng->text[ng->n++], sizeof ng->text[0], "%s", text);
            ng->p[k] = 0;
        }
        ng->p[k] += p;
        return true;
    }
    if (how == ENG_ODDS_AUTO) {
        eng_error err;
        if (eng_apply(s, c, &err) != 0)
            fail_msg("the automatic choice is not legal: %s", err.msg);
        return naive(s, p, before, ng, budget);
    }
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = eng_chance_outcomes(s, out, prob);
    eng_state *next = eng_state_clone(s);
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        if (prob[i] <= 0)
            continue;
        eng_state_copy(next, s);
        eng_apply_fast(next, out[i]);
        ok = naive(next, p * prob[i], before, ng, budget);
    }
    eng_state_free(next);
    return ok;
}

static void check_position(const eng_state *s, int *compared)
{
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    naive_groups *ng = malloc(sizeof *ng);
    for (int i = 0; i < n; i++) {
        eng_error err;
        eng_odds *o = eng_odds_compute(s, acts[i], ENG_VIEW_ALL, &err);
        if (!o)
            fail_msg("no odds: %s", err.msg);
        expect_sum_one(o);
        eng_state *after = eng_state_clone(s);
        eng_apply_fast(after, acts[i]);
        eng_state *walk = eng_state_clone(after);
        ng->n = 0;
        long budget = 20000;
        if (naive(walk, 1.0, after, ng, &budget)) {
            if (ng->n != o->n)
                fail_msg("%s: %d groups, a plain enumeration finds %d", o->action, o->n, ng->n);
            for (int k = 0; k < ng->n; k++)
                if (fabs(group(o, ng->text[k]) - ng->p[k]) > 1e-9)
                    fail_msg("%s: \"%s\" %.12f, a plain enumeration gives %.12f", o->action,
                             ng->text[k], group(o, ng->text[k]), ng->p[k]);
            (*compared)++;
        }
        eng_state_free(walk);
        eng_state_free(after);
        eng_odds_free(o);
    }
    free(ng);
}

static void test_conformance_every_rule_set(void **unused)
{
    (void)unused;
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        int compared = 0, chances = 0;
        char **names;
        int nsc = eng_scenario_names(*r, &names);
        assert_true(nsc > 0);
        for (int sc = 0; sc < nsc; sc++) {
            eng_game *g = t_game_named(eng_rules_name(*r), names[sc], NULL);
            for (uint64_t seed = 1; seed <= 3; seed++) {
                eng_state *s = eng_state_new(g, seed);
                for (int k = 0; k < 6 && !eng_is_terminal(s); k++) {
                    t_random_playout(s, seed * 100 + (uint64_t)k, 20);
                    while (eng_current_player(s) == ENG_CHANCE)
                        eng_apply_fast(s, eng_chance_sample(s));
                    if (eng_is_terminal(s))
                        break;
                    check_position(s, &compared);
                    eng_action acts[ENG_MAX_ACTIONS];
                    int n = eng_legal_actions(s, acts);
                    for (int i = 0; i < n; i++) {
                        eng_odds *o = eng_odds_compute(s, acts[i], ENG_VIEW_ALL, NULL);
                        chances += o && o->chance;
                        eng_odds_free(o);
                    }
                }
                eng_state_free(s);
            }
            eng_game_free(g);
        }
        eng_names_free(names, nsc);
        if (compared == 0 || chances == 0)
            fail_msg("%s: %d actions compared, %d with chance: the positions say nothing",
                     eng_rules_name(*r), compared, chances);
    }
}

/* Hidden information: a side still deploying in secret is shown odds that
 * do not depend on what it cannot see: two positions alike to it, whatever
 * the hidden truth, give it the same odds for every action. */
static void test_hidden_information_is_not_read(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    int checked = 0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        eng_state *s = eng_state_new(g, seed);
        for (int k = 0; k < 300 && !eng_is_terminal(s); k++) {
            int who = eng_current_player(s);
            if (who >= 0 && eng_hides_from(s, who)) {
                eng_state *other = eng_state_clone(s);
                uint64_t rng = 99 + seed;
                eng_state_resample_hidden(other, who, &rng);
                eng_action acts[ENG_MAX_ACTIONS];
                int n = eng_legal_actions(s, acts);
                for (int i = 0; i < n; i++) {
                    eng_odds *a = eng_odds_compute(s, acts[i], who, NULL);
                    eng_odds *b = eng_odds_compute(other, acts[i], who, NULL);
                    assert_non_null(a);
                    assert_non_null(b);
                    assert_int_equal(a->unknown, b->unknown);
                    assert_int_equal(a->n, b->n);
                    for (int k2 = 0; k2 < a->n; k2++) {
                        T_EXPECT_STR(a->group[k2].text, b->group[k2].text);
                        EXPECT_P(a->group[k2].prob, b->group[k2].prob);
                    }
                    eng_odds_free(a);
                    eng_odds_free(b);
                    checked++;
                }
                eng_state_free(other);
            }
            if (who == ENG_CHANCE) {
                eng_apply_fast(s, eng_chance_sample(s));
            } else {
                eng_action acts[ENG_MAX_ACTIONS];
                int n = eng_legal_actions(s, acts);
                eng_apply_fast(s, acts[(k * 7) % n]);
            }
        }
        eng_state_free(s);
    }
    assert_true(checked > 0);
    eng_game_free(g);
}

static void test_text_and_json(void **unused)
{
    (void)unused;
    char pc[32];
    eng_odds_percent(1 / 3.0, pc, sizeof pc);
    T_EXPECT_STR(pc, "33.33%");
    eng_odds_percent(0.25, pc, sizeof pc);
    T_EXPECT_STR(pc, "25%");
    eng_odds_percent(1, pc, sizeof pc);
    T_EXPECT_STR(pc, "100%");
    eng_game *g = pw_game("oo", "LM@a1", "LI@b1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    eng_odds *o = odds_of(s, "shoot LM1 2/LI1", ENG_VIEW_ALL);
    json_t *j = eng_odds_json(o);
    T_EXPECT_STR(json_string_value(json_object_get(j, "action")), "shoot LM1 2/LI1");
    assert_true(json_is_true(json_object_get(j, "automatic")));
    json_t *first = json_array_get(json_object_get(j, "outcomes"), 0);
    T_EXPECT_STR(json_string_value(json_object_get(first, "percent")), "75%");
    assert_int_equal(json_array_size(json_object_get(first, "changes")), 0);
    json_t *second = json_array_get(json_object_get(j, "outcomes"), 1);
    T_EXPECT_STR(json_string_value(json_array_get(json_object_get(second, "changes"), 0)),
                 "2/LI1 wavering");
    json_decref(j);
    eng_odds_free(o);
    /* every legal action's odds, for the browser's position */
    json_t *all = eng_odds_all_json(s, 0);
    assert_true(json_array_size(all) >= 2);
    json_decref(all);
    /* an illegal action: refused with the rule it breaks */
    eng_action a;
    eng_error err;
    assert_int_equal(eng_action_parse(s, "move LM1 b1", &a, &err), 0);
    assert_null(eng_odds_compute(s, a, ENG_VIEW_ALL, &err));
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ptw_shell_lands_on_target_by_modifier),
        cmocka_unit_test(test_ptw_destroyed_by_one_hit_by_quality),
        cmocka_unit_test(test_pwg_shot_light_and_heavy_targets),
        cmocka_unit_test(test_pwg_melee_three_coins_against_two),
        cmocka_unit_test(test_pkb_archers_hit_on_four_or_five),
        cmocka_unit_test(test_pkb_two_printed_dice_alike_score_two_hits),
        cmocka_unit_test(test_pkb_charge_two_dice_binomial),
        cmocka_unit_test(test_text_and_json),
        cmocka_unit_test(test_hidden_information_is_not_read),
        cmocka_unit_test(test_conformance_every_rule_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
