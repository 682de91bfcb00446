/*
 * ptw_book.c - bookkeeping after the position (ptw_state.book): each
 * unit's steps at the start of an activation (the directions the step
 * listing gives it, and whether it may turn), kept in the state so that
 * listing a side's units reads them instead of working them out for every
 * eligible unit at every such listing.
 *
 * What a unit's steps read (ptw_unit_step_dirs, a unit not in its
 * activation): its own square, type and fired bit; who stands in the
 * squares next to it, and whether an enemy next to it faces it (rule g's
 * enemy squares, rule f's friendly ones, rule i); if it is faced, rule i's
 * fronts, enemies 2 squares off; through a square it may not stop in
 * (rule f's look ahead), who of its side stands and the wire as far as its
 * allowance, enemies one further; and for an exhausted side, where every
 * enemy stands. work_out keeps those two reaches with the steps (never an
 * own unit's facing: the steps read the enemy's only).
 *
 * The book keeps a copy of those parts of the position (each unit's
 * square, facing and tower, the fired bits, the wire, exhaustion) as they
 * were when it was last brought up to date. ptw_book_update compares them
 * with the position: what differs between the two is exactly where a unit
 * was and is now, whom it tows, which way it faces, where the wire is. An
 * entry none of whose reaches takes in a square where that changed read
 * the same then as now and stays; the others are dropped (and every unit
 * of an exhausted side when an enemy came or went, and a unit whose fired
 * bit changed), and the acting side's eligible units not known are worked
 * out again. So no writer of the position has to know about it:
 * ptw_continue brings it up to date whenever a side is acting and no unit
 * is in its activation, the only time the listing reads it (ptw_legal.c),
 * and init and the position reader build it from nothing. Debug builds
 * check, after every action that leaves a side acting with no unit active,
 * that the copy equals the position, that the acting side's eligible units
 * are all known, and every entry of an eligible unit against its steps
 * worked out afresh (ptw_book_check); and the listing that reads it is
 * compared with the plain rules at every listing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptw.h"

static inline uint64_t bit_of(int u) { return UINT64_C(1) << u; }

/* Works out u's entry (u may activate; v: a listing for u's side). */
static void work_out(const ptw_data *d, ptw_state *s, ptw_listing *v, int u)
{
    bool turn;
    int reach[2];
    unsigned m = ptw_unit_step_dirs(d, s, v, u, &turn, reach);
    s->book.steps[u] = (uint8_t)(m | (turn ? PTW_BOOK_TURN : 0));
    /* (15: any distance; the distances kept at load stop at 15) */
    s->book.reach[u] = (uint8_t)((reach[0] < 15 ? reach[0] : 15) |
                                 (reach[1] < 15 ? reach[1] : 15) << 4);
    s->book.known |= bit_of(u);
}

static uint64_t side_units(const ptw_data *d, int side)
{
    const ptw_side *f = &d->side[side];
    uint64_t m = f->nunits >= 64 ? ~UINT64_C(0) : bit_of(f->nunits) - 1;
    return m << f->first_unit;
}

/* The book's copy of what the steps read (ptw_book_update keeps it piece
 * by piece as it finds what changed). */
static void copy_position(struct ptw_book *b, const ptw_state *s)
{
    b->fired = s->fired;
    memcpy(b->wire, s->wire, sizeof b->wire);
    memcpy(b->loc, s->loc, sizeof b->loc);
    memcpy(b->facing, s->facing, sizeof b->facing);
    memcpy(b->towed_by, s->towed_by, sizeof b->towed_by);
    b->exhausted[0] = s->exhausted[0];
    b->exhausted[1] = s->exhausted[1];
}

/* Works out the acting side's eligible units that are not known (only
 * the acting side's units are listed; the other's wait for its part). */
static void fill(const ptw_data *d, ptw_state *s)
{
    if (!ptw_book_current(s))
        return;
    int side = ptw_acting_side(s);
    uint64_t todo = side_units(d, side) & ~s->book.known & ~s->activated;
    if (!todo)
        return;
    ptw_listing v;
    ptw_listing_init(&v, side);
    for (; todo; todo &= todo - 1) {
        int u = __builtin_ctzll(todo);
        if (ptw_may_activate(s, u))
            work_out(d, s, &v, u);
    }
}

void ptw_book_rebuild(const ptw_data *d, ptw_state *s)
{
    struct ptw_book *b = &s->book;
    memset(b, 0, sizeof *b);
    copy_position(b, s);
    fill(d, s);
}

static inline uint64_t word(const uint8_t *a, int w)
{
    uint64_t x;
    memcpy(&x, a + 8 * w, sizeof x);
    return x;
}

/* A square where something a unit's steps read changed, and whose reach
 * takes it in for a unit of side t (sel[t]: 0 none, 1 its own side's reach,
 * 2 the enemy's): a unit of its own side that came or went, or the wire,
 * within its own reach; an enemy that came, went or turned, within the
 * enemy's; its own side's turning never. */
typedef struct change {
    uint8_t sq, sel[2];
} change;

/* The most changes kept apart; past that, every entry is dropped. */
#define MAX_CHANGES 32

void ptw_book_update(const ptw_data *d, ptw_state *s)
{
    struct ptw_book *b = &s->book;
    /* (a unit's activated bit is not read: an entry is read only while the
     * unit is eligible, and its steps then are those of a unit not yet
     * activated) */
    uint64_t drop = s->fired ^ b->fired;
    b->fired = s->fired;
    if (s->exhausted[0] != b->exhausted[0] || s->exhausted[1] != b->exhausted[1]) {
        drop = ~UINT64_C(0);
        b->exhausted[0] = s->exhausted[0];
        b->exhausted[1] = s->exhausted[1];
    }
    /* the squares where a unit came, went, limbered or unlimbered, or
     * turned, or the wire changed; and the sides whose units came or went */
    change chg[MAX_CHANGES];
    int n = 0;
    bool moved[2] = {false, false};
    for (int w = 0; w < (d->nunits + 7) / 8; w++) {
        uint64_t x = (word(s->loc, w) ^ word(b->loc, w)) |
                     (word(s->facing, w) ^ word(b->facing, w)) |
                     (word(s->towed_by, w) ^ word(b->towed_by, w));
        while (x) {
            int i = __builtin_ctzll(x) >> 3, u = 8 * w + i;
            x &= ~(UINT64_C(0xff) << (8 * i));
            int side = d->unit[u].side;
            bool turned_only = b->loc[u] == s->loc[u] && b->towed_by[u] == s->towed_by[u];
            int sqs[2] = {b->loc[u], s->loc[u] != b->loc[u] ? s->loc[u] : PTW_NONE};
            for (int j = 0; j < 2; j++) {
                if (sqs[j] == PTW_NONE)
                    continue;
                if (n == MAX_CHANGES) {
                    drop = ~UINT64_C(0);
                    continue;
                }
                chg[n].sq = (uint8_t)sqs[j];
                chg[n].sel[side] = turned_only ? 0 : 1;
                chg[n].sel[1 - side] = 2;
                n++;
            }
            moved[side] |= b->loc[u] != s->loc[u];
            b->loc[u] = s->loc[u];
            b->facing[u] = s->facing[u];
            b->towed_by[u] = s->towed_by[u];
        }
    }
    for (int w = 0; w < 4; w++) {
        for (uint64_t x = s->wire[w] ^ b->wire[w]; x; x &= x - 1) {
            if (n == MAX_CHANGES)
                drop = ~UINT64_C(0);
            else
                chg[n++] = (change){.sq = (uint8_t)(64 * w + __builtin_ctzll(x)),
                                    .sel = {1, 1}};
        }
        b->wire[w] = s->wire[w];
    }
    for (int side = 0; side < 2; side++)
        if (s->exhausted[side] && moved[1 - side])   /* its distances to the enemy */
            drop |= side_units(d, side);
    /* an entry whose reach takes in a change is dropped */
    if (n)
        for (uint64_t k = b->known & ~drop; k; k &= k - 1) {
            int u = __builtin_ctzll(k), sq = s->loc[u], side = d->unit[u].side;
            if (sq == PTW_NONE) {
                drop |= bit_of(u);
                continue;
            }
            int lim[3] = {-1, b->reach[u] & 15, b->reach[u] >> 4};   /* by sel */
            for (int i = 0; i < n; i++) {
                int far = ptw_dist(d, sq, chg[i].sq);   /* a reach of 15 takes in all further */
                if ((far < 15 ? far : 15) <= lim[chg[i].sel[side]]) {
                    drop |= bit_of(u);
                    break;
                }
            }
        }
    b->known &= ~drop;
    fill(d, s);
}

#ifndef NDEBUG
static void book_differs(const char *what)
{
    fprintf(stderr, "portable-wargame: the bookkeeping kept by apply differs from the "
            "position (%s)\n", what);
    abort();
}
#endif

void ptw_book_check(const ptw_data *d, const ptw_state *s)
{
#ifndef NDEBUG
    if (!ptw_book_current(s))
        return;                 /* not read now, and brought up to date when it is */
    const struct ptw_book *k = &s->book;
    struct ptw_book copy = *k;
    copy_position(&copy, s);
    if (memcmp(&copy, k, sizeof copy) != 0)
        book_differs("the copy of the position");
    ptw_state fresh = *s;
    for (int u = 0; u < d->nunits; u++) {
        if (!ptw_may_activate(s, u))
            continue;
        if (!ptw_bit(k->known, u)) {
            if (d->unit[u].side == ptw_acting_side(s))
                book_differs("an acting unit not worked out");
            continue;
        }
        ptw_listing v;
        ptw_listing_init(&v, d->unit[u].side);
        work_out(d, &fresh, &v, u);
        if (k->steps[u] != fresh.book.steps[u] || k->reach[u] != fresh.book.reach[u])
            book_differs("a unit's steps, worked out afresh");
    }
#else
    (void)d;
    (void)s;
#endif
}
