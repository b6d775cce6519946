/* options.c - option parsing and error reporting shared by the commands. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

int cli_option_value(int argc, char **argv, int *i, const char *name,
                     const char **value)
{
    const char *arg = argv[*i];
    size_t len = strlen(name);
    if (strncmp(arg, name, len) != 0)
        return 0;
    if (arg[len] == '=') {
        *value = arg + len + 1;
        return 1;
    }
    if (arg[len] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        fprintf(stderr, "rgn: option %s needs a value\n", name);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

/* Takes argv[*i] when it is one of the command's own options: 1 when it
 * was, 0 when it is not, -1 after saying what is wrong. */
static int take_own(const cli_options *o, int argc, char **argv, int *i)
{
    for (const cli_option *option = o->own; option && option->name; option++) {
        if (option->flag) {
            if (strcmp(argv[*i], option->name) != 0)
                continue;
            *option->flag = true;
            return 1;
        }
        const char *value;
        int found = cli_option_value(argc, argv, i, option->name, &value);
        if (found <= 0) {
            if (found < 0)
                return -1;
            continue;
        }
        if (option->value)
            *option->value = value;
        else if (option->take(o->command, value, option->out) < 0)
            return -1;
        return 1;
    }
    return 0;
}

/* What help gives in the option loop: an exit status, not "taken". */
#define TAKEN_HELP 2

/* Takes the option argv[*i]: 1 when it was one, 0 when it is not,
 * TAKEN_HELP for --help, -1 after saying what is wrong. */
static int take_option(const cli_options *o, int argc, char **argv, int *i)
{
    static int ignored_color;
    if (cli_is_help(argv[*i]))
        return TAKEN_HELP;
    /* a command's own option first: it may take more than the shared
     * one of its name (tournament's --from trf) */
    int taken = take_own(o, argc, argv, i);
    if (taken != 0)
        return taken;
    return o->games ? cli_games_option(o->games, argc, argv, i)
                    : cli_color_option(argv[*i],
                                       o->color ? o->color : &ignored_color);
}

/* The short options of a command: 'v' when -c takes a value, 'f' when it
 * is a flag, 0 when it is not one. */
static char short_option(const cli_options *o, char c)
{
    if (c == 'h' || (o->games && c == 'q'))
        return 'f';
    if (o->games && c == 'j')
        return 'v';
    for (const cli_option *option = o->own; option && option->name; option++)
        if (option->name[0] == '-' && option->name[1] == c &&
            option->name[2] == '\0')
            return option->flag ? 'f' : 'v';
    return 0;
}

/* Short options bundled or with their value attached, as getopt takes
 * them ("-qj2" is "-q -j 2", "-oout.rgn" is "-o out.rgn"): each is taken
 * in turn, a value from the rest of the word, else from the next
 * argument. Returns as take_option; 0 when the word is no such bundle. */
static int take_bundle(const cli_options *o, int argc, char **argv, int *i)
{
    const char *word = argv[*i];
    if (word[0] != '-' || word[1] == '-' || word[1] == '\0' ||
        word[2] == '\0' || !short_option(o, word[1]))
        return 0;
    for (const char *c = word + 1; *c; c++) {
        char kind = short_option(o, *c);
        if (!kind) {
            cli_usage_error(o->command, "unknown option '-%c' in '%s'", *c,
                            word);
            return -1;
        }
        char name[3] = {'-', *c, '\0'};
        char *one[2] = {name, NULL};
        int one_count = 1, at = 0;
        if (kind == 'v') {
            /* the value: the rest of the word, or the next argument */
            one[1] = c[1]            ? (char *)(c + 1)
                     : *i + 1 < argc ? argv[*i + 1]
                                     : NULL;
            one_count = one[1] ? 2 : 1;
        }
        int taken = take_option(o, one_count, one, &at);
        if (taken != 1)
            return taken;
        if (kind == 'v') {
            if (!c[1])
                ++*i; /* the value was the next argument */
            return 1;
        }
    }
    return 1;
}

/* The names of the options of every game-reading command and of the
 * colour options, for "did you mean". */
static const char *const games_options[] = {
    "--strict",  "--quiet",    "--diagnostics", "--diagnostics-file",
    "--variant", "--from",     "--jobs",        "--color",
    "--colour",  "--no-color", "--no-colour",   NULL,
};

/* "unknown option", with the nearest option of the command. */
static int unknown_option(const cli_options *o, const char *arg)
{
    char name[64];
    size_t len = strcspn(arg, "=");
    snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), arg);
    cli_nearest nearest;
    cli_nearest_init(&nearest, name);
    cli_nearest_offer(&nearest, "--help");
    for (const char *const *n = games_options; *n; n++)
        if (o->games || strstr(*n, "col"))
            cli_nearest_offer(&nearest, *n);
    for (const cli_option *option = o->own; option && option->name; option++)
        cli_nearest_offer(&nearest, option->name);
    return cli_usage_error(o->command, "unknown option '%s'%s", arg,
                           cli_nearest_hint(&nearest));
}

static int parse_options(const cli_options *o, int argc, char **argv,
                         int *operands)
{
    int count = 0;
    bool options_ended = false; /* by "--" */
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!options_ended) {
            if (cli_is_end_of_options(arg)) {
                options_ended = true;
                continue;
            }
            int taken = take_option(o, argc, argv, &i);
            if (taken == 0)
                taken = take_bundle(o, argc, argv, &i);
            if (taken == TAKEN_HELP)
                return cli_print_help(o->command);
            if (taken < 0)
                return EXIT_USAGE;
            if (taken)
                continue;
            if (arg[0] == '-' && arg[1] != '\0' && o->max_operands != 0)
                return unknown_option(o, arg);
        }
        if (count == o->max_operands) {
            if (o->too_many)
                return cli_usage_error(o->command, "%s", o->too_many);
            return cli_usage_error(o->command, "unexpected argument '%s'", arg);
        }
        argv[++count] = argv[i];
    }
    *operands = count;
    return CLI_GO_ON;
}

/* The rows of the tables, in order, as one table ending in {0}: NULL when
 * memory ran out. */
static cli_option *joined(const cli_option *const *tables)
{
    size_t rows = 0;
    for (const cli_option *const *t = tables; *t; t++)
        for (const cli_option *row = *t; row->name; row++)
            rows++;
    cli_option *all = malloc((rows + 1) * sizeof *all), *at = all;
    if (!all)
        return NULL;
    for (const cli_option *const *t = tables; *t; t++)
        for (const cli_option *row = *t; row->name; row++)
            *at++ = *row;
    *at = (cli_option){0};
    return all;
}

int cli_parse_options(const cli_options *o, int argc, char **argv,
                      int *operands)
{
    if (!o->tables)
        return parse_options(o, argc, argv, operands);
    cli_options whole = *o;
    cli_option *all = joined(o->tables);
    if (!all) {
        fprintf(stderr, "rgn %s: out of memory\n", o->command->name);
        return EXIT_USAGE;
    }
    whole.own = all;
    int status = parse_options(&whole, argc, argv, operands);
    free(all);
    return status;
}

int cli_check_conflicts(const cli_command *command,
                        const cli_conflict *conflicts)
{
    for (const cli_conflict *c = conflicts; c->message; c++)
        if (c->holds)
            return cli_usage_error(command, "%s", c->message);
    return CLI_GO_ON;
}

const char *cli_extension(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    return dot && dot != base ? dot : NULL;
}

/* A whole number of at least min into the long at out. */
static int take_number(const cli_command *command, const char *value, long *out,
                       long min, const char *option)
{
    *out = cli_parse_count(value, 1000000000L);
    if (*out >= min)
        return 0;
    cli_usage_error(command, "%s takes a number from %ld", option, min);
    return -1;
}

int cli_take_game(const cli_command *command, const char *value, void *out)
{
    return take_number(command, value, out, 1, "--game");
}

int cli_take_ply(const cli_command *command, const char *value, void *out)
{
    return take_number(command, value, out, 0, "--ply");
}

bool cli_is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

bool cli_is_end_of_options(const char *arg) { return strcmp(arg, "--") == 0; }

bool cli_color_option(const char *arg, int *choice)
{
    if (strcmp(arg, "--color") == 0 || strcmp(arg, "--colour") == 0)
        *choice = 1;
    else if (strcmp(arg, "--no-color") == 0 || strcmp(arg, "--no-colour") == 0)
        *choice = 0;
    else
        return false;
    return true;
}

bool cli_color_default(int fd)
{
    const char *no_color = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    return isatty(fd) && !(no_color && *no_color) &&
           !(term && strcmp(term, "dumb") == 0);
}

int cli_usage_error(const cli_command *command, const char *format, ...)
{
    va_list args;
    fprintf(stderr, "rgn %s: ", command->name);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\nTry 'rgn %s --help'.\n", command->name);
    return EXIT_USAGE;
}

const char *cli_help(const cli_command *command)
{
    const cli_help_text *help = cli_help_texts;
    while (help->name && strcmp(help->name, command->name) != 0)
        help++;
    /* every command has its text: test_help_texts checks each */
    return help->name ? help->text : "";
}

int cli_print_help(const cli_command *command)
{
    fputs(cli_help(command), stdout);
    return EXIT_OK;
}

long cli_parse_count(const char *text, long max)
{
    char *end;
    errno = 0;
    if (*text < '0' || *text > '9')
        return -1;
    long n = strtol(text, &end, 10);
    if (errno || *end != '\0' || n > max)
        return -1;
    return n;
}

/* The edit distance of a and b (both short), case aside: insertions,
 * deletions, substitutions and swaps of two neighbours ("hmtl"). */
static size_t distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 32 || lb > 32)
        return 99;
    size_t d[33][33];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int ai = tolower((unsigned char)a[i - 1]);
            int bj = tolower((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + (ai != bj);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && ai == tolower((unsigned char)b[j - 2]) &&
                bj == tolower((unsigned char)a[i - 2]) &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

void cli_nearest_init(cli_nearest *n, const char *given)
{
    n->given = given;
    n->best = NULL;
    n->distance = 3; /* more than any near name */
}

void cli_nearest_offer(cli_nearest *n, const char *candidate)
{
    size_t d = distance(n->given, candidate);
    /* two edits in a long name, one in a short one ("png" is not near
     * "svg") */
    size_t most = strlen(candidate) > 4 ? 2 : 1;
    if (d <= most && d < n->distance) {
        n->distance = d;
        n->best = candidate;
    }
}

const char *cli_nearest_hint(const cli_nearest *n)
{
    static char hint[128];
    if (!n->best)
        return "";
    snprintf(hint, sizeof hint, "; did you mean '%s'?", n->best);
    return hint;
}

const char *cli_nearest_hint_in(const char *given,
                                const char *const *candidates)
{
    cli_nearest nearest;
    cli_nearest_init(&nearest, given);
    for (; *candidates; candidates++)
        cli_nearest_offer(&nearest, *candidates);
    return cli_nearest_hint(&nearest);
}

const char *cli_alternatives(const char *const *names)
{
    static char text[256];
    size_t n = 0;
    text[0] = '\0';
    for (int i = 0; names[i] && n < sizeof text; i++) {
        const char *sep = i == 0 ? "" : names[i + 1] ? ", " : " or ";
        int wrote = snprintf(text + n, sizeof text - n, "%s%s", sep, names[i]);
        if (wrote < 0)
            break;
        n += (size_t)wrote;
    }
    return text;
}

const rgn_variant *cli_find_variant(const cli_command *command,
                                    const char *name)
{
    const rgn_variant *variant = rgn_variant_find(name);
    if (variant)
        return variant;
    cli_nearest nearest;
    cli_nearest_init(&nearest, name);
    for (size_t i = 0; i < rgn_variant_count(); i++) {
        const rgn_variant *v = rgn_variant_at(i);
        cli_nearest_offer(&nearest, rgn_variant_name(v));
        for (const char *const *a = rgn_variant_aliases(v); a && *a; a++)
            cli_nearest_offer(&nearest, *a);
    }
    cli_usage_error(command,
                    "unknown variant '%s'%s ('rgn variants' lists "
                    "them)",
                    name, cli_nearest_hint(&nearest));
    return NULL;
}

rgn_position *cli_load_position(const cli_command *command,
                                const char *variant_name, const char *fen)
{
    const rgn_variant *variant = rgn_variant_default();
    if (variant_name && !(variant = cli_find_variant(command, variant_name)))
        return NULL;
    /* a solitaire has no initial position: its set-up is the puzzle */
    if (!fen && rgn_variant_needs_setup(variant)) {
        cli_usage_error(command,
                        "%s has no initial position: give one with "
                        "--fen POSITION",
                        rgn_variant_name(variant));
        return NULL;
    }
    rgn_position *pos = rgn_position_new(variant, NULL);
    if (!pos) {
        fprintf(stderr, "rgn %s: out of memory\n", command->name);
        return NULL;
    }
    rgn_error err;
    if (fen && rgn_position_set_fen(pos, fen, &err) < 0) {
        fprintf(stderr, "rgn %s: %s\n  %s\n  %*s^\n", command->name,
                err.message, fen, err.column > 0 ? err.column - 1 : 0, "");
        rgn_position_free(pos);
        return NULL;
    }
    return pos;
}

int cli_take_count(const cli_command *command, const char *value, void *out)
{
    const long max = 1L << 40;
    long n = cli_parse_count(value, max);
    /* digits only, yet no count: too large, which "at least 1" hides */
    if (n < 0 && value[0] && strspn(value, "0123456789") == strlen(value))
        return cli_usage_error(command, "'%s' is too large (at most %ld)",
                               value, max),
               -1;
    if (n < 1)
        return cli_usage_error(command, "'%s' is no count of at least 1",
                               value),
               -1;
    *(long *)out = n;
    return 0;
}

double cli_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
