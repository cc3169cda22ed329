#!/bin/bash
# bench/smatch-rounds.sh SMATCH_SRC BUILD WORK DIR... - smatch over some
# directories of a built kernel (an O= build directory), the way
# smatch_scripts/build_kernel_data.sh builds its database: rounds of
# "make C=2 CHECK='smatch --info ...'", each followed by smatch's gen_*
# scripts and create_db.sh, so that each round sees one more call level
# across functions; the last round's warnings are the result (issue 23
# item 4; docs/findings.md, "smatch over the six directories").
#
#   SMATCH_SRC  a built smatch source tree (make smatch), not installed
#   BUILD       the kernel's build directory (make O=BUILD ... already run)
#   WORK        where each round's outputs, database and times are kept:
#               warns.roundN.txt (and .sql, .caller_info: what create_db.sh
#               reads), smatch_db.roundN.sqlite, time.roundN.txt,
#               rounds.txt (start and end of each step, the warning counts)
#   ROUNDS=3 (default) rounds; FIRST=N resumes at round N from round
#   N-1's database, built first from its kept outputs when its step
#   failed.  A failed database step stops the run (exit 1).
#   smatch's --file-output files are written beside the sources
#   (BUILD's source tree) and removed before each round.
#   Runs niced, two jobs (J=2).
set -u
if [ $# -lt 4 ]; then
	echo "usage: bench/smatch-rounds.sh SMATCH_SRC BUILD WORK DIR..." >&2
	exit 2
fi
S=$(cd "$1" && pwd) || exit 2
O=$(cd "$2" && pwd) || exit 2
mkdir -p "$3" && W=$(cd "$3" && pwd) || exit 2
shift 3
DIRS="$*"
T=$(cd "$O/source" 2>/dev/null && pwd -P) || T=$O
# create_db.sh runs smatch_data/db/sm_hash, which "make smatch" does
# not build: without it every database step fails (exit 127).
for f in smatch smatch_data/db/sm_hash; do
	[ -x "$S/$f" ] || { echo "smatch-rounds: no $S/$f (run make in $S)" >&2; exit 2; }
done
DATA=$W/data
[ -d "$DATA" ] || cp -r "$S/smatch_data" "$DATA"
FIRST=${FIRST:-1}
LAST=${ROUNDS:-3}
J=${J:-2}
outputs() { find "$T" "$O" -name "*.c.smatch$1" "${@:2}"; }
# makedb N: round N's database from its kept outputs, or exit 1.
makedb() {
	cd "$W" || exit 2
	cp "warns.round$1.txt" smatch_warns.txt
	cp "warns.round$1.txt.sql" smatch_warns.txt.sql
	cp "warns.round$1.txt.caller_info" smatch_warns.txt.caller_info
	for g in "$S"/smatch_scripts/gen_*; do
		"$g" smatch_warns.txt -p=kernel >/dev/null 2>&1
	done
	mv kernel.* "$DATA/" 2>/dev/null
	rm -f smatch_db.sqlite
	if ! "$DATA/db/create_db.sh" -p=kernel smatch_warns.txt >"create_db.round$1.log" 2>&1; then
		echo "round $1 db failed $(date +%s)" >>rounds.txt
		echo "smatch-rounds: create_db.sh failed, see $W/create_db.round$1.log" >&2
		exit 1
	fi
	echo "round $1 db end $(date +%s)" >>rounds.txt
	mv smatch_db.sqlite "smatch_db.round$1.sqlite"
	rm -f smatch_warns.txt.sql smatch_warns.txt.caller_info
}
# Resuming after a failed database step: build it from what was kept.
p=$((FIRST - 1))
if [ "$p" -ge 1 ] && [ ! -e "$W/smatch_db.round$p.sqlite" ]; then
	[ -e "$W/warns.round$p.txt.caller_info" ] ||
		{ echo "smatch-rounds: round $p's outputs are gone: start at FIRST=$p" >&2; exit 2; }
	makedb "$p"
fi
for r in $(seq "$FIRST" "$LAST"); do
	echo "round $r start $(date +%s)" >>"$W/rounds.txt"
	outputs '' -delete; outputs .sql -delete; outputs .caller_info -delete
	rm -f "$O/smatch_db.sqlite"
	[ -e "$W/smatch_db.round$((r - 1)).sqlite" ] &&
		cp "$W/smatch_db.round$((r - 1)).sqlite" "$O/smatch_db.sqlite"
	/usr/bin/time -v -o "$W/time.round$r.txt" nice -n 19 \
		make -C "$O" -s -k -j"$J" C=2 \
		CHECK="$S/smatch -p=kernel --file-output --succeed --info --spammy --call-tree --data=$DATA" \
		$DIRS >"$W/make.round$r.log" 2>&1
	echo "round $r make rc=$? end $(date +%s)" >>"$W/rounds.txt"
	# Each round's outputs are kept (the database step reads the three).
	outputs '' -exec cat {} + >"$W/warns.round$r.txt"
	outputs .sql -exec cat {} + >"$W/warns.round$r.txt.sql"
	outputs .caller_info -exec cat {} + >"$W/warns.round$r.txt.caller_info"
	echo "round $r: $(grep -c 'sleeping in atomic' "$W/warns.round$r.txt") sleeping-in-atomic warnings" >>"$W/rounds.txt"
	[ "$r" -eq "$LAST" ] && break
	makedb "$r"
done
rm -f "$O/smatch_db.sqlite"
echo done >>"$W/rounds.txt"
