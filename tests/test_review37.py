"""Review 37: a maintainer's review of the engine changes of sessions 29-36 (end_hand, tricks'
decided_by and after_play, reveal to some seats, bots' sides, sum joining lists, play-log masking).
Each test below failed before its fix."""
from __future__ import annotations


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


_SHOWN_TO_ONE = """
name: Shown to one
players: {count: 2}
pack: {ranks: [J, Q, K, A], suits: [hearts, spades]}
orders: {plain: [J, Q, K, A]}
zones:
  stock: {}
  hand: {per: player, visibility: owner}
  pile: {}
  trick: {visibility: public}
  won: {per: player}
hand:
  - gather: {from: [hand, trick, won, pile], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - reveal: {cards: "hand[1]", to: "left_of(1)"}
  - move: {cards: "first(hand[1])", from: "hand[1]", to: pile}
  - choose: {player: "0", moves: {go: {}}}
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]", count: 1}
  - choose: {player: "0", moves: {go: {}}}
end:
  after_hand: hand_number >= 2
  winners: "[0]"
"""


def test_a_card_shown_to_one_seat_is_forgotten_as_it_moves_without_a_truth_test_per_card(tmp_path):
    """Cards shown to some seats only stop being shown when they move (a move step, generated or
    not, a card played to a trick), with nothing shown to everyone; the set of shown cards has no
    truth test written in Python: it cost every card played of every game (some 5% of a random
    simulation of a trick game) to serve the rare game that shows cards to some seats."""
    from interpreter.engine.state import Shown
    assert "__bool__" not in Shown.__dict__ and "__len__" not in Shown.__dict__
    rules = _rules(tmp_path, _SHOWN_TO_ONE)
    hand = rules.zones["hand"].index
    for seed in range(10):
        for log in (False, True):
            s = G.new_game(rules, 2, seed, log=log)
            shown = s.revealed
            assert not set(shown) and set(shown.to) == set(s.z[hand][1])      # the first card moved
            assert all(seats == {0} for seats in shown.to.values()) and len(shown.to) == 3
            G.apply_index(s, 0)                     # the trick: each plays a card
            while s.pending is not None and s.stack and s.stack[-1][1] == -1:
                G.apply_index(s, 0)
            assert set(shown.to) == set(s.z[hand][1]) and len(shown.to) == 2, seed


def test_reveal_to_takes_a_seat_written_as_a_number_as_player_settings_do(tmp_path):
    """`reveal: {cards: ..., to: 0}` was refused ("'to' names who is shown the cards: a player or a list
    of players, not num") where `choose: {player: 0}` and `decided_by: 0` take a seat's number."""
    for to, seats in (("0", {0}), ('"[0, 1]"', {0, 1})):
        text = _SHOWN_TO_ONE.replace('to: "left_of(1)"', f"to: {to}")
        rules = _rules(tmp_path, text, name=f"to{len(seats)}")
        s = G.new_game(rules, 2, 1)
        assert s.revealed.to and all(v == seats for v in s.revealed.to.values())
    found = _diagnostics(tmp_path, _SHOWN_TO_ONE.replace('to: "left_of(1)"', "to: \"true\""))
    assert any("'to' names who is shown the cards" in d.message for d in found), [d.message for d in found]


def _diagnostics(tmp_path, text):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    return load_ruleset(str(path), {}).diagnostics
