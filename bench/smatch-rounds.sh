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
#   WORK        where each round's warnings, database and times are kept:
#               warns.roundN.txt, smatch_db.roundN.sqlite, time.roundN.txt,
#               rounds.txt (start and end of each step, the warning counts)
#   ROUNDS=3 (default) rounds; FIRST=N resumes at round N from round
#   N-1's database.  smatch's --file-output files are written beside the
#   sources (BUILD's source tree) and removed before each round.
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
[ -x "$S/smatch" ] || { echo "smatch-rounds: no $S/smatch (make smatch)" >&2; exit 2; }
DATA=$W/data
[ -d "$DATA" ] || cp -r "$S/smatch_data" "$DATA"
FIRST=${FIRST:-1}
LAST=${ROUNDS:-3}
J=${J:-2}
outputs() { find "$T" "$O" -name "*.c.smatch$1" "${@:2}"; }
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
	cd "$W" || exit 2
	outputs '' -exec cat {} + >smatch_warns.txt
	outputs .sql -exec cat {} + >smatch_warns.txt.sql
	outputs .caller_info -exec cat {} + >smatch_warns.txt.caller_info
	cp smatch_warns.txt "warns.round$r.txt"
	echo "round $r: $(grep -c 'sleeping in atomic' "warns.round$r.txt") sleeping-in-atomic warnings" >>rounds.txt
	[ "$r" -eq "$LAST" ] && break
	for g in "$S"/smatch_scripts/gen_*; do
		"$g" smatch_warns.txt -p=kernel >/dev/null 2>&1
	done
	mv kernel.* "$DATA/" 2>/dev/null
	rm -f smatch_db.sqlite
	"$DATA/db/create_db.sh" -p=kernel smatch_warns.txt >"create_db.round$r.log" 2>&1
	echo "round $r db rc=$? end $(date +%s)" >>rounds.txt
	mv smatch_db.sqlite "smatch_db.round$r.sqlite"
done
rm -f "$O/smatch_db.sqlite"
echo done >>"$W/rounds.txt"
