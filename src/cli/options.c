/* options.c - option parsing and error reporting shared by the commands. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* Option matching for "--name VALUE" and "--name=VALUE": returns 1 and
 * sets *value (advancing *i past a separate value) when argv[*i] is the
 * option, 0 when it is not, -1 (after printing why) when its value is
 * missing. */
static int option_value(int argc, char **argv, int *i, const char *name,
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

/* A value that must be one of the option's names: its index into the
 * int option->set; 1, or -1 after saying what is wrong. */
static int take_choice(const cli_command *command, const cli_option *option,
                       const char *value)
{
    for (int k = 0; option->names[k]; k++)
        if (strcmp(value, option->names[k]) == 0) {
            *option->set = k;
            return 1;
        }
    return cli_usage_error(command, "%s takes %s, not '%s'%s", option->name,
                           cli_alternatives(option->names), value,
                           cli_nearest_hint_in(value, option->names)),
           -1;
}

/* What help gives in the option loop: an exit status, not "taken". */
#define TAKEN_HELP 2

/* Takes the option argv[*i], --help or one of the command's: 1 when it
 * was one, 0 when it is not, TAKEN_HELP for --help, -1 after saying what
 * is wrong. */
static int take_option(const cli_options *o, int argc, char **argv, int *i)
{
    if (cli_is_help(argv[*i]))
        return TAKEN_HELP;
    for (const cli_option *const *t = o->tables; *t; t++)
        for (const cli_option *option = *t; option->name; option++) {
            if (option->flag || (option->set && !option->names)) {
                if (strcmp(argv[*i], option->name) != 0)
                    continue;
                if (option->flag)
                    *option->flag = true;
                else
                    *option->set = option->to;
                return 1;
            }
            const char *value;
            int found = option_value(argc, argv, i, option->name, &value);
            if (found <= 0) {
                if (found < 0)
                    return -1;
                continue;
            }
            if (option->names)
                return take_choice(o->command, option, value);
            if (option->value)
                *option->value = value;
            else if (option->take(o->command, value, option->out) < 0)
                return -1;
            return 1;
        }
    return 0;
}

/* The short options of a command: 'v' when -c takes a value, 'f' when it
 * is a flag, 0 when it is not one. */
static char short_option(const cli_options *o, char c)
{
    if (c == 'h')
        return 'f';
    for (const cli_option *const *t = o->tables; *t; t++)
        for (const cli_option *option = *t; option->name; option++)
            if (option->name[0] == '-' && option->name[1] == c &&
                option->name[2] == '\0')
                return option->flag || (option->set && !option->names) ? 'f'
                                                                       : 'v';
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

/* "unknown option", with the nearest option of the command. */
static int unknown_option(const cli_options *o, const char *arg)
{
    char name[64];
    size_t len = strcspn(arg, "=");
    snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), arg);
    rgn_nearest nearest;
    rgn_nearest_init(&nearest, name);
    rgn_nearest_offer(&nearest, "--help");
    for (const cli_option *const *t = o->tables; *t; t++)
        for (const cli_option *option = *t; option->name; option++)
            rgn_nearest_offer(&nearest, option->name);
    return cli_usage_error(o->command, "unknown option '%s'%s", arg,
                           cli_nearest_hint(&nearest));
}

static int parse_options(const cli_options *o, int argc, char **argv,
                         int *operands)
{
    int count = 0;
    bool options_ended = false; /* by "--": what follows are operands */
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!options_ended) {
            if (strcmp(arg, "--") == 0) {
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

int cli_parse_options(const cli_options *o, int argc, char **argv,
                      int *operands)
{
    static int ignored_color;
    /* every command takes the colour options, whether it colours or not */
    int *color = o->games   ? &o->games->color_choice
                 : o->color ? o->color
                            : &ignored_color;
    const cli_option colors[] = {
        {"--color", .set = color, .to = 1},
        {"--colour", .set = color, .to = 1},
        {"--no-color", .set = color, .to = 0},
        {"--no-colour", .set = color, .to = 0},
        {0},
    };
    /* the command's own options first: they may take more than a shared
     * one of their name (tournament's --from trf) */
    const cli_option *const own[] = {o->own, NULL};
    const cli_option *tables[CLI_TABLES + 3], **at = tables;
    for (const cli_option *const *t = o->tables ? o->tables : own; *t; t++) {
        if (at - tables == CLI_TABLES) { /* a command's mistake */
            fprintf(stderr, "rgn %s: more than %d tables of options\n",
                    o->command->name, CLI_TABLES);
            return EXIT_USAGE;
        }
        *at++ = *t;
    }
    *at++ = colors;
    if (o->games)
        *at++ = o->games->rows;
    *at = NULL;
    cli_options whole = *o;
    whole.tables = tables;
    return parse_options(&whole, argc, argv, operands);
}

int cli_check_conflicts(const cli_command *command,
                        const cli_conflict *conflicts)
{
    for (const cli_conflict *c = conflicts; c->message; c++)
        if (c->holds)
            return cli_usage_error(command, "%s", c->message);
    return CLI_GO_ON;
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
    /* every command has its text: options_documented checks each */
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

/* "; did you mean 'NAME'?" for the nearest name, "" for none. */
static const char *hint(const char *best)
{
    static char text[128];
    if (!best)
        return "";
    snprintf(text, sizeof text, "; did you mean '%s'?", best);
    return text;
}

const char *cli_nearest_hint(const cli_nearest *n) { return hint(n->best); }

const char *cli_nearest_hint_in(const char *given,
                                const char *const *candidates)
{
    return hint(rgn_nearest_name(given, candidates));
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
    if (!variant)
        cli_usage_error(command,
                        "unknown variant '%s'%s ('rgn variants' lists them)",
                        name, hint(rgn_variant_nearest(name)));
    return variant;
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
    return cli_position_from(command, variant, fen);
}

rgn_position *cli_position_from(const cli_command *command,
                                const rgn_variant *variant, const char *fen)
{
    rgn_position *pos = rgn_position_new(variant, NULL);
    if (!pos) {
        fprintf(stderr, "rgn %s: out of memory\n", command->name);
        return NULL;
    }
    rgn_error err;
    if (!fen || rgn_position_set_fen(pos, fen, &err) == 0)
        return pos;
    /* a caret under the column, when the error has one */
    fprintf(stderr, "rgn %s: %s\n  %s\n", command->name, err.message, fen);
    if (err.column > 0)
        fprintf(stderr, "  %*s^\n", err.column - 1, "");
    rgn_position_free(pos);
    return NULL;
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
