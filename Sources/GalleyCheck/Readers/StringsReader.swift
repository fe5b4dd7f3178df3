import Foundation

/// Reads Apple `.strings` files (old-style property lists, UTF-8 or UTF-16) with Foundation's
/// property-list reader; the locale is the `.lproj` folder's, the table the file's name.
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
    let strings = try PropertyListText.dictionary(text.string, file: file)
    var entries: [CatalogEntry] = []
    for (key, value) in strings {
      guard let value = value as? String else {
        throw CatalogError(file: file, "the value of \(quoted(key)) is not a string")
      }
      let position = position(of: key, in: text)
      entries.append(
        CatalogEntry(
          key: key, table: AppleLocale.table(of: file), value: value, line: position.line,
          column: position.column))
    }
    entries.sort { ($0.line, $0.key) < ($1.line, $1.key) }
    return [
      Catalog(
        file: file, format: .strings, locale: locale, isSource: isSource, entries: entries)
    ]
  }

  /// Where a key's value starts: after the quote that opens it, past the key and `=`.
  private static func position(of key: String, in text: CatalogText) -> (line: Int, column: Int) {
    let escaped = key.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    guard let found = text.position(after: "\"\(escaped)\"") ?? text.position(after: key),
      let equals = text.find("=", from: found.offset),
      let quote = text.position(after: "\"", from: equals)
    else { return (0, 0) }
    let (line, column) = text.position(ofUTF8Offset: quote.offset)
    return (line, column)
  }

  static func quoted(_ key: String) -> String { "\"\(key)\"" }
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

/// Foundation's property-list reader over a catalog's text.
enum PropertyListText {
  /// The dictionary at the root of a property list (old-style or XML).
  ///
  /// - Throws: ``CatalogError`` with Foundation's reason for a list that does not read or
  ///   whose root is not a dictionary.
  static func dictionary(_ text: String, file: String) throws(CatalogError) -> [String: Any] {
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(
        from: Data(text.utf8), options: [], format: nil)
    } catch {
      throw CatalogError(file: file, "is not a property list: \(reason(error))")
    }
    guard let dictionary = root as? [String: Any] else {
      throw CatalogError(file: file, "is not a dictionary of strings")
    }
    return dictionary
  }

  /// The innermost reason Foundation gives, such as `Missing ';' on line 2`.
  private static func reason(_ error: any Error) -> String {
    var error = error as NSError
    while let inner = error.userInfo.values.lazy.compactMap({ $0 as? NSError }).first {
      error = inner
    }
    return (error.userInfo[NSDebugDescriptionErrorKey] as? String)
      ?? error.localizedDescription
  }
}
