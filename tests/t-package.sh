#!/bin/bash
# The Debian package: debian/control builds with what install-deps
# installs, and bench/package (about 20 s) builds the .deb offline from a
# copy of this tree under $TMPDIR, finds no lintian error, unpacks it
# into a scratch root and runs hookwrap --version and hookwrap manifest
# there.  Its "ok"/"not ok" lines are this test's.
#
# Built here with DEB_BUILD_OPTIONS=noopt (-O0): what this file checks
# is the packaging (debian/, the install layout, lintian, the unpacked
# program), the same at any -O, and -O0 saves a third of the package's
# compile (measured: 31 s -> 22 s of user CPU).  `bench/package` alone
# builds the package as a buildd would.
. "$(dirname "$0")/lib.sh"

# Every Build-Depends is a package install-deps installs (debhelper-compat
# is debhelper's), so a fresh machine that ran it can build the package.
sed -n '/^Build-Depends:/,/^[A-Z]/p' "$HW/debian/control" |
	sed '$d; s/^Build-Depends://' | tr ',' '\n' |
	sed 's/(.*//; s/^[[:space:]]*//; s/[[:space:]]*$//; /^$/d;
	     s/^debhelper-compat$/debhelper/' | sort -u >"$OUT/build-depends"
for p in $(cat "$OUT/build-depends"); do
	grep -qE "(^|[ \"])$p([ \"]|\$)" "$HW/scripts/install-deps" ||
		echo "$p"
done >"$OUT/not-installed"
[ -s "$OUT/build-depends" ] && [ ! -s "$OUT/not-installed" ] &&
	ok "install-deps installs every Build-Depends ($(wc -l <"$OUT/build-depends"))" ||
	not_ok "install-deps installs every Build-Depends" \
		"not in scripts/install-deps: $(tr '\n' ' ' <"$OUT/not-installed")"

DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:-noopt}" "$HW/bench/package"
