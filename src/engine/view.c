/*
 * view.c - the engine's door to a rule set's view (rules.h,
 * eng_view_methods): the position drawn in the terminal and its status
 * line, the position as SVG for one viewer, the board elements each action
 * involves, and what a step changed on the board.
 *
 * A rule set writes every element that has an id on a line of its own
 * (svg.h), so what changed between two drawings is found line by line (in
 * their outlines, outline.c): an id whose line differs, or that is new,
 * changed; the values of geometry attributes (x, cy, points, ...) do not
 * count, so a piece drawn elsewhere on the same place has not changed.
 * Whatever is reported is checked against the viewer's drawing, so an id
 * the viewer cannot see is never named to them.
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

static const eng_view_methods *view_of(const eng_state *s)
{
    return eng_game_rules(eng_state_game(s))->view;
}

void eng_render(const eng_state *s, int viewer, bool color, FILE *out)
{
    view_of(s)->render(eng_game_data(eng_state_game(s)), eng_state_cbody(s), viewer, color, out);
}

void eng_status_text(const eng_state *s, char *buf, size_t n)
{
    buf[0] = '\0';
    view_of(s)->status_text(eng_game_data(eng_state_game(s)), eng_state_cbody(s), buf, n);
    eng_utf8_trim_end(buf);
}

bool eng_has_svg(const eng_game *g)
{
    return eng_game_rules(g)->view->svg != NULL;
}

bool eng_svg(const eng_state *s, int viewer, FILE *out)
{
    const eng_rules *r = eng_game_rules(eng_state_game(s));
    if (!r->view->svg)
        return false;
    r->view->svg(eng_game_data(eng_state_game(s)), eng_state_cbody(s), viewer, out);
    return true;
}

char *eng_svg_string(const eng_state *s, int viewer)
{
    if (!eng_game_rules(eng_state_game(s))->view->svg)
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

void eng_action_elements(const eng_state *s, eng_action a, eng_elements *out)
{
    out->n = 0;
    const eng_rules *r = eng_game_rules(eng_state_game(s));
    if (r->view->action_elements)
        r->view->action_elements(eng_game_data(eng_state_game(s)), eng_state_cbody(s), a, out);
}

void eng_action_elements_seen(const eng_state *s, eng_action a, const char *svg,
                              eng_elements *out)
{
    eng_outline *o = eng_outline_new(svg);
    eng_outline_elements(o, s, a, out);
    eng_outline_free(o);
}

void eng_step_changes(const eng_state *before, eng_action a, const eng_state *after, int viewer,
                      eng_elements *out)
{
    char *was = eng_svg_string(before, viewer);
    char *now = eng_svg_string(after, viewer);
    eng_outline *ow = eng_outline_new(was), *on = eng_outline_new(now);
    free(was);
    free(now);
    eng_outline_changes(ow, before, a, on, out);
    eng_outline_free(ow);
    eng_outline_free(on);
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
    eng_outline *drawn = eng_outline_new(svg);
    free(svg);
    if (!acts || !prob) {
        free(acts);
        free(prob);
        eng_outline_free(drawn);
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
        eng_outline_elements(drawn, s, acts[i], &e);
        json_t *o = json_pack("{s:s,s:o}", "action", text, "elements", eng_elements_json(&e));
        if (who == ENG_CHANCE)
            json_object_set_new(o, "probability", json_real(prob[i]));
        json_array_append_new(arr, o);
    }
    free(acts);
    free(prob);
    eng_outline_free(drawn);
    return arr;
}
