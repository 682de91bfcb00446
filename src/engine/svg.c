/*
 * svg.c - the engine's door to a rule set's drawing: the position as SVG
 * for one viewer, the board elements each action involves, and what a step
 * changed on the board.
 *
 * A rule set writes every element that has an id on a line of its own
 * (svg.h), so what changed between two drawings is found line by line: an
 * id whose line differs, or that is new, changed; the values of geometry
 * attributes (x, cy, points, ...) do not count, so a piece drawn elsewhere
 * on the same place has not changed. Whatever is reported is
 * checked against the viewer's drawing, so an id the viewer cannot see is
 * never named to them.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "engine_private.h"

bool eng_elements_has(const eng_elements *e, const char *id)
{
    for (int i = 0; i < e->n; i++)
        if (strcmp(e->id[i], id) == 0)
            return true;
    return false;
}

bool eng_elements_add(eng_elements *e, const char *fmt, ...)
{
    char id[ENG_ELEM_ID_MAX];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(id, sizeof id, fmt, ap);
    va_end(ap);
    if (len < 0 || (size_t)len >= sizeof id)
        return false;
    if (eng_elements_has(e, id))
        return true;
    if (e->n >= ENG_ELEMS_MAX)
        return false;
    memcpy(e->id[e->n++], id, (size_t)len + 1);
    return true;
}

bool eng_has_svg(const eng_game *g)
{
    return eng_game_rules(g)->svg != NULL;
}

bool eng_svg(const eng_state *s, int viewer, FILE *out)
{
    const eng_rules *r = eng_game_rules(eng_state_game(s));
    if (!r->svg)
        return false;
    r->svg(eng_game_data(eng_state_game(s)), eng_state_cbody(s), viewer, out);
    return true;
}

char *eng_svg_string(const eng_state *s, int viewer)
{
    if (!eng_game_rules(eng_state_game(s))->svg)
        return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    eng_svg(s, viewer, f);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

bool eng_svg_has_id(const char *svg, const char *id)
{
    char pat[ENG_ELEM_ID_MAX + 8];
    snprintf(pat, sizeof pat, " id=\"%s\"", id);
    return svg && strstr(svg, pat) != NULL;
}

json_t *eng_svg_ids(const char *svg)
{
    json_t *set = json_object();
    /* one pass over the text, from one ' id="' to the next (strstr is the
     * C library's fast search: a byte-by-byte loop here cost the server a
     * tenth of its time) */
    for (const char *p = svg ? strstr(svg, " id=\"") : NULL; p; p = strstr(p, " id=\"")) {
        p += 5;
        const char *q = p;
        while (*q && *q != '"')
            q++;
        if (!*q)
            break;
        char id[ENG_ELEM_ID_MAX];
        if ((size_t)(q - p) < sizeof id) {
            memcpy(id, p, (size_t)(q - p));
            id[q - p] = '\0';
            json_object_set_new(set, id, json_true());
        }
        p = q;
    }
    return set;
}

/* The elements of a kept if in the set of drawn ids. */
static void elements_drawn(const eng_state *s, eng_action a, const json_t *ids, eng_elements *out)
{
    eng_elements all;
    eng_action_elements(s, a, &all);
    out->n = 0;
    for (int i = 0; i < all.n; i++)
        if (json_object_get(ids, all.id[i]))
            eng_elements_add(out, "%s", all.id[i]);
}

void eng_action_elements(const eng_state *s, eng_action a, eng_elements *out)
{
    out->n = 0;
    const eng_rules *r = eng_game_rules(eng_state_game(s));
    if (r->action_elements)
        r->action_elements(eng_game_data(eng_state_game(s)), eng_state_cbody(s), a, out);
}

void eng_action_elements_seen(const eng_state *s, eng_action a, const char *svg,
                              eng_elements *out)
{
    json_t *ids = eng_svg_ids(svg);
    elements_drawn(s, a, ids, out);
    json_decref(ids);
}

/* One line of a drawing that starts an element with an id. */
typedef struct id_line {
    char id[ENG_ELEM_ID_MAX];
    const char *text;
    size_t len;
} id_line;

/* The lines of svg that carry an id, keyed by their first id, in order;
 * returns the count and the array (caller frees). */
static int id_lines(const char *svg, id_line **out)
{
    int n = 0, cap = 64;
    id_line *v = malloc(sizeof *v * (size_t)cap);
    for (const char *line = svg; v && *line;) {
        const char *end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        const char *p = NULL;
        for (const char *c = line; c + 5 <= end && !p; c++)
            if (c[0] == ' ' && memcmp(c, " id=\"", 5) == 0)
                p = c;
        if (p) {
            p += 5;
            const char *q = memchr(p, '"', (size_t)(end - p));
            if (q && (size_t)(q - p) < ENG_ELEM_ID_MAX) {
                if (n == cap) {
                    cap *= 2;
                    id_line *w = realloc(v, sizeof *v * (size_t)cap);
                    if (!w)
                        break;
                    v = w;
                }
                memcpy(v[n].id, p, (size_t)(q - p));
                v[n].id[q - p] = '\0';
                v[n].text = line;
                v[n].len = (size_t)(end - line);
                n++;
            }
        }
        line = *end ? end + 1 : end;
    }
    *out = v;
    return v ? n : 0;
}

/* Is p the start of a geometry attribute (x="..", cy="..", points="..")?
 * Returns the length of its name and `="`, or 0. */
static size_t geometry_attr(const char *p, const char *end)
{
    static const char *const names[] = {"x", "y", "cx", "cy", "r", "rx", "width", "height", "x1",
                                        "y1", "x2", "y2", "points", "d", "font-size"};
    if (p[-1] != ' ')
        return 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if ((size_t)(end - p) > n + 2 && memcmp(p, names[i], n) == 0 && p[n] == '=' && p[n + 1] == '"')
            return n + 2;
    }
    return 0;
}

/* Two lines alike but for where they are drawn: equal once the values of
 * geometry attributes are left out (a unit pushed along by another is not
 * a change; one that went elsewhere changes its data-at). */
static bool lines_alike(const char *a, size_t alen, const char *b, size_t blen)
{
    const char *ae = a + alen, *be = b + blen;
    while (a < ae && b < be) {
        size_t ka = a > ae - alen ? geometry_attr(a, ae) : 0;
        size_t kb = b > be - blen ? geometry_attr(b, be) : 0;
        if (ka && ka == kb && memcmp(a, b, ka) == 0) {
            a += ka;
            b += kb;
            while (a < ae && *a != '"')
                a++;
            while (b < be && *b != '"')
                b++;
            continue;
        }
        if (*a != *b)
            return false;
        a++;
        b++;
    }
    return a == ae && b == be;
}

void eng_step_changes(const eng_state *before, eng_action a, const eng_state *after, int viewer,
                      eng_elements *out)
{
    out->n = 0;
    char *was = eng_svg_string(before, viewer);
    char *now = eng_svg_string(after, viewer);
    if (!was || !now) {
        free(was);
        free(now);
        return;
    }
    json_t *drawn = eng_svg_ids(now);
    elements_drawn(before, a, drawn, out);
    json_decref(drawn);
    id_line *old, *cur;
    int nold = id_lines(was, &old), ncur = id_lines(now, &cur);
    /* the drawings list their elements in much the same order: look from
     * where the last match was */
    int at = 0;
    for (int i = 0; i < ncur; i++) {
        int found = -1;
        for (int k = 0; k < nold && found < 0; k++) {
            int j = (at + k) % nold;
            if (strcmp(old[j].id, cur[i].id) == 0)
                found = j;
        }
        if (found >= 0)
            at = found + 1;
        if (found < 0 || !lines_alike(old[found].text, old[found].len, cur[i].text, cur[i].len))
            eng_elements_add(out, "%s", cur[i].id);
    }
    free(old);
    free(cur);
    free(was);
    free(now);
}

json_t *eng_elements_json(const eng_elements *e)
{
    json_t *arr = json_array();
    for (int i = 0; i < e->n; i++)
        json_array_append_new(arr, json_string(e->id[i]));
    return arr;
}

json_t *eng_actions_json(const eng_state *s, int viewer)
{
    json_t *arr = json_array();
    int who = eng_current_player(s);
    if (who == ENG_TERMINAL)
        return arr;
    eng_action *acts = malloc(sizeof *acts * ENG_MAX_ACTIONS);
    double *prob = malloc(sizeof *prob * ENG_MAX_ACTIONS);
    char *svg = eng_svg_string(s, viewer);
    json_t *ids = eng_svg_ids(svg);
    if (!acts || !prob) {
        free(acts);
        free(prob);
        free(svg);
        json_decref(ids);
        return arr;
    }
    int n = who == ENG_CHANCE ? eng_chance_outcomes(s, acts, prob) : eng_legal_actions(s, acts);
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        if (viewer == ENG_VIEW_ALL || viewer == who || who == ENG_CHANCE)
            eng_action_text(s, acts[i], text, sizeof text);
        else
            eng_action_text_seen(s, acts[i], viewer, text, sizeof text);
        eng_elements e;
        elements_drawn(s, acts[i], ids, &e);
        json_t *o = json_pack("{s:s,s:o}", "action", text, "elements", eng_elements_json(&e));
        if (who == ENG_CHANCE)
            json_object_set_new(o, "probability", json_real(prob[i]));
        json_array_append_new(arr, o);
    }
    free(acts);
    free(prob);
    free(svg);
    json_decref(ids);
    return arr;
}
