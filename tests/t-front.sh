#!/bin/bash
# The front (src/cmd/front.c): "hookwrap" links no libclang, answers a
# kbuild unit the prefilter skips by itself, and hands everything else
# to hookwrap-full; either way the output and the exit status are the
# full program's.  Which program ran is seen with strace (execve).
. "$(dirname "$0")/lib.sh"
# The programs run are what this file counts: no server (tests/run) in between.
unset HOOKWRAP_SERVER
export HOOKWRAP_CACHE_DIR="$OUT/cache"

FULL=$(dirname "$HOOKWRAP")/hookwrap-full
check "hookwrap-full is built beside hookwrap" test -x "$FULL"
if ldd "$HOOKWRAP" | grep -q 'libclang\|libLLVM\|libsqlite'; then
	not_ok "the front links no libclang, LLVM or SQLite" "$(ldd "$HOOKWRAP")"
else
	ok "the front links no libclang, LLVM or SQLite"
fi

T=$(copy_fixture check)
cat >"$T/drivers/plain.c" <<'EOF'
#include <linux/errno.h>

int plain(int x)
{
	return x ? -EINVAL : 0;
}
EOF
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -march=i686 -Wp,-MD,drivers/.plain.o.d"

# execs: the command under strace, which notes every program it runs.
# LeakSanitizer cannot run under ptrace (bench/sanitize's build): leaks
# are looked for in every other test, not under strace.
execs() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -qq -e trace=execve -e signal=none -o "$OUT/strace" "$@"
}

# Each case: the front's output and status against hookwrap-full's.
# Run twice: the first may fill the manifest cache.
compare() { # name want-execs args...
	local name=$1 want=$2
	shift 2
	(cd "$T" && "$FULL" "$@") >"$OUT/full.out" 2>"$OUT/full.err"
	frc=$?
	(cd "$T" && execs "$HOOKWRAP" "$@") >"$OUT/front.out" 2>"$OUT/front.err"
	rc=$?
	# How many programs ran (1: the front alone).
	n=$(grep -c 'execve(' "$OUT/strace")
	check "$name: the same exit status ($rc, full $frc)" test "$rc" -eq "$frc"
	same "$name: the same stdout" "$OUT/full.out" "$OUT/front.out"
	same "$name: the same stderr" "$OUT/full.err" "$OUT/front.err"
	check "$name: $want program(s) run (got $n)" test "$n" -eq "$want"
}

# Fill the cache through the full program.
(cd "$T" && "$FULL" check $KFLAGS drivers/plain.c) >/dev/null 2>&1
compare "a unit the prefilter skips" 1 check $KFLAGS drivers/plain.c
compare "... with --verbose" 1 check --verbose $KFLAGS drivers/plain.c
compare "... two such units" 1 check --verbose $KFLAGS drivers/plain.c drivers/plain.c
compare "... with --error-exit" 1 check --error-exit $KFLAGS drivers/plain.c
compare "a unit linked only by wrapper calls" 1 check --verbose $KFLAGS drivers/wrapped.c
compare "... after a unit that registers: both parsed" 2 check --verbose $KFLAGS security/capability.c drivers/wrapped.c
compare "... before it: the full program skips it too" 2 check --verbose $KFLAGS drivers/wrapped.c security/capability.c
compare "a unit with raw calls: the full program" 2 check $KFLAGS drivers/calls.c
compare "... one of two units needs a parse" 2 check --verbose $KFLAGS drivers/plain.c drivers/calls.c
compare "--version" 1 --version
compare "check --help" 2 check --help
compare "a missing unit" 2 check $KFLAGS drivers/none.c
compare "--format json" 2 check --format json $KFLAGS drivers/plain.c
compare "--db" 2 check --db "$OUT/f.db" $KFLAGS drivers/plain.c
compare "a bad option" 2 check --format xml $KFLAGS drivers/plain.c
compare "manifest" 2 manifest .
# The tree's header named as a unit: the tree rules run (full program).
compare "the table's header as the unit" 2 check $KFLAGS include/linux/security.h

# A cache that is stale (the header changed): the full program rebuilds
# it and says so under --verbose; the front says nothing of its own.
echo "/* changed */" >>"$T/include/linux/security.h"
(cd "$T" && execs "$HOOKWRAP" check --verbose $KFLAGS drivers/plain.c) >"$OUT/stale.out" 2>"$OUT/stale.err"
check "a stale manifest cache: exit 0" test $? -eq 0
n=$(grep -c 'execve(' "$OUT/strace")
check "a stale manifest cache: the full program runs (got $n programs)" test "$n" -eq 2
contains "a stale manifest cache: the full program says it is not used" "$OUT/stale.err" "security.h changed"
contains "a stale manifest cache: ... and caches the new one" "$OUT/stale.err" "hookwrap check: manifest cached in"
compare "... then cached again: the front" 1 check --verbose $KFLAGS drivers/plain.c

# A hookwrap.conf with a warning in it: said once, by the full program.
printf 'profile = lsm\nno-such-key = 1\n' >"$T/hookwrap.conf"
compare "a table description with an error: the full program says it" 2 check $KFLAGS drivers/plain.c
rm -f "$T/hookwrap.conf"

# Without hookwrap-full beside it, one clear error.
mkdir -p "$OUT/alone"
cp "$HOOKWRAP" "$OUT/alone/hookwrap"
"$OUT/alone/hookwrap" manifest "$T" >"$OUT/alone.out" 2>"$OUT/alone.err"
check "alone: exit 2" test $? -eq 2
contains "alone: says what is missing" "$OUT/alone.err" "cannot find hookwrap-full"
