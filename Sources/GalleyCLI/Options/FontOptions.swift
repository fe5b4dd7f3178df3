import ArgumentParser
import GalleyFiles
import GalleyFonts

/// The options that say where fonts come from, shared by every command that resolves fonts.
struct FontOptions: ParsableArguments {
  /// The largest `--fontconfig` file read: 4 MiB.
  ///
  /// A configuration is a few kilobytes of XML; the files it includes are read by fontconfig.
  static let maximumFontconfigBytes = 4 << 20

  @Option(
    name: .customLong("fontset"), help: "A FontSets JSON file of aliases, ladders and weights.")
  var fontsets: [String] = []

  @Option(name: .customLong("font-dir"), help: "A directory of extra font files.")
  var fontDirectories: [String] = []

  @Option(name: .customLong("font-file"), help: "An extra font file.")
  var fontFiles: [String] = []

  @Option(
    name: .customLong("fontconfig"),
    help: "Use only this fontconfig configuration file, not the system's.")
  var fontconfigFile: String?

  @Flag(help: "Do not apply the built-in aliases (FontSets/aliases.json).")
  var noBuiltInAliases = false

  /// Loads the definitions and creates the font set.
  ///
  /// - Throws: ``FontSetError`` for an unusable file or directory, or a bad definition.
  func makeFontSet() throws(FontSetError) -> FontSet {
    var options = FontSet.Options()
    if let fontconfigFile {
      do {
        let xml = try BoundedFileReader.readText(
          path: fontconfigFile, limit: Self.maximumFontconfigBytes)
        options.source = .xml(xml)
      } catch {
        throw FontSetError(
          .fontconfigFailed, "fontconfig file '\(fontconfigFile)': \(error.reason)")
      }
    }
    options.fontDirectories = fontDirectories
    options.fontFiles = fontFiles
    options.includesBuiltInDefinitions = !noBuiltInAliases
    for file in fontsets { options.definitions.append(try .load(contentsOf: file)) }
    return try FontSet(options: options)
  }
}

/// JSON records for faces, shared by `galley font` and `galley fonts`.
struct FaceRecord: Encodable {
  var file: String
  var index: Int
  var family: String
  var style: String
  var postscriptName: String
  var weight: Int
  var slant: String
  var width: Int
  var color: Bool

  init(_ face: FaceDescriptor) {
    file = face.file
    index = face.index
    family = face.family
    style = face.style
    postscriptName = face.postscriptName
    weight = face.weight
    slant = face.slant.rawValue
    width = face.width
    color = face.isColor
  }
}

/// A resolved face as `galley font --json` prints it: the face's keys, then how it was found.
struct ResolvedFaceRecord: Encodable {
  var face: FaceRecord
  var italic: Bool
  var synthesizedItalic: Bool
  var synthesizedBold: Bool
  var substituted: Bool
  var matchedBy: String
  var requestedFamily: String
  var requestedWeight: Int

  init(_ resolved: ResolvedFace) {
    face = FaceRecord(resolved.face)
    italic = resolved.face.slant != .upright
    synthesizedItalic = resolved.synthesizedItalic
    synthesizedBold = resolved.synthesizedBold
    substituted = resolved.isSubstituted
    matchedBy = resolved.matchedBy.rawValue
    requestedFamily = resolved.requestedFamily
    requestedWeight = resolved.requestedWeight
  }

  private enum CodingKeys: String, CodingKey {
    case italic, synthesizedItalic, synthesizedBold, substituted, matchedBy
    case requestedFamily, requestedWeight
  }

  func encode(to encoder: any Encoder) throws {
    try face.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(italic, forKey: .italic)
    try container.encode(synthesizedItalic, forKey: .synthesizedItalic)
    try container.encode(synthesizedBold, forKey: .synthesizedBold)
    try container.encode(substituted, forKey: .substituted)
    try container.encode(matchedBy, forKey: .matchedBy)
    try container.encode(requestedFamily, forKey: .requestedFamily)
    try container.encode(requestedWeight, forKey: .requestedWeight)
  }
}

extension Diagnostics {
  /// The message for a font problem: `error: message`, with suggestions.
  static func render(_ error: FontSetError) -> String {
    "error: \(error)"
  }
}

extension JSONOutput {
  /// `{"schemaVersion": 1, "error": {"kind", "message", "suggestions"}}`.
  static func errorDocument(_ error: FontSetError) -> String {
    encodeDocument(
      FontErrorDocument(
        error: .init(
          kind: error.kind.rawValue, message: error.message, suggestions: error.suggestions)
      ))
  }
}

private struct FontErrorDocument: Encodable {
  struct Detail: Encodable {
    var kind: String
    var message: String
    var suggestions: [String]
  }
  var schemaVersion = 1
  var error: Detail
}
