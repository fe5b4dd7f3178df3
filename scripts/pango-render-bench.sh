#!/usr/bin/env bash
# Builds and runs scripts/pango-render-bench.c, the Pango + cairo side of the "Rendering"
# benchmark in docs/benchmarks.md. Installs Debian's libpango1.0-dev when it is missing.
# Usage: scripts/pango-render-bench.sh CORPUS [--strip]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! pkg-config --exists pangocairo; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get install -y -q --no-install-recommends libpango1.0-dev
fi
mkdir -p .build
cc -O2 -o .build/pango-render-bench scripts/pango-render-bench.c \
  $(pkg-config --cflags --libs pangocairo)
.build/pango-render-bench "$@"
