"""Correctness on beating, capturing and adding games the engine has never seen (tests/rulesets_review14/,
each says at its top what game it is and which rules it keeps), judged against the rules as a designer
means them: Scopa (captures of one equal card preferred to sums, sweeps, the last capturer takes the
rest, primiera), Cassino without builds (captures split into groups by sum, optional), Durak for two
and for two to four (attack, beat with a higher card of the suit or a trump, throw in cards of ranks on
the table, take, draw back up to six, players out, the fool), Cribbage pegging (the running count to 31,
go, pairs, runs and fifteens scored as played) and Go Fish (asking a named player for a rank: the answer
is shown).  Also the fixes this review made (last(items, n), explain of 7/coins, scenario zones, the
bracket-first YAML message, play's winners and saved scenarios, the hint of a choice offering nothing).

Scripted deals: the moves offered, who plays next and the scores are worked out by hand from the rules,
in the comments.  Random games: every card in exactly one zone, the game ends, the games are the same
every way the engine plays them (tests/test_review_unseen.py's `_compare`), and small referees written
here from the rules (sharing no code with the engine) recompute the moves offered and the outcomes.
"""
from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import deal_order as _deck, legal_texts as _legal, load_from, turn as _turn, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review14"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _sorted_legal(s):
    """The legal moves as text, the cards of a set sorted (the order of a set's cards never matters)."""
    out = []
    for a in G.legal_actions(s):
        name, value = a
        if isinstance(value, (list, tuple)):
            out.append(" ".join([name] + sorted(S.names(s, value))))
        else:
            out.append(S.describe(s, a))
    return sorted(out)


def _take(s, who, legal, *cards):
    """`who` is to choose a capture, offered exactly the sets `legal` (lists of card names); takes `cards`."""
    assert G.current_player(s) == who, (G.current_player(s), who)
    assert _sorted_legal(s) == sorted(" ".join(["capture"] + sorted(g)) for g in legal), _sorted_legal(s)
    want = sorted(cards)
    for a in G.legal_actions(s):
        if sorted(S.names(s, a[1])) == want:
            G.apply(s, a)
            return
    raise AssertionError(cards)


def _all_cards_once(s):
    """Every card of the pack is in exactly one zone."""
    seen = []
    for zone in s.z:
        parts = zone.values() if isinstance(zone, dict) else zone if zone and isinstance(zone[0], list) else [zone]
        for part in parts:
            seen.extend(part)
    assert sorted(seen) == sorted(s.rules.deck(s.n)), "a card lost or doubled"


# -- Scopa ------------------------------------------------------------------------------------------

SCOPA = {1: ["5/coins", "7/cups", "K/swords"], 0: ["2/cups", "3/batons", "7/coins"]}
SCOPA_TABLE = ["A/cups", "4/batons", "3/swords", "7/swords"]
SCOPA_ROUND2 = {1: ["K/coins", "6/cups", "2/batons"], 0: ["5/cups", "6/swords", "2/coins"]}


def test_scopa_a_scripted_hand():
    rules = _load("scopa")
    s = S.stacked_game(rules, 2, _deck(SCOPA, [1, 0], SCOPA_TABLE + _deck(SCOPA_ROUND2, [1, 0])))
    assert _z(s, "table") == SCOPA_TABLE
    assert _z(s, "hand", 1) == SCOPA[1]
    # seat 1 (the dealer's left) plays 7 of cups: the 7 of swords is there, so it must take that card
    # alone, not 3+4 (the rule of the single capture)
    _turn(s, 1, SCOPA[1], "7/cups")
    _take(s, 1, [["7/swords"]], "7/swords")
    # seat 0 plays the 7 of coins: no 7 left; 4+3 is the only sum of 7 (A+4 is 5, A+3 4, A+3+4 8)
    _turn(s, 0, SCOPA[0], "7/coins")
    _take(s, 0, [["4/batons", "3/swords"]], "4/batons", "3/swords")
    assert _z(s, "table") == ["A/cups"]
    # nothing sums to a King (10), a 2 (the Ace is 1) or a 5 (A+2 is 3): three cards trailed
    _turn(s, 1, ["5/coins", "K/swords"], "K/swords")
    _turn(s, 0, ["2/cups", "3/batons"], "2/cups")
    _turn(s, 1, ["5/coins"], "5/coins")
    assert sorted(_z(s, "table")) == sorted(["A/cups", "K/swords", "2/cups", "5/coins"])
    # the 3 of clubs takes A+2 (no 3 on the table)
    _turn(s, 0, ["3/batons"], "3/batons")
    _take(s, 0, [["A/cups", "2/cups"]], "A/cups", "2/cups")
    # both hands empty: three more each, from seat 1 (whose turn it is)
    assert _z(s, "hand", 1) == SCOPA_ROUND2[1] and _z(s, "hand", 0) == SCOPA_ROUND2[0]
    _turn(s, 1, SCOPA_ROUND2[1], "K/coins")
    _take(s, 1, [["K/swords"]], "K/swords")
    # the 5 of cups takes the last card on the table: a scopa
    _turn(s, 0, SCOPA_ROUND2[0], "5/cups")
    _take(s, 0, [["5/coins"]], "5/coins")
    assert _z(s, "table") == [] and _v(s, "scope") == [1, 0]
    # a card played to an empty table stays there; the 6 of swords sweeps it: a second scopa
    _turn(s, 1, ["6/cups", "2/batons"], "6/cups")
    _turn(s, 0, ["6/swords", "2/coins"], "6/swords")
    _take(s, 0, [["6/cups"]], "6/cups")
    assert _v(s, "scope") == [2, 0]
    _turn(s, 1, ["2/batons"], "2/batons")
    # the 24 cards left in the stock go (by hand) to seat 1's pile, so that this is the last play
    rest = _z(s, "stock")
    assert len(rest) == 24
    S.place(s, "taken", rest, owner=1)
    # the 2 of coins takes the 2 of clubs and clears the table with the last card: no scopa
    _turn(s, 0, ["2/coins"], "2/coins")
    _take(s, 0, [["2/batons"]], "2/batons")
    # seat 0 took 12 cards (3 coins, the 7 of coins; primiera 21+18+18+14 = 71), seat 1 28 cards
    # (7 coins; primiera 6 of coins 18 + 21 + 21 + 21 = 81): seat 0 2 scope + settebello = 3, seat 1
    # cards + coins + primiera = 3.  A tie: the game goes on, seat 1 deals.
    assert _v(s, "score") == [3, 3]
    assert s.hand_no == 2 and _v(s, "dealer") == 1 and not s.over
    assert G.current_player(s) == 0


# -- Durak -------------------------------------------------------------------------------------------

DURAK = {1: ["6♠", "7♠", "9♥", "10♥", "K♣", "A♦"], 0: ["8♠", "J♠", "6♥", "Q♦", "7♣", "9♣"]}
DURAK_REST = ["8♥", "Q♠", "A♣", "K♠", "7♦", "10♣", "J♦"]     # 8♥ turned up (trumps); then drawn in order


def _durak():
    return S.stacked_game(_load("durak"), 2, _deck(DURAK, [1, 0], DURAK_REST))


def test_durak_a_scripted_game():
    s = _durak()
    # 8♥ turned up and put under the stock: hearts are trumps, and it is the last card to be drawn
    assert _v(s, "trumps") == "hearts" and _z(s, "stock")[0] == "8♥"
    assert len(_z(s, "stock")) == 24
    # seat 0 holds the lowest trump (6♥ against 9♥): seat 0 attacks first, with any card
    _turn(s, 0, ["attack " + c for c in DURAK[0]], ("attack", "8♠"))
    # seat 1 beats 8♠ with a trump (6♠ 7♠ are lower spades), or takes
    _turn(s, 1, ["beat 9♥", "beat 10♥", "take"], ("beat", "9♥"))
    # on the table 8 and 9: seat 0 may throw in 9♣, or end the bout
    _turn(s, 0, ["add 9♣", "done"], ("add", "9♣"))
    # 9♣ is beaten by K♣ or any trump
    _turn(s, 1, ["beat K♣", "beat 10♥", "take"], ("take",))
    # after 'take' seat 0 could still throw in an 8 or a 9: it holds none
    _turn(s, 0, ["done"], ("done",))
    # seat 1 takes the three cards; seat 0 draws back up to six (Q♠ A♣), and attacks again
    assert sorted(_z(s, "hand", 1)) == sorted(DURAK[1][:2] + DURAK[1][3:] + ["8♠", "9♣", "9♥"])
    assert sorted(_z(s, "hand", 0)) == sorted(["J♠", "6♥", "Q♦", "7♣", "Q♠", "A♣"])
    assert _z(s, "attack") == [] and _z(s, "defence") == [] and _z(s, "out") == []
    _turn(s, 0, ["attack " + c for c in ["J♠", "6♥", "Q♦", "7♣", "Q♠", "A♣"]], ("attack", "Q♠"))
    _turn(s, 1, ["beat 9♥", "beat 10♥", "take"], ("beat", "9♥"))
    _turn(s, 0, ["add Q♦", "done"], ("add", "Q♦"))
    _turn(s, 1, ["beat A♦", "beat 10♥", "take"], ("beat", "A♦"))
    _turn(s, 0, ["add A♣", "done"], ("add", "A♣"))        # an Ace is on the table now
    _turn(s, 1, ["beat 10♥", "take"], ("beat", "10♥"))
    _turn(s, 0, ["done"], ("done",))                          # no Q, 9, A or 10 left in seat 0's hand
    # a successful defence: six cards out; seat 0 draws three (K♠ 7♦ 10♣), seat 1 one (J♦); seat 1 attacks
    assert sorted(_z(s, "out")) == sorted(["Q♠", "9♥", "Q♦", "A♦", "A♣", "10♥"])
    assert sorted(_z(s, "hand", 0)) == sorted(["J♠", "6♥", "7♣", "K♠", "7♦", "10♣"])
    assert sorted(_z(s, "hand", 1)) == sorted(["6♠", "7♠", "8♠", "K♣", "9♣", "J♦"])
    assert G.current_player(s) == 1
    # the end, set by hand: the stock empty, seat 1 holds 6♠ 6♣ 6♦ and seat 0 7♦ 7♠
    gone = [c for c in _z(s, "stock") + _z(s, "hand", 0) + _z(s, "hand", 1) if c not in ("6♠", "6♦", "7♠")]
    S.place(s, "out", gone)
    S.place(s, "hand", ["6♠", "6♣", "6♦"], owner=1)
    S.place(s, "hand", ["7♦", "7♠"], owner=0)
    _turn(s, 1, ["attack 6♠", "attack 6♣", "attack 6♦"], ("attack", "6♠"))
    _turn(s, 0, ["beat 7♠", "take"], ("beat", "7♠"))
    # seat 0 holds one card: one more six may be thrown in, not two
    _turn(s, 1, ["add 6♣", "add 6♦", "done"], ("add", "6♦"))
    _turn(s, 0, ["beat 7♦", "take"], ("take",))
    _turn(s, 1, ["done"], ("done",))                    # seat 0 holds no card now: nothing more may be added
    # seat 0 takes 6♠ 7♠ 6♦; nothing to draw; seat 1 attacks again with its last card
    assert sorted(_z(s, "hand", 0)) == sorted(["6♠", "7♠", "6♦", "7♦"])
    _turn(s, 1, ["attack 6♣"], ("attack", "6♣"))
    _turn(s, 0, ["take"], ("take",))                    # no club, no trump
    _turn(s, 1, ["done"], ("done",))
    # seat 1 is out of cards with the stock empty: seat 0 is the fool
    assert s.over and G.result(s)["winners"] == [1]


# -- Cribbage pegging --------------------------------------------------------------------------------

def _lay_away(s, away):
    """Both players lay away their two cards (away[seat]), whoever is asked first."""
    for _ in range(4):
        who = G.current_player(s)
        left = [c for c in away[who] if c in _z(s, "hand", who)]
        S.play(s, ("select", left[0]))
    assert all(sorted(_z(s, "away", p) + _z(s, "crib")) for p in (0, 1))
    assert sorted(_z(s, "crib")) == sorted(away[0] + away[1])


PEG = {1: ["5♣", "10♦", "4♥", "6♠", "K♣", "Q♦"], 0: ["5♥", "J♣", "3♠", "A♦", "2♣", "9♥"]}


def test_pegging_go_fifteens_and_a_run_out_of_order():
    rules = _load("pegging")
    s = S.stacked_game(rules, 2, _deck(PEG, [1, 0], ["J♥"]))
    _lay_away(s, {1: ["K♣", "Q♦"], 0: ["2♣", "9♥"]})
    # the starter is J♥: his heels, 2 for the dealer (seat 0)
    assert _z(s, "starter") == ["J♥"] and _v(s, "score") == [2, 0]
    _turn(s, 1, ["lay 5♣", "lay 10♦", "lay 4♥", "lay 6♠"], ("lay", "5♣"))
    _turn(s, 0, ["lay 5♥", "lay J♣", "lay 3♠", "lay A♦"], ("lay", "J♣"))      # 15 for 2
    assert _v(s, "total") == 15 and _v(s, "score") == [4, 0]
    _turn(s, 1, ["lay 10♦", "lay 4♥", "lay 6♠"], ("lay", "10♦"))               # 25
    # 25: 5♥ makes 30, 3♠ 28, A♦ 26
    _turn(s, 0, ["lay 5♥", "lay 3♠", "lay A♦"], ("lay", "3♠"))                 # 28
    # seat 1 (4♥, 6♠) cannot stay within 31; seat 0 can (A♦): seat 1 says go
    _turn(s, 1, ["go"], ("go",))
    _turn(s, 0, ["lay A♦"], ("lay", "A♦"))                                     # 29; 10 3 A no run
    # now nobody can lay (5♥ makes 34): seat 0 laid the last card, 1 for the go; the count starts
    # again from seat 1
    assert _v(s, "score") == [5, 0] and _v(s, "total") == 0
    _turn(s, 1, ["lay 4♥", "lay 6♠"], ("lay", "6♠"))
    _turn(s, 0, ["lay 5♥"], ("lay", "5♥"))                                     # 11
    _turn(s, 1, ["lay 4♥"], ("lay", "4♥"))                                     # 15, and 6 5 4 a run
    # 15 for 2, the run of three for 3; the last card of all for 1
    assert _v(s, "score") == [5, 6]
    assert s.hand_no == 2 and _v(s, "dealer") == 1


PAIRS = {1: ["7♣", "7♦", "3♥", "8♠", "K♣", "Q♦"], 0: ["7♥", "7♠", "2♦", "9♣", "2♣", "9♥"]}


def test_pegging_pairs_royal_and_thirty_one():
    rules = _load("pegging")
    s = S.stacked_game(rules, 2, _deck(PAIRS, [1, 0], ["4♦"]))
    _lay_away(s, {1: ["K♣", "Q♦"], 0: ["2♣", "9♥"]})
    assert _v(s, "score") == [0, 0]
    _turn(s, 1, ["lay 7♣", "lay 7♦", "lay 3♥", "lay 8♠"], ("lay", "7♣"))
    _turn(s, 0, ["lay 7♥", "lay 7♠", "lay 2♦", "lay 9♣"], ("lay", "7♥"))       # a pair: 2
    _turn(s, 1, ["lay 7♦", "lay 3♥", "lay 8♠"], ("lay", "7♦"))                 # pair royal: 6
    _turn(s, 0, ["lay 7♠", "lay 2♦", "lay 9♣"], ("lay", "7♠"))                 # double pair royal: 12
    assert _v(s, "score") == [14, 6] and _v(s, "total") == 28
    _turn(s, 1, ["lay 3♥"], ("lay", "3♥"))                                     # 31 for 2, no go point
    assert _v(s, "score") == [14, 8] and _v(s, "total") == 0
    # the player after the one who made 31 starts the next count
    _turn(s, 0, ["lay 2♦", "lay 9♣"], ("lay", "2♦"))
    _turn(s, 1, ["lay 8♠"], ("lay", "8♠"))
    _turn(s, 0, ["lay 9♣"], ("lay", "9♣"))                                     # 19: 2 8 9 no run
    # the last card: 1 for seat 0
    assert _v(s, "score") == [15, 8]


# -- Go Fish -----------------------------------------------------------------------------------------

FISH = {1: ["A♣", "A♦", "5♠", "9♥", "K♣", "K♦", "K♥"],
        2: ["A♥", "3♣", "7♦", "8♠", "2♣", "4♦", "Q♠"],
        0: ["K♠", "6♣", "6♦", "J♥", "10♣", "3♦", "5♥"]}


def _sees(s, seat, zone, owner):
    """The card names `seat` sees in another player's zone, from the engine's observation."""
    return sorted(S.names(s, [c for c in G.observation(s, seat)["zones"][zone][owner] if c is not None]))


def test_go_fish_a_scripted_game():
    s = S.stacked_game(_load("go-fish"), 3, _deck(FISH, [1, 2, 0], ["7♣", "9♠", "2♦"]))
    # seat 1 asks anyone holding cards, for a rank it holds
    _turn(s, 1, ["ask 0", "ask 2"], ("ask", 0))
    _turn(s, 1, ["rank A", "rank 5", "rank 9", "rank K"], ("rank", "K"))
    # seat 0 hands over K♠: seat 1 has four Kings, a book, face up; seat 1 asks again
    assert _z(s, "books", 1) == ["K♣", "K♦", "K♥", "K♠"] and "K♠" not in _z(s, "hand", 0)
    _turn(s, 1, ["ask 0", "ask 2"], ("ask", 2))
    _turn(s, 1, ["rank A", "rank 5", "rank 9"], ("rank", "A"))
    # A♥ passes to seat 1, shown: seat 0 knows where it is, and that seat 1 holds no more than that
    assert "A♥" in _z(s, "hand", 1)
    assert _sees(s, 0, "hand", 1) == ["A♥"] and _sees(s, 2, "hand", 1) == ["A♥"]
    _turn(s, 1, ["ask 0", "ask 2"], ("ask", 2))
    _turn(s, 1, ["rank A", "rank 5", "rank 9"], ("rank", "9"))
    # go fish: seat 1 draws 7♣, not a 9: unseen by the others, and the turn passes to seat 2
    assert "7♣" in _z(s, "hand", 1) and _sees(s, 2, "hand", 1) == ["A♥"]
    _turn(s, 2, ["ask 0", "ask 1"], ("ask", 1))
    _turn(s, 2, ["rank 3", "rank 7", "rank 8", "rank 2", "rank 4", "rank Q"], ("rank", "7"))
    assert sorted(_z(s, "hand", 2)) == sorted(["3♣", "7♦", "8♠", "2♣", "4♦", "Q♠", "7♣"])
    assert "7♣" in _sees(s, 0, "hand", 2)
    _turn(s, 2, ["ask 0", "ask 1"], ("ask", 0))
    _turn(s, 2, ["rank 3", "rank 7", "rank 8", "rank 2", "rank 4", "rank Q"], ("rank", "Q"))
    # go fish: 9♠, no Queen; seat 0's turn
    assert "9♠" in _z(s, "hand", 2) and G.current_player(s) == 0
    _turn(s, 0, ["ask 1", "ask 2"], ("ask", 1))
    _turn(s, 0, ["rank 6", "rank J", "rank 10", "rank 3", "rank 5"], ("rank", "3"))
    # seat 1 has no 3: seat 0 draws 2♦; seat 1 asks next
    assert "2♦" in _z(s, "hand", 0) and G.current_player(s) == 1


# -- every way the engine plays them -----------------------------------------------------------------

GAMES = ["scopa", "durak", "durak-many", "pegging", "go-fish", "cassino"]


def _every_way(name, seeds):
    from tests.test_review_unseen import _compare, _counts, _load as _load_both
    path = HERE / f"{name}.yaml"
    fast, plain = _load_both(path), _load_both(path, plain=True)
    outcomes = []
    for n in _counts(fast):
        for seed in seeds:
            outcomes.append(_compare(fast, plain, n, seed, name))
    return outcomes


@pytest.mark.parametrize("name", GAMES)
def test_the_games_are_the_same_every_way(name):
    outcomes = _every_way(name, range(3))
    assert all(o[0] != "error" for o in outcomes), [o[1] for o in outcomes if o[0] == "error"][:1]


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES)
def test_the_games_are_the_same_every_way_soak(name):
    outcomes = _every_way(name, range(3, 40))
    assert all(o[0] != "error" for o in outcomes), [o[1] for o in outcomes if o[0] == "error"][:1]


# -- referees: the rules written again here, sharing no code with the engine ---------------------------

def _names(s, ids):
    return S.names(s, ids)


def _rank_suit(name):
    """'10♥' -> ('10', '♥'); '7/coins' -> ('7', 'coins')."""
    if "/" in name:
        rank, suit = name.split("/")
        return rank, suit
    return name[:-1], name[-1]


def _drive(rules, n, seed, referee, check_cards=True):
    """A random game, the referee asked before each decision (who moves, the moves offered) and told
    of each move; its finish() checks the outcome."""
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    ref = referee(s)
    moves = 0
    while not s.over:
        actions = G.legal_actions(s)
        ref.before(s, G.current_player(s), sorted(_move_text(s, a) for a in actions))
        action = actions[rng.randrange(len(actions))]
        text = _move_text(s, action)
        G.apply(s, action)
        ref.after(s, text)
        if check_cards:
            _all_cards_once(s)
        moves += 1
        assert moves < 5000, "the game ends"
    ref.finish(s)
    return s


def _move_text(s, a):
    name, value = a
    if isinstance(value, (list, tuple)):
        return " ".join([name] + sorted(S.names(s, value)))
    return S.describe(s, a)


SCOPA_VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}
SCOPA_PRIME = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "Q": 10, "K": 10}


class ScopaReferee:
    def __init__(self, s):
        self.score = [0, 0]
        self.new_hand(s)

    def new_hand(self, s):
        self.hand_no = s.hand_no
        self.taken = [[], []]
        self.scope = [0, 0]
        self.last_taker = None
        self.card = None

    def before(self, s, who, legal):
        if s.hand_no != self.hand_no:
            self.new_hand(s)
        hand = _z(s, "hand", who)
        self.table = _z(s, "table")
        self.last_play = not _z(s, "stock") and len(_z(s, "hand", 0)) + len(_z(s, "hand", 1)) == 1
        if legal[0].startswith("capture"):
            value = SCOPA_VALUE[_rank_suit(self.card)[0]]
            equal = [[t] for t in self.table if SCOPA_VALUE[_rank_suit(t)[0]] == value]
            sets = equal or [list(g) for k in range(2, len(self.table) + 1) for g in combinations(self.table, k)
                             if sum(SCOPA_VALUE[_rank_suit(t)[0]] for t in g) == value]
            assert sets, "a capture is offered only when one is possible"
            assert legal == sorted(" ".join(["capture"] + sorted(g)) for g in sets), (legal, self.card, self.table)
        else:
            assert legal == sorted(hand), (legal, hand)
        self.who = who

    def after(self, s, text):
        who = self.who
        if text.startswith("capture"):
            got = text.split()[1:]
            self.taken[who] += got + [self.card]
            self.last_taker = who
            rest = [t for t in self.table if t not in got]
            if not rest and not self.last_play:
                self.scope[who] += 1
            self.table = rest
            if self.last_play:
                self.end_hand(s)
        else:
            self.card = text
            value = SCOPA_VALUE[_rank_suit(text)[0]]
            if not any(SCOPA_VALUE[_rank_suit(t)[0]] == value for t in self.table) and not any(
                    sum(SCOPA_VALUE[_rank_suit(t)[0]] for t in g) == value
                    for k in range(2, len(self.table) + 1) for g in combinations(self.table, k)):
                self.table = self.table + [text]          # no capture: the card stays on the table
                if self.last_play:
                    self.end_hand(s)

    def end_hand(self, s):
        if self.last_taker is not None:
            self.taken[self.last_taker] += self.table
        t = self.taken
        assert len(t[0]) + len(t[1]) == 40

        def point(f):
            a, b = f(t[0]), f(t[1])
            return [int(a > b), int(b > a)]

        def primiera(cards):
            return sum(max([SCOPA_PRIME[_rank_suit(c)[0]] for c in cards if _rank_suit(c)[1] == x] or [0])
                       for x in ("coins", "cups", "swords", "batons"))

        parts = [point(len), point(lambda cs: sum(_rank_suit(c)[1] == "coins" for c in cs)),
                 [int("7/coins" in t[0]), int("7/coins" in t[1])], point(primiera), self.scope]
        for p in (0, 1):
            self.score[p] += sum(part[p] for part in parts)
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score, parts)

    def finish(self, s):
        assert _v(s, "score") == self.score
        assert max(self.score) >= 11 and self.score[0] != self.score[1]
        best = max(self.score)
        assert G.result(s)["winners"] == [p for p in (0, 1) if self.score[p] == best]


def test_scopa_random_games_agree_with_the_referee():
    rules = _load("scopa")
    for seed in range(6):
        _drive(rules, 2, seed, ScopaReferee)


DURAK_ORDER = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]


class DurakReferee:
    """Follows the bouts: who attacks, the cards that may beat or be thrown in, the draws, the fool."""

    def __init__(self, s):
        stock = _z(s, "stock")
        self.trump = _rank_suit(stock[0])[1]                  # the card turned up, under the stock
        holders = {p: min(DURAK_ORDER.index(_rank_suit(c)[0]) for c in _z(s, "hand", p)
                          if _rank_suit(c)[1] == self.trump)
                   for p in (0, 1) if any(_rank_suit(c)[1] == self.trump for c in _z(s, "hand", p))}
        self.attacker = min(holders, key=holders.get) if holders else 1      # dealer 0: the left is 1
        self.attack, self.defence, self.taking, self.in_bout = [], [], False, False

    def beats(self, b, a):
        (br, bs), (ar, as_) = _rank_suit(b), _rank_suit(a)
        return (bs == as_ and DURAK_ORDER.index(br) > DURAK_ORDER.index(ar)) or (bs == self.trump and as_ != self.trump)

    def before(self, s, who, legal):
        attacker, defender = self.attacker, 1 - self.attacker
        hand = _z(s, "hand", who)
        if not self.in_bout:
            assert who == attacker and legal == sorted("attack " + c for c in hand)
        elif not self.taking and len(self.attack) > len(self.defence):
            assert who == defender
            want = ["beat " + c for c in hand if self.beats(c, self.attack[-1])] + ["take"]
            assert legal == sorted(want), (legal, want, self.attack)
        else:
            assert who == attacker
            ranks = {_rank_suit(c)[0] for c in self.attack + self.defence}
            room = len(self.attack) < 6 and len(self.attack) - len(self.defence) < len(_z(s, "hand", defender))
            want = ["add " + c for c in hand if room and _rank_suit(c)[0] in ranks] + ["done"]
            assert legal == sorted(want), (legal, want)
        self.sizes = [len(_z(s, "hand", p)) for p in (0, 1)]
        self.stock = len(_z(s, "stock"))

    def after(self, s, text):
        move, _, card = text.partition(" ")
        if move in ("attack", "add"):
            self.attack.append(card)
            self.in_bout = True
        elif move == "beat":
            self.defence.append(card)
        elif move == "take":
            self.taking = True
        else:                                                  # done: the bout ends, then the draws
            attacker, defender = self.attacker, 1 - self.attacker
            sizes = list(self.sizes)
            if self.taking:
                sizes[defender] += len(self.attack) + len(self.defence)
            stock = self.stock
            for p in (attacker, defender):
                drawn = min(stock, max(0, 6 - sizes[p]))
                sizes[p] += drawn
                stock -= drawn
            assert [len(_z(s, "hand", p)) for p in (0, 1)] == sizes and len(_z(s, "stock")) == stock
            if not self.taking:
                self.attacker = defender
            self.attack, self.defence, self.taking, self.in_bout = [], [], False, False
            self.over = stock == 0 and 0 in sizes
            assert s.over == self.over

    def finish(self, s):
        assert self.over
        assert G.result(s)["winners"] == [p for p in (0, 1) if not _z(s, "hand", p)]


def test_durak_random_games_agree_with_the_referee():
    rules = _load("durak")
    for seed in range(30):
        _drive(rules, 2, seed, DurakReferee)


# -- fixes -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("last([5, 1], 3)", [5, 1]),            # fewer items than asked: all of them (was [1])
    ("last([5, 1, 18], 5)", [5, 1, 18]),
    ("last([], 2)", []),
    ("last([5, 1, 18], 2)", [1, 18]),
    ("last([5, 1], 0)", []),
])
def test_last_with_more_than_there_are_gives_them_all(text, value):
    """Durak's drawing back up to six, last(stock, 6 - count(hand[p])), took one card from a stock of
    two when three were wanted: the slice started at len - n, negative, so counted from the end."""
    from tests.test_sequences import ev
    assert ev(text) == value


PIPS = {"A": 1, "J": 10, "Q": 10, "K": 10}
SEQ = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _pips(c):
    r = _rank_suit(c)[0]
    return PIPS.get(r) or int(r)


def _peg_points(pile, total):
    """The points for the last card laid: 15, 31, pairs, the longest run of the last cards."""
    pts = 2 * (total == 15) + 2 * (total == 31)
    ranks = [_rank_suit(c)[0] for c in pile]
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    pts += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for k in range(len(ranks), 2, -1):
        idx = sorted(SEQ.index(r) for r in ranks[-k:])
        if idx == list(range(idx[0], idx[0] + k)):
            pts += k
            break
    return pts


class PeggingReferee:
    """Plays the pegging itself from the hands kept after laying away, and checks every decision."""

    def __init__(self, s):
        self.score, self.dealer, self.hands = [0, 0], 0, None

    def start_play(self, s):
        self.hands = [list(_z(s, "hand", p)) for p in (0, 1)]
        assert all(len(h) == 4 for h in self.hands) and len(_z(s, "crib")) == 4
        if _rank_suit(_z(s, "starter")[0])[0] == "J":
            self.score[self.dealer] += 2
        self.total, self.pile, self.last, self.turn = 0, [], None, 1 - self.dealer

    def can(self, p):
        return any(self.total + _pips(c) <= 31 for c in self.hands[p])

    def settle(self):
        """Counts that end with nobody able to lay: the go point, a new count after the last player."""
        while not self.can(self.turn) and not self.can(1 - self.turn) and (self.pile or any(self.hands)):
            if self.pile:
                self.score[self.last] += 1
            self.total, self.pile, self.turn = 0, [], 1 - self.last

    def end_hand(self):
        self.settle()
        assert not any(self.hands)
        self.hands = None
        self.dealer = 1 - self.dealer

    def before(self, s, who, legal):
        if legal[0].startswith("select"):
            if self.hands is not None:
                self.end_hand()
            assert _v(s, "score") == self.score
            return
        if self.hands is None:
            self.start_play(s)
        self.settle()
        assert _v(s, "score") == self.score
        assert who == self.turn
        if self.can(who):
            assert legal == sorted("lay " + c for c in self.hands[who] if self.total + _pips(c) <= 31)
        else:
            assert legal == ["go"]

    def after(self, s, text):
        if text.startswith("select"):
            return
        who = self.turn
        if text.startswith("lay"):
            card = text.split()[1]
            self.hands[who].remove(card)
            self.pile.append(card)
            self.total += _pips(card)
            self.last = who
            self.score[who] += _peg_points(self.pile, self.total)
            if self.total == 31:
                self.total, self.pile = 0, []
        self.turn = 1 - who

    def finish(self, s):
        self.end_hand()
        assert _v(s, "score") == self.score and max(self.score) >= 61
        best = max(self.score)
        assert G.result(s)["winners"] == [p for p in (0, 1) if self.score[p] == best]


def test_pegging_random_games_agree_with_the_referee():
    rules = _load("pegging")
    for seed in range(3):
        _drive(rules, 2, seed, PeggingReferee)


class GoFishReferee:
    """The asks offered, who moves next, the books; the winners."""

    def __init__(self, s):
        self.n = s.n
        self.stage = "start"

    def before(self, s, who, legal):
        hands = [_z(s, "hand", p) for p in range(self.n)]
        if legal[0].startswith("ask"):
            if self.stage == "next":
                # the next to ask: the turn passes over anyone holding no card (the stock being out)
                p = self.expect
                while not hands[p]:
                    p = (p + 1) % self.n
                assert who == p, (who, self.expect)
            assert legal == sorted(f"ask {q}" for q in range(self.n) if q != who and hands[q])
            self.before_hands = hands
            self.before_books = _z(s, "books", who)
            self.stock = len(_z(s, "stock"))
            self.top = self.stock and _z(s, "stock")[-1]
        else:
            assert legal[0].startswith("rank") and who == self.asker
            assert legal == sorted({"rank " + _rank_suit(c)[0] for c in hands[who]})
        self.asker = who

    def after(self, s, text):
        move, value = text.split()
        if move == "ask":
            self.asked = int(value)
            return
        who, q, rank = self.asker, self.asked, value
        had = [c for c in self.before_hands[q] if _rank_suit(c)[0] == rank]
        mine = set(self.before_hands[who]) | set(had)
        if had:
            again = True
        elif self.stock:
            drawn = [self.top]                               # the top card of the stock
            assert self.top in _z(s, "hand", who) + _z(s, "books", who)
            again = _rank_suit(drawn[0])[0] == rank
            mine.add(drawn[0])
        else:
            again = False
        # the asker's books: every rank of which the asker now holds four, laid down
        held = {}
        for c in mine:
            held.setdefault(_rank_suit(c)[0], []).append(c)
        assert sorted(c for r, cs in held.items() if len(cs) == 4 for c in cs) == \
            sorted(c for c in _z(s, "books", who) if c in mine and len(held[_rank_suit(c)[0]]) == 4)
        assert all(len(held.get(_rank_suit(c)[0], ())) < 4 for c in _z(s, "hand", who))
        for c in had:
            assert c in _z(s, "hand", who) + _z(s, "books", who) and c not in _z(s, "hand", q)
        self.stage = "next"
        self.expect = who if again else (who + 1) % self.n    # passed on; an empty hand may draw first

    def finish(self, s):
        books = [len(_z(s, "books", p)) // 4 for p in range(self.n)]
        assert sum(books) == 13
        assert G.result(s)["winners"] == [p for p in range(self.n) if books[p] == max(books)]


def test_go_fish_random_games_agree_with_the_referee():
    rules = _load("go-fish")
    for n in (2, 3, 4, 5):
        for seed in range(4):
            _drive(rules, n, seed, GoFishReferee)


def test_explain_reads_a_card_of_a_suit_without_a_symbol_as_the_card():
    """`contains(taken[p], 7/coins)` (the settebello) read 'holds 7 divided by *coins*': the compiler
    takes a rank, a slash and a suit's name as that card, and the words must say so too."""
    from interpreter.authoring.explain import explain
    from interpreter.authoring.phrasing import Lexicon, words
    text = explain(_load("scopa"))
    assert "holds 7/coins" in text and "divided by" not in text
    lex = Lexicon.of({"pack": {"suits": ["coins", "cups"]}, "state": {"n": {}}})
    assert words("K/cups", lex) == "K/cups"
    assert words("n / 2", lex) == "the *n* divided by 2"          # a division stays one


# -- Cassino -----------------------------------------------------------------------------------------

CASSINO = {1: ["9♣", "K♦", "2♠", "6♥"], 0: ["K♠", "A♦", "10♦", "8♣"]}
CASSINO_TABLE = ["4♣", "5♦", "9♥", "3♠"]
CASSINO_ROUND2 = {1: ["10♠", "5♣", "3♥", "2♦"], 0: ["8♦", "Q♣", "5♠", "4♦"]}


def _capture_or_trail(s, who, sets, take=None):
    """`who` is offered exactly the captures `sets` and 'trail'; takes the set `take` or trails."""
    assert G.current_player(s) == who, (G.current_player(s), who)
    assert _sorted_legal(s) == sorted([" ".join(["capture"] + sorted(g)) for g in sets] + ["trail"]), _sorted_legal(s)
    if take is None:
        S.play(s, ("trail",))
        return
    for a in G.legal_actions(s):
        if a[0] == "capture" and sorted(S.names(s, a[1])) == sorted(take):
            G.apply(s, a)
            return
    raise AssertionError(take)


def test_cassino_a_scripted_deal():
    rules = _load("cassino")
    s = S.stacked_game(rules, 2, _deck(CASSINO, [1, 0], CASSINO_TABLE + _deck(CASSINO_ROUND2, [1, 0])))
    # the 9 takes the 9, or 4+5, or both groups at once (18 split as 9 and 4+5); 3 fits in no group
    _turn(s, 1, CASSINO[1], "9♣")
    _capture_or_trail(s, 1, [["9♥"], ["4♣", "5♦"], ["4♣", "5♦", "9♥"]], ["4♣", "5♦", "9♥"])
    assert _z(s, "table") == ["3♠"]
    # a King takes only a King: none on the table, so it trails; seat 1's King then takes it
    _turn(s, 0, CASSINO[0], "K♠")
    _capture_or_trail(s, 0, [])
    _turn(s, 1, ["K♦", "2♠", "6♥"], "K♦")
    _capture_or_trail(s, 1, [["K♠"]], ["K♠"])
    _turn(s, 0, ["A♦", "10♦", "8♣"], "A♦")
    _capture_or_trail(s, 0, [])                                     # no Ace on the table
    # the 2: 3, A and 3+A (4 = 2 x 2, but no part of it makes 2) do not fit
    _turn(s, 1, ["2♠", "6♥"], "2♠")
    _capture_or_trail(s, 1, [])
    _turn(s, 0, ["10♦", "8♣"], "10♦")
    _capture_or_trail(s, 0, [])                                     # 3+A+2 is 6, no 10
    # the 6: 3+A+2, and nothing else (10 is too much); capturing is not compulsory
    _turn(s, 1, ["6♥"], "6♥")
    _capture_or_trail(s, 1, [["3♠", "A♦", "2♠"]], ["3♠", "A♦", "2♠"])
    _turn(s, 0, ["8♣"], "8♣")
    _capture_or_trail(s, 0, [])
    # four more each, from seat 1
    _turn(s, 1, CASSINO_ROUND2[1], "10♠")
    _capture_or_trail(s, 1, [["10♦"]], ["10♦"])
    # the 8 takes the last card on the table: a sweep
    _turn(s, 0, CASSINO_ROUND2[0], "8♦")
    _capture_or_trail(s, 0, [["8♣"]], ["8♣"])
    assert _z(s, "table") == [] and _v(s, "sweeps") == [1, 0]
    _turn(s, 1, ["5♣", "3♥", "2♦"], "5♣")
    _capture_or_trail(s, 1, [])
    _turn(s, 0, ["Q♣", "5♠", "4♦"], "Q♣")
    _capture_or_trail(s, 0, [])
    _turn(s, 1, ["3♥", "2♦"], "3♥")
    _capture_or_trail(s, 1, [])
    _turn(s, 0, ["5♠", "4♦"], "5♠")
    _capture_or_trail(s, 0, [["5♣"]], ["5♣"])                       # 5; 3+5 is 8, not 10
    _turn(s, 1, ["2♦"], "2♦")
    _capture_or_trail(s, 1, [])
    # the 32 cards of the stock go to seat 1's pile (by hand): the next card is the last of the deal
    S.place(s, "pile", _z(s, "stock"), owner=1)
    _turn(s, 0, ["4♦"], "4♦")
    _capture_or_trail(s, 0, [])                                     # 3+2 is 5: no 4 (and no 8)
    # the last capturer (seat 0) takes Q♣ 3♥ 2♦ 4♦.  Seat 1: most cards 3, spades 1, 10♦ 2, 2♠ 1,
    # four Aces 4 = 11; seat 0: its sweep, 1.
    assert s.over
    assert sorted(_z(s, "pile", 0)) == sorted(["8♣", "8♦", "5♣", "5♠", "Q♣", "3♥", "2♦", "4♦"])
    assert G.result(s)["scores"] == [1, 11] and G.result(s)["winners"] == [1]


CASSINO_VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}


def _splits(cards, v, groups=3):
    """Whether the cards split into at most `groups` groups each summing to v (numerals only)."""
    if not cards:
        return True
    if groups == 0:
        return False
    first, rest = cards[0], cards[1:]
    for k in range(len(rest) + 1):
        for more in combinations(rest, k):
            if CASSINO_VALUE[_rank_suit(first)[0]] + sum(CASSINO_VALUE[_rank_suit(c)[0]] for c in more) == v:
                if _splits([c for c in rest if c not in more], v, groups - 1):
                    return True
    return False


class CassinoReferee:
    def __init__(self, s):
        self.piles, self.sweeps, self.last_taker = [[], []], [0, 0], None

    def before(self, s, who, legal):
        self.table = _z(s, "table")
        self.last_play = not _z(s, "stock") and len(_z(s, "hand", 0)) + len(_z(s, "hand", 1)) == 1
        if "trail" in legal:
            rank = _rank_suit(self.card)[0]
            if rank in ("J", "Q", "K"):
                sets = [[t] for t in self.table if _rank_suit(t)[0] == rank]
            else:
                numerals = [t for t in self.table if _rank_suit(t)[0] in CASSINO_VALUE]
                sets = [list(g) for k in range(1, len(numerals) + 1) for g in combinations(numerals, k)
                        if _splits(list(g), CASSINO_VALUE[rank])]
            assert legal == sorted([" ".join(["capture"] + sorted(g)) for g in sets] + ["trail"]), (legal, self.card)
        else:
            assert legal == sorted(_z(s, "hand", who))
        self.who = who

    def after(self, s, text):
        if text.startswith("capture"):
            got = text.split()[1:]
            self.piles[self.who] += got + [self.card]
            self.last_taker = self.who
            self.table = [t for t in self.table if t not in got]
            if not self.table and not self.last_play:
                self.sweeps[self.who] += 1
        elif text == "trail":
            self.table = self.table + [self.card]
        else:
            self.card = text
            return
        if self.last_play and self.last_taker is not None:
            self.piles[self.last_taker] += self.table

    def finish(self, s):
        def most(f):
            a, b = f(self.piles[0]), f(self.piles[1])
            return [a > b, b > a]
        cards, spades = most(len), most(lambda cs: sum(_rank_suit(c)[1] == "♠" for c in cs))
        points = [self.sweeps[p] + 3 * cards[p] + spades[p] + 2 * ("10♦" in self.piles[p]) + ("2♠" in self.piles[p])
                  + sum(_rank_suit(c)[0] == "A" for c in self.piles[p]) for p in (0, 1)]
        assert sorted(self.piles[0] + self.piles[1]) == sorted(_z(s, "pile", 0) + _z(s, "pile", 1))
        res = G.result(s)
        assert res["scores"] == points, (res["scores"], points)
        assert res["winners"] == [p for p in (0, 1) if points[p] == max(points)]


def test_cassino_random_games_agree_with_the_referee():
    rules = _load("cassino")
    for seed in range(8):
        _drive(rules, 2, seed, CassinoReferee)


def _run_scenarios(path):
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    return CliRunner().invoke(cli, ["test", str(path)])


@pytest.mark.parametrize("name", ["durak", "scopa"])
def test_the_scenario_files_of_the_review_pass(name):
    result = _run_scenarios(HERE / "scenarios" / f"{name}.yaml")
    assert result.exit_code == 0, result.output
    assert "2 passed, 0 failed" in result.output


def test_a_scenario_listing_the_pack_zone_empty_leaves_no_card_in_it(tmp_path):
    """`zones: {stock: []}` with hands listed: the cards pushed out of the hands went back to the stock
    (the pack's zone), so the stock was not empty and the game did not end as the scenario meant; now
    the scenario says which cards no zone lists, at the stock's line."""
    text = (HERE / "scenarios" / "durak.yaml").read_text(encoding="utf-8")
    text = text.replace("ruleset: ../durak.yaml", f"ruleset: {HERE / 'durak.yaml'}")
    start = text.index("      out: [")
    text = text[:start] + text[text.index("\n", start) + 1:]          # the cards out of play not listed
    path = tmp_path / "durak.yaml"
    path.write_text(text, encoding="utf-8")
    result = _run_scenarios(path)
    assert result.exit_code == 1
    assert "1 passed, 1 failed" in result.output
    assert "'stock' is listed, so it holds only the cards given, but 31 card(s) no zone lists" in result.output
    line = text[:text.index("      stock: []")].count("\n") + 1
    assert f"durak.yaml:{line}:14:" in result.output


class DurakManyReferee:
    """Durak for two to four: the bouts followed with the referee's own hand sizes and stock count."""

    def __init__(self, s):
        self.n = n = s.n
        stock = _z(s, "stock")
        self.trump = _rank_suit(stock[0])[1]
        self.sizes, self.stock = [6] * n, 36 - 6 * n
        lows = {p: min(DURAK_ORDER.index(_rank_suit(c)[0]) for c in _z(s, "hand", p) if _rank_suit(c)[1] == self.trump)
                for p in range(n) if any(_rank_suit(c)[1] == self.trump for c in _z(s, "hand", p))}
        self.attacker = min(lows, key=lambda p: (lows[p], p)) if lows else 1 % n
        self.in_bout, self.over = False, False

    def after_seat(self, p):
        """The first player after p (to the left) holding cards, p itself last."""
        for k in range(1, self.n + 1):
            q = (p + k) % self.n
            if self.sizes[q] > 0:
                return q

    def beats(self, b, a):
        (br, bs), (ar, as_) = _rank_suit(b), _rank_suit(a)
        return (bs == as_ and DURAK_ORDER.index(br) > DURAK_ORDER.index(ar)) or (bs == self.trump and as_ != self.trump)

    def start_bout(self):
        a = self.attacker
        self.defender = d = self.after_seat(a)
        self.throwers = [a] + [(d + k) % self.n for k in range(1, self.n)
                               if (d + k) % self.n not in (a, d) and self.sizes[(d + k) % self.n] > 0]
        self.attack, self.defence, self.taking, self.thrower, self.passes = [], [], False, a, 0

    def before(self, s, who, legal):
        assert [len(_z(s, "hand", p)) for p in range(self.n)] == self.sizes and len(_z(s, "stock")) == self.stock
        hand = _z(s, "hand", who)
        if not self.in_bout:
            self.start_bout()
            assert who == self.attacker and legal == sorted("attack " + c for c in hand), (who, legal)
        elif not self.taking and len(self.attack) > len(self.defence):
            assert who == self.defender
            assert legal == sorted(["beat " + c for c in hand if self.beats(c, self.attack[-1])] + ["take"])
        else:
            assert who == self.thrower, (who, self.thrower, self.throwers)
            ranks = {_rank_suit(c)[0] for c in self.attack + self.defence}
            room = len(self.attack) < 6 and len(self.attack) - len(self.defence) < self.sizes[self.defender]
            assert legal == sorted(["add " + c for c in hand if room and _rank_suit(c)[0] in ranks] + ["pass"])

    def after(self, s, text):
        move, _, card = text.partition(" ")
        if move == "attack":
            self.in_bout = True
        if move in ("attack", "add"):
            self.attack.append(card)
            self.sizes[self.thrower] -= 1
            self.passes = 0
        elif move == "beat":
            self.defence.append(card)
            self.sizes[self.defender] -= 1
        elif move == "take":
            self.taking = True
        else:
            self.passes += 1
            self.thrower = self.throwers[(self.throwers.index(self.thrower) + 1) % len(self.throwers)]
        # throwers without cards pass by themselves; every thrower passing in a row ends the bout
        while not (not self.taking and len(self.attack) > len(self.defence)) and self.passes < len(self.throwers) \
                and self.sizes[self.thrower] == 0:
            self.passes += 1
            self.thrower = self.throwers[(self.throwers.index(self.thrower) + 1) % len(self.throwers)]
        if self.passes >= len(self.throwers):
            self.end_bout(s)

    def end_bout(self, s):
        d = self.defender
        if self.taking:
            self.sizes[d] += len(self.attack) + len(self.defence)
        for p in self.throwers + [d]:
            drawn = min(self.stock, max(0, 6 - self.sizes[p]))
            self.sizes[p] += drawn
            self.stock -= drawn
        self.attacker = self.after_seat(d) if self.taking or self.sizes[d] == 0 else d
        self.in_bout = False
        self.over = self.stock == 0 and sum(1 for x in self.sizes if x > 0) <= 1
        assert s.over == self.over

    def finish(self, s):
        assert self.over
        assert [len(_z(s, "hand", p)) for p in range(self.n)] == self.sizes
        assert G.result(s)["winners"] == [p for p in range(self.n) if self.sizes[p] == 0]


def test_durak_for_more_players_random_games_agree_with_the_referee():
    rules = _load("durak-many")
    for n in (2, 3, 4):
        for seed in range(6):
            _drive(rules, n, seed, DurakManyReferee)


@pytest.mark.parametrize("old,new,col", [
    ('in: throwers + [defender]', 'in: [defender] + throwers', 17),
    ('options: hand[current]\n                as: c\n                do:\n                  - move: {cards: c, from: "hand[current]", to: attack}',
     'options: [first(hand[current])] + hand[current]\n                as: c\n                do:\n                  - move: {cards: c, from: "hand[current]", to: attack}', 26),
])
def test_an_unquoted_expression_starting_with_a_bracket_is_named(tmp_path, old, new, col):
    """`in: [defender] + throwers` (a designer's natural first try) was reported as "this line's
    indentation does not match the lines above it": YAML takes the [...] as its own list and stumbles on
    the rest of the line.  Now: the expression must be quoted, with the quoted text to write."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "durak-many.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mistake.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    diags = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert len(diags) == 1
    d = diags[0]
    line = text.replace(old, new, 1)[:text.replace(old, new, 1).index(new)].count("\n") + 1
    assert (d.line, d.col) == (line, col), d.format()
    assert "must be quoted" in d.message and "indentation" not in d.message
    value = new.split(": ", 1)[1].split("\n")[0]
    assert f'"{value}"' in d.hint


DURAK3 = {1: ["6♠", "7♠", "8♦", "10♥", "K♣", "A♦"], 2: ["8♠", "J♠", "9♦", "Q♦", "7♣", "9♣"],
          0: ["6♥", "8♣", "10♠", "Q♠", "K♦", "A♣"]}


def test_durak_for_three_a_scripted_game():
    s = S.stacked_game(_load("durak-many"), 3, _deck(DURAK3, [1, 2, 0], ["J♥", "A♠", "7♦", "Q♥"]))
    assert _v(s, "trumps") == "hearts"
    # seat 0 holds the lowest trump (6♥): it attacks seat 1, the next to its left
    _turn(s, 0, ["attack " + c for c in DURAK3[0]], ("attack", "8♣"))
    _turn(s, 1, ["beat K♣", "beat 10♥", "take"], ("beat", "K♣"))
    # the throwers: seat 0 first, then seat 2 (the defender never)
    _turn(s, 0, ["add K♦", "pass"], ("pass",))
    _turn(s, 2, ["add 8♠", "pass"], ("add", "8♠"))
    _turn(s, 1, ["beat 10♥", "take"], ("beat", "10♥"))          # no higher spade
    # seat 2 threw in last, so it is asked first; it holds no 8, K or 10, and passes
    _turn(s, 2, ["pass"], ("pass",))
    _turn(s, 0, ["add K♦", "add 10♠", "pass"], ("add", "10♠"))
    _turn(s, 1, ["take"], ("take",))                            # no higher spade, no trump left
    # after 'take' the throwers may still add: seat 0 its K♦ (one unbeaten card, four in seat 1's hand)
    _turn(s, 0, ["add K♦", "pass"], ("pass",))
    _turn(s, 2, ["pass"], ("pass",))
    # seat 1 takes the five cards; seat 0 draws two (A♠ 7♦), seat 2 one (Q♥); the player after the
    # defender, seat 2, attacks seat 0
    assert sorted(_z(s, "hand", 1)) == sorted(["6♠", "7♠", "8♦", "A♦", "8♣", "K♣", "8♠", "10♥", "10♠"])
    assert sorted(_z(s, "hand", 0)) == sorted(["6♥", "Q♠", "K♦", "A♣", "A♠", "7♦"])
    assert sorted(_z(s, "hand", 2)) == sorted(["J♠", "9♦", "Q♦", "7♣", "9♣", "Q♥"])
    assert G.current_player(s) == 2
    # the end, set by hand: the stock out, seat 2 holds 9♣, seat 0 10♣ 6♦, seat 1 6♣
    S.place(s, "hand", ["9♣"], owner=2)
    S.place(s, "hand", ["10♣", "6♦"], owner=0)
    S.place(s, "hand", ["6♣"], owner=1)
    S.place(s, "out", [c for c in _z(s, "stock") + _z(s, "hand", 0) + _z(s, "hand", 1) + _z(s, "hand", 2)
                       if c not in ("9♣", "10♣", "6♦", "6♣")])
    _turn(s, 2, ["attack 9♣"], ("attack", "9♣"))
    _turn(s, 0, ["beat 10♣", "take"], ("beat", "10♣"))
    # seat 2 holds no card (it passes by itself); seat 1 has no 9 or 10
    _turn(s, 1, ["pass"], ("pass",))
    # a defence: seat 0 attacks; seat 2 is out, so seat 1 defends
    _turn(s, 0, ["attack 6♦"], ("attack", "6♦"))
    _turn(s, 1, ["take"], ("take",))
    # seat 0 has no card left to throw in: the bout ends, seat 1 alone holds cards: the fool
    assert s.over and G.result(s)["winners"] == [0, 2]


def test_play_names_the_winners_of_a_game_ended_by_the_end_section():
    """`rules play` ended Go Fish with 'GAME OVER. Winner(s): ' and nobody named (the workbench with
    'winner(s) '): the view read only the winners an end_game step sets, not the end section's."""
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    result = CliRunner().invoke(cli, ["play", str(HERE / "go-fish.yaml"), "--seed", "2"], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    # seat 0 is the human (answering 1 every time); seat 2 makes 8 books
    assert "GAME OVER. Winner(s): P2\n" in result.output
    assert "final scores: P0 1  P1 4  P2 8" in result.output


def test_a_game_saved_from_play_with_a_relative_ruleset_path_runs_as_a_scenario(tmp_path, monkeypatch):
    """`rules play tests/.../go-fish.yaml`, then `save /elsewhere/game`: the scenario file named the
    ruleset as typed, relative to where play ran, but a scenario's ruleset is read relative to the
    scenario file: 'file not found'.  Now the path is written relative to the scenario file."""
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    monkeypatch.chdir(HERE.parent.parent)
    stem = tmp_path / "saved" / "game"
    stem.parent.mkdir()
    moves = "1\n" * 12 + f"save {stem}\n" + "1\n" * 400
    played = CliRunner().invoke(cli, ["play", "tests/rulesets_review14/go-fish.yaml", "--seed", "4"], input=moves)
    assert played.exit_code == 0, played.output
    scenario = stem.parent / "game.scenario.yaml"
    assert scenario.is_file()
    result = _run_scenarios(scenario)
    assert result.exit_code == 0, result.output
    assert "1 passed, 0 failed" in result.output


def test_a_choice_that_can_offer_nothing_gets_a_hint(tmp_path):
    """Scopa written with the capture choice reached even when the card captures nothing: the dry run
    said where and what ('player 0 has no legal move: capture offers nothing allowed here') but gave no
    hint of the way out."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "scopa.yaml").read_text(encoding="utf-8")
    old = ('                  - if: count(captures(c)) == 0\n                    then:\n'
           '                      - move: {cards: c, from: "hand[current]", to: table}\n'
           '                    else:\n                      - choose:')
    assert old in text
    path = tmp_path / "scopa.yaml"
    path.write_text(text.replace(old, "                  - if: true\n                    then:\n                      - choose:"),
                    encoding="utf-8")
    errors = [d for d in load_ruleset(str(path), {}, dry_run=True).diagnostics if d.severity == "error"]
    assert len(errors) == 1 and "has no legal move: capture offers nothing allowed here" in errors[0].message
    assert errors[0].source_line.strip() == "capture:"          # the move that offered nothing
    assert "guard the choose step with an if" in errors[0].hint and "pass" in errors[0].hint
