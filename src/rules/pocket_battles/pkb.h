/*
 * pkb.h - Pocket Battles, private to src/rules/pocket_battles/.
 *
 * Implements the Pocket Battles rules (English edition, in the shared rules
 * folder as 004_88cb935f0152ae9a.txt), with the clarifications of the
 * Russian edition (002_9b96fcc3da3da552.txt): interception keeps the
 * charger's first strike and charge die; shooting into an engagement splits
 * the hits, rounded up, over every unit in it, own units included;
 * adjacent-sector shooting may reach the rear when that sector's front and
 * engagement zone hold no enemy; a troop removed to absorb hits absorbs as
 * many as it had wound points left. Readings and the army design are in
 * docs/pocket-battles.md. Options (pkb_rules.c): size, army1, army2,
 * faction1, faction2, special-actions, rounds.
 *
 * Two halves:
 *   pkb_data   built once by pkb_load() from the scenario, the options and
 *              the data files (traits.json, factions/, armies/); read-only
 *              afterwards: traits and their effects, each player's faction
 *              (its troop tiles), a ready-made army and deployment if given.
 *   pkb_state  the position: a flat struct with no pointers and no padding,
 *              cloned by memcpy; init memsets it. After the position, the
 *              bookkeeping derived from it for speed (pkb_position_size:
 *              left out of hashing and equality).
 *
 * Players are 0 and 1 inside the code, 1 and 2 outside. Units are numbered
 * per player in the order they were formed; a "global" unit index is
 * player * PKB_MAX_UNITS + unit, and prints as A1.. for player 1, B1.. for
 * player 2. Troops are indexes into their player's faction (its tiles), so
 * an army is a mask of tiles.
 *
 * The battlefield's 15 zones are numbered col * 5 + row, with columns and
 * rows counted from player 1's side: column 0 is player 1's left sector
 * (player 2's right), row 0 player 1's rear, 1 its front, 2 the engagement
 * zone, 3 player 2's front, 4 player 2's rear.
 */
#ifndef PKB_H
#define PKB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rules.h"

#define PKB_SIDES 2
#define PKB_MAX_TROOPS 32       /* tiles in a faction: troop masks are uint32_t */
#define PKB_MAX_UNITS 32        /* units in an army (global indexes fit 6 bits) */
#define PKB_MAX_FORMATION 8     /* the largest formation value: keeps units small */
#define PKB_MAX_TRAITS 32       /* trait masks are uint32_t */
#define PKB_MAX_DICE 8          /* dice in one roll */
#define PKB_MAX_SIZE 200
#define PKB_Q (2 * PKB_MAX_UNITS)   /* units that may take hits from one roll */
#define PKB_NONE 0xff
#define PKB_NAME 40
#define PKB_TEXT 200
#define PKB_COLS 3
#define PKB_ROWS 5
#define PKB_ZONES (PKB_COLS * PKB_ROWS)

/* what a zone is to the player who owns the unit in it */
enum { PKB_REAR, PKB_FRONT, PKB_ENG };

/* ---- traits ---------------------------------------------------------------- */

/* What a trait does; traits.json names traits and gives each an effect and
 * an amount. A unit has a trait when any of its living troops has it; one
 * trait counts once however many troops have it, different traits with the
 * same effect add up. */
enum {
    PKB_FX_DICE_ENGAGE,      /* +n dice in every engagement roll it makes */
    PKB_FX_DICE_CHARGE,      /* +n dice on the first strike after it charged */
    PKB_FX_DICE_CHARGED,     /* +n dice striking back at a unit that charged it */
    PKB_FX_DICE_SHOOT,       /* +n dice when it shoots */
    PKB_FX_FEWER_SHOT,       /* each shooting at it scores n hits fewer */
    PKB_FX_FEWER_ENGAGE,     /* each engagement roll against it scores n hits fewer */
    PKB_FX_NO_CHARGE_DIE,    /* a unit charging it rolls no extra dice for the charge */
    PKB_FX_SHOOT_REAR,       /* it may shoot from its rear as from its front */
    PKB_FX_FREE_LEAVE,       /* it leaves an engagement without free strikes */
    PKB_FX_DISCOUNT,         /* ordering it costs n tokens fewer (never less than 1) */
    PKB_FX_REGENERATE,       /* at the end of a round each troop with it sheds n wounds */
    PKB_FX_RALLY,            /* special action: a troop nearby sheds n wound tokens */
    PKB_FX_HEX,              /* special action: an enemy unit nearby takes n hits */
    PKB_FX_COUNT
};

typedef struct pkb_trait {
    char name[PKB_NAME];        /* "fury" */
    char title[PKB_NAME];       /* "Fury" */
    char text[PKB_TEXT];        /* the rule in a sentence */
    uint8_t effect;             /* PKB_FX_* */
    uint8_t amount;
    bool special;               /* a special action (needs an order) */
} pkb_trait;

/* ---- troops, factions, armies ---------------------------------------------- */

typedef struct pkb_troop_def {
    char code[12];              /* tile code, "ELV25" */
    char name[PKB_NAME];        /* "Archers 4-5" */
    uint8_t eng[7];             /* how many engagement dice show each face 1..6 */
    uint8_t shoot[7];           /* the same for shooting dice */
    uint8_t neng, nshoot;       /* dice printed of each kind */
    uint8_t wp;                 /* wound points */
    uint8_t formation;          /* formation value */
    uint16_t points;            /* deployment points */
    uint32_t traits;            /* mask over pkb_data.trait */
} pkb_troop_def;

typedef struct pkb_faction {
    char key[PKB_NAME];         /* file name, "elves" (or "custom") */
    char name[PKB_NAME];        /* "Elves" */
    int ntroops;
    pkb_troop_def troop[PKB_MAX_TROOPS];
} pkb_faction;

typedef struct pkb_player {
    char name[PKB_NAME];
    char colour[16];
    pkb_faction fac;
    bool ready;                 /* the army is given: no army building */
    char army[PKB_NAME * 2];    /* the army's name, "elves-50" */
    int nunits;
    uint8_t usize[PKB_MAX_UNITS];
    uint8_t utroop[PKB_MAX_UNITS][PKB_MAX_FORMATION];   /* first = top of the stack */
    bool placed;                /* its deployment is given too */
    uint8_t uzone[PKB_MAX_UNITS];
} pkb_player;

typedef struct pkb_data {
    char scenario[PKB_NAME * 2];
    char title[PKB_NAME * 2];
    int size;                   /* the battle's size in deployment points */
    int tokens;                 /* order/wound tokens per player: size / 10 */
    int attacker;               /* given by the scenario, or -1: rolled */
    bool special_round;         /* special actions barred for the attacker's whole
                                   first round (Russian), not only its first turn */
    int max_rounds;             /* 0: no limit */
    int ntraits;
    pkb_trait trait[PKB_MAX_TRAITS];
    uint32_t fx[PKB_FX_COUNT];  /* traits having each effect */
    pkb_player pl[PKB_SIDES];
    /* adj[p][z]: the count, then the zones a redeployment or tactical move
     * from z reaches as p sees them (pkb_legal.c: adjacent_zones), worked
     * out once at load by pkb_adjacent_table for the legal listing */
    uint8_t adj[PKB_SIDES][PKB_ZONES][4];
    /* For the turn's listing, what a unit's troops give it without a walk
     * over them (pkb_troop_tables): traits8[p][k][m] the traits of p's
     * troops 8k..8k+7 whose bits are set in m, and the masks of p's troops
     * with engagement dice and with shooting dice */
    uint32_t traits8[PKB_SIDES][PKB_MAX_TROOPS / 8][256];
    uint32_t eng_troops[PKB_SIDES], shoot_troops[PKB_SIDES];
    uint32_t regen_troops[PKB_SIDES];   /* p's troops with a regenerate trait */
    /* hitsum[p][kind][t]: the hits p's troop t scores with dice of kind
     * (PKB_K_*) summed over the six faces, for the features' mean hits */
    uint16_t hitsum[PKB_SIDES][2][PKB_MAX_TROOPS];

    char description[1024];     /* the scenario's flavour text (briefing), cut to fit */
    /* readings as options */
    bool strike_back_always;    /* strike-back always: no choice for the unit struck */
    bool concede_round_start;   /* concede round-start: only before a round's first turn */
    bool react_shoot_sector;    /* reaction-shoot sector: from the sector's rear too */
    int ntraits_file;           /* traits from traits.json; the rest are factions' own */
    char files[1024];           /* data files read, "; "-separated (pkb_data_files) */
} pkb_data;

/* ---- the position ------------------------------------------------------------ */

typedef struct pkb_unit {
    uint32_t troops;            /* its living troops */
    uint8_t zone;               /* PKB_NONE until deployed, and once destroyed */
    uint8_t orders;             /* order tokens on it this round */
    uint8_t foe;                /* a unit it is in contact with (global), or PKB_NONE */
    uint8_t top;                /* the troop on top of its stack */
} pkb_unit;

/*
 * Contacts in the engagement zones form stars: one unit against one or more
 * enemy units. Every unit in contact points (foe) at one unit it touches;
 * the contacts of u are foe[u] and every enemy unit whose foe is u. A unit
 * in an engagement zone without contacts is a charger still choosing whom
 * to strike.
 *
 * Tokens: unused + passed + aside_orders + aside_wounds + the orders on the
 * units + the wounds on living troops = pkb_data.tokens, always.
 */
typedef struct pkb_side {
    pkb_unit unit[PKB_MAX_UNITS];
    uint32_t army;              /* troops chosen */
    uint32_t dead;              /* troops destroyed */
    uint16_t points;            /* the army's deployment points */
    uint16_t lost;              /* deployment points of its troops destroyed */
    uint8_t unit_of[PKB_MAX_TROOPS];
    uint8_t wounds[PKB_MAX_TROOPS];
    uint8_t nunits;
    uint8_t unused;             /* tokens not used this round */
    uint8_t passed;             /* order tokens set aside by passing */
    uint8_t aside_orders;       /* orders of units destroyed this round */
    uint8_t aside_wounds;       /* wounds of troops destroyed this round */
    uint8_t deployed;           /* units placed */
    uint8_t built;              /* its army is complete */
    uint8_t acted;              /* it has taken a turn this round */
} pkb_side;

/* what the next decision is */
enum {
    PKB_PH_BUILD,               /* a player chooses troops and forms units */
    PKB_PH_ROLL,                /* chance: each player's die for the attacker */
    PKB_PH_DEPLOY,              /* a player places a stack */
    PKB_PH_TURN,                /* the active player: redeployment, then an action */
    PKB_PH_REACT,               /* the other player reacts to a charge */
    PKB_PH_TARGET,              /* the active player picks whom to charge, shoot, ... */
    PKB_PH_DICE,                /* chance: a die of a strike or a shooting */
    PKB_PH_WOUND,               /* a unit's owner assigns a hit */
    PKB_PH_ELIMINATE,           /* round end: a player may eliminate wounded troops */
    PKB_PH_BACK,                /* the struck unit's owner: strike back or hold */
    PKB_PH_OVER
};

/* what is being resolved in the active player's turn */
enum { PKB_P_NONE, PKB_P_CHARGE, PKB_P_FIGHT, PKB_P_LEAVE, PKB_P_SHOOT, PKB_P_HEX,
       PKB_P_RALLY };
/* where in it */
enum {
    PKB_S_NONE,
    PKB_S_CHOOSE,               /* the target is to be chosen */
    PKB_S_SHOT,                 /* a shooting (or hex) at the target */
    PKB_S_FIRST,                /* the first strike of an engagement */
    PKB_S_BACK,                 /* the strike back */
    PKB_S_FREE,                 /* free strikes at a unit leaving */
    PKB_S_REACT_SHOT            /* the reaction's shooting at a charger */
};
/* kinds of dice a strike rolls against */
enum { PKB_K_ENGAGE, PKB_K_SHOOT };
/* why the game ended */
enum { PKB_END_NONE, PKB_END_HALF, PKB_END_BOTH, PKB_END_BOTH_TIE, PKB_END_LIMIT,
       PKB_END_CONCEDE };

/* Which zones hold a unit of each side: bit z of at[p] (the questions
 * asked of it are all "is any enemy there?"; a bit each answers them with
 * a mask, which the turn's listing asks for every unit). */
typedef struct pkb_occ {
    uint16_t at[PKB_SIDES];
} pkb_occ;
_Static_assert(PKB_ZONES <= 16, "pkb_occ.at: a bit per zone");

/* What the turn's listing asks of a unit, kept per unit as bookkeeping
 * (pkb_state.ub): the order's cost now (pkb_order_cost), and what its living
 * troops let it do (PKB_CAN_*: dice of each kind, traits with those effects) */
enum { PKB_CAN_ENGAGE = 1, PKB_CAN_SHOOT = 2, PKB_CAN_SHOOT_REAR = 4, PKB_CAN_RALLY = 8,
       PKB_CAN_HEX = 16 };
typedef struct pkb_unit_book {
    uint8_t cost;
    uint8_t can;
} pkb_unit_book;

typedef struct pkb_state {
    pkb_side side[PKB_SIDES];
    uint32_t strikers;          /* leaving: enemy units still to strike (their mask) */
    uint32_t round;             /* battle round (from 1; unlimited with rounds=0) */
    uint8_t phase, player;      /* what is decided, and by whom */
    uint8_t turn;               /* turn within the round (from 1) */
    uint8_t spare;              /* always 0: keeps the block free of padding */
    uint8_t attacker, first;    /* the attacker; who went first this round */
    uint8_t active, winner;     /* the active player; the winner once over */
    uint8_t how;                /* PKB_END_* */
    uint8_t roll[2];            /* the dice for the attacker */
    uint8_t redeployed;         /* unit redeployed this turn (global) or PKB_NONE */
    uint8_t proc, stage;        /* what is being resolved, and where */
    uint8_t striker, target;    /* global units of the strike or shooting */
    uint8_t charger;            /* the unit that charged this turn, or PKB_NONE */
    uint8_t skind;              /* PKB_K_*: the dice the striker rolls against */
    uint8_t dice_left, hits;    /* of the roll under way */
    uint8_t nrolled;            /* dice rolled so far in it */
    uint8_t wq_len, wq_pos;     /* units taking hits from it, and the current one */
    uint8_t charge_die;         /* the strike is a charger's first strike */
    uint8_t rolled[PKB_MAX_DICE];
    uint8_t wq_unit[PKB_Q], wq_hits[PKB_Q];
    /* ---- bookkeeping, after the position (pkb_position_size): derived from
     * it, left out of hashing and equality, worked out whole
     * (pkb_book_refresh) by init, a position read from JSON and a hidden
     * army dealt again; debug builds check all of it after every apply
     * (pkb_book_check).
     * occ: the occupancy, and zcount: the units of each side in each zone,
     * kept up to date by every change of a unit's zone (pkb_set_zone).
     * ub: each unit's order cost and abilities, kept up to date by every
     * change of its troops or its orders (pkb_unit_refresh: a troop formed
     * into it or destroyed, an order paid, an order token taken for a
     * wound; the round's end, taking every order off, sets each cost to 1
     * itself). */
    pkb_occ occ;
    uint8_t zcount[PKB_SIDES][16];
    pkb_unit_book ub[PKB_SIDES][PKB_MAX_UNITS];
} pkb_state;

/* no hidden padding: bytewise equality is positional equality */
_Static_assert(sizeof(pkb_unit) == 8, "pkb_unit has padding");
_Static_assert(sizeof(pkb_side) == 8 * PKB_MAX_UNITS + 12 + 2 * PKB_MAX_TROOPS + 8,
               "pkb_side has padding");
#define PKB_BOOK_SIZE (sizeof(pkb_occ) + PKB_SIDES * 16 + \
                       PKB_SIDES * PKB_MAX_UNITS * sizeof(pkb_unit_book))
_Static_assert(sizeof(pkb_state) == 2 * sizeof(pkb_side) + 8 + 24 + PKB_MAX_DICE + 2 * PKB_Q +
               PKB_BOOK_SIZE, "pkb_state has padding");
_Static_assert(offsetof(pkb_state, occ) == sizeof(pkb_state) - PKB_BOOK_SIZE,
               "the bookkeeping is last");

/* ---- actions ----------------------------------------------------------------- */

/* An action: kind in bits 0-7, fields a, b, c in 8-15, 16-23, 24-31. Units
 * are global indexes, troops faction indexes, zones absolute, so that any
 * parseable action can be encoded, and explained when it is not legal. */
enum {
    PKB_A_NONE,
    PKB_A_UNIT,                 /* a: troop: start a new unit with it on top */
    PKB_A_ADD,                  /* a: troop: add it to the unit being formed */
    PKB_A_DONE,                 /* army complete / no more eliminations */
    PKB_A_ROLL,                 /* a: face (chance) */
    PKB_A_DEPLOY,               /* a: unit, b: zone */
    PKB_A_REDEPLOY,             /* a: unit, b: zone */
    PKB_A_ORDER,                /* a: unit, b: PKB_O_*, c: zone or unit */
    PKB_A_PASS,
    PKB_A_CONCEDE,
    PKB_A_REACT,                /* a: PKB_R_*, b: unit */
    PKB_A_TARGET,               /* a: unit, b: troop (rally) or PKB_NONE */
    PKB_A_WOUND,                /* a: unit, b: troop, c: PKB_W_* (+ unit) */
    PKB_A_ELIMINATE,            /* a: unit, b: troop */
    PKB_A_BACK                  /* a: 1 strike back, 0 hold */
};
enum { PKB_O_MOVE, PKB_O_CHARGE, PKB_O_FIGHT, PKB_O_LEAVE, PKB_O_SHOOT, PKB_O_RALLY,
       PKB_O_HEX, PKB_O_COUNT };
enum { PKB_R_INTERCEPT, PKB_R_SHOOT, PKB_R_WAIT };
enum { PKB_W_REMOVE, PKB_W_UNUSED, PKB_W_PASS, PKB_W_UNIT /* + global unit */ };

#define PKB_ACT(k, a, b, c) ((eng_action)(k) | ((eng_action)(a) << 8) | \
                             ((eng_action)(b) << 16) | ((eng_action)(c) << 24))
#define PKB_KIND(x) ((int)((x) & 0xff))
#define PKB_FA(x) ((int)(((x) >> 8) & 0xff))
#define PKB_FB(x) ((int)(((x) >> 16) & 0xff))
#define PKB_FC(x) ((int)(((x) >> 24) & 0xff))
/* an action's kind and field b, the rest 0: (a & PKB_KIND_FB) == PKB_ACT(k, 0, b, 0)
 * asks both at once */
#define PKB_KIND_FB ((eng_action)0x00ff00ffu)

/* ---- small helpers -------------------------------------------------------------- */

static inline int pkb_owner(int g) { return g / PKB_MAX_UNITS; }
static inline int pkb_local(int g) { return g % PKB_MAX_UNITS; }
static inline int pkb_global(int p, int u) { return p * PKB_MAX_UNITS + u; }
static inline const pkb_unit *pkb_u(const pkb_state *s, int g)
{
    return &s->side[pkb_owner(g)].unit[pkb_local(g)];
}
static inline pkb_unit *pkb_um(pkb_state *s, int g)
{
    return &s->side[pkb_owner(g)].unit[pkb_local(g)];
}
/* a unit that exists: formed, and not destroyed */
static inline bool pkb_valid(const pkb_state *s, int g)
{
    return g >= 0 && g < PKB_SIDES * PKB_MAX_UNITS && pkb_local(g) < s->side[pkb_owner(g)].nunits;
}
static inline bool pkb_alive(const pkb_state *s, int g)
{
    return pkb_valid(s, g) && pkb_u(s, g)->troops != 0;
}
static inline const pkb_troop_def *pkb_def(const pkb_data *d, int p, int t)
{
    return &d->pl[p].fac.troop[t];
}
static inline bool pkb_revealed(const pkb_state *s) { return s->phase >= PKB_PH_TURN; }
static inline int pkb_popcount(uint32_t x) { return __builtin_popcount(x); }
static inline int pkb_ctz(uint32_t x) { return __builtin_ctz(x); }

/* zones (pkb_field.c has the rest) */
static inline int pkb_zcol(int z) { return z / PKB_ROWS; }
static inline int pkb_zrow(int z) { return z % PKB_ROWS; }
/* 0 left, 1 centre, 2 right as p sees it, and back */
static inline int pkb_sector_of(int p, int col) { return p == 0 ? col : PKB_COLS - 1 - col; }
static inline int pkb_col_of(int p, int sector) { return p == 0 ? sector : PKB_COLS - 1 - sector; }
/* p's zone of a kind in an absolute column */
static inline int pkb_zone(int p, int col, int kind)
{
    int row = kind == PKB_ENG ? 2 : kind == PKB_FRONT ? (p == 0 ? 1 : 3) : (p == 0 ? 0 : 4);
    return col * PKB_ROWS + row;
}
/* what zone z is to p: PKB_REAR, PKB_FRONT, PKB_ENG, or -1 (the enemy's half) */
static inline int pkb_zone_kind(int p, int z)
{
    static const int8_t kinds[2][PKB_ROWS] = {
        {PKB_REAR, PKB_FRONT, PKB_ENG, -1, -1},
        {-1, -1, PKB_ENG, PKB_FRONT, PKB_REAR},
    };
    /* the same for z below 16 without the division (the listing asks it
     * of every unit): row z % 5 of each */
    enum { R = PKB_REAR, F = PKB_FRONT, E = PKB_ENG };
    static const int8_t by_zone[2][16] = {
        {R, F, E, -1, -1, R, F, E, -1, -1, R, F, E, -1, -1, R},
        {-1, -1, E, F, R, -1, -1, E, F, R, -1, -1, E, F, R, -1},
    };
    if ((unsigned)z < 16)
        return by_zone[p][z];
    return kinds[p][pkb_zrow(z)];
}

/* pkb_field.c: zone names, occupancy, contacts */
void pkb_zone_name(int p, int z, char *buf, size_t n);   /* "L-front", as p sees it */
int pkb_zone_parse(int p, const char *text, char *why, size_t n);
/* the occupancy worked out from the units (the plain way) */
void pkb_occupancy(const pkb_state *s, pkb_occ *o);
/* the whole bookkeeping (occ, zcount, ub) worked out; and, in debug
 * builds, compared with the plain way (aborts if it differs; nothing with
 * NDEBUG set, where it is an empty inline: no call) */
void pkb_book_refresh(const pkb_data *d, pkb_state *s);
#ifdef NDEBUG
static inline void pkb_book_check(const pkb_data *d, const pkb_state *s)
{
    (void)d;
    (void)s;
}
#else
void pkb_book_check(const pkb_data *d, const pkb_state *s);
#endif
/* unit g put in zone z (PKB_NONE: off the field), s->occ and s->zcount
 * kept up to date */
void pkb_set_zone(pkb_state *s, int g, int z);
/* Which columns hold an enemy of p: bit c set when pkb_enemy_in_col(o, p, c)
 * (below), all three asked at once */
static inline unsigned pkb_enemy_cols(const pkb_occ *o, int p)
{
    /* the enemy's rear, front and engagement zone: rows 0-2 or 2-4 */
    unsigned at = o->at[1 - p], rows = p == 1 ? 0x07u : 0x1cu, m = 0;
    for (int c = 0; c < PKB_COLS; c++)
        m |= ((at >> (c * PKB_ROWS)) & rows ? 1u : 0u) << c;
    return m;
}
/* the columns a charge or a shooting from col may reach: its own and those beside it */
static inline unsigned pkb_near_cols(int col) { return (7u << col >> 1) & 7u; }
/* Has a unit in a zone of kind (PKB_REAR, ...) with abilities can (PKB_CAN_*:
 * the bookkeeping, pkb_state.ub) a charge with a target, near telling whether
 * an enemy stands in its column or one beside it (pkb_enemy_cols &
 * pkb_near_cols)? The same as pkb_charge_case not being PKB_CH_NONE. */
static inline bool pkb_may_charge(int kind, unsigned can, bool near)
{
    return kind == PKB_FRONT && (can & PKB_CAN_ENGAGE) && near;
}
/* ... a shooting with a target: shooting dice, in its front (or its rear with
 * a trait to shoot from there), and near? The same as pkb_shoot_targets
 * finding any. */
static inline bool pkb_may_shoot(int kind, unsigned can, bool near)
{
    return (can & PKB_CAN_SHOOT) &&
           (kind == PKB_FRONT || (kind == PKB_REAR && (can & PKB_CAN_SHOOT_REAR))) && near;
}
/* Has p's enemy a unit in its front zone or the engagement zone of col? */
static inline bool pkb_enemy_front_or_eng(const pkb_occ *o, int p, int col)
{
    int e = 1 - p;
    unsigned m = 1u << pkb_zone(e, col, PKB_FRONT) | 1u << pkb_zone(e, col, PKB_ENG);
    return (o->at[e] & m) != 0;
}
/* ... or in any of its zones of col (front, engagement, rear)? */
static inline bool pkb_enemy_in_col(const pkb_occ *o, int p, int col)
{
    int e = 1 - p;
    unsigned m = 1u << pkb_zone(e, col, PKB_FRONT) | 1u << pkb_zone(e, col, PKB_ENG) |
                 1u << pkb_zone(e, col, PKB_REAR);
    return (o->at[e] & m) != 0;
}
/* contacts of g (global units), returns the count */
int pkb_contacts(const pkb_state *s, int g, uint8_t *out);
bool pkb_in_contact(const pkb_state *s, int a, int b);
/* the whole engagement g is in (g first, then the others by index) */
int pkb_engagement(const pkb_state *s, int g, uint8_t *out);
/* x charges into contact with t: joins t's engagement, or splits it */
void pkb_contact(pkb_state *s, int x, int t);
/* g leaves every contact (destroyed, or leaving); its partners left alone
 * go back to their fronts */
void pkb_break_contacts(pkb_state *s, int g);
void pkb_label(int g, char *buf, size_t n);              /* "A3", "B1" */

/* pkb_load.c */
void *pkb_load(const json_t *scenario, const json_t *options, eng_error *err);
void pkb_unload(void *data);

/* pkb_units.c: what units can do */
uint32_t pkb_unit_traits(const pkb_data *d, const pkb_state *s, int g);
int pkb_fx(const pkb_data *d, uint32_t traits, int fx);   /* summed amount */
bool pkb_can_engage(const pkb_data *d, const pkb_state *s, int g);
bool pkb_can_shoot(const pkb_data *d, const pkb_state *s, int g);
int pkb_order_cost(const pkb_data *d, const pkb_state *s, int g);
/* s->ub for unit g worked out from its troops and orders; and the plain
 * way, which the debug check compares it with */
void pkb_unit_refresh(const pkb_data *d, pkb_state *s, int g);
pkb_unit_book pkb_unit_book_plain(const pkb_data *d, const pkb_state *s, int g);
/* Fills pkb_data.traits8, eng_troops, shoot_troops, regen_troops and hitsum
 * (at load). */
void pkb_troop_tables(pkb_data *d);
int pkb_hits_for(const pkb_data *d, const pkb_state *s, int g, int kind, int face);
/* the sector column a unit shoots in (front, or rear with artillery), or -1 */
int pkb_shoot_col(const pkb_data *d, const pkb_state *s, int g);
bool pkb_react_shoot_from(const pkb_data *d, const pkb_state *s, int g, int col);
/* the units it may shoot at (global), returns the count */
int pkb_shoot_targets(const pkb_data *d, const pkb_state *s, const pkb_occ *o, int g, uint8_t *out);
/* charge: the case and the units it may charge after a wait */
enum { PKB_CH_NONE, PKB_CH_NORMAL, PKB_CH_REAR, PKB_CH_FLANK };
int pkb_charge_case(const pkb_state *s, const pkb_occ *o, int g);
int pkb_charge_targets(const pkb_state *s, const pkb_occ *o, int g, int chcase, uint8_t *out);
int pkb_hex_targets(const pkb_data *d, const pkb_state *s, const pkb_occ *o, int g, uint8_t *out);
/* rally targets: (unit, troop) pairs encoded unit << 8 | troop */
int pkb_rally_targets(const pkb_data *d, const pkb_state *s, int g, uint16_t *out);
bool pkb_special_barred(const pkb_data *d, const pkb_state *s);
int pkb_tokens_in_use(const pkb_state *s, int p, int *orders, int *wounds);

/* pkb_legal.c */
int pkb_legal_actions(const void *data, const void *st, eng_action *out);
/* Fills pkb_data.adj (at load). */
void pkb_adjacent_table(pkb_data *d);
void pkb_explain_illegal(const void *data, const void *st, eng_action a, char *why, size_t n);

/* pkb_apply.c: the flow of the game */
void pkb_init(const void *data, void *st);
int pkb_current_player(const void *data, const void *st);
int pkb_chance_outcomes(const void *data, const void *st, eng_action *out, double *prob);
void pkb_apply(const void *data, void *st, eng_action a);
void pkb_end_turn(const pkb_data *d, pkb_state *s);

/* pkb_combat.c: strikes, shootings, hits and wounds */
void pkb_begin_strike(const pkb_data *d, pkb_state *s, int striker, int target, int stage);
void pkb_begin_hex(const pkb_data *d, pkb_state *s, int caster, int target);
void pkb_rolled(const pkb_data *d, pkb_state *s, int face);
void pkb_wound(const pkb_data *d, pkb_state *s, int g, int troop, int mode);
/* the hits that removing p's troop t absorbs of those on the unit taking
 * them now: as many as it has wound points left */
int pkb_remove_takes(const pkb_data *d, const pkb_state *s, int p, int t);
void pkb_kill_troop(const pkb_data *d, pkb_state *s, int p, int t);
void pkb_leave(const pkb_data *d, pkb_state *s, int g);
/* dice the next roll of the strike under way will have */
int pkb_strike_dice(const pkb_data *d, const pkb_state *s, int striker, int target, int stage);

/* pkb_end.c: round end, winner, returns, heuristic */
void pkb_round_end(const pkb_data *d, pkb_state *s);
void pkb_start_round(const pkb_data *d, pkb_state *s);
void pkb_returns(const void *data, const void *st, double *out);
void pkb_result_text(const void *data, const void *st, char *buf, size_t n);
double pkb_heuristic(const void *data, const void *st, int player);
bool pkb_has_wounded(const pkb_state *s, int p);

/* pkb_text.c: notation and status */
void pkb_action_text(const void *data, const void *st, eng_action a, char *buf, size_t n);
int pkb_action_parse(const void *data, const void *st, const char *text, eng_action *out,
                     char *why, size_t n);
void pkb_status_text(const void *data, const void *st, char *buf, size_t n);
const char *pkb_phase_name(int phase);
void pkb_faces_text(const uint8_t *faces, char *buf, size_t n);   /* "3 3 4" or "-" */

/* pkb_json.c, pkb_render.c */
json_t *pkb_to_json(const void *data, const void *st, int viewer);
void pkb_render(const void *data, const void *st, int viewer, bool color, FILE *out);

/* pkb_hidden.c: secrets between players */
enum { PKB_HIDE_NONE, PKB_HIDE_BELOW_TOP, PKB_HIDE_ALL };
int pkb_hidden_level(const pkb_state *s, int viewer, int p);   /* of p's army from viewer */
bool pkb_hides_from(const void *data, const void *st, int viewer);
void pkb_action_text_seen(const void *data, const void *st, eng_action a, int viewer,
                          char *buf, size_t n);
void pkb_resample_hidden(const void *data, void *st, int viewer, uint64_t *rng);
/* a random army of p's faction within the size, replacing p's (stops after
 * max_troops troops; units not placed; the bookkeeping left to the caller's
 * pkb_book_refresh) */
void pkb_random_army(const pkb_data *d, pkb_state *s, int p, int max_troops, uint64_t *rng);

/* pkb_svg.c: the drawing for a browser and the board elements of actions */
void pkb_svg(const void *data, const void *st, int viewer, FILE *out);
void pkb_action_elements(const void *data, const void *st, eng_action a, eng_elements *e);
/* pkb_odds.c: the exact odds of an action (engine odds.c) */
int pkb_odds_step(const void *data, const void *st, eng_action *choice);
void pkb_odds_canon(const void *data, void *st);
void pkb_odds_describe(const void *data, const void *before, const void *after, int viewer,
                       char *buf, size_t n);
/* pkb_position.c: a position loaded from JSON, checked against the rules */
bool pkb_from_json(const void *data, void *st, const json_t *pos, char *why, size_t n);
json_t *pkb_internal_json(const pkb_data *d, const pkb_state *s);

/* pkb_playout.c: the playout hint (conceding left out) */
void pkb_playout_weights(const void *data, const void *st, const eng_action *acts, int n,
                         double *w);

/* pkb_explain.c: dice explained, the referee's prompt */
void pkb_explain_outcome(const void *data, const void *st, eng_action a, char *buf, size_t n);
void pkb_explain_chance(const void *data, const void *st, char *buf, size_t n);

/* pkb_brief.c: the scenario's briefing and how its victory conditions stand */
json_t *pkb_briefing(const void *data);
void pkb_standing(const void *data, const void *st, char *buf, size_t n);

/* ---- pkb_turns.c: phases and turns in play ---------------------------------- */
bool pkb_forgoes(const void *data, const void *st, eng_action a, char *why, size_t n);
void pkb_phase_note(const void *data, const void *before, eng_action a, const void *after,
                    int player, char *buf, size_t n);

/* pkb_words.c: actions in a player's words, the reveal said in the log */
void pkb_words(const void *data, const void *st, eng_action a, char *buf, size_t n);
void pkb_step_note(const void *data, const void *before, eng_action a, const void *after,
                   char *buf, size_t n);

/* pkb_losses.c: per side, what it started with and what it has lost */
json_t *pkb_losses(const void *data, const void *st, int viewer);
/* ---- pkb_position_check.c: a loaded position's indexes in range ------------- */
bool pkb_position_indexes_ok(const pkb_data *d, const pkb_state *s, char *why, size_t n);
bool pkb_position_sides_ok(const pkb_data *d, const pkb_state *s, char *why, size_t n);
/* ---- pkb_features.c: the position as numbers for the learned evaluation ----- */
#define PKB_FEATURES 65
void pkb_features(const void *data, const void *st, int player, float *out);

#endif
