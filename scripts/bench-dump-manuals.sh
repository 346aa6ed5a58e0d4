#!/bin/bash
# baton dump against w3m -dump on real Debian HTML manuals (issue 25): hyperfine medians, ratio, peak RSS.
# Pages: the three largest of libxslt1-dev's manual, two small ones, Debian's Python policy, w3m's manual.
# Usage: scripts/bench-dump-manuals.sh [BATON]   (default .build/release/baton)
set -eu
B=$(realpath "${1:-.build/release/baton}")
pages=$({
    ls -S /usr/share/doc/libxslt1-dev/html/*.html /usr/share/doc/libxslt1-dev/html/html/*.html | head -3
    find /usr/share/doc/libxslt1-dev/html -name "*.html" -size -8k -size +3k | sort | head -2
    echo /usr/share/doc/python3/python-policy.html /usr/share/doc/w3m/MANUAL.html
})
results=$(mktemp)
trap 'rm -f "$results"' EXIT
echo "load before: $(cat /proc/loadavg)"
for page in $pages; do
    hyperfine -N -w 3 -r 25 --export-json "$results" "$B dump $page" "w3m -dump $page" >/dev/null 2>&1
    peak_baton=$(/usr/bin/time -f %M "$B" dump "$page" 2>&1 >/dev/null | tail -1)
    peak_w3m=$(/usr/bin/time -f %M w3m -dump "$page" 2>&1 >/dev/null | tail -1)
    python3 - "$results" "$page" "$peak_baton" "$peak_w3m" <<'PY'
import json, os, sys
results, page, peak_baton, peak_w3m = sys.argv[1:]
baton, w3m = [r["median"] * 1000 for r in json.load(open(results))["results"]]
print(f"{page} {os.path.getsize(page)} B: baton {baton:.2f} ms, w3m {w3m:.2f} ms, ratio {baton / w3m:.2f}, "
      f"peak RSS {peak_baton} / {peak_w3m} KB")
PY
done
echo "load after: $(cat /proc/loadavg)"
