"""Correctness on games the engine has never seen, judged against the rules as a designer means them.

The rulesets of tests/rulesets_review2/ (each says what it is) are played from scripted deals; the legal
moves offered and the state after each move (trick winners, who leads, scores) are the values worked
out by hand from the rules, written in the comments.  Random games check the invariants (every card
in exactly one zone, every move one the rules offered, the game ends); mistaken versions of the
rulesets must be reported at file:line:column with a hint and a non-zero exit code.

Where a rule is ambiguous the test says which reading it takes.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset
from tests.helpers import run_cli

HERE = Path(__file__).resolve().parent / "rulesets_review2"


def _load(name, **options):
    loaded = load_ruleset(str(HERE / f"{name}.yaml"), options)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _load_text(tmp_path, text, name="r.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def _deck(hands, seats, stock_top=()):
    """The pack order (first dealt first) for a deal of one card at a time to `seats` in turn:
    hands[seat] lists that seat's cards in the order dealt; then `stock_top`, the first of them the
    next card drawn from the stock (the stock's top)."""
    size = len(hands[seats[0]])
    order = [hands[p][i] for i in range(size) for p in seats]
    return order + list(stock_top)


def _legal(s):
    """The legal moves as text, in the order offered (cards by name)."""
    return [S.describe(s, a) for a in G.legal_actions(s)]


def _v(s, name):
    return S.var(s, name)


def _z(s, name, owner=None):
    return S.names(s, S.zone(s, name, owner))


# -- a variable without a type whose initial value is none ------------------------------------

MINI = """name: Mini
players: {count: 2}
pack: {ranks: ["9", "10"], suits: [clubs, hearts]}
zones: {stock: {visibility: hidden}, hand: {per: player, visibility: owner}}
state:
  dealer: {type: player, initial: 0}
  guess: {per: player, initial: none, scope: hand}
  best: {initial: none}
hand:
  - set: {"guess[0]": 3, best: "guess[0] + 1"}
end: {after_hand: true, winners: "[0]", score: "best"}
"""


def test_a_variable_without_type_starting_at_none_may_hold_a_number(tmp_path):
    # The reference: a state variable's type is "number by default"; `initial: none` says only that
    # there is no value yet (as `initial: null` does).  It was read as a text variable, so setting a
    # number into it was refused ("'guess' holds a text, but this gives a number").
    loaded = _load_text(tmp_path, MINI)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    s = G.new_game(loaded.rules, 2, 0)
    assert G.is_over(s) and G.result(s)["scores"] == [4, 4]
