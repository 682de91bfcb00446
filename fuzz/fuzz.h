/*
 * fuzz.h - what the fuzz harnesses (fuzz/fuzz_*.c, one per reader of
 * untrusted input) share: turning the fuzzer's bytes into text, and the
 * checks that go beyond "no crash" (docs/fuzzing.md).
 *
 * A harness is one file defining LLVMFuzzerTestOneInput (and, if it needs
 * setup, LLVMFuzzerInitialize); the Makefile builds every fuzz/fuzz_*.c
 * with libFuzzer and runs it on fuzz/corpus/<name>/, where <name> is the
 * file's name without "fuzz_" and ".c". A failed check calls fz_fail, which
 * aborts with the message, so the fuzzer keeps the input that caused it.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include "engine.h"
#include "match.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Reports a failed check and aborts. */
void fz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* The bytes as a NUL-terminated string (cut at the first NUL); free it. */
char *fz_text(const uint8_t *data, size_t size);

/* Text that must be UTF-8 (a reply, a message, a name): fz_fail if not. */
void fz_check_utf8(const char *text, const char *what);

/* The position's JSON, for every viewer: dumps, is UTF-8, and has the
 * fields every rule set gives ("rules", "to_act", "status"). */
void fz_check_state_json(const eng_state *s);

/* Every legal action (or chance outcome) of s prints to notation that
 * parses back to the same action. */
void fz_check_notation(const eng_state *s);

/* A record's text saved from m; the caller frees it. */
char *fz_save(const eng_match *m);

/* A loaded match saves, reloads and saves again to the same bytes, and the
 * reloaded position equals the first. */
void fz_check_round_trip(const eng_match *m);

/* Positions to fuzz notation in: random games of every shipped scenario of
 * every rule set, a few positions each (made once). */
int fz_positions(eng_state ***out);

#endif
