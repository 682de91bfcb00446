/*
 * registry.c - the list of rule sets. Adding a rule set means adding one
 * line here; the command line, the AI, the tests and the benchmarks all
 * iterate this array.
 */
#include <string.h>
#include "rules.h"

extern const eng_rules pwg_rules;   /* Pocket Wargame */
extern const eng_rules ptw_rules;   /* The Portable Wargame: 19th Century */
extern const eng_rules pkb_rules;   /* Pocket Battles */

static const eng_rules *const registry[] = {
    &pwg_rules,
    &ptw_rules,
    &pkb_rules,
    NULL,
};

const eng_rules *const *eng_registry(void) { return registry; }

const eng_rules *eng_rules_find(const char *name)
{
    for (int i = 0; registry[i]; i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

const eng_rules *eng_rules_default(void) { return registry[0]; }
