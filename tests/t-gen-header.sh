#!/bin/bash
# hookwrap gen-header: golden output, in-place splicing, idempotence, and
# the generated header compiled every way a kernel would build it.
. "$(dirname "$0")/lib.sh"

# Golden blocks (read by hand).
for tree in lsm-mini handwrapped; do
	"$HOOKWRAP" gen-header "$FIX/$tree" >"$OUT/$tree.h"
	same "gen-header $tree matches its golden block" \
		"$FIX/$tree.expected/wrappers.h" "$OUT/$tree.h"
done
"$HOOKWRAP" gen-header -o "$OUT/o.h" "$FIX/lsm-mini"
same "-o FILE writes the same block" "$FIX/lsm-mini.expected/wrappers.h" \
	"$OUT/o.h"

# --in-place fills an empty region with exactly the golden block.
tree=$(copy_fixture lsm-mini)
hdr="$tree/include/linux/security.h"
python3 - "$hdr" <<'PY'
import re, sys
p = sys.argv[1]
s = open(p).read()
s = re.sub(r"(/\* hookwrap: begin generated wrappers \*/\n).*?(/\* hookwrap: end generated wrappers \*/)",
           r"\1\2", s, flags=re.S)
open(p, "w").write(s)
PY
check "--in-place on an empty region succeeds" \
	"$HOOKWRAP" gen-header --in-place "$tree"
same "--in-place writes the region the sample tree ships" \
	"$FIX/lsm-mini/include/linux/security.h" "$hdr"
before=$(stat -c %Y.%i "$hdr")
sleep 1
check "a second --in-place run succeeds" "$HOOKWRAP" gen-header --in-place "$tree"
same "a second run changes nothing" "$FIX/lsm-mini/include/linux/security.h" "$hdr"
after=$(stat -c %Y.%i "$hdr")
if [ "$before" = "$after" ]; then
	ok "a second run does not even rewrite the file"
else
	not_ok "a second run does not even rewrite the file" "$before -> $after"
fi
ls "$tree/include/linux" | grep -q hookwrap- &&
	not_ok "no temporary files left behind" || ok "no temporary files left behind"

# Kernel style: no line past 80 columns (tabs are 8).
long=$(expand "$FIX/lsm-mini.expected/wrappers.h" | awk 'length > 80' | head -3)
[ -z "$long" ] && ok "no generated line is longer than 80 columns" ||
	not_ok "no generated line is longer than 80 columns" "$long"

# A TU that calls every wrapper, made from the manifest.  Every wrapper
# exists in every configuration: network ones under CONFIG_SECURITY &&
# CONFIG_SECURITY_NETWORK, their stubs otherwise.
calls="$OUT/calls.c"
{
	echo '#include <linux/security.h>'
	awk -F'\t' 'NR > 1 {
		args = ($5 == "-") ? "" : $5
		printf "%s t_%s(%s);\n", $3, $1, $4
		printf "%s t_%s(%s)\n{\n", $3, $1, $4
		printf "\t%s%s(%s);\n}\n", ($3 == "void") ? "" : "return ", $2, args
	}' "$FIX/lsm-mini.expected/manifest.tsv"
} >"$calls"
inc="-nostdinc -I$FIX/lsm-mini/include"
for cc in gcc clang-14; do
	for cfg in "" "-DCONFIG_SECURITY" \
		"-DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK" \
		"-DCONFIG_SECURITY_NETWORK"; do
		check "$cc -Wall -Wextra -Werror ${cfg:-(all off)}" \
			$cc $inc $cfg -Wall -Wextra -Werror -c "$calls" \
			-o "$OUT/calls.o"
	done
done
for cfg in "" "-DCONFIG_SECURITY" \
	"-DCONFIG_SECURITY -DCONFIG_SECURITY_NETWORK"; do
	sparse $inc $cfg -Wsparse-all "$calls" >"$OUT/sparse.out" 2>&1
	# t_* functions are deliberately global; anything else is a finding.
	grep -v "symbol 't_.*' was not declared" "$OUT/sparse.out" >"$OUT/sparse.rest"
	if [ -s "$OUT/sparse.rest" ]; then
		not_ok "sparse is clean ${cfg:-(all off)}" "$(head -5 "$OUT/sparse.rest")"
	else
		ok "sparse is clean ${cfg:-(all off)}"
	fi
done
for cfg in "" "-DCONFIG_FSNOTIFY_HOOKS"; do
	echo '#include <linux/fsnotify_wrappers.h>' >"$OUT/notify.c"
	check "a config-described table's header compiles ${cfg:-(off)}" \
		gcc -nostdinc -I"$FIX/notify-ops/include" $cfg -Wall -Wextra \
		-Werror -c "$OUT/notify.c" -o "$OUT/notify.o"
done

# Stubs vanish: with the option off, a function that calls a wrapper
# compiles to the same code as one that holds the stub's body itself.
stubs="$OUT/stubs.c"
{
	echo '#include <linux/security.h>'
	awk -F'\t' 'NR > 1 {
		printf "%s t_%s(%s);\n", $3, $1, $4
		printf "%s t_%s(%s)\n", $3, $1, $4
		if ($7 == "{ }") print "{ }"; else printf "{\n\t%s\n}\n", $7
	}' "$FIX/lsm-mini.expected/manifest.tsv"
} >"$stubs"
disasm() { objdump -d --no-show-raw-insn "$1" | sed 1,3d; }
gcc $inc -O2 -c "$calls" -o "$OUT/calls-off.o" &&
gcc $inc -O2 -c "$stubs" -o "$OUT/stubs-off.o" &&
disasm "$OUT/calls-off.o" >"$OUT/calls-off.s" &&
disasm "$OUT/stubs-off.o" >"$OUT/stubs-off.s"
same "CONFIG off: every wrapper compiles to its stub's code (objdump)" \
	"$OUT/stubs-off.s" "$OUT/calls-off.s"
n=$(grep -c '^[0-9a-f]* <t_' "$OUT/calls-off.s")
[ "$n" -eq 64 ] && ok "the comparison covers all 64 hooks" ||
	not_ok "the comparison covers all 64 hooks" "saw $n"
gcc $inc -O2 -DCONFIG_SECURITY -c "$calls" -o "$OUT/calls-on.o" &&
disasm "$OUT/calls-on.o" >"$OUT/calls-on.s"
if cmp -s "$OUT/calls-on.s" "$OUT/stubs-off.s"; then
	not_ok "CONFIG on: the wrappers do call through the table"
else
	ok "CONFIG on: the wrappers do call through the table"
fi

# PREEMPT_RT: guard preempt runs hooks with preemption off, where a
# spinlock_t sleeps (issue 24 item 5).  A warning, not an error: the
# block is still written; the checker names the implementations.
R=$(copy_fixture lsm-mini)
"$HOOKWRAP" gen-header --guard=preempt "$R" >"$OUT/rt-none.h" 2>"$OUT/rt-none.err"
lacks "no PREEMPT_RT, guard preempt: no RT warning" "$OUT/rt-none.err" "PREEMPT_RT"
printf '# generated\nCONFIG_PREEMPT=y\nCONFIG_PREEMPT_RT=y\n' >"$R/.config"
"$HOOKWRAP" gen-header --guard=preempt "$R" >"$OUT/rt-on.h" 2>"$OUT/rt-on.err"
rc=$?
[ $rc -eq 0 ] && ok "PREEMPT_RT, guard preempt: still exit 0" ||
	not_ok "PREEMPT_RT, guard preempt: still exit 0" "rc=$rc"
contains "PREEMPT_RT, guard preempt: warned at the .config line" "$OUT/rt-on.err" \
	"$R/.config:3: warning: CONFIG_PREEMPT_RT is on: 62 hooks (ptrace, ...) run under guard 'preempt'"
contains "... and told what to run and what to change" "$OUT/rt-on.err" \
	"'hookwrap check --rt' names the implementations that do (sleep-under-guard): give those hooks guard 'rcu' or 'refcount'"
same "PREEMPT_RT: the block is the one written without it" "$OUT/rt-none.h" "$OUT/rt-on.h"
"$HOOKWRAP" gen-header --guard=rcu "$R" >/dev/null 2>"$OUT/rt-rcu.err"
lacks "PREEMPT_RT, guard rcu (preemptible there): no RT warning" "$OUT/rt-rcu.err" "PREEMPT_RT"
rm "$R/.config"
mkdir -p "$R/include/generated"
printf '#define CONFIG_PREEMPT_RT 1\n' >"$R/include/generated/autoconf.h"
"$HOOKWRAP" gen-header --guard=preempt "$R" >/dev/null 2>"$OUT/rt-auto.err"
contains "PREEMPT_RT from autoconf.h" "$OUT/rt-auto.err" \
	"$R/include/generated/autoconf.h:1: warning: CONFIG_PREEMPT_RT is on"
rm -r "$R/include/generated"
"$HOOKWRAP" gen-header --guard=preempt --rt "$R" >/dev/null 2>"$OUT/rt-flag.err"
contains "--rt on a tree without the option: the same warning" "$OUT/rt-flag.err" \
	"warning: --rt: 62 hooks (ptrace, ...) run under guard 'preempt'"
