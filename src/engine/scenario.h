/*
 * scenario.h - finding and reading data files: scenarios and variants,
 * and the key check every rule set's loader makes of their objects.
 *
 * Data lives in data/<rules>/scenarios/<name>.json and
 * data/<rules>/variants/<name>.json. The data folder is the one the build
 * was made from, or $POCKETWAR_DATA when set. A scenario may also be named
 * by a path (anything containing '/' or ending in .json). JSON errors name
 * the file, line and column.
 */
#ifndef SCENARIO_H
#define SCENARIO_H

#include "engine.h"

const char *eng_data_dir(void);

/* Reads a JSON file; NULL + "FILE:LINE:COLUMN: problem" on error. */
json_t *eng_json_file(const char *path, eng_error *err);

/* Does a scenario's (or variant's) name_or_path name a file (it holds '/'
 * or ends in .json), not a shipped one? */
bool eng_data_is_path(const char *name_or_path);
/* A scenario of rule set r by name or path; checks its "rules" field. */
json_t *eng_scenario_load(const eng_rules *r, const char *name_or_path, eng_error *err);
/* A variant's options object, by name or path. */
json_t *eng_variant_load(const eng_rules *r, const char *name_or_path, eng_error *err);

/* Names of the shipped scenarios (or variants) of r, sorted; returns the
 * count and an array the caller frees with eng_names_free. */
int eng_scenario_names(const eng_rules *r, char ***names);
int eng_variant_names(const eng_rules *r, char ***names);
void eng_names_free(char **names, int n);

/* Every rule set's loader refuses a field it does not know: true when
 * each key of the JSON object is in the NULL-ended list `known` (keys
 * starting with '_' are notes and always allowed), else false with
 * "PATH: unknown field \"KEY\"" in err. */
bool eng_json_check_keys(const json_t *obj, const char *path, const char *const *known,
                         eng_error *err);

/* snprintf for the path of a field in a loader's message: a path cut
 * short is still a usable message. */
void eng_pathf(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A rule set's own data file (e.g. "terrain.json"), by name. */
json_t *eng_rules_data_file(const char *rules_name, const char *file, eng_error *err);

/* ---- names from untrusted input -------------------------------------------------- */

/* Is name a shipped data file's name (letters, digits, '-', '_'; no path)? */
bool eng_data_name_ok(const char *name);
/* False with a message when any string in v (options, at any depth) names a
 * file (holds '/' or ends in .json): untrusted input names shipped data only. */
bool eng_options_name_no_files(const json_t *v, eng_error *err);

#endif
