#!/bin/bash
# Calls through any function-pointer member (issue 27): a call
# E->m(...) / E.m(...) through a member of another struct than the
# table's is followed to every function the build stores in that member
# (a "slot"): designated and positional initialisers, nested designators,
# assignments.  --why and the findings show each indirect step, "(through
# E->m: T.m = fn at file:line)".  A call through a pointer that is no
# member, or through a slot nothing is stored in, is not followed, and
# --why says so instead of "does not sleep".
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-hooks)
DB="$OUT/facts.db"
UNITS="drivers/net/e1000e/80003es2lan.c drivers/net/e1000e/ich8lan.c
 drivers/net/e1000e/netdev.c drivers/misc/devops.c"
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1
 -DCONFIG_SECURITY_NETWORK=1 -O2"

collect() {
	for u in $UNITS; do
		(cd "$T" && "$HOOKWRAP" check --no-group --db="$1" $KFLAGS "$u") || return 1
	done
}
check "collect the facts" collect "$DB"
q() { sqlite3 "$DB" "$1"; }

# What the build stores in each slot.
check "designated initialiser: es2_phy_ops.release" \
	test "$(q "SELECT impl || '@' || line FROM registrations WHERE hook='e1000_phy_operations.release' AND file LIKE '%80003es2lan.c'")" = "e1000_release_phy_80003es2lan@25"
check "positional initialiser: ich8_phy_ops' second member is release" \
	test "$(q "SELECT impl FROM registrations WHERE hook='e1000_phy_operations.release' AND file LIKE '%ich8lan.c'")" = "e1000_release_phy_ich8lan"
check "assignment: probe_ops.reset = devops_reset_slow" \
	test "$(q "SELECT impl || ':' || how FROM registrations WHERE hook='dev_ops.reset'")" = "devops_reset_slow:assignment"
check "a slot is keyed by its member's header and USR" \
	test "$(q "SELECT DISTINCT slot FROM registrations WHERE hook='e1000_phy_operations.release'")" = "drivers/net/e1000e/hw.h@c:@S@e1000_phy_operations@FI@release"
check "the table's own hooks stay hooks (no slot)" \
	test "$(q "SELECT count(*) FROM registrations WHERE slot IS NULL AND hook LIKE '%.%'")" -eq 0
check "a call through a member two structs deep is a slot call" \
	test "$(q "SELECT text FROM calls WHERE caller='e1000e_update_stats' AND slot LIKE '%@FI@release'")" = "hw->phy.ops.release"
check "a call through a local pointer is recorded as indirect" \
	test "$(q "SELECT text || ':' || indirect FROM calls WHERE caller='devops_notify_locked' AND indirect=1")" = "cb:1"

(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB") >"$OUT/report.txt" 2>"$OUT/report.err"
check "report: exit 0" test $? -eq 0
R="$OUT/report.txt"
contains "the e1000e bug: release under stats64_lock, through the slot" "$R" \
	"drivers/net/e1000e/netdev.c:18:3: warning: hw->phy.ops.release() may sleep inside the atomic region begun by spin_lock(&adapter->stats64_lock) at drivers/net/e1000e/netdev.c:15: hw->phy.ops.release() -> e1000_release_phy_80003es2lan() (through hw->phy.ops.release: e1000_phy_operations.release = e1000_release_phy_80003es2lan at drivers/net/e1000e/80003es2lan.c:25) -> e1000_release_swfw_sync_80003es2lan() -> usleep_range() [sleep-in-atomic]"
contains "a pointer stored by assignment, called under a lock" "$R" \
	"drivers/misc/devops.c:37:2: warning: d->ops->reset() may sleep inside the atomic region begun by spin_lock(&d->lock) at drivers/misc/devops.c:36: d->ops->reset() -> devops_reset_slow() (through d->ops->reset: dev_ops.reset = devops_reset_slow at drivers/misc/devops.c:30) -> msleep() [sleep-in-atomic]"
n=$(grep -c ': warning: ' "$R")
check "nothing else: 2 findings (got $n)" test "$n" -eq 2
lacks "acquire under the lock: no implementation sleeps" "$R" "netdev.c:16:"
lacks "power_up: nothing stored in it" "$R" "netdev.c:29:"
lacks "the local callback: not followed, not reported" "$R" "devops.c:49:"
same "report: nothing on stderr" /dev/null "$OUT/report.err"

why() {
	(cd "$T" && "$HOOKWRAP" report --no-group --db="$DB" --why "$1") 2>&1
}
check "--why e1000e_reset: the indirect step, outside any lock" \
	test "$(why e1000e_reset)" = "e1000e_reset() (drivers/net/e1000e/netdev.c:33): may sleep: e1000e_reset() -> e1000_release_phy_80003es2lan() (through hw->phy.ops.release: e1000_phy_operations.release = e1000_release_phy_80003es2lan at drivers/net/e1000e/80003es2lan.c:25) -> e1000_release_swfw_sync_80003es2lan() -> usleep_range()"
check "--why of an empty slot's caller: not 'does not sleep'" \
	test "$(why e1000e_power_up_phy)" = "e1000e_power_up_phy() (drivers/net/e1000e/netdev.c:23): no sleeping call found; 1 indirect call not followed: hw->phy.ops.power_up at drivers/net/e1000e/netdev.c:29"
check "--why of the local callback's caller: the call named" \
	test "$(why devops_notify_locked)" = "devops_notify_locked() (drivers/misc/devops.c:44): no sleeping call found; 1 indirect call not followed: cb at drivers/misc/devops.c:49"
check "--why of a function with no indirect call: does not sleep" \
	test "$(why e1000_release_phy_ich8lan)" = "e1000_release_phy_ich8lan() (drivers/net/e1000e/ich8lan.c:12): does not sleep"

# Without --db, one unit sees only its own tables: the slot the unit
# does not fill is not followed (and the finding needs the build's).
(cd "$T" && "$HOOKWRAP" check --no-group --no-prefilter $KFLAGS drivers/misc/devops.c) \
	>"$OUT/unit.out" 2>"$OUT/unit.err"
contains "one unit, no --db: its own assignment is followed" "$OUT/unit.err" \
	"drivers/misc/devops.c:37:2: warning: d->ops->reset() may sleep"

# --fptr=type: every function stored in any member of the call's
# function type, not only in its member: power_up (empty, but of
# release's type) now reaches the 80003ES2LAN's release: what the
# narrower answer saves.
(cd "$T" && "$HOOKWRAP" report --no-group --fptr=type --db="$DB") >"$OUT/bytype.txt" 2>&1
n=$(grep -c ': warning: ' "$OUT/bytype.txt")
check "--fptr=type: 3 findings against the member's 2 (got $n)" test "$n" -eq 3
contains "--fptr=type: power_up through release's type" "$OUT/bytype.txt" \
	"drivers/net/e1000e/netdev.c:29:3: warning: hw->phy.ops.power_up() may sleep"
(cd "$T" && "$HOOKWRAP" report --fptr=both --db="$DB") >/dev/null 2>"$OUT/badfptr.err"
check "--fptr=both: exit 2" test $? -eq 2
check "the function type of a slot is recorded" \
	test "$(q "SELECT DISTINCT ftype FROM registrations WHERE hook='e1000_phy_operations.release'")" = "void (struct e1000_hw *)"

# --fptr=object (the default) against --fptr=member, on the rule case
# tests/rules/sleep-in-atomic/object-stores.c: by object, 4 findings;
# by member, also run_when_ready()'s (its one caller passes a block
# whose callback does not sleep) and virt_kick()'s (a virt's base holds
# virt_submit), each through a function stored in another object.
T2=$(copy_fixture sleep-hooks)
cp "$HW/tests/rules/sleep-in-atomic/object-stores.c" "$T2/kernel/case.c"
(cd "$T2" && "$HOOKWRAP" check --db="$OUT/obj.db" -nostdinc -D__KERNEL__ -Iinclude kernel/case.c)
check "the object case: facts collected" test $? -eq 0
(cd "$T2" && "$HOOKWRAP" report --no-group --db="$OUT/obj.db") >"$OUT/byobj.txt" 2>&1
(cd "$T2" && "$HOOKWRAP" report --no-group --fptr=object --db="$OUT/obj.db") >"$OUT/byobj2.txt" 2>&1
(cd "$T2" && "$HOOKWRAP" report --no-group --fptr=member --db="$OUT/obj.db") >"$OUT/bymember.txt" 2>&1
check "--fptr=object is the default" cmp -s "$OUT/byobj.txt" "$OUT/byobj2.txt"
n=$(grep -c ': warning: ' "$OUT/byobj.txt"); m=$(grep -c ': warning: ' "$OUT/bymember.txt")
check "--fptr=object: 4 findings, --fptr=member: 6 (got $n, $m)" test "$n" -eq 4 -a "$m" -eq 6
contains "--fptr=member: run_when_ready() through pm_nb's callback" "$OUT/bymember.txt" \
	"kernel/case.c:60:8: warning: nb->notifier_call() may sleep inside the atomic region begun by spin_lock(&ready_lock) at kernel/case.c:59: nb->notifier_call() -> pm_notify()"
contains "--fptr=member: virt_kick() through any engine's submit" "$OUT/bymember.txt" \
	"kernel/case.c:137:2: warning: v->base.submit() may sleep inside the atomic region begun by spin_lock(&ready_lock) at kernel/case.c:136: v->base.submit() -> ring_submit()"
check "--why run_when_ready: does not sleep, by object" \
	test "$(cd "$T2" && "$HOOKWRAP" report --db="$OUT/obj.db" --why run_when_ready)" = "run_when_ready() (kernel/case.c:55): does not sleep"
check "the facts name the objects: a store, a call, an address passed" \
	test "$(sqlite3 "$OUT/obj.db" "SELECT (SELECT obj FROM registrations WHERE impl='fill_key') || ' ' || (SELECT recv FROM calls WHERE caller='virt_kick' AND slot IS NOT NULL) || ' ' || (SELECT args FROM calls WHERE caller='key_init')")" = "s@fill_key_nb virt.base &s@fill_key_nb"
check "an object copied whole is a ref, so never narrowed" \
	test "$(sqlite3 "$OUT/obj.db" "SELECT kind || ' ' || name FROM refs WHERE kind='copy'")" = "copy dev.ops"
check "a function stored in a pointer is a ref: address taken" \
	test "$(sqlite3 "$OUT/obj.db" "SELECT count(*) FROM refs WHERE kind='address' AND name='run_any'")" -eq 1
