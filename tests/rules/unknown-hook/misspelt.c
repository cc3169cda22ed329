/*
 * check-name: a misspelt hook gets the near hook; one with none, the manifest
 * check-path: fs/namei_extra.c
 *
 * check-output-start
fs/namei_extra.c:19:23: warning: struct security_operations has no hook 'inode_permision'; did you mean 'inode_permission' (wrapper security_inode_permission())? [unknown-hook]
fs/namei_extra.c:24:23: warning: struct security_operations has no hook 'inode_frobnicate'; 'hookwrap manifest .' lists the hooks [unknown-hook]
 * check-output-end
 */
#include <linux/fs.h>
#include <linux/security.h>

/*
 * Only the misspelt member is reported: not also as a raw call
 * (direct-ops-call) or a use of the pointer (direct-ops-use).
 */
int permission(struct inode *inode, int mask, struct nameidata *nd)
{
	return security_ops->inode_permision(inode, mask, nd);
}

int frobnicate(struct inode *inode)
{
	return security_ops->inode_frobnicate(inode);
}
