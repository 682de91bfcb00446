/*
 * cmd_rules.c - `pocketwar rules [NAME]`: the rule sets, their variant
 * options, variants and scenarios; with --scenario, that scenario's
 * briefing (how to win, the limit, the forces, the special rules).
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "scenario.h"

static json_t *file_title(const eng_rules *r, const char *kind, const char *name)
{
    eng_error err;
    json_t *j = strcmp(kind, "scenario") == 0 ? eng_scenario_load(r, name, &err)
                                              : eng_variant_load(r, name, &err);
    json_t *out = json_object();
    json_object_set_new(out, "name", json_string(name));
    if (!j) {
        json_object_set_new(out, "error", json_string(err.msg));
        return out;
    }
    json_t *t = json_object_get(j, "title");
    json_t *d = json_object_get(j, "description");
    if (json_is_string(t))
        json_object_set(out, "title", t);
    if (json_is_string(d))
        json_object_set(out, "description", d);
    json_decref(j);
    return out;
}

/* The data files a game of the default scenario reads (the scenario's own
 * choices, an army or faction, may read others; records name theirs). */
static json_t *data_files(const eng_rules *r)
{
    json_t *arr = json_array();
    eng_error err;
    json_t *sc = eng_scenario_load(r, eng_rules_default_scenario(r), &err);
    eng_game *g = sc ? eng_game_new(r, sc, NULL, &err) : NULL;
    json_decref(sc);
    if (!g)
        return arr;
    char buf[2048];
    eng_game_data_files(g, buf, sizeof buf);
    for (char *save = NULL, *t = strtok_r(buf, ";", &save); t; t = strtok_r(NULL, ";", &save)) {
        while (*t == ' ')
            t++;
        char path[4096];
        snprintf(path, sizeof path, "%s%s%s", strchr(t, '/') == t ? "" : eng_data_dir(),
                 t[0] == '/' ? "" : "/", t);
        json_array_append_new(arr, json_string(path));
    }
    eng_game_free(g);
    return arr;
}

static json_t *describe(const eng_rules *r)
{
    json_t *o = json_object();
    json_object_set_new(o, "name", json_string(eng_rules_name(r)));
    json_object_set_new(o, "title", json_string(eng_rules_title(r)));
    json_object_set_new(o, "version", json_string(eng_rules_version(r)));
    json_object_set_new(o, "summary", json_string(eng_rules_summary(r)));
    json_object_set_new(o, "default_scenario", json_string(eng_rules_default_scenario(r)));
    json_t *opts = json_array();
    for (const eng_option_doc *d = eng_rules_options(r); d && d->name; d++)
        json_array_append_new(opts, json_pack("{s:s,s:s,s:s,s:s}", "name", d->name,
                                              "values", d->values, "default",
                                              d->default_value, "help", d->help));
    json_object_set_new(o, "options", opts);
    const char *kinds[] = {"variant", "scenario"};
    for (int k = 0; k < 2; k++) {
        char **names;
        int n = k ? eng_scenario_names(r, &names) : eng_variant_names(r, &names);
        json_t *arr = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(arr, file_title(r, kinds[k], names[i]));
        eng_names_free(names, n);
        json_object_set_new(o, k ? "scenarios" : "variants", arr);
    }
    json_object_set_new(o, "data_files", data_files(r));
    return o;
}

static void print_text(json_t *o)
{
    printf("%s (%s, rules version %s)\n  %s\n",
           json_string_value(json_object_get(o, "title")),
           json_string_value(json_object_get(o, "name")),
           json_string_value(json_object_get(o, "version")),
           json_string_value(json_object_get(o, "summary")));
    size_t i;
    json_t *v;
    json_t *opts = json_object_get(o, "options");
    if (json_array_size(opts)) {
        printf("\n  variant options (--option KEY=VALUE):\n");
        json_array_foreach(opts, i, v)
            printf("    %-20s %s (default %s)\n      %s\n",
                   json_string_value(json_object_get(v, "name")),
                   json_string_value(json_object_get(v, "values")),
                   json_string_value(json_object_get(v, "default")),
                   json_string_value(json_object_get(v, "help")));
    }
    json_t *files = json_object_get(o, "data_files");
    if (json_array_size(files)) {
        printf("\n  data files (read by the default scenario's game; a record names its own):\n");
        json_array_foreach(files, i, v)
            printf("    %s\n", json_string_value(v));
    }
    const char *lists[] = {"variants", "scenarios"};
    const char *heads[] = {"named variants (--variant NAME)", "scenarios (--scenario NAME)"};
    for (int k = 0; k < 2; k++) {
        json_t *arr = json_object_get(o, lists[k]);
        if (!json_array_size(arr))
            continue;
        printf("\n  %s:\n", heads[k]);
        json_array_foreach(arr, i, v) {
            const char *name = json_string_value(json_object_get(v, "name"));
            const char *title = json_string_value(json_object_get(v, "title"));
            const char *err = json_string_value(json_object_get(v, "error"));
            bool def = k == 1 && strcmp(name, json_string_value(json_object_get(o, "default_scenario"))) == 0;
            printf("    %-20s %s%s\n", name, err ? err : title ? title : "",
                   def ? " (default)" : "");
        }
    }
}

/* The briefing of the scenario the options name; 0, or the exit status
 * after a message. */
static int briefing(cli_game_opts *go, bool as_json)
{
    go->seed_given = true;   /* no game is played: any seed */
    eng_match *m = cli_match_new(go);
    if (!m)
        return go->status;
    json_t *b = eng_briefing(m->game);
    if (!b) {
        cli_error("rules", "%s gives no briefing", eng_rules_title(m->rules));
        eng_match_free(m);
        return 1;
    }
    if (as_json) {
        char *s = json_dumps(b, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        puts(s);
        free(s);
    } else {
        cli_brief_print(stdout, b, 78);
    }
    json_decref(b);
    eng_match_free(m);
    return 0;
}

/* The rule sets (only the one named, or all) listed, as text or JSON; 0, or
 * 2 after a message. */
static int list(const char *only, bool as_json)
{
    if (only && !eng_rules_find(only)) {
        cli_error("rules", "no rule set named \"%s\"", only);
        return 2;
    }
    json_t *all = json_array();
    for (const eng_rules *const *r = eng_registry(); *r; r++)
        if (!only || strcmp(only, eng_rules_name(*r)) == 0)
            json_array_append_new(all, describe(*r));
    if (as_json) {
        char *s = json_dumps(all, JSON_INDENT(2));
        puts(s);
        free(s);
    } else {
        size_t i;
        json_t *v;
        json_array_foreach(all, i, v) {
            if (i)
                putchar('\n');
            print_text(v);
        }
    }
    json_decref(all);
    return 0;
}

int cmd_rules(int argc, char **argv)
{
    cli_game_opts go;
    cli_game_opts_init(&go);
    bool as_json = false;
    int first, rc;
    const cli_usage usage = {
        "rules [NAME] [--json]\n"
        "       pocketwar rules --rules NAME --scenario S [--variant V] [--option K=V] [--json]",
        "Lists the rule sets pocketwar knows, with their variant options, named\n"
        "variants and shipped scenarios. With NAME, only that rule set.\n"
        "With --scenario, the scenario's briefing instead: how to win, the turn or\n"
        "round limit, each side's forces and the special rules, worked out from the\n"
        "scenario's data and the options.\n", NULL};
    const cli_opt opts[] = {
        CLI_SCENARIO(&go),
        {.name = "json", .kind = CLI_OPT_FLAG, .out = &as_json, .letter = 'j',
         .help = "print the same as JSON"},
        CLI_END,
    };
    int r = cli_opts_parse(&usage, opts, argc, argv, &first);
    bool briefing_asked = go.scenario || json_object_size(go.options) || go.position;
    if (r != 0)
        rc = r > 0 ? 0 : go.status;
    else if (briefing_asked && first < argc) {
        cli_error("rules", "give the rule set with --rules, not \"%s\", with --scenario",
                  argv[first]);
        rc = 2;
    } else if (briefing_asked)
        rc = briefing(&go, as_json);
    else
        rc = list(first < argc ? argv[first] : go.rules_given ? go.rules : NULL, as_json);
    cli_game_opts_free(&go);
    return rc;
}
