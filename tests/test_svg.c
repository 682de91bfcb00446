/*
 * test_svg.c - the drawings every rule set makes (src/engine/view.c), over
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
#include "test_pwg_util.h"
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

/* Reads text with libxml2's xmllint; fails on any message from it. */
static void xml_check_text(const char *head, const char *text, const char *tail, const char *what)
{
    char path[] = "/tmp/pw-svg-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(head, f);
    fputs(text ? text : "", f);
    fputs(tail, f);
    fclose(f);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "xmllint --noout %s 2>&1", path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char line[512] = "";
    bool said = fgets(line, sizeof line, p) != NULL;
    while (fgetc(p) != EOF)
        ;
    int rc = pclose(p);
    remove(path);
    if (said || rc != 0)
        fail_msg("%s: not well-formed XML (xmllint exit %d): %s", what, rc, line);
}

/* Every drawing of a game inside one root element: one run of xmllint. */
static void xml_check(const buf *docs, const char *what)
{
    xml_check_text("<drawings>\n", docs->text, "</drawings>\n", what);
}

static void xml_check_one(const char *svg, const char *what)
{
    xml_check_text("", svg, "", what);
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

/* ---- particular positions ------------------------------------------------------ */

/* Plays chance until a player is to act. */
static void to_decision(eng_state *s)
{
    while (eng_current_player(s) == ENG_CHANCE)
        eng_apply_fast(s, eng_chance_sample(s));
}

/* The first legal action whose notation starts with prefix, its notation
 * into text; fails if none. */
static eng_action find_action(const eng_state *s, const char *prefix, char *text, size_t n)
{
    eng_action acts[ENG_MAX_ACTIONS];
    int k = eng_legal_actions(s, acts);
    for (int i = 0; i < k; i++) {
        eng_action_text(s, acts[i], text, n);
        if (strncmp(text, prefix, strlen(prefix)) == 0)
            return acts[i];
    }
    fail_msg("no legal action starting \"%s\"", prefix);
    return 0;
}

static char *view_of(const eng_state *s, int viewer)
{
    char *svg = eng_svg_string(s, viewer);
    assert_non_null(svg);
    return svg;
}

/* Pocket Wargame deploys in secret: "deploy HI c1" involves force 1's HI
 * coins still to deploy and the card c1; once placed, the coin is drawn for
 * its own force and not at all for the other, whose step changes do not
 * name it either. */
static void test_pwg_deploy_in_secret(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-wargame", "meeting", NULL);
    eng_state *s = eng_state_new(g, 5);
    to_decision(s);
    int f = eng_current_player(s);
    char text[ENG_TEXT_MAX], type[8], loc[8];
    eng_action a = find_action(s, "deploy ", text, sizeof text);
    assert_int_equal(sscanf(text, "deploy %7s %7s", type, loc), 2);
    eng_elements e;
    eng_action_elements(s, a, &e);
    char want[ENG_ELEM_ID_MAX];
    assert_int_equal(e.n, 2);
    snprintf(want, sizeof want, "k-%d-%s", f + 1, type);
    T_EXPECT_STR(e.id[0], want);
    snprintf(want, sizeof want, "p-%s", loc);
    T_EXPECT_STR(e.id[1], want);
    eng_state *before = eng_state_clone(s);
    eng_apply_fast(s, a);
    assert_true(eng_hides_from(s, 1 - f));
    char unit[ENG_ELEM_ID_MAX];
    snprintf(unit, sizeof unit, "id=\"u-%d-%s1\"", f + 1, type);   /* the first coin of its type */
    char *mine = view_of(s, f), *theirs = view_of(s, 1 - f), *all = view_of(s, ENG_VIEW_ALL);
    T_EXPECT_HAS(mine, unit);
    T_EXPECT_HAS(all, unit);
    T_EXPECT_LACKS(theirs, unit);
    T_EXPECT_HAS(theirs, "placed this round: not shown");
    eng_elements ch;
    eng_step_changes(before, a, s, 1 - f, &ch);
    char mine_u[8], mine_k[8];
    snprintf(mine_u, sizeof mine_u, "u-%d-", f + 1);
    snprintf(mine_k, sizeof mine_k, "k-%d-", f + 1);
    for (int i = 0; i < ch.n; i++)
        if (strncmp(ch.id[i], mine_u, 4) == 0 || strncmp(ch.id[i], mine_k, 4) == 0)
            fail_msg("the other force is told %s changed", ch.id[i]);
    eng_step_changes(before, a, s, f, &ch);
    snprintf(want, sizeof want, "u-%d-%s1", f + 1, type);
    assert_true(eng_elements_has(&ch, want));
    free(mine);
    free(theirs);
    free(all);
    eng_state_free(before);
    eng_state_free(s);
    eng_game_free(g);
}

/* The Portable Wargame: "move X sq" involves the unit and the square, and
 * the step's changes name both. */
static void test_ptw_move_elements(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("portable-wargame", "meeting", NULL);
    eng_state *s = eng_state_new(g, 3);
    char text[ENG_TEXT_MAX], unit[16], sq[8], want[ENG_ELEM_ID_MAX];
    /* past the artillery phase to the first activation */
    for (int i = 0; i < 50; i++) {
        to_decision(s);
        char *legal = t_legal_text(s);
        bool end_only = t_is_legal(s, "end") && !strstr(legal, "move ");
        free(legal);
        if (end_only)
            t_play(s, "end");
    }
    to_decision(s);
    int side = eng_current_player(s);
    eng_action a = find_action(s, "move ", text, sizeof text);
    assert_int_equal(sscanf(text, "move %15s %7s", unit, sq), 2);
    eng_elements e;
    eng_action_elements(s, a, &e);
    assert_int_equal(e.n, 2);
    snprintf(want, sizeof want, "u-%d-%s", side + 1, unit);
    T_EXPECT_STR(e.id[0], want);
    snprintf(want, sizeof want, "p-%s", sq);
    T_EXPECT_STR(e.id[1], want);
    eng_state *before = eng_state_clone(s);
    eng_apply_fast(s, a);
    eng_elements ch;
    eng_step_changes(before, a, s, ENG_VIEW_ALL, &ch);
    assert_true(eng_elements_has(&ch, e.id[0]));
    assert_true(eng_elements_has(&ch, e.id[1]));
    eng_state_free(before);
    eng_state_free(s);
    eng_game_free(g);
}

/* Pocket Battles: "deploy A3 R-rear" involves the unit and the zone its
 * owner calls R-rear; the other player sees the stack's top troop only. */
static void test_pkb_deploy_elements(void **unused)
{
    (void)unused;
    eng_game *g = t_game_named("pocket-battles", "elves-vs-orcs-50", NULL);
    eng_state *s = eng_state_new(g, 2);
    to_decision(s);
    int p = eng_current_player(s);
    char text[ENG_TEXT_MAX], unit[8], zone[16], want[128];
    eng_action a = find_action(s, "deploy ", text, sizeof text);
    assert_int_equal(sscanf(text, "deploy %7s %15s", unit, zone), 2);
    eng_elements e;
    eng_action_elements(s, a, &e);
    assert_int_equal(e.n, 2);
    snprintf(want, sizeof want, "u-%s", unit);
    T_EXPECT_STR(e.id[0], want);
    char *mine = view_of(s, p);
    snprintf(want, sizeof want, "<g id=\"%s\" class=\"pw-place\" data-place=\"%s\">", e.id[1], zone);
    T_EXPECT_HAS(mine, want);
    free(mine);
    /* a stack of several troops shows the other player its top alone */
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    json_t *units = json_object_get(json_array_get(json_object_get(j, "players"), (size_t)p), "units");
    char *theirs = view_of(s, 1 - p);
    size_t i;
    json_t *u;
    int stacks = 0;
    json_array_foreach(units, i, u) {
        json_t *troops = json_object_get(u, "troops");
        if (json_array_size(troops) < 2)
            continue;
        stacks++;
        snprintf(want, sizeof want, "id=\"u-%s\"", json_string_value(json_object_get(u, "label")));
        T_EXPECT_HAS(theirs, want);
        int shown = 0;
        for (size_t k = 0; k < json_array_size(troops); k++) {
            snprintf(want, sizeof want, "id=\"t-%d-%s\"", p + 1,
                     json_string_value(json_object_get(json_array_get(troops, k), "code")));
            shown += strstr(theirs, want) != NULL;
        }
        assert_int_equal(shown, 1);
    }
    assert_true(stacks > 0);
    free(theirs);
    json_decref(j);
    eng_state_free(s);
    eng_game_free(g);
}

/* Names from scenario files are text in the drawing, escaped: a title with
 * XML's special characters still gives well-formed XML. */
static void test_names_escaped(void **unused)
{
    (void)unused;
    static const struct { const char *rules, *scenario; } cases[] = {
        {"pocket-wargame", "meeting"},
        {"portable-wargame", "meeting"},
        {"pocket-battles", "elves-vs-orcs-50"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s/scenarios/%s.json", POCKETWAR_DATA_DIR, cases[i].rules,
                 cases[i].scenario);
        json_error_t jerr;
        json_t *sc = json_load_file(path, 0, &jerr);
        assert_non_null(sc);
        json_object_set_new(sc, "title", json_string("<Meeting> & \"friends\""));
        eng_error err;
        eng_game *g = eng_game_new(eng_rules_find(cases[i].rules), sc, NULL, &err);
        if (!g)
            fail_msg("%s: %s", cases[i].rules, err.msg);
        eng_state *s = eng_state_new(g, 1);
        to_decision(s);
        char *svg = view_of(s, ENG_VIEW_ALL);
        T_EXPECT_HAS(svg, "&lt;Meeting&gt; &amp; &quot;friends&quot;");
        xml_check_one(svg, cases[i].rules);
        free(svg);
        eng_state_free(s);
        eng_game_free(g);
        json_decref(sc);
    }
}

/* What a step changed is what it did, not where other pieces are drawn:
 * HI1 joining two coins on b1 shrinks and shifts them in the drawing, but
 * only HI1 and b1 are named. */
static void test_changes_ignore_layout(void **unused)
{
    (void)unused;
    eng_game *g = pw_game("ooo/ooo", "HI@a1 LI@b1 HI@b1", "HI@c2", ",\"alliances\":false", NULL);
    eng_state *s = eng_state_new(g, 1);
    T_EXPECT_STR(pw_status(s), "Turn 1, Movement phase, Red to act");
    eng_state *before = eng_state_clone(s);
    eng_action a;
    eng_error err;
    assert_int_equal(eng_action_parse(s, "move HI1 b1", &a, &err), 0);
    assert_int_equal(eng_apply(s, a, &err), 0);
    eng_elements ch;
    eng_step_changes(before, a, s, ENG_VIEW_ALL, &ch);
    assert_int_equal(ch.n, 2);
    T_EXPECT_STR(ch.id[0], "u-1-HI1");
    T_EXPECT_STR(ch.id[1], "p-b1");
    eng_state_free(before);
    eng_state_free(s);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pwg_deploy_in_secret),
        cmocka_unit_test(test_ptw_move_elements),
        cmocka_unit_test(test_pkb_deploy_elements),
        cmocka_unit_test(test_names_escaped),
        cmocka_unit_test(test_changes_ignore_layout),
        cmocka_unit_test(test_every_scenario),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
