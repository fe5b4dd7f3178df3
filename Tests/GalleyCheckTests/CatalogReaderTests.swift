import Foundation
import Testing

@testable import GalleyCheck

/// The catalog readers, format by format, on small files that hold each format's edge cases.
@Suite struct CatalogReaderTests {
  /// Reads one file's bytes as the loader would, by its path.
  func read(_ text: String, path: String, source: String = "en") throws -> [Catalog] {
    let bytes = Array(text.utf8)
    switch CatalogFormat.of(path: path) {
    case .android: return try AndroidReader.read(bytes, file: path, sourceLocale: source)
    case .strings: return try StringsReader.read(bytes, file: path, sourceLocale: source)
    case .stringsdict: return try StringsDictReader.read(bytes, file: path, sourceLocale: source)
    case .xcstrings: return try XCStringsReader.read(bytes, file: path)
    case .xliff: return try XLIFFReader.read(bytes, file: path, sourceLocale: source)
    case .gettext: return try POReader.read(bytes, file: path, sourceLocale: source)
    case .json: return try JSONCatalogReader.read(bytes, file: path, sourceLocale: source)
    case nil: throw CatalogError(file: path, "no format")
    }
  }

  /// The entries of a catalog as `name=value` lines.
  func listing(_ catalog: Catalog) -> [String] { catalog.entries.map { "\($0.name)=\($0.value)" } }

  @Test(arguments: [
    ("Hello", "Hello"),
    ("  two   spaces\n  and a line  ", "two spaces and a line"),
    ("\"  kept  \"", "  kept  "),
    ("It\\'s \\\"quoted\\\"", "It's \"quoted\""),
    ("line\\nbreak\\ttab", "line\nbreak\ttab"),
    ("\\u00e9t\\u00E9", "été"),
    ("\\@string \\?attr \\\\", "@string ?attr \\"),
    ("a \"b  c\" d", "a b  c d"),
    ("\\uZZ", "uZZ"),
  ])
  func androidEscapes(raw: String, decoded: String) {
    #expect(AndroidEscapes.decode(raw) == decoded)
  }

  @Test func androidResources() throws {
    let xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
        <string name="app_name" translatable="false">Galley</string>
        <string name="greeting">Hello, <xliff:g id="name" example="Ada">%1$s</xliff:g>!</string>
        <string name="styled">Tap <b>here</b> &amp; wait</string>
        <string name="cdata"><![CDATA[<a href="%1$s">Terms</a>]]></string>
        <plurals name="files">
          <item quantity="one">%d file</item>
          <item quantity="other">%d files</item>
        </plurals>
        <string-array name="days"><item>Mon</item><item>Tue</item></string-array>
      </resources>
      """
    let catalogs = try read(xml, path: "res/values/strings.xml")
    #expect(catalogs.count == 1)
    let catalog = try #require(catalogs.first)
    #expect(catalog.isSource && catalog.locale == "en")
    #expect(
      listing(catalog) == [
        "app_name=Galley", "greeting=Hello, %1$s!", "styled=Tap here & wait",
        "cdata=<a href=%1$s>Terms</a>", "files[one]=%d file", "files[other]=%d files",
        "days[0]=Mon", "days[1]=Tue",
      ])
    #expect(catalog.entries.first?.isTranslatable == false)
    #expect(catalog.entries[1].line == 4)
    let german = try read(xml, path: "res/values-de-rCH/strings.xml")
    #expect(german.first?.locale == "de-CH" && german.first?.isSource == false)
    #expect(try read(xml, path: "res/values-iw/strings.xml").first?.locale == "he")
    #expect(try read(xml, path: "res/values-b+sr+Latn/strings.xml").first?.locale == "sr-Latn")
    #expect(try read(xml, path: "res/values-night/strings.xml").isEmpty)
  }

  /// Android's quoting applies in CDATA too: unescaped double quotes are removed, as aapt2
  /// removes them.
  @Test func androidErrors() {
    #expect(throws: CatalogError.self) {
      try read("<resources><string name=\"a\">x</resources>", path: "values/strings.xml")
    }
    #expect(throws: CatalogError.self) {
      try read("<manifest/>", path: "values/strings.xml")
    }
    #expect(throws: CatalogError.self) {
      try read(
        "<resources><string name=\"a\">&bogus;</string></resources>", path: "values/strings.xml")
    }
    do {
      _ = try read("<resources>\n<string name=\"a\">x</resources>", path: "values/s.xml")
      Issue.record("no error")
    } catch let error as CatalogError {
      #expect(error.line == 2)
      #expect(error.message.contains("mismatch"))
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(throws: CatalogError.self) {
      try read("<resources><string>no name</string></resources>", path: "values/strings.xml")
    }
  }

  /// Foundation's XML parser traps on an element name that is not UTF-8; the readers refuse
  /// such bytes before it sees them.
  @Test func xmlThatIsNotUTF8() {
    var bytes =
      Array("<resources><str".utf8) + [0xCA] + Array("ng name=\"a\">x</string></resources>".utf8)
    for path in ["values/strings.xml", "de.xliff", "de.lproj/A.stringsdict"] {
      #expect(throws: CatalogError.self) {
        _ = try CatalogLoader.load(files: [(path, bytes)], sourceLocale: "en")
      }
    }
    bytes = [0xFF, 0xFE] + Array("<".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    #expect(throws: CatalogError.self) {
      _ = try CatalogLoader.load(files: [("values/strings.xml", bytes)], sourceLocale: "en")
    }
  }

  @Test func appleStrings() throws {
    let text = """
      /* A comment */
      "greeting" = "Hello, %@!";
      // Another
      "quote" = "Say \\"hi\\"\\n";
      unquoted = "Bare key";
      """
    let catalog = try #require(try read(text, path: "App/de.lproj/Localizable.strings").first)
    #expect(catalog.locale == "de" && !catalog.isSource)
    #expect(listing(catalog) == ["greeting=Hello, %@!", "quote=Say \"hi\"\n", "unquoted=Bare key"])
    #expect(catalog.entries.map(\.table) == ["Localizable", "Localizable", "Localizable"])
    #expect(catalog.entries.map(\.line) == [2, 4, 5])
    #expect(catalog.entries.first?.column == 15)
    let base = try #require(try read(text, path: "Base.lproj/Main.strings").first)
    #expect(base.isSource && base.locale == "en")
  }

  @Test func appleStringsInUTF16() throws {
    let text = "\"key\" = \"Grüße\";\n"
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let catalog = try #require(
      try StringsReader.read(bytes, file: "de.lproj/Localizable.strings", sourceLocale: "en").first)
    #expect(listing(catalog) == ["key=Grüße"])
  }

  @Test func appleStringsErrors() {
    #expect(throws: CatalogError.self) {
      try read("\"a\" = \"b\"\n\"c\" = ;", path: "de.lproj/A.strings")
    }
    #expect(throws: CatalogError.self) { try read("\"a\" = \"b\";", path: "Resources/A.strings") }
    #expect(throws: CatalogError.self) {
      try StringsReader.read([0x22, 0xFF, 0x22], file: "de.lproj/A.strings", sourceLocale: "en")
    }
  }

  @Test func stringsDict() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict>
        <key>files_in_folders</key>
        <dict>
          <key>NSStringLocalizedFormatKey</key><string>%#@files@ in %#@folders@</string>
          <key>files</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>%d file</string>
            <key>other</key><string>%d files</string>
          </dict>
          <key>folders</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>one folder</string>
            <key>other</key><string>%d folders</string>
          </dict>
        </dict>
      </dict></plist>
      """
    let catalog = try #require(try read(plist, path: "en.lproj/Localizable.stringsdict").first)
    #expect(
      listing(catalog) == [
        "files_in_folders[files.one]=%d file in %d folders",
        "files_in_folders[files.other]=%d files in %d folders",
        "files_in_folders[folders.one]=%d files in one folder",
        "files_in_folders[folders.other]=%d files in %d folders",
      ])
    #expect(catalog.entries.first?.line == 4)
  }

  /// Forms that name variables that name variables stop growing at a bound.
  @Test func stringsDictExpansionIsBounded() throws {
    let refs = String(repeating: "%#@v@ ", count: 20)
    let plist = """
      <plist version="1.0"><dict><key>k</key><dict>
      <key>NSStringLocalizedFormatKey</key><string>\(refs)</string>
      <key>v</key><dict><key>one</key><string>x</string><key>other</key><string>\(refs)</string></dict>
      </dict></dict></plist>
      """
    let catalog = try #require(try read(plist, path: "en.lproj/A.stringsdict").first)
    #expect(!catalog.entries.isEmpty)
    #expect(catalog.entries.allSatisfy { $0.value.utf8.count <= PluralExpansion.maximumBytes * 2 })
  }

  /// Entities that expand a billion times are refused by the XML parser, quickly.
  @Test func entityExpansionIsRefused() throws {
    var xml = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY l0 \"lolololol\">"
    for level in 1..<10 {
      xml += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
    }
    xml += "]><resources><string name=\"a\">&l9;</string></resources>"
    #expect(throws: CatalogError.self) { try read(xml, path: "values/strings.xml") }
  }

  @Test func xcstrings() throws {
    let json = """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "Cancel" : {
            "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Abbrechen" } }
            }
          },
          "files" : {
            "localizations" : {
              "en" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
              "de" : { "variations" : { "device" : {
                "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Dateien" } },
                "other" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } }
                } } } } } }
            }
          },
          "photos" : {
            "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "%#@count@ by %@" },
                "substitutions" : { "count" : { "argNum" : 1, "formatSpecifier" : "lld",
                  "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg photo" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg photos" } }
                } } } } }
            }
          },
          "Internal" : { "shouldTranslate" : false }
        },
        "version" : "1.0"
      }
      """
    let catalogs = try read(json, path: "App/Localizable.xcstrings")
    #expect(catalogs.map(\.locale) == ["en", "de"])
    #expect(
      listing(catalogs[0]) == [
        "Cancel=Cancel", "Internal=Internal", "files[one]=%lld file", "files[other]=%lld files",
        "photos[one]=%1$lld photo by %@", "photos[other]=%1$lld photos by %@",
      ])
    #expect(catalogs[0].entries[1].isTranslatable == false)
    #expect(
      listing(catalogs[1]) == [
        "Cancel=Abbrechen", "files[device.iphone]=Dateien", "files[device.other.one]=%lld Datei",
        "files[device.other.other]=%lld Dateien",
      ])
    #expect(catalogs[1].entries.first?.line == 6)
  }

  @Test func xliff12() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
        <file original="en.lproj/Localizable.strings" source-language="en" target-language="fi" datatype="plaintext">
          <body>
            <trans-unit id="greeting" xml:space="preserve">
              <source>Hello, <g id="1">%@</g>!<x id="2" equiv-text="%d"/></source>
              <target state="translated">Hei, <g id="1">%@</g>!<x id="2" equiv-text="%d"/></target>
              <alt-trans><target>Terve</target></alt-trans>
              <note>A greeting</note>
            </trans-unit>
            <trans-unit id="id.2" resname="native"><source>Code <ph id="1">%1$s</ph></source></trans-unit>
            <trans-unit id="brand" translate="no"><source>Galley</source><target>Galley</target></trans-unit>
          </body>
        </file>
      </xliff>
      """
    let catalogs = try read(xml, path: "fi.xliff")
    #expect(catalogs.map(\.locale) == ["en", "fi"])
    #expect(listing(catalogs[0]) == ["greeting=Hello, %@!%d", "native=Code %1$s", "brand=Galley"])
    #expect(listing(catalogs[1]) == ["greeting=Hei, %@!%d", "brand=Galley"])
    #expect(catalogs[0].entries.map(\.table) == ["Localizable", "Localizable", "Localizable"])
    #expect(catalogs[1].entries.first?.line == 7)
    #expect(catalogs[1].entries.last?.isTranslatable == false)
  }

  @Test func xliff20() throws {
    let xml = """
      <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="ja">
        <file id="f1" original="messages">
          <unit id="u1" name="welcome">
            <segment><source>Welcome, <ph id="1" equiv="{name}"/>.</source><target>ようこそ、<ph id="1" equiv="{name}"/>。</target></segment>
            <ignorable><source> </source><target> </target></ignorable>
            <segment><source>Tap <pc id="2">here</pc>.</source><target><pc id="2">ここ</pc>をタップ。</target></segment>
          </unit>
        </file>
      </xliff>
      """
    let catalogs = try read(xml, path: "messages.ja.xlf")
    #expect(catalogs.map(\.locale) == ["en-US", "ja"])
    #expect(listing(catalogs[0]) == ["welcome=Welcome, {name}. Tap here."])
    #expect(listing(catalogs[1]) == ["welcome=ようこそ、{name}。 ここをタップ。"])
  }

  @Test func gettext() throws {
    let po = """
      # Translator comment
      msgid ""
      msgstr ""
      "Language: de\\n"
      "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

      #: src/main.c:12
      #, c-format
      msgid "Hello, %s!"
      msgstr "Hallo, %s!"

      msgctxt "menu"
      msgid "Open"
      msgstr "Öffnen"

      msgid "Open"
      msgstr "Offen"

      #, fuzzy
      msgid "Old"
      msgstr "Alt"

      msgid "Empty"
      msgstr ""

      msgid "%d file"
      msgid_plural "%d files"
      msgstr[0] "%d Datei"
      msgstr[1] "%d Dateien"

      msgid ""
      "Long "
      "text\\twith \\"escapes\\" \\101\\x42"
      msgstr "Langer Text"

      #~ msgid "Gone"
      #~ msgstr "Weg"
      """
    let catalogs = try read(po, path: "po/whatever.po")
    #expect(catalogs.map(\.locale) == ["en", "de"])
    #expect(
      listing(catalogs[1]) == [
        "Hello, %s!=Hallo, %s!", "Open=Öffnen", "Open=Offen", "%d file[0]=%d Datei",
        "%d file[1]=%d Dateien", "Long text\twith \"escapes\" AB=Langer Text",
      ])
    #expect(catalogs[1].entries[1].table == "menu")
    #expect(catalogs[1].entries.first?.line == 10 && catalogs[1].entries.first?.column == 9)
    #expect(listing(catalogs[0]).contains("%d file[1]=%d files"))
    #expect(listing(catalogs[0]).contains("Old=Old"))
  }

  @Test func gettextLocaleAndErrors() throws {
    #expect(try read("msgid \"a\"\nmsgstr \"b\"\n", path: "po/pt_BR.po").last?.locale == "pt-BR")
    #expect(
      try read("msgid \"a\"\nmsgstr \"b\"\n", path: "fi/LC_MESSAGES/app.po").last?.locale == "fi")
    #expect(try read("msgid \"a\"\nmsgstr \"\"\n", path: "po/app.pot").count == 1)
    for bad in [
      "msgid \"a\nmsgstr \"b\"", "msgid \"a\"\nmsgsrt \"b\"", "\"orphan\"", "msgid \"a\\\"",
    ] {
      #expect(throws: CatalogError.self) { try read(bad, path: "po/de.po") }
    }
    #expect(throws: CatalogError.self) {
      try read("msgid \"a\"\nmsgstr \"b\"\n", path: "po/app.po")
    }
  }

  @Test func json() throws {
    let text = """
      {
        "title": "Welcome, {{name}}",
        "menu": { "open": "Open", "items": ["One", "Two", 3] },
        "files_one": "{{count}} file",
        "files_other": "{{count}} files",
        "place_ordinal_one": "{{count}}st",
        "flag": true
      }
      """
    let catalog = try #require(try read(text, path: "locales/en/translation.json").first)
    #expect(catalog.isSource && catalog.locale == "en")
    #expect(
      listing(catalog) == [
        "files[one]={{count}} file", "files[other]={{count}} files", "menu.items[0]=One",
        "menu.items[1]=Two", "menu.open=Open", "place[ordinal.one]={{count}}st",
        "title=Welcome, {{name}}",
      ])
    #expect(catalog.entries.allSatisfy { $0.table == "translation" })
    #expect(catalog.entries.last?.line == 2 && catalog.entries.last?.column == 13)
    #expect(try read("{\"a\": \"b\"}", path: "i18n/pt_BR.json").first?.locale == "pt-BR")
    #expect(throws: CatalogError.self) { try read("[1]", path: "de.json") }
    #expect(throws: CatalogError.self) { try read("{\"a\": \"b\"}", path: "strings/app.json") }
  }

  @Test(arguments: [
    ("de", "de"), ("pt_BR", "pt-BR"), ("zh-hans", "zh-Hans"), ("ZH_hant_tw", "zh-Hant-TW"),
    ("iw", "he"), ("in", "id"), ("es-419", "es-419"), ("fil", "fil"),
  ])
  func localeTags(text: String, tag: String) {
    #expect(LocaleTag.canonical(text) == tag)
  }

  @Test(arguments: ["app", "translation", "common", "", "de-", "x", "strings"])
  func notLocaleTags(text: String) {
    #expect(LocaleTag.canonical(text) == nil)
  }

  /// Columns count Unicode scalars from the line's start, across the text's checkpoints, on
  /// lines far longer than the checkpoints' spacing (a minified JSON file is one line).
  @Test(arguments: [0, 1, 511, 512, 513, 3000])
  func columnsOnLongLines(accents: Int) {
    let line = String(repeating: "é", count: accents) + "x"
    let text = CatalogText("first\n" + line + "\n" + String(repeating: "y", count: 1017))
    let offset = 6 + accents * 2
    let position = text.position(ofUTF8Offset: offset)
    #expect(position.line == 2 && position.column == accents + 1)
    let end = text.position(ofUTF8Offset: Array(text.string.utf8).count)
    #expect(end.line == 3 && end.column == 1018)
    // A text of exactly one checkpoint's bytes, asked for its end.
    let whole = CatalogText(String(repeating: "z", count: 1023) + "\n")
    #expect(whole.position(ofUTF8Offset: 1024) == (2, 1))
    #expect(whole.position(ofUTF8Offset: 1023) == (1, 1024))
  }

  @Test func formats() {
    #expect(CatalogFormat.of(path: "a/values-de/strings.xml") == .android)
    #expect(CatalogFormat.of(path: "a/layout/main.xml") == nil)
    #expect(CatalogFormat.of(path: "x.XLF") == .xliff)
    #expect(CatalogFormat.of(path: "README.md") == nil)
    #expect(CatalogFormat.of(path: "noextension") == nil)
    // An emoji modifier after the dash joins it into one Character; the folder is still
    // values-…, as the OpenAPI pattern reads it.
    #expect(CatalogFormat.of(path: "values-\u{1F3FB}x/a.xml") == .android)
    #expect(CatalogFormat.of(path: "a/\u{301}b.json") == .json)
  }
}
