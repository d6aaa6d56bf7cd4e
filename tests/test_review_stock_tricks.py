"""Trick games with a stock (a card drawn after each trick) and card points, never seen by the engine,
written from the docs (tests/rulesets_review18/, each says at its top what game it is and which rules
it keeps): Briscola, Tressette in partnerships, Spoil Five, Bezique for two (a double pack, marriages and
other declarations) and Manille in partnerships.  Also the fixes this review made (explain of nested
loops, of card(r, x) and of membership in a list of cards; scenario deals naming two identical cards;
the did-you-mean hint of a misspelt card).

Scripted deals: the moves offered, who plays next and the scores are worked out by hand from the rules,
in the comments.  Random games: small referees written here from the rules (sharing no code with the
engine) recompute the moves offered and the points move by move.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.helpers import run_cli
from tests.scripted import deal_order as _deck, legal_texts as _legal, load_from, turn as _turn, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review18"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _explain(name):
    out = run_cli("explain", str(HERE / f"{name}.yaml"))
    assert out.returncode == 0, out.stderr
    return out.stdout


# -- explain -----------------------------------------------------------------------------------------

def test_explain_a_loop_over_players_inside_a_loop_over_players():
    text = _explain("explain-shapes")
    # not 'For each player: For each player: If the player is not the player'
    assert "For each player (the second player below):" in text
    assert "If the second player is not the first player:" in text
    assert "the first player's *hand*" in text and "to the second player's *score*" in text


def test_explain_membership_in_a_list_of_cards_and_an_equality_to_either():
    text = _explain("explain-shapes")
    assert "the number of cards in player 1's *hand* that are Q♠ or J♦" in text
    assert "is in the list" not in text and "the card is Q♠ or the card is J♦" not in text
    # card("Q", spades) written out is the card Q♠
    assert "the first player's *hand* that are Q♠ or J♦" in text


def test_explain_a_card_from_loop_items():
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"trumps": None}, zones={"hand": "player"}, suits={"spades", "coins"})
    both = lex.binding("r", "rank").binding("x", "suit")
    assert words("card(r, x)", both) == "the card of that rank and that suit"       # was 'of rank rank and suit suit'
    assert words('card("Q", x)', both) == "the Q of that suit"
    assert words('card("7", coins)', lex) == "7/coins"
    assert words('card("10", trumps)', lex) == "the 10 of *trumps*"
    line = lex.binding("line", "line")
    assert words("card(line, trumps)", line) == "the card of rank line and suit *trumps*"
    assert "For each r of the list “Q” and “J”" in _explain("explain-shapes")
    assert "that are the card of rank *r* and suit spades" in _explain("explain-shapes")


# -- scenarios: two identical cards, misspelt cards ---------------------------------------------------

def _run_scenarios(path):
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    return CliRunner().invoke(cli, ["test", str(path)])


def test_the_bezique_scenarios_pass_with_a_card_named_in_two_zones():
    """Both players hold a Q♠ (the double pack's two copies): the deal used to fail ('Q♠ is listed for
    hand[1], but the game put it in hand[0]') and zones: kept only one of them."""
    result = _run_scenarios(HERE / "bezique.scenario.yaml")
    assert result.exit_code == 0, result.output
    assert "3 passed, 0 failed" in result.output


@pytest.mark.parametrize("name", ["tressette", "manille"])
def test_the_end_of_a_deal_scenarios_pass(name):
    result = _run_scenarios(HERE / f"{name}.scenario.yaml")
    assert result.exit_code == 0, result.output
    assert "1 passed, 0 failed" in result.output


def test_a_misspelt_card_is_told_in_the_packs_own_spelling():
    result = _run_scenarios(HERE / "misspelt.scenario.yaml")
    assert result.exit_code == 1
    out = result.output
    assert "'K/cup' is not a card of Review Briscola" in out and "did you mean 'K/cups'?" in out
    assert "0: [K/cup]" in out                          # the error points at the card's own line
    assert "did you mean 'A/coins'?" in out and "did you mean 'K/swords'?" in out


@pytest.mark.parametrize("text, told", [
    ("c == K/cup", "'K/cup' is not a card of this pack"),
    ("c == 1/coins", "did you mean 'A/coins'?"),
    ("c == 11/coins", "the pack's ranks are A, 2, 3, 4, 5, 6, 7, J, Q, K"),
])
def test_a_misspelt_card_in_an_expression(tmp_path, text, told):
    src = (HERE / "briscola.yaml").read_text(encoding="utf-8").replace("total(trick, value)", f"count(trick, c => {text})")
    (tmp_path / "b.yaml").write_text(src, encoding="utf-8")
    out = run_cli("validate", str(tmp_path / "b.yaml"))
    assert out.returncode == 1 and told in out.stdout + out.stderr, out.stdout + out.stderr


def test_a_misspelt_card_in_a_point_table_and_a_removal(tmp_path):
    src = (HERE / "briscola.yaml").read_text(encoding="utf-8")
    src = src.replace("value: {values: {A: 11", "value: {values: {K/cup: 3, A: 11").replace(
        "pack:\n", "pack:\n  remove: {cards: [7B]}\n", 1)
    (tmp_path / "b.yaml").write_text(src, encoding="utf-8")
    out = run_cli("validate", str(tmp_path / "b.yaml"))
    text = out.stdout + out.stderr
    assert "did you mean 'K/cups'?" in text and "did you mean '7/batons'?" in text, text


def test_a_definition_given_no_card_names_it(tmp_path):
    """isx(first(trick)) on an empty trick, with isx(c) reading c.suit: the error was 'a value of the
    wrong kind (a list position must be a number, not none)'; now it names the parameter."""
    src = (HERE / "briscola.yaml").read_text(encoding="utf-8")
    src = src.replace("follow: any", "follow: same(card, trick)").replace(
        "orders:", "define:\n  isx(c): c.suit == trumps or c == A/coins\n  same(c, t): isx(first(t)) or true\norders:", 1)
    (tmp_path / "b.yaml").write_text(src, encoding="utf-8")
    out = run_cli("validate", str(tmp_path / "b.yaml"))
    text = out.stdout + out.stderr
    assert "'c' is none, not a card, so it has no suit" in text, text
    assert "list position" not in text


# -- referees: the rules written again here, sharing no code with the engine ---------------------------

def _rs(name):
    """'10♥' -> ('10', 'hearts'); '7/coins' -> ('7', 'coins')."""
    if "/" in name:
        rank, suit = name.split("/")
        return rank, suit
    return name[:-1], {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}[name[-1]]


def _all_cards_once(s):
    assert G.all_cards(s) == sorted(s.rules.deck(s.n)), "a card lost or doubled"


def _drive(rules, n, seed, referee):
    """A random game: the referee is asked before each decision (who moves, the moves offered, in
    order-free text) and told of each move; its finish() checks the outcome."""
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    ref = referee(s)
    moves = 0
    while not s.over:
        actions = G.legal_actions(s)
        ref.before(s, G.current_player(s), sorted(S.describe(s, a) for a in actions))
        action = actions[rng.randrange(len(actions))]
        text = S.describe(s, action)
        G.apply(s, action)
        ref.after(s, text)
        _all_cards_once(s)
        moves += 1
        assert moves < 20000, "the game ends"
    ref.finish(s)
    return s


class TrickReferee:
    """What trick games share: whose turn, the trick so far, its winner (who leads next).  A game
    gives legal(hand, who), winner_of(plays) and won(winner, plays); new_hand(s) reads the deal."""
    players_dir = 1

    def __init__(self, s):
        self.n = s.n
        self.hand_no = None
        self.plays = []                 # [(seat, card)] of the trick being played
        self.decl = False               # a declaration (not a card) is asked now

    def next_seat(self, p):
        return (p + self.players_dir) % self.n

    def before(self, s, who, legal):
        if s.hand_no != self.hand_no:
            if self.hand_no is not None:
                self.end_hand(s)
            self.hand_no = s.hand_no
            self.plays = []
            self.new_hand(s)
        if self.decl:
            self.check_declaration(s, who, legal)
            return
        expected = self.leader if not self.plays else self.next_seat(self.plays[-1][0])
        assert who == expected, (who, expected, self.plays)
        hand = _z(s, "hand", who)
        want = sorted(self.legal(hand, who))
        assert legal == want, (legal, want, self.plays, hand)
        self.stock_before = _z(s, "stock")
        self.who = who

    def after(self, s, text):
        if self.decl:
            self.declaration_made(s, text)
            return
        self.plays.append((self.who, text))
        if len(self.plays) == self.n:
            plays, self.plays = self.plays, []
            winner = self.winner_of(plays)
            self.leader = winner
            self.won(s, winner, plays)

    def finish(self, s):
        self.end_hand(s)


BRISCOLA_ORDER = ["2", "4", "5", "6", "7", "J", "Q", "K", "3", "A"]
BRISCOLA_POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


class BriscolaReferee(TrickReferee):
    def new_hand(self, s):
        stock = _z(s, "stock")
        self.trumps = _rs(stock[0])[1]                    # the card turned up lies under the stock
        self.leader = 1                                   # seat 0 deals; no other hand is played
        self.points = [0, 0]

    def legal(self, hand, who):
        return list(hand)                                 # nobody has to follow suit

    def winner_of(self, plays):
        trumps = [(BRISCOLA_ORDER.index(_rs(c)[0]), p) for p, c in plays if _rs(c)[1] == self.trumps]
        if trumps:
            return max(trumps)[1]
        led = _rs(plays[0][1])[1]
        return max((BRISCOLA_ORDER.index(_rs(c)[0]), p) for p, c in plays if _rs(c)[1] == led)[1]

    def won(self, s, winner, plays):
        self.points[winner] += sum(BRISCOLA_POINTS.get(_rs(c)[0], 0) for _, c in plays)
        stock = self.stock_before
        if stock:
            # the winner draws the top card, then the other player (the turned-up card comes last)
            assert stock[-1] in _z(s, "hand", winner) and stock[-2] in _z(s, "hand", 1 - winner)
            assert _z(s, "stock") == stock[:-2]
        assert _v(s, "points") == self.points

    def end_hand(self, s):
        assert sum(self.points) == 120
        assert _v(s, "points") == self.points
        assert s.over
        over = [p for p in (0, 1) if self.points[p] > 60]
        assert G.result(s)["winners"] == (over or [0, 1])


def test_briscola_random_games_agree_with_the_referee():
    rules = _load("briscola")
    for seed in range(30):
        _drive(rules, 2, seed, BriscolaReferee)


TRESSETTE_ORDER = ["4", "5", "6", "7", "J", "Q", "K", "A", "2", "3"]


def _follow_suit(hand, plays):
    if not plays:
        return list(hand)
    led = _rs(plays[0][1])[1]
    same = [c for c in hand if _rs(c)[1] == led]
    return same or list(hand)


class TeamScores:
    """Partnerships 0+2 and 1+3: the game ends after a hand where a side has the target, the sides
    not level; the higher side wins."""
    target = 0

    def check_end(self, s):
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score)
        over = max(self.score) >= self.target and self.score[0] != self.score[1]
        assert s.over == over, (s.over, self.score)
        if over:
            best = 0 if self.score[0] > self.score[1] else 1
            assert sorted(G.result(s)["winners"]) == [best, best + 2]


class TressetteReferee(TrickReferee, TeamScores):
    players_dir = -1                  # play goes to the right
    target = 21

    def __init__(self, s):
        super().__init__(s)
        self.dealer = 0
        self.score = [0, 0]

    def new_hand(self, s):
        if self.hand_no > 1:
            self.dealer = (self.dealer - 1) % 4          # the deal passes to the right
        self.leader = (self.dealer - 1) % 4              # the player on the dealer's right leads
        self.thirds = [0, 0]
        self.tricks = 0
        assert all(len(_z(s, "hand", p)) == 10 for p in range(4))

    def legal(self, hand, who):
        return _follow_suit(hand, self.plays)

    def winner_of(self, plays):
        led = _rs(plays[0][1])[1]
        return max((TRESSETTE_ORDER.index(_rs(c)[0]), p) for p, c in plays if _rs(c)[1] == led)[1]

    def won(self, s, winner, plays):
        self.tricks += 1
        worth = {"A": 3, "2": 1, "3": 1, "K": 1, "Q": 1, "J": 1}
        self.thirds[winner % 2] += sum(worth.get(_rs(c)[0], 0) for _, c in plays) + (3 if self.tricks == 10 else 0)

    def end_hand(self, s):
        assert self.tricks == 10 and sum(self.thirds) == 35
        for t in (0, 1):
            self.score[t] += self.thirds[t] // 3
        self.check_end(s)


def test_tressette_random_games_agree_with_the_referee():
    rules = _load("tressette")
    for seed in range(4):
        _drive(rules, 4, seed, TressetteReferee)


MANILLE_ORDER = ["7", "8", "9", "J", "Q", "K", "A", "10"]
MANILLE_POINTS = {"10": 5, "A": 4, "K": 3, "Q": 2, "J": 1}


class ManilleReferee(TrickReferee, TeamScores):
    target = 61

    def __init__(self, s):
        super().__init__(s)
        self.dealer = 0
        self.score = [0, 0]

    def new_hand(self, s):
        if self.hand_no > 1:
            self.dealer = (self.dealer + 1) % 4
        self.leader = (self.dealer + 1) % 4
        self.trumps = _rs(_z(s, "hand", self.dealer)[-1])[1]        # the dealer's last card, shown
        self.taken = [0, 0]
        self.tricks = 0

    def best(self, plays):
        trumps = [(MANILLE_ORDER.index(_rs(c)[0]), p) for p, c in plays if _rs(c)[1] == self.trumps]
        if trumps:
            return max(trumps)
        led = _rs(plays[0][1])[1]
        return max((MANILLE_ORDER.index(_rs(c)[0]), p) for p, c in plays if _rs(c)[1] == led)

    def legal(self, hand, who):
        if not self.plays:
            return list(hand)
        led = _rs(self.plays[0][1])[1]
        same = [c for c in hand if _rs(c)[1] == led]
        if same:
            return same
        if self.best(self.plays)[1] == (who + 2) % 4:               # the partner is winning: anything
            return list(hand)
        trumps = [c for c in hand if _rs(c)[1] == self.trumps]
        if not trumps:
            return list(hand)
        top = max([MANILLE_ORDER.index(_rs(c)[0]) for p, c in self.plays if _rs(c)[1] == self.trumps], default=None)
        if top is None:
            return trumps                                              # must trump
        over = [c for c in trumps if MANILLE_ORDER.index(_rs(c)[0]) > top]
        return over or list(hand)                                      # overtrump, or anything

    def winner_of(self, plays):
        return self.best(plays)[1]

    def won(self, s, winner, plays):
        self.tricks += 1
        self.taken[winner % 2] += sum(MANILLE_POINTS.get(_rs(c)[0], 0) for _, c in plays)

    def end_hand(self, s):
        assert self.tricks == 8 and sum(self.taken) == 60
        for t in (0, 1):
            self.score[t] += max(0, self.taken[t] - 30)
        self.check_end(s)


def test_manille_random_games_agree_with_the_referee():
    rules = _load("manille")
    for seed in range(4):
        _drive(rules, 4, seed, ManilleReferee)


RED = ("hearts", "diamonds")
SPOIL_TRUMP = {True: ["2", "3", "4", "6", "7", "8", "9", "10", "Q", "K"],            # red, low to high
               False: ["10", "9", "8", "7", "6", "4", "3", "2", "Q", "K"]}
SPOIL_PLAIN = {True: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],
               False: ["10", "9", "8", "7", "6", "5", "4", "3", "2", "A", "J", "Q", "K"]}


class SpoilFiveReferee(TrickReferee):
    target = 3

    def __init__(self, s):
        super().__init__(s)
        self.dealer = 0
        self.score = [0] * s.n

    def new_hand(self, s):
        if self.hand_no > 1:
            self.dealer = (self.dealer + 1) % self.n
        self.leader = (self.dealer + 1) % self.n
        self.trumps = _rs(_z(s, "turned")[0])[1]
        self.tricks = [0] * self.n
        self.count = 0

    def is_trump(self, c):
        return _rs(c)[1] == self.trumps or c == "A♥"

    def power(self, c):
        rank, suit = _rs(c)
        if not self.is_trump(c):
            return SPOIL_PLAIN[suit in RED].index(rank)
        top = [("5", self.trumps), ("J", self.trumps), ("A", "hearts"), ("A", self.trumps)]
        if (rank, suit) in top:
            return 100 - top.index((rank, suit))
        return 50 + SPOIL_TRUMP[self.trumps in RED].index(rank)

    def legal(self, hand, who):
        if not self.plays:
            return list(hand)
        first = self.plays[0][1]
        if self.is_trump(first):
            # a trump led: a trump if able, but the 5, the J of trumps and the A♥ need not be played
            # to a lower trump
            top3 = {"5" + self.trumps, "J" + self.trumps, "Ahearts"}
            must = [c for c in hand if self.is_trump(c)
                    and not ("".join(_rs(c)) in top3 and self.power(c) > self.power(first))]
            return [c for c in hand if self.is_trump(c)] if must else list(hand)
        led = _rs(first)[1]
        if any(_rs(c)[1] == led and not self.is_trump(c) for c in hand):
            return [c for c in hand if (_rs(c)[1] == led and not self.is_trump(c)) or self.is_trump(c)]
        return list(hand)

    def winner_of(self, plays):
        led = _rs(plays[0][1])[1]
        lead_trump = self.is_trump(plays[0][1])
        return max((self.power(c) + (200 if self.is_trump(c) else 0), p) for p, c in plays
                   if self.is_trump(c) or (not lead_trump and _rs(c)[1] == led))[1]

    def won(self, s, winner, plays):
        self.tricks[winner] += 1
        self.count += 1

    def end_hand(self, s):
        assert self.count == 5
        for p in range(self.n):
            if self.tricks[p] >= 3:
                self.score[p] += 1
        assert _v(s, "score") == self.score
        assert s.over == (max(self.score) >= self.target)
        if s.over:
            assert G.result(s)["winners"] == [p for p in range(self.n) if self.score[p] == max(self.score)]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_spoil_five_random_games_agree_with_the_referee(n):
    rules = _load("spoil-five")
    for seed in range(3):
        _drive(rules, n, seed, SpoilFiveReferee)


BEZIQUE_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]
BEZIQUE_WORTH = {"double bezique": 500, "sequence": 250, "A": 100, "K": 80, "Q": 60, "J": 40,
                 "royal marriage": 40, "bezique": 40}


class BeziqueReferee(TrickReferee):
    draw = None                 # (the last trick's winner, the stock before the draws)
    stock_empty_at_lead = False

    def new_hand(self, s):
        stock = _z(s, "stock")
        self.trumps = _rs(stock[0])[1]
        self.leader = 1
        self.score = [10 if _rs(stock[0])[0] == "7" else 0, 0]      # a 7 turned up: 10 to the dealer
        self.declared = [[], []]
        self.dixes = [0, 0]
        self.tricks = 0
        self.draw = None

    def held(self, hand, rank, suit):
        return sum(1 for c in hand if _rs(c) == (rank, suit))

    def before(self, s, who, legal):
        if self.draw is not None and not self.decl:
            # the last trick's winner drew the top card, then the other player
            winner, stock = self.draw
            assert _z(s, "stock") == stock[:-2]
            self.draw = None
        super().before(s, who, legal)

    def legal(self, hand, who):
        if not self.plays or self.stock_empty_at_lead is False:
            return list(hand)
        led = _rs(self.plays[0][1])[1]

        def beats(c):
            rank, suit = _rs(c)
            trumps = [BEZIQUE_ORDER.index(_rs(x)[0]) for _, x in self.plays if _rs(x)[1] == self.trumps]
            if suit == self.trumps:
                return max(trumps, default=-1) < BEZIQUE_ORDER.index(rank)
            same = [BEZIQUE_ORDER.index(_rs(x)[0]) for _, x in self.plays if _rs(x)[1] == led]
            return suit == led and not trumps and max(same) < BEZIQUE_ORDER.index(rank)
        same = [c for c in hand if _rs(c)[1] == led]
        if same:
            return [c for c in same if beats(c)] or same
        return [c for c in hand if _rs(c)[1] == self.trumps] or list(hand)

    def after(self, s, text):
        if not self.decl and not self.plays:
            self.stock_empty_at_lead = not self.stock_before
        super().after(s, text)

    def winner_of(self, plays):
        trumps = [(BEZIQUE_ORDER.index(_rs(c)[0]), -i, p) for i, (p, c) in enumerate(plays) if _rs(c)[1] == self.trumps]
        if trumps:
            return max(trumps)[2]                       # of two identical cards the first played wins
        led = _rs(plays[0][1])[1]
        return max((BEZIQUE_ORDER.index(_rs(c)[0]), -i, p) for i, (p, c) in enumerate(plays) if _rs(c)[1] == led)[2]

    def won(self, s, winner, plays):
        self.tricks += 1
        self.score[winner] += sum(10 for _, c in plays if _rs(c)[0] in ("A", "10"))
        if self.tricks == 32:
            self.score[winner] += 10
        if self.stock_before:
            self.decl = True                            # the winner may declare, then both draw
            self.draw = (winner, self.stock_before)

    def check_declaration(self, s, who, legal):
        assert who == self.leader
        hand, done = _z(s, "hand", who), self.declared[who]
        t = self.trumps
        want = ["pass"]
        kinds = {"sequence": all(self.held(hand, r, t) for r in ("A", "10", "K", "Q", "J")),
                 "royal marriage": self.held(hand, "K", t) and self.held(hand, "Q", t),
                 "double bezique": self.held(hand, "Q", "spades") == 2 and self.held(hand, "J", "diamonds") == 2,
                 "bezique": self.held(hand, "Q", "spades") and self.held(hand, "J", "diamonds")}
        for r in ("A", "K", "Q", "J"):
            kinds[r] = sum(1 for c in hand if _rs(c)[0] == r) >= 4
        want += ["declare " + k for k, ok in kinds.items() if ok and k not in done]
        want += ["marriage " + x for x in ("clubs", "diamonds", "hearts", "spades")
                 if x != t and self.held(hand, "K", x) and self.held(hand, "Q", x) and x not in done]
        if self.dixes[who] < self.held(hand, "7", t):
            want.append("dix")
        assert legal == sorted(want), (legal, sorted(want), hand)
        self.who = who

    def declaration_made(self, s, text):
        who = self.who
        move, _, what = text.partition(" ")
        if move == "declare":
            self.score[who] += BEZIQUE_WORTH[what]
            self.declared[who].append(what)
        elif move == "marriage":
            self.score[who] += 20
            self.declared[who].append(what)
        elif move == "dix":
            self.score[who] += 10
            self.dixes[who] += 1
        self.decl = False
        assert _v(s, "score") == self.score
        winner, stock = self.draw
        assert stock[-1] in _z(s, "hand", winner) and stock[-2] in _z(s, "hand", 1 - winner)

    def end_hand(self, s):
        assert self.tricks == 32 and s.over
        assert _v(s, "score") == self.score
        best = max(self.score)
        assert G.result(s)["winners"] == [p for p in (0, 1) if self.score[p] == best]


def test_bezique_random_games_agree_with_the_referee():
    rules = _load("bezique")
    for seed in range(12):
        _drive(rules, 2, seed, BeziqueReferee)


GAMES = ["briscola", "tressette", "spoil-five", "bezique", "manille"]


def _every_way(name, seeds):
    from tests.test_review_unseen import _compare, _counts, _load as _load_both
    path = HERE / f"{name}.yaml"
    fast, plain = _load_both(path), _load_both(path, plain=True)
    return [_compare(fast, plain, n, seed, name) for n in _counts(fast) for seed in seeds]


@pytest.mark.parametrize("name", GAMES)
def test_the_games_are_the_same_every_way(name):
    outcomes = _every_way(name, range(2))
    assert all(o[0] != "error" for o in outcomes), [o[1] for o in outcomes if o[0] == "error"][:1]


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES)
def test_the_games_are_the_same_every_way_soak(name):
    outcomes = _every_way(name, range(2, 30))
    assert all(o[0] != "error" for o in outcomes), [o[1] for o in outcomes if o[0] == "error"][:1]


@pytest.mark.soak
@pytest.mark.parametrize("name, referee, counts", [
    ("briscola", BriscolaReferee, [2]), ("tressette", TressetteReferee, [4]), ("manille", ManilleReferee, [4]),
    ("spoil-five", SpoilFiveReferee, [2, 3, 4, 5, 6]), ("bezique", BeziqueReferee, [2])])
def test_random_games_agree_with_the_referees_soak(name, referee, counts):
    rules = _load(name)
    for n in counts:
        for seed in range(100, 300):
            _drive(rules, n, seed, referee)


# -- scripted deals, worked by hand ---------------------------------------------------------------------

def test_briscola_a_scripted_start():
    hands = {1: ["A/cups", "3/swords", "2/coins"], 0: ["K/cups", "7/batons", "Q/swords"]}
    # after the deal the next card (4 of coins) is turned up and put under the stock; then the draws
    s = S.stacked_game(_load("briscola"), 2, _deck(hands, [1, 0], ["4/coins", "J/cups", "5/batons", "6/cups", "2/swords"]))
    assert _v(s, "trumps") == "coins" and _z(s, "stock")[0] == "4/coins"
    assert len(_z(s, "stock")) == 34
    # seat 1 (not the dealer) leads; nobody has to follow suit
    _turn(s, 1, hands[1], "3/swords")
    _turn(s, 0, hands[0], "Q/swords")
    # 3 ranks above Q: seat 1 takes 10 + 3, draws J of cups, seat 0 the 5 of batons
    assert _v(s, "points") == [0, 13]
    assert "J/cups" in _z(s, "hand", 1) and "5/batons" in _z(s, "hand", 0)
    _turn(s, 1, ["A/cups", "2/coins", "J/cups"], "A/cups")
    _turn(s, 0, ["K/cups", "7/batons", "5/batons"], "K/cups")
    assert _v(s, "points") == [0, 28]                     # 11 + 4 more
    assert "6/cups" in _z(s, "hand", 1) and "2/swords" in _z(s, "hand", 0)
    # a trump led: seat 0 may play anything, and nothing but a trump would win
    _turn(s, 1, ["2/coins", "J/cups", "6/cups"], "2/coins")
    _turn(s, 0, ["7/batons", "5/batons", "2/swords"], "7/batons")
    assert G.current_player(s) == 1 and _v(s, "points") == [0, 28]
    # the turned-up card is still the bottom of the stock: the last card to be drawn
    assert _z(s, "stock")[0] == "4/coins" and len(_z(s, "stock")) == 28


TRESSETTE = {3: ["A/coins", "4/coins", "5/coins", "6/coins", "7/coins", "J/coins", "Q/coins", "K/coins", "2/cups", "3/cups"],
             2: ["2/coins", "3/coins", "A/cups", "4/cups", "5/cups", "6/cups", "7/cups", "J/cups", "Q/cups", "K/cups"],
             1: [r + "/swords" for r in ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]],
             0: [r + "/batons" for r in ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]]}


def test_tressette_a_scripted_start():
    # seat 0 deals to the right: seat 3 first, and seat 3 leads; play goes 3, 2, 1, 0
    s = S.stacked_game(_load("tressette"), 4, _deck(TRESSETTE, [3, 2, 1, 0]))
    assert all(sorted(_z(s, "hand", p)) == sorted(TRESSETTE[p]) for p in range(4))
    _turn(s, 3, TRESSETTE[3], "4/coins")
    _turn(s, 2, ["2/coins", "3/coins"], "3/coins")             # must follow coins
    _turn(s, 1, TRESSETTE[1], "A/swords")                      # no coins: any card
    _turn(s, 0, TRESSETTE[0], "A/batons")
    # the 3 is the highest card: seat 2 wins 1 + 3 + 3 thirds for seats 0 and 2
    assert _v(s, "got") == [7, 0] and G.current_player(s) == 2
    _turn(s, 2, ["2/coins"] + TRESSETTE[2][2:], "A/cups")
    _turn(s, 1, TRESSETTE[1][1:], "K/swords")
    _turn(s, 0, TRESSETTE[0][1:], "K/batons")
    _turn(s, 3, ["2/cups", "3/cups"], "2/cups")                # the 2 beats the Ace
    assert _v(s, "got") == [7, 6] and G.current_player(s) == 3


MANILLE = {1: ["7♥", "8♥", "9♥", "A♣", "10♣", "7♦", "8♦", "9♦"],
           2: ["J♥", "Q♥", "K♥", "K♣", "7♣", "10♦", "J♦", "Q♦"],
           3: ["A♥", "10♥", "8♣", "9♣", "J♣", "K♦", "A♦", "7♠"],
           0: ["8♠", "9♠", "J♠", "Q♠", "Q♣", "K♠", "A♠", "10♠"]}


def test_manille_a_scripted_start():
    s = S.stacked_game(_load("manille"), 4, _deck(MANILLE, [1, 2, 3, 0]))
    # the dealer's last card, the 10♠: spades are trumps
    assert _v(s, "trumps") == "spades"
    _turn(s, 1, MANILLE[1], "A♣")
    _turn(s, 2, ["K♣", "7♣"], "7♣")
    _turn(s, 3, ["8♣", "9♣", "J♣"], "J♣")
    _turn(s, 0, ["Q♣"], "Q♣")
    assert _v(s, "taken") == [0, 7] and G.current_player(s) == 1       # A 4 + J 1 + Q 2
    _turn(s, 1, ["7♥", "8♥", "9♥", "10♣", "7♦", "8♦", "9♦"], "10♣")
    _turn(s, 2, ["K♣"], "K♣")
    _turn(s, 3, ["8♣", "9♣"], "9♣")
    # seat 0 has no club and its partner is not winning: it must trump (any trump: none is in yet)
    _turn(s, 0, ["8♠", "9♠", "J♠", "Q♠", "K♠", "A♠", "10♠"], "8♠")
    assert _v(s, "taken") == [8, 7] and G.current_player(s) == 0       # 10 5 + K 3
    _turn(s, 0, ["9♠", "J♠", "Q♠", "K♠", "A♠", "10♠"], "Q♠")
    # seat 1 has no spade and no trump: anything
    _turn(s, 1, ["7♥", "8♥", "9♥", "7♦", "8♦", "9♦"], "7♥")
    # seat 2 has no spade, and its partner is winning: anything, even no trump
    _turn(s, 2, ["J♥", "Q♥", "K♥", "10♦", "J♦", "Q♦"], "K♥")
    _turn(s, 3, ["7♠"], "7♠")
    assert _v(s, "taken") == [13, 7] and G.current_player(s) == 0


SPOIL = {1: ["A♥", "3♣", "9♠", "K♣", "6♥"], 2: ["5♦", "3♦", "4♦", "10♣", "8♠"], 0: ["J♦", "7♣", "2♠", "K♥", "A♣"]}


def test_spoil_five_a_scripted_hand():
    s = S.stacked_game(_load("spoil-five"), 3, _deck(SPOIL, [1, 2, 0], ["2♦"]))
    assert _v(s, "trumps") == "diamonds"
    _turn(s, 1, SPOIL[1], "3♣")
    # a plain suit led: follow or trump, as one likes; 8♠ is neither
    _turn(s, 2, ["10♣", "5♦", "3♦", "4♦"], "10♣")
    _turn(s, 0, ["7♣", "A♣", "J♦"], "A♣")
    # black suits: K Q J A 2 ... 10, so the A♣ beats the 3♣ and the 10♣
    assert G.current_player(s) == 0
    _turn(s, 0, ["J♦", "7♣", "2♠", "K♥"], "2♠")
    _turn(s, 1, ["9♠", "A♥"], "9♠")                            # the A♥ is a trump
    _turn(s, 2, ["8♠", "5♦", "3♦", "4♦"], "3♦")
    assert G.current_player(s) == 2
    # a low trump led: the J of trumps and the A♥ need not be played to it (reneging)
    _turn(s, 2, ["5♦", "4♦", "8♠"], "4♦")
    _turn(s, 0, ["J♦", "7♣", "K♥"], "7♣")
    _turn(s, 1, ["A♥", "K♣", "6♥"], "K♣")
    # the 5 of trumps led: now they must be played
    _turn(s, 2, ["5♦", "8♠"], "5♦")
    _turn(s, 0, ["J♦"], "J♦")
    _turn(s, 1, ["A♥"], "A♥")
    _turn(s, 2, ["8♠"], "8♠")
    _turn(s, 0, ["K♥"], "K♥")
    _turn(s, 1, ["6♥"], "6♥")
    # seat 2 took four tricks: 1 point; the next deal is seat 1's
    assert _v(s, "score") == [0, 0, 1] and s.hand_no == 2 and _v(s, "dealer") == 1


def test_bezique_the_last_eight_tricks():
    s = S.stacked_game(_load("bezique"), 2, [])
    # set by hand: the stock used up, hearts trumps, five cards each, no points yet
    S.place(s, "hand", ["K♠", "7♥", "9♣", "Q♦", "J♣"], owner=1)
    S.place(s, "hand", ["A♠", "10♠", "9♠", "8♣", "8♥"], owner=0)
    rules = s.rules
    stock, won = s.z[rules.zones["stock"].index], s.z[rules.zones["won"].index]
    won[0].extend(stock)
    stock[:] = []
    keep = {0: ["A♠", "10♠", "9♠", "8♣", "8♥"], 1: ["K♠", "7♥", "9♣", "Q♦", "J♣"]}
    for p in (0, 1):
        hand = s.z[rules.zones["hand"].index][p]
        extra = hand[:-5]                    # the dealt cards; the five placed last stay
        for c in extra:
            hand.remove(c)
            won[p].append(c)
    S.set_var(s, "trumps", "hearts")
    S.set_var(s, "score", [0, 0])
    _all_cards_once(s)
    assert sorted(_z(s, "hand", 0)) == sorted(keep[0]) and sorted(_z(s, "hand", 1)) == sorted(keep[1])
    _turn(s, 1, keep[1], "K♠")
    # follow suit and win if able: the A or the 10, not the 9
    _turn(s, 0, ["A♠", "10♠"], "10♠")
    assert _v(s, "score") == [10, 0]
    _turn(s, 0, ["A♠", "9♠", "8♣", "8♥"], "8♣")
    _turn(s, 1, ["9♣", "J♣"], "9♣")
    # no diamond: a trump must be played
    _turn(s, 1, ["7♥", "Q♦", "J♣"], "Q♦")
    _turn(s, 0, ["8♥"], "8♥")
    _turn(s, 0, ["A♠", "9♠"], "9♠")
    _turn(s, 1, ["7♥"], "7♥")
    # the last trick: the A♠ (10) and 10 for the last trick to seat 1
    _turn(s, 1, ["J♣"], "J♣")
    _turn(s, 0, ["A♠"], "A♠")
    assert s.over and _v(s, "score") == [10, 20] and G.result(s)["winners"] == [1]


def test_explain_a_game_of_one_hand_and_the_names_of_a_tricks_block():
    text = _explain("briscola")
    # no end: after_hand, so one hand: not 'A game that has not ended after 1000 hands stops ...'
    assert "- The game ends after one hand." in text and "1000 hands" not in text
    text = _explain("bezique")
    # led_suit in a follow rule reads 'the suit led', not '*led_suit*'
    assert "the card may play (the current player's *hand*, *trick*, the suit led)" in text
    assert "*led_suit*" not in text


def test_explain_a_list_joined_and_one_winning_team():
    text = _explain("manille")
    # max(map(...) + [-1]): not 'plus minus 1'
    assert "whose suit is *s* together with minus 1" in text and "plus minus 1" not in text
    # first(argmax(...)) is one team: no '(all of them on a tie)'
    assert "- The game is won by the players of the first of the teams with the highest *score*.\n" in text


def test_play_lists_two_identical_cards_in_a_hand_once():
    """rules play offered '7) A♠   8) A♠' with both copies of A♠ in the hand: one move, listed once;
    typing it, its key or the hint still work."""
    from interpreter.playtest.session import Session
    rules = _load("bezique")
    session = Session(rules, seed=3, bots=["random"])
    s = session.state
    session.run_bots()
    assert G.current_player(s) == 0            # seat 1 has led: seat 0, the human, plays to the trick
    S.place(s, "hand", ["A♠", "A♠"], owner=0)
    legal = session.legal(0)
    texts = [m["text"] for m in legal]
    held = _z(s, "hand", 0)
    assert held.count("A♠") == 2
    assert texts.count("A♠") == 1 and len(texts) == len(set(held)), texts
    assert len(G.legal_actions(s)) == len(held)          # the engine still offers both copies
    session.hint_move(0)
    session.choose(0, "A♠")
    assert _z(s, "hand", 0).count("A♠") == 1


@pytest.mark.parametrize("text, said", [
    # two players in one sentence: each is called by its name (was 'the player's *score* is more than
    # the player's *score*')
    ("any(players, q => score[q] > score[p])", "some player q's *score* is more than the player p's *score*"),
    ("filter(players, q => q != p)", "the players q who are not the player p"),
    ("any(hand[0], c => any(hand[1], d => d.rank == c.rank))",
     "for some card c in player 0's *hand*, for some card d in player 1's *hand*, the rank of the card d is the rank "
     "of the card c"),
    # one player at a time: as before
    ("sum(players, q => count(hand[q]))", "the sum, over all the players, of the number of cards in the player's *hand*"),
])
def test_explain_two_items_of_one_kind_in_one_expression(text, said):
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"score": "player"}, zones={"hand": "player"})
    bound = lex.binding("p", "player") if "p]" in text or "!= p" in text else lex
    assert words(text, bound) == said


def _variant(tmp_path, old, new):
    src = (HERE / "briscola.yaml").read_text(encoding="utf-8")
    assert old in src
    (tmp_path / "b.yaml").write_text(src.replace(old, new), encoding="utf-8")
    out = run_cli("validate", str(tmp_path / "b.yaml"))
    return out.returncode, out.stdout + out.stderr


def test_a_misspelt_move_position_is_an_error(tmp_path):
    """position: under was taken silently for top: the turned-up card stayed on the stock."""
    code, text = _variant(tmp_path, "position: bottom", "position: under")
    assert code == 1 and "'position' is top, bottom or a number of cards, not 'under'" in text, text


def test_a_follow_rule_that_allows_no_lead_says_why(tmp_path):
    code, text = _variant(tmp_path, "follow: any", "follow: card.suit == led_suit")
    assert code == 1
    assert "player 1 has no card to play: the follow: condition holds for none of their 3 card(s)" in text, text
    assert "led_suit is none here: this player leads" in text


def test_play_tells_a_misspelt_card_in_the_packs_spelling():
    from interpreter.playtest.session import Session
    from interpreter.playtest.words import Refused
    session = Session(_load("briscola"), seed=1, bots=["random"])
    session.run_bots()
    for typed, told in [("K/cup", "did you mean 'K/cups'?"), ("kb", "did you mean 'K/batons'?"),
                        ("1/coins", "did you mean 'A/coins'?")]:
        with pytest.raises(Refused) as err:
            session.choose(0, typed)
        assert f"'{typed}' is not a card of this pack ({told})" in str(err.value)
    with pytest.raises(Refused) as err:
        session.choose(0, "foo")
    assert "'foo' is not a legal move now" in str(err.value)


def test_explain_one_player_count_is_said_once():
    assert "For 2 players. Seats" in _explain("briscola")
    assert "For 2, 3, 4, 5 or 6 players (usually 4)." in _explain("spoil-five")


def test_simulate_says_what_the_first_seat_is():
    """Tressette plays to the right: seat 1, left of the dealer, plays last; 'first seat (seat 1)'
    read as the first to play."""
    out = run_cli("simulate", str(HERE / "tressette.yaml"), "--games", "4", "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert "first seat (seat 1, left of the first dealer):" in out.stdout


def test_a_number_divided_by_a_misspelt_name_is_an_unknown_name(tmp_path):
    code, text = _variant(tmp_path, "total(trick, value)", "total(trick, value) + 10 / tricks_wonx")
    assert code == 1 and "unknown name 'tricks_wonx'" in text and "not a card" not in text, text


def test_explain_a_relative_clause_joined_by_or():
    # was 'the cards in *trick* that are trump or its suit is the suit of the first card of *trick*'
    assert "among the cards in *trick* that are trump or whose suit is the suit of the first card of *trick*" \
        in _explain("spoil-five")
