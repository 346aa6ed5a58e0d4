#!/usr/bin/env bash
# CI's package step (after scripts/test.sh): builds the Debian package and checks it the way a user meets it,
# unpacked into a scratch root (dpkg -x) so nothing of the machine's is touched:
#   the installed baton --version; baton dump of a shipped page; a widget (baton widget run); a notification
#   service extension (an encrypted push that MonkeyBrowser's extension decrypts before delivery); each content
#   extension's executable says hello; every manual page renders (man -l), none is a hidden command's, man baton
#   has its KEYS, FILES, ENVIRONMENT, EXAMPLES and EXIT STATUS, and baton --help its usage before the exit codes;
#   each completion script loads in its shell (bash, zsh, fish) and bash-completion is recommended;
#   systemd-analyze verify accepts the user units; lintian reports no error; two packings at once leave one
#   whole package.
# Extra arguments go to scripts/package-deb.sh (--skip-build).
set -euo pipefail
cd "$(dirname "$0")/.."

deb="$(scripts/package-deb.sh "$@" | tail -n 1)"
scratch="$(mktemp -d /tmp/baton-package-check.XXXXXX)"
follower=""
cleanup() {
    [ -z "$follower" ] || kill "$follower" 2>/dev/null || true
    BATON_HOME="$scratch/home" "$scratch/usr/bin/baton" daemon stop >/dev/null 2>&1 || true
    rm -rf "$scratch"
}
trap cleanup EXIT
failures=0
check() { echo "check-package: $1"; }
fail() { echo "check-package: FAILED: $1" >&2; failures=$((failures + 1)); }

dpkg -x "$deb" "$scratch"
baton="$scratch/usr/bin/baton"
# Nothing of the checkout: the unpacked tree finds its own helpers and resources (ResourceLocator).
export BATON_HOME="$scratch/home" BATON_DEVICE=A PATH=/usr/bin:/bin
unset BATON_RESOURCES BATON_DAEMON_EXECUTABLE
mkdir -m 0700 "$BATON_HOME"

version="$(dpkg-deb -f "$deb" Version)"
[ "$("$baton" --version)" = "$version" ] && check "baton --version is $version" || fail "baton --version"

page="$scratch/usr/share/baton/MonkeyBrowser/Pages/weather.html"
if "$baton" dump "$page" --cols 80 | grep -q .; then check "baton dump of a shipped page"; else fail "baton dump"; fi

if widget="$("$baton" widget run days-remaining --now 2026-03-01T12:00:00Z)" && grep -q "day 60" <<<"$widget"; then
    check "widget days-remaining from /usr/lib/baton: $widget"
else
    fail "widget run days-remaining: ${widget:-}"
fi

# A notification service extension: the sealed push reaches device B only through MonkeyBrowser's extension.
browser=com.example.apple-samplecode.MonkeyBrowser
"$baton" daemon start >/dev/null
"$baton" notifications --follow --json --device B --app "$browser" >"$scratch/follow.jsonl" 2>&1 &
follower=$!
echo '{"aps":{"alert":{"title":"Tide tables","body":"sealed"}}}' >"$scratch/push.json"
status=36
for _ in $(seq 1 600); do
    status=0
    "$baton" push "$scratch/push.json" --encrypt --app "$browser" --device B >/dev/null 2>&1 || status=$?
    [ "$status" -eq 36 ] || [ "$status" -eq 37 ] || break
    sleep 0.1
done
for _ in $(seq 1 600); do
    grep -q '"delivered"' "$scratch/follow.jsonl" && break
    sleep 0.1
done
if [ "$status" -eq 0 ] && grep '"delivered"' "$scratch/follow.jsonl" | grep -q 'Tide tables'; then
    check "encrypted push decrypted by monkeybrowser-push-extension"
else
    fail "notification extension (push exit $status): $(cat "$scratch/follow.jsonl")"
fi
kill "$follower" 2>/dev/null || true
follower=""
"$baton" daemon stop >/dev/null 2>&1 || true

# Notification content extensions: each shipped bundle's executable is in /usr/lib/baton and speaks the protocol
# (its hello, then it exits when its input ends).
for plist in "$scratch"/usr/share/baton/*/PlugIns/*/Info.plist; do
    grep -q 'com.apple.usernotifications.content-extension' "$plist" || continue
    executable="$(sed -n '/<key>CFBundleExecutable<\/key>/{n;s/.*<string>\(.*\)<\/string>.*/\1/p}' "$plist")"
    if hello="$("$scratch/usr/lib/baton/$executable" </dev/null)" && grep -q '"hello"' <<<"$hello"; then
        check "content extension $executable from /usr/lib/baton: $hello"
    else
        fail "content extension ${executable:-?} ($plist): ${hello:-no hello}"
    fi
done

pages=0
for page in "$scratch"/usr/share/man/man1/*.1.gz; do
    pages=$((pages + 1))
    warnings="$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)" || { fail "man -l $page"; continue; }
    [ -z "$warnings" ] || fail "man -l $(basename "$page"): $warnings"
    [ -n "$(MANWIDTH=80 man -l "$page" 2>/dev/null)" ] || fail "man -l $(basename "$page") is empty"
done
[ "$pages" -gt 1 ] && check "$pages manual pages render" || fail "no manual pages"

# No page for a command hidden from --help, and no page names one (issue 40, item 4).
man1="$scratch/usr/share/man/man1"
internal=0
for name in baton.handoff-probe baton.kv-probe baton.daemon.run baton.daemon.units; do
    [ ! -e "$man1/$name.1.gz" ] || { fail "an internal command has a manual page: $name"; internal=1; }
    ! zgrep -l "^\.Xr $name 1" "$man1"/*.1.gz >/dev/null || { fail "a manual page names $name"; internal=1; }
done
[ "$internal" -eq 1 ] || check "no manual page for a hidden command, and none names one"

# man baton reads like a tool's manual: what it is, then keys, files, environment, examples, exit status.
manual="$(MANWIDTH=80 man -l "$man1/baton.1.gz" 2>/dev/null)"
sections_missing=""
for section in DESCRIPTION KEYS FILES ENVIRONMENT EXAMPLES "EXIT STATUS"; do
    grep -qx "$section" <<<"$manual" || sections_missing+=" $section"
done
if [ -z "$sections_missing" ] && grep -q "two terminals" <<<"$manual" && grep -q "Ctrl-O" <<<"$manual"; then
    check "man baton has KEYS, FILES, ENVIRONMENT, EXAMPLES and EXIT STATUS"
else
    fail "man baton lacks${sections_missing:- its description of the two terminals and Ctrl-O}"
fi
# baton --help: the usage before the exit codes.
help="$("$baton" --help)"
usage_line="$(grep -n '^USAGE:' <<<"$help" | cut -d: -f1)"
codes_line="$(grep -n '^EXIT CODES:' <<<"$help" | cut -d: -f1)"
if [ -n "$usage_line" ] && [ -n "$codes_line" ] && [ "$usage_line" -lt "$codes_line" ]; then
    check "baton --help: USAGE (line $usage_line) before EXIT CODES (line $codes_line)"
else
    fail "baton --help: USAGE at line ${usage_line:-none}, EXIT CODES at line ${codes_line:-none}"
fi

share="$scratch/usr/share"
# bash loads the completion through bash-completion only (issue 40, item 7): the package recommends it.
if dpkg-deb -f "$deb" Recommends | tr ',' '\n' | grep -qx ' *bash-completion *'; then
    check "Recommends: bash-completion"
else
    fail "the package does not recommend bash-completion (Recommends: $(dpkg-deb -f "$deb" Recommends))"
fi
if bash -c "source '$share/bash-completion/completions/baton' && complete -p baton" >/dev/null 2>&1; then
    check "bash completion loads"
else
    fail "bash completion"
fi
if zsh -f -c "fpath=('$share/zsh/vendor-completions' \$fpath); autoload -Uz compinit; compinit -u -d '$scratch/zcompdump';
    [[ \${_comps[baton]} == _baton ]] && autoload +X _baton" >/dev/null 2>&1; then
    check "zsh completion loads"
else
    fail "zsh completion"
fi
if fish --no-config -c "source '$share/fish/vendor_completions.d/baton.fish'; complete -C 'baton dae'" 2>&1 \
    | grep -q '^daemon'; then
    check "fish completion loads"
else
    fail "fish completion"
fi

# systemd 252's verify cannot look inside another root (--root fails for unit files): the units are checked as
# shipped but for ExecStart's /usr/bin, which points into the scratch root, and man pages are looked up there.
mkdir -p "$scratch/units" && mkdir -m 0700 "$scratch/runtime"
for unit in baton.socket baton.service; do
    sed "s|^ExecStart=/usr/bin/|ExecStart=$scratch/usr/bin/|" "$scratch/usr/lib/systemd/user/$unit" >"$scratch/units/$unit"
done
if XDG_RUNTIME_DIR="$scratch/runtime" MANPATH="$scratch/usr/share/man" systemd-analyze verify --user \
    "$scratch/units/baton.socket" "$scratch/units/baton.service"; then
    check "systemd-analyze verify accepts baton.socket and baton.service"
else
    fail "systemd-analyze verify"
fi

if command -v lintian >/dev/null; then
    if lintian --fail-on error "$deb"; then check "lintian: no error"; else fail "lintian"; fi
fi

# Two packings at once into one folder (issue 40, item 3: they once left a broken 3 668-byte .deb): each packs in a
# private folder, the second waits for the first's lock, and what lands is a whole package, with no folder left.
race="$scratch/race"
again=(--skip-build)
for option in "$@"; do [ "$option" != --debug ] || again+=(--debug); done
raced=0
BATON_DEB_DIR="$race" BATON_DEB_COMPRESSION=none scripts/package-deb.sh "${again[@]}" >"$scratch/race-1.log" 2>&1 &
first=$!
BATON_DEB_DIR="$race" BATON_DEB_COMPRESSION=none scripts/package-deb.sh "${again[@]}" >"$scratch/race-2.log" 2>&1 \
    || raced=$?
wait "$first" || raced=$?
leftover="$(find "$race" -mindepth 1 -maxdepth 1 ! -name '*.deb' ! -name .package-deb.lock)"
contents="$(dpkg-deb --contents "$race/$(basename "$deb")" 2>&1 || true)"
if [ "$raced" -eq 0 ] && [ -z "$leftover" ] && grep -q ' \./usr/bin/baton$' <<<"$contents"; then
    check "two packings at once: one whole package, no work folder left"
else
    fail "two packings at once (exit $raced, left: ${leftover:-nothing}): $(tail -n 3 "$scratch"/race-*.log)"
fi

[ "$failures" -eq 0 ] || { echo "check-package: $failures check(s) failed" >&2; exit 1; }
echo "check-package: $deb passes"
