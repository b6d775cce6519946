/*
 * cli.h - what the subcommands of the rgn program share (the program is a
 * thin layer over librgn: parse options, call the library, print).
 */
#ifndef RGN_CLI_H
#define RGN_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "rgn.h"

/* Exit statuses, the same for every command (see man/rgn.1). */
enum { EXIT_OK = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

/* A command, or a subcommand named "GROUP SUB" ("db import"); a group
 * (db) has no run: main.c runs its subcommands. */
typedef struct cli_command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} cli_command;

extern const cli_command cli_perft, cli_moves, cli_validate, cli_convert,
    cli_fen, cli_diagram, cli_variants, cli_select, cli_list, cli_db,
    cli_tournament, cli_ranges;
extern const cli_command cli_db_import, cli_db_merge, cli_db_find, cli_db_tree,
    cli_db_export, cli_db_info;

bool cli_is_help(const char *arg);
/* Colour by default: when fd is a terminal, TERM is not "dumb" and
 * NO_COLOR is not set. */
bool cli_color_default(int fd);
/* Prints "rgn COMMAND: message" and a hint to stderr; returns EXIT_USAGE. */
int cli_usage_error(const cli_command *command, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
int cli_print_help(const cli_command *command);
/* The help of each command, "rgn NAME --help", made at build time from
 * the text files src/cli/help/NAME.txt; the last row's name is NULL. */
typedef struct cli_help_text {
    const char *name, *text;
} cli_help_text;
extern const cli_help_text cli_help_texts[];
/* The help of command, as cli_help_texts holds it. */
const char *cli_help(const cli_command *command);
/* Parses a whole non-negative number of at most max; -1 if the text is
 * not one. */
long cli_parse_count(const char *text, long max);

/* Output to path written atomically (stdout when path is NULL): NULL
 * after printing why it cannot be opened. */
FILE *cli_output_open(const char *path);
/* Renames the finished output into place when keep (else removes it);
 * -1 when anything failed. */
int cli_output_close(FILE *out, const char *path, bool keep);
/* The split output (NULL: none) whose parts' temporary files a signal
 * removes, as those of every output cli_output_open opened. */
void cli_output_guard_split(const rgn_splitter *split);
/* The temporary file (NULL: none) a signal removes too: a new database's
 * (rgn_db_pending_file). */
void cli_output_guard_file(const char *path);

/* Refuses an output file (given by option, "-o") that is also one of
 * the count inputs (standard input when count is 0), the same file by any
 * name or link: -1 after a usage error ending with remedy (", or ..."
 * or ""). */
int cli_output_check_inputs(const cli_command *command, const char *option,
                            const char *path, char **inputs, int count,
                            const char *remedy);
/* Takes for --to: a format of RGN_GAME_FORMATS, into the int at out. */
int cli_take_format(const cli_command *command, const char *value, void *out);
/* The format of the games written: --to's (to, -1 when absent), checked
 * against the name of the file written (path, NULL for standard output),
 * or the one that name asks for (.xml, .html, ...); -1 after a usage
 * error. */
int cli_output_format(const cli_command *command, int to, const char *path);

/* Flushes (and with close_it closes) standard output: -1 after saying
 * (once) why a write to it failed. Every command's output is checked so
 * at the end (main.c). */
int cli_stdout_check(bool close_it);
/* Says that writing path (standard output when NULL; only once) failed,
 * why as a library's error says it (rgn.h, rgn_writer_finish: ": WHY"). */
void cli_output_failed(const char *path, const rgn_error *error);
/* Checks that an input opens (games.c): a file, or standard input for
 * "-"; gzip, zstd, bzip2 and xz data and zip archives are recognised by
 * their first bytes (*compression then names the format, else it is
 * NULL). 0, or -1 after printing why it cannot be opened (a directory
 * cannot; 7z and RAR archives are "unsupported compression"). */
int cli_input_check(const cli_command *command, const char *path,
                    const char **compression);

/* Seconds on a monotonic clock. */
double cli_seconds(void);

/* "Did you mean", the one wording for commands, options, variants and
 * formats: "; did you mean 'NAME'?" for the nearest name found
 * (rgn_nearest), or "" when none is near. */
typedef rgn_nearest cli_nearest;
const char *cli_nearest_hint(const cli_nearest *nearest);
/* The same over a NULL-terminated list of candidates. */
const char *cli_nearest_hint_in(const char *given,
                                const char *const *candidates);
/* A NULL-terminated list of names as a message gives them: "a, b or c"
 * (in a buffer of its own, overwritten by the next call). */
const char *cli_alternatives(const char *const *names);

/* The rule set of --variant: a name or an alias in any case, as 'rgn
 * variants' lists them (rgn_variant_find); NULL after a usage error that
 * suggests the nearest name. Every command looks --variant up so. */
const rgn_variant *cli_find_variant(const cli_command *command,
                                    const char *name);

/* A position from --variant and --fen (either may be NULL; a game that
 * needs a set-up needs --fen); NULL after printing the reason. */
rgn_position *cli_load_position(const cli_command *command,
                                const char *variant_name, const char *fen);
/* A position of variant from fen (NULL: its initial position); NULL
 * after printing why, with a caret under the error's column. */
rgn_position *cli_position_from(const cli_command *command,
                                const rgn_variant *variant, const char *fen);

/* One option of a command's own, for cli_parse_options: a flag, an
 * option that sets an int, or an option that takes a value ("--name
 * VALUE" or "--name=VALUE"), kept as it is, taken by a function when it
 * is met, or one of names. Give one of flag, set, value and take, or
 * set and names. */
typedef struct cli_option {
    const char *name;   /* "--fen", "-o" */
    bool *flag;         /* a flag: set when given */
    const char **value; /* the value, the last one given */
    /* checks the value and stores what it means in out: 0, or -1 after
     * cli_usage_error */
    int (*take)(const cli_command *command, const char *value, void *out);
    void *out;
    int *set; /* set to to when given (--no-color: 0), the last one wins */
    int to;
    /* the values the option takes, NULL-terminated: set to the index of
     * the one given ("--from rgn": 0); another is a usage error */
    const char *const *names;
} cli_option;

/* Reading games: what validate, convert and fen share (games.c). */
#define CLI_GAMES_OPTIONS 12
typedef struct cli_games {
    const cli_command *command;
    rgn_validator_options options;
    bool quiet, color;
    int json; /* --diagnostics: 0 text, 1 json */
    /* the validator's notes on valid play (threefold repetition) are
     * printed: validate, or --notes */
    bool notes;
    bool variant_chosen; /* --variant given: file names decide nothing */
    int from; /* --from: 0 rgn, 1 xml, -1 (the default) by the content */
    bool summary_always;   /* validate: the summary also when all is well */
    int summary_json;      /* validate --summary: 0 text, 1 json (on
                              standard output) */
    int color_choice;      /* --color 1, --no-color 0, -1: cli_color_default */
    const char *file;      /* the input being read, as diagnostics name it */
    uint64_t only_game;    /* --game: only its diagnostics are shown (0: all) */
    const char *diag_path; /* --diagnostics-file: "-" standard output */
    FILE *diag;            /* where diagnostics go */
    bool no_game;          /* an input held no game (a warning) */
    rgn_validation_counts total;
    bool io_error;
    bool refused; /* --range refused its file: no summary */
    bool progress, progress_shown;
    double start, last_progress;
    int jobs;               /* --jobs */
    bool no_replay;         /* list --unchecked: the games as written */
    rgn_read_options *read; /* made by --range or cli_games_read_all */
    const char *range;      /* --range as given (NULL: none), set in read */
    /* when set, told of each input (each member of a zip archive) before
     * its games are read: its name as diagnostics give it (file) and the
     * rule set its games without a Variant tag are read as (NULL: the
     * default game) */
    void (*input)(void *user, const char *file, const rgn_variant *tagless);
    void *input_user;
    /* the options every game-reading command takes (--strict, --quiet,
     * --notes, --diagnostics, --diagnostics-file, --variant,
     * --force-variant, --from, --jobs, --range), a table for
     * cli_parse_options made by cli_games_init */
    cli_option rows[CLI_GAMES_OPTIONS + 1];
} cli_games;

/* Makes games ready for the options (its rows). */
void cli_games_init(cli_games *games, const cli_command *command);

/* What a command takes on its command line. */
typedef struct cli_options {
    const cli_command *command;
    const cli_option *own; /* the command's own options, ending in {0} */
    /* A command that reads games takes their shared options (games'
     * rows, and colour into its color_choice); another takes --color and
     * --no-color into color (NULL: taken, and nothing is coloured). */
    cli_games *games;
    int *color;
    /* How many operands: -1 any number. A command that takes none says
     * "unexpected argument" to anything it does not know; too_many is
     * said to one operand too many (NULL: "unexpected argument"). */
    int max_operands;
    const char *too_many;
    /* Instead of own: several tables of options, each ending in {0}, the
     * list ending in NULL (a command's own and the criteria's, ...),
     * taken as one table of their rows in this order (at most
     * CLI_TABLES). */
    const cli_option *const *tables;
} cli_options;
#define CLI_TABLES 6

/* What cli_parse_options returns when the command goes on. */
#define CLI_GO_ON (-1)

/* The one option loop: --help, "--" (the arguments after it are
 * operands), the shared options, the command's own, in the order given.
 * The operands gather at argv[1..*operands]. Returns CLI_GO_ON, or the
 * exit status the command returns at once (after the help, or after
 * saying what is wrong). */
int cli_parse_options(const cli_options *options, int argc, char **argv,
                      int *operands);
/* A combination of options a command refuses: when holds, the command
 * stops with message as a usage error. A command lists them in one table
 * after its options are parsed, in the order they are judged, ending in
 * a row whose message is NULL. */
typedef struct cli_conflict {
    bool holds;
    const char *message;
} cli_conflict;
/* CLI_GO_ON, or EXIT_USAGE after the message of the first conflict that
 * holds. */
int cli_check_conflicts(const cli_command *command,
                        const cli_conflict *conflicts);
/* Takes a count of at least 1 (--limit, --fuzzy) into the long at out. */
int cli_take_count(const cli_command *command, const char *value, void *out);
/* Takes for --game: a game's number, from 1, into the long at out. */
int cli_take_game(const cli_command *command, const char *value, void *out);
/* Takes for --ply: a ply, from 0, into the long at out. */
int cli_take_ply(const cli_command *command, const char *value, void *out);

/* After the options: where diagnostics go, colour, progress, and the
 * diagnostics printer; -1 (after printing why) when the diagnostics file
 * cannot be created. */
int cli_games_ready(cli_games *games);
/* Checks that every input (but "-") can be opened and is not a
 * directory, before any output is touched: -1 after printing which
 * cannot. */
int cli_games_check_inputs(const cli_games *games, char **paths, int count);
/* Refuses, before anything is written, an output that is also an input:
 * -o's file (output, NULL when none) or the diagnostics file; -1 after
 * the usage error. */
int cli_games_check_outputs(const cli_games *games, const char *output,
                            char **paths, int count);
/* Prints a diagnostic about file, its game numbered over all inputs, as
 * the validator's are printed: a hook of rgn_tournaments_finish (games:
 * the cli_games), a tournament's audit. */
void cli_games_tell(void *games, const char *file,
                    const rgn_diagnostic *diagnostic);
/* An rgn_edits_report hook (user: the cli_games): the edits' notes
 * printed as the validator's. */
void cli_games_report(void *games, const rgn_diagnostic *note);
/* Reads the count inputs of paths in order, or standard input if none,
 * with rgn_games_read_all (once a run: the counts are all the run's). */
void cli_games_read_all(cli_games *games, char **paths, int count);
/* Prints the summary; returns the exit status. */
int cli_games_finish(cli_games *games);
/* Reads the count inputs of paths as cli_games_read_all does (after
 * cli_games_ready), each game handed to selected (with user) by a
 * selector of every game, numbered over all inputs; then the summary.
 * Returns the exit status, EXIT_USAGE when memory ran out (said). */
int cli_games_each(cli_games *games, char **paths, int count,
                   void (*selected)(void *user, const rgn_game *game,
                                    const rgn_selection *selection),
                   void *user);

/* The criteria options of rgn select and rgn db find
 * (criteria_options.c). */
/* the number of options cli_criteria_options adds: an option a criterion
 * (--promotion twice: a flag, and with a value), and the options of the
 * copies (--unique, --duplicates, --fuzzy) */
#define CLI_CRITERIA_OPTIONS (RGN_CRITERION_COUNT + 1 + 3)
typedef struct cli_criterion {
    rgn_criteria *criteria;
    enum rgn_criterion criterion;
} cli_criterion;
typedef struct cli_criteria {
    rgn_criteria *criteria; /* set before cli_criteria_options */
    cli_criterion takers[RGN_CRITERION_COUNT];
    bool flags[RGN_CRITERION_COUNT]; /* the flags given */
    char names[RGN_CRITERION_COUNT][24];
    bool invalid; /* --invalid was given */
    bool unique, duplicates;
    long fuzzy;
    /* after cli_criteria_flags: the copies asked for */
    enum rgn_duplicates copies;
    cli_option rows[CLI_CRITERIA_OPTIONS + 1];
} cli_criteria;
/* The criteria options, a table of cli_options.tables (kept in c). Each
 * option with a value adds its criterion when it is met. */
const cli_option *cli_criteria_options(cli_criteria *c);
/* After the options: adds the criteria of the flags given and sets
 * copies; -1 after a usage error (--unique with --duplicates, --fuzzy
 * without either). */
int cli_criteria_flags(cli_criteria *c, const cli_command *command);

/* The cleaning options of the games written (criteria_options.c;
 * select, db find): an option an edit the library names. */
typedef struct cli_edit {
    rgn_edits *edits;
    enum rgn_edit_option option;
} cli_edit;
typedef struct cli_cleaning {
    rgn_edits *edits; /* set before cli_cleaning_options */
    cli_edit takers[RGN_EDIT_OPTION_COUNT];
    bool flags[RGN_EDIT_OPTION_COUNT]; /* the flags given */
    char names[RGN_EDIT_OPTION_COUNT][24];
    cli_option rows[RGN_EDIT_OPTION_COUNT + 1];
} cli_cleaning;
/* The cleaning options, a table of cli_options.tables (kept in c).
 * Those with a value go into the edits when met. */
const cli_option *cli_cleaning_options(cli_cleaning *c);
/* After the options: adds the edits of the flags given; -1 after a
 * usage error. */
int cli_cleaning_flags(cli_cleaning *c, const cli_command *command);

/* The database (cmd_db.c): path open to write or to read (rgn_db_open_wait:
 * a writer waits at most wait seconds for another); NULL after saying why. */
rgn_db *cli_db_open(const cli_command *command, const char *path, bool write,
                    double wait);
/* What db info and db tree --format take, in enum rgn_db_format's order. */
extern const char *const cli_db_formats[];

#endif
