#include "galley_icu_bidi.h"

#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/utypes.h>

int32_t galley_bidi_levels(const uint16_t *text, int32_t length, int32_t direction,
                           uint8_t *levels, int32_t *paragraphEnds, uint8_t *paragraphLevels,
                           int32_t capacity) {
  if (direction < 0 || direction > 2 || length < 0) return -1;
  if (length == 0) {
    // ICU reports no paragraph for an empty text; callers want one, with the asked-for level.
    if (capacity > 0) {
      paragraphEnds[0] = 0;
      paragraphLevels[0] = direction == 1 ? 1 : 0;
    }
    return 1;
  }
  UErrorCode status = U_ZERO_ERROR;
  // One UBiDi per call: opening one only allocates the object, and sizing it for the text
  // keeps ICU from growing its arrays; nothing stays allocated between calls.
  UBiDi *bidi = ubidi_openSized(length, 0, &status);
  if (U_FAILURE(status) || bidi == NULL) return -1;
  UBiDiLevel paragraphLevel = direction == 2 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)direction;
  ubidi_setPara(bidi, (const UChar *)text, length, paragraphLevel, NULL, &status);
  const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
  if (U_FAILURE(status) || resolved == NULL) {
    ubidi_close(bidi);
    return -1;
  }
  memcpy(levels, resolved, (size_t)length);
  int32_t count = ubidi_countParagraphs(bidi);
  for (int32_t index = 0; index < count && index < capacity; index++) {
    int32_t start = 0, limit = 0;
    UBiDiLevel level = 0;
    ubidi_getParagraphByIndex(bidi, index, &start, &limit, &level, &status);
    if (U_FAILURE(status)) break;
    paragraphEnds[index] = limit;
    paragraphLevels[index] = level;
  }
  ubidi_close(bidi);
  return U_FAILURE(status) ? -1 : count;
}

int32_t galley_bidi_class(uint32_t codePoint) {
  return (int32_t)u_charDirection((UChar32)codePoint);
}
