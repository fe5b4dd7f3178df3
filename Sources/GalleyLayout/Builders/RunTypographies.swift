import GalleyStyle

/// Each item's features, coordinates and instance as its runs' fonts report them: one box per
/// distinct feature list and font, shared by the runs of those items.
///
/// Most layouts have one box or none for all their items, kept without a per-item array.
struct RunTypographies {
  /// The box of every item when ``perItem`` is empty.
  private var shared: RunTypography?
  /// Each item's box, by item index, when items differ.
  private var perItem: [RunTypography?] = []

  /// The boxes of a layout's items.
  init(_ placed: PlacedText) {
    let items = placed.items
    guard let first = items.first,
      items.contains(where: { $0.featuresIndex != 0 || !$0.font.coordinates.isEmpty })
    else { return }
    let shared = items.allSatisfy {
      $0.featuresIndex == first.featuresIndex && $0.font === first.font
    }
    if shared {
      self.shared = Self.box(first, features: placed.featureLists[first.featuresIndex])
    } else {
      perItem = Self.boxes(items, featureLists: placed.featureLists)
    }
  }

  /// Each item's box, made once per distinct feature list and font (a layout has few; past
  /// a handful, boxes are made per item).
  private static func boxes(_ items: [ShapedItem], featureLists: FeatureLists)
    -> [RunTypography?]
  {
    var made: [(features: Int32, font: ObjectIdentifier, box: RunTypography?)] = []
    return items.map { item in
      let font = ObjectIdentifier(item.font)
      if let known = made.first(where: { $0.features == item.featuresIndex && $0.font == font }) {
        return known.box
      }
      let box = box(item, features: featureLists[item.featuresIndex])
      if made.count < 16 { made.append((item.featuresIndex, font, box)) }
      return box
    }
  }

  /// The box of the item at `index`.
  subscript(index: Int) -> RunTypography? {
    perItem.isEmpty ? shared : perItem[index]
  }

  /// An item's box: its features' own for a font that is not variable, `nil` for neither.
  private static func box(_ item: ShapedItem, features: ShapingFeatures?) -> RunTypography? {
    if item.font.coordinates.isEmpty { return features?.typography }
    return RunTypography.make(
      features?.list ?? FontFeatures(), item.font.coordinates, item.font.instanceName,
      featuresText: features?.typography?.featuresText)
  }
}
