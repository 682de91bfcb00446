/*
 * pkb_brief.c - Pocket Battles' scenario briefing, generated from the
 * loaded game data (the battle's size and tokens, each army's units and
 * points, half of them to destroy, the round limit, who attacks, the
 * special-action rule), and the standing line: the round out of the
 * limit and the points each side has destroyed against the half needed.
 */
#include <string.h>
#include "english.h"
#include "pkb.h"

static void sentence(json_t *arr, const char *text)
{
    json_array_append_new(arr, json_string(text));
}

/* A ready-made army's deployment points, or 0 when it is built in play. */
static int army_points(const pkb_data *d, int p)
{
    const pkb_player *pl = &d->pl[p];
    if (!pl->ready)
        return 0;
    int pts = 0;
    for (int u = 0; u < pl->nunits; u++)
        for (int k = 0; k < pl->usize[u]; k++)
            pts += pl->fac.troop[pl->utroop[u][k]].points;
    return pts;
}

static json_t *side_json(const pkb_data *d, int p)
{
    const pkb_player *pl = &d->pl[p];
    json_t *forces = json_array();
    char line[600];
    int pts = army_points(d, p);
    if (!pl->ready) {
        snprintf(line, sizeof line, "Builds its army in play from the %s tiles (%d of them), up "
                 "to %d points", pl->fac.name, pl->fac.ntroops, d->size);
        sentence(forces, line);
    } else {
        snprintf(line, sizeof line, "%s army %s: %d units, %d points", pl->fac.name, pl->army,
                 pl->nunits, pts);
        sentence(forces, line);
        for (int u = 0; u < pl->nunits; u++) {
            char l[8];
            pkb_label(pkb_global(p, u), l, sizeof l);
            snprintf(line, sizeof line, "%s:", l);
            int upts = 0;
            for (int k = 0; k < pl->usize[u]; k++) {
                const pkb_troop_def *t = &pl->fac.troop[pl->utroop[u][k]];
                eng_text_add(line, sizeof line, "%s %s (%s)", k ? "," : "", t->name, t->code);
                upts += t->points;
            }
            eng_text_add(line, sizeof line, "; %d points", upts);
            if (pl->placed) {
                char z[16];
                pkb_zone_name(p, pl->uzone[u], z, sizeof z);
                eng_text_add(line, sizeof line, ", placed at %s", z);
            }
            sentence(forces, line);
        }
    }
    return json_pack("{s:s,s:i,s:o,s:i,s:i}", "name", pl->name, "number", p + 1, "forces",
                     forces, "points", pts, "half", (pts + 1) / 2);
}

json_t *pkb_briefing(const void *data)
{
    const pkb_data *d = data;
    json_t *victory = json_array(), *special = json_array(), *sides = json_array();
    char line[600];
    sentence(victory, "At the end of a round, a side that has destroyed half or more of the "
                      "enemy army's deployment points wins");
    for (int p = 0; p < PKB_SIDES; p++) {
        int pts = army_points(d, p);
        if (pts) {
            const char *name = d->pl[p].name;
            size_t len = strlen(name);
            snprintf(line, sizeof line, "%s%s army is worth %d points: %s must destroy %d",
                     name, len && name[len - 1] == 's' ? "'" : "'s", pts, d->pl[1 - p].name,
                     (pts + 1) / 2);
            sentence(victory, line);
        }
    }
    sentence(victory, "If both sides have, the one that destroyed more points wins; equal "
                      "points, the defender");
    if (d->max_rounds) {
        snprintf(line, sizeof line, "After round %d the side that destroyed more points wins; "
                 "equal points, the defender", d->max_rounds);
        sentence(victory, line);
    }
    for (int p = 0; p < PKB_SIDES; p++)
        json_array_append_new(sides, side_json(d, p));
    snprintf(line, sizeof line, "The battle is of %d points: each side has %d order/wound "
             "tokens", d->size, d->tokens);
    sentence(special, line);
    if (d->attacker >= 0)
        snprintf(line, sizeof line, "%s %s the attacker: %s first and %s the first "
                 "turn of odd rounds", d->pl[d->attacker].name,
                 eng_verb(d->pl[d->attacker].name, "is", "are"),
                 eng_verb(d->pl[d->attacker].name, "it places", "they place"),
                 eng_verb(d->pl[d->attacker].name, "takes", "take"));
    else
        snprintf(line, sizeof line, "A die each decides the attacker (the higher), who places "
                 "first and takes the first turn of odd rounds");
    sentence(special, line);
    sentence(special, d->special_round ? "Special actions are barred in the attacker's whole "
                                         "first round (the Russian edition)"
                                       : "Special actions are barred in the attacker's very "
                                         "first turn");
    json_t *limit = d->max_rounds ? json_pack("{s:s,s:i}", "kind", "rounds", "count",
                                              d->max_rounds)
                                  : json_null();
    /* a battle counts its length in rounds, with a limit or without one */
    return json_pack("{s:s,s:s,s:o,s:s,s:o,s:o,s:o,s:i,s:i,s:i}", "title",
                     d->title[0] ? d->title : d->scenario, "description", d->description,
                     "limit", limit, "length_unit", "rounds", "victory", victory, "sides",
                     sides, "special", special, "round_limit", d->max_rounds, "size", d->size,
                     "tokens", d->tokens);
}

void pkb_standing(const void *data, const void *st, char *buf, size_t n)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    buf[0] = '\0';
    if (s->round == 0 || !pkb_revealed(s)) {
        if (d->max_rounds)
            eng_text_add(buf, n, "%d rounds; ", d->max_rounds);
        eng_text_add(buf, n, "to win, destroy half the enemy army's points");
        return;
    }
    if (d->max_rounds)
        eng_text_add(buf, n, "round %d of %d; ", s->round, d->max_rounds);
    else
        eng_text_add(buf, n, "round %d; ", s->round);
    eng_text_add(buf, n, "destroyed (half needed)");
    for (int p = 0; p < PKB_SIDES; p++) {
        const pkb_side *e = &s->side[1 - p];
        eng_text_add(buf, n, "%s %s %d (%d)", p ? "," : "", d->pl[p].name, e->lost,
                     (e->points + 1) / 2);
    }
}
