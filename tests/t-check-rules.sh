#!/bin/bash
# hookwrap check: each rule fires where the fixtures say "want:" and
# nowhere else; macros are named; a header's finding is reported once.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture check)
D=$T/drivers

# want_lines FILE: the line numbers marked "want: N" in FILE.
want_lines() {
	grep -o 'want: [0-9]*' "$1" | awk '{print $2}' | sort -n
}
# got_lines OUT RULE FILE: lines a rule reported for FILE.
got_lines() {
	grep -F "[$2]" "$1" | grep -F "$3:" | cut -d: -f2 | sort -n
}

for case in calls:direct-ops-call macros:direct-ops-call \
	    uses:direct-ops-use unknown:unknown-hook broken:direct-ops-call \
	    ignored:direct-ops-call; do
	f=${case%%:*}
	rule=${case#*:}
	"$HOOKWRAP" check "$D/$f.c" >"$OUT/$f.out" 2>"$OUT/$f.err"
	want_lines "$D/$f.c" >"$OUT/$f.want"
	got_lines "$OUT/$f.out" "$rule" "$D/$f.c" >"$OUT/$f.got"
	same "$rule fires on every marked line of $f.c" "$OUT/$f.want" "$OUT/$f.got"
	n=$(grep -c 'warning:' "$OUT/$f.out")
	w=$(wc -l <"$OUT/$f.want")
	if [ "$n" -eq "$w" ]; then
		ok "$f.c: no finding beyond the marked lines"
	else
		not_ok "$f.c: $n findings for $w marked lines" "$(cat "$OUT/$f.out")"
	fi
done

# The gcc format: file:line:col: warning: message [rule-id]
contains "column is the start of the call" "$OUT/calls.out" \
	"$D/calls.c:11:9: warning: direct call security_ops->inode_permission(); call the wrapper security_inode_permission() instead [direct-ops-call]"
contains "fix-it names the wrapper that drops _security" "$OUT/calls.out" \
	"security_ops->inode_alloc_security(); call the wrapper security_inode_alloc() instead"

# Macros: reported at the expansion, the macro named with its definition.
contains "macro in the file is named" "$OUT/macros.out" \
	"$D/macros.c:14:9: warning: direct call security_ops->inode_mkdir() in macro 'CHECK_MKDIR' (defined at $D/macros.c:9)"
contains "macro from a header is named" "$OUT/macros.out" \
	"$D/macros.c:19:9: warning: direct call security_ops->inode_alloc_security() in macro 'HOOK_ALLOC' (defined at "
contains "... with the header that defines it" "$OUT/macros.out" \
	"check/include/linux/hookmacros.h:5); make the macro call security_inode_alloc() [direct-ops-call]"
contains "call in a macro argument is shown where written" "$OUT/macros.out" \
	"$D/macros.c:24:12: warning: direct call security_ops->inode_create(); call"
lacks "macro argument is not blamed on the macro" "$OUT/macros.out" "'RETURN_IF'"

# direct-ops-use says what the code does with the pointer.
for what in "inode_permission read directly" "compared outside its home" \
	    "security_ops assigned outside its home" \
	    "inode_permission assigned directly" "copied outside its home"; do
	contains "direct-ops-use: $what" "$OUT/uses.out" "$what"
done
lacks "a read is not a call" "$OUT/uses.out" "[direct-ops-call]"

# unknown-hook: did-you-mean only when a hook is close.
contains "unknown-hook suggests the near hook" "$OUT/unknown.out" \
	"struct security_operations has no hook 'inode_permision'; did you mean 'inode_permission' (wrapper security_inode_permission())?"
contains "unknown-hook without a near hook points at the manifest" \
	"$OUT/unknown.out" "has no hook 'inode_frobnicate'; 'hookwrap manifest"
lacks "an unknown member is not also a direct-ops-use" "$OUT/unknown.out" "[direct-ops-use]"

# Partial parse: one note, findings on both sides of the error.
n=$(grep -c 'note:' "$OUT/broken.err")
if [ "$n" -eq 1 ]; then ok "a unit that does not fully parse gets one note"
else not_ok "one note for broken.c" "$(cat "$OUT/broken.err")"; fi
contains "the note says it was checked as far as it parsed" "$OUT/broken.err" \
	"$D/broken.c:1:1: note: libclang could not fully parse this unit (2 errors; first: $D/broken.c:12: use of undeclared identifier 'undeclared_thing'); checked as far as it parsed"

# Must not fire: wrappers, other tables, a local named security_ops,
# comments and strings; the allow-list; allowed headers.
"$HOOKWRAP" check "$D/clean.c" >"$OUT/clean.out" 2>&1
check "clean.c exits 0" test $? -eq 0
same "clean.c: nothing reported" /dev/null "$OUT/clean.out"
"$HOOKWRAP" check "$T/security/security.c" "$T/security/dummy.c" >"$OUT/allowed.out" 2>&1
same "allow-listed files are not reported" /dev/null "$OUT/allowed.out"

# A header's raw call: reported at the header, once for two units.
"$HOOKWRAP" check "$D/header_a.c" "$D/header_b.c" >"$OUT/hdr.out" 2>&1
want_lines "$T/include/linux/hookinline.h" >"$OUT/hdr.want"
got_lines "$OUT/hdr.out" direct-ops-call "include/linux/hookinline.h" >"$OUT/hdr.got"
same "a header's raw call is reported at the header, once" "$OUT/hdr.want" "$OUT/hdr.got"

# The whole sample tree: one direct-ops-call per raw call outside security/.
"$HOOKWRAP" check "$T"/fs/*.c "$T"/kernel/*.c "$T"/ipc/*.c "$T"/net/*.c >"$OUT/tree.out" 2>"$OUT/tree.err"
want=$(grep -rn 'security_ops->' "$T"/fs "$T"/kernel "$T"/ipc "$T"/net | grep -c .)
got=$(grep -c '\[direct-ops-call\]' "$OUT/tree.out")
if [ "$want" -eq "$got" ] && [ "$got" -gt 40 ]; then
	ok "sample tree: $got raw calls, $got findings"
else
	not_ok "sample tree: $want raw calls, $got findings" "$(head "$OUT/tree.err")"
fi
same "sample tree parses cleanly" /dev/null "$OUT/tree.err"

# A macro the table's home defines is its interface (LSM_HOOK_INIT in
# modern kernels): its expansions are not the caller's doing.
printf 'profile = lsm\nallow = security/security.c include/linux/security.h include/linux/hookmacros.h\n' >"$T/hookwrap.conf"
"$HOOKWRAP" check "$D/macros.c" >"$OUT/home.out" 2>&1
lacks "a macro from an allowed header is not reported" "$OUT/home.out" "'HOOK_ALLOC'"
contains "a macro of the unit still is" "$OUT/home.out" "'CHECK_MKDIR'"
contains "a raw call in an allowed macro's argument still is" "$OUT/home.out" "macros.c:24:12:"
rm "$T/hookwrap.conf"
