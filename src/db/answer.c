/*
 * answer.c - a database's answers handed to their reader: the games
 * found handed on to their destination (rgn_db_find_write),
 * the rule sets that read a tree's position (rgn_db_tree_games), the
 * tree (rgn_db_tree_write), what the database holds
 * (rgn_db_stats_write) and what an import stored
 * (rgn_db_import_counts_write) as text for people or as JSON. Each text is
 * built in a buffer and written in one call, so that a failed write is seen.
 */
#include <stdio.h>
#include <string.h>

#include "base/buffer.h"
#include "base/errors.h"
#include "base/json.h"
#include "db/db.h"

/* ------------------------------------------------------------------ */
/* The games found                                                    */

typedef struct find_writing {
    rgn_destination *destination;
    uint64_t found; /* so far: the number a listed game's record shows */
    bool failed;
    rgn_error *error;
} find_writing;

static int write_found(void *user, const rgn_db_found *found)
{
    find_writing *w = user;
    w->found++;
    if (!found->game || !w->destination)
        return 0;
    /* the game keeps its file as imported */
    rgn_selection selection = {w->found, (uint64_t)found->id, found->ply, 0};
    if (rgn_destination_game(w->destination, found->game, &selection,
                             w->error) < 0)
        w->failed = true;
    return w->failed;
}

int64_t rgn_db_find_write(rgn_db *db, const rgn_db_find_options *options,
                          rgn_destination *destination, rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    rgn_db_find_options taken;
    if (db_find_options_take(&taken, options, error) < 0)
        return -1;
    find_writing w = {destination, 0, false, error};
    taken.found = write_found;
    taken.user = &w;
    int64_t found = rgn_db_find(db, &taken, error);
    return w.failed ? -1 : found;
}

/* ------------------------------------------------------------------ */
/* The tree's position                                                */

/* Whether v reads fen (NULL: v's start) and plays line (NULL: none). */
static bool reads(const rgn_variant *v, const char *fen, const char *line)
{
    if (!fen && rgn_variant_needs_setup(v))
        return false;
    rgn_position *pos = rgn_position_new(v, NULL);
    bool read = pos && !(fen && rgn_position_set_fen(pos, fen, NULL) < 0) &&
                !(line && rgn_position_play_line(pos, line, NULL) < 0);
    rgn_position_free(pos);
    return read;
}

int rgn_db_tree_games(rgn_db *db, const char *fen, const char *line,
                      const rgn_variant *found[2], rgn_error *error)
{
    enum { MAX = 16 };
    const rgn_variant *variants[MAX];
    int count = rgn_db_variants(db, variants, MAX, error);
    if (count < 0)
        return -1;
    /* an empty database: any game rgn knows that reads the position,
     * else the default game */
    bool any = count == 0 && fen;
    if (count == 0 && !fen)
        variants[count++] = rgn_variant_default();
    size_t n = any ? rgn_variant_count() : count < MAX ? (size_t)count : MAX;
    int reading = 0;
    for (size_t i = 0; i < n && reading < 2; i++) {
        const rgn_variant *v = any ? rgn_variant_at(i) : variants[i];
        if (reads(v, fen, line))
            found[reading++] = v;
    }
    if (reading > 1 && any)
        reading = 1; /* in an empty database, the first game that reads it */
    if (!reading)    /* the game that says why */
        found[0] = any ? rgn_variant_default() : variants[0];
    return reading;
}

/* ------------------------------------------------------------------ */
/* The tree and the stats, written                                    */

/* The buffer written to out: 0, or -1 with error. */
static int flush(rgn_buffer *text, FILE *out, rgn_error *error)
{
    int rc = 0;
    if (text->failed)
        rc = rgn_fail(error, "out of memory");
    else if (fwrite(text->data, 1, text->len, out) != text->len)
        rc = rgn_fail(error, "the output could not be written");
    rgn_buffer_free(text);
    return rc;
}

static int check_format(enum rgn_db_format format, rgn_error *error)
{
    if (format != RGN_DB_TEXT && format != RGN_DB_JSON)
        return rgn_fail(error, "%d is no enum rgn_db_format", (int)format);
    return 0;
}

/* Percent of n in total, 0 for none. */
static double percent(uint64_t n, uint64_t total)
{
    return total ? 100.0 * (double)n / (double)total : 0.0;
}

/* A date YYYYMMDD (0 for unknown parts) as PGN writes it, "-" (text) or
 * null (JSON) for none. */
static void put_date(rgn_buffer *out, long date, bool json)
{
    if (!date) {
        rgn_buffer_puts(out, json ? "null" : "-");
        return;
    }
    char text[40];
    snprintf(text, sizeof text, "%04ld.%02ld.%02ld", date / 10000 % 10000,
             date / 100 % 100, date % 100);
    if (date / 100 % 100 == 0)
        memcpy(text + 5, "??", 2);
    if (date % 100 == 0)
        memcpy(text + 8, "??", 2);
    if (json)
        rgn_json_string(out, text, strlen(text), false);
    else
        rgn_buffer_puts(out, text);
}

static void put_tree_json(rgn_buffer *out, const rgn_db_tree *tree,
                          const char *fen, bool white)
{
    rgn_buffer_puts(out, "{\"position\":");
    rgn_json_string(out, fen, strlen(fen), false);
    rgn_buffer_printf(out, ",\"games\":%llu,\"moves\":[",
                      (unsigned long long)tree->games);
    for (size_t i = 0; i < tree->count; i++) {
        const rgn_db_tree_move *m = &tree->moves[i];
        uint64_t wins = white ? m->white : m->black;
        uint64_t losses = white ? m->black : m->white;
        rgn_buffer_puts(out, i ? ",{\"move\":" : "{\"move\":");
        rgn_json_string(out, m->san, strlen(m->san), false);
        rgn_buffer_printf(
            out,
            ",\"games\":%llu,\"white\":%llu,\"draws\":%llu,\"black\":%llu,"
            "\"win\":%.1f,\"draw\":%.1f,\"loss\":%.1f,\"elo\":",
            (unsigned long long)m->games, (unsigned long long)m->white,
            (unsigned long long)m->draws, (unsigned long long)m->black,
            percent(wins, m->games), percent(m->draws, m->games),
            percent(losses, m->games));
        if (m->elo_games)
            rgn_buffer_printf(out, "%llu",
                              (unsigned long long)(m->elo_sum / m->elo_games));
        else
            rgn_buffer_puts(out, "null");
        rgn_buffer_puts(out, ",\"last_date\":");
        put_date(out, m->last_date, true);
        rgn_buffer_puts(out, "}");
    }
    rgn_buffer_puts(out, "]}\n");
}

static void put_tree_text(rgn_buffer *out, const rgn_db_tree *tree,
                          const char *fen, bool white)
{
    rgn_buffer_printf(out, "%s\n%llu games\n", fen,
                      (unsigned long long)tree->games);
    if (!tree->count)
        return;
    rgn_buffer_printf(out, "%-10s %8s %6s %6s %6s %6s %5s  %s\n", "move",
                      "games", "share", "win", "draw", "loss", "elo",
                      "last date");
    for (size_t i = 0; i < tree->count; i++) {
        const rgn_db_tree_move *m = &tree->moves[i];
        uint64_t wins = white ? m->white : m->black;
        uint64_t losses = white ? m->black : m->white;
        rgn_buffer_printf(out, "%-10s %8llu %5.1f%% %5.1f%% %5.1f%% %5.1f%% ",
                          m->san, (unsigned long long)m->games,
                          percent(m->games, tree->games),
                          percent(wins, m->games), percent(m->draws, m->games),
                          percent(losses, m->games));
        if (m->elo_games)
            rgn_buffer_printf(out, "%5llu  ",
                              (unsigned long long)(m->elo_sum / m->elo_games));
        else
            rgn_buffer_printf(out, "%5s  ", "-");
        put_date(out, m->last_date, false);
        rgn_buffer_puts(out, "\n");
    }
}

int rgn_db_tree_write(FILE *out, const rgn_db_tree *tree,
                      const rgn_position *position, enum rgn_db_format format,
                      rgn_error *error)
{
    if (check_format(format, error) < 0)
        return -1;
    char fen[512];
    rgn_position_fen(position, fen, sizeof fen);
    /* wins, draws and losses are the side to move's */
    bool white = rgn_position_side(position) == RGN_WHITE;
    rgn_buffer text = {0};
    if (format == RGN_DB_JSON)
        put_tree_json(&text, tree, fen, white);
    else
        put_tree_text(&text, tree, fen, white);
    return flush(&text, out, error);
}

int rgn_db_stats_write(FILE *out, const rgn_db_stats *stats,
                       enum rgn_db_format format, rgn_error *error)
{
    if (check_format(format, error) < 0)
        return -1;
    bool json = format == RGN_DB_JSON;
    double per_ply =
        stats->plies ? (double)stats->bytes / (double)stats->plies : 0.0;
    /* the numbers, named for JSON and for the text */
    const struct {
        const char *key, *label;
        uint64_t value;
    } fields[] = {
        {"games", "games", stats->games},
        {"valid", "valid games", stats->valid},
        {"invalid", "invalid games", stats->invalid},
        {"plies", "plies", stats->plies},
        {"positions", "positions", stats->positions},
        {"files", "files imported", stats->files},
        {"bytes", "size in bytes", stats->bytes},
    };
    rgn_buffer text = {0};
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
        if (json) {
            rgn_buffer_puts(&text, i ? "," : "{");
            rgn_json_string(&text, fields[i].key, strlen(fields[i].key), false);
            rgn_buffer_printf(&text, ":%llu",
                              (unsigned long long)fields[i].value);
        } else
            rgn_buffer_printf(&text, "%-16s%llu\n", fields[i].label,
                              (unsigned long long)fields[i].value);
    if (json)
        rgn_buffer_printf(&text,
                          ",\"bytes_per_ply\":%.2f,\"schema_version\":%d}\n",
                          per_ply, stats->schema_version);
    else
        rgn_buffer_printf(&text, "%-16s%.2f\n%-16s%d\n", "bytes per ply",
                          per_ply, "schema version", stats->schema_version);
    return flush(&text, out, error);
}

int rgn_db_import_counts_write(FILE *out, const rgn_db_import_counts *counts,
                               enum rgn_db_format format, rgn_error *error)
{
    if (check_format(format, error) < 0)
        return -1;
    unsigned long long stored = counts->valid + counts->invalid;
    rgn_buffer text = {0};
    if (format == RGN_DB_JSON)
        rgn_buffer_printf(
            &text,
            "{\"games\":%llu,\"stored\":%llu,\"valid\":%llu,\"invalid\":%llu,"
            "\"duplicates\":%llu,\"plies\":%llu,\"positions\":%llu,"
            "\"invalid_read\":%llu}\n",
            (unsigned long long)counts->games, stored,
            (unsigned long long)counts->valid,
            (unsigned long long)counts->invalid,
            (unsigned long long)counts->duplicates,
            (unsigned long long)counts->plies,
            (unsigned long long)counts->positions,
            (unsigned long long)counts->invalid_read);
    else
        rgn_buffer_printf(&text,
                          "%llu game%s stored (%llu valid, %llu invalid), "
                          "%llu already there, %llu positions indexed\n",
                          stored, stored == 1 ? "" : "s",
                          (unsigned long long)counts->valid,
                          (unsigned long long)counts->invalid,
                          (unsigned long long)counts->duplicates,
                          (unsigned long long)counts->positions);
    return flush(&text, out, error);
}
