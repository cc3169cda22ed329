#!/bin/bash
# sleep-sample.sh TREE OBJ SEED N DIR... - the sleep analysis on a seeded
# random sample of a kernel tree's units, through kbuild (issue 23 item 3:
# precision on a tree nobody tuned on).
#
# TREE is the kernel source, OBJ a configured and prepared O= build dir
# (make O=OBJ defconfig ... prepare).  The .c files directly inside each
# DIR and its subdirectories are listed in path order, shuffled with
# Python's random.Random(SEED), and the first ones kbuild can build with
# OBJ's configuration are checked, N at most: each is compiled and checked
# by "make C=2 CHECK='hookwrap check --db=OBJ/sleep-sample.db'" (a file
# the configuration leaves out is refused by make and skipped).  Then
# hookwrap report prints the findings.  Files written: OBJ/sleep-sample.*
# (the list, the kbuild log, the database, the report).
#   bench/sleep-sample.sh /work/trees/linux-source-6.1 /tmp/b61 23 200 \
#       security ipc kernel/bpf mm net/core
#   HOOKWRAP=path/to/hookwrap  (default: the one beside this script's dir)
#   J=n  make's -j (default 2)
set -u
if [ $# -lt 5 ]; then
	echo "usage: bench/sleep-sample.sh TREE OBJ SEED N DIR..." >&2
	exit 2
fi
tree=$(cd "$1" && pwd) || exit 2
obj=$(cd "$2" && pwd) || exit 2
seed=$3
n=$4
shift 4
hw=${HOOKWRAP:-$(cd "$(dirname "$0")/.." && pwd)/hookwrap}
J=${J:-2}
db=$obj/sleep-sample.db
[ -f "$obj/.config" ] || { echo "sleep-sample: $obj has no .config" >&2; exit 2; }

# The candidates, shuffled: path order first, so the same seed gives the
# same order on any machine.
(cd "$tree" && find "$@" -name '*.c' | LC_ALL=C sort) |
	python3 -c '
import random, sys
files = [l.strip() for l in sys.stdin if l.strip()]
random.Random(int(sys.argv[1])).shuffle(files)
print("\n".join(files))' "$seed" >"$obj/sleep-sample.candidates"

rm -f "$db" "$db-wal" "$db-shm" "$obj/sleep-sample.units"
: >"$obj/sleep-sample.log"
got=0
batch=()
# In batches, until N units are checked or the candidates run out.
while read -r f; do
	[ "$got" -ge "$n" ] && break
	batch+=("${f%.c}.o")
	if [ ${#batch[@]} -ge $((n - got < 20 ? n - got : 20)) ]; then
		make -k -C "$tree" O="$obj" -j"$J" C=2 \
			CHECK="$hw check --db=$db" "${batch[@]}" \
			>>"$obj/sleep-sample.log" 2>&1
		batch=()
		got=$(sqlite3 "$db" 'select count(*) from units where header = 0' 2>/dev/null || echo 0)
	fi
done <"$obj/sleep-sample.candidates"
if [ ${#batch[@]} -gt 0 ] && [ "$got" -lt "$n" ]; then
	make -k -C "$tree" O="$obj" -j"$J" C=2 CHECK="$hw check --db=$db" \
		"${batch[@]}" >>"$obj/sleep-sample.log" 2>&1
fi
sqlite3 "$db" 'select path from units where header = 0 order by path' >"$obj/sleep-sample.units"
echo "sleep-sample: $(wc -l <"$obj/sleep-sample.units") units checked (seed $seed), facts in $db" >&2
"$hw" report --db="$db" | tee "$obj/sleep-sample.report"
