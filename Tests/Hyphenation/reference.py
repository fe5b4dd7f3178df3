#!/usr/bin/env python3
"""Writes the hyphenation reference the tests compare Galley's hyphenator with.

An independent implementation reads the same dictionaries: Pyphen (pure Python, from PyPI)
hyphenates each word of `words-LANG.txt` with the limits the test uses (at least 2 letters
before and 2 after a hyphen, raised to the dictionary's own LEFTHYPHENMIN and RIGHTHYPHENMIN),
and `reference-LANG.txt` gets one line per word: the word as written, a tab, and the word with
a `-` at each point. Galley lowercases words itself, so the reference hyphenates the lowercase
word and puts the points back into the word as written.

    .build-venv/bin/python -m pip install pyphen
    .build-venv/bin/python Tests/Hyphenation/reference.py
"""
import pathlib

import pyphen

HERE = pathlib.Path(__file__).parent
LIMITS = {"en_US": (2, 3), "fr": (2, 2)}  # max(2, the dictionary's LEFT/RIGHTHYPHENMIN)

for language, (left, right) in LIMITS.items():
    dictionary = pyphen.Pyphen(filename=str(HERE / f"hyph_{language}.dic"), left=left, right=right)
    words = (HERE / f"words-{language}.txt").read_text(encoding="utf-8").split()
    lines = []
    for word in words:
        points = dictionary.positions(word.lower())
        pieces, last = [], 0
        for point in points:
            pieces.append(word[last:point])
            last = point
        pieces.append(word[last:])
        lines.append(f"{word}\t{'-'.join(pieces)}\n")
    (HERE / f"reference-{language}.txt").write_text("".join(lines), encoding="utf-8")
    print(f"reference-{language}.txt: {len(lines)} words")
