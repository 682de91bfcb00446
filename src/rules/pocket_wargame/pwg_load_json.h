/*
 * pwg_load_json.h - the bottom of Pocket Wargame's loader (pwg_load*.c):
 * the loader's context and the readers of JSON fields that every part of
 * the loader uses. Each part calls down only: pwg_load.c (the order of
 * loading) on pwg_load_forces.c, that on pwg_load_ground.c, and all on
 * pwg_load_json.c. Every refusal names the field at fault with a JSON path
 * counted from 0, e.g. `forces[1].units[2]: unknown unit type "XX"`.
 */
#ifndef PWG_LOAD_JSON_H
#define PWG_LOAD_JSON_H

#include "pwg.h"
#include "scenario.h"

typedef struct pwg_loader {
    pwg_data *d;
    eng_error *err;
    json_t *decks, *terrain, *coins;   /* the data files, owned */
    /* each force's "deploy": an edge and depth, or -1 for a list of
     * locations (already in its area); areas are drawn once all are known */
    int deploy_edge[PWG_MAX_FORCES];
    int deploy_depth[PWG_MAX_FORCES];
} pwg_loader;

/* Reading JSON fields with messages naming the path (eng_pathf builds the
 * path). pwg_load_fail words the refusal into the caller's error, if any,
 * and is false, to return. */
#define pwg_load_fail(l, ...) eng_error_fail((l)->err, __VA_ARGS__)
void pwg_load_copy(char *dst, size_t n, const char *src);
/* pwg_load_copy, or false with a message naming `path` if src does not fit. */
bool pwg_load_copy_fit(pwg_loader *l, char *dst, size_t n, const char *src, const char *path);
bool pwg_load_streq_ci(const char *a, const char *b);
bool pwg_load_int(pwg_loader *l, const json_t *obj, const char *key, const char *path, int lo,
                  int hi, int dflt, int *out);
bool pwg_load_bool(pwg_loader *l, const json_t *v, const char *path, bool *out);

#endif
