#!/usr/bin/env python3
"""Runs every command of README.md's ```console blocks as written and checks what it prints.

Each `$ ` line is run with bash in a scratch directory (where `Tests` links to the package's
tests, for the examples that read its fixtures), with the built executables first on PATH and
the tests' hermetic fonts (scripts/test-server.bash's fontconfig file), so the output does not
depend on the machine. A command must exit 0 (`galley check` 1 when its summary counts
failures, as documented). The lines a block shows after a command must be what it prints, but
for `…` (any lines) and `file:` lines (compared by file name: the README shows the machine's
path). Every file a command names with `-o` must exist and be a PNG. Exits 1 naming the first
difference; prints how many commands ran.

    scripts/check-readme-examples.py BIN_DIR FONTCONFIG_FILE
"""

import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def blocks(text):
    """The console blocks: lists of (command, expected output lines)."""
    result = []
    for block in re.findall(r"^```console\n(.*?)^```", text, re.M | re.S):
        commands = []
        for line in block.splitlines():
            if line.startswith("$ "):
                commands.append((line[2:], []))
            elif commands:
                commands[-1][1].append(line)
        result.append(commands)
    return result


def matches(expected, actual):
    """Whether the printed lines are the README's, `…` standing for any lines."""
    if not expected:
        return True
    head, rest = expected[0], expected[1:]
    if head.strip() == "…":
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    if not actual:
        return False
    line = actual[0]
    if head.strip().startswith("file:") and line.strip().startswith("file:"):
        same = os.path.basename(head.strip()) == os.path.basename(line.strip())
    else:
        same = head.rstrip() == line.rstrip()
    return same and matches(rest, actual[1:])


def expected_status(command, expected):
    summary = " ".join(expected)
    failures = re.search(r": (\d+) failures", summary)
    return 1 if command.startswith("galley check") and failures and failures[1] != "0" else 0


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 64
    bin_dir, fontconfig = sys.argv[1], sys.argv[2]
    environment = dict(os.environ, FONTCONFIG_FILE=fontconfig, NO_COLOR="1")
    environment["PATH"] = bin_dir + os.pathsep + environment.get("PATH", "")
    environment.pop("CI", None)
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as file:
        examples = blocks(file.read())
    count = 0
    with tempfile.TemporaryDirectory(prefix="galley-readme-") as scratch:
        os.symlink(os.path.join(ROOT, "Tests"), os.path.join(scratch, "Tests"))
        for commands in examples:
            for command, expected in commands:
                count += 1
                run = subprocess.run(
                    ["bash", "-c", command], cwd=scratch, env=environment,
                    capture_output=True, text=True, timeout=300)
                status = expected_status(command, expected)
                if run.returncode != status:
                    print(f"check-readme-examples: `{command}` exited {run.returncode}, "
                          f"not {status}:\n{run.stderr[-2000:]}", file=sys.stderr)
                    return 1
                printed = run.stdout.splitlines()
                if not matches(expected, printed):
                    print(f"check-readme-examples: `{command}` printed\n{run.stdout}"
                          f"where README.md shows\n" + "\n".join(expected), file=sys.stderr)
                    return 1
                for name in re.findall(r"-o '?([^ ']+)'?", command):
                    paths = [name] if "{name}" not in name else [
                        name.replace("{name}", variant) for variant in ("normal", "pressed")]
                    for path in paths:
                        with open(os.path.join(scratch, path), "rb") as image:
                            if image.read(8) != b"\x89PNG\r\n\x1a\n":
                                print(f"check-readme-examples: `{command}` wrote no PNG "
                                      f"to {path}", file=sys.stderr)
                                return 1
    print(f"check-readme-examples: {count} README commands ran as written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
