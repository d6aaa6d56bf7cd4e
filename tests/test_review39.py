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
from functools import lru_cache
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import every_card_once, load_from, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review39"


@lru_cache(maxsize=None)
def _loaded(name, options):
    return load_from(HERE, name, **dict(options))


def _load(name, **options):
    return _loaded(name, tuple(sorted(options.items())))


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
