#!/bin/bash
# hookwrap convert on tests/fixtures/convert-tree: every call position,
# the golden diff, minimality, compilation, reports, allow-list, include
# insertion, idempotence.  Needs spatch (coccinelle).
. "$(dirname "$0")/lib.sh"

EXP="$FIX/convert-tree.expected"
# The fixture, composed (an overlay on lsm-mini), read and never changed.
TREE=$(fixture convert-tree)
CFLAGS_ON="-fsyntax-only -nostdinc -DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK"

# The golden diff and reports (read by hand: only callees change).
"$HOOKWRAP" convert "$TREE" >"$OUT/diff" 2>"$OUT/err"
rc=$?
[ $rc -eq 0 ] && ok "convert exits 0" ||
	not_ok "convert exits 0" "exit $rc" "$(head -5 "$OUT/err")"
same "golden diff" "$EXP/convert.diff" "$OUT/diff"
same "golden reports" "$EXP/convert.stderr" "$OUT/err"

# The diff applies with patch -p1; --in-place gives the same files.
T=$(copy_fixture convert-tree)
mv "$T" "$OUT/patched"
check "diff applies with patch -p1" \
	patch -d "$OUT/patched" -p1 --quiet -i "$OUT/diff"
T=$(copy_fixture convert-tree)
check "--in-place exits 0" "$HOOKWRAP" convert --in-place "$T"
check "--in-place equals the applied diff" diff -r "$OUT/patched" "$T"

# Every position was converted: no raw call left in the converted files
# outside comments, strings, #if 0 and the reported uses.
for pos in "MAY_CREATE(dir, dentry) security_inode_create(" \
	   "security_file_free(f);" \
	   "	security_inode_free(inode);" \
	   "int ok = security_inode_permission(" \
	   "err = security_inode_permission(" \
	   "if (security_file_permission(file, MAY_READ))" \
	   "while (security_file_permission(file, MAY_WRITE)" \
	   "for (i = 0; security_file_permission(file, i)" \
	   "return security_file_fcntl(file, 0, 0);" \
	   "printk(\"%d %d\\n\", security_inode_alloc(inode)," \
	   "security_file_mmap(file," \
	   "security_file_alloc(file)," \
	   "return security_inode_unlink(dir, dentry);" \
	   "return security_inode_link(dentry, dir, dentry);" \
	   "security_inode_mkdir (dir, dentry, 0755);" \
	   "return security_inode_link(dentry,		/* the old name */" \
	   "return printk(\"%d\\n\", security_inode_permission(inode,"; do
	contains "position: $pos" "$T/fs/positions.c" "$pos"
done
contains "position: static inline in a header" \
	"$T/include/linux/fs_hooks.h" "return security_file_permission(file,"
contains "position: macro in a header" \
	"$T/include/linux/fs_hooks.h" "	security_file_permission((file), MAY_WRITE)"
contains "comment left alone" "$T/fs/positions.c" \
	" * style, security_ops->inode_permission(inode, mask, nd), stays"
contains "string left alone" "$T/fs/positions.c" \
	"\"security_ops->inode_permission(inode, 0)\""
contains "#if 0 code left alone" "$T/fs/positions.c" \
	"return security_ops->inode_alloc_security(inode);"

# Minimal: mapping every wrapper back to its raw call gives the original
# bytes exactly (apart from the added #include).
"$HOOKWRAP" manifest "$TREE" |
	awk -F'\t' 'NR > 1 { printf "s/\\<%s(/security_ops->%s(/g\n", $2, $1;
			     printf "s/\\<%s (/security_ops->%s (/g\n", $2, $1 }' \
	>"$OUT/unconvert.sed"
for f in fs/positions.c include/linux/fs_hooks.h net/notcalls.c \
	 kernel/noinc.c; do
	grep -v '^#include <linux/security.h>$' "$T/$f" |
		sed -f "$OUT/unconvert.sed" >"$OUT/back"
	grep -v '^#include <linux/security.h>$' "$TREE/$f" \
		>"$OUT/orig"
	same "only callees changed: $f" "$OUT/orig" "$OUT/back"
done

# The converted files compile, with the hooks on and compiled away.
for f in fs/positions.c kernel/noinc.c net/notcalls.c; do
	check "compiles with CONFIG_SECURITY: $f" \
		gcc $CFLAGS_ON -I"$T/include" -I"$T/kernel" "$T/$f"
done
# (net/notcalls.c keeps its reported uses of security_ops, which only
# exist with CONFIG_SECURITY)
for f in fs/positions.c kernel/noinc.c; do
	check "compiles without CONFIG_SECURITY: $f" \
		gcc -fsyntax-only -nostdinc -I"$T/include" -I"$T/kernel" "$T/$f"
done
check "the original compiles too (the fixture is sound)" \
	gcc $CFLAGS_ON -I"$TREE/include" "$TREE/fs/positions.c"
echo '#include <linux/fs_hooks.h>' >"$OUT/use_hooks.c"
check "converted header compiles" \
	gcc -fsyntax-only -nostdinc -I"$T/include" "$OUT/use_hooks.c"

# Unknown hooks and uses as values: reported, left alone.
contains "unknown hook reported" "$OUT/err" \
	"net/notcalls.c:28:9: warning: security_ops->dn_prot_sock() is not a hook of struct security_operations; left alone [unknown-hook]"
contains "unknown hook left alone" "$T/net/notcalls.c" \
	"return security_ops->dn_prot_sock(saddr);"
contains "value use reported" "$OUT/err" \
	"net/notcalls.c:12:15: warning: security_ops->socket_bind used as a value, not called; not rewritten [direct-ops-use]"
contains "value use left alone" "$T/net/notcalls.c" \
	"bind_fn fn = security_ops->socket_bind;"
contains "condition use left alone" "$T/net/notcalls.c" \
	"if (security_ops->socket_create)"
contains "call beside them converted" "$T/net/notcalls.c" \
	"return security_netlink_send(sk, skb);"

# The allow-listed files and the wrapper header are untouched.
for f in security/security.c security/dummy.c security/capability.c \
	 include/linux/security.h; do
	check "allow-listed, untouched: $f" cmp "$TREE/$f" "$T/$f"
done
lacks "allow-listed files not in the diff" "$OUT/diff" "security/"
lacks "wrapper header not in the diff" "$OUT/diff" "linux/security.h	"

# Include insertion (where it goes: tests/t-convert-include.sh): not
# when the file reaches the header already, through a quoted local
# header here; once; not in headers.
check "no include where a local header brings it" \
	cmp "$TREE/kernel/noinc.c" <(sed -f "$OUT/unconvert.sed" "$T/kernel/noinc.c")
n=$(grep -c '#include <linux/security.h>' "$T/fs/positions.c")
[ "$n" = 1 ] && ok "no second include where there is one" ||
	not_ok "no second include where there is one" "found $n"
check "no include added to a header" \
	cmp <(grep -c '#include' "$TREE/include/linux/fs_hooks.h") \
	    <(grep -c '#include' "$T/include/linux/fs_hooks.h")

# Idempotence: a second run finds nothing to change.
"$HOOKWRAP" convert "$T" >"$OUT/diff2" 2>"$OUT/err2"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$OUT/diff2" ] && ok "second run: empty diff" ||
	not_ok "second run: empty diff" "exit $rc" "$(head -10 "$OUT/diff2")"
same "second run: the same reports" "$EXP/convert.stderr" "$OUT/err2"
cp -r "$T" "$OUT/again"
check "second --in-place changes nothing" sh -c \
	"'$HOOKWRAP' convert --in-place '$OUT/again' 2>/dev/null &&
	 diff -r '$T' '$OUT/again'"

# --jobs does not change the result.
"$HOOKWRAP" convert --jobs 1 "$TREE" >"$OUT/diff.j1" 2>/dev/null
"$HOOKWRAP" convert --jobs 3 "$TREE" >"$OUT/diff.j3" 2>/dev/null
same "--jobs 1 gives the golden diff" "$EXP/convert.diff" "$OUT/diff.j1"
same "--jobs 3 gives the golden diff" "$EXP/convert.diff" "$OUT/diff.j3"

# --stats counts what the diff shows.
"$HOOKWRAP" convert --stats "$TREE" >/dev/null 2>"$OUT/stats"
contains "--stats summary" "$OUT/stats" \
	"4 changed, 22 calls converted (0 by the lexical fallback), 1 unknown hooks, 2 direct uses, 0 unparsed uses, 0 files skipped"
n=$(grep -c '^-[^-]' "$EXP/convert.diff")
[ "$n" = 22 ] && ok "golden diff removes 22 lines (one call each)" ||
	not_ok "golden diff removes 22 lines (one call each)" "found $n"

# On a terminal: progress and a summary on stderr (not otherwise: the
# golden reports above have neither).
if command -v script >/dev/null 2>&1; then
	script -qec "'$HOOKWRAP' convert '$TREE' >/dev/null" \
		/dev/null >"$OUT/tty" 2>&1
	contains "progress on a terminal" "$OUT/tty" \
		"hookwrap convert: 4/4 files parsed"
	contains "summary on a terminal" "$OUT/tty" \
		"4 changed, 22 calls converted"
fi

# scripts/unconvert (the real-tree trial's tool, docs/performance.md)
# undoes the conversion: back to the fixture, less the added #include.
cp -r "$T" "$OUT/roundtrip"
check "unconvert runs" "$HW/scripts/unconvert" --hookwrap "$HOOKWRAP" \
	--sites "$OUT/sites" "$OUT/roundtrip"
grep -v '^#include <linux/security.h>$' "$OUT/roundtrip/kernel/noinc.c" \
	>"$OUT/noinc.back"
grep -v '^#include <linux/security.h>$' "$TREE/kernel/noinc.c" \
	>"$OUT/noinc.orig"
same "unconvert: kernel/noinc.c back" "$OUT/noinc.orig" "$OUT/noinc.back"
for f in fs/positions.c include/linux/fs_hooks.h net/notcalls.c; do
	same "unconvert: $f back" "$TREE/$f" "$OUT/roundtrip/$f"
done
n=$(wc -l <"$OUT/sites")
[ "$n" = 22 ] && ok "unconvert: 22 sites listed" ||
	not_ok "unconvert: 22 sites listed" "found $n"

# The manifest from check's cache: written by the first run, read by the
# next (same diff), rebuilt when the header changes; --no-cache: none.
CD=$OUT/mcache
rm -rf "$CD"
HOOKWRAP_CACHE_DIR=$CD "$HOOKWRAP" convert "$TREE" >"$OUT/c1.diff" 2>/dev/null
n=$(ls "$CD" 2>/dev/null | grep -c '^manifest-')
check "convert caches its manifest (got $n)" test "$n" -eq 1
HOOKWRAP_CACHE_DIR=$CD "$HOOKWRAP" convert "$TREE" >"$OUT/c2.diff" 2>/dev/null
same "... and the cached run gives the golden diff" "$EXP/convert.diff" \
	"$OUT/c2.diff"
HOOKWRAP_CACHE_DIR=$CD "$HOOKWRAP" check --verbose --tree "$TREE" \
	>/dev/null 2>"$OUT/c3.err"
contains "... the same cache check reads" "$OUT/c3.err" "manifest from $CD"
T=$(copy_fixture convert-tree)
sed -i 's/int (\*file_permission)/int (*file_permission_renamed)/' \
	"$T/include/linux/security.h"
HOOKWRAP_CACHE_DIR=$CD "$HOOKWRAP" convert "$T" >"$OUT/c4.diff" 2>/dev/null
HOOKWRAP_CACHE_DIR= "$HOOKWRAP" convert "$T" >"$OUT/c5.diff" 2>/dev/null
same "... a changed header: the manifest built again (as without cache)" \
	"$OUT/c5.diff" "$OUT/c4.diff"
rm -rf "$CD"
HOOKWRAP_CACHE_DIR=$CD "$HOOKWRAP" convert --no-cache "$TREE" >/dev/null 2>&1
check "--no-cache: no cache written" test ! -e "$CD"
