/*
 * cli_ai.c - computer players on the command line: their names (kinds,
 * levels and "NAME:key=value" specs, read by ai_spec_parse) and the budget
 * options every command that makes them takes (--ai-iterations, --ai-time,
 * --threads).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "english.h"
#include "cli.h"
#include "ai_net.h"

int cli_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > AI_MAX_THREADS ? AI_MAX_THREADS : (int)n;
}

void cli_ai_opts_init(cli_ai_opts *o)
{
    *o = (cli_ai_opts){.budget = AI_BUDGET_NONE, .allow_cheats = false};
}

void cli_ai_opts_for_game(cli_ai_opts *o, const eng_game *g)
{
    ai_budget_for_game(&o->budget, g);
    o->rules = g ? eng_game_rules(g) : NULL;
}

int cli_ai_opt(cli_ai_opts *o, int code, const char *arg)
{
    switch (code) {
    case OPT_AI_ITERATIONS:
        return cli_parse_int("--ai-iterations", arg, 1, 100000000, &o->budget.iterations)
               ? -1 : 1;
    case OPT_AI_TIME:
        return cli_parse_int("--ai-time", arg, 1, 3600000, &o->budget.time_ms) ? -1 : 1;
    case OPT_THREADS:
        return cli_parse_int("--threads", arg, 1, AI_MAX_THREADS, &o->budget.threads)
               ? -1 : 1;
    default:
        return 0;
    }
}

const char *cli_ai_names(void)
{
    return ai_fair_names();
}

const char *cli_ai_names_all(void)
{
    return ai_spec_names();
}

void cli_ai_help(FILE *out)
{
    fprintf(out, "Computer players: %s.\n\nThe levels:\n", ai_spec_names());
    for (const ai_level *l = ai_levels(); l->name; l++)
        fprintf(out, "  %-8s %s\n", l->name, l->summary);
    fprintf(out, "\nSettings follow the name, each as :KEY=VALUE "
            "(\"normal:iterations=5000:threads=1\"):\n");
    for (const ai_setting *st = ai_settings(); st->name; st++) {
        char head[48], range[48] = "";
        snprintf(head, sizeof head, "%s=%s", st->name, st->value);
        if (st->how != AI_SET_CHOICE && st->how != AI_SET_FILE)
            snprintf(range, sizeof range, " (%g to %g)", st->lo, st->hi);
        fprintf(out, "  %-22s %s%s\n", head, st->help, range);
    }
}

static int parse(const char *spec, const cli_ai_opts *o, const ai_kind **k, ai_config *cfg,
                 eng_error *err)
{
    ai_budget b = o ? o->budget : AI_BUDGET_NONE;
    if (b.threads < 0)
        b.threads = cli_cores();
    /* a command that refuses the oracle offers the players it accepts */
    if (ai_spec_parse_offering(spec, &b, o && o->allow_cheats, k, cfg, err) != 0)
        return -1;
    if (cfg->eval > 0 && o && o->rules) {   /* eval=net: its weights must load */
        eng_error why;
        ai_net *net = ai_net_for_rules_file(o->rules, cfg->net, &why);
        if (!net) {
            eng_error_set(err, "computer player \"%s\": %s", spec, why.msg);
            return -1;
        }
        ai_net_free(net);
    }
    if ((*k)->cheats && !(o && o->allow_cheats)) {
        eng_error_set(err, "\"%s\" cheats (it foresees the dice and reads hidden "
                      "information): it is a yardstick for `tournament` and `battle`, "
                      "never an opponent or a helper; choose another player", spec);
        return -1;
    }
    return 0;
}

bool cli_ai_known(const char *spec)
{
    const ai_kind *k;
    ai_config cfg = {0};
    eng_error err;
    return parse(spec, NULL, &k, &cfg, &err) == 0;
}

ai_player *cli_ai_make(const char *spec, uint64_t seed, const cli_ai_opts *o, eng_error *err)
{
    const ai_kind *k;
    ai_config cfg = {.seed = seed};
    if (parse(spec, o, &k, &cfg, err) != 0)
        return NULL;
    cfg.seed = seed;
    return ai_new(k, &cfg);
}

ai_player *cli_ai_new(const char *spec, uint64_t seed, const cli_ai_opts *o)
{
    eng_error err;
    ai_player *p = cli_ai_make(spec, seed, o, &err);
    if (!p)
        fprintf(stderr, "pocketwar: %s\n", err.msg);
    return p;
}

void cli_ai_describe(const ai_player *p, const char *spec, char *buf, size_t n)
{
    const ai_kind *k = ai_player_kind(p);
    const ai_config *c = ai_player_config(p);
    size_t len = (size_t)snprintf(buf, n, "%s", spec);
    const char *text = k->budget_text, *mark = text ? strstr(text, "%d") : NULL;
    if (len >= n || (text && !mark))
        return;                  /* no budget to tell */
    char budget[96];
    if (mark)
        snprintf(budget, sizeof budget, "%.*s%d%s", (int)(mark - text), text, c->iterations,
                 mark + 2);
    else if (c->iterations > 0 && c->time_ms > 0)
        snprintf(budget, sizeof budget, "%d %s or %d ms", c->iterations,
                 eng_noun(c->iterations, "iteration", "iterations"), c->time_ms);
    else if (c->iterations > 0)
        snprintf(budget, sizeof budget, "%d %s", c->iterations,
                 eng_noun(c->iterations, "iteration", "iterations"));
    else
        snprintf(budget, sizeof budget, "%d ms", c->time_ms);
    if (k->cheats) {             /* never let a cheat's figures pass for a player's */
        snprintf(buf + len, n - len, " (CHEATS: foresees the dice; %s, %s", k->name, budget);
    } else if (strcmp(k->name, spec) == 0)
        snprintf(buf + len, n - len, " (%s", budget);
    else
        snprintf(buf + len, n - len, " (%s, %s", k->name, budget);
    len = strlen(buf);
    char finish[96] = "";
    if (c->horizon > 0)          /* a playout shorter or longer than the search's own */
        snprintf(finish, sizeof finish, ", playouts of %d %s", c->horizon,
                 eng_noun(c->horizon, "step", "steps"));
    if (c->finish > 0)
        snprintf(finish + strlen(finish), sizeof finish - strlen(finish),
                 ", played out to the end at %g", c->finish);
    if (!text && len < n)        /* a search: its threads too */
        snprintf(buf + len, n - len, "%s, %d thread%s)", finish, c->threads,
                 c->threads == 1 ? "" : "s");
    else if (len < n)
        snprintf(buf + len, n - len, ")");
}

void cli_explain_summary(const ai_explanation *why, char *buf, size_t n)
{
    if (why->iterations > 0)
        snprintf(buf, n, "%.2f s, %ld %s", why->seconds, why->iterations,
                 why->tree ? "iterations" : "samples");
    else
        snprintf(buf, n, "%.2f s, a forced or random choice", why->seconds);
    if (why->threads > 1) {
        size_t len = strlen(buf);
        if (len < n)
            snprintf(buf + len, n - len, " on %d threads", why->threads);
    }
}

bool cli_explain_secret(const eng_state *s, const ai_explanation *why, int viewer)
{
    for (int i = 0; i < why->count; i++) {
        char text[ENG_TEXT_MAX], seen[ENG_TEXT_MAX];
        eng_action_text(s, why->best[i].action, text, sizeof text);
        eng_action_text_seen(s, why->best[i].action, viewer, seen, sizeof seen);
        if (strcmp(text, seen) != 0)
            return true;
    }
    return false;
}

void cli_explain_print(FILE *out, const eng_state *s, const ai_explanation *why, int max,
                       const eng_action *acts, int n, const char *indent)
{
    /* each candidate's exact odds under it, where nothing is hidden from
     * anyone (so the line gives nothing away to whoever reads it) */
    bool odds = eng_current_player(s) >= 0;
    for (int p = 0; p < eng_game_players(eng_state_game(s)) && odds; p++)
        odds = !eng_hides_from(s, p);
    for (int i = 0; i < why->count && i < max; i++) {
        const ai_candidate *c = &why->best[i];
        char text[ENG_TEXT_MAX];
        eng_action_text(s, c->action, text, sizeof text);
        fprintf(out, "%s", indent);
        if (acts) {
            int num = 0;
            for (int k = 0; k < n; k++)
                if (acts[k] == c->action)
                    num = k + 1;
            fprintf(out, "%4d. ", num);
        }
        /* no visits: the player never weighed it, and has no estimate */
        if (c->visits > 0)
            fprintf(out, "%-28s %5.1f%%  %7d %s", text, c->value * 100, c->visits,
                    why->tree ? eng_noun(c->visits, "visit", "visits")
                              : eng_noun(c->visits, "try", "tries"));
        else
            fprintf(out, "%-28s  not searched", text);
        fputc('\n', out);
        char brief[1024];
        if (odds && cli_odds_brief(s, c->action, eng_current_player(s), brief, sizeof brief))
            fprintf(out, "%s%s      %s\n", indent, acts ? "      " : "", brief);
    }
}
