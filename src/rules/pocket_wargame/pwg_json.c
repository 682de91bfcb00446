/*
 * pwg_json.c - a Pocket Wargame position as JSON, as one viewer may see it.
 *
 * What is secret: during deployment, the coins placed in the current round
 * by other forces: each shows as condition "undeployed", with no location,
 * exactly like that force's coins still to deploy, until the round is
 * complete (the force's "placed_unseen" counts them). ENG_VIEW_ALL sees everything. Forces are numbered
 * from 1 as in the notation; "player" fields use the engine's 0-based
 * numbers.
 */
#include <string.h>
#include "pwg.h"

bool pwg_visible(const pwg_data *d, const pwg_state *s, int u, int viewer)
{
    return viewer == ENG_VIEW_ALL || !((s->hidden >> u) & 1) || d->unit[u].force == viewer;
}

static json_t *loc_json(const pwg_data *d, int loc)
{
    char l[8];
    if (loc == PWG_NONE || loc >= d->nlocs)
        return json_null();
    pwg_loc_name(d, loc, l, sizeof l);
    return json_string(l);
}

static json_t *unit_json(const pwg_data *d, int u)
{
    char r[24];
    pwg_unit_ref(d, u, -1, r, sizeof r);
    return json_string(r);
}

static json_t *forces_json(const pwg_data *d, const pwg_state *s, int viewer)
{
    json_t *arr = json_array();
    for (int f = 0; f < d->nforces; f++) {
        const pwg_force *fo = &d->force[f];
        json_t *o = json_object();
        json_object_set_new(o, "number", json_integer(f + 1));
        json_object_set_new(o, "name", json_string(fo->name));
        json_object_set_new(o, "colour", json_string(fo->colour));
        json_object_set_new(o, "coins", json_string(d->coinset[fo->coins].key));
        json_object_set_new(o, "coins_title", json_string(d->coinset[fo->coins].title));
        json_object_set_new(o, "units_left", json_integer(pwg_units_left(d, s, f)));
        int unseen = 0;
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
            unseen += !pwg_visible(d, s, u, viewer);
        json_object_set_new(o, "placed_unseen", json_integer(unseen));
        json_object_set_new(o, "strength", json_integer(pwg_strength(d, s, f)));
        json_object_set_new(o, "points", json_integer(s->points[f]));
        json_t *allies = json_array(), *opposed = json_array(), *declared = json_array();
        for (int g = 0; g < d->nforces; g++) {
            if (g == f)
                continue;
            json_array_append_new(pwg_opposed(s, f, g) ? opposed : allies, json_integer(g + 1));
            if ((s->stance[f] >> g) & 1)
                json_array_append_new(declared, json_integer(g + 1));
        }
        json_object_set_new(o, "allied_with", allies);
        json_object_set_new(o, "opposed_to", opposed);
        json_object_set_new(o, "declared_allies", declared);
        json_t *changed = json_array();   /* stances it changed this turn */
        for (int g = 0; g < d->nforces; g++)
            if ((s->changed[f] >> g) & 1)
                json_array_append_new(changed, json_integer(g + 1));
        json_object_set_new(o, "changed_this_turn", changed);
        json_array_append_new(arr, o);
    }
    return arr;
}

static json_t *board_json(const pwg_data *d, const pwg_state *s)
{
    json_t *o = json_object();
    json_object_set_new(o, "width", json_integer(d->w));
    json_object_set_new(o, "height", json_integer(d->h));
    json_object_set_new(o, "deck", json_string(d->deck));
    json_object_set_new(o, "terrain_set", json_string(d->terrain_set));
    json_t *cells = json_array();
    for (int loc = 0; loc < d->nlocs; loc++) {
        json_t *c = json_object();
        json_object_set_new(c, "loc", loc_json(d, loc));
        bool dealt = !(d->deal && loc >= s->deal_next && s->stage == PWG_S_DEAL);
        int card = s->card[loc];
        json_object_set_new(c, "card", dealt && card != PWG_NONE ? json_string(d->card[card].code)
                                                                 : json_null());
        const pwg_terrain *t = pwg_terrain_at(d, s, loc);
        json_object_set_new(c, "terrain", dealt ? json_string(t->name) : json_null());
        if (dealt)
            json_object_set_new(c, "elevation", json_integer(t->elevation));
        json_array_append_new(cells, c);
    }
    json_object_set_new(o, "cells", cells);
    return o;
}

static json_t *units_json(const pwg_data *d, const pwg_state *s, int viewer)
{
    json_t *arr = json_array();
    for (int u = 0; u < d->nunits; u++) {
        const pwg_type *t = pwg_type_of(d, u);
        char label[16];
        pwg_unit_ref(d, u, d->unit[u].force, label, sizeof label);
        json_t *o = json_object();
        json_object_set_new(o, "ref", unit_json(d, u));
        json_object_set_new(o, "label", json_string(label));
        json_object_set_new(o, "type", json_string(t->code));
        json_object_set_new(o, "type_name", json_string(t->name));
        json_object_set_new(o, "coin", json_string(pwg_coin_name(d, u, false)));
        json_object_set_new(o, "force", json_integer(d->unit[u].force + 1));
        bool vis = pwg_visible(d, s, u, viewer);
        bool on = PWG_ON_MAP(s->cond[u]);
        json_object_set_new(o, "loc", vis && on ? loc_json(d, s->loc[u]) : json_null());
        /* a secret coin looks like every coin still to deploy: which one was
         * placed must not show, only how many (the force's "placed_unseen") */
        json_object_set_new(o, "condition", json_string(vis ? pwg_cond_name(s->cond[u]) : "undeployed"));
        if (vis && ((s->acted >> u) & 1))   /* kept once off the map */
            json_object_set_new(o, "acted", json_true());
        json_array_append_new(arr, o);
    }
    return arr;
}

static json_t *combat_json(const pwg_data *d, const pwg_state *s)
{
    const pwg_combat *c = &s->combat;
    json_t *o = json_object();
    json_object_set_new(o, "kind", json_string(c->kind == PWG_CB_MELEE ? "melee" : "ranged"));
    json_object_set_new(o, "loc", loc_json(d, c->loc));
    if (c->kind == PWG_CB_RANGED) {
        json_object_set_new(o, "shooter", unit_json(d, c->shooter));
        json_object_set_new(o, "target", unit_json(d, c->target));
    }
    json_t *tosses = json_array(), *dmg = json_array();
    for (int u = 0; u < d->nunits; u++) {
        if (!(c->cu[u] & PWG_CU_IN))
            continue;
        json_t *t = json_object();
        json_object_set_new(t, "unit", unit_json(d, u));
        json_object_set_new(t, "tosses", json_boolean(c->cu[u] & PWG_CU_TOSSES));
        json_object_set_new(t, "result", !(c->cu[u] & PWG_CU_TOSSED) ? json_null()
                                         : json_string(c->cu[u] & PWG_CU_HEAD ? "H" : "T"));
        json_object_set_new(t, "head_left", json_boolean(c->cu[u] & PWG_CU_LEFT));
        json_object_set_new(t, "may_cancel", json_boolean(c->cu[u] & PWG_CU_CANCEL));
        json_array_append_new(tosses, t);
        if (c->dmg[u]) {
            json_t *dm = json_object();
            json_object_set_new(dm, "unit", unit_json(d, u));
            json_object_set_new(dm, "count", json_integer(c->dmg[u]));
            json_array_append_new(dmg, dm);
        }
    }
    json_object_set_new(o, "tosses", tosses);
    json_object_set_new(o, "damage", dmg);
    json_t *heads = json_array();
    for (int f = 0; f < d->nforces; f++) {
        if (!((c->forces >> f) & 1))
            continue;
        json_t *h = json_object();
        json_object_set_new(h, "force", json_integer(f + 1));
        json_object_set_new(h, "thrown", json_integer(c->heads[f]));
        json_object_set_new(h, "left", json_integer(pwg_combat_heads_left(d, s, f)));
        json_array_append_new(heads, h);
    }
    json_object_set_new(o, "heads", heads);
    json_t *order = json_array();
    for (int i = 0; i < c->norder; i++)
        json_array_append_new(order, json_integer(c->order[i] + 1));
    json_object_set_new(o, "rotation", order);
    if (s->stage == PWG_S_SPEND)
        json_object_set_new(o, "to_spend", json_integer(pwg_combat_spender(s) + 1));
    if (c->last_unit != PWG_NONE) {
        json_t *l = json_object();
        json_object_set_new(l, "unit", unit_json(d, c->last_unit));
        json_object_set_new(l, "by", json_integer(c->last_by + 1));
        json_object_set_new(l, "before", json_string(pwg_cond_name(c->last_prev)));
        json_object_set_new(o, "last_damage", l);
    } else {
        json_object_set_new(o, "last_damage", json_null());
    }
    return o;
}

json_t *pwg_to_json(const void *data, const void *st, int viewer)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    json_t *o = json_object();
    char buf[256];
    json_object_set_new(o, "rules", json_string("pocket-wargame"));
    json_object_set_new(o, "scenario", json_string(d->scenario));
    json_object_set_new(o, "turn", json_integer(s->turn));
    json_object_set_new(o, "phase", json_string(pwg_phase_name(s->phase)));
    json_object_set_new(o, "stage", json_string(pwg_stage_name(s->stage)));
    json_object_set_new(o, "first", s->turn > 0 ? json_integer(s->first + 1) : json_null());
    int cp = pwg_current_player(d, s);
    json_object_set_new(o, "current_player", json_integer(cp));
    json_object_set_new(o, "to_act", cp >= 0 ? json_integer(cp + 1)
                                    : cp == ENG_CHANCE ? json_string("chance") : json_null());
    pwg_status_text(d, s, buf, sizeof buf);
    json_object_set_new(o, "status", json_string(buf));
    json_object_set_new(o, "alliances", json_boolean(d->alliances));
    json_object_set_new(o, "forces", forces_json(d, s, viewer));
    json_object_set_new(o, "board", board_json(d, s));
    json_object_set_new(o, "units", units_json(d, s, viewer));
    if (s->stage == PWG_S_DEPLOY) {
        json_t *dep = json_object();
        json_object_set_new(dep, "round", json_integer(s->deploy_round));
        json_t *done = json_array();
        for (int f = 0; f < d->nforces; f++)
            if ((s->deploy_done >> f) & 1)
                json_array_append_new(done, json_integer(f + 1));
        json_object_set_new(dep, "placed_this_round", done);
        json_object_set_new(o, "deployment", dep);
    }
    json_object_set_new(o, "combat", s->stage == PWG_S_TOSS || s->stage == PWG_S_SPEND
                                         ? combat_json(d, s) : json_null());
    if (s->stage == PWG_S_OVER) {
        json_t *w = json_array();
        for (int f = 0; f < d->nforces; f++)
            if ((s->winners >> f) & 1)
                json_array_append_new(w, json_integer(f + 1));
        json_object_set_new(o, "winners", w);
        pwg_result_text(d, s, buf, sizeof buf);
        json_object_set_new(o, "result", json_string(buf));
    }
    json_object_set_new(o, "viewer", viewer == ENG_VIEW_ALL ? json_string("all")
                                                            : json_integer(viewer + 1));
    if (viewer == ENG_VIEW_ALL)
        json_object_set_new(o, "internal", pwg_internal_json(d, s));   /* pwg_position.c */
    return o;
}
