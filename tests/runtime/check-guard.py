#!/usr/bin/env python3
"""check-guard.py - read generated wrappers and check a guard's shape.

    check-guard.py GUARD POINTER GUARDED.h NONE.h [MANIFEST.tsv]

GUARDED.h is "hookwrap gen-header --guard=GUARD" of a tree, NONE.h the
same tree with --guard=none.  With MANIFEST.tsv ("hookwrap manifest" of
the tree, whose policy column says each hook's guard), each wrapper is
read with its own guard: for tables that mix them.  For every wrapper of a CONFIG-on section
GUARDED.h must hold, statement by statement (declarations aside):

  refcount  ops = POINTER_get();
            if (!ops) <the wrapper's CONFIG-off stub, ending in a return>
            [ret =] ops->MEMBER(ARGS);     the call of NONE.h
            POINTER_put(ops);             after the call, nothing between
            [return ret;]
  rcu       rcu_read_lock(); ops = rcu_dereference(POINTER);
            [ret =] ops->MEMBER(ARGS); rcu_read_unlock(); [return ret;]
  preempt   preempt_disable(); [ret =] POINTER->MEMBER(ARGS);
            preempt_enable(); [return ret;]
  none      [return] POINTER->MEMBER(ARGS);

and every CONFIG-off section (from #else to #endif) is the same text in
both files.  Prints one line per problem; exits 1 if there is any.
"""
import re
import sys


def sections(text):
    """[(on_text, off_text)] for each #if...#else...#endif group."""
    out = []
    for m in re.finditer(r"^#if(?:def)? (.*?)\n(.*?)^#else\t[^\n]*\n(.*?)"
                         r"^#endif", text, re.S | re.M):
        out.append((m.group(2), m.group(3)))
    return out


def functions(text):
    """{name: body} of the static inline functions in text."""
    out = {}
    for m in re.finditer(r"^static inline [^{;]*?\b(\w+)\((?:[^()]|\([^()]*\))*"
                         r"\)\n(?:\{ \}|\{(.*?)^\})\n", text, re.S | re.M):
        out[m.group(1)] = m.group(2) or ""
    return out


def statements(body):
    """The statements of a body, whitespace collapsed; braces as tokens."""
    body = " ".join(body.split())
    out, cur, depth = [], "", 0
    for c in body:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if depth == 0 and c in ";{}":
            if cur.strip():
                out.append(cur.strip())
            if c in "{}":
                out.append(c)
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def declarations(stmts):
    """Split off leading local declarations ("T name")."""
    i = 0
    while i < len(stmts) and re.fullmatch(
            r"(struct |const |unsigned |signed )*\w+[\s*]+\w+", stmts[i]) \
            and not stmts[i].startswith("return"):
        i += 1
    return stmts[:i], stmts[i:]


def expected_stub(body):
    """The stub's statements, ending in a return, as the guard must run."""
    s = statements(body)
    if not s or not s[-1].startswith("return"):
        s.append("return")
    return s


def check(guard, ptr, fn, body, none_body, stub_body):
    none = statements(none_body)
    if len(none) != 1:
        return ["cannot read the --guard=none wrapper"]
    call = re.sub(r"^return ", "", none[0])
    m = re.fullmatch(re.escape(ptr) + r"->(\w+\(.*\))", call)
    if not m:
        return ["the --guard=none wrapper is not a call through " + ptr]
    member_call = m.group(1)
    decls, s = declarations(statements(body))
    ret_vars = [d.split()[-1].lstrip("*") for d in decls]
    ops = next((d.split()[-1].lstrip("*") for d in decls
                if d.startswith("struct ")), None)
    result = next((v for v in ret_vars if v != ops), None)
    lhs = result + " = " if result else ""
    tail = ["return " + result] if result else []

    if guard == "none":
        want = [none[0]]
    elif guard == "preempt":
        want = (["preempt_disable()", lhs + ptr + "->" + member_call,
                 "preempt_enable()"] + tail)
    elif guard == "rcu":
        want = (["rcu_read_lock()", ops + " = rcu_dereference(" + ptr + ")",
                 lhs + ops + "->" + member_call, "rcu_read_unlock()"] + tail)
    elif guard == "refcount":
        stub = expected_stub(stub_body)
        for st in stub:
            if re.search(r"\b" + re.escape(ops or "ops") + r"\b", st) \
                    or "_put(" in st:
                return ["the stub path uses the table: " + st]
        path = stub if len(stub) == 1 else ["{"] + stub + ["}"]
        if s[:2] and len(s) > 1 and s[1].startswith("if (!" + str(ops) + ") "):
            s = [s[0], "if (!" + ops + ")", s[1][len("if (!" + ops + ") "):]] \
                + s[2:]
        want = ([str(ops) + " = " + ptr + "_get()", "if (!" + str(ops) + ")"]
                + path + [lhs + str(ops) + "->" + member_call,
                          ptr + "_put(" + str(ops) + ")"] + tail)
    else:
        return ["unknown guard " + guard]
    for i, w in enumerate(want):
        got = s[i] if i < len(s) else "(end of the wrapper)"
        if got != w:
            return ["statement %d: expected '%s', found '%s'" % (i + 1, w, got)]
    if len(s) > len(want):
        return ["statement %d: unexpected '%s' after the end" %
                (len(want) + 1, s[len(want)])]
    return []


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit("usage: " + __doc__.strip().splitlines()[2].strip())
    guard, ptr, guarded_path, none_path = sys.argv[1:5]
    policy = {}
    if len(sys.argv) == 6:
        rows = [r.split("\t") for r in open(sys.argv[5]).read().splitlines()]
        col = {name: i for i, name in enumerate(rows[0])}
        for r in rows[1:]:
            policy[r[col["wrapper"]]] = r[col["policy"]]
    guarded = sections(open(guarded_path).read())
    none = sections(open(none_path).read())
    problems = []
    if len(guarded) != len(none) or not none:
        problems.append("%d CONFIG sections, --guard=none has %d" %
                        (len(guarded), len(none)))
    for k, ((g_on, g_off), (n_on, n_off)) in enumerate(zip(guarded, none)):
        if g_off != n_off:
            problems.append("section %d: the CONFIG-off stubs differ from "
                            "--guard=none's" % (k + 1))
        g_fns, n_fns, stubs = functions(g_on), functions(n_on), \
            functions(n_off)
        if set(g_fns) != set(n_fns):
            problems.append("section %d: other wrappers than --guard=none's"
                            % (k + 1))
        for fn in n_fns:
            if fn not in g_fns or fn not in stubs:
                continue
            for p in check(policy.get(fn, guard), ptr, fn, g_fns[fn],
                           n_fns[fn], stubs[fn]):
                problems.append(fn + ": " + p)
    for p in problems:
        print(p)
    n = sum(len(functions(on)) for on, _ in guarded)
    print("%s: %d wrappers checked, %d problems" % (guard, n, len(problems)))
    sys.exit(1 if problems or not n else 0)


main()
