"""Review 47: two games the engine has never seen, written from the docs only (tests/rulesets_review47/,
each says at its top which rules and readings it keeps): Gong Zhu (a Chinese point-trick game for four,
each for themselves: the pig, the sheep, the transformer and the hearts) and Shanghai Rummy (contract
rummy for three to five over seven deals, two packs and four jokers, buying the discard out of turn).

Referees written here from the rules (sharing no code with the engine; each deal is read from the game's
log, the order of a shuffled stock from the game) follow seeded random games move by move: who moves,
the exact moves offered, every card in one place, and the scores of each hand.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review47"
_load = cached_loader(HERE)

SUITS = "♣♦♥♠"


def _rank(c):
    return c[:-1]


def _suit(c):
    return c[-1]


def _names(s, ids):
    return S.names(s, ids)


# -- Gong Zhu ---------------------------------------------------------------------------------------------

GZ_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
GZ_PACK = [r + s for s in SUITS for r in GZ_RANKS]
HEART = {"A": -50, "K": -40, "Q": -30, "J": -20, **{r: -10 for r in ["10", "9", "8", "7", "6", "5"]}}


def gz_points(taken):
    """A hand's points for the cards one player took, from the rules at the top of gong-zhu.yaml."""
    hearts = [c for c in taken if _suit(c) == "♥"]
    base = 200 if len(hearts) == 13 else sum(HEART.get(_rank(c), 0) for c in hearts)
    base += (-100 if "Q♠" in taken else 0) + (100 if "J♦" in taken else 0)
    if "10♣" not in taken:
        return base
    if hearts or "Q♠" in taken or "J♦" in taken:
        return 2 * base
    return 50


class GongZhuReferee:
    def __init__(self, s, limit=1000):
        self.s, self.limit = s, limit
        self.score = [0] * 4
        self.dealer = 0
        self.hand_no = 0
        self.read = 0
        self.counts = Counter()

    def new_hand(self):
        events = self.s.events
        while self.read < len(events):
            e = events[self.read]
            self.read += 1
            if e.get("event") == "hand":
                assert e["hand"] == self.hand_no + 1 and e["dealer"] == self.dealer, (e, self.dealer)
                self.hand_no = e["hand"]
            elif e.get("event") == "deal":
                each = e["each"]
                assert [p for p, _ in each] == [(self.dealer + 1 + i) % 4 for i in range(4)]
                self.hands = {p: list(cards) for p, cards in each}
                assert all(len(h) == 13 for h in self.hands.values())
                assert sorted(sum(self.hands.values(), [])) == sorted(GZ_PACK)
                self.won = {p: [] for p in range(4)}
                self.trick = []
                self.to_play = (self.dealer + 1) % 4
                self.in_hand = True

    def before(self, s, who, texts):
        if s.hand_no != self.hand_no:
            self.new_hand()
        assert self.in_hand and s.hand_no == self.hand_no
        assert who == self.to_play, (who, self.to_play)
        hand = self.hands[who]
        if self.trick:
            led = _suit(self.trick[0][1])
            follow = [c for c in hand if _suit(c) == led]
            want = sorted(follow or hand)
        else:
            want = sorted(hand)
        assert texts == want, (texts, want)
        every_card_once(s)
        for p in range(4):
            assert sorted(_names(s, S.zone(s, "hand", p))) == sorted(self.hands[p])
            assert sorted(_names(s, S.zone(s, "won", p))) == sorted(self.won[p])
        assert _names(s, S.zone(s, "trick")) == [c for _, c in self.trick]
        assert _v(s, "score") == self.score
        # a seat sees its own hand, the trick and every player's taken cards, no other hand
        obs = G.observation(s, who)["zones"]
        for p in range(4):
            assert sorted(_names(s, obs["hand"][p])) == (sorted(hand) if p == who else [])
            assert sorted(_names(s, obs["won"][p])) == sorted(self.won[p])

    def after(self, s, who, text):
        self.hands[who].remove(text)
        self.trick.append((who, text))
        if len(self.trick) < 4:
            self.to_play = (who + 1) % 4
            return
        led = _suit(self.trick[0][1])
        winner = max((GZ_RANKS.index(_rank(c)), p) for p, c in self.trick if _suit(c) == led)[1]
        self.won[winner] += [c for _, c in self.trick]
        self.trick = []
        self.to_play = winner
        if not self.hands[winner]:
            self.end_hand()

    def end_hand(self):
        for p in range(4):
            pts = gz_points(self.won[p])
            self.score[p] += pts
            if len([c for c in self.won[p] if _suit(c) == "♥"]) == 13:
                self.counts["all hearts"] += 1
            if "10♣" in self.won[p]:
                self.counts["transformer alone" if pts == 50 else "transformer doubles"] += 1
        self.dealer = next(p for p in range(4) if "Q♠" in self.won[p])
        self.counts["pig-taker deals" if self.dealer != (self.hand_no) % 4 else "left deals"] += 1
        self.in_hand = False
        self.counts["hands"] += 1

    def finish(self, s):
        assert not self.in_hand or self.hand_no == 0
        assert any(x <= -self.limit for x in self.score)
        res = G.result(s)
        assert res["scores"] == self.score
        assert res["winners"] == [p for p in range(4) if self.score[p] == max(self.score)]


def gz_pick(rng, bias):
    """Random play; with `bias`, the leader sometimes dumps its highest card so that sweeps happen."""
    def pick(texts):
        if bias and rng.random() < bias:
            return max(texts, key=lambda c: GZ_RANKS.index(_rank(c)))
        return rng.choice(texts)
    return pick


def _gz_game(seed, bias=0.0, **options):
    s = G.new_game(_load("gong-zhu", **options), 4, seed, log=True)
    return drive(s, GongZhuReferee(s, **options), gz_pick(random.Random(seed), bias))


def test_gong_zhu_random_games_follow_the_rules():
    totals = Counter()
    for seed in range(40):
        totals += _gz_game(seed, bias=(seed % 4) * 0.25, limit=600 if seed % 2 else 1000).counts
    for what in ("transformer alone", "transformer doubles", "pig-taker deals", "hands"):
        assert totals[what] > 0, (what, totals)


@pytest.mark.soak
def test_gong_zhu_soak():
    for seed in range(1000, 1300):
        _gz_game(seed, bias=(seed % 5) * 0.2)


@pytest.mark.parametrize("name,count", [("gong-zhu", 5)])
def test_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)


# -- a play is a list of melds ------------------------------------------------------------------------------

PLAY_RULES = """\
name: t
players: {count: 2}
pack: {ranks: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K], copies: 2, jokers: 2}
melds: {runs: {order: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K], min: 4}, sets: {min: 3, different_suits: false}}
zones: {stock: {visibility: hidden}, hand: {per: player, visibility: owner}, table: {visibility: public}}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 20}
  - choose:
      player: 0
      moves:
        lay:
          options: "filter(meld_plays(hand[0], 0, 5000), w => {cond})"
          do: [{lay_melds: {melds: option, from: "hand[0]", to: table}}]
        skip: {}
"""


@pytest.mark.parametrize("cond,error", [
    ('count(w) == 2 and count(filter(w, m => meld_kind(m) == "set")) == 2', None),
    ("count(w) == 2 and any(w, m => meld_kind(m) == 'run')", None),
    ("count(of_suit(w, hearts)) > 0", "but this is a play"),
    ("total(w, c => 1) > 3", "but this is a play"),
    ("all(w, c => c in hand[0])", "'in' looks for one card in a list of cards, but this is a meld"),
])
def test_a_play_is_a_list_of_melds(tmp_path, cond, error):
    """A contract ("two sets", "a set and two runs") keeps the ways of meld_plays() that lay so many melds
    of each kind: filter(meld_plays(...), w => count(filter(w, m => meld_kind(m) == "set")) == 2).  The
    check refused every list function on a play ('the first argument must be a list, but this is a
    play'), though a play is the list of its melds (the same words passed when the play came through a
    move's option, whose kind is not checked).  Functions of cards still refuse a play, with the hint
    naming meld_cards(), and a meld looked for among cards is told at the 'in'."""
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "game.yaml"
    path.write_text(PLAY_RULES.replace("{cond}", cond.replace('"', '\\"')), encoding="utf-8")
    loaded = load_ruleset(str(path))
    errors = [d for d in loaded.diagnostics if d.severity == "error"]
    if error is None:
        assert not errors, [d.format() for d in errors]
        offered = 0
        for seed in range(10):
            s = G.new_game(loaded.rules, 2, seed)
            lays = [t for t in (S.describe(s, a) for a in G.legal_actions(s)) if t.startswith("lay")]
            assert all(t.count("[") == 2 for t in lays), lays
            offered += len(lays)
        assert offered
    else:
        assert len(errors) == 1 and error in errors[0].message, [d.format() for d in errors]
        assert errors[0].hint.startswith("meld_cards(x)")
