#!/bin/bash
# direct-impl-call: a module's hook implementation called by name from
# outside its module, found from the registrations in the facts database.
. "$(dirname "$0")/lib.sh"

T=$(copy_fixture sleep-hooks)
# AppArmor's file_open implementation becomes callable, and fs/ calls it
# by name; security/ keeps calling it only through the dispatcher.
sed -i 's/^static int apparmor_file_open(/int apparmor_file_open(/' \
	"$T/security/apparmor/lsm.c"
mkdir -p "$T/fs"
cat >"$T/fs/open_bypass.c" <<'C'
#include <linux/lsm_hooks.h>

extern int apparmor_file_open(struct file *file);
extern int security_file_open(struct file *file);

int vfs_open_checked(struct file *file)
{
	return apparmor_file_open(file);
}

int vfs_open_right(struct file *file)
{
	return security_file_open(file);
}
C
cat >"$T/security/apparmor/file.c" <<'C'
#include <linux/lsm_hooks.h>

extern int apparmor_file_open(struct file *file);

int aa_reopen(struct file *file)
{
	return apparmor_file_open(file);
}
C
KFLAGS="-nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1"
(cd "$T" && for u in $(find . -name '*.c' | sort); do
	"$HOOKWRAP" check --no-group --db="$OUT/facts.db" $KFLAGS "$u" >/dev/null 2>&1
done)
(cd "$T" && "$HOOKWRAP" report --no-group --db="$OUT/facts.db" --rule direct-impl-call) \
	>"$OUT/report.txt" 2>&1
contains "a call by name from fs/ is reported, with the registration" \
	"$OUT/report.txt" \
	"open_bypass.c:8:9: warning: apparmor_file_open() is the security/apparmor implementation of hook file_open (registered at"
n=$(grep -c 'direct-impl-call' "$OUT/report.txt")
[ "$n" -eq 1 ] && ok "only that one call: not the module's own, not the dispatcher" ||
	not_ok "only that one call: not the module's own, not the dispatcher" \
		"$(cat "$OUT/report.txt")"
