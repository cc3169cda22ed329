#!/bin/bash
# A hook whose signature changes (issue 22 item 7), in every era.  A
# patch changes a hook (an LSM_HOOK line, a union member, a struct
# member); check --patch reports one stale-wrapper finding at the
# patch's line naming each piece that still takes the old parameters
# and each implementation, by file:line; gen-header --in-place rewrites
# what it owns (the golden diffs below, read line by line: the
# parameter lists, a dispatcher's call and kernel-doc, nothing else),
# lists the rest as notes, and a second run changes nothing; once the
# maintainer has done what the notes say, the tree builds with gcc and
# clang, CONFIG on and off, and check is silent.
#   6.12  lsm612-mini: inode_setsecctx gains a parameter (its plain
#         dispatcher, prototype and stub rewritten, a kernel-doc entry
#         added); cred_getsecid moves from 'u32 *secid' to 'struct
#         lsm_prop *prop', as 6.13 did (its dispatcher does work: listed
#         with the module's implementation; once the maintainer updates
#         it, its prototype follows, its stub is listed)
#   6.1   lsm61-mini: call_int_hook(HOOK, IRC, args), wrapped at 80
#   4.2   sig42-mini: a union member written out, a network hook
#   3.x   lsm3x-mini: a struct member; the default cap_task_kill() too
#   2.6   adopt-26 adopted: the block regenerated, the adapting capable()
#         left outside it, the implementation in dummy.c listed
. "$(dirname "$0")/lib.sh"

export HOOKWRAP_CACHE_DIR="$OUT/cache"

# stamp DIR: every file's bytes and modification time, one line each.
stamp() {
	(cd "$1" && find . -type f | sort | while read -r f; do
		printf '%s %s %s\n' "$f" "$(md5sum <"$f" | cut -c1-32)" \
			"$(stat -c %.9Y "$f")"
	done)
}

# mkpatch OLD NEW: the difference of two trees as a patch of a/ and b/.
mkpatch() {
	(cd "$(dirname "$1")" && diff -ruN "$(basename "$1")" "$(basename "$2")" |
		sed "s|^--- $(basename "$1")/\([^\t]*\).*|--- a/\1|; s|^+++ $(basename "$2")/\([^\t]*\).*|+++ b/\1|")
}

# gendiff OLD NEW FILE...: the files' unified diffs, labelled a/ and b/.
gendiff() {
	local old=$1 new=$2 f
	shift 2
	for f; do
		diff -u --label "a/$f" --label "b/$f" "$old/$f" "$new/$f"
	done
}

# others FILE: gen-header's output less the notes of the tree's own stubs
# (tests/t-tree-stubs.sh holds those).
others() {
	grep -v "\[stub-differs\]\$\|^hookwrap gen-header: note: .* with a stub in the tree's header" "$1"
}

# cc_ok NAME FLAGS...: the compile succeeds with gcc and with clang.
cc_ok() {
	local what=$1 cc
	shift
	for cc in gcc clang; do
		check "$what ($cc)" $cc -fsyntax-only -Wall -Werror "$@"
	done
}

# unit T BODY: a caller of the dispatchers in T's security/, whose body is
# BODY; prints its path.
unit() {
	printf '#include <linux/security.h>\n\nint use(struct dentry *d, void *c, const struct cred *cr, struct lsm_prop *prop, struct sock *sk, struct sk_buff *skb);\n\nint use(struct dentry *d, void *c, const struct cred *cr, struct lsm_prop *prop, struct sock *sk, struct sk_buff *skb)\n{\n%s\n}\n' \
		"$2" >"$1/security/unit.c"
	echo "$1/security/unit.c"
}

# ---------------------------------------------------------------------
# 6.12: lsm612-mini.
T=$(copy_fixture lsm612-mini)
cp -a "$T" "$OUT/612.orig"
"$HOOKWRAP" check --tree "$T" >"$OUT/612.clean" 2>&1
same "6.12: the unchanged tree: check --tree says nothing" /dev/null "$OUT/612.clean"
sed -i 's/^LSM_HOOK(int, 0, inode_setsecctx, struct dentry \*dentry, void \*ctx, u32 ctxlen)$/LSM_HOOK(int, 0, inode_setsecctx, struct dentry *dentry, void *ctx, u32 ctxlen,\n\t int flags)/
	s/^LSM_HOOK(void, LSM_RET_VOID, cred_getsecid, const struct cred \*c, u32 \*secid)$/LSM_HOOK(void, LSM_RET_VOID, cred_getsecid, const struct cred *c,\n\t struct lsm_prop *prop)/' \
	"$T/include/linux/lsm_hook_defs.h"
sed -i 's/^struct cred;$/struct cred;\nstruct lsm_prop;/' "$T/include/linux/types.h"
mkpatch "$OUT/612.orig" "$T" >"$OUT/612.patch"
"$HOOKWRAP" check --tree "$OUT/612.orig" --patch "$OUT/612.patch" >"$OUT/612.review" 2>&1
check "6.12: check --patch exits 1" test $? -eq 1
same "6.12: one finding per changed hook, at the patch's line: the pieces and the implementation, by file:line" \
	- "$OUT/612.review" <<W
include/linux/lsm_hook_defs.h:9:1: warning: hook 'inode_setsecctx' takes (struct dentry *dentry, void *ctx, u32 ctxlen, int flags): security_inode_setsecctx() at security/security.c:153, its prototype at include/linux/security.h:19 and its CONFIG-off stub at include/linux/security.h:53 take (struct dentry *dentry, void *ctx, u32 ctxlen), update them with 'hookwrap gen-header --in-place $OUT/612.orig' [stale-wrapper]
include/linux/lsm_hook_defs.h:13:1: warning: hook 'cred_getsecid' takes (const struct cred *c, struct lsm_prop *prop): security_cred_getsecid() at security/security.c:180 takes (const struct cred *c, u32 *secid) and does more than pass its parameters to the hook: update it by hand; its implementation sample_cred_getsecid() at security/selinux/hooks.c:9 takes (const struct cred *c, u32 *secid), update it by hand [stale-wrapper]
W
"$HOOKWRAP" check --tree "$T" >"$OUT/612.tree" 2>&1
sed "s|^$T/||; s|in-place $T'|in-place $OUT/612.orig'|" "$OUT/612.tree" >"$OUT/612.tree.rel"
same "6.12: check --tree on the patched tree says the same" "$OUT/612.review" "$OUT/612.tree.rel"

cp -a "$T" "$OUT/612.patched"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/612.gen" 2>&1
check "6.12: gen-header --in-place exits 0" test $? -eq 0
others "$OUT/612.gen" >"$OUT/612.notes"
same "6.12: the notes: what was updated, what is left, the implementation" - "$OUT/612.notes" <<W
$T/security/security.c:153: note: security_inode_setsecctx() took (struct dentry *dentry, void *ctx, u32 ctxlen); updated for hook 'inode_setsecctx'
$T/include/linux/security.h:19: note: the prototype of security_inode_setsecctx() took (struct dentry *dentry, void *ctx, u32 ctxlen); updated for hook 'inode_setsecctx'
$T/include/linux/security.h:53: note: the CONFIG-off stub of security_inode_setsecctx() took (struct dentry *dentry, void *ctx, u32 ctxlen); updated for hook 'inode_setsecctx'
$T/include/linux/lsm_hook_defs.h:9: note: hook 'inode_setsecctx' takes (struct dentry *dentry, void *ctx, u32 ctxlen, int flags): 3 pieces updated, 0 left to update by hand; no implementation registered (3 C files read)
$T/security/security.c:180: note: security_cred_getsecid() takes (const struct cred *c, u32 *secid) and does more than pass its parameters to the hook: left as it is; update it by hand for hook 'cred_getsecid', which takes (const struct cred *c, struct lsm_prop *prop)
$T/security/selinux/hooks.c:9: note: sample_cred_getsecid() implements hook 'cred_getsecid' (registered at security/selinux/hooks.c:16) and takes (const struct cred *c, u32 *secid): update it by hand to (const struct cred *c, struct lsm_prop *prop)
$T/include/linux/lsm_hook_defs.h:13: note: hook 'cred_getsecid' takes (const struct cred *c, struct lsm_prop *prop): 0 pieces updated, 1 left to update by hand; 1 of its 1 implementation to update by hand (3 C files read)
W
gendiff "$OUT/612.patched" "$T" include/linux/security.h security/security.c \
	>"$OUT/612.diff"
same "6.12: the golden diff: the parameter lists, the call, one kernel-doc entry" \
	- "$OUT/612.diff" <<'W'
--- a/include/linux/security.h
+++ b/include/linux/security.h
@@ -16,7 +16,8 @@
 int security_inode_permission(struct inode *inode, int mask);
 int security_inode_setxattr(struct dentry *dentry, const char *name,
 			    const void *value, size_t size, int flags);
-int security_inode_setsecctx(struct dentry *dentry, void *ctx, u32 ctxlen);
+int security_inode_setsecctx(struct dentry *dentry, void *ctx, u32 ctxlen,
+			     int flags);
 int security_prepare_creds(struct cred *new, const struct cred *old, gfp_t gfp);
 void security_cred_getsecid(const struct cred *c, u32 *secid);
 int security_getprocattr(struct task_struct *p, int lsmid, const char *name,
@@ -51,7 +52,7 @@
 }
 
 static inline int security_inode_setsecctx(struct dentry *dentry, void *ctx,
-					   u32 ctxlen)
+					   u32 ctxlen, int flags)
 {
 	return -EOPNOTSUPP;
 }
--- a/security/security.c
+++ b/security/security.c
@@ -147,12 +147,14 @@
  * @dentry: the file
  * @ctx: the context
  * @ctxlen: its length
+ * @flags: hook argument
  *
  * Return: 0 on success.
  */
-int security_inode_setsecctx(struct dentry *dentry, void *ctx, u32 ctxlen)
+int security_inode_setsecctx(struct dentry *dentry, void *ctx, u32 ctxlen,
+			     int flags)
 {
-	return call_int_hook(inode_setsecctx, dentry, ctx, ctxlen);
+	return call_int_hook(inode_setsecctx, dentry, ctx, ctxlen, flags);
 }
 
 /**
W
check "6.12: nothing else changed" diff -r -x security.h -x security.c \
	"$OUT/612.patched" "$T"
stamp "$T" >"$OUT/612.s1"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/612.gen2" 2>&1
stamp "$T" >"$OUT/612.s2"
same "6.12: a second run changes no byte and no time" "$OUT/612.s1" "$OUT/612.s2"
# The build tells the maintainer the rest: security_cred_getsecid()
# passes a u32 * where the hook now takes a struct lsm_prop *.
check_fails "6.12: before the hand work, security.c does not build" \
	gcc -fsyntax-only -Wall -Werror -I"$T/include" -DCONFIG_SECURITY \
	"$T/security/security.c"

# The maintainer updates the dispatcher the notes list; gen-header then
# updates its prototype, and lists its stub (whose body writes *secid).
perl -0pi -e 's/void security_cred_getsecid\(const struct cred \*c, u32 \*secid\)\n\{\n\t\*secid = 0;\n\tcall_void_hook\(cred_getsecid, c, secid\);/void security_cred_getsecid(const struct cred *c, struct lsm_prop *prop)\n{\n\tlsmprop_init(prop);\n\tcall_void_hook(cred_getsecid, c, prop);/; s/(extern bool inode_is_private\(struct inode \*inode\);\n)/$1extern void lsmprop_init(struct lsm_prop *prop);\n/' \
	"$T/security/security.c"
cp -a "$T" "$OUT/612.hand"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/612.gen3" 2>&1
others "$OUT/612.gen3" >"$OUT/612.notes3"
same "6.12: after the dispatcher: its prototype updated, its stub listed (its body uses secid)" \
	- "$OUT/612.notes3" <<W
$T/include/linux/security.h:22: note: the prototype of security_cred_getsecid() took (const struct cred *c, u32 *secid); updated for hook 'cred_getsecid'
$T/include/linux/security.h:66: note: the CONFIG-off stub of security_cred_getsecid() takes (const struct cred *c, u32 *secid) and its body uses 'secid', which the new parameters do not keep: left as it is; update it by hand for hook 'cred_getsecid', which takes (const struct cred *c, struct lsm_prop *prop)
$T/security/selinux/hooks.c:9: note: sample_cred_getsecid() implements hook 'cred_getsecid' (registered at security/selinux/hooks.c:16) and takes (const struct cred *c, u32 *secid): update it by hand to (const struct cred *c, struct lsm_prop *prop)
$T/include/linux/lsm_hook_defs.h:13: note: hook 'cred_getsecid' takes (const struct cred *c, struct lsm_prop *prop): 1 piece updated, 1 left to update by hand; 1 of its 1 implementation to update by hand (3 C files read)
W
gendiff "$OUT/612.hand" "$T" include/linux/security.h security/security.c \
	>"$OUT/612.diff3"
same "6.12: ... the prototype's line, nothing else" - "$OUT/612.diff3" <<'W'
--- a/include/linux/security.h
+++ b/include/linux/security.h
@@ -19,7 +19,7 @@
 int security_inode_setsecctx(struct dentry *dentry, void *ctx, u32 ctxlen,
 			     int flags);
 int security_prepare_creds(struct cred *new, const struct cred *old, gfp_t gfp);
-void security_cred_getsecid(const struct cred *c, u32 *secid);
+void security_cred_getsecid(const struct cred *c, struct lsm_prop *prop);
 int security_getprocattr(struct task_struct *p, int lsmid, const char *name,
 			 char **value);
 
W
# The stub and the implementation, by hand; then nothing is left.
perl -0pi -e 's/static inline void security_cred_getsecid\(const struct cred \*c, u32 \*secid\)\n\{\n\t\*secid = 0;\n\}/static inline void security_cred_getsecid(const struct cred *c,\n\t\t\t\t\t  struct lsm_prop *prop)\n{ }/' \
	"$T/include/linux/security.h"
perl -0pi -e 's/static void sample_cred_getsecid\(const struct cred \*c, u32 \*secid\)\n\{\n\t\*secid = 1;\n\}/static void sample_cred_getsecid(const struct cred *c, struct lsm_prop *prop)\n{\n}/' \
	"$T/security/selinux/hooks.c"
"$HOOKWRAP" check --tree "$T" >"$OUT/612.done" 2>&1
same "6.12: after the hand work: check --tree says nothing" /dev/null "$OUT/612.done"
stamp "$T" >"$OUT/612.s3"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/612.gen4" 2>&1
others "$OUT/612.gen4" >"$OUT/612.notes4"
same "6.12: ... gen-header says nothing" /dev/null "$OUT/612.notes4"
stamp "$T" >"$OUT/612.s4"
same "6.12: ... and changes nothing" "$OUT/612.s3" "$OUT/612.s4"
cc_ok "6.12: security.c and the module build, CONFIG_SECURITY on" \
	-I"$T/include" -DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK \
	-DCONFIG_KEYS "$T/security/security.c" "$T/security/selinux/hooks.c"
U=$(unit "$T" "	security_cred_getsecid(cr, prop);
	return security_inode_setsecctx(d, c, 4, 1);")
cc_ok "6.12: a caller with the new parameters builds, CONFIG_SECURITY on" \
	-I"$T/include" -DCONFIG_SECURITY "$U"
cc_ok "6.12: ... and off (the stubs)" -I"$T/include" "$U"
rm -f "$U"

# A renamed parameter is no change.
T=$(copy_fixture lsm612-mini)
sed -i 's/^LSM_HOOK(int, 0, inode_setsecctx, struct dentry \*dentry, void \*ctx, u32 ctxlen)$/LSM_HOOK(int, 0, inode_setsecctx, struct dentry *d, void *context, u32 len)/' \
	"$T/include/linux/lsm_hook_defs.h"
"$HOOKWRAP" check --tree "$T" >"$OUT/rename.out" 2>&1
same "a renamed parameter: check says nothing" /dev/null "$OUT/rename.out"
stamp "$T" >"$OUT/rename.s1"
"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
stamp "$T" >"$OUT/rename.s2"
same "a renamed parameter: gen-header changes nothing" "$OUT/rename.s1" "$OUT/rename.s2"
