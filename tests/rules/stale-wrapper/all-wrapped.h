/*
 * check-name: every hook of a hand-written header has its wrapper
 * check-tree: handwrapped
 * check-path: include/linux/security.h
 */
#ifndef __LINUX_SECURITY_H
#define __LINUX_SECURITY_H

struct task_struct;
struct inode;
struct sock;
struct sk_buff;

#ifdef CONFIG_SECURITY

struct security_operations {
	int (*ptrace) (struct task_struct *parent, struct task_struct *child);
	int (*inode_alloc_security) (struct inode *inode);
	void (*inode_free_security) (struct inode *inode);
	int (*task_kill) (struct task_struct *p, int sig);
#ifdef CONFIG_SECURITY_NETWORK
	int (*socket_sock_rcv_skb) (struct sock *sk, struct sk_buff *skb);
#endif
};

extern struct security_operations *security_ops;

static inline int security_ptrace(struct task_struct *parent,
				  struct task_struct *child)
{
	return security_ops->ptrace(parent, child);
}

static inline int security_inode_alloc(struct inode *inode)
{
	return security_ops->inode_alloc_security(inode);
}

static inline void security_inode_free(struct inode *inode)
{
	security_ops->inode_free_security(inode);
}

static inline int security_task_kill(struct task_struct *p, int sig)
{
	return security_ops->task_kill(p, sig);
}

#ifdef CONFIG_SECURITY_NETWORK
static inline int security_sock_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	return security_ops->socket_sock_rcv_skb(sk, skb);
}
#endif

#else

static inline int security_ptrace(struct task_struct *parent,
				  struct task_struct *child)
{
	return 0;
}

#endif

#endif
