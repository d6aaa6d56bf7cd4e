"""`card in cards` with two copies of the pack (membership by face) has generated source, so an
expression that holds it is generated as a whole (a rummy's legal test for taking the discard,
`last(discard) in meld_cards(pl)`, ran as closures before): the generated code gives the
closures' values, with the copy itself, its twin, or neither among the cards."""
from __future__ import annotations

import pytest

from interpreter.cards.pack import CardUniverse
from tests.test_codegen import RANKS, SUITS, U2, _check_same, card, fallbacks  # noqa: F401 - a fixture

FACE_MEMBERSHIP = [
    # d is the second copy of Q♥; cs holds the first copy, so d is in cs by its face
    ("d in cs", True), ("d not in cs", False), ("c in cs", True),
    ("first(cs) in hand[1]", False), ("first(cs) not in hand[1]", True),
    ("filter(hand[0], k => k in cs)", [card("6C", U2), card("QH", U2), card("AH", U2)]),
    ("count(players, q => d in hand[q])", 1), ("any(players, q => d not in hand[q])", True),
    ("d in []", False),
]


@pytest.mark.parametrize("text,expected", FACE_MEMBERSHIP, ids=[t for t, _ in FACE_MEMBERSHIP])
def test_membership_by_face_is_generated_and_gives_the_closure_value(monkeypatch, fallbacks, text, expected):
    _check_same(monkeypatch, fallbacks, text, expected, universe=U2)


def test_membership_of_a_missing_card_falls_back_to_the_closure_message(monkeypatch):
    # `none in cs` fails alike both ways (the generated code raises, its closure gives the message)
    from tests.test_codegen import compile_both, run
    closures, generated = compile_both(monkeypatch, "first([]) in cs", U2)
    assert run(generated.fn, U2) == run(closures.fn, U2)


def test_one_copy_keeps_plain_membership(monkeypatch, fallbacks):
    one = CardUniverse(ranks=RANKS, suits=SUITS)
    _check_same(monkeypatch, fallbacks, "c in cs", True, universe=one)
