/*
 * match_position.c - a match that starts from a position (JSON, as
 * `pocketwar state` prints it) instead of a scenario's beginning; undo and
 * records go back to that position, not to turn 1.
 */
#include <stdlib.h>
#include <string.h>
#include "match.h"
#include "scenario.h"

eng_match *eng_match_new_at(const char *rules, const char *scenario, const json_t *options,
                            const json_t *position, uint64_t seed, eng_error *err)
{
    if (!json_is_object(position)) {
        eng_error_set(err, "a position must be a JSON object");
        return NULL;
    }
    if (!rules)
        rules = json_string_value(json_object_get(position, "rules"));
    if (!rules) {
        eng_error_set(err, "the position names no rule set (\"rules\")");
        return NULL;
    }
    if (!scenario)
        scenario = json_string_value(json_object_get(position, "scenario"));
    /* the position's options, then those given */
    json_t *opts = json_object();
    const json_t *own = json_object_get(position, "options");
    if (own && !json_is_object(own)) {
        json_decref(opts);
        eng_error_set(err, "position field \"options\": must be an object");
        return NULL;
    }
    if (own)
        json_object_update(opts, (json_t *)own);
    if (options)
        json_object_update(opts, (json_t *)options);
    const json_t *sv = json_object_get(position, "seed");
    if (json_is_integer(sv) && json_integer_value(sv) >= 0)
        seed = (uint64_t)json_integer_value(sv);
    else if (json_is_string(sv))
        seed = strtoull(json_string_value(sv), NULL, 10);   /* checked when loaded */
    eng_match *m = eng_match_new(rules, scenario, opts, seed, err);
    json_decref(opts);
    if (!m)
        return NULL;
    eng_state *s = eng_state_from_json(m->game, position, seed, err);
    if (!s) {
        eng_match_free(m);
        return NULL;
    }
    eng_state_free(m->state);
    m->state = s;
    m->start = eng_state_clone(s);
    m->position = eng_state_json(s, ENG_VIEW_ALL);   /* the whole of it, for the record */
    /* The record names the options the position holds (the scenario's own
     * and those given), as reading it back will: a position that left its
     * options out would otherwise be recorded with none and read back with
     * the scenario's, the same game in another record. */
    const json_t *held = json_object_get(m->position, "options");
    if (json_is_object(held)) {
        json_t *named = json_deep_copy(held);
        json_object_update(named, m->options);
        json_decref(m->options);
        m->options = named;
    }
    return m;
}
