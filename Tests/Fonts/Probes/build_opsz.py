#!/usr/bin/env python3
"""Builds ProbeOpsz.ttf, a variable probe font with one axis, `opsz`, from DejaVu Sans.

    python3 -m venv /tmp/fontvenv && /tmp/fontvenv/bin/pip install -r requirements.txt
    /tmp/fontvenv/bin/python build_opsz.py [path/to/DejaVuSans.ttf]

Two masters of build.py's base font (DejaVu Sans subset to printable ASCII, its layout tables
removed): at opsz 6 (the default) the glyphs as they are, at opsz 72 every advance 100 units
wider, outlines unchanged. fontTools' varLib merges them, so a glyph's advance grows linearly
with the optical size: 2048 + 100 × (opsz − 6) / 66 units for the space's 651. The output is
reproducible: same input and fontTools, same bytes.
"""
import os
import sys

from fontTools import varLib
from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor

from build import HERE, SOURCE, TIMESTAMP, base_font, rename

FAMILY = "Galley Probe Opsz"
STEM = "ProbeOpsz"


def master(source, extra):
    font = base_font(source)
    hmtx = font["hmtx"]
    for name in font.getGlyphOrder():
        advance, lsb = hmtx[name]
        hmtx[name] = (advance + extra, lsb)
    rename(font, FAMILY, STEM)
    return font


def build(source):
    document = DesignSpaceDocument()
    axis = AxisDescriptor()
    axis.tag, axis.name = "opsz", "Optical size"
    axis.minimum, axis.default, axis.maximum = 6, 6, 72
    document.addAxis(axis)
    for name, size, extra in [("small", 6, 0), ("large", 72, 100)]:
        descriptor = SourceDescriptor()
        descriptor.name = name
        descriptor.font = master(source, extra)
        descriptor.location = {"Optical size": size}
        document.addSource(descriptor)
    # DejaVu's OS/2 is too old for the metrics MVAR varies; the probe varies advances only.
    font, _, _ = varLib.build(document, exclude=["MVAR"])
    font["head"].created = font["head"].modified = TIMESTAMP
    font.recalcTimestamp = False
    path = os.path.join(HERE, STEM + ".ttf")
    font.save(path)
    return path


if __name__ == "__main__":
    print(build(sys.argv[1] if len(sys.argv) > 1 else SOURCE))
