/*
 * ptw.h - The Portable Wargame: 19th Century, private to
 * src/rules/portable_wargame/.
 *
 * Implements the Portable Wargame 19th-century rules text (square grid, D6;
 * artillery phase, initiative, unit-by-unit activation, small arms and
 * machine guns, close combat table, hits by quality, exhaustion point,
 * terrain and special rules) and, as the variant close-combat=2014, the
 * 2014 close-combat revision with Strength Values. Every reading taken
 * where the texts are silent or ambiguous is in docs/portable-wargame.md;
 * the options are in ptw_rules.c.
 *
 * Two halves:
 *   ptw_data   built once by ptw_load() from the scenario, the options and
 *              units.json (the unit data table); read-only afterwards:
 *              geometry, each square's terrain, lines of sight worked out
 *              in advance, unit types, the two sides and their units, the
 *              victory rule.
 *   ptw_state  the position: a flat struct with no pointers, cloned by
 *              memcpy, laid out widest fields first so it has no padding;
 *              init memsets it, so equal positions are equal bytes.
 *
 * Sides are 0 and 1 in the code, 1 and 2 for players (notation, JSON).
 * "Side A" and "side B" are the turn's initiative order. Units are numbered
 * 0..nunits-1, side 1's first, each side's in the scenario's order. A
 * destroyed unit has loc PTW_NONE; no unit ever leaves the board otherwise.
 *
 * A turn: the artillery phase (side 1 then side 2 lay their guns; landing
 * rolls; then every hit), initiative dice, side A's units one at a time,
 * side B's, the exhaustion check. A unit's activation is a run of actions
 * (steps, a facing, fire, close combat, work) ended by `done`; chance (every
 * die) and the decisions it raises (where a hit unit retreats, whether a
 * winner advances, which enemy a unit stopped next to faces) interrupt it.
 */
#ifndef PTW_H
#define PTW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "notation.h"
#include "rules.h"

#define PTW_MAX_W 16
#define PTW_MAX_H 15
#define PTW_MAX_SQ (PTW_MAX_W * PTW_MAX_H)   /* 240: squares fit a uint8_t */
#define PTW_MAX_UNITS 64                     /* unit masks are uint64_t */
#define PTW_SIDE_LIMIT 30                    /* units a side may field: keeps every
                                                list of legal actions small */
#define PTW_MAX_TYPES 16
#define PTW_MAX_OBJ 8
#define PTW_MAX_SA_RANGE 4                   /* small-arms ranges the sight fans cover */
#define PTW_FAN_MAX 12                       /* squares in a 90-degree arc within 4 */
#define PTW_MAX_TURNS 99
#define PTW_NONE 0xff
#define PTW_NAME 32

/* ---- directions ------------------------------------------------------------- */

enum { PTW_N, PTW_E, PTW_S, PTW_W };
static const int ptw_dx[4] = {0, 1, 0, -1};
static const int ptw_dy[4] = {1, 0, -1, 0};

/* ---- terrain ------------------------------------------------------------------ */

/* the base terrain of a square (one each) */
enum { PTW_T_OPEN, PTW_T_WOODS, PTW_T_BUILT, PTW_T_FORT, PTW_T_TRENCH, PTW_T_RIVER,
       PTW_T_FORD, PTW_T_KINDS };

/* what a square's terrain does (worked out at load from kind and overlays) */
#define PTW_SQ_HILL    0x0001   /* a hill: uphill attacks, sight over lower ground */
#define PTW_SQ_ROAD    0x0002   /* a road: +1 square when the whole move is along it */
#define PTW_SQ_COVER   0x0004   /* cover (woods, built-up area): -1 to fire, +1 close combat */
#define PTW_SQ_FORT    0x0008   /* fortification (fieldworks, trench): as cover, no sight block */
#define PTW_SQ_SIGHT   0x0010   /* blocks a line of sight passing through it */
#define PTW_SQ_EDGE    0x0020   /* fire out of it only from its edge */
#define PTW_SQ_STOP    0x0040   /* a unit entering it stops */
#define PTW_SQ_SLOW    0x0080   /* a unit starting its move here moves 1 square at most */
#define PTW_SQ_BLOCKED 0x0100   /* impassable (a river away from its fords) */
#define PTW_SQ_RIVER   0x0200   /* in a river: no fire, -1 in close combat */
#define PTW_SQ_WOODS   0x0400   /* a wood: range 1 within it, the woods bonus */
#define PTW_SQ_TRENCH  0x0800   /* a trench: crossing takes two turns */

typedef struct ptw_kind {
    char symbol;
    const char *name;           /* "woods" */
    const char *label;          /* short, for the drawing: "wood" */
    const char *colour;
    uint16_t flags;
} ptw_kind;

extern const ptw_kind ptw_kinds[PTW_T_KINDS];

/* A line of sight from a square to a target in its forward arc, worked out
 * at load: the squares it passes through (corners do not count). */
typedef struct ptw_ray {
    uint8_t to, dist, nvia, clear;   /* clear: no terrain blocks it */
    uint8_t via[3];
} ptw_ray;

/* ---- units ---------------------------------------------------------------------- */

enum { PTW_C_INFANTRY, PTW_C_CAVALRY, PTW_C_MG, PTW_C_ARTILLERY, PTW_C_TRANSPORT,
       PTW_C_COMMANDER, PTW_C_CLASSES };
enum { PTW_WPN_NONE, PTW_WPN_SMALL_ARMS, PTW_WPN_ARTILLERY };
enum { PTW_Q_ELITE, PTW_Q_AVERAGE, PTW_Q_POOR };

/* a unit's place in the stacking rule: one fighting unit per square and
 * side; transports and commanders exempt (option stacking one-each: one
 * of each) */
enum { PTW_ROLE_FIGHT, PTW_ROLE_TRANSPORT, PTW_ROLE_COMMANDER };

typedef struct ptw_type {
    char code[8];               /* "INF" */
    char name[PTW_NAME];        /* "infantry" */
    uint8_t cls;                /* PTW_C_* */
    uint8_t weapon;             /* PTW_WPN_* */
    uint8_t range;              /* squares; 0 without a weapon */
    uint8_t dice;               /* small-arms dice: 1, a machine gun 3 */
    uint8_t move;               /* squares a turn */
    uint8_t cc_front, cc_flank; /* lowest close-combat score that counts */
    uint8_t strength;           /* default Strength Value (2014) */
    uint8_t value;              /* worth, for the heuristic */
    bool assault;               /* may start a close combat */
    bool advance;               /* may advance after winning one */
} ptw_type;

typedef struct ptw_unit_def {
    uint8_t side, type, num, quality;
    uint8_t loc, facing, strength, towed_by;   /* at the start */
    uint8_t role;               /* PTW_ROLE_* when not towed */
} ptw_unit_def;

typedef struct ptw_side {
    char name[PTW_NAME];
    char colour[PTW_NAME];
    int first_unit, nunits;
    int exhaustion;             /* units lost at which it is exhausted */
} ptw_side;

/* ---- victory ------------------------------------------------------------------------ */

enum { PTW_V_LATER_EXHAUSTION, PTW_V_OBJECTIVE };

typedef struct ptw_victory {
    int rule;
    int turn_limit;
    int nobj;
    uint8_t obj[PTW_MAX_OBJ];
    uint8_t obj_holder[PTW_MAX_OBJ];   /* at the start: side or PTW_NONE */
} ptw_victory;

/* ---- the game data ---------------------------------------------------------------- */

typedef struct ptw_data {
    char scenario[PTW_NAME * 2];
    char title[PTW_NAME * 3];

    /* geometry */
    int w, h, nsq;
    uint8_t x[PTW_MAX_SQ], y[PTW_MAX_SQ];
    uint8_t nbr[PTW_MAX_SQ][4];          /* by direction; PTW_NONE off the board */
    uint8_t nnbr[PTW_MAX_SQ];            /* the neighbours on the board, in direction */
    uint8_t nbrs[PTW_MAX_SQ][4];         /* order: for loops with no PTW_NONE test */
    uint8_t kind[PTW_MAX_SQ];
    uint16_t sq[PTW_MAX_SQ];             /* PTW_SQ_* */
    bool wire0[PTW_MAX_SQ];              /* barbed wire at the start */
    /* small-arms sight fans: every square in the arc of a unit at a square
     * facing a direction, within PTW_MAX_SA_RANGE, nearest first */
    uint8_t nfan[PTW_MAX_SQ][4];
    ptw_ray fan[PTW_MAX_SQ][4][PTW_FAN_MAX];
    uint64_t fan_mask[PTW_MAX_SQ][4][4];  /* the fan's squares as a bit set */
    uint64_t sight[PTW_MAX_SQ][4];       /* terrain_sight (ptw_board.c) of every pair, a bit */

    /* units */
    int ntypes;
    ptw_type type[PTW_MAX_TYPES];
    ptw_side side[2];
    int nunits;
    ptw_unit_def unit[PTW_MAX_UNITS];

    /* options */
    bool cc2014;                /* close-combat 2014 */
    bool hits_once;             /* multiple-hits once */
    bool fire_strength;         /* fire-hits strength (2014 only) */
    bool woods_plus2;           /* woods-close-combat plus-2 */

    ptw_victory victory;

    char description[1024];     /* the scenario's flavour text (briefing), cut to fit */
    /* readings as options: trench-crossing exposed (no fortification
     * bonus in close combat while crossing a trench) */
    bool trench_exposed;
    /* the text's defaults, the project's older readings as options */
    bool advance_attacker_only; /* advance attacker: a winning defender never advances */
    bool cc_commander_same_sq;  /* commander-close-combat in-or-adjacent */
    bool stack_one_each;        /* stacking one-each: one commander, one transport a square */
    bool exhaustion_at_turn_end;/* exhaustion end-of-turn: marked at turn step 5 only */
    bool woods_range_from;      /* woods-range from: a unit in a wood reaches 1 square */
} ptw_data;

/* ---- the position ------------------------------------------------------------------ */

enum {
    PTW_S_ARTY,        /* a side lays its guns: bombard or end */
    PTW_S_LANDING,     /* chance: a gun's landing roll */
    PTW_S_INIT,        /* chance: a side's initiative die */
    PTW_S_ACT,         /* the acting side: a unit's action, done, or end */
    PTW_S_FACE,        /* a unit that stopped next to several enemies picks one to face */
    PTW_S_SHOT,        /* chance: a small-arms or machine-gun die */
    PTW_S_COMBAT,      /* chance: a close-combat die (attacker, then defender) */
    PTW_S_ADVANCE,     /* the winner of a close combat: advance or stay */
    PTW_S_HIT,         /* chance: a hit unit's die (its quality decides) */
    PTW_S_RETREAT,     /* the owner of a retreating unit picks the square */
    PTW_S_OVER,
    /* passing stages, never left standing after a decision is reached */
    PTW_S_HITS,        /* on to the next hit, or past the last */
    PTW_S_CC_END,      /* a close combat is over: may the winner advance? */
    PTW_S_TURN_END     /* the exhaustion check, then the next turn */
};

/* what a run of hits belongs to, and what follows it */
enum { PTW_HC_ARTY, PTW_HC_FIRE, PTW_HC_CC };
/* what a retreat decision belongs to */
enum { PTW_RC_HIT, PTW_RC_CC14 };

/* the activation in progress (act_bits) */
#define PTW_ACT_NOSTEP    0x01  /* no more steps: stopped by terrain, wire or an enemy */
#define PTW_ACT_MOVEDONE  0x02  /* the move is over: faced, fought or worked */
#define PTW_ACT_OFFROAD   0x04  /* a step was not along a road */
#define PTW_ACT_WITHDRAW  0x08  /* the move began faced by an enemy: a withdrawal */
#define PTW_ACT_SLOW      0x10  /* began in woods, a river or a trench: 1 square at most */
#define PTW_ACT_ASSAULTED 0x20  /* has fought its close combat (until it advances) */
#define PTW_ACT_FOUGHT    0x40  /* has fought this activation: no more fire or work */

/* the hit being resolved (hit_bits) */
#define PTW_HB_MAIN_DEAD 0x01
#define PTW_HB_GUN_DEAD  0x02

/* who stands in a square (occ): one bit per role and side (see ptw_occ_bit),
 * and whether a unit of either side stands next to it (kept up to date by
 * ptw_place and ptw_occ_refresh: rule h and the retreat rule ask it all the
 * time) */
#define PTW_OCC_SIDE(side) ((uint8_t)(side ? 0x38 : 0x07))
#define PTW_OCC_UNITS 0x3f
#define PTW_OCC_NEAR(side) ((uint8_t)(side ? 0x80 : 0x40))

typedef struct ptw_state {
    uint64_t activated;         /* units that have had (or are having) their activation */
    uint64_t moved;             /* moved this turn: a step or a change of facing */
    uint64_t fired;             /* fired this turn (guns in the artillery phase) */
    uint64_t wire[4];           /* barbed wire, a bit per square */
    uint8_t loc[PTW_MAX_UNITS];
    uint8_t facing[PTW_MAX_UNITS];
    uint8_t strength[PTW_MAX_UNITS];
    uint8_t entered[PTW_MAX_UNITS];   /* turn it entered its square; 0 at the start */
    uint8_t towed_by[PTW_MAX_UNITS];  /* the transport towing this gun, or PTW_NONE */
    uint8_t target[PTW_MAX_UNITS];    /* a gun's target square this turn */
    uint8_t last_target[PTW_MAX_UNITS];
    uint8_t landing[PTW_MAX_UNITS];   /* where its shell landed this turn */
    uint8_t hits[PTW_MAX_UNITS];      /* hits waiting to be resolved */
    uint8_t occ[PTW_MAX_SQ];
    uint8_t holder[PTW_MAX_OBJ];      /* objectives: the side holding each */
    uint8_t exhausted[2];       /* the turn each side reached exhaustion; 0 not yet */
    uint8_t init_roll[2];       /* this turn's initiative dice; 0 not rolled */
    uint8_t stage, turn, side_a, part;   /* part 0: side A acts, 1: side B */
    uint8_t arty_side;          /* the side laying its guns */
    uint8_t cursor;             /* the next gun to roll for */
    uint8_t active;             /* the unit in its activation, or PTW_NONE */
    uint8_t act_steps, act_bits;
    uint8_t shooter, shot_sq, shot_die, shot_hits;   /* small-arms fire */
    uint8_t cc_att, cc_def, cc_from, cc_sq, cc_roll_a, cc_roll_d, cc_round;
    uint8_t hit_ctx, hit_unit, hit_prio, hit_rolls, hit_gun_rolls, hit_bits;
    uint8_t retreat_unit, retreat_ctx;
    uint8_t winner;             /* once over: 0, 1, or 2 for a draw */
    uint8_t alive[2];           /* units each side has on the board */
    uint8_t pad[5];             /* explicit, so the struct has no hidden padding */
    /* ---- bookkeeping after the position (ptw_book.c; position_size ends
     * here, so the hash and equality never read it) ---- */
    struct ptw_book {
        uint64_t known;         /* units whose steps[] is worked out */
        uint64_t fired, wire[4];   /* as when last brought up to date */
        uint8_t loc[PTW_MAX_UNITS], facing[PTW_MAX_UNITS], towed_by[PTW_MAX_UNITS];
        uint8_t steps[PTW_MAX_UNITS];   /* bit k: a step in direction k; PTW_BOOK_* */
        uint8_t reach[PTW_MAX_UNITS];   /* how far off the squares its steps read lie: its
                                           own side's (bits 0-3), the enemy's (4-7) */
        uint8_t exhausted[2];
        uint8_t pad[6];
    } book;
} ptw_state;

_Static_assert(offsetof(ptw_state, book) ==
               7 * 8 + 9 * PTW_MAX_UNITS + PTW_MAX_SQ + PTW_MAX_OBJ + 40,
               "ptw_state has padding");
_Static_assert(sizeof(ptw_state) == offsetof(ptw_state, book) + 6 * 8 + 5 * PTW_MAX_UNITS + 8,
               "ptw_state's bookkeeping has padding");

/* ---- actions ------------------------------------------------------------------------ */

/* An action: kind in bits 0-7, a unit (or side) in 8-15, a square in 16-23,
 * a direction or die score in 24-31. Fields are indices, so anything that
 * parses can be named even when illegal (explain_illegal says why). */
enum {
    PTW_A_NONE, PTW_A_END, PTW_A_DONE, PTW_A_BOMBARD, PTW_A_MOVE, PTW_A_FACE, PTW_A_FIRE,
    PTW_A_ASSAULT, PTW_A_ADVANCE, PTW_A_STAY, PTW_A_LIMBER, PTW_A_UNLIMBER, PTW_A_WIRE,
    PTW_A_CLEAR, PTW_A_RETREAT,
    /* chance outcomes: a die's score for a side or unit */
    PTW_A_INIT_ROLL, PTW_A_LAND_ROLL, PTW_A_SHOT_ROLL, PTW_A_CC_ROLL, PTW_A_HIT_ROLL
};
#define PTW_ACT(k, u, sq, v) ((eng_action)(k) | ((eng_action)(u) << 8) | \
                              ((eng_action)(sq) << 16) | ((eng_action)(v) << 24))
#define PTW_KIND(x) ((int)((x) & 0xff))
#define PTW_FU(x) ((int)(((x) >> 8) & 0xff))
#define PTW_FSQ(x) ((int)(((x) >> 16) & 0xff))
#define PTW_FV(x) ((int)(((x) >> 24) & 0xff))

/* ---- shared helpers ---------------------------------------------------------------- */

static inline const ptw_type *ptw_type_of(const ptw_data *d, int u) { return &d->type[d->unit[u].type]; }
static inline int ptw_side_of(const ptw_data *d, int u) { return d->unit[u].side; }
static inline bool ptw_alive(const ptw_state *s, int u) { return s->loc[u] != PTW_NONE; }
static inline bool ptw_bit(uint64_t m, int u) { return (m >> u) & 1; }
/* May u begin an activation (if its side is acting): on the board, not yet
 * activated this turn, not towed? */
static inline bool ptw_may_activate(const ptw_state *s, int u)
{
    return ptw_alive(s, u) && !ptw_bit(s->activated, u) && s->towed_by[u] == PTW_NONE;
}
static inline bool ptw_wired(const ptw_state *s, int sq) { return (s->wire[sq >> 6] >> (sq & 63)) & 1; }
static inline uint8_t ptw_occ_bit(int side, int role) { return (uint8_t)(1u << (side * 3 + role)); }
static inline bool ptw_enemy_in(const ptw_state *s, int sq, int side)
{
    return (s->occ[sq] & PTW_OCC_SIDE(1 - side)) != 0;
}
static inline bool ptw_occupied(const ptw_state *s, int sq) { return (s->occ[sq] & PTW_OCC_UNITS) != 0; }
/* Is a unit of the side opposing `side` orthogonally adjacent to sq? */
static inline bool ptw_next_to_enemy(const ptw_state *s, int sq, int side)
{
    return (s->occ[sq] & PTW_OCC_NEAR(1 - side)) != 0;
}
static inline int ptw_opposite(int dir) { return (dir + 2) & 3; }

/* ptw_load.c */
void *ptw_load(const json_t *scenario, const json_t *options, eng_error *err);
void ptw_unload(void *data);

/* ptw_board.c: squares, directions, arcs, sight, who stands where */
/* the distance in orthogonal steps (inline: the step and fire rules ask it
 * in their inner loops) */
static inline int ptw_dist(const ptw_data *d, int a, int b)
{
    int dx = (int)d->x[a] - (int)d->x[b], dy = (int)d->y[a] - (int)d->y[b];
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}
void ptw_sq_name(const ptw_data *d, int sq, char *buf, size_t n);
int ptw_sq_parse(const ptw_data *d, const char *text, char *why, size_t n);
int ptw_dir_parse(const char *text);
char ptw_dir_char(int dir);
const char *ptw_dir_name(int dir);
int ptw_dir_between(const ptw_data *d, int from, int to);   /* adjacent squares, else -1 */
bool ptw_in_arc(const ptw_data *d, int from, int facing, int to);
/* Does the terrain between a and b leave a direct line of sight? From the
 * table made at load (ptw_build_fans). */
static inline bool ptw_sight(const ptw_data *d, int a, int b)
{
    return (d->sight[a][b >> 6] >> (b & 63)) & 1;
}
void ptw_build_fans(ptw_data *d);   /* the pairwise tables: sight, fans */
/* A unit's place in the stacking rule; -1 for a gun being towed (it is
 * carried by its transport and takes no place of its own). */
static inline int ptw_role(const ptw_data *d, const ptw_state *s, int u)
{
    return s->towed_by[u] != PTW_NONE ? -1 : d->unit[u].role;
}
void ptw_place(const ptw_data *d, ptw_state *s, int u, int sq);      /* moves u (and a towed gun) */
void ptw_remove(const ptw_data *d, ptw_state *s, int u);             /* destroys u */
void ptw_occ_refresh(const ptw_data *d, ptw_state *s, int sq);
void ptw_occ_rebuild(const ptw_data *d, ptw_state *s);
int ptw_enemy_dirs(const ptw_data *d, const ptw_state *s, int sq, int side);  /* mask */
bool ptw_faced_by_enemy(const ptw_data *d, const ptw_state *s, int u);
bool ptw_enemy_front(const ptw_data *d, const ptw_state *s, int sq, int side);
int ptw_nearest_enemy(const ptw_data *d, const ptw_state *s, int sq, int side);
bool ptw_commander_near(const ptw_data *d, const ptw_state *s, int u);
int ptw_towing(const ptw_data *d, const ptw_state *s, int t);          /* gun, or -1 */
int ptw_defender_at(const ptw_data *d, const ptw_state *s, int sq, int side);  /* or -1 */
bool ptw_crossing_trench(const ptw_data *d, const ptw_state *s, int u);
static inline int ptw_units_left(const ptw_data *d, const ptw_state *s, int side)
{
    (void)d;
    return s->alive[side];
}

/* What a listing of one side's actions reads again and again, gathered once
 * per listing and only when first needed (it lives on the caller's stack,
 * never in the state): the squares in front of an enemy (rule i), the
 * squares an enemy stands in (is any in a unit's sight fan?) and, for an
 * exhausted side, each square's distance to the nearest enemy. */
typedef struct ptw_listing {
    int side;                   /* the side whose units are listed */
    bool front_made, enemy_made;
    uint64_t front[4];          /* a bit per square in front of an enemy of side */
    uint64_t enemy[4];          /* a bit per square an enemy of side stands in */
    uint64_t near_known[4];     /* a bit per square whose near[] is worked out */
    uint16_t near[PTW_MAX_SQ];  /* ptw_nearest_enemy of the square */
} ptw_listing;

static inline void ptw_listing_init(ptw_listing *v, int side)
{
    v->side = side;
    v->front_made = v->enemy_made = false;
    v->near_known[0] = v->near_known[1] = v->near_known[2] = v->near_known[3] = 0;
}

/* ptw_book.c: each unit's steps at the start of an activation, kept after
 * the position and redone only for the units a change comes near */
#define PTW_BOOK_TURN 0x10    /* in steps[]: it may turn */
/* Is the book up to date and read by the listing now: a side acting, no
 * unit in its activation? */
static inline bool ptw_book_current(const ptw_state *s)
{
    return s->stage == PTW_S_ACT && s->active == PTW_NONE;
}
void ptw_book_rebuild(const ptw_data *d, ptw_state *s);
void ptw_book_update(const ptw_data *d, ptw_state *s);
void ptw_book_check(const ptw_data *d, const ptw_state *s);   /* debug builds: aborts */

/* ptw_move.c: movement rules a-i, roads, terrain, withdrawal, exhaustion */
enum { PTW_MV_OK, PTW_MV_ADJ, PTW_MV_OFF, PTW_MV_CANT, PTW_MV_FIRED_GUN, PTW_MV_TOWED,
       PTW_MV_OVER, PTW_MV_STOPPED, PTW_MV_ALLOWANCE, PTW_MV_BLOCKED, PTW_MV_ENEMY,
       PTW_MV_STACK, PTW_MV_WITHDRAW, PTW_MV_EXHAUSTED, PTW_MV_WORKED };
int ptw_step_check(const ptw_data *d, const ptw_state *s, int u, int to);
int ptw_unit_steps(const ptw_data *d, const ptw_state *s, int u, eng_action *out, bool *may_turn);
bool ptw_listing_may_shoot(const ptw_data *d, const ptw_state *s, ptw_listing *v, int u);
int ptw_unit_steps_fast(const ptw_data *d, const ptw_state *s, ptw_listing *v, int u,
                        eng_action *out, bool *may_turn);
/* the same as a mask: bit k for a step in direction k; and how far off
 * lie the squares where it read who of its own side stands and the wire
 * (reach[0]) and who of the enemy stands and which way they face
 * (reach[1]), for the bookkeeping (ptw_book.c; an exhausted side's
 * distances to the enemy aside) */
unsigned ptw_unit_step_dirs(const ptw_data *d, const ptw_state *s, ptw_listing *v, int u,
                            bool *may_turn, int reach[2]);
/* Writes u's steps from `from` in the directions of the mask dirs (bit k:
 * direction k), in direction order, and returns how many; with out NULL,
 * returns 1 if there is any. */
static inline int ptw_dir_steps(const ptw_data *d, int u, int from, unsigned dirs,
                                eng_action *out)
{
    dirs &= 15;
    if (!out)
        return dirs != 0;
    int n = 0;
    for (int k = 0; k < 4; k++)
        if ((dirs >> k) & 1)
            out[n++] = PTW_ACT(PTW_A_MOVE, u, d->nbr[from][k], 0);
    return n;
}
bool ptw_fire_fits_move(const ptw_data *d, const ptw_state *s, int u);
bool ptw_passing_through(const ptw_data *d, const ptw_state *s, int u);
void ptw_step(const ptw_data *d, ptw_state *s, int u, int to);
int ptw_retreat_squares(const ptw_data *d, const ptw_state *s, int u, uint8_t *out);
void ptw_retreat_to(const ptw_data *d, ptw_state *s, int u, int sq);

/* ptw_fire.c: artillery and small arms */
enum { PTW_F_OK, PTW_F_NO_WEAPON, PTW_F_FIRED, PTW_F_TOWED, PTW_F_RIVER, PTW_F_TRENCH,
       PTW_F_MOVED, PTW_F_FOUGHT, PTW_F_WORKED, PTW_F_NO_ENEMY, PTW_F_RANGE, PTW_F_WOODS_RANGE,
       PTW_F_ARC, PTW_F_EDGE, PTW_F_SIGHT, PTW_F_UNITS };
int ptw_range_in(const ptw_data *d, int from, int to, int range);
int ptw_gun_check(const ptw_data *d, const ptw_state *s, int g);
int ptw_gun_target_check(const ptw_data *d, const ptw_state *s, int g, int sq);
int ptw_gun_targets(const ptw_data *d, const ptw_state *s, int g, eng_action *out);
int ptw_landing_modifier(const ptw_data *d, const ptw_state *s, int g, bool *direct);
int ptw_landing_square(const ptw_data *d, const ptw_state *s, int g, int score);
int ptw_shooter_check(const ptw_data *d, const ptw_state *s, int u);
int ptw_shot_target_check(const ptw_data *d, const ptw_state *s, int u, int sq);
int ptw_shot_targets(const ptw_data *d, const ptw_state *s, int u, eng_action *out);
int ptw_shot_modifier(const ptw_data *d, const ptw_state *s, int u, int sq);

/* ptw_combat.c: close combat (1800s table, 2014 revision) */
enum { PTW_CC_OK, PTW_CC_CANT, PTW_CC_TOWED, PTW_CC_DONE, PTW_CC_WORKED, PTW_CC_EXHAUSTED,
       PTW_CC_NOT_ADJ, PTW_CC_NO_ENEMY };
int ptw_assault_check(const ptw_data *d, const ptw_state *s, int u, int sq);
bool ptw_cc_commander(const ptw_data *d, const ptw_state *s, int u);
int ptw_cc_modifier(const ptw_data *d, const ptw_state *s, int u, int enemy, bool attacker);
void ptw_cc_begin(const ptw_data *d, ptw_state *s, int att, int sq);
int ptw_cc_roller(const ptw_state *s);
void ptw_cc_rolled(const ptw_data *d, ptw_state *s);
int ptw_cc_winner(const ptw_data *d, const ptw_state *s);   /* may advance, or -1 */
int ptw_cc_won_square(const ptw_state *s, int w);
bool ptw_may_advance(const ptw_data *d, const ptw_state *s);
void ptw_advance(const ptw_data *d, ptw_state *s);


/* ptw_hits.c: resolving hits by quality; retreats */
bool ptw_hits_next(const ptw_data *d, ptw_state *s);   /* false: none left */
int ptw_hit_roller(const ptw_data *d, const ptw_state *s);
void ptw_hit_rolled(const ptw_data *d, ptw_state *s, int roll);
void ptw_retreat_chosen(const ptw_data *d, ptw_state *s, int sq);
/* a unit must retreat (alone, or with the gun it tows): decided, automatic,
 * or destroyed; ctx is PTW_RC_*; returns true if a decision is now awaited */
bool ptw_must_retreat(const ptw_data *d, ptw_state *s, int u, int ctx);
void ptw_lose_strength(const ptw_data *d, ptw_state *s, int u, int n);

/* ptw_apply.c: the flow of a turn */
void ptw_init(const void *data, void *st);
int ptw_current_player(const void *data, const void *st);
int ptw_chance_outcomes(const void *data, const void *st, eng_action *out, double *prob);
void ptw_apply(const void *data, void *st, eng_action a);
int ptw_actor(const ptw_data *d, const ptw_state *s);     /* side to decide, or -1 */
int ptw_acting_side(const ptw_state *s);                  /* side in its activation part */
void ptw_continue(const ptw_data *d, ptw_state *s);       /* on to the next decision */
void ptw_activation_over(const ptw_data *d, ptw_state *s);

/* ptw_legal.c */
int ptw_legal_actions(const void *data, const void *st, eng_action *out);
int ptw_unit_actions(const ptw_data *d, const ptw_state *s, int u, eng_action *out);
void ptw_explain_illegal(const void *data, const void *st, eng_action a, char *why, size_t n);
bool ptw_side_can_act(const ptw_data *d, const ptw_state *s, int side);
bool ptw_side_can_bombard(const ptw_data *d, const ptw_state *s, int side);
enum { PTW_L_OK, PTW_L_NOT_TRANSPORT, PTW_L_TOWING, PTW_L_NOT_TOWING, PTW_L_NO_GUN,
       PTW_L_MOVED, PTW_L_CROWDED };
int ptw_limber_check(const ptw_data *d, const ptw_state *s, int t, bool unlimber);
int ptw_gun_to_limber(const ptw_data *d, const ptw_state *s, int t);
enum { PTW_K_OK, PTW_K_TOWED, PTW_K_BUSY, PTW_K_WIRED, PTW_K_NO_WIRE };
/* Laying or removing barbed wire takes a unit's turn in its square (inline:
 * the listing asks it of every unit). */
static inline int ptw_work_check(const ptw_data *d, const ptw_state *s, int u, bool clear)
{
    (void)d;
    if (s->towed_by[u] != PTW_NONE)
        return PTW_K_TOWED;
    if (ptw_bit(s->moved, u) || ptw_bit(s->fired, u) ||
        (s->active == u && (s->act_bits & PTW_ACT_FOUGHT)))
        return PTW_K_BUSY;
    bool wired = ptw_wired(s, s->loc[u]);
    if (!clear && wired)
        return PTW_K_WIRED;
    if (clear && !wired)
        return PTW_K_NO_WIRE;
    return PTW_K_OK;
}

/* ptw_end.c: exhaustion, victory, returns */
void ptw_check_exhaustion(const ptw_data *d, ptw_state *s);
bool ptw_end_of_turn(const ptw_data *d, ptw_state *s);    /* true: the battle is over */
int ptw_lost(const ptw_data *d, const ptw_state *s, int side);
int ptw_held(const ptw_data *d, const ptw_state *s, int side);  /* objectives */
void ptw_ending(const void *data, const void *st, char *buf, size_t n);   /* why it ended */
void ptw_words(const void *data, const void *st, eng_action a, char *buf, size_t n);
void ptw_returns(const void *data, const void *st, double *out);
void ptw_result_text(const void *data, const void *st, char *buf, size_t n);

/* ptw_heuristic.c: the estimate and playout hint for computer players */
double ptw_heuristic(const void *data, const void *st, int player);
/* the heuristic's terms for both sides, worked out once for the estimate
 * and the features alike */
typedef struct ptw_terms {
    double worth[2];            /* worth standing */
    double threat[2];           /* worth its fire can expect to destroy in one round */
    double flank[2];            /* share of its units placed to assault a flank */
} ptw_terms;
void ptw_terms_of(const ptw_data *d, const ptw_state *s, ptw_terms *t);
double ptw_estimate(const ptw_data *d, const ptw_state *s, int player, const ptw_terms *t);
void ptw_playout_weights(const void *data, const void *st, const eng_action *acts, int n,
                         double *w);
/* the heuristic's terms, for the features */
double ptw_worth_share(const ptw_data *d, const ptw_terms *t, int side);
double ptw_threat_share(const ptw_data *d, const ptw_terms *t, int side);
/* ptw_features.c: the position as numbers for a learned evaluation */
#define PTW_FEATURES 58
void ptw_features(const void *data, const void *st, int player, float *out);
/* ptw_blunder.c: sets to 0 the weights w[] of the plainly wrong moves among
 * the legal acts[0..n-1]. */
void ptw_blunder_weights(const ptw_data *d, const ptw_state *s, const eng_action *acts, int n,
                         double *w);

/* ptw_text.c: notation and status */
/* The sides' units as notation names them (for eng_unit_parse and the
 * position reader): "INF1" of a side, "2/INF1", a side by number or name. */
eng_unit_table ptw_units(const ptw_data *d);
void ptw_unit_ref(const ptw_data *d, int u, int viewer_side, char *buf, size_t n);
void ptw_action_text(const void *data, const void *st, eng_action a, char *buf, size_t n);
int ptw_action_parse(const void *data, const void *st, const char *text, eng_action *out,
                     char *why, size_t n);
void ptw_status_text(const void *data, const void *st, char *buf, size_t n);
const char *ptw_quality_name(int q);
const char *ptw_stage_name(int stage);
int ptw_expected_roll(const ptw_data *d, const ptw_state *s, int *who);  /* kind, or 0 */

/* ptw_explain.c: chance results explained, the referee's prompt */
void ptw_explain_outcome(const void *data, const void *st, eng_action a, char *buf, size_t n);
void ptw_explain_chance(const void *data, const void *st, char *buf, size_t n);
int ptw_cc_needed(const ptw_data *d, const ptw_state *s, int u, int enemy, bool *front);
int ptw_destroy_limit(int quality);

/* ptw_brief.c: the scenario's briefing and how its victory conditions stand */
json_t *ptw_briefing(const void *data);
void ptw_standing(const void *data, const void *st, char *buf, size_t n);

/* ptw_json.c, ptw_render.c */
json_t *ptw_to_json(const void *data, const void *st, int viewer);
void ptw_render(const void *data, const void *st, int viewer, bool color, FILE *out);

/* ptw_svg.c: the drawing for a browser and the board elements of actions */
void ptw_svg(const void *data, const void *st, int viewer, FILE *out);
void ptw_action_elements(const void *data, const void *st, eng_action a, eng_elements *e);
/* ptw_odds.c: the exact odds of an action (engine odds.c) */
int ptw_odds_step(const void *data, const void *st, eng_action *choice);
void ptw_odds_describe(const void *data, const void *before, const void *after, int viewer,
                       char *buf, size_t n);
/* ptw_position.c: a position loaded from JSON, checked against the rules */
bool ptw_from_json(const void *data, void *st, const json_t *pos, char *why, size_t n);
json_t *ptw_internal_json(const ptw_data *d, const ptw_state *s);

/* ---- ptw_turns.c: phases and turns in play ---------------------------------- */
bool ptw_forgoes(const void *data, const void *st, eng_action a, char *why, size_t n);
void ptw_phase_note(const void *data, const void *before, eng_action a, const void *after,
                    int player, char *buf, size_t n);

/* ptw_losses.c: per side, what it started with and what it has lost */
json_t *ptw_losses(const void *data, const void *st, int viewer);
/* ---- ptw_position_check.c: a loaded position's indexes in range ------------- */
bool ptw_position_indexes_ok(const ptw_data *d, const ptw_state *s, char *why, size_t n);
bool ptw_position_sides_ok(const ptw_data *d, const ptw_state *s, char *why, size_t n);

#endif
