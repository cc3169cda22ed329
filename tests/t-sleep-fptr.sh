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
