/*
 * ai_thumb.c - the rule-of-thumb player: quick and sensible, no search.
 *
 * It looks one decision ahead. For each legal action it asks what the
 * position will be worth, by the rule set's heuristic, when its next
 * decision comes: if the action leads to chance (a shot's dice, a coin
 * toss, a combat), every outcome is weighed by its probability, through
 * as many chance points in a row as follow (sampled with its own generator
 * only where they fan out beyond its budget); if another side must first
 * make a small reply (which unit takes the damage), that side is assumed
 * to reply by the same rule. Where the dice leave its own side a decision
 * that still belongs to the combat they decided (the rule set's odds say
 * so, eng_odds_step: which enemy unit takes its hits, say), that is not
 * yet its next decision: where the rule set's hints ask it (measured
 * better there: ai_hints_thumb_follows), it makes it by the same rule and
 * looks on, a few such decisions at most (setting follow=N, default
 * AI_THUMB_FOLLOWS; 0: judge there, as elsewhere), and only as far as the
 * odds of the action go: not past chance that starts something new (one
 * the odds do not follow). So it takes the shot that does the most harm on average,
 * keeps its units where the heuristic likes them and keeps out of fights
 * it would lose on average, but it never imagines the enemy's next turn.
 * Actions the look-ahead leaves level are tried in a few short random
 * continuations, whose average the explanation then shows. When the
 * position hides something from it, it judges each action in a few
 * positions re-dealt from what its seat can see and takes the average, so
 * it never peeks.
 *
 * The tree search's prior and the whole-turn planner ask the judgement
 * without the follow-up (ai_thumb_judge_by), as they always have.
 */
#include <stdbool.h>
#include <stdlib.h>
#include "ai_private.h"
#include "ai_net.h"

#define THUMB_DEFAULT_OUTCOMES 64   /* positions judged per action, at most */
#define THUMB_DEALS 8               /* re-dealt positions when something is hidden */
#define THUMB_DEPTH 10              /* levels of look-ahead (chance points, replies) */
#define THUMB_REPLIES 2             /* other sides' replies followed on the way */
#define THUMB_REPLY_CHOICES 16      /* ... when they have at most this many choices */
#define THUMB_REPLY_OUTCOMES 6      /* positions judged per reply considered */
#define THUMB_LEVEL 1e-6            /* outlooks this close are level */
#define THUMB_TIE_SAMPLES 240       /* random continuations among level actions */
#define THUMB_TIE_MIN 4             /* ... at least this many each */
#define THUMB_TIE_HORIZON 40        /* ... each this many steps long */

/* Scratch for one decision: a position per level of look-ahead. */
typedef struct outlook_ctx {
    uint64_t *rng;
    const ai_net *net;   /* judges positions; NULL: the heuristic */
    eng_state *level[THUMB_DEPTH + 1];
    long judged;   /* positions scored, for the explanation */
} outlook_ctx;

static double outlook(outlook_ctx *ctx, eng_state *s, int me, int depth, int budget,
                      int replies, int follows, bool rolled);

/* The reply another side makes in s by the same rule of thumb, or the
 * follow-up its own side makes, weighing only what it leads to (no replies
 * or follow-ups in turn). */
static eng_action reply(outlook_ctx *ctx, const eng_state *s, int who, int depth,
                        const eng_action *acts, int n)
{
    eng_state *next = ctx->level[depth];
    int best = 0;
    double best_value = -1;
    for (int i = 0; i < n; i++) {
        eng_state_copy(next, s);
        eng_apply_fast(next, acts[i]);
        double v = outlook(ctx, next, who, depth + 1, THUMB_REPLY_OUTCOMES, 0, 0, true) +
                   ai_rand_fraction(ctx->rng) * 1e-9;
        if (v > best_value) {
            best_value = v;
            best = i;
        }
    }
    return acts[best];
}

/* Does s, reached after chance has fallen, hold a decision (of the player
 * to move, the caller's own) that belongs to the combat under way (the
 * rule set's odds would make it automatically) with at most
 * THUMB_REPLY_CHOICES choices? */
static bool follow_up(const eng_state *s, eng_action *acts, int *n)
{
    eng_action automatic;
    if (eng_odds_step(s, &automatic) != ENG_ODDS_AUTO)
        return false;
    *n = eng_legal_actions(s, acts);
    return *n > 0 && *n <= THUMB_REPLY_CHOICES;
}

/* What s is worth to `me` when its next decision comes, judging at most
 * about `budget` positions (at least one), following at most `replies`
 * short replies of other sides and `follows` follow-ups of its own on the
 * way (these only once chance has fallen, `rolled`). s may be changed. */
static double outlook(outlook_ctx *ctx, eng_state *s, int me, int depth, int budget,
                      int replies, int follows, bool rolled)
{
    int who = eng_current_player(s);
    /* another side's short reply, or the mover's own follow-up once chance has fallen */
    bool other = who != ENG_CHANCE && who != ENG_TERMINAL && who != me && replies > 0;
    bool own = who == me && follows > 0 && rolled;
    if ((other || own) && depth < THUMB_DEPTH) {
        eng_action acts[ENG_MAX_ACTIONS];
        int n = 0;
        bool small = other ? (n = eng_legal_actions(s, acts)) <= THUMB_REPLY_CHOICES
                           : follow_up(s, acts, &n);
        if (small) {
            eng_action a = reply(ctx, s, who, depth, acts, n);
            eng_state *next = ctx->level[depth];
            eng_state_copy(next, s);
            eng_apply_fast(next, a);
            return outlook(ctx, next, me, depth + 1, budget, replies - other, follows - own,
                           rolled);
        }
    }
    if (who != ENG_CHANCE || depth == THUMB_DEPTH) {
        if (who == ENG_CHANCE) {   /* too deep to weigh: one sampled way on */
            while (eng_current_player(s) == ENG_CHANCE)
                eng_apply_fast(s, ai_sample_chance(s, ctx->rng));
        }
        double value[ENG_MAX_PLAYERS];
        ai_score_by(ctx->net, s, value);
        ctx->judged++;
        return value[me];
    }
    /* chance that starts something new (the odds stop before it) ends the
     * combat the action began: no follow-ups past it */
    eng_action unused;
    if (follows > 0 && eng_odds_step(s, &unused) == ENG_ODDS_STOP)
        follows = 0;
    eng_action out[ENG_MAX_ACTIONS];
    double prob[ENG_MAX_ACTIONS];
    int n = eng_chance_outcomes(s, out, prob);
    eng_state *next = ctx->level[depth];
    double sum = 0;
    if (n <= budget) {   /* every outcome, weighed by its probability */
        for (int i = 0; i < n; i++) {
            if (prob[i] <= 0)
                continue;
            eng_state_copy(next, s);
            eng_apply_fast(next, out[i]);
            sum += prob[i] * outlook(ctx, next, me, depth + 1, budget / n, replies, follows,
                                     true);
        }
        return sum;
    }
    for (int k = 0; k < budget; k++) {   /* too many: a sample of them */
        eng_state_copy(next, s);
        eng_apply_fast(next, ai_sample_chance(s, ctx->rng));
        sum += outlook(ctx, next, me, depth + 1, 1, replies, follows, true);
    }
    return sum / budget;
}

/* Where the look-ahead leaves several actions level with the best (moving
 * when only strength counts, say), a few short random continuations of
 * each decide between them, and their average is the estimate the
 * explanation shows; the others keep their place below. Returns the
 * positions scored. */
static long break_ties(ai_player *p, const eng_state *s, int me, bool secrets, ai_scored *c,
                       int n, double top, eng_state *work)
{
    int tied = 0;
    for (int i = 0; i < n; i++)
        if (c[i].c.visits && c[i].c.value >= top - THUMB_LEVEL)
            tied++;
    if (tied < 2)
        return 0;
    int per = THUMB_TIE_SAMPLES / tied;
    if (per < THUMB_TIE_MIN)
        per = THUMB_TIE_MIN;
    long judged = 0;
    for (int i = 0; i < n; i++) {
        if (!c[i].c.visits || c[i].c.value < top - THUMB_LEVEL)
            continue;
        int done;
        double sum = ai_sample_action(s, me, c[i].c.action, per, THUMB_TIE_HORIZON, secrets,
                                      work, &p->rng, &done);
        judged += done;
        c[i].c.visits += done;   /* the explanation's tries: the continuations too */
        if (done) {   /* still above every action that was not level */
            c[i].key = top + 1 + sum / done;
            c[i].c.value = sum / done;   /* the estimate that decided, not the level one */
        }
    }
    return judged;
}

/* ai_thumb_judge_by with at most `follows` follow-ups of the mover's own
 * on the way (outlook). */
static long judge(const ai_net *net, const eng_state *s, const eng_action *acts, int n,
                  int budget, int follows, uint64_t *rng, double *value, int *visits)
{
    int me = eng_current_player(s);
    if (budget <= 0)
        budget = THUMB_DEFAULT_OUTCOMES;
    bool secrets = eng_hides_from(s, me);
    int deals = secrets ? THUMB_DEALS : 1;
    double *sum = calloc((size_t)n, sizeof *sum);
    int *seen = calloc((size_t)n, sizeof *seen);
    if (!sum || !seen)
        abort();
    outlook_ctx ctx = {.rng = rng, .net = net};
    for (int d = 0; d <= THUMB_DEPTH; d++)
        ctx.level[d] = eng_state_clone(s);
    eng_state *deal = eng_state_clone(s), *after = eng_state_clone(s);
    for (int k = 0; k < deals; k++) {
        if (secrets)
            eng_state_resample_hidden(deal, me, rng);
        for (int i = 0; i < n; i++) {
            if (secrets && !eng_is_legal(deal, acts[i], NULL))
                continue;
            eng_state_copy(after, deal);
            eng_apply_fast(after, acts[i]);
            sum[i] += outlook(&ctx, after, me, 0, budget, THUMB_REPLIES, follows, false);
            seen[i]++;
        }
        eng_state_copy(deal, s);
    }
    for (int i = 0; i < n; i++) {
        value[i] = seen[i] ? sum[i] / seen[i] : 0;
        if (visits)
            visits[i] = seen[i];
    }
    for (int d = 0; d <= THUMB_DEPTH; d++)
        eng_state_free(ctx.level[d]);
    eng_state_free(deal);
    eng_state_free(after);
    free(sum);
    free(seen);
    return ctx.judged;
}

long ai_thumb_judge(const eng_state *s, const eng_action *acts, int n, int budget,
                    uint64_t *rng, double *value, int *visits)
{
    return ai_thumb_judge_by(NULL, s, acts, n, budget, rng, value, visits);
}

long ai_thumb_judge_by(const ai_net *net, const eng_state *s, const eng_action *acts, int n,
                       int budget, uint64_t *rng, double *value, int *visits)
{
    return judge(net, s, acts, n, budget, 0, rng, value, visits);
}

static eng_action thumb_choose(ai_player *p, const eng_state *s, ai_explanation *why)
{
    eng_action acts[ENG_MAX_ACTIONS];
    double value[ENG_MAX_ACTIONS];
    int visits[ENG_MAX_ACTIONS];
    int n = eng_legal_actions(s, acts);
    int me = eng_current_player(s);
    /* the network only when asked for (eval=net): the rule set's default is
     * for the tree search's levels */
    const ai_net *net = p->cfg.eval > 0 ? ai_player_net(p, s) : NULL;
    /* by default as the rule set's hints say: where judging after them
     * measured better */
    int follows = p->cfg.follow > 0 ? p->cfg.follow : p->cfg.follow < 0 ? 0
                : ai_hints_thumb_follows(eng_state_game(s)) ? AI_THUMB_FOLLOWS : 0;
    long judged = judge(net, s, acts, n, p->cfg.iterations, follows, &p->rng, value, visits);

    ai_scored *c = calloc((size_t)n, sizeof *c);
    if (!c)
        abort();
    double top = -1;
    for (int i = 0; i < n; i++) {
        c[i].c = (ai_candidate){acts[i], value[i], visits[i]};
        c[i].key = value[i] + ai_rand_fraction(&p->rng) * 1e-9;
        if (visits[i] && value[i] > top)
            top = value[i];
    }
    eng_state *work = eng_state_clone(s);
    judged += break_ties(p, s, me, eng_hides_from(s, me), c, n, top, work);
    eng_state_free(work);
    eng_action best = ai_rank(c, n, judged, why);
    free(c);
    return best;
}

const ai_kind ai_thumb_kind = {
    .name = "thumb",
    .summary = "rule of thumb: looks one decision ahead, weighing the dice, "
               "and takes the action that leaves the best position on average",
    .default_iterations = THUMB_DEFAULT_OUTCOMES,
    .budget_text = "at most %d outcomes a move",
    .seed_salt = UINT64_C(0x7468756d62),
    .choose = thumb_choose,
};
