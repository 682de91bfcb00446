/*
 * srv_tokens.c - seats' secrets: random tokens from the operating system's
 * generator, compared in constant time, and the role (seat, referee or
 * spectator) a token gives, with the view that role sees.
 */
#define _GNU_SOURCE
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include "srv_private.h"

int64_t srv_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

bool srv_random_hex(char *hex, size_t bytes)
{
    unsigned char raw[64];
    if (bytes > sizeof raw)
        return false;
    size_t got = 0;
    while (got < bytes) {
        ssize_t n = getrandom(raw + got, bytes - got, 0);
        if (n < 0)
            return false;
        got += (size_t)n;
    }
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < bytes; i++) {
        hex[2 * i] = digits[raw[i] >> 4];
        hex[2 * i + 1] = digits[raw[i] & 15];
    }
    hex[2 * bytes] = '\0';
    return true;
}

bool srv_token_equal(const char *given, const char *stored)
{
    /* every stored token has SRV_TOKEN_HEX characters; the time taken
     * depends only on that length, never on where the first difference is */
    size_t n = strlen(stored);
    if (n != SRV_TOKEN_HEX)
        return false;
    unsigned diff = 0;
    size_t glen = strnlen(given, SRV_TOKEN_HEX + 1);
    diff |= (unsigned)(glen ^ n);
    for (size_t i = 0; i < n; i++)
        diff |= (unsigned char)(i < glen ? given[i] : 0) ^ (unsigned char)stored[i];
    return diff == 0;
}

int srv_token_role(const srv_game *g, const char *token)
{
    if (!token || !*token)
        return SRV_SPECTATOR;
    int role = -3;
    for (int p = 0; p < g->nseats; p++)
        if (g->seat[p].kind == SRV_HUMAN && srv_token_equal(token, g->seat[p].token))
            role = p;
    if (g->referee && srv_token_equal(token, g->referee_token))
        role = SRV_REFEREE;
    return role;
}

int srv_role_viewer(const srv_game *g, int role)
{
    /* No rule set has a spectator constant: a viewer index that is no
     * player sees only what is public (each rule set shows a viewer the
     * hidden things it owns, and a non-player owns none). */
    return role >= 0 ? role : g->nseats;
}
