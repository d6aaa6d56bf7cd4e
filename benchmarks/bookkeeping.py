"""What the simulator's per-game bookkeeping costs, function by function, on real games.

    python benchmarks/bookkeeping.py                          # the default rulesets, 300 games each
    python benchmarks/bookkeeping.py scalade hearts --games 100

After every game `rules simulate` builds a record: the engine's result(), the running scores at each
hand start (play.py _scores), the Progress samples, record_figures (metrics.py: the game's figures,
its progress figures and what the decisiveness table counts, as play_game works them out) and the
summary's Summary.add (stats.py) given those leads.  This script plays the games once, keeping copies of the states
where those functions run, then times each function alone on them (CPU time, best of several
rounds) and sets the total beside the CPU time of a whole game as the runner plays it.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.engine import game as G  # noqa: E402
from interpreter.resources import bundled_rulesets  # noqa: E402
from interpreter.ruleset.loader import load_ruleset  # noqa: E402
from interpreter.sim import play as P  # noqa: E402
from interpreter.sim.metrics import Progress, record_figures, sides_of  # noqa: E402
from interpreter.sim.runner import run  # noqa: E402
from interpreter.sim.stats import Summary  # noqa: E402

DEFAULT = ["scotch-whist", "escalative", "escalation", "scalade", "hearts"]


def collect(rules, games, seed, bot):
    """Play the games as the runner does; keep the final state, copies of the states where Progress
    samples, and copies of the states at each new hand (where the running scores are read)."""
    players = rules.default_players
    out = []
    for i in range(games):
        game_seed = P.game_seed(seed, i)
        s = G.new_game(rules, players, game_seed)
        seats = P.seated(game_seed, [(bot, None)] * players)
        samples, hand_starts = [], []
        within = Progress(rules).within
        hand, sampled, sampled_hand = s.hand_no, None, None
        while not s.over:
            if s.hand_no != hand:
                hand_starts.append(s.clone())
                hand = s.hand_no
            mark = (s.tricks or -s.turns) if within else 0
            if mark != sampled or s.hand_no != sampled_hand:
                sampled, sampled_hand = mark, s.hand_no
                samples.append(s.clone())
            choice = s.pending
            G.apply_index(s, seats[choice.player].decide(s, choice.player, choice.actions))
        out.append((s, samples, hand_starts))
    return out


def record_of(rules, game, bot):
    """(record, leads) as play_game makes them."""
    s, samples, hand_starts = game
    progress = Progress(rules)
    for state in samples:
        progress.sample(state)
    record = G.result(s)
    record["hand_scores"] = [P._scores(h) for h in hand_starts] + [list(record["scores"])]
    record.update(seed=0, players=s.n, bots=[bot] * s.n)
    hands = progress.finish(record["scores"])
    first, second, leads = record_figures(record, hands, sides_of(rules, s.n), True)
    record.update(first)
    record["progress"] = hands
    record.update(second)
    return record, leads


def best_time(fn, rounds):
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def measure(name, games, seed, bot, rounds):
    rules = load_ruleset(str(bundled_rulesets()[name])).rules
    players = rules.default_players
    run(rules, max(5, games // 5), seed=seed + 1, bots=[bot])          # warm up
    start = time.process_time()
    run(rules, games, seed=seed, bots=[bot])
    per_game = (time.process_time() - start) / games
    played = collect(rules, games, seed, bot)
    records, leads = zip(*[record_of(rules, g, bot) for g in played])
    sides = sides_of(rules, players)

    def progress():
        for (s, samples, _), record in zip(played, records):
            p = Progress(rules)
            for state in samples:
                p.sample(state)
            p.finish(record["scores"])

    def summary():
        total = Summary(players, first_seat=(rules.first_dealer + 1) % players, teams=rules.teams.get(players))
        for record, lead in zip(records, leads):
            total.add(record, lead)

    parts = {
        "result": lambda: [G.result(g[0]) for g in played],
        "_scores": lambda: [P._scores(h) for g in played for h in g[2]],
        "Progress": progress,
        "record_figures": lambda: [record_figures(r, r["progress"], sides, True) for r in records],
        "Summary.add": summary,
    }
    costs = {label: best_time(fn, rounds) / games * 1e6 for label, fn in parts.items()}
    total = sum(costs.values())
    samples = sum(len(g[1]) for g in played) / games
    print(f"{name:14s} game {per_game * 1e6:7.0f} us  samples/game {samples:5.1f}  "
          + "  ".join(f"{k} {v:.1f}" for k, v in costs.items())
          + f"  | bookkeeping {total:.1f} us = {total / (per_game * 1e6):.1%}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rulesets", nargs="*", default=DEFAULT)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    for name in args.rulesets:
        measure(name, args.games, args.seed, args.bot, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
