#!/usr/bin/env bash
# Runs the whole test suite in two parts, so that no test waits on another kind's threads:
#   1. everything but the end-to-end tests, in parallel (unit, golden, the daemon in process, real
#      processes, PostgreSQL and D-Bus tests);
#   2. the end-to-end tests (the real binary in tmux), two at a time (EndToEndSlots; BATON_E2E_SLOTS).
# Some tests of part 1 block a thread while they wait on a real process; on a 2-core machine Swift's
# cooperative pool has two threads, so an end-to-end test running beside them could wait for a thread far
# longer than for the screen it polls. Extra arguments go to both `swift test` runs.
#
# Swift Testing starts every test case at once by default: most of part 1 awaits real processes, so on a
# loaded machine hundreds of daemons, links and servers ran side by side, each slower for the others, until
# waits meant for a hang were reached (seen at load 18: sixteen failures). At most BATON_TEST_WIDTH cases
# (default 6) run at a time, through Swift Testing's SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH.
#
# It first installs what the tests need and is missing (scripts/setup.sh --test: tmux, PostgreSQL, sshd, D-Bus,
# …), so that on a fresh Debian 12 with Swift the README's second command is the only one to type.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test --no-build
swift build --build-tests
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${BATON_TEST_WIDTH:-6}"
status=0
swift test --skip-build --skip "^EndToEndTests\." "$@" || status=$?
# The ntfy end-to-end tests run on their own, after the others: run beside them, FavoritesWidgetEndToEndTests
# timed out waiting for its favourite's banner in three whole runs out of three (alone, both pass every time). The
# cause is not found yet (the closing note of the stop that added them says so); until it is, they do not share
# a run with the suites they disturb, and are still run.
swift test --skip-build --filter "^EndToEndTests\." --skip "^EndToEndTests\.NtfyEndToEndTests" "$@" || status=$?
swift test --skip-build --filter "^EndToEndTests\.NtfyEndToEndTests" "$@" || status=$?
exit $status
