import ArgumentParser
import Foundation
import GalleyRender
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

/// `galley render --variants`: one image per variant with `{name}`, or a sprite sheet and its
/// atlas; each image is what that variant's options draw alone.
@Suite("galley render --variants")
struct RenderVariantsCommandTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }
  static let variants = ##"{"normal": {}, "pressed": {"offset": [0, 2], "color": "#555555"}}"##

  /// A fresh folder holding `variants.json`.
  private func folder(variants: String = Self.variants) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-variants-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data(variants.utf8).write(to: url.appendingPathComponent("variants.json"))
    return url
  }

  private func render(_ arguments: [String]) throws -> CommandOutcome {
    try RenderCommand.parse(["--fontconfig", try Self.configuration.get()] + arguments).execute()
  }

  private func bitmap(_ url: URL) throws -> Bitmap {
    try Bitmap(png: Array(Data(contentsOf: url)))
  }

  private func samePixels(_ first: Bitmap, _ second: Bitmap) -> Bool {
    guard first.width == second.width, first.height == second.height else { return false }
    return (0..<first.height).allSatisfy { y in
      (0..<first.width).allSatisfy { x in first.pixel(x: x, y: y) == second.pixel(x: x, y: y) }
    }
  }

  @Test func eachVariantIsWrittenToItsNameAndEqualsItsOwnOptions() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = { (name: String) in directory.appendingPathComponent(name).path }
    let markup = "Tap %Lhere%l"
    let result = try render([
      "--variants", path("variants.json"), "-o", path("b-{name}.png"), "--json",
      path("b-{name}.json"), "--scale", "2", "--", markup,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let pressedAlone = try render([
      "-o", path("alone.png"), "--scale", "2", "--offset", "0,2", "--text-color", "#555555", "--",
      markup,
    ])
    #expect(pressedAlone.status == 0)
    let plainAlone = try render(["-o", path("plain.png"), "--scale", "2", "--", markup])
    #expect(plainAlone.status == 0)
    #expect(
      samePixels(
        try bitmap(directory.appendingPathComponent("b-pressed.png")),
        try bitmap(directory.appendingPathComponent("alone.png"))))
    #expect(
      samePixels(
        try bitmap(directory.appendingPathComponent("b-normal.png")),
        try bitmap(directory.appendingPathComponent("plain.png"))))
    let document = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: directory.appendingPathComponent("b-pressed.json")))
        as? [String: Any])
    let image = try #require(document["image"] as? [String: Any])
    #expect(image["originY"] as? Double == 2)
    let printed = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let entries = try #require(printed["variants"] as? [[String: Any]])
    #expect(entries.map { $0["name"] as? String } == ["normal", "pressed"])
    #expect(
      entries.map { $0["output"] as? String } == [path("b-normal.png"), path("b-pressed.png")])
  }

  @Test func aSpriteSheetHoldsEveryFrameAndItsAtlas() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = { (name: String) in directory.appendingPathComponent(name).path }
    let result = try render([
      "--variants", path("variants.json"), "--sprite-sheet", "--atlas", path("atlas.json"), "-o",
      path("sheet.png"), "--padding", "2", "--", "Tap %Lhere%l",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let atlas = try JSONDecoder().decode(
      SpriteSheet.Atlas.self, from: Data(contentsOf: directory.appendingPathComponent("atlas.json"))
    )
    let sheet = try bitmap(directory.appendingPathComponent("sheet.png"))
    #expect(atlas.version == 1)
    #expect(atlas.frames.map(\.name) == ["normal", "pressed"])
    #expect(sheet.width == atlas.width && sheet.height == atlas.height)
    #expect(atlas.frames[1].y == atlas.frames[0].height)
    #expect(atlas.frames[1].height == atlas.frames[0].height + 2)
    #expect(
      atlas.frames[1].links.first?.rects.first?.y
        == atlas.frames[0].links.first.map {
          ($0.rects.first?.y ?? 0) + 2
        })
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(Set(left) == ["variants.json", "sheet.png", "atlas.json"])
  }

  @Test(
    arguments: [
      (["-o", "x-{name}.png", "--sprite-sheet", "--", "x"], nil),
      (["-o", "x.png", "--atlas", "a.json", "--", "x"], nil),
      (["-o", "x-{name}.png", "--", "x"], nil),
      (["--variants", "VARIANTS", "-o", "x.png", "--", "x"], nil),
      (["--variants", "VARIANTS", "-o", "x.png", "--sprite-sheet", "--", "x"], nil),
      (
        [
          "--variants", "VARIANTS", "-o", "x.svg", "--sprite-sheet", "--atlas", "a.json", "--", "x",
        ], nil
      ),
      (["--variants", "VARIANTS", "-o", "x-{name}.png", "--atlas", "a.json", "--", "x"], nil),
      (["--variants", "VARIANTS", "-o", "x-{name}.png", "--", "x"], #"{"a": {"format": "svg"}}"#),
      (["--variants", "VARIANTS", "-o", "x-{name}.png", "--", "x"], #"{"a": {"offset": "up"}}"#),
      (["--variants", "VARIANTS", "-o", "x-{name}.png", "--", "x"], #"["a"]"#),
      (["--variants", "VARIANTS", "-o", "x-{name}.png", "--", "x"], #"{"a/b": {}}"#),
      (["--variants", "/nonexistent/v.json", "-o", "x-{name}.png", "--", "x"], nil),
      (["-o", "x.png", "--offset", "1", "--", "x"], nil),
      (["-o", "x.png", "--offset", "0,20000", "--", "x"], nil),
    ] as [([String], String?)])
  func badVariantOptionsAreUsageErrors(arguments: [String], variants: String?) throws {
    let directory = try folder(variants: variants ?? Self.variants)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("variants.json").path
    let resolved = arguments.map { $0 == "VARIANTS" ? file : $0 }
    do {
      _ = try RenderCommand.parse(resolved)
      Issue.record("accepted \(resolved)")
    } catch {
      #expect(RenderCommand.exitCode(for: error) == ExitCode(64), "\(resolved)")
    }
  }
}
