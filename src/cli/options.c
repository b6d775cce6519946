/* options.c - option parsing and error reporting shared by the commands. */
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

int cli_parse_options(const cli_options *o, int argc, char **argv,
                      int *operands)
{
    int count = 0, ignored_color;
    bool options_ended = false; /* by "--" */
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!options_ended) {
            if (cli_is_end_of_options(arg)) {
                options_ended = true;
                continue;
            }
            if (cli_is_help(arg))
                return cli_print_help(o->command);
            int taken = o->games
                            ? cli_games_option(o->games, argc, argv, &i)
                            : cli_color_option(arg, o->color ? o->color
                                                             : &ignored_color);
            if (taken == 0)
                taken = take_own(o, argc, argv, &i);
            if (taken < 0)
                return EXIT_USAGE;
            if (taken)
                continue;
            if (arg[0] == '-' && arg[1] != '\0' && o->max_operands != 0)
                return cli_usage_error(o->command, "unknown option '%s'", arg);
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

int cli_print_help(const cli_command *command)
{
    printf("%s\n", command->usage);
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

rgn_position *cli_load_position(const cli_command *command,
                                const char *variant_name, const char *fen)
{
    const rgn_variant *variant = rgn_variant_default();
    if (variant_name) {
        variant = rgn_variant_find(variant_name);
        if (!variant) {
            cli_usage_error(command, "unknown variant '%s'", variant_name);
            return NULL;
        }
    }
    rgn_position *pos = rgn_position_new(variant);
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

double cli_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
