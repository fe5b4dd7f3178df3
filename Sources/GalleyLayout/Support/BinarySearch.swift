extension RandomAccessCollection {
  /// The index of the first element for which `belongsToSecondPart` is true, or `endIndex`.
  ///
  /// The collection must be partitioned by the predicate: every element for which it is false
  /// comes before every element for which it is true (as when the elements are sorted and the
  /// predicate is "at or past some key"). Logarithmic in the count.
  ///
  /// - Parameter belongsToSecondPart: Whether an element is in the second part.
  /// - Returns: The partition point.
  @inline(__always)
  func partitioningIndex(where belongsToSecondPart: (Element) throws -> Bool) rethrows -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try belongsToSecondPart(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
