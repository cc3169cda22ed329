/*
 * check-name: the wrapper and registration through the home's interface
 * check-path: drivers/x.c
 */
#include <linux/fs.h>
#include <linux/security.h>

extern struct security_operations my_ops;

int check(struct inode *inode, int mask, struct nameidata *nd)
{
	return security_inode_permission(inode, mask, nd);
}

int setup(void)
{
	return register_security(&my_ops);
}
