/*
 * pwg_batch.c - the chance steps of Pocket Wargame a referee may enter as
 * one list: while the map is dealt, every card still to deal, in the order
 * of the locations.
 */
#include "pwg.h"

int pwg_chance_run(const void *data, const void *st)
{
    const pwg_data *d = data;
    const pwg_state *s = st;
    return s->stage == PWG_S_DEAL && s->deal_next < d->nlocs ? d->nlocs - s->deal_next : 0;
}
