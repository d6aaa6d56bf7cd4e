"""Correctness on a game of multi-card tricks with a trump rank, written from the engine's docs only
(tests/rulesets_review28/tractor.yaml says at its top which rules it keeps): Tractor (Sheng Ji) for
four players in two partnerships, with a double pack and four jokers of two kinds.  Also the fixes
this review made: jokers that differ (pack: jokers by name).

Scripted deals check leads, follows and trick winners worked out by hand; random games are followed
move by move by a referee written here from the rules (sharing no code with the engine).
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from interpreter.authoring.explain import explain
from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset
from tests.scripted import load_from

HERE = Path(__file__).resolve().parent / "rulesets_review28"


def _load(name, **options):
    return load_from(HERE, name, **options)


# -- jokers that differ --------------------------------------------------------------------------------

JOKER_GAME = """\
name: Joker duel
players: {count: 2}
pack:
  ranks: ["9", "10", J, Q, K, A]
  suits: [clubs, hearts]
  jokers: {Small Joker: 2, Big Joker: 1}
orders:
  power: ["9", "10", J, Q, K, A, Small Joker, Big Joker]
points:
  value: {values: {Big Joker: 20, joker: 5, A: 1}}
zones:
  stock: {}
  hand: {per: player, visibility: owner}
  trick: {visibility: public}
  won: {per: player}
state:
  score: {per: player, initial: 0}
  pairs: {initial: 0, scope: hand}
define:
  big(c): c.rank == "Big Joker"
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 7}
  - set: {pairs: "count(hand[0], c => c.is_joker and count(hand[0], d => d == c) == 2)"}
  - tricks: {hand: hand, trick: trick, follow: any, order: power, collect: "won[winner]"}
  - for_each: {in: players, as: p, do: [{add: {"score[p]": "total(won[p], value) + 100 * count(won[p], c => big(c))"}}]}
end:
  after_hand: true
  winners: argmax(players, p => score[p])
"""


def _write(tmp_path, text, name="game.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def test_jokers_of_two_kinds_are_named_ranked_and_counted_apart(tmp_path):
    loaded = load_ruleset(str(_write(tmp_path, JOKER_GAME)))
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    rules = loaded.rules
    u = rules.universe
    jokers = [c for c in range(u.size) if u.is_joker[c]]
    assert [u.names[c] for c in jokers] == ["Small Joker", "Small Joker", "Big Joker"]
    assert [u.rank_of[c] for c in jokers] == ["Small Joker", "Small Joker", "Big Joker"]
    # the two Small Jokers are identical, the Big Joker is another card
    assert u.face[jokers[0]] == u.face[jokers[1]] != u.face[jokers[2]]
    assert u.parse_card("big joker") == jokers[2] and u.parse_card("Small Joker") == jokers[0]
    assert u.suited_card("Big Joker") is None and u.parse_card("A♥") is not None
    power, value = rules.namespace.names["power"].value, rules.namespace.names["value"].value
    assert [power(None, c) for c in jokers] == [6, 6, 7]
    assert [value(None, c) for c in jokers] == [5, 5, 20]   # the named entry wins over 'joker'
    text = explain(rules)
    assert "Jokers: Small Joker (2), Big Joker (1)." in text
    # a game runs, and whoever takes the Big Joker (the highest card) has at least 100 points
    s = G.new_game(rules, 2, 3)
    while not s.over:
        G.apply(s, G.legal_actions(s)[0])


@pytest.mark.parametrize("jokers,message", [
    ("{A: 2}", "the joker name 'A' is already a rank of this pack"),
    ("{AH: 2}", "the joker name 'AH' is already a card of this pack"),
    ("{joker: 2}", "the joker name 'joker' is already the word for any joker"),
])
def test_a_joker_name_that_reads_as_a_rank_or_card_is_refused(tmp_path, jokers, message):
    text = JOKER_GAME.replace("{Small Joker: 2, Big Joker: 1}", jokers).replace(
        "Small Joker, Big Joker]", "joker]").replace("Big Joker: 20, ", "").replace(
        'c.rank == "Big Joker"', "c.is_joker")
    loaded = load_ruleset(str(_write(tmp_path, text)))
    assert [d.message for d in loaded.diagnostics if d.severity == "error"] == [message]


def test_a_misspelt_joker_rank_is_told_its_name(tmp_path):
    text = JOKER_GAME.replace('c.rank == "Big Joker"', 'c.rank == "Big Jocker"')
    loaded = load_ruleset(str(_write(tmp_path, text)))
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert 'there is no rank "Big Jocker"' in d.message and d.hint == 'did you mean "Big Joker"?'


# -- unique() of identical cards ------------------------------------------------------------------------

def _double_pack_eval(text, **cards):
    from interpreter.cards.pack import CardUniverse
    from interpreter.expr import types as T
    from interpreter.expr.compiler import Namespace, compile_expression
    u = CardUniverse(ranks=["9", "10", "J"], suits=["clubs", "hearts"], copies=2,
                     joker_kinds=(("Small Joker", 2), ("Big Joker", 2)))
    ids = {name: [c for c in range(u.size) if u.names[c] == name] for name in set(u.names)}
    values = {k: [ids[n][i] for n, i in v] for k, v in cards.items()}
    compiled = compile_expression(text, Namespace(universe=u), {k: T.CARDS for k in values})
    return [u.names[c] for c in compiled.fn(None, dict(values))] if compiled.type != T.NUM \
        else compiled.fn(None, dict(values))


def test_unique_keeps_one_of_identical_cards_as_equality_does():
    # both copies of 9♣ and of the Small Joker: unique keeps the first of each, as 9♣ == 9♣
    hand = [("9♣", 0), ("Small Joker", 1), ("9♣", 1), ("10♥", 0), ("Small Joker", 0), ("Big Joker", 0)]
    assert _double_pack_eval("unique(h)", h=hand) == ["9♣", "Small Joker", "10♥", "Big Joker"]
    assert _double_pack_eval("count(h) - count(unique(h))", h=hand) == 2      # two pairs
    assert _double_pack_eval("unique(filter(h, c => c.is_joker))", h=hand) == ["Small Joker", "Big Joker"]
