#!/bin/bash
# hookwrap convert adds the wrapper header's #include only where the
# converted file would not compile without it (issue 13, item 5): not
# where the file already reaches it through other headers (libclang's
# include graph), on #include lines every configuration takes.
# Needs spatch (coccinelle).
. "$(dirname "$0")/lib.sh"

TREE=$(fixture e2e-mini)

# net/socket.c and kernel/audit.c get <linux/security.h> through
# <linux/netlink.h>; the other files include it themselves.
"$HOOKWRAP" convert --stats "$TREE" >"$OUT/diff" 2>"$OUT/err"
rc=$?
[ $rc -eq 0 ] && ok "e2e-mini: exit 0" || not_ok "e2e-mini: exit 0" "exit $rc"
lacks "included through a header: no #include added" "$OUT/diff" \
	"+#include"
contains "--stats: 0 includes added" "$OUT/err" ", 0 includes added"
# Every file reaches the header by #include lines outside any #if:
# the text tells, no file is parsed (issue 14).
contains "--stats: include check decided from text alone" "$OUT/err" \
	"include check: 7 files by text, 0 parsed"
for f in net/socket.c kernel/audit.c kernel/fork.c kernel/ptrace.c; do
	contains "$f is converted" "$OUT/diff" "+++ b/$f"
done

# An include reached only under a configuration's #ifdef does not count:
# the file gets its own.  One under #ifdef __KERNEL__ (every kernel
# build) does.
T=$(copy_fixture e2e-mini)
sed -i 's|^#include <linux/netlink.h>|#ifdef CONFIG_NET\n&\n#endif|' \
	"$T/net/socket.c"
cat >"$T/include/linux/kern.h" <<'EOF2'
#ifndef _LINUX_KERN_H
#define _LINUX_KERN_H
#ifdef __KERNEL__
#include <linux/security.h>
#endif
#endif
EOF2
sed -i 's|^#include <linux/netlink.h>|#include <linux/kern.h>\n#ifdef CONFIG_NET\n&\n#endif|' \
	"$T/kernel/audit.c"
"$HOOKWRAP" convert "$T" >"$OUT/diff2" 2>"$OUT/err2"
awk '/^\+\+\+ /{f=$2} /^\+#include/{print f ": " $0}' "$OUT/diff2" \
	>"$OUT/added2"
printf '%s\n' 'b/net/socket.c: +#include <linux/security.h>' >"$OUT/added2.exp"
same "only under #ifdef CONFIG_NET: the include is added; under __KERNEL__: not" \
	"$OUT/added2.exp" "$OUT/added2"
sed -n '/^+++ b\/net\/socket.c/,/^+#include/p' "$OUT/diff2" | tail -3 \
	>"$OUT/where2"
printf '%s\n' ' #endif' ' #include <linux/errno.h>' \
	'+#include <linux/security.h>' >"$OUT/where2.exp"
same "... after the file's last unconditional <linux/...> include" \
	"$OUT/where2.exp" "$OUT/where2"

# A wrapper header of its own (output = ...): every converted .c needs
# it, but one that already includes it through a header it includes.
T=$(copy_fixture e2e-mini)
printf '%s\n' 'profile = lsm' 'output = include/linux/security_wrap.h' \
	>"$T/hookwrap.conf"
printf '%s\n' '#ifndef _LINUX_SECURITY_WRAP_H' \
	'#define _LINUX_SECURITY_WRAP_H' '#include <linux/security.h>' \
	'#endif' >"$T/include/linux/security_wrap.h"
printf '%s\n' '#ifndef _LINUX_WRAPUSER_H' '#define _LINUX_WRAPUSER_H' \
	'#include <linux/security_wrap.h>' '#endif' \
	>"$T/include/linux/wrapuser.h"
sed -i 's|^#include <linux/sched.h>|&\n#include <linux/wrapuser.h>|' \
	"$T/kernel/fork.c"
"$HOOKWRAP" convert --stats "$T" >"$OUT/diff3" 2>"$OUT/err3"
awk '/^\+\+\+ /{f=$2} /^\+#include/{print f ": " $0}' "$OUT/diff3" \
	>"$OUT/added3"
for f in fs/ioctl.c fs/namei.c kernel/audit.c kernel/ptrace.c mm/mmap.c \
	 net/socket.c; do
	echo "b/$f: +#include <linux/security_wrap.h>"
done >"$OUT/added3.exp"
same "output header: added to every converted .c but the one that has it" \
	"$OUT/added3.exp" "$OUT/added3"
contains "--stats: 6 includes added" "$OUT/err3" ", 6 includes added"
# fork.c reaches it through the header written above; no line of others
# leads to it at all: the text tells both, no parse.
contains "--stats: reached and unreachable decided from text" "$OUT/err3" \
	"include check: 7 files by text, 0 parsed"

# An include under #ifdef CONFIG_X serves calls under #ifdef CONFIG_X
# (as 2.6.9's NFS server does): no include added; one call outside the
# #ifdef needs it.
T=$(copy_fixture e2e-mini)
cat >"$T/fs/namei.c" <<'EOF2'
#include <linux/config.h>
#include <linux/fs.h>
#ifdef CONFIG_SECURITY_CAPABILITIES
#include <linux/security.h>
#endif
#include <linux/errno.h>

#ifdef CONFIG_SECURITY_CAPABILITIES
int inode_setup(struct inode *inode)
{
	return security_ops->inode_alloc_security(inode);
}
#endif

#if defined(CONFIG_SECURITY_CAPABILITIES)
void inode_teardown(struct inode *inode)
{
	security_ops->inode_free_security(inode);
}
#endif
EOF2
"$HOOKWRAP" convert "$T" >"$OUT/diff4" 2>/dev/null
contains "fs/namei.c converted" "$OUT/diff4" "+++ b/fs/namei.c"
lacks "an include under #ifdef X, every call under #ifdef X: none added" \
	"$OUT/diff4" "+#include"
printf '%s\n' '' 'int outside(struct inode *inode)' '{' \
	'	return security_ops->inode_alloc_security(inode);' '}' \
	>>"$T/fs/namei.c"
"$HOOKWRAP" convert "$T" >"$OUT/diff5" 2>/dev/null
awk '/^\+\+\+ /{f=$2} /^\+#include/{print f ": " $0}' "$OUT/diff5" \
	>"$OUT/added5"
echo 'b/fs/namei.c: +#include <linux/security.h>' >"$OUT/added5.exp"
same "... and a call outside it: added" "$OUT/added5.exp" "$OUT/added5"

# What the text cannot tell is parsed: an include chain only under an
# #ifdef (its condition is compared with the calls'), and a computed
# "#include MACRO".  The results stay the parse's: socket.c's chain
# under CONFIG_NET does not count, the include is added.
T=$(copy_fixture e2e-mini)
sed -i 's|^#include <linux/netlink.h>|#ifdef CONFIG_NET\n&\n#endif|' \
	"$T/net/socket.c"
sed -i 's|^#include <linux/netlink.h>|#define NETLINK_H <linux/netlink.h>\n#include NETLINK_H|' \
	"$T/kernel/audit.c"
"$HOOKWRAP" convert --stats "$T" >"$OUT/diff6" 2>"$OUT/err6"
awk '/^\+\+\+ /{f=$2} /^\+#include/{print f ": " $0}' "$OUT/diff6" \
	>"$OUT/added6"
contains "conditional chain: the parse decides, the include is added" \
	"$OUT/added6" 'b/net/socket.c: +#include <linux/security.h>'
contains "--stats: those two parsed, the rest by text" "$OUT/err6" \
	"include check: 5 files by text, 2 parsed"

# The text does not take an #include in a comment for one (no line
# leads to the header: decided, the include added), nor one under
# #if 0 (a line under a condition: parsed, and added as before).
T=$(copy_fixture e2e-mini)
cat >"$T/include/linux/quiet.h" <<'EOF2'
#ifndef _LINUX_QUIET_H
#define _LINUX_QUIET_H
/* #include <linux/security.h>
#include <linux/netlink.h> */
// #include <linux/security.h>
#endif
EOF2
sed -i 's|^#include <linux/netlink.h>|#include <linux/quiet.h>|' \
	"$T/kernel/audit.c"
sed -i 's|^#include <linux/netlink.h>|#if 0\n&\n#endif|' "$T/net/socket.c"
"$HOOKWRAP" convert --stats "$T" >"$OUT/diff7" 2>"$OUT/err7"
awk '/^\+\+\+ /{f=$2} /^\+#include/{print f ": " $0}' "$OUT/diff7" \
	>"$OUT/added7"
printf '%s\n' 'b/kernel/audit.c: +#include <linux/security.h>' \
	'b/net/socket.c: +#include <linux/security.h>' >"$OUT/added7.exp"
same "commented-out and #if 0 includes do not count" \
	"$OUT/added7.exp" "$OUT/added7"
contains "--stats: the comment by text, the #if 0 parsed" "$OUT/err7" \
	"include check: 6 files by text, 1 parsed"
