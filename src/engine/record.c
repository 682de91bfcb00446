/*
 * record.c - game records: writing a match as text and reading one back.
 *
 * A record is a header of tag lines, [Name "value"], then one step a line:
 * who ("P1".."P4", "chance" for the seeded generator, "entered" for an
 * outcome typed in at the table) and the action in the rule set's notation.
 * Lines starting with ';' are comments; blank lines are ignored. Reading
 * replays every step and checks it: that it is that side's turn, that the
 * action is legal, and that a "chance" outcome is what the seed gives.
 * The format is documented in docs/records.md.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "match.h"
#include "legacy.h"
#include "scenario.h"

#define RECORD_VERSION "1"

/* ---- writing ----------------------------------------------------------- */

static void put_tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            fputc('\\', out);
        if (*p == '\n')
            fputs("\\n", out);
        else
            fputc(*p, out);
    }
    fputs("\"]\n", out);
}

static void who_text(int who, char *buf, size_t n)
{
    if (who == ENG_WHO_CHANCE)
        snprintf(buf, n, "chance");
    else if (who == ENG_WHO_ENTERED)
        snprintf(buf, n, "entered");
    else
        snprintf(buf, n, "P%d", who + 1);
}

int eng_match_save(const eng_match *m, FILE *out, eng_error *err)
{
    char buf[256];
    put_tag(out, "Game", "pocketwar");
    put_tag(out, "Record", RECORD_VERSION);
    put_tag(out, "Rules", eng_rules_name(m->rules));
    put_tag(out, "RulesVersion", eng_rules_version(m->rules));
    put_tag(out, "Scenario", m->scenario);
    char *opts = json_dumps(m->options, JSON_COMPACT | JSON_SORT_KEYS);
    put_tag(out, "Options", opts ? opts : "{}");
    free(opts);
    eng_game_data_files(m->game, buf, sizeof buf);   /* the rule set's data files read */
    if (buf[0])
        put_tag(out, "Data", buf);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)m->seed);
    put_tag(out, "Seed", buf);
    int np = eng_game_players(m->game);
    for (int p = 0; p < np; p++) {
        char tag[32];
        snprintf(tag, sizeof tag, "P%d", p + 1);
        const char *name = eng_game_player_name(m->game, p);
        const char *label = m->players[p] ? m->players[p] : "human";
        char *both = malloc(strlen(name) + strlen(label) + 3);
        if (!both)
            abort();
        sprintf(both, "%s: %s", name, label);     /* whole: never cut */
        put_tag(out, tag, both);
        free(both);
    }
    const char *key;
    json_t *val;
    json_object_foreach(m->tags, key, val)
        if (json_is_string(val))
            put_tag(out, key, json_string_value(val));
    eng_result_text(m->state, buf, sizeof buf);
    put_tag(out, "Result", buf);
    if (m->position) {   /* it starts from this position, not the scenario's beginning */
        char *pos = json_dumps(m->position, JSON_COMPACT | JSON_PRESERVE_ORDER);
        put_tag(out, "Position", pos ? pos : "{}");
        free(pos);
    }
    fputc('\n', out);

    eng_state *s = eng_match_state_at(m, 0);
    for (size_t i = 0; i < m->nsteps; i++) {
        char who[16], text[ENG_TEXT_MAX];
        who_text(m->steps[i].who, who, sizeof who);
        eng_action_text(s, m->steps[i].action, text, sizeof text);
        fprintf(out, "%s %s\n", who, text);
        eng_apply_fast(s, m->steps[i].action);
    }
    eng_state_free(s);
    if (ferror(out)) {
        eng_error_set(err, "could not write the record");
        return -1;
    }
    return 0;
}

int eng_match_save_file(const eng_match *m, const char *path, eng_error *err)
{
    /* write beside, then rename: a failed save never loses the old file */
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        eng_error_set(err, "cannot write %s", path);
        return -1;
    }
    int rc = eng_match_save(m, f, err);
    if (fclose(f) != 0 && rc == 0) {
        eng_error_set(err, "cannot write %s", path);
        rc = -1;
    }
    if (rc == 0 && rename(tmp, path) != 0) {
        eng_error_set(err, "cannot write %s", path);
        rc = -1;
    }
    if (rc != 0)
        remove(tmp);
    return rc;
}

/* ---- reading ------------------------------------------------------------- */

/* Parses `[Name "value"]`; returns 0, or -1 with a message. */
static int parse_tag(char *line, char **name, char **value, const char **why)
{
    char *p = line + 1;
    *name = p;
    while (*p && (isalnum((unsigned char)*p) || *p == '_'))
        p++;
    if (p == *name || *p != ' ') {
        *why = "a header line must look like [Name \"value\"]";
        return -1;
    }
    *p++ = '\0';
    while (*p == ' ')
        p++;
    if (*p != '"') {
        *why = "a tag's value must be in double quotes";
        return -1;
    }
    p++;
    char *w = p;
    *value = w;
    for (;;) {
        if (*p == '\0') {
            *why = "the tag's value has no closing quote";
            return -1;
        }
        if (*p == '"')
            break;
        if (*p == '\\' && p[1]) {
            p++;
            *w++ = *p == 'n' ? '\n' : *p;
            p++;
            continue;
        }
        *w++ = *p++;
    }
    *w = '\0';
    p++;
    while (*p == ' ')
        p++;
    if (*p != ']') {
        *why = "a header line must end with ]";
        return -1;
    }
    return 0;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static int parse_who(const char *w, int players)
{
    if (strcmp(w, "chance") == 0)
        return ENG_WHO_CHANCE;
    if (strcmp(w, "entered") == 0)
        return ENG_WHO_ENTERED;
    if ((w[0] == 'P' || w[0] == 'p') && w[1] >= '1' && w[1] <= '9' && !w[2]) {
        int p = w[1] - '1';
        if (p < players)
            return p;
    }
    return -100;
}

typedef struct header {
    char *rules, *rules_version, *scenario, *options, *seed, *result, *position, *format;
    char *players[ENG_MAX_PLAYERS];
    json_t *other;
} header;

static void header_free(header *h)
{
    free(h->rules); free(h->rules_version); free(h->scenario);
    free(h->options); free(h->seed); free(h->result); free(h->position); free(h->format);
    for (int i = 0; i < ENG_MAX_PLAYERS; i++)
        free(h->players[i]);
    json_decref(h->other);
}

static void header_set(header *h, const char *name, const char *value)
{
    char **slot = NULL;
    if (!strcmp(name, "Rules")) slot = &h->rules;
    else if (!strcmp(name, "RulesVersion")) slot = &h->rules_version;
    else if (!strcmp(name, "Scenario")) slot = &h->scenario;
    else if (!strcmp(name, "Options")) slot = &h->options;
    else if (!strcmp(name, "Seed")) slot = &h->seed;
    else if (!strcmp(name, "Result")) slot = &h->result;
    else if (!strcmp(name, "Position")) slot = &h->position;
    else if (!strcmp(name, "Record")) slot = &h->format;
    else if (name[0] == 'P' && name[1] >= '1' && name[1] <= '4' && !name[2])
        slot = &h->players[name[1] - '1'];
    else if (strcmp(name, "Game") && strcmp(name, "Data"))
        json_object_set_new(h->other, name, json_string(value));
    if (slot) {
        free(*slot);
        *slot = strdup(value);
    }
}

/* Where a record's Scenario tag may point: a shipped scenario always; with
 * a folder, also a scenario file in it (a bare file name, "mine.json"); when
 * trusted (a local command reading a file), also any path. Untrusted records
 * name no files at all, in the Scenario tag or in an option's value. */
typedef struct origin {
    const char *dir;          /* the record's folder, or NULL */
    bool trusted;
} origin;

/* The scenario to open for the tag; NULL after a message. */
static char *scenario_to_open(const char *tag, const origin *o, const char *src, eng_error *err)
{
    if (eng_data_name_ok(tag))
        return strdup(tag);
    size_t n = strlen(tag);
    bool bare_file = !strchr(tag, '/') && n > 5 && strcmp(tag + n - 5, ".json") == 0 &&
                     tag[0] != '.';
    if (o->dir && bare_file) {
        char *path = malloc(strlen(o->dir) + n + 2);
        if (!path)
            abort();
        sprintf(path, "%s/%s", o->dir, tag);
        FILE *f = fopen(path, "r");
        if (f) {
            fclose(f);
            return path;
        }
        if (!o->trusted) {
            eng_error_set(err, "%s: no scenario file \"%s\" beside the record", src, tag);
            free(path);
            return NULL;
        }
        free(path);
    }
    if (o->trusted)
        return strdup(tag);
    char q[84];
    eng_text_quote(q, sizeof q, tag, 60);
    eng_error_set(err, "%s: the Scenario tag \"%s\" must name a shipped scenario%s", src, q,
                  o->dir ? " or a scenario file beside the record" : "");
    return NULL;
}

/* Builds the match the header describes; a record of an older rules
 * version leaves a line about it in note (n bytes). */
static eng_match *match_from_header(header *h, const origin *o, const char *src, int line,
                                    char *note, size_t note_n, eng_error *err)
{
    if (!h->rules || !h->scenario || !h->seed) {
        eng_error_set(err, "%s:%d: the header needs Rules, Scenario and Seed tags", src, line);
        return NULL;
    }
    /* the format's version: this reader knows RECORD_VERSION only, so any
     * other (a later one, or a number that fits no integer) is refused
     * rather than read as if it were this one */
    if (h->format && strcmp(h->format, RECORD_VERSION) != 0) {
        eng_error_set(err, "%s: the Record tag says format version \"%.40s\"; this pocketwar "
                      "reads version " RECORD_VERSION " only", src, h->format);
        return NULL;
    }
    const eng_rules *r = eng_rules_find(h->rules);
    if (!r) {
        eng_error_set(err, "%s: unknown rule set \"%s\" in the Rules tag", src, h->rules);
        return NULL;
    }
    uint64_t seed;
    if (!eng_parse_u64(h->seed, &seed)) {
        eng_error_set(err, "%s: the Seed tag must be a whole number from 0 to %llu, not \"%s\"",
                      src, (unsigned long long)UINT64_MAX, h->seed);
        return NULL;
    }
    json_t *opts = NULL;
    if (h->options && *h->options) {
        json_error_t jerr;
        opts = json_loads(h->options, 0, &jerr);
        if (!json_is_object(opts)) {
            eng_error_set(err, "%s: the Options tag must hold a JSON object (%s)", src,
                          opts ? "not an object" : jerr.text);
            json_decref(opts);
            return NULL;
        }
    }
    eng_error inner;
    if (h->rules_version && strcmp(h->rules_version, eng_rules_version(r)) != 0) {
        /* an older version listed in versions.json replays as today's with
         * the options that reproduce it, the record's own winning */
        json_t *now = eng_legacy_options(r, h->rules_version, opts, note, note_n, &inner);
        json_decref(opts);
        if (!now) {
            char q[40];
            eng_text_quote(q, sizeof q, h->rules_version, 20);
            eng_error_set(err, "%s: the record was made with %s rules version %s; %s", src,
                          h->rules, q, inner.msg);
            return NULL;
        }
        opts = now;
    }
    if (opts && !o->trusted && !eng_options_name_no_files(opts, &inner)) {
        eng_error_set(err, "%s: the Options tag: %s", src, inner.msg);
        json_decref(opts);
        return NULL;
    }
    char *open_as = scenario_to_open(h->scenario, o, src, err);
    if (!open_as) {
        json_decref(opts);
        return NULL;
    }
    eng_match *m;
    if (h->position) {   /* a record that starts from a position */
        json_error_t jerr;
        json_t *pos = json_loads(h->position, 0, &jerr);
        if (!pos) {
            eng_error_set(err, "%s: the Position tag must hold a position as JSON (%s)", src,
                          jerr.text);
            json_decref(opts);
            free(open_as);
            return NULL;
        }
        const json_t *popts = json_object_get(pos, "options");
        if (json_is_object(popts) && !o->trusted && !eng_options_name_no_files(popts, &inner)) {
            eng_error_set(err, "%s: the Position tag's options: %s", src, inner.msg);
            json_decref(pos);
            json_decref(opts);
            free(open_as);
            return NULL;
        }
        m = eng_match_new_at(h->rules, open_as, opts, pos, seed, &inner);
        json_decref(pos);
    } else {
        m = eng_match_new(h->rules, open_as, opts, seed, &inner);
    }
    free(open_as);
    json_decref(opts);
    if (!m) {
        eng_error_set(err, "%s: %s", src, inner.msg);
        return NULL;
    }
    free(m->scenario);                /* saved again as the record named it */
    m->scenario = strdup(h->scenario);
    for (int p = 0; p < ENG_MAX_PLAYERS; p++) {
        if (!h->players[p] || p >= eng_game_players(m->game))
            continue;
        /* "Red: human" -> "human" */
        const char *label = strstr(h->players[p], ": ");
        eng_match_set_player(m, p, label ? label + 2 : h->players[p]);
    }
    json_object_update(m->tags, h->other);
    return m;
}

/* A step quoted in a message: long ones shortened, so the reason after
 * the quote always fits. */
#define STEP_QUOTE 80

static int replay_line(eng_match *m, char *body, const char *src, int line, eng_error *err)
{
    char q[STEP_QUOTE + 4];
    char *sp = body;
    while (*sp && !isspace((unsigned char)*sp))
        sp++;
    char *rest = *sp ? sp + 1 : sp;
    *sp = '\0';
    rest = trim(rest);
    int who = parse_who(body, eng_game_players(m->game));
    if (who == -100) {
        eng_text_quote(q, sizeof q, body, STEP_QUOTE);
        eng_error_set(err, "%s:%d: a step starts with P1..P%d, \"chance\" or \"entered\", "
                      "not \"%s\"", src, line, eng_game_players(m->game), q);
        return -1;
    }
    eng_text_quote(q, sizeof q, rest, STEP_QUOTE);
    int now = eng_current_player(m->state);
    if (now == ENG_TERMINAL) {
        eng_error_set(err, "%s:%d: the game is already over; \"%s\" comes after the end",
                      src, line, q);
        return -1;
    }
    bool chance_line = who < 0;
    if (chance_line != (now == ENG_CHANCE) || (!chance_line && who != now)) {
        char status[256];
        eng_status_text(m->state, status, sizeof status);
        eng_error_set(err, "%s:%d: out of turn: %s", src, line, status);
        return -1;
    }
    eng_action a;
    eng_error why;
    if (eng_action_parse(m->state, rest, &a, &why) != 0) {
        eng_error_set(err, "%s:%d: \"%s\": %s", src, line, q, why.msg);
        return -1;
    }
    if (who == ENG_WHO_CHANCE) {
        eng_action want = eng_chance_sample(m->state);
        if (want != a && eng_is_legal(m->state, a, NULL)) {
            char wtext[ENG_TEXT_MAX];
            eng_action_text(m->state, want, wtext, sizeof wtext);
            eng_error_set(err, "%s:%d: \"%s\" is not what seed %llu gives here (\"%s\"); an "
                          "outcome typed in at the table is marked \"entered\"", src, line,
                          q, (unsigned long long)m->seed, wtext);
            return -1;
        }
    }
    if (eng_match_apply(m, a, who == ENG_WHO_ENTERED, &why) != 0) {
        eng_error_set(err, "%s:%d: \"%s\" is not allowed: %s", src, line, q, why.msg);
        return -1;
    }
    return 0;
}

/* A finished game's record that stops short (a download cut off): the
 * Result tag names an end the steps do not reach. */
static bool cut_short(const header *h, const eng_match *m)
{
    return h->result && strcmp(h->result, "*") != 0 && !eng_is_terminal(m->state);
}

static eng_match *load_from(FILE *in, const char *src, const origin *o, eng_error *err)
{
    header h = {0};
    h.other = json_object();
    eng_match *m = NULL;
    char *buf = NULL;
    size_t cap = 0;
    int line = 0;
    ssize_t len;
    if (err)
        err->msg[0] = '\0';
    char cut[ENG_ERROR_MAX] = "";      /* a last line cut off mid-way, left out */
    char note[ENG_ERROR_MAX] = "";     /* a record of an older rules version */
    while ((len = getline(&buf, &cap, in)) != -1) {
        line++;
        bool unfinished = len > 0 && buf[len - 1] != '\n';   /* the file's last line */
        if (!eng_utf8_valid(buf)) {
            eng_error_set(err, "%s:%d: the line is not UTF-8 text", src, line);
            goto fail;
        }
        char *t = trim(buf);
        if (!*t || *t == ';' || *t == '#')
            continue;
        if (*t == '[') {
            if (m) {
                eng_error_set(err, "%s:%d: a header tag after the first step", src, line);
                goto fail;
            }
            char *name, *value;
            const char *why;
            if (parse_tag(t, &name, &value, &why) != 0) {
                eng_error_set(err, "%s:%d: %s", src, line, why);
                goto fail;
            }
            header_set(&h, name, value);
            continue;
        }
        if (!m && !(m = match_from_header(&h, o, src, line, note, sizeof note, err)))
            goto fail;
        if (replay_line(m, t, src, line, err) != 0) {
            if (!unfinished || !cut_short(&h, m))
                goto fail;
            snprintf(cut, sizeof cut, "; its last line (%d) is cut off and was left out", line);
        }
    }
    if (!m && !(m = match_from_header(&h, o, src, line, note, sizeof note, err)))
        goto fail;
    if (cut_short(&h, m)) {
        eng_error_set(err, "warning: %s: the Result tag says \"%s\", but the record stops "
                      "after %zu step%s, before the end: it seems cut short%s; the steps "
                      "that are there replay", src, h.result, m->nsteps,
                      m->nsteps == 1 ? "" : "s", cut);
    } else if (h.result && strcmp(h.result, "*") != 0) {
        char got[256];
        eng_result_text(m->state, got, sizeof got);
        if (strcmp(got, h.result) != 0) {
            eng_error_set(err, "%s: the Result tag says \"%s\" but the steps give \"%s\"",
                          src, h.result, got);
            goto fail;
        }
    }
    if (note[0]) {   /* a line of its own, after a cut-short warning if any */
        char first[ENG_ERROR_MAX];
        eng_text_copy(first, sizeof first, err ? err->msg : "");
        eng_error_set(err, "%s%swarning: %s: %s", first, first[0] ? "\n" : "", src, note);
    }
    free(buf);
    header_free(&h);
    return m;
fail:
    free(buf);
    header_free(&h);
    eng_match_free(m);
    return NULL;
}

eng_match *eng_match_load(FILE *in, const char *src, eng_error *err)
{
    origin o = {NULL, false};
    return load_from(in, src, &o, err);
}

eng_match *eng_match_load_file(const char *path, eng_error *err)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        eng_error_set(err, "%s is a folder, not a record", path);
        return NULL;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        eng_error_set(err, "cannot open record %s", path);
        return NULL;
    }
    char *dir = strdup(path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = '\0';
    else
        strcpy(dir, ".");
    origin o = {dir, true};
    eng_match *m = load_from(f, path, &o, err);
    free(dir);
    fclose(f);
    return m;
}

eng_match *eng_match_load_text(const char *text, const char *source, eng_error *err)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (!f) {
        eng_error_set(err, "cannot read the record");
        return NULL;
    }
    eng_match *m = eng_match_load(f, source, err);
    fclose(f);
    return m;
}
