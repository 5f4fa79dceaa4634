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
  scripts/kit-walking-dead.py KIT_DIR orders N          # how far the Dummy's rule predicts its orders
  scripts/kit-walking-dead.py KIT_DIR events HERO N      # per-match events, HERO vs three Dummies

Board figures are those of `arena boards walking-dead`; rates count a tie for first as first,
the player sitting at seat seed mod 4, as `arena strength` does. `lineups` prints
server/kit-figures/walking_dead/dummy_lineups.txt: the Dummy at seat seed mod 4 on seeds 1..100,
against three Demos (`demos`), among four Dummies (`dummies`) and against three Nulls (`nulls`),
one `line-up seed score` per line (read by `arena fidelity walking-dead --dummy`).

`orders` needs a kit whose Game.cc also logs each player's commands in the order given: after
`actions[pl] = *players[pl];` in Game::run add a statement writing `ORD <round> <pl> <id>:<dir> ...`
(the commands of actions[pl].v) to stderr, and rebuild (the script sets KIT_ORD=1 in the
environment, should the statement test for it). It plays seeds 1..N against three Demos
and among four Dummies (the Dummy at seat seed mod 4) and counts, on every third round, the
Dummy's orders that the rule of bots/walking_dead/dummy predicts with the food draw either way.
"""
import os, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
import kitlib
from kitlib import EIGHT, FOUR, game

N = 60


KIT = kitlib.OutputKit('github DarkJaslo/EDA-game-Q1-22-23 game/ at b92443a (AIDummy.o.Linux64), default.cnf',
                       'score', 'scripts/kit-walking-dead.py')
final_scores, lineups, rates, speed = KIT.final_scores, KIT.lineups, KIT.rates, KIT.speed


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


def board_figures(rows):
    waste = [[c == 'W' for c in r] for r in rows]
    w = sum(map(sum, waste))
    chains = kitlib.components(waste, True, EIGHT)
    dead_ends = sum(1 for i in range(N) for j in range(N) if not waste[i][j] and sum(
        1 for di, dj in FOUR if 0 <= i + di < N and 0 <= j + dj < N and not waste[i + di][j + dj]) == 1)
    return {'waste cells': w, 'street cells': N * N - w, 'waste chains': len(chains),
            'largest chain': max(chains, default=0), 'street components': len(kitlib.components(waste, False, FOUR)),
            'dead ends': dead_ends}


def boards(kit):
    kitlib.boards(kit, lambda out: board_figures(initial_board(out)), 1)


def states_of(path):
    """Per round: (grid rows, {pos: (type, id, player)}, {id: pos}, food set), the state the players saw."""
    lines = open(path).read().split('\n')
    i, out = next(k for k, l in enumerate(lines) if l.startswith('names')) + 1, []
    while True:
        while i < len(lines) and not lines[i].startswith('00 '):
            i += 1
        if i >= len(lines):
            return out
        grid = [lines[i + r][3:63] for r in range(N)]
        i += N
        while not lines[i].startswith('units'):
            i += 1
        occ, where = {}, {}
        for k in range(int(lines[i + 1])):
            t, uid, pl, r, c = lines[i + 3 + k].split()[:5]
            occ[(int(r), int(c))] = (t, int(uid), int(pl))
            where[int(uid)] = (int(r), int(c))
        i += 3 + int(lines[i + 1])
        while not lines[i].startswith('food'):
            i += 1
        food = {tuple(map(int, lines[i + 3 + k].split())) for k in range(int(lines[i + 1]))}
        out.append((grid, occ, where, food))
        i += 3 + len(food)


DOWN_RIGHT_UP_LEFT = [(0, (1, 0)), (2, (0, 1)), (4, (-1, 0)), (6, (0, -1))]


def dummy_order(state, me, uid, food):
    """The order the rebuilt Dummy gives unit uid (a kit Dir, None to stay), food ignored or not."""
    grid, occ, where, foods = state
    street = lambda p: 0 <= p[0] < N and 0 <= p[1] < N and grid[p[0]][p[1]] != 'W'
    target = lambda p, kinds: (('F' in kinds and food and p in foods) or
                               (p in occ and occ[p][0] == 'a' and occ[p][2] != me and 'e' in kinds) or
                               (p in occ and occ[p][0] == 'z' and 'z' in kinds))
    p = where[uid]
    for kinds in ('F', 'e', 'z'):
        for d, (di, dj) in DOWN_RIGHT_UP_LEFT:
            if target((p[0] + di, p[1] + dj), kinds):
                return d
    first, queue = {p: None}, []
    for d, (di, dj) in DOWN_RIGHT_UP_LEFT:
        q = (p[0] + di, p[1] + dj)
        if street(q):
            first[q] = d
            queue.append(q)
    for q in queue:
        if target(q, 'Fez'):
            return first[q]
        if q in occ:
            continue
        for _, (di, dj) in DOWN_RIGHT_UP_LEFT:
            x = (q[0] + di, q[1] + dj)
            if street(x) and x not in first:
                first[x] = first[q]
                queue.append(x)
    return None


def orders(kit, n, bots=('Demo', 'Dummy')):
    counts = dict.fromkeys(['unit-rounds', 'predicted', 'food followed', 'food ignored'], 0)
    for bot in bots:
        for seed in range(1, n + 1):
            seat = seed % 4
            names = [bot] * 4
            names[seat] = 'Dummy'
            with tempfile.TemporaryDirectory() as d:
                out = os.path.join(d, 'o.res')
                run = subprocess.run([os.path.join(kit, 'Game'), *names, '-s', str(seed), '-i',
                                      os.path.join(kit, 'default.cnf'), '-o', out],
                                     stderr=subprocess.PIPE, text=True, check=True, env=dict(os.environ, KIT_ORD='1'))
                states = states_of(out)
            given = {}
            for line in run.stderr.split('\n'):
                f = line.split()
                if f[:1] == ['ORD'] and int(f[2]) == seat:
                    given[int(f[1])] = dict(tuple(map(int, x.split(':'))) for x in f[3:])
            for r in range(0, len(states) - 1, 3):
                _, occ, _, _ = states[r]
                for t, uid, pl in sorted(occ.values(), key=lambda u: u[1]):
                    if t != 'a' or pl != seat:
                        continue
                    g = given.get(r, {}).get(uid)
                    follow, ignore = dummy_order(states[r], seat, uid, True), dummy_order(states[r], seat, uid, False)
                    counts['unit-rounds'] += 1
                    counts['predicted'] += g in (follow, ignore)
                    if follow != ignore:
                        counts['food followed'] += g == follow
                        counts['food ignored'] += g == ignore
    for k, v in counts.items():
        print('%-14s %d' % (k, v))


def events(kit, hero, n):
    """HERO at seat seed mod 4 against three Dummies (HERO=Dummy: four Dummies), seeds 1..n: per
    match, food eaten, deaths in fights, bites that turned a unit, zombies killed (rebirths) and
    clan switches, for the hero (H) and the Dummies (D); then where food and reborn units appeared
    (Chebyshev distance to the nearest unit and to the nearest other food item). Arena's side:
    `cd bots && cargo run --release -p walking-dead-house-tests --example roundstats`."""
    def one(seed):
        from collections import Counter
        c, seat = Counter(), seed % 4
        names = ['Dummy'] * 4
        names[seat] = hero
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'e.res')
            game(kit, names, seed, out)
            states = states_of(out)
        side = lambda pl: 'H' if pl == seat and hero != 'Dummy' else 'D'
        cheb = lambda p, q: max(abs(p[0] - q[0]), abs(p[1] - q[1]))
        for a, b in zip(states, states[1:]):
            for uid, p in a[2].items():
                ta, _, pa = a[1][p]
                q = b[2][uid]
                tb, _, pb = b[1][q]
                if ta == 'a' and tb == 'd':
                    c[side(pa) + ' died in a fight'] += 1
                if ta == 'a' and tb == 'z':
                    c[side(pa) + ' turned zombie'] += 1
                if ta == 'z' and tb == 'a':
                    c[side(pb) + ' reborn'] += 1
                    c['reborn: food within 2'] += min((cheb(q, f) for f in b[3]), default=9) <= 2
                    c['reborn: unit within 2'] += min(cheb(q, x) for x in b[1] if x != q) <= 2
                if ta == 'a' and tb == 'a' and pa != pb:
                    c['switch ' + side(pa) + '>' + side(pb)] += 1
                if ta == 'a' and tb == 'a' and q in a[3]:
                    c[side(pb) + ' ate'] += 1
            for f in b[3] - a[3]:
                c['food appeared'] += 1
                c['food appeared: food within 2'] += min((cheb(f, g) for g in b[3] if g != f), default=9) <= 2
                c['food appeared: unit within 2'] += min(cheb(f, x) for x in b[1]) <= 2
        return c
    from collections import Counter
    with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        total = sum(ex.map(one, range(1, n + 1)), Counter())
    # Counter sums drop zeros: always print the placement figures.
    keys = set(total) | {'food appeared: unit within 2', 'reborn: unit within 2', 'food appeared: food within 2',
                         'reborn: food within 2'}
    for k in sorted(keys):
        print('%-30s %8.1f per match' % (k, total[k] / n))


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
    elif what == 'orders':
        orders(kit, int(sys.argv[3]))
    elif what == 'events':
        events(kit, sys.argv[3], int(sys.argv[4]))
    elif what == 'speed':
        speed(kit)
    else:
        sys.exit(__doc__)
