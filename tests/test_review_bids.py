"""Correctness on games of bidding, scoring and variants the engine has never seen (tests/rulesets_review8/,
each says at its top what game it is and which rules it keeps), judged against the rules as a designer
means them.

Scripted deals: the bids offered at each point, the contract and declarer, the tricks and the scores
hand by hand are worked out by hand from the rules, in the comments.  Random games are checked by
invariants (every card in exactly one zone, every move one the rules offered, the game ends) and by
small referees written here from the rules, sharing no code with the engine.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset
from tests.scripted import deal_order as _deck, legal_texts as _legal, load_from, turn as _turn, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review8"
SUITS = "♣♦♥♠"
SUIT_NAMES = dict(zip(SUITS, ["clubs", "diamonds", "hearts", "spades"]))


def _load(name, **options):
    return load_from(HERE, name, **options)




def _suit(name):
    return name[-1]


def _rank(name):
    return name[:-1]


# -- Bridge: the auction, double and redouble, the declarer, the score -----------------------------------

RANKS52 = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
ONE_SUIT = {0: [r + "♠" for r in RANKS52], 1: [r + "♥" for r in RANKS52],
            2: [r + "♦" for r in RANKS52], 3: [r + "♣" for r in RANKS52]}


def _code(level, strain):
    """A bid as the ruleset numbers it: strain 0-3 the suits clubs to spades, 4 no trumps."""
    return 5 * (level - 1) + strain + 1


def _bids_from(low):
    return [f"bid {b}" for b in range(low, 36)]


def _bridge(hands=ONE_SUIT, **options):
    rules = _load("bridge-auction", **options)
    return S.stacked_game(rules, 4, _deck(hands, [1, 2, 3, 0]))


def _play_out(s):
    """Play the tricks with the first card offered (with one suit each, every play is forced anyway
    but for the leader)."""
    while not G.is_over(s) and G.legal_actions(s)[0][0] == "play" and s.hand_no == 1:
        G.apply(s, G.legal_actions(s)[0])


def test_bridge_double_redouble_and_the_declarer_who_first_named_the_strain():
    s = _bridge()
    assert _z(s, "hand", 1) == ONE_SUIT[1]
    # seat 1 opens: every bid, or pass; nothing to double yet
    _turn(s, 1, _bids_from(1) + ["pass"], ("bid", _code(1, 2)))                       # 1♥
    # seat 2 (an opponent) may double 1♥
    _turn(s, 2, _bids_from(4) + ["double", "pass"], ("double",))
    # seat 3, the bidder's partner, may redouble; no second double
    _turn(s, 3, _bids_from(4) + ["redouble", "pass"], ("redouble",))
    # seat 0: a redoubled bid can be neither doubled nor redoubled again
    _turn(s, 0, _bids_from(4) + ["pass"], ("bid", _code(1, 3)))                        # 1♠ cancels it
    assert _v(s, "doubled") == 1
    _turn(s, 1, _bids_from(5) + ["double", "pass"], ("pass",))
    # seat 2 is seat 0's partner: no double of its own side, no redouble of an undoubled bid
    _turn(s, 2, _bids_from(5) + ["pass"], ("bid", _code(4, 3)))                        # 4♠
    _turn(s, 3, _bids_from(20) + ["double", "pass"], ("double",))
    # seat 0 may redouble its partner's doubled bid
    _turn(s, 0, _bids_from(20) + ["redouble", "pass"], ("pass",))
    # after a double and a pass, the doubler's partner may not redouble; seat 2 still may
    _turn(s, 1, _bids_from(20) + ["pass"], ("pass",))
    _turn(s, 2, _bids_from(20) + ["redouble", "pass"], ("redouble",))
    # a redouble restarts the count: three passes are needed again
    _turn(s, 3, _bids_from(20) + ["pass"], ("pass",))
    _turn(s, 0, _bids_from(20) + ["pass"], ("pass",))
    _turn(s, 1, _bids_from(20) + ["pass"], ("pass",))
    # 4♠ redoubled by seat 2's side; seat 0 named spades first: seat 0 declares, seat 1 leads
    assert (_v(s, "bid"), _v(s, "doubled"), _v(s, "declarer")) == (_code(4, 3), 4, 0)
    assert G.current_player(s) == 1 and _legal(s) == ONE_SUIT[1]
    # seat 1 leads a heart, seat 0 ruffs; then seat 0 leads spades: 13 tricks to the declarer's side
    _play_out(s)
    assert _v(s, "taken") == [13, 0] or s.hand_no == 2
    # 4♠XX+3 not vulnerable: 4 x 30 x 4 = 480, game 300, redoubled 100, 3 overtricks x 200 = 600: 1480
    assert _v(s, "score") == [1480, 0]
    assert s.hand_no == 2 and G.current_player(s) == 2             # dealer 1, seat 2 bids first


@pytest.mark.parametrize("doubles, want", [
    ([], [510, 0]),                        # 4♠+3: 120 + 300 + 3 x 30
    (["double"], [890, 0]),                # 4♠X+3: 240 + 300 + 50 + 3 x 100
])
def test_bridge_a_made_contract_with_overtricks(doubles, want):
    s = _bridge()
    S.play(s, ("pass",), ("pass",), ("pass",), ("bid", _code(4, 3)))
    for d in doubles:
        S.play(s, (d,))
    S.play(s, ("pass",), ("pass",), ("pass",))
    assert _v(s, "declarer") == 0
    _play_out(s)
    assert _v(s, "score") == want


@pytest.mark.parametrize("level, doubled, want", [
    (1, [], 350),                    # 1NT-7: 7 x 50
    (1, ["double"], 1700),           # 1NT X -7: 100 + 200 + 200 + 4 x 300
    (1, ["double", "redouble"], 3400),
    (7, ["double"], 3500),           # 7NT X -13: 100 + 400 + 10 x 300
    (3, [], 450),                    # 3NT-9
])
def test_bridge_a_contract_set_in_no_trumps(level, doubled, want):
    # seat 0 bids no trumps holding only spades: seat 1 leads hearts and takes every trick
    s = _bridge()
    S.play(s, ("pass",), ("pass",), ("pass",), ("bid", _code(level, 4)))
    if doubled:
        S.play(s, ("double",))
        if len(doubled) > 1:
            S.play(s, ("redouble",))                # seat 2, the declarer's partner
    if level == 7:
        assert "bid" not in {a[0] for a in G.legal_actions(s)}, "nothing is higher than 7NT"
    S.play(s, ("pass",), ("pass",), ("pass",))
    _play_out(s)
    assert _v(s, "score") == [0, want]


def test_bridge_four_passes_throw_the_hand_in_and_the_deal_moves_on():
    s = _bridge()
    S.play(s, ("pass",), ("pass",), ("pass",))
    # a fourth pass (the dealer's) ends it; three passes are not enough without a bid
    assert s.hand_no == 1 and G.current_player(s) == 0
    _turn(s, 0, _bids_from(1) + ["pass"], ("pass",))
    assert s.hand_no == 2 and _v(s, "score") == [0, 0] and G.current_player(s) == 2
    assert G.all_cards(s) == sorted(s.rules.deck(4))


def test_bridge_a_bid_after_three_passes_opens_the_auction():
    s = _bridge()
    S.play(s, ("pass",), ("pass",), ("pass",), ("bid", 1), ("pass",), ("pass",))
    # two passes after the bid: the auction goes on
    assert G.current_player(s) == 3 and _v(s, "declarer") is None
    S.play(s, ("pass",))
    assert _v(s, "declarer") == 0 and G.current_player(s) == 1


def _bridge_score(level, strain, doubled, taken):
    """The declaring side's score (positive) or the defenders' (negative), from the scoring table."""
    over = taken - 6 - level
    if over >= 0:
        per = 20 if strain < 2 else 30
        trick = (per * level if strain < 4 else 40 + 30 * (level - 1)) * doubled
        bonus = 300 if trick >= 100 else 50
        slam = {6: 500, 7: 1000}.get(level, 0)
        insult = {1: 0, 2: 50, 4: 100}[doubled]
        each_over = per if doubled == 1 else 100 * doubled // 2
        return trick + bonus + slam + insult + over * each_over
    short = -over
    if doubled == 1:
        return -50 * short
    steps = [100] + [200, 200] + [300] * 10
    return -sum(steps[:short]) * (doubled // 2)


class _BridgeReferee:
    """Follows a game of the bridge ruleset from the rules alone: whose turn, what is offered, the
    contract, the tricks and the score of each deal."""

    def __init__(self, s):
        self.dealer, self.score, self.hand_no = 0, [0, 0], 0
        self.deals = []

    def new_hand(self, s):
        self.hand_no += 1
        self.hands = {p: _z(s, "hand", p) for p in range(4)}
        self.bid, self.bidder, self.doubled, self.passes, self.named = 0, None, 1, 0, []
        self.turn = (self.dealer + 1) % 4
        self.playing = False

    def offered(self):
        if not self.playing:
            p = self.turn
            out = [f"bid {b}" for b in range(self.bid + 1, 36)] + ["pass"]
            if self.bid and self.doubled == 1 and self.bidder % 2 != p % 2:
                out.append("double")
            if self.doubled == 2 and self.bidder % 2 == p % 2:
                out.append("redouble")
            return sorted(out)
        hand = self.hands[self.turn]
        if self.trick:
            led = _suit(self.trick[0][1])
            same = [c for c in hand if _suit(c) == led]
            if same:
                return sorted(same)
        return sorted(hand)

    def apply(self, move):
        p = self.turn
        if not self.playing:
            if move.startswith("bid "):
                self.bid, self.bidder, self.doubled, self.passes = int(move[4:]), p, 1, 0
                self.named.append((p, (self.bid - 1) % 5))
            elif move == "double":
                self.doubled, self.passes = 2, 0
            elif move == "redouble":
                self.doubled, self.passes = 4, 0
            else:
                self.passes += 1
            self.turn = (p + 1) % 4
            if self.bid == 0 and self.passes == 4:
                self.deals.append(None)
                return self.end_hand()
            if self.bid and self.passes == 3:
                strain = (self.bid - 1) % 5
                self.declarer = next(q for q, st in self.named if q % 2 == self.bidder % 2 and st == strain)
                self.trumps = SUITS[strain] if strain < 4 else None
                self.playing, self.trick, self.taken = True, [], [0, 0]
                self.turn = (self.declarer + 1) % 4
            return False
        self.hands[p].remove(move)
        self.trick.append((p, move))
        self.turn = (p + 1) % 4
        if len(self.trick) == 4:
            led = _suit(self.trick[0][1])
            trumps = [t for t in self.trick if _suit(t[1]) == self.trumps]
            pool = trumps or [t for t in self.trick if _suit(t[1]) == led]
            winner = max(pool, key=lambda t: RANKS52.index(_rank(t[1])))[0]
            self.taken[winner % 2] += 1
            self.trick, self.turn = [], winner
            if not self.hands[winner]:
                level, strain = (self.bid - 1) // 5 + 1, (self.bid - 1) % 5
                got = _bridge_score(level, strain, self.doubled, self.taken[self.declarer % 2])
                side = self.declarer % 2
                self.score[side if got > 0 else 1 - side] += abs(got)
                self.deals.append((level, strain, self.doubled, self.declarer, self.taken[side], got))
                return self.end_hand()
        return False

    def end_hand(self):
        self.dealer = (self.dealer + 1) % 4
        return True


def _quiet(rng, moves):
    """A random pick that passes half the time when it may (random bids would climb to seven)."""
    if "pass" in moves and rng.random() < 0.5:
        return moves.index("pass")
    return rng.randrange(len(moves))


def _referee_game(rules, seed, referee_cls, players, check_hand, pick=_quiet):
    """Play a random game, the referee saying at every decision who moves and what is offered; after
    each hand `check_hand(s, referee)`.  Returns the game and the referee."""
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    pack = sorted(rules.deck(players))
    ref = referee_cls(s)
    ref.new_hand(s)
    while not G.is_over(s):
        assert G.current_player(s) == ref.turn, (seed, ref.hand_no, len(s.history))
        assert sorted(_legal(s)) == ref.offered(), (seed, ref.hand_no, len(s.history), _legal(s))
        moves = _legal(s)
        action = G.legal_actions(s)[pick(rng, moves)]
        move = S.describe(s, action)
        G.apply(s, action)
        assert G.all_cards(s) == pack
        ended = ref.apply(move)
        if ended:
            check_hand(s, ref)
            if not G.is_over(s):
                ref.new_hand(s)
        assert ended or not G.is_over(s), ("the game ended where the referee plays on", seed, ref.hand_no)
    return s, ref


def _bridge_check(s, ref):
    assert _v(s, "score") == ref.score, (ref.hand_no, ref.deals[-1])


@pytest.mark.parametrize("seed", range(6))
def test_bridge_random_games_against_a_referee(seed):
    rules = _load("bridge-auction")
    s, ref = _referee_game(rules, seed, _BridgeReferee, 4, _bridge_check)
    assert ref.hand_no == 4 and s.hand_no == 4
    best = max(ref.score)
    assert sorted(G.result(s)["winners"]) == [p for p in range(4) if ref.score[p % 2] == best]
    assert G.result(s)["team_scores"] == ref.score


@pytest.mark.soak
def test_bridge_random_games_against_a_referee_soak():
    rules = _load("bridge-auction")
    for seed in range(6, 200):
        _referee_game(rules, seed, _BridgeReferee, 4, _bridge_check)


# -- validate: names a designer would naturally choose ---------------------------------------------------

_SMALL = """name: Small
players: {count: 2}
pack: {ranks: ["9", "10", J, Q, K, A], suits: [clubs, spades]}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  trick: {visibility: public}
state: {dealer: {type: player, initial: 0}, score: {per: player, initial: 0}}
orders: {plain: ["9", J, Q, K, "10", A], sort: ["9", A]}
%s
hand:
  - gather: {from: [hand, trick], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - tricks: {hand: hand, trick: trick, order: plain, collect: stock,
             after_trick: [{add: {"score[winner]": "count(trick)"}}]}
end:
  after_hand: "hand_number >= 2"
  winners: "argmax(players, p => score[p])"
"""


@pytest.mark.parametrize("section", ["points: {count: {values: {A: 11}}}", "points: {total: {values: {A: 11}}}",
                                     "points: {max: {values: {A: 11}}}"])
def test_a_point_table_or_order_named_like_a_built_in_function_is_reported_where_it_is_named(tmp_path, section):
    # Pinochle players call their card points "count".  A point table (or order) of that name took over
    # every call count(...) of the ruleset: the error was at each use ("count(card) takes one card"),
    # with no word of the clash.  It is now reported at the table's name, once, and the built-in's uses
    # stay as they are.
    path = tmp_path / "small.yaml"
    text = _SMALL % section
    path.write_text(text)
    loaded = load_ruleset(str(path))
    errors = [d for d in loaded.diagnostics if d.severity == "error"]
    line = text.splitlines().index(section) + 1
    order = text.splitlines().index('orders: {plain: ["9", J, Q, K, "10", A], sort: ["9", A]}') + 1
    assert sorted((d.line, d.col, "built-in function" in d.message) for d in errors) == \
        sorted([(line, 10, True), (order, 42, True)]), [d.format() for d in errors]
    assert all("another name" in d.hint for d in errors)


# -- Pinochle: melds declared from the hand, then tricks with the duty to head the trick ----------------

PIN_ORDER = ["9", "J", "Q", "K", "10", "A"]
PIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
PINOCHLE = {
    1: ["A♥", "10♥", "K♥", "Q♥", "J♥", "K♥", "Q♥", "9♥", "Q♠", "J♦", "K♣", "Q♣"],
    2: ["A♣", "A♦", "A♥", "A♠", "K♠", "Q♠", "J♣", "J♦", "J♥", "J♠", "9♣", "9♦"],
    3: ["K♦", "Q♦", "K♦", "Q♦", "10♦", "10♦", "A♦", "9♦", "9♠", "10♥", "10♠", "10♠"],
    0: ["9♣", "J♣", "Q♣", "K♣", "10♣", "10♣", "A♣", "9♠", "J♠", "K♠", "A♠", "9♥"],
}


def _packets(hands, seats, size):
    out = []
    for start in range(0, len(hands[seats[0]]), size):
        for p in seats:
            out += hands[p][start:start + size]
    return out


def _pin_held(hand, rank, suit):
    return sum(1 for c in hand if c == rank + suit)


def _pin_melds(hand, trumps, declared, dixes):
    """The meld moves a player may make, from the rules (declared: the kinds already declared)."""
    t = trumps
    out = ["done"]
    run = all(_pin_held(hand, r, t) for r in ["A", "10", "K", "Q", "J"])
    two = _pin_held(hand, "K", t) >= 2 and _pin_held(hand, "Q", t) >= 2
    if run and "run" not in declared and ("royal" not in declared or two):
        out.append("run")
    if _pin_held(hand, "K", t) and _pin_held(hand, "Q", t) and "royal" not in declared \
            and ("run" not in declared or two):
        out.append("royal_marriage")
    for suit in SUITS:
        if suit != t and _pin_held(hand, "K", suit) and _pin_held(hand, "Q", suit) and suit not in declared:
            out.append("marriage " + SUIT_NAMES[suit])
    if _pin_held(hand, "Q", "♠") and _pin_held(hand, "J", "♦") and "pinochle" not in declared:
        out.append("pinochle")
    if dixes < _pin_held(hand, "9", t):
        out.append("dix")
    for r in ["A", "K", "Q", "J"]:
        if all(_pin_held(hand, r, x) for x in SUITS) and r not in declared:
            out.append("around " + r)
    return sorted(out)


_PIN_MELD_POINTS = {"run": 150, "royal_marriage": 40, "marriage": 20, "pinochle": 40, "dix": 10,
                    "around A": 100, "around K": 80, "around Q": 60, "around J": 40}


def _pin_allowed(hand, trick, trumps):
    """The cards a player may play, from the rule text: follow suit and head the trick if able (not in
    a trick already trumped); else trump, beating the best trump if able; else anything."""
    if not trick:
        return sorted(hand)
    led = _suit(trick[0])

    def best(suit):
        ranks = [PIN_ORDER.index(_rank(c)) for c in trick if _suit(c) == suit]
        return max(ranks) if ranks else -1
    follow = [c for c in hand if _suit(c) == led]
    if follow:
        trumped = led != trumps and best(trumps) >= 0
        higher = [c for c in follow if PIN_ORDER.index(_rank(c)) > best(led)]
        return sorted(follow if trumped or not higher else higher)
    ruffs = [c for c in hand if _suit(c) == trumps]
    if ruffs:
        higher = [c for c in ruffs if PIN_ORDER.index(_rank(c)) > best(trumps)]
        return sorted(higher or ruffs)
    return sorted(hand)


def _pin_winner(trick, trumps):
    """The position in the trick of the winning card: the best trump, else the best of the suit led;
    of identical cards the first played."""
    pool = [i for i, c in enumerate(trick) if _suit(c) == trumps] or \
        [i for i, c in enumerate(trick) if _suit(c) == _suit(trick[0])]
    top = max(PIN_ORDER.index(_rank(trick[i])) for i in pool)
    return next(i for i in pool if PIN_ORDER.index(_rank(trick[i])) == top)


class _PinochleReferee:
    def __init__(self, s):
        self.dealer, self.score, self.hand_no = 0, [0, 0], 0

    def new_hand(self, s):
        self.hand_no += 1
        self.hands = {p: _z(s, "hand", p) for p in range(4)}
        self.trumps = _suit(self.hands[self.dealer][-1])
        self.melders = [(self.dealer + k) % 4 for k in range(1, 5)]
        self.declared = {p: set() for p in range(4)}
        self.dixes = {p: 0 for p in range(4)}
        self.meld, self.points, self.tricks = [0, 0], [0, 0], [0, 0]
        self.turn, self.trick, self.players = self.melders[0], [], []

    def offered(self):
        if self.melders:
            p = self.turn
            return _pin_melds(self.hands[p], self.trumps, self.declared[p], self.dixes[p])
        return _pin_allowed(self.hands[self.turn], self.trick, self.trumps)

    def apply(self, move):
        p = self.turn
        if self.melders:
            if move == "done":
                self.melders.pop(0)
                self.turn = self.melders[0] if self.melders else (self.dealer + 1) % 4
                return False
            kind = move.split()[0]
            self.meld[p % 2] += _PIN_MELD_POINTS.get(move, _PIN_MELD_POINTS.get(kind))
            if kind == "dix":
                self.dixes[p] += 1
            else:
                self.declared[p].add({"royal_marriage": "royal", "around": move[-1:],
                                      "marriage": dict(zip(SUIT_NAMES.values(), SUITS)).get(move[9:])}.get(kind, kind))
            return False
        self.hands[p].remove(move)
        self.trick.append(move)
        self.players.append(p)
        self.turn = (p + 1) % 4
        if len(self.trick) < 4:
            return False
        winner = self.players[_pin_winner(self.trick, self.trumps)]
        self.points[winner % 2] += sum(PIN_POINTS[_rank(c)] for c in self.trick)
        self.tricks[winner % 2] += 1
        self.trick, self.players, self.turn = [], [], winner
        if self.hands[winner]:
            return False
        self.points[winner % 2] += 10
        for t in range(2):
            self.score[t] += self.points[t] + (self.meld[t] if self.tricks[t] else 0)
        self.dealer = (self.dealer + 1) % 4
        return True


def _pin_check(s, ref):
    assert _v(s, "score") == ref.score, (ref.hand_no, ref.points, ref.meld)


def _pin_game():
    rules = _load("pinochle-melds")
    return S.stacked_game(rules, 4, _packets(PINOCHLE, [1, 2, 3, 0], 3))


def test_pinochle_melds_are_offered_from_the_hand_and_scored():
    s = _pin_game()
    want = _pin_script(s)
    assert _v(s, "score") == want and s.hand_no == 2


@pytest.mark.parametrize("short, over, winners", [
    ((0, 0), False, None),           # both sides reach the target with equal scores: another deal
    ((0, -1), True, [1, 3]),         # both reach it, side 1 higher: it wins
    ((-1, 5), True, [0, 2]),         # only side 0 reaches it
])
def test_pinochle_the_game_ends_after_a_deal_where_a_side_reached_the_target_unless_they_are_equal(short, over,
                                                                                                 winners):
    s = _pin_game()
    want = _pin_script(_pin_game())                  # the deal's scores, from a first run
    S.set_var(s, "score", [1000 - want[0] - short[0], 1000 - want[1] - short[1]])
    _pin_script(s)
    assert _v(s, "score") == [1000 - short[0], 1000 - short[1]]
    assert G.is_over(s) == over
    if over:
        assert sorted(G.result(s)["winners"]) == winners and s.hand_no == 1
    else:
        assert s.hand_no == 2


def _pin_script(s):
    """The scripted deal of PINOCHLE, checked move by move; the deal's scores (worked out by the rules
    as a referee reads them)."""
    assert _z(s, "hand", 0) == PINOCHLE[0] and _v(s, "trumps") == "hearts"
    assert S.names(s, sorted(s.revealed)) == ["9♥"]              # the turned-up card, shown to all
    # seat 1 melds first: the run, the royal marriage (two K and Q of trumps held, so both may be
    # declared), the marriage in clubs, the pinochle, the dix
    both = ["run", "royal_marriage", "pinochle", "dix", "done"]
    _turn(s, 1, both + ["marriage clubs"], ("run",))
    _turn(s, 1, ["royal_marriage", "pinochle", "dix", "done", "marriage clubs"], ("dix",))
    # one 9 of trumps: one dix
    _turn(s, 1, ["royal_marriage", "pinochle", "done", "marriage clubs"], ("royal_marriage",))
    _turn(s, 1, ["pinochle", "done", "marriage clubs"], ("marriage", "clubs"))
    _turn(s, 1, ["pinochle", "done"], ("pinochle",))
    _turn(s, 1, ["done"], ("done",))
    # seat 2: aces and jacks around, the marriage in spades, the pinochle (Q♠ J♦ also count in other
    # melds); nothing for hearts (K♥ missing)
    _turn(s, 2, ["around A", "around J", "marriage spades", "pinochle", "done"], ("around", "A"))
    _turn(s, 2, ["around J", "marriage spades", "pinochle", "done"], ("around", "J"))
    _turn(s, 2, ["marriage spades", "pinochle", "done"], ("marriage", "spades"))
    _turn(s, 2, ["pinochle", "done"], ("pinochle",))
    _turn(s, 2, ["done"], ("done",))
    # seat 3: two marriages in diamonds, declared once
    _turn(s, 3, ["marriage diamonds", "done"], ("marriage", "diamonds"))
    _turn(s, 3, ["done"], ("done",))
    # seat 0, the dealer: the dix (the turned-up 9♥) and the marriage in clubs
    _turn(s, 0, ["marriage clubs", "dix", "done"], ("dix",))
    _turn(s, 0, ["marriage clubs", "done"], ("marriage", "clubs"))
    _turn(s, 0, ["done"], ("done",))
    # team 0: 100 + 40 + 20 + 40 + 10 + 20 = 230; team 1: 150 + 10 + 40 + 20 + 40 + 20 = 280
    assert _v(s, "meld") == [230, 280]
    # trick 1: seat 1 leads Q♠; seat 2 must head it (A♠ or K♠); seat 3 cannot beat A♠: any spade;
    # seat 0 neither (an equal Ace does not beat): any spade.  The first A♠ wins: 3 + 11 + 0 + 11
    _turn(s, 1, PINOCHLE[1], "Q♠")
    _turn(s, 2, ["A♠", "K♠"], "A♠")
    _turn(s, 3, ["9♠", "10♠", "10♠"], "9♠")
    _turn(s, 0, ["9♠", "J♠", "K♠", "A♠"], "A♠")
    assert G.current_player(s) == 2
    # trick 2: seat 2 leads 9♣; seat 3 has no club and must trump (10♥); seat 0 follows, and need not
    # beat 9♣ in a trumped trick; seat 1 the same; 10♥ wins 0 + 10 + 10 + 4 for team 1
    _turn(s, 2, ["A♣", "A♦", "A♥", "K♠", "Q♠", "J♣", "J♦", "J♥", "J♠", "9♣", "9♦"], "9♣")
    _turn(s, 3, ["10♥"], "10♥")
    _turn(s, 0, ["9♣", "J♣", "Q♣", "K♣", "10♣", "10♣", "A♣"], "10♣")
    _turn(s, 1, ["K♣", "Q♣"], "K♣")
    assert G.current_player(s) == 3
    # trick 3: seat 3 leads 10♠; seat 0 cannot beat it: any spade; seat 1 has none: any trump (none in
    # the trick to beat); seat 2 follows, the trick trumped: any spade.  9♥ wins 10 + 4 + 0 + 3
    _turn(s, 3, ["K♦", "Q♦", "K♦", "Q♦", "10♦", "10♦", "A♦", "9♦", "10♠", "10♠"], "10♠")
    _turn(s, 0, ["9♠", "J♠", "K♠"], "K♠")
    _turn(s, 1, ["A♥", "10♥", "K♥", "Q♥", "J♥", "K♥", "Q♥", "9♥"], "9♥")
    _turn(s, 2, ["K♠", "Q♠", "J♠"], "Q♠")
    assert G.current_player(s) == 1
    # trick 4: seat 1 leads J♦; seat 2 must head it with A♦; then seat 3 cannot beat A♦: any diamond;
    # seat 0 has no diamond: it must trump, beating the best trump (none): 9♥ wins 2 + 11 + 0 + 0
    _turn(s, 1, ["A♥", "10♥", "K♥", "Q♥", "J♥", "K♥", "Q♥", "J♦", "Q♣"], "J♦")
    _turn(s, 2, ["A♦"], "A♦")
    _turn(s, 3, ["K♦", "Q♦", "K♦", "Q♦", "10♦", "10♦", "A♦", "9♦"], "9♦")
    _turn(s, 0, ["9♥"], "9♥")
    assert G.current_player(s) == 0
    # the rest played out, checked against the rules as a referee reads them: 25 + 13 so far for
    # team 0, 24 + 17 for team 1
    remaining = {p: _z(s, "hand", p) for p in range(4)}
    points, tricks, leader = [38, 41], [2, 2], 0
    while any(remaining.values()):
        trick, players = [], []
        for k in range(4):
            p = (leader + k) % 4
            assert G.current_player(s) == p and sorted(_legal(s)) == _pin_allowed(remaining[p], trick, "♥")
            card = _pin_allowed(remaining[p], trick, "♥")[0]
            S.play(s, card)
            remaining[p].remove(card)
            trick.append(card)
            players.append(p)
        leader = players[_pin_winner(trick, "♥")]
        points[leader % 2] += sum(PIN_POINTS[_rank(c)] for c in trick)
        tricks[leader % 2] += 1
    points[leader % 2] += 10
    assert sum(points) == 250
    want = [points[t] + ([230, 280][t] if tricks[t] else 0) for t in range(2)]
    return want


def test_pinochle_a_run_uses_the_only_king_and_queen_of_trumps_so_no_royal_marriage():
    hands = {p: list(h) for p, h in PINOCHLE.items()}
    # seat 1 keeps one K♥ and one Q♥: give the others to seat 3 for two diamonds
    hands[1][5], hands[3][0] = hands[3][0], hands[1][5]
    hands[1][6], hands[3][1] = hands[3][1], hands[1][6]
    rules = _load("pinochle-melds")
    s = S.stacked_game(rules, 4, _packets(hands, [1, 2, 3, 0], 3))
    # (and queens around: Q♥ Q♦ Q♠ Q♣)
    _turn(s, 1, ["run", "royal_marriage", "pinochle", "dix", "done", "marriage clubs", "marriage diamonds",
                 "around Q"], ("run",))
    _turn(s, 1, ["pinochle", "dix", "done", "marriage clubs", "marriage diamonds", "around Q"], ("done",))
    # seat 3 now holds a K♥ and Q♥: the royal marriage, but not the run
    S.play(s, ("done",))
    _turn(s, 3, ["royal_marriage", "marriage diamonds", "done"], ("royal_marriage",))


@pytest.mark.parametrize("seed", range(3))
def test_pinochle_random_games_against_a_referee(seed):
    rules = _load("pinochle-melds", target=600)
    s, ref = _referee_game(rules, seed, _PinochleReferee, 4, _pin_check, pick=_pin_pick)
    best = 0 if ref.score[0] > ref.score[1] else 1
    assert max(ref.score) >= 600 and ref.score[0] != ref.score[1]
    assert sorted(G.result(s)["winners"]) == [best, best + 2]


def _pin_pick(rng, moves):
    """Meld most of the time (a random pick would say done at once half the time)."""
    if "done" in moves and len(moves) > 1 and rng.random() < 0.8:
        return rng.choice([i for i, m in enumerate(moves) if m != "done"])
    return rng.randrange(len(moves))


@pytest.mark.soak
def test_pinochle_random_games_against_a_referee_soak():
    rules = _load("pinochle-melds", target=600)
    for seed in range(3, 60):
        _referee_game(rules, seed, _PinochleReferee, 4, _pin_check, pick=_pin_pick)


# -- A point-trick contract: the declarer needs 61, 90 or every trick, the game value multiplied --------

PC_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]
PC_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
POINT_CONTRACT = {
    1: ["A♣", "10♣", "K♣", "Q♣", "J♣", "9♣", "A♠", "10♠", "A♥", "10♥"],
    2: ["8♣", "7♣", "K♠", "Q♠", "J♠", "9♠", "K♥", "Q♥", "J♥", "9♥"],
    0: ["8♠", "7♠", "8♥", "7♥", "A♦", "10♦", "K♦", "Q♦", "J♦", "9♦"],
}
PC_SKAT = ["8♦", "7♦"]
PC_PLAY = [("A♠", "9♠", "7♦"), ("A♦", "9♣", "7♣"), ("10♦", "J♣", "8♣"), ("K♦", "Q♣", "9♥"),
           ("Q♦", "K♣", "J♥"), ("J♦", "10♣", "Q♥"), ("9♦", "A♣", "K♥"), ("8♦", "10♠", "J♠"),
           ("8♥", "A♥", "Q♠"), ("10♥", "K♠", "7♥")]


def _pc_game(**options):
    rules = _load("point-contract", **options)
    return S.stacked_game(rules, 3, _deck(POINT_CONTRACT, [1, 2, 0], PC_SKAT), fill=False)


def _pc_auction_to(s, contract):
    """Seat 1 bids 1, seat 2 passes, seat 0 bids `contract` (2 or 3), seat 1 passes (if it may still)."""
    _turn(s, 1, ["bid 1", "bid 2", "bid 3", "pass"], ("bid", 1))
    _turn(s, 2, ["bid 2", "bid 3", "pass"], ("pass",))
    _turn(s, 0, ["bid 2", "bid 3", "pass"], ("bid", contract))
    if contract < 3:
        # seat 2 has passed and is skipped: seat 1 is asked again
        _turn(s, 1, ["bid 3", "pass"], ("pass",))
    else:
        _turn(s, 1, ["pass"], ("pass",))


@pytest.mark.parametrize("contract, want", [(2, 18), (3, -54)])
def test_point_contract_a_scripted_hand(contract, want):
    s = _pc_game()
    _pc_auction_to(s, contract)
    # the auction is over: seat 0 declares, takes the skat and lays two cards away
    assert (_v(s, "declarer"), _v(s, "contract")) == (0, contract)
    _turn(s, 0, [f"lay_away {c}" for c in POINT_CONTRACT[0] + PC_SKAT], ("lay_away", "8♠"))
    _turn(s, 0, [f"lay_away {c}" for c in POINT_CONTRACT[0][1:] + PC_SKAT], ("lay_away", "7♠"))
    assert _z(s, "laid") == ["8♠", "7♠"] and _z(s, "skat") == []
    _turn(s, 0, ["trumps clubs", "trumps spades", "trumps hearts", "trumps diamonds"], ("trumps", "diamonds"))
    # the dealer's left leads; seat 0 has no spade left and trumps the Ace
    _turn(s, 1, POINT_CONTRACT[1], "A♠")
    _turn(s, 2, ["K♠", "Q♠", "J♠", "9♠"], "9♠")
    _turn(s, 0, POINT_CONTRACT[0][2:] + PC_SKAT, "7♦")
    for trick in PC_PLAY[1:]:
        S.play(s, *trick)
    # declarer: 11 + 11 + 12 + 7 + 9 + 15 + 15 + 12 = 92 points in 8 tricks, the laid cards 0;
    # seat 1 took the last two (14 + 14).  Schneider (90) made: 9 x 2 = 18; schwarz lost: -2 x 27
    assert s.hand_no == 2
    assert _v(s, "score") == [want, 0, 0]
    assert G.current_player(s) == 2                       # dealer 1: seat 2 bids first


def test_point_contract_everyone_passes_and_the_hand_is_thrown_in():
    s = _pc_game()
    S.play(s, ("pass",), ("pass",))
    # two passes with no bid: the dealer may still bid
    _turn(s, 0, ["bid 1", "bid 2", "bid 3", "pass"], ("pass",))
    assert s.hand_no == 2 and _v(s, "score") == [0, 0, 0] and G.current_player(s) == 2


def test_point_contract_the_last_player_in_bids_and_the_auction_ends_at_once():
    s = _pc_game()
    S.play(s, ("pass",), ("pass",), ("bid", 1))
    assert _v(s, "declarer") == 0 and G.legal_actions(s)[0][0] == "lay_away"


def _pc_winner(trick, trumps):
    pool = [i for i, c in enumerate(trick) if _suit(c) == trumps] or \
        [i for i, c in enumerate(trick) if _suit(c) == _suit(trick[0])]
    return max(pool, key=lambda i: PC_ORDER.index(_rank(trick[i])))


class _PointContractReferee:
    def __init__(self, s):
        self.dealer, self.score, self.hand_no, self.deals = 0, [0, 0, 0], 0, []

    def new_hand(self, s):
        self.hand_no += 1
        self.hands = {p: _z(s, "hand", p) for p in range(3)}
        self.skat = _z(s, "skat")
        self.contract, self.declarer, self.passed = 0, None, set()
        self.turn, self.phase = (self.dealer + 1) % 3, "auction"

    def offered(self):
        if self.phase == "auction":
            return sorted([f"bid {n}" for n in range(self.contract + 1, 4)] + ["pass"])
        if self.phase == "lay":
            return sorted(f"lay_away {c}" for c in self.hands[self.declarer])
        if self.phase == "trumps":
            return sorted(f"trumps {x}" for x in ["clubs", "spades", "hearts", "diamonds"])
        hand = self.hands[self.turn]
        same = [c for c in hand if self.trick and _suit(c) == _suit(self.trick[0])]
        return sorted(same or hand)

    def apply(self, move):
        p = self.turn
        if self.phase == "auction":
            if move == "pass":
                self.passed.add(p)
            else:
                self.contract, self.declarer = int(move[4:]), p
            left = [q for q in range(3) if q not in self.passed]
            if not left:
                self.deals.append(None)
                self.dealer = (self.dealer + 1) % 3
                return True
            if self.declarer is not None and len(left) == 1:
                self.phase, self.turn = "lay", self.declarer
                self.hands[self.declarer] += self.skat
                self.laid = []
                return False
            q = (p + 1) % 3
            while q in self.passed:
                q = (q + 1) % 3
            self.turn = q
            return False
        if self.phase == "lay":
            card = move.split()[1]
            self.hands[p].remove(card)
            self.laid.append(card)
            if len(self.laid) == 2:
                self.phase = "trumps"
            return False
        if self.phase == "trumps":
            self.trumps = SUITS[["clubs", "diamonds", "hearts", "spades"].index(move.split()[1])]
            self.phase, self.turn, self.trick, self.players = "play", (self.dealer + 1) % 3, [], []
            self.pips, self.taken = sum(PC_POINTS.get(_rank(c), 0) for c in self.laid), 0
            return False
        self.hands[p].remove(move)
        self.trick.append(move)
        self.players.append(p)
        self.turn = (p + 1) % 3
        if len(self.trick) < 3:
            return False
        winner = self.players[_pc_winner(self.trick, self.trumps)]
        if winner == self.declarer:
            self.taken += 1
            self.pips += sum(PC_POINTS.get(_rank(c), 0) for c in self.trick)
        self.trick, self.players, self.turn = [], [], winner
        if self.hands[winner]:
            return False
        made = [None, self.pips >= 61, self.pips >= 90, self.taken == 10][self.contract]
        value = {"♦": 9, "♥": 10, "♠": 11, "♣": 12}[self.trumps] * self.contract
        self.score[self.declarer] += value if made else -2 * value
        self.deals.append((self.contract, self.pips, self.taken, made))
        self.dealer = (self.dealer + 1) % 3
        return True


def _pc_check(s, ref):
    assert _v(s, "score") == ref.score, (ref.hand_no, ref.deals[-1])


def test_point_contract_random_games_against_a_referee():
    rules = _load("point-contract", deals=6)
    seen = set()
    for seed in range(25):
        s, ref = _referee_game(rules, seed, _PointContractReferee, 3, _pc_check)
        assert s.hand_no == 6
        best = max(ref.score)
        assert G.result(s)["winners"] == [p for p in range(3) if ref.score[p] == best]
        seen |= {(d[0], d[3]) for d in ref.deals if d}
    assert {(1, True), (1, False), (2, False)} <= seen, seen


@pytest.mark.soak
def test_point_contract_random_games_against_a_referee_soak():
    rules = _load("point-contract", deals=6)
    for seed in range(25, 400):
        _referee_game(rules, seed, _PointContractReferee, 3, _pc_check)


# -- A race that ends in the middle of a hand ------------------------------------------------------------

RACE_ORDER = ["9", "J", "Q", "K", "10", "A"]
RACE = {
    1: ["K♥", "Q♥", "A♣", "9♠", "J♦"],
    2: ["A♥", "10♣", "K♣", "Q♠", "9♦"],
    0: ["10♥", "9♥", "J♣", "A♠", "K♦"],
}


def _race(target=101, scores=None):
    rules = _load("race-marriages", target=target)
    s = S.stacked_game(rules, 3, _deck(RACE, [1, 2, 0], ["Q♦"]))
    if scores:
        S.set_var(s, "score", list(scores))
    return s


def _race_first_hand(s, upto=5):
    """The scripted hand, trick by trick, as far as `upto` tricks or the end of the game."""
    _turn(s, 1, ["marriage hearts", "no_marriage"], ("marriage", "hearts"))
    if s.over:
        return
    _turn(s, 1, ["K♥", "Q♥"], "Q♥")                 # a declared marriage: lead its King or Queen
    _turn(s, 2, ["A♥"], "A♥")
    _turn(s, 0, ["10♥", "9♥"], "10♥")
    if s.over or upto == 1:
        return
    _turn(s, 2, ["10♣", "K♣", "Q♠", "9♦"], "K♣")   # no marriage to declare: no question asked
    _turn(s, 0, ["J♣"], "J♣")
    _turn(s, 1, ["A♣"], "A♣")
    if s.over or upto == 2:
        return
    _turn(s, 1, ["K♥", "9♠", "J♦"], "K♥")           # hearts was declared already (and Q♥ is gone)
    _turn(s, 2, ["10♣", "Q♠", "9♦"], "9♦")
    _turn(s, 0, ["9♥"], "9♥")
    if s.over:
        return
    _turn(s, 2, ["10♣", "Q♠"], "10♣")
    _turn(s, 0, ["A♠", "K♦"], "K♦")
    _turn(s, 1, ["9♠", "J♦"], "9♠")
    if s.over:
        return
    _turn(s, 0, ["A♠"], "A♠")
    _turn(s, 1, ["J♦"], "J♦")
    _turn(s, 2, ["Q♠"], "Q♠")


def test_race_a_whole_hand_scored_as_it_goes():
    s = _race()
    assert _v(s, "trumps") == "diamonds"
    _race_first_hand(s, upto=1)
    # the marriage in hearts 20 at once; A♥ takes 3 + 11 + 10 for seat 2
    assert _v(s, "score") == [0, 20, 24]
    _race_first_hand_rest(s)
    # seat 1: 20 + 17 + 16 + 10 (the last trick) = 63; seat 2: 24 + 4; seat 0: 14.  Seats 1 and 2 took
    # two tricks each, the most: 5 each
    assert _v(s, "score") == [14, 68, 33]
    assert s.hand_no == 2 and not s.over


def _race_first_hand_rest(s):
    for trick in [("K♣", "J♣", "A♣"), ("K♥", "9♦", "9♥"), ("10♣", "K♦", "9♠"), ("A♠", "J♦", "Q♠")]:
        S.play(s, *trick)


@pytest.mark.parametrize("target, scores, winners, at", [
    (30, None, [1], [0, 37, 24]),            # seat 1 reaches 37 with the second trick: the game stops
    (20, None, [1], [0, 20, 0]),             # the marriage alone reaches the target, before any lead
    (24, None, [1], [0, 20, 0]),             # ... but not 24: the first trick is played, seat 2 wins
    (101, [90, 0, 0], [0], [104, 37, 28]),   # seat 0 reaches 104 on the fourth trick
    (101, [0, 33, 68], [1, 2], [14, 101, 101]),  # both reach it with the bonus for the most tricks
    (101, [0, 34, 68], [1], [14, 102, 101]),     # ... the higher score wins
])
def test_race_the_game_ends_the_moment_the_target_is_reached(target, scores, winners, at):
    s = _race(target, scores)
    _race_first_hand(s)
    if target == 24:
        # 20 is short of 24: the trick is played and A♥ gives seat 2 24: seat 2 wins
        assert G.is_over(s) and G.result(s)["winners"] == [2] and _v(s, "score") == [0, 20, 24]
        return
    assert G.is_over(s)
    assert G.result(s)["winners"] == winners
    assert _v(s, "score") == at
    assert s.hand_no == 1
    if target == 20:
        assert _z(s, "trick") == [] and all(len(_z(s, "hand", p)) == 5 for p in range(3))


class _RaceReferee:
    order, points, marry, target = RACE_ORDER, PC_POINTS, True, 61

    def __init__(self, s):
        self.n, self.dealer, self.hand_no = s.n, 0, 0
        self.score = [0] * s.n
        self.winners = None

    def new_hand(self, s):
        self.hand_no += 1
        self.hands = {p: _z(s, "hand", p) for p in range(self.n)}
        self.trumps = _suit(_z(s, "stock")[-1])
        self.declared, self.married, self.asked = [], None, False
        self.tricks = [0] * self.n
        self.turn, self.trick, self.players = (self.dealer + 1) % self.n, [], []

    def marriages(self, p):
        h = self.hands[p]
        return [x for x in SUITS if "K" + x in h and "Q" + x in h and x not in self.declared and self.marry]

    def offered(self):
        p = self.turn
        if not self.trick and not self.asked and self.marriages(p):
            return sorted([f"marriage {SUIT_NAMES[x]}" for x in self.marriages(p)] + ["no_marriage"])
        hand = self.hands[p]
        if not self.trick:
            if self.married:
                return sorted(c for c in hand if c in ("K" + self.married, "Q" + self.married))
            return sorted(hand)
        same = [c for c in hand if _suit(c) == _suit(self.trick[0])]
        return sorted(same or hand)

    def reached(self, p=None):
        hit = [q for q in range(self.n) if self.score[q] >= self.target]
        if hit:
            best = max(self.score[q] for q in hit)
            self.winners = [q for q in hit if self.score[q] == best]
        return bool(hit)

    def apply(self, move):
        p = self.turn
        if move == "no_marriage" or move.startswith("marriage"):
            self.asked = True
            if move != "no_marriage":
                x = next(x for x in SUITS if SUIT_NAMES[x] == move.split()[1])
                self.declared.append(x)
                self.married = x
                self.score[p] += 40 if x == self.trumps else 20
                if self.reached():
                    return True
            return False
        self.hands[p].remove(move)
        self.trick.append(move)
        self.players.append(p)
        self.turn = (p + 1) % self.n
        if len(self.trick) < self.n:
            return False
        pool = [i for i, c in enumerate(self.trick) if _suit(c) == self.trumps] or \
            [i for i, c in enumerate(self.trick) if _suit(c) == _suit(self.trick[0])]
        winner = self.players[max(pool, key=lambda i: self.order.index(_rank(self.trick[i])))]
        self.score[winner] += sum(self.points.get(_rank(c), 0) for c in self.trick)
        self.tricks[winner] += 1
        last = not self.hands[winner]
        if last:
            self.score[winner] += 10
        self.trick, self.players, self.turn = [], [], winner
        self.married, self.asked = None, False
        if self.reached():
            return True
        if not last:
            return False
        most = max(self.tricks)
        for q in range(self.n):
            if self.tricks[q] == most:
                self.score[q] += 5
        self.reached()
        self.dealer = (self.dealer + 1) % self.n
        return True


def _race_check(s, ref):
    assert _v(s, "score") == ref.score, ref.hand_no
    assert G.is_over(s) == (ref.winners is not None)
    if ref.winners is not None:
        assert G.result(s)["winners"] == ref.winners


@pytest.mark.parametrize("players", [2, 3, 4])
def test_race_random_games_against_a_referee(players):
    rules = _load("race-marriages", target=61)
    ends = set()
    for seed in range(15):
        s, ref = _referee_game(rules, seed, _RaceReferee, players, _race_check, pick=_marry)
        assert G.is_over(s) and ref.winners is not None
        ends.add("mid-hand" if any(_z(s, "hand", p) for p in range(players)) else "end of a hand")
    assert ends == {"mid-hand", "end of a hand"}


def _marry(rng, moves):
    if "no_marriage" in moves and rng.random() < 0.7:
        return rng.choice([i for i, m in enumerate(moves) if m != "no_marriage"])
    return rng.randrange(len(moves))


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_race_random_games_against_a_referee_soak(players):
    rules = _load("race-marriages", target=61)
    for seed in range(15, 300):
        _referee_game(rules, seed, _RaceReferee, players, _race_check, pick=_marry)


# -- Variants: a chain of three `extends`, a list replaced, keys removed and overridden, -o options -------

VARIANTS = HERE / "variants"


class _RaceForThree(_RaceReferee):
    """The race as its third variant has it: the Eights in, no marriages, the Jack worth 1, to 66."""
    order = ["8"] + RACE_ORDER
    points = dict(PC_POINTS, J=1)
    marry, target = False, 66


def _load_variant(name, **options):
    loaded = load_ruleset(str(VARIANTS / f"{name}.yaml"), options)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def test_variants_a_chain_three_deep_merges_what_each_file_says():
    rules = _load_variant("race-three")
    data = rules.data
    assert rules.name == "Review Race For Three"
    # variant 1: the ranks list replaced (not merged), the order too, the target's default overridden
    assert data["pack"]["ranks"] == ["8", "9", "10", "J", "Q", "K", "A"]
    assert data["pack"]["suits"] == ["clubs", "diamonds", "hearts", "spades"]        # kept from the base
    assert len(rules.deck(3)) == 28 and data["options"]["target"] == {"default": 66}
    # variant 2: the hook removed inside the fifth step, the rest of the step kept; a definition and a
    # state variable removed
    tricks = data["hand"][5]["tricks"]
    assert "before_trick" not in tricks and tricks["lead"] == "left_of(dealer)" and "after_trick" in tricks
    assert "marriages(h)" not in data["define"] and "reached" in data["define"]
    assert "declared" not in data["state"] and "married" in data["state"]
    # variant 3: the player counts replaced; one entry of a point table overridden, the others kept
    assert data["players"]["count"] == [3] and rules.player_counts == [3]
    assert data["points"]["card_points"]["values"] == {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 1}


def test_variants_the_last_variant_plays_by_its_merged_rules():
    rules = _load_variant("race-three")
    hands = {1: ["K♥", "Q♥", "8♣", "J♠", "A♦"], 2: ["J♥", "9♣", "10♣", "8♠", "9♦"],
             0: ["A♥", "A♣", "Q♠", "K♦", "8♦"]}
    s = S.stacked_game(rules, 3, _deck(hands, [1, 2, 0], ["Q♦"]))
    assert _v(s, "trumps") == "diamonds"
    # no marriage is offered for K♥ Q♥: seat 1 plays at once
    _turn(s, 1, hands[1], "Q♥")
    _turn(s, 2, ["J♥"], "J♥")
    _turn(s, 0, ["A♥"], "A♥")
    # 3 + 1 (the Jack is worth 1 here) + 11
    assert _v(s, "score") == [15, 0, 0]
    # the Eight is in the pack, below the Nine: 9♣ beats 8♣
    _turn(s, 0, ["A♣", "Q♠", "K♦", "8♦"], "Q♠")
    _turn(s, 1, ["J♠"], "J♠")
    _turn(s, 2, ["8♠"], "8♠")
    assert _v(s, "score") == [19, 0, 0]
    _turn(s, 0, ["A♣", "K♦", "8♦"], "A♣")
    _turn(s, 1, ["8♣"], "8♣")
    _turn(s, 2, ["9♣", "10♣"], "9♣")
    assert _v(s, "score") == [30, 0, 0]


def test_variants_random_games_of_the_last_variant_against_the_referee():
    rules = _load_variant("race-three")
    for seed in range(10):
        s, ref = _referee_game(rules, seed, _RaceForThree, 3, _race_check)
        assert max(ref.score) >= 66


def test_variants_an_option_given_on_the_command_line_reaches_the_last_variant(tmp_path):
    from tests.helpers import run_cli
    records = tmp_path / "games.jsonl"
    got = run_cli("simulate", str(VARIANTS / "race-three.yaml"), "-n", "30", "-o", "target=30",
                  "--records", str(records))
    assert got.returncode == 0, got.stderr
    games = [json.loads(line) for line in records.read_text().splitlines()]
    assert len(games) == 30
    for g in games:
        # the game stopped the moment someone reached 30, well short of the variant's 66: at most a
        # trick's points (34 at most here: 11 + 11 + 10 + 10 for the last trick... less 8) past it
        assert 30 <= max(g["scores"]) < 66 and g["winners"] == [max(range(3), key=g["scores"].__getitem__)]
    bad = run_cli("simulate", str(VARIANTS / "race-three.yaml"), "-n", "3", "-o", "targets=30")
    assert bad.returncode != 0 and "unknown option 'targets'" in bad.stdout + bad.stderr
    assert "did you mean 'target'" in bad.stdout + bad.stderr


def _variant_errors(tmp_path, text, name="bad.yaml"):
    import shutil
    shutil.copytree(HERE, tmp_path / "r", ignore=shutil.ignore_patterns("__pycache__"), dirs_exist_ok=True)
    path = tmp_path / "r" / "variants" / name
    path.write_text(text)
    loaded = load_ruleset(str(path))
    return path, [d for d in loaded.diagnostics if d.severity == "error"]


def test_variants_an_error_written_in_a_variant_is_reported_in_that_file(tmp_path):
    path, errors = _variant_errors(tmp_path, "extends: race-plain.yaml\nname: Bad\ndefine:\n"
                                             "  reached: any(players, p => score[p] >= targte)\n")
    assert [(d.file, d.line, d.col) for d in errors] == [(str(path), 4, 42)]
    assert "did you mean 'target'" in errors[0].hint
    path, errors = _variant_errors(tmp_path, "extends: race-plain.yaml\nname: Bad\nhand:\n  $items:\n"
                                             "    9: {tricks: {lead: dealer}}\n")
    assert [(d.file, d.line) for d in errors] == [(str(path), 5)] and "positions 0 to 6" in errors[0].message


def test_variants_a_name_a_variant_removed_is_reported_at_its_uses_with_the_line_that_removed_it(tmp_path):
    # The uses are in the base file, which the designer of the variant did not write: the hint names
    # the line of the variant that removed the name (it said "declare it under 'state:'", or offered
    # a name that merely looks alike).
    path, errors = _variant_errors(tmp_path, "extends: race-plain.yaml\nname: Bad\nstate:\n  tricks_won: null\n")
    base = str(tmp_path / "r" / "race-marriages.yaml")
    assert len(errors) == 2 and all(d.file == base and "tricks_won" in d.message for d in errors)
    for d in errors:
        assert d.hint.startswith(f"'tricks_won' is removed by {path}:4:3"), d.hint


def test_variants_an_option_a_variant_made_a_text_is_named_at_the_uses_it_breaks(tmp_path):
    path, errors = _variant_errors(tmp_path, "extends: race-plain.yaml\nname: Bad\noptions:\n"
                                             "  target: {default: \"sixty\"}\n")
    assert len(errors) == 3
    for d in errors:
        assert d.file.endswith("race-marriages.yaml") and "compare a number with a text" in d.message
        assert f"'target' is an option; its value is 'sixty', set at {path}:4:21" in d.hint, d.hint


def test_variants_a_point_table_left_with_a_rank_the_variant_took_out_of_the_pack_says_which_ranks_remain(tmp_path):
    # the base's point table lists "10"; a variant without the Tens: the error at the base's table now
    # has a hint (the ranks of the pack), as the same mistake in an order has
    path, errors = _variant_errors(tmp_path, "extends: race-three.yaml\nname: No tens\npack:\n"
                                             "  ranks: [\"8\", \"9\", J, Q, K, A]\n")
    assert len(errors) == 2 and all("'10'" in d.message for d in errors)
    assert all(d.hint == "the ranks are 8, 9, J, Q, K, A" for d in errors), [d.hint for d in errors]


def test_coverage_counts_ending_the_game_and_showing_a_card_as_changes():
    # The race ends through its end_game steps and shows the trump card with reveal each hand; coverage
    # listed both under "fired but never changed anything" (it compared only variables and zones).
    from interpreter.sim.coverage import load_counted, play_counted
    loaded, cov = load_counted(str(HERE / "race-marriages.yaml"), {"target": "61"})
    report = play_counted(loaded.rules, cov, 40, seed=1, players=3)
    kinds = {}
    for row in report["steps"]:
        kinds.setdefault(row["kind"], []).append(row)
    assert sum(r["changed"] for r in kinds["end_game"]) > 0
    assert all(r["changed"] == r["fired"] for r in kinds["reveal"])
    assert not [w for w in report["no_effect"] if "reveal" in w]


@pytest.mark.parametrize("expr, said", [
    # Bridge's value of an overtrick: the choice inside the first value is bracketed, else it read
    # "20 if x is less than 2, otherwise 30 if y is 1, otherwise 50 times y" (as if the strain decided first)
    ("(20 if x < 2 else 30) if y == 1 else 50 * y",
     "(20 if the *x* is less than 2, otherwise 30) if the *y* is 1, otherwise 50 times the *y*"),
    ("20 if x < 2 else 30 if y == 1 else 50",
     "20 if the *x* is less than 2, otherwise 30 if the *y* is 1, otherwise 50"),
    ("1 if (x if y == 1 else z) > 2 else 0",
     "1 if (the *x* if the *y* is 1, otherwise the *z*) is more than 2, otherwise 0"),
])
def test_explain_brackets_a_choice_nested_in_the_first_value_of_another(expr, said):
    from interpreter.authoring.phrasing import Lexicon, words
    assert words(expr, Lexicon(state={"x": None, "y": None, "z": None})) == said


@pytest.mark.parametrize("expr, said", [
    # Pinochle's run: "a and b and (c or d)" read "a and b and c or d", as if d alone allowed it
    ("x > 0 and y == 1 and (z == 2 or w == 3)",
     "the *x* is more than 0 and the *y* is 1 and (the *z* is 2 or the *w* is 3)"),
    # and the other way round: "a or b and c" is read as (a or b) and c just as well
    ("x > 0 and y == 1 or z == 2", "(the *x* is more than 0 and the *y* is 1) or the *z* is 2"),
    ("x >= 4 or y > 0 and x >= 3", "the *x* is at least 4 or (the *y* is more than 0 and the *x* is at least 3)"),
    ("x == 1 or (y if z == 2 else w) or v", "the *x* is 1 or (the *y* if the *z* is 2, otherwise the *w*) or the *v*"),
])
def test_explain_brackets_an_or_inside_an_and(expr, said):
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={k: None for k in "xyzwv"})
    assert words(expr, lex) == said


def test_explain_brackets_a_choice_given_as_the_value_of_add_and_set_and_deals_to_one_zone_from_nobody():
    # "Add 40 if x is trumps, otherwise 20 to the leader's score" read as if 20 went to the score and
    # 40 somewhere else; a deal into one zone (the skat) spoke of a player to start with.
    from interpreter.authoring.explain import explain
    race = explain(_load("race-marriages"))
    # the option of marriages(h) is a suit, as the definition's value holds suits (review25)
    assert "Add (40 if the suit is the *trumps*, otherwise 20) to the leader's *score*." in race
    contract = explain(_load("point-contract"))
    assert "Add (*value* if *made*, otherwise minus 2 times *value*) to the *declarer*'s *score*." in contract
    assert "Deal all the cards from *stock* into *skat*." in contract
    assert "Deal 10 cards to each from *stock* into *hand*, one at a time, starting with the player to the " \
           "left of the *dealer*." in contract


# -- every way of playing a game gives the same game ----------------------------------------------------

ALL_RULESETS = sorted([p.relative_to(HERE).as_posix()[:-5] for p in HERE.glob("*.yaml")] +
                      [p.relative_to(HERE).as_posix()[:-5] for p in VARIANTS.glob("*.yaml")])


def _seven_ways(name, seeds):
    from tests.test_review_unseen import _compare
    from tests.test_review_unseen import _load as load_both
    path = HERE / f"{name}.yaml"
    fast, plain = load_both(path), load_both(path, plain=True)
    outcomes = []
    for n in fast.player_counts:
        for seed in seeds:
            outcomes.append(_compare(fast, plain, n, seed, name))
    return outcomes


@pytest.mark.parametrize("name", ALL_RULESETS)
def test_the_games_play_the_same_every_way(name):
    outcomes = _seven_ways(name, range(2))
    assert all(o[0] != "error" for o in outcomes), [o[:2] for o in outcomes if o[0] == "error"]


@pytest.mark.soak
@pytest.mark.parametrize("name", ALL_RULESETS)
def test_the_games_play_the_same_every_way_soak(name):
    _seven_ways(name, range(2, 40))


def test_the_race_scenarios_pass_with_rules_test():
    from tests.helpers import run_cli
    got = run_cli("test", str(HERE / "scenarios" / "race.yaml"))
    assert got.returncode == 0 and "2 passed, 0 failed" in got.stdout, got.stdout + got.stderr


def test_a_zone_kept_per_team_is_refused_with_a_hint_saying_what_to_write(tmp_path):
    # Partnership games keep their tricks per side; state may be kept per team, zones may not: the
    # error said only "'per: team' must be player, suit or a collection under 'objects'"
    path = tmp_path / "small.yaml"
    text = (_SMALL % "").replace("  trick: {visibility: public}\n",
                                 "  trick: {visibility: public}\n  won: {per: team, visibility: public}\n")
    text = text.replace(', sort: ["9", A]}', "}")
    path.write_text(text)
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert len(errors) == 1 and (errors[0].line, errors[0].col) == (8, 14) and "'per: team'" in errors[0].message
    assert "team_members(t)" in errors[0].hint and "per player" in errors[0].hint


_PAIRS = """name: Pairs
players: {count: 2}
pack: {ranks: ["9", "10", J, Q, K, A], suits: [clubs, spades]}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
state:
  dealer: {type: player, initial: 0}
  score: {per: player, initial: 0}
  last: {type: any, initial: "(0, 0)", scope: hand}
  passes: {initial: 0, scope: hand}
define:
  all_bids: "map(range(0, 5), i => (i // 2 + 1, i %% 2))"
hand:
  - gather: {from: [hand], to: stock}
  - deal: {from: stock, to: hand, count: 3}
  - turns:
      first: left_of(dealer)
      until: passes >= 2
      do:
        - choose:
            player: current
            moves:
              %s:
                options: filter(all_bids, b => b > last)
                as: b
                do:
                  - set: {last: b, passes: 0}
              pass:
                do:
                  - add: {passes: 1}
end:
  after_hand: "hand_number >= 2"
  winners: "argmax(players, p => score[p])"
"""


@pytest.mark.parametrize("move", ["bid", "call"])
def test_a_bid_made_of_a_level_and_a_strain_is_shown_as_numbers_not_as_cards(tmp_path, move):
    # Bids as pairs (level, strain) were shown as cards, the numbers taken for card ids: "bid 10♣ 9♣"
    # for (1, 0) at the table (rules play, scenarios); the game log made an exception for a move
    # named "bid" only.
    path = tmp_path / "pairs.yaml"
    path.write_text(_PAIRS % move)
    rules = load_ruleset(str(path)).rules
    s = G.new_game(rules, 2, 0, log=True)
    # (pairs read as pairs since review20: "(1, 0)")
    assert _legal(s) == [f"{move} (1, 0)", f"{move} (1, 1)", f"{move} (2, 0)", f"{move} (2, 1)", f"{move} (3, 0)",
                         f"{move} (3, 1)", "pass"]
    S.play(s, (move, [2, 0]))                 # a scenario names the pair as a list
    assert _v(s, "last") == (2, 0) and _legal(s) == [f"{move} (2, 1)", f"{move} (3, 0)", f"{move} (3, 1)", "pass"]
    choice = [e for e in s.events if e["event"] == "choice"]
    assert choice[-1]["action"] == [move, [2, 0]]


@pytest.mark.parametrize("generate", [True, False])
def test_turns_whose_next_player_is_none_stop_with_an_error_at_next(tmp_path, monkeypatch, generate):
    # An auction whose `until` forgets the case where everyone passed: next_player(...) finds nobody.
    # The error named the choose step ("the player who chooses is None"), not the `next:` that gave
    # none, and said nothing of `until`.
    from interpreter.engine import fold
    from interpreter.expr import compiler
    monkeypatch.setattr(fold, "GENERATE", generate)
    monkeypatch.setattr(compiler, "GENERATE", generate)
    text = (HERE / "point-contract.yaml").read_text()
    text = text.replace("until: all(players, p => passed[p]) or (declarer", "until: (declarer")
    path = tmp_path / "no-next.yaml"
    path.write_text(text)
    rules = load_ruleset(str(path)).rules
    s = S.stacked_game(rules, 3, _deck(POINT_CONTRACT, [1, 2, 0], PC_SKAT), fill=False)
    S.play(s, ("pass",), ("pass",))
    with pytest.raises(G.GameError) as err:
        S.play(s, ("pass",))
    line = text.splitlines().index("      next: next_player(current, p => not passed[p])") + 1
    assert f"no-next.yaml:{line}:13" in str(err.value) and "'next' gave no player" in str(err.value)
    assert "end the turns before with 'until'" in str(err.value)


def test_turns_whose_first_player_is_none_stop_with_an_error_at_first(tmp_path):
    text = (HERE / "point-contract.yaml").read_text().replace(
        "      first: left_of(dealer)\n      next:", "      first: next_player(dealer, p => passed[p])\n      next:")
    path = tmp_path / "no-first.yaml"
    path.write_text(text)
    with pytest.raises(G.GameError) as err:
        G.new_game(load_ruleset(str(path)).rules, 3, 0)
    line = text.splitlines().index("      first: next_player(dealer, p => passed[p])") + 1
    assert f"no-first.yaml:{line}:14" in str(err.value) and "'first' gave no player" in str(err.value)


def test_variants_bids_by_a_legal_condition_play_the_same_games_as_bids_by_options():
    # the variant offers range(1, 35) with `legal: b > bid ...` (one condition per option, worked out
    # by the hoisted loop) where the base offers range(bid + 1, 35): the same actions in the same order,
    # so the same seeds give the same games, whatever the bots choose
    base, legal = _load("bridge-auction"), _load_variant("bridge-legal")
    assert legal.data["hand"][3]["turns"]["do"][0]["choose"]["moves"]["pass"] == {"do": [{"add": {"passes": 1}}]}
    for seed in range(12):
        games = []
        for rules in (base, legal):
            rng = random.Random(seed)
            s = G.new_game(rules, 4, seed)
            while not G.is_over(s):
                G.apply_index(s, _quiet(rng, _legal(s)))
            games.append((s.history, _v(s, "score")))
        assert games[0] == games[1], seed


@pytest.mark.parametrize("winners, warned", [
    ("argmax(teams, t => score[t])", True),                       # team numbers: team 1 taken for seat 1
    ("team_members(first(argmax(teams, t => score[t])))", False),
    ("filter(players, p => score[team_of(p)] == max(score))", False),
])
def test_winners_given_as_team_numbers_in_a_partnership_game_are_warned_of(tmp_path, winners, warned):
    text = (HERE / "bridge-auction.yaml").read_text().replace(
        "  winners: filter(players, p => score[team_of(p)] == max(score))", f"  winners: {winners}")
    path = tmp_path / "b.yaml"
    path.write_text(text)
    loaded = load_ruleset(str(path))
    found = [d for d in loaded.diagnostics if "team numbers" in d.message]
    assert len(found) == warned and loaded.ok
    if warned:
        assert found[0].severity == "warning" and "team_members" in found[0].hint
        assert found[0].line == text.splitlines().index(f"  winners: {winners}") + 1


def test_a_move_without_as_that_uses_another_name_for_its_option_is_told_to_write_as(tmp_path):
    text = (HERE / "bridge-auction.yaml").read_text().replace("                as: b\n", "", 1)
    path = tmp_path / "b.yaml"
    path.write_text(text)
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert errors and all("unknown name 'b'" in d.message for d in errors)
    assert all(d.hint == "the option of this move is called 'option'; to call it 'b', write 'as: b' in the move"
               for d in errors), [d.hint for d in errors]


def test_a_variant_giving_an_option_a_plain_value_is_told_to_write_default(tmp_path):
    path, errors = _variant_errors(tmp_path, "extends: race-three.yaml\nname: Seventy\noptions:\n  target: 70\n")
    assert [(d.file, d.line, d.col) for d in errors] == [(str(path), 4, 11)]
    assert errors[0].hint == "an option is written with its value under 'default': target: {default: 70}"


def test_explain_a_deal_of_some_cards_into_one_zone_is_not_to_each(tmp_path):
    from interpreter.authoring.explain import explain
    text = (HERE / "point-contract.yaml").read_text().replace(
        "  - deal: {from: stock, to: skat, count: all}", "  - deal: {from: stock, to: skat, count: 2}")
    path = tmp_path / "widow.yaml"
    path.write_text(text)
    said = explain(load_ruleset(str(path)).rules)
    assert "Deal 2 cards from *stock* into *skat*." in said, [x for x in said.splitlines() if "skat" in x]
