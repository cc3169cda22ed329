#!/usr/bin/env python3
"""verdicts.py REPORT VERDICTS.tsv - the findings of a hookwrap report
(text) beside the verdicts read earlier (bench/verdicts/*.tsv): each
finding with its verdict, or "unread"; then the counts, and the verdicts
whose finding is gone.  A finding is its first site, file:line, matched
by the end of its path (reports print the tree's absolute path) and its
rule.  Exit 0; a malformed verdict line is an error (exit 2)."""
import re
import sys

RULES = ("sleep-in-atomic", "sleep-in-atomic-hook", "sleep-in-atomic-rt")


def read_verdicts(path):
    out = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) != 5 or cols[2] not in ("true", "false") or \
               cols[1] not in RULES or not re.fullmatch(r"[^:\s]+:\d+", cols[0]):
                sys.exit("%s:%d: want site<TAB>rule<TAB>true|false<TAB>"
                         "pattern<TAB>reason" % (path, n))
            out[(cols[0], cols[1])] = cols
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: bench/verdicts.py REPORT VERDICTS.tsv")
    verdicts = read_verdicts(sys.argv[2])
    seen = set()
    count = {"true": 0, "false": 0, "unread": 0}
    tag = re.compile(r"\[(%s)\]$" % "|".join(RULES))
    with open(sys.argv[1], errors="replace") as f:
        for line in f:
            line = line.rstrip()
            m = tag.search(line)
            if not m:
                continue
            site = re.match(r"(\S+?):(\d+):\d+: ", line)
            if not site:
                continue
            path, ln = site.group(1), site.group(2)
            hit = None
            for (vs, vr), v in verdicts.items():
                vp, vl = vs.rsplit(":", 1)
                if vr == m.group(1) and vl == ln and \
                   (path == vp or path.endswith("/" + vp)):
                    hit = v
                    seen.add((vs, vr))
            verdict = hit[2] if hit else "unread"
            count[verdict] += 1
            print("%-6s %s:%s [%s]%s" % (verdict, path, ln, m.group(1),
                                          " " + hit[3] if hit and hit[3] else ""))
    for k, v in sorted(verdicts.items()):
        if k not in seen:
            print("gone   %s [%s] (was %s)" % (k[0], k[1], v[2]))
    print("%d true, %d false, %d unread; %d verdicts gone" %
          (count["true"], count["false"], count["unread"],
           len(verdicts) - len(seen)))


main()
