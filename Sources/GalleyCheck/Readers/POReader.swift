/// Reads gettext catalogs: `.po` files (a translation, and the source strings its `msgid`s
/// hold) and `.pot` templates (the source strings alone).
///
/// A message's key is its `msgid`, its table its `msgctxt` (or `""`). Plural messages have the
/// forms `[0]`, `[1]`, …: the source's `[0]` is `msgid` and `[1]` `msgid_plural`; a
/// translation's `[n]` is `msgstr[n]`. Fuzzy and empty translations are not used by gettext,
/// so they count as missing; obsolete (`#~`) messages are skipped. The locale is the header's
/// `Language`, else the file's name (`de.po`), else its folder's (`de/LC_MESSAGES/app.po`).
enum POReader {
  /// One message as the file spells it.
  struct Message {
    var context: String?
    var id: [String] = []
    var idPlural: [String]?
    var strings: [Int: [String]] = [:]
    var isFuzzy = false
    var line = 0
    var stringPositions: [Int: (line: Int, column: Int)] = [:]
  }

  /// Reads one file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name.
  ///   - sourceLocale: The locale of the `msgid`s.
  /// - Returns: The source catalog and, for a `.po` file, the translation.
  /// - Throws: ``CatalogError`` naming the line of a syntax error, or for a `.po` file whose
  ///   locale is unknown.
  static func read(
    _ bytes: [UInt8], file: String, sourceLocale: String
  ) throws(CatalogError) -> [Catalog] {
    let text = try CatalogText(bytes, file: file)
    let messages = try POParser.parse(text.string, file: file)
    var source: [CatalogEntry] = []
    var translation: [CatalogEntry] = []
    var language: String?
    for message in messages {
      let id = message.id.joined()
      if id.isEmpty, message.context == nil {
        language = header(message.strings[0]?.joined() ?? "", field: "Language")
        continue
      }
      let table = message.context ?? ""
      if let plural = message.idPlural?.joined() {
        source.append(
          CatalogEntry(key: id, table: table, form: "[0]", value: id, line: message.line))
        source.append(
          CatalogEntry(key: id, table: table, form: "[1]", value: plural, line: message.line))
      } else {
        source.append(CatalogEntry(key: id, table: table, value: id, line: message.line))
      }
      guard !message.isFuzzy else { continue }
      for (index, parts) in message.strings.sorted(by: { $0.key < $1.key }) {
        let value = parts.joined()
        guard !value.isEmpty else { continue }
        let position = message.stringPositions[index] ?? (message.line, 0)
        translation.append(
          CatalogEntry(
            key: id, table: table, form: message.idPlural == nil ? nil : "[\(index)]",
            value: value, line: position.line, column: position.column))
      }
    }
    var catalogs = [
      Catalog(
        file: file, format: .gettext, locale: sourceLocale, isSource: true, entries: source)
    ]
    guard !file.hasSuffix(".pot") else { return catalogs }
    guard
      let locale = language.flatMap({ LocaleTag.canonical($0, knownLanguage: false) })
        ?? locale(of: file)
    else {
      throw CatalogError(
        file: file, "names no locale (no Language header, and its name is not a locale)")
    }
    catalogs.append(
      Catalog(
        file: file, format: .gettext, locale: locale, isSource: locale == sourceLocale,
        entries: translation))
    return catalogs
  }

  /// A header field's value (`Language: de` gives `de`), or `nil`.
  static func header(_ header: String, field: String) -> String? {
    for line in header.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingSpaces == field else { continue }
      let value = parts[1].trimmingSpaces
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// The locale a `.po` file's name or folder names.
  static func locale(of file: String) -> String? {
    let components = file.split(separator: "/")
    guard let name = components.last else { return nil }
    if let tag = LocaleTag.canonical(name.dropLast(3)) { return tag }
    for folder in components.dropLast().reversed() where folder != "LC_MESSAGES" {
      return LocaleTag.canonical(folder)
    }
    return nil
  }
}

extension Substring {
  /// The text without spaces and tabs at its ends.
  var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
