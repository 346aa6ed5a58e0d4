#!/usr/bin/env bash
# Makes the screenshots in screenshots/ from real baton sessions in tmux.
#
#   scripts/screenshot.sh [SCENARIO…]     (default: every scenario)
#
# Each scenario starts baton in a private tmux server with its own BATON_HOME, drives it with
# send-keys, captures the pane with colours (capture-pane -e), and writes screenshots/NAME.txt (the
# text) and screenshots/NAME.png (scripts/ansi-to-html.py turns the capture into HTML with xterm's
# palette and fixed cells, headless Chromium into PNG).
# Needs: tmux, python3, chromium, fonts-dejavu-core, fonts-noto-cjk (scripts/setup.sh --screenshots).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/screenshots"
baton="${BATON_BINARY:-$root/.build/debug/baton}"
mkdir -p "$out"
[ -x "$baton" ] || { echo "screenshot: build first (swift build); no $baton" >&2; exit 1; }
for tool in tmux python3 chromium; do
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

# finish: ends the scenario's sessions and daemon, so the next scenario starts from a new account.
finish() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    BATON_HOME="$work/home" "$baton" daemon stop >/dev/null 2>&1 || true
    rm -rf "$work/home"
}
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
        echo "pre{margin:0;font:14px/1.05 'DejaVu Sans Mono','Noto Sans Mono CJK JP',monospace;color:#d0d0d0;background:#000}"
        echo 'i{font-style:normal;display:inline-block;overflow:hidden;vertical-align:top;text-align:center}.c1{width:1ch}.c2{width:2ch}'
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
        tmux -L "$socket" capture-pane -p -e -t "$session" | python3 "$root/scripts/ansi-to-html.py" >>"$html"
        echo "</div>" >>"$html"
    done
    echo '</body>' >>"$html"
    local width=$((cols * 843 / 100 + 40 + ($# - 1) * 18)) height=$((rows * 15 + 50))
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size="$width,$height" --screenshot="$out/$name.png" "file://$html" >/dev/null 2>&1
    echo "screenshots/$name.png"
}

scenario_shell() {
    start alpha 120 40
    wait_for alpha "Paths"
    render shell alpha
    finish
}

scenario_today() {
    start alpha 120 40
    wait_for alpha "Paths"
    keys alpha F3
    wait_for alpha "Today is day"
    keys alpha Enter
    wait_for alpha "week"
    render today alpha
    finish
}

scenario_browser() {
    start alpha 120 40
    wait_for alpha "Paths"
    keys alpha F1
    wait_for alpha "Weather"
    keys alpha / sunny Enter
    sleep 0.3
    keys alpha n
    sleep 0.3
    render browser alpha
    finish
}

# Two terminals during a handoff of a browser tab, pages served on loopback.
scenario_handoff() {
    local site="$work/site" port server
    mkdir -p "$site"
    cat >"$site/index.html" <<'HTML'
<!doctype html><title>Baton handoff demo</title><h1>Handoff demo</h1>
<p>Browse here, continue on the other terminal with <b>Ctrl-O</b>.</p>
<ul><li><a href="forecast.html">Forecast for Cupertino</a></li><li><a href="about:help">Browser keys</a></li></ul>
HTML
    cat >"$site/forecast.html" <<'HTML'
<!doctype html><title>Forecast</title><h1>Cupertino forecast</h1>
<table border=1><tr><th>Day</th><th>Sky</th><th>High</th></tr><tr><td>Mon</td><td>Sunny ☀️</td><td>21°</td></tr>
<tr><td>Tue</td><td>Clouds ☁️</td><td>18°</td></tr><tr><td>Wed</td><td>Rain 🌧</td><td>15°</td></tr></table>
<p><a href="index.html">Back to the demo</a></p>
HTML
    serve "$site"
    start A 100 30
    start B 100 30
    wait_for A "Paths"
    wait_for B "Paths"
    keys A F1
    keys B F1
    wait_for A "Weather"
    keys A C-l C-u
    keys A -l "http://127.0.0.1:$port/index.html"
    keys A Enter
    wait_for A "Handoff demo"
    keys A 1 Enter
    wait_for A "Cupertino forecast"
    wait_for B "from A"
    render handoff-offer A B
    keys B C-o
    wait_for B "Cupertino forecast"
    wait_for A "Continued on B"
    render handoff-continued A B
    kill "$server"
    finish
}

# serve DIR: python3's http.server on a free loopback port for DIR; sets $port and $server.
serve() {
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    python3 -m http.server "$port" --bind 127.0.0.1 --directory "$1" >/dev/null 2>&1 &
    server=$!
    for _ in $(seq 1 100); do
        python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null && break
        sleep 0.05
    done
}

# A form being filled in place: a text field typed into, a box ticked, the size list open.
scenario_form() {
    local site="$work/site" port server
    mkdir -p "$site"
    cat >"$site/order.html" <<'HTML'
<!doctype html><title>Order a monkey plush</title><h1>Order a monkey plush</h1>
<form action="/thanks" method="post">
<p><label for=n>Name</label>: <input id=n name=name placeholder="your name"></p>
<p><label for=e>Email</label>: <input id=e type=email name=email></p>
<p>Size: <select name=size><option>Small</option><option selected>Medium</option><option>Large</option><optgroup label="Special"><option>Giant</option></optgroup></select>
 Colour: <input type=radio name=colour value=brown checked> brown <input type=radio name=colour value=gold> gold</p>
<p><input type=checkbox name=gift value=yes> Gift wrap <input type=checkbox name=news checked> Newsletter</p>
<p>Message on the card:<br><textarea name=card cols=40></textarea></p>
<p><input type=submit value="Place order"> <input type=reset></p>
</form>
HTML
    serve "$site"
    start alpha 100 30
    wait_for alpha "Paths"
    keys alpha F1
    wait_for alpha "Weather"
    keys alpha C-l C-u
    keys alpha -l "http://127.0.0.1:$port/order.html"
    keys alpha Enter
    wait_for alpha "Order a monkey plush"
    keys alpha 1 Enter
    keys alpha -l "Ann Lee"
    keys alpha Tab
    wait_for alpha "Ann Lee"
    keys alpha Enter
    keys alpha -l "ann@example.org"
    keys alpha Tab
    keys alpha 6 Enter
    wait_for alpha "[x][6] Gift wrap"
    keys alpha 3 Enter
    wait_for alpha "Enter chooses"
    keys alpha Down
    sleep 0.3
    render form alpha
    kill "$server"
    finish
}

# An 8-column table too wide for 80 columns: kept as a grid that scrolls sideways.
scenario_wide_table() {
    local site="$work/site" port server
    mkdir -p "$site"
    {
        echo '<!doctype html><title>Station facts</title><h1>Station facts</h1><p>Scroll sideways with ← and →.</p><table border=1>'
        echo '<tr><th>Station</th><th>Opened</th><th>Line</th><th>Passengers</th><th>Accessibility</th><th>Connections</th><th>Bicycles</th><th>Ticketing</th></tr>'
        echo '<tr><td>Northern Harbourside Quayside</td><td>Nineteen hundred four</td><td>Deepest forest greenery</td><td>Approximately twelve thousand</td><td>Completely stepfree everywhere</td><td>Harbourside roadway eastbound</td><td>Forty sheltered bicycleracks</td><td>Automatic machines everywhere</td></tr>'
        echo '<tr><td>Marketplace Square Underground</td><td>Eighteen hundred ninetytwo</td><td>Brightest signalling crimson</td><td>Approximately thirty thousand</td><td>Northbound platforms only</td><td>Marketstreet westbound buses</td><td>Unavailable currently anywhere</td><td>Staffed ticketoffice weekdays</td></tr>'
        echo '</table>'
    } >"$site/stations.html"
    serve "$site"
    start alpha 80 24
    wait_for alpha "Paths"
    keys alpha F1
    wait_for alpha "Weather"
    keys alpha C-l C-u
    keys alpha -l "http://127.0.0.1:$port/stations.html"
    keys alpha Enter
    wait_for alpha "Station facts"
    sleep 0.3
    render wide-table-80 alpha
    kill "$server"
    finish
}

scenario_stores() {
    start alpha 140 40
    wait_for alpha "Paths"
    keys alpha F2
    wait_for alpha "stores"
    sleep 1
    render stores-world alpha
    keys alpha / C-u && keys alpha -l "Regent Street" && keys alpha Enter
    sleep 0.5
    keys alpha f
    sleep 0.3
    keys alpha / C-u && keys alpha -l "Union Square" && keys alpha Enter
    sleep 0.5
    keys alpha f
    sleep 0.3
    keys alpha / C-u && keys alpha -l "Ginza" && keys alpha Enter
    sleep 0.5
    keys alpha f
    sleep 0.3
    render stores-city alpha
    keys alpha Escape
    sleep 0.3
    keys alpha '*'
    sleep 0.5
    render stores-favourites alpha
    finish
}

# Two terminals in sync: a favourite toggled on one shows on the other with no key pressed there.
scenario_stores_sync() {
    start alpha 100 32
    start beta 100 32
    wait_for alpha "Paths"
    wait_for beta "Paths"
    keys alpha F2
    keys beta F2
    sleep 1.5
    keys beta / C-u && keys beta -l "Union Square" && keys beta Enter
    keys alpha / C-u && keys alpha -l "Union Square" && keys alpha Enter
    sleep 0.8
    keys alpha f
    wait_for beta "★"
    keys alpha Enter
    wait_for beta "from alpha"
    render stores-sync alpha beta
    finish
}

# The map at city zoom (the device's location in Tokyo): a light land shade, the six stores as one count,
# then the same map with the `?` overlay and its legend.
scenario_city_map() {
    mkdir -p "$work/home"
    BATON_HOME="$work/home" "$baton" location set 35.68 139.75 --device alpha >/dev/null
    start alpha 120 40
    wait_for alpha "Paths"
    keys alpha F2
    wait_for alpha "stores in view"
    sleep 0.5
    render map-city-zoom alpha
    keys alpha '?'
    wait_for alpha "map: a store"
    render map-city-legend alpha
    finish
}

# The `?` key overlay over MonkeyBrowser: every key of the app and of the suite.
scenario_help_overlay() {
    start alpha 100 30
    wait_for alpha "Paths"
    keys alpha F1
    wait_for alpha "weather.html"
    keys alpha '?'
    wait_for alpha "Keys: MonkeyBrowser"
    render help-overlay alpha
    finish
}

# Two devices offer an activity: the third device's dock counts them, Ctrl-O lets the user choose.
scenario_dock_offers() {
    start A 100 30
    start B 100 30
    start C 100 30
    wait_for A "Paths"
    wait_for B "Paths"
    wait_for C "Paths"
    keys A F1
    wait_for A "weather.html"
    keys A C-l && keys A -l "about:help" && keys A Enter
    wait_for B "from A"
    keys C F1
    wait_for C "weather.html"
    keys C M-3
    wait_for C "coffee.html"
    keys B F1
    wait_for B "2 offers"
    render dock-two-offers B
    keys B C-o
    wait_for B "Continue which activity?"
    sleep 0.3
    render dock-choose-offer B
    finish
}

# push DEVICE TITLE [THREAD] [URL]: a MonkeyBrowser push (category "message") to DEVICE.
push_page() {
    local file="$work/push-$RANDOM.json"
    printf '{"aps": {"alert": {"title": "%s", "body": "%s"}, "category": "message", "thread-id": "%s"}, "url": "%s"}' \
        "$2" "Sent from A: a page to read later, with a reply and a dismiss the app hears about." "${3:-}" \
        "${4:-about:blank}" >"$file"
    BATON_HOME="$work/home" "$baton" push "$file" --app com.example.apple-samplecode.MonkeyBrowser --device "$1" >/dev/null
}

# allow DEVICE: MonkeyBrowser may notify on DEVICE (waits until the suite registered it).
allow_browser() {
    for _ in $(seq 1 100); do
        BATON_HOME="$work/home" "$baton" notifications settings --allow --device "$1" \
            --app com.example.apple-samplecode.MonkeyBrowser >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    return 1
}

# MonkeyBrowser's first notification on a device: the permission question.
scenario_notification_permission() {
    start B 100 30
    wait_for B "Paths"
    sleep 1
    push_page B "Ada shared a page"
    wait_for B "would like to send you notifications"
    render notification-permission B
    finish
}

# A banner with its category's actions, focused with Ctrl-N.
scenario_notification_banner() {
    start B 100 30
    wait_for B "Paths"
    allow_browser B
    sleep 1  # the suite's notification link is up (a push before it lands in the list, not as a banner)
    push_page B "Ada shared a page" ada
    wait_for B "[ Reply ]"
    keys B C-n
    wait_for B "Enter run"
    render notification-banner B
    finish
}

# The Notification Center on F4: grouped by app and thread, the selected one's buttons.
scenario_notification_center() {
    start B 100 30
    wait_for B "Paths"
    allow_browser B
    BATON_HOME="$work/home" "$baton" notify --device B --title "Backup finished" --body "42 GB in 3 min" --in 1s >/dev/null
    push_page B "Ada: lunch at noon?" ada
    push_page B "Ada: the usual place" ada
    push_page B "Swift 6 migration notes" pages "https://example.com/swift6"
    sleep 1.5
    keys B F4
    wait_for B "Notifications (4)"
    keys B Down Right
    sleep 0.3
    render notification-center B
    finish
}

# A notification with attachments in F4: each named (an image's format and pixel size from its header, its size),
# the Open Attachment buttons focused.
scenario_notification_attachment() {
    start B 100 30
    wait_for B "Paths"
    # A PNG header (IHDR 640×360), then filler: all the suite reads of an image.
    { printf '\211PNG\r\n\032\n\0\0\0\rIHDR\0\0\002\200\0\0\001\150\010\006\0\0\0'; head -c 48000 /dev/zero; } >"$work/traffic.png"
    { printf '\211PNG\r\n\032\n\0\0\0\rIHDR\0\0\0\100\0\0\0\060\010\006\0\0\0'; head -c 2900 /dev/zero; } >"$work/sparkline.png"
    BATON_HOME="$work/home" "$baton" notify --device B --title "Nightly report" --body "Traffic up 12% on last week" \
        --attach "$work/traffic.png" --attach "$work/sparkline.png" --expire 1s >/dev/null
    keys B F4
    wait_for B "Notifications (1)"
    sleep 1.5
    keys B Right
    wait_for B "Open Attachment"
    sleep 0.3
    render notification-attachment B
    finish
}

# A MonkeyBrowser reminder expanded in F4: its content extension (monkeybrowser-content-extension) draws the page's
# first lines above the reminder's buttons.
scenario_notification_content_extension() {
    start B 100 30
    wait_for B "Paths"
    keys B F1
    wait_for B "weather.html"
    keys B r
    wait_for B "Remind me in:"
    keys B 2 s Enter
    wait_for B "would like to send you notifications"
    keys B Enter
    wait_for B "Reminder:"
    keys B F12
    wait_for B "Snooze 10 min"
    keys B Escape
    sleep 0.3
    keys B F4
    wait_for B "Notifications (1)"
    keys B Right
    wait_for B "The forecast for the week"
    sleep 0.3
    render notification-content-extension B
    finish
}

# Today's Up Next widget: this device's next notification and how long until it fires.
scenario_up_next() {
    # The system clock, not BATON_NOW: the daemon schedules on the real one and the widget counts down to it.
    tmux -L "$socket" -f /dev/null new-session -d -s B -x 100 -y 30 \
        "export BATON_HOME='$work/home' LANG=C.UTF-8 TERM=xterm-256color; exec '$baton' --device B"
    wait_for B "Paths"
    BATON_HOME="$work/home" "$baton" notify --device B --title "Stand-up" --body "Room 4" --in 25m >/dev/null
    BATON_HOME="$work/home" "$baton" notify --device B --title "Tea is ready" --in 3h >/dev/null
    keys B F3
    wait_for B "Days Remaining"
    keys B e
    wait_for B "Up Next"
    keys B Down Down Space Escape
    wait_for B "Stand-up · Baton · in 2"
    keys B Down Enter
    sleep 6
    render today-up-next B
    finish
}

scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(shell today browser handoff form wide_table stores stores_sync city_map help_overlay dock_offers notification_permission notification_banner notification_center notification_attachment notification_content_extension up_next)
for scenario in "${scenarios[@]}"; do
    declare -F "scenario_$scenario" >/dev/null || { echo "screenshot: no scenario '$scenario'" >&2; exit 1; }
    "scenario_$scenario"
done
