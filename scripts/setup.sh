#!/usr/bin/env bash
# Installs what Baton needs on Debian 12 (Swift itself is expected on the PATH) and builds every
# product: `swift run baton` builds only baton, and the Today widgets are executables of their own.
#
#   scripts/setup.sh                 build and test dependencies, then swift build
#   scripts/setup.sh --screenshots   also Chromium and fonts, for scripts/screenshot.sh
#   scripts/setup.sh --bench         also w3m, lynx, hyperfine, valgrind and libxslt1-dev, for scripts/bench-*.sh
set -euo pipefail

packages=(libncurses-dev libgumbo-dev libsqlite3-dev libcurl4-openssl-dev ncurses-base tmux python3 util-linux locales)
packages+=(openssh-client openssh-server postgresql openssl)   # several machines: sshd and PostgreSQL in tests
packages+=(iproute2)   # baton bench machines --netns: network namespaces and veth links
packages+=(dbus-daemon dbus-bin libglib2.0-bin python3-dbus python3-gi) # the freedesktop bridge's tests
packages+=(libsystemd-dev libnotify-bin) # the freedesktop notification server (sd-bus) and its notify-send tests
packages+=(curl)   # `baton apns`' tests: Debian's curl speaks HTTP/2 (nghttp2), as providers do
# The Debian package and its checks (scripts/package-deb.sh, scripts/check-package.sh): dpkg-shlibdeps, strip,
# man -l, the three shells' completions, systemd-analyze verify, lintian.
packages+=(dpkg-dev binutils man-db groff-base bash zsh fish systemd lintian)
for option in "$@"; do
    case "$option" in
        --screenshots) packages+=(chromium fonts-dejavu-core fonts-noto-cjk) ;;
        --bench) packages+=(w3m lynx hyperfine valgrind libxslt1-dev) ;;  # libxslt1-dev: its HTML manual (bench-dump-manuals.sh)
        *) echo "setup: unknown option $option" >&2; exit 2 ;;
    esac
done

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
# A real APNs provider library for `baton apns`' end-to-end test (Tests/EndToEndTests/Providers).
# (Debian's own python3 is externally managed: there pip needs --break-system-packages.)
pip=(python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore aioapns==4.0)
python3 -c "import aioapns" 2>/dev/null || "${pip[@]}" || "${pip[@]}" --break-system-packages
command -v swift >/dev/null || { echo "setup: Swift 6 is not on the PATH (https://swift.org/install)" >&2; exit 1; }
cd "$(dirname "$0")/.."
swift build
echo "setup: ready"
