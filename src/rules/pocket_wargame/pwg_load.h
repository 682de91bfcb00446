/*
 * pwg_load.h - what the files that build Pocket Wargame's game data share
 * (pwg_load*.c): the loader's context and its helpers. Every refusal names
 * the field at fault with a JSON path counted from 0, e.g.
 * `forces[1].units[2]: unknown unit type "XX"`.
 */
#ifndef PWG_LOAD_H
#define PWG_LOAD_H

#include "pwg.h"
#include "scenario.h"

typedef struct ld {
    pwg_data *d;
    eng_error *err;
    json_t *decks, *terrain, *coins;   /* the data files, owned */
    /* each force's "deploy": an edge and depth, or -1 for a list of
     * locations (already in its area); areas are drawn once all are known */
    int deploy_edge[PWG_MAX_FORCES];
    int deploy_depth[PWG_MAX_FORCES];
} ld;

/* pwg_load_json.c: reading JSON fields with messages naming the path
 * (eng_pathf builds the path). ld_fail words the refusal into the caller's
 * error, if any, and is false, to return. */
#define ld_fail(l, ...) eng_error_fail((l)->err, __VA_ARGS__)
void ld_copy(char *dst, size_t n, const char *src);
/* ld_copy, or false with a message naming `path` if src does not fit. */
bool ld_copy_fit(ld *l, char *dst, size_t n, const char *src, const char *path);
bool ld_streq_ci(const char *a, const char *b);
bool ld_get_int(ld *l, const json_t *obj, const char *key, const char *path, int lo, int hi,
                int dflt, int *out);
bool ld_get_bool(ld *l, const json_t *v, const char *path, bool *out);

/* pwg_load_ground.c: terrain types, the deck, terrain sets, the battlefield */
int ld_terrain_find(const pwg_data *d, const char *name);
bool ld_load_terrain_types(ld *l, const json_t *arr, const char *path);
bool ld_load_deck(ld *l, const char *deck, bool jokers);
bool ld_load_terrain_set(ld *l, const char *setname, const json_t *custom);
bool ld_load_battlefield(ld *l, const json_t *bf);
int ld_loc_parse(ld *l, const json_t *v, const char *path);
bool ld_fixed_lake(const pwg_data *d, int loc);
bool ld_load_locs(ld *l, const json_t *arr, const char *path, uint8_t *out, int *n);

/* pwg_load_forces.c: unit types, coins, forces, end-phase rules, victory */
bool ld_load_specials(ld *l, const json_t *sp);
bool ld_load_coins(ld *l);
bool ld_load_forces(ld *l, const json_t *forces, const char *coins_opt);
bool ld_load_force_no(ld *l, const json_t *v, const char *path, int *out);
bool ld_load_rules(ld *l, const json_t *arr);
void ld_order_units(pwg_data *d);
bool ld_build_areas(ld *l);
bool ld_load_victory(ld *l, const json_t *v);

#endif
