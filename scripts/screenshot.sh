#!/usr/bin/env bash
# Makes the screenshots in screenshots/ from real baton sessions in tmux.
#
#   scripts/screenshot.sh [SCENARIO…]     (default: every scenario)
#
# Each scenario starts baton in a private tmux server with its own BATON_HOME, drives it with
# send-keys, captures the pane with colours (capture-pane -e), and writes screenshots/NAME.txt (the
# text) and screenshots/NAME.png (aha turns the capture into HTML, headless Chromium into PNG).
# Needs: tmux, aha, chromium, fonts-dejavu-core, fonts-noto-cjk (scripts/setup.sh installs them).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/screenshots"
baton="${BATON_BINARY:-$root/.build/debug/baton}"
mkdir -p "$out"
[ -x "$baton" ] || { echo "screenshot: build first (swift build); no $baton" >&2; exit 1; }
for tool in tmux aha chromium; do
    command -v "$tool" >/dev/null || { echo "screenshot: needs $tool (scripts/setup.sh installs it)" >&2; exit 1; }
done

work=$(mktemp -d)
socket="baton-shot-$$"
cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    BATON_HOME="$work/home" "$baton" daemon stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

# start NAME COLS ROWS ARGS…: a baton session (device NAME) in the shared BATON_HOME.
start() {
    local name=$1 cols=$2 rows=$3
    shift 3
    local command="export BATON_HOME='$work/home' LANG=C.UTF-8 TERM=xterm-256color BATON_NOW='${BATON_NOW:-2024-12-30T12:00:00}'; exec '$baton' --device $name $*"
    if tmux -L "$socket" has-session 2>/dev/null; then
        tmux -L "$socket" new-session -d -s "$name" -x "$cols" -y "$rows" "$command"
    else
        tmux -L "$socket" -f /dev/null new-session -d -s "$name" -x "$cols" -y "$rows" "$command"
    fi
}

keys() { tmux -L "$socket" send-keys -t "$1" "${@:2}"; }
wait_for() {
    local session=$1 text=$2
    for _ in $(seq 1 200); do
        tmux -L "$socket" capture-pane -p -t "$session" | grep -qF -- "$text" && return 0
        sleep 0.05
    done
    echo "screenshot: '$text' never appeared in $session" >&2
    tmux -L "$socket" capture-pane -p -t "$session" >&2
    return 1
}

# render NAME SESSION…: text and PNG of one or more panes side by side.
render() {
    local name=$1
    shift
    local html="$work/$name.html" cols=0 rows=0
    : >"$out/$name.txt"
    {
        echo '<!doctype html><meta charset="utf-8"><style>'
        echo 'body{margin:0;background:#1d1f21;display:flex;gap:18px;padding:14px}'
        echo '.pane{background:#000}.title{color:#9a9a9a;font:12px sans-serif;margin:0 0 4px 2px}'
        echo "pre{margin:0;font:14px/1.2 'DejaVu Sans Mono','Noto Sans Mono CJK JP',monospace;color:#d0d0d0;background:#000}"
        echo '</style><body>'
    } >"$html"
    for session in "$@"; do
        local c r
        c=$(tmux -L "$socket" display -p -t "$session" '#{pane_width}')
        r=$(tmux -L "$socket" display -p -t "$session" '#{pane_height}')
        cols=$((cols + c))
        rows=$((r > rows ? r : rows))
        { [ $# -gt 1 ] && echo "── $session ──"; tmux -L "$socket" capture-pane -p -t "$session"; } >>"$out/$name.txt"
        echo "<div class=pane>" >>"$html"
        [ $# -gt 1 ] && echo "<div class=title>$session</div>" >>"$html"
        tmux -L "$socket" capture-pane -p -e -t "$session" | aha --no-header --black | sed 's/^/ /; s/^ //' |
            { echo -n "<pre>"; cat; echo "</pre>"; } >>"$html"
        echo "</div>" >>"$html"
    done
    echo '</body>' >>"$html"
    local width=$((cols * 85 / 10 + 30 + ($# - 1) * 18)) height=$((rows * 17 + 50))
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size="$width,$height" --screenshot="$out/$name.png" "file://$html" >/dev/null 2>&1
    echo "screenshots/$name.png"
}

scenario_shell() {
    start alpha 120 40
    wait_for alpha "Paths"
    render shell alpha
    tmux -L "$socket" kill-server
}

scenario_today() {
    start alpha 120 40
    wait_for alpha "Paths"
    keys alpha F3
    wait_for alpha "Today is day"
    keys alpha Enter
    wait_for alpha "week"
    render today alpha
    tmux -L "$socket" kill-server
}

scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(shell today)
for scenario in "${scenarios[@]}"; do
    declare -F "scenario_$scenario" >/dev/null || { echo "screenshot: no scenario '$scenario'" >&2; exit 1; }
    "scenario_$scenario"
done
