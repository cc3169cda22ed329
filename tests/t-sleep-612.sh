#!/bin/bash
# The sleep analysis on Linux 6.12's shape (issue 12 item 4): there the
# dispatchers run the hooks through static calls (call_int_hook(HOOK,
# ...), call_void_hook(HOOK, ...)), which call no member of the hook
# union, so the hook call is recorded at the dispatch macro's expansion.
# A module's cred_getsecid implementation sleeps; it is run under a
# spinlock from inside security.c (a hook call only the macro shows) and
# from a caller unit through the dispatcher.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture lsm612-mini)
DB="$OUT/facts.db"
cat >"$T/include/linux/spinlock.h" <<'C'
/* The locking and sleeping primitives the test needs (hand-written). */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H
typedef struct { int raw; } spinlock_t;
extern void spin_lock(spinlock_t *lock);
extern void spin_unlock(spinlock_t *lock);
extern void msleep(unsigned int msecs);
#endif
C
mkdir -p "$T/security/sleepy" "$T/kernel"
cat >"$T/security/sleepy/lsm.c" <<'C'
/* A module whose cred_getsecid implementation sleeps. */
#include <linux/lsm_hooks.h>
#include <linux/spinlock.h>

static void sleepy_cred_getsecid(const struct cred *c, u32 *secid)
{
	msleep(1);
	*secid = 2;
}

static struct security_hook_list sleepy_hooks[] = {
	LSM_HOOK_INIT(cred_getsecid, sleepy_cred_getsecid),
};

void sleepy_add_hooks(void)
{
	security_add_hooks(sleepy_hooks, 1, "sleepy");
}
C
cat >"$T/kernel/caller.c" <<'C'
/* A caller that asks for a secid with a spinlock held. */
#include <linux/security.h>
#include <linux/spinlock.h>

static spinlock_t cred_lock;

u32 locked_secid(const struct cred *c)
{
	u32 secid;

	spin_lock(&cred_lock);
	security_cred_getsecid(c, &secid);
	spin_unlock(&cred_lock);
	return secid;
}
C
# Inside security.c: the hook run by the macro with a lock held.
cat >>"$T/security/security.c" <<'C'

#include <linux/spinlock.h>

static spinlock_t secid_lock;

void security_cred_getsecid_locked(const struct cred *c, u32 *secid)
{
	spin_lock(&secid_lock);
	call_void_hook(cred_getsecid, c, secid);
	spin_unlock(&secid_lock);
}
C
at=$(grep -n 'call_void_hook(cred_getsecid, c, secid);' "$T/security/security.c" |
	tail -1 | cut -d: -f1)
lock=$((at - 1))

KFLAGS="-nostdinc -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 -DCONFIG_KEYS=1"
collect() {
	for u in kernel/caller.c security/security.c security/selinux/hooks.c \
		 security/sleepy/lsm.c; do
		(cd "$T" && "$HOOKWRAP" check --no-group --db="$DB" $KFLAGS "$u") || return 1
	done
}
check "collect the facts of the four units with no hookwrap.conf" collect
n=$(sqlite3 "$DB" "select count(*) from calls where hook = 'cred_getsecid' and file = 'security/security.c'")
check "security.c: a hook call at each call_void_hook(cred_getsecid, ...) ($n)" \
	test "$n" -eq 2
a=$(sqlite3 "$DB" "select args from calls where hook = 'cred_getsecid' and file = 'security/security.c' and line = $at")
check "... with the caller's parameters as its arguments ($a)" test "$a" = "p0,p1"
n=$(sqlite3 "$DB" "select count(*) from calls where hook <> '' and file = 'security/security.c'")
# The 12 hooks its 11 dispatchers run (security_inode_setxattr runs
# two), security_sb_alloc's call of the dispatcher security_sb_free(),
# and the function added above.
check "... one per hook a function runs, in all 14 ($n)" test "$n" -eq 14
(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/report.txt" 2>"$OUT/report.err"
same "report: nothing on stderr" /dev/null "$OUT/report.err"
contains "the hook run by the macro under the lock in security.c" \
	"$OUT/report.txt" "security/security.c:$at:2: warning: hook cred_getsecid called inside the atomic region begun by spin_lock(&secid_lock) at security/security.c:$lock, and an implementation may sleep: security_list_options.cred_getsecid() -> sleepy_cred_getsecid() -> msleep() [sleep-in-atomic-hook]"
contains "the caller unit, through the dispatcher" "$OUT/report.txt" \
	"kernel/caller.c:12:2: warning: hook cred_getsecid called inside the atomic region begun by spin_lock(&cred_lock) at kernel/caller.c:11, and an implementation may sleep: security_cred_getsecid() -> sleepy_cred_getsecid() -> msleep() [sleep-in-atomic-hook]"
check "report: those two findings and no other" \
	test "$(grep -c 'warning:' "$OUT/report.txt")" -eq 2

# Functions a macro of the unit defines where a header expands it, the
# X-macro way (6.12's kernel/bpf/bpf_lsm.c: LSM_HOOK defined in the unit,
# lsm_hook_defs.h included to define bpf_lsm_<hook> for every hook): the
# unit's own functions, recorded as such; a header's static inline is not.
X=$(copy_fixture lsm612-mini)
mkdir -p "$X/kernel"
cat >"$X/kernel/nop.c" <<'C'
#include <linux/lsm_hooks.h>
#define LSM_RET_VOID
#define LSM_HOOK(RET, DEFAULT, NAME, ...) \
	RET nop_##NAME(__VA_ARGS__) { return DEFAULT; }
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
int nop_plain(void) { return 0; }
C
XDB="$OUT/xmacro.db"
rm -f "$XDB"
(cd "$X" && "$HOOKWRAP" check --no-group --db="$XDB" -Iinclude -DCONFIG_SECURITY_NETWORK -DCONFIG_KEYS kernel/nop.c) \
	>"$OUT/xmacro.out" 2>&1
hooks=$(grep -c '^LSM_HOOK(' "$X/include/linux/lsm_hook_defs.h")
n=$(sqlite3 "$XDB" "select count(*) from functions where name like 'nop\_%' escape '\\' and name <> 'nop_plain'")
check "X-macro functions of the unit are recorded ($n of $hooks)" test "$n" -eq "$hooks"
n=$(sqlite3 "$XDB" "select count(*) from functions where name = 'nop_plain'")
check "... and the plain one ($n)" test "$n" -eq 1

# report --why of a hook whose registration is in the facts but whose
# implementation is defined in no unit checked: the registration named,
# not "no implementation registered".
mkdir -p "$X/security/ext"
cat >"$X/security/ext/reg.c" <<'C'
#include <linux/lsm_hooks.h>

extern void ext_cred_getsecid(const struct cred *c, u32 *secid);

static struct security_hook_list ext_hooks[] = {
	LSM_HOOK_INIT(cred_getsecid, ext_cred_getsecid),
};
C
RDB="$OUT/reg.db"
rm -f "$RDB"
(cd "$X" && "$HOOKWRAP" check --no-group --db="$RDB" -Iinclude security/ext/reg.c) \
	>"$OUT/reg.out" 2>&1
"$HOOKWRAP" report --no-group --db="$RDB" --why cred_getsecid >"$OUT/why.out" 2>&1
contains "--why: a registration without a definition is named" "$OUT/why.out" \
	"hook cred_getsecid: ext_cred_getsecid (security/ext/reg.c:"
lacks "--why: ... not 'no implementation registered'" "$OUT/why.out" \
	"no implementation registered"
