#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written: a stable kind and a short reason for people.
///
/// The reason does not name the file; the caller puts the path in front, as in
/// `notes.galley: error: no such file`.
package struct FileError: Error, Hashable, Sendable {
  /// A stable category of file problem.
  package struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the kind, such as `noSuchFile`.
    package var rawValue: String

    /// Creates a kind from its name.
    ///
    /// - Parameter rawValue: The name of the kind.
    package init(rawValue: String) { self.rawValue = rawValue }

    /// The name of the kind.
    package var description: String { rawValue }

    /// The file, or a folder on its path, does not exist (`ENOENT`).
    package static let noSuchFile = Kind(rawValue: "noSuchFile")
    /// The file or its folder may not be read or written (`EACCES`, `EPERM`, `EROFS`).
    package static let permissionDenied = Kind(rawValue: "permissionDenied")
    /// The path names a folder where a file was expected (`EISDIR`).
    package static let isDirectory = Kind(rawValue: "isDirectory")
    /// The file is larger than the reader's limit.
    package static let tooLarge = Kind(rawValue: "tooLarge")
    /// The file is not valid UTF-8.
    package static let notUTF8 = Kind(rawValue: "notUTF8")
    /// Any other failure of the system call.
    package static let system = Kind(rawValue: "system")
  }

  /// The category of the problem.
  package var kind: Kind
  /// A short lower-case reason without the path, such as `no such file`.
  package var reason: String
  /// The `errno` value behind the problem, or 0 when it did not come from a system call.
  package var code: Int32

  /// Creates an error from its parts.
  ///
  /// - Parameters:
  ///   - kind: The category.
  ///   - reason: The reason for people, without the path.
  ///   - code: The `errno` value, or 0.
  package init(_ kind: Kind, _ reason: String, code: Int32 = 0) {
    self.kind = kind
    self.reason = reason
    self.code = code
  }

  /// Creates an error from a failed system call's `errno`, with a reason in plain words.
  ///
  /// - Parameter code: The `errno` value.
  package init(errno code: Int32) {
    switch code {
    case ENOENT: self.init(.noSuchFile, "no such file", code: code)
    case EACCES, EPERM: self.init(.permissionDenied, "permission denied", code: code)
    case EROFS: self.init(.permissionDenied, "the file system is read-only", code: code)
    case EISDIR: self.init(.isDirectory, "is a directory, not a file", code: code)
    case ENOTDIR: self.init(.noSuchFile, "a folder on the path is a file", code: code)
    case ELOOP: self.init(.system, "too many symbolic links", code: code)
    case ENAMETOOLONG: self.init(.system, "the name is too long", code: code)
    case ENOSPC: self.init(.system, "no space left on the device", code: code)
    case EDQUOT: self.init(.system, "the disk quota is exceeded", code: code)
    case ENXIO: self.init(.system, "no device or reader is attached", code: code)
    case EPIPE: self.init(.system, "the reader has gone (broken pipe)", code: code)
    case EIO: self.init(.system, "input/output error", code: code)
    default:
      let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
      self.init(.system, text.lowercased(), code: code)
    }
  }
}

extension FileError: CustomStringConvertible {
  /// The reason.
  package var description: String { reason }
}
