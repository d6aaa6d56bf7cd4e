"""The inference from another player's legal move must not read that player's private values.

Seat 1 picks in secret (a value only it sees) whether it must play its lowest card; then it plays a
card.  Seat 0's watcher asks the rules whether the move would still have been legal had seat 1 also
held some unseen card.  Worked out with seat 1's real value, the answer would differ with the
secret (a must-play-lowest rule excludes every lower card), and seat 0's bot would know the
secret.  In the watcher's probe the other players' private values hold their initial values."""
from __future__ import annotations

import random

from interpreter.bots.sampling import Watcher
from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset

SECRET = """\
name: Secret lowest
players: {count: 2}
pack: {ranks: ["2", "3", "4", "5", "6", "7", "8", "9"], suits: [s, h]}
orders:
  plain: ["2", "3", "4", "5", "6", "7", "8", "9"]
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
state:
  low: {per: player, initial: 0, visibility: owner}
hand:
  - gather: {from: [hand, pile], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - select: {players: "[1]", options: "[0, 1]", set: low}
  - choose:
      player: 1
      moves:
        play:
          options: "filter(hand[1], c => low[1] == 0 or c == min(hand[1], plain))"
          as: c
          do:
            - move: {cards: c, from: "hand[1]", to: pile}
  - choose:
      player: 0
      moves:
        play:
          options: hand[0]
          as: c
          do:
            - move: {cards: c, from: "hand[0]", to: pile}
end:
  winners: "[0]"
"""


def _rules(tmp_path):
    path = tmp_path / "secret.yaml"
    path.write_text(SECRET, encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.message for d in loaded.diagnostics]
    return loaded.rules


def _watched(rules, seed, secret):
    """Seat 1 picks `secret`, then plays its lowest card (legal either way); seat 0's watcher looks on."""
    s = G.new_game(rules, 2, seed)
    watcher = Watcher(0, random.Random(seed))
    lowest = None
    while not s.over:
        watcher.observe(s)
        actions = s.pending.actions
        if s.pending.player == 0:
            break
        if all(a[1] in (0, 1) for a in actions) and lowest is None and len(actions) == 2:
            G.apply(s, next(a for a in actions if a[1] == secret))
            continue
        names = rules.universe.names
        lowest = min(actions, key=lambda a: "23456789".index(names[a[1]][0]))
        G.apply(s, lowest)
    return watcher


def test_the_watcher_learns_nothing_from_a_private_value(tmp_path):
    rules = _rules(tmp_path)
    compared = 0
    for seed in range(10):
        free, bound = _watched(rules, seed, 0), _watched(rules, seed, 1)
        assert free.excluded == bound.excluded, seed
        compared += 1
    assert compared == 10
