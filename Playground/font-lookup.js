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
    const known = await loadFamilies(datalist);
    const family = known.find((item) => item.name === face.family);
    if (family) children.push(ladderTable(family));
    output.replaceChildren(...children);
  }

  return { lookUp, loadFamilies };
})();
