import Foundation
import FuzzSupport
import GalleyLayout
import GalleyMarkup

/// The layout engine's promises, checked on one laid-out case.
enum LayoutChecks {
  /// How far geometry may stray from a bound: one 26.6 unit.
  static let epsilon = 1.0 / 64

  /// Formats the case leniently, lays it out and runs every check.
  ///
  /// - Parameter layoutCase: The options and markup.
  static func check(_ layoutCase: LayoutCase) {
    let text = layoutCase.formatter.formatLeniently(layoutCase.markup).text
    let layout: Layout
    do {
      layout = try FuzzFonts.engine.layout(text, options: layoutCase.options)
    } catch {
      FuzzCheck.fail("layout-throws", "layout threw '\(error.message)'")
    }
    if dumpsLayouts {
      FuzzCheck.context = { "\(layoutCase)\nlayout: \(json(layout))" }
    }
    checkFinite(layout)
    let units = Array(text.string.utf16)
    checkLines(layout, utf16Count: units.count, lineSpacing: layoutCase.options.lineSpacing)
    checkLabel(layout, options: layoutCase.options)
    if let width = layoutCase.options.width {
      checkLineWidths(layout, width: width, units: units)
    }
    if layout.lines.contains(where: { $0.runs.contains { !$0.transforms.isEmpty } }) {
      TransformChecks.check(layout, utf16Count: units.count)
    } else {
      checkRectsInLines(layout)
      checkHitTesting(layout, text: text)
    }
  }

  /// Whether failure reports include the layout as JSON: `GALLEY_FUZZ_DUMP=1`.
  static let dumpsLayouts = ProcessInfo.processInfo.environment["GALLEY_FUZZ_DUMP"] != nil

  /// The layout as JSON, as `galley layout --json` prints it.
  ///
  /// - Parameter layout: The layout.
  /// - Returns: The JSON text.
  static func json(_ layout: Layout) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(layout)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// No NaN or infinity anywhere: box, lines, glyphs, link rectangles, strokes, backgrounds.
  ///
  /// - Parameter layout: The layout.
  static func checkFinite(_ layout: Layout) {
    func expectFinite(_ values: [Double], _ what: @autoclosure () -> String) {
      FuzzCheck.expect(
        values.allSatisfy(\.isFinite), "finite", "\(what()) has a non-finite value: \(values)")
    }
    func expectFinite(_ rect: Layout.Rect, _ what: @autoclosure () -> String) {
      expectFinite([rect.x, rect.y, rect.width, rect.height], what())
    }
    expectFinite([layout.size.width, layout.size.height], "the layout's size")
    for (number, line) in layout.lines.enumerated() {
      expectFinite([line.x, line.y, line.width, line.height, line.baseline], "line \(number)")
      for run in line.runs {
        expectFinite([run.font.size], "a font size on line \(number)")
        for glyph in run.glyphs {
          expectFinite([glyph.x, glyph.y, glyph.advance], "a glyph on line \(number)")
        }
      }
    }
    for link in layout.links {
      for rect in link.rects { expectFinite(rect, "a rectangle of link \(link.index)") }
    }
    for decoration in layout.decorations { expectFinite(decoration.rect, "a decoration") }
    for background in layout.backgrounds { expectFinite(background.rect, "a background") }
  }

  /// Lines partition the text in order, top to bottom, and hold their glyphs' clusters; with
  /// truncation, the hidden range completes them and only the token's glyphs point at it.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - utf16Count: The text's length in UTF-16 code units.
  ///   - lineSpacing: The options' line spacing; when negative, lines may overlap by as much.
  static func checkLines(_ layout: Layout, utf16Count: Int, lineSpacing: Double) {
    var end = 0
    var bottom = -Double.infinity
    for (number, line) in layout.lines.enumerated() {
      FuzzCheck.expect(
        line.location == end && (line.length > 0 || line.breakReason == .truncated)
          && line.height >= 0 && line.width >= 0,
        "lines",
        "line \(number) covers \(line.location)..<\(line.location + line.length) after "
          + "\(end), height \(line.height), width \(line.width)")
      FuzzCheck.expect(
        line.y >= bottom + min(lineSpacing, 0) - epsilon, "lines",
        "line \(number) starts at y \(line.y), above the previous line's bottom \(bottom)")
      let range = line.location..<line.location + line.length
      for run in line.runs {
        for glyph in run.glyphs {
          // A token's glyphs are at the hidden text; an inserted hyphen's at its line's end.
          let fits =
            run.isToken
            ? glyph.cluster == layout.truncation?.location
            : run.isInserted
              ? glyph.cluster == range.upperBound && line.isHyphenated && run.length == 0
              : range.contains(glyph.cluster) && !hidden(layout).contains(glyph.cluster)
          FuzzCheck.expect(
            fits, "lines",
            "a glyph of line \(number) has cluster \(glyph.cluster), outside \(range) "
              + "or hidden (\(hidden(layout)))")
        }
      }
      end = range.upperBound
      bottom = line.y + line.height
    }
    let covered = max(end, hidden(layout).upperBound)
    FuzzCheck.expect(
      covered == utf16Count, "lines", "lines cover \(covered) of \(utf16Count) UTF-16 units")
  }

  /// The range truncation hides, or an empty one.
  static func hidden(_ layout: Layout) -> Range<Int> {
    layout.truncation.map { $0.location..<($0.location + $0.length) } ?? 0..<0
  }

  /// The box's promises: no more lines than the maximum, the scale autoshrink may use, and a
  /// truncated last line within the width unless its token alone is wider.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - options: The options it was made with.
  static func checkLabel(_ layout: Layout, options: LayoutOptions) {
    FuzzCheck.expect(
      options.maximumLines == 0 || layout.lines.count <= options.maximumLines, "label",
      "\(layout.lines.count) lines, at most \(options.maximumLines) asked for")
    FuzzCheck.expect(
      layout.scale >= options.minimumScaleFactor && layout.scale <= 1, "label",
      "scale \(layout.scale), minimum \(options.minimumScaleFactor)")
    guard let width = options.width, let last = layout.lines.last,
      last.breakReason == .truncated, options.truncationMode != .clip
    else { return }
    let glyphs = last.runs.lazy.flatMap(\.glyphs)
    let token = last.runs.filter(\.isToken).flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
    guard !glyphs.contains(where: { $0.advance < 0 }), token <= width else { return }
    FuzzCheck.expect(
      last.width <= width + epsilon, "truncated-width",
      "the truncated line is \(last.width) wide in a box of \(width)")
  }

  /// Each link rectangle and background spans a line box vertically and lies inside the
  /// line's visible extent horizontally.
  ///
  /// Two checks each: `link-in-line-exact` (and `background-in-line-exact`) allow one 26.6
  /// unit past the line's visible extent; `link-in-line` also lets the edges reach the pen
  /// position of any glyph on the line. A combining mark's pen position can lie outside the
  /// line, and the rectangles reach it (`%Lt\u{301}%l` in Noto Sans, docs/design/testing.md). The
  /// exact checks leave out lines where negative character spacing moves the pen backwards.
  ///
  /// - Parameter layout: The layout.
  static func checkRectsInLines(_ layout: Layout) {
    for link in layout.links {
      for rect in link.rects {
        checkInLine(rect, layout, "link-in-line", "a rectangle of link \(link.index)")
      }
    }
    for background in layout.backgrounds {
      checkInLine(background.rect, layout, "background-in-line", "a background")
    }
  }

  /// Checks that `rect` is a part of one line box.
  ///
  /// Lines can share a top and a height (with negative line spacing), so the rectangle may lie
  /// in any of them.
  ///
  /// - Parameters:
  ///   - rect: A link rectangle or background.
  ///   - layout: The layout it belongs to.
  ///   - property: The tolerant check's name; the exact one adds `-exact`.
  ///   - what: What the rectangle is, for the message.
  static func checkInLine(
    _ rect: Layout.Rect, _ layout: Layout, _ property: String, _ what: @autoclosure () -> String
  ) {
    let exact = property + "-exact"
    guard FuzzCheck.isEnabled(property) || FuzzCheck.isEnabled(exact) else { return }
    let candidates = layout.lines.indices.filter {
      abs(layout.lines[$0].y - rect.y) <= epsilon
        && abs(layout.lines[$0].height - rect.height) <= epsilon
    }
    guard let first = candidates.first else {
      FuzzCheck.violated(property, "\(what()) \(rect) is not on any line box")
      return
    }
    let verdicts = candidates.map { placement(of: rect, in: layout.lines[$0]) }
    let box = layout.lines[first]
    let problem =
      "\(what()) spans x \(rect.x)...\(rect.x + rect.width), line \(first) spans "
      + "\(box.x)...\(box.x + box.width)"
    FuzzCheck.expect(verdicts.contains { $0.isExact }, exact, problem)
    FuzzCheck.expect(
      verdicts.contains { $0.isWithinGlyphs }, property,
      problem + ", and its glyphs' pen positions span \(verdicts[0].glyphSpan)")
  }

  /// Whether a rectangle lies within a line's ends, and within its glyphs' pen positions.
  ///
  /// - Parameters:
  ///   - rect: A rectangle on the line box.
  ///   - line: The line.
  /// - Returns: Both answers, and the span of the pen positions. A line where negative
  ///   character spacing moves the pen backwards counts as exact.
  static func placement(
    of rect: Layout.Rect, in line: Layout.Line
  ) -> (isExact: Bool, isWithinGlyphs: Bool, glyphSpan: ClosedRange<Double>) {
    let right = rect.x + rect.width
    let glyphs = line.runs.lazy.flatMap(\.glyphs)
    let movesBack = glyphs.contains { $0.advance < 0 }
    let isExact =
      movesBack
      || rect.width >= 0 && rect.x >= line.x - epsilon && right <= line.x + line.width + epsilon
    let left = min(line.x, glyphs.map(\.x).min() ?? line.x)
    let end = max(line.x + line.width, glyphs.map { $0.x + max($0.advance, 0) }.max() ?? line.x)
    let isWithinGlyphs = rect.width >= 0 && rect.x >= left - epsilon && right <= end + epsilon
    return (isExact, isWithinGlyphs, left...end)
  }

  /// Lines fit the box, except a line that holds a single grapheme cluster wider than it.
  ///
  /// Two checks: `line-width-exact` allows one 26.6 unit on every line of a label that is not
  /// truncated, lines cut where breaking is unsafe (re-shaped: `s/et` in Lato, Arabic joining)
  /// and right-to-left lines with hanging spaces included. `line-width`, looser, checks only lines that start and end
  /// at a space, a mandatory break or an end of the text, and allows the advance of the line's
  /// trailing spaces. Both leave out lines where negative character spacing moves the pen
  /// backwards.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - width: The box width asked for.
  ///   - units: The text's UTF-16 code units.
  static func checkLineWidths(_ layout: Layout, width: Double, units: [UInt16]) {
    var startsInWord = false
    for (number, line) in layout.lines.enumerated() where line.breakReason != .truncated {
      let content = String(
        decoding: units[line.location..<line.location + line.length], as: UTF16.self)
      let endsInWord =
        content.last.map { !$0.isWhitespace } == true && number + 1 < layout.lines.count
      defer { startsInWord = endsInWord }
      guard line.width > width + epsilon else { continue }
      let visible = content.reversed().drop { $0.isWhitespace }
      let glyphs = line.runs.lazy.flatMap(\.glyphs)
      // Negative character spacing can move the pen backwards: the line's extent is then not
      // what the breaker measured.
      guard visible.count > 1, !glyphs.contains(where: { $0.advance < 0 }) else { continue }
      let problem =
        "line \(number) (\(line.breakReason), \(visible.count) clusters, "
        + "\(content.debugDescription)) is \(line.width) wide in a box of \(width)"
      FuzzCheck.violated("line-width-exact", problem)
      let visibleEnd = line.location + String(visible.reversed()).utf16.count
      let hanging = glyphs.filter { $0.cluster >= visibleEnd }.map(\.advance).reduce(0, +)
      FuzzCheck.expect(
        startsInWord || endsInWord || line.width <= width + epsilon + max(hanging, 0),
        "line-width", problem + ", more than its hanging spaces (\(hanging))")
    }
  }

  /// Hit-testing answers offsets inside the text and links that exist, at a few points of
  /// every line.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - text: The text it was made from.
  static func checkHitTesting(_ layout: Layout, text: FormattedText) {
    let tester = HitTester(layout: layout)
    let count = text.string.utf16.count
    for line in layout.lines {
      let y = line.y + line.height / 2
      for x in [line.x - 1, line.x + line.width / 3, line.x + line.width - 0.5, line.x + 1e6] {
        let index = tester.characterIndex(atX: x, y: y)
        let closest = tester.closestCharacterIndex(toX: x, y: y)
        let link = tester.link(atX: x, y: y, tolerance: 4)
        FuzzCheck.expect(
          index.map { (0..<count).contains($0) } != false && (0...count).contains(closest)
            && link.map { layout.links.indices.contains($0) } != false,
          "hit",
          "at (\(x), \(y)): character \(index.debugDescription), closest \(closest), link "
            + "\(link.debugDescription), in text of \(count) units and \(text.links.count) links")
      }
    }
  }
}
