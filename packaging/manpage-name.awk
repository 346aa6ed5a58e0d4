# generate-manual writes a subcommand's NAME as `.Nm "baton dump"`, which man-db's lexgrog (whatis, apropos)
# cannot parse. The NAME line becomes the page's name (`.Nm baton.dump`, as `man baton.dump` finds it) and the
# bare `.Nm` lines after it (SYNOPSIS) the command as typed (`.Nm baton dump`); `.Nd` loses its quotes.
BEGIN { named = 0 }
/^\.Nm "[^"]*"$/ && !named {
    command = $0; sub(/^\.Nm "/, "", command); sub(/"$/, "", command)
    page = command; gsub(/ /, ".", page)
    print ".Nm " page; named = 1; next
}
/^\.Nm$/ && named { print ".Nm " command; next }
/^\.Nd "/ { line = $0; sub(/^\.Nd "/, ".Nd ", line); sub(/"$/, "", line); print line; next }
{ print }
