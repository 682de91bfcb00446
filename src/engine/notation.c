/*
 * notation.c - splitting a line of action notation into words, a unit's
 * word into owner, type code and number and that unit found among a rule
 * set's (eng_unit_parse), a unit's label, and grid squares (notation.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "engine.h"
#include "notation.h"

int eng_words_split(const char *text, int max, eng_words *out, char *why, size_t n)
{
    if (max > ENG_WORDS_MAX)
        max = ENG_WORDS_MAX;
    out->n = 0;
    const char *p = text;
    for (;;) {
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        const char *q = p;
        while (*q && !isspace((unsigned char)*q))
            q++;
        if (out->n == max) {
            snprintf(why, n, "too many words");
            return -1;
        }
        size_t len = (size_t)(q - p);
        if (len >= ENG_WORD_LEN) {
            snprintf(why, n, "\"%.*s...\" is too long for a word of notation (at most %d characters)",
                     (int)eng_utf8_cut(p, ENG_WORD_LEN - 1), p, ENG_WORD_LEN - 1);
            return -1;
        }
        memcpy(out->w[out->n], p, len);
        out->w[out->n][len] = '\0';
        out->n++;
        p = q;
    }
    if (out->n == 0) {
        snprintf(why, n, "expected an action");
        return -1;
    }
    return 0;
}

int eng_unit_ref_split(const char *word, const char *example, eng_unit_ref *out, char *why,
                       size_t n)
{
    memset(out, 0, sizeof *out);
    out->label = word;
    const char *slash = strchr(word, '/');
    if (slash) {
        size_t len = (size_t)(slash - word);
        if (len == 0 || len >= sizeof out->owner)
            goto shape;
        memcpy(out->owner, word, len);
        out->label = slash + 1;
    }
    const char *p = out->label;
    size_t i = 0;
    while (isalpha((unsigned char)p[i]) && i < sizeof out->code - 1) {
        out->code[i] = p[i];
        i++;
    }
    const char *digits = p + i;
    if (i == 0 || !*digits)
        goto shape;
    for (const char *d = digits; *d; d++)
        if (!isdigit((unsigned char)*d))
            goto shape;
    if (digits[0] == '0' && digits[1]) {
        snprintf(why, n, "write unit numbers without leading zeros (like %s), got \"%s\"",
                 example, word);
        return -1;
    }
    out->num = strlen(digits) > 6 ? -1 : strtol(digits, NULL, 10);
    return 0;
shape:
    snprintf(why, n, "expected a unit like %s or 2/%s, got \"%s\"", example, example, word);
    return -1;
}

int eng_unit_parse(const eng_unit_table *t, const char *word, int mine, char *why, size_t n)
{
    eng_unit_ref r;
    if (eng_unit_ref_split(word, t->example, &r, why, n) < 0)
        return -1;
    int p = mine;
    if (r.owner[0] && (p = t->owner_parse(t->ctx, r.owner, why, n)) < 0)
        return -1;
    if (p < 0) {
        snprintf(why, n, "say whose unit %s is, like 2/%s", r.label, r.label);
        return -1;
    }
    for (int u = 0; u < t->count; u++) {
        eng_unit_name un = t->name(t->ctx, u);
        if (un.owner == p && un.num == r.num && strcasecmp(un.code, r.code) == 0)
            return u;
    }
    snprintf(why, n, "%s has no unit %s", t->owner_name(t->ctx, p), r.label);
    return -1;
}

void eng_unit_label(const eng_unit_table *t, int u, int viewer, char *buf, size_t n)
{
    if (u < 0 || u >= t->count) {
        snprintf(buf, n, "?");
        return;
    }
    eng_unit_name un = t->name(t->ctx, u);
    if (un.owner == viewer)
        snprintf(buf, n, "%s%d", un.code, un.num);
    else
        snprintf(buf, n, "%d/%s%d", un.owner + 1, un.code, un.num);
}

int eng_grid_dist(int ax, int ay, int bx, int by)
{
    return abs(ax - bx) + abs(ay - by);
}

void eng_square_name(int x, int y, char *buf, size_t n)
{
    snprintf(buf, n, "%c%d", 'a' + x, y + 1);
}

int eng_square_parse(const char *text, int max_w, int max_h, int *x, int *y)
{
    const char *p = text;
    if (!isalpha((unsigned char)*p))
        return -1;
    int col = tolower((unsigned char)*p) - 'a';
    p++;
    int row = 0, digits = 0;
    while (isdigit((unsigned char)*p) && digits < 3) {
        row = row * 10 + (*p - '0');
        p++;
        digits++;
    }
    if (digits == 0 || *p || row < 1 || row > max_h || col < 0 || col >= max_w)
        return -1;
    *x = col;
    *y = row - 1;
    return 0;
}
