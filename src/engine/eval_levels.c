/*
 * eval_levels.c - which computer levels judge positions by a rule set's
 * learned evaluation by default: all of them (eval_net_default), or only
 * the levels its eval_net_levels names. A measured hint, like the search
 * scale (docs/ai.md); the network itself is the computer players'.
 */
#include <string.h>
#include "engine_private.h"

/* Is word one of the space- or comma-separated names in list? */
static bool listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; *p;) {
        while (*p == ' ' || *p == ',')
            p++;
        size_t k = strcspn(p, " ,");
        if (k == n && k > 0 && strncmp(p, word, n) == 0)
            return true;
        p += k;
    }
    return false;
}

bool eng_game_eval_net_for_level(const eng_game *g, const char *level)
{
    if (!eng_game_eval_net_default(g))
        return false;
    const eng_rules *r = eng_game_rules(g);
    if (!r->eval_net_levels)
        return true;
    return level && listed(r->eval_net_levels, level);
}
