/*
 * write.c - the tournaments written out: standings with their
 * tie-breaks, a round robin's crosstable or a Swiss's rounds, as text,
 * CSV, JSON, an HTML page (with the games in the viewer) or FIDE's
 * Tournament Report File.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "base/escape.h"
#include "base/json.h"
#include "base/utf8.h"
#include "tournament/set.h"

/* A number as people write it: 5, 5.5, 12.25; nothing for a tie-break
 * without a value (NAN: ARO or TPR without a rated opponent). */
static void number(rgn_buffer *out, double value)
{
    if (isnan(value))
        return;
    if (value == floor(value))
        rgn_buffer_printf(out, "%.0f", value);
    else if (value * 2 == floor(value * 2))
        rgn_buffer_printf(out, "%.1f", value);
    else
        rgn_buffer_printf(out, "%.2f", value);
}

static void score(rgn_buffer *out, int halves) { number(out, halves / 2.0); }

/* The characters a text takes on a terminal (code points). */
static size_t width_of(const char *text)
{
    size_t width = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        width += !rgn_utf8_continuation(*p);
    return width;
}

static void pad(rgn_buffer *out, const char *text, size_t width, bool right)
{
    size_t w = width_of(text);
    if (right)
        for (size_t i = w; i < width; i++)
            rgn_buffer_puts(out, " ");
    rgn_buffer_puts(out, text);
    if (!right)
        for (size_t i = w; i < width; i++)
            rgn_buffer_puts(out, " ");
}

/* What a round says from the player's side: "1", "0", "½", "+", "-",
 * "*", and for a bye its points. */
static const char *round_result(const t_round *x)
{
    switch (x->kind) {
    case ROUND_NONE: return "";
    case ROUND_FORFEIT_WIN: return "+";
    case ROUND_FORFEIT_LOSS: return "-";
    default: break;
    }
    return x->points < 0    ? "*"
           : x->points == 2 ? "1"
           : x->points == 1 ? "½"
                            : "0";
}

/* The same as the JSON contract spells it ("1/2", "=" for a half-point
 * bye is its points). */
static const char *json_result(const t_round *x)
{
    const char *r = round_result(x);
    return strcmp(r, "½") == 0 ? "1/2" : *r ? r : "-";
}

static bool grid_system(const tournament *t)
{
    return t->system != T_SYSTEM_SWISS;
}

/* ------------------------------------------------------------------ */
/* Text                                                               */

/* A grid's title and its columns numbered 1 to count, width wide. */
static void grid_head(rgn_buffer *out, const char *title, size_t name_width,
                      int count, int width)
{
    rgn_buffer_printf(out, "%s\n      ", title);
    pad(out, "", name_width, false);
    for (int c = 0; c < count; c++)
        rgn_buffer_printf(out, " %*d", width, c + 1);
    rgn_buffer_puts(out, "\n");
}

/* A grid's row: the player's number and name. */
static void row_head(rgn_buffer *out, size_t p, const char *name,
                     size_t name_width)
{
    rgn_buffer_printf(out, "%4zu  ", p + 1);
    pad(out, name, name_width, false);
}

/* The rounds a heading tells: those with a game or a bye in them, not the
 * last round's number (a match's one game of round 6 is one round). */
static int rounds_held(const tournament *t)
{
    int held = 0;
    for (int r = 0; r < t->rounds; r++)
        held += tournament_round_held(t, r);
    return held;
}

static void text_tournament(rgn_buffer *out, const tournament *t)
{
    int held = rounds_held(t);
    rgn_buffer_printf(out, "%s%s%s (%s, %d round%s", *t->event ? t->event : "?",
                      *t->site ? ", " : "", t->site,
                      tournament_system_words(t->system), held,
                      held == 1 ? "" : "s");
    if (t->tiebreak_count)
        rgn_buffer_printf(out, "; FIDE tie-break rules of %d", (int)t->rules);
    rgn_buffer_puts(out, ")\n\n");
    size_t name_width = 6;
    for (size_t p = 0; p < t->player_count; p++)
        if (width_of(t->players[p].name) > name_width)
            name_width = width_of(t->players[p].name);
    rgn_buffer_puts(out, "Rank  ");
    pad(out, "Player", name_width, false);
    rgn_buffer_puts(out, "  Score  Games");
    for (int i = 0; i < t->tiebreak_count; i++)
        rgn_buffer_printf(out, "  %6s", t->tiebreaks[i].code);
    rgn_buffer_puts(out, "\n");
    rgn_buffer cell = {0};
    for (size_t p = 0; p < t->player_count; p++) {
        const t_player *player = &t->players[p];
        rgn_buffer_printf(out, "%4d  ", player->rank);
        pad(out, player->name, name_width, false);
        rgn_buffer_reset(&cell);
        score(&cell, player->score);
        rgn_buffer_puts(&cell, "");
        rgn_buffer_puts(out, "  ");
        pad(out, cell.data, 5, true);
        rgn_buffer_printf(out, "  %5d", player->games);
        for (int i = 0; i < t->tiebreak_count; i++) {
            rgn_buffer_reset(&cell);
            number(&cell, player->tiebreaks[i]);
            rgn_buffer_puts(out, "  ");
            pad(out, cell.data, 6, true);
        }
        rgn_buffer_puts(out, "\n");
    }
    rgn_buffer_puts(out, "\n");
    if (grid_system(t)) {
        /* the crosstable: a row a player, a column an opponent by rank
         * number; a double round robin's cell has both games */
        grid_head(out, "Crosstable", name_width, (int)t->player_count, 3);
        for (size_t p = 0; p < t->player_count; p++) {
            const t_player *player = &t->players[p];
            row_head(out, p, player->name, name_width);
            for (size_t q = 0; q < t->player_count; q++) {
                rgn_buffer_reset(&cell);
                if (p == q)
                    rgn_buffer_puts(&cell, "X");
                for (int r = 0; r < t->rounds; r++)
                    if (player->rounds[r].opponent == (int)q)
                        rgn_buffer_puts(&cell,
                                        round_result(&player->rounds[r]));
                rgn_buffer_puts(&cell, "");
                rgn_buffer_puts(out, " ");
                pad(out, cell.data, 3, true);
            }
            rgn_buffer_puts(out, "\n");
        }
    } else {
        /* the rounds: opponent's rank number, colour, result */
        grid_head(out, "Rounds", name_width, t->rounds, 6);
        for (size_t p = 0; p < t->player_count; p++) {
            const t_player *player = &t->players[p];
            row_head(out, p, player->name, name_width);
            for (int r = 0; r < t->rounds; r++) {
                const t_round *x = &player->rounds[r];
                rgn_buffer_reset(&cell);
                if (x->opponent >= 0)
                    rgn_buffer_printf(&cell, "%d%c%s", x->opponent + 1,
                                      x->colour ? x->colour : '-',
                                      round_result(x));
                else if (x->kind == ROUND_NONE)
                    rgn_buffer_puts(&cell, "-");
                else
                    rgn_buffer_printf(&cell, "bye%s", round_result(x));
                rgn_buffer_puts(out, " ");
                pad(out, cell.data, 6, true);
            }
            rgn_buffer_puts(out, "\n");
        }
    }
    rgn_buffer_free(&cell);
}

/* ------------------------------------------------------------------ */
/* CSV                                                                */

static void csv_field(rgn_buffer *out, const char *text)
{
    rgn_append_csv(out, text, strlen(text));
}

/* The tie-break columns: every tournament's codes, in the order met. */
typedef struct csv_columns {
    char codes[4 * T_MAX_TIEBREAKS][12];
    int count;
} csv_columns;

static void csv_header(rgn_buffer *out, const rgn_tournaments *ts,
                       csv_columns *columns)
{
    columns->count = 0;
    for (size_t k = 0; k < ts->count; k++)
        for (int i = 0; i < ts->list[k]->tiebreak_count; i++) {
            const char *code = ts->list[k]->tiebreaks[i].code;
            int c = 0;
            while (c < columns->count && strcmp(columns->codes[c], code))
                c++;
            if (c == columns->count && c < 4 * T_MAX_TIEBREAKS)
                memcpy(columns->codes[columns->count++], code, 12);
        }
    rgn_buffer_puts(out, "event,site,rank,player,score,games,rating");
    for (int c = 0; c < columns->count; c++)
        rgn_buffer_printf(out, ",%s", columns->codes[c]);
    rgn_buffer_puts(out, "\r\n");
}

static void csv_tournament(rgn_buffer *out, const tournament *t,
                           const csv_columns *columns)
{
    for (size_t p = 0; p < t->player_count; p++) {
        const t_player *player = &t->players[p];
        csv_field(out, t->event);
        rgn_buffer_puts(out, ",");
        csv_field(out, t->site);
        rgn_buffer_printf(out, ",%d,", player->rank);
        csv_field(out, player->name);
        rgn_buffer_puts(out, ",");
        score(out, player->score);
        rgn_buffer_printf(out, ",%d,", player->games);
        if (player->rating)
            rgn_buffer_printf(out, "%d", player->rating);
        for (int c = 0; c < columns->count; c++) {
            rgn_buffer_puts(out, ",");
            for (int i = 0; i < t->tiebreak_count; i++)
                if (strcmp(t->tiebreaks[i].code, columns->codes[c]) == 0)
                    number(out, player->tiebreaks[i]);
        }
        rgn_buffer_puts(out, "\r\n");
    }
}

/* ------------------------------------------------------------------ */
/* JSON                                                               */

static void json_text(rgn_buffer *out, const char *text)
{
    rgn_json_string(out, text, strlen(text), false);
}

static void json_finding(rgn_buffer *out, const tournament *t,
                         const t_finding *f)
{
    const t_record *r = f->record != SIZE_MAX ? t->records[f->record] : NULL;
    static const char *const severities[] = {"error", "warning", "note"};
    rgn_buffer_printf(out, "{\"code\":\"%s\",\"severity\":\"%s\",\"message\":",
                      rgn_problem_code(f->problem),
                      severities[rgn_problem_severity(f->problem)]);
    json_text(out, f->message);
    if (r) {
        rgn_buffer_puts(out, ",\"file\":");
        json_text(out, r->file);
        rgn_buffer_printf(out, ",\"line\":%u,\"column\":%u,\"game\":%llu",
                          r->where.line, r->where.column,
                          (unsigned long long)r->game);
    } else {
        rgn_buffer_puts(out, ",\"file\":null,\"line\":null,\"column\":null,"
                             "\"game\":null");
    }
    rgn_buffer_puts(out, "}");
}

static void json_tournament(rgn_buffer *out, const tournament *t)
{
    rgn_buffer_puts(out, "{\"event\":");
    json_text(out, t->event);
    rgn_buffer_puts(out, ",\"site\":");
    json_text(out, t->site);
    rgn_buffer_printf(out, ",\"system\":\"%s\",\"rounds\":%d,\"tiebreaks\":[",
                      tournament_system_name(t->system), t->rounds);
    for (int i = 0; i < t->tiebreak_count; i++)
        rgn_buffer_printf(out, "%s\"%s\"", i ? "," : "", t->tiebreaks[i].code);
    rgn_buffer_printf(out, "],\"tiebreak_rules\":%d,\"players\":[",
                      (int)t->rules);
    for (size_t p = 0; p < t->player_count; p++) {
        const t_player *player = &t->players[p];
        rgn_buffer_puts(out, p ? ",\n{\"name\":" : "\n{\"name\":");
        json_text(out, player->name);
        rgn_buffer_printf(out, ",\"rank\":%d,\"score\":", player->rank);
        score(out, player->score);
        rgn_buffer_printf(out, ",\"games\":%d,\"rating\":", player->games);
        if (player->rating)
            rgn_buffer_printf(out, "%d", player->rating);
        else
            rgn_buffer_puts(out, "null");
        rgn_buffer_printf(out, ",\"start_rank\":%d,\"tiebreaks\":{",
                          player->start_rank);
        for (int i = 0; i < t->tiebreak_count; i++) {
            rgn_buffer_printf(out, "%s\"%s\":", i ? "," : "",
                              t->tiebreaks[i].code);
            if (isnan(player->tiebreaks[i]))
                rgn_buffer_puts(out, "null");
            else
                number(out, player->tiebreaks[i]);
        }
        rgn_buffer_puts(out, "},\"results\":[");
        for (int r = 0; r < t->rounds; r++) {
            const t_round *x = &player->rounds[r];
            rgn_buffer_printf(
                out, "%s{\"round\":%d,\"opponent\":", r ? "," : "", r + 1);
            if (x->opponent >= 0)
                json_text(out, t->players[x->opponent].name);
            else
                rgn_buffer_puts(out, "null");
            rgn_buffer_printf(out,
                              ",\"colour\":%s,\"result\":\"%s\","
                              "\"played\":%s",
                              x->colour == 'w'   ? "\"white\""
                              : x->colour == 'b' ? "\"black\""
                                                 : "null",
                              json_result(x),
                              x->kind == ROUND_PLAYED && x->points >= 0 &&
                                      x->opponent >= 0
                                  ? "true"
                                  : "false");
            if (x->kind >= ROUND_BYE_FULL)
                rgn_buffer_puts(out, ",\"bye\":true");
            rgn_buffer_puts(out, "}");
        }
        rgn_buffer_puts(out, "]}");
    }
    rgn_buffer_puts(out, "],\n\"problems\":[");
    for (size_t i = 0; i < t->finding_count; i++) {
        rgn_buffer_puts(out, i ? ",\n" : "\n");
        json_finding(out, t, &t->findings[i]);
    }
    rgn_buffer_puts(out, "]}");
}

/* ------------------------------------------------------------------ */
/* HTML: the standings and the crosstable before the games            */

/* Text as HTML text or an attribute's value. */
static void html_text(rgn_buffer *out, const char *text)
{
    rgn_append_html(out, text, strlen(text));
}

/* A round's result as a link to its game in the viewer, at its last
 * ply. */
static void html_result(rgn_buffer *out, const tournament *t, const t_round *x,
                        bool with_opponent, size_t k)
{
    const char *result = round_result(x);
    if (x->opponent < 0 && x->kind != ROUND_NONE)
        rgn_buffer_printf(out, "bye %s", result);
    if (x->opponent < 0)
        return;
    if (with_opponent)
        rgn_buffer_printf(out, "<a href=\"#t%zu-p%d\">%d</a>%c ", k,
                          x->opponent + 1, x->opponent + 1,
                          x->colour ? x->colour : '-');
    const t_record *r = x->record != SIZE_MAX ? t->records[x->record] : NULL;
    if (r && r->page_game)
        rgn_buffer_printf(out, "<a href=\"#g%llup%d\">%s</a>",
                          (unsigned long long)r->page_game, r->plies, result);
    else
        rgn_buffer_puts(out, result);
}

static void html_tournament(rgn_buffer *out, const tournament *t, size_t k)
{
    /* div, not section: the page stays readable by HTML 4 parsers */
    rgn_buffer_printf(out, "<div class=\"tournament\" id=\"t%zu\">\n<h1>", k);
    html_text(out, *t->event ? t->event : "Tournament");
    rgn_buffer_puts(out, "</h1>\n<p>");
    if (*t->site) {
        html_text(out, t->site);
        rgn_buffer_puts(out, ", ");
    }
    if (*t->start_date) {
        html_text(out, t->start_date);
        if (strcmp(t->start_date, t->end_date) != 0) {
            rgn_buffer_puts(out, " to ");
            html_text(out, t->end_date);
        }
        rgn_buffer_puts(out, ", ");
    }
    int held = rounds_held(t);
    rgn_buffer_printf(out, "%s, %d round%s", tournament_system_words(t->system),
                      held, held == 1 ? "" : "s");
    if (t->tiebreak_count)
        rgn_buffer_printf(out, ", FIDE tie-break rules of %d", (int)t->rules);
    rgn_buffer_puts(out, "</p>\n");
    rgn_buffer_puts(out, "<table class=\"standings\">\n<thead><tr><th>Rank</th>"
                         "<th>Player</th><th>Rating</th><th>Score</th>"
                         "<th>Games</th>");
    for (int i = 0; i < t->tiebreak_count; i++)
        rgn_buffer_printf(out, "<th>%s</th>", t->tiebreaks[i].code);
    rgn_buffer_puts(out, "</tr></thead>\n<tbody>\n");
    for (size_t p = 0; p < t->player_count; p++) {
        const t_player *player = &t->players[p];
        rgn_buffer_printf(out, "<tr id=\"t%zu-p%zu\"><td>%d</td><th>", k, p + 1,
                          player->rank);
        html_text(out, player->name);
        rgn_buffer_puts(out, "</th><td>");
        if (player->rating)
            rgn_buffer_printf(out, "%d", player->rating);
        rgn_buffer_puts(out, "</td><td>");
        score(out, player->score);
        rgn_buffer_printf(out, "</td><td>%d</td>", player->games);
        for (int i = 0; i < t->tiebreak_count; i++) {
            rgn_buffer_puts(out, "<td>");
            number(out, player->tiebreaks[i]);
            rgn_buffer_puts(out, "</td>");
        }
        rgn_buffer_puts(out, "</tr>\n");
    }
    rgn_buffer_puts(out, "</tbody>\n</table>\n");
    if (grid_system(t)) {
        rgn_buffer_puts(out, "<h2>Crosstable</h2>\n<table class=\"crosstable\">"
                             "\n<thead><tr><th>#</th><th>Player</th>");
        for (size_t q = 0; q < t->player_count; q++)
            rgn_buffer_printf(out, "<th>%zu</th>", q + 1);
        rgn_buffer_puts(out, "</tr></thead>\n<tbody>\n");
        for (size_t p = 0; p < t->player_count; p++) {
            const t_player *player = &t->players[p];
            rgn_buffer_printf(out, "<tr><td>%zu</td><th>", p + 1);
            html_text(out, player->name);
            rgn_buffer_puts(out, "</th>");
            for (size_t q = 0; q < t->player_count; q++) {
                rgn_buffer_puts(out, p == q ? "<td class=\"self\">" : "<td>");
                bool first = true;
                for (int r = 0; r < t->rounds; r++)
                    if (player->rounds[r].opponent == (int)q) {
                        if (!first)
                            rgn_buffer_puts(out, " ");
                        html_result(out, t, &player->rounds[r], false, k);
                        first = false;
                    }
                rgn_buffer_puts(out, "</td>");
            }
            rgn_buffer_puts(out, "</tr>\n");
        }
        rgn_buffer_puts(out, "</tbody>\n</table>\n");
    } else {
        rgn_buffer_puts(out, "<h2>Rounds</h2>\n<table class=\"rounds\">\n"
                             "<thead><tr><th>#</th><th>Player</th>");
        for (int r = 0; r < t->rounds; r++)
            rgn_buffer_printf(out, "<th id=\"t%zu-r%d\">%d</th>", k, r + 1,
                              r + 1);
        rgn_buffer_puts(out, "</tr></thead>\n<tbody>\n");
        for (size_t p = 0; p < t->player_count; p++) {
            const t_player *player = &t->players[p];
            rgn_buffer_printf(out, "<tr><td>%zu</td><th>", p + 1);
            html_text(out, player->name);
            rgn_buffer_puts(out, "</th>");
            for (int r = 0; r < t->rounds; r++) {
                rgn_buffer_puts(out, "<td>");
                html_result(out, t, &player->rounds[r], true, k);
                rgn_buffer_puts(out, "</td>");
            }
            rgn_buffer_puts(out, "</tr>\n");
        }
        rgn_buffer_puts(out, "</tbody>\n</table>\n");
    }
    if (t->finding_count) {
        rgn_buffer_puts(out, "<h2>Audit</h2>\n<ul class=\"audit\">\n");
        for (size_t i = 0; i < t->finding_count; i++) {
            const t_finding *f = &t->findings[i];
            const t_record *r =
                f->record != SIZE_MAX ? t->records[f->record] : NULL;
            rgn_buffer_printf(out, "<li>%s: ", rgn_problem_code(f->problem));
            html_text(out, f->message);
            if (r && r->page_game)
                rgn_buffer_printf(out, " (<a href=\"#g%llu\">game %llu</a>)",
                                  (unsigned long long)r->page_game,
                                  (unsigned long long)r->game);
            rgn_buffer_puts(out, "</li>\n");
        }
        rgn_buffer_puts(out, "</ul>\n");
    }
    rgn_buffer_puts(out, "</div>\n");
}

/* The HTML page, its games written by a games writer: 0, or -1 with
 * error (the writer's, when it failed). */
static int write_page(rgn_tournaments *ts, FILE *out, rgn_error *error)
{
    rgn_buffer preface = {0};
    for (size_t k = 0; k < ts->count; k++)
        html_tournament(&preface, ts->list[k], k + 1);
    if (preface.failed) {
        rgn_buffer_free(&preface);
        return rgn_fail(error, "cannot write the tournaments: out of memory");
    }
    const char *title = ts->options.title;
    if (!title)
        title = ts->count && *ts->list[0]->event ? ts->list[0]->event
                                                 : "Tournament";
    rgn_writer_options options = {
        .size = sizeof options,
        .format = RGN_FORMAT_HTML,
        .keep_invalid = true,
        .title = title,
        .lang = ts->options.lang,
        .preface = preface.data ? preface.data : "",
    };
    rgn_writer *writer = rgn_writer_new(&options, out, error);
    int rc = writer ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < ts->record_count; i++)
        if (ts->kept[i])
            rc = rgn_game_replay(ts->kept[i], NULL, -1, rgn_writer_sink(writer),
                                 writer, error);
    if (writer && rc == 0 && rgn_writer_finish(writer, error) < 0)
        rc = -1;
    if (rc < 0) { /* the writer's reason, said of the tournaments */
        char why[sizeof error->message];
        snprintf(why, sizeof why, "%s", rgn_error_reason(error));
        rgn_fail(error, "cannot write the tournaments: %s", why);
    }
    rgn_writer_free(writer);
    rgn_buffer_free(&preface);
    return rc;
}

/* ------------------------------------------------------------------ */

/* The tournaments in a format but HTML: 0, or -1 when memory ran out
 * or a write failed (errno says why, or nothing). */
static int write_text(rgn_tournaments *ts, enum rgn_tournament_format format,
                      FILE *out)
{
    if (format == RGN_TOURNAMENT_TRF) {
        for (size_t k = 0; k < ts->count; k++)
            if (trf_write(ts->list[k], out) < 0)
                return -1;
        return 0;
    }
    rgn_buffer text = {0};
    csv_columns columns;
    if (format == RGN_TOURNAMENT_JSON)
        rgn_buffer_puts(&text, "{\"tournaments\":[\n");
    if (format == RGN_TOURNAMENT_CSV)
        csv_header(&text, ts, &columns);
    for (size_t k = 0; k < ts->count; k++) {
        const tournament *t = ts->list[k];
        switch (format) {
        case RGN_TOURNAMENT_JSON:
            if (k)
                rgn_buffer_puts(&text, ",\n");
            json_tournament(&text, t);
            break;
        case RGN_TOURNAMENT_CSV: csv_tournament(&text, t, &columns); break;
        default:
            if (k)
                rgn_buffer_puts(&text, "\n");
            text_tournament(&text, t);
            break;
        }
    }
    if (format == RGN_TOURNAMENT_JSON)
        rgn_buffer_puts(&text, "\n]}\n");
    if (text.failed)
        errno = ENOMEM;
    int rc = text.failed || (text.len &&
                             fwrite(text.data, 1, text.len, out) != text.len)
                 ? -1
                 : 0;
    rgn_buffer_free(&text);
    return rc;
}

int rgn_tournaments_write(rgn_tournaments *ts,
                          enum rgn_tournament_format format, FILE *out,
                          rgn_error *error)
{
    if ((int)format < 0 || format > RGN_TOURNAMENT_TRF)
        return rgn_fail(error, "format %d is not an rgn_tournament_format",
                        (int)format);
    rgn_error dropped;
    if (format == RGN_TOURNAMENT_HTML)
        return write_page(ts, out, rgn_error_or(error, &dropped));
    errno = 0;
    if (write_text(ts, format, out) < 0 ||
        (errno = 0, fflush(out) != 0 || ferror(out)))
        return rgn_fail(error, "cannot write the tournaments: %s",
                        errno == ENOMEM ? "out of memory"
                        : errno         ? strerror(errno)
                                        : "a write failed");
    return 0;
}
