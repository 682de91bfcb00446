/*
 * play_turn.c - the prompts of `pocketwar play`: a person's decision
 * ("Red> ") and, in referee mode, a chance outcome typed in at the table
 * ("chance> "), with the commands both understand: help, list, board, hint,
 * auto, undo, save, json, quit.
 *
 * Input is a number from the listing, notation (parsed and checked by the
 * engine, whose refusal names the rule broken), or a command; a command
 * word wins over notation spelled the same (the number still picks it).
 * Nothing typed wrong changes the game.
 */
#include <stdlib.h>
#include <string.h>
#include "english.h"
#include "play.h"

/* The prompt's context: whose decision (a side, or ENG_CHANCE for the
 * referee's entry) and the choices listed. */
typedef struct turn {
    int me;
    eng_action acts[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n;
} turn;

static bool is_word(const char *line, const char *word)
{
    return strcmp(line, word) == 0;
}

/* "save FILE" -> "FILE"; "save" -> ""; anything else -> NULL */
static const char *command_arg(const char *line, const char *word)
{
    size_t n = strlen(word);
    if (strncmp(line, word, n) != 0)
        return NULL;
    if (line[n] == '\0')
        return line + n;
    if (line[n] != ' ' && line[n] != '\t')
        return NULL;
    const char *a = line + n;
    while (*a == ' ' || *a == '\t')
        a++;
    return a;
}

static int viewer_of(const play_session *ps, const turn *t)
{
    return t->me >= 0 ? t->me : ps->screen;
}

static void help(play_session *ps, const turn *t)
{
    char example[ENG_TEXT_MAX] = "";
    if (t->n > 0)
        eng_action_text(ps->m->state, t->acts[0], example, sizeof example);
    if (t->me >= 0) {
        printf("Choose an action: type its number from the list, or write it in notation\n"
               "(e.g. \"%s\"). Commands:\n"
               "  list        list the legal actions again\n"
               "  list odds   the actions that involve chance, each with its exact odds\n"
               "  odds ACTION the exact odds of an action (its number or notation)\n"
               "  board       draw the board again\n"
               "  objective   the scenario's briefing: how to win, the limit, the forces\n"
               "  hint        what the %s player thinks of the best actions\n"
               "  auto        let the %s player make this decision for you\n"
               "  undo        take back to your previous decision%s\n"
               "  save FILE   save the game's record to FILE (and keep saving there)\n"
               "  set confirm off|on   whether ending a phase while a unit could still\n"
               "              shoot or attack asks first (now %s)\n"
               "  json        the position as JSON, as you may see it\n"
               "  quit        stop (offers to save what is not saved; from a script, keeps\n"
               "              it as end of input does)\n"
               "  help        this text\n",
               example, ps->helper_name, ps->helper_name,
               ps->humans < ps->np ? " (with the computer's replies)" : "\n"
               "              (the other side is asked to agree)",
               ps->no_confirm ? "off" : "on");
    } else {
        printf("Referee mode: enter the chance outcome as it fell at the table: type its\n"
               "number from the list, or write it in notation (e.g. \"%s\"). Commands:\n"
               "  roll        let the program draw this outcome from the seeded generator\n"
               "  roll all    let it draw every outcome until a side's next decision\n"
               "  list        list the possible outcomes again\n"
               "  board       draw the board again\n"
               "  objective   the scenario's briefing: how to win, the limit, the forces\n"
               "  undo        take back to the previous decision or entered outcome\n"
               "  save FILE   save the game's record to FILE (and keep saving there)\n"
               "  json        the position as JSON, as the screen's side may see it\n"
               "  quit        stop (offers to save what is not saved; from a script, keeps\n"
               "              it as end of input does)\n"
               "  help        this text\n", example);
    }
    printf("End of input (Ctrl-D) saves the game to %s and exits; Ctrl-C too.\n",
           play_home(ps));
}

static void list_choices(const play_session *ps, const turn *t)
{
    if (t->me >= 0) {
        printf("%s, choose one of %d action%s:\n", play_side(ps, t->me), t->n,
               t->n == 1 ? "" : "s");
        play_list(ps, ps->m->state, t->acts, t->n, NULL);
    } else {
        char what[512];
        eng_explain_chance(ps->m->state, what, sizeof what);
        if (what[0])
            printf("%s.\n", what);
        printf("Enter the chance outcome (or roll); %d possible:\n", t->n);
        play_list(ps, ps->m->state, t->acts, t->n, t->prob);
    }
}

static void show(play_session *ps, const turn *t)
{
    play_draw(ps, viewer_of(ps, t));
    list_choices(ps, t);
}

static void fill(const play_session *ps, turn *t, int me)
{
    t->me = me;
    if (me == ENG_CHANCE)
        t->n = eng_chance_outcomes(ps->m->state, t->acts, t->prob);
    else
        t->n = eng_legal_actions(ps->m->state, t->acts);
}

/* ---- commands ------------------------------------------------------------- */

static void cmd_json(const play_session *ps, const turn *t)
{
    json_t *j = eng_state_json(ps->m->state, viewer_of(ps, t));
    char *text = j ? json_dumps(j, JSON_INDENT(2)) : NULL;
    printf("%s\n", text ? text : "(no JSON for this position)");
    free(text);
    json_decref(j);
}

static void cmd_save(play_session *ps, const char *arg)
{
    if (!*arg && !ps->save_path) {
        printf("save needs a file name: save FILE\n");
        return;
    }
    char *path = strdup(*arg ? arg : ps->save_path);   /* the answer to a question reuses
                                                           the line arg points into */
    play_save(ps, path);
    free(path);
}

static void prompt_hint(play_session *ps, const turn *t)
{
    ai_explanation why;
    (void)ai_choose(ps->helper, ps->m->state, &why);
    char summary[160];
    cli_explain_summary(&why, summary, sizeof summary);
    printf("The %s player's estimates for %s (chance of winning, best first; %s):\n",
           ps->helper_name, play_side(ps, t->me), summary);
    cli_explain_print(stdout, ps->m->state, &why, AI_EXPLAIN_MAX, t->acts, t->n, "  ");
}

/* The step a take-back returns to: the last one typed at this prompt's
 * seat (a side's own decision; for the referee, an entered outcome or any
 * person's decision). SIZE_MAX if there is none. */
static size_t undo_target(const play_session *ps, int me)
{
    for (size_t i = ps->m->nsteps; i-- > 0;) {
        int who = ps->m->steps[i].who;
        if (me >= 0 ? who == me : (who == ENG_WHO_ENTERED || (who >= 0 && !ps->ai[who])))
            return i;
    }
    return SIZE_MAX;
}

/* Takes back to the last decision made at this prompt's seat, with every
 * step since (computer replies, chance outcomes: they are never drawn
 * anew, the generator travels with the position). Each other person whose
 * decision would go is asked first. Sets *again when nothing was taken
 * back, so the prompt goes on. */
static play_rc cmd_undo(play_session *ps, const turn *t, bool *again)
{
    *again = true;
    size_t k = undo_target(ps, t->me);
    if (k == SIZE_MAX) {
        if (t->me >= 0)
            printf("nothing to take back: %s %s not decided anything yet\n",
                   play_side(ps, t->me), eng_verb(play_side(ps, t->me), "has", "have"));
        else
            printf("nothing to take back: nothing has been decided or entered yet\n");
        return PLAY_OK;
    }
    /* every other person whose decision would go must agree */
    bool asked[ENG_MAX_PLAYERS] = {false};
    for (size_t i = k; i < ps->m->nsteps; i++) {
        int who = ps->m->steps[i].who;
        if (who < 0 || who == t->me || ps->ai[who] || asked[who] || t->me < 0)
            continue;
        asked[who] = true;
        char q[160];
        snprintf(q, sizeof q, "%s, allow %s to take back? [y/n] ", play_side(ps, who),
                 play_side(ps, t->me));
        int yes = play_ask(ps, q);
        if (yes < 0)
            return play_interrupted() ? PLAY_INTR : PLAY_EOF;
        if (!yes) {
            printf("%s said no: nothing taken back\n", play_side(ps, who));
            return PLAY_OK;
        }
    }
    size_t n = ps->m->nsteps - k;
    eng_match_undo(ps->m, n);
    play_forget_decisions(ps);
    play_stepped(ps);
    if (t->me >= 0)
        printf("took back %zu step%s: %s decides again\n", n, n == 1 ? "" : "s",
               play_side(ps, t->me));
    else
        printf("took back %zu step%s\n", n, n == 1 ? "" : "s");
    *again = false;
    return PLAY_OK;
}

/* Offers to save what no file holds (at a terminal), then PLAY_QUIT;
 * PLAY_EOF or PLAY_INTR if input ends while asking. From a script nobody
 * answers: the loop's end keeps the game as at end of input. */
static play_rc cmd_quit(play_session *ps)
{
    if (ps->dirty && ps->tty_in) {
        char *dflt = strdup(play_home(ps));
        char q[4200];
        snprintf(q, sizeof q, "Save before quitting? Enter saves to %s; type another "
                 "file name, or n to quit without saving: ", dflt);
        for (;;) {
            const char *a = play_read(ps, q);
            if (!a) {
                free(dflt);
                return play_interrupted() ? PLAY_INTR : PLAY_EOF;
            }
            if (is_word(a, "n") || is_word(a, "no"))
                break;
            char *path = strdup(*a && !is_word(a, "y") && !is_word(a, "yes") ? a : dflt);
            int rc = play_save(ps, path);
            free(path);
            if (rc == 0)
                break;
        }
        free(dflt);
    } else if (!ps->dirty && ps->save_path) {
        printf("The game is saved in %s.\n", ps->save_path);
    }
    return PLAY_QUIT;
}

/* The prompt's command that the first word of line is likely a slip for,
 * when the rule set's notation did not know that word either (its refusal
 * quotes it: a word of notation with a wrong argument gets no guess). */
static const char *command_guess(const char *line, const turn *t, const char *refusal)
{
    static const char *const both[] = {"help", "list", "board", "json", "save", "quit",
                                       "exit", "undo", "set", NULL};
    static const char *const side[] = {"hint", "auto", "odds", NULL};
    static const char *const chance[] = {"roll", NULL};
    char word[32];
    size_t n = strcspn(line, " \t");
    if (n == 0 || n >= sizeof word)
        return NULL;
    memcpy(word, line, n);
    word[n] = '\0';
    char quoted[40];
    snprintf(quoted, sizeof quoted, "\"%s\"", word);
    if (!strstr(refusal, quoted))
        return NULL;
    const char *g = cli_suggest(word, both);
    return g ? g : cli_suggest(word, t->me >= 0 ? side : chance);
}

/* At a chance prompt, a line that fails as a whole but begins with a
 * legal outcome ("AS 2S QD" for three cards): the referee typed a run on
 * one line. True after saying to type one per line. */
static bool several_outcomes(const play_session *ps, const char *line)
{
    char first[ENG_TEXT_MAX];
    size_t len = strlen(line);
    for (size_t n = len; n-- > 1;) {    /* the longest run of whole words first */
        if ((line[n] != ' ' && line[n] != '\t') || line[n - 1] == ' ' || line[n - 1] == '\t'
            || n >= sizeof first)
            continue;
        memcpy(first, line, n);
        first[n] = '\0';
        eng_action a;
        eng_error err;
        if (eng_action_parse(ps->m->state, first, &a, &err) == 0 &&
            eng_is_legal(ps->m->state, a, &err)) {
            char q[80];
            printf("one outcome per line: enter %s now, and each of the others at its own "
                   "prompt\n", play_quote(first, q, sizeof q));
            return true;
        }
    }
    return false;
}

/* ---- the prompt ------------------------------------------------------------ */

/* Plays action a, chosen at the prompt (`how` tags the echo: " (auto)");
 * true if taken, else the engine's reason is shown and nothing changes. */
static bool take(play_session *ps, const turn *t, eng_action a, const char *how)
{
    char text[ENG_TEXT_MAX], why[ENG_ERROR_MAX];
    eng_action_text(ps->m->state, a, text, sizeof text);
    eng_explain_outcome(ps->m->state, a, why, sizeof why);   /* at a chance point */
    eng_error err;
    if (!eng_is_legal(ps->m->state, a, &err)) {
        printf("cannot play \"%s\": %s\n", text, err.msg);
        return false;
    }
    /* a shot or an attack still open: ask before giving it up */
    if (t->me >= 0 && !ps->no_confirm && !*how &&
        eng_action_forgoes(ps->m->state, a, why, sizeof why)) {
        char q[ENG_ERROR_MAX + ENG_TEXT_MAX + 64];
        snprintf(q, sizeof q, "%s. Play \"%s\" anyway? [y/n] ", why, text);
        if (play_ask(ps, q) != 1) {
            printf("not played (set confirm off stops this question)\n");
            return false;
        }
    }
    eng_state *before = t->me >= 0 ? eng_state_clone(ps->m->state) : NULL;
    if (eng_match_apply(ps->m, a, t->me < 0, &err) != 0) {
        printf("cannot play \"%s\": %s\n", text, err.msg);
        eng_state_free(before);
        return false;
    }
    if (t->me >= 0) {
        eng_state_free(ps->decided[t->me]);
        ps->decided[t->me] = before;
        ps->decided_act[t->me] = a;
        ps->last_human = t->me;
        printf("%s%s: %s\n", play_side(ps, t->me), how, text);
    } else {
        printf("chance (entered): %s\n", why);
    }
    play_stepped(ps);
    return true;
}

/* One prompt: loops until a step is taken or taken back. */
static play_rc prompt(play_session *ps, turn *t)
{
    char pr[64];
    if (t->me >= 0)
        snprintf(pr, sizeof pr, "%s> ", play_side(ps, t->me));
    else
        snprintf(pr, sizeof pr, "chance> ");
    for (;;) {
        const char *line = play_read(ps, pr);
        if (!line)
            return play_interrupted() ? PLAY_INTR : PLAY_EOF;
        if (!*line)
            continue;
        const char *arg;
        int idx;
        if (is_word(line, "help") || is_word(line, "?")) {
            help(ps, t);
        } else if (t->me >= 0 && is_word(line, "list odds")) {
            play_list_odds(ps, t->me, t->acts, t->n);
        } else if (t->me >= 0 && (arg = command_arg(line, "odds"))) {
            play_odds(ps, t->me, t->acts, t->n, arg);
        } else if (is_word(line, "list")) {
            list_choices(ps, t);
        } else if (is_word(line, "board")) {
            play_draw(ps, viewer_of(ps, t));
        } else if (is_word(line, "objective")) {
            play_objective(ps, true);
        } else if (is_word(line, "json")) {
            cmd_json(ps, t);
        } else if ((arg = command_arg(line, "save"))) {
            cmd_save(ps, arg);
        } else if (is_word(line, "quit") || is_word(line, "exit") || is_word(line, "q")) {
            return cmd_quit(ps);
        } else if ((arg = command_arg(line, "set confirm"))) {
            if (is_word(arg, "off") || is_word(arg, "on")) {
                ps->no_confirm = is_word(arg, "off");
                printf("confirm %s: ending a phase while a unit could still shoot or attack "
                       "%s\n", arg, ps->no_confirm ? "no longer asks" : "asks first");
            } else {
                printf("set confirm takes on or off\n");
            }
        } else if (is_word(line, "undo")) {
            bool again;
            play_rc rc = cmd_undo(ps, t, &again);
            if (rc != PLAY_OK || !again)
                return rc;
        } else if (t->me >= 0 && is_word(line, "hint")) {
            prompt_hint(ps, t);
        } else if (t->me >= 0 && is_word(line, "auto")) {
            eng_action a = ai_choose(ps->helper, ps->m->state, NULL);
            if (take(ps, t, a, " (auto)"))
                return PLAY_OK;
        } else if (t->me < 0 && (is_word(line, "hint") || is_word(line, "auto") ||
                                 command_arg(line, "odds") || is_word(line, "list odds"))) {
            printf("%s applies only when a side decides; here enter the chance outcome "
                   "as it fell (or roll)\n", command_arg(line, "odds") ? "odds" : line);
        } else if (t->me < 0 && is_word(line, "roll")) {
            play_chance(ps);
            play_end_run(ps);
            return PLAY_OK;
        } else if (t->me < 0 && is_word(line, "roll all")) {
            while (eng_current_player(ps->m->state) == ENG_CHANCE)
                play_chance(ps);
            play_end_run(ps);
            return PLAY_OK;
        } else {
            int r = play_number(line, t->n, t->me >= 0 ? "action" : "outcome", &idx);
            if (r > 0) {
                if (take(ps, t, t->acts[idx], ""))
                    return PLAY_OK;
                continue;
            }
            if (r < 0)
                continue;
            eng_action a;
            eng_error err;
            char q[80];
            if (eng_action_parse(ps->m->state, line, &a, &err) != 0) {
                if (t->me < 0 && several_outcomes(ps, line))
                    continue;
                const char *guess = command_guess(line, t, err.msg);
                if (guess)
                    printf("no command or action %s; did you mean \"%s\"? (help lists the "
                           "commands)\n", play_quote(line, q, sizeof q), guess);
                else
                    printf("cannot parse %s: %s\n(type a number from the list, or help)\n",
                           play_quote(line, q, sizeof q), err.msg);
                continue;
            }
            if (take(ps, t, a, ""))
                return PLAY_OK;
        }
    }
}

play_rc play_human(play_session *ps, int me)
{
    if (ps->humans > 1 && ps->tty_in && ps->last_human >= 0 && ps->last_human != me
        && ps->screen != me && play_hides(ps->m->state)) {
        play_rc rc = play_hand_over(ps, me);
        if (rc != PLAY_OK)
            return rc;
    }
    ps->screen = me;
    turn *t = malloc(sizeof *t);
    if (!t)
        abort();
    fill(ps, t, me);
    show(ps, t);
    if (ps->decided[me]) {      /* a phase of this side's that ended by itself */
        char note[ENG_ERROR_MAX];
        eng_phase_note(ps->decided[me], ps->decided_act[me], ps->m->state, me, note,
                       sizeof note);
        if (note[0])
            printf("%s\n", note);
        eng_state_free(ps->decided[me]);
        ps->decided[me] = NULL;
    }
    play_rc rc = prompt(ps, t);
    free(t);
    return rc;
}

play_rc play_referee_chance(play_session *ps)
{
    turn *t = malloc(sizeof *t);
    if (!t)
        abort();
    fill(ps, t, ENG_CHANCE);
    /* redraw only if a side acted since the last drawing: a run of chance
     * points (a volley's coins) shares one picture */
    bool acted = !ps->drawn;
    for (size_t i = ps->drawn_at; i < ps->m->nsteps && !acted; i++)
        if (ps->m->steps[i].who >= 0)
            acted = true;
    if (acted || ps->drawn_at > ps->m->nsteps)
        show(ps, t);
    else {
        if (ps->drawn_at != ps->m->nsteps) {
            char status[256];
            eng_status_text(ps->m->state, status, sizeof status);
            printf("%s\n", status);
        }
        list_choices(ps, t);
    }
    play_rc rc = prompt(ps, t);
    free(t);
    return rc;
}
