/// The catalog formats `galley check` reads, and how a file's path says which it is.
package enum CatalogFormat: String, Hashable, Sendable, CaseIterable, Codable {
  /// Android's `res/values*/strings.xml` (any `.xml` file in a `values` folder).
  case android
  /// Apple's `.strings`: an old-style property list of keys and strings.
  case strings
  /// Apple's `.stringsdict`: an XML property list of plural rules.
  case stringsdict
  /// An Xcode string catalog, `.xcstrings` (JSON): every locale in one file.
  case xcstrings
  /// XLIFF 1.2 or 2.0 (`.xliff`, `.xlf`): sources and targets.
  case xliff
  /// gettext's `.po` (translations) and `.pot` (the template: source strings).
  case gettext
  /// Flat or nested JSON objects of strings (i18next style), `.json`.
  case json

  /// The format of a file, by its name and folder, or `nil` for a file `galley check` does
  /// not read (found in a folder, it is skipped).
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The format, or `nil`.
  package static func of(path: String) -> CatalogFormat? {
    // Bytes, not Characters: a combining mark or an emoji modifier after `/`, `.` or `-`
    // would join it into one Character, where the OpenAPI pattern (and a file system) sees
    // the separator.
    let components = Array(path.utf8).split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    guard let name = components.last, !name.isEmpty,
      let dot = name.lastIndex(of: UInt8(ascii: "."))
    else { return nil }
    let lowered = name[(dot + 1)...].map { (65...90).contains($0) ? $0 | 0x20 : $0 }
    switch String(decoding: lowered, as: UTF8.self) {
    case "strings": return .strings
    case "stringsdict": return .stringsdict
    case "xcstrings": return .xcstrings
    case "xliff", "xlf": return .xliff
    case "po", "pot": return .gettext
    case "json": return .json
    case "xml":
      guard components.count >= 2 else { return nil }
      let folder = components[components.count - 2]
      return folder.elementsEqual("values".utf8) || folder.starts(with: "values-".utf8)
        ? .android : nil
    default: return nil
    }
  }

}
