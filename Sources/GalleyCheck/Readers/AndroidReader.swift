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
    let parser = XMLParser(data: Data(bytes))
    parser.delegate = collector
    parser.shouldProcessNamespaces = false
    if !parser.parse() || collector.failure != nil {
      throw CatalogError(
        file: file, line: parser.lineNumber,
        collector.failure ?? "is not well-formed XML (\(XMLFailure.describe(parser.parserError)))")
    }
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
    var failure: String?
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
          failure = "<\(name)> has no name attribute"
          parser.abortParsing()
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

/// Words for an `XMLParser` error.
enum XMLFailure {
  /// The error's description, or a general phrase.
  static func describe(_ error: (any Error)?) -> String {
    guard let error else { return "parsing stopped" }
    return (error as NSError).localizedDescription
  }
}
