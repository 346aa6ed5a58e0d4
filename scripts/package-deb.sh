#!/usr/bin/env bash
# Builds baton_<version>_amd64.deb from a release build (issue 29): /usr/bin/baton, the helpers in
# /usr/lib/baton/, Resources in /usr/share/baton/ (the layout ResourceLocator looks up), the systemd user units,
# manual pages (swift-argument-parser's generate-manual plugin), bash/zsh/fish completions, copyright and the
# data's attributions. Depends: comes from dpkg-shlibdeps.
#
#   scripts/package-deb.sh                 release build (the plugin builds every product), then the package
#   scripts/package-deb.sh --skip-build    package what .build/release holds (after a run without it)
#   scripts/package-deb.sh --debug         a debug build instead (quicker to try the script; never to ship)
#   BATON_DEB_DIR=DIR                      where the .deb goes (default: .build/deb)
#   BATON_BUILD_PATH=DIR                   SwiftPM's scratch path (default: .build)
#   BATON_DEB_COMPRESSION=none             dpkg-deb -Z (default xz; none packs a --debug build in seconds)
set -euo pipefail
cd "$(dirname "$0")/.."

skip_build=0
configuration=release
for option in "$@"; do
    case "$option" in
        --skip-build) skip_build=1 ;;
        --debug) configuration=debug ;;
        *) echo "package-deb: unknown option $option" >&2; exit 2 ;;
    esac
done

for tool in dpkg-shlibdeps dpkg-deb strip readelf python3 flock; do
    command -v "$tool" >/dev/null || { echo "package-deb: $tool is missing: run scripts/setup.sh --package" >&2; exit 1; }
done

# One run at a time per output (two at once once left a broken 3 668-byte .deb, issue 40): the second waits for
# the first's lock. Each run packs in a private folder and renames the finished .deb into place, so the output
# holds a whole package or none, even beside a run of an older script or one killed halfway.
out="${BATON_DEB_DIR:-.build/deb}"
mkdir -p "$out"
exec 9>"$out/.package-deb.lock"
flock 9
work="$(mktemp -d "$out/.work.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Everything dated from the commit, so that the same commit packs the same bytes.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
build_date="$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)"
build="${BATON_BUILD_PATH:-.build}"
manuals="$build/plugins/GenerateManual/outputs/baton"
if [ "$skip_build" -eq 0 ]; then
    # The plugin builds every product (release mode), then writes one page per command.
    rm -rf "$manuals"
    swift package --scratch-path "$build" generate-manual --configuration "$configuration" --multi-page \
        --date "$build_date" --authors "The Baton authors"
fi
release="$build/$configuration"
[ -x "$release/baton" ] || { echo "package-deb: no $configuration build in $release" >&2; exit 1; }
[ -f "$manuals/baton.1" ] || { echo "package-deb: no manual pages in $manuals" >&2; exit 1; }

version="$("$release/baton" --version)"
architecture="$(dpkg --print-architecture)"
root="$work/root"
mkdir -p "$root/DEBIAN"

# Programs (ResourceLocator: baton in bin, every helper in lib/baton), stripped as Debian ships them.
helpers=(baton-fetch baton-link baton-box baton-notification-server baton-apns baton-ntfy days-remaining favorites-widget
    up-next-widget monkeybrowser-push-extension monkeybrowser-content-extension stores-content-extension)
install -D -m 0755 "$release/baton" "$root/usr/bin/baton"
for helper in "${helpers[@]}"; do install -D -m 0755 "$release/$helper" "$root/usr/lib/baton/$helper"; done
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/baton" "$root"/usr/lib/baton/*

# Resources, and the documents Debian expects.
mkdir -p "$root/usr/share/baton"
cp -R Resources/. "$root/usr/share/baton/"
doc="$root/usr/share/doc/baton"
install -D -m 0644 packaging/copyright "$doc/copyright"
install -m 0644 Resources/ATTRIBUTION.md "$doc/ATTRIBUTION.md"
install -m 0644 Resources/Stores/SOURCES.md "$doc/SOURCES.md"
gzip -9n "$doc/SOURCES.md"
{
    echo "baton ($version) unstable; urgency=medium"
    echo
    echo "  * Built from commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)."
    echo
    echo " -- The Baton authors <baton@example.org>  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} >"$doc/changelog"
gzip -9n "$doc/changelog"

# Manual pages (baton.1, baton.daemon.1, …) and completions, from the command definitions. No page for a command
# hidden from --help (baton daemon run, baton kv-probe…: internals): the program's own command tree says which
# (swift-argument-parser's shouldDisplay), and no SEE ALSO names them (packaging/manpage-sections.awk, which also
# makes the sections of baton's discussion, KEYS to EXIT CODES, sections of its page).
hidden="$("$release/baton" --experimental-dump-help | python3 -c '
import json, sys
def walk(command, path):
    path = path + [command["commandName"]]
    if command.get("shouldDisplay") is False:
        print(".".join(path))
    for sub in command.get("subcommands", []):
        walk(sub, path)
walk(json.load(sys.stdin)["command"], [])
' | tr '\n' ' ')"
mkdir -p "$root/usr/share/man/man1"
for page in "$manuals"/*.1; do
    name="$(basename "$page" .1)"
    internal=0
    for command in $hidden; do case "$name" in "$command" | "$command".*) internal=1 ;; esac; done
    [ "$internal" -eq 0 ] || continue
    awk -f packaging/manpage-name.awk "$page" | awk -v hidden="$hidden" -f packaging/manpage-sections.awk \
        | gzip -9n >"$root/usr/share/man/man1/$name.1.gz"
done
install -d "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d"
# (bash-completion sources the file: no #! line.)
"$release/baton" --generate-completion-script bash | sed '1{/^#!/d}' >"$root/usr/share/bash-completion/completions/baton"
"$release/baton" --generate-completion-script zsh >"$root/usr/share/zsh/vendor-completions/_baton"
"$release/baton" --generate-completion-script fish >"$root/usr/share/fish/vendor_completions.d/baton.fish"

# The systemd user units, written by the same code as `baton daemon enable` in a checkout (from the package,
# enable uses these: DaemonUnitPlan).
"$release/baton" daemon units "$root/usr/lib/systemd/user" --executable /usr/bin/baton

# The widgets are static on purpose (packaging/lintian/baton says why).
install -D -m 0644 packaging/lintian/baton "$root/usr/share/lintian/overrides/baton"

find "$root" -type d -exec chmod 0755 {} +
find "$root/usr/share" -type f -exec chmod 0644 {} +

# Depends: from the shared libraries the programs link.
mkdir -p "$work/debian"
printf 'Source: baton\n\nPackage: baton\nArchitecture: any\n' >"$work/debian/control"
# (The widget extensions are static executables: they link nothing.)
dynamic=()
for program in "$root/usr/bin/baton" "$root"/usr/lib/baton/*; do
    readelf -d "$program" | grep -q '(NEEDED)' && dynamic+=("root/${program#"$root"/}")
done
depends="$(cd "$work" && dpkg-shlibdeps -O -Tdebian/substvars "${dynamic[@]}" | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "package-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size="$(du -sk --apparent-size "$root/usr" | cut -f1)"
cat >"$root/DEBIAN/control" <<CONTROL
Package: baton
Version: $version
Architecture: $architecture
Maintainer: The Baton authors <baton@example.org>
Installed-Size: $size
Depends: $depends
Recommends: bash-completion
Section: utils
Priority: optional
Homepage: https://example.org/baton
Description: continuity for Linux terminals: handoff, notifications, widgets
 Baton brings Apple's continuity ideas to terminals: run it in two terminals
 and they are two devices of one account. A tab of its text-mode browser
 (MonkeyBrowser), the Stores map or the Today widgets started in one terminal
 is offered in the other's dock and continues there. A per-user daemon (socket
 activated by systemd's user manager after 'baton daemon enable', otherwise
 started on demand) relays activities, notifications and a key-value store.
CONTROL
(cd "$root" && find usr -type f -printf '%P\n' | LC_ALL=C sort | sed 's|^|usr/|' | xargs md5sum) \
    >"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

deb="$out/baton_${version}_${architecture}.deb"
dpkg-deb --root-owner-group "-Z${BATON_DEB_COMPRESSION:-xz}" --build "$root" "$work/package.deb" >/dev/null
chmod 0644 "$work/package.deb"
mv -f "$work/package.deb" "$deb"   # a rename within $out: atomic
echo "$deb"
