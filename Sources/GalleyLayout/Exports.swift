// `Layout`'s glyph runs, decorations and backgrounds carry GalleyStyle's `TextColor`, so
// `import GalleyLayout` brings it in too.
@_exported import GalleyStyle
