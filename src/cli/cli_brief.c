/*
 * cli_brief.c - prints a scenario's briefing (eng_briefing's JSON) as text
 * for any rule set: title, flavour, how to win, the limit, each side's
 * forces and the special rules, wrapped to the width given.
 */
#include <string.h>
#include "cli.h"

/* Prints text wrapped at width, the first line after `first`, the rest
 * after `indent`. */
static void wrap(FILE *out, const char *first, const char *indent, const char *text, int width)
{
    fputs(first, out);
    int col = (int)strlen(first), lead = (int)strlen(indent);
    const char *p = text;
    bool line_start = true;
    while (*p) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        int len = (int)(e - p);
        if (len == 0)
            break;
        if (!line_start && col + 1 + len > width) {
            fprintf(out, "\n%s", indent);
            col = lead;
            line_start = true;
        }
        if (!line_start) {
            fputc(' ', out);
            col++;
        }
        fwrite(p, 1, (size_t)len, out);
        col += len;
        line_start = false;
        p = e;
    }
    fputc('\n', out);
}

static void list(FILE *out, const json_t *arr, const char *indent, int width)
{
    size_t i;
    json_t *v;
    char first[64], rest[64];
    snprintf(first, sizeof first, "%s- ", indent);
    snprintf(rest, sizeof rest, "%s  ", indent);
    json_array_foreach(arr, i, v) if (json_is_string(v))
        wrap(out, first, rest, json_string_value(v), width);
}

void cli_brief_print(FILE *out, const json_t *b, int width)
{
    const char *title = json_string_value(json_object_get(b, "title"));
    const char *rtitle = json_string_value(json_object_get(b, "rules_title"));
    const char *scen = json_string_value(json_object_get(b, "scenario"));
    const char *desc = json_string_value(json_object_get(b, "description"));
    fprintf(out, "%s (%s, scenario %s)\n", title ? title : scen ? scen : "?",
            rtitle ? rtitle : "?", scen ? scen : "?");
    if (desc && *desc)
        wrap(out, "  ", "  ", desc, width);
    const json_t *limit = json_object_get(b, "limit");
    if (json_is_object(limit))
        fprintf(out, "\nLimit: %lld %s\n",
                (long long)json_integer_value(json_object_get(limit, "count")),
                json_string_value(json_object_get(limit, "kind")));
    else
        fprintf(out, "\nLimit: none\n");
    fprintf(out, "How to win:\n");
    list(out, json_object_get(b, "victory"), "  ", width);
    fprintf(out, "Forces:\n");
    size_t i;
    json_t *side;
    json_array_foreach(json_object_get(b, "sides"), i, side) {
        fprintf(out, "  %s:\n", json_string_value(json_object_get(side, "name")));
        list(out, json_object_get(side, "forces"), "    ", width);
    }
    const json_t *sp = json_object_get(b, "special");
    if (json_array_size(sp)) {
        fprintf(out, "Special rules:\n");
        list(out, sp, "  ", width);
    }
}
