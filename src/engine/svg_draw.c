/*
 * svg_draw.c - the pieces of an SVG drawing every rule set shares (svg.h):
 * escaping, ids, the frame and its style, colours (and their terminal
 * indexes, which the terminal drawings share too), owner marks, the
 * heading and the arrowhead, the key.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "svg.h"

void svg_text(FILE *out, const char *text)
{
    for (const char *p = text; p && *p; p++) {         /* NULL: nothing */
        switch (*p) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default:
            /* control characters are not allowed in XML 1.0 */
            if ((unsigned char)*p >= 0x20 || *p == '\t')
                fputc(*p, out);
        }
    }
}

void svg_id(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    for (char *p = buf; *p; p++) {
        char c = *p;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_'))
            *p = '_';
    }
}

/* Highlights the page may put on an element (by class on the element with
 * the id); the element's outline is its child of class pw-edge. */
static const char style[] =
    "text{font-family:DejaVu Sans,Verdana,Arial,sans-serif}"
    ".pw-sel .pw-edge{stroke:#000;stroke-width:5}"
    ".pw-tgt .pw-edge{stroke:#f0e442;stroke-width:5;stroke-dasharray:8 4}"
    ".pw-chg .pw-edge{stroke:#cc79a7;stroke-width:5}";

void svg_begin(FILE *out, double w, double h, const char *rules_name, const char *title)
{
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %g %g\" width=\"100%%\" "
            "height=\"100%%\" preserveAspectRatio=\"xMidYMid meet\" class=\"pw-board pw-",
            w, h);
    svg_text(out, rules_name);
    fputs("\" role=\"img\">\n<title>", out);
    svg_text(out, title);
    fprintf(out, "</title>\n<style>%s</style>\n", style);
    fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%g\" height=\"%g\" fill=\"#f7f4ea\"/>\n", w, h);
}

void svg_end(FILE *out)
{
    fputs("</svg>\n", out);
}

/* Each colour a scenario may name: its SVG tone and its xterm 256-colour index
 * for the terminal drawings. */
static const struct { const char *name, *svg; int term; } colours[] = {
    /* players: the Okabe-Ito tones where there is one */
    {"red", "#d55e00", 196},        {"blue", "#0072b2", 33},      {"green", "#009e73", 34},
    {"yellow", "#f0e442", 226},     {"orange", "#e69f00", 208},    {"purple", "#cc79a7", 129},
    {"magenta", "#cc79a7", 201},    {"cyan", "#56b4e9", 51},      {"lightblue", "#56b4e9", 117},
    {"black", "#222222", 16},      {"white", "#ffffff", 255},     {"grey", "#a8a8a0", 250},
    {"gray", "#a8a8a0", 250},       {"brown", "#a0785a", 137},     {"lightgreen", "#cfe3a6", 150},
    {"darkgreen", "#5f8f4e", 65},  {"olive", "#c9b77a", 143},     {"teal", "#7fb5a8", 72},
    {"tan", "#d9c39a", 180},        {"pink", "#f0b8c8", 218},      {"navy", "#203a80", 19},
    {"darkred", "#8c2d19", 124},    {"gold", "#e6c34a", 220},      {"sand", "#eadbb0", 223},
};

const char *svg_colour(const char *name)
{
    for (size_t i = 0; i < sizeof colours / sizeof colours[0]; i++)
        if (strcmp(colours[i].name, name) == 0)
            return colours[i].svg;
    return "#888888";
}

int svg_colour_term(const char *name)
{
    for (size_t i = 0; i < sizeof colours / sizeof colours[0]; i++)
        if (strcmp(colours[i].name, name) == 0)
            return colours[i].term;
    return -1;
}

const char *svg_ink(const char *fill)
{
    if (fill[0] != '#' || strlen(fill) != 7)
        return "#000";
    long v = strtol(fill + 1, NULL, 16);
    double r = (double)((v >> 16) & 0xff), g = (double)((v >> 8) & 0xff), b = (double)(v & 0xff);
    return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#000" : "#fff";
}

void svg_owner_mark(FILE *out, int owner, double cx, double cy, double r, const char *fill)
{
    const char *attrs = "stroke=\"#000\" stroke-width=\"1.2\"";
    switch (owner % 4) {
    case 0:
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" %s/>", cx, cy, r, fill,
                attrs);
        break;
    case 1:
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" %s/>",
                cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8, fill, attrs);
        break;
    case 2:
        fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\" %s/>", cx,
                cy - r * 1.15, cx + r * 1.15, cy + r * 0.85, cx - r * 1.15, cy + r * 0.85, fill,
                attrs);
        break;
    default:
        fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\" %s/>",
                cx, cy - r * 1.2, cx + r * 1.2, cy, cx, cy + r * 1.2, cx - r * 1.2, cy, fill, attrs);
    }
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" "
                 "text-anchor=\"middle\" fill=\"%s\">%d</text>",
            cx, cy + r * (owner % 4 == 2 ? 0.55 : 0.4), r * 1.1, svg_ink(fill), owner + 1);
}

void svg_key_heading(FILE *out, double x, double y, const char *text)
{
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" font-weight=\"bold\">", x, y);
    svg_text(out, text);
    fputs("</text>\n", out);
}

void svg_key_words(FILE *out, double x, double y, const char *text)
{
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\">", x, y);
    svg_text(out, text);
    fputs("</text>\n", out);
}

void svg_arrow_marker(FILE *out)
{
    fputs("<defs><marker id=\"pw-arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" "
          "markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0 L10 5 L0 10 z\" fill=\"#b00000\"/>"
          "</marker></defs>\n", out);
}

void svg_heading(FILE *out, double x, const char *title, const char *status)
{
    fprintf(out, "<text x=\"%.0f\" y=\"24\" font-size=\"18\" font-weight=\"bold\">", x);
    svg_text(out, title);
    fputs("</text>\n", out);
    fprintf(out, "<text class=\"pw-status\" x=\"%.0f\" y=\"42\" font-size=\"14\">", x);
    svg_text(out, status);
    fputs("</text>\n", out);
}

void svg_key_owner(FILE *out, int owner, double x, double y, const char *fill, const char *name)
{
    svg_owner_mark(out, owner, x + 10, y - 5, 9, fill);
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"14\" font-weight=\"bold\">", x + 26, y);
    svg_text(out, name);
    fputs("</text>", out);
}
