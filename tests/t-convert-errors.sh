#!/bin/bash
# hookwrap convert on bad input: code spatch cannot parse, a file that
# cannot be written, bad usage.  Needs spatch (coccinelle).
. "$(dirname "$0")/lib.sh"

EXP="$FIX/convert-tree.expected"
# The fixture, composed (an overlay on lsm-mini), read and never changed.
TREE=$(fixture convert-tree)

# Code spatch cannot parse loses no file (issue 13): the function spatch
# parsed is converted by spatch, the calls in the broken one by the
# lexical fallback, each reported; what is not a plain call there (an
# operand of sizeof or &, a call inside a copy of a wrapper) is reported
# and left alone.  The run exits 0: the reports are warnings.
T=$(copy_fixture convert-tree)
cat >"$T/fs/broken.c" <<'EOF2'
#include <linux/fs.h>
#include <linux/security.h>

int broken(struct inode *inode)
{
	int x = security_ops->inode_alloc_security(inode);

	if (x {
		return security_ops->inode_permission(inode, 1, 0);
	return x;
}

int fine(struct inode *inode)
{
	return security_ops->inode_free_security(inode), 0;
}
EOF2
cat >"$T/fs/broken2.c" <<'EOF2'
#include <linux/fs.h>
#include <linux/security.h>

static inline int security_inode_alloc(struct inode *inode)
{
	if (inode {
	return security_ops->inode_alloc_security(inode);
}

int sizes(struct inode *inode)
{
	if (inode {
	return sizeof(security_ops->inode_alloc_security(inode)) +
	       sizeof security_ops->inode_alloc_security(inode);
}
EOF2
cp "$T/fs/broken.c" "$OUT/broken.orig"
cp "$T/fs/broken2.c" "$OUT/broken2.orig"
"$HOOKWRAP" convert "$T" >"$OUT/diff" 2>"$OUT/err"
rc=$?
[ $rc -eq 0 ] && ok "unparsable code: exit 0" ||
	not_ok "unparsable code: exit 0" "exit $rc" "$(cat "$OUT/err")"
contains "unparsable code: a call converted by the fallback, with the place" \
	"$OUT/err" "fs/broken.c:6:10: warning: security_ops->inode_alloc_security() converted by the lexical fallback: spatch could not parse the code around it [converted-by-fallback]"
contains "... every call of the lost region" "$OUT/err" \
	"fs/broken.c:9:10: warning: security_ops->inode_permission() converted by the lexical fallback"
lacks "... the parsed function is spatch's, not reported" "$OUT/err" \
	"fs/broken.c:16:"
contains "... and converted" "$OUT/diff" \
	"+	return security_inode_free(inode), 0;"
contains "a call in a copy of a wrapper: reported, left alone" "$OUT/err" \
	"fs/broken2.c:7:9: warning: security_ops->inode_alloc_security here is not a plain call and spatch could not parse the code around it; left alone, convert it by hand [unparsed-use]"
contains "an operand of sizeof (parenthesised): reported" "$OUT/err" \
	"fs/broken2.c:13:16: warning: security_ops->inode_alloc_security here is not a plain call"
contains "an operand of sizeof (bare): reported" "$OUT/err" \
	"fs/broken2.c:14:16: warning: security_ops->inode_alloc_security here is not a plain call"
lacks "... and not in the diff" "$OUT/diff" "broken2.c"
sed '/^--- a\/fs\/broken.c/,/^--- a\/fs\/positions.c/{/^--- a\/fs\/positions.c/!d}' \
	"$OUT/diff" >"$OUT/diff.rest"
same "the other files convert as ever" "$EXP/convert.diff" "$OUT/diff.rest"
"$HOOKWRAP" convert --in-place "$T" >/dev/null 2>&1
rc=$?
[ $rc -eq 0 ] && ok "unparsable code, --in-place: exit 0" ||
	not_ok "unparsable code, --in-place: exit 0" "exit $rc"
contains "unparsable code: written" "$T/fs/broken.c" \
	"	int x = security_inode_alloc(inode);"
check "what is not a plain call is left as it was" \
	cmp "$OUT/broken2.orig" "$T/fs/broken2.c"
contains "the rest written" "$T/kernel/noinc.c" \
	"return security_task_alloc(p);"

# A file that cannot be written (the size limit stops it) stays as it
# was, whole, with no temporary file left; the others are written.  The
# limit (36 KB) is above the rule convert writes for spatch (27 KB) and
# below the big file (45 KB).
T=$(copy_fixture convert-tree)
{
	echo '#include <linux/security.h>'
	for i in $(seq 800); do
		echo "/* padding line $i: a big file the size limit stops */"
	done
	printf 'int big(void)\n{\n\treturn security_ops->syslog(0);\n}\n'
} >"$T/kernel/big.c"
cp "$T/kernel/big.c" "$OUT/big.orig"
(trap '' XFSZ; ulimit -f 36; "$HOOKWRAP" convert --in-place "$T") \
	>/dev/null 2>"$OUT/err"
rc=$?
[ $rc -eq 1 ] && ok "write failure: exit 1" ||
	not_ok "write failure: exit 1" "exit $rc" "$(cat "$OUT/err")"
contains "write failure named" "$OUT/err" \
	"kernel/big.c: error: cannot write: File too large; the file is unchanged"
check "file that failed is whole and unchanged" \
	cmp "$OUT/big.orig" "$T/kernel/big.c"
n=$(find "$T" -name '*.hookwrap-*' | wc -l)
[ "$n" = 0 ] && ok "no temporary file left" ||
	not_ok "no temporary file left" "$(find "$T" -name '*.hookwrap-*')"
contains "other files written" "$T/fs/positions.c" \
	"return security_file_fcntl(file, 0, 0);"

# --in-place replaces by rename: a new inode, the old mode kept.
T=$(copy_fixture convert-tree)
chmod 640 "$T/kernel/noinc.c"
before=$(stat -c %i "$T/kernel/noinc.c")
untouched=$(stat -c %i "$T/security/security.c")
"$HOOKWRAP" convert --in-place "$T" 2>/dev/null
after=$(stat -c %i "$T/kernel/noinc.c")
[ "$before" != "$after" ] && ok "in-place write renames a new file in" ||
	not_ok "in-place write renames a new file in" "inode $before kept"
mode=$(stat -c %a "$T/kernel/noinc.c")
[ "$mode" = 640 ] && ok "in-place write keeps the mode" ||
	not_ok "in-place write keeps the mode" "mode $mode"
n=$(find "$T" -name '*.hookwrap-*' | wc -l)
[ "$n" = 0 ] && ok "no temporary file after a good run" ||
	not_ok "no temporary file after a good run"
[ "$untouched" = "$(stat -c %i "$T/security/security.c")" ] &&
	cmp -s "$TREE/security/security.c" "$T/security/security.c" &&
	ok "files with nothing to convert are not rewritten" ||
	not_ok "files with nothing to convert are not rewritten"

# Bad usage and bad input: exit 2 and say what to do.
check_fails "no TREE" "$HOOKWRAP" convert
"$HOOKWRAP" convert "$OUT/nonexistent" >/dev/null 2>"$OUT/err"
[ $? -eq 2 ] && ok "missing tree: exit 2" || not_ok "missing tree: exit 2"
contains "missing tree: says so" "$OUT/err" "not a directory"
"$HOOKWRAP" convert --jobs 0 "$TREE" >/dev/null 2>"$OUT/err"
[ $? -eq 2 ] && ok "--jobs 0: exit 2" || not_ok "--jobs 0: exit 2"
contains "--jobs 0: says so" "$OUT/err" "--jobs must be a number from 1"
"$HOOKWRAP" convert --spatch "$OUT/no-spatch" "$TREE" \
	>/dev/null 2>"$OUT/err"
[ $? -eq 2 ] && ok "no spatch: exit 2" || not_ok "no spatch: exit 2"
contains "no spatch: says what to do" "$OUT/err" "install coccinelle"
mkdir -p "$OUT/empty"
"$HOOKWRAP" convert "$OUT/empty" >/dev/null 2>"$OUT/err"
[ $? -eq 2 ] && ok "tree without the table: exit 2" ||
	not_ok "tree without the table: exit 2" "$(cat "$OUT/err")"
check_fails "-o without --print-rule" \
	"$HOOKWRAP" convert -o "$OUT/x" "$TREE"
check_fails "--print-rule with --in-place" \
	"$HOOKWRAP" convert --print-rule --in-place "$TREE"

# The allow-list names tree-relative paths: the same name deeper in the
# tree is converted like any file.
T=$(copy_fixture convert-tree)
mkdir -p "$T/lib/security"
printf '%s\n' '#include <linux/security.h>' '' \
	'int lib_check(struct inode *inode)' '{' \
	'	return security_ops->inode_alloc_security(inode);' '}' \
	>"$T/lib/security/security.c"
"$HOOKWRAP" convert "$T" >"$OUT/diff" 2>"$OUT/err"
rc=$?
[ $rc -eq 0 ] && ok "nested allow-listed name: exit 0" ||
	not_ok "nested allow-listed name: exit 0" "exit $rc" "$(cat "$OUT/err")"
contains "nested allow-listed name: converted" "$OUT/diff" \
	"+	return security_inode_alloc(inode);"
lacks "top-level allow-listed file: still untouched" "$OUT/diff" \
	"+++ b/security/security.c"

# Files with nothing to convert: only a use as a value, only an unknown
# hook, only a copy of a wrapper.  Reported or left alone; never taken
# for code spatch could not parse.
T=$(copy_fixture convert-tree)
rm "$T/fs/positions.c" "$T/include/linux/fs_hooks.h" "$T/kernel/noinc.c" \
	"$T/net/notcalls.c"
printf '%s\n' '#include <linux/net.h>' '#include <linux/security.h>' '' \
	'void *pick_bind(void)' '{' '	return security_ops->socket_bind;' '}' \
	>"$T/net/value.c"
printf '%s\n' '#include <linux/security.h>' '' \
	'int dn_check(struct sockaddr *saddr)' '{' \
	'	return security_ops->dn_prot_sock(saddr);' '}' >"$T/net/unknown.c"
printf '%s\n' '#include <linux/fs.h>' '' \
	'static inline int security_inode_alloc(struct inode *inode)' '{' \
	'	return security_ops->inode_alloc_security(inode);' '}' \
	>"$T/include/linux/oldwrap.h"
"$HOOKWRAP" convert "$T" >"$OUT/diff" 2>"$OUT/err"
rc=$?
[ $rc -eq 0 ] && ok "nothing to convert: exit 0" ||
	not_ok "nothing to convert: exit 0" "exit $rc" "$(cat "$OUT/err")"
check "nothing to convert: empty diff" test ! -s "$OUT/diff"
printf '%s\n' \
	"net/unknown.c:5:9: warning: security_ops->dn_prot_sock() is not a hook of struct security_operations; left alone [unknown-hook]" \
	"net/value.c:6:9: warning: security_ops->socket_bind used as a value, not called; not rewritten [direct-ops-use]" \
	>"$OUT/err.exp"
same "nothing to convert: just the two reports" "$OUT/err.exp" "$OUT/err"
