/*
 * input.h - what the input stage shares (private): the ways into an
 * rgn_input that the reading of games takes besides rgn_input_read.
 */
#ifndef RGN_INPUT_H
#define RGN_INPUT_H

#include "rgn.h"

/* Whether the input is a regular file read as it is (no compression):
 * one that can be mapped (input_raw_file's descriptor). */
bool input_is_plain_file(const rgn_input *input);
/* The raw file under the input (NULL for empty memory). */
FILE *input_raw_file(const rgn_input *input);
/* Whether the input is memory read as it is: true with its bytes. */
bool input_plain_memory(const rgn_input *input, const char **data, size_t *len);

#endif
