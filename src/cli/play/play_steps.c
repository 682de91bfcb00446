/*
 * play_steps.c - what follows each step of `pocketwar play`: the record
 * kept (the --save file rewritten, `save FILE`), the board drawn with its
 * status line (with the standing: the turn out of the limit, how the
 * victory conditions stand), and chance outcomes printed explained, a run
 * of short ones folded onto a few lines.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "play.h"

#define PLAY_CHANCE_SHORT 48   /* explained outcomes this long or shorter share lines */

const char *play_side(const play_session *ps, int side)
{
    return eng_game_player_name(ps->m->game, side);
}

bool play_foreign(const play_session *ps, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return false;
    if (ps->load_path && cli_same_file(path, ps->load_path))
        return false;
    for (int i = 0; i < ps->nwritten; i++)
        if (cli_same_file(path, ps->written[i]))
            return false;
    return true;
}

const char *play_autosave_path(play_session *ps)
{
    if (ps->autosave)
        return ps->autosave;
    char name[96];
    for (int k = 1;; k++) {
        if (k == 1)
            snprintf(name, sizeof name, PLAY_AUTOSAVE_PREFIX "%llu.pwr",
                     (unsigned long long)ps->m->seed);
        else
            snprintf(name, sizeof name, PLAY_AUTOSAVE_PREFIX "%llu-%d.pwr",
                     (unsigned long long)ps->m->seed, k);
        if (!play_foreign(ps, name))
            break;
    }
    ps->autosave = strdup(name);
    return ps->autosave;
}

const char *play_home(play_session *ps)
{
    return ps->save_path ? ps->save_path : play_autosave_path(ps);
}

/* Remembers a file this session wrote. */
static void wrote(play_session *ps, const char *path)
{
    for (int i = 0; i < ps->nwritten; i++)
        if (strcmp(ps->written[i], path) == 0)
            return;
    char **w = realloc(ps->written, (size_t)(ps->nwritten + 1) * sizeof *w);
    if (!w)
        abort();
    ps->written = w;
    ps->written[ps->nwritten++] = strdup(path);
}

int play_write(play_session *ps, const char *path, eng_error *err)
{
    if (eng_match_save_file(ps->m, path, err) != 0)
        return -1;
    wrote(ps, path);
    if (!ps->last_save || strcmp(ps->last_save, path) != 0) {
        free(ps->last_save);
        ps->last_save = strdup(path);
    }
    return 0;
}

int play_save(play_session *ps, const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        printf("could not save: %s is a folder; give a file name\n", path);
        return -1;
    }
    if (play_foreign(ps, path)) {
        char q[4200];
        snprintf(q, sizeof q, "%s already exists and holds something else (another game?); "
                 "replace it? [y/n] ", path);
        int yes = play_ask(ps, q);
        if (yes <= 0) {
            printf("not saved: %s is left as it was\n", path);
            return -1;
        }
    }
    eng_error err;
    if (play_write(ps, path, &err) != 0) {
        printf("could not save: %s\n", err.msg);
        return -1;
    }
    bool moved = !ps->save_path || !cli_same_file(ps->save_path, path);
    printf("saved to %s (%zu step%s)%s\n", path, ps->m->nsteps, ps->m->nsteps == 1 ? "" : "s",
           moved && !eng_is_terminal(ps->m->state)
               ? "; the game goes on saving there after every step" : "");
    if (moved) {
        free(ps->save_path);
        ps->save_path = strdup(path);
        ps->save_failing = false;
    }
    ps->dirty = false;
    return 0;
}

void play_forget_decisions(play_session *ps)
{
    for (int p = 0; p < ENG_MAX_PLAYERS; p++) {
        eng_state_free(ps->decided[p]);
        ps->decided[p] = NULL;
    }
}

void play_stepped(play_session *ps)
{
    ps->dirty = true;
    if (!ps->save_path)
        return;
    eng_error err;
    if (play_write(ps, ps->save_path, &err) != 0) {
        if (!ps->save_failing)   /* say it once, not after every step */
            printf("warning: %s; the game goes on, type save FILE to keep it\n", err.msg);
        ps->save_failing = true;
        return;
    }
    if (ps->save_failing)
        printf("%s is being saved again\n", ps->save_path);
    ps->save_failing = false;
    ps->dirty = false;
}

void play_draw(play_session *ps, int viewer)
{
    putchar('\n');
    char status[256];
    eng_status_text(ps->m->state, status, sizeof status);
    /* the status line, unless the rule set's drawing ends with it already */
    char *board = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&board, &len);
    if (mem) {
        eng_render(ps->m->state, viewer, ps->color, mem);
        fclose(mem);
        fwrite(board, 1, len, stdout);
        if (!strstr(board, status))
            printf("%s\n", status);
        free(board);
    } else {
        eng_render(ps->m->state, viewer, ps->color, stdout);
        printf("%s\n", status);
    }
    char now[256];   /* the turn out of the limit, how the victory conditions stand */
    eng_standing(ps->m->state, now, sizeof now);
    if (now[0])
        printf("Standing: %s\n", now);
    ps->drawn = true;
    ps->drawn_at = ps->m->nsteps;
}

void play_chance(play_session *ps)
{
    char seen[ENG_TEXT_MAX], plain[ENG_TEXT_MAX], text[512];
    eng_action a = eng_chance_sample(ps->m->state);
    eng_action_text_seen(ps->m->state, a, play_audience(ps), seen, sizeof seen);
    eng_action_text(ps->m->state, a, plain, sizeof plain);
    /* explained (the arithmetic and what it gave), unless it hides something */
    if (strcmp(seen, plain) == 0)
        eng_explain_outcome(ps->m->state, a, text, sizeof text);
    else
        snprintf(text, sizeof text, "%s", seen);
    eng_match_apply_chance(ps->m);
    /* a long one has a line of its own; short ones of a kind share lines */
    size_t kl = strcspn(text, " ");
    char kind[sizeof ps->run_kind];
    snprintf(kind, sizeof kind, "%.*s", (int)(kl < sizeof kind ? kl : sizeof kind - 1), text);
    if (ps->run_col && strcmp(kind, ps->run_kind) != 0)
        play_end_run(ps);
    snprintf(ps->run_kind, sizeof ps->run_kind, "%s", kind);
    if ((int)strlen(text) > PLAY_CHANCE_SHORT) {
        play_end_run(ps);
        printf("chance: %s\n", text);
        play_stepped(ps);
        return;
    }
    /* a run of outcomes (the deal, a volley's coins) fills a few lines, not
     * the screen: the board shows the rest and the record keeps it */
    int len = (int)strlen(text);
    if (ps->run_col == 0) {
        printf("chance: %s", text);
        ps->run_col = 8 + len;
        ps->run_lines = 1;
        ps->run_more = 0;
    } else if (ps->run_more > 0) {
        ps->run_more++;
    } else if (ps->run_col + 2 + len + 20 >= play_width(ps) && ps->run_lines == PLAY_RUN_LINES) {
        ps->run_more = 1;
    } else if (ps->run_col + 2 + len >= play_width(ps)) {
        printf(";\n        %s", text);
        ps->run_col = 8 + len;
        ps->run_lines++;
    } else {
        printf("; %s", text);
        ps->run_col += 2 + len;
    }
    play_stepped(ps);
}

void play_end_run(play_session *ps)
{
    if (ps->run_col) {
        if (ps->run_more)
            printf("; ... and %d more", ps->run_more);
        putchar('\n');
        ps->run_col = 0;
    }
}
