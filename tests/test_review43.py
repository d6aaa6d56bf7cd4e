"""Review 43: two games the engine has never seen, written from the docs only (tests/rulesets_review43/,
each says at its top which rules and readings it keeps): 6 nimmt! (a card picked in secret by every
player, laid in ascending order on four rows, the sixth card of a row taking the five, a card below
every row taking a row of its player's choice; hands until someone reaches 66 bull heads) and No
Thanks! (a card turned up, taken with its chips or passed on for a chip; runs count their lowest card).

Referees written here from the rules (sharing no code with the engine) follow seeded random games move
by move: who is asked, the exact moves offered, every card in one place, what each seat sees (nobody
sees another's pick before every pick is in), the rows, the piles, the chips, the scores and who wins.
Worked rounds with known outcomes are the scenario files beside the rulesets.

Defects found and fixed: without `bots: evaluate` the greedy and search bots took the score as higher-is-
better even where the fewest points win (they played to take bull heads, and Hearts' points); explain read
'the below of c', 'the end of it', 'its *shown*' of a player, 'row1 ()' for an entry with no field, 'deals
first. After each hand the deal passes' in a game of one hand, and seat 0 as the first dealer where the
dealer variable's initial value says otherwise; a value kept per object entry read with a card said only
'no item 27'; a scenario's zone kept per object given as a list was shown with seats and French cards.
Chips are counted openly (with perfect memory the counts are known anyway; `visibility: owner`, added
since, could hide them).
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, every_card_once, load_from, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review43"


_load = cached_loader(HERE)


def _num(s, cid):
    """The number printed on a card ('15/bull' -> 15)."""
    return int(s.rules.universe.names[cid].split("/")[0])


def _nums(s, ids):
    return [_num(s, c) for c in ids]


def _legal(s):
    return [S.describe(s, a) for a in G.legal_actions(s)]


# -- 6 nimmt! ------------------------------------------------------------------------------------------

ROWS = ["row1", "row2", "row3", "row4"]


def heads(n):
    """Bull heads of card n: 55 has 7, multiples of 11 have 5, of 10 have 3, of 5 have 2, others 1."""
    if n == 55:
        return 7
    if n % 11 == 0:
        return 5
    if n % 10 == 0:
        return 3
    if n % 5 == 0:
        return 2
    return 1


class NimmtReferee:
    """6 nimmt! by hand.  The deal is read from the engine at the start of each hand (the shuffle); the
    rest follows from the rules."""

    def __init__(self, s, limit=66):
        self.s, self.n, self.limit = s, s.n, limit
        self.score = [0] * self.n
        self.over = False
        self.hands_played = 0
        self.new_hand()

    def new_hand(self):
        s, n = self.s, self.n
        self.hand = [set(_nums(s, S.zone(s, "hand", p))) for p in range(n)]
        self.rows = {r: _nums(s, S.zone(s, "row")[r]) for r in ROWS}
        assert all(len(h) == 10 for h in self.hand)
        assert all(len(row) == 1 for row in self.rows.values())
        dealt = set().union(*self.hand) | {row[0] for row in self.rows.values()}
        assert len(dealt) == 10 * n + 4 and dealt <= set(range(1, 105))
        assert set(_nums(s, S.zone(s, "stock"))) == set(range(1, 105)) - dealt
        self.pile = [[] for _ in range(n)]
        self.picks = {}          # seat -> card picked this round (hidden until every pick is in)
        self.shown = {}          # seat -> card turned up and not yet laid
        self.order = []          # seats still to lay their card, lowest card first
        self.waiting = None      # the seat choosing a row to take

    # what the engine must offer
    def expected(self):
        if self.waiting is not None:
            return self.waiting, {("take_row", r) for r in ROWS}
        p = len(self.picks)      # the picks are asked in seat order
        return p, {("select", c - 1) for c in self.hand[p]}

    def apply(self, action):
        kind, value = action
        if kind == "select":
            p = len(self.picks)
            card = value + 1
            self.hand[p].remove(card)
            self.picks[p] = card
            if len(self.picks) == self.n:
                self.shown, self.picks = dict(self.picks), {}
                self.order = sorted(self.shown, key=lambda q: self.shown[q])
                self.lay()
            return
        assert kind == "take_row"
        p = self.waiting
        self.pile[p] += self.rows[value]
        self.rows[value] = [self.shown.pop(p)]
        self.order.pop(0)
        self.waiting = None
        self.lay()

    def lay(self):
        while self.order:
            p = self.order[0]
            card = self.shown[p]
            below = [r for r in ROWS if self.rows[r][-1] < card]
            if not below:
                self.waiting = p
                return
            row = max(below, key=lambda r: self.rows[r][-1])
            if len(self.rows[row]) == 5:
                self.pile[p] += self.rows[row]
                self.rows[row] = []
            self.rows[row].append(card)
            del self.shown[p]
            self.order.pop(0)
        if not any(self.hand):
            self.end_hand()

    def end_hand(self):
        for p in range(self.n):
            self.score[p] += sum(heads(c) for c in self.pile[p])
        self.hands_played += 1
        if max(self.score) >= self.limit:
            self.over = True
            return
        self.check_scores()
        self.new_hand()

    def check_scores(self):
        assert _v(self.s, "score") == self.score

    def check(self):
        s, n = self.s, self.n
        every_card_once(s)
        self.check_scores()
        assert {r: _nums(s, S.zone(s, "row")[r]) for r in ROWS} == self.rows
        for p in range(n):
            assert sorted(_nums(s, S.zone(s, "pile", p))) == sorted(self.pile[p])
            assert set(_nums(s, S.zone(s, "hand", p))) == self.hand[p]
        for q in range(n):
            obs = G.observation(s, q)["zones"]
            assert obs["stock"] == []
            assert {r: _nums(s, obs["row"][r]) for r in ROWS} == self.rows
            for p in range(n):
                assert set(_nums(s, obs["hand"][p])) == (self.hand[p] if p == q else set())
                mine = [self.picks[p]] if p in self.picks and p == q else []
                assert _nums(s, obs["picked"][p]) == mine, f"seat {q} sees seat {p}'s pick"
                assert _nums(s, obs["shown"][p]) == ([self.shown[p]] if p in self.shown else [])
                assert sorted(_nums(s, obs["pile"][p])) == sorted(self.pile[p])
            # a pick is no state variable: nothing of it shows in what the seat is told of the state
            assert set(G.observation(s, q)["state"]) == {"score", "goes_to", "dealer"}

    def result(self):
        best = min(self.score)
        return [p for p in range(self.n) if self.score[p] == best], list(self.score)


def _run_nimmt(players, seed, limit=66):
    rules = _load("six-nimmt", **({} if limit == 66 else {"limit": limit}))
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = NimmtReferee(s, limit)
    decisions = 0
    while not G.is_over(s):
        assert not ref.over
        ref.check()
        who, offered = ref.expected()
        assert G.current_player(s) == who
        legal = G.legal_actions(s)
        assert len(legal) == len(set(legal))
        assert set(legal) == offered, set(legal) ^ offered
        action = legal[rng.randrange(len(legal))]
        G.apply(s, action)
        ref.apply(action)
        decisions += 1
    assert ref.over
    every_card_once(s)
    ref.check_scores()
    winners, scores = ref.result()
    result = G.result(s)
    assert result["winners"] == winners and result["scores"] == scores
    return ref, decisions


@pytest.mark.parametrize("players", [2, 3, 5, 10])
def test_nimmt_referee(players):
    hands = Counter()
    for seed in range(12 if players < 10 else 4):
        ref, _ = _run_nimmt(players, seed)
        hands[ref.hands_played] += 1
    assert sum(hands.values()) > 0


def test_nimmt_referee_short_games_many_seeds():
    """A lower limit ends games after a hand or two: many deals, each followed move by move."""
    for seed in range(100):
        _run_nimmt(2 + seed % 9, 100 + seed, limit=15)


@pytest.mark.soak
def test_nimmt_referee_soak():
    for seed in range(300):
        _run_nimmt(2 + seed % 9, 1000 + seed)


# -- No Thanks! ------------------------------------------------------------------------------------------

class NoThanksReferee:
    """No Thanks! by hand: the order of the cards is read once from the engine (the shuffle)."""

    def __init__(self, s, chips=11, removed=9):
        self.s, self.n = s, s.n
        self.box = set(_nums(s, S.zone(s, "box")))
        self.stock = _nums(s, S.zone(s, "stock"))       # bottom first, the next card turned last
        self.offer = _nums(s, S.zone(s, "offer"))
        assert len(self.box) == removed and len(self.offer) == 1
        assert sorted(self.box | set(self.stock) | set(self.offer)) == list(range(3, 36))
        self.chips = [chips] * self.n
        self.pot = 0
        self.taken = [[] for _ in range(self.n)]
        self.turn = (_v(s, "dealer") + 1) % self.n

    def expected(self):
        moves = {("take", None)}
        if self.chips[self.turn] > 0:
            moves.add(("no_thanks", None))
        return self.turn, moves

    def apply(self, action):
        p = self.turn
        if action[0] == "take":
            self.taken[p] += self.offer
            self.chips[p] += self.pot
            self.pot = 0
            self.offer = [self.stock.pop()] if self.stock else []
        else:
            assert action[0] == "no_thanks" and self.chips[p] > 0
            self.chips[p] -= 1
            self.pot += 1
            self.turn = (p + 1) % self.n

    @property
    def over(self):
        return not self.offer

    def points(self, p):
        cards = set(self.taken[p])
        return sum(c for c in cards if c - 1 not in cards) - self.chips[p]

    def check(self):
        s, n = self.s, self.n
        every_card_once(s)
        assert _v(s, "chips_of") == self.chips and _v(s, "pot") == self.pot
        assert set(_nums(s, S.zone(s, "box"))) == self.box
        assert _nums(s, S.zone(s, "stock")) == self.stock
        assert _nums(s, S.zone(s, "offer")) == self.offer
        assert sum(self.chips) + self.pot == 11 * n
        for q in range(n):
            obs = G.observation(s, q)
            assert obs["zones"]["box"] == [] and obs["zones"]["stock"] == []
            assert obs["sizes"]["stock"] == len(self.stock)
            assert _nums(s, obs["zones"]["offer"]) == self.offer
            for p in range(n):
                assert sorted(_nums(s, obs["zones"]["taken"][p])) == sorted(self.taken[p])

    def result(self):
        points = [self.points(p) for p in range(self.n)]
        best = min(points)
        return [p for p in range(self.n) if points[p] == best], points


def _run_no_thanks(players, seed, rng_bias=0.5):
    """A game of random moves; rng_bias is how often a player with chips says no thanks."""
    rules = _load("no-thanks")
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = NoThanksReferee(s)
    decisions = 0
    while not G.is_over(s):
        assert not ref.over
        ref.check()
        who, offered = ref.expected()
        assert G.current_player(s) == who
        legal = G.legal_actions(s)
        assert len(legal) == len(set(legal)) and set(legal) == offered, (legal, offered)
        action = ("no_thanks", None) if ("no_thanks", None) in legal and rng.random() < rng_bias else ("take", None)
        G.apply(s, action)
        ref.apply(action)
        decisions += 1
    assert ref.over
    ref.check()
    winners, points = ref.result()
    result = G.result(s)
    assert result["winners"] == winners and result["scores"] == points
    return ref, decisions


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_thanks_referee(players):
    broke = 0
    for seed in range(80):
        # from mostly taking to mostly passing: players run out of chips in the passing games
        ref, _ = _run_no_thanks(players, seed, rng_bias=[0.3, 0.6, 0.9, 0.97][seed % 4])
        broke += any(c == 0 for c in ref.chips)
    assert broke > 0


@pytest.mark.soak
def test_no_thanks_referee_soak():
    for seed in range(600):
        _run_no_thanks(3 + seed % 3, 1000 + seed, rng_bias=(seed % 10) / 10)


# -- worked rounds ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, count", [("six-nimmt", 3), ("no-thanks", 4)])
def test_the_worked_rounds_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count, problems


# -- explain ---------------------------------------------------------------------------------------------

def _explained(name):
    from interpreter.authoring.explain import explain
    return explain(_load(name))


def test_explain_lists_entries_that_have_only_a_name_without_empty_brackets():
    """Object entries with no field but their name read 'row1; row2; ...', not 'row1 (); row2 ()'."""
    text = _explained("six-nimmt")
    assert "- **rows**: row1; row2; row3; row4" in text, text


def test_explain_reads_a_definition_named_by_a_preposition():
    """below(c) reads 'what is below c' (not 'the below of c'); end_of(r) said of the item in hand reads
    'its end' (not 'the end of it')."""
    text = _explained("six-nimmt")
    assert "the below of" not in text and "the end of it" not in text, text
    assert "- **below(c)**: the rows for which the place of its end in the order *number* is less than" in text
    assert "among what is below *c*" in text
    assert "If the number of what is below the first card of the player's *shown* is 0" in text


# -- bots in a game the lowest score wins ------------------------------------------------------------------

LOW_WINS = """
name: Fewest points win
players: {count: [2]}
pack: {ranks: [a, b], suits: [x]}
zones:
  stock: {visibility: hidden}
state:
  score: {per: player, initial: 0}
hand:
  - for_each:
      in: players
      as: p
      do:
        - choose:
            player: p
            moves:
              take_points:
                do:
                  - add: {"score[p]": 5}
              leave_them: {}
end:
  after_hand: hand_number >= 3
  winners: argmin(players, p => score[p])
  score: score[p]
"""


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_bots_take_few_points_where_the_fewest_points_win(tmp_path, bot):
    """Without `bots: evaluate` a bot judges a hand's end by the game's score: where the winners are those
    with the lowest score, fewer points are better (in 6 nimmt!, Hearts, No Thanks! bots played to lose)."""
    from interpreter.bots.base import make_bot
    (tmp_path / "low.yaml").write_text(LOW_WINS)
    rules = load_from(tmp_path, "low")
    for seed in range(5):
        s = G.new_game(rules, 2, seed)
        chosen = make_bot(bot, seed=seed).decide(s, 0, G.legal_actions(s))
        assert G.legal_actions(s)[chosen] == ("leave_them", None), (seed, _legal(s))


def test_explain_says_their_of_a_players_own_zone_in_a_sort():
    """sort(players, p => number(first(shown[p]))) reads '... of their *shown*', as argmax does, not 'its'."""
    text = _explained("six-nimmt")
    assert "- **in_order**: the players in order of the place of the first card of their *shown* in the order " \
           "*number*, lowest first" in text


def test_explain_of_a_game_of_one_hand_says_nothing_of_the_deal_passing_on():
    """No Thanks! is one hand: 'Seat 0 deals.', not '... After each hand the deal passes to ...'."""
    text = _explained("no-thanks")
    assert "## The dealer\n\nSeat 0 deals.\n" in text, text
    assert "After each hand the deal passes" in _explained("six-nimmt")


def test_explain_names_the_first_dealer_given_by_the_dealer_variables_initial_value(tmp_path):
    """`state: dealer: {initial: 2}` without `dealer: first:` makes seat 2 the first dealer (the reference);
    explain said 'Seat 0 deals first'."""
    from interpreter.authoring.explain import explain
    from tests.test_review_correct2 import FIRST_DEALER
    (tmp_path / "one.yaml").write_text(FIRST_DEALER)
    assert "Seat 2 deals.\n" in explain(load_from(tmp_path, "one"))
    (tmp_path / "two.yaml").write_text(FIRST_DEALER.replace("after_hand: true", "after_hand: hand_number >= 2"))
    assert "Seat 2 deals first. After each hand" in explain(load_from(tmp_path, "two"))


def test_for_each_works_out_its_items_once():
    """The reference: a loop over a zone whose cards the loop moves away visits all three, and a loop over
    players sorted by what the loop empties visits both (6 nimmt! lays cards in the order of a sort)."""
    s = G.new_game(_load("for-each-once"), 2, 1)
    assert _v(s, "n") == 3 + 2 * 10
    assert len(S.zone(s, "pile")) == 6


# -- messages --------------------------------------------------------------------------------------------

WRONG_ENTRY = """
name: A row read with a card
players: {count: [2]}
pack: {ranks: ["1", "2", "3"], suits: [x]}
objects:
  rows: [{name: row1}, {name: row2}]
zones:
  stock: {visibility: hidden}
  row: {per: rows, visibility: public}
state:
  at: {initial: none}
  seat: {initial: 0}
  score: {per: player, initial: 0}
hand:
  - set: {at: first(stock)}
  - if: count(row[at]) == 0
    then:
      - move: {cards: first(stock), to: "row[at]"}
end:
  winners: "[0]"
"""


def test_an_entry_kept_per_object_read_with_something_else_says_what_the_entries_are(tmp_path):
    """row[at] with `at` holding a card (a variable without a type takes any value): the message named the
    card by an inner number ('no item 0 in ...'), not what the entries are."""
    from interpreter.ruleset.loader import load_ruleset
    (tmp_path / "wrong.yaml").write_text(WRONG_ENTRY)
    loaded = load_ruleset(str(tmp_path / "wrong.yaml"), dry_run=True)
    messages = [d.message for d in loaded.diagnostics]
    assert any("'at' is not one of the entries of rows (row1, row2)" in m for m in messages), messages
    (tmp_path / "seat.yaml").write_text(WRONG_ENTRY.replace("if: count(row[at]) == 0", "if: score[seat + 5] == 0"))
    loaded = load_ruleset(str(tmp_path / "seat.yaml"), dry_run=True)
    messages = [d.message for d in loaded.diagnostics]
    assert any("'seat + 5' is 5, not one of the seats, 0 to 1" in m for m in messages), messages


def test_a_scenario_zone_kept_per_object_without_its_entries_is_shown_with_them(tmp_path):
    """`row: [..]` for a zone kept per rows: the example named seats and a French pack ('{0: [A♥, K♥]'),
    not the entries of rows and this pack's cards."""
    from interpreter.authoring.runner import run_file
    (tmp_path / "s.yaml").write_text(f"ruleset: {HERE / 'six-nimmt.yaml'}\nplayers: 2\nscenarios:\n"
                                     "  - name: rows without keys\n    deal:\n      row: [10/bull, 20/bull]\n")
    outcomes, problems = run_file(str(tmp_path / "s.yaml"))
    assert not problems
    text = " ".join(d.message for o in outcomes for d in o.diagnostics)
    assert "zone 'row' is kept per rows: give the cards of each, e.g. {row1: [" in text, text
    assert "row2: [...]}" in text and "A♥" not in text, text


def test_bots_judge_a_hand_whose_winners_are_not_known_before_the_end(tmp_path):
    """Winners read from a variable still none before the game ends ('[champion]'): the bots judge the
    position by the score as it is (the check of lowest-wins must not fail on a winner that is none)."""
    from interpreter.bots.base import make_bot
    text = LOW_WINS.replace("winners: argmin(players, p => score[p])", "winners: '[champion]'").replace(
        "  score: {per: player, initial: 0}\n",
        "  score: {per: player, initial: 0}\n  champion: {type: player, initial: none}\n").replace(
        "end:\n", "  - if: hand_number >= 3\n    then:\n      - set: {champion: 'first(argmax(players, p => score[p]))'}\nend:\n")
    (tmp_path / "later.yaml").write_text(text)
    rules = load_from(tmp_path, "later")
    for bot in ("greedy", "search"):
        s = G.new_game(rules, 2, 0)
        G.apply(s, ("take_points", None))
        chosen = make_bot(bot, seed=0).decide(s, 1, G.legal_actions(s))
        assert G.legal_actions(s)[chosen] == ("take_points", None)
