/*
 * position.h - helpers the rule sets share to read and write a position as
 * JSON (their from_json and to_json): a table of a state's counters that a
 * position carries by name in its "internal" object, and readers of the
 * usual value shapes with messages that say where.
 *
 * Only src/engine/ and the rule-set modules include this.
 */
#ifndef POSITION_H
#define POSITION_H

#include <stddef.h>
#include <stdint.h>
#include "engine.h"
#include "notation.h"

/* One counter of a rule set's state: a scalar (count 1) or an array of
 * count elements of size 1, 2, 4 or 8 bytes, unsigned (or int16_t when
 * is_signed). limit: how many elements to write and read at most, an index
 * into the limits array the caller passes (-1: all count). */
typedef struct eng_pos_field {
    const char *name;
    size_t offset;
    uint8_t size;
    uint8_t is_signed;
    int16_t limit;
    uint16_t count;
} eng_pos_field;

#define ENG_POS_ONE(T, m) {#m, offsetof(T, m), sizeof(((T *)0)->m), 0, -1, 1}
#define ENG_POS_ARR(T, m, lim) {#m, offsetof(T, m), sizeof(((T *)0)->m[0]), 0, (lim), \
                                sizeof(((T *)0)->m) / sizeof(((T *)0)->m[0])}
#define ENG_POS_SARR(T, m, lim) {#m, offsetof(T, m), sizeof(((T *)0)->m[0]), 1, (lim), \
                                 sizeof(((T *)0)->m) / sizeof(((T *)0)->m[0])}
#define ENG_POS_END {NULL, 0, 0, 0, 0, 0}

/* The fields as a JSON object (arrays cut to their limit). */
json_t *eng_pos_fields_json(const eng_pos_field *f, const void *st, const int *limits);
/* Reads the fields present in obj (an object, or NULL: nothing) into st;
 * a name not in the table, a value out of its type's range or an array
 * longer than its limit is an error naming "internal.NAME". */
bool eng_pos_fields_read(const eng_pos_field *f, void *st, const int *limits, const json_t *obj,
                         char *why, size_t n);

/* Readers: true and *out, or false with "WHERE: what is wrong" in why. A
 * missing key (NULL value) is not an error for the _opt readers: they
 * leave *out as it is. */
bool eng_pos_int(const json_t *v, const char *where, long lo, long hi, long *out, char *why,
                 size_t n);
bool eng_pos_int_opt(const json_t *obj, const char *key, const char *where, long lo, long hi,
                     long *out, char *why, size_t n);
bool eng_pos_bool_opt(const json_t *obj, const char *key, const char *where, bool *out,
                      char *why, size_t n);
/* A string value or NULL (missing or null); not a string: error. */
bool eng_pos_str_opt(const json_t *obj, const char *key, const char *where, const char **out,
                     char *why, size_t n);
/* Refuses keys of obj not in the NULL-ended list (and not starting '_'). */
bool eng_pos_keys(const json_t *obj, const char *where, const char *const *known, char *why,
                  size_t n);
bool eng_pos_fail(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- names and references in a position (position_read.c) ------------------- */

/* The k in 0..last whose name(k) is word, or -1. */
int eng_pos_word_index(const char *(*name)(int), int last, const char *word);
/* The index in 0..count-1 whose name (as name(ctx, k, ...) writes it) is
 * text, or -1: how a rule set finds a unit by its label ("A3"). A name
 * written empty is no unit's (a gap in the indices). */
int eng_pos_find_name(const void *ctx, int count,
                      void (*name)(const void *ctx, int k, char *buf, size_t n), const char *text);
/* The unit of t whose full label ("1/HI1", eng_unit_label's for viewer -1)
 * is text exactly, or -1: how a position file names a unit. */
int eng_pos_find_unit(const eng_unit_table *t, const char *text);

/* How a position refers to a rule set's units: find(ctx, name) gives the
 * unit's index or -1; none is the index that null stands for; a message
 * about a name not found says hint after it, and odd for a value that is
 * no string. */
typedef struct eng_pos_refs {
    int (*find)(const void *ctx, const char *name);
    const void *ctx;
    uint8_t none;
    const char *hint;
    const char *odd;
} eng_pos_refs;

/* References to the units of t by their full labels (eng_pos_find_unit),
 * with none and hint as above; t must outlive the result. */
eng_pos_refs eng_pos_unit_refs(const eng_unit_table *t, uint8_t none, const char *hint);
/* obj's key as a unit: missing, *out stays; null, none; a name find
 * knows, its index; else false with "WHERE.KEY: no unit \"NAME\"HINT". */
bool eng_pos_ref_opt(const eng_pos_refs *r, const json_t *obj, const char *key,
                     const char *where, uint8_t *out, char *why, size_t n);
/* Entry i of a position's "units" array: an object naming its unit by
 * "ref". The unit's index, with "unit REF" written to where (wn bytes);
 * or -1 with why. */
int eng_pos_unit_entry(const eng_pos_refs *r, const json_t *o, size_t i, char *where, size_t wn,
                       char *why, size_t n);
/* How a position names a rule set's places: parse(ctx, text, err, n) gives
 * the place's index, or -1 with err saying why; none is the index that
 * null stands for; a value that is no string is "expected EXPECTED"; null
 * where a place is needed "must name NOUN". */
typedef struct eng_pos_places {
    int (*parse)(const void *ctx, const char *text, char *err, size_t n);
    const void *ctx;
    uint8_t none;
    const char *expected;
    const char *noun;
} eng_pos_places;

/* obj's key as a place: missing, *out stays; null, none (if nullable,
 * else an error); else the place parsed, or false with "WHERE.KEY: why". */
bool eng_pos_place_opt(const eng_pos_places *p, const json_t *obj, const char *key,
                       const char *where, bool nullable, uint8_t *out, char *why, size_t n);
/* Does a position's "to_act" (null: nobody, "chance", or a player from 1)
 * name who (ENG_TERMINAL, ENG_CHANCE or a player from 0)? */
bool eng_pos_to_act_is(const json_t *to_act, int who);

#endif
