/*
 * srv_json.c - a reply's JSON as text: byte for byte what
 * json_dumps(v, JSON_COMPACT) writes (keys in the order they were set), but
 * several times faster on the long strings replies carry (a drawing is tens
 * of KiB with a quote every few characters, which the library writes a
 * piece at a time), and into one buffer per HTTP thread that is kept from
 * one reply to the next, so replies cost no large allocation each. A
 * drawing is made in a second such buffer (srv_draw).
 */
#define _GNU_SOURCE                     /* fopencookie */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "srv_private.h"

#define SRV_TEXT_KEEP (256u << 10)      /* a thread keeps a buffer up to this size */

static pthread_key_t text_key;
static pthread_once_t text_once = PTHREAD_ONCE_INIT;

static void text_free(void *p)
{
    srv_text *t = p;
    free(t[0].buf);
    free(t[1].buf);
    free(t);
}

static void text_key_make(void)
{
    if (pthread_key_create(&text_key, text_free) != 0)
        abort();
}

/* Room for n more bytes (and a NUL). */
static void room(srv_text *t, size_t n)
{
    if (t->len + n + 1 <= t->cap)
        return;
    size_t cap = t->cap ? t->cap : 4096;
    while (cap < t->len + n + 1)
        cap *= 2;
    char *b = realloc(t->buf, cap);
    if (!b)
        abort();
    t->buf = b;
    t->cap = cap;
}

static void put(srv_text *t, const char *s, size_t n)
{
    room(t, n);
    memcpy(t->buf + t->len, s, n);
    t->len += n;
}

/* A string with the escapes the library writes: \" \\ \b \f \n \r \t, other
 * control characters as \u00XX; everything else (UTF-8 included) as is. */
static void put_string(srv_text *t, const char *s, size_t n)
{
    room(t, n + 2);
    t->buf[t->len++] = '"';
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        put(t, s + run, i - run);
        run = i + 1;
        char esc[8] = {'\\', 0};
        switch (c) {
        case '"': esc[1] = '"'; break;
        case '\\': esc[1] = '\\'; break;
        case '\b': esc[1] = 'b'; break;
        case '\f': esc[1] = 'f'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        default: snprintf(esc, sizeof esc, "\\u%04X", c); break;
        }
        put(t, esc, strlen(esc));
    }
    put(t, s + run, n - run);
    put(t, "\"", 1);
}

static bool put_value(srv_text *t, const json_t *v)
{
    char num[32];
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        put(t, "{", 1);
        const char *key;
        json_t *x;
        bool first = true;
        json_object_foreach((json_t *)v, key, x) {
            if (!first)
                put(t, ",", 1);
            first = false;
            put_string(t, key, strlen(key));
            put(t, ":", 1);
            if (!put_value(t, x))
                return false;
        }
        put(t, "}", 1);
        return true;
    }
    case JSON_ARRAY: {
        put(t, "[", 1);
        for (size_t i = 0; i < json_array_size(v); i++) {
            if (i)
                put(t, ",", 1);
            if (!put_value(t, json_array_get(v, i)))
                return false;
        }
        put(t, "]", 1);
        return true;
    }
    case JSON_STRING:
        put_string(t, json_string_value(v), json_string_length(v));
        return true;
    case JSON_INTEGER:
        put(t, num, (size_t)snprintf(num, sizeof num, "%" JSON_INTEGER_FORMAT,
                                     json_integer_value(v)));
        return true;
    case JSON_REAL: {
        /* rare (probabilities): the library's own digits */
        char *r = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
        if (!r)
            return false;
        put(t, r, strlen(r));
        free(r);
        return true;
    }
    case JSON_TRUE:
        put(t, "true", 4);
        return true;
    case JSON_FALSE:
        put(t, "false", 5);
        return true;
    case JSON_NULL:
        put(t, "null", 4);
        return true;
    }
    return false;
}

/* The calling thread's buffer `which` (0: replies, 1: drawings), emptied. */
static srv_text *thread_text(int which)
{
    pthread_once(&text_once, text_key_make);
    srv_text *t = pthread_getspecific(text_key);
    if (!t) {
        t = calloc(2, sizeof *t);
        if (!t || pthread_setspecific(text_key, t) != 0)
            abort();
    }
    t += which;
    if (t->cap > SRV_TEXT_KEEP) {
        free(t->buf);                   /* an unusually long one: not kept */
        *t = (srv_text){0};
    }
    t->len = 0;
    return t;
}

static ssize_t draw_write(void *cookie, const char *buf, size_t n)
{
    put(cookie, buf, n);
    return (ssize_t)n;
}

const char *srv_draw(const eng_state *s, int viewer)
{
    if (!eng_has_svg(eng_state_game(s)))
        return NULL;
    srv_text *t = thread_text(1);
    char io[4096];
    FILE *f = fopencookie(t, "w", (cookie_io_functions_t){.write = draw_write});
    if (!f)
        return NULL;
    setvbuf(f, io, _IOFBF, sizeof io);
    bool ok = eng_svg(s, viewer, f);
    if (fclose(f) != 0 || !ok)
        return NULL;
    room(t, 0);
    t->buf[t->len] = '\0';
    return t->buf;
}

srv_text *srv_json_text(const json_t *v)
{
    srv_text *t = thread_text(0);
    if (!put_value(t, v))
        return NULL;
    room(t, 0);
    t->buf[t->len] = '\0';
    return t;
}
