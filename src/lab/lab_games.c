/*
 * lab_games.c - a game of the lab as one line of games.jsonl and back
 * (lab.h). The line holds nothing that depends on the machine or the
 * clock, so the same games give the same file.
 */
#include <stdlib.h>
#include <string.h>
#include "lab.h"

json_t *lab_game_json(const lab_exp *e, const lab_game *g)
{
    json_t *ev = json_array();
    for (int i = 0; i < g->neval; i++)
        json_array_append_new(ev, json_real(g->eval[i]));
    int p0 = g->seating;                        /* the player on side 1 */
    char *const *pl = lab_exp_players(e, g->set);
    json_t *j = json_pack("{s:s, s:I, s:i, s:[s,s], s:o, s:b, s:[f,f], s:s, s:s, s:s, s:i, "
                          "s:i, s:i, s:i, s:f, s:o, s:o}",
                          "arm", e->arm[g->arm].label, "seed", (json_int_t)g->seed,
                          "seating", g->seating, "players", pl[p0], pl[1 - p0],
                          "winner", g->winner < 0 ? json_null() : json_integer(g->winner + 1),
                          "draw", g->finished && g->winner < 0, "returns", g->ret[0], g->ret[1],
                          "ending", g->ending, "result", g->result, "length_unit",
                          e->length_unit, "length", g->length, "steps", g->steps, "decisions",
                          g->decisions, "chance_events", g->chances, "branching", g->branching,
                          "losses", g->losses ? json_incref(g->losses) : json_null(),
                          "eval_side1", ev);
    if (g->record)
        json_object_set_new(j, "record", json_string(g->record));
    if (g->set == LAB_SET_SKILL)        /* only then: a main game's line is as it was */
        json_object_set_new(j, "set", json_string("skill"));
    return j;
}

bool lab_game_from_json(const lab_exp *e, const json_t *j, lab_game *g)
{
    memset(g, 0, sizeof *g);
    g->arm = lab_exp_arm(e, json_string_value(json_object_get(j, "arm")));
    const json_t *seed = json_object_get(j, "seed"), *seat = json_object_get(j, "seating");
    const json_t *ret = json_object_get(j, "returns"), *ev = json_object_get(j, "eval_side1");
    if (g->arm < 0 || !json_is_integer(seed) || !json_is_integer(seat) ||
        json_array_size(ret) != 2 || !json_is_array(ev))
        return false;
    const char *set = json_string_value(json_object_get(j, "set"));
    if (set && strcmp(set, "skill"))
        return false;
    g->set = set ? LAB_SET_SKILL : LAB_SET_MAIN;
    g->seed = (uint64_t)json_integer_value(seed);
    g->seating = (int)json_integer_value(seat);
    int seeds = lab_exp_set_seeds(e, g->set);
    if (g->seed < e->seed || g->seed - e->seed >= (uint64_t)seeds ||
        (g->seating != 0 && g->seating != 1))
        return false;
    for (int s = 0; s < LAB_SIDES; s++)
        g->ret[s] = json_number_value(json_array_get(ret, (size_t)s));
    const json_t *w = json_object_get(j, "winner");
    g->winner = json_is_integer(w) ? (int)json_integer_value(w) - 1 : -1;
    const char *ending = json_string_value(json_object_get(j, "ending"));
    snprintf(g->ending, sizeof g->ending, "%s", ending ? ending : "");
    g->finished = strcmp(g->ending, "step cap") != 0;
    const char *result = json_string_value(json_object_get(j, "result"));
    snprintf(g->result, sizeof g->result, "%s", result ? result : "");
    g->length = (int)json_integer_value(json_object_get(j, "length"));
    g->steps = (int)json_integer_value(json_object_get(j, "steps"));
    g->decisions = (int)json_integer_value(json_object_get(j, "decisions"));
    g->chances = (int)json_integer_value(json_object_get(j, "chance_events"));
    g->branching = json_number_value(json_object_get(j, "branching"));
    const json_t *l = json_object_get(j, "losses");
    g->losses = json_is_null(l) || !l ? NULL : json_incref((json_t *)l);
    g->neval = (int)json_array_size(ev);
    g->eval = malloc(((size_t)g->neval + 1) * sizeof *g->eval);
    if (!g->eval)
        abort();
    for (int i = 0; i < g->neval; i++)
        g->eval[i] = json_number_value(json_array_get(ev, (size_t)i));
    const char *rec = json_string_value(json_object_get(j, "record"));
    g->record = rec ? strdup(rec) : NULL;
    return true;
}

int lab_game_cmp(const void *a, const void *b)
{
    const lab_game *x = a, *y = b;
    if (x->set != y->set)
        return x->set < y->set ? -1 : 1;
    if (x->arm != y->arm)
        return x->arm < y->arm ? -1 : 1;
    if (x->seed != y->seed)
        return x->seed < y->seed ? -1 : 1;
    return (x->seating > y->seating) - (x->seating < y->seating);
}
