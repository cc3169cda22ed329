#!/bin/bash
# The rule cases: tests/rules/<rule-id>/<case>.c, one self-contained C
# file per case with its expected output in its header comment, in
# sparse's style (the format: tests/rules/README).  Each case is copied
# into a fresh copy of a fixture tree, checked there, and the output
# compared exactly; one ok / not ok per case.  Then: every rule id of
# checker/rules/ has a case that fires and one that does not.
#
#   tests/t-rules.sh [CASE.c...]    all cases, or those named
. "$(dirname "$0")/lib.sh"

CASES=$HW/tests/rules

# header FILE: read FILE's header comment (the first comment) once, into
# HDR: HDR[NAME] holds the values of its "* NAME: value" lines, one a
# line (check-conf and check-units may repeat).
declare -A HDR
header() {
	local k v
	HDR=()
	while IFS=$'\t' read -r k v; do
		HDR[$k]+="${HDR[$k]:+$'\n'}$v"
	done < <(awk '
		NR == 1 && !/^\/\*/ { exit }
		{ line = $0; sub(/^[[:space:]]*\*?[[:space:]]*/, "", line) }
		match(line, /^check-[a-z-]+:/) {
			k = substr(line, 1, RLENGTH - 1)
			v = substr(line, RLENGTH + 1); sub(/^[[:space:]]+/, "", v)
			sub(/[[:space:]]+$/, "", v); print k "\t" v
		}
		/\*\// { exit }' "$1")
}

# field NAME: the values of NAME in the header last read (header()).
field() {
	[ -n "${HDR[$1]:-}" ] && printf '%s\n' "${HDR[$1]}"
	return 0
}

# blocks FILE OUT ERR: the lines between "* check-output-start" and
# "* check-output-end" into OUT, those of check-error into ERR, verbatim
# but for "*\/", which stands for a "*/" (that would end the comment).
# One awk for both: a case's processes are most of this file's time.
blocks() {
	awk -v out="$2" -v err="$3" '
		{ line = $0; sub(/^[[:space:]]*\*?[[:space:]]*/, "", line) }
		line == "check-output-end" || line == "check-error-end" { to = ""; next }
		to != "" { gsub(/\*\\\//, "*/"); print >to }
		line == "check-output-start" { to = out }
		line == "check-error-start" { to = err }
		END { printf "" >>out; printf "" >>err }' "$1"
}

# base TREE: the fixture TREE, composed once for every case, in BASE.
base() {
	BASE=$OUT/base/$1
	[ -d "$BASE" ] && return 0
	mkdir -p "$OUT/base"
	"$HW/tests/compose-fixture" "$1" "$BASE"
}

# FIRES[rule] and QUIET[rule]: how many cases expect a finding of the
# rule and how many none (run_case counts them).
declare -A FIRES QUIET

# run_case FILE: check one case; one ok / not ok line.
run_case() {
	local f=$1 rule name tree path cmd args flags want_rc C T db rc u
	rule=${f%/*}
	rule=${rule##*/}
	header "$f"
	name=${HDR[check-name]:-}
	local title="$rule/${f##*/}: ${name:-(no check-name)}"
	if [ -z "$name" ]; then
		not_ok "$title" "the header comment has no 'check-name:' line"
		return
	fi
	tree=${HDR[check-tree]:-}
	tree=${tree:-check}
	path=${HDR[check-path]:-}
	path=${path:-drivers/${f##*/}}
	cmd=${HDR[check-command]:-}
	cmd=${cmd:-check}
	args=${cmd#* }
	[ "$args" = "$cmd" ] && args=
	cmd=${cmd%% *}
	flags=${HDR[check-flags]:-}
	# A sleep reached from several call sites is one finding unless
	# --no-group; a case sees one finding per site unless it asks for
	# the grouping ("check-group: yes").
	group=--no-group
	[ "${HDR[check-group]:-}" = yes ] && group=
	want_rc=${HDR[check-exit]:-}
	want_rc=${want_rc:-0}

	C=$OUT/cases/$rule/${f##*/}
	rm -rf "$C"
	if ! base "$tree"; then
		not_ok "$title" "no fixture tree '$tree' (check-tree)"
		return
	fi
	T=$C/tree
	mkdir -p "$C"
	cp -r "$BASE" "$T"
	case $path in
	*/*) mkdir -p "$T/${path%/*}" ;;
	esac
	cp "$f" "$T/$path"
	if [ -n "${HDR[check-conf]:-}" ]; then
		field check-conf >"$T/hookwrap.conf"
	fi
	blocks "$f" "$C/want.out" "$C/want.err"
	if grep -qF "[$rule]" "$C/want.out" "$C/want.err"; then
		FIRES[$rule]=$((${FIRES[$rule]:-0} + 1))
	else
		QUIET[$rule]=$((${QUIET[$rule]:-0} + 1))
	fi
	export HOOKWRAP_CACHE_DIR="$C/cache"

	case $cmd in
	check)
		# shellcheck disable=SC2086
		(cd "$T" && "$HOOKWRAP" check $group $flags $args "$path") \
			>"$C/got.out" 2>"$C/got.err"
		rc=$?
		;;
	report)
		# Collect the case's facts and those of check-units, then report.
		db=$C/facts.db
		for u in "$path" $(field check-units); do
			# shellcheck disable=SC2086
			if ! (cd "$T" && "$HOOKWRAP" check --db="$db" $flags "$u") \
				>>"$C/collect.out" 2>&1; then
				not_ok "$title" "collecting $u failed:" "$(tail -5 "$C/collect.out")"
				return
			fi
		done
		# shellcheck disable=SC2086
		(cd "$T" && "$HOOKWRAP" report $group --db="$db" $args) \
			>"$C/got.out" 2>"$C/got.err"
		rc=$?
		;;
	*)
		not_ok "$title" "check-command '$cmd': not check or report"
		return
		;;
	esac
	# Paths as the case writes them: relative to the tree's top.
	sed -i "s|$T/||g" "$C/got.out" "$C/got.err"

	local why=()
	diff -u "$C/want.out" "$C/got.out" >"$C/out.diff" ||
		why+=("output differs (- expected, + got):" "$(head -30 "$C/out.diff")")
	diff -u "$C/want.err" "$C/got.err" >"$C/err.diff" ||
		why+=("stderr differs (- expected, + got):" "$(head -30 "$C/err.diff")")
	[ "$rc" = "$want_rc" ] || why+=("exit $rc, expected $want_rc")
	if [ ${#why[@]} -eq 0 ]; then
		ok "$title"
	else
		not_ok "$title" "${why[@]}"
	fi
}

if [ $# -gt 0 ]; then
	for f in "$@"; do run_case "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"; done
	exit 0
fi

for f in "$CASES"/*/*.[ch]; do
	[ -f "$f" ] && run_case "$f"
done

# Every rule has a case that fires and a case that does not; every case
# folder is a rule.
ids=$(cat "$HW"/checker/rules/check_*.c |
	sed -nE 's/^[[:space:]]*\.id[[:space:]]*=[[:space:]]*"([^"]+)".*/\1/p' | sort)
for id in $ids; do
	fires=${FIRES[$id]:-0}
	quiet=${QUIET[$id]:-0}
	if [ "$fires" -gt 0 ] && [ "$quiet" -gt 0 ]; then
		ok "$id: $fires case(s) where it fires, $quiet where it does not"
	else
		not_ok "$id: a case where it fires and one where it does not" \
			"tests/rules/$id/: $fires firing, $quiet quiet"
	fi
done
for d in "$CASES"/*/; do
	d=$(basename "$d")
	echo "$ids" | grep -qx "$d" ||
		not_ok "tests/rules/$d/ is a rule id" "no checker/rules/check_*.c has .id = \"$d\""
done
