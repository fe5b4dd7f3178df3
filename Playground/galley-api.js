// Talks to galley-server: builds the one request shape every POST endpoint takes from the
// page's state, sends it, and turns error responses into { status, message, markup } values.
"use strict";

window.Galley = window.Galley || {};

Galley.Api = (function () {
  /**
   * Turns a control's text into the JSON value its request field takes.
   * @param {string} kind The kind of control (see OptionsTable).
   * @param {string|boolean} value The control's value.
   * @returns {*} The JSON value; text that does not parse is sent as it is, so the server
   *   answers 400 naming the field.
   */
  function encode(kind, value) {
    const number = (text) => (text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text);
    const numbers = (text) => text.split(",").map(number);
    switch (kind) {
      case "bool": return value === true;
      case "number":
      case "numberOrText": return number(value);
      case "numbers": return numbers(value);
      case "pair": {
        const parts = numbers(value);
        return parts.length === 2 ? { x: parts[0], y: parts[1] } : value;
      }
      case "triple": {
        const parts = numbers(value);
        return parts.length === 3 ? { x: parts[0], y: parts[1], degrees: parts[2] } : value;
      }
      case "scale": {
        const parts = numbers(value);
        return parts.length === 2 ? { width: parts[0], height: parts[1] } : value;
      }
      case "insets": {
        const parts = numbers(value);
        if (parts.length === 1) return parts[0];
        if (parts.length === 4) return { top: parts[0], left: parts[1], bottom: parts[2], right: parts[3] };
        return value;
      }
      case "json":
        try { return JSON.parse(value); } catch (error) { return value; }
      default: return value;
    }
  }

  /**
   * Puts a value at a field's path: `section.name`, or a top-level `name`.
   * @param {object} body The request body.
   * @param {string} path The path.
   * @param {*} value The JSON value.
   */
  function place(body, path, value) {
    const [section, name] = path.split(".");
    if (name === undefined) {
      body[section] = value;
      return;
    }
    body[section] = body[section] || {};
    body[section][name] = value;
  }

  /**
   * Builds the request body from the page's state.
   * @param {object} state `{markup, plain, lenient, fonts, colors, options: {values, effects}}`.
   * @param {{format?: string, points?: {x: number, y: number}[]}} extra The render format and
   *   the points to hit-test.
   * @returns {object} The request body.
   */
  function buildRequest(state, extra) {
    const body = { markup: state.markup };
    if (state.plain) body.plain = true;
    if (state.lenient) body.lenient = true;
    const fonts = state.fonts.map((name) => name.trim()).filter((name) => name !== "");
    const colors = state.colors.map((color) => color.trim()).filter((color) => color !== "");
    if (fonts.length) body.fonts = fonts;
    if (colors.length) body.colors = colors;
    const effects = new Set(state.options.effects);
    for (const [id, value] of Object.entries(state.options.values)) {
      const field = Galley.OptionsTable.fields.get(id);
      if (!field || value === "" || (field.group.effect && !effects.has(field.group.effect))) continue;
      place(body, field.path, encode(field.kind, value));
    }
    // An effect's first field turns it on (the outline's width, the gradient's colors), and the
    // others need it: an effect switched on without it gets its starting value.
    for (const group of Galley.OptionsTable.groups) {
      if (!group.effect || !effects.has(group.effect)) continue;
      const first = group.fields[0];
      if ((state.options.values[first.id] || "") === "") {
        place(body, first.path, encode(first.kind, first.value));
      }
    }
    if (extra && extra.format) {
      body.render = body.render || {};
      body.render.format = extra.format;
    }
    if (extra && extra.points) body.points = extra.points;
    return body;
  }

  /**
   * Reads an error response.
   * @param {Response} response A response whose status is not 2xx.
   * @returns {Promise<{status: number, message: string, markup: (object|null)}>} The error;
   *   `markup` is the markup error (kind, offset, length, message) of a 422.
   */
  async function readError(response) {
    let payload = null;
    try { payload = await response.json(); } catch (error) { payload = null; }
    const detail = payload && payload.error !== undefined ? payload.error : payload;
    let message = response.status + " " + response.statusText;
    let markup = null;
    if (typeof detail === "string") message = detail;
    else if (detail && typeof detail.message === "string") {
      message = detail.message;
      if (typeof detail.offset === "number") markup = detail;
    }
    return { status: response.status, message, markup };
  }

  /**
   * Sends a request to the server.
   * @param {string} method "GET" or "POST".
   * @param {string} path The path, relative to the page (no leading slash).
   * @param {object|null} body The JSON body of a POST.
   * @param {AbortSignal} [signal] Cancels the request.
   * @returns {Promise<{ok: true, response: Response} | {ok: false, error: object}>} The
   *   response, or the error it carried.
   * @throws {DOMException} When the request is aborted; a network failure becomes an error.
   */
  async function send(method, path, body, signal) {
    let response;
    try {
      response = await fetch(path, {
        method,
        signal,
        headers: body ? { "Content-Type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      if (error.name === "AbortError") throw error;
      return { ok: false, error: { status: 0, message: "the server cannot be reached", markup: null } };
    }
    if (!response.ok) return { ok: false, error: await readError(response) };
    return { ok: true, response };
  }

  /**
   * Finds the base64 image in a `?include=layout` render response.
   * @param {object} payload The JSON body.
   * @returns {string|null} The base64 text.
   */
  function imageData(payload) {
    return typeof payload.data === "string" ? payload.data : null;
  }

  return { buildRequest, encode, send, imageData };
})();
