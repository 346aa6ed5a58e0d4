#!/usr/bin/env bash
# Installs what Baton needs on Debian 12 (Swift itself is expected on the PATH) and builds every
# product: `swift run baton` builds only baton, and the Today widgets are executables of their own.
#
#   scripts/setup.sh                 what building and running needs (C libraries' -dev packages), then swift build
#   scripts/setup.sh --test          also what the test suite needs (tmux, PostgreSQL, sshd, D-Bus, python3, a
#                                    provider library from PyPI): scripts/test.sh runs this itself
#   scripts/setup.sh --package       also what scripts/package-deb.sh and scripts/check-package.sh need (dpkg-dev,
#                                    man, the three shells for the completions, systemd-analyze, lintian)
#   scripts/setup.sh --screenshots   also tmux, Chromium and fonts, for scripts/screenshot.sh
#   scripts/setup.sh --bench         also the test stack, w3m, lynx, hyperfine, valgrind and libxslt1-dev
#   scripts/setup.sh --no-build      install only (scripts/test.sh builds on its own)
#   scripts/setup.sh --print         print what it would install, one package a line (pip ones as pip:NAME),
#                                    and stop: no root, no apt, no build (DocumentationTests read it)
#
# Running baton needs no server, no shell and no Python: the no-option list is only what the products link
# (ncursesw, gumbo, SQLite, libcurl; sd-bus's headers, libsystemd itself is loaded on first use) and terminfo.
set -euo pipefail

# What the products link: baton (ncursesw, gumbo, SQLite), baton-fetch (libcurl), the notification server's
# sd-bus headers (CSystemdBus); ncurses-base holds the terminfo entries the suite draws with.
packages=(libncurses-dev libgumbo-dev libsqlite3-dev libcurl4-openssl-dev libsystemd-dev ncurses-base)
pip_packages=()

test_stack() {
    packages+=(tmux python3 util-linux locales)   # the end-to-end tests drive the real binary in tmux
    packages+=(openssh-client openssh-server postgresql openssl)   # several machines: sshd and PostgreSQL
    packages+=(iproute2)   # baton bench machines --netns: network namespaces and veth links
    packages+=(dbus-daemon dbus-bin libglib2.0-bin python3-dbus python3-gi)   # the freedesktop bridge's tests
    packages+=(libnotify-bin)   # the freedesktop notification server's notify-send tests
    packages+=(curl)   # `baton apns`' tests: Debian's curl speaks HTTP/2 (nghttp2), as providers do
    packages+=(python3-pip)
    # A real APNs provider library for `baton apns`' end-to-end test (Tests/EndToEndTests/Providers).
    pip_packages+=(aioapns==4.0)
    # A real ntfy client for `baton ntfy`'s end-to-end test: Apprise's ntfy:// notifications.
    pip_packages+=(apprise==2.2.0)
}

build=1
print=0
for option in "$@"; do
    case "$option" in
        --test) test_stack ;;
        # dpkg-shlibdeps, strip, python3 (the hidden commands), man -l, the three shells' completions,
        # systemd-analyze verify, lintian.
        --package) packages+=(dpkg-dev binutils python3 man-db groff-base bash zsh fish systemd lintian) ;;
        --screenshots) packages+=(tmux python3 chromium fonts-dejavu-core fonts-noto-cjk) ;;
        --bench)
            test_stack
            packages+=(w3m lynx hyperfine valgrind libxslt1-dev)   # libxslt1-dev: its HTML manual (bench-dump-manuals.sh)
            ;;
        --no-build) build=0 ;;
        --print) print=1 ;;
        *) echo "setup: unknown option $option (try --test, --package, --screenshots, --bench, --no-build, --print)" >&2; exit 2 ;;
    esac
done

mapfile -t packages < <(printf '%s\n' "${packages[@]}" | awk '!seen[$0]++')
if [ "$print" -eq 1 ]; then
    printf '%s\n' "${packages[@]}"
    [ ${#pip_packages[@]} -eq 0 ] || printf 'pip:%s\n' "${pip_packages[@]}"
    exit 0
fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi
# (Debian's own python3 is externally managed: there pip needs --break-system-packages. Tests only.)
for requirement in ${pip_packages[@]+"${pip_packages[@]}"}; do
    module="${requirement%%==*}"
    python3 -c "import $module" 2>/dev/null && continue
    pip=(python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "$requirement")
    "${pip[@]}" 2>/dev/null || "${pip[@]}" --break-system-packages
done
command -v swift >/dev/null || { echo "setup: Swift 6 is not on the PATH (https://swift.org/install)" >&2; exit 1; }
[ "$build" -eq 1 ] || { echo "setup: installed"; exit 0; }
cd "$(dirname "$0")/.."
swift build
echo "setup: ready"
