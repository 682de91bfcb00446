/*
 * test_notation.c - the engine's reading of units named in notation and in
 * position files (notation.c: eng_unit_parse, eng_unit_label;
 * position_read.c: eng_pos_find_unit, eng_pos_find_name), over a table of
 * two players' units made here: good names, names with their owner before
 * a slash, unknown and ambiguous names, and the words of each refusal.
 */
#include <strings.h>
#include "support.h"
#include "notation.h"
#include "position.h"

/* Red (player 1): HI1 HI2 LI1; Blue (player 2): HI1 CAV1 */
static const eng_unit_name army[] = {
    {.owner = 0, .code = "HI", .num = 1},
    {.owner = 0, .code = "HI", .num = 2},
    {.owner = 0, .code = "LI", .num = 1},
    {.owner = 1, .code = "HI", .num = 1},
    {.owner = 1, .code = "CAV", .num = 1},
};
static const char *const owners[] = {"Red", "Blue"};

static eng_unit_name name_of(const void *ctx, int u)
{
    return ((const eng_unit_name *)ctx)[u];
}

static int owner_parse(const void *ctx, const char *word, char *why, size_t n)
{
    for (int p = 0; p < 2; p++) {
        char num[12];
        snprintf(num, sizeof num, "%d", p + 1);
        if (strcmp(word, num) == 0 || strcasecmp(word, owners[p]) == 0)
            return p;
    }
    snprintf(why, n, "expected a side (1, 2, Red or Blue), got \"%s\"", word);
    return -1;
}

static const char *owner_name(const void *ctx, int p)
{
    return owners[p];
}

static const eng_unit_table units = {
    .ctx = army,
    .count = 5,
    .name = name_of,
    .owner_parse = owner_parse,
    .owner_name = owner_name,
    .example = "HI1",
};

/* Parses word for player mine, expecting unit want. */
static void parses(const char *word, int mine, int want)
{
    char why[ENG_ERROR_MAX] = "";
    int got = eng_unit_parse(&units, word, mine, why, sizeof why);
    if (got != want)
        fail_msg("\"%s\" for player %d: got %d (%s), expected %d", word, mine, got, why, want);
}

/* Expects word refused for player mine with exactly the message want. */
static void refused(const char *word, int mine, const char *want)
{
    char why[ENG_ERROR_MAX] = "";
    int got = eng_unit_parse(&units, word, mine, why, sizeof why);
    if (got != -1)
        fail_msg("\"%s\" for player %d: got unit %d, expected a refusal", word, mine, got);
    T_EXPECT_STR(why, want);
}

static void test_own_units(void **unused)
{
    (void)unused;
    parses("HI1", 0, 0);
    parses("HI2", 0, 1);
    parses("LI1", 0, 2);
    parses("hi2", 0, 1);        /* the type code in any case */
    parses("HI1", 1, 3);        /* the same label names each player's own */
    parses("CAV1", 1, 4);
}

static void test_owner_written(void **unused)
{
    (void)unused;
    parses("2/HI1", 0, 3);
    parses("Blue/HI1", 0, 3);
    parses("blue/cav1", 0, 4);
    parses("1/HI1", 1, 0);
    parses("Red/LI1", -1, 2);   /* nobody's turn: the owner says whose */
}

static void test_unknown_names(void **unused)
{
    (void)unused;
    refused("HI3", 0, "Red has no unit HI3");
    refused("LI1", 1, "Blue has no unit LI1");
    refused("2/LI1", 0, "Blue has no unit LI1");
    refused("XX1", 0, "Red has no unit XX1");
    refused("3/HI1", 0, "expected a side (1, 2, Red or Blue), got \"3\"");
    refused("Green/HI1", 0, "expected a side (1, 2, Red or Blue), got \"Green\"");
    refused("HI4294967297", 0, "Red has no unit HI4294967297");
}

/* With nobody to default to, a label both players use must say whose. */
static void test_ambiguous_names(void **unused)
{
    (void)unused;
    refused("HI1", -1, "say whose unit HI1 is, like 2/HI1");
    refused("CAV1", -1, "say whose unit CAV1 is, like 2/CAV1");
}

static void test_shapes(void **unused)
{
    (void)unused;
    refused("H-1", 0, "expected a unit like HI1 or 2/HI1, got \"H-1\"");
    refused("HI", 0, "expected a unit like HI1 or 2/HI1, got \"HI\"");
    refused("/HI1", 0, "expected a unit like HI1 or 2/HI1, got \"/HI1\"");
    refused("HI01", 0, "write unit numbers without leading zeros (like HI1), got \"HI01\"");
}

static void test_labels(void **unused)
{
    (void)unused;
    char buf[32];
    eng_unit_label(&units, 3, 1, buf, sizeof buf);
    T_EXPECT_STR(buf, "HI1");
    eng_unit_label(&units, 3, 0, buf, sizeof buf);
    T_EXPECT_STR(buf, "2/HI1");
    eng_unit_label(&units, 1, -1, buf, sizeof buf);
    T_EXPECT_STR(buf, "1/HI2");
    eng_unit_label(&units, 5, 0, buf, sizeof buf);
    T_EXPECT_STR(buf, "?");
    eng_unit_label(&units, -1, 0, buf, sizeof buf);
    T_EXPECT_STR(buf, "?");
}

/* A position file names a unit by its full label, exactly. */
static void test_position_names(void **unused)
{
    (void)unused;
    assert_int_equal(eng_pos_find_unit(&units, "2/HI1"), 3);
    assert_int_equal(eng_pos_find_unit(&units, "1/HI1"), 0);
    assert_int_equal(eng_pos_find_unit(&units, "2/CAV1"), 4);
    assert_int_equal(eng_pos_find_unit(&units, "HI1"), -1);       /* whose? */
    assert_int_equal(eng_pos_find_unit(&units, "2/hi1"), -1);     /* as written */
    assert_int_equal(eng_pos_find_unit(&units, "Blue/HI1"), -1);
    assert_int_equal(eng_pos_find_unit(&units, "1/LI2"), -1);
    assert_int_equal(eng_pos_find_unit(&units, ""), -1);
}

/* Names written empty are no unit's: "" finds nothing. */
static void gaps(const void *ctx, int k, char *buf, size_t n)
{
    snprintf(buf, n, "%s", k == 1 ? "" : k == 0 ? "A1" : "B1");
}

static void test_find_name_skips_gaps(void **unused)
{
    (void)unused;
    assert_int_equal(eng_pos_find_name(NULL, 3, gaps, "B1"), 2);
    assert_int_equal(eng_pos_find_name(NULL, 3, gaps, "A1"), 0);
    assert_int_equal(eng_pos_find_name(NULL, 3, gaps, ""), -1);
    assert_int_equal(eng_pos_find_name(NULL, 3, gaps, "A2"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_own_units),
        cmocka_unit_test(test_owner_written),
        cmocka_unit_test(test_unknown_names),
        cmocka_unit_test(test_ambiguous_names),
        cmocka_unit_test(test_shapes),
        cmocka_unit_test(test_labels),
        cmocka_unit_test(test_position_names),
        cmocka_unit_test(test_find_name_skips_gaps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
