import GalleyFonts

/// The one rule for family names given on the command line, the font set's: 1 to
/// ``GalleyFonts/FontSet/maximumFamilyNameBytes`` bytes, not only spaces.
package enum FamilyNameOption {
  /// What is wrong with a family name an option gave, in the words `galley` prints.
  ///
  /// - Parameters:
  ///   - name: The family name.
  ///   - option: How the user wrote the option, such as `'--family'`.
  /// - Returns: The problem, naming the option and the limit, or `nil` for a good name.
  package static func problem(with name: String, option: String) -> String? {
    guard !name.allSatisfy(\.isWhitespace) else { return "\(option) must not be empty." }
    let limit = FontSet.maximumFamilyNameBytes
    guard name.utf8.count <= limit else {
      return "\(option) has \(name.utf8.count) bytes; family names have 1 to \(limit) bytes."
    }
    return nil
  }
}
