/*
 * check-name: a stub passes the default two parameters swapped
 * check-tree: tree-stubs
 * check-path: include/linux/security.h
 *
 * check-output-start
include/linux/security.h:80:1: warning: stub security_task_prctl() calls cap_task_prctl() with 'arg2' after 'arg3', out of the hook's order: the tree's does 'return cap_task_prctl(option, arg3, arg2, arg4, arg5);', the default 'return cap_task_prctl(option, arg2, arg3, arg4, arg5);'; fix the stub (hookwrap keeps the tree's, and generates it too), or set 'stub.task_prctl' in hookwrap.conf to the body meant [stub-differs]
 * check-output-end
 */
#ifndef __LINUX_SECURITY_H
#define __LINUX_SECURITY_H

#include <linux/types.h>

extern int cap_capable(const struct cred *cred, int cap, unsigned int opts);
extern int cap_inode_setxattr(struct dentry *dentry, const char *name,
			      const void *value, size_t size, int flags);
extern int cap_task_prctl(int option, unsigned long arg2, unsigned long arg3,
			  unsigned long arg4, unsigned long arg5);

#ifdef CONFIG_SECURITY

int security_capable(const struct cred *cred, int cap, unsigned int opts);
int security_sb_alloc(struct super_block *sb);
void security_sb_free(struct super_block *sb);
int security_inode_permission(struct inode *inode, int mask);
int security_inode_setxattr(struct dentry *dentry, const char *name,
			    const void *value, size_t size, int flags);
int security_inode_setsecctx(struct dentry *dentry, void *ctx, u32 ctxlen);
int security_prepare_creds(struct cred *new, const struct cred *old, gfp_t gfp);
void security_cred_getsecid(const struct cred *c, u32 *secid);
int security_task_prctl(int option, unsigned long arg2, unsigned long arg3,
			unsigned long arg4, unsigned long arg5);
int security_getprocattr(struct task_struct *p, int lsmid, const char *name,
			 char **value);

#else /* CONFIG_SECURITY */

static inline int security_capable(const struct cred *cred, int cap,
				   unsigned int opts)
{
	return cap_capable(cred, cap, opts);
}

static inline int security_sb_alloc(struct super_block *sb)
{
	return 0;
}

static inline void security_sb_free(struct super_block *sb)
{ }

static inline int security_inode_permission(struct inode *inode, int mask)
{
	return 0;
}

static inline int security_inode_setxattr(struct dentry *dentry,
					  const char *name, const void *value,
					  size_t size, int flags)
{
	return 0;
}

static inline int security_inode_setsecctx(struct dentry *dentry, void *ctx,
					   u32 ctxlen)
{
	return 0;
}

static inline int security_prepare_creds(struct cred *new,
					 const struct cred *old, gfp_t gfp)
{
	return 0;
}

static inline void security_cred_getsecid(const struct cred *cred, u32 *sid)
{ }

static inline int security_task_prctl(int option, unsigned long arg2,
				      unsigned long arg3, unsigned long arg4,
				      unsigned long arg5)
{
	return cap_task_prctl(option, arg3, arg2, arg4, arg5);
}

static inline int security_getprocattr(struct task_struct *p, int lsmid,
				       const char *name, char **value)
{
	return -EINVAL;
}

#endif /* CONFIG_SECURITY */

#ifdef CONFIG_SECURITY_NETWORK

int security_sock_rcv_skb(struct sock *sk, struct sk_buff *skb);

#else /* CONFIG_SECURITY_NETWORK */

static inline int security_sock_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	return 0;
}

#endif /* CONFIG_SECURITY_NETWORK */

#ifdef CONFIG_KEYS
#ifdef CONFIG_SECURITY

int security_key_getsecurity(struct key *key, char **buffer);

#else

static inline int security_key_getsecurity(struct key *key, char **buffer)
{
	return 0;
}

#endif
#endif /* CONFIG_KEYS */

#endif /* __LINUX_SECURITY_H */
