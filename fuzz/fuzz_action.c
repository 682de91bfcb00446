/*
 * fuzz_action.c - action notation, parsed in positions of every rule set
 * (random games of every shipped scenario, made once). The first byte picks
 * the position, the rest is the notation. An action that parses and is
 * legal prints to notation that parses back to the same action and prints
 * the same again; applied, it leaves a position whose JSON holds (fuzz.h).
 * Messages are UTF-8 when the input is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

/* With FUZZ_ACTION_SEEDS=DIR set, writes seed inputs to DIR: for some
 * positions, two of their legal actions (how fuzz/corpus/action was made). */
static void write_seeds(const char *dir, eng_state **all, int n)
{
    for (int i = 0; i < n; i += 3) {
        eng_action acts[ENG_MAX_ACTIONS];
        double prob[ENG_MAX_ACTIONS];
        int who = eng_current_player(all[i]);
        if (who == ENG_TERMINAL)
            continue;
        int k = who == ENG_CHANCE ? eng_chance_outcomes(all[i], acts, prob)
                                  : eng_legal_actions(all[i], acts);
        for (int j = 0; j < k && j < 2; j++) {
            char text[ENG_TEXT_MAX], path[512];
            eng_action_text(all[i], acts[(size_t)j * 7 % (size_t)k], text, sizeof text);
            snprintf(path, sizeof path, "%s/pos%03d-%d", dir, i, j);
            FILE *f = fopen(path, "wb");
            if (!f)
                fz_fail("cannot write %s", path);
            fputc(i >> 8, f);
            fputc(i & 0xff, f);
            fputs(text, f);
            fclose(f);
        }
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    eng_state **all;
    int n = fz_positions(&all);
    const char *dir = getenv("FUZZ_ACTION_SEEDS");
    if (dir)
        write_seeds(dir, all, n);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    eng_state **all;
    int n = fz_positions(&all);
    const eng_state *s = all[((size_t)data[0] << 8 | data[1]) % (size_t)n];
    char *text = fz_text(data + 2, size - 2);
    eng_action a;
    eng_error err;
    if (eng_action_parse(s, text, &a, &err) != 0) {
        if (eng_utf8_valid(text))
            fz_check_utf8(err.msg, "a parse error");
    } else if (!eng_is_legal(s, a, &err)) {
        if (eng_utf8_valid(text))
            fz_check_utf8(err.msg, "why an action is illegal");
    } else {
        char printed[ENG_TEXT_MAX], again[ENG_TEXT_MAX];
        eng_action_text(s, a, printed, sizeof printed);
        fz_check_utf8(printed, "notation");
        eng_action back;
        if (eng_action_parse(s, printed, &back, &err) != 0)
            fz_fail("\"%s\" printed as \"%s\", which does not parse: %s", text, printed, err.msg);
        if (back != a)
            fz_fail("\"%s\" printed as \"%s\", which parses to another action", text, printed);
        eng_action_text(s, back, again, sizeof again);
        if (strcmp(printed, again) != 0)
            fz_fail("\"%s\" prints as \"%s\" then \"%s\"", text, printed, again);
        eng_state *t = eng_state_clone(s);
        if (eng_apply(t, a, &err) != 0)
            fz_fail("legal \"%s\" refused: %s", printed, err.msg);
        fz_check_state_json(t);
        eng_state_free(t);
    }
    free(text);
    return 0;
}
