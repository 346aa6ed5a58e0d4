#!/bin/sh
# The fault-injection checker's long form (issue 27): three machines on a real PostgreSQL under random faults for
# N minutes, then the checks. Usage: scripts/chaos.sh --minutes N [--seed S[,S2…]]
# Prints one line per seed (operations, faults, machines, divergences, losses, duplicates); on a failure, the seed
# and the shortest history found.
set -eu
minutes=30
seeds=""
while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) minutes="$2"; shift 2 ;;
        --seed) seeds="$2"; shift 2 ;;
        *) echo "usage: scripts/chaos.sh --minutes N [--seed S[,S2…]]" >&2; exit 64 ;;
    esac
done
cd "$(dirname "$0")/.."
swift build --build-tests
BATON_CHAOS_MINUTES="$minutes" BATON_CHAOS_SEEDS="$seeds" \
    swift test --skip-build --filter 'ChaosTests/aLongRun'
