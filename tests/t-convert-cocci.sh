#!/bin/bash
# The generated Coccinelle rule on its own and through "make coccicheck":
# the kernel's modes (patch, report, context, org), agreement with
# "hookwrap convert", the wrappers left alone.  Needs spatch.
. "$(dirname "$0")/lib.sh"

EXP="$FIX/convert-tree.expected"
# The fixture, composed (an overlay on lsm-mini), read and never changed.
TREE=$(fixture convert-tree)
RULE="$OUT/rule.cocci"
SP="spatch --very-quiet --no-includes --include-headers"

# The rule in semantic-patches/ is the one the sample tree generates.
(cd "$HW" && "$HOOKWRAP" convert --print-rule tests/fixtures/lsm-mini) \
	>"$OUT/lsm-mini.cocci"
same "semantic-patches/lsm-mini.cocci is current (regenerate: hookwrap convert --print-rule -o semantic-patches/lsm-mini.cocci tests/fixtures/lsm-mini)" \
	"$HW/semantic-patches/lsm-mini.cocci" "$OUT/lsm-mini.cocci"

check "--print-rule -o writes the rule" \
	"$HOOKWRAP" convert --print-rule -o "$RULE" "$TREE"
for want in "/// Call the security_operations hooks through their wrappers:" \
	    "// Confidence: High" \
	    "// Options: --no-includes --include-headers" \
	    "virtual patch" "virtual context" "virtual org" "virtual report" \
	    '    "file_free_security": "security_file_free",' \
	    "coccilib.report.print_report(p[0]" "coccilib.org.print_todo(p[0]"; do
	contains "rule has: $want" "$RULE" "$want"
done

# report: file:line:col-col: message, for every use outside the
# allow-listed files, none for them.
$SP -D report --no-show-diff --cocci-file "$RULE" --dir "$TREE" \
	>"$OUT/report" 2>"$OUT/report.err"
n=$(grep -c '\[raw-hook-call\]$' "$OUT/report")
[ "$n" = 22 ] && ok "report: 22 raw calls" ||
	not_ok "report: 22 raw calls" "found $n" "$(head "$OUT/report.err")"
n=$(grep -c '\[unknown-hook\]$' "$OUT/report")
[ "$n" = 1 ] && ok "report: 1 unknown hook" || not_ok "report: 1 unknown hook"
n=$(grep -c '\[direct-ops-use\]$' "$OUT/report")
[ "$n" = 2 ] && ok "report: 2 direct uses" || not_ok "report: 2 direct uses"
n=$(grep -v '^hookwrap: ' "$OUT/report" |
	grep -cvE '^[^:]+:[0-9]+:[0-9]+-[0-9]+: .* \[[a-z-]+\]$')
[ "$n" = 0 ] && ok "report lines read file:line:col-col: message" ||
	not_ok "report lines read file:line:col-col: message" \
	"$(grep -vE '^[^:]+:[0-9]+:[0-9]+-[0-9]+: ' "$OUT/report" | head -3)"
# The closing line counts every use, none lost (t-cocci-reach.sh: where
# spatch cannot parse).
same "report: the closing line counts the 25 uses, the last line" \
	<(echo "hookwrap: 25 raw uses of security_ops-> in 4 files: 25 reported by spatch, 0 inside wrappers (left alone), 0 not reached by spatch") \
	<(tail -1 "$OUT/report")
contains "report: the unknown hook's place" "$OUT/report" \
	"net/notcalls.c:28:8-20: security_ops->dn_prot_sock() is not a hook of struct security_operations; left alone [unknown-hook]"
lacks "report: nothing in allow-listed security/" "$OUT/report" "/security/"
lacks "report: nothing in the wrapper header" "$OUT/report" "linux/security.h"

# org and context: the same 25 places.
$SP -D org --cocci-file "$RULE" --dir "$TREE" >"$OUT/org" 2>/dev/null
n=$(grep -c '^\* TODO \[\[view:' "$OUT/org")
[ "$n" = 25 ] && ok "org: 25 TODO items" || not_ok "org: 25 TODO items" "found $n"
$SP -D context --cocci-file "$RULE" --dir "$TREE" >"$OUT/context" 2>/dev/null
n=$(grep -c '^-.*security_ops->' "$OUT/context")
[ "$n" = 25 ] && ok "context: 25 marked lines" ||
	not_ok "context: 25 marked lines" "found $n"

# patch: spatch's own diff makes the same changes as hookwrap convert,
# #include included; but it realigns the continuation lines of a nested
# call (docs/coccicheck.md), which convert leaves byte for byte.
$SP -D patch --cocci-file "$RULE" --dir "$TREE" --patch "$TREE" \
	>"$OUT/patch" 2>/dev/null
squeeze() { grep '^[-+][^-+]' "$1" | grep 'security_' | tr -s ' \t' ' ' |
	    sort -u; }
squeeze "$OUT/patch" >"$OUT/patch.lines"
squeeze "$EXP/convert.diff" >"$OUT/convert.lines"
same "patch mode makes convert's changes (up to blanks)" \
	"$OUT/convert.lines" "$OUT/patch.lines"
n=$(grep -cE '^\+[[:space:]]+mask /\* the mask \*/,$' "$OUT/patch")
[ "$n" = 1 ] && ok "patch mode realigns a nested call's arguments" ||
	not_ok "patch mode realigns a nested call's arguments" "found $n"
n=$(grep -cE '^\+[[:space:]]+mask /\* the mask \*/,$' "$EXP/convert.diff")
[ "$n" = 0 ] && ok "convert does not" || not_ok "convert does not"
T=$(copy_fixture convert-tree)
check "patch mode's diff applies with patch -p1" \
	patch -d "$T" -p1 --quiet -i "$OUT/patch"

# The wrappers themselves: a copy of the wrapper header under a name the
# allow-list does not protect is still left alone (the calls are inside
# the wrapper functions).
mkdir -p "$OUT/wraps/include/linux"
cp "$TREE/include/linux/security.h" "$OUT/wraps/include/linux/wrappers.h"
n=$(grep -c 'security_ops->' "$OUT/wraps/include/linux/wrappers.h")
[ "$n" -gt 60 ] && ok "the wrapper header has $n raw calls to protect" ||
	not_ok "the wrapper header has raw calls to protect" "found $n"
$SP -D report --no-show-diff --cocci-file "$RULE" --dir "$OUT/wraps" \
	>"$OUT/wraps.report" 2>/dev/null
same "report: no raw call inside a wrapper, all $n counted as such" \
	<(echo "hookwrap: $n raw uses of security_ops-> in 1 file: 0 reported by spatch, $n inside wrappers (left alone), 0 not reached by spatch") \
	"$OUT/wraps.report"
$SP -D patch --cocci-file "$RULE" --dir "$OUT/wraps" \
	>"$OUT/wraps.patch" 2>/dev/null
check "patch: wrappers not rewritten" test ! -s "$OUT/wraps.patch"
$SP -D hookwrap --cocci-file "$RULE" --dir "$OUT/wraps" 2>/dev/null |
	cut -f2 | sort | uniq -c | sed 's/^ *//' >"$OUT/wraps.kinds"
echo "$n inwrap" >"$OUT/wraps.kinds.exp"
same "every use in the wrappers is seen as inside a wrapper" \
	"$OUT/wraps.kinds.exp" "$OUT/wraps.kinds"

# make coccicheck: the kernel's interface.
MK="make -s --no-print-directory -C $HW coccicheck"
$MK M="$TREE" MODE=report J=2 >"$OUT/mk.report" 2>"$OUT/mk.err"
n=$(grep -c ': security_ops->' "$OUT/mk.report")
[ "$n" = 25 ] && ok "make coccicheck MODE=report: 25 reports" ||
	not_ok "make coccicheck MODE=report: 25 reports" "found $n" \
	"$(head -5 "$OUT/mk.err")"
$MK M="$TREE" MODE=patch >"$OUT/mk.patch" 2>/dev/null
T=$(copy_fixture convert-tree)
check "make coccicheck MODE=patch applies with patch -p1" \
	patch -d "$T" -p1 --quiet -i "$OUT/mk.patch"
cp -r "$TREE" "$OUT/inplace"
"$HOOKWRAP" convert --in-place "$OUT/inplace" 2>/dev/null
# The one difference: the rule decides the #include from the file's own
# lines, convert from its include graph (kernel/noinc.c reaches the
# header through its quoted local header).
diff -r -b "$OUT/inplace" "$T" >"$OUT/mk.vs.convert"
printf '%s\n' \
	"diff -r -b $OUT/inplace/kernel/noinc.c $T/kernel/noinc.c" '8a9' \
	'> #include <linux/security.h>' >"$OUT/mk.vs.convert.exp"
same "make coccicheck MODE=patch gives convert's result (up to blanks and noinc.c's include)" \
	"$OUT/mk.vs.convert.exp" "$OUT/mk.vs.convert"
$MK M="$TREE" MODE=org COCCI="$RULE" >"$OUT/mk.org" 2>/dev/null
n=$(grep -c '^\* TODO' "$OUT/mk.org")
[ "$n" = 25 ] && ok "make coccicheck COCCI=rule MODE=org" ||
	not_ok "make coccicheck COCCI=rule MODE=org" "found $n"
$MK M="$TREE" MODE=chain >"$OUT/mk.chain" 2>/dev/null
contains "make coccicheck MODE=chain: patch first" "$OUT/mk.chain" \
	"+	return security_file_fcntl(file, 0, 0);"
$MK M="$TREE" MODE=bogus >/dev/null 2>"$OUT/mk.err"
[ $? -ne 0 ] && ok "make coccicheck: bad MODE fails" ||
	not_ok "make coccicheck: bad MODE fails"
contains "bad MODE: says what to use" "$OUT/mk.err" \
	"use patch, report, context, org or chain"
$MK MODE=report >/dev/null 2>"$OUT/mk.err"
[ $? -ne 0 ] && ok "make coccicheck without M fails" ||
	not_ok "make coccicheck without M fails"
contains "no M: says what to do" "$OUT/mk.err" "make coccicheck M=TREE"

# spatch is given only the files that name the pointer, outside the
# allow-list: "convert --print-files", which make coccicheck uses.
"$HOOKWRAP" convert --print-files "$TREE" >"$OUT/files" 2>"$OUT/files.err"
check "--print-files: exit 0" test $? -eq 0
printf '%s\n' fs/positions.c include/linux/fs_hooks.h kernel/noinc.c \
	net/notcalls.c >"$OUT/files.exp"
same "--print-files: the files naming security_ops, not security.h/.c (allowed)" \
	"$OUT/files.exp" "$OUT/files"
"$HOOKWRAP" convert --print-files --jobs 1 "$TREE" >"$OUT/files1"
same "--print-files --jobs 1: the same" "$OUT/files.exp" "$OUT/files1"
"$HOOKWRAP" convert --print-files --print-rule "$TREE" >/dev/null 2>&1
check "--print-files with --print-rule: usage error (2)" test $? -eq 2
# A spatch that notes its arguments, then runs the real one.
cat >"$OUT/fake-spatch" <<EOS
#!/bin/sh
printf '%s\n' "\$@" >>"$OUT/spatch.args"
prev=
for a; do
	[ "\$prev" = --file-groups ] && cat "\$a" >>"$OUT/spatch.groups"
	prev=\$a
done
exec spatch "\$@"
EOS
chmod +x "$OUT/fake-spatch"
rm -f "$OUT/spatch.args" "$OUT/spatch.groups"
SPATCH=$OUT/fake-spatch $MK M="$TREE" MODE=report >"$OUT/mk.fake" 2>&1
n=$(grep -c ': security_ops->' "$OUT/mk.fake")
check "coccicheck through the file list: 25 reports (got $n)" test "$n" = 25
contains "... spatch given --file-groups, not --dir" "$OUT/spatch.args" \
	"--file-groups"
lacks "... not --dir" "$OUT/spatch.args" "--dir"
grep -v '^$' "$OUT/spatch.groups" | sed "s|^$TREE/||" >"$OUT/groups.files"
same "... the groups: the four files, one each" "$OUT/files.exp" \
	"$OUT/groups.files"
CLEAN=$OUT/clean-tree
rm -rf "$CLEAN"
cp -r "$TREE" "$CLEAN"
(cd "$CLEAN" && rm fs/positions.c include/linux/fs_hooks.h kernel/noinc.c \
	net/notcalls.c)
rm -f "$OUT/spatch.args"
SPATCH=$OUT/fake-spatch $MK M="$CLEAN" MODE=report >"$OUT/mk.clean" 2>&1
check "coccicheck on a clean tree: exit 0" test $? -eq 0
same "... prints nothing" /dev/null "$OUT/mk.clean"
check "... and does not run spatch" test ! -e "$OUT/spatch.args"
