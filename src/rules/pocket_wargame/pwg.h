/*
 * pwg.h - Pocket Wargame, private to src/rules/pocket_wargame/.
 *
 * Implements the Pocket Wargame rules text (cards as terrain, coins as
 * units; phases Cavalry, Ranged, Movement, Melee, End) with the readings
 * listed in docs/pocket-wargame.md. Options: deck, jokers, joker, terrain,
 * coins, melee-save, cancel-scope, rule1-cancelled (see pwg_rules.c for the
 * table).
 *
 * Two halves:
 *   pwg_data   built once by pwg_load() from the scenario, options and the
 *              data files (decks.json, terrain.json, coins.json); read-only
 *              afterwards. Geometry (neighbours, coordinates), the deck and
 *              its terrain, unit types, forces and their deployment areas,
 *              end-phase rules and victory conditions live here.
 *   pwg_state  the position: a flat struct with no pointers, cloned by
 *              memcpy. Laid out widest fields first so there is no padding;
 *              init memsets it, so equal positions compare equal bytewise.
 *
 * Forces are numbered 0..n-1 inside the code and 1..n for players (notation,
 * JSON, messages). Units are numbered 0..nunits-1 in "unit order": force by
 * force, and inside a force: placed units, units to deploy, reinforcements.
 */
#ifndef PWG_H
#define PWG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "notation.h"
#include "rules.h"

#define PWG_MAX_W 12
#define PWG_MAX_H 12
#define PWG_MAX_LOCS (PWG_MAX_W * PWG_MAX_H)
#define PWG_LOC_WORDS ((PWG_MAX_LOCS + 63) / 64)   /* a set of locations: bit loc % 64 */
#define PWG_MAX_FORCES 4
#define PWG_MAX_UNITS 64        /* unit masks are uint64_t */
#define PWG_UNIT_LIMIT 60       /* units a scenario may have: keeps every list of
                                   legal actions (shooters x targets) under
                                   ENG_MAX_ACTIONS */
#define PWG_MAX_POINTS 30000    /* points saturate here (int16_t) */
#define PWG_MAX_CARDS 64        /* the dealt-card mask is uint64_t */
#define PWG_MAX_TERRAINS 16
#define PWG_MAX_ELEVATION 9     /* a terrain type's elevation is 0..9 */
#define PWG_MAX_SPECIALS 8
#define PWG_MAX_TYPES (6 + PWG_MAX_SPECIALS)
#define PWG_MAX_RULES 8
#define PWG_MAX_SUITS 4
#define PWG_MAX_RANKS 13
#define PWG_NONE 0xff           /* no location / unit / card */
#define PWG_MAX_RANGE 3         /* the longest missile range (pwg_missile_range) */
#define PWG_NAME 32
#define PWG_FORCE_NAME 15       /* longest force name: one word of notation */

/* ---- terrain ------------------------------------------------------------ */

/* terrain flags: what a type of ground does */
#define PWG_TF_GOOD   0x01      /* good going: cavalry-phase moves, melee saves */
#define PWG_TF_OPEN   0x02      /* open ground: light cavalry forward deployment */
#define PWG_TF_COVER  0x04      /* cover: any unit shot at here may cancel */
#define PWG_TF_LAKE   0x08      /* impassable: no unit may ever stand here */
#define PWG_TF_STEEP  0x10      /* steep: no move to or from ground that is not highland */
#define PWG_TF_HIGH   0x20      /* highland (hills, mountain): steep ground may be reached */

typedef struct pwg_terrain {
    char name[PWG_NAME];
    char symbol;
    char colour[PWG_NAME];
    uint8_t elevation;
    uint8_t flags;
} pwg_terrain;

#define PWG_STEP_MOVE 0x01     /* in the Movement phase */
#define PWG_STEP_CAV  0x02      /* in the Cavalry phase */

/* ---- cards -------------------------------------------------------------- */

enum { PWG_CLUBS, PWG_DIAMONDS, PWG_HEARTS, PWG_SPADES, PWG_JOKER };

typedef struct pwg_card {
    char code[6];               /* "QS", "10H", "UA", "JK1" */
    char name[48];              /* "queen of spades" */
    uint8_t suit;               /* deck's suit index, or PWG_NONE for a joker */
    uint8_t french;             /* PWG_CLUBS.. PWG_SPADES, PWG_JOKER */
    uint8_t rank;               /* deck's rank index */
    uint8_t court;
    uint8_t terrain;            /* under the terrain set in force */
} pwg_card;

/* ---- units -------------------------------------------------------------- */

enum { PWG_INFANTRY, PWG_CAVALRY, PWG_MISSILE };
enum { PWG_LI, PWG_HI, PWG_LC, PWG_HC, PWG_LM, PWG_HM, PWG_STD_TYPES };

typedef struct pwg_type {
    char code[8];               /* "HI", "GEN" */
    char name[PWG_NAME];        /* "heavy infantry", "General" */
    uint8_t cls;                /* PWG_INFANTRY .. PWG_MISSILE */
    uint8_t heavy;
    uint8_t special;            /* 0, or 1 + index among the specials */
} pwg_type;

/* conditions: on the map (steady, wavering) or off it */
enum {
    PWG_STEADY, PWG_WAVERING, PWG_DESTROYED, PWG_EXITED,
    PWG_UNPLACED,               /* still to deploy */
    PWG_RESERVE                 /* a reinforcement still to arrive */
};
#define PWG_ON_MAP(c) ((c) <= PWG_WAVERING)

typedef struct pwg_unit_def {
    uint8_t force, type, num;   /* label: type code + num ("HI1") */
    uint8_t loc, cond;          /* at the start */
} pwg_unit_def;

typedef struct pwg_coinset {
    char key[PWG_NAME];         /* "uk" */
    char title[PWG_NAME];
    char coin[PWG_STD_TYPES][PWG_NAME];
    char coin_ascii[PWG_STD_TYPES][PWG_NAME];
    char special[PWG_MAX_SPECIALS][PWG_NAME];
    char special_ascii[PWG_MAX_SPECIALS][PWG_NAME];
    int nspecial;
} pwg_coinset;

/* area flags per location for a force */
#define PWG_AREA_DEPLOY 0x01    /* the deployment area */
#define PWG_AREA_LC     0x02    /* one card beyond it: light cavalry on open ground */

typedef struct pwg_force {
    char name[PWG_NAME];
    char colour[PWG_NAME];
    int coins;                  /* index into pwg_data.coinset */
    int first_unit, nunits;
    uint8_t area[PWG_MAX_LOCS];
    int narea;                  /* locations with any area flag, in order */
    uint8_t area_list[PWG_MAX_LOCS];
    /* the same as sets of locations: the deployment area, and the card
     * beyond it (PWG_AREA_LC outside the area) */
    uint64_t deploy_set[PWG_LOC_WORDS], beyond_set[PWG_LOC_WORDS];
} pwg_force;

/* ---- end phase and victory ---------------------------------------------- */

enum { PWG_R_SCORE, PWG_R_RALLY, PWG_R_REINFORCE, PWG_R_EXIT };
enum { PWG_EDGE_SOUTH, PWG_EDGE_NORTH, PWG_EDGE_WEST, PWG_EDGE_EAST };

typedef struct pwg_end_rule {
    int kind;
    int points;                 /* score, exit */
    int turn;                   /* reinforce */
    int force;                  /* reinforce, exit */
    int forces;                 /* rally: mask */
    int edge;                   /* exit */
    bool deploy_area;           /* rally in the deployment area */
    int first_unit, nunits;     /* reinforce: its units (PWG_RESERVE) */
    int nlocs;
    uint8_t locs[PWG_MAX_LOCS];
} pwg_end_rule;

typedef struct pwg_victory {
    int turn_limit;
    bool at_limit_points;       /* else strength */
    int points_to_win;          /* 0: none */
} pwg_victory;

/* ---- the game data ------------------------------------------------------- */

typedef struct pwg_data {
    char scenario[PWG_NAME * 2];
    char title[PWG_NAME * 2];

    /* geometry */
    int w, h, nlocs;
    uint8_t x[PWG_MAX_LOCS], y[PWG_MAX_LOCS];
    uint8_t nbr[PWG_MAX_LOCS][4];
    uint8_t nnbr[PWG_MAX_LOCS];

    /* terrain types and the deck under the terrain set in force */
    int nterrain;
    pwg_terrain terrain[PWG_MAX_TERRAINS];
    /* step[from][to]: PWG_STEP_* bits, may a unit step between adjacent
     * locations of these terrains (the lake and mountain rules, and the
     * cavalry phase's good going), precomputed for the hot path */
    uint8_t step[PWG_MAX_TERRAINS][PWG_MAX_TERRAINS];
    /* the same as pwg_cache.steps' bits for a first neighbour (0x01 the
     * Movement phase, 0x10 the Cavalry phase), shifted by k for the k-th */
    uint8_t step_bits[PWG_MAX_TERRAINS][PWG_MAX_TERRAINS];
    /* dist[a][b]: pwg_dist(a, b), precomputed (with step) by pwg_step_table
     * for the hot path: the ranged phase asks it for every shooter and
     * target at every listing */
    uint8_t dist[PWG_MAX_LOCS][PWG_MAX_LOCS];
    /* within[a][r]: the locations at distance 1 to r from a (r 0 to
     * PWG_MAX_RANGE), as sets, for the Ranged phase's targets in range;
     * loc_words: the words of a set of locations that hold any (the rest
     * are 0) */
    uint64_t within[PWG_MAX_LOCS][PWG_MAX_RANGE + 1][PWG_LOC_WORDS];
    int loc_words;
    /* dest[loc][m]: the neighbours of loc whose bits are set in the 4-bit
     * mask m (bit k: the k-th neighbour), in neighbour order, each shifted
     * to a move's destination field (0 past them): the moves a listing
     * writes for a unit at loc whose steps (pwg_cache.steps) are m */
    eng_action dest[PWG_MAX_LOCS][16][4];
    /* start_steps[loc]: pwg_cache.steps of the starting terrain (init) */
    uint8_t start_steps[PWG_MAX_LOCS];
    /* deal_acc[n][i]: the sum, added up one by one as the engine's
     * eng_pick_outcome adds them, of i + 1 probabilities 1.0 / n: the
     * thresholds of a uniform draw among n outcomes, so that the deal is
     * sampled without listing the cards left (pwg_chance_sample) */
    double deal_acc[PWG_MAX_CARDS + 1][PWG_MAX_CARDS];
    /* playout_weight[k]: the playout hint's weight for an action of kind
     * k, every kind an action's 8 bits can hold (pwg_playout_table) */
    double playout_weight[256];
    char deck[PWG_NAME];
    char deck_title[PWG_NAME * 2];
    char terrain_set[PWG_NAME];
    int nsuits;
    char suit_name[PWG_MAX_SUITS][PWG_NAME];
    int ncards;
    pwg_card card[PWG_MAX_CARDS];
    uint8_t joker_terrain;

    /* the battlefield: dealt, or fixed (cards or terrain only) */
    bool deal;
    uint8_t start_card[PWG_MAX_LOCS];     /* PWG_NONE if no card */
    uint8_t start_terrain[PWG_MAX_LOCS];

    /* units */
    int ntypes;
    pwg_type type[PWG_MAX_TYPES];
    int ncoinsets;
    pwg_coinset coinset[4];
    int nforces;
    pwg_force force[PWG_MAX_FORCES];
    int nunits;
    pwg_unit_def unit[PWG_MAX_UNITS];
    /* unit masks for the hot path (pwg_step_table): each force's units,
     * and the units of each class (PWG_INFANTRY..PWG_MISSILE) */
    uint64_t force_units[PWG_MAX_FORCES];
    uint64_t class_units[3];

    /* turn */
    bool alliances;
    int first;                  /* force to go first, or -1: a toss */
    bool save_heavy_only;       /* melee-save heavy-only */
    bool cancel_own_unit;       /* cancel-scope own-unit */
    bool rule1_uncounts_cancel; /* rule1-cancelled ignored: a cancel takes the point off */

    int nrules;
    pwg_end_rule rule[PWG_MAX_RULES];
    pwg_victory victory;
    bool scores_points;         /* any rule or condition uses points */

    char description[1024];     /* the scenario's flavour text (briefing), cut to fit */
} pwg_data;

/* ---- the position ---------------------------------------------------------- */

/* stages: what the next decision is about */
enum {
    PWG_S_DEAL,                 /* chance: the card for the next location */
    PWG_S_DEPLOY,               /* a force places a coin */
    PWG_S_FIRST,                /* chance: who goes first */
    PWG_S_ALLIANCE,             /* a force declares stances */
    PWG_S_CAVALRY,
    PWG_S_RANGED,
    PWG_S_MOVEMENT,
    PWG_S_TOSS,                 /* chance: a combat coin */
    PWG_S_SPEND,                /* a force spends a head */
    PWG_S_OVER
};

/* turn phases (for status and JSON; combat stages belong to one) */
enum { PWG_P_SETUP, PWG_P_ALLIANCE, PWG_P_CAVALRY, PWG_P_RANGED, PWG_P_MOVEMENT,
       PWG_P_MELEE, PWG_P_END };

enum { PWG_CB_NONE, PWG_CB_RANGED, PWG_CB_MELEE };

/* per-unit combat bits */
#define PWG_CU_IN      0x01     /* involved */
#define PWG_CU_TOSSES  0x02     /* tosses a coin */
#define PWG_CU_TOSSED  0x04
#define PWG_CU_HEAD    0x08     /* threw heads */
#define PWG_CU_LEFT    0x10     /* its head is not spent yet */
#define PWG_CU_DAMAGE  0x20     /* its head may deal damage */
#define PWG_CU_CANCEL  0x40     /* its head may cancel damage */

typedef struct pwg_combat {
    uint64_t units;             /* mask of units involved */
    uint8_t kind;
    uint8_t loc;                /* melee: where; ranged: the target's location */
    uint8_t shooter, target;    /* ranged */
    uint8_t norder, pos;        /* the spending rotation and whose go it is */
    uint8_t order[PWG_MAX_FORCES];
    uint8_t heads[PWG_MAX_FORCES];   /* heads thrown */
    uint8_t last_unit;          /* damage just dealt (cancellable) or PWG_NONE */
    uint8_t last_prev;          /* that unit's condition before it */
    uint8_t last_by;            /* force that dealt it */
    uint8_t forces;             /* mask of forces in the combat */
    uint8_t cu[PWG_MAX_UNITS];  /* PWG_CU_* */
    uint8_t dmg[PWG_MAX_UNITS]; /* damage assigned in this combat */
    uint8_t pad[6];             /* explicit, so the struct has no hidden padding */
} pwg_combat;

/* Derived from the position and kept up to date by whatever changes what it
 * is derived from (pwg_cache_*, pwg_board.c): debug builds recompute it the
 * plain way after every apply and abort if it differs. */
typedef struct pwg_cache {
    /* live: bit u if unit u is on the map (steady or wavering): every
     * writer of s->cond calls pwg_cache_cond */
    uint64_t live;
    /* movers: in the Cavalry and Movement phases, the units of the force
     * to act that may still move (on the map, not acted, of the class the
     * phase moves, with a step open to them), else 0; the listing writes
     * their moves and nothing else. toss: in a combat, the units still to
     * toss their coin (PWG_CU_TOSSES without PWG_CU_TOSSED); left: the
     * units whose heads are not spent (PWG_CU_LEFT). advance() sets movers
     * when it stops at a force to move and clears them when the phase
     * ends, and a move takes its unit out; the combat's starts set toss, a
     * toss takes its unit out of toss (and a head into left), a spent head
     * out of left, and the combat's end clears both. */
    uint64_t movers, toss, left;
    /* the locations whose terrain is a lake, and open ground (terrain
     * flags PWG_TF_LAKE, PWG_TF_OPEN), as sets: init, each card dealt and
     * a position read from JSON set them (pwg_cache_ground) */
    uint64_t lake[PWG_LOC_WORDS], open[PWG_LOC_WORDS];
    /* steps[loc]: bit k (0-3) if a unit at loc may step to its k-th
     * neighbour in the Movement phase, bit 4 + k in the Cavalry phase
     * (d->step for the two locations' terrains). Depends on the terrain
     * alone, which is fixed once the deal is over: until then (no unit
     * moves during the deal) it stays the starting terrain's, and the end
     * of the deal and a position read from JSON work it out. */
    uint8_t steps[PWG_MAX_LOCS];
    /* player: pwg_current_player's answer (a force, ENG_CHANCE or
     * ENG_TERMINAL), worked out again after every action but a move that
     * leaves the force units to move */
    int8_t player;
    uint8_t pad[7];             /* explicit, so the struct has no hidden padding */
} pwg_cache;

typedef struct pwg_state {
    uint64_t dealt;             /* cards dealt */
    uint64_t acted;             /* units that acted this phase */
    uint64_t hidden;            /* deployments not yet revealed */
    int16_t points[PWG_MAX_FORCES];
    uint8_t stage, phase, turn, first;
    uint8_t turn_pos;           /* position in turn order from the first player */
    uint8_t deal_next;          /* next location to deal */
    uint8_t deploy_round, deploy_done;   /* round, forces placed this round */
    uint8_t melee_next;         /* next location to look at for melee */
    uint8_t winners;            /* mask, once over (0 and over: impossible) */
    uint8_t pad;                /* explicit, so the struct has no hidden padding */
    uint8_t stance[PWG_MAX_FORCES];      /* forces each considers allied */
    uint8_t changed[PWG_MAX_FORCES];     /* stances changed this turn */
    uint8_t opp[PWG_MAX_FORCES];         /* forces opposed to each */
    uint8_t rule_done;          /* reinforcements that have arrived (rule mask) */
    uint8_t card[PWG_MAX_LOCS]; /* card at each location or PWG_NONE */
    uint8_t terr[PWG_MAX_LOCS]; /* terrain at each location */
    uint8_t loc[PWG_MAX_UNITS];
    uint8_t cond[PWG_MAX_UNITS];
    pwg_combat combat;
    /* bookkeeping after the position (pwg_position_size): the hash and
     * equality of positions never read it */
    pwg_cache cache;
} pwg_state;

/* no hidden padding: bytewise equality is positional equality */
_Static_assert(sizeof(pwg_combat) == 8 + 18 + 2 * PWG_MAX_UNITS + 6, "pwg_combat has padding");
/* 3 masks, 4 points, 24 bytes of counters and stances, then the arrays */
_Static_assert(sizeof(pwg_state) == 3 * 8 + 4 * 2 + 24 + 2 * PWG_MAX_LOCS + 2 * PWG_MAX_UNITS +
               sizeof(pwg_combat) + sizeof(pwg_cache), "pwg_state has padding");
_Static_assert(offsetof(pwg_state, cache) + sizeof(pwg_cache) == sizeof(pwg_state),
               "the bookkeeping is the end of pwg_state");

/* After s->cond[u] changed: the bookkeeping's bit for u (pwg_cache.live). */
static inline void pwg_cache_cond(pwg_state *s, int u)
{
    uint64_t bit = UINT64_C(1) << u;
    s->cache.live = PWG_ON_MAP(s->cond[u]) ? s->cache.live | bit : s->cache.live & ~bit;
}

/* After s->terr[loc] changed: the bookkeeping's ground sets for loc. */
static inline void pwg_cache_ground(const pwg_data *d, pwg_state *s, int loc)
{
    int fl = d->terrain[s->terr[loc]].flags, w = loc >> 6;
    uint64_t bit = UINT64_C(1) << (loc & 63);
    s->cache.lake[w] = (fl & PWG_TF_LAKE) ? s->cache.lake[w] | bit : s->cache.lake[w] & ~bit;
    s->cache.open[w] = (fl & PWG_TF_OPEN) ? s->cache.open[w] | bit : s->cache.open[w] & ~bit;
}

/* ---- actions --------------------------------------------------------------- */

/* An action: kind in bits 0-7, a in 8-15, b in 16-23. Fields are unit,
 * location, card, force or type indices, so an action can name anything
 * parseable even if it is illegal (explain_illegal says why). Damage: a is
 * the target, b 0 or the paying unit + 1 (cancel-scope own-unit). */
enum {
    PWG_A_NONE, PWG_A_END, PWG_A_DEAL, PWG_A_FIRST, PWG_A_DEPLOY, PWG_A_MOVE,
    PWG_A_SHOOT, PWG_A_TOSS, PWG_A_DAMAGE, PWG_A_CANCEL, PWG_A_ACCEPT,
    PWG_A_ALLY, PWG_A_HOSTILE, PWG_A_READY
};
#define PWG_ACT(k, a, b) ((eng_action)(k) | ((eng_action)(a) << 8) | ((eng_action)(b) << 16))
#define PWG_KIND(x) ((int)((x) & 0xff))
#define PWG_FA(x) ((int)(((x) >> 8) & 0xff))
#define PWG_FB(x) ((int)(((x) >> 16) & 0xff))

/* ---- shared helpers ------------------------------------------------------------ */

static inline int pwg_force_of(const pwg_data *d, int u) { return d->unit[u].force; }
static inline const pwg_type *pwg_type_of(const pwg_data *d, int u) { return &d->type[d->unit[u].type]; }
static inline const pwg_terrain *pwg_terrain_at(const pwg_data *d, const pwg_state *s, int loc)
{
    return &d->terrain[s->terr[loc]];
}
static inline bool pwg_opposed(const pwg_state *s, int f, int g) { return (s->opp[f] >> g) & 1; }
static inline int pwg_player_force(const pwg_state *s, int pos, int nforces)
{
    /* (first + pos) % nforces without a division in the common case
     * (first < nforces and pos <= nforces): every action asks it */
    int f = s->first + pos;
    return f < nforces ? f : f < 2 * nforces ? f - nforces : f % nforces;
}

/* Bits set in x (the builtin calls a library function without -mpopcnt). */
static inline int pwg_popcount(uint64_t x)
{
    x -= (x >> 1) & UINT64_C(0x5555555555555555);
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* pwg_load.c */
void *pwg_load(const json_t *scenario, const json_t *options, eng_error *err);
void pwg_unload(void *data);

/* pwg_board.c: geometry, terrain, movement and range */
int pwg_dist(const pwg_data *d, int a, int b);
void pwg_loc_name(const pwg_data *d, int loc, char *buf, size_t n);
int pwg_loc_parse(const pwg_data *d, const char *text, char *why, size_t n);
/* The missile range rule, the one place it is written: light 1, heavy 2,
 * one more when the shooter stands higher than the target (PWG_MAX_RANGE
 * at most). */
static inline int pwg_missile_range(bool heavy, int from_elevation, int to_elevation)
{
    return (heavy ? 2 : 1) + (from_elevation > to_elevation);
}
int pwg_range(const pwg_data *d, const pwg_state *s, int shooter, int target_loc);
/* PWG_MV_OK if a unit may step to `to` in the stage (cavalry or movement),
 * else why not */
enum { PWG_MV_OK, PWG_MV_FAR, PWG_MV_LAKE, PWG_MV_STEEP, PWG_MV_CAVALRY_GOING };
/* The terrain rules of one step between adjacent locations, the one place
 * they are written (pwg_step_table caches them for the hot path). */
int pwg_step_rule(const pwg_data *d, int from_terrain, int to_terrain, bool cavalry_phase);
int pwg_move_check(const pwg_data *d, const pwg_state *s, int unit, int to, bool cavalry_phase);
/* Fills the hot path's tables: step (pwg_step_rule) and dist (pwg_dist). */
void pwg_step_table(pwg_data *d);
/* may a unit step from `from` to the adjacent `to` (need: PWG_STEP_*)? */
static inline bool pwg_step_ok(const pwg_data *d, const pwg_state *s, int from, int to, int need)
{
    return (d->step[s->terr[from]][s->terr[to]] & need) != 0;
}
/* The bookkeeping (pwg_cache): all of it from the position; and, in debug
 * builds, abort if it is not what the position gives. */
void pwg_cache_refresh(const pwg_data *d, pwg_state *s);
void pwg_cache_steps(const pwg_data *d, pwg_state *s);   /* the steps alone */
void pwg_cache_check(const pwg_data *d, const pwg_state *s);
/* The bookkeeping of whose go it is (pwg_cache.player and movers), from the
 * position: for init and pwg_cache_refresh (pwg_apply.c). In play apply
 * sets the player after each action, and advance() and a move the movers. */
void pwg_cache_turn(const pwg_data *d, pwg_state *s);
/* The combat's masks (pwg_cache.toss and left) from s->combat.cu. */
void pwg_cache_combat(pwg_state *s);
/* No combat: s->combat cleared, with its bookkeeping (pwg_combat.c). */
void pwg_combat_clear(pwg_state *s);
/* The units of force f that may move in the Cavalry or Movement stage
 * now (pwg_cache.movers' rule), as a mask (pwg_legal.c). */
uint64_t pwg_movers(const pwg_data *d, const pwg_state *s, int f);
/* The terrain types with all of `flags`, as "open, hills or mountain". */
void pwg_terrain_names(const pwg_data *d, int flags, char *buf, size_t n);
bool pwg_enemy_at(const pwg_data *d, const pwg_state *s, int loc, int force);
int pwg_units_left(const pwg_data *d, const pwg_state *s, int force);
int pwg_strength(const pwg_data *d, const pwg_state *s, int force);
int pwg_forces_at(const pwg_data *d, const pwg_state *s, int loc);

/* pwg_legal.c */
int pwg_legal_actions(const void *data, const void *st, eng_action *out);
void pwg_explain_illegal(const void *data, const void *st, eng_action a, char *why, size_t n);
bool pwg_force_can_act(const pwg_data *d, const pwg_state *s, int force);
/* why a coin may not be deployed there (PWG_DEP_OK: it may) */
enum { PWG_DEP_OK, PWG_DEP_NONE_LEFT, PWG_DEP_AREA, PWG_DEP_LC_OPEN, PWG_DEP_LAKE };
int pwg_deploy_ok(const pwg_data *d, const pwg_state *s, int force, int type, int loc);
/* The deployment rule for loc bearing `terrain` (area, light cavalry's
 * card beyond on open ground, no lakes), whether the force has such a coin
 * left or not: the one place it is written. */
int pwg_deploy_rule(const pwg_data *d, int force, int type, int loc, int terrain);
bool pwg_force_can_deploy(const pwg_data *d, const pwg_state *s, int force);
bool pwg_in_melee(const pwg_data *d, const pwg_state *s, int unit);

/* pwg_apply.c: apply and the flow of phases */
void pwg_init(const void *data, void *st);
int pwg_current_player(const void *data, const void *st);
int pwg_chance_outcomes(const void *data, const void *st, eng_action *out, double *prob);
eng_action pwg_chance_sample(const void *data, const void *st, double u);
void pwg_apply(const void *data, void *st, eng_action a);
int pwg_actor(const pwg_data *d, const pwg_state *s);   /* force to decide, or -1 */
void pwg_recompute_opposed(const pwg_data *d, pwg_state *s);

/* pwg_combat.c: combat tests */
void pwg_combat_ranged(const pwg_data *d, pwg_state *s, int shooter, int target);
void pwg_combat_melee(const pwg_data *d, pwg_state *s, int loc);
/* the first location from `from` on where opposed forces meet, or -1 */
int pwg_next_melee(const pwg_data *d, const pwg_state *s, int from);
int pwg_combat_next_toss(const pwg_data *d, const pwg_state *s);
/* after a toss: returns true if the combat goes on to spending */
bool pwg_combat_tossed(const pwg_data *d, pwg_state *s, int unit, bool heads);
/* a spend; returns true if the combat goes on */
bool pwg_combat_spend(const pwg_data *d, pwg_state *s, eng_action a);
int pwg_combat_legal(const pwg_data *d, const pwg_state *s, eng_action *out);
void pwg_combat_explain(const pwg_data *d, const pwg_state *s, eng_action a, char *why, size_t n);
int pwg_combat_spender(const pwg_state *s);
int pwg_combat_heads_left(const pwg_data *d, const pwg_state *s, int force);
/* The damage action's second field for "damage X with <unit>": unit + 1,
 * or the choice it is alike to, or 0 (plain "damage X") when which head
 * pays makes no difference now (pwg_combat.c: pay_choices). */
int pwg_combat_pay_code(const pwg_data *d, const pwg_state *s, int unit);
/* Rules 1-3 stage by stage, each mask a subset of the one before. */
typedef struct pwg_filter {
    uint64_t enemies;           /* enemy units of the combat still on the map */
    uint64_t fewest;            /* rule 1: those with the fewest damage so far */
    uint64_t tails;             /* rule 2: of those, the tails-throwers (if any) */
    uint64_t allowed;           /* rule 3: of those, the steady ones (if any) */
} pwg_filter;
/* The damage targets rules 1-3 allow the force, as a unit mask; the stages
 * into *stages if not NULL. The one place the rules are written. */
uint64_t pwg_combat_targets(const pwg_data *d, const pwg_state *s, int force,
                            pwg_filter *stages);
bool pwg_cancel_capable(const pwg_data *d, const pwg_state *s, int unit, bool ranged);

/* pwg_text.c: notation */
/* The forces' units as notation names them (for eng_unit_parse and the
 * position reader): "HI1" of a force, "2/HI1", a force by number or name. */
eng_unit_table pwg_units(const pwg_data *d);
void pwg_unit_ref(const pwg_data *d, int unit, int viewer_force, char *buf, size_t n);
void pwg_action_text(const void *data, const void *st, eng_action a, char *buf, size_t n);
int pwg_action_parse(const void *data, const void *st, const char *text, eng_action *out,
                     char *why, size_t n);
const char *pwg_cond_name(int cond);
const char *pwg_stage_name(int stage);
const char *pwg_phase_name(int phase);
const char *pwg_coin_name(const pwg_data *d, int unit, bool ascii);
void pwg_status_text(const void *data, const void *st, char *buf, size_t n);

/* pwg_json.c, pwg_render.c */
json_t *pwg_to_json(const void *data, const void *st, int viewer);
void pwg_render(const void *data, const void *st, int viewer, bool color, FILE *out);
bool pwg_visible(const pwg_data *d, const pwg_state *s, int unit, int viewer);

/* pwg_hidden.c: secrets between players */
bool pwg_hides_from(const void *data, const void *st, int viewer);
void pwg_action_text_seen(const void *data, const void *st, eng_action a, int viewer,
                          char *buf, size_t n);
void pwg_resample_hidden(const void *data, void *st, int viewer, uint64_t *rng);

/* pwg_end.c: the End phase, victory, returns, result */
void pwg_end_phase(const pwg_data *d, pwg_state *s);
/* appends "Red 12, Blue 9": each force's points, or its strength (pwg_words.c) */
void pwg_each_force(const pwg_data *d, const pwg_state *s, bool points, char *buf, size_t n);
/* the forces with units left, a bit each; whether none of those is an
 * enemy of another (the battle's end by elimination) */
int pwg_forces_left(const pwg_data *d, const pwg_state *s);
bool pwg_no_foes_left(const pwg_data *d, const pwg_state *s, int alive);
void pwg_returns(const void *data, const void *st, double *out);
void pwg_result_text(const void *data, const void *st, char *buf, size_t n);

/* pwg_heuristic.c: the estimate and playout hint for computer players */
double pwg_heuristic(const void *data, const void *st, int player);
void pwg_playout_weights(const void *data, const void *st, const eng_action *acts, int n,
                         double *w);
void pwg_playout_table(pwg_data *d);   /* fills d->playout_weight (pwg_load) */
/* pwg_blunder.c: sets to 0 the weight of each plainly wrong action */
void pwg_blunder_weights(const pwg_data *d, const pwg_state *s, const eng_action *acts, int n,
                         double *w);

/* pwg_svg.c: the drawing for a browser and the board elements of actions */
void pwg_svg(const void *data, const void *st, int viewer, FILE *out);
void pwg_action_elements(const void *data, const void *st, eng_action a, eng_elements *e);
/* pwg_odds.c: the exact odds of an action (engine odds.c) */
int pwg_odds_step(const void *data, const void *st, eng_action *choice);
void pwg_odds_describe(const void *data, const void *before, const void *after, int viewer,
                       char *buf, size_t n);
/* pwg_position.c: a position loaded from JSON, checked against the rules */
bool pwg_from_json(const void *data, void *st, const json_t *pos, char *why, size_t n);
json_t *pwg_internal_json(const pwg_data *d, const pwg_state *s);

/* pwg_explain.c: chance results explained, the referee's prompt */
void pwg_explain_outcome(const void *data, const void *st, eng_action a, char *buf, size_t n);
void pwg_explain_chance(const void *data, const void *st, char *buf, size_t n);

/* pwg_brief.c: the scenario's briefing and how its victory conditions stand */
json_t *pwg_briefing(const void *data);
void pwg_standing(const void *data, const void *st, char *buf, size_t n);

/* ---- pwg_turns.c: phases and turns in play ---------------------------------- */
bool pwg_forgoes(const void *data, const void *st, eng_action a, char *why, size_t n);
void pwg_phase_note(const void *data, const void *before, eng_action a, const void *after,
                    int player, char *buf, size_t n);

/* pwg_losses.c: per side, what it started with and what it has lost */
json_t *pwg_losses(const void *data, const void *st, int viewer);
/* pwg_words.c: actions in a player's words, why a battle ended */
void pwg_words(const void *data, const void *st, eng_action a, char *buf, size_t n);
void pwg_ending(const void *data, const void *st, char *buf, size_t n);
/* pwg_batch.c: the run of deals a referee may enter as one list */
int pwg_chance_run(const void *data, const void *st);
/* ---- pwg_position_check.c: a loaded position's indexes in range ------------- */
bool pwg_position_indexes_ok(const pwg_data *d, const pwg_state *s, char *why, size_t n);

#endif
