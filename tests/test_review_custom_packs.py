"""Correctness on games whose pack is not the French pack, written from the engine's docs only
(tests/rulesets_review26/, each says at its top what game it is and which rules it keeps):
Lost Cities (five colours of 2..10 and three wagers; one ascending column per player and colour, kept
as a zone per entry of an object collection; shared discard piles; a match of rounds) and Koi-Koi
(Hanafuda: twelve months of four cards, the kind of each card its rank; captures by month, yaku,
stop or koi-koi, doubling; a game of months).

Scripted deals: the moves offered and the outcome are worked out by hand in the comments.  Random
games: referees written here from the rules (sharing no code with the engine) follow every move:
the player to move, the exact set of moves offered, every zone's contents, and every score.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.scripted import every_card_once, load_from, var as _v

HERE = Path(__file__).resolve().parent / "rulesets_review26"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _name(s, cid):
    return s.rules.universe.names[cid]


def _rank(name):
    return name.rpartition("/")[0]


def _suit(name):
    return name.rpartition("/")[2]


def _zone(s, zone, owner=None):
    return list(S.zone(s, zone, owner))


def _check_seen(s, public):
    """Each seat sees its own hand and not the other's, nothing of the stock, all of the public zones."""
    for seat in range(s.n):
        seen = G.observation(s, seat)["zones"]
        assert seen["hand"][seat] == list(S.zone(s, "hand", seat))
        assert all(seen["hand"][p] == [] for p in range(s.n) if p != seat)
        assert seen["stock"] == []
        for zone in public:
            z = S.zone(s, zone)
            assert seen[zone] == ({k: list(v) for k, v in z.items()} if isinstance(z, dict) else
                                  [list(x) for x in z] if z and isinstance(z[0], list) else list(z))


# -- Lost Cities ---------------------------------------------------------------------------------------

COLOURS = ["yellow", "blue", "white", "green", "red"]


def _face(name):
    r = _rank(name)
    return 0 if r.startswith("W") else int(r)


def lost_cities_expedition_value(cards):
    """One expedition's score from the card names in it (the rule text, not the ruleset)."""
    if not cards:
        return 0
    wagers = sum(1 for c in cards if _face(c) == 0)
    value = (sum(_face(c) for c in cards) - 20) * (1 + wagers)
    return value + (20 if len(cards) >= 8 else 0)


class LostCitiesReferee:
    """Lost Cities by hand: hands, expeditions, discard piles and draw pile by card id."""

    def __init__(self, s, expedition_zone):
        self.s, self.names = s, s.rules.universe.names
        self.exp_zone = expedition_zone        # how the ruleset keeps the columns: by entry or by player
        self.scores = [0, 0]
        self.dealer = 0
        self.rounds = 0
        self.start_round()

    def start_round(self):
        s = self.s
        self.rounds += 1
        self.hands = [sorted(_zone(s, "hand", p)) for p in (0, 1)]
        self.stock = _zone(s, "stock")
        assert [len(h) for h in self.hands] == [8, 8] and len(self.stock) == 44
        self.exp = {(p, c): [] for p in (0, 1) for c in COLOURS}
        self.discard = {c: [] for c in COLOURS}
        self.turn = 1 - self.dealer                 # the player who did not deal starts
        self.phase, self.just = "play", None

    def playable(self, p, cid):
        name = self.names[cid]
        column = [self.names[x] for x in self.exp[(p, _suit(name))]]
        if _face(name) == 0:
            return all(_face(x) == 0 for x in column)
        return all(_face(x) < _face(name) for x in column)

    def offered(self):
        p = self.turn
        if self.phase == "play":
            return {("play", c) for c in self.hands[p] if self.playable(p, c)} | \
                   {("discard", c) for c in self.hands[p]}
        return {("draw", None)} | {("take", c) for c in COLOURS if self.discard[c] and c != self.just}

    def apply(self, action):
        """Make the move; True when it ended the round (the scores are then checked by the caller)."""
        name, value = action
        p = self.turn
        if name in ("play", "discard"):
            self.hands[p].remove(value)
            colour = _suit(self.names[value])
            (self.exp[(p, colour)] if name == "play" else self.discard[colour]).append(value)
            self.just = colour if name == "discard" else None
            self.phase = "draw"
            return False
        card = self.stock.pop() if name == "draw" else self.discard[value].pop()
        self.hands[p] = sorted(self.hands[p] + [card])
        self.phase, self.just, self.turn = "play", None, 1 - p
        if self.stock:
            return False
        for q in (0, 1):
            self.scores[q] += sum(lost_cities_expedition_value([self.names[x] for x in self.exp[(q, c)]])
                                  for c in COLOURS)
        self.dealer = 1 - self.dealer
        return True

    def columns(self, s):
        """The engine's columns as {(player, colour): [ids]}."""
        if self.exp_zone == "entry":
            return {(int(k.split("_")[1]), k.split("_")[0]): list(v) for k, v in S.zone(s, "expedition").items()}
        return {(p, c): [x for x in _zone(s, "expedition", p) if _suit(self.names[x]) == c]
                for p in (0, 1) for c in COLOURS}

    def check(self, s):
        assert [sorted(_zone(s, "hand", p)) for p in (0, 1)] == self.hands
        assert _zone(s, "stock") == self.stock
        assert self.columns(s) == self.exp
        assert {c: list(v) for c, v in S.zone(s, "discard").items()} == self.discard
        _check_seen(s, public=("expedition", "discard"))


def _lost_cities_game(rules, seed, expedition_zone="entry", rounds=3):
    rng = random.Random(seed)
    s = G.new_game(rules, 2, seed)
    ref = LostCitiesReferee(s, expedition_zone)
    decisions = 0
    while True:
        ref.check(s)
        every_card_once(s)
        assert G.current_player(s) == ref.turn
        legal = G.legal_actions(s)
        assert len(legal) == len(set(legal))
        assert set(legal) == ref.offered(), set(legal) ^ ref.offered()
        # random play, leaning towards the draw pile (rounds end in reasonable time) and towards the
        # lowest card that can go on an expedition (long expeditions, the 8-card bonus)
        draws = [a for a in legal if a[0] == "draw"]
        plays = sorted((a for a in legal if a[0] == "play"), key=lambda a: _face(ref.names[a[1]]))
        if draws and rng.random() < 0.7:
            action = draws[0]
        elif plays and rng.random() < 0.6:
            action = plays[0]
        else:
            action = legal[rng.randrange(len(legal))]
        G.apply(s, action)
        decisions += 1
        if ref.apply(action):
            assert _v(s, "score") == ref.scores, (_v(s, "score"), ref.scores)
            if ref.rounds == rounds:
                break
            assert not G.is_over(s)
            assert _v(s, "dealer") == ref.dealer
            ref.start_round()
    assert G.is_over(s)
    result = G.result(s)
    best = max(ref.scores)
    assert result["scores"] == ref.scores
    assert result["winners"] == [p for p in (0, 1) if ref.scores[p] == best]
    every_card_once(s)
    return decisions


def test_lost_cities_referee():
    rules = _load("lost-cities")
    for seed in range(60):
        _lost_cities_game(rules, seed)


@pytest.mark.soak
def test_lost_cities_referee_soak():
    rules = _load("lost-cities")
    for seed in range(1000, 1400):
        _lost_cities_game(rules, seed)


def test_lost_cities_kept_per_player_referee():
    """The same game with one zone per player for the expeditions (a column is a colour's cards)."""
    rules = _load("lost-cities-by-player")
    for seed in range(15):
        _lost_cities_game(rules, seed, expedition_zone="player")


# -- Koi-Koi ---------------------------------------------------------------------------------------------

def koikoi_yaku(names):
    """Yaku points of a set of captured card names (kind/month), from the rule text."""
    kinds = [_rank(c) for c in names]
    has = set(names).__contains__
    brights = kinds.count("bright")
    rain = has("bright/willow")
    points = 0
    if brights == 5:
        points += 15
    elif brights == 4:
        points += 7 if rain else 8
    elif brights == 3 and not rain:
        points += 5
    if has("animal/clover") and has("animal/maple") and has("animal/peony"):
        points += 5                                   # boar, deer, butterflies
    if kinds.count("poetry") == 3:
        points += 5
    if kinds.count("blue") == 3:
        points += 5
    if has("animal/chrysanthemum") and has("bright/pampas"):
        points += 5                                   # moon viewing
    if has("animal/chrysanthemum") and has("bright/cherry"):
        points += 5                                   # flower viewing
    ribbons = sum(kinds.count(k) for k in ("ribbon", "poetry", "blue"))
    chaff = sum(kinds.count(k) for k in ("chaff", "chaff2", "chaff3"))
    points += max(0, ribbons - 4) + max(0, kinds.count("animal") - 4) + max(0, chaff - 9)
    return points


def koikoi_hand_score(points, other_called, double_at=7):
    return points * (2 if points >= double_at else 1) * (2 if other_called else 1)


class KoiKoiReferee:
    """Koi-Koi by hand: the hands, field, draw pile and captured piles by card id, and the decision
    awaited: play a card, take one of two field cards of a month, stop or call koi-koi."""

    def __init__(self, s, months, double_at=7):
        self.s, self.names = s, s.rules.universe.names
        self.months, self.double_at = months, double_at
        self.scores, self.dealer, self.hand_no = [0, 0], 0, 0
        self.history = []                     # (stopper or None, points) per hand
        self.start_hand()

    def start_hand(self):
        s = self.s
        self.hand_no += 1
        self.hands = [set(_zone(s, "hand", p)) for p in (0, 1)]
        self.field = set(_zone(s, "field"))
        self.stock = _zone(s, "stock")
        assert [len(h) for h in self.hands] == [8, 8] and len(self.field) == 8 and len(self.stock) == 24
        months = [_suit(self.names[c]) for c in self.field]
        assert max(months.count(m) for m in months) < 4, "a field with four cards of a month is dealt again"
        self.captured = [set(), set()]
        self.reached, self.called, self.stopper = [0, 0], [False, False], None
        self.turn, self.phase, self.pending, self.after_take = self.dealer, "play", None, None

    def yaku(self, p):
        return koikoi_yaku([self.names[c] for c in self.captured[p]])

    def matches(self, cid):
        return {x for x in self.field if _suit(self.names[x]) == _suit(self.names[cid])}

    def offered(self):
        if self.phase == "play":
            return {("play", c) for c in self.hands[self.turn]}
        if self.phase == "take":
            return {("take", x) for x in self.matches(self.pending)}
        return {("stop", None), ("koikoi", None)}

    def _capture(self, cid, then):
        """The card `cid` meets the field; `then` runs once it is settled (at once, or after a take)."""
        found = self.matches(cid)
        if not found:
            self.field.add(cid)
        elif len(found) == 2:
            self.phase, self.pending, self.after_take = "take", cid, then
            return "wait"
        else:                                      # one, or all three of a month
            self.field -= found
            self.captured[self.turn] |= found | {cid}
        return then()

    def _draw(self):
        return self._capture(self.stock.pop(), self._after_turn)

    def _after_turn(self):
        p = self.turn
        y = self.yaku(p)
        if y > self.reached[p]:
            self.reached[p] = y
            if self.hands[p]:
                self.phase = "decide"
                return "wait"
            self.stopper = p
        return self._next_turn()

    def _next_turn(self):
        if self.stopper is not None or not any(self.hands):
            return self._end_hand()
        self.turn, self.phase = 1 - self.turn, "play"
        return "wait"

    def _end_hand(self):
        w = self.stopper
        points = 0
        if w is not None:
            points = koikoi_hand_score(self.yaku(w), self.called[1 - w], self.double_at)
            self.scores[w] += points
            self.dealer = w
        self.history.append((w, points))
        return "hand over"

    def apply(self, action):
        """Make the move and what follows it up to the next decision; "hand over" when the hand ended."""
        name, value = action
        if name == "play":
            self.hands[self.turn].remove(value)
            return self._capture(value, self._draw)
        if name == "take":
            card, then = self.pending, self.after_take
            self.field.remove(value)
            self.captured[self.turn] |= {value, card}
            self.pending = self.after_take = None
            return then()
        if name == "stop":
            self.stopper = self.turn
        else:
            self.called[self.turn] = True
        return self._next_turn()

    def check(self, s):
        assert [set(_zone(s, "hand", p)) for p in (0, 1)] == self.hands
        assert set(_zone(s, "field")) == self.field
        assert _zone(s, "stock") == self.stock
        assert [set(_zone(s, "captured", p)) for p in (0, 1)] == self.captured
        assert _zone(s, "pending") == ([self.pending] if self.phase == "take" else [])
        assert _v(s, "called") == self.called and _v(s, "reached") == self.reached
        _check_seen(s, public=("field", "captured", "pending"))


def _koikoi_game(rules, seed, months=12, double_at=7, policy=None):
    rng = random.Random(seed)
    s = G.new_game(rules, 2, seed)
    ref = KoiKoiReferee(s, months, double_at)
    decisions = 0
    while True:
        ref.check(s)
        every_card_once(s)
        assert G.current_player(s) == ref.turn
        legal = G.legal_actions(s)
        assert len(legal) == len(set(legal))
        assert set(legal) == ref.offered(), set(legal) ^ ref.offered()
        action = (policy or (lambda legal, rng: legal[rng.randrange(len(legal))]))(legal, rng)
        G.apply(s, action)
        decisions += 1
        if ref.apply(action) == "hand over":
            assert _v(s, "score") == ref.scores, (_v(s, "score"), ref.scores, ref.history)
            if ref.hand_no == months:
                break
            assert not G.is_over(s)
            assert _v(s, "dealer") == ref.dealer
            ref.start_hand()
    assert G.is_over(s)
    result = G.result(s)
    best = max(ref.scores)
    assert result["scores"] == ref.scores
    assert result["winners"] == [p for p in (0, 1) if ref.scores[p] == best]
    assert result["metrics"]["hand_points"] == [pts for _, pts in ref.history]
    every_card_once(s)
    return ref


def _koikoi_greedy(legal, rng):
    """Calls koi-koi more often than it stops, so that hands go on and yaku pile up."""
    names = {a[0] for a in legal}
    if names == {"stop", "koikoi"}:
        return ("koikoi", None) if rng.random() < 0.8 else ("stop", None)
    return legal[rng.randrange(len(legal))]


def test_koikoi_referee():
    rules = _load("koi-koi")
    for seed in range(15):
        _koikoi_game(rules, seed)
    for seed in range(15, 30):
        _koikoi_game(rules, seed, policy=_koikoi_greedy)


@pytest.mark.soak
def test_koikoi_referee_soak():
    for name in ("koi-koi", "koi-koi-copies"):
        rules = _load(name)
        for seed in range(1000, 1200):
            _koikoi_game(rules, seed, policy=_koikoi_greedy if seed % 2 else None)


def test_koikoi_with_identical_chaff_referee():
    """The same game with a month's chaff as identical copies of one card (pack: copies_of)."""
    rules = _load("koi-koi-copies")
    names = sorted(rules.universe.names[c] for c in rules.deck(2))
    assert len(names) == 48 and names.count("chaff/paulownia") == 3 and names.count("chaff/willow") == 1
    assert names.count("chaff/pine") == 2 and sum(n.startswith("chaff/") for n in names) == 24
    for seed in range(10):
        _koikoi_game(rules, seed, policy=_koikoi_greedy if seed % 2 else None)


# -- scenario messages -----------------------------------------------------------------------------------

def test_a_stacked_deal_the_rules_deal_again_says_so(tmp_path):
    """Koi-Koi deals again while the field holds all four cards of a month.  A scenario whose `deal:`
    puts the four pines on the field is dealt again, so the pines end up elsewhere: the message says
    the rules dealt again (it used to say the rules take cards by name, which this ruleset never does)."""
    from interpreter.authoring.runner import run_file
    path = tmp_path / "redeal.yaml"
    path.write_text(f"""
ruleset: {HERE / 'koi-koi.yaml'}
players: 2
scenarios:
  - name: four pines on the field
    deal:
      field: [bright/pine, poetry/pine, chaff/pine, chaff2/pine, chaff/plum, chaff2/plum, animal/plum, poetry/plum]
  - name: a deal the rules keep
    deal:
      hand:
        0: [bright/pine, poetry/pine]
      field: [chaff/pine, chaff/plum]
    expect:
      sizes: {{field: 8, hand: [8, 8]}}
""", encoding="utf-8")
    outcomes, problems = run_file(str(path))
    assert not problems
    assert [o.passed for o in outcomes] == [False, True]
    [d] = outcomes[0].diagnostics
    assert "the rules dealt again before the first decision" in d.message, d.message
    assert "take some cards by name" not in d.message
    assert "zones:" in d.hint


# -- pack: copies_of -------------------------------------------------------------------------------------

def _ruleset_text(pack, body=None):
    return f"""
name: Copies
players: {{count: 2}}
pack: {pack}
zones:
  stock: {{}}
  hand: {{per: player, visibility: owner}}
hand:
  - gather: {{from: [hand], to: stock}}
  - deal: {{from: stock, to: hand, count: 2}}
{body or ''}
end:
  after_hand: true
"""


def _load_text(tmp_path, text, **options):
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "copies.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path), options)


def test_copies_of_gives_a_rank_or_a_card_its_own_number_of_identical_copies(tmp_path):
    """Lost Cities has three identical wager cards per colour and one of each number; Hanafuda three
    identical chaff in one month.  Before copies_of the pack could only copy every card alike."""
    loaded = _load_text(tmp_path, _ruleset_text("{ranks: [W, '2', '3'], suits: [red, blue], "
                                                "copies_of: {W: 3, 3/blue: 2}}"))
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    u = loaded.rules.universe
    names = sorted(u.names[c] for c in loaded.rules.deck(2))
    assert names == sorted(["W/red"] * 3 + ["W/blue"] * 3 + ["2/red", "2/blue", "3/red"] + ["3/blue"] * 2)
    assert u.size == len(names) and u.twins
    # the copies are the same card: the same face, equal in expressions, one name
    reds = [c for c in range(u.size) if u.names[c] == "W/red"]
    assert len({u.face[c] for c in reds}) == 1 and u.face[reds[0]] == reds[0]
    assert all(u.names[u.face[c]] == u.names[c] for c in range(u.size))


def test_copies_of_in_play_expressions_and_scenarios(tmp_path):
    body = """  - turns:
      first: left_of(dealer)
      next: left_of(current)
      until: count(hand[current]) == 0
      do:
        - choose:
            player: current
            moves:
              lay:
                options: "hand[current]"
                as: c
                do:
                  - move: {cards: c, from: "hand[current]", to: stock}"""
    text = _ruleset_text("{ranks: [W, '2'], suits: [red], copies_of: {W: 3}}", body)
    text = text.replace("end:\n  after_hand: true", "end:\n  after_hand: true\n  winners: players\n  score: count(hand[p], c => c == W/red)")
    loaded = _load_text(tmp_path, text)
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    rules = loaded.rules
    s = S.stacked_game(rules, 2, ["W/red", "W/red", "W/red", "2/red"])
    # seat 1 (left of the dealer) was dealt W/red twice: two actions, the same card
    assert sorted(S.describe(s, a) for a in G.legal_actions(s)) == ["lay W/red", "lay W/red"]
    assert G.result(s)["scores"] == [1, 2]          # every copy is W/red to ==
    with pytest.raises(ValueError, match=r"named more often than the pack has it \(3 copies\)"):
        S.cards(rules, ["W/red"] * 4)


def test_copies_of_problems_are_located_with_a_hint(tmp_path):
    loaded = _load_text(tmp_path, _ruleset_text("{ranks: [W, '2'], suits: [red], copies_of: {X: 3, 2/rde: 2}}"))
    problems = [(d.message, d.hint) for d in loaded.diagnostics if d.severity == "error"]
    assert any(m == "'X' is neither a rank nor a card of this pack" for m, _ in problems)
    assert any(m == "'2/rde' is neither a rank nor a card of this pack" and "2/red" in h for m, h in problems)
    loaded = _load_text(tmp_path, _ruleset_text("{ranks: [W, '2'], suits: [red], copies_of: {W: 0}}"))
    assert not loaded.ok and any("copies_of" in d.format() for d in loaded.diagnostics)
    loaded = _load_text(tmp_path, _ruleset_text("{ranks: [W, '2'], suits: [red], copies_of: {W: 5001}}"))
    assert [d.message for d in loaded.diagnostics if d.rule == "limit"] == ["at most 5000 copies of a card"]


def test_explain_says_which_cards_have_how_many_copies():
    from interpreter.authoring.explain import explain
    text = explain(_load("koi-koi-copies"))
    assert "2 copies of each chaff card; 1 copy of chaff/willow; 3 copies of chaff/paulownia." in text
    assert "3 copies of each W card." in explain(_load("lost-cities"))


def test_a_variant_that_changes_the_ranks_is_told_where_an_inherited_entry_still_names_an_old_one(tmp_path):
    """koi-koi-copies.yaml replaces the ranks; the inherited point table still named chaff2 (mappings
    merge key by key).  The error lies in the parent's text: its hint names the variant's pack and how
    to take the entry out."""
    from interpreter.ruleset.loader import load_ruleset
    variant = (HERE / "koi-koi-copies.yaml").read_text(encoding="utf-8")
    variant = variant.replace("values: {chaff2: null, chaff3: null}", "values: {chaff: 1}")
    variant = variant.replace("extends: koi-koi.yaml", f"extends: {HERE / 'koi-koi.yaml'}")
    path = tmp_path / "variant.yaml"
    path.write_text(variant, encoding="utf-8")
    loaded = load_ruleset(str(path), {})
    errors = [d for d in loaded.diagnostics if d.severity == "error"]
    assert [d.message for d in errors] == ["'chaff2' is neither a rank nor a card of this pack",
                                           "'chaff3' is neither a rank nor a card of this pack"]
    assert errors[0].file.endswith("koi-koi.yaml")
    assert f"given by {path}:" in errors[0].hint and "chaff2: null" in errors[0].hint


# -- scripted positions ------------------------------------------------------------------------------------

def _arrange(s, zones, stock_top=()):
    """Every zone emptied; then each zone given {zone: names} or {zone: {owner: names}}, the rest of the
    pack in the stock with `stock_top` on top (the last named drawn first)."""
    rules, used = s.rules, set()
    placed = []
    for zone, value in list(zones.items()) + [("stock", list(stock_top))]:
        for owner, names in (value.items() if isinstance(value, dict) else [(None, value)]):
            placed.append((zone, owner, S.cards(rules, names, used)))
    for info in rules.zone_list:
        z = s.z[info.index]
        for part in (z.values() if isinstance(z, dict) else z if info.per == "player" else [z]):
            part.clear()
    S.zone(s, "stock").extend(c for c in rules.deck(s.n) if c not in used)
    for zone, owner, ids in placed:
        (S.zone(s, zone, owner) if owner is not None else S.zone(s, zone)).extend(ids)
    S.refresh(s)
    every_card_once(s)


def _names_of(s, zone, owner=None):
    return sorted(_name(s, c) for c in S.zone(s, zone, owner))


def _offered(s):
    return sorted(S.describe(s, a) for a in G.legal_actions(s))


def test_lost_cities_a_scripted_turn():
    rules = _load("lost-cities")
    s = G.new_game(rules, 2, 5)
    assert G.current_player(s) == 1                   # seat 0 deals, seat 1 starts
    hand1 = ["W/red", "3/red", "5/red", "2/blue", "W/blue", "9/green", "10/green", "2/white"]
    _arrange(s, {"hand": {1: hand1, 0: ["W/red", "4/yellow", "5/yellow", "6/yellow", "7/yellow", "8/yellow",
                                       "9/yellow", "10/yellow"]},
                 "expedition": {"red_1": ["W/red", "4/red"], "green_0": ["2/green"]},
                 "discard": {"blue": ["7/blue"], "white": ["3/white"]}},
             stock_top=["10/white"])
    # red: above the 4 only (not the 3, no wager after a number); blue, green, white: anything, as the
    # opponent's green column is theirs
    assert _offered(s) == sorted(["5/red", "2/blue", "W/blue", "9/green", "10/green", "2/white"] +
                                 [f"discard {c}" for c in hand1])
    S.play(s, ("discard", "2/white"))
    # the white pile's top is the card just discarded: not to be taken back this turn
    assert _offered(s) == ["draw", "take blue"]
    S.play(s, ("take", "blue"))
    assert "7/blue" in _names_of(s, "hand", 1)
    assert [_name(s, c) for c in S.zone(s, "discard")["white"]] == ["3/white", "2/white"]
    assert S.zone(s, "discard")["blue"] == []
    # seat 0 now: a wager on its empty red column; then it may take the white 2 the other discarded
    assert G.current_player(s) == 0
    S.play(s, ("play", "W/red"))
    assert _offered(s) == ["draw", "take white"]
    S.play(s, ("take", "white"))
    assert "2/white" in _names_of(s, "hand", 0)


def test_lost_cities_round_end_and_scores():
    """Seat 1's red: two wagers and 4..9 (eight cards): (39 - 20) x 3 + 20 = 77; its blue 10 alone: -10.
    Seat 0's yellow wager alone: -20 x 2 = -40; its green 2..9 (eight cards): 24 + 20 = 44.  Seat 1
    discards, then draws the last card: the round ends at once; then the next is dealt, seat 1 dealing
    and seat 0 starting."""
    rules = _load("lost-cities")
    s = G.new_game(rules, 2, 7)
    red = ["W/red", "W/red", "4/red", "5/red", "6/red", "7/red", "8/red", "9/red"]
    green = [f"{r}/green" for r in range(2, 10)]
    rest = [_name(s, x) for x in sorted(rules.deck(2))]
    for c in red + green + ["10/blue", "W/yellow", "2/white", "5/white"]:
        rest.remove(c)
    _arrange(s, {"expedition": {"red_1": red, "blue_1": ["10/blue"], "yellow_0": ["W/yellow"], "green_0": green},
                 "hand": {1: ["2/white"]},
                 "discard": {"yellow": rest}},         # everything else out of the way, face up
             stock_top=["5/white"])
    assert _names_of(s, "stock") == ["5/white"]
    S.play(s, ("discard", "2/white"), ("draw", None))
    assert _v(s, "score") == [4, 67] and s.hand_no == 2
    assert _v(s, "dealer") == 1 and G.current_player(s) == 0
    assert [len(S.zone(s, "hand", p)) for p in (0, 1)] == [8, 8] and len(S.zone(s, "stock")) == 44


def _koikoi_position(zones, stock_top, state=None, rules="koi-koi"):
    s = G.new_game(_load(rules), 2, 11)
    _arrange(s, zones, stock_top)
    for name, value in (state or {}).items():
        S.set_var(s, name, value)
    return s


def test_koikoi_captures_one_of_two_all_of_three_or_none():
    hand0 = ["bright/pine", "chaff/iris", "poetry/cherry", "chaff/maple", "blue/maple", "chaff/peony", "chaff/willow",
             "ribbon/iris"]
    hand1 = ["chaff2/clover", "chaff2/cherry", "animal/willow", "chaff/wisteria", "chaff2/wisteria", "animal/iris",
             "chaff/paulownia", "chaff2/paulownia"]
    field = ["chaff/pine", "chaff2/pine", "chaff/plum", "animal/clover", "chaff/clover", "ribbon/clover",
             "animal/pampas", "bright/cherry"]
    s = _koikoi_position({"hand": {0: hand0, 1: hand1}, "field": field}, ["chaff2/plum", "chaff/chrysanthemum"])
    assert G.current_player(s) == 0                   # the dealer plays first
    assert _offered(s) == sorted(hand0)
    S.play(s, ("play", "bright/pine"))
    # two pines on the field: seat 0 chooses
    assert _offered(s) == ["take chaff/pine", "take chaff2/pine"]
    assert _names_of(s, "pending") == ["bright/pine"]
    S.play(s, ("take", "chaff2/pine"))
    # then the chrysanthemum is turned from the pile: no chrysanthemum on the field, it stays there
    assert _names_of(s, "captured", 0) == ["bright/pine", "chaff2/pine"]
    assert "chaff/chrysanthemum" in _names_of(s, "field") and "chaff/pine" in _names_of(s, "field")
    assert G.current_player(s) == 1
    S.play(s, ("play", "chaff2/clover"))
    # three clovers on the field: all four go; then chaff2/plum from the pile takes the one plum
    assert _names_of(s, "captured", 1) == sorted(["chaff2/clover", "animal/clover", "chaff/clover", "ribbon/clover",
                                                  "chaff2/plum", "chaff/plum"])
    assert _names_of(s, "field") == sorted(["chaff/pine", "animal/pampas", "bright/cherry", "chaff/chrysanthemum"])
    assert G.current_player(s) == 0 and _v(s, "reached") == [0, 0]


def test_koikoi_stop_doubles_at_seven_and_again_after_the_other_called():
    """Seat 0 holds three brights (5, reached before) and takes the phoenix: four brights without the
    rain man, 8.  It stops: 8 doubled at 7 or more, doubled again as seat 1 had called koi-koi: 32."""
    def position():
        return _koikoi_position(
            {"hand": {0: ["bright/paulownia", "chaff/iris"], 1: ["chaff/maple", "chaff2/maple"]},
             "field": ["chaff/paulownia", "chaff/wisteria"],
             "captured": {0: ["bright/pine", "bright/cherry", "bright/pampas"], 1: ["chaff/plum"]}},
            ["chaff/peony"], {"reached": [5, 0], "called": [False, True]})
    s = position()
    S.play(s, ("play", "bright/paulownia"))
    assert _offered(s) == ["koikoi", "stop"] and _v(s, "reached") == [8, 0]
    S.play(s, ("stop", None))
    assert _v(s, "score") == [32, 0] and s.hand_no == 2 and _v(s, "dealer") == 0
    assert G.result(s)["metrics"]["hand_points"] == [32]
    s = position()
    S.play(s, ("play", "bright/paulownia"), ("koikoi", None))
    assert _v(s, "called") == [True, True] and G.current_player(s) == 1 and s.hand_no == 1


def test_koikoi_rainy_four_the_last_card_stops_and_a_hand_nobody_wins():
    """Three brights with the rain man are no yaku; the fourth bright makes the rainy four, 7, doubled:
    14.  Seat 1 plays its last card, so it stops without being asked, and deals the next hand."""
    s = _koikoi_position(
        {"hand": {0: ["chaff/iris"], 1: ["bright/pampas"]},
         "field": ["chaff/pampas", "chaff/wisteria"],
         "captured": {1: ["bright/pine", "bright/cherry", "bright/willow"]}},
        ["chaff/peony", "chaff/maple"])
    S.play(s, ("play", "chaff/iris"))
    assert G.current_player(s) == 1 and _v(s, "reached") == [0, 0]
    S.play(s, ("play", "bright/pampas"))
    assert _v(s, "score") == [0, 14] and _v(s, "dealer") == 1 and s.hand_no == 2
    # both hands played out, nobody with a yaku: no score, the same dealer deals again
    s = _koikoi_position({"hand": {0: ["chaff/iris"], 1: ["chaff/maple"]}, "field": ["chaff/wisteria"]},
                         ["chaff/peony", "chaff2/peony"])
    S.play(s, ("play", "chaff/iris"), ("play", "chaff/maple"))
    assert _v(s, "score") == [0, 0] and _v(s, "dealer") == 0 and s.hand_no == 2


def test_koikoi_yaku_points_against_the_referee_on_many_captured_piles():
    """Seat 0 captures one card with one of its month and turns a card of a month not on the field;
    the engine's yaku points (the `reached` it keeps) must be the referee's for the pile it then has."""
    rules = _load("koi-koi")
    u = rules.universe
    all_names = [u.names[c] for c in rules.deck(2)]
    strong = [n for n in all_names if not _rank(n).startswith("chaff")]
    chaff = [n for n in all_names if _rank(n).startswith("chaff")]
    rng = random.Random(26)
    seen = set()
    for _ in range(150):
        x, y = rng.sample([n for n in all_names if _suit(n) != "paulownia"], 1)[0], None
        y = rng.choice([n for n in all_names if _suit(n) == _suit(x) and n != x])
        z = rng.choice([n for n in all_names if _suit(n) != _suit(x)])
        pool = [n for n in strong if n not in (x, y, z)]
        pile = rng.sample(pool, rng.randint(0, len(pool)))
        pile += rng.sample([n for n in chaff if n not in (x, y, z)], rng.randint(0, 12))
        others = [n for n in all_names if n not in pile and n not in (x, y, z)]
        s = G.new_game(rules, 2, 1)
        _arrange(s, {"hand": {0: [x, others[0]], 1: others[1:3]}, "field": [y], "captured": {0: pile}}, [z])
        S.play(s, ("play", x))
        expected = koikoi_yaku(pile + [x, y])
        assert _v(s, "reached")[0] == expected, (sorted(pile + [x, y]), _v(s, "reached"), expected)
        seen.add(expected)
    assert len(seen) > 15


@pytest.mark.parametrize("name", ["lost-cities", "koi-koi"])
def test_the_worked_examples_pass(name):
    """The scenario files of this folder.  Koi-Koi's names the top of the draw pile in `deal:` and the
    hands and field in `zones:`: the cards `zones:` pushes out of the hands used to go on top of the
    stock, so the next card drawn was one of them instead of the one named."""
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(HERE / f"{name}.scenario.yaml"))
    assert not problems
    assert outcomes and all(o.passed for o in outcomes), [d.format() for o in outcomes for d in o.diagnostics]


# -- explain ---------------------------------------------------------------------------------------------

def test_explain_reads_a_chain_of_sums_without_a_bracket_per_term():
    """yaku_points adds nine terms: it read '((((((((the bright points of p) plus ...'."""
    from interpreter.authoring.explain import explain
    text = explain(_load("koi-koi"))
    line = next(x for x in text.splitlines() if x.startswith("- **yaku_points(p)**"))
    assert line.startswith("- **yaku_points(p)**: (the bright points of *p*) plus (5 if ")
    assert "((" not in line.replace("((the ribbons", "").replace("((the animals", "").replace("((the chaffs", "")
    from interpreter.authoring.phrasing import words
    said = lambda text: words(text).replace("*", "")
    assert said("a + b - c + d") == "a plus b minus c plus d"
    assert said("a - (b + c)") == "a minus (b plus c)"
    assert said("(a + b) * c") == "(a plus b) times c"
    assert said("a * b * c") == "a times b times c"
    assert said("(a * b) // c") == "(a times b) divided by c (rounded down)"


def test_explain_says_a_definition_that_is_true_or_false_holds_for_its_arguments():
    """rain(p) is a test: '7 if rain holds for p', not '7 if the rain of p'; one that is a number
    stays 'the brights of p'; a test of 'it' inside a filter stays 'that are wager'."""
    from interpreter.authoring.explain import explain
    text = explain(_load("koi-koi"))
    assert "(7 if rain holds for *p*, otherwise 8) if the brights of *p* is 4" in text
    assert "the rain of" not in text and "the sake of" not in text
    text = explain(_load("lost-cities"))
    assert "is 0) if wager holds for *c*, otherwise" in text
    assert "the number of cards in *e*'s *expedition* that are wager" in text


def test_explain_names_the_collection_a_zone_is_kept_per():
    """'| expedition | one per expeditions |' read as if 'expeditions' were a kind of thing."""
    from interpreter.authoring.explain import explain
    text = explain(_load("lost-cities"))
    assert "| expedition | one per entry of *expeditions* | everyone |" in text
    assert "| hand | one per player | its owner |" in text


def test_a_card_whose_rank_is_also_a_name_is_told_how_to_write_it(tmp_path):
    """A variant defines bright(p); the parent's bright/willow then reads as a division by a suit, and
    the message was "'bright' takes 1 value(s): write bright(p)"."""
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "variant.yaml"
    path.write_text(f"""extends: {HERE / 'koi-koi.yaml'}
name: Shadowed
define:
  bright(p): count(captured[p], c => c.rank == "bright")
  brights(p): bright(p)
""", encoding="utf-8")
    errors = [d for d in load_ruleset(str(path), {}).diagnostics if d.severity == "error"]
    assert [d.message.split(" in expression")[0] for d in errors] == [
        f"'bright/{m}' reads as bright divided by {m}, not as the card: 'bright' is a rank of the pack but also "
        "a name of this ruleset" for m in ("willow", "pampas")]   # one error per expression
    assert errors[0].hint == "write the card as card(\"bright\", willow), or rename the other 'bright'"


def test_explain_brackets_a_quantified_first_value_of_a_choice():
    """playable(p, c) is all(...) if wager(c) else all(...): unbracketed, the condition read as if it
    were said of each card of the column."""
    from interpreter.authoring.explain import explain
    line = next(x for x in explain(_load("lost-cities")).splitlines() if x.startswith("- **playable(p, c)**"))
    assert line.startswith("- **playable(p, c)**: (for every card in the *expedition* of the column of (*p*, the "
                           "suit of *c*), the *face* points of the card is 0) if wager holds for *c*, otherwise for "
                           "every card"), line


@pytest.mark.parametrize("section,line", [
    ("zones", "  column: {per: [player, suit], visibility: public}"),
    ("state", "  played: {per: [player, suit], initial: 0}"),
])
def test_a_zone_kept_per_player_and_suit_is_told_how_to_write_it(tmp_path, section, line):
    """`per: [player, suit]` (a column per player and colour) was told only what 'per' means."""
    text = (HERE / "lost-cities.yaml").read_text(encoding="utf-8")
    text = text.replace(f"{section}:\n", f"{section}:\n{line}\n", 1)
    loaded = _load_text(tmp_path, text)
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert d.message == "expected text, got a list" and d.line == text.splitlines().index(line) + 1
    assert "for one per player and suit" in d.hint and "object collection" in d.hint
    assert ("of_suit(zone[p], s)" in d.hint) == (section == "zones")
