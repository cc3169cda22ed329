/*
 * check-name: a hook the table has, through its wrapper
 * check-path: fs/namei_extra.c
 */
#include <linux/fs.h>
#include <linux/security.h>

int permission(struct inode *inode, int mask, struct nameidata *nd)
{
	return security_inode_permission(inode, mask, nd);
}
