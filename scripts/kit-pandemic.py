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

`lineups` prints server/kit-figures/pandemic/dummy_lineups.txt: the Dummy at seat seed mod 4 on
seeds 1..100, against three Demos (`demos`), among four Dummies (`dummies`) and against three
Nulls (`nulls`), one `line-up seed score` per line. `rates` counts a tie for first as first, the
player sitting at seat seed mod 4, as `arena strength` does. Scores are the last `total_score`
line of the kit's output (the state after the last round).

`orders` needs a kit whose referee logs every order: in Board::next, before "Chooses (at most)
one command per unit", add one statement that writes, per player, a line
`ORD <round> <player> <id>:<dir> ...` to stderr with the commands of act[pl].v_ in the order the
player gave them (round_ - 1 is the round the player saw). It classifies each order of the Dummy
(at seat seed mod 4, the line-up's bot elsewhere) against the state the Dummy saw, and prints how
often each rule fired; docs/games/pandemic.md says what it found.
"""
import collections, datetime, os, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

LINEUPS = [('demos', 'Demo'), ('dummies', 'Dummy'), ('nulls', 'Null')]
DIRS = [(1, 0), (0, 1), (-1, 0), (0, -1)]  # BOTTOM, RIGHT, TOP, LEFT; 4 is NONE


def game(kit, players, seed, out, stderr=subprocess.DEVNULL):
    return subprocess.run([os.path.join(kit, 'Game'), *players, '-s', str(seed), '-i',
                           os.path.join(kit, 'default.cnf'), '-o', out], stderr=stderr, check=True, text=True)


def final_scores(path):
    last = [l for l in open(path) if l.startswith('total_score')][-1]
    return [int(x) for x in last.split()[1:]]


def seat_score(kit, names, seed, seat):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 'm.res')
        game(kit, names, seed, out)
        scores = final_scores(out)
    return scores[seat], scores[seat] >= max(scores)


def one_against_three(player, other, seed):
    seat = seed % 4
    names = [other] * 4
    names[seat] = player
    return names, seat


def lineups(kit):
    jobs = [(name, bot, seed) for name, bot in LINEUPS for seed in range(1, 101)]

    def one(job):
        name, bot, seed = job
        names, seat = one_against_three('Dummy', bot, seed)
        return name, seed, seat_score(kit, names, seed, seat)[0]

    with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        results = list(ex.map(one, jobs))
    print("# The kit Dummy's own score, natively with the kit's ./Game, seeds 1..100, the Dummy at seat seed mod 4:")
    print('# `line-up seed score`, line-up = demos (vs three Demos), dummies (four Dummies), nulls (vs three Nulls).')
    print('# Kit: github Vikoey04/FIB-EDA game/ at 57012ac (Pandemic 1.0, AIDummy.o.Linux64), default.cnf;')
    print('# measured %s by `scripts/kit-pandemic.py KIT lineups`.' % datetime.date.today())
    for name, seed, score in results:
        print(name, seed, score)


def rates(kit, players, n=100):
    def one(job):
        player, seed = job
        names, seat = one_against_three(player, 'Dummy', seed)
        return player, seat_score(kit, names, seed, seat)

    with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        results = list(ex.map(one, [(p, s) for p in players for s in range(1, n + 1)]))
    for p in players:
        mine = [r for q, r in results if q == p]
        print('%-12s %3d  (mean score %.0f)' % (p, sum(1 for _, first in mine if first),
                                                sum(s for s, _ in mine) / len(mine)))


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


def orders(kit, lineup, n):
    bot = dict(LINEUPS)[lineup]
    c = collections.Counter()
    for seed in range(1, n + 1):
        names, me = one_against_three('Dummy', bot, seed)
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'm.res')
            run = game(kit, names, seed, out, stderr=subprocess.PIPE)
            states = parse_states(out)
        given = collections.defaultdict(list)
        for line in run.stderr.split('\n'):
            f = line.split()
            if f[:1] == ['ORD'] and int(f[2]) == me:
                given[int(f[1])] = [tuple(map(int, x.split(':'))) for x in f[3:]]
        for r in range(len(states) - 1):
            st = states[r]
            occ = {u['pos']: u for u in st['units']}
            mine = [i for i, u in enumerate(st['units']) if u['player'] == me]
            c['rounds'] += 1
            c['rounds where every unit got one order, by ascending id'] += [i for i, _ in given[r]] == mine
            tg = targets(st, me)
            dist = distances(st, tg)
            for uid, d in given[r]:
                p = st['units'][uid]['pos']
                nb = [(p[0] + di, p[1] + dj) for di, dj in DIRS]
                enemy = [k for k in range(4) if nb[k] in occ and occ[nb[k]]['player'] != me]
                mask = [k for k in range(4) if nb[k] in st['masks']]
                if mask:
                    case = 'mask adjacent'
                    hit = d in mask
                elif enemy:
                    case = 'enemy adjacent'
                    hit = d in enemy
                elif not tg:
                    case = 'nothing left to take'
                    hit = d == 4
                elif p in tg:
                    free = sum(1 for q in nb if q in tg and q not in occ)
                    case = 'on a target, %d free target neighbours' % free
                    hit = d == 4
                else:
                    good = [k for k in range(4) if dist.get(nb[k], 1 << 30) < dist[p]]
                    case = 'elsewhere, %d shortest-path steps' % len(good)
                    hit = d in good
                c[(case, 'n')] += 1
                c[(case, 'hit')] += hit
                c[(case, 'stay')] += d == 4
    print('Dummy (seat seed mod 4), %s elsewhere, seeds 1..%d: %d of %d rounds with one order per unit by ascending id'
          % (bot, n, c['rounds where every unit got one order, by ascending id'], c['rounds']))
    print('%-40s %7s %22s %7s' % ('situation', 'orders', 'rule followed (%)', 'stay (%)'))
    rule = {'mask adjacent': 'onto a mask', 'enemy adjacent': 'attack', 'nothing left to take': 'stay'}
    for case in sorted({k[0] for k in c if isinstance(k, tuple)}):
        total = c[(case, 'n')]
        what = rule.get(case, 'stay' if case.startswith('on a') else 'shortest-path step')
        print('%-40s %7d %13s %7.1f %8.1f' % (case, total, what, 100 * c[(case, 'hit')] / total,
                                             100 * c[(case, 'stay')] / total))


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
    else:
        sys.exit(__doc__)
