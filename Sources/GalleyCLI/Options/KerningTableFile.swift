import ArgumentParser
import GalleySupport

// FoundationEssentials has JSONDecoder; importing all of Foundation would load its
// internationalization libraries (and their ICU data) into every `galley` process at start-up.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A kerning table file for `--kerning-table`: a JSON object of one-character strings to
/// numbers, the extra space after each character as a fraction of the size.
///
/// ```json
/// {"a": 0.5, "!": -0.25, "é": 0.1}
/// ```
enum KerningTableFile {
  /// The largest file read, in bytes.
  static let maximumBytes = 1 << 20

  /// Reads and checks a table.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The table.
  /// - Throws: `ValidationError` naming the file and the problem: an unreadable file, JSON
  ///   that is not an object of numbers, or a key that is not one character.
  static func read(path: String) throws -> [Character: Double] {
    let text: String
    do {
      text = try BoundedFileReader.readText(path: path, limit: maximumBytes)
    } catch {
      throw ValidationError("'--kerning-table' file '\(path)': \(error.reason).")
    }
    guard let entries = try? JSONDecoder().decode([String: Double].self, from: Data(text.utf8))
    else {
      throw ValidationError(
        "'--kerning-table' file '\(path)' must hold a JSON object of numbers such as {\"a\": 0.5}.")
    }
    var table: [Character: Double] = [:]
    for (key, value) in entries {
      guard key.count == 1, let character = key.first else {
        throw ValidationError(
          "'--kerning-table' key \(String(reflecting: key)) must be exactly one character.")
      }
      table[character] = value
    }
    return table
  }
}
