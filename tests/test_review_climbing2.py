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


# -- helpers for both games ------------------------------------------------------------------------------

def _text(s, a):
    """An action as text, the cards of a set sorted by name (so that an order of cards never matters)."""
    name, value = a
    if isinstance(value, (list, tuple)) and value and all(isinstance(x, int) for x in value):
        return " ".join([name] + sorted(S.names(s, value)))
    if value is None:
        return name
    return f"{name} {S.describe(s, a).split(' ', 1)[-1]}" if not S.describe(s, a).startswith(name) \
        else S.describe(s, a)


def _legal(s):
    return sorted(_text(s, a) for a in G.legal_actions(s))


def _norm(texts):
    return sorted(" ".join([m.split()[0]] + sorted(m.split()[1:])) for m in texts)


def _do(s, who, legal, move):
    """`who` is to move, offered exactly `legal` (in any order, cards of a set in any order), or anything
    when legal is None; then the move `move` is made."""
    assert G.current_player(s) == who, (G.current_player(s), who, _legal(s))
    if legal is not None:
        assert _legal(s) == _norm(legal), _legal(s)
    key = _norm([move])[0]
    for a in G.legal_actions(s):
        if _text(s, a) == key:
            G.apply(s, a)
            return
    raise AssertionError(f"{move} is not offered: {_legal(s)}")


def _set_hands(s, hands, rest="out"):
    """Every seat holds exactly the named cards; every other card of the hands goes to the zone `rest`."""
    hand, other = S.zone(s, "hand"), S.zone(s, rest)
    for p in range(s.n):
        other.extend(hand[p])
        hand[p].clear()
    for p, names in hands.items():
        ids = S.cards(s.rules, names)
        for c in ids:
            other.remove(c)
        hand[p].extend(ids)
    S.refresh(s)


# -- Big Two: the referee ----------------------------------------------------------------------------------

B2_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
B2_SUITS = ["♦", "♣", "♥", "♠"]


def _b2_rank(c):
    return B2_RANKS.index(c[:-1])


def _b2_card(c):
    """A card's place among single cards: its rank, then its suit."""
    return (_b2_rank(c), B2_SUITS.index(c[-1]))


def b2_play(cs):
    """What a set of cards is worth as a Big Two play: (number of cards, how high it is), or None when
    the cards are no play.  Higher compares higher among plays of as many cards."""
    ranks = sorted(_b2_rank(c) for c in cs)
    same = len(set(ranks)) == 1
    if len(cs) == 1:
        return (1, _b2_card(cs[0]))
    if len(cs) == 2:
        return (2, max(map(_b2_card, cs))) if same else None
    if len(cs) == 3:
        return (3, ranks[0]) if same else None
    if len(cs) != 5:
        return None
    flush = len({c[-1] for c in cs}) == 1
    straight = len(set(ranks)) == 5 and ranks[-1] - ranks[0] == 4
    top = max(map(_b2_card, cs))
    counts = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    if straight and flush:
        return (5, (5, top))
    if counts[0][0] == 4:
        return (5, (4, counts[0][1]))
    if counts[0][0] == 3 and counts[1][0] == 2:
        return (5, (3, counts[0][1]))
    if flush:
        return (5, (2, top))
    if straight:
        return (5, (1, top))
    return None


class BigTwoReferee:
    """One hand of Big Two from the first play, as the rules say."""

    def __init__(self, hands, first, opening):
        self.hands = {p: list(h) for p, h in hands.items()}
        self.cur, self.opening = first, opening
        self.table, self.last, self.passes = None, None, 0

    def plays(self):
        hand = self.hands[self.cur]
        for size in (1, 2, 3, 5):
            if self.table is not None and size != self.table[0]:
                continue
            for cs in itertools.combinations(hand, size):
                worth = b2_play(cs)
                if worth is None:
                    continue
                if self.opening and "3♦" not in cs:
                    continue
                if self.table is None or worth[1] > self.table[1]:
                    yield cs

    def legal(self):
        out = [" ".join(["play"] + sorted(cs)) for cs in self.plays()]
        return sorted(out + (["pass"] if self.table is not None else []))

    def move(self, text):
        p = self.cur
        if text == "pass":
            self.passes += 1
            if self.passes == 3:
                self.table, self.passes = None, 0
                self.cur = self.last
                return
        else:
            cs = text.split()[1:]
            for c in cs:
                self.hands[p].remove(c)
            self.table, self.last, self.passes, self.opening = b2_play(cs), p, 0, False
        self.cur = (p + 1) % 4

    def over(self):
        return any(not h for h in self.hands.values())

    def penalties(self):
        return {p: len(h) * (2 if len(h) >= 10 else 1) for p, h in self.hands.items()}


def _referee_big_two(seed, counts, target=30):
    rules = _load("big-two", target=target)
    rng = random.Random(seed)
    s = G.new_game(rules, 4, seed)
    scores, hand_no, winner = [0] * 4, 0, None
    while not G.is_over(s):
        assert s.hand_no == hand_no + 1
        hand_no = s.hand_no
        every_card_once(s)
        hands = {p: _z(s, "hand", p) for p in range(4)}
        assert all(len(h) == 13 for h in hands.values())
        first = next(p for p in range(4) if "3♦" in hands[p]) if hand_no == 1 else winner
        ref = BigTwoReferee(hands, first, hand_no == 1)
        while not ref.over():
            assert G.current_player(s) == ref.cur, (hand_no, ref.cur)
            assert _legal(s) == ref.legal(), (_legal(s), ref.legal())
            action = rng.choice(G.legal_actions(s))
            text = _text(s, action)
            G.apply(s, action)
            ref.move(text)
            counts[len(text.split()) - 1 if text != "pass" else "pass"] = counts.get(
                len(text.split()) - 1 if text != "pass" else "pass", 0) + 1
            if text != "pass" and len(text.split()) == 6:
                kind = b2_play(text.split()[1:])[1][0]
                counts[("five", kind)] = counts.get(("five", kind), 0) + 1
        winner = next(p for p in range(4) if not ref.hands[p])
        lost = ref.penalties()
        for p in range(4):
            scores[p] -= lost[p]
            scores[winner] += lost[p]
        assert _v(s, "score") == scores, (hand_no, _v(s, "score"), scores)
        assert G.is_over(s) == (min(scores) <= -target)
    result = G.result(s)
    assert result["winners"] == [p for p in range(4) if scores[p] == max(scores)]
    assert result["scores"] == scores
    return hand_no


def test_big_two_random_games_follow_the_referee():
    counts = {}
    hands = sum(_referee_big_two(seed, counts) for seed in range(6))
    # every kind of play came up: singles, pairs, triples, and each five-card hand
    assert hands > 20 and all(counts.get(k) for k in (1, 2, 3, "pass"))
    assert all(counts.get(("five", k)) for k in (1, 2, 3, 4)), counts


# -- Big Two: scripted deals -------------------------------------------------------------------------------

def _big_two(hands):
    rules = _load("big-two")
    # dealer 0: the deal starts on seat 1, who gets the first card, 3♦, and leads
    s = S.stacked_game(rules, 4, ["3♦"])
    assert G.current_player(s) == 1
    _set_hands(s, hands)
    return s


def test_big_two_five_card_hands_and_a_pass_that_comes_back():
    s = _big_two({1: ["3♦", "4♣", "5♦", "6♥", "7♠", "3♠"],
                  2: ["9♠", "10♠", "J♠", "Q♠", "K♠", "8♣"],
                  3: ["5♣", "5♥", "5♠", "6♣", "6♦", "A♣"],
                  0: ["J♦", "Q♣", "K♥", "A♦", "2♣", "4♥", "2♠", "4♦", "4♠", "8♦"]})
    # the first lead holds 3♦: alone, with the other Three, or in the straight (not the straight with 3♠)
    _do(s, 1, ["play 3♦", "play 3♦ 3♠", "play 3♦ 4♣ 5♦ 6♥ 7♠"], "play 3♦ 4♣ 5♦ 6♥ 7♠")
    # five cards on a straight: seat 2's straight flush, or the straight 8 to Q (higher top card)
    _do(s, 2, ["play 9♠ 10♠ J♠ Q♠ K♠", "play 8♣ 9♠ 10♠ J♠ Q♠", "pass"], "pass")
    # a full house beats a straight
    _do(s, 3, ["play 5♣ 5♥ 5♠ 6♣ 6♦", "pass"], "play 5♣ 5♥ 5♠ 6♣ 6♦")
    # seat 0's J-Q-K-A-2 is the highest straight but no full house; its 444-22 is a lower full house
    _do(s, 0, ["pass"], "pass")
    _do(s, 1, ["pass"], "pass")
    # seat 2 passed before in this round and comes back: the straight flush beats the full house
    _do(s, 2, ["play 9♠ 10♠ J♠ Q♠ K♠", "pass"], "play 9♠ 10♠ J♠ Q♠ K♠")
    _do(s, 3, ["pass"], "pass")
    _do(s, 0, ["pass"], "pass")
    _do(s, 1, ["pass"], "pass")
    # three passes in a row: seat 2 leads and goes out with its last card
    _do(s, 2, ["play 8♣"], "play 8♣")
    # seat 0 holds ten cards and loses twice ten; seats 1 and 3 one each; seat 2 wins the 22
    assert s.hand_no == 2 and _v(s, "score") == [-20, -1, 22, -1]
    # the winner leads the next hand, anything (no 3♦ needed)
    assert G.current_player(s) == 2
    legal = _legal(s)
    assert "pass" not in legal and all(f"play {c}" in legal for c in _z(s, "hand", 2))


def test_big_two_pairs_go_by_their_higher_suit_and_a_cleared_table():
    s = _big_two({1: ["3♦", "9♣", "9♥", "K♦", "2♠"], 2: ["9♦", "9♠", "4♣"], 3: ["10♦", "10♣", "J♠"],
                  0: ["5♠", "6♦", "7♦", "8♦"]})
    _do(s, 1, ["play 3♦"], "play 3♦")
    _do(s, 2, ["play 9♦", "play 9♠", "play 4♣", "pass"], "play 4♣")
    _do(s, 3, ["play 10♦", "play 10♣", "play J♠", "pass"], "pass")
    _do(s, 0, ["play 5♠", "play 6♦", "play 7♦", "play 8♦", "pass"], "play 5♠")
    _do(s, 1, ["play 9♣", "play 9♥", "play K♦", "play 2♠", "pass"], "pass")
    # a single Nine beats a Five
    _do(s, 2, ["play 9♦", "play 9♠", "pass"], "pass")
    _do(s, 3, ["play 10♦", "play 10♣", "play J♠", "pass"], "pass")
    # three passes: seat 0 leads again, any single (no pass on an empty table)
    _do(s, 0, ["play 6♦", "play 7♦", "play 8♦"], "play 6♦")
    _do(s, 1, ["play 9♣", "play 9♥", "play K♦", "play 2♠", "pass"], "play K♦")
    _do(s, 2, ["pass"], "pass")
    _do(s, 3, ["pass"], "pass")
    _do(s, 0, ["pass"], "pass")
    _do(s, 1, ["play 9♣", "play 9♥", "play 9♣ 9♥", "play 2♠"], "play 9♣ 9♥")
    # 9♦ 9♠ holds the Nine of spades, higher than the Nine of hearts: it beats 9♣ 9♥
    _do(s, 2, ["play 9♦ 9♠", "pass"], "play 9♦ 9♠")
    assert s.hand_no == 2 and _v(s, "score") == [-2, -1, 6, -3]


def test_big_two_nine_of_diamonds_does_not_beat_nine_of_clubs():
    s = _big_two({1: ["3♦", "9♣", "K♦"], 2: ["9♦", "9♠", "4♣"], 3: ["10♦"], 0: ["5♠"]})
    _do(s, 1, ["play 3♦"], "play 3♦")
    _do(s, 2, ["play 9♦", "play 9♠", "play 4♣", "pass"], "pass")
    _do(s, 3, ["play 10♦", "pass"], "pass")
    _do(s, 0, ["play 5♠", "pass"], "pass")
    _do(s, 1, ["play 9♣", "play K♦"], "play 9♣")
    # diamonds are the lowest suit: 9♦ is below 9♣
    _do(s, 2, ["play 9♠", "pass"], "pass")
