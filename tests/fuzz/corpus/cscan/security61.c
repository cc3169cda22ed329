/*
 * Dispatchers of the 6.1-shaped sample: each walks the registered
 * copies of its hook; no kernel-doc here (6.1 documents the hooks elsewhere).
 */
#include <linux/lsm_hooks.h>

#define LSM_RET_VOID ((void) 0)

struct security_hook_heads security_hook_heads;

/* Walk the copies of a hook; the first one that says no decides. */
#define each_copy(P, HEAD)						\
	for (P = (struct security_hook_list *)(HEAD)->first; P;	\
	     P = (struct security_hook_list *)P->list.next)

#define call_void_hook(FUNC, ...)					\
	do {								\
		struct security_hook_list *P;				\
									\
		each_copy(P, &security_hook_heads.FUNC)			\
			P->hook.FUNC(__VA_ARGS__);			\
	} while (0)

#define call_int_hook(FUNC, IRC, ...) ({				\
	int RC = IRC;							\
	do {								\
		struct security_hook_list *P;				\
									\
		each_copy(P, &security_hook_heads.FUNC) {		\
			RC = P->hook.FUNC(__VA_ARGS__);			\
			if (RC != 0)					\
				break;					\
		}							\
	} while (0);							\
	RC;								\
})

extern int lsm_sb_alloc(struct super_block *sb);
extern void lsm_sb_free(struct super_block *sb);
extern int lsm_cred_alloc(struct cred *cred, gfp_t gfp);
extern bool inode_is_private(struct inode *inode);

int security_capable(const struct cred *cred, int cap, unsigned int opts)
{
	return call_int_hook(capable, 0, cred, cap, opts);
}

int security_sb_alloc(struct super_block *sb)
{
	int rc = lsm_sb_alloc(sb);

	if (unlikely(rc))
		return rc;
	rc = call_int_hook(sb_alloc_security, 0, sb);
	if (unlikely(rc))
		security_sb_free(sb);
	return rc;
}

void security_sb_free(struct super_block *sb)
{
	call_void_hook(sb_free_security, sb);
	lsm_sb_free(sb);
}

int security_inode_permission(struct inode *inode, int mask)
{
	if (unlikely(inode_is_private(inode)))
		return 0;
	return call_int_hook(inode_permission, 0, inode, mask);
}

int security_inode_setxattr(struct dentry *dentry, const char *name,
			    const void *value, size_t size, int flags)
{
	int rc;

	rc = call_int_hook(inode_setxattr, 1, dentry, name, value, size, flags);
	if (rc == 1)
		rc = cap_inode_setxattr(dentry, name, value, size, flags);
	return rc;
}

int security_inode_setsecctx(struct dentry *dentry, void *ctx, u32 ctxlen)
{
	return call_int_hook(inode_setsecctx, -EOPNOTSUPP, dentry, ctx, ctxlen);
}

int security_prepare_creds(struct cred *new, const struct cred *old, gfp_t gfp)
{
	int rc = lsm_cred_alloc(new, gfp);

	if (rc)
		return rc;
	return call_int_hook(cred_prepare, 0, new, old, gfp);
}

void security_cred_getsecid(const struct cred *c, u32 *secid)
{
	*secid = 0;
	call_void_hook(cred_getsecid, c, secid);
}

int security_getprocattr(struct task_struct *p, int lsmid, const char *name,
			 char **value)
{
	struct security_hook_list *hp;
	int n = 0;

	each_copy(hp, &security_hook_heads.getprocattr) {
		if (lsmid != 0 && n++ != lsmid)
			continue;
		return hp->hook.getprocattr(p, name, value);
	}
	return -EINVAL;
}

#ifdef CONFIG_SECURITY_NETWORK
int security_sock_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	return call_int_hook(socket_sock_rcv_skb, 0, sk, skb);
}
#endif /* CONFIG_SECURITY_NETWORK */

#ifdef CONFIG_KEYS
int security_key_getsecurity(struct key *key, char **buffer)
{
	*buffer = NULL;
	return call_int_hook(key_getsecurity, 0, key, buffer);
}
#endif /* CONFIG_KEYS */
