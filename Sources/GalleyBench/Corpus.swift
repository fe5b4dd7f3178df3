import ArgumentParser
import GalleyTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The benchmark corpora kept in the repository's `corpus/` folder, found from this source
/// file's path, so the benchmarks run with no arguments from any folder of a clone.
enum Corpus {
  /// The `corpus/` folder of the clone this binary was built from.
  static let folder: String = {
    var path = #filePath
    // …/Sources/GalleyBench/Corpus.swift → …/
    for _ in 0..<3 {
      guard let slash = path.lastIndex(of: "/") else { return "corpus" }
      path = String(path[..<slash])
    }
    return path + "/corpus"
  }()

  /// The path of one corpus file, such as `markup-2000.txt`.
  ///
  /// - Parameter name: The file's name in `corpus/`.
  /// - Returns: Its path.
  static func path(_ name: String) -> String { folder + "/" + name }

  /// The font table the markup corpus is written for (`%0F`, `%1F`).
  static let fontTable = ["DejaVu Sans", "DejaVu Serif"]

  /// The color table the markup corpus is written for (`%0C`).
  static let colorTable = ["#1A5FB4"]

  /// The lines of a corpus file, one paragraph each (empty lines dropped).
  ///
  /// - Parameter path: The file.
  /// - Returns: Its lines.
  /// - Throws: `ExitCode` with the input failure's status when the file cannot be read.
  static func lines(of path: String) throws -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CorpusOptions.exit(
        Failure(
          .input, kind: "invalidInput", "cannot read '\(path)'",
          diagnostic: "galley-bench: cannot read '\(path)'"))
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
