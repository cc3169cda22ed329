#!/bin/bash
# Sleeps that depend on an argument: a callee that sleeps only when a
# parameter is true (or false) does not make a call that passes the
# other value a sleeping one; a parameter passed on moves the condition
# to the caller; anything unknown still counts.  Fixture:
# kernel/flags.c of the sleep-hooks fixture ("bug:" and "fine:").
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
DB="$OUT/facts.db"
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1
 -DCONFIG_SECURITY_NETWORK=1"
F=kernel/flags.c

(cd "$T" && "$HOOKWRAP" check --no-group --db="$DB" $KFLAGS $F)
check "collect kernel/flags.c" test $? -eq 0
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/report.txt" 2>"$OUT/err"
same "report: nothing on stderr" /dev/null "$OUT/err"

# The calls of flags_bug(), and nothing else.
first=$(grep -n '^void flags_bug' "$T/$F" | cut -d: -f1)
last=$(awk -v f="$first" 'NR > f && /^}/ { print NR; exit }' "$T/$F")
awk -v a="$first" -v b="$last" 'NR > a && NR < b && /\(/ && !/spin_/ {
	print NR }' "$T/$F" >"$OUT/want"
grep -F "[sleep-in-atomic]" "$OUT/report.txt" | cut -d: -f2 >"$OUT/got"
same "every call of flags_bug() is reported, no call of flags_fine()" \
	"$OUT/want" "$OUT/got"
check "seven calls in flags_bug()" test "$(wc -l <"$OUT/want")" -eq 7
contains "a constant that sleeps: grab(1)" "$OUT/report.txt" \
	"grab() may sleep inside the atomic region begun by spin_lock(&flag_lock)"
contains "a parameter passed on: path_perm(7, 0) -> get_buffer(in_atomic)" \
	"$OUT/report.txt" "path_perm() -> get_buffer() -> might_sleep()"
contains "an unknown argument still counts: pick(unknown)" "$OUT/report.txt" \
	"pick() may sleep"
contains "sleeping one way only for false, always another: the chain shown always sleeps" \
	"$OUT/report.txt" "both_ways() -> slow_path() -> wait_a_bit() -> msleep() [sleep-in-atomic]"
contains "a parameter assigned before its test is not assumed" \
	"$OUT/report.txt" "rewritten() -> kmalloc(GFP_KERNEL)"

# The facts behind it (docs/facts-db.md: cond, args).
q() { sqlite3 "$DB" "$1"; }
check "early return: what follows assumes the parameter (p0)" test \
	"$(q "SELECT cond FROM calls WHERE caller='grab' AND sleep IS NOT NULL")" = p0
check "if (!in_atomic) might_sleep(): !p0" test \
	"$(q "SELECT cond FROM calls WHERE caller='get_buffer' AND callee='might_sleep'")" = '!p0'
check "?: gives each branch its side" test \
	"$(q "SELECT group_concat(cond, ' ') FROM (SELECT cond FROM calls WHERE caller='pick' ORDER BY col)")" = 'p0 !p0'
check "likely(): the test inside counts" test \
	"$(q "SELECT cond FROM calls WHERE caller='pick_likely' AND sleep IS NOT NULL")" = '!p0'
check "an assigned parameter is never assumed" test \
	-z "$(q "SELECT cond FROM calls WHERE caller='rewritten' AND callee='kmalloc'")"
check "args: the caller's parameter passed on" test \
	"$(q "SELECT args FROM calls WHERE caller='path_perm' AND callee='get_buffer'")" = p1
check "args: constants folded, enum true included" test \
	"$(q "SELECT args FROM calls WHERE caller='flags_fine' AND callee='path_perm'")" = 0,1
check "args: nothing known is NULL" test \
	"$(q "SELECT count(*) FROM calls WHERE caller='path_perm' AND callee='get_buffer' AND args IS NULL")" -eq 0

# Across units: flags_alloc(may_block) sleeps when may_block.
cat >"$T/kernel/flags_user.c" <<'C'
#include <linux/spinlock.h>

extern void *flags_alloc(bool may_block);
static spinlock_t user_lock;

void *user_atomic(void)
{
	void *p;

	spin_lock(&user_lock);
	p = flags_alloc(0);
	spin_unlock(&user_lock);
	return p;
}

void *user_blocking(void)
{
	void *p;

	spin_lock(&user_lock);
	p = flags_alloc(1);
	spin_unlock(&user_lock);
	return p;
}
C
(cd "$T" && "$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/flags_user.c)
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/report2.txt"
contains "across units: flags_alloc(1) under a lock is reported" \
	"$OUT/report2.txt" "kernel/flags_user.c:21:6: warning: flags_alloc() may sleep"
lacks "across units: flags_alloc(0) is not" "$OUT/report2.txt" \
	"kernel/flags_user.c:11:"

# Without --db: the units of one run, linked in memory, say the same.
(cd "$T" && "$HOOKWRAP" check --no-group $KFLAGS $F) >"$OUT/mem.txt" 2>&1
grep -F "[sleep-in-atomic]" "$OUT/mem.txt" | cut -d: -f2 >"$OUT/mem.got"
same "without --db: the same seven" "$OUT/want" "$OUT/mem.got"

# report --why: may the function sleep, under what, and through what.
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why grab) >"$OUT/why1" 2>&1
contains "--why: the condition and the chain" "$OUT/why1" \
	"grab() (kernel/flags.c:15): may sleep when its parameter 0 (from 0) is true: grab() -> kmalloc(GFP_KERNEL)"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why flags_fine) >"$OUT/why2" 2>&1
contains "--why: a function that does not sleep says so" "$OUT/why2" \
	"flags_fine() (kernel/flags.c:"
contains "... does not sleep" "$OUT/why2" "): does not sleep"
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why no_such_fn) >"$OUT/why3" 2>&1
check "--why an unknown name: exit 2" test $? -eq 2
contains "... and says so" "$OUT/why3" "no hook or function of that name"
for u in security/selinux/hooks.c security/apparmor/lsm.c; do
	(cd "$T" && "$HOOKWRAP" check --no-group --db="$OUT/hooks.db" $KFLAGS $u)
done
(cd "$T" && "$HOOKWRAP" report --no-group --db="$OUT/hooks.db" --why inode_alloc_security) \
	>"$OUT/why4" 2>&1
contains "--why HOOK: each implementation, with where it is registered" \
	"$OUT/why4" "hook inode_alloc_security: selinux_inode_alloc_security (security/selinux/hooks.c:"
contains "... and its chain" "$OUT/why4" \
	"may sleep: selinux_inode_alloc_security() -> kzalloc(GFP_KERNEL)"

# "hookwrap: ignore sleep-in-atomic" silences a reviewed call, as
# "hookwrap: sleep-ok" does; the next call is still reported.
cat >"$T/kernel/reviewed.c" <<'C'
#include <linux/spinlock.h>

static spinlock_t boot_lock;
extern void *flags_alloc(bool may_block);

void reviewed(void)
{
	spin_lock(&boot_lock);
	/* hookwrap: ignore sleep-in-atomic: boot, one CPU, nothing waits */
	flags_alloc(1);
	flags_alloc(1);
	spin_unlock(&boot_lock);
}
C
(cd "$T" && "$HOOKWRAP" check --no-group --db="$DB" $KFLAGS kernel/reviewed.c)
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/report3.txt"
grep -F 'kernel/reviewed.c' "$OUT/report3.txt" | cut -d: -f2 >"$OUT/rev.got"
echo 11 >"$OUT/rev.want"
same "ignore sleep-in-atomic: the reviewed call is silent, the next is not" \
	"$OUT/rev.want" "$OUT/rev.got"

# Tests of a parameter's value and the arguments that decide them, as the
# facts store them (docs/facts-db.md: cond, args).  The findings they give
# are the case tests/rules/sleep-in-atomic/value-tests.c.
cat >"$T/kernel/values.c" <<'C'
#include <linux/spinlock.h>

#define ASYNC 0x2
#define NULL ((void *)0)
enum { EV_ADD = 20, EV_DEL = 21 };
extern void *kmalloc(unsigned long n, unsigned int gfp);
struct regs;

void v_mask(unsigned int flags)
{
	if (!(flags & ASYNC))
		might_sleep();
}

void v_case(int event)
{
	switch (event) {
	case EV_DEL:
		might_sleep();
		break;
	}
}

void v_ne(int mode)
{
	if (mode != EV_ADD)
		might_sleep();
}

void v_ptr(struct regs *regs)
{
	if (regs)
		might_sleep();
}

struct obj {
	spinlock_t lock;
};

void v_addr(struct obj *o)
{
	if (!o)
		return;
	spin_lock(&o->lock);
	spin_unlock(&o->lock);
	might_sleep();
}

typedef unsigned int gfp_t;
void v_gfp(gfp_t gfp)
{
	if (gfp == GFP_KERNEL)
		might_sleep();
}

void v_store(int *out)
{
	if (out)
		*out = 1;
	else
		might_sleep();
}

void v_callers(unsigned int other)
{
	int local;

	v_store(&local);
	v_store("x" ? &local : NULL);
	v_gfp(GFP_KERNEL);
	v_gfp(GFP_ATOMIC);
	v_mask(other | ASYNC);
	v_mask(local | ASYNC);
	v_case(EV_DEL);
	v_ptr(NULL);
	v_ne(-1);
}
C
(cd "$T" && "$HOOKWRAP" check --no-group --db="$OUT/values.db" $KFLAGS kernel/values.c)
check "collect kernel/values.c" test $? -eq 0
qv() { sqlite3 "$OUT/values.db" "$1"; }
check "cond: a bit test, negated by !: !p0&2" test \
	"$(qv "SELECT cond FROM calls WHERE caller='v_mask' AND callee='might_sleep'")" = '!p0&2'
check "cond: a switch's case: p0=21" test \
	"$(qv "SELECT cond FROM calls WHERE caller='v_case' AND callee='might_sleep'")" = 'p0=21'
check "cond: != is an equality negated: !p0=20" test \
	"$(qv "SELECT cond FROM calls WHERE caller='v_ne' AND callee='might_sleep'")" = '!p0=20'
check "args: the caller's parameter with bits set (p0|2), a local's bits known set (m2)" test \
	"$(qv "SELECT group_concat(args, ' ') FROM (SELECT args FROM calls WHERE callee='v_mask' ORDER BY line)")" = 'p0|2 m2'
check "args: an enumerator's value: 21" test \
	"$(qv "SELECT args FROM calls WHERE callee='v_case'")" = 21
check "args: NULL is 0" test \
	"$(qv "SELECT args FROM calls WHERE callee='v_ptr'")" = 0
check "args: a negative value: -1" test \
	"$(qv "SELECT args FROM calls WHERE callee='v_ne'")" = -1
check "args: GFP flags, whether they block and their value: gb3264, gn2080" test \
	"$(qv "SELECT group_concat(args, ' ') FROM (SELECT args FROM calls WHERE callee='v_gfp' ORDER BY line)")" = 'gb3264 gn2080'
check "&o->lock does not change o: the early return's test still holds (p0)" test \
	"$(qv "SELECT cond FROM calls WHERE caller='v_addr' AND callee='might_sleep'")" = p0
check "*out = 1 stores through out, does not change it: !p0" test \
	"$(qv "SELECT cond FROM calls WHERE caller='v_store' AND callee='might_sleep'")" = '!p0'
check "args: the address of an object is never NULL: nz" test \
	"$(qv "SELECT args FROM calls WHERE callee='v_store' ORDER BY line LIMIT 1")" = nz
