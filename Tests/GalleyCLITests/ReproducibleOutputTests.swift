import Foundation
import GalleyTestSupport
import Testing

/// With `SOURCE_DATE_EPOCH` set, as reproducible builds set it, every output is the same
/// bytes from run to run; PDF's creation date is the one place that needs it.
@Suite("Reproducible output")
struct ReproducibleOutputTests {
  @Test(arguments: ["pdf", "svg", "png"])
  func sameBytesFromRunToRun(format: String) throws {
    let binary = try GalleyBinary()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-reproducible-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var outputs: [Data] = []
    for run in 0..<2 {
      let path = folder.appendingPathComponent("\(run).\(format)").path
      let result = try binary.run(
        [
          "render", "--fontconfig", try HermeticFonts.configurationFile(), "-o", path, "--",
          "Same %{https://example.com}Lbytes%l",
        ], environment: ["SOURCE_DATE_EPOCH": "1700000000"])
      #expect(result.status == 0, "\(result.standardError)")
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
      // cairo's clock has a resolution of a second.
      if run == 0, format == "pdf" { Thread.sleep(forTimeInterval: 1.1) }
    }
    #expect(outputs[0] == outputs[1])
    if format == "pdf" {
      #expect(
        String(decoding: outputs[0], as: UTF8.self).contains("/CreationDate (20231114221320Z)"))
    }
  }
}
