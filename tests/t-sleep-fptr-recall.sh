#!/bin/bash
# Recall through function pointers (issue 27): four sleep-in-atomic bugs
# fixed upstream whose chain passes a function-pointer member, each a
# mini driver of the sleep-fptr-recall fixture at its Linux 4.2.8
# paths (README there).  For each: the units collected into a facts
# database, the finding with its "(through ...)" step, then the upstream
# fix applied to the copy and the finding gone.  The real trees' numbers:
# docs/findings.md, "Recall through function pointers (issue 27)".
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture sleep-fptr-recall)
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -O2"

collect() {
	local db=$1 u
	shift
	for u in "$@"; do
		(cd "$T" && "$HOOKWRAP" check --db="$db" $KFLAGS "$u") || return 1
	done
}
report() {
	(cd "$T" && "$HOOKWRAP" report --db="$1") >"$2" 2>&1
}
# fix FILE OLD NEW: the upstream fix, OLD replaced by NEW in FILE
fix() {
	grep -qF "$2" "$T/$1" || return 1
	sed -i "s/$(printf '%s' "$2" | sed 's/[][\.*^$/]/\\&/g')/$3/" "$T/$1"
	! grep -qF "$2" "$T/$1"
}

# recall NAME 'UNITS' EXPECTED FILE OLD NEW
recall() {
	local bug=$1 units=$2 want=$3
	# shellcheck disable=SC2086
	check "$bug: collect its units" collect "$OUT/$bug.db" $units
	report "$OUT/$bug.db" "$OUT/$bug.txt"
	printf '%s\n' "$want" >"$OUT/$bug.want"
	same "$bug: the finding through the slot" "$OUT/$bug.want" "$OUT/$bug.txt"
	check "$bug: the upstream fix applies" fix "$4" "$5" "$6"
	# shellcheck disable=SC2086
	check "$bug: collect the fixed units" collect "$OUT/$bug-fixed.db" $units
	report "$OUT/$bug-fixed.db" "$OUT/$bug-fixed.txt"
	same "$bug: the fixed code is quiet" /dev/null "$OUT/$bug-fixed.txt"
}

# The whole fixture in one database: the four bugs, nothing else
# (OHCI's frame number, ICH8's release, igb).
ALL=$(cd "$T" && find drivers net sound -name '*.c' | sort)
# shellcheck disable=SC2086
check "all units collected" collect "$OUT/all.db" $ALL
report "$OUT/all.db" "$OUT/all.txt"
n=$(grep -c ': warning: .*(through .*\[sleep-in-atomic\]$' "$OUT/all.txt")
m=$(wc -l <"$OUT/all.txt")
check "all units: 4 findings, each through a slot (got $n of $m lines)" test "$n" -eq 4 -a "$m" -eq 4
# igb defines its own struct e1000_phy_operations (the same tag as
# e1000e's, in its own header): its release is another slot, which holds
# only igb's implementation.  Keyed by the USR alone, igb's call reached
# e1000e's sleeping release (Linux 4.2.8: igb's acquire reached e1000e's
# 82571 semaphore).
(cd "$T" && "$HOOKWRAP" report --no-group --db="$OUT/all.db") >"$OUT/all-ng.txt" 2>&1
lacks "igb: no finding through e1000e's slot of the same tag" "$OUT/all-ng.txt" "igb_main.c"
check "igb: --why: igb's release is a slot of its own" \
	test "$( (cd "$T" && "$HOOKWRAP" report --db="$OUT/all.db" --why igb_update_stats) 2>&1)" = "igb_update_stats() (drivers/net/ethernet/intel/igb/igb_main.c:4): does not sleep"
check "igb: the two tags are two slots" \
	test "$(sqlite3 "$OUT/all.db" "SELECT count(DISTINCT slot) FROM registrations WHERE hook='e1000_phy_operations.release'")" -eq 2

# 2e05f756c709 "net: intel: e1000e: fix possible sleep-in-atomic-context
# bugs in e1000e_get_hw_semaphore()": STCheck's (FUNC_PTR) step, the
# PHY's release stored by a designated initialiser of the chip's table.
E=drivers/net/ethernet/intel/e1000e
recall e1000e "$E/netdev.c $E/80003es2lan.c $E/ich8lan.c $E/mac.c" \
	"$E/netdev.c:38:2: warning: e1000e_update_stats() may sleep inside the atomic region begun by spin_lock(&adapter->stats64_lock) at $E/netdev.c:37: e1000e_update_stats() -> e1000e_update_phy_stats() -> e1000_release_phy_80003es2lan() (through hw->phy.ops.release: e1000_phy_operations.release = e1000_release_phy_80003es2lan at $E/80003es2lan.c:27) -> e1000_release_swfw_sync_80003es2lan() -> e1000e_get_hw_semaphore() -> usleep_range() [sleep-in-atomic]" \
	"$E/mac.c" "usleep_range(50, 100);" "udelay(100);"

# "usb: host: u132-hcd: Fix a sleep-in-atomic-context bug in
# u132_get_frame()" (DSAC): the host driver's get_frame_number, stored
# by a designated initialiser, reached from USB audio's PCM pointer
# through the USB core; OHCI's implementation does not sleep.
U="sound/usb/pcm.c drivers/usb/core/usb.c drivers/usb/core/hcd.c
 drivers/usb/host/u132-hcd.c drivers/usb/host/ohci-hcd.c"
recall u132 "$U" \
	"sound/usb/pcm.c:39:10: warning: snd_usb_pcm_delay() may sleep inside the atomic region begun by spin_lock(&subs->lock) at sound/usb/pcm.c:37: snd_usb_pcm_delay() -> usb_get_current_frame_number() -> usb_hcd_get_frame_number() -> u132_get_frame() (through hcd->driver->get_frame_number: hc_driver.get_frame_number = u132_get_frame at drivers/usb/host/u132-hcd.c:44) -> msleep() [sleep-in-atomic]" \
	drivers/usb/host/u132-hcd.c "msleep(100);" "mdelay(100);"

# 8dbd6e4ce1b9 "qlcnic: fix sleep-in-atomic-context bugs caused by
# msleep": the transmit watchdog holds netif_tx_lock() (an inline that
# returns with the lock held) and calls ndo_tx_timeout.
Q=drivers/net/ethernet/qlogic/qlcnic
recall qlcnic "net/sched/sch_generic.c $Q/qlcnic_main.c $Q/qlcnic_83xx_init.c $Q/qlcnic_83xx_hw.c" \
	"net/sched/sch_generic.c:18:4: warning: dev->netdev_ops->ndo_tx_timeout() may sleep inside the atomic region begun by netif_tx_lock(dev) at net/sched/sch_generic.c:13: dev->netdev_ops->ndo_tx_timeout() -> qlcnic_tx_timeout() (through dev->netdev_ops->ndo_tx_timeout: net_device_ops.ndo_tx_timeout = qlcnic_tx_timeout at $Q/qlcnic_main.c:35) -> qlcnic_83xx_idc_request_reset() -> qlcnic_83xx_lock_driver() -> msleep() [sleep-in-atomic]" \
	"$Q/qlcnic_83xx_hw.c" "msleep(QLC_83XX_DRV_LOCK_WAIT_DELAY);" "mdelay(QLC_83XX_DRV_LOCK_WAIT_DELAY);"

# b7ac893652ca "net: nfc: nci: fix a possible sleep-in-atomic-context bug
# in nci_uart_tty_receive()": the pointer is stored by an assignment in
# nci_uart_register(), and the slot is followed to it; the GFP_KERNEL
# reaches alloc_skb() through nci_skb_alloc()'s gfp_t parameter, which
# the analysis carries as an argument (docs/facts-db.md, args).
N=net/nfc/nci/uart.c
check "nci: collect its unit" collect "$OUT/nci.db" $N
check "nci: the slot holds the default handler, stored by assignment" \
	test "$(sqlite3 "$OUT/nci.db" "SELECT impl || ':' || how || ':' || line FROM registrations WHERE hook='nci_uart_ops.recv_buf'")" = "nci_uart_default_recv_buf:assignment:89"
report "$OUT/nci.db" "$OUT/nci.txt"
same "nci: the finding, through the assigned slot and the gfp_t parameter" \
	<(echo "$N:75:2: warning: nu->ops.recv_buf() may sleep inside the atomic region begun by spin_lock(&nu->rx_lock) at $N:74: nu->ops.recv_buf() -> nci_uart_default_recv_buf() (through nu->ops.recv_buf: nci_uart_ops.recv_buf = nci_uart_default_recv_buf at $N:89) -> nci_skb_alloc() -> alloc_skb(how) [sleep-in-atomic]") \
	"$OUT/nci.txt"
check "nci: --why says the handler sleeps when its caller's flags block" \
	test "$( (cd "$T" && "$HOOKWRAP" report --db="$OUT/nci.db" --why nci_uart_default_recv_buf) 2>&1)" = "nci_uart_default_recv_buf() (net/nfc/nci/uart.c:46): may sleep: nci_uart_default_recv_buf() -> nci_skb_alloc() -> alloc_skb(how)"
cp "$T/$N" "$OUT/nci-orig.c"
check "nci: the upstream fix (GFP_ATOMIC to nci_skb_alloc()) applies" \
	fix "$N" "GFP_KERNEL);" "GFP_ATOMIC);"
check "nci: collect the fixed unit" collect "$OUT/nci-fixed0.db" $N
report "$OUT/nci-fixed0.db" "$OUT/nci-fixed0.txt"
same "nci: the fixed code is quiet (GFP_ATOMIC passed on does not block)" \
	/dev/null "$OUT/nci-fixed0.txt"
cp "$OUT/nci-orig.c" "$T/$N"
# The same chain with the GFP written at the allocation: found too.
direct() {
	perl -0pi -e 's/nci_skb_alloc\(nu->ndev,\s*NCI_MAX_PACKET_SIZE,\s*GFP_KERNEL\)/alloc_skb(NCI_MAX_PACKET_SIZE, GFP_KERNEL)/' "$T/$N" &&
		grep -q 'alloc_skb(NCI_MAX_PACKET_SIZE, GFP_KERNEL)' "$T/$N"
}
check "nci: the allocation written with its GFP" direct
check "nci: collect the variant" collect "$OUT/nci-direct.db" $N
report "$OUT/nci-direct.db" "$OUT/nci-direct.txt"
contains "nci: with the GFP at the call, the chain through the assigned slot is found" "$OUT/nci-direct.txt" \
	"$N:73:2: warning: nu->ops.recv_buf() may sleep inside the atomic region begun by spin_lock(&nu->rx_lock) at $N:72: nu->ops.recv_buf() -> nci_uart_default_recv_buf() (through nu->ops.recv_buf: nci_uart_ops.recv_buf = nci_uart_default_recv_buf at $N:87) -> alloc_skb(GFP_KERNEL) [sleep-in-atomic]"
n=$(grep -c ': warning: ' "$OUT/nci-direct.txt")
check "nci: the variant has that one finding (got $n)" test "$n" -eq 1
check "nci: the upstream fix applies" fix "$N" "GFP_KERNEL);" "GFP_ATOMIC);"
check "nci: collect the fixed variant" collect "$OUT/nci-fixed.db" $N
report "$OUT/nci-fixed.db" "$OUT/nci-fixed.txt"
same "nci: the fixed variant is quiet" /dev/null "$OUT/nci-fixed.txt"
