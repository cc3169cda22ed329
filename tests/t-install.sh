#!/bin/bash
# make install PREFIX=... DESTDIR=... puts a working hookwrap, its manual
# pages, the rules and the docs there; make uninstall takes exactly them
# away.  The version has one source, VERSION, that the program and the
# Debian package (debian/changelog) both say.
. "$(dirname "$0")/lib.sh"

check "make install PREFIX=$OUT/prefix" make -s -C "$HW" install PREFIX="$OUT/prefix"
check "the installed hookwrap runs" "$OUT/prefix/bin/hookwrap" --version
check "the installed hookwrap reads a tree" \
	"$OUT/prefix/bin/hookwrap" manifest "$FIX/lsm-mini"
[ -d "$OUT/prefix/share/hookwrap/semantic-patches" ] &&
	ok "the semantic patches are installed" ||
	not_ok "the semantic patches are installed"

# The version: VERSION, what hookwrap --version says, debian/changelog.
version=$(cat "$HW/VERSION")
[ "$("$OUT/prefix/bin/hookwrap" --version)" = "hookwrap $version" ] &&
	ok "hookwrap --version says VERSION's $version" ||
	not_ok "hookwrap --version says VERSION's $version" \
		"got: $("$OUT/prefix/bin/hookwrap" --version)"
deb=$(sed -n '1s/^hookwrap (\([^)]*\)).*/\1/p' "$HW/debian/changelog")
[ "$deb" = "$version" ] &&
	ok "debian/changelog's version is VERSION's" ||
	not_ok "debian/changelog's version is VERSION's" \
		"VERSION: $version, debian/changelog: ${deb:-none}"

# A staged install (DESTDIR), as a package build makes it.
dest="$OUT/dest"
check "make install DESTDIR=... PREFIX=/usr" \
	make -s -C "$HW" install DESTDIR="$dest" PREFIX=/usr
find "$dest" -type f | sed "s|^$dest||" | sort >"$OUT/installed"
for f in /usr/bin/hookwrap /usr/share/man/man1/hookwrap.1 \
	/usr/share/man/man1/hookwrap-check.1 /usr/share/man/man5/hookwrap.conf.5 \
	/usr/share/hookwrap/semantic-patches/lsm-mini.cocci \
	/usr/share/doc/hookwrap/README.md /usr/share/doc/hookwrap/docs/config.md \
	/usr/share/doc/hookwrap/docs/rules/direct-ops-call.md; do
	contains "installed: $f" "$OUT/installed" "$f"
done
n=$(ls "$HW"/docs/man/*.scd | wc -l)
[ "$(grep -c '^/usr/share/man/man[15]/' "$OUT/installed")" -eq "$n" ] &&
	ok "a page installed per docs/man/*.scd ($n)" ||
	not_ok "a page installed per docs/man/*.scd ($n)" \
		"$(grep '^/usr/share/man/' "$OUT/installed")"
page=$(MANPATH="$dest/usr/share/man" man -w hookwrap 2>&1)
[ "$page" = "$dest/usr/share/man/man1/hookwrap.1" ] &&
	ok "MANPATH=... man -w hookwrap finds the installed page" ||
	not_ok "MANPATH=... man -w hookwrap finds the installed page" "got: $page"
page=$(MANPATH="$dest/usr/share/man" man -w 5 hookwrap.conf 2>&1)
[ "$page" = "$dest/usr/share/man/man5/hookwrap.conf.5" ] &&
	ok "man -w 5 hookwrap.conf finds the installed page" ||
	not_ok "man -w 5 hookwrap.conf finds the installed page" "got: $page"
MANWIDTH=80 man -l "$dest/usr/share/man/man1/hookwrap-check.1" \
	>"$OUT/check.txt" 2>&1
contains "man -l renders the installed hookwrap-check(1)" "$OUT/check.txt" \
	"hookwrap-check - check wrapper discipline"
contains "the installed pages carry the version" "$OUT/check.txt" \
	"hookwrap $version"

# Uninstall: no file left, and the directories hookwrap owns gone; a
# file of someone else's in a shared directory stays.
touch "$dest/usr/bin/other-tool"
check "make uninstall DESTDIR=... PREFIX=/usr" \
	make -s -C "$HW" uninstall DESTDIR="$dest" PREFIX=/usr
find "$dest" -type f >"$OUT/left"
[ "$(cat "$OUT/left")" = "$dest/usr/bin/other-tool" ] &&
	ok "make uninstall leaves no file of hookwrap's" ||
	not_ok "make uninstall leaves no file of hookwrap's" "$(head "$OUT/left")"
[ ! -e "$dest/usr/share/hookwrap" ] && [ ! -e "$dest/usr/share/doc/hookwrap" ] &&
	ok "make uninstall removes share/hookwrap and share/doc/hookwrap" ||
	not_ok "make uninstall removes share/hookwrap and share/doc/hookwrap"
