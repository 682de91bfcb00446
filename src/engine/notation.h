/*
 * notation.h - splitting a line of action notation into words, a word
 * naming a unit into its parts and finding that unit among a rule set's,
 * and the squares of a grid ("c4") with their distance, shared by the rule
 * sets' parsers and boards (each says its own words: force or side, square
 * or location).
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

/* ---- a rule set's units as notation names them ---- */

/* One unit's name in notation: its owner (a player from 0), its type
 * code ("HI") and its number (1 in "HI1"). */
typedef struct eng_unit_name {
    int owner;
    const char *code;
    int num;
} eng_unit_name;

/* A rule set's units for notation: name(ctx, u) for each u in 0..count-1;
 * owner_parse(ctx, word, why, n) reads what is written before a slash
 * ("2", "Blue") into a player from 0, or gives -1 with why in the rule
 * set's own words (force, side); owner_name(ctx, p) names player p in
 * messages; example is a label of the rule set's own, like "HI1". */
typedef struct eng_unit_table {
    const void *ctx;
    int count;
    eng_unit_name (*name)(const void *ctx, int u);
    int (*owner_parse)(const void *ctx, const char *word, char *why, size_t n);
    const char *(*owner_name)(const void *ctx, int p);
    const char *example;
} eng_unit_table;

/* The unit that a word of notation names: "HI1" (a unit of player mine)
 * or "2/HI1" (of the owner written), the type code in any case. Returns
 * the unit, or -1 with why: the word's shape (eng_unit_ref_split), the
 * owner's (owner_parse), no owner written where mine is -1 ("say whose
 * unit HI1 is, like 2/HI1"), or no such unit ("Blue has no unit HI9"). */
int eng_unit_parse(const eng_unit_table *t, const char *word, int mine, char *why, size_t n);
/* Unit u's label for player viewer: "HI1" for the viewer's own, "2/HI1"
 * for another's (or for viewer -1); "?" for an index that is no unit. */
void eng_unit_label(const eng_unit_table *t, int u, int viewer, char *buf, size_t n);

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
