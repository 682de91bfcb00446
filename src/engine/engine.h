/*
 * engine.h - the one interface to every rule set.
 *
 * Everything outside src/rules/ (the AI players, the command line, the
 * tests, the benchmarks, later the lab and the web server) sees a game only
 * through these functions. A rule set is a module that fills an eng_rules:
 * a name and a few method tables, one per part of the game (rules.h);
 * callers never touch those tables, they call the wrappers here, which
 * check the contract in debug builds. (The one part read elsewhere, the
 * hints for the computer players, has its wrappers in src/ai/ai_hints.c.)
 *
 * Three objects:
 *   eng_rules  a rule set (static, const, listed in the registry).
 *   eng_game   a rule set bound to a scenario and variant options; immutable
 *              once made, so any number of threads may share one.
 *   eng_state  a position in one game: a flat block (no pointers but the
 *              game it belongs to) that clones with one memcpy. It carries
 *              the seeded generator, so the same seed gives the same game.
 *
 * Decisions belong to a player (0 .. players-1), to chance (ENG_CHANCE), or
 * to nobody once the game is over (ENG_TERMINAL). Chance points list their
 * outcomes with probabilities; an outcome is an action like any other, so a
 * record can force it and a referee can type it in.
 */
#ifndef ENGINE_H
#define ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jansson.h>

#define ENG_MAX_PLAYERS 4
#define ENG_MAX_ACTIONS 1024   /* no position of any rule set has more */
#define ENG_CHANCE (-1)
#define ENG_TERMINAL (-2)
#define ENG_VIEW_ALL (-1)      /* the omniscient view: referee, replays */
#define ENG_TEXT_MAX 128       /* longest action notation, with its NUL */
#define ENG_ERROR_MAX 512

typedef uint32_t eng_action;   /* rule-set defined; opaque outside it */
typedef struct eng_rules eng_rules;
typedef struct eng_game eng_game;
typedef struct eng_state eng_state;

/* An error or refusal, in words a player understands. */
typedef struct eng_error {
    char msg[ENG_ERROR_MAX];
} eng_error;

void eng_error_set(eng_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* eng_error_set, returning false: `return eng_error_fail(err, ...);`. */
bool eng_error_fail(eng_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A variant option a rule set understands, for `pocketwar rules`. */
typedef struct eng_option_doc {
    const char *name;
    const char *values;        /* e.g. "any-unit|own-unit", "1..20" */
    const char *default_value;
    const char *help;
} eng_option_doc;

/* ---- the registry ------------------------------------------------------ */

/* All rule sets, NULL-terminated, in a fixed order. */
const eng_rules *const *eng_registry(void);
const eng_rules *eng_rules_find(const char *name);
const char *eng_rules_name(const eng_rules *r);     /* "pocket-wargame" */
const char *eng_rules_title(const eng_rules *r);    /* "Pocket Wargame" */
const char *eng_rules_version(const eng_rules *r);
const char *eng_rules_summary(const eng_rules *r);
const char *eng_rules_default_scenario(const eng_rules *r);
const eng_option_doc *eng_rules_options(const eng_rules *r); /* {NULL}-ended */

/* ---- games ------------------------------------------------------------- */

/* Binds a rule set to a scenario (parsed JSON) and options (a JSON object,
 * may be NULL). Options given here override the scenario's own "options".
 * Returns NULL and fills err on a bad scenario or option. */
eng_game *eng_game_new(const eng_rules *r, const json_t *scenario,
                       const json_t *options, eng_error *err);
void eng_game_free(eng_game *g);
const eng_rules *eng_game_rules(const eng_game *g);
int eng_game_players(const eng_game *g);
const char *eng_game_player_name(const eng_game *g, int player);
const char *eng_game_scenario_name(const eng_game *g);
/* The options as given (scenario's merged with overrides); never NULL. */
const json_t *eng_game_options(const eng_game *g);
/* Bytes in one state of this game. */
size_t eng_state_size(const eng_game *g);

/* ---- states ------------------------------------------------------------ */

eng_state *eng_state_new(const eng_game *g, uint64_t seed);
eng_state *eng_state_clone(const eng_state *s);
/* dst and src must belong to the same game; no allocation. */
void eng_state_copy(eng_state *dst, const eng_state *src);
void eng_state_free(eng_state *s);
bool eng_state_equal(const eng_state *a, const eng_state *b);
const eng_game *eng_state_game(const eng_state *s);
uint64_t eng_state_seed(const eng_state *s);
uint32_t eng_state_steps(const eng_state *s);  /* actions applied so far */
/* A 64-bit fingerprint of the whole position (for benchmarks, tests). */
uint64_t eng_state_hash(const eng_state *s);

/* Whose decision: 0.., ENG_CHANCE or ENG_TERMINAL. */
int eng_current_player(const eng_state *s);
bool eng_is_terminal(const eng_state *s);

/* Fills out (room for ENG_MAX_ACTIONS) with the legal actions of the player
 * to move, or the outcomes at a chance point; returns the count. The order
 * is fixed for a given position. */
int eng_legal_actions(const eng_state *s, eng_action *out);

/* At a chance point: outcomes and their probabilities (summing to 1). */
int eng_chance_outcomes(const eng_state *s, eng_action *out, double *prob);

/* The outcome the state's own seeded generator gives at this chance point.
 * It does not advance the generator: applying a chance outcome does that,
 * whether the outcome was sampled or entered. */
eng_action eng_chance_sample(const eng_state *s);

/* The outcome a fraction u in [0,1) picks: the first whose cumulative
 * probability exceeds u (the last if rounding leaves u beyond them all). */
int eng_pick_outcome(const double *prob, int n, double u);

/* Is a legal here? If not, says why (which rule it breaks). */
bool eng_is_legal(const eng_state *s, eng_action a, eng_error *why);

/* Applies a after checking it is legal; returns 0, or -1 with the reason. */
int eng_apply(eng_state *s, eng_action a, eng_error *why);
/* Applies a known-legal action (from eng_legal_actions): the fast path for
 * search and self-play. Checked only in debug builds. */
void eng_apply_fast(eng_state *s, eng_action a);

/* eng_legal_actions and eng_apply_fast for a caller that has just asked
 * eng_current_player(s) and passes its answer `who` (a player or
 * ENG_CHANCE), so that the rule set is not asked again: a search's
 * playouts ask it once a step, not three times. Debug builds check who. */
int eng_legal_actions_by(const eng_state *s, int who, eng_action *out);
void eng_apply_fast_by(eng_state *s, int who, eng_action a);

/* Each player's result once terminal, in [0,1]: 1 won, 0 lost; shared
 * results (draws, allied wins) split between the players who share them. */
void eng_returns(const eng_state *s, double *out);
/* The result in words ("Red wins", "draw"); "*" while the game goes on. */
void eng_result_text(const eng_state *s, char *buf, size_t n);

/* A cheap estimate of player's result from here, in [0,1]. */
double eng_heuristic(const eng_state *s, int player);

/* ---- text ---------------------------------------------------------------- */

/* Action notation: prints a in the state it is about to be applied to. */
void eng_action_text(const eng_state *s, eng_action a, char *buf, size_t n);
/* Parses notation in state s (a chance outcome at a chance point). Returns 0,
 * or -1 with what is wrong. Parsing does not check legality. */
int eng_action_parse(const eng_state *s, const char *text, eng_action *out,
                     eng_error *err);

/* Notation as `viewer` may see it when the action is taken: parts hidden
 * from that player (another side's secret placement, say) are left out.
 * Rule sets without secrets print the plain notation. */
void eng_action_text_seen(const eng_state *s, eng_action a, int viewer, char *buf, size_t n);

/* Does the position hide anything from `viewer` right now? */
bool eng_hides_from(const eng_state *s, int viewer);

/* Replaces everything `viewer` cannot see with a random arrangement that is
 * consistent with what the viewer has seen (a "determinization"), drawing
 * from *rng (SplitMix64 state, advanced). The game's own generator is also
 * replaced, so nothing left in the state foretells future chance. This is
 * how a computer player plays from what a person in its seat would know. */
void eng_state_resample_hidden(eng_state *s, int viewer, uint64_t *rng);

/* The position as JSON; viewer is a player (what that player may see) or
 * ENG_VIEW_ALL. The caller owns the result. */
json_t *eng_state_json(const eng_state *s, int viewer);

/* Draws the position for a terminal, as viewer sees it; ANSI colour if
 * color is true. */
void eng_render(const eng_state *s, int viewer, bool color, FILE *out);

/* A one-line description of where the game stands ("Turn 3, Melee phase,
 * Red to act"), for prompts and narratives. */
void eng_status_text(const eng_state *s, char *buf, size_t n);

/* ---- drawing: the position as SVG, and the board elements of actions (view.c) - */

/* Every place and piece a drawing shows carries a stable element id
 * ("p-c4", "u-1-HI1"; docs/drawing.md lists each rule set's). An action
 * involves some of them: the acting piece first, its destination or target
 * last. */
#define ENG_ELEM_ID_MAX 32
#define ENG_ELEMS_MAX 24
typedef struct eng_elements {
    int n;
    char id[ENG_ELEMS_MAX][ENG_ELEM_ID_MAX];
} eng_elements;

/* Appends an id (printf-style) unless already there; false if full or too long. */
bool eng_elements_add(eng_elements *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool eng_elements_has(const eng_elements *e, const char *id);

/* Does the rule set draw SVG? */
bool eng_has_svg(const eng_game *g);
/* Writes the position as an SVG document for viewer (a player, or
 * ENG_VIEW_ALL): nothing viewer may not see is in it. False if the rule
 * set draws none. */
bool eng_svg(const eng_state *s, int viewer, FILE *out);
/* The same into a string the caller frees; NULL if none. */
char *eng_svg_string(const eng_state *s, int viewer);
/* Is there an element with this id in the SVG text? */
bool eng_svg_has_id(const char *svg, const char *id);
/* Every id in the SVG text, as the keys of a JSON object (caller decrefs). */
json_t *eng_svg_ids(const char *svg);

/* The elements action a (legal in s, or a chance outcome there) involves,
 * as the rule set names them, whoever views. */
void eng_action_elements(const eng_state *s, eng_action a, eng_elements *out);
/* The same, keeping only the elements drawn in svg (the drawing of s for
 * the viewer it is meant for). */
void eng_action_elements_seen(const eng_state *s, eng_action a, const char *svg,
                              eng_elements *out);
/* What a step changed, as drawn for viewer after it: the step's elements and
 * every drawn element whose drawing differs between before and after (a
 * piece moved elsewhere, turned, hit), leaving out where things are drawn
 * (a coin pushed aside by another is no change). Only ids drawn after. */
void eng_step_changes(const eng_state *before, eng_action a, const eng_state *after, int viewer,
                      eng_elements *out);
/* {"action", "elements": [...]} for every legal action (or chance outcome,
 * with "probability") of s, with elements as drawn for viewer. */
json_t *eng_actions_json(const eng_state *s, int viewer);
/* An eng_elements as a JSON array of strings. */
json_t *eng_elements_json(const eng_elements *e);
/* ---- exact odds of an action (odds.c) -------------------------------------- */

/* What the odds do at a position (a rule set's odds_step). */
enum { ENG_ODDS_GO, ENG_ODDS_STOP, ENG_ODDS_AUTO };

/* One group of outcomes: everything that changed alike for the table. */
typedef struct eng_odds_group {
    double prob;               /* exact, > 0; the groups sum to 1 */
    char text[512];            /* "2/HI1 destroyed; 1/LC2 wavering", "" no change */
} eng_odds_group;

/* The exact distribution of what follows one action: every chance outcome
 * it sets off is enumerated (no sampling) up to the next decision of a
 * player; where that decision belongs to the combat in progress, the
 * combat is followed to its end under the rule set's automatic choice. */
typedef struct eng_odds {
    char action[ENG_TEXT_MAX]; /* the action's notation as the viewer sees it */
    int viewer;
    int n;                     /* groups, most likely first */
    eng_odds_group *group;
    bool chance;               /* the action sets off chance at all */
    int autos;                 /* combat choices made automatically on the way */
    bool unknown;              /* depends on what the viewer cannot see: no groups */
    long positions;            /* positions visited, for benchmarks */
} eng_odds;

/* The odds of a (legal in s) as viewer (a player or ENG_VIEW_ALL) may know
 * them. When s hides something from viewer, the odds are worked out in
 * positions re-dealt from what viewer sees (never the true one); if they
 * differ between re-deals, the result is `unknown`. NULL with err when a
 * is not legal or the outcomes are too many to enumerate. */
eng_odds *eng_odds_compute(const eng_state *s, eng_action a, int viewer, eng_error *err);
void eng_odds_free(eng_odds *o);
/* {"action", "chance", "automatic", "unknown", "outcomes": [{"percent",
 * "probability", "text", "changes": [..]}]}. The caller owns it. */
json_t *eng_odds_json(const eng_odds *o);
/* Lines "  62.50%  2/HI1 destroyed", each after indent, and a note when the
 * combat's choices were made automatically. */
void eng_odds_print(const eng_odds *o, FILE *out, const char *indent);
/* "62.5%": a probability as a short percentage. */
void eng_odds_percent(double p, char *buf, size_t n);
/* Every legal action of s with its odds, as viewer may know them: a JSON
 * array of eng_odds_json objects (NULL at a chance point or terminal). */
json_t *eng_odds_all_json(const eng_state *s, int viewer);

/* What the odds do at s (ENG_ODDS_GO, ENG_ODDS_STOP, or ENG_ODDS_AUTO with
 * the combat's automatic choice in *choice): the rule a caller follows to
 * walk the same outcomes one at a time (tests, a step-by-step preview). */
int eng_odds_step(const eng_state *s, eng_action *choice);
/* What changed from before to after for the table, as viewer may see it,
 * in the words the odds group by ("" when nothing did). */
void eng_odds_describe(const eng_state *before, const eng_state *after, int viewer, char *buf,
                       size_t n);
/* Appends a phrase to a description being built in buf ("; " between
 * phrases), for the rule sets' odds_describe. */
void eng_odds_phrase(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* ---- positions as data (position.c) ---------------------------------------- */

/* eng_state_json adds to every view the game's "options", and to the whole
 * view (ENG_VIEW_ALL) the "seed", the "generator" (the state of the seeded
 * generator) and the "steps" so far: what a loaded position needs to go on
 * exactly as the game it came from. */

/* Can this rule set load a position? */
bool eng_rules_loads_positions(const eng_rules *r);
/* A new state of game g holding the position pos (JSON as eng_state_json
 * prints it for ENG_VIEW_ALL, or written by hand: keys left out keep the
 * scenario's starting values). seed is used when pos gives none; the
 * generator starts from the seed when pos gives none. The position is
 * checked against the rules: NULL and what is wrong, and where, in err. */
eng_state *eng_state_from_json(const eng_game *g, const json_t *pos, uint64_t seed,
                               eng_error *err);

/* The rule set's data files game g read ("portable-wargame/units.json;
 * ..."), under the data folder unless given as paths; "" if none. The
 * scenario (and variants, folded into the options) are named apart. */
void eng_game_data_files(const eng_game *g, char *buf, size_t n);

/* ---- results explained, the briefing (explain.c) -------------------------- */

/* At a chance point: outcome a with its arithmetic and meaning ("landing 2,
 * +1 commander = 3: lands one square behind c7, on c8"). Rule sets without
 * explanations give the plain notation. */
void eng_explain_outcome(const eng_state *s, eng_action a, char *buf, size_t n);
/* At a chance point: what it is for (which die, the score needed for what,
 * the modifiers), for a referee's prompt; "" if the rule set says nothing. */
void eng_explain_chance(const eng_state *s, char *buf, size_t n);
/* The scenario's briefing, generated from the game's data; the caller owns
 * it. An object with at least "rules", "scenario", "title", "limit" (an
 * object {"kind": "turns"|"rounds", "count": N} or null), "victory" (an
 * array of sentences), "sides" (an array of {"name", "forces": [sentences]})
 * and "special" (sentences), plus the rule set's own numbers; optionally
 * "length_unit" ("turns"|"rounds": what a game's length counts, the
 * position's "turn" or "round", where no limit says it; "turns" if absent).
 * NULL if the rule set has no briefing. */
json_t *eng_briefing(const eng_game *g);
/* How the victory conditions stand ("turn 3 of 15; strength Red 16, Blue
 * 14"); "" if the rule set says nothing. */
void eng_standing(const eng_state *s, char *buf, size_t n);

/* ---- untrusted text (input.c) ------------------------------------------------ */

/* A plain whole number below 2^64: digits only (no sign, no blanks). */
bool eng_parse_u64(const char *text, uint64_t *out);
/* Is text well-formed UTF-8 (what JSON strings may hold)? */
bool eng_utf8_valid(const char *text);
/* The longest prefix of text, at most max bytes, that ends between
 * characters (a name cut to fit a buffer stays valid UTF-8). */
size_t eng_utf8_cut(const char *text, size_t max);
/* snprintf("%s") that cuts between characters. */
void eng_text_copy(char *dst, size_t n, const char *src);
/* For quoting input in a message: src whole if at most max bytes, else its
 * first max bytes (cut between characters) and "...". */
void eng_text_quote(char *dst, size_t n, const char *src, size_t max);

/* ---- phases and turns in play (explain.c) ------------------------------------ */

/* Does a (legal in s) give up a shot or an attack a unit of the deciding
 * side could still make, as ending a phase early does? Then true, with why
 * naming one ("LM1 can still shoot: shoot LM1 2/HI1"). The front ends ask
 * before such an action. False for rule sets that do not say. */
bool eng_action_forgoes(const eng_state *s, eng_action a, char *why, size_t n);
/* player decided a in before; after is the position at player's next
 * decision. If a phase or turn of player's ended by itself in between (no
 * unit left that could act), one line saying so, so that the next typed
 * "end" does not fall on the next phase by surprise; else buf = "". */
void eng_phase_note(const eng_state *before, eng_action a, const eng_state *after, int player,
                    char *buf, size_t n);

/* ---- words for players (explain.c) ------------------------------------------- */

/* The legal action a of s in plain words for a button ("End the movement
 * phase", "Unit done"); the notation where the rule set has no better. */
void eng_action_words(const eng_state *s, eng_action a, char *buf, size_t n);
/* A player's action a took before to after (the position just after it):
 * what it set off that its notation does not say, for a game log (hidden
 * units revealed, say); "" when nothing. */
void eng_step_note(const eng_state *before, eng_action a, const eng_state *after, char *buf,
                   size_t n);
/* The result and why the game ended, one line ("Blue wins: both sides
 * exhausted, Red on turn 5, Blue later, on turn 7"); the result text alone
 * where the rule set says no more; "*" while the game goes on. */
void eng_ending(const eng_state *s, char *buf, size_t n);
/* Why the game ended alone ("both sides exhausted, ..."), as eng_ending
 * adds it after the result; "" where the rule set says no more or the
 * game goes on. */
void eng_ending_why(const eng_state *s, char *buf, size_t n);

/* ---- losses summary (explain.c) --------------------------------------------- */

/* Per side, what it started with and what it has lost in s, in the rule
 * set's own terms, as viewer may know them (rules.h, losses): a new
 * reference, or NULL when the rule set gives none. */
json_t *eng_losses(const eng_state *s, int viewer);
/* The same in words, sides joined by "; " ("Red: units 2 of 8 lost,
 * strength points 5 of 16 lost; Blue: ..."); false (buf = "") when none. */
bool eng_losses_text(const eng_state *s, int viewer, char *buf, size_t n);

/* ---- chance entered as a batch (chance_batch.c) ------------------------------ */

/* How many chance steps in a row from s (a chance point) a referee may
 * enter as one list; 0 when s is no such point. */
int eng_chance_run(const eng_state *s);
/* Reads a list of chance outcomes for the run at s, in the notation the
 * terminal takes (entries separated by commas, semicolons or new lines, or
 * else by blanks: "3H 6S QD"), each checked in the position it falls on (a
 * card only once, and so on). Writes at most max actions to out and
 * returns their count, or -1 with which entry is wrong and why in err. */
int eng_chance_batch_parse(const eng_state *s, const char *text, eng_action *out, int max,
                           eng_error *err);
/* The short notation of outcome a at chance point s: the fewest last words
 * of its notation that still read as a ("3H" for "deal f6 3H"). */
void eng_chance_short_text(const eng_state *s, eng_action a, char *buf, size_t n);

/* ---- the default rule set (registry.c) ---------------------------------------- */

/* The rule set the front ends use where none is named: the registry's first. */
const eng_rules *eng_rules_default(void);

/* ---- a drawing's outline, kept to reuse (outline.c) --------------------------- */

/* What naming elements needs of a drawing, without its text: every element
 * id it shows, and for each line that starts an element (svg.h) a digest of
 * that line apart from where it is drawn. A few KiB against the drawing's
 * tens, so a caller may keep one per position and viewer it drew. */
typedef struct eng_outline eng_outline;
/* The outline of svg (a drawing eng_svg_string made); NULL if svg is NULL
 * or memory ran out. */
eng_outline *eng_outline_new(const char *svg);
void eng_outline_free(eng_outline *o);
/* Is an element with this id drawn? */
bool eng_outline_has(const eng_outline *o, const char *id);
/* eng_action_elements of a in s, keeping those drawn in o (the outline of
 * s's drawing for the viewer it is meant for). */
void eng_outline_elements(const eng_outline *o, const eng_state *s, eng_action a,
                          eng_elements *out);
/* eng_step_changes from the outlines of the drawings before and after step
 * a (taken in before), both for the same viewer; none if either is NULL. */
void eng_outline_changes(const eng_outline *was, const eng_state *before, eng_action a,
                         const eng_outline *now, eng_elements *out);

#endif
