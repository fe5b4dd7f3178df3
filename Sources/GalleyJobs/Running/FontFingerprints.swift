import GalleySupport

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The content hashes of font and configuration files (``GalleySupport/StableHash``),
/// remembered in a file of a cache directory under each file's identity (device, inode, size,
/// modification and change times), so a file is read again only after it changed.
///
/// The memo is one line per file, `device inode size modified changed hash path`; a line that
/// does not read is ignored, and the memo is replaced whole (written aside, then renamed), so
/// processes sharing a directory never read half of one. Hashing a desktop's fonts (about
/// 200 MB) takes a fraction of a second once; later a start only reads the memo and stats the
/// files.
package struct FontFingerprints {
  /// The memo's file name in a cache directory.
  package static let fileName = "font-fingerprints"

  private struct Entry: Equatable {
    var identity: String
    var hash: String
  }

  private let directory: String?
  private var memoPath: String? { directory.map { "\($0)/\(Self.fileName)" } }
  private var entries: [String: Entry] = [:]
  private var changed = false

  /// Reads the memo of a directory, if any.
  ///
  /// - Parameter directory: The cache directory, or `nil` to hash every file each time.
  package init(directory: String?) {
    self.directory = directory
    guard let memoPath,
      let text = try? BoundedFileReader.readText(path: memoPath, limit: 64 << 20)
    else { return }
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: false)
      guard fields.count == 7, fields[5].count == 32 else { continue }
      entries[String(fields[6])] = Entry(
        identity: fields[0..<5].joined(separator: " "), hash: String(fields[5]))
    }
  }

  /// A file's content hash, or `missing` (no such file) or `unreadable`.
  ///
  /// - Parameter path: The file.
  /// - Returns: The hash from the memo when the file's identity is unchanged, else read.
  package mutating func fingerprint(of path: String) -> String {
    guard let status = try? FileStatus.of(path) else { return "missing" }
    let identity =
      "\(status.device) \(status.inode) \(status.size) \(status.modified) \(status.changed)"
    if let entry = entries[path], entry.identity == identity { return entry.hash }
    guard let hash = try? StableHash.hex(ofFile: path) else { return "unreadable" }
    // A path with a line break cannot be a memo line: such a file is hashed every time.
    if !path.contains("\n") {
      entries[path] = Entry(identity: identity, hash: hash)
      changed = true
    }
    return hash
  }

  /// Writes the memo back when a file was hashed; a memo that cannot be written is left as
  /// it was (the hashes are then computed again next time).
  package func save() {
    guard changed, let directory, let memoPath else { return }
    let text = entries.keys.sorted().map { path in
      let entry = entries[path] ?? Entry(identity: "", hash: "")
      return "\(entry.identity) \(entry.hash) \(path)\n"
    }
    // Named as the disk cache names its temporary files, which it removes when stale.
    let aside =
      "\(directory)/.\(Self.fileName).\(UInt64.random(in: 0...UInt64.max))"
      + ".galley-cache-partial"
    guard FileManager.default.createFile(atPath: aside, contents: Data(text.joined().utf8))
    else { return }
    if rename(aside, memoPath) != 0 { try? FileManager.default.removeItem(atPath: aside) }
  }
}
