"""Correctness on two games the engine has never seen (tests/rulesets_review55/, each says at its top which
readings it keeps): Königrufen (Austrian Tarock: four players, the 54-card tarock pack, bidding with the
forehand's hold, a called King making a secret partner, the talon halves, counting in threes to 70, the
negative contracts stopped as soon as they fail) and Cinch (Double Pedro: two partnerships, one round of
bidding 6 to 14 with the dealer's hold, non-trumps discarded and hands filled to six, the dealer robbing the
pack, the off-pedro a trump, may-always-trump, high/low/jack/game/pedros, the bidder's side set back).

Referees written here from the rules (sharing no code with the engine) follow seeded random games move by
move: who is asked, the exact moves offered, the deal, trick winners, what each seat sees, card conservation,
the scores and the end of the game.  Scripted deals check known outcomes (rulesets_review55/*.scenario.yaml).
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, every_card_once, hand_events, seen, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review55"
_load = cached_loader(HERE)


# -- cards of a pack's own ranks and suits in expressions ----------------------------------------------------

_PACK_OF_ITS_OWN = """
name: t
players: {count: 2}
pack: {ranks: ["1", "7", C, K, Sküs], suits: [hearts, trèfle, tarock]}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
state:
  found: {initial: 0}
hand:
  - set: {found: "count(stock, c => c == C♥) + 10 * count(stock, c => c == 1♥) + 100 * count(stock, c => c == Sküs/tarock) + 1000 * count(stock, c => c.suit == trèfle)"}
"""


def _load_text(tmp_path, text, name="t.yaml"):
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path), {})


def test_a_card_of_a_rank_of_the_packs_own_is_written_with_its_suit_symbol(tmp_path):
    """The reference: `10♥`, `Q♠`, `A♣` are 'a card of the pack: rank then suit symbol'; ranks and suits are
    any names.  C♥ (a Cavall) and 1♥ (a red pip) read as 'unexpected ♥', and a rank or suit with a letter
    outside a-z (Sküs, trèfle) as 'unexpected character ü', though the pack took them."""
    loaded = _load_text(tmp_path, _PACK_OF_ITS_OWN)
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    s = G.new_game(loaded.rules, 2, 0)
    assert _v(s, "found") == 1 + 10 + 100 + 1000 * 5


def test_a_card_written_with_a_rank_the_pack_lacks_is_named_with_a_hint(tmp_path):
    loaded = _load_text(tmp_path, _PACK_OF_ITS_OWN.replace("c == C♥", "c == Z♥"))
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "there is no card Z♥" in d.message and d.hint, d.format()


def test_a_card_of_a_rank_with_letters_outside_a_to_z_is_read_in_the_pack_and_scenarios():
    from interpreter.cards.pack import CardUniverse
    u = CardUniverse(ranks=["7", "K", "Sküs"], suits=["hearts", "tarock"])
    assert u.parse_card("Sküs♥") == u.card_id("Sküs", "hearts")
    assert u.parse_card("Sküs/tarock") == u.card_id("Sküs", "tarock")


def test_explain_says_a_trick_count_of_one_more_while_a_condition_holds_in_words():
    """`count: trick_number + 1 if C else trick_number` (tricks while anybody holds cards) read 'at most the
    number of the trick plus 1 of them: play stops after any trick once it is no longer so that ...'."""
    from interpreter.authoring.explain import explain
    text = explain(_load("cinch"))
    assert ("one after another as long as for some player, the number of cards in the player's *hand* is "
            "more than 0 (checked before each trick)") in text
    assert "the number of the trick plus 1" not in text


# -- shared ------------------------------------------------------------------------------------------------

SYMBOL = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
SUIT_OF = {v: k for k, v in SYMBOL.items()}


def suit(c):
    return c.split("/")[1] if "/" in c else SUIT_OF[c[-1]]


def rank(c):
    return c.split("/")[0] if "/" in c else c[:-1]


def weighted(rng, weight):
    def pick(texts):
        return rng.choices(texts, [weight(t) for t in texts])[0]
    return pick


def play_game(s, ref, pick, hands=None, limit=40000):
    """Drive one game with the referee beside it, to its end or through `hands` hands."""
    moves = 0
    while not s.over and (hands is None or s.hand_no <= hands):
        actions = G.legal_actions(s)
        texts = [S.describe(s, a) for a in actions]
        who = G.current_player(s)
        ref.before(s, who, sorted(texts))
        text = pick(texts)
        G.apply(s, actions[texts.index(text)])
        ref.after(s, who, text)
        moves += 1
        assert moves < limit
    if s.over:
        ref.finish(s)
    return ref


# -- Cinch -------------------------------------------------------------------------------------------------

CI_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
CI_PACK = sorted(r + SYMBOL[x] for r in CI_RANKS for x in SYMBOL)
CI_MATE = {"clubs": "spades", "spades": "clubs", "hearts": "diamonds", "diamonds": "hearts"}


class CinchReferee:
    """Cinch from the rules at the top of cinch.yaml, written apart from the engine."""

    def __init__(self, s, target=62):
        self.target = target
        self.score = [0, 0]
        self.dealer = 0
        self.hand_no = 0
        self.seen = Counter()
        self.phase = None
        self.new_hand(s)

    @staticmethod
    def left(p, k=1):
        return (p + k) % 4

    def new_hand(self, s):
        self.hand_no += 1
        assert s.hand_no == self.hand_no and _v(s, "dealer") == self.dealer
        deals = hand_events(s, self.hand_no, "deal")
        assert [(e["to"], e["count"]) for e in deals] == [("hand", 9)]
        assert [p for p, _ in deals[0]["each"]] == [self.left(self.dealer, i) for i in range(1, 5)]
        self.hands = {p: list(got) for p, got in deals[0]["each"]}
        self.stock = S.names(s, S.zone(s, "stock"))         # bottom first: the next card is the last
        assert len(self.stock) == 16
        assert sorted(sum(self.hands.values(), []) + self.stock) == CI_PACK
        self.bid, self.bidder = 0, None
        self.speakers = [self.left(self.dealer, i) for i in range(1, 5)]
        self.trumps = None
        self.discards, self.buried = [], []
        self.won = {p: [] for p in range(4)}
        self.trick, self.trick_players = [], []
        self.phase = "bid"

    # the cards
    def off_pedro(self, c):
        return self.trumps is not None and rank(c) == "5" and suit(c) == CI_MATE[self.trumps]

    def eff(self, c):
        return self.trumps if self.off_pedro(c) else suit(c)

    def is_trump(self, c):
        return self.eff(c) == self.trumps

    def strength(self, c):
        return 5 if self.off_pedro(c) else 2 * CI_RANKS.index(rank(c))

    def legal_cards(self, p):
        h = self.hands[p]
        if not self.trick:
            return sorted(h)
        led = self.eff(self.trick[0])
        if not any(self.eff(c) == led for c in h):
            return sorted(h)
        return sorted(c for c in h if self.eff(c) == led or (led != self.trumps and self.is_trump(c)))

    def winner(self):
        trumps = [c for c in self.trick if self.is_trump(c)]
        led = self.eff(self.trick[0])
        best = max(trumps or [c for c in self.trick if self.eff(c) == led], key=self.strength)
        return self.trick_players[self.trick.index(best)]

    def holding(self):
        return [p for p in range(4) if self.hands[p]]

    def next_holder(self, p):
        """The first player from p going left (p itself first) who holds cards."""
        return next(q for q in (self.left(p, i) for i in range(4)) if self.hands[q])

    # the moves
    def expected(self):
        if self.phase == "bid":
            p = self.speakers[0]
            if p == self.dealer:
                return p, sorted(["pass"] * (self.bid > 0) + [f"bid {k}" for k in range(max(6, self.bid), 15)])
            return p, sorted(["pass"] + [f"bid {k}" for k in range(max(6, self.bid + 1), 15)])
        if self.phase == "trumps":
            return self.bidder, sorted(f"name_trumps {x}" for x in SYMBOL)
        if self.phase == "discard":
            p = self.discarder
            return p, sorted(f"discard {c}" for c in self.hands[p])
        if self.phase == "rob":
            return self.dealer, sorted(f"lay_away {c}" for c in self.hands[self.dealer])
        p = self.to_play
        return p, self.legal_cards(p)

    def before(self, s, who, legal):
        want = self.expected()
        assert (who, legal) == want, (self.phase, who, legal, want)
        every_card_once(s)
        for viewer in range(4):
            for p in range(4):
                assert seen(s, viewer, "hand", p) == (sorted(self.hands[p]) if p == viewer else []), (viewer, p)
                assert seen(s, viewer, "won", p) == []
            assert seen(s, viewer, "discards") == sorted(self.discards)
            assert seen(s, viewer, "buried", self.dealer) == (sorted(self.buried) if viewer == self.dealer else [])
            assert seen(s, viewer, "trick") == sorted(self.trick)
        assert _v(s, "score") == self.score
        assert (_v(s, "bid"), _v(s, "bidder"), _v(s, "trumps")) == (self.bid, self.bidder, self.trumps)

    def after(self, s, who, text):
        getattr(self, "after_" + self.phase)(s, who, text)

    def after_bid(self, s, p, text):
        self.speakers.pop(0)
        if text != "pass":
            k = int(text.split()[1])
            self.seen["dealer holds" if p == self.dealer and k == self.bid else "bid"] += 1
            self.seen["forced dealer" if p == self.dealer and self.bid == 0 else "free"] += 1
            self.bid, self.bidder = k, p
        if not self.speakers:
            self.phase = "trumps"

    def after_trumps(self, s, p, text):
        self.trumps = text.split()[1]
        for q in (self.left(self.dealer, i) for i in range(1, 5)):
            out = [c for c in self.hands[q] if not self.is_trump(c)]
            self.discards += out
            self.hands[q] = [c for c in self.hands[q] if self.is_trump(c)]
        self.to_discard = [q for q in (self.left(self.dealer, i) for i in range(1, 4)) if len(self.hands[q]) > 6]
        self.seen["more than six trumps"] += bool(self.to_discard)
        self.after_discards(s)

    def after_discards(self, s):
        if self.to_discard:
            self.discarder = self.to_discard[0]
            self.phase = "discard"
            return
        # the fill, from the top of the pack, then the dealer robs it
        for q in (self.left(self.dealer, i) for i in range(1, 4)):
            k = min(6 - len(self.hands[q]), len(self.stock))
            self.seen["pack ran out"] += k < 6 - len(self.hands[q])
            for _ in range(k):
                self.hands[q].append(self.stock.pop())
        self.hands[self.dealer] += self.stock
        self.stock = []
        if len(self.hands[self.dealer]) > 6:
            self.phase = "rob"
        else:
            self.start_play()

    def after_discard(self, s, p, text):
        c = text.split()[1]
        self.hands[p].remove(c)
        self.discards.append(c)
        if len(self.hands[p]) == 6:
            self.to_discard.pop(0)
        self.after_discards(s)

    def after_rob(self, s, p, text):
        c = text.split()[1]
        self.hands[p].remove(c)
        self.buried.append(c)
        self.seen["trump laid away" if self.is_trump(c) else "lay away"] += 1
        if len(self.hands[p]) == 6:
            self.start_play()

    def start_play(self):
        self.seen["short hand"] += any(len(h) < 6 for h in self.hands.values())
        self.phase = "play"
        self.to_play = self.next_holder(self.bidder)
        self.taking_part = self.holding()
        self.seen["bidder without cards leads"] += self.to_play != self.bidder

    def after_play(self, s, p, card):
        assert p == self.to_play
        self.hands[p].remove(card)
        self.trick.append(card)
        self.trick_players.append(p)
        nxt = [q for q in (self.left(p, i) for i in range(1, 4)) if q in self.taking_part and q not in self.trick_players]
        if nxt:
            self.to_play = nxt[0]
            return
        w = self.winner()
        t = hand_events(s, self.hand_no, "trick")[-1]
        assert (t["winner"], t["cards"], t["players"]) == (w, self.trick, self.trick_players), (t, w)
        if len(self.trick) < 4:
            self.seen["short trick"] += 1
        if not self.is_trump(self.trick[0]) and any(self.is_trump(c) for c in self.trick) and any(
                self.eff(c) == self.eff(self.trick[0]) for c in self.trick[1:]):
            self.seen["trumped though able to follow"] += 1
        self.won[w] += self.trick
        self.trick, self.trick_players = [], []
        if self.holding():
            self.to_play = self.next_holder(w)
            self.taking_part = self.holding()
            return
        self.settle()
        self.end_hand(s)

    def took(self, team):
        every = [c for p in range(4) for c in self.won[p] if self.is_trump(c)]
        hi = max(every, key=self.strength)
        lo = min(every, key=self.strength)
        pts = 0
        for p in (team, team + 2):
            for c in self.won[p]:
                if not self.is_trump(c):
                    continue
                pts += (c == hi) + (c == lo) + (rank(c) in ("J", "10")) + 5 * (rank(c) == "5")
        return pts

    def settle(self):
        took = [self.took(0), self.took(1)]
        assert sum(took) <= 14
        self.seen["all 14 in play"] += sum(took) == 14
        bt = self.bidder % 2
        for t in (0, 1):
            if t == bt and took[t] < self.bid:
                self.seen["set back"] += 1
                self.score[t] -= self.bid
            else:
                self.seen["made" if t == bt else "defenders score"] += 1
                self.score[t] += took[t]
        self.last_bidder = self.bidder

    def end_hand(self, s):
        self.dealer = self.left(self.dealer)
        if max(self.score) >= self.target:
            self.phase = "over"
            bt = self.last_bidder % 2
            self.winners = [bt, bt + 2] if self.score[bt] >= self.target else [1 - bt, 3 - bt]
            self.seen["both out, bidder wins"] += min(self.score) >= self.target
        else:
            self.new_hand(s)

    def finish(self, s):
        assert self.phase == "over" and s.over
        res = G.result(s)
        assert res["winners"] == sorted(self.winners), (res, self.score)
        assert res["scores"] == [self.score[p % 2] for p in range(4)]


def ci_weight(t):
    if t.startswith("bid "):
        return 1.0 / (int(t.split()[1]) - 4) ** 2
    if t == "pass":
        return 0.6
    return 1.0


def ci_game(rules, seed, target=62, hands=None):
    s = G.new_game(rules, 4, seed, log=True)
    ref = CinchReferee(s, target)
    return play_game(s, ref, weighted(random.Random(seed), ci_weight), hands=hands)


def test_cinch_random_games_follow_the_rules():
    rules = _load("cinch", target=30)
    totals = Counter()
    ended = 0
    for seed in range(40):
        ref = ci_game(rules, seed, target=30, hands=12)
        totals.update(ref.seen)
        ended += ref.phase == "over"
    assert ended > 5
    # (a hand of seven trumps, the pack running out: the worked deals of cinch.scenario.yaml)
    for k in ["dealer holds", "forced dealer", "trump laid away", "set back", "made", "defenders score",
              "trumped though able to follow", "all 14 in play", "short hand", "short trick"]:
        assert totals[k] > 0, (k, totals)


@pytest.mark.soak
def test_cinch_soak():
    rules = _load("cinch")
    totals = Counter()
    for seed in range(300):
        totals.update(ci_game(rules, 9000 + seed, hands=15).seen)
    for k in ["more than six trumps", "pack ran out"]:
        assert totals[k] > 0, (k, totals)


# -- worked deals ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, count", [("cinch", 4)])
def test_the_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count and all(o.passed for o in outcomes), (problems, outcomes)
