/*
 * test_ai_oracle.c - the oracle, the yardstick that cheats: it foresees the
 * game's own dice. A poor infantry beside an elite one in a town (The
 * Portable Wargame: cover, and +1 to the town's side in close combat) may
 * assault it. Whether the assault wins depends only on the close-combat
 * dice the game's seeded generator will roll; the test rolls them itself
 * (eng_chance_sample) to find which seeds make it win the battle outright
 * and which lose it. The oracle assaults exactly where the known dice win
 * it, whatever its own seed, so its choice follows the game's seed, which
 * no fair player's does (tests/test_ai_hidden.c).
 */
#include <string.h>
#include "test_ptw_util.h"
#include "ai.h"

#define MAP "o o o/b o o/o o o", "INF@a1?", "INF@a2>S!", NULL, NULL
#define ASSAULT "assault INF1 a2"

/* Red to act in the position with game seed `seed`. */
static eng_state *position(const eng_game *g, uint64_t seed)
{
    eng_state *s = eng_state_new(g, seed);
    pt_to_side_a(s);
    return s;
}

/* The status after the assault, its dice rolled by the game's generator. */
static const char *assault_outcome(const eng_state *s)
{
    eng_state *t = eng_state_clone(s);
    t_play(t, ASSAULT);
    while (eng_current_player(t) == ENG_CHANCE)
        eng_apply_fast(t, eng_chance_sample(t));
    static char status[256];
    snprintf(status, sizeof status, "%s", pt_status(t));
    eng_state_free(t);
    return status;
}

static void choice(const eng_state *s, const char *kind, uint64_t seed, char *text, size_t n)
{
    ai_config cfg = {.seed = seed, .iterations = 400, .threads = 1};
    ai_player *p = ai_new(ai_kind_find(kind), &cfg);
    eng_action a = ai_choose(p, s, NULL);
    eng_action_text(s, a, text, n);
    ai_free(p);
}

/* Game seed 3: the dice give Red's assault a 4 against Blue's 1, Blue's
 * elite unit loses its last strength and Red wins. The oracle assaults,
 * with every seed of its own. */
static void test_assaults_when_the_dice_win(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP);
    eng_state *s = position(g, 3);
    assert_string_equal(assault_outcome(s), "Game over after turn 1: Red wins");
    for (uint64_t k = 1; k <= 6; k++) {
        char text[64];
        choice(s, "oracle", k, text, sizeof text);
        assert_string_equal(text, ASSAULT);
    }
    eng_state_free(s);
    eng_game_free(g);
}

/* Game seeds 9, 17, 20 and 27: the same assault loses Red its only unit
 * and the battle. The oracle never assaults there. */
static void test_keeps_out_when_the_dice_lose(void **unused)
{
    (void)unused;
    eng_game *g = pt_game(MAP);
    const uint64_t seeds[] = {9, 17, 20, 27};
    for (int i = 0; i < 4; i++) {
        eng_state *s = position(g, seeds[i]);
        assert_string_equal(assault_outcome(s), "Game over after turn 1: Blue wins");
        for (uint64_t k = 1; k <= 6; k++) {
            char text[64];
            choice(s, "oracle", k, text, sizeof text);
            assert_string_not_equal(text, ASSAULT);
        }
        eng_state_free(s);
    }
    eng_game_free(g);
}

/* It is no level and says that it cheats. */
static void test_named_as_a_cheat(void **unused)
{
    (void)unused;
    const ai_kind *k = ai_kind_find("oracle");
    assert_non_null(k);
    assert_true(k->cheats);
    assert_non_null(strstr(k->summary, "CHEATS"));
    for (const ai_level *l = ai_levels(); l->name; l++)
        assert_string_not_equal(l->kind, "oracle");
    for (const ai_kind *const *kind = ai_registry(); *kind; kind++)
        if (*kind != k)
            assert_false((*kind)->cheats);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_assaults_when_the_dice_win),
        cmocka_unit_test(test_keeps_out_when_the_dice_lose),
        cmocka_unit_test(test_named_as_a_cheat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
