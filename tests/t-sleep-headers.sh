#!/bin/bash
# Headers' inline helpers in the sleep analysis (issue 23, item 2): a
# sleeping lock taken through inode_lock(), mmap_read_lock(),
# lock_page(), i_mmap_lock_write() or sb_start_write() (two helpers
# deep) is followed as a call of the unit's own would be; kmap_atomic()
# opens an atomic region (preempt_disable() a macro in the header); a
# hook implementation that sleeps through a helper makes the hook sleep.
# The facts database keeps each helper once, whichever unit stored it;
# a bug inside a helper is reported once, at the header.  Look-alikes
# (a trylock, unlocks, a region closed before the call) stay quiet.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
DB="$OUT/facts.db"
UNITS="kernel/hdruse.c kernel/hdruse2.c security/landlock/fs.c
 security/security.c security/commoncap.c security/selinux/hooks.c
 security/apparmor/lsm.c"
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1
 -DCONFIG_SECURITY_NETWORK=1 -O2"

collect() {
	for u in $UNITS; do
		(cd "$T" && "$HOOKWRAP" check --no-group --db="$1" $KFLAGS "$u") || return 1
	done
}
check "collect the facts" collect "$DB"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/report.txt" 2>"$OUT/report.err"
check "report: exit 0" test $? -eq 0
R="$OUT/report.txt"
want() {
	contains "$1" "$R" "$2"
}
want "inode_lock() under spin_lock: through its body to down_write()" \
	"kernel/hdruse.c:20:2: warning: inode_lock() may sleep inside the atomic region begun by spin_lock(&hdr_lock) at kernel/hdruse.c:19: inode_lock() -> down_write() [sleep-in-atomic]"
want "mmap_read_lock() under spin_lock" \
	"kernel/hdruse.c:28:2: warning: mmap_read_lock() may sleep inside the atomic region begun by spin_lock(&hdr_lock) at kernel/hdruse.c:27: mmap_read_lock() -> down_read() [sleep-in-atomic]"
want "lock_page() under spin_lock: its might_sleep()" \
	"kernel/hdruse.c:36:2: warning: lock_page() may sleep inside the atomic region begun by spin_lock(&hdr_lock) at kernel/hdruse.c:35: lock_page() -> might_sleep() [sleep-in-atomic]"
want "inode_lock() under preempt_disable()" \
	"kernel/hdruse.c:44:2: warning: inode_lock() may sleep inside the atomic region begun by preempt_disable() at kernel/hdruse.c:43: inode_lock() -> down_write() [sleep-in-atomic]"
want "i_mmap_lock_write() under rcu_read_lock()" \
	"kernel/hdruse.c:52:2: warning: i_mmap_lock_write() may sleep inside the atomic region begun by rcu_read_lock() at kernel/hdruse.c:51: i_mmap_lock_write() -> down_write() [sleep-in-atomic]"
want "sb_start_write(): two helpers deep, the level argument followed" \
	"kernel/hdruse.c:60:2: warning: sb_start_write() may sleep inside the atomic region begun by spin_lock(&hdr_lock) at kernel/hdruse.c:59: sb_start_write() -> __sb_start_write() -> down_read() [sleep-in-atomic]"
want "mutex_lock() inside kmap_atomic(): a region a helper opens" \
	"kernel/hdruse.c:69:2: warning: mutex_lock() may sleep inside the atomic region begun by kmap_atomic(page) at kernel/hdruse.c:67: mutex_lock() [sleep-in-atomic]"
want "a hook whose implementation sleeps through inode_lock()" \
	"kernel/hdruse.c:79:8: warning: hook file_open called inside the atomic region begun by spin_lock(&hdr_lock) at kernel/hdruse.c:78, and an implementation may sleep: security_file_open() -> landlock_file_open() -> inode_lock() -> down_write() [sleep-in-atomic-hook]"
want "a bug inside a helper: at the header" \
	"include/linux/highmem.h:55:2: warning: might_sleep() may sleep inside the atomic region begun by kmap_atomic(page) at include/linux/highmem.h:53: might_sleep() [sleep-in-atomic]"
n=$(grep -c 'include/linux/highmem.h:55:2:' "$R")
check "... once, though two units call it (got $n)" test "$n" -eq 1
n=$(grep -c ': warning: ' "$R")
check "nothing else: 9 findings (got $n)" test "$n" -eq 9
for fn in trylock_under_spin unlock_under_spin mutex_after_kunmap_atomic \
	  inode_lock_in_process_context copy_page_slow; do
	a=$(grep -n "^[a-z].* $fn(" "$T/kernel/hdruse.c" | cut -d: -f1)
	b=$(awk -v a="$a" 'NR > a && /^}/ { print NR; exit }' "$T/kernel/hdruse.c")
	bad=$(awk -F: -v a="$a" -v b="$b" '$1 == "kernel/hdruse.c" && $2 >= a && $2 <= b' "$R")
	check "look-alike $fn: not reported" test -z "$bad"
done
lacks "kernel/hdruse2.c, process context: not reported" "$R" "kernel/hdruse2.c"
same "report: nothing on stderr" /dev/null "$OUT/report.err"

# --why names the helper's definition.
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why inode_lock) >"$OUT/why.txt" 2>&1
same "--why inode_lock: its header and line, its chain" \
	<(echo "inode_lock() (include/linux/fs.h:30): may sleep: inode_lock() -> down_write()") \
	"$OUT/why.txt"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why file_open) >"$OUT/why-hook.txt" 2>&1
contains "--why file_open: the implementation that sleeps through it" \
	"$OUT/why-hook.txt" \
	"hook file_open: landlock_file_open (security/landlock/fs.c:16): may sleep: landlock_file_open() -> inode_lock() -> down_write()"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why inode_trylock) >"$OUT/why-try.txt" 2>&1
contains "--why inode_trylock: does not sleep" "$OUT/why-try.txt" \
	"inode_trylock() (include/linux/fs.h:41): does not sleep"

# One row per helper, whichever unit stored it; a header unit apart.
q() { sqlite3 "$DB" "$1"; }
check "the helpers are in header units" \
	test "$(q "SELECT count(*) FROM units WHERE header=1")" -eq 4
check "each helper once: rows = names" \
	test "$(q "SELECT count(*) FROM functions f JOIN units u ON u.id=f.unit WHERE u.header=1")" \
	-eq "$(q "SELECT count(DISTINCT u.path || ':' || f.name) FROM functions f JOIN units u ON u.id=f.unit WHERE u.header=1")"
n1=$(q "SELECT count(*) FROM calls c JOIN units u ON u.id=c.unit WHERE u.header=1")
(cd "$T" && "$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/hdruse2.c)
n2=$(q "SELECT count(*) FROM calls c JOIN units u ON u.id=c.unit WHERE u.header=1")
check "a unit collected again adds no helper's calls twice ($n1, then $n2)" \
	test "$n1" -eq "$n2"
# The header edited: the helper moves down three lines; the next unit
# that reads it stores it again, in place of the old one.
sed -i '/^static inline void inode_lock(/i /* moved */\n/* moved */\n/* moved */' \
	"$T/include/linux/fs.h"
(cd "$T" && "$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/hdruse2.c)
check "the header edited: inode_lock() stored again, at its new line" \
	test "$(q "SELECT group_concat(line) FROM functions WHERE name='inode_lock'")" = 33
check "... and its calls once" \
	test "$(q "SELECT count(*) FROM calls c JOIN units u ON u.id=c.unit WHERE u.header=1 AND c.caller='inode_lock'")" -eq 1

# Without --db, the unit's own findings through the helpers (a unit of
# wrapper calls only is parsed when the prefilter is off).
(cd "$T" && "$HOOKWRAP" check --no-group --no-prefilter $KFLAGS kernel/hdruse.c) \
	>"$OUT/unit.out" 2>"$OUT/unit.err"
n=$(grep -c '^kernel/hdruse.c:.*\[sleep-in-atomic\]$' "$OUT/unit.err")
check "one unit, no --db: its 7 findings through helpers (got $n)" test "$n" -eq 7
lacks "... the helper's own bug is the header's, not the unit's" \
	"$OUT/unit.err" "include/linux/highmem.h"
