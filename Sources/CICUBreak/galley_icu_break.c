#include "galley_icu_break.h"

#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int32_t galley_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                           int32_t *offsets, uint8_t *hard, int32_t capacity) {
  if (length == 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator =
      ubrk_open(UBRK_LINE, locale ? locale : "", (const UChar *)text, length, &status);
  if (U_FAILURE(status) || iterator == NULL) return -1;
  int32_t count = 0;
  for (int32_t position = ubrk_next(iterator); position != UBRK_DONE;
       position = ubrk_next(iterator)) {
    if (count < capacity) {
      int32_t rule = ubrk_getRuleStatus(iterator);
      offsets[count] = position;
      hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
    }
    count++;
  }
  ubrk_close(iterator);
  return count;
}
