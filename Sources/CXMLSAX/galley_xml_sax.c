#include "galley_xml_sax.h"

#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// One parse: the caller's callbacks, the parser and the first error.
typedef struct parse_state {
  const galley_xml_callbacks *callbacks;
  xmlParserCtxtPtr parser;
  galley_xml_error *error;
  int stopped;
} parse_state;

static pthread_once_t initialized = PTHREAD_ONCE_INIT;

static void initialize(void) { xmlInitParser(); }

static void stop(parse_state *state) {
  state->stopped = 1;
  xmlStopParser(state->parser);
}

static void on_start(void *context, const xmlChar *name, const xmlChar *prefix,
                     const xmlChar *uri, int namespace_count, const xmlChar **namespaces,
                     int count, int defaulted, const xmlChar **attributes) {
  (void)prefix, (void)uri, (void)namespace_count, (void)namespaces, (void)defaulted;
  parse_state *state = context;
  if (state->stopped) return;
  int n = count > 0 ? count : 0;
  const char **names = calloc((size_t)n + 1, sizeof(char *));
  const char **values = calloc((size_t)n + 1, sizeof(char *));
  int *lengths = calloc((size_t)n + 1, sizeof(int));
  if (names == NULL || values == NULL || lengths == NULL) {
    free(names), free(values), free(lengths);
    state->error->code = -1;
    strcpy(state->error->message, "out of memory");
    stop(state);
    return;
  }
  for (int index = 0; index < n; index++) {
    names[index] = (const char *)attributes[index * 5];
    values[index] = (const char *)attributes[index * 5 + 3];
    lengths[index] = (int)(attributes[index * 5 + 4] - attributes[index * 5 + 3]);
  }
  int halt = state->callbacks->start(
      state->callbacks->context, (const char *)name, n, names, values, lengths,
      (long)xmlSAX2GetLineNumber(state->parser), (long)xmlSAX2GetColumnNumber(state->parser));
  free(names), free(values), free(lengths);
  if (halt) stop(state);
}

static void on_end(void *context, const xmlChar *name, const xmlChar *prefix,
                   const xmlChar *uri) {
  (void)prefix, (void)uri;
  parse_state *state = context;
  if (state->stopped) return;
  if (state->callbacks->end(state->callbacks->context, (const char *)name,
                            (long)xmlSAX2GetLineNumber(state->parser))) {
    stop(state);
  }
}

static void on_text(void *context, const xmlChar *bytes, int length) {
  parse_state *state = context;
  if (state->stopped || length <= 0) return;
  state->callbacks->text(state->callbacks->context, (const char *)bytes, length);
}

static void on_error(void *context, xmlErrorPtr error) {
  parse_state *state = context;
  if (state->stopped || error == NULL || error->level < XML_ERR_ERROR) return;
  state->error->code = error->code;
  state->error->line = error->line;
  const char *message = error->message != NULL ? error->message : "not well-formed";
  strncpy(state->error->message, message, sizeof state->error->message - 1);
  state->error->message[sizeof state->error->message - 1] = 0;
  stop(state);
}

int galley_xml_parse(const char *bytes, int length, const char *name,
                     const galley_xml_callbacks *callbacks, galley_xml_error *error) {
  pthread_once(&initialized, initialize);
  memset(error, 0, sizeof *error);
  xmlSAXHandler handler;
  memset(&handler, 0, sizeof handler);
  handler.initialized = XML_SAX2_MAGIC;
  handler.startElementNs = on_start;
  handler.endElementNs = on_end;
  handler.characters = on_text;
  handler.cdataBlock = on_text;
  handler.serror = on_error;
  parse_state state = {callbacks, NULL, error, 0};
  xmlParserCtxtPtr parser = xmlCreatePushParserCtxt(&handler, &state, NULL, 0, name);
  if (parser == NULL) {
    error->code = -1;
    strcpy(error->message, "the XML parser could not start");
    return 1;
  }
  state.parser = parser;
  xmlCtxtUseOptions(parser, XML_PARSE_NONET | XML_PARSE_NOCDATA);
  int status = xmlParseChunk(parser, bytes, length, 1);
  int well_formed = parser->wellFormed;
  long line = (long)xmlSAX2GetLineNumber(parser);
  xmlFreeParserCtxt(parser);
  if (state.stopped) return 1;
  if (status != 0 || !well_formed) {
    error->code = status != 0 ? status : -1;
    error->line = line;
    strcpy(error->message, "the document is not well-formed");
    return 1;
  }
  return 0;
}
