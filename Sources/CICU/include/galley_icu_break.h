#ifndef GALLEY_ICU_BREAK_H
#define GALLEY_ICU_BREAK_H

#include <stdint.h>

/// Line break opportunities of UTF-16 text by ICU's UAX #14 line break iterator (with its
/// dictionaries for Thai, Lao, Khmer, Burmese and CJK).
///
/// Writes up to `capacity` break offsets (UTF-16, each > 0, the last == length) into
/// `offsets`. Which breaks are mandatory is decided by the caller from the text (the
/// character before the break), not from ICU's rule status: ICU gives boundaries found by its
/// dictionaries (Thai, Lao, Khmer, Burmese, CJK) the status of the rule-based boundary that
/// follows them, so every word before a paragraph's newline would read as a hard break.
/// Returns the number of breaks found (which may exceed `capacity`: call again with more
/// room), or -1 when ICU fails. `locale` may be NULL or a BCP 47 / ICU locale such as "th".
int32_t galley_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                           int32_t *offsets, int32_t capacity);

#endif
