extension Layout {
  /// Something a layout could not do as asked, which did not stop it.
  ///
  /// JSON `"warnings"`, one entry each, absent when there is none. `galley` prints each as
  /// `warning: MESSAGE`.
  public struct Warning: Hashable, Sendable, Codable {
    /// What went wrong.
    public enum Kind: String, Hashable, Sendable, Codable {
      /// A coordinate (``LayoutOptions/variations`` or a span's `%{…}V`) on an axis the
      /// face of a run does not have; the face ignores it.
      case missingAxis
      /// ``LayoutOptions/Hyphens/auto`` for a language without a hyphenation dictionary (or
      /// without a language): its words break at soft hyphens only.
      case missingHyphenationDictionary
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence that names the face, axis or language, such as
    /// `'DejaVu Sans Book' has no 'wght' axis; 'wght=550' is ignored`.
    public var message: String

    /// Creates a warning.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: The sentence that says it.
    public init(_ kind: Kind, _ message: String) {
      self.kind = kind
      self.message = message
    }
  }
}
