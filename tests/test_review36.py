"""Correctness on community-card poker the engine has never seen (tests/rulesets_review36/, each says at its
top which rules and readings it keeps): no-limit Texas Hold'em and pot-limit Omaha, played until one player
has every chip.

- A referee written here from the rules (sharing no code with the engine) follows seeded random games move
  by move: who acts, the exact set of legal moves (every bet and raise size), the chips of every seat after
  every move, what each seat sees (its own hole cards, the board, never another seat's hole cards before a
  showdown), which hands are shown, the side pots and split pots, the button and the end of the game.
- Scripted deals with known outcomes: a split pot with an odd chip, a side pot won by the short stack, a
  raise reopening the action and a short all-in that does not, Omaha's two-and-three rule, pot-limit sizes;
  the same as `rules test` scenarios (rulesets_review36/holdem.scenario.yaml).
- The pack built-ins (sequences, groups, combined) find the category of seven cards as the referee does.
- Defects found: a seat's log in `rules play` named cards dealt face down to another player when the seat
  had seen them the hand before (on the board, or shown at a showdown); explain wordings (next_player
  'who whose', a player 'in' argmax(...), a variable set to a condition, a variant's merged sections);
  the reference did not say that every player sees every state variable, nor that an empty range of
  options offers no move.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, every_card_once as _every_card_once, legal_texts as _legal, load_from
from tests.scripted import var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review36"


_load = cached_loader(HERE)


# -- poker hands, from the rules -----------------------------------------------------------------------

VALUE = {r: i for i, r in enumerate("2 3 4 5 6 7 8 9 10 J Q K A".split(), 2)}


def five_card_value(cards):
    """(category, tie-breaking ranks...) of five cards written as '10♥'; higher is better."""
    ranks = sorted((VALUE[c[:-1]] for c in cards), reverse=True)
    suits = {c[-1] for c in cards}
    groups = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [k for _, k in groups]
    tie = [r for r, _ in groups]
    straight = None
    if len(set(ranks)) == 5:
        if ranks[0] - ranks[4] == 4:
            straight = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            straight = 5                      # the wheel: the Ace plays low
    flush = len(suits) == 1
    if straight and flush:
        return (8, straight)
    if shape == [4, 1]:
        return (7, *tie)
    if shape == [3, 2]:
        return (6, *tie)
    if flush:
        return (5, *ranks)
    if straight:
        return (4, straight)
    if shape == [3, 1, 1]:
        return (3, *tie)
    if shape == [2, 2, 1]:
        return (2, *tie)
    if shape == [2, 1, 1, 1]:
        return (1, *tie)
    return (0, *ranks)


def holdem_value(hole, board):
    return max(five_card_value(h) for h in combinations(list(hole) + list(board), 5))


def omaha_value(hole, board):
    return max(five_card_value(list(a) + list(b)) for a in combinations(hole, 2) for b in combinations(board, 3))


def test_hand_values_by_hand():
    v = five_card_value
    assert v(["5♦", "4♠", "3♠", "2♠", "A♠"]) == (4, 5) < v(["6♥", "5♠", "4♠", "3♠", "2♠"])
    assert v(["A♠", "A♦", "K♠", "K♦", "2♣"]) > v(["A♥", "A♣", "Q♠", "Q♦", "K♣"])
    assert v(["A♠", "A♦", "9♠", "8♦", "3♣"]) > v(["A♥", "A♣", "9♣", "8♣", "2♣"])
    assert holdem_value(["A♠", "K♠"], ["Q♠", "J♠", "10♠", "2♦", "3♦"]) == (8, 14)
    # Omaha: four hearts on the board and one in hand is no flush
    assert omaha_value(["A♥", "K♠", "7♣", "7♦"], ["2♥", "5♥", "9♥", "J♥", "3♠"])[0] == 1
    assert holdem_value(["A♥", "K♠"], ["2♥", "5♥", "9♥", "J♥", "3♠"])[0] == 5


# -- the referee -----------------------------------------------------------------------------------------

class Referee:
    """Plays a game of hold'em or Omaha by the rules alone, checking the engine at every decision."""

    def __init__(self, s, rng, *, omaha=False, start=20, small=1, big=2):
        self.s, self.rng, self.n = s, rng, s.n
        self.omaha = omaha
        self.holes = 4 if omaha else 2
        self.small, self.big = small, big
        self.start = start
        self.chips = [start] * self.n
        self.dealer = 0
        self.hand = 0
        self.showdowns = self.side_pots = self.splits = self.foldouts = self.short_all_ins = 0
        self.reopened = self.returned = 0

    # what the engine logged of a hand's cards
    def _cards(self):
        hole, board = {}, []
        for e in self.s.events:
            if e.get("hand") != self.hand or e.get("event") != "deal":
                continue
            if e["to"] == "hole":
                for p, got in e["each"]:
                    hole.setdefault(p, []).extend(got)
            elif e["to"] == "board":
                board.extend(e["cards"])
        return hole, board

    def _reveals(self):
        return [e for e in self.s.events if e.get("hand") == self.hand and e.get("event") == "reveal"]

    def next_seat(self, p, among):
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if q in among:
                return q
        return None

    # ---------------------------------------------------------------------------------------------------
    def run(self):
        while True:
            self.play_hand()
            if sum(1 for c in self.chips if c > 0) <= 1:
                assert self.s.over
                res = G.result(self.s)
                assert res["scores"] == self.chips
                assert res["winners"] == [p for p in range(self.n) if self.chips[p] > 0]
                return self
            # (the engine may be past this hand already: a hand nobody decides in plays out by itself)
            self.dealer = self.next_seat(self.dealer, {p for p in range(self.n) if self.chips[p] > 0})

    def check_view(self, board_len):
        s = self.s
        _every_card_once(s)
        hole, board = self._cards()
        assert len(board) == board_len
        assert _z(s, "board") == board
        for seat in range(self.n):
            seen = G.observation(s, seat)["zones"]
            names = [S.names(s, cards) for cards in seen["hole"]]
            for p in range(self.n):
                if p == seat:
                    assert sorted(names[p]) == sorted(hole.get(p, [])), (seat, names[p], hole.get(p))
                else:
                    assert names[p] == [], f"seat {seat} sees seat {p}'s hole cards {names[p]}"
            assert S.names(s, seen["board"]) == board
            assert seen["burned"] == [] and seen["stock"] == []
            # nothing worked out from the hole cards is kept where every seat sees it before the showdown
            assert G.observation(s, seat)["state"]["strength"] == [0] * self.n

    def play_hand(self):
        s, n = self.s, self.n
        self.hand += 1
        assert s.hand_no >= self.hand
        seated = [p for p in range(n) if self.chips[p] > 0]
        assert self.chips[self.dealer] > 0
        self.folded = {p for p in range(n) if self.chips[p] == 0}
        self.given = [0] * n
        sb = self.dealer if len(seated) == 2 else self.next_seat(self.dealer, seated)
        bb = self.next_seat(sb, seated)
        self.put = [0] * n
        for who, blind in ((sb, self.small), (bb, self.big)):
            self.pay(who, min(blind, self.chips[who]))
        hole, _ = self._cards()
        assert sorted(hole) == sorted(seated) and all(len(h) == self.holes for h in hole.values())
        deal_order = [e for e in s.events if e.get("hand") == self.hand and e.get("to") == "hole"][0]["each"]
        assert deal_order[0][0] == self.next_seat(self.dealer, seated)
        board_len = 0
        self.betting(self.next_seat(bb, self.able()), stake=self.big, board_len=0)
        for cards in (3, 1, 1):
            if len(self.live()) < 2:
                break
            board_len += cards
            self.put = [0] * n
            self.betting(self.next_seat(self.dealer, self.able()), stake=0, board_len=board_len)
        self.settle(board_len)

    def live(self):
        return [p for p in range(self.n) if p not in self.folded]

    def able(self):
        return [p for p in self.live() if self.chips[p] > 0]

    def pay(self, who, amount):
        assert 0 <= amount <= self.chips[who]
        self.chips[who] -= amount
        self.put[who] += amount
        self.given[who] += amount

    def legal(self, p, stake, last_raise, may_raise):
        owe = stake - self.put[p]
        room = self.chips[p] - owe
        cap = sum(self.given) + owe if self.omaha else room
        moves = ["fold", "call"] if owe > 0 else ["check"]
        if may_raise and any(q != p for q in self.able()):
            word, low = ("bet", self.big) if stake == 0 else ("raise", last_raise)
            moves += [f"{word} {a}" for a in range(low, min(cap, room - 1) + 1)]
            if 0 < room <= cap:
                moves.append("all_in")
        return moves

    def betting(self, first, stake, board_len):
        able = self.able()
        if len(self.live()) < 2 or not (len(able) > 1 or any(self.put[p] < stake for p in able)):
            return
        last_raise = self.big
        pending = set(able)          # who must still act
        may_raise = set(able)        # who may still raise (acted on no full bet or raise since)
        p = first
        while True:
            self.check_view(board_len)
            assert G.current_player(self.s) == p, (G.current_player(self.s), p)
            assert self.s.hand_no == self.hand
            assert S.var(self.s, "chips") == self.chips
            want = self.legal(p, stake, last_raise, p in may_raise)
            got = _legal(self.s)
            assert sorted(got) == sorted(want), (p, got, want)
            # pick a kind of move first, then its size, so games reach showdowns and side pots
            kinds = sorted({m.split()[0] for m in want})
            kind = self.rng.choice(kinds)
            move = self.rng.choice([m for m in want if m.split()[0] == kind])
            word, _, value = move.partition(" ")
            S.play(self.s, (word, int(value)) if value else (word,))
            pending.discard(p)
            may_raise.discard(p)
            owe = stake - self.put[p]
            if word == "fold":
                self.folded.add(p)
            elif word in ("check", "call"):
                self.pay(p, min(owe, self.chips[p]))
            else:
                amount = self.chips[p] - owe if word == "all_in" else int(value)
                self.pay(p, owe + amount)
                stake += amount
                if amount >= last_raise:           # a full bet or raise reopens the action
                    last_raise = amount
                    pending = set(self.able()) - {p}
                    may_raise = set(self.able()) - {p}
                    self.reopened += 1
                else:                              # a short all-in: those behind must still match it
                    pending |= {q for q in self.able() if self.put[q] < stake}
                    self.short_all_ins += 1
            pending &= set(self.able())
            if len(self.live()) == 1 or not pending:
                return
            p = self.next_seat(p, pending)

    def settle(self, board_len):
        hole, board = self._cards()
        live = self.live()
        reveals = self._reveals()
        left = list(self.given)
        order = [(self.dealer + i) % self.n for i in range(1, self.n + 1)]
        if len(live) == 1:
            self.foldouts += 1
            assert reveals == []
            strength = {live[0]: ()}
        else:
            self.showdowns += 1
            assert len(board) == 5
            shown = sorted(c for e in reveals for c in e["cards"])
            assert shown == sorted(c for p in live for c in hole[p])
            value = omaha_value if self.omaha else holdem_value
            strength = {p: value(hole[p], board) for p in live}
        # peel the pot from the smallest stake of a player still in upwards
        parts = 0
        while any(left[p] > 0 for p in live):
            step = min(left[p] for p in live if left[p] > 0)
            in_part = [p for p in live if left[p] > 0]
            part = sum(min(x, step) for x in left)
            left = [max(0, x - step) for x in left]
            best = max(strength[p] for p in in_part)
            winners = [p for p in order if p in in_part and strength[p] == best]
            parts += 1
            self.splits += len(winners) > 1
            share, odd = divmod(part, len(winners))
            for i, w in enumerate(winners):
                self.chips[w] += share + (1 if i < odd else 0)
        self.side_pots += parts > 1
        # what no player still in matched goes back to whoever put it in
        self.returned += sum(left) > 0
        for p in range(self.n):
            self.chips[p] += left[p]
        assert sum(self.chips) == self.start * self.n


def _game(name, n, seed, **options):
    rules = _load(name, **options)
    keys = {"start_chips": "start", "small_blind": "small", "big_blind": "big"}
    ref = Referee(G.new_game(rules, n, seed, log=True), random.Random(seed), omaha=name == "omaha",
                  **{keys[k]: v for k, v in options.items()})
    return ref.run()


@pytest.mark.parametrize("name", ["holdem", "omaha"])
def test_random_games_follow_the_rules(name):
    totals = Counter()
    for seed in range(60):
        n = 2 + seed % 8
        ref = _game(name, n, seed)
        totals.update(showdowns=ref.showdowns, side_pots=ref.side_pots, splits=ref.splits,
                      foldouts=ref.foldouts, short=ref.short_all_ins, reopened=ref.reopened)
    # the games reached every case the referee checks
    assert all(totals[k] > 0 for k in ("showdowns", "side_pots", "splits", "foldouts", "short", "reopened")), totals


@pytest.mark.parametrize("name", ["holdem", "omaha"])
def test_random_games_with_short_stacks_and_big_blinds(name):
    # blinds large against the stacks: blinds posted short, all-ins for less than the big blind
    returned = 0
    for seed in range(12):
        returned += _game(name, 2 + seed % 8, 100 + seed, start_chips=7, small_blind=2, big_blind=5).returned
        _game(name, 2 + (seed * 3) % 8, 200 + seed, start_chips=30, small_blind=1, big_blind=1)
    assert returned


@pytest.mark.soak
@pytest.mark.parametrize("name", ["holdem", "omaha"])
def test_soak_random_games(name):
    for seed in range(1000, 1400):
        _game(name, 2 + seed % 8, seed)
        _game(name, 2 + seed % 8, seed, start_chips=9, small_blind=2, big_blind=3)


# -- scripted deals --------------------------------------------------------------------------------------

FILL = ["2♥", "3♥", "4♥"]


def _deck(n, holes, board, burns=FILL):
    """The pack in dealing order with seat 0 dealing: the hole cards one at a time from seat 1 round to
    seat 0, then a burn, the flop, a burn, the turn, a burn, the river."""
    seats = list(range(1, n)) + [0]
    size = len(holes[0])
    order = [holes[p][i] for i in range(size) for p in seats]
    return order + [burns[0], *board[:3], burns[1], board[3], burns[2], board[4]]


def _turn(s, who, legal, move):
    assert G.current_player(s) == who, (G.current_player(s), who)
    if legal is not None:
        assert sorted(_legal(s)) == sorted(legal), _legal(s)
    word, _, value = move.partition(" ")
    S.play(s, (word, int(value)) if value else (word,))


def _checks(s, *seats):
    for p in seats:
        _turn(s, p, None, "check")


def _raises(low, high, word="raise"):
    return [f"{word} {a}" for a in range(low, high + 1)]


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_button():
    rules = _load("holdem")
    holes = {0: ["2♣", "3♦"], 1: ["4♣", "5♦"], 2: ["2♦", "3♣"]}
    s = S.stacked_game(rules, 3, _deck(3, holes, ["A♠", "K♠", "Q♠", "J♠", "10♠"]), log=True)
    # seat 1 posts the small blind, seat 2 the big blind; seat 0 acts first
    assert _v(s, "chips") == [20, 19, 18] and _v(s, "stake_now") == 2
    _turn(s, 0, ["call", "fold", "all_in"] + _raises(2, 17), "call")
    _turn(s, 1, ["call", "fold", "all_in"] + _raises(2, 17), "fold")
    # the big blind's option: check or raise
    _turn(s, 2, ["check", "all_in"] + _raises(2, 17), "check")
    assert _z(s, "board") == ["A♠", "K♠", "Q♠"]
    _turn(s, 2, ["check", "all_in"] + _raises(2, 17, "bet"), "check")
    _checks(s, 0, 2, 0, 2, 0)
    # both play the royal flush on the board: 5 chips split, the odd one to seat 2 (first left of seat 0)
    shown = [c for e in s.events if e.get("event") == "reveal" and e["hand"] == 1 for c in e["cards"]]
    assert sorted(shown) == sorted(holes[0] + holes[2])         # the folded hand is never shown
    assert s.hand_no == 2
    # hand 2: seat 1 deals, seat 2 posts 1, seat 0 posts 2
    assert _v(s, "chips") == [20 - 2, 19, 21 - 1]


def _side_pot_game():
    rules = _load("holdem")
    holes = {0: ["K♠", "K♦"], 1: ["A♠", "A♦"], 2: ["Q♠", "Q♦"]}
    s = S.stacked_game(rules, 3, _deck(3, holes, ["2♣", "7♦", "9♥", "J♠", "4♣"]), log=True)
    # seat 1 has 5 chips in all (1 posted), seat 2 has 35 (2 posted): 60 on the table
    S.set_var(s, "chips", [20, 4, 33])
    return s


def test_a_short_stack_all_in_wins_only_the_main_pot():
    s = _side_pot_game()
    _turn(s, 0, None, "raise 4")                      # to 6
    _turn(s, 1, ["call", "fold"], "call")              # all in for 4 more: 5 in all
    assert _v(s, "chips")[1] == 0
    _turn(s, 2, ["call", "fold", "all_in"] + _raises(4, 28), "call")
    # the flop: seat 1 is all in, seat 2 acts first
    _turn(s, 2, ["check", "all_in"] + _raises(2, 28, "bet"), "check")
    _turn(s, 0, None, "bet 2")
    _turn(s, 2, None, "call")
    _checks(s, 2, 0, 2, 0)
    # main pot 15 (5 from each) to seat 1's Aces; the side pot 6 to seat 0's Kings over seat 2's Queens
    assert s.hand_no == 2
    got = [e for e in s.events if e.get("event") == "add" and e["var"] == "chips" and e["hand"] == 1][-2:]
    assert [(e["key"], e["value"]) for e in got] == [(1, 15), (0, 6)]
    ends = [20 - 8 + 6, 15, 35 - 8]
    # hand 2: seat 1 deals, seat 2 posts the small blind, seat 0 the big
    assert _v(s, "chips") == [ends[0] - 2, ends[1], ends[2] - 1]


def test_a_short_all_in_does_not_reopen_the_betting_but_a_full_raise_does():
    rules = _load("holdem")
    holes = {0: ["K♠", "K♦"], 1: ["A♠", "A♦"], 2: ["Q♠", "Q♦"]}
    deck = _deck(3, holes, ["2♣", "7♦", "9♥", "J♠", "4♣"])
    s = S.stacked_game(rules, 3, deck)
    S.set_var(s, "chips", [20, 19, 3])                # the big blind has 5 in all
    _turn(s, 0, None, "raise 2")                      # to 4
    _turn(s, 1, None, "call")
    # the big blind's all-in adds 1 to the stake of 4: less than a full raise of 2
    _turn(s, 2, ["call", "fold", "all_in"], "all_in")
    assert _v(s, "stake_now") == 5
    # seats 0 and 1 have acted: they may only call or fold
    _turn(s, 0, ["call", "fold"], "call")
    _turn(s, 1, ["call", "fold"], "call")
    assert _z(s, "board") == ["2♣", "7♦", "9♥"]
    # a full raise reopens the action
    s = S.stacked_game(rules, 3, deck)
    _turn(s, 0, None, "raise 2")
    _turn(s, 1, None, "call")
    _turn(s, 2, None, "raise 3")                       # to 7
    _turn(s, 0, ["call", "fold", "all_in"] + _raises(3, 12), "raise 5")     # to 12
    _turn(s, 1, ["call", "fold", "all_in"] + _raises(5, 7), "call")
    _turn(s, 2, ["call", "fold", "all_in"] + _raises(5, 7), "call")
    assert _v(s, "contributed") == [12, 12, 12] and len(_z(s, "board")) == 3


def test_when_all_fold_the_last_player_takes_the_pot_unseen_and_no_board_is_dealt():
    rules = _load("holdem")
    holes = {0: ["K♠", "K♦"], 1: ["A♠", "A♦"], 2: ["Q♠", "Q♦"], 3: ["J♠", "J♦"]}
    s = S.stacked_game(rules, 4, _deck(4, holes, ["2♣", "7♦", "9♥", "J♣", "4♣"]), log=True)
    # dealer 0, blinds from seats 1 and 2: seat 3 acts first
    _turn(s, 3, None, "raise 3")
    _turn(s, 0, None, "fold")
    _turn(s, 1, None, "fold")
    _turn(s, 2, None, "fold")
    assert s.hand_no == 2
    hand1 = [e for e in s.events if e.get("hand") == 1]
    assert not [e for e in hand1 if e["event"] == "reveal"]
    assert not [e for e in hand1 if e["event"] == "deal" and e["to"] == "board"]
    # seat 3 won 1 + 2 from the blinds; hand 2: seat 1 deals, seats 2 and 3 post
    assert _v(s, "chips") == [20, 19, 18 - 1, 23 - 2]


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_only_before_the_flop():
    rules = _load("holdem")
    holes = {0: ["K♠", "K♦"], 1: ["A♠", "A♦"]}
    s = S.stacked_game(rules, 2, _deck(2, holes, ["2♣", "7♦", "9♥", "J♣", "4♣"]))
    assert _v(s, "chips") == [19, 18]
    _turn(s, 0, ["call", "fold", "all_in"] + _raises(2, 17), "call")
    _turn(s, 1, ["check", "all_in"] + _raises(2, 17), "check")
    _turn(s, 1, None, "check")                         # the big blind acts first after the flop
    _turn(s, 0, None, "check")


def test_players_with_no_chips_drop_out_and_the_button_skips_them():
    rules = _load("holdem")
    holes = {0: ["K♠", "K♦"], 1: ["A♠", "A♦"], 2: ["Q♠", "Q♦"]}
    s = S.stacked_game(rules, 3, _deck(3, holes, ["2♣", "7♦", "9♥", "J♣", "4♣"]), log=True)
    # seat 0 goes all in, seat 1 calls all in, seat 2 folds: seat 1's Aces take everything
    _turn(s, 0, None, "all_in")
    _turn(s, 1, None, "call")
    _turn(s, 2, None, "fold")
    assert s.hand_no == 2
    # seat 0 is out: seat 1 is the button (and heads-up the small blind), seat 2 the big blind
    assert S.var(s, "dealer") == 1 and _v(s, "chips") == [0, 42 - 1, 18 - 2]
    assert _z(s, "hole", 0) == [] and len(_z(s, "hole", 1)) == 2
    assert G.current_player(s) == 1


# -- Omaha ----------------------------------------------------------------------------------------------

def test_omaha_a_hand_uses_exactly_two_hole_cards_and_three_board_cards():
    rules = _load("omaha")
    # seat 0 holds one heart; the board has four: no flush for seat 0, whose best is a pair of Sevens;
    # seat 1's pair of Eights wins
    holes = {0: ["A♥", "K♠", "7♣", "7♦"], 1: ["8♣", "8♦", "3♣", "4♦"]}
    board = ["2♥", "5♥", "9♥", "J♥", "3♠"]
    s = S.stacked_game(rules, 2, _deck(2, holes, board, burns=["Q♣", "Q♦", "6♣"]), log=True)
    _turn(s, 0, None, "call")
    _turn(s, 1, None, "check")
    _checks(s, 1, 0, 1, 0, 1, 0)
    strength = [e for e in s.events if e.get("var") == "strength"]
    assert omaha_value(holes[0], board)[0] == 1 and holdem_value(holes[0], board)[0] == 5
    assert strength[0]["value"] < strength[1]["value"]
    assert _v(s, "chips") == [18 - 2, 22 - 1]        # hand 2: seat 1 deals and posts the small blind


def test_omaha_bets_are_limited_to_the_pot():
    rules = _load("omaha", start_chips=100)
    holes = {0: ["A♥", "K♠", "7♣", "7♦"], 1: ["8♣", "8♦", "3♣", "4♦"]}
    s = S.stacked_game(rules, 2, _deck(2, holes, ["2♥", "5♥", "9♥", "J♥", "3♠"], burns=["Q♣", "Q♦", "6♣"]))
    # 3 in the pot, 1 to call: a raise of up to 4 (to 6)
    _turn(s, 0, ["call", "fold"] + _raises(2, 4), "raise 4")
    # 8 in the pot, 4 to call: a raise of up to 12 (to 18)
    _turn(s, 1, ["call", "fold"] + _raises(4, 12), "raise 12")
    assert _v(s, "contributed") == [6, 18]
    # 24 in the pot, 12 to call: up to 36 (to 54)
    _turn(s, 0, ["call", "fold"] + _raises(12, 36), "call")
    # after the flop, a bet of up to the pot (36)
    _turn(s, 1, ["check"] + _raises(2, 36, "bet"), "bet 36")
    # 72 in the pot, 36 to call, 82 behind: 46 over the call is within the pot limit, so all in is allowed
    _turn(s, 0, ["call", "fold", "all_in"] + _raises(36, 45), "all_in")


# -- explain -------------------------------------------------------------------------------------------

def _explain(name):
    from interpreter.authoring.explain import explain
    return explain(_load(name))


@pytest.mark.parametrize("right, wrong", [
    # next_player with a condition on the player's own value: not 'who whose'
    ("the deal passes to the next player after the *dealer* whose *chips* is more than 0", "who whose"),
    # a player in argmax(...): every player with the best value, not 'in the player with'
    ("the players who are among the players r with the highest *strength* among the players r of *live*",
     "are in the player"),
    # a variable set to a condition: 'to whether ...'
    ("Set the player's *folded* to whether the player's *chips* are 0.", "*folded* to the player's *chips* are 0"),
])
def test_explain_reads_the_hold_em_rules_rightly(right, wrong):
    out = _explain("holdem")
    assert right in out and wrong not in out, out


def test_the_worked_hands_pass_as_scenarios():
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / "holdem.scenario.yaml"))
    assert not problems and len(outcomes) == 2
    assert all(o.passed for o in outcomes), [d.format() for o in outcomes for d in o.diagnostics]


def test_a_move_whose_options_are_an_empty_range_is_not_offered(tmp_path):
    # documented in the reference (range, choose): the no-limit bet sizes rely on it
    path = tmp_path / "empty.yaml"
    path.write_text("""name: empty options
players: {count: 2}
pack: {ranks: ["2", "3"], suits: [clubs]}
zones: {stock: {visibility: hidden}}
state: {x: {initial: 0}}
hand:
  - choose:
      player: 0
      moves:
        bet: {options: "range(3, 1)", as: n, do: [{set: {x: n}}]}
        raise: {options: "range(1, 1)", as: n, do: [{set: {x: n}}]}
        pass: {do: []}
""", encoding="utf-8")
    s = G.new_game(load_from(tmp_path, "empty"), 2, 0)
    assert sorted(_legal(s)) == ["pass", "raise 1"]
    text = open(Path(__file__).resolve().parents[1] / "docs" / "reference.md", encoding="utf-8").read()
    assert "range(2, 1) is []" in text and "A move whose options are an empty list is not offered." in text


def test_the_pack_built_ins_find_the_poker_category_of_seven_cards():
    rules = _load("seven-cards")
    cats = Counter()
    for seed in range(300):
        s = G.new_game(rules, 2, seed)
        hand = _z(s, "hand", 0)
        want = holdem_value(hand[:2], hand[2:])[0]
        assert _v(s, "category") == want, (hand, _v(s, "category"), want)
        cats[want] += 1
    assert len(cats) >= 6, cats


@pytest.mark.parametrize("hand, category", [
    (["A♠", "2♠", "3♠", "4♠", "5♠", "K♦", "K♥"], 8),          # the wheel in one suit
    (["10♥", "J♥", "Q♥", "K♥", "A♥", "9♣", "2♦"], 8),
    (["7♠", "7♦", "7♥", "7♣", "K♠", "K♦", "K♥"], 7),
    (["7♠", "7♦", "7♥", "K♣", "K♠", "K♦", "2♥"], 6),          # two threes make a full house
    (["2♠", "3♠", "4♠", "5♠", "9♠", "6♦", "J♥"], 5),          # a flush beside a straight
    (["A♦", "2♠", "3♥", "4♠", "5♣", "K♦", "Q♥"], 4),
    (["Q♦", "K♠", "A♥", "2♠", "3♣", "4♦", "9♥"], 0),          # no straight round the corner
    (["A♦", "A♠", "3♥", "3♠", "5♣", "5♦", "Q♥"], 2),          # three pairs
])
def test_the_pack_built_ins_on_chosen_seven_card_hands(hand, category):
    s = S.stacked_game(_load("seven-cards"), 2, hand)
    assert holdem_value(hand[:2], hand[2:])[0] == category
    assert _v(s, "category") == category


def test_chips_nobody_still_in_matched_go_back():
    # heads-up, seat 1 (big blind) has 1 chip, seat 0 posts a small blind of 2 and folds facing the full
    # big blind: seat 1 wins the 1 it matched, seat 0 takes back its other chip
    rules = _load("holdem", start_chips=7, small_blind=2, big_blind=5)
    holes = {0: ["K♠", "K♦"], 1: ["A♠", "A♦"]}
    s = S.stacked_game(rules, 2, _deck(2, holes, ["2♣", "7♦", "9♥", "J♣", "4♣"]), log=True)
    S.set_var(s, "chips", [11, 0])
    S.set_var(s, "contributed", [2, 1])
    S.set_var(s, "put", [2, 1])
    _turn(s, 0, ["call", "fold"], "fold")
    assert [(e["key"], e["value"]) for e in s.events if e.get("var") == "chips" and e["event"] == "add"
            and e["hand"] == 1][-3:] == [(1, 2), (0, 1), (1, 0)]


def test_a_split_pot_is_one_part_whatever_folded_players_put_in():
    # five players; seats 1, 4 and 3 fold having put in 1, 2 and 5; seats 0 and 2 put in 7 each and both
    # play the royal flush on the board.  The pot of 22 is one part split 11 and 11: the chips of folded
    # players do not cut it into parts that would each give an odd chip to seat 2
    rules = _load("holdem")
    holes = {p: [f"{r}♥", f"{r}♦"] for p, r in zip(range(5), ["5", "6", "7", "8", "9"])}
    s = S.stacked_game(rules, 5, _deck(5, holes, ["A♠", "K♠", "Q♠", "J♠", "10♠"]))
    _turn(s, 3, None, "call")
    _turn(s, 4, None, "call")
    _turn(s, 0, None, "raise 3")
    _turn(s, 1, None, "fold")
    _turn(s, 2, None, "call")
    _turn(s, 3, None, "call")
    _turn(s, 4, None, "fold")
    _turn(s, 2, None, "bet 2")
    _turn(s, 3, None, "fold")
    _turn(s, 0, None, "call")
    _checks(s, 2, 0, 2, 0)
    # hand 2: seat 1 deals, seat 2 posts 1 and seat 3 posts 2
    assert _v(s, "chips") == [24, 19, 24 - 1, 15 - 2, 18]


def test_every_player_sees_every_state_variable_as_the_reference_says():
    # the strength of a hand is set at the showdown, after the hole cards are shown: before it, nobody's
    # observation holds a value worked out from another player's hole cards
    rules = _load("holdem")
    s = G.new_game(rules, 3, 4)
    assert all(G.observation(s, q)["state"]["strength"] == [0, 0, 0] for q in range(3))
    # a value set from hidden cards would be seen by all: the observation gives variables as they are
    S.set_var(s, "strength", [7, 8, 9])
    assert all(G.observation(s, q)["state"]["strength"] == [7, 8, 9] for q in range(3))
    text = (Path(__file__).resolve().parents[1] / "docs" / "reference.md").read_text(encoding="utf-8")
    assert "Every player sees every state variable" in text


def test_explain_names_the_keys_a_variant_changes_in_a_section_that_merges():
    # a variant's mapping merges key by key: 'rewrites: `define`' alone read as if every definition went
    out = _explain("omaha")
    assert "This variant changes: `options` (hole_cards), `define` (largest(p), fives(p))." in out, out


# -- what a seat's log in `rules play` names ------------------------------------------------------------

def _this_hands_lines(view):
    log = view["log"]
    start = max(i for i, line in enumerate(log) if line.startswith("\n== hand"))
    return log[start:]


def test_a_seats_log_never_names_cards_dealt_face_down_to_others_that_it_saw_last_hand():
    # a card on the board at the seat's last decision of a hand, shuffled back and dealt face down to
    # another player in the next hand, was named in the seat's log line of that deal ('P3 ? Q♦ ? 4♥')
    from interpreter.playtest.session import Session
    rules = _load("omaha")
    named = 0
    for seed in range(6, 14):
        session = Session(rules, players=4, seed=seed, bots=["random"])
        session.run_bots()
        rng = random.Random(seed)
        while not session.over:
            s = session.state
            view = session.view(0)
            lines = "\n".join(_this_hands_lines(view))
            for p in range(1, 4):
                hidden = set(S.names(s, S.zone(s, "hole", p))) - set(S.names(s, S.zone(s, "board")))
                assert not [c for c in hidden if c in lines], (seed, p, hidden, lines)
            deal = [line for line in _this_hands_lines(view) if "each to hole" in line]
            named += bool(deal)
            actions = s.pending.actions
            calls = [i for i, a in enumerate(actions) if a[0] in ("call", "check")]
            session.choose(0, rng.choice(calls) if calls and rng.random() < 0.8 else rng.randrange(len(actions)))
            session.run_bots()
    assert named > 10
