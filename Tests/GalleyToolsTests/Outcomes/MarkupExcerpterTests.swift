import Foundation
import Testing

@testable import GalleyTools

/// Excerpts under diagnostics: at most 80 columns of the line, cut with `…`, and cheap to
/// compute however long the line is.
@Suite("Diagnostic excerpts")
struct MarkupExcerpterTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var markup: String
    var code: String
    var text: String
    var caret: String
    var testDescription: String { name }
  }

  static func x(_ count: Int) -> String { String(repeating: "x", count: count) }
  static func y(_ count: Int) -> String { String(repeating: "y", count: count) }
  static func space(_ count: Int) -> String { String(repeating: " ", count: count) }

  static let rows: [Row] = [
    Row(
      name: "short line, whole", markup: "😀 ab %5B", code: "%5B", text: "😀 ab %5B",
      caret: "      ^~~"),
    Row(
      name: "long line, middle", markup: x(100) + "%Q" + y(100), code: "%Q",
      text: "…" + x(30) + "%Q" + y(48) + "…", caret: " " + space(30) + "^~"),
    Row(
      name: "long line, end", markup: x(100) + "%Q", code: "%Q", text: "…" + x(78) + "%Q",
      caret: " " + space(78) + "^~"),
    Row(
      name: "long line, start", markup: "%Q" + y(200), code: "%Q", text: "%Q" + y(78) + "…",
      caret: "^~"),
    Row(
      name: "wide characters", markup: String(repeating: "男", count: 100) + "%Q", code: "%Q",
      text: "…" + String(repeating: "男", count: 39) + "%Q", caret: " " + space(78) + "^~"),
    Row(
      name: "other lines are not shown", markup: "one\n" + x(200) + "\n%Q two", code: "%Q",
      text: "%Q two", caret: "^~"),
    Row(
      name: "tab and control", markup: "\ta\u{1}%Q", code: "%Q", text: "\ta?%Q",
      caret: "\t  ^~"),
  ]

  @Test(arguments: rows)
  func excerpts(row: Row) throws {
    let range = try #require(row.markup.range(of: row.code, options: .backwards))
    let offset = row.markup.utf8.distance(from: row.markup.startIndex, to: range.lowerBound)
    let excerpt = MarkupExcerpter(row.markup).excerpt(
      utf8Offset: offset, utf16Length: row.code.utf16.count)
    #expect(excerpt.text == row.text)
    #expect(excerpt.caret == row.caret)
  }
}
