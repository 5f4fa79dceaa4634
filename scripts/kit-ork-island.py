#!/usr/bin/env python3
"""The kit side of Ork Island's Dummy comparisons (docs/games/ork-island.md, "Fidelity to the
kit"). CI has no kit: run this by hand and commit the figures it prints.

The kit: github arnauvc/OrkIsland (OrkIsland 1.0, 2017) at commit 488c2646, built natively: in a
copy of the repository uncomment `DUMMY_OBJ = AIDummy.o.Linux64` in the Makefile, add `-no-pie`
to its LDFLAGS (the Dummy object is not position-independent) and `make all`. To measure the
reference players, copy bot-sdk/cpp/reference/ork_island/AI*.cc into the folder first.

  scripts/kit-ork-island.py KIT_DIR lineups              # the Dummy's own score, three line-ups
  scripts/kit-ork-island.py KIT_DIR rates P1,P2,...      # first places against three Dummies

`lineups` prints `line-up seed score` for seeds 1..100, the Dummy at seat seed mod 4 against
three Demos (`demos`), among four Dummies (`dummies`) and against three Nulls (`nulls`): the
format of server/kit-figures/ork_island/dummy_lineups.txt, read by `arena fidelity ork-island
--dummy`. `rates` prints `player percent` (seeds 1..100, the player at seat seed mod 4, a tie for
first counted as first, as `arena strength` does): the format of dummy_rates.txt. Scores are the
kit's own final figures (its `got score` lines on stderr, seat by seat).
"""
import os, re, subprocess, sys
import kitlib


def scores(kit, players, seed):
    """The four final scores of one match, by seat."""
    run = kitlib.game(kit, players, seed, os.devnull, stderr=subprocess.PIPE)
    got = [int(m) for m in re.findall(r'^info: player .* got score (-?\d+)$', run.stderr, re.M)]
    if len(got) != 4:
        raise RuntimeError('seed %d %s: %d scores in the output' % (seed, players, len(got)))
    return got


def lineups(kit):
    kitlib.lineups(lambda names, seed: scores(kit, names, seed))


def rates(kit, players):
    kitlib.rates(lambda names, seed: scores(kit, names, seed), players, with_mean=False)


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    kit, what = sys.argv[1], sys.argv[2]
    if what == 'lineups':
        lineups(kit)
    elif what == 'rates' and len(sys.argv) == 4:
        rates(kit, sys.argv[3].split(','))
    else:
        sys.exit(__doc__)
