#!/usr/bin/env bash
# Builds and runs scripts/pango-label-bench.c, the Pango side of the "Labels"
# benchmark in docs/benchmarks.md. Installs Debian's libpango1.0-dev when it is missing.
# Usage: scripts/pango-label-bench.sh CORPUS
set -euo pipefail
cd "$(dirname "$0")/.."
if ! pkg-config --exists pangocairo; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get install -y -q --no-install-recommends libpango1.0-dev
fi
mkdir -p .build
cc -O2 -o .build/pango-label-bench scripts/pango-label-bench.c \
  $(pkg-config --cflags --libs pangocairo)
.build/pango-label-bench "$@"
