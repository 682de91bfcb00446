/*
 * losses.c - the engine's door to a rule set's losses summary: per side,
 * what it started with and what it has lost, in the rule set's own terms
 * (units, strength points, troops, deployment points), as JSON for the
 * server and the browser and in words for the terminal.
 */
#include <string.h>
#include "engine_private.h"

json_t *eng_losses(const eng_state *s, int viewer)
{
    const eng_rules *r = eng_game_rules(eng_state_game(s));
    if (!r->losses)
        return NULL;
    return r->losses(eng_game_data(eng_state_game(s)), eng_state_cbody(s), viewer);
}

bool eng_losses_text(const eng_state *s, int viewer, char *buf, size_t n)
{
    buf[0] = '\0';
    json_t *j = eng_losses(s, viewer);
    if (!j)
        return false;
    size_t len = 0;
    size_t i, k;
    json_t *side, *c;
    json_array_foreach(json_object_get(j, "sides"), i, side) {
        const char *name = json_string_value(json_object_get(side, "side"));
        if (len < n)
            len += (size_t)snprintf(buf + len, n - len, "%s%s:", i ? "; " : "", name ? name : "?");
        json_array_foreach(json_object_get(side, "counts"), k, c) {
            const char *what = json_string_value(json_object_get(c, "what"));
            if (len < n)
                len += (size_t)snprintf(buf + len, n - len, "%s %s %lld of %lld lost", k ? "," : "",
                                        what ? what : "?",
                                        (long long)json_integer_value(json_object_get(c, "lost")),
                                        (long long)json_integer_value(json_object_get(c, "start")));
        }
    }
    json_decref(j);
    eng_utf8_trim_end(buf);
    return buf[0] != '\0';
}
