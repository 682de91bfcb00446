/*
 * lab_remote.h - games played elsewhere: a transport (lab_mpi.c, in
 * build/pocketwar-mpi only) that lab_run hands games to beside its own
 * jobs. The ordinary program installs none and never links one.
 *
 * Each of the transport's slots is one player somewhere else (an MPI rank);
 * lab_run gives every slot a thread of its own, which passes the slot its
 * next game as soon as the last one's result is back, so the games spread
 * over the slots as they free up (dynamic load balancing). A game comes
 * back as its games.jsonl line, read with lab_game_from_json, so a game
 * played elsewhere is the same game, byte for byte, as one played here.
 */
#ifndef LAB_REMOTE_H
#define LAB_REMOTE_H

#include "lab.h"

typedef struct lab_remote {
    int slots;                 /* games it plays at once */
    int local_jobs;            /* jobs the calling process plays beside it by default */
    /* plays game (set, arm, seed index k, seating) of e on slot `slot`
     * (0..slots-1) and fills out; false and err (then the run stops) */
    bool (*play)(void *ctx, int slot, const lab_exp *e, const char *dir, int set, int arm,
                 int k, int seating, lab_game *out, eng_error *err);
    void *ctx;
} lab_remote;

/* The transport of this process (NULL: none), set once at start-up by the
 * program that has one, before any run. */
void lab_remote_install(const lab_remote *r);
const lab_remote *lab_remote_installed(void);

#endif
