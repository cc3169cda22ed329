struct security_hook_heads {
	struct list_head ptrace_access_check;
#ifdef CONFIG_SECURITY_NETWORK
	struct list_head socket_create;	/* a comment; */
#endif
	struct { int x; } anon;
	struct list_head arr[2];
};

struct security_hook_heads security_hook_heads = {
	.ptrace_access_check =
		LIST_HEAD_INIT(security_hook_heads.ptrace_access_check),
#ifdef CONFIG_SECURITY_NETWORK
	.socket_create =	LIST_HEAD_INIT(security_hook_heads.socket_create),
#endif
	.last = { NULL, (void *)(1, 2) }
};
