"""Review 30: two games the engine has never seen, written from published rules
(tests/rulesets_review30/, each file says which reading it keeps where sources differ).

- Truco (Argentine, no flor): calls interleaved with card play, answered out of turn by the next
  opponent, raised back, refused (the hand ends at once), envido that goes before a pending truco,
  ties of tricks (parda), a game that ends in the middle of a hand through envido.
- Sueca (Portuguese partnership game): play to the right, the dealer's last card sets trumps and is
  shown to everyone, card points, game points for 61+, 91+ and every trick.

Each referee below is written from the rules and shares no code with the engine beyond driving a game
through its public API: at every decision it checks the player to move, the exact set of moves offered,
the scores, what each seat sees, and that every card lies in exactly one place.  Worked hands run as
`rules test` scenarios (truco.scenario.yaml, sueca.scenario.yaml).

Fixes found on the way, each with its test below: the end_hand step (truco-cut.yaml, truco-turns.yaml
play the same games as truco.yaml's flags), a next dealer or a lead that is no seat, the hints for
`card` written for a chosen card and for a winner rule giving none (a tie), explain's wording of a
team's score, an item at a written position and a loop left by end_hand, simulate's '0.00 turns'.
"""
from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import every_card_once, load_from, var

HERE = Path(__file__).resolve().parent / "rulesets_review30"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _n(s, cid):
    return s.rules.universe.names[cid]


def _names(s, ids):
    return [_n(s, c) for c in ids]


def _zone(s, name):
    return S.zone(s, name)


def _rank(card):
    return card.split("/")[0] if "/" in card else card[:-1]


def _suit(card):
    return card.split("/")[1] if "/" in card else card[-1]


def _offered(s):
    """The engine's moves as (name, card name or None)."""
    out = []
    for name, value in G.legal_actions(s):
        out.append((name, _n(s, value) if isinstance(value, int) and name == "play" else value))
    return out


def _check_private_hands(s, seat, revealed=()):
    """`seat` sees its own hand, and of the other hands only the cards in `revealed`."""
    obs = G.observation(s, seat)["zones"]["hand"]
    for p, cards in enumerate(_zone(s, "hand")):
        names = _names(s, cards)
        seen = _names(s, obs[p])
        if p == seat:
            assert seen == names
        else:
            assert sorted(seen) == sorted(c for c in names if c in revealed), (seat, p, seen)


# -- Truco -------------------------------------------------------------------------------------------

POWER_BY_RANK = {"4": 1, "5": 2, "6": 3, "7": 4, "10": 5, "11": 6, "12": 7, "1": 8, "2": 9, "3": 10}
POWER_BY_CARD = {"7/coins": 11, "7/swords": 12, "1/batons": 13, "1/swords": 14}


def truco_power(card):
    return POWER_BY_CARD.get(card, POWER_BY_RANK[_rank(card)])


def envido_points(cards):
    pips = lambda c: int(_rank(c)) if int(_rank(c)) <= 7 else 0
    best = max(pips(c) for c in cards)
    for a, b in combinations(cards, 2):
        if _suit(a) == _suit(b):
            best = max(best, 20 + pips(a) + pips(b))
    return best


def hand_result(results, mano_side):
    """The side that has won the hand from the trick results so far (-1 a tie), or None."""
    if len(results) < 2:
        return None
    first, second = results[0], results[1]
    if len(results) == 2:
        if first != -1 and second in (first, -1):
            return first
        if first == -1 and second != -1:
            return second
        return None
    if results[2] != -1:
        return results[2]
    return first if first != -1 else mano_side


ENVIDO_WORTH = {"envido": 2, "real": 3}


class TrucoReferee:
    def __init__(self, s, target=30):
        self.n, self.target = s.n, target
        self.score = [0, 0]
        self.dealer = var(s, "dealer")
        self.over = False
        self.hands_played = 0
        self.calls = {"envido": 0, "truco": 0, "refusal": 0, "parda": 0, "envido_first": 0, "raise_back": 0}
        self._start_hand(s)

    def side(self, p):
        return p % 2

    def nxt(self, p):
        return (p + 1) % self.n

    def _start_hand(self, s):
        hands = [_names(s, h) for h in _zone(s, "hand")]
        assert all(len(h) == 3 for h in hands)
        assert len({c for h in hands for c in h}) == 3 * self.n
        self.hands = [list(h) for h in hands]
        self.dealt = [list(h) for h in hands]
        self.mano = self.nxt(self.dealer)
        self.leader = self.mano
        self.order = [(self.leader + i) % self.n for i in range(self.n)]
        self.pos = 0
        self.table = {}
        self.results = []
        self.value, self.level, self.holder = 1, 0, None
        self.truco_caller = None          # set while a truco call waits for an answer
        self.envido_done = False
        self.env = None                   # while an envido call waits: [calls], caller
        self.env_caller = None
        self.need_deal = False

    # whose move, and what may they do
    def to_move(self):
        if self.env is not None:
            return self.nxt(self.env_caller)
        if self.truco_caller is not None:
            return self.nxt(self.truco_caller)
        return self.order[self.pos]

    def _may_envido(self, p):
        return len(self.results) == 0 and p not in self.table and not self.envido_done

    def offered(self):
        p = self.to_move()
        if self.env is not None:
            last = self.env[-1]
            moves = {("accept", None), ("refuse", None)}
            if last == "envido" and self.env.count("envido") == 1:
                moves.add(("raise_envido", None))
            if last == "envido":
                moves.add(("raise_real_envido", None))
            if last != "falta":
                moves.add(("raise_falta_envido", None))
            return moves
        if self.truco_caller is not None:
            moves = {("accept", None), ("refuse", None)}
            if self.level < 3:
                moves.add(("raise_truco", None))
            if self.level == 1 and self._may_envido(p):
                moves |= {("envido", None), ("real_envido", None), ("falta_envido", None)}
            return moves
        moves = {("play", c) for c in self.hands[p]} | {("fold", None)}
        if self.level == 0 and self._may_envido(p):
            moves |= {("envido", None), ("real_envido", None), ("falta_envido", None)}
        if self.level < 3 and self.holder in (None, self.side(p)):
            moves.add(("truco", None))
        return moves

    # what happens
    def _end_hand(self, side, points):
        self.score[side] += points
        self.hands_played += 1
        if max(self.score) >= self.target:
            self.over = True
        else:
            self.dealer = self.nxt(self.dealer)
            self.need_deal = True

    def _envido_over(self, accepted):
        calls = self.env
        if accepted:
            if calls[-1] == "falta":
                worth = self.target - max(self.score)
            else:
                worth = sum(ENVIDO_WORTH[k] for k in calls)
            best = max(envido_points(self.dealt[p]) for p in range(self.n))
            nearest = next(q for q in ((self.mano + i) % self.n for i in range(self.n))
                           if envido_points(self.dealt[q]) == best)
            self.score[self.side(nearest)] += worth
        else:
            before = sum(ENVIDO_WORTH[k] for k in calls[:-1])
            self.score[self.side(self.env_caller)] += max(1, before)
        self.env = None
        if max(self.score) >= self.target:
            self.over = True

    def apply(self, move):
        name, card = move
        p = self.to_move()
        if self.env is not None:
            if name == "accept":
                self._envido_over(True)
            elif name == "refuse":
                self._envido_over(False)
            else:
                self.env.append({"raise_envido": "envido", "raise_real_envido": "real",
                                 "raise_falta_envido": "falta"}[name])
                self.env_caller = p
            return
        if name in ("envido", "real_envido", "falta_envido"):
            self.calls["envido"] += 1
            if self.truco_caller is not None:
                self.calls["envido_first"] += 1
            self.envido_done = True
            self.env = [{"envido": "envido", "real_envido": "real", "falta_envido": "falta"}[name]]
            self.env_caller = p
            return
        if self.truco_caller is not None:
            if name == "accept":
                self.level_accepted(p)
            elif name == "refuse":
                self.calls["refusal"] += 1
                caller = self.truco_caller
                self.truco_caller = None
                self._end_hand(self.side(caller), self.value)
            else:                                   # raise back: accepts the call and raises it
                self.calls["raise_back"] += 1
                self.value = self.level + 1
                self.level += 1
                self.truco_caller = p
            return
        if name == "truco":
            self.calls["truco"] += 1
            self.level += 1
            self.truco_caller = p
        elif name == "fold":
            self._end_hand(1 - self.side(p), self.value)
        else:
            self.hands[p].remove(card)
            self.table[p] = card
            self.pos += 1
            if self.pos == self.n:
                self._finish_trick()

    def level_accepted(self, p):
        self.value = self.level + 1
        self.holder = self.side(p)
        self.truco_caller = None

    def _finish_trick(self):
        top = max(truco_power(c) for c in self.table.values())
        best = [q for q in self.order if truco_power(self.table[q]) == top]
        sides = {self.side(q) for q in best}
        if len(sides) == 1:
            self.results.append(self.side(best[0]))
            self.leader = best[0]
        else:
            self.calls["parda"] += 1
            self.results.append(-1)
        self.order = [(self.leader + i) % self.n for i in range(self.n)]
        self.pos = 0
        self.table = {}
        won = hand_result(self.results, self.side(self.mano))
        if won is not None:
            self._end_hand(won, self.value)

    def check(self, s):
        if self.need_deal and not G.is_over(s):
            assert var(s, "dealer") == self.dealer
            self._start_hand(s)
        assert list(var(s, "score")) == self.score, (var(s, "score"), self.score)
        if G.is_over(s):
            return
        hands = [_names(s, h) for h in _zone(s, "hand")]
        assert [sorted(h) for h in hands] == [sorted(h) for h in self.hands]
        assert {p: _names(s, t)[0] for p, t in enumerate(_zone(s, "table")) if t} == self.table
        for seat in range(self.n):
            _check_private_hands(s, seat)


def _weighted_choice(rng, legal, weights):
    w = [weights.get(a[0], 1.0) for a in legal]
    return rng.choices(legal, w)[0]


TRUCO_WEIGHTS = {"fold": 0.05, "refuse": 0.4, "play": 1.5}


def _truco_run(rules, players, seed, weights=TRUCO_WEIGHTS):
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = TrucoReferee(s, rules_target(s))
    steps = 0
    while not G.is_over(s):
        ref.check(s)
        every_card_once(s)
        assert not ref.over, "the referee's game is over, the engine's is not"
        assert G.current_player(s) == ref.to_move(), (G.current_player(s), ref.to_move())
        offered = _offered(s)
        assert len(offered) == len(set(offered))
        assert set(offered) == ref.offered(), (seed, steps, set(offered) ^ ref.offered())
        i = offered.index(_weighted_choice(rng, offered, weights))
        G.apply(s, G.legal_actions(s)[i])
        ref.apply(offered[i])
        steps += 1
    ref.check(s)
    assert ref.over
    result = G.result(s)
    assert result["scores"] == [ref.score[p % 2] for p in range(players)]
    assert result["winners"] == [p for p in range(players) if ref.score[p % 2] >= ref.target]
    return s, ref


def rules_target(s):
    return var(s, "target") if "target" in s.rules.vars else 30


@pytest.mark.parametrize("players", [2, 4])
def test_truco_referee(players):
    rules = _load("truco")
    totals = {}
    for seed in range(60 if players == 2 else 40):
        _, ref = _truco_run(rules, players, seed)
        for k, v in ref.calls.items():
            totals[k] = totals.get(k, 0) + v
    # the sweep reached every kind of call and outcome
    assert all(v > 0 for v in totals.values()), totals


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 4])
def test_truco_referee_soak(players):
    rules = _load("truco")
    for seed in range(100, 1100):
        _truco_run(rules, players, seed)


# -- Sueca -------------------------------------------------------------------------------------------

SUECA_ORDER = ["2", "3", "4", "5", "6", "Q", "J", "K", "7", "A"]
SUECA_POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}


def sueca_points(cards):
    return sum(SUECA_POINTS.get(_rank(c), 0) for c in cards)


def sueca_game_points(points, tricks):
    if points <= 60:
        return 0
    if tricks == 10:
        return 4
    return 2 if points >= 91 else 1


class SuecaReferee:
    """Sueca by hand.  Play goes to the right: seat p's right-hand neighbour is p - 1."""

    def __init__(self, s, target=4):
        self.target = target
        self.score = [0, 0]
        self.dealer = var(s, "dealer")
        self.over = False
        self.hands_played = 0
        self.bonus = {1: 0, 2: 0, 4: 0, "tie": 0}
        self._start_hand(s)

    def _start_hand(self, s):
        self.hands = [_names(s, h) for h in _zone(s, "hand")]
        assert all(len(h) == 10 for h in self.hands)
        # the trump card is the one card of the dealer's hand every other seat sees
        shown = {tuple(_names(s, G.observation(s, q)["zones"]["hand"][self.dealer]))
                 for q in range(4) if q != self.dealer}
        assert len(shown) == 1
        (shown,) = shown
        assert len(shown) == 1 and shown[0] in self.hands[self.dealer]
        self.trump_card = shown[0]
        self.trumps = _suit(shown[0])
        self.leader = (self.dealer - 1) % 4
        self.trick = []
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.need_deal = False

    def to_move(self):
        return (self.leader - len(self.trick)) % 4

    def offered(self):
        hand = self.hands[self.to_move()]
        if self.trick:
            led = _suit(self.trick[0][1])
            same = [c for c in hand if _suit(c) == led]
            if same:
                return {("play", c) for c in same}
        return {("play", c) for c in hand}

    def apply(self, move):
        p = self.to_move()
        self.hands[p].remove(move[1])
        self.trick.append((p, move[1]))
        if len(self.trick) < 4:
            return
        led = _suit(self.trick[0][1])
        trumps = [(q, c) for q, c in self.trick if _suit(c) == self.trumps]
        contenders = trumps or [(q, c) for q, c in self.trick if _suit(c) == led]
        winner = max(contenders, key=lambda qc: SUECA_ORDER.index(_rank(qc[1])))[0]
        self.points[winner % 2] += sueca_points([c for _, c in self.trick])
        self.tricks[winner % 2] += 1
        self.leader = winner
        self.trick = []
        if sum(self.tricks) == 10:
            assert sum(self.points) == 120
            for t in (0, 1):
                gp = sueca_game_points(self.points[t], self.tricks[t])
                self.score[t] += gp
                if gp:
                    self.bonus[gp] += 1
            if self.points == [60, 60]:
                self.bonus["tie"] += 1
            self.hands_played += 1
            if max(self.score) >= self.target:
                self.over = True
            else:
                self.dealer = (self.dealer - 1) % 4
                self.need_deal = True

    def check(self, s):
        if self.need_deal and not G.is_over(s):
            assert var(s, "dealer") == self.dealer
            self._start_hand(s)
        team_score = list(var(s, "score"))
        assert team_score == self.score, (team_score, self.score)
        if G.is_over(s):
            return
        assert [sorted(_names(s, h)) for h in _zone(s, "hand")] == [sorted(h) for h in self.hands]
        assert _names(s, _zone(s, "trick")) == [c for _, c in self.trick]
        shown = [self.trump_card] if self.trump_card in self.hands[self.dealer] else []
        for seat in range(4):
            _check_private_hands(s, seat, shown if seat != self.dealer else ())
            obs = G.observation(s, seat)["zones"]
            assert _names(s, obs["trick"]) == [c for _, c in self.trick]
            assert all(part == [] for part in obs["won"])


def _sueca_run(rules, seed, deck=None):
    rng = random.Random(seed)
    s = G.new_game(rules, 4, seed, deck=deck)
    ref = SuecaReferee(s)
    while not G.is_over(s):
        ref.check(s)
        every_card_once(s)
        assert not ref.over
        assert G.current_player(s) == ref.to_move()
        offered = _offered(s)
        assert set(offered) == ref.offered() and len(offered) == len(set(offered))
        i = rng.randrange(len(offered))
        G.apply(s, G.legal_actions(s)[i])
        ref.apply(offered[i])
    ref.check(s)
    assert ref.over
    result = G.result(s)
    assert result["scores"] == [ref.score[p % 2] for p in range(4)]
    assert result["winners"] == [p for p in range(4) if ref.score[p % 2] >= ref.target]
    return s, ref


def test_sueca_referee():
    rules = _load("sueca")
    bonus = {}
    for seed in range(60):
        _, ref = _sueca_run(rules, seed)
        for k, v in ref.bonus.items():
            bonus[k] = bonus.get(k, 0) + v
    assert bonus[1] > 0 and bonus[2] > 0, bonus


def test_sueca_deal_and_trump_from_a_stacked_pack():
    """Dealt one at a time to the right from the dealer's right: card i goes to seat -1 - i; the
    fortieth and last card is the dealer's and names trumps."""
    rules = _load("sueca")
    rng = random.Random(7)
    for _ in range(20):
        deck = rules.deck(4)[:]
        rng.shuffle(deck)
        s = G.new_game(rules, 4, 0, deck=deck)
        dealer = var(s, "dealer")
        expected = [[] for _ in range(4)]
        for i, c in enumerate(deck):
            expected[(dealer - 1 - i) % 4].append(_n(s, c))
        assert [sorted(_names(s, h)) for h in _zone(s, "hand")] == [sorted(h) for h in expected]
        symbols = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
        assert symbols[var(s, "trumps")] == _suit(_n(s, deck[-1]))
        assert G.current_player(s) == (dealer - 1) % 4
        for q in (1, 2, 3):
            assert _names(s, G.observation(s, q)["zones"]["hand"][dealer]) == [_n(s, deck[-1])]


@pytest.mark.soak
def test_sueca_referee_soak():
    rules = _load("sueca")
    for seed in range(100, 700):
        _sueca_run(rules, seed)


# -- explain -----------------------------------------------------------------------------------------

def test_a_filter_on_the_players_team_reads_as_whose_team():
    """`filter(players, p => score[team_of(p)] >= target)` (the winners of a partnership game) read
    'the players for which the *score* of the team of it is ...'."""
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"score": "player"}, zones={"hand": "player"}, options={"target"})
    assert words("filter(players, p => score[team_of(p)] >= target)", lex) == \
        "the players whose team's *score* is at least the *target*"
    assert words("team_of(dealer)", lex) == "the team of the dealer"


@pytest.mark.parametrize("name, count", [("truco", 7), ("sueca", 4)])
def test_the_worked_hands_pass_rules_test(name, count):
    from tests.helpers import run_cli
    out = run_cli("test", str(HERE / f"{name}.scenario.yaml"))
    assert out.returncode == 0 and f"{count} scenario(s): {count} passed, 0 failed" in out.stdout, \
        out.stdout + out.stderr


# -- messages ----------------------------------------------------------------------------------------

def _diagnostics_of(tmp_path, text):
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "game.yaml"
    path.write_text(text)
    return load_ruleset(str(path), {}).diagnostics


_SMALL = """
name: Small
players: {count: 2}
pack: {ranks: ["2", "3", "4"], suits: [hearts, spades]}
zones:
  stock: {}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
hand:
  - gather: {from: [hand, pile], to: stock}
  - deal: {from: stock, to: hand, count: 3}
  - turns:
      first: 0
      next: left_of(current)
      until: count(hand[current]) == 0
      do:
        - choose:
            player: current
            moves:
              play:
                options: hand[current]
                as: c
                do:
                  - move: {cards: MOVED, to: pile}
end: {after_hand: true, winners: "[0]"}
"""


def test_card_written_for_the_chosen_card_names_the_local_given_with_as(tmp_path):
    """A designer who writes `card` for the card a move chose (as: c) was told only that card is a
    function; the hint now names the local."""
    found = _diagnostics_of(tmp_path, _SMALL.replace("MOVED", "card"))
    assert len(found) == 1 and "'card' is a function" in found[0].message
    assert found[0].hint == "the card given here with 'as:' is called 'c'; card(rank, suit) makes a card"
    assert not _diagnostics_of(tmp_path, _SMALL.replace("MOVED", "c"))
    # with no card of its own in reach, no such hint
    found = _diagnostics_of(tmp_path, _SMALL.replace("MOVED", "card").replace("as: c", "as: x")
                            .replace("options: hand[current]", "options: range(1, 2)"))
    assert found and not (found[0].hint or "").startswith("the card given")


def test_an_item_at_a_written_position_reads_as_an_ordinal():
    """`results[0]` read 'the item at position 0 of the *results* (counting from 0)'; Truco's rule for
    the winner of the hand reads each trick's result several times over."""
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"results": None, "k": None}, zones={"trick": None})
    assert words("results[0] == results[1]", lex) == "the first item of the *results* is the second item of the *results*"
    assert words("trick[2]", lex) == "the third card of *trick*"
    assert words("results[k]", lex) == "the item at the position given by the *k* in the *results* (counting from 0)"


def test_simulate_does_not_report_zero_turns_for_a_game_of_choices_only():
    """Truco's play is all choose: steps (calls come between card plays), which count no turns: the
    summary said '0.00 turns (sd 0.00)', as if nothing had been played."""
    from tests.helpers import run_cli
    out = run_cli("simulate", str(HERE / "truco.yaml"), "-n", "3", "--seed", "1")
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("per game:"))
    assert "turns" not in line and "hands (sd" in line
    out = run_cli("simulate", str(HERE / "sueca.yaml"), "-n", "2", "--seed", "1")
    line = next(x for x in out.stdout.splitlines() if x.startswith("per game:"))
    assert "40.00 turns" in line or "turns (sd" in line


# -- end_hand ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variant", ["truco-cut", "truco-turns"])
def test_end_hand_plays_the_same_games_as_flags_tested_by_every_step(players, variant):
    """truco-cut.yaml ends a hand with end_hand (a refusal, a fold, a decided hand) where truco.yaml
    sets a flag that every later step tests (truco-turns.yaml: each trick a turns: block, left in
    the middle of a turn): the same seeds and choices give the same games, move for move, and the
    referee follows the end_hand version too."""
    flags, cut = _load("truco"), _load(variant)
    for seed in range(15):
        rng = random.Random(seed)
        a, b = G.new_game(flags, players, seed), G.new_game(cut, players, seed)
        while not G.is_over(a):
            assert not G.is_over(b)
            assert G.legal_actions(a) == G.legal_actions(b)
            assert G.current_player(a) == G.current_player(b)
            assert var(a, "score") == var(b, "score") and a.hand_no == b.hand_no
            action = _weighted_choice(rng, G.legal_actions(a), TRUCO_WEIGHTS)
            G.apply(a, action)
            G.apply(b, action)
        assert G.is_over(b) and G.result(a)["scores"] == G.result(b)["scores"]
        assert G.result(a)["winners"] == G.result(b)["winners"]
    for seed in range(10):
        _truco_run(cut, players, seed)


_CUT_TRICKS = """
name: Cut tricks
players: {count: 2}
pack: {ranks: [J, Q, K, A], suits: [hearts, spades]}
orders: {plain: [J, Q, K, A]}
zones:
  stock: {}
  hand: {per: player, visibility: owner}
  trick: {visibility: public}
  won: {per: player}
state:
  score: {per: player, initial: 0}
  cuts: {initial: 0}
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - deal: {from: stock, to: hand, count: 4}
  - tricks:
      hand: hand
      trick: trick
      order: plain
      collect: won[winner]
      after_trick:
        - add: {"score[winner]": 1}
        - if: Q♠ in trick
          then:
            - add: {cuts: 1}
            - end_hand: {when: "hand_number < 3"}
  - add: {"score[0]": 100}
end:
  after_hand: hand_number >= 3
  winners: argmax(players, p => score[p])
  score: score[p]
"""


def test_end_hand_in_a_trick_hook_skips_the_rest_of_the_hand(tmp_path):
    """The trick with the Q♠ ends the hand (in hands 1 and 2): no more tricks and not the +100 after
    the tricks block; the next hand is dealt by the hand's own steps; in hand 3 the hand runs out."""
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "cut.yaml"
    path.write_text(_CUT_TRICKS)
    loaded = load_ruleset(str(path), {})
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    rules = loaded.rules
    for seed in range(30):
        for log in (False, True):
            s = G.new_game(rules, 2, seed, log=log)
            rng = random.Random(seed)
            tricks_in_hand = {}
            while not G.is_over(s):
                tricks_in_hand[s.hand_no] = tricks_in_hand.get(s.hand_no, 0)
                before = s.tricks
                every_card_once(s)
                legal = G.legal_actions(s)
                hand = s.hand_no
                G.apply(s, legal[rng.randrange(len(legal))])
                tricks_in_hand[hand] += s.tricks - before
            assert s.hand_no == 3
            assert var(s, "cuts") >= 2
            total = sum(var(s, "score"))
            # +100 only in hand 3; one point a trick
            assert total == 100 + sum(tricks_in_hand.values()), (seed, tricks_in_hand, var(s, "score"))
            assert tricks_in_hand[3] == 4
            if log:
                for hand in (1, 2):
                    events = [e for e in s.events if e.get("hand") == hand and e["event"] in ("trick", "end_hand")]
                    assert events[-1]["event"] == "end_hand" and "Q♠" in events[-2]["cards"]
                    assert not any("Q♠" in e["cards"] for e in events[:-2])
                    assert len(events) - 1 == tricks_in_hand[hand]
    # through the CLI's simulate (decisions answered in place) and its game log
    from tests.helpers import run_cli
    out = run_cli("simulate", str(path), "-n", "20", "--seed", "1")
    assert out.returncode == 0, out.stderr
    out = run_cli("explain", str(path))
    assert "The hand ends at once if the number of the hand is less than 3: its steps left are skipped." in out.stdout


def test_end_hand_in_the_setup_is_an_error(tmp_path):
    text = _CUT_TRICKS.replace("hand:\n  - gather", "setup:\n  - end_hand: {}\nhand:\n  - gather")
    found = _diagnostics_of(tmp_path, text)
    assert any("'end_hand' ends a hand, and the setup steps run before the first hand" in d.message
               for d in found), [d.message for d in found]


def test_explain_reads_a_loop_left_only_by_end_hand():
    """`repeat: {while: true}` (left by an end_hand) read 'Repeat while yes:'."""
    from tests.helpers import run_cli
    out = run_cli("explain", str(HERE / "truco-cut.yaml"))
    assert out.returncode == 0
    assert "5. Repeat until a step ends the hand or the game:" in out.stdout and "while yes" not in out.stdout
    assert out.stdout.count("The hand ends at once: its steps left are skipped.") == 3


def test_a_winner_rule_that_gives_none_for_a_tie_is_told_how_to_keep_a_tie():
    """A tied trick (Truco's parda) is first written as a winner rule giving none; the message said
    only that a seat is needed."""
    from interpreter.ruleset.loader import load_ruleset
    rules = load_ruleset(str(HERE / "broken-tie-winner.yaml"), {}).rules
    with pytest.raises(G.GameError) as err:
        for seed in range(20):
            s = G.new_game(rules, 2, seed)
            while not G.is_over(s):
                G.apply(s, G.legal_actions(s)[0])
    text = str(err.value)
    assert "winner rule gave none, not a player" in text
    assert "a trick that nobody wins (a tie) still goes to a player, who leads next" in text


def test_a_next_dealer_that_is_no_seat_is_reported_at_dealer_next():
    """`dealer: next: dealer - 1` (to the right, as Sueca deals) gave -1 after seat 0: the games went
    on with the dealer -1, -2, ... (hand[-1] read from the end of the seats) until a read of hand[-5]
    failed far from the mistake.  The next dealer must be a seat, and the message is at dealer: next."""
    from tests.helpers import run_cli
    out = run_cli("validate", str(HERE / "broken-dealer-next.yaml"))
    text = out.stdout + out.stderr
    assert out.returncode == 1 and "1 error(s)" in text, text
    assert "dealer: next gave -1, not a seat from 0 to 3" in text and "next: dealer - 1\n" in text, text


def test_a_lead_that_is_no_seat_is_reported_at_the_lead():
    """`lead: dealer - 1` gave -1 when seat 0 dealt: the players asked went round the table, but the
    block's `leader` read -1 for the rules.  The lead must be a seat, as the next dealer must."""
    from tests.helpers import run_cli
    out = run_cli("validate", str(HERE / "broken-lead.yaml"))
    text = out.stdout + out.stderr
    assert out.returncode == 1 and "the tricks' lead: gave -1, not a seat from 0 to 3" in text, text
    assert "lead: dealer - 1\n" in text
