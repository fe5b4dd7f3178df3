#!/usr/bin/env bash
# The cold-start comparison in docs/benchmarks.md ("Fonts"): `galley font FAMILY` as a whole
# process against `fc-match FAMILY`, same query, same (the machine's own) fontconfig
# configuration. Each family is run RUNS times per command, alternating the two, after one
# unmeasured warm-up of each; prints one JSON object with the median milliseconds and the
# ratio per family. spawnFloorMs is the same clock around /bin/true: what starting any process
# costs here, included in both medians. --galley may be given more than once (a build from
# before a change and one from after): each is then alternated with fc-match in the same run.
# Usage: scripts/font-startup-bench.sh [--galley PATH]... [--runs N] [FAMILY...]
#   Defaults: .build/release/galley, 30 runs, "DejaVu Sans" serif Helvetica "No Such Family".
set -euo pipefail
cd "$(dirname "$0")/.."
galleys=()
runs=30
while [ $# -gt 0 ]; do
  case "$1" in
    --galley) galleys+=("$2"); shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --) shift; break ;;
    -*) echo "usage: scripts/font-startup-bench.sh [--galley PATH]... [--runs N] [FAMILY...]" >&2
        exit 64 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || set -- "DejaVu Sans" serif Helvetica "No Such Family"
[ ${#galleys[@]} -gt 0 ] || galleys=(.build/release/galley)
for galley in "${galleys[@]}"; do
  [ -x "$galley" ] || { echo "font-startup-bench: build $galley first" >&2; exit 66; }
done
command -v fc-match > /dev/null || { echo "font-startup-bench: fc-match is missing" >&2; exit 69; }
# The galley paths, then a separator, then the families.
exec python3 - "$runs" "${galleys[@]}" -- "$@" << 'EOF'
import json, os, statistics, subprocess, sys, time

runs = int(sys.argv[1])
separator = sys.argv.index("--")
galleys, families = sys.argv[2:separator], sys.argv[separator + 1:]

def seconds(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start

def median_ms(samples):
    return round(statistics.median(samples) * 1000, 2)

results = []
for family in families:
    commands = [["fc-match", family]] + [[galley, "font", family] for galley in galleys]
    samples = [[] for _ in commands]
    for command in commands:
        seconds(command)
    for _ in range(runs):
        for command, taken in zip(commands, samples):
            taken.append(seconds(command))
    fc_ms = median_ms(samples[0])
    measured = [{"galley": os.path.abspath(galley), "galleyMs": median_ms(taken),
                 "ratio": round(median_ms(taken) / fc_ms, 2)}
                for galley, taken in zip(galleys, samples[1:])]
    results.append({"family": family, "fcMatchMs": fc_ms, "galleys": measured})
floor = median_ms([seconds(["/bin/true"]) for _ in range(runs)])
worst = [max(result["galleys"][index]["ratio"] for result in results)
         for index in range(len(galleys))]
print(json.dumps({"runs": runs, "spawnFloorMs": floor, "families": results,
                  "worstRatio": worst if len(worst) > 1 else worst[0]}, indent=2))
EOF
