#!/usr/bin/env python3
"""The kit side of Mad Max's comparisons (docs/games/mad-max.md, "Fidelity to the kit"). CI has
no kit: run this by hand and commit the figures it prints.

The kit: github vicgua/Mad-Max (Mad_Max 1.6, 2018, with its December 2018 patch), built natively:
in a fresh copy of the repository use its Makefile.orig as Makefile, `cp AIDummy.o.Linux64
AIDummy.o` (in the repository AIDummy.o is a symlink: replace it with a real copy), uncomment
`DUMMY_OBJ = AIDummy.o`, drop the student's players (AILinearithmic.cc, _AILinearithmic_v1.cc,
AIRandom.cc) and `make all`. To measure the reference players, copy
bot-sdk/cpp/reference/mad_max/AI*.cc into the folder first.

  scripts/kit-mad-max.py KIT_DIR boards            # board statistics, seeds 1..100
  scripts/kit-mad-max.py KIT_DIR lineups           # the Dummy's own score in three line-ups
  scripts/kit-mad-max.py KIT_DIR rates P1,P2,...   # first places against three Dummies
  scripts/kit-mad-max.py KIT_DIR speed             # wall time of Demo x4 and Dummy x4 (Null x4)
  scripts/kit-mad-max.py KIT_DIR first-vs-demos    # Dummy first against three Demos, seeds 1..20

Board figures are those of `arena boards mad-max`; rates count a tie for first as first, the
player sitting at seat seed mod 4, as `arena strength` does; scores are the last `total_score`
line of the output (the state after the last round). first-vs-demos counts the seeds where Dummy,
at seat seed mod 4, scores strictly more than each Demo. `lineups` prints
server/kit-figures/mad_max/dummy_lineups.txt: the Dummy at seat seed mod 4 on seeds 1..100,
against three Demos (`demos`), among four Dummies (`dummies`) and against three Nulls (`nulls`),
one `line-up seed score` per line (read by `arena fidelity mad-max --dummy`).
"""
import datetime, os, statistics, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

N = 60
FOUR = [(1, 0), (0, 1), (-1, 0), (0, -1)]
EIGHT = FOUR + [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def game(kit, players, seed, out):
    subprocess.run([os.path.join(kit, 'Game'), *players, '-s', str(seed), '-i', os.path.join(kit, 'default.cnf'),
                    '-o', out], stderr=subprocess.DEVNULL, check=True)


def initial_board(path):
    """The 60 rows of 60 characters printed after the `names` line: the board at round 0."""
    lines = open(path).read().split('\n')
    k = next(i for i, l in enumerate(lines) if l.startswith('names'))
    rows = []
    for l in lines[k + 1:]:
        if len(l) == N and set(l) <= set('.RWSX0123'):
            rows.append(l)
            if len(rows) == N:
                return rows
        elif rows:
            break
    raise ValueError(path + ': no board')


def components(grid, steps):
    """Sizes of the groups of True cells, neighbours by steps."""
    R, C = len(grid), len(grid[0])
    seen = [[False] * C for _ in range(R)]
    sizes = []
    for i in range(R):
        for j in range(C):
            if not grid[i][j] or seen[i][j]:
                continue
            seen[i][j] = True
            stack, size = [(i, j)], 0
            while stack:
                a, b = stack.pop()
                size += 1
                for di, dj in steps:
                    x, y = a + di, b + dj
                    if 0 <= x < R and 0 <= y < C and grid[x][y] and not seen[x][y]:
                        seen[x][y] = True
                        stack.append((x, y))
            sizes.append(size)
    return sizes


def board_figures(rows):
    of = lambda chars: [[c in chars for c in r] for r in rows]
    count = lambda chars: sum(c in chars for r in rows for c in r)
    cities = components(of('0123'), FOUR)
    edge = {(i, j) for i in range(N) for j in range(N) if i in (0, N - 1) or j in (0, N - 1)}
    return {'desert cells': count('.'), 'road cells': count('R'), 'station cells': count('S'),
            'water cells': count('W'), 'wall cells': count('X'), 'city cells': count('0123'),
            'cities': len(cities), 'largest city': max(cities, default=0),
            'smallest city': min(cities, default=0), 'lakes': len(components(of('W'), EIGHT)),
            'edge road cells': sum(rows[i][j] in 'RS' for i, j in edge),
            'road components': len(components(of('RS'), FOUR)),
            'land components': len(components(of('.R0123'), EIGHT))}


def boards(kit):
    figures = {}
    with tempfile.TemporaryDirectory() as d:
        for seed in range(1, 101):
            out = os.path.join(d, 'b.res')
            game(kit, ['Null'] * 4, seed, out)
            for k, v in board_figures(initial_board(out)).items():
                figures.setdefault(k, []).append(v)
    for k, v in figures.items():
        print('%-18s mean %8.2f  min %5d  max %5d' % (k, statistics.mean(v), min(v), max(v)))


def final_scores(path):
    last = [l for l in open(path) if l.startswith('total_score')][-1]
    return [int(x) for x in last.split()[1:]]


def rates(kit, players):
    def one(args):
        player, seed = args
        seat = seed % 4
        names = ['Dummy'] * 4
        names[seat] = player
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'r.res')
            game(kit, names, seed, out)
            scores = final_scores(out)
        return player, scores[seat] >= max(scores), scores[seat]
    with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        results = list(ex.map(one, [(p, s) for p in players for s in range(1, 101)]))
    for p in players:
        mine = [r for r in results if r[0] == p]
        print('%-12s %3d  (mean score %.0f)' % (p, sum(1 for r in mine if r[1]), statistics.mean(r[2] for r in mine)))


LINEUPS = [('demos', 'Demo'), ('dummies', 'Dummy'), ('nulls', 'Null')]


def lineups(kit):
    def one(job):
        bot, seed = job
        seat = seed % 4
        names = [bot] * 4
        names[seat] = 'Dummy'
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'l.res')
            game(kit, names, seed, out)
            return final_scores(out)[seat]
    jobs = [(bot, seed) for _, bot in LINEUPS for seed in range(1, 101)]
    with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        results = iter(list(ex.map(one, jobs)))
    print("# The kit Dummy's own score, natively with the kit's ./Game, seeds 1..100, the Dummy at seat seed mod 4:")
    print('# `line-up seed score`, line-up = demos (vs three Demos), dummies (four Dummies), nulls (vs three Nulls).')
    print('# Kit: github vicgua/Mad-Max (Mad_Max 1.6 with its December 2018 patch, AIDummy.o.Linux64), default.cnf;')
    print('# measured %s by `scripts/kit-mad-max.py KIT lineups`.' % datetime.date.today())
    for name, _ in LINEUPS:
        for seed in range(1, 101):
            print(name, seed, next(results))


def speed(kit, repeats=3):
    """Wall time of whole `./Game` processes, default matches of seeds 1..10, each run `repeats`
    times in turn, one at a time: the median, and the median size of the output. Null x4 is the
    kit's own work (board, rules, output) with players that do nothing."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 's.res')
        for bot in ['Demo', 'Dummy', 'Null']:
            times, sizes = [], []
            for _ in range(repeats):
                for seed in range(1, 11):
                    t = time.perf_counter()
                    game(kit, [bot] * 4, seed, out)
                    times.append(time.perf_counter() - t)
                    sizes.append(os.path.getsize(out))
            print('%s x4: %.1f ms per default match (median of %d: seeds 1..10 x %d; min %.1f, max %.1f), '
                  'output %d bytes (median)' % (bot, 1000 * statistics.median(times), len(times), repeats,
                                                 1000 * min(times), 1000 * max(times), statistics.median(sizes)))


def first_vs_demos(kit):
    def one(seed):
        seat = seed % 4
        names = ['Demo'] * 4
        names[seat] = 'Dummy'
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'f.res')
            game(kit, names, seed, out)
            scores = final_scores(out)
        return all(scores[seat] > s for k, s in enumerate(scores) if k != seat), scores[seat]
    with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        results = list(ex.map(one, range(1, 21)))
    print('Dummy first against three Demos on %d of 20 seeds (mean score %.0f)' % (
        sum(1 for r in results if r[0]), statistics.mean(r[1] for r in results)))


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    kit, what = sys.argv[1], sys.argv[2]
    if what == 'boards':
        boards(kit)
    elif what == 'rates' and len(sys.argv) > 3:
        rates(kit, sys.argv[3].split(','))
    elif what == 'lineups':
        lineups(kit)
    elif what == 'speed':
        speed(kit)
    elif what == 'first-vs-demos':
        first_vs_demos(kit)
    else:
        sys.exit(__doc__)
