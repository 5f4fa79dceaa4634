#!/usr/bin/env python3
"""The kit side of The Purge's comparisons (docs/games/purge.md, "Fidelity to the kit"). CI has
no kit: run this by hand and commit the figures it prints.

The kit: github Marcoss26/JOC-EDA-QP-23-24-THE-PURGE (2024), built natively: copy its *.cc, *.hh,
Makefile, default.cnf and AIDummy.o.Linux64 to a fresh folder, drop the student players
(AIspikesinho.cc, AIMain.cc), add AINull.cc from github Hardstuck/EDA_GAME_2020, then
`cp AIDummy.o.Linux64 AIDummy.o`, set `DUMMY_OBJ = AIDummy.o` in the Makefile and `make all`. To
measure the reference players, copy bot-sdk/cpp/reference/purge/AI*.cc into the folder first.

  scripts/kit-purge.py KIT_DIR boards            # board statistics, seeds 1..100
  scripts/kit-purge.py KIT_DIR lineups           # the Dummy's own score in three line-ups
  scripts/kit-purge.py KIT_DIR rates P1,P2,...   # first places against three Dummies
  scripts/kit-purge.py KIT_DIR speed             # wall time of Demo x4 and Dummy x4
  scripts/kit-purge.py KIT_DIR orders N          # how far the rule below predicts the Dummy's orders

Board figures are those of `arena boards purge`; rates count a tie for first as first, the
player sitting at seat seed mod 4, as `arena strength` does. `lineups` prints
server/kit-figures/purge/dummy_lineups.txt: the Dummy at seat seed mod 4 on seeds 1..100, against
three Demos (`demos`), among four Dummies (`dummies`) and against three Nulls (`nulls`), one
`line-up seed score` per line (read by `arena fidelity purge --dummy`).

`orders` needs a kit whose Game.cc also logs each player's commands: after
`actions[pl] = *players[pl];` in Game::run add a statement writing
`ORD <round> <pl> <id>:<type>:<dir> ...` (the commands of actions[pl].v, in order) to stderr, and
rebuild. It plays seeds 1..N in the three line-ups (the Dummy at seat seed mod 4), replays
`dummy_orders` below on every state the Dummy saw, drawing from the kit's random generator seeded
as the kit seeds the player (seed + seat + 1), and counts the rounds whose orders it reproduces
exactly (same citizens, order, kinds and directions), and what kind each reproduced order was.
"""
import collections, os, subprocess, sys, tempfile
import kitlib
from kitlib import EIGHT, FOUR, LINEUPS


KIT = kitlib.OutputKit('github Marcoss26/JOC-EDA-QP-23-24-THE-PURGE (AIDummy.o.Linux64), default.cnf',
                       'score', 'scripts/kit-purge.py')
final_scores, lineups, rates, speed = KIT.final_scores, KIT.lineups, KIT.rates, KIT.speed


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


def board_figures(rows):
    building = [[c == 'B' for c in r] for r in rows]
    b = sum(map(sum, building))
    groups = kitlib.components(building, True, EIGHT)
    count = lambda ch: sum(r.count(ch) for r in rows)
    return {'building cells': b, 'street cells': len(rows) * len(rows[0]) - b, 'buildings': len(groups),
            'largest building': max(groups, default=0),
            'street components': len(kitlib.components(building, False, FOUR)),
            'money': count('M'), 'food': count('F'), 'guns': count('G'), 'bazookas': count('Z')}


def boards(kit):
    kitlib.boards(kit, lambda out: board_figures(initial_board(out)), 2)


DOWN_RIGHT_UP_LEFT = [(1, 0), (0, 1), (-1, 0), (0, -1)]


def states_of(path):
    """The settings, then per round the state the players saw: grid rows, citizens by id
    ({'t', 'id', 'pl', 'pos', 'w', 'life'}), citizens by cell, barricades {cell: (owner, resistance)}, day."""
    lines = open(path).read().split('\n')
    settings = {}
    for l in lines:
        if l.startswith('names'):
            break
        f = l.split()
        if len(f) == 2 and f[0].isupper():
            settings[f[0]] = int(f[1])
    out, i = [], 0
    while i < len(lines):
        if not lines[i].startswith('   0000'):
            i += 1
            continue
        i += 2
        grid = []
        while len(lines[i]) > 3 and lines[i][:2].isdigit() and lines[i][2] == ' ':
            grid.append(lines[i][3:])
            i += 1
        while not lines[i].startswith('citizens'):
            i += 1
        cits = {}
        for l in lines[i + 3:i + 3 + int(lines[i + 1])]:
            t, uid, pl, r, c, w, life = l.split()
            cits[int(uid)] = dict(t=t, id=int(uid), pl=int(pl), pos=(int(r), int(c)), w=w, life=int(life))
        i += 3 + len(cits)
        while not lines[i].startswith('barricades'):
            i += 1
        bars = {}
        for l in lines[i + 3:i + 3 + int(lines[i + 1])]:
            pl, r, c, res = map(int, l.split())
            bars[(r, c)] = (pl, res)
        i += 3 + len(bars)
        while i < len(lines) and not lines[i].startswith('round'):
            i += 1
        if i >= len(lines):
            break
        out.append(dict(grid=grid, cits=cits, occ={c['pos']: c for c in cits.values()}, bars=bars,
                        day=lines[i + 1].split()[1] == '1'))
    return settings, out


class KitRandom:
    """The kit's player generator (Random.hh): a 31-bit LCG, two steps per draw."""

    def __init__(self, seed):
        self.x = abs(seed) & 0x7fffffff

    def random(self, lo, hi):
        for _ in range(2):
            self.x = (843314861 * self.x + 453816693) & 0x7fffffff
        return lo + int((hi - lo + 1) * (self.x / 2 ** 31))

    def permutation(self, n):
        v = list(range(n))
        for k in range(n):
            j = self.random(k, n - 1)
            v[k], v[j] = v[j], v[k]
        return v


def dummy_orders(cnf, st, me, rng):
    """The kit Dummy's orders as inferred (docs/games/purge.md): [(id, 0 move / 1 build, dir, kind)]."""
    grid, occ, bars = st['grid'], st['occ'], st['bars']
    R, C = len(grid), len(grid[0])
    ok = lambda p: 0 <= p[0] < R and 0 <= p[1] < C
    item = lambda p: grid[p[0]][p[1]] if grid[p[0]][p[1]] in 'MFGZ' else None
    street = lambda p: ok(p) and grid[p[0]][p[1]] != 'B'
    step = lambda p, d: (p[0] + DOWN_RIGHT_UP_LEFT[d][0], p[1] + DOWN_RIGHT_UP_LEFT[d][1])
    strength = lambda c: cnf[{'n': 'BUILDER', 'h': 'HAMMER', 'g': 'GUN', 'b': 'BAZOOKA'}[c['w']] + '_STRENGTH_ATTACK']
    rank = {'n': -1, 'h': 0, 'g': 1, 'b': 2, 'G': 1, 'Z': 2}
    calm = lambda p: street(p) and p not in occ and bars.get(p, (me,))[0] == me
    fight = lambda p: street(p) and (p not in occ or occ[p]['pl'] != me)
    out = []

    def bfs(src, target, passable):
        first, queue = {src: None}, collections.deque([src])
        while queue:
            p = queue.popleft()
            if target(p):
                return first[p]
            for d in range(4):
                q = step(p, d)
                if q not in first and ok(q) and passable(q):
                    first[q] = d if p == src else first[p]
                    queue.append(q)
        return None

    def go(c, d, kind):
        if d is not None:
            out.append((c['id'], 0, d, kind))

    def random_step(c):
        if rng.random(0, 99) <= 15:
            return False
        d = next((d for d in rng.permutation(4) if street(step(c['pos'], d))), None)
        go(c, d, 'random')
        return True

    mine = sorted((c for c in st['cits'].values() if c['pl'] == me), key=lambda c: c['id'])
    warriors, builders = [c for c in mine if c['t'] == 'w'], [c for c in mine if c['t'] == 'b']
    own = [b for b in bars.values() if b[0] == me]
    for c in warriors:
        if random_step(c):
            continue
        if st['day']:
            if c['w'] != 'b':
                go(c, bfs(c['pos'], lambda p: item(p) in ('G', 'Z') and rank[item(p)] > rank[c['w']], calm), 'weapon')
        else:
            def weaker(p, c=c):
                o = occ.get(p)
                return o is not None and o['pl'] != me and (strength(c), c['life']) > (strength(o), o['life'])
            go(c, bfs(c['pos'], weaker, fight), 'attack')
    for c in builders:
        if random_step(c):
            continue
        if not st['day']:
            if c['life'] <= cnf['BUILDER_INI_LIFE'] // 2 and c['pos'] not in bars:
                go(c, bfs(c['pos'], lambda p: p not in occ and bars.get(p, (-1,))[0] == me, calm), 'shelter')
            continue
        if len(own) < cnf['MAX_NUM_BARRICADES']:
            d = next((d for d in range(4) if calm(step(c['pos'], d)) and not item(step(c['pos'], d))
                      and step(c['pos'], d) not in bars), None)
            if d is not None:
                out.append((c['id'], 1, d, 'build'))
                continue
        weak = lambda p: bars.get(p, (-1,))[0] == me and bars[p][1] < cnf['BARRICADE_MAX_RESISTANCE']
        if any(res < cnf['BARRICADE_MAX_RESISTANCE'] for _, res in own) and not weak(c['pos']):
            d = bfs(c['pos'], weak, calm)
            if d is not None:
                go(c, d, 'to barricade')
                continue
        go(c, bfs(c['pos'], lambda p: item(p) == 'M', calm), 'money')
    return out


def orders(kit, n):
    counts, kinds = collections.Counter(), collections.Counter()
    for tag, bot in LINEUPS:
        for seed in range(1, n + 1):
            seat = seed % 4
            names = [bot] * 4
            names[seat] = 'Dummy'
            with tempfile.TemporaryDirectory() as d:
                out = os.path.join(d, 'o.res')
                run = subprocess.run([os.path.join(kit, 'Game'), *names, '-s', str(seed), '-i',
                                      os.path.join(kit, 'default.cnf'), '-o', out],
                                     stderr=subprocess.PIPE, text=True, check=True)
                cnf, states = states_of(out)
            given = {}
            for line in run.stderr.split('\n'):
                f = line.split()
                if f[:1] == ['ORD'] and int(f[2]) == seat:
                    given[int(f[1])] = [tuple(map(int, x.split(':'))) for x in f[3:]]
            rng = KitRandom(seed + seat + 1)
            for r, st in enumerate(states[:cnf['NUM_DAYS'] * cnf['NUM_ROUNDS_PER_DAY']]):  # the last was not played
                predicted = dummy_orders(cnf, st, seat, rng)
                counts['rounds'] += 1
                if [o[:3] for o in predicted] == given.get(r, []):
                    counts['rounds reproduced'] += 1
                    kinds.update(o[3] for o in predicted)
                    kinds['citizens without order'] += sum(1 for c in st['cits'].values() if c['pl'] == seat) - len(predicted)
                else:
                    counts['first miss at round %d' % r] += 1
                    break  # the generator is out of step from here on
    for k, v in list(counts.items()) + sorted(kinds.items()):
        print('%-24s %d' % (k, v))


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    kit, what = sys.argv[1], sys.argv[2]
    if what == 'boards':
        boards(kit)
    elif what == 'lineups':
        lineups(kit)
    elif what == 'orders':
        orders(kit, int(sys.argv[3]))
    elif what == 'rates':
        rates(kit, sys.argv[3].split(','))
    elif what == 'speed':
        speed(kit)
    else:
        sys.exit(__doc__)
