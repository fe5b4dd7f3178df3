#ifndef GALLEY_ICU_BREAK_H
#define GALLEY_ICU_BREAK_H

#include <stdint.h>

/// Line break opportunities of UTF-16 text by ICU's UAX #14 line break iterator (with its
/// dictionaries for Thai, Lao, Khmer, Burmese and CJK).
///
/// Writes up to `capacity` break offsets (UTF-16, each > 0, the last == length) into
/// `offsets`, and into `hard` 1 for a mandatory break (after LF, CR, VT, FF, NEL, U+2028 or
/// U+2029: UAX #14 LB4 and LB5) or 0.
/// Returns the number of breaks found (which may exceed `capacity`: call again with more
/// room), or -1 when ICU fails. `locale` may be NULL or a BCP 47 / ICU locale such as "th".
int32_t galley_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                           int32_t *offsets, uint8_t *hard, int32_t capacity);

#endif
