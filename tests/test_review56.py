"""Two games the engine had never seen, written from their published rules (tests/rulesets_review56/,
each file says which readings it chose): Cabo (four face-down cards a player may peek at, swap and
swap blind with another player's; a call that gives everyone one more turn) and Cucumber (Gurka: play
as high as the trick's highest card or else your lowest; only the last trick scores; 30 is out).

- Referees: each game is re-computed by hand from its rules, sharing no code with the engine, and
  follows seeded random games move by move: who moves, the exact set of moves offered, every card in
  exactly one place, the scores after every hand, and (Cabo) what each seat sees: exactly the cards
  its player has looked at, wherever those cards went since in full view.
- Scripted deals with outcomes worked out by hand.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, every_card_once, var

HERE = Path(__file__).resolve().parent / "rulesets_review56"
load = cached_loader(HERE)

VALUE = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(v): v for v in range(2, 11)}}


def _name(s, c):
    return s.rules.universe.names[c]


def _rank(name):
    return name[:-1]


def _norm(action):
    name, value = action
    return (name, tuple(value) if isinstance(value, list) else value)


# -- Cabo ------------------------------------------------------------------------------------------------

def cabo_value(name):
    return 0 if name in ("K♥", "K♦") else VALUE[_rank(name)]


class CaboReferee:
    """Cabo by hand: each player's four places, the discard pile, what every seat knows, whose turn
    and in which phase of it, the caller, the scores."""

    def __init__(self, s):
        self.n = s.n
        self.dealer = 0
        self.score = [0] * s.n
        self.hand = 0
        self.over = False
        self.start_hand(s)

    # the deal is random: read it from the engine, then check it is a deal
    def start_hand(self, s):
        self.hand = s.hand_no
        self.rows = [list(S.zone(s, "row", p)) for p in range(self.n)]
        self.discard = list(S.zone(s, "discard"))
        self.deck = list(S.zone(s, "deck"))
        assert all(len(r) == 4 for r in self.rows) and len(self.discard) == 1
        assert len(self.deck) == 52 - 4 * self.n - 1
        self.known = [{self.rows[p][0], self.rows[p][1]} for p in range(self.n)]
        self.turn = (self.dealer + 1) % self.n
        self.phase, self.drawn, self.caller = "main", None, None

    def targets(self, p):
        return [(q, i) for q in range(self.n) if q != p and q != self.caller for i in range(1, 5)]

    def offered(self):
        p = self.turn
        if self.phase == "main":
            return {("draw", None), ("take", None)} | ({("cabo", None)} if self.caller is None else set())
        if self.phase == "drawn":
            return {("keep", i) for i in range(1, 5)} | {("discard", None)}
        if self.phase == "taken":
            return {("keep", i) for i in range(1, 5)}
        rank = self.phase
        if rank in ("7", "8"):
            return {("peek", i) for i in range(1, 5)} | {("no_power", None)}
        if rank in ("9", "10"):
            return {("spy", t) for t in self.targets(p)} | {("no_power", None)}
        return {("swap_blind", (i, q, j)) for i in range(1, 5) for q, j in self.targets(p)} | {("no_power", None)}

    def apply(self, s, action):
        name, value = _norm(action)
        p = self.turn
        if name == "draw":
            self.drawn = self.deck.pop()
            self.known[p].add(self.drawn)
            self.phase = "drawn"
            return
        if name == "take":
            self.drawn = self.discard.pop()
            for q in range(self.n):             # taken face up: everyone knows where it goes
                self.known[q].add(self.drawn)
            self.phase = "taken"
            return
        if name == "cabo":
            self.caller = p
            return self.end_turn(s)
        if name == "keep":
            old = self.rows[p][value - 1]
            self.rows[p][value - 1] = self.drawn
            self.discard.append(old)
            self.drawn = None
            return self.end_turn(s)
        if name == "discard":
            card = self.drawn
            self.discard.append(card)
            self.drawn = None
            rank = _rank(_name(s, card))
            if rank in ("7", "8", "9", "10", "J", "Q"):
                self.phase = rank
                return
            return self.end_turn(s)
        if name == "peek":
            self.known[p].add(self.rows[p][value - 1])
        elif name == "spy":
            q, j = value
            self.known[p].add(self.rows[q][j - 1])
        elif name == "swap_blind":
            i, q, j = value
            # swapped in full view: whoever knew either card knows where it went
            self.rows[p][i - 1], self.rows[q][j - 1] = self.rows[q][j - 1], self.rows[p][i - 1]
        return self.end_turn(s)

    def end_turn(self, s):
        p = self.turn
        self.phase = "main"
        nxt = (p + 1) % self.n
        if self.caller is not None and nxt == self.caller:
            return self.end_hand()
        self.turn = nxt
        if not self.deck:                        # the discard pile but its top card becomes the deck
            self.deck = self.discard[:-1]
            self.discard = self.discard[-1:]
            for known in self.known:             # shuffled face down: nobody knows where they are
                known.difference_update(self.deck)
            self.reshuffled = True

    def end_hand(self):
        totals = [sum(cabo_value(self.names[c]) for c in row) for row in self.rows]
        low = min(totals)
        for p in range(self.n):
            if totals[p] != low:
                self.score[p] += totals[p] + (10 if p == self.caller else 0)
            if self.score[p] == 100:
                self.score[p] = 50
        self.finished = totals
        if any(x > 100 for x in self.score):
            self.over = True
        else:
            self.dealer = (self.dealer + 1) % self.n
            self.hand = None                     # the next hand is read when it starts

    def check(self, s):
        """Everything the referee knows, against the engine."""
        assert list(var(s, "score")) == self.score
        if self.over:
            return
        if self.hand is None:
            assert s.hand_no > 0
            self.start_hand(s)
        assert var(s, "dealer") == self.dealer
        assert var(s, "caller") == self.caller
        for p in range(self.n):
            assert list(S.zone(s, "row", p)) == self.rows[p], (p, S.names(s, S.zone(s, "row", p)), S.names(s, self.rows[p]))
        if getattr(self, "reshuffled", False):   # the new deck is shuffled: take its order, check its cards
            assert sorted(S.zone(s, "deck")) == sorted(self.deck)
            self.deck = list(S.zone(s, "deck"))
            self.reshuffled = False
        assert list(S.zone(s, "deck")) == self.deck
        assert list(S.zone(s, "discard")) == self.discard
        drawn = [list(S.zone(s, "drawn", p)) for p in range(self.n)]
        assert drawn == [[self.drawn] if p == self.turn and self.drawn is not None else [] for p in range(self.n)]
        for seat in range(self.n):
            full = G.observation(s, seat)
            obs = full["zones"]
            for p in range(self.n):
                want = [c for c in self.rows[p] if c in self.known[seat]]
                assert obs["row"][p] == want, (seat, p, S.names(s, obs["row"][p]), S.names(s, want))
                # and where each lies: the place is what the player remembers
                assert full["places"]["row"][p] == \
                    [c if c in self.known[seat] else None for c in self.rows[p]]
                assert obs["drawn"][p] == (drawn[p] if p == seat or self.phase == "taken" else [])
            assert obs["deck"] == [] and obs["discard"] == self.discard


def cabo_game(players, seed, patience=0):
    """A seeded random game followed by the referee; returns (state, referee, decisions).  With
    `patience`, nobody calls Cabo in the first that many decisions of a hand (the deck runs out and the
    discard pile is shuffled into a new one)."""
    rules = load("cabo")
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = CaboReferee(s)
    ref.names = rules.universe.names
    decisions = refills = in_hand = 0
    hand = None
    while not G.is_over(s):
        ref.check(s)
        every_card_once(s)
        assert G.current_player(s) == ref.turn
        legal = G.legal_actions(s)
        assert len(legal) == len(set(map(_norm, legal)))
        assert set(map(_norm, legal)) == ref.offered(), set(map(_norm, legal)) ^ ref.offered()
        if ref.hand != hand:
            hand, in_hand = ref.hand, 0
        in_hand += 1
        choices = [a for a in legal if a[0] != "cabo"] if in_hand < patience else legal
        action = choices[rng.randrange(len(choices))]
        G.apply(s, action)
        ref.apply(s, action)
        decisions += 1
        refills += getattr(ref, "reshuffled", False)
    assert ref.over
    ref.check(s)
    result = G.result(s)
    best = min(ref.score)
    assert result["winners"] == [p for p in range(players) if ref.score[p] == best]
    assert result["scores"] == ref.score
    ref.refills = refills
    return s, ref, decisions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cabo_referee(players):
    for seed in range(12):
        cabo_game(players, seed)


@pytest.mark.parametrize("players", [2, 4])
def test_cabo_referee_when_the_deck_runs_out(players):
    refills = [cabo_game(players, 100 + seed, patience=200)[1].refills for seed in range(3)]
    assert all(r > 0 for r in refills), refills


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cabo_referee_soak(players):
    for seed in range(12, 300):
        cabo_game(players, seed)


# -- Cucumber --------------------------------------------------------------------------------------------

ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def high(name):
    return ORDER.index(_rank(name))


class CucumberReferee:
    """Cucumber by hand: hands, the trick, who leads and plays, scores, who is out, the dealer."""

    def __init__(self, s, out_at=30):
        self.n, self.out_at = s.n, out_at
        self.names = s.rules.universe.names
        self.score = [0] * s.n
        self.dealer = 0
        self.over = False
        self.start_hand(s)

    def alive(self):
        return [p for p in range(self.n) if self.score[p] < self.out_at]

    def next_alive(self, p):
        for k in range(1, self.n + 1):
            q = (p + k) % self.n
            if self.score[q] < self.out_at:
                return q

    def start_hand(self, s):
        self.hands = [list(S.zone(s, "hand", p)) for p in range(self.n)]
        for p in range(self.n):
            assert len(self.hands[p]) == (7 if p in self.alive() else 0)
        self.trick, self.players_in_trick = [], []
        self.turn = self.next_alive(self.dealer)
        self.tricks_played = 0
        self.fresh = False

    def offered(self):
        h = self.hands[self.turn]
        if not self.trick:
            return {("play", c) for c in h}
        best = max(high(self.names[c]) for c in self.trick)
        up = [c for c in h if high(self.names[c]) >= best]
        if up:
            return {("play", c) for c in up}
        low = min(high(self.names[c]) for c in h)
        return {("play", c) for c in h if high(self.names[c]) == low}

    def apply(self, s, action):
        _, c = action
        p = self.turn
        self.hands[p].remove(c)
        self.trick.append(c)
        self.players_in_trick.append(p)
        alive = self.alive()
        if len(self.trick) < len(alive):
            self.turn = alive[(alive.index(p) + 1) % len(alive)]
            return
        best = max(high(self.names[x]) for x in self.trick)
        at = max(i for i, x in enumerate(self.trick) if high(self.names[x]) == best)
        winner = self.players_in_trick[at]
        self.tricks_played += 1
        if self.tricks_played == 7:
            self.score[winner] += VALUE[_rank(self.names[self.trick[at]])] if _rank(self.names[self.trick[at]]) != "A" else 14
            self.last = (winner, self.trick[at])
            if len(self.alive()) <= 1:
                self.over = True
            else:
                self.dealer = self.next_alive(self.dealer)
                self.fresh = True
            return
        self.trick, self.players_in_trick = [], []
        self.turn = winner

    def check(self, s):
        assert list(var(s, "score")) == self.score
        if self.over:
            return
        if self.fresh:
            self.start_hand(s)
        assert var(s, "dealer") == self.dealer
        assert list(S.zone(s, "trick")) == self.trick
        for p in range(self.n):
            assert sorted(S.zone(s, "hand", p)) == sorted(self.hands[p])


def cucumber_game(players, seed):
    rules = load("cucumber")
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = CucumberReferee(s)
    decisions = 0
    while not G.is_over(s):
        ref.check(s)
        every_card_once(s)
        assert G.current_player(s) == ref.turn, (G.current_player(s), ref.turn)
        legal = G.legal_actions(s)
        assert len(legal) == len(set(legal))
        assert set(legal) == ref.offered(), set(legal) ^ ref.offered()
        action = legal[rng.randrange(len(legal))]
        G.apply(s, action)
        ref.apply(s, action)
        decisions += 1
    assert ref.over
    ref.check(s)
    result = G.result(s)
    assert result["winners"] == ref.alive() and len(ref.alive()) == 1
    assert result["scores"] == ref.score
    return s, ref, decisions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_cucumber_referee(players):
    for seed in range(4):
        cucumber_game(players, seed)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_cucumber_referee_soak(players):
    for seed in range(4, 100):
        cucumber_game(players, seed)


# -- scripted deals --------------------------------------------------------------------------------------

def _do(s, who, name, value=None):
    assert G.current_player(s) == who, (G.current_player(s), who)
    want = (name, tuple(value) if isinstance(value, list) else value)
    if name == "play":
        want = (name, S.cards(s.rules, [value])[0])
    action = next((a for a in G.legal_actions(s) if _norm(a) == want), None)
    assert action is not None, (want, G.legal_actions(s))
    G.apply(s, action)


def _sees(s, seat, zone, owner):
    return S.names(s, G.observation(s, seat)["zones"][zone][owner])


def _cabo_deal(s_rows, discard, deck):
    """The pack order for two players, dealer seat 0: rows[seat] in places 1 to 4, then the discard's
    first card, then the deck from its top."""
    rows = s_rows
    return [rows[p][i] for i in range(4) for p in (1, 0)] + [discard] + deck


def test_cabo_a_scripted_round():
    rows = {0: ["2♦", "3♦", "4♦", "5♦"], 1: ["2♣", "3♣", "4♣", "5♣"]}
    s = S.stacked_game(load("cabo"), 2, _cabo_deal(rows, "9♠", ["J♠", "8♠"]))
    # each seat sees its own places 1 and 2, nothing of the other row
    assert _sees(s, 0, "row", 0) == ["2♦", "3♦"] and _sees(s, 0, "row", 1) == []
    assert _sees(s, 1, "row", 1) == ["2♣", "3♣"] and _sees(s, 1, "row", 0) == []
    assert S.names(s, S.zone(s, "discard")) == ["9♠"]
    # seat 1 (left of the dealer) draws the Jack, seen by seat 1 alone, and discards it for its power
    _do(s, 1, "draw")
    assert _sees(s, 1, "drawn", 1) == ["J♠"] and _sees(s, 0, "drawn", 1) == []
    _do(s, 1, "discard")
    assert {a for a in map(_norm, G.legal_actions(s))} == \
        {("swap_blind", (i, 0, j)) for i in range(1, 5) for j in range(1, 5)} | {("no_power", None)}
    # its place 1 (2♣, which it knows) for seat 0's place 1 (2♦, which seat 0 knows), unseen by either
    _do(s, 1, "swap_blind", [1, 0, 1])
    assert S.names(s, S.zone(s, "row", 0)) == ["2♣", "3♦", "4♦", "5♦"]
    assert S.names(s, S.zone(s, "row", 1)) == ["2♦", "3♣", "4♣", "5♣"]
    # each still knows where its own old card went, and learns nothing of the card it got
    assert _sees(s, 1, "row", 0) == ["2♣"] and _sees(s, 1, "row", 1) == ["3♣"]
    assert _sees(s, 0, "row", 0) == ["3♦"] and _sees(s, 0, "row", 1) == ["2♦"]
    # seat 0 takes the Jack from the discard into its place 4: both seats see it there; 5♦ is discarded
    _do(s, 0, "take")
    _do(s, 0, "keep", 4)
    assert S.names(s, S.zone(s, "discard")) == ["9♠", "5♦"]
    for seat in (0, 1):
        assert "J♠" in _sees(s, seat, "row", 0)
    # seat 1 calls; seat 0 has one more turn: draws the 8, discards it and peeks at its place 3 (4♦)
    _do(s, 1, "cabo")
    _do(s, 0, "draw")
    _do(s, 0, "discard")
    assert {a[0] for a in G.legal_actions(s)} == {"peek", "no_power"}
    _do(s, 0, "peek", 3)
    # the round is over: seat 1 (the caller, 2♦ 3♣ 4♣ 5♣ = 14) is lowest and scores 0; seat 0 holds
    # 2♣ 3♦ 4♦ J♠ = 20; a new round is dealt by seat 1
    assert list(var(s, "score")) == [20, 0]
    assert s.hand_no == 2 and var(s, "dealer") == 1 and G.current_player(s) == 0


def test_cabo_the_callers_cards_are_locked_and_a_failed_call_pays():
    """Seat 1 calls at once; seat 0 draws a 10 and may spy only on... nobody (the caller's cards are
    locked), so only 'no_power' is offered.  The caller (4 + 5 + 6 + 13 = 28) is not lowest: 38."""
    rows = {0: ["A♦", "2♦", "3♦", "K♥"], 1: ["4♣", "5♣", "6♣", "K♣"]}
    s = S.stacked_game(load("cabo"), 2, _cabo_deal(rows, "9♠", ["10♠"]))
    _do(s, 1, "cabo")
    _do(s, 0, "draw")
    _do(s, 0, "discard")
    assert [_norm(a) for a in G.legal_actions(s)] == [("no_power", None)]
    _do(s, 0, "no_power")
    assert list(var(s, "score")) == [0, 38]


def test_cabo_a_score_of_exactly_100_goes_back_to_50():
    rows = {0: ["A♦", "2♦", "3♦", "K♥"], 1: ["4♣", "5♣", "6♣", "K♣"]}
    s = S.stacked_game(load("cabo"), 2, _cabo_deal(rows, "9♠", ["2♠"]))
    s.v[s.rules.vars["score"].index][1] = 62           # 62 + 28 + 10 = 100
    _do(s, 1, "cabo")
    _do(s, 0, "draw")
    _do(s, 0, "discard")
    assert list(var(s, "score")) == [0, 50]


def test_a_move_keeps_cards_known_only_when_asked(tmp_path):
    """The same blind swap without keep_seen: neither seat sees its old card any more (the engine's
    plain rule, a moved card is seen as its new zone shows it)."""
    import yaml
    from interpreter.ruleset.loader import load_ruleset
    data = yaml.safe_load((HERE / "cabo.yaml").read_text())
    swap = data["procedures"]["power(p, c)"][2]["then"][0]["choose"]["moves"]["swap_blind"]["do"]
    for step in swap[1:]:
        del step["move"]["keep_seen"]
    path = tmp_path / "cabo.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    rows = {0: ["2♦", "3♦", "4♦", "5♦"], 1: ["2♣", "3♣", "4♣", "5♣"]}
    s = S.stacked_game(loaded.rules, 2, _cabo_deal(rows, "9♠", ["J♠"]))
    _do(s, 1, "draw")
    _do(s, 1, "discard")
    _do(s, 1, "swap_blind", [1, 0, 1])
    assert _sees(s, 1, "row", 0) == [] and _sees(s, 0, "row", 1) == []


def test_keep_seen_is_true_or_false(tmp_path):
    import yaml
    from interpreter.ruleset.loader import load_ruleset
    data = yaml.safe_load((HERE / "cabo.yaml").read_text())
    data["procedures"]["put(p, i)"][1]["move"]["keep_seen"] = "yes please"
    path = tmp_path / "cabo.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    loaded = load_ruleset(str(path))
    assert not loaded.ok
    assert any("'keep_seen' is true or false" in d.format() for d in loaded.diagnostics)


def test_cucumber_a_scripted_hand():
    hands = {1: "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ A♣".split(), 0: "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 9♦".split()}
    s = S.stacked_game(load("cucumber"), 2, [hands[p][i] for i in range(7) for p in (1, 0)])
    offered = lambda: sorted(S.names(s, [a[1] for a in G.legal_actions(s)]))
    assert offered() == sorted(hands[1])                 # seat 1 leads anything
    _do(s, 1, "play", "7♣")
    assert offered() == ["7♦", "9♦"]                      # as high or higher
    _do(s, 0, "play", "7♦")                               # a tie: the later card wins
    assert offered() == sorted("2♦ 3♦ 4♦ 5♦ 6♦ 9♦".split())
    _do(s, 0, "play", "2♦")
    _do(s, 1, "play", "A♣")
    _do(s, 1, "play", "6♣")
    assert offered() == ["6♦", "9♦"]
    _do(s, 0, "play", "9♦")
    _do(s, 0, "play", "6♦")
    assert offered() == ["2♣"]                            # nothing as high: the lowest card
    _do(s, 1, "play", "2♣")
    _do(s, 0, "play", "3♦")
    assert offered() == ["3♣", "4♣", "5♣"]
    _do(s, 1, "play", "3♣")                               # the tie again: seat 1 leads
    _do(s, 1, "play", "4♣")
    _do(s, 0, "play", "5♦")
    assert list(var(s, "score")) == [0, 0]                # six tricks played: nothing scored yet
    _do(s, 0, "play", "4♦")
    _do(s, 1, "play", "5♣")                               # the last trick: seat 1 takes it with a 5
    assert list(var(s, "score")) == [0, 5]
    assert s.hand_no == 2 and var(s, "dealer") == 1


# -- rules explain ---------------------------------------------------------------------------------------

def _said(move):
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(zones={"stock": None, "row": None}))
    return describe_steps([{"move": move}], 0, say)[0]


def test_explain_says_a_moved_card_stays_known():
    text = _said({"cards": "last(stock)", "from": "stock", "to": "row", "keep_seen": True})
    assert text == ("1. Move the top card of *stock* from *stock* to *row*; whoever saw the cards where they "
                    "were still knows them there."), text
    # a plain move, and a move within its zone, are not 'put at the bottom' for keeping cards known
    assert "still knows" not in _said({"cards": "last(stock)", "from": "stock", "to": "row"})
    text = _said({"cards": "last(stock)", "from": "stock", "to": "stock", "keep_seen": True})
    assert "at the bottom" not in text, text


def test_explain_a_card_put_back_under_some_cards_of_its_own_zone_is_not_at_the_bottom():
    """It said 'Put the top card of *stock* at the bottom of *stock*' for position: 3."""
    text = _said({"cards": "last(stock)", "from": "stock", "to": "stock", "position": "3"})
    assert text == "1. Put the top card of *stock* back in *stock*, under as many of its cards as 3.", text


@pytest.mark.parametrize("name,count", [("cabo", 2), ("cucumber", 3)])
def test_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)


def test_a_scenario_checks_what_a_seat_sees(tmp_path):
    """`seen:` in a scenario's expect compares a seat's view of the zones (it was an unknown expectation:
    a scenario could not check that a peek shows the card to the peeker alone)."""
    from interpreter.authoring.runner import run_file
    path = tmp_path / "peek.scenario.yaml"
    path.write_text(f"""ruleset: {HERE / 'cabo.yaml'}
players: 2
scenarios:
  - name: each seat sees its own places 1 and 2
    deal: {{row: {{0: [2♦, 3♦, 4♦, 5♦], 1: [2♣, 3♣, 4♣, 5♣]}}}}
    expect:
      seen: {{0: {{row: {{0: [3♦, 2♦], 1: []}}, deck: []}}, 1: {{row: [[], [2♣, 3♣]]}}}}
  - name: a peek nobody made
    deal: {{row: {{0: [2♦, 3♦, 4♦, 5♦], 1: [2♣, 3♣, 4♣, 5♣]}}}}
    expect:
      seen: {{0: {{row: {{1: [2♣]}}}}}}
""", encoding="utf-8")
    outcomes, problems = run_file(str(path))
    assert not problems and len(outcomes) == 2
    assert not outcomes[0].diagnostics, [d.format() for d in outcomes[0].diagnostics]
    messages = [d.format() for d in outcomes[1].diagnostics]
    assert any("seen by 0 in row[1]: expected [2♣], got []" in m for m in messages), messages


@pytest.mark.parametrize("seed", range(3))
def test_rules_play_says_where_a_peeked_face_down_card_lies(seed):
    """A seat's own face-down row in `rules play` names the place of each card it has looked at (it
    said 'you row: 4 card(s) (shown: 9♣ Q♥)', sorted: which of the four places to keep is the game)."""
    from interpreter.playtest import terminal as TT, view as V
    from interpreter.playtest.session import Session
    se = Session(load("cabo"), 2, seed=seed, humans=(0,), bots=("random",))
    s = se.state
    row = [_name(s, c) for c in S.zone(s, "row", 0)]
    part = next(z for z in V.seat_view(se, 0)["zones"] if z["name"] == "row")["players"]
    assert part[0]["shown_at"] == [[row[0], 0], [row[1], 1]] and "shown_at" not in part[1]
    text = TT.table_text(V.seat_view(se, 0))
    assert f"you row: 4 card(s) (shown: {row[0]} at row[0][0], {row[1]} at row[0][1])" in text, text
    assert "P1 row: 4 card(s)\n" in text


def test_explain_an_index_that_is_the_item_being_tested_says_that_position():
    """It said 'the place of the card at position it of *trick*' (the name of filter's item as 'it')."""
    from interpreter.authoring.explain import explain
    text = explain(load("cucumber"))
    assert "for which the place of the card at that position of *trick* in the order *high* is *best*" in text
    assert "position it " not in text


def test_of_cards_ranked_alike_the_first_played_wins_without_a_winner_rule(tmp_path):
    """As the reference says of `order:`: Cucumber written with every card counting as one suit and
    `order: high` (no `winner:`) gives three Sevens to the first one played, not the last, which is
    why the ruleset says who wins with `winner:`."""
    import yaml
    from interpreter.ruleset.loader import load_ruleset
    data = yaml.safe_load((HERE / "cucumber.yaml").read_text())
    tricks = data["hand"][3]["tricks"]
    del tricks["winner"]
    tricks.update(card_suit="clubs", order="high")
    path = tmp_path / "cucumber-order.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    hands = {1: "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ A♣".split(), 2: "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥".split(),
             0: "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 9♦".split()}
    for rules, winner in ((loaded.rules, 1), (load("cucumber"), 0)):
        s = S.stacked_game(rules, 3, [hands[p][i] for i in range(7) for p in (1, 2, 0)], log=True)
        S.play(s, "7♣", "7♥", "7♦")
        assert [e["winner"] for e in s.events if e.get("event") == "trick"] == [winner]


def test_an_observation_says_where_each_card_a_seat_has_looked_at_lies():
    """`places` in an observation: a face-down zone card by card, bottom first, the cards the seat does
    not see as None (the observation gave only the cards shown, not which of the four places)."""
    rows = {0: ["2♦", "3♦", "4♦", "5♦"], 1: ["2♣", "3♣", "4♣", "5♣"]}
    s = S.stacked_game(load("cabo"), 2, _cabo_deal(rows, "9♠", ["J♠", "7♠"]))
    ids = lambda names: [None if n is None else S.cards(s.rules, [n])[0] for n in names]
    _do(s, 1, "draw")
    _do(s, 1, "discard")
    _do(s, 1, "swap_blind", [2, 0, 4])           # 3♣ (known to seat 1) for 5♦ (known to nobody)
    _do(s, 0, "draw")
    _do(s, 0, "discard")
    _do(s, 0, "peek", 4)                          # seat 0 looks at its place 4: the 3♣
    places = G.observation(s, 0)["places"]
    assert places["row"] == [ids(["2♦", "3♦", None, "3♣"]), ids([None] * 4)]
    assert places["drawn"] == [[], []] and places["deck"] == [None] * len(S.zone(s, "deck"))
    assert "discard" not in places                # face up for everyone: zones says it all
    # seat 1 still knows where its 3♣ went, and its 2♣; not the 5♦ it got
    assert G.observation(s, 1)["places"]["row"] == [ids([None, None, None, "3♣"]), ids(["2♣", None, None, None])]


def test_a_reveal_before_a_move_that_keeps_cards_known_is_not_warned_about(tmp_path):
    """A card shown to a player and then moved with keep_seen: true stays known, so validate's warning
    'a move turns them face down again, so nobody sees them' would be wrong there (it is kept for a
    plain move)."""
    import yaml
    from interpreter.ruleset.loader import load_ruleset
    data = yaml.safe_load((HERE / "cabo.yaml").read_text())
    keep = data["hand"][5]["turns"]["do"][1]["choose"]["moves"]["draw"]["do"][1]["choose"]["moves"]["keep"]
    keep["do"] = [{"reveal": {"cards": "drawn[current]", "to": "current"}},
                  {"move": {"cards": "drawn[current]", "from": "drawn[current]", "to": "row[current]",
                            "keep_seen": True}}]
    warned = []
    for keep_seen in (True, False):
        keep["do"][1]["move"]["keep_seen"] = keep_seen
        path = tmp_path / f"cabo-{keep_seen}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
        loaded = load_ruleset(str(path), dry_run=False)
        warned.append([d.format() for d in loaded.diagnostics if "nobody sees them" in d.message])
    assert warned[0] == [] and len(warned[1]) == 1, warned
    assert "keep_seen: true" in warned[1][0]


# -- face-down places as object entries --------------------------------------------------------------------

def _swap_cells_game(seed):
    rules = load("swap-cells")
    rng = random.Random(seed)
    s = G.new_game(rules, 2, seed)
    cells = {k: list(v) for k, v in S.zone(s, "cell").items()}
    assert all(len(v) == 1 for v in cells.values())
    owner = {"a0": 0, "b0": 0, "a1": 1, "b1": 1}
    known = [{cells["a0"][0]}, {cells["a1"][0]}]
    turn = 0
    while not G.is_over(s):
        assert {k: list(v) for k, v in S.zone(s, "cell").items()} == cells
        for seat in (0, 1):
            obs = G.observation(s, seat)
            for k, (c,) in cells.items():
                assert obs["zones"]["cell"][k] == ([c] if c in known[seat] else []), (seat, k)
                assert obs["places"]["cell"][k] == [c if c in known[seat] else None]
        mine = [k for k in cells if owner[k] == turn]
        theirs = [k for k in cells if owner[k] != turn]
        offered = {("look", k) for k in mine} | {("swap", (k, j)) for k in mine for j in theirs}
        legal = G.legal_actions(s)
        names = set(map(_norm, legal))
        assert names == offered and G.current_player(s) == turn
        action = legal[rng.randrange(len(legal))]
        name, value = action
        G.apply(s, action)
        if name == "look":
            known[turn].add(cells[value][0])
        else:
            k, j = value
            cells[k], cells[j] = cells[j], cells[k]
        turn = 1 - turn
    value = lambda c: VALUE[_rank(_name(s, c))]
    totals = [sum(value(c[0]) for k, c in cells.items() if owner[k] == p) for p in (0, 1)]
    assert G.result(s)["winners"] == [p for p in (0, 1) if totals[p] == min(totals)]


def test_swap_cells_referee():
    for seed in range(30):
        _swap_cells_game(seed)


def test_trick_number_inside_a_trick_is_the_number_of_that_trick(tmp_path):
    """As the reference says: Cucumber's last trick found by `trick_number == 7` in after_trick scores
    exactly as the ruleset's `count(hand[winner]) == 0` does."""
    import yaml
    from interpreter.ruleset.loader import load_ruleset
    data = yaml.safe_load((HERE / "cucumber.yaml").read_text())
    data["hand"][3]["tricks"]["after_trick"][0]["if"] = "trick_number == 7"
    path = tmp_path / "cucumber-numbered.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    loaded = load_ruleset(str(path))
    assert loaded.ok
    for seed in range(3):
        games = []
        for rules in (load("cucumber"), loaded.rules):
            rng = random.Random(seed)
            s = G.new_game(rules, 3, seed)
            while not G.is_over(s):
                legal = G.legal_actions(s)
                G.apply(s, legal[rng.randrange(len(legal))])
            games.append((G.result(s)["scores"], s.hand_no))
        assert games[0] == games[1]
