#!/bin/bash
# direct-ops-use on the modern shape: the framework's internals (static-
# call slots, module list, registration) used outside security/ are
# reported; the modules under security/, same-named symbols of other
# files and the framework's types are not.
. "$(dirname "$0")/lib.sh"
export HOOKWRAP_CACHE_DIR="$OUT/cache"

T=$(copy_fixture check-modern)

# marked FILE...: "FILE:LINE" for every "want: LINE" in the files.
marked() {
	for f in "$@"; do
		grep -o 'want: [0-9][0-9]*' "$T/$f" | awk -v f="$f" '{print f ":" $2}'
	done | sort
}

(cd "$T" && "$HOOKWRAP" check kernel/lsm_peek.c kernel/lsm_clean.c \
	security/selinux/names.c >"$OUT/out" 2>"$OUT/err")
check "findings only: exit 0 without --error-exit" test $? -eq 0
same "nothing on stderr" /dev/null "$OUT/err"
marked kernel/lsm_peek.c include/linux/lsm_peek.h >"$OUT/want"
grep -F '[direct-ops-use]' "$OUT/out" | cut -d: -f1,2 | sort >"$OUT/got"
same "direct-ops-use fires on every marked line, and only there" \
	"$OUT/want" "$OUT/got"
n=$(grep -c 'warning:' "$OUT/out")
check "no other rule fires ($n findings)" test "$n" -eq "$(wc -l <"$OUT/want")"
lacks "lsm_clean.c: own lsm_* helpers and framework types are silent" \
	"$OUT/out" "kernel/lsm_clean.c"
lacks "a module under security/ may use the framework's state" \
	"$OUT/out" "security/selinux/"

contains "a call of an internal function says so" "$OUT/out" \
	"kernel/lsm_peek.c:19:9: warning: 'lsm_inode_alloc' is internal to the security_list_options table and called outside its home; only security/, include/linux/lsm_hooks.h, include/linux/lsm_hook_defs.h, ... may use it [direct-ops-use]"
contains "the static-call table reached through a member" "$OUT/out" \
	"kernel/lsm_peek.c:24:9: warning: 'static_calls_table' is internal to the security_list_options table and accessed outside"
contains "the registration call from outside the framework" "$OUT/out" \
	"kernel/lsm_peek.c:29:2: warning: 'security_add_hooks' is internal to the security_list_options table and called"
contains "use through a macro names the macro" "$OUT/out" \
	"compared outside its home in macro 'FIRST_MODULE'"
contains "an inline in a header outside the home is reported in the header" \
	"$OUT/out" "include/linux/lsm_peek.h:12:9: warning: 'lsm_names'"
contains "the hook heads themselves stay covered" "$OUT/out" \
	"kernel/lsm_peek.c:39:9: warning: hook security_hook_heads.file_open read directly; call security_file_open()"

# A copy of lsm_peek.c moved into security/: the framework's own code.
mkdir -p "$T/security/peek"
cp "$T/kernel/lsm_peek.c" "$T/security/peek/lsm_peek.c"
(cd "$T" && "$HOOKWRAP" check security/peek/lsm_peek.c >"$OUT/home.out" 2>&1)
grep '^security/' "$OUT/home.out" >"$OUT/home.own"
lacks "inside security/ the internals are allowed" "$OUT/home.own" "is internal to"
contains "... the hook heads still are not (only security.c)" "$OUT/home.out" \
	"security/peek/lsm_peek.c:39:9: warning: hook security_hook_heads.file_open read directly"
contains "... and the header outside the home is still reported" "$OUT/home.out" \
	"include/linux/lsm_peek.h:12:9: warning: 'lsm_names'"

# A config without internal-home: the allow-list is the home.
cat >"$T/hookwrap.conf" <<'CONF'
profile = lsm-hooks
internal = lsm_names static_calls_table
internal-home =
CONF
(cd "$T" && "$HOOKWRAP" check kernel/lsm_peek.c security/selinux/names.c \
	>"$OUT/conf.out" 2>"$OUT/conf.err")
same "the config is accepted" /dev/null "$OUT/conf.err"
lacks "internal narrows to the names listed" "$OUT/conf.out" "'lsm_inode_alloc'"
contains "listed names are still reported" "$OUT/conf.out" \
	"kernel/lsm_peek.c:14:9: warning: 'lsm_names' is internal"
contains "without internal-home, a module outside the allow-list is reported" \
	"$OUT/conf.out" "security/selinux/names.c:8:9: warning: 'static_calls_table' is internal"
contains "... and the message names the allow-list" "$OUT/conf.out" \
	"only security/security.c, include/linux/lsm_hooks.h"
