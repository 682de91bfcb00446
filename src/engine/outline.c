/*
 * outline.c - a drawing's outline: what view.c needs of an SVG drawing to
 * name the elements of actions and what a step changed, without the text.
 * It holds every element id the drawing shows and, for each line that
 * starts an element with an id (svg.h: such an element starts and ends on
 * its line), that id and a digest of the line with the values of geometry
 * attributes (x, cy, points, ...) left out, so a piece drawn elsewhere on
 * the same place keeps its digest. A few kilobytes where the drawing is
 * tens, so a server can keep the outline of a position it drew and compare
 * the next step's drawing with it instead of drawing the position again.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "engine_private.h"

typedef struct outline_line {
    uint32_t id;                        /* offset of the id in pool */
    uint64_t digest;
} outline_line;

struct eng_outline {
    int nlines, nids;
    outline_line *line;                 /* in the drawing's order */
    const char **ids;                   /* every id (in pool), sorted */
    char *pool;                         /* the ids, each ended by a NUL */
};

/* Is p the start of a geometry attribute (x="..", cy="..", points="..",
 * and the others below)? Returns the length of its name and `="`, or 0.
 * Looked up by the first letter: this runs at every attribute of a drawing. */
static size_t geometry_attr(const char *p, const char *end)
{
    static const char *const by_letter[][4] = {
        ['c' - 'a'] = {"cx", "cy"},       ['d' - 'a'] = {"d"},
        ['f' - 'a'] = {"font-size"},      ['h' - 'a'] = {"height"},
        ['p' - 'a'] = {"points"},         ['r' - 'a'] = {"r", "rx"},
        ['w' - 'a'] = {"width"},          ['x' - 'a'] = {"x", "x1", "x2"},
        ['y' - 'a'] = {"y", "y1", "y2"},
    };
    if (*p < 'a' || *p > 'y')
        return 0;
    const char *const *names = by_letter[*p - 'a'];
    for (int i = 0; i < 4 && names[i]; i++) {
        size_t n = strlen(names[i]);
        if ((size_t)(end - p) > n + 2 && memcmp(p, names[i], n) == 0 && p[n] == '=' &&
            p[n + 1] == '"')
            return n + 2;
    }
    return 0;
}

/* FNV-1a over [p, end) with the values of geometry attributes left out
 * (their names and quotes kept): two lines alike but for where they are
 * drawn get the same digest. */
static uint64_t line_digest(const char *p, const char *end)
{
    uint64_t h = 14695981039346656037ull;
    const char *start = p;
    while (p < end) {
        size_t k = p > start && p[-1] == ' ' ? geometry_attr(p, end) : 0;
        if (k) {
            for (size_t i = 0; i < k; i++)
                h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
            p += k;
            while (p < end && *p != '"')
                p++;
            continue;
        }
        h = (h ^ (unsigned char)*p++) * 1099511628211ull;
    }
    return h;
}

static int cmp_id(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* v with room for n + 1 elements of size (grown by doubling *cap); NULL
 * when out of memory (v is left as it was). */
static void *room(void *v, int *cap, int n, size_t size)
{
    if (n < *cap)
        return v;
    int c = *cap ? 2 * *cap : 64;
    void *w = realloc(v, size * (size_t)c);
    if (w)
        *cap = c;
    return w;
}

eng_outline *eng_outline_new(const char *svg)
{
    if (!svg)
        return NULL;
    eng_outline *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    int line_cap = 0, id_cap = 0;
    uint32_t *at_id = NULL;             /* every id's offset in pool, while pool grows */
    size_t pool_len = 0, pool_cap = 0;
    const char *line_end = NULL;        /* end of the line whose first id was taken */
    bool ok = true;
    for (const char *p = strstr(svg, " id=\""); p && ok; p = strstr(p, " id=\"")) {
        const char *id = p + 5, *q = strchr(id, '"');
        if (!q)
            break;
        size_t len = (size_t)(q - id);
        bool first_on_line = !line_end || p > line_end;
        const char *ls = p;
        if (first_on_line) {
            while (ls > svg && ls[-1] != '\n')
                ls--;
            line_end = strchr(p, '\n');
            if (!line_end)
                line_end = p + strlen(p);
        }
        if (len < ENG_ELEM_ID_MAX) {
            if (pool_len + len + 1 > pool_cap) {
                size_t c = pool_cap ? 2 * pool_cap : 2048;
                while (c < pool_len + len + 1)
                    c *= 2;
                char *w = realloc(o->pool, c);
                if (!(ok = w != NULL))
                    break;
                o->pool = w;
                pool_cap = c;
            }
            uint32_t at = (uint32_t)pool_len;
            memcpy(o->pool + pool_len, id, len);
            o->pool[pool_len + len] = '\0';
            pool_len += len + 1;
            uint32_t *ai = room(at_id, &id_cap, o->nids, sizeof *at_id);
            if (!(ok = ai != NULL))
                break;
            at_id = ai;
            at_id[o->nids++] = at;
            /* a line counts by its first id, when that id fits and ends on it */
            if (first_on_line && q < line_end) {
                outline_line *ol = room(o->line, &line_cap, o->nlines, sizeof *o->line);
                if (!(ok = ol != NULL))
                    break;
                o->line = ol;
                o->line[o->nlines++] = (outline_line){at, line_digest(ls, line_end)};
            }
        }
        p = q;
    }
    /* kept as one block of its exact size: an outline may be kept a while,
     * and the growing arrays it was built in would leave holes */
    size_t lines = sizeof *o->line * (size_t)o->nlines, ids = sizeof *o->ids * (size_t)o->nids;
    eng_outline *k = ok ? malloc(sizeof *k + lines + ids + pool_len) : NULL;
    if (k) {
        *k = (eng_outline){.nlines = o->nlines, .nids = o->nids};
        k->line = (outline_line *)(k + 1);
        k->ids = (const char **)((char *)k->line + lines);
        k->pool = (char *)k->ids + ids;
        if (lines)
            memcpy(k->line, o->line, lines);
        if (pool_len)
            memcpy(k->pool, o->pool, pool_len);
        for (int i = 0; i < o->nids; i++)
            k->ids[i] = k->pool + at_id[i];
        if (o->nids)
            qsort(k->ids, (size_t)o->nids, sizeof *k->ids, cmp_id);
    }
    free(at_id);
    free(o->line);
    free(o->pool);
    free(o);
    return k;
}

void eng_outline_free(eng_outline *o)
{
    free(o);
}

bool eng_outline_has(const eng_outline *o, const char *id)
{
    int lo = 0, hi = o ? o->nids : 0;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(o->ids[mid], id);
        if (c == 0)
            return true;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

void eng_outline_elements(const eng_outline *o, const eng_state *s, eng_action a,
                          eng_elements *out)
{
    eng_elements all;
    eng_action_elements(s, a, &all);
    out->n = 0;
    for (int i = 0; i < all.n; i++)
        if (eng_outline_has(o, all.id[i]))
            eng_elements_add(out, "%s", all.id[i]);
}

void eng_outline_changes(const eng_outline *was, const eng_state *before, eng_action a,
                         const eng_outline *now, eng_elements *out)
{
    out->n = 0;
    if (!was || !now)
        return;
    eng_outline_elements(now, before, a, out);
    /* the drawings list their elements in much the same order: look from
     * where the last match was */
    int at = 0, nold = was->nlines;
    for (int i = 0; i < now->nlines; i++) {
        const char *id = now->pool + now->line[i].id;
        int found = -1;
        for (int k = 0; k < nold && found < 0; k++) {
            int j = (at + k) % nold;
            if (strcmp(was->pool + was->line[j].id, id) == 0)
                found = j;
        }
        if (found >= 0)
            at = found + 1;
        if (found < 0 || was->line[found].digest != now->line[i].digest)
            eng_elements_add(out, "%s", id);
    }
}
