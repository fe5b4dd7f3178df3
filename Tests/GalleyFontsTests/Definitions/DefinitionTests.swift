import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@Suite("FontSets definition files")
struct DefinitionTests {
  private func parse(_ json: String) throws(FontSetError) -> FontSetDefinition {
    try FontSetDefinition(json: Data(json.utf8), source: "test.json")
  }

  @Test func parsesEverySection() throws {
    let definition = try parse(
      """
      {"schemaVersion": 1, "description": "x",
       "aliases": {"Foo": ["Lato", "DejaVu Sans"]},
       "ladders": {"Lato": {"-1": "Thin", "0": 500, "1": "Black"}},
       "weights": {"Lato": {"Medium": 450}}}
      """)
    #expect(definition.aliases == ["Foo": ["Lato", "DejaVu Sans"]])
    #expect(
      definition.ladders["Lato"] == [-1: .style("Thin"), 0: .weight(500), 1: .style("Black")])
    #expect(definition.weights == ["Lato": ["Medium": 450]])
  }

  @Test(arguments: [
    ("", "not valid JSON"),
    ("[]", "the top level must be an object"),
    (#"{"aliases": {}}"#, "key 'schemaVersion': required"),
    (#"{"schemaVersion": true}"#, "key 'schemaVersion': required"),
    (#"{"schemaVersion": 2}"#, "version 2 is not supported"),
    (#"{"schemaVersion": 1, "alias": {}}"#, "key 'alias': unknown key"),
    (#"{"schemaVersion": 1, "description": 5}"#, "key 'description': must be a string"),
    (#"{"schemaVersion": 1, "aliases": []}"#, "key 'aliases': must be an object"),
    (
      #"{"schemaVersion": 1, "aliases": {"Foo": []}}"#,
      "key 'aliases.Foo': must be a non-empty array"
    ),
    (#"{"schemaVersion": 1, "aliases": {"Foo": ["Lato", 3]}}"#, "key 'aliases.Foo[1]'"),
    (#"{"schemaVersion": 1, "aliases": {"Foo": ["Lato", ""]}}"#, "key 'aliases.Foo[1]'"),
    (#"{"schemaVersion": 1, "ladders": {"Lato": {"4": 400}}}"#, "key 'ladders.Lato.4': steps are"),
    (#"{"schemaVersion": 1, "ladders": {"Lato": {"one": 400}}}"#, "key 'ladders.Lato.one'"),
    (
      #"{"schemaVersion": 1, "ladders": {"Lato": {"1": 0}}}"#,
      "key 'ladders.Lato.1': must be a CSS weight"
    ),
    (#"{"schemaVersion": 1, "ladders": {"Lato": {"1": true}}}"#, "key 'ladders.Lato.1'"),
    (#"{"schemaVersion": 1, "ladders": {"Lato": {"1": 1.5}}}"#, "key 'ladders.Lato.1'"),
    (#"{"schemaVersion": 1, "ladders": {"Lato": {}}}"#, "key 'ladders.Lato': must be a non-empty"),
    (#"{"schemaVersion": 1, "weights": {"Lato": {"Bold": 1001}}}"#, "key 'weights.Lato.Bold'"),
    (#"{"schemaVersion": 1, "weights": {" ": {"Bold": 700}}}"#, "key 'weights. '"),
    (
      #"{"schemaVersion": 1, "aliases": {"Foo Bar": ["Lato"], "foo-bar": ["Lato"]}}"#,
      "names the same family"
    ),
    (
      #"{"schemaVersion": 1, "ladders": {"Lato": {"1": 50}}}"#, "must be a CSS weight in 100...1000"
    ),
  ])
  func errorsNameTheFileAndKey(json: String, fragment: String) {
    do {
      _ = try parse(json)
      Issue.record("accepted \(json)")
    } catch {
      #expect(error.kind == .invalidDefinition)
      #expect(error.message.hasPrefix("FontSets file 'test.json'"))
      #expect(error.message.contains(fragment), "\(error.message)")
    }
  }

  @Test func userFileWithAnErrorIsReportedWithItsPath() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-bad-fontset.json")
    try Data(#"{"schemaVersion": 1, "ladders": {"Lato": {"9": 400}}}"#.utf8).write(to: url)
    let error = try #require(throws: FontSetError.self) {
      try FontSetDefinition.load(contentsOf: url.path)
    }
    #expect(error.message.contains(url.path))
    #expect(error.message.contains("ladders.Lato.9"))
    let missing = try #require(throws: FontSetError.self) {
      try FontSetDefinition.load(contentsOf: "/nonexistent/fontset.json")
    }
    #expect(missing.message == "FontSets file '/nonexistent/fontset.json': no such file")
  }

  @Test func oversizedFileIsRefusedFromItsSize() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-huge-fontset-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    // A sparse file: over the limit, but no bytes on disk.
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 300 << 20)
    try handle.close()
    let error = try #require(throws: FontSetError.self) {
      try FontSetDefinition.load(contentsOf: url.path)
    }
    #expect(
      error.message
        == "FontSets file '\(url.path)': is \(300 << 20) bytes; the limit is "
        + "\(FontSetDefinition.maximumFileBytes)")
  }

  @Test func userDefinitionsChangeResolution() throws {
    let definition = try parse(
      """
      {"schemaVersion": 1,
       "aliases": {"Brand Sans": ["Missing Family", "Lato"], "DejaVu Serif": ["Lato"]},
       "ladders": {"Brand Sans": {"1": "Semibold", "2": 900}, "DejaVu Sans": {"-1": 400}},
       "weights": {"Lato": {"Medium": 550}}}
      """)
    let fonts = try FontSet(options: HermeticFonts.options(definitions: [definition]))
    let brand = try fonts.resolve(family: "Brand Sans", weight: 1, strict: true)
    #expect(brand.face.family == "Lato")
    #expect(brand.face.style == "Semibold")
    #expect(brand.matchedBy == .alias)
    #expect(try fonts.resolve(family: "BrandSans", weight: 2).face.style == "Black")
    // A ladder entry also applies to an installed family.
    #expect(try fonts.resolve(family: "DejaVu Sans", weight: -1).face.style == "Book")
    // An alias never hides an installed family.
    #expect(try fonts.resolve(family: "DejaVu Serif").face.family == "DejaVu Serif")
    // Weight overrides change what CSS matching sees.
    #expect(fonts.faces(inFamily: "Lato").first { $0.style == "Medium" }?.weight == 550)
    #expect(try fonts.resolve(family: "Lato", weight: 500).face.style == "Regular")
  }

  @Test func daLaddersFileIsValidAndOptIn() throws {
    let url = URL(fileURLWithPath: HermeticFonts.packageRoot)
      .appendingPathComponent("FontSets/da-ladders.json")
    let definition = try FontSetDefinition.load(contentsOf: url.path)
    let fonts = try FontSet(options: HermeticFonts.options(definitions: [definition]))
    // DAFontSet's Helvetica Neue step 1 was Medium; the alias family has no Medium, so CSS
    // matching picks the nearest face for 500.
    let neue = try fonts.resolve(family: "HelveticaNeue", weight: 1)
    #expect(neue.requestedWeight == 500)
    #expect(
      try HermeticFonts.fontSet().resolve(family: "HelveticaNeue", weight: 1).requestedWeight == 700
    )
  }

  @Test func builtInDefinitionsMatchTheFontSetsFolder() throws {
    let folder = URL(fileURLWithPath: HermeticFonts.packageRoot)
      .appendingPathComponent("FontSets")
    #expect(FontSetDefinition.builtIn.count == FontSetDefinition.builtInFiles.count)
    for (file, builtIn) in zip(FontSetDefinition.builtInFiles, FontSetDefinition.builtIn) {
      var loaded = try FontSetDefinition.load(contentsOf: folder.appendingPathComponent(file).path)
      loaded.source = builtIn.source
      #expect(loaded == builtIn, "FontSets/\(file) changed: run scripts/embed-fontsets.sh")
    }
  }

  @Test func everyFontSetsFileIsValid() throws {
    let folder = URL(fileURLWithPath: HermeticFonts.packageRoot)
      .appendingPathComponent("FontSets")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }
    #expect(files.count >= 2)
    for file in files {
      _ = try FontSetDefinition.load(contentsOf: folder.appendingPathComponent(file).path)
    }
  }
}
