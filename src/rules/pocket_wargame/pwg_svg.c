/*
 * pwg_svg.c - drawing a Pocket Wargame position as SVG for one viewer, and
 * the board elements of each action.
 *
 * The dealt cards lie as player 1 sees them (row 1 at the bottom), each a
 * card in its terrain's colour with the card's code, the terrain's name and
 * a small picture of it; cards still in the deck are drawn face down. Coins
 * stand on their card: a disc in the force's colour with the unit's label
 * and the coin's name, bold and full when steady (heads), pale with a
 * dashed rim and "wavering" when tails up; the force's mark (circle,
 * square, triangle, diamond with its number) on each coin. A fight in
 * progress outlines its card; a shot draws an arrow. The key on the right
 * names every terrain on the board, the coins of each force, the marks and
 * the coins still to deploy.
 *
 * Ids: "p-c4" a card's place; "u-1-HI1" a coin (force, type code, number);
 * "k-1-HI" force 1's coins of type HI still to deploy; "f-1" force 1's
 * line in the key (for alliance choices). A coin placed in secret is left
 * out of the drawing altogether for viewers who may not see it, and so are
 * the other forces' coins still to deploy while any is secret.
 */
#include <math.h>
#include <string.h>
#include "pwg.h"
#include "svg.h"

#define CW 112.0        /* card */
#define CH 132.0
#define GAP 8.0
#define MARGIN 26.0     /* edge labels */
#define TOP 44.0        /* title and status */
#define KEY_W 330.0

typedef struct geo {
    double kx;          /* the key's left edge */
    double w, h;
} geo;

static double card_x(const pwg_data *d, int loc) { return MARGIN + d->x[loc] * (CW + GAP); }
static double card_y(const pwg_data *d, int loc)
{
    return TOP + MARGIN + (d->h - 1 - d->y[loc]) * (CH + GAP);
}

static void unit_id(const pwg_data *d, int u, char *buf, size_t n)
{
    svg_id(buf, n, "u-%d-%s%d", d->unit[u].force + 1, d->type[d->unit[u].type].code, d->unit[u].num);
}

static void place_id(const pwg_data *d, int loc, char *buf, size_t n)
{
    char l[8];
    pwg_loc_name(d, loc, l, sizeof l);
    svg_id(buf, n, "p-%s", l);
}

static const char *force_fill(const pwg_data *d, int f) { return svg_colour(d->force[f].colour); }

static bool dealt(const pwg_data *d, const pwg_state *s, int loc)
{
    return !(d->deal && s->stage == PWG_S_DEAL && loc >= s->deal_next);
}

/* A small picture of the terrain, by its symbol, centred at (x, y). */
static void terrain_picture(FILE *out, char sym, double x, double y)
{
    switch (sym) {
    case 'h':
        fprintf(out, "<path d=\"M%.0f %.0f q14 -20 28 0 q14 -14 28 0\" fill=\"none\" stroke=\"#6b5a2a\" "
                "stroke-width=\"3\" opacity=\"0.6\"/>", x - 28, y + 6);
        break;
    case 'w':
        for (int i = 0; i < 3; i++)
            fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"9\" fill=\"#2f5e2a\" opacity=\"0.55\"/>",
                    x - 18 + i * 18, y + (i == 1 ? -6 : 4));
        break;
    case 'm':
        fprintf(out, "<path d=\"M%.0f %.0f l18 -26 l10 12 l8 -8 l20 22 z\" fill=\"#6d6d66\" "
                "opacity=\"0.55\"/>", x - 28, y + 12);
        break;
    case 'l':
        for (int i = 0; i < 2; i++)
            fprintf(out, "<path d=\"M%.0f %.0f q7 -6 14 0 t14 0 t14 0\" fill=\"none\" stroke=\"#ffffff\" "
                    "stroke-width=\"2.5\" opacity=\"0.8\"/>", x - 21, y - 4 + i * 10);
        break;
    case 's':
        for (int i = 0; i < 4; i++)
            fprintf(out, "<path d=\"M%.0f %.0f h10 M%.0f %.0f v-8\" stroke=\"#2c5a50\" stroke-width=\"2\" "
                    "opacity=\"0.7\"/>", x - 26 + i * 14, y + 6, x - 21 + i * 14, y + 6);
        break;
    case 'r':
        for (int i = 0; i < 5; i++)
            fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"3\" fill=\"#5a3d28\" opacity=\"0.6\"/>",
                    x - 22 + i * 11, y + ((i & 1) ? -5 : 5));
        break;
    default:
        break;
    }
}

static void draw_card(const pwg_data *d, const pwg_state *s, int loc, int combat_loc, FILE *out)
{
    char id[ENG_ELEM_ID_MAX], l[8];
    place_id(d, loc, id, sizeof id);
    pwg_loc_name(d, loc, l, sizeof l);
    double x = card_x(d, loc), y = card_y(d, loc);
    fprintf(out, "<g id=\"%s\" class=\"pw-place\" data-place=\"%s\">", id, l);
    if (!dealt(d, s, loc)) {
        fprintf(out, "<rect class=\"pw-edge\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" "
                "rx=\"8\" fill=\"#8a3b3b\" stroke=\"#3a2a2a\" stroke-width=\"1.5\"/>"
                "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" rx=\"5\" fill=\"none\" "
                "stroke=\"#e8d8c0\" stroke-width=\"2\" stroke-dasharray=\"4 4\"/>"
                "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\" text-anchor=\"middle\" fill=\"#fff\">"
                "in the deck</text></g>\n",
                x, y, CW, CH, x + 7, y + 7, CW - 14, CH - 14, x + CW / 2, y + CH / 2 + 4);
        return;
    }
    const pwg_terrain *t = pwg_terrain_at(d, s, loc);
    const char *fill = svg_colour(t->colour);
    fprintf(out, "<rect class=\"pw-edge\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" "
            "rx=\"8\" fill=\"%s\" stroke=\"#3a3a30\" stroke-width=\"1.5\"/>",
            x, y, CW, CH, fill);
    if (loc == combat_loc)
        fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" rx=\"10\" fill=\"none\" "
                "stroke=\"#b00000\" stroke-width=\"4\" stroke-dasharray=\"10 5\"/>",
                x - 3, y - 3, CW + 6, CH + 6);
    terrain_picture(out, t->symbol, x + CW / 2, y + CH / 2 + 8);
    const char *ink = svg_ink(fill);
    if (s->card[loc] != PWG_NONE) {
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"15\" font-weight=\"bold\" fill=\"%s\">",
                x + 6, y + 17, ink);
        svg_text(out, d->card[s->card[loc]].code);
        fputs("</text>", out);
    }
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\" text-anchor=\"end\" fill=\"%s\">%s</text>",
            x + CW - 6, y + 16, ink, l);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\" text-anchor=\"middle\" fill=\"%s\">",
            x + CW / 2, y + CH - 6, ink);
    svg_text(out, t->name);
    fputs("</text></g>\n", out);
}

/* One coin at (cx, cy), radius r. */
static void draw_coin(const pwg_data *d, const pwg_state *s, int u, double cx, double cy, double r,
                      FILE *out)
{
    char id[ENG_ELEM_ID_MAX], lab[24];
    unit_id(d, u, id, sizeof id);
    pwg_unit_ref(d, u, d->unit[u].force, lab, sizeof lab);
    int f = d->unit[u].force;
    const char *fill = force_fill(d, f);
    bool steady = s->cond[u] == PWG_STEADY;
    char at[8];
    pwg_loc_name(d, s->loc[u], at, sizeof at);
    fprintf(out, "<g id=\"%s\" class=\"pw-unit\" data-owner=\"%d\" data-at=\"%s\" data-state=\"%s\">",
            id, f + 1, at, steady ? "steady" : "wavering");
    fputs("<title>", out);
    fprintf(out, "%d/%s ", f + 1, lab);
    svg_text(out, pwg_type_of(d, u)->name);
    fputs(" (", out);
    svg_text(out, pwg_coin_name(d, u, false));
    fprintf(out, "), %s</title>", steady ? "steady" : "wavering");
    if (steady)
        fprintf(out, "<circle class=\"pw-edge\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" "
                "stroke=\"#000\" stroke-width=\"2\"/>", cx, cy, r, fill);
    else
        fprintf(out, "<circle class=\"pw-edge\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#fbfbf6\" "
                "stroke=\"%s\" stroke-width=\"3.5\" stroke-dasharray=\"5 3\"/>", cx, cy, r, fill);
    const char *ink = steady ? svg_ink(fill) : "#000";
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"%s\" "
            "text-anchor=\"middle\" fill=\"%s\">", cx, cy - r * 0.05, r * 0.62,
            steady ? "bold" : "normal", ink);
    svg_text(out, lab);
    /* the coin's value ("50p") is short and reads at half the label's
     * height even on a phone; "wavering" is eight letters and must stay
     * inside the circle */
    fprintf(out, "</text><text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\" "
            "fill=\"%s\">", cx, cy + r * 0.55, r * (steady ? 0.5 : 0.42), ink);
    svg_text(out, steady ? pwg_coin_name(d, u, false) : "wavering");
    fputs("</text>", out);
    svg_owner_mark(out, f, cx + r * 0.78, cy - r * 0.78, r * 0.36, fill);
    /* in the fight under way: its toss (H heads, h spent, T tails, ? to
     * toss) and the damage it has taken */
    int cu = s->combat.cu[u];
    if ((s->stage == PWG_S_TOSS || s->stage == PWG_S_SPEND) && (cu & PWG_CU_IN)) {
        const char *toss = !(cu & PWG_CU_TOSSES) ? "-" : !(cu & PWG_CU_TOSSED) ? "?"
                         : !(cu & PWG_CU_HEAD) ? "T" : (cu & PWG_CU_LEFT) ? "H" : "h";
        char tag[16];
        if (s->combat.dmg[u])
            snprintf(tag, sizeof tag, "%s %d dmg", toss, s->combat.dmg[u]);
        else
            snprintf(tag, sizeof tag, "%s", toss);
        double tw = 8 + 7 * (double)strlen(tag);
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"14\" rx=\"4\" fill=\"#fff\" "
                "stroke=\"#b00000\" stroke-width=\"1.5\"/><text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
                "font-weight=\"bold\" text-anchor=\"middle\" fill=\"#b00000\">%s</text>", cx - tw / 2,
                cy + r - 6, tw, cx, cy + r + 5, tag);
    }
    fputs("</g>\n", out);
}

static void draw_coins(const pwg_data *d, const pwg_state *s, int viewer, FILE *out)
{
    for (int loc = 0; loc < d->nlocs; loc++) {
        int list[PWG_MAX_UNITS], n = 0;
        for (int u = 0; u < d->nunits; u++)
            if (PWG_ON_MAP(s->cond[u]) && s->loc[u] == loc && pwg_visible(d, s, u, viewer))
                list[n++] = u;
        if (!n)
            continue;
        int cols = n == 1 ? 1 : n <= 4 ? 2 : 3;
        int rows = (n + cols - 1) / cols;
        double cw = (CW - 6) / cols, ch = (CH - 36) / rows;
        double r = (cw < ch ? cw : ch) / 2 - 3;
        if (r > 30)
            r = 30;
        double x0 = card_x(d, loc) + 3, y0 = card_y(d, loc) + 20;
        for (int i = 0; i < n; i++)
            draw_coin(d, s, list[i], x0 + cw * (i % cols + 0.5), y0 + ch * (i / cols + 0.5), r, out);
    }
}

static void draw_edges(const pwg_data *d, FILE *out)
{
    for (int x = 0; x < d->w; x++)
        for (int side = 0; side < 2; side++)
            fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"15\" text-anchor=\"middle\" "
                    "fill=\"#555\">%c</text>\n", MARGIN + x * (CW + GAP) + CW / 2,
                    side ? TOP + MARGIN + d->h * (CH + GAP) + 12 : TOP + MARGIN - 8, 'a' + x);
    for (int y = 0; y < d->h; y++)
        for (int side = 0; side < 2; side++)
            fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"15\" text-anchor=\"middle\" "
                    "fill=\"#555\">%d</text>\n", side ? MARGIN + d->w * (CW + GAP) + 6 : MARGIN / 2,
                    TOP + MARGIN + (d->h - 1 - y) * (CH + GAP) + CH / 2 + 5, y + 1);
}

static void draw_shot(const pwg_data *d, const pwg_state *s, FILE *out)
{
    const pwg_combat *c = &s->combat;
    if (!(s->stage == PWG_S_TOSS || s->stage == PWG_S_SPEND) || c->kind != PWG_CB_RANGED)
        return;
    int a = s->loc[c->shooter], b = c->loc;
    if (a >= d->nlocs || a == b)
        return;
    double x1 = card_x(d, a) + CW / 2, y1 = card_y(d, a) + CH / 2;
    double x2 = card_x(d, b) + CW / 2, y2 = card_y(d, b) + CH / 2;
    double dx = x2 - x1, dy = y2 - y1, len = sqrt(dx * dx + dy * dy), cut = 40 / len;
    fprintf(out, "<g class=\"pw-shot\"><line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" "
            "stroke=\"#b00000\" stroke-width=\"5\" stroke-dasharray=\"12 6\" opacity=\"0.85\" "
            "marker-end=\"url(#pw-arrow)\"/></g>\n", x1 + dx * cut, y1 + dy * cut, x2 - dx * cut,
            y2 - dy * cut);
}

/* ---- the key -------------------------------------------------------------- */

static double key_terrain(const pwg_data *d, const pwg_state *s, double x, double y, FILE *out)
{
    bool used[PWG_MAX_TERRAINS] = {false};
    for (int loc = 0; loc < d->nlocs; loc++)
        if (dealt(d, s, loc))
            used[s->terr[loc]] = true;
    svg_key_heading(out, x, y, "Terrain (the card's suit)");
    y += 20;
    for (int t = 0; t < d->nterrain; t++) {
        if (!used[t])
            continue;
        const pwg_terrain *tt = &d->terrain[t];
        fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"28\" height=\"18\" rx=\"3\" fill=\"%s\" "
                "stroke=\"#333\"/>", x, y - 13, svg_colour(tt->colour));
        char words[160];
        size_t len = (size_t)snprintf(words, sizeof words, "%s", tt->name);
        static const struct { int flag; const char *name; } shown[] = {
            {PWG_TF_GOOD, "good going"}, {PWG_TF_COVER, "cover"}, {PWG_TF_STEEP, "steep"},
            {PWG_TF_LAKE, "impassable"},
        };
        const char *sep = ": ";
        if (tt->elevation && len < sizeof words) {
            len += (size_t)snprintf(words + len, sizeof words - len, "%selevation %d", sep,
                                    tt->elevation);
            sep = ", ";
        }
        for (size_t i = 0; i < sizeof shown / sizeof shown[0] && len < sizeof words; i++)
            if (tt->flags & shown[i].flag) {
                len += (size_t)snprintf(words + len, sizeof words - len, "%s%s", sep, shown[i].name);
                sep = ", ";
            }
        svg_key_words(out, x + 36, y, words);
        y += 22;
    }
    return y;
}

static double key_forces(const pwg_data *d, const pwg_state *s, int viewer, double x, double y,
                         FILE *out)
{
    bool secret = viewer != ENG_VIEW_ALL && pwg_hides_from(d, s, viewer);
    for (int f = 0; f < d->nforces; f++) {
        const pwg_force *fo = &d->force[f];
        const char *fill = force_fill(d, f);
        y += 8;
        fprintf(out, "<g id=\"f-%d\" class=\"pw-force\">", f + 1);
        fprintf(out, "<rect class=\"pw-edge\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"24\" "
                "fill=\"none\" stroke=\"none\"/>", x - 4, y - 17, KEY_W - 20);
        svg_key_owner(out, f, x, y, fill, fo->name);
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">strength %d", x + 120, y,
                pwg_strength(d, s, f));
        if (d->scores_points)
            fprintf(out, ", points %d", s->points[f]);
        if (d->alliances) {
            fputs(", allied:", out);
            bool any = false;
            for (int g = 0; g < d->nforces; g++)
                if (g != f && !pwg_opposed(s, f, g)) {
                    fprintf(out, " %d", g + 1);
                    any = true;
                }
            if (!any)
                fputs(" none", out);
        }
        fputs("</text></g>\n", out);
        y += 18;
        /* the coin set: type code and coin name */
        const pwg_coinset *cs = &d->coinset[fo->coins];
        char line[200];
        size_t len = (size_t)snprintf(line, sizeof line, "%s:", cs->title);
        bool has[PWG_MAX_TYPES] = {false};
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
            has[d->unit[u].type] = true;
        int shown = 0;
        for (int t = 0; t < d->ntypes; t++) {
            if (!has[t])
                continue;
            int u = fo->first_unit;
            while (d->unit[u].type != t)
                u++;
            if (shown == 4 && len < sizeof line) {
                svg_key_words(out, x + 8, y, line);
                y += 17;
                len = (size_t)snprintf(line, sizeof line, " ");
            }
            if (len < sizeof line)
                len += (size_t)snprintf(line + len, sizeof line - len, " %s %s", d->type[t].code,
                                        pwg_coin_name(d, u, false));
            shown++;
        }
        svg_key_words(out, x + 8, y, line);
        y += 17;
        /* coins still to deploy */
        int nleft = 0, count[PWG_MAX_TYPES] = {0};
        for (int u = fo->first_unit; u < fo->first_unit + fo->nunits; u++)
            if (s->cond[u] == PWG_UNPLACED || !pwg_visible(d, s, u, viewer)) {
                nleft++;
                count[d->unit[u].type] += s->cond[u] == PWG_UNPLACED;
            }
        if (!nleft)
            continue;
        if (secret && f != viewer) {
            snprintf(line, sizeof line, "%d coins to deploy (placed this round: not shown)", nleft);
            svg_key_words(out, x + 8, y, line);
            y += 17;
            continue;
        }
        svg_key_words(out, x + 8, y + 4, "to deploy:");
        double cx = x + 90;
        for (int t = 0; t < d->ntypes; t++) {
            if (!count[t])
                continue;
            char id[ENG_ELEM_ID_MAX];
            svg_id(id, sizeof id, "k-%d-%s", f + 1, d->type[t].code);
            if (cx > x + KEY_W - 70) {
                cx = x + 90;
                y += 30;
            }
            fprintf(out, "<g id=\"%s\" class=\"pw-tray\" data-owner=\"%d\"><rect class=\"pw-edge\" "
                    "x=\"%.0f\" y=\"%.0f\" width=\"54\" height=\"24\" rx=\"12\" fill=\"%s\" "
                    "stroke=\"#000\" stroke-width=\"1.5\"/><text x=\"%.0f\" y=\"%.0f\" "
                    "font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">"
                    "%s x%d</text></g>\n",
                    id, f + 1, cx, y - 12, fill, cx + 27, y + 4, svg_ink(fill), d->type[t].code,
                    count[t]);
            cx += 60;
        }
        y += 24;
    }
    return y;
}

static double key_symbols(const pwg_data *d, double x, double y, FILE *out)
{
    svg_key_heading(out, x, y, "Coins");
    y += 24;
    int f = 0;
    const char *fill = force_fill(d, f);
    fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"12\" fill=\"%s\" stroke=\"#000\" stroke-width=\"2\"/>",
            x + 14, y - 5, fill);
    svg_key_words(out, x + 36, y, "steady (heads up): full colour");
    y += 28;
    fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"12\" fill=\"#fbfbf6\" stroke=\"%s\" "
            "stroke-width=\"3\" stroke-dasharray=\"5 3\"/>", x + 14, y - 5, fill);
    svg_key_words(out, x + 36, y, "wavering (tails up): pale, dashed rim");
    y += 24;
    svg_key_words(out, x, y, "A coin shows its unit (HI1) and coin (2p);");
    y += 16;
    svg_key_words(out, x, y, "its force's mark, shape and number, at its edge.");
    y += 24;
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"28\" height=\"18\" rx=\"3\" fill=\"none\" "
            "stroke=\"#b00000\" stroke-width=\"3\" stroke-dasharray=\"6 3\"/>", x, y - 13);
    svg_key_words(out, x + 36, y, "a fight in progress; arrow: a shot");
    y += 20;
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"28\" height=\"14\" rx=\"4\" fill=\"#fff\" "
            "stroke=\"#b00000\" stroke-width=\"1.5\"/><text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" "
            "font-weight=\"bold\" text-anchor=\"middle\" fill=\"#b00000\">H</text>", x, y - 11, x + 14, y);
    svg_key_words(out, x + 36, y, "its toss: H heads, h spent, T tails, ? to toss");
    y += 22;
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"28\" height=\"18\" rx=\"3\" fill=\"#8a3b3b\"/>",
            x, y - 13);
    svg_key_words(out, x + 36, y, "a card still in the deck");
    y += 20;
    svg_key_words(out, x, y, "A card's code (QS: queen of spades) is at its");
    y += 16;
    svg_key_words(out, x, y, "top left, its place (c4) at its top right.");
    return y + 22;
}

void pwg_svg(const void *data, const void *st, int viewer, FILE *out)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    double board_w = MARGIN * 2 + d->w * (CW + GAP), board_h = TOP + MARGIN * 2 + d->h * (CH + GAP);
    geo g = {board_w + 10, board_w + 10 + KEY_W, board_h};
    if (g.h < 760)
        g.h = 760;
    char title[160];
    snprintf(title, sizeof title, "Pocket Wargame: %s", d->title[0] ? d->title : d->scenario);
    svg_begin(out, g.w, g.h, "pocket-wargame", title);
    svg_arrow_marker(out);
    char status[256];
    pwg_status_text(d, s, status, sizeof status);
    svg_heading(out, MARGIN, title, status);
    int combat_loc = (s->stage == PWG_S_TOSS || s->stage == PWG_S_SPEND) ? s->combat.loc : -1;
    draw_edges(d, out);
    for (int loc = 0; loc < d->nlocs; loc++)
        draw_card(d, s, loc, combat_loc, out);
    draw_coins(d, s, viewer, out);
    draw_shot(d, s, out);
    fprintf(out, "<g class=\"pw-key\">\n");
    double y = key_terrain(d, s, g.kx, TOP + 20, out);
    y = key_forces(d, s, viewer, g.kx, y + 6, out);
    key_symbols(d, g.kx, y + 14, out);
    fputs("</g>\n", out);
    svg_end(out);
}

/* ---- the elements of an action ------------------------------------------------ */

static void add_unit(const pwg_data *d, int u, eng_elements *e)
{
    if (u < 0 || u >= d->nunits)
        return;
    char id[ENG_ELEM_ID_MAX];
    unit_id(d, u, id, sizeof id);
    eng_elements_add(e, "%s", id);
}

static void add_place(const pwg_data *d, int loc, eng_elements *e)
{
    if (loc < 0 || loc >= d->nlocs)
        return;
    char id[ENG_ELEM_ID_MAX];
    place_id(d, loc, id, sizeof id);
    eng_elements_add(e, "%s", id);
}

void pwg_action_elements(const void *data, const void *st, eng_action a, eng_elements *e)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    int fa = PWG_FA(a), fb = PWG_FB(a), actor = pwg_actor(d, s);
    char id[ENG_ELEM_ID_MAX];
    switch (PWG_KIND(a)) {
    case PWG_A_DEAL:
        add_place(d, fb, e);
        break;
    case PWG_A_DEPLOY:
        if (actor >= 0 && fa < d->ntypes) {
            svg_id(id, sizeof id, "k-%d-%s", actor + 1, d->type[fa].code);
            eng_elements_add(e, "%s", id);
        }
        add_place(d, fb, e);
        break;
    case PWG_A_MOVE:
        add_unit(d, fa, e);
        add_place(d, fb, e);
        break;
    case PWG_A_SHOOT:
        add_unit(d, fa, e);
        add_unit(d, fb, e);
        break;
    case PWG_A_TOSS:
        add_unit(d, fa, e);
        break;
    case PWG_A_DAMAGE:
        if (fb)
            add_unit(d, fb - 1, e);
        add_unit(d, fa, e);
        break;
    case PWG_A_CANCEL:
    case PWG_A_ACCEPT:
        /* the unit just damaged, or where it stood if that destroyed it */
        if (s->combat.last_unit != PWG_NONE && PWG_ON_MAP(s->cond[s->combat.last_unit]))
            add_unit(d, s->combat.last_unit, e);
        else if (s->combat.last_unit != PWG_NONE)
            add_place(d, s->loc[s->combat.last_unit], e);
        break;
    case PWG_A_FIRST:
    case PWG_A_ALLY:
    case PWG_A_HOSTILE:
        if (fa < d->nforces)
            eng_elements_add(e, "f-%d", fa + 1);
        break;
    default:
        break;
    }
}
