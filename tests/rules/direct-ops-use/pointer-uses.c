/*
 * check-name: the table pointer read, compared and assigned, not called
 * check-path: drivers/x.c
 *
 * check-output-start
drivers/x.c:19:10: warning: hook security_ops->inode_permission read directly; call security_inode_permission() or keep table access in security/security.c, security/dummy.c, security/capability.c, ... [direct-ops-use]
drivers/x.c:20:6: warning: table pointer security_ops compared outside its home; only security/security.c, security/dummy.c, security/capability.c, ... may touch it [direct-ops-use]
drivers/x.c:21:3: warning: table pointer security_ops assigned outside its home; only security/security.c, security/dummy.c, security/capability.c, ... may touch it [direct-ops-use]
 * check-output-end
 */
#include <linux/fs.h>
#include <linux/security.h>

extern struct security_operations my_ops, other_ops;
static int (*saved)(struct inode *, int, struct nameidata *);

void remember(void)
{
	saved = security_ops->inode_permission;
	if (security_ops == &my_ops)
		security_ops = &other_ops;
}
