/*
 * test_pkb_features.c - Pocket Battles' features for the learned evaluation
 * (pkb_features.c), worked by hand on a small battle built from the rules:
 * an Orc army of Half-orcs with Orcs (A1, left front) and the Troll (A2,
 * centre rear), 11 points, against an Elf army of the Horse Guard (B1, its
 * right front, facing A1) and Archers (B2, its right rear), 7 points; 5
 * tokens each. A1 charges B1, rolls a 3 and a 4 (4 hits), B1 is destroyed
 * (4 of 7 points: half the Elf army); both sides pass until the round ends
 * and the Orcs win. Checked from both sides' points of view.
 */
#include <math.h>
#include "test_pkb_util.h"
#include "ai.h"

#define NF 65
#define ENEMY 26
#define ALL 52

static void features_of(const eng_state *s, int player, float *f)
{
    assert_int_equal(ai_hints_feature_count(eng_game_rules(eng_state_game(s))), NF);
    assert_true(ai_hints_features(s, player, f));
    for (int i = 0; i < NF; i++)
        assert_true(f[i] >= 0 && f[i] <= 1.5f);
}

#define NEAR(a, b) assert_true(fabs((double)(a) - (double)(b)) < 1e-5)

static void test_features_by_hand(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC21+ORC18 ORC06", "L-front C-rear", "elves",
                          "ELV13 ELV25", "R-front R-rear", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    float f[NF], b[NF];

    /* the start: the Orcs to act, both armies whole */
    features_of(s, 0, f);
    NEAR(f[0], 1);                      /* all 11 points standing */
    NEAR(f[1], 0);
    NEAR(f[3], 1);
    NEAR(f[4], 1);                      /* wound points 1 + 1 + 3 all left */
    NEAR(f[6], 1);                      /* 5 of 5 tokens unused */
    NEAR(f[7], 0);
    NEAR(f[9], 1);                      /* engagement dice 3 + 2 + 2 standing */
    NEAR(f[10], 0);                     /* no shooting dice in the army */
    NEAR(f[11], 0.5);                   /* A1 in the front, A2 in the rear */
    NEAR(f[12], 0.5);
    NEAR(f[13], 0);
    NEAR(f[15], 0.5);                   /* A1 may charge B1; the Troll is in the rear */
    NEAR(f[17], 1);
    NEAR(f[21], 5.0 / 11);              /* Half-orcs and Orcs (1 wound point) in the front */
    NEAR(f[22], 5.0 / 11);              /* left: A1's 3 + 2 points */
    NEAR(f[23], 6.0 / 11);              /* centre: the Troll */
    NEAR(f[24], 0);
    NEAR(f[ENEMY + 0], 1);
    NEAR(f[ENEMY + 10], 1);             /* the Archers' two shooting dice */
    NEAR(f[ENEMY + 15], 0.5);           /* B1 may charge A1 */
    NEAR(f[ENEMY + 16], 0);             /* the Archers in the rear cannot shoot */
    NEAR(f[ENEMY + 21], 0);             /* the Horse Guard has 2 wound points */
    NEAR(f[ENEMY + 22], 1);             /* all 7 Elf points face the Orcs' left */
    NEAR(f[ALL + 0], 1.0 / 20);         /* round 1 of the 20-round limit */
    NEAR(f[ALL + 1], 1);                /* the Orcs decide */
    NEAR(f[ALL + 2], 0);
    NEAR(f[ALL + 3], 1);
    NEAR(f[ALL + 5], 1);                /* the attacker */
    NEAR(f[ALL + 6], 1);
    NEAR(f[ALL + 7], 0);                /* armies revealed */
    NEAR(f[ALL + 11], 0.5);             /* the heuristic: even */
    NEAR(f[ALL + 12], 0.5);

    /* A1 charges, the Elves wait, A1 rolls a 3 (Half-orcs 3,3: 2 hits) and a
     * 4 (one 4 each: 2 hits) */
    t_play(s, "order A1 charge");
    t_play(s, "react wait");
    t_play(s, "target B1");
    t_play(s, "roll 3");
    t_play(s, "roll 4");
    assert_int_equal(pb_hits(s), 4);
    features_of(s, 0, f);
    NEAR(f[6], 4.0 / 5);                /* one token ordered A1 */
    NEAR(f[7], 1.0 / 5);
    NEAR(f[13], 0.5);                   /* A1 in the engagement zone */
    NEAR(f[14], 0.5);
    NEAR(f[17], 0.5);
    NEAR(f[18], (5.0 / 6) / 5);         /* faces 3, 4, 5 score 2, 2, 1: 5/6 a die */
    NEAR(f[ALL + 2], 1);                /* the Elves assign the hits */
    NEAR(f[ALL + 8], 1);
    NEAR(f[ALL + 9], 0);
    NEAR(f[ALL + 10], 4.0 / 5);
    features_of(s, 1, b);
    NEAR(b[ALL + 1], 1);
    NEAR(b[ALL + 9], 4.0 / 5);          /* the same hits, from the Elves' side */
    NEAR(b[ALL + 6], 0);

    /* the Horse Guard removed: 4 of the 7 Elf points */
    t_play(s, "wound B1 remove ELV13");
    T_EXPECT_STR(pb_zone(s, "A1"), "L-front");
    features_of(s, 0, f);
    NEAR(f[11], 0.5);
    NEAR(f[13], 0);
    NEAR(f[ENEMY + 0], 3.0 / 7);
    NEAR(f[ENEMY + 1], 8.0 / 7);        /* 2 * 4 / 7: past the half */
    NEAR(f[ENEMY + 2], 1);
    NEAR(f[ENEMY + 3], 0.5);
    NEAR(f[ENEMY + 9], 0);              /* the Horse Guard's 3 engagement dice gone */
    NEAR(f[ALL + 11], 0.5 + 0.4 * 8.0 / 7);
    /* each side's block is the other's enemy block, sectors mirrored */
    features_of(s, 1, b);
    for (int i = 0; i < 22; i++) {
        NEAR(b[i], f[ENEMY + i]);
        NEAR(b[ENEMY + i], f[i]);
    }
    NEAR(b[24], f[ENEMY + 22]);         /* the Elves' right is the Orcs' left */
    NEAR(b[ENEMY + 24], f[22]);
    NEAR(b[ENEMY + 23], f[23]);
    NEAR(b[ALL + 11], 1 - (0.5 + 0.4 * 8.0 / 7));

    /* both pass until the round ends: the Orcs have destroyed half */
    for (int i = 0; i < 20 && !eng_is_terminal(s); i++)
        t_play(s, "pass");
    assert_true(eng_is_terminal(s));
    features_of(s, 0, f);
    features_of(s, 1, b);
    NEAR(f[ALL + 12], 1);
    NEAR(b[ALL + 12], 0);
    NEAR(f[ALL + 1] + f[ALL + 2], 0);   /* nobody decides any more */
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_features_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
