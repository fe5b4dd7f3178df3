import ArgumentParser
import Foundation
import GalleyRender
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

@Suite("galley render")
struct RenderCommandTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  /// A fresh, empty folder for one test's files.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func render(_ arguments: [String]) throws -> CommandOutcome {
    try RenderCommand.parse(["--fontconfig", try Self.configuration.get()] + arguments).execute()
  }

  @Test(arguments: ["png", "svg", "pdf"])
  func writesTheImageAndTheLayoutJSON(format: String) throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = directory.appendingPathComponent("out.\(format)").path
    let json = directory.appendingPathComponent("out.json").path
    let result = try render([
      "-o", image, "--json", json, "--width", "200", "--scale", "2", "--shadow-blur", "3",
      "--shadow-offset", "-2,3",
      "--outline-width", "1", "--gradient", "#FF8800,#CC0000@0.8", "--",
      "Tap %Lhere%l for %Bmore%b",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let data = try Data(contentsOf: URL(fileURLWithPath: image))
    switch format {
    case "png": #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    case "svg": #expect(String(decoding: data, as: UTF8.self).contains("<svg"))
    default: #expect(data.starts(with: Array("%PDF-".utf8)))
    }
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        as? [String: Any])
    #expect(document["lines"] is [Any])
    #expect((document["links"] as? [Any])?.count == 1)
    let geometry = try #require(document["image"] as? [String: Any])
    #expect(geometry["scale"] as? Double == 2)
    #expect((geometry["originX"] as? Double ?? 0) > 0)
    // The printed geometry is the same object.
    let printed = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(printed["schemaVersion"] as? Int == 1)
    #expect(printed["format"] as? String == format)
    #expect((printed["image"] as? [String: Any])?["width"] as? Int == geometry["width"] as? Int)
    // No temporary files are left behind.
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(Set(left) == ["out.\(format)", "out.json"])
  }

  @Test(arguments: [
    ["-o", "x.png", "--shadow-blur", "-1", "--", "x"],
    ["-o", "x.png", "--glow-color", "notacolor", "--", "x"],
    ["-o", "x.gif", "--", "x"],
    ["-o", "x.png", "--scale", "0", "--", "x"],
    ["-o", "x.png", "--oversample", "9", "--", "x"],
    ["-o", "x.png", "--gradient", "#FFF", "--", "x"],
    ["-o", "x.png", "--gradient", "red,blue@2", "--", "x"],
    ["-o", "x.png", "--gradient-start", "0,0", "--", "x"],
    ["-o", "x.png", "--outline-width", "0", "--", "x"],
    ["-o", "x.png", "--outline-color", "red", "--", "x"],
    ["-o", "x.png", "--outline-join", "curly", "--", "x"],
    ["-o", "x.png", "--outline-join", "miter", "--", "x"],
    ["-o", "x.png", "--gradient-type", "radial", "--", "x"],
    ["-o", "x.png", "--shadow-offset", "1", "--", "x"],
    ["-o", "/nonexistent/dir/x.png", "--", "x"],
    ["-o", "/", "--format", "png", "--", "x"],
    ["-o", "x.png", "--json", "x.png", "--", "x"],
    ["-o", "x.png", "--png-compression", "maximum", "--", "x"],
    ["-o", "x.svg", "--png-compression", "fast", "--", "x"],
    ["--", "x"],
  ])
  func badOptionsAreUsageErrors(arguments: [String]) {
    do {
      _ = try RenderCommand.parse(arguments)
      Issue.record("accepted \(arguments)")
    } catch {
      #expect(RenderCommand.exitCode(for: error) == ExitCode(64), "\(arguments)")
    }
  }

  @Test(arguments: PNGCompression.allCases)
  func pngCompressionLevelsWriteTheSamePixels(compression: PNGCompression) throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = directory.appendingPathComponent("out.png").path
    let reference = directory.appendingPathComponent("reference.png").path
    let markup = "Tap %Lhere%l for %Bmore%b"
    #expect(try render(["-o", reference, "--", markup]).status == 0)
    let result = try render(["-o", image, "--png-compression", compression.rawValue, "--", markup])
    #expect(result.status == 0, "\(result.standardError)")
    let decoded = try Bitmap(png: Array(Data(contentsOf: URL(fileURLWithPath: image))))
    let expected = try Bitmap(png: Array(Data(contentsOf: URL(fileURLWithPath: reference))))
    #expect(decoded.width == expected.width && decoded.height == expected.height)
    for y in 0..<decoded.height {
      for x in 0..<decoded.width where decoded.pixel(x: x, y: y) != expected.pixel(x: x, y: y) {
        Issue.record("pixel \(x),\(y) differs")
        return
      }
    }
  }

  @Test func dataProblemsExit65AndWriteNothing() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = directory.appendingPathComponent("out.png").path
    let markup = try render(["-o", image, "--", "%Q"])
    #expect(markup.status == 65)
    #expect(markup.standardOutput.contains("unknownCode"))
    let huge = try render(["-o", image, "--width", "20000", "--", "wide"])
    #expect(huge.status == 65)
    #expect(huge.standardOutput.contains("imageTooLarge"))
    #expect(huge.standardError.contains("16384"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func anExistingFileIsReplacedWhole() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = directory.appendingPathComponent("out.png")
    try Data("old".utf8).write(to: image)
    let failed = try render(["-o", image.path, "--width", "20000", "--", "wide"])
    #expect(failed.status == 65)
    #expect(try Data(contentsOf: image) == Data("old".utf8))
    let done = try render(["-o", image.path, "--", "new"])
    #expect(done.status == 0)
    #expect(try Data(contentsOf: image).starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func executableRendersAndExits() throws {
    let path = try Self.configuration.get()
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = directory.appendingPathComponent("label.png").path
    let ok = try GalleyBinary().run([
      "render", "--fontconfig", path, "-o", image, "--annotate", "--", "hello %Lworld%l",
    ])
    #expect(ok.status == 0, "\(ok.standardError)")
    #expect(FileManager.default.fileExists(atPath: image))
    let bad = try GalleyBinary().run(["render", "--fontconfig", path, "--", "hello"])
    #expect(bad.status == 64)
  }
}
