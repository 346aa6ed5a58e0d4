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

for page in page-200k page-2m; do
    file="$out/$page.html"
    hyperfine --warmup 3 --min-runs 10 --export-markdown "$out/$page.md" \
        -n "baton dump" "$baton dump $file > /dev/null" \
        -n "w3m -dump" "w3m -dump -cols 80 $file > /dev/null" \
        -n "lynx -dump" "lynx -dump -width=80 $file > /dev/null"
done

echo
echo "Results (markdown) in $out:"
cat "$out/page-200k.md" "$out/page-2m.md"
