/*
 * play_io.c - the terminal side of `pocketwar play`: reading lines of any
 * length, numbered lists laid out in columns, yes/no questions, quoting
 * what was typed in messages, the hand-over screen of hotseat games, and
 * Ctrl-C (which saves instead of losing the game).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "play.h"

/* The one piece of global state: a signal handler can only set a flag. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

void play_catch_interrupt(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;                 /* no SA_RESTART: a waiting read returns */
    sigaction(SIGINT, &sa, NULL);
}

bool play_interrupted(void) { return interrupted != 0; }

const char *play_read(play_session *ps, const char *prompt)
{
    fputs(prompt, stdout);
    fflush(stdout);
    if (interrupted)
        return NULL;
    errno = 0;
    ssize_t len = getline(&ps->line, &ps->cap, stdin);
    if (len < 0) {
        putchar('\n');
        return NULL;
    }
    char *s = ps->line;
    while (len > 0 && isspace((unsigned char)s[len - 1]))
        s[--len] = '\0';
    while (isspace((unsigned char)*s))
        s++;
    if (!ps->tty_in) {           /* the transcript shows what was read, cut short */
        if (strlen(s) > 200)
            printf("%.200s...\n", s);
        else
            printf("%s\n", s);
    }
    return s;
}

int play_ask(play_session *ps, const char *question)
{
    for (;;) {
        const char *a = play_read(ps, question);
        if (!a)
            return -1;
        if (!strcmp(a, "y") || !strcmp(a, "Y") || !strcmp(a, "yes") || !strcmp(a, "Yes"))
            return 1;
        if (!strcmp(a, "n") || !strcmp(a, "N") || !strcmp(a, "no") || !strcmp(a, "No"))
            return 0;
        printf("please answer y or n\n");
    }
}

const char *play_quote(const char *text, char *buf, size_t n)
{
    enum { SHOW = 60 };
    size_t w = 0, len = strlen(text);
    if (n < 8) {
        buf[0] = '\0';
        return buf;
    }
    size_t show = eng_utf8_cut(text, SHOW);        /* never inside a character */
    buf[w++] = '"';
    for (size_t i = 0; i < len && w + 5 < n; i++) {
        if (i == show) {
            memcpy(buf + w, "...", 3);
            w += 3;
            break;
        }
        unsigned char c = (unsigned char)text[i];
        buf[w++] = (c < 32 || c == 127) ? '?' : (char)c;
    }
    buf[w++] = '"';
    buf[w] = '\0';
    return buf;
}

int play_number(const char *text, int n, const char *what, int *index)
{
    if (!*text)
        return 0;
    for (const char *p = text; *p; p++)
        if (!isdigit((unsigned char)*p))
            return 0;
    errno = 0;
    unsigned long long v = strtoull(text, NULL, 10);
    if (errno || v < 1 || v > (unsigned long long)n) {
        char q[80];
        if (strlen(text) > 12)
            play_quote(text, q, sizeof q);
        else
            snprintf(q, sizeof q, "%s", text);
        if (n == 1)
            printf("no %s %s: the only choice is 1\n", what, q);
        else
            printf("no %s %s: choose 1-%d\n", what, q, n);
        return -1;
    }
    *index = (int)v - 1;
    return 1;
}

int play_width(const play_session *ps)
{
    if (ps->tty_out) {
        struct winsize ws;
        if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
            return ws.ws_col;
    }
    const char *c = getenv("COLUMNS");
    int w = c ? atoi(c) : 0;
    return w >= 20 ? w : 80;
}

void play_list(const play_session *ps, const eng_state *s, const eng_action *acts,
               int n, const double *prob)
{
    if (n <= 0)
        return;
    bool uneven = false;
    for (int i = 1; prob && i < n; i++)
        if (prob[i] != prob[0])
            uneven = true;
    /* each entry: "NN. text (pp%)" */
    char (*items)[ENG_TEXT_MAX + 24] = malloc((size_t)n * sizeof *items);
    if (!items)
        abort();
    int digits = n >= 1000 ? 4 : n >= 100 ? 3 : n >= 10 ? 2 : 1;
    int widest = 0;
    for (int i = 0; i < n; i++) {
        char text[ENG_TEXT_MAX];
        eng_action_text(s, acts[i], text, sizeof text);
        int len;
        if (uneven)
            len = snprintf(items[i], sizeof items[i], "%*d. %s (%.3g%%)", digits, i + 1,
                           text, prob[i] * 100);
        else
            len = snprintf(items[i], sizeof items[i], "%*d. %s", digits, i + 1, text);
        if (len > (int)sizeof items[i] - 1)
            len = (int)sizeof items[i] - 1;
        if (len > widest)
            widest = len;
    }
    int colw = widest + 3;
    int cols = (play_width(ps) - 2) / colw;
    if (cols < 1)
        cols = 1;
    int rows = (n + cols - 1) / cols;
    cols = (n + rows - 1) / rows;             /* no empty columns */
    for (int r = 0; r < rows; r++) {
        fputs("  ", stdout);
        for (int c = 0; c < cols; c++) {
            int i = c * rows + r;
            if (i >= n)
                break;
            bool last = c == cols - 1 || (c + 1) * rows + r >= n;
            printf("%-*s", last ? 0 : colw, items[i]);
        }
        putchar('\n');
    }
    free(items);
}

bool play_hides(const eng_state *s)
{
    int np = eng_game_players(eng_state_game(s));
    for (int p = 0; p < np; p++)
        if (eng_hides_from(s, p))
            return true;
    return false;
}

int play_audience(const play_session *ps)
{
    if (ps->humans == 0)
        return ENG_VIEW_ALL;
    if (ps->humans == 1)
        for (int p = 0; p < ps->np; p++)
            if (!ps->ai[p])
                return p;
    return ps->screen;
}

play_rc play_hand_over(play_session *ps, int to)
{
    if (ps->tty_out)
        fputs("\033[H\033[2J\033[3J", stdout);   /* clear the screen and scroll-back */
    else
        fputs("\n\n\n", stdout);
    char prompt[160];
    snprintf(prompt, sizeof prompt,
             "Hand over to %s: the position holds secrets one side must not see.\n"
             "%s, press Enter when ready. ", play_side(ps, to), play_side(ps, to));
    if (!play_read(ps, prompt))
        return play_interrupted() ? PLAY_INTR : PLAY_EOF;
    ps->screen = to;
    return PLAY_OK;
}
