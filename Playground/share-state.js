// The page's state in the URL fragment: `#s=` and base64url of UTF-8 JSON, so a shared link
// reopens the same label. Nothing in the fragment reaches the server.
"use strict";

window.Galley = window.Galley || {};

Galley.ShareState = (function () {
  const version = 1;
  /** Longest fragment read back (a link with more is refused, not parsed). */
  const maximumLength = 200000;

  /**
   * Encodes text as base64url (no padding).
   * @param {string} text Any string.
   * @returns {string} base64url of its UTF-8 bytes.
   */
  function toBase64URL(text) {
    const bytes = new TextEncoder().encode(text);
    let binary = "";
    for (let index = 0; index < bytes.length; index += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(index, index + 0x8000));
    }
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  /**
   * Decodes base64url into text.
   * @param {string} encoded base64url of UTF-8 bytes.
   * @returns {string} The text.
   * @throws {Error} When the text is not base64url or not UTF-8.
   */
  function fromBase64URL(encoded) {
    const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  }

  /**
   * Writes a state as a URL fragment.
   * @param {object} state The page state.
   * @returns {string} The fragment, with its `#`.
   */
  function fragment(state) {
    const saved = {
      v: version, markup: state.markup, plain: state.plain || undefined,
      lenient: state.lenient || undefined, fonts: state.fonts, colors: state.colors,
      values: state.options.values, effects: state.options.effects,
    };
    return "#s=" + toBase64URL(JSON.stringify(saved));
  }

  /**
   * Checks that a value is an array of strings.
   * @param {*} value The value.
   * @returns {string[]} The value, or an empty array.
   */
  function strings(value) {
    return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
  }

  /**
   * Reads a state from a URL fragment.
   * @param {string} hash `location.hash`.
   * @returns {{state: (object|null), error: (string|null)}} The state, or why the fragment is
   *   not one; both null for an empty fragment.
   */
  function parse(hash) {
    if (!hash || hash === "#") return { state: null, error: null };
    if (!hash.startsWith("#s=")) return { state: null, error: "the link's fragment is not a playground state" };
    if (hash.length > maximumLength) return { state: null, error: "the link's state is too long" };
    let saved;
    try {
      saved = JSON.parse(fromBase64URL(hash.slice(3)));
    } catch (error) {
      return { state: null, error: "the link's state cannot be read: " + error.message };
    }
    if (!saved || typeof saved !== "object" || saved.v !== version || typeof saved.markup !== "string") {
      return { state: null, error: "the link's state is not a version " + version + " playground state" };
    }
    const values = {};
    if (saved.values && typeof saved.values === "object") {
      for (const [id, value] of Object.entries(saved.values)) {
        if (Galley.OptionsTable.fields.has(id) && (typeof value === "string" || value === true)) values[id] = value;
      }
    }
    return {
      state: {
        markup: saved.markup, plain: saved.plain === true, lenient: saved.lenient === true,
        fonts: strings(saved.fonts), colors: strings(saved.colors),
        options: { values, effects: strings(saved.effects) },
      },
      error: null,
    };
  }

  return { fragment, parse };
})();
