/*
 * support.h - helpers shared by the cmocka tests: build a game from inline
 * JSON, play actions written in notation, expect refusals with a reason.
 * Each helper fails the running test (cmocka's fail_msg) on a surprise,
 * naming the notation and the engine's message.
 */
#ifndef TEST_SUPPORT_H
#define TEST_SUPPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "engine.h"

/* A game of the named rule set from a scenario in JSON text (and options in
 * JSON text, or NULL). Fails the test if the engine refuses it. */
eng_game *t_game(const char *rules, const char *scenario_json, const char *options_json);
/* A game from a shipped scenario, by name. */
eng_game *t_game_named(const char *rules, const char *scenario_name, const char *options_json);

/* Parses and applies one action in notation; fails the test if refused. */
void t_play(eng_state *s, const char *notation);
/* The same for a NULL-terminated list. */
void t_play_list(eng_state *s, const char *const *notations);
/* Expects notation to parse but be refused, with a reason containing
 * `because` (case-insensitive). */
void t_refused(eng_state *s, const char *notation, const char *because);
/* True if the action written is among the legal actions now. */
int t_is_legal(const eng_state *s, const char *notation);
/* The legal actions now, in notation, joined by "; " (caller frees). */
char *t_legal_text(const eng_state *s);
/* The engine's words for a button of the action written at s (a static
 * buffer, good until the next call). */
const char *t_words(const eng_state *s, const char *notation);
/* The result and why the game ended, one line (eng_ending; a static buffer). */
const char *t_ending(const eng_state *s);
/* The playout hint's weight for the action written (it must be legal). */
double t_hint_weight(const eng_state *s, const char *notation);
/* A JSON value of the omniscient state at a path like "units.0.condition"
 * is not offered: tests read eng_state_json directly with jansson. */

/* One random game of a match (eng_match_new's rules, scenario, options and
 * seed; players' actions drawn by a generator seeded with pick): at each
 * player's decision, visit sees the position, the player and the legal
 * actions before one is played. Fails past max_steps or on a refused action. */
struct eng_match;
typedef void (*t_visit)(const struct eng_match *m, int player, const eng_action *acts, int n,
                        void *ctx);
void t_random_game(const char *rules, const char *scenario, const json_t *options,
                   uint64_t seed, uint64_t pick, size_t max_steps, t_visit visit, void *ctx);

/* Plays random legal actions (chance from the state's own generator, players
 * by rng) until terminal or max_steps; returns steps taken. */
int t_random_playout(eng_state *s, uint64_t seed, int max_steps);

/* Text expectations: equal to, containing, not containing. */
#define T_EXPECT_STR(got, want)                                                               \
    do {                                                                                     \
        const char *g_ = (got), *w_ = (want);                                                 \
        if (strcmp(g_, w_) != 0)                                                             \
            fail_msg("%s: got \"%s\", expected \"%s\"", #got, g_, w_);                        \
    } while (0)

#define T_EXPECT_HAS(got, want)                                                               \
    do {                                                                                     \
        const char *g_ = (got), *w_ = (want);                                                 \
        if (!strstr(g_, w_))                                                                 \
            fail_msg("%s: \"%s\" does not contain \"%s\"", #got, g_, w_);                     \
    } while (0)

#define T_EXPECT_LACKS(got, want)                                                             \
    do {                                                                                     \
        const char *g_ = (got), *w_ = (want);                                                 \
        if (strstr(g_, w_))                                                                  \
            fail_msg("%s: \"%s\" contains \"%s\"", #got, g_, w_);                             \
    } while (0)

/* A JSON file of the checkout, its path from the checkout's top
 * ("tests/positions/x.json"); the caller frees it. Fails the test if it
 * does not load. */
json_t *t_checkout_json(const char *path_in_checkout);

/* The record of match m as its saved text (the caller frees it); fails the
 * test if saving is refused. */
struct eng_match;
char *t_record_text(const struct eng_match *m);

/* An environment variable's value kept (a copy, or NULL when unset) and
 * put back, freeing the copy: around a test that changes it. */
char *t_env_save(const char *name);
void t_env_restore(const char *name, char *saved);

#endif
