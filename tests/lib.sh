# tests/lib.sh - shared by every tests/t-*.sh.  A test file prints one
# "ok - NAME" or "not ok - NAME" line per check; tests/run counts them.
# Source it, then call the helpers below.

set -u
HW=${HW:-$(cd "$(dirname "$0")/.." && pwd)}
HOOKWRAP="$HW/hookwrap"
FIX="$HW/tests/fixtures"
# Scratch space for this test file, emptied at the start.
OUT="$HW/tests/out/$(basename "$0" .sh)"
rm -rf "$OUT"
mkdir -p "$OUT"

ok() { echo "ok - $1"; }
not_ok() {
	echo "not ok - $1"
	shift
	for line in "$@"; do echo "#   $line"; done
}

# check NAME CMD...: ok when CMD exits 0.
check() {
	name=$1
	shift
	if "$@" >"$OUT/last.out" 2>&1; then
		ok "$name"
	else
		not_ok "$name" "command failed: $*" "$(head -20 "$OUT/last.out")"
	fi
}

# check_fails NAME CMD...: ok when CMD exits non-zero.
check_fails() {
	name=$1
	shift
	if "$@" >"$OUT/last.out" 2>&1; then
		not_ok "$name" "command succeeded but should fail: $*"
	else
		ok "$name"
	fi
}

# same NAME EXPECTED ACTUAL: files equal (shows the diff otherwise).
same() {
	if diff -u "$2" "$3" >"$OUT/last.diff" 2>&1; then
		ok "$1"
	else
		not_ok "$1" "$3 differs from $2:" "$(head -40 "$OUT/last.diff")"
	fi
}

# contains NAME FILE PATTERN: FILE has a line matching the fixed string.
contains() {
	if grep -qF -- "$3" "$2"; then
		ok "$1"
	else
		not_ok "$1" "no line with '$3' in $2:" "$(head -10 "$2")"
	fi
}

# lacks NAME FILE PATTERN: FILE has no line matching the fixed string.
lacks() {
	if grep -qF -- "$3" "$2"; then
		not_ok "$1" "unexpected '$3' in $2:" "$(grep -F -- "$3" "$2" | head -5)"
	else
		ok "$1"
	fi
}

# copy_fixture NAME: a private copy of tests/fixtures/NAME; prints its path.
copy_fixture() {
	rm -rf "$OUT/$1"
	cp -r "$FIX/$1" "$OUT/$1"
	echo "$OUT/$1"
}
