/*
 * rotationary_cli.c - rule set, position string and game file for the
 * Rotationary commands. The game reader here is deliberately small: it
 * takes each game's Variant and FEN tags and replays its main line
 * (comments, NAGs, glyphs, move numbers, variations and escape lines
 * skipped); checking a record is the validator's job.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rotationary_cli.h"

int rot_cli_rules(const cli_command *command, const char *name,
                  rot_rules *rules)
{
    if (!name || strcmp(name, "Rotationary") == 0)
        *rules = ROT_BASIC;
    else if (strcmp(name, "Rotationary Wrap") == 0)
        *rules = ROT_WRAP;
    else {
        cli_usage_error(command, "this command knows the variants "
                        "'Rotationary' and 'Rotationary Wrap', not '%s'",
                        name);
        return -1;
    }
    return 0;
}

int rot_cli_parse(const cli_command *command, const char *fen,
                  rot_position *pos)
{
    rot_parse_error err;
    if (rot_parse(fen, pos, &err) == 0)
        return 0;
    if (err.column > 0)
        fprintf(stderr, "rgn %s: column %d: %s\n  %s\n  %*s^\n",
                command->name, err.column, err.message, fen, err.column - 1,
                "");
    else
        fprintf(stderr, "rgn %s: %s\n  %s\n", command->name, err.message,
                fen);
    return -1;
}

static char *read_all(const char *path)
{
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!in)
        return NULL;
    size_t size = 0, room = 4096;
    char *text = malloc(room);
    while (text) {
        size_t got = fread(text + size, 1, room - size - 1, in);
        size += got;
        if (got == 0)
            break;
        if (room - size - 1 == 0) {
            char *bigger = realloc(text, room * 2);
            if (!bigger) {
                free(text);
                text = NULL;
                break;
            }
            text = bigger;
            room *= 2;
        }
    }
    if (text)
        text[size] = '\0';
    if (in != stdin)
        fclose(in);
    return text;
}

/* The value of tag name in the tag line at p ("[Name "value"]"), copied
 * into out; false if the line is another tag. */
static bool tag_value(const char *p, const char *name, char *out, size_t size)
{
    size_t len = strlen(name);
    if (strncmp(p + 1, name, len) != 0 || p[1 + len] != ' ')
        return false;
    const char *q = strchr(p + 1 + len, '"');
    if (!q)
        return false;
    size_t n = 0;
    for (q++; *q && *q != '"' && *q != '\n' && n + 1 < size; q++)
        out[n++] = *q;
    out[n] = '\0';
    return true;
}

typedef struct game_reader {
    const cli_command *command;
    const char *path;
    int line;
    int games; /* read so far */
} game_reader;

static int game_error(const game_reader *r, const char *message,
                      const char *token, size_t len)
{
    fprintf(stderr, "rgn %s: %s:%d: %s '%.*s'\n", r->command->name, r->path,
            r->line, message, (int)len, token);
    return -1;
}

static bool is_result(const char *t, size_t len)
{
    return (len == 1 && *t == '*') ||
           (len == 3 && (!strncmp(t, "1-0", 3) || !strncmp(t, "0-1", 3))) ||
           (len == 7 && !strncmp(t, "1/2-1/2", 7));
}

/* Replays the movetext from *pp on pos; leaves *pp after the game. */
static int replay(game_reader *r, const char **pp, const rot_board *board,
                  rot_position *pos)
{
    const char *p = *pp;
    int depth = 0; /* of variations */
    bool line_start = true;
    while (*p) {
        char c = *p;
        if (c == '\n') {
            r->line++;
            line_start = true;
            p++;
            continue;
        }
        if (line_start && c == '%') { /* escape line */
            p += strcspn(p, "\n");
            continue;
        }
        line_start = false;
        if (isspace((unsigned char)c)) {
            p++;
        } else if (c == '{') {
            for (p++; *p && *p != '}'; p++)
                r->line += *p == '\n';
            p += *p == '}';
        } else if (c == ';') {
            p += strcspn(p, "\n");
        } else if (c == '(') {
            depth++;
            p++;
        } else if (c == ')') {
            depth -= depth > 0;
            p++;
        } else if (c == '[' && depth == 0) {
            break; /* the next game's tags */
        } else {
            size_t len = strcspn(p, " \t\r\n{};()[");
            const char *token = p;
            p += len;
            if (depth > 0 || token[0] == '$')
                continue;
            if (is_result(token, len))
                break;
            /* A move number, alone or glued to the move: "12." "12.b3+". */
            size_t digits = strspn(token, "0123456789");
            if (digits && token[digits] == '.') {
                while (digits < len && token[digits] == '.')
                    digits++;
                token += digits;
                len -= digits;
                if (len == 0)
                    continue;
            }
            size_t glyph = strspn(token + (len >= 3 ? 3 : len), "!?");
            char text[4] = {0};
            if (len >= 3 && len == 3 + glyph && glyph <= 2)
                memcpy(text, token, 3);
            int move = text[0] ? rot_parse_move(board, text) : -1;
            if (move < 0)
                return game_error(r, "not a move on this board", token, len);
            if (rot_is_solved(pos->facings))
                return game_error(r, "a move after the puzzle is solved",
                                  token, len);
            pos->facings = rot_apply(board, pos->facings, move, NULL);
        }
    }
    *pp = p;
    return 0;
}

/* The next game from *pp: tags, then the main line replayed. 1 when there
 * is no game left, -1 after printing why the game cannot be read. */
static int next_game(game_reader *r, const char **pp, bool variant_given,
                     rot_rules *rules, rot_position *pos)
{
    char fen[256] = "", variant[64] = "";
    bool have_fen = false, have_variant = false, have_tags = false;
    const char *p = *pp;
    /* Tag lines (and blank lines or comments) before the movetext. */
    for (;;) {
        p += strspn(p, " \t\r");
        if (*p == '\n') {
            r->line++;
            p++;
        } else if (*p == '{') { /* a comment between games */
            for (p++; *p && *p != '}'; p++)
                r->line += *p == '\n';
            p += *p == '}';
        } else if (*p == '[') {
            have_tags = true;
            have_fen |= tag_value(p, "FEN", fen, sizeof fen);
            have_variant |= tag_value(p, "Variant", variant, sizeof variant);
            p += strcspn(p, "\n");
        } else {
            break;
        }
    }
    if (!have_tags && !*p && r->games > 0)
        return 1;
    r->games++;
    if (!variant_given) {
        if (!have_variant || rot_cli_rules(r->command, variant, rules) < 0) {
            fprintf(stderr, "rgn %s: %s: game %d is not a Rotationary game "
                    "(Variant tag '%s')\n", r->command->name, r->path,
                    r->games, have_variant ? variant : "missing");
            return -1;
        }
    }
    if (!have_fen) {
        fprintf(stderr, "rgn %s: %s: game %d has no FEN tag\n",
                r->command->name, r->path, r->games);
        return -1;
    }
    if (rot_cli_parse(r->command, fen, pos) < 0)
        return -1;
    rot_board board;
    rot_board_init(&board, &pos->arrangement, *rules);
    *pp = p;
    return replay(r, pp, &board, pos);
}

int rot_cli_each_game(const cli_command *command, const char *path,
                      bool variant_given, rot_rules rules,
                      int (*visit)(void *context, rot_rules rules,
                                   const rot_position *pos),
                      void *context)
{
    char *text = read_all(path);
    if (!text) {
        fprintf(stderr, "rgn %s: cannot read '%s'\n", command->name, path);
        return -1;
    }
    game_reader r = {command, path, 1, 0};
    const char *p = text;
    int status;
    for (;;) {
        rot_rules game_rules = rules;
        rot_position pos;
        status = next_game(&r, &p, variant_given, &game_rules, &pos);
        if (status != 0)
            break;
        if (visit(context, game_rules, &pos) < 0) {
            status = -1;
            break;
        }
    }
    free(text);
    return status < 0 ? -1 : 0;
}
