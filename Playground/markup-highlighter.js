// Splits markup into text and codes, as the grammar in GalleyMarkup's MarkupGrammar article
// reads it, and draws the highlighted copy that sits under the editor's textarea.
// Offsets are JavaScript string indexes: UTF-16, the unit of the server's error offsets.
"use strict";

window.Galley = window.Galley || {};

Galley.MarkupHighlighter = (function () {
  /** Code letters and the category each one is highlighted as. */
  const categories = {
    F: "font", f: "font", C: "color", c: "color", D: "background", d: "background",
    U: "underline", u: "underline", W: "weight", w: "weight", B: "weight", b: "weight",
    I: "italic", i: "italic", S: "size", s: "size", X: "strike", x: "strike",
    K: "spacing", k: "spacing", R: "shift", r: "shift", O: "features", o: "features", V: "features", v: "features",
    N: "reset", L: "link", l: "link",
  };

  /**
   * Splits markup into tokens.
   * @param {string} source The markup.
   * @returns {{kind: string, start: number, end: number, category?: string}[]} Tokens that
   *   cover the source in order: kind "text", "escape" (%%), "code" or "broken".
   */
  function tokenize(source) {
    const tokens = [];
    let textStart = 0;
    let index = 0;
    const flushText = (end) => {
      if (end > textStart) tokens.push({ kind: "text", start: textStart, end });
    };
    while (index < source.length) {
      if (source[index] !== "%") {
        index += 1;
        continue;
      }
      flushText(index);
      const token = readCode(source, index);
      tokens.push(token);
      index = token.end;
      textStart = index;
    }
    flushText(source.length);
    return tokens;
  }

  /**
   * Reads the code that starts at a `%`.
   * @param {string} source The markup.
   * @param {number} start The index of the `%`.
   * @returns {{kind: string, start: number, end: number, category?: string}} The token.
   */
  function readCode(source, start) {
    let index = start + 1;
    if (source[index] === "%") return { kind: "escape", start, end: index + 1 };
    if (source[index] === "{") {
      const close = source.indexOf("}", index + 1);
      if (close < 0) return { kind: "broken", start, end: source.length };
      index = close + 1;
    } else {
      if (source[index] === "-") index += 1;
      while (index < source.length && source[index] >= "0" && source[index] <= "9") index += 1;
    }
    if (index >= source.length) return { kind: "broken", start, end: source.length };
    const letter = String.fromCodePoint(source.codePointAt(index));
    const end = index + letter.length;
    const category = categories[letter];
    if (!category) return { kind: "broken", start, end };
    return { kind: "code", start, end, category };
  }

  /**
   * Appends `source[start..<end]` to an element, wrapping the error range in a marker.
   * @param {Node} parent Where the text goes.
   * @param {string} source The markup.
   * @param {number} start The first index.
   * @param {number} end The index after the last.
   * @param {{offset: number, length: number} | null} error The range to mark.
   */
  function appendText(parent, source, start, end, error) {
    if (!error) {
      parent.appendChild(document.createTextNode(source.slice(start, end)));
      return;
    }
    const markStart = Math.max(start, error.offset);
    const markEnd = Math.min(end, error.offset + Math.max(error.length, 1));
    if (markStart >= markEnd) {
      parent.appendChild(document.createTextNode(source.slice(start, end)));
      return;
    }
    parent.appendChild(document.createTextNode(source.slice(start, markStart)));
    const mark = document.createElement("mark");
    mark.className = "error-mark";
    mark.dataset.testid = "error-mark";
    mark.dataset.offset = String(error.offset);
    mark.textContent = source.slice(markStart, markEnd);
    parent.appendChild(mark);
    parent.appendChild(document.createTextNode(source.slice(markEnd, end)));
  }

  /**
   * Draws the highlighted markup into an element.
   * @param {HTMLElement} target The element under the textarea.
   * @param {string} source The markup.
   * @param {{plain: boolean, error: ({offset: number, length: number} | null)}} options Plain
   *   text is not highlighted; the error range gets a marker.
   */
  function render(target, source, options) {
    const fragment = document.createDocumentFragment();
    const error = options.error || null;
    const tokens = options.plain ? [{ kind: "text", start: 0, end: source.length }] : tokenize(source);
    if (error && error.offset >= source.length) {
      tokens.push({ kind: "text", start: source.length, end: source.length });
    }
    for (const token of tokens) {
      let parent = fragment;
      if (token.kind !== "text") {
        const span = document.createElement("span");
        span.className = token.kind === "code" ? "code code-" + token.category : "code-" + token.kind;
        fragment.appendChild(span);
        parent = span;
      }
      appendText(parent, source, token.start, token.end, error);
    }
    if (error && error.offset >= source.length) {
      const mark = document.createElement("mark");
      mark.className = "error-mark error-at-end";
      mark.dataset.testid = "error-mark";
      mark.dataset.offset = String(error.offset);
      mark.textContent = " ";
      fragment.appendChild(mark);
    }
    // A final newline needs a character after it, or the layer is one line short.
    fragment.appendChild(document.createTextNode("\n"));
    target.replaceChildren(fragment);
  }

  return { tokenize, render };
})();
