// The page: the editor, the tables and the options feed one state; every change re-renders the
// preview through `POST /v1/render?include=layout`, debounced, with stale answers dropped.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const elements = {
    markup: $("markup"), highlight: $("markup-highlight"), error: $("markup-error"),
    plain: $("plain"), lenient: $("lenient"), fontTable: $("font-table"), colorTable: $("color-table"),
    options: $("options"), status: $("status"), geometry: $("geometry"), share: $("share-url"),
    linkList: $("link-list"), families: $("family-names"),
  };
  const debounceMilliseconds = 150;
  let markupError = null;
  let timer = 0;
  let latest = 0;
  let controller = null;
  let lastText = null;

  const preview = Galley.Preview.create({
    image: $("preview"), overlay: $("overlay"), stage: $("preview-stage"), onHit: hitTest,
  });

  // MARK: State

  /**
   * Adds a row to the font or color table.
   * @param {HTMLOListElement} table The table.
   * @param {string} value The row's value.
   * @param {string} code The code letter shown next to the index (F or C).
   */
  function addRow(table, value, code) {
    const row = document.createElement("li");
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.value = value;
    input.spellcheck = false;
    if (code === "F") input.setAttribute("list", "family-names");
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "small remove";
    remove.textContent = "Remove";
    remove.addEventListener("click", () => {
      row.remove();
      numberRows(table, code);
      scheduleRender();
    });
    row.append(label, input, remove);
    table.appendChild(row);
    numberRows(table, code);
  }

  /**
   * Labels each table row with the code that picks it.
   * @param {HTMLOListElement} table The table.
   * @param {string} code The code letter.
   */
  function numberRows(table, code) {
    [...table.children].forEach((row, index) => {
      const input = row.querySelector("input");
      const label = row.querySelector("label");
      input.id = table.id + "-" + index;
      input.dataset.testid = table.id + "-" + index;
      label.htmlFor = input.id;
      label.textContent = "%" + index + code;
      row.querySelector("button").setAttribute("aria-label", "Remove %" + index + code);
    });
  }

  /** @returns {object} The page's state: markup, flags, tables and options. */
  function currentState() {
    const rows = (table) => [...table.querySelectorAll("input")].map((input) => input.value);
    return {
      markup: elements.markup.value, plain: elements.plain.checked, lenient: elements.lenient.checked,
      fonts: rows(elements.fontTable), colors: rows(elements.colorTable),
      options: Galley.OptionsTable.read(elements.options),
    };
  }

  /**
   * Shows a state in every control and renders it.
   * @param {object} state A state from a preset or a shared link.
   */
  function applyState(state) {
    elements.markup.value = state.markup;
    elements.plain.checked = Boolean(state.plain);
    elements.lenient.checked = Boolean(state.lenient);
    elements.fontTable.replaceChildren();
    elements.colorTable.replaceChildren();
    for (const font of state.fonts) addRow(elements.fontTable, font, "F");
    for (const color of state.colors) addRow(elements.colorTable, color, "C");
    Galley.OptionsTable.write(elements.options, state.options);
    markupError = null;
    highlight();
    scheduleRender();
  }

  // MARK: Editor

  /** Redraws the highlighted layer under the textarea, with the error marker. */
  function highlight() {
    Galley.MarkupHighlighter.render(elements.highlight, elements.markup.value, {
      plain: elements.plain.checked, error: markupError,
    });
    // The textarea grows with its text, so it never shows a scroll bar that would make it
    // wrap lines narrower than the layer under it.
    elements.markup.style.height = "auto";
    elements.markup.style.height = elements.markup.scrollHeight + 2 + "px";
    elements.highlight.scrollTop = elements.markup.scrollTop;
  }

  /**
   * Shows or clears the markup error under the editor.
   * @param {object|null} error The markup error (kind, offset, length, message, line, column).
   */
  function showMarkupError(error) {
    markupError = error ? { offset: error.offset, length: error.length || 1 } : null;
    elements.error.hidden = !error;
    elements.markup.setAttribute("aria-invalid", error ? "true" : "false");
    if (error) {
      const where = error.line ? "line " + error.line + ", column " + error.column + " (offset " + error.offset + ")" : "offset " + error.offset;
      elements.error.dataset.offset = String(error.offset);
      elements.error.dataset.kind = error.kind || "";
      elements.error.textContent = where + ": " + error.message;
    } else {
      delete elements.error.dataset.offset;
    }
    highlight();
  }

  // MARK: Rendering

  /** Renders after the user stops typing for a moment. */
  function scheduleRender() {
    clearTimeout(timer);
    document.body.dataset.preview = "pending";
    timer = setTimeout(render, debounceMilliseconds);
  }

  /**
   * Sets the status line and the page's preview state (pending, ready or error).
   * @param {string} state The preview state, for tests and styles.
   * @param {string} text The status text.
   */
  function setStatus(state, text) {
    document.body.dataset.preview = state;
    elements.status.textContent = text;
    elements.status.classList.toggle("failed", state === "error");
  }

  /** Renders the current state; an answer to an older request is dropped. */
  async function render() {
    const sequence = ++latest;
    if (controller) controller.abort();
    controller = new AbortController();
    const state = currentState();
    const fragment = Galley.ShareState.fragment(state);
    history.replaceState(null, "", fragment);
    elements.share.value = location.href;
    lastText = null;
    const started = performance.now();
    const body = Galley.Api.buildRequest(state, { format: "png" });
    let result;
    try {
      result = await Galley.Api.send("POST", "v1/render?include=layout", body, controller.signal);
      if (result.ok) result.payload = await result.response.json();
    } catch (error) {
      if (error.name === "AbortError") return;
      result = { ok: false, error: { status: 0, message: error.message, markup: null } };
    }
    if (sequence !== latest) return;
    if (!result.ok) {
      showFailure(result.error);
      return;
    }
    showRendered(result.payload, performance.now() - started);
  }

  /**
   * Shows a rendered label, its geometry and its links.
   * @param {object} payload The `?include=layout` body: `data` (the PNG in base64), `format`
   *   and `layout`, whose `image` holds the image's geometry.
   * @param {number} milliseconds The round trip.
   */
  function showRendered(payload, milliseconds) {
    const data = Galley.Api.imageData(payload);
    const image = payload.layout && payload.layout.image;
    if (!data || !image) {
      showFailure({ status: 0, message: "the server's answer has no image", markup: null });
      return;
    }
    showMarkupError(null);
    $("preview-frame").classList.remove("stale");
    preview.show({ src: "data:image/png;base64," + data, image, layout: payload.layout });
    const geometry = [["Image", image.width + " × " + image.height + " px"], ["Scale", image.scale],
      ["Origin", image.originX + ", " + image.originY + " pt"],
      ["Layout", round(payload.layout.size.width) + " × " + round(payload.layout.size.height) + " pt"],
      ["Lines", (payload.layout.lines || []).length], ["Links", (payload.layout.links || []).length]];
    elements.geometry.replaceChildren(...geometry.flatMap(([term, value]) => {
      const dt = document.createElement("dt");
      dt.textContent = term;
      const dd = document.createElement("dd");
      dd.textContent = String(value);
      return [dt, dd];
    }));
    listLinks(payload.layout.links || []);
    setStatus("ready", "Rendered " + image.width + " × " + image.height + " px in " + Math.round(milliseconds) + " ms");
  }

  /**
   * Shows why a render failed; the last good preview stays, dimmed.
   * @param {{status: number, message: string, markup: (object|null)}} error The error.
   */
  function showFailure(error) {
    $("preview-frame").classList.add("stale");
    showMarkupError(error.markup);
    const prefix = error.markup ? "Markup error" : error.status ? "Error " + error.status : "Error";
    setStatus("error", prefix + ": " + error.message);
  }

  /**
   * Rounds to two decimals for display.
   * @param {number} value A number.
   * @returns {number} The rounded number.
   */
  function round(value) {
    return Math.round(value * 100) / 100;
  }

  /**
   * Lists the links as buttons that hit-test their centre, for keyboard users.
   * @param {object[]} links The layout's links.
   */
  function listLinks(links) {
    elements.linkList.replaceChildren(...links.map((link) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "small";
      button.textContent = "Link " + link.index + (link.target ? ": " + link.target : "");
      button.addEventListener("click", () => {
        const point = preview.linkCentre(link.index);
        if (point) hitTest(point);
      });
      item.appendChild(button);
      return item;
    }));
  }

  // MARK: Hit-testing

  /**
   * Hit-tests a layout point and shows the link and character under it.
   * @param {{x: number, y: number}} point The point, in layout points.
   */
  async function hitTest(point) {
    const state = currentState();
    const show = (id, text) => { $(id).textContent = text; };
    show("hit-point", point.x.toFixed(2) + ", " + point.y.toFixed(2) + " pt");
    const request = Galley.Api.buildRequest(state, { points: [point] });
    const tolerance = $("hit-tolerance").value.trim();
    if (tolerance !== "") request.tolerance = Galley.Api.encode("number", tolerance);
    const [hits, text] = await Promise.all([
      Galley.Api.send("POST", "v1/hit", request),
      formattedText(state),
    ]);
    if (!hits.ok) {
      show("hit-link", "Error: " + hits.error.message);
      return;
    }
    const hit = (await hits.response.json())[0] || {};
    const layout = preview.current() && preview.current().layout;
    const link = hit.link === null || hit.link === undefined ? null
      : ((layout && layout.links) || []).find((item) => item.index === hit.link);
    show("hit-link", hit.link === null || hit.link === undefined ? "none" : String(hit.link));
    show("hit-target", link ? link.target || "(no target)" : "–");
    $("hit").dataset.link = hit.link === null || hit.link === undefined ? "" : String(hit.link);
    show("hit-character", describeCharacter(hit, text));
  }

  /**
   * Describes the character a hit landed on.
   * @param {object} hit One answer of `/v1/hit`.
   * @param {string|null} text The formatted text.
   * @returns {string} The character, its UTF-16 index and whether it is in the token.
   */
  function describeCharacter(hit, text) {
    if (hit.characterIndex === null || hit.characterIndex === undefined) {
      return "none (caret at " + hit.caretIndex + ")";
    }
    const index = hit.characterIndex;
    const character = text ? String.fromCodePoint(text.codePointAt(index)) : "?";
    const shown = character === " " ? "space" : character === "\n" ? "line break" : "“" + character + "”";
    return shown + " at " + index + (hit.inToken ? " (in the truncation token)" : "");
  }

  /**
   * The formatted text of a state, from `/v1/format`, cached until the next render.
   * @param {object} state The state.
   * @returns {Promise<string|null>} The text.
   */
  async function formattedText(state) {
    if (lastText !== null) return lastText;
    const result = await Galley.Api.send("POST", "v1/format", Galley.Api.buildRequest(state, {}));
    if (!result.ok) return null;
    lastText = (await result.response.json()).text;
    return lastText;
  }

  // MARK: Actions

  /**
   * Downloads the label as a file.
   * @param {string} format png, svg or pdf.
   */
  async function download(format) {
    setStatus(document.body.dataset.preview, "Preparing " + format.toUpperCase() + "…");
    const result = await Galley.Api.send("POST", "v1/render", Galley.Api.buildRequest(currentState(), { format }));
    if (!result.ok) {
      showFailure(result.error);
      return;
    }
    const url = URL.createObjectURL(await result.response.blob());
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = "galley-label." + format;
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    setStatus(document.body.dataset.preview, "Downloaded galley-label." + format);
  }

  /** Copies the link to this state. */
  async function copyLink() {
    history.replaceState(null, "", Galley.ShareState.fragment(currentState()));
    elements.share.value = location.href;
    try {
      await navigator.clipboard.writeText(location.href);
      setStatus(document.body.dataset.preview, "Link copied to the clipboard");
    } catch (error) {
      elements.share.focus();
      elements.share.select();
      setStatus(document.body.dataset.preview, "Copy the selected link below");
    }
  }

  // MARK: Start-up

  /** Connects every control to its handler. */
  function wire() {
    elements.markup.addEventListener("input", () => { showMarkupError(null); scheduleRender(); });
    elements.markup.addEventListener("scroll", highlight);
    for (const box of [elements.plain, elements.lenient]) {
      box.addEventListener("change", () => { highlight(); scheduleRender(); });
    }
    for (const table of [elements.fontTable, elements.colorTable, elements.options]) {
      table.addEventListener("input", scheduleRender);
      table.addEventListener("change", scheduleRender);
    }
    $("add-font").addEventListener("click", () => { addRow(elements.fontTable, "DejaVu Sans", "F"); scheduleRender(); });
    $("add-color").addEventListener("click", () => { addRow(elements.colorTable, "#1A5FB4", "C"); scheduleRender(); });
    $("show-overlay").addEventListener("change", (event) => preview.setOverlay(event.target.checked));
    $("zoom").addEventListener("change", (event) => preview.setZoom(Number(event.target.value)));
    $("copy-link").addEventListener("click", copyLink);
    for (const format of ["png", "svg", "pdf"]) $("download-" + format).addEventListener("click", () => download(format));
    $("preset").addEventListener("change", (event) => {
      const preset = Galley.Presets.find((item) => item.id === event.target.value);
      if (preset) applyState(preset.state);
    });
    $("font-lookup").addEventListener("submit", (event) => {
      event.preventDefault();
      Galley.FontLookup.lookUp({ family: $("lookup-family").value, weight: $("lookup-weight").value,
        italic: $("lookup-italic").checked }, $("font-result"), elements.families);
    });
    window.addEventListener("hashchange", restoreFromURL);
    window.addEventListener("resize", highlight);
  }

  /**
   * Restores the state in the URL, or starts from the first preset.
   * @returns {boolean} Whether the URL held a state.
   */
  function restoreFromURL() {
    const parsed = Galley.ShareState.parse(location.hash);
    if (parsed.state) {
      applyState(parsed.state);
      return true;
    }
    if (parsed.error) setStatus("error", "Cannot open this link: " + parsed.error);
    return false;
  }

  /** What tests and the console may read: the page's state. */
  Galley.Playground = { state: currentState };

  Galley.OptionsTable.build(elements.options);
  for (const preset of Galley.Presets) {
    const option = document.createElement("option");
    option.value = preset.id;
    option.textContent = preset.title;
    $("preset").appendChild(option);
  }
  wire();
  if (!restoreFromURL()) applyState(Galley.Presets[0].state);
  Galley.FontLookup.loadFamilies(elements.families);
})();
