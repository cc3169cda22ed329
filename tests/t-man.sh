#!/bin/bash
# The manual pages (docs/man/*.scd) say what the program does:
#  - each command's page lists in OPTIONS exactly the options its
#    --help names (in the usage lines and the option list), both ways;
#  - hookwrap(1) lists exactly the commands of hookwrap --help, and each
#    has its page;
#  - hookwrap.conf(5) lists exactly the keys of docs/config.md's table;
#  - every page builds with scdoc and renders without a warning.
. "$(dirname "$0")/lib.sh"

MANSRC="$HW/docs/man"

# Options named in --help: its usage lines (from "usage:" to the first
# blank line) and its option list (lines that start with blanks and a
# dash); not the prose, which names other programs' options (patch -p1).
help_opts() {
	"$HOOKWRAP" "$1" --help |
		awk '/^usage:/ { u = 1 } /^$/ { u = 0 } u || /^[ \t]+-/' |
		grep -oE '(^|[][ |,(])--?[A-Za-z][A-Za-z0-9-]*' |
		sed 's/^[][ |,(]//' | sort -u
}

# The lines of section $2 ("# NAME") of scdoc page $1.
section() {
	awk -v s="# $2" '$0 == s { in_s = 1; next } /^# / { in_s = 0 } in_s' "$1"
}

# Options a page lists: the terms (lines starting with *-) of OPTIONS.
man_opts() {
	section "$1" OPTIONS | grep '^\*-' |
		grep -oE '\*--?[A-Za-z][A-Za-z0-9-]*\*' | tr -d '*' | sort -u
}

# agree NAME A B: the two sorted lists are equal; says what is only where.
agree() {
	if [ "$(cat "$2")" = "$(cat "$3")" ]; then
		ok "$1"
	else
		not_ok "$1" \
			"only in $(basename "$2"): $(comm -23 "$2" "$3" | tr '\n' ' ')" \
			"only in $(basename "$3"): $(comm -13 "$2" "$3" | tr '\n' ' ')"
	fi
}

"$HOOKWRAP" --help | awk '/^commands:/ { c = 1; next } /^$/ { c = 0 }
	c { print $1 }' | sort >"$OUT/commands"
[ -s "$OUT/commands" ] && ok "hookwrap --help lists commands" ||
	not_ok "hookwrap --help lists commands"

for cmd in $(cat "$OUT/commands"); do
	page="$MANSRC/hookwrap-$cmd.1.scd"
	if [ ! -f "$page" ]; then
		not_ok "$cmd: has a page" "no $page"
		continue
	fi
	help_opts "$cmd" >"$OUT/$cmd.help"
	man_opts "$page" >"$OUT/$cmd.man"
	[ -s "$OUT/$cmd.help" ] && [ -s "$OUT/$cmd.man" ] &&
		ok "$cmd: options found in --help and the page" ||
		not_ok "$cmd: options found in --help and the page"
	agree "$cmd: --help and hookwrap-$cmd(1) list the same options" \
		"$OUT/$cmd.help" "$OUT/$cmd.man"
	# The page's SYNOPSIS names only options its OPTIONS describe.
	section "$page" SYNOPSIS | grep -oE '\*--?[A-Za-z][A-Za-z0-9-]*\*' |
		tr -d '*' | sort -u >"$OUT/$cmd.synopsis"
	comm -23 "$OUT/$cmd.synopsis" "$OUT/$cmd.man" >"$OUT/$cmd.extra"
	[ ! -s "$OUT/$cmd.extra" ] &&
		ok "$cmd: the page's SYNOPSIS options are in its OPTIONS" ||
		not_ok "$cmd: the page's SYNOPSIS options are in its OPTIONS" \
			"$(cat "$OUT/$cmd.extra")"
done

# hookwrap(1): its COMMANDS terms, and the pages there are.
section "$MANSRC/hookwrap.1.scd" COMMANDS | grep -oE '^\*[a-z-]+\*$' |
	tr -d '*' | sort >"$OUT/commands.man"
agree "hookwrap(1) lists the commands of hookwrap --help" \
	"$OUT/commands" "$OUT/commands.man"
ls "$MANSRC" | sed -n 's/^hookwrap-\(.*\)\.1\.scd$/\1/p' | sort \
	>"$OUT/commands.pages"
agree "a page per command, no page for a command there is not" \
	"$OUT/commands" "$OUT/commands.pages"

# hookwrap.conf(5): the keys of docs/config.md's table.
awk '/^## The format/ { f = 1 } /^### / { f = 0 } f' "$HW/docs/config.md" |
	sed -n 's/^| `\([a-z.A-Z-]*\)` |.*/\1/p' | sort -u >"$OUT/keys.config.md"
section "$MANSRC/hookwrap.conf.5.scd" KEYS | grep -oE '^\*[a-zA-Z.-]+\*$' |
	tr -d '*' | sort -u >"$OUT/keys.conf.5"
[ -s "$OUT/keys.config.md" ] && ok "docs/config.md lists keys" ||
	not_ok "docs/config.md lists keys"
agree "hookwrap.conf(5) lists the keys of docs/config.md" \
	"$OUT/keys.config.md" "$OUT/keys.conf.5"

# Every page builds and renders cleanly (groff's warnings included).
if ! command -v scdoc >/dev/null || ! command -v man >/dev/null; then
	not_ok "scdoc and man are installed" "run ./scripts/install-deps"
else
	for src in "$MANSRC"/*.scd; do
		name=$(basename "$src" .scd)
		if ! sed 's/@VERSION@/test/' "$src" | scdoc >"$OUT/$name" \
			2>"$OUT/$name.err"; then
			not_ok "$name: scdoc builds it" "$(cat "$OUT/$name.err")"
			continue
		fi
		MANWIDTH=80 man --warnings -l "$OUT/$name" >"$OUT/$name.txt" \
			2>"$OUT/$name.err"
		[ -s "$OUT/$name.txt" ] && [ ! -s "$OUT/$name.err" ] &&
			ok "$name: builds and renders without a warning" ||
			not_ok "$name: builds and renders without a warning" \
				"$(head -5 "$OUT/$name.err")"
	done
fi
