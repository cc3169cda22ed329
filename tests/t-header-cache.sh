#!/bin/bash
# The header cache (checker/hcache.c): in kbuild's one-unit runs, a unit
# linked to the table only by a header it includes (a raw call in a
# static inline) is parsed once; the next units with the same flags
# are answered from the cache, with the output a parse gives.  Anything
# that could change the header's findings means a parse again.
. "$(dirname "$0")/lib.sh"
# The programs run are what this file counts: no server (tests/run) in between.
unset HOOKWRAP_SERVER
export HOOKWRAP_CACHE_DIR="$OUT/cache"
FULL=$(dirname "$HOOKWRAP")/hookwrap-full

T=$(copy_fixture check)
# A third unit like header_a.c and header_b.c, and one whose header
# names the table only in a declaration: linked, but no finding.
sed 's/int a(/int c(/' "$T/drivers/header_a.c" >"$T/drivers/header_c.c"
cat >"$T/include/linux/hookdecl.h" <<'EOF'
/* Outside the allow-list: names the table, but only declares it. */
#include <linux/security.h>
extern struct security_operations *security_ops;
EOF
printf '#include <linux/hookdecl.h>\nint d(void) { return 0; }\n' >"$T/drivers/decl.c"
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1"

# unit NAME FILE [FLAGS...]: one kbuild-style run with its own
# dependency file, as kbuild gives it; NAME.out, NAME.err, NAME.rc.
# The findings go to standard error (kbuild's way): NAME.out holds
# them, NAME.err the rest (and anything printed on standard output).
unit() {
	local name=$1 file=$2
	shift 2
	(cd "$T" && "$HOOKWRAP" check --no-group --verbose --error-exit $KFLAGS "$@" \
		"-Wp,-MD,drivers/.$(basename "$file" .c).o.d" \
		-DKBUILD_BASENAME='"'"$(basename "$file" .c)"'"' "$file") \
		>"$OUT/$name.stdout" 2>"$OUT/$name.all"
	echo $? >"$OUT/$name.rc"
	grep ': warning: ' "$OUT/$name.all" >"$OUT/$name.out"
	grep -v ': warning: ' "$OUT/$name.all" >"$OUT/$name.err"
	cat "$OUT/$name.stdout" >>"$OUT/$name.err"
}
answered() { grep -q "not parsed: only headers link it" "$OUT/$1.err"; }

unit a drivers/header_a.c
check "the first unit is parsed" bash -c "! grep -q 'not parsed' '$OUT/a.err'"
contains "... and gives the header's finding" "$OUT/a.out" \
	"include/linux/hookinline.h:9:9: warning: direct call security_ops->ptrace()"
n=$(ls "$OUT/cache" | grep -c '^header-')
check "... and one header entry is written (got $n)" test "$n" -eq 1
unit b drivers/header_b.c
check "the next unit is answered from the cache" answered b
contains "... saying so with --verbose" "$OUT/b.err" \
	"drivers/header_b.c: not parsed: only headers link it to the table, and their 1 finding came from the header cache"
(cd "$T" && "$HOOKWRAP" check --no-group --no-cache --error-exit $KFLAGS drivers/header_b.c) \
	>/dev/null 2>"$OUT/b-parsed.out"
same "... with the output of a parse" "$OUT/b-parsed.out" "$OUT/b.out"
check "... and --error-exit's status (1)" test "$(cat "$OUT/b.rc")" -eq 1
contains "... counted in the summary" "$OUT/b.err" "1 unit, 0 skipped by the prefilter, 0 partly parsed, 1 finding"
unit c drivers/header_c.c
check "a third unit too" answered c
same "... the same finding" "$OUT/a.out" "$OUT/c.out"

# The front answers without hookwrap-full (no libclang).
(cd "$T" && ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	strace -f -qq -e trace=execve -e signal=none -o "$OUT/strace" \
	"$HOOKWRAP" check --no-group $KFLAGS drivers/header_c.c) >"$OUT/front.out" 2>&1
n=$(grep -c 'execve(' "$OUT/strace")
check "the front answers it alone (programs run: $n)" test "$n" -eq 1
same "... with the same output" "$OUT/a.out" "$OUT/front.out"
(cd "$T" && "$FULL" check $KFLAGS drivers/header_c.c) >"$OUT/full.out" 2>&1
same "... as hookwrap-full's" "$OUT/full.out" "$OUT/front.out"

# No finding is an answer too.
unit d1 drivers/decl.c
unit d2 drivers/decl.c
check "a header that names the table without a finding: cached as none" answered d2
check "... exit 0, nothing printed" test "$(cat "$OUT/d2.rc")" -eq 0 -a ! -s "$OUT/d2.out"

# What changes the header's findings means a parse.
unit e drivers/header_a.c -DCONFIG_OTHER
check "other flags: parsed" bash -c "! grep -q 'not parsed' '$OUT/e.err'"
sed -i 's|^#endif|static inline int inline_capable(struct task_struct *t, int cap)\n{\n\treturn security_ops->capable(t, cap);\n}\n\n#endif|' \
	"$T/include/linux/hookinline.h"
unit f drivers/header_b.c
check "the header edited: parsed" bash -c "! grep -q 'not parsed' '$OUT/f.err'"
contains "... and its new finding is reported" "$OUT/f.out" "hookinline.h:14:9: warning: direct call security_ops->capable()"
unit g drivers/header_a.c
check "... then answered again" answered g
same "... with both findings" "$OUT/f.out" "$OUT/g.out"
echo '/* edited */' >>"$T/include/linux/security.h"
unit h drivers/header_a.c
check "a header it includes edited: parsed" bash -c "! grep -q 'not parsed' '$OUT/h.err'"

# A damaged entry is no entry: the unit is parsed, nothing said.
for bad in garbage count rule tab; do
	for e in "$OUT"/cache/header-*; do
		case $bad in
		garbage) printf 'not a cache\n' >"$e" ;;
		count) sed -i '2s/^[0-9]*/7/' "$e" ;;
		rule) sed -i 's/direct-ops-call/no-such-rule/' "$e" ;;
		tab) sed -i '3s/\t/ /g' "$e" ;;
		esac
	done
	unit "bad-$bad" drivers/header_b.c
	check "a damaged entry ($bad): parsed" bash -c "! grep -q 'not parsed' '$OUT/bad-$bad.err'"
	same "... the output of a parse" "$OUT/g.out" "$OUT/bad-$bad.out"
	lacks "... no word about it" "$OUT/bad-$bad.err" "error"
	unit "bad-$bad-2" drivers/header_b.c
	check "... and the entry written again" answered "bad-$bad-2"
done

# A header whose #define calls through the table puts the finding in
# the unit's own lines: never answered from the cache.
unit m1 drivers/macros.c
unit m2 drivers/macros.c
check "a header's macro: parsed every time" bash -c "! grep -q 'not parsed' '$OUT/m2.err'"
same "... the same findings" "$OUT/m1.out" "$OUT/m2.out"

# Several files in one run, -p, or a format other than gcc's: no cache.
(cd "$T" && "$HOOKWRAP" check --no-group --verbose $KFLAGS drivers/header_a.c drivers/header_b.c) \
	>"$OUT/two.out" 2>"$OUT/two.err"
lacks "two files in one run: parsed (one finding, once)" "$OUT/two.err" "not parsed"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose --format=json $KFLAGS drivers/header_b.c) \
	>/dev/null 2>"$OUT/json.err"
lacks "--format=json: parsed" "$OUT/json.err" "not parsed"
(cd "$T" && "$HOOKWRAP" check --no-group --verbose --no-cache $KFLAGS drivers/header_b.c) \
	>/dev/null 2>"$OUT/nocache.err"
lacks "--no-cache: parsed" "$OUT/nocache.err" "not parsed"

# A cache directory that cannot be written: parsed, same output.
mkdir -p "$OUT/ro"
cp "$OUT"/cache/manifest-* "$OUT/ro/"
chmod 555 "$OUT/ro"
(cd "$T" && HOOKWRAP_CACHE_DIR="$OUT/ro" "$HOOKWRAP" check --no-group $KFLAGS drivers/header_b.c) \
	>"$OUT/ro.stdout" 2>"$OUT/ro.out"
chmod 755 "$OUT/ro"
same "a cache that cannot be written: the output of a parse" "$OUT/g.out" "$OUT/ro.out"


# The unit's own sleep findings do not depend on whether it was parsed:
# a unit linked only by a header gets no sleep analysis without --db
# (as a unit with no link at all); --db and report see it.
cat >"$T/drivers/sleeper.c" <<'EOF2'
#include <linux/hookinline.h>
void spin_lock(int *l);
void spin_unlock(int *l);
void msleep(unsigned int ms);
static int lock;
void nap(void)
{
	spin_lock(&lock);
	msleep(1);
	spin_unlock(&lock);
}
EOF2
unit s1 drivers/sleeper.c
unit s2 drivers/sleeper.c
lacks "header-linked, parsed: no sleep finding of its own" "$OUT/s1.out" "sleep-in-atomic"
check "... answered next time" answered s2
same "... with the same output" "$OUT/s1.out" "$OUT/s2.out"
(cd "$T" && "$HOOKWRAP" check --no-group --db="$OUT/s.db" $KFLAGS drivers/sleeper.c >/dev/null 2>&1 &&
	"$HOOKWRAP" report --no-group --db="$OUT/s.db") >"$OUT/s-report.out" 2>&1
contains "... --db and report see it" "$OUT/s-report.out" \
	"drivers/sleeper.c:9:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&lock)"
