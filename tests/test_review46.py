"""Review 46: two rummy games the engine has never seen, written from the docs only
(tests/rulesets_review46/, each says at its top which rules and readings it keeps): Tonk (a knock rummy
for two to five: a tonk on the deal, drawing from the stock or the discards, spreads and hits on any
player's spreads, dropping, the hit that blocks a drop, tonking out) and Conquian (two players, a
40-card pack, cards turned one at a time that must be melded at once or passed, table melds that may be
rearranged, eleven cards melded to win).

Referees written here from the rules (sharing no code with the engine; the deal is read from the game's
log, the order of the stock from the game once it is shuffled) follow seeded random games move by move:
who moves, the exact moves offered, every card in one place, and the money each hand moves.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import every_card_once, load_from, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review46"


@lru_cache(maxsize=None)
def _loaded(name, options):
    return load_from(HERE, name, **dict(options))


def _load(name, **options):
    return _loaded(name, tuple(sorted(options.items())))


def _names(s, ids):
    return S.names(s, ids)


def _legal(s):
    return [S.describe(s, a) for a in G.legal_actions(s)]


def _rank(c):
    return c[:-1]


def _suit(c):
    return c[-1]


# -- Tonk -------------------------------------------------------------------------------------------------

T_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
T_SEQ = {r: i for i, r in enumerate(T_RANKS)}
T_VALUE = {**{r: i for i, r in enumerate(T_RANKS[:10], 1)}, "J": 10, "Q": 10, "K": 10}
SUITS = "♣♦♥♠"
T_PACK = [r + s for s in SUITS for r in T_RANKS]


def t_count(cards):
    return sum(T_VALUE[_rank(c)] for c in cards)


def runs_in(cards, seq, longest=None):
    """Every run of three or more cards of one suit in sequence (no wrap), as frozensets."""
    out = set()
    for suit in SUITS:
        mine = {seq[_rank(c)]: c for c in cards if _suit(c) == suit and _rank(c) in seq}
        for lo in mine:
            hi = lo
            while hi + 1 in mine:
                hi += 1
                if hi - lo + 1 >= 3 and (longest is None or hi - lo + 1 <= longest):
                    out.add(frozenset(mine[k] for k in range(lo, hi + 1)))
    return out


def sets_in(cards):
    """Every set of three or four cards of one rank, as frozensets."""
    out = set()
    by_rank = {}
    for c in cards:
        by_rank.setdefault(_rank(c), []).append(c)
    for group in by_rank.values():
        for k in (3, 4):
            out |= {frozenset(x) for x in combinations(group, k)}
    return out


def is_run(cards, seq, longest=None):
    if len(cards) < 3 or len({_suit(c) for c in cards}) != 1 or (longest and len(cards) > longest):
        return False
    if any(_rank(c) not in seq for c in cards):
        return False
    keys = sorted(seq[_rank(c)] for c in cards)
    return keys == list(range(keys[0], keys[0] + len(keys)))


def is_set(cards):
    return 3 <= len(cards) <= 4 and len({_rank(c) for c in cards}) == 1


def additions(hand, groups, seq):
    """Every (card, grown group) adding one hand card to a group of the table."""
    out = []
    for g in groups:
        for c in set(hand):
            grown = frozenset(g | {c})
            if (len(set(_rank(x) for x in g)) == 1 and is_set(grown)) or is_run(grown, seq):
                out.append((c, grown))
    return out


def _parse_meld(text):
    """'spread [8♣ 8♥ 8♠]' -> frozenset; 'add 9♦ -> [9♦ 10♦ J♦]' -> (card, frozenset)."""
    word, rest = text.split(" ", 1)
    if word == "add":
        card, group = rest.split(" -> ")
        return (card, frozenset(group.strip("[]").split(" ")))
    return frozenset(rest.strip("[]").split(" "))


class TonkReferee:
    def __init__(self, s, stake=1, hands=6, hit_blocks_drop=True):
        self.s, self.n = s, s.n
        self.stake, self.hands_in_game, self.hit_blocks = stake, hands, hit_blocks_drop
        self.score = [0] * self.n
        self.hand_no = 0
        self.events_read = 0
        self.settled = True
        self.counts = Counter()

    # the deal, read from the log
    def read_events(self):
        events = self.s.events
        while self.events_read < len(events):
            e = events[self.events_read]
            self.events_read += 1
            kind = e.get("event")
            if kind == "hand":
                assert self.settled, "a hand began before the last one was settled"
                self.hand_no = e["hand"]
                assert e["dealer"] == (self.hand_no - 1) % self.n
                self.dealer = e["dealer"]
                self.settled = False
                self.phase = "deal"
                self.turned = None
            elif kind == "deal" and self.phase == "deal":
                each = e["each"]
                order = [p for p, _ in each]
                assert order == [(self.dealer + 1 + i) % self.n for i in range(self.n)]
                self.hands = {p: list(cards) for p, cards in each}
                assert all(len(h) == 5 for h in self.hands.values())
                self.phase = "turn"
            elif kind == "move" and self.phase == "turn" and e.get("to") == "discard":
                assert e["source"] == ["stock"] and len(e["cards"]) == 1
                self.discard = list(e["cards"])
                self.start_play()

    def start_play(self):
        self.spreads = {p: [] for p in range(self.n)}
        self.blocked = [False] * self.n
        self.stock = None                   # read at the first decision
        tonks = [p for p in range(self.n) if t_count(self.hands[p]) in (49, 50)]
        if len(tonks) == 1:
            self.collect(tonks[0], 2 * self.stake)
            self.counts["deal tonk"] += 1
        elif tonks:
            self.settled = True
            self.counts["deal draw"] += 1
        if self.settled:
            self.phase = "settled"
            return
        self.current = (self.dealer + 1) % self.n
        self.phase = "start"

    def collect(self, winner, amount):
        for q in range(self.n):
            if q != winner:
                self.score[q] -= amount
                self.score[winner] += amount
        self.settled = True

    def expected(self):
        p = self.current
        hand = self.hands[p]
        if self.phase == "start":
            want = [("draw",)]
            if not (self.hit_blocks and self.blocked[p]):
                want.append(("drop",))
            if self.discard:
                want.append(("take",))
            return Counter(want)
        if self.phase == "act":
            want = [("spread", m) for m in runs_in(hand, T_SEQ) | sets_in(hand)]
            want += [("hit", str(q)) for q in range(self.n) if additions(hand, self.spreads[q], T_SEQ)]
            want += [("discard", c) for c in hand]
            return Counter(want)
        assert self.phase == "add"
        return Counter(("add",) + a for a in additions(hand, self.spreads[self.hit_on], T_SEQ))

    def offered(self):
        got = []
        for text in _legal(self.s):
            word = text.split(" ")[0]
            if word == "spread":
                got.append(("spread", _parse_meld(text)))
            elif word == "add":
                got.append(("add",) + _parse_meld(text))
            else:
                got.append(tuple(text.split(" ")))
        return Counter(got)

    def check_zones(self):
        s = self.s
        every_card_once(s)
        for p in range(self.n):
            assert sorted(_names(s, S.zone(s, "hand", p))) == sorted(self.hands[p])
            groups = [frozenset(_names(s, g)) for g in S.zone(s, "spreads", p)]
            assert Counter(groups) == Counter(self.spreads[p]), (p, groups, self.spreads[p])
        assert _names(s, S.zone(s, "discard")) == self.discard
        assert _names(s, S.zone(s, "stock")) == self.stock
        assert _v(s, "score") == self.score
        # what one seat sees: its own hand, every spread, the discards; never the stock
        q = self.current
        obs = G.observation(s, q)["zones"]
        assert obs["stock"] == []
        for p in range(self.n):
            assert sorted(_names(s, obs["hand"][p])) == (sorted(self.hands[p]) if p == q else [])

    def decide(self, rng, policy):
        s = self.s
        self.read_events()
        assert s.hand_no == self.hand_no and self.phase not in ("deal", "turn", "settled"), self.phase
        if self.stock is None:
            self.stock = _names(s, S.zone(s, "stock"))
            held = sum(self.hands.values(), []) + self.discard
            assert Counter(self.stock + held) == Counter(T_PACK)
        assert G.current_player(s) == self.current, (G.current_player(s), self.current)
        want, got = self.expected(), self.offered()
        assert got == want, (self.phase, self.hands[self.current], got - want, want - got)
        self.check_zones()
        texts = _legal(s)
        i = policy(texts, rng)
        G.apply_index(s, i)
        self.after(texts[i])

    def after(self, text):
        p = self.current
        word = text.split(" ")[0]
        hand = self.hands[p]
        if word == "drop":
            counts = [t_count(self.hands[q]) for q in range(self.n)]
            if all(counts[q] > counts[p] for q in range(self.n) if q != p):
                self.collect(p, self.stake)
                self.counts["drop won"] += 1
            else:
                for q in range(self.n):
                    if q != p and counts[q] <= counts[p]:
                        self.score[p] -= 2 * self.stake
                        self.score[q] += 2 * self.stake
                self.settled = True
                self.counts["drop caught"] += 1
            return self.end_turn()
        if word == "draw":
            hand.append(self.stock.pop())
            self.phase = "act"
            return
        if word == "take":
            hand.append(self.discard.pop())
            self.phase = "act"
            return
        if word == "hit":
            self.hit_on = int(text.split(" ")[1])
            self.phase = "add"
            return
        if word == "spread":
            meld = _parse_meld(text)
            for c in meld:
                hand.remove(c)
            self.spreads[p].append(meld)
            self.counts["spread"] += 1
        elif word == "add":
            card, grown = _parse_meld(text)
            q = self.hit_on
            old = grown - {card}
            self.spreads[q][self.spreads[q].index(old)] = grown
            hand.remove(card)
            if q != p:
                self.blocked[q] = True
                self.counts["hit another"] += 1
            self.counts["hit"] += 1
        if word in ("spread", "add"):
            self.phase = "act"
            if not hand:
                self.collect(p, 2 * self.stake)
                self.counts["tonk out"] += 1
                return self.end_turn()
            return
        assert word == "discard"
        card = text.split(" ", 1)[1]
        hand.remove(card)
        self.discard.append(card)
        if not hand:
            self.collect(p, self.stake)
            self.counts["out by discard"] += 1
        elif not self.stock:
            counts = [t_count(self.hands[q]) for q in range(self.n)]
            low = [q for q in range(self.n) if counts[q] == min(counts)]
            if len(low) == 1:
                self.collect(low[0], self.stake)
            self.settled = True
            self.counts["stock out"] += 1
        self.end_turn()

    def end_turn(self):
        self.blocked[self.current] = False
        if self.settled:
            self.phase = "settled"
        else:
            self.current = (self.current + 1) % self.n
            self.phase = "start"

    def run(self, rng, policy):
        while not self.s.over:
            self.decide(rng, policy)
        self.read_events()
        assert self.settled and self.hand_no == self.hands_in_game
        res = G.result(self.s)
        assert res["scores"] == self.score and sum(self.score) == 0
        assert res["winners"] == [p for p in range(self.n) if self.score[p] == max(self.score)]
        return self


def tonk_policy(drop_rate):
    """Random play leaning to spreads and hits (so that hands end by tonks and hits happen), dropping
    now and then."""
    def policy(texts, rng):
        melds = [i for i, t in enumerate(texts) if t.split(" ")[0] in ("spread", "hit", "add")]
        if melds and rng.random() < 0.85:
            return rng.choice(melds)
        if "drop" in texts and rng.random() < drop_rate:
            return texts.index("drop")
        others = [i for i, t in enumerate(texts) if t != "drop"]
        return rng.choice(others)
    return policy


def _tonk(n, seed, drop_rate=0.1, **options):
    rules = _load("tonk", **options)
    ref = TonkReferee(G.new_game(rules, n, seed, log=True), **options)
    return ref.run(random.Random(seed), tonk_policy(drop_rate))


def test_tonk_random_games_follow_the_rules():
    totals = Counter()
    for seed in range(40):
        totals += _tonk(2 + seed % 4, seed, drop_rate=0.05 + (seed % 3) * 0.1).counts
    for what in ("deal tonk", "drop won", "drop caught", "spread", "hit", "hit another", "tonk out",
                 "out by discard", "stock out"):
        assert totals[what] > 0, (what, totals)


def test_tonk_random_games_without_the_hit_rule():
    for seed in range(10):
        _tonk(2 + seed % 4, 100 + seed, hit_blocks_drop=False, stake=2)


@pytest.mark.soak
def test_tonk_soak():
    for seed in range(1000, 1400):
        _tonk(2 + seed % 4, seed, drop_rate=(seed % 5) * 0.1)
