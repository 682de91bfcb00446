/*
 * test_pwg_pending.c - Pocket Wargame's board while a hit may still be
 * cancelled: the unit is drawn as it stood, with the hit said to be
 * pending; once the hit is accepted, the board shows the damage.
 */
#include "test_pwg_util.h"

static char *drawing(const eng_state *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eng_render(s, ENG_VIEW_ALL, false, f);
    fclose(f);
    return buf;
}

/* A light target of a shot may cancel: while Blue decides, its LI stands steady. */
static void test_wavering_pending_then_accepted(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("oo", "LM@a1", "LI@b1", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "shoot LM1 2/LI1");
    t_play(s, "H");
    t_play(s, "H");
    t_play(s, "damage 2/LI1");
    T_EXPECT_STR(pw_legal(s), "cancel; accept");
    char *b = drawing(s);
    T_EXPECT_HAS(b, "2:LI1");
    T_EXPECT_LACKS(b, "2:li1~");
    T_EXPECT_HAS(b, "Red just hit 2/LI1: the hit is pending, so the board shows it steady "
                    "until the hit is cancelled or accepted (then wavering)");
    free(b);
    t_play(s, "accept");
    b = drawing(s);
    T_EXPECT_HAS(b, "2:li1~");
    free(b);
    eng_state_free(s);
    eng_game_free(g);
}

/* A wavering unit hit again is destroyed, unless cancelled: it stays on the board meanwhile. */
static void test_destruction_pending(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("oo", "LM@a1", "LI@b1~", NULL, NULL);
    eng_state *s = eng_state_new(g, 1);
    t_play(s, "shoot LM1 2/LI1");
    t_play(s, "H");
    t_play(s, "H");
    t_play(s, "damage 2/LI1");
    T_EXPECT_STR(pw_cond(s, "2/LI1"), "destroyed");
    char *b = drawing(s);
    T_EXPECT_HAS(b, "2:li1~");
    T_EXPECT_HAS(b, "the board shows it wavering until the hit is cancelled or accepted "
                    "(then destroyed)");
    free(b);
    t_play(s, "accept");
    b = drawing(s);
    T_EXPECT_LACKS(b, "2:li1~");
    free(b);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wavering_pending_then_accepted),
        cmocka_unit_test(test_destruction_pending),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
