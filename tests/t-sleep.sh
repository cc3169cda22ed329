#!/bin/bash
# The sleep analysis: facts collected per unit into SQLite (hookwrap
# check --db), linked by hookwrap report; seeded bugs found with their
# chains, look-alikes not reported; re-running a unit replaces only its
# facts; the manifest's may_sleep column; sleep-under-guard.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
EXP="$FIX/sleep-hooks.expected"
DB="$OUT/facts.db"
UNITS="kernel/signal.c security/selinux/hooks.c security/apparmor/lsm.c
 security/security.c security/commoncap.c"
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1
 -DCONFIG_SECURITY_NETWORK=1 -mpreferred-stack-boundary=2 -O2"

# collect DB: kbuild's command line, one unit at a time, from the top.
collect() {
	for u in $UNITS; do
		(cd "$T" && "$HOOKWRAP" check --no-group --db="$1" $KFLAGS "$u") || return 1
	done
}

check "collect the facts of every unit" collect "$DB"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/report.txt" 2>"$OUT/report.err"
check "report: exit 0" test $? -eq 0
same "report: exactly the seeded bugs, with their chains" \
	"$EXP/report.txt" "$OUT/report.txt"
same "report: nothing on stderr" /dev/null "$OUT/report.err"

# Spot checks that name what each expected line proves.
R="$OUT/report.txt"
contains "hook under read_lock: chain through the dispatcher" "$R" \
	"kernel/signal.c:18:8: warning: hook task_kill called inside the atomic region begun by read_lock(&tasklist_lock) at kernel/signal.c:17, and an implementation may sleep: security_task_kill() -> selinux_task_kill() -> avc_audit() -> kmalloc(GFP_KERNEL) [sleep-in-atomic-hook]"
contains "lock two levels up: the chain names every level" "$R" \
	"level1() -> level2() -> security_inode_alloc() -> selinux_inode_alloc_security() -> kzalloc(GFP_KERNEL) [sleep-in-atomic-hook]"
contains "raw call through the hook union" "$R" \
	"security_list_options.task_kill() -> selinux_task_kill()"
contains "a macro that expands to no call opens a region" "$R" \
	"begun by get_cpu() at kernel/signal.c:191"
contains "__acquires on a prototype is read from its tokens" "$R" \
	"begun by sig_grab() at kernel/signal.c:237"
contains "__releases: entered with the lock held" "$R" \
	"begun by __releases(siglock) at kernel/signal.c:243"
contains "trylock opens the region in its branch" "$R" \
	"kernel/signal.c:109:9: warning: hook task_kill"
contains "!trylock + return: the lock is held after the test" "$R" \
	"kernel/signal.c:120:2: warning: mutex_lock()"
contains "goto out: the path that does not jump" "$R" \
	"kernel/signal.c:96:6: warning: kzalloc() may sleep"
contains "nested locks: the outer region is named" "$R" \
	"kernel/signal.c:132:2: warning: msleep() may sleep inside the atomic region begun by spin_lock(&siglock) at kernel/signal.c:129"
contains "recursion that sleeps: a finite chain" "$R" \
	"rec_sleep() -> msleep() [sleep-in-atomic]"
# Look-alikes (their lines in kernel/signal.c).
for l in 28:kill_unlocked 37:alloc_branch 49:alloc_atomic \
	 51:alloc_atomic_after 62:permission_locked 73:open_locked \
	 99:goto_out_after 183:rec_a 216:loop 222:switch 228:after_switch \
	 252:free_task; do
	lacks "not reported: ${l#*:}" "$R" "kernel/signal.c:${l%%:*}:"
done
lacks "silenced by a hookwrap: sleep-ok comment" "$R" "kernel/signal.c:260:"
lacks "a callee that drops the caller's lock before sleeping" "$R" \
	"kernel/signal.c:276:"
lacks "a noreturn call ends its path" "$R" "kernel/signal.c:290:"
contains "an unannotated helper's lock, seen from its body" "$R" \
	"kernel/signal.c:303:2: warning: msleep() may sleep inside the atomic region begun by lock_sig() at kernel/signal.c:302"
lacks "a constant condition takes only the branch the build keeps" "$R" \
	"kernel/signal.c:316:"
lacks "no finding outside the callers" "$R" "security/"

# Formats.
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --format=json) >"$OUT/r.json"
check "json parses, one result per finding" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
v = d if isinstance(d, list) else d.get("findings", d.get("results"))
assert len(v) == int(sys.argv[2]), len(v)' "$OUT/r.json" "$(wc -l <"$R")"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --format=sarif) >"$OUT/r.sarif"
check "sarif is well formed" python3 "$HW/tests/check/sarif-check.py" "$OUT/r.sarif"
contains "sarif names the hook rule" "$OUT/r.sarif" '"ruleId": "sleep-in-atomic-hook"'
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --rule sleep-in-atomic-hook) >"$OUT/hook.txt"
check "--rule: only that rule's findings" test "$(wc -l <"$OUT/hook.txt")" -eq \
	"$(grep -c '\[sleep-in-atomic-hook\]' "$R")"

# The manifest's may_sleep column.
"$HOOKWRAP" manifest --db="$DB" "$T" | cut -f1,13 >"$OUT/may_sleep.tsv"
same "manifest --db: may_sleep per hook" "$EXP/may_sleep.tsv" "$OUT/may_sleep.tsv"
"$HOOKWRAP" manifest "$T" | cut -f13 | sort -u >"$OUT/no-db.txt"
printf -- '-\nmay_sleep\n' >"$OUT/no-db.want"
same "manifest without --db: may_sleep is -" "$OUT/no-db.want" "$OUT/no-db.txt"

# Re-running a unit replaces its facts and nothing else.
rows() { sqlite3 "$DB" "SELECT (SELECT count(*) FROM calls) || ' ' ||
	(SELECT count(*) FROM functions) || ' ' ||
	(SELECT count(*) FROM registrations) || ' ' ||
	(SELECT count(*) FROM units)"; }
before=$(rows)
(cd "$T" && "$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/signal.c)
check "re-running a unit: same rows ($before)" test "$(rows)" = "$before"
sed -i 's/a = kmalloc(8, GFP_ATOMIC);/a = kmalloc(8, GFP_KERNEL);/' \
	"$T/kernel/signal.c"
sed -i 's/void \*buf = kmalloc(32, GFP_ATOMIC);/void *buf = NULL;/' \
	"$T/security/selinux/hooks.c"
(cd "$T" && "$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/signal.c)
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/rerun.txt"
contains "re-run: the new bug in the re-run unit is found" "$OUT/rerun.txt" \
	"kernel/signal.c:49:6: warning: kmalloc() may sleep inside the atomic region begun by spin_lock(&siglock) at kernel/signal.c:48: kmalloc(GFP_KERNEL) [sleep-in-atomic]"
check "re-run: the other findings stay" test "$(wc -l <"$OUT/rerun.txt")" -eq \
	$(($(wc -l <"$R") + 1))
check "re-run: a unit not re-run keeps its old facts" test \
	"$(sqlite3 "$DB" "SELECT count(*) FROM calls WHERE caller =
	  'selinux_inode_permission' AND callee = 'kmalloc'")" -eq 1
# Put the two files back as the fixture has them.
S=$(fixture sleep-hooks)
cp "$S/kernel/signal.c" "$T/kernel/signal.c"
cp "$S/security/selinux/hooks.c" "$T/security/selinux/hooks.c"

# Parallel collection, as make -j does: the same facts.
rm -f "$OUT/par.db"*
for u in $UNITS; do
	(cd "$T" && "$HOOKWRAP" check --no-group --db="$OUT/par.db" $KFLAGS "$u") &
done
wait
(cd "$T" && "$HOOKWRAP" report --no-group --db="$OUT/par.db") >"$OUT/par.txt"
same "parallel collection: the same report" "$EXP/report.txt" "$OUT/par.txt"

# Through make, the way kbuild runs a checker for C=2.
cat >"$T/Makefile.check" <<'MK'
SRCS := kernel/signal.c security/selinux/hooks.c security/apparmor/lsm.c \
	security/security.c security/commoncap.c
c_flags := -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -O2
all: $(SRCS:.c=.chk)
%.chk: %.c
	$(CHECK) $(CHECKFLAGS) $(c_flags) $<
MK
rm -f "$OUT/make.db"*
(cd "$T" && make -s -j3 -f Makefile.check CHECK="$HOOKWRAP check --db=$OUT/make.db") \
	>"$OUT/make.out" 2>&1
check "make -j3 CHECK=\"hookwrap check --db=FILE\": exit 0" test $? -eq 0
(cd "$T" && "$HOOKWRAP" report --no-group --db="$OUT/make.db") >"$OUT/make.txt"
same "through make: the same report" "$EXP/report.txt" "$OUT/make.txt"

# A single-file run without --db reports what that unit shows: no hook
# implementation is in it, so only the direct sleeps.
# (Findings of a unit given with its flags go to standard error.)
(cd "$T" && "$HOOKWRAP" check --no-group $KFLAGS kernel/signal.c) >"$OUT/single.txt" 2>&1
grep -v -e 'sleep-in-atomic-hook' -e 'level1()' "$EXP/report.txt" \
	>"$OUT/single.want"
same "single file: the direct sleeps, no hook chains" \
	"$OUT/single.want" "$OUT/single.txt"
(cd "$T" && "$HOOKWRAP" check --no-group --no-prefilter $KFLAGS \
	security/selinux/hooks.c) >"$OUT/single-selinux.txt" 2>&1
same "single file with no atomic region: nothing" /dev/null \
	"$OUT/single-selinux.txt"

# sleep-under-guard: guard = rcu / preempt for a hook (docs/config.md).
# Guards apply to the wrappers hookwrap generates, so this table leaves
# the tree's out-of-line dispatchers aside ("wrappers =" lists none).
G=$(copy_fixture sleep-hooks)
printf 'profile = lsm-hooks\nwrappers =\nguard.task_kill = rcu\nguard.task_free = preempt\nguard.inode_permission = preempt\n' \
	>"$G/hookwrap.conf"
rm -f "$OUT/guard.db"*
for u in $UNITS; do
	(cd "$G" && "$HOOKWRAP" check --no-group --db="$OUT/guard.db" $KFLAGS "$u") \
		>>"$OUT/guard.check.out"
done
(cd "$G" && "$HOOKWRAP" report --no-group --db="$OUT/guard.db" --rule sleep-under-guard) \
	>"$OUT/guard.txt"
same "sleep-under-guard: each sleeping implementation of a guarded hook" \
	"$EXP/guard.txt" "$OUT/guard.txt"
lacks "guard preempt on a hook that does not sleep: nothing" \
	"$OUT/guard.txt" "inode_permission"
(cd "$G" && "$HOOKWRAP" check --no-group --no-prefilter $KFLAGS security/apparmor/lsm.c) \
	>"$OUT/guard-single.txt" 2>&1
contains "sleep-under-guard in a single-file run" "$OUT/guard-single.txt" \
	"security/apparmor/lsm.c:44:2: warning: hook task_free runs under guard 'preempt'"

# Bad input: exit 2 with a message, never a crash.
"$HOOKWRAP" report --no-group >"$OUT/bad1.out" 2>&1
check "report without --db: exit 2" test $? -eq 2
contains "report without --db: says what is needed" "$OUT/bad1.out" "--db FILE is required"
"$HOOKWRAP" report --no-group --db="$OUT/nonexistent.db" >"$OUT/bad2.out" 2>&1
check "report on a missing database: exit 2" test $? -eq 2
contains "missing database: says how to make one" "$OUT/bad2.out" \
	"no such facts database; collect one with make C=2"
echo "not a database" >"$OUT/junk.db"
"$HOOKWRAP" report --no-group --db="$OUT/junk.db" >"$OUT/bad3.out" 2>&1
check "report on a file that is not a database: exit 2" test $? -eq 2
contains "junk database: names the file" "$OUT/bad3.out" "$OUT/junk.db"
"$HOOKWRAP" report --no-group --db="$DB" --rule no-such-rule >"$OUT/bad4.out" 2>&1
check "report --rule unknown: exit 2" test $? -eq 2
(cd "$T" && "$HOOKWRAP" check --no-group --db="$OUT/no/such/dir/x.db" $KFLAGS \
	kernel/signal.c) >"$OUT/bad5.out" 2>&1
check "check --db in a missing directory: exit 2" test $? -eq 2
contains "unwritable database: says so" "$OUT/bad5.out" "cannot open the facts database"
"$HOOKWRAP" manifest --db="$OUT/junk.db" "$T" >"$OUT/bad6.out" 2>&1
check "manifest --db junk: exit 2" test $? -eq 2
# A database whose schema row was blanked, and one whose units cannot
# all be read (the second row overflows): a message and exit 2, not a crash or fewer facts.
cp "$DB" "$OUT/noschema.db"
sqlite3 "$OUT/noschema.db" "UPDATE meta SET value=NULL WHERE key='schema'"
"$HOOKWRAP" report --no-group --db="$OUT/noschema.db" >"$OUT/bad7.out" 2>&1
check "a schema row without a value: exit 2" test $? -eq 2
contains "... named as no schema" "$OUT/bad7.out" "facts database of schema (none)"
cp "$DB" "$OUT/badunits.db"
# (path made a generated column that fails from the second row on:
# hookwrap's tables only, so the database is not refused unread.)
sqlite3 "$OUT/badunits.db" "ALTER TABLE units RENAME COLUMN path TO p;
	ALTER TABLE units ADD COLUMN path GENERATED ALWAYS AS (CASE WHEN id >
	1 THEN abs(-9223372036854775807 - 1) ELSE p END) VIRTUAL"
"$HOOKWRAP" report --no-group --db="$OUT/badunits.db" >"$OUT/bad8.out" 2>&1
check "a read that fails partway: exit 2" test $? -eq 2
contains "... says the database cannot be read" "$OUT/bad8.out" "cannot read it"


# one_unit NAME FILE MARK: collect FILE alone and report; the lines
# reported are in $OUT/NAME.got, those carrying /* MARK */ in NAME.want.
one_unit() {
	rm -f "$OUT/$1.db"*
	(cd "$T" && "$HOOKWRAP" check --no-group --db="$OUT/$1.db" $KFLAGS "$2")
	(cd "$T" && "$HOOKWRAP" report --no-group --db="$OUT/$1.db") >"$OUT/$1.txt"
	grep -n "/\\* $3 \\*/" "$T/$2" | cut -d: -f1 >"$OUT/$1.want"
	cut -d: -f2 "$OUT/$1.txt" >"$OUT/$1.got"
}

# Interrupts off and a lock, taken in two steps and dropped in one
# (kernel/irqpair.c): only the calls marked "bug" are reported.
one_unit irq kernel/irqpair.c bug
same "local_irq_save + spin_lock end at one spin_unlock_irqrestore" \
	"$OUT/irq.want" "$OUT/irq.got"
check "... two bugs marked" test "$(wc -l <"$OUT/irq.want")" -eq 2

# Inline lock helpers of a header (kernel/objects.c, objlock.h): their
# bodies say what they open and close; locks under the same test of a
# parameter or a set-once local; only the "reported" calls are.
one_unit obj kernel/objects.c reported
same "inline helpers in a header open and close regions" \
	"$OUT/obj.want" "$OUT/obj.got"
check "... three calls marked" test "$(wc -l <"$OUT/obj.want")" -eq 3

# cleanup.h's guards (kernel/guards.c): the lock to the end of the scope,
# dropped on return; a mutex guard is no atomic region.
one_unit grd kernel/guards.c bug
same "guard() and scoped_guard() hold their lock for their scope" \
	"$OUT/grd.want" "$OUT/grd.got"
check "... two bugs marked" test "$(wc -l <"$OUT/grd.want")" -eq 2
contains "... the region named by the guard as written" "$OUT/grd.txt" \
	"inside the atomic region begun by guard(spinlock)(&guard_lock)"
contains "... and by scoped_guard as written" "$OUT/grd.txt" \
	"inside the atomic region begun by scoped_guard(spinlock, &guard_lock)"
contains "... the region named by the helper that opened it" "$OUT/obj.txt" \
	"inside the atomic region begun by obj_lock(o)"
