#!/bin/bash
# make install PREFIX=... puts a working hookwrap and the rules there.
. "$(dirname "$0")/lib.sh"

check "make install PREFIX=$OUT/prefix" make -s -C "$HW" install PREFIX="$OUT/prefix"
check "the installed hookwrap runs" "$OUT/prefix/bin/hookwrap" --version
check "the installed hookwrap reads a tree" \
	"$OUT/prefix/bin/hookwrap" manifest "$FIX/lsm-mini"
[ -d "$OUT/prefix/share/hookwrap/semantic-patches" ] &&
	ok "the semantic patches are installed" ||
	not_ok "the semantic patches are installed"
