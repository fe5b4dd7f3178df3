import Foundation

/// Reads JSON catalogs, flat or nested (i18next style): every string leaf, its key the path
/// of object keys joined with `.`, array items as forms `[n]`, and i18next's plural suffixes
/// (`_zero`, `_one`, `_two`, `_few`, `_many`, `_other`) as plural forms of the key before them.
///
/// The locale is the file's name (`de.json`, `pt_BR.json`) or, failing that, its folder's
/// (`locales/de/common.json`, whose table is then `common`).
enum JSONCatalogReader {
  /// The locale and table a path gives a JSON file, or `nil` when it names no locale.
  static func locale(of file: String) -> (locale: String, table: String)? {
    let components = file.split(separator: "/")
    guard let name = components.last else { return nil }
    let base = name.hasSuffix(".json") ? name.dropLast(5) : name[...]
    if let tag = LocaleTag.canonical(base) { return (tag, "") }
    guard components.count >= 2, let tag = LocaleTag.canonical(components[components.count - 2])
    else { return nil }
    return (tag, String(base))
  }

  /// Reads one file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name.
  ///   - sourceLocale: The source locale: the catalog of that locale holds the source.
  /// - Returns: The catalog.
  /// - Throws: ``CatalogError`` for a file whose path names no locale, or that is not a JSON
  ///   object.
  static func read(
    _ bytes: [UInt8], file: String, sourceLocale: String
  ) throws(CatalogError) -> [Catalog] {
    guard let (locale, table) = locale(of: file) else {
      throw CatalogError(
        file: file, "names no locale (name it de.json or put it in a folder named de)")
    }
    let text = try CatalogText(bytes, file: file)
    let root = try JSONText.object(text.string, file: file)
    var entries: [CatalogEntry] = []
    let positions = JSONKeyPositions(text.utf8)
    collect(
      root, path: [], positions: positions, text: text, table: table, into: &entries)
    return [
      Catalog(
        file: file, format: .json, locale: locale, isSource: locale == sourceLocale,
        entries: entries)
    ]
  }

  /// Adds the string leaves of an object, in key order, each with where the file holds it.
  private static func collect(
    _ object: [String: Any], path: [String], positions: JSONKeyPositions, text: CatalogText,
    table: String, into entries: inout [CatalogEntry]
  ) {
    for key in object.keys.sorted() {
      let keyOffset = positions.offset(of: path + [key]) ?? 0
      switch object[key] {
      case let nested as [String: Any]:
        collect(
          nested, path: path + [key], positions: positions, text: text, table: table,
          into: &entries)
      case let items as [Any]:
        for (index, item) in items.enumerated() {
          guard let string = item as? String else { continue }
          entries.append(entry(path + [key], form: "[\(index)]", string, keyOffset, text, table))
        }
      case let string as String:
        let (base, form) = plural(key)
        entries.append(entry(path + [base], form: form, string, keyOffset, text, table))
      default: continue
      }
    }
  }

  private static func entry(
    _ path: [String], form: String?, _ value: String, _ offset: Int, _ text: CatalogText,
    _ table: String
  ) -> CatalogEntry {
    let valueStart = text.position(after: ":", from: offset)
      .flatMap { text.position(after: "\"", from: $0.offset) }
    return CatalogEntry(
      key: path.joined(separator: "."), table: table, form: form, value: value,
      line: valueStart?.line ?? 0, column: valueStart?.column ?? 0)
  }

  /// A key without its plural suffix, and the suffix's category.
  private static func plural(_ key: String) -> (String, String?) {
    for category in PluralExpansion.categories where key.hasSuffix("_\(category)") {
      let base = String(key.dropLast(category.count + 1))
      if base.hasSuffix("_ordinal") {
        return (String(base.dropLast("_ordinal".count)), "ordinal.\(category)")
      }
      return (base, category)
    }
    return (key, nil)
  }
}
