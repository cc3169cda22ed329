# tests/lib.sh - shared by every tests/t-*.sh.  A test file prints one
# "ok - NAME" or "not ok - NAME" line per check; tests/run counts them.
# Source it, then call the helpers below.

set -u
HW=${HW:-$(cd "$(dirname "$0")/.." && pwd)}
# HOOKWRAP: the binary under test (make test-sanitize sets it).
HOOKWRAP=${HOOKWRAP:-$HW/hookwrap}
FIX="$HW/tests/fixtures"
# Scratch space for this test file, emptied at the start.
OUT="$HW/tests/out/$(basename "$0" .sh)"
rm -rf "$OUT"
mkdir -p "$OUT"
# Caches are this file's own: test files run in parallel (tests/run),
# and none may see another's cache, nor the user's.
export XDG_CACHE_HOME="$OUT/xdg-cache"
# The tools under test are the Debian packages scripts/install-deps
# installs (spatch, clang-14, sparse, python3): the system's directories
# come first, before shims a user's PATH may put ahead of them.  A pyenv
# shim for python3 runs some thirty scripts each time spatch starts
# (Coccinelle asks "python3 --version" to find its library): on the
# 2-core machine about 60 s of the suite's CPU (docs/performance.md).
PATH=/usr/bin:/bin:$PATH
# ARCH picks the architecture hookwrap parses a tree with, as kbuild's
# does (src/clang/arch.c): the tests' trees choose theirs, never the
# caller's environment.
unset ARCH

# sanitized: is $HOOKWRAP an AddressSanitizer build (make SANITIZE=1)?
# A test whose tool cannot run such a binary (valgrind) says so.
sanitized() {
	ldd "$HOOKWRAP" 2>/dev/null | grep -q 'libasan'
}

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

# copy_fixture NAME: a private copy of fixture NAME, to change as the
# test likes; prints its path.  An overlay fixture (one with a BASE file,
# tests/fixtures/README) is composed from its base and its own files.
# The path is printed even when that fails (compose-fixture says why on
# stderr), so that a test's writes to "$T/..." stay under $OUT.
copy_fixture() {
	rm -rf "$OUT/$1"
	"$HW/tests/compose-fixture" "$1" "$OUT/$1"
	echo "$OUT/$1"
}

# shared NAME CMD...: a directory that several test files need, made
# once per tests/run and shared by every file that asks (tests/run sets
# TESTS_SHARED; a file run by hand has its own, under $OUT).  The first
# caller runs "CMD... DIR" into a new DIR, the others wait for it (flock)
# and get the same DIR; the directory is read, not changed.  Prints DIR;
# the status is CMD's (its output: DIR.log).
shared() {
	local name=$1 base=${TESTS_SHARED:-$OUT/shared} d rc
	shift
	d=$base/$name
	mkdir -p "$base"
	(
		flock 9
		if [ ! -f "$d.status" ]; then
			rm -rf "$d"
			mkdir -p "$d"
			"$@" "$d" >"$d.log" 2>&1
			echo $? >"$d.status"
		fi
	) 9>"$d.lock"
	echo "$d"
	rc=$(cat "$d.status" 2>/dev/null || echo 1)
	return "$rc"
}

# compose_into NAME DIR: compose-fixture into DIR, which shared() made.
compose_into() {
	rmdir "$2" && "$HW/tests/compose-fixture" "$1" "$2"
}

# fixture NAME: the path of fixture NAME, to read and not to change.  A
# plain fixture is read where it is; an overlay exists whole only once
# composed, so it is composed once per run (shared) for every test file.
fixture() {
	if [ ! -f "$FIX/$1/BASE" ]; then
		echo "$FIX/$1"
		return
	fi
	shared "fixture-$1" compose_into "$1" || {
		cat "${TESTS_SHARED:-$OUT/shared}/fixture-$1.log" >&2
		return 0
	}
}
