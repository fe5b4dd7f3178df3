#!/usr/bin/env python3
"""Compares Galley's line breaks with Pango's (pango-view from Debian's pango1.0-tools).

Usage: scripts/compare-pango.py CORPUS [--count N] [--width W] [--size PX] [--family F]
Prints how many paragraphs break identically and shows the first differences.
"""
import argparse, json, os, subprocess, sys, tempfile

parser = argparse.ArgumentParser()
parser.add_argument("corpus")
parser.add_argument("--count", type=int, default=200)
parser.add_argument("--width", type=float, default=400)
parser.add_argument("--size", type=float, default=13)
parser.add_argument("--family", default="DejaVu Sans")
parser.add_argument("--galley", default=".build/debug/galley")
parser.add_argument("--show", type=int, default=3)
args = parser.parse_args()

paragraphs = [line for line in open(args.corpus, encoding="utf-8").read().split("\n") if line][: args.count]
same = 0
shown = 0
with tempfile.TemporaryDirectory() as folder:
    for number, paragraph in enumerate(paragraphs):
        path = os.path.join(folder, "p.txt")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(paragraph)
        serialized = os.path.join(folder, "p.json")
        # Fractional positions on both sides: Pango otherwise rounds every advance to a pixel.
        subprocess.run(["pango-view", "--pixels", f"--font={args.family} {args.size}px", "-w", str(args.width),
                        "--wrap=word", "--subpixel-positions", "--hinting=none", "--hint-metrics=off",
                        "--no-display", "-q", f"--serialize-to={serialized}", path], check=True)
        pango_lines = json.load(open(serialized))["output"]["lines"]
        data = paragraph.encode("utf-8")
        pango = [len(data[: line["start-index"]].decode("utf-8").encode("utf-16-le")) // 2 for line in pango_lines]
        galley_json = subprocess.run([args.galley, "layout", "--plain", "--json", "--width", str(args.width),
                                      "--family", args.family, "--size", str(args.size), "--input", path],
                                     check=True, capture_output=True, text=True).stdout
        galley = [line["location"] for line in json.loads(galley_json)["lines"]]
        if pango == galley:
            same += 1
        elif shown < args.show:
            shown += 1
            print(f"paragraph {number + 1}: pango {pango} galley {galley}")
print(json.dumps({"paragraphs": len(paragraphs), "identical": same, "width": args.width, "size": args.size}))
