/*
 * proto_game.c - the engine protocol's commands about the game (see
 * proto.h and docs/protocol.md): starting one (new, position, load),
 * taking steps (play, enter, roll, undo), and looking at it (legal,
 * to_move, status, state, showboard, history, result, record).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "proto.h"
#include "scenario.h"

int proto_need_game(const proto *p, FILE *out)
{
    if (p->m)
        return 0;
    fputs("no game: start one with new, position or load", out);
    return -1;
}

int proto_need_files(const proto *p, const char *what, FILE *out)
{
    if (p->allow_files)
        return 0;
    fprintf(out, "%s: this engine names shipped data only and reads or writes no file "
            "named in a request (start it with --allow-files to allow that)", what);
    return -1;
}

int proto_viewer(const proto *p, const char *word, FILE *out)
{
    if (!word || strcasecmp(word, "all") == 0)
        return ENG_VIEW_ALL;
    int np = eng_game_players(p->m->game);
    for (int s = 0; s < np; s++)
        if (strcasecmp(word, eng_game_player_name(p->m->game, s)) == 0)
            return s;
    char *end;
    long v = strtol(word, &end, 10);
    if (*word && !*end && v >= 1 && v <= np)
        return (int)v - 1;
    fprintf(out, "no side \"%s\": give 1..%d, a side's name or all", word, np);
    return -2;
}

/* ---- starting a game --------------------------------------------------------- */

int proto_rules(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    for (const eng_rules *const *r = eng_registry(); *r; r++)
        fprintf(out, "%s%s %s %s", r == eng_registry() ? "" : "\n", eng_rules_name(*r),
                eng_rules_default_scenario(*r), eng_rules_title(*r));
    return 0;
}

int proto_scenarios(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    const eng_rules *r = argc == 1 ? eng_rules_find(argv[0]) : NULL;
    if (!r) {
        fputs(argc == 1 ? "no such rule set (see rules)" : "give a rule set: scenarios RULES",
              out);
        return -1;
    }
    char **names;
    int n = eng_scenario_names(r, &names);
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%s", i ? "\n" : "", names[i]);
    eng_names_free(names, n);
    return 0;
}

/* "RULES [SCENARIO] [seed=N] [variant=NAME] [KEY=VALUE...]" into a new
 * match; NULL after the reason went to out. */
static eng_match *make_match(const proto *p, int argc, char **argv, FILE *out)
{
    if (argc < 1) {
        fputs("give a rule set (see rules)", out);
        return NULL;
    }
    const eng_rules *r = eng_rules_find(argv[0]);
    if (!r) {
        fprintf(out, "no rule set named \"%s\" (see rules)", argv[0]);
        return NULL;
    }
    const char *scenario = NULL;
    int i = 1;
    if (i < argc && !strchr(argv[i], '='))
        scenario = argv[i++];
    if (scenario && !eng_data_name_ok(scenario) && proto_need_files(p, "a scenario path", out))
        return NULL;
    uint64_t seed = 0;
    bool seeded = false;
    json_t *options = json_object();
    eng_match *m = NULL;
    for (; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq || eq == argv[i]) {
            fprintf(out, "expected KEY=VALUE, not \"%s\"", argv[i]);
            goto out;
        }
        *eq = '\0';
        const char *key = argv[i], *val = eq + 1;
        if (strcmp(key, "seed") == 0) {
            if (!eng_parse_u64(val, &seed)) {
                fprintf(out, "seed takes a whole number from 0 to %llu, not \"%s\"",
                        (unsigned long long)UINT64_MAX, val);
                goto out;
            }
            seeded = true;
        } else if (strcmp(key, "variant") == 0) {
            if (!eng_data_name_ok(val) && proto_need_files(p, "a variant path", out))
                goto out;
            eng_error err;
            json_t *v = eng_variant_load(r, val, &err);
            if (!v) {
                fprintf(out, "%s", err.msg);
                goto out;
            }
            json_object_update(options, json_object_get(v, "options"));
            json_decref(v);
        } else {
            json_error_t jerr;
            json_t *v = json_loads(val, JSON_DECODE_ANY, &jerr);
            if (!v && !(v = json_string(val))) {
                fprintf(out, "option %s: the value is not UTF-8 text", key);
                goto out;
            }
            json_object_set_new(options, key, v);
        }
    }
    eng_error ferr;
    if (!p->allow_files && !eng_options_name_no_files(options, &ferr)) {
        fprintf(out, "an option's value: %s (start the engine with --allow-files to "
                "allow files)", ferr.msg);
        goto out;
    }
    if (!seeded)
        seed = cli_clock_seed();          /* as the commands do */
    eng_error err;
    m = eng_match_new(eng_rules_name(r), scenario, options, seed, &err);
    if (!m)
        fprintf(out, "%s", err.msg);
out:
    json_decref(options);
    return m;
}

static void describe(const eng_match *m, FILE *out)
{
    char status[256];
    eng_status_text(m->state, status, sizeof status);
    fprintf(out, "%s, scenario %s, seed %llu, %zu step%s: %s", eng_rules_title(m->rules),
            eng_game_scenario_name(m->game), (unsigned long long)m->seed, m->nsteps,
            m->nsteps == 1 ? "" : "s", status);
}

static void replace_game(proto *p, eng_match *m, FILE *out)
{
    eng_match_free(p->m);
    p->m = m;
    describe(m, out);
}

int proto_new(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    eng_match *m = make_match(p, argc, argv, out);
    if (!m)
        return -1;
    replace_game(p, m, out);
    return 0;
}

static char *trim(char *s)
{
    while (*s == ' ')
        s++;
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == ' ')
        s[--n] = '\0';
    return s;
}

/* One step of a position's list: a side's action, or a chance outcome,
 * marked drawn when the seed gives it and entered otherwise. */
static int step(eng_match *m, const char *text, eng_error *err)
{
    if (eng_current_player(m->state) != ENG_CHANCE)
        return eng_match_apply_text(m, text, false, err);
    eng_action a;
    if (eng_action_parse(m->state, text, &a, err) != 0)
        return -1;
    if (a == eng_chance_sample(m->state)) {
        eng_match_apply_chance(m);
        return 0;
    }
    return eng_match_apply(m, a, true, err);
}

/* Plays the steps of a "moves" list (the text after the word), split at ';'. */
static int play_moves(eng_match *m, const char *at, FILE *out)
{
    char *list = strdup(at);
    char *save = NULL;
    int k = 0;
    for (char *tok = strtok_r(list, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
        char *text = trim(tok);
        k++;
        if (!*text)
            continue;
        eng_error err;
        if (step(m, text, &err) != 0) {
            fprintf(out, "move %d \"%s\": %s", k, text, err.msg);
            free(list);
            return -1;
        }
    }
    free(list);
    return 0;
}

/* "position {JSON} [moves ...]": a game from a position as `state` prints it. */
static int position_json(proto *p, const char *line, FILE *out)
{
    json_error_t jerr;
    json_t *pos = json_loads(line, JSON_DISABLE_EOF_CHECK, &jerr);
    if (!pos) {
        fprintf(out, "the position is not JSON: %s (column %d)", jerr.text, jerr.column);
        return -1;
    }
    const char *rest = line + jerr.position;
    while (*rest == ' ')
        rest++;
    if (*rest && strncmp(rest, "moves", 5) != 0) {
        fprintf(out, "after the position, expected \"moves\" and the steps, not \"%s\"", rest);
        json_decref(pos);
        return -1;
    }
    /* the file policy, as for new: a shipped scenario's name, options naming no file */
    const char *sc = json_string_value(json_object_get(pos, "scenario"));
    const json_t *popts = json_object_get(pos, "options");
    eng_error err;
    if (!p->allow_files && ((sc && !eng_data_name_ok(sc)) ||
                            (json_is_object(popts) && !eng_options_name_no_files(popts, &err)))) {
        json_decref(pos);
        return proto_need_files(p, "a position naming a file", out);
    }
    eng_match *m = eng_match_new_at(NULL, NULL, NULL, pos, cli_clock_seed(), &err);
    json_decref(pos);
    if (!m) {
        fprintf(out, "%s", err.msg);
        return -1;
    }
    if (*rest && play_moves(m, rest + 5, out) != 0) {
        eng_match_free(m);
        return -1;
    }
    replace_game(p, m, out);
    return 0;
}

int proto_position(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    while (*line == ' ')
        line++;
    if (*line == '{')
        return position_json(p, line, out);
    int head = argc;
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "moves") == 0) {
            head = i;
            break;
        }
    eng_match *m = make_match(p, head, argv, out);
    if (!m)
        return -1;
    if (head < argc) {
        /* the text after the word "moves" (the head+1'th word), split at ';' */
        const char *at = line;
        for (int w = 0; w <= head; w++) {
            while (*at == ' ')
                at++;
            while (*at && *at != ' ')
                at++;
        }
        if (play_moves(m, at, out) != 0) {
            eng_match_free(m);
            return -1;
        }
    }
    replace_game(p, m, out);
    return 0;
}

int proto_load(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (!*line) {
        fputs("give a record file: load FILE", out);
        return -1;
    }
    if (proto_need_files(p, "load", out))
        return -1;
    eng_error err;
    eng_match *m = eng_match_load_file(line, &err);
    if (!m) {
        fprintf(out, "%s", err.msg);
        return -1;
    }
    replace_game(p, m, out);
    if (err.msg[0])             /* a record cut short: it loads, with a warning */
        fprintf(out, "\n%s", err.msg);
    return 0;
}

int proto_save(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    if (!*line) {
        fputs("give a file: save FILE", out);
        return -1;
    }
    if (proto_need_files(p, "save", out))
        return -1;
    eng_error err;
    if (eng_match_save_file(p->m, line, &err) != 0) {
        fprintf(out, "%s", err.msg);
        return -1;
    }
    return 0;
}

int proto_record(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    eng_error err;
    if (eng_match_save(p->m, out, &err) != 0) {
        fprintf(out, "%s", err.msg);
        return -1;
    }
    return 0;
}

/* ---- steps ------------------------------------------------------------------ */

/* Plays text (a side's action, or an outcome entered) and writes its
 * notation as printed in the position it was played in: the reply costs one
 * step, not a replay of the game. */
static int play_said(eng_match *m, const char *text, bool entered, FILE *out)
{
    eng_action a;
    eng_error err;
    char said[ENG_TEXT_MAX];
    if (eng_action_parse(m->state, text, &a, &err) != 0) {
        fprintf(out, "%s", err.msg);
        return -1;
    }
    eng_action_text(m->state, a, said, sizeof said);
    if (eng_match_apply(m, a, entered, &err) != 0) {
        fprintf(out, "%s", err.msg);
        return -1;
    }
    fputs(said, out);
    return 0;
}

int proto_play(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    int who = eng_current_player(p->m->state);
    if (who == ENG_CHANCE) {
        fputs("chance acts now, not a side: use enter OUTCOME or roll", out);
        return -1;
    }
    if (!*line) {
        fputs("give an action: play ACTION (see legal)", out);
        return -1;
    }
    return play_said(p->m, line, false, out);
}

int proto_enter(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    if (eng_current_player(p->m->state) != ENG_CHANCE) {
        fputs(eng_is_terminal(p->m->state) ? "the game is over"
                                           : "a side decides now, not chance: use play ACTION",
              out);
        return -1;
    }
    if (!*line) {
        fputs("give the outcome: enter OUTCOME (see legal)", out);
        return -1;
    }
    return play_said(p->m, line, true, out);
}

int proto_roll(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    bool all = argc == 1 && strcmp(argv[0], "all") == 0;
    if (argc > 1 || (argc == 1 && !all)) {
        fputs("roll takes nothing or all", out);
        return -1;
    }
    if (eng_current_player(p->m->state) != ENG_CHANCE) {
        fputs(eng_is_terminal(p->m->state) ? "the game is over"
                                           : "a side decides now, not chance: use play ACTION",
              out);
        return -1;
    }
    bool first = true;
    do {
        char said[ENG_TEXT_MAX];
        eng_action_text(p->m->state, eng_chance_sample(p->m->state), said, sizeof said);
        eng_match_apply_chance(p->m);
        fprintf(out, "%s%s", first ? "" : "\n", said);
        first = false;
    } while (all && eng_current_player(p->m->state) == ENG_CHANCE);
    return 0;
}

int proto_undo(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    long n = 1;
    if (argc == 1) {
        char *end;
        n = strtol(argv[0], &end, 10);
        if (*end || n < 1) {
            fprintf(out, "undo takes a number of steps, not \"%s\"", argv[0]);
            return -1;
        }
    } else if (argc > 1) {
        fputs("undo takes one number of steps", out);
        return -1;
    }
    if ((size_t)n > p->m->nsteps) {
        fprintf(out, "only %zu step%s to take back", p->m->nsteps,
                p->m->nsteps == 1 ? "" : "s");
        return -1;
    }
    eng_match_undo(p->m, (size_t)n);
    describe(p->m, out);
    return 0;
}

/* ---- looking ---------------------------------------------------------------- */

int proto_legal(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    eng_action acts[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int who = eng_current_player(p->m->state);
    if (who == ENG_TERMINAL)
        return 0;
    int n = who == ENG_CHANCE ? eng_chance_outcomes(p->m->state, acts, prob)
                              : eng_legal_actions(p->m->state, acts);
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        eng_action_text(p->m->state, acts[i], text, sizeof text);
        if (who == ENG_CHANCE)
            fprintf(out, "%s%.6g %s", i ? "\n" : "", prob[i], text);
        else
            fprintf(out, "%s%s", i ? "\n" : "", text);
    }
    return 0;
}

int proto_players(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    for (int s = 0; s < eng_game_players(p->m->game); s++)
        fprintf(out, "%s%d %s", s ? "\n" : "", s + 1, eng_game_player_name(p->m->game, s));
    return 0;
}

int proto_to_move(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    int who = eng_current_player(p->m->state);
    if (who == ENG_CHANCE)
        fputs("chance", out);
    else if (who == ENG_TERMINAL)
        fputs("over", out);
    else
        fprintf(out, "%d %s", who + 1, eng_game_player_name(p->m->game, who));
    return 0;
}

int proto_status(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    char status[256];
    eng_status_text(p->m->state, status, sizeof status);
    fputs(status, out);
    return 0;
}

int proto_state(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    bool odds = argc && strcmp(argv[argc - 1], "odds") == 0;   /* state [VIEWER] odds */
    if (odds)
        argc--;
    int v = proto_viewer(p, argc ? argv[0] : NULL, out);
    if (v == -2)
        return -1;
    json_t *j = eng_state_json(p->m->state, v);
    json_t *all = odds && j ? eng_odds_all_json(p->m->state, v) : NULL;
    if (all)
        json_object_set_new(j, "odds", all);
    char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
    fputs(s ? s : "null", out);
    free(s);
    json_decref(j);
    return 0;
}

int proto_showboard(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    int v = proto_viewer(p, argc ? argv[0] : NULL, out);
    if (v == -2)
        return -1;
    eng_render(p->m->state, v, false, out);
    return 0;
}

void proto_step_line(FILE *out, bool first, int who, const char *text)
{
    if (who >= 0)
        fprintf(out, "%sP%d %s", first ? "" : "\n", who + 1, text);
    else
        fprintf(out, "%s%s %s", first ? "" : "\n", who == ENG_WHO_ENTERED ? "entered" : "chance",
                text);
}

int proto_history(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    int v = proto_viewer(p, argc ? argv[0] : NULL, out);
    if (v == -2)
        return -1;
    eng_state *s = eng_match_state_at(p->m, 0);
    for (size_t i = 0; i < p->m->nsteps; i++) {
        const eng_step *st = &p->m->steps[i];
        char text[ENG_TEXT_MAX];
        eng_action_text_seen(s, st->action, v, text, sizeof text);
        proto_step_line(out, i == 0, st->who, text);
        eng_apply_fast(s, st->action);
    }
    eng_state_free(s);
    return 0;
}

int proto_result(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    char result[256];
    eng_result_text(p->m->state, result, sizeof result);
    fputs(result, out);
    return 0;
}

int proto_returns(proto *p, int argc, char **argv, const char *line, FILE *out)
{
    if (proto_need_game(p, out))
        return -1;
    if (!eng_is_terminal(p->m->state)) {
        fputs("the game is not over", out);
        return -1;
    }
    double r[ENG_MAX_PLAYERS];
    eng_returns(p->m->state, r);
    for (int s = 0; s < eng_game_players(p->m->game); s++)
        fprintf(out, "%s%g", s ? " " : "", r[s]);
    return 0;
}
