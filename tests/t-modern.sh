#!/bin/bash
# The modern shape (4.2 on): hooks from an X-macro list in a union,
# registered per module with LSM_HOOK_INIT, dispatched by security_*()
# out of line.  The lsm-hooks profile is chosen by itself.
. "$(dirname "$0")/lib.sh"

T="$FIX/lsm-hooks-mini"
E="$FIX/lsm-hooks-mini.expected"
"$HOOKWRAP" manifest "$T" >"$OUT/manifest.tsv" 2>"$OUT/err"
same "manifest matches its golden file" "$E/manifest.tsv" "$OUT/manifest.tsv"
[ -s "$OUT/err" ] && not_ok "manifest is quiet on stderr" "$(cat "$OUT/err")" ||
	ok "manifest is quiet on stderr"
"$HOOKWRAP" manifest --profile lsm-hooks "$T" >"$OUT/profile.tsv"
same "the lsm-hooks profile is the one detected" "$E/manifest.tsv" "$OUT/profile.tsv"
"$HOOKWRAP" gen-header "$T" >"$OUT/wrappers.h"
same "gen-header matches its golden block" "$E/wrappers.h" "$OUT/wrappers.h"

m="$E/manifest.tsv"
rows=$(($(wc -l <"$m") - 1))
[ "$rows" -eq 16 ] && ok "one row per LSM_HOOK entry, all 16" ||
	not_ok "one row per LSM_HOOK entry, all 16" "got $rows"
contains "the entry's line is the location" "$m" \
	"$(printf '\tinclude/linux/lsm_hook_defs.h:8\t')"
contains "entries under #ifdef in the list get that guard" "$m" \
	"$(printf 'socket_create\tsecurity_socket_create\tint\tint family, int type, int protocol, int kern\tfamily, type, protocol, kern\tCONFIG_SECURITY && CONFIG_SECURITY_NETWORK\t')"
contains "the list's DEFAULT gives the stub" "$m" \
	"$(printf '\treturn -EOPNOTSUPP;\t-\tinclude/linux/lsm_hook_defs.h:15\t')"
contains "LSM_RET_VOID hooks get { }" "$m" \
	"$(printf 'task_free\tsecurity_task_free\tvoid\tstruct task_struct *task\ttask\tCONFIG_SECURITY\t{ }\t')"
contains "the capability module's LSM_HOOK_INIT wins over DEFAULT" "$m" \
	"$(printf '\treturn cap_capable(cred, cap, opts);\tcap_capable\t')"
contains "dispatchers not named security_<hook> are found" "$m" \
	"$(printf 'socket_sock_rcv_skb\tsecurity_sock_rcv_skb\t')"
contains "... and recorded where they are defined" "$m" \
	"$(printf '\tsecurity/security.c:108\tnone\tsecurity_sock_rcv_skb\n')"
contains "sb_alloc_security's dispatcher is security_sb_alloc" "$m" \
	"$(printf 'sb_alloc_security\tsecurity_sb_alloc\t')"
lacks "out-of-line dispatchers get no inline body" "$E/wrappers.h" \
	"P->hook"
contains "they get a prototype" "$E/wrappers.h" \
	"extern int security_file_open(struct file *file);"

inc="-nostdinc -I$T/include"
for cfg in "" "-DCONFIG_SECURITY" "-DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK"; do
	echo '#include <linux/security.h>' >"$OUT/use.c"
	check "security.h compiles with -Wall -Wextra -Werror ${cfg:-(off)}" \
		gcc $inc $cfg -Wall -Wextra -Werror -c "$OUT/use.c" -o "$OUT/use.o"
done
for f in security/security.c security/commoncap.c \
	security/selinux/hooks.c security/apparmor/lsm.c; do
	check "$f compiles against the generated header" \
		gcc $inc -DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK -Wall \
		-c "$T/$f" -o "$OUT/x.o"
done
"$HOOKWRAP" gen-header --guard=rcu "$T" >"$OUT/rcu.h" 2>"$OUT/rcu.err"
contains "a guard on out-of-line dispatchers is refused with a warning" \
	"$OUT/rcu.err" "out of line"
same "... and changes nothing in the header" "$E/wrappers.h" "$OUT/rcu.h"
