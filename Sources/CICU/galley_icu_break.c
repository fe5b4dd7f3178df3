#include "galley_icu_break.h"

#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

// Opening a line break iterator loads and compiles ICU's rules, which costs more than breaking
// a paragraph. Each thread keeps one iterator for the last locale and only resets its text.
static _Thread_local UBreakIterator *cachedIterator = NULL;
static _Thread_local char cachedLocale[72] = {0};

static UBreakIterator *iteratorFor(const char *locale, UErrorCode *status) {
  const char *wanted = locale ? locale : "";
  if (cachedIterator != NULL && strncmp(cachedLocale, wanted, sizeof cachedLocale) == 0) {
    return cachedIterator;
  }
  if (cachedIterator != NULL) {
    ubrk_close(cachedIterator);
    cachedIterator = NULL;
  }
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, wanted, NULL, 0, status);
  if (U_FAILURE(*status) || iterator == NULL) return NULL;
  cachedIterator = iterator;
  strncpy(cachedLocale, wanted, sizeof cachedLocale - 1);
  cachedLocale[sizeof cachedLocale - 1] = 0;
  return iterator;
}

int32_t galley_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                           int32_t *offsets, int32_t capacity) {
  if (length == 0) return 0;
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = iteratorFor(locale, &status);
  if (iterator == NULL) return -1;
  ubrk_setText(iterator, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) return -1;
  int32_t count = 0;
  for (int32_t position = ubrk_next(iterator); position != UBRK_DONE;
       position = ubrk_next(iterator)) {
    if (count < capacity) offsets[count] = position;
    count++;
  }
  // Drop the reference to the caller's text, which is freed after this call.
  ubrk_setText(iterator, NULL, 0, &status);
  return count;
}
