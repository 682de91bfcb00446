/*
 * input.c - small checks for text that comes from outside the program:
 * whole numbers (seeds) and UTF-8 (names cut to fit a buffer, messages
 * quoting what was typed). See the "Untrusted text" section of engine.h.
 */
#include <stdio.h>
#include <string.h>
#include "engine.h"

bool eng_parse_u64(const char *text, uint64_t *out)
{
    if (!text || !*text)
        return false;
    uint64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

/* Length of the UTF-8 sequence starting at s (1..4), or 0 if it is not a
 * well-formed one (overlong forms, surrogates and values past U+10FFFF
 * included, as JSON libraries refuse them). */
static size_t utf8_seq(const unsigned char *s)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t n;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return 0;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return n;
}

bool eng_utf8_valid(const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        size_t k = utf8_seq(s);
        if (!k)
            return false;
        s += k;
    }
    return true;
}

size_t eng_utf8_cut(const char *text, size_t max)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t at = 0;
    while (s[at]) {
        size_t k = utf8_seq(s + at);
        if (!k)
            k = 1;                 /* a stray byte counts alone */
        if (at + k > max)
            break;
        at += k;
    }
    return at;
}

void eng_text_copy(char *dst, size_t n, const char *src)
{
    if (n == 0)
        return;
    if (!src)
        src = "";
    size_t k = eng_utf8_cut(src, n - 1);
    memcpy(dst, src, k);
    dst[k] = '\0';
}

void eng_text_quote(char *dst, size_t n, const char *src, size_t max)
{
    if (n < 4 || strlen(src) <= max) {
        eng_text_copy(dst, n, src);
        return;
    }
    if (max > n - 4)
        max = n - 4;
    size_t k = eng_utf8_cut(src, max);
    memcpy(dst, src, k);
    memcpy(dst + k, "...", 4);
}
