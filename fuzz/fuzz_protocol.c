/*
 * fuzz_protocol.c - the engine protocol (docs/protocol.md): the input is a
 * session, one request a line, answered as `pocketwar engine` answers them
 * (without --allow-files, so no request reaches a file). The computer's
 * commands (ai, genmove, hint) are left out: their cost is the search's.
 * Every reply must be "=id ..." or "?id ..." with the request's id whole,
 * end with one empty line and hold no other, be UTF-8 when the request is;
 * a state reply must be JSON with its fields, a record reply a record that
 * loads and round-trips (fuzz.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "proto.h"

#define FZ_MAX_LINES 48

/* The request as the protocol reads it (control characters out, tabs as
 * spaces, '#' starts a comment, blanks trimmed), into buf. */
static const char *cleaned(const char *line, char *buf)
{
    char *w = buf;
    for (const char *r = line; *r && *r != '#'; r++) {
        unsigned char ch = (unsigned char)*r;
        if (ch == '\t')
            *w++ = ' ';
        else if (ch >= 32 && ch != 127)
            *w++ = (char)ch;
    }
    *w = '\0';
    while (w > buf && w[-1] == ' ')
        *--w = '\0';
    while (*buf == ' ')
        buf++;
    return buf;
}

static void check_reply(const char *req, const char *reply, size_t len, const eng_match *m)
{
    if (len == 0)
        return;                              /* an empty request gets no reply */
    if (reply[0] != '=' && reply[0] != '?')
        fz_fail("reply to \"%s\" starts with neither = nor ?: %s", req, reply);
    if (len < 2 || reply[len - 1] != '\n' || reply[len - 2] != '\n')
        fz_fail("reply to \"%s\" does not end with an empty line: %s", req, reply);
    if (strstr(reply, "\n\n") != reply + len - 2)
        fz_fail("reply to \"%s\" holds an empty line: %s", req, reply);
    size_t k = 0;
    while (isdigit((unsigned char)req[k]))
        k++;
    if (k > 0 && (req[k] == ' ' || req[k] == '\0') &&
        (strncmp(reply + 1, req, k) != 0 || isdigit((unsigned char)reply[1 + k])))
        fz_fail("reply to \"%s\" does not carry its id whole: %s", req, reply);
    if (eng_utf8_valid(req))
        fz_check_utf8(reply, "a reply");
    if (reply[0] != '=')
        return;
    const char *name = req + k;
    while (*name == ' ')
        name++;
    const char *body = reply + 1 + (k > 0 && req[k] != '\0' ? k : 0);
    if (*body == ' ')
        body++;
    if (strncmp(name, "state", 5) == 0 && (name[5] == ' ' || !name[5])) {
        json_error_t jerr;
        json_t *j = json_loadb(body, len - (size_t)(body - reply) - 2, 0, &jerr);
        static const char *const fields[] = {"rules", "to_act", "status", NULL};
        if (!j)
            fz_fail("state reply is not JSON (%s): %s", jerr.text, body);
        for (int i = 0; fields[i]; i++)
            if (!json_object_get(j, fields[i]))
                fz_fail("state reply lacks \"%s\"", fields[i]);
        json_decref(j);
    } else if (strncmp(name, "record", 6) == 0 && !name[6] && m) {
        char *rec = strndup(body, len - (size_t)(body - reply) - 2);
        eng_error err;
        eng_match *back = eng_match_load_text(rec, "reply", &err);
        if (!back)
            fz_fail("a record reply does not load: %s\n%s", err.msg, rec);
        fz_check_round_trip(back);
        eng_match_free(back);
        free(rec);
    }
}

static bool left_out(const char *req)
{
    static const char *const search[] = {"ai", "genmove", "hint", NULL};
    const char *w = req;
    while (isdigit((unsigned char)*w))
        w++;
    while (*w == ' ')
        w++;
    for (int i = 0; search[i]; i++) {
        size_t n = strlen(search[i]);
        if (strncmp(w, search[i], n) == 0 && (w[n] == ' ' || !w[n]))
            return true;
    }
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_text(data, size);
    cli_ai_opts ao;
    cli_ai_opts_init(&ao);
    proto p = {.ao = &ao, .ai_seed = 1, .ai_spec = strdup("random")};
    char *save = NULL;
    int lines = 0;
    for (char *line = strtok_r(text, "\n", &save); line && lines < FZ_MAX_LINES && !p.quit;
         line = strtok_r(NULL, "\n", &save), lines++) {
        char *clean = malloc(strlen(line) + 1);
        const char *req = cleaned(line, clean);
        if (left_out(req)) {
            free(clean);
            continue;
        }
        char *reply = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&reply, &len);
        char *raw = strdup(line);
        proto_serve(&p, raw, out);
        fclose(out);
        check_reply(req, reply, len, p.m);
        free(raw);
        free(reply);
        free(clean);
    }
    free(p.ai_spec);
    eng_match_free(p.m);
    free(text);
    return 0;
}
