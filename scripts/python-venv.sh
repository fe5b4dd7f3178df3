#!/usr/bin/env bash
# Creates the Python environment of the browser test and the API fuzzing in .build-venv/ (git
# ignores it) with Debian's python3, and installs scripts/python-requirements.txt into it when
# the file changed since the last install. Safe to run again; prints the environment's python.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build-venv
requirements=scripts/python-requirements.txt
python=/usr/bin/python3
[ -x "$python" ] || python=$(command -v python3)
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv" >&2 || {
    echo "python-venv: '$python -m venv' failed; install python3-venv (scripts/setup.sh does)" >&2
    exit 1
  }
fi
stamp="$venv/.requirements"
if ! cmp -s "$requirements" "$stamp"; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements" >&2
  cp "$requirements" "$stamp"
fi
echo "$PWD/$venv/bin/python"
