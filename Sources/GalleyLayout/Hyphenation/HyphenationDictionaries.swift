import Synchronization

#if canImport(Glibc)
internal import Glibc
#endif

/// Where hyphenation dictionaries are found, and the ones loaded so far.
///
/// A dictionary is a libhyphen pattern file named after its language, `hyph_de_DE.dic`, as
/// Debian's `hyphen-*` packages install them in `/usr/share/hyphen` (``system``). A language
/// tag finds its file by its subtags, most specific first: `de-CH` tries `hyph_de_CH.dic`, then
/// `hyph_de.dic`, then the first `hyph_de_*.dic` in name order; `sr-Latn-RS` also tries the
/// script (`hyph_sr_Latn_RS.dic`, `hyph_sr_Latn.dic`). Directories are searched in order for
/// each candidate name.
///
/// Each file is loaded once, when a layout first needs it, and kept for the life of the set:
/// a server pays a large dictionary's load (German's takes about 2.5 seconds and 40 MB) once.
/// Loading is thread-safe, and a thread waits only for the dictionary it asks for.
public final class HyphenationDictionaries: Sendable {
  /// The directories searched, in order.
  public let directories: [String]
  /// What each language tag found (`nil`: no file), by tag as written.
  private let files = Mutex<[String: String?]>([:])
  /// Each file's dictionary, by the file's real path (so `hyph_de.dic` and `hyph_de_CH.dic`,
  /// links to one file, load it once).
  private let slots = Mutex<[String: DictionarySlot]>([:])

  /// The machine's dictionaries, the set every engine uses unless told otherwise.
  ///
  /// They are in the directories `GALLEY_HYPHENATION_PATH` lists (colon-separated) when it is
  /// set, else in `/usr/share/hyphen`.
  public static let system = HyphenationDictionaries(
    directories: getenv("GALLEY_HYPHENATION_PATH").map { path in
      String(cString: path).split(separator: ":").map(String.init)
    } ?? ["/usr/share/hyphen"])

  /// A set that searches `directories`, in order.
  ///
  /// - Parameter directories: Folders holding `hyph_*.dic` files.
  public init(directories: [String]) {
    self.directories = directories
  }

  /// The dictionary file a language tag finds, or `nil` when there is none.
  ///
  /// - Parameter language: A BCP 47 tag (`en-US`, `de_CH`, `fr`); its subtags are letters and
  ///   digits, so a tag never names a path outside the directories.
  /// - Returns: The file's path.
  public func file(for language: String) -> String? {
    if let known = files.withLock({ $0[language] }) { return known }
    let found = Self.candidateNames(for: language).lazy.compactMap(find).first
    files.withLock { $0[language] = .some(found) }
    return found
  }

  /// The loaded dictionary of a language, or `nil` when it has none or its file cannot be
  /// read.
  func dictionary(for language: String) -> HyphenationDictionary? {
    guard let path = file(for: language) else { return nil }
    let key = realpath(path, nil).map { resolved in
      defer { free(resolved) }
      return String(cString: resolved)
    }
    let slot = slots.withLock { slots in
      if let slot = slots[key ?? path] { return slot }
      let slot = DictionarySlot(path: path)
      slots[key ?? path] = slot
      return slot
    }
    return slot.dictionary
  }

  /// The file names a tag may find, most specific first (the last a prefix for
  /// ``firstFile(startingWith:)``, marked by a trailing `_`); empty for a tag that is not a
  /// language tag.
  static func candidateNames(for language: String) -> [String] {
    let subtags = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    guard let primary = subtags.first, (2...3).contains(primary.count), language.count <= 64,
      subtags.allSatisfy({
        !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      })
    else { return [] }
    let lang = primary.lowercased()
    var script: String?
    var region: String?
    for subtag in subtags.dropFirst() {
      if subtag.count == 4, script == nil, region == nil, subtag.allSatisfy(\.isLetter) {
        script = subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
      } else if region == nil,
        subtag.count == 2 || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
      {
        region = subtag.uppercased()
      }
    }
    var names: [String] = []
    if let script, let region { names.append("hyph_\(lang)_\(script)_\(region).dic") }
    if let region { names.append("hyph_\(lang)_\(region).dic") }
    if let script { names.append("hyph_\(lang)_\(script).dic") }
    names.append("hyph_\(lang).dic")
    names.append("hyph_\(lang)_")
    return names
  }

  /// The first directory's file of that name, or (for a name ending in `_`) the first file in
  /// name order that starts with it and ends in `.dic`.
  private func find(_ name: String) -> String? {
    for directory in directories {
      if name.hasSuffix("_") {
        if let file = Self.firstFile(in: directory, startingWith: name) {
          return directory + "/" + file
        }
      } else if access(directory + "/" + name, R_OK) == 0 {
        return directory + "/" + name
      }
    }
    return nil
  }

  /// The first file of a directory, in name order, that starts with `prefix` and ends in
  /// `.dic`.
  private static func firstFile(in directory: String, startingWith prefix: String) -> String? {
    guard let stream = opendir(directory) else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix), name.hasSuffix(".dic") { names.append(name) }
    }
    return names.min()
  }
}

/// One dictionary file's place in ``HyphenationDictionaries``: loaded on first use, under its
/// own lock, so other languages do not wait for it.
private final class DictionarySlot: Sendable {
  private let path: String
  private let state = Mutex<State>(.unloaded)

  private enum State {
    case unloaded
    case loaded(HyphenationDictionary?)
  }

  init(path: String) { self.path = path }

  /// The dictionary, loaded now if it is not yet; `nil` when libhyphen cannot read the file.
  var dictionary: HyphenationDictionary? {
    state.withLock { state in
      if case .loaded(let dictionary) = state { return dictionary }
      let dictionary = HyphenationDictionary(path: path)
      state = .loaded(dictionary)
      return dictionary
    }
  }
}
