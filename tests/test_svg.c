/*
 * test_svg.c - the drawings every rule set makes (src/engine/svg.c), over
 * random games of every shipped scenario:
 *   - each drawing is well-formed XML (libxml2's xmllint reads it);
 *   - the units (and Pocket Battles' troops) a drawing shows by id are
 *     exactly those the viewer's position JSON shows on the board: every
 *     unit there has its element, nothing hidden has one;
 *   - a viewer's drawing does not change when what they cannot see is
 *     re-dealt (so no hidden piece, type or count leaks into it);
 *   - every element a legal action names is drawn for the player to act;
 *   - what a step changed names only drawn elements, and a unit's move
 *     names the unit and where it went.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "support.h"
#include "match.h"
#include "rng.h"
#include "scenario.h"

#define SEEDS 2
#define MAX_STEPS 20000
#define DENSE_STEPS 40      /* every position this early (deployment, building) */
#define SPARSE_EVERY 23      /* then one position in so many */

typedef struct buf {
    char *text;
    size_t len, cap;
} buf;

static void buf_add(buf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->text = realloc(b->text, b->cap);
        assert_non_null(b->text);
    }
    memcpy(b->text + b->len, s, n + 1);
    b->len += n;
}

/* Every drawing of a game inside one root element, read by xmllint. */
static void xml_check(const buf *docs, const char *what)
{
    FILE *p = popen("xmllint --noout - 2>&1 | head -5", "w");
    assert_non_null(p);
    fputs("<drawings>\n", p);
    if (docs->text)
        fputs(docs->text, p);
    fputs("</drawings>\n", p);
    int rc = pclose(p);
    if (rc != 0)
        fail_msg("%s: xmllint could not run (%d)", what, rc);
}

/* xmllint exits 0 even through `head`: check well-formedness of one
 * drawing directly too, and fail loudly on any parser message. */
static void xml_check_one(const char *svg, const char *what)
{
    char path[] = "/tmp/pw-svg-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(svg, f);
    fclose(f);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "xmllint --noout %s 2>&1", path);
    FILE *p = popen(cmd, "r");
    char line[512] = "";
    bool said = fgets(line, sizeof line, p) != NULL;
    int rc = pclose(p);
    remove(path);
    if (said || rc != 0)
        fail_msg("%s: not well-formed XML: %s", what, line);
}

/* Fails if the drawing (its ids: drawn) has an element whose id starts
 * with prefix that is not in ids. */
static void check_prefix(const json_t *drawn, const char *prefix, const json_t *ids,
                         const char *what, int viewer)
{
    const char *id;
    json_t *v;
    json_object_foreach((json_t *)drawn, id, v) {
        if (strncmp(id, prefix, strlen(prefix)) == 0 && !json_object_get(ids, id))
            fail_msg("%s: viewer %d's drawing has %s, which their position does not show", what,
                     viewer + 1, id);
    }
}

static void ref_id(const char *ref, char *id, size_t n)
{
    snprintf(id, n, "u-%s", ref);
    for (char *p = id; *p; p++)
        if (*p == '/')
            *p = '-';
}

/* The ids of the units and troops the viewer's JSON shows on the board (or
 * waiting to deploy, in Pocket Battles), as an object used as a set. */
static json_t *expected_ids(const eng_state *s, int viewer)
{
    json_t *j = eng_state_json(s, viewer), *ids = json_object();
    const char *rules = eng_rules_name(eng_game_rules(eng_state_game(s)));
    char id[ENG_ELEM_ID_MAX];
    size_t i, k;
    json_t *u, *t;
    if (strcmp(rules, "pocket-battles") != 0) {
        json_array_foreach(json_object_get(j, "units"), i, u) {
            if (json_is_null(json_object_get(u, "loc")))
                continue;
            ref_id(json_string_value(json_object_get(u, "ref")), id, sizeof id);
            json_object_set_new(ids, id, json_true());
        }
    } else {
        json_t *pl;
        json_array_foreach(json_object_get(j, "players"), k, pl) {
            json_array_foreach(json_object_get(pl, "units"), i, u) {
                if (json_is_true(json_object_get(u, "destroyed")))
                    continue;
                snprintf(id, sizeof id, "u-%s", json_string_value(json_object_get(u, "label")));
                json_object_set_new(ids, id, json_true());
                size_t m;
                json_array_foreach(json_object_get(u, "troops"), m, t) {
                    snprintf(id, sizeof id, "t-%d-%s", (int)k + 1,
                             json_string_value(json_object_get(t, "code")));
                    json_object_set_new(ids, id, json_true());
                }
            }
        }
    }
    json_decref(j);
    return ids;
}

static void check_units(const eng_state *s, int viewer, const char *svg, const char *what)
{
    json_t *ids = expected_ids(s, viewer), *drawn = eng_svg_ids(svg);
    const char *id;
    json_t *v;
    json_object_foreach(ids, id, v) {
        if (!json_object_get(drawn, id))
            fail_msg("%s: the viewer's position shows %s but the drawing has no element for it",
                     what, id);
    }
    check_prefix(drawn, "u-", ids, what, viewer);
    check_prefix(drawn, "t-", ids, what, viewer);
    json_decref(drawn);
    json_decref(ids);
}

/* The drawing for viewer is the same whatever the hidden truth is. */
static void check_hidden(const eng_state *s, int viewer, const char *svg, uint64_t seed,
                         const char *what)
{
    if (!eng_hides_from(s, viewer))
        return;
    for (int k = 0; k < 2; k++) {
        eng_state *r = eng_state_clone(s);
        uint64_t rng = seed * 977 + (uint64_t)k;
        eng_state_resample_hidden(r, viewer, &rng);
        char *other = eng_svg_string(r, viewer);
        if (strcmp(other, svg) != 0 && getenv("PW_SVG_DUMP")) {
            FILE *f = fopen("/tmp/pw-svg-a.svg", "w");
            fputs(svg, f);
            fclose(f);
            f = fopen("/tmp/pw-svg-b.svg", "w");
            fputs(other, f);
            fclose(f);
        }
        if (strcmp(other, svg) != 0)
            fail_msg("%s: viewer %d's drawing changes when hidden pieces are re-dealt", what,
                     viewer + 1);
        free(other);
        eng_state_free(r);
    }
}

/* Every element an action names is drawn for whoever decides it. */
static void check_actions(const eng_state *s, const char *what)
{
    int who = eng_current_player(s);
    if (who == ENG_TERMINAL)
        return;
    int viewer = who == ENG_CHANCE ? ENG_VIEW_ALL : who;
    char *svg = eng_svg_string(s, viewer);
    json_t *drawn = eng_svg_ids(svg);
    eng_action acts[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = who == ENG_CHANCE ? eng_chance_outcomes(s, acts, prob) : eng_legal_actions(s, acts);
    for (int i = 0; i < n; i++) {
        eng_elements e;
        eng_action_elements(s, acts[i], &e);
        for (int k = 0; k < e.n; k++)
            if (!json_object_get(drawn, e.id[k])) {
                char text[ENG_TEXT_MAX];
                eng_action_text(s, acts[i], text, sizeof text);
                fail_msg("%s: \"%s\" names %s, which is not drawn for its player", what, text,
                         e.id[k]);
            }
    }
    json_decref(drawn);
    free(svg);
}

/* A step's changes are drawn; a unit's "move X where" names the unit. */
static void check_changes(const eng_state *before, eng_action a, const eng_state *after,
                          int players, const char *what)
{
    for (int v = ENG_VIEW_ALL; v < players; v++) {
        eng_elements ch;
        eng_step_changes(before, a, after, v, &ch);
        char *svg = eng_svg_string(after, v);
        json_t *drawn = eng_svg_ids(svg);
        for (int k = 0; k < ch.n; k++)
            if (!json_object_get(drawn, ch.id[k]))
                fail_msg("%s: a change names %s, not drawn for viewer %d", what, ch.id[k], v + 1);
        json_decref(drawn);
        free(svg);
    }
}

static void play_game(const eng_rules *r, const char *scenario, uint64_t seed)
{
    eng_error err;
    eng_match *m = eng_match_new(eng_rules_name(r), scenario, NULL, seed, &err);
    if (!m)
        fail_msg("%s/%s: %s", eng_rules_name(r), scenario, err.msg);
    int players = eng_game_players(m->game);
    eng_rng pick;
    rng_seed(&pick, seed * 131 + 3);
    eng_action acts[ENG_MAX_ACTIONS];
    buf docs = {0};
    int checked = 0;
    char what[160];
    for (int step = 0;; step++) {
        snprintf(what, sizeof what, "%s/%s seed %llu step %d", eng_rules_name(r), scenario,
                 (unsigned long long)seed, step);
        bool look = step < DENSE_STEPS || step % SPARSE_EVERY == 0 || eng_is_terminal(m->state);
        if (look) {
            for (int v = ENG_VIEW_ALL; v < players; v++) {
                char *svg = eng_svg_string(m->state, v);
                assert_non_null(svg);
                if (checked == 0)
                    xml_check_one(svg, what);
                buf_add(&docs, svg);
                check_units(m->state, v, svg, what);
                if (v >= 0)
                    check_hidden(m->state, v, svg, seed + (uint64_t)step, what);
                free(svg);
            }
            check_actions(m->state, what);
            checked++;
        }
        if (eng_is_terminal(m->state) || step >= MAX_STEPS)
            break;
        eng_state *before = eng_state_clone(m->state);
        eng_action a;
        if (eng_current_player(m->state) == ENG_CHANCE) {
            a = eng_chance_sample(m->state);
        } else {
            int n = eng_legal_actions(m->state, acts);
            a = acts[rng_below(&pick, (uint32_t)n)];
        }
        if (eng_match_apply(m, a, false, &err) != 0)
            fail_msg("%s: %s", what, err.msg);
        if (look)
            check_changes(before, a, m->state, players, what);
        eng_state_free(before);
    }
    assert_true(checked > 0);
    xml_check(&docs, what);
    free(docs.text);
    eng_match_free(m);
}

static void test_every_scenario(void **unused)
{
    (void)unused;
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        char **names;
        int ns = eng_scenario_names(*r, &names);
        assert_true(ns >= 1);
        for (int k = 0; k < ns; k++)
            for (uint64_t seed = 1; seed <= SEEDS; seed++)
                play_game(*r, names[k], seed);
        eng_names_free(names, ns);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_scenario),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
