/*
 * pwg_brief.c - Pocket Wargame's scenario briefing, generated from the
 * loaded game data (victory conditions, turn limit, forces, deployment,
 * end-phase rules, terrain), and the standing line (turn out of the
 * limit, strength, points) that the status line carries.
 */
#include <string.h>
#include "english.h"
#include "pwg.h"

static json_t *sentence(json_t *arr, const char *text)
{
    json_array_append_new(arr, json_string(text));
    return arr;
}

/* "e3 or e4" (joined by `word`) */
static void loc_list(const pwg_data *d, const uint8_t *locs, int nlocs, const char *word,
                     char *buf, size_t n)
{
    buf[0] = '\0';
    for (int i = 0; i < nlocs; i++) {
        char l[8];
        pwg_loc_name(d, locs[i], l, sizeof l);
        eng_text_add(buf, n, "%s%s", i == 0 ? "" : i == nlocs - 1 ? word : ", ", l);
    }
}

/* The units of force f with condition `cond` at the start (first_unit..),
 * counted by type: "2 light infantry (LI), 1 heavy cavalry (HC)". */
static int units_text(const pwg_data *d, int first, int count, int force, int cond_mask,
                      char *buf, size_t n)
{
    buf[0] = '\0';
    int total = 0;
    for (int t = 0; t < d->ntypes; t++) {
        int k = 0;
        for (int u = first; u < first + count; u++)
            if (d->unit[u].force == force && d->unit[u].type == t &&
                ((cond_mask >> d->unit[u].cond) & 1))
                k++;
        if (k) {
            eng_text_add(buf, n, "%s%d %s (%s)", total ? ", " : "", k, d->type[t].name,
                         d->type[t].code);
            total += k;
        }
    }
    return total;
}

static const char *const edge_names[] = {"south", "north", "west", "east"};

static json_t *side_json(const pwg_data *d, int f)
{
    const pwg_force *fo = &d->force[f];
    json_t *forces = json_array();
    char units[512], line[1400], where[512];
    int on_map = units_text(d, fo->first_unit, fo->nunits, f,
                            (1 << PWG_STEADY) | (1 << PWG_WAVERING), units, sizeof units);
    if (on_map) {
        snprintf(line, sizeof line, "On the battlefield at the start: %s", units);
        sentence(forces, line);
    }
    int deploy = units_text(d, fo->first_unit, fo->nunits, f, 1 << PWG_UNPLACED, units,
                            sizeof units);
    if (deploy) {
        uint8_t locs[PWG_MAX_LOCS];
        int nl = 0;
        for (int i = 0; i < fo->narea; i++)
            if (fo->area[fo->area_list[i]] & PWG_AREA_DEPLOY)
                locs[nl++] = fo->area_list[i];
        int y0 = PWG_MAX_H, y1 = -1;
        bool lc = false;
        for (int i = 0; i < nl; i++) {
            y0 = d->y[locs[i]] < y0 ? d->y[locs[i]] : y0;
            y1 = d->y[locs[i]] > y1 ? d->y[locs[i]] : y1;
        }
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
            lc = lc || (d->unit[u].cond == PWG_UNPLACED && d->unit[u].type == PWG_LC);
        if (nl > 0 && nl == d->w * (y1 - y0 + 1)) {   /* whole rows */
            if (y0 == y1)
                snprintf(where, sizeof where, "row %d", y0 + 1);
            else
                snprintf(where, sizeof where, "rows %d to %d", y0 + 1, y1 + 1);
        } else {
            loc_list(d, locs, nl, " and ", where, sizeof where);
        }
        snprintf(line, sizeof line, "To deploy, heads up (steady): %s; on %s%s", units, where,
                 lc ? " (light cavalry may also go one card further, on open ground)" : "");
        sentence(forces, line);
    }
    int reserve = units_text(d, fo->first_unit, fo->nunits, f, 1 << PWG_RESERVE, units,
                             sizeof units);
    if (reserve) {
        snprintf(line, sizeof line, "Reinforcements (see the special rules): %s", units);
        sentence(forces, line);
    }
    int total = on_map + deploy + reserve;
    return json_pack("{s:s,s:i,s:o,s:i}", "name", fo->name, "number", f + 1, "forces", forces,
                     "units", total);
}

static void rule_text(const pwg_data *d, const pwg_end_rule *r, char *buf, size_t n)
{
    char where[256], units[256];
    switch (r->kind) {
    case PWG_R_SCORE:
        loc_list(d, r->locs, r->nlocs, " or ", where, sizeof where);
        snprintf(buf, n, "End phase: a force whose units alone stand on %s scores %d point%s for "
                 "each such location", where, r->points, r->points == 1 ? "" : "s");
        return;
    case PWG_R_RALLY: {
        snprintf(buf, n, "End phase: wavering units of ");
        bool first = true;
        for (int f = 0; f < d->nforces; f++)
            if ((r->forces >> f) & 1) {
                eng_text_add(buf, n, "%s%s", first ? "" : " and ", d->force[f].name);
                first = false;
            }
        if (r->deploy_area) {
            eng_text_add(buf, n, " in their own deployment area");
        } else {
            loc_list(d, r->locs, r->nlocs, " or ", where, sizeof where);
            eng_text_add(buf, n, " on %s", where);
        }
        eng_text_add(buf, n, " with no enemy on the same card rally to steady");
        return;
    }
    case PWG_R_REINFORCE:
        loc_list(d, r->locs, r->nlocs, " or ", where, sizeof where);
        units_text(d, r->first_unit, r->nunits, r->force, 1 << PWG_RESERVE, units, sizeof units);
        snprintf(buf, n, "End phase of turn %d (or the first after it with a free arrival "
                 "point): %s's reinforcements arrive at %s: %s", r->turn,
                 d->force[r->force].name, where, units);
        return;
    case PWG_R_EXIT:
        snprintf(buf, n, "End phase: %s's units on the %s edge march off the battlefield, "
                 "scoring %d point%s each", d->force[r->force].name, edge_names[r->edge],
                 r->points, r->points == 1 ? "" : "s");
        return;
    default:
        snprintf(buf, n, "?");
    }
}

/* "clubs woodland, diamonds hills, ..." for the terrain set in force */
static void terrain_text(const pwg_data *d, char *buf, size_t n)
{
    snprintf(buf, n, "Terrain (%s, %s): ", d->terrain_set, d->deck_title);
    for (int su = 0; su < d->nsuits; su++) {
        int plain = -1, court = -1;
        for (int c = 0; c < d->ncards; c++) {
            if (d->card[c].suit != su)
                continue;
            if (d->card[c].court && court < 0)
                court = d->card[c].terrain;
            if (!d->card[c].court && plain < 0)
                plain = d->card[c].terrain;
        }
        eng_text_add(buf, n, "%s%s %s", su ? ", " : "", d->suit_name[su],
                     plain >= 0 ? d->terrain[plain].name : "?");
        if (court >= 0 && court != plain)
            eng_text_add(buf, n, " (court cards %s)", d->terrain[court].name);
    }
    for (int c = 0; c < d->ncards; c++)
        if (d->card[c].suit == PWG_NONE) {
            eng_text_add(buf, n, "; jokers %s", d->terrain[d->card[c].terrain].name);
            break;
        }
}

json_t *pwg_briefing(const void *data)
{
    const pwg_data *d = data;
    const pwg_victory *v = &d->victory;
    json_t *victory = json_array(), *special = json_array(), *sides = json_array();
    char line[1024];

    if (v->points_to_win > 0) {
        snprintf(line, sizeof line, "A force with %d points or more at an End phase wins at once "
                 "(the most points; equal points, the greater strength)", v->points_to_win);
        sentence(victory, line);
    }
    sentence(victory, d->alliances
                          ? "When the forces left on the battlefield are all allied with each "
                            "other, they share the win"
                          : "A force wins when no enemy unit is left on the battlefield");
    if (v->turn_limit > 0) {
        snprintf(line, sizeof line, "At the end of turn %d, %s wins; equal %s share the win",
                 v->turn_limit,
                 v->at_limit_points ? "the force with the most points (equal points: the "
                                      "greater strength)"
                                    : "the force with the greatest strength (2 for each steady "
                                      "unit, 1 for each wavering one)",
                 v->at_limit_points ? "points and strength" : "strengths");
        sentence(victory, line);
    }
    for (int f = 0; f < d->nforces; f++)
        json_array_append_new(sides, side_json(d, f));

    if (d->first >= 0)
        snprintf(line, sizeof line, "%s goes first every phase", d->force[d->first].name);
    else
        snprintf(line, sizeof line, "A %s decides who goes first",
                 d->nforces == 2 ? "coin toss" : "drawing of lots");
    sentence(special, line);
    if (d->alliances)
        sentence(special, "Each turn begins with every force declaring each other force allied "
                          "or hostile; two forces are at peace only while both say so");
    for (int i = 0; i < d->nrules; i++) {
        rule_text(d, &d->rule[i], line, sizeof line);
        sentence(special, line);
    }
    /* a battlefield fixed card by card takes its terrain from the deck and
     * the terrain set; one fixed by terrain letters, from nothing else */
    bool by_terrain = !d->deal && d->nlocs > 0 && d->start_card[0] == PWG_NONE;
    if (d->deal)
        snprintf(line, sizeof line, "The battlefield, %d cards wide and %d deep, is dealt at "
                 "random", d->w, d->h);
    else if (by_terrain)
        snprintf(line, sizeof line, "The battlefield, %d cards wide and %d deep, is fixed by the "
                 "scenario, its terrain place by place: the deck and terrain options (deck, "
                 "jokers, joker, terrain) do not apply to it", d->w, d->h);
    else
        snprintf(line, sizeof line, "The battlefield, %d cards wide and %d deep, is fixed by the "
                 "scenario, card by card", d->w, d->h);
    sentence(special, line);
    if (!by_terrain) {
        terrain_text(d, line, sizeof line);
        sentence(special, line);
    }

    json_t *limit = v->turn_limit > 0
                        ? json_pack("{s:s,s:i}", "kind", "turns", "count", v->turn_limit)
                        : json_null();
    return json_pack("{s:s,s:s,s:o,s:o,s:o,s:o,s:i,s:i,s:s}", "title",
                     d->title[0] ? d->title : d->scenario, "description", d->description,
                     "limit", limit, "victory", victory, "sides", sides, "special", special,
                     "turn_limit", v->turn_limit, "points_to_win", v->points_to_win, "at_limit",
                     v->at_limit_points ? "points" : "strength");
}

void pwg_standing(const void *data, const void *st, char *buf, size_t n)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    buf[0] = '\0';
    if (d->victory.turn_limit > 0) {
        if (s->turn > 0)
            eng_text_add(buf, n, "turn %d of %d", s->turn, d->victory.turn_limit);
        else
            eng_text_add(buf, n, "%d turns", d->victory.turn_limit);
    }
    eng_text_add(buf, n, "%sstrength ", buf[0] ? "; " : "");
    pwg_each_force(d, s, false, buf, n);
    if (d->scores_points) {
        eng_text_add(buf, n, "; points ");
        pwg_each_force(d, s, true, buf, n);
        if (d->victory.points_to_win > 0)
            eng_text_add(buf, n, " (%d win)", d->victory.points_to_win);
    }
}
