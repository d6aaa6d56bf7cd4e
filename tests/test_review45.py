"""Two fishing games the engine has never seen (tests/rulesets_review45/, each says at its top which
rules it keeps and which readings it chose): Pishti (take the pile by matching its top card or with a
jack; a pishti is taking a pile of one card) and Cuarenta (captures by rank, by the sum of two cards
and the sequence that follows; caida, limpia, ronda, the count of cards; a race to 40 that ends at
once), each for two players or two partnerships.

- Scripted deals: the moves offered, who moves next and the scores, worked out by hand from the rules
  (in the comments).
- Referees: each game written again here from the rules, sharing no code with the engine, follows
  seeded random games move by move: the player to move, the exact set of moves offered, where every
  card lies (the cards dealt during a hand are the top of the stock the referee follows), what each
  seat sees, every score as it changes and the end of the game.
"""
from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import every_card_once, load_from, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review45"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _z(s, zone, owner=None):
    return S.names(s, S.zone(s, zone, owner))


def _rank(name):
    return name[:-1]


def _text(s, a):
    """A move as text, the cards of a set sorted (their order never matters)."""
    name, value = a
    if isinstance(value, (list, tuple)):
        return " ".join([name] + sorted(S.names(s, value)))
    return S.describe(s, a)


def _teams(n):
    return [[0, 2], [1, 3]] if n == 4 else [[p] for p in range(n)]


def _team_of(n, p):
    return p % 2 if n == 4 else p


def _seen(s, seat, zone, owner=None):
    """The card names `seat` sees in a zone (of one owner for a zone kept per player)."""
    part = G.observation(s, seat)["zones"][zone]
    if owner is not None:
        part = part[owner]
    return S.names(s, part)


def _drive(rules, n, seed, referee, **options):
    """A seeded random game followed by the referee; returns (state, referee, decisions)."""
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    ref = referee(s)
    decisions = 0
    while not G.is_over(s):
        ref.before(s)
        every_card_once(s)
        assert G.current_player(s) == ref.turn, (G.current_player(s), ref.turn)
        actions = G.legal_actions(s)
        texts = [_text(s, a) for a in actions]
        assert len(set(texts)) == len(texts), texts
        assert sorted(texts) == sorted(ref.offered()), (sorted(texts), sorted(ref.offered()))
        i = rng.randrange(len(actions))
        G.apply(s, actions[i])
        ref.after(s, texts[i])
        decisions += 1
        assert decisions < 5000
    ref.finish(s)
    every_card_once(s)
    return s, ref, decisions


# -- Pishti ------------------------------------------------------------------------------------------

PISHTI_POINTS = {"J♣": 1, "J♦": 1, "J♥": 1, "J♠": 1, "A♣": 1, "A♦": 1, "A♥": 1, "A♠": 1, "2♣": 2, "10♦": 3}


class PishtiReferee:
    """Pishti by hand: hands, the pile, the face-down cards, the stock in order, the cards taken."""

    def __init__(self, s, target=151, one_pile=False):
        self.n, self.target = s.n, target
        self.one_pile = one_pile        # the face-down cards lie in the pile, under the cards shown
        self.score = [0] * len(_teams(s.n))
        self.dealer = 0
        self.hand_no = None
        self.over = False
        self.events = []

    def new_hand(self, s):
        n = self.n
        self.hand_no = s.hand_no
        self.hands = [_z(s, "hand", p) for p in range(n)]
        if self.one_pile:
            pile = _z(s, "pile")
            self.down, self.pile = pile[:3], pile[3:]
        else:
            self.down, self.pile = _z(s, "down"), _z(s, "pile")
        self.stock = _z(s, "stock")
        assert [len(h) for h in self.hands] == [4] * n and len(self.down) == 3 and len(self.pile) == 1
        assert len(self.stock) == 52 - 4 * n - 4
        self.taken = [[] for _ in range(n)]
        self.pishti = [0] * n
        self.takers = [[] for _ in range(n)]
        self.last_taker = None
        self.turn = (self.dealer + 1) % n

    def before(self, s):
        if s.hand_no != self.hand_no:
            self.new_hand(s)
        n = self.n
        if not any(self.hands) and self.stock:
            # four more each, one at a time from the top of the stock, starting with the player to move
            top = self.stock[-4 * n:][::-1]
            self.stock = self.stock[:-4 * n]
            for i, c in enumerate(top):
                self.hands[(self.turn + i) % n].append(c)
        self.check(s)

    def check(self, s):
        n = self.n
        for p in range(n):
            assert sorted(_z(s, "hand", p)) == sorted(self.hands[p]), (p, _z(s, "hand", p), self.hands[p])
            assert sorted(_z(s, "taken", p)) == sorted(self.taken[p])
        if self.one_pile:
            assert _z(s, "pile") == self.down + self.pile
        else:
            assert _z(s, "pile") == self.pile and sorted(_z(s, "down")) == sorted(self.down)
        assert _z(s, "stock") == self.stock
        assert _v(s, "pishti") == self.pishti and _v(s, "score") == self.score
        for seat in range(n):
            # each seat sees its own hand, the pile, and nothing of the face-down cards or the cards taken
            assert _seen(s, seat, "pile") == self.pile
            assert self.one_pile or _seen(s, seat, "down") == []
            for p in range(n):
                assert sorted(_seen(s, seat, "hand", p)) == (sorted(self.hands[p]) if p == seat else [])
                # of the cards taken, only those that took (each shown as it was played)
                assert sorted(_seen(s, seat, "taken", p)) == sorted(self.takers[p])

    def offered(self):
        return list(self.hands[self.turn])

    def after(self, s, text):
        p, n = self.turn, self.n
        self.hands[p].remove(text)
        top = self.pile[-1] if self.pile else None
        if top is not None and (_rank(text) == _rank(top) or _rank(text) == "J"):
            if len(self.pile) == 1 and not self.down and _rank(text) == _rank(top):
                self.pishti[p] += 20 if _rank(text) == "J" else 10
                self.events.append(20 if _rank(text) == "J" else 10)
            self.taken[p] += self.pile + self.down + [text]
            self.takers[p].append(text)
            self.pile, self.down = [], []
            self.last_taker = p
        else:
            self.pile.append(text)
        self.turn = (p + 1) % n
        if not any(self.hands) and not self.stock:
            self.end_hand(s)

    def end_hand(self, s):
        if self.last_taker is not None:
            self.taken[self.last_taker] += self.pile + self.down
            self.pile, self.down = [], []
        teams = _teams(self.n)
        cards = [sum(len(self.taken[p]) for p in t) for t in teams]
        assert sum(cards) == 52 or self.last_taker is None
        for i, t in enumerate(teams):
            self.score[i] += sum(self.pishti[p] + sum(PISHTI_POINTS.get(c, 0) for c in self.taken[p]) for p in t)
            if all(cards[i] > cards[j] for j in range(len(teams)) if j != i):
                self.score[i] += 3
        best = max(self.score)
        self.over = best >= self.target and self.score.count(best) == 1
        self.dealer = (self.dealer + 1) % self.n
        if not self.over:
            assert not G.is_over(s) and _v(s, "score") == self.score, (_v(s, "score"), self.score)

    def finish(self, s):
        assert self.over and G.is_over(s)
        result = G.result(s)
        best = max(self.score)
        assert result["winners"] == [p for p in range(self.n) if self.score[_team_of(self.n, p)] == best]
        assert result["scores"] == [self.score[_team_of(self.n, p)] for p in range(self.n)]


@pytest.mark.parametrize("players", [2, 4])
def test_pishti_random_games_agree_with_the_referee(players):
    rules = _load("pishti")
    events = []
    for seed in range(8 if players == 2 else 4):
        s, ref, _ = _drive(rules, players, seed, PishtiReferee)
        events += ref.events
    # a short target: many games, each of one or two hands
    rules = _load("pishti", target=40)
    for seed in range(100, 160):
        s, ref, _ = _drive(rules, players, seed, lambda s: PishtiReferee(s, 40))
        events += ref.events
    assert 10 in events and 20 in events


@pytest.mark.parametrize("players", [2, 4])
def test_pishti_with_one_pile_and_cards_shown_is_the_same_game(players):
    # pishti-one-pile.yaml keeps the three face-down cards in the pile and reveals the others: the same
    # rules, followed by the same referee (each seat sees the pile's cards shown, never the three under them)
    rules = _load("pishti-one-pile", target=40)
    for seed in range(200, 230):
        _drive(rules, players, seed, lambda s: PishtiReferee(s, 40, one_pile=True))


# -- Cuarenta ----------------------------------------------------------------------------------------

SEQUENCE = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
NUMBER = {r: i + 1 for i, r in enumerate(SEQUENCE[:7])}


class CuarentaReferee:
    """Cuarenta by hand: hands, the table in the order the cards were laid, the stock in order, the
    cards taken, the card just laid, the scores of the two sides."""

    def __init__(self, s, target=40):
        self.n, self.target = s.n, target
        self.teams = _teams(s.n)
        self.score = [0] * len(self.teams)
        self.dealer = 0
        self.hand_no = None
        self.over = False
        self.winners = None
        self.pending = None          # the card played whose capture is being chosen
        self.fresh_hand = True       # the engine has dealt a new hand the referee has not read yet
        self.events = []

    # the deal -------------------------------------------------------------------------------------
    def read_new_hand(self, s):
        n = self.n
        self.hand_no = s.hand_no
        self.hands = [_z(s, "hand", p) for p in range(n)]
        self.stock = _z(s, "stock")
        assert [len(h) for h in self.hands] == [5] * n and len(self.stock) == 40 - 5 * n
        assert _z(s, "table") == [] and all(_z(s, "taken", p) == [] for p in range(n))
        self.table, self.taken = [], [[] for _ in range(n)]
        self.takers = [[] for _ in range(n)]
        self.laid = None
        self.turn = (self.dealer + 1) % n
        self.fresh_hand = False
        self.rondas()

    def deal(self):
        """Five each in one packet, from the top of the stock, from the dealer's left."""
        n = self.n
        for i in range(n):
            p = (self.dealer + 1 + i) % n
            self.hands[p] = self.stock[-5:]
            self.stock = self.stock[:-5]
        self.rondas()

    def rondas(self):
        n = self.n
        for i in range(n):
            p = (self.dealer + 1 + i) % n
            counts = {}
            for c in self.hands[p]:
                counts[_rank(c)] = counts.get(_rank(c), 0) + 1
            if 4 in counts.values():
                self.end(sorted(self.teams[_team_of(n, p)]), "four of a kind")
                return
            if 3 in counts.values():
                self.score[_team_of(n, p)] += 4
                self.events.append("ronda")
        if max(self.score) >= self.target:
            self.end(None, "ronda")

    def end(self, winners, why):
        self.over = True
        best = max(self.score)
        self.winners = winners if winners is not None else [
            p for p in range(self.n) if self.score[_team_of(self.n, p)] == best]
        self.events.append(why)

    # the play -------------------------------------------------------------------------------------
    def captures(self, card):
        r = _rank(card)
        out = []
        same = [t for t in self.table if _rank(t) == r]
        if same:
            out.append([same[-1]])
        if r in NUMBER:
            nums = [t for t in self.table if _rank(t) in NUMBER]
            out += [list(g) for g in combinations(nums, 2) if NUMBER[_rank(g[0])] + NUMBER[_rank(g[1])] == NUMBER[r]]
        return out

    def following(self, card, rest):
        got = []
        for r in SEQUENCE[SEQUENCE.index(_rank(card)) + 1:]:
            those = [t for t in rest if _rank(t) == r]
            if not those:
                break
            got.append(those[-1])
        return got

    def before(self, s):
        if self.fresh_hand:
            self.read_new_hand(s)
            assert not self.over
        self.check(s)

    def check(self, s):
        n = self.n
        for p in range(n):
            assert sorted(_z(s, "hand", p)) == sorted(self.hands[p]), (p, _z(s, "hand", p), self.hands[p])
            assert sorted(_z(s, "taken", p)) == sorted(self.taken[p])
        assert _z(s, "table") == self.table, (_z(s, "table"), self.table)
        assert _z(s, "stock") == self.stock
        assert _v(s, "score") == self.score, (_v(s, "score"), self.score, self.events[-3:])
        for seat in range(n):
            assert _seen(s, seat, "table") == self.table
            for p in range(n):
                # a card played is seen in its player's hand while the capture is chosen
                shown = [self.pending] if self.pending is not None and p == self.turn else []
                assert sorted(_seen(s, seat, "hand", p)) == (sorted(self.hands[p]) if p == seat else shown)
                assert sorted(_seen(s, seat, "taken", p)) == sorted(self.takers[p])

    def offered(self):
        if self.pending is None:
            return list(self.hands[self.turn])
        return ["lay"] + [" ".join(["capture"] + sorted(g)) for g in self.captures(self.pending)]

    def lay(self, card):
        self.table.append(card)
        self.laid = card
        self.next_turn()

    def after(self, s, text):
        p, n = self.turn, self.n
        if self.pending is None:
            if self.captures(text):
                self.pending = text          # still in the hand while the capture is chosen
                return
            self.hands[p].remove(text)
            self.lay(text)
            return
        card, self.pending = self.pending, None
        self.hands[p].remove(card)
        if text == "lay":
            self.lay(card)
            return
        got = text.split()[1:]
        team = _team_of(n, p)
        if len(got) == 1 and self.laid is not None and _rank(self.laid) == _rank(card):
            assert got == [self.laid]
            self.score[team] += 2
            self.events.append("caida")
        rest = [t for t in self.table if t not in got]
        run = self.following(card, rest)
        self.table = [t for t in rest if t not in run]
        self.taken[p] += got + run + [card]
        self.takers[p].append(card)
        if not self.table:
            self.score[team] += 2
            self.events.append("limpia")
        self.laid = None
        if max(self.score) >= self.target:
            self.end(None, "capture")
            return
        self.next_turn()

    def next_turn(self):
        n = self.n
        self.turn = (self.turn + 1) % n
        if any(self.hands):
            return
        if self.stock:
            self.deal()
            return
        cards = [sum(len(self.taken[p]) for p in t) for t in self.teams]
        assert sum(cards) + len(self.table) == 40
        for i, c in enumerate(cards):
            if c >= 20:
                self.score[i] += 6 + (c - 20) + (c - 20) % 2
        best = max(self.score)
        self.events.append(f"count {cards}")
        if best >= self.target and self.score.count(best) == 1:
            self.end(None, "count")
        else:
            self.dealer = (self.dealer + 1) % n
            self.fresh_hand = True

    def finish(self, s):
        if self.fresh_hand:
            # the game ended in the deal of a new hand: four of a kind, or rondas reaching the target
            self.read_new_hand(s)
        assert self.over and G.is_over(s), self.events[-3:]
        result = G.result(s)
        assert _v(s, "score") == self.score
        assert result["winners"] == self.winners, (result["winners"], self.winners, self.events[-3:])
        assert result["scores"] == [self.score[_team_of(self.n, p)] for p in range(self.n)]


def _cuarenta_games(name, players, seeds):
    rules = _load(name)
    events = []
    for seed in seeds:
        s, ref, _ = _drive(rules, players, seed, CuarentaReferee)
        events += ref.events
    return events


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", ["cuarenta", "cuarenta-steps"])
def test_cuarenta_random_games_agree_with_the_referee_soak(players, name):
    _cuarenta_games(name, players, range(1000, 1400))


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 4])
def test_pishti_random_games_agree_with_the_referee_soak(players):
    rules = _load("pishti", target=40)
    for seed in range(1000, 1400):
        _drive(rules, players, seed, lambda s: PishtiReferee(s, 40))
    rules = _load("pishti-one-pile", target=40)
    for seed in range(1000, 1200):
        _drive(rules, players, seed, lambda s: PishtiReferee(s, 40, one_pile=True))


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name, games", [("cuarenta", 30), ("cuarenta-steps", 10)])
def test_cuarenta_random_games_agree_with_the_referee(players, name, games):
    # cuarenta-steps.yaml takes the cards of a sequence one at a time in a loop: the same game
    rules = _load(name)
    events = []
    for seed in range(games if players == 2 else games * 2 // 3):
        s, ref, _ = _drive(rules, players, seed, CuarentaReferee)
        events += ref.events
    # the referee saw every way of scoring and of ending (in the longer run)
    for kind in ("ronda", "caida", "limpia") + (("capture",) if games > 20 else ()):
        assert kind in events, kind


# -- the worked deals (rules test) ---------------------------------------------------------------------

@pytest.mark.parametrize("name", ["pishti", "cuarenta"])
def test_worked_deals_of_the_scenario_files(name):
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems and len(outcomes) >= 5
    failed = {o.name: [d.format() for d in o.diagnostics] for o in outcomes if not o.passed}
    assert not failed, failed


# -- explain, read as a designer -------------------------------------------------------------------------

def _explain(name):
    from interpreter.authoring.explain import explain
    return explain(_load(name))


def test_explain_reads_a_choice_of_lists_joined_to_a_definition_as_lists_joined():
    # captures(c): ([[last(match(c))]] if ... else []) + adds(c), two lists joined: read 'plus' (a sum)
    out = _explain("cuarenta")
    line = next(x for x in out.splitlines() if x.startswith("- **captures(c)**"))
    assert " together with the adds of *c*" in line and " plus " not in line, line


def test_explain_reads_an_option_of_a_definition_of_sets_as_a_set():
    # the capture's options are captures(c), sets of cards (groups() joined to a list): 'a set chosen',
    # and count(g) 'the number of cards in the set', not 'the number of the option'
    out = _explain("cuarenta")
    assert "**capture** with a set chosen from the captures of the card:" in out, out
    assert "the number of cards in the set is 1" in out and "the number of the option" not in out


# -- bots and the cards face down -----------------------------------------------------------------------

def _pishti_states(rules, n, seed, seat, decision):
    """The positions of a random game up to `seat`'s decision number `decision`, while the three cards
    dealt face down still lie there; None if they are taken first."""
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    states, mine = [], 0
    while not G.is_over(s) and S.zone(s, "down"):
        states.append(G.clone(s))
        if G.current_player(s) == seat:
            mine += 1
            if mine == decision:
                return states
        legal = G.legal_actions(s)
        G.apply(s, legal[rng.randrange(len(legal))])
    return None


def _swapped(states, sigma):
    """The positions with the cards of `sigma` exchanged wherever they lie."""
    out = []
    for st in states:
        c = G.clone(st)
        for zone in ("down", "stock"):
            part = S.zone(c, zone)
            part[:] = [sigma.get(x, x) for x in part]
        out.append(c)
    return out


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_pishti_bots_ignore_the_cards_face_down(bot):
    from interpreter.bots.base import make_bot
    rules = _load("pishti")
    compared = 0
    for seed in range(6):
        for n in (2, 4):
            seat = seed % n
            states = _pishti_states(rules, n, 300 + seed, seat, 1 + seed % 3)
            if states is None:
                continue
            down, stock = S.zone(states[-1], "down"), S.zone(states[-1], "stock")
            sigma = {**dict(zip(down, stock[:3])), **dict(zip(stock[:3], down))}
            moved = _swapped(states, sigma)
            for a, b in zip(states, moved):
                assert G.observation(a, seat) == G.observation(b, seat)
            decisions = []
            for run in (states, moved):
                player = make_bot(bot, 5, {"playouts": 30, "worlds": 4, "samples": 3})
                player.seat = seat
                for st in run:
                    player.observe(st)
                s = run[-1]
                decisions.append(G.legal_actions(s)[player.decide(s, seat, G.legal_actions(s))])
            assert decisions[0] == decisions[1], (seed, n, decisions)
            compared += 1
    assert compared >= 8


# -- a value kept per team indexed by a player, in a game with partnerships at one player count only -------

def _validate_text(tmp_path, text):
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_ruleset(str(path))
    return [d.format() for d in loaded.diagnostics if d.severity == "error"]


_MIXED = """
name: Mixed counts
players: {count: [2, 4], teams: {"4": [[0, 2], [1, 3]]}}
pack: {ranks: ["2", "3"], suits: [clubs, hearts]}
zones: {stock: {visibility: hidden}, hand: {per: player, visibility: owner}}
state: {score: {per: team, initial: 0}}
hand:
  - gather: {from: [hand], to: stock}
  - deal: {from: stock, to: hand, count: 1}
  - turns:
      first: left_of(dealer)
      until: all(players, p => count(hand[p]) == 0)
      do:
        - choose:
            player: current
            moves:
              play:
                options: hand[current]
                as: c
                do:
                  - move: {cards: c, from: "hand[current]", to: stock}
                  - add: {%s: 1}
end:
  after_hand: true
  score: score[team_of(p)]
"""


@pytest.mark.parametrize("target", ['"score[current]"', '"score[team_of(current)]"'])
def test_a_value_kept_per_team_indexed_by_a_player_is_an_error_when_some_count_has_partnerships(tmp_path, target):
    # with 2 players each seat is a team and score[current] happens to work; with 4, seat 3 is past the
    # last team (the game stopped with 'a position is past the end of a list') and seat 2 reads team 0
    errors = _validate_text(tmp_path, _MIXED % target)
    if "team_of" in target:
        assert errors == [], errors
    else:
        assert len(errors) == 1, errors
        assert "'score' is kept per team, numbered from 0 by team, but 'current' is a player" in errors[0], errors
        assert "with 4 players" in errors[0] and "score[team_of(current)]" in errors[0], errors


def test_a_read_of_a_value_kept_per_team_by_a_player_is_an_error_when_some_count_has_partnerships(tmp_path):
    text = (_MIXED % '"score[team_of(current)]"').replace("after_hand: true", "after_hand: score[dealer] > 3")
    errors = _validate_text(tmp_path, text)
    assert len(errors) == 1 and "'dealer' is a player" in errors[0] and "with 4 players" in errors[0], errors


@pytest.mark.parametrize("how", ["generated", "logged", "plain"])
def test_a_step_setting_an_entry_a_value_does_not_have_says_which(tmp_path, how):
    # add: {"score[team_of(current) + 2]": 1}: the game stopped with 'a position is past the end of a
    # list', which names neither the value nor the entry (the same message on every path the engine runs)
    from tests.test_review_unseen import _Plain, _load as _load_path
    path = _write(tmp_path, (_MIXED % '"score[team_of(current) + 2]"').replace("count: [2, 4]", "count: [4]"))
    rules = _load_path(path, plain=how == "plain")
    with (_Plain() if how == "plain" else _Nothing()):
        s = G.new_game(rules, 4, 0, log=how == "logged")
        with pytest.raises(G.GameError) as err:
            G.apply(s, G.legal_actions(s)[0])
    said = str(err.value)
    # seat 1 plays first: team 1, entry 3
    assert "no entry 3 in 'score' (kept per team: entries 0 to 1)" in said and "team_of" in said, said
    assert "past the end of a list" not in said


class _Nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _write(folder, text):
    path = folder / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GAMES = ["pishti", "pishti-one-pile", "cuarenta", "cuarenta-steps"]


def _every_way(name, seeds):
    from tests.test_review_unseen import _compare, _load as _load_path
    path = HERE / f"{name}.yaml"
    fast, plain = _load_path(path), _load_path(path, plain=True)
    return [_compare(fast, plain, n, seed, name) for n in (2, 4) for seed in seeds]


@pytest.mark.parametrize("name", GAMES)
def test_the_games_are_the_same_every_way(name):
    # played step by step, by the fast loop, stopping at every turn, logged, on the plain paths and under
    # the rules check: the same games, no error
    outcomes = _every_way(name, range(2))
    assert all(o[0] != "error" for o in outcomes), [o for o in outcomes if o[0] == "error"][:1]


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES)
def test_the_games_are_the_same_every_way_soak(name):
    outcomes = _every_way(name, range(2, 30))
    assert all(o[0] != "error" for o in outcomes), [o for o in outcomes if o[0] == "error"][:1]


@pytest.mark.parametrize("text, said", [
    # the condition of a filter over a run read as about the last words of the run ('the rank of each card
    # in table whose place ...'): it is said first, the run after 'taken from'
    ("filter(cyclic_run(ranks, r, xs), x => high(x) > 3)",
     "the ranks whose place in the order *high* is more than 3, taken from the ranks that follow *r* in the "
     "ranks without a gap (going round), as far as they are among *xs*"),
    ("cyclic_run(ranks, r, xs)", "the ranks that follow *r* in the ranks without a gap (going round), as far as "
                                 "they are among *xs*"),
    # a filter over a plain list is said as before
    ("filter(players, p => score[p] > 3)", "the players whose *score* is more than 3"),
])
def test_explain_says_a_filter_over_a_run_with_its_condition_first(text, said):
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"score": "player"}, zones={}, options=set(), orders={"high"}, points=set())
    assert words(text, lex) == said


# -- rules play: the last card of a hand ------------------------------------------------------------------

@pytest.mark.parametrize("name", ["pishti", "pishti-one-pile"])
def test_play_names_a_card_played_that_the_next_lines_show(name):
    # the last card of a hand, played by a bot, goes onto the pile face up and is then taken with it: the
    # seat's log read 'P1 plays ?' and then 'move 5♥: hand[1] -> pile (seen by P0, P1)' (or 'shown to
    # all: 5♥'), for the card was out of sight once the hand was over
    from interpreter.playtest.session import Session
    rules = _load(name, target=20)
    checked = 0
    for seed in range(4):
        se = Session(rules, players=2, seed=seed, humans=(0,), bots=["random"])
        se.run_bots()
        while not se.state.over:
            se.choose(0, 0)
        from interpreter.playtest.view import log_lines
        log = [x for line in log_lines(se.seat_log(0), {"pishti", "score"}) for x in line.split("\n")]
        for i, line in enumerate(log):
            if line.strip() == "P1 plays ?":
                after = []
                for nxt in log[i + 1:]:
                    if " plays " in nxt:
                        break
                    after.append(nxt)
                assert not any("hand[1] -> pile" in x or "shown to all" in x for x in after), log[i:i + 4]
            elif line.strip().startswith("P1 plays "):
                checked += 1
    assert checked > 50
