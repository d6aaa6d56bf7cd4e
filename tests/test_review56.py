"""Two games the engine had never seen, written from their published rules (tests/rulesets_review56/,
each file says which readings it chose): Cabo (four face-down cards a player may peek at, swap and
swap blind with another player's; a call that gives everyone one more turn) and Cucumber (Gurka: play
as high as the trick's highest card or else your lowest; only the last trick scores; 30 is out).

- Referees: each game is re-computed by hand from its rules, sharing no code with the engine, and
  follows seeded random games move by move: who moves, the exact set of moves offered, every card in
  exactly one place, the scores after every hand, and (Cabo) what each seat sees: exactly the cards
  its player has looked at, wherever those cards went since in full view.
- Scripted deals with outcomes worked out by hand.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, every_card_once, var

HERE = Path(__file__).resolve().parent / "rulesets_review56"
load = cached_loader(HERE)

VALUE = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(v): v for v in range(2, 11)}}


def _name(s, c):
    return s.rules.universe.names[c]


def _rank(name):
    return name[:-1]


def _norm(action):
    name, value = action
    return (name, tuple(value) if isinstance(value, list) else value)


# -- Cabo ------------------------------------------------------------------------------------------------

def cabo_value(name):
    return 0 if name in ("K♥", "K♦") else VALUE[_rank(name)]


class CaboReferee:
    """Cabo by hand: each player's four places, the discard pile, what every seat knows, whose turn
    and in which phase of it, the caller, the scores."""

    def __init__(self, s):
        self.n = s.n
        self.dealer = 0
        self.score = [0] * s.n
        self.hand = 0
        self.over = False
        self.start_hand(s)

    # the deal is random: read it from the engine, then check it is a deal
    def start_hand(self, s):
        self.hand = s.hand_no
        self.rows = [list(S.zone(s, "row", p)) for p in range(self.n)]
        self.discard = list(S.zone(s, "discard"))
        self.deck = list(S.zone(s, "deck"))
        assert all(len(r) == 4 for r in self.rows) and len(self.discard) == 1
        assert len(self.deck) == 52 - 4 * self.n - 1
        self.known = [{self.rows[p][0], self.rows[p][1]} for p in range(self.n)]
        self.turn = (self.dealer + 1) % self.n
        self.phase, self.drawn, self.caller = "main", None, None

    def targets(self, p):
        return [(q, i) for q in range(self.n) if q != p and q != self.caller for i in range(1, 5)]

    def offered(self):
        p = self.turn
        if self.phase == "main":
            return {("draw", None), ("take", None)} | ({("cabo", None)} if self.caller is None else set())
        if self.phase == "drawn":
            return {("keep", i) for i in range(1, 5)} | {("discard", None)}
        if self.phase == "taken":
            return {("keep", i) for i in range(1, 5)}
        rank = self.phase
        if rank in ("7", "8"):
            return {("peek", i) for i in range(1, 5)} | {("no_power", None)}
        if rank in ("9", "10"):
            return {("spy", t) for t in self.targets(p)} | {("no_power", None)}
        return {("swap_blind", (i, q, j)) for i in range(1, 5) for q, j in self.targets(p)} | {("no_power", None)}

    def apply(self, s, action):
        name, value = _norm(action)
        p = self.turn
        if name == "draw":
            self.drawn = self.deck.pop()
            self.known[p].add(self.drawn)
            self.phase = "drawn"
            return
        if name == "take":
            self.drawn = self.discard.pop()
            for q in range(self.n):             # taken face up: everyone knows where it goes
                self.known[q].add(self.drawn)
            self.phase = "taken"
            return
        if name == "cabo":
            self.caller = p
            return self.end_turn(s)
        if name == "keep":
            old = self.rows[p][value - 1]
            self.rows[p][value - 1] = self.drawn
            self.discard.append(old)
            self.drawn = None
            return self.end_turn(s)
        if name == "discard":
            card = self.drawn
            self.discard.append(card)
            self.drawn = None
            rank = _rank(_name(s, card))
            if rank in ("7", "8", "9", "10", "J", "Q"):
                self.phase = rank
                return
            return self.end_turn(s)
        if name == "peek":
            self.known[p].add(self.rows[p][value - 1])
        elif name == "spy":
            q, j = value
            self.known[p].add(self.rows[q][j - 1])
        elif name == "swap_blind":
            i, q, j = value
            # swapped in full view: whoever knew either card knows where it went
            self.rows[p][i - 1], self.rows[q][j - 1] = self.rows[q][j - 1], self.rows[p][i - 1]
        return self.end_turn(s)

    def end_turn(self, s):
        p = self.turn
        self.phase = "main"
        nxt = (p + 1) % self.n
        if self.caller is not None and nxt == self.caller:
            return self.end_hand()
        self.turn = nxt
        if not self.deck:                        # the discard pile but its top card becomes the deck
            self.deck = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.reshuffled = True

    def end_hand(self):
        totals = [sum(cabo_value(self.names[c]) for c in row) for row in self.rows]
        low = min(totals)
        for p in range(self.n):
            if totals[p] != low:
                self.score[p] += totals[p] + (10 if p == self.caller else 0)
            if self.score[p] == 100:
                self.score[p] = 50
        self.finished = totals
        if any(x > 100 for x in self.score):
            self.over = True
        else:
            self.dealer = (self.dealer + 1) % self.n
            self.hand = None                     # the next hand is read when it starts

    def check(self, s):
        """Everything the referee knows, against the engine."""
        assert list(var(s, "score")) == self.score
        if self.over:
            return
        if self.hand is None:
            assert s.hand_no > 0
            self.start_hand(s)
        assert var(s, "dealer") == self.dealer
        assert var(s, "caller") == self.caller
        for p in range(self.n):
            assert list(S.zone(s, "row", p)) == self.rows[p], (p, S.names(s, S.zone(s, "row", p)), S.names(s, self.rows[p]))
        if getattr(self, "reshuffled", False):   # the new deck is shuffled: take its order, check its cards
            assert sorted(S.zone(s, "deck")) == sorted(self.deck)
            self.deck = list(S.zone(s, "deck"))
            self.reshuffled = False
        assert list(S.zone(s, "deck")) == self.deck
        assert list(S.zone(s, "discard")) == self.discard
        drawn = [list(S.zone(s, "drawn", p)) for p in range(self.n)]
        assert drawn == [[self.drawn] if p == self.turn and self.drawn is not None else [] for p in range(self.n)]
        for seat in range(self.n):
            obs = G.observation(s, seat)["zones"]
            for p in range(self.n):
                want = [c for c in self.rows[p] if c in self.known[seat]]
                assert obs["row"][p] == want, (seat, p, S.names(s, obs["row"][p]), S.names(s, want))
                assert obs["drawn"][p] == (drawn[p] if p == seat or self.phase == "taken" else [])
            assert obs["deck"] == [] and obs["discard"] == self.discard


def cabo_game(players, seed):
    """A seeded random game followed by the referee; returns (state, referee, decisions)."""
    rules = load("cabo")
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = CaboReferee(s)
    ref.names = rules.universe.names
    decisions = 0
    while not G.is_over(s):
        ref.check(s)
        every_card_once(s)
        assert G.current_player(s) == ref.turn
        legal = G.legal_actions(s)
        assert len(legal) == len(set(map(_norm, legal)))
        assert set(map(_norm, legal)) == ref.offered(), set(map(_norm, legal)) ^ ref.offered()
        action = legal[rng.randrange(len(legal))]
        G.apply(s, action)
        ref.apply(s, action)
        decisions += 1
    assert ref.over
    ref.check(s)
    result = G.result(s)
    best = min(ref.score)
    assert result["winners"] == [p for p in range(players) if ref.score[p] == best]
    assert result["scores"] == ref.score
    return s, ref, decisions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cabo_referee(players):
    for seed in range(12):
        cabo_game(players, seed)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cabo_referee_soak(players):
    for seed in range(12, 300):
        cabo_game(players, seed)


# -- Cucumber --------------------------------------------------------------------------------------------

ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def high(name):
    return ORDER.index(_rank(name))


class CucumberReferee:
    """Cucumber by hand: hands, the trick, who leads and plays, scores, who is out, the dealer."""

    def __init__(self, s, out_at=30):
        self.n, self.out_at = s.n, out_at
        self.names = s.rules.universe.names
        self.score = [0] * s.n
        self.dealer = 0
        self.over = False
        self.start_hand(s)

    def alive(self):
        return [p for p in range(self.n) if self.score[p] < self.out_at]

    def next_alive(self, p):
        for k in range(1, self.n + 1):
            q = (p + k) % self.n
            if self.score[q] < self.out_at:
                return q

    def start_hand(self, s):
        self.hands = [list(S.zone(s, "hand", p)) for p in range(self.n)]
        for p in range(self.n):
            assert len(self.hands[p]) == (7 if p in self.alive() else 0)
        self.trick, self.players_in_trick = [], []
        self.turn = self.next_alive(self.dealer)
        self.tricks_played = 0
        self.fresh = False

    def offered(self):
        h = self.hands[self.turn]
        if not self.trick:
            return {("play", c) for c in h}
        best = max(high(self.names[c]) for c in self.trick)
        up = [c for c in h if high(self.names[c]) >= best]
        if up:
            return {("play", c) for c in up}
        low = min(high(self.names[c]) for c in h)
        return {("play", c) for c in h if high(self.names[c]) == low}

    def apply(self, s, action):
        _, c = action
        p = self.turn
        self.hands[p].remove(c)
        self.trick.append(c)
        self.players_in_trick.append(p)
        alive = self.alive()
        if len(self.trick) < len(alive):
            self.turn = alive[(alive.index(p) + 1) % len(alive)]
            return
        best = max(high(self.names[x]) for x in self.trick)
        at = max(i for i, x in enumerate(self.trick) if high(self.names[x]) == best)
        winner = self.players_in_trick[at]
        self.tricks_played += 1
        if self.tricks_played == 7:
            self.score[winner] += VALUE[_rank(self.names[self.trick[at]])] if _rank(self.names[self.trick[at]]) != "A" else 14
            self.last = (winner, self.trick[at])
            if len(self.alive()) <= 1:
                self.over = True
            else:
                self.dealer = self.next_alive(self.dealer)
                self.fresh = True
            return
        self.trick, self.players_in_trick = [], []
        self.turn = winner

    def check(self, s):
        assert list(var(s, "score")) == self.score
        if self.over:
            return
        if self.fresh:
            self.start_hand(s)
        assert var(s, "dealer") == self.dealer
        assert list(S.zone(s, "trick")) == self.trick
        for p in range(self.n):
            assert sorted(S.zone(s, "hand", p)) == sorted(self.hands[p])


def cucumber_game(players, seed):
    rules = load("cucumber")
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = CucumberReferee(s)
    decisions = 0
    while not G.is_over(s):
        ref.check(s)
        every_card_once(s)
        assert G.current_player(s) == ref.turn, (G.current_player(s), ref.turn)
        legal = G.legal_actions(s)
        assert len(legal) == len(set(legal))
        assert set(legal) == ref.offered(), set(legal) ^ ref.offered()
        action = legal[rng.randrange(len(legal))]
        G.apply(s, action)
        ref.apply(s, action)
        decisions += 1
    assert ref.over
    ref.check(s)
    result = G.result(s)
    assert result["winners"] == ref.alive() and len(ref.alive()) == 1
    assert result["scores"] == ref.score
    return s, ref, decisions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_cucumber_referee(players):
    for seed in range(4):
        cucumber_game(players, seed)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_cucumber_referee_soak(players):
    for seed in range(4, 100):
        cucumber_game(players, seed)
