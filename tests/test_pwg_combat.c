/*
 * test_pwg_combat.c - Pocket Wargame: combat tests. Who tosses and in what
 * order; who may cancel (light or woodland targets of a shot; heavy
 * infantry and cavalry in melee on open ground or hills; the melee-save
 * option); rules 1, 2 and 3; the spending rotation (most heads first, ties
 * to the first player); steady -> wavering -> destroyed; destroyed units'
 * heads; cancel restoring a destroyed unit; the cancel-scope option;
 * accept; cancel only by the next spender; several melees in location
 * order.
 *
 * Most set-ups use a one-card battlefield: nobody can move, so the game
 * opens straight on the melee there.
 */
#include "test_pwg_util.h"

static void test_melee_tosses_and_damage_to_destruction(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1", "LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: toss for 1/HI1");
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    assert_int_equal(eng_chance_outcomes(s, out, prob), 2);
    assert_true(prob[0] == 0.5 && prob[1] == 0.5);
    t_refused(s, "toss 2/LI1 H", "the next coin to toss is 1/HI1's");
    t_play(s, "toss 1/HI1 H");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: toss for 2/LI1");
    t_play(s, "T");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Red spends a head");
    T_EXPECT_STR(pw_legal(s), "damage 2/LI1");
    t_refused(s, "damage HI1", "HI1 is not an enemy unit");
    t_play(s, "damage 2/LI1");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "wavering");
    T_EXPECT_STR(pw_loc(s, "2/LI1"), "a1");
    /* nobody has heads left: the End phase, then turn 2 fights again */
    T_EXPECT_STR(pw_status(s), "Turn 2, Melee at a1: toss for 1/HI1");
    t_play(s, "toss 1/HI1 heads");
    t_play(s, "toss 2/LI1 tails");
    t_play(s, "damage 2/LI1");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "destroyed");
    T_EXPECT_STR(pw_loc(s, "2/LI1"), "-");
    assert_true(eng_is_terminal(s));
    double ret[2];
    eng_returns(s, ret);
    assert_true(ret[0] == 1.0 && ret[1] == 0.0);
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "Red wins");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_all_tails_nothing_happens(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1", "HI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "T");
    t_play(s, "T");
    T_EXPECT_STR(pw_status(s), "Turn 2, Melee at a1: toss for 1/HI1");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "steady");
    T_EXPECT_STR(pw_cond(s, "2/HI1"), "steady");
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- ranged combat ------------------------------------------------------------------ */

static void test_ranged_light_target_may_cancel(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("oo", "LM@a1", "LI@b1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged phase, Red to act");
    t_play(s, "shoot LM1 2/LI1");
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged combat, 1/LM1 shoots at 2/LI1: toss for 1/LM1");
    t_play(s, "toss 1/LM1 H");
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged combat, 1/LM1 shoots at 2/LI1: toss for 2/LI1");
    t_play(s, "toss 2/LI1 H");
    /* one head each: the first player spends first */
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged combat, 1/LM1 shoots at 2/LI1: Red spends a head");
    t_play(s, "damage 2/LI1");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "wavering");
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged combat, 1/LM1 shoots at 2/LI1: Blue spends a head");
    T_EXPECT_STR(pw_legal(s), "cancel; accept");
    t_refused(s, "damage 1/LM1", "the target of a shot may only use its heads to cancel damage");
    t_play(s, "cancel");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "steady");
    /* the shot is over; nobody else can shoot */
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_ranged_accept(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("oo", "LM@a1", "LI@b1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "shoot LM1 2/LI1");
    t_play(s, "H");
    t_play(s, "H");
    t_play(s, "damage 2/LI1");
    t_play(s, "accept");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "wavering");
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_ranged_heavy_target_in_the_open_does_not_toss(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("oo", "LM@a1", "HI@b1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "shoot LM1 2/HI1");
    t_play(s, "toss 1/LM1 H");
    /* the target could do nothing with a head: no toss */
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged combat, 1/LM1 shoots at 2/HI1: Red spends a head");
    t_play(s, "damage 2/HI1");
    T_EXPECT_STR(pw_cond(s, "2/HI1"), "wavering");
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_ranged_woodland_target_may_cancel(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ow", "HM@a1", "HI@b1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "shoot HM1 2/HI1");
    t_play(s, "toss 1/HM1 T");
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged combat, 1/HM1 shoots at 2/HI1: toss for 2/HI1");
    t_play(s, "toss 2/HI1 H");
    /* a target's head cannot hurt the shooter: the test is over */
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    T_EXPECT_STR(pw_cond(s, "1/HM1"), "steady");
    T_EXPECT_STR(pw_cond(s, "2/HI1"), "steady");
    eng_state_free(s);
    eng_game_free(g);
}

/* The target's force is the first player: its coin is tossed first and it
 * is first in the rotation, but with nothing to spend its first go passes. */
static void test_ranged_target_of_the_first_player(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("oo", "LM@a1", "LI@b1", ",\"first\":2", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged phase, Red to act");   /* Blue has no missiles */
    t_play(s, "shoot LM1 2/LI1");
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged combat, 1/LM1 shoots at 2/LI1: toss for 2/LI1");
    t_play(s, "H");
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged combat, 1/LM1 shoots at 2/LI1: toss for 1/LM1");
    t_play(s, "H");
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *rot = json_object_get(json_object_get(st, "combat"), "rotation");
    assert_int_equal(json_integer_value(json_array_get(rot, 0)), 2);   /* Blue first ... */
    assert_int_equal(json_integer_value(json_array_get(rot, 1)), 1);
    json_decref(st);
    /* ... but a cancel needs damage first: Red spends */
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged combat, 1/LM1 shoots at 2/LI1: Red spends a head");
    t_play(s, "damage 2/LI1");
    T_EXPECT_STR(pw_legal(s), "cancel; accept");
    t_play(s, "cancel");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "steady");
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Blue to act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_missile_in_melee_cannot_shoot(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("oo", "LM@a1 LM@b1 LM@a1", "HI@b1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged phase, Red to act");
    T_EXPECT_STR(pw_legal(s), "shoot LM1 2/HI1; shoot LM3 2/HI1; end");
    t_refused(s, "shoot LM2 2/HI1", "LM2 is in melee and cannot shoot");
    t_play(s, "shoot LM1 2/HI1");
    t_play(s, "T");
    t_refused(s, "shoot LM1 2/HI1", "LM1 has already shot this phase");
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- who may cancel in melee ----------------------------------------------------------- */

/* On a one-card battlefield of `terrain`, Red's HI and Blue's `blue` unit
 * both throw heads; Red damages Blue's unit; returns Blue's legal spends. */
static void melee_answer(const char *terrain, const char *blue, const char *options, char *out,
                         size_t n)
{
    char spec[32];
    snprintf(spec, sizeof spec, "%s@a1", blue);
    eng_game *g = pw_game(terrain, "HI@a1", spec, NULL, options);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "H");
    t_play(s, "H");
    char dmg[32];
    snprintf(dmg, sizeof dmg, "damage 2/%s1", blue);
    t_play(s, dmg);
    snprintf(out, n, "%s", pw_legal(s));
    eng_state_free(s);
    eng_game_free(g);
}

static void test_melee_cancel_cases(void **unused)
{
    (void)unused;
    char l[256];
    melee_answer("o", "HI", NULL, l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1; cancel");       /* heavy infantry on open ground */
    melee_answer("h", "HI", NULL, l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1; cancel");       /* on hills */
    melee_answer("w", "HI", NULL, l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1");               /* not in woodland */
    melee_answer("r", "HI", NULL, l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1");               /* nor rough */
    melee_answer("o", "HC", NULL, l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1; cancel");
    melee_answer("h", "LC", NULL, l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1; cancel");       /* cavalry of both weights by default */
    melee_answer("o", "LI", NULL, l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1");
    melee_answer("o", "HM", NULL, l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1");
    /* melee-save heavy-only: light cavalry no longer saves, heavy cavalry does */
    melee_answer("o", "LC", "{\"melee-save\":\"heavy-only\"}", l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1");
    melee_answer("o", "HC", "{\"melee-save\":\"heavy-only\"}", l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1; cancel");
    melee_answer("o", "HI", "{\"melee-save\":\"heavy-only\"}", l, sizeof l);
    T_EXPECT_STR(l, "damage 1/HI1; cancel");
}

/* Specials save in melee by their class and weight, like standard units. */
static void test_melee_saves_for_specials(void **unused)
{
    (void)unused;
    const char *specials = ",\"specials\":{"
        "\"GEN\":{\"name\":\"General\",\"class\":\"cavalry\",\"weight\":\"heavy\"},"
        "\"SKR\":{\"name\":\"Skirmishers\",\"class\":\"cavalry\",\"weight\":\"light\"},"
        "\"KNT\":{\"name\":\"Knights\",\"class\":\"infantry\",\"weight\":\"heavy\"},"
        "\"ELF\":{\"name\":\"Archers\",\"class\":\"infantry\",\"weight\":\"light\"},"
        "\"ART\":{\"name\":\"Bombard\",\"class\":\"missile\",\"weight\":\"heavy\"}}";
    static const struct { const char *blue, *options, *legal; } cases[] = {
        {"GEN", NULL, "damage 1/HI1; cancel"},
        {"SKR", NULL, "damage 1/HI1; cancel"},
        {"KNT", NULL, "damage 1/HI1; cancel"},
        {"ELF", NULL, "damage 1/HI1"},
        {"ART", NULL, "damage 1/HI1"},
        {"GEN", "{\"melee-save\":\"heavy-only\"}", "damage 1/HI1; cancel"},
        {"SKR", "{\"melee-save\":\"heavy-only\"}", "damage 1/HI1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char spec[16], dmg[32];
        snprintf(spec, sizeof spec, "%s@a1", cases[i].blue);
        eng_game *g = pw_game("o", "HI@a1", spec, specials, cases[i].options);
        eng_state *s = eng_state_new(g, 1);
        t_play_list(s, (const char *const[]){"H", "H", NULL});
        snprintf(dmg, sizeof dmg, "damage 2/%s1", cases[i].blue);
        t_play(s, dmg);
        T_EXPECT_STR(pw_legal(s), cases[i].legal);
        eng_state_free(s);
        eng_game_free(g);
    }
}

/* Under any-unit, a head that may cancel saves a unit that could not save
 * itself (light infantry in melee). */
static void test_any_unit_cancel_for_a_unit_that_cannot(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1 LI@a1", "LI@a1 LI@a1 LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", "H", "H", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Blue spends a head");
    T_EXPECT_STR(pw_legal(s), "damage 1/HI1; damage 1/LI1");
    t_play(s, "damage 1/LI1");
    T_EXPECT_STR(pw_cond(s, "1/LI1"), "wavering");
    T_EXPECT_STR(pw_legal(s), "damage 2/LI1; damage 2/LI2; damage 2/LI3; cancel");
    t_play(s, "cancel");
    T_EXPECT_STR(pw_cond(s, "1/LI1"), "steady");
    /* the head spent was HI1's: LI1's is left */
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(json_object_get(st, "combat"), "tosses"), i, t) {
        const char *ref = json_string_value(json_object_get(t, "unit"));
        if (!strcmp(ref, "1/HI1"))
            assert_false(json_is_true(json_object_get(t, "head_left")));
        if (!strcmp(ref, "1/LI1"))
            assert_true(json_is_true(json_object_get(t, "head_left")));
    }
    json_decref(st);
    eng_state_free(s);
    eng_game_free(g);
}

/* accept in melee: Blue could only cancel (Red has no unit left to damage). */
static void test_accept_in_melee(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "LI@a1~", "HI@a1 HI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", NULL});
    T_EXPECT_STR(pw_legal(s), "damage 1/LI1");
    t_play(s, "damage 1/LI1");
    T_EXPECT_STR(pw_cond(s, "1/LI1"), "destroyed");
    T_EXPECT_STR(pw_legal(s), "damage 2/HI1; damage 2/HI2");   /* the dead unit's head */
    t_play(s, "damage 2/HI1");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Blue spends a head");
    T_EXPECT_STR(pw_legal(s), "cancel; accept");
    t_play(s, "accept");
    T_EXPECT_STR(pw_cond(s, "2/HI1"), "wavering");
    assert_true(eng_is_terminal(s));
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "Blue wins");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_cancel_in_melee(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("w", "HI@a1", "HI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "H");
    t_play(s, "H");
    t_play(s, "damage 2/HI1");
    t_refused(s, "cancel", "none of your heads may cancel");
    t_refused(s, "accept", "you may only accept when cancelling is the one thing");
    eng_state_free(s);
    eng_game_free(g);
    g = pw_game("o", "HI@a1", "HI@a1", NULL, NULL);
    s = eng_state_new(g, 1);
    t_play(s, "H");
    t_play(s, "H");
    t_refused(s, "cancel", "there is no damage to cancel");
    t_play(s, "damage 2/HI1");
    t_play(s, "cancel");
    T_EXPECT_STR(pw_cond(s, "2/HI1"), "steady");
    /* every head spent: next turn */
    T_EXPECT_STR(pw_status(s), "Turn 2, Melee at a1: toss for 1/HI1");
    eng_state_free(s);
    eng_game_free(g);
}

/* A refused cancel says why from the options in force and what happened. */
static void test_cancel_refusals_say_why(void **unused)
{
    (void)unused;
    static const struct {
        const char *terrain, *red, *blue, *options, *tosses, *before, *who, *why;
    } cases[] = {
        /* nobody of Blue's may cancel: in woodland, by the default melee-save */
        {"w", "HI@a1", "HI@a1", NULL, "HH", "damage 2/HI1", "Blue",
         "none of your heads may cancel: in melee only heavy infantry and cavalry on open or "
         "hills may cancel damage"},
        /* heavy-only: light cavalry on open ground may not */
        {"o", "HI@a1", "LC@a1", "{\"melee-save\":\"heavy-only\"}", "HH", "damage 2/LC1", "Blue",
         "none of your heads may cancel: in melee only heavy infantry and heavy cavalry on open "
         "or hills may cancel damage"},
        /* Red's one head that could cancel was spent cancelling */
        {"o", "HI@a1 LI@a1", "LI@a1 LI@a1 LI@a1", NULL, "HHHHH",
         "damage 1/HI1;cancel;damage 1/LI1", "Red", "every head of yours that could cancel has been spent"},
        /* own-unit: the damaged unit threw tails (Red's HI2 could cancel, but not for HI1) */
        {"o", "HI@a1 HI@a1", "LI@a1 LI@a1", "{\"cancel-scope\":\"own-unit\"}", "THHH",
         "damage 1/HI1", "Red",
         "with cancel-scope own-unit only HI1's own head may cancel its damage, and HI1 threw tails"},
        /* own-unit: the damaged unit's head is not one that may cancel */
        {"o", "LI@a1 HI@a1", "LI@a1 LI@a1 LI@a1", "{\"cancel-scope\":\"own-unit\"}", "HHHHH",
         "damage 1/LI1", "Red",
         "with cancel-scope own-unit only LI1's own head may cancel its damage, and LI1's head may "
         "not cancel: in melee only heavy infantry and cavalry on open or hills may cancel damage"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        eng_game *g = pw_game(cases[i].terrain, cases[i].red, cases[i].blue, NULL, cases[i].options);
        eng_state *s = eng_state_new(g, 1);
        for (const char *t = cases[i].tosses; *t; t++)
            t_play(s, *t == 'H' ? "H" : "T");
        char steps[128];
        snprintf(steps, sizeof steps, "%s", cases[i].before);
        for (char *step = strtok(steps, ";"); step; step = strtok(NULL, ";"))
            t_play(s, step);
        char status[64];
        snprintf(status, sizeof status, "Turn 1, Melee at a1: %s spends a head", cases[i].who);
        T_EXPECT_STR(pw_status(s), status);
        t_refused(s, "cancel", cases[i].why);
        eng_state_free(s);
        eng_game_free(g);
    }
}

/* ---- rules 1, 2, 3 ----------------------------------------------------------------------- */

static void test_rule_1(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1 HI@a1", "LI@a1 LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "T", "T", NULL});
    T_EXPECT_STR(pw_legal(s), "damage 2/LI1; damage 2/LI2");
    t_play(s, "damage 2/LI1");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Red spends a head");
    T_EXPECT_STR(pw_legal(s), "damage 2/LI2");
    t_refused(s, "damage 2/LI1", "rule 1: every enemy unit must take one damage before any "
                                 "takes another (2/LI2 has taken less than 2/LI1)");
    t_play(s, "damage 2/LI2");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "wavering");
    T_EXPECT_STR(pw_cond(s, "2/LI2"), "wavering");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_rule_2_and_rule_1_first(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1 HI@a1", "LI@a1 LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", "T", NULL});
    /* Red 2 heads, Blue 1: Red first, and must hit the tails-thrower */
    T_EXPECT_STR(pw_legal(s), "damage 2/LI2");
    t_refused(s, "damage 2/LI1", "rule 2: you must damage a unit that threw tails first (2/LI2)");
    t_play(s, "damage 2/LI2");
    /* Blue hits back (light infantry cannot cancel) */
    T_EXPECT_STR(pw_legal(s), "damage 1/HI1; damage 1/HI2");
    t_play(s, "damage 1/HI1");
    /* Red may cancel (heavy infantry on open ground) or damage; rule 1 now
     * outranks rule 2: LI1 threw heads but has taken nothing */
    T_EXPECT_STR(pw_legal(s), "damage 2/LI1; cancel");
    t_refused(s, "damage 2/LI2", "rule 1");
    t_play(s, "damage 2/LI1");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "wavering");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "wavering");
    T_EXPECT_STR(pw_cond(s, "2/LI2"), "wavering");
    eng_state_free(s);
    eng_game_free(g);
}

/* Rule 2 outranks rule 3: a wavering tails-thrower before a steady
 * heads-thrower. */
static void test_rule_2_beats_rule_3(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1", "LI@a1 LI@a1~", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "T", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Red spends a head");
    T_EXPECT_STR(pw_legal(s), "damage 2/LI2");
    t_refused(s, "damage 2/LI1", "rule 2: you must damage a unit that threw tails first (2/LI2)");
    t_play(s, "damage 2/LI2");
    T_EXPECT_STR(pw_cond(s, "2/LI2"), "destroyed");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "steady");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_rule_3(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1", "LI@a1~ LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "T", "T", NULL});
    T_EXPECT_STR(pw_legal(s), "damage 2/LI2");
    t_refused(s, "damage 2/LI1", "rule 3: you must damage a steady unit before a wavering one "
                                 "(2/LI2)");
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- the spending rotation ----------------------------------------------------------------- */

static void test_most_heads_spend_first(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1", "LI@a1 LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", NULL});
    /* Blue threw 2 heads to Red's 1: Blue first although Red is the first player */
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Blue spends a head");
    t_play(s, "damage 1/HI1");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Red spends a head");
    t_play(s, "cancel");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "steady");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Blue spends a head");
    t_play(s, "damage 1/HI1");
    /* Red has nothing left to spend with; Blue none either */
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "wavering");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "steady");
    T_EXPECT_STR(pw_status(s), "Turn 2, Melee at a1: toss for 1/HI1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_tie_goes_to_first_player(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1", "HI@a1", ",\"first\":2", NULL);
    eng_state *s = eng_state_new(g, 1);
    /* Blue is the first player: its coins are tossed first, and it spends first */
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: toss for 2/HI1");
    t_play(s, "H");
    t_play(s, "H");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Blue spends a head");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_destroyed_units_heads_still_count(void **unused)
{
    (void)unused;
    /* in woodland, so nobody may cancel */
    eng_game *g = pw_game("w", "LI@a1~", "HI@a1 HI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Blue spends a head");
    t_play(s, "damage 1/LI1");
    T_EXPECT_STR(pw_cond(s, "1/LI1"), "destroyed");
    /* LI1 is gone, but the head it threw is Red's to spend */
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Red spends a head");
    T_EXPECT_STR(pw_legal(s), "damage 2/HI1; damage 2/HI2");
    t_play(s, "damage 2/HI1");
    T_EXPECT_STR(pw_cond(s, "2/HI1"), "wavering");
    /* Blue's last head has no Red unit left to damage: the game ends (End phase) */
    assert_true(eng_is_terminal(s));
    char res[64];
    eng_result_text(s, res, sizeof res);
    T_EXPECT_STR(res, "Blue wins");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_cancel_brings_a_destroyed_unit_back(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1~ HI@a1~", "LI@a1 LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", "H", NULL});
    t_play(s, "damage 2/LI1");
    t_play(s, "damage 1/HI1");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "destroyed");
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *last = json_object_get(json_object_get(st, "combat"), "last_damage");
    T_EXPECT_STR(json_string_value(json_object_get(last, "unit")), "1/HI1");
    T_EXPECT_STR(json_string_value(json_object_get(last, "before")), "wavering");
    json_decref(st);
    /* HI2's head cancels the damage to HI1 (cancel-scope any-unit) */
    T_EXPECT_STR(pw_legal(s), "damage 2/LI2; cancel");
    t_play(s, "cancel");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "wavering");
    T_EXPECT_STR(pw_loc(s, "1/HI1"), "a1");
    /* Blue's second head: HI2 has taken less than HI1 (rule 1, cancelled damage counts) */
    T_EXPECT_STR(pw_legal(s), "damage 1/HI2");
    t_play(s, "damage 1/HI2");
    T_EXPECT_STR(pw_cond(s, "1/HI2"), "destroyed");
    eng_state_free(s);
    eng_game_free(g);
}

/* Rule 1 and a cancelled point: by default it still counts (the unit has
 * had its one damage); with rule1-cancelled ignored it does not. */
static void test_rule1_cancelled_option(void **unused)
{
    (void)unused;
    static const struct { const char *options, *legal; } cases[] = {
        {NULL, "damage 1/HI2"},
        {"{\"rule1-cancelled\":\"counts\"}", "damage 1/HI2"},
        {"{\"rule1-cancelled\":\"ignored\"}", "damage 1/HI1; damage 1/HI2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        eng_game *g = pw_game("o", "HI@a1~ HI@a1~", "LI@a1 LI@a1", NULL, cases[i].options);
        eng_state *s = eng_state_new(g, 1);
        t_play_list(s, (const char *const[]){"H", "H", "H", "H", NULL});
        t_play(s, "damage 2/LI1");
        t_play(s, "damage 1/HI1");
        t_play(s, "cancel");
        T_EXPECT_STR(pw_cond(s, "1/HI1"), "wavering");
        T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Blue spends a head");
        T_EXPECT_STR(pw_legal(s), cases[i].legal);
        eng_state_free(s);
        eng_game_free(g);
    }
    /* ignored: HI1 may be damaged again, and this time nobody can cancel */
    eng_game *g = pw_game("o", "HI@a1~ HI@a1~", "LI@a1 LI@a1", NULL,
                          "{\"rule1-cancelled\":\"ignored\"}");
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", "H", "damage 2/LI1", "damage 1/HI1",
                                         "cancel", "damage 1/HI1", NULL});
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "destroyed");
    T_EXPECT_STR(pw_cond(s, "1/HI2"), "wavering");
    eng_state_free(s);
    eng_game_free(g);
    T_EXPECT_HAS(pw_refusal("{\"name\":\"t\",\"rules\":\"pocket-wargame\",\"battlefield\":"
                             "{\"terrain\":[\"o\"]},\"forces\":[{\"placed\":[{\"unit\":\"HI\","
                             "\"at\":\"a1\"}]},{\"placed\":[{\"unit\":\"HI\",\"at\":\"a1\"}]}]}",
                             "{\"rule1-cancelled\":\"sometimes\"}"),
                  "option rule1-cancelled: unknown value \"sometimes\" (counts, ignored)");
}

static void test_cancel_scope_own_unit(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1~ HI@a1~", "LI@a1 LI@a1", NULL,
                          "{\"cancel-scope\":\"own-unit\"}");
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", "H", NULL});
    /* which head pays matters (each may save only its own unit): Red says */
    T_EXPECT_STR(pw_legal(s), "damage 2/LI1 with HI1; damage 2/LI1 with HI2; "
                               "damage 2/LI2 with HI1; damage 2/LI2 with HI2");
    t_refused(s, "damage 2/LI1", "with cancel-scope own-unit say which head pays, as a head that "
                                 "may cancel keeps its unit's save only while unspent: damage "
                                 "2/LI1 with HI1 or HI2");
    t_play(s, "damage 2/LI1 with HI1");
    t_play(s, "damage 1/HI1");
    /* HI2's head may cancel only damage to HI2 */
    T_EXPECT_STR(pw_legal(s), "damage 2/LI2");
    t_refused(s, "cancel", "with cancel-scope own-unit only HI1's own head may cancel");
    T_EXPECT_STR(pw_legal(s), "damage 2/LI2");   /* one head left: nothing to choose */
    t_play(s, "damage 2/LI2");
    t_play(s, "damage 1/HI2");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "destroyed");
    T_EXPECT_STR(pw_cond(s, "1/HI2"), "destroyed");
    eng_state_free(s);
    eng_game_free(g);

    /* with own-unit, damage is paid with a destroyed unit's head before a
     * head that could still cancel for a unit on the map */
    g = pw_game("o", "HI@a1~ HI@a1~", "HI@a1 HI@a1 HI@a1", NULL, "{\"cancel-scope\":\"own-unit\"}");
    s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", "H", "H", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Blue spends a head");
    t_play(s, "damage 1/HI1 with HI1");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "destroyed");
    /* dead HI1's head can save nobody now: it is the spare choice */
    T_EXPECT_STR(pw_legal(s), "damage 2/HI1 with HI1; damage 2/HI1 with HI2; "
                               "damage 2/HI2 with HI1; damage 2/HI2 with HI2; "
                               "damage 2/HI3 with HI1; damage 2/HI3 with HI2; cancel");
    t_play(s, "damage 2/HI1 with HI1");    /* Red pays with dead HI1's head */
    t_play(s, "damage 1/HI2 with HI2");
    T_EXPECT_STR(pw_legal(s), "damage 2/HI2; damage 2/HI3; cancel");
    t_play(s, "cancel");                   /* HI2's own head was kept for this */
    T_EXPECT_STR(pw_cond(s, "1/HI2"), "wavering");
    T_EXPECT_STR(pw_loc(s, "1/HI2"), "a1");
    eng_state_free(s);
    eng_game_free(g);
}

/* The reviewer's case: Red's wavering HI1 and steady HC1 may both cancel
 * (open ground), each only for itself (own-unit). Paying for damage with
 * HC1's head leaves HI1 its save. */
static void test_own_unit_payer_keeps_a_save(void **unused)
{
    (void)unused;
    const char *own = "{\"cancel-scope\":\"own-unit\"}";
    for (int pay_with_hc = 1; pay_with_hc >= 0; pay_with_hc--) {
        eng_game *g = pw_game("o", "HI@a1~ HC@a1", "LI@a1 LI@a1 LI@a1", NULL, own);
        eng_state *s = eng_state_new(g, 1);
        t_play_list(s, (const char *const[]){"H", "H", "H", "H", "H", NULL});
        /* Blue threw 3 heads to Red's 2: Blue first, and rule 3 says the steady HC1 */
        T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Blue spends a head");
        T_EXPECT_STR(pw_legal(s), "damage 1/HC1");
        t_play(s, "damage 1/HC1");
        T_EXPECT_STR(pw_legal(s), "damage 2/LI1 with HI1; damage 2/LI1 with HC1; "
                                   "damage 2/LI2 with HI1; damage 2/LI2 with HC1; "
                                   "damage 2/LI3 with HI1; damage 2/LI3 with HC1; cancel");
        t_play(s, pay_with_hc ? "damage 2/LI1 with HC1" : "damage 2/LI1 with HI1");
        T_EXPECT_STR(pw_cond(s, "1/HC1"), "wavering");
        /* rule 1: HI1 has had no damage yet */
        T_EXPECT_STR(pw_legal(s), "damage 1/HI1");
        t_play(s, "damage 1/HI1");
        T_EXPECT_STR(pw_cond(s, "1/HI1"), "destroyed");
        if (pay_with_hc) {
            /* HI1's own head is unspent: it cancels, HI1 comes back */
            T_EXPECT_STR(pw_legal(s), "damage 2/LI2; damage 2/LI3; cancel");
            t_play(s, "cancel");
            T_EXPECT_STR(pw_cond(s, "1/HI1"), "wavering");
            T_EXPECT_STR(pw_loc(s, "1/HI1"), "a1");
        } else {
            /* HI1 paid: HC1's head is left, but it may cancel only for HC1 */
            T_EXPECT_STR(pw_legal(s), "damage 2/LI2; damage 2/LI3");
            t_refused(s, "cancel", "with cancel-scope own-unit only HI1's own head may cancel its "
                                   "damage, and HI1's head has been spent");
            t_play(s, "damage 2/LI2");
            T_EXPECT_STR(pw_cond(s, "1/HI1"), "destroyed");
        }
        eng_state_free(s);
        eng_game_free(g);
    }
    /* a choice alike to another parses as the one listed, and prints back */
    eng_game *g = pw_game("o", "HI@a1 LI@a1 LI@a1", "LI@a1 LI@a1", NULL, own);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", "H", "T", NULL});
    T_EXPECT_STR(pw_legal(s), "damage 2/LI2 with HI1; damage 2/LI2 with LI1");
    eng_action a, b;
    eng_error err;
    assert_int_equal(eng_action_parse(s, "damage 2/LI2 with LI2", &a, &err), 0);
    assert_int_equal(eng_action_parse(s, "damage 2/LI2 with LI1", &b, &err), 0);
    assert_true(a == b);
    t_refused(s, "damage 2/LI2 with 2/LI1", "2/LI1 is not one of your units");
    eng_state_free(s);
    eng_game_free(g);
    /* any-unit: heads that may cancel are alike, so nothing to say */
    g = pw_game("o", "HI@a1~ HC@a1", "LI@a1 LI@a1 LI@a1", NULL, NULL);
    s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", "H", "H", "damage 1/HC1", NULL});
    T_EXPECT_STR(pw_legal(s), "damage 2/LI1; damage 2/LI2; damage 2/LI3; cancel");
    assert_int_equal(eng_action_parse(s, "damage 2/LI1 with HC1", &a, &err), 0);
    assert_int_equal(eng_action_parse(s, "damage 2/LI1", &b, &err), 0);
    assert_true(a == b);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_cancel_only_by_the_next_spender(void **unused)
{
    (void)unused;
    const char *forces[] = {"HI@a1", "HI@a1", "HI@a1", NULL};
    eng_game *g = pw_game_n("o", forces, NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"H", "H", "H", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Red spends a head");
    T_EXPECT_STR(pw_legal(s), "damage 2/HI1; damage 3/HI1");
    t_play(s, "damage 3/HI1");
    /* Blue: rule 1 counts damage from anyone: 3/HI1 has had one */
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Blue spends a head");
    T_EXPECT_STR(pw_legal(s), "damage 1/HI1");
    t_play(s, "damage 1/HI1");
    /* Green could have cancelled Red's damage on its go straight after;
     * Blue has spent since, so it is too late */
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: Green spends a head");
    t_refused(s, "cancel", "the damage just dealt was to 1/HI1, not to one of your units");
    T_EXPECT_STR(pw_legal(s), "damage 2/HI1");
    t_play(s, "damage 2/HI1");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "wavering");
    T_EXPECT_STR(pw_cond(s, "2/HI1"), "wavering");
    T_EXPECT_STR(pw_cond(s, "3/HI1"), "wavering");
    eng_state_free(s);
    eng_game_free(g);
}

/* Green is allied with both Red and Blue, who are enemies: at a card they
 * all share, Red and Blue fight and Green takes no part. */
static void test_three_force_melee_with_a_neutral(void **unused)
{
    (void)unused;
    const char *forces[] = {"HI@a1", "HI@a1", "HI@a1", NULL};
    eng_game *g = pw_game_n("o", forces, ",\"alliances\":true", NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"ally 3", "ready", "ally 3", "ready", "ally 1", "ally 2",
                                         "ready", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: toss for 1/HI1");
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *c = json_object_get(st, "combat");
    assert_int_equal(json_array_size(json_object_get(c, "tosses")), 2);
    json_t *heads = json_object_get(c, "heads");
    assert_int_equal(json_array_size(heads), 2);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(heads, 0), "force")), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(heads, 1), "force")), 2);
    json_decref(st);
    t_play(s, "H");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: toss for 2/HI1");
    t_play(s, "H");
    /* Red may damage Blue only; Green is nobody's target */
    T_EXPECT_STR(pw_legal(s), "damage 2/HI1");
    t_refused(s, "damage 3/HI1", "3/HI1 is not in this combat");
    t_play(s, "damage 2/HI1");
    T_EXPECT_STR(pw_legal(s), "damage 1/HI1; cancel");
    t_play(s, "damage 1/HI1");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "wavering");
    T_EXPECT_STR(pw_cond(s, "2/HI1"), "wavering");
    T_EXPECT_STR(pw_cond(s, "3/HI1"), "steady");
    T_EXPECT_STR(pw_status(s), "Turn 2, Alliances: Red to declare");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_melees_in_location_order(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("olo", "HI@c1 LI@a1", "HI@a1 LI@c1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at a1: toss for 1/LI1");
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *c = json_object_get(st, "combat");
    T_EXPECT_STR(json_string_value(json_object_get(c, "kind")), "melee");
    T_EXPECT_STR(json_string_value(json_object_get(c, "loc")), "a1");
    assert_int_equal(json_array_size(json_object_get(c, "tosses")), 2);
    json_decref(st);
    t_play(s, "T");
    t_play(s, "T");
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at c1: toss for 1/HI1");
    t_play(s, "T");
    t_play(s, "T");
    T_EXPECT_STR(pw_status(s), "Turn 2, Melee at a1: toss for 1/LI1");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_melee_tosses_and_damage_to_destruction),
        cmocka_unit_test(test_all_tails_nothing_happens),
        cmocka_unit_test(test_ranged_light_target_may_cancel),
        cmocka_unit_test(test_ranged_accept),
        cmocka_unit_test(test_ranged_heavy_target_in_the_open_does_not_toss),
        cmocka_unit_test(test_ranged_woodland_target_may_cancel),
        cmocka_unit_test(test_ranged_target_of_the_first_player),
        cmocka_unit_test(test_missile_in_melee_cannot_shoot),
        cmocka_unit_test(test_melee_cancel_cases),
        cmocka_unit_test(test_melee_saves_for_specials),
        cmocka_unit_test(test_any_unit_cancel_for_a_unit_that_cannot),
        cmocka_unit_test(test_accept_in_melee),
        cmocka_unit_test(test_cancel_in_melee),
        cmocka_unit_test(test_cancel_refusals_say_why),
        cmocka_unit_test(test_rule_1),
        cmocka_unit_test(test_rule_2_and_rule_1_first),
        cmocka_unit_test(test_rule_2_beats_rule_3),
        cmocka_unit_test(test_rule_3),
        cmocka_unit_test(test_most_heads_spend_first),
        cmocka_unit_test(test_tie_goes_to_first_player),
        cmocka_unit_test(test_destroyed_units_heads_still_count),
        cmocka_unit_test(test_cancel_brings_a_destroyed_unit_back),
        cmocka_unit_test(test_rule1_cancelled_option),
        cmocka_unit_test(test_cancel_scope_own_unit),
        cmocka_unit_test(test_own_unit_payer_keeps_a_save),
        cmocka_unit_test(test_cancel_only_by_the_next_spender),
        cmocka_unit_test(test_three_force_melee_with_a_neutral),
        cmocka_unit_test(test_melees_in_location_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
