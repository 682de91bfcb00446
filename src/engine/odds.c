/*
 * odds.c - the exact odds of an action, for every rule set.
 *
 * The action is applied to a copy of the position; then every chance
 * outcome that follows is enumerated, layer by layer, with its exact
 * probability, up to the next decision of a player. A decision the rule
 * set calls the combat's own (odds_step says ENG_ODDS_AUTO) is made with
 * its automatic choice and followed on. Positions that are alike (the
 * position part of the rule set's flat state, bytewise, after odds_canon;
 * bookkeeping after it is left out) merge within a layer and at the end,
 * which keeps the enumeration small: a roll of eight dice is the hits it
 * scored, not 6^8 sequences. The end positions are then grouped by
 * what changed for the table, in the rule set's words (odds_describe).
 *
 * Hidden information: when the position hides something from the viewer,
 * the odds are worked out in ODDS_DEALS positions re-dealt from what the
 * viewer sees (eng_state_resample_hidden with fixed seeds), never in the
 * true one; if the re-deals disagree the odds are `unknown`. So what is
 * shown never depends on anything the viewer cannot see.
 */
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "engine_private.h"

#define ODDS_MAX_ALIVE 100000       /* positions held at once (memory: one state each) */
#define ODDS_MAX_WORK 3000000       /* positions one action may visit (time) */
#define ODDS_MAX_LAYERS 4096        /* chance points and choices in a row */
#define ODDS_DEALS 8                /* re-deals when the viewer cannot see all */
#define ODDS_DEAL_SEED UINT64_C(0x6f646473)
#define ODDS_EPS 1e-12

/* ---- sets of positions with their probabilities ---------------------------- */

typedef struct node {
    eng_state *s;
    double p;
    uint64_t h;
} node;

typedef struct nodeset {
    node *v;
    int n, cap;
    int *slot;          /* open addressing: index + 1, 0 empty */
    int nslot;          /* a power of two, at least twice n */
} nodeset;

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q && n)
        abort();
    return q;
}

/* A hash of the position part of the rule set's state (its first `bytes`),
 * eight bytes at a time in four lanes. */
static uint64_t body_hash(const eng_state *s, size_t bytes)
{
    const unsigned char *b = eng_state_cbody(s);
    const uint64_t k = UINT64_C(0xff51afd7ed558ccd);
    uint64_t h[4] = {bytes, UINT64_C(0x9e3779b97f4a7c15), UINT64_C(0xc4ceb9fe1a85ec53),
                     UINT64_C(0x2545f4914f6cdd1d)};
    size_t i = 0;
    for (; i + 32 <= bytes; i += 32)
        for (int l = 0; l < 4; l++) {
            uint64_t w;
            memcpy(&w, b + i + 8 * (size_t)l, 8);
            h[l] = (h[l] ^ w) * k;
            h[l] ^= h[l] >> 29;
        }
    for (; i < bytes; i++)
        h[0] = (h[0] ^ b[i]) * UINT64_C(0x100000001b3);
    uint64_t x = h[0] ^ (h[1] * 3) ^ (h[2] * 5) ^ (h[3] * 7);
    x ^= x >> 33;
    x *= UINT64_C(0xc4ceb9fe1a85ec53);
    return x ^ (x >> 33);
}

static void set_rehash(nodeset *ns)
{
    free(ns->slot);
    ns->nslot = ns->nslot ? ns->nslot * 2 : 64;
    ns->slot = calloc((size_t)ns->nslot, sizeof *ns->slot);
    if (!ns->slot)
        abort();
    for (int i = 0; i < ns->n; i++) {
        int k = (int)(ns->v[i].h & (uint64_t)(ns->nslot - 1));
        while (ns->slot[k])
            k = (k + 1) & (ns->nslot - 1);
        ns->slot[k] = i + 1;
    }
}

/* Adds s (taken over) with probability p, merging with an alike position. */
static void set_add(nodeset *ns, eng_state *s, double p, size_t bytes)
{
    uint64_t h = body_hash(s, bytes);
    if (2 * (ns->n + 1) > ns->nslot)
        set_rehash(ns);
    int k = (int)(h & (uint64_t)(ns->nslot - 1));
    while (ns->slot[k]) {
        node *o = &ns->v[ns->slot[k] - 1];
        if (o->h == h && memcmp(eng_state_cbody(o->s), eng_state_cbody(s), bytes) == 0) {
            o->p += p;
            eng_state_free(s);
            return;
        }
        k = (k + 1) & (ns->nslot - 1);
    }
    if (ns->n == ns->cap) {
        ns->cap = ns->cap ? ns->cap * 2 : 64;
        ns->v = xrealloc(ns->v, (size_t)ns->cap * sizeof *ns->v);
    }
    ns->v[ns->n] = (node){s, p, h};
    ns->slot[k] = ++ns->n;
}

static void set_clear(nodeset *ns, bool free_states)
{
    if (free_states)
        for (int i = 0; i < ns->n; i++)
            eng_state_free(ns->v[i].s);
    ns->n = 0;
    if (ns->slot)
        memset(ns->slot, 0, (size_t)ns->nslot * sizeof *ns->slot);
}

static void set_free(nodeset *ns)
{
    set_clear(ns, true);
    free(ns->v);
    free(ns->slot);
}

/* ---- the enumeration ------------------------------------------------------ */

typedef struct walk {
    const eng_odds_methods *m;   /* the rule set's odds part (none: no_odds) */
    const void *data;
    size_t bytes;                /* the position's part of the state (position_size) */
    nodeset leaves;
    bool chance;
    int autos;
    long positions;
} walk;

/* The rule set's odds part; a rule set without one has the plain odds. */
static const eng_odds_methods *odds_of(const eng_game *g)
{
    static const eng_odds_methods no_odds;
    const eng_rules *r = eng_game_rules(g);
    return r->odds ? r->odds : &no_odds;
}

static void canon(const walk *w, eng_state *s)
{
    if (w->m->canon)
        w->m->canon(w->data, eng_state_body(s));
}

/* What the odds do at s; *choice for ENG_ODDS_AUTO. */
static int step_at(const walk *w, const eng_state *s, eng_action *choice)
{
    if (eng_is_terminal(s))
        return ENG_ODDS_STOP;
    int how = w->m->step ? w->m->step(w->data, eng_state_cbody(s), choice)
                              : ENG_ODDS_GO;
    if (how == ENG_ODDS_AUTO && (eng_current_player(s) < 0 || !eng_is_legal(s, *choice, NULL))) {
        assert(!"a rule set's automatic choice is not legal");
        how = ENG_ODDS_STOP;   /* in a release build: never follow a bad choice */
    }
    if (how == ENG_ODDS_GO && eng_current_player(s) != ENG_CHANCE)
        how = ENG_ODDS_STOP;
    return how;
}

/* Enumerates from start (taken over) into w->leaves; false with err when
 * the outcomes are too many. */
static bool enumerate(walk *w, eng_state *start, eng_error *err)
{
    nodeset layer = {0}, next = {0};
    canon(w, start);
    set_add(&layer, start, 1.0, w->bytes);
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    bool ok = true;
    for (int depth = 0; layer.n > 0 && ok; depth++) {
        if (depth >= ODDS_MAX_LAYERS) {
            ok = eng_error_fail(err, "the chance outcomes go on for more than %d steps in a "
                                "row: too many to enumerate exactly", ODDS_MAX_LAYERS);
            break;
        }
        for (int i = 0; i < layer.n && ok; i++) {
            eng_state *cur = layer.v[i].s;
            double p = layer.v[i].p;
            layer.v[i].s = NULL;
            eng_action choice = 0;
            int how;
            /* the combat's own choices are made in place, up to chance or a stop */
            while ((how = step_at(w, cur, &choice)) == ENG_ODDS_AUTO) {
                eng_apply_fast(cur, choice);
                canon(w, cur);
                w->autos++;
                w->positions++;
            }
            w->positions++;
            if (how == ENG_ODDS_STOP) {
                set_add(&w->leaves, cur, p, w->bytes);
            } else {
                w->chance = true;
                int n = eng_chance_outcomes(cur, out, prob);
                for (int k = 0; k < n; k++) {
                    if (prob[k] <= 0)
                        continue;
                    eng_state *c = eng_state_clone(cur);
                    eng_apply_fast(c, out[k]);
                    canon(w, c);
                    set_add(&next, c, p * prob[k], w->bytes);
                }
                eng_state_free(cur);
            }
            if (layer.n - i + next.n + w->leaves.n > ODDS_MAX_ALIVE || w->positions > ODDS_MAX_WORK)
                ok = eng_error_fail(err, "more than %d positions follow this action: too many "
                                    "to enumerate exactly", w->positions > ODDS_MAX_WORK
                                    ? ODDS_MAX_WORK : ODDS_MAX_ALIVE);
        }
        for (int i = 0; i < layer.n; i++)   /* only if stopped early */
            if (layer.v[i].s)
                eng_state_free(layer.v[i].s);
        set_clear(&layer, false);
        nodeset t = layer;
        layer = next;
        next = t;
    }
    set_free(&layer);
    set_free(&next);
    return ok;
}

/* ---- grouping ---------------------------------------------------------------- */

static int group_order(const void *a, const void *b)
{
    const eng_odds_group *x = a, *y = b;
    if (x->prob > y->prob + ODDS_EPS)
        return -1;
    if (y->prob > x->prob + ODDS_EPS)
        return 1;
    return strcmp(x->text, y->text);
}

static void describe(const walk *w, const eng_state *before, const eng_state *after,
                     int viewer, char *buf, size_t n)
{
    buf[0] = '\0';
    if (w->m->describe)
        w->m->describe(w->data, eng_state_cbody(before), eng_state_cbody(after), viewer,
                            buf, n);
    else if (memcmp(eng_state_cbody(before), eng_state_cbody(after), w->bytes) != 0)
        snprintf(buf, n, "the position changes");
    if (eng_is_terminal(after)) {
        char res[160];
        eng_result_text(after, res, sizeof res);
        size_t len = strlen(buf);
        snprintf(buf + len, n - len, "%sthe battle ends: %s", len ? "; " : "", res);
    }
}

int eng_odds_step(const eng_state *s, eng_action *choice)
{
    const eng_game *g = eng_state_game(s);
    walk w = {.m = odds_of(g), .data = eng_game_data(g), .bytes = eng_state_position_size(g)};
    return step_at(&w, s, choice);
}

void eng_odds_describe(const eng_state *before, const eng_state *after, int viewer, char *buf,
                       size_t n)
{
    const eng_game *g = eng_state_game(before);
    walk w = {.m = odds_of(g), .data = eng_game_data(g), .bytes = eng_state_position_size(g)};
    describe(&w, before, after, viewer, buf, n);
}

/* The odds in one position (the true one, or a re-deal): o->group filled. */
static bool odds_in(const eng_state *s, eng_action a, int viewer, eng_odds *o, eng_error *err)
{
    const eng_game *g = eng_state_game(s);
    walk w = {.m = odds_of(g), .data = eng_game_data(g),
              .bytes = eng_state_position_size(g)};
    eng_state *start = eng_state_clone(s);
    if (eng_apply(start, a, err) != 0) {
        eng_state_free(start);
        return false;
    }
    eng_state *before = eng_state_clone(start);
    canon(&w, before);
    bool ok = enumerate(&w, start, err);
    o->chance = w.chance;
    o->autos = w.autos;
    o->positions += w.positions;
    if (ok) {
        int cap = 0;
        char text[sizeof o->group->text];
        int nslot = 16;
        while (nslot < 2 * w.leaves.n)
            nslot *= 2;
        int *slot = calloc((size_t)nslot, sizeof *slot);   /* group index + 1 */
        if (!slot)
            abort();
        for (int i = 0; i < w.leaves.n; i++) {
            describe(&w, before, w.leaves.v[i].s, viewer, text, sizeof text);
            uint64_t h = UINT64_C(14695981039346656037);
            for (const char *c = text; *c; c++)
                h = (h ^ (unsigned char)*c) * UINT64_C(1099511628211);
            int j = (int)(h & (uint64_t)(nslot - 1));
            while (slot[j] && strcmp(o->group[slot[j] - 1].text, text) != 0)
                j = (j + 1) & (nslot - 1);
            if (!slot[j]) {
                if (o->n == cap) {
                    cap = cap ? 2 * cap : 8;
                    o->group = xrealloc(o->group, (size_t)cap * sizeof *o->group);
                }
                o->group[o->n].prob = 0;
                snprintf(o->group[o->n].text, sizeof o->group[o->n].text, "%s", text);
                slot[j] = ++o->n;
            }
            o->group[slot[j] - 1].prob += w.leaves.v[i].p;
        }
        free(slot);
        qsort(o->group, (size_t)o->n, sizeof *o->group, group_order);
    }
    eng_state_free(before);
    set_free(&w.leaves);
    return ok;
}

static bool same_groups(const eng_odds *a, const eng_odds *b)
{
    if (a->n != b->n || a->chance != b->chance)
        return false;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->group[i].text, b->group[i].text) != 0 ||
            fabs(a->group[i].prob - b->group[i].prob) > 1e-9)
            return false;
    return true;
}

eng_odds *eng_odds_compute(const eng_state *s, eng_action a, int viewer, eng_error *err)
{
    if (!eng_is_legal(s, a, err))
        return NULL;
    eng_odds *o = calloc(1, sizeof *o);
    if (!o)
        abort();
    o->viewer = viewer;
    if (viewer == ENG_VIEW_ALL)
        eng_action_text(s, a, o->action, sizeof o->action);
    else
        eng_action_text_seen(s, a, viewer, o->action, sizeof o->action);
    if (viewer == ENG_VIEW_ALL || !eng_hides_from(s, viewer)) {
        if (!odds_in(s, a, viewer, o, err)) {
            eng_odds_free(o);
            return NULL;
        }
        return o;
    }
    /* the viewer cannot see everything: only re-deals of what they see */
    eng_state *deal = eng_state_clone(s);
    int dealt = 0;
    for (int k = 0; k < ODDS_DEALS && !o->unknown; k++) {
        uint64_t rng = ODDS_DEAL_SEED + (uint64_t)k;
        eng_state_copy(deal, s);
        eng_state_resample_hidden(deal, viewer, &rng);
        if (!eng_is_legal(deal, a, NULL))
            continue;
        eng_odds one = {.viewer = viewer};
        if (!odds_in(deal, a, viewer, &one, err)) {
            free(one.group);
            eng_state_free(deal);
            eng_odds_free(o);
            return NULL;
        }
        o->positions += one.positions;
        if (dealt++ == 0) {
            o->n = one.n;
            o->group = one.group;
            o->chance = one.chance;
            o->autos = one.autos;
            continue;
        }
        if (!same_groups(o, &one))
            o->unknown = true;
        free(one.group);
    }
    eng_state_free(deal);
    if (dealt == 0)
        o->unknown = true;
    if (o->unknown) {
        free(o->group);
        o->group = NULL;
        o->n = 0;
    }
    return o;
}

void eng_odds_free(eng_odds *o)
{
    if (!o)
        return;
    free(o->group);
    free(o);
}

/* ---- text and JSON -------------------------------------------------------------- */

void eng_odds_percent(double p, char *buf, size_t n)
{
    double pc = p * 100;
    if (pc > 0 && pc < 0.005) {
        snprintf(buf, n, "<0.01%%");
        return;
    }
    char t[32];
    snprintf(t, sizeof t, "%.2f", pc);
    char *dot = strchr(t, '.');
    if (dot) {
        char *e = t + strlen(t) - 1;
        while (e > dot && *e == '0')
            *e-- = '\0';
        if (e == dot)
            *e = '\0';
    }
    snprintf(buf, n, "%s%%", t);
}

void eng_odds_print(const eng_odds *o, FILE *out, const char *indent)
{
    if (o->unknown) {
        fprintf(out, "%sthe odds depend on what you cannot see yet: none are given\n", indent);
        return;
    }
    if (!o->chance) {
        fprintf(out, "%scertain (no chance before the next decision): %s\n", indent,
                o->n && o->group[0].text[0] ? o->group[0].text : "nothing changes");
        return;
    }
    for (int i = 0; i < o->n; i++) {
        char pc[32];
        eng_odds_percent(o->group[i].prob, pc, sizeof pc);
        fprintf(out, "%s%7s  %s\n", indent, pc,
                o->group[i].text[0] ? o->group[i].text : "nothing changes");
    }
    if (o->autos)
        fprintf(out, "%s(the combat followed to its end, its own choices made "
                "automatically)\n", indent);
}

json_t *eng_odds_json(const eng_odds *o)
{
    json_t *j = json_object();
    json_object_set_new(j, "action", json_string(o->action));
    json_object_set_new(j, "chance", json_boolean(o->chance));
    json_object_set_new(j, "automatic", json_boolean(o->autos > 0));
    json_object_set_new(j, "unknown", json_boolean(o->unknown));
    json_t *arr = json_array();
    for (int i = 0; i < o->n; i++) {
        json_t *g = json_object();
        char pc[32];
        eng_odds_percent(o->group[i].prob, pc, sizeof pc);
        json_object_set_new(g, "probability", json_real(o->group[i].prob));
        json_object_set_new(g, "percent", json_string(pc));
        json_object_set_new(g, "text", json_string(o->group[i].text));
        json_t *ch = json_array();
        const char *p = o->group[i].text;
        while (*p) {
            const char *e = strstr(p, "; ");
            size_t len = e ? (size_t)(e - p) : strlen(p);
            json_array_append_new(ch, json_stringn(p, len));
            p += len;
            if (e)
                p += 2;
        }
        json_object_set_new(g, "changes", ch);
        json_array_append_new(arr, g);
    }
    json_object_set_new(j, "outcomes", arr);
    return j;
}

json_t *eng_odds_all_json(const eng_state *s, int viewer)
{
    if (eng_current_player(s) < 0)
        return NULL;
    eng_action *acts = malloc(ENG_MAX_ACTIONS * sizeof *acts);
    if (!acts)
        abort();
    int n = eng_legal_actions(s, acts);
    json_t *arr = json_array();
    for (int i = 0; i < n; i++) {
        eng_error err;
        eng_odds *o = eng_odds_compute(s, acts[i], viewer, &err);
        if (o) {
            json_array_append_new(arr, eng_odds_json(o));
        } else {
            char text[ENG_TEXT_MAX];
            eng_action_text_seen(s, acts[i], viewer, text, sizeof text);
            json_t *e = json_object();
            json_object_set_new(e, "action", json_string(text));
            json_object_set_new(e, "error", json_string(err.msg));
            json_array_append_new(arr, e);
        }
        eng_odds_free(o);
    }
    free(acts);
    return arr;
}

void eng_odds_phrase(char *buf, size_t n, const char *fmt, ...)
{
    size_t len = strnlen(buf, n);
    if (len + 1 >= n)
        return;
    if (len) {
        snprintf(buf + len, n - len, "; ");
        len = strnlen(buf, n);
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, n - len, fmt, ap);
    va_end(ap);
}
