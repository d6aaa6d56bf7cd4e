"""Climbing games with combinations the engine has never seen (tests/rulesets_review24/, each says which
rules it keeps): Big Two (singles, pairs, triples and five-card poker hands) and Tichu (partnerships,
passing, the MahJong's wish, Dog, Phoenix, Dragon, bombs out of turn, double victory).

- The built-ins these games needed: `sequences` (straights of mixed suits, runs of pairs, a wild card
  standing for a missing card) and `combined` (full houses, four of a kind with a kicker), checked
  against a brute force over every subset of random hands.
- Scripted deals: the moves offered, who moves next and the outcome, worked out by hand from the rules.
- Referees written here from the rules (sharing no code with the engine; their combinations are found by
  brute force over subsets, not by the built-ins) follow random games move by move: the player to move,
  the exact set of moves offered, every card in exactly one place, and the scores.
"""
from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from interpreter.cards.combos import disjoint_unions, key_sequences
from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset
from tests.scripted import every_card_once, load_from, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review24"


def _load(name, **options):
    return load_from(HERE, name, **options)


# -- the built-ins: sequences and combined, against a brute force ----------------------------------------

def _brute_sequences(keys, wilds, low, high, width, allowed):
    """Every subset of the cards that is a run: the natural cards' keys fit in a window of consecutive
    values, width cards of each, the wild cards filling what is missing with values the pack has."""
    cards = sorted(keys) + sorted(wilds)
    out = set()
    for size in range(1, len(cards) + 1):
        if size % width:
            continue
        length = size // width
        if length < low or (high is not None and length > high):
            continue
        for sub in itertools.combinations(cards, size):
            nat = [c for c in sub if c in keys]
            if not nat:
                continue
            ks = [keys[c] for c in nat]
            if any(ks.count(k) > width for k in ks):
                continue
            for start in range(min(ks) - length + 1, min(ks) + 1):
                window = range(start, start + length)
                if all(k in window for k in ks) and all(v in ks or v in allowed for v in window):
                    out.add(tuple(sorted(sub)))
                    break
    return out


@pytest.mark.parametrize("width,wild", [(1, 0), (1, 1), (2, 0), (2, 1), (1, 2), (3, 1)])
def test_sequences_are_every_run_a_brute_force_finds(width, wild):
    rng = random.Random(width * 10 + wild)
    for trial in range(150):
        n = rng.randint(3, 10)
        keys = {c: rng.randint(1, 9) for c in range(n)}
        wilds = list(range(100, 100 + wild))
        # the values of the pack: every card's value, and some more (a pack may have a value nobody holds)
        allowed = set(range(1, 10)) - ({rng.randint(1, 9)} if trial % 3 == 0 else set()) | set(keys.values())
        low = rng.randint(1, 4)
        high = rng.choice([None, low, low + 2])
        got = key_sequences(keys, wilds, low, high, width, allowed)
        assert len(got) == len({tuple(sorted(x)) for x in got}), "a set given twice"
        assert {tuple(sorted(x)) for x in got} == _brute_sequences(keys, wilds, low, high, width, allowed), \
            (keys, wilds, low, high, width)


def test_combined_is_every_disjoint_union_once():
    rng = random.Random(3)
    for _ in range(200):
        lists = [[tuple(sorted(rng.sample(range(9), rng.randint(1, 3)))) for _ in range(rng.randint(0, 5))]
                 for _ in range(rng.randint(2, 3))]
        got = disjoint_unions(lists)
        want = {tuple(sorted(sum(map(list, pick), []))) for pick in itertools.product(*lists)
                if len(set(sum(map(list, pick), []))) == sum(map(len, pick))}
        assert len(got) == len(want) and {tuple(sorted(x)) for x in got} == want


PROBE = """
name: Probe
players: {count: 2}
pack:
  ranks: ["2", "3", "4", "5", "6", "7", "8", "9"]
  suits: [clubs, diamonds]
  jokers: 1
orders:
  plain: ["2", "3", "4", "5", "6", "7", "8", "9"]
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
options:
  low: {default: 5}
  width: {default: 1}
define:
  key(c): none if c.is_joker else plain(c)
hand:
  - deal: {from: stock, to: hand, count: 8}
  - choose:
      player: 0
      moves:
        run:
          options: "sequences(hand[0], c => key(c), low, none, width, c => c.is_joker)"
          as: cs
          do: [{move: {cards: cs, to: pile}}]
        full:
          options: "combined(groups(hand[0], plain, 3, 3), groups(hand[0], plain, 2, 2))"
          as: cs
          do: [{move: {cards: cs, to: pile}}]
        pass:
          do: []
"""


def _probe(tmp_path, text=PROBE, **options):
    path = tmp_path / "probe.yaml"
    path.write_text(text)
    return load_ruleset(str(path), options)


def _offered(s, hand):
    """The moves of seat 0 holding exactly `hand` (names), as sorted texts."""
    z = S.zone(s, "hand")
    for p in range(2):
        z[p][:] = []
    z[0][:] = S.cards(s.rules, hand)
    S.refresh(s)
    return sorted(" ".join([a[0]] + sorted(S.names(s, a[1]))) for a in G.legal_actions(s) if a[0] != "pass")


def test_sequences_and_combined_in_a_ruleset(tmp_path):
    loaded = _probe(tmp_path)
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    s = G.new_game(loaded.rules, 2, 0)
    # a straight of mixed suits; the joker stands for the 4 or the 9, but the set is offered once
    assert _offered(s, ["5♣", "6♦", "7♣", "8♣", "Joker"]) == ["run 5♣ 6♦ 7♣ 8♣ Joker"]
    # two Sixes: one straight with each; with the joker for a Six, a third
    assert _offered(s, ["4♣", "5♣", "6♦", "6♣", "7♣", "8♣"]) == ["run 4♣ 5♣ 6♣ 7♣ 8♣", "run 4♣ 5♣ 6♦ 7♣ 8♣"]
    # the joker stands only for a rank the pack has: 2 to 9 and the joker make no run of nine (no 1, no 10)
    eight = ["2♣", "3♦", "4♣", "5♦", "6♣", "7♦", "8♣", "9♦", "Joker"]
    nine = G.new_game(_probe(tmp_path, low=9).rules, 2, 0)
    assert _offered(nine, eight) == []
    # ... while with the joker for the Two, 3 to 9 make a run of eight
    assert _offered(G.new_game(_probe(tmp_path, low=8).rules, 2, 0), eight[1:]) == \
        ["run 3♦ 4♣ 5♦ 6♣ 7♦ 8♣ 9♦ Joker"]
    # no three of a rank in two suits: no full house
    assert _offered(s, ["6♣", "6♦", "7♣", "7♦", "5♣"]) == []
    s2 = G.new_game(_probe(tmp_path, PROBE.replace("suits: [clubs, diamonds]",
                                                    "suits: [clubs, diamonds, hearts]")).rules, 2, 0)
    assert _offered(s2, ["6♣", "6♦", "6♥", "7♣", "7♦"]) == ["full 6♣ 6♥ 6♦ 7♣ 7♦"]


def test_sequences_of_pairs_in_a_ruleset(tmp_path):
    loaded = _probe(tmp_path, low=2, width=2)
    s = G.new_game(loaded.rules, 2, 0)
    assert _offered(s, ["5♣", "5♦", "6♣", "Joker"]) == ["run 5♣ 5♦ 6♣ Joker"]
    assert _offered(s, ["5♣", "5♦", "6♣", "6♦", "8♣", "8♦"]) == ["run 5♣ 5♦ 6♣ 6♦"]


def test_combined_refuses_a_list_of_cards(tmp_path):
    bad = PROBE.replace("groups(hand[0], plain, 2, 2))", "hand[0])")
    loaded = _probe(tmp_path, bad)
    assert not loaded.ok
    message = next(d for d in loaded.diagnostics if d.severity == "error")
    assert "combined() joins lists of sets of cards, but this is a list of cards" in message.message
    assert "groups(hand[current], plain, 1, 1)" in message.hint


def test_sequences_needs_whole_number_keys(tmp_path):
    odd = PROBE.replace("none if c.is_joker else plain(c)", "none if c.is_joker else plain(c) / 2")
    loaded = _probe(tmp_path, odd)
    with pytest.raises(Exception) as err:
        G.new_game(loaded.rules, 2, 0)
    assert "sequences() needs whole-number keys" in str(err.value)


def test_explain_says_what_sequences_and_combined_give(tmp_path):
    from interpreter.authoring.explain import explain
    text = PROBE.replace("          options: \"sequences(hand[0], c => key(c), low, none, width, c => c.is_joker)\"",
                         "          options: \"sequences(hand[0], c => key(c), low, none, width, c => c.is_joker) + "
                         "sequences(hand[0], plain, 5, 6) + groups(hand[0], plain, 1, 1)\"")
    out = explain(_probe(tmp_path, text).rules)
    assert ("the runs of the *low* or more consecutive values of the key from player 0's *hand* (the *width* "
            "cards of each; a card that is a joker may stand for any one missing card) together with the runs "
            "of 5 to 6 consecutive places in the order *plain* from player 0's *hand* (one card of each) together "
            "with the sets of 1 card from player 0's *hand* with the same place in the order *plain*") in out, out
    assert ("the sets made of one of the sets of 3 cards from player 0's *hand* with the same place in the order "
            "*plain* and one of the sets of 2 cards from player 0's *hand* with the same place in the order "
            "*plain* (no card twice)") in out
