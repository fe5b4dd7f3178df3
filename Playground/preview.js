// The preview: the rendered image, an SVG overlay in layout points (line boxes, baselines and
// link rectangles) and the mapping from a click on the image to a layout point.
// Image pixel = (layout point + origin) × scale, as `galley render --json` documents.
"use strict";

window.Galley = window.Galley || {};

Galley.Preview = (function () {
  const svgNamespace = "http://www.w3.org/2000/svg";

  /**
   * Makes an SVG element.
   * @param {string} name The tag.
   * @param {Object<string, (string|number)>} attributes Its attributes.
   * @returns {SVGElement} The element.
   */
  function svg(name, attributes) {
    const element = document.createElementNS(svgNamespace, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
    return element;
  }

  /**
   * Creates the preview controller.
   * @param {{image: HTMLImageElement, overlay: SVGSVGElement, stage: HTMLElement,
   *   onHit: function({x: number, y: number}): void}} parts The elements, and what a click does.
   * @returns {object} `show`, `setOverlay`, `setZoom`, `linkCentre` and `current`.
   */
  function create(parts) {
    const { image, overlay, stage } = parts;
    let current = null;
    let zoom = 1;

    /** Sizes the image and overlay: one image pixel is 1/scale CSS pixels, times the zoom. */
    function applySize() {
      if (!current) return;
      const geometry = current.image;
      const width = (geometry.width / geometry.scale) * zoom;
      const height = (geometry.height / geometry.scale) * zoom;
      for (const element of [image, overlay, stage]) {
        element.style.width = width + "px";
        element.style.height = height + "px";
      }
    }

    /**
     * Draws the line boxes, baselines and link rectangles of a layout.
     * @param {object} layout The layout document.
     */
    function drawOverlay(layout) {
      const geometry = current.image;
      overlay.setAttribute("viewBox", [-geometry.originX, -geometry.originY,
        geometry.width / geometry.scale, geometry.height / geometry.scale].join(" "));
      const children = [];
      for (const [index, line] of (layout.lines || []).entries()) {
        children.push(svg("rect", { class: "line-box", x: line.x, y: line.y, width: Math.max(line.width, 0.5), height: line.height, "data-testid": "line-box-" + index }));
        children.push(svg("line", { class: "baseline", x1: line.x, x2: line.x + line.width, y1: line.baseline, y2: line.baseline }));
      }
      for (const link of layout.links || []) {
        // Transformed glyphs: one quadrilateral per glyph box; otherwise one rectangle per line.
        const shapes = link.quads && link.quads.length
          ? link.quads.map((quad) => svg("polygon", { points: quad.map((point) => point.x + "," + point.y).join(" ") }))
          : (link.rects || []).map((rect) => svg("rect", { x: rect.x, y: rect.y, width: rect.width, height: rect.height }));
        for (const element of shapes) {
          element.setAttribute("class", "link-rect");
          element.setAttribute("data-link", String(link.index));
          element.setAttribute("data-testid", "link-rect-" + link.index);
          const title = svg("title", {});
          title.textContent = "Link " + link.index + (link.target ? ": " + link.target : "");
          element.appendChild(title);
          children.push(element);
        }
      }
      overlay.replaceChildren(...children);
    }

    /**
     * Shows a rendered label.
     * @param {{src: string, image: object, layout: object}} result The image's URL, its
     *   geometry (width, height, scale, originX, originY) and the layout.
     */
    function show(result) {
      current = result;
      image.src = result.src;
      image.dataset.width = String(result.image.width);
      image.dataset.height = String(result.image.height);
      applySize();
      drawOverlay(result.layout);
    }

    /**
     * The layout point under a client position.
     * @param {number} clientX The x of a mouse event.
     * @param {number} clientY The y of a mouse event.
     * @returns {{x: number, y: number}|null} The point, in layout points.
     */
    function layoutPoint(clientX, clientY) {
      if (!current) return null;
      const box = image.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return null;
      const geometry = current.image;
      const x = ((clientX - box.left) / box.width) * (geometry.width / geometry.scale) - geometry.originX;
      const y = ((clientY - box.top) / box.height) * (geometry.height / geometry.scale) - geometry.originY;
      return { x: Math.round(x * 64) / 64, y: Math.round(y * 64) / 64 };
    }

    /**
     * The centre of a link's first rectangle, in layout points.
     * @param {number} index The link's index.
     * @returns {{x: number, y: number}|null} The point.
     */
    function linkCentre(index) {
      const link = current && (current.layout.links || []).find((item) => item.index === index);
      const rect = link && link.rects && link.rects[0];
      return rect ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null;
    }

    stage.addEventListener("click", (event) => {
      const point = layoutPoint(event.clientX, event.clientY);
      if (point) parts.onHit(point);
    });

    return {
      show,
      linkCentre,
      current: () => current,
      setOverlay(visible) { overlay.classList.toggle("visible", visible); },
      setZoom(value) { zoom = value; applySize(); },
    };
  }

  return { create };
})();
