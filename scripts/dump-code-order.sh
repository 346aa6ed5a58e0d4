#!/bin/bash
# Writes linker/dump-code-order.txt: the functions of `baton` that `baton dump` runs, most instructions first,
# for lld's --symbol-ordering-file (Package.swift), which lays them out next to each other. The kernel maps
# 64 KB around every page fault on the executable, so code a dump runs spread over the whole 24 MB of text
# costs 8 MB of resident memory where laid out together it costs a fraction of that.
# Usage: scripts/dump-code-order.sh [BATON]   (default .build/release/baton; rebuild after running it)
set -eu
B=$(realpath "${1:-.build/release/baton}")
out=$(dirname "$0")/../linker/dump-code-order.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$B" "$work/baton"  # valgrind 3.19 cannot read the release binary's DWARF
pages="/usr/share/doc/libxslt1-dev/html/EXSLT/APIconstructors.html
/usr/share/doc/libxslt1-dev/html/html/libxslt-xsltInternals.html
/usr/share/doc/valgrind/html/manual-core.html /usr/share/doc/w3m/MANUAL.html"
index=0
for page in $pages; do
    index=$((index + 1))
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run.$index" "$work/baton" dump "$page" \
        >/dev/null 2>&1
    callgrind_annotate --threshold=100 "$work/run.$index" | grep "$work/baton\]" \
        | sed -E "s/^ *[0-9,]+ \([ 0-9.%]+\)  \?\?\?:(.*) \[.*$/\1/; s/'[0-9]+$//" >>"$work/functions"
done
grep -v "^0x" "$work/functions" | awk '!seen[$0]++' >"$out"
echo "$(wc -l <"$out") functions in $out"
