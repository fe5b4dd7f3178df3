import GalleySupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the outputs of one `galley render` run so that a failure changes as little as
/// possible.
///
/// The steps, in order:
/// 1. Every file to replace gets its own temporary file in its folder, with an unpredictable
///    name created with `O_CREAT | O_EXCL`; the bytes are written and synced (`fsync`).
/// 2. Files overwritten in place (hard links), FIFOs, devices and descriptors are written.
/// 3. The temporaries are renamed over their targets.
///
/// If a step fails, every temporary is removed, so no regular file has changed unless step 3
/// had begun (a rename in the same folder only fails if the folder changed meanwhile).
/// Standard output is not written here: its bytes are returned, for the command's outcome.
enum OutputWriter {
  /// How many temporary names are tried before giving up.
  private static let temporaryAttempts = 16

  /// Writes each file.
  ///
  /// - Parameter files: The resolved outputs (see ``OutputFile/resolveAll(_:)``) and their
  ///   bytes.
  /// - Returns: The bytes meant for standard output, or an empty array.
  /// - Throws: ``OutputError`` naming the file and the reason.
  static func writeAll(_ files: [(file: OutputFile, bytes: [UInt8])]) throws(OutputError)
    -> [UInt8]
  {
    var staged: [(temporary: String, target: String, path: String)] = []
    func removeTemporaries() { for file in staged { unlink(file.temporary) } }
    var standardOutput: [UInt8] = []
    do {
      for (file, bytes) in files {
        guard case .replace(let target, let existing) = file.destination else { continue }
        let temporary = try stage(bytes, beside: target, existing: existing, path: file.path)
        staged.append((temporary, target, file.path))
      }
      for (file, bytes) in files {
        switch file.destination {
        case .standardOutput: standardOutput += bytes
        case .descriptor(let number):
          try naming(file.path) { () throws(FileError) in
            try FileDescriptor(rawValue: number).writeAll(bytes)
          }
        case .overwrite(let target): try overwrite(target, with: bytes, path: file.path)
        case .writeThrough(let target): try writeThrough(target, bytes, path: file.path)
        case .replace: continue
        }
      }
    } catch {
      removeTemporaries()
      throw error
    }
    for (index, file) in staged.enumerated() where rename(file.temporary, file.target) != 0 {
      let reason = FileError(errno: errno).reason
      for later in staged[index...] { unlink(later.temporary) }
      throw OutputError(path: file.path, "cannot rename the new file into place: \(reason)")
    }
    return standardOutput
  }

  /// Writes a temporary file beside `target` and returns its path.
  private static func stage(
    _ bytes: [UInt8], beside target: String, existing: FileStatus?, path: String
  ) throws(OutputError) -> String {
    let folder = OutputFile.split(target).folder
    var attempts = 0
    while true {
      let random = UInt64.random(in: .min ... .max)
      let name = "\(folder)/.galley-\(String(random, radix: 16)).tmp"
      let descriptor: FileDescriptor
      do {
        // A new file gets 0666 less the umask, as a shell redirection would give it.
        descriptor = try FileDescriptor.open(
          name, O_WRONLY | O_CREAT | O_EXCL, mode: existing == nil ? 0o666 : 0o600)
      } catch let error where error.code == EEXIST && attempts < temporaryAttempts {
        attempts += 1
        continue
      } catch {
        throw OutputError(path: path, error.reason)
      }
      do {
        if let existing {
          // Only root may give a file away; anyone else keeps the file as theirs.
          try? descriptor.setOwner(existing.owner, group: existing.group)
          try descriptor.setPermissions(existing.permissions & 0o777)
        }
        try descriptor.writeAll(bytes)
        try descriptor.synchronize()
        try descriptor.close()
      } catch {
        try? descriptor.close()
        unlink(name)
        throw OutputError(path: path, error.reason)
      }
      return name
    }
  }

  /// Overwrites a regular file in place: write, cut to length, sync.
  private static func overwrite(_ target: String, with bytes: [UInt8], path: String)
    throws(OutputError)
  {
    try naming(path) { () throws(FileError) in
      let descriptor = try FileDescriptor.open(target, O_WRONLY)
      defer { try? descriptor.close() }
      try descriptor.writeAll(bytes)
      try descriptor.truncate(to: bytes.count)
      try descriptor.synchronize()
    }
  }

  /// Writes to a FIFO or device without creating or truncating it.
  private static func writeThrough(_ target: String, _ bytes: [UInt8], path: String)
    throws(OutputError)
  {
    try naming(path) { () throws(FileError) in
      let descriptor = try FileDescriptor.open(target, O_WRONLY | O_NOCTTY)
      defer { try? descriptor.close() }
      try descriptor.writeAll(bytes)
    }
  }

  /// Runs a write and names the file in its error.
  private static func naming(_ path: String, _ body: () throws(FileError) -> Void)
    throws(OutputError)
  {
    do {
      try body()
    } catch {
      throw OutputError(path: path, error.reason)
    }
  }
}
