"""How long a copy of a game state takes (State.clone): bots copy the state thousands of times a decision.

    python benchmarks/clone.py            # microseconds per copy, at a few positions of some bundled games

Each figure is the best of several rounds (the machine's load only ever adds time).
"""
from __future__ import annotations

import random
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.engine import game as G  # noqa: E402
from interpreter.ruleset.loader import load_ruleset  # noqa: E402

POSITIONS = [("scotch-whist.yaml", 10), ("scalade/scalade.yaml", 12), ("escalative/escalative.yaml", 20),
             ("scala40/scala40.yaml", 60)]


def position(path, moves, seed=3):
    rules = load_ruleset(str(ROOT / "rulesets" / path), {}).rules
    s = G.new_game(rules, None, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.over:
            break
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    return s


def main(number=5000, rounds=7):
    for path, moves in POSITIONS:
        s = position(path, moves)
        best = min(timeit.repeat(s.clone, number=number, repeat=rounds))
        print(f"{path:30s} after {moves:3d} moves: {best / number * 1e6:6.1f} us per copy")


if __name__ == "__main__":
    main()
