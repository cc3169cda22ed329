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
	printf '#include <linux/security.h>\n\nstruct lsm_prop;\n\nint use(struct dentry *d, void *c, const struct cred *cr, struct lsm_prop *prop, struct sock *sk, struct sk_buff *skb);\n\nint use(struct dentry *d, void *c, const struct cred *cr, struct lsm_prop *prop, struct sock *sk, struct sk_buff *skb)\n{\n%s\n}\n' \
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

# ---------------------------------------------------------------------
# 6.1: lsm61-mini, call_int_hook(HOOK, IRC, args).  One parameter added
# at the end (the call wraps at 80 columns), one in the middle of a
# network hook's list.
T=$(copy_fixture lsm61-mini)
cp -a "$T" "$OUT/61.orig"
sed -i 's/^LSM_HOOK(int, 0, inode_setsecctx, struct dentry \*dentry, void \*ctx, u32 ctxlen)$/LSM_HOOK(int, 0, inode_setsecctx, struct dentry *dentry, void *ctx, u32 ctxlen,\n\t int flags)/
	s/^LSM_HOOK(int, 0, socket_sock_rcv_skb, struct sock \*sk, struct sk_buff \*skb)$/LSM_HOOK(int, 0, socket_sock_rcv_skb, struct sock *sk, int family,\n\t struct sk_buff *skb)/' \
	"$T/include/linux/lsm_hook_defs.h"
mkpatch "$OUT/61.orig" "$T" >"$OUT/61.patch"
"$HOOKWRAP" check --tree "$OUT/61.orig" --patch "$OUT/61.patch" >"$OUT/61.review" 2>&1
check "6.1: check --patch exits 1" test $? -eq 1
same "6.1: a finding at each LSM_HOOK line the patch changes" - "$OUT/61.review" <<W
include/linux/lsm_hook_defs.h:8:1: warning: hook 'inode_setsecctx' takes (struct dentry *dentry, void *ctx, u32 ctxlen, int flags): security_inode_setsecctx() at security/security.c:84, its prototype at include/linux/security.h:19 and its CONFIG-off stub at include/linux/security.h:53 take (struct dentry *dentry, void *ctx, u32 ctxlen), update them with 'hookwrap gen-header --in-place $OUT/61.orig' [stale-wrapper]
include/linux/lsm_hook_defs.h:16:1: warning: hook 'socket_sock_rcv_skb' takes (struct sock *sk, int family, struct sk_buff *skb): security_sock_rcv_skb() at security/security.c:119, its prototype at include/linux/security.h:80 and its CONFIG-off stub at include/linux/security.h:84 take (struct sock *sk, struct sk_buff *skb), update them with 'hookwrap gen-header --in-place $OUT/61.orig' [stale-wrapper]
W
cp -a "$T" "$OUT/61.patched"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/61.gen" 2>&1
check "6.1: gen-header --in-place exits 0" test $? -eq 0
others "$OUT/61.gen" | grep -c ': note: ' >"$OUT/61.nnotes"
same "6.1: eight notes (three pieces and the count, for each hook)" <(echo 8) "$OUT/61.nnotes"
gendiff "$OUT/61.patched" "$T" include/linux/security.h security/security.c \
	>"$OUT/61.diff"
same "6.1: the golden diff: the IRC kept, the call and the lists wrapped as the tree wraps them" \
	- "$OUT/61.diff" <<'W'
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
@@ -77,11 +78,12 @@
 
 #ifdef CONFIG_SECURITY_NETWORK
 
-int security_sock_rcv_skb(struct sock *sk, struct sk_buff *skb);
+int security_sock_rcv_skb(struct sock *sk, int family, struct sk_buff *skb);
 
 #else /* CONFIG_SECURITY_NETWORK */
 
-static inline int security_sock_rcv_skb(struct sock *sk, struct sk_buff *skb)
+static inline int security_sock_rcv_skb(struct sock *sk, int family,
+					struct sk_buff *skb)
 {
 	return 0;
 }
--- a/security/security.c
+++ b/security/security.c
@@ -81,9 +81,11 @@
 	return rc;
 }
 
-int security_inode_setsecctx(struct dentry *dentry, void *ctx, u32 ctxlen)
+int security_inode_setsecctx(struct dentry *dentry, void *ctx, u32 ctxlen,
+			     int flags)
 {
-	return call_int_hook(inode_setsecctx, -EOPNOTSUPP, dentry, ctx, ctxlen);
+	return call_int_hook(inode_setsecctx, -EOPNOTSUPP, dentry, ctx, ctxlen,
+			     flags);
 }
 
 int security_prepare_creds(struct cred *new, const struct cred *old, gfp_t gfp)
@@ -116,9 +118,9 @@
 }
 
 #ifdef CONFIG_SECURITY_NETWORK
-int security_sock_rcv_skb(struct sock *sk, struct sk_buff *skb)
+int security_sock_rcv_skb(struct sock *sk, int family, struct sk_buff *skb)
 {
-	return call_int_hook(socket_sock_rcv_skb, 0, sk, skb);
+	return call_int_hook(socket_sock_rcv_skb, 0, sk, family, skb);
 }
 #endif /* CONFIG_SECURITY_NETWORK */
 
W
check "6.1: nothing else changed" diff -r -x security.h -x security.c \
	"$OUT/61.patched" "$T"
stamp "$T" >"$OUT/61.s1"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/61.gen2" 2>&1
stamp "$T" >"$OUT/61.s2"
same "6.1: a second run changes no byte and no time" "$OUT/61.s1" "$OUT/61.s2"
"$HOOKWRAP" check --tree "$T" >"$OUT/61.done" 2>&1
same "6.1: check --tree after it says nothing" /dev/null "$OUT/61.done"
cc_ok "6.1: security.c builds, CONFIG_SECURITY and _NETWORK on" \
	-I"$T/include" -DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK \
	-DCONFIG_KEYS "$T/security/security.c"
U=$(unit "$T" "	return security_inode_setsecctx(d, c, 4, 1) +
	       security_sock_rcv_skb(sk, 2, skb);")
cc_ok "6.1: a caller with the new parameters builds, both options on" \
	-I"$T/include" -DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK "$U"
cc_ok "6.1: ... and both off (the stubs)" -I"$T/include" "$U"
rm -f "$U"

# ---------------------------------------------------------------------
# 4.2 to 5.6: sig42-mini, the union written out.  A network hook's first
# parameter made const (its dispatcher, prototype and stub follow); and
# inode_permission gains one, whose dispatcher does work: listed, with
# the module's implementation; once both are updated by hand, its
# prototype and stub follow.
T=$(copy_fixture sig42-mini)
cp -a "$T" "$OUT/42.orig"
"$HOOKWRAP" check --tree "$T" >"$OUT/42.clean" 2>&1
same "4.2: the unchanged tree: check --tree says nothing" /dev/null "$OUT/42.clean"
sed -i 's/^\tint (\*socket_sock_rcv_skb)(struct sock \*sk, struct sk_buff \*skb);/\tint (*socket_sock_rcv_skb)(const struct sock *sk, struct sk_buff *skb);/
	s/^\tint (\*inode_permission)(struct inode \*inode, int mask);/\tint (*inode_permission)(struct inode *inode, int mask,\n\t\t\t\tunsigned int flags);/' \
	"$T/include/linux/lsm_hooks.h"
mkpatch "$OUT/42.orig" "$T" >"$OUT/42.patch"
"$HOOKWRAP" check --tree "$OUT/42.orig" --patch "$OUT/42.patch" >"$OUT/42.review" 2>&1
check "4.2: check --patch exits 1" test $? -eq 1
same "4.2: a finding at each union member the patch changes" - "$OUT/42.review" <<W
include/linux/lsm_hooks.h:25:1: warning: hook 'inode_permission' takes (struct inode *inode, int mask, unsigned int flags): security_inode_permission() at security/security.c:66 takes (struct inode *inode, int mask) and does more than pass its parameters to the hook: update it by hand; its implementation sample_inode_permission() at security/selinux/hooks.c:4 takes (struct inode *inode, int mask), update it by hand [stale-wrapper]
include/linux/lsm_hooks.h:36:1: warning: hook 'socket_sock_rcv_skb' takes (const struct sock *sk, struct sk_buff *skb): security_sock_rcv_skb() at security/security.c:119, its prototype at include/linux/security.h:80 and its CONFIG-off stub at include/linux/security.h:84 take (struct sock *sk, struct sk_buff *skb), update them with 'hookwrap gen-header --in-place $OUT/42.orig' [stale-wrapper]
W
cp -a "$T" "$OUT/42.patched"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/42.gen" 2>&1
check "4.2: gen-header --in-place exits 0" test $? -eq 0
others "$OUT/42.gen" | grep 'inode_permission' >"$OUT/42.notes"
same "4.2: the notes of inode_permission: its dispatcher and its implementation, left to the maintainer" \
	- "$OUT/42.notes" <<W
$T/security/security.c:66: note: security_inode_permission() takes (struct inode *inode, int mask) and does more than pass its parameters to the hook: left as it is; update it by hand for hook 'inode_permission', which takes (struct inode *inode, int mask, unsigned int flags)
$T/security/selinux/hooks.c:4: note: sample_inode_permission() implements hook 'inode_permission' (registered at security/selinux/hooks.c:15) and takes (struct inode *inode, int mask): update it by hand to (struct inode *inode, int mask, unsigned int flags)
$T/include/linux/lsm_hooks.h:25: note: hook 'inode_permission' takes (struct inode *inode, int mask, unsigned int flags): 0 pieces updated, 1 left to update by hand; 1 of its 1 implementation to update by hand (3 C files read)
W
gendiff "$OUT/42.patched" "$T" include/linux/security.h security/security.c \
	>"$OUT/42.diff"
same "4.2: the golden diff: the network hook's three pieces" - "$OUT/42.diff" <<'W'
--- a/include/linux/security.h
+++ b/include/linux/security.h
@@ -77,11 +77,12 @@
 
 #ifdef CONFIG_SECURITY_NETWORK
 
-int security_sock_rcv_skb(struct sock *sk, struct sk_buff *skb);
+int security_sock_rcv_skb(const struct sock *sk, struct sk_buff *skb);
 
 #else /* CONFIG_SECURITY_NETWORK */
 
-static inline int security_sock_rcv_skb(struct sock *sk, struct sk_buff *skb)
+static inline int security_sock_rcv_skb(const struct sock *sk,
+					struct sk_buff *skb)
 {
 	return 0;
 }
--- a/security/security.c
+++ b/security/security.c
@@ -116,7 +116,7 @@
 }
 
 #ifdef CONFIG_SECURITY_NETWORK
-int security_sock_rcv_skb(struct sock *sk, struct sk_buff *skb)
+int security_sock_rcv_skb(const struct sock *sk, struct sk_buff *skb)
 {
 	return call_int_hook(socket_sock_rcv_skb, 0, sk, skb);
 }
W
stamp "$T" >"$OUT/42.s1"
"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
stamp "$T" >"$OUT/42.s2"
same "4.2: a second run changes no byte and no time" "$OUT/42.s1" "$OUT/42.s2"
# The maintainer's part: the dispatcher and the implementation.
sed -i 's/^int security_inode_permission(struct inode \*inode, int mask)$/int security_inode_permission(struct inode *inode, int mask, unsigned int flags)/
	s/call_int_hook(inode_permission, 0, inode, mask);/call_int_hook(inode_permission, 0, inode, mask, flags);/' \
	"$T/security/security.c"
sed -i 's/^static int sample_inode_permission(struct inode \*inode, int mask)$/static int sample_inode_permission(struct inode *inode, int mask,\n\t\t\t\t   unsigned int flags)/' \
	"$T/security/selinux/hooks.c"
cp -a "$T" "$OUT/42.hand"
"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
gendiff "$OUT/42.hand" "$T" include/linux/security.h security/security.c \
	>"$OUT/42.diff2"
same "4.2: after the hand work, the prototype and the stub follow the dispatcher" \
	- "$OUT/42.diff2" <<'W'
--- a/include/linux/security.h
+++ b/include/linux/security.h
@@ -13,7 +13,8 @@
 int security_capable(const struct cred *cred, int cap, unsigned int opts);
 int security_sb_alloc(struct super_block *sb);
 void security_sb_free(struct super_block *sb);
-int security_inode_permission(struct inode *inode, int mask);
+int security_inode_permission(struct inode *inode, int mask,
+			      unsigned int flags);
 int security_inode_setxattr(struct dentry *dentry, const char *name,
 			    const void *value, size_t size, int flags);
 int security_inode_setsecctx(struct dentry *dentry, void *ctx, u32 ctxlen);
@@ -38,7 +39,8 @@
 static inline void security_sb_free(struct super_block *sb)
 { }
 
-static inline int security_inode_permission(struct inode *inode, int mask)
+static inline int security_inode_permission(struct inode *inode, int mask,
+					    unsigned int flags)
 {
 	return 0;
 }
W
"$HOOKWRAP" check --tree "$T" >"$OUT/42.done" 2>&1
same "4.2: then check --tree says nothing" /dev/null "$OUT/42.done"
cc_ok "4.2: security.c and the module build, every option on" \
	-I"$T/include" -DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK \
	-DCONFIG_KEYS "$T/security/security.c" "$T/security/selinux/hooks.c"
U=$(unit "$T" "	return security_sock_rcv_skb(sk, skb) +
	       security_inode_permission((struct inode *)d, 1, 2);")
cc_ok "4.2: a caller with the new parameters builds, both options on" \
	-I"$T/include" -DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK "$U"
cc_ok "4.2: ... and both off (the stubs)" -I"$T/include" "$U"
rm -f "$U"

# ---------------------------------------------------------------------
# 2.6.21 to 4.1: lsm3x-mini, struct members.  task_kill's last parameter
# retyped: its dispatcher, prototype, stub (wrapped unlike the kernel's
# greedy fill: its lines kept) and the default cap_task_kill() follow;
# inode_permission gains one: its dispatcher does work (listed), its
# default follows.
T=$(copy_fixture lsm3x-mini)
cp -a "$T" "$OUT/3x.orig"
sed -i 's/^\t\t\t  struct siginfo \*info, int sig, u32 secid);/\t\t\t  struct siginfo *info, int sig, const struct cred *cred);/
	s/^\tint (\*inode_permission) (struct inode \*inode, int mask);/\tint (*inode_permission) (struct inode *inode, int mask, int flags);/' \
	"$T/include/linux/security.h"
mkpatch "$OUT/3x.orig" "$T" >"$OUT/3x.patch"
"$HOOKWRAP" check --tree "$OUT/3x.orig" --patch "$OUT/3x.patch" >"$OUT/3x.review" 2>&1
check "3.x: check --patch exits 1" test $? -eq 1
same "3.x: a finding at each member line the patch changes, the default named" \
	- "$OUT/3x.review" <<W
include/linux/security.h:51:1: warning: hook 'inode_permission' takes (struct inode *inode, int mask, int flags): the default cap_inode_permission() at security/capability.c:26 takes (struct inode *inode, int mask), update it with 'hookwrap gen-header --in-place $OUT/3x.orig'; security_inode_permission() at security/security.c:71 takes (struct inode *inode, int mask) and does more than pass its parameters to the hook: update it by hand [stale-wrapper]
include/linux/security.h:61:1: warning: hook 'task_kill' takes (struct task_struct *p, struct siginfo *info, int sig, const struct cred *cred): security_task_kill() at security/security.c:111, its prototype at include/linux/security.h:92, its CONFIG-off stub at include/linux/security.h:162 and the default cap_task_kill() at security/capability.c:45 take (struct task_struct *p, struct siginfo *info, int sig, u32 secid), update them with 'hookwrap gen-header --in-place $OUT/3x.orig' [stale-wrapper]
W
cp -a "$T" "$OUT/3x.patched"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/3x.gen" 2>&1
check "3.x: gen-header --in-place exits 0" test $? -eq 0
contains "3.x: the listed dispatcher is a note" "$OUT/3x.gen" \
	"$T/security/security.c:71: note: security_inode_permission() takes (struct inode *inode, int mask) and does more than pass its parameters to the hook: left as it is; update it by hand for hook 'inode_permission', which takes (struct inode *inode, int mask, int flags)"
gendiff "$OUT/3x.patched" "$T" include/linux/security.h security/security.c \
	security/capability.c >"$OUT/3x.diff"
same "3.x: the golden diff: four pieces of task_kill, the default of inode_permission" \
	- "$OUT/3x.diff" <<'W'
--- a/include/linux/security.h
+++ b/include/linux/security.h
@@ -90,7 +90,7 @@
 int security_mmap_file(struct file *file, unsigned long prot,
 		       unsigned long flags);
 int security_task_kill(struct task_struct *p, struct siginfo *info,
-		       int sig, u32 secid);
+		       int sig, const struct cred *cred);
 
 #else /* CONFIG_SECURITY */
 
@@ -161,7 +161,7 @@
 
 static inline int security_task_kill(struct task_struct *p,
 				     struct siginfo *info, int sig,
-				     u32 secid)
+				     const struct cred *cred)
 {
 	return 0;
 }
--- a/security/security.c
+++ b/security/security.c
@@ -109,9 +109,9 @@
 }
 
 int security_task_kill(struct task_struct *p, struct siginfo *info,
-			int sig, u32 secid)
+			int sig, const struct cred *cred)
 {
-	return security_ops->task_kill(p, info, sig, secid);
+	return security_ops->task_kill(p, info, sig, cred);
 }
 
 #ifdef CONFIG_SECURITY_NETWORK
--- a/security/capability.c
+++ b/security/capability.c
@@ -23,7 +23,7 @@
 {
 }
 
-static int cap_inode_permission(struct inode *inode, int mask)
+static int cap_inode_permission(struct inode *inode, int mask, int flags)
 {
 	return 0;
 }
@@ -43,7 +43,7 @@
 }
 
 static int cap_task_kill(struct task_struct *p, struct siginfo *info,
-			 int sig, u32 secid)
+			 int sig, const struct cred *cred)
 {
 	return 0;
 }
W
stamp "$T" >"$OUT/3x.s1"
"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
stamp "$T" >"$OUT/3x.s2"
same "3.x: a second run changes no byte and no time" "$OUT/3x.s1" "$OUT/3x.s2"
# The maintainer's part: the dispatcher, and its caller; gen-header then
# carries the dispatcher's parameters to its prototype and stub.
sed -i 's/^int security_inode_permission(struct inode \*inode, int mask)$/int security_inode_permission(struct inode *inode, int mask, int flags)/
	s/return security_ops->inode_permission(inode, mask);/return security_ops->inode_permission(inode, mask, flags);/' \
	"$T/security/security.c"
sed -i 's/security_inode_permission(inode, mask);/security_inode_permission(inode, mask, 0);/' \
	"$T/fs/namei.c"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/3x.gen3" 2>&1
contains "3.x: after the hand work, the prototype follows" "$OUT/3x.gen3" \
	"$T/include/linux/security.h:86: note: the prototype of security_inode_permission() took (struct inode *inode, int mask); updated for hook 'inode_permission'"
contains "3.x: ... and the stub" "$OUT/3x.gen3" \
	"$T/include/linux/security.h:138: note: the CONFIG-off stub of security_inode_permission() took (struct inode *inode, int mask); updated for hook 'inode_permission'"
"$HOOKWRAP" check --tree "$T" >"$OUT/3x.done" 2>&1
same "3.x: then check --tree says nothing" /dev/null "$OUT/3x.done"
printf '#include <linux/fs.h>\n#include <linux/security.h>\n\nint sig(struct task_struct *p, struct inode *i, const struct cred *c);\n\nint sig(struct task_struct *p, struct inode *i, const struct cred *c)\n{\n\treturn security_task_kill(p, NULL, 9, c) +\n\t       security_inode_permission(i, 1, 2);\n}\n' \
	>"$T/fs/sig.c"
for cc in gcc clang; do
	for cfg in on off; do
		check "3.x: the tree and a caller build with $cc, config $cfg" sh -c \
			"make -s -C '$T' clean && make -s -C '$T' defconfig-$cfg >/dev/null &&
			 make -s -C '$T' CC=$cc all fs/sig.o"
	done
done
make -s -C "$T" clean

# ---------------------------------------------------------------------
# 2.5.43 to 2.6.20: adopt-26 with its wrappers adopted into the region.
# file_ioctl gains a parameter: the region's wrapper and stub are stale
# (regenerated), the implementation in dummy.c is listed; capable()
# outside the region, which adapts its arguments, is listed when its
# hook changes.
T=$(copy_fixture adopt-26)
"$HOOKWRAP" gen-header --in-place --adopt "$T" >/dev/null 2>&1
cp -a "$T" "$OUT/26.orig"
sed -i 's/^\tint (\*file_ioctl) (struct file \*file, unsigned int cmd,$/\tint (*file_ioctl) (struct file *file, unsigned int cmd, int compat,/' \
	"$T/include/linux/security.h"
mkpatch "$OUT/26.orig" "$T" >"$OUT/26.patch"
"$HOOKWRAP" check --tree "$OUT/26.orig" --patch "$OUT/26.patch" >"$OUT/26.review" 2>&1
check "2.6: check --patch exits 1" test $? -eq 1
same "2.6: one finding at the member: the region's wrapper and stub, the implementation" \
	- "$OUT/26.review" <<W
include/linux/security.h:23:1: warning: hook 'file_ioctl' takes (struct file *file, unsigned int cmd, int compat, unsigned long arg): the generated wrapper security_file_ioctl() at include/linux/security.h:72 and its generated stub at include/linux/security.h:100 take (struct file *file, unsigned int cmd, unsigned long arg), regenerate them with 'hookwrap gen-header --in-place $OUT/26.orig'; its implementation dummy_file_ioctl() at security/dummy.c:12 takes (struct file *file, unsigned int cmd, unsigned long arg), update it by hand [stale-wrapper]
W
cp -a "$T" "$OUT/26.patched"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/26.gen" 2>&1
check "2.6: gen-header --in-place exits 0" test $? -eq 0
same "2.6: the notes: the wrapper and stub regenerated, the implementation to update" \
	- "$OUT/26.gen" <<W
$T/include/linux/security.h:72: note: the generated wrapper security_file_ioctl() took (struct file *file, unsigned int cmd, unsigned long arg); regenerated for hook 'file_ioctl'
$T/include/linux/security.h:100: note: the generated stub security_file_ioctl() took (struct file *file, unsigned int cmd, unsigned long arg); regenerated for hook 'file_ioctl'
$T/security/dummy.c:12: note: dummy_file_ioctl() implements hook 'file_ioctl' (registered at security/dummy.c:23) and takes (struct file *file, unsigned int cmd, unsigned long arg): update it by hand to (struct file *file, unsigned int cmd, int compat, unsigned long arg)
$T/include/linux/security.h:23: note: hook 'file_ioctl' takes (struct file *file, unsigned int cmd, int compat, unsigned long arg): 2 pieces regenerated, 0 left to update by hand; 1 of its 1 implementation to update by hand (2 C files read)
W
gendiff "$OUT/26.patched" "$T" include/linux/security.h >"$OUT/26.diff"
same "2.6: the golden diff: the block's wrapper and stub, nothing else" \
	- "$OUT/26.diff" <<'W'
--- a/include/linux/security.h
+++ b/include/linux/security.h
@@ -70,9 +70,9 @@
 }
 
 static inline int security_file_ioctl(struct file *file, unsigned int cmd,
-				      unsigned long arg)
+				      int compat, unsigned long arg)
 {
-	return security_ops->file_ioctl(file, cmd, arg);
+	return security_ops->file_ioctl(file, cmd, compat, arg);
 }
 
 static inline void security_inode_free(struct inode *inode)
@@ -98,7 +98,7 @@
 }
 
 static inline int security_file_ioctl(struct file *file, unsigned int cmd,
-				      unsigned long arg)
+				      int compat, unsigned long arg)
 {
 	return 0;
 }
W
check "2.6: nothing else changed" diff -r -x security.h "$OUT/26.patched" "$T"
stamp "$T" >"$OUT/26.s1"
"$HOOKWRAP" gen-header --in-place "$T" >/dev/null 2>&1
stamp "$T" >"$OUT/26.s2"
same "2.6: a second run changes no byte and no time" "$OUT/26.s1" "$OUT/26.s2"
# The maintainer's part: the implementation and the caller.
sed -i 's/^static int dummy_file_ioctl(struct file \*file, unsigned int cmd,$/static int dummy_file_ioctl(struct file *file, unsigned int cmd, int compat,/' \
	"$T/security/dummy.c"
sed -i 's/security_file_ioctl(f, cmd, 0);/security_file_ioctl(f, cmd, 0, 0);/' "$T/kernel/users.c"
"$HOOKWRAP" check --tree "$T" >"$OUT/26.done" 2>&1
same "2.6: then check --tree says nothing" /dev/null "$OUT/26.done"
for cc in gcc clang; do
	for cfg in on off; do
		check "2.6: the tree builds with $cc, config $cfg" sh -c \
			"make -s -C '$T' clean && make -s -C '$T' defconfig-$cfg >/dev/null &&
			 make -s -C '$T' CC=$cc all"
	done
done
make -s -C "$T" clean

# capable(), kept outside the region, adapts its arguments: when its hook
# changes it is listed, never rewritten.
T=$(copy_fixture adopt-26)
"$HOOKWRAP" gen-header --in-place --adopt "$T" >/dev/null 2>&1
sed -i 's/^\tint (\*capable) (struct task_struct \*tsk, int cap);/\tint (*capable) (struct task_struct *tsk, int cap, int audit);/' \
	"$T/include/linux/security.h"
"$HOOKWRAP" check --tree "$T" >"$OUT/26cap.out" 2>&1
contains "2.6: capable() outside the region is listed for the maintainer" \
	"$OUT/26cap.out" "capable() at include/linux/security.h:31 takes (int cap) and does more than pass its parameters to the hook: update it by hand"
