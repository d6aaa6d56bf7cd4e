"""Two games of hidden information and bluff the engine had never seen, written from their published
rules (tests/rulesets_review58/, each file says which readings it chose): Skull (discs laid face down,
a bidding on how many can be turned over, a blind loss of a disc) and Cockroach Poker (a card passed
face down with a true or false claim, called or looked at and passed on).

- Referees: each game is re-computed from its rules, sharing no code with the engine, and follows
  seeded random games move by move: who moves, the exact set of moves offered, every card in exactly
  one place, the points, who is out and who wins; and, at every decision, what each seat sees: its own
  discs and hand, its own stack (it laid it), the discs turned up, its own lost discs; in Cockroach
  Poker the card on its way only to those who have seen it.
- Scripted deals with outcomes worked out by hand (the .scenario.yaml files, run by tests/test_scenarios
  through `rules test`, and a few below).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, every_card_once, var

HERE = Path(__file__).resolve().parent / "rulesets_review58"
load = cached_loader(HERE)


def _rank(s, c):
    return s.rules.universe.names[c].split("/")[0]


def _suit(s, c):
    return s.rules.universe.names[c].split("/")[1]


# -- Skull -----------------------------------------------------------------------------------------------

COLOURS = ["red", "blue", "green", "yellow", "purple", "white"]


class SkullReferee:
    """Skull by hand: hands, stacks, turned discs, lost discs, points, who is out, whose decision it is
    and what is offered."""

    def __init__(self, s):
        self.s, self.n = s, s.n
        self.names = s.rules.universe.names
        self.hand = [set() for _ in range(self.n)]
        every = [c for p in range(self.n) for c in S.zone(s, "hand", p)]
        for c in every:
            self.hand[COLOURS.index(_suit(s, c))].add(c)
        for p in range(self.n):
            assert sorted(_rank(s, c) for c in self.hand[p]) == ["flower"] * 3 + ["skull"], p
        self.mat = [[] for _ in range(self.n)]
        self.up = [[] for _ in range(self.n)]
        self.lost = [[] for _ in range(self.n)]
        self.points = [0] * self.n
        self.out = [False] * self.n
        self.starter = 0
        self.over, self.winners = False, None
        self.rounds = self.blind = self.own = self.chosen_start = self.wins = self.outs = 0
        self.new_round()

    def alive(self):
        return [p for p in range(self.n) if not self.out[p]]

    def next_from(self, p, ok):
        for k in range(1, self.n + 1):
            q = (p + k) % self.n
            if ok(q):
                return q

    def on_mats(self):
        return sum(len(m) for m in self.mat)

    def new_round(self):
        self.rounds += 1
        self.bid, self.bidder = 0, None
        self.passed = [False] * self.n
        self.turned, self.skull_of = 0, None
        self.to_lay = self.alive()                  # everyone lays one disc, in seat order
        self.phase, self.who = "lay", self.to_lay[0]

    def offered(self):
        p = self.who
        if self.phase in ("lay", "add_disc", "own_loss"):
            return {("select", c) for c in self.hand[p]}
        if self.phase == "place":
            out = {("bid", b) for b in range(1, self.on_mats() + 1)}
            return out | ({("add", None)} if self.hand[p] else set())
        if self.phase == "bidding":
            return {("raise", b) for b in range(self.bid + 1, self.on_mats() + 1)} | {("pass", None)}
        if self.phase == "turn":
            return {("turn", q) for q in range(self.n) if q != self.bidder and self.mat[q]}
        if self.phase == "pick":
            return {("pick", i) for i in range(1, len(self.offer) + 1)}
        if self.phase == "starts":
            return {("starts", q) for q in self.alive()}
        raise AssertionError(self.phase)

    def apply(self, s, action):
        name, value = action
        p = self.who
        if self.phase == "lay":
            self.hand[p].remove(value)
            self.mat[p].append(value)
            self.to_lay.pop(0)
            if self.to_lay:
                self.who = self.to_lay[0]
            else:
                self.phase, self.who = "place", self.starter
            return
        if self.phase == "place":
            if name == "add":
                self.phase = "add_disc"
                return
            self.bid, self.bidder = value, p
            return self.after_bid()
        if self.phase == "add_disc":
            self.hand[p].remove(value)
            self.mat[p].append(value)
            self.phase, self.who = "place", self.next_from(p, lambda q: not self.out[q])
            return
        if self.phase == "bidding":
            if name == "pass":
                self.passed[p] = True
            else:
                self.bid, self.bidder = value, p
            return self.after_bid(after=p)
        if self.phase == "turn":
            self.turn_over(value)
            return self.challenge()
        if self.phase == "pick":
            lost = self.offer[value - 1]
            self.blind += 1
            return self.lose(lost)
        if self.phase == "own_loss":
            self.own += 1
            return self.lose(value)
        if self.phase == "starts":
            self.chosen_start += 1
            self.starter = value
            return self.end_round()
        raise AssertionError(self.phase)

    def in_bidding(self):
        return [q for q in range(self.n) if not self.out[q] and not self.passed[q]]

    def after_bid(self, after=None):
        if self.bid == self.on_mats() or len(self.in_bidding()) == 1:
            return self.challenge()
        self.phase = "bidding"
        self.who = self.next_from(self.bidder if after is None else after,
                                  lambda q: not self.out[q] and not self.passed[q])

    def turn_over(self, q):
        disc = self.mat[q].pop()                    # the top disc
        self.up[q].append(disc)
        self.turned += 1
        if _rank(self.s, disc) == "skull":
            self.skull_of = q

    def challenge(self):
        c = self.bidder
        while self.turned < self.bid and self.skull_of is None:
            if self.mat[c]:
                self.turn_over(c)
                continue
            self.phase, self.who = "turn", c
            return
        for q in range(self.n):                     # every disc goes back to its owner
            self.hand[q].update(self.mat[q] + self.up[q])
            self.mat[q], self.up[q] = [], []
        if self.skull_of is None:
            self.points[c] += 1
            self.wins += 1
            self.starter = c
            return self.end_round()
        if self.skull_of != c:
            self.phase, self.who = "pick", self.skull_of
            self.offer = None                       # shuffled by the engine: read at the decision
            return
        self.phase, self.who = "own_loss", c

    def lose(self, disc):
        c = self.bidder
        self.hand[c].remove(disc)
        self.lost[c].append(disc)
        if self.hand[c]:
            self.starter = c
            return self.end_round()
        self.out[c] = True
        self.outs += 1
        if self.skull_of != c:
            self.starter = self.skull_of
            return self.end_round()
        if len(self.alive()) > 1:
            self.phase, self.who = "starts", c
            return
        return self.end_round()

    def end_round(self):
        champions = [q for q in range(self.n) if self.points[q] >= 2]
        if champions or len(self.alive()) == 1:
            self.over, self.winners = True, champions or self.alive()
            return
        self.new_round()

    def check(self, s):
        assert list(var(s, "points")) == self.points
        assert list(var(s, "out")) == self.out
        if self.over:
            return
        if self.phase == "pick" and self.offer is None:
            self.offer = list(S.zone(s, "offer"))
            assert sorted(self.offer) == sorted(self.hand[self.bidder])
        assert var(s, "bid") == self.bid and var(s, "bidder") == self.bidder
        for q in range(self.n):
            held = [] if self.phase == "pick" and q == self.bidder else self.hand[q]
            assert sorted(S.zone(s, "hand", q)) == sorted(held), q
            assert list(S.zone(s, "mat", q)) == self.mat[q], q
            assert list(S.zone(s, "up", q)) == self.up[q], q
            assert sorted(S.zone(s, "lost", q)) == sorted(self.lost[q]), q
        # what each seat sees: its own hand, stack and lost discs, and the discs turned up
        for seat in range(self.n):
            obs = G.observation(s, seat)
            z = obs["zones"]
            for q in range(self.n):
                mine = q == seat
                held = [] if self.phase == "pick" and q == self.bidder else self.hand[q]
                assert sorted(z["hand"][q]) == (sorted(held) if mine else []), (seat, q)
                assert z["mat"][q] == (self.mat[q] if mine else []), (seat, q)
                assert z["up"][q] == self.up[q]
                assert sorted(z["lost"][q]) == (sorted(self.lost[q]) if mine else []), (seat, q)
                assert obs["sizes"]["mat"][q] == len(self.mat[q])
                assert obs["sizes"]["lost"][q] == len(self.lost[q])
            assert z["offer"] == []
            assert obs["state"]["points"] == self.points


def skull_game(players, seed, bias=None):
    """A seeded random game followed by the referee.  `bias` (a function of the legal actions) may
    narrow the random choice, to reach rarer situations."""
    rules = load("skull")
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = SkullReferee(s)
    moves = 0
    while not G.is_over(s):
        ref.check(s)
        every_card_once(s)
        assert G.current_player(s) == ref.who, (G.current_player(s), ref.who, ref.phase)
        legal = G.legal_actions(s)
        assert len(legal) == len(set(legal))
        assert set(legal) == ref.offered(), (ref.phase, set(legal) ^ ref.offered())
        choices = (bias(legal) if bias else None) or legal
        action = choices[rng.randrange(len(choices))]
        G.apply(s, action)
        ref.apply(s, action)
        moves += 1
        assert moves < 5000
    assert ref.over
    ref.check(s)
    every_card_once(s)
    result = G.result(s)
    assert result["winners"] == sorted(ref.winners)
    assert result["scores"] == ref.points
    return s, ref


def _bold(legal):
    """Bid high and lay skulls: many failed challenges, players put out."""
    bids = [a for a in legal if a[0] in ("bid", "raise")]
    return bids[-2:] if bids else None


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_skull_referee(players):
    totals = {"blind": 0, "own": 0, "outs": 0, "wins": 0, "chosen": 0}
    for seed in range(25):
        _, ref = skull_game(players, seed)
        _, ref2 = skull_game(players, 1000 + seed, bias=_bold)
        for r in (ref, ref2):
            totals["blind"] += r.blind
            totals["own"] += r.own
            totals["outs"] += r.outs
            totals["wins"] += r.wins
            totals["chosen"] += r.chosen_start
    # the sweep reaches every branch: blind losses, own-skull losses, players put out, wins
    assert totals["blind"] and totals["own"] and totals["outs"] and totals["wins"], totals


def test_skull_an_own_skull_elimination_lets_the_challenger_choose_the_starter():
    found = 0
    for seed in range(400):
        _, ref = skull_game(3, 5000 + seed, bias=_bold)
        found += ref.chosen_start
        if found:
            break
    assert found


@pytest.mark.soak
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_skull_referee_soak(players):
    for seed in range(25, 400):
        skull_game(players, seed)
        skull_game(players, 1000 + seed, bias=_bold)


# -- Cockroach Poker -------------------------------------------------------------------------------------

CREATURES = ["cockroach", "bat", "fly", "toad", "rat", "scorpion", "spider", "stinkbug"]


class CockroachReferee:
    """Cockroach Poker by hand: hands, the card on its way and who has seen it, the rows, who moves."""

    def __init__(self, s):
        self.s, self.n = s, s.n
        self.hand = [set(S.zone(s, "hand", p)) for p in range(self.n)]
        # dealt out from the dealer's (seat 0's) left: the first seats dealt to get one more
        q, r = divmod(64, self.n)
        for k in range(self.n):
            assert len(self.hand[(1 + k) % self.n]) == q + (1 if k < r else 0)
        self.row = [[] for _ in range(self.n)]
        self.active = 1 % self.n
        self.over, self.loser = False, None
        self.calls = self.looks = self.empty_loss = self.four_loss = 0
        self.new_pass()

    def new_pass(self):
        if not self.hand[self.active]:
            self.over, self.loser = True, self.active
            self.empty_loss += 1
            return
        self.card, self.seen, self.claim = None, [], None
        self.holder = self.passer = None
        self.phase, self.who = "pick", self.active

    def offered(self):
        p = self.who
        if self.phase == "pick":
            return {("select", c) for c in self.hand[p]}
        if self.phase == "give":
            return {("give", q) for q in range(self.n) if q not in self.seen and q != p}
        if self.phase == "claim":
            return {("claim", r) for r in CREATURES}
        if self.phase == "respond":
            out = {("call_true", None), ("call_false", None)}
            if any(q not in self.seen and q != p for q in range(self.n)):
                out.add(("look", None))
            return out
        raise AssertionError(self.phase)

    def apply(self, s, action):
        name, value = action
        p = self.who
        if self.phase == "pick":
            self.hand[p].remove(value)
            self.card, self.seen = value, [p]
            self.phase = "give"
        elif self.phase == "give":
            self.holder, self.passer = value, p
            self.phase = "claim"
        elif self.phase == "claim":
            self.claim = value
            self.phase, self.who = "respond", self.holder
        elif name == "look":
            self.looks += 1
            self.seen.append(p)
            self.phase = "give"
        else:
            self.calls += 1
            true = _rank(s, self.card) == self.claim
            right = true == (name == "call_true")
            taker = self.passer if right else self.holder
            self.row[taker].append(self.card)
            self.card = None
            self.active = taker
            if any(sum(_rank(s, c) == r for c in self.row[taker]) >= 4 for r in CREATURES):
                self.over, self.loser = True, taker
                self.four_loss += 1
                return
            self.new_pass()

    def check(self, s):
        assert var(s, "loser") == self.loser
        for q in range(self.n):
            assert sorted(S.zone(s, "hand", q)) == sorted(self.hand[q])
            assert list(S.zone(s, "row", q)) == self.row[q]
        if self.over:
            return
        assert list(S.zone(s, "passing")) == ([self.card] if self.card is not None and self.phase != "pick" else [])
        assert var(s, "active") == self.active
        if self.phase == "respond":
            assert var(s, "holder") == self.holder and var(s, "passer") == self.passer
            assert var(s, "claim") == self.claim
        for seat in range(self.n):
            obs = G.observation(s, seat)
            z = obs["zones"]
            for q in range(self.n):
                assert sorted(z["hand"][q]) == (sorted(self.hand[q]) if q == seat else [])
                assert z["row"][q] == self.row[q]
                assert z["picked"][q] == []
                assert obs["sizes"]["hand"][q] == len(self.hand[q])
            on_way = [self.card] if self.card is not None and self.phase != "pick" else []
            assert z["passing"] == (on_way if seat in self.seen else []), (seat, self.seen, self.phase)
            assert obs["sizes"]["passing"] == len(on_way)


def cockroach_game(players, seed, bias=None):
    rules = load("cockroach-poker")
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = CockroachReferee(s)
    moves = 0
    while not G.is_over(s):
        ref.check(s)
        every_card_once(s)
        assert G.current_player(s) == ref.who, (G.current_player(s), ref.who, ref.phase)
        legal = G.legal_actions(s)
        assert len(legal) == len(set(legal))
        assert set(legal) == ref.offered(), (ref.phase, set(legal) ^ ref.offered())
        choices = (bias(s, legal) if bias else None) or legal
        action = choices[rng.randrange(len(choices))]
        G.apply(s, action)
        ref.apply(s, action)
        moves += 1
        assert moves < 20000
    assert ref.over
    ref.check(s)
    every_card_once(s)
    result = G.result(s)
    assert result["winners"] == [p for p in range(players) if p != ref.loser]
    return s, ref


def _always_right(s, legal):
    """Call right every time (reading the card): the passers take the cards, and with claims that are
    mostly false nobody gets four alike before a hand empties."""
    names = {a[0] for a in legal}
    if "call_true" in names:
        true = _rank(s, S.zone(s, "passing")[0]) == var(s, "claim")
        return [("call_true", None) if true else ("call_false", None)]
    if "select" in names:                   # the card the passer, who will take it, has fewest of
        row = [_rank(s, c) for c in S.zone(s, "row", G.current_player(s))]
        fewest = min(row.count(_rank(s, a[1])) for a in legal)
        return [a for a in legal if row.count(_rank(s, a[1])) == fewest]
    return None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_cockroach_referee(players):
    totals = [0, 0, 0]
    for seed in range(12):
        _, ref = cockroach_game(players, seed)
        totals[0] += ref.looks
        totals[1] += ref.four_loss
        totals[2] += ref.empty_loss
    assert totals[1], totals
    if players > 2:
        assert totals[0], totals


@pytest.mark.parametrize("players", [5, 6])
def test_cockroach_a_player_who_must_pass_with_an_empty_hand_loses(players):
    losses = 0
    for seed in range(6):
        _, ref = cockroach_game(players, 50 + seed, bias=_always_right)
        losses += ref.empty_loss
    assert losses


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_cockroach_referee_soak(players):
    for seed in range(12, 300):
        cockroach_game(players, seed)


# -- scripted deals --------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,count", [("skull", 4), ("cockroach-poker", 3)])
def test_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)


def test_a_scenario_counts_a_card_face_up_in_a_public_zone_as_revealed(tmp_path):
    """`revealed:` said a card turned face up into a public row was 'not shown to everyone (shown: [])':
    it read only the cards a `reveal:` step had shown."""
    from interpreter.authoring.runner import run_file
    path = tmp_path / "row.scenario.yaml"
    path.write_text(f"""ruleset: {HERE / 'cockroach-poker.yaml'}
players: 2
scenarios:
  - name: a call turns the card up
    zones:
      hand: {{0: [bat/critter], 1: [rat/critter]}}
    moves:
      - {{player: 1, move: select, value: rat/critter}}
      - {{player: 1, move: give, value: 0}}
      - {{player: 1, move: claim, value: rat}}
      - {{player: 0, move: call_true}}
    expect:
      zones: {{row: {{1: [rat/critter]}}}}
      revealed: [rat/critter]
  - name: a card in a hand is still not revealed
    zones:
      hand: {{0: [bat/critter], 1: [rat/critter]}}
    expect:
      revealed: [bat/critter]
""")
    outcomes, problems = run_file(str(path))
    assert not problems
    assert not outcomes[0].diagnostics, "\n".join(d.format() for d in outcomes[0].diagnostics)
    assert "not shown to everyone" in "\n".join(d.format() for d in outcomes[1].diagnostics)


# -- explain ---------------------------------------------------------------------------------------------

def test_explain_names_a_moves_option_passed_to_a_procedure():
    """A move's option (`as: p`, said 'the player') given to a procedure whose parameter is also p read
    'Do **turn_over** (below), with the same *p*', as if p were a value of the caller's own."""
    from interpreter.authoring.explain import explain
    text = explain(load("skull"))
    assert "Do **turn_over** (below), with *p* being the player." in text, text
    assert "with the same *p*" not in text


def test_explain_a_pick_of_cards_by_one_player_waits_for_nobody():
    """A `select:` of cards by one player (`players: "[active]"`) read '...; the picks wait in their own
    *picked*, unseen by the others, until every player has picked'."""
    from interpreter.authoring.explain import explain
    text = explain(load("cockroach-poker"))
    assert ("The *active* picks one card from their *hand* in secret, into their own *picked*, unseen by the "
            "others.") in text, text
    assert "until every player has picked" not in text
    # several pickers still wait for each other
    assert "until every player has picked" in explain(load("skull"))


# -- what a seat's bots may know -------------------------------------------------------------------------

def _exchanged(states, sigma):
    """Copies of the positions as if the cards of `sigma` had been the other way from the start (in the
    zones, the state, and the moves made: a pick names the card picked)."""
    from tests import sweep_hidden as H
    out = []
    for st in states:
        c = H.relabelled(st, sigma)
        c.history = [(q, (a[0], sigma.get(a[1], a[1]) if a[1].__class__ is int else a[1])) for q, a in c.history]
        out.append(c)
    return out


@pytest.mark.parametrize("game,players", [("cockroach-poker", 4), ("skull", 4)])
def test_a_seat_decides_the_same_whatever_face_down_card_it_has_not_seen(game, players):
    """At decisions of a seat that has not seen the card on its way (Cockroach Poker), or another
    player's discs (Skull), exchanging that card with another unseen card of another player changes
    neither what the seat sees nor what its greedy bot chooses."""
    from tests import sweep_hidden as H
    rules = load(game)
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = G.new_game(rules, players, seed)
        states = []
        while not s.over and s.hand_no <= (15 if game == "cockroach-poker" else 3):
            states.append(G.clone(s))
            seat, legal = G.current_player(s), G.legal_actions(s)
            if len(legal) > 1 and rng.random() < 0.25:
                other = rng.choice([q for q in range(players) if q != seat])
                if game == "cockroach-poker":
                    mine = list(S.zone(s, "passing")) if seat not in var(s, "seen") else []
                    theirs = list(S.zone(s, "hand", other))
                else:               # a skull and a flower of another player, on the mat or in hand
                    discs = list(S.zone(s, "mat", other)) + list(S.zone(s, "hand", other))
                    mine = [c for c in discs if _rank(s, c) == "skull"]
                    theirs = [c for c in discs if _rank(s, c) == "flower"]
                if mine and theirs:
                    a, b = mine[0], rng.choice(theirs)
                    moved = _exchanged(states, {a: b, b: a})
                    assert G.observation(moved[-1], seat) == G.observation(s, seat)
                    assert moved[-1].pending.actions == s.pending.actions
                    x, y = (H.bot_choice("greedy", sts, seat, {"playouts": 8, "worlds": 2, "samples": 2})
                            for sts in (states, moved))
                    assert x == y, (seed, seat, x, y)
                    compared += 1
            G.apply(s, legal[rng.randrange(len(legal))])
    assert compared >= 20, compared


def test_the_hidden_sweep_exchanges_a_card_another_seat_picked_in_secret():
    """tests/sweep_hidden.py set aside every card any move named, a secret pick of another seat included,
    so the card passed face down in Cockroach Poker was never exchanged at the receiver's decision."""
    from tests import sweep_hidden as H
    rules = load("cockroach-poker")
    s = G.new_game(rules, 4, 0)
    states = []
    while G.current_player(s) == var(s, "active") or var(s, "holder") is None:
        states.append(G.clone(s))
        G.apply(s, G.legal_actions(s)[0])
    states.append(G.clone(s))
    seat = G.current_player(s)
    assert seat not in var(s, "seen")
    assert S.zone(s, "passing")[0] in H.never_seen(states, seat)
    # the passer picked it: it is theirs to know
    passer = var(s, "passer")
    assert S.zone(s, "passing")[0] not in H.never_seen(states, passer)


def test_the_hidden_sweep_catches_a_bot_that_reads_another_seats_secret_pick():
    """The exchanged positions rename the card in the picker's move too: a bot that read another seat's
    pick from the history (the card passed face down) decides differently on them."""
    from tests import sweep_hidden as H

    def peek(s, seat):
        picks = [a[1] for q, a in s.history if q != seat and a[0] == "select"]
        return picks[-1] % len(s.pending.actions) if picks else 0

    rules = load("cockroach-poker")
    caught = compared = 0
    for states, moved, seat in H.exchanges(rules, 4, range(12), random.Random(5), decisions=(1,)):
        if seat in var(states[-1], "seen") or not S.zone(states[-1], "passing"):
            continue
        compared += 1
        caught += peek(states[-1], seat) != peek(moved[-1], seat)
    assert compared >= 5 and caught >= compared // 2, (caught, compared)
