#!/bin/bash
# hookwrap under valgrind's memcheck: no invalid read or write, no use of
# uninitialised memory, in the paths that keep state across a unit (the
# sleep scan's summaries, inline helpers walked for theirs, the
# parameter conditions, the internals walk, the link).  A unit calling 40 functions makes the scan's table of
# callee summaries grow while a function is walked, which once left a
# dangling pointer (found on Linux 6.1: "free(): invalid pointer").
. "$(dirname "$0")/lib.sh"
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

# valgrind cannot run an AddressSanitizer build (bench/sanitize): then
# the same commands run without it, ASan and UBSan watching them.
# --trace-children: "hookwrap" is the front (src/cmd/front.c), which
# execs hookwrap-full for these; memcheck must follow it there.
VG="valgrind -q --error-exitcode=99 --trace-children=yes"
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
memcheck "check --db: a unit whose callee table grows mid-function" \
	"$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/many.c
memcheck "check --db: parameter conditions and irq/lock pairs" \
	"$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/flags.c
memcheck "check --db: inline helpers summarised, correlated lock tests" \
	"$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/objects.c
memcheck "check --db: cleanup.h guards and their scopes" \
	"$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/guards.c
memcheck "check without --db: link in memory, sleep rules" \
	"$HOOKWRAP" check --no-group $KFLAGS kernel/irqpair.c
memcheck "report and report --why: the link" \
	"$HOOKWRAP" report --no-group --db="$DB" --why flags_alloc
M=$(copy_fixture check-modern)
(cd "$M" && $VG "$HOOKWRAP" check --no-group \
	kernel/lsm_peek.c >"$OUT/m.out" 2>"$OUT/m.err")
check "check: the internals walk on check-modern" test $? -le 2
