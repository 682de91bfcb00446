/*
 * fuzz_record.c - the record reader (records of every rule set: the Rules
 * tag picks it). A record that loads must save, reload and save again to
 * the same bytes and the same position; its position's JSON and notation
 * must hold (fuzz.h); a refusal's message must be UTF-8 when the record is.
 */
#include <stdlib.h>
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_text(data, size);
    eng_error err;
    eng_match *m = eng_match_load_text(text, "fuzz.pwr", &err);
    if (!m) {
        if (eng_utf8_valid(text))
            fz_check_utf8(err.msg, "a refusal");
    } else {
        fz_check_round_trip(m);
        fz_check_state_json(m->state);
        fz_check_notation(m->state);
        eng_match_free(m);
    }
    free(text);
    return 0;
}
