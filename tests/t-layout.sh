#!/bin/bash
# The source layout of issue 15 (docs/architecture.md), checked:
#   a  no #include that climbs up ("../") in src/, checker/, tests/fuzz/
#   b  every quoted #include in src/ and checker/ is folder-qualified,
#      names a file that exists, and goes to the file's own stage folder
#      or an earlier one (STAGES below, the Makefile's order)
#   c  no .c file in src/ or checker/ over 800 lines
#   d  every checker/rules/check_<name>.c defines rule_<name>, listed in
#      rules.c's rules[], and every entry of rules[] has its check_*.c
#   e  every rule id (.id = "..." in check_*.c) has docs/rules/<id>.md
#      with a "## Bad" section holding a fenced example and a "## Good"
#      section that is not empty (sleep-under-guard's examples are a
#      config and a sentence, so a ```c block is not required)
#
#   tests/t-layout.sh          check this tree, then plant one violation
#                              of each property in a scratch copy and
#                              make sure the check says "not ok" there
#   tests/t-layout.sh ROOT     check the tree at ROOT only
STAGES="src/core src/clang src/manifest src/header src/convert checker/input
	checker checker/sleep checker/rules src/cmd"
MAXLINES=800

if [ $# -gt 0 ]; then
	set -u
	ok() { echo "ok - $1"; }
	not_ok() {
		echo "not ok - $1"
		shift
		for line in "$@"; do echo "#   $line"; done
	}
else
	. "$(dirname "$0")/lib.sh"
fi

# STAGE[DIR]: DIR's place in STAGES (0 first); unset for other folders.
declare -A STAGE
i=0
for s in $STAGES; do
	STAGE[$s]=$i
	i=$((i + 1))
done

# report NAME PROBLEMS-FILE: ok when the file is empty.
report() {
	if [ -s "$2" ]; then
		not_ok "$1" "$(wc -l <"$2") problem(s):" "$(head -20 "$2")"
	else
		ok "$1"
	fi
}

# layout ROOT: one ok / not ok line per property of the tree at ROOT.
layout() {
	local R=$1 tmp f dir own inc tgt ti n name id doc
	tmp=$(mktemp -d)

	# a: no include that climbs up.
	(cd "$R" && grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]([^">]*/)?\.\./' \
		--include='*.c' --include='*.h' src checker tests/fuzz) >"$tmp/a"
	report 'layout a: no #include "../ in src/ checker/ tests/fuzz/' "$tmp/a"

	# b: includes go to the own folder or an earlier one, and exist.
	: >"$tmp/b"
	(cd "$R" && find src checker -name '*.[ch]' | sort) >"$tmp/files"
	while read -r f; do
		[ -n "${STAGE[${f%/*}]-}" ] ||
			echo "$f: not in a stage folder ($(echo $STAGES))" >>"$tmp/b"
	done <"$tmp/files"
	# "FILE LINE INCLUDE" for every quoted include, in one pass.
	(cd "$R" && xargs grep -nHE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' <"$tmp/files") |
	sed -E 's/^([^:]*):([0-9]+):[^"]*"([^"]*)".*/\1 \2 \3/' |
	while read -r f n inc; do
		dir=${f%/*}
		own=${STAGE[$dir]-}
		[ -n "$own" ] || continue
		case $inc in
		*/*) ;;
		*) echo "$f:$n: \"$inc\" is not folder-qualified" >>"$tmp/b"
		   continue ;;
		esac
		# -Isrc -I. : src/ first, then the top.
		if [ -f "$R/src/$inc" ]; then tgt=src/$inc
		elif [ -f "$R/$inc" ]; then tgt=$inc
		else echo "$f:$n: \"$inc\": no such file under src/ or ." >>"$tmp/b"
		     continue
		fi
		ti=${STAGE[${tgt%/*}]-}
		if [ -z "$ti" ]; then
			echo "$f:$n: \"$inc\" is $tgt, not in a stage folder" >>"$tmp/b"
		elif [ "$ti" -gt "$own" ]; then
			echo "$f:$n: \"$inc\": $dir may not include ${tgt%/*}, a later stage" >>"$tmp/b"
		fi
	done
	report "layout b: src/ and checker/ include only their own or earlier stage folders" "$tmp/b"

	# c: no .c over MAXLINES lines.
	(cd "$R" && find src checker -name '*.c' -exec wc -l {} + | grep -v ' total$' |
		awk -v max=$MAXLINES '$1 > max { print $2 ": " $1 " lines" }') >"$tmp/c"
	report "layout c: no .c file in src/ or checker/ over $MAXLINES lines" "$tmp/c"

	# d: check_*.c <-> rules[].
	: >"$tmp/d"
	sed -n '/rules\[\] *= *{/,/^};/p' "$R/checker/rules/rules.c" |
		grep -oE '&rule_[A-Za-z0-9_]+' | sed 's/^&rule_//' | sort >"$tmp/table"
	[ -s "$tmp/table" ] || echo "checker/rules/rules.c: no rules[] table with entries" >>"$tmp/d"
	for f in "$R"/checker/rules/check_*.c; do
		[ -f "$f" ] || continue
		name=$(basename "$f" .c)
		name=${name#check_}
		grep -qE "^const struct rule rule_$name *= *\{" "$f" ||
			echo "checker/rules/check_$name.c: defines no rule_$name" >>"$tmp/d"
		grep -qx "$name" "$tmp/table" ||
			echo "checker/rules/check_$name.c: rule_$name is not in rules.c's rules[]" >>"$tmp/d"
	done
	while read -r name; do
		[ -f "$R/checker/rules/check_$name.c" ] ||
			echo "rules.c: rules[] lists rule_$name, and there is no checker/rules/check_$name.c" >>"$tmp/d"
	done <"$tmp/table"
	report "layout d: every checker/rules/check_*.c is in rules.c's table and every entry has its file" "$tmp/d"

	# e: a docs page with a bad and a good example per rule id.
	: >"$tmp/e"
	cat "$R"/checker/rules/check_*.c 2>/dev/null |
		sed -nE 's/^[[:space:]]*\.id[[:space:]]*=[[:space:]]*"([^"]+)".*/\1/p' >"$tmp/ids"
	[ -s "$tmp/ids" ] || echo "checker/rules/check_*.c: no .id found" >>"$tmp/e"
	while read -r id; do
		doc=docs/rules/$id.md
		if [ ! -f "$R/$doc" ]; then
			echo "rule $id: no $doc" >>"$tmp/e"
			continue
		fi
		# "## Bad" up to the next "## " holds a fenced example (code
		# or a config); "## Good" says (or shows) what to write instead.
		awk '$0 == "## Bad" { in_s = 1; next } /^## / { in_s = 0 }
			in_s && /^```/ { found = 1 } END { exit !found }' "$R/$doc" ||
			echo "$doc: no \"## Bad\" section with a \`\`\` example" >>"$tmp/e"
		awk '$0 == "## Good" { in_s = 1; next } /^## / { in_s = 0 }
			in_s && NF { found = 1 } END { exit !found }' "$R/$doc" ||
			echo "$doc: no \"## Good\" section, or an empty one" >>"$tmp/e"
	done <"$tmp/ids"
	report "layout e: every rule id has docs/rules/<id>.md with a bad and a good example" "$tmp/e"

	rm -rf "$tmp"
}

if [ $# -gt 0 ]; then
	layout "$1"
	exit 0
fi

layout "$HW"

# Each check fails on a copy with one violation planted, and only that
# check: the test cannot pass by checking nothing.
# plant NAME: a fresh copy of the parts of the tree the checks read.
plant() {
	P=$OUT/$1
	rm -rf "$P"
	mkdir -p "$P/tests" "$P/docs"
	cp -r "$HW/src" "$HW/checker" "$P/"
	cp -r "$HW/tests/fuzz" "$P/tests/"
	cp -r "$HW/docs/rules" "$P/docs/"
}
# expect WHAT LETTER: the layout of $P fails property LETTER, and only it.
expect() {
	layout "$P" >"$OUT/$(basename "$P").out"
	local bad what="check $2 fails on $1"
	[ -n "$2" ] || what="no check fails on $1"
	bad=$(grep '^not ok - layout ' "$OUT/$(basename "$P").out" |
		sed -E 's/^not ok - layout (.):.*/\1/' | tr -d '\n')
	if [ "$bad" = "$2" ]; then
		ok "$what"
	else
		not_ok "$what" "failing checks: '$bad', wanted '$2'" \
			"$(head -20 "$OUT/$(basename "$P").out")"
	fi
}

plant clean
expect "an unchanged copy (none fails)" ""

plant a
echo '#include "../x.h"' >>"$P/tests/fuzz/fuzz_config.c"
expect 'a planted #include "../x.h" in tests/fuzz' a

plant b-later
sed -i '0,/#include "core\//s//#include "cmd\/commands.h"\n&/' "$P/src/core/util.c"
expect 'src/core/util.c including "cmd/commands.h"' b

plant b-missing
echo '#include "checker/no_such.h"' >>"$P/checker/walk.c"
expect 'an #include of a file that does not exist' b

plant b-bare
echo '#include "walk.h"' >>"$P/checker/where.c"
echo '#include "core/util.h"' >"$P/src/stray.c"
expect 'an unqualified #include and a .c outside the stage folders' b

plant c
seq $((MAXLINES + 1)) | sed 's,.*,/* & */,' >"$P/checker/big.c"
expect "an $((MAXLINES + 1))-line .c file" c

plant d-entry
sed -i '/^\t&rule_unknown_hook,$/d' "$P/checker/rules/rules.c"
expect "a rule missing from rules.c's table" d

plant d-file
rm "$P/checker/rules/check_stale_wrapper.c"
expect "a table entry without its check_*.c" d

plant e-page
rm "$P/docs/rules/unknown-hook.md"
expect "a rule without its docs page" e

plant e-good
awk '/^## Good/ { skip = 1; next } /^## / { skip = 0 } !skip' \
	"$HW/docs/rules/direct-ops-use.md" >"$P/docs/rules/direct-ops-use.md"
expect 'a docs page without its "## Good" example' e

plant e-bad
sed -i '/^## Bad/,/^## Good/{/^```/d}' "$P/docs/rules/direct-ops-call.md"
expect 'a docs page whose "## Bad" shows no example' e
