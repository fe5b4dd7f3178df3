import ArgumentParser
import GalleyJobs
import GalleyRender
import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A variants file for `galley render --variants`: a JSON object from each variant's name to
/// the `render` fields it changes, spelled as in an HTTP request (``VariantFields``).
///
/// ```json
/// {"normal": {}, "pressed": {"offset": [0, 2], "color": "#555555"}}
/// ```
enum VariantsFile {
  /// The largest file read, in bytes.
  static let maximumBytes = 1 << 20

  /// Reads and checks the variants of a file.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - base: The render settings the command line gives, which each variant changes.
  ///   - seed: The seed of a random draw order (`--seed`).
  /// - Returns: The variants, in the file's order.
  /// - Throws: `ValidationError` naming the file and the problem: an unreadable file, JSON
  ///   that is not an object, or a bad variant or field.
  static func read(path: String, base: RenderSettings, seed: UInt64) throws -> [RenderVariant] {
    let text: String
    do {
      text = try BoundedFileReader.readText(path: path, limit: maximumBytes)
    } catch {
      throw ValidationError("'--variants' file '\(path)': \(error.reason).")
    }
    let bytes = Array(text.utf8)
    guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(bytes))
    else {
      throw ValidationError(
        "'--variants' file '\(path)' must hold a JSON object of variants such as "
          + "{\"pressed\": {\"offset\": [0, 2]}}.")
    }
    do {
      return try VariantFields.variants(
        object, order: JSONKeyOrder.keys(at: [], in: bytes), base: base, group: "variants",
        seed: seed)
    } catch {
      throw ValidationError("'--variants' file '\(path)': \(error).")
    }
  }
}
