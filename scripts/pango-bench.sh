#!/usr/bin/env bash
# Builds and runs the Pango side of a benchmark in docs/benchmarks.md: scripts/pango-KIND-bench.c,
# with the helpers of scripts/pango-bench.h. Installs Debian's libpango1.0-dev when it is missing.
# Usage: scripts/pango-bench.sh layout CORPUS             (the "Layout" comparison)
#        scripts/pango-bench.sh render CORPUS [--strip]   (the "Rendering" comparison)
#        scripts/pango-bench.sh label CORPUS              (the "Labels" comparison)
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:-}"
case "$kind" in
  layout | render | label) shift ;;
  *)
    echo "usage: scripts/pango-bench.sh layout|render|label CORPUS [--strip]" >&2
    exit 64
    ;;
esac
if ! pkg-config --exists pangocairo; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get install -y -q --no-install-recommends libpango1.0-dev
fi
mkdir -p .build
cc -O2 -o ".build/pango-$kind-bench" "scripts/pango-$kind-bench.c" \
  $(pkg-config --cflags --libs pangocairo)
".build/pango-$kind-bench" "$@"
