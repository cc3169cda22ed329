#!/bin/bash
# The fixtures themselves.  An overlay fixture (tests/fixtures/README) is
# its base plus its own files, built by tests/compose-fixture: each one
# must compose, must hold no file its base already has byte for byte (so
# near-copies do not creep back), and must not be read in place by a
# test (in place it lacks its base's files).  The lint is first tried on
# made-up fixtures, to show it catches what it is meant to.
. "$(dirname "$0")/lib.sh"

COMPOSE="$HW/tests/compose-fixture"

# overlays ROOT: the names of the overlay fixtures in ROOT.
overlays() {
	for b in "$1"/*/BASE; do
		[ -f "$b" ] && basename "$(dirname "$b")"
	done
}

# base_of ROOT NAME: the base fixture NAME/BASE names (its first word).
base_of() {
	awk '!/^[[:space:]]*(#|$)/ { print $1; exit }' "$1/$2/BASE"
}

# duplicates ROOT NAME: the overlay's files that its base has, the same
# bytes at the same path; prints one line each.
duplicates() {
	base=$(base_of "$1" "$2")
	(cd "$1/$2" && find . -type f ! -path ./BASE) | sort |
	while read -r f; do
		f=${f#./}
		if [ -f "$1/$base/$f" ] && cmp -s "$1/$2/$f" "$1/$base/$f"; then
			echo "$2/$f is $base/$f byte for byte"
		fi
	done
}

# lint_overlay ROOT NAME: the two checks, for a fixture in ROOT.
lint_overlay() {
	rm -rf "$OUT/lint/$2"
	mkdir -p "$OUT/lint"
	if FIX="$1" "$COMPOSE" "$2" "$OUT/lint/$2" >"$OUT/lint.err" 2>&1; then
		ok "$2 composes"
	else
		not_ok "$2 composes" "$(cat "$OUT/lint.err")"
	fi
	duplicates "$1" "$2" >"$OUT/dups"
	if [ -s "$OUT/dups" ]; then
		not_ok "$2 holds no copy of its base's files" \
			"delete them: the base provides them" "$(head -10 "$OUT/dups")"
	else
		ok "$2 holds no copy of its base's files"
	fi
}

# fails_lint WHAT ROOT NAME: the lint must reject NAME (its own "ok"
# lines would only say it passed, so they are kept out of the count).
fails_lint() {
	if lint_overlay "$2" "$3" | grep -q '^not ok - '; then
		ok "the lint catches $1"
	else
		not_ok "the lint catches $1" "$(lint_overlay "$2" "$3")"
	fi
}

# A made-up fixtures directory: a base and overlays good and bad.
M="$OUT/made-up"
mkdir -p "$M/base/a" "$M/base/b" "$M/made-up-good/a" "$M/nobase" \
	"$M/dup/a" "$M/chain" "$M/nopart" "$M/onefile/b"
echo x >"$M/base/a/x.c"
echo y >"$M/base/a/y.c"
echo b >"$M/base/b/b.c"
echo top >"$M/base/top.h"
printf '# a comment\n\nbase a top.h b/b.c\n' >"$M/made-up-good/BASE"
echo z >"$M/made-up-good/a/z.c"
echo 'not y' >"$M/made-up-good/a/y.c"
echo 'missing .' >"$M/nobase/BASE"
echo 'base .' >"$M/dup/BASE"
echo x >"$M/dup/a/x.c"
echo 'made-up-good .' >"$M/chain/BASE"
echo 'base nothere' >"$M/nopart/BASE"
echo 'base a' >"$M/onefile/BASE"
echo b >"$M/onefile/b/b.c"

lint_overlay "$M" made-up-good
FIX="$M" "$COMPOSE" made-up-good "$OUT/good" 2>/dev/null
(cd "$OUT/good" && find . -type f | sort) >"$OUT/good.files"
printf '%s\n' ./a/x.c ./a/y.c ./a/z.c ./b/b.c ./top.h >"$OUT/good.want"
same "composed: the parts named, the overlay's files, no BASE" \
	"$OUT/good.want" "$OUT/good.files"
check "composed: the overlay's file wins over the base's" \
	grep -qx 'not y' "$OUT/good/a/y.c"
check_fails "composing into an existing directory is refused" \
	env FIX="$M" "$COMPOSE" made-up-good "$OUT/good"
fails_lint "a BASE naming a missing fixture" "$M" nobase
fails_lint "a file that duplicates its base" "$M" dup
fails_lint "an overlay of an overlay" "$M" chain
fails_lint "a BASE naming a part the base lacks" "$M" nopart
# Even a file from a part not taken: copied by hand it is a near-copy;
# name its path in BASE instead.
fails_lint "a copied file of a part not taken" "$M" onefile

# The real overlays.
n=0
for name in $(overlays "$FIX"); do
	n=$((n + 1))
	lint_overlay "$FIX" "$name"
	# Tests, scripts and benchmarks read an overlay through
	# copy_fixture or fixture (tests/lib.sh) or compose-fixture, never
	# as "$FIX/NAME/..." or "tests/fixtures/NAME".
	hits=$(cd "$HW" &&
		grep -nE "(\\\$FIX|\\\$\\{FIX\\}|fixtures)/$name([/\"' ]|\$)" \
		tests/*.sh tests/run scripts/* bench/* Makefile 2>/dev/null)
	if [ -z "$hits" ]; then
		ok "$name is not read in place"
	else
		not_ok "$name is not read in place" \
			"use \$(fixture $name), \$(copy_fixture $name) or tests/compose-fixture:" \
			"$hits"
	fi
done
[ "$n" -ge 2 ] && ok "the overlay fixtures are found ($n)" ||
	not_ok "the overlay fixtures are found" "found $n"
