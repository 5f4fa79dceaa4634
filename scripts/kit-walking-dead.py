#!/usr/bin/env python3
"""The kit side of The Walking Dead's comparisons (docs/games/walking-dead.md, "Fidelity to the
kit"). CI has no kit: run this by hand and commit the figures it prints.

The kit: github DarkJaslo/EDA-game-Q1-22-23, folder game/ at commit b92443a, built natively
(cp AIDummy.o.Linux64 AIDummy.o; cp Board.o.Linux64 Board.o; make all). To measure the reference
players, copy bot-sdk/cpp/reference/walking_dead/AI*.cc into the kit's folder first.

  scripts/kit-walking-dead.py KIT_DIR boards            # board statistics, seeds 1..100
  scripts/kit-walking-dead.py KIT_DIR lineups           # the Dummy's own score in three line-ups
  scripts/kit-walking-dead.py KIT_DIR rates P1,P2,...   # first places against three Dummies
  scripts/kit-walking-dead.py KIT_DIR speed             # wall time of Demo x4 and Dummy x4

Board figures are those of `arena boards walking-dead`; rates count a tie for first as first,
the player sitting at seat seed mod 4, as `arena strength` does. `lineups` prints
server/kit-figures/walking_dead/dummy_lineups.txt: the Dummy at seat seed mod 4 on seeds 1..100,
against three Demos (`demos`), among four Dummies (`dummies`) and against three Nulls (`nulls`),
one `line-up seed score` per line (read by `arena fidelity walking-dead --dummy`).
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
    """The 60 rows printed after the `names` line: the board at round 0."""
    lines = open(path).read().split('\n')
    k = next(i for i, l in enumerate(lines) if l.startswith('names'))
    rows = []
    for l in lines[k + 1:]:
        if len(l) >= 63 and l[:2].isdigit() and l[2] == ' ':
            rows.append(l[3:63])
            if len(rows) == N:
                return rows
    raise ValueError(path + ': no board')


def components(waste, value, steps):
    seen = [[False] * N for _ in range(N)]
    sizes = []
    for i in range(N):
        for j in range(N):
            if waste[i][j] != value or seen[i][j]:
                continue
            seen[i][j] = True
            stack, size = [(i, j)], 0
            while stack:
                a, b = stack.pop()
                size += 1
                for di, dj in steps:
                    x, y = a + di, b + dj
                    if 0 <= x < N and 0 <= y < N and waste[x][y] == value and not seen[x][y]:
                        seen[x][y] = True
                        stack.append((x, y))
            sizes.append(size)
    return sizes


def board_figures(rows):
    waste = [[c == 'W' for c in r] for r in rows]
    w = sum(map(sum, waste))
    chains = components(waste, True, EIGHT)
    dead_ends = sum(1 for i in range(N) for j in range(N) if not waste[i][j] and sum(
        1 for di, dj in FOUR if 0 <= i + di < N and 0 <= j + dj < N and not waste[i + di][j + dj]) == 1)
    return {'waste cells': w, 'street cells': N * N - w, 'waste chains': len(chains),
            'largest chain': max(chains, default=0), 'street components': len(components(waste, False, FOUR)),
            'dead ends': dead_ends}


def boards(kit):
    figures = {}
    with tempfile.TemporaryDirectory() as d:
        for seed in range(1, 101):
            out = os.path.join(d, 'b.res')
            game(kit, ['Null'] * 4, seed, out)
            for k, v in board_figures(initial_board(out)).items():
                figures.setdefault(k, []).append(v)
    for k, v in figures.items():
        print('%-18s mean %8.1f  min %5d  max %5d' % (k, statistics.mean(v), min(v), max(v)))


def rates(kit, players):
    def one(args):
        player, seed = args
        seat = seed % 4
        names = ['Dummy'] * 4
        names[seat] = player
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'r.res')
            game(kit, names, seed, out)
            last = [l for l in open(out) if l.startswith('score')][-1]
        scores = [int(x) for x in last.split()[1:]]
        return player, scores[seat] >= max(scores)
    with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        results = list(ex.map(one, [(p, s) for p in players for s in range(1, 101)]))
    for p in players:
        print(p, sum(1 for q, first in results if q == p and first))


LINEUPS = [('demos', 'Demo'), ('dummies', 'Dummy'), ('nulls', 'Null')]


def final_scores(path):
    """The four scores of the state after the last round, by seat."""
    last = [l for l in open(path) if l.startswith('score')][-1]
    return [int(x) for x in last.split()[1:]]


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
    print('# Kit: github DarkJaslo/EDA-game-Q1-22-23 game/ at b92443a (AIDummy.o.Linux64), default.cnf;')
    print('# measured %s by `scripts/kit-walking-dead.py KIT lineups`.' % datetime.date.today())
    for name, _ in LINEUPS:
        for seed in range(1, 101):
            print(name, seed, next(results))


def speed(kit):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 's.res')
        for bot in ['Demo', 'Dummy']:
            t = time.perf_counter()
            for seed in range(1, 11):
                game(kit, [bot] * 4, seed, out)
            print('%s x4: %.3f s per default match (wall, seeds 1..10), output %d bytes' % (
                bot, (time.perf_counter() - t) / 10, os.path.getsize(out)))


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    kit, what = sys.argv[1], sys.argv[2]
    if what == 'boards':
        boards(kit)
    elif what == 'lineups':
        lineups(kit)
    elif what == 'rates':
        rates(kit, sys.argv[3].split(','))
    elif what == 'speed':
        speed(kit)
    else:
        sys.exit(__doc__)
