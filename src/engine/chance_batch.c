/*
 * chance_batch.c - chance outcomes entered as a batch: a referee dealing
 * real cards enters the whole deal as one list in the terminal's notation.
 * The rule set says how long a run of chance steps may be entered at once
 * (rules.h, its explanations' chance_run); each entry is read and checked
 * in the position it falls on, so the record holds the same single steps
 * as entered one by one.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "engine_private.h"

int eng_chance_run(const eng_state *s)
{
    const eng_rules *r = eng_game_rules(eng_state_game(s));
    if (!r->explain || !r->explain->chance_run || eng_current_player(s) != ENG_CHANCE)
        return 0;
    int k = r->explain->chance_run(eng_game_data(eng_state_game(s)), eng_state_cbody(s));
    return k > 1 ? k : 0;
}

/* Is a an outcome of chance point s with a chance above nothing? */
static bool is_outcome(const eng_state *s, eng_action a)
{
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = eng_chance_outcomes(s, out, prob);
    for (int i = 0; i < n; i++)
        if (out[i] == a && prob[i] > 0)
            return true;
    return false;
}

/* The next entry of text from *p: up to a separator, blanks trimmed. */
static bool next_entry(const char **p, bool by_blank, char *buf, size_t n)
{
    const char *q = *p;
    const char *seps = by_blank ? ",;\n\r \t" : ",;\n\r";
    while (*q && strchr(seps, *q))
        q++;
    if (!*q)
        return false;
    const char *e = q;
    while (*e && !strchr(seps, *e))
        e++;
    *p = e;
    while (e > q && isspace((unsigned char)e[-1]))
        e--;
    while (q < e && isspace((unsigned char)*q))
        q++;
    size_t len = (size_t)(e - q) < n - 1 ? (size_t)(e - q) : n - 1;
    memcpy(buf, q, len);
    buf[len] = '\0';
    return true;
}

/* Reads entry as outcome number k + 1 of the list at t and applies it to
 * t; -1 with why in err (t unchanged then is not promised). */
static int take_one(eng_state *t, const char *entry, int k, int limit, eng_action *out,
                    eng_error *err)
{
    eng_error why;
    eng_action a;
    if (k >= limit || eng_current_player(t) != ENG_CHANCE) {
        snprintf(err->msg, sizeof err->msg, "entry %d (\"%.40s\"): the list holds %d outcomes "
                 "at most here", k + 1, entry, limit);
        return -1;
    }
    if (eng_action_parse(t, entry, &a, &why) != 0) {
        snprintf(err->msg, sizeof err->msg, "entry %d (\"%.40s\"): %.400s", k + 1, entry, why.msg);
        return -1;
    }
    if (!is_outcome(t, a)) {
        char at[ENG_TEXT_MAX];
        eng_action_text(t, a, at, sizeof at);
        snprintf(err->msg, sizeof err->msg, "entry %d (\"%.40s\"): %s cannot happen there "
                 "(already entered?)", k + 1, entry, at);
        return -1;
    }
    if (eng_apply(t, a, &why) != 0) {
        snprintf(err->msg, sizeof err->msg, "entry %d (\"%.40s\"): %.400s", k + 1, entry, why.msg);
        return -1;
    }
    out[k] = a;
    return 0;
}

/* An entry of several words that is no outcome as a whole may be several
 * outcomes in a row ("AS 2S" between commas): each word read in turn, on
 * a copy of t adopted only if all of them read. The count taken, or -1. */
static int take_words(eng_state *t, const char *entry, int k, int limit, eng_action *out)
{
    eng_state *u = eng_state_clone(t);
    const char *p = entry;
    char word[ENG_TEXT_MAX];
    int got = 0;
    eng_error ignored;
    while (next_entry(&p, true, word, sizeof word)) {
        if (take_one(u, word, k + got, limit, out, &ignored) != 0) {
            got = -1;
            break;
        }
        got++;
    }
    if (got > 0)
        eng_state_copy(t, u);
    eng_state_free(u);
    return got;
}

int eng_chance_batch_parse(const eng_state *s, const char *text, eng_action *out, int max,
                           eng_error *err)
{
    int run = eng_chance_run(s);
    if (run == 0) {
        snprintf(err->msg, sizeof err->msg, "this is no chance point whose outcomes may be "
                 "entered as a list");
        return -1;
    }
    int limit = run < max ? run : max;
    bool by_blank = strpbrk(text, ",;\n\r") == NULL;
    eng_state *t = eng_state_clone(s), *before = eng_state_clone(s);
    const char *p = text;
    char entry[ENG_TEXT_MAX];
    int k = 0;
    while (next_entry(&p, by_blank, entry, sizeof entry)) {
        eng_state_copy(before, t);
        if (take_one(t, entry, k, limit, out, err) == 0) {
            k++;
            continue;
        }
        eng_state_copy(t, before);
        int got = strchr(entry, ' ') || strchr(entry, '\t') ? take_words(t, entry, k, limit, out)
                                                           : -1;
        if (got < 0) {
            k = -1;
            break;
        }
        k += got;
    }
    if (k == 0) {
        snprintf(err->msg, sizeof err->msg, "the list is empty");
        k = -1;
    }
    eng_state_free(before);
    eng_state_free(t);
    return k;
}

void eng_chance_short_text(const eng_state *s, eng_action a, char *buf, size_t n)
{
    char full[ENG_TEXT_MAX];
    eng_action_text(s, a, full, sizeof full);
    snprintf(buf, n, "%s", full);
    /* from the last word back: the first tail that reads as a */
    for (char *p = full + strlen(full); p > full; p--) {
        if (p[-1] != ' ')
            continue;
        eng_action b;
        eng_error why;
        if (eng_action_parse(s, p, &b, &why) == 0 && b == a) {
            snprintf(buf, n, "%s", p);
            return;
        }
    }
}
