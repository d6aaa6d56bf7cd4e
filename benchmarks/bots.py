"""How long the search bot takes to decide, at its default settings, and how often sampling falls back.

    python benchmarks/bots.py              # 4-player Scotch Whist, a drawing game, Escalation
    python benchmarks/bots.py --decisions 20 --playouts 100

The target (docs/simulation.md): 0.1 s or less per decision at the default settings on 4-player
Scotch Whist and on a two-player game that draws from a stock after each trick.  The search bot sits
at seat 0 against random bots; every seat's decisions are watched, as in `rules simulate`, and the
time counted is the search bot's (watching included).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.bots.base import make_bot  # noqa: E402
from interpreter.engine import game as G  # noqa: E402
from interpreter.ruleset.loader import load_ruleset  # noqa: E402

GAMES = [
    ("Scotch Whist, 4 players", ROOT / "rulesets" / "scotch-whist.yaml", 4),
    ("drawing game, 2 players", ROOT / "tests" / "rulesets" / "draw-after-trick.yaml", 2),
    ("Escalation, 4 players", ROOT / "rulesets" / "escalation" / "escalation.yaml", 4),
]


def measure(path, players, decisions, options, seed=1):
    rules = load_ruleset(str(path)).rules
    times, fallbacks, samples = [], 0, 0
    game = 0
    while len(times) < decisions:
        game += 1
        s = G.new_game(rules, players, seed + game)
        bot = make_bot("search", seed + game, options)
        bot.seat = 0
        rng = random.Random(game)
        while not s.over and len(times) < decisions:
            t0 = time.perf_counter()
            bot.observe(s)
            watched = time.perf_counter() - t0
            if s.pending.player == 0 and len(s.pending.actions) > 1:
                t0 = time.perf_counter()
                index = bot.decide(s, 0, s.pending.actions)
                times.append(time.perf_counter() - t0 + watched)
            else:
                index = rng.randrange(len(s.pending.actions))
            G.apply_index(s, index)
        w = bot.watcher
        if w is not None:
            fallbacks += w.fallbacks
            samples += w.samples
    return times, fallbacks, samples


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--playouts", type=int, default=None, help="default: the bot's own (100)")
    ap.add_argument("--worlds", type=int, default=None, help="default: the bot's own (10)")
    args = ap.parse_args(argv)
    options = {k: v for k, v in (("playouts", args.playouts), ("worlds", args.worlds)) if v is not None}
    print(f"search bot, settings {options or 'default'}, {args.decisions} decisions each")
    for name, path, players in GAMES:
        times, fallbacks, samples = measure(path, players, args.decisions, options)
        print(f"{name:28s} median {statistics.median(times):.3f} s, max {max(times):.3f} s per decision; "
              f"{fallbacks} fallbacks in {samples} sampled worlds")


if __name__ == "__main__":
    main()
