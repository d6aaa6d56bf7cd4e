"""Review 60: two games the engine has never seen, written from the docs only (tests/rulesets_review60/,
each says at its top which rules and readings it keeps): Sedma (Czech tricks where a card of the rank
led or a seven beats, the last such card takes the trick, and the leader may continue a trick while the
other side holds it; refills from a stock; Aces, Tens and the last trick count) and Zheng Fen (a Chinese
climbing game where the last player to play in a round takes the round's cards; bombs; the last player
out hands their points to the first).

Referees written here from the rules (sharing no code with the engine; the deal is read from the game
once it is dealt) follow seeded random games move by move: who moves, the exact moves offered, where
every card lies, and the scores.
"""
from __future__ import annotations

import random
from itertools import combinations, product
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import cached_loader, drive, every_card_once, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review60"

_load = cached_loader(HERE)


def _rank(c):
    return c[:-1]


def _zone(s, name, owner=None):
    return S.names(s, S.zone(s, name, owner))


# -- Sedma ------------------------------------------------------------------------------------------------

SEDMA_VALUE = {"10": 10, "A": 10}


class SedmaReferee:
    """Sedma by hand: the hands, the stock, the trick, who holds it, who must move and with what."""

    def __init__(self, n, continuing=True):
        self.n = n
        self.continuing = continuing
        self.started = False
        self.moves = 0
        self.continued = 0

    def team(self, p):
        return p % 2 if self.n == 4 else p

    def start(self, s):
        self.hands = {p: set(_zone(s, "hand", p)) for p in range(self.n)}
        assert all(len(h) == 4 for h in self.hands.values())
        self.stock = _zone(s, "stock")             # bottom first: the next card drawn is the last
        assert len(self.stock) == 32 - 4 * self.n
        self.won = {p: [] for p in range(self.n)}
        self.leader = (_v(s, "dealer") + 1) % self.n
        self.trick, self.phase, self.queue = [], "lead", []
        self.started = True

    def beats(self, c):
        return _rank(c) == "7" or _rank(c) == _rank(self.trick[0])

    def expected(self):
        if self.phase == "lead":
            return self.leader, sorted(self.hands[self.leader])
        if self.phase == "follow":
            return self.queue[0], sorted(self.hands[self.queue[0]])
        return self.leader, sorted([c for c in self.hands[self.leader] if self.beats(c)] + ["stop"])

    def before(self, s, who, texts):
        if not self.started:
            self.start(s)
        assert (who, texts) == self.expected(), (who, texts, self.expected())
        for p in range(self.n):
            assert set(_zone(s, "hand", p)) == self.hands[p]
            assert sorted(_zone(s, "won", p)) == sorted(self.won[p])
        assert _zone(s, "stock") == self.stock
        assert _zone(s, "trick") == self.trick
        for seat in range(self.n):          # a seat sees its own hand, the trick and the tricks taken
            zones = G.observation(s, seat)["zones"]
            assert [set(S.names(s, h)) for h in zones["hand"]] == \
                [self.hands[p] if p == seat else set() for p in range(self.n)]
            assert zones["stock"] == [] and S.names(s, zones["trick"]) == self.trick
            assert [sorted(S.names(s, w)) for w in zones["won"]] == [sorted(self.won[p]) for p in range(self.n)]
        every_card_once(s)

    def others(self):
        return [(self.leader + i) % self.n for i in range(1, self.n)]

    def after(self, s, who, text):
        self.moves += 1
        if text == "stop":
            return self.take()
        self.hands[who].remove(text)
        self.trick.append(text)
        if self.phase == "lead":
            self.holder, self.phase, self.queue = who, "follow", self.others()
            return
        if self.phase == "continue":
            self.continued += 1
            self.holder, self.phase, self.queue = who, "follow", self.others()
            return
        if self.beats(text):
            self.holder = who
        self.queue.pop(0)
        if self.queue:
            return
        if self.continuing and self.team(self.holder) != self.team(self.leader) and self.hands[self.leader]:
            self.phase = "continue"
        else:
            self.take()

    def take(self):
        self.won[self.holder] += self.trick
        self.last_taker = self.leader = self.holder
        self.trick, self.phase = [], "lead"
        while self.stock and len(self.hands[self.leader]) < 4:
            for i in range(self.n):
                self.hands[(self.leader + i) % self.n].add(self.stock.pop())

    def finish(self, s):
        assert self.phase == "lead" and not self.hands[self.leader] and not self.stock
        assert all(not h for h in self.hands.values())
        points = {}
        for p in range(self.n):
            points[self.team(p)] = points.get(self.team(p), 0) + sum(SEDMA_VALUE.get(_rank(c), 0) for c in self.won[p])
        points[self.team(self.last_taker)] += 10
        assert sum(points.values()) == 90
        result = G.result(s)
        assert result["scores"] == [points[self.team(p)] for p in range(self.n)]
        best = max(points.values())
        assert result["winners"] == [p for p in range(self.n) if points[self.team(p)] == best]
        every_card_once(s)


def _sedma_games(players, seeds, name="sedma"):
    rules = _load(name)
    continued = 0
    for seed in seeds:
        rng = random.Random(seed)
        s = G.new_game(rules, players, seed)
        ref = drive(s, SedmaReferee(players, continuing=name == "sedma"), lambda texts: rng.choice(texts))
        continued += ref.continued
    return continued


@pytest.mark.parametrize("players", [2, 4])
def test_sedma_referee(players):
    assert _sedma_games(players, range(150)) > 20          # continued tricks did happen


@pytest.mark.parametrize("players", [2, 4])
def test_sedma_in_a_tricks_block_referee(players):
    """The same game without continuing, written with tricks: (a winner: expression, refills after
    each trick): every trick one card each, the last card of the rank led or seven takes it."""
    assert _sedma_games(players, range(100), name="sedma-tricks") == 0


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 4])
def test_sedma_referee_soak(players):
    _sedma_games(players, range(1000, 4000))


# -- Zheng Fen --------------------------------------------------------------------------------------------

ZF_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
ZF_VALUE = {"5": 5, "10": 10, "K": 10}


def zf_plays(hand):
    """Every play the cards allow: (kind, size, top rank index, frozenset of cards)."""
    by_rank = {i: sorted(c for c in hand if _rank(c) == r) for i, r in enumerate(ZF_RANKS)}
    out = []
    for i, cs in by_rank.items():
        for k in range(1, len(cs) + 1):
            for combo in combinations(cs, k):
                out.append(("set", k, i, frozenset(combo)))
    ace = ZF_RANKS.index("A")
    for lo in range(ace + 1):
        for hi in range(lo + 1, ace + 1):
            span = range(lo, hi + 1)
            if hi - lo >= 2 and all(by_rank[j] for j in span):
                for combo in product(*(by_rank[j] for j in span)):
                    out.append(("straight", len(combo), hi, frozenset(combo)))
            if all(len(by_rank[j]) >= 2 for j in span):
                for pairs in product(*(list(combinations(by_rank[j], 2)) for j in span)):
                    out.append(("pairs", 2 * len(pairs), hi, frozenset(c for pr in pairs for c in pr)))
    return out


def zf_beats(play, table):
    if table is None:
        return True
    kind, size, top, _ = play
    bomb = kind == "set" and size == 4
    table_bomb = table[0] == "set" and table[1] == 4
    if bomb and not table_bomb:
        return True
    return (kind, size) == table[:2] and top > table[2]


def zf_describe(play):
    return frozenset(play[3])


class ZhengFenReferee:
    """Zheng Fen by hand: hands, the play to beat, the round's cards, captures, places, whose turn."""

    def __init__(self, hands_in_game):
        self.hands_in_game = hands_in_game
        self.hand_number = 0
        self.score = [0] * 4
        self.dealer = 0
        self.moves = 0
        self.bombs = 0
        self.needs_deal = True

    def right(self, p):
        return (p - 1) % 4

    def next_holding(self, p):
        for i in range(1, 5):
            q = (p - i) % 4
            if self.hands[q]:
                return q
        return None

    def deal(self, s):
        self.hand_number += 1
        self.hands = {p: set(_zone(s, "hand", p)) for p in range(4)}
        assert all(len(h) == 13 for h in self.hands.values())
        assert _v(s, "dealer") == self.dealer
        self.won = {p: [] for p in range(4)}
        self.pile, self.table, self.round = [], None, []
        self.last, self.passes = None, 0
        self.place, self.placed = [0] * 4, 0
        self.turn = self.right(self.dealer)
        self.needs_deal = False

    def before(self, s, who, texts):
        if self.needs_deal:
            self.deal(s)
        assert who == self.turn, (who, self.turn)
        offered = [t for t in texts if t != "pass"]
        plays = {frozenset(t.split()[1:]) for t in offered}
        assert len(plays) == len(offered), "a play offered twice"
        self.options = {zf_describe(p): p for p in zf_plays(self.hands[who]) if zf_beats(p, self.table)}
        assert plays == set(self.options), (plays ^ set(self.options))
        assert ("pass" in texts) == (self.table is not None)
        for p in range(4):
            assert set(_zone(s, "hand", p)) == self.hands[p]
            assert sorted(_zone(s, "won", p)) == sorted(self.won[p])
        assert sorted(_zone(s, "pile")) == sorted(self.pile)
        assert sorted(_zone(s, "round")) == sorted(self.round)
        zones = G.observation(s, who)["zones"]
        assert [set(S.names(s, h)) for h in zones["hand"]] == [self.hands[p] if p == who else set() for p in range(4)]
        every_card_once(s)

    def after(self, s, who, text):
        self.moves += 1
        if text == "pass":
            self.passes += 1
        else:
            play = self.options[frozenset(text.split()[1:])]
            if play[0] == "set" and play[1] == 4:
                self.bombs += 1
            self.round += self.pile
            self.pile, self.table = sorted(play[3]), play
            self.hands[who] -= play[3]
            self.last, self.passes = who, 0
            if not self.hands[who]:
                self.placed += 1
                self.place[who] = self.placed
        holders = [p for p in range(4) if self.hands[p]]
        if len(holders) <= 1:
            self.won[self.last] += self.pile + self.round
            return self.end_hand(s)
        if self.passes >= len([p for p in holders if p != self.last]):
            self.won[self.last] += self.pile + self.round
            self.pile, self.table, self.round = [], None, []
            self.turn = self.last if self.hands[self.last] else self.next_holding(self.last)
            self.last, self.passes = None, 0
        else:
            self.turn = self.next_holding(who)

    def end_hand(self, s):
        loser = next(p for p in range(4) if self.place[p] == 0)
        self.place[loser] = 4
        first = self.place.index(1)
        self.won[first] += self.won[loser]
        self.won[loser] = []
        for p in range(4):
            self.score[p] += sum(ZF_VALUE.get(_rank(c), 0) for c in self.won[p])
        self.dealer = self.right(self.dealer)
        self.needs_deal = True
        self.hand_scores = [sum(ZF_VALUE.get(_rank(c), 0) for c in self.won[p]) for p in range(4)]
        self.left = sorted(self.hands[loser])
        if self.hand_number == self.hands_in_game:
            assert s.over
            for p in range(4):
                assert sorted(_zone(s, "won", p)) == sorted(self.won[p])
            assert list(_v(s, "place")) == self.place

    def finish(self, s):
        assert self.hand_number == self.hands_in_game
        result = G.result(s)
        assert result["scores"] == self.score
        best = max(self.score)
        assert result["winners"] == [p for p in range(4) if self.score[p] == best]
        assert sum(self.hand_scores) + sum(ZF_VALUE.get(_rank(c), 0) for c in self.left) == 100
        every_card_once(s)


def _zheng_fen_games(seeds, hands=1):
    rules = _load("zheng-fen", hands=hands)
    bombs = 0
    for seed in seeds:
        rng = random.Random(seed)
        s = G.new_game(rules, 4, seed)
        # random play, with a lean towards passing so that rounds end and bombs get played
        ref = drive(s, ZhengFenReferee(hands), lambda texts: rng.choice(texts))
        bombs += ref.bombs
    return bombs


def test_zheng_fen_referee():
    assert _zheng_fen_games(range(60)) > 0


def test_zheng_fen_referee_several_deals():
    _zheng_fen_games(range(100, 115), hands=3)


@pytest.mark.soak
def test_zheng_fen_referee_soak():
    _zheng_fen_games(range(1000, 2000))
    _zheng_fen_games(range(3000, 3100), hands=4)


@pytest.mark.parametrize("name,count", [("sedma", 5), ("zheng-fen", 1)])
def test_worked_deals_pass_as_scenarios(name, count):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) == count
    for o in outcomes:
        assert not o.diagnostics, "\n".join(d.format() for d in o.diagnostics)


# -- messages ---------------------------------------------------------------------------------------------

def test_a_card_where_a_player_is_wanted_hints_at_who_played_or_holds_it(tmp_path):
    """A trick winner written as the winning card (the last card that beats) is refused; the hint says
    how to name the player who played or holds a card, not only what a player is."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "sedma-tricks.yaml").read_text().replace(
        'winner: "trick_players[last(filter(range(0, count(trick) - 1), i => beats_at(i)))]"',
        "winner: \"last(filter(trick, c => c.rank == '7' or c.rank == first(trick).rank))\"")
    path = tmp_path / "sedma-card-winner.yaml"
    path.write_text(text.replace("extends: sedma.yaml", f"extends: {HERE / 'sedma.yaml'}"))
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert len(errors) == 1 and "must give a player, but it gives a card" in errors[0].message
    assert "trick_players[position(trick, " in errors[0].hint and "owner(" in errors[0].hint


def test_a_follow_condition_that_fails_for_the_leader_hints_at_allowing_a_lead(tmp_path):
    """A follow rule reading the first card of the trick ('follow rank') stops the dry run at the first
    lead; the message says which value is none, and the hint that the leader is asked too."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "sedma-tricks.yaml").read_text().replace(
        "follow: any",
        "follow: card.rank == first(trick).rank or not any(hand[current], c => c.rank == first(trick).rank)")
    path = tmp_path / "sedma-follow-rank.yaml"
    path.write_text(text.replace("extends: sedma.yaml", f"extends: {HERE / 'sedma.yaml'}"))
    errors = [d for d in load_ruleset(str(path), dry_run=True).diagnostics if d.severity == "error"]
    assert errors and all("'first(trick)' is none" in d.message for d in errors)
    assert all(d.hint and "asked of the leader too" in d.hint and "count(trick) == 0" in d.hint for d in errors)


def test_a_parent_definition_a_variant_leaves_unused_says_how_to_leave_it_out_here(tmp_path):
    """A variant that no longer uses a definition of the ruleset it extends is warned at the parent's
    line; 'remove it' there would break the parent, so the hint says how to leave it out of the variant."""
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "sedma-tricks.yaml").read_text().replace("  beats: null\n", "")
    path = tmp_path / "sedma-variant.yaml"
    path.write_text(text.replace("extends: sedma.yaml", f"extends: {HERE / 'sedma.yaml'}"))
    warnings = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "warning"]
    assert [d.message for d in warnings] == ["definition 'beats' is never used"]
    assert warnings[0].file.endswith("sedma.yaml") and "define: {beats(c): null}" in warnings[0].hint
    path.write_text(path.read_text().replace("  may_continue: null\n", "  may_continue: null\n  beats: null\n"))
    assert not load_ruleset(str(path)).diagnostics                 # as the hint says


def test_explain_calls_an_item_of_the_tricks_players_a_player():
    """A winner read by position from trick_players is 'the player at position ...', not 'the item'."""
    from interpreter.authoring.explain import explain
    text = explain(_load("sedma-tricks"))
    assert "The trick goes to the player at position (" in text and "of the players who have played" in text


def test_explain_says_the_winners_of_a_value_kept_per_team_are_a_teams_players():
    from interpreter.authoring.explain import explain
    text = explain(_load("sedma"))
    assert "- The game is won by the players of the team with the highest *points* (all of them on a tie)." in text


def test_cards_compared_with_greater_than_hint_at_the_rulesets_own_order(tmp_path):
    """'top(cs) > top(t)' with top giving the highest card: the hint writes the comparison with an order
    the ruleset has, not with an order it lacks."""
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "zheng-fen-cards.yaml"
    path.write_text((HERE / "zheng-fen.yaml").read_text().replace(
        "top(cs): max(map(cs, c => high(c)))", "top(cs): max(cs, high)"))
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert [d.message for d in errors] == ["a card has no size to compare with '>'"]
    assert errors[0].hint == "compare places in an order instead, e.g. high(top(cs)) > high(top(t))"
