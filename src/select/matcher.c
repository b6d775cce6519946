/*
 * matcher.c - the matcher (rgn_matcher): a game sink that judges a game
 * against criteria while it is read, live from a validator or replayed
 * from a recorded game. Tags are judged as they come, positions after
 * each move (the move made on the sink's position and taken back), and
 * the rest when the game ends.
 */
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "rules/position.h"
#include "rules/rule_set.h"
#include "select/criteria.h"

/* The rule sets a matcher has prepared its targets for. */
#define PREPARED_VARIANTS 16

struct rgn_matcher {
    const rgn_criteria *c;
    uint64_t number; /* of the game, from 1 */
    /* tags: per test, whether a tag satisfied it (for TAG_NE: equalled) */
    bool *tag_hit;
    long elo[2];
    bool has_elo[2];
    char *value; /* a tag's value, NUL-terminated for regexec */
    size_t value_size;
    /* shape */
    int depth, plies;
    bool has_fen, has[HAS_KINDS], promoted, underpromoted;
    unsigned promoted_to; /* bit per promotion letter of the criteria */
    /* the ends: the main line's last position, and the keys of its
     * positions (repetitions) */
    rgn_position *last;
    bool started;
    uint64_t *keys;
    size_t key_count, key_size;
    /* positions */
    variant_targets prepared[PREPARED_VARIANTS];
    variant_targets *targets; /* of this game's rule set; NULL: none */
    int *first_ply;           /* per target group: main-line ply, -1 */
    bool *seen_aside;         /* per target group: matched in a variation */
    int *material_run;        /* per target: positions in a row */
    /* the main line's pieces now, counted again only after a move that
     * may change them */
    int counts[2][RGN_TYPES];
    bool counted;
    bool failed;
    /* the verdict */
    bool matched;
    int ply;
};

rgn_matcher *rgn_matcher_new(const rgn_criteria *c, rgn_error *error)
{
    rgn_matcher *m = calloc(1, sizeof *m);
    if (!m) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    m->c = c;
    size_t tags = (size_t)c->tag_count + 1,
           groups = (size_t)c->target_groups + 1;
    m->tag_hit = calloc(tags, sizeof *m->tag_hit);
    m->first_ply = calloc(groups, sizeof *m->first_ply);
    m->seen_aside = calloc(groups, sizeof *m->seen_aside);
    m->material_run =
        calloc((size_t)c->target_count + 1, sizeof *m->material_run);
    if (!m->tag_hit || !m->first_ply || !m->seen_aside || !m->material_run) {
        rgn_matcher_free(m);
        rgn_fail(error, "out of memory");
        return NULL;
    }
    return m;
}

void rgn_matcher_free(rgn_matcher *m)
{
    if (!m)
        return;
    for (int i = 0; i < PREPARED_VARIANTS; i++)
        variant_targets_free(&m->prepared[i], m->c->target_count);
    free(m->tag_hit);
    free(m->first_ply);
    free(m->seen_aside);
    free(m->material_run);
    free(m->value);
    free(m->keys);
    rgn_position_free(m->last);
    free(m);
}

static void on_begin_game(void *user, uint64_t number)
{
    (void)number; /* the validator's; the criterion counts what it hears */
    rgn_matcher *m = user;
    const rgn_criteria *c = m->c;
    m->number++;
    memset(m->tag_hit, 0, (size_t)c->tag_count * sizeof *m->tag_hit);
    m->has_elo[0] = m->has_elo[1] = false;
    m->depth = m->plies = 0;
    m->has_fen = m->promoted = m->underpromoted = m->started = false;
    memset(m->has, 0, sizeof m->has);
    m->promoted_to = 0;
    m->key_count = 0;
    m->targets = NULL;
    for (int g = 0; g < c->target_groups; g++) {
        m->first_ply[g] = -1;
        m->seen_aside[g] = false;
    }
    memset(m->material_run, 0, (size_t)c->target_count * sizeof(int));
    m->matched = false;
    m->ply = -1;
}

/* ------------------------------------------------------------------ */
/* Tags                                                               */

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    rgn_matcher *m = user;
    const rgn_criteria *c = m->c;
    if (name.len == 8 && (memcmp(name.data, "WhiteElo", 8) == 0 ||
                          memcmp(name.data, "BlackElo", 8) == 0)) {
        int side = name.data[0] == 'B';
        char digits[12];
        size_t n = value.len < sizeof digits - 1 ? value.len : 0;
        memcpy(digits, value.data, n);
        digits[n] = '\0';
        char *end;
        m->elo[side] = strtol(digits, &end, 10);
        m->has_elo[side] = n > 0 && *end == '\0';
    }
    bool copied = false;
    for (int i = 0; i < c->tag_count; i++) {
        const tag_test *t = &c->tags[i];
        if (m->tag_hit[i] || !tag_test_applies(t, name.data, name.len))
            continue;
        if (!copied) {
            if (value.len + 1 > m->value_size) {
                char *more = realloc(m->value, value.len + 1);
                if (!more) {
                    m->failed = true;
                    return;
                }
                m->value = more;
                m->value_size = value.len + 1;
            }
            memcpy(m->value, value.data, value.len);
            m->value[value.len] = '\0';
            copied = true;
        }
        m->tag_hit[i] = tag_test_holds(t, m->value, value.len);
    }
}

/* Whether test i holds, now that every tag has been heard. */
static bool tag_result(const rgn_matcher *m, int i)
{
    const tag_test *t = &m->c->tags[i];
    bool hit = m->tag_hit[i];
    if (t->pseudo == PSEUDO_ELO_DIFF) {
        long diff = labs(m->elo[0] - m->elo[1]);
        hit = m->has_elo[0] && m->has_elo[1] && tag_test_holds_number(t, diff);
    }
    /* != is the negation of =: a game without the tag matches it */
    return t->op == TAG_NE ? !hit : hit;
}

/* Within a tag's group one test must hold, but for a range bounded from
 * both sides (a < or <= and a > or >=), whose bounds must all hold. */
static bool tags_match(const rgn_matcher *m)
{
    const rgn_criteria *c = m->c;
    for (int g = 0; g < c->tag_groups; g++) {
        bool lower = false, upper = false, any = false, range = true;
        for (int i = 0; i < c->tag_count; i++) {
            const tag_test *t = &c->tags[i];
            if (t->group != g)
                continue;
            bool holds = tag_result(m, i);
            if (t->op == TAG_GT || t->op == TAG_GE)
                lower = true;
            else if (t->op == TAG_LT || t->op == TAG_LE)
                upper = true;
            else {
                any = any || holds;
                continue;
            }
            range = range && holds;
            any = any || holds;
        }
        if (lower && upper) {
            /* the range's bounds together, or another test */
            bool other = false;
            for (int i = 0; i < c->tag_count; i++)
                if (c->tags[i].group == g && c->tags[i].op != TAG_GT &&
                    c->tags[i].op != TAG_GE && c->tags[i].op != TAG_LT &&
                    c->tags[i].op != TAG_LE)
                    other = other || tag_result(m, i);
            if (!range && !other)
                return false;
        } else if (!any)
            return false;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Positions                                                          */

static variant_targets *targets_for(rgn_matcher *m, const rgn_variant *v)
{
    for (int i = 0; i < PREPARED_VARIANTS; i++) {
        variant_targets *vt = &m->prepared[i];
        if (vt->variant == v)
            return vt;
        if (!vt->variant) {
            if (variant_targets_prepare(vt, m->c, v) < 0) {
                variant_targets_free(vt, m->c->target_count);
                m->failed = true;
                return NULL;
            }
            return vt;
        }
    }
    return NULL;
}

/* Judges a position of the game: ply its main-line ply, or -1 in a
 * variation. */
static void judge_position(rgn_matcher *m, const rgn_position *pos, int ply)
{
    const rgn_criteria *c = m->c;
    variant_targets *vt = m->targets;
    bool recounted = false;
    for (int i = 0; i < c->target_count; i++) {
        const target *t = &c->targets[i];
        if (t->kind == TARGET_MATERIAL) {
            if (ply < 0)
                continue; /* material runs along the main line only */
            if (!recounted && !m->counted) {
                material_count_position(vt, pos, m->counts);
                recounted = m->counted = true;
            }
            /* the same pieces hold the signature as they did */
            bool holds =
                recounted ? target_holds(t, &vt->ready[i], vt, pos, m->counts)
                          : m->material_run[i] > 0;
            m->material_run[i] = holds ? m->material_run[i] + 1 : 0;
            if (m->material_run[i] >= c->material_plies &&
                m->first_ply[t->group] < 0)
                m->first_ply[t->group] = ply;
            continue;
        }
        if (ply >= 0 ? m->first_ply[t->group] >= 0 : m->seen_aside[t->group])
            continue;
        if (!target_holds(t, &vt->ready[i], vt, pos, m->counts))
            continue;
        if (ply >= 0)
            m->first_ply[t->group] = ply;
        else
            m->seen_aside[t->group] = true;
    }
}

static void remember_key(rgn_matcher *m, uint64_t key)
{
    if (m->key_count == m->key_size) {
        size_t size = m->key_size ? m->key_size * 2 : 256;
        uint64_t *more = realloc(m->keys, size * sizeof *more);
        if (!more) {
            m->failed = true;
            return;
        }
        m->keys = more;
        m->key_size = size;
    }
    m->keys[m->key_count++] = key;
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    rgn_matcher *m = user;
    m->has_fen = has_fen;
    m->started = true;
    if (m->c->ends[END_MATE] || m->c->ends[END_STALEMATE] ||
        m->c->ends[END_REPETITION] || m->c->ends[END_FIFTY] ||
        m->c->ends[END_INSUFFICIENT]) {
        if (!m->last || m->last->variant != start->variant) {
            rgn_position_free(m->last);
            m->last = rgn_position_new(start->variant, NULL);
        }
        if (!m->last) {
            m->failed = true;
            return;
        }
        rgn_position_copy(m->last, start);
        remember_key(m, rgn_position_key(start));
    }
    if (m->c->target_count > 0) {
        m->targets = targets_for(m, start->variant);
        m->counted = false;
        if (m->targets)
            judge_position(m, start, 0);
    }
}

static void on_move(void *user, rgn_position *after, rgn_move move,
                    const char *san)
{
    (void)san;
    rgn_matcher *m = user;
    const rgn_criteria *c = m->c;
    bool main_line = m->depth == 0;
    if (main_line) {
        m->plies++;
        if (move.kind == RGN_MOVE_PROMOTION) {
            const rgn_variant *v = after->variant;
            m->promoted = true;
            /* rule sets list their pieces strongest first, the King
             * first of all: type 2 is the strongest promotion */
            if (move.promotion != 2)
                m->underpromoted = true;
            char letter = rgn_variant_piece_letter(v, move.promotion);
            for (int i = 0; i < c->promotion_letter_count; i++)
                if (c->promotion_letters[i] == letter)
                    m->promoted_to |= 1u << i;
        }
        if (m->last) {
            rgn_position_copy(m->last, after);
            remember_key(m, rgn_position_key(after));
        }
        /* the pieces change only by a capture or a pawn's move (which
         * reset the halfmove clock) or a move of another kind than a
         * plain move, a rotation or castling */
        if (after->halfmove == 0 ||
            (move.kind != RGN_MOVE_NORMAL && move.kind != RGN_MOVE_ROTATION &&
             move.kind != RGN_MOVE_CASTLING))
            m->counted = false;
    }
    if (m->targets && (main_line || c->in_variations))
        judge_position(m, after, main_line ? m->plies : -1);
}

/* ------------------------------------------------------------------ */
/* The rest of the game                                               */

static void on_nag(void *user, unsigned nag)
{
    (void)nag;
    ((rgn_matcher *)user)->has[HAS_NAGS] = true;
}

static void on_comment(void *user, rgn_span text)
{
    rgn_matcher *m = user;
    m->has[HAS_COMMENTS] = true;
    for (size_t i = 0; i + 5 <= text.len && !m->has[HAS_CLOCKS]; i++)
        if (memcmp(text.data + i, "[%clk", 5) == 0)
            m->has[HAS_CLOCKS] = true;
}

static void on_begin_variation(void *user)
{
    rgn_matcher *m = user;
    m->has[HAS_VARIATIONS] = true;
    m->depth++;
}

static void on_end_variation(void *user)
{
    rgn_matcher *m = user;
    if (m->depth > 0)
        m->depth--;
}

/* Whether the game ends as the criterion end says, by its own rules. */
static bool ends_as(rgn_matcher *m, int end, rgn_span result, bool valid)
{
    if (end == END_UNFINISHED)
        return result.len == 1 && result.data[0] == '*';
    if (!valid || !m->last || !m->started)
        return false;
    rgn_position *final = m->last;
    const rgn_variant *v = final->variant;
    switch (end) {
    case END_MATE: return rgn_position_status(final) == RGN_CHECKMATE;
    case END_STALEMATE: return rgn_position_status(final) == RGN_STALEMATE;
    case END_REPETITION: {
        uint64_t key = rgn_position_key(final);
        int times = 0;
        for (size_t i = 0; i < m->key_count; i++)
            times += m->keys[i] == key;
        return times >= 3;
    }
    case END_FIFTY:
        return rgn_rules_fifty_move_rule(v) && final->halfmove >= 100;
    case END_INSUFFICIENT: return rgn_rules_dead_position(final);
    }
    return false;
}

static bool in_games(const rgn_criteria *c, uint64_t number)
{
    if (c->game_ranges == 0)
        return true;
    for (int i = 0; i < c->game_ranges; i++)
        if (number >= c->games[i].min && number <= c->games[i].max)
            return true;
    return false;
}

static bool shape_matches(rgn_matcher *m, rgn_span result, bool valid)
{
    const rgn_criteria *c = m->c;
    if (m->plies < c->min_plies ||
        (c->max_plies >= 0 && m->plies > c->max_plies))
        return false;
    if ((c->valid && !valid) || (c->invalid && valid))
        return false;
    if ((c->setup && !m->has_fen) || (c->promotion && !m->promoted) ||
        (c->underpromotion && !m->underpromoted) ||
        m->promoted_to != (1u << c->promotion_letter_count) - 1)
        return false;
    for (int h = 0; h < HAS_KINDS; h++)
        if (c->has[h] && !m->has[h])
            return false;
    for (int e = 0; e < END_KINDS; e++)
        if (c->ends[e] && !ends_as(m, e, result, valid))
            return false;
    return true;
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    rgn_matcher *m = user;
    const rgn_criteria *c = m->c;
    bool matched = in_games(c, m->number) && tags_match(m) &&
                   shape_matches(m, result, error == NULL);
    int ply = -1;
    for (int g = 0; matched && g < c->target_groups; g++) {
        if (m->first_ply[g] < 0 && !m->seen_aside[g])
            matched = false;
        else if (m->first_ply[g] < 0)
            ply = -2; /* matched in a variation: no main-line ply */
        else if (ply != -2 && m->first_ply[g] > ply)
            ply = m->first_ply[g];
    }
    m->matched = matched;
    m->ply = matched && ply >= 0 ? ply : -1;
    m->started = false;
}

static const rgn_game_sink matcher_sink = {
    .begin_game = on_begin_game,
    .tag = on_tag,
    .start = on_start,
    .move = on_move,
    .nag = on_nag,
    .comment = on_comment,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .end_game = on_end_game,
    .without_san = true,
    .position_after = true,
};

const rgn_game_sink *rgn_matcher_sink(void) { return &matcher_sink; }

bool rgn_matcher_matched(const rgn_matcher *m, int *ply)
{
    if (ply)
        *ply = m->ply;
    return m->matched;
}
