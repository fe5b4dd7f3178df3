import ArgumentParser
import GalleyTools

extension FamilyNameOption {
  /// Checks a family name an option gave.
  ///
  /// - Parameters:
  ///   - name: The family name.
  ///   - option: How the user wrote the option, such as `'--family'`.
  /// - Throws: A `ValidationError` (exit 64) that names the option and the limit.
  static func check(_ name: String, option: String) throws {
    if let problem = problem(with: name, option: option) { throw ValidationError(problem) }
  }
}
