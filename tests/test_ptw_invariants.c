/*
 * test_ptw_invariants.c - 1,000 Portable Wargame games with random seeds,
 * over every shipped scenario and in turn every variant, played by random
 * players. Throughout each game: every unit is listed once and is either
 * on the board (with a square and a facing) or destroyed, and destroyed
 * units stay destroyed (units are conserved); no unit is off the board or
 * in a river away from its fords; no square holds both sides, nor two units
 * of one kind of a side (one fighting unit, one transport, one commander;
 * a towed gun rides with its transport, which tows one gun at most) but
 * for a unit passing through in the middle of its move;
 * strength stays between 1 and its start; a side once exhausted stays so,
 * and is exhausted exactly when it has lost its exhaustion point. Every
 * game ends, and its record replays to the same final position.
 */
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "match.h"
#include "rng.h"
#include "scenario.h"

#define GAMES 1000
#define CHECK_EVERY 16
#define MAX_STEPS 50000
#define MAX_UNITS 64

typedef struct track {
    size_t units;
    bool destroyed[MAX_UNITS];
    long start_strength[MAX_UNITS];
    long exhausted_turn[2];
} track;

static const char *cell_terrain(json_t *cells, const char *sq)
{
    size_t i;
    json_t *c;
    json_array_foreach(cells, i, c)
        if (!strcmp(json_string_value(json_object_get(c, "sq")), sq))
            return json_string_value(json_object_get(c, "terrain"));
    return NULL;
}

static void check(const eng_state *s, track *t, bool first, const char *where)
{
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    json_t *units = json_object_get(j, "units");
    /* a unit in its activation may be passing through a friendly square */
    json_t *act = json_object_get(j, "activation");
    const char *passing = json_is_true(json_object_get(act, "passing_through"))
                              ? json_string_value(json_object_get(act, "unit")) : "";
    json_t *cells = json_object_get(json_object_get(j, "board"), "cells");
    size_t n = json_array_size(units);
    if (first)
        t->units = n;
    if (n != t->units || n > MAX_UNITS)
        fail_msg("%s: %zu units listed, %zu at the start", where, n, t->units);
    size_t i, k;
    json_t *u, *v;
    json_array_foreach(units, i, u) {
        const char *ref = json_string_value(json_object_get(u, "ref"));
        const char *status = json_string_value(json_object_get(u, "status"));
        json_t *loc = json_object_get(u, "loc");
        bool on = !strcmp(status, "on board");
        if (!on && strcmp(status, "destroyed"))
            fail_msg("%s: %s has status \"%s\"", where, ref, status);
        if (on != json_is_string(loc) || on != json_is_string(json_object_get(u, "facing")))
            fail_msg("%s: %s is %s but %s a square and facing", where, ref, status,
                     on ? "lacks" : "has");
        if (!first && t->destroyed[i] && on)
            fail_msg("%s: %s came back from destruction", where, ref);
        t->destroyed[i] = !on;
        json_t *str = json_object_get(u, "strength");
        if (str) {
            long sv = (long)json_integer_value(str);
            if (first)
                t->start_strength[i] = sv;
            if (on && (sv < 1 || sv > t->start_strength[i]))
                fail_msg("%s: %s has strength %ld (started with %ld)", where, ref, sv,
                         t->start_strength[i]);
        }
        if (!on)
            continue;
        const char *sq = json_string_value(loc);
        const char *terrain = cell_terrain(cells, sq);
        if (!terrain)
            fail_msg("%s: %s stands at %s, off the board", where, ref, sq);
        if (!strcmp(terrain, "river"))
            fail_msg("%s: %s stands in the river at %s", where, ref, sq);
        const char *type = json_string_value(json_object_get(u, "type"));
        json_t *towed_by = json_object_get(u, "towed_by");
        long side = (long)json_integer_value(json_object_get(u, "side"));
        int kind = towed_by ? -1 : !strcmp(type, "TRN") ? 1 : !strcmp(type, "CMD") ? 2 : 0;
        json_array_foreach(units, k, v) {
            if (k <= i || strcmp(json_string_value(json_object_get(v, "status")), "on board") ||
                strcmp(json_string_value(json_object_get(v, "loc")), sq))
                continue;
            const char *ref2 = json_string_value(json_object_get(v, "ref"));
            if ((long)json_integer_value(json_object_get(v, "side")) != side)
                fail_msg("%s: %s and %s, enemies, share %s", where, ref, ref2, sq);
            const char *type2 = json_string_value(json_object_get(v, "type"));
            int kind2 = json_object_get(v, "towed_by") ? -1 : !strcmp(type2, "TRN") ? 1
                      : !strcmp(type2, "CMD") ? 2 : 0;
            if (kind >= 0 && kind == kind2 && strcmp(ref, passing) && strcmp(ref2, passing))
                fail_msg("%s: %s and %s, of one kind, share %s", where, ref, ref2, sq);
        }
        if (towed_by) {
            json_t *tr = NULL;
            json_array_foreach(units, k, v)
                if (!strcmp(json_string_value(json_object_get(v, "ref")), json_string_value(towed_by)))
                    tr = v;
            if (!tr || strcmp(json_string_value(json_object_get(tr, "loc")), sq) ||
                strcmp(json_string_value(json_object_get(tr, "towing")), ref))
                fail_msg("%s: %s is towed by %s, which is not with it towing it", where, ref,
                         json_string_value(towed_by));
        }
    }
    json_t *sides = json_object_get(j, "sides");
    for (int f = 0; f < 2; f++) {
        json_t *sd = json_array_get(sides, (size_t)f);
        json_t *et = json_object_get(sd, "exhausted_turn");
        long turn = json_is_integer(et) ? (long)json_integer_value(et) : 0;
        if (!first && t->exhausted_turn[f] && turn != t->exhausted_turn[f])
            fail_msg("%s: side %d's exhaustion turn went from %ld to %ld", where, f + 1,
                     t->exhausted_turn[f], turn);
        t->exhausted_turn[f] = turn;
        long lost = (long)json_integer_value(json_object_get(sd, "lost"));
        long point = (long)json_integer_value(json_object_get(sd, "exhaustion_point"));
        long units_start = (long)json_integer_value(json_object_get(sd, "units_start"));
        if (point != (units_start + 2) / 3)
            fail_msg("%s: side %d's exhaustion point %ld for %ld units", where, f + 1, point,
                     units_start);
        if (turn && lost < point)
            fail_msg("%s: side %d exhausted having lost %ld of %ld", where, f + 1, lost, point);
    }
    json_decref(j);
}

static void test_thousand_random_games(void **unused)
{
    (void)unused;
    const eng_rules *r = eng_rules_find("portable-wargame");
    char **names, **vars;
    int ns = eng_scenario_names(r, &names), nv = eng_variant_names(r, &vars);
    assert_true(ns >= 3);
    json_t **opts = calloc((size_t)nv + 1, sizeof *opts);
    for (int v = 0; v < nv; v++) {
        eng_error err;
        json_t *vf = eng_variant_load(r, vars[v], &err);
        assert_non_null(vf);
        opts[v + 1] = json_incref(json_object_get(vf, "options"));
        json_decref(vf);
    }
    eng_rng seeds;
    rng_seed(&seeds, 20261122);
    eng_action acts[ENG_MAX_ACTIONS];
    for (int game = 0; game < GAMES; game++) {
        uint64_t seed = rng_next(&seeds) % 1000000007u;
        const char *scen = names[game % ns];
        int vi = (game / ns) % (nv + 1);
        json_t *opt = opts[vi];
        const char *vname = vi ? vars[vi - 1] : "no variant";
        eng_error err;
        eng_match *m = eng_match_new("portable-wargame", scen, opt, seed, &err);
        if (!m)
            fail_msg("%s: %s", scen, err.msg);
        char where[160];
        track t;
        memset(&t, 0, sizeof t);
        snprintf(where, sizeof where, "%s (%s) seed %llu start", scen, vname,
                 (unsigned long long)seed);
        check(m->state, &t, true, where);
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
                if (eng_match_apply(m, acts[rng_below(&pick, (uint32_t)n)], false, &err) != 0)
                    fail_msg("%s", err.msg);
            }
            if (m->nsteps % CHECK_EVERY == 0) {
                snprintf(where, sizeof where, "%s (%s) seed %llu step %zu", scen, vname,
                         (unsigned long long)seed, m->nsteps);
                check(m->state, &t, false, where);
            }
        }
        snprintf(where, sizeof where, "%s (%s) seed %llu end", scen, vname,
                 (unsigned long long)seed);
        check(m->state, &t, false, where);

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
    for (int v = 0; v <= nv; v++)
        json_decref(opts[v]);
    free(opts);
    eng_names_free(names, ns);
    eng_names_free(vars, nv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_thousand_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
