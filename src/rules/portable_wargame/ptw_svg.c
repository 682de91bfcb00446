/*
 * ptw_svg.c - drawing a Portable Wargame position as SVG, and the board
 * elements of each action.
 *
 * The square grid as side 1 sees it (row 1 at the bottom), column letters
 * and row numbers on the edges. A square shows its terrain by colour, a
 * small picture and its name (hill, wood, town, fort, trench, river, ford),
 * a road as a band joining the next road squares, barbed wire as a row of
 * crosses, an objective as a flag in its holder's colour. A unit is a
 * counter in its side's colour with the map symbol of its arm (infantry a
 * cross, cavalry a diagonal, artillery a dot, machine guns two dots,
 * transport wheels, a commander a flag), its label, its quality as a
 * letter (E, A, P) and, with the 2014 close combat, its strength as pips;
 * its facing is an arrowhead on the side it faces. A limbered gun rides on
 * its transport's counter ("limbered" and the gun's label). The unit in
 * action, a fire and a close combat are marked; the key on the right says
 * what every symbol means, the losses and the compass points a facing is
 * chosen by.
 *
 * Ids: "p-c4" a square; "u-1-INF1" a unit (side, type code, number), a
 * limbered gun too; "dir-N" .. "dir-W" the compass points (facing choices).
 * Nothing is hidden in this game.
 */
#include <math.h>
#include <string.h>
#include "ptw.h"
#include "svg.h"

#define SQ 110.0
#define MARGIN 26.0
#define TOP 44.0
#define KEY_W 340.0

static double sq_x(const ptw_data *d, int sq) { return MARGIN + d->x[sq] * SQ; }
static double sq_y(const ptw_data *d, int sq) { return TOP + MARGIN + (d->h - 1 - d->y[sq]) * SQ; }

static void unit_id(const ptw_data *d, int u, char *buf, size_t n)
{
    svg_id(buf, n, "u-%d-%s%d", d->unit[u].side + 1, d->type[d->unit[u].type].code, d->unit[u].num);
}

static void place_id(const ptw_data *d, int sq, char *buf, size_t n)
{
    char l[8];
    ptw_sq_name(d, sq, l, sizeof l);
    svg_id(buf, n, "p-%s", l);
}

static const char *side_fill(const ptw_data *d, int side) { return svg_colour(d->side[side].colour); }

static const char *terrain_fill(const ptw_data *d, int sq)
{
    if (d->kind[sq] == PTW_T_OPEN)
        return (d->sq[sq] & PTW_SQ_HILL) ? "#d8c98c" : "#dbe8b8";
    static const char *const fills[PTW_T_KINDS] = {"#dbe8b8", "#79a865", "#c9c4bb", "#d9c39a",
                                                   "#b89a78", "#6fa8dc", "#a9cfee"};
    return fills[d->kind[sq]];
}

static const char *terrain_word(const ptw_data *d, int sq, char *buf, size_t n)
{
    bool hill = d->sq[sq] & PTW_SQ_HILL;
    if (d->kind[sq] == PTW_T_OPEN)
        snprintf(buf, n, "%s", hill ? "hill" : "");
    else
        snprintf(buf, n, "%s%s", ptw_kinds[d->kind[sq]].label, hill ? " on hill" : "");
    return buf;
}

static void terrain_picture(const ptw_data *d, const ptw_state *s, int sq, FILE *out)
{
    double x = sq_x(d, sq), y = sq_y(d, sq);
    if (d->sq[sq] & PTW_SQ_HILL)
        fprintf(out, "<path d=\"M%.0f %.0f q44 -52 88 0\" fill=\"none\" stroke=\"#8a7434\" "
                "stroke-width=\"3\" opacity=\"0.55\"/>", x + 6, y + SQ - 14);
    switch (d->kind[sq]) {
    case PTW_T_WOODS:
        for (int i = 0; i < 4; i++)
            fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"8\" fill=\"#2f5e2a\" opacity=\"0.5\"/>",
                    x + 14 + (i % 2) * 72, y + 14 + (i / 2) * 62);
        break;
    case PTW_T_BUILT:
        for (int i = 0; i < 3; i++)
            fprintf(out, "<path d=\"M%.0f %.0f v-8 l7 -7 l7 7 v8 z\" fill=\"#8c6d5a\" opacity=\"0.7\"/>",
                    x + 8 + i * 32, y + SQ - 8);
        break;
    case PTW_T_FORT:
        fprintf(out, "<path d=\"M%.0f %.0f l8 -8 l8 8 l8 -8 l8 8 l8 -8 l8 8 l8 -8 l8 8 l8 -8 l8 8\" "
                "fill=\"none\" stroke=\"#6b5330\" stroke-width=\"3\"/>", x + 10, y + 14);
        break;
    case PTW_T_TRENCH:
        fprintf(out, "<path d=\"M%.0f %.0f h80 M%.0f %.0f v6 m16 -6 v6 m16 -6 v6 m16 -6 v6 m16 -6 v6\" "
                "stroke=\"#4a3420\" stroke-width=\"3\" fill=\"none\"/>", x + 10, y + 12, x + 14, y + 12);
        break;
    case PTW_T_RIVER:
    case PTW_T_FORD:
        for (int i = 0; i < 2; i++)
            fprintf(out, "<path d=\"M%.0f %.0f q10 -7 20 0 t20 0 t20 0 t20 0\" fill=\"none\" "
                    "stroke=\"#fff\" stroke-width=\"2.5\" opacity=\"0.8\"/>", x + 10, y + 14 + i * 70);
        if (d->kind[sq] == PTW_T_FORD)
            for (int i = 0; i < 4; i++)
                fprintf(out, "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"4\" fill=\"#8c7a60\"/>", x + 14 + i * 24,
                        y + SQ / 2 + ((i & 1) ? 30 : -30));
        break;
    default:
        break;
    }
    if (d->sq[sq] & PTW_SQ_ROAD) {
        /* a band to the square's centre from each side with a road next to it
         * (north-south through the square when it has no road neighbour) */
        double cx = x + SQ / 2, cy = y + SQ / 2;
        bool any = false;
        for (int k = 0; k < 4; k++) {
            int m = d->nbr[sq][k];
            if (m == PTW_NONE || !(d->sq[m] & PTW_SQ_ROAD))
                continue;
            any = true;
            fprintf(out, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#b99d6b\" "
                    "stroke-width=\"12\" opacity=\"0.75\"/>", cx, cy, cx + ptw_dx[k] * SQ / 2,
                    cy - ptw_dy[k] * SQ / 2);
        }
        if (!any)
            fprintf(out, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#b99d6b\" "
                    "stroke-width=\"12\" opacity=\"0.75\"/>", cx, y, cx, y + SQ);
    }
    if (ptw_wired(s, sq))
        for (int i = 0; i < 6; i++)
            fprintf(out, "<path d=\"M%.0f %.0f l7 7 m0 -7 l-7 7\" stroke=\"#222\" stroke-width=\"2\"/>",
                    x + 5, y + 22 + i * 14);
}

static void draw_square(const ptw_data *d, const ptw_state *s, int sq, FILE *out)
{
    char id[ENG_ELEM_ID_MAX], l[8], w[32];
    place_id(d, sq, id, sizeof id);
    ptw_sq_name(d, sq, l, sizeof l);
    double x = sq_x(d, sq), y = sq_y(d, sq);
    fprintf(out, "<g id=\"%s\" class=\"pw-place\" data-place=\"%s\">", id, l);
    fprintf(out, "<rect class=\"pw-edge\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" "
            "fill=\"%s\" stroke=\"#7a7a6a\" stroke-width=\"1\"/>", x, y, SQ, SQ, terrain_fill(d, sq));
    terrain_picture(d, s, sq, out);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" fill=\"#333\">%s</text>", x + 4, y + 12, l);
    terrain_word(d, sq, w, sizeof w);
    if (w[0])
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\" fill=\"#222\">%s"
                "</text>", x + SQ - 4, y + 12, w);
    for (int i = 0; i < d->victory.nobj; i++)
        if (d->victory.obj[i] == sq) {
            int h = s->holder[i];
            const char *fill = h == PTW_NONE ? "#ffffff" : side_fill(d, h);
            fprintf(out, "<path d=\"M%.0f %.0f v-26 l16 6 l-16 6\" fill=\"%s\" stroke=\"#000\" "
                    "stroke-width=\"1.5\"/>", x + SQ - 22, y + SQ - 4, fill);
            if (h != PTW_NONE)
                fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"9\" font-weight=\"bold\" "
                        "fill=\"%s\">%d</text>", x + SQ - 20, y + SQ - 18, svg_ink(fill), h + 1);
        }
    fputs("</g>\n", out);
}

/* The map symbol of a unit's arm inside the box (x, y, w, h). */
static void arm_symbol(int cls, double x, double y, double w, double h, const char *ink, FILE *out)
{
    fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"%s\" "
            "stroke-width=\"1.5\"/>", x, y, w, h, ink);
    switch (cls) {
    case PTW_C_INFANTRY:
        fprintf(out, "<path d=\"M%.1f %.1f L%.1f %.1f M%.1f %.1f L%.1f %.1f\" stroke=\"%s\" "
                "stroke-width=\"1.5\"/>", x, y, x + w, y + h, x + w, y, x, y + h, ink);
        break;
    case PTW_C_CAVALRY:
        fprintf(out, "<path d=\"M%.1f %.1f L%.1f %.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>", x,
                y + h, x + w, y, ink);
        break;
    case PTW_C_ARTILLERY:
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>", x + w / 2, y + h / 2,
                h / 4, ink);
        break;
    case PTW_C_MG:
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/><circle cx=\"%.1f\" "
                "cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>", x + w / 3, y + h / 2, h / 6, ink,
                x + 2 * w / 3, y + h / 2, h / 6, ink);
        break;
    case PTW_C_TRANSPORT:
        fprintf(out, "<path d=\"M%.1f %.1f h%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/><circle "
                "cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\"/><circle cx=\"%.1f\" "
                "cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\"/>", x + 2, y + h / 2, w - 4, ink,
                x + w / 3, y + h * 0.75, h / 6, ink, x + 2 * w / 3, y + h * 0.75, h / 6, ink);
        break;
    case PTW_C_COMMANDER:
        fprintf(out, "<path d=\"M%.1f %.1f v%.1f M%.1f %.1f h%.1f v%.1f h%.1f\" stroke=\"%s\" "
                "fill=\"%s\" stroke-width=\"1.5\"/>", x + w * 0.35, y + h - 2, -(h - 4), x + w * 0.35,
                y + 2, w * 0.35, h * 0.4, -w * 0.35, ink, ink);
        break;
    default:
        break;
    }
}

/* An arrowhead on the side of box (x, y, w, h) that faces dir. */
static void facing_mark(int dir, double x, double y, double w, double h, const char *fill, FILE *out)
{
    double cx = x + w / 2, cy = y + h / 2, a = 9;
    double px = cx + ptw_dx[dir] * (w / 2 + a), py = cy - ptw_dy[dir] * (h / 2 + a);
    double bx = cx + ptw_dx[dir] * w / 2, by = cy - ptw_dy[dir] * h / 2;
    double ox = ptw_dy[dir] * a, oy = ptw_dx[dir] * a;
    fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\" stroke=\"#000\" "
            "stroke-width=\"1.2\"/>", px, py, bx + ox, by + oy, bx - ox, by - oy, fill);
}

static void draw_unit(const ptw_data *d, const ptw_state *s, int u, double x, double y, double w,
                      double h, FILE *out)
{
    char id[ENG_ELEM_ID_MAX], lab[16];
    int side = d->unit[u].side;
    const ptw_type *t = ptw_type_of(d, u);
    const char *fill = side_fill(d, side), *ink = svg_ink(fill);
    unit_id(d, u, id, sizeof id);
    ptw_unit_ref(d, u, side, lab, sizeof lab);
    int gun = -1;
    for (int g = 0; g < d->nunits; g++)
        if (s->towed_by[g] == u && ptw_alive(s, g))
            gun = g;
    char at[8];
    ptw_sq_name(d, s->loc[u], at, sizeof at);
    fprintf(out, "<g id=\"%s\" class=\"pw-unit\" data-owner=\"%d\" data-at=\"%s\" data-facing=\"%c\">",
            id, side + 1, at, ptw_dir_char(s->facing[u]));
    fprintf(out, "<title>%d/%s ", side + 1, lab);
    svg_text(out, t->name);
    fprintf(out, ", %s, facing %s", ptw_quality_name(d->unit[u].quality), ptw_dir_name(s->facing[u]));
    if (d->cc2014)
        fprintf(out, ", strength %d", s->strength[u]);
    if (s->hits[u])
        fprintf(out, ", %d hit%s to resolve", s->hits[u], s->hits[u] == 1 ? "" : "s");
    fputs("</title>", out);
    facing_mark(s->facing[u] & 3, x, y, w, h, fill, out);
    fprintf(out, "<rect class=\"pw-edge\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"3\" "
            "fill=\"%s\" stroke=\"#000\" stroke-width=\"1.5\"/>", x, y, w, h, fill);
    double sh = h * 0.42 > 16 ? 16 : h * 0.42;
    arm_symbol(t->cls, x + 5, y + 4, sh * 1.5, sh, ink, out);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" fill=\"%s\">%s"
            "</text>", x + 5, y + h - 5, sh * 0.95, ink, lab);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" "
            "text-anchor=\"end\" fill=\"%s\">%c</text>", x + w - 16, y + sh + 2, sh * 0.9, ink,
            "EAP"[d->unit[u].quality]);
    svg_owner_mark(out, side, x + w - 8, y + 8, 6, fill);
    if (d->cc2014)
        for (int i = 0; i < s->strength[u] && i < 6; i++)
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.6\" fill=\"%s\"/>", x + w - 6 - i * 7,
                    y + h - 7, ink);
    if (s->hits[u])
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" font-weight=\"bold\" fill=\"#b00000\" "
                "stroke=\"#fff\" stroke-width=\"0.6\">%d hit%s</text>", x + w / 2, y - 2, s->hits[u],
                s->hits[u] == 1 ? "" : "s");
    fputs("</g>\n", out);
    if (gun >= 0) {
        /* the limbered gun rides on the transport: a small counter of its own */
        char gid[ENG_ELEM_ID_MAX], glab[16];
        unit_id(d, gun, gid, sizeof gid);
        ptw_unit_ref(d, gun, side, glab, sizeof glab);
        /* hitched under the transport's counter, like a trailer */
        double gx = x + 4, gy = y + h + 1, gw = w - 8, gh = 15;
        fprintf(out, "<g id=\"%s\" class=\"pw-unit pw-limbered\" data-owner=\"%d\" data-at=\"%s\">", gid,
                side + 1, at);
        fprintf(out, "<title>%d/%s ", side + 1, glab);
        svg_text(out, ptw_type_of(d, gun)->name);
        fprintf(out, ", limbered, towed by %s</title>", lab);
        fprintf(out, "<rect class=\"pw-edge\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" "
                "fill=\"#fff\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"4 2\"/>", gx, gy, gw,
                gh, fill);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" font-weight=\"bold\" "
                "text-anchor=\"middle\" fill=\"#000\">%s limbered</text></g>\n", gx + gw / 2, gy + 11,
                glab);
    }
}

static void draw_units(const ptw_data *d, const ptw_state *s, FILE *out)
{
    for (int sq = 0; sq < d->nsq; sq++) {
        int list[8], n = 0;
        for (int u = 0; u < d->nunits && n < 8; u++)
            if (s->loc[u] == sq && s->towed_by[u] == PTW_NONE)
                list[n++] = u;
        if (!n)
            continue;
        double x = sq_x(d, sq), y = sq_y(d, sq);
        double gap = 10, h = n == 1 ? 50 : (SQ - 24 - gap * (n - 1)) / n, w = n == 1 ? 74 : 76;
        double y0 = y + (SQ - h * n - gap * (n - 1)) / 2 + 3;
        for (int i = 0; i < n; i++)
            draw_unit(d, s, list[i], x + (SQ - w) / 2, y0 + i * (h + gap), w, h, out);
    }
}

static void arrow(const ptw_data *d, int from, int to, const char *colour, FILE *out)
{
    if (from == PTW_NONE || to == PTW_NONE || from >= d->nsq || to >= d->nsq || from == to)
        return;
    double x1 = sq_x(d, from) + SQ / 2, y1 = sq_y(d, from) + SQ / 2;
    double x2 = sq_x(d, to) + SQ / 2, y2 = sq_y(d, to) + SQ / 2;
    /* from the edge of the counter to the edge of the target's */
    double dx = x2 - x1, dy = y2 - y1, len = sqrt(dx * dx + dy * dy), cut = 30 / len;
    fprintf(out, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"4\" "
            "stroke-dasharray=\"10 5\" marker-end=\"url(#pw-arrow)\" opacity=\"0.85\"/>\n",
            x1 + dx * cut, y1 + dy * cut, x2 - dx * cut, y2 - dy * cut, colour);
}

static void draw_activity(const ptw_data *d, const ptw_state *s, FILE *out)
{
    fputs("<g class=\"pw-activity\">\n", out);
    if (s->active != PTW_NONE && ptw_alive(s, s->active)) {
        int sq = s->loc[s->active];
        fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"none\" "
                "stroke=\"#000\" stroke-width=\"3\" stroke-dasharray=\"2 4\"/>\n", sq_x(d, sq) + 2,
                sq_y(d, sq) + 2, SQ - 4, SQ - 4);
    }
    if (s->stage == PTW_S_SHOT && ptw_alive(s, s->shooter))
        arrow(d, s->loc[s->shooter], s->shot_sq, "#b00000", out);
    if (s->cc_att != PTW_NONE && ptw_alive(s, s->cc_att))
        arrow(d, s->loc[s->cc_att], s->cc_sq, "#7a0000", out);
    for (int g = 0; g < d->nunits; g++)
        if (s->target[g] != PTW_NONE && ptw_alive(s, g) &&
            (s->stage == PTW_S_ARTY || s->stage == PTW_S_LANDING))
            arrow(d, s->loc[g], s->target[g], "#444", out);
    fputs("</g>\n", out);
}

static void draw_edges(const ptw_data *d, FILE *out)
{
    for (int x = 0; x < d->w; x++)
        for (int side = 0; side < 2; side++)
            fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"15\" text-anchor=\"middle\" "
                    "fill=\"#555\">%c</text>\n", MARGIN + x * SQ + SQ / 2,
                    side ? TOP + MARGIN + d->h * SQ + 17 : TOP + MARGIN - 8, 'a' + x);
    for (int y = 0; y < d->h; y++)
        for (int side = 0; side < 2; side++)
            fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"15\" text-anchor=\"middle\" "
                    "fill=\"#555\">%d</text>\n", side ? MARGIN + d->w * SQ + 13 : MARGIN / 2,
                    TOP + MARGIN + (d->h - 1 - y) * SQ + SQ / 2 + 5, y + 1);
}

/* ---- the key --------------------------------------------------------------- */

static double key_sides(const ptw_data *d, const ptw_state *s, double x, double y, FILE *out)
{
    svg_key_heading(out, x, y, "Sides");
    y += 22;
    for (int f = 0; f < 2; f++) {
        const ptw_side *sd = &d->side[f];
        svg_key_owner(out, f, x, y, side_fill(d, f), sd->name);
        char line[160];
        snprintf(line, sizeof line, "%d of %d units left, %d lost", ptw_units_left(d, s, f),
                 sd->nunits, ptw_lost(d, s, f));
        fputc('\n', out);
        svg_key_words(out, x + 100, y, line);
        y += 17;
        snprintf(line, sizeof line, "exhausted at %d lost%s%s", sd->exhaustion,
                 s->exhausted[f] ? " (reached)" : "", s->side_a == f ? "; side A this turn" : "");
        svg_key_words(out, x + 26, y, line);
        y += 22;
    }
    return y;
}

static double key_units(const ptw_data *d, double x, double y, FILE *out)
{
    svg_key_heading(out, x, y, "Units");
    y += 10;
    bool has[PTW_C_CLASSES] = {false};
    for (int u = 0; u < d->nunits; u++)
        has[ptw_type_of(d, u)->cls] = true;
    static const char *const arms[PTW_C_CLASSES] = {"infantry", "cavalry", "machine gun",
                                                    "artillery", "transport", "commander"};
    for (int c = 0; c < PTW_C_CLASSES; c++) {
        if (!has[c])
            continue;
        arm_symbol(c, x + 2, y, 24, 16, "#000", out);
        svg_key_words(out, x + 36, y + 13, arms[c]);
        y += 22;
    }
    y += 8;
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"30\" height=\"18\" rx=\"3\" fill=\"#ccc\" "
            "stroke=\"#000\"/>", x, y - 13);
    facing_mark(PTW_E, x, y - 13, 30, 18, "#ccc", out);
    fputc('\n', out);
    svg_key_words(out, x + 50, y, "arrowhead: the side it faces");
    y += 20;
    svg_key_words(out, x, y, "E, A, P: elite, average, poor");
    y += 18;
    if (d->cc2014) {
        svg_key_words(out, x, y, "dots: strength (2014 close combat)");
        y += 18;
    }
    fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"30\" height=\"14\" rx=\"2\" fill=\"#fff\" "
            "stroke=\"#555\" stroke-width=\"2\" stroke-dasharray=\"4 2\"/>", x, y - 11);
    svg_key_words(out, x + 50, y, "a gun limbered on its transport");
    y += 20;
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\" font-weight=\"bold\" fill=\"#b00000\">"
            "1 hit</text>", x, y);
    svg_key_words(out, x + 50, y, "hits still to be resolved");
    y += 20;
    svg_key_words(out, x, y, "dotted frame: the unit in action;");
    y += 16;
    svg_key_words(out, x, y, "arrows: fire, close combat, guns' targets");
    return y + 22;
}

static double key_terrain(const ptw_data *d, double x, double y, FILE *out)
{
    svg_key_heading(out, x, y, "Terrain");
    y += 20;
    bool has[PTW_T_KINDS] = {false}, hill = false, road = false;
    for (int sq = 0; sq < d->nsq; sq++) {
        has[d->kind[sq]] = true;
        hill |= (d->sq[sq] & PTW_SQ_HILL) != 0;
        road |= (d->sq[sq] & PTW_SQ_ROAD) != 0;
    }
    static const char *const what[PTW_T_KINDS] = {
        "open", "woods: cover, blocks sight, stop", "town: cover, blocks sight",
        "fort: cover", "trench: cover, stop", "river: impassable", "ford: stop"};
    static const char *const fills[PTW_T_KINDS] = {"#dbe8b8", "#79a865", "#c9c4bb", "#d9c39a",
                                                   "#b89a78", "#6fa8dc", "#a9cfee"};
    for (int k = 0; k < PTW_T_KINDS; k++) {
        if (!has[k])
            continue;
        fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"28\" height=\"16\" fill=\"%s\" stroke=\"#555\"/>",
                x, y - 12, fills[k]);
        svg_key_words(out, x + 36, y, what[k]);
        y += 20;
    }
    if (hill) {
        fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"28\" height=\"16\" fill=\"#d8c98c\" "
                "stroke=\"#555\"/>", x, y - 12);
        svg_key_words(out, x + 36, y, "hill: sight over, uphill attack");
        y += 20;
    }
    if (road) {
        fprintf(out, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#b99d6b\" "
                "stroke-width=\"8\"/>", x, y - 4, x + 28, y - 4);
        svg_key_words(out, x + 36, y, "road: one more square along it");
        y += 20;
    }
    fprintf(out, "<path d=\"M%.0f %.0f l8 8 m0 -8 l-8 8 m14 -8 l8 8 m0 -8 l-8 8\" stroke=\"#222\" "
            "stroke-width=\"2\"/>", x + 2, y - 11);
    svg_key_words(out, x + 36, y, "barbed wire");
    y += 20;
    if (d->victory.nobj) {
        fprintf(out, "<path d=\"M%.0f %.0f v-16 l12 4 l-12 4\" fill=\"#fff\" stroke=\"#000\"/>", x + 8,
                y + 2);
        svg_key_words(out, x + 36, y, "objective, in its holder's colour");
        y += 20;
    }
    return y;
}

/* The compass: facing choices are clicked here. */
static double key_compass(double x, double y, FILE *out)
{
    svg_key_heading(out, x, y, "Facing (click to choose)");
    double cx = x + 50, cy = y + 48;
    for (int k = 0; k < 4; k++) {
        double px = cx + ptw_dx[k] * 30, py = cy - ptw_dy[k] * 30;
        fprintf(out, "<g id=\"dir-%c\" class=\"pw-dir\"><circle class=\"pw-edge\" cx=\"%.0f\" "
                "cy=\"%.0f\" r=\"13\" fill=\"#fff\" stroke=\"#444\" stroke-width=\"1.5\"/><text x=\"%.0f\" "
                "y=\"%.0f\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\">%c</text></g>\n",
                ptw_dir_char(k), px, py, px, py + 5, ptw_dir_char(k));
    }
    return y + 96;
}

void ptw_svg(const void *data, const void *st, int viewer, FILE *out)
{
    (void)viewer;
    const ptw_data *d = data;
    const ptw_state *s = st;
    double board_w = MARGIN * 2 + d->w * SQ, board_h = TOP + MARGIN * 2 + d->h * SQ;
    double kx = board_w + 10, w = kx + KEY_W, h = board_h < 800 ? 800 : board_h;
    char title[200];
    snprintf(title, sizeof title, "The Portable Wargame: %s (close combat %s)", d->title,
             d->cc2014 ? "2014" : "1800s");
    svg_begin(out, w, h, "portable-wargame", title);
    svg_arrow_marker(out);
    char status[256];
    ptw_status_text(d, s, status, sizeof status);
    svg_heading(out, MARGIN, title, status);
    draw_edges(d, out);
    for (int sq = 0; sq < d->nsq; sq++)
        draw_square(d, s, sq, out);
    draw_units(d, s, out);
    draw_activity(d, s, out);
    fputs("<g class=\"pw-key\">\n", out);
    double y = key_sides(d, s, kx, TOP + 20, out);
    y = key_units(d, kx, y + 10, out);
    y = key_terrain(d, kx, y + 6, out);
    key_compass(kx, y + 10, out);
    fputs("</g>\n", out);
    svg_end(out);
}

/* ---- the elements of an action ------------------------------------------------- */

static void add_unit(const ptw_data *d, int u, eng_elements *e)
{
    if (u < 0 || u >= d->nunits)
        return;
    char id[ENG_ELEM_ID_MAX];
    unit_id(d, u, id, sizeof id);
    eng_elements_add(e, "%s", id);
}

static void add_place(const ptw_data *d, int sq, eng_elements *e)
{
    if (sq < 0 || sq >= d->nsq)
        return;
    char id[ENG_ELEM_ID_MAX];
    place_id(d, sq, id, sizeof id);
    eng_elements_add(e, "%s", id);
}

/* The enemies of side at sq, then sq itself. */
static void add_target(const ptw_data *d, const ptw_state *s, int side, int sq, eng_elements *e)
{
    for (int u = 0; u < d->nunits; u++)
        if (s->loc[u] == sq && sq < d->nsq && d->unit[u].side != side)
            add_unit(d, u, e);
    add_place(d, sq, e);
}

void ptw_action_elements(const void *data, const void *st, eng_action a, eng_elements *e)
{
    const ptw_data *d = data;
    const ptw_state *s = st;
    int u = PTW_FU(a), sq = PTW_FSQ(a), v = PTW_FV(a);
    int side = u < d->nunits ? d->unit[u].side : 0;
    switch (PTW_KIND(a)) {
    case PTW_A_MOVE:
    case PTW_A_RETREAT:
        add_unit(d, u, e);
        add_place(d, sq, e);
        break;
    case PTW_A_BOMBARD:
    case PTW_A_FIRE:
    case PTW_A_ASSAULT:
        add_unit(d, u, e);
        add_target(d, s, side, sq, e);
        break;
    case PTW_A_FACE:
    case PTW_A_UNLIMBER:
        add_unit(d, u, e);
        if (v >= 0 && v < 4)
            eng_elements_add(e, "dir-%c", ptw_dir_char(v));
        break;
    case PTW_A_ADVANCE:
        add_unit(d, u, e);
        if (s->stage == PTW_S_ADVANCE)
            add_place(d, ptw_cc_won_square(s, u), e);
        break;
    case PTW_A_LIMBER:
        add_unit(d, u, e);
        if (u < d->nunits && ptw_alive(s, u)) {
            int g = ptw_gun_to_limber(d, s, u);
            if (g >= 0)
                add_unit(d, g, e);
        }
        break;
    case PTW_A_WIRE:
    case PTW_A_CLEAR:
        add_unit(d, u, e);
        if (u < d->nunits && ptw_alive(s, u))
            add_place(d, s->loc[u], e);
        break;
    case PTW_A_STAY:
    case PTW_A_CC_ROLL:
    case PTW_A_HIT_ROLL:
        add_unit(d, u, e);
        break;
    case PTW_A_LAND_ROLL:
        add_unit(d, u, e);
        if (u < d->nunits)
            add_place(d, s->target[u], e);
        break;
    case PTW_A_SHOT_ROLL:
        add_unit(d, u, e);
        add_target(d, s, side, s->shot_sq, e);
        break;
    default:
        break;
    }
}
