/*
 * pkb_json.c - a Pocket Battles position as JSON, as one viewer may see it.
 *
 * Until the reveal an army is a secret from the other player: while armies
 * are being built, nothing of the other army shows (not even how many
 * units); afterwards each of its stacks shows its place, its height and
 * its top troop only. ENG_VIEW_ALL sees everything. Players are numbered
 * from 1; "current_player" is the engine's 0-based number.
 */
#include <string.h>
#include "pkb.h"

static json_t *faces_json(const uint8_t *faces)
{
    json_t *a = json_array();
    for (int f = 1; f <= 6; f++)
        for (int k = 0; k < faces[f]; k++)
            json_array_append_new(a, json_integer(f));
    return a;
}

static json_t *troop_json(const pkb_data *d, const pkb_state *s, int p, int t)
{
    const pkb_troop_def *td = pkb_def(d, p, t);
    json_t *o = json_object();
    json_object_set_new(o, "code", json_string(td->code));
    json_object_set_new(o, "name", json_string(td->name));
    json_object_set_new(o, "engagement", faces_json(td->eng));
    json_object_set_new(o, "shooting", faces_json(td->shoot));
    json_object_set_new(o, "wound_points", json_integer(td->wp));
    json_object_set_new(o, "wounds", json_integer(s->side[p].wounds[t]));
    json_object_set_new(o, "points", json_integer(td->points));
    json_object_set_new(o, "formation", json_integer(td->formation));
    json_t *tr = json_array();
    for (int k = 0; k < d->ntraits; k++)
        if ((td->traits >> k) & 1)
            json_array_append_new(tr, json_string(d->trait[k].name));
    json_object_set_new(o, "traits", tr);
    return o;
}

static json_t *label_json(int g)
{
    char l[8];
    pkb_label(g, l, sizeof l);
    return json_string(l);
}

static json_t *unit_json(const pkb_data *d, const pkb_state *s, int p, int u, int level)
{
    int g = pkb_global(p, u);
    const pkb_unit *un = &s->side[p].unit[u];
    json_t *o = json_object();
    char z[16];
    json_object_set_new(o, "label", label_json(g));
    if (un->zone != PKB_NONE) {
        pkb_zone_name(p, un->zone, z, sizeof z);
        json_object_set_new(o, "zone", json_string(z));
        json_object_set_new(o, "column", json_integer(pkb_zcol(un->zone)));
    } else {
        json_object_set_new(o, "zone", json_null());
        json_object_set_new(o, "column", json_null());
    }
    json_object_set_new(o, "destroyed", json_boolean(un->troops == 0));
    json_object_set_new(o, "orders", json_integer(un->orders));
    json_object_set_new(o, "height", json_integer(pkb_popcount(un->troops)));
    json_t *contacts = json_array();
    if (un->troops) {
        uint8_t c[PKB_MAX_UNITS + 1];
        int nc = pkb_contacts(s, g, c);
        for (int i = 0; i < nc; i++)
            json_array_append_new(contacts, label_json(c[i]));
    }
    json_object_set_new(o, "contacts", contacts);
    json_t *troops = json_array();
    if (level == PKB_HIDE_BELOW_TOP) {
        json_array_append_new(troops, troop_json(d, s, p, un->top));
        json_object_set_new(o, "hidden_troops", json_integer(pkb_popcount(un->troops) - 1));
    } else {
        /* the top first, then the others in tile order */
        if ((un->troops >> un->top) & 1)
            json_array_append_new(troops, troop_json(d, s, p, un->top));
        for (uint32_t m = un->troops; m; m &= m - 1)
            if (pkb_ctz(m) != un->top)
                json_array_append_new(troops, troop_json(d, s, p, pkb_ctz(m)));
    }
    json_object_set_new(o, "troops", troops);
    return o;
}

static json_t *player_json(const pkb_data *d, const pkb_state *s, int p, int viewer)
{
    const pkb_side *sd = &s->side[p];
    const pkb_player *pl = &d->pl[p];
    int level = pkb_hidden_level(s, viewer, p);
    json_t *o = json_object();
    json_object_set_new(o, "number", json_integer(p + 1));
    json_object_set_new(o, "name", json_string(pl->name));
    json_object_set_new(o, "colour", json_string(pl->colour));
    json_object_set_new(o, "faction", json_string(pl->fac.key));
    json_object_set_new(o, "faction_name", json_string(pl->fac.name));
    json_object_set_new(o, "army", pl->ready ? json_string(pl->army) : json_string("built in play"));
    json_object_set_new(o, "built", json_boolean(sd->built));
    bool secret = level != PKB_HIDE_NONE;
    json_object_set_new(o, "army_points", secret ? json_null() : json_integer(sd->points));
    json_object_set_new(o, "points_lost", json_integer(sd->lost));
    json_object_set_new(o, "points_destroyed", json_integer(s->side[1 - p].lost));
    int orders, wounds;
    pkb_tokens_in_use(s, p, &orders, &wounds);
    json_t *tk = json_object();
    json_object_set_new(tk, "total", json_integer(d->tokens));
    json_object_set_new(tk, "unused", json_integer(sd->unused));
    json_object_set_new(tk, "orders", json_integer(orders));
    json_object_set_new(tk, "wounds", json_integer(wounds));
    json_object_set_new(tk, "passed", json_integer(sd->passed));
    json_object_set_new(tk, "set_aside", json_integer(sd->aside_orders + sd->aside_wounds));
    json_object_set_new(o, "tokens", tk);
    if (level == PKB_HIDE_ALL) {
        json_object_set_new(o, "units", json_null());
        json_object_set_new(o, "units_to_deploy", json_null());
    } else {
        json_t *units = json_array();
        for (int u = 0; u < sd->nunits; u++)
            json_array_append_new(units, unit_json(d, s, p, u, level));
        json_object_set_new(o, "units", units);
        json_object_set_new(o, "units_to_deploy", json_integer(sd->nunits - sd->deployed));
    }
    json_t *dead = json_array();
    for (uint32_t m = sd->dead; m; m &= m - 1)
        json_array_append_new(dead, json_string(pkb_def(d, p, pkb_ctz(m))->code));
    json_object_set_new(o, "destroyed_troops", dead);
    return o;
}

static json_t *resolution_json(const pkb_state *s)
{
    static const char *const procs[] = {"none", "charge", "fight", "leave", "shoot", "hex",
                                        "rally"};
    static const char *const stages[] = {"none", "choose target", "shooting", "first strike",
                                         "strike back", "free strike", "reaction shooting"};
    json_t *o = json_object();
    json_object_set_new(o, "action", json_string(procs[s->proc]));
    json_object_set_new(o, "step", json_string(stages[s->stage]));
    json_object_set_new(o, "charger", s->charger != PKB_NONE ? label_json(s->charger) : json_null());
    json_object_set_new(o, "striker", s->striker != PKB_NONE ? label_json(s->striker) : json_null());
    json_object_set_new(o, "target", s->target != PKB_NONE ? label_json(s->target) : json_null());
    if (s->phase == PKB_PH_DICE || s->phase == PKB_PH_WOUND) {
        json_object_set_new(o, "dice", json_integer(s->nrolled + s->dice_left));
        json_object_set_new(o, "charge_dice", json_integer(s->charge_die));
        json_t *r = json_array();
        for (int i = 0; i < s->nrolled; i++)
            json_array_append_new(r, json_integer(s->rolled[i]));
        json_object_set_new(o, "rolled", r);
        json_object_set_new(o, "hits", json_integer(s->hits));
    }
    if (s->phase == PKB_PH_WOUND) {
        json_t *q = json_array();
        for (int i = s->wq_pos; i < s->wq_len; i++) {
            if (!s->wq_hits[i] || !pkb_alive(s, s->wq_unit[i]))
                continue;
            json_t *e = json_object();
            json_object_set_new(e, "unit", label_json(s->wq_unit[i]));
            json_object_set_new(e, "hits", json_integer(s->wq_hits[i]));
            json_array_append_new(q, e);
        }
        json_object_set_new(o, "hits_to_assign", q);
    }
    return o;
}

json_t *pkb_to_json(const void *data, const void *st, int viewer)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    json_t *o = json_object();
    char buf[256];
    json_object_set_new(o, "rules", json_string("pocket-battles"));
    json_object_set_new(o, "scenario", json_string(d->scenario));
    json_object_set_new(o, "size", json_integer(d->size));
    json_object_set_new(o, "round", json_integer(s->round));
    json_object_set_new(o, "turn", json_integer(s->round ? s->turn : 0));
    json_object_set_new(o, "phase", json_string(pkb_phase_name(s->phase)));
    int cp = pkb_current_player(d, s);
    json_object_set_new(o, "current_player", json_integer(cp));
    json_object_set_new(o, "to_act", cp >= 0 ? json_integer(cp + 1)
                                    : cp == ENG_CHANCE ? json_string("chance") : json_null());
    pkb_status_text(d, s, buf, sizeof buf);
    json_object_set_new(o, "status", json_string(buf));
    json_object_set_new(o, "attacker", s->attacker != PKB_NONE ? json_integer(s->attacker + 1)
                                                               : json_null());
    json_t *roll = json_array();
    for (int i = 0; i < 2; i++)
        if (s->roll[i])
            json_array_append_new(roll, json_integer(s->roll[i]));
    json_object_set_new(o, "attacker_roll", roll);
    bool battle = pkb_revealed(s);
    json_object_set_new(o, "first", battle && s->first != PKB_NONE ? json_integer(s->first + 1)
                                                                    : json_null());
    json_object_set_new(o, "active", battle && s->active < PKB_SIDES ? json_integer(s->active + 1)
                                                                      : json_null());
    json_object_set_new(o, "redeployed", battle && s->redeployed != PKB_NONE
                                             ? label_json(s->redeployed) : json_null());
    json_object_set_new(o, "special_actions", json_string(!battle ? "not yet"
                                                          : pkb_special_barred(d, s) ? "barred"
                                                          : "allowed"));
    json_object_set_new(o, "round_limit", json_integer(d->max_rounds));
    json_t *pls = json_array();
    for (int p = 0; p < PKB_SIDES; p++)
        json_array_append_new(pls, player_json(d, s, p, viewer));
    json_object_set_new(o, "players", pls);
    json_object_set_new(o, "resolution", s->proc != PKB_P_NONE ? resolution_json(s) : json_null());
    if (s->phase == PKB_PH_OVER) {
        json_object_set_new(o, "winner", json_integer(s->winner + 1));
        pkb_result_text(d, s, buf, sizeof buf);
        json_object_set_new(o, "result", json_string(buf));
    }
    json_object_set_new(o, "viewer", viewer == ENG_VIEW_ALL ? json_string("all")
                                                            : json_integer(viewer + 1));
    if (viewer == ENG_VIEW_ALL)
        json_object_set_new(o, "internal", pkb_internal_json(d, s));   /* pkb_position.c */
    return o;
}
