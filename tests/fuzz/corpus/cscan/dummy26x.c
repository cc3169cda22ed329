/*
 * Stub functions for the default security function pointers in case no
 * security model is loaded, shaped like Linux 2.6.21 to 2.6.27
 * (hand-written for hookwrap's tests; no kernel code).
 */

#include <linux/security.h>

static int dummy_ptrace_access_check (struct task_struct *child,
				      unsigned int mode)
{
	return cap_ptrace_access_check(child, mode);
}

static int dummy_capable (const struct cred *cred, struct user_namespace *ns,
			  int cap, int audit)
{
	return cap_capable(cred, ns, cap, audit);
}

static int dummy_syslog (int type)
{
	return 0;
}

static int dummy_inode_alloc_security (struct inode *inode)
{
	return 0;
}

static void dummy_inode_free_security (struct inode *inode)
{
	return;
}

static int dummy_inode_permission (struct inode *inode, int mask)
{
	return 0;
}

static int dummy_file_permission (struct file *file, int mask)
{
	return 0;
}

static int dummy_file_alloc_security (struct file *file)
{
	return 0;
}

static void dummy_file_free_security (struct file *file)
{
	return;
}

static int dummy_mmap_file (struct file *file, unsigned long reqprot,
			    unsigned long prot, unsigned long flags)
{
	return 0;
}

static int dummy_task_kill (struct task_struct *p, struct siginfo *info,
			    int sig, u32 secid)
{
	return 0;
}

#ifdef CONFIG_SECURITY_NETWORK
static int dummy_socket_create (int family, int type,
				int protocol, int kern)
{
	return 0;
}

static int dummy_socket_bind (struct socket *sock, struct sockaddr *address,
			      int addrlen)
{
	return 0;
}

static inline void dummy_sk_free_security (struct sock *sk)
{
}

static void dummy_sk_getsecid(struct sock *sk, u32 *secid)
{
}
#endif	/* CONFIG_SECURITY_NETWORK */

#define set_to_dummy_if_null(ops, function)				\
	do {								\
		if (!ops->function) {					\
			ops->function = dummy_##function;		\
			pr_debug("Had to override the " #function	\
				 " security operation with the dummy one.\n");\
			}						\
	} while (0)

void security_fixup_ops (struct security_operations *ops)
{
	set_to_dummy_if_null(ops, ptrace_access_check);
	set_to_dummy_if_null(ops, capable);
	set_to_dummy_if_null(ops, syslog);
	set_to_dummy_if_null(ops, inode_alloc_security);
	set_to_dummy_if_null(ops, inode_free_security);
	set_to_dummy_if_null(ops, inode_permission);
	set_to_dummy_if_null(ops, file_permission);
	set_to_dummy_if_null(ops, file_alloc_security);
	set_to_dummy_if_null(ops, file_free_security);
	set_to_dummy_if_null(ops, mmap_file);
	set_to_dummy_if_null(ops, task_kill);
#ifdef CONFIG_SECURITY_NETWORK
	set_to_dummy_if_null(ops, socket_create);
	set_to_dummy_if_null(ops, socket_bind);
	set_to_dummy_if_null(ops, sk_free_security);
	set_to_dummy_if_null(ops, sk_getsecid);
#endif	/* CONFIG_SECURITY_NETWORK */
}
