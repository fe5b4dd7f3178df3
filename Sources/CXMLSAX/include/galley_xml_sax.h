#ifndef GALLEY_XML_SAX_H
#define GALLEY_XML_SAX_H

/// A SAX reading of an XML document with libxml2, behind plain C types: libxml2's headers
/// include the system's ICU, whose declarations clash with Foundation's, so Swift never sees
/// them.

/// What the parser tells its caller. A callback that returns nonzero stops the parse.
typedef struct galley_xml_callbacks {
  /// Passed back to each callback.
  void *context;
  /// An element starts: its local name, its attributes' local names and values (values are
  /// not NUL-terminated: their lengths are given), and the line and column after its tag.
  int (*start)(void *context, const char *name, int count, const char *const *names,
               const char *const *values, const int *lengths, long line, long column);
  /// An element ends.
  int (*end)(void *context, const char *name, long line);
  /// Text, entities and character references decoded, CDATA as it is.
  void (*text)(void *context, const char *bytes, int length);
} galley_xml_callbacks;

/// The first error of a parse: libxml2's code (0 when a callback stopped it), its line and
/// its message.
typedef struct galley_xml_error {
  int code;
  long line;
  char message[256];
} galley_xml_error;

/// Parses a whole document: UTF-8 or UTF-16 (with a byte-order mark or a declaration), no
/// network, no substitution of entities declared in a DTD (a reference to one is an error),
/// stopping at the first error. Safe to call from several threads at once.
///
/// Returns 0 when the document is well-formed and no callback stopped it; otherwise 1, with
/// `error` filled.
int galley_xml_parse(const char *bytes, int length, const char *name,
                     const galley_xml_callbacks *callbacks, galley_xml_error *error);

#endif
