"""Correctness on trick-taking games the engine has never seen (tests/rulesets_review10/, each says what
it is and which rules it keeps): trumps made of cards of every printed suit with card points and a
61-point threshold, no obligation to follow suit, a last-trick bonus and a penalty for taking no trick,
tricks of two cards per player, a partner revealed only when a called card is played.

Scripted deals: the legal cards offered at every play, trick winners, who leads next and the scores are
worked out by hand from the rules (in the comments).  Random games are checked against a small referee
written here, sharing no code with the engine: at every decision it works out the legal cards from the
hands and the trick, and at the end of each hand the trick winners and the scores from the plays.
"""
from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset

HERE = Path(__file__).resolve().parent / "rulesets_review10"


def _load(name, **options):
    loaded = load_ruleset(str(HERE / f"{name}.yaml"), options)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _deck(hands, seats, rest=()):
    size = len(hands[seats[0]])
    return [hands[p][i] for i in range(size) for p in seats] + list(rest)


def _legal(s):
    return [S.describe(s, a) for a in G.legal_actions(s)]


def _v(s, name):
    return S.var(s, name)


def _z(s, name, owner=None):
    return S.names(s, S.zone(s, name, owner))


def _turn(s, who, legal, move):
    """`who` is to move, offered exactly `legal` (in any order); then `move` is made."""
    assert G.current_player(s) == who, (G.current_player(s), who)
    assert sorted(_legal(s)) == sorted(legal), _legal(s)
    S.play(s, move)


# -- Sheepshead: Queens, Jacks and diamonds are trumps; card points; 61 to win ------------------------

SHEEP = {
    1: ["Q♣", "Q♠", "J♦", "A♦", "10♦", "A♣", "10♣", "7♠", "8♥", "9♥"],
    2: ["Q♥", "J♣", "K♦", "9♦", "K♣", "A♠", "10♠", "K♠", "A♥", "7♣"],
    0: ["Q♦", "J♠", "J♥", "8♦", "7♦", "9♣", "8♣", "9♠", "8♠", "10♥"],
}
BLIND = ["7♥", "K♥"]        # dealt last: the top of the stock is dealt first, so these two are left


def _sheep():
    return S.stacked_game(_load("sheepshead"), 3, _deck(SHEEP, [1, 2, 0], BLIND))


def test_sheepshead_a_scripted_hand():
    s = _sheep()
    assert _z(s, "hand", 1)[:10] == SHEEP[1] and sorted(_z(s, "hand", 1)[10:]) == sorted(BLIND)
    # the picker (1, left of the dealer) took the blind and buries two cards, one at a time
    _turn(s, 1, [f"bury {c}" for c in SHEEP[1] + BLIND], ("bury", "K♥"))
    _turn(s, 1, [f"bury {c}" for c in SHEEP[1] + ["7♥"]], ("bury", "7♥"))
    assert sorted(_z(s, "won", 1)) == ["7♥", "K♥"]
    # 1: Q♣ led asks for trumps: seat 2's trumps are Q♥ J♣ K♦ 9♦ (not K♣ 7♣); seat 0's Q♦ J♠ J♥ 8♦ 7♦
    _turn(s, 1, SHEEP[1], "Q♣")
    _turn(s, 2, ["Q♥", "J♣", "K♦", "9♦"], "9♦")
    _turn(s, 0, ["Q♦", "J♠", "J♥", "8♦", "7♦"], "J♥")
    # Q♣ is the highest trump: seat 1 wins 3 + 0 + 2 = 5 and leads
    # 2: A♣ led: seat 2's clubs are K♣ 7♣ (J♣ is a trump); seat 0's 9♣ 8♣; A♣ wins 11 + 4 + 0
    _turn(s, 1, ["Q♠", "J♦", "A♦", "10♦", "A♣", "10♣", "7♠", "8♥", "9♥"], "A♣")
    _turn(s, 2, ["K♣", "7♣"], "K♣")
    _turn(s, 0, ["9♣", "8♣"], "8♣")
    # 3: 7♠ led: seat 2 A♠ 10♠ K♠; seat 0 9♠ 8♠ (J♠ is a trump); A♠ wins 11 for seat 2
    _turn(s, 1, ["Q♠", "J♦", "A♦", "10♦", "10♣", "7♠", "8♥", "9♥"], "7♠")
    _turn(s, 2, ["A♠", "10♠", "K♠"], "A♠")
    _turn(s, 0, ["9♠", "8♠"], "9♠")
    # 4: seat 2 leads J♣ (a trump): seat 0 Q♦ J♠ 8♦ 7♦; seat 1 Q♠ J♦ A♦ 10♦.  J♣ beats J♦: 2 + 0 + 2
    _turn(s, 2, ["Q♥", "J♣", "K♦", "10♠", "K♠", "A♥", "7♣"], "J♣")
    _turn(s, 0, ["Q♦", "J♠", "8♦", "7♦"], "7♦")
    _turn(s, 1, ["Q♠", "J♦", "A♦", "10♦"], "J♦")
    # 5: A♥ led: seat 0's only heart is 10♥; seat 1 8♥ 9♥.  A♥ wins 11 + 10 + 0 for seat 2
    _turn(s, 2, ["Q♥", "K♦", "10♠", "K♠", "A♥", "7♣"], "A♥")
    _turn(s, 0, ["10♥"], "10♥")
    _turn(s, 1, ["8♥", "9♥"], "8♥")
    # 6: 10♠ led: seat 0 8♠; seat 1 has no spade (Q♠ is a trump): any card; A♦ trumps: 10 + 0 + 11
    _turn(s, 2, ["Q♥", "K♦", "10♠", "K♠", "7♣"], "10♠")
    _turn(s, 0, ["8♠"], "8♠")
    _turn(s, 1, ["Q♠", "A♦", "10♦", "10♣", "9♥"], "A♦")
    assert S.names(s, S.zone(s, "won", 1)).count("A♦") == 1
    # 7: seat 1 leads Q♠: seat 2 Q♥ K♦; seat 0 Q♦ J♠ 8♦.  Q♠ beats Q♦ and K♦: 3 + 4 + 3
    _turn(s, 1, ["Q♠", "10♦", "10♣", "9♥"], "Q♠")
    _turn(s, 2, ["Q♥", "K♦"], "K♦")
    _turn(s, 0, ["Q♦", "J♠", "8♦"], "Q♦")
    # 8: 10♣ led: 7♣ and 9♣ forced; the ten wins 10 for seat 1 (61 in tricks now)
    _turn(s, 1, ["10♦", "10♣", "9♥"], "10♣")
    _turn(s, 2, ["7♣"], "7♣")
    _turn(s, 0, ["9♣"], "9♣")
    # 9: 9♥ led: seat 2 holds Q♥ and K♠ and no heart (Q♥ is a trump): either; seat 0 J♠ 8♦ neither a
    # heart; 8♦ trumps and wins 4 for seat 0
    _turn(s, 1, ["10♦", "9♥"], "9♥")
    _turn(s, 2, ["Q♥", "K♠"], "K♠")
    _turn(s, 0, ["J♠", "8♦"], "8♦")
    # 10: seat 0 leads J♠; 10♦ and Q♥ forced; Q♥ wins 2 + 10 + 3 for seat 2
    _turn(s, 0, ["J♠"], "J♠")
    _turn(s, 1, ["10♦"], "10♦")
    assert G.current_player(s) == 2 and _legal(s) == ["Q♥"]
    S.play(s, "Q♥")
    # picker 4 buried + 5 + 15 + 21 + 10 + 10 = 65 >= 61; the defenders 51 + 4 = 55 (no schneider)
    assert _v(s, "score") == [-1, 2, -1]
    # the next hand: dealer 1, picker 2, who buries first
    assert G.current_player(s) == 2 and _legal(s)[0].startswith("bury")
    assert sorted(_z(s, "won", 2)) == [] and len(_z(s, "hand", 2)) == 12


# -- the referee: plain Python, sharing no code with the engine ---------------------------------------

def _card(name):
    """'10♦' -> ('10', '♦')."""
    return name[:-1], name[-1]


class _Referee:
    """Plays along a game answered at random one decision at a time: `legal(s)` is the referee's set of
    legal moves at the decision, `played(s, who, action)` follows the move.  Subclasses know one game."""

    def __init__(self, s):
        self.s = s

    def hand(self, p):
        return _z(self.s, "hand", p)

    def run(self, seed, checks):
        s, rng = self.s, random.Random(seed)
        while not G.is_over(s):
            who = G.current_player(s)
            offered = sorted(_legal(s))
            want = self.legal(who)
            if want is not None:
                assert offered == sorted(want), (seed, who, offered, want)
            action = G.legal_actions(s)[rng.randrange(len(G.legal_actions(s)))]
            text = S.describe(s, action)
            G.apply(s, action)
            self.played(who, text)
            checks[0] += 1
        self.finish()


SHEEP_PLAIN = ["7", "8", "9", "K", "10", "A"]
SHEEP_TRUMPS = ["7♦", "8♦", "9♦", "K♦", "10♦", "A♦", "J♦", "J♥", "J♠", "J♣", "Q♦", "Q♥", "Q♠", "Q♣"]
SHEEP_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def _sheep_suit(name):
    rank, suit = _card(name)
    return "T" if rank in ("Q", "J") or suit == "♦" else suit


def _sheep_key(name, led):
    if _sheep_suit(name) == "T":
        return 100 + SHEEP_TRUMPS.index(name)
    return SHEEP_PLAIN.index(_card(name)[0]) if _sheep_suit(name) == led else -1


class _SheepReferee(_Referee):

    def __init__(self, s):
        super().__init__(s)
        self.score = [0, 0, 0]
        self.dealer = 0
        self.new_hand()

    def new_hand(self):
        self.points = [0, 0, 0]
        self.picker = (self.dealer + 1) % 3
        self.trick = []             # (player, card)
        self.next = self.picker     # who must play next
        self.tricks = 0

    def legal(self, who):
        hand = self.hand(who)
        if len(hand) == 12:         # the picker buries
            assert who == self.picker
            return [f"bury {c}" for c in hand]
        assert who == self.next, (who, self.next)
        if len(hand) == 11:
            return [f"bury {c}" for c in hand]
        if not self.trick:
            return hand
        led = _sheep_suit(self.trick[0][1])
        follow = [c for c in hand if _sheep_suit(c) == led]
        return follow or hand

    def played(self, who, text):
        if text.startswith("bury "):
            self.points[who] += SHEEP_POINTS.get(_card(text[5:])[0], 0)
            return
        self.trick.append((who, text))
        self.next = (who + 1) % 3
        if len(self.trick) < 3:
            return
        led = _sheep_suit(self.trick[0][1])
        winner = max(self.trick, key=lambda pc: _sheep_key(pc[1], led))[0]
        self.points[winner] += sum(SHEEP_POINTS.get(_card(c)[0], 0) for _, c in self.trick)
        self.trick = []
        self.next = winner
        self.tricks += 1
        if self.tricks == 10:
            assert sum(self.points) == 120
            mine = self.points[self.picker]
            unit = 1 if mine >= 61 else -1
            if mine >= 61 and 120 - mine < 31 or mine < 31:
                unit *= 2
            for p in range(3):
                self.score[p] += 2 * unit if p == self.picker else -unit
            assert _v(self.s, "score") == self.score, (self.points, self.picker)
            self.dealer = (self.dealer + 1) % 3
            self.new_hand()

    def finish(self):
        best = max(self.score)
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(3) if self.score[p] == best]


def test_sheepshead_random_games_agree_with_the_referee():
    rules = _load("sheepshead")
    checks = [0]
    for seed in range(40):
        _SheepReferee(G.new_game(rules, 3, seed)).run(seed, checks)
    assert checks[0] == 40 * 3 * 32        # three hands of two burials and thirty plays each


# -- no duty to follow suit; the last trick's bonus; a player without a trick pays ---------------------

LAST = {
    1: ["A♠", "7♥", "8♣", "K♦", "9♠"],
    2: ["10♠", "A♥", "7♣", "8♦", "Q♠"],
    3: ["K♠", "9♥", "10♣", "7♦", "8♠"],
    0: ["7♠", "J♥", "A♣", "9♦", "10♦"],
}


def test_last_trick_a_scripted_hand():
    s = S.stacked_game(_load("last-trick"), 4, _deck(LAST, [1, 2, 3, 0]))
    # 1: any card may be played, whatever was led; A♥ does not follow and cannot win: K♠ (seat 3)
    _turn(s, 1, LAST[1], "9♠")
    _turn(s, 2, LAST[2], "A♥")
    _turn(s, 3, LAST[3], "K♠")
    _turn(s, 0, LAST[0], "7♠")
    assert _v(s, "taken") == [0, 0, 0, 1] and _v(s, "score") == [0, 0, 0, 1]
    # 2: seat 3 leads 7♦; A♠ (seat 1) is off suit: 10♦ wins for seat 0
    _turn(s, 3, ["9♥", "10♣", "7♦", "8♠"], "7♦")
    _turn(s, 0, ["J♥", "A♣", "9♦", "10♦"], "10♦")
    _turn(s, 1, ["A♠", "7♥", "8♣", "K♦"], "A♠")
    _turn(s, 2, ["10♠", "7♣", "8♦", "Q♠"], "8♦")
    # 3: J♥ led: Q♠ is off suit, 7♥ and 9♥ lower: seat 0 again
    _turn(s, 0, ["J♥", "A♣", "9♦"], "J♥")
    _turn(s, 1, ["7♥", "8♣", "K♦"], "7♥")
    _turn(s, 2, ["10♠", "7♣", "Q♠"], "Q♠")
    _turn(s, 3, ["9♥", "10♣", "8♠"], "9♥")
    # 4: 9♦ led: K♦ wins for seat 1 (10♣ is off suit)
    _turn(s, 0, ["A♣", "9♦"], "9♦")
    _turn(s, 1, ["8♣", "K♦"], "K♦")
    _turn(s, 2, ["10♠", "7♣"], "7♣")
    _turn(s, 3, ["10♣", "8♠"], "10♣")
    assert _v(s, "score") == [2, 1, 0, 1]
    # 5, the last: 8♣ led, A♣ wins for seat 0: 1 + 2 bonus; seat 2 took no trick and pays seat 0 two
    _turn(s, 1, ["8♣"], "8♣")
    _turn(s, 2, ["10♠"], "10♠")
    _turn(s, 3, ["8♠"], "8♠")
    _turn(s, 0, ["A♣"], "A♣")
    assert _v(s, "score") == [3 + 2 + 2, 1, -2, 1]
    # the next hand: dealer 1, seat 2 leads
    assert G.current_player(s) == 2 and len(_z(s, "hand", 2)) == 5


LAST_RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]


class _LastReferee(_Referee):

    def __init__(self, s):
        super().__init__(s)
        self.score = [0] * 4
        self.dealer = 0
        self.new_hand()

    def new_hand(self):
        self.taken = [0] * 4
        self.trick = []
        self.next = (self.dealer + 1) % 4
        self.tricks = 0

    def legal(self, who):
        assert who == self.next
        return self.hand(who)

    def played(self, who, text):
        self.trick.append((who, text))
        self.next = (who + 1) % 4
        if len(self.trick) < 4:
            return
        led = _card(self.trick[0][1])[1]
        winner = max((pc for pc in self.trick if _card(pc[1])[1] == led),
                     key=lambda pc: LAST_RANKS.index(_card(pc[1])[0]))[0]
        self.taken[winner] += 1
        self.score[winner] += 1
        self.trick, self.next = [], winner
        self.tricks += 1
        if self.tricks == 5:
            self.score[winner] += 2
            for p in range(4):
                if self.taken[p] == 0:
                    self.score[p] -= 2
                    self.score[winner] += 2
            assert _v(self.s, "score") == self.score
            self.dealer = (self.dealer + 1) % 4
            self.new_hand()

    def finish(self):
        best = max(self.score)
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(4) if self.score[p] == best]


def test_last_trick_random_games_agree_with_the_referee():
    rules = _load("last-trick")
    checks = [0]
    for seed in range(40):
        _LastReferee(G.new_game(rules, 4, seed)).run(seed, checks)
    assert checks[0] == 40 * 4 * 20


# -- two cards each to a trick (turns and choices); hearts trumps; the suit of the first card led -------

TWO = {
    1: ["A♠", "9♠", "K♥", "10♣", "J♦", "Q♦", "9♣", "A♦"],
    2: ["10♠", "K♠", "9♥", "A♣", "Q♣", "9♦", "K♦", "J♥"],
    0: ["J♠", "Q♠", "A♥", "10♥", "Q♥", "J♣", "K♣", "10♦"],
}


def _play(s, who, legal, move):
    _turn(s, who, legal, move)


def test_two_cards_each_a_scripted_hand():
    s = S.stacked_game(_load("two-cards"), 3, _deck(TWO, [1, 2, 0]))
    # 1: seat 1 leads 9♠ and must follow with its own second card: A♠
    _play(s, 1, TWO[1], "9♠")
    _play(s, 1, ["A♠"], "A♠")
    _play(s, 2, ["10♠", "K♠"], "K♠")
    _play(s, 2, ["10♠"], "10♠")
    _play(s, 0, ["J♠", "Q♠"], "J♠")
    _play(s, 0, ["Q♠"], "Q♠")
    # A♠ wins for seat 1 (the second card a player played wins for that player): 1 + A + 10 = 3
    assert _v(s, "score") == [0, 3, 0]
    # 2: 10♣ 9♣ | Q♣ A♣ | K♣ J♣: A♣ wins for seat 2, 3 points
    _play(s, 1, ["K♥", "10♣", "J♦", "Q♦", "9♣", "A♦"], "10♣")
    _play(s, 1, ["9♣"], "9♣")
    _play(s, 2, ["A♣", "Q♣"], "Q♣")
    _play(s, 2, ["A♣"], "A♣")
    _play(s, 0, ["J♣", "K♣"], "K♣")
    _play(s, 0, ["J♣"], "J♣")
    assert _v(s, "score") == [0, 3, 3]
    # 3: seat 2 leads 9♦ K♦; seat 0 plays 10♦ then, out of diamonds, trumps with Q♥; seat 1 J♦ A♦
    _play(s, 2, ["9♥", "9♦", "K♦", "J♥"], "9♦")
    _play(s, 2, ["K♦"], "K♦")
    _play(s, 0, ["10♦"], "10♦")
    _play(s, 0, ["A♥", "10♥", "Q♥"], "Q♥")
    _play(s, 1, ["J♦", "Q♦", "A♦"], "J♦")
    _play(s, 1, ["Q♦", "A♦"], "A♦")
    # Q♥, the only trump, wins for seat 0: 1 + 10♦ + A♦ = 3
    assert _v(s, "score") == [3, 3, 3]
    # 4: seat 0 leads A♥ 10♥; seat 1 K♥ then Q♦ (no heart left); seat 2 9♥ J♥: A♥ wins 3 for seat 0
    _play(s, 0, ["A♥", "10♥"], "A♥")
    _play(s, 0, ["10♥"], "10♥")
    _play(s, 1, ["K♥"], "K♥")
    _play(s, 1, ["Q♦"], "Q♦")
    _play(s, 2, ["9♥", "J♥"], "9♥")
    _play(s, 2, ["J♥"], "J♥")
    assert _v(s, "score") == [6, 3, 3]
    # the next hand: dealer 1, seat 2 leads
    assert G.current_player(s) == 2 and len(_z(s, "hand", 2)) == 8 and _v(s, "by") == []


TWO_RANKS = ["9", "J", "Q", "K", "10", "A"]


class _TwoReferee(_Referee):

    def __init__(self, s):
        super().__init__(s)
        self.score = [0] * 3
        self.dealer = 0
        self.new_hand()

    def new_hand(self):
        self.trick = []
        self.leader = (self.dealer + 1) % 3
        self.tricks = 0

    def legal(self, who):
        # the leader plays the first two cards, then each player to the left two
        assert who == (self.leader + len(self.trick) // 2) % 3, (who, self.leader, self.trick)
        hand = self.hand(who)
        if self.trick:
            led = _card(self.trick[0][1])[1]
            hand = [c for c in hand if _card(c)[1] == led] or hand
        return hand

    def played(self, who, text):
        self.trick.append((who, text))
        if len(self.trick) < 6:
            return
        led = _card(self.trick[0][1])[1]
        suits = [_card(c)[1] for _, c in self.trick]
        target = "♥" if "♥" in suits else led
        winner = max((pc for pc in self.trick if _card(pc[1])[1] == target),
                     key=lambda pc: TWO_RANKS.index(_card(pc[1])[0]))[0]
        self.score[winner] += 1 + sum(_card(c)[0] in ("A", "10") for _, c in self.trick)
        self.trick, self.leader = [], winner
        self.tricks += 1
        assert _v(self.s, "score") == self.score
        if self.tricks == 4:
            self.dealer = (self.dealer + 1) % 3
            self.new_hand()

    def finish(self):
        best = max(self.score)
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(3) if self.score[p] == best]


def test_two_cards_each_random_games_agree_with_the_referee():
    rules = _load("two-cards")
    checks = [0]
    for seed in range(40):
        _TwoReferee(G.new_game(rules, 3, seed)).run(seed, checks)
    assert checks[0] == 40 * 3 * 24


# -- every way of playing gives the same games (tests/test_review_unseen.py's harness) -----------------

RULESETS = sorted(p.stem for p in HERE.glob("*.yaml") if not p.name.endswith(".scenario.yaml"))


def _sweep(name, seeds):
    from tests.test_review_unseen import _compare, _counts
    from tests.test_review_unseen import _load as load_both
    path = HERE / f"{name}.yaml"
    fast, plain = load_both(path), load_both(path, plain=True)
    outcomes = [_compare(fast, plain, n, seed, name) for n in _counts(fast) for seed in seeds]
    assert all(o[0] != "error" for o in outcomes), [o for o in outcomes if o[0] == "error"][:1]
    return outcomes


@pytest.mark.parametrize("name", RULESETS)
def test_every_way_of_playing_gives_the_same_games(name):
    _sweep(name, range(6))


@pytest.mark.soak
@pytest.mark.parametrize("name", RULESETS)
def test_every_way_of_playing_gives_the_same_games_soak(name):
    _sweep(name, range(6, 206))


# -- a called Ace: the partner is whoever holds it, known when it is played -----------------------------

CALL = {
    1: ["Q♣", "Q♠", "J♣", "A♥", "10♥", "9♠", "8♦", "K♦"],
    2: ["A♠", "10♠", "K♥", "J♦", "A♣", "7♣", "9♦", "7♦"],
    3: ["Q♥", "J♠", "9♥", "8♥", "10♣", "K♣", "K♠", "A♦"],
    0: ["Q♦", "J♥", "7♥", "9♣", "8♣", "8♠", "7♠", "10♦"],
}


def test_called_ace_a_scripted_hand():
    s = S.stacked_game(_load("called-ace"), 4, _deck(CALL, [1, 2, 3, 0]))
    # seat 1 may call A♠ (holds 9♠) or A♦ (holds 8♦ K♦), not A♣: its only club, J♣, is a trump
    _turn(s, 1, ["call A♠", "call A♦"], ("call", "A♠"))
    assert _v(s, "partner") is None
    # 1: Q♣ asks for trumps: seat 2 K♥ J♦; seat 3 Q♥ J♠ 9♥ 8♥; seat 0 Q♦ J♥ 7♥.  Q♣ wins 5 for seat 1
    _turn(s, 1, CALL[1], "Q♣")
    _turn(s, 2, ["K♥", "J♦"], "J♦")
    _turn(s, 3, ["Q♥", "J♠", "9♥", "8♥"], "8♥")
    _turn(s, 0, ["Q♦", "J♥", "7♥"], "7♥")
    # 2: the called suit led: seat 2 must play the Ace (not 10♠); seat 3 K♠; seat 0 8♠ or 7♠
    _turn(s, 1, ["Q♠", "J♣", "A♥", "10♥", "9♠", "8♦", "K♦"], "9♠")
    _turn(s, 2, ["A♠"], "A♠")
    assert _v(s, "partner") is None          # known once the trick is over
    _turn(s, 3, ["K♠"], "K♠")
    _turn(s, 0, ["8♠", "7♠"], "7♠")
    assert _v(s, "partner") == 2             # A♠ wins 11 + 4 = 15 for seat 2, who leads
    # 3: A♣ led: 10♣ K♣; 9♣ 8♣; seat 1 has no club (J♣ is a trump): anything; A♣ wins 25 for seat 2
    _turn(s, 2, ["10♠", "K♥", "A♣", "7♣", "9♦", "7♦"], "A♣")
    _turn(s, 3, ["10♣", "K♣"], "10♣")
    _turn(s, 0, ["9♣", "8♣"], "8♣")
    _turn(s, 1, ["Q♠", "J♣", "A♥", "10♥", "8♦", "K♦"], "K♦")
    # 4: 10♠ led: seat 3 has no spade and trumps with J♠; seat 0 8♠; seat 1 (Q♠ is a trump) Q♠ wins 15
    _turn(s, 2, ["10♠", "K♥", "7♣", "9♦", "7♦"], "10♠")
    _turn(s, 3, ["Q♥", "J♠", "9♥", "K♣", "A♦"], "J♠")
    _turn(s, 0, ["8♠"], "8♠")
    _turn(s, 1, ["Q♠", "J♣", "A♥", "10♥", "8♦"], "Q♠")
    # 5: 8♦ led: 9♦ 7♦; A♦; 10♦: A♦ wins 21 for seat 3
    _turn(s, 1, ["J♣", "A♥", "10♥", "8♦"], "8♦")
    _turn(s, 2, ["9♦", "7♦"], "9♦")
    _turn(s, 3, ["A♦"], "A♦")
    _turn(s, 0, ["10♦"], "10♦")
    # 6: K♣ led: 9♣; seat 1 trumps with A♥; 7♣: 15 for seat 1
    _turn(s, 3, ["Q♥", "9♥", "K♣"], "K♣")
    _turn(s, 0, ["9♣"], "9♣")
    _turn(s, 1, ["J♣", "A♥", "10♥"], "A♥")
    _turn(s, 2, ["7♣"], "7♣")
    # 7: J♣ led: K♥; Q♥ or 9♥; Q♦ or J♥: Q♦ beats J♣, 9 for seat 0
    _turn(s, 1, ["J♣", "10♥"], "J♣")
    _turn(s, 2, ["K♥"], "K♥")
    _turn(s, 3, ["Q♥", "9♥"], "9♥")
    _turn(s, 0, ["Q♦", "J♥"], "Q♦")
    # 8: J♥ 10♥ 7♦ Q♥: Q♥ wins 15 for seat 3
    _turn(s, 0, ["J♥"], "J♥")
    _turn(s, 1, ["10♥"], "10♥")
    _turn(s, 2, ["7♦"], "7♦")
    _turn(s, 3, ["Q♥"], "Q♥")
    # the caller's side: 35 + 40 = 75 >= 61; the defenders 36 + 9
    assert _v(s, "score") == [-1, 1, 1, -1]
    # the next hand: dealer 1, seat 2 calls; nobody is a partner yet
    assert G.current_player(s) == 2 and _v(s, "partner") is None and _v(s, "called") is None


CALL_PLAIN = ["7", "8", "9", "K", "10", "A"]
CALL_TRUMPS = ["7♥", "8♥", "9♥", "K♥", "10♥", "A♥", "J♦", "J♥", "J♠", "J♣", "Q♦", "Q♥", "Q♠", "Q♣"]


def _call_suit(name):
    rank, suit = _card(name)
    return "T" if rank in ("Q", "J") or suit == "♥" else suit


class _CallReferee(_Referee):

    def __init__(self, s):
        super().__init__(s)
        self.score = [0] * 4
        self.dealer = 0
        self.alone_hands = 0
        self.new_hand()

    def new_hand(self):
        self.points = [0] * 4
        self.caller = (self.dealer + 1) % 4
        self.called = self.partner = None
        self.calling = True
        self.trick, self.next, self.tricks = [], self.caller, 0

    def legal(self, who):
        hand = self.hand(who)
        if self.calling:
            assert who == self.caller
            calls = [f"call A{suit}" for suit in "♣♠♦" if f"A{suit}" not in hand
                     and any(_call_suit(c) == suit for c in hand)]
            return calls or ["alone"]
        assert who == self.next and _v(self.s, "partner") == self.partner
        if not self.trick:
            return hand
        led = _call_suit(self.trick[0][1])
        if self.called and led == self.called[-1] and self.called in hand:
            return [self.called]
        return [c for c in hand if _call_suit(c) == led] or hand

    def played(self, who, text):
        if self.calling:
            self.calling = False
            self.called = text[5:] if text.startswith("call ") else None
            self.alone_hands += self.called is None
            return
        self.trick.append((who, text))
        self.next = (who + 1) % 4
        if len(self.trick) < 4:
            return
        led = _call_suit(self.trick[0][1])

        def key(pc):
            c = pc[1]
            if _call_suit(c) == "T":
                return 100 + CALL_TRUMPS.index(c)
            return CALL_PLAIN.index(_card(c)[0]) if _call_suit(c) == led else -1
        winner = max(self.trick, key=key)[0]
        self.points[winner] += sum(SHEEP_POINTS.get(_card(c)[0], 0) for _, c in self.trick)
        for p, c in self.trick:
            if c == self.called:
                self.partner = p
        self.trick, self.next = [], winner
        self.tricks += 1
        if self.tricks < 8:
            return
        side = {self.caller, self.partner} - {None}
        won = sum(self.points[p] for p in side) >= 61
        for p in range(4):
            if p == self.caller:
                delta = 1 if self.partner is not None else 3
            else:
                delta = 1 if p in side else -1
            self.score[p] += delta if won else -delta
        assert _v(self.s, "score") == self.score, (self.points, self.caller, self.partner)
        self.dealer = (self.dealer + 1) % 4
        self.new_hand()

    def finish(self):
        best = max(self.score)
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(4) if self.score[p] == best]


def test_called_ace_random_games_agree_with_the_referee():
    rules = _load("called-ace")
    checks, alone = [0], 0
    for seed in range(60):
        referee = _CallReferee(G.new_game(rules, 4, seed))
        referee.run(seed, checks)
        alone += referee.alone_hands
    assert checks[0] == 60 * 4 * 33 and alone > 0, alone


# -- rules explain -----------------------------------------------------------------------------------

def test_explain_keeps_the_brackets_of_a_choice_inside_the_first_value_of_a_choice():
    """`(3 if partner == none else 1) if p == caller else -1` said as "3 if the partner does not exist,
    otherwise 1 if the player is the caller, otherwise minus 1" reads as `3 if partner == none else (1
    if ... else -1)`: 3 for every player of a hand without a partner.  The inner choice keeps its
    brackets (as in Euchre's `(4 if alone else 2) if side_tricks(maker) == 5 else 1`)."""
    from interpreter.authoring.phrasing import words
    said = words("(3 if partner == none else 1) if p == caller else -1")
    assert said.startswith("(3 if ") and "otherwise 1) if " in said, said
    assert words("3 if a else 1 if b else 2") == "3 if *a*, otherwise 1 if *b*, otherwise 2"
    assert words("x if (a if b else c) else y").startswith("*x* if (*a* if *b*, otherwise *c*), otherwise")


def test_explain_says_position_with_the_item_and_the_list_the_right_way_round():
    """position(items, x) was said as a plain call, "the position of *trick* and the card": the list
    first, as if it were sought in the card.  It reads "the position of x in items"; a list indexed by a
    position in another list (`trick_players[position(trick, c)]`, who played a card) reads as such."""
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(zones={"trick": None}, state={"called": None})
    assert words("position(trick, called)", lex) == "the position of the *called* in *trick* (from 0)"
    said = words("seats[position(trick, called)]", Lexicon(zones={"trick": None}, state={"called": None, "seats": None}))
    assert "in the place the *called* has in *trick*" in said, said
    # the players of a trick go with its cards, play by play (review13): who played the card
    assert words("trick_players[position(trick, called)]", lex) == "the player who played the *called*"
    assert "(the *a* if *b*, otherwise the *c*) in *xs*" in words("position(xs, a if b else c)", Lexicon(state={"a": None, "c": None}))


# -- rules test -------------------------------------------------------------------------------------------

def _rules_test(*paths):
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    return CliRunner().invoke(cli, ["test", *map(str, paths)])


def test_the_worked_examples_of_the_called_ace_pass():
    result = _rules_test(HERE / "called-ace.scenario.yaml")
    assert result.exit_code == 0 and "2 passed, 0 failed" in result.output, result.output


def test_a_scenario_expects_state_values_written_as_expressions_and_moves_write_them(tmp_path):
    """`partner: none` (the word expressions use for nothing) failed with 'expected none, got none', and
    a card written `AS` (as a move's value may be) with 'expected AS, got A♠'."""
    path = tmp_path / "forms.scenario.yaml"
    path.write_text(f"""ruleset: {HERE / 'called-ace.yaml'}
players: 4
scenarios:
  - name: forms
    dealer: 0
    deal:
      hand:
        1: [Q♣, Q♠, J♣, A♥, 10♥, 9♠, 8♦, K♦]
    moves:
      - {{player: 1, move: call, value: AS, expect: {{state: {{called: AS, partner: none, caller: 1}}}}}}
    expect:
      state: {{called: A♠, partner: NONE}}
  - name: a wrong value still fails
    dealer: 0
    expect:
      state: {{called: A♠}}
""", encoding="utf-8")
    result = _rules_test(path)
    assert "PASS" in result.output and "1 passed, 1 failed" in result.output, result.output
    assert "called: expected A♠, got none" in result.output


# -- a double pack: which copy of a card was played -------------------------------------------------------

def test_position_finds_a_card_of_a_double_pack_whichever_copy_lies_there():
    """With two packs, `Q♣ in trick` held for the second copy but `position(trick, Q♣)` was none, so
    `trick_players[position(trick, Q♣)]` (who played the Queen of clubs: Doppelkopf's partner) failed.
    A card is now found as itself (`position(trick, last(best))`: the second 10♥ of a trick, which beats
    the first), else as the first card of the same rank and suit; with and without generated code."""
    from interpreter.cards.pack import CardUniverse
    from interpreter.expr import compiler
    from interpreter.expr import types as T
    from interpreter.expr.compiler import Binding, Namespace, compile_expression
    u = CardUniverse(ranks=["9", "10", "J", "Q", "K", "A"], suits=["clubs", "diamonds", "hearts", "spades"],
                     copies=2)
    q0 = u.parse_card("Q♣")
    q1 = next(c for c in range(u.size) if u.face[c] == u.face[q0] and c != q0)
    k = u.parse_card("K♠")

    def ev(text, trick):
        space = Namespace(universe=u)
        space.add("trick", Binding("state", T.CARDS, getter=lambda s, e: trick))
        return compile_expression(text, space, {}).fn(None, {})
    for generate in (True, False):
        with pytest.MonkeyPatch.context() as m:
            m.setattr(compiler, "GENERATE", generate)
            assert ev("Q♣ in trick", [k, q1]) and ev("position(trick, Q♣)", [k, q1]) == 1
            assert ev("position(trick, Q♣)", [q0, k, q1]) == 0
            assert ev("position(trick, last(trick))", [q0, q1]) == 1      # the card itself
            assert ev("position(trick, Q♣)", [k]) is None
            assert ev("position(trick, K♠)", [q0, k]) == 1


DOKO = {
    1: ["10♥", "Q♣", "A♠", "9♣", "K♣", "9♠", "A♣", "9♥", "K♥", "J♦", "J♥", "10♠"],
    2: ["Q♣", "10♣", "K♠", "A♥", "J♠", "9♦", "Q♦", "A♦", "10♦", "K♦", "J♣", "9♠"],
    3: ["10♥", "Q♠", "A♠", "Q♥", "K♣", "10♣", "9♣", "A♥", "K♥", "Q♦", "J♦", "J♥"],
    0: ["Q♠", "Q♥", "J♣", "J♠", "A♦", "10♦", "K♦", "9♦", "A♣", "10♠", "K♠", "9♥"],
}


def test_doppelkopf_the_second_ten_of_hearts_and_the_queens_of_clubs():
    s = S.stacked_game(_load("doppelkopf"), 4, _deck(DOKO, [1, 2, 3, 0]))
    # the holders of the Queens of clubs: seats 1 and 2 (seat 2's is the second copy)
    assert _v(s, "known") == []
    # 1: 10♥ led is a trump: seat 2 any trump; seat 3 plays the other 10♥ and beats the first
    _turn(s, 1, DOKO[1], "10♥")
    _turn(s, 2, ["Q♣", "J♠", "9♦", "Q♦", "A♦", "10♦", "K♦", "J♣"], "9♦")
    _turn(s, 3, ["10♥", "Q♠", "Q♥", "Q♦", "J♦", "J♥"], "10♥")
    _turn(s, 0, ["Q♠", "Q♥", "J♣", "J♠", "A♦", "10♦", "K♦", "9♦"], "9♦")
    # 2: seat 3 leads A♠; seat 0 has no spade... it has 10♠ K♠: K♠; seat 1 A♠ (the other copy): the
    # first A♠ wins, for seat 3; seat 2 K♠
    _turn(s, 3, ["Q♠", "A♠", "Q♥", "K♣", "10♣", "9♣", "A♥", "K♥", "Q♦", "J♦", "J♥"], "A♠")
    _turn(s, 0, ["10♠", "K♠"], "K♠")
    _turn(s, 1, ["A♠", "9♠", "10♠"], "A♠")
    _turn(s, 2, ["K♠", "9♠"], "K♠")
    assert G.current_player(s) == 3
    # 3: seat 3 leads J♥; seat 0 plays Q♠; seat 1 Q♣ (copy one) wins; seat 2 follows with its Q♣ (copy
    # two): the first of two equal cards wins, seat 1; both are known to be Re now
    _turn(s, 3, ["Q♠", "Q♥", "K♣", "10♣", "9♣", "A♥", "K♥", "Q♦", "J♦", "J♥"], "J♥")
    _turn(s, 0, ["Q♠", "Q♥", "J♣", "J♠", "A♦", "10♦", "K♦"], "Q♠")
    _turn(s, 1, ["Q♣", "J♦", "J♥"], "Q♣")
    assert _v(s, "known") == []
    _turn(s, 2, ["Q♣", "J♠", "Q♦", "A♦", "10♦", "K♦", "J♣"], "Q♣")
    assert sorted(_v(s, "known")) == [1, 2] and G.current_player(s) == 1


DOKO_TRUMPS = ["9♦", "K♦", "10♦", "A♦", "J♦", "J♥", "J♠", "J♣", "Q♦", "Q♥", "Q♠", "Q♣", "10♥"]
DOKO_PLAIN = ["9", "K", "10", "A"]


def _doko_suit(name):
    rank, suit = _card(name)
    return "T" if rank in ("Q", "J") or suit == "♦" or name == "10♥" else suit


class _DokoReferee(_Referee):

    def __init__(self, s):
        super().__init__(s)
        self.score = [0] * 4
        self.dealer = 0
        self.solos = 0
        self.new_hand()

    def new_hand(self):
        self.points = [0] * 4
        self.re = [p for p in range(4) if "Q♣" in self.hand(p)]
        self.known = set()
        self.trick, self.next, self.tricks = [], (self.dealer + 1) % 4, 0

    def legal(self, who):
        assert who == self.next and sorted(_v(self.s, "known")) == sorted(self.known)
        hand = self.hand(who)
        if not self.trick:
            return hand
        led = _doko_suit(self.trick[0][1])
        return [c for c in hand if _doko_suit(c) == led] or hand

    def played(self, who, text):
        self.trick.append((who, text))
        self.next = (who + 1) % 4
        if len(self.trick) < 4:
            return
        led = _doko_suit(self.trick[0][1])

        def key(c):
            if _doko_suit(c) == "T":
                return 100 + DOKO_TRUMPS.index(c)
            return DOKO_PLAIN.index(_card(c)[0]) if _doko_suit(c) == led else -1
        top = max(key(c) for _, c in self.trick)
        best = [p for p, c in self.trick if key(c) == top]
        winner = best[-1] if self.trick[[p for p, _ in self.trick].index(best[0])][1] == "10♥" else best[0]
        self.points[winner] += sum(SHEEP_POINTS.get(_card(c)[0], 0) for _, c in self.trick)
        self.known |= {p for p, c in self.trick if c == "Q♣"}
        self.trick, self.next = [], winner
        self.tricks += 1
        if self.tricks < 12:
            return
        assert sum(self.points) == 240
        solo = len(self.re) == 1
        self.solos += solo
        won = sum(self.points[p] for p in self.re) >= 121
        for p in range(4):
            delta = (3 if solo else 1) if p in self.re else -1
            self.score[p] += delta if won else -delta
        assert _v(self.s, "score") == self.score, (self.points, self.re)
        self.dealer = (self.dealer + 1) % 4
        self.new_hand()

    def finish(self):
        best = max(self.score)
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(4) if self.score[p] == best]


def test_doppelkopf_random_games_agree_with_the_referee():
    rules = _load("doppelkopf")
    checks, solos = [0], 0
    for seed in range(40):
        referee = _DokoReferee(G.new_game(rules, 4, seed))
        referee.run(seed, checks)
        solos += referee.solos
    assert checks[0] == 40 * 4 * 48 and solos > 0, solos


def test_a_called_card_offered_as_a_card_is_warned_with_a_hint_that_fits_naming_a_card():
    """Calling an Ace by offering the cards (`options: filter([A♣, A♠, A♦], ...)`) is warned as offering
    cards the caller cannot see; the hint spoke only of picking a card blind by position, which does not
    fit a card that is named, not taken: it now says how to name one (its suit, then card("A", x))."""
    loaded = load_ruleset(str(HERE / "called-ace.yaml"), dry_run=True)
    warned = [d for d in loaded.diagnostics if d.rule == "hidden-options"]
    assert loaded.ok and len(warned) == 1 and "'call'" in warned[0].message
    assert "positions" in warned[0].hint and 'card("A", x)' in warned[0].hint


# -- a winner rule that gives no player ---------------------------------------------------------------

def test_a_winner_rule_that_gives_no_player_is_reported_at_the_rule(tmp_path):
    """`winner:` giving none (or a number past the last seat) went on until a later step read the
    winner (`add: {"taken[winner]": 1}`: 'a list position must be a number, not none', at that step).
    It stops at the rule, whichever way the trick ends (generated, plain, logged, played through)."""
    from tests.test_review_unseen import _Plain
    text = (HERE / "last-trick.yaml").read_text(encoding="utf-8")
    for bad, said in (('"none if trick_number == 3 else leader"', "none"), ('"player_count + 1"', "5")):
        path = tmp_path / "bad-winner.yaml"
        path.write_text(text.replace("      order: plain\n", f"      winner: {bad}\n"), encoding="utf-8")
        line = next(i for i, ln in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "winner: " in ln)
        for plain in (False, True):
            for how in ("step", "auto", "logged"):
                with _Plain() if plain else contextlib.nullcontext(), pytest.raises(G.GameError) as err:
                    rules = load_ruleset(str(path)).rules
                    s = G.new_game(rules, 4, 1, log=how == "logged")
                    if how == "auto":
                        from interpreter.engine.autoplay import play_picked, random_picker
                        play_picked(s, [random_picker(random.Random(1))] * 4)
                    else:
                        while not G.is_over(s):
                            G.apply_index(s, 0)
                assert f"winner rule gave {said}, not a player" in str(err.value), (plain, how, str(err.value))
                assert f"bad-winner.yaml:{line}:" in str(err.value), str(err.value)


def test_explain_brackets_a_sum_that_is_the_first_value_of_a_choice():
    """`100 + trumprank(c) if is_trump(c) else -1` said "100 plus the trumprank points of c if ...,
    otherwise minus 1" also reads as 100 plus (the points if ..., otherwise minus 1)."""
    from interpreter.authoring.phrasing import words
    assert words("100 + x if y else -1") == "(100 plus *x*) if *y*, otherwise minus 1"
    assert words("x if y else 100 + z") == "*x* if *y*, otherwise 100 plus *z*"


def test_explain_says_a_test_named_is_something_as_a_statement_about_its_argument():
    """is_trump(c) read "the is trump of c" (a definition's name said as a noun)."""
    from interpreter.authoring.phrasing import words
    assert words("is_trump(c)") == "*c* is trump"
    # two arguments: about the first, the other after it in brackets
    assert words("has_suit(hand, x)") == "*hand* has suit (*x*)"
    assert words("has_pair_at(hand, 3)") == "*hand* has pair at 3"
    assert words("effective_suit(c)") == "the effective suit of *c*"


# -- Skat: a game named by the declarer; Jacks trumps whatever their suit; a null game stops early --------

SKAT_NULL = {
    1: ["7♣", "8♣", "7♠", "8♠", "7♥", "9♥", "7♦", "8♦", "9♦", "A♣"],
    2: ["9♣", "10♣", "J♣", "9♠", "10♠", "J♠", "8♥", "10♥", "J♥", "10♦"],
    0: ["Q♣", "K♣", "Q♠", "K♠", "A♠", "Q♥", "K♥", "A♥", "J♦", "Q♦"],
}
SKAT_GRAND = {
    1: ["J♣", "J♠", "A♣", "10♣", "K♣", "A♠", "10♠", "7♥", "8♥", "9♥"],
    2: ["J♥", "Q♣", "9♣", "8♣", "K♠", "Q♠", "A♥", "10♥", "K♥", "7♦"],
    0: ["J♦", "7♣", "9♠", "8♠", "7♠", "Q♥", "A♦", "10♦", "K♦", "Q♦"],
}


def test_skat_a_null_game_stops_at_the_first_trick_the_declarer_takes():
    s = S.stacked_game(_load("skat"), 3, _deck(SKAT_NULL, [1, 2, 0], ["K♦", "A♦"]))
    S.play(s, ("lay_away", "A♣"), ("lay_away", "A♦"))
    _turn(s, 1, ["suit clubs", "suit spades", "suit hearts", "suit diamonds", "grand", "null"], ("null", None))
    # no trumps: J♣ is a club like any other and follows clubs; Q♣ beats J♣ (A K Q J 10 9 8 7)
    _turn(s, 1, ["7♣", "8♣", "7♠", "8♠", "7♥", "9♥", "7♦", "8♦", "9♦", "K♦"], "7♣")
    _turn(s, 2, ["9♣", "10♣", "J♣"], "J♣")
    _turn(s, 0, ["Q♣", "K♣"], "Q♣")
    _turn(s, 0, ["K♣", "Q♠", "K♠", "A♠", "Q♥", "K♥", "A♥", "J♦", "Q♦"], "A♠")
    _turn(s, 1, ["7♠", "8♠"], "8♠")
    _turn(s, 2, ["9♠", "10♠", "J♠"], "9♠")
    # 3: J♦ led; the declarer's K♦ takes the trick: the null game is lost and the hand ends at once
    _turn(s, 0, ["K♣", "Q♠", "K♠", "Q♥", "K♥", "A♥", "J♦", "Q♦"], "J♦")
    _turn(s, 1, ["7♦", "8♦", "9♦", "K♦"], "K♦")
    _turn(s, 2, ["10♦"], "10♦")
    assert _v(s, "score") == [0, -46, 0]
    assert G.current_player(s) == 2 and _legal(s)[0].startswith("lay_away") and len(_z(s, "hand", 2)) == 12


def test_skat_a_grand_only_jacks_are_trumps():
    s = S.stacked_game(_load("skat"), 3, _deck(SKAT_GRAND, [1, 2, 0], ["9♦", "8♦"]))
    S.play(s, ("lay_away", "9♦"), ("lay_away", "8♦"), ("grand", None))
    # 1: J♣ asks for Jacks: J♥, J♦ forced; 6 points to seat 1
    _turn(s, 1, SKAT_GRAND[1], "J♣")
    _turn(s, 2, ["J♥"], "J♥")
    _turn(s, 0, ["J♦"], "J♦")
    # 2: A♣ is a plain club (no club is a trump in a grand): 8♣; 7♣
    _turn(s, 1, SKAT_GRAND[1][1:], "A♣")
    _turn(s, 2, ["Q♣", "9♣", "8♣"], "8♣")
    _turn(s, 0, ["7♣"], "7♣")
    # 3: J♠: nobody else has a Jack: anything; J♠ wins A♥ and 10♦ (23)
    _turn(s, 1, ["J♠", "10♣", "K♣", "A♠", "10♠", "7♥", "8♥", "9♥"], "J♠")
    _turn(s, 2, ["Q♣", "9♣", "K♠", "Q♠", "A♥", "10♥", "K♥", "7♦"], "A♥")
    _turn(s, 0, ["9♠", "8♠", "7♠", "Q♥", "A♦", "10♦", "K♦", "Q♦"], "10♦")
    # 4-7: 10♣ 9♣ A♦ | K♣ Q♣ Q♦ | A♠ K♠ 7♠ | 10♠ Q♠ 8♠: all to seat 1 (21 + 10 + 15 + 13)
    for lead, second, third in (("10♣", "9♣", "A♦"), ("K♣", "Q♣", "Q♦"), ("A♠", "K♠", "7♠"), ("10♠", "Q♠", "8♠")):
        S.play(s, lead, second, third)
        assert G.current_player(s) == 1
    # 8: 7♥ 10♥ Q♥: seat 2; 9: 7♦ K♦ 8♥: seat 0; 10: 9♠ 9♥ K♥: seat 0
    S.play(s, "7♥", "10♥", "Q♥")
    assert G.current_player(s) == 2
    S.play(s, "7♦", "K♦", "8♥")
    assert G.current_player(s) == 0
    _turn(s, 0, ["9♠"], "9♠")
    _turn(s, 1, ["9♥"], "9♥")
    _turn(s, 2, ["K♥"], "K♥")
    # the declarer: 6 + 11 + 23 + 21 + 10 + 15 + 13 = 99 >= 61: a grand is worth 24
    assert _v(s, "score") == [0, 24, 0]


def test_a_key_yaml_reads_as_null_or_as_yes_no_is_reported_with_quotes_as_the_hint(tmp_path):
    """A move named `null:` (Skat's null game) or `no:` was accepted as a move named None or False (its
    offers read 'None'); a state variable `null:` became 'None'.  It is an error at the key."""
    text = (HERE / "skat.yaml").read_text(encoding="utf-8")
    assert '        "null":\n' in text
    for word, read in (("null", "nothing (null)"), ("no", "false (a yes/no value)"), ("Off", "false")):
        path = tmp_path / "skat.yaml"
        path.write_text(text.replace('        "null":\n', f"        {word}:\n"), encoding="utf-8")
        loaded = load_ruleset(str(path))
        errors = [d for d in loaded.diagnostics if d.severity == "error"]
        assert not loaded.ok and len(errors) == 1, [d.format() for d in errors]
        line = text.splitlines().index('        "null":') + 1
        assert (errors[0].line, errors[0].col) == (line, 9)
        assert f"reads the key '{word}' as {read}" in errors[0].message
        assert f'"{word}":' in errors[0].hint


SKAT_PLAIN = ["7", "8", "9", "Q", "K", "10", "A"]
SKAT_NULL_ORDER = ["7", "8", "9", "10", "J", "Q", "K", "A"]
SKAT_JACKS = ["J♦", "J♥", "J♠", "J♣"]
SKAT_BASE = {"♦": 9, "♥": 10, "♠": 11, "♣": 12, "grand": 24, "null": 23}
SUIT_SYMBOL = {"clubs": "♣", "spades": "♠", "hearts": "♥", "diamonds": "♦"}


class _SkatReferee(_Referee):

    def __init__(self, s):
        super().__init__(s)
        self.score = [0] * 3
        self.dealer = 0
        self.games = set()
        self.new_hand()

    def new_hand(self):
        self.points = [0] * 3
        self.declarer = (self.dealer + 1) % 3
        self.game = None
        self.taken = 0
        self.trick, self.next, self.tricks = [], self.declarer, 0

    def group(self, c):
        rank, suit = _card(c)
        if self.game == "null":
            return suit
        return "T" if rank == "J" or suit == self.game else suit

    def legal(self, who):
        hand = self.hand(who)
        if len(hand) > 10:
            assert who == self.declarer
            return [f"lay_away {c}" for c in hand]
        if self.game is None:
            return [f"suit {x}" for x in ("clubs", "spades", "hearts", "diamonds")] + ["grand", "null"]
        assert who == self.next
        if not self.trick:
            return hand
        led = self.group(self.trick[0][1])
        return [c for c in hand if self.group(c) == led] or hand

    def played(self, who, text):
        if text.startswith("lay_away "):
            self.points[who] += SHEEP_POINTS.get(_card(text[9:])[0], 0)
            return
        if self.game is None:
            self.game = SUIT_SYMBOL[text[5:]] if text.startswith("suit ") else text
            self.games.add(text.split()[0])
            return
        self.trick.append((who, text))
        self.next = (who + 1) % 3
        if len(self.trick) < 3:
            return
        led = self.group(self.trick[0][1])

        def key(c):
            if self.game == "null":
                return SKAT_NULL_ORDER.index(_card(c)[0]) if _card(c)[1] == led else -1
            if _card(c)[0] == "J":
                return 200 + SKAT_JACKS.index(c)
            if self.group(c) == "T":
                return 100 + SKAT_PLAIN.index(_card(c)[0])
            return SKAT_PLAIN.index(_card(c)[0]) if self.group(c) == led else -1
        winner = max(self.trick, key=lambda pc: key(pc[1]))[0]
        self.points[winner] += sum(SHEEP_POINTS.get(_card(c)[0], 0) for _, c in self.trick)
        self.taken += winner == self.declarer
        self.trick, self.next = [], winner
        self.tricks += 1
        if self.tricks < 10 and not (self.game == "null" and self.taken):
            return
        won = self.taken == 0 if self.game == "null" else self.points[self.declarer] >= 61
        base = SKAT_BASE[self.game]
        self.score[self.declarer] += base if won else -2 * base
        assert _v(self.s, "score") == self.score, (self.game, self.points, self.taken)
        self.dealer = (self.dealer + 1) % 3
        self.new_hand()

    def finish(self):
        best = max(self.score)
        assert sorted(G.result(self.s)["winners"]) == [p for p in range(3) if self.score[p] == best]


def test_skat_random_games_agree_with_the_referee():
    rules = _load("skat")
    checks, games = [0], set()
    for seed in range(50):
        referee = _SkatReferee(G.new_game(rules, 3, seed))
        referee.run(seed, checks)
        games |= referee.games
    assert games == {"suit", "grand", "null"}


def test_explain_brackets_a_number_of_tricks_given_as_a_choice():
    """Skat's null game: `count: "trick_number if taken > 0 else 10"` read "..., trick_number if the taken
    is more than 0, otherwise 10 of them"; the count is a stop condition: at most 10 tricks, play stopping
    once the declarer has taken one."""
    from interpreter.authoring.explain import explain
    text = explain(_load("skat"))
    assert "onto *trick*, at most 10 of them: play stops after any trick once the *taken* is more than 0." in text


def test_explain_says_the_first_of_several_best_cards_in_the_plural():
    """first(argmax(trick, ...)) read "the first of the card with the highest strength": argmax gives
    every card with the best key (two equal cards of a double pack), the first of them wins."""
    from interpreter.authoring.phrasing import Lexicon, words
    said = words("first(argmax(trick, c => strength(c)))", Lexicon(zones={"trick": None}))
    assert said.startswith("the first of the cards with the highest strength"), said


def test_a_card_value_holding_nothing_compares_as_nothing_with_two_packs_as_with_one():
    """With two packs (cards compare by face), `called == K♠`, `called in trick` and contains(trick,
    called) failed ('list indices must be integers') while `called` was none, and so did
    `first(trick) == Q♣` on an empty trick; with one pack they are false.  Now the same both ways."""
    from interpreter.cards.pack import CardUniverse
    from interpreter.expr import compiler
    from interpreter.expr import types as T
    from interpreter.expr.compiler import Binding, Namespace, compile_expression
    texts = ("contains(trick, called)", "called in trick", "called not in trick", "called == K♠", "called != K♠",
             "called == none", "first(empty) == K♠", "K♠ in trick", "position(trick, called)")
    seen = []
    for copies in (1, 2):
        u = CardUniverse(ranks=["9", "10", "J", "Q", "K", "A"], suits=["clubs", "diamonds", "hearts", "spades"],
                         copies=copies)
        k = u.parse_card("K♠")
        space = Namespace(universe=u)
        space.add("trick", Binding("state", T.CARDS, getter=lambda s, e: [k]))
        space.add("empty", Binding("state", T.CARDS, getter=lambda s, e: []))
        space.add("called", Binding("state", T.CARD, getter=lambda s, e: None))
        for generate in (True, False):
            with pytest.MonkeyPatch.context() as m:
                m.setattr(compiler, "GENERATE", generate)
                seen.append([compile_expression(t, space, {}).fn(None, {}) for t in texts])
    assert seen == [[False, False, True, False, True, True, False, True, None]] * 4


def test_explain_names_a_one_letter_option_of_a_named_list_an_option():
    """`options: callable` with `as: a` read "**call** with an a chosen from *callable*"."""
    from interpreter.authoring.explain import explain
    text = explain(_load("called-ace"))
    assert "**call** with an option chosen from *callable*:" in text and "Set the *called* to the option." in text


def test_a_suit_typed_as_its_symbol_names_a_move_offering_suits():
    """At the terminal, Skat's `suit hearts` could be typed only in words: `suit ♥` (a suit as the
    expressions and the table write it) fitted no legal move."""
    from interpreter.playtest.words import match
    s = S.stacked_game(_load("skat"), 3, _deck(SKAT_NULL, [1, 2, 0], ["K♦", "A♦"]))
    S.play(s, ("lay_away", "A♣"), ("lay_away", "A♦"))
    actions = G.legal_actions(s)
    assert actions[match(s, actions, "suit ♥")] == ("suit", "hearts")
    assert actions[match(s, actions, "suit clubs")] == ("suit", "clubs")
    assert actions[match(s, actions, "null")] == ("null", None)


REFEREES = {"sheepshead": (_SheepReferee, 3), "last-trick": (_LastReferee, 4), "two-cards": (_TwoReferee, 3),
            "called-ace": (_CallReferee, 4), "doppelkopf": (_DokoReferee, 4), "skat": (_SkatReferee, 3)}


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(REFEREES))
def test_random_games_agree_with_the_referees_soak(name):
    referee, players = REFEREES[name]
    rules = _load(name)
    checks = [0]
    for seed in range(100, 600):
        referee(G.new_game(rules, players, seed)).run(seed, checks)


def test_trumps_of_a_tricks_block_must_be_a_suit(tmp_path):
    """`trumps: "[Q♣, Q♠, J♣]"` (Queens and Jacks as trumps, the Sheepshead way) or `trumps: "Q♣"` was
    accepted and did nothing: the block compares the suits of the cards with it.  It is a type error at
    the setting; a suit, a suit variable or none still loads."""
    text = (HERE / "last-trick.yaml").read_text(encoding="utf-8")
    path = tmp_path / "trumps.yaml"
    for value, kind in (('"[Q♣, Q♠, J♣]"', "a list of cards"), ('"Q♣"', "a card"), ('"3"', "a number")):
        path.write_text(text.replace("      order: plain\n", f"      order: plain\n      trumps: {value}\n"),
                        encoding="utf-8")
        loaded = load_ruleset(str(path))
        errors = [d for d in loaded.diagnostics if d.severity == "error"]
        assert not loaded.ok and len(errors) == 1 and "must give a suit" in errors[0].message, errors
        assert kind in errors[0].message and "trumps: " in errors[0].source_line
    for value in ("hearts", '"none"', '"card(\\"A\\", hearts).suit"'):
        path.write_text(text.replace("      order: plain\n", f"      order: plain\n      trumps: {value}\n"),
                        encoding="utf-8")
        assert load_ruleset(str(path)).ok, value


def test_a_scenario_expects_a_suit_written_as_its_symbol(tmp_path):
    """`state: {trumps: ♥}` failed with 'expected ♥, got hearts' (a suit is written ♥ or hearts in
    expressions)."""
    path = tmp_path / "suit.scenario.yaml"
    deal = "    deal:\n      hand:\n        1: [7♣, 8♣, 9♣, J♣, A♣, 7♦, 8♦, 9♦, Q♦, K♦]\n"
    moves = ("    moves:\n      - {player: 1, move: lay_away, value: 7♣}\n      - {player: 1, move: lay_away, value: 8♣}\n"
             "      - {player: 1, move: suit, value: hearts}\n")
    text = f"ruleset: {HERE / 'skat.yaml'}\nplayers: 3\nscenarios:\n"
    for name, expect in (("symbol", "{trumps: ♥, game: suit}"), ("word", "{trumps: hearts}"), ("wrong", "{trumps: ♠}")):
        text += f"  - name: {name}\n    dealer: 0\n{deal}{moves}    expect:\n      state: {expect}\n"
    path.write_text(text, encoding="utf-8")
    result = _rules_test(path)
    assert "2 passed, 1 failed" in result.output and "trumps: expected spades, got hearts" in result.output, \
        result.output
