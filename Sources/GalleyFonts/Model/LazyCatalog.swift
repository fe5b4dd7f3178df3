/// A ``FontCatalog`` built only as far as the questions asked need: the faces of one family
/// without listing every installed face, and the whole catalog on first demand.
///
/// A short-lived process that resolves one family (`galley font`) spends more time listing all
/// faces than fontconfig spends answering; this answers it from the faces of the family alone.
/// The answers are the ones the whole catalog gives: ``faces(ofFamilyKey:in:)`` builds a
/// catalog of every face that has a family name with the key (fontconfig lists them by exact
/// name; the key also ignores hyphens and underscores, so every spelling of the key among the
/// installed names is listed), and a catalog keeps a face by its own file, index and names,
/// whatever other faces are listed with it.
///
/// Not `Sendable` on its own: ``FontSet`` keeps it behind its fontconfig lock, whose
/// configuration it lists from. Bounded: at most ``familyLimit`` families are kept.
struct LazyCatalog: ~Copyable {
  /// FontSets weight overrides, applied as ``FontCatalog`` applies them.
  private let weightOverrides: [String: [String: Int]]
  /// The whole catalog, once something needed it.
  private var whole: FontCatalog?
  /// Normalized family name → every installed spelling of it, each once; listed on first use.
  private var spellings: [String: [String]]?
  /// Normalized family name → that family's faces, as the whole catalog orders them.
  private var families: [String: [FaceDescriptor]] = [:]
  /// The most families kept before the cache starts again.
  static let familyLimit = 256

  /// Creates an empty lazy catalog.
  ///
  /// - Parameter weightOverrides: FontSets weight overrides by family key and style key.
  init(weightOverrides: [String: [String: Int]]) {
    self.weightOverrides = weightOverrides
  }

  /// Whether fontconfig knows any family name at all: listing the names is cheap, and a
  /// configuration without names has no faces.
  ///
  /// - Parameter configuration: The configuration to list from.
  /// - Returns: `false` when the configuration lists no family.
  mutating func hasFamilies(in configuration: FontconfigConfiguration) -> Bool {
    if let whole { return !whole.faces.isEmpty }
    return !spellingsByKey(in: configuration).isEmpty
  }

  /// The whole catalog, built on first use.
  ///
  /// - Parameter configuration: The configuration to list from.
  /// - Returns: Every installed face, as ``FontCatalog`` indexes them.
  mutating func catalog(in configuration: FontconfigConfiguration) -> FontCatalog {
    if let whole { return whole }
    let built = FontCatalog(faces: configuration.listFaces(), weightOverrides: weightOverrides)
    whole = built
    families = [:]
    return built
  }

  /// The faces of one family, as ``FontCatalog/faces(ofFamilyKey:)`` gives them.
  ///
  /// - Parameters:
  ///   - key: A normalized family name.
  ///   - configuration: The configuration to list from.
  /// - Returns: The family's faces, or an empty array when no installed family has the key.
  mutating func faces(
    ofFamilyKey key: String, in configuration: FontconfigConfiguration
  ) -> [FaceDescriptor] {
    if let whole { return whole.faces(ofFamilyKey: key) }
    if let known = families[key] { return known }
    var listed: [FaceDescriptor] = []
    for name in (spellingsByKey(in: configuration)[key] ?? []).sorted() {
      listed += configuration.listFaces(family: name)
    }
    let faces =
      listed.isEmpty
      ? [] : FontCatalog(faces: listed, weightOverrides: weightOverrides).faces(ofFamilyKey: key)
    if families.count >= Self.familyLimit { families.removeAll(keepingCapacity: true) }
    families[key] = faces
    return faces
  }

  /// The installed spellings of every family key, listed once.
  private mutating func spellingsByKey(
    in configuration: FontconfigConfiguration
  ) -> [String: [String]] {
    if let spellings { return spellings }
    let names = configuration.listFamilyNames()
    var listed: [String: [String]] = [:]
    listed.reserveCapacity(names.count)
    for name in names {  // each name once, so each spelling is appended once
      let key = FontSetDefinition.normalized(name)
      if !key.isEmpty { listed[key, default: []].append(name) }
    }
    spellings = listed
    return listed
  }
}
