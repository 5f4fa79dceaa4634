#!/usr/bin/env python3
"""The kit side of Pandemic's Dummy comparisons (docs/games/pandemic.md, "Fidelity to the kit").
CI has no kit: run this by hand and commit the figures it prints.

The kit: github Vikoey04/FIB-EDA at commit 57012ac, folder game/ (Pandemic 1.0), built natively:
in a fresh copy of the folder drop the prebuilt objects and the student players (rm *.o, keep
AIDummy.o.Linux64; move AIVikoMalo.cc away), `cp AIDummy.o.Linux64 AIDummy.o` and `make all`
(g++ 12, no changes to the Makefile). To measure the reference players, copy
bot-sdk/cpp/reference/pandemic/AI*.cc into the folder first.

  scripts/kit-pandemic.py KIT_DIR lineups            # the Dummy's own score in three line-ups
  scripts/kit-pandemic.py KIT_DIR rates P1,P2,... [N] # first places against three Dummies, seeds 1..N (100)
  scripts/kit-pandemic.py KIT_DIR orders LINEUP N    # what the Dummy orders, seeds 1..N
  scripts/kit-pandemic.py KIT_DIR orders PLAYER N    # what three Dummies order against PLAYER
  scripts/kit-pandemic.py KIT_DIR board SEED [D1,D2,D3] # the kit's board of SEED as an Arena .cnf

`lineups` prints server/kit-figures/pandemic/dummy_lineups.txt: the Dummy at seat seed mod 4 on
seeds 1..100, against three Demos (`demos`), among four Dummies (`dummies`) and against three
Nulls (`nulls`), one `line-up seed score` per line. `rates` counts a tie for first as first, the
player sitting at seat seed mod 4, as `arena strength` does. Scores are the last `total_score`
line of the kit's output (the state after the last round).

`orders` needs a kit whose referee logs every order: in Board::next, before "Chooses (at most)
one command per unit", add one statement that writes, per player, a line
`ORD <round> <player> <id>:<dir> ...` to stderr with the commands of act[pl].v_ in the order the
player gave them (round_ - 1 is the round the player saw). It classifies each order of the Dummy
(at seat seed mod 4, the line-up's bot elsewhere; or, given a player's name, of the three Dummies
against it) against the state the Dummy saw, and prints how often each rule fired next to how
often docs/games/pandemic.md's model of the Dummy (`model` below) would have done the same.

`board` prints a FIXED `.cnf` for `arena run --config` with the kit's board of the seed and its
units as the kit places them in round 0 (the first three of each player infected with damages 1,
2, 3; D1,D2,D3 replaces them, e.g. 2,3,4, Arena's rule): Arena then plays on the kit's boards.
"""
import collections, os, subprocess, sys, tempfile
import kitlib
from kitlib import LINEUPS, game, one_against_three

DIRS = [(1, 0), (0, 1), (-1, 0), (0, -1)]  # BOTTOM, RIGHT, TOP, LEFT; 4 is NONE


KIT = kitlib.OutputKit('github Vikoey04/FIB-EDA game/ at 57012ac (Pandemic 1.0, AIDummy.o.Linux64), default.cnf',
                       'total_score', 'scripts/kit-pandemic.py')
final_scores, lineups, rates = KIT.final_scores, KIT.lineups, KIT.rates


# ---- orders: the kit's output parsed back into states ----------------------------------------

def parse_states(path):
    """Every state the kit printed (round 0, then after each round): grid rows, cities, paths,
    masks, owners and units."""
    lines = open(path).read().split('\n')
    states, k = [], 0

    def skip_to(prefix):
        nonlocal k
        while not lines[k].startswith(prefix):
            k += 1

    while k < len(lines):
        if not lines[k].startswith('   0'):
            k += 1
            continue
        k += 2
        grid = []
        while len(lines[k]) > 3 and lines[k][:2].isdigit() and lines[k][2] == ' ':
            grid.append(lines[k][3:])
            k += 1

        def regions(with_ends):
            nonlocal k
            count = int(lines[k].split()[1])
            k += 1
            out = []
            for _ in range(count):
                while not lines[k].strip():
                    k += 1
                size = int(lines[k].split()[-1])
                k += 1
                out.append([tuple(map(int, lines[k + x].split())) for x in range(size)])
                k += size
            return out

        skip_to('cities')
        cities = regions(False)
        skip_to('paths')
        paths = regions(True)
        skip_to('masks')
        n = int(lines[k].split()[1])
        masks = {tuple(map(int, lines[k + 1 + x].split())) for x in range(n)}
        skip_to('city_owners')
        city_owner = [int(x) for x in lines[k + 1].split()]
        skip_to('path_owners')
        path_owner = [int(x) for x in lines[k + 1].split()]
        skip_to('units')
        k += 1
        units = []
        while lines[k].strip():
            f = [int(x) for x in lines[k].split()]
            units.append({'player': f[0], 'pos': (f[1], f[2]), 'health': f[3], 'mask': f[7]})
            k += 1
        states.append({'grid': grid, 'cities': cities, 'paths': paths, 'masks': masks,
                       'city_owner': city_owner, 'path_owner': path_owner, 'units': units})
    return states


def targets(st, me):
    """City and path cells of regions the player does not own."""
    out = set()
    for cells, owner in zip(st['cities'] + st['paths'], st['city_owner'] + st['path_owner']):
        if owner != me:
            out.update(cells)
    return out


def distances(st, sources):
    """Breadth-first distance to the nearest source; only walls block."""
    dist = {p: 0 for p in sources}
    queue = collections.deque(sources)
    n = len(st['grid'])
    while queue:
        p = queue.popleft()
        for di, dj in DIRS:
            q = (p[0] + di, p[1] + dj)
            if 0 <= q[0] < n and 0 <= q[1] < n and q not in dist and st['grid'][q[0]][q[1]] != 'W':
                dist[q] = dist[p] + 1
                queue.append(q)
    return dist


def region_of(st):
    """Cell -> (region index, owner): cities first, then paths."""
    out = {}
    for r, (cells, owner) in enumerate(zip(st['cities'] + st['paths'], st['city_owner'] + st['path_owner'])):
        for q in cells:
            out[q] = (r, owner)
    return out


def contest(st, region, cell, me):
    """How the player's units on the cell's region compare with the strongest enemy's there:
    `alone`, `ahead`, `tied` or `behind`, `grass` off cities and paths."""
    if cell not in region:
        return 'grass'
    r = region[cell][0]
    count = collections.Counter(u['player'] for u in st['units'] if region.get(u['pos'], (None,))[0] == r)
    mine, enemy = count.pop(me, 0), max(count.values(), default=0)
    return 'alone' if enemy == 0 else 'ahead' if mine > enemy else 'tied' if mine == enemy else 'behind'


def orders(kit, lineup, n):
    """`lineup` is one of LINEUPS (the Dummy at seat seed mod 4, that bot elsewhere; the Dummy's
    orders are classified) or any player name P (P at seat seed mod 4 against three Dummies;
    the three Dummies' orders are classified)."""
    c = collections.Counter()
    for seed in range(1, n + 1):
        if lineup in dict(LINEUPS):
            names, me = one_against_three('Dummy', dict(LINEUPS)[lineup], seed)
            dummies = [me]
        else:
            names, seat = one_against_three(lineup, 'Dummy', seed)
            dummies = [pl for pl in range(4) if pl != seat]
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'm.res')
            run = game(kit, names, seed, out, stderr=subprocess.PIPE)
            states = parse_states(out)
        given = collections.defaultdict(list)
        for line in run.stderr.split('\n'):
            f = line.split()
            if f[:1] == ['ORD'] and int(f[2]) in dummies:
                given[(int(f[1]), int(f[2]))] = [tuple(map(int, x.split(':'))) for x in f[3:]]
        for r in range(len(states) - 1):
            st = states[r]
            occ = {u['pos']: u for u in st['units']}
            region = region_of(st)
            for me in dummies:
                classify(c, st, occ, region, me, given[(r, me)])
    who = 'Dummy (seat seed mod 4), %s elsewhere' % dict(LINEUPS)[lineup] if lineup in dict(LINEUPS) \
        else 'the three Dummies, %s at seat seed mod 4' % lineup
    print('%s, seeds 1..%d: %d of %d rounds with one order per unit by ascending id'
          % (who, n, c['rounds where every unit got one order, by ascending id'], c['rounds']))
    print('%-56s %7s %22s %8s   model: %6s %6s' % ('situation', 'orders', 'rule followed (%)', 'stay (%)',
                                                    'rule', 'stay'))
    rule = {'mask adjacent': 'onto a mask', 'nothing left to take': 'stay'}
    for case in sorted({k[0] for k in c if isinstance(k, tuple)}):
        total = c[(case, 'n')]
        what = rule.get(case, 'attack' if case.startswith('enemy') else
                        'stay' if case.startswith('on a') else 'shortest-path step')
        print('%-56s %7d %13s %7.1f %8.1f %14.1f %6.1f' % (
            case, total, what, 100 * c[(case, 'hit')] / total, 100 * c[(case, 'stay')] / total,
            100 * c[(case, 'model hit')] / total, 100 * c[(case, 'model stay')] / total))


def model(st, occ, tg, dist, me, p):
    """The distribution (BOTTOM, RIGHT, TOP, LEFT, NONE) of the order docs/games/pandemic.md's
    model of the Dummy gives a unit at p: a quarter random moves, else the rules in a random
    counterclockwise rotation of the neighbours."""
    prob = [0.0625] * 4 + [0.0]
    nb = [(p[0] + di, p[1] + dj) for di, dj in DIRS]
    for start in range(4):
        w = 0.75 / 4
        order = [(start + t) % 4 for t in (0, 3, 2, 1)]
        mask = [k for k in order if nb[k] in st['masks']]
        if mask:
            prob[mask[0]] += w
            continue
        enemy = [k for k in order if nb[k] in occ and occ[nb[k]]['player'] != me]
        if enemy:
            prob[enemy[0]] += w * 0.9
            w *= 0.1
        if not tg or p not in dist:
            prob[4] += w
        elif dist[p] == 0:
            for k in order:
                if nb[k] in tg:
                    prob[k] += w * 0.2
                    w *= 0.8
            prob[4] += w
        else:
            down = [k for k in order if dist.get(nb[k], 1 << 30) < dist[p]]
            prob[down[0] if down else 4] += w
    return prob


def classify(c, st, occ, region, me, given):
    """Counts, per situation, the orders that follow the model's rule and those that stay."""
    mine = [i for i, u in enumerate(st['units']) if u['player'] == me]
    c['rounds'] += 1
    c['rounds where every unit got one order, by ascending id'] += [i for i, _ in given] == mine
    tg = targets(st, me)
    dist = distances(st, tg)
    for uid, d in given:
        p = st['units'][uid]['pos']
        nb = [(p[0] + di, p[1] + dj) for di, dj in DIRS]
        enemy = [k for k in range(4) if nb[k] in occ and occ[nb[k]]['player'] != me]
        mask = [k for k in range(4) if nb[k] in st['masks']]
        where = contest(st, region, p, me)
        if p in region:
            where = ('on a target' if p in tg else 'on its own region') + ', ' + where
        if mask:
            case = 'mask adjacent'
            rule = mask
        elif enemy:
            case = 'enemy adjacent, ' + where
            rule = enemy
        elif not tg:
            case = 'nothing left to take'
            rule = [4]
        elif p in tg:
            free = sum(1 for q in nb if q in tg and q not in occ)
            case = 'on a target, %d target neighbours (%d free)' % (sum(1 for q in nb if q in tg), free)
            rule = [4]
        else:
            good = [k for k in range(4) if dist.get(nb[k], 1 << 30) < dist[p]]
            case = 'elsewhere, %d shortest-path steps' % len(good)
            rule = good
        prob = model(st, occ, tg, dist, me, p)
        sub = [case] + ([where if p in tg else 'elsewhere, ' + where] if case.startswith(('on a', 'elsewhere')) else [])
        for key in sub:
            c[(key, 'n')] += 1
            c[(key, 'hit')] += d in rule
            c[(key, 'stay')] += d == 4
            c[(key, 'model hit')] += sum(prob[k] for k in rule)
            c[(key, 'model stay')] += prob[4]


def board(kit, seed, damages=None):
    """The kit's round-0 state of `seed` as an Arena FIXED .cnf (docs/games/pandemic.md)."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 'm.res')
        game(kit, ['Null'] * 4, seed, out)
        lines = open(out).read().split('\n')
    k = next(i for i, l in enumerate(lines) if l.startswith('   0')) + 2
    grid = []
    while lines[k][:2].isdigit() and lines[k][2] == ' ':
        grid.append(lines[k][3:])
        k += 1
    k = lines.index('units', k) + 1
    units = []
    while lines[k].strip():
        units.append([int(x) for x in lines[k].split()])  # player row col health damage turns immune mask
        k += 1
    cell = {'W': 'X', '.': '.', ';': 'C', ',': 'P'}
    print('Pandemic v1\n# the kit\'s board and round-0 units of seed %d (scripts/kit-pandemic.py)' % seed)
    print('rows %d\ncols %d\nnb_units %d\nFIXED' % (len(grid), len(grid[0]), len(units) // 4))
    for row in grid:
        print(''.join(cell[ch] for ch in row))
    print('units %d\nid player row col health damage turns immune mask' % len(units))
    for uid, u in enumerate(units):
        k = uid % (len(units) // 4)  # the kit numbers each player's units consecutively
        if damages and k < 3:
            u[4] = damages[k]
        print(uid, *u)


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    kit, what = sys.argv[1], sys.argv[2]
    if what == 'lineups':
        lineups(kit)
    elif what == 'rates' and len(sys.argv) in (4, 5):
        rates(kit, sys.argv[3].split(','), int(sys.argv[4]) if len(sys.argv) == 5 else 100)
    elif what == 'orders' and len(sys.argv) == 5:
        orders(kit, sys.argv[3], int(sys.argv[4]))
    elif what == 'board' and len(sys.argv) in (4, 5):
        board(kit, int(sys.argv[3]), [int(x) for x in sys.argv[4].split(',')] if len(sys.argv) == 5 else None)
    else:
        sys.exit(__doc__)
