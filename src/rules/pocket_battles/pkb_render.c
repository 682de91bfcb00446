/*
 * pkb_render.c - drawing a Pocket Battles position for a terminal, as one
 * viewer sees it.
 *
 * First the traits met on the board, then each army: its points, the
 * points it destroyed against half of the enemy's, its tokens (unused,
 * orders, wounds, set aside), and each unit with its zone, its orders and
 * one line per troop (tile code, name, engagement and shooting dice,
 * wounds against wound points, points, formation value, traits). A stack
 * the viewer may not look into shows its top troop and how many lie under
 * it. While building, the builder also sees the faction's troops. Then a
 * key to the marks and, last, just above the status line (so that it
 * stays on a 100x40 screen with the prompt and its list), the
 * battlefield: three sectors across, five zones down, the viewer's own
 * half at the bottom (player 1's for the omniscient view), each sector
 * named as each player sees it. A zone lists its units by label; an
 * engagement zone shows who fights whom ("A2+A4xB1"), and a charger still
 * choosing its target with a "!". Then what is being resolved and the
 * status line. Colour (player colours, wounds in yellow) only when asked.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "english.h"
#include "pkb.h"
#include "svg.h"

typedef struct pen {
    FILE *out;
    bool color;
} pen;

static void fg(const pen *pn, const char *colour)
{
    if (pn->color)
        fprintf(pn->out, "\033[1;38;5;%dm", svg_colour_term(colour));
}

static void reset(const pen *pn)
{
    if (pn->color)
        fputs("\033[0m", pn->out);
}

/* snprintf where a cut-short text is fine (labels in a cell) */
static void textf(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void textf(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
}

#define CELL 20
#define MAX_LINES 12

/* the items of one zone as the viewer sees them */
static int zone_items(const pkb_state *s, int z, char items[][64])
{
    int n = 0;
    if (pkb_zrow(z) != 2) {
        int p = pkb_zrow(z) < 2 ? 0 : 1;
        const pkb_side *sd = &s->side[p];
        for (int u = 0; u < sd->nunits; u++)
            if (sd->unit[u].zone == z && n < MAX_LINES * 3)
                pkb_label(pkb_global(p, u), items[n++], 64);
        return n;
    }
    /* engagement zone: each star once, from its centre */
    bool done[PKB_SIDES * PKB_MAX_UNITS] = {false};
    for (int p = 0; p < PKB_SIDES; p++)
        for (int u = 0; u < s->side[p].nunits; u++) {
            int g = pkb_global(p, u);
            if (s->side[p].unit[u].zone != z || done[g] || n >= MAX_LINES * 3)
                continue;
            uint8_t c[PKB_MAX_UNITS + 1];
            int nc = pkb_contacts(s, g, c);
            char l[8];
            pkb_label(g, l, sizeof l);
            if (nc == 0) {
                snprintf(items[n++], 64, "%s!", l);
                done[g] = true;
                continue;
            }
            int centre = nc == 1 ? c[0] : g;
            uint8_t all[PKB_MAX_UNITS + 1];
            int na = pkb_contacts(s, centre, all);
            char buf[64] = "";
            size_t len = 0;
            for (int i = 0; i < na; i++) {
                pkb_label(all[i], l, sizeof l);
                len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i ? "+" : "", l);
                done[all[i]] = true;
            }
            pkb_label(centre, l, sizeof l);
            done[centre] = true;
            /* player 1's side first */
            if (pkb_owner(centre) == 0)
                textf(items[n++], 64, "%sx%s", l, buf);
            else
                textf(items[n++], 64, "%sx%s", buf, l);
        }
    return n;
}

static void draw_field(const pkb_data *d, const pkb_state *s, int me, const pen *pn)
{
    int them = 1 - me;
    static const char *const secname[] = {"Left", "Centre", "Right"};
    /* columns left to right as `me` sees them */
    int cols[PKB_COLS];
    for (int i = 0; i < PKB_COLS; i++)
        cols[i] = pkb_col_of(me, i);
    fprintf(pn->out, "%9s", "");
    fg(pn, d->pl[them].colour);
    fprintf(pn->out, "%s (player %d)", d->pl[them].name, them + 1);
    reset(pn);
    fputc('\n', pn->out);
    fprintf(pn->out, "%9s", "");
    for (int i = 0; i < PKB_COLS; i++)
        fprintf(pn->out, " %-*s", CELL, secname[pkb_sector_of(them, cols[i])]);
    fputc('\n', pn->out);
    static const char *const kinds[] = {"rear", "front", "engaged"};
    int order[5] = {PKB_REAR, PKB_FRONT, PKB_ENG, PKB_FRONT, PKB_REAR};
    for (int r = 0; r < 5; r++) {
        int p = r < 2 ? them : me;
        char items[PKB_COLS][MAX_LINES * 3][64];
        int ni[PKB_COLS], lines = 1;
        int lines_of[PKB_COLS][MAX_LINES] = {{0}};
        for (int i = 0; i < PKB_COLS; i++) {
            ni[i] = zone_items(s, pkb_zone(p, cols[i], order[r]), items[i]);
            /* pack items into lines of the cell */
            int line = 0, w = 0;
            for (int k = 0; k < ni[i]; k++) {
                int len = (int)strlen(items[i][k]);
                if (w && w + 1 + len > CELL - 1 && line < MAX_LINES - 1) {
                    line++;
                    w = 0;
                }
                w += (w ? 1 : 0) + len;
                lines_of[i][line]++;
            }
            if (line + 1 > lines)
                lines = line + 1;
        }
        int next[PKB_COLS] = {0};
        for (int line = 0; line < lines; line++) {
            fprintf(pn->out, "%8s |", line == 0 ? kinds[order[r]] : "");
            for (int i = 0; i < PKB_COLS; i++) {
                int w = 0;
                fputc(' ', pn->out);
                for (int k = 0; k < lines_of[i][line]; k++) {
                    const char *it = items[i][next[i]++];
                    if (w)
                        fputc(' ', pn->out);
                    int owner = it[0] == 'B';
                    if (order[r] != PKB_ENG)
                        fg(pn, d->pl[owner].colour);
                    fputs(it, pn->out);
                    reset(pn);
                    w += (w ? 1 : 0) + (int)strlen(it);
                }
                fprintf(pn->out, "%*s|", CELL - 1 - w > 0 ? CELL - 1 - w : 0, "");
            }
            fputc('\n', pn->out);
        }
        if (r == 1 || r == 2)
            fprintf(pn->out, "%9s%s\n", "", "+--------------------+--------------------+--------------------+");
    }
    fprintf(pn->out, "%9s", "");
    for (int i = 0; i < PKB_COLS; i++)
        fprintf(pn->out, " %-*s", CELL, secname[pkb_sector_of(me, cols[i])]);
    fputc('\n', pn->out);
    fprintf(pn->out, "%9s", "");
    fg(pn, d->pl[me].colour);
    fprintf(pn->out, "%s (player %d)", d->pl[me].name, me + 1);
    reset(pn);
    fputc('\n', pn->out);
}

static void troop_line(const pkb_data *d, const pkb_state *s, int p, int t, const char *note,
                       const pen *pn, uint32_t *traits_seen)
{
    const pkb_troop_def *td = pkb_def(d, p, t);
    char e[64], sh[64];
    pkb_faces_text(td->eng, e, sizeof e);
    pkb_faces_text(td->shoot, sh, sizeof sh);
    int w = s->side[p].wounds[t];
    fprintf(pn->out, "      %-6s %-24s E %-6s S %-6s ", td->code, td->name, e, sh);
    if (w && pn->color)
        fputs("\033[1;33m", pn->out);
    fprintf(pn->out, "WP %d/%d", td->wp - w, td->wp);
    if (w)
        reset(pn);
    fprintf(pn->out, " %2dpt F%d", td->points, td->formation);
    for (int k = 0; k < d->ntraits; k++)
        if ((td->traits >> k) & 1)
            fprintf(pn->out, " %s", d->trait[k].name);
    *traits_seen |= td->traits;
    fprintf(pn->out, "%s\n", note);
}

static void draw_army(const pkb_data *d, const pkb_state *s, int p, int viewer, const pen *pn,
                      uint32_t *traits_seen)
{
    const pkb_side *sd = &s->side[p];
    int level = pkb_hidden_level(s, viewer, p);
    int orders, wounds;
    pkb_tokens_in_use(s, p, &orders, &wounds);
    fg(pn, d->pl[p].colour);
    fprintf(pn->out, "%s", d->pl[p].name);
    reset(pn);
    fprintf(pn->out, " (player %d", p + 1);
    if (strcmp(d->pl[p].name, d->pl[p].fac.name) != 0)
        fprintf(pn->out, ", %s", d->pl[p].fac.name);
    fprintf(pn->out, "%s)", s->attacker == p ? ", attacker" : s->attacker == 1 - p ? ", defender" : "");
    if (level == PKB_HIDE_NONE && (sd->built || sd->army))
        fprintf(pn->out, ": army of %d %s, %d lost", sd->points,
                eng_noun(sd->points, "point", "points"), sd->lost);
    else if (level == PKB_HIDE_NONE)
        fprintf(pn->out, ": no army chosen yet");
    if (pkb_revealed(s))
        fprintf(pn->out, "; destroyed %d of the enemy's %d (half: %d)", s->side[1 - p].lost,
                s->side[1 - p].points, (s->side[1 - p].points + 1) / 2);
    fputc('\n', pn->out);
    fprintf(pn->out, "    tokens %d: %d unused, %d on orders (%d passed), %d on wounds, %d set aside\n",
            d->tokens, sd->unused, orders - sd->aside_orders, sd->passed, wounds - sd->aside_wounds,
            sd->aside_orders + sd->aside_wounds);
    if (level == PKB_HIDE_ALL) {
        fprintf(pn->out, "    %s\n", sd->built ? "army built in secret" : "building its army in secret");
        return;
    }
    for (int u = 0; u < sd->nunits; u++) {
        const pkb_unit *un = &sd->unit[u];
        if (!un->troops)
            continue;
        int g = pkb_global(p, u);
        char l[8], z[16];
        pkb_label(g, l, sizeof l);
        if (un->zone != PKB_NONE)
            pkb_zone_name(p, un->zone, z, sizeof z);
        else
            snprintf(z, sizeof z, "%s", sd->built ? "to deploy" : "forming");
        fprintf(pn->out, "    ");
        fg(pn, d->pl[p].colour);
        fprintf(pn->out, "%-3s", l);
        reset(pn);
        fprintf(pn->out, " %s", z);
        if (un->orders)
            fprintf(pn->out, ", orders %d", un->orders);
        uint8_t c[PKB_MAX_UNITS + 1];
        int nc = pkb_contacts(s, g, c);
        for (int i = 0; i < nc; i++) {
            char cl[8];
            pkb_label(c[i], cl, sizeof cl);
            fprintf(pn->out, "%s%s", i ? " " : ", fighting ", cl);
        }
        if (level == PKB_HIDE_BELOW_TOP && pkb_popcount(un->troops) > 1)
            fprintf(pn->out, ", a stack of %d: the top shows", pkb_popcount(un->troops));
        fputc('\n', pn->out);
        troop_line(d, s, p, un->top, "", pn, traits_seen);
        if (level == PKB_HIDE_BELOW_TOP)
            continue;
        for (uint32_t m = un->troops; m; m &= m - 1)
            if (pkb_ctz(m) != un->top)
                troop_line(d, s, p, pkb_ctz(m), "", pn, traits_seen);
    }
    if (sd->dead) {
        fprintf(pn->out, "    destroyed:");
        for (uint32_t m = sd->dead; m; m &= m - 1)
            fprintf(pn->out, " %s", pkb_def(d, p, pkb_ctz(m))->code);
        fputc('\n', pn->out);
    }
}

static void draw_pool(const pkb_data *d, const pkb_state *s, int p, const pen *pn,
                      uint32_t *traits_seen)
{
    const pkb_faction *f = &d->pl[p].fac;
    fprintf(pn->out, "  The %s' troops (%d of %d points chosen; * in the army):\n", f->name,
            s->side[p].points, d->size);
    for (int t = 0; t < f->ntroops; t++)
        troop_line(d, s, p, t, (s->side[p].army >> t) & 1 ? " *" : "", pn, traits_seen);
}

static void draw_resolution(const pkb_data *d, const pkb_state *s, const pen *pn)
{
    (void)d;
    char a[8], b[8];
    if (s->proc == PKB_P_NONE)
        return;
    pkb_label(s->striker, a, sizeof a);
    pkb_label(s->target, b, sizeof b);
    if (s->phase == PKB_PH_DICE || s->phase == PKB_PH_WOUND) {
        int dice = s->nrolled + s->dice_left;
        fprintf(pn->out, "  %s against %s: %d %s%s, rolled", a, b, dice,
                eng_noun(dice, "die", "dice"), s->charge_die ? " (with the charge)" : "");
        for (int i = 0; i < s->nrolled; i++)
            fprintf(pn->out, " %d", s->rolled[i]);
        if (!s->nrolled)
            fprintf(pn->out, " nothing yet");
        fprintf(pn->out, ": %d hit%s\n", s->hits, s->hits == 1 ? "" : "s");
    }
    if (s->phase == PKB_PH_WOUND) {
        fprintf(pn->out, "  hits to assign:");
        for (int i = s->wq_pos; i < s->wq_len; i++)
            if (s->wq_hits[i] && pkb_alive(s, s->wq_unit[i])) {
                pkb_label(s->wq_unit[i], a, sizeof a);
                fprintf(pn->out, " %s %d", a, s->wq_hits[i]);
            }
        fputc('\n', pn->out);
    }
}

/* What every mark on the board means. */
static void draw_key(const pen *pn)
{
    fputs("Key: a troop: tile code, name, E/S engagement/shooting dice, WP wound points "
          "left/all, pt points,\n     F formation value, traits; field: A1xB2+B3 in contact, "
          "A1! a charger choosing its target\n", pn->out);
}

void pkb_render(const void *data, const void *st, int viewer, bool color, FILE *out)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    int me = viewer == 1 ? 1 : 0;   /* others look from player 1's side */
    fprintf(out, "Pocket Battles: %s", d->title[0] ? d->title : d->scenario);
    if (s->round)
        fprintf(out, ", round %u", (unsigned)s->round);
    fputc('\n', out);
    /* the armies and traits first, the field last, just above the prompt,
     * so that it stays on a 40-line screen */
    char *armies = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&armies, &len);
    pen pm = {mem ? mem : out, color}, pn = {out, color};
    uint32_t seen = 0;
    draw_army(d, s, 1 - me, viewer, &pm, &seen);
    draw_army(d, s, me, viewer, &pm, &seen);
    if (s->phase == PKB_PH_BUILD && (viewer == ENG_VIEW_ALL || viewer == s->player))
        draw_pool(d, s, s->player, &pm, &seen);
    if (mem)
        fclose(mem);
    if (seen) {
        fprintf(out, "Traits:\n");
        for (int k = 0; k < d->ntraits; k++)
            if ((seen >> k) & 1)
                fprintf(out, "  %-11s %s%s\n", d->trait[k].name, d->trait[k].text,
                        d->trait[k].special && strncmp(d->trait[k].text, "special action", 14)
                            ? " (a special action)" : "");
    }
    if (armies)
        fwrite(armies, 1, len, out);
    free(armies);
    draw_key(&pn);
    if (s->phase >= PKB_PH_DEPLOY)
        draw_field(d, s, me, &pn);
    draw_resolution(d, s, &pn);
    char status[256];
    pkb_status_text(d, s, status, sizeof status);
    fprintf(out, "%s\n", status);
}
