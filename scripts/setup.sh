#!/usr/bin/env bash
# Installs the Debian packages Galley needs, only those that are missing. Safe to run again.
# Needs root (or sudo) when something is missing; needs the Swift 6 toolchain on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1; then
  for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    [ -x "$candidate/swift" ] && export PATH="$candidate:$PATH" && break
  done
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "setup: the Swift toolchain (6.1 or newer) is not on PATH; install it from swift.org" >&2
  exit 1
fi

mapfile -t wanted < <(grep -Ev '^\s*(#|$)' scripts/debian-packages.txt)
missing=()
for package in "${wanted[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
