/*
 * lab_play.c - one game of an experiment (lab.h): the arm's game from its
 * seed, the players in the seating's order, and what the game showed: the
 * result and how it ended, its length, its branching, the losses, and side
 * 1's evaluation once per unit of length (the engine's heuristic, read whenever
 * the turn or round number the position reports moves on).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lab.h"
#include "ai.h"
#include "match.h"
#include "rng.h"
#include "lab_stats.h"

void lab_game_clear(lab_game *g)
{
    json_decref(g->losses);
    free(g->eval);
    free(g->record);
    memset(g, 0, sizeof *g);
}

/* The turn (or round) number the position reports; -1 if none. */
static int turn_of(const lab_exp *e, const eng_state *s)
{
    json_t *j = eng_state_json(s, ENG_VIEW_ALL);
    json_t *v = json_object_get(j, e->length_unit);
    int t = json_is_integer(v) ? (int)json_integer_value(v) : -1;
    json_decref(j);
    return t;
}

static void eval_push(lab_game *g, double v, int *cap)
{
    if (g->neval == *cap) {
        *cap = *cap ? 2 * *cap : 32;
        g->eval = realloc(g->eval, (size_t)*cap * sizeof *g->eval);
        if (!g->eval)
            abort();
    }
    g->eval[g->neval++] = lab_round6(v);
}

/* The ending in words a designer reads, without names or numbers: the
 * rule set's reason after "wins: " when it gives one ("both armies lost
 * half"), else whether the limit was reached. */
static void ending_of(const lab_exp *e, const eng_state *s, lab_game *g, int limit)
{
    if (!g->finished) {
        snprintf(g->ending, sizeof g->ending, "step cap");
        return;
    }
    const char *colon = strstr(g->result, ": ");
    if (colon) {
        size_t n = strcspn(colon + 2, ",(;");
        while (n > 0 && colon[2 + n - 1] == ' ')
            n--;
        /* numbers as N, so that "destroyed 27 of ..." and "destroyed 31 of
         * ..." read as one ending */
        size_t k = 0;
        for (size_t i = 0; i < n && k + 1 < sizeof g->ending; i++) {
            char c = colon[2 + i];
            if (c >= '0' && c <= '9') {
                if (k == 0 || g->ending[k - 1] != 'N')
                    g->ending[k++] = 'N';
            } else {
                g->ending[k++] = c;
            }
        }
        g->ending[k] = '\0';
        return;
    }
    bool at_limit = limit > 0 && g->length >= limit;
    if (g->winner < 0)
        snprintf(g->ending, sizeof g->ending, "draw%s", at_limit ? " at the limit" : "");
    else
        snprintf(g->ending, sizeof g->ending, "%s", at_limit ? "won at the limit"
                                                             : "won before the limit");
}

static int limit_of(const eng_game *game)
{
    json_t *b = eng_briefing(game);
    json_t *c = json_object_get(json_object_get(b, "limit"), "count");
    int n = json_is_integer(c) ? (int)json_integer_value(c) : 0;
    json_decref(b);
    return n;
}

static bool save_record(const lab_exp *e, const lab_arm *a, uint64_t seed, const eng_action *act,
                        size_t nact, const char *dir, lab_game *g, eng_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/records", dir);
    mkdir(path, 0777);
    const char *set = g->set == LAB_SET_SKILL ? "skill-" : "";
    snprintf(path, sizeof path, "%s/records/%s%s-%llu-%d.pwr", dir, set, a->label,
             (unsigned long long)seed, g->seating);
    const char *sc = a->scenario ? a->scenario : lab_exp_scenario(e);
    eng_match *m = eng_match_new(e->rules, sc, eng_game_options(a->game), seed, err);
    if (!m)
        return false;
    for (int p = 0; p < LAB_SIDES; p++)
        eng_match_set_player(m, p, lab_exp_players(e, g->set)[(p + g->seating) % LAB_SIDES]);
    for (size_t i = 0; i < nact; i++)
        if (eng_match_apply(m, act[i], false, err) != 0) {
            eng_match_free(m);
            return false;
        }
    int rc = eng_match_save_file(m, path, err);
    eng_match_free(m);
    if (rc != 0)
        return false;
    snprintf(path, sizeof path, "records/%s%s-%llu-%d.pwr", set, a->label,
             (unsigned long long)seed, g->seating);
    g->record = strdup(path);
    return true;
}

bool lab_play(const lab_exp *e, int set, int arm, int k, int seating, const char *dir,
              lab_game *g, eng_error *err)
{
    const lab_arm *a = &e->arm[arm];
    uint64_t seed = e->seed + (uint64_t)k;
    memset(g, 0, sizeof *g);
    g->set = set;
    g->arm = arm;
    g->seed = seed;
    g->seating = seating;
    g->winner = -1;
    struct ai_player *ai[LAB_SIDES] = {0};
    eng_state *s = eng_state_new(a->game, seed);
    eng_action *act = NULL, legal[ENG_MAX_ACTIONS];
    size_t nact = 0, cap = 0;
    int ecap = 0;
    bool ok = false;
    for (int side = 0; side < LAB_SIDES; side++) {
        int p = (side + seating) % LAB_SIDES;        /* which of the players sits here */
        /* the player's generator: from the seed and which player, never the arm */
        uint64_t ps = rng_mix(seed * UINT64_C(0x9e3779b97f4a7c15) + (uint64_t)p + 1);
        if (!(ai[side] = lab_player_new(lab_exp_players(e, set)[p], a->game, ps, err)))
            goto out;
    }
    int turn = turn_of(e, s), last = -3;
    long branch = 0;
    while (!eng_is_terminal(s) && g->steps < e->max_steps) {
        int who = eng_current_player(s);
        eng_action x;
        if (who == ENG_CHANCE) {
            x = eng_chance_sample(s);
            g->chances++;
        } else {
            if (who != last) {                       /* a side's run of decisions begins */
                int t = turn_of(e, s);
                if (t > turn) {
                    eval_push(g, eng_heuristic(s, 0), &ecap);
                    turn = t;
                }
                last = who;
            }
            branch += eng_legal_actions(s, legal);
            g->decisions++;
            x = ai_choose(ai[who], s, NULL);
        }
        if (e->records) {
            if (nact == cap) {
                cap = cap ? 2 * cap : 256;
                act = realloc(act, cap * sizeof *act);
                if (!act)
                    abort();
            }
            act[nact++] = x;
        }
        if (eng_apply(s, x, err) != 0)
            goto out;
        g->steps++;
    }
    g->finished = eng_is_terminal(s);
    int t = turn_of(e, s);
    g->length = t > 0 ? t : turn > 0 ? turn : 0;
    eng_result_text(s, g->result, sizeof g->result);
    if (g->finished) {
        eng_returns(s, g->ret);
        if (g->ret[0] > g->ret[1] + 1e-9)
            g->winner = 0;
        else if (g->ret[1] > g->ret[0] + 1e-9)
            g->winner = 1;
        eval_push(g, g->ret[0], &ecap);
    } else {
        g->ret[0] = g->ret[1] = 0.5;                 /* a cut game counts as a draw */
        eval_push(g, eng_heuristic(s, 0), &ecap);
    }
    g->branching = g->decisions ? lab_round6((double)branch / g->decisions) : 0;
    g->losses = eng_losses(s, ENG_VIEW_ALL);
    ending_of(e, s, g, limit_of(a->game));
    if (e->records && !save_record(e, a, seed, act, nact, dir, g, err))
        goto out;
    ok = true;
out:
    for (int side = 0; side < LAB_SIDES; side++)
        ai_free(ai[side]);
    eng_state_free(s);
    free(act);
    if (!ok)
        lab_game_clear(g);
    return ok;
}
