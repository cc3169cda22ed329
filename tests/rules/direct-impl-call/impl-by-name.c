/*
 * check-name: commoncap's capable implementation called by name from fs/
 * check-tree: sleep-hooks
 * check-path: fs/case.c
 * check-flags: -nostdinc -D__KERNEL__ -Iinclude -DCONFIG_SECURITY=1 -DCONFIG_SECURITY_NETWORK=1
 * check-command: report --rule direct-impl-call
 * check-units: security/security.c security/commoncap.c
 *
 * check-output-start
fs/case.c:19:9: warning: cap_capable() is the security implementation of hook capable (registered at security/commoncap.c:26); call the hook's dispatcher instead, so that every module and the guard see the call [direct-impl-call]
 * check-output-end
 */
#include <linux/lsm_hooks.h>

extern int cap_capable(const struct cred *cred, int cap, unsigned int opts);

int may_admin(const struct cred *cred)
{
	return cap_capable(cred, 21, 0);
}
