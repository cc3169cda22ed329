#!/bin/bash
# Guard policies, proven: the generated wrappers of every guard read
# statement by statement, compiled, and run against a user-space shim of
# the kernel API while a module is loaded and unloaded under the callers
# (tests/runtime/, docs/policies.md).  A short run of each; the long one
# is tests/runtime/stress.sh.
. "$(dirname "$0")/lib.sh"

RT="$HW/tests/runtime"
ulimit -c 0	# the race test crashes children on purpose

# A table that mixes guards, as docs/policies.md recommends: rcu, and
# refcount for the hook that may sleep.
mixed="$OUT/guard-ops-mixed"
cp -r "$FIX/guard-ops" "$mixed"
printf 'guard = rcu\nguard.obj_alloc = refcount\n' >>"$mixed/hookwrap.conf"

# The run-time builds (harness and module in $OUT/NAME), made in the
# background while the generated code is checked; each leaves its log.
# NAME GUARD SAN [MAKE VARIABLES]
BUILDS="none-none none none
preempt-none preempt none
refcount-asan refcount asan
rcu-asan rcu asan
refcount-tsan refcount tsan
mixed-asan rcu asan CORE=mixed FIXTURE=$mixed
mixed-refonly rcu none CORE=refcount FIXTURE=$mixed"
echo "$BUILDS" | while read -r b guard san vars; do
	# shellcheck disable=SC2086
	make -s -j2 -C "$RT" O="$OUT/$b" GUARD="$guard" SAN="$san" $vars \
		HOOKWRAP="$HOOKWRAP" "$OUT/$b/harness" "$OUT/$b/module.so" \
		>"$OUT/build-$b.log" 2>&1
	echo $? >"$OUT/build-$b.rc"
done &
builds=$!

# --- The generated code -------------------------------------------------

# gen TREE GUARD: the block for TREE's table with GUARD, in $OUT.
gen() {
	"$HOOKWRAP" gen-header --guard="$2" "$FIX/$1" >"$OUT/$1.$2.h" \
		2>"$OUT/$1.$2.err"
}

pointer_of() {
	sed -n 's/^pointer *= *//p' "$FIX/$1/hookwrap.conf" 2>/dev/null |
		grep . || echo security_ops
}

for tree in lsm-mini notify-ops guard-ops; do
	ptr=$(pointer_of "$tree")
	gen "$tree" none
	for g in refcount rcu preempt; do
		gen "$tree" "$g"
		check "$tree --guard=$g: every wrapper has the guard's shape, stubs as --guard=none" \
			python3 "$RT/check-guard.py" "$g" "$ptr" \
			"$OUT/$tree.$g.h" "$OUT/$tree.none.h"
	done
done

# The mixed table: each wrapper has its own hook's guard.
"$HOOKWRAP" manifest "$mixed" >"$OUT/mixed.tsv" 2>/dev/null
"$HOOKWRAP" gen-header "$mixed" >"$OUT/mixed.h" 2>/dev/null
check "guard = rcu, guard.obj_alloc = refcount: each wrapper has its hook's guard" \
	python3 "$RT/check-guard.py" rcu guard_ops "$OUT/mixed.h" \
	"$OUT/guard-ops.none.h" "$OUT/mixed.tsv"

# The reader above can fail: feed it broken refcount wrappers.
ref="$OUT/guard-ops.refcount.h"
mutant() {
	local what=$1
	shift
	"$@" "$ref" >"$OUT/mutant.h"
	check_fails "check-guard rejects $what" python3 "$RT/check-guard.py" \
		refcount guard_ops "$OUT/mutant.h" "$OUT/guard-ops.none.h"
}
# shellcheck disable=SC2016
mutant "a put before the call" awk '
	/ret = ops->permission/ { held = $0; next }
	held && /guard_ops_put/ { print; print held; held = ""; next }
	{ print }'
mutant "a wrapper without its put" sed '0,/guard_ops_put(ops);/{//d}'
mutant "a return between the call and the put" \
	sed '0,/ret = ops->permission(obj, mask);/s//&\n\tif (ret)\n\t\treturn ret;/'
mutant "a stub path that calls in" \
	sed '0,/\t\treturn 0;/s//\t\treturn ops->permission(obj, mask);/'
mutant "a CONFIG-off stub that changed" \
	sed '/^#else/,/^#endif/{0,/return 0;/s//return 1;/}'

# Every wrapper, every guard, both CONFIG settings: the header compiles
# cleanly against the shim (where <linux/rcupdate.h> is liburcu).
# tu TREE GUARD: a copy of TREE with GUARD's wrappers in place, and
# $OUT/TREE-GUARD.c, a TU that calls each wrapper; prints the copy.
tu() {
	local copy out
	copy=$(copy_fixture "$1")
	mv "$copy" "$copy-$2"
	copy="$copy-$2"
	"$HOOKWRAP" gen-header --guard="$2" --in-place "$copy" 2>/dev/null
	out=$(sed -n 's/^output *= *//p' "$copy/hookwrap.conf")
	{
		echo "#include <${out#include/}>"
		"$HOOKWRAP" manifest "$copy" 2>/dev/null | awk -F'\t' 'NR > 1 {
			args = ($5 == "-") ? "" : $5
			printf "%s t_%s(%s);\n", $3, $1, $4
			printf "%s t_%s(%s)\n{\n", $3, $1, $4
			printf "\t%s%s(%s);\n}\n", ($3 == "void") ? "" : "return ", $2, args
		}'
	} >"$OUT/$1-$2.c"
	echo "$copy"
}
# cc COPY TU [-DCONFIG_X]
cc_tu() {
	gcc -std=gnu11 -Wall -Wextra -Werror -Werror=implicit-function-declaration \
		-I"$RT/shim/include" -I"$1/include" ${3:+"$3"} -c "$2" -o "$2.o"
}
# (guard-ops with its option on is compiled by the run-time builds below.)
for g in none refcount rcu preempt; do
	copy=$(tu notify-ops "$g")
	check "notify-ops --guard=$g compiles with CONFIG_FSNOTIFY_HOOKS off" \
		cc_tu "$copy" "$OUT/notify-ops-$g.c"
	check "notify-ops --guard=$g compiles with CONFIG_FSNOTIFY_HOOKS on" \
		cc_tu "$copy" "$OUT/notify-ops-$g.c" -DCONFIG_FSNOTIFY_HOOKS
	copy=$(tu guard-ops "$g")
	check "guard-ops --guard=$g compiles with CONFIG_GUARD_HOOKS off" \
		cc_tu "$copy" "$OUT/guard-ops-$g.c"
done

# --- Run time ------------------------------------------------------------

wait "$builds"
while read -r b guard san vars; do
	if [ "$(cat "$OUT/build-$b.rc")" = 0 ]; then
		ok "build the harness $b: --guard=$guard, sanitizer $san ${vars%% *}"
	else
		not_ok "build the harness $b" "$(tail -5 "$OUT/build-$b.log")"
	fi
done <<<"$BUILDS"

# run NAME BUILD ARGS...: the harness; output in $OUT/NAME.out.
run() {
	local run=$1 dir="$OUT/$2"
	shift 2
	"$dir/harness" "$@" "$dir/module.so" >"$OUT/$run.out" 2>&1
	echo $? >"$OUT/$run.rc"
}

# expect_race RUN DESCRIPTION: the run failed, and after an unload.
expect_race() {
	local rc res
	rc=$(cat "$OUT/$1.rc" 2>/dev/null)
	res=$(grep '^result:' "$OUT/$1.out")
	if [ "$rc" = 1 ] && echo "$res" | grep -q 'in load/unload cycle [1-9]'; then
		ok "$2 (${res#result: })"
	else
		not_ok "$2" "exit $rc, expected 1 with a failure after an unload" \
			"$(grep -v '^    #' "$OUT/$1.out" | tail -8)"
	fi
}

# expect_clean RUN DESCRIPTION: exit 0, no sanitizer report, and the
# module answered calls, and so did the default or the stub (the unloads
# happened under the callers).
expect_clean() {
	local rc line mod dflt why=
	rc=$(cat "$OUT/$1.rc" 2>/dev/null)
	line=$(grep 'hook calls' "$OUT/$1.out")
	mod=$(echo "$line" | sed -n 's/.*permission: \([0-9]*\) answered by the module.*/\1/p')
	dflt=$(echo "$line" | sed -n 's/.*, \([0-9]*\) by the default.*/\1/p')
	[ "$rc" = 0 ] || why="exit $rc"
	grep -q 'Sanitizer' "$OUT/$1.out" && why="$why; a sanitizer report"
	[ "${mod:-0}" -gt 0 ] || why="$why; the module answered no call"
	[ "${dflt:-0}" -gt 0 ] || why="$why; no call fell outside the module"
	if [ -z "$why" ]; then
		ok "$2 (${line%% (*})"
	else
		not_ok "$2" "$why" "$(grep -v '^    #' "$OUT/$1.out" | tail -8)"
	fi
}

# --guard=none: the module-removal race is real.  Up to 20 children of up
# to 200 load/unload cycles each; one crash, panic or report suffices.
run none-race none-none -t 4 -c 200 -r 20
expect_race none-race \
	"--guard=none: a hook runs in an unloaded module (crash caught)"

# refcount and rcu: no failure, no sanitizer report.  (stress.sh runs
# these, the builds without sanitizers and none under TSan, for longer.)
short="-t 4 -c 10 -p 20000"
for g in refcount rcu; do
	# shellcheck disable=SC2086
	run "$g-asan" "$g-asan" $short
	expect_clean "$g-asan" \
		"--guard=$g under AddressSanitizer+UBSan: load/unload under callers, clean"
done
# liburcu 0.13's ordering is invisible to ThreadSanitizer (policies.md).
# shellcheck disable=SC2086
run refcount-tsan refcount-tsan $short
expect_clean refcount-tsan "--guard=refcount under ThreadSanitizer: clean"

# A hook that sleeps: fine unguarded or with a reference, a BUG inside
# preempt_disable() or rcu_read_lock().
for b in none-none refcount-asan; do
	g=${b%-*}
	run "$g-sleep" "$b" -s
	if [ "$(cat "$OUT/$g-sleep.rc")" = 0 ]; then
		ok "--guard=$g: a hook may sleep"
	else
		not_ok "--guard=$g: a hook may sleep" "$(tail -3 "$OUT/$g-sleep.out")"
	fi
done
for b in preempt-none rcu-asan; do
	g=${b%-*}
	run "$g-sleep" "$b" -s
	if [ "$(cat "$OUT/$g-sleep.rc")" = 1 ] &&
		grep -q 'BUG: sleeping function called from invalid context' \
			"$OUT/$g-sleep.out"; then
		ok "--guard=$g: a hook that sleeps trips might_sleep()"
	else
		not_ok "--guard=$g: a hook that sleeps trips might_sleep()" \
			"$(tail -3 "$OUT/$g-sleep.out")"
	fi
done

# The mixed table: with registration code that does both (core-mixed.c)
# it is clean and its sleeping hook may sleep; with code that only waits
# for references (core-refcount.c) the rcu hooks race again.
# shellcheck disable=SC2086
run mixed mixed-asan $short
expect_clean mixed \
	"guard = rcu, guard.obj_alloc = refcount, under ASan+UBSan: clean"
run mixed-sleep mixed-asan -s
if [ "$(cat "$OUT/mixed-sleep.rc")" = 0 ]; then
	ok "guard.obj_alloc = refcount in an rcu table: obj_alloc may sleep"
else
	not_ok "guard.obj_alloc = refcount in an rcu table: obj_alloc may sleep" \
		"$(tail -3 "$OUT/mixed-sleep.out")"
fi
run mixed-refonly mixed-refonly -t 4 -c 200 -r 20
expect_race mixed-refonly \
	"the mixed table without synchronize_rcu() on unregister: the race is back"

# ... and the static checker had said so: sleep-under-guard flags the
# module's obj_alloc (and nothing else) under preempt and rcu, not under
# refcount or none.  The module is the harness's own source, checked in a
# copy of the fixture tree whose hookwrap.conf sets the guard.
for g in preempt rcu refcount none; do
	copy=$(copy_fixture guard-ops)
	mkdir -p "$copy/security"
	cp "$RT/module.c" "$copy/security/guard_module.c"
	echo "guard = $g" >>"$copy/hookwrap.conf"
	"$HOOKWRAP" check --no-cache --tree "$copy" -D_GNU_SOURCE \
		-I"$RT/shim/include" -I"$RT" -I"$copy/include" \
		"$copy/security/guard_module.c" >"$OUT/check-$g.out" 2>&1
	n=$(grep -c 'sleep-under-guard' "$OUT/check-$g.out")
	case $g in
	preempt | rcu)
		if [ "$n" = 1 ] && grep -q "hook obj_alloc runs under guard '$g'.*mod_obj_alloc() -> msleep()" \
			"$OUT/check-$g.out"; then
			ok "--guard=$g: the checker flags obj_alloc statically"
		else
			not_ok "--guard=$g: the checker flags obj_alloc statically" \
				"$(head -5 "$OUT/check-$g.out")"
		fi ;;
	*)
		if [ "$n" = 0 ]; then
			ok "--guard=$g: the checker finds no sleep under the guard"
		else
			not_ok "--guard=$g: the checker finds no sleep under the guard" \
				"$(head -5 "$OUT/check-$g.out")"
		fi ;;
	esac
done
