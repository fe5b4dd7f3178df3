import FuzzSupport
import GalleyMarkup

/// The invariants of ``FormattedText``: runs are a coalesced partition of the string, links
/// are in order and in bounds, and the three offset units agree.
enum ModelChecks {
  /// Checks every run and link of `text`.
  ///
  /// - Parameter text: Formatted text from either formatting mode.
  static func check(_ text: FormattedText) {
    checkRuns(text)
    checkLinks(text)
  }

  /// Runs cover the string from start to end, in order, none empty, adjacent ones different,
  /// and each run is in the link its attributes name, and only in that one.
  ///
  /// - Parameter text: The text.
  static func checkRuns(_ text: FormattedText) {
    let string = text.string
    var end = (index: string.startIndex, utf8: 0, utf16: 0)
    for (position, run) in text.runs.enumerated() {
      FuzzCheck.expect(
        run.range.lowerBound == end.index && run.utf8Range.lowerBound == end.utf8
          && run.utf16Range.lowerBound == end.utf16,
        "runs",
        "run \(position) starts at UTF-8 \(run.utf8Range.lowerBound), UTF-16 "
          + "\(run.utf16Range.lowerBound); the previous run ended at \(end.utf8), \(end.utf16)")
      let piece = string[run.range]
      FuzzCheck.expect(
        !piece.isEmpty && piece.utf8.count == run.utf8Range.count
          && piece.utf16.count == run.utf16Range.count,
        "runs",
        "run \(position) holds \(piece.utf8.count) UTF-8 units for a range of "
          + "\(run.utf8Range.count), \(piece.utf16.count) UTF-16 for \(run.utf16Range.count)")
      if position > 0 {
        FuzzCheck.expect(
          text.runs[position - 1].attributes != run.attributes, "runs",
          "runs \(position - 1) and \(position) have the same attributes")
      }
      let holder = text.links.firstIndex { $0.utf8Range.contains(run.utf8Range.lowerBound) }
      FuzzCheck.expect(
        run.attributes.link == holder, "runs",
        "run \(position) names link \(run.attributes.link.debugDescription), but the link "
          + "around it is \(holder.debugDescription)")
      if let link = holder {
        let range = text.links[link].utf8Range
        FuzzCheck.expect(
          run.utf8Range.upperBound <= range.upperBound, "runs",
          "run \(position) ends at \(run.utf8Range.upperBound), past link \(link)'s end "
            + "\(range.upperBound)")
      }
      end = (run.range.upperBound, run.utf8Range.upperBound, run.utf16Range.upperBound)
    }
    FuzzCheck.expect(
      end.index == string.endIndex && end.utf8 == string.utf8.count
        && end.utf16 == string.utf16.count,
      "runs",
      "runs cover \(end.utf8) of \(string.utf8.count) UTF-8 units, \(end.utf16) of "
        + "\(string.utf16.count) UTF-16 units")
  }

  /// Links are numbered in order, lie inside the string, and follow each other without
  /// overlapping; their ranges agree in the three units.
  ///
  /// - Parameter text: The text.
  static func checkLinks(_ text: FormattedText) {
    let string = text.string
    var previousEnd = 0
    for (position, link) in text.links.enumerated() {
      FuzzCheck.expect(
        link.index == position, "links", "link at position \(position) has index \(link.index)")
      FuzzCheck.expect(
        link.utf8Range.lowerBound >= previousEnd && link.utf8Range.upperBound <= string.utf8.count,
        "links",
        "link \(position) covers UTF-8 \(link.utf8Range), after the previous link's end "
          + "\(previousEnd), in \(string.utf8.count) units")
      let start = string.utf8.distance(from: string.startIndex, to: link.range.lowerBound)
      let start16 = string.utf16.distance(from: string.startIndex, to: link.range.lowerBound)
      let piece = string[link.range]
      FuzzCheck.expect(
        start == link.utf8Range.lowerBound && piece.utf8.count == link.utf8Range.count
          && start16 == link.utf16Range.lowerBound && piece.utf16.count == link.utf16Range.count,
        "links",
        "link \(position)'s ranges disagree: UTF-8 \(link.utf8Range), UTF-16 "
          + "\(link.utf16Range), index range at UTF-8 \(start) of length \(piece.utf8.count)")
      previousEnd = link.utf8Range.upperBound
    }
  }
}
