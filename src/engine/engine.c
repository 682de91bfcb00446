/*
 * engine.c - the wrappers every caller goes through to reach a rule set.
 *
 * They own what all rule sets share: the game object (rules + data +
 * options), the state header (game, generator, step count) in front of the
 * rule set's flat state, legality checks before apply, and sampling chance
 * from the state's generator. Debug builds (no NDEBUG) check the contract:
 * probabilities sum to 1, a fast-path action is legal, counts fit.
 */
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "engine_private.h"
#include "rng.h"
#include "engine_private.h"   /* eng_position_decorate (position.c) */

struct eng_game {
    const eng_rules *rules;
    void *data;
    json_t *options;
    char *scenario_name;
    size_t state_bytes;       /* header + rule set's state, 16-aligned */
    size_t position_bytes;    /* header + the position (core->position_size) */
};

struct eng_state {
    const eng_game *game;
    eng_rng rng;
    uint64_t seed;
    uint32_t steps;
    uint32_t reserved;
    _Alignas(16) unsigned char body[];
};

#define BODY(s) ((void *)(s)->body)
#define CBODY(s) ((const void *)(s)->body)
#define DATA(s) ((s)->game->data)
#define RULES(s) ((s)->game->rules)

/* Text cut to fit a buffer (by snprintf, here or in a rule set) may end
 * inside a UTF-8 character: drop that character, so the text stays UTF-8. */
void eng_utf8_trim_end(char *buf)
{
    size_t len = strlen(buf), i = len;
    while (i > 0 && len - i < 3 && ((unsigned char)buf[i - 1] & 0xC0) == 0x80)
        i--;
    unsigned char lead = i > 0 ? (unsigned char)buf[i - 1] : 0;
    if (lead >= 0xC0) {
        size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (len - (i - 1) < need)
            buf[i - 1] = '\0';
    }
}

__attribute__((format(printf, 2, 0)))
static void error_vset(eng_error *err, const char *fmt, va_list ap)
{
    if (!err)
        return;
    int full = vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    if (full >= (int)sizeof err->msg)
        eng_utf8_trim_end(err->msg);
}

void eng_error_set(eng_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_vset(err, fmt, ap);
    va_end(ap);
}

bool eng_error_fail(eng_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_vset(err, fmt, ap);
    va_end(ap);
    return false;
}

/* ---- rule set accessors -------------------------------------------------- */

const char *eng_rules_name(const eng_rules *r) { return r->name; }
const char *eng_rules_title(const eng_rules *r) { return r->title; }
const char *eng_rules_version(const eng_rules *r) { return r->version; }
const char *eng_rules_summary(const eng_rules *r) { return r->summary; }
const char *eng_rules_default_scenario(const eng_rules *r) { return r->default_scenario; }
const eng_option_doc *eng_rules_options(const eng_rules *r) { return r->options; }

/* ---- games ----------------------------------------------------------------- */

/* An option whose values are words ("1800s|2014") takes a number typed
 * for it (--option close-combat=2014 reads as JSON 2014) as the word. */
static void option_as_word(const eng_option_doc *o, json_t *merged, const char *key,
                           const json_t *val)
{
    if (!json_is_integer(val) || !o->values || !strchr(o->values, '|'))
        return;
    char word[32];
    snprintf(word, sizeof word, "%lld", (long long)json_integer_value(val));
    size_t len = strlen(word);
    for (const char *p = o->values; p; p = strchr(p, '|') ? strchr(p, '|') + 1 : NULL)
        if (strncmp(p, word, len) == 0 && (p[len] == '|' || p[len] == '\0')) {
            json_object_set_new(merged, key, json_string(word));
            return;
        }
}

eng_game *eng_game_new(const eng_rules *r, const json_t *scenario,
                       const json_t *options, eng_error *err)
{
    if (!json_is_object(scenario)) {
        eng_error_set(err, "the scenario is not a JSON object");
        return NULL;
    }
    if (options && !json_is_object(options)) {
        eng_error_set(err, "the options are not a JSON object");
        return NULL;
    }
    json_t *merged = json_object();
    json_t *own = json_object_get(scenario, "options");
    if (own && !json_is_object(own)) {
        json_decref(merged);
        eng_error_set(err, "scenario field \"options\" must be an object");
        return NULL;
    }
    if (own)
        json_object_update(merged, own);
    if (options)
        json_object_update(merged, (json_t *)options);

    /* refuse options the rule set does not know */
    const char *key;
    json_t *val;
    json_object_foreach(merged, key, val) {
        bool known = false;
        for (const eng_option_doc *o = r->options; o && o->name; o++)
            if (strcmp(o->name, key) == 0) {
                known = true;
                option_as_word(o, merged, key, val);
            }
        if (!known) {
            eng_error_set(err, "%s has no option \"%s\" (see `pocketwar rules %s`)",
                          r->title, key, r->name);
            json_decref(merged);
            return NULL;
        }
    }

    void *data = r->core->load(scenario, merged, err);
    if (!data) {
        json_decref(merged);
        return NULL;
    }
    eng_game *g = calloc(1, sizeof *g);
    if (!g)
        abort();
    g->rules = r;
    g->data = data;
    g->options = merged;
    const char *name = json_string_value(json_object_get(scenario, "name"));
    g->scenario_name = strdup(name ? name : "custom");
    size_t body = r->core->state_size(data);
    g->state_bytes = (sizeof(eng_state) + body + 15) & ~(size_t)15;
    g->position_bytes = r->core->position_size
                            ? sizeof(eng_state) + r->core->position_size(data)
                            : g->state_bytes;
    return g;
}

void eng_game_free(eng_game *g)
{
    if (!g)
        return;
    g->rules->core->unload(g->data);
    json_decref(g->options);
    free(g->scenario_name);
    free(g);
}

const eng_rules *eng_game_rules(const eng_game *g) { return g->rules; }
int eng_game_players(const eng_game *g) { return g->rules->core->players(g->data); }
const char *eng_game_player_name(const eng_game *g, int p) { return g->rules->core->player_name(g->data, p); }
const char *eng_game_scenario_name(const eng_game *g) { return g->scenario_name; }
const json_t *eng_game_options(const eng_game *g) { return g->options; }
size_t eng_state_size(const eng_game *g) { return g->state_bytes; }

/* ---- states ---------------------------------------------------------------- */

eng_state *eng_state_new(const eng_game *g, uint64_t seed)
{
    eng_state *s = aligned_alloc(16, g->state_bytes);
    if (!s)
        abort();
    memset(s, 0, g->state_bytes);
    s->game = g;
    s->seed = seed;
    rng_seed(&s->rng, seed);
    g->rules->core->init(g->data, BODY(s));
    return s;
}

eng_state *eng_state_clone(const eng_state *src)
{
    eng_state *s = aligned_alloc(16, src->game->state_bytes);
    if (!s)
        abort();
    memcpy(s, src, src->game->state_bytes);
    return s;
}

void eng_state_copy(eng_state *dst, const eng_state *src)
{
    assert(dst->game == src->game);
    memcpy(dst, src, src->game->state_bytes);
}

void eng_state_free(eng_state *s) { free(s); }

/* Equal positions: same rule set and size, same position bytes after the
 * game pointer (two loads of one record make two game objects); derived
 * bookkeeping after the position is not compared. */
bool eng_state_equal(const eng_state *a, const eng_state *b)
{
    if (a->game->rules != b->game->rules || a->game->state_bytes != b->game->state_bytes)
        return false;
    size_t head = offsetof(eng_state, rng);
    return memcmp((const char *)a + head, (const char *)b + head,
                  a->game->position_bytes - head) == 0;
}

const eng_game *eng_state_game(const eng_state *s) { return s->game; }
uint64_t eng_state_seed(const eng_state *s) { return s->seed; }
uint32_t eng_state_steps(const eng_state *s) { return s->steps; }

uint64_t eng_state_hash(const eng_state *s)
{
    /* FNV-1a over the position after the game pointer, then zeros to the
     * next 16 bytes, as if the state ended with the position: derived
     * bookkeeping after it leaves the hash (and bench's fingerprints) as
     * they were without it. */
    const unsigned char *p = (const unsigned char *)s + offsetof(eng_state, rng);
    size_t n = s->game->position_bytes - offsetof(eng_state, rng);
    size_t padded = ((s->game->position_bytes + 15) & ~(size_t)15) - offsetof(eng_state, rng);
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < padded; i++) {
        h ^= i < n ? p[i] : 0;
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

int eng_current_player(const eng_state *s)
{
    return RULES(s)->core->current_player(DATA(s), CBODY(s));
}

bool eng_is_terminal(const eng_state *s)
{
    return eng_current_player(s) == ENG_TERMINAL;
}

int eng_legal_actions(const eng_state *s, eng_action *out)
{
    return eng_legal_actions_by(s, eng_current_player(s), out);
}

int eng_legal_actions_by(const eng_state *s, int who, eng_action *out)
{
    assert(who == eng_current_player(s));
    int n;
    if (who == ENG_CHANCE) {
        double prob[ENG_MAX_ACTIONS];
        n = RULES(s)->core->chance_outcomes(DATA(s), CBODY(s), out, prob);
    } else {
        n = RULES(s)->core->legal_actions(DATA(s), CBODY(s), out);
    }
    assert(n >= 0 && n <= ENG_MAX_ACTIONS);
    return n;
}

int eng_chance_outcomes(const eng_state *s, eng_action *out, double *prob)
{
    assert(eng_current_player(s) == ENG_CHANCE);
    int n = RULES(s)->core->chance_outcomes(DATA(s), CBODY(s), out, prob);
#ifndef NDEBUG
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += prob[i];
    assert(n > 0 && fabs(sum - 1.0) < 1e-9);
#endif
    return n;
}

int eng_pick_outcome(const double *prob, int n, double u)
{
    double acc = 0;
    for (int i = 0; i < n - 1; i++) {
        acc += prob[i];
        if (u < acc)
            return i;
    }
    return n - 1;
}

eng_action eng_chance_sample(const eng_state *s)
{
    double u = rng_fraction(rng_peek(&s->rng));
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    if (RULES(s)->core->chance_sample) {
        eng_action a = RULES(s)->core->chance_sample(DATA(s), CBODY(s), u);
#ifndef NDEBUG
        int n = eng_chance_outcomes(s, out, prob);
        assert(a == out[eng_pick_outcome(prob, n, u)]);
#endif
        return a;
    }
    int n = eng_chance_outcomes(s, out, prob);
    return out[eng_pick_outcome(prob, n, u)];
}

static bool in_list(eng_action a, const eng_action *list, int n)
{
    for (int i = 0; i < n; i++)
        if (list[i] == a)
            return true;
    return false;
}

bool eng_is_legal(const eng_state *s, eng_action a, eng_error *why)
{
    int who = eng_current_player(s);
    if (who == ENG_TERMINAL) {
        eng_error_set(why, "the game is over");
        return false;
    }
    eng_action list[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, list);
    if (in_list(a, list, n))
        return true;
    if (why) {
        why->msg[0] = '\0';
        if (RULES(s)->explain && RULES(s)->explain->illegal)
            RULES(s)->explain->illegal(DATA(s), CBODY(s), a, why->msg, sizeof why->msg);
        if (!why->msg[0])
            snprintf(why->msg, sizeof why->msg, "that is not a legal action now");
    }
    return false;
}

/* Applies a for who, the player to move (or ENG_CHANCE). */
static void apply_as(eng_state *s, int who, eng_action a)
{
    if (who == ENG_CHANCE)
        (void)rng_next(&s->rng);   /* one draw per chance point, sampled or not */
    RULES(s)->core->apply(DATA(s), BODY(s), a);
    s->steps++;
}

int eng_apply(eng_state *s, eng_action a, eng_error *why)
{
    if (!eng_is_legal(s, a, why))
        return -1;
    apply_as(s, eng_current_player(s), a);
    return 0;
}

void eng_apply_fast(eng_state *s, eng_action a)
{
    eng_apply_fast_by(s, eng_current_player(s), a);
}

void eng_apply_fast_by(eng_state *s, int who, eng_action a)
{
#ifndef NDEBUG
    assert(who == eng_current_player(s));
    eng_error why;
    if (!eng_is_legal(s, a, &why)) {
        fprintf(stderr, "eng_apply_fast: illegal action %u: %s\n", a, why.msg);
        abort();
    }
#endif
    apply_as(s, who, a);
}

void eng_returns(const eng_state *s, double *out)
{
    int n = eng_game_players(s->game);
    for (int i = 0; i < n; i++)
        out[i] = 0;
    RULES(s)->core->returns(DATA(s), CBODY(s), out);
}

void eng_result_text(const eng_state *s, char *buf, size_t n)
{
    if (!eng_is_terminal(s)) {
        snprintf(buf, n, "*");
        return;
    }
    RULES(s)->core->result_text(DATA(s), CBODY(s), buf, n);
    eng_utf8_trim_end(buf);
}

double eng_heuristic(const eng_state *s, int player)
{
    return RULES(s)->core->heuristic(DATA(s), CBODY(s), player);
}

void eng_action_text(const eng_state *s, eng_action a, char *buf, size_t n)
{
    buf[0] = '\0';
    RULES(s)->core->action_text(DATA(s), CBODY(s), a, buf, n);
    eng_utf8_trim_end(buf);
}

int eng_action_parse(const eng_state *s, const char *text, eng_action *out,
                     eng_error *err)
{
    char why[ENG_ERROR_MAX] = "";
    if (RULES(s)->core->action_parse(DATA(s), CBODY(s), text, out, why, sizeof why) == 0)
        return 0;
    eng_error_set(err, "%s", why[0] ? why : "not understood");
    return -1;
}

void eng_action_text_seen(const eng_state *s, eng_action a, int viewer, char *buf, size_t n)
{
    buf[0] = '\0';
    if (RULES(s)->core->action_text_seen && viewer != ENG_VIEW_ALL)
        RULES(s)->core->action_text_seen(DATA(s), CBODY(s), a, viewer, buf, n);
    else
        RULES(s)->core->action_text(DATA(s), CBODY(s), a, buf, n);
    eng_utf8_trim_end(buf);
}

bool eng_hides_from(const eng_state *s, int viewer)
{
    if (viewer == ENG_VIEW_ALL || !RULES(s)->core->hides_from)
        return false;
    return RULES(s)->core->hides_from(DATA(s), CBODY(s), viewer);
}

void eng_state_resample_hidden(eng_state *s, int viewer, uint64_t *rng)
{
    eng_rng r = {*rng};
    rng_seed(&s->rng, rng_next(&r));      /* no foretelling from the game's generator */
    *rng = r.s;
    if (RULES(s)->core->resample_hidden && viewer != ENG_VIEW_ALL)
        RULES(s)->core->resample_hidden(DATA(s), BODY(s), viewer, rng);
}

json_t *eng_state_json(const eng_state *s, int viewer)
{
    json_t *j = RULES(s)->core->to_json(DATA(s), CBODY(s), viewer);
    eng_position_decorate(s, viewer, j);   /* position.c */
    return j;
}

/* ---- for the engine's own files (engine_private.h) -------------------------- */

void *eng_state_body(eng_state *s) { return BODY(s); }
const void *eng_state_cbody(const eng_state *s) { return CBODY(s); }
size_t eng_state_body_size(const eng_game *g) { return g->rules->core->state_size(g->data); }
size_t eng_state_position_size(const eng_game *g)
{
    const eng_core_methods *c = g->rules->core;
    return c->position_size ? c->position_size(g->data) : c->state_size(g->data);
}
const void *eng_game_data(const eng_game *g) { return g->data; }

/* ---- for positions as data (position.c) ------------------------------------ */

uint64_t eng_state_generator(const eng_state *s) { return s->rng.s; }

void eng_state_set_header(eng_state *s, uint64_t seed, uint64_t generator, uint32_t steps)
{
    s->seed = seed;
    s->rng.s = generator;
    s->steps = steps;
}
