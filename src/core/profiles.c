/*
 * profiles.c - built-in table descriptions, as data.  A profile is
 * exactly what a hookwrap.conf file would say; adding one is adding an
 * entry here.  config.c applies them (table_profile()): this file calls
 * nothing.
 */
#include "core/table.h"

#include <string.h>

static const struct table_profile_def profiles[] = {
	{
		/*
		 * Linux Security Modules from 4.2 on: the hooks are members of
		 * union security_list_options, written out until 5.6 and
		 * generated from the LSM_HOOK(RET, DEFAULT, NAME, ...) list in
		 * lsm_hook_defs.h since 5.7.  Every module registers its own
		 * copies (LSM_HOOK_INIT); the dispatchers are security_*()
		 * in security.c, the CONFIG-off stubs in security.h.  The
		 * capability module's registrations are the defaults, the
		 * list's DEFAULT the rest.
		 */
		"lsm-hooks", {
			{ "struct", "security_list_options" },
			{ "pointer", "security_hook_heads" },
			{ "header", "include/linux/lsm_hooks.h" },
			{ "hook-list", "include/linux/lsm_hook_defs.h" },
			{ "hook-macro", "LSM_HOOK" },
			{ "output", "include/linux/security.h" },
			{ "prefix", "security_" },
			{ "strip-suffix", "_security" },
			{ "config", "CONFIG_SECURITY" },
			{ "defaults", "security/commoncap.c" },
			{ "wrappers", "security/security.c" },
			/*
			 * 6.12 on: the union also holds the address of the
			 * function (lsm_func_addr), data, not a hook.
			 */
			{ "data-members", "lsm_func_addr" },
			/*
			 * The dispatchers run a hook through these: 4.2 to
			 * 6.1 walking each module's P->hook.NAME, 6.12 on
			 * through static calls, where no member is accessed.
			 */
			{ "dispatch-macro", "call_int_hook:1 call_void_hook:1 "
					    "lsm_for_each_hook:2" },
			{ "allow", "security/security.c include/linux/lsm_hooks.h "
				   "include/linux/lsm_hook_defs.h "
				   "include/linux/security.h" },
			/*
			 * The framework's own state, which lsm_hooks.h asks
			 * nobody outside it to tamper with: the static-call
			 * slots and their keys (6.12 on), the module list,
			 * the registration call.  The modules under
			 * security/ are part of the framework; what
			 * security.h declares is public, whatever its name.
			 */
			{ "internal", "static_calls_table security_hook_active_* "
				      "lsm_* __start_lsm_info __end_lsm_info "
				      "__start_early_lsm_info "
				      "__end_early_lsm_info security_add_hooks" },
			{ "internal-home", "security/ include/linux/lsm_hooks.h "
					   "include/linux/lsm_hook_defs.h "
					   "include/linux/lsm_count.h" },
			{ NULL, NULL },
		},
	},
	{
		/*
		 * Linux Security Modules, 2.5.43 to 4.1: one struct of
		 * function pointers, one global pointer to the table in use.
		 * The defaults a kernel without CONFIG_SECURITY behaves as
		 * are the capability module's table, then the dummy
		 * module's; 2.6.28 and later keep both in capability.c.  From
		 * 2.6.21 on the wrappers are out of line, in security.c.
		 */
		"lsm", {
			{ "struct", "security_operations" },
			{ "pointer", "security_ops" },
			{ "header", "include/linux/security.h" },
			{ "prefix", "security_" },
			{ "strip-suffix", "_security" },
			{ "config", "CONFIG_SECURITY" },
			{ "defaults", "security/capability.c security/dummy.c" },
			{ "allow", "security/security.c security/dummy.c "
				   "security/capability.c include/linux/security.h" },
			{ "wrappers", "security/security.c" },
			{ "skip", "name" },
			{ NULL, NULL },
		},
	},
};

/* In the order a tree is probed: the newer shape first. */
const char *const table_profile_names[] = { "lsm-hooks", "lsm", NULL };

const struct table_profile_def *table_profile_find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(profiles); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}
