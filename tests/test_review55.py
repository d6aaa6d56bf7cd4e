"""Correctness on two games the engine has never seen (tests/rulesets_review55/, each says at its top which
readings it keeps): Königrufen (Austrian Tarock: four players, the 54-card tarock pack, bidding with the
forehand's hold, a called King making a secret partner, the talon halves, counting in threes to 70, the
negative contracts stopped as soon as they fail) and Cinch (Double Pedro: two partnerships, one round of
bidding 6 to 14 with the dealer's hold, non-trumps discarded and hands filled to six, the dealer robbing the
pack, the off-pedro a trump, may-always-trump, high/low/jack/game/pedros, the bidder's side set back).

Referees written here from the rules (sharing no code with the engine) follow seeded random games move by
move: who is asked, the exact moves offered, the deal, trick winners, what each seat sees, card conservation,
the scores and the end of the game.  Scripted deals check known outcomes (rulesets_review55/*.scenario.yaml).
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, every_card_once, hand_events, seen, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review55"
_load = cached_loader(HERE)


# -- cards of a pack's own ranks and suits in expressions ----------------------------------------------------

_PACK_OF_ITS_OWN = """
name: t
players: {count: 2}
pack: {ranks: ["1", "7", C, K, Sküs], suits: [hearts, trèfle, tarock]}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
state:
  found: {initial: 0}
hand:
  - set: {found: "count(stock, c => c == C♥) + 10 * count(stock, c => c == 1♥) + 100 * count(stock, c => c == Sküs/tarock) + 1000 * count(stock, c => c.suit == trèfle)"}
"""


def _load_text(tmp_path, text, name="t.yaml"):
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path), {})


def test_a_card_of_a_rank_of_the_packs_own_is_written_with_its_suit_symbol(tmp_path):
    """The reference: `10♥`, `Q♠`, `A♣` are 'a card of the pack: rank then suit symbol'; ranks and suits are
    any names.  C♥ (a Cavall) and 1♥ (a red pip) read as 'unexpected ♥', and a rank or suit with a letter
    outside a-z (Sküs, trèfle) as 'unexpected character ü', though the pack took them."""
    loaded = _load_text(tmp_path, _PACK_OF_ITS_OWN)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    s = G.new_game(loaded.rules, 2, 0)
    assert _v(s, "found") == 1 + 10 + 100 + 1000 * 5


def test_a_card_written_with_a_rank_the_pack_lacks_is_named_with_a_hint(tmp_path):
    loaded = _load_text(tmp_path, _PACK_OF_ITS_OWN.replace("c == C♥", "c == Z♥"))
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "there is no card Z♥" in d.message and d.hint, d.format()


def test_a_card_of_a_rank_with_letters_outside_a_to_z_is_read_in_the_pack_and_scenarios():
    from interpreter.cards.pack import CardUniverse
    u = CardUniverse(ranks=["7", "K", "Sküs"], suits=["hearts", "tarock"])
    assert u.parse_card("Sküs♥") == u.card_id("Sküs", "hearts")
    assert u.parse_card("Sküs/tarock") == u.card_id("Sküs", "tarock")


def test_explain_says_a_trick_count_of_one_more_while_a_condition_holds_in_words():
    """`count: trick_number + 1 if C else trick_number` (tricks while anybody holds cards) read 'at most the
    number of the trick plus 1 of them: play stops after any trick once it is no longer so that ...'."""
    from interpreter.authoring.explain import explain
    text = explain(_load("cinch"))
    assert ("one after another as long as for some player, the number of cards in the player's *hand* is "
            "more than 0 (checked before each trick)") in text
    assert "the number of the trick plus 1" not in text
