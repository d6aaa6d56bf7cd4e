"""A game whose state declares no dealer gets one from the engine (a patience, a game nobody deals in
particular); a name 'dealer' given to anything else is refused at its place. Also: explain reads a
joker test and text joined with '+' as words."""
from __future__ import annotations

from interpreter.authoring.explain import explain
from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset

NO_DEALER = """\
name: Turn over
players: {count: [1, 2, 3], default: 2}
pack:
  ranks: ["7", "8", "9"]
  suits: [clubs, hearts]
  jokers: 2
  zone: stock
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
state:
  turned: {initial: 0}
DEALER
hand:
  - gather: {from: [hand, pile], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - move: {cards: "first(hand[dealer])", to: pile}
  - log: "'the dealer turned ' + count(pile) + ' card, jokers: ' + count(filter(pile, c => c.is_joker))"
  - add: {turned: 1}
end:
  after_hand: turned >= 3
  winners: players
"""


def _load(tmp_path, text, name="game.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return load_ruleset(str(path), {})


def _dealers(rules, players):
    """The dealer at each hand's start, read from the game's events."""
    s = G.new_game(rules, players, 5, log=True)
    while not G.is_over(s):
        G.apply(s, G.legal_actions(s)[0])
    return [e["dealer"] for e in s.events if e.get("event") == "hand"]


def test_a_game_without_a_dealer_variable_is_valid_and_the_deal_passes_to_the_left(tmp_path):
    loaded = _load(tmp_path, NO_DEALER.replace("DEALER\n", ""))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    assert not [d for d in loaded.diagnostics if "dealer" in d.message]
    assert _dealers(loaded.rules, 3) == [0, 1, 2]
    assert _dealers(loaded.rules, 1) == [0, 0, 0]


def test_an_undeclared_dealer_starts_at_dealer_first_and_follows_dealer_next(tmp_path):
    text = NO_DEALER.replace("DEALER\n", "dealer:\n  first: 2\n  next: right_of(dealer)\n").replace(
        "count: [1, 2, 3], default: 2", "count: [3, 4], default: 3")
    loaded = _load(tmp_path, text)
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    assert _dealers(loaded.rules, 3) == [2, 1, 0]


def test_explain_lists_the_undeclared_dealer_with_its_first_seat(tmp_path):
    text = NO_DEALER.replace("DEALER\n", "dealer: {first: 1}\n").replace("count: [1, 2, 3]", "count: [2, 3]")
    loaded = _load(tmp_path, text)
    words = explain(loaded.rules)
    assert "| dealer | player | `1` | the whole game | who deals this hand |" in words
    assert "Seat 1 deals first." in words


def test_a_zone_called_dealer_is_refused_at_the_zone_with_no_follow_on_errors(tmp_path):
    text = NO_DEALER.replace("DEALER\n", "").replace("  pile: {visibility: public}\n",
                                                    "  pile: {visibility: public}\n  dealer: {visibility: public}\n")
    loaded = _load(tmp_path, text)
    assert not loaded.ok
    errors = [d for d in loaded.diagnostics if d.severity == "error"]
    assert len(errors) == 1, [d.format() for d in errors]
    assert "'dealer' is the dealer's seat" in errors[0].message and "not a zone" in errors[0].message
    assert errors[0].line == 12          # the zone's own line


def test_explain_reads_a_joker_test_and_joined_text_as_words(tmp_path):
    loaded = _load(tmp_path, NO_DEALER.replace("DEALER\n", ""))
    words = explain(loaded.rules)
    assert ("Write the text “the dealer turned ” followed by the number of cards in *pile*, “ card, jokers: ” and "
            "the number of the cards in *pile* that are jokers in the game log.") in words, words
    assert "being a joker" not in words and "plus" not in words
