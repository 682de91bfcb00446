/*
 * srv_api_rules.c - GET /api/rules[/NAME]: the rule sets, their variant
 * options, named variants and shipped scenarios, and the computer players
 * a seat may be given.
 *
 * Each scenario comes with its briefing (victory conditions, limits and
 * forces in words, eng_briefing), null where the rule set gives none.
 * "sides" names the scenario's sides, one a seat.
 */
#include <string.h>
#include "srv_private.h"
#include "scenario.h"

/* The game's sides by name, one a seat (a new game's seats follow them). */
static json_t *sides_json(const eng_game *g)
{
    json_t *a = json_array();
    for (int p = 0; g && p < eng_game_players(g); p++)
        json_array_append_new(a, json_string(eng_game_player_name(g, p)));
    return a;
}

static json_t *file_entry(const eng_rules *r, bool scenario, const char *name)
{
    eng_error err;
    json_t *j = scenario ? eng_scenario_load(r, name, &err) : eng_variant_load(r, name, &err);
    json_t *o = json_pack("{s:s}", "name", name);
    if (!j) {
        json_object_set_new(o, "error", json_string(err.msg));
        return o;
    }
    const char *fields[] = {"title", "description"};
    for (int i = 0; i < 2; i++) {
        json_t *v = json_object_get(j, fields[i]);
        if (json_is_string(v))
            json_object_set(o, fields[i], v);
    }
    if (scenario) {
        eng_game *g = eng_game_new(r, j, NULL, &err);
        json_t *b = g ? eng_briefing(g) : NULL;
        json_object_set_new(o, "briefing", b ? b : json_null());
        json_object_set_new(o, "sides", sides_json(g));
        eng_game_free(g);
    }
    json_decref(j);
    return o;
}

static json_t *describe(const eng_rules *r)
{
    json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:s}", "name", eng_rules_name(r), "title",
                          eng_rules_title(r), "version", eng_rules_version(r), "summary",
                          eng_rules_summary(r), "default_scenario",
                          eng_rules_default_scenario(r));
    json_t *opts = json_array();
    for (const eng_option_doc *d = eng_rules_options(r); d && d->name; d++)
        json_array_append_new(opts, json_pack("{s:s,s:s,s:s,s:s}", "name", d->name, "values",
                                              d->values, "default", d->default_value,
                                              "help", d->help));
    json_object_set_new(o, "options", opts);
    for (int k = 0; k < 2; k++) {
        char **names;
        int n = k ? eng_scenario_names(r, &names) : eng_variant_names(r, &names);
        json_t *a = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(a, file_entry(r, k == 1, names[i]));
        eng_names_free(names, n);
        json_object_set_new(o, k ? "scenarios" : "variants", a);
    }
    return o;
}

static json_t *levels(void)
{
    json_t *a = json_array();
    const char *names[] = {"random", "thumb", "flat", "easy", "normal", "hard"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (srv_level_known(names[i]))
            json_array_append_new(a, json_string(names[i]));
    return a;
}

int srv_api_rules(srv_req *r)
{
    const char *name = strncmp(r->path, "/rules/", 7) == 0 ? r->path + 7 : NULL;
    if (name && *name) {
        char clean[64];
        snprintf(clean, sizeof clean, "%.*s", (int)strcspn(name, "/"), name);
        const eng_rules *rs = eng_rules_find(clean);
        if (!rs)
            return srv_reply_error(r, 404, "path", "no rule set named \"%s\"", clean);
        json_t *o = describe(rs);
        json_object_set_new(o, "computer_levels", levels());
        return srv_reply_json(r, 200, o);
    }
    json_t *a = json_array();
    for (const eng_rules *const *rs = eng_registry(); *rs; rs++)
        json_array_append_new(a, describe(*rs));
    return srv_reply_json(r, 200, json_pack("{s:o,s:o}", "rules", a, "computer_levels",
                                            levels()));
}
