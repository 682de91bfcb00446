/*
 * lab_bench.h - the lab's throughput figures (lab_bench.c).
 */
#ifndef LAB_BENCH_H
#define LAB_BENCH_H

#include <stdio.h>
#include "engine.h"

/* Prints battles per second per rule set (only that one, or all when
 * NULL) with thumb (thumb_games games) and normal (normal_games; < 2: left
 * out) players on 1 and 2 jobs, and the scaling ratio; a line on progress
 * (NULL: none) as each timing starts. 0, or -1 and err. */
int lab_bench(FILE *out, FILE *progress, const char *only, int thumb_games, int normal_games,
              eng_error *err);

#endif
