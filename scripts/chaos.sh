#!/bin/sh
# The fault-injection checker's long form (issue 27): three machines on a real PostgreSQL under random faults for
# N minutes, then the checks. Usage: scripts/chaos.sh --minutes N [--seed S[,S2…]] [--fault-share F]
# --fault-share: the share of steps that are faults (0 to 1; 0.25 unless given). Each fault restarts processes, so
# the rate in faults per minute depends on the machine: each seed's line and the total line print it.
# Prints one line per seed (operations, faults, machines, divergences, losses, duplicates, faults per minute) and a
# total; on a failure, the seed and the shortest history found.
set -eu
minutes=30
seeds=""
share=""
usage="usage: scripts/chaos.sh --minutes N [--seed S[,S2…]] [--fault-share F]"
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || { echo "$usage" >&2; exit 64; }
    case "$1" in
        --minutes) minutes="$2"; shift 2 ;;
        --seed) seeds="$2"; shift 2 ;;
        --fault-share) share="$2"; shift 2 ;;
        *) echo "$usage" >&2; exit 64 ;;
    esac
done
cd "$(dirname "$0")/.."
swift build --build-tests
BATON_CHAOS_MINUTES="$minutes" BATON_CHAOS_SEEDS="$seeds" BATON_CHAOS_FAULT_SHARE="$share" \
    swift test --skip-build --filter 'ChaosTests/aLongRun'
