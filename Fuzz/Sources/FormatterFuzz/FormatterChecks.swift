import FuzzSupport
import GalleyMarkup

/// The formatter's promises, checked on one markup string.
enum FormatterChecks {
  /// A formatter with families and colors, so `%1F` and `%2C` can succeed.
  static let formatter = MarkupFormatter(
    fontFamilies: ["DejaVu Sans", "DejaVu Serif"],
    colors: [
      TextColor(red: 0x1A, green: 0x5F, blue: 0xB4), TextColor(red: 0xC0, green: 0x1C, blue: 0x28),
      TextColor(red: 0, green: 0, blue: 0, alpha: 0x80),
    ])

  /// Runs every check on `markup`.
  ///
  /// - Parameter markup: Any text.
  static func check(_ markup: String) {
    let lenient = formatter.formatLeniently(markup)
    ModelChecks.check(lenient.text)
    checkWarnings(lenient.warnings, markup: markup)
    checkStrictAgrees(markup, lenient: lenient)
    checkEscapeRoundTrip(markup)
    checkLinkRoundTrip(markup)
  }

  /// Warnings point inside the markup and come in order of position.
  ///
  /// - Parameters:
  ///   - warnings: The lenient formatter's warnings.
  ///   - markup: The markup they are about.
  static func checkWarnings(_ warnings: [MarkupError], markup: String) {
    let utf16Count = markup.utf16.count
    let utf8Count = markup.utf8.count
    for (position, warning) in warnings.enumerated() {
      let location = warning.location
      FuzzCheck.expect(
        location.utf16Offset >= 0 && warning.utf16Length >= 0
          && location.utf16Offset + warning.utf16Length <= utf16Count
          && (0...utf8Count).contains(location.utf8Offset) && location.line >= 1
          && location.column >= 1,
        "warnings",
        "warning \(position) (\(warning.kind) at \(location.utf16Offset), length "
          + "\(warning.utf16Length)) is outside the markup of \(utf16Count) UTF-16 units")
      if position > 0 {
        FuzzCheck.expect(
          warnings[position - 1].location <= location, "warnings",
          "warning \(position) comes before warning \(position - 1)")
      }
    }
  }

  /// Strict success means lenient gives the same text and no warning; strict failure means
  /// lenient warns, and its first warning met in scan order is the strict error.
  ///
  /// - Parameters:
  ///   - markup: The markup.
  ///   - lenient: What ``MarkupFormatter/formatLeniently(_:)`` made of it.
  static func checkStrictAgrees(_ markup: String, lenient: MarkupFormatter.LenientResult) {
    do {
      let strict = try formatter.format(markup)
      ModelChecks.check(strict)
      FuzzCheck.expect(
        lenient.warnings.isEmpty, "strict-lenient",
        "strict formatting succeeded, lenient warned \(lenient.warnings.map(\.description))")
      FuzzCheck.expect(
        lenient.text == strict, "strict-lenient",
        "strict and lenient formatting differ: \(strict.string.debugDescription) with "
          + "\(strict.runs.count) runs, \(lenient.text.string.debugDescription) with "
          + "\(lenient.text.runs.count) runs")
    } catch {
      FuzzCheck.expect(
        !lenient.warnings.isEmpty, "strict-lenient",
        "strict formatting threw '\(error)', lenient gave no warning")
      // Strict mode stops at the first problem in scan order; lenient mode sorts by position,
      // and an unterminated link is only met at the end of the text.
      let metFirst =
        lenient.warnings.first { $0.kind != .unterminatedLink } ?? lenient.warnings.first
      FuzzCheck.expect(
        metFirst == error, "strict-lenient",
        "strict formatting threw \(error.kind) '\(error)', lenient's first warning is "
          + "\(metFirst.map { "\($0.kind) '\($0)'" } ?? "none")")
    }
  }

  /// `Markup.escape(s)` formats back to exactly `s`, as one run of default attributes.
  ///
  /// - Parameter string: Any text, taken as plain text.
  static func checkEscapeRoundTrip(_ string: String) {
    let escaped = Markup.escape(string)
    let interpolated: Markup = "\(string)"
    FuzzCheck.expect(
      Markup(text: string).source == escaped && interpolated.source == escaped, "escape",
      "Markup(text:) or interpolation escapes differently from Markup.escape")
    do {
      let text = try formatter.format(escaped)
      FuzzCheck.expect(
        text.string.utf8.elementsEqual(string.utf8), "escape",
        "escaped text formats to \(text.string.debugDescription)")
      FuzzCheck.expect(
        text.runs.count == (string.isEmpty ? 0 : 1) && text.links.isEmpty
          && text.runs.allSatisfy { $0.attributes == formatter.defaultAttributes },
        "escape", "escaped text gives \(text.runs.count) runs and \(text.links.count) links")
    } catch {
      FuzzCheck.fail("escape", "escaped text does not format: '\(error)'")
    }
  }

  /// `Markup.escapeLinkTarget` leaves no `}`, and `\(link: s, target: s)` formats to one link
  /// over exactly `s`, whose target is the target as written, with every `}` spelled `%7D` and the whitespace around it dropped (the
  /// formatter trims every braced argument).
  ///
  /// - Parameter string: Any text, used as the link's text and as its target.
  static func checkLinkRoundTrip(_ string: String) {
    let escapedTarget = Markup.escapeLinkTarget(string)
    let keepsBrace = escapedTarget.utf8.contains(UInt8(ascii: "}"))
    FuzzCheck.expect(
      !keepsBrace, "escape-link-target",
      "Markup.escapeLinkTarget(\(string.debugDescription)) keeps a '}': "
        + escapedTarget.debugDescription)
    // Reached with a '}' left only when that check is skipped: the round trip cannot work.
    guard !keepsBrace else { return }
    let hasTarget =
      !string.allSatisfy(\.isWhitespace)
      && escapedTarget.utf8.count <= MarkupFormatter.maximumBracedArgumentLength
    let target = trimmingWhitespace(escapedTarget)
    let markup: Markup = "\(link: string, target: hasTarget ? string : nil)"
    do {
      let text = try formatter.format(markup)
      let count = string.utf8.count
      FuzzCheck.expect(
        text.string.utf8.elementsEqual(string.utf8) && text.links.count == 1, "escape-link",
        "a link around escaped text gives \(text.string.debugDescription), "
          + "\(text.links.count) links")
      guard let link = text.links.first else { return }
      FuzzCheck.expect(
        link.utf8Range == 0..<count, "escape-link",
        "the link covers \(link.utf8Range) of 0..<\(count) UTF-8 units")
      FuzzCheck.expect(
        hasTarget
          ? link.target.map { $0.utf8.elementsEqual(target.utf8) } == true : link.target == nil,
        "escape-link",
        "the link's target is \(link.target.debugDescription), not \(target.debugDescription)")
    } catch {
      FuzzCheck.fail("escape-link", "a link around escaped text does not format: '\(error)'")
    }
  }

  /// The text without the whitespace characters at its ends.
  ///
  /// - Parameter text: Any text.
  /// - Returns: The text from its first to its last non-whitespace character.
  static func trimmingWhitespace(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }
}
