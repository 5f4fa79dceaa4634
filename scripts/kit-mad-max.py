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
  scripts/kit-mad-max.py KIT_DIR orders N          # how far the Dummy's rule predicts its orders

Board figures are those of `arena boards mad-max`; rates count a tie for first as first, the
player sitting at seat seed mod 4, as `arena strength` does; scores are the last `total_score`
line of the output (the state after the last round). first-vs-demos counts the seeds where Dummy,
at seat seed mod 4, scores strictly more than each Demo. `lineups` prints
server/kit-figures/mad_max/dummy_lineups.txt: the Dummy at seat seed mod 4 on seeds 1..100,
against three Demos (`demos`), among four Dummies (`dummies`) and against three Nulls (`nulls`),
one `line-up seed score` per line (read by `arena fidelity mad-max --dummy`).

`orders` needs a kit whose Game.cc also logs each player's commands in the order given: after
`actions[pl] = *players[pl];` in Game::run add a statement writing `ORD <round> <pl> <id>:<dir> ...`
(the commands of actions[pl].v_, `Action::d2c` of each direction) to stderr, and rebuild. It
plays seeds 1..N against three Demos and among four Dummies (the Dummy at seat seed mod 4) and
sorts each order of the Dummy's units that may move (warriors in its turn, cars whenever they may
move) against the rule observed in docs/games/mad-max.md (the not-shipped rebuild eee8442): attacks (an adjacent rival warrior it may attack
was there), steps down the field the rule picks (water when water < food, else cities; stations
when fuel < 25, else rival warriors off the cities), steps that fit no rule, and units left
without an order while a free step down their field existed (the rule draws one step among those
down the field and drops it when its own unit holds the cell, so some of those are expected).
"""
import os, statistics, subprocess, sys, tempfile, time
import kitlib
from kitlib import EIGHT, FOUR, game

N = 60


KIT = kitlib.OutputKit('github vicgua/Mad-Max (Mad_Max 1.6 with its December 2018 patch, AIDummy.o.Linux64), default.cnf',
                       'total_score', 'scripts/kit-mad-max.py')
final_scores, lineups, rates = KIT.final_scores, KIT.lineups, KIT.rates


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


def board_figures(rows):
    of = lambda chars: [[c in chars for c in r] for r in rows]
    count = lambda chars: sum(c in chars for r in rows for c in r)
    cities = kitlib.components(of('0123'), True, FOUR)
    edge = {(i, j) for i in range(N) for j in range(N) if i in (0, N - 1) or j in (0, N - 1)}
    return {'desert cells': count('.'), 'road cells': count('R'), 'station cells': count('S'),
            'water cells': count('W'), 'wall cells': count('X'), 'city cells': count('0123'),
            'cities': len(cities), 'largest city': max(cities, default=0),
            'smallest city': min(cities, default=0), 'lakes': len(kitlib.components(of('W'), True, EIGHT)),
            'edge road cells': sum(rows[i][j] in 'RS' for i, j in edge),
            'road components': len(kitlib.components(of('RS'), True, FOUR)),
            'land components': len(kitlib.components(of('.R0123'), True, EIGHT))}


def boards(kit):
    kitlib.boards(kit, lambda out: board_figures(initial_board(out)), 2)


DIRS = {'b': (1, 0), 'w': (1, 1), 'r': (0, 1), 'x': (-1, 1), 't': (-1, 0), 'y': (-1, -1), 'l': (0, -1),
        'z': (1, -1)}


def states(path):
    """Per state printed by the kit: (round, grid rows, num_cities, total_score, units as (type,
    player, i, j, food, water) by id). scripts/mad-max-match-stats.py reads Arena's files, written
    in this layout, with it too."""
    lines = open(path).read().split('\n')
    out, i = [], 0
    while i < len(lines):
        if lines[i].startswith('round '):
            k = i - 1
            while lines[k] == '':
                k -= 1
            units, j = [], i + 4
            while j < len(lines) and lines[j][:2] in ('w ', 'c '):
                t, *rest = lines[j].split()
                units.append((t, *map(int, rest)))
                j += 1
            out.append((int(lines[i].split()[1]), lines[k - N + 1:k + 1],
                        list(map(int, lines[i + 1].split()[1:])), list(map(int, lines[i + 2].split()[1:])), units))
            i = j
        else:
            i += 1
    return out


def field(grid, sources, ok):
    dist, queue = {}, []
    for p in sources:
        dist.setdefault(p, 0)
        queue.append(p)
    for a, b in queue:
        for di, dj in DIRS.values():
            q = (a + di, b + dj)
            if 0 <= q[0] < N and 0 <= q[1] < N and q not in dist and ok(grid[q[0]][q[1]]):
                dist[q] = dist[(a, b)] + 1
                queue.append(q)
    return dist


def orders(kit, n):
    walks, drives = (lambda c: c in '.R0123'), (lambda c: c in '.R')
    count = {}
    def note(kind, what):
        count.setdefault(kind, {}).setdefault(what, 0)
        count[kind][what] += 1
    with tempfile.TemporaryDirectory() as d:
        for seed in range(1, n + 1):
            for bot in ['Demo', 'Dummy']:
                me = seed % 4
                names = [bot] * 4
                names[me] = 'Dummy'
                out, err = os.path.join(d, 'o.res'), os.path.join(d, 'o.err')
                with open(err, 'w') as e:
                    subprocess.run([os.path.join(kit, 'Game'), *names, '-s', str(seed), '-i',
                                    os.path.join(kit, 'default.cnf'), '-o', out], stderr=e, check=True)
                given = {}
                for l in open(err):
                    if l.startswith('ORD '):
                        w = l.split()
                        if int(w[2]) == me:
                            given[int(w[1])] = dict((int(x.split(':')[0]), x.split(':')[1]) for x in w[3:])
                played = [(r, grid, units) for r, grid, _, _, units in states(out)]
                g0 = played[0][1]
                cells = lambda g, cs: [(i, j) for i in range(N) for j in range(N) if g[i][j] in cs]
                to_water, to_city = field(g0, cells(g0, 'W'), walks), field(g0, cells(g0, '0123'), walks)
                to_station = field(g0, cells(g0, 'S'), drives)
                for r, grid, units in played:
                    if r not in given:
                        continue
                    occ = {(u[2], u[3]): u for u in units}
                    prey = None
                    for uid, u in enumerate(units):
                        if u[1] != me:
                            continue
                        p = (u[2], u[3])
                        cell = lambda q: grid[q[0]][q[1]]
                        if u[0] == 'w':
                            if r % 4 != me:
                                continue
                            city = cell(p) in '0123'
                            rivals = [k for k, (di, dj) in DIRS.items() if (p[0] + di, p[1] + dj) in occ
                                      and occ[(p[0] + di, p[1] + dj)][:2] != ('w', me)
                                      and occ[(p[0] + di, p[1] + dj)][0] == 'w'
                                      and occ[(p[0] + di, p[1] + dj)][1] != me
                                      and (not (city and cell((p[0] + di, p[1] + dj)) in '0123')
                                           or u[5] > occ[(p[0] + di, p[1] + dj)][5])]
                            dist, kind = (to_water, 'warrior, water') if u[5] < u[4] else (to_city, 'warrior, city')
                            if rivals:
                                kind = 'warrior, attack'
                        else:
                            if not (r % 4 == me or (cell(p) == 'R' and u[4] > 0)):
                                continue
                            rivals = []
                            if u[4] < 25:
                                dist, kind = to_station, 'car, station'
                            else:
                                if prey is None:
                                    prey = field(grid, [(v[2], v[3]) for v in units if v[0] == 'w' and v[1] != me
                                                        and cell((v[2], v[3])) in '.R'], drives)
                                dist, kind = prey, 'car, rival warrior'
                        here = dist.get(p, 10 ** 9)
                        down = [k for k, (di, dj) in DIRS.items() if dist.get((p[0] + di, p[1] + dj), 10 ** 9) < max(here, 1)]
                        o = given[r].get(uid, 'n')
                        if o == 'n':
                            free = [k for k in (rivals or down) if (p[0] + DIRS[k][0], p[1] + DIRS[k][1]) not in occ
                                    or occ[(p[0] + DIRS[k][0], p[1] + DIRS[k][1])][1] != me]
                            note(kind, 'no order, a free step existed' if free else 'no order, every step blocked')
                        elif o in rivals:
                            note(kind, 'attacks')
                        elif o in down:
                            note(kind, 'steps down the field')
                        else:
                            note(kind, 'fits no rule')
    for kind in sorted(count):
        total = sum(count[kind].values())
        print('%-20s %6d orders: ' % (kind, total) + ', '.join('%s %.1f%%' % (w, 100 * c / total)
                                                              for w, c in sorted(count[kind].items())))


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
    scores_of = kitlib.output_scores(kit, KIT.score_key)

    def one(seed):
        names, seat = kitlib.one_against_three('Dummy', 'Demo', seed)
        scores = scores_of(names, seed)
        return all(scores[seat] > s for k, s in enumerate(scores) if k != seat), scores[seat]
    results = kitlib.par(one, range(1, 21))
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
    elif what == 'orders' and len(sys.argv) > 3:
        orders(kit, int(sys.argv[3]))
    elif what == 'first-vs-demos':
        first_vs_demos(kit)
    else:
        sys.exit(__doc__)
