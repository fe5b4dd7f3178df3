/// Levenshtein distance, for suggesting family names.
enum EditDistance {
  /// The number of single-character edits between two strings, or `nil` when it exceeds
  /// `limit` (so that long, unrelated names cost little).
  static func between(_ first: String, _ second: String, limit: Int) -> Int? {
    let a = Array(first.unicodeScalars)
    let b = Array(second.unicodeScalars)
    guard abs(a.count - b.count) <= limit else { return nil }
    guard !a.isEmpty else { return b.count <= limit ? b.count : nil }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...max(1, b.count) where j <= b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}
