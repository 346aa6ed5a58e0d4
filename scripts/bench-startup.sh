#!/bin/bash
# Start-up of the simple commands beside notify-send --help and /bin/true (issue 25): hyperfine medians and
# callgrind instruction counts, the load before and after. Needs hyperfine, valgrind, libnotify-bin.
# Usage: scripts/bench-startup.sh [BATON]   (default .build/release/baton; a daemon is started in a temporary home)
set -eu
B=$(realpath "${1:-.build/release/baton}")
export BATON_HOME=$(mktemp -d /tmp/baton-startup-XXXXXX)
trap '"$B" daemon stop >/dev/null 2>&1 || true; rm -rf "$BATON_HOME"' EXIT
"$B" daemon start >/dev/null
"$B" kv set city Paris
echo "load before: $(cat /proc/loadavg)"
hyperfine -N -w 5 -r 40 --prepare "$B notifications clear" "notify-send --help" /bin/true "$B --version" \
    "$B devices --json" "$B notify --title t --in 1h" "$B kv get city"
# valgrind cannot read lld's DWARF: count on a copy without it.
objcopy --strip-debug "$B" "$BATON_HOME/baton-s"
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | grep -oE "Collected : [0-9]+"; }
for command in "notify-send --help" /bin/true; do echo "$command: $(count $command)"; done
for arguments in "--version" "devices --json" "notify --title t --in 1h" "kv get city"; do
    "$B" notifications clear >/dev/null
    echo "baton $arguments: $(count "$BATON_HOME/baton-s" $arguments)"
done
echo "load after: $(cat /proc/loadavg)"
