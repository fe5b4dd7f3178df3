import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads Android string resources (`res/values*/*.xml`): `<string>`, `<plurals>` (each
/// `<item quantity>` a form) and `<string-array>` (each `<item>` a form `[n]`), with their
/// escapes, inline markup (`<b>`, `<xliff:g>`: their text is kept) and `translatable="false"`.
///
/// The locale is the folder's (``LocaleTag/android(folder:)``); `values` holds the source.
enum AndroidReader {
  /// Reads one file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name.
  ///   - sourceLocale: The locale of `values`.
  /// - Returns: The catalog, or `nil` for a folder whose qualifiers are not a locale.
  /// - Throws: ``CatalogError`` for XML that is not well-formed or not `<resources>`.
  static func read(
    _ bytes: [UInt8], file: String, sourceLocale: String
  ) throws(CatalogError) -> [Catalog] {
    let folder = file.split(separator: "/").dropLast().last ?? ""
    guard let tag = LocaleTag.android(folder: folder) else { return [] }
    let collector = Collector()
    try XMLFailure.parse(bytes, file: file, delegate: collector) { collector.failure }
    guard collector.sawResources else {
      throw CatalogError(file: file, "is not an Android resource file (no <resources> root)")
    }
    return [
      Catalog(
        file: file, format: .android, locale: tag.isEmpty ? sourceLocale : tag,
        isSource: tag.isEmpty, entries: collector.entries)
    ]
  }

  /// The parser's delegate: collects the entries.
  private final class Collector: NSObject, XMLParserDelegate {
    var entries: [CatalogEntry] = []
    var sawResources = false
    var failure: XMLFailure?
    /// The resource being read: its name, kind and whether it is translatable.
    private var resource: (name: String, kind: String, translatable: Bool)?
    /// The text of the string or item being read, and where it started.
    private var text: String?
    private var form: String?
    private var start = (line: 0, column: 0)
    private var itemCount = 0
    private var depth = 0

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      depth += 1
      if depth == 1 {
        sawResources = name == "resources"
        return
      }
      if text != nil { return }  // inline markup inside a string: its text is kept
      switch (depth, name) {
      case (2, "string"), (2, "plurals"), (2, "string-array"):
        guard let resourceName = attributes["name"] else {
          failure =
            failure ?? XMLFailure(line: parser.lineNumber, "<\(name)> has no name attribute")
          return
        }
        resource = (resourceName, name, attributes["translatable"] != "false")
        itemCount = 0
        if name == "string" { begin(parser, form: nil) }
      case (3, "item") where resource?.kind == "plurals":
        begin(parser, form: attributes["quantity"] ?? "other")
      case (3, "item") where resource?.kind == "string-array":
        begin(parser, form: "[\(itemCount)]")
        itemCount += 1
      default: break
      }
    }

    private func begin(_ parser: XMLParser, form: String?) {
      text = ""
      self.form = form
      start = (parser.lineNumber, parser.columnNumber)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
      failure = failure ?? XMLFailure(parser, error)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text?.append(string) }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
      text?.append(String(decoding: block, as: UTF8.self))
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      defer { depth -= 1 }
      guard let resource, let raw = text else { return }
      let ends = (name == "string" && depth == 2) || (name == "item" && depth == 3)
      guard ends else { return }
      var entry = CatalogEntry(
        key: resource.name, form: form, value: AndroidEscapes.decode(raw), line: start.line,
        column: start.column)
      entry.isTranslatable = resource.translatable
      entries.append(entry)
      text = nil
      if name == "string" { self.resource = nil }
    }
  }
}

/// The first error an `XMLParser` reports to its delegate, with its line: Foundation's
/// parser may go on after an error (and `parse()` return `true`), so its delegates keep it.
struct XMLFailure {
  /// The line of the error.
  var line: Int
  /// What is wrong, in words.
  var message: String

  /// A failure found by a delegate.
  init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }

  /// The failure for a parser's error.
  init(_ parser: XMLParser, _ error: any Error) {
    line = parser.lineNumber
    let code = (error as NSError).code
    message = "is not well-formed XML (" + (Self.reasons[code] ?? "libxml2 error \(code)") + ")"
  }

  /// Words for the libxml2 errors catalogs meet most.
  private static let reasons: [Int: String] = [
    4: "the document is empty", 5: "extra content after the root element",
    9: "a character XML does not allow", 23: "a comment is not closed",
    26: "an entity that is not declared", 39: "an attribute value without quotes",
    41: "an attribute is not closed", 57: "the XML declaration is malformed",
    63: "text is not allowed here", 68: "a name is expected", 73: "a tag is not closed",
    76: "an end tag does not match its start tag", 77: "an element is not closed",
    89: "entities that refer to themselves or expand too far",
  ]

  /// Reads bytes with a delegate, throwing the first error it kept or the parser gave.
  ///
  /// The bytes must be UTF-8 (or UTF-16 with a byte-order mark, which is converted):
  /// Foundation's parser on Linux traps on a name that is not valid UTF-8, so nothing else
  /// reaches it.
  static func parse(
    _ bytes: [UInt8], file: String, delegate: some XMLParserDelegate,
    failure: () -> XMLFailure?
  ) throws(CatalogError) {
    let text = try CatalogText(bytes, file: file)
    let parser = XMLParser(data: Data(text.string.utf8))
    parser.delegate = delegate
    let parsed = parser.parse()
    if let failure = failure() {
      throw CatalogError(file: file, line: failure.line, failure.message)
    }
    if !parsed {
      throw CatalogError(file: file, line: parser.lineNumber, "is not well-formed XML")
    }
  }
}
