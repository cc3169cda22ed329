#!/bin/bash
# Issue 13 item 3, first run: gen-header --in-place on a header with the
# struct and no wrappers and no markers (e2e-mini, 2.5.42-shaped) places
# the two marker lines itself, after the struct and the table pointer,
# inside the include guard, and says where; a second run is a no-op.
. "$(dirname "$0")/lib.sh"

H=include/linux/security.h
T=$(copy_fixture e2e-mini)
"$HOOKWRAP" gen-header "$T" >"$OUT/block.h"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/out" 2>"$OUT/err"
echo "rc $?" >>"$OUT/out"
same "the first run succeeds, nothing on stdout" <(echo "rc 0") "$OUT/out"
same "one note says where the region went" <(echo "$T/$H:29: note: placed the generated region after the struct and 'security_ops' (first run)") "$OUT/err"

ptr=$(grep -n '^extern struct security_operations \*security_ops;' "$T/$H" | cut -d: -f1)
begin=$(grep -n '^/\* hookwrap: begin generated wrappers \*/' "$T/$H" | cut -d: -f1)
end=$(grep -n '^/\* hookwrap: end generated wrappers \*/' "$T/$H" | cut -d: -f1)
guard=$(grep -n '^#endif /\* __LINUX_SECURITY_H \*/' "$T/$H" | cut -d: -f1)
if [ -n "$begin" ] && [ "$ptr" -lt "$begin" ] && [ "$end" -lt "$guard" ]; then
	ok "the region sits after 'security_ops' and before the guard's #endif"
else
	not_ok "the region sits after 'security_ops' and before the guard's #endif" \
		"pointer $ptr, region ${begin:-none}-${end:-none}, guard $guard"
fi
# The header is the original plus one blank line and the block.
sed -n "${begin},${end}p" "$T/$H" >"$OUT/region.h"
same "the region holds what gen-header prints" "$OUT/block.h" "$OUT/region.h"
sed "$((begin - 1)),${end}d" "$T/$H" >"$OUT/rest.h"
same "nothing else of the header changed" "$FIX/e2e-mini/$H" "$OUT/rest.h"

cp "$T/$H" "$OUT/first.h"
before=$(stat -c %Y.%i "$T/$H")
sleep 1
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/out2" 2>&1
echo "rc $?" >>"$OUT/out2"
same "a second run succeeds silently" <(echo "rc 0") "$OUT/out2"
same "a second run changes nothing" "$OUT/first.h" "$T/$H"
[ "$before" = "$(stat -c %Y.%i "$T/$H")" ] &&
	ok "a second run does not rewrite the file" ||
	not_ok "a second run does not rewrite the file"

# The tree still builds with the option on: the wrappers compile.
make -s -C "$T" defconfig-on >/dev/null
make -k -s -C "$T" >"$OUT/build.out" 2>&1
[ "$(grep -c 'error' "$OUT/build.out")" = 0 ] &&
	[ "$(make -s -C "$T" count)" = 10 ] &&
	ok "configured on, e2e-mini builds its 10 objects with the region" ||
	not_ok "configured on, e2e-mini builds its 10 objects with the region" \
		"$(head -5 "$OUT/build.out")"

# ... and with it off: the stubs compile too.  capable's stub is copied
# from dummy_capable (-EPERM), and this header never includes errno.h:
# the block includes what its stubs use that the header does not see,
# by the name dummy.c included it, once.
contains "the block includes <linux/errno.h> for -EPERM" "$T/$H" \
	"#include <linux/errno.h>"
check "... once" test "$(grep -c '#include <linux/errno.h>' "$T/$H")" -eq 1
make -s -C "$T" clean >/dev/null 2>&1
make -s -C "$T" defconfig-off >/dev/null
make -k -s -C "$T" >"$OUT/build-off.out" 2>&1
[ "$(grep -c 'error' "$OUT/build-off.out")" = 0 ] &&
	[ "$(make -s -C "$T" count)" = 10 ] &&
	ok "configured off, e2e-mini builds its 10 objects with the stubs" ||
	not_ok "configured off, e2e-mini builds its 10 objects with the stubs" \
		"$(head -5 "$OUT/build-off.out")"
# A header that sees errno.h already gets no include from the block.
T2=$(copy_fixture e2e-mini)
sed -i 's|^#include <linux/net.h>|#include <linux/net.h>\n#include <linux/errno.h>|' "$T2/$H"
"$HOOKWRAP" gen-header -o "$OUT/seen.h" "$T2" 2>/dev/null
contains "(the block is written)" "$OUT/seen.h" "static inline int security_capable("
lacks "a header that includes errno.h: no include in the block" "$OUT/seen.h" \
	"#include <linux/errno.h>"

# Enclosed by a conditional on something else: one clear error, no write.
T=$(copy_fixture e2e-mini)
sed -i 's|^struct sk_buff;|#ifdef __KERNEL__\nstruct sk_buff;|; s|^extern int register_security|#endif\nextern int register_security|' "$T/$H"
cp "$T/$H" "$OUT/kernel.h"
"$HOOKWRAP" gen-header --in-place "$T" >"$OUT/out3" 2>"$OUT/err3"
echo "rc $?" >>"$OUT/out3"
same "inside #ifdef __KERNEL__: exit 2" <(echo "rc 2") "$OUT/out3"
grep -Eq "^$T/$H:11: error: the struct and 'security_ops' sit inside '#ifdef __KERNEL__', a conditional not on CONFIG_SECURITY" "$OUT/err3" &&
	[ "$(wc -l <"$OUT/err3")" = 1 ] &&
	ok "inside #ifdef __KERNEL__: one error line naming it" ||
	not_ok "inside #ifdef __KERNEL__: one error line naming it" "$(cat "$OUT/err3")"
same "inside #ifdef __KERNEL__: the header is left alone" "$OUT/kernel.h" "$T/$H"

# Struct and pointer under the option: the region goes after its #endif.
T=$(copy_fixture e2e-mini)
sed -i 's|^struct sk_buff;|#ifdef CONFIG_SECURITY\nstruct sk_buff;|; s|^extern int register_security.*|&\n#endif|' "$T/$H"
"$HOOKWRAP" gen-header --in-place "$T" 2>"$OUT/err4"
grep -q "note: placed the generated region after the #endif of '#ifdef CONFIG_SECURITY'" "$OUT/err4" &&
	ok "under #ifdef CONFIG_SECURITY: placed after its #endif" ||
	not_ok "under #ifdef CONFIG_SECURITY: placed after its #endif" "$(cat "$OUT/err4")"
endif=$(grep -n '^#endif$' "$T/$H" | head -1 | cut -d: -f1)
begin=$(grep -n '^/\* hookwrap: begin generated wrappers \*/' "$T/$H" | cut -d: -f1)
[ -n "$begin" ] && [ "$begin" = $((endif + 2)) ] &&
	ok "under #ifdef CONFIG_SECURITY: the region follows that #endif" ||
	not_ok "under #ifdef CONFIG_SECURITY: the region follows that #endif" \
		"#endif $endif, region ${begin:-none}"
