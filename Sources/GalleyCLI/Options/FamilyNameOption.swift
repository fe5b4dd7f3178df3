import ArgumentParser
import GalleyFonts

/// The one rule for family names given on the command line, the font set's: 1 to
/// ``GalleyFonts/FontSet/maximumFamilyNameBytes`` bytes, not only spaces.
enum FamilyNameOption {
  /// Checks a family name an option gave.
  ///
  /// - Parameters:
  ///   - name: The family name.
  ///   - option: How the user wrote the option, such as `'--family'`.
  /// - Throws: A `ValidationError` (exit 64) that names the option and the limit.
  static func check(_ name: String, option: String) throws {
    guard !name.allSatisfy(\.isWhitespace) else {
      throw ValidationError("\(option) must not be empty.")
    }
    let limit = FontSet.maximumFamilyNameBytes
    guard name.utf8.count <= limit else {
      throw ValidationError(
        "\(option) has \(name.utf8.count) bytes; family names have 1 to \(limit) bytes.")
    }
  }
}
