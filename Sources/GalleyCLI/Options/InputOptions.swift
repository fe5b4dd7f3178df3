import ArgumentParser
import GalleySupport
import GalleyTools

/// Where the markup comes from: a file (`--input PATH`, `-` for standard input) or the
/// command line (`-- MARKUP`).
struct InputOptions: ParsableArguments {
  /// Files larger than this are refused before they are read.
  static let maximumInputBytes = 256 << 20

  @Option(name: .long, help: "Read the markup from a UTF-8 file ('-' for standard input).")
  var input: String?

  @Argument(help: "The markup; put it after '--' when it starts with '-'.")
  var markup: String?

  func validate() throws {
    switch (input, markup) {
    case (nil, nil): throw ValidationError("Give the markup after '--', or '--input PATH'.")
    case (.some, .some): throw ValidationError("Give either '--input PATH' or markup, not both.")
    default: break
    }
  }

  /// A name for the source in messages: the path, or `<argument>`.
  var sourceName: String {
    guard let input else { return "<argument>" }
    return input == "-" ? "<stdin>" : input
  }

  /// Reads the markup: the argument, or the file through ``BoundedFileReader``, which refuses
  /// a file over ``maximumInputBytes`` before reading it and reads pipes in bounded chunks.
  ///
  /// A file's (or standard input's) leading byte order mark is not text, as editors and most
  /// tools read it. An argument that is not UTF-8 is refused as a file is (Swift would
  /// otherwise replace its bad bytes with U+FFFD).
  ///
  /// - Throws: ``InputError`` for an unreadable, oversized or non-UTF-8 file or argument,
  ///   with the reason.
  func read() throws(InputError) -> String {
    if let markup {
      if markup.contains("\u{FFFD}"), let raw = Self.rawArgument(decodingTo: markup) {
        do {
          _ = try UTF8Validation.decode(raw)
        } catch {
          throw InputError(path: sourceName, message: error.reason)
        }
      }
      return markup
    }
    guard let input else { return "" }
    do {
      let bytes =
        input == "-"
        ? try BoundedFileReader.read(.standardInput, limit: Self.maximumInputBytes)
        : try BoundedFileReader.read(path: input, limit: Self.maximumInputBytes)
      let text = try UTF8Validation.decode(bytes)
      return text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
    } catch {
      throw InputError(path: sourceName, message: error.reason)
    }
  }

  /// The bytes of the command-line argument that Swift decoded (repairing bad bytes) to
  /// `text`, or `nil` when none did.
  private static func rawArgument(decodingTo text: String) -> [UInt8]? {
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      var bytes: [UInt8] = []
      var offset = 0
      while pointer[offset] != 0 {
        bytes.append(UInt8(bitPattern: pointer[offset]))
        offset += 1
      }
      if String(decoding: bytes, as: UTF8.self) == text { return bytes }
    }
    return nil
  }

  /// The input, as ``read()`` gives it, or its failure as every command reports it.
  ///
  /// - Returns: The input's text.
  /// - Throws: ``GalleyTools/Failure`` (input) naming the file.
  func readSource() throws(Failure) -> String {
    do {
      return try read()
    } catch {
      throw Failure(error)
    }
  }
}
