/*
 * play_steps.c - what follows each step of `pocketwar play`: the record
 * kept (the --save file rewritten, `save FILE`), the board drawn with its
 * status line, and chance outcomes printed, a run of them folded onto a
 * few lines.
 */
#include <stdlib.h>
#include <string.h>
#include "play.h"

const char *play_side(const play_session *ps, int side)
{
    return eng_game_player_name(ps->m->game, side);
}

int play_save(play_session *ps, const char *path)
{
    eng_error err;
    if (eng_match_save_file(ps->m, path, &err) != 0) {
        printf("could not save: %s\n", err.msg);
        return -1;
    }
    printf("saved to %s (%zu step%s)\n", path, ps->m->nsteps, ps->m->nsteps == 1 ? "" : "s");
    if (!ps->last_save || strcmp(ps->last_save, path) != 0) {
        free(ps->last_save);
        ps->last_save = strdup(path);
    }
    ps->dirty = false;
    return 0;
}

void play_stepped(play_session *ps)
{
    ps->dirty = true;
    if (!ps->save_path)
        return;
    eng_error err;
    if (eng_match_save_file(ps->m, ps->save_path, &err) != 0) {
        if (!ps->save_failing)   /* say it once, not after every step */
            printf("warning: %s; the game goes on, type save FILE to keep it\n", err.msg);
        ps->save_failing = true;
        return;
    }
    if (ps->save_failing)
        printf("%s is being saved again\n", ps->save_path);
    ps->save_failing = false;
    ps->dirty = false;
    if (!ps->last_save) {
        ps->last_save = strdup(ps->save_path);
    }
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
    ps->drawn = true;
    ps->drawn_at = ps->m->nsteps;
}

void play_chance(play_session *ps)
{
    char text[ENG_TEXT_MAX];
    eng_action_text_seen(ps->m->state, eng_chance_sample(ps->m->state), play_audience(ps),
                         text, sizeof text);
    eng_match_apply_chance(ps->m);
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
        printf(",\n        %s", text);
        ps->run_col = 8 + len;
        ps->run_lines++;
    } else {
        printf(", %s", text);
        ps->run_col += 2 + len;
    }
    play_stepped(ps);
}

void play_end_run(play_session *ps)
{
    if (ps->run_col) {
        if (ps->run_more)
            printf(", ... and %d more", ps->run_more);
        putchar('\n');
        ps->run_col = 0;
    }
}
