#!/bin/bash
# hookwrap under valgrind's memcheck: no invalid read or write, no use of
# uninitialised memory, no block definitely lost, in the paths that keep
# state across a unit (the
# sleep scan's summaries, inline helpers walked for theirs, the
# parameter conditions, the internals walk, the link).  A unit calling 40 functions makes the scan's table of
# callee summaries grow while a function is walked, which once left a
# dangling pointer (found on Linux 6.1: "free(): invalid pointer").
. "$(dirname "$0")/lib.sh"
# valgrind follows the programs exec runs, not a server's forks (tests/run).
unset HOOKWRAP_SERVER
export HOOKWRAP_CACHE_DIR="$OUT/cache"

if ! command -v valgrind >/dev/null; then
	not_ok "valgrind is installed (scripts/install-deps)"
	exit 0
fi
T=$(copy_fixture sleep-hooks)
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1
 -DCONFIG_SECURITY_NETWORK=1"
{
	echo '#include <linux/spinlock.h>'
	for i in $(seq 1 40); do echo "extern void callee_$i(void);"; done
	echo 'void many(void)'
	echo '{'
	for i in $(seq 1 40); do echo "	callee_$i();"; done
	echo '}'
	echo 'void after(void) { many(); }'
} >"$T/kernel/many.c"
# Members stored before calls, zeroed structs, a struct copied whole.
cp "$HW/tests/rules/sleep-in-atomic/member-stored.c" "$T/kernel/mstored.c"
cp "$HW/tests/rules/sleep-in-atomic/member-passed.c" "$T/kernel/mpassed.c"

# valgrind cannot run an AddressSanitizer build (bench/sanitize): then
# the same commands run without it, ASan and UBSan watching them.
# --trace-children: "hookwrap" is the front (src/cmd/front.c), which
# execs hookwrap-full for these; memcheck must follow it there.
VG="valgrind -q --error-exitcode=99 --trace-children=yes --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite"
sanitized && VG=

# memcheck NAME CMD...: run CMD in $T under memcheck; errors fail it.
memcheck() {
	name=$1
	shift
	(cd "$T" && $VG "$@") >"$OUT/mc.out" 2>"$OUT/mc.err"
	rc=$?
	if [ -n "$VG" ] && { [ $rc -eq 99 ] || grep -q '^==[0-9]*== ' "$OUT/mc.err"; }; then
		not_ok "$name" "$(head -20 "$OUT/mc.err")"
	elif [ -z "$VG" ] && { [ $rc -gt 2 ] || grep -q 'Sanitizer' "$OUT/mc.err"; }; then
		not_ok "$name (under ASan, exit $rc)" "$(head -20 "$OUT/mc.err")"
	elif [ -z "$VG" ]; then
		ok "$name (under ASan)"
	else
		ok "$name"
	fi
}

DB="$OUT/facts.db"
# The four units in one process, as kbuild's replay or "check -p" gives
# them: each unit's walk, and the state one unit leaves to the next (the
# facts, the caches of callee summaries); one start of libclang under
# valgrind instead of four (each start is most of a run's time).
memcheck "check --db, six units in one process: a callee table growing mid-function, parameter conditions, irq/lock pairs, inline helpers, cleanup.h guards, members stored and zeroed" \
	"$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/many.c \
	kernel/flags.c kernel/objects.c kernel/guards.c kernel/mstored.c \
	kernel/mpassed.c
n=$(sqlite3 "$DB" "select count(*) from units where path in ('kernel/many.c', 'kernel/flags.c', 'kernel/objects.c', 'kernel/guards.c', 'kernel/mstored.c', 'kernel/mpassed.c')" 2>&1)
[ "$n" = 6 ] && ok "check --db: the six units' facts are in the database" ||
	not_ok "check --db: the six units' facts are in the database" "units found: $n"
memcheck "check without --db: link in memory, sleep rules" \
	"$HOOKWRAP" check --no-group $KFLAGS kernel/irqpair.c
memcheck "report and report --why: the link" \
	"$HOOKWRAP" report --no-group --db="$DB" --why flags_alloc
M=$(copy_fixture check-modern)
(cd "$M" && $VG "$HOOKWRAP" check --no-group \
	kernel/lsm_peek.c >"$OUT/m.out" 2>"$OUT/m.err")
check "check: the internals walk on check-modern" test $? -le 2
