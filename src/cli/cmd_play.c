/*
 * cmd_play.c - `pocketwar play`: a game at the terminal, a person against
 * the computer, people against each other (hotseat), any mix of the two,
 * and referee mode, where the people at the table type in every chance
 * outcome. This file owns the options, the banner, the game loop and the
 * end; the seats are in play_seats.c, saving and showing steps in
 * play_steps.c, the prompts in play_turn.c and the terminal handling in
 * play_io.c (see play.h).
 *
 * Nothing is lost: the game's own file (--save, the --load file, or the
 * last `save FILE`) is rewritten after every step, and end of input,
 * Ctrl-C or a scripted `quit` saves to it or, for a game with none, to an
 * autosave named after the game's seed (at a terminal `quit` asks); no
 * save replaces another game's record unasked.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "english.h"
#include "play.h"

/* ---- the game ---------------------------------------------------------------- */

static void banner(play_session *ps)
{
    eng_match *m = ps->m;
    printf("%s, scenario %s, seed %llu\n", eng_rules_title(m->rules),
           eng_game_scenario_name(m->game), (unsigned long long)m->seed);
    for (int p = 0; p < ps->np; p++) {
        printf("  %d %-10s ", p + 1, play_side(ps, p));
        if (ps->ai[p])
            printf("computer (%s)\n", ps->ai_name[p]);
        else
            printf("%s\n", ps->humans == 1 ? "you" : "a person");
    }
    if (ps->load_path)
        printf("Resuming %s after %zu step%s.\n", ps->load_path, m->nsteps,
               m->nsteps == 1 ? "" : "s");
    putchar('\n');
    play_objective(ps, ps->load_path != NULL);
    putchar('\n');
    if (ps->referee)
        printf("Referee mode: you type in every chance outcome as it falls at the table.\n");
    if (ps->save_path)
        printf("The record is saved to %s after every step.\n", ps->save_path);
    if (ps->humans > 0)
        printf("Type a number from the list or an action in notation; type help for "
               "commands.\n");
}

/* The candidates a computer weighed, unless they would give away a secret
 * to the people watching. */
static void explain(const play_session *ps, const eng_state *before, const ai_explanation *why)
{
    char summary[160];
    cli_explain_summary(why, summary, sizeof summary);
    if (why->count <= 1 && why->iterations == 0) {
        printf("    (the only legal action)\n");
        return;
    }
    if (cli_explain_secret(before, why, play_audience(ps))) {
        printf("    (thought %s; its candidates stay secret until the round is complete)\n",
               summary);
        return;
    }
    printf("    thought %s; best candidates (estimated chance of winning):\n", summary);
    cli_explain_print(stdout, before, why, 5, NULL, 0, "      ");
}

/* One computer decision. */
static play_rc computer(play_session *ps, int who)
{
    ai_explanation why;
    eng_action a = ai_choose(ps->ai[who], ps->m->state, ps->explain ? &why : NULL);
    eng_state *before = ps->explain ? eng_state_clone(ps->m->state) : NULL;
    char text[ENG_TEXT_MAX], seen[ENG_TEXT_MAX];
    eng_action_text(ps->m->state, a, text, sizeof text);
    eng_action_text_seen(ps->m->state, a, play_audience(ps), seen, sizeof seen);
    eng_error err;
    if (eng_match_apply(ps->m, a, false, &err) != 0) {
        cli_error("play", "internal: the %s player chose an illegal action \"%s\": %s",
                  ps->ai_name[who], text, err.msg);
        eng_state_free(before);
        return PLAY_FAIL;
    }
    printf("%s (%s): %s\n", play_side(ps, who), ps->ai_name[who], seen);
    if (before) {
        explain(ps, before, &why);
        eng_state_free(before);
    }
    play_stepped(ps);
    return PLAY_OK;
}

static play_rc loop(play_session *ps)
{
    while (!eng_is_terminal(ps->m->state)) {
        if (play_interrupted())
            return PLAY_INTR;
        int who = eng_current_player(ps->m->state);
        if (who != ENG_CHANCE || ps->referee)
            play_end_run(ps);
        play_rc rc = PLAY_OK;
        if (who == ENG_CHANCE) {
            if (ps->referee)
                rc = play_referee_chance(ps);
            else
                play_chance(ps);
        } else if (ps->ai[who]) {
            rc = computer(ps, who);
        } else {
            rc = play_human(ps, who);
        }
        if (rc != PLAY_OK) {
            play_end_run(ps);
            return rc;
        }
    }
    play_end_run(ps);
    return PLAY_OK;
}

/* The end of the game: the whole board, the result, where the record is. */
static void finish(play_session *ps)
{
    if (ps->drawn_at != ps->m->nsteps || !ps->drawn || ps->screen != ENG_VIEW_ALL)
        play_draw(ps, ENG_VIEW_ALL);
    cli_print_end(ps->m->state, "\n", (long)ps->m->nsteps, ENG_VIEW_ALL, false);
    if (ps->dirty && ps->tty_in && ps->humans > 0) {
        const char *a = play_read(ps, "Save the record? Type a file name, or press Enter "
                                      "to skip: ");
        if (a && *a) {
            char *path = strdup(a);
            play_save(ps, path);
            free(path);
        }
    } else if (!ps->dirty && ps->save_path) {
        printf("The record is saved in %s.\n", ps->save_path);
    }
}

/* End of input or Ctrl-C: keep the game, in its own file or, failing
 * that, in an autosave of its own here. */
static int save_on_exit(play_session *ps, const char *why)
{
    const char *path = play_home(ps);
    if (!ps->dirty && ps->save_path) {
        printf("%s: the game is saved in %s; resume with: pocketwar play --load %s\n",
               why, path, path);
        return 0;
    }
    eng_error err;
    int rc = play_write(ps, path, &err);
    if (rc != 0 && ps->save_path) {
        printf("%s\n", err.msg);
        path = play_autosave_path(ps);
        rc = play_write(ps, path, &err);
    }
    if (rc != 0) {
        cli_error("play", "%s, and the game could not be saved: %s", why, err.msg);
        return -1;
    }
    printf("%s: game saved to %s; resume with: pocketwar play --load %s\n", why, path, path);
    return 0;
}

/* ---- the options ------------------------------------------------------------- */

/* What the options say beyond the session's own fields. */
typedef struct play_opts {
    cli_game_opts go;
    cli_ai_opts ao;
    play_seat_opts so;
    const char *save;           /* --save FILE */
    bool ai_seed_given, no_color;
} play_opts;

/* --ai-seed N: the seed, and that it was given. */
static int ai_seed(void *out, const char *value)
{
    play_opts *po = out;
    if (cli_parse_u64("--ai-seed", value, &po->so.ai_seed) != 0)
        return -1;
    po->ai_seed_given = true;
    return 0;
}

/* Reads the options into po and ps: 0, 1 after --help, -1 after a message. */
static int parse(play_opts *po, play_session *ps, int argc, char **argv)
{
    char ai_help[320];
    snprintf(ai_help, sizeof ai_help,
             "the computer opponent (default " PLAY_DEFAULT_AI ";\n"
             "choose from %s;\n"
             "a name may carry settings: hard:time=3000)", cli_ai_names());
    const cli_usage usage = {
        "play [OPTIONS]",
        "Plays a game in the terminal. With no options: Pocket Wargame, its default\n"
        "scenario, you as side 1 against the normal computer player.\n",
        "At your turn the legal actions are listed with numbers. Type a number, or\n"
        "the action in the rule set's notation (e.g. \"move HC1 c3\"), or a command:\n"
        "  help, list, list odds (every action that involves chance, with its exact\n"
        "  odds), odds ACTION (one action's: its number or notation), board,\n"
        "  objective (the scenario's briefing: how to win, the limit, the forces),\n"
        "  hint (the helper's estimates), auto (let it choose for you), undo (take\n"
        "  back to your previous decision; against the computer its replies go too,\n"
        "  in hotseat the other side must agree; no coin or die is thrown again),\n"
        "  save FILE (the game then goes on saving to FILE after every step),\n"
        "  set confirm off|on, json, quit.\n"
        "When a phase or turn of yours ends by itself (no unit of yours can act any\n"
        "more), a line before your next prompt says so.\n"
        "End of input (Ctrl-D), Ctrl-C, or quit when input is not a terminal, saves\n"
        "the game to its file (--save, --load or the last save FILE) or, if it has\n"
        "none, to " PLAY_AUTOSAVE_HELP " here (SEED-2, -3, ... if that name is\n"
        "taken), and exits; resume it with --load. At a terminal quit asks first.\n"
        "No save replaces a file holding another game without asking.\n\n"
        "In hotseat games with hidden information a hand-over screen keeps one\n"
        "side's secrets from the other.\n\n"
        "examples:\n"
        "  pocketwar play\n"
        "  pocketwar play --side 2 --ai random --seed 7\n"
        "  pocketwar play --ai hard --explain\n"
        "  pocketwar play --hotseat --save game.pwr\n"
        "  pocketwar play --load game.pwr\n"
        "  pocketwar play --referee --players human,human\n"};
    const cli_opt opts[] = {
        CLI_HEAD("Game:"),
        CLI_GAME(&po->go),
        CLI_TEXT("load", "RECORD", &ps->load_path,
                 "resume a saved game (the record fixes the game, so the\n"
                 "options above do not apply; the seats are the record's\n"
                 "unless given below; if they are all computers, you\n"
                 "take the side to move)"),
        CLI_HEAD("Who plays:"),
        CLI_TEXT("ai", "NAME", &po->so.ai, ai_help),
        CLI_TEXT("side", "N", &po->so.side, "the side you play against the computer, by number\n"
                 "or name (default 1)"),
        CLI_FLAG("hotseat", &po->so.hotseat,
                 "people play every side, taking turns at this terminal"),
        CLI_TEXT("players", "A,B[,C,D]", &po->so.players,
                 "every seat in order: human, or a computer's name"),
        CLI_EACH("ai-seed", "N", ai_seed, po, "seed of the computer players' own generators\n"
                 "(default: derived from the game's seed)"),
        CLI_AI(&po->ao),
        CLI_FLAG("explain", &ps->explain,
                 "after each computer move, show its best candidates with\n"
                 "their visits and estimated chances of winning"),
        CLI_TEXT("helper", "NAME", &ps->helper_name,
                 "the computer player behind hint and auto (default thumb)"),
        CLI_HEAD("Table:"),
        CLI_FLAG("referee", &ps->referee,
                 "referee mode: every chance outcome (coin toss, die, card)\n"
                 "is typed in as it fell at the table, and the record\n"
                 "marks it \"entered\"; type roll to let the program\n"
                 "draw one, roll all for a run of them (the deal)"),
        CLI_TEXT("save", "FILE", &po->save, "write the record to FILE after every step (a resumed\n"
                 "game is saved back to its --load file)"),
        CLI_FLAG("no-color", &po->no_color, "plain text (also when NO_COLOR is set)"),
        CLI_FLAG("no-colour", &po->no_color, NULL),
        CLI_FLAG("no-confirm", &ps->no_confirm,
                 "do not ask before an action that ends a phase while a\n"
                 "unit could still shoot or attack (also: set confirm off)"),
        CLI_END,
    };
    int r = cli_opts_parse(&usage, opts, argc, argv, NULL);
    if (r == 0 && po->save)
        ps->save_path = strdup(po->save);
    return r;
}

/* Options that cannot go together, and computer players' names that do not
 * exist, refused before the game starts; -1 after a message. */
static int check(const play_opts *po, const play_session *ps)
{
    const play_seat_opts *so = &po->so;
    if (ps->load_path && po->go.given) {
        cli_error("play", "%s cannot go with --load: the record fixes the game", po->go.given);
        return -1;
    }
    if (so->players && (so->hotseat || so->ai || so->side)) {
        cli_error("play", "--players names every seat; leave out %s", so->hotseat ? "--hotseat"
                  : so->ai ? "--ai" : "--side");
        return -1;
    }
    if (so->hotseat && (so->ai || so->side)) {
        cli_error("play", "--hotseat seats people everywhere; leave out %s",
                  so->ai ? "--ai" : "--side");
        return -1;
    }
    for (int i = 0; i < 2; i++) {      /* an unknown name: say which exist, before starting */
        const char *name = i == 0 ? so->ai : ps->helper_name;
        ai_player *probe = name ? cli_ai_new(name, 0, &po->ao) : NULL;
        if (name && !probe)
            return -1;
        ai_free(probe);
    }
    return 0;
}

/* ---- the session --------------------------------------------------------------- */

/* The match, its seats, the helper and the terminal: 0, or the exit status
 * after a message. */
static int seat(play_session *ps, play_opts *po)
{
    play_seat_opts *so = &po->so;
    ps->m = ps->load_path ? cli_load_record(ps->load_path) : cli_match_new(&po->go);
    if (!ps->m)
        return ps->load_path ? 1 : po->go.status;
    ps->np = eng_game_players(ps->m->game);
    cli_ai_opts_for_game(&po->ao, ps->m->game);
    if (!po->ai_seed_given)
        so->ai_seed = ps->m->seed * 7919u;   /* as `battle` does: the same seed, the same game */
    bool seats_given = so->players || so->hotseat || so->ai || so->side;
    if ((ps->load_path && !seats_given ? play_seat_from_record(ps, so->ai_seed)
                                       : play_seat_all(ps, so)) != 0)
        return 2;
    for (int p = 0; p < ps->np; p++)
        ps->humans += ps->ai[p] == NULL;
    ps->helper = cli_ai_new(ps->helper_name, so->ai_seed + 101, &po->ao);
    ps->tty_in = isatty(STDIN_FILENO);
    ps->tty_out = isatty(STDOUT_FILENO);
    ps->color = !po->no_color && cli_color(stdout);
    if (ps->humans == 1)
        for (int p = 0; p < ps->np; p++)
            if (!ps->ai[p])
                ps->screen = p;
    return 0;
}

/* The game's own file: --save's, written now with the seats and the seed
 * (not over another game's record unasked), or a resumed game's --load
 * file. 0, or the exit status after a message. */
static int own_file(play_session *ps)
{
    if (!ps->save_path) {
        if (ps->load_path) {
            ps->save_path = strdup(ps->load_path);
            ps->last_save = strdup(ps->load_path);
        }
        return 0;
    }
    int taken = cli_record_target("play", "--save", ps->save_path, ps->load_path);
    if (taken < 0)
        return 1;   /* a file that cannot be written: could not (README), as battle --record */
    if (taken) {
        if (!ps->tty_in) {
            cli_error("play", "--save: %s already exists; give another name, or resume "
                      "it with --load %s (it is then saved back to itself)",
                      ps->save_path, ps->save_path);
            return 2;
        }
        char q[4200];
        snprintf(q, sizeof q, "%s already exists; replace it with this new game? [y/n] ",
                 ps->save_path);
        if (play_ask(ps, q) != 1) {
            printf("%s is left as it was; choose another name with --save\n", ps->save_path);
            return 1;
        }
    }
    eng_error err;
    if (play_write(ps, ps->save_path, &err) != 0) {
        cli_error("play", "--save: %s", err.msg);
        return 1;
    }
    return 0;
}

/* Plays the game to its end, or until input ends, it is interrupted or
 * someone quits: the exit status. */
static int run(play_session *ps)
{
    banner(ps);
    play_catch_interrupt();
    switch (loop(ps)) {
    case PLAY_OK:
        finish(ps);
        return 0;
    case PLAY_EOF:
        return save_on_exit(ps, "end of input") == 0 ? 0 : 1;
    case PLAY_INTR:
        return save_on_exit(ps, "interrupted") == 0 ? 130 : 1;
    case PLAY_QUIT:   /* at a terminal saving was offered; a script's quit keeps it */
        return ps->tty_in || !ps->dirty || save_on_exit(ps, "quit") == 0 ? 0 : 1;
    case PLAY_FAIL:
        return 1;
    }
    return 1;
}

static void session_free(play_session *ps)
{
    fflush(stdout);
    for (int p = 0; p < ENG_MAX_PLAYERS; p++) {
        ai_free(ps->ai[p]);
        free(ps->ai_name[p]);
    }
    ai_free(ps->helper);
    play_forget_decisions(ps);
    free(ps->last_save);
    free(ps->save_path);
    free(ps->autosave);
    for (int i = 0; i < ps->nwritten; i++)
        free(ps->written[i]);
    free(ps->written);
    free(ps->line);
    eng_match_free(ps->m);
}

int cmd_play(int argc, char **argv)
{
    play_opts po = {.so = {.ai = NULL}};
    cli_game_opts_init(&po.go);
    cli_ai_opts_init(&po.ao);
    play_session ps = {.last_human = -1, .screen = ENG_VIEW_ALL, .ai_opts = &po.ao,
                       .helper_name = PLAY_HELPER};
    int rc = parse(&po, &ps, argc, argv);
    if (rc != 0)
        rc = rc > 0 ? 0 : po.go.status;
    else if (check(&po, &ps) != 0)
        rc = 2;
    else if ((rc = seat(&ps, &po)) == 0 && (rc = own_file(&ps)) == 0)
        rc = run(&ps);
    session_free(&ps);
    cli_game_opts_free(&po.go);
    return rc;
}
