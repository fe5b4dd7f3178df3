internal import CFontconfig

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Owns an `FcConfig`: the set of font directories, rules and cached faces that fontconfig
/// answers queries from.
///
/// Not `Sendable`: ``FontSet`` keeps it behind a mutex, so one thread at a time calls into it.
/// The corresponding C functions are `FcInitLoadConfigAndFonts`, `FcConfigCreate`,
/// `FcConfigParseAndLoadFromMemory`, `FcConfigBuildFonts` and `FcConfigDestroy`.
final class FontconfigConfiguration {
  let handle: OpaquePointer  // FcConfig *

  private init(adopting handle: OpaquePointer) {
    self.handle = handle
  }

  deinit { FcConfigDestroy(handle) }

  /// The configuration the system and user files describe (`FONTCONFIG_FILE` is honored).
  static func system() throws(FontSetError) -> FontconfigConfiguration {
    guard let handle = FcInitLoadConfigAndFonts() else {
      throw FontSetError(.fontconfigFailed, "fontconfig could not load its configuration")
    }
    return FontconfigConfiguration(adopting: handle)
  }

  /// A configuration made only of the given XML (a `<fontconfig>` document).
  static func fromXML(_ xml: String) throws(FontSetError) -> FontconfigConfiguration {
    guard let handle = FcConfigCreate() else {
      throw FontSetError(.fontconfigFailed, "fontconfig could not create a configuration")
    }
    let configuration = FontconfigConfiguration(adopting: handle)
    let parsed = withFontconfigString(xml) {
      FcConfigParseAndLoadFromMemory(handle, $0, FcBool(FcTrue))
    }
    guard parsed == FcTrue, FcConfigBuildFonts(handle) == FcTrue else {
      throw FontSetError(.fontconfigFailed, "fontconfig rejected the configuration XML")
    }
    return configuration
  }

  /// Adds a directory of font files, as `FcConfigAppFontAddDir` does.
  func addFontDirectory(_ path: String) throws(FontSetError) {
    // stat follows symbolic links, so a link to a font directory is accepted.
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw FontSetError(.fontFileUnusable, "'\(path)' is not a directory")
    }
    let added = withFontconfigString(path) { FcConfigAppFontAddDir(handle, $0) }
    guard added == FcTrue else {
      throw FontSetError(.fontFileUnusable, "fontconfig could not read the directory '\(path)'")
    }
  }

  /// Adds one font file, as `FcConfigAppFontAddFile` does.
  func addFontFile(_ path: String) throws(FontSetError) {
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw FontSetError(.fontFileUnusable, "cannot read the font file '\(path)'")
    }
    let added = withFontconfigString(path) { FcConfigAppFontAddFile(handle, $0) }
    guard added == FcTrue else {
      throw FontSetError(.fontFileUnusable, "'\(path)' is not a font file fontconfig can read")
    }
  }

  /// Every face the configuration knows, or those with one family name, copied into Swift
  /// values.
  ///
  /// - Parameter family: A family name as fontconfig spells it; `nil` lists every face.
  /// - Returns: The faces fontconfig lists (for a family, every face that has that name, in
  ///   fontconfig's own comparison, and maybe more).
  func listFaces(family: String? = nil) -> [FaceDescriptor] {
    guard let pattern = Pattern(), let objects = ObjectSet(FaceDescriptor.fontconfigObjects)
    else { return [] }
    if let family { pattern.add(FC_FAMILY, family) }
    guard let set = FcFontList(handle, pattern.handle, objects.handle) else { return [] }
    defer { FcFontSetDestroy(set) }
    var faces: [FaceDescriptor] = []
    faces.reserveCapacity(Int(set.pointee.nfont))
    for position in 0..<Int(set.pointee.nfont) {
      guard let font = set.pointee.fonts[position],
        let face = FaceDescriptor(pattern: Pattern(retaining: font))
      else { continue }
      faces.append(face)
    }
    return faces
  }

  /// Every family name of every face the configuration knows, each once.
  ///
  /// Read from fontconfig's two font sets, the system's and the application's (the ones
  /// `FcFontList` lists), face by face. `FcFontList` would first merge the faces that share
  /// their names, which costs more than reading every name: for 623 faces, 2.0 million
  /// instructions in `FcFontList` against 1.1 million for this whole function, with the same
  /// names.
  ///
  /// - Returns: The names.
  func listFamilyNames() -> Set<String> {
    var names: Set<String> = []
    for setName in [FcSetSystem, FcSetApplication] {
      // Owned by the configuration, which outlives this loop.
      guard let set = FcConfigGetFonts(handle, setName) else { continue }
      for position in 0..<Int(set.pointee.nfont) {
        guard let font = set.pointee.fonts[position] else { continue }
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(font, FC_FAMILY, index, &value) == FcResultMatch, let value {
          names.insert(String(cString: value))  // points into the pattern: copy now
          index += 1
        }
      }
    }
    return names
  }

  /// The file of every face in fontconfig's two font sets, the system's and the
  /// application's, sorted, each once.
  ///
  /// - Returns: The paths.
  func listFontFiles() -> [String] {
    var files: Set<String> = []
    for setName in [FcSetSystem, FcSetApplication] {
      // Owned by the configuration, which outlives this loop.
      guard let set = FcConfigGetFonts(handle, setName) else { continue }
      for position in 0..<Int(set.pointee.nfont) {
        guard let font = set.pointee.fonts[position] else { continue }
        var value: UnsafeMutablePointer<FcChar8>?
        if FcPatternGetString(font, FC_FILE, 0, &value) == FcResultMatch, let value {
          files.insert(String(cString: value))  // points into the pattern: copy now
        }
      }
    }
    return files.sorted()
  }

  /// The configuration files fontconfig read (`FcConfigGetConfigFiles`), in order.
  ///
  /// - Returns: The paths.
  func listConfigurationFiles() -> [String] {
    guard let list = FcConfigGetConfigFiles(handle) else { return [] }
    defer { FcStrListDone(list) }
    var files: [String] = []
    while let file = FcStrListNext(list) { files.append(String(cString: file)) }
    return files
  }

  /// The family fontconfig would use for `family` after its substitution rules.
  func substituteFamily(for family: String, language: String?) -> String? {
    guard let pattern = Pattern() else { return nil }
    pattern.add(FC_FAMILY, family)
    if let language { pattern.add(FC_LANG, FontconfigLanguage.tag(for: language)) }
    FcConfigSubstitute(handle, pattern.handle, FcMatchPattern)
    FcDefaultSubstitute(pattern.handle)
    var result = FcResultMatch
    guard let match = FcFontMatch(handle, pattern.handle, &result) else { return nil }
    return Pattern(adopting: match).string(FC_FAMILY)
  }

  /// The faces fontconfig ranks for a style, best first, each with its character coverage.
  func sortedFallbacks(
    family: String, cssWeight: Int, isItalic: Bool, language: String?
  ) -> FallbackList? {
    guard let pattern = Pattern() else { return nil }
    pattern.add(FC_FAMILY, family)
    pattern.add(FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(cssWeight))))
    pattern.add(FC_SLANT, isItalic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
    if let language { pattern.add(FC_LANG, FontconfigLanguage.tag(for: language)) }
    FcConfigSubstitute(handle, pattern.handle, FcMatchPattern)
    FcDefaultSubstitute(pattern.handle)
    var result = FcResultMatch
    guard let set = FcFontSort(handle, pattern.handle, FcBool(FcTrue), nil, &result) else {
      return nil
    }
    return FallbackList(adopting: set)
  }

  /// The character coverage of one face, or `nil` when fontconfig does not know the face.
  func coverage(of face: FaceDescriptor) -> CharacterCoverage? {
    guard let pattern = Pattern(), let objects = ObjectSet([FC_CHARSET]) else { return nil }
    pattern.add(FC_FILE, face.file)
    pattern.add(FC_INDEX, Int32(truncatingIfNeeded: face.index))
    guard let set = FcFontList(handle, pattern.handle, objects.handle) else { return nil }
    return CharacterCoverage(adoptingSetWithOneFace: set)
  }
}
