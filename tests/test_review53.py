"""Correctness on two games the engine has never seen (tests/rulesets_review53/, each says at its top
which readings it keeps): Jaipur and Cuttle.

A referee written here from the rules (sharing no code with the engine) follows seeded random games move
by move: who is asked, the exact moves offered, the order of the deck, what each seat sees (its own hand,
the goods the other took face up, a hand shown through glasses, the public piles), card conservation, the
scores and who wins.  Scripted deals check known outcomes (rulesets_review53/*.scenario.yaml).

Defects found and fixed: a scenario move naming cards in an order ([10♠, 10♥]: the card played, then the
card it scuttles) took the first option holding the same cards in any order; explain said an end_game
step 'is won by an empty list', gave one trial deal's hand sizes as every deal's (camels sorted out of a
Jaipur hand), and read count(tokens[i]) as 'the number of the item at ...'; suits listed in an order were
four 'not one of the pack's ranks' errors with no word on how to rank suits; a scenario's deal of five
cards to a Jaipur hand was refused with no word that the hand's size depends on the cards dealt.
Written up, not fixed: when one of several identical copies leaves a hand, the engine moves one
particular copy, so a seat that saw another copy taken keeps seeing it (a strict xfail below).
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
        self.known = [Counter(), Counter()]     # goods of each hand that the other seat saw taken
        self.upper = [Counter(), Counter()]     # the same, counting none of the copies that left
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
                if p == v:
                    assert seen(s, v, "hand", p) == mine
                else:
                    # the goods p took from the market stay known while p holds them; of identical
                    # copies, a card of the kind leaving may be a known one, so the other seat knows
                    # known[p] for sure.  The engine moves one particular copy, and may keep showing a
                    # known one (up to `upper`) when an unknown copy left: see
                    # test_a_known_copy_stays_known_when_an_identical_unknown_copy_leaves below.
                    got = Counter(kind(c) for c in seen(s, v, "hand", p))
                    upper = Counter({k: min(n, self.hands[p][k]) for k, n in self.upper[p].items()})
                    assert self.known[p] <= got <= upper, (v, p, got, self.known[p], upper)
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
            self.known[p] += self.taken
            self.upper[p] += self.taken
            self.herd[p] -= cards["camel"]
            self.hands[p] -= Counter({k: n for k, n in cards.items() if k != "camel"})
            self.known[p] -= cards
            self.market += cards
            self.phase, self.taken = "turn", None
        elif word == "exchange":
            self.phase, self.taken = "give", cards
            return
        elif word == "take":
            self.market -= cards
            self.hands[p] += cards
            self.known[p] += cards
            self.upper[p] += cards
            over = self.refill()
        elif word == "camels":
            self.herd[p] += self.market["camel"]
            self.market["camel"] = 0
            over = self.refill()
        elif word == "sell":
            (k, n), = cards.items()
            self.hands[p] -= cards
            self.known[p] -= cards
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
    _jaipur_games(range(100, 700))


# -- Cuttle ------------------------------------------------------------------------------------------------

SUITS = "♣♦♥♠"
NUMBERS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
FULL = [r + s for r in NUMBERS + ["J", "Q", "K"] for s in SUITS]
GOALS = [21, 14, 10, 5, 0]


def rk(c):
    return c[:-1]


def face(c):
    return NUMBERS.index(rk(c)) + 1 if rk(c) in NUMBERS else 0


def beats(c, t):
    return face(c) > face(t) or (face(c) == face(t) and SUITS.index(c[-1]) > SUITS.index(t[-1]))


class CuttleReferee:
    """One game from the rules: follows the deck card by card (read once after the deal), the point cards
    with the Jacks on each, the permanents, the stack of a one-off and its counters, and who sees what."""

    def __init__(self, s):
        self.deck = zone_names(s, "deck")
        self.hands = [set(zone_names(s, "hand", p)) for p in range(2)]
        assert [len(h) for h in self.hands] == [6, 5] and len(self.deck) == 41
        assert sorted(self.deck + [c for h in self.hands for c in h]) == sorted(FULL)
        self.field = [[], []]
        self.jacks = {}                     # point card -> the Jacks on it, bottom first
        self.royals = [[], []]
        self.scrap, self.stack, self.revealed = [], [], []
        self.known = [set(), set()]         # cards of the other's hand each seat was shown
        self.passes = 0
        self.cur, self.phase, self.from7 = 1, "turn", False
        self.over, self.winners = False, None

    # -- the rules ---------------------------------------------------------------------------------
    def controller(self, c):
        p = 0 if c in self.field[0] else 1
        assert c in self.field[p]
        return p if len(self.jacks.get(c, [])) % 2 == 0 else 1 - p

    def points(self, p):
        return sum(face(c) for c in self.field[0] + self.field[1] if self.controller(c) == p)

    def goal(self, p):
        return GOALS[min(4, sum(1 for c in self.royals[p] if rk(c) == "K"))]

    def queens(self, p):
        return [c for c in self.royals[p] if rk(c) == "Q"]

    def open_to(self, x, q):
        """x, a card of q on the table, may be targeted by q's opponent."""
        qs = self.queens(q)
        return not qs or (len(qs) == 1 and x == qs[0])

    def top_jacks(self):
        """(jack, holder) for the top Jack of every point card with Jacks."""
        return [(js[-1], self.controller(c)) for c, js in self.jacks.items() if js]

    def their_points(self, p):
        return [c for c in self.field[0] + self.field[1] if self.controller(c) == 1 - p]

    def two_targets(self, p):
        out = [x for x in self.royals[p]] + [x for x in self.royals[1 - p] if self.open_to(x, 1 - p)]
        for j, holder in self.top_jacks():
            if holder == p or self.open_to(j, 1 - p):
                out.append(j)
        return out

    def can_oneoff(self, p, c):
        r = rk(c)
        return ((r == "A" and bool(self.field[0] + self.field[1])) or (r == "3" and bool(self.scrap))
                or (r == "4" and bool(self.hands[1 - p])) or (r in ("5", "7") and bool(self.deck))
                or (r == "6" and bool(self.royals[0] + self.royals[1] + self.top_jacks())))

    def plays(self, p, src):
        moves = []
        theirs = self.their_points(p)
        for c in src:
            r = rk(c)
            if face(c):
                moves.append(f"points {c}")
                moves += [f"scuttle {c} {t}" for t in theirs if beats(c, t)]
            if r == "J" and not self.queens(1 - p):
                moves += [f"jack {c} {t}" for t in theirs]
            if r in ("8", "Q", "K"):
                moves.append(f"permanent {c}")
            if r in ("A", "3", "4", "5", "6", "7") and self.can_oneoff(p, c):
                moves.append(f"one_off {c}")
            if r == "2":
                moves += [f"two {c} {x}" for x in self.two_targets(p)]
        return moves

    def expected(self):
        p = self.cur
        if self.phase == "counter":
            return self.responder, ["pass"] + [f"counter {c}" for c in self.hands[self.responder] if rk(c) == "2"]
        if self.phase == "retrieve":
            return p, [f"retrieve {c}" for c in self.scrap]
        if self.phase == "discard":
            h = sorted(self.hands[1 - p])
            sets = [[a] for a in h] if len(h) == 1 else [[a, b] for i, a in enumerate(h) for b in h[i + 1:]]
            return 1 - p, [" ".join(["discard"] + x) for x in sets]
        if self.from7:
            return p, self.plays(p, self.revealed)
        moves = self.plays(p, self.hands[p])
        if self.deck and len(self.hands[p]) < 8:
            moves.append("draw")
        if not self.deck:
            moves.append("pass")
        return p, moves

    def look(self):
        for q in range(2):
            if any(rk(c) == "8" for c in self.royals[q]):
                self.known[q] |= self.hands[1 - q]

    def before(self, s, who, legal):
        self.look()
        want_who, want = self.expected()
        assert (who, norm(legal)) == (want_who, norm(want)), (self.phase, who, norm(legal), want_who, norm(want))
        every_card_once(s)
        assert zone_names(s, "deck") == self.deck
        for v in range(2):
            for p in range(2):
                assert seen(s, v, "hand", p) == sorted(self.hands[p] if p == v else self.known[v] & self.hands[p]), \
                    (v, p, seen(s, v, "hand", p), self.known[v] & self.hands[p])
                assert seen(s, v, "field", p) == sorted(self.field[p])
                assert seen(s, v, "royals", p) == sorted(self.royals[p])
            assert seen(s, v, "scrap") == sorted(self.scrap)
            assert seen(s, v, "stack") == sorted(self.stack)
            assert seen(s, v, "revealed") == sorted(self.revealed)
            assert seen(s, v, "deck") == []
        on_table = {c: zone_names(s, "jacks", f"{rk(c)}_{['clubs', 'diamonds', 'hearts', 'spades'][SUITS.index(c[-1])]}")
                    for c in self.jacks}
        assert on_table == {c: js for c, js in self.jacks.items()}, (on_table, self.jacks)

    # -- the moves -------------------------------------------------------------------------------------
    def take(self, p, c):
        """c leaves the hand of p, or the revealed card."""
        if self.from7:
            assert self.revealed == [c]
            self.revealed = []
        else:
            self.hands[p].remove(c)
        self.known[1 - p].discard(c)

    def scrap_point(self, t):
        for p in range(2):
            if t in self.field[p]:
                self.field[p].remove(t)
        self.scrap += self.jacks.pop(t, []) + [t]

    def after(self, s, who, text):
        word, *cards = text.split(" ")
        p = self.cur
        if self.phase == "counter":
            if word == "pass":
                self.settle(s)
            else:
                c, = cards
                self.hands[who].remove(c)
                self.known[1 - who].discard(c)
                self.stack.append(c)
                self.responder = 1 - who
            return
        if self.phase == "retrieve":
            c, = cards
            self.scrap.remove(c)
            self.hands[p].add(c)
            self.known[1 - p].add(c)        # everyone saw which card was taken
            self.finish_chain(s)
            return
        if self.phase == "discard":
            for c in cards:
                self.hands[1 - p].remove(c)
                self.known[p].discard(c)
                self.scrap.append(c)
            self.finish_chain(s)
            return
        self.passed = word == "pass" if not self.from7 else False
        if word == "draw":
            self.hands[p].add(self.deck.pop())
        elif word == "pass":
            pass
        elif word == "points":
            self.take(p, cards[0])
            self.field[p].append(cards[0])
        elif word == "scuttle":
            c, t = cards
            self.take(p, c)
            self.scrap_point(t)
            self.scrap.append(c)
        elif word == "jack":
            j, t = cards
            self.take(p, j)
            self.jacks.setdefault(t, []).append(j)
        elif word == "permanent":
            self.take(p, cards[0])
            self.royals[p].append(cards[0])
        elif word in ("one_off", "two"):
            c = cards[0]
            self.take(p, c)
            self.oneoff, self.target = c, (cards[1] if word == "two" else None)
            self.stack = [c]
            self.phase, self.responder = "counter", 1 - p
            return
        else:
            raise AssertionError(text)
        self.end_turn(s)

    def settle(self, s):
        """The chain is over: the one-off takes effect unless countered an odd number of times."""
        p = self.cur
        self.phase = "turn"
        self.from7 = False
        if (len(self.stack) - 1) % 2 == 1:
            return self.finish_chain(s)
        r = rk(self.oneoff)
        if r == "A":
            for t in list(self.field[0] + self.field[1]):
                self.scrap_point(t)
        elif r == "2":
            x = self.target
            for q in range(2):
                if x in self.royals[q]:
                    self.royals[q].remove(x)
            for t, js in self.jacks.items():
                if x in js:
                    assert js[-1] == x
                    js.pop()
            self.scrap.append(x)
        elif r == "3":
            self.phase = "retrieve"
            return
        elif r == "4":
            if self.hands[1 - p]:
                self.phase = "discard"
                return
        elif r == "5":
            for _ in range(min(2, 8 - len(self.hands[p]), len(self.deck))):
                self.hands[p].add(self.deck.pop())
        elif r == "6":
            for t, js in self.jacks.items():
                self.scrap += js
            self.jacks = {}
            self.scrap += self.royals[0] + self.royals[1]
            self.royals = [[], []]
        elif r == "7":
            self.revealed = [self.deck.pop()]
            self.scrap += self.stack
            self.stack = []
            if self.plays(p, self.revealed):
                self.from7 = True
                return
            self.scrap += self.revealed
            self.revealed = []
            self.from7 = False
            return self.end_turn(s)
        self.finish_chain(s)

    def finish_chain(self, s):
        self.phase = "turn"
        self.scrap += self.stack
        self.stack = []
        self.end_turn(s)

    def end_turn(self, s):
        self.from7 = False
        self.passes = self.passes + 1 if getattr(self, "passed", False) else 0
        self.passed = False
        p = self.cur
        for q in (p, 1 - p):
            if self.points(q) >= self.goal(q):
                self.over, self.winners = True, [q]
                return
        if self.passes >= 3:
            self.over, self.winners = True, []
            return
        self.cur = 1 - p

    def finish(self, s):
        assert self.over
        assert G.result(s)["winners"] == self.winners
        assert G.result(s)["scores"] == [self.points(p) for p in range(2)]


def _cuttle_games(seeds):
    rules = _load("cuttle")
    for seed in seeds:
        s = G.new_game(rules, 2, seed)
        rng = random.Random(seed * 7 + 1)

        def pick(texts):
            # draws less often than at random, so that the table fills and the one-offs have targets
            if rng.random() < 0.7:
                rest = [t for t in texts if t not in ("draw", "pass")]
                if rest:
                    return rng.choice(rest)
            return rng.choice(texts)
        drive(s, CuttleReferee(s), pick)


def test_cuttle_against_referee():
    _cuttle_games(range(150))


@pytest.mark.soak
def test_cuttle_against_referee_soak():
    _cuttle_games(range(1000, 4000))


# -- what a seat knows of identical copies --------------------------------------------------------------

KNOWN_COPY = """
name: A known copy among identical cards
players: {count: [2]}
pack: {ranks: [a, b], suits: [x], copies_of: {a: 3}}
zones:
  stock: {visibility: hidden}
  table: {visibility: public}
  hand: {per: player, visibility: owner}
  pile: {visibility: hidden}
hand:
  - move: {cards: "first(of_rank(stock, 'a'), 2)", from: stock, to: "hand[0]"}
  - move: {cards: "first(of_rank(stock, 'a'))", from: stock, to: table}
  - move: {cards: table, from: table, to: "hand[0]"}
  - reveal: "hand[0][2]"
  - choose: {player: 0, moves: {bury: {options: "unique(hand[0])", do: [{move: {cards: option, from: "hand[0]", to: pile}}]}}}
  - choose: {player: 1, moves: {go: {}}}
"""


def test_a_known_copy_stays_known_when_an_identical_unknown_copy_leaves(tmp_path):
    """Seat 0 holds three identical cards, one of them taken face up (seat 1 saw it).  Seat 0 puts one of
    the three away face down: seat 1 cannot tell which, so it no longer knows that seat 0 holds the card.
    The engine moves the first copy (one seat 1 never saw); it used to keep showing seat 1 the one it
    saw, which told seat 1 that seat 0 held more than one.  A card leaving a hand unseen now takes the
    hand's shown cards from the seats that did not see it go (engine/mixing.py)."""
    from tests.scripted import load_from
    (tmp_path / "copy.yaml").write_text(KNOWN_COPY)
    s = G.new_game(load_from(tmp_path, "copy"), 2, 0)
    assert seen(s, 1, "hand", 0) == ["a/x"]
    G.apply(s, G.legal_actions(s)[0])           # bury a/x, the one move
    assert G.current_player(s) == 1
    assert seen(s, 1, "hand", 0) == []


# -- a scenario's move of cards in an order ---------------------------------------------------------------

ORDERED_PAIRS = """
name: Ordered pairs
players: {count: [2]}
pack: {ranks: ["1", "2"], suits: [x]}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  bottom: {visibility: public}
  top: {visibility: public}
hand:
  - move: {cards: stock, from: stock, to: "hand[0]"}
  - choose:
      player: 0
      moves:
        put:
          options: "sum(hand[0], a => map(filter(hand[0], b => b != a), b => [a, b]))"
          do:
            - move: {cards: "option[0]", to: top}
            - move: {cards: "option[1]", to: bottom}
  - choose: {player: 1, moves: {go: {}}}
"""


@pytest.mark.parametrize("written", [["1/x", "2/x"], ["2/x", "1/x"], "2/x 1/x"])
def test_a_scenario_move_names_cards_in_the_order_written_when_the_order_tells_moves_apart(tmp_path, written):
    """A move whose options are ordered pairs of cards (a card played and the card it lands on, a
    scuttle): {move: put, value: [2/x, 1/x]} is the option [2/x, 1/x], not the first option holding the
    same cards in another order."""
    from tests.scripted import load_from
    (tmp_path / "pairs.yaml").write_text(ORDERED_PAIRS)
    s = G.new_game(load_from(tmp_path, "pairs"), 2, 0)
    G.apply(s, S.find_action(s, "put", written))
    order = written.split() if isinstance(written, str) else written
    assert zone_names(s, "top") == [order[0]] and zone_names(s, "bottom") == [order[1]]


# -- worked deals ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, count", [("jaipur", 6), ("cuttle", 12)])
def test_the_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count, problems
    assert all(o.passed for o in outcomes), [o for o in outcomes if not o.passed]


# -- explain -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("winners, said", [('"[]"', "nobody wins"), ('"[current]"', "it is won by the current player")])
def test_explain_says_an_end_game_step_won_by_an_empty_list_is_won_by_nobody(winners, said):
    """`end_game: {winners: "[]"}` (a drawn game) reads 'nobody wins', as the end section's winners do,
    not 'it is won by an empty list'."""
    import yaml
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(zones={}))
    step = yaml.safe_load(f'{{end_game: {{when: "passes >= 3", winners: {winners}}}}}')
    text = describe_steps([step], 0, say)[0]
    assert text.endswith(f"; {said}."), text


def test_explain_gives_the_range_of_cards_held_when_the_deal_decides_it():
    """Jaipur puts the camels dealt to a player in their herd, so how many cards a hand holds at the first
    decision depends on the deal: explain gives the range over several trial deals, not one deal's
    sizes as if every deal gave them."""
    from interpreter.authoring.explain import explain
    text = explain(_load("jaipur"))
    row = next(line for line in text.splitlines() if line.startswith("| 2 | 73 |"))
    assert row == "| 2 | 73 | - | it depends on the deal: 4 to 5 in hand, 0 to 1 in herd in 6 trial deals |", row
    cuttle = explain(_load("cuttle"))
    assert "| 2 | 52 | - | 6/5 in hand |" in cuttle


# -- validate --------------------------------------------------------------------------------------------

SUIT_ORDER = """
name: Suits in an order
players: {count: [2]}
pack: {ranks: ["A", "K"]}
orders:
  suit_rank: [clubs, diamonds, hearts, spades]
zones:
  stock: {visibility: hidden}
hand:
  - shuffle: stock
"""


def test_suits_listed_in_an_order_are_told_apart_from_unknown_ranks(tmp_path):
    """An order of suits (clubs < diamonds < hearts < spades, Cuttle's scuttle tie-break) is an error
    said once, with how to rank suits, not four 'is not one of the pack's ranks' listing the ranks."""
    from interpreter.ruleset.loader import load_ruleset
    (tmp_path / "suits.yaml").write_text(SUIT_ORDER)
    loaded = load_ruleset(str(tmp_path / "suits.yaml"), {})
    errors = [d for d in loaded.diagnostics if d.severity == "error"]
    assert len(errors) == 1, [d.format() for d in errors]
    assert "'clubs' is a suit, not a rank" in errors[0].message
    assert "position([clubs, diamonds, hearts, spades], s)" in errors[0].hint


def test_explain_counts_the_items_of_an_item_of_a_list_of_lists():
    """count(tokens[i]), tokens a list of lists (Jaipur's goods tokens of each kind), reads 'the number of
    items in the item at ...', not 'the number of the item at ...', which reads as the item itself."""
    from interpreter.authoring.explain import explain
    line = next(x for x in explain(_load("jaipur")).splitlines() if x.startswith("- **empty_kinds**"))
    assert "for which the number of items in the item at the position given by the number in the *tokens*" in line, line


def test_a_scenario_deal_into_a_hand_whose_size_depends_on_the_cards_points_to_zones(tmp_path):
    """Jaipur puts the camels dealt in the herd: a scenario's `deal:` of five goods to a hand is refused
    (the probe deal leaves four there), and the message says why and what to write instead."""
    from interpreter.authoring.runner import run_file
    (tmp_path / "deal.scenario.yaml").write_text(f"""
ruleset: {HERE / 'jaipur.yaml'}
players: 2
scenarios:
  - name: a stacked deal
    deal:
      hand:
        1: [diamond/goods, diamond/goods, gold/goods, gold/goods, silver/goods]
""")
    outcomes, problems = run_file(str(tmp_path / "deal.scenario.yaml"))
    assert not problems, problems
    text = "\n".join(d.format() for o in outcomes for d in o.diagnostics)
    assert "5 cards are listed for hand[1], but the deal puts 4 there" in text, text
    assert "depends on the cards dealt" in text and "'zones:'" in text, text
