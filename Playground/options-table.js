// Every layout, label-box and effect option of `galley render`, as one table: each row names
// the request field it fills (`section.field`, camelCase of the CLI's long option), the kind of
// control and the CLI's default. The form is built from this table, and the request is read
// back from it, so an option is added in one place.
"use strict";

window.Galley = window.Galley || {};

Galley.OptionsTable = (function () {
  /**
   * The option groups. A group with `effect` has a switch; its fields are sent only while the
   * switch is on, and the `value` of each field is filled in when the group is first shown.
   */
  const groups = [
    {
      title: "Text", open: true, fields: [
        { id: "fontDescription", path: "defaults.fontDescription", label: "Font description", kind: "text", placeholder: "such as Inter Semi-Bold 13 #tnum", help: "Pango's form or a fontconfig pattern; the fields below win over its parts" },
        { id: "family", path: "defaults.family", label: "Family", kind: "text", list: "family-names", placeholder: "sans-serif" },
        { id: "size", path: "defaults.size", label: "Size (pt)", kind: "number", min: 0.1, max: 1000, step: "any", placeholder: "17" },
        { id: "weight", path: "defaults.weight", label: "Weight", kind: "numberOrText", placeholder: "0", help: "−3…3, 100…1000 or a name" },
        { id: "color", path: "defaults.color", label: "Color", kind: "color", placeholder: "#000000FF" },
        { id: "textBackground", path: "defaults.background", label: "Background", kind: "color", placeholder: "none" },
        { id: "language", path: "layout.language", label: "Language", kind: "text", placeholder: "such as he, ja or th" },
        { id: "direction", path: "layout.direction", label: "Direction", kind: "choice", choices: ["auto", "ltr", "rtl"] },
        { id: "variations", path: "layout.variations", label: "Axis coordinates", kind: "text", placeholder: "such as wght=550,opsz=20", help: "HarfBuzz or CSS font-variation-settings; %{wght=550}V…%v in markup" },
        { id: "noOpticalSizing", path: "layout.noOpticalSizing", label: "Optical size stays at the default (no opsz from the size)", kind: "bool" },
        { id: "features", path: "layout.features", label: "OpenType features", kind: "text", placeholder: "such as liga=0,smcp,tnum", help: "HarfBuzz or CSS font-feature-settings; %{smcp}O…%o in markup" },
        { id: "strict", path: "strict", label: "Strict fonts (fail for a missing family)", kind: "bool" },
      ],
    },
    {
      title: "Box", open: true, fields: [
        { id: "width", path: "layout.width", label: "Width (pt)", kind: "number", min: 0, step: "any", placeholder: "unlimited", value: "300" },
        { id: "height", path: "layout.height", label: "Height (pt)", kind: "number", min: 0, step: "any", placeholder: "fit the lines" },
        { id: "insets", path: "layout.insets", label: "Insets", kind: "insets", placeholder: "top,left,bottom,right" },
        { id: "align", path: "layout.align", label: "Alignment", kind: "choice", choices: ["natural", "left", "center", "right", "justify"] },
        { id: "verticalAlign", path: "layout.verticalAlign", label: "Vertical", kind: "choice", choices: ["top", "center", "bottom"] },
        { id: "wrap", path: "layout.wrap", label: "Wrap", kind: "choice", choices: ["word", "char"] },
        { id: "wrapStyle", path: "layout.wrapStyle", label: "Wrap style", kind: "choice", choices: ["greedy", "balance", "pretty", "optimal"] },
        { id: "hyphens", path: "layout.hyphens", label: "Hyphens", kind: "choice", choices: ["manual", "auto", "none"] },
        { id: "hyphenateLimits", path: "layout.hyphenateLimits", label: "Hyphenate limits", kind: "text", placeholder: "5,2,2" },
        { id: "emergencyHyphens", path: "layout.emergencyHyphens", label: "Emergency hyphens", kind: "bool" },
        { id: "noOrphans", path: "layout.noOrphans", label: "No orphans", kind: "bool" },
      ],
    },
    {
      title: "Truncation and autoshrink", fields: [
        { id: "maxLines", path: "layout.maxLines", label: "Max lines", kind: "number", min: 0, step: 1, placeholder: "0 (no limit)" },
        { id: "truncate", path: "layout.truncate", label: "Truncate", kind: "choice", choices: ["tail", "head", "middle", "clip"] },
        { id: "truncationToken", path: "layout.truncationToken", label: "Token (markup)", kind: "text", placeholder: "…" },
        { id: "minScale", path: "layout.minScale", label: "Min scale", kind: "number", min: 0.01, max: 1, step: "any", placeholder: "1 (off)" },
        { id: "minSize", path: "layout.minSize", label: "Min size (pt)", kind: "number", min: 0, step: "any", placeholder: "0" },
      ],
    },
    {
      title: "Spacing", fields: [
        { id: "lineSpacing", path: "layout.lineSpacing", label: "Line spacing (pt)", kind: "number", step: "any", placeholder: "0" },
        { id: "lineHeightMultiple", path: "layout.lineHeightMultiple", label: "Line height ×", kind: "number", min: 0, step: "any", placeholder: "1" },
        { id: "relativeLineSpacing", path: "layout.relativeLineSpacing", label: "Line spacing (× size)", kind: "number", step: "any", placeholder: "0" },
        { id: "fontLeading", path: "layout.fontLeading", label: "Font leading", kind: "bool" },
        { id: "paragraphSpacing", path: "layout.paragraphSpacing", label: "Paragraph spacing (pt)", kind: "number", step: "any", placeholder: "0" },
        { id: "indent", path: "layout.indent", label: "First-line indent (pt)", kind: "number", step: "any", placeholder: "0" },
        { id: "characterSpacing", path: "layout.characterSpacing", label: "Character spacing (× size)", kind: "number", step: "any", placeholder: "0" },
        { id: "baselineOffset", path: "layout.baselineOffset", label: "Baseline offset (× size)", kind: "number", step: "any", placeholder: "0" },
        { id: "tabStops", path: "layout.tabStops", label: "Tab stops (pt)", kind: "numbers", placeholder: "40,120" },
        { id: "kerningTable", path: "layout.kerningTable", label: "Kerning table", kind: "json", placeholder: "{\"a\": 0.5}" },
      ],
    },
    {
      title: "Glyph typesetters", fields: [
        { id: "glyphRotation", path: "layout.glyphRotation", label: "Rotation (°, clockwise)", kind: "number", min: -180, max: 180, step: "any", slider: 1, placeholder: "0" },
        { id: "arcRadius", path: "layout.arcRadius", label: "Arc radius (pt)", kind: "number", min: -600, max: 600, step: "any", slider: 5, placeholder: "none", help: "Positive bends the ends down, negative up; not 0" },
        { id: "glyphJitter", path: "layout.glyphJitter", label: "Jitter x,y,° ", kind: "triple", placeholder: "such as 2,2,10" },
        { id: "seed", path: "layout.seed", label: "Seed", kind: "number", min: 0, step: 1, placeholder: "0" },
        { id: "glyphScale", path: "layout.glyphScale", label: "Glyph scale w,h", kind: "scale", placeholder: "1,1" },
        { id: "glyphExpansion", path: "layout.glyphExpansion", label: "Expansion ×", kind: "number", min: 0.1, max: 3, step: "any", slider: 0.05, placeholder: "1" },
        { id: "drawOrder", path: "render.drawOrder", label: "Draw order", kind: "choice", choices: ["logical", "reverse", "random"] },
      ],
    },
    {
      title: "Canvas", open: true, fields: [
        { id: "scale", path: "render.scale", label: "Scale (px/pt)", kind: "number", min: 0.1, max: 16, step: "any", placeholder: "1", value: "2" },
        { id: "background", path: "render.background", label: "Background", kind: "color", placeholder: "transparent" },
        { id: "padding", path: "render.padding", label: "Padding (pt)", kind: "number", min: 0, step: "any", placeholder: "0" },
        { id: "oversample", path: "render.oversample", label: "Oversample", kind: "number", min: 1, max: 4, step: 1, placeholder: "1" },
        { id: "linkColor", path: "render.linkColor", label: "Link color", kind: "color", placeholder: "as the text" },
        { id: "textColor", path: "render.color", label: "Text color (all text)", kind: "color", placeholder: "its own" },
        { id: "offset", path: "render.offset", label: "Offset x,y (pt, a press)", kind: "pair", placeholder: "0,0" },
        { id: "annotate", path: "render.annotate", label: "Annotate (drawn)", kind: "bool" },
        { id: "pngCompression", path: "render.pngCompression", label: "PNG compression", kind: "choice", choices: ["balanced", "fast", "smallest"] },
      ],
    },
    {
      title: "Shadow", effect: "shadow", fields: [
        { id: "shadowOffset", path: "render.shadowOffset", label: "Offset x,y (pt)", kind: "pair", value: "0,1" },
        { id: "shadowBlur", path: "render.shadowBlur", label: "Blur (pt)", kind: "number", min: 0, step: "any", value: "2" },
        { id: "shadowColor", path: "render.shadowColor", label: "Color", kind: "color", value: "#00000080" },
      ],
    },
    {
      title: "Inner shadow", effect: "innerShadow", fields: [
        { id: "innerShadowOffset", path: "render.innerShadowOffset", label: "Offset x,y (pt)", kind: "pair", value: "0,1" },
        { id: "innerShadowBlur", path: "render.innerShadowBlur", label: "Blur (pt)", kind: "number", min: 0, step: "any", value: "2" },
        { id: "innerShadowColor", path: "render.innerShadowColor", label: "Color", kind: "color", value: "#000000B0" },
      ],
    },
    {
      title: "Glow", effect: "glow", fields: [
        { id: "glowBlur", path: "render.glowBlur", label: "Blur (pt)", kind: "number", min: 0, step: "any", value: "4" },
        { id: "glowColor", path: "render.glowColor", label: "Color", kind: "color", value: "#FFFFFF" },
      ],
    },
    {
      title: "Outline", effect: "outline", fields: [
        { id: "outlineWidth", path: "render.outlineWidth", label: "Width (pt)", kind: "number", min: 0, step: "any", value: "2" },
        { id: "outlineColor", path: "render.outlineColor", label: "Color", kind: "color", value: "#000000" },
        { id: "outlineJoin", path: "render.outlineJoin", label: "Corners", kind: "choice", choices: ["round", "miter", "bevel"] },
        { id: "outlineMode", path: "render.outlineMode", label: "Shapes", kind: "choice", choices: ["connected", "glyphs"] },
      ],
    },
    {
      title: "Gradient", effect: "gradient", fields: [
        { id: "gradient", path: "render.gradient", label: "Colors", kind: "text", value: "#FF8800,#FFD000", help: "C1,C2[,…], each with an optional @offset" },
        { id: "gradientType", path: "render.gradientType", label: "Kind", kind: "choice", choices: ["linear", "radial"] },
        { id: "gradientStart", path: "render.gradientStart", label: "Start x,y (0…1)", kind: "pair", placeholder: "0.5,0" },
        { id: "gradientEnd", path: "render.gradientEnd", label: "End x,y (0…1)", kind: "pair", placeholder: "0.5,0.75" },
      ],
    },
  ];

  /** Every field, by id. */
  const fields = new Map();
  for (const group of groups) for (const field of group.fields) fields.set(field.id, { ...field, group });

  /**
   * Builds one control with its label.
   * @param {object} field The row of the table.
   * @returns {HTMLElement} The labelled control.
   */
  function buildField(field) {
    const wrapper = document.createElement("div");
    wrapper.className = "field field-" + field.kind;
    const id = "option-" + field.id;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = field.label;
    let control;
    if (field.kind === "choice") {
      control = document.createElement("select");
      const omitted = document.createElement("option");
      omitted.value = "";
      omitted.textContent = field.choices[0] + " (default)";
      control.appendChild(omitted);
      for (const choice of field.choices.slice(1)) {
        const option = document.createElement("option");
        option.value = choice;
        option.textContent = choice;
        control.appendChild(option);
      }
    } else {
      control = document.createElement("input");
      control.type = field.kind === "bool" ? "checkbox" : field.kind === "number" ? "number" : "text";
      for (const key of ["min", "max", "step", "placeholder"]) {
        if (field[key] !== undefined) control.setAttribute(key, String(field[key]));
      }
      if (field.list) control.setAttribute("list", field.list);
      if (field.kind !== "bool") control.spellcheck = false;
    }
    control.id = id;
    control.name = field.id;
    control.dataset.testid = id;
    if (field.help) {
      const help = document.createElement("span");
      help.className = "help";
      help.id = id + "-help";
      help.textContent = field.help;
      control.setAttribute("aria-describedby", help.id);
      wrapper.append(label, control, help);
    } else if (field.kind === "bool") {
      wrapper.append(control, label);
    } else {
      wrapper.append(label, control);
    }
    if (field.kind === "color") wrapper.insertBefore(buildSwatch(control, field), control.nextSibling);
    if (field.slider) wrapper.insertBefore(buildSlider(control, field), control.nextSibling);
    return wrapper;
  }

  /**
   * Builds a slider that writes into a number's text field, which stays the value sent (empty
   * for the default): the slider only moves it.
   * @param {HTMLInputElement} text The text field.
   * @param {object} field The row of the table: its min, max and slider step.
   * @returns {HTMLInputElement} The slider.
   */
  function buildSlider(text, field) {
    const slider = document.createElement("input");
    slider.type = "range";
    slider.className = "slider";
    slider.min = String(field.min);
    slider.max = String(field.max);
    slider.step = String(field.slider);
    slider.setAttribute("aria-label", field.label + " slider");
    slider.dataset.testid = "slider-" + field.id;
    const sync = () => {
      const number = Number(text.value);
      slider.value = text.value.trim() !== "" && Number.isFinite(number) ? String(number) : String(field.min < 0 ? 0 : field.min);
    };
    text.addEventListener("input", sync);
    text.addEventListener("galley:set", sync);
    slider.addEventListener("input", () => {
      text.value = slider.value;
      text.dispatchEvent(new Event("input", { bubbles: true }));
    });
    sync();
    return slider;
  }

  /**
   * Builds a color picker that writes into a color's text field (which keeps any alpha).
   * @param {HTMLInputElement} text The text field.
   * @param {object} field The row of the table.
   * @returns {HTMLInputElement} The picker.
   */
  function buildSwatch(text, field) {
    const swatch = document.createElement("input");
    swatch.type = "color";
    swatch.className = "swatch";
    swatch.setAttribute("aria-label", field.label + " picker");
    swatch.tabIndex = -1;
    const sync = () => {
      const match = /^#([0-9a-f]{6})/i.exec(text.value.trim());
      swatch.value = match ? "#" + match[1].toLowerCase() : "#000000";
    };
    text.addEventListener("input", sync);
    text.addEventListener("galley:set", sync);
    swatch.addEventListener("input", () => {
      const alpha = /^#[0-9a-f]{6}([0-9a-f]{2})$/i.exec(text.value.trim());
      text.value = swatch.value.toUpperCase() + (alpha ? alpha[1] : "");
      text.dispatchEvent(new Event("input", { bubbles: true }));
    });
    sync();
    return swatch;
  }

  /**
   * Builds every group into a form.
   * @param {HTMLFormElement} form The empty form.
   */
  function build(form) {
    for (const group of groups) {
      const details = document.createElement("details");
      details.className = "group";
      details.open = Boolean(group.open);
      const summary = document.createElement("summary");
      summary.textContent = group.title;
      details.appendChild(summary);
      const body = document.createElement("div");
      body.className = "group-body";
      if (group.effect) {
        const toggle = document.createElement("label");
        toggle.className = "check effect-toggle";
        const box = document.createElement("input");
        box.type = "checkbox";
        box.name = "effect-" + group.effect;
        box.id = "effect-" + group.effect;
        box.dataset.testid = "effect-" + group.effect;
        toggle.append(box, document.createTextNode(" Draw the " + group.title.toLowerCase()));
        body.appendChild(toggle);
      }
      for (const field of group.fields) body.appendChild(buildField(field));
      details.appendChild(body);
      form.appendChild(details);
    }
    write(form, {});
  }

  /**
   * Reads the form: the values that differ from the CLI's defaults, and the effects switched on.
   * An effect's field that was cleared is read as "" (sent as nothing), so that restoring the
   * state does not fill in its starting value again.
   * @param {HTMLFormElement} form The form.
   * @returns {{values: Object<string, (string|boolean)>, effects: string[]}} The state.
   */
  function read(form) {
    const values = {};
    const effects = [];
    for (const group of groups) {
      if (group.effect && form.elements["effect-" + group.effect].checked) effects.push(group.effect);
      for (const field of group.fields) {
        const control = form.elements[field.id];
        if (field.kind === "bool") {
          if (control.checked) values[field.id] = true;
        } else if (control.value.trim() !== "") {
          values[field.id] = control.value.trim();
        } else if (group.effect && field.value !== undefined) {
          values[field.id] = "";  // cleared on purpose: not the starting value
        }
      }
    }
    return { values, effects };
  }

  /**
   * Sets every control: the given values, and the starting value of a field that has one and
   * is missing from them (every field, when `values` is missing).
   * @param {HTMLFormElement} form The form.
   * @param {{values?: Object<string, (string|boolean)>, effects?: string[]}} state What
   *   ``read`` returned, or part of it; a missing `values` keeps the starting values.
   */
  function write(form, state) {
    const given = state.values;
    const effects = new Set(state.effects || []);
    for (const group of groups) {
      if (group.effect) form.elements["effect-" + group.effect].checked = effects.has(group.effect);
      for (const field of group.fields) {
        const control = form.elements[field.id];
        let value = given ? given[field.id] : field.value;
        if (value === undefined && group.effect) value = field.value;
        if (field.kind === "choice" && value === field.choices[0]) value = "";
        if (field.kind === "bool") control.checked = value === true;
        else control.value = value === undefined ? "" : String(value);
        control.dispatchEvent(new Event("galley:set"));
      }
    }
  }

  return { groups, fields, build, read, write };
})();
