/*
 * narrate.h - telling a game as text, a line per step, for `battle` and
 * `replay`. Runs of chance outcomes are folded onto one line.
 */
#ifndef NARRATE_H
#define NARRATE_H

#include <stdio.h>
#include "match.h"

typedef struct narrator {
    FILE *out;
    int viewer;            /* whose eyes: a side, or ENG_VIEW_ALL */
    int chance_run;        /* chance outcomes printed on the current line */
    char last_status[256];
    char chance_kind[16];  /* first word of the outcomes on the current line */
    int chance_col;        /* width of the current line of outcomes */
} narrator;

/* Steps are told as `viewer` may see them (ENG_VIEW_ALL: everything). */
void narrate_begin(narrator *n, FILE *out, int viewer);
/* Tells step (who, a), taken in position s (before it is applied). */
void narrate_step(narrator *n, const eng_state *s, int who, eng_action a);
void narrate_end(narrator *n);

#endif
