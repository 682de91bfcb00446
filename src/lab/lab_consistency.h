/*
 * lab_consistency.h - the per-shard consistency check of `lab merge`
 * (lab_consistency.c): does any shard's side-1 score differ from the other
 * shards' more than chance allows? A broken machine or build then shows up
 * by name instead of biasing the answer.
 */
#ifndef LAB_CONSISTENCY_H
#define LAB_CONSISTENCY_H

#include "lab.h"

#define LAB_CONSISTENCY_ALPHA 0.01      /* family-wise, after Holm's correction */

typedef struct lab_shard_tally {
    long n[LAB_MAX_ARMS];
    double sum[LAB_MAX_ARMS], sumsq[LAB_MAX_ARMS];
} lab_shard_tally;

typedef struct lab_consistency {
    int nshards;
    lab_shard_tally *shard;
} lab_consistency;

void lab_consistency_init(lab_consistency *c, int nshards);
void lab_consistency_free(lab_consistency *c);
/* Counts shard d's games (their side-1 scores, by arm). */
void lab_consistency_add(lab_consistency *c, int d, const lab_game *g, int n);
/* The test, shard by shard: for each arm, z = the shard's mean side-1 score
 * less the other shards' over its standard error (the arm's variance over
 * every game); the shard's statistic, the sum of z^2 over the arms, is
 * chi-square with one degree of freedom per arm; the p-values are
 * corrected for the number of shards (Holm). The most extreme shard whose
 * corrected p is below LAB_CONSISTENCY_ALPHA is named and left out of the
 * rest, and the test runs again on the others (three shards or more are
 * needed to tell which is off). The result as JSON (caller owns):
 * {"alpha", "shards": [{"dir", "games", "side1_score", "chi2", "df", "p",
 * "p_holm", "inconsistent"}], "inconsistent": [dir...]}. */
json_t *lab_consistency_json(const lab_consistency *c, const lab_exp *e, char *const *dirs);
/* Writes it to out/shards.json and as a section of out/report.html (before
 * its end). False and err. */
bool lab_consistency_write(const json_t *j, const char *out, eng_error *err);

#endif
