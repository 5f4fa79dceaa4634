#!/usr/bin/env python3
"""The kit side of The Purge's comparisons (docs/games/purge.md, "Fidelity to the kit"). CI has
no kit: run this by hand and commit the figures it prints.

The kit: github Marcoss26/JOC-EDA-QP-23-24-THE-PURGE (2024), built natively: copy its *.cc, *.hh,
Makefile, default.cnf and AIDummy.o.Linux64 to a fresh folder, drop the student players
(AIspikesinho.cc, AIMain.cc), add AINull.cc from github Hardstuck/EDA_GAME_2020, then
`cp AIDummy.o.Linux64 AIDummy.o`, set `DUMMY_OBJ = AIDummy.o` in the Makefile and `make all`. To
measure the reference players, copy bot-sdk/cpp/reference/purge/AI*.cc into the folder first.

  scripts/kit-purge.py KIT_DIR boards            # board statistics, seeds 1..100
  scripts/kit-purge.py KIT_DIR rates P1,P2,...   # first places against three Dummies
  scripts/kit-purge.py KIT_DIR speed             # wall time of Demo x4 and Dummy x4

Board figures are those of `arena boards purge`; rates count a tie for first as first, the
player sitting at seat seed mod 4, as `arena strength` does.
"""
import os, statistics, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

FOUR = [(1, 0), (0, 1), (-1, 0), (0, -1)]
EIGHT = FOUR + [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def game(kit, players, seed, out):
    subprocess.run([os.path.join(kit, 'Game'), *players, '-s', str(seed), '-i', os.path.join(kit, 'default.cnf'),
                    '-o', out], stderr=subprocess.DEVNULL, check=True)


def initial_board(path):
    """The rows printed after the `names` line and the two column-label lines: round 0."""
    lines = open(path).read().split('\n')
    k = next(i for i, l in enumerate(lines) if l.startswith('names'))
    rows = []
    for l in lines[k + 1:]:
        if len(l) > 3 and l[:2].isdigit() and l[2] == ' ':
            rows.append(l[3:])
        elif rows:
            return rows
    raise ValueError(path + ': no board')


def components(grid, value, steps):
    R, C = len(grid), len(grid[0])
    seen = [[False] * C for _ in range(R)]
    sizes = []
    for i in range(R):
        for j in range(C):
            if grid[i][j] != value or seen[i][j]:
                continue
            seen[i][j] = True
            stack, size = [(i, j)], 0
            while stack:
                a, b = stack.pop()
                size += 1
                for di, dj in steps:
                    x, y = a + di, b + dj
                    if 0 <= x < R and 0 <= y < C and grid[x][y] == value and not seen[x][y]:
                        seen[x][y] = True
                        stack.append((x, y))
            sizes.append(size)
    return sizes


def board_figures(rows):
    building = [[c == 'B' for c in r] for r in rows]
    b = sum(map(sum, building))
    groups = components(building, True, EIGHT)
    count = lambda ch: sum(r.count(ch) for r in rows)
    return {'building cells': b, 'street cells': len(rows) * len(rows[0]) - b, 'buildings': len(groups),
            'largest building': max(groups, default=0),
            'street components': len(components(building, False, FOUR)),
            'money': count('M'), 'food': count('F'), 'guns': count('G'), 'bazookas': count('Z')}


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
        return player, scores[seat] >= max(scores), scores[seat]
    with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        results = list(ex.map(one, [(p, s) for p in players for s in range(1, 101)]))
    for p in players:
        mine = [r for r in results if r[0] == p]
        print('%-12s %3d  (mean score %.0f)' % (p, sum(1 for r in mine if r[1]), statistics.mean(r[2] for r in mine)))


def speed(kit):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 's.res')
        for bot in ['Demo', 'Dummy']:
            t = time.perf_counter()
            for seed in range(1, 11):
                game(kit, [bot] * 4, seed, out)
            print('%s x4: %.4f s per default match (wall, seeds 1..10), output %d bytes' % (
                bot, (time.perf_counter() - t) / 10, os.path.getsize(out)))


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    kit, what = sys.argv[1], sys.argv[2]
    if what == 'boards':
        boards(kit)
    elif what == 'rates':
        rates(kit, sys.argv[3].split(','))
    elif what == 'speed':
        speed(kit)
    else:
        sys.exit(__doc__)
