/* utf8.c - reading UTF-8: what is not worth inlining. */
#include "base/utf8.h"

uint32_t rgn_utf8_code_point(const unsigned char *s, int len)
{
    /* the lead byte keeps 7 bits for ASCII, 5, 4 or 3 after its marker */
    uint32_t cp = s[0] & (0x7Fu >> (len > 1 ? len : 0));
    for (int k = 1; k < len; k++)
        cp = cp << 6 | (s[k] & 0x3Fu);
    return cp;
}
