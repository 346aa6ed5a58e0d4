#!/bin/bash
# baton dump against w3m -dump on real Debian HTML manuals (issue 25, goal 2): hyperfine medians, ratio, peak RSS,
# the geometric mean of the ratios, and the words of w3m's dump that baton's keeps (scripts/dump-words.py).
# Pages: the three largest and two small (3-8 KB) pages of each of two manuals, libxslt1-dev's
# (/usr/share/doc/libxslt1-dev/html) and valgrind's (/usr/share/doc/valgrind/html, package valgrind), then
# Debian's Python policy (python3) and w3m's own manual (w3m).
# With ICOUNT=1 each page's instructions (callgrind, whole process, both commands; baton as a copy without DWARF,
# which valgrind 3.19 cannot read) are added: they do not move with the machine's load.
# With INTERLEAVED=1 the two commands alternate run by run (41 timed runs each) instead of hyperfine's two
# series, which a shared machine's changing load can tip either way.
# Usage: [ICOUNT=1] [INTERLEAVED=1] scripts/bench-dump-manuals.sh [BATON]   (default .build/release/baton)
set -eu
B=$(realpath "${1:-.build/release/baton}")
here=$(dirname "$0")
manual() {
    find "$1" -name "*.html" -printf "%s %p\n" | sort -rn | head -3 | cut -d" " -f2
    find "$1" -name "*.html" -size -8k -size +3k | sort | head -2
}
pages=$({
    manual /usr/share/doc/libxslt1-dev/html
    manual /usr/share/doc/valgrind/html
    echo /usr/share/doc/python3/python-policy.html /usr/share/doc/w3m/MANUAL.html
})
results=$(mktemp)
rows=$(mktemp)
stripped=$(mktemp)
trap 'rm -f "$results" "$rows" "$stripped"' EXIT
if [ "${ICOUNT:-0}" = 1 ]; then objcopy --strip-debug "$B" "$stripped"; fi
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/refs:/ { gsub(",", "", $4); print $4 }'
}
echo "load before: $(cat /proc/loadavg)"
for page in $pages; do
    if [ "${INTERLEAVED:-0}" = 1 ]; then
        # baton and w3m one after the other, 41 times each: on a shared machine the load moves between
        # hyperfine's two series; here both see the same moments. Medians, same JSON shape as hyperfine's.
        python3 - "$results" "$B" "$page" <<'PY'
import json, os, statistics, sys, time
results, baton, page = sys.argv[1:]
commands = [[baton, "dump", page], ["/usr/bin/w3m", "-dump", page]]
null = os.open(os.devnull, os.O_WRONLY)
times = [[], []]
for run in range(44):
    for index, command in enumerate(commands):
        start = time.perf_counter()
        pid = os.posix_spawn(command[0], command, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, null, 1)])
        os.waitpid(pid, 0)
        if run >= 3:
            times[index].append(time.perf_counter() - start)
json.dump({"results": [{"median": statistics.median(t)} for t in times]}, open(results, "w"))
PY
    else
        hyperfine -N -w 3 -r 25 --export-json "$results" "$B dump $page" "w3m -dump $page" >/dev/null 2>&1
    fi
    peak_baton=$(/usr/bin/time -f %M "$B" dump "$page" 2>&1 >/dev/null | tail -1)
    peak_w3m=$(/usr/bin/time -f %M w3m -dump "$page" 2>&1 >/dev/null | tail -1)
    counts="- -"
    if [ "${ICOUNT:-0}" = 1 ]; then counts="$(instructions "$stripped" dump "$page") $(instructions w3m -dump "$page")"; fi
    python3 - "$results" "$rows" "$page" "$peak_baton" "$peak_w3m" $counts <<'PY'
import json, os, sys
results, rows, page, peak_baton, peak_w3m, count_baton, count_w3m = sys.argv[1:]
baton, w3m = [r["median"] * 1000 for r in json.load(open(results))["results"]]
counts = "" if count_baton == "-" else f", {int(count_baton) / 1e6:.1f} / {int(count_w3m) / 1e6:.1f} M instr ({int(count_baton) / int(count_w3m):.2f})"
print(f"{page} {os.path.getsize(page)} B: baton {baton:.2f} ms, w3m {w3m:.2f} ms, ratio {baton / w3m:.2f}, "
      f"peak RSS {peak_baton} / {peak_w3m} KB ({int(peak_baton) / int(peak_w3m):.2f}){counts}", flush=True)
with open(rows, "a") as out:
    instr = "-" if count_baton == "-" else int(count_baton) / int(count_w3m)
    out.write(f"{baton / w3m} {int(peak_baton) / int(peak_w3m)} {instr}\n")
PY
done
echo "load after: $(cat /proc/loadavg)"
python3 - "$rows" <<'PY'
import math, sys
rows = [line.split() for line in open(sys.argv[1])]
def summary(values):
    return f"geometric mean {math.exp(sum(map(math.log, values)) / len(values)):.2f}, worst {max(values):.2f}"
print(f"time ratio: {summary([float(r[0]) for r in rows])}; peak RSS ratio: {summary([float(r[1]) for r in rows])}")
if rows[0][2] != "-":
    print(f"instruction ratio: {summary([float(r[2]) for r in rows])}")
PY
"$here/dump-words.py" --baton "$B" $pages | tail -1
