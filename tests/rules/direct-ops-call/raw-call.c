/*
 * check-name: a raw call through the table pointer, outside its home
 * check-path: fs/mkdir.c
 *
 * check-output-start
fs/mkdir.c:15:9: warning: direct call security_ops->inode_mkdir(); call the wrapper security_inode_mkdir() instead [direct-ops-call]
fs/mkdir.c:20:11: warning: direct call security_ops->inode_alloc_security(); call the wrapper security_inode_alloc() instead [direct-ops-call]
 * check-output-end
 */
#include <linux/fs.h>
#include <linux/security.h>

int vfs_mkdir(struct inode *dir, struct dentry *dentry, int mode)
{
	return security_ops->inode_mkdir(dir, dentry, mode);
}

int alloc_deref(struct inode *inode)
{
	return (*security_ops->inode_alloc_security)(inode);
}
