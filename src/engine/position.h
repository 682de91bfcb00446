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

#endif
