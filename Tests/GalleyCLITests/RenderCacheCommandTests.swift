import ArgumentParser
import Foundation
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

/// `galley render --cache-dir`: a label drawn before is read back (the summary says `hit`),
/// whatever the output's name; another label, option or damaged file is a miss; processes
/// share the directory.
@Suite("galley render --cache-dir")
struct RenderCacheCommandTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-render-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func render(_ arguments: [String]) throws -> CommandOutcome {
    try RenderCommand.parse(["--fontconfig", try Self.configuration.get()] + arguments).execute()
  }

  /// The summary's `cache` field.
  private func cacheUse(_ outcome: CommandOutcome) throws -> String? {
    let summary = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
    return (summary as? [String: Any])?["cache"] as? String
  }

  @Test func aLabelDrawnBeforeIsReadBackWhateverItsFileIsCalled() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = directory.appendingPathComponent("cache").path
    let path = { (name: String) in directory.appendingPathComponent(name).path }
    let common = ["--cache-dir", cache, "--width", "120", "--shadow-blur", "2"]
    let first = try render(
      common + ["-o", path("a.png"), "--json", path("a.json"), "--", "Tap %Lhere%l"])
    #expect(first.status == 0, "\(first.standardError)")
    #expect(try cacheUse(first) == "miss")
    let second = try render(
      common + ["-o", path("b.png"), "--json", path("b.json"), "--", "Tap %Lhere%l"])
    #expect(try cacheUse(second) == "hit")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: path("a.png")))
        == Data(contentsOf: URL(fileURLWithPath: path("b.png"))))
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: path("a.json")))
        == Data(contentsOf: URL(fileURLWithPath: path("b.json"))))
    // Another text, another option, or no JSON: other entries.
    for other in [
      common + ["-o", path("c.png"), "--json", path("c.json"), "--", "Tap %Lthere%l"],
      common + [
        "--scale", "2", "-o", path("c.png"), "--json", path("c.json"), "--", "Tap %Lhere%l",
      ],
      common + ["-o", path("c.png"), "--", "Tap %Lhere%l"],
    ] {
      #expect(try cacheUse(try render(other)) == "miss", "\(other)")
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: cache)
    #expect(files.filter { $0.hasSuffix(".galley-cache") }.count == 4)
    // Besides the entries, the fonts' hashes (CacheGeneration, FontFingerprints).
    #expect(Set(files.filter { !$0.hasSuffix(".galley-cache") }) == ["font-fingerprints"])
  }

  @Test func aDamagedEntryIsDrawnAgainAndReplaced() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = directory.appendingPathComponent("cache").path
    let image = directory.appendingPathComponent("a.png").path
    let arguments = ["--cache-dir", cache, "-o", image, "--", "Hello"]
    #expect(try cacheUse(try render(arguments)) == "miss")
    let drawn = try Data(contentsOf: URL(fileURLWithPath: image))
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cache).first {
        $0.hasSuffix(".galley-cache")
      })
    let file = URL(fileURLWithPath: cache).appendingPathComponent(name)
    var bytes = try Data(contentsOf: file)
    bytes[bytes.count - 5] ^= 0xFF
    try bytes.write(to: file)
    #expect(try cacheUse(try render(arguments)) == "miss")
    #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == drawn)
    #expect(try cacheUse(try render(arguments)) == "hit")
    #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == drawn)
  }

  @Test func processesShareTheDirectory() async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let binary = try GalleyBinary()
    let fontconfig = try Self.configuration.get()
    let cache = directory.appendingPathComponent("cache").path
    let results = try await withThrowingTaskGroup(of: GalleyBinary.Result.self) { group in
      for index in 0..<4 {
        group.addTask {
          try binary.run([
            "render", "--fontconfig", fontconfig, "--cache-dir", cache, "-o",
            directory.appendingPathComponent("p\(index).png").path, "--", "Shared %Blabel%b",
          ])
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.allSatisfy { $0.status == 0 })
    let images = try (0..<4).map {
      try Data(contentsOf: directory.appendingPathComponent("p\($0).png"))
    }
    #expect(Set(images).count == 1)
    let last = try binary.run([
      "render", "--fontconfig", fontconfig, "--cache-dir", cache, "-o",
      directory.appendingPathComponent("last.png").path, "--", "Shared %Blabel%b",
    ])
    #expect(last.standardOutput.contains(#""cache" : "hit""#))
    let names = try FileManager.default.contentsOfDirectory(atPath: cache)
    #expect(names.filter { $0.hasSuffix(".galley-cache") }.count == 1)
    #expect(!names.contains { $0.hasSuffix("partial") })
  }

  @Test(arguments: [
    ["--cache-disk-size", "0"], ["--cache-disk-size", "-5"], ["--cache-dir", "FILE"],
  ])
  func badCacheOptionsAreUsageErrors(options: [String]) throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("file").path
    #expect(FileManager.default.createFile(atPath: file, contents: Data([1])))
    let arguments = options.map { $0 == "FILE" ? file : $0 } + ["-o", "x.png", "--", "x"]
    do {
      _ = try RenderCommand.parse(arguments)
      Issue.record("accepted \(arguments)")
    } catch {
      #expect(RenderCommand.exitCode(for: error) == ExitCode(64), "\(arguments)")
    }
  }
}
