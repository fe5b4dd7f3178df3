#!/usr/bin/env python3
"""Checks that fontconfig picks the same faces from Tests/Fonts as from Debian's directories.

    python3 Tests/Fonts/compare_fontconfig.py

Builds two configurations like HermeticFonts' (same generics, same `sans-serif` fallback rule,
directories in the same order), one over Debian's directories and one over the folders here.
For many requests (families the tests use, CSS weights 100-900, upright and italic, several
languages) it compares FcFontSort's first face, and for every character in the tests' text the
face Galley's fallback would take (the first face in sort order that covers it, color faces first
for emoji presentation). Prints the differences by file name and exits 1 if there are any.
Needs libfontconfig and Debian's font packages installed; no third-party Python module.
"""
import ctypes
import ctypes.util
import os
import re
import sys
import tempfile
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
T = "/usr/share/fonts/truetype/"
FOLDERS = ["dejavu", "liberation2", "lato", "noto", "droid"]
GENERICS = {"sans-serif": ["DejaVu Sans"], "serif": ["DejaVu Serif"], "monospace": ["DejaVu Sans Mono"]}
FAMILIES = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Lato", "Liberation Sans",
            "Liberation Serif", "Liberation Mono", "Noto Sans", "Noto Serif", "Droid Sans Fallback",
            "Noto Sans Hebrew", "Noto Sans Arabic", "Noto Naskh Arabic", "Noto Color Emoji",
            "NoSuchFamily", "sans-serif", "serif", "monospace", "Helvetica"]
LANGUAGES = [None, "ja", "zh-cn", "zh-tw", "zh-hk", "ko", "xx-unknown", "tr", "nl", "ar", "he", "en"]

fc = ctypes.CDLL(ctypes.util.find_library("fontconfig"))
fc.FcConfigCreate.restype = ctypes.c_void_p
fc.FcConfigParseAndLoadFromMemory.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
fc.FcConfigBuildFonts.argtypes = [ctypes.c_void_p]
fc.FcPatternCreate.restype = ctypes.c_void_p
fc.FcPatternDestroy.argtypes = [ctypes.c_void_p]
fc.FcPatternAddString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
fc.FcPatternAddInteger.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
fc.FcConfigSubstitute.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
fc.FcDefaultSubstitute.argtypes = [ctypes.c_void_p]
fc.FcWeightFromOpenType.argtypes = [ctypes.c_int]


class FcFontSet(ctypes.Structure):
    _fields_ = [("nfont", ctypes.c_int), ("sfont", ctypes.c_int),
                ("fonts", ctypes.POINTER(ctypes.c_void_p))]


fc.FcFontSort.restype = ctypes.POINTER(FcFontSet)
fc.FcFontSort.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p,
                          ctypes.POINTER(ctypes.c_int)]
fc.FcPatternGetString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                  ctypes.POINTER(ctypes.c_char_p)]
fc.FcPatternGetCharSet.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                   ctypes.POINTER(ctypes.c_void_p)]
fc.FcPatternGetBool.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                ctypes.POINTER(ctypes.c_int)]
fc.FcCharSetHasChar.argtypes = [ctypes.c_void_p, ctypes.c_uint]


def configuration(directories, cache):
    xml = '<?xml version="1.0"?>\n<fontconfig>\n' + "".join("  <dir>%s</dir>\n" % d for d in directories)
    xml += "  <cachedir>%s</cachedir>\n" % cache
    xml += ('  <match target="pattern"><edit name="family" mode="append_last">'
            "<string>sans-serif</string></edit></match>\n")
    for generic, families in sorted(GENERICS.items()):
        xml += "  <alias><family>%s</family><prefer>%s</prefer></alias>\n" % (
            generic, "".join("<family>%s</family>" % f for f in families))
    config = fc.FcConfigCreate()
    assert fc.FcConfigParseAndLoadFromMemory(config, (xml + "</fontconfig>\n").encode(), 1)
    assert fc.FcConfigBuildFonts(config)
    return config


def sorted_faces(config, family, weight, italic, language):
    pattern = fc.FcPatternCreate()
    fc.FcPatternAddString(pattern, b"family", family.encode())
    fc.FcPatternAddInteger(pattern, b"weight", fc.FcWeightFromOpenType(weight))
    fc.FcPatternAddInteger(pattern, b"slant", 100 if italic else 0)
    if language:
        fc.FcPatternAddString(pattern, b"lang", language.encode())
    fc.FcConfigSubstitute(config, pattern, 0)
    fc.FcDefaultSubstitute(pattern)
    result = ctypes.c_int()
    faces = fc.FcFontSort(config, pattern, 1, None, ctypes.byref(result))
    out = []
    for index in range(faces.contents.nfont):
        face = faces.contents.fonts[index]
        path, charset, color = ctypes.c_char_p(), ctypes.c_void_p(), ctypes.c_int(0)
        fc.FcPatternGetString(face, b"file", 0, ctypes.byref(path))
        fc.FcPatternGetCharSet(face, b"charset", 0, ctypes.byref(charset))
        fc.FcPatternGetBool(face, b"color", 0, ctypes.byref(color))
        out.append((os.path.basename(path.value.decode()), charset.value, bool(color.value)))
    return out  # the sets are leaked on purpose: the charsets point into them


def pick(faces, scalar, wants_color):
    if wants_color:
        for name, charset, color in faces:
            if color and fc.FcCharSetHasChar(charset, scalar):
                return name
    for name, charset, _ in faces:
        if fc.FcCharSetHasChar(charset, scalar):
            return name
    return None


def test_characters():
    found = set(range(0x20, 0x7F))
    paths = [os.path.join(d, f) for d, _, fs in os.walk(os.path.join(ROOT, "Tests")) for f in fs
             if f.endswith((".swift", ".json", ".txt")) and os.sep + "Fonts" + os.sep not in d + os.sep]
    paths.append(os.path.join(ROOT, "corpus", "multilingual.txt"))
    for path in paths:
        text = open(path, encoding="utf-8").read()
        found |= {ord(c) for c in text if ord(c) > 0x7E}
        found |= {int(m, 16) for m in re.findall(r"\\u\{([0-9A-Fa-f]{1,6})\}", text)}
    # What Galley's fallback never looks up alone: format, control, nonspacing and enclosing
    # marks, variation selectors and tags (FontSet.requiredScalars).
    return sorted(u for u in found if u <= 0x10FFFF and not (
        unicodedata.category(chr(u)) in ("Cf", "Cc", "Mn", "Me", "Cs")
        or 0xFE00 <= u <= 0xFE0F or 0xE0000 <= u <= 0xE007F))


def main():
    cache = tempfile.mkdtemp(prefix="galley-compare-fontconfig-")
    debian = configuration([T + folder for folder in FOLDERS], cache)
    vendored = configuration([os.path.join(HERE, folder) for folder in FOLDERS], cache)
    scalars = test_characters()
    checked = differences = 0
    for family in FAMILIES:
        for weight in range(100, 1000, 100):
            for italic in (False, True):
                for language in LANGUAGES:
                    old = sorted_faces(debian, family, weight, italic, language)
                    new = sorted_faces(vendored, family, weight, italic, language)
                    request = "%s %d %s %s" % (family, weight, "italic" if italic else "upright", language)
                    checked += 1
                    if old[0][0] != new[0][0]:
                        differences += 1
                        print("%s: first face %s, now %s" % (request, old[0][0], new[0][0]))
                    for scalar in scalars:
                        emoji = unicodedata.category(chr(scalar)) == "So" and scalar >= 0x1F000
                        for wants_color in ((True,) if emoji else (False, True)):
                            checked += 1
                            before, after = pick(old, scalar, wants_color), pick(new, scalar, wants_color)
                            if before != after:
                                differences += 1
                                print("%s U+%04X color=%s: %s, now %s" % (
                                    request, scalar, wants_color, before, after))
    print("%d answers compared, %d differences" % (checked, differences))
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
