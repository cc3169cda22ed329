#!/bin/bash
# Issue 13 item 4: a tree configured with the option off ("#undef
# CONFIG_SECURITY" in its autoconf.h) gives the same manifest and the
# same wrapper header as the tree configured on: the all-yes parse reads
# autoconf.h with its #undef CONFIG_* lines blanked.
. "$(dirname "$0")/lib.sh"

# outputs TREE TAG: manifest and gen-header of TREE into $OUT/TAG.*
outputs() {
	"$HOOKWRAP" manifest "$1" >"$OUT/$2.tsv" 2>"$OUT/$2.err"
	echo $? >"$OUT/$2.rc"
	"$HOOKWRAP" gen-header "$1" >"$OUT/$2.h" 2>>"$OUT/$2.err"
	echo $? >>"$OUT/$2.rc"
}

# on_off NAME TREE [MOVE]: configure TREE on, then off; compare.  With
# MOVE, autoconf.h moves to include/generated/ (2.6.33+), reached from
# <linux/config.h> as the kconfig header would reach it.
on_off() {
	for cfg in on off; do
		make -s -C "$2" "defconfig-$cfg" >/dev/null
		if [ -n "${3:-}" ]; then
			mkdir -p "$2/include/generated"
			mv "$2/include/linux/autoconf.h" "$2/include/generated/"
		fi
		outputs "$2" "$1-$cfg"
	done
	same "$1: both commands succeed configured off" \
		<(printf '0\n0\n') "$OUT/$1-off.rc"
	same "$1: the manifest configured off is the one configured on" \
		"$OUT/$1-on.tsv" "$OUT/$1-off.tsv"
	same "$1: the header configured off is the one configured on" \
		"$OUT/$1-on.h" "$OUT/$1-off.h"
	lacks "$1: nothing said configured off" "$OUT/$1-off.err" "error"
}

# adopt-26: the struct sits under #ifdef CONFIG_SECURITY.
T=$(copy_fixture adopt-26)
on_off adopt-26 "$T"
contains "adopt-26: the struct is found, all four hooks" "$OUT/adopt-26-off.tsv" \
	"inode_free_security"
[ "$(grep -c . "$OUT/adopt-26-off.tsv")" = 5 ] &&
	ok "adopt-26: four hooks configured off" ||
	not_ok "adopt-26: four hooks configured off" "$(cat "$OUT/adopt-26-off.tsv")"

# The same with generated/autoconf.h.
T=$(copy_fixture adopt-26)
sed -i 's|<linux/autoconf.h>|<generated/autoconf.h>|' "$T/include/linux/config.h"
on_off adopt-26-generated "$T" move

# e2e-mini: the struct is unconditional; the option still must not matter.
T=$(copy_fixture e2e-mini)
on_off e2e-mini "$T"

# The tree's own values stay: an option set to a number is still read.
T=$(copy_fixture adopt-26)
make -s -C "$T" defconfig-off >/dev/null
printf '#define CONFIG_HZ 250\n' >>"$T/include/linux/autoconf.h"
cat >>"$T/include/linux/fs.h" <<'H'
#if CONFIG_HZ != 250
#error the tree's CONFIG_HZ was lost
#endif
H
check "a value the tree configures (CONFIG_HZ 250) is kept" \
	"$HOOKWRAP" manifest "$T"

# The manifest cache still sees the real autoconf.h: a reconfigure is
# noticed (the cache lists it) and changes nothing.
T=$(copy_fixture adopt-26)
make -s -C "$T" defconfig-on >/dev/null
echo 'int f(void) { return 0; }' >"$T/kernel/x.c"
"$HOOKWRAP" check --cache-dir "$OUT/cache" --tree "$T" "$T/kernel/x.c" \
	>/dev/null 2>&1
cache=$(ls "$OUT"/cache/manifest-* 2>/dev/null | head -1)
contains "the manifest cache records the tree's autoconf.h" \
	"${cache:-$OUT/cache}" "$T/include/linux/autoconf.h"
make -s -C "$T" defconfig-off >/dev/null
"$HOOKWRAP" check --cache-dir "$OUT/cache" --tree "$T" "$T/kernel/x.c" \
	>"$OUT/check-off.out" 2>&1
echo "rc $?" >>"$OUT/check-off.out"
same "check configured off after on: silent, exit 0" \
	<(echo "rc 0") "$OUT/check-off.out"
