import Foundation
import GalleySupport

/// Finds catalog files (given, or found in folders recursively by their format) and reads
/// them into a ``CatalogSet``.
package enum CatalogLoader {
  /// The largest catalog file read, in bytes.
  package static let maximumFileBytes = 64 << 20

  /// Reads catalogs from files and folders.
  ///
  /// A file named directly must be of a format `galley check` reads; a folder's files of
  /// other formats, hidden files and folders, files whose path names no locale (a JSON file
  /// neither named nor in a folder named after one, a `.strings` file outside `.lproj`) and
  /// Android folders for other configurations (`values-night`) are skipped.
  ///
  /// - Parameters:
  ///   - paths: Files and folders.
  ///   - sourceLocale: The locale of the source strings.
  ///   - excluding: Files not to read (the spec).
  /// - Returns: The catalogs.
  /// - Throws: ``CatalogError`` for a path that cannot be read or a file that does not.
  package static func load(
    _ paths: [String], sourceLocale: String, excluding: Set<String> = []
  ) throws(CatalogError) -> CatalogSet {
    var set = CatalogSet(sourceLocale: sourceLocale)
    for path in paths {
      let status: FileStatus
      do {
        status = try FileStatus.of(path)
      } catch {
        throw CatalogError(file: path, "cannot be read: \(error.reason)")
      }
      if status.kind == .directory {
        for file in try files(in: path) where !excluding.contains(file) {
          try read(file, into: &set)
        }
      } else {
        try read(path, into: &set)
      }
    }
    return set
  }

  /// The catalog files below a folder, in sorted order.
  private static func files(in folder: String) throws(CatalogError) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
      throw CatalogError(file: folder, "cannot be listed")
    }
    var found: [String] = []
    let base = folder.hasSuffix("/") ? folder : folder + "/"
    while let relative = enumerator.nextObject() as? String {
      if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
        enumerator.skipDescendants()
        continue
      }
      let path = base + relative
      guard let format = CatalogFormat.of(path: path), locatable(path, format: format),
        (try? FileStatus.of(path))?.kind == .regular
      else { continue }
      found.append(path)
    }
    return found.sorted()
  }

  /// Whether a file found in a folder has a locale its reader can tell from the path or
  /// content.
  private static func locatable(_ path: String, format: CatalogFormat) -> Bool {
    let folder = path.split(separator: "/").dropLast().last ?? ""
    switch format {
    case .strings, .stringsdict: return LocaleTag.lproj(folder: folder) != nil
    case .json: return JSONCatalogReader.locale(of: path) != nil
    case .android: return LocaleTag.android(folder: folder) != nil
    case .xcstrings, .xliff, .gettext: return true
    }
  }

  /// Reads catalogs given as names and contents (a request's), no file opened: each name is
  /// a path as a folder would hold it, which says the format and the locale.
  ///
  /// - Parameters:
  ///   - files: Each file's path and bytes.
  ///   - sourceLocale: The locale of the source strings.
  /// - Returns: The catalogs.
  /// - Throws: ``CatalogError`` for a name of no format, or contents that do not read.
  package static func load(
    files: [(path: String, bytes: [UInt8])], sourceLocale: String
  ) throws(CatalogError) -> CatalogSet {
    var set = CatalogSet(sourceLocale: sourceLocale)
    for file in files { try parse(file.bytes, path: file.path, into: &set) }
    return set
  }

  /// Reads one file into the set.
  private static func read(_ path: String, into set: inout CatalogSet) throws(CatalogError) {
    guard CatalogFormat.of(path: path) != nil else { throw unknownFormat(path) }
    let bytes: [UInt8]
    do {
      bytes = try BoundedFileReader.read(path: path, limit: maximumFileBytes)
    } catch {
      throw CatalogError(file: path, "cannot be read: \(error.reason)")
    }
    try parse(bytes, path: path, into: &set)
  }

  private static func unknownFormat(_ path: String) -> CatalogError {
    CatalogError(
      file: path,
      "is not a catalog galley check reads (.xcstrings, .strings, .stringsdict, "
        + "values*/strings.xml, .xliff, .xlf, .po, .pot, .json)")
  }

  /// Parses one file's bytes into the set.
  private static func parse(
    _ bytes: [UInt8], path: String, into set: inout CatalogSet
  ) throws(CatalogError) {
    guard let format = CatalogFormat.of(path: path) else { throw unknownFormat(path) }
    let source = set.sourceLocale
    let catalogs: [Catalog]
    switch format {
    case .android: catalogs = try AndroidReader.read(bytes, file: path, sourceLocale: source)
    case .strings: catalogs = try StringsReader.read(bytes, file: path, sourceLocale: source)
    case .stringsdict:
      catalogs = try StringsDictReader.read(bytes, file: path, sourceLocale: source)
    case .xcstrings: catalogs = try XCStringsReader.read(bytes, file: path)
    case .xliff: catalogs = try XLIFFReader.read(bytes, file: path, sourceLocale: source)
    case .gettext: catalogs = try POReader.read(bytes, file: path, sourceLocale: source)
    case .json: catalogs = try JSONCatalogReader.read(bytes, file: path, sourceLocale: source)
    }
    set.files.append(path)
    for catalog in catalogs { set.add(catalog) }
  }
}
