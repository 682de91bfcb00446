/*
 * legacy.h - games of an older rules version: which older versions a rule
 * set still replays, and the options that give each one's game under
 * today's rules, as listed in data/<rules>/versions.json.
 *
 * versions.json is one JSON object: each key an older version, each value
 * an object of options ({"1": {"advance": "attacker"}}); keys starting
 * with '_' are notes. A rule set without the file replays its own version
 * only. Records (record.c) and the server's games store use it; the
 * format is documented in docs/records.md.
 */
#ifndef LEGACY_H
#define LEGACY_H

#include "engine.h"

/*
 * The options under which a game of rule set r made with rules `version`
 * replays today: `options` (may be NULL; they win) over those versions.json
 * gives for that version. Returns a new object, and in `note` (n bytes) a
 * line naming the version and the options added. For a version not listed,
 * NULL and err says "this pocketwar has version N and replays ..." (the
 * caller says whose version it was); for a malformed file, NULL and err
 * names the file.
 */
json_t *eng_legacy_options(const eng_rules *r, const char *version, const json_t *options,
                           char *note, size_t n, eng_error *err);

#endif
