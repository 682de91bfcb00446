/*
 * test_pkb_invariants.c - 1,000 Pocket Battles games with random seeds,
 * over every shipped scenario, played by random players (which never
 * concede, but in one game of ten, so that most battles are fought to
 * their end). Throughout each game, for each player: orders + wounds +
 * unused = the player's tokens; no troop is in two units, nor both in a
 * unit and destroyed; no unit has more troops than its lowest formation
 * value; the army's points are its living troops' plus those lost; contacts
 * are mutual, between enemies, in the same engagement zone. Every game
 * ends, and its record replays to the same final position.
 */
#include <stdlib.h>
#include <string.h>
#include "test_pkb_util.h"
#include "match.h"
#include "rng.h"
#include "scenario.h"

#define GAMES 1000
#define CHECK_EVERY 8
#define MAX_STEPS 20000

static void check_player(json_t *st, int p, const char *where)
{
    json_t *pl = pb_player_json(st, p);
    json_t *tk = json_object_get(pl, "tokens");
    long total = json_integer_value(json_object_get(tk, "total"));
    long orders = json_integer_value(json_object_get(tk, "orders"));
    long wounds = json_integer_value(json_object_get(tk, "wounds"));
    long unused = json_integer_value(json_object_get(tk, "unused"));
    if (orders + wounds + unused != total || orders < 0 || wounds < 0 || unused < 0)
        fail_msg("%s: player %d has %ld orders + %ld wounds + %ld unused, not %ld tokens", where,
                 p, orders, wounds, unused, total);
    char seen[64][16];
    int nseen = 0;
    long points = 0, wounds_on_troops = 0;
    size_t i, k, m;
    json_t *u, *t, *d;
    json_array_foreach(json_object_get(pl, "destroyed_troops"), i, d)
        snprintf(seen[nseen++], 16, "%s", json_string_value(d));
    json_array_foreach(json_object_get(pl, "units"), i, u) {
        json_t *troops = json_object_get(u, "troops");
        const char *label = json_string_value(json_object_get(u, "label"));
        json_array_foreach(troops, k, t) {
            const char *code = json_string_value(json_object_get(t, "code"));
            for (m = 0; m < (size_t)nseen; m++)
                if (!strcmp(seen[m], code))
                    fail_msg("%s: troop %s twice (in %s)", where, code, label);
            snprintf(seen[nseen++], 16, "%s", code);
            points += (long)json_integer_value(json_object_get(t, "points"));
            wounds_on_troops += (long)json_integer_value(json_object_get(t, "wounds"));
            if ((long)json_array_size(troops) > (long)json_integer_value(json_object_get(t, "formation")))
                fail_msg("%s: %s has %zu troops, %s's formation value is %lld", where, label,
                         json_array_size(troops), code,
                         (long long)json_integer_value(json_object_get(t, "formation")));
            if (json_integer_value(json_object_get(t, "wounds")) >=
                json_integer_value(json_object_get(t, "wound_points")))
                fail_msg("%s: %s in %s has as many wounds as wound points", where, code, label);
        }
        /* contacts: mutual, enemies, the same engagement zone */
        const char *zone = json_string_value(json_object_get(u, "zone"));
        json_t *c;
        json_array_foreach(json_object_get(u, "contacts"), k, c) {
            const char *other = json_string_value(c);
            if (other[0] == label[0])
                fail_msg("%s: %s in contact with its own side's %s", where, label, other);
            json_t *ou = pb_unit_in(st, other);
            bool back = false;
            json_t *oc;
            json_array_foreach(json_object_get(ou, "contacts"), m, oc)
                back |= !strcmp(json_string_value(oc), label);
            if (!back)
                fail_msg("%s: %s touches %s but not the other way", where, label, other);
            if (!zone || !strstr(zone, "-eng") ||
                json_integer_value(json_object_get(u, "column")) !=
                    json_integer_value(json_object_get(ou, "column")))
                fail_msg("%s: %s and %s in contact but not in one engagement zone", where,
                         label, other);
        }
    }
    if (json_is_integer(json_object_get(pl, "army_points")) &&
        points + json_integer_value(json_object_get(pl, "points_lost")) !=
            json_integer_value(json_object_get(pl, "army_points")))
        fail_msg("%s: player %d's army is %lld points, its troops %ld and %lld lost", where, p,
                 (long long)json_integer_value(json_object_get(pl, "army_points")), points,
                 (long long)json_integer_value(json_object_get(pl, "points_lost")));
    /* wound tokens lie on living troops, or aside with destroyed ones */
    long aside = (long)json_integer_value(json_object_get(tk, "set_aside"));
    if (wounds < wounds_on_troops || wounds > wounds_on_troops + aside)
        fail_msg("%s: player %d has %ld wound tokens, %ld on its troops and %ld set aside",
                 where, p, wounds, wounds_on_troops, aside);
}

static void check_invariants(const eng_state *s, const char *where)
{
    json_t *st = eng_state_json(s, ENG_VIEW_ALL);
    check_player(st, 1, where);
    check_player(st, 2, where);
    json_decref(st);
}

static void test_thousand_random_games(void **unused)
{
    (void)unused;
    const eng_rules *r = eng_rules_find("pocket-battles");
    char **names;
    int ns = eng_scenario_names(r, &names);
    assert_true(ns >= 4);
    eng_rng seeds;
    rng_seed(&seeds, 20261121);
    eng_action acts[ENG_MAX_ACTIONS];
    int ended_by[3] = {0};
    for (int game = 0; game < GAMES; game++) {
        uint64_t seed = rng_next(&seeds) % 1000000007u;
        const char *scen = names[game % ns];
        bool may_concede = game % 10 == 9;
        eng_error err;
        eng_match *m = eng_match_new("pocket-battles", scen, NULL, seed, &err);
        if (!m)
            fail_msg("%s: %s", scen, err.msg);
        char where[128];
        eng_rng pick;
        rng_seed(&pick, seed ^ 0x5eed);
        while (!eng_is_terminal(m->state)) {
            if (m->nsteps >= MAX_STEPS)
                fail_msg("%s seed %llu: no end after %d steps", scen, (unsigned long long)seed,
                         MAX_STEPS);
            if (eng_current_player(m->state) == ENG_CHANCE) {
                eng_match_apply_chance(m);
            } else {
                int n = eng_legal_actions(m->state, acts);
                assert_true(n > 0);
                eng_action a;
                char t[ENG_TEXT_MAX];
                do {
                    a = acts[rng_below(&pick, (uint32_t)n)];
                    eng_action_text(m->state, a, t, sizeof t);
                } while (!may_concede && n > 1 && !strcmp(t, "concede"));
                assert_int_equal(eng_match_apply(m, a, false, &err), 0);
            }
            if (m->nsteps % CHECK_EVERY == 0) {
                snprintf(where, sizeof where, "%s seed %llu step %zu", scen,
                         (unsigned long long)seed, m->nsteps);
                check_invariants(m->state, where);
            }
        }
        snprintf(where, sizeof where, "%s seed %llu end", scen, (unsigned long long)seed);
        check_invariants(m->state, where);
        char res[256];
        eng_result_text(m->state, res, sizeof res);
        ended_by[strstr(res, "concede") ? 0 : strstr(res, "stopped") ? 1 : 2]++;

        /* the record replays to the same final position */
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        assert_int_equal(eng_match_save(m, f, &err), 0);
        fclose(f);
        eng_match *back = eng_match_load_text(text, where, &err);
        if (!back)
            fail_msg("%s: %s", where, err.msg);
        assert_true(eng_state_equal(back->state, m->state));
        assert_true(eng_is_terminal(back->state));
        free(text);
        eng_match_free(back);
        eng_match_free(m);
    }
    /* most battles are decided by destruction */
    assert_true(ended_by[2] > GAMES / 2);
    eng_names_free(names, ns);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_thousand_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
