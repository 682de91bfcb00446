/*
 * test_pwg_setup.c - Pocket Wargame: setting up. Deployment areas (edges,
 * depth, lists), light cavalry one card forward on open ground only, no
 * unit on a lake, deployment in rounds with the round's placements hidden
 * from the other players, the first-player toss or lot, scenarios with
 * every unit placed, refusals of bad scenarios naming the field, coin
 * sets, the notation (prints and parses back, clear parse errors), the
 * JSON view and the drawing.
 */
#include "test_pwg_util.h"

#define HEAD "{\"name\":\"t\",\"title\":\"t\",\"description\":\"t\",\"rules\":\"pocket-wargame\","

/* ---- deployment ------------------------------------------------------------------ */

static const char *deploy_scenario =
    HEAD "\"battlefield\":{\"terrain\":[\"ooloo\",\"ohooo\",\"ooooo\"]},"
    "\"forces\":[{\"deploy\":\"south\",\"units\":{\"HI\":1,\"LC\":1,\"LI\":1}},"
    "{\"deploy\":\"north\",\"units\":{\"HI\":1}}]}";

static void test_deployment_areas(void **unused)
{
    (void)unused;
    eng_game *g = t_game("pocket-wargame", deploy_scenario, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Deployment, round 1: Red to place a unit");
    T_EXPECT_STR(pw_legal(s),
                  "deploy LI a1; deploy LI b1; deploy LI d1; deploy LI e1; "
                  "deploy HI a1; deploy HI b1; deploy HI d1; deploy HI e1; "
                  "deploy LC a1; deploy LC b1; deploy LC d1; deploy LC e1; "
                  "deploy LC a2; deploy LC c2; deploy LC d2; deploy LC e2");
    t_refused(s, "deploy HI a2", "a2 is not in Red's deployment area (only light cavalry may "
                                 "deploy one card beyond it, on open ground)");
    t_refused(s, "deploy LC b2", "light cavalry may deploy one card beyond the deployment area "
                                 "only on open ground: b2 is hills");
    t_refused(s, "deploy LC a3", "a3 is not in Red's deployment area");
    t_refused(s, "deploy HI c1", "no unit may be on a lake (c1)");
    t_refused(s, "deploy HC a1", "Red has no HC left to deploy");
    t_refused(s, "move HI1 a2", "units move only in the Cavalry phase");
    t_refused(s, "end", "every unit must be deployed before the battle");
    eng_state_free(s);
    eng_game_free(g);

    /* depth 2, and explicit lists */
    g = t_game("pocket-wargame",
               HEAD "\"battlefield\":{\"terrain\":[\"ooo\",\"ooo\",\"ooo\",\"ooo\"]},"
               "\"forces\":[{\"deploy\":\"south\",\"depth\":2,\"units\":{\"HI\":1}},"
               "{\"deploy\":[\"a4\",\"c3\"],\"units\":{\"HI\":1}}]}", NULL);
    s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_legal(s), "deploy HI a1; deploy HI b1; deploy HI c1; deploy HI a2; "
                               "deploy HI b2; deploy HI c2");
    t_play(s, "deploy HI b2");
    T_EXPECT_STR(pw_legal(s), "deploy HI c3; deploy HI a4");
    eng_state_free(s);
    eng_game_free(g);

    /* the default areas: force 3 the west edge, force 4 the east edge, each
     * without the corners, which are the south and north forces' */
    g = t_game("pocket-wargame",
               HEAD "\"battlefield\":{\"terrain\":[\"oooo\",\"oooo\",\"oooo\",\"oooo\"]},"
               "\"forces\":[{\"units\":[\"HI\"]},{\"units\":[\"HI\"]},{\"units\":[\"HI\"]},"
               "{\"units\":[\"HI\"]}]}", NULL);
    s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_legal(s), "deploy HI a1; deploy HI b1; deploy HI c1; deploy HI d1");
    t_play(s, "deploy HI a1");
    T_EXPECT_STR(pw_legal(s), "deploy HI a4; deploy HI b4; deploy HI c4; deploy HI d4");
    t_play(s, "deploy HI a4");
    T_EXPECT_STR(pw_legal(s), "deploy HI a2; deploy HI a3");
    t_refused(s, "deploy HI a1", "a1 is not in Green's deployment area");
    t_play(s, "deploy HI a2");
    T_EXPECT_STR(pw_legal(s), "deploy HI d2; deploy HI d3");
    eng_state_free(s);
    eng_game_free(g);

    /* deeper strips: west and east leave out as many rows as the south and
     * north strips take */
    g = t_game("pocket-wargame",
               HEAD "\"battlefield\":{\"terrain\":[\"oooo\",\"oooo\",\"oooo\",\"oooo\",\"oooo\"]},"
               "\"forces\":[{\"depth\":2,\"units\":[\"HI\"]},{\"units\":[\"HI\"]},"
               "{\"depth\":2,\"units\":[\"HI\"]}]}", NULL);
    s = eng_state_new(g, 1);
    t_play(s, "deploy HI a1");
    t_play(s, "deploy HI a5");
    T_EXPECT_STR(pw_legal(s), "deploy HI a3; deploy HI b3; deploy HI a4; deploy HI b4");
    eng_state_free(s);
    eng_game_free(g);
}

/* Two forces' deployment areas may not share a location, and an area must
 * hold somewhere each coin may stand. */
static void test_deployment_areas_refused(void **unused)
{
    (void)unused;
    static const struct { const char *battlefield, *forces, *want; } cases[] = {
        /* south and north strips of depth 2 meet in a 3-row battlefield */
        {"[\"ooo\",\"ooo\",\"ooo\"]",
         "{\"depth\":2,\"units\":[\"HI\"]},{\"depth\":2,\"units\":[\"HI\"]}",
         "forces[1].deploy: the deployment areas of Red (force 1) and Blue (force 2) overlap at "
         "a2; give them no location in common (a smaller depth, or lists)"},
        /* lists */
        {"[\"ooo\",\"ooo\",\"ooo\"]",
         "{\"deploy\":[\"a1\",\"b2\"],\"units\":[\"HI\"]},{\"units\":[\"HI\"]},"
         "{\"name\":\"Green\",\"deploy\":[\"c2\",\"b2\"],\"units\":[\"HI\"]}",
         "forces[2].deploy: the deployment areas of Red (force 1) and Green (force 3) overlap at b2"},
        /* west and east strips too deep for the width */
        {"[\"ooo\",\"ooo\",\"ooo\"]",
         "{\"deploy\":\"west\",\"depth\":2,\"units\":[\"HI\"]},"
         "{\"deploy\":\"east\",\"depth\":2,\"units\":[\"HI\"]}",
         "forces[1].deploy: the deployment areas of Red (force 1) and Blue (force 2) overlap at b1"},
        /* two rows: nothing is left for the west and east forces */
        {"[\"ooo\",\"ooo\"]",
         "{\"units\":[\"HI\"]},{\"units\":[\"HI\"]},{\"units\":[\"HI\"]}",
         "forces[2].deploy: Green has coins to deploy but its deployment area is empty on this "
         "3x2 battlefield"},
        /* a fixed battlefield whose south edge is all lakes: the heavy
         * infantry has nowhere to stand (the light cavalry would: forward) */
        {"[\"lll\",\"ooo\",\"ooo\"]",
         "{\"units\":[\"LC\",\"HI\"]},{\"units\":[\"HI\"]}",
         "forces[0].deploy: Red's HI (heavy infantry) cannot be deployed: no location of its "
         "deployment area can take it (lakes)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char sc[1024];
        snprintf(sc, sizeof sc, HEAD "\"battlefield\":{\"terrain\":%s},\"forces\":[%s]}",
                 cases[i].battlefield, cases[i].forces);
        const char *got = pw_refusal(sc, NULL);
        if (!got)
            fail_msg("case %zu was accepted; expected \"%s\"", i, cases[i].want);
        T_EXPECT_HAS(got, cases[i].want);
    }
    /* overlapping areas nobody uses are no matter: every unit placed */
    assert_null(pw_refusal(HEAD "\"battlefield\":{\"terrain\":[\"o\"]},\"forces\":["
                           "{\"placed\":[{\"unit\":\"HI\",\"at\":\"a1\"}]},"
                           "{\"placed\":[{\"unit\":\"HI\",\"at\":\"a1\"}]}]}", NULL));
    /* but they are when a rally uses them */
    T_EXPECT_HAS(pw_refusal(HEAD "\"battlefield\":{\"terrain\":[\"o\"]},\"forces\":["
                             "{\"placed\":[{\"unit\":\"HI\",\"at\":\"a1\"}]},"
                             "{\"placed\":[{\"unit\":\"HI\",\"at\":\"a1\"}]}],\"end_phase\":"
                             "[{\"rule\":\"rally\"}]}", NULL),
                  "the deployment areas of Red (force 1) and Blue (force 2) overlap at a1");
    /* only light cavalry to deploy, and it may go forward onto open ground */
    assert_null(pw_refusal(HEAD "\"battlefield\":{\"terrain\":[\"lll\",\"ooo\",\"ooo\"]},"
                           "\"forces\":[{\"units\":[\"LC\"]},{\"units\":[\"HI\"]}]}", NULL));
}

/* Light cavalry's card beyond a deeper area: the row past the strip, on
 * open ground, never in another force's area. */
static void test_light_cavalry_forward_with_depth(void **unused)
{
    (void)unused;
    eng_game *g = t_game("pocket-wargame",
                         HEAD "\"battlefield\":{\"terrain\":[\"ooo\",\"ooo\",\"oho\",\"ooo\","
                         "\"ooo\"]},\"forces\":[{\"depth\":2,\"units\":[\"LC\",\"HI\"]},"
                         "{\"deploy\":[\"a3\",\"c5\"],\"units\":[\"HI\"]}]}", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_legal(s),
                  "deploy HI a1; deploy HI b1; deploy HI c1; deploy HI a2; deploy HI b2; "
                  "deploy HI c2; "
                  "deploy LC a1; deploy LC b1; deploy LC c1; deploy LC a2; deploy LC b2; "
                  "deploy LC c2; deploy LC c3");
    t_refused(s, "deploy LC b3", "light cavalry may deploy one card beyond the deployment area "
                                 "only on open ground: b3 is hills");
    t_refused(s, "deploy LC a3", "a3 is not in Red's deployment area");   /* Blue's */
    t_refused(s, "deploy LC c4", "c4 is not in Red's deployment area");   /* two cards beyond */
    t_refused(s, "deploy HI c3", "c3 is not in Red's deployment area (only light cavalry may "
                                 "deploy one card beyond it, on open ground)");
    t_play(s, "deploy LC c3");
    T_EXPECT_STR(pw_field_as(s, 0, "1/LC1", "loc"), "c3");
    eng_state_free(s);
    eng_game_free(g);

    /* the area of a force with nothing to deploy does not stop it */
    g = t_game("pocket-wargame",
               HEAD "\"battlefield\":{\"terrain\":[\"ooo\",\"ooo\",\"ooo\"]},\"forces\":["
               "{\"depth\":2,\"units\":[\"LC\"]},{\"placed\":[{\"unit\":\"HI\",\"at\":\"c3\"}]}]}",
               NULL);
    s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_legal(s), "deploy LC a1; deploy LC b1; deploy LC c1; deploy LC a2; "
                               "deploy LC b2; deploy LC c2; deploy LC a3; deploy LC b3; "
                               "deploy LC c3");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_deployment_rounds_are_hidden(void **unused)
{
    (void)unused;
    eng_game *g = t_game("pocket-wargame", deploy_scenario, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "deploy HI a1");
    T_EXPECT_STR(pw_status(s), "Deployment, round 1: Blue to place a unit");
    /* Blue (player 1) does not see where Red put its coin this round */
    /* it looks to Blue like every coin still to deploy: not even its type shows */
    T_EXPECT_STR(pw_field_as(s, 1, "1/HI1", "condition"), "undeployed");
    T_EXPECT_STR(pw_field_as(s, 1, "1/HI1", "loc"), "-");
    T_EXPECT_STR(pw_field_as(s, 0, "1/HI1", "loc"), "a1");
    T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, "1/HI1", "loc"), "a1");
    T_EXPECT_STR(pw_field_as(s, 1, "1/LI1", "condition"), "undeployed");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eng_render(s, 1, false, f);
    fclose(f);
    T_EXPECT_LACKS(buf, "1:HI1");
    T_EXPECT_HAS(buf, "1 coin placed this round not shown yet");
    free(buf);
    f = open_memstream(&buf, &len);
    eng_render(s, ENG_VIEW_ALL, false, f);
    fclose(f);
    T_EXPECT_HAS(buf, "1:HI1");
    free(buf);
    /* the round completes: all is revealed */
    t_play(s, "deploy HI c3");
    T_EXPECT_STR(pw_field_as(s, 1, "1/HI1", "loc"), "a1");
    T_EXPECT_STR(pw_field_as(s, 0, "2/HI1", "loc"), "c3");
    /* Blue has no more coins: Red places the rest, one round each */
    T_EXPECT_STR(pw_status(s), "Deployment, round 2: Red to place a unit");
    t_play(s, "deploy LI b1");
    T_EXPECT_STR(pw_status(s), "Deployment, round 3: Red to place a unit");
    t_play(s, "deploy LC c2");
    /* no "first" in the scenario: a coin toss */
    T_EXPECT_STR(pw_status(s), "Coin toss for the first player");
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    assert_int_equal(eng_chance_outcomes(s, out, prob), 2);
    assert_true(prob[0] == 0.5 && prob[1] == 0.5);
    t_play(s, "first 2");
    assert_int_equal(pw_int(s, "first"), 2);
    /* Blue goes first in every phase: Blue has no cavalry, so Red's LC;
     * nobody shoots; then Blue moves first */
    T_EXPECT_STR(pw_status(s), "Turn 1, Cavalry phase, Red to act");
    t_play(s, "end");
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Blue to act");
    t_play(s, "end");
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_first_player_lot_among_three(void **unused)
{
    (void)unused;
    eng_game *g = t_game("pocket-wargame",
                         HEAD "\"battlefield\":{\"terrain\":[\"ooo\",\"ooo\",\"ooo\"]},\"forces\":["
                         "{\"placed\":[{\"unit\":\"HI\",\"at\":\"a1\"}]},"
                         "{\"placed\":[{\"unit\":\"HI\",\"at\":\"c3\"}]},"
                         "{\"placed\":[{\"unit\":\"HI\",\"at\":\"a3\"}]}]}", NULL);
    eng_state *s = eng_state_new(g, 1);
    /* every unit placed: no deployment, straight to the lot */
    T_EXPECT_STR(pw_status(s), "Drawing lots for the first player");
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    assert_int_equal(eng_chance_outcomes(s, out, prob), 3);
    assert_true(prob[0] == 1.0 / 3 && prob[2] == 1.0 / 3);
    t_play(s, "first 3");
    /* nobody has cavalry or missiles: Green (force 3) moves first */
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Green to act");
    eng_state_free(s);
    eng_game_free(g);
}

static void test_all_placed_skips_deployment(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/ooo", "HI@a1 LI@b1~", "HC@c2", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    assert_int_equal(pw_int(s, "turn"), 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Cavalry phase, Blue to act");
    T_EXPECT_STR(pw_cond(s, "1/LI1"), "wavering");
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- bad scenarios ------------------------------------------------------------------ */

static void test_bad_scenarios_name_the_field(void **unused)
{
    (void)unused;
    static const struct { const char *scenario, *options, *want; } cases[] = {
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\",\"HI\",\"XX\"]}]}", NULL,
         "forces[1].units[2]: unknown unit type \"XX\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":{\"LI\":1,\"QQ\":2}},"
              "{\"units\":[\"LI\"]}]}", NULL, "forces[0].units: unknown unit type \"QQ\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":{\"LI\":1,\"li\":2}},"
              "{\"units\":[\"LI\"]}]}", NULL,
         "forces[0].units: \"LI\" and \"li\" name the same unit type; give its count once"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"name\":\"Red Army\",\"units\":[\"LI\"]}]}", NULL,
         "forces[1].name: \"Red Army\" must be one word of letters, digits, '-' and '_'"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"name\":\"Red/Army\",\"units\":[\"LI\"]}]}", NULL,
         "forces[1].name: \"Red/Army\" must be one word"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"name\":\"1066\",\"units\":[\"LI\"]}]}", NULL,
         "forces[1].name: \"1066\" is all digits, which notation reads as a force number"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"name\":\"Northumbrians-II\",\"units\":[\"LI\"]}]}", NULL,
         "forces[1].name: \"Northumbrians-II\" is too long (at most 15 characters)"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"name\":\"\",\"units\":[\"LI\"]}]}", NULL,
         "forces[1].name: expected a name like \"Red\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"placed\":[{\"unit\":\"HI\","
              "\"at\":\"z9\"}]},{\"units\":[\"LI\"]}]}", NULL,
         "forces[0].placed[0].at: expected a location like c4, got \"z9\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"placed\":[{\"unit\":\"HI\","
              "\"at\":\"d1\"}]},{\"units\":[\"LI\"]}]}", NULL,
         "forces[0].placed[0].at: there is no location d1 on this 3x1 battlefield"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"placed\":[{\"unit\":\"HI\","
              "\"at\":\"a1\",\"condition\":\"dizzy\"}]},{\"units\":[\"LI\"]}]}", NULL,
         "forces[0].placed[0].condition: expected steady or wavering"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]}]}", NULL,
         "forces: 1 forces given; a battle needs 2 to 4"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]},{\"units\":[\"LI\"]},{\"units\":[\"LI\"]},{\"units\":[\"LI\"]}]}",
         NULL, "forces: 5 forces given"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},{}]}", NULL,
         "forces[1]: has no units"},
        {HEAD "\"battlefield\":{\"terrain\":[\"oxo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", NULL, "battlefield.terrain[0]: unknown terrain \"oxo\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\",\"oo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", NULL,
         "battlefield.terrain[1]: 2 locations, but row 1 has 3"},
        {HEAD "\"battlefield\":{\"cards\":[\"QS QS\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", NULL, "battlefield.cards[0]: card QS is used twice"},
        {HEAD "\"battlefield\":{\"cards\":[\"QS ZZ\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", NULL, "battlefield.cards[0]: no card \"ZZ\" in the french deck"},
        {HEAD "\"battlefield\":{\"cards\":[\"QS JK1\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", "{\"jokers\":false}", "(are jokers off?)"},
        {HEAD "\"battlefield\":{\"deal\":true,\"width\":13,\"height\":1},\"forces\":[{\"units\":"
              "[\"LI\"]},{\"units\":[\"LI\"]}]}", NULL, "battlefield.width: 13 is out of range (1..12)"},
        {HEAD "\"battlefield\":{\"deal\":true,\"width\":3,\"height\":1},\"forces\":[{\"placed\":"
              "[{\"unit\":\"HI\",\"at\":\"a1\"}]},{\"units\":[\"LI\"]}]}", NULL,
         "forces[0].placed: placed units need a fixed battlefield"},
        {HEAD "\"forces\":[{\"units\":[\"LI\"]},{\"units\":[\"LI\"]}]}", NULL, "battlefield: missing"},
        {HEAD "\"frist\":1,\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", NULL, "scenario: unknown field \"frist\""},
        {HEAD "\"first\":3,\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", NULL, "first: expected a force number 1..2"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"],"
              "\"deploy\":\"up\"},{\"units\":[\"LI\"]}]}", NULL,
         "forces[0].deploy: expected south, north, west, east or a list of locations"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"],"
              "\"coins\":\"yen\"},{\"units\":[\"LI\"]}]}", NULL,
         "forces[0].coins: unknown coin set \"yen\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"],"
              "\"colour\":\"chartreuse\"},{\"units\":[\"LI\"]}]}", NULL,
         "forces[0].colour: unknown colour \"chartreuse\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}],\"victory\":{\"at_limit\":\"gold\"}}", NULL,
         "victory.at_limit: expected strength or points"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}],\"victory\":{\"turn_limit\":0}}", NULL,
         "victory.turn_limit: 0 is out of range (1..99)"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}],\"end_phase\":[{\"rule\":\"explode\"}]}", NULL,
         "end_phase[0].rule: expected score, rally, reinforce or exit"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}],\"end_phase\":[{\"rule\":\"reinforce\",\"force\":2,"
              "\"at\":[\"a1\"]}]}", NULL, "end_phase[0].units: missing"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}],\"end_phase\":[{\"rule\":\"score\",\"at\":[\"q7\"]}]}", NULL,
         "end_phase[0].at[0]: expected a location like c4, got \"q7\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}],\"end_phase\":[{\"rule\":\"exit\",\"force\":3,"
              "\"edge\":\"north\"}]}", NULL, "end_phase[0].force: expected a force number 1..2"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"specials\":{\"GEN\":{\"name\":\"General\","
              "\"class\":\"wizard\",\"weight\":\"heavy\"}},\"forces\":[{\"units\":[\"GEN\"]},"
              "{\"units\":[\"LI\"]}]}", NULL,
         "specials.GEN.class: expected infantry, cavalry or missile"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"specials\":{\"HI\":{\"class\":\"cavalry\","
              "\"weight\":\"heavy\"}},\"forces\":[{\"units\":[\"LI\"]},{\"units\":[\"LI\"]}]}", NULL,
         "specials.HI: \"HI\" is already a unit type"},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"joker\":\"lava\",\"forces\":[{\"units\":"
              "[\"LI\"]},{\"units\":[\"LI\"]}]}", NULL, "joker: unknown terrain \"lava\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"terrain_set\":{\"suits\":{\"cups\":"
              "\"open\"}},\"forces\":[{\"units\":[\"LI\"]},{\"units\":[\"LI\"]}]}", NULL,
         "terrain_set.suits: unknown suit \"cups\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", "{\"deck\":\"tarot\"}", "option deck: unknown deck \"tarot\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", "{\"terrain\":\"desert\"}",
         "option terrain: unknown terrain set \"desert\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", "{\"melee-save\":\"everyone\"}",
         "option melee-save: unknown value \"everyone\""},
        {HEAD "\"battlefield\":{\"terrain\":[\"ooo\"]},\"forces\":[{\"units\":[\"LI\"]},"
              "{\"units\":[\"LI\"]}]}", "{\"jokers\":\"maybe\"}", "option jokers: expected true or false"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got = pw_refusal(cases[i].scenario, cases[i].options);
        if (!got)
            fail_msg("case %zu was accepted; expected \"%s\"", i, cases[i].want);
        if (!strstr(got, cases[i].want))
            fail_msg("case %zu: \"%s\" does not contain \"%s\"", i, got, cases[i].want);
    }
}

/* ---- coins ------------------------------------------------------------------------------- */

static void test_coin_sets(void **unused)
{
    (void)unused;
    eng_game *g = t_game("pocket-wargame",
                         HEAD "\"battlefield\":{\"terrain\":[\"ooo\",\"ooo\"]},\"first\":1,"
                         "\"specials\":{\"GEN\":{\"name\":\"General\",\"class\":\"cavalry\","
                         "\"weight\":\"heavy\"},\"ART\":{\"name\":\"Bombard\",\"class\":\"missile\","
                         "\"weight\":\"heavy\"}},\"forces\":["
                         "{\"placed\":[{\"unit\":\"HI\",\"at\":\"a1\"},{\"unit\":\"GEN\",\"at\":\"b1\"},"
                         "{\"unit\":\"ART\",\"at\":\"c1\"},{\"unit\":\"HM\",\"at\":\"c1\"}]},"
                         "{\"coins\":\"eu\",\"placed\":[{\"unit\":\"HI\",\"at\":\"a2\"},"
                         "{\"unit\":\"GEN\",\"at\":\"b2\"},{\"unit\":\"ART\",\"at\":\"c2\"}]},"
                         "{\"coins\":\"us\",\"placed\":[{\"unit\":\"HM\",\"at\":\"a2\"},"
                         "{\"unit\":\"GEN\",\"at\":\"b2\"},{\"unit\":\"ART\",\"at\":\"c2\"}]}]}",
                         NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, "1/HI1", "coin"), "2p");
    T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, "1/HM1", "coin"), "50p");
    T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, "1/GEN1", "coin"), "\u00a31");
    T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, "1/ART1", "coin"), "\u00a32");
    T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, "1/GEN1", "type_name"), "General");
    T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, "2/HI1", "coin"), "10c");
    T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, "2/GEN1", "coin"), "1\u20ac");
    T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, "3/HM1", "coin"), "silver dollar");
    T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, "3/ART1", "coin"), "gold dollar");
    /* a heavy missile special has range 2 */
    T_EXPECT_STR(pw_status(s), "Turn 1, Cavalry phase, Red to act");
    t_play(s, "end");
    t_play(s, "end");
    t_play(s, "end");
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged phase, Red to act");
    assert_true(t_is_legal(s, "shoot ART1 3/GEN1"));   /* c1 to b2: 2 cards */
    t_refused(s, "shoot GEN1 2/GEN1", "GEN1 is not a missile unit (it is General)");
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- notation ------------------------------------------------------------------------------ */

static void check_round_trip(const eng_state *s)
{
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        eng_action back;
        eng_error err;
        eng_action_text(s, acts[i], text, sizeof text);
        if (eng_action_parse(s, text, &back, &err) != 0)
            fail_msg("\"%s\" does not parse: %s", text, err.msg);
        if (back != acts[i])
            fail_msg("\"%s\" parses to another action", text);
    }
}

static void test_notation_round_trip(void **unused)
{
    (void)unused;
    static const struct { const char *scenario, *options; } games[] = {
        {"meeting", NULL}, {"crossroads", NULL}, {"three-kingdoms", NULL}, {"mountain-pass", NULL},
        /* own-unit: damage may name the head that pays */
        {"meeting", "{\"cancel-scope\":\"own-unit\"}"},
        {"three-kingdoms", "{\"cancel-scope\":\"own-unit\"}"},
    };
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        eng_game *g = t_game_named("pocket-wargame", games[k].scenario, games[k].options);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            eng_state *s = eng_state_new(g, seed);
            int steps = 0;
            while (!eng_is_terminal(s) && steps < 5000) {
                check_round_trip(s);
                t_random_playout(s, seed * 1000 + (uint64_t)steps, 1);
                steps++;
            }
            assert_true(eng_is_terminal(s));
            eng_state_free(s);
        }
        eng_game_free(g);
    }
}

static void parse_error(const eng_state *s, const char *text, const char *want)
{
    eng_action a;
    eng_error err;
    if (eng_action_parse(s, text, &a, &err) == 0)
        fail_msg("\"%s\" parsed; expected an error about \"%s\"", text, want);
    if (!strstr(err.msg, want))
        fail_msg("\"%s\": \"%s\" does not contain \"%s\"", text, err.msg, want);
}

static void test_notation_parse_errors_and_printing(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooooo/ooooo/ooooo", "HI@c1 LM@a1", "HI@c3 LI@a2", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged phase, Red to act");
    /* own units short, others in full */
    T_EXPECT_STR(pw_legal(s), "shoot LM1 2/LI1; end");
    parse_error(s, "move HI1 z9", "expected a location like c4, got \"z9\"");
    parse_error(s, "move HI1 f1", "there is no location f1 on this 5x3 battlefield");
    parse_error(s, "move XX1 c2", "Red has no unit XX1");
    parse_error(s, "move 7/HI1 c2", "there is no force 7");
    parse_error(s, "move HI c2", "expected a unit like HI1 or 2/HI1, got \"HI\"");
    parse_error(s, "move HI1", "expected \"move HI1 c4\"");
    parse_error(s, "deploy ZZ c1", "expected a unit type (LI, HI, LC, HC, LM, HM), got \"ZZ\"");
    parse_error(s, "toss 2/HI1 X", "expected H or T (heads or tails), got \"X\"");
    parse_error(s, "fly HI1", "expected an action");
    parse_error(s, "", "expected an action");
    parse_error(s, "first 9", "there is no force 9");
    parse_error(s, "ally Purple", "expected a force number (1 to 2) or name, got \"Purple\"");
    /* a word too long is refused whole, never cut short */
    parse_error(s, "move HI1111111111111111111111111111111 c2",
                "\"HI" "11111111111111111111111111111" "...\" is too long for a word of notation "
                "(at most 31 characters)");
    eng_action a, b;
    eng_error err;
    assert_int_equal(eng_action_parse(s, "SHOOT lm1 2/li1", &a, &err), 0);
    assert_int_equal(eng_action_parse(s, "shoot 1/LM1 blue/LI1", &b, &err), 0);
    assert_true(a == b);
    assert_int_equal(eng_action_parse(s, "shoot 1/LM1 Blue/LI1", &b, &err), 0);
    assert_true(a == b);
    /* parsing does not judge: these parse, and are refused with a reason */
    t_refused(s, "move HI1 c2", "units move only in the Cavalry phase");
    t_refused(s, "damage 2/HI1", "there is no combat whose heads are being spent now");
    t_refused(s, "ally 2", "this battle has no alliances");
    t_refused(s, "first 2", "the first player is not being decided now");
    t_refused(s, "deal a1 QS", "the battlefield is not being dealt now");
    t_refused(s, "toss 2/HI1 H", "no coin is being tossed now");
    t_refused(s, "ready", "this battle has no alliances");
    t_play(s, "shoot LM1 2/LI1");
    /* at a chance point every unit is written in full */
    T_EXPECT_STR(pw_legal(s), "toss 1/LM1 H; toss 1/LM1 T");
    t_play(s, "toss LM1 T");   /* a short name means the tossing unit's force */
    t_play(s, "toss 2/LI1 H");
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    eng_state_free(s);
    eng_game_free(g);
}

/* Every name a force may have can be written in notation. */
static void test_force_names_reach_the_notation(void **unused)
{
    (void)unused;
    eng_game *g = t_game("pocket-wargame",
                         HEAD "\"battlefield\":{\"terrain\":[\"oo\"]},\"first\":1,\"forces\":["
                         "{\"name\":\"Wessex_2\",\"placed\":[{\"unit\":\"LM\",\"at\":\"a1\"}]},"
                         "{\"name\":\"Northumbrian-X\",\"placed\":[{\"unit\":\"LI\",\"at\":\"b1\"}]}]}",
                         NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Ranged phase, Wessex_2 to act");
    t_play(s, "shoot Wessex_2/LM1 Northumbrian-X/LI1");
    t_play(s, "toss Wessex_2/LM1 H");
    t_play(s, "toss northumbrian-x/LI1 T");
    T_EXPECT_STR(pw_legal(s), "damage 2/LI1");
    t_play(s, "damage Northumbrian-X/LI1");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "wavering");
    eng_state_free(s);
    eng_game_free(g);
}

/* Unit and force numbers are read whole: one too big for any integer is not
 * wrapped round to a small one, and leading zeros are refused. */
static void test_oversize_unit_numbers_refused(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("o", "HI@a1", "LI@a1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "H");
    t_play(s, "T");
    T_EXPECT_STR(pw_legal(s), "damage 2/LI1");
    /* 4294967297 is 2^32 + 1: read as a 32-bit number it would be LI1 */
    parse_error(s, "damage 2/LI4294967297", "Blue has no unit LI4294967297");
    parse_error(s, "damage 2/LI99999999999999999999999", "Blue has no unit LI99999999999999999999999");
    parse_error(s, "damage 2/LI65", "Blue has no unit LI65");
    parse_error(s, "damage 2/LI01", "write unit numbers without leading zeros (like HI1), got \"2/LI01\"");
    parse_error(s, "damage 2/LI0", "Blue has no unit LI0");
    parse_error(s, "damage 2/LI00", "write unit numbers without leading zeros");
    parse_error(s, "damage 02/LI1", "write force numbers without leading zeros, got \"02\"");
    parse_error(s, "damage 0/LI1", "there is no force 0 (forces are 1 to 2)");
    parse_error(s, "damage 4294967298/LI1", "there is no force 4294967298 (forces are 1 to 2)");
    parse_error(s, "damage +2/LI1", "expected a force number (1 to 2) or name, got \"+2\"");
    t_play(s, "damage 2/LI1");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "wavering");
    eng_state_free(s);
    eng_game_free(g);
}

/* ---- the JSON view and the drawing ------------------------------------------------------------ */

static void test_json_view(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ohw/ooo", "HI@a1 LM@b1~", "HC@c2", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    T_EXPECT_STR(json_string_value(json_object_get(st, "rules")), "pocket-wargame");
    T_EXPECT_STR(json_string_value(json_object_get(st, "phase")), "cavalry");
    assert_int_equal(json_integer_value(json_object_get(st, "turn")), 1);
    assert_int_equal(json_integer_value(json_object_get(st, "first")), 1);
    assert_int_equal(json_integer_value(json_object_get(st, "to_act")), 2);
    assert_true(json_is_null(json_object_get(st, "combat")));
    json_t *f1 = json_array_get(json_object_get(st, "forces"), 0);
    T_EXPECT_STR(json_string_value(json_object_get(f1, "name")), "Red");
    T_EXPECT_STR(json_string_value(json_object_get(f1, "colour")), "red");
    T_EXPECT_STR(json_string_value(json_object_get(f1, "coins")), "uk");
    assert_int_equal(json_integer_value(json_object_get(f1, "units_left")), 2);
    assert_int_equal(json_integer_value(json_object_get(f1, "strength")), 3);
    assert_int_equal(json_integer_value(json_object_get(f1, "points")), 0);
    json_t *board = json_object_get(st, "board");
    assert_int_equal(json_integer_value(json_object_get(board, "width")), 3);
    assert_int_equal(json_integer_value(json_object_get(board, "height")), 2);
    json_t *b1 = json_array_get(json_object_get(board, "cells"), 1);
    T_EXPECT_STR(json_string_value(json_object_get(b1, "loc")), "b1");
    T_EXPECT_STR(json_string_value(json_object_get(b1, "terrain")), "hills");
    assert_true(json_is_null(json_object_get(b1, "card")));
    json_t *u = pw_unit(st, "1/LM1");
    T_EXPECT_STR(json_string_value(json_object_get(u, "type")), "LM");
    T_EXPECT_STR(json_string_value(json_object_get(u, "coin")), "20p");
    T_EXPECT_STR(json_string_value(json_object_get(u, "loc")), "b1");
    T_EXPECT_STR(json_string_value(json_object_get(u, "condition")), "wavering");
    assert_int_equal(json_integer_value(json_object_get(u, "force")), 1);
    json_decref(st);
    eng_state_free(s);
    eng_game_free(g);
}

static void test_render(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *s = eng_state_new(g, 5);
    while (eng_current_player(s) == ENG_CHANCE || pw_int(s, "turn") == 0)
        t_random_playout(s, 77, 1);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eng_render(s, ENG_VIEW_ALL, false, f);
    fclose(f);
    for (const char *p = buf; *p; p++)
        if ((unsigned char)*p >= 128 || *p == '\033')
            fail_msg("plain drawing has a non-ASCII byte: %s", buf);
    size_t line = 0;
    for (const char *p = buf; *p; p++) {
        line = *p == '\n' ? 0 : line + 1;
        if (line > 100)
            fail_msg("a line is over 100 characters:\n%s", buf);
    }
    T_EXPECT_HAS(buf, "    a         b         c");
    T_EXPECT_HAS(buf, " 6 |");
    T_EXPECT_HAS(buf, " 1 |");
    T_EXPECT_HAS(buf, "1:HI1");
    T_EXPECT_HAS(buf, "2:HM1");
    T_EXPECT_HAS(buf, "Terrain:");
    T_EXPECT_HAS(buf, "1 Red (UK coins): LI 1p, HI 2p, LC 5p, HC 10p, LM 20p, HM 50p");
    T_EXPECT_HAS(buf, "Turn 1,");
    free(buf);
    f = open_memstream(&buf, &len);
    eng_render(s, 0, true, f);
    fclose(f);
    T_EXPECT_HAS(buf, "\033[");
    T_EXPECT_HAS(buf, "HI1");
    free(buf);
    eng_state_free(s);
    eng_game_free(g);
}

/* The text's three coin sets, every unit type of each: UK 1p to 50p, euro
 * 1c to 50c (copper light, gold heavy), US 1c to the silver dollar. */
static void test_every_coin_of_each_set(void **unused)
{
    (void)unused;
    static const char *const sets[] = {"uk", "eu", "us"};
    static const char *const types[] = {"LI", "HI", "LC", "HC", "LM", "HM"};
    static const char *const want[3][6] = {
        {"1p", "2p", "5p", "10p", "20p", "50p"},
        {"1c", "10c", "2c", "20c", "5c", "50c"},
        {"1c", "5c", "10c", "25c", "50c", "silver dollar"},
    };
    char sc[4096];
    size_t len = (size_t)snprintf(sc, sizeof sc, HEAD "\"battlefield\":{\"terrain\":"
                                  "[\"oooooo\",\"oooooo\",\"oooooo\"]},\"first\":1,\"forces\":[");
    for (int f = 0; f < 3; f++) {
        len += (size_t)snprintf(sc + len, sizeof sc - len, "%s{\"coins\":\"%s\",\"placed\":[",
                                f ? "," : "", sets[f]);
        for (int t = 0; t < 6; t++)
            len += (size_t)snprintf(sc + len, sizeof sc - len,
                                    "%s{\"unit\":\"%s\",\"at\":\"%c%d\"}", t ? "," : "",
                                    types[t], 'a' + t, f + 1);
        len += (size_t)snprintf(sc + len, sizeof sc - len, "]}");
    }
    snprintf(sc + len, sizeof sc - len, "]}");
    eng_game *g = t_game("pocket-wargame", sc, NULL);
    eng_state *s = eng_state_new(g, 1);
    for (int f = 0; f < 3; f++)
        for (int t = 0; t < 6; t++) {
            char ref[16];
            snprintf(ref, sizeof ref, "%d/%s1", f + 1, types[t]);
            T_EXPECT_STR(pw_field_as(s, ENG_VIEW_ALL, ref, "coin"), want[f][t]);
        }
    eng_state_free(s);
    eng_game_free(g);
}

/* A coin is deployed heads up: steady. */
static void test_deployed_heads_up(void **unused)
{
    (void)unused;
    eng_game *g = t_game("pocket-wargame", deploy_scenario, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "deploy HI a1");
    T_EXPECT_STR(pw_field_as(s, 0, "1/HI1", "condition"), "steady");
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deployment_areas),
        cmocka_unit_test(test_deployment_areas_refused),
        cmocka_unit_test(test_light_cavalry_forward_with_depth),
        cmocka_unit_test(test_deployment_rounds_are_hidden),
        cmocka_unit_test(test_first_player_lot_among_three),
        cmocka_unit_test(test_all_placed_skips_deployment),
        cmocka_unit_test(test_bad_scenarios_name_the_field),
        cmocka_unit_test(test_coin_sets),
        cmocka_unit_test(test_notation_round_trip),
        cmocka_unit_test(test_notation_parse_errors_and_printing),
        cmocka_unit_test(test_oversize_unit_numbers_refused),
        cmocka_unit_test(test_force_names_reach_the_notation),
        cmocka_unit_test(test_json_view),
        cmocka_unit_test(test_render),
        cmocka_unit_test(test_every_coin_of_each_set),
        cmocka_unit_test(test_deployed_heads_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
