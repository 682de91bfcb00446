/*
 * ptw_render.c - drawing a Portable Wargame position for a terminal.
 *
 * The board as side 1 sees it (row 1 at the bottom), column letters and
 * row numbers on the edges. Each square is a cell 9 characters wide: its
 * first line the terrain ("wood", "h-wood" a wooded hill, "hill", "=" a
 * road, "#" barbed wire; open ground is blank), then one line per unit:
 * side number, label, facing (^ > v < for N E S W, ~ for a limbered gun)
 * and quality (e elite, a average, p poor), then with the 2014 revision its
 * strength: "1INF1^a", "2CAV1va3". With colour the cell takes its
 * terrain's colour and units their side's; without, plain ASCII with the
 * same information. Below: a key, each side's losses and exhaustion, what
 * is going on (the unit in action, a fire or close combat, hits waiting),
 * and the status line.
 */
#include <stdio.h>
#include <string.h>
#include "english.h"
#include "ptw.h"
#include "svg.h"

#define CELL 9

static const char *cell_colour(const ptw_data *d, int sq)
{
    if (d->kind[sq] == PTW_T_OPEN && (d->sq[sq] & PTW_SQ_HILL))
        return "olive";
    return ptw_kinds[d->kind[sq]].colour;
}

static void terrain_text(const ptw_data *d, const ptw_state *s, int sq, char *buf, size_t n)
{
    const char *lab = ptw_kinds[d->kind[sq]].label;
    bool hill = d->sq[sq] & PTW_SQ_HILL, open = d->kind[sq] == PTW_T_OPEN;
    snprintf(buf, n, "%s%s%s%s", hill ? (open ? "hill" : "h-") : "", open ? "" : lab,
             (d->sq[sq] & PTW_SQ_ROAD) ? "=" : "", ptw_wired(s, sq) ? "#" : "");
}

static void unit_text(const ptw_data *d, const ptw_state *s, int u, char *buf, size_t n)
{
    char lab[16];
    ptw_unit_ref(d, u, d->unit[u].side, lab, sizeof lab);
    char face = s->towed_by[u] != PTW_NONE ? '~' : "^>v<"[s->facing[u] & 3];
    char q = "eap"[d->unit[u].quality];
    if (d->cc2014)
        snprintf(buf, n, "%d%s%c%c%d", d->unit[u].side + 1, lab, face, q, s->strength[u]);
    else
        snprintf(buf, n, "%d%s%c%c", d->unit[u].side + 1, lab, face, q);
}

static void rule_line(const ptw_data *d, FILE *out)
{
    fputs("   +", out);
    for (int x = 0; x < d->w; x++) {
        for (int i = 0; i < CELL; i++)
            fputc('-', out);
        fputc('+', out);
    }
    fputc('\n', out);
}

static void letters(const ptw_data *d, FILE *out)
{
    fputs("    ", out);
    for (int x = 0; x < d->w; x++)
        fprintf(out, "%-*c", CELL + 1, 'a' + x);
    fputc('\n', out);
}

static void draw_board(const ptw_data *d, const ptw_state *s, bool color, FILE *out)
{
    letters(d, out);
    rule_line(d, out);
    for (int y = d->h - 1; y >= 0; y--) {
        int list[PTW_MAX_W][8], cnt[PTW_MAX_W], lines = 1;
        for (int x = 0; x < d->w; x++) {
            cnt[x] = 0;
            for (int u = 0; u < d->nunits && cnt[x] < 8; u++)
                if (s->loc[u] == y * d->w + x)
                    list[x][cnt[x]++] = u;
            if (cnt[x] > lines)
                lines = cnt[x];
        }
        for (int line = 0; line <= lines; line++) {
            if (line == 0)
                fprintf(out, "%2d |", y + 1);
            else
                fputs("   |", out);
            for (int x = 0; x < d->w; x++) {
                int sq = y * d->w + x;
                char text[32] = "";
                int u = line > 0 && line - 1 < cnt[x] ? list[x][line - 1] : -1;
                if (line == 0)
                    terrain_text(d, s, sq, text, sizeof text);
                else if (u >= 0)
                    unit_text(d, s, u, text, sizeof text);
                if (color) {
                    fprintf(out, "\033[48;5;%dm\033[38;5;16m", svg_colour_term(cell_colour(d, sq)));
                    if (u >= 0)
                        fprintf(out, "\033[1m\033[38;5;%dm",
                                svg_colour_term(d->side[d->unit[u].side].colour));
                }
                fprintf(out, "%-*.*s", CELL, CELL, text);
                if (color)
                    fputs("\033[0m", out);
                fputc('|', out);
            }
            fprintf(out, line == 0 ? " %d\n" : "\n", y + 1);
        }
        rule_line(d, out);
    }
    letters(d, out);
}

static void draw_activity(const ptw_data *d, const ptw_state *s, FILE *out)
{
    char r1[24], r2[24], l[8];
    if (s->active != PTW_NONE) {
        ptw_unit_ref(d, s->active, -1, r1, sizeof r1);
        fprintf(out, "In action: %s, %d square%s moved%s%s%s\n", r1, s->act_steps,
                s->act_steps == 1 ? "" : "s",
                (s->act_bits & PTW_ACT_MOVEDONE) ? ", move over"
                : (s->act_bits & PTW_ACT_NOSTEP) ? ", stopped" : "",
                ptw_bit(s->fired, s->active) ? ", fired" : "",
                (s->act_bits & PTW_ACT_FOUGHT) ? ", fought" : "");
    }
    if (s->stage == PTW_S_SHOT) {
        ptw_unit_ref(d, s->shooter, -1, r1, sizeof r1);
        ptw_sq_name(d, s->shot_sq, l, sizeof l);
        int dice = ptw_type_of(d, s->shooter)->dice;
        fprintf(out, "Fire: %s at %s, %d of %d %s rolled, %d hit%s (modifier %+d, 5 or more "
                "hits)\n", r1, l, s->shot_die, dice, eng_noun(dice, "die", "dice"), s->shot_hits,
                s->shot_hits == 1 ? "" : "s", ptw_shot_modifier(d, s, s->shooter, s->shot_sq));
    }
    if (s->cc_att != PTW_NONE) {
        ptw_unit_ref(d, s->cc_att, -1, r1, sizeof r1);
        ptw_unit_ref(d, s->cc_def, -1, r2, sizeof r2);
        ptw_sq_name(d, s->cc_sq, l, sizeof l);
        fprintf(out, "Close combat: %s attacks %s at %s", r1, r2, l);
        if (s->cc_round > 1)
            fprintf(out, ", round %d", s->cc_round);
        if (s->cc_roll_a)
            fprintf(out, "; attacker rolled %d", s->cc_roll_a);
        fputc('\n', out);
    }
    bool any = false;
    for (int u = 0; u < d->nunits; u++)
        if (s->hits[u]) {
            ptw_unit_ref(d, u, -1, r1, sizeof r1);
            fprintf(out, "%s %s %d hit%s", any ? "," : "Hits to resolve:", r1, s->hits[u],
                    s->hits[u] == 1 ? "" : "s");
            any = true;
        }
    if (any)
        fputc('\n', out);
    any = false;
    for (int g = 0; g < d->nunits; g++)
        if (s->target[g] != PTW_NONE) {
            ptw_unit_ref(d, g, -1, r1, sizeof r1);
            ptw_sq_name(d, s->target[g], l, sizeof l);
            fprintf(out, "%s %s at %s", any ? "," : "Guns fired this turn:", r1, l);
            bool landed = s->stage != PTW_S_ARTY && (s->stage != PTW_S_LANDING || g < s->cursor);
            if (landed) {
                ptw_sq_name(d, s->landing[g], l, sizeof l);
                fprintf(out, " (landed %s)", s->landing[g] == PTW_NONE ? "nowhere" : l);
            }
            any = true;
        }
    if (any)
        fputc('\n', out);
}

void ptw_render(const void *data, const void *st, int viewer, bool color, FILE *out)
{
    (void)viewer;
    const ptw_data *d = data;
    const ptw_state *s = st;
    char buf[256];
    fprintf(out, "The Portable Wargame: %s (close combat %s)\n", d->title,
            d->cc2014 ? "2014" : "1800s");
    draw_board(d, s, color, out);
    fputs("Key: hill, wood, town (built-up), fort, trnch (trench), river, ford; h-wood: a wood "
          "on a hill, = road, # wire;\n     units: side, label, facing ^>v< (N E S W) or ~ "
          "limbered, quality e/a/p (elite, average, poor)", out);
    fputs(d->cc2014 ? ", strength\n" : "\n", out);
    for (int f = 0; f < 2; f++) {
        const ptw_side *sd = &d->side[f];
        if (color)
            fprintf(out, "\033[1m\033[38;5;%dm", svg_colour_term(sd->colour));
        fprintf(out, "%d %s", f + 1, sd->name);
        if (color)
            fputs("\033[0m", out);
        fprintf(out, ": %d of %d units left, %d lost, exhaustion point %d", ptw_units_left(d, s, f),
                sd->nunits, ptw_lost(d, s, f), sd->exhaustion);
        if (s->exhausted[f])
            fprintf(out, " (reached on turn %d)", s->exhausted[f]);
        if (s->init_roll[f])
            fprintf(out, "; initiative die %d", s->init_roll[f]);
        if (s->side_a == f)
            fputs("; side A this turn", out);
        fputc('\n', out);
    }
    if (d->victory.nobj) {
        fputs("Objectives:", out);
        for (int i = 0; i < d->victory.nobj; i++) {
            ptw_sq_name(d, d->victory.obj[i], buf, sizeof buf);
            fprintf(out, " %s (%s)", buf, s->holder[i] == PTW_NONE ? "unheld"
                                          : d->side[s->holder[i]].name);
        }
        fputc('\n', out);
    }
    draw_activity(d, s, out);
    ptw_status_text(d, s, buf, sizeof buf);
    fprintf(out, "%s\n", buf);
}
