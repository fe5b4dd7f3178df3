import Foundation

/// Reads Apple `.stringsdict` files (XML property lists of plural rules) with Foundation's
/// property-list reader: each key's `NSStringLocalizedFormatKey` expanded at every plural
/// form of its variables (``PluralExpansion``).
enum StringsDictReader {
  /// Reads one file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name.
  ///   - sourceLocale: The locale of `Base.lproj`.
  /// - Returns: The catalog.
  /// - Throws: ``CatalogError`` for a file outside an `.lproj` folder, one that does not
  ///   read, or a key without a format.
  static func read(
    _ bytes: [UInt8], file: String, sourceLocale: String
  ) throws(CatalogError) -> [Catalog] {
    let (locale, isSource) = try AppleLocale.of(file: file, sourceLocale: sourceLocale)
    let text = try CatalogText(bytes, file: file)
    let root = try PropertyListText.dictionary(text.string, file: file)
    var entries: [CatalogEntry] = []
    for key in root.keys.sorted() {
      guard let rule = root[key] as? [String: Any],
        let format = rule["NSStringLocalizedFormatKey"] as? String
      else {
        throw CatalogError(file: file, "\(key) has no NSStringLocalizedFormatKey string")
      }
      var variables: [String: PluralExpansion.Variable] = [:]
      for (name, value) in rule where name != "NSStringLocalizedFormatKey" {
        guard let spec = value as? [String: Any] else { continue }
        var forms: [String: String] = [:]
        for category in PluralExpansion.categories {
          if let form = spec[category] as? String { forms[category] = form }
        }
        variables[name] = PluralExpansion.Variable(forms: forms, argument: nil)
      }
      let found = text.position(after: "<key>\(escapeXML(key))</key>")
      for (form, value) in PluralExpansion.expand(format, variables: variables) {
        entries.append(
          CatalogEntry(
            key: key, table: AppleLocale.table(of: file), form: form, value: value,
            line: found?.line ?? 0))
      }
    }
    return [
      Catalog(
        file: file, format: .stringsdict, locale: locale, isSource: isSource, entries: entries)
    ]
  }

  /// Text as XML writes it between tags.
  static func escapeXML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
