// What the Pango sides of the benchmarks share (scripts/pango-render-bench.c and
// scripts/pango-label-bench.c): a monotonic clock, a comparison for qsort, and reading a corpus
// as one string per line.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

enum { maximumLines = 100000, passes = 5 };

static double seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// Reads up to maximumLines lines of `path` into `lines`, without their newlines; returns how
// many, or -1 (with a message) when the file cannot be opened.
static int read_lines(const char *path, char **lines) {
  FILE *file = fopen(path, "r");
  if (!file) { perror(path); return -1; }
  int count = 0;
  char *buffer = NULL;
  size_t capacity = 0;
  ssize_t length;
  while (count < maximumLines && (length = getline(&buffer, &capacity, file)) > 0) {
    if (buffer[length - 1] == '\n') buffer[length - 1] = 0;
    lines[count++] = strdup(buffer);
  }
  fclose(file);
  free(buffer);
  return count;
}
