// `TextColor`, `FontWeight` and `UnderlineStyle` live in GalleyStyle, which Fonts, Layout and
// Render share. They are part of GalleyMarkup's API (runs carry them), so `import GalleyMarkup`
// brings them in as it did before they moved; their old qualified names
// (`GalleyMarkup.TextColor`) resolve through the re-export too.
@_exported import GalleyStyle
