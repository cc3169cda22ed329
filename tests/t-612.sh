#!/bin/bash
# Linux 6.12's shape with no hookwrap.conf (issue 12 item 1): the hook
# union holds a data member (lsm_func_addr), and the dispatchers run
# their hooks through static calls (call_int_hook(), call_void_hook(),
# lsm_for_each_hook()), which access no member of the union: the
# profile's 'data-members' and 'dispatch-macro' make both work.  6.1's
# shape (lsm61-mini) must not change.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

# dispatchers_of EXPECTED.tsv: its member and dispatcher columns.
dispatchers_of() {
	awk -F'\t' 'NR > 1 { print $1 "\t" $2 }' "$1"
}

# stderr less the notes of the tree's own stubs that differ from the
# defaults (issue 12 item 2, tests/t-tree-stubs.sh): 4 in each fixture.
others() {
	grep -v "\[stub-differs\]\$\|^hookwrap manifest: note: .* with a stub in the tree's header" "$1"
}

for fx in lsm612-mini lsm61-mini; do
	T=$(fixture "$fx")
	E="$FIX/$fx.expected"
	"$HOOKWRAP" manifest "$T" >"$OUT/$fx.tsv" 2>"$OUT/$fx.err"
	check "$fx: manifest with no hookwrap.conf exits 0" test $? -eq 0
	others "$OUT/$fx.err" >"$OUT/$fx.other"
	same "$fx: nothing on stderr but the stub notes" /dev/null "$OUT/$fx.other"
	n=$(grep -c '\[stub-differs\]$' "$OUT/$fx.err")
	check "$fx: the 4 hand-written stubs that differ, noted ($n)" test "$n" -eq 4
	rows=$(($(wc -l <"$T/EXPECTED.tsv") - 1))
	got=$(($(wc -l <"$OUT/$fx.tsv") - 1))
	check "$fx: one row per hook ($got of $rows)" test "$got" -eq "$rows"
	dispatchers_of "$T/EXPECTED.tsv" >"$OUT/$fx.want"
	awk -F'\t' 'NR > 1 { print $1 "\t" $12 }' "$OUT/$fx.tsv" \
		>"$OUT/$fx.got"
	same "$fx: every dispatcher is the one EXPECTED.tsv names" \
		"$OUT/$fx.want" "$OUT/$fx.got"
	cut -f1,2,10,12 "$OUT/$fx.tsv" >"$OUT/$fx.disp"
	same "$fx: wrappers, their definitions and dispatchers match the golden" \
		"$E/dispatchers.tsv" "$OUT/$fx.disp"
done

m="$OUT/lsm612-mini.tsv"
contains "work before and after the call: security_sb_alloc" "$m" \
	"$(printf 'sb_alloc_security\tsecurity_sb_alloc\t')"
contains "a name other than security_<hook>: security_prepare_creds" "$m" \
	"$(printf '\tnone\tsecurity_prepare_creds\t')"
contains "a hook run only beside another: inode_setxattr's dispatcher" "$m" \
	"$(printf '\tnone\tsecurity_inode_setxattr\t-\n')"
lacks "a dispatcher running two hooks is no wrapper (no wrapper_def)" \
	"$m" "security/security.c:133"
contains "lsm_for_each_hook, adapting its arguments: a dispatcher, no wrapper" \
	"$m" "$(printf 'include/linux/lsm_hook_defs.h:13\t-\tnone\tsecurity_getprocattr\t')"
lacks "the data member is not a hook" "$m" "lsm_func_addr"

# Any other data member is no hook either: a warning naming it, exit 0.
T=$(copy_fixture lsm612-mini)
sed -i 's|^\tvoid \*lsm_func_addr;$|&\n\tvoid *other_data;|' \
	"$T/include/linux/lsm_hooks.h"
contains "(the copy has the extra member)" "$T/include/linux/lsm_hooks.h" \
	"void *other_data;"
"$HOOKWRAP" manifest "$T" >"$OUT/other.tsv" 2>"$OUT/other.err"
check "an unknown data member: exit 0" test $? -eq 0
check "... one line on stderr but the stub notes" test "$(others "$OUT/other.err" | wc -l)" -eq 1
contains "... a warning naming it, its line and the key that silences it" \
	"$OUT/other.err" "include/linux/lsm_hooks.h:18: warning: member 'other_data' of union security_list_options is not a function pointer ('void *other_data'); not a hook, skipped; list it under 'data-members' in hookwrap.conf to silence this"
same "... and the rows are the same" "$OUT/lsm612-mini.tsv" "$OUT/other.tsv"
cat >"$T/hookwrap.conf" <<'CONF'
profile = lsm-hooks
data-members = lsm_func_addr other_*
CONF
"$HOOKWRAP" manifest "$T" >"$OUT/listed.tsv" 2>"$OUT/listed.err"
others "$OUT/listed.err" >"$OUT/listed.other"
same "listed under data-members (a prefix with '*'): silent" /dev/null \
	"$OUT/listed.other"
same "... the same rows" "$OUT/lsm612-mini.tsv" "$OUT/listed.tsv"

# Without the dispatch macros, only lsm_for_each_hook's member access
# is seen: the key is what finds them.
cat >"$T/hookwrap.conf" <<'CONF'
profile = lsm-hooks
data-members = lsm_func_addr other_*
dispatch-macro =
CONF
"$HOOKWRAP" manifest "$T" >"$OUT/nomacro.tsv" 2>/dev/null
n=$(awk -F'\t' 'NR > 1 && $12 != "-"' "$OUT/nomacro.tsv" | wc -l)
check "dispatch-macro emptied: 1 dispatcher of 12 ($n)" test "$n" -eq 1

# A bad dispatch-macro entry: one error line at its line, exit 2.
printf 'profile = lsm-hooks\ndispatch-macro = call_int_hook\n' \
	>"$T/hookwrap.conf"
"$HOOKWRAP" manifest "$T" >"$OUT/bad.tsv" 2>"$OUT/bad.err"
check "dispatch-macro without :POS: exit 2" test $? -eq 2
check "... one line on stderr" test "$(wc -l <"$OUT/bad.err")" -eq 1
contains "... saying what the entry must be" "$OUT/bad.err" \
	"hookwrap.conf:2: error: 'dispatch-macro': each entry must be NAME:POS"
same "... and nothing on stdout" /dev/null "$OUT/bad.tsv"
printf 'profile = lsm-hooks\ndata-members = lsm-func-addr\n' >"$T/hookwrap.conf"
"$HOOKWRAP" manifest "$T" >"$OUT/bad2.tsv" 2>"$OUT/bad2.err"
check "a data-members entry that is no identifier: exit 2" test $? -eq 2
contains "... one error line at its line" "$OUT/bad2.err" \
	"hookwrap.conf:2: error: 'data-members': each entry must be a C identifier, or the start of one followed by '*'"
check "... only that line" test "$(wc -l <"$OUT/bad2.err")" -eq 1
T=$(copy_fixture lsm612-mini)

# The static-call internals used outside the framework: the table a
# file outside security/ can reach is 'static_calls_table' (the macros
# LSM_STATIC_CALL, call_int_hook and lsm_for_each_hook are private to
# security.c); its struct type, like the framework's other types, is
# not reported.
mkdir -p "$T/kernel"
cat >"$T/kernel/peek.c" <<'C'
#include <linux/lsm_hooks.h>

int peek(void)
{
	struct lsm_static_calls_table *tab = &static_calls_table;

	return tab->capable[0].active;
}
C
(cd "$T" && "$HOOKWRAP" check --no-group kernel/peek.c >"$OUT/peek.out" 2>"$OUT/peek.err")
same "check on the 6.12 shape with no conf: nothing on stderr" /dev/null \
	"$OUT/peek.err"
contains "static_calls_table outside security/ is direct-ops-use" \
	"$OUT/peek.out" "kernel/peek.c:5:40: warning: 'static_calls_table' is internal to the security_list_options table"
check "... the only finding (the struct type is silent)" \
	test "$(grep -c 'warning:' "$OUT/peek.out")" -eq 1
