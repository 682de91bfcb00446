/*
 * fuzz_position.c - the position format (a position's JSON, as `pocketwar
 * state` prints it or as written by hand; the protocol's `position {JSON}`,
 * `--position FILE`, a record's Position tag), for every rule set: the
 * JSON's own "rules" key picks it. Positions naming a file (a scenario or an
 * option that is a path) are skipped, as untrusted input may name shipped
 * data only.
 *
 * A position that loads prints (its whole JSON), reloads to the same bytes
 * and the same fingerprint and position, while a side's view of it is
 * refused; its JSON for every viewer and its notation hold (fuzz.h); a
 * few steps played from it keep them, and the record that starts there
 * saves and reloads to the same bytes. A refused
 * position gets a message that says what is wrong and where: not empty,
 * UTF-8, not the bare fallback.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "scenario.h"

#define FZ_STEPS 6        /* steps played from a loaded position */

/* The whole position's JSON as `pocketwar state` prints it. */
static char *whole_json(const eng_state *s)
{
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    char *text = j ? json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
    json_decref(j);
    if (!text)
        fz_fail("a loaded position gives no JSON");
    fz_check_utf8(text, "a position's JSON");
    return text;
}

/* Where two states of one game first differ (past the game pointer). */
static size_t first_difference(const eng_state *a, const eng_state *b)
{
    size_t n = eng_state_size(eng_state_game(a));
    const unsigned char *p = (const void *)a, *q = (const void *)b;
    for (size_t i = sizeof(void *); i < n; i++)
        if (p[i] != q[i])
            return i;
    return n;
}

static void check_refusal(const eng_error *err, const char *input)
{
    if (!err->msg[0])
        fz_fail("a refused position has no message: %s", input);
    fz_check_utf8(err->msg, "a refusal");
    if (strcmp(err->msg, "the position is not valid") == 0)
        fz_fail("a refused position says not what is wrong nor where: %s", input);
}

/* Prints, reloads, prints again: the same bytes, fingerprint and position. */
static void check_reload(const eng_match *m)
{
    char *first = whole_json(m->state);
    json_error_t jerr;
    json_t *j = json_loads(first, 0, &jerr);
    if (!j)
        fz_fail("a position's JSON does not parse (%s): %s", jerr.text, first);
    eng_error err;
    eng_match *back = eng_match_new_at(NULL, NULL, NULL, j, 1, &err);
    json_decref(j);
    if (!back)
        fz_fail("a printed position does not load: %s\n%s", err.msg, first);
    char *second = whole_json(back->state);
    if (strcmp(first, second) != 0)
        fz_fail("a position prints differently after a reload:\n%s\n---\n%s", first, second);
    if (eng_state_hash(back->state) != eng_state_hash(m->state) ||
        !eng_state_equal(back->state, m->state))
        fz_fail("a reloaded position is another position (fingerprints %016llx, %016llx; "
                "first difference at byte %zu of the state):\n%s",
                (unsigned long long)eng_state_hash(m->state),
                (unsigned long long)eng_state_hash(back->state),
                first_difference(m->state, back->state), first);
    free(first);
    free(second);
    eng_match_free(back);
    /* one side's view leaves secrets out: it is refused, saying so */
    json_t *view = eng_state_json(m->state, 0);
    eng_match *seen = eng_match_new_at(NULL, NULL, NULL, view, 1, &err);
    json_decref(view);
    if (seen)
        fz_fail("a side's view of a position loads as a whole position");
    check_refusal(&err, "(side 1's view)");
}

/* The position and its first steps: JSON, notation, and the round trips. */
static void check_loaded(eng_match *m)
{
    check_reload(m);
    eng_action acts[ENG_MAX_ACTIONS];
    for (int step = 0; step < FZ_STEPS && !eng_is_terminal(m->state); step++) {
        fz_check_state_json(m->state);
        fz_check_notation(m->state);
        if (eng_current_player(m->state) == ENG_CHANCE) {
            eng_match_apply_chance(m);
        } else {
            int n = eng_legal_actions(m->state, acts);
            if (n <= 0)
                fz_fail("a side to act has no legal action");
            eng_error err;
            if (eng_match_apply(m, acts[(size_t)step * 7919 % (size_t)n], false, &err) != 0)
                fz_fail("a legal action is refused: %s", err.msg);
        }
        if (step == 0)
            check_reload(m);
    }
    fz_check_state_json(m->state);
    fz_check_round_trip(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_text(data, size);
    json_error_t jerr;
    json_t *pos = json_loads(text, 0, &jerr);
    eng_error err;
    const char *sc = json_string_value(json_object_get(pos, "scenario"));
    const json_t *opts = json_object_get(pos, "options");
    if (!pos || (sc && !eng_data_name_ok(sc)) ||
        (json_is_object(opts) && !eng_options_name_no_files(opts, &err))) {
        json_decref(pos);
        free(text);
        return 0;
    }
    eng_match *m = eng_match_new_at(NULL, NULL, NULL, pos, 1, &err);
    json_decref(pos);
    if (!m)
        check_refusal(&err, text);
    else
        check_loaded(m);
    eng_match_free(m);
    free(text);
    return 0;
}
