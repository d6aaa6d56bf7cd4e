"""The command line every hand-written simulator shares: play --games games from one seeded
generator and print games (and tricks or turns) per second."""
from __future__ import annotations

import argparse
import random
import time


def timed_main(name, label, play_game, argv=None, games=1000, players=None, count="tricks") -> None:
    """`python -m benchmarks.handwritten.NAME --games N --seed S [--players P]`."""
    parser = argparse.ArgumentParser(description=f"Benchmark the hand-written {label} simulator.")
    parser.add_argument("--games", type=int, default=games)
    if players is not None:
        parser.add_argument("--players", type=int, default=players)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    counted = 0
    start = time.perf_counter()
    for _ in range(args.games):
        record = play_game(rng) if players is None else play_game(rng, args.players)
        counted += record[count]
    elapsed = time.perf_counter() - start
    seats = "" if players is None else f"players={args.players} "
    print(f"{name} {seats}games={args.games} seconds={elapsed:.3f}")
    print(f"games/second: {args.games / elapsed:.1f}  {count}/second: {counted / elapsed:.1f}")
