#!/bin/bash
# The manifest never silently loses a hook or goes stale (issue 11, items
# 2, 3, 10 and 12): whole logical #if lines, the member count checked
# against the table's text, a cache keyed on every file the build reads,
# a --manifest file that must be one, and the static-default warning only
# where a stub is written.
. "$(dirname "$0")/lib.sh"

H=include/linux/security.h

# bad NAME REGEX CMD...: exit 2, one stderr line matching REGEX, no stdout.
bad() {
	name=$1 want=$2
	shift 2
	"$@" >"$OUT/stdout" 2>"$OUT/stderr"
	rc=$?
	why=
	[ "$rc" -eq 2 ] || why="exit status $rc, expected 2"
	[ -s "$OUT/stdout" ] && why="$why; wrote to stdout: $(head -2 "$OUT/stdout")"
	lines=$(wc -l <"$OUT/stderr")
	[ "$lines" -eq 1 ] || why="$why; $lines lines on stderr"
	grep -Eq -- "$want" "$OUT/stderr" || why="$why; stderr lacks /$want/"
	if [ -z "$why" ]; then
		ok "$name"
	else
		not_ok "$name" "$why" "$(head -5 "$OUT/stderr")"
	fi
}

# rows FILE: the data rows of a manifest.
rows() { echo $(($(wc -l <"$1") - 1)); }

### Item 2: a backslash-continued #if inside the struct.

ci=$(fixture continued-if)
"$HOOKWRAP" manifest "$ci" >"$OUT/ci.tsv" 2>"$OUT/ci.err" || echo "exit $?" >>"$OUT/ci.tsv"
same "continued #if: every hook, rightly guarded (golden)" \
	"$FIX/continued-if.expected/manifest.tsv" "$OUT/ci.tsv"
contains "a hook under '#if A && \\' + 'B' is kept, under A && B" "$OUT/ci.tsv" \
	"$(printf 'socket_create\tsecurity_socket_create\tint\tint family, int type, int protocol, int kern\tfamily, type, protocol, kern\tCONFIG_SECURITY && CONFIG_SECURITY_NETWORK\t')"
contains "a hook under an #if with a comment spanning lines is kept" "$OUT/ci.tsv" \
	"$(printf 'audit_rule_match\tsecurity_audit_rule_match\tint\tunsigned secid, int field, int op, void *lsmrule, struct audit_krule *rule\tsecid, field, op, lsmrule, rule\tCONFIG_SECURITY && CONFIG_AUDIT\t')"

# The count invariant: a member the parse cannot see is an error, with
# where it is and what to do; never a shorter manifest and exit 0.
T=$(copy_fixture continued-if)
sed -i 's/^#if defined(CONFIG_SECURITY) && \\$/#if CONFIG_SECURITY_NETWORK_LEVEL > 1 \&\& \\/' "$T/$H"
bad "a member lost to an #if the parse cannot turn on: exit 2, file:line" \
	"^$T/$H:33: error: struct security_operations declares 12 function-pointer members but the manifest has 7 rows and 0 skipped: 'unix_stream_connect' and 4 more are missing.*'skip'" \
	"$HOOKWRAP" manifest "$T"
printf 'profile = lsm\nskip = name unix_stream_connect\n' >"$T/hookwrap.conf"
bad "... a skipped member counts, the others are still missing" \
	"^$T/$H:35: error: struct security_operations declares 12 function-pointer members but the manifest has 7 rows and 1 skipped: 'socket_create' and 3 more are missing" \
	"$HOOKWRAP" manifest "$T"
T=$(copy_fixture lsm-hooks-mini)
sed -i 's/^#ifdef CONFIG_SECURITY_NETWORK$/#if 0/' "$T/include/linux/lsm_hook_defs.h"
bad "a hook-list entry lost to '#if 0': exit 2, at the entry" \
	"^$T/include/linux/lsm_hook_defs.h:26: error: union security_list_options declares 16 function-pointer members but the manifest has 13 rows and 0 skipped: 'socket_create' and 2 more are missing" \
	"$HOOKWRAP" manifest "$T"

### Item 10: a --manifest file that is no manifest is an error.

LM=$(fixture lsm-mini)
"$HOOKWRAP" manifest "$LM" >"$OUT/good.tsv"
# with_manifest NAME REGEX FILE: check with --manifest FILE must fail so.
with_manifest() {
	bad "$1" "^$3:$2" "$HOOKWRAP" check --no-cache --tree "$LM" \
		--manifest "$3" "$LM/fs/inode.c"
}
M="$OUT/m.tsv"
: >"$M"
with_manifest "an empty --manifest: exit 2 at line 1, says how to make one" \
	"1: error: empty manifest; make one with 'hookwrap manifest TREE > FILE'" "$M"
tail -n +2 "$OUT/good.tsv" >"$M"
with_manifest "a --manifest without its header row: one error" \
	"1: error: no header row .*; make one with 'hookwrap manifest TREE > FILE'" "$M"
head -1 "$OUT/good.tsv" >"$M"
with_manifest "a header row and no hooks: an error" \
	"1: error: a header row and no hooks; make one" "$M"
{ head -2 "$OUT/good.tsv"; sed -n 3p "$OUT/good.tsv" | sed 's/$/\textra/'; } >"$M"
with_manifest "a row with more columns than the header: an error" \
	"3: error: 14 columns, expected 13" "$M"
{ head -2 "$OUT/good.tsv"; sed -n 3p "$OUT/good.tsv" |
  awk -F'\t' -v OFS='\t' '{ s = ""; for (i = 0; i < 10000; i++) s = s "x = 0; "; $7 = s; print }'; } >"$M"
with_manifest "an over-long line: an error, not a 70 kB stub" \
	"3: error: a line of [0-9]+ bytes \\(at most 65536\\)" "$M"
# /dev/zero: read no further than a manifest can be (64 MiB), not for ever.
bad "--manifest /dev/zero: exit 2, larger than a manifest" \
	"^/dev/zero: error: larger than 64 MiB: not a manifest" \
	timeout 60 "$HOOKWRAP" check --no-cache --tree "$LM" \
	--manifest /dev/zero "$LM/fs/inode.c"
{ head -2 "$OUT/good.tsv"; printf 'capget\0'; sed -n 3p "$OUT/good.tsv"; sed -n '4,$p' "$OUT/good.tsv"; } >"$M"
with_manifest "a NUL byte: an error at its line, nothing after it lost silently" \
	"3: error: a NUL byte: this is binary data" "$M"
{ head -3 "$OUT/good.tsv"; sed -n 2p "$OUT/good.tsv"; } >"$M"
with_manifest "a hook twice: an error at the second row" \
	"4: error: hook 'ptrace' has a row already" "$M"
{ head -2 "$OUT/good.tsv"; sed -n 3p "$OUT/good.tsv" | sed 's/^[a-z_]*/a;b/'; } >"$M"
with_manifest "a member that is no C identifier: an error" \
	"3: error: member 'a;b' is not a C identifier" "$M"

### Item 3: the manifest cache is keyed on every file the build reads.

export HOOKWRAP_CACHE_DIR="$OUT/cache"
D=include/linux/lsm_hook_defs.h
add_hook() {
	sed -i 's/^LSM_HOOK(int, 0, file_open, struct file \*file)$/&\nLSM_HOOK(int, 0, file_lock, struct file *file, unsigned int cmd)/' "$1/$D"
}
T=$(copy_fixture lsm-hooks-mini)
"$HOOKWRAP" check --tree "$T" >"$OUT/c1.out" 2>&1	# and cache the manifest
add_hook "$T"
"$HOOKWRAP" check --tree "$T" >"$OUT/c2.out" 2>&1
cat "$OUT/c1.out" >>"$OUT/c2.out"	# the first run must say nothing
same "a hook added to lsm_hook_defs.h: the next check sees it" \
	- "$OUT/c2.out" <<W
$T/$D:18:1: warning: hook 'file_lock' has no wrapper security_file_lock() in include/linux/security.h; regenerate with 'hookwrap gen-header --in-place $T' [stale-wrapper]
W

# The wrappers file and hookwrap.conf are inputs too; --verbose names
# the input that changed.
T=$(copy_fixture lsm-mini)
"$HOOKWRAP" check --tree "$T" --verbose "$T/fs/inode.c" >/dev/null 2>&1
sed -i 's/^int mod_reg_security(/int mod_reg_security_x(/' "$T/security/security.c"
"$HOOKWRAP" check --tree "$T" --verbose "$T/fs/inode.c" >/dev/null 2>"$OUT/w.err"
contains "a changed wrappers file (security/security.c) builds the manifest anew" \
	"$OUT/w.err" "security/security.c changed"
printf 'profile = lsm\n' >"$T/hookwrap.conf"
"$HOOKWRAP" check --tree "$T" --verbose "$T/fs/inode.c" >/dev/null 2>&1
printf 'profile = lsm\nwrapper.ptrace = sec_ptrace\n' >"$T/hookwrap.conf"
"$HOOKWRAP" check --tree "$T" --verbose "$T/fs/inode.c" >/dev/null 2>"$OUT/conf.err"
"$HOOKWRAP" check --tree "$T" --verbose "$T/fs/inode.c" >/dev/null 2>>"$OUT/conf.err"
grep -o 'hookwrap.conf changed\|manifest from [^ ]*/cache/' "$OUT/conf.err" >"$OUT/conf.got"
same "a changed hookwrap.conf builds the manifest anew, the next run reads it" \
	- "$OUT/conf.got" <<W
hookwrap.conf changed
manifest from $OUT/cache/
W

# A damaged cache file is a cache miss: rebuilt silently, never an error.
for f in "$OUT"/cache/manifest-*; do printf 'garbage\n' >"$f"; done
"$HOOKWRAP" check --tree "$T" "$T/fs/inode.c" >/dev/null 2>"$OUT/dmg.err"
echo "exit $?" >>"$OUT/dmg.err"
same "a damaged cache file: rebuilt, exit 0, nothing on stderr" - "$OUT/dmg.err" <<W
exit 0
W

# Review mode: a patch adding a hook to the hook list is reviewed
# against the patched list.
T=$(copy_fixture lsm-hooks-mini)
mkdir -p "$OUT/b/include/linux"
cp "$T/$D" "$OUT/b/$D"
add_hook "$OUT/b"
diff -u "$T/$D" "$OUT/b/$D" |
	sed "s|^--- .*|--- a/$D|; s|^+++ .*|+++ b/$D|" >"$OUT/new-hook.diff"
"$HOOKWRAP" check --tree "$T" >/dev/null 2>&1
"$HOOKWRAP" check --tree "$T" --patch "$OUT/new-hook.diff" >"$OUT/p.out" 2>&1
contains "--patch adding a hook to lsm_hook_defs.h: reviewed with it" "$OUT/p.out" \
	"$D:18:1: warning: hook 'file_lock' has no wrapper security_file_lock()"

### Item 12: the static-default warning only where a stub is written.

W="is static and does real work"
ID=$(fixture inline-default)
"$HOOKWRAP" check --no-cache --tree "$ID" "$ID/security/capability.c" >/dev/null 2>"$OUT/w-check.err"
"$HOOKWRAP" convert --print-rule "$ID" >/dev/null 2>"$OUT/w-convert.err"
cat "$OUT/w-check.err" "$OUT/w-convert.err" >"$OUT/w-quiet.err"
lacks "check and convert, which write no stub, do not warn of a static default" \
	"$OUT/w-quiet.err" "$W"

# A static inline of the stubs' own header, above their block (2.6.9's
# cap_netlink_send()): the stub calls it, no warning.  The static
# default of capability.c is still warned of, by manifest and gen-header.
T=$(copy_fixture inline-header)
"$HOOKWRAP" manifest "$T" 2>"$OUT/ih-m.err" >"$OUT/ih.tsv"
"$HOOKWRAP" gen-header --in-place "$T" 2>"$OUT/ih-g.err"
why=
for e in "$OUT/ih-m.err" "$OUT/ih-g.err"; do
	grep -q "cap_netlink_send.*$W" "$e" && why="$why; $(basename "$e"): warns of cap_netlink_send"
	[ "$(grep -c "security/capability.c:7: default 'cap_secid_to_secctx' .*$W" "$e")" = 1 ] ||
		why="$why; $(basename "$e"): no one warning of cap_secid_to_secctx"
done
grep -q "$(printf '\treturn cap_netlink_send(sk, skb);\tcap_netlink_send\t')" "$OUT/ih.tsv" ||
	why="$why; the manifest's stub does not call cap_netlink_send"
grep -q '^	return cap_netlink_send(sk, skb);$' "$T/$H" ||
	why="$why; the generated stub does not call cap_netlink_send"
printf '#include <linux/security.h>\nint f(struct sock *s, struct sk_buff *b)\n{\n\treturn security_netlink_send(s, b);\n}\n' >"$OUT/use.c"
gcc -Wall -Wextra -Werror -fsyntax-only -I"$T/include" "$OUT/use.c" >"$OUT/cc.err" 2>&1 ||
	why="$why; the CONFIG_SECURITY=n header does not compile: $(head -3 "$OUT/cc.err")"
# Below the block the stub cannot see it: warned of again.
B=$(copy_fixture inline-header)
sed -i '/hookwrap: begin generated/d; /hookwrap: end generated/d' "$B/$H"
sed -i 's|^struct sk_buff {$|/* hookwrap: begin generated wrappers */\n/* hookwrap: end generated wrappers */\n\n&|' "$B/$H"
"$HOOKWRAP" gen-header --in-place "$B" 2>"$OUT/ih-below.err"
grep -q "include/linux/security.h:29: default 'cap_netlink_send' of hook 'netlink_send' $W" "$OUT/ih-below.err" ||
	why="$why; one defined below the generated block is not warned of"
if [ -z "$why" ]; then
	ok "a static inline default in the stubs' header: called, not warned of"
else
	not_ok "a static inline default in the stubs' header: called, not warned of" "${why#; }" \
		"$(cat "$OUT/ih-m.err" "$OUT/ih-g.err")"
fi
