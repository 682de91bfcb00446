/*
 * pwg_render.c - drawing a Pocket Wargame position for a terminal.
 *
 * The battlefield as player 1 sees it (row 1 at the bottom), column letters
 * and row numbers on the edges. Each card is a cell: its first line the
 * card code, a '*' on a fight in progress, and the terrain; then one line per coin ("1:HI1" steady, "1:hi1~"
 * wavering). With colour the cell takes its terrain's background colour
 * and coins their force's colour (bold steady, dim wavering); without, the
 * same text in plain ASCII. Below: the key to these marks, a legend, the
 * forces and their coins, during deployment the coins each force has still
 * to place, the combat in progress, and the status line. 9 columns fit in 94
 * characters.
 */
#include <ctype.h>
#include <string.h>
#include "pwg.h"
#include "svg.h"

#define CELL 9   /* characters inside a cell */

static void fg(FILE *out, bool color, const char *name)
{
    if (color)
        fprintf(out, "\033[38;5;%dm", svg_colour_term(name));
}

static void bg(FILE *out, bool color, const char *name)
{
    if (color)
        fprintf(out, "\033[48;5;%dm\033[38;5;16m", svg_colour_term(name));
}

static void reset(FILE *out, bool color)
{
    if (color)
        fputs("\033[0m", out);
}

/* The units visible at loc, in unit order, into list; returns the count. */
static int units_at(const pwg_data *d, const pwg_state *s, int loc, int viewer, int *list)
{
    int n = 0;
    for (int u = 0; u < d->nunits; u++)
        if (PWG_ON_MAP(s->cond[u]) && s->loc[u] == loc && pwg_visible(d, s, u, viewer))
            list[n++] = u;
    return n;
}

static void coin_label(const pwg_data *d, const pwg_state *s, int u, char *buf, size_t n)
{
    char lab[16];
    pwg_unit_ref(d, u, d->unit[u].force, lab, sizeof lab);
    if (s->cond[u] == PWG_WAVERING) {
        for (char *p = lab; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        snprintf(buf, n, "%d:%s~", d->unit[u].force + 1, lab);
    } else {
        snprintf(buf, n, "%d:%s", d->unit[u].force + 1, lab);
    }
}

static void rule_line(const pwg_data *d, FILE *out)
{
    fputs("   +", out);
    for (int x = 0; x < d->w; x++) {
        for (int i = 0; i < CELL; i++)
            fputc('-', out);
        fputc('+', out);
    }
    fputc('\n', out);
}

static void draw_board(const pwg_data *d, const pwg_state *s, int viewer, bool color, FILE *out)
{
    fputs("    ", out);
    for (int x = 0; x < d->w; x++)
        fprintf(out, "%-*c", CELL + 1, 'a' + x);
    fputc('\n', out);
    rule_line(d, out);
    int combat_loc = (s->stage == PWG_S_TOSS || s->stage == PWG_S_SPEND) ? s->combat.loc : -1;
    for (int y = d->h - 1; y >= 0; y--) {
        int lines = 1;
        int list[PWG_MAX_W][PWG_MAX_UNITS];
        int cnt[PWG_MAX_W];
        for (int x = 0; x < d->w; x++) {
            cnt[x] = units_at(d, s, y * d->w + x, viewer, list[x]);
            if (cnt[x] > lines)
                lines = cnt[x];
        }
        for (int line = 0; line <= lines; line++) {
            if (line == 0)
                fprintf(out, "%2d |", y + 1);
            else
                fputs("   |", out);
            for (int x = 0; x < d->w; x++) {
                int loc = y * d->w + x;
                bool dealt = !(d->deal && s->stage == PWG_S_DEAL && loc >= s->deal_next);
                const pwg_terrain *t = pwg_terrain_at(d, s, loc);
                char text[32];
                if (!dealt) {
                    snprintf(text, sizeof text, "%s", line == 0 ? "  (deck)" : "");
                } else if (line == 0) {
                    const char *code = s->card[loc] != PWG_NONE ? d->card[s->card[loc]].code : "";
                    snprintf(text, sizeof text, "%-3s%c%-5.5s", code,
                             loc == combat_loc ? '*' : ' ', t->name);
                } else if (line - 1 < cnt[x]) {
                    coin_label(d, s, list[x][line - 1], text, sizeof text);
                } else {
                    text[0] = '\0';
                }
                if (dealt)
                    bg(out, color, t->colour);
                if (line > 0 && line - 1 < cnt[x] && color) {
                    int u = list[x][line - 1];
                    fputs(s->cond[u] == PWG_STEADY ? "\033[1m" : "\033[2m", out);
                    fg(out, color, d->force[d->unit[u].force].colour);
                }
                fprintf(out, "%-*.*s", CELL, CELL, text);
                reset(out, color);
                fputc('|', out);
            }
            fprintf(out, line == 0 ? " %d\n" : "\n", y + 1);
        }
        rule_line(d, out);
    }
    fputs("    ", out);
    for (int x = 0; x < d->w; x++)
        fprintf(out, "%-*c", CELL + 1, 'a' + x);
    fputc('\n', out);
}

static void draw_legend(const pwg_data *d, const pwg_state *s, bool color, FILE *out)
{
    /* terrain types on the board */
    bool used[PWG_MAX_TERRAINS] = {false};
    for (int loc = 0; loc < d->nlocs; loc++)
        used[s->terr[loc]] = true;
    fputs("Terrain:", out);
    bool first = true;
    for (int t = 0; t < d->nterrain; t++) {
        if (!used[t])
            continue;
        const pwg_terrain *tt = &d->terrain[t];
        fputs(first ? " " : ", ", out);
        first = false;
        bg(out, color, tt->colour);
        fprintf(out, "%s", tt->name);
        reset(out, color);
        char tags[96] = "";
        size_t len = 0;
        if (tt->elevation)
            len += (size_t)snprintf(tags + len, sizeof tags - len, ", elevation %d", tt->elevation);
        static const struct { int flag; const char *name; } shown[] = {
            {PWG_TF_STEEP, "steep"}, {PWG_TF_HIGH, "highland"}, {PWG_TF_COVER, "cover"},
            {PWG_TF_LAKE, "impassable"},
        };
        for (size_t i = 0; i < sizeof shown / sizeof shown[0] && len < sizeof tags; i++)
            if (tt->flags & shown[i].flag)
                len += (size_t)snprintf(tags + len, sizeof tags - len, ", %s", shown[i].name);
        if (tags[0])
            fprintf(out, " (%s)", tags + 2);
    }
    fputc('\n', out);
    for (int f = 0; f < d->nforces; f++) {
        const pwg_force *fo = &d->force[f];
        const pwg_coinset *cs = &d->coinset[fo->coins];
        if (color)
            fputs("\033[1m", out);
        fg(out, color, fo->colour);
        fprintf(out, "%d %s", f + 1, fo->name);
        reset(out, color);
        fprintf(out, " (%s):", cs->title);
        /* coin names for the types this force has */
        bool has[PWG_MAX_TYPES] = {false};
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
            has[d->unit[u].type] = true;
        first = true;
        for (int t = 0; t < d->ntypes; t++) {
            if (!has[t])
                continue;
            int u = fo->first_unit;
            while (d->unit[u].type != t)
                u++;
            fprintf(out, "%s %s %s", first ? "" : ",", d->type[t].code, pwg_coin_name(d, u, !color));
            first = false;
        }
        fprintf(out, "; strength %d", pwg_strength(d, s, f));
        if (d->scores_points)
            fprintf(out, ", points %d", s->points[f]);
        if (d->alliances) {
            fputs(", allied with:", out);
            bool any = false;
            for (int g = 0; g < d->nforces; g++)
                if (g != f && !pwg_opposed(s, f, g)) {
                    fprintf(out, " %s", d->force[g].name);
                    any = true;
                }
            if (!any)
                fputs(" none", out);
        }
        fputc('\n', out);
    }
}

/* Is the hit just dealt still pending: may the force deciding now cancel it? */
static bool hit_pending(const pwg_data *d, const pwg_state *s)
{
    if (s->stage != PWG_S_SPEND || s->combat.last_unit == PWG_NONE)
        return false;
    eng_action acts[ENG_MAX_ACTIONS];
    int n = pwg_combat_legal(d, s, acts);
    for (int i = 0; i < n; i++)
        if (PWG_KIND(acts[i]) == PWG_A_CANCEL)
            return true;
    return false;
}

static void draw_combat(const pwg_data *d, const pwg_state *s, FILE *out)
{
    const pwg_combat *c = &s->combat;
    char l[8], r[24];
    pwg_loc_name(d, c->loc, l, sizeof l);
    if (c->kind == PWG_CB_MELEE) {
        fprintf(out, "Melee at %s:", l);
    } else {
        char r2[24];
        pwg_unit_ref(d, c->shooter, -1, r, sizeof r);
        pwg_unit_ref(d, c->target, -1, r2, sizeof r2);
        fprintf(out, "Ranged combat: %s shoots at %s (%s):", r, r2, l);
    }
    bool first = true;
    for (int u = 0; u < d->nunits; u++) {
        if (!(c->cu[u] & PWG_CU_IN))
            continue;
        fputs(first ? "" : ",", out);
        first = false;
        pwg_unit_ref(d, u, -1, r, sizeof r);
        const char *res = !(c->cu[u] & PWG_CU_TOSSES) ? "no toss"
                        : !(c->cu[u] & PWG_CU_TOSSED) ? "?"
                        : !(c->cu[u] & PWG_CU_HEAD) ? "T"
                        : (c->cu[u] & PWG_CU_LEFT) ? "H" : "h(spent)";
        fprintf(out, " %s %s%s", r, res, (c->cu[u] & PWG_CU_CANCEL) ? " (may cancel)" : "");
        if (c->dmg[u])
            fprintf(out, " [%d damage]", c->dmg[u]);
    }
    fputc('\n', out);
    if (s->stage == PWG_S_SPEND) {
        fputs("  heads left:", out);
        for (int i = 0; i < c->norder; i++)
            fprintf(out, " %s %d", d->force[c->order[i]].name,
                    pwg_combat_heads_left(d, s, c->order[i]));
        if (c->last_unit != PWG_NONE && !hit_pending(d, s)) {
            pwg_unit_ref(d, c->last_unit, -1, r, sizeof r);
            fprintf(out, "; %s just damaged %s (was %s)", d->force[c->last_by].name, r,
                    pwg_cond_name(c->last_prev));
        } else if (c->last_unit != PWG_NONE) {
            pwg_unit_ref(d, c->last_unit, -1, r, sizeof r);
            fprintf(out, "; %s just hit %s: the hit is pending, so the board shows it %s "
                    "until the hit is cancelled or accepted (then %s)",
                    d->force[c->last_by].name, r, pwg_cond_name(c->last_prev),
                    pwg_cond_name(s->cond[c->last_unit]));
        }
        fputc('\n', out);
    }
}

/* What every mark on the board means. */
static void draw_key(const pwg_data *d, const pwg_state *s, FILE *out)
{
    fputs("Key: a card shows its code (QS: queen of spades), * while a fight is on there, and "
          "its terrain;\n     coins F:HC1 force F's HC1 steady (heads up), F:hc1~ wavering "
          "(tails up)",
          out);
    if (d->deal && s->stage == PWG_S_DEAL)
        fputs("; (deck) not dealt yet", out);
    fputc('\n', out);
}

/* During deployment: the coins each force still has to place, as viewer
 * may know them (another force's coins placed this round but not yet
 * shown count as still to place). */
static void draw_to_place(const pwg_data *d, const pwg_state *s, int viewer, FILE *out)
{
    for (int f = 0; f < d->nforces; f++) {
        const pwg_force *fo = &d->force[f];
        int left[PWG_MAX_TYPES] = {0}, total = 0;
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
            if (s->cond[u] == PWG_UNPLACED || !pwg_visible(d, s, u, viewer)) {
                left[d->unit[u].type]++;
                total++;
            }
        fprintf(out, "%d %s to place:", f + 1, fo->name);
        if (!total)
            fputs(" none", out);
        for (int t = 0, first = 1; t < d->ntypes; t++)
            if (left[t]) {
                fprintf(out, "%s %d %s", first ? "" : ",", left[t], d->type[t].code);
                first = 0;
            }
        fputc('\n', out);
    }
}

void pwg_render(const void *data, const void *st, int viewer, bool color, FILE *out)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    char buf[256];
    fprintf(out, "Pocket Wargame: %s\n", d->title[0] ? d->title : d->scenario);
    /* a hit that may still be cancelled is pending: the unit stands as it was */
    pwg_state shown = *s;
    if (hit_pending(d, s))
        shown.cond[s->combat.last_unit] = s->combat.last_prev;
    draw_board(d, &shown, viewer, color, out);
    draw_key(d, &shown, out);
    draw_legend(d, &shown, color, out);
    if (s->stage == PWG_S_DEPLOY)
        draw_to_place(d, s, viewer, out);
    if (s->stage == PWG_S_DEPLOY && viewer != ENG_VIEW_ALL && s->hidden) {
        int hidden = 0;
        for (int u = 0; u < d->nunits; u++)
            hidden += !pwg_visible(d, s, u, viewer);
        if (hidden)
            fprintf(out, "%d coin%s placed this round not shown yet\n", hidden, hidden == 1 ? "" : "s");
    }
    if (s->stage == PWG_S_TOSS || s->stage == PWG_S_SPEND)
        draw_combat(d, s, out);
    pwg_status_text(d, s, buf, sizeof buf);
    fprintf(out, "%s\n", buf);
}
