/*
 * common.c - the checks and helpers the fuzz harnesses share (fuzz.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "scenario.h"

void fz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz check failed: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

char *fz_text(const uint8_t *data, size_t size)
{
    char *t = malloc(size + 1);
    if (!t)
        abort();
    memcpy(t, data, size);
    t[size] = '\0';
    return t;
}

void fz_check_utf8(const char *text, const char *what)
{
    if (!eng_utf8_valid(text))
        fz_fail("%s is not UTF-8: \"%s\"", what, text);
}

void fz_check_state_json(const eng_state *s)
{
    int np = eng_game_players(eng_state_game(s));
    for (int v = ENG_VIEW_ALL; v < np; v++) {
        json_t *j = eng_state_json(s, v);
        char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
        if (!text)
            fz_fail("no state JSON for viewer %d", v);
        fz_check_utf8(text, "state JSON");
        static const char *const fields[] = {"rules", "to_act", "status", NULL};
        for (int i = 0; fields[i]; i++)
            if (!json_object_get(j, fields[i]))
                fz_fail("state JSON lacks \"%s\": %s", fields[i], text);
        free(text);
        json_decref(j);
    }
    char buf[256];                 /* what the commands and the protocol give it */
    eng_status_text(s, buf, sizeof buf);
    fz_check_utf8(buf, "status text");
    eng_result_text(s, buf, sizeof buf);
    fz_check_utf8(buf, "result text");
}

void fz_check_notation(const eng_state *s)
{
    eng_action acts[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int who = eng_current_player(s);
    if (who == ENG_TERMINAL)
        return;
    int n = who == ENG_CHANCE ? eng_chance_outcomes(s, acts, prob) : eng_legal_actions(s, acts);
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        eng_action_text(s, acts[i], text, sizeof text);
        fz_check_utf8(text, "notation");
        eng_action back;
        eng_error err;
        if (eng_action_parse(s, text, &back, &err) != 0)
            fz_fail("legal action \"%s\" does not parse: %s", text, err.msg);
        if (back != acts[i])
            fz_fail("\"%s\" parses to another action", text);
    }
}

char *fz_save(const eng_match *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    eng_error err;
    if (!f || eng_match_save(m, f, &err) != 0)
        fz_fail("could not save a loaded match");
    fclose(f);
    return buf;
}

void fz_check_round_trip(const eng_match *m)
{
    char *first = fz_save(m);
    fz_check_utf8(first, "saved record");
    eng_error err;
    eng_match *back = eng_match_load_text(first, "saved", &err);
    if (!back)
        fz_fail("a saved record does not load: %s\n%s", err.msg, first);
    char *second = fz_save(back);
    if (strcmp(first, second) != 0)
        fz_fail("a record saves differently after a reload:\n%s\n---\n%s", first, second);
    if (!eng_state_equal(m->state, back->state))
        fz_fail("a reloaded record reaches another position:\n%s", first);
    free(first);
    free(second);
    eng_match_free(back);
}

/* ---- positions ------------------------------------------------------------------ */

#define FZ_GAMES 2        /* random games per scenario; positions kept along each */

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void add(eng_state ***all, int *n, int *cap, eng_state *s)
{
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        *all = realloc(*all, (size_t)*cap * sizeof **all);
        if (!*all)
            abort();
    }
    (*all)[(*n)++] = s;
}

int fz_positions(eng_state ***out)
{
    static eng_state **all;
    static int n;
    if (all) {
        *out = all;
        return n;
    }
    int cap = 0;
    for (const eng_rules *const *r = eng_registry(); *r; r++) {
        char **names;
        int nn = eng_scenario_names(*r, &names);
        for (int i = 0; i < nn; i++) {
            eng_error err;
            json_t *sc = eng_scenario_load(*r, names[i], &err);
            eng_game *g = sc ? eng_game_new(*r, sc, NULL, &err) : NULL;
            json_decref(sc);
            if (!g)
                fz_fail("shipped scenario %s: %s", names[i], err.msg);
            /* games live as long as the harness: their states point at them */
            for (uint64_t seed = 1; seed <= FZ_GAMES; seed++) {
                eng_state *s = eng_state_new(g, seed);
                uint64_t rng = seed * 7919;
                eng_action acts[ENG_MAX_ACTIONS];
                for (int step = 0; step < 4000 && !eng_is_terminal(s); step++) {
                    if (step % 97 == 0 || (step < 40 && step % 7 == 0))
                        add(&all, &n, &cap, eng_state_clone(s));
                    if (eng_current_player(s) == ENG_CHANCE) {
                        eng_apply_fast(s, eng_chance_sample(s));
                    } else {
                        int k = eng_legal_actions(s, acts);
                        eng_apply_fast(s, acts[splitmix(&rng) % (uint64_t)k]);
                    }
                }
                add(&all, &n, &cap, s);
            }
        }
        eng_names_free(names, nn);
    }
    *out = all;
    return n;
}
