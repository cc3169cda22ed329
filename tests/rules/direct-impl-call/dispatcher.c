/*
 * check-name: fs/ calls the hook's dispatcher, not the implementation
 * check-tree: sleep-hooks
 * check-path: fs/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 * check-command: report --rule direct-impl-call
 * check-units: security/security.c security/commoncap.c
 */
#include <linux/lsm_hooks.h>

int may_admin(const struct cred *cred)
{
	return security_capable(cred, 21, 0);
}
