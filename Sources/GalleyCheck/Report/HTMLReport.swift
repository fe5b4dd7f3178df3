import Dispatch
import Foundation
import GalleyLayout
import Synchronization

/// `galley check --html DIR`: `index.html`, one card per failure (the string drawn in its
/// label with its box, line boxes, truncation token and missing glyphs marked; its source
/// beside it; a markup error with its caret), filterable by locale, check and key, and the
/// drawings as `images/N.png`.
///
/// The page is one file with its style and script inline, and no request leaves it: it
/// opens from disk. Drawings are written as they are made, so memory does not grow with
/// their number.
package enum HTMLReport {
  /// Writes the report.
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - checker: The checker that made it, which draws the strings.
  ///   - directory: The folder, created if needed.
  /// - Throws: ``CatalogError`` naming the file that cannot be written.
  package static func write(
    _ report: CheckReport, checker: CatalogChecker, to directory: String
  ) throws(CatalogError) {
    let images = directory + "/images"
    do {
      try FileManager.default.createDirectory(
        atPath: images, withIntermediateDirectories: true)
    } catch {
      throw CatalogError(file: images, "cannot be created: \(error.localizedDescription)")
    }
    let drawings = try draw(report.failures, checker: checker, into: images)
    var cards: [String] = []
    for (index, failure) in report.failures.enumerated() {
      cards.append(card(failure, index: index, drawing: drawings[index]))
    }
    let page = HTMLPage.render(report, cards: cards)
    let path = directory + "/index.html"
    do {
      try Data(page.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CatalogError(file: path, "cannot be written: \(error.localizedDescription)")
    }
  }

  /// The drawing of each failure: its image written, its geometry kept.
  private static func draw(
    _ failures: [CheckFailure], checker: CatalogChecker, into folder: String
  ) throws(CatalogError) -> [LabelDrawing?] {
    let results = Mutex([LabelDrawing?](repeating: nil, count: failures.count))
    let problem = Mutex<CatalogError?>(nil)
    DispatchQueue.concurrentPerform(iterations: failures.count) { index in
      guard failures[index].check != .markup, var drawing = checker.drawing(of: failures[index])
      else { return }
      let path = folder + "/\(index).png"
      do {
        try Data(drawing.png).write(to: URL(fileURLWithPath: path), options: .atomic)
      } catch {
        problem.withLock { $0 = $0 ?? CatalogError(file: path, "cannot be written") }
        return
      }
      drawing.png = []
      results.withLock { $0[index] = drawing }
    }
    if let error = problem.withLock({ $0 }) { throw error }
    return results.withLock { $0 }
  }

  /// One failure's card.
  static func card(_ failure: CheckFailure, index: Int, drawing: LabelDrawing?) -> String {
    var position = failure.file
    if failure.line > 0 { position += ":\(failure.line)" }
    if failure.line > 0, let column = failure.column { position += ":\(column)" }
    var html = """
      <article class="card" data-testid="failure" data-locale="\(escape(failure.locale))" \
      data-check="\(failure.check.rawValue)" data-key="\(escape(failure.name))">
      <header><span class="check \(failure.check.rawValue)">\(failure.check.rawValue)</span> \
      <span class="locale">\(escape(failure.locale))</span> \
      <code class="key">\(escape(failure.name))</code></header>
      <p class="message">\(escape(failure.message))</p>
      <p class="position">\(escape(position))\(failure.label.map { " · " + escape($0) } ?? "")</p>

      """
    if let drawing {
      html += figure(drawing, index: index)
    }
    html += "<dl class=\"strings\">"
    if let markup = failure.markup {
      html += "<dt>String</dt><dd>\(caret(failure.text, utf16Offset: markup.offset))</dd>"
    } else {
      html += "<dt>String</dt><dd>\(escape(failure.text))</dd>"
    }
    if let source = failure.source { html += "<dt>Source</dt><dd>\(escape(source))</dd>" }
    html += "</dl></article>\n"
    return html
  }

  /// The drawing and its overlay: an SVG over the image, in image pixels.
  static func figure(_ drawing: LabelDrawing, index: Int) -> String {
    func rect(_ rect: Layout.Rect, _ kind: String) -> String {
      let x = (rect.x + drawing.originX) * drawing.scale
      let y = (rect.y + drawing.originY) * drawing.scale
      return "<rect class=\"\(kind)\" x=\"\(number(x))\" y=\"\(number(y))\" "
        + "width=\"\(number(rect.width * drawing.scale))\" "
        + "height=\"\(number(rect.height * drawing.scale))\"/>"
    }
    var overlay = rect(drawing.box, "box")
    overlay += drawing.lines.map { rect($0, "line") }.joined()
    overlay += drawing.truncation.map { rect($0, "truncation") }.joined()
    overlay += drawing.missing.map { rect($0, "missing") }.joined()
    let (width, height) = (drawing.width, drawing.height)
    return """
      <figure class="drawing" style="width:\(number(Double(width) / 2))px">\
      <img src="images/\(index).png" width="\(number(Double(width) / 2))" \
      height="\(number(Double(height) / 2))" alt="the string in its label" data-testid="drawing">\
      <svg viewBox="0 0 \(width) \(height)" data-testid="overlay">\(overlay)</svg></figure>

      """
  }

  /// A string with a caret mark at a UTF-16 offset.
  static func caret(_ text: String, utf16Offset: Int) -> String {
    let utf16 = text.utf16
    let index =
      utf16.index(utf16.startIndex, offsetBy: utf16Offset, limitedBy: utf16.endIndex)
      ?? utf16.endIndex
    let split = index.samePosition(in: text) ?? text.endIndex
    let rest = text[split...]
    let first = rest.first.map(String.init) ?? " "
    return escape(String(text[..<split])) + "<mark class=\"caret\">\(escape(first))</mark>"
      + escape(String(rest.dropFirst()))
  }

  /// Text safe in HTML content and attribute values.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
