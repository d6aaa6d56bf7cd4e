"""Games the engine has never seen, in families no earlier review covered (tests/rulesets_review22/,
each says what game it is and which rules it keeps): Concentration (memory: cards face down in fixed
places, turned up two at a time and turned back), Beggar-my-Neighbour and War (no decisions at all,
limits on length) and Spite and Malice (a competitive patience: centre piles from the Ace, pay-off
piles whose top alone is face up, discard piles).

- Scripted deals: the moves offered, who moves next, what each seat sees and the outcome, worked out by
  hand from the rules (in the comments).
- Referees: for each game a re-computation of the rules sharing no code with the engine follows random
  games move by move: the player to move, the exact set of moves offered, every card in exactly one
  place, and each seat's observation showing exactly the cards that seat may know (a memory card turned
  back face down stays known, at its place; a pay-off pile shows its top card only; a War card put down
  face down is seen by nobody).
- Bots decide the same whichever way the face-down cards they never saw lie.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.bots.base import make_bot
from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.engine.state import zone_parts
from tests.scripted import every_card_once as _every_card_once, legal_texts as _legal, load_from, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review22"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _n(s, cid):
    return s.rules.universe.names[cid]


def _rank(name):
    return name[:-1]


def _obs_names(s, seat, zone):
    """The card names `seat` sees in a zone (a list; a dict by place or a list by seat for kept zones)."""
    part = G.observation(s, seat)["zones"][zone]
    if isinstance(part, dict):
        return {k: [_n(s, c) for c in v] for k, v in part.items()}
    if part and isinstance(part[0], list):
        return [[_n(s, c) for c in v] for v in part]
    if all(isinstance(c, int) for c in part):
        return [_n(s, c) for c in part]
    return part


def _turn(s, who, legal, move):
    assert G.current_player(s) == who, (G.current_player(s), who)
    assert sorted(_legal(s)) == sorted(legal), _legal(s)
    name, _, value = move.partition(" ")
    action = next(a for a in G.legal_actions(s) if S.describe(s, a) == move)
    G.apply(s, action)


# -- Memory ------------------------------------------------------------------------------------------

PLACES = [f"s{i}" for i in range(1, 17)]
MEMORY_DEAL = "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠".split()   # s1 gets A♥ ... s16 8♠


def _memory_view(s, seat):
    """{place: [names]} seen by `seat`, and the sizes of the places."""
    return _obs_names(s, seat, "cell"), G.observation(s, seat)["sizes"]["cell"]


def test_memory_a_scripted_game():
    s = S.stacked_game(_load("memory"), 2, MEMORY_DEAL)
    full = lambda: [k for k in PLACES if S.zone(s, "cell")[k]]
    # dealer seat 0: seat 1 turns first; all sixteen places may be turned, nothing is seen yet
    for seat in (0, 1):
        seen, sizes = _memory_view(s, seat)
        assert all(v == [] for v in seen.values()) and all(sizes[k] == 1 for k in PLACES)
    _turn(s, 1, [f"turn_first {k}" for k in PLACES], "turn_first s1")
    # A♥ is face up for both seats; the second card may be any other place
    for seat in (0, 1):
        assert _memory_view(s, seat)[0]["s1"] == ["A♥"]
    _turn(s, 1, [f"turn_second {k}" for k in PLACES if k != "s1"], "turn_second s2")
    # A♥ and 2♥ differ: turned back where they lay, both remembered by both seats; seat 0's turn
    for seat in (0, 1):
        seen, sizes = _memory_view(s, seat)
        assert {k: v for k, v in seen.items() if v} == {"s1": ["A♥"], "s2": ["2♥"]}
        assert all(sizes[k] == 1 for k in PLACES)
    assert S.names(s, S.zone(s, "cell")["s1"]) == ["A♥"] and S.names(s, S.zone(s, "cell")["s2"]) == ["2♥"]
    # seat 0 turns A♠ at s9, then the A♥ it saw at s1: a pair, kept; seat 0 goes again
    _turn(s, 0, [f"turn_first {k}" for k in PLACES], "turn_first s9")
    _turn(s, 0, [f"turn_second {k}" for k in PLACES if k != "s9"], "turn_second s1")
    assert S.names(s, S.zone(s, "pairs")[0]) == ["A♠", "A♥"]
    for seat in (0, 1):
        seen, sizes = _memory_view(s, seat)
        assert {k: v for k, v in seen.items() if v} == {"s2": ["2♥"]}
        assert sizes["s1"] == sizes["s9"] == 0
        assert _obs_names(s, seat, "pairs")[0] == ["A♠", "A♥"]
    # seat 0 again: the two emptied places are no longer offered
    _turn(s, 0, [f"turn_first {k}" for k in full()], "turn_first s10")
    _turn(s, 0, [f"turn_second {k}" for k in full() if k != "s10"], "turn_second s2")      # 2♠ + 2♥
    _turn(s, 0, [f"turn_first {k}" for k in full()], "turn_first s3")
    _turn(s, 0, [f"turn_second {k}" for k in full() if k != "s3"], "turn_second s4")       # 3♥ 4♥: miss
    for seat in (0, 1):
        assert {k: v for k, v in _memory_view(s, seat)[0].items() if v} == {"s3": ["3♥"], "s4": ["4♥"]}
    # seat 1: 3♠ with 3♥, 4♠ with 4♥, 5♥ with 5♠ (a lucky guess), then 6♥ and 7♥ miss
    for first, second in (("s11", "s3"), ("s12", "s4"), ("s5", "s13")):
        _turn(s, 1, [f"turn_first {k}" for k in full()], f"turn_first {first}")
        _turn(s, 1, [f"turn_second {k}" for k in full() if k != first], f"turn_second {second}")
    _turn(s, 1, [f"turn_first {k}" for k in full()], "turn_first s6")
    _turn(s, 1, [f"turn_second {k}" for k in full() if k != "s6"], "turn_second s7")
    assert G.current_player(s) == 0
    # seat 0 takes the rest: 6♠ with 6♥, 7♠ with 7♥, 8♥ with 8♠
    for first, second in (("s14", "s6"), ("s15", "s7"), ("s8", "s16")):
        _turn(s, 0, [f"turn_first {k}" for k in full()], f"turn_first {first}")
        _turn(s, 0, [f"turn_second {k}" for k in full() if k != first], f"turn_second {second}")
    assert G.is_over(s)
    result = G.result(s)
    assert result["winners"] == [0] and result["scores"] == [5, 3]
    _every_card_once(s)


class MemoryReferee:
    """Concentration by hand: the card at each place, the cards every seat has seen, whose turn."""

    def __init__(self, s, first):
        self.grid = {k: _n(s, v[0]) for k, v in S.zone(s, "cell").items()}
        self.known = set()          # names of cards seen face up and still in their place
        self.pairs = [[] for _ in range(s.n)]
        self.turn, self.first, self.n = first, None, s.n

    def offered(self):
        if self.first is None:
            return {("turn_first", k) for k, c in self.grid.items() if c}
        return {("turn_second", k) for k, c in self.grid.items() if c and k != self.first}

    def apply(self, action):
        name, k = action
        self.known.add(self.grid[k])
        if name == "turn_first":
            self.first = k
            return
        a, b = self.grid[self.first], self.grid[k]
        if _rank(a) == _rank(b):
            self.pairs[self.turn] += [a, b]
            self.grid[self.first] = self.grid[k] = None
            self.known -= {a, b}
        else:
            self.turn = (self.turn + 1) % self.n
        self.first = None

    def check(self, s):
        for seat in range(s.n):
            seen, sizes = _memory_view(s, seat)
            for k, c in self.grid.items():
                assert seen[k] == ([c] if c in self.known else []), (seat, k, seen[k], c)
                assert sizes[k] == (1 if c else 0)
            assert _obs_names(s, seat, "pairs") == self.pairs


def _referee_run(rules, players, seed, referee_class, first_of, describe=None, limit=None):
    """A random game followed by the referee; returns (state, referee, decisions)."""
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = referee_class(s, first_of(s))
    decisions = 0
    while not G.is_over(s):
        ref.check(s)
        _every_card_once(s)
        assert G.current_player(s) == ref.turn
        legal = G.legal_actions(s)
        assert len(legal) == len(set(legal))
        assert set(legal) == ref.offered(), (set(legal) ^ ref.offered())
        action = legal[rng.randrange(len(legal))]
        G.apply(s, action)
        ref.apply(action)
        decisions += 1
    ref.check(s)
    _every_card_once(s)
    return s, ref, decisions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_memory_referee(players):
    rules = _load("memory")
    for seed in range(12):
        s, ref, _ = _referee_run(rules, players, seed, MemoryReferee, lambda s: (_v(s, "dealer") + 1) % s.n)
        counts = [len(p) // 2 for p in ref.pairs]
        best = max(counts)
        assert sum(counts) == 8
        assert G.result(s)["winners"] == [p for p in range(players) if counts[p] == best]
        assert G.result(s)["scores"] == counts


# -- bots and the cards still face down ---------------------------------------------------------------

def _memory_states(rules, seed, seat, decision):
    """The positions at every decision of a random Memory game up to `seat`'s decision number
    `decision` (one with a choice); None if the game ends first."""
    rng = random.Random(seed)
    s = G.new_game(rules, 2, seed)
    states, mine = [], 0
    while not G.is_over(s):
        states.append(G.clone(s))
        if G.current_player(s) == seat:
            mine += 1
            if mine == decision and len(G.legal_actions(s)) > 1:
                return states
        legal = G.legal_actions(s)
        G.apply(s, legal[rng.randrange(len(legal))])
    return None


def _face_down_never_seen(states):
    """Names of the cards lying face down that no seat has seen turned up, at the last position (the
    referee's reading: every card turned is turned for everyone)."""
    s = states[-1]
    seen = set()
    for st in states:
        seen |= {c for v in S.zone(st, "cell").values() for c in v if c in st.revealed}
    return sorted(c for v in S.zone(s, "cell").values() for c in v if c not in seen)


def _exchanged(states, sigma):
    out = []
    for st in states:
        c = G.clone(st)
        cells = S.zone(c, "cell")
        for k in cells:
            cells[k][:] = [sigma.get(x, x) for x in cells[k]]
        out.append(c)
    return out


def _memory_swap_check(decide, seeds):
    rules = _load("memory")
    rng = random.Random(3)
    compared = differ = 0
    for seed in seeds:
        for seat in (0, 1):
            states = _memory_states(rules, 40 + seed * 2 + seat, seat, 2 + seed % 5)
            if states is None:
                continue
            hidden = _face_down_never_seen(states)
            if len(hidden) < 2:
                continue
            shuffled = list(hidden)
            while shuffled == hidden:
                rng.shuffle(shuffled)
            moved = _exchanged(states, dict(zip(hidden, shuffled)))
            for a, b in zip(states, moved):
                for q in (0, 1):
                    assert G.observation(a, q) == G.observation(b, q)
                assert G.legal_actions(a) == G.legal_actions(b)
            differ += decide(states, seat) != decide(moved, seat)
            compared += 1
    return compared, differ


def _bot_decision(name):
    def decide(states, seat):
        bot = make_bot(name, 5, {"playouts": 40, "worlds": 4, "samples": 3})
        bot.seat = seat
        for st in states:
            bot.observe(st)
        s = states[-1]
        return G.legal_actions(s)[bot.decide(s, seat, G.legal_actions(s))]
    return decide


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_memory_bots_ignore_the_cards_still_face_down(bot):
    compared, differ = _memory_swap_check(_bot_decision(bot), range(6))
    assert compared >= 8 and differ == 0, (compared, differ)


def test_memory_the_exchange_catches_a_bot_that_peeks():
    """A cheat that turns the place holding the Ace of hearts when it can: its choices differ."""
    def peek(states, seat):
        s = states[-1]
        ace = S.cards(s.rules, ["A♥"])[0]
        legal = G.legal_actions(s)
        return next((a for a in legal if S.zone(s, "cell")[a[1]] == [ace]), legal[0])
    compared, differ = _memory_swap_check(peek, range(6))
    assert differ > 0


@pytest.mark.parametrize("seed", range(4))
def test_memory_the_bots_remember_where_a_card_turned_back_lies(seed):
    """Seat 1 turned A♥ (s1) and 2♥ (s2) and both went back face down; seat 0 turns A♠: in every world
    its bot samples, A♥ is still at s1, and the greedy bot (judging by the ruleset's `bots: evaluate`, the
    cards taken) takes the pair."""
    s = S.stacked_game(_load("memory"), 2, MEMORY_DEAL)
    states = [G.clone(s)]
    for action in (("turn_first", "s1"), ("turn_second", "s2"), ("turn_first", "s9")):
        G.apply(s, action)
        states.append(G.clone(s))
    from interpreter.bots.sampling import Watcher
    watcher = Watcher(0, random.Random(seed))
    for st in states:
        watcher.observe(st)
    for _ in range(20):
        world = watcher.sample(s)
        cells = {k: S.names(world, v) for k, v in S.zone(world, "cell").items()}
        assert cells["s1"] == ["A♥"] and cells["s2"] == ["2♥"] and cells["s9"] == ["A♠"]
    assert _bot_decision("greedy")(states, 0) == ("turn_second", "s1")


# -- Beggar-my-Neighbour and War: games with no decisions -------------------------------------------

def test_scenarios_of_games_with_no_decisions_deal_as_listed():
    """A game without decisions is over when it is dealt: the stacked deal is worked out from the
    zones right after the deal, not from the end of the game (it said 'the deal puts 0 there')."""
    from tests.helpers import run_cli
    out = run_cli("test", str(HERE / "nodecisions.scenario.yaml"))
    assert out.returncode == 0 and "passed, 0 failed" in out.stdout, out.stdout + out.stderr


def _seat_log(name, seed, seat=0):
    from interpreter.playtest import view as V
    from interpreter.playtest.session import Session
    se = Session(_load(name), 2, seed=seed, humans=(seat,), bots=("random",))
    return V.log_lines(se.seat_log(seat), set())


@pytest.mark.parametrize("seed", range(3))
def test_a_seats_log_names_cards_turned_face_up_in_a_game_without_decisions(seed):
    """Every card turned onto Beggar-my-Neighbour's public pile was seen by both seats: the seat's log
    names it, though the game ran to its end before any decision (it said 'move ?: stock[1] -> pile')."""
    lines = _seat_log("beggar", seed)
    turns = [line for line in lines if "-> pile" in line]
    assert turns and all("?" not in line and "(seen by P0, P1)" in line for line in turns), turns[:3]


@pytest.mark.parametrize("seed", range(3))
def test_a_seats_log_names_war_cards_face_up_and_never_those_face_down(seed):
    """War: a battle's face-up cards are shown to everyone (named in the log, also in `up = [..]`);
    the cards of a war put down face down stay '?' when the table is taken: 2 + 2k named and 2k unknown
    after k wars."""
    lines = _seat_log("war", seed)
    ups = [line for line in lines if line.strip().startswith("up = ")]
    assert ups and all("?" not in line for line in ups), ups[:3]
    collects = [line for line in lines if "table -> stock" in line]
    with_war = 0
    for line in collects:
        cards = line.split(":")[0].split()[1:]
        down = (len(cards) - 2) // 2
        assert cards.count("?") == down, line
        with_war += down > 0
    assert with_war > 0


def test_a_card_kept_in_a_variable_of_any_kind_is_logged_by_name():
    """`up` is declared `type: list` and is given two cards: the game log shows their names, not the
    engine's card numbers (it said 'up = [28, 13]')."""
    s = G.new_game(_load("war"), 2, 1, log=True)
    sets = [e for e in s.events if e.get("event") == "set" and e.get("var") == "up"]
    names = set(s.rules.universe.names)
    assert sets and all(len(e["value"]) == 2 and set(e["value"]) <= names for e in sets)


def test_rules_play_on_a_game_without_decisions_says_so():
    """`rules play` on Beggar-my-Neighbour: no decision for anyone, so instead of some hundred lines
    'turned += 1' it says the game played itself out, then the result."""
    from tests.helpers import run_cli
    out = run_cli("play", str(HERE / "beggar.yaml"), "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "played itself to the end" in out.stdout and "GAME OVER" in out.stdout
    assert out.stdout.count("turned += 1") == 0 and len(out.stdout.splitlines()) < 12, out.stdout[:500]


class _AfterDeal(list):
    """A game log that keeps the two stocks (card names, bottom first) right after the deal."""

    def __init__(self, s):
        super().__init__()
        self.s, self.stocks = s, None

    def append(self, event):
        super().append(event)
        if event.get("event") == "deal" and self.stocks is None:
            self.stocks = [[_n(self.s, c) for c in part] for part in S.zone(self.s, "stock")]


def _played_out(rules, seed):
    s = G.prepare_game(rules, 2, seed, log=True)
    s.events = watch = _AfterDeal(s)
    G.start(s)
    assert G.is_over(s) and watch.stocks is not None and not s.history
    return s, watch.stocks


PRICE = {"J": 1, "Q": 2, "K": 3, "A": 4}


def _beggar_referee(stocks, first, limit):
    """Beggar-my-Neighbour by hand from the stocks after the deal (bottom first); returns the stocks and
    pile at the end, cards turned, who was to turn, and the winners."""
    stocks = [list(x) for x in stocks]
    pile, owed, claimant, turn, turned = [], 0, None, first, 0
    while stocks[turn] and turned < limit:
        card = stocks[turn].pop()
        pile.append(card)
        turned += 1
        if _rank(card) in PRICE:
            owed, claimant, turn = PRICE[_rank(card)], turn, 1 - turn
        elif owed:
            owed -= 1
            if owed == 0:                       # the pile, turned face down, under the claimant's stock
                stocks[claimant][:0] = pile[::-1]
                pile, turn, claimant = [], claimant, None
        else:
            turn = 1 - turn
    winners = [1 - turn] if not stocks[turn] else [0, 1]
    return stocks, pile, turned, turn, winners


@pytest.mark.parametrize("limit", [3000, 150])
def test_beggar_referee(limit):
    rules = _load("beggar", limit=limit)
    finished = drawn = 0
    for seed in range(40):
        s, stocks = _played_out(rules, seed)
        assert sorted(stocks[0] + stocks[1]) == sorted(rules.universe.names[c] for c in rules.deck(2))
        assert len(stocks[0]) == len(stocks[1]) == 26
        first = (_v(s, "dealer") + 1) % 2
        end_stocks, pile, turned, turn, winners = _beggar_referee(stocks, first, limit)
        assert [S.names(s, x) for x in S.zone(s, "stock")] == end_stocks
        assert S.names(s, S.zone(s, "pile")) == pile
        assert _v(s, "turned") == turned and _v(s, "to_turn") == turn
        result = G.result(s)
        assert result["winners"] == winners and result["scores"] == [len(x) for x in end_stocks]
        _every_card_once(s)
        for seat in (0, 1):                     # at the end: the pile face up, the stocks unseen
            assert _obs_names(s, seat, "stock") == [[], []]
            assert _obs_names(s, seat, "pile") == pile
        finished += len(winners) == 1
        drawn += len(winners) == 2
    assert finished > 10 and (drawn > 5 or limit == 3000)


def _war_referee(stocks, first, limit):
    """War by hand; returns the stocks and table at the end (the table's face-up cards as a set),
    battles, wars and the winners."""
    stocks = [list(x) for x in stocks]
    second = 1 - first
    battles = wars = 0
    table, up, short = [], set(), []
    while not short and all(stocks) and battles < limit:
        battles += 1
        table, up = [], set()
        for p in (first, second):
            table.append(stocks[p].pop())
            up.add(table[-1])
        order = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        while order.index(_rank(table[-2])) == order.index(_rank(table[-1])):
            short = [p for p in (0, 1) if len(stocks[p]) < 2]
            if short:
                break
            wars += 1
            for p in (first, second):
                table.append(stocks[p].pop())            # face down
            for p in (first, second):
                table.append(stocks[p].pop())
                up.add(table[-1])
        if not short:
            w = first if order.index(_rank(table[-2])) > order.index(_rank(table[-1])) else second
            stocks[w][:0] = table[::-1]
            table, up = [], set()
    if short:
        winners = [p for p in (0, 1) if p not in short]
    elif not all(stocks):
        winners = [p for p in (0, 1) if stocks[p]]
    else:
        most = max(len(x) for x in stocks)
        winners = [p for p in (0, 1) if len(stocks[p]) == most]
    return stocks, table, up, battles, wars, winners


@pytest.mark.parametrize("limit", [2000, 60])
def test_war_referee(limit):
    rules = _load("war", limit=limit)
    kinds = set()
    for seed in range(30):
        s, stocks = _played_out(rules, seed)
        first = (_v(s, "dealer") + 1) % 2
        end_stocks, table, up, battles, wars, winners = _war_referee(stocks, first, limit)
        assert [S.names(s, x) for x in S.zone(s, "stock")] == end_stocks
        assert S.names(s, S.zone(s, "table")) == table
        assert (_v(s, "battles"), _v(s, "wars")) == (battles, wars)
        result = G.result(s)
        assert result["winners"] == winners and result["scores"] == [len(x) for x in end_stocks]
        _every_card_once(s)
        for seat in (0, 1):     # a war cut short leaves cards on the table: only the face-up ones are seen
            assert sorted(_obs_names(s, seat, "table")) == sorted(up)
            assert _obs_names(s, seat, "stock") == [[], []]
        kinds.add("short" if table else "limit" if battles == limit else "out")
    assert ({"out", "limit", "short"} <= kinds) if limit == 2000 else kinds == {"limit"}, kinds


def _stacked_two(rules, top_first):
    """A stacked game of two players, dealer 0, dealt one card at a time from seat 1: top_first[p] lists
    the top cards of p's stock, the first to be turned first; the rest of the pack fills in under them."""
    from tests.scripted import deal_order
    named = top_first[0] + top_first[1]
    rest = [n for n in (rules.universe.names[c] for c in rules.deck(2)) if n not in named]
    hands = {}
    for p in (0, 1):
        pad = 26 - len(top_first[p])
        hands[p] = (rest[:pad] + list(reversed(top_first[p])))
        rest = rest[pad:]
    return S.stacked_game(rules, 2, deal_order(hands, [1, 0]))


def test_war_a_double_war_worked_by_hand():
    """Seat 1 turns first.  7♣ and 7♦ tie: a war, 2♣ and 2♦ face down, 9♣ and 9♦ face up tie again: 3♣
    and 3♦ face down, 5♣ beats 4♦.  Seat 1 takes the ten cards under its stock, turned over as a packet:
    the 7♣ laid first comes up first of them.  With a limit of one battle, 31 cards beat 21."""
    rules = _load("war", limit=1)
    s = _stacked_two(rules, {1: ["7♣", "2♣", "9♣", "3♣", "5♣"], 0: ["7♦", "2♦", "9♦", "3♦", "4♦"]})
    assert G.is_over(s)
    assert (_v(s, "battles"), _v(s, "wars")) == (1, 2)
    assert S.names(s, S.zone(s, "stock")[1])[:10] == ["4♦", "5♣", "3♦", "3♣", "9♦", "9♣", "2♦", "2♣", "7♦", "7♣"]
    assert G.result(s)["winners"] == [1] and G.result(s)["scores"] == [21, 31]


def test_beggar_the_pile_goes_under_the_claimants_stock_turned_over():
    """Seat 1 turns J♣; seat 0 pays one card, 5♦: seat 1 takes J♣ 5♦ under its stock, J♣ to come up
    first of them.  With a limit of four cards turned: seat 1 turns 6♠, seat 0 turns 6♦, and the game
    is abandoned, a draw."""
    rules = _load("beggar", limit=4)
    s = _stacked_two(rules, {1: ["J♣", "6♠"], 0: ["5♦", "6♦"]})
    assert G.is_over(s)
    assert S.names(s, S.zone(s, "stock")[1])[:2] == ["5♦", "J♣"]
    assert S.names(s, S.zone(s, "pile")) == ["6♠", "6♦"]
    assert _v(s, "turned") == 4 and G.result(s)["winners"] == [0, 1]
    assert G.result(s)["scores"] == [24, 26]


# -- Spite and Malice ---------------------------------------------------------------------------------

SEQ = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"]
CENTRES = ["c1", "c2", "c3", "c4"]
HEAPS = {0: ["a1", "a2", "a3", "a4"], 1: ["b1", "b2", "b3", "b4"]}


class SpiteReferee:
    """Spite and Malice by hand, on the engine's card numbers as plain labels (two copies of each card):
    where every card lies, whose turn, what each seat sees.  Starts from the position at the first
    decision (the stock's order after a reshuffle of the finished piles is read from the engine)."""

    def __init__(self, s, first):
        z = lambda name: S.zone(s, name)
        self.s = s
        self.stock = list(z("stock"))
        self.payoff = [list(x) for x in z("payoff")]
        self.hand = [list(x) for x in z("hand")]
        self.heap = {k: list(v) for k, v in z("heap").items()}
        self.centre = {k: list(v) for k, v in z("centre").items()}
        self.done = list(z("done"))
        self.turn, self.discarding = first, None
        self.turns = 1
        assert all(len(x) == 13 for x in self.payoff) and len(self.hand[first]) == 5
        assert sum(len(x) for x in self.hand) == 5 and not self.done
        assert all(not v for v in self.heap.values()) and all(not v for v in self.centre.values())

    def seq(self, c):
        return SEQ.index(_rank(_n(self.s, c)))

    def target(self, c):
        return next((k for k in CENTRES if len(self.centre[k]) == self.seq(c)), None)

    def offered(self):
        p = self.turn
        if self.discarding is not None:
            return {("onto", k) for k in HEAPS[p]}
        out = {("build", c) for c in self.hand[p] if self.target(c)}
        if self.payoff[p] and self.target(self.payoff[p][-1]):
            out.add(("build_payoff", None))
        out |= {("build_heap", k) for k in HEAPS[p] if self.heap[k] and self.target(self.heap[k][-1])}
        out |= {("discard", c) for c in self.hand[p]}
        if not self.hand[p]:
            out.add(("pass", None))
        return out

    def draw(self, engine):
        p = self.turn
        while len(self.hand[p]) < 5 and self.stock + self.done:
            if not self.stock:
                # the finished piles are shuffled into the stock: which of them the player draws only
                # the shuffle knows; read them from the engine's hand, then check they came from there
                pool = sorted(self.done)
                have = len(self.hand[p])
                drawn = list(S.zone(engine, "hand")[p][have:])
                assert len(drawn) == min(5 - have, len(pool))
                for c in drawn:
                    pool.remove(c)
                self.hand[p] += drawn
                self.stock, self.done = list(S.zone(engine, "stock")), []
                assert sorted(self.stock) == pool
                self.reshuffled = True
                return
            self.hand[p].append(self.stock.pop())

    def build(self, c):
        k = self.target(c)
        self.centre[k].append(c)
        if len(self.centre[k]) == 12:
            self.done += self.centre[k]
            self.centre[k] = []

    def apply(self, action, engine_after):
        name, v = action
        p = self.turn
        self.reshuffled = False
        if name == "discard":
            self.discarding = v
            return
        if name == "onto":
            self.hand[p].remove(self.discarding)
            self.heap[v].append(self.discarding)
            self.discarding = None
            self.next_turn(engine_after)
            return
        if name == "pass":
            self.next_turn(engine_after)
            return
        if name == "build":
            self.hand[p].remove(v)
            self.build(v)
        elif name == "build_payoff":
            self.build(self.payoff[p].pop())
        elif name == "build_heap":
            self.build(self.heap[v].pop())
        if not self.payoff[p]:
            return
        if not self.hand[p]:
            self.draw(engine_after)

    def next_turn(self, engine):
        self.turns += 1
        self.turn = 1 - self.turn
        self.draw(engine)

    def sync_stock(self, engine):
        """After a reshuffle: the stock holds the same cards in an order only the shuffle knows."""
        mine = sorted(self.stock)
        self.stock = list(S.zone(engine, "stock"))
        assert sorted(self.stock) == mine

    def check(self, s):
        assert [list(x) for x in S.zone(s, "payoff")] == self.payoff
        assert [list(x) for x in S.zone(s, "hand")] == self.hand
        assert {k: list(v) for k, v in S.zone(s, "heap").items()} == self.heap
        assert {k: list(v) for k, v in S.zone(s, "centre").items()} == self.centre
        assert list(S.zone(s, "done")) == self.done
        assert list(S.zone(s, "stock")) == self.stock
        for seat in (0, 1):
            obs = G.observation(s, seat)
            assert obs["zones"]["hand"][seat] == self.hand[seat] and obs["zones"]["hand"][1 - seat] == []
            # a pay-off pile shows its top card only, to everyone
            assert obs["zones"]["payoff"] == [x[-1:] for x in self.payoff]
            assert obs["sizes"]["payoff"] == [len(x) for x in self.payoff]
            assert obs["zones"]["stock"] == [] and obs["sizes"]["stock"] == len(self.stock)
            assert obs["zones"]["heap"] == self.heap and obs["zones"]["centre"] == self.centre
            assert obs["zones"]["done"] == self.done


def _spite_run(rules, seed, pick=None):
    rng = random.Random(seed)
    s = G.new_game(rules, 2, seed)
    ref = SpiteReferee(s, (_v(s, "dealer") + 1) % 2)
    decisions = reshuffles = 0
    while not G.is_over(s):
        ref.check(s)
        _every_card_once(s)
        assert G.current_player(s) == ref.turn
        legal = G.legal_actions(s)
        assert len(legal) == len(set(legal))
        norm = {(a[0], a[1] if len(a) > 1 else None) for a in legal}
        assert norm == ref.offered(), norm ^ ref.offered()
        action = (pick or (lambda legal: legal[rng.randrange(len(legal))]))(legal)
        G.apply(s, action)
        ref.apply((action[0], action[1] if len(action) > 1 else None), s)
        reshuffles += ref.reshuffled
        decisions += 1
    ref.check(s)
    _every_card_once(s)
    left = [len(x) for x in ref.payoff]
    assert G.result(s)["winners"] == [p for p in (0, 1) if left[p] == min(left)]
    return s, ref, decisions, reshuffles


def _builder(rng):
    """A player that builds whenever it can (the pay-off pile first), else discards at random."""
    def pick(legal):
        for kind in ("build_payoff", "build_heap", "build"):
            fits = [a for a in legal if a[0] == kind]
            if fits:
                return fits[rng.randrange(len(fits))]
        return legal[rng.randrange(len(legal))]
    return pick


@pytest.mark.parametrize("builder", [False, True])
def test_spite_and_malice_referee(builder):
    rules = _load("spite")
    won = reshuffled = 0
    for seed in range(6 if builder else 4):
        s, ref, decisions, reshuffles = _spite_run(rules, seed, _builder(random.Random(seed)) if builder else None)
        won += any(not x for x in ref.payoff)
        reshuffled += reshuffles
    if builder:
        assert won >= 3 and reshuffled > 0, (won, reshuffled)


def test_spite_and_malice_a_scripted_opening():
    from tests.scripted import deal_order
    rules = _load("spite")
    payoff = {1: ["10♣", "10♥", "10♠", "J♦", "J♥", "J♠", "Q♣", "Q♦", "Q♥", "10♣", "10♥", "7♥", "A♠"],
              0: ["10♠", "J♦", "J♥", "J♠", "Q♣", "Q♦", "Q♥", "9♣", "9♥", "8♠", "9♠", "5♣", "4♦"]}
    draws = ["2♣", "3♣", "5♥", "9♦", "Q♠", "A♥", "2♥", "J♣", "6♠", "10♦", "3♥", "6♦", "8♣"]
    s = S.stacked_game(rules, 2, deal_order(payoff, [1, 0], draws))

    def tops(seat):
        return _obs_names(s, seat, "payoff")

    def centres():
        return {k: S.names(s, v) for k, v in S.zone(s, "centre").items() if v}
    # dealer 0: seat 1 starts with five cards; both pay-off tops are face up for both seats, nothing else
    assert S.names(s, S.zone(s, "hand")[1]) == draws[:5]
    for seat in (0, 1):
        assert tops(seat) == [["4♦"], ["A♠"]]
        assert G.observation(s, seat)["sizes"]["payoff"] == [13, 13]
    assert _obs_names(s, 0, "hand") == [[], []]
    discards = [f"discard {c}" for c in draws[:5]]
    # only the Ace on the pay-off pile can start a centre pile: 2♣ needs an Ace
    _turn(s, 1, ["build_payoff"] + discards, "build_payoff")
    assert centres() == {"c1": ["A♠"]}
    for seat in (0, 1):
        assert tops(seat) == [["4♦"], ["7♥"]]            # the next card is turned face up
    _turn(s, 1, ["build 2♣"] + discards, "build 2♣")
    _turn(s, 1, ["build 3♣"] + discards[1:], "build 3♣")
    _turn(s, 1, discards[2:], "discard Q♠")
    # the discard is put on one of seat 1's own four piles, any of them
    _turn(s, 1, ["onto b1", "onto b2", "onto b3", "onto b4"], "onto b1")
    # seat 0 draws five; its 4♦ now fits on A-2-3; A♥ starts a pile; 2♥ fits nowhere yet
    hand0 = draws[5:10]
    assert S.names(s, S.zone(s, "hand")[0]) == hand0
    _turn(s, 0, ["build_payoff", "build A♥"] + [f"discard {c}" for c in hand0], "build_payoff")
    _turn(s, 0, ["build_payoff", "build A♥"] + [f"discard {c}" for c in hand0], "build_payoff")   # 5♣
    assert tops(1) == [["9♠"], ["7♥"]] and G.observation(s, 1)["sizes"]["payoff"] == [11, 12]
    _turn(s, 0, ["build A♥", "build 6♠"] + [f"discard {c}" for c in hand0], "build A♥")     # 6♠ on A-5
    _turn(s, 0, ["build 2♥", "build 6♠"] + [f"discard {c}" for c in hand0[1:]], "build 2♥")
    # seat 0 keeps the 6♠ and discards J♣ on its own first pile
    _turn(s, 0, ["build 6♠"] + [f"discard {c}" for c in hand0[2:]], "discard J♣")
    _turn(s, 0, ["onto a1", "onto a2", "onto a3", "onto a4"], "onto a1")
    assert centres() == {"c1": ["A♠", "2♣", "3♣", "4♦", "5♣"], "c2": ["A♥", "2♥"]}
    heaps = {k: v for k, v in _obs_names(s, 1, "heap").items() if v}
    assert heaps == {"a1": ["J♣"], "b1": ["Q♠"]}
    # seat 1 draws up to five: 3♥ 6♦ 8♣ after its 5♥ 9♦; the 7♥ on its pay-off pile waits for a 6
    hand1 = ["5♥", "9♦", "3♥", "6♦", "8♣"]
    assert S.names(s, S.zone(s, "hand")[1]) == hand1
    _turn(s, 1, ["build 3♥", "build 6♦"] + [f"discard {c}" for c in hand1], "build 6♦")
    hand1.remove("6♦")
    _turn(s, 1, ["build_payoff", "build 3♥"] + [f"discard {c}" for c in hand1], "build_payoff")
    assert centres()["c1"][-2:] == ["6♦", "7♥"]
    assert tops(0) == [["9♠"], ["10♥"]]
    _every_card_once(s)


def _ids_seen(s, seat):
    """Card numbers in `seat`'s observation of `s`."""
    out = set()

    def walk(v):
        if isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x) if isinstance(x, (list, dict)) else out.add(x)
    walk(G.observation(s, seat)["zones"])
    return out


def _spite_swap_check(decide, seeds):
    """Random Spite and Malice games up to a decision of a seat with a choice; the cards that seat never
    saw (in no observation it had, in no move) are exchanged at random in every position so far; the
    decision must not change."""
    rules = _load("spite")
    rng = random.Random(5)
    compared = differ = 0
    for seed in seeds:
        seat = seed % 2
        play = random.Random(seed)
        s = G.new_game(rules, 2, 300 + seed)
        states, mine = [], 0
        target = 3 + seed % 7
        while not G.is_over(s):
            states.append(G.clone(s))
            legal = G.legal_actions(s)
            if G.current_player(s) == seat and len(legal) > 1:
                mine += 1
                if mine == target:
                    break
            G.apply(s, legal[play.randrange(len(legal))])
        if G.is_over(s):
            continue
        seen = set()
        for st in states:
            seen |= _ids_seen(st, seat)
        hidden = sorted(c for c in rules.deck(2) if c not in seen)
        shuffled = list(hidden)
        rng.shuffle(shuffled)
        sigma = dict(zip(hidden, shuffled))
        moved = []
        for st in states:
            c = G.clone(st)
            for info in c.rules.zone_list:
                for _, part in zone_parts(c, info):
                    part[:] = [sigma.get(x, x) for x in part]
            moved.append(c)
        for a, b in zip(states, moved):
            assert G.observation(a, seat) == G.observation(b, seat)
            assert G.legal_actions(a) == G.legal_actions(b) or G.current_player(a) != seat
        differ += decide(states, seat) != decide(moved, seat)
        compared += 1
    return compared, differ


@pytest.mark.parametrize("bot", ["greedy", "search", "priority"])
def test_spite_and_malice_bots_ignore_cards_they_never_saw(bot):
    compared, differ = _spite_swap_check(_bot_decision(bot), range(10))
    assert compared >= 8 and differ == 0, (compared, differ)


def test_spite_and_malice_the_exchange_catches_a_bot_that_peeks():
    """A cheat that discards its lowest card when the other player holds an Ace."""
    def peek(states, seat):
        s = states[-1]
        ace = any(_rank(_n(s, c)) == "A" for c in S.zone(s, "hand")[1 - seat])
        legal = G.legal_actions(s)
        return legal[0] if ace else legal[-1]
    compared, differ = _spite_swap_check(peek, range(10))
    assert differ > 0


def test_explain_tells_what_the_deal_gives_in_a_game_without_decisions():
    """The pack table of `rules explain` gives each player's cards at the first decision; Beggar has
    none, so it said '0/42 in stock' (the end of a trial game); now the deal's 26 each."""
    from tests.helpers import run_cli
    out = run_cli("explain", str(HERE / "beggar.yaml"))
    assert "| 2 | 52 | - | 26 in stock |" in out.stdout and "after the deal" in out.stdout, out.stdout[:800]
    out = run_cli("explain", str(HERE / "spite.yaml"))
    assert "13 in payoff, 0/5 in hand" in out.stdout and "at the first decision" in out.stdout


def test_simulate_says_when_nobody_decides_anything():
    from tests.helpers import run_cli
    note = "nobody decides anything in this game"
    out = run_cli("simulate", str(HERE / "beggar.yaml"), "--games", "5", "--seed", "1")
    assert out.returncode == 0 and note in out.stdout, out.stdout
    out = run_cli("simulate", str(HERE / "memory.yaml"), "--games", "5", "--seed", "1")
    assert out.returncode == 0 and note not in out.stdout, out.stdout


def test_the_terminal_table_shows_a_card_turned_up_in_a_hidden_place():
    """Memory at the terminal: P1 turned 4♠ (s15) and 2♠ (s8), both back face down and known to all; the
    table said only 'cell s15: 1 card(s)'.  Now the known card is shown at its place."""
    from interpreter.playtest.session import Session
    from interpreter.playtest.terminal import table_text
    se = Session(_load("memory"), 2, seed=2, humans=(0,), bots=("random",))
    se.run_bots()
    s = se.state
    known = {k: S.names(s, v) for k, v in S.zone(s, "cell").items() if v and v[0] in s.revealed}
    assert len(known) == 2
    text = table_text(se.view(0))
    for k, names in known.items():
        assert f"cell {k}: 1 card(s) (shown: {names[0]})" in text, text
    assert text.count("shown:") == 2


def test_the_memory_worked_examples_pass_rules_test():
    from tests.helpers import run_cli
    out = run_cli("test", str(HERE / "memory.scenario.yaml"))
    assert out.returncode == 0 and "2 scenario(s): 2 passed, 0 failed" in out.stdout, out.stdout + out.stderr


class MemoryRowReferee:
    """Memory in one face-down row: the row by name, the cards everyone has seen, whose turn."""

    def __init__(self, s, first):
        self.row = S.names(s, S.zone(s, "row"))
        self.known, self.pairs = set(), [[] for _ in range(s.n)]
        self.turn, self.first, self.n = first, None, s.n

    def offered(self):
        places = range(1, len(self.row) + 1)
        if self.first is None:
            return {("turn_first", i) for i in places}
        return {("turn_second", i) for i in places if self.row[i - 1] != self.first}

    def apply(self, action):
        name, i = action
        card = self.row[i - 1]
        self.known.add(card)
        if name == "turn_first":
            self.first = card
            return
        if _rank(card) == _rank(self.first):
            self.pairs[self.turn] += [self.first, card]
            self.row = [c for c in self.row if c not in (card, self.first)]     # the row closes up
            self.known -= {card, self.first}
        else:
            self.turn = (self.turn + 1) % self.n
        self.first = None

    def check(self, s):
        for seat in range(s.n):
            assert sorted(_obs_names(s, seat, "row")) == sorted(c for c in self.row if c in self.known)
            assert _obs_names(s, seat, "pairs") == self.pairs

    def shown_at(self):
        return [[c, i] for i, c in enumerate(self.row) if c in self.known]


@pytest.mark.parametrize("players", [2, 3])
def test_memory_in_a_row_referee(players):
    rules = _load("memory-row")
    for seed in range(8):
        s, ref, _ = _referee_run(rules, players, seed, MemoryRowReferee, lambda s: (_v(s, "dealer") + 1) % s.n)
        counts = [len(p) // 2 for p in ref.pairs]
        assert G.result(s)["winners"] == [p for p in range(players) if counts[p] == max(counts)]


def test_the_terminal_says_where_in_a_face_down_row_a_known_card_lies():
    """Memory in one row: the table said 'row: 16 card(s) (shown: 2♠ 4♠)', not where they lie, and the
    numbers in the log change as pairs leave the row.  Now each known card's place, as the rules read it
    (row[i]), checked against the referee over whole games with a human seat moving at random."""
    from interpreter.playtest.session import Session
    from interpreter.playtest.terminal import table_text
    rules = _load("memory-row")
    checked = 0
    for seed in range(4):
        se = Session(rules, 2, seed=seed, humans=(0,), bots=("random",))
        ref = MemoryRowReferee(se.state, (_v(se.state, "dealer") + 1) % 2)
        rng = random.Random(seed)
        done = 0
        while not se.over:
            se.run_bots()
            for player, action in se.state.history[done:]:
                ref.apply(action)
            done = len(se.state.history)
            if se.over:
                break
            view = se.view(0)
            row = next(z for z in view["zones"] if z["name"] == "row")
            assert row.get("shown_at", []) == ref.shown_at()
            if ref.shown_at():
                text = table_text(view)
                assert ", ".join(f"{c} at row[{i}]" for c, i in ref.shown_at()) in text, text
                checked += 1
            se.choose(0, rng.choice(se.legal(0))["text"])
    assert checked > 20


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_memory_in_a_row_the_bots_remember_where_a_card_turned_back_lies(bot):
    """Seat 1 turned A♥ (place 1) and 2♥ (place 2), both back face down; seat 0 turns A♠ (place 9): its
    bot turns place 1."""
    s = S.stacked_game(_load("memory-row"), 2, MEMORY_DEAL)
    assert S.names(s, S.zone(s, "row")) == MEMORY_DEAL
    states = [G.clone(s)]
    for action in (("turn_first", 1), ("turn_second", 2), ("turn_first", 9)):
        G.apply(s, action)
        states.append(G.clone(s))
    assert _bot_decision(bot)(states, 0) == ("turn_second", 1)


@pytest.mark.soak
def test_referees_soak():
    for players in (2, 3, 4):
        for seed in range(100, 160):
            _referee_run(_load("memory"), players, seed, MemoryReferee, lambda s: (_v(s, "dealer") + 1) % s.n)
            _referee_run(_load("memory-row"), players, seed, MemoryRowReferee, lambda s: (_v(s, "dealer") + 1) % s.n)
    for seed in range(100, 300):
        s, stocks = _played_out(_load("beggar"), seed)
        end_stocks, pile, turned, turn, winners = _beggar_referee(stocks, (_v(s, "dealer") + 1) % 2, 3000)
        assert [S.names(s, x) for x in S.zone(s, "stock")] == end_stocks and G.result(s)["winners"] == winners
        s, stocks = _played_out(_load("war"), seed)
        end_stocks, table, up, battles, wars, winners = _war_referee(stocks, (_v(s, "dealer") + 1) % 2, 2000)
        assert [S.names(s, x) for x in S.zone(s, "stock")] == end_stocks and G.result(s)["winners"] == winners
    for seed in range(100, 140):
        _spite_run(_load("spite"), seed, _builder(random.Random(seed)) if seed % 2 else None)


@pytest.mark.soak
@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_bots_ignore_unseen_cards_soak(bot):
    compared, differ = _memory_swap_check(_bot_decision(bot), range(6, 30))
    assert differ == 0 and compared > 30, (compared, differ)
    compared, differ = _spite_swap_check(_bot_decision(bot), range(10, 40))
    assert differ == 0 and compared > 20, (compared, differ)


def test_the_game_log_says_who_saw_a_shown_card_that_moves_face_down():
    """War: the battle's face-up cards lie shown to everyone in a face-down zone; when the winner takes
    them the log said 'seen by nobody' for all (the move had already hidden them when it was worded).
    Now the face-up ones are seen by both, the face-down ones of a war by nobody."""
    s = G.new_game(_load("war"), 2, 3, log=True)
    takes = [e for e in s.events if e.get("event") == "move" and e["source"] == ["table"]]
    wars = 0
    for e in takes:
        seen = list(e["seen_by"].values())
        down = (len(e["cards"]) - 2) // 2
        assert seen.count([0, 1]) == len(e["cards"]) - down and seen.count([]) == down, e
        wars += down > 0
    assert takes and wars
