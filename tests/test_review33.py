"""Correctness on two games the engine had never seen, written from the docs only
(tests/rulesets_review33/, each says at its top what game it is and which rules it keeps):
Schotten Totten (a claim that must be proved against every card not yet on the table, nine stones
with a side per player each, a win on five stones or three side by side) and Kings in the Corner
(eight foundation piles of two kinds, building down in alternating colours, moving a whole pile onto
another, first out wins, penalty points for the cards left).

Battle Line (the same game with ten values and a hand of seven) is a variant of Schotten Totten written
with extends.

Referees written here from the rules (sharing no code with the engine) follow seeded random games move
by move: the player to move, the exact set of moves offered, every card in exactly one place, and the
outcome.  Scripted deals and `rules test` scenarios check the cases worked out by hand in the comments.
Also the fixes this review made: a variable of kind any holding an entry of objects, sum joining lists,
a mid-game score made of hidden cards in `rules play`, and phrasing of explain.
"""
from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import every_card_once, legal_texts, load_from, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review33"


def _load(name, **options):
    return load_from(HERE, name, **options)


# -- Schotten Totten -----------------------------------------------------------------------------------

COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"]
ST_PACK = [f"{v}/{c}" for c in COLOURS for v in range(1, 10)]


def _vc(name):
    v, c = name.split("/")
    return int(v), c


def formation(cards):
    """(kind, sum): kind 4 colour run, 3 three of a kind, 2 colour, 1 run, 0 sum."""
    vs = sorted(_vc(c)[0] for c in cards)
    colour = len({_vc(c)[1] for c in cards}) == 1
    run = vs[1] == vs[0] + 1 and vs[2] == vs[1] + 1
    kind = 4 if colour and run else 3 if vs[0] == vs[2] else 2 if colour else 1 if run else 0
    return kind, sum(vs)


_TRIPLES = {}


def _triples(pack):
    """Every three cards of the pack, strongest first, and those holding each card."""
    key = tuple(pack)
    if key not in _TRIPLES:
        every = sorted(((formation(t), frozenset(t)) for t in combinations(pack, 3)), key=lambda x: x[0],
                       reverse=True)
        _TRIPLES[key] = every, {c: [t for t in every if c in t[1]] for c in pack}
    return _TRIPLES[key]


def can_beat(partial, unseen, target, pack=ST_PACK):
    """Whether some three cards made of `partial` and cards of `unseen` form something stronger than
    `target` (a (kind, sum))."""
    every, by_card = _triples(pack)
    pool = by_card[partial[0]] if partial else every
    part = set(partial)
    for f, t in pool:
        if f <= target:
            return False
        if part <= t and (t - part) <= unseen:
            return True
    return False


class SchottenReferee:
    def __init__(self, s):
        self.hand = [list(_z(s, "hand", p)) for p in (0, 1)]
        self.stock = list(_z(s, "stock"))           # the last is the top
        self.side = [[[] for _ in range(10)] for _ in (0, 1)]   # side[p][k], k = 1..9
        self.claimed = [None] * 10
        self.first_full = [None] * 10
        self.turn = (_v(s, "dealer") + 1) % 2
        self.phase = None
        self.over = False
        self.winners = None
        self.size = len(self.hand[0])
        self.pack = [f"{v}/{c}" for c in COLOURS for v in range(1, len(s.rules.data["pack"]["ranks"]) + 1)]
        self.begin_turn()

    # the rules
    def free(self, p, k):
        return self.claimed[k] is None and len(self.side[p][k]) < 3

    def can_play(self, p):
        return bool(self.hand[p]) and any(self.free(p, k) for k in range(1, 10))

    def beats(self, p, k):
        a, b = formation(self.side[p][k]), formation(self.side[1 - p][k])
        return a > b or (a == b and self.first_full[k] == p)

    def on_table(self):
        return {c for p in (0, 1) for k in range(1, 10) for c in self.side[p][k]}

    def claimable(self, p, k):
        if self.claimed[k] is not None or len(self.side[p][k]) < 3:
            return False
        if len(self.side[1 - p][k]) == 3:
            return self.beats(p, k)
        unseen = set(self.pack) - self.on_table()
        return not can_beat(self.side[1 - p][k], unseen, formation(self.side[p][k]), self.pack)

    def claims(self):
        return [k for k in range(1, 10) if self.claimable(self.turn, k)]

    def won(self, p):
        mine = [self.claimed[k] == p for k in range(1, 10)]
        return sum(mine) >= 5 or any(all(mine[i:i + 3]) for i in range(7))

    # the flow
    def begin_turn(self):
        if self.can_play(self.turn):
            self.phase = "play"
        else:
            self.after_play()

    def after_play(self):
        if self.claims():
            self.phase = "claim"
        else:
            self.end_turn()

    def end_turn(self):
        p = self.turn
        if self.stock and len(self.hand[p]) < self.size:
            self.hand[p].append(self.stock.pop())
        if not self.can_play(0) and not self.can_play(1):
            for k in range(1, 10):
                if self.claimed[k] is None:
                    full = [len(self.side[q][k]) == 3 for q in (0, 1)]
                    if all(full):
                        self.claimed[k] = 0 if self.beats(0, k) else 1
                    elif any(full):
                        self.claimed[k] = full.index(True)
            n = [self.claimed.count(q) for q in (0, 1)]
            self.over, self.winners = True, [q for q in (0, 1) if n[q] == max(n)]
            return
        self.turn = 1 - p
        self.begin_turn()

    def offered(self):
        p = self.turn
        if self.phase == "play":
            return sorted(self.hand[p])
        if self.phase == "to":
            return sorted(f"to stone{k}" for k in range(1, 10) if self.free(p, k))
        return sorted([f"claim stone{k}" for k in self.claims()] + ["stop"])

    def apply(self, text):
        p = self.turn
        if self.phase == "play":
            self.playing, self.phase = text, "to"
        elif self.phase == "to":
            k = int(text.removeprefix("to stone"))
            self.hand[p].remove(self.playing)
            self.side[p][k].append(self.playing)
            if len(self.side[p][k]) == 3 and self.first_full[k] is None:
                self.first_full[k] = p
            self.after_play()
        elif text == "stop":
            self.end_turn()
        else:
            k = int(text.removeprefix("claim stone"))
            self.claimed[k] = p
            if self.won(p):
                self.over, self.winners = True, [p]
            elif not self.claims():
                self.end_turn()

    def check(self, s):
        for p in (0, 1):
            assert sorted(_z(s, "hand", p)) == sorted(self.hand[p])
            for k in range(1, 10):
                assert _z(s, "side", f"side{p}_{k}") == self.side[p][k], (p, k)
        assert _z(s, "stock") == self.stock
        assert [_v(s, "claimed")[f"stone{k}"] for k in range(1, 10)] == self.claimed[1:]


def _drive(rules, seed, referee_class, players=2):
    rng = random.Random(seed)
    s = G.new_game(rules, players, seed)
    ref = referee_class(s)
    moves = 0
    while not G.is_over(s):
        assert not ref.over
        ref.check(s)
        every_card_once(s)
        assert G.current_player(s) == ref.turn
        texts = legal_texts(s)
        assert sorted(texts) == ref.offered(), (moves, sorted(set(texts) ^ set(ref.offered())))
        i = rng.randrange(len(texts))
        G.apply(s, G.legal_actions(s)[i])
        ref.apply(texts[i])
        moves += 1
    assert ref.over
    ref.check(s)
    every_card_once(s)
    return s, ref, moves


@pytest.mark.parametrize("chunk", range(4))
def test_schotten_totten_random_games_agree_with_the_referee(chunk):
    rules = _load("schotten-totten")
    for seed in range(chunk * 25, chunk * 25 + 25):
        s, ref, _ = _drive(rules, seed, SchottenReferee)
        result = G.result(s)
        assert result["winners"] == ref.winners, seed
        assert result["scores"] == [ref.claimed.count(0), ref.claimed.count(1)]


def test_battle_line_random_games_agree_with_the_referee():
    # the variant changes the pack, a point value, an option and three definitions through extends
    rules = _load("battle-line")
    assert len(rules.deck(2)) == 60
    for seed in range(30):
        s, ref, _ = _drive(rules, seed, SchottenReferee)
        assert ref.size == 7
        assert G.result(s)["winners"] == ref.winners, seed


@pytest.mark.soak
def test_schotten_totten_random_games_agree_with_the_referee_soak():
    rules = _load("schotten-totten")
    for seed in range(100, 600):
        s, ref, _ = _drive(rules, seed, SchottenReferee)
        assert G.result(s)["winners"] == ref.winners, seed


def _st_game(hand1, hand0, rest=()):
    """Seat 0 deals; seat 1 (first to play) is dealt hand1, seat 0 hand0; `rest` are the next draws."""
    from tests.scripted import deal_order
    return S.stacked_game(_load("schotten-totten"), 2, deal_order({1: hand1, 0: hand0}, [1, 0], rest))


def _st_play(s, who, card, stone):
    assert G.current_player(s) == who
    assert card in legal_texts(s)
    S.play(s, card)
    S.play(s, ("to", f"stone{stone}"))


def test_schotten_totten_a_proof_counts_the_cards_in_the_claimants_own_hand_as_unseen():
    # seat 1 makes a red 5-6-7 at stone 4; seat 0 holds the blue 8 and 9 there and needs the blue 7,
    # which seat 1 holds: only the cards on the table prove anything, so no claim yet
    s = _st_game(["5/red", "6/red", "7/red", "7/blue", "1/green", "1/yellow"],
                 ["8/blue", "9/blue", "2/green", "3/yellow", "4/purple", "2/orange"])
    _st_play(s, 1, "5/red", 4)
    _st_play(s, 0, "8/blue", 4)
    _st_play(s, 1, "6/red", 4)
    _st_play(s, 0, "9/blue", 4)
    _st_play(s, 1, "7/red", 4)
    assert G.current_player(s) == 0 and "stop" not in legal_texts(s)     # no claim was offered
    _st_play(s, 0, "2/green", 1)
    # seat 1 lays the blue 7 on the table: now nothing left can beat the red run at stone 4
    _st_play(s, 1, "7/blue", 5)
    assert sorted(legal_texts(s)) == ["claim stone4", "stop"]
    S.play(s, ("claim", "stone4"))
    assert _v(s, "claimed")["stone4"] == 1
    assert G.current_player(s) == 0


def test_schotten_totten_equal_formations_go_to_who_completed_first():
    # both make 1-2-4 of mixed colours (a sum of 7) at stone 6; seat 1 completes first.  Before seat 0
    # completes, a run 1-2-3 is still possible for it, so seat 1 cannot claim; after it, seat 1 can and
    # seat 0 never can
    s = _st_game(["1/red", "2/orange", "4/yellow", "9/red", "9/orange", "9/yellow"],
                 ["1/green", "2/blue", "4/purple", "8/red", "8/orange", "8/yellow"])
    _st_play(s, 1, "1/red", 6)
    _st_play(s, 0, "1/green", 6)
    _st_play(s, 1, "2/orange", 6)
    _st_play(s, 0, "2/blue", 6)
    _st_play(s, 1, "4/yellow", 6)
    assert G.current_player(s) == 0 and "stop" not in legal_texts(s)
    _st_play(s, 0, "4/purple", 6)
    assert G.current_player(s) == 1 and "stop" not in legal_texts(s)
    _st_play(s, 1, "9/red", 1)
    assert sorted(legal_texts(s)) == ["claim stone6", "stop"]


def test_schotten_totten_three_stones_side_by_side_win_at_once():
    # seat 1 completes colour runs at stones 3, 4 and 5 (nothing can beat 7-8-9 of a colour, and
    # equal runs go to who completed first); claiming the third ends the game
    h1 = ["7/red", "8/red", "9/red", "7/orange", "8/orange", "9/orange"]
    h0 = ["1/red", "2/orange", "3/yellow", "1/green", "2/blue", "3/purple"]
    s = _st_game(h1, h0, rest=["7/yellow", "1/orange", "8/yellow", "2/red", "9/yellow", "3/green"])
    for i in range(3):
        _st_play(s, 1, h1[i], 3)
        _st_play(s, 0, h0[i], 7) if i < 2 else None
    assert legal_texts(s) == ["claim stone3", "stop"]
    S.play(s, ("claim", "stone3"))
    _st_play(s, 0, h0[2], 7)                 # the claim ended seat 1's turn (nothing else to claim)
    for i in range(3):
        _st_play(s, 1, h1[3 + i], 4)
        if i == 2:
            S.play(s, ("claim", "stone4"))
            assert not G.is_over(s)
        _st_play(s, 0, h0[3 + i], 8)
    for mine, theirs in (("7/yellow", "1/orange"), ("8/yellow", "2/red")):
        _st_play(s, 1, mine, 5)
        _st_play(s, 0, theirs, 9)
    _st_play(s, 1, "9/yellow", 5)
    S.play(s, ("claim", "stone5"))
    assert G.is_over(s) and G.result(s)["winners"] == [1]
    assert G.result(s)["scores"] == [0, 3]


# -- Kings in the Corner -------------------------------------------------------------------------------

KC_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SIDES = ["north", "east", "south", "west"]
CORNERS = ["northeast", "southeast", "southwest", "northwest"]


def _kc(name):
    """(rank 1..13, is red) of a card name such as 10♥."""
    return KC_RANKS.index(name[:-1]) + 1, name[-1] in "♥♦"


def kc_goes_on(card, pile, place):
    """Whether `card` may be put on `pile` (a list, bottom first) lying at `place`."""
    if not pile:
        return place in SIDES or _kc(card)[0] == 13
    (r, red), (tr, tred) = _kc(card), _kc(pile[-1])
    return r == tr - 1 and red != tred


class KingsReferee:
    def __init__(self, s):
        self.n = s.n
        self.hand = [list(_z(s, "hand", p)) for p in range(s.n)]
        self.stock = list(_z(s, "stock"))
        self.piles = {k: list(_z(s, "pile", k)) for k in SIDES + CORNERS}
        self.turn = (_v(s, "dealer") + 1) % s.n
        self.phase, self.played, self.idle = "main", False, 0
        self.over, self.winners = False, None
        # the deal: seven cards each, four sides turned up, and the first player has drawn one
        assert sorted(len(h) for h in self.hand) == sorted([8 if p == self.turn else 7 for p in range(s.n)])
        assert all(len(self.piles[k]) == 1 for k in SIDES) and not any(self.piles[k] for k in CORNERS)

    def shifts(self, a, b):
        src, dst = self.piles[a], self.piles[b]
        if a == b or not src:
            return False
        if dst:
            return kc_goes_on(src[0], dst, b)
        return b in CORNERS and a in SIDES and _kc(src[0])[0] == 13

    def offered(self):
        places = SIDES + CORNERS
        if self.phase == "on":
            return sorted(f"on {k}" for k in places if kc_goes_on(self.card, self.piles[k], k))
        if self.phase == "onto":
            return sorted(f"onto {b}" for b in places if self.shifts(self.lifted, b))
        plays = [c for c in self.hand[self.turn] if any(kc_goes_on(c, self.piles[k], k) for k in places)]
        shifts = [f"shift {a}" for a in places if any(self.shifts(a, b) for b in places)]
        return sorted(plays + shifts + ["done"])

    def apply(self, text):
        p = self.turn
        if self.phase == "on":
            self.hand[p].remove(self.card)
            self.piles[text[3:]].append(self.card)
            self.phase, self.played = "main", True
            if not self.hand[p]:
                self.over, self.winners = True, [p]
        elif self.phase == "onto":
            self.piles[text[5:]] += self.piles[self.lifted]
            self.piles[self.lifted] = []
            self.phase, self.played = "main", True
        elif text == "done":
            self.idle = 0 if self.played or self.stock else self.idle + 1
            if self.idle >= self.n:
                pen = [sum(10 if c[:-1] == "K" else 1 for c in h) for h in self.hand]
                self.over, self.winners = True, [q for q in range(self.n) if pen[q] == min(pen)]
                return
            self.turn, self.played = (p + 1) % self.n, False
            if self.stock:
                self.hand[self.turn].append(self.stock.pop())
        elif text.startswith("shift "):
            self.lifted, self.phase = text[6:], "onto"
        else:
            self.card, self.phase = text, "on"

    def penalties(self):
        return [sum(10 if c[:-1] == "K" else 1 for c in h) for h in self.hand]

    def check(self, s):
        for p in range(self.n):
            assert sorted(_z(s, "hand", p)) == sorted(self.hand[p])
        for k, pile in self.piles.items():
            assert _z(s, "pile", k) == pile, (k, _z(s, "pile", k), pile)     # in order, bottom first
        assert _z(s, "stock") == self.stock


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kings_in_the_corner_random_games_agree_with_the_referee(players):
    rules = _load("kings-corner")
    shifted = 0
    for seed in range(40):
        s, ref, _ = _drive(rules, seed, KingsReferee, players)
        result = G.result(s)
        assert result["winners"] == ref.winners, seed
        assert result["scores"] == ref.penalties()
        shifted += sum(len(p) > 1 and _kc(p[0])[0] == 13 for p in ref.piles.values())
    assert shifted > 0


@pytest.mark.soak
def test_kings_in_the_corner_random_games_agree_with_the_referee_soak():
    rules = _load("kings-corner")
    for players in (2, 3, 4):
        for seed in range(40, 240):
            s, ref, _ = _drive(rules, seed, KingsReferee, players)
            assert G.result(s)["winners"] == ref.winners, seed


# -- a variable of kind any holding an entry of objects -------------------------------------------------

_ANY_ENTRY = """
name: Any Entry
players: {count: 2}
pack: {ranks: ["1", "2"], suits: [red]}
objects:
  piles:
    - {name: left, kind: side, size: 1}
    - {name: right, kind: corner, size: 2}
zones:
  stock: {}
  pile: {per: piles, visibility: public}
state:
  chosen: {type: any, initial: none, scope: hand}
  seen: {type: text, initial: "'?'"}
  label: {type: text, initial: "'?'"}
  big: {initial: 0}
hand:
  - choose:
      player: 0
      moves:
        pick:
          options: piles
          as: x
          do:
            - set: {chosen: x}
  - set: {seen: chosen.kind, label: chosen.name, big: "chosen.size * 10"}
end:
  after_hand: true
  winners: "[0]"
"""


def test_a_variable_of_kind_any_reads_the_fields_of_the_entry_it_holds(tmp_path):
    # a pile chosen in one move and used in the next is kept in a variable: the language has no type
    # for "an entry of piles", so `type: any`; reading its field used to fail to load with "a card has
    # no attribute 'kind'"
    path = tmp_path / "any-entry.yaml"
    path.write_text(_ANY_ENTRY)
    rules = load_from(tmp_path, path)
    s = G.new_game(rules, 2, 0)
    S.play(s, ("pick", "right"))
    assert G.is_over(s)
    assert (_v(s, "seen"), _v(s, "label"), _v(s, "big")) == ("corner", "right", 20)


def test_an_unknown_attribute_of_a_value_of_kind_any_names_the_fields_it_could_be(tmp_path):
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "any-entry.yaml"
    path.write_text(_ANY_ENTRY.replace("chosen.kind", "chosen.kin"))
    loaded = load_ruleset(str(path), {})
    text = "\n".join(d.format() for d in loaded.diagnostics)
    assert not loaded.ok and "did you mean 'kind'?" in text and "a card has no" not in text


# -- explain: phrasing found while reading the rules back -----------------------------------------------

def test_explain_brackets_an_or_that_is_the_value_of_a_choice():
    from interpreter.authoring.phrasing import words
    # fits(c, x) of Kings in the Corner: unbracketed, "x is side or c is K if x is empty, otherwise ..."
    # reads as x is side or (c is K if ...)
    assert words('(x == 1 or y == 2) if z == 0 else w == 3') == \
        "(*x* is 1 or *y* is 2) if *z* is 0, otherwise *w* is 3"


def test_explain_says_two_tests_compared_as_whether_one_differs_from_the_other():
    from interpreter.authoring.explain import explain
    text = explain(_load("kings-corner"))
    # red(c) != red(top) used to read "red holds for c is not red holds for the last card of ..."
    assert "whether red holds for *c* differs from whether red holds for the last card of *x*'s *pile*" in text
    assert "is not red holds" not in text


def test_the_worked_examples_pass_rules_test():
    from tests.helpers import run_cli
    for name, n in (("schotten-totten", 2), ("kings-corner", 2)):
        out = run_cli("test", str(HERE / f"{name}.scenario.yaml"))
        assert out.returncode == 0 and f"{n} scenario(s): {n} passed, 0 failed" in out.stdout, out.stdout + out.stderr


# -- sum joins lists ---------------------------------------------------------------------------------

@pytest.mark.parametrize("unseen", [
    "sum(players, p => hand[p]) + stock",
    "sum(map(players, p => hand[p])) + stock",
    # every card of the pack less those on the table
    "filter(sum(suits, s => map(ranks, r => card(r, s))), c => not any(sides, x => c in side[x]))",
])
def test_the_cards_off_the_table_written_for_any_number_of_hands(tmp_path, unseen):
    # `stock + hand[0] + hand[1]` names every seat; for a game of any number of players the cards in
    # all hands are sum(players, p => hand[p]) (+ joins two lists; sum used to refuse lists), and the
    # whole pack can be built from suits and ranks.  The same games are played.
    variant = tmp_path / "variant.yaml"
    variant.write_text(f"extends: {HERE / 'schotten-totten.yaml'}\nname: Variant\n"
                       f"define:\n  unseen: \"{unseen}\"\n")
    rules = load_from(tmp_path, variant)
    for seed in range(3):
        s, ref, _ = _drive(rules, seed, SchottenReferee)
        assert G.result(s)["winners"] == ref.winners


def test_explain_says_hands_joined_by_sum_as_cards(tmp_path):
    from interpreter.authoring.explain import explain
    variant = tmp_path / "variant.yaml"
    variant.write_text(f"extends: {HERE / 'schotten-totten.yaml'}\nname: Variant\n"
                       "define:\n  unseen: \"sum(players, p => hand[p]) + stock\"\n")
    text = explain(load_from(tmp_path, variant))
    assert "**unseen**: all the cards in the *hand* of the players together with *stock*" in text


def test_explain_says_a_seat_written_as_a_number_as_a_player():
    from interpreter.authoring.explain import explain
    text = explain(_load("schotten-totten"))
    # can_play(0) used to read "0 can play"
    assert "until not (player 0 can play) and not (player 1 can play):" in text


@pytest.mark.parametrize("change, where, wanted", [
    ("  lifted: {type: any,", "  lifted: {type: piles,",
     "hint: to hold one entry of piles, declare type: any; lifted.FIELD then reads that entry's fields"),
    ("  red(c): \"c.suit == hearts or c.suit == diamonds\"",
     "  red:\n    params: {c: card}\n    value: \"c.suit == hearts or c.suit == diamonds\"\n"
     "  far:\n    params: {x: piles}\n    value: \"x.kind == 'corner'\"",
     "hint: an entry of piles needs no kind: leave x out of params"),
])
def test_a_kind_that_names_an_object_collection_gets_a_hint(tmp_path, change, where, wanted):
    # `type: piles` used to be answered "did you mean 'players'?"
    from tests.helpers import run_cli
    text = (HERE / "kings-corner.yaml").read_text()
    assert change in text
    path = tmp_path / "kc.yaml"
    path.write_text(text.replace(change, where))
    out = run_cli("validate", str(path))
    assert out.returncode == 1 and wanted in out.stdout + out.stderr, out.stdout + out.stderr
    assert "did you mean 'players'" not in out.stdout + out.stderr


# -- rules play: a score made of hidden cards --------------------------------------------------------

def test_rules_play_does_not_show_a_score_made_of_cards_the_seat_cannot_see():
    # Kings in the Corner scores the penalty points of the cards in hand (10 for a King): shown mid-game,
    # the other players' scores told the human who holds a King.  Only the seat's own score shows.
    from interpreter.playtest.session import Session
    se = Session(_load("kings-corner"), players=3, seed=4, humans=(1,), bots=["random"])
    se.run_bots()
    s = se.state
    assert not s.over and G.current_player(s) == 1
    hidden = [c for p in (0, 2) for c in _z(s, "hand", p)] + _z(s, "stock")
    assert any(c.startswith("K") for c in hidden)
    own = sum(10 if c.startswith("K") else 1 for c in _z(s, "hand", 1))
    assert se.view(1)["scores"] == [None, own, None]
    # a score read from what everyone sees (stones claimed) still shows for every seat
    se = Session(_load("schotten-totten"), players=2, seed=4, humans=(1,), bots=["random"])
    se.run_bots()
    assert se.view(1)["scores"] == [0, 0]


def test_explain_reads_a_definition_named_with_at_as_a_phrase():
    from interpreter.authoring.explain import explain
    text = explain(_load("schotten-totten"))
    # side_at(p, k) used to read "the side at of (p, k)"
    assert "**mine(p, k)**: the *side* of the side at (*p*, *k*)" in text
    assert "the *claimed* of the stone at the number j is *p*" in text
    assert " at of " not in text


def test_a_variable_of_kind_any_reads_a_card_attribute_or_an_entry_field_of_the_same_name(tmp_path):
    # the entries have a field called rank: the variable reads it when it holds an entry, and the
    # card's rank when it holds a card
    text = (_ANY_ENTRY.replace("kind: side, size: 1", "kind: side, size: 1, rank: low")
            .replace("kind: corner, size: 2", "kind: corner, size: 2, rank: high")
            .replace("big: {initial: 0}", "big: {initial: 0}\n  other: {type: any, initial: none}\n"
                     "  ranks_read: {type: text, initial: \"'?'\"}")
            .replace("  - set: {seen: chosen.kind,",
                     "  - set: {other: \"first(stock)\"}\n"
                     "  - set: {ranks_read: \"chosen.rank + '/' + other.rank\"}\n"
                     "  - set: {seen: chosen.kind,"))
    path = tmp_path / "any-rank.yaml"
    path.write_text(text)
    rules = load_from(tmp_path, path)
    s = G.new_game(rules, 2, 0)
    first = s.rules.universe.names[S.zone(s, "stock")[0]]
    S.play(s, ("pick", "left"))
    assert _v(s, "ranks_read") == "low/" + first.split("/")[0]
