#!/usr/bin/env python3
"""Estimates a tournament's wall time on W worker slots from an `arena tournament --json` run.

A turn's matches can all run at once, but a turn starts only when the previous one (and its
tie replays) is over: each turn is a sequence of waves (attempt 0, then the replays of attempt
1, ...), and a wave of m matches on W slots takes ceil(m / W) match times. The series stages
(semifinals, final) are one wave each. The script counts those "match-time steps" for several
W and multiplies by the given match times.

usage: tournament-estimate.py RUN.json [--match-seconds S ...] [--slots W ...]
       [--no-replays]   (count only first attempts: bots that rarely tie, like real students')
"""

import argparse
import json
import math
from collections import Counter


def waves(run, replays=True):
    """Every wave's size, in play order."""
    out = []
    for rnd in run["rounds"]:
        for turn in rnd["turns"]:
            by_attempt = Counter(m.get("attempt", 0) for m in turn["matches"])
            for attempt in sorted(by_attempt):
                if attempt == 0 or replays:
                    out.append(by_attempt[attempt])
    # Semifinal groups of one level play at once.
    levels = Counter(g["level"] for g in run.get("semifinals") or [] for _ in g.get("matches", []))
    out.extend(levels[level] for level in sorted(levels))
    final = run.get("final") or {}
    if final.get("matches"):
        out.append(len(final["matches"]))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run")
    ap.add_argument("--match-seconds", type=float, nargs="+", default=[0.03, 0.3, 1.0])
    ap.add_argument("--slots", type=int, nargs="+", default=[1, 2, 4, 8, 16, 32, 64])
    ap.add_argument("--no-replays", action="store_true")
    a = ap.parse_args()
    with open(a.run) as f:
        run = json.load(f)
    w = waves(run, replays=not a.no_replays)
    total = sum(w)
    print(f"{len(run['rounds'])} rounds, {len(w)} waves, {total} matches"
          f" ({'with' if not a.no_replays else 'without'} tie replays)")
    header = "slots  steps  " + "  ".join(f"{s:>9.2f}s/match" for s in a.match_seconds)
    print(header)
    for slots in a.slots:
        steps = sum(math.ceil(m / slots) for m in w)
        cells = "  ".join(f"{steps * s / 3600:>13.2f} h" for s in a.match_seconds)
        print(f"{slots:>5}  {steps:>5}  {cells}")


if __name__ == "__main__":
    main()
