#!/usr/bin/env python3
"""Finds import cycles between the files of Rust crates (ARCHITECTURE.md, "Rules the code keeps").

    scripts/import-cycles.py server/src engine/src ...   # exit 1 and print each cycle if any
    scripts/import-cycles.py --layers server/src/site     # also print the files floor by floor
    scripts/import-cycles.py --self-test                  # the checker finds a cycle it is shown

Each argument is a crate's `src/` folder (or a folder inside one: then only edges between files
under it count). A file depends on another when it names it in a path: `use` lines (braces
expanded, `pub use` included) and paths in code (`crate::a::b::f()`, `super::x::y`). Comments are
skipped. `super` inside an inline `mod tests { ... }` is the file's own module. A path resolves to
the longest prefix that is a module file; naming an item of a module is depending on its file.
A path to an item that its module re-exports (`pub use child::Item`) leads to the file that
defines it, so a facade module hides no cycle. A module's references to its own descendants are
not counted: a module is made of its submodules (it declares them with `mod`), so a `mod.rs`
that lists or dispatches to its children does not form a cycle with a child that uses a sibling
through it. A cycle is a strongly connected component of two files or more (Tarjan's
algorithm).
"""
import os
import re
import sys
import tempfile

PATH = re.compile(r'\b(crate|super|self)((?:::(?:r#)?\w+)+)')


def module_of(src, path):
    """The module path of a file (`crate::a::b`), as a list of names after `crate`."""
    rel = os.path.relpath(path, src)[:-3].split(os.sep)
    if rel[-1] in ('mod', 'lib', 'main'):
        rel = rel[:-1]
    return rel


def expand_use(text):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e'] (`self` in braces is the prefix)."""
    text = re.sub(r'\s+as\s+\w+', '', text)  # `x as y`: the import is x
    text = re.sub(r'\s+', '', text)
    out = []

    def walk(prefix, s):
        depth, start, parts = 0, 0, []
        for i, ch in enumerate(s):
            if ch == '{':
                depth += 1
            elif ch == '}':
                depth -= 1
            elif ch == ',' and depth == 0:
                parts.append(s[start:i])
                start = i + 1
        parts.append(s[start:])
        for p in filter(None, parts):
            if '{' in p:
                head, rest = p.split('{', 1)
                walk(prefix + head, rest[:-1])
            else:
                out.append((prefix + p).rstrip(':') if p != 'self' else prefix.rstrip(':'))

    walk('', text)
    return out


def strip_comments(src_text):
    lines = []
    for line in src_text.split('\n'):
        i = line.find('//')
        # Keep `//` inside strings roughly: only cut when the quotes before it are balanced.
        while i >= 0 and line[:i].count('"') % 2 == 1:
            i = line.find('//', i + 2)
        lines.append(line if i < 0 else line[:i])
    text = '\n'.join(lines)
    return re.sub(r'/\*.*?\*/', '', text, flags=re.S)


def references(text, children=()):
    """(path, in_tests) for every path the file names; `use` statements are expanded. A path
    that starts with the name of one of the file's child modules (`children`) is relative."""
    refs = []
    tests_at = None
    m = re.search(r'#\[cfg\(test\)\]\s*mod\s+\w+\s*\{', text)
    if m:
        tests_at = m.start()
    for u in re.finditer(r'\buse\s+([^;]+);', text):
        for p in expand_use(u.group(1)):
            refs.append((p, tests_at is not None and u.start() > tests_at))
    body = re.sub(r'\buse\s+[^;]+;', '', text)
    for m2 in PATH.finditer(body):
        refs.append((m2.group(1) + m2.group(2), tests_at is not None and m2.start() > tests_at))
    if children:
        child = re.compile(r'(?<![:\w])(' + '|'.join(map(re.escape, children)) + r')((?:::\w+)+)')
        for m3 in child.finditer(body):
            refs.append(('self::' + m3.group(1) + m3.group(2), tests_at is not None and m3.start() > tests_at))
        # `use child::...` lines were expanded above without a prefix.
        refs = [('self::' + p if p.split('::')[0] in children else p, t) for p, t in refs]
    return refs


def resolve(path, here, in_tests, modules, reexports=None, depth=0):
    """The module file a path names, or None (another crate, std, or a name in this file)."""
    parts = path.split('::')
    if parts[0] == 'crate':
        base, rest = [], parts[1:]
    elif parts[0] in ('super', 'self'):
        base = list(here) + (['tests'] if in_tests else [])
        rest = parts
        while rest and rest[0] in ('super', 'self'):
            if rest[0] == 'super':
                base = base[:-1]
            rest = rest[1:]
    else:
        return None
    target, used = None, 0
    for k in range(len(rest) + 1):
        cand = tuple(base + rest[:k])
        if cand in modules:
            target, used = cand, k
    if target is not None and reexports and depth < 8 and used < len(rest):
        again = reexports.get(target, {}).get(rest[used])
        if again is not None:
            path2, in_tests2 = again
            return resolve(path2, list(target), in_tests2, modules, reexports, depth + 1) or target
    return target


def graph(src, under):
    files = {}
    for root, _, names in os.walk(src):
        for n in names:
            if n.endswith('.rs'):
                p = os.path.join(root, n)
                files[tuple(module_of(src, p))] = p
    texts, kids, reexports = {}, {}, {}
    for m, p in files.items():
        texts[m] = strip_comments(open(p, encoding='utf-8').read())
        kids[m] = [c[-1] for c in files if len(c) == len(m) + 1 and c[:len(m)] == m]
        reexports[m] = {}
        for u in re.finditer(r'\bpub(?:\([^)]*\))?\s+use\s+([^;]+);', texts[m]):
            for path in expand_use(u.group(1)):
                if path.split('::')[0] in kids[m]:
                    path = 'self::' + path
                reexports[m][path.split('::')[-1]] = (path, False)
    edges = {m: set() for m in files}
    for m in files:
        for path, in_tests in references(texts[m], kids[m]):
            t = resolve(path, list(m), in_tests, files, reexports)
            # A module is made of its descendants: those references are not imports.
            if t is not None and t != m and t[:len(m)] != m:
                edges[m].add(t)
    keep = {m for m, p in files.items() if os.path.abspath(p).startswith(os.path.abspath(under))}
    return {m: {t for t in edges[m] if t in keep} for m in keep}, files


def sccs(edges):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def floors(edges):
    """Each file's floor: 0 for files that name no other, else one above the highest it names."""
    level = {}

    def f(v, seen=()):
        if v in level:
            return level[v]
        if v in seen:
            return 0
        level[v] = 1 + max((f(w, seen + (v,)) for w in edges[v]), default=-1)
        return level[v]

    for v in edges:
        f(v)
    return level


def crate_src(path):
    p = os.path.abspath(path)
    while p != '/' and os.path.basename(p) != 'src':
        p = os.path.dirname(p)
    if p == '/':
        sys.exit(f'error: {path} is not inside a crate\'s src/ folder')
    return p


def check(paths, show_layers=False):
    bad = 0
    for arg in paths:
        src = crate_src(arg)
        edges, files = graph(src, arg)
        cycles = [c for c in sccs(edges) if len(c) > 1]
        name = lambda m: '::'.join(['crate'] + list(m))
        print(f'{arg}: {len(edges)} files, {sum(map(len, edges.values()))} imports between them, '
              f'{len(cycles)} cycle(s)')
        for c in cycles:
            bad += 1
            print('  cycle: ' + ' <-> '.join(sorted(name(m) for m in c)))
            for m in sorted(c):
                inside = sorted(name(t) for t in edges[m] if t in c)
                print(f'    {name(m)} -> {", ".join(inside)}')
        if show_layers and not cycles:
            lv = floors(edges)
            for k in range(max(lv.values(), default=-1) + 1):
                print(f'  floor {k}: ' + ', '.join(sorted(name(m) for m in lv if lv[m] == k)))
    return bad


def self_test():
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, 'src')
        os.makedirs(os.path.join(src, 'a'))
        open(os.path.join(src, 'lib.rs'), 'w').write('pub mod a;\npub mod b;\n')
        open(os.path.join(src, 'a', 'mod.rs'), 'w').write('pub mod x;\npub mod y;\n')
        open(os.path.join(src, 'a', 'x.rs'), 'w').write(
            '// use crate::b; (a comment: not an import)\nuse super::{y::{self, Y}};\n'
            '#[cfg(test)]\nmod tests {\n    use super::*;\n}\n')
        open(os.path.join(src, 'a', 'y.rs'), 'w').write('pub struct Y;\npub fn f() { crate::b::g(); }\n')
        open(os.path.join(src, 'b.rs'), 'w').write('pub fn g() {}\n')
        assert check([src]) == 0, 'no cycle yet'
        open(os.path.join(src, 'b.rs'), 'w').write('pub fn g() { crate::a::x::h(); }\n')
        assert check([src]) == 1, 'x -> y -> b -> x is a cycle'
        edges, _ = graph(src, src)
        assert ('a', 'y') in edges[('a', 'x')] and ('b',) in edges[('a', 'y')], edges
        open(os.path.join(src, 'b.rs'), 'w').write('pub fn g() {}\n')
        open(os.path.join(src, 'a', 'mod.rs'), 'w').write('pub mod x;\npub mod y;\npub use y::Y;\n')
        open(os.path.join(src, 'a', 'x.rs'), 'w').write('pub fn h() -> super::Y { super::Y }\n')
        open(os.path.join(src, 'a', 'y.rs'), 'w').write('pub struct Y;\n')
        edges, _ = graph(src, src)
        assert edges[('a', 'x')] == {('a', 'y')}, 'super::Y is re-exported from y: x depends on y'
        assert edges[('a',)] == set(), 'a module is made of its children: not an import'
        open(os.path.join(src, 'a', 'y.rs'), 'w').write('pub struct Y;\nuse super::x;\n')
        assert check([src]) == 1, 'x -> y (through the re-export) -> x is a cycle'
        assert expand_use('a::{b, c::{self, d}}') == ['a::b', 'a::c', 'a::c::d'], expand_use('a::{b, c::{self, d}}')
    print('self-test passed')


if __name__ == '__main__':
    args = sys.argv[1:]
    if args == ['--self-test']:
        self_test()
        sys.exit(0)
    layers = '--layers' in args
    args = [a for a in args if a != '--layers']
    if not args:
        sys.exit(__doc__)
    sys.exit(1 if check(args, layers) else 0)
