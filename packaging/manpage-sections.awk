# A page of generate-manual made to read like a tool's manual (issue 40, item 4), for scripts/package-deb.sh:
#
# - a command's discussion (its --help text) may hold sections: a line `NAME:` then rows `  KEY  MEANING` (two
#   spaces before the key and at least two after it; BatonManual.swift). Each becomes `.Sh NAME` with a tag list,
#   after DESCRIPTION's option list; `EXIT CODES:` becomes EXIT STATUS, in place of the generic `.Ex -std`;
#   a blank line of DESCRIPTION becomes `.Pp` (mdoc warns on empty lines);
# - SEE ALSO names no hidden command: -v hidden="baton.daemon.run baton.kv-probe …" (their pages are not shipped).
BEGIN {
    split(hidden, names, " ")
    for (i in names) if (names[i] != "") secret[names[i]] = 1
    where = ""; sections = ""; listing = 0; exitcodes = 0; skipping = 0; seealso = ""; paragraph = 0
}

function text(line) { return (line ~ /^[.']/) ? "\\&" line : line }
function add(line) { sections = sections line "\n" }
function close_list() { if (listing) { add(".El"); listing = 0 } }
function flush() { close_list(); printf "%s", sections; sections = "" }

/^\.Sh / {
    if (where == "seealso") { print seealso }
    if (where == "description" || where == "options" || where == "sections") flush()
    skipping = 0; where = ""
    if ($0 == ".Sh DESCRIPTION") where = "description"
    if ($0 == ".Sh \"EXIT STATUS\"" && exitcodes) { skipping = 1; next }
    if ($0 == ".Sh \"SEE ALSO\"") { where = "seealso"; seealso = ""; print; next }
    print; next
}
skipping { next }
where == "seealso" && /^\.Xr / {
    if ($2 in secret) next
    seealso = (seealso == "") ? ".Xr " $2 " 1" : seealso " ,\n.Xr " $2 " 1"
    next
}
where == "description" && /^$/ { paragraph = 1; next }
where == "description" && /^[A-Z][A-Z ]*:$/ { where = "sections"; paragraph = 0 }
where == "description" && paragraph { paragraph = 0; if ($0 !~ /^\./) print ".Pp" }
where == "sections" && /^[A-Z][A-Z ]*:$/ {
    close_list()
    name = substr($0, 1, length($0) - 1)
    if (name == "EXIT CODES") { name = "EXIT STATUS"; exitcodes = 1 }
    add(index(name, " ") ? ".Sh \"" name "\"" : ".Sh " name)
    next
}
where == "sections" && /^\./ { where = "options"; print; next }
where == "sections" && /^$/ { close_list(); next }
where == "sections" && /^  [^ ]/ {
    row = substr($0, 3); split_at = index(row, "  ")
    if (!listing) { add(".Bl -tag -width Ds -compact"); listing = 1 }
    if (split_at == 0) { add(".It " row); next }
    meaning = substr(row, split_at); sub(/^ +/, "", meaning)
    add(".It " substr(row, 1, split_at - 1)); add(text(meaning))
    next
}
where == "sections" { add(text($0)); next }
{ print }
END {
    if (where == "seealso") print seealso
    if (where == "description" || where == "options" || where == "sections") flush()
}
