/*
 * ai_net.h - the learned evaluation: a small network that reads a rule
 * set's features of a position (ai_hints_features) and gives the chance that
 * the side whose point of view they take wins (a draw counting half). One
 * hidden layer of tanh units, a logistic output; plain C, no library.
 * Trained by `pocketwar train` (ai_train.c); its weights are a text file
 * under the rule set's data folder (eng_eval_net_path).
 *
 * The file: lines, '#' starting a comment (the header names the command
 * that made it), then
 *     pocketwar-net 1
 *     rules NAME
 *     inputs N
 *     hidden H
 *     w1       H lines of N numbers (hidden unit j's input weights)
 *     b1       a line of H numbers
 *     w2       a line of H numbers
 *     b2       a line of one number
 * the keyword of each block on a line of its own before its numbers.
 */
#ifndef AI_NET_H
#define AI_NET_H

#include <stdio.h>
#include "engine.h"

#define AI_NET_MAX_HIDDEN 256
#define AI_NET_MAX_INPUTS 1024

typedef struct ai_net {
    char rules[64];        /* the rule set it judges ("portable-wargame") */
    int inputs, hidden;
    float *w1;             /* hidden x inputs, row j = hidden unit j */
    float *w1t;            /* inputs x hidden: w1 transposed, which ai_net_eval reads
                              (it works on several hidden units at once); whoever
                              writes w1 calls ai_net_prepare before judging */
    float *b1;             /* hidden */
    float *w2;             /* hidden */
    float b2;
} ai_net;

/* A network of zero weights (hidden at most AI_NET_MAX_HIDDEN). */
ai_net *ai_net_new(const char *rules, int inputs, int hidden);
void ai_net_free(ai_net *net);

/* Brings w1t up to date with w1: after writing w1 (ai_net_load does). */
void ai_net_prepare(ai_net *net);
/* The network's output for the features x[0..inputs-1], in (0, 1). */
double ai_net_eval(const ai_net *net, const float *x);
/* The hidden units' tanh as ai_net_eval takes it: a rational function
 * within 4e-7 of tanh everywhere, odd, in [-1, 1] (ai_net.c). */
float ai_net_tanh(float x);

/* Reads a network from path for rule set `rules` taking `inputs` features:
 * NULL and err naming the file, its line and what is wrong, on anything
 * amiss (missing file, another rule set, another count, a bad number). */
ai_net *ai_net_load(const char *path, const char *rules, int inputs, eng_error *err);

/* Writes net to path, `header` (may be NULL; lines without '#', which is
 * added) as comments first; false and err on failure. */
bool ai_net_save(const ai_net *net, const char *path, const char *header, eng_error *err);

/* The network of rule set r from the weights file `file` (NULL or empty:
 * the rule set's own data file; else a name in the rule set's data folder,
 * or a path where it holds a '/'): NULL and err when the rule set has none
 * or the file is missing or malformed. */
ai_net *ai_net_for_rules_file(const eng_rules *r, const char *file, eng_error *err);

/* Every player's prospects in s into value[] as the network judges them:
 * the returns if the game is over. In a two-side game the two sides'
 * judgements are made one (value[0] the mean of the network's chance for
 * side 0 and one less its chance for side 1), so they sum to 1. */
void ai_net_score(const ai_net *net, const eng_state *s, double *value);

#endif
