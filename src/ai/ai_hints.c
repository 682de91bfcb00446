/*
 * features.c - a learned evaluation's door into a rule set: the position as
 * a fixed-length vector of numbers from one side's point of view (the rule
 * set's features hook), where the network's weights live, and whether the
 * levels judge by it by default. The network itself is the computer
 * players' (src/ai/ai_net.c); it sees only the vector.
 */
#include <stdio.h>
#include "engine_private.h"
#include "scenario.h"

int eng_rules_feature_count(const eng_rules *r)
{
    return r->features ? r->feature_count : 0;
}

bool eng_features(const eng_state *s, int player, float *out)
{
    const eng_game *g = eng_state_game(s);
    const eng_rules *r = eng_game_rules(g);
    if (!r->features || r->feature_count <= 0)
        return false;
    r->features(eng_game_data(g), eng_state_cbody(s), player, out);
    return true;
}

bool eng_rules_eval_net_path(const eng_rules *r, char *buf, size_t n)
{
    if (!r->eval_net || !r->features) {
        if (n)
            buf[0] = '\0';
        return false;
    }
    snprintf(buf, n, "%s/%s/%s", eng_data_dir(), r->name, r->eval_net);
    return true;
}

bool eng_game_eval_net_default(const eng_game *g)
{
    const eng_rules *r = eng_game_rules(g);
    return r->eval_net_default && eng_rules_feature_count(r) > 0;
}
