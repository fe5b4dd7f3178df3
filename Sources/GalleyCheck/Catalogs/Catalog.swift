import GalleyTools

/// The strings of one locale read from one catalog file.
///
/// A file of a format that holds several locales (an Xcode string catalog, an XLIFF file with
/// sources and targets) gives one catalog per locale.
package struct Catalog: Hashable, Sendable {
  /// The file, as the command line or the request named it (a folder's files by their path
  /// below it).
  package var file: String
  /// The file's format.
  package var format: CatalogFormat
  /// The locale, a BCP 47 tag (`de`, `zh-Hans`, `pt-BR`), from the file's path or content.
  package var locale: String
  /// Whether these are the app's own strings in its source language (Android's `values/`,
  /// Apple's `Base.lproj`, gettext's `msgid`s, an XLIFF file's `<source>`s): what the other
  /// locales are compared with.
  package var isSource: Bool
  /// The strings, in the file's order.
  package var entries: [CatalogEntry]

  /// Creates a catalog.
  ///
  /// - Parameters:
  ///   - file: The file's name.
  ///   - format: Its format.
  ///   - locale: The locale.
  ///   - isSource: Whether it holds the source strings.
  ///   - entries: The strings.
  package init(
    file: String, format: CatalogFormat, locale: String, isSource: Bool,
    entries: [CatalogEntry]
  ) {
    self.file = file
    self.format = format
    self.locale = locale
    self.isSource = isSource
    self.entries = entries
  }
}

/// A catalog file that cannot be read: its name, the line where reading stopped when known,
/// and why.
package struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file.
  package var file: String
  /// The 1-based line, or 0 when not known.
  package var line: Int
  /// What is wrong.
  package var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - file: The file.
  ///   - line: The 1-based line, or 0.
  ///   - message: What is wrong.
  package init(file: String, line: Int = 0, _ message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  /// `file:line: message`, or `file: message` without a line.
  package var description: String {
    line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
  }
}

extension CatalogError {
  /// The failure of a catalog that does not read: `{"kind": "invalidCatalog", "file", "line",
  /// "message"}` (and `field` in a request), exit status 65 and HTTP 422.
  ///
  /// - Parameter field: The request field that holds the file (`catalogs[2]`), or `nil`.
  /// - Returns: The failure.
  package func failure(field: String? = nil) -> Failure {
    let sentence = field.map { "\($0): \(description)" } ?? description
    let detail = Detail(
      field: field, file: file, line: line > 0 ? line : nil, message: sentence)
    return Failure(
      .catalog, kind: "invalidCatalog", sentence,
      document: JSONOutput.encodeDocument(ErrorDocument(error: detail)),
      diagnostic: "error: \(description)")
  }

  /// The error document's detail.
  private struct Detail: Encodable, Sendable {
    var kind = "invalidCatalog"
    var field: String?
    var file: String
    var line: Int?
    var message: String
  }
}
