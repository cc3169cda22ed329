#!/bin/bash
# Uses spatch cannot reach are never lost silently (issue 22, item 6).
# e2e-mini holds raw calls in code spatch 1.1.1 cannot parse (a GNU case
# range, a function returning a function pointer, braces split over
# #ifdef, asm goto); one more file, added here, has its only use in such
# code.  In every mode, run as a kernel's coccicheck runs spatch (one
# process; --jobs; --max/--index shares; stderr into stdout) and through
# make coccicheck, the rule lists each use it did not reach with its
# place, and its closing line counts them all: they add up to the uses
# hookwrap convert finds by its lexical scan.  Needs spatch.
. "$(dirname "$0")/lib.sh"

T=$(copy_fixture e2e-mini)
cat >"$T/kernel/lost.c" <<'EOF'
/* The one use of this file is in a function spatch cannot parse. */
#include <linux/netlink.h>

int lost_netlink_ok(struct sk_buff *skb, unsigned int type)
{
	switch (type) {
	case 1...3:
		return security_ops->netlink_recv(skb, 31);
	}
	return 0;
}
EOF
RULE="$OUT/rule.cocci"
"$HOOKWRAP" convert --print-rule -o "$RULE" "$T"
# pristine NAME: a fresh copy of the tree, to patch
pristine() {
	rm -rf "$OUT/$1"
	cp -r "$T" "$OUT/$1"
	echo "$OUT/$1"
}

# No line of the rule may read as spatch options ("#spatch ...", which
# spatch takes from any line of a rule, comments included).
grep -nE '^[[:space:]]*#[[:space:]]*spatch' "$RULE" >"$OUT/spatch-lines"
check "no line of the rule reads as a #spatch options line" \
	test ! -s "$OUT/spatch-lines"

# What convert finds by its own lexical scan (lexscan.c), counted apart:
# the uses spatch did not classify, and all uses.
"$HOOKWRAP" convert --stats "$T" >/dev/null 2>"$OUT/convert.err"
grep -E '\[(converted-by-fallback|unparsed-use)\]$' "$OUT/convert.err" |
	cut -d: -f1,2 | sort >"$OUT/lost.exp"
n_lost=$(wc -l <"$OUT/lost.exp")
n_all=$(sed -n 's/.* \([0-9]*\) calls converted .*, \([0-9]*\) unknown hooks, \([0-9]*\) direct uses, \([0-9]*\) unparsed uses.*/\1 \2 \3 \4/p' \
	"$OUT/convert.err" | awk '{print $1 + $2 + $3 + $4}')
check "convert finds 8 uses spatch cannot reach, 19 in all (got $n_lost, $n_all)" \
	test "$n_lost" = 8 -a "$n_all" = 19
closing() {	# closing MODE-WORDS: the closing line for this tree
	echo "hookwrap: 19 raw uses of security_ops-> in 8 files: $1, 0 inside wrappers (left alone), 8 not reached by spatch (listed)"
}

# unreached FILE: the places a run listed, "file:line", tree-relative
unreached() {
	grep 'unreached-by-spatch' "$1" |
		sed -E 's|^(\* TODO \[\[view:)?(\./)?||; s|^'"$T"'/||' |
		sed -E 's/::face=[^:]*::linb=([0-9]+).*/:\1/; s/^([^:]+:[0-9]+):.*/\1/' |
		sort
}

SP="spatch --very-quiet --no-includes --include-headers"
# As a kernel's coccicheck runs it: from the tree's top, --dir ., the
# rule's own options; report and org with --no-show-diff.
run() {	# run MODE JOBS OUTFILE ERRFILE [SPATCH ARGS...]
	local mode=$1 jobs=$2 out=$3 err=$4 flags=
	shift 4
	[ "$mode" = report ] || [ "$mode" = org ] && flags=--no-show-diff
	(cd "$T" && $SP -D "$mode" $flags --cocci-file "$RULE" --dir . \
		--jobs "$jobs" --chunksize 1 "$@" >"$out" 2>"$err")
}

for jobs in 1 2; do
	at="jobs $jobs"
	run report $jobs "$OUT/report.$jobs" "$OUT/report.$jobs.err"
	unreached "$OUT/report.$jobs" >"$OUT/report.$jobs.lost"
	same "report, $at: each unreached use listed, as convert finds them" \
		"$OUT/lost.exp" "$OUT/report.$jobs.lost"
	n=$(grep -c '\[raw-hook-call\]$' "$OUT/report.$jobs")
	check "report, $at: 11 uses reported by spatch (got $n)" test "$n" = 11
	same "report, $at: the closing line, last, counts them all" \
		<(closing "11 reported by spatch") <(tail -1 "$OUT/report.$jobs")
	n=$(grep -v '^hookwrap: ' "$OUT/report.$jobs" |
		grep -cvE '^\./[^:]+:[0-9]+:[0-9]+-[0-9]+: .* \[[a-z-]+\]$')
	check "report, $at: every other line reads file:line:col-col: message" \
		test "$n" = 0
	check "report, $at: nothing on stderr" test ! -s "$OUT/report.$jobs.err"

	run org $jobs "$OUT/org.$jobs" "$OUT/org.$jobs.err"
	unreached "$OUT/org.$jobs" >"$OUT/org.$jobs.lost"
	same "org, $at: each unreached use a TODO item" \
		"$OUT/lost.exp" "$OUT/org.$jobs.lost"
	n=$(grep -c '^\* TODO \[\[view:' "$OUT/org.$jobs")
	check "org, $at: 19 TODO items (got $n)" test "$n" = 19
	same "org, $at: the closing line, an org comment" \
		<(echo "# $(closing "11 reported by spatch")") \
		<(tail -1 "$OUT/org.$jobs")

	run patch $jobs "$OUT/patch.$jobs" "$OUT/patch.$jobs.err"
	unreached "$OUT/patch.$jobs.err" >"$OUT/patch.$jobs.lost"
	same "patch, $at: each use left unpatched named on stderr" \
		"$OUT/lost.exp" "$OUT/patch.$jobs.lost"
	contains "patch, $at: ... as a warning with the place and what to do" \
		"$OUT/patch.$jobs.err" \
		"./kernel/lost.c:8:10: warning: security_ops->netlink_recv() not patched: not reached by spatch, which could not parse the code around it (in lost_netlink_ok()) or gave up on the file; hookwrap convert converts it by its lexical fallback, or call security_netlink_recv() by hand [unreached-by-spatch]"
	same "patch, $at: the closing line on stderr" \
		<(closing "11 patched, 0 left alone (not hook calls; MODE=report lists them)") \
		<(tail -1 "$OUT/patch.$jobs.err")
	P=$(pristine p.$jobs)
	check "patch, $at: the diff applies" \
		patch -d "$P" -p1 --quiet -i "$OUT/patch.$jobs"
	# context --jobs prints as patch --jobs does
	if [ $jobs = 1 ]; then
		run context $jobs "$OUT/context.$jobs" "$OUT/context.$jobs.err"
		n=$(grep -c '^-.*security_ops->' "$OUT/context.$jobs")
		check "context, $at: 11 marked lines in the diff (got $n)" test "$n" = 11
		unreached "$OUT/context.$jobs.err" >"$OUT/context.$jobs.lost"
		same "context, $at: each unreached use on stderr" \
			"$OUT/lost.exp" "$OUT/context.$jobs.lost"
		same "context, $at: the closing line on stderr" \
			<(closing "11 marked by spatch") <(tail -1 "$OUT/context.$jobs.err")
		lacks "context, $at: stdout is the diff alone" "$OUT/context.$jobs" \
			"unreached-by-spatch"
	fi
done

contains "report: a use in code spatch lost, with its function and what to do" \
	"$OUT/report.1" \
	"./kernel/audit.c:20:6-18: security_ops->netlink_recv() not reached by spatch, which could not parse the code around it (in audit_netlink_ok()); hookwrap convert converts it by its lexical fallback, or call security_netlink_recv() by hand [unreached-by-spatch]"
contains "report: a use that is not a plain call: check it by hand" \
	"$OUT/report.1" \
	"./fs/ioctl.c:27:9-21: security_ops->file_ioctl not reached by spatch, which could not parse the code around it (in pick_ioctl()); not a plain hook call: check it by hand [unreached-by-spatch]"
contains "report: a file where spatch reached nothing: it may have given up on it" \
	"$OUT/report.1" "./kernel/lost.c:8:9-21: security_ops->netlink_recv() not reached by spatch, which could not parse the code around it (in lost_netlink_ok()) or gave up on the file"
for l in 21 22 24; do
	lacks "report: fs/ioctl.c:$l (comment, string, #if 0) is no use" \
		"$OUT/report.1" "./fs/ioctl.c:$l:"
done
lacks "report: nothing of the allow-listed files" "$OUT/report.1" "security/"

# Linux 3.19's coccicheck: one spatch per CPU, each with its share of
# the files (--max N --index I); each counts its share.
: >"$OUT/shares.lost"
total=0
for i in 0 1; do
	(cd "$T" && $SP -D report --no-show-diff --cocci-file "$RULE" --dir . \
		--max 2 --index $i >"$OUT/share.$i" 2>&1)
	unreached "$OUT/share.$i" >>"$OUT/shares.lost"
	last=$(tail -1 "$OUT/share.$i")
	case $last in
	"hookwrap: "*" (this spatch: --index $i of --max 2)")
		total=$((total + $(echo "$last" | cut -d' ' -f2))) ;;
	esac
done
sort -o "$OUT/shares.lost" "$OUT/shares.lost"
same "--max 2 --index 0, 1: the shares list every unreached use once" \
	"$OUT/lost.exp" "$OUT/shares.lost"
check "--max 2: the shares' closing lines add up to the 19 uses (got $total)" \
	test "$total" = 19

# Linux 6.1's coccicheck: --jobs, stderr into stdout.  The lines of the
# list and of the diff stay whole, however long the output: 40 more files
# of 25 raw calls each make it longer than spatch's 64 KB buffers.
B=$(pristine big)
for i in $(seq 40); do
	{
		echo '#include <linux/security.h>'
		for k in $(seq 25); do
			printf 'int f%d_%d(struct file *x)\n{\n\treturn security_ops->file_mmap(x, %d);\n}\n' \
				"$i" "$k" "$k"
		done
	} >"$B/mm/m$i.c"
done
(cd "$B" && $SP -D report --no-show-diff --cocci-file "$RULE" --dir . \
	--jobs 2 --chunksize 1 >"$OUT/big.report" 2>&1)
n=$(wc -c <"$OUT/big.report")
check "big tree: the report is over 64 KB ($n bytes)" test "$n" -gt 65536
n=$(grep -v '^hookwrap: ' "$OUT/big.report" |
	grep -cvE '^\./[^:]+:[0-9]+:[0-9]+-[0-9]+: .* \[[a-z-]+\]$')
check "big tree, report, --jobs 2 2>&1: every line whole ($n not)" \
	test "$n" = 0
unreached "$OUT/big.report" >"$OUT/big.lost"
same "big tree, report: the unreached uses listed" "$OUT/lost.exp" \
	"$OUT/big.lost"
contains "big tree, report: the closing line" "$OUT/big.report" \
	"hookwrap: 1019 raw uses of security_ops-> in 48 files: 1011 reported by spatch"
(cd "$B" && $SP -D patch --cocci-file "$RULE" --dir . --jobs 2 \
	--chunksize 1 >"$OUT/big.patch" 2>&1)
n=$(wc -c <"$OUT/big.patch")
check "big tree: the patch is over 64 KB ($n bytes)" test "$n" -gt 65536
unreached "$OUT/big.patch" >"$OUT/big.patch.lost"
same "big tree, patch, --jobs 2 2>&1: the unpatched uses named" \
	"$OUT/lost.exp" "$OUT/big.patch.lost"
check "big tree, patch, --jobs 2 2>&1: the diff applies, notes and all" \
	patch -d "$B" -p1 --quiet --dry-run -i "$OUT/big.patch"
n=$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'hookwrap-*.c' -newer "$RULE" \
	2>/dev/null | wc -l)
check "the iteration's file is removed ($n left)" test "$n" = 0

# hookwrap's make coccicheck: the same lists, after spatch's output.
MK="make -s --no-print-directory -C $HW coccicheck M=$T J=2"
$MK MODE=report >"$OUT/mk.report" 2>"$OUT/mk.report.err"
unreached "$OUT/mk.report" >"$OUT/mk.report.lost"
same "make coccicheck MODE=report: the unreached uses listed" \
	"$OUT/lost.exp" "$OUT/mk.report.lost"
same "make coccicheck MODE=report: the closing line last" \
	<(closing "11 reported by spatch") <(tail -1 "$OUT/mk.report")
n=$(grep -c "^$T/.*\[raw-hook-call\]$" "$OUT/mk.report")
check "make coccicheck MODE=report: 11 reports, paths in the tree (got $n)" \
	test "$n" = 11
for mode in context patch; do
	$MK MODE=$mode >"$OUT/mk.$mode" 2>"$OUT/mk.$mode.err"
	unreached "$OUT/mk.$mode.err" >"$OUT/mk.$mode.lost"
	same "make coccicheck MODE=$mode: the unreached uses on stderr" \
		"$OUT/lost.exp" "$OUT/mk.$mode.lost"
	lacks "make coccicheck MODE=$mode: none in the diff" "$OUT/mk.$mode" \
		"unreached-by-spatch"
done
P=$(pristine p.mk)
check "make coccicheck MODE=patch: the diff applies" \
	patch -d "$P" -p1 --quiet -i "$OUT/mk.patch"
