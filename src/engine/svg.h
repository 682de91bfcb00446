/*
 * svg.h - what the rule sets' SVG drawings share: escaping, element ids,
 * the document's frame and style, the owners' colours and marks, the
 * heading, the arrowhead, and the key's rows.
 *
 * House rules of a drawing (docs/drawing.md): a viewBox that scales to any
 * screen; every element with an id starts on a line of its own and its
 * drawing ends on that line (so view.c can tell what a step changed); ids
 * are stable ("p-..." places, "u-..." units, others per rule set); owners
 * are told apart by colour (a palette safe for colour-blind eyes), by the
 * shape of their mark (circle, square, triangle, diamond) and by number.
 */
#ifndef SVG_H
#define SVG_H

#include <stdio.h>
#include "engine.h"

/* Writes text with &, <, >, " and ' escaped (NULL writes nothing). */
void svg_text(FILE *out, const char *text);
/* An id from printf-style parts, every character not a letter, digit, '-'
 * or '_' turned into '_'. */
void svg_id(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* <svg ...> with the viewBox w x h, the rule set's class, a <title> and the
 * shared style; svg_end closes it. */
void svg_begin(FILE *out, double w, double h, const char *rules_name, const char *title);
void svg_end(FILE *out);

/* A colour name from the data ("red", "darkgreen") as an SVG colour; player
 * colours are the colour-blind-safe tones (red is vermilion, etc.). */
const char *svg_colour(const char *name);
/* The same name's xterm 256-colour index, for the terminal drawings (the
 * rule sets' render); -1 if the name is not a colour. Readers check a
 * scenario's colours by it. */
int svg_colour_term(const char *name);
/* The owner's mark: owner 0 a circle, 1 a square, 2 a triangle, 3 a
 * diamond, filled with fill, the owner's number (owner + 1) inside. */
void svg_owner_mark(FILE *out, int owner, double cx, double cy, double r, const char *fill);
/* The text colour that reads on fill (black or white). */
const char *svg_ink(const char *fill);

/* The key's heading and a line of its words at (x, y) (the baseline);
 * each rule set draws the symbols beside them. */
void svg_key_heading(FILE *out, double x, double y, const char *text);
void svg_key_words(FILE *out, double x, double y, const char *text);

/* The <defs> with the marker "pw-arrow", the arrowhead that shots and
 * attacks point with. */
void svg_arrow_marker(FILE *out);
/* The heading at the top left, x from the left: the title in bold, and
 * under it the status line (class pw-status). */
void svg_heading(FILE *out, double x, const char *title, const char *status);
/* A side's row in the key or panel at (x, y), the baseline: its owner mark
 * in fill, then its name in bold; the row's other words go after. */
void svg_key_owner(FILE *out, int owner, double x, double y, const char *fill, const char *name);

#endif
