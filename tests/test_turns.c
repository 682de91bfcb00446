/*
 * test_turns.c - phases and turns as a player meets them, in all three rule
 * sets: an action that ends a phase while a unit could still shoot or
 * attack is flagged (and only such an action, naming a legal shot or
 * attack), and a phase or turn that ends by itself is said in one line.
 * Pocket Battles' two cases are worked by hand (the other side out of
 * tokens, so the same side plays again; the round over once both are out);
 * the rest is checked over random games against the rules' own words.
 */
#include <stdlib.h>
#include "test_pkb_util.h"

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Is text a shot or an attack in the rule set's notation? */
static bool attack_text(const char *text)
{
    return starts(text, "shoot ") || starts(text, "bombard ") || starts(text, "fire ") ||
           starts(text, "assault ") || (starts(text, "order ") &&
           (strstr(text, " shoot") || strstr(text, " charge") || strstr(text, " fight"))) ||
           starts(text, "move ");
}

/* The position's legal actions: does one of them begin with prefix (a
 * Pocket Battles order by its kind when kind is not NULL)? */
static bool any_legal(const eng_state *s, const char *prefix, const char *kind)
{
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        eng_action_text(s, acts[i], text, sizeof text);
        if (starts(text, prefix) && (!kind || strstr(text, kind)))
            return true;
    }
    return false;
}

/* Checks every legal action of a side's decision: only an ending action is
 * flagged, its reason names a legal shot or attack, and an ending action
 * with a shot open (by the rules' words for it) is flagged. */
static void check_forgoes(const eng_state *s, const char *rules)
{
    eng_action acts[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    char status[256];
    eng_status_text(s, status, sizeof status);
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX], why[ENG_ERROR_MAX];
        eng_action_text(s, acts[i], text, sizeof text);
        bool f = eng_action_forgoes(s, acts[i], why, sizeof why);
        bool ending = !strcmp(text, "end") || !strcmp(text, "done") || !strcmp(text, "pass");
        if (f) {
            if (!ending)
                fail_msg("%s: \"%s\" flagged as giving up a shot (%s) at %s", rules, text, why,
                         status);
            const char *open = strstr(why, ": ");
            assert_non_null(open);
            eng_action b;
            eng_error err;
            if (eng_action_parse(s, open + 2, &b, &err) != 0 || !eng_is_legal(s, b, NULL) ||
                !attack_text(open + 2))
                fail_msg("%s: the reason \"%s\" names no legal shot or attack", rules, why);
        }
        bool must = false;
        if (!strcmp(rules, "pocket-wargame") && !strcmp(text, "end") && strstr(status, "Ranged"))
            must = any_legal(s, "shoot ", NULL);
        if (!strcmp(rules, "portable-wargame") && !strcmp(text, "end") &&
            strstr(status, "artillery phase"))
            must = any_legal(s, "bombard ", NULL);
        if (!strcmp(rules, "portable-wargame") && ending && strstr(status, "side "))
            must = any_legal(s, "fire ", NULL) || any_legal(s, "assault ", NULL);
        if (!strcmp(rules, "pocket-battles") && !strcmp(text, "pass"))
            must = any_legal(s, "order ", " shoot") || any_legal(s, "order ", " charge") ||
                   any_legal(s, "order ", " fight");
        if (must && !f)
            fail_msg("%s: \"%s\" gives up a shot or an attack but is not flagged at %s", rules,
                     text, status);
    }
}

/* Random games: every decision checked; at each side's next decision, the
 * note said when its phase ended by itself (never after its own "end"). */
static void random_games(const char *rules, int games, int *flagged, int *notes)
{
    const eng_rules *r = eng_rules_find(rules);
    eng_game *g = t_game_named(rules, eng_rules_default_scenario(r), NULL);
    for (int k = 0; k < games; k++) {
        eng_state *s = eng_state_new(g, (uint64_t)k + 1);
        eng_state *before[ENG_MAX_PLAYERS] = {NULL};
        char last[ENG_MAX_PLAYERS][ENG_TEXT_MAX];
        uint64_t rng = (uint64_t)k * 7919u + 3;
        for (int step = 0; step < 4000 && !eng_is_terminal(s); step++) {
            int who = eng_current_player(s);
            if (who == ENG_CHANCE) {
                eng_apply_fast(s, eng_chance_sample(s));
                continue;
            }
            if (before[who]) {
                char note[ENG_ERROR_MAX], was[256], now[256];
                eng_state *b = before[who];
                eng_action dummy;
                eng_error err;
                assert_int_equal(eng_action_parse(b, last[who], &dummy, &err), 0);
                eng_phase_note(b, dummy, s, who, note, sizeof note);
                eng_status_text(b, was, sizeof was);
                eng_status_text(s, now, sizeof now);
                if (note[0]) {
                    (*notes)++;
                    if (!strcmp(last[who], "end"))
                        fail_msg("%s: a note after the side's own end: %s", rules, note);
                    if (!strstr(note, "by itself") && !strstr(note, "is skipped"))
                        fail_msg("%s: the note \"%s\" does not say what ended", rules, note);
                    T_EXPECT_HAS(note, now);
                }
                /* Pocket Wargame: a side's ranged phase over without its end */
                if (!strcmp(rules, "pocket-wargame") && strstr(was, "Ranged phase") &&
                    strstr(was, eng_game_player_name(g, who)) && !strstr(now, "Ranged") &&
                    strcmp(last[who], "end") != 0)
                    T_EXPECT_HAS(note, "ranged phase");
                eng_state_free(b);
                before[who] = NULL;
            }
            check_forgoes(s, rules);
            eng_action acts[ENG_MAX_ACTIONS];
            int n = eng_legal_actions(s, acts);
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            eng_action a = acts[(rng >> 33) % (uint64_t)n];
            char why[ENG_ERROR_MAX];
            if (eng_action_forgoes(s, a, why, sizeof why))
                (*flagged)++;
            before[who] = eng_state_clone(s);
            eng_action_text(s, a, last[who], sizeof last[who]);
            eng_apply_fast(s, a);
        }
        for (int p = 0; p < ENG_MAX_PLAYERS; p++)
            eng_state_free(before[p]);
        eng_state_free(s);
    }
    eng_game_free(g);
}

static void test_pwg_phases(void **unused)
{
    (void)unused;
    int flagged = 0, notes = 0;
    random_games("pocket-wargame", 6, &flagged, &notes);
    assert_true(flagged > 0);      /* the games did meet the case */
    assert_true(notes > 0);
}

static void test_ptw_phases(void **unused)
{
    (void)unused;
    int flagged = 0, notes = 0;
    random_games("portable-wargame", 4, &flagged, &notes);
    assert_true(flagged > 0);
    assert_true(notes > 0);
}

static void test_pkb_phases(void **unused)
{
    (void)unused;
    int flagged = 0, notes = 0;
    random_games("pocket-battles", 4, &flagged, &notes);
    assert_true(flagged > 0);
    assert_true(notes > 0);
}

/* The Elves run out of tokens: the Orcs' turn after their own is said to
 * come round again; the round over, both sides are told. */
static void test_pkb_turn_skipped_and_round_over(void **unused)
{
    (void)unused;
    eng_game *g = pb_game("orcs", "ORC18", "L-front", "elves", "ELV26 ELV27", "L-rear C-rear",
                          ",\"size\":80", NULL);
    eng_state *s = eng_state_new(g, 1);
    const char *const opening[] = {"pass", "order B1 move L-front", "pass", "order B1 move L-rear",
                                   "pass", "order B1 move L-front", "pass", NULL};
    t_play_list(s, opening);
    eng_state *elves = eng_state_clone(s);        /* the Elves' last token */
    eng_action pass;
    eng_error err;
    assert_int_equal(eng_action_parse(s, "pass", &pass, &err), 0);
    char why[ENG_ERROR_MAX];
    assert_false(eng_action_forgoes(s, pass, why, sizeof why));   /* nothing to shoot at */
    t_play(s, "pass");
    eng_state *orcs = eng_state_clone(s);         /* turn 9: the Orcs */
    t_play(s, "pass");
    char note[ENG_ERROR_MAX];
    eng_phase_note(orcs, pass, s, 0, note, sizeof note);
    T_EXPECT_STR(note, "Elves have no tokens left, so the Elves' turn is skipped: Orcs play "
                       "again. Now: Round 1 turn 10 (Orcs), Orcs to redeploy or act.");
    t_play(s, "pass");
    t_play(s, "pass");
    t_play(s, "pass");                             /* both out: round 2, the Elves first */
    eng_phase_note(elves, pass, s, 1, note, sizeof note);
    T_EXPECT_STR(note, "Round 1 ended by itself: both sides had spent their tokens. Now: "
                       "Round 2 turn 1 (Elves), Elves to redeploy or act.");
    eng_state_free(elves);
    eng_state_free(orcs);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pwg_phases),
        cmocka_unit_test(test_ptw_phases),
        cmocka_unit_test(test_pkb_phases),
        cmocka_unit_test(test_pkb_turn_skipped_and_round_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
