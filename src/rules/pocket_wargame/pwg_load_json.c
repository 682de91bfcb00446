/*
 * pwg_load_json.c - reading scenario JSON for Pocket Wargame: the loader's
 * error messages (naming the JSON path), whole numbers, flags (the key
 * check is the engine's eng_json_check_keys).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "pwg_load_json.h"
#include "scenario.h"

void pwg_load_copy(char *dst, size_t n, const char *src)
{
    eng_text_copy(dst, n, src);   /* a name cut to fit stays UTF-8 */
}

bool pwg_load_copy_fit(pwg_loader *l, char *dst, size_t n, const char *src, const char *path)
{
    if (src && strlen(src) >= n)
        return pwg_load_fail(l, "%s: \"%.*s%s\" is too long (at most %zu characters)", path,
                             (int)eng_utf8_cut(src, 40), src, strlen(src) > 40 ? "..." : "", n - 1);
    pwg_load_copy(dst, n, src);
    return true;
}

bool pwg_load_streq_ci(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    return *a == *b;
}

bool pwg_load_int(pwg_loader *l, const json_t *obj, const char *key, const char *path, int lo,
                  int hi, int dflt, int *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        *out = dflt;
        return true;
    }
    if (!json_is_integer(v))
        return pwg_load_fail(l, "%s.%s: expected a whole number", path, key);
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi)
        return pwg_load_fail(l, "%s.%s: %lld is out of range (%d..%d)", path, key, (long long)x, lo,
                             hi);
    *out = (int)x;
    return true;
}

bool pwg_load_bool(pwg_loader *l, const json_t *v, const char *path, bool *out)
{
    if (json_is_boolean(v)) {
        *out = json_is_true(v);
        return true;
    }
    const char *s = json_string_value(v);
    if (s && (pwg_load_streq_ci(s, "true") || pwg_load_streq_ci(s, "yes") || strcmp(s, "1") == 0)) {
        *out = true;
        return true;
    }
    if (s && (pwg_load_streq_ci(s, "false") || pwg_load_streq_ci(s, "no") || strcmp(s, "0") == 0)) {
        *out = false;
        return true;
    }
    return pwg_load_fail(l, "%s: expected true or false", path);
}
