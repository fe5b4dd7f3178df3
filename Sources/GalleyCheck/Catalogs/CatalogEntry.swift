/// One string of a catalog in one locale: its key, the plural or variation form it is (if
/// any), its text, and where the file holds it.
package struct CatalogEntry: Hashable, Sendable {
  /// The string's key, as the app looks it up (an Android `name`, an Apple key, a gettext
  /// `msgid`, a dotted JSON path).
  package var key: String
  /// The table the key belongs to: the file's name for formats where an app has several
  /// (`Localizable`, `InfoPlist`, an i18next namespace), `""` otherwise.
  package var table: String
  /// The form within the key, or `nil` for a plain string: a plural category (`one`,
  /// `other`), a path of variations (`device.iphone`, `plural.few`), an array item (`[2]`) or,
  /// for gettext, the plural index (`[1]`).
  package var form: String?
  /// The text as the app receives it: the format's escapes decoded.
  package var value: String
  /// The 1-based line of the value in the file, or 0 when it is not known.
  package var line: Int
  /// The 1-based column (in Unicode scalars) where the value's text starts on ``line``, or 0
  /// when it is not known.
  package var column: Int
  /// Whether translators translate the string: `false` for Android's `translatable="false"`
  /// and a string catalog's `shouldTranslate: false`, which every locale shows as the source
  /// has it (never listed as missing).
  package var isTranslatable = true

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - table: The table, `""` for none.
  ///   - form: The plural or variation form, or `nil`.
  ///   - value: The decoded text.
  ///   - line: The 1-based line, or 0.
  ///   - column: The 1-based column, or 0.
  package init(
    key: String, table: String = "", form: String? = nil, value: String, line: Int = 0,
    column: Int = 0
  ) {
    self.key = key
    self.table = table
    self.form = form
    self.value = value
    self.line = line
    self.column = column
  }

  /// The key with its form, as reports name the string: `files`, `files[one]`.
  package var name: String {
    guard let form else { return key }
    return form.hasPrefix("[") ? key + form : "\(key)[\(form)]"
  }

  /// The identity of the string across locales: its table, key and form.
  package var identity: Identity { Identity(table: table, key: key, form: form) }

  /// The table, key and form of an entry: what a translation shares with its source.
  package struct Identity: Hashable, Sendable, Comparable {
    /// The table.
    package var table: String
    /// The key.
    package var key: String
    /// The form, or `nil`.
    package var form: String?

    /// Orders identities by table, key and form (no form first).
    package static func < (lhs: Identity, rhs: Identity) -> Bool {
      (lhs.table, lhs.key, lhs.form ?? "") < (rhs.table, rhs.key, rhs.form ?? "")
    }
  }
}
