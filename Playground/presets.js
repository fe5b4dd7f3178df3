// Example labels, each a whole page state: markup, tables and the options that differ from the
// CLI's defaults.
"use strict";

window.Galley = window.Galley || {};

Galley.Presets = [
  {
    id: "da-codes",
    title: "DA codes: fonts, colors, links",
    state: {
      markup: "Read %{https://example.com/guide}L%0C%1Uthe guide%u%c%l, then try %Bbold%b, " +
        "%Iitalic%i, %Xstruck%x, %2U%1Cdouble%c%u, %{24}Sbig%s, %{-4}R%{10}Slow%s%r " +
        "and %1Fserif %{600}Wsemibold%w%f text; %{30}K%0Dspaced%d%k. 100%% sure.",
      fonts: ["DejaVu Sans", "DejaVu Serif"],
      colors: ["#1A5FB4", "#C01C28"],
      options: { values: { width: "320", size: "17", scale: "2", padding: "6", background: "#FFFFFF" }, effects: [] },
    },
  },
  {
    id: "fxlabel",
    title: "FXLabel effects: gradient, shadow, inner shadow",
    state: {
      markup: "%BFXLabel%b effects",
      fonts: [],
      colors: [],
      options: {
        values: {
          family: "DejaVu Sans", size: "44", scale: "2", padding: "8", background: "#20242C",
          gradient: "#FFE27A,#FF8A00@0.6,#D1390B", shadowOffset: "0,3", shadowBlur: "4",
          shadowColor: "#000000C0", innerShadowOffset: "0,1", innerShadowBlur: "1",
          innerShadowColor: "#FFFFFFA0",
        },
        effects: ["gradient", "shadow", "innerShadow"],
      },
    },
  },
  {
    id: "game",
    title: "Outlined game label",
    state: {
      markup: "%{900}WLEVEL UP!%w\n%{20}S+250 XP",
      fonts: [],
      colors: [],
      options: {
        values: {
          family: "DejaVu Sans", size: "48", color: "#FFE14D", align: "center", scale: "2",
          padding: "6", outlineWidth: "5", outlineColor: "#3A1500",
          shadowOffset: "0,4", shadowBlur: "0", shadowColor: "#3A1500", glowBlur: "10",
          glowColor: "#FFB000A0",
        },
        effects: ["outline", "shadow", "glow"],
      },
    },
  },
  {
    id: "truncated",
    title: "Truncated label with a “more” link",
    state: {
      markup: "Galley lays out labels the way UIKit apps expect: lines that wrap at word " +
        "boundaries, a maximum number of lines, and a truncation token that can hold a link, " +
        "so the reader can tap to see the rest of this rather long description.",
      fonts: [],
      colors: [],
      options: {
        values: {
          family: "DejaVu Sans", size: "15", width: "280", maxLines: "2", truncate: "tail",
          truncationToken: "… %{more}Lmore%l", linkColor: "#1A5FB4", scale: "2", padding: "4",
          background: "#FFFFFF",
        },
        effects: [],
      },
    },
  },
  {
    id: "bidi",
    title: "Mixed direction: Hebrew and English",
    state: {
      markup: "Galley says %Bשלום עולם%b to %{https://example.com/he}Lthe world%l — " +
        "גרסה 2.0 של %Igalley%i תומכת בטקסט דו-כיווני.",
      fonts: [],
      colors: [],
      options: {
        values: { family: "DejaVu Sans", size: "20", width: "320", scale: "2", padding: "6", background: "#FFFFFF" },
        effects: [],
      },
    },
  },
];
