/*
 * date.h - reading the value of a date tag (Date, EventDate, ...)
 * (private): PGN writes YYYY.MM.DD, '?' for the digits not known; older
 * programs wrote other separators. The validator reads a value with
 * this, the criteria compare by it.
 */
#ifndef RGN_DATE_H
#define RGN_DATE_H

#include <stdbool.h>
#include <stddef.h>

/* What a tag's value is as a date. */
enum rgn_date_form {
    RGN_DATE_NONE,  /* no date */
    RGN_DATE_PGN,   /* as PGN writes it */
    RGN_DATE_OTHER, /* another form of a date, as older programs wrote */
};

/* The PGN form of a date: "YYYY.MM.DD" and a NUL. */
#define RGN_DATE_SIZE 11

/* Reads text (len bytes) as a date: YYYY.MM.DD, where the month and the
 * day may be left out (YYYY.MM, YYYY) and a part written with '?' is
 * unknown (1960.??.??; a year may end in '?', as 19??). RGN_DATE_OTHER:
 * the parts are separated by '/' or '-' instead of '.' (1960/??/??,
 * 1960-05-12), or a month or a day has one digit (1960.5.1); pgn (when
 * not NULL) then gets its PGN form (1960.??.??, 1960.05.12, 1960.05.01).
 * *lo and *hi (when the value is a date): the first and last days it can
 * be, each as the number YYYYMMDD. A month past 12 or a day past 31 is
 * no date. */
enum rgn_date_form rgn_date_read(const char *text, size_t len,
                                 char pgn[RGN_DATE_SIZE], long *lo, long *hi);

/* Whether a tag of that name (len bytes) holds a date: its name ends in
 * "Date" (Date, EventDate, UTCDate). */
bool rgn_date_tag(const char *name, size_t len);

#endif
