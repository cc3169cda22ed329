#!/bin/bash
# bench/rt-recall.sh - issue 24's recall on real PREEMPT_RT bugs: each
# bug fixed upstream, checked in a tree from before its fix, one unit at
# a time (make C=2 CHECK="hookwrap check --rt") and with the units of its
# chain together (CHECK="hookwrap check --db=F", then hookwrap report
# --rt).  Not a test: it prints the markdown table of docs/findings.md,
# "Recall on PREEMPT_RT bugs (issue 24)".
#
#   T61=... B61=... T42=... T612=... B612=... bench/rt-recall.sh [BUG...]
#
# The trees are copies (the units are compiled: make writes objects):
#   T61   Linux 6.1 source (Debian's linux-source-6.1), B61 its O= build
#         dir: x86_64 defconfig + DRM_AMDGPU, DRM_AMD_DC, then
#         "make O=B61 prepare"; reviewed with --rt (no PREEMPT_RT there)
#   T42   Linux 4.2 (the QNAP vendor tree), built in place (its x86
#         syscall headers do not build with O=): x86_64 defconfig + MD,
#         BLK_DEV_MD, MD_RAID456, SUNRPC, GPIO_DWAPB, then "make
#         CC='gcc -fno-pie -no-pie -fcommon' prepare"; reviewed with --rt
#   T612  Linux 6.12 source, B612 its O= build dir: x86_64 defconfig +
#         EXPERT + PREEMPT_RT, then "make O=B612 prepare": a real
#         PREEMPT_RT build, no --rt.  i915 depends on !PREEMPT_RT there,
#         so its units are checked with drm_vblank.o's flags and i915's
#         own -DI915 -I.
# BUG: a letter of the table (default: all those whose tree is given).
# OUT=dir keeps the logs and databases (default: a new temporary dir).
set -u
HW=$(cd "$(dirname "$0")/.." && pwd)
HOOKWRAP=${HOOKWRAP:-$HW/hookwrap}
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
CC42="gcc -fno-pie -no-pie -fcommon"

# make_units TREE UNIT.o...: make's C=2 run with $CHECK over the units.
make_units() {
	local tree=$1
	shift
	case $tree in
	61) (cd "$T61" && nice make -s O="$B61" C=2 CHECK="$CHECK" "$@") ;;
	42) (cd "$T42" && nice make -s CC="$CC42" C=2 CHECK="$CHECK" "$@") ;;
	612) (cd "$T612" && nice make -s O="$B612" C=2 CHECK="$CHECK" "$@") ;;
	esac
}

# i915_612 UNIT...: 6.12's i915 units (not built on PREEMPT_RT) checked
# with drm_vblank.o's compiler flags, as kbuild would give them.
i915_612() {
	local cmd flags u
	(cd "$T612" && nice make -s O="$B612" drivers/gpu/drm/drm_vblank.o) ||
		return 1
	cmd=$B612/drivers/gpu/drm/.drm_vblank.o.cmd
	flags=$(sed -n '1{s/^\(saved\)\{0,1\}cmd_[^ ]* := [^ ]* //;s/ ; .*//;s/ -c -o [^ ]*\.o [^ ]*\.c$//;p;q}' "$cmd")
	for u in "$@"; do
		# shellcheck disable=SC2086
		(cd "$B612" && eval "$CHECK ${flags//drm_vblank/$(basename "$u" .o)}" \
			-DI915 -I"$T612/drivers/gpu/drm/i915" "$T612/${u%.o}.c")
	done
}

# row BUG TREE WHERE UNITS...: one line of the table.  WHERE is
# "FILE:LINE:", where the finding must be; the first unit is the bug's
# own (the one-unit run), the others those of its chain.
row() {
	local bug=$1 tree=$2 where=$3 one db n
	shift 3
	one=$1
	db=$OUT/$bug.db
	rm -f "$db"
	if [ "$tree" = 612 ]; then
		CHECK="$HOOKWRAP check --no-group" unit_run "$bug" "$tree" "$one" \
			>"$OUT/$bug.unit" 2>&1
	else
		CHECK="$HOOKWRAP check --no-group --rt" unit_run "$bug" "$tree" \
			"$one" >"$OUT/$bug.unit" 2>&1
	fi
	CHECK="$HOOKWRAP check --db=$db" unit_run "$bug" "$tree" "$@" \
		>"$OUT/$bug.collect" 2>&1
	# The bug's unit again, as a second pass over a build collects it:
	# it now sees what the others' functions leave open (E's
	# dc_fpu_begin(); docs/facts-db.md).
	CHECK="$HOOKWRAP check --db=$db" unit_run "$bug" "$tree" "$one" \
		>>"$OUT/$bug.collect" 2>&1
	if [ "$tree" = 612 ]; then
		"$HOOKWRAP" report --no-group --db="$db" >"$OUT/$bug.report" 2>&1
	else
		"$HOOKWRAP" report --no-group --rt --db="$db" >"$OUT/$bug.report" 2>&1
	fi
	n=$(grep -c '\[sleep-in-atomic-rt\]' "$OUT/$bug.report")
	printf '| %s | %s | %s | %s | %s | %s |\n' "$bug" "$tree" "$where" \
		"$(found "$OUT/$bug.unit" "$where")" \
		"$(found "$OUT/$bug.report" "$where")" "$n"
}

# unit_run BUG TREE UNIT...: $CHECK over the units.
unit_run() {
	local bug=$1 tree=$2 u
	shift 2
	for u in "$@"; do
		case $tree:$u in
		612:drivers/gpu/drm/i915/*) i915_612 "$u" ;;
		*) make_units "$tree" "$u" ;;
		esac
	done
}

# found LOG WHERE: is there an RT finding at WHERE?
found() {
	if grep "$2" "$1" | grep -q '\[sleep-in-atomic-rt\]'; then
		echo found
	else
		echo -
	fi
}

# want BUG: was it asked for (every bug when none was named)?
want() {
	[ $# -eq 0 ] || [ -z "$SEL" ] || case " $SEL " in *" $1 "*) ;; *) return 1 ;; esac
}
SEL="$*"
echo "| bug | tree | where | one unit | with the db | RT findings of its units |"
echo "| --- | --- | --- | --- | --- | --- |"
if [ -n "${T61:-}" ]; then
	want A && row A 61 kernel/signal.c:2324: kernel/signal.o \
		kernel/cgroup/freezer.o
	want B && row B 61 kernel/events/core.c:6699: kernel/events/core.o \
		kernel/signal.o
	want C && row C 61 gt/intel_reset.c:723: \
		drivers/gpu/drm/i915/gt/intel_reset.o \
		drivers/gpu/drm/i915/intel_uncore.o
	want D && row D 61 gt/intel_execlists_submission.c:1622: \
		drivers/gpu/drm/i915/gt/intel_execlists_submission.o
	# kernel_fpu_begin_mask()'s unit before dc_fpu_begin()'s, as kbuild
	# collects arch/ before drivers/: the effect of one is in the other.
	want E && row E 61 dcn20/dcn20_resource.c:2141: \
		drivers/gpu/drm/amd/amdgpu/../display/dc/dcn20/dcn20_resource.o \
		arch/x86/kernel/fpu/core.o \
		drivers/gpu/drm/amd/amdgpu/../display/dc/dml/dcn20/dcn20_fpu.o \
		drivers/gpu/drm/amd/amdgpu/../display/amdgpu_dm/dc_fpu.o
	want F && row F 61 mm/page_alloc.c:6716: mm/page_alloc.o
	want G && row G 61 display/intel_crtc.c:538: \
		drivers/gpu/drm/i915/display/intel_crtc.o \
		drivers/gpu/drm/i915/i915_irq.o drivers/gpu/drm/drm_vblank.o \
		kernel/sched/build_utility.o
fi
if [ -n "${T42:-}" ]; then
	want H && row H 42 net/sunrpc/svc_xprt.c:394: net/sunrpc/svc_xprt.o
	want I && row I 42 drivers/md/raid5.c:2121: drivers/md/raid5.o
	want J && row J 42 kernel/irq/manage.c:1224: kernel/irq/manage.o \
		kernel/irq/chip.o drivers/gpio/gpio-dwapb.o
	want K && row K 42 block/blk-mq.c:893: block/blk-mq.o
	want L && row L 42 mm/vmalloc.c:882: mm/vmalloc.o
fi
if [ -n "${T612:-}" ]; then
	want D612 && row D612 612 gt/intel_execlists_submission.c:1623: \
		drivers/gpu/drm/i915/gt/intel_execlists_submission.o
	want G612 && row G612 612 display/intel_crtc.c:533: \
		drivers/gpu/drm/i915/display/intel_crtc.o \
		drivers/gpu/drm/drm_vblank.o
	# The fixes of A, B and F are in 6.12: nothing may fire there.
	want Q612 && row Q612 612 'kernel/signal.c\|kernel/events/core.c\|mm/page_alloc.c' \
		kernel/signal.o kernel/cgroup/freezer.o kernel/events/core.o \
		mm/page_alloc.o
fi
echo "logs and databases: $OUT" >&2
