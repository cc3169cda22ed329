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
#   f  the map, docs/architecture.md, names every .c file under src/ and
#      checker/ (and every .h that has no .c of its name) by its path
#      from the top, in backquotes (`checker/walk.c`; a pattern such as
#      `checker/rules/check_<rule-id>.c` covers the files it matches),
#      and every such path it names exists
#   g  no circle among the files of one folder: in the built objects
#      (build/), object A uses object B when B defines a global symbol A
#      needs (nm); within a folder those uses form no loop (tsort), so a
#      file calls down into files that do not call back
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
	# "FILE LINE INCLUDE" for every quoted include, in one pass; then
	# one awk judges them all (a shell loop over a thousand includes
	# costs seconds a run).  -Isrc -I. : src/ first, then the top.
	(cd "$R" && xargs grep -nHE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' <"$tmp/files") |
	sed -E 's/^([^:]*):([0-9]+):[^"]*"([^"]*)".*/\1 \2 \3/' |
	awk -v R="$R" -v stages="$STAGES" '
		function exists(p,   r) {
			r = (getline junk < p) >= 0; close(p); return r
		}
		BEGIN { n = split(stages, s, /[[:space:]]+/)
			for (i = 1; i <= n; i++) if (s[i] != "") stage[s[i]] = i }
		{
			f = $1; line = $2; inc = $3
			dir = f; sub(/\/[^\/]*$/, "", dir)
			if (!(dir in stage)) next
			if (inc !~ /\//) {
				print f ":" line ": \"" inc "\" is not folder-qualified"; next
			}
			if (exists(R "/src/" inc)) tgt = "src/" inc
			else if (exists(R "/" inc)) tgt = inc
			else { print f ":" line ": \"" inc "\": no such file under src/ or ."; next }
			td = tgt; sub(/\/[^\/]*$/, "", td)
			if (!(td in stage))
				print f ":" line ": \"" inc "\" is " tgt ", not in a stage folder"
			else if (stage[td] > stage[dir])
				print f ":" line ": \"" inc "\": " dir " may not include " td ", a later stage"
		}' >>"$tmp/b"
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

	# f: the map names every source file, and only files that exist.
	: >"$tmp/f"
	doc=$R/docs/architecture.md
	if [ ! -f "$doc" ]; then
		echo "docs/architecture.md: missing" >>"$tmp/f"
	else
		grep -oE '`(src|checker)/[A-Za-z0-9_./<>-]+\.[ch]`' "$doc" |
			tr -d '`' | sort -u >"$tmp/named"
		# A name with <...> is a pattern: <...> matches any name part
		# (as a regular expression, [^/]*).  One awk pass: each name
		# must match a file, each file (a .h only without its .c)
		# a name.
		awk -v named="$tmp/named" '
			function re(n) {
				gsub(/[.]/, "[.]", n)
				gsub(/<[^>]*>/, "[^/]*", n)
				return "^" n "$"
			}
			BEGIN {
				while ((getline n < named) > 0) {
					nn++; name[nn] = n; pat[nn] = re(n)
				}
			}
			{ file[$0] = 1; all[++nf] = $0 }
			END {
				for (i = 1; i <= nn; i++) {
					hit = 0
					for (k = 1; k <= nf && !hit; k++)
						hit = all[k] ~ pat[i]
					if (!hit)
						print "docs/architecture.md names " name[i] ", and there is no such file"
				}
				for (k = 1; k <= nf; k++) {
					f = all[k]
					if (f ~ /[.]h$/) {
						c = f; sub(/[.]h$/, ".c", c)
						if (c in file) continue
					}
					hit = 0
					for (i = 1; i <= nn && !hit; i++)
						hit = f ~ pat[i]
					if (!hit)
						print f " is not on the map: name it in docs/architecture.md, in its folder'"'"'s table"
				}
			}' "$tmp/files" >>"$tmp/f"
	fi
	report "layout f: docs/architecture.md names every file of src/ and checker/, and no file that is not there" "$tmp/f"

	# g: no circle of symbol uses among the objects of one folder.
	: >"$tmp/g"
	if ! ls "$R"/build/src/core/*.o >/dev/null 2>&1; then
		echo "$R/build: no objects; run make first" >>"$tmp/g"
	else
		# Only the objects of sources that exist: a removed file's
		# object may linger in build/.
		(cd "$R/build" && find src checker -name '*.o' | sort |
		 while read -r o; do
			[ -f "$R/${o%.o}.c" ] && echo "$o"
		 done) >"$tmp/objs"
		# One nm for every object ("OBJECT:VALUE TYPE NAME" lines): an
		# nm per object costs a process start each, 124 of them 10 s
		# on the 2-core machine against 0.2 s for one.
		if ! (cd "$R/build" && xargs -r nm -A <"$tmp/objs") >"$tmp/nm" 2>"$tmp/nm.err"; then
			echo "nm failed on $R/build: $(head -3 "$tmp/nm.err")" >>"$tmp/g"
		fi
		awk '{
			i = index($0, ":"); o = substr($0, 1, i - 1)
			n = split(substr($0, i + 1), f, " ")
			if (n == 2 && f[1] == "U") print "U", o, f[2]
			else if (n == 3 && f[2] ~ /^[A-Z]$/ && f[2] != "U") print "D", o, f[3]
		}' "$tmp/nm" >"$tmp/syms"
		# "A B": A uses B, both in one folder.
		awk '$1 == "D" { def[$3] = $2; next }
			{ use[NR] = $2 " " $3 }
			END {
				for (i in use) {
					split(use[i], u, " ")
					if (!(u[2] in def)) continue
					a = u[1]; b = def[u[2]]
					da = a; sub(/\/[^\/]*$/, "", da)
					db = b; sub(/\/[^\/]*$/, "", db)
					if (a != b && da == db) print a, b, u[2]
				}
			}' "$tmp/syms" | sort >"$tmp/uses"
		awk '{ print $1, $2 }' "$tmp/uses" | sort -u >"$tmp/edges"
		if ! tsort "$tmp/edges" >/dev/null 2>"$tmp/loops"; then
			# tsort names the files of each loop; show what each uses.
			awk '/input contains a loop/ { if (n) print line; n = 0; line = "circle:"; next }
				{ sub(/^tsort: /, ""); line = line " " $0; n++ }
				END { if (n) print line }' "$tmp/loops" >>"$tmp/g"
			grep '^circle:' "$tmp/g" | tr ' ' '\n' | grep '\.o$' | sort -u >"$tmp/inloop"
			awk 'NR == FNR { in_l[$1] = 1; next } in_l[$1] && in_l[$2] {
				print "  " $1 " uses " $2 ": " $3 }' "$tmp/inloop" "$tmp/uses" >>"$tmp/g"
		fi
	fi
	report "layout g: no circle of calls among the files of one folder (nm on build/)" "$tmp/g"

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
	cp -r "$HW/docs/rules" "$HW/docs/architecture.md" "$P/docs/"
	# The objects, as links (check g reads them; a plant adds its own).
	mkdir -p "$P/build"
	cp -al "$HW/build/src" "$HW/build/checker" "$P/build/"
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
echo '| `src/stray.c` | planted |' >>"$P/docs/architecture.md"
expect 'an unqualified #include and a .c outside the stage folders' b

plant c
seq $((MAXLINES + 1)) | sed 's,.*,/* & */,' >"$P/checker/big.c"
echo '| `checker/big.c` | planted |' >>"$P/docs/architecture.md"
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

plant f-unnamed
echo '/* a file nobody put on the map */' >"$P/checker/sleep/stray.c"
expect "a .c file the map does not name" f

plant f-gone
rm "$P/src/core/kstyle.c"
expect "the map naming a file that is gone" f

plant f-header
echo '#include "core/util.h"' >"$P/checker/lonely.h"
expect "a header with no .c of its name, not on the map" f

# Two planted files of src/core that call each other, built.
plant g-circle
printf 'int plant_b(int);\nint plant_a(int x) { return x ? plant_b(x - 1) : 0; }\n' >"$P/src/core/plant_a.c"
printf 'int plant_a(int);\nint plant_b(int x) { return x ? plant_a(x - 1) : 1; }\n' >"$P/src/core/plant_b.c"
printf '| `src/core/plant_a.c`, `src/core/plant_b.c` | planted |\n' >>"$P/docs/architecture.md"
for f in plant_a plant_b; do
	gcc -c -o "$P/build/src/core/$f.o" "$P/src/core/$f.c"
done
expect "two files of one folder that call each other" g

plant g-nobuild
rm -rf "$P/build"
expect "no objects to read" g
