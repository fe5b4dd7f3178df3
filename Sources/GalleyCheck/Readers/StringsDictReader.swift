import Foundation

/// Reads Apple `.stringsdict` files (XML property lists of plural rules, with
/// ``PlistXMLReader``): each key's `NSStringLocalizedFormatKey` expanded at every plural form
/// of its variables (``PluralExpansion``).
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
    guard case .dictionary(let rules) = try PlistXMLReader.read(bytes, file: file) else {
      throw CatalogError(file: file, "is not a dictionary of plural rules")
    }
    var entries: [CatalogEntry] = []
    for (key, rule, line) in rules {
      guard let format = rule["NSStringLocalizedFormatKey"]?.string,
        case .dictionary(let fields) = rule
      else {
        throw CatalogError(
          file: file, line: line, "\(key) has no NSStringLocalizedFormatKey string")
      }
      var variables: [String: PluralExpansion.Variable] = [:]
      for (name, spec, _) in fields where name != "NSStringLocalizedFormatKey" {
        var forms: [String: String] = [:]
        for category in PluralExpansion.categories {
          if let form = spec[category]?.string { forms[category] = form }
        }
        variables[name] = PluralExpansion.Variable(forms: forms, argument: nil)
      }
      for (form, value) in PluralExpansion.expand(format, variables: variables) {
        entries.append(
          CatalogEntry(
            key: key, table: AppleLocale.table(of: file), form: form, value: value, line: line))
      }
    }
    return [
      Catalog(
        file: file, format: .stringsdict, locale: locale, isSource: isSource, entries: entries)
    ]
  }
}
