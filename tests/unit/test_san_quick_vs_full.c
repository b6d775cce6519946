/*
 * test_san_quick_vs_full.c - the resolver's one-pass reading of the commonest
 * texts (a game whose engine finds moves without a list) against its
 * general way, which the same call takes when it is asked for the
 * canonical text too: along random games of Chess and Rotary Chess,
 * every legal move's SAN, that text spoilt in the ways files spoil it,
 * and random texts must give the same answer both ways: the result, the
 * move, the warnings, the check mark read, the problem and its words.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rules/san.h"

static uint32_t next(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return *seed >> 8;
}

typedef struct answer {
    int result;
    rgn_move move;
    unsigned warnings;
    char check;
    enum rgn_problem problem;
    char message[256];
} answer;

static answer resolve(rgn_position *pos, const char *text, bool general)
{
    answer a;
    memset(&a, 0, sizeof a);
    rgn_error err;
    err.message[0] = '\0';
    char canonical[64];
    a.result = rgn_san_resolve_unmarked(
        pos, text, strlen(text), &a.move, &a.warnings, &a.check,
        general ? canonical : NULL, sizeof canonical, &a.problem, &err);
    if (a.result < 0) { /* what is left unset on failure is not compared */
        memset(&a.move, 0, sizeof a.move);
        a.warnings = 0;
        a.check = 0;
        snprintf(a.message, sizeof a.message, "%s", err.message);
    } else {
        a.problem = 0;
    }
    return a;
}

static void expect_same(rgn_position *pos, const char *text, long *compared)
{
    answer quick = resolve(pos, text, false),
           general = resolve(pos, text, true);
    if (quick.result != general.result || quick.problem != general.problem ||
        quick.warnings != general.warnings || quick.check != general.check ||
        memcmp(&quick.move, &general.move, sizeof quick.move) != 0 ||
        strcmp(quick.message, general.message) != 0)
        fail_msg("'%s': quick %d %u '%s', general %d %u '%s'", text,
                 quick.result, quick.warnings, quick.message, general.result,
                 general.warnings, general.message);
    (*compared)++;
}

/* A text spoilt as files spoil them: marks dropped or added, a piece
 * letter or square changed, an origin added, a promotion dropped. */
static void spoil(const char *san, char *out, size_t size, uint32_t *seed)
{
    static const char *const extras[] = {"x",  "+", "#", "=Q", "=N", "=K",
                                         "=P", "=", "a", "h",  "1",  "8",
                                         "Q",  "N", "K", "P",  "-",  ">N"};
    size_t len = strlen(san);
    snprintf(out, size, "%s", san);
    int at = (int)(next(seed) % (uint32_t)(len + 1));
    switch (next(seed) % 4) {
    case 0: /* a character dropped */
        if (len > 1)
            memmove(out + at, out + at + 1, len - (size_t)at);
        break;
    case 1: { /* something inserted */
        const char *extra =
            extras[next(seed) % (sizeof extras / sizeof extras[0])];
        snprintf(out, size, "%.*s%s%s", at, san, extra, san + at);
        break;
    }
    case 2: /* a character changed */
        if (at < (int)len)
            out[at] = "abcdefghx12345678QRBNKPO=+#"[next(seed) % 27];
        break;
    default: /* a mark at the end */
        snprintf(out, size, "%s%c", san, "x+#"[next(seed) % 3]);
        break;
    }
}

static void test_quick_agrees_with_general(void **state)
{
    (void)state;
    static const char *const starts[] = {
        NULL,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        "2N1N3/8/8/2N1N3/8/8/1k6/4K3 w - - 0 1", /* four Knights reach d6 */
    };
    uint32_t seed = 2026;
    long compared = 0;
    /* Rotary Chess (12 x 12, two-digit ranks, the mailbox generator) from
     * its start, the last of the starts */
    for (size_t s = 0; s <= sizeof starts / sizeof starts[0]; s++)
        for (int game = 0; game < 8; game++) {
            bool rotary = s == sizeof starts / sizeof starts[0];
            rgn_position *pos = rgn_position_new(
                rgn_variant_find(rotary ? "Rotary Chess" : "Chess"), NULL);
            assert_non_null(pos);
            rgn_error err;
            if (!rotary && starts[s] &&
                rgn_position_set_fen(pos, starts[s], &err) != 0)
                fail_msg("%s: %s", starts[s], err.message);
            for (int ply = 0; ply < 80; ply++) {
                rgn_move moves[RGN_MAX_MOVES];
                int n = rgn_position_legal_moves(pos, moves);
                char san[64], spoilt[80];
                for (int i = 0; i < n; i++) {
                    rgn_move_san(pos, moves[i], san, sizeof san);
                    expect_same(pos, san, &compared);
                    for (int k = 0; k < 3; k++) {
                        spoil(san, spoilt, sizeof spoilt, &seed);
                        expect_same(pos, spoilt, &compared);
                    }
                }
                for (int k = 0; k < 20; k++) { /* short random texts */
                    int len = 1 + (int)(next(&seed) % 6);
                    for (int c = 0; c < len; c++)
                        spoilt[c] =
                            "abcdefghx12345678QRBNKPO=+#-"[next(&seed) % 29];
                    spoilt[len] = '\0';
                    expect_same(pos, spoilt, &compared);
                }
                if (n == 0)
                    break;
                rgn_position_play(pos, moves[next(&seed) % (uint32_t)n]);
            }
            rgn_position_free(pos);
        }
    assert_true(compared > 100000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quick_agrees_with_general),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
