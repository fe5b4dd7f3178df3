import GalleyFonts

let fonts = try FontSet()  // the system's fontconfig configuration
let resolved = try fonts.resolve(family: "Lato", weight: -1, italic: true)
let face = resolved.face
print(face.file)  // /usr/share/fonts/truetype/lato/Lato-LightItalic.ttf
print(face.family, face.style, face.weight)  // Lato Light Italic 300
print(resolved.matchedBy, resolved.synthesizedItalic, resolved.synthesizedBold)
// installed false false

// DAFontSet's relative changes keep the family and change one thing.
let heavier = fonts.changingWeight(of: resolved, by: 1)  // Lato's next weight up, 400
print(heavier.face.style, fonts.upright(of: heavier).face.style)  // Italic Regular

// An unknown family is an error in strict mode, with suggestions.
do {
  _ = try fonts.resolve(family: "Latto", strict: true)
} catch {
  print(error.kind, error.suggestions)  // unknownFamily ["Lato"]
}

// Fallback: the face that draws each run of a text.
let primary = try fonts.resolve(family: "DejaVu Sans")
for run in fonts.fallbackRuns(for: "Hi 男孩 😀", primary: primary) {
  print(run.utf16Range, run.face?.family ?? "no face", run.isPrimary)
}
// 0..<3 DejaVu Sans true
// 3..<5 Droid Sans Fallback false
// 5..<6 DejaVu Sans true
// 6..<8 Noto Color Emoji false
