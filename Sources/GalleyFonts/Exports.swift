// `FontWeight` is GalleyStyle's, and GalleyFonts extends it (`FontWeight.cssWeight(_:)`), so
// `import GalleyFonts` brings it in too.
@_exported import GalleyStyle
