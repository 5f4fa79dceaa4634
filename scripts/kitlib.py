"""What the kit scripts (scripts/kit-<game>.py) share: running a kit's `./Game`, reading its final
scores, and the two measurements every game's Dummy is held to (docs/games/<game>.md, "Fidelity to
the kit"): the Dummy's own score in three line-ups, and first places against three Dummies.

A game's script passes `scores_of(names, seed)`, the four final scores of one match by seat (most
kits print them in their output file, `output_scores`), and the line naming its kit.
"""
import datetime, os, statistics, subprocess, tempfile, time
from concurrent.futures import ThreadPoolExecutor

SEEDS = range(1, 101)
FOUR = [(1, 0), (0, 1), (-1, 0), (0, -1)]
EIGHT = FOUR + [(1, 1), (1, -1), (-1, 1), (-1, -1)]
# The three line-ups of `arena fidelity <game> --dummy`: the Dummy against three of these.
LINEUPS = [('demos', 'Demo'), ('dummies', 'Dummy'), ('nulls', 'Null')]


def game(kit, players, seed, out, stderr=subprocess.DEVNULL):
    """One match of the kit's ./Game with its default.cnf, the output written to `out`."""
    return subprocess.run([os.path.join(kit, 'Game'), *players, '-s', str(seed), '-i', os.path.join(kit, 'default.cnf'),
                           '-o', out], stderr=stderr, check=True, text=True)


def last_scores(path, key):
    """The four scores of the last line of `path` that starts with `key` (the state after the
    last round), by seat."""
    last = [l for l in open(path) if l.startswith(key)][-1]
    return [int(x) for x in last.split()[1:]]


def output_scores(kit, key):
    """`scores_of` for a kit that prints the scores in its output, on lines starting with `key`."""
    def scores_of(names, seed):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'm.res')
            game(kit, names, seed, out)
            return last_scores(out, key)
    return scores_of


def components(grid, value, steps):
    """The sizes of the groups of cells equal to `value`, neighbours by `steps` (FOUR or EIGHT)."""
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


def boards(kit, figures_of, digits=2):
    """Prints the mean, min and max over seeds 1..100 of each figure of the kit's round-0 board:
    `figures_of(path)` reads them from the output of a match of four Nulls (the figures of
    `arena boards <game>`)."""
    figures = {}
    with tempfile.TemporaryDirectory() as d:
        for seed in SEEDS:
            out = os.path.join(d, 'b.res')
            game(kit, ['Null'] * 4, seed, out)
            for k, v in figures_of(out).items():
                figures.setdefault(k, []).append(v)
    for k, v in figures.items():
        print('%-18s mean %8.*f  min %5d  max %5d' % (k, digits, statistics.mean(v), min(v), max(v)))


def one_against_three(hero, other, seed):
    """The seats of a match with `hero` at seat seed mod 4 and `other` elsewhere, and that seat."""
    seat = seed % 4
    names = [other] * 4
    names[seat] = hero
    return names, seat


def par(fn, jobs):
    """`fn` over `jobs` on every core, the results in the jobs' order."""
    with ThreadPoolExecutor(os.cpu_count() or 1) as ex:
        return list(ex.map(fn, jobs))


def lineups(scores_of, kit_line=None, script=None):
    """Prints the Dummy's own score at seat seed mod 4 on seeds 1..100 in the three line-ups, one
    `line-up seed score` per line: the format of server/kit-figures/<game>/dummy_lineups.txt
    (read by `arena fidelity <game> --dummy`), after a header naming the kit when `kit_line` is
    given."""
    def one(job):
        bot, seed = job
        names, seat = one_against_three('Dummy', bot, seed)
        return scores_of(names, seed)[seat]
    results = iter(par(one, [(bot, seed) for _, bot in LINEUPS for seed in SEEDS]))
    if kit_line:
        print("# The kit Dummy's own score, natively with the kit's ./Game, seeds 1..100, the Dummy at seat seed mod 4:")
        print('# `line-up seed score`, line-up = demos (vs three Demos), dummies (four Dummies), nulls (vs three Nulls).')
        print('# Kit: %s;' % kit_line)
        print('# measured %s by `%s KIT lineups`.' % (datetime.date.today(), script))
    for name, _ in LINEUPS:
        for seed in SEEDS:
            print(name, seed, next(results))


def rates(scores_of, players, n=100, with_mean=True):
    """Prints each player's first places against three Dummies on seeds 1..n, the player at seat
    seed mod 4, a tie for first counted as first (as `arena strength` does): `player firsts`, and
    its mean score with `with_mean`."""
    def one(job):
        player, seed = job
        names, seat = one_against_three(player, 'Dummy', seed)
        scores = scores_of(names, seed)
        return scores[seat] >= max(scores), scores[seat]
    results = iter(par(one, [(p, s) for p in players for s in range(1, n + 1)]))
    for p in players:
        mine = [next(results) for _ in range(n)]
        firsts = sum(1 for first, _ in mine if first)
        if with_mean:
            print('%-12s %3d  (mean score %.0f)' % (p, firsts, statistics.mean(s for _, s in mine)))
        else:
            print(p, round(100 * firsts / n))


def speed(kit, bots=('Demo', 'Dummy')):
    """Wall time of whole ./Game processes, four of a bot, default matches of seeds 1..10."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 's.res')
        for bot in bots:
            t = time.perf_counter()
            for seed in range(1, 11):
                game(kit, [bot] * 4, seed, out)
            print('%s x4: %.4f s per default match (wall, seeds 1..10), output %d bytes' % (
                bot, (time.perf_counter() - t) / 10, os.path.getsize(out)))


class OutputKit:
    """The shared commands of a kit that prints each state's scores in its output file, on lines
    starting with `score_key` (`kit_line` names the kit in the line-ups' header, `script` is the
    command that prints them)."""

    def __init__(self, kit_line, score_key, script):
        self.kit_line, self.score_key, self.script = kit_line, score_key, script

    def final_scores(self, path):
        """The four scores after the last round, by seat."""
        return last_scores(path, self.score_key)

    def lineups(self, kit):
        lineups(output_scores(kit, self.score_key), self.kit_line, self.script)

    def rates(self, kit, players, n=100):
        rates(output_scores(kit, self.score_key), players, n)

    def speed(self, kit):
        speed(kit)
