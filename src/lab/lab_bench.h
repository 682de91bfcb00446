/*
 * lab_bench.h - the lab's throughput figures (lab_bench.c).
 */
#ifndef LAB_BENCH_H
#define LAB_BENCH_H

#include <stdio.h>
#include "engine.h"

/* Prints battles per second per rule set with thumb (thumb_games games)
 * and normal (normal_games; < 2: left out) players on 1 and 2 jobs, and
 * the scaling ratio. 0, or -1 and err. */
int lab_bench(FILE *out, int thumb_games, int normal_games, eng_error *err);

#endif
