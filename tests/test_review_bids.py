"""Correctness on games of bidding, scoring and variants the engine has never seen (tests/rulesets_review8/,
each says at its top what game it is and which rules it keeps), judged against the rules as a designer
means them.

Scripted deals: the bids offered at each point, the contract and declarer, the tricks and the scores
hand by hand are worked out by hand from the rules, in the comments.  Random games are checked by
invariants (every card in exactly one zone, every move one the rules offered, the game ends) and by
small referees written here from the rules, sharing no code with the engine.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset

HERE = Path(__file__).resolve().parent / "rulesets_review8"
SUITS = "♣♦♥♠"


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
        if ref.apply(move):
            check_hand(s, ref)
            if not G.is_over(s):
                ref.new_hand(s)
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
