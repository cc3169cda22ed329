/*
 * check-name: checking the table's home reports the header's hook with no wrapper
 * check-tree: handwrapped
 * check-path: security/security.c
 *
 * The fixture's hand-written header (no markers) has no wrapper for
 * task_kill; the tree rules run with the allow-list's first C file.
 *
 * check-output-start
include/linux/security.h:19:1: warning: hook 'task_kill' has no wrapper security_task_kill() in include/linux/security.h; put the markers '/* hookwrap: begin generated wrappers *\/' and '/* hookwrap: end generated wrappers *\/' around the wrappers, then regenerate with 'hookwrap gen-header --in-place .' [stale-wrapper]
 * check-output-end
 */
#include <linux/security.h>

struct security_operations *security_ops;
