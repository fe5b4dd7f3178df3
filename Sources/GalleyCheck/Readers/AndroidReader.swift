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
    try XMLReader.parse(bytes, file: file, handler: collector)
    guard collector.sawResources else {
      throw CatalogError(file: file, "is not an Android resource file (no <resources> root)")
    }
    return [
      Catalog(
        file: file, format: .android, locale: tag.isEmpty ? sourceLocale : tag,
        isSource: tag.isEmpty, entries: collector.entries)
    ]
  }

  /// The reader's handler: collects the entries.
  private final class Collector: XMLEventHandler {
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

    func start(_ name: String, attributes: [String: String], line: Int, column: Int) {
      depth += 1
      if depth == 1 {
        sawResources = name == "resources"
        return
      }
      if text != nil { return }  // inline markup inside a string: its text is kept
      switch (depth, name) {
      case (2, "string"), (2, "plurals"), (2, "string-array"):
        guard let resourceName = attributes["name"] else {
          failure = failure ?? XMLFailure(line: line, "<\(name)> has no name attribute")
          return
        }
        resource = (resourceName, name, attributes["translatable"] != "false")
        itemCount = 0
        if name == "string" { begin(form: nil, line: line, column: column) }
      case (3, "item") where resource?.kind == "plurals":
        begin(form: attributes["quantity"] ?? "other", line: line, column: column)
      case (3, "item") where resource?.kind == "string-array":
        begin(form: "[\(itemCount)]", line: line, column: column)
        itemCount += 1
      default: break
      }
    }

    private func begin(form: String?, line: Int, column: Int) {
      text = ""
      self.form = form
      start = (line, column)
    }

    func text(_ string: String) { text?.append(string) }

    func end(_ name: String, line: Int) {
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
