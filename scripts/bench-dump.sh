#!/usr/bin/env bash
# Benchmarks `baton dump` against `w3m -dump` and `lynx -dump` on generated ~200 KB and ~2 MB pages.
# Usage: scripts/bench-dump.sh [output-directory]   (needs hyperfine, w3m, lynx)
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$(mktemp -d /tmp/baton-bench-dump.XXXXXX)}"
mkdir -p "$out"

for tool in hyperfine w3m lynx python3; do
    command -v "$tool" > /dev/null || { echo "bench-dump: $tool is not installed" >&2; exit 1; }
done

echo "Building baton (release)…"
swift build --package-path "$repo" -c release --product baton > "$out/build.log" 2>&1 \
    || { tail -20 "$out/build.log" >&2; exit 1; }
baton="$(swift build --package-path "$repo" -c release --show-bin-path)/baton"

python3 "$repo/scripts/generate-bench-page.py" 200000 "$out/page-200k.html"
python3 "$repo/scripts/generate-bench-page.py" 2000000 "$out/page-2m.html"
ls -l "$out"/page-*.html

# -N: no shell in between (hyperfine sends each command's output to /dev/null itself). The machine is a shared
# VM whose timings drift by a millisecond from minute to minute, so the three commands run in one hyperfine
# call, many times, and the median is reported beside the mean.
for page in page-200k page-2m; do
    file="$out/$page.html"
    hyperfine -N --warmup 5 --min-runs 40 --export-json "$out/$page.json" --export-markdown "$out/$page.md" \
        -n "baton dump" "$baton dump $file" \
        -n "w3m -dump" "w3m -dump -cols 80 $file" \
        -n "lynx -dump" "lynx -dump -width=80 $file"
done

echo
echo "Results in $out (milliseconds):"
python3 - "$out" <<'PYTHON'
import json, sys
for page in ("page-200k", "page-2m"):
    print(f"\n{page}: command | mean | median | min")
    for result in json.load(open(f"{sys.argv[1]}/{page}.json"))["results"]:
        print(f"  {result['command']:12} | {result['mean'] * 1000:7.1f} | {result['median'] * 1000:7.1f}"
              f" | {result['min'] * 1000:7.1f}")
PYTHON
