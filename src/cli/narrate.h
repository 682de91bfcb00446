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
    int chance_run;        /* chance outcomes printed on the current line */
    char last_status[256];
} narrator;

void narrate_begin(narrator *n, FILE *out);
/* Tells step (who, a), taken in position s (before it is applied). */
void narrate_step(narrator *n, const eng_state *s, int who, eng_action a);
void narrate_end(narrator *n);

#endif
