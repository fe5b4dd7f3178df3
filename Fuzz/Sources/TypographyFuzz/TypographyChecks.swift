import FuzzSupport
import GalleyFonts
import GalleyStyle

/// The typography parsers' promises, checked on one string: an error points inside the text,
/// and what reads writes back a form that reads the same.
enum TypographyChecks {
  /// `FontFeatures(parsing:)`: an error's item and offset; a list's canonical form
  /// (`hb_feature_to_string`'s) reads back the same list.
  ///
  /// - Parameter text: Any text.
  static func checkFeatures(_ text: String) {
    do {
      let features = try FontFeatures(parsing: text)
      let written = features.description
      do {
        let again = try FontFeatures(parsing: written)
        FuzzCheck.expect(
          again == features, "features-round-trip",
          "'\(written)' reads back as '\(again.description)'")
      } catch {
        FuzzCheck.violated("features-round-trip", "'\(written)' does not read back: \(error)")
      }
    } catch {
      FuzzCheck.expect(
        (0...text.utf8.count).contains(error.offset), "features-error-offset",
        "offset \(error.offset) is outside the \(text.utf8.count) bytes")
    }
  }

  /// `FontVariations(parsing:)`: as ``checkFeatures(_:)``, for coordinates.
  ///
  /// - Parameter text: Any text.
  static func checkVariations(_ text: String) {
    do {
      let variations = try FontVariations(parsing: text)
      let written = variations.description
      do {
        let again = try FontVariations(parsing: written)
        FuzzCheck.expect(
          again == variations, "variations-round-trip",
          "'\(written)' reads back as '\(again.description)'")
      } catch {
        FuzzCheck.violated("variations-round-trip", "'\(written)' does not read back: \(error)")
      }
    } catch {
      FuzzCheck.expect(
        (0...text.utf8.count).contains(error.offset), "variations-error-offset",
        "offset \(error.offset) is outside the \(text.utf8.count) bytes")
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
