/*
 * test_pkb_hidden.c - secrets in Pocket Battles and players that do not
 * peek. An army is built in secret: the other player sees nothing of it,
 * and building steps show to them only as secret choices. Until the
 * reveal, each stack shows only its place, height and top troop: two
 * positions that differ only in the troops under the tops look the same to
 * the other player, byte for byte (JSON, drawing, notation as seen).
 * Re-dealing for a viewer keeps that viewer's view and choices, gives
 * armies that keep the rules (tiles used once, formation values, the size),
 * and a computer player decides the same whatever is hidden.
 */
#include "test_pkb_util.h"
#include "ai.h"

static char *view_text(const eng_state *s, int viewer)
{
    json_t *j = eng_state_json(s, viewer);
    char *t = json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(j);
    return t;
}

static char *drawing(const eng_state *s, int viewer)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eng_render(s, viewer, false, f);
    fclose(f);
    return buf;
}

static void expect_same_view(const eng_state *a, const eng_state *b, int viewer, bool same)
{
    char *ta = view_text(a, viewer), *tb = view_text(b, viewer);
    char *da = drawing(a, viewer), *db = drawing(b, viewer);
    if (same) {
        T_EXPECT_STR(ta, tb);
        T_EXPECT_STR(da, db);
    } else {
        assert_true(strcmp(ta, tb) != 0);
    }
    free(ta);
    free(tb);
    free(da);
    free(db);
}

/* The same Elves but for the troops under the Horse Guard's stack. */
static eng_game *elves(const char *under)
{
    char units[128];
    snprintf(units, sizeof units, "ELV03 ELV13+%s ELV17+ELV25", under);
    return pb_game("elves", units, NULL, "orcs", "ORC06 ORC21+ORC22", NULL, NULL, NULL);
}

static void test_no_view_shows_hidden_troops(void **unused)
{
    (void)unused;
    eng_game *ga = elves("ELV28+ELV08"), *gb = elves("ELV27+ELV26");
    eng_state *a = eng_state_new(ga, 1), *b = eng_state_new(gb, 1);
    assert_true(eng_hides_from(a, 1));
    assert_true(eng_hides_from(a, 0));     /* the Orcs' half-orc stack too */
    const char *steps[] = {"deploy A2 C-front", "deploy B2 L-front", "deploy A1 L-rear",
                           "deploy B1 R-front", NULL};
    for (int i = 0; steps[i]; i++) {
        expect_same_view(a, b, 1, true);
        expect_same_view(a, b, 0, false);  /* the Elves see their own troops */
        eng_action x, y;
        eng_error err;
        char sa[ENG_TEXT_MAX], sb[ENG_TEXT_MAX];
        assert_int_equal(eng_action_parse(a, steps[i], &x, &err), 0);
        assert_int_equal(eng_action_parse(b, steps[i], &y, &err), 0);
        eng_action_text_seen(a, x, 1, sa, sizeof sa);
        eng_action_text_seen(b, y, 1, sb, sizeof sb);
        T_EXPECT_STR(sa, sb);
        if (i == 0)   /* the Orcs are told what they may see of the stack placed */
            T_EXPECT_STR(sa, "deploy A2 C-front (ELV13 Horse Guard 2-3-6 on top of 3)");
        t_play(a, steps[i]);
        t_play(b, steps[i]);
    }
    expect_same_view(a, b, 1, true);
    /* what the Orcs see of that stack: its top, and its height */
    json_t *v = eng_state_json(a, 1);
    json_t *u = pb_unit_in(v, "A2");
    assert_int_equal(json_integer_value(json_object_get(u, "height")), 3);
    assert_int_equal(json_integer_value(json_object_get(u, "hidden_troops")), 2);
    assert_int_equal(json_array_size(json_object_get(u, "troops")), 1);
    T_EXPECT_STR(json_string_value(json_object_get(json_array_get(json_object_get(u, "troops"), 0),
                                                    "code")), "ELV13");
    assert_true(json_is_null(json_object_get(pb_player_json(v, 1), "army_points")));
    json_decref(v);
    /* the last stack placed: the reveal, and everything shows */
    t_play(a, "deploy A3 R-front");
    t_play(b, "deploy A3 R-front");
    expect_same_view(a, b, 1, false);
    assert_false(eng_hides_from(a, 1));
    assert_false(eng_hides_from(a, 0));
    eng_state_free(a);
    eng_state_free(b);
    eng_game_free(ga);
    eng_game_free(gb);
}

static void test_building_is_secret(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-battles", "build-your-armies", NULL);
    eng_state *s = eng_state_new(g, 1);
    eng_action a;
    eng_error err;
    char seen[ENG_TEXT_MAX];
    assert_int_equal(eng_action_parse(s, "unit ROM01", &a, &err), 0);
    eng_action_text_seen(s, a, 1, seen, sizeof seen);
    T_EXPECT_STR(seen, "unit (a troop chosen in secret)");
    eng_action_text_seen(s, a, 0, seen, sizeof seen);
    T_EXPECT_STR(seen, "unit ROM01");
    t_play(s, "unit ROM01");
    assert_true(eng_hides_from(s, 1));
    assert_false(eng_hides_from(s, 0));    /* the Celts have chosen nothing yet */
    json_t *v = eng_state_json(s, 1);
    assert_true(json_is_null(json_object_get(pb_player_json(v, 1), "units")));
    assert_true(json_is_null(json_object_get(pb_player_json(v, 1), "army_points")));
    json_decref(v);
    char *d = drawing(s, 1);
    T_EXPECT_LACKS(d, "ROM01");
    T_EXPECT_LACKS(d, "Legate");
    free(d);
    t_play(s, "done");
    /* while the Celts build, the Romans' army is still a secret */
    eng_state *t = eng_state_clone(s);
    eng_state *u = eng_state_new(g, 1);
    t_play_list(u, (const char *const[]){"unit ROM04", "done", NULL});
    expect_same_view(t, u, 1, true);
    eng_state_free(t);
    eng_state_free(u);
    eng_state_free(s);
    eng_game_free(g);
}

/* The army of p as the omniscient view has it keeps the rules. */
static void expect_valid_army(const eng_state *s, int p, int size)
{
    json_t *v = eng_state_json(s, ENG_VIEW_ALL);
    size_t i, k, m;
    json_t *u, *t;
    int points = 0;
    char seen[64][16];
    int nseen = 0;
    json_array_foreach(json_object_get(pb_player_json(v, p), "units"), i, u) {
        json_t *troops = json_object_get(u, "troops");
        json_array_foreach(troops, k, t) {
            const char *code = json_string_value(json_object_get(t, "code"));
            for (m = 0; m < (size_t)nseen; m++)
                if (!strcmp(seen[m], code))
                    fail_msg("%s is in two units", code);
            snprintf(seen[nseen++], 16, "%s", code);
            points += (int)json_integer_value(json_object_get(t, "points"));
            if ((int)json_array_size(troops) > json_integer_value(json_object_get(t, "formation")))
                fail_msg("a unit of %zu with %s (formation value %lld)", json_array_size(troops),
                         code, (long long)json_integer_value(json_object_get(t, "formation")));
        }
    }
    if (points > size)
        fail_msg("an army of %d points in a battle of %d", points, size);
    json_decref(v);
}

static void test_resample_keeps_the_viewers_view(void **unused)
{
    (void)unused;
    eng_game *g = elves("ELV28+ELV08");
    eng_state *s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"deploy A2 C-front", "deploy B2 L-front",
                                         "deploy A1 L-rear", NULL});
    char *before = view_text(s, 1), *all = view_text(s, ENG_VIEW_ALL), *legal = t_legal_text(s);
    int changed = 0;
    uint64_t rng = 99;
    for (int i = 0; i < 30; i++) {
        eng_state *c = eng_state_clone(s);
        eng_state_resample_hidden(c, 1, &rng);
        char *after = view_text(c, 1), *all_after = view_text(c, ENG_VIEW_ALL);
        char *legal_after = t_legal_text(c);
        T_EXPECT_STR(after, before);
        T_EXPECT_STR(legal_after, legal);
        changed += strcmp(all, all_after) != 0;
        expect_valid_army(c, 1, 50);
        free(after);
        free(all_after);
        free(legal_after);
        eng_state_free(c);
    }
    assert_true(changed > 0);   /* the troops under the tops were really re-dealt */
    free(before);
    free(all);
    free(legal);
    eng_state_free(s);
    eng_game_free(g);
    /* while an army is being built: a whole new army of the faction */
    g = t_game_named("pocket-battles", "build-your-armies", NULL);
    s = eng_state_new(g, 1);
    t_play_list(s, (const char *const[]){"unit ROM01", "unit ROM15", "add ROM16", "done",
                                         "unit CEL01", NULL});
    before = view_text(s, 1);
    changed = 0;
    for (int i = 0; i < 20; i++) {
        eng_state *c = eng_state_clone(s);
        eng_state_resample_hidden(c, 1, &rng);
        char *after = view_text(c, 1);
        T_EXPECT_STR(after, before);
        expect_valid_army(c, 1, 60);
        changed += !eng_state_equal(c, s);
        /* the game goes on from a re-dealt position */
        t_play(c, "done");
        assert_int_equal(eng_current_player(c), ENG_CHANCE);
        free(after);
        eng_state_free(c);
    }
    assert_true(changed > 0);
    free(before);
    eng_state_free(s);
    eng_game_free(g);
}

static eng_action choice_of(const char *kind, const eng_state *s)
{
    ai_config cfg = {.seed = 7, .iterations = 120};
    ai_player *p = ai_new(ai_kind_find(kind), &cfg);
    eng_action a = ai_choose(p, s, NULL);
    ai_free(p);
    return a;
}

static void test_thumb_and_flat_do_not_peek(void **unused)
{
    (void)unused;
    eng_game *ga = elves("ELV28+ELV08"), *gb = elves("ELV27+ELV26");
    eng_state *a = eng_state_new(ga, 1), *b = eng_state_new(gb, 1);
    t_play(a, "deploy A2 C-front");
    t_play(b, "deploy A2 C-front");
    expect_same_view(a, b, 1, true);
    assert_int_equal(choice_of("thumb", a), choice_of("thumb", b));
    assert_int_equal(choice_of("flat", a), choice_of("flat", b));
    eng_state_free(a);
    eng_state_free(b);
    eng_game_free(ga);
    eng_game_free(gb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_view_shows_hidden_troops),
        cmocka_unit_test(test_building_is_secret),
        cmocka_unit_test(test_resample_keeps_the_viewers_view),
        cmocka_unit_test(test_thumb_and_flat_do_not_peek),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
