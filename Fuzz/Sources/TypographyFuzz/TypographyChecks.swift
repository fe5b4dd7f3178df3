import FuzzSupport
import GalleyFonts
import GalleyStyle

/// The typography parsers' promises, checked on one string: an error points inside the text,
/// and what reads writes back a form that reads the same.
enum TypographyChecks {
  /// `FontFeatures(parsing:)`: an error's offset; a list's canonical form
  /// (`hb_feature_to_string`'s) reads back the same list.
  ///
  /// - Parameter text: Any text.
  static func checkFeatures(_ text: String) {
    checkList(
      text, name: "features",
      parse: { (text) throws(FontFeatureError) in try FontFeatures(parsing: text) },
      offset: \.offset)
  }

  /// `FontVariations(parsing:)`: as ``checkFeatures(_:)``, for coordinates.
  ///
  /// - Parameter text: Any text.
  static func checkVariations(_ text: String) {
    checkList(
      text, name: "variations",
      parse: { (text) throws(FontVariationError) in try FontVariations(parsing: text) },
      offset: \.offset)
  }

  /// A list parser's promises: an error's offset is inside the text, and what reads writes
  /// back a form that reads the same (checks `NAME-error-offset` and `NAME-round-trip`).
  ///
  /// - Parameters:
  ///   - text: Any text.
  ///   - name: The checks' prefix.
  ///   - parse: The parser.
  ///   - offset: An error's UTF-8 offset.
  static func checkList<List: Equatable & CustomStringConvertible, Failure: Error>(
    _ text: String, name: String, parse: (String) throws(Failure) -> List,
    offset: (Failure) -> Int
  ) {
    do {
      let list = try parse(text)
      let written = list.description
      do {
        let again = try parse(written)
        FuzzCheck.expect(
          again == list, "\(name)-round-trip", "'\(written)' reads back as '\(again)'")
      } catch {
        FuzzCheck.violated("\(name)-round-trip", "'\(written)' does not read back: \(error)")
      }
    } catch {
      FuzzCheck.expect(
        (0...text.utf8.count).contains(offset(error)), "\(name)-error-offset",
        "offset \(offset(error)) is outside the \(text.utf8.count) bytes")
    }
  }

  /// `FontDescription(parsing:)`: an error's offset is inside the text and its suggestion
  /// reads; a description in Pango's form writes back a string that reads the same.
  ///
  /// - Parameter text: Any text.
  static func checkDescription(_ text: String) {
    do {
      let description = try FontDescription(parsing: text)
      // A fontconfig pattern is fontconfig's to read; Pango's form must round-trip.
      guard !text.contains(":") else { return }
      let written = description.description
      do {
        let again = try FontDescription(parsing: written)
        FuzzCheck.expect(
          again == description, "description-round-trip",
          "'\(written)' reads back as '\(again.description)'")
      } catch {
        FuzzCheck.violated("description-round-trip", "'\(written)' does not read back: \(error)")
      }
    } catch {
      FuzzCheck.expect(
        (0...text.utf8.count).contains(error.offset), "description-error-offset",
        "offset \(error.offset) is outside the \(text.utf8.count) bytes")
      if let suggestion = error.suggestion {
        FuzzCheck.expect(
          (try? FontDescription(parsing: suggestion)) != nil, "description-suggestion",
          "the suggestion '\(suggestion)' does not read")
      }
    }
  }
}
