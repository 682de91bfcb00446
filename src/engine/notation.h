/*
 * notation.h - splitting a line of action notation into words, a word
 * naming a unit into its parts, and the squares of a grid ("c4") with their
 * distance, shared by every rule set's parser and board (each reads the
 * parts its own way, and says its own words: square, location).
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

/* A unit written as a type code and a number, with an optional owner
 * before a slash: "INF1", "2/INF1", "Blue/INF1". */
typedef struct eng_unit_ref {
    char owner[ENG_WORD_LEN];   /* as written before the slash; "" if none */
    char code[ENG_WORD_LEN];    /* the letters of the type code */
    const char *label;          /* code and number as written (in the word) */
    long num;                   /* the number; -1 if too long to be any unit's */
} eng_unit_ref;

/* Splits one word into a unit reference. `example` is a label of the rule
 * set's own (like "HI1") for the message. Returns 0, or -1 with the
 * problem in why: not a unit's shape ("expected a unit like HI1 or
 * 2/HI1"), or a number with leading zeros. Whether the owner and the unit
 * exist is the rule set's to say. */
int eng_unit_ref_split(const char *word, const char *example, eng_unit_ref *out, char *why,
                       size_t n);

/* ---- squares of a grid: column letters from a, rows numbered from 1 ---- */

/* Steps between squares (ax, ay) and (bx, by), orthogonal only. */
int eng_grid_dist(int ax, int ay, int bx, int by);
/* "c4" for the square at column x, row y (both from 0). */
void eng_square_name(int x, int y, char *buf, size_t n);
/* Reads "c4" into its column and row (from 0): 0, or -1 when text is not a
 * square's shape or lies past max_w columns or max_h rows. Whether the
 * square is on the board is the rule set's to say. */
int eng_square_parse(const char *text, int max_w, int max_h, int *x, int *y);

#endif
