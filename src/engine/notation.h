/*
 * notation.h - splitting a line of action notation into words, shared by
 * every rule set's parser (each reads the words its own way).
 */
#ifndef NOTATION_H
#define NOTATION_H

#include <stddef.h>

#define ENG_WORDS_MAX 6
#define ENG_WORD_LEN 32         /* a word's room, with its NUL */

typedef struct eng_words {
    int n;
    char w[ENG_WORDS_MAX][ENG_WORD_LEN];
} eng_words;

/* Splits text at white space into at most max (<= ENG_WORDS_MAX) words.
 * Returns 0, or -1 with the problem in why: no words ("expected an
 * action"), too many, or a word too long for notation. */
int eng_words_split(const char *text, int max, eng_words *out, char *why, size_t n);

#endif
