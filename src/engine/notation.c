/*
 * notation.c - splitting a line of action notation into words (notation.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
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
                     ENG_WORD_LEN - 1, p, ENG_WORD_LEN - 1);
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
