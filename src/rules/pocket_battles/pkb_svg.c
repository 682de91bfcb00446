/*
 * pkb_svg.c - drawing a Pocket Battles position as SVG for one viewer, and
 * the board elements of each action.
 *
 * The battlefield's three sectors across and five zones down, the viewer's
 * half at the bottom (player 1's for the omniscient view): each side's rear
 * and front, the engagement zone between. A unit is its stack of troop
 * tiles, drawn as a tile in its player's colour: the top troop (code, name,
 * engagement and shooting dice, wound points left), the troops under it
 * that the viewer may see, and the stack's height; order tokens as gold
 * discs, wound tokens as red drops on the troop they sit on. In an
 * engagement zone a line with a cross joins units in contact; a charger
 * still choosing its target carries a "!". Each player's units still to
 * deploy stand in a strip beyond its edge of the field (the viewer's below,
 * the other's above), so a page that leaves the key out of view keeps
 * them. The panel on the right (the key, class pw-key) gives each army's
 * points, losses and tokens, while building the faction's troops, the
 * traits met, and the symbols.
 *
 * Ids: "p-a1" .. "p-c5" the zones, absolute: column a, b, c from player 1's
 * left, row 1 player 1's rear, 2 its front, 3 the engagement zone, 4 player
 * 2's front, 5 its rear. "u-A3" a unit (A player 1, B player 2); "t-1-ELV25"
 * a troop tile of player 1 in a unit; "k-1-ELV25" a tile of player 1's
 * faction while it builds its army. An army built in secret is not drawn at
 * all for the other player, and the troops under a stack's top are left
 * out for a viewer who may not look into it.
 */
#include <string.h>
#include "pkb.h"
#include "svg.h"

#define LABEL_W 64.0    /* zone names on the left */
#define UW 182.0        /* a unit tile */
#define ZW (2 * UW + 18.0)  /* a zone's width: two columns of tiles */
#define TOP 44.0
#define BAND 26.0       /* a player's name above and below the field */
#define UH_TOP 58.0     /* its top troop */
#define UROW 17.0       /* each troop under the top */
#define UGAP 8.0
#define PANEL_W 440.0
#define STRIP_PER_ROW 6 /* units to deploy side by side above or below the field */

typedef struct layout {
    int me;                     /* the player drawn at the bottom */
    double row_y[PKB_ROWS];     /* by absolute row */
    double row_h[PKB_ROWS];
    double strip_y[PKB_SIDES];  /* by player: its units still to deploy */
    double strip_h[PKB_SIDES];
    double field_top, field_bottom;   /* the zones' top and bottom edges */
    double field_h;             /* the whole field with its bands and strips */
} layout;

static const char *pl_fill(const pkb_data *d, int p) { return svg_colour(d->pl[p].colour); }

static void zone_id(int z, char *buf, size_t n)
{
    svg_id(buf, n, "p-%c%d", 'a' + pkb_zcol(z), pkb_zrow(z) + 1);
}

/* The screen column of absolute column col, seen by me. */
static int screen_col(int me, int col) { return me == 0 ? col : PKB_COLS - 1 - col; }

static double zone_x(const layout *L, int z) { return LABEL_W + screen_col(L->me, pkb_zcol(z)) * ZW; }

/* The troop drawn on top: the stack's top, or once that troop is destroyed
 * the first of those left. */
static int top_troop(const pkb_unit *u)
{
    return (u->troops >> u->top) & 1 ? u->top : pkb_ctz(u->troops);
}

/* The troops of unit g the viewer sees (the top at least). */
static uint32_t seen_troops(const pkb_state *s, int g, int viewer)
{
    const pkb_unit *u = pkb_u(s, g);
    if (pkb_hidden_level(s, viewer, pkb_owner(g)) == PKB_HIDE_BELOW_TOP)
        return 1u << top_troop(u);
    return u->troops;
}

static double unit_h(const pkb_state *s, int g, int viewer)
{
    return UH_TOP + (pkb_popcount(seen_troops(s, g, viewer)) - 1) * UROW +
           (pkb_hidden_level(s, viewer, pkb_owner(g)) == PKB_HIDE_BELOW_TOP &&
            pkb_popcount(pkb_u(s, g)->troops) > 1 ? UROW : 0);
}

/* Units drawn in zone z, in drawing order; returns the count. */
static int zone_units(const pkb_state *s, int z, int viewer, int *list)
{
    int n = 0;
    for (int p = 0; p < PKB_SIDES; p++) {
        if (pkb_hidden_level(s, viewer, p) == PKB_HIDE_ALL)
            continue;
        for (int u = 0; u < s->side[p].nunits; u++)
            if (s->side[p].unit[u].troops && s->side[p].unit[u].zone == z)
                list[n++] = pkb_global(p, u);
    }
    return n;
}

/* Places units of a zone in two columns; heights of each column. */
static double zone_need(const pkb_state *s, int z, int viewer)
{
    int list[PKB_SIDES * PKB_MAX_UNITS];
    int n = zone_units(s, z, viewer, list);
    double col[2] = {0, 0};
    for (int i = 0; i < n; i++)
        col[i & 1] += unit_h(s, list[i], viewer) + UGAP;
    return (col[0] > col[1] ? col[0] : col[1]) + 24;
}

/* Whether unit g of player p waits to be deployed and the viewer sees it. */
static bool waits_to_deploy(const pkb_state *s, int p, int u, int viewer)
{
    return pkb_hidden_level(s, viewer, p) != PKB_HIDE_ALL && s->side[p].unit[u].troops &&
           s->side[p].unit[u].zone == PKB_NONE;
}

/* The height of player p's strip of units to deploy, rows of STRIP_PER_ROW
 * side by side under a line of words; 0 when none waits. */
static double strip_need(const pkb_state *s, int p, int viewer)
{
    double h = 0, row = 0;
    int n = 0;
    for (int u = 0; u < s->side[p].nunits; u++) {
        if (!waits_to_deploy(s, p, u, viewer))
            continue;
        double uh = unit_h(s, pkb_global(p, u), viewer);
        if (uh > row)
            row = uh;
        if (++n % STRIP_PER_ROW == 0) {
            h += row + UGAP;
            row = 0;
        }
    }
    if (!n)
        return 0;
    return h + (row > 0 ? row + UGAP : 0) + 24;
}

static void make_layout(const pkb_state *s, int viewer, layout *L)
{
    L->me = viewer >= 0 && viewer < PKB_SIDES ? viewer : 0;   /* spectators: as player 1 */
    int them = 1 - L->me;
    L->strip_y[them] = TOP;
    L->strip_h[them] = strip_need(s, them, viewer);
    double y = TOP + L->strip_h[them] + BAND;
    L->field_top = y;
    for (int sr = 0; sr < PKB_ROWS; sr++) {
        int row = L->me == 0 ? PKB_ROWS - 1 - sr : sr;
        double h = row == 2 ? 104 : 84;
        for (int c = 0; c < PKB_COLS; c++) {
            double need = zone_need(s, c * PKB_ROWS + row, viewer);
            if (need > h)
                h = need;
        }
        L->row_y[row] = y;
        L->row_h[row] = h;
        y += h;
    }
    L->field_bottom = y;
    L->strip_y[L->me] = y + BAND;
    L->strip_h[L->me] = strip_need(s, L->me, viewer);
    L->field_h = y + BAND + L->strip_h[L->me];
}

static void draw_zone(const layout *L, int z, FILE *out)
{
    char id[ENG_ELEM_ID_MAX], name[16];
    zone_id(z, id, sizeof id);
    int row = pkb_zrow(z);
    int owner = row < 2 ? 0 : row > 2 ? 1 : L->me;
    pkb_zone_name(owner, z, name, sizeof name);
    double x = zone_x(L, z), y = L->row_y[row], h = L->row_h[row];
    const char *fill = row == 2 ? "#eadbb0" : (row == 0 || row == 4) ? "#cfdcb0" : "#dfe9c4";
    fprintf(out, "<g id=\"%s\" class=\"pw-place\" data-place=\"%s\"><rect class=\"pw-edge\" x=\"%.0f\" "
            "y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"%s\" stroke=\"#7a7a6a\" "
            "stroke-width=\"1\"/><text x=\"%.0f\" y=\"%.0f\" font-size=\"12\" fill=\"#555\">%s</text></g>\n",
            id, name, x, y, ZW, h, fill, x + 5, y + 13, name);
}

/* A troop's name in at most `max` letters for a row under a tile, its dice
 * kept whole: "Elite Archers 4-5-6" becomes "Elite... 4-5-6" (the full name
 * is the row's tooltip). */
static void short_name(const char *name, int max, char *buf, size_t n)
{
    int len = (int)strlen(name);
    if (len <= max) {
        snprintf(buf, n, "%s", name);
        return;
    }
    const char *dice = strrchr(name, ' ');
    bool has_dice = dice && strpbrk(dice, "0123456789");
    int tail = has_dice ? (int)strlen(dice) : 0;     /* " 4-5-6" */
    int head = max - 1 - tail;                       /* the letters before the ellipsis */
    if (head < 1)
        head = 1, tail = 0;
    snprintf(buf, n, "%.*s\xe2\x80\xa6%s", head, name, tail ? dice : "");   /* an ellipsis */
}

static void draw_troop_line(const pkb_data *d, const pkb_state *s, int p, int t, double x, double y,
                            FILE *out)
{
    const pkb_troop_def *td = pkb_def(d, p, t);
    char id[ENG_ELEM_ID_MAX];
    svg_id(id, sizeof id, "t-%d-%s", p + 1, td->code);
    int w = s->side[p].wounds[t];
    char e[32], sh[32];
    pkb_faces_text(td->eng, e, sizeof e);
    pkb_faces_text(td->shoot, sh, sizeof sh);
    fprintf(out, "<g id=\"%s\" class=\"pw-troop\"><title>", id);
    svg_text(out, td->code);
    fputs(" ", out);
    svg_text(out, td->name);
    fprintf(out, ": E %s  S %s  WP %d/%d</title><rect class=\"pw-edge\" x=\"%.1f\" y=\"%.1f\" "
            "width=\"%.1f\" height=\"%.1f\" fill=\"#fff\" fill-opacity=\"0.85\" stroke=\"none\"/>"
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11.5\" fill=\"#000\">", e, sh, td->wp - w,
            td->wp, x + 3, y - 12, UW - 6, UROW - 1, x + 6, y);
    char name[3 * PKB_NAME];
    short_name(td->name, 12, name, sizeof name);
    svg_text(out, td->code);
    fputs(" ", out);
    svg_text(out, name);
    fprintf(out, "</text><text x=\"%.1f\" y=\"%.1f\" font-size=\"11.5\" text-anchor=\"end\">WP %d/%d"
            "</text>", x + UW - 8, y, td->wp - w, td->wp);
    for (int i = 0; i < w; i++)
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#c00000\" stroke=\"#fff\"/>",
                x + UW - 52 - i * 9, y - 4);
    fputs("</g>", out);
}

static void draw_unit(const pkb_data *d, const pkb_state *s, int g, int viewer, double x, double y,
                      FILE *out)
{
    int p = pkb_owner(g);
    const pkb_unit *un = pkb_u(s, g);
    const char *fill = pl_fill(d, p), *ink = svg_ink(fill);
    char lab[8], id[ENG_ELEM_ID_MAX];
    pkb_label(g, lab, sizeof lab);
    svg_id(id, sizeof id, "u-%s", lab);
    uint32_t seen = seen_troops(s, g, viewer);
    int height = pkb_popcount(un->troops);
    double h = unit_h(s, g, viewer);
    char at[ENG_ELEM_ID_MAX] = "to-deploy";
    if (un->zone != PKB_NONE)
        zone_id(un->zone, at, sizeof at);
    fprintf(out, "<g id=\"%s\" class=\"pw-unit\" data-owner=\"%d\" data-at=\"%s\">", id, p + 1, at);
    fprintf(out, "<title>%s: a stack of %d troop%s", lab, height, height == 1 ? "" : "s");
    if (un->orders)
        fprintf(out, ", %d order token%s", un->orders, un->orders == 1 ? "" : "s");
    fputs("</title>", out);
    /* the stack's thickness: an edge per troop under the top */
    for (int i = height - 1; i > 0 && i < 6; i--)
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\" fill=\"%s\" "
                "stroke=\"#000\" stroke-width=\"0.8\"/>", x + i * 2.5, y + i * 2.5, UW, h, fill);
    fprintf(out, "<rect class=\"pw-edge\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\" "
            "fill=\"%s\" stroke=\"#000\" stroke-width=\"1.5\"/>", x, y, UW, h, fill);
    svg_owner_mark(out, p, x + 11, y + 12, 7, fill);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"16\" font-weight=\"bold\" fill=\"%s\">%s</text>",
            x + 22, y + 18, ink, lab);
    /* the top troop */
    int top = top_troop(un);
    const pkb_troop_def *td = pkb_def(d, p, top);
    char e[32], sh[32];
    pkb_faces_text(td->eng, e, sizeof e);
    pkb_faces_text(td->shoot, sh, sizeof sh);
    char tid[ENG_ELEM_ID_MAX];
    svg_id(tid, sizeof tid, "t-%d-%s", p + 1, td->code);
    int w = s->side[p].wounds[top];
    fprintf(out, "<g id=\"%s\" class=\"pw-troop\"><rect class=\"pw-edge\" x=\"%.1f\" y=\"%.1f\" "
            "width=\"%.1f\" height=\"36\" fill=\"none\" stroke=\"none\"/>", tid, x + 2, y + 21, UW - 4);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" font-weight=\"bold\" fill=\"%s\">", x + 56,
            y + 17, ink);
    svg_text(out, td->code);
    fprintf(out, "</text><text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" fill=\"%s\">", x + 6, y + 35, ink);
    svg_text(out, td->name);
    fprintf(out, "</text><text x=\"%.1f\" y=\"%.1f\" font-size=\"13.5\" fill=\"%s\">E %s  S %s  WP %d/%d"
            "</text>", x + 6, y + 52, ink, e, sh, td->wp - w, td->wp);
    for (int i = 0; i < w; i++)
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5.5\" fill=\"#c00000\" stroke=\"#fff\" "
                "stroke-width=\"1.5\"/>", x + UW - 10 - i * 13, y + 31);
    fputs("</g>", out);
    /* order tokens */
    for (int i = 0; i < un->orders; i++)
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"#e6c34a\" stroke=\"#000\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\">O"
                "</text>", x + UW - 11 - i * 19, y + 12, x + UW - 11 - i * 19, y + 15.5);
    /* the troops under the top the viewer may see */
    double ty = y + UH_TOP + UROW - 4;
    for (uint32_t m = seen & ~(1u << top); m; m &= m - 1) {
        draw_troop_line(d, s, p, pkb_ctz(m), x, ty, out);
        ty += UROW;
    }
    if (seen == (1u << top) && height > 1)
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12.5\" font-style=\"italic\" fill=\"%s\">"
                "+ %d hidden below</text>", x + 6, ty, ink, height - 1);
    if (pkb_zrow(un->zone) == 2 && un->zone != PKB_NONE) {
        uint8_t c[PKB_MAX_UNITS + 1];
        if (pkb_contacts(s, g, c) == 0)
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"22\" font-weight=\"bold\" "
                    "fill=\"#b00000\" stroke=\"#fff\" stroke-width=\"0.8\">!</text>", x + UW - 14, y + h - 4);
    }
    fputs("</g>\n", out);
}

typedef struct spot {
    double x, y, h;
} spot;

static void draw_units(const pkb_data *d, const pkb_state *s, const layout *L, int viewer, spot *at,
                       FILE *out)
{
    for (int z = 0; z < PKB_ZONES; z++) {
        int list[PKB_SIDES * PKB_MAX_UNITS];
        int n = zone_units(s, z, viewer, list);
        double colh[2] = {0, 0};
        double x = zone_x(L, z), y = L->row_y[pkb_zrow(z)] + 18;
        for (int i = 0; i < n; i++) {
            int c = i & 1;
            double ux = x + 6 + c * (UW + 6), uy = y + colh[c];
            draw_unit(d, s, list[i], viewer, ux, uy, out);
            at[list[i]] = (spot){ux, uy, unit_h(s, list[i], viewer)};
            colh[c] += unit_h(s, list[i], viewer) + UGAP;
        }
    }
}

/* Lines between units in contact, a cross at their middle. */
static void draw_contacts(const pkb_state *s, const spot *at, bool marks, FILE *out)
{
    fputs("<g class=\"pw-contacts\">", out);
    for (int g = 0; g < PKB_SIDES * PKB_MAX_UNITS; g++) {
        if (!pkb_alive(s, g) || pkb_u(s, g)->zone == PKB_NONE || at[g].h == 0)
            continue;
        int f = pkb_u(s, g)->foe;
        if (f == PKB_NONE || !pkb_alive(s, f) || at[f].h == 0)
            continue;
        double x1 = at[g].x + UW / 2, y1 = at[g].y + at[g].h / 2;
        double x2 = at[f].x + UW / 2, y2 = at[f].y + at[f].h / 2;
        double mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
        if (marks)
            fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"11\" fill=\"#fff\" stroke=\"#7a0000\" "
                    "stroke-width=\"2\"/><path d=\"M%.0f %.0f l12 12 m0 -12 l-12 12\" stroke=\"#7a0000\" "
                    "stroke-width=\"3.5\"/>", mx, my, mx - 6, my - 6);
        else
            fprintf(out, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#7a0000\" "
                    "stroke-width=\"4\" opacity=\"0.7\"/>", x1, y1, x2, y2);
    }
    fputs("</g>\n", out);
}

static void draw_labels(const pkb_data *d, const layout *L, FILE *out)
{
    static const char *const secname[] = {"Left", "Centre", "Right"};
    int them = 1 - L->me;
    for (int sr = 0; sr < PKB_ROWS; sr++) {
        int row = L->me == 0 ? PKB_ROWS - 1 - sr : sr;
        int owner = row < 2 ? 0 : 1;
        const char *word = row == 2 ? "engaged" : (row == 1 || row == 3) ? "front" : "rear";
        double y = L->row_y[row] + L->row_h[row] / 2;
        if (row != 2)
            svg_owner_mark(out, owner, 12, y - 18, 7, pl_fill(d, owner));
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\" fill=\"#333\">%s</text>\n", 3.0, y + 4,
                word);
    }
    for (int c = 0; c < PKB_COLS; c++) {
        double x = LABEL_W + c * ZW + ZW / 2;
        int col = screen_col(L->me, c);   /* screen_col is its own inverse */
        for (int edge = 0; edge < 2; edge++) {
            int who = edge ? L->me : them;
            fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\" text-anchor=\"middle\" "
                    "fill=\"#555\">%s (", x, edge ? L->field_bottom + BAND - 8 : L->field_top - 8,
                    secname[pkb_sector_of(who, col)]);
            svg_text(out, d->pl[who].name);
            fputs(")</text>\n", out);
        }
    }
}

/* ---- the panel ----------------------------------------------------------------- */

static double panel_army(const pkb_data *d, const pkb_state *s, int p, int viewer, double x, double y,
                         FILE *out)
{
    const pkb_side *sd = &s->side[p];
    int level = pkb_hidden_level(s, viewer, p);
    int orders, wounds;
    pkb_tokens_in_use(s, p, &orders, &wounds);
    svg_key_owner(out, p, x, y, pl_fill(d, p), d->pl[p].name);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">player %d%s</text>\n", x + 150, y,
            p + 1, s->attacker == p ? ", attacker" : s->attacker == 1 - p ? ", defender" : "");
    y += 18;
    char line[200];
    size_t len = 0;
    if (level == PKB_HIDE_ALL)
        len = (size_t)snprintf(line, sizeof line, "%s",
                               sd->built ? "army built in secret" : "building its army in secret");
    else if (level == PKB_HIDE_NONE && (sd->built || sd->army))
        len = (size_t)snprintf(line, sizeof line, "army %d points, %d lost", sd->points, sd->lost);
    else if (level == PKB_HIDE_NONE)
        len = (size_t)snprintf(line, sizeof line, "no army chosen yet");
    else
        len = (size_t)snprintf(line, sizeof line, "army of %d units", sd->nunits);
    /* the points at stake only once both armies are shown */
    if (pkb_revealed(s) && len < sizeof line)
        snprintf(line + len, sizeof line - len, "; destroyed %d of %d (half %d)", s->side[1 - p].lost,
                 s->side[1 - p].points, (s->side[1 - p].points + 1) / 2);
    svg_key_words(out, x + 8, y, line);
    y += 17;
    snprintf(line, sizeof line, "tokens %d: %d unused, %d orders (%d passed), %d wounds, %d aside",
             d->tokens, sd->unused, orders - sd->aside_orders, sd->passed, wounds - sd->aside_wounds,
             sd->aside_orders + sd->aside_wounds);
    svg_key_words(out, x + 8, y, line);
    y += 10;
    return y;
}

/* Player p's units formed but not placed yet, side by side in its strip
 * above (the other player's) or below (the viewer's) the field. */
static void draw_strip(const pkb_data *d, const pkb_state *s, const layout *L, int p, int viewer, spot *at,
                       FILE *out)
{
    if (L->strip_h[p] <= 0)
        return;
    const pkb_side *sd = &s->side[p];
    char line[PKB_NAME + 40];
    snprintf(line, sizeof line, "%s: %s", d->pl[p].name, sd->built ? "to deploy" : "units formed");
    svg_owner_mark(out, p, LABEL_W + 10, L->strip_y[p] + 11, 8, pl_fill(d, p));
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"14\" font-weight=\"bold\">", LABEL_W + 24,
            L->strip_y[p] + 16);
    svg_text(out, line);
    fputs("</text>\n", out);
    double y = L->strip_y[p] + 24, row = 0;
    int n = 0;
    for (int u = 0; u < sd->nunits; u++) {
        if (!waits_to_deploy(s, p, u, viewer))
            continue;
        int g = pkb_global(p, u);
        draw_unit(d, s, g, viewer, LABEL_W + 6 + (n % STRIP_PER_ROW) * (UW + 8), y, out);
        at[g] = (spot){0, 0, 0};
        double uh = unit_h(s, g, viewer);
        if (uh > row)
            row = uh;
        if (++n % STRIP_PER_ROW == 0) {
            y += row + UGAP;
            row = 0;
        }
    }
}

/* While p builds: the faction's tiles, chosen ones ticked. */
static double panel_pool(const pkb_data *d, const pkb_state *s, int p, double x, double y, FILE *out)
{
    const pkb_faction *f = &d->pl[p].fac;
    char line[120];
    snprintf(line, sizeof line, "The %s' troops (%d of %d points chosen):", f->name, s->side[p].points,
             d->size);
    svg_key_words(out, x, y + 14, line);
    y += 22;
    for (int t = 0; t < f->ntroops; t++) {
        const pkb_troop_def *td = &f->troop[t];
        char id[ENG_ELEM_ID_MAX], e[32], sh[32];
        svg_id(id, sizeof id, "k-%d-%s", p + 1, td->code);
        pkb_faces_text(td->eng, e, sizeof e);
        pkb_faces_text(td->shoot, sh, sizeof sh);
        bool chosen = (s->side[p].army >> t) & 1;
        fprintf(out, "<g id=\"%s\" class=\"pw-tile\" data-chosen=\"%d\"><rect class=\"pw-edge\" x=\"%.0f\" "
                "y=\"%.0f\" width=\"%.0f\" height=\"17\" rx=\"3\" fill=\"%s\" stroke=\"#777\"/><text "
                "x=\"%.0f\" y=\"%.0f\" font-size=\"10.5\">", id, chosen, x, y, PANEL_W - 16,
                chosen ? "#e6c34a" : "#fff", x + 4, y + 12);
        fprintf(out, "%s ", chosen ? "[x]" : "[ ]");
        svg_text(out, td->code);
        fputs(" ", out);
        svg_text(out, td->name);
        fprintf(out, "  E %s S %s WP %d F%d %dpt</text></g>\n", e, sh, td->wp, td->formation, td->points);
        y += 19;
    }
    return y;
}

static double panel_key(const pkb_data *d, const pkb_state *s, int viewer, double x, double y, FILE *out)
{
    svg_key_heading(out, x, y, "Key");
    y += 20;
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"30\" height=\"18\" rx=\"3\" fill=\"#ccc\" "
            "stroke=\"#000\"/>", x, y - 13);
    svg_key_words(out, x + 40, y, "a unit: its stack's top troop, then those under it");
    y += 18;
    svg_key_words(out, x + 40, y, "E, S: engagement and shooting dice; WP: wound points left");
    y += 20;
    fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"7\" fill=\"#e6c34a\" stroke=\"#000\"/>", x + 10, y - 5);
    svg_key_words(out, x + 40, y, "an order token on the unit");
    y += 20;
    fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"5\" fill=\"#c00000\"/>", x + 10, y - 5);
    svg_key_words(out, x + 40, y, "a wound token on the troop");
    y += 20;
    fprintf(out, "<path d=\"M%.0f %.0f h28 M%.0f %.0f l10 10 m0 -10 l-10 10\" stroke=\"#7a0000\" "
            "stroke-width=\"3\"/>", x, y - 5, x + 9, y - 10);
    svg_key_words(out, x + 40, y, "units in contact (engaged)");
    y += 20;
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"18\" font-weight=\"bold\" fill=\"#b00000\">!</text>",
            x + 8, y + 2);
    svg_key_words(out, x + 40, y, "a charger still to choose its target");
    y += 20;
    fprintf(out, "<path d=\"M%.0f %.0f h28\" stroke=\"#b00000\" stroke-width=\"3\" stroke-dasharray=\"6 3\"/>",
            x, y - 5);
    svg_key_words(out, x + 40, y, "a strike or shooting, its dice and hits so far");
    y += 20;
    svg_key_words(out, x, y, "The circle and square marks tell the players apart.");
    y += 20;
    /* traits of the troops the viewer sees */
    uint32_t traits = 0;
    for (int p = 0; p < PKB_SIDES; p++) {
        if (pkb_hidden_level(s, viewer, p) == PKB_HIDE_ALL)
            continue;
        for (int u = 0; u < s->side[p].nunits; u++)
            for (uint32_t m = seen_troops(s, pkb_global(p, u), viewer); m; m &= m - 1)
                traits |= pkb_def(d, p, pkb_ctz(m))->traits;
    }
    if (traits) {
        svg_key_heading(out, x, y + 4, "Traits on the field");
        y += 22;
        for (int k = 0; k < d->ntraits; k++)
            if ((traits >> k) & 1) {
                char line[PKB_NAME + PKB_TEXT + 4];
                snprintf(line, sizeof line, "%s: %s", d->trait[k].title, d->trait[k].text);
                /* wrapped at a space near 62 characters */
                char *p = line;
                while (strlen(p) > 62) {
                    char *cut = p + 62;
                    while (cut > p && *cut != ' ')
                        cut--;
                    if (cut == p)
                        break;
                    *cut = '\0';
                    svg_key_words(out, x, y, p);
                    y += 15;
                    p = cut + 1;
                }
                svg_key_words(out, x + (p == line ? 0 : 10), y, p);
                y += 16;
            }
    }
    return y;
}

static void draw_resolution(const pkb_state *s, const spot *at, FILE *out)
{
    if (s->proc == PKB_P_NONE || !pkb_alive(s, s->striker) || !pkb_alive(s, s->target))
        return;
    const spot *a = &at[s->striker], *b = &at[s->target];
    if (a->h == 0 || b->h == 0 || s->striker == s->target)
        return;
    fprintf(out, "<line class=\"pw-strike\" x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#b00000\" "
            "stroke-width=\"4\" stroke-dasharray=\"10 5\" marker-end=\"url(#pw-arrow)\"/>\n",
            a->x + UW / 2, a->y + a->h / 2, b->x + UW / 2, b->y + b->h / 2);
    if (s->phase != PKB_PH_DICE && s->phase != PKB_PH_WOUND)
        return;
    /* the dice of the roll under way, under the target */
    char dice[64] = "";
    size_t len = 0;
    for (int i = 0; i < s->nrolled && i < PKB_MAX_DICE && len < sizeof dice; i++)
        len += (size_t)snprintf(dice + len, sizeof dice - len, "%s%d", i ? " " : "", s->rolled[i]);
    char tag[128];
    snprintf(tag, sizeof tag, "dice %s%s: %d hit%s", s->nrolled ? dice : "-",
             s->dice_left ? " ..." : "", s->hits, s->hits == 1 ? "" : "s");
    double w = 12 + 6.5 * (double)strlen(tag);
    fprintf(out, "<g class=\"pw-dice\"><rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"18\" rx=\"4\" "
            "fill=\"#fff\" stroke=\"#b00000\" stroke-width=\"1.5\"/><text x=\"%.0f\" y=\"%.0f\" "
            "font-size=\"12\" font-weight=\"bold\" fill=\"#b00000\">%s</text></g>\n", b->x + 4,
            b->y + b->h + 2, w, b->x + 10, b->y + b->h + 15, tag);
}

void pkb_svg(const void *data, const void *st, int viewer, FILE *out)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    layout L;
    make_layout(s, viewer, &L);
    double px = LABEL_W + PKB_COLS * ZW + 14;
    double w = px + PANEL_W;
    /* the panel's height is known only once drawn: draw it into memory first */
    char *panel = NULL;
    size_t plen = 0;
    FILE *pf = open_memstream(&panel, &plen);
    spot local[PKB_SIDES * PKB_MAX_UNITS];
    memset(local, 0, sizeof local);
    double y = TOP + 20;
    if (pf) {
        for (int i = 0; i < PKB_SIDES; i++) {
            int p = i == 0 ? 1 - L.me : L.me;
            y = panel_army(d, s, p, viewer, px, y, pf) + 22;
        }
        if (s->phase == PKB_PH_BUILD && (viewer == ENG_VIEW_ALL || viewer == s->player))
            y = panel_pool(d, s, s->player, px, y, pf) + 12;
        y = panel_key(d, s, viewer, px, y + 6, pf);
        fclose(pf);
    }
    double h = L.field_h > y + 10 ? L.field_h : y + 10;
    char title[160];
    snprintf(title, sizeof title, "Pocket Battles: %s", d->title[0] ? d->title : d->scenario);
    svg_begin(out, w, h, "pocket-battles", title);
    svg_arrow_marker(out);
    char heading[200], status[256];
    snprintf(heading, sizeof heading, "%s", title);
    if (s->round)
        snprintf(heading + strlen(heading), sizeof heading - strlen(heading), ", round %d",
                 s->round);
    pkb_status_text(d, s, status, sizeof status);
    svg_heading(out, 6, heading, status);
    draw_labels(d, &L, out);
    for (int z = 0; z < PKB_ZONES; z++)
        draw_zone(&L, z, out);
    memset(local, 0, sizeof local);
    /* contacts lie under the units: place the units first, in memory */
    char *units = NULL;
    size_t ulen = 0;
    FILE *uf = open_memstream(&units, &ulen);
    if (uf) {
        draw_units(d, s, &L, viewer, local, uf);
        for (int p = 0; p < PKB_SIDES; p++)
            draw_strip(d, s, &L, p, viewer, local, uf);
        fclose(uf);
    }
    draw_contacts(s, local, false, out);
    if (units)
        fwrite(units, 1, ulen, out);
    free(units);
    draw_contacts(s, local, true, out);
    draw_resolution(s, local, out);
    fputs("<g class=\"pw-key\">\n", out);
    if (panel)
        fwrite(panel, 1, plen, out);
    free(panel);
    fputs("</g>\n", out);
    svg_end(out);
}

/* ---- the elements of an action ---------------------------------------------------- */

static void add_unit(const pkb_state *s, int g, eng_elements *e)
{
    if (!pkb_valid(s, g))
        return;
    char lab[8];
    pkb_label(g, lab, sizeof lab);
    eng_elements_add(e, "u-%s", lab);
}

static void add_zone(int z, eng_elements *e)
{
    if (z < 0 || z >= PKB_ZONES)
        return;
    char id[ENG_ELEM_ID_MAX];
    zone_id(z, id, sizeof id);
    eng_elements_add(e, "%s", id);
}

static void add_troop(const pkb_data *d, int p, int t, eng_elements *e)
{
    if (p < 0 || p >= PKB_SIDES || t < 0 || t >= d->pl[p].fac.ntroops)
        return;
    char id[ENG_ELEM_ID_MAX];
    svg_id(id, sizeof id, "t-%d-%s", p + 1, d->pl[p].fac.troop[t].code);
    eng_elements_add(e, "%s", id);
}

void pkb_action_elements(const void *data, const void *st, eng_action a, eng_elements *e)
{
    const pkb_data *d = data;
    const pkb_state *s = st;
    int fa = PKB_FA(a), fb = PKB_FB(a), fc = PKB_FC(a);
    char id[ENG_ELEM_ID_MAX];
    switch (PKB_KIND(a)) {
    case PKB_A_UNIT:
    case PKB_A_ADD:
        if (s->phase == PKB_PH_BUILD && fa < d->pl[s->player].fac.ntroops) {
            svg_id(id, sizeof id, "k-%d-%s", s->player + 1, d->pl[s->player].fac.troop[fa].code);
            eng_elements_add(e, "%s", id);
        }
        break;
    case PKB_A_DEPLOY:
    case PKB_A_REDEPLOY:
        add_unit(s, fa, e);
        add_zone(fb, e);
        break;
    case PKB_A_ORDER:
        add_unit(s, fa, e);
        if (!pkb_valid(s, fa))
            break;
        if (fb == PKB_O_MOVE)
            add_zone(fc, e);
        else if (fb == PKB_O_FIGHT)
            add_unit(s, fc, e);
        else if (fb == PKB_O_CHARGE && pkb_u(s, fa)->zone != PKB_NONE)
            add_zone(pkb_zone(pkb_owner(fa), pkb_zcol(pkb_u(s, fa)->zone), PKB_ENG), e);
        else if (fb == PKB_O_LEAVE && pkb_u(s, fa)->zone != PKB_NONE)
            add_zone(pkb_zone(pkb_owner(fa), pkb_zcol(pkb_u(s, fa)->zone), PKB_FRONT), e);
        break;
    case PKB_A_REACT:
        if (fa != PKB_R_WAIT)
            add_unit(s, fb, e);
        if (s->charger != PKB_NONE)
            add_unit(s, s->charger, e);
        break;
    case PKB_A_TARGET:
        if (s->striker != PKB_NONE && s->striker != fa)
            add_unit(s, s->striker, e);
        add_unit(s, fa, e);
        if (fb != PKB_NONE && pkb_valid(s, fa))
            add_troop(d, pkb_owner(fa), fb, e);
        break;
    case PKB_A_WOUND:
        if (fc >= PKB_W_UNIT)
            add_unit(s, fc - PKB_W_UNIT, e);
        add_unit(s, fa, e);
        if (pkb_valid(s, fa))
            add_troop(d, pkb_owner(fa), fb, e);
        break;
    case PKB_A_ELIMINATE:
        add_unit(s, fa, e);
        if (pkb_valid(s, fa))
            add_troop(d, pkb_owner(fa), fb, e);
        break;
    default:
        break;
    }
}
