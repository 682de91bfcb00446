/*
 * fuzz_data.c - the rule sets' own data files (decks, terrain, coins, unit
 * tables, traits, factions, armies). The harness works on a copy of the
 * data folder: the first byte picks a data file, which the rest of the
 * input replaces, the second a shipped scenario of its rule set, which is
 * then loaded. A game the engine accepts must give a position whose JSON
 * and notation hold (fuzz.h); a refusal's message must be UTF-8.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "scenario.h"

static const struct { const char *rules, *file; } files[] = {
    {"pocket-wargame", "decks.json"},
    {"pocket-wargame", "terrain.json"},
    {"pocket-wargame", "coins.json"},
    {"portable-wargame", "units.json"},
    {"pocket-battles", "traits.json"},
    {"pocket-battles", "factions/elves.json"},
    {"pocket-battles", "armies/elves-50.json"},
};
#define NFILES (sizeof files / sizeof files[0])

static char copy_dir[64];

static void remove_copy(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", copy_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", copy_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char cmd[4200];
    snprintf(copy_dir, sizeof copy_dir, "/tmp/pocketwar-fuzz-data-XXXXXX");
    if (!mkdtemp(copy_dir))
        fz_fail("no temporary folder");
    snprintf(cmd, sizeof cmd, "cp -r '%s'/. '%s'", eng_data_dir(), copy_dir);
    if (system(cmd) != 0)
        fz_fail("could not copy the data folder");
    atexit(remove_copy);
    setenv("POCKETWAR_DATA", copy_dir, 1);
    return 0;
}

static void write_file(const char *rules, const char *file, const uint8_t *data, size_t size)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s/%s", copy_dir, rules, file);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        fz_fail("cannot write %s", path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    size_t which = data[0] % NFILES;
    const eng_rules *r = eng_rules_find(files[which].rules);
    /* the file's shipped content, to put back afterwards */
    eng_error err;
    char real[512];
    snprintf(real, sizeof real, "%s/%s/%s", POCKETWAR_DATA_DIR, files[which].rules,
             files[which].file);
    FILE *f = fopen(real, "rb");
    char *orig = NULL;
    size_t olen = 0;
    if (!f)
        fz_fail("cannot read %s", real);
    FILE *mem = open_memstream(&orig, &olen);
    int ch;
    while ((ch = fgetc(f)) != EOF)
        fputc(ch, mem);
    fclose(mem);
    fclose(f);
    write_file(files[which].rules, files[which].file, data + 2, size - 2);

    char **names;
    int nn = eng_scenario_names(r, &names);
    json_t *sc = nn ? eng_scenario_load(r, names[data[1] % nn], &err) : NULL;
    eng_names_free(names, nn);
    eng_game *g = sc ? eng_game_new(r, sc, NULL, &err) : NULL;
    json_decref(sc);
    if (!g) {
        fz_check_utf8(err.msg, "a refusal");
    } else {
        for (int p = 0; p < eng_game_players(g); p++)
            fz_check_utf8(eng_game_player_name(g, p), "a side's name");
        eng_state *s = eng_state_new(g, 1);
        fz_check_state_json(s);
        fz_check_notation(s);
        eng_state_free(s);
        eng_game_free(g);
    }
    write_file(files[which].rules, files[which].file, (const uint8_t *)orig, olen);
    free(orig);
    return 0;
}
