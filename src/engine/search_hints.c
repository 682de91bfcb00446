/*
 * search_hints.c - what a rule set tells the computer players about how to
 * search it, beyond the search scale and finish (engine.c): whether the
 * levels plan a side's whole run of decisions (rules.h, plan_turns).
 */
#include "rules.h"

bool eng_game_plans_turns(const eng_game *g)
{
    return eng_game_rules(g)->plan_turns;
}
