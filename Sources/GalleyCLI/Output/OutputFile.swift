import GalleySupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file `galley render` writes (`-o`, `--json`), resolved to what is really at its path
/// before anything is written.
///
/// How each kind of path is written (see ``OutputWriter``):
/// - `-`, and any path that names standard output (`/dev/stdout`, `/dev/fd/1`), go to
///   standard output.
/// - Another `/dev/fd/N` path is written to descriptor N.
/// - A symbolic link is followed, to its end: the link stays, the file it points to changes.
/// - A new file, or an existing regular file with one name, is replaced atomically: a
///   temporary file is written beside it, synced, and renamed over it, keeping its
///   permission bits (and its owner when that is allowed).
/// - A regular file with other hard links is overwritten in place, once the new bytes are
///   ready, so that every name keeps seeing the same file; renaming would leave the other
///   names on the old content. This write is not atomic: if the disk fills up half way, the
///   file is left partly written.
/// - A FIFO or a device (`/dev/null`, a terminal) is opened for writing and written through;
///   it is never replaced.
/// - A folder, a socket and a read-only file are refused.
struct OutputFile: Hashable {
  /// Where the bytes go.
  enum Destination: Hashable {
    /// The process's standard output.
    case standardOutput
    /// An inherited descriptor other than standard output, such as `/dev/fd/3`.
    case descriptor(Int32)
    /// A regular file that is replaced by renaming a temporary over it, or created.
    case replace(path: String, existing: FileStatus?)
    /// A regular file with several names, overwritten in place.
    case overwrite(path: String)
    /// A FIFO or device, opened for writing without creating or truncating it.
    case writeThrough(path: String)
  }

  /// What two outputs are compared by: the file's device and inode, or, for a file that does
  /// not exist yet, its resolved path.
  enum Identity: Hashable {
    /// An existing file or open descriptor.
    case file(device: UInt64, inode: UInt64)
    /// A file to be created.
    case newFile(path: String)
  }

  /// The path as the user gave it.
  var path: String
  /// Where the bytes go.
  var destination: Destination
  /// What makes two outputs the same file.
  var identity: Identity

  /// The most symbolic links followed before giving up, as Linux's `MAXSYMLINKS`.
  private static let maximumLinks = 40

  /// Resolves each output and refuses two that are the same file.
  ///
  /// - Parameter paths: Each output's option (such as `-o`) and path.
  /// - Returns: The resolved outputs, in order.
  /// - Throws: ``OutputError`` for an output that cannot be written, or two outputs that are
  ///   one file (`./a.png` and `a.png`, or a link and its target).
  static func resolveAll(_ paths: [(option: String, path: String)]) throws(OutputError)
    -> [OutputFile]
  {
    var files: [OutputFile] = []
    for entry in paths {
      let file = try resolve(entry.path)
      if let earlier = files.firstIndex(where: { $0.identity == file.identity }) {
        throw OutputError(
          message: "'\(entry.option)' and '\(paths[earlier].option)' name the same file "
            + "('\(entry.path)' and '\(paths[earlier].path)')")
      }
      files.append(file)
    }
    return files
  }

  /// Whether one of the paths names standard output (`-`, `/dev/stdout`, `/dev/fd/1`).
  ///
  /// - Parameter paths: Each output's option and path.
  /// - Returns: `true` when some output goes to standard output.
  static func includesStandardOutput(_ paths: [(option: String, path: String)]) -> Bool {
    paths.contains { (try? resolve($0.path))?.destination == .standardOutput }
  }

  /// Resolves one output path: follows symbolic links and checks it can be written.
  ///
  /// - Parameter path: The path as the user gave it; `-` is standard output.
  /// - Returns: The output.
  /// - Throws: ``OutputError``: an empty path, a missing folder, a folder, a socket, a
  ///   read-only file, a folder that cannot be written, or too many links.
  static func resolve(_ path: String) throws(OutputError) -> OutputFile {
    guard !path.isEmpty else { throw OutputError(message: "the output path is empty") }
    if path == "-" { return try descriptor(1, path: path) }
    var current = path
    for _ in 0..<maximumLinks {
      let (folder, name) = split(current)
      let realFolder = try realFolder(folder, path: path)
      let candidate = ["", ".", ".."].contains(name) ? realFolder : join(realFolder, name)
      if let number = descriptorNumber(folder: realFolder, name: name) {
        return try descriptor(number, path: path)
      }
      let status: FileStatus
      do {
        status = try FileStatus.of(candidate, followingLinks: false)
      } catch let error where error.code == ENOENT {
        try checkCanCreate(in: realFolder, path: path)
        return OutputFile(
          path: path, destination: .replace(path: candidate, existing: nil),
          identity: .newFile(path: candidate))
      } catch {
        throw OutputError(path: path, error.reason)
      }
      if status.kind == .symbolicLink {
        let target = try readLink(candidate, path: path)
        current = target.hasPrefix("/") ? target : join(realFolder, target)
        continue
      }
      return try existing(candidate, status: status, folder: realFolder, path: path)
    }
    throw OutputError(path: path, "too many symbolic links")
  }

  /// The output for an existing file that is not a link.
  private static func existing(
    _ candidate: String, status: FileStatus, folder: String, path: String
  ) throws(OutputError) -> OutputFile {
    let identity = Identity.file(device: status.device, inode: status.inode)
    switch status.kind {
    case .directory:
      throw OutputError(path: path, "it is a directory")
    case .socket, .symbolicLink:
      throw OutputError(path: path, "it is a socket")
    case .fifo, .characterDevice, .blockDevice:
      guard access(candidate, W_OK) == 0 else {
        throw OutputError(path: path, FileError(errno: errno).reason)
      }
      return OutputFile(path: path, destination: .writeThrough(path: candidate), identity: identity)
    case .regular:
      guard status.permissions & 0o222 != 0, access(candidate, W_OK) == 0 else {
        throw OutputError(path: path, "it is read-only")
      }
      if status.linkCount > 1 {
        return OutputFile(path: path, destination: .overwrite(path: candidate), identity: identity)
      }
      try checkCanCreate(in: folder, path: path)
      return OutputFile(
        path: path, destination: .replace(path: candidate, existing: status), identity: identity)
    }
  }

  /// Standard output, or another inherited descriptor.
  private static func descriptor(_ number: Int32, path: String) throws(OutputError) -> OutputFile {
    let status: FileStatus
    do {
      status = try FileDescriptor(rawValue: number).status()
    } catch {
      throw OutputError(path: path, "descriptor \(number) is not open")
    }
    return OutputFile(
      path: path, destination: number == 1 ? .standardOutput : .descriptor(number),
      identity: .file(device: status.device, inode: status.inode))
  }

  /// The descriptor a `/proc/self/fd/N` path names (`/dev/stdout` and `/dev/fd/N` lead there).
  private static func descriptorNumber(folder: String, name: String) -> Int32? {
    guard folder == "/proc/self/fd" || folder == "/proc/\(getpid())/fd" else { return nil }
    return Int32(name)
  }

  /// The temporary file is created beside the target, so the folder must take new files.
  private static func checkCanCreate(in folder: String, path: String) throws(OutputError) {
    guard access(folder, W_OK | X_OK) == 0 else {
      throw OutputError(path: path, "cannot create files in '\(folder)'")
    }
  }

  /// The folder with every link resolved (`realpath(3)`).
  private static func realFolder(_ folder: String, path: String) throws(OutputError) -> String {
    guard let resolved = realpath(folder, nil) else {
      let code = errno
      switch code {
      case ENOENT: throw OutputError(path: path, "the folder '\(folder)' does not exist")
      case ENOTDIR: throw OutputError(path: path, "'\(folder)' is not a folder")
      default: throw OutputError(path: path, FileError(errno: code).reason)
      }
    }
    defer { free(resolved) }
    let real = String(cString: resolved)
    guard (try? FileStatus.of(real))?.kind == .directory else {
      throw OutputError(path: path, "'\(folder)' is not a folder")
    }
    return real
  }

  /// Where a symbolic link points (`readlink(2)`).
  private static func readLink(_ link: String, path: String) throws(OutputError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(link, &buffer, buffer.count - 1)
    guard count >= 0 else { throw OutputError(path: path, FileError(errno: errno).reason) }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The folder and last component of a path: `a/b.png` → (`a`, `b.png`), `b.png` → (`.`,
  /// `b.png`), `/b.png` → (`/`, `b.png`).
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  /// `folder/name`, without doubling the slash after `/`.
  private static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
