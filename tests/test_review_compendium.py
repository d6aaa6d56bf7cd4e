"""Correctness on trick games of compendium families the engine had not seen (tests/rulesets_review21/,
each file says what it is and which rules it keeps): French Tarot (trumps 1-21, the Excuse, the dog),
Barbu, Dominoes (building from sevens), Rook and Omnibus Hearts.

Scripted deals are worked out by hand from the rules (the *.scenario.yaml files beside the rulesets and
the comments here).  Random games are checked against referees written here, sharing no code with the
engine: at every decision a referee works out the legal moves from the hands and the table, and at the
end of each trick and hand the winners and the scores from the plays.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.authoring.runner import run_file
from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.rulecheck import RuleCheck

HERE = Path(__file__).resolve().parent / "rulesets_review21"


def _load(name, **options):
    loaded = load_ruleset(str(HERE / f"{name}.yaml"), options)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _legal(s):
    return [S.describe(s, a) for a in G.legal_actions(s)]


def _z(s, name, owner=None):
    return S.names(s, S.zone(s, name, owner))


def _scenarios():
    out = []
    for path in sorted(HERE.glob("*.scenario.yaml")):
        outcomes, problems = run_file(str(path))
        out.append(pytest.param(path.name, "(file)", problems, id=f"{path.name}::(file)"))
        for o in outcomes:
            out.append(pytest.param(path.name, o.name, o.diagnostics, id=f"{path.name}::{o.name}"))
    return out


@pytest.mark.parametrize("file,name,diagnostics", _scenarios())
def test_worked_examples(file, name, diagnostics):
    assert not diagnostics, "\n".join(d.format() for d in diagnostics)


# -- the led card taken from the trick ------------------------------------------------------------------

def test_the_rules_check_recomputes_a_trick_whose_led_excuse_was_taken_away():
    # The Excuse (a card without a suit) leads and goes back to its player before the winner is decided:
    # the engine gave the trick to the leader (no card of the led 'suit' was left); the first card left
    # with a suit sets the suit to follow.  `simulate --check` left such tricks unchecked; it now
    # recomputes them and agrees with the engine.
    rules = _load("french-tarot")
    tricks = 0
    for seed in range(30):
        rng, check = random.Random(seed), RuleCheck(seed)
        s = G.new_game(rules, 3, seed)
        while not G.is_over(s):
            check.apply(s, rng.randrange(len(G.legal_actions(s))))
        report = check.report()
        assert not report["violations"], report["violations"][:2]
        assert not report["unchecked"], report["unchecked"]
        tricks += report["tricks"]
    assert tricks > 1000


def test_the_game_log_of_a_trick_whose_excuse_was_taken_away_pairs_each_card_with_its_player():
    # The log listed the cards left in the trick beside everyone who played to it: with the Excuse
    # taken back, the next player was shown with the card of the one after, and the last player with
    # none.  Now every card played is listed with its player, the Excuse marked as taken away.
    from interpreter.sim.gamelog import _line
    rules = _load("french-tarot")
    seen = 0
    for seed in range(6):
        s = G.new_game(rules, 3, seed, log=True)
        rng = random.Random(seed)
        while not G.is_over(s):
            G.apply_index(s, rng.randrange(len(G.legal_actions(s))))
        plays = []
        for e in s.events:
            if e.get("event") == "choice" and e["action"][0] == "play":
                plays.append((e["player"], e["action"][1]))
            elif e.get("event") == "trick":
                assert list(zip(e["players"], e["cards"])) == plays, (seed, e, plays)
                if "Joker" in e["cards"]:
                    assert e["taken"] == ["Joker"]
                    seen += 1
                    who = e["players"][e["cards"].index("Joker")]
                    assert f"P{who} Joker (taken from the trick)" in _line(e, None)
                else:
                    assert "taken" not in e
                plays = []
    assert seen >= 3


# -- range with a step ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("range(70, 120, 5)", list(range(70, 121, 5))), ("range(1, 10, 3)", [1, 4, 7, 10]),
    ("range(5, 1, -2)", [5, 3, 1]), ("range(3, 1, 1)", []), ("range(1, 4)", [1, 2, 3, 4]),
])
def test_range_takes_a_step(text, value):
    from tests.test_expressions import ev
    assert ev(text) == value


def test_range_with_a_step_of_zero_or_too_many_numbers_is_an_error():
    from interpreter.expr.errors import EvalError
    from tests.test_expressions import ev
    with pytest.raises(EvalError, match="step of range"):
        ev("range(1, 3, 0)")
    with pytest.raises(EvalError, match="more than"):
        ev("range(0, 1000000, 1)")


# -- a number written with a decimal point ----------------------------------------------------------------

@pytest.mark.parametrize("text,number,at", [
    ("0.5 * 4", "0.5", 0), ("x + 1.5", "1.5", 4), ("1.5.2 + 1", "1.5.2", 0), (".5 + 1", ".5", 0),
    ("1. + 2", "1.", 0), ("score[1.5]", "1.5", 6),
])
def test_a_decimal_number_in_an_expression_is_named_in_the_error(text, number, at):
    # it read "unexpected '5'" (the point taken for an attribute), with no word of numbers being whole
    from interpreter.expr.errors import ExprError
    from tests.test_expressions import ev
    with pytest.raises(ExprError) as err:
        ev(text, x=1, score=[1, 2])
    assert f"'{number}' is not a number here" in str(err.value) and "whole numbers" in str(err.value)
    assert err.value.offset == at and "3 / 2" in err.value.hint


def test_text_in_quotes_and_attributes_are_not_taken_for_decimals():
    from interpreter.expr.errors import ExprError
    from tests.test_expressions import ev
    assert ev("'1.5'") == "1.5"
    with pytest.raises(ExprError, match="no attribute"):
        ev("2.x")


# -- arithmetic arguments of definitions ---------------------------------------------------------------

def test_a_definition_called_on_arithmetic_is_explained_with_its_brackets():
    # `double((a + b))` read "the double of the a plus the b" (as double(a) + b would), and
    # `minus_one((a - b)) * 100` "the minus one of the a minus the b times 100"
    from interpreter.engine import game as G
    rules = _load("defined-arithmetic")
    s = G.new_game(rules, 2, 0)
    assert G.result(s)["scores"] == [14, 14 + (-2) * 100 + 1 * 1000]     # a = 3, b = 4
    from interpreter.authoring.explain import explain
    text = explain(rules)
    assert "*score* to the double of (the *a* plus the *b*);" in text
    # a sum of three terms is one sum (review25): 'x plus y plus z', each term bracketed
    assert ("to (the double of (the *a* plus the *b*)) plus ((the minus one of (the *a* minus the *b*)) times 100)"
            " plus ((the neg of (the *a* minus the *b*)) times 1000)") in text


@pytest.mark.parametrize("text,said", [
    ("max(a, b, c) * 2", "(the larger of *a*, *b* and *c*) times 2"),
    ("min(a, b) + max(c, d, e)", "(the smaller of *a* and *b*) plus (the larger of *c*, *d* and *e*)"),
    ("max(a - 1, 0, c)", "the larger of (*a* minus 1), 0 and *c*"),
    ("max(a, b)", "the larger of *a* and *b*"),
])
def test_the_larger_of_several_values_is_explained_with_brackets(text, said):
    # "the larger of a, b and c times 2" read as the larger of a, b and the product
    from interpreter.authoring.phrasing import words
    assert words(text) == said


# -- a trick count that is a stop condition ----------------------------------------------------------

def test_explain_reads_a_trick_count_that_stops_the_play_as_a_stop_condition():
    # Barbu's King of hearts contract ends with the trick that takes the King: count: "trick_number if
    # ... else 13".  It read "(trick_number if the contract is 4 and king_taken, otherwise 13) of them".
    from interpreter.authoring.explain import explain
    from interpreter.authoring.wording import Say, _tricks
    text = explain(_load("barbu"))
    assert ("Play tricks from *hand* onto *trick*, at most 13 of them: play stops after any trick once the "
            "*contract* is 4 and *king_taken*.") in text
    said = _tricks({"hand": "hand", "trick": "trick", "count": "13 if not done else trick_number"}, None, Say())[0]
    assert said.startswith("Play tricks from *hand* onto *trick*, at most 13 of them: play stops after any "
                           "trick once *done*.")
    said = _tricks({"hand": "hand", "trick": "trick", "count": "3 if x else 10"}, None, Say())[0]
    assert said.startswith("Play tricks from *hand* onto *trick*, (3 if *x*, otherwise 10) of them.")


# -- the referees: plain Python, sharing no code with the engine ------------------------------------------

def _split(name):
    """'10♦' -> ('10', '♦'); '21/atout' -> ('21', 'atout'); 'Joker' -> ('Joker', None)."""
    if name == "Joker":
        return name, None
    if "/" in name:
        rank, suit = name.split("/")
        return rank, suit
    return name[:-1], name[-1]


def _rank(name):
    return _split(name)[0]


def _suit(name):
    return _split(name)[1]


class _Referee:
    """Follows a game answered at random: before every decision `expect(who)` gives the referee's own
    list of legal moves (None: not checked), `played(who, text)` follows the move; `hand_over(before,
    after)` checks the scores of a finished hand (the engine's scores before and after it)."""

    def __init__(self, s):
        self.s, self.n, self.hand_no, self.start = s, s.n, None, None

    def zone(self, name, owner=None):
        return _z(self.s, name, owner)

    def run(self, seed, totals):
        s, rng = self.s, random.Random(seed)
        while True:
            if s.hand_no != self.hand_no:
                scores = list(S.var(s, "score"))
                if self.hand_no is not None:
                    self.hand_over(self.start, scores)
                    totals["hands"] += 1
                self.hand_no, self.start = s.hand_no, scores
                self.new_hand()
            if G.is_over(s):
                break
            who = G.current_player(s)
            want = self.expect(who)
            if want is not None:
                assert sorted(_legal(s)) == sorted(want), (seed, s.hand_no, who, sorted(_legal(s)), sorted(want))
                totals["checked"] += 1
            actions = G.legal_actions(s)
            action = actions[rng.randrange(len(actions))]
            text = S.describe(s, action)
            G.apply(s, action)
            self.played(who, text)
        self.hand_over(self.start, list(S.var(s, "score")))
        totals["hands"] += 1


def _referee_games(make, rules, counts, seeds):
    totals = {"hands": 0, "checked": 0}
    for n in counts:
        for seed in seeds:
            s = G.new_game(rules, n, seed)
            make(s).run(seed, totals)
    return totals


# French Tarot

TAROT_PLAIN = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K"]


def _tarot_oudler(c):
    return c in ("Joker", "1/atout", "21/atout")


def _tarot_points(c):
    if _tarot_oudler(c) or _rank(c) == "K":
        return 9
    return {"Q": 7, "C": 5, "J": 3}.get(_rank(c), 1)


def _tarot_high(c):
    return int(_rank(c)) if _suit(c) == "atout" else TAROT_PLAIN.index(_rank(c))


class _TarotReferee(_Referee):

    def new_hand(self):
        self.dealer = (self.hand_no - 1) % self.n
        self.order = [(self.dealer + 1 + i) % self.n for i in range(self.n)]
        self.bid, self.taker, self.spoken = 0, None, 0
        self.dog = self.zone("dog")
        assert len(self.dog) == 6
        self.laid = []
        self.won = {p: [] for p in range(self.n)}
        self.trick, self.leader, self.tricks = [], (self.dealer + 1) % self.n, 0

    def expect(self, who):
        if self.spoken < self.n:                       # the bidding: each once, in turn
            assert who == self.order[self.spoken]
            return ["pass"] + [f"take {x}" for x in (1, 2, 4, 6) if x > self.bid]
        hand = self.zone("hand", who)
        if self.bid <= 2 and len(self.laid) < 6:       # the taker lays six cards away
            assert who == self.taker
            plain = [c for c in hand if _suit(c) != "atout" and c != "Joker" and _rank(c) != "K"]
            trumps = [c for c in hand if _suit(c) == "atout" and not _tarot_oudler(c)]
            return [f"lay {c}" for c in plain + (trumps if len(plain) < 6 - len(self.laid) else [])]
        assert who == (self.leader + len(self.trick)) % self.n
        lead = next((c for _, c in self.trick if c != "Joker"), None)
        if lead is None:
            return hand
        top = max([_tarot_high(c) for _, c in self.trick if _suit(c) == "atout"] + [-1])
        trumps = [c for c in hand if _suit(c) == "atout"]
        higher = [c for c in trumps if _tarot_high(c) > top]
        follow = [c for c in hand if _suit(c) == _suit(lead)]
        if follow and _suit(lead) != "atout":
            allowed = follow
        elif trumps:
            allowed = higher or trumps
        else:
            allowed = hand
        return allowed + (["Joker"] if "Joker" in hand and "Joker" not in allowed else [])

    def played(self, who, text):
        word, _, rest = text.partition(" ")
        if self.spoken < self.n:
            self.spoken += 1
            if word == "take":
                self.bid, self.taker = int(rest), who
            return
        if word == "lay":
            self.laid.append(rest)
            return
        self.trick.append((who, text))
        if len(self.trick) < self.n:
            return
        lead = next((c for _, c in self.trick if c != "Joker"), None)
        trumps = [(p, c) for p, c in self.trick if _suit(c) == "atout"]
        contenders = trumps or [(p, c) for p, c in self.trick if c != "Joker" and _suit(c) == _suit(lead)]
        winner = max(contenders, key=lambda pc: _tarot_high(pc[1]))[0]
        for p, c in self.trick:
            self.won[p if c == "Joker" else winner].append(c)
        self.leader, self.trick = winner, []
        self.tricks += 1

    def hand_over(self, before, after):
        if self.taker is None:
            assert after == before and self.tricks == 0
            return
        assert self.tricks == (24 if self.n == 3 else 18)
        taken = self.won[self.taker] + self.laid + (self.dog if self.bid == 4 else [])
        points = sum(map(_tarot_points, taken))
        oudlers = sum(map(_tarot_oudler, taken))
        defence = [c for p in range(self.n) if p != self.taker for c in self.won[p]] + (
            self.dog if self.bid == 6 else [])
        assert points + sum(map(_tarot_points, defence)) == 182
        need = [112, 102, 82, 72][oudlers]
        worth = (25 + abs(points - need) // 2) * self.bid * (1 if points >= need else -1)
        want = [b - worth if p != self.taker else b + worth * (self.n - 1) for p, b in enumerate(before)]
        assert after == want, (self.hand_no, self.taker, self.bid, points, oudlers, before, after, want)


@pytest.mark.parametrize("players", [3, 4])
def test_french_tarot_random_games_agree_with_the_referee(players):
    totals = _referee_games(_TarotReferee, _load("french-tarot"), [players], range(4))
    assert totals["hands"] == 16 and totals["checked"] > 600


@pytest.mark.soak
def test_french_tarot_random_games_agree_with_the_referee_soak():
    _referee_games(_TarotReferee, _load("french-tarot"), [3, 4], range(4, 154))


# Barbu

PLAIN = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


class _BarbuReferee(_Referee):

    used = None

    def new_hand(self):
        if self.used is None:
            self.used, self.dealer = {p: [] for p in range(4)}, 0
        elif len(self.used[self.dealer]) == 5:
            self.dealer = (self.dealer + 1) % 4
        self.contract = None
        self.won = {p: [] for p in range(4)}
        self.trick, self.leader, self.tricks, self.extra = [], (self.dealer + 1) % 4, 0, [0] * 4
        self.king_trick = None

    def expect(self, who):
        if self.contract is None:
            assert who == self.dealer
            return [f"contract {x}" for x in range(1, 6) if x not in self.used[self.dealer]]
        assert who == (self.leader + len(self.trick)) % 4
        hand = self.zone("hand", who)
        if not self.trick:
            if self.contract in (2, 4) and any(_suit(c) != "♥" for c in hand):
                return [c for c in hand if _suit(c) != "♥"]
            return hand
        led = _suit(self.trick[0][1])
        follow = [c for c in hand if _suit(c) == led]
        if follow:
            return follow
        if self.contract == 4 and "K♥" in hand:
            return ["K♥"]
        return hand

    def played(self, who, text):
        if self.contract is None:
            self.contract = int(text.split()[1])
            self.used[who].append(self.contract)
            return
        self.trick.append((who, text))
        if len(self.trick) < 4:
            return
        led = _suit(self.trick[0][1])
        winner = max((pc for pc in self.trick if _suit(pc[1]) == led), key=lambda pc: PLAIN.index(_rank(pc[1])))[0]
        self.won[winner] += [c for _, c in self.trick]
        self.tricks += 1
        if any(c == "K♥" for _, c in self.trick):
            self.king_trick = self.tricks
        if self.contract == 5 and self.tricks in (12, 13):
            self.extra[winner] += -10 if self.tricks == 12 else -20
        self.leader, self.trick = winner, []

    def hand_over(self, before, after):
        king = next(p for p in range(4) if "K♥" in self.won[p]) if self.contract == 4 else None
        if self.contract == 4:
            # the hand ends with the trick that takes the King of hearts
            assert self.king_trick == self.tricks
        else:
            assert self.tricks == 13
        for p in range(4):
            got = self.won[p]
            delta = {1: -2 * (len(got) // 4), 2: -2 * sum(_suit(c) == "♥" for c in got),
                     3: -6 * sum(_rank(c) == "Q" for c in got), 4: -20 * (p == king), 5: self.extra[p]}[self.contract]
            assert after[p] == before[p] + delta, (self.hand_no, self.contract, p, before, after)


def test_barbu_random_games_agree_with_the_referee():
    totals = _referee_games(_BarbuReferee, _load("barbu"), [4], range(3))
    assert totals["hands"] == 60 and totals["checked"] > 2000


@pytest.mark.soak
def test_barbu_random_games_agree_with_the_referee_soak():
    _referee_games(_BarbuReferee, _load("barbu"), [4], range(3, 63))


# Rook

ROOK_COUNTERS = {"5": 5, "10": 10, "14": 10, "Joker": 20}


class _RookReferee(_Referee):

    def new_hand(self):
        self.dealer = (self.hand_no - 1) % 4
        self.bid, self.bidder, self.passed, self.turn = 0, None, set(), (self.dealer + 1) % 4
        self.bidding, self.laid, self.trumps = True, [], None
        self.won = {p: [] for p in range(4)}
        self.trick, self.leader, self.tricks = [], (self.dealer + 1) % 4, 0

    def colour(self, c):
        return self.trumps if c == "Joker" else _suit(c)

    def expect(self, who):
        if self.bidding:
            assert who == self.turn
            return ["pass"] + [f"bid {x}" for x in range(70, 121, 5) if x > self.bid]
        hand = self.zone("hand", who)
        if len(self.laid) < 5:
            assert who == self.bidder and len(hand) == 14 - len(self.laid)
            return [f"lay_away {c}" for c in hand]
        if self.trumps is None:
            return [f"name_trumps {x}" for x in ("red", "yellow", "green", "black")]
        assert who == (self.leader + len(self.trick)) % 4
        if not self.trick:
            return hand
        led = self.colour(self.trick[0][1])
        return [c for c in hand if self.colour(c) == led] or hand

    def played(self, who, text):
        word, _, rest = text.partition(" ")
        if self.bidding:
            if word == "bid":
                self.bid, self.bidder = int(rest), who
            else:
                self.passed.add(who)
            left = [p for p in range(4) if p not in self.passed]
            if not left or (len(left) == 1 and self.bidder is not None):
                self.bidding = False
                if self.bidder is None:
                    self.bid, self.bidder = 70, self.dealer
            else:
                self.turn = next((who + k) % 4 for k in range(1, 5) if (who + k) % 4 not in self.passed)
            return
        if word == "lay_away":
            self.laid.append(rest)
            return
        if word == "name_trumps":
            self.trumps = rest
            return
        self.trick.append((who, text))
        if len(self.trick) < 4:
            return
        led = self.colour(self.trick[0][1])

        def strength(c):
            if c == "Joker":
                return 100
            if _suit(c) == self.trumps:
                return 50 + int(_rank(c))
            return int(_rank(c)) if _suit(c) == led else -1
        winner = max(self.trick, key=lambda pc: strength(pc[1]))[0]
        self.won[winner] += [c for _, c in self.trick]
        self.tricks += 1
        if self.tricks == 9:                            # the last trick takes the nest
            self.won[winner] += self.laid
        self.leader, self.trick = winner, []

    def hand_over(self, before, after):
        assert self.tricks == 9
        side = [sum(ROOK_COUNTERS.get(_rank(c), 0) for p in (t, t + 2) for c in self.won[p]) for t in (0, 1)]
        assert sum(side) == 120
        bidding = self.bidder % 2
        want = [before[t] + (side[t] if t != bidding or side[t] >= self.bid else -self.bid) for t in (0, 1)]
        assert after == want, (self.hand_no, self.bidder, self.bid, side, before, after)


def test_rook_random_games_agree_with_the_referee():
    totals = _referee_games(_RookReferee, _load("rook"), [4], range(6))
    assert totals["hands"] >= 18 and totals["checked"] > 1000


@pytest.mark.soak
def test_rook_random_games_agree_with_the_referee_soak():
    _referee_games(_RookReferee, _load("rook"), [4], range(6, 206))


# Omnibus Hearts

class _OmnibusReferee(_Referee):

    def new_hand(self):
        self.shift = [0, 1, -1, 2][self.hand_no % 4]
        self.selected = {p: [] for p in range(4)} if self.shift else None
        self.broken = False
        self.won = {p: [] for p in range(4)}
        self.trick, self.leader, self.tricks = [], None, 0

    def expect(self, who):
        hand = self.zone("hand", who)
        if self.selected is not None and any(len(v) < 3 for v in self.selected.values()):
            assert len(self.selected[who]) < 3
            return [f"select {c}" for c in hand]
        if self.leader is None:
            self.leader = who
            assert "2♣" in hand
        assert who == (self.leader + len(self.trick)) % 4
        if not self.trick:
            if self.tricks == 0:
                return ["2♣"]
            if self.broken or all(_suit(c) == "♥" for c in hand):
                return hand
            return [c for c in hand if _suit(c) != "♥"]
        led = _suit(self.trick[0][1])
        return [c for c in hand if _suit(c) == led] or hand

    def played(self, who, text):
        if text.startswith("select "):
            self.selected[who].append(text.split()[1])
            return
        self.trick.append((who, text))
        if len(self.trick) < 4:
            return
        led = _suit(self.trick[0][1])
        winner = max((pc for pc in self.trick if _suit(pc[1]) == led), key=lambda pc: PLAIN.index(_rank(pc[1])))[0]
        self.won[winner] += [c for _, c in self.trick]
        self.broken = self.broken or any(_suit(c) == "♥" for _, c in self.trick)
        self.tricks += 1
        self.leader, self.trick = winner, []

    def hand_over(self, before, after):
        assert self.tricks == 13
        bad = [sum(_suit(c) == "♥" for c in self.won[p]) + 13 * ("Q♠" in self.won[p]) for p in range(4)]
        moon = 26 in bad
        want = [before[p] - 10 * ("J♦" in self.won[p]) + (-26 if bad[p] == 26 else 0 if moon else bad[p])
                for p in range(4)]
        assert after == want, (self.hand_no, bad, before, after)


def test_omnibus_hearts_random_games_agree_with_the_referee():
    totals = _referee_games(_OmnibusReferee, _load("omnibus-hearts"), [4], range(3))
    assert totals["hands"] >= 6 and totals["checked"] > 1000


@pytest.mark.soak
def test_omnibus_hearts_random_games_agree_with_the_referee_soak():
    _referee_games(_OmnibusReferee, _load("omnibus-hearts"), [4], range(3, 103))


# Dominoes

DOMINO = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


class _DominoReferee(_Referee):

    def new_hand(self):
        self.rows = {}                  # suit -> (low, high) positions in DOMINO
        self.turn = None

    def fits(self, c):
        rank, suit = _split(c)
        if not self.rows:
            return c == "7♦"
        if suit not in self.rows:
            return rank == "7"
        low, high = self.rows[suit]
        return DOMINO.index(rank) in (low - 1, high + 1)

    def expect(self, who):
        if self.turn is None:
            assert "7♦" in self.zone("hand", who)
        else:
            assert who == self.turn
        plays = [c for c in self.zone("hand", who) if self.fits(c)]
        return plays or ["pass"]

    def played(self, who, text):
        if text != "pass":
            rank, suit = _split(text)
            i = DOMINO.index(rank)
            low, high = self.rows.get(suit, (i, i))
            self.rows[suit] = (min(low, i), max(high, i))
        self.turn = (who + 1) % self.n

    def hand_over(self, before, after):
        held = [len(self.zone("hand", p)) for p in range(self.n)]
        assert held.count(0) == 1
        assert sum(held) + sum(h - l + 1 for l, h in self.rows.values()) == 52
        want = [before[p] + (sum(held) if held[p] == 0 else -held[p]) for p in range(self.n)]
        assert after == want, (before, after, held)
        assert G.result(self.s)["winners"] == [held.index(0)]


def test_dominoes_random_games_agree_with_the_referee():
    totals = _referee_games(_DominoReferee, _load("dominoes"), [3, 4, 5, 6], range(5))
    assert totals["hands"] == 20 and totals["checked"] > 1000


@pytest.mark.soak
def test_dominoes_random_games_agree_with_the_referee_soak():
    _referee_games(_DominoReferee, _load("dominoes"), [3, 4, 5, 6], range(5, 255))


# -- scripted deals, worked out by hand ------------------------------------------------------------------

def _deck(hands, seats, packet=1, rest=()):
    """The pack in dealing order for hands dealt `packet` cards at a time to `seats` in turn."""
    size = len(hands[seats[0]])
    out = []
    for start in range(0, size, packet):
        for p in seats:
            out += hands[p][start:start + packet]
    return out + list(rest)


def _turn(s, who, legal, move):
    assert G.current_player(s) == who, (G.current_player(s), who)
    assert sorted(_legal(s)) == sorted(legal), _legal(s)
    S.play(s, move)


BARBU = {
    1: ["A♣", "3♣", "4♣", "A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠", "6♠", "5♠"],
    2: ["K♥", "2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦"],
    3: ["2♣", "5♣", "6♣", "7♣", "8♣", "9♣", "10♣", "2♠", "3♠", "4♠", "A♦", "2♥", "3♥"],
    0: ["J♣", "Q♣", "K♣", "4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "A♥"],
}


def test_barbu_the_king_of_hearts_must_fall_and_ends_the_hand():
    s = S.stacked_game(_load("barbu"), 4, _deck(BARBU, [1, 2, 3, 0]))
    _turn(s, 0, [f"contract {x}" for x in range(1, 6)], ("contract", 4))
    # seat 1 leads (no heart in hand: anything); seat 2 has no club and holds the King: it must fall
    _turn(s, 1, BARBU[1], "4♣")
    _turn(s, 2, ["K♥"], "K♥")
    _turn(s, 3, ["2♣", "5♣", "6♣", "7♣", "8♣", "9♣", "10♣"], "10♣")
    _turn(s, 0, ["J♣", "Q♣", "K♣"], "J♣")
    # the Jack of clubs takes the King: seat 0 loses 20 and the hand is over after one trick
    assert S.var(s, "score") == [-20, 0, 0, 0]
    # the same dealer deals again and chooses among the contracts left
    assert G.current_player(s) == 0 and sorted(_legal(s)) == ["contract 1", "contract 2", "contract 3", "contract 5"]


def test_barbu_no_hearts_a_heart_is_not_led_while_the_leader_holds_another_suit():
    s = S.stacked_game(_load("barbu"), 4, _deck(BARBU, [1, 2, 3, 0]))
    _turn(s, 0, [f"contract {x}" for x in range(1, 6)], ("contract", 2))
    _turn(s, 1, BARBU[1], "4♣")
    _turn(s, 2, BARBU[2], "K♥")                 # no club: anything (only in barbu must the King fall)
    _turn(s, 3, ["2♣", "5♣", "6♣", "7♣", "8♣", "9♣", "10♣"], "2♣")
    _turn(s, 0, ["J♣", "Q♣", "K♣"], "K♣")
    # seat 0 takes the trick and leads: its clubs only, though it holds hearts and hearts are out
    _turn(s, 0, ["J♣", "Q♣"], "Q♣")
    _turn(s, 1, ["A♣", "3♣"], "A♣")
    _turn(s, 2, BARBU[2][1:], "2♦")
    _turn(s, 3, ["5♣", "6♣", "7♣", "8♣", "9♣", "10♣"], "5♣")
    assert _z(s, "won", 0) == ["4♣", "K♥", "2♣", "K♣"] and _z(s, "won", 1) == ["Q♣", "A♣", "2♦", "5♣"]


def test_dominoes_the_end_of_a_hand():
    # seat 1 holds the 7 of diamonds and would start; the position is then set by hand near the end
    s = S.stacked_game(_load("dominoes"), 3, ["7♦"])
    assert G.current_player(s) == 1 and _legal(s) == ["7♦"]
    rows = {"clubs": [f"{r}♣" for r in DOMINO], "diamonds": [f"{r}♦" for r in DOMINO[1:]],
            "hearts": [f"{r}♥" for r in DOMINO[2:]],
            "spades": ["7♠", "8♠", "9♠", "10♠"]}
    for suit, cards in rows.items():
        S.place(s, "row", cards, suit)
    S.place(s, "hand", ["A♦", "5♠"], 0)
    S.place(s, "hand", ["2♥", "A♥", "J♠"], 1)
    S.place(s, "hand", ["6♠", "K♠", "Q♠", "4♠", "3♠", "2♠", "A♠"], 2)
    assert G.current_player(s) == 1
    _turn(s, 1, ["2♥", "J♠"], "J♠")              # below the hearts' 3, above the spades' 10
    _turn(s, 2, ["6♠", "Q♠"], "Q♠")
    _turn(s, 0, ["A♦"], "A♦")
    _turn(s, 1, ["2♥"], "2♥")
    _turn(s, 2, ["6♠", "K♠"], "K♠")
    _turn(s, 0, ["pass"], ("pass",))              # the 5 of spades waits for the 6
    _turn(s, 1, ["A♥"], "A♥")                    # seat 1's last card
    assert G.is_over(s)
    # seat 1 gains a point per card still held (1 + 5); the others lose theirs
    assert G.result(s)["winners"] == [1] and G.result(s)["scores"] == [-1, 6, -5]


def test_omnibus_hearts_shooting_the_moon_and_the_jack_of_diamonds():
    s = S.stacked_game(_load("omnibus-hearts"), 4, ["2♣"])          # the first card dealt: seat 1's
    for _ in range(12):                                               # everyone passes three cards left
        S.play(s, next(a for a in G.legal_actions(s) if S.describe(s, a) != "select 2♣"))
    assert G.current_player(s) == 1 and _legal(s) == ["2♣"]
    # the last two tricks of a hand, set by hand: seat 1 has taken eleven hearts and the Queen of spades
    hands = {1: ["2♣", "A♥"], 2: ["2♥", "3♦"], 3: ["3♠", "4♦"], 0: ["4♠", "5♦"]}
    won = {1: [f"{r}♥" for r in PLAIN[1:-1]] + ["Q♠"], 2: ["J♦"]}
    placed = {c for cards in list(hands.values()) + list(won.values()) for c in cards}
    won[3] = [f"{r}♦" for r in PLAIN if f"{r}♦" not in placed]
    won[0] = [f"{r}{x}" for x in "♣♠" for r in PLAIN if f"{r}{x}" not in placed]
    for p in range(4):
        S.place(s, "hand", hands[p], p)
        S.place(s, "won", won.get(p, []), p)
    assert sum(len(_z(s, "won", p)) + len(_z(s, "hand", p)) for p in range(4)) == 52
    _turn(s, 1, ["2♣"], "2♣")
    _turn(s, 2, ["2♥", "3♦"], "2♥")             # no club: any card, hearts and all
    _turn(s, 3, ["3♠", "4♦"], "3♠")
    _turn(s, 0, ["4♠", "5♦"], "4♠")
    _turn(s, 1, ["A♥"], "A♥")                   # the only club takes the trick
    _turn(s, 2, ["3♦"], "3♦")
    _turn(s, 3, ["4♦"], "4♦")
    _turn(s, 0, ["5♦"], "5♦")
    # seat 1 took all thirteen hearts and the Queen: 26 off; seat 2's Jack of diamonds 10 off; no one else
    # scores for hearts
    assert S.var(s, "score") == [0, -26, -10, 0]


def test_rook_the_bidding_the_rook_led_and_the_last_trick_with_the_nest():
    s = G.new_game(_load("rook"), 4, 0)
    _turn(s, 1, ["pass"] + [f"bid {x}" for x in range(70, 121, 5)], ("bid", 70))
    _turn(s, 2, ["pass"] + [f"bid {x}" for x in range(75, 121, 5)], ("bid", 75))
    _turn(s, 3, ["pass"] + [f"bid {x}" for x in range(80, 121, 5)], ("pass",))
    _turn(s, 0, ["pass"] + [f"bid {x}" for x in range(80, 121, 5)], ("pass",))
    _turn(s, 1, ["pass"] + [f"bid {x}" for x in range(80, 121, 5)], ("pass",))
    # seat 2 is the only bidder left: it takes the nest (14 cards), lays five away, names trumps
    assert G.current_player(s) == 2 and len(_z(s, "hand", 2)) == 14 and _z(s, "nest") == []
    for _ in range(5):
        S.play(s, G.legal_actions(s)[0])
    _turn(s, 2, ["name_trumps red", "name_trumps yellow", "name_trumps green", "name_trumps black"],
          ("name_trumps", "green"))
    assert G.current_player(s) == 1
    # the last trick, set by hand, with the nest holding the 5 and 10 of red
    hands = {1: ["Joker"], 2: ["5/green"], 3: ["14/red"], 0: ["10/green"]}
    won = {0: ["5/yellow", "10/yellow", "14/green", "14/yellow"], 3: ["5/black", "10/black", "14/black"]}
    nest = ["5/red", "10/red"]
    placed = {c for cards in list(hands.values()) + list(won.values()) + [nest] for c in cards}
    won[0] += [c for c in S.names(s, list(s.rules.deck(4))) if c not in placed]
    S.place(s, "nest", nest)
    for p in range(4):
        S.place(s, "hand", hands[p], p)
        S.place(s, "won", won.get(p, []), p)
    assert _z(s, "nest") == nest and sum(len(_z(s, "won", p)) for p in range(4)) == 35
    _turn(s, 1, ["Joker"], "Joker")             # the Rook leads and asks for trumps (green)
    _turn(s, 2, ["5/green"], "5/green")
    _turn(s, 3, ["14/red"], "14/red")           # no green: anything
    _turn(s, 0, ["10/green"], "10/green")
    # the Rook wins 20 + 5 + 10 + 10 and the nest's 15: seat 1's side 45 + 15 + 25 = 85; seat 2's side
    # took 35 of the 75 it bid and loses 75
    assert S.var(s, "score") == [-75, 85]


def test_french_tarot_four_players_petite_laying_away_and_overtrumping():
    s = G.new_game(_load("french-tarot"), 4, 0)
    hands = {1: ["7♠", "8♠", "21/atout"], 2: ["Q♥", "10/atout", "3♣"], 3: ["2♥", "15/atout", "9♣"],
             0: ["5♣", "20/atout", "Joker"]}
    dog = ["1/atout", "K♥", "5/atout", "2♦", "3♦", "4♦"]
    placed = {c for cards in list(hands.values()) + [dog] for c in cards}
    S.place(s, "stock", [c for c in S.names(s, list(s.rules.deck(4))) if c not in placed])
    S.place(s, "dog", dog)
    for p in range(4):
        S.place(s, "hand", hands[p], p)
    _turn(s, 1, ["pass", "take 1", "take 2", "take 4", "take 6"], ("take", 1))
    for p in (2, 3, 0):
        _turn(s, p, ["pass", "take 2", "take 4", "take 6"], ("pass",))
    # the dog joins seat 1's hand: nine cards, of which the 21, the 1 and the King may not be laid away;
    # a trump (the 5) only while the plain cards left are too few for the lays still to make
    _turn(s, 1, ["lay 7♠", "lay 8♠", "lay 2♦", "lay 3♦", "lay 4♦", "lay 5/atout"], ("lay", "2♦"))
    _turn(s, 1, ["lay 7♠", "lay 8♠", "lay 3♦", "lay 4♦", "lay 5/atout"], ("lay", "3♦"))
    _turn(s, 1, ["lay 7♠", "lay 8♠", "lay 4♦", "lay 5/atout"], ("lay", "4♦"))
    _turn(s, 1, ["lay 7♠", "lay 8♠", "lay 5/atout"], ("lay", "7♠"))
    _turn(s, 1, ["lay 8♠", "lay 5/atout"], ("lay", "8♠"))
    _turn(s, 1, ["lay 5/atout"], ("lay", "5/atout"))
    # trick 1: trumps led; each must beat the highest trump so far when able; the Excuse may always go
    _turn(s, 1, ["21/atout", "1/atout", "K♥"], "1/atout")
    _turn(s, 2, ["10/atout"], "10/atout")
    _turn(s, 3, ["15/atout"], "15/atout")
    _turn(s, 0, ["20/atout", "Joker"], "20/atout")
    # trick 2: seat 0 leads clubs; seat 1 has none and must trump
    _turn(s, 0, ["5♣", "Joker"], "5♣")
    _turn(s, 1, ["21/atout"], "21/atout")
    _turn(s, 2, ["3♣"], "3♣")
    _turn(s, 3, ["9♣"], "9♣")
    # trick 3: the King of hearts wins; the Excuse goes back to seat 0
    _turn(s, 1, ["K♥"], "K♥")
    _turn(s, 2, ["Q♥"], "Q♥")
    _turn(s, 3, ["2♥"], "2♥")
    _turn(s, 0, ["Joker"], "Joker")
    # the taker: six laid cards 6, trick 2 12, trick 3 17 = 35 with one oudler (the 21), 102 needed:
    # lost by 67, (25 + 33) x 1 = 58 to each defender
    assert S.var(s, "score") == [58, -174, 58, 58]


@pytest.mark.parametrize("text,said", [
    ("c.is_joker or c == x", "*c* is a joker or *c* is *x*"),
    ("filter(trick, c => not c.is_joker)", "the cards in *trick* that are not jokers"),
    ("max(map(trick, c => high(c)) + [-1])", "the largest of (the high of each card in *trick* together with minus 1)"),
    ("used + [x]", "*used* together with *x*"),
])
def test_a_joker_test_and_lists_joined_read_rightly(text, said):
    # `c.is_joker` read "the being a joker of c"; a list joined with + read "plus", as numbers added
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(zones={"trick"})
    assert words(text, lex) == said


def test_a_sum_over_players_inside_a_step_for_each_player_names_the_inner_player():
    # Dominoes scores the winner the cards everyone else holds: inside `for_each ... as: p`,
    # sum(players, q => count(hand[q])) read "the number of cards in the player's hand", the same words
    # as p's own hand in the same sentence
    from interpreter.authoring.explain import explain
    text = explain(_load("dominoes"))
    # the sum is bracketed before its condition, so the condition is not read inside the sum (review 26)
    assert ("Add ((the sum, over all the players q, of the number of cards in the player q's *hand*) if the "
            "number of cards in the player's *hand* is 0, otherwise minus the number of cards in the player's "
            "*hand*) to the player's *score*.") in text


def test_a_quantified_test_inside_a_chain_of_or_is_bracketed():
    # "... or for some card in p's hand, the suit of the card is led or not (p's hand holds K♥)" read as
    # if the last test were said of the card too
    from interpreter.authoring.explain import explain
    text = explain(_load("barbu"))
    assert ("(the *contract* is not 4 or *c* is K♥ or (for some card in *p*'s *hand*, the suit of the card is "
            "*led*) or not (*p*'s *hand* holds K♥))") in text


def test_a_definition_of_the_item_spoken_about_reads_as_its_own():
    # "the card with the highest strength of it among trick" (Rook's winner)
    from interpreter.authoring.explain import explain
    assert ("The trick goes to the player who played the card with the highest strength among *trick*."
            in explain(_load("rook")))
