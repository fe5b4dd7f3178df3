import GalleyStyle
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Resolves a family name, a weight and italic to a concrete installed face, through
/// fontconfig, following the CSS font matching rules; and finds fallback faces for characters.
///
/// A font set lists every installed face once, when it is created (or, made with
/// `listsFacesLazily`, only as far as its questions need), and answers from that catalog;
/// results are cached, so repeated lookups cost a lock and a hash lookup. It is safe
/// to share between threads: fontconfig is only called under a lock.
///
/// ```swift
/// let fonts = try FontSet()
/// let bold = try fonts.resolve(family: "Lato", weight: 1, italic: false)   // Lato Bold
/// let light = try fonts.resolve(family: "Helvetica", weight: -1)           // via an alias
/// ```
///
/// Resolution rules, in order:
/// 1. A family that is installed under the given name (ignoring case, spaces, hyphens and underscores).
/// 2. A FontSets alias (`Helvetica` → `Nimbus Sans`, `Liberation Sans`, …): the first target
///    that is installed.
/// 3. A CSS generic family (`sans-serif`, `serif`, `monospace`, …): fontconfig's choice.
/// 4. Otherwise fontconfig's substitute, marked ``ResolvedFace/MatchKind/substitute``; with
///    `strict: true`, an ``FontSetError/Kind/unknownFamily`` error with suggestions instead.
///
/// Within the family, ``FaceMatcher`` picks the face by width, style and weight.
public final class FontSet: Sendable {
  /// Where the font set gets its fonts.
  public struct Options: Sendable {
    /// The fontconfig configuration to start from.
    public var source: Source = .system
    /// Extra directories of font files, as for app-bundled fonts (`--font-dir`).
    public var fontDirectories: [String] = []
    /// Extra font files.
    public var fontFiles: [String] = []
    /// Whether the built-in FontSets definitions (`FontSets/aliases.json`) apply.
    public var includesBuiltInDefinitions = true
    /// More definitions, applied after the built-in ones; later ones win.
    public var definitions: [FontSetDefinition] = []

    /// Creates options; every property has a default.
    ///
    /// - Parameters:
    ///   - source: The fontconfig configuration to start from.
    ///   - fontDirectories: Extra font directories.
    ///   - fontFiles: Extra font files.
    ///   - definitions: Extra FontSets definitions.
    public init(
      source: Source = .system, fontDirectories: [String] = [], fontFiles: [String] = [],
      definitions: [FontSetDefinition] = []
    ) {
      self.source = source
      self.fontDirectories = fontDirectories
      self.fontFiles = fontFiles
      self.definitions = definitions
    }

    /// A fontconfig configuration.
    public enum Source: Sendable, Hashable {
      /// The system's and user's configuration files (`FONTCONFIG_FILE` is honored).
      case system
      /// Only these font directories, with generic families mapped to the given families and
      /// a cache in `cacheDirectory`: a hermetic configuration for tests and reproducible runs.
      case directories([String], generics: [String: [String]], cacheDirectory: String)
      /// A `<fontconfig>` XML document.
      case xml(String)
    }
  }

  /// The families that count as CSS generic families.
  public static let genericFamilies: Set<String> = [
    "sans-serif", "serif", "monospace", "cursive", "fantasy", "system-ui", "emoji", "math",
    "ui-sans-serif", "ui-serif", "ui-monospace", "ui-rounded",
  ]

  /// The longest family name, in UTF-8 bytes, that any API or command accepts.
  public static let maximumFamilyNameBytes = 256

  /// The generic families as normalized keys, so `Sans Serif` and `sans_serif` count too.
  private static let genericKeys = Set(genericFamilies.map(FontSetDefinition.normalized))

  /// The catalog listed when the font set was created; `nil` when it lists faces lazily (see
  /// ``LazyCatalog``, kept in the fontconfig state).
  private let listedCatalog: FontCatalog?
  let rules: DefinitionRules
  let fontconfig: Mutex<FontconfigState>
  private let cache = Mutex<[ResolveKey: ResolvedFace]>([:])
  private static let cacheLimit = 4096
  /// Each face file's axes and named instances' coordinates, read on first use, by file and
  /// face index.
  private let axesCache = Mutex<[AxesKey: (axes: [FontAxis], instances: [[Double]])]>([:])

  private struct AxesKey: Hashable {
    var file: String
    var index: Int
  }

  /// Creates a font set and lists its faces.
  ///
  /// - Parameter options: Where the fonts come from.
  /// - Throws: ``FontSetError`` when fontconfig fails, a font directory or file cannot be used,
  ///   or no face is installed at all.
  public convenience init(options: Options = Options()) throws(FontSetError) {
    try self.init(options: options, listsFacesLazily: false)
  }

  /// Creates a font set that lists its faces now, or only as far as its questions need.
  ///
  /// A lazy font set answers every question as an eager one does, but resolving a family lists
  /// only that family's faces, so a process that asks one question starts faster. The whole
  /// catalog is listed on the first question that needs it (``familyNames``, ``allFaces``,
  /// suggestions, an unknown family whose substitute is not listed).
  ///
  /// - Parameters:
  ///   - options: Where the fonts come from.
  ///   - listsFacesLazily: Whether to list faces only when needed.
  /// - Throws: ``FontSetError`` when fontconfig fails, a font directory or file cannot be used,
  ///   or no face is installed at all. A lazy font set whose configuration names families but
  ///   has no face Galley can use throws the "no fonts" error from the first question instead.
  package init(options: Options, listsFacesLazily: Bool) throws(FontSetError) {
    let configuration: FontconfigConfiguration
    switch options.source {
    case .system:
      configuration = try .system()
    case .xml(let xml):
      configuration = try .fromXML(xml)
    case .directories(let directories, let generics, let cacheDirectory):
      configuration = try .fromXML(
        Self.hermeticXML(directories: directories, generics: generics, cache: cacheDirectory))
    }
    for directory in options.fontDirectories { try configuration.addFontDirectory(directory) }
    for file in options.fontFiles { try configuration.addFontFile(file) }
    var definitions: [FontSetDefinition] = []
    if options.includesBuiltInDefinitions { definitions += FontSetDefinition.builtIn }
    definitions += options.definitions
    let rules = DefinitionRules(definitions)
    var state = FontconfigState(configuration: configuration, weightOverrides: rules.weights)
    if listsFacesLazily {
      guard state.catalog.hasFamilies(in: configuration) else { throw Self.noFaces }
      self.listedCatalog = nil
    } else {
      let catalog = FontCatalog(faces: configuration.listFaces(), weightOverrides: rules.weights)
      guard !catalog.faces.isEmpty else { throw Self.noFaces }
      self.listedCatalog = catalog
    }
    self.rules = rules
    self.fontconfig = Mutex(state)
  }

  /// The error for a configuration without a face Galley can use.
  private static var noFaces: FontSetError {
    FontSetError(.fontconfigFailed, "fontconfig lists no fonts at all")
  }

  /// The whole catalog: the one listed when the font set was created, or the lazy one, listed
  /// now if nothing needed it before.
  var catalog: FontCatalog {
    if let listedCatalog { return listedCatalog }
    return fontconfig.withLock { state in
      let configuration = state.configuration
      return state.catalog.catalog(in: configuration)
    }
  }

  /// The faces of the installed family with a normalized name, as the catalog orders them.
  ///
  /// - Parameter key: A normalized family name.
  /// - Returns: Its faces, or an empty array when no installed family has that key.
  private func faces(ofFamilyKey key: String) -> [FaceDescriptor] {
    if let listedCatalog { return listedCatalog.faces(ofFamilyKey: key) }
    return fontconfig.withLock { state in
      let configuration = state.configuration
      return state.catalog.faces(ofFamilyKey: key, in: configuration)
    }
  }

  /// Whether an installed family has a normalized name.
  ///
  /// - Parameter key: A normalized family name.
  /// - Returns: `true` when the catalog has faces for it.
  private func isInstalled(_ key: String) -> Bool {
    if let listedCatalog { return listedCatalog.faceIndicesByFamily[key] != nil }
    return !faces(ofFamilyKey: key).isEmpty
  }

  /// A `<fontconfig>` document that lists only `directories`, maps generic families, and
  /// keeps its cache in `cache`: what ``Options/Source/directories(_:generics:cacheDirectory:)``
  /// uses, and a file `galley --fontconfig` can read.
  ///
  /// - Parameters:
  ///   - directories: Font directories.
  ///   - generics: Generic family → preferred families.
  ///   - cache: A writable directory for fontconfig's cache.
  /// - Returns: The XML document.
  public static func hermeticXML(
    directories: [String], generics: [String: [String]], cache: String
  ) -> String {
    func escaped(_ text: String) -> String {
      var result = ""
      for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        default: result.append(character)
        }
      }
      return result
    }
    var xml = "<?xml version=\"1.0\"?>\n<fontconfig>\n"
    for directory in directories { xml += "  <dir>\(escaped(directory))</dir>\n" }
    xml += "  <cachedir>\(escaped(cache))</cachedir>\n"
    // As fontconfig's 49-sansserif.conf does: a pattern naming no generic family falls back to
    // sans-serif, so an unknown family gets the sans-serif face, not an arbitrary one.
    xml += "  <match target=\"pattern\"><edit name=\"family\" mode=\"append_last\">"
    xml += "<string>sans-serif</string></edit></match>\n"
    for (generic, families) in generics.sorted(by: { $0.key < $1.key }) {
      xml += "  <alias><family>\(escaped(generic))</family><prefer>"
      xml += families.map { "<family>\(escaped($0))</family>" }.joined()
      xml += "</prefer></alias>\n"
    }
    return xml + "</fontconfig>\n"
  }

  // MARK: Families

  /// Every installed family name, sorted.
  public var familyNames: [String] { catalog.familyNames }

  /// Every installed face, each once (a face may belong to several family names).
  public var allFaces: [FaceDescriptor] { catalog.faces }

  /// Every font file the set can draw with, sorted, each once: the files of every face
  /// fontconfig knows (the system's and the application's), read without listing the faces.
  ///
  /// With each file's size and modification date, it is what a cache key needs to change
  /// when a font is added, removed or replaced.
  public var fontFiles: [String] {
    fontconfig.withLock { state in state.configuration.listFontFiles() }
  }

  /// The fontconfig configuration files the set read, in order (none for a configuration
  /// made from XML in memory).
  ///
  /// Their rules choose the faces for generic names such as `sans-serif`: a cache key that
  /// holds them with their sizes and dates changes when a user edits them.
  public var configurationFiles: [String] {
    fontconfig.withLock { state in state.configuration.listConfigurationFiles() }
  }

  /// The faces of an installed family, by style, width and weight.
  ///
  /// - Parameter family: An installed family name (case, spaces, hyphens and underscores ignored).
  /// - Returns: Its faces, or an empty array when the family is not installed.
  public func faces(inFamily family: String) -> [FaceDescriptor] {
    faces(ofFamilyKey: FontSetDefinition.normalized(family))
  }

  /// The installed family that `family` stands for, and how it was found, without faces.
  ///
  /// - Parameters:
  ///   - family: A family name as a user wrote it.
  ///   - strict: Whether an unknown family is an error.
  /// - Returns: The installed family's normalized key and how it was matched.
  /// - Throws: ``FontSetError`` for an invalid name, or an unknown one in strict mode.
  func locate(
    _ family: String, strict: Bool
  ) throws(FontSetError) -> (key: String, matchedBy: ResolvedFace.MatchKind) {
    let trimmed = String(
      family.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard !trimmed.isEmpty, trimmed.utf8.count <= Self.maximumFamilyNameBytes else {
      throw FontSetError(
        .invalidFamilyName, "family names have 1 to \(Self.maximumFamilyNameBytes) bytes")
    }
    let key = FontSetDefinition.normalized(trimmed)
    if isInstalled(key) { return (key, .installed) }
    if let targets = rules.aliases[key] {
      for target in targets {
        let targetKey = FontSetDefinition.normalized(target)
        if isInstalled(targetKey) { return (targetKey, .alias) }
      }
    }
    let isGeneric = Self.genericKeys.contains(key)
    if !isGeneric, strict {
      // A lazy font set finds out here that it has no face, where an eager one threw.
      if catalog.faces.isEmpty { throw Self.noFaces }
      throw FontSetError(
        .unknownFamily, "no installed family is named '\(trimmed)'",
        suggestions: suggestions(for: trimmed))
    }
    let substitute = fontconfig.withLock { $0.substituteFamily(for: trimmed) }
    if let substitute, isInstalled(FontSetDefinition.normalized(substitute)) {
      return (FontSetDefinition.normalized(substitute), isGeneric ? .generic : .substitute)
    }
    // fontconfig named a family we did not list; fall back to the first family we have.
    let whole = catalog
    if whole.faces.isEmpty { throw Self.noFaces }
    let first = whole.familyNames.first.map(FontSetDefinition.normalized) ?? key
    return (first, isGeneric ? .generic : .substitute)
  }

  /// Installed family names close to `family`, best first.
  ///
  /// - Parameter family: A family name that is not installed.
  /// - Returns: Up to three names that start like it or are a few edits away.
  public func suggestions(for family: String) -> [String] {
    let wanted = FontSetDefinition.normalized(family)
    guard !wanted.isEmpty else { return [] }
    var scored: [(score: Int, name: String)] = []
    for (key, name) in catalog.displayNames {
      if key.hasPrefix(wanted) || wanted.hasPrefix(key) {
        scored.append((0, name))
      } else {
        let distance = EditDistance.between(wanted, key, limit: max(2, wanted.count / 3))
        if let distance { scored.append((distance, name)) }
      }
    }
    scored.sort { ($0.score, $0.name.count, $0.name) < ($1.score, $1.name.count, $1.name) }
    return Array(scored.prefix(3).map(\.name))
  }

  // MARK: Resolution

  private struct ResolveKey: Hashable {
    var family: String
    var weight: Int
    var isItalic: Bool
    var width: Int
  }

  /// Resolves a family, weight and italic to a face.
  ///
  /// - Parameters:
  ///   - family: A family name, an alias such as `Helvetica`, or a generic such as `serif`.
  ///   - weight: A DA ladder step (-3...3, 1 is bold) or a CSS weight (100...1000).
  ///   - italic: Whether italic is wanted.
  ///   - strict: Whether an unknown family is an error instead of a substitution.
  ///   - width: The width wanted, in percent of normal (CSS `font-stretch`).
  ///   - language: The text's language (a BCP 47 tag), or `nil`: a FontSets file may name the
  ///     family's families for it (``languageFamily(for:language:)``).
  /// - Returns: The face, with the synthesized and substitution flags.
  /// - Throws: ``FontSetError`` for an invalid weight or name, or an unknown family in strict
  ///   mode.
  public func resolve(
    family: String, weight: Int = 0, italic: Bool = false, strict: Bool = false,
    width: Int = 100, language: String? = nil
  ) throws(FontSetError) -> ResolvedFace {
    if let language, let chosen = languageFamily(for: family, language: language) {
      var resolved = try resolve(family: chosen, weight: weight, italic: italic, width: width)
      resolved.requestedFamily = family
      resolved.matchedBy = .language
      return resolved
    }
    let cssWeight = try FontWeight.cssWeight(weight)
    let key = ResolveKey(family: family, weight: weight, isItalic: italic, width: width)
    if let cached = cache.withLock({ $0[key] }) {
      if strict, cached.isSubstituted { _ = try locate(family, strict: true) }
      return cached
    }
    let (familyKey, matchedBy) = try locate(family, strict: strict)
    let faces = self.faces(ofFamilyKey: familyKey)
    var target = cssWeight
    if FontWeight.ladderSteps.contains(weight),
      let ladder = rules.ladders[FontSetDefinition.normalized(family)] ?? rules.ladders[familyKey],
      let entry = ladder[weight]
    {
      switch entry {
      case .weight(let value):
        target = value
      case .style(let style):
        let wanted = FontSetDefinition.normalized(style)
        if let face = faces.first(where: { FontSetDefinition.normalized($0.style) == wanted }) {
          target = face.weight
        }
      }
    }
    guard
      let face = FaceMatcher.bestFace(in: faces, weight: target, isItalic: italic, width: width)
    else {
      throw FontSetError(.fontconfigFailed, "the family '\(family)' has no faces")
    }
    let styling = FaceStyling(
      face: face, axes: axes(of: face), weight: target, italic: italic, width: width)
    let result = ResolvedFace(
      face: face, requestedFamily: family, requestedWeight: target, isItalicRequested: italic,
      matchedBy: matchedBy, synthesizedItalic: styling.synthesizesItalic,
      synthesizedBold: styling.synthesizesBold, variations: styling.variations)
    cache.withLock { cache in
      if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
      cache[key] = result
    }
    return result
  }

  // MARK: Descriptions

  /// Resolves a font description: its first family that is installed (or an alias or a
  /// generic family), else the first one's substitute; its weight (400 by default), italic
  /// for an italic or oblique style, and width.
  ///
  /// The description's own coordinates and features are the caller's to apply (layout
  /// options); its size is the caller's too.
  ///
  /// - Parameters:
  ///   - description: The description.
  ///   - strict: Whether a description none of whose families is known is an error.
  /// - Returns: The face.
  /// - Throws: ``FontSetError`` as ``resolve(family:weight:italic:strict:width:)`` does.
  public func resolve(
    _ description: FontDescription, strict: Bool = false
  ) throws(FontSetError) -> ResolvedFace {
    try resolve(
      family: family(for: description), weight: description.weight ?? 400,
      italic: (description.slant ?? .upright) != .upright, strict: strict,
      width: description.resolvedWidth)
  }

  /// The family a description resolves: its first family that is installed, an alias or a
  /// generic family, else its first (which fontconfig substitutes); `sans-serif` for none.
  ///
  /// - Parameter description: The description.
  /// - Returns: The family name, as the description writes it.
  public func family(for description: FontDescription) -> String {
    let families = description.families.isEmpty ? ["sans-serif"] : description.families
    let known = families.first { family in
      guard let found = try? locate(family, strict: true) else { return false }
      return found.matchedBy != .substitute
    }
    return known ?? families[0]
  }

  /// The Pango description of a resolved face: its family, weight, style and width (each
  /// left unset at its default value), and the coordinates its weight and italic set
  /// (``ResolvedFace/variations``).
  ///
  /// - Parameters:
  ///   - resolved: A resolved face.
  ///   - asked: The description it was resolved from, whose variant, size, coordinates and
  ///     features the result keeps (its coordinates over the face's).
  /// - Returns: The description, such as `DejaVu Sans Bold Oblique 12`.
  public func describe(
    _ resolved: ResolvedFace, asked: FontDescription = FontDescription()
  ) -> FontDescription {
    let face = resolved.face
    return FontDescription(
      families: [face.family], weight: face.weight == 400 ? nil : face.weight,
      slant: face.slant == .upright ? nil : face.slant,
      width: face.width == 100 ? nil : PangoWords.namedWidth(near: Double(face.width)),
      variant: asked.variant,
      size: asked.size, variations: resolved.variations.merging(asked.variations),
      features: asked.features)
  }

  // MARK: Variable faces

  /// The design axes of a face's font file (its `fvar` table), read once per face; empty for
  /// a face that is not variable.
  ///
  /// - Parameter face: A face of the set, or any face descriptor.
  /// - Returns: The axes, in the font's order.
  public func axes(of face: FaceDescriptor) -> [FontAxis] { variableFont(of: face).axes }

  /// The named instances of a face's variable font, in the font's order: each one's style name
  /// (fontconfig's; an instance at the default coordinates that the set lists only as the
  /// default face takes that face's) and coordinates (from `fvar`); empty for a face that is
  /// not variable.
  ///
  /// - Parameter face: A face of the set.
  /// - Returns: The instances.
  public func namedInstances(of face: FaceDescriptor) -> [(
    name: String, coordinates: FontVariations
  )] {
    let font = variableFont(of: face)
    guard !font.axes.isEmpty else { return [] }
    var styles: [Int: String] = [:]
    for sibling in faces(ofFamilyKey: FontSetDefinition.normalized(face.family))
    where sibling.file == face.file && sibling.index & 0xFFFF == face.index & 0xFFFF {
      styles[sibling.index >> 16] = sibling.style
    }
    let defaults = font.axes.map(\.defaultValue)
    return font.instances.enumerated().compactMap { number, values in
      guard let name = styles[number + 1] ?? (values == defaults ? styles[0] : nil) else {
        return nil
      }
      let coordinates = zip(font.axes, values).compactMap {
        FontVariations.Variation(tag: $0.tag, value: $1)
      }
      return (name, FontVariations(coordinates))
    }
  }

  /// A face's axes and named instances' coordinates, read once per face.
  private func variableFont(of face: FaceDescriptor) -> (axes: [FontAxis], instances: [[Double]]) {
    let key = AxesKey(file: face.file, index: face.index & 0xFFFF)
    if let known = axesCache.withLock({ $0[key] }) { return known }
    let font = FontAxesReader.read(file: face.file, index: face.index)
    axesCache.withLock { cache in
      if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
      cache[key] = font
    }
    return font
  }

  /// How `face` draws a CSS weight and italic: the coordinates to set on its axes and what to
  /// synthesize (``FaceStyling``).
  ///
  /// - Parameters:
  ///   - face: A face of the set.
  ///   - weight: A CSS weight.
  ///   - italic: Whether italic is asked for.
  /// - Returns: The styling.
  public func styling(of face: FaceDescriptor, weight: Int, italic: Bool) -> FaceStyling {
    FaceStyling(face: face, axes: axes(of: face), weight: weight, italic: italic)
  }

  // MARK: Relative changes (DAFontSet's operations)

  /// The same request at another weight.
  ///
  /// The relative operations start again from the original request (its family name, so an
  /// alias and its ladder still apply, and its italic), not from the face it gave.
  ///
  /// - Parameters:
  ///   - resolved: A resolved face.
  ///   - weight: A ladder step or CSS weight.
  /// - Returns: The face for the new weight.
  /// - Throws: ``FontSetError/Kind/invalidWeight`` for an invalid weight.
  public func changingWeight(
    of resolved: ResolvedFace, to weight: Int
  ) throws(FontSetError) -> ResolvedFace {
    try resolve(
      family: resolved.requestedFamily, weight: weight, italic: resolved.isItalicRequested)
  }

  /// The face `steps` weights heavier (or lighter, for negative steps) among the weights the
  /// family really has in this style; it stops at the lightest and heaviest.
  ///
  /// - Parameters:
  ///   - resolved: A resolved face.
  ///   - steps: How many of the family's weights to move.
  /// - Returns: The face at the new weight.
  public func changingWeight(of resolved: ResolvedFace, by steps: Int) -> ResolvedFace {
    let faces = self.faces(ofFamilyKey: FontSetDefinition.normalized(resolved.face.family))
    let weights = Set(
      faces.filter { $0.slant == resolved.face.slant && $0.width == resolved.face.width }
        .map(\.weight)
    ).sorted()
    guard let current = weights.firstIndex(of: resolved.face.weight) else { return resolved }
    let target = weights[min(max(current + steps, 0), weights.count - 1)]
    return (try? changingWeight(of: resolved, to: target)) ?? resolved
  }

  /// The italic (or oblique) version of a face, or the upright one marked for synthesis.
  ///
  /// - Parameter resolved: A resolved face.
  /// - Returns: The face for italic at the same weight.
  public func italic(of resolved: ResolvedFace) -> ResolvedFace {
    (try? resolve(family: resolved.requestedFamily, weight: resolved.requestedWeight, italic: true))
      ?? resolved
  }

  /// The upright version of a face.
  ///
  /// - Parameter resolved: A resolved face.
  /// - Returns: The face for upright text at the same weight.
  public func upright(of resolved: ResolvedFace) -> ResolvedFace {
    (try? resolve(
      family: resolved.requestedFamily, weight: resolved.requestedWeight, italic: false))
      ?? resolved
  }

  /// Which face each DA ladder step gives in a family, upright.
  ///
  /// - Parameter family: A family name.
  /// - Returns: Steps -3...3 with their faces, or an empty array for an invalid name.
  public func ladder(forFamily family: String) -> [(step: Int, face: ResolvedFace)] {
    FontWeight.ladderSteps.compactMap { step in
      (try? resolve(family: family, weight: step)).map { (step, $0) }
    }
  }
}
