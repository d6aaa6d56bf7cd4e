"""`card_suit:` in a tricks block: the suit a card counts as in play (a left bower that is a trump, Queens
that belong to the trump suit).  Following, the suit led and the trumps all read it."""
from __future__ import annotations

import random

from interpreter.engine import game as G
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.rulecheck import RuleCheck
from interpreter.sim.runner import run
from tests.scripted import deal_order, turn, var

QUEENS = """\
name: Queens count as hearts
players: {count: [2, 3], default: 2}
pack:
  ranks: ["7", "8", "9", "10", "J", "Q", "K", "A"]
  suits: [clubs, diamonds, hearts, spades]
  zone: stock
orders:
  plain: ["7", "8", "9", "10", "J", "K", "A"]
  queens: ["7", "8", "9", "10", "J", "K", "A", "Q"]
  strength:
    cases:
      - {when: 'card.rank == "Q"', order: queens}
    otherwise: plain
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  trick: {visibility: public}
  won: {per: player, visibility: hidden}
state:
  taken: {per: player, initial: 0}
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: HAND}
  - tricks:
      hand: hand
      trick: trick
      card_suit: 'hearts if card.rank == "Q" else card.suit'
      trumps: hearts
      order: strength
      collect: won[winner]
      after_trick:
        - add: {"taken[winner]": 1}
end:
  winners: argmax(players, p => taken[p])
  score: taken[p]
"""


def _rules(tmp_path, text, name="game.yaml"):
    path = tmp_path / name
    path.write_text(text)
    loaded = load_ruleset(str(path), {})
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    return loaded.rules


def test_queens_follow_and_win_as_the_trump_suit_they_count_as(tmp_path):
    rules = _rules(tmp_path, QUEENS.replace("HAND", "3"))
    u = rules.universe
    hands = {0: ["Q♣", "Q♦", "10♠"], 1: ["Q♠", "9♣", "7♥"]}
    deck = [u.parse_card(c) for c in deal_order(hands, [1, 0])]
    deck += [c for c in range(u.size) if c not in deck]
    s = G.new_game(rules, 2, 1, deck=deck)
    # Q♠ is led: it counts as hearts, so P0 must play a Queen (hearts), not the 10♠ of the printed suit
    turn(s, 1, ["Q♠", "9♣", "7♥"], ("play", "Q♠"))
    turn(s, 0, ["Q♣", "Q♦"], ("play", "Q♣"))
    # two Queens rank alike: the first played wins
    assert var(s, "taken") == [0, 1]
    # 9♣ is led: P0's Queen counts as hearts, not clubs, so P0 has no club and may play anything;
    # the Queen then wins as a trump
    turn(s, 1, ["9♣", "7♥"], ("play", "9♣"))
    turn(s, 0, ["Q♦", "10♠"], ("play", "Q♦"))
    assert var(s, "taken") == [1, 1]
    turn(s, 0, ["10♠"], ("play", "10♠"))
    turn(s, 1, ["7♥"], ("play", "7♥"))
    assert var(s, "taken") == [1, 2]
    assert G.is_over(s) and G.result(s)["winners"] == [1]


def test_random_games_with_card_suit_pass_the_rules_check(tmp_path):
    rules = _rules(tmp_path, QUEENS.replace("HAND", "8"))
    checked = 0
    for players in (2, 3):
        for seed in range(40):
            rng = random.Random(seed)
            checker = RuleCheck(seed)
            s = G.new_game(rules, players, seed)
            while not s.over:
                checker.apply(s, rng.randrange(len(s.pending.actions)))
            report = checker.report()
            assert not report["violations"], report["violations"][:2]
            checked += report["tricks"]
    assert checked > 500
    # every trick of a game is counted once: 8 tricks of 2 players holding 8 cards
    stepwise = []
    for seed in range(30):
        rng = random.Random(seed)
        s = G.new_game(rules, 2, seed)
        while not s.over:
            G.apply_index(s, rng.randrange(len(s.pending.actions)))
        stepwise.append(G.result(s)["scores"])
    assert sum(map(sum, stepwise)) == 30 * 8


def test_euchre_written_with_card_suit_plays_the_same_games_as_with_its_follow_rule(tmp_path):
    # the bundled Euchre follows with a condition on effective_suit(card); the same rule as
    # card_suit: effective_suit(card) with the default follow must offer the same cards in every game
    text = bundled_rulesets()["euchre"].read_text(encoding="utf-8")
    old = ("      follow: count(trick) == 0 or effective_suit(card) == led or not any(hand[current], "
           "c => effective_suit(c) == led)\n")
    assert old in text
    mine = _rules(tmp_path, text.replace(old, "      card_suit: effective_suit(card)\n"), "euchre.yaml")
    theirs = load_ruleset(str(bundled_rulesets()["euchre"]), {}).rules
    a, b = [], []
    run(mine, games=150, seed=5, on_record=a.append)
    run(theirs, games=150, seed=5, on_record=b.append)
    assert len(a) == 150 and a == b


def test_euchre_with_card_suit_trumps_and_an_order_expression_plays_the_same_games(tmp_path):
    # no follow condition and no winner rule: the bowers count as trumps (card_suit) and rank by an
    # order written as an expression of card; the same games as the bundled rules' winner expression
    text = bundled_rulesets()["euchre"].read_text(encoding="utf-8")
    old = ("      follow: count(trick) == 0 or effective_suit(card) == led or not any(hand[current], "
           "c => effective_suit(c) == led)\n"
           "      winner: \"trick_players[position(trick, first(argmax(trick, c => strength(c))))]\"\n")
    assert old in text
    new = ("      card_suit: effective_suit(card)\n"
           "      trumps: trumps\n"
           "      order: 30 if is_right_bower(card) else 29 if is_left_bower(card) else plain(card)\n")
    mine = _rules(tmp_path, text.replace(old, new), "euchre.yaml")
    theirs = load_ruleset(str(bundled_rulesets()["euchre"]), {}).rules
    a, b = [], []
    run(mine, games=150, seed=9, on_record=a.append)
    run(theirs, games=150, seed=9, on_record=b.append)
    assert len(a) == 150 and a == b
    checked = run(mine, games=60, seed=2, check=True)
    assert not checked["check"]["violations"] and checked["check"]["tricks"] > 200, checked["check"]
    from interpreter.authoring.explain import explain
    words = explain(mine)
    assert ("ranked by 30 if the card is right bower, otherwise 29 if the card is left bower, otherwise the "
            "place of the card in the order *plain* (the higher, the stronger)") in words
    assert "A card counts as the effective suit of the card, in following and in winning the trick." in words


def test_explain_says_what_a_card_counts_as(tmp_path):
    from interpreter.authoring.explain import explain
    rules = _rules(tmp_path, QUEENS.replace("HAND", "3"))
    text = explain(rules)
    assert ("A card counts as the suit *hearts* if the rank of the card is “Q”, otherwise the suit of the "
            "card, in following and in winning the trick.") in text, text


def test_card_suit_must_give_a_suit(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(QUEENS.replace("HAND", "3").replace(
        "card_suit: 'hearts if card.rank == \"Q\" else card.suit'", "card_suit: count(hand[0])"))
    loaded = load_ruleset(str(path), {})
    assert not loaded.ok
    (error,) = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "card_suit" in error.source_line and "suit" in error.message


def test_an_order_written_as_an_expression_is_checked_like_one(tmp_path):
    for written, says in (("strenght", "'strenght' is not an order"),
                          ("strenght(card) + 1", "strenght"),
                          ("card.suit", "number")):
        path = tmp_path / "bad.yaml"
        path.write_text(QUEENS.replace("HAND", "3").replace("order: strength", f"order: {written}"))
        loaded = load_ruleset(str(path), {})
        assert not loaded.ok, written
        errors = [d for d in loaded.diagnostics if d.severity == "error"]
        assert len(errors) == 1 and says in errors[0].message and "order" in errors[0].source_line, errors
