/*
 * ai_oracle.c - the oracle: a yardstick of luck, and a CHEAT. It is the
 * tree search (ai_mcts.c) with two rules broken on purpose: it reads what
 * the position hides from its seat, and at every chance point inside its
 * search it takes the outcome the game's own seeded generator will give
 * (eng_chance_sample), so it knows every future coin, die and card along
 * each line it looks at. How often it wins is what foresight itself
 * reaches, the limit to set every fair player's figures against. The
 * commands accept it only where strength is measured (tournament, battle);
 * it is never a level and never an opponent in play.
 */
#include "ai_private.h"

static eng_action oracle_choose(ai_player *p, const eng_state *s, ai_explanation *why)
{
    return ai_mcts_decide(p, s, why, true);
}

const ai_kind ai_oracle_kind = {
    .name = "oracle",
    .summary = "CHEATS, a yardstick only: the tree search foreseeing every die and "
               "reading hidden information; for tournament and battle, never an opponent",
    .default_iterations = 2000,
    .seed_salt = UINT64_C(0x6f7261636c65),
    .choose = oracle_choose,
    .cheats = true,
};
