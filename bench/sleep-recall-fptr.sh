#!/bin/bash
# sleep-recall-fptr.sh SRC OBJ - recall of the sleep analysis on
# sleep-in-atomic bugs fixed upstream whose chain goes through a
# function-pointer member, on a real Linux 4.2.8 build (issue 27 item 4;
# docs/findings.md, "Recall through function pointers (issue 27)").
#
# SRC is a copy of the 4.2.8 tree, OBJ its O= build dir, configured and
# prepared as docs/findings.md says.  The units of each bug (the caller,
# every unit of the chain, and the directories whose tables fill the
# slot) are checked by kbuild, "make C=2 CHECK='hookwrap check
# --db=OBJ/sleep-recall-fptr.db'", then hookwrap report --no-group runs
# once; a bug is found when the report has a sleep-in-atomic finding at
# one of its sites (file:line of the call inside the atomic region) whose
# chain has a "(through" step.  Prints one line per bug and "found N of
# M"; exit 1 when a bug found when the script was written is missed.
#   HOOKWRAP=path (default: the one in this checkout), J=n (default 2)
set -u
if [ $# -ne 2 ]; then
	echo "usage: bench/sleep-recall-fptr.sh SRC OBJ" >&2
	exit 2
fi
src=$(cd "$1" && pwd) || exit 2
obj=$(cd "$2" && pwd) || exit 2
hw=${HOOKWRAP:-$(cd "$(dirname "$0")/.." && pwd)/hookwrap}
CC=${CC:-gcc -fno-pie -no-pie -fcommon}
db=$obj/sleep-recall-fptr.db

# bug | units and directories | sites | found at the last run (1/0; nci since the gfp_t parameter work)
bugs='
e1000e-get-hw-semaphore|drivers/net/ethernet/intel/e1000e/|drivers/net/ethernet/intel/e1000e/netdev.c:5888|1
nci-uart-tty-receive|net/nfc/nci/uart.o|net/nfc/nci/uart.c:262|1
u132-get-frame|sound/usb/pcm.o drivers/usb/core/usb.o drivers/usb/core/hcd.o drivers/usb/host/u132-hcd.o|sound/usb/pcm.c:87 sound/usb/pcm.c:1464 sound/usb/pcm.c:1504 sound/usb/pcm.c:1527|1
qlcnic-tx-timeout|net/sched/sch_generic.o drivers/net/ethernet/qlogic/qlcnic/|net/sched/sch_generic.c:329|1
'
units=$(echo "$bugs" | awk -F'|' 'NF { print $2 }' | tr ' ' '\n' | sort -u)
rm -f "$db" "$db-wal" "$db-shm"
# shellcheck disable=SC2086
make -k -C "$src" O="$obj" CC="$CC" -j"${J:-2}" C=2 \
	CHECK="$hw check --db=$db" $units >"$obj/sleep-recall-fptr.log" 2>&1
"$hw" report --no-group --db="$db" | sed "s|$src/||g" >"$obj/sleep-recall-fptr.report"
found=0 total=0 lost=0
while IFS='|' read -r name _ sites before; do
	[ -n "$name" ] || continue
	total=$((total + 1))
	hit=
	for s in $sites; do
		grep -q "^$s:[0-9]*: warning: .*(through .*\[sleep-in-atomic\]" \
			"$obj/sleep-recall-fptr.report" && hit="$hit $s"
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
[ "$lost" -eq 0 ] || { echo "sleep-recall-fptr: $lost bug(s) found before are missed now" >&2; exit 1; }
