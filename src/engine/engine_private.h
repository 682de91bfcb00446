/*
 * engine_private.h - what the engine's own files (the .c files in src/engine/) share
 * beyond engine.h: the rule set's part of a state and the game's data, for
 * engine features that call a rule set's optional hooks (odds.c).
 * Nothing outside src/engine/ includes it.
 */
#ifndef ENGINE_PRIVATE_H
#define ENGINE_PRIVATE_H

#include "rules.h"

/* The rule set's flat state inside s (read-only: eng_state_cbody, rules.h),
 * and its size in bytes; the game data is eng_game_data (rules.h). */
void *eng_state_body(eng_state *s);
size_t eng_state_body_size(const eng_game *g);
/* The bytes at the start of the rule set's state that are the position
 * itself (its position_size, rules.h; without one, the whole state). */
size_t eng_state_position_size(const eng_game *g);
/* Drops a UTF-8 character that a cut to fit a buffer left incomplete at the
 * end of buf, so that text a rule set wrote stays valid UTF-8. */
void eng_utf8_trim_end(char *buf);

/* Positions as data (position.c): the state's generator, and a loaded
 * position's header; the engine's part of a position's JSON. */
uint64_t eng_state_generator(const eng_state *s);
void eng_state_set_header(eng_state *s, uint64_t seed, uint64_t generator, uint32_t steps);
void eng_position_decorate(const eng_state *s, int viewer, json_t *j);

#endif
