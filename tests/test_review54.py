"""Correctness on two games the engine has never seen (tests/rulesets_review54/, each says at its top which
readings it keeps): a deck-building game in the manner of Dominion's base game, and Bohnanza without trading.

A referee written here from the rules (sharing no code with the engine) follows seeded random games move
by move: who is asked, the exact moves offered, every zone's cards (each player's deck in order, except
where the player shuffled: there the shuffled cards are checked as a whole and the engine's order is then
followed), card conservation, the values of the turn (actions, buys, coins), the scores and who wins.
Scripted deals check known outcomes (rulesets_review54/*.scenario.yaml).

Defects found and fixed: a card could have at most 16 copies (`copies_of`), so neither sixty Coppers nor
twenty-four Coffee beans could be written; the guard is now the size of the whole pack.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, load_from, var as _v, zone_names

HERE = Path(__file__).resolve().parent / "rulesets_review54"

_load = cached_loader(HERE)


# -- the pack ------------------------------------------------------------------------------------------

def test_a_card_may_have_more_copies_than_a_double_pack_has(tmp_path):
    """Sixty Coppers of a deck-building game, twenty-four Coffee beans: copies_of is bounded only by the
    size of the whole pack (5000 cards), which counts each rank's own number of copies."""
    from interpreter.ruleset.loader import load_ruleset
    text = """
name: Many copies
players: {count: 2}
pack: {ranks: [copper, gold], suits: [card], copies_of: {copper: 60, gold: 30}}
zones:
  stock: {}
  hand: {per: player, visibility: owner}
hand:
  - deal: {from: stock, to: hand, count: 5}
"""
    (tmp_path / "many.yaml").write_text(text)
    loaded = load_ruleset(str(tmp_path / "many.yaml"), {})
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    names = Counter(loaded.rules.universe.names[c] for c in loaded.rules.deck(2))
    assert names == Counter({"copper/card": 60, "gold/card": 30})
    # the whole pack is what is limited: 5001 cards of one rank are too many
    (tmp_path / "many.yaml").write_text(text.replace("copper: 60", "copper: 4990"))
    loaded = load_ruleset(str(tmp_path / "many.yaml"), {})
    assert [d.message for d in loaded.diagnostics if d.rule == "limit"] == [
        "the pack would hold 5020 cards, more than the limit of 5000"]
