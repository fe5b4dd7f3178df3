#ifndef GALLEY_ICU_BIDI_H
#define GALLEY_ICU_BIDI_H

#include <stdint.h>

/// Resolved bidi embedding levels of UTF-16 text by ICU's UBiDi (UAX #9), and its paragraphs.
///
/// `direction` is the base direction of every paragraph: 0 left-to-right, 1 right-to-left, 2
/// auto (ICU's `UBIDI_DEFAULT_LTR`: each paragraph's first strong character, rules P2 and P3,
/// and left-to-right when there is none). Paragraphs are split after each character of bidi
/// class B (rule P1).
///
/// Writes `length` levels into `levels`, one per UTF-16 code unit (both units of a surrogate
/// pair get the same level). They are ICU's `ubidi_getLevels`: rules X1 to I2, and then rule L1
/// over each whole paragraph as ICU applies it in `ubidi_setPara` (white space and isolate
/// formatters before a segment or paragraph separator and at the paragraph's end get the
/// paragraph level; characters removed by X9 take the level of the character after them, or
/// the paragraph level inside such a white-space sequence). L1 at the ends of lines inside a
/// paragraph is left to the caller; applying L1 again is idempotent.
///
/// Writes up to `capacity` paragraphs: the UTF-16 offset where each ends (increasing, the last
/// == length) into `paragraphEnds`, and its resolved base level into `paragraphLevels`. An
/// empty text is one empty paragraph (level 1 for `direction` 1, 0 otherwise).
/// Returns the number of paragraphs (which may exceed `capacity`: call again with more room),
/// or -1 when ICU fails or `direction` is not 0, 1 or 2.
int32_t galley_bidi_levels(const uint16_t *text, int32_t length, int32_t direction,
                           uint8_t *levels, int32_t *paragraphEnds, uint8_t *paragraphLevels,
                           int32_t capacity);

/// The bidi class of a code point: ICU's `u_charDirection`, a `UCharDirection` value (0 L, 1 R,
/// 2 EN, 3 ES, 4 ET, 5 AN, 6 CS, 7 B, 8 S, 9 WS, 10 ON, 11 LRE, 12 LRO, 13 AL, 14 RLE, 15 RLO,
/// 16 PDF, 17 NSM, 18 BN, 19 FSI, 20 LRI, 21 RLI, 22 PDI).
int32_t galley_bidi_class(uint32_t codePoint);

#endif
