/*
 * english.h - small helpers for English in messages: a count's noun
 * ("1 die", "2 dice"), a side's name as subject ("Orcs win", "Red wins")
 * and in the possessive ("the Elves' turn", "Red's turn"), and adding to a
 * message piece by piece.
 */
#ifndef ENGLISH_H
#define ENGLISH_H

#include <stdbool.h>
#include <stddef.h>

/* one if n == 1, else many. */
static inline const char *eng_noun(long n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}
/* Is a side's name a plural ("Orcs", "Elves", "Romans"), not one name
 * ("Red", "Blue", "Swiss")? Read from its last word: an -s ending, not -ss. */
bool eng_name_plural(const char *name);
/* The verb form for name as subject: singular ("wins") or plural ("win"). */
const char *eng_verb(const char *name, const char *singular, const char *plural);
/* "Red's", "Orcs'": the possessive of a side's name, written to buf. */
const char *eng_possessive(const char *name, char *buf, size_t n);

/* Adds printf-style text to the end of the message in buf (n bytes), cut
 * to fit; a full buf stays as it is. */
void eng_text_add(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
