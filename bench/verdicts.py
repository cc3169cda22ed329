#!/usr/bin/env python3
"""verdicts.py REPORT VERDICTS.tsv - the findings of a hookwrap report
(text) beside the verdicts read earlier (bench/verdicts/*.tsv): each
finding with its verdict, or "unread"; then the verdicts whose site is
now an entry of another finding's group (among the up to three a
grouped finding names; a --no-group report names every site), those
whose finding is gone, and the counts.  A finding is its first site, file:line, matched
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
    entries = {}    # a verdict's site listed as another entry point of a group
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
            more = line.split("more place", 1)
            if len(more) == 2:
                for ep, el in re.findall(r"(\S+?):(\d+) \(", more[1]):
                    for (vs, vr) in verdicts:
                        vp, vl = vs.rsplit(":", 1)
                        if vr == m.group(1) and vl == el and \
                           (ep == vp or ep.endswith("/" + vp)):
                            entries[(vs, vr)] = "%s:%s" % (path, ln)
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
    gone = 0
    for k, v in sorted(verdicts.items()):
        if k in seen:
            continue
        if k in entries:
            print("joined %s [%s] (was %s): an entry of %s's group" %
                  (k[0], k[1], v[2], entries[k]))
        else:
            print("gone   %s [%s] (was %s)" % (k[0], k[1], v[2]))
            gone += 1
    print("%d true, %d false, %d unread; %d verdicts joined another "
          "group, %d gone" % (count["true"], count["false"],
                              count["unread"], len(entries.keys() - seen),
                              gone))


main()
