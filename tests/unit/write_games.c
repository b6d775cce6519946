/* write_games.c - see write_games.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "write_games.h"

char *write_games(const char *text, const rgn_writer_options *options,
                  void (*report)(void *user, const rgn_diagnostic *d))
{
    char *out = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&out, &size);
    assert_non_null(stream);
    rgn_writer *writer = rgn_writer_new(options, stream, NULL);
    assert_non_null(writer);
    rgn_validator_options v = {.size = sizeof v,
                               .variant = rgn_variant_find("Chess"),
                               .report = report,
                               .sink = rgn_writer_sink(writer),
                               .sink_user = writer};
    rgn_validator *validator = rgn_validator_new(&v, NULL);
    assert_non_null(validator);
    assert_int_equal(rgn_validator_feed(validator, text, strlen(text)), 0);
    assert_int_equal(rgn_validator_finish(validator), 0);
    rgn_validator_free(validator);
    assert_int_equal(rgn_writer_finish(writer, NULL), 0);
    rgn_writer_free(writer);
    fclose(stream);
    return out;
}
