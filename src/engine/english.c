/*
 * english.c - English for messages: plural names and possessives, and a
 * message written piece by piece.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "english.h"

bool eng_name_plural(const char *name)
{
    size_t n = strlen(name);
    while (n > 0 && name[n - 1] == ' ')
        n--;
    if (n < 2)
        return false;
    char last = name[n - 1], before = name[n - 2];
    return (last == 's' || last == 'S') && before != 's' && before != 'S';
}

const char *eng_verb(const char *name, const char *singular, const char *plural)
{
    return eng_name_plural(name) ? plural : singular;
}

const char *eng_possessive(const char *name, char *buf, size_t n)
{
    size_t len = strlen(name);
    bool s_end = len > 0 && (name[len - 1] == 's' || name[len - 1] == 'S');
    snprintf(buf, n, "%s%s", name, s_end ? "'" : "'s");
    return buf;
}

void eng_text_add(char *buf, size_t n, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, n - len, fmt, ap);
    va_end(ap);
}
