"""Correctness on two games the engine has never seen (tests/rulesets_review53/, each says at its top
which readings it keeps): Jaipur and Cuttle.

A referee written here from the rules (sharing no code with the engine) follows seeded random games move
by move: who is asked, the exact moves offered, the order of the deck, what each seat sees, card
conservation, the scores and who wins.  Scripted deals check known outcomes
(rulesets_review53/*.scenario.yaml).
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import product
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, seen, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review53"
_load = cached_loader(HERE)


def zone_names(s, zone, owner=None):
    return S.names(s, S.zone(s, zone, owner))


def norm(texts):
    """Move texts with the cards of each move sorted (sets of cards are offered in any order)."""
    out = []
    for t in texts:
        word, *cards = t.split(" ")
        out.append(" ".join([word] + sorted(cards)))
    return sorted(out)


# -- Jaipur ------------------------------------------------------------------------------------------------

KINDS = ["diamond", "gold", "silver", "cloth", "spice", "leather"]
EXPENSIVE = {"diamond", "gold", "silver"}
GOODS_COPIES = {"diamond": 6, "gold": 6, "silver": 6, "cloth": 8, "spice": 8, "leather": 10, "camel": 11}
BONUS = {3: Counter({"b1": 2, "b2": 3, "b3": 2}), 4: Counter({"b4": 2, "b5": 2, "b6": 2}),
         5: Counter({"b8": 2, "b9": 1, "b10": 2})}
TOKENS = {"diamond": [7, 7, 5, 5, 5], "gold": [6, 6, 5, 5, 5], "silver": [5] * 5,
          "cloth": [5, 3, 3, 2, 2, 1, 1], "spice": [5, 3, 3, 2, 2, 1, 1], "leather": [4, 3, 2, 1, 1, 1, 1, 1, 1]}


def g(kind):
    return f"{kind}/goods"


def kind(name):
    return name.split("/")[0]


def sub_multisets(counter, sizes):
    """Every sub-multiset of a Counter whose size is in `sizes`, as a Counter."""
    keys = sorted(counter)
    for picks in product(*(range(counter[k] + 1) for k in keys)):
        if sum(picks) in sizes:
            yield Counter({k: n for k, n in zip(keys, picks) if n})


def cards_text(word, counter):
    return " ".join([word] + sorted(g(k) for k in counter.elements()))


class JaipurReferee:
    def __init__(self, s):
        self.seals = [0, 0]
        self.dealer = 0
        self.round = 0
        self.over = False
        self.new_round(s)

    def new_round(self, s):
        self.round += 1
        assert s.hand_no == self.round and _v(s, "dealer") == self.dealer
        self.market = Counter(kind(c) for c in zone_names(s, "market"))
        self.hands = [Counter(kind(c) for c in zone_names(s, "hand", p)) for p in range(2)]
        self.herd = [len(zone_names(s, "herd", p)) for p in range(2)]
        self.deck = [kind(c) for c in zone_names(s, "deck")]
        self.piles = {n: [kind(c) for c in zone_names(s, f"bonus{n}")] for n in (3, 4, 5)}
        # the set-up: three camels and two cards in the market, five cards each (camels to the herd)
        assert sum(self.market.values()) == 5 and self.market["camel"] >= 3
        for p in range(2):
            assert sum(self.hands[p].values()) + self.herd[p] == 5 and self.hands[p]["camel"] == 0
            assert all(c == "camel/goods" for c in zone_names(s, "herd", p))
        for n in (3, 4, 5):
            assert Counter(self.piles[n]) == BONUS[n]
        everything = Counter(self.deck) + self.market + self.hands[0] + self.hands[1] \
            + Counter({"camel": sum(self.herd)})
        assert everything == Counter(GOODS_COPIES), everything
        self.discard = Counter()
        self.tokens = {k: list(v) for k, v in TOKENS.items()}
        self.rupees, self.goods_tokens = [0, 0], [0, 0]
        self.bonus = [[], []]
        self.cur = 1 - self.dealer
        self.phase, self.taken = "turn", None
        self.between = False

    # -- the rules ---------------------------------------------------------------------------------
    def eligible(self, p, taken):
        return Counter({k: n for k, n in self.hands[p].items() if n and k not in taken})

    def payable(self, p, taken):
        k = sum(taken.values())
        h = sum(self.hands[p].values())
        e = sum(self.eligible(p, taken).values())
        return any(k - hc <= self.herd[p] and h - hc + k <= 7 for hc in range(0, min(k, e) + 1))

    def expected(self):
        p = self.cur
        hand = +self.hands[p]
        if self.phase == "give":
            k = sum(self.taken.values())
            pool = self.eligible(p, self.taken) + Counter({"camel": min(self.herd[p], k)})
            h = sum(hand.values())
            return p, sorted(cards_text("give", m) for m in sub_multisets(pool, {k}) if h + m["camel"] <= 7)
        moves = []
        goods = Counter({k: n for k, n in self.market.items() if k != "camel" and n})
        if sum(hand.values()) < 7:
            moves += [f"take {g(k)}" for k in goods]
        if self.market["camel"]:
            moves.append("camels")
        moves += [cards_text("exchange", m) for m in sub_multisets(goods, {2, 3, 4, 5}) if self.payable(p, m)]
        for k, n in hand.items():
            for m in range(2 if k in EXPENSIVE else 1, n + 1):
                moves.append(cards_text("sell", Counter({k: m})))
        return p, sorted(moves)

    def before(self, s, who, legal):
        if self.between:
            self.new_round(s)
        want_who, want = self.expected()
        assert (who, norm(legal)) == (want_who, want), (self.phase, who, norm(legal), want_who, want)
        every_card_once(s)
        assert [kind(c) for c in zone_names(s, "deck")] == self.deck
        for v in range(2):
            for p in range(2):
                mine = sorted(g(k) for k in self.hands[p].elements())
                assert seen(s, v, "hand", p) == (mine if p == v else [])
                assert seen(s, v, "herd", p) == ["camel/goods"] * self.herd[p]
                assert seen(s, v, "bonus_won", p) == (sorted(g(k) for k in self.bonus[p]) if p == v else [])
            assert seen(s, v, "market") == sorted(g(k) for k in self.market.elements())
            assert seen(s, v, "discard") == sorted(g(k) for k in self.discard.elements())
            for zone in ("deck", "bonus3", "bonus4", "bonus5"):
                assert seen(s, v, zone) == []
        assert [kind(c) for c in zone_names(s, "bonus3")] == self.piles[3]
        assert _v(s, "rupees") == self.rupees and _v(s, "goods_tokens") == self.goods_tokens
        assert _v(s, "tokens") == [self.tokens[k] for k in KINDS]
        assert _v(s, "seals") == self.seals

    def refill(self):
        while sum(self.market.values()) < 5 and self.deck:
            self.market[self.deck.pop()] += 1
        return sum(self.market.values()) < 5

    def after(self, s, who, text):
        p = self.cur
        word, *names = text.split(" ")
        cards = Counter(kind(c) for c in names)
        over = False
        if self.phase == "give":
            self.market -= self.taken
            self.hands[p] += self.taken
            self.herd[p] -= cards["camel"]
            self.hands[p] -= Counter({k: n for k, n in cards.items() if k != "camel"})
            self.market += cards
            self.phase, self.taken = "turn", None
        elif word == "exchange":
            self.phase, self.taken = "give", cards
            return
        elif word == "take":
            self.market -= cards
            self.hands[p] += cards
            over = self.refill()
        elif word == "camels":
            self.herd[p] += self.market["camel"]
            self.market["camel"] = 0
            over = self.refill()
        elif word == "sell":
            (k, n), = cards.items()
            self.hands[p] -= cards
            self.discard += cards
            got = self.tokens[k][:n]
            self.tokens[k] = self.tokens[k][n:]
            self.rupees[p] += sum(got)
            self.goods_tokens[p] += len(got)
            pile = self.piles[min(n, 5)] if n >= 3 else []
            if pile:
                self.bonus[p].append(pile.pop())
            over = sum(1 for x in self.tokens.values() if not x) >= 3
        else:
            raise AssertionError(text)
        self.market, self.hands[p] = +self.market, +self.hands[p]
        if over:
            self.end_round(s)
        else:
            self.cur = 1 - p

    def end_round(self, s):
        if self.herd[0] != self.herd[1]:
            self.rupees[0 if self.herd[0] > self.herd[1] else 1] += 5
        worth = [self.rupees[p] + sum(int(b[1:]) for b in self.bonus[p]) for p in range(2)]
        key = [(worth[p], len(self.bonus[p]), self.goods_tokens[p]) for p in range(2)]
        winner = None if key[0] == key[1] else (0 if key[0] > key[1] else 1)
        if winner is not None:
            self.seals[winner] += 1
        if max(self.seals) >= 2:
            self.over = True
            # the round's last state is still there: every bonus token is shown
            for v in range(2):
                for p in range(2):
                    assert seen(s, v, "bonus_won", p) == sorted(g(k) for k in self.bonus[p])
            assert _v(s, "rupees") == self.rupees
        self.dealer = winner if winner is not None else 1 - self.dealer
        self.between = not self.over

    def finish(self, s):
        assert self.over
        assert G.result(s)["scores"] == self.seals
        assert G.result(s)["winners"] == [p for p in range(2) if self.seals[p] >= 2]


def _jaipur_games(seeds):
    rules = _load("jaipur")
    for seed in seeds:
        s = G.new_game(rules, 2, seed)
        rng = random.Random(seed * 17 + 3)

        def pick(texts):
            # sells and exchanges a little more often than at random, so that big sales happen
            if rng.random() < 0.3:
                big = [t for t in texts if t.startswith(("sell", "exchange")) and t.count(" ") >= 2]
                if big:
                    return rng.choice(big)
            return rng.choice(texts)
        drive(s, JaipurReferee(s), pick)


def test_jaipur_against_referee():
    _jaipur_games(range(40))


@pytest.mark.soak
def test_jaipur_against_referee_soak():
    _jaipur_games(range(100, 1100))
