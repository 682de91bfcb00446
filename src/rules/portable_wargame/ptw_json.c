/*
 * ptw_json.c - a Portable Wargame position as JSON. Nothing is hidden in
 * this game, so every viewer sees the same. Sides are numbered from 1 as in
 * the notation; squares are named ("c4"), facings are N, E, S, W.
 */
#include <string.h>
#include "ptw.h"

static json_t *sq_json(const ptw_data *d, int sq)
{
    char l[8];
    if (sq == PTW_NONE || sq >= d->nsq)
        return json_null();
    ptw_sq_name(d, sq, l, sizeof l);
    return json_string(l);
}

static json_t *unit_json(const ptw_data *d, int u)
{
    char r[24];
    if (u == PTW_NONE || u >= d->nunits)
        return json_null();
    ptw_unit_ref(d, u, -1, r, sizeof r);
    return json_string(r);
}

static json_t *dir_json(int dir)
{
    char c[2] = {ptw_dir_char(dir), '\0'};
    return json_string(c);
}

static json_t *sides_json(const ptw_data *d, const ptw_state *s)
{
    json_t *arr = json_array();
    for (int f = 0; f < 2; f++) {
        const ptw_side *sd = &d->side[f];
        json_t *o = json_object();
        json_object_set_new(o, "number", json_integer(f + 1));
        json_object_set_new(o, "name", json_string(sd->name));
        json_object_set_new(o, "colour", json_string(sd->colour));
        json_object_set_new(o, "units_start", json_integer(sd->nunits));
        json_object_set_new(o, "units_left", json_integer(ptw_units_left(d, s, f)));
        json_object_set_new(o, "lost", json_integer(ptw_lost(d, s, f)));
        json_object_set_new(o, "exhaustion_point", json_integer(sd->exhaustion));
        json_object_set_new(o, "exhausted", json_boolean(s->exhausted[f] != 0));
        json_object_set_new(o, "exhausted_turn",
                            s->exhausted[f] ? json_integer(s->exhausted[f]) : json_null());
        json_object_set_new(o, "initiative_roll",
                            s->init_roll[f] ? json_integer(s->init_roll[f]) : json_null());
        json_array_append_new(arr, o);
    }
    return arr;
}

static json_t *board_json(const ptw_data *d, const ptw_state *s)
{
    json_t *o = json_object();
    json_object_set_new(o, "width", json_integer(d->w));
    json_object_set_new(o, "height", json_integer(d->h));
    json_t *cells = json_array();
    for (int sq = 0; sq < d->nsq; sq++) {
        json_t *c = json_object();
        json_object_set_new(c, "sq", sq_json(d, sq));
        json_object_set_new(c, "terrain", json_string(ptw_kinds[d->kind[sq]].name));
        if (d->sq[sq] & PTW_SQ_HILL)
            json_object_set_new(c, "hill", json_true());
        if (d->sq[sq] & PTW_SQ_ROAD)
            json_object_set_new(c, "road", json_true());
        if (ptw_wired(s, sq))
            json_object_set_new(c, "wire", json_true());
        json_array_append_new(cells, c);
    }
    json_object_set_new(o, "cells", cells);
    return o;
}

static json_t *units_json(const ptw_data *d, const ptw_state *s)
{
    json_t *arr = json_array();
    for (int u = 0; u < d->nunits; u++) {
        const ptw_type *t = ptw_type_of(d, u);
        char label[16];
        ptw_unit_ref(d, u, d->unit[u].side, label, sizeof label);
        json_t *o = json_object();
        json_object_set_new(o, "ref", unit_json(d, u));
        json_object_set_new(o, "label", json_string(label));
        json_object_set_new(o, "type", json_string(t->code));
        json_object_set_new(o, "type_name", json_string(t->name));
        json_object_set_new(o, "side", json_integer(d->unit[u].side + 1));
        json_object_set_new(o, "quality", json_string(ptw_quality_name(d->unit[u].quality)));
        if (d->cc2014)
            json_object_set_new(o, "strength", json_integer(s->strength[u]));
        bool alive = ptw_alive(s, u);
        json_object_set_new(o, "status", json_string(alive ? "on board" : "destroyed"));
        json_object_set_new(o, "loc", alive ? sq_json(d, s->loc[u]) : json_null());
        json_object_set_new(o, "facing", alive ? dir_json(s->facing[u]) : json_null());
        if (alive && s->towed_by[u] != PTW_NONE)
            json_object_set_new(o, "towed_by", unit_json(d, s->towed_by[u]));
        int g = alive ? ptw_towing(d, s, u) : -1;
        if (g >= 0)
            json_object_set_new(o, "towing", unit_json(d, g));
        if (ptw_bit(s->activated, u))
            json_object_set_new(o, "acted", json_true());
        if (ptw_bit(s->moved, u))
            json_object_set_new(o, "moved", json_true());
        if (ptw_bit(s->fired, u))
            json_object_set_new(o, "fired", json_true());
        if (alive && ptw_crossing_trench(d, s, u))
            json_object_set_new(o, "crossing_trench", json_true());
        if (s->target[u] != PTW_NONE)
            json_object_set_new(o, "target", sq_json(d, s->target[u]));
        if (s->last_target[u] != PTW_NONE)
            json_object_set_new(o, "last_target", sq_json(d, s->last_target[u]));
        if (s->target[u] != PTW_NONE && s->stage != PTW_S_ARTY &&
            (s->stage != PTW_S_LANDING || u < s->cursor))
            json_object_set_new(o, "landing", sq_json(d, s->landing[u]));
        if (s->hits[u])
            json_object_set_new(o, "hits_waiting", json_integer(s->hits[u]));
        json_array_append_new(arr, o);
    }
    return arr;
}

static json_t *activity_json(const ptw_data *d, const ptw_state *s)
{
    json_t *o = json_object();
    if (s->active != PTW_NONE) {
        json_t *a = json_object();
        json_object_set_new(a, "unit", unit_json(d, s->active));
        json_object_set_new(a, "steps", json_integer(s->act_steps));
        json_object_set_new(a, "may_step", json_boolean(!(s->act_bits & (PTW_ACT_NOSTEP |
                                                                          PTW_ACT_MOVEDONE))));
        json_object_set_new(a, "move_over", json_boolean(s->act_bits & PTW_ACT_MOVEDONE));
        json_object_set_new(a, "along_road", json_boolean(!(s->act_bits & PTW_ACT_OFFROAD)));
        json_object_set_new(a, "withdrawing", json_boolean(s->act_bits & PTW_ACT_WITHDRAW));
        json_object_set_new(a, "fought", json_boolean(s->act_bits & PTW_ACT_FOUGHT));
        json_object_set_new(a, "slowed", json_boolean(s->act_bits & PTW_ACT_SLOW));
        json_object_set_new(a, "passing_through",
                            json_boolean(ptw_passing_through(d, s, s->active)));
        json_object_set_new(o, "activation", a);
    }
    if (s->stage == PTW_S_SHOT) {
        json_object_set_new(o, "fire", json_pack("{s:o,s:o,s:i,s:i,s:i}", "unit",
                                                 unit_json(d, s->shooter), "target",
                                                 sq_json(d, s->shot_sq), "dice_rolled",
                                                 s->shot_die, "hits", s->shot_hits,
                                                 "modifier",
                                                 ptw_shot_modifier(d, s, s->shooter, s->shot_sq)));
    }
    if (s->cc_att != PTW_NONE) {
        json_t *c = json_object();
        json_object_set_new(c, "attacker", unit_json(d, s->cc_att));
        json_object_set_new(c, "defender", unit_json(d, s->cc_def));
        json_object_set_new(c, "square", sq_json(d, s->cc_sq));
        json_object_set_new(c, "round", json_integer(s->cc_round));
        json_object_set_new(c, "attacker_roll", s->cc_roll_a ? json_integer(s->cc_roll_a) : json_null());
        json_object_set_new(c, "defender_roll", s->cc_roll_d ? json_integer(s->cc_roll_d) : json_null());
        json_object_set_new(o, "combat", c);   /* the fight; "close_combat" is the variant */
    }
    if (s->stage == PTW_S_HIT)
        json_object_set_new(o, "hit", json_pack("{s:o,s:o}", "unit", unit_json(d, s->hit_unit),
                                                "rolling", unit_json(d, ptw_hit_roller(d, s))));
    if (s->stage == PTW_S_RETREAT)
        json_object_set_new(o, "retreat", unit_json(d, s->retreat_unit));
    return o;
}

json_t *ptw_to_json(const void *data, const void *st, int viewer)
{
    (void)viewer;
    const ptw_data *d = data;
    const ptw_state *s = st;
    char buf[256];
    json_t *o = json_object();
    json_object_set_new(o, "rules", json_string("portable-wargame"));
    json_object_set_new(o, "scenario", json_string(d->scenario));
    json_object_set_new(o, "title", json_string(d->title));
    json_object_set_new(o, "close_combat", json_string(d->cc2014 ? "2014" : "1800s"));
    json_object_set_new(o, "turn", json_integer(s->turn));
    json_object_set_new(o, "turn_limit", json_integer(d->victory.turn_limit));
    json_object_set_new(o, "stage", json_string(ptw_stage_name(s->stage)));
    json_object_set_new(o, "side_a", s->side_a == PTW_NONE ? json_null() : json_integer(s->side_a + 1));
    int who = ptw_current_player(d, s);
    json_object_set_new(o, "to_act", who == ENG_CHANCE ? json_string("chance")
                                     : who >= 0 ? json_integer(who + 1) : json_null());
    ptw_status_text(d, s, buf, sizeof buf);
    json_object_set_new(o, "status", json_string(buf));
    json_object_set_new(o, "sides", sides_json(d, s));
    json_object_set_new(o, "board", board_json(d, s));
    json_t *objs = json_array();
    for (int i = 0; i < d->victory.nobj; i++)
        json_array_append_new(objs, json_pack("{s:o,s:o}", "sq", sq_json(d, d->victory.obj[i]),
                                              "holder", s->holder[i] == PTW_NONE
                                                  ? json_null() : json_integer(s->holder[i] + 1)));
    json_object_set_new(o, "victory", json_pack("{s:s,s:o}", "rule",
                                                d->victory.rule == PTW_V_OBJECTIVE
                                                    ? "objective" : "later-exhaustion",
                                                "objectives", objs));
    json_object_set_new(o, "units", units_json(d, s));
    json_t *act = activity_json(d, s);
    json_object_update(o, act);
    json_decref(act);
    if (s->stage == PTW_S_OVER) {
        json_object_set_new(o, "winner", s->winner == 2 ? json_null() : json_integer(s->winner + 1));
        ptw_result_text(d, s, buf, sizeof buf);
        json_object_set_new(o, "result", json_string(buf));
    }
    if (viewer == ENG_VIEW_ALL)
        json_object_set_new(o, "internal", ptw_internal_json(d, s));   /* ptw_position.c */
    return o;
}
