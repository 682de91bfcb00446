/*
 * play_seats.c - who plays each side in `pocketwar play`: people, computer
 * players by name, from --ai/--side, --hotseat, --players, or a resumed
 * record's P1..P4 tags. Seat labels go into the record as docs/records.md
 * shows them ("Red: human", "Blue: thumb").
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "play.h"

/* Sets side p to a person (name NULL) or a computer player. */
static int seat(play_session *ps, int p, const char *name, uint64_t ai_seed)
{
    ai_free(ps->ai[p]);
    ps->ai[p] = NULL;
    free(ps->ai_name[p]);
    ps->ai_name[p] = NULL;
    if (!name) {
        eng_match_set_player(ps->m, p, "human");
        return 0;
    }
    if (!(ps->ai[p] = cli_ai_new(name, ai_seed + (uint64_t)p + 1, ps->ai_opts)))
        return -1;
    ps->ai_name[p] = strdup(name);
    eng_match_set_player(ps->m, p, name);   /* as docs/records.md shows: "Blue: thumb" */
    return 0;
}

static int side_number(const play_session *ps, const char *arg)
{
    for (int p = 0; p < ps->np; p++)
        if (strcasecmp(arg, play_side(ps, p)) == 0)
            return p;
    char *end;
    long v = strtol(arg, &end, 10);
    if (*arg && !*end && v >= 1 && v <= ps->np)
        return (int)v - 1;
    return -1;
}

int play_seat_all(play_session *ps, const play_seat_opts *so)
{
    if (so->players) {
        int count = 1;
        for (const char *q = so->players; *q; q++)
            count += *q == ',';
        if (count != ps->np) {
            fprintf(stderr, "pocketwar play: --players names %d seat%s, but this game has "
                    "%d sides (", count, count == 1 ? "" : "s", ps->np);
            for (int p = 0; p < ps->np; p++)
                fprintf(stderr, "%s%s", p ? ", " : "", play_side(ps, p));
            fprintf(stderr, ")\n");
            return -1;
        }
        const char *tok = so->players;
        for (int p = 0; p < ps->np; p++) {
            const char *comma = strchr(tok, ',');
            size_t len = comma ? (size_t)(comma - tok) : strlen(tok);
            if (len == 0) {
                cli_error("play", "--players: seat %d is empty; write human or a computer "
                          "(%s)", p + 1, cli_ai_names());
                return -1;
            }
            char *name = strndup(tok, len);
            int rc = seat(ps, p, strcasecmp(name, "human") == 0 ? NULL : name, so->ai_seed);
            free(name);
            if (rc != 0)
                return -1;
            tok = comma ? comma + 1 : tok + len;
        }
        return 0;
    }
    int me = 0;
    if (so->side && (me = side_number(ps, so->side)) < 0) {
        fprintf(stderr, "pocketwar play: --side takes 1..%d or a side's name (", ps->np);
        for (int p = 0; p < ps->np; p++)
            fprintf(stderr, "%s%d %s", p ? ", " : "", p + 1, play_side(ps, p));
        fprintf(stderr, "), not \"%s\"\n", so->side);
        return -1;
    }
    for (int p = 0; p < ps->np; p++)
        if (seat(ps, p, so->hotseat || p == me ? NULL : so->ai ? so->ai : PLAY_DEFAULT_AI,
                 so->ai_seed) != 0)
            return -1;
    return 0;
}

/* The side that decides next: the one to act, or past the chance points
 * before it (drawn on a copy: the generator travels with the position, so
 * they fall the same in the game); side 1 in a finished game. */
static int next_decider(const play_session *ps)
{
    eng_state *s = eng_state_clone(ps->m->state);
    while (eng_current_player(s) == ENG_CHANCE)   /* outcomes it drew itself: legal */
        eng_apply_fast(s, eng_chance_sample(s));
    int who = eng_current_player(s);   /* ENG_TERMINAL (< 0) when finished */
    eng_state_free(s);
    return who >= 0 && who < ps->np ? who : 0;
}

/* A resumed game keeps the record's seats: "human", or a computer's name
 * (also read as "computer NAME"); a label naming no computer player is a
 * person. A record of computers only (a battle's) would play itself out
 * unattended, so the side that decides next becomes the person's, unless
 * a referee types in the chance outcomes. */
int play_seat_from_record(play_session *ps, uint64_t ai_seed)
{
    int people = 0;
    for (int p = 0; p < ps->np; p++) {
        const char *label = ps->m->players[p] ? ps->m->players[p] : "human";
        if (strncmp(label, "computer ", 9) == 0)
            label += 9;
        char *name = strcmp(label, "human") == 0 || !cli_ai_known(label) ? NULL : strdup(label);
        int rc = seat(ps, p, name, ai_seed);
        free(name);
        if (rc != 0)
            return -1;
        people += ps->ai[p] == NULL;
    }
    if (people > 0 || ps->referee)
        return 0;
    int me = next_decider(ps);
    if (seat(ps, me, NULL, ai_seed) != 0)
        return -1;
    printf("The record's seats are all computers: you take %s, the side to move (choose\n"
           "with --side N, --hotseat or --players).\n", play_side(ps, me));
    return 0;
}
