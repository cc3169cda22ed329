#!/usr/bin/env python3
"""Check a SARIF 2.1.0 log's structure: the properties the specification
(OASIS SARIF v2.1.0, sections 3.11-3.52) requires, and what code review
tools key on: stable ruleId matching the rule at ruleIndex, rule
descriptions, partialFingerprints, regions, fixes.  When the python
jsonschema module and a local copy of the schema are there
($SARIF_SCHEMA), validate against the schema too.
Usage: sarif-check.py FILE; prints problems, exits 1 when there are any."""
import json
import os
import sys

problems = []


def need(cond, what):
    if not cond:
        problems.append(what)


def region(r, where):
    need(isinstance(r, dict), where + ": region is an object")
    if not isinstance(r, dict):
        return
    need(isinstance(r.get("startLine"), int) and r["startLine"] >= 1,
         where + ": startLine >= 1")
    for k in ("startColumn", "endLine", "endColumn"):
        if k in r:
            need(isinstance(r[k], int) and r[k] >= 1, where + ": " + k + " >= 1")


def main(path):
    with open(path) as f:
        log = json.load(f)
    need(log.get("version") == "2.1.0", "version is 2.1.0")
    need(isinstance(log.get("$schema"), str), "$schema names the schema")
    runs = log.get("runs")
    need(isinstance(runs, list) and runs, "runs is a non-empty list")
    for run in runs or []:
        driver = run.get("tool", {}).get("driver", {})
        need(isinstance(driver.get("name"), str), "tool.driver.name")
        rules = driver.get("rules", [])
        ids = [r.get("id") for r in rules]
        need(len(ids) == len(set(ids)), "rule ids are unique")
        for r in rules:
            need(isinstance(r.get("id"), str), "rule id is a string")
            for k in ("shortDescription", "fullDescription", "help"):
                need(isinstance(r.get(k, {}).get("text"), str) and r[k]["text"],
                     "rule %s has %s.text" % (r.get("id"), k))
        bases = run.get("originalUriBaseIds", {})
        for name, b in bases.items():
            need(b.get("uri", "").endswith("/"), "base %s ends in /" % name)
        for i, res in enumerate(run.get("results", [])):
            w = "result %d" % i
            need(isinstance(res.get("message", {}).get("text"), str), w + ": message.text")
            rid = res.get("ruleId")
            need(rid in ids, w + ": ruleId is a rule of the driver")
            if "ruleIndex" in res:
                need(0 <= res["ruleIndex"] < len(rules) and
                     rules[res["ruleIndex"]]["id"] == rid, w + ": ruleIndex matches ruleId")
            need(res.get("level") in ("none", "note", "warning", "error"), w + ": level")
            locs = res.get("locations", [])
            need(len(locs) >= 1, w + ": has a location")
            for loc in locs:
                pl = loc.get("physicalLocation", {})
                al = pl.get("artifactLocation", {})
                need(isinstance(al.get("uri"), str) and al["uri"], w + ": artifact uri")
                if "uriBaseId" in al:
                    need(al["uriBaseId"] in bases, w + ": uriBaseId is defined")
                region(pl.get("region"), w)
            fp = res.get("partialFingerprints")
            need(isinstance(fp, dict) and fp and
                 all(isinstance(v, str) for v in fp.values()), w + ": partialFingerprints")
            for fix in res.get("fixes", []):
                need(isinstance(fix.get("artifactChanges"), list) and fix["artifactChanges"],
                     w + ": fix has artifactChanges")
                for ch in fix.get("artifactChanges", []):
                    need("uri" in ch.get("artifactLocation", {}), w + ": change uri")
                    for rep in ch.get("replacements", []):
                        region(rep.get("deletedRegion"), w + " fix")
                        need(isinstance(rep.get("insertedContent", {}).get("text"), str),
                             w + ": insertedContent.text")
    schema = os.environ.get("SARIF_SCHEMA")
    if schema and os.path.exists(schema):
        import jsonschema
        with open(schema) as f:
            jsonschema.validate(log, json.load(f))
    for p in problems:
        print("sarif: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
