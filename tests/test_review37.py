"""Review 37: a maintainer's review of the engine changes of sessions 29-36 (end_hand, tricks'
decided_by and after_play, reveal to some seats, bots' sides, sum joining lists, play-log masking).
Each test below failed before its fix."""
from __future__ import annotations

import random

from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset
from tests.scripted import var


def _rules(tmp_path, text, name="game"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    loaded = load_ruleset(str(path), {})
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    return loaded.rules


_ANY_SUM = """
name: Any sum
players: {count: 2}
pack: {ranks: [J, Q, K, A], suits: [hearts, spades]}
zones:
  stock: {}
  hand: {per: player, visibility: owner}
state:
  piles: {type: any, initial: none}
  sizes: {type: any, initial: none}
  joined: {type: any, initial: none}
  each: {type: any, initial: none}
  total: {type: any, initial: none}
hand:
  - gather: {from: [hand], to: stock}
  - deal: {from: stock, to: hand, count: 2}
  - set: {piles: "[hand[0], hand[1]]", sizes: "[2, 3]"}
  - set: {joined: "sum(piles)", each: "sum(players, p => piles[p])", total: "sum(sizes)"}
  - choose: {player: "0", moves: {a: {}}}
end:
  after_hand: hand_number >= 1
  winners: "[0]"
"""


def test_sum_joins_lists_held_in_variables_of_kind_any(tmp_path):
    """sum() joins lists, as + joins two; lists held in a `type: any` variable were added as numbers
    (a game stopped: 'cannot use +: a number and a list')."""
    rules = _rules(tmp_path, _ANY_SUM)
    s = G.new_game(rules, 2, 3)
    hands = [c for p in range(2) for c in s.z[rules.zones["hand"].index][p]]
    assert var(s, "joined") == hands and var(s, "each") == hands
    assert var(s, "total") == 5
