/*
 * test_pwg_board.c - Pocket Wargame: the battlefield. Decks and their
 * sizes, terrain sets, the deal as chance, elevation and missile range,
 * the cavalry phase's terrain limits, one orthogonal step, lakes, the
 * mountain rule, one action per unit per phase.
 */
#include "test_pwg_util.h"

/* ---- decks and terrain sets ------------------------------------------------ */

static int first_deal_outcomes(const char *deck, bool jokers, double *p0)
{
    char sc[1024], opt[128];
    snprintf(sc, sizeof sc,
             "{\"name\":\"t\",\"rules\":\"pocket-wargame\",\"battlefield\":{\"deal\":true,"
             "\"width\":2,\"height\":2},\"forces\":[{\"units\":{\"LI\":1}},{\"units\":{\"LI\":1}}]}");
    snprintf(opt, sizeof opt, "{\"deck\":\"%s\",\"jokers\":%s}", deck, jokers ? "true" : "false");
    eng_game *g = t_game("pocket-wargame", sc, opt);
    eng_state *s = eng_state_new(g, 1);
    assert_int_equal(eng_current_player(s), ENG_CHANCE);
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = eng_chance_outcomes(s, out, prob);
    for (int i = 0; i < n; i++)
        assert_true(prob[i] > 0 && prob[i] == prob[0]);
    *p0 = prob[0];
    eng_state_free(s);
    eng_game_free(g);
    return n;
}

static void test_deck_sizes(void **unused)
{
    (void)unused;
    double p;
    assert_int_equal(first_deal_outcomes("french", true, &p), 54);
    assert_true(p == 1.0 / 54);
    assert_int_equal(first_deal_outcomes("french", false, &p), 52);
    assert_int_equal(first_deal_outcomes("german", true, &p), 32);
    assert_int_equal(first_deal_outcomes("german36", true, &p), 36);
    assert_int_equal(first_deal_outcomes("spanish", true, &p), 40);
    assert_int_equal(first_deal_outcomes("spanish48", true, &p), 48);
}

static void test_battlefield_larger_than_deck_refused(void **unused)
{
    (void)unused;
    const char *sc = "{\"name\":\"t\",\"rules\":\"pocket-wargame\",\"battlefield\":{\"deal\":true,"
                     "\"width\":9,\"height\":6},\"forces\":[{\"units\":{\"LI\":1}},"
                     "{\"units\":{\"LI\":1}}]}";
    T_EXPECT_HAS(pw_refusal(sc, "{\"deck\":\"german\"}"),
                  "a 9x6 battlefield needs 54 cards, but the german deck has only 32");
    T_EXPECT_HAS(pw_refusal(sc, "{\"jokers\":false}"), "the french deck has only 52");
    assert_null(pw_refusal(sc, NULL));
}

/* The terrain of each cell of a one-row battlefield of fixed cards. */
static void row_terrain(const char *cards, const char *options, const char *extra, char *out,
                        size_t n)
{
    char sc[1024];
    snprintf(sc, sizeof sc,
             "{\"name\":\"t\",\"rules\":\"pocket-wargame\",\"battlefield\":{\"cards\":[\"%s\"]},"
             "\"forces\":[{\"placed\":[{\"unit\":\"LI\",\"at\":\"a1\"}]},"
             "{\"placed\":[{\"unit\":\"LI\",\"at\":\"a1\"}]}]%s}", cards,
             extra ? extra : "");
    eng_game *g = t_game("pocket-wargame", sc, options);
    eng_state *s = eng_state_new(g, 1);
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    size_t len = 0, i;
    json_t *c;
    out[0] = '\0';
    json_array_foreach(json_object_get(json_object_get(st, "board"), "cells"), i, c)
        len += (size_t)snprintf(out + len, n - len, "%s%s", i ? " " : "",
                                json_string_value(json_object_get(c, "terrain")));
    json_decref(st);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_terrain_sets(void **unused)
{
    (void)unused;
    char t[256];
    const char *cards = "AC AD AH AS QS QH JK1";
    row_terrain(cards, NULL, NULL, t, sizeof t);
    T_EXPECT_STR(t, "woodland hills open rough rough open open");
    row_terrain(cards, "{\"terrain\":\"steppes\"}", NULL, t, sizeof t);
    T_EXPECT_STR(t, "open hills open rough rough open open");
    row_terrain(cards, "{\"terrain\":\"wetland\"}", NULL, t, sizeof t);
    T_EXPECT_STR(t, "woodland hills open swamp lake open open");
    row_terrain(cards, "{\"terrain\":\"wetland-all-courts\"}", NULL, t, sizeof t);
    T_EXPECT_STR(t, "woodland hills open swamp lake lake open");
    row_terrain(cards, "{\"terrain\":\"mountainous\"}", NULL, t, sizeof t);
    T_EXPECT_STR(t, "woodland hills open mountain mountain open open");
    /* the jokers' terrain is the scenario's */
    row_terrain(cards, NULL, ",\"joker\":\"hills\"", t, sizeof t);
    T_EXPECT_STR(t, "woodland hills open rough rough open hills");
    /* ... unless the joker option says otherwise */
    row_terrain(cards, "{\"joker\":\"swamp\"}", NULL, t, sizeof t);
    T_EXPECT_STR(t, "woodland hills open rough rough open swamp");
    row_terrain(cards, "{\"joker\":\"woodland\"}", ",\"joker\":\"hills\"", t, sizeof t);
    T_EXPECT_STR(t, "woodland hills open rough rough open woodland");
    row_terrain(cards, "{\"joker\":\"marsh\"}",
                ",\"terrain_types\":[{\"name\":\"marsh\",\"symbol\":\"x\"}]", t, sizeof t);
    T_EXPECT_STR(t, "woodland hills open rough rough open marsh");
    const char *sc = "{\"name\":\"t\",\"rules\":\"pocket-wargame\",\"battlefield\":{\"deal\":true,"
                     "\"width\":2,\"height\":2},\"forces\":[{\"units\":{\"LI\":1}},"
                     "{\"units\":{\"LI\":1}}]}";
    T_EXPECT_STR(pw_refusal(sc, "{\"joker\":\"lava\"}"),
                  "option joker: unknown terrain \"lava\" (open, hills, woodland, rough, swamp, "
                  "mountain, lake)");
    /* other decks map their suits onto French ones */
    row_terrain("7A 8L 9H 10B UL", "{\"deck\":\"german\",\"terrain\":\"wetland\"}", NULL, t,
                sizeof t);
    T_EXPECT_STR(t, "woodland swamp open hills lake");
    row_terrain("1B 2E 3O 4C RE", "{\"deck\":\"spanish\"}", NULL, t, sizeof t);
    T_EXPECT_STR(t, "woodland rough hills open rough");
}

static void test_custom_terrain_set(void **unused)
{
    (void)unused;
    char t[256];
    row_terrain("AC 2C AS 3H KH", NULL,
                ",\"terrain_set\":{\"suits\":{\"hearts\":\"hills\"},\"overrides\":["
                "{\"suit\":\"clubs\",\"ranks\":[\"2\"],\"terrain\":\"lake\"},"
                "{\"suit\":\"any\",\"court\":true,\"terrain\":\"swamp\"}]}",
                t, sizeof t);
    T_EXPECT_STR(t, "woodland lake rough hills swamp");
    /* a custom terrain type, used by a custom set */
    row_terrain("AC AH", NULL,
                ",\"terrain_types\":[{\"name\":\"marsh\",\"symbol\":\"x\",\"colour\":\"teal\","
                "\"flags\":[\"cover\"]}],\"terrain_set\":{\"base\":\"normal\","
                "\"suits\":{\"clubs\":\"marsh\"}}",
                t, sizeof t);
    T_EXPECT_STR(t, "marsh open");
}

/* The terrain of every cell, row by row from a1, joined by spaces. */
static void board_terrain(const eng_state *s, char *out, size_t n)
{
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    size_t len = 0, i;
    json_t *c;
    out[0] = '\0';
    json_array_foreach(json_object_get(json_object_get(st, "board"), "cells"), i, c)
        len += (size_t)snprintf(out + len, n - len, "%s%s", i ? " " : "",
                                json_string_value(json_object_get(c, "terrain")));
    json_decref(st);
}

static void test_terrain_rows_with_full_names(void **unused)
{
    (void)unused;
    /* whole names (even longer than 7 letters), single symbols and runs of symbols */
    eng_game *g = pw_game("open hills woodland/mountain lake swamp/o rough h/ohw", "HI@a1",
                          "HI@c4", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    char t[512];
    board_terrain(s, t, sizeof t);
    T_EXPECT_STR(t, "open hills woodland mountain lake swamp open rough hills open hills woodland");
    eng_state_free(s);
    eng_game_free(g);
    /* a word too long for any name is refused, not cut short */
    const char *sc = "{\"name\":\"t\",\"rules\":\"pocket-wargame\",\"battlefield\":{\"terrain\":"
                     "[\"open woodlandwoodlandwoodlandwoodland\"]},\"forces\":[{\"placed\":[{\"unit\":"
                     "\"HI\",\"at\":\"a1\"}]},{\"placed\":[{\"unit\":\"HI\",\"at\":\"a1\"}]}]}";
    T_EXPECT_STR(pw_refusal(sc, NULL), "battlefield.terrain[0]: \"woodlandwoodlandwoodlandwoodlan...\" "
                                        "is too long for a terrain or card name (at most 31 characters)");
}

/* ---- the deal -------------------------------------------------------------------- */

static void test_deal(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *s = eng_state_new(g, 7);
    T_EXPECT_STR(pw_status(s), "Deal: card for a1");
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    assert_int_equal(eng_chance_outcomes(s, out, prob), 54);
    t_play(s, "deal a1 QS");
    T_EXPECT_STR(pw_status(s), "Deal: card for b1");
    int n = eng_chance_outcomes(s, out, prob);
    assert_int_equal(n, 53);
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        assert_true(prob[i] == 1.0 / 53);
        eng_action_text(s, out[i], text, sizeof text);
        T_EXPECT_LACKS(text, "QS");
    }
    t_refused(s, "deal b1 QS", "QS has already been dealt (at a1)");
    t_refused(s, "deal c1 2H", "the next card goes to b1");
    t_play(s, "2H");                   /* a bare card is the outcome here */
    T_EXPECT_STR(pw_status(s), "Deal: card for c1");
    /* deal the rest from the generator: every card once, row by row */
    while (eng_current_player(s) == ENG_CHANCE)
        eng_apply_fast(s, eng_chance_sample(s));
    T_EXPECT_HAS(pw_status(s), "Deployment, round 1: Red to place a unit");
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    json_t *cells = json_object_get(json_object_get(st, "board"), "cells");
    assert_int_equal(json_array_size(cells), 54);
    T_EXPECT_STR(json_string_value(json_object_get(json_array_get(cells, 0), "card")), "QS");
    T_EXPECT_STR(json_string_value(json_object_get(json_array_get(cells, 0), "terrain")), "rough");
    T_EXPECT_STR(json_string_value(json_object_get(json_array_get(cells, 1), "loc")), "b1");
    T_EXPECT_STR(json_string_value(json_object_get(json_array_get(cells, 9), "loc")), "a2");
    char seen[54][8];
    for (size_t i = 0; i < 54; i++) {
        snprintf(seen[i], 8, "%s", json_string_value(json_object_get(json_array_get(cells, i), "card")));
        for (size_t j = 0; j < i; j++)
            if (strcmp(seen[i], seen[j]) == 0)
                fail_msg("card %s dealt twice", seen[i]);
    }
    json_decref(st);
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- elevation and range ---------------------------------------------------------- */

static void test_range_light_and_heavy(void **unused)
{
    (void)unused;
    /* all open: LM at a1 (range 1), HM at e1 (range 2) */
    eng_game *g = pw_game("ooooo/ooooo/ooooo/ooooo/ooooo", "LM@a1 HM@e1",
                          "LI@a2 LI@a3 LI@b2 HI@e3 HI@e4 HI@d2", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged phase, Red to act");
    assert_true(t_is_legal(s, "shoot LM1 2/LI1"));           /* a2: 1 card */
    t_refused(s, "shoot LM1 2/LI2", "2/LI2 is out of range (2 cards; range 1)");
    t_refused(s, "shoot LM1 2/LI3", "2/LI3 is out of range (2 cards; range 1)");  /* diagonal */
    assert_true(t_is_legal(s, "shoot HM1 2/HI1"));           /* e3: 2 cards */
    t_refused(s, "shoot HM1 2/HI2", "2/HI2 is out of range (3 cards; range 2)");
    assert_true(t_is_legal(s, "shoot HM1 2/HI3"));           /* d2: diagonal = 2 */
    t_refused(s, "shoot LM1 LM1", "LM1 is one of your own units");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_range_height_bonus(void **unused)
{
    (void)unused;
    /* row 1: h o h o m ; row 2: o o o o o ; row 3: o o h o h */
    eng_game *g = pw_game("hohom/ooooo/oohoh", "LM@a1 LM@c1 LM@e1",
                          "LI@a3 LI@c3 HI@e3 HI@d2", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    assert_true(t_is_legal(s, "shoot LM1 2/LI1"));    /* hills over open: range 2 */
    t_refused(s, "shoot LM2 2/LI2", "out of range (2 cards; range 1)");   /* hills to hills */
    assert_true(t_is_legal(s, "shoot LM3 2/HI1"));    /* mountain over hills: range 2 */
    assert_true(t_is_legal(s, "shoot LM3 2/HI2"));    /* mountain over open, diagonal */
    t_refused(s, "shoot LM1 2/HI2", "out of range (4 cards; range 2, one more for shooting "
                                    "from higher ground)");
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- movement ------------------------------------------------------------------------ */

static void test_cavalry_phase_terrain(void **unused)
{
    (void)unused;
    /* c3 open; c2 swamp, b3 woodland, d3 rough, c4 hills; b5 woodland; e5 hills, e4 mountain */
    eng_game *g = pw_game("ooooo/oosoo/owoRo/oohom/owooh", "LC@c3 HC@b5 LI@a1 LC@e5", "HI@a5",
                          NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Cavalry phase, Red to act");
    T_EXPECT_STR(pw_legal(s), "move LC1 c4; move LC2 d5; end");
    t_refused(s, "move LC1 c2", "cavalry may only move in the cavalry phase between open ground "
                                "or hills: c2 is swamp");
    t_refused(s, "move LC1 b3", "b3 is woodland");
    t_refused(s, "move LC1 d3", "d3 is rough");
    t_refused(s, "move HC1 a5", "b5 is woodland");           /* leaving woodland */
    t_refused(s, "move LC2 e4", "e4 is mountain");            /* hills to mountain */
    t_refused(s, "move LI1 a2", "only cavalry moves in the Cavalry phase (LI1 is light infantry)");
    t_play(s, "move LC1 c4");
    t_refused(s, "move LC1 c5", "LC1 has already moved this phase");
    t_play(s, "end");
    /* Blue has no cavalry, nobody has missiles: on to the Movement phase */
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    /* cavalry moves again in the Movement phase, over any ground but lakes */
    assert_true(t_is_legal(s, "move LC1 c3"));
    assert_true(t_is_legal(s, "move HC1 a5"));                /* into the enemy: melee */
    assert_true(t_is_legal(s, "move LC2 e4"));
    eng_state_free(s);
    eng_game_free(g);
}

/* A special of the cavalry class moves in the Cavalry phase; one of the
 * infantry class does not. */
static void test_cavalry_special_in_the_cavalry_phase(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/ooo", "GEN@a1 KNT@a2", "HI@c2",
                          ",\"specials\":{\"GEN\":{\"name\":\"General\",\"class\":\"cavalry\","
                          "\"weight\":\"heavy\"},\"KNT\":{\"name\":\"Knights\",\"class\":"
                          "\"infantry\",\"weight\":\"heavy\"}}", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Cavalry phase, Red to act");
    T_EXPECT_STR(pw_legal(s), "move GEN1 b1; move GEN1 a2; end");
    t_refused(s, "move KNT1 b2", "only cavalry moves in the Cavalry phase (KNT1 is Knights)");
    t_play(s, "move GEN1 b1");
    T_EXPECT_STR(pw_loc(s, "1/GEN1"), "b1");
    /* and again in the Movement phase */
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    assert_true(t_is_legal(s, "move GEN1 c1"));
    eng_state_free(s);
    eng_game_free(g);
}

/* A unit may leave a card an enemy holds: no melee follows. */
static void test_leaving_an_enemy_held_card(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("oo", "HI@a1", "HI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    T_EXPECT_STR(pw_legal(s), "move HI1 b1; end");
    t_play(s, "move HI1 b1");
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Blue to act");
    t_play(s, "end");
    /* nobody shares a card: no melee, on to turn 2 */
    T_EXPECT_STR(pw_status(s), "Turn 2, Movement phase, Red to act");
    T_EXPECT_STR(pw_loc(s, "1/HI1"), "b1");
    T_EXPECT_STR(pw_loc(s, "2/HI1"), "a1");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "steady");
    eng_state_free(s);
    eng_game_free(g);
}

/* A target in melee with the shooter's own units may be shot at; only the
 * target takes part in the shot. */
static void test_shooting_into_a_melee(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("oo", "LM@a1 HI@b1", "LI@b1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged phase, Red to act");
    T_EXPECT_STR(pw_legal(s), "shoot LM1 2/LI1; end");
    t_play(s, "shoot LM1 2/LI1");
    t_play(s, "toss 1/LM1 H");
    t_play(s, "toss 2/LI1 T");
    T_EXPECT_STR(pw_legal(s), "damage 2/LI1");
    t_play(s, "damage 2/LI1");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "wavering");
    T_EXPECT_STR(pw_cond(s, "1/HI1"), "steady");
    /* the melee at b1 comes after the Movement phase */
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    t_play_list(s, (const char *const[]){"end", "end", NULL});
    T_EXPECT_STR(pw_status(s), "Turn 1, Melee at b1: toss for 1/HI1");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_move_one_orthogonal_step(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooooo/ooooo/ooooo/ooooo/ooooo", "HI@c3 LI@a1", "HI@e5", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    T_EXPECT_STR(pw_legal(s), "move HI1 c2; move HI1 b3; move HI1 d3; move HI1 c4; "
                               "move LI1 b1; move LI1 a2; end");
    t_refused(s, "move HI1 c5", "HI1 can only move one card horizontally or vertically");
    t_refused(s, "move HI1 d4", "HI1 can only move one card horizontally or vertically");
    t_refused(s, "move HI1 c3", "HI1 can only move one card horizontally or vertically");
    t_refused(s, "move 2/HI1 e4", "2/HI1 belongs to Blue; it is Red's turn to act");
    t_play(s, "move HI1 c4");
    T_EXPECT_STR(pw_loc(s, "1/HI1"), "c4");
    t_refused(s, "move HI1 c5", "HI1 has already moved this phase");
    t_play(s, "move LI1 b1");
    /* Red has nothing left to do: Blue's part begins without an `end` */
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Blue to act");
    t_play(s, "move HI1 e4");
    T_EXPECT_STR(pw_status(s), "Turn 2, Movement phase, Red to act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_lakes(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/olo/ooo", "HI@a2", "HI@c3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_refused(s, "move HI1 b2", "no unit may enter a lake (b2)");
    T_EXPECT_STR(pw_legal(s), "move HI1 a1; move HI1 a3; end");
    eng_state_free(s);
    eng_game_free(g);
    const char *sc = "{\"name\":\"t\",\"rules\":\"pocket-wargame\",\"battlefield\":{\"terrain\":"
                     "[\"ol\",\"oo\"]},\"forces\":[{\"placed\":[{\"unit\":\"HI\",\"at\":\"b1\"}]},"
                     "{\"placed\":[{\"unit\":\"HI\",\"at\":\"a2\"}]}]}";
    T_EXPECT_STR(pw_refusal(sc, NULL), "forces[0].placed[0].at: no unit may be on a lake");
}

static void test_mountain_rule(void **unused)
{
    (void)unused;
    /* row 1: o m h ; row 2: w m o ; row 3: o o o */
    eng_game *g = pw_game("omh/wmo/ooo", "HI@a1 LI@b1 LC@c1", "HI@c3", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Cavalry phase, Red to act");   /* LC1: c1 to c2 */
    t_play(s, "end");
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    t_refused(s, "move HI1 b1", "a move between steep ground (mountain) and ground that is not "
                                "highland (hills or mountain) is not possible (a1 is open, b1 is "
                                "mountain)");
    t_refused(s, "move LI1 a1", "(b1 is mountain, a1 is open)");
    assert_true(t_is_legal(s, "move LI1 b2"));     /* mountain to mountain */
    assert_true(t_is_legal(s, "move LI1 c1"));     /* mountain to hills */
    assert_true(t_is_legal(s, "move LC1 b1"));     /* hills to mountain */
    t_play(s, "move LI1 b2");
    t_refused(s, "move HI1 b1", "not possible");
    t_play(s, "move HI1 a2");
    eng_state_free(s);
    eng_game_free(g);
}

/* The mountain rule asks "hills or mountain?" (the highland flag), not the
 * elevation: a raised type that is not highland is cut off from a mountain,
 * a highland type at elevation 0 is not. */
static void test_mountain_rule_follows_highland_not_elevation(void **unused)
{
    (void)unused;
    const char *types = ",\"terrain_types\":["
                        "{\"name\":\"plateau\",\"symbol\":\"p\",\"elevation\":1},"
                        "{\"name\":\"downs\",\"symbol\":\"d\",\"elevation\":0,"
                        "\"flags\":[\"highland\"]}]";
    /* row 1: plateau mountain downs; row 2: open */
    eng_game *g = pw_game("pmd/ooo", "HI@b1 LI@a1", "HI@c2", types, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    T_EXPECT_STR(pw_legal(s), "move HI1 c1; move LI1 a2; end");
    t_refused(s, "move HI1 a1", "a move between steep ground (mountain) and ground that is not "
                                "highland (hills, mountain or downs) is not possible (b1 is "
                                "mountain, a1 is plateau)");
    t_refused(s, "move LI1 b1", "(a1 is plateau, b1 is mountain)");
    t_refused(s, "move HI1 b2", "(b1 is mountain, b2 is open)");
    t_play(s, "move HI1 c1");
    T_EXPECT_STR(pw_loc(s, "1/HI1"), "c1");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deck_sizes),
        cmocka_unit_test(test_battlefield_larger_than_deck_refused),
        cmocka_unit_test(test_terrain_sets),
        cmocka_unit_test(test_custom_terrain_set),
        cmocka_unit_test(test_terrain_rows_with_full_names),
        cmocka_unit_test(test_deal),
        cmocka_unit_test(test_range_light_and_heavy),
        cmocka_unit_test(test_range_height_bonus),
        cmocka_unit_test(test_cavalry_phase_terrain),
        cmocka_unit_test(test_cavalry_special_in_the_cavalry_phase),
        cmocka_unit_test(test_move_one_orthogonal_step),
        cmocka_unit_test(test_leaving_an_enemy_held_card),
        cmocka_unit_test(test_shooting_into_a_melee),
        cmocka_unit_test(test_lakes),
        cmocka_unit_test(test_mountain_rule),
        cmocka_unit_test(test_mountain_rule_follows_highland_not_elevation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
