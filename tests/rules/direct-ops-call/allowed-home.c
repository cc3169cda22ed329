/*
 * check-name: a raw call in a file on the allow-list is not reported
 * check-path: security/capability_extra.c
 * check-conf: profile = lsm
 * check-conf: allow = security/security.c security/dummy.c include/linux/security.h security/capability_extra.c
 */
#include <linux/fs.h>
#include <linux/security.h>

int stacked_mkdir(struct inode *dir, struct dentry *dentry, int mode)
{
	return security_ops->inode_mkdir(dir, dentry, mode);
}
