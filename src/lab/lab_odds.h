/*
 * lab_odds.h - one action's exact odds under several arms, side by side
 * (lab_odds.c): the engine's exact odds (odds.c, docs/odds.md) of the
 * same action in the same position, loaded under each arm's rules.
 */
#ifndef LAB_ODDS_H
#define LAB_ODDS_H

#include <stdio.h>
#include "lab.h"

/* The odds of `action` (notation) in position pos (JSON, as `pocketwar
 * state` prints it; its own "options" give way to each arm's) under every
 * arm of e (prepared), as viewer may know them. The caller owns the
 * result: {"action", "arms": [labels], "outcomes": [{"text", "effects",
 * "probability": [per arm], "change": [per arm, against the first]}],
 * "at_least": [{"effects", "probability": [...]}], "notes": [...]}.
 * "effects" counts the things that change in an outcome; "at least k"
 * sums the outcomes with k or more. NULL and err when the position does
 * not load under an arm, or the action is not legal there. */
json_t *lab_odds_compare(const lab_exp *e, const json_t *pos, const char *action, int viewer,
                         eng_error *err);
/* The tables and bars as text. */
void lab_odds_print(const json_t *odds, FILE *out);
/* The two SVG plots of the odds ("plot-odds-exactly", "plot-odds-at-
 * least"), for a page. */
void lab_odds_svg(const json_t *odds, FILE *out);
/* A self-contained page of the same with SVG bars. */
bool lab_odds_html(const json_t *odds, const char *path, eng_error *err);

#endif
