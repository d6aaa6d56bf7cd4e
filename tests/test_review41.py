"""Correctness on two games with packs of their own that the engine has never seen
(tests/rulesets_review41/, each says at its top which readings it keeps): Exploding Kittens (the base game:
the deck built for the player count, attacks, skips, shuffles, a private look at the top three cards,
favors, pairs of cat cards, defusing a kitten and putting it back) and Mille Bornes.

A referee written here from the rules (sharing no code with the engine) follows seeded random games move
by move: who is asked, the exact moves offered, what each seat sees (its own hand, the discard pile, the
cards a see-the-future showed), card conservation, who is out and who wins.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import every_card_once, load_from, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review41"


@lru_cache(maxsize=None)
def _loaded(name, options):
    return load_from(HERE, name, **dict(options))


def _load(name, **options):
    return _loaded(name, tuple(sorted(options.items())))


# -- what `rules play` tells a seat --------------------------------------------------------------------

SHOWN_TO_ONE = """
name: A card shown to one seat
players: {count: [2]}
pack: {ranks: [a, b], suits: [x], copies: 2}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
hand:
  - move: {cards: "first(of_rank(stock, 'a'))", from: stock, to: "hand[0]"}
  - move: {cards: "first(of_rank(stock, 'b'))", from: stock, to: "hand[0]"}
  - move: {cards: "first(of_rank(stock, 'a'))", from: stock, to: "hand[1]"}
  - move: {cards: "first(of_rank(stock, 'b'))", from: stock, to: "hand[1]"}
  - reveal: {cards: "hand[1]", to: 1}
  - choose: {player: 0, moves: {go: {}}}
"""


def test_a_card_shown_to_one_seat_stays_hidden_from_a_seat_holding_its_twin(tmp_path):
    """`rules play`: cards shown to one seat only are '?' in another seat's log, even when that seat holds
    an identical copy of them (its own copy's name must not unmask the other's)."""
    from interpreter.playtest.session import Session
    (tmp_path / "shown.yaml").write_text(SHOWN_TO_ONE)
    session = Session(load_from(tmp_path, "shown"), players=2, seed=0, humans=(0,), bots=("random",))
    shown = [e for e in session.seat_log(0) if e.get("event") == "reveal"]
    assert [e["cards"] for e in shown] == [["?", "?"]], shown
