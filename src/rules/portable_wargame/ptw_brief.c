/*
 * ptw_brief.c - The Portable Wargame's scenario briefing, generated from
 * the loaded game data (the victory rule, the turn limit, each side's
 * exhaustion point and units, the objectives, the variant options), and
 * the standing line: the turn out of the limit, units lost against the
 * exhaustion point, objectives held.
 */
#include <string.h>
#include "english.h"
#include "ptw.h"

static void sentence(json_t *arr, const char *text)
{
    json_array_append_new(arr, json_string(text));
}

static json_t *side_json(const ptw_data *d, int f)
{
    const ptw_side *sd = &d->side[f];
    json_t *forces = json_array();
    char line[512];
    /* one line per type and quality, in the scenario's order */
    bool done[PTW_MAX_UNITS] = {false};
    for (int u = sd->first_unit; u < sd->first_unit + sd->nunits; u++) {
        if (done[u])
            continue;
        const ptw_unit_def *ud = &d->unit[u];
        int k = 0;
        char where[200] = "";
        for (int v = u; v < sd->first_unit + sd->nunits; v++) {
            const ptw_unit_def *vd = &d->unit[v];
            if (vd->type != ud->type || vd->quality != ud->quality)
                continue;
            done[v] = true;
            char sq[8], r[24];
            ptw_sq_name(d, vd->loc, sq, sizeof sq);
            ptw_unit_ref(d, v, f, r, sizeof r);
            eng_text_add(where, sizeof where, "%s%s at %s%s", k ? ", " : "", r, sq,
                         vd->towed_by != PTW_NONE ? " (limbered)" : "");
            k++;
        }
        const ptw_type *t = &d->type[ud->type];
        snprintf(line, sizeof line, "%d %s %s (%s): %s", k, ptw_quality_name(ud->quality),
                 t->name, t->code, where);
        if (d->cc2014)
            eng_text_add(line, sizeof line, "; strength %d", ud->strength);
        sentence(forces, line);
    }
    return json_pack("{s:s,s:i,s:o,s:i,s:i}", "name", sd->name, "number", f + 1, "forces",
                     forces, "units", sd->nunits, "exhaustion", sd->exhaustion);
}

json_t *ptw_briefing(const void *data)
{
    const ptw_data *d = data;
    const ptw_victory *v = &d->victory;
    json_t *victory = json_array(), *special = json_array(), *sides = json_array();
    char line[1024], objs[256] = "";

    snprintf(line, sizeof line, "The battle ends when both sides have reached their exhaustion "
             "point (%s %d units lost, %s %d: a third of each side's units, rounded up), when "
             "a side has no unit left, or at the end of turn %d", d->side[0].name,
             d->side[0].exhaustion, d->side[1].name, d->side[1].exhaustion, v->turn_limit);
    sentence(victory, line);
    json_t *objectives = json_array();
    if (v->rule == PTW_V_OBJECTIVE) {
        for (int i = 0; i < v->nobj; i++) {
            char sq[8];
            ptw_sq_name(d, v->obj[i], sq, sizeof sq);
            eng_text_add(objs, sizeof objs, "%s%s", i ? (i == v->nobj - 1 ? " and " : ", ") : "",
                         sq);
            json_array_append_new(objectives,
                                  json_pack("{s:s,s:o}", "at", sq, "holder",
                                            v->obj_holder[i] == PTW_NONE
                                                ? json_null()
                                                : json_integer(v->obj_holder[i] + 1)));
        }
        snprintf(line, sizeof line, "Then the side holding more of the objectives %s wins (a "
                 "square is held by the last side to have units in it alone)", objs);
        sentence(victory, line);
        sentence(victory, "Equal holdings go to the later-exhaustion rule");
    }
    sentence(victory, "Later exhaustion: a side that has not reached its exhaustion point beats "
                      "one that has; of two that have, the later to reach it wins; then the "
                      "smaller share of units lost; otherwise a draw");
    sentence(victory, d->exhaustion_at_turn_end
                          ? "A side that has reached its exhaustion point may not attack or "
                            "move towards the enemy any more, from the end of that turn"
                          : "A side that has reached its exhaustion point may not attack or "
                            "move towards the enemy any more, from the moment of the loss");
    for (int f = 0; f < 2; f++)
        json_array_append_new(sides, side_json(d, f));
    if (v->rule == PTW_V_OBJECTIVE) {
        for (int f = 0; f < 2; f++) {
            int k = 0;
            for (int i = 0; i < v->nobj; i++)
                k += v->obj_holder[i] == f;
            if (k) {
                snprintf(line, sizeof line, "%s holds %d of the objectives at the start",
                         d->side[f].name, k);
                sentence(special, line);
            }
        }
    }
    sentence(special, d->cc2014 ? "Close combat: the 2014 revision (each side rolls to hit; a "
                                  "hit costs a strength point; the lower score retreats; equal "
                                  "scores fight again)"
                                : "Close combat: the 19th-century table (each side rolls not to "
                                  "be hit; a hit is resolved by the unit's quality)");
    if (d->hits_once)
        sentence(special, "Several hits on a unit at once are rolled for together");
    if (d->fire_strength)
        sentence(special, "Fire hits cost strength points instead of a die by quality");
    if (d->woods_plus2)
        sentence(special, "A unit in a wood adds 2 in close combat, not 1");
    if (d->advance_attacker_only)
        sentence(special, "Only an attacker that wins a close combat may advance");
    if (d->cc_commander_same_sq)
        sentence(special, "A commander in a unit's own square adds 1 in close combat too");
    if (d->stack_one_each)
        sentence(special, "A square holds at most one commander and one transport of a side");
    if (d->woods_range_from)
        sentence(special, "A unit in a wood fires 1 square only, out of the wood too");
    snprintf(line, sizeof line, "The board is %d squares wide and %d deep", d->w, d->h);
    sentence(special, line);

    json_t *ex = json_pack("[i,i]", d->side[0].exhaustion, d->side[1].exhaustion);
    return json_pack("{s:s,s:s,s:{s:s,s:i},s:o,s:o,s:o,s:i,s:s,s:o,s:o}", "title", d->title,
                     "description", d->description, "limit", "kind", "turns", "count",
                     v->turn_limit, "victory", victory, "sides", sides, "special", special,
                     "turn_limit", v->turn_limit, "rule",
                     v->rule == PTW_V_OBJECTIVE ? "objective" : "later-exhaustion",
                     "exhaustion", ex, "objectives", objectives);
}

void ptw_standing(const void *data, const void *st, char *buf, size_t n)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    buf[0] = '\0';
    eng_text_add(buf, n, "turn %d of %d; lost (exhaustion at)", s->turn, d->victory.turn_limit);
    for (int f = 0; f < 2; f++) {
        eng_text_add(buf, n, "%s %s %d (%d)", f ? "," : "", d->side[f].name, ptw_lost(d, s, f),
                     d->side[f].exhaustion);
        if (s->exhausted[f])
            eng_text_add(buf, n, " exhausted");
    }
    if (d->victory.rule == PTW_V_OBJECTIVE)
        eng_text_add(buf, n, "; objectives %s %d, %s %d of %d", d->side[0].name, ptw_held(d, s, 0),
                     d->side[1].name, ptw_held(d, s, 1), d->victory.nobj);
}
