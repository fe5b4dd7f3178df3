// The font lookup panel: family, weight and italic → the face `GET /v1/font` resolves, and the
// weight ladder of its family from `GET /v1/fonts`, which also fills the family suggestions.
"use strict";

window.Galley = window.Galley || {};

Galley.FontLookup = (function () {
  let families = null;

  /**
   * Adds a term and its description to a definition list.
   * @param {HTMLDListElement} list The list.
   * @param {string} term The term.
   * @param {string} description The description.
   */
  function define(list, term, description) {
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = description;
    list.append(dt, dd);
  }

  /**
   * Loads the installed families once and fills the family suggestions.
   * @param {HTMLDataListElement} datalist The suggestions.
   * @returns {Promise<object[]>} The families of `GET /v1/fonts` (empty on failure).
   */
  async function loadFamilies(datalist) {
    if (families) return families;
    const result = await Galley.Api.send("GET", "v1/fonts", null);
    if (!result.ok) return [];
    const payload = await result.response.json();
    families = Array.isArray(payload.families) ? payload.families : [];
    const options = families.map((family) => {
      const option = document.createElement("option");
      option.value = family.name;
      return option;
    });
    for (const generic of ["sans-serif", "serif", "monospace"]) {
      const option = document.createElement("option");
      option.value = generic;
      options.push(option);
    }
    datalist.replaceChildren(...options);
    return families;
  }

  /**
   * Draws a family's weight ladder as a table.
   * @param {object} family A family of `GET /v1/fonts`.
   * @returns {HTMLTableElement} The table.
   */
  function ladderTable(family) {
    const table = document.createElement("table");
    table.className = "ladder";
    table.dataset.testid = "font-ladder";
    const caption = document.createElement("caption");
    caption.textContent = "Weight ladder of " + family.name;
    const head = document.createElement("tr");
    for (const title of ["Step", "Face", "Weight", "Synthesized bold"]) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = title;
      head.appendChild(th);
    }
    table.append(caption, head);
    for (const rung of family.ladder || []) {
      const row = document.createElement("tr");
      for (const value of [rung.step, rung.style, rung.weight, rung.synthesizedBold ? "yes" : "no"]) {
        const td = document.createElement("td");
        td.textContent = String(value);
        row.appendChild(td);
      }
      table.appendChild(row);
    }
    return table;
  }

  /**
   * Reads `tag=value` items of a coordinate list (HarfBuzz's form), in order; items in other
   * forms are dropped, since the sliders write HarfBuzz's form back.
   * @param {string} text The list, such as "wght=550,opsz=20".
   * @returns {Map<string, string>} The values by tag.
   */
  function coordinates(text) {
    const values = new Map();
    for (const item of text.split(",")) {
      const match = /^\s*([\x20-\x7e]{1,4}?)\s*=\s*(-?[0-9.]+)\s*$/.exec(item);
      if (match) values.set(match[1], match[2]);
    }
    return values;
  }

  /**
   * One slider per design axis of a variable face: moving one sets its tag in the page's
   * "Axis coordinates" option (`layout.variations`), which renders again.
   * @param {object[]} axes The face's axes (tag, min, default, max) from `GET /v1/font`.
   * @param {string} name The face's name, for the group's legend.
   * @returns {HTMLFieldSetElement} The sliders.
   */
  function axisSliders(axes, name) {
    const group = document.createElement("fieldset");
    group.className = "axes";
    group.dataset.testid = "font-axes";
    const legend = document.createElement("legend");
    legend.textContent = "Axes of " + name + " (set in Axis coordinates)";
    group.appendChild(legend);
    const field = document.querySelector('[data-testid="option-variations"]');
    for (const axis of axes) {
      const id = "axis-" + axis.tag.replace(/[^A-Za-z0-9]/g, "_");
      const label = document.createElement("label");
      label.htmlFor = id;
      const slider = document.createElement("input");
      slider.type = "range";
      slider.id = id;
      slider.dataset.testid = id;
      slider.min = String(axis.min);
      slider.max = String(axis.max);
      slider.step = axis.max - axis.min > 20 ? "1" : "0.1";
      const set = field ? coordinates(field.value).get(axis.tag) : undefined;
      slider.value = set !== undefined ? set : String(axis.default);
      const value = document.createElement("output");
      value.htmlFor = id;
      value.textContent = slider.value;
      label.textContent = axis.tag + " (" + axis.min + "…" + axis.max + ", default " + axis.default + ")";
      slider.addEventListener("input", () => {
        value.textContent = slider.value;
        if (!field) return;
        const values = coordinates(field.value);
        values.set(axis.tag, slider.value);
        field.value = [...values].map(([tag, number]) => tag + "=" + number).join(",");
        field.dispatchEvent(new Event("input", { bubbles: true }));
      });
      group.append(label, slider, value);
    }
    return group;
  }

  /**
   * Looks up a face and shows it with its family's ladder.
   * @param {{family: string, weight: string, italic: boolean}} query The question.
   * @param {HTMLElement} output Where the answer goes.
   * @param {HTMLDataListElement} datalist The family suggestions.
   */
  async function lookUp(query, output, datalist) {
    // URLSearchParams writes a space as "+", as forms do; the server reads it as a space.
    const search = new URLSearchParams({ family: query.family, weight: query.weight || "0" });
    if (query.italic) search.set("italic", "true");
    output.textContent = "Looking up…";
    const result = await Galley.Api.send("GET", "v1/font?" + search, null);
    if (!result.ok) {
      output.textContent = "Error: " + result.error.message;
      return;
    }
    const face = await result.response.json();
    const list = document.createElement("dl");
    list.className = "face";
    list.dataset.testid = "font-face";
    define(list, "Face", face.family + " " + face.style + " (" + face.postscriptName + ")");
    define(list, "Weight", face.weight + ", " + face.slant + ", width " + face.width);
    define(list, "Matched by", face.matchedBy + (face.substituted ? " (substituted)" : ""));
    const synthesized = [face.synthesizedBold && "bold", face.synthesizedItalic && "italic"].filter(Boolean);
    define(list, "Synthesized", synthesized.length ? synthesized.join(", ") : "nothing");
    const children = [list];
    if (Array.isArray(face.axes) && face.axes.length) {
      children.push(axisSliders(face.axes, face.family + " " + face.style));
    }
    const known = await loadFamilies(datalist);
    const family = known.find((item) => item.name === face.family);
    if (family) children.push(ladderTable(family));
    output.replaceChildren(...children);
  }

  return { lookUp, loadFamilies };
})();
