#!/usr/bin/env python3
"""Builds the probe fonts from Debian's DejaVu Sans (fonts-dejavu-core 2.37-6).

    python3 -m venv /tmp/fontvenv && /tmp/fontvenv/bin/pip install -r requirements.txt
    /tmp/fontvenv/bin/python build.py [path/to/DejaVuSans.ttf]

Each probe is DejaVu Sans subset to printable ASCII (glyph names kept, its own GSUB, GPOS, MATH,
GDEF and kern tables removed), plus the extra glyphs below, plus exactly one feature with one
lookup from the .fea file of the same name, renamed to its own family so fontconfig never takes
it for DejaVu Sans. The output is reproducible: same input and fontTools, same bytes.
"""
import copy
import os
import sys

from fontTools import subset
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.ttLib import TTFont

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
# A fixed time stamp (2026-01-01T00:00:00Z, seconds since 1904-01-01) for reproducible files.
TIMESTAMP = 3850329600

# New glyph -> (glyph whose outline it copies, extra advance in font units).
EXTRA_GLYPHS = {
    "a.alt1": ("a", 200),  # an a, 200 units wider
    "a.alt2": ("o", 0),  # an o shape
    "a.alt3": ("e", 0),  # an e shape
    "x.alt": ("X", 0),  # a capital X shape
}

PROBES = {
    "ProbeRand": ("Galley Probe Rand", ["a.alt1", "a.alt2", "a.alt3"]),
    "ProbeBuzzKern": ("Galley Probe Buzz Kern", []),
    "ProbeHARFKern": ("Galley Probe HARF Kern", []),
    "ProbeHarfContext": ("Galley Probe Harf Context", ["x.alt"]),
    "ProbeBUZZContext": ("Galley Probe BUZZ Context", ["x.alt"]),
}


def base_font(source):
    options = subset.Options()
    options.glyph_names = True
    options.layout_features = []
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    font = subset.load_font(source, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    for tag in ("GSUB", "GPOS", "GDEF", "kern", "MATH", "hdmx", "LTSH", "VDMX"):
        if tag in font:
            del font[tag]
    return font


def add_glyphs(font, names):
    order = font.getGlyphOrder()
    glyf, hmtx = font["glyf"], font["hmtx"]
    for name in names:
        model, extra = EXTRA_GLYPHS[name]
        glyf.glyphs[name] = copy.deepcopy(glyf[model])
        advance, lsb = hmtx[model]
        hmtx[name] = (advance + extra, lsb)
        order.append(name)
    font.setGlyphOrder(order)
    glyf.setGlyphOrder(order)


def rename(font, family, postscript):
    names = font["name"]
    version = "Version 1.0 (DejaVu Sans 2.37 with one probe feature)"
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6, 16, 17, 18, 21, 22, 5):
            names.removeNames(nameID=record.nameID)
    for name_id, value in [(1, family), (2, "Book"), (3, postscript + "-1.0"), (4, family),
                           (5, version), (6, postscript)]:
        names.setName(value, name_id, 3, 1, 0x409)
        names.setName(value, name_id, 1, 0, 0)


def build(source, stem):
    family, glyphs = PROBES[stem]
    font = base_font(source)
    add_glyphs(font, glyphs)
    with open(os.path.join(HERE, stem + ".fea")) as handle:
        addOpenTypeFeaturesFromString(font, handle.read())
    rename(font, family, stem)
    font["head"].created = font["head"].modified = TIMESTAMP
    font.recalcTimestamp = False
    path = os.path.join(HERE, stem + ".ttf")
    font.save(path)
    return path


if __name__ == "__main__":
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    for stem in PROBES:
        print(build(source, stem))
