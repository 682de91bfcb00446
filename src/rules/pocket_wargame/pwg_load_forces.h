/*
 * pwg_load_forces.h - the forces part of Pocket Wargame's loader
 * (pwg_load_forces.c): unit types, coins, forces and their deployment,
 * end-phase rules, victory. It calls down on the ground part
 * (pwg_load_ground.h) and the JSON readers.
 */
#ifndef PWG_LOAD_FORCES_H
#define PWG_LOAD_FORCES_H

#include "pwg_load_json.h"

bool pwg_load_specials(pwg_loader *l, const json_t *sp);
bool pwg_load_coins(pwg_loader *l);
bool pwg_load_forces(pwg_loader *l, const json_t *forces, const char *coins_opt);
bool pwg_load_force_no(pwg_loader *l, const json_t *v, const char *path, int *out);
bool pwg_load_rules(pwg_loader *l, const json_t *arr);
void pwg_load_order_units(pwg_data *d);
bool pwg_load_build_areas(pwg_loader *l);
bool pwg_load_victory(pwg_loader *l, const json_t *v);

#endif
