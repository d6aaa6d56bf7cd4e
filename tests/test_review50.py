"""Review 50: two games the engine has never seen, written from the docs only (tests/rulesets_review50/,
each says at its top which rules and readings it keeps): Svoyi Koziri (a Durak-family beating game for two
to four in which every player beats with a trump suit of their own; throw-ins by every other player,
taking the whole table, the last player holding cards loses) and Hand and Foot (four players in two
partnerships, five packs with jokers, a hand and a foot of eleven cards each, melds of one rank with
Twos and jokers wild, clean and dirty books of seven, going out with books of both kinds).

Referees written here from the rules (sharing no code with the engine; the deal is read from the game
at its first decision) follow seeded random games move by move: who moves, the exact set of moves
offered, where every card lies, what each seat sees, and the result.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, every_card_once, seen

HERE = Path(__file__).resolve().parent / "rulesets_review50"

_load = cached_loader(HERE)


def _z(s, zone, owner=None):
    return S.names(s, S.zone(s, zone, owner))


def _rank(c):
    return c[:-1]


def _suit(c):
    return c[-1]


# -- Svoyi Koziri ---------------------------------------------------------------------------------------

SK_RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SK_POWER = {r: i for i, r in enumerate(SK_RANKS)}
SK_SUITS = "♣♦♥♠"          # seat 0 owns clubs, seat 1 diamonds, seat 2 hearts, seat 3 spades


class SvoyiReferee:
    """Svoyi Koziri by hand: the hands, the table, whose turn and what they may do."""

    def __init__(self, s):
        self.n = s.n
        self.dealer = 0
        self.hands = [sorted(_z(s, "hand", p)) for p in range(self.n)]
        self.check_deal()
        self.attack, self.defence, self.out = [], [], []
        self.known = set()          # cards taken up from the table: every seat saw them go
        self.attacker = (self.dealer + 1) % self.n
        self.over = False
        self.bouts = self.takes = self.throwins = 0
        self.start_bout()

    def check_deal(self):
        n = self.n
        assert sorted(c for h in self.hands for c in h) == sorted(r + x for x in SK_SUITS for r in SK_RANKS)
        for p in range(n):
            # every owned Six is with its owner; a Six of a suit nobody owns is wherever it was dealt
            assert "6" + SK_SUITS[p] in self.hands[p]
        base = 36 // n
        for p in range(n):
            sixes_owned_elsewhere = [c for c in self.hands[p] if _rank(c) == "6" and SK_SUITS.index(_suit(c)) < n
                                     and SK_SUITS.index(_suit(c)) != p]
            assert not sixes_owned_elsewhere, (p, self.hands[p])
        # the sizes: 36/n each, give or take the Sixes handed over
        assert sum(len(h) for h in self.hands) == 36
        assert all(base - 3 <= len(h) <= base + 3 for h in self.hands)

    # -- the rules
    def holds(self, p):
        return len(self.hands[p]) > 0

    def next_holder(self, p):
        for k in range(1, self.n + 1):
            q = (p + k) % self.n
            if self.holds(q):
                return q
        return None

    def beats(self, b, a):
        own = SK_SUITS[self.defender] if self.defender < 4 else None
        if _suit(b) == _suit(a) and SK_POWER[_rank(b)] > SK_POWER[_rank(a)]:
            return True
        return _suit(b) == own and _suit(a) != own

    def may_add(self, c):
        ranks = {_rank(x) for x in self.attack + self.defence}
        return (_rank(c) in ranks and len(self.attack) < 6
                and len(self.attack) - len(self.defence) < len(self.hands[self.defender]))

    def start_bout(self):
        self.defender = self.next_holder(self.attacker)
        self.taking = False
        self.phase = "attack"
        self.bouts += 1

    def start_asking(self):
        """The throwers in turn, the attacker first, then to the left; the defender never."""
        self.phase = "throw"
        self.order = [(self.attacker + k) % self.n for k in range(self.n)]
        self.order = [p for p in self.order if p != self.defender and self.holds(p)]
        self.asked = 0

    def end_bout(self):
        table = self.attack + self.defence
        self.attack, self.defence = [], []
        if self.taking:
            self.hands[self.defender] += table
            self.known |= set(table)
            self.takes += 1
            self.attacker = self.next_holder(self.defender)
        else:
            self.out += table
            self.attacker = self.defender if self.holds(self.defender) else self.next_holder(self.defender)
        if sum(1 for p in range(self.n) if self.holds(p)) <= 1:
            self.over = True
        else:
            self.start_bout()

    def decision(self):
        """(who, the moves offered), working through throwers who may add nothing; None at the end."""
        while not self.over:
            if self.phase == "attack":
                return self.attacker, {f"attack {c}" for c in self.hands[self.attacker]}
            if self.phase == "defend":
                last = self.attack[-1]
                beats = {f"beat {c}" for c in self.hands[self.defender] if self.beats(c, last)}
                return self.defender, beats | {"take"}
            while self.asked < len(self.order):
                p = self.order[self.asked]
                adds = {f"add {c}" for c in self.hands[p] if self.may_add(c)}
                if adds:
                    return p, adds | {"pass"}
                self.asked += 1
            self.end_bout()
        return None

    def play(self, who, text):
        move, _, card = text.partition(" ")
        if move in ("attack", "add", "beat"):
            self.hands[who].remove(card)
        if move == "attack":
            self.attack.append(card)
            self.phase = "defend"
        elif move == "add":
            self.attack.append(card)
            self.throwins += 1
            if self.taking:
                self.start_asking()
            else:
                self.phase = "defend"
        elif move == "beat":
            self.defence.append(card)
            self.start_asking()
        elif move == "take":
            self.taking = True
            self.start_asking()
        elif move == "pass":
            self.asked += 1
        else:
            raise AssertionError(text)

    # -- the drive hooks
    def before(self, s, who, texts):
        expected = self.decision()
        assert expected is not None, "the engine asks for a move after the game is over"
        p, legal = expected
        assert who == p, (who, p)
        assert texts == sorted(legal), (sorted(set(texts) ^ legal))
        self.compare(s)

    def after(self, s, who, text):
        self.play(who, text)

    def compare(self, s):
        for p in range(self.n):
            assert sorted(_z(s, "hand", p)) == sorted(self.hands[p]), p
            assert seen(s, p, "hand", p) == sorted(self.hands[p])
            for v in range(self.n):
                if v != p:
                    assert seen(s, v, "hand", p) == sorted(set(self.hands[p]) & self.known), (v, p)
        assert _z(s, "attack") == self.attack and _z(s, "defence") == self.defence
        assert sorted(_z(s, "out")) == sorted(self.out)
        for v in range(self.n):
            assert seen(s, v, "attack") == sorted(self.attack) and seen(s, v, "out") == sorted(self.out)
        every_card_once(s)

    def finish(self, s):
        assert self.decision() is None
        self.compare(s)
        result = G.result(s)
        fools = [p for p in range(self.n) if self.holds(p)]
        assert len(fools) <= 1
        assert result["winners"] == [p for p in range(self.n) if p not in fools]
        assert result["scores"] == [0 if p in fools else 1 for p in range(self.n)]


def _sk_drive(n, seed):
    rng = random.Random(seed)
    s = G.new_game(_load("svoyi-koziri"), n, seed)
    ref = SvoyiReferee(s)
    moves = 0
    while not s.over:
        actions = G.legal_actions(s)
        texts = [S.describe(s, a) for a in actions]
        assert len(set(texts)) == len(texts)
        who = G.current_player(s)
        ref.before(s, who, sorted(texts))
        # lean towards beating and adding, so that bouts grow long and the limits are reached
        weights = [1 if t in ("take", "pass") else 3 for t in texts]
        i = rng.choices(range(len(texts)), weights)[0]
        G.apply(s, actions[i])
        ref.after(s, who, texts[i])
        moves += 1
        assert moves < 3000
    ref.finish(s)
    return ref


@pytest.mark.parametrize("n", [2, 3, 4])
def test_svoyi_koziri_random_games_follow_the_rules(n):
    totals = Counter()
    for seed in range(60):
        ref = _sk_drive(n, seed)
        totals.update(bouts=ref.bouts, takes=ref.takes, throwins=ref.throwins,
                      fool=any(ref.holds(p) for p in range(n)))
    assert totals["takes"] > 50 and totals["throwins"] > 100 and totals["fool"] > 30, totals


@pytest.mark.soak
@pytest.mark.parametrize("n", [2, 3, 4])
def test_svoyi_koziri_soak(n):
    for seed in range(60, 1060):
        _sk_drive(n, seed)


def _sk_pack():
    return [r + x for x in SK_SUITS for r in SK_RANKS]


@pytest.mark.parametrize("n", [3, 4])
def test_svoyi_koziri_each_six_goes_to_the_owner_of_its_suit(n):
    # seat 1 (the dealer's left, dealt first) is dealt all four Sixes; each goes to its suit's owner,
    # and with three players the Six of spades, a suit nobody owns, stays with seat 1
    from tests.scripted import deal_order
    sixes = ["6♣", "6♦", "6♥", "6♠"]
    rest = [c for c in _sk_pack() if c not in sixes]
    size = 36 // n
    hands = {1: sixes + rest[:size - 4]}
    rest = rest[size - 4:]
    seats = [(1 + k) % n for k in range(n)]
    for p in seats[1:]:
        hands[p], rest = rest[:size], rest[size:]
    s = S.stacked_game(_load("svoyi-koziri"), n, deal_order(hands, seats))
    for p in range(n):
        expected = [c for c in hands[p] if c not in sixes] + [c for c in sixes if SK_SUITS.index(_suit(c)) == p]
        if p == 1:
            expected += [c for c in sixes if SK_SUITS.index(_suit(c)) >= n]
        assert sorted(_z(s, "hand", p)) == sorted(expected), p
    assert G.current_player(s) == 1


def test_svoyi_koziri_worked_deals_pass_as_scenarios():
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / "svoyi-koziri.scenario.yaml"))
    assert not problems and len(outcomes) == 3
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)
