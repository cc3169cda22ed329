#!/bin/bash
# hookwrap manifest: golden manifests (read by hand) for the three table
# shapes, and the ways of naming the table description.
. "$(dirname "$0")/lib.sh"

for tree in lsm-mini handwrapped notify-ops; do
	"$HOOKWRAP" manifest "$FIX/$tree" >"$OUT/$tree.tsv" 2>"$OUT/$tree.err"
	same "manifest $tree matches its golden file" \
		"$FIX/$tree.expected/manifest.tsv" "$OUT/$tree.tsv"
	if [ -s "$OUT/$tree.err" ]; then
		not_ok "manifest $tree is quiet on stderr" "$(cat "$OUT/$tree.err")"
	else
		ok "manifest $tree is quiet on stderr"
	fi
done

# The same table, named three ways.
"$HOOKWRAP" manifest --profile lsm "$FIX/lsm-mini" >"$OUT/profile.tsv"
same "--profile lsm gives the auto-detected manifest" \
	"$FIX/lsm-mini.expected/manifest.tsv" "$OUT/profile.tsv"
tree=$(copy_fixture notify-ops)
mv "$tree/hookwrap.conf" "$OUT/elsewhere.conf"
"$HOOKWRAP" manifest --config "$OUT/elsewhere.conf" "$tree" >"$OUT/config.tsv"
same "--config FILE gives the TREE/hookwrap.conf manifest" \
	"$FIX/notify-ops.expected/manifest.tsv" "$OUT/config.tsv"

# Facts the golden files encode, checked one by one so a failure names them.
m="$FIX/lsm-mini.expected/manifest.tsv"
contains "a trailing _security is dropped from the wrapper name" "$m" \
	"$(printf 'inode_alloc_security\tsecurity_inode_alloc\t')"
contains "the header's own wrapper name wins over the rule" \
	"$FIX/handwrapped.expected/manifest.tsv" \
	"$(printf 'socket_sock_rcv_skb\tsecurity_sock_rcv_skb\t')"
contains "wrapper.HOOK in hookwrap.conf wins" \
	"$FIX/notify-ops.expected/manifest.tsv" \
	"$(printf 'modify_event\tfsnotify_change\t')"
contains "unnamed parameters get stable names" "$m" \
	"struct file *file, unsigned int arg2, unsigned long arg3"
contains "network hooks sit under CONFIG_SECURITY_NETWORK" "$m" \
	"$(printf 'socket_bind\tsecurity_socket_bind\tint\tstruct socket *sock, struct sockaddr *address, int addrlen\tsock, address, addrlen\tCONFIG_SECURITY && CONFIG_SECURITY_NETWORK\t')"
contains "a default doing real work becomes a call" "$m" \
	"$(printf '\treturn cap_ptrace(parent, child);\tcap_ptrace\t')"
contains "the capability table wins over the dummy one" "$m" \
	"$(printf '\treturn cap_capset_check(target, effective, inheritable, permitted);\tcap_capset_check\t')"
contains "a default returning a constant becomes return CONST" "$m" \
	"$(printf '\treturn -EOPNOTSUPP;\tdummy_inode_getsecurity\t')"
contains "a void no-op default becomes { }" "$m" \
	"$(printf '\t{ }\tdummy_inode_free_security\t')"
contains "a void default doing work becomes a call statement" "$m" \
	"$(printf '\tcap_task_reparent_to_init(p);\tcap_task_reparent_to_init\t')"
contains "void 'return;' defaults are no-ops" \
	"$FIX/handwrapped.expected/manifest.tsv" \
	"$(printf '\t{ }\tdummy_inode_free_security\t')"
contains "positional initialisers map by field order" \
	"$FIX/notify-ops.expected/manifest.tsv" \
	"$(printf '\treturn -ENOENT;\tnop_create\t')"
contains "stub.HOOK in hookwrap.conf wins" \
	"$FIX/notify-ops.expected/manifest.tsv" \
	"$(printf '\treturn -ENOSYS;\tnop_access\t')"
lacks "skip = owner leaves the data member out" \
	"$FIX/notify-ops.expected/manifest.tsv" "owner"
rows=$(($(wc -l <"$m") - 1))
if [ "$rows" -eq 64 ]; then
	ok "one row per hook, all 64"
else
	not_ok "one row per hook, all 64" "got $rows rows"
fi
contains "an out-of-line wrapper in security/security.c keeps its name" "$m" \
	"$(printf 'register_security\tmod_reg_security\t')"
contains "... and says where it is defined" "$m" \
	"$(printf '\tsecurity/security.c:39\n')"
lacks "a function that adapts the arguments is not taken as a wrapper" "$m" \
	"$(printf 'capable\tcapable\t')"
contains "a static default using only its parameters is copied into the stub" \
	"$FIX/inline-default.expected/manifest.tsv" \
	"$(printf '\t*secid = 0;\tcap_task_getsecid\t')"
