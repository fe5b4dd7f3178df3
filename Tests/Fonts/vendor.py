#!/usr/bin/env python3
"""Copies the test fonts from Debian's packages into Tests/Fonts/ and regenerates the manifest.

Run as:  python3 Tests/Fonts/vendor.py             (a Python with requirements.txt installed)
         python3 Tests/Fonts/vendor.py --check     (only compare the tree with fonts.sha256)
         python3 Tests/Fonts/vendor.py --manifest  (only rewrite fonts.sha256)

Needs the Debian 12 packages listed in PACKAGES installed (apt-get install -y ...). Plain copies
are byte-identical to Debian's files; the two fonts over 1 MB that the tests need only a little
of (DroidSansFallbackFull.ttf, NotoColorEmoji.ttf) are subset with pyftsubset --retain-gids, so
every kept glyph keeps its glyph ID, outline, advance and hinting. The character lists are in
subsets/*.txt; `--lists` rewrites them from the tests' text and fontconfig's `ja` orthography.
"""
import argparse
import hashlib
import os
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
T = "/usr/share/fonts/truetype/"

# (Debian file, folder under Tests/Fonts, Debian package, subset list or None, tests that need it)
DEJAVU_SANS = "DejaVu Sans faces: ResolutionTests (ladder ExtraLight/Book/Bold; condensed faces skipped at normal width), fonts-dejavu-sans.txt golden (9 faces)"
FILES = [
    (T + "dejavu/DejaVuSans.ttf", "dejavu", "fonts-dejavu-core", None,
     "default face (`sans-serif`) of nearly every layout/render golden; WordShapingTests, PairShapingTests, LayoutLookupsTests, FallbackTests primary"),
    (T + "dejavu/DejaVuSans-Bold.ttf", "dejavu", "fonts-dejavu-core", None,
     "%B in goldens (layout-link-wrap*.json), WordShapingTests, resolution of DejaVu Sans weight 1"),
    (T + "dejavu/DejaVuSans-Oblique.ttf", "dejavu", "fonts-dejavu-extra", None,
     "%I in goldens (layout-link-wrap*.json), italic resolution"),
    (T + "dejavu/DejaVuSans-BoldOblique.ttf", "dejavu", "fonts-dejavu-extra", None, "bold italic DejaVu Sans; " + DEJAVU_SANS),
    (T + "dejavu/DejaVuSans-ExtraLight.ttf", "dejavu", "fonts-dejavu-extra", None, DEJAVU_SANS),
    (T + "dejavu/DejaVuSansCondensed.ttf", "dejavu", "fonts-dejavu-extra", None, DEJAVU_SANS),
    (T + "dejavu/DejaVuSansCondensed-Bold.ttf", "dejavu", "fonts-dejavu-extra", None, DEJAVU_SANS),
    (T + "dejavu/DejaVuSansCondensed-Oblique.ttf", "dejavu", "fonts-dejavu-extra", None, DEJAVU_SANS),
    (T + "dejavu/DejaVuSansCondensed-BoldOblique.ttf", "dejavu", "fonts-dejavu-extra", None, DEJAVU_SANS),
    (T + "dejavu/DejaVuSerif.ttf", "dejavu", "fonts-dejavu-core", None,
     "generic `serif`; PairShapingTests, WordShapingTests, markup families in Layout/Render/JSON tests"),
    (T + "dejavu/DejaVuSerif-Bold.ttf", "dejavu", "fonts-dejavu-core", None, "PairShapingTests (runsFromPairs); serif bold"),
    (T + "dejavu/DejaVuSerif-Italic.ttf", "dejavu", "fonts-dejavu-extra", None, "serif italic (generic `serif` with %I)"),
    (T + "dejavu/DejaVuSerif-BoldItalic.ttf", "dejavu", "fonts-dejavu-extra", None, "serif bold italic"),
    (T + "dejavu/DejaVuSansMono.ttf", "dejavu", "fonts-dejavu-core", None,
     "generic `monospace`, aliases Menlo/Monaco; wire-fonts.json golden; PairShapingTests, WordShapingTests"),
    (T + "dejavu/DejaVuSansMono-Bold.ttf", "dejavu", "fonts-dejavu-core", None, "wire-fonts.json golden (DejaVu Sans Mono, 4 faces)"),
    (T + "dejavu/DejaVuSansMono-Oblique.ttf", "dejavu", "fonts-dejavu-extra", None, "wire-fonts.json golden"),
    (T + "dejavu/DejaVuSansMono-BoldOblique.ttf", "dejavu", "fonts-dejavu-extra", None, "wire-fonts.json, wire-font.json goldens"),
]
LATO_NOTE = "ResolutionTests (9 weights x upright/italic = 18 faces, ladder, changingWeight), FontCommandTests (`Lato (18 faces)`), DefinitionTests"
for style, note in [
    ("Hairline", LATO_NOTE), ("HairlineItalic", LATO_NOTE), ("Thin", LATO_NOTE), ("ThinItalic", LATO_NOTE),
    ("Light", LATO_NOTE), ("LightItalic", "FontCommandTests (`--weight -1 --italic` -> Lato-LightItalic.ttf); " + LATO_NOTE),
    ("Regular", "PairShapingTests, WordShapingTests, LayoutLookupsTests, FrontTests (`Lato Regular`), FallbackTests; " + LATO_NOTE),
    ("Italic", "EffectGoldenTests (%I in Lato); " + LATO_NOTE),
    ("Medium", LATO_NOTE), ("MediumItalic", LATO_NOTE),
    ("Semibold", "DefinitionTests (Brand Sans ladder), FontCommandLineTests (`--weight semibold`); " + LATO_NOTE),
    ("SemiboldItalic", "ResolutionTests (italic of Semibold); " + LATO_NOTE),
    ("Bold", "EffectGoldenTests (%B in Lato), FontCommandTests (`Lato Bold`), ResolutionTests (fontFiles); " + LATO_NOTE),
    ("BoldItalic", "PairShapingTests (runsFromPairs); " + LATO_NOTE),
    ("Heavy", LATO_NOTE), ("HeavyItalic", LATO_NOTE), ("Black", LATO_NOTE), ("BlackItalic", LATO_NOTE),
]:
    FILES.append((T + "lato/Lato-%s.ttf" % style, "lato", "fonts-lato", None, note))
LIB_NOTE = "aliases Helvetica/Arial/Times New Roman/Courier/Courier New (ResolutionTests.aliasesResolveToFreeFamilies at weight 1, FontAliasLayoutTests at bold italic, FontCommandTests)"
for name, extra in [
    ("LiberationSans-Regular", "PairShapingTests (members, runsFromPairs, everyPair), WordShapingTests; "),
    ("LiberationSans-Bold", ""), ("LiberationSans-Italic", ""), ("LiberationSans-BoldItalic", ""),
    ("LiberationSerif-Regular", ""), ("LiberationSerif-Bold", ""),
    ("LiberationSerif-Italic", "PairShapingTests (runsFromPairs); "), ("LiberationSerif-BoldItalic", ""),
    ("LiberationMono-Regular", ""), ("LiberationMono-Bold", ""), ("LiberationMono-Italic", ""),
    ("LiberationMono-BoldItalic", ""),
]:
    FILES.append((T + "liberation2/%s.ttf" % name, "liberation2", "fonts-liberation2", None, extra + LIB_NOTE))
NOTO_ALIAS = "aliases Georgia/Palatino/Baskerville/Cochin/Hoefler Text/American Typewriter (Noto Serif), Trebuchet MS/Optima/Gill Sans/SF (Noto Sans): ResolutionTests at weight 1, FontAliasLayoutTests"
FALLBACK = "fallback face fontconfig picks today for %s in the tests' text (kept so fallback order does not change)"
for name, note in [
    ("NotoSans-Regular", "PairShapingTests (runsFromPairs), LayoutLookupsTests (everyLookupOfBrokenTables); " + NOTO_ALIAS),
    ("NotoSans-Bold", NOTO_ALIAS), ("NotoSans-Italic", NOTO_ALIAS), ("NotoSans-BoldItalic", NOTO_ALIAS),
    ("NotoSerif-Regular", "PairShapingTests (runsFromPairs); " + NOTO_ALIAS),
    ("NotoSerif-Bold", NOTO_ALIAS), ("NotoSerif-Italic", NOTO_ALIAS), ("NotoSerif-BoldItalic", NOTO_ALIAS),
    ("NotoSansHebrew-Regular", "WordShapingTests (rightToLeftWordsShapeAlone)"),
    ("NotoSansHebrew-Bold", "family Noto Sans Hebrew, bold"),
    ("NotoSansArabic-Regular", "WordShapingTests (rightToLeftWordsShapeAlone)"),
    ("NotoSansArabic-Bold", "family Noto Sans Arabic, bold"),
    ("NotoNaskhArabic-Regular", "WordShapingTests (rightToLeftWordsShapeAlone)"),
    ("NotoNaskhArabic-Bold", "family Noto Naskh Arabic, bold"),
    ("NotoSansDevanagari-Regular", "FallbackTests.everyScriptFindsAFace (Hindi line of corpus/multilingual.txt); LayoutModelTests"),
    ("NotoSansDevanagari-Bold", FALLBACK % "Devanagari with bold requests"),
    ("NotoSansThai-Regular", "FallbackTests.everyScriptFindsAFace (Thai line); LineBreakingTests, TruncationTests, LayoutModelTests"),
    ("NotoSansThai-Bold", FALLBACK % "Thai with bold requests"),
    ("NotoSansKhmer-Regular", FALLBACK % "Khmer (LineBreakingTests)"),
    ("NotoSansKhmer-Bold", FALLBACK % "Khmer with bold requests"),
    ("NotoSansMyanmar-Regular", FALLBACK % "Myanmar (LineBreakingTests)"),
    ("NotoSansMyanmar-Bold", FALLBACK % "Myanmar with bold requests"),
    ("NotoSansMongolian-Regular", FALLBACK % "U+3001/U+3002 (、。) with no language"),
    ("NotoTraditionalNushu-Regular", FALLBACK % "U+3000 IDEOGRAPHIC SPACE with no language"),
    ("NotoSansTakri-Regular", FALLBACK % "U+0964 DEVANAGARI DANDA (upright)"),
    ("NotoSerifGujarati-Bold", FALLBACK % "U+0964 DEVANAGARI DANDA (bold italic)"),
    ("NotoSansAdlam-Regular", FALLBACK % "U+1E900 (BidiScanTests)"),
    ("NotoSansAdlam-Bold", FALLBACK % "U+1E900 with bold requests"),
    ("NotoSansPhoenician-Regular", FALLBACK % "U+10900 (BidiScanTests, BidiLevelsTests)"),
    ("NotoSansSyriac-Regular", FALLBACK % "U+0710 (BidiScanTests)"),
    ("NotoMusic-Regular", FALLBACK % "U+1D11E (markup tests)"),
]:
    FILES.append((T + "noto/%s.ttf" % name, "noto", "fonts-noto-core", None, note))
FILES += [
    (T + "noto/NotoColorEmoji.ttf", "noto", "fonts-noto-color-emoji", "subsets/emoji-unicodes.txt",
     "FallbackTests (emoji, Noto Color Emoji family), EmojiPresentationTests, FontCommandTests and PositioningTests (family lists), emoji in layout/render tests"),
    (T + "droid/DroidSansFallbackFull.ttf", "droid", "fonts-droid-fallback", "subsets/droid-unicodes.txt",
     "CJK fallback: FallbackTests, font-for-text.txt, font-synthesized.txt, wire-font-for-text.json, layout-link-wrap*.json goldens, Justification/LineBreaking/Truncation tests"),
    ("/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf", "urw-base35", "fonts-urw-base35", None,
     "one URW face as OpenType (HarfBuzz reads it), which `Helvetica` finds (`HermeticFonts.urwDirectory`: FontFormatTests, FontAliasLayoutTests, LazyCatalogTests) ..."),
    ("/usr/share/fonts/type1/urw-base35/NimbusSans-Regular.t1", "urw-base35", "fonts-urw-base35", None,
     "... and as Type 1 (never chosen; alone it is no face: FontFormatTests)"),
    ("/usr/share/fonts/type1/urw-base35/NimbusSans-Regular.afm", "urw-base35", "fonts-urw-base35", None,
     "... with its AFM metrics, as Debian installs it"),
    (T + "inter-vf/Inter.var.ttf", "inter", "fonts-inter-variable", None,
     "for coming issues: a variable font (axes wght 100-900, slnt -10-0; 18 named instances)"),
    (T + "firacode/FiraCode-Regular.ttf", "firacode", "fonts-firacode", None,
     "for coming issues: `calt` contextual alternates whose context crosses spaces"),
]

# Licence files per folder: (source, name in the folder).
LICENCES = {
    "dejavu": [("/usr/share/doc/fonts-dejavu-core/copyright", "copyright.fonts-dejavu-core"),
               ("/usr/share/doc/fonts-dejavu-extra/copyright", "copyright.fonts-dejavu-extra")],
    "lato": [("/usr/share/doc/fonts-lato/copyright", "copyright.fonts-lato")],
    "liberation2": [("/usr/share/doc/fonts-liberation2/copyright", "copyright.fonts-liberation2")],
    "noto": [("/usr/share/doc/fonts-noto-core/copyright", "copyright.fonts-noto-core"),
             ("/usr/share/doc/fonts-noto-color-emoji/copyright", "copyright.fonts-noto-color-emoji"),
             ("/usr/share/common-licenses/Apache-2.0", "LICENSE-Apache-2.0")],
    "droid": [("/usr/share/doc/fonts-droid-fallback/copyright", "copyright.fonts-droid-fallback"),
              ("/usr/share/common-licenses/Apache-2.0", "LICENSE-Apache-2.0")],
    "urw-base35": [("/usr/share/doc/fonts-urw-base35/copyright", "copyright.fonts-urw-base35")],
    "inter": [("/usr/share/doc/fonts-inter-variable/copyright", "copyright.fonts-inter-variable"),
              ("/usr/share/common-licenses/Apache-2.0", "LICENSE-Apache-2.0")],
    "firacode": [("/usr/share/doc/fonts-firacode/copyright", "copyright.fonts-firacode")],
}
LICENCE_NAMES = {
    "fonts-dejavu-core": "Bitstream Vera licence + public domain changes (see copyright.*)",
    "fonts-dejavu-extra": "Bitstream Vera licence + public domain changes (see copyright.*)",
    "fonts-lato": "SIL OFL 1.1", "fonts-liberation2": "SIL OFL 1.1", "fonts-noto-core": "SIL OFL 1.1",
    "fonts-noto-color-emoji": "SIL OFL 1.1 (font); Apache 2.0 (build tools)",
    "fonts-droid-fallback": "Apache 2.0", "fonts-urw-base35": "AGPL-3 with font exception",
    "fonts-inter-variable": "SIL OFL 1.1", "fonts-firacode": "SIL OFL 1.1",
}

# pyftsubset options: keep every table, glyph ID, name, feature, hinting and OS/2 range bit.
SUBSET_OPTIONS = [
    "--retain-gids", "--layout-features=*", "--name-IDs=*", "--name-languages=*", "--name-legacy",
    "--notdef-outline", "--glyph-names", "--legacy-kern", "--no-prune-unicode-ranges",
    "--no-prune-codepage-ranges", "--drop-tables=", "--passthrough-tables",
]


def sha256(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def version(package):
    return subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], check=True,
                          capture_output=True, text=True).stdout


def subset_command(source, listing, output):
    return ["pyftsubset", source, "--unicodes-file=" + listing] + SUBSET_OPTIONS + ["--output-file=" + output]


def make_lists():
    """Writes subsets/*.txt from the characters of the tests' text (run from the repository)."""
    import json  # noqa: F401  (kept local: only this mode needs the repository's text)
    import re
    import ctypes
    import ctypes.util
    root = os.path.dirname(os.path.dirname(HERE))
    found = set()
    paths = [os.path.join(d, f) for d, _, fs in os.walk(os.path.join(root, "Tests")) for f in fs
             if f.endswith((".swift", ".json", ".txt")) and "/Tests/Fonts/" not in os.path.join(d, f)]
    paths += [os.path.join(root, "corpus", "multilingual.txt")]
    for path in paths:
        text = open(path, encoding="utf-8").read()
        found |= {ord(c) for c in text if ord(c) > 0x7E}
        found |= {int(m, 16) for m in re.findall(r"\\u\{([0-9A-Fa-f]{1,6})\}", text)}
    fc = ctypes.CDLL(ctypes.util.find_library("fontconfig"))
    fc.FcLangGetCharSet.restype = ctypes.c_void_p
    fc.FcLangGetCharSet.argtypes = [ctypes.c_char_p]
    fc.FcCharSetHasChar.argtypes = [ctypes.c_void_p, ctypes.c_uint]

    def orthography(language):
        charset = fc.FcLangGetCharSet(language)
        return {u for u in range(0x30000) if fc.FcCharSetHasChar(charset, u)}

    def ranges(values):
        values = sorted(values)
        out, start = [], None
        for index, value in enumerate(values):
            if start is None:
                start = value
            if index + 1 == len(values) or values[index + 1] != value + 1:
                out.append("U+%04X" % start if start == value else "U+%04X-%04X" % (start, value))
                start = None
        return out

    def write(name, header, groups):
        with open(os.path.join(HERE, "subsets", name), "w") as handle:
            handle.write(header)
            for comment, values in groups:
                handle.write("\n# %s\n" % comment)
                items = ranges(values)
                for index in range(0, len(items), 8):
                    handle.write(" ".join(items[index:index + 8]) + "\n")

    os.makedirs(os.path.join(HERE, "subsets"), exist_ok=True)
    blocks = set()
    for first, last in [(0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0x31F0, 0x31FF),
                        (0x3130, 0x318F), (0x1100, 0x11FF), (0xFF00, 0xFFEF), (0x202A, 0x202E)]:
        blocks |= set(range(first, last + 1))
    write("droid-unicodes.txt",
          "# Characters kept in droid/DroidSansFallbackFull.ttf (pyftsubset --unicodes-file).\n"
          "# Written by vendor.py --lists; characters the font lacks are ignored by pyftsubset.\n",
          [("ASCII", range(0x20, 0x7F)),
           ("Every non-ASCII character in Tests/ (Swift, goldens) and corpus/multilingual.txt", found),
           ("Whole blocks: CJK symbols and punctuation, hiragana, katakana (and phonetic extensions), "
            "Hangul jamo and compatibility jamo, half- and fullwidth forms, bidi embedding controls", blocks),
           ("fontconfig 2.14's `ja` and `zh-tw` orthographies: fontconfig lists the subset's languages "
            "as `ja|zh-tw`, as it does the full font's, so requests with lang ja or zh-* rank it as "
            "before", orthography(b"ja") | orthography(b"zh-tw"))])
    emoji = found | {0x200D, 0xFE0E, 0xFE0F, 0x20E3, 0x263A, 0x2660, 0x2764, 0x1F525}
    emoji |= {ord(c) for c in "0123456789#*"} | set(range(0xE0061, 0xE007B)) | {0xE007F}
    write("emoji-unicodes.txt",
          "# Characters kept in noto/NotoColorEmoji.ttf (pyftsubset --unicodes-file).\n"
          "# Written by vendor.py --lists. pyftsubset also keeps every GSUB ligature made only of kept\n"
          "# characters: the flags, keycaps, skin-tone and ZWJ sequences of these characters.\n",
          [("ASCII (the font maps only a few: space, digits, #, *)", range(0x20, 0x7F)),
           ("Every non-ASCII character in Tests/ (Swift, goldens) and corpus/multilingual.txt", found),
           ("Keycaps, variation selectors, ZWJ, hearts, fire, tag letters and cancel tag", emoji - found)])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only verify fonts.sha256")
    parser.add_argument("--lists", action="store_true", help="rewrite subsets/*.txt first")
    parser.add_argument("--manifest", action="store_true",
                        help="only rewrite fonts.sha256 (after Probes/build.py, for example)")
    args = parser.parse_args()
    manifest = os.path.join(HERE, "fonts.sha256")
    if args.check:
        sys.exit(subprocess.run(["sha256sum", "--check", "--quiet", manifest], cwd=HERE).returncode)
    if args.manifest:
        write_manifest(manifest)
        return
    if args.lists:
        make_lists()
    rows = []
    for source, folder, package, listing, note in FILES:
        os.makedirs(os.path.join(HERE, folder), exist_ok=True)
        target = os.path.join(HERE, folder, os.path.basename(source))
        if listing:
            command = subset_command(source, os.path.join(HERE, listing), target)
            subprocess.run([sys.executable, "-m", "fontTools.subset"] + command[1:], check=True)
            shown = shlex.join(["pyftsubset", source, "--unicodes-file=Tests/Fonts/" + listing]
                             + SUBSET_OPTIONS + ["--output-file=Tests/Fonts/%s/%s" % (folder, os.path.basename(source))])
        else:
            shutil.copyfile(source, target)
            assert sha256(source) == sha256(target)
            shown = None
        rows.append((folder + "/" + os.path.basename(source), source, package, version(package),
                     os.path.getsize(target), os.path.getsize(source), note, shown))
    for folder, licences in LICENCES.items():
        for source, name in licences:
            shutil.copyfile(source, os.path.join(HERE, folder, name))
    write_manifest(manifest)
    write_table(rows)


def write_manifest(manifest):
    fonts = []
    for directory, _, files in os.walk(HERE):
        for name in files:
            if name.lower().endswith((".ttf", ".otf", ".t1", ".afm", ".ttc", ".otc")):
                fonts.append(os.path.relpath(os.path.join(directory, name), HERE))
    with open(manifest, "w") as handle:
        for path in sorted(fonts):
            handle.write("%s  %s\n" % (sha256(os.path.join(HERE, path)), path))


def write_table(rows):
    """Writes the table of files that README.md includes between its markers."""
    lines = ["| file | Debian source | package version | licence | size | subset | needed by |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for path, source, package, package_version, size, source_size, note, command in rows:
        subset = ("yes, %s of %s bytes (command below)" % (format(size, ","), format(source_size, ","))
                  if command else "no (byte-identical)")
        lines.append("| `%s` | `%s` (%s) | %s | %s | %s | %s | %s |" % (
            path, source, package, package_version, LICENCE_NAMES[package], format(size, ","), subset,
            note))
    commands = [command for *_, command in rows if command]
    readme = os.path.join(HERE, "README.md")
    text = open(readme).read() if os.path.exists(readme) else "<!-- table -->\n<!-- /table -->\n"
    start, end = text.index("<!-- table -->"), text.index("<!-- /table -->")
    body = "\n".join(lines) + "\n\nSubset commands (run by `vendor.py`):\n\n" + "\n".join(
        "```sh\n%s\n```" % command for command in commands) + "\n"
    text = text[:start] + "<!-- table -->\n" + body + text[end:]
    with open(readme, "w") as handle:
        handle.write(text)


if __name__ == "__main__":
    main()
