/*
 * fuzz_scenario.c - scenario files of every rule set (Pocket Battles'
 * inline factions and armies included). The first byte picks the rule set,
 * the rest is the scenario's JSON. A scenario that names a file is skipped,
 * as untrusted input may name shipped data only. A game the engine accepts
 * must give positions whose JSON, names and notation hold (fuzz.h) over a
 * few random steps; a refusal's message must be UTF-8.
 */
#include <stdlib.h>
#include "fuzz.h"
#include "scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const eng_rules *const *reg = eng_registry();
    int nr = 0;
    while (reg[nr])
        nr++;
    const eng_rules *r = reg[data[0] % nr];
    json_error_t jerr;
    json_t *sc = json_loadb((const char *)data + 1, size - 1, 0, &jerr);
    eng_error err;
    if (!sc || !eng_options_name_no_files(sc, &err)) {
        json_decref(sc);
        return 0;
    }
    eng_game *g = eng_game_new(r, sc, NULL, &err);
    json_decref(sc);
    if (!g) {
        fz_check_utf8(err.msg, "a refusal");
        return 0;
    }
    fz_check_utf8(eng_game_scenario_name(g), "the scenario's name");
    for (int p = 0; p < eng_game_players(g); p++)
        fz_check_utf8(eng_game_player_name(g, p), "a side's name");
    eng_state *s = eng_state_new(g, 1);
    eng_action acts[ENG_MAX_ACTIONS];
    for (int step = 0; step < 24 && !eng_is_terminal(s); step++) {
        fz_check_state_json(s);
        fz_check_notation(s);
        if (eng_current_player(s) == ENG_CHANCE) {
            eng_apply_fast(s, eng_chance_sample(s));
        } else {
            int n = eng_legal_actions(s, acts);
            if (n <= 0)
                fz_fail("a side to act has no legal action");
            eng_apply_fast(s, acts[(size_t)step * 7919 % (size_t)n]);
        }
    }
    fz_check_state_json(s);
    eng_state_free(s);
    eng_game_free(g);
    return 0;
}
