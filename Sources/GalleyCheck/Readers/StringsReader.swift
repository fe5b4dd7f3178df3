import Foundation

/// Reads Apple `.strings` files (UTF-8 or UTF-16) with ``StringsParser``; the locale is the
/// `.lproj` folder's, the table the file's name.
enum StringsReader {
  /// Reads one file.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name.
  ///   - sourceLocale: The locale of `Base.lproj`.
  /// - Returns: The catalog.
  /// - Throws: ``CatalogError`` for a file outside an `.lproj` folder or one that does not
  ///   read.
  static func read(
    _ bytes: [UInt8], file: String, sourceLocale: String
  ) throws(CatalogError) -> [Catalog] {
    let (locale, isSource) = try AppleLocale.of(file: file, sourceLocale: sourceLocale)
    let text = try CatalogText(bytes, file: file)
    let table = AppleLocale.table(of: file)
    let entries = try StringsParser.parse(text.string, file: file).map {
      CatalogEntry(key: $0.key, table: table, value: $0.value, line: $0.line, column: $0.column)
    }
    return [
      Catalog(
        file: file, format: .strings, locale: locale, isSource: isSource, entries: entries)
    ]
  }
}

/// The locale and table of an Apple catalog file: the `.lproj` folder it is in and its name.
enum AppleLocale {
  /// The locale of a file in an `.lproj` folder, and whether it is the source.
  ///
  /// - Throws: ``CatalogError`` for a file in no `.lproj` folder.
  static func of(file: String, sourceLocale: String) throws(CatalogError) -> (String, Bool) {
    let folder = file.split(separator: "/").dropLast().last ?? ""
    guard let tag = LocaleTag.lproj(folder: folder) else {
      throw CatalogError(
        file: file, "is in no .lproj folder, so its locale is unknown (put it in de.lproj/…)")
    }
    let locale = tag.isEmpty ? sourceLocale : tag
    return (locale, locale == sourceLocale)
  }

  /// The table: the file's name without its extension (`Localizable`).
  static func table(of file: String) -> String {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    guard let dot = name.lastIndex(of: ".") else { return name }
    return String(name[..<dot])
  }
}
