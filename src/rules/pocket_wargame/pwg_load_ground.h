/*
 * pwg_load_ground.h - the ground part of Pocket Wargame's loader
 * (pwg_load_ground.c): terrain types, the deck, terrain sets, the
 * battlefield and its locations. It calls down on pwg_load_json.h only.
 */
#ifndef PWG_LOAD_GROUND_H
#define PWG_LOAD_GROUND_H

#include "pwg_load_json.h"

int pwg_load_terrain_find(const pwg_data *d, const char *name);
bool pwg_load_terrain_types(pwg_loader *l, const json_t *arr, const char *path);
bool pwg_load_deck(pwg_loader *l, const char *deck, bool jokers);
bool pwg_load_terrain_set(pwg_loader *l, const char *setname, const json_t *custom);
bool pwg_load_battlefield(pwg_loader *l, const json_t *bf);
/* A location ("b2") at path: its index, or -1 with the refusal worded. */
int pwg_load_loc(pwg_loader *l, const json_t *v, const char *path);
bool pwg_load_fixed_lake(const pwg_data *d, int loc);
bool pwg_load_locs(pwg_loader *l, const json_t *arr, const char *path, uint8_t *out, int *n);

#endif
