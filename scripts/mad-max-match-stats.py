#!/usr/bin/env python3
"""Per-match figures of one player against three others in Mad Max, read from the states of every
round (docs/games/mad-max.md, "Why the rebuild without wariness was too weak"), for the kit and for
Arena alike:

  scripts/mad-max-match-stats.py kit KIT_DIR HERO OPP [first last]   # plays the kit's ./Game
  scripts/mad-max-match-stats.py files 'DIR/*.res'                   # states written by Arena

The kit's side plays HERO at seat seed mod 4 against three OPP on seeds first..last (1..100) with
default.cnf (the kit built as scripts/kit-mad-max.py says, the reference players copied in).
Arena's side: `cd bots && cargo run --release -p mad-max-house-tests --example hero -- spykeeper
dummy 1 100 DIR` writes DIR/spykeeper_dummy_<seed>.res in the kit's layout (the hero sits at seat
seed mod 4, read from the file name).

A warrior dies when its id changes player (or jumps) between two states: run over when a car
stands on its cell next, else in a fight or of thirst or hunger (not told apart: a weak warrior
that is attacked dies as one that runs dry). A car is lost when its id changes player or jumps more than 2 cells.
"""
import glob, os, statistics, subprocess, sys, tempfile
from collections import Counter

N = 60


def _kit_script():
    """scripts/kit-mad-max.py as a module (its file name has hyphens): it parses the kit's states."""
    import importlib.util
    spec = importlib.util.spec_from_file_location('kit_mad_max', os.path.join(os.path.dirname(__file__), 'kit-mad-max.py'))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


states = _kit_script().states


def figures(path, hero):
    st = states(path)
    f = Counter()
    for a, b in zip(st, st[1:]):
        at = {(u[2], u[3]): u for u in b[4]}
        for x, y in zip(a[4], b[4]):
            moved = max(abs(y[2] - x[2]), abs(y[3] - x[3]))
            who = 'hero' if x[1] == hero else 'others'
            if x[0] == 'w' and (y[1] != x[1] or moved > 1):
                killer = at.get((x[2], x[3]))
                if killer and killer[0] == 'c':
                    cause = 'run over by %s car' % ('hero' if killer[1] == hero else 'others')
                else:
                    cause = 'fight, thirst or hunger'
                f['%s warriors: %s' % (who, cause)] += 1
            if x[0] == 'c' and (y[1] != x[1] or moved > 2):
                f['%s cars lost' % who] += 1
    mean = lambda g: statistics.mean(g(s) for s in st)
    f['hero warriors (mean)'] = mean(lambda s: sum(u[0] == 'w' and u[1] == hero for u in s[4]))
    f['hero cities (mean)'] = mean(lambda s: s[2][hero])
    sc = st[-1][3]
    f['hero score'] = sc[hero]
    f['hero first'] = int(sc[hero] >= max(sc))
    return f


def report(rows):
    keys = sorted({k for r in rows for k in r})
    print('%d matches' % len(rows))
    for k in keys:
        v = [r.get(k, 0) for r in rows]
        print('  %-40s %s' % (k, sum(v) if k == 'hero first' else '%.2f' % statistics.mean(v)))


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == 'kit':
        kit, hero, opp = sys.argv[2:5]
        first, last = (int(sys.argv[5]), int(sys.argv[6])) if len(sys.argv) > 6 else (1, 100)
        rows = []
        with tempfile.TemporaryDirectory() as d:
            for seed in range(first, last + 1):
                names = [opp] * 4
                names[seed % 4] = hero
                out = os.path.join(d, 'm.res')
                subprocess.run([os.path.join(kit, 'Game'), *names, '-s', str(seed), '-i',
                                os.path.join(kit, 'default.cnf'), '-o', out], stderr=subprocess.DEVNULL, check=True)
                rows.append(figures(out, seed % 4))
        report(rows)
    elif len(sys.argv) == 3 and sys.argv[1] == 'files':
        rows = [figures(p, int(p.rsplit('_', 1)[1][:-4]) % 4) for p in sorted(glob.glob(sys.argv[2]))]
        report(rows)
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
