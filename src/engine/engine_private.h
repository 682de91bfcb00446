/*
 * engine_private.h - what src/engine/ files other than engine.c need of a
 * state: its rule set, the rule set's game data and its flat position.
 * Nothing outside src/engine/ includes it.
 */
#ifndef ENGINE_PRIVATE_H
#define ENGINE_PRIVATE_H

#include "rules.h"

const eng_rules *eng_state_rules(const eng_state *s);
const void *eng_state_data(const eng_state *s);
const void *eng_state_body(const eng_state *s);

#endif
