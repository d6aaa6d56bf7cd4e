"""Review 39: two games the engine has never seen, written from the docs only (tests/rulesets_review39/,
each says at its top which rules and readings it keeps): Goofspiel (secret simultaneous bids for a prize
turned face up, three ways to settle a tie) and Yaniv (discards of one card, a set or a suited run with
wild jokers, a draw from the stock or an end of the previous discard, the Yaniv call and the Assaf,
halving on 50 and 100, elimination past 200).

Referees written here from the rules (sharing no code with the engine) follow seeded random games move
by move: who moves, the exact moves offered, every card in one place, what each seat sees (no seat sees
another's bid before every bid is in: in the observation, in a bot's decisions and in `rules play`'s
log), and the scores.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.expr import types as T
from tests.scripted import cached_loader, every_card_once, load_from, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review39"


_load = cached_loader(HERE)


def _names(s, ids):
    return S.names(s, ids)


def _legal(s):
    return [S.describe(s, a) for a in G.legal_actions(s)]


# -- Goofspiel --------------------------------------------------------------------------------------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
WORTH = {r: i for i, r in enumerate(RANKS, 1)}
SUIT_OF_SEAT = ["♠", "♥", "♣", "/stars"]


def _goof_card(rank, seat):
    return rank + SUIT_OF_SEAT[seat]


def _goof_rank(name):
    return name.split("/")[0] if "/" in name else name[:-1]


class GoofspielReferee:
    """Goofspiel by hand: the prize order is read from the engine once (the shuffle), the rest follows."""

    def __init__(self, s, ties):
        self.s, self.n, self.ties = s, s.n, ties
        # the first prize is turned before the first decision: the order is the turned card, then the
        # face-down prizes from the top
        turned = _names(s, S.zone(s, "prize"))
        assert len(turned) == 1
        down = _names(s, S.zone(s, "prizes"))
        self.order = turned + list(reversed(down))
        assert sorted(self.order, key=_goof_rank) == sorted([r + "♦" for r in RANKS], key=_goof_rank)
        assert len(set(self.order)) == 13
        self.hands = {p: [_goof_card(r, p) for r in RANKS] for p in range(self.n)}
        self.shown = {p: [] for p in range(self.n)}
        self.won = {p: [] for p in range(self.n)}
        self.gone = []
        self.points = [0.0] * self.n          # in points (fractions with ties: split)
        self.round = 0
        self.pot = [self.order[0]]
        self.bids = {}

    def check_view(self):
        s = self.s
        every_card_once(s)
        for q in range(self.n):
            obs = G.observation(s, q)["zones"]
            assert obs["box"] == [] and obs["prizes"] == []
            assert _names(s, obs["prize"]) == self.pot
            assert _names(s, obs["gone"]) == self.gone
            for p in range(self.n):
                assert sorted(_names(s, obs["hand"][p])) == (sorted(self.hands[p]) if p == q else [])
                mine = [self.bids[p]] if p in self.bids else []
                assert _names(s, obs["bid"][p]) == (mine if p == q else []), \
                    f"seat {q} sees seat {p}'s bid {_names(s, obs['bid'][p])}"
                assert _names(s, obs["shown"][p]) == self.shown[p]
                assert _names(s, obs["won"][p]) == self.won[p]

    def decide(self, rng):
        s = self.s
        p = len(self.bids)
        assert G.current_player(s) == p, (G.current_player(s), p)
        assert Counter(_legal(s)) == Counter("select " + c for c in self.hands[p])
        self.check_view()
        legal = G.legal_actions(s)
        i = rng.randrange(len(legal))
        card = S.describe(s, legal[i]).split(" ", 1)[1]
        G.apply_index(s, i)
        self.hands[p].remove(card)
        self.bids[p] = card
        if len(self.bids) == self.n:
            self.resolve()

    def resolve(self):
        n = self.n
        values = [WORTH[_goof_rank(self.bids[p])] for p in range(n)]
        top = max(values)
        best = [p for p in range(n) if values[p] == top]
        prize = sum(WORTH[_goof_rank(c)] for c in self.pot)
        if len(best) == 1:
            self.points[best[0]] += prize
            self.won[best[0]] += self.pot
            self.pot = []
        elif self.ties == "split":
            for p in best:
                self.points[p] += prize * 60 // len(best) / 60
            self.gone += self.pot
            self.pot = []
        elif self.ties == "discard":
            self.gone += self.pot
            self.pot = []
        # carry: the prize stays for the next round
        for p in range(n):
            self.shown[p].append(self.bids[p])
        self.bids = {}
        self.round += 1
        if self.round < 13:
            self.pot.append(self.order[self.round])
        else:
            self.gone += self.pot
            self.pot = []

    def run(self, rng):
        while not self.s.over:
            self.decide(rng)
            if not self.s.over:
                unit = 60 if self.ties == "split" else 1
                assert _v(self.s, "points") == [round(x * unit) for x in self.points]
        assert self.round == 13
        self.check_view()
        res = G.result(self.s)
        assert res["scores"] == pytest.approx(self.points)
        top = max(self.points)
        assert res["winners"] == [p for p in range(self.n) if self.points[p] == top]
        return self


def _goofspiel(n, seed, ties="discard"):
    rules = _load("goofspiel", ties=ties)
    return GoofspielReferee(G.new_game(rules, n, seed, log=True), ties).run(random.Random(seed))


@pytest.mark.parametrize("ties", ["discard", "carry", "split"])
def test_goofspiel_random_games_follow_the_rules(ties):
    for seed in range(60):
        _goofspiel(2 + seed % 3, seed, ties)


@pytest.mark.soak
@pytest.mark.parametrize("ties", ["discard", "carry", "split"])
def test_goofspiel_soak(ties):
    for seed in range(1000, 1600):
        _goofspiel(2 + seed % 3, seed, ties)


def _diagnostics(tmp_path, text, name="game"):
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path)).diagnostics


@pytest.mark.parametrize("seen", ["public", "others"])
def test_validate_warns_when_secret_picks_come_from_a_zone_others_see(tmp_path, seen):
    """A later picker sees which card left an earlier picker's public hand: the pick is no secret."""
    text = (HERE / "goofspiel.yaml").read_text(encoding="utf-8")
    mine = "hand: {per: player, visibility: owner"
    assert mine in text
    assert not [d for d in _diagnostics(tmp_path, text) if "earlier picks" in d.message]
    found = [d for d in _diagnostics(tmp_path, text.replace(mine, f"hand: {{per: player, visibility: {seen}"))
             if "earlier picks" in d.message]
    assert len(found) == 1 and found[0].severity == "warning" and "visibility: owner" in found[0].hint
    # and so it does: seat 1 sees seat 0's hand lose its bid
    rules = load_from(tmp_path, "game")
    s = G.new_game(rules, 2, 3)
    S.play(s, ("select", "A♠"))
    assert len(G.observation(s, 1)["zones"]["hand"][0]) == 12


def test_goofspiel_no_seat_reads_another_bid_in_the_play_log():
    """`rules play` with every seat human: until the bids are shown, a seat's log never names another
    seat's bid (the choice is logged as 'select ?')."""
    import re
    from interpreter.playtest.session import Session
    rules = _load("goofspiel")
    for seed in range(6):
        n = 2 + seed % 3
        session = Session(rules, n, seed, humans=list(range(n)))
        rng = random.Random(seed)
        checked = 0
        while not session.over:
            s = session.state
            session.choose(s.pending.player, rng.randrange(len(s.pending.actions)))
            s = session.state
            for p in range(n):
                for card in _names(s, S.zone(s, "bid", p)):
                    pattern = re.compile(r"(?<![0-9A-Za-z])" + re.escape(card))
                    for q in range(n):
                        text = json.dumps(session.seat_log(q), ensure_ascii=False)
                        assert bool(pattern.search(text)) == (q == p), (q, p, card)
                        checked += 1
        assert checked > 0


def test_goofspiel_bots_decide_the_same_when_only_unseen_bids_change():
    from tests.test_review_seen import _swap_check
    compared, differ = _swap_check(_load("goofspiel"), "greedy", range(3))
    assert compared >= 6 and differ == 0, (compared, differ)


def test_goofspiel_worked_rounds_pass_as_scenarios():
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / "goofspiel.scenario.yaml"))
    assert not problems and len(outcomes) == 4
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)


def _scenario(tmp_path, text):
    from interpreter.authoring.runner import run_file
    path = tmp_path / "s.scenario.yaml"
    path.write_text(f"ruleset: {HERE / 'goofspiel.yaml'}\nplayers: 2\n" + text, encoding="utf-8")
    outcomes, problems = run_file(str(path))
    return outcomes, problems


def test_a_scenario_card_alone_is_made_with_the_one_move_offering_it(tmp_path):
    """`- 9♠` in a scenario plays a card; where the card is offered by a pick of `select:` (no move is
    called play), it is that pick; a card nobody may pick still fails, naming the legal moves."""
    outcomes, problems = _scenario(tmp_path, "scenarios:\n  - name: picks\n    deal: {prize: [5♦]}\n"
                                             "    moves: [9♠, 3♥, {expect: {state: {points: [5, 0]}}}]\n"
                                             "  - name: wrong\n    moves: [9♥]\n")
    assert not problems
    assert not outcomes[0].diagnostics, outcomes[0].diagnostics[0].format()
    [wrong] = outcomes[1].diagnostics
    assert "9♥ is not legal for player 0" in wrong.message and "select 9♠" in wrong.hint


def test_an_unknown_expect_key_that_names_a_zone_says_where_zones_are_checked(tmp_path):
    outcomes, problems = _scenario(tmp_path, "scenarios:\n  - name: x\n    moves: [{expect: {prize: [5♦]}}]\n")
    [d] = problems
    assert "unknown key 'prize'" in d.message
    assert "expect: {zones: {prize: [...]}}" in d.hint and "expect: {state: {prize: ...}}" in d.hint


# -- Yaniv ------------------------------------------------------------------------------------------------

YRANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SEQ = {r: i for i, r in enumerate(YRANKS)}
YVALUE = {**{r: i for i, r in enumerate(YRANKS[:10], 1)}, "J": 10, "Q": 10, "K": 10}


def _yrank(name):
    return "Joker" if name == "Joker" else name[:-1]


def _ysuit(name):
    return None if name == "Joker" else name[-1]


def _yvalue(name):
    return 0 if name == "Joker" else YVALUE[_yrank(name)]


def _subsets(cards):
    """Every non-empty sub-multiset of the cards, as sorted tuples."""
    out = {()}
    for c in cards:
        out |= {tuple(sorted(x + (c,))) for x in out}
    out.discard(())
    return out


def yaniv_discards(hand):
    """Every legal discard from the hand, as sorted tuples of card names."""
    out = set()
    by_rank = {}
    for c in hand:
        by_rank.setdefault(_yrank(c), []).append(c)
    for cards in by_rank.values():
        out |= _subsets(cards)
    jokers = [c for c in hand if c == "Joker"]
    for suit in {_ysuit(c) for c in hand if c != "Joker"}:
        mine = [c for c in hand if _ysuit(c) == suit]
        for naturals in _subsets(mine):
            seqs = sorted(SEQ[_yrank(c)] for c in naturals)
            gaps = seqs[-1] - seqs[0] + 1 - len(seqs)
            for j in range(len(jokers) + 1):
                size = len(naturals) + j
                if size >= 3 and gaps <= j and size <= 13:
                    out.add(tuple(sorted(naturals + ("Joker",) * j)))
    return out


def yaniv_takeable(group):
    """The cards the next player may take from a discard (names, without repeats)."""
    if len({_yrank(c) for c in group}) == 1:
        return set(group)
    naturals = [c for c in group if c != "Joker"]
    seqs = [SEQ[_yrank(c)] for c in naturals]
    low, high = min(seqs), max(seqs)
    spare = len(group) - len(naturals) - (high - low + 1 - len(naturals))
    above = min(spare, 12 - high)
    below = spare - above
    low_end = "Joker" if below else next(c for c in naturals if SEQ[_yrank(c)] == low)
    high_end = "Joker" if above else next(c for c in naturals if SEQ[_yrank(c)] == high)
    return {low_end, high_end}


def test_yaniv_discards_and_ends_by_hand():
    assert ("Joker", "Joker") in yaniv_discards(["Joker", "Joker", "5♥"])
    assert ("5♥", "Joker", "Joker") in yaniv_discards(["Joker", "Joker", "5♥"])
    assert ("4♥", "6♥", "Joker") in yaniv_discards(["4♥", "6♥", "Joker"])
    assert ("4♥", "7♥", "Joker") not in yaniv_discards(["4♥", "7♥", "Joker"])
    assert ("4♥", "5♦", "6♥") not in yaniv_discards(["4♥", "5♦", "6♥"])
    assert ("A♠", "K♠", "Q♠") not in yaniv_discards(["Q♠", "K♠", "A♠"])
    assert yaniv_takeable(["4♥", "5♥", "6♥", "7♥"]) == {"4♥", "7♥"}
    assert yaniv_takeable(["4♥", "6♥", "Joker"]) == {"4♥", "6♥"}
    assert yaniv_takeable(["4♥", "5♥", "Joker"]) == {"4♥", "Joker"}
    assert yaniv_takeable(["Q♥", "K♥", "Joker"]) == {"Joker", "K♥"}
    assert yaniv_takeable(["9♣", "9♥", "9♠"]) == {"9♣", "9♥", "9♠"}


def _parse_discard(text):
    return tuple(sorted(text.split(" ")[1:]))


class YanivReferee:
    def __init__(self, s, *, call_limit=7, penalty=30, limit=200, halving=True):
        self.s, self.n = s, s.n
        self.call_limit, self.penalty, self.limit, self.halving = call_limit, penalty, limit, halving
        self.score = [0] * self.n
        self.out = [False] * self.n
        self.dealer = 0
        self.hand_no = 0
        self.hands_played = 0
        self.assafs = self.halvings = self.eliminations = self.reshuffles = self.joker_runs = 0
        self.takes = 0

    def in_game(self):
        return [p for p in range(self.n) if not self.out[p]]

    def next_in(self, p):
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if not self.out[q]:
                return q

    def start_hand(self):
        s = self.s
        self.hand_no = s.hand_no
        self.hands = {p: S.names(s, S.zone(s, "hand", p)) for p in range(self.n)}
        for p in range(self.n):
            assert len(self.hands[p]) == (0 if self.out[p] else 5), (p, self.hands[p])
        self.top = S.names(s, S.zone(s, "top"))
        assert len(self.top) == 1
        assert S.names(s, S.zone(s, "pile")) == [] and S.names(s, S.zone(s, "fresh")) == []
        self.stock = S.names(s, S.zone(s, "stock"))
        assert len(self.stock) == 54 - 1 - 5 * len(self.in_game())
        self.pile = []
        self.current = self.next_in(self.dealer)
        self.phase = "act"
        self.fresh = None

    def check_view(self):
        s = self.s
        every_card_once(s)
        assert Counter(S.names(s, S.zone(s, "stock"))) == Counter(self.stock)
        assert S.names(s, S.zone(s, "stock"))[-1:] == self.stock[-1:]
        for q in range(self.n):
            obs = G.observation(s, q)["zones"]
            assert obs["stock"] == []
            for p in range(self.n):
                assert sorted(S.names(s, obs["hand"][p])) == (sorted(self.hands[p]) if p == q else [])
            assert sorted(S.names(s, obs["top"])) == sorted(self.top)
            assert sorted(S.names(s, obs["fresh"])) == sorted(self.fresh or [])
            assert sorted(S.names(s, obs["pile"])) == sorted(self.pile)

    def expected(self):
        hand = self.hands[self.current]
        if self.phase == "act":
            want = {("discard", d) for d in yaniv_discards(hand)}
            if sum(map(_yvalue, hand)) <= self.call_limit:
                want.add(("yaniv",))
            return want
        return {("draw",)} | {("take", c) for c in yaniv_takeable(self.top)}

    def offered(self):
        got = set()
        for text in _legal(self.s):
            word = text.split(" ")[0]
            got.add(("discard", _parse_discard(text)) if word == "discard" else tuple(text.split(" ")))
        return got

    def decide(self, rng):
        s = self.s
        if s.hand_no != self.hand_no:
            self.start_hand()
        assert G.current_player(s) == self.current, (G.current_player(s), self.current)
        assert _v(s, "score") == self.score and _v(s, "out") == self.out
        want = self.expected()
        assert self.offered() == want, (self.phase, self.hands[self.current], self.top,
                                        self.offered() ^ want)
        self.check_view()
        # a policy that ends hands sooner than uniform play: call when allowed, shed big discards
        legal = G.legal_actions(s)
        texts = [S.describe(s, a) for a in legal]
        if "yaniv" in texts and rng.random() < 0.6:
            i = texts.index("yaniv")
        elif self.phase == "act" and rng.random() < 0.7:
            i = max(range(len(texts)), key=lambda k: (sum(map(_yvalue, texts[k].split(" ")[1:]))
                                                      if texts[k] != "yaniv" else -1, rng.random()))
        else:
            i = rng.randrange(len(legal))
        text = texts[i]
        G.apply_index(s, i)
        self.after(text)

    def after(self, text):
        p = self.current
        word = text.split(" ")[0]
        if word == "yaniv":
            return self.settle(p)
        if word == "discard":
            cards = list(_parse_discard(text))
            for c in cards:
                self.hands[p].remove(c)
            if "Joker" in cards and len({_yrank(c) for c in cards}) > 1:
                self.joker_runs += 1
            self.fresh = cards
            self.phase = "draw"
            return
        if word == "draw":
            self.hands[p].append(self.stock.pop())
        else:
            card = text.split(" ", 1)[1]
            self.top.remove(card)
            self.hands[p].append(card)
            self.takes += 1
        self.pile += self.top
        self.top, self.fresh = self.fresh, None
        if not self.stock:
            self.reshuffles += 1
            new = S.names(self.s, S.zone(self.s, "stock")) if not self.s.over else []
            assert Counter(new) == Counter(self.pile)
            self.stock, self.pile = new, []
        self.current = self.next_in(p)
        self.phase = "act"

    def settle(self, caller):
        totals = {p: sum(map(_yvalue, self.hands[p])) for p in self.in_game()}
        assert totals[caller] <= self.call_limit
        assafers = [p for p in totals if p != caller and totals[p] <= totals[caller]]
        added = {}
        for p in totals:
            if p == caller:
                added[p] = totals[p] + self.penalty if assafers else 0
            else:
                added[p] = 0 if p in assafers else totals[p]
        self.assafs += bool(assafers)
        for p, x in added.items():
            self.score[p] += x
            if self.halving and x > 0 and self.score[p] in (50, 100):
                self.score[p] //= 2
                self.halvings += 1
            if self.score[p] > self.limit:
                self.out[p] = True
                self.eliminations += 1
        self.hands_played += 1
        self.dealer = self.next_in(self.dealer)

    def run(self, rng):
        while not self.s.over:
            self.decide(rng)
        assert len(self.in_game()) <= 1 and self.s.hand_no >= self.hands_played - 1
        assert _v(self.s, "score") == self.score
        res = G.result(self.s)
        assert res["scores"] == self.score and res["winners"] == self.in_game()
        assert res["hands"] == self.hands_played
        return self


def _yaniv(n, seed, name="yaniv", **options):
    rules = _load(name, **options)
    return YanivReferee(G.new_game(rules, n, seed, log=True), **options).run(random.Random(seed))


@pytest.mark.parametrize("part", [0, 1])
def test_yaniv_random_games_follow_the_rules(part):
    totals = Counter()
    for seed in range(10 * part, 10 * part + 10):
        ref = _yaniv(2 + seed % 4, seed)
        totals.update(assafs=ref.assafs, halvings=ref.halvings, reshuffles=ref.reshuffles,
                      joker_runs=ref.joker_runs, takes=ref.takes, eliminations=ref.eliminations)
    assert all(totals[k] > 0 for k in ("assafs", "halvings", "reshuffles", "joker_runs", "takes")), totals


def test_yaniv_random_games_with_other_settings():
    for seed in range(8):
        _yaniv(2 + seed % 4, 50 + seed, call_limit=5, penalty=25, limit=100, halving=False)


def test_yaniv_with_runs_found_by_the_melds_section():
    """The same game, its runs given by melds_in() over a melds: section (wild jokers, any number)."""
    for seed in range(4):
        _yaniv(2 + seed % 4, 70 + seed, "yaniv-melds")


@pytest.mark.soak
def test_yaniv_soak():
    for seed in range(1000, 1300):
        _yaniv(2 + seed % 4, seed)
        if seed % 4 == 0:
            _yaniv(2 + seed % 4, seed, "yaniv-melds")


def test_yaniv_worked_hands_pass_as_scenarios():
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / "yaniv.scenario.yaml"))
    assert not problems and len(outcomes) == 8
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)


def test_yaniv_bots_decide_the_same_when_only_unseen_cards_change():
    from tests.test_review_seen import _swap_check
    compared, differ = _swap_check(_load("yaniv"), "greedy", range(2))
    assert compared >= 4 and differ == 0, (compared, differ)


@pytest.mark.parametrize("text,value", [("x / y", 2), ("6 / 3", 2), ("x / 4", 1.5), ("-x / y", -2), ("0 / y", 0)])
def test_a_division_that_comes_out_even_is_a_whole_number(text, value):
    """`/` of whole numbers that divide evenly gives a whole number (the reference's kind 'number' is a
    whole number): a final score points / 1 printed as 7, not 7.0; an uneven division is a fraction."""
    from tests.test_expressions import ev
    got = ev(text, x=6, y=3)
    assert got == value and type(got) is type(value)


def test_goofspiel_scores_are_whole_numbers_unless_a_prize_is_split():
    s = G.new_game(_load("goofspiel"), 2, 4)
    while not s.over:
        G.apply_index(s, len(G.legal_actions(s)) - 1 if G.current_player(s) else 0)
    scores = G.result(s)["scores"]
    assert 0 < sum(scores) <= 91 and all(type(x) is int for x in scores), scores


def test_yaniv_a_card_drawn_from_the_stock_is_named_only_in_the_drawers_log():
    """Every seat human in `rules play`: a draw from the stock shows '?' to the others, also when the
    stock was made of discards every seat saw face up (after a reshuffle); a card taken from the
    discards is named to all."""
    from interpreter.playtest.session import Session
    rules = _load("yaniv")
    drawn_after_reshuffle = taken = 0
    for seed in range(2):
        n = 2 + seed
        session = Session(rules, n, seed, humans=list(range(n)))
        rng = random.Random(seed)
        reshuffled = False
        while not session.over and session.state.hand_no <= 3:
            s = session.state
            p = s.pending.player
            texts = [S.describe(s, a) for a in s.pending.actions]
            i = rng.randrange(len(texts))
            before = [len(session.seat_log(q)) for q in range(n)]
            stock_before = len(S.zone(s, "stock"))
            session.choose(p, i)
            if texts[i].split(" ")[0] not in ("draw", "take"):
                continue
            for q in range(n):
                moves = [e for e in session.seat_log(q)[before[q]:] if isinstance(e, dict)
                         and e.get("event") == "move" and e.get("to") == f"hand[{p}]"]
                assert len(moves) == 1, moves
                if texts[i] == "draw":
                    assert (moves[0]["cards"] == ["?"]) == (q != p), (q, p, moves[0])
                else:
                    assert moves[0]["cards"] == [texts[i].split(" ", 1)[1]]
            if texts[i] == "draw":
                drawn_after_reshuffle += reshuffled
            else:
                taken += 1
            reshuffled = reshuffled or len(S.zone(session.state, "stock")) > stock_before
    assert drawn_after_reshuffle > 0 and taken > 0


def test_explain_says_their_for_a_players_own_zone_in_a_clause_about_players():
    from interpreter.authoring.explain import explain
    text = explain(_load("goofspiel"))
    assert "the players for which the *worth* points of the first card of their *bid* is the *top_bid*" in text
    assert "its *bid*" not in text


def test_rules_play_takes_a_set_of_cards_typed_in_any_order_with_or_without_the_moves_name():
    from interpreter.playtest.words import Refused, match
    s = G.new_game(_load("yaniv"), 2, 0)
    p = G.current_player(s)
    for c in S.names(s, S.zone(s, "hand", p)):
        S.place(s, "stock", [c])
    S.place(s, "hand", ["Joker", "Joker", "5♥", "6♥", "9♣"], owner=p)
    actions = G.legal_actions(s)
    shown = [S.describe(s, a) for a in actions]
    for typed in ("discard 6♥ 5♥ Joker", "Joker 6♥ 5♥", "discard 5♥ 6♥ Joker"):
        assert shown[match(s, actions, typed)] == "discard 5♥ 6♥ Joker", typed
    assert shown[match(s, actions, "joker joker")] == "discard Joker Joker"
    with pytest.raises(Refused):
        match(s, actions, "5♥ 9♣")


@pytest.mark.parametrize("text,word", [("who and x > 0", "and"), ("x > 0 and who", "and"), ("not who", "not"),
                                       ("who or 1", "or"), ("1 if who else 2", "if")])
def test_a_player_read_as_true_or_false_is_refused(text, word):
    """Seat 0 is false: `caller and p == caller` never holds for the player in seat 0 (a Yaniv caller in
    seat 0 would score like everyone else).  validate refuses it as it refuses `until: caller`."""
    from interpreter.expr.errors import ExprError
    from tests.test_expressions import ev, ns
    space = ns(who=(T.PLAYER, 0), x=(T.NUM, 1))
    with pytest.raises(ExprError) as err:
        ev(text, space)
    assert f"'{word}' reads a player as true or false" in err.value.message and "who" in err.value.hint
    assert ev("who != none and x > 0", space) is True
    assert ev("[who] and x > 0", space) is True            # a list of players is not a player



def test_a_condition_that_gives_a_player_is_told_to_compare_it(tmp_path):
    text = (HERE / "yaniv.yaml").read_text(encoding="utf-8")
    assert "until: caller != none" in text
    [d] = [d for d in _diagnostics(tmp_path, text.replace("until: caller != none", "until: caller"))
           if d.severity == "error"]
    assert "must give a boolean, but it gives a player" in d.message and "declarer != none" in d.hint


def test_rules_play_lists_a_discard_of_either_of_two_identical_jokers_once():
    """Two jokers in one hand: 'discard Joker' and 'discard 5♥ 6♥ Joker' are one move each at the table
    (the engine offers one per joker), not two lines told apart by a position that does not matter."""
    from interpreter.playtest.session import Session
    session = Session(_load("yaniv"), 2, 0, humans=[0, 1])
    s = session.state
    p = s.pending.player
    for c in S.names(s, S.zone(s, "hand", p)):
        S.place(s, "stock", [c])
    S.place(s, "hand", ["Joker", "Joker", "5♥", "6♥", "9♣"], owner=p)
    texts = [m["text"] for m in session.legal(p)]
    assert len(G.legal_actions(s)) == 12 and len(texts) == 10 == len(set(texts)), texts
    assert "discard Joker" in texts and "discard 5♥ 6♥ Joker" in texts
    session.choose(p, next(m["index"] for m in session.legal(p) if m["text"] == "discard 5♥ 6♥ Joker"))
    assert sorted(S.names(session.state, S.zone(session.state, "hand", p))) == ["9♣", "Joker"]


def test_explain_says_there_is_no_caller_for_an_unset_value():
    from interpreter.authoring.explain import explain
    text = explain(_load("yaniv"))
    assert "until there is a *caller*:" in text and "If there is no *caller*:" in text
    assert "*caller* exists" not in text and "*caller* does not exist" not in text
