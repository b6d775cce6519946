/*
 * fuzz_db_blob.c - libFuzzer target for the database's movetext blob
 * (db_decode_game): the first byte chooses the rule set and whether the
 * game starts from its initial position or from a set-up (the same
 * position written out), the rest is the blob. A damaged blob must be
 * refused with a message; a blob read is encoded again from what the
 * decoder passed on, and that encoding must read back to itself.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db.h"

/* Encodes what the decoder passes on, as the importer does. */
static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    (void)has_fen;
    db_encoder *e = user;
    db_encode_start(e, rgn_position_variant(start));
}

static void on_move(void *user, rgn_position *after, rgn_move move,
                    const char *san)
{
    if (san[0] == '\0' && !rgn_move_is_null(move))
        abort(); /* every move has its SAN */
    db_encode_move(user, after, move);
}

static void on_nag(void *user, unsigned nag) { db_encode_nag(user, nag); }

static void on_comment(void *user, rgn_span text)
{
    db_encode_comment(user, text);
}

static void on_begin(void *user) { db_encode_variation(user, true); }

static void on_end(void *user) { db_encode_variation(user, false); }

static void on_unchecked(void *user, rgn_span text, bool cut)
{
    db_encode_unchecked(user, text, cut);
}

static const rgn_game_sink encoding = {
    .start = on_start,
    .move = on_move,
    .nag = on_nag,
    .comment = on_comment,
    .begin_variation = on_begin,
    .end_variation = on_end,
    .unchecked = on_unchecked,
    .position_after = true,
};

static int decode(db_stored_game *stored, db_encoder *e, rgn_error *error)
{
    *error = (rgn_error){0};
    int status = db_decode_game(stored, false, &encoding, e, error);
    if (status < 0 && strncmp(error->message, "a damaged game: ", 16) != 0 &&
        strcmp(error->message, "out of memory") != 0)
        abort(); /* a refusal must say the game is damaged */
    return status;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const rgn_variant *variant =
        rgn_variant_at((data[0] >> 1) % rgn_variant_count());
    char start[512] = "";
    if (data[0] & 1) {
        rgn_position *initial = rgn_position_new(variant, NULL);
        if (initial)
            rgn_position_fen(initial, start, sizeof start);
        rgn_position_free(initial);
    }
    db_stored_game stored = {
        .id = 1,
        .variant = rgn_variant_name(variant),
        .start = start[0] ? start : NULL,
        .result = "*",
        .tags = "{\"Event\":\"fuzz\"}",
        .moves = data + 1,
        .moves_len = size - 1,
        .valid = true,
    };
    db_encoder first = {0}, second = {0};
    rgn_error error;
    if (decode(&stored, &first, &error) == 0 && !first.blob.failed) {
        /* what was read, written again, reads back to the same bytes */
        stored.moves = (const uint8_t *)first.blob.data;
        stored.moves_len = first.blob.len;
        if (decode(&stored, &second, &error) != 0 ||
            (!second.blob.failed &&
             (second.blob.len != first.blob.len ||
              (first.blob.len &&
               memcmp(second.blob.data, first.blob.data, first.blob.len)))))
            abort();
    }
    rgn_buffer_free(&first.blob);
    rgn_buffer_free(&second.blob);
    return 0;
}
