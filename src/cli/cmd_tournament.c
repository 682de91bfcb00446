/*
 * cmd_tournament.c - `pocketwar tournament`: a round robin between computer
 * players on one scenario, seats swapped (or rotated), printed as a table
 * of win rates with 95% intervals, Elo estimates and thinking times, or as
 * JSON. The games are played in tourney_run.c, the figures worked out in
 * tourney_stats.c (see tourney.h).
 */
#include <stdlib.h>
#include <string.h>
#include "english.h"
#include "tourney.h"

/* Splits "A,B,C" into the players; -1 after a message. */
static int read_players(tourney *t, const char *list)
{
    char *copy = strdup(list), *save = NULL;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (t->nplayers == 64) {
            cli_error("tournament", "--players: at most 64 players");
            free(copy);
            return -1;
        }
        t->players = realloc(t->players, (size_t)(t->nplayers + 1) * sizeof *t->players);
        t->players[t->nplayers++] = strdup(tok);
        ai_player *probe = cli_ai_new(tok, 0, t->ao);
        if (!probe) {
            free(copy);
            return -1;
        }
        ai_free(probe);
    }
    free(copy);
    if (t->nplayers < 2) {
        cli_error("tournament", "--players needs at least two computer players, as in "
                  "--players normal,random");
        return -1;
    }
    return 0;
}

/* The most games one tournament holds (each keeps its results in memory). */
#define TOURNEY_MAX_GAMES 1000000

/* Lays out the games; -1 after a message when there are too many. */
static int schedule(tourney *t)
{
    int npairings = t->nplayers * (t->nplayers - 1) / 2;
    long long ngames = (long long)npairings * t->games;
    if (ngames > TOURNEY_MAX_GAMES) {
        cli_error("tournament", "%d players make %d pairings; with --games %d that is %lld "
                  "games, more than the %d one tournament holds: give fewer --games or "
                  "players", t->nplayers, npairings, t->games, ngames, TOURNEY_MAX_GAMES);
        return -1;
    }
    t->npairings = npairings;
    t->pairing = malloc((size_t)t->npairings * sizeof *t->pairing);
    t->game = calloc((size_t)ngames, sizeof *t->game);
    if (!t->pairing || !t->game) {
        cli_error("tournament", "not enough memory for %lld games", ngames);
        return -1;
    }
    t->ngames = (int)ngames;
    int p = 0;
    for (int a = 0; a < t->nplayers; a++)
        for (int b = a + 1; b < t->nplayers; b++, p++) {
            t->pairing[p][0] = a;
            t->pairing[p][1] = b;
        }
    /* game by game across the pairings, so that every pairing's figures
     * grow together while the tournament runs */
    int i = 0;
    for (int g = 0; g < t->games; g++)
        for (p = 0; p < t->npairings; p++, i++) {
            tourney_game *gm = &t->game[i];
            gm->pairing = p;
            gm->round = g;
            gm->seed = t->go->seed + (uint64_t)(g / 2);
            for (int s = 0; s < t->seats; s++)
                gm->seat_player[s] = t->pairing[p][(s + g) % 2];
        }
    return 0;
}

static void describe(const tourney *t, int p, char *buf, size_t n)
{
    ai_player *probe = cli_ai_new(t->players[p], 0, t->ao);
    cli_ai_describe(probe, t->players[p], buf, n);
    ai_free(probe);
}

/* The table counts results: one a game between two sides, one for every
 * pair of seats the two players held in a game of three or four. */
static void print_text(const tourney *t, const eng_match *m, const double *elo)
{
    bool several = t->seats > 2;    /* several results a game: say results, not games */
    printf("%s, scenario %s: %d %s a pairing, seats %s, game seeds %llu..%llu\n\n",
           eng_rules_title(m->rules), eng_game_scenario_name(m->game), t->games,
           eng_noun(t->games, "game", "games"), t->seats == 2 ? "swapped" : "rotated",
           (unsigned long long)t->go->seed,
           (unsigned long long)(t->go->seed + (uint64_t)(t->games - 1) / 2));
    int w = 8;
    for (int p = 0; p < t->nplayers; p++)
        if ((int)strlen(t->players[p]) > w)
            w = (int)strlen(t->players[p]);
    printf("%-*s  %-*s %7s %6s %6s %6s  %8s  %-17s %7s  %s\n", w, "player", w, "against",
           several ? "results" : "games", "wins", "draws", "losses", "win rate",
           "95% interval", "score",
           "95% interval");
    for (int p = 0; p < t->npairings; p++) {
        tourney_score sc = tourney_pairing_score(t, p);
        double lo, hi, rate = sc.results ? (double)sc.wins / sc.results : 0;
        double pts = tourney_points(&sc), slo, shi;
        tourney_wilson(sc.wins, sc.results, &lo, &hi);
        tourney_wilson_share(pts, sc.results, &slo, &shi);
        char iv[32], siv[32];
        snprintf(iv, sizeof iv, "[%.1f%%, %.1f%%]", lo * 100, hi * 100);
        snprintf(siv, sizeof siv, "[%.1f%%, %.1f%%]", slo * 100, shi * 100);
        printf("%-*s  %-*s %7d %6d %6d %6d  %7.1f%%  %-17s %6.1f%%  %s", w,
               t->players[t->pairing[p][0]], w, t->players[t->pairing[p][1]], sc.results,
               sc.wins, sc.draws, sc.losses, rate * 100, iv,
               sc.results ? pts * 100.0 / sc.results : 0, siv);
        if (sc.unfinished)
            printf("  (%d cut at --max-steps, counted drawn)", sc.unfinished);
        putchar('\n');
    }
    printf("\n%-*s %7s %10s %11s %10s %10s  %s\n", w, "player", "Elo", "decisions", "median ms",
           "p99 ms", "max ms", "what");
    for (int p = 0; p < t->nplayers; p++) {
        long count;
        double med, max;
        tourney_think(t, p, &count, &med, &max);
        char what[200];
        describe(t, p, what, sizeof what);
        printf("%-*s %+7.0f %10ld %11.1f %10.1f %10.1f  %s\n", w, t->players[p], elo[p], count,
               med * 1000, tourney_think_quantile(t, p, 0.99) * 1000, max * 1000, what);
    }
    printf("\nScore: wins plus half the draws, as a share of the %s. Elo: maximum\n"
           "likelihood from every result, %s = 0; a draw counts half.\n"
           "Decisions: those with more than one legal action.\n",
           several ? "results" : "games", t->players[0]);
    if (several)
        printf("Results: in a game of %d sides each pair of seats the two players held\n"
               "counts once, the greater return winning. The results of one game are\n"
               "linked, not independent as the intervals take them: they are too narrow.\n",
               t->seats);
}

static void print_json(const tourney *t, const eng_match *m, const double *elo)
{
    json_t *root = json_object();
    json_object_set_new(root, "rules", json_string(eng_rules_name(m->rules)));
    json_object_set_new(root, "scenario", json_string(eng_game_scenario_name(m->game)));
    json_object_set_new(root, "options", json_deep_copy(t->go->options));
    json_object_set_new(root, "games_per_pairing", json_integer(t->games));
    json_object_set_new(root, "first_seed", json_integer((json_int_t)t->go->seed));
    json_object_set_new(root, "seats", json_integer(t->seats));
    json_t *players = json_array();
    for (int p = 0; p < t->nplayers; p++) {
        long count;
        double med, max;
        tourney_think(t, p, &count, &med, &max);
        char what[200];
        describe(t, p, what, sizeof what);
        json_array_append_new(players, json_pack("{s:s,s:s,s:f,s:I,s:f,s:f,s:f}", "name",
            t->players[p], "description", what, "elo", elo[p], "decisions",
            (json_int_t)count, "median_ms", med * 1000, "p99_ms",
            tourney_think_quantile(t, p, 0.99) * 1000, "max_ms", max * 1000));
    }
    json_object_set_new(root, "players", players);
    json_t *pairings = json_array();
    for (int p = 0; p < t->npairings; p++) {
        tourney_score sc = tourney_pairing_score(t, p);
        double lo, hi, slo, shi;
        tourney_wilson(sc.wins, sc.results, &lo, &hi);
        tourney_wilson_share(tourney_points(&sc), sc.results, &slo, &shi);
        json_array_append_new(pairings, json_pack(
            "{s:s,s:s,s:i,s:i,s:i,s:i,s:i,s:f,s:[f,f],s:f,s:[f,f]}",
            "player", t->players[t->pairing[p][0]], "against", t->players[t->pairing[p][1]],
            "results", sc.results, "wins", sc.wins, "draws", sc.draws, "losses", sc.losses,
            "unfinished", sc.unfinished, "win_rate",
            sc.results ? (double)sc.wins / sc.results : 0.0, "interval95", lo, hi, "score",
            sc.results ? tourney_points(&sc) / sc.results : 0.0, "score_interval95", slo, shi));
    }
    json_object_set_new(root, "pairings", pairings);
    cli_json_print(stdout, root);
}

/* Plays the tournament the options describe (ao: t's players' budget) and
 * prints its table: the exit status, after a message where it is not 0. */
static int run(tourney *t, cli_ai_opts *ao, const char *players, bool as_json)
{
    if (!players) {
        cli_error("tournament", "name the computer players: --players A,B[,C...] "
                  "(choose from %s)", cli_ai_names_all());
        return 2;
    }
    if (ao->budget.threads < 0) {
        ao->budget.threads = cli_cores() / t->jobs;
        if (ao->budget.threads < 1)
            ao->budget.threads = 1;
    }
    if (read_players(t, players) != 0)
        return 2;
    eng_match *m = cli_match_new(t->go);    /* checks the game and counts the seats */
    if (!m)
        return t->go->status;
    t->seats = eng_game_players(m->game);
    cli_ai_opts_for_game(ao, m->game);
    int rc = schedule(t) != 0 ? 2 : 0;
    if (rc == 0 && t->progress)
        fprintf(stderr, "tournament: %d players, %d pairing%s, %d games on %d job%s\n",
                t->nplayers, t->npairings, t->npairings == 1 ? "" : "s", t->ngames, t->jobs,
                t->jobs == 1 ? "" : "s");
    if (rc == 0 && tourney_play(t) != 0)
        rc = 1;
    if (rc == 0) {
        double *elo = malloc((size_t)t->nplayers * sizeof *elo);
        if (!elo)
            abort();
        tourney_elo(t, elo);
        if (as_json)
            print_json(t, m, elo);
        else
            print_text(t, m, elo);
        free(elo);
    }
    eng_match_free(m);
    return rc;
}

static void tourney_free(tourney *t)
{
    for (int i = 0; i < t->ngames; i++) {
        for (int s = 0; s < ENG_MAX_PLAYERS; s++)
            free(t->game[i].think[s]);
        free(t->game[i].error);
    }
    free(t->game);
    free(t->pairing);
    for (int p = 0; p < t->nplayers; p++)
        free(t->players[p]);
    free(t->players);
}

int cmd_tournament(int argc, char **argv)
{
    cli_game_opts go;
    cli_game_opts_init(&go);
    go.seed = 1;
    go.seed_given = true;
    cli_ai_opts ao;
    cli_ai_opts_init(&ao);
    ao.allow_cheats = true;        /* the oracle: a yardstick, measured here */
    tourney t = {.go = &go, .ao = &ao, .games = 100, .jobs = cli_cores(),
                 .max_steps = 100000, .progress = true};
    const char *players = NULL;
    bool as_json = false, quiet = false;
    int rc = 2;
    char players_help[256], jobs_help[80];
    snprintf(players_help, sizeof players_help,
             "the computer players, from: %s;\n"
             "a name may carry settings, as in\n"
             "normal:iterations=5000:threads=1", cli_ai_names_all());
    snprintf(jobs_help, sizeof jobs_help, "games played at once (default: every core, %d here)",
             cli_cores());
    const cli_usage usage = {
        "tournament --players A,B[,C...] [OPTIONS]",
        "Plays a round robin between computer players on one scenario: every pair of\n"
        "players meets in --games games, taking the seats in turn (two sides swap\n"
        "every game, three or four rotate) and playing each seed from both sides.\n"
        "Prints each pairing's wins, draws and losses, the win rate and the score\n"
        "(wins plus half the draws) each with its 95% (Wilson) interval, Elo\n"
        "ratings estimated from every result, and each player's median, 99th\n"
        "percentile and longest time for a decision. In a game of three or four\n"
        "sides, every pair of seats held by the two players counts as one result:\n"
        "the greater return wins; the table then counts results, not games. The\n"
        "results of one game are linked, so there the intervals, which take them\n"
        "as independent, are too narrow.\n"
        "The oracle, which cheats, is accepted here as a yardstick of what\n"
        "foresight reaches. Progress goes to standard error.\n",
        "examples:\n"
        "  pocketwar tournament --players normal,random,thumb --games 200 --jobs 2\n"
        "  pocketwar tournament --players hard,normal --games 200 --jobs 2\n"
        "  pocketwar tournament --rules pocket-wargame --scenario three-kingdoms \\\n"
        "      --players normal,thumb --games 60\n"};
    const cli_opt opts[] = {
        CLI_SCENARIO(&go),
        CLI_U64("seed", "N", &go.seed, "the first game's seed; the games use N, N+1, ...\n"
                "(default 1)"),
        CLI_TEXT("players", "A,B,...", &players, players_help),
        CLI_INT("games", "N", &t.games, 1, 1000000, "games per pairing (default 100)"),
        CLI_INT("jobs", "N", &t.jobs, 1, 256, jobs_help),
        CLI_BUDGET(&ao),
        CLI_INT("threads", "N", &ao.budget.threads, 1, AI_MAX_THREADS,
                "search threads per computer player (default: cores\n"
                "divided by jobs)"),
        CLI_INT("max-steps", "N", &t.max_steps, 1, 100000000,
                "stop a game after N steps and count it a draw\n"
                "(default 100000)"),
        CLI_TEXT("records", "DIR", &t.records, "write every game's record into the folder DIR"),
        CLI_FLAG("json", &as_json, "print the results as JSON"),
        CLI_FLAG("quiet", &quiet, "no progress lines"),
        CLI_END,
    };
    int parsed = cli_opts_parse(&usage, opts, argc, argv, NULL);
    if (parsed != 0) {
        rc = parsed > 0 ? 0 : go.status;
        goto out;
    }
    t.progress = !quiet;
    rc = run(&t, &ao, players, as_json);
out:
    tourney_free(&t);
    cli_game_opts_free(&go);
    return rc;
}
