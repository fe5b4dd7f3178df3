#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat(2)` says about a file: its type, size, permissions and identity.
package struct FileStatus: Hashable, Sendable {
  /// The type of a file.
  package enum Kind: Hashable, Sendable {
    /// A regular file.
    case regular
    /// A folder.
    case directory
    /// A named pipe, or an anonymous pipe reached through `/dev/fd`.
    case fifo
    /// A character device such as `/dev/null` or a terminal.
    case characterDevice
    /// A block device such as a disk.
    case blockDevice
    /// A Unix-domain socket.
    case socket
    /// A symbolic link (only from ``FileStatus/of(_:followingLinks:)`` with `false`).
    case symbolicLink
  }

  /// The type of the file.
  package var kind: Kind
  /// The size in bytes; meaningful for regular files only.
  package var size: Int
  /// The permission bits (`st_mode & 0o7777`).
  package var permissions: UInt32
  /// The device that holds the file (`st_dev`).
  package var device: UInt64
  /// The file's number on its device (`st_ino`).
  package var inode: UInt64
  /// How many names (hard links) the file has (`st_nlink`).
  package var linkCount: Int
  /// The owner's user ID.
  package var owner: UInt32
  /// The owner's group ID.
  package var group: UInt32
  /// The last modification, in seconds since 1970 (`st_mtim`).
  package var modified: Double
  /// The last change of the file's content or status, in seconds since 1970 (`st_ctim`):
  /// unlike ``modified``, no program can set it back.
  package var changed: Double

  /// Converts the C structure.
  ///
  /// - Parameter raw: What `stat`, `lstat` or `fstat` filled in.
  package init(_ raw: stat) {
    switch raw.st_mode & UInt32(S_IFMT) {
    case UInt32(S_IFDIR): kind = .directory
    case UInt32(S_IFIFO): kind = .fifo
    case UInt32(S_IFCHR): kind = .characterDevice
    case UInt32(S_IFBLK): kind = .blockDevice
    case UInt32(S_IFSOCK): kind = .socket
    case UInt32(S_IFLNK): kind = .symbolicLink
    default: kind = .regular
    }
    size = Int(raw.st_size)
    permissions = UInt32(raw.st_mode) & 0o7777
    device = UInt64(raw.st_dev)
    inode = UInt64(raw.st_ino)
    linkCount = Int(raw.st_nlink)
    owner = UInt32(raw.st_uid)
    group = UInt32(raw.st_gid)
    modified = Double(raw.st_mtim.tv_sec) + Double(raw.st_mtim.tv_nsec) / 1e9
    changed = Double(raw.st_ctim.tv_sec) + Double(raw.st_ctim.tv_nsec) / 1e9
  }

  /// Whether two statuses describe the same file: the same device and inode.
  ///
  /// - Parameter other: Another status.
  /// - Returns: `true` for two names (or descriptors) of one file.
  package func isSameFile(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }

  /// The status of the file at a path (`stat(2)` or `lstat(2)`).
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - followingLinks: `false` to describe a symbolic link itself.
  /// - Returns: The status.
  /// - Throws: ``FileError`` from `errno`.
  package static func of(_ path: String, followingLinks: Bool = true) throws(FileError)
    -> FileStatus
  {
    var raw = stat()
    let result = followingLinks ? stat(path, &raw) : lstat(path, &raw)
    guard result == 0 else { throw FileError(errno: errno) }
    return FileStatus(raw)
  }
}
