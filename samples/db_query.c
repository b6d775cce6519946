/*
 * db_query.c - an example of librgn: imports the games of a file into a
 * new database, then finds those with a tag's value in it, a line a game,
 * as
 *
 *     rgn db import --db DATABASE FILE
 *     rgn db find --db DATABASE --tag NAME=VALUE --format tsv \
 *         --columns game,White,Black,result
 *
 * list them: a header line, then the game's number in the database, its
 * White, Black and result, tab-separated. Invalid games are stored but
 * not found, as rgn db find leaves them out.
 *
 * Build it against an installed rgn with pkg-config:
 *
 *     cc -o db_query db_query.c $(pkg-config --cflags --libs rgn)
 *
 * Usage: db_query DATABASE FILE NAME=VALUE   (DATABASE must not exist)
 */
#include <rgn.h>

#include <stdio.h>

/* Stores the games of the file at path into db, open for writing. */
static int import(rgn_db *db, const char *path, rgn_error *error)
{
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        snprintf(error->message, sizeof error->message, "%s: cannot open",
                 path);
        return -1;
    }
    rgn_db_importer *importer = rgn_db_importer_new(db, NULL, error);
    rgn_validator_options options = {.size = sizeof options};
    options.variant = rgn_variant_for_file(path);
    if (options.variant == NULL)
        options.variant = rgn_variant_default();
    options.sink = rgn_db_importer_sink();
    options.sink_user = importer;
    rgn_validator *validator =
        importer == NULL ? NULL : rgn_validator_new(&options, NULL);
    /* the file the games are stored as coming from */
    int status = validator == NULL ? -1 : rgn_validator_input(validator, path);
    char block[1 << 16];
    size_t n;
    while (status == 0 && (n = fread(block, 1, sizeof block, in)) > 0)
        status = rgn_validator_feed(validator, block, n);
    if (status == 0 && (ferror(in) || rgn_validator_finish(validator) != 0))
        status = -1;
    if (status != 0)
        snprintf(error->message, sizeof error->message, "%s: cannot be read",
                 path);
    /* the last part of the index; then the importer goes before commit */
    if (status == 0 && rgn_db_importer_finish(importer, NULL, error) != 0)
        status = -1;
    rgn_validator_free(validator);
    rgn_db_importer_free(importer);
    fclose(in);
    return status == 0 ? rgn_db_commit(db, error) : -1;
}

/* rgn_db_find calls this with each game found, in the database's order. */
static int on_found(void *user, const rgn_db_found *found)
{
    rgn_span white = {"", 0}, black = {"", 0};
    rgn_span result = rgn_game_result(found->game);
    (void)user;
    rgn_game_tag(found->game, "White", &white);
    rgn_game_tag(found->game, "Black", &black);
    printf("%lld\t%.*s\t%.*s\t%.*s\n", (long long)found->id, (int)white.len,
           white.data, (int)black.len, black.data, (int)result.len,
           result.data);
    return 0; /* on to the next */
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: db_query DATABASE FILE NAME=VALUE\n");
        return 2;
    }
    rgn_error error;
    /* written: created, filled, committed and closed */
    rgn_db *db = rgn_db_open(argv[1], true, &error);
    int status = db == NULL ? -1 : import(db, argv[2], &error);
    rgn_db_close(db);

    /* read: the criterion of rgn select's --tag */
    rgn_criteria *criteria = status == 0 ? rgn_criteria_new(NULL) : NULL;
    if (status == 0 && criteria == NULL) {
        snprintf(error.message, sizeof error.message, "out of memory");
        status = -1;
    }
    if (status == 0)
        status = rgn_criteria_add(criteria, RGN_CRITERION_TAG, argv[3], &error);
    db = status == 0 ? rgn_db_open(argv[1], false, &error) : NULL;
    if (status == 0 && db != NULL) {
        rgn_db_find_options find = {.size = sizeof find};
        find.criteria = criteria;
        find.valid_only = true;
        find.found = on_found;
        printf("game\tWhite\tBlack\tresult\n");
        status = rgn_db_find(db, &find, &error) < 0 ? -1 : 0;
    } else if (status == 0) {
        status = -1;
    }
    rgn_db_close(db);
    rgn_criteria_free(criteria);
    if (status != 0)
        fprintf(stderr, "db_query: %s\n", error.message);
    return status == 0 ? 0 : 2;
}
