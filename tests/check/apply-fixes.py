#!/usr/bin/env python3
"""Apply the fix-its of a "hookwrap check --format=json" report to FILE
in place (tests only).  Usage: apply-fixes.py REPORT.json FILE"""
import json
import sys

report = json.load(open(sys.argv[1]))
lines = open(sys.argv[2]).read().split("\n")
fixes = [f["fix"] for f in report["findings"] if "fix" in f]
# Last first, so earlier columns stay valid.
for fx in sorted(fixes, key=lambda f: (f["line"], f["column"]), reverse=True):
    assert fx["line"] == fx["endLine"], "one-line fixes only"
    l = lines[fx["line"] - 1]
    lines[fx["line"] - 1] = (l[:fx["column"] - 1] + fx["replacement"] +
                             l[fx["endColumn"] - 1:])
open(sys.argv[2], "w").write("\n".join(lines))
print(len(fixes))
