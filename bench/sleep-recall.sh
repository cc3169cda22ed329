#!/bin/bash
# sleep-recall.sh SRC OBJ - recall of the sleep analysis on sleep-in-atomic
# bugs fixed upstream, on a real Linux 4.2.8 build (issue 23 item 3;
# docs/findings.md, "Recall on real bugs").
#
# SRC is a copy of the 4.2.8 tree (cp -al of the pristine one: kbuild
# writes a few links into it), OBJ its O= build dir, configured and
# prepared as docs/findings.md says.  The units of each bug (the caller
# and the callees of its chain) are compiled and checked by kbuild,
# "make C=2 CHECK='hookwrap check --db=OBJ/sleep-recall.db'", then
# hookwrap report --no-group runs once (each site its own line); a bug
# is found when the report has a
# sleep-in-atomic finding at one of its sites (file:line of the call
# inside the atomic region, as the fix changed it).  Prints one line per
# bug and "found N of M"; exit 1 when a bug that was found before is not
# (the sites' table says which were found when it was written).
#   HOOKWRAP=path (default: the one in this checkout), J=n (default 2)
set -u
if [ $# -ne 2 ]; then
	echo "usage: bench/sleep-recall.sh SRC OBJ" >&2
	exit 2
fi
src=$(cd "$1" && pwd) || exit 2
obj=$(cd "$2" && pwd) || exit 2
hw=${HOOKWRAP:-$(cd "$(dirname "$0")/.." && pwd)/hookwrap}
CC=${CC:-gcc -fno-pie -no-pie -fcommon}
db=$obj/sleep-recall.db

# bug | units (caller first) | sites | found when written (1/0)
bugs='
bt-6lowpan-disconnect|net/bluetooth/6lowpan.o net/bluetooth/l2cap_core.o|net/bluetooth/6lowpan.c:1207|1
uio-dmem-disable-irq|drivers/uio/uio_dmem_genirq.o kernel/irq/manage.o|drivers/uio/uio_dmem_genirq.c:140|1
ocfs2-print-one-mle|fs/ocfs2/dlm/dlmmaster.o fs/ocfs2/dlm/dlmdebug.o|fs/ocfs2/dlm/dlmmaster.c:222 fs/ocfs2/dlm/dlmmaster.c:255|1
gr-udc-probe|drivers/usb/gadget/udc/gr_udc.o drivers/usb/gadget/udc/udc-core.o|drivers/usb/gadget/udc/gr_udc.c:2197|1
grgpio-remove|drivers/gpio/gpio-grgpio.o drivers/gpio/gpiolib.o drivers/gpio/gpiolib-sysfs.o kernel/irq/irqdomain.o|drivers/gpio/gpio-grgpio.c:473 drivers/gpio/gpio-grgpio.c:476|1
grgpio-irq-map|drivers/gpio/gpio-grgpio.o kernel/irq/manage.o|drivers/gpio/gpio-grgpio.c:264 drivers/gpio/gpio-grgpio.c:329|1
qla3xxx-sem-spinlock|drivers/net/ethernet/qlogic/qla3xxx.o|drivers/net/ethernet/qlogic/qla3xxx.c:1664 drivers/net/ethernet/qlogic/qla3xxx.c:1681 drivers/net/ethernet/qlogic/qla3xxx.c:1698|1
qla3xxx-drvr-lock|drivers/net/ethernet/qlogic/qla3xxx.o|drivers/net/ethernet/qlogic/qla3xxx.c:3443 drivers/net/ethernet/qlogic/qla3xxx.c:3444 drivers/net/ethernet/qlogic/qla3xxx.c:3497|1
megaraid-attach-buf|drivers/scsi/megaraid/megaraid_mm.o mm/dmapool.o|drivers/scsi/megaraid/megaraid_mm.c:573|1
hwsim-get-radio|drivers/net/wireless/mac80211_hwsim.o net/core/skbuff.o|drivers/net/wireless/mac80211_hwsim.c:2969|1
pcmciamtd-set-vpp|drivers/mtd/maps/pcmciamtd.o drivers/pcmcia/pcmcia_resource.o|drivers/mtd/maps/pcmciamtd.c:309 drivers/mtd/maps/pcmciamtd.c:312|1
bdisp-device-run|drivers/media/platform/sti/bdisp/bdisp-v4l2.o drivers/media/platform/sti/bdisp/bdisp-hw.o|drivers/media/platform/sti/bdisp/bdisp-v4l2.c:341|1
'
units=$(echo "$bugs" | awk -F'|' 'NF { print $2 }' | tr ' ' '\n' | sort -u)
rm -f "$db" "$db-wal" "$db-shm"
# shellcheck disable=SC2086
make -k -C "$src" O="$obj" CC="$CC" -j"${J:-2}" C=2 \
	CHECK="$hw check --db=$db" $units >"$obj/sleep-recall.log" 2>&1
"$hw" report --no-group --db="$db" | sed "s|$src/||g" >"$obj/sleep-recall.report"
found=0 total=0 lost=0
while IFS='|' read -r name _ sites before; do
	[ -n "$name" ] || continue
	total=$((total + 1))
	hit=
	for s in $sites; do
		grep -q "^$s:[0-9]*: warning: .*\[sleep-in-atomic\]" "$obj/sleep-recall.report" && hit="$hit $s"
	done
	if [ -n "$hit" ]; then
		found=$((found + 1))
		echo "found   $name:$hit"
	else
		echo "missed  $name"
		[ "$before" = 1 ] && lost=$((lost + 1))
	fi
done <<<"$bugs"
echo "found $found of $total"
[ "$lost" -eq 0 ] || { echo "sleep-recall: $lost bug(s) found before are missed now" >&2; exit 1; }
