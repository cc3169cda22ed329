/*
 * check-name: the wrapper called, a local named security_ops, a comment
 * check-path: fs/mkdir.c
 */
#include <linux/fs.h>
#include <linux/security.h>

int vfs_mkdir(struct inode *dir, struct dentry *dentry, int mode)
{
	/* not security_ops->inode_mkdir(dir, dentry, mode) */
	return security_inode_mkdir(dir, dentry, mode);
}

struct local_ops {
	int (*inode_mkdir)(struct inode *, struct dentry *, int);
};

int other_table(struct local_ops *security_ops, struct inode *dir,
		struct dentry *dentry, int mode)
{
	return security_ops->inode_mkdir(dir, dentry, mode);
}
