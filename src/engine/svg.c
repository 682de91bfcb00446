/*
 * svg.c - the engine's door to a rule set's drawing: the position as SVG
 * for one viewer, the board elements each action involves, and what a step
 * changed on the board.
 *
 * A rule set writes every element that has an id on a line of its own
 * (svg.h), so what changed between two drawings is found line by line: an
 * id whose line differs, or that is new, changed. Whatever is reported is
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
    const eng_rules *r = eng_state_rules(s);
    if (!r->svg)
        return false;
    r->svg(eng_state_data(s), eng_state_body(s), viewer, out);
    return true;
}

char *eng_svg_string(const eng_state *s, int viewer)
{
    if (!eng_state_rules(s)->svg)
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

void eng_action_elements(const eng_state *s, eng_action a, eng_elements *out)
{
    out->n = 0;
    const eng_rules *r = eng_state_rules(s);
    if (r->action_elements)
        r->action_elements(eng_state_data(s), eng_state_body(s), a, out);
}

void eng_action_elements_seen(const eng_state *s, eng_action a, const char *svg,
                              eng_elements *out)
{
    eng_elements all;
    eng_action_elements(s, a, &all);
    out->n = 0;
    for (int i = 0; i < all.n; i++)
        if (eng_svg_has_id(svg, all.id[i]))
            eng_elements_add(out, "%s", all.id[i]);
}

/* The id on a line (its first), into id; false if none. */
static bool line_id(const char *line, const char *end, char *id, size_t n)
{
    const char *p = line;
    while (p < end && (p = strstr(p, " id=\"")) != NULL && p < end) {
        p += 5;
        const char *q = memchr(p, '"', (size_t)(end - p));
        if (!q || (size_t)(q - p) >= n)
            return false;
        memcpy(id, p, (size_t)(q - p));
        id[q - p] = '\0';
        return true;
    }
    return false;
}

/* The line of svg whose id is id: its start and length; NULL if none. */
static const char *find_line(const char *svg, const char *id, size_t *len)
{
    char pat[ENG_ELEM_ID_MAX + 8];
    snprintf(pat, sizeof pat, " id=\"%s\"", id);
    for (const char *p = svg; (p = strstr(p, pat)) != NULL; p++) {
        const char *start = p;
        while (start > svg && start[-1] != '\n')
            start--;
        const char *end = strchr(p, '\n');
        if (!end)
            end = p + strlen(p);
        char first[ENG_ELEM_ID_MAX];
        if (line_id(start, end, first, sizeof first) && strcmp(first, id) == 0) {
            *len = (size_t)(end - start);
            return start;
        }
    }
    return NULL;
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
    eng_action_elements_seen(before, a, now, out);
    for (const char *line = now; *line;) {
        const char *end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        char id[ENG_ELEM_ID_MAX];
        if (line_id(line, end, id, sizeof id)) {
            size_t len = 0;
            const char *old = find_line(was, id, &len);
            if (!old || len != (size_t)(end - line) || memcmp(old, line, len) != 0)
                eng_elements_add(out, "%s", id);
        }
        line = *end ? end + 1 : end;
    }
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
    if (!acts || !prob) {
        free(acts);
        free(prob);
        free(svg);
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
        if (svg)
            eng_action_elements_seen(s, acts[i], svg, &e);
        else
            e.n = 0;
        json_t *o = json_pack("{s:s,s:o}", "action", text, "elements", eng_elements_json(&e));
        if (who == ENG_CHANCE)
            json_object_set_new(o, "probability", json_real(prob[i]));
        json_array_append_new(arr, o);
    }
    free(acts);
    free(prob);
    free(svg);
    return arr;
}
