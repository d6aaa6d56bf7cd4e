"""Who may see what, on games the engine has never seen (tests/rulesets_review27/, each says at its top
what game it is and which readings it keeps): Hanabi (every player sees every hand but their own, and
plays from what hints told them) and Blind Man's Bluff (one card held to the forehead); and the
information contract of bundled games with hidden cards (Scala Quaranta, Hearts with its passes).

- `visibility: others`: a zone kept per player whose cards everyone sees but its owner.  The
  observation, `hidden_from`, the sampled worlds of the bots, the game log and a seat's table follow it.
- `pack: copies_of`: a pack with more copies of some ranks than of others (three 1s, one 5).
- A seat's observation names no card hidden from it, not even through a state variable of kind cards.
- Referees written here from the rules (sharing no code with the engine) follow random games move by
  move: the moves offered, the hint knowledge, the fireworks, tokens and fuses, the chips and the pot.
- Bots given what their seat may know decide the same whatever the hidden cards are (their own hand
  in Hanabi, their own card in Blind Man's Bluff, the others' hands and the stock's order elsewhere).
"""
from __future__ import annotations

import functools
import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.bots.base import make_bot
from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.engine.state import Choice
from interpreter.ruleset.loader import load_ruleset
from tests.scripted import every_card_once, legal_texts, load_from, var as _v, zone_names as _z

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "rulesets_review27"
BLUFF = "blind-mans-bluff"
HANABI = "hanabi"


@functools.lru_cache(maxsize=None)
def _load(name, **options):
    return load_from(HERE, name, **options)


def _names(rules, ids):
    return [rules.universe.names[c] for c in ids]


# -- visibility: others ------------------------------------------------------------------------------

def test_others_a_seat_sees_every_forehead_but_its_own():
    rules = _load(BLUFF)
    s = G.new_game(rules, 4, 3)
    fore = rules.zones["forehead"].index
    cards = [s.z[fore][p][0] for p in range(4)]
    for seat in range(4):
        seen = G.observation(s, seat)["zones"]["forehead"]
        assert seen[seat] == [] and G.observation(s, seat)["sizes"]["forehead"][seat] == 1
        assert all(seen[q] == [cards[q]] for q in range(4) if q != seat)
        hidden = G.hidden_from(s, seat)
        assert cards[seat] in hidden and not any(cards[q] in hidden for q in range(4) if q != seat)
        assert len(hidden) == 52 - 3                      # its own card and the stock


def test_others_the_game_log_says_who_saw_each_card_dealt():
    rules = _load(BLUFF)
    s = G.new_game(rules, 3, 5, log=True)
    deal = next(e for e in s.events if e.get("event") == "deal" and e.get("to") == "forehead")
    for p, names in deal["each"]:
        assert deal["seen_by"][names[0]] == [q for q in range(3) if q != p]
    assert not deal.get("face_up")


def test_others_the_table_of_a_seat_shows_the_other_cards_and_not_its_own():
    from interpreter.playtest.session import Session
    from interpreter.playtest.terminal import table_text
    from interpreter.playtest.view import seat_view
    rules = _load(BLUFF)
    session = Session(rules, 3, seed=2, humans=[1], bots=["random"])
    s = session.state
    fore = rules.zones["forehead"].index
    names = [rules.universe.names[s.z[fore][p][0]] for p in range(3)]
    view = seat_view(session, 1)
    part = next(z for z in view["zones"] if z["name"] == "forehead")["players"]
    assert [x["all_shown"] for x in part] == [True, False, True]
    assert part[1]["cards"] == [] and part[0]["cards"] == [names[0]] and part[2]["cards"] == [names[2]]
    text = table_text(view)
    assert names[1] not in text and names[0] in text and names[2] in text
    assert "you forehead: 1 card(s)" in text and "your forehead" not in text


def _ruleset_text(extra_zone, steps="", per="player"):
    return f"""
name: Others misused
players: {{count: [2, 3]}}
pack: {{ranks: ["2", "3", "4", "5", "6", "7", "8", "9"]}}
zones:
  stock: {{}}
  hand: {{per: player, visibility: owner}}
  shown: {{per: {per}, visibility: others}}
{extra_zone}
hand:
  - gather: {{from: [hand, shown], to: stock}}
  - shuffle: stock
  - deal: {{from: stock, to: hand, count: 2}}
{steps}
end:
  after_hand: true
"""


def test_others_needs_a_zone_kept_per_player(tmp_path):
    path = tmp_path / "others.yaml"
    path.write_text(_ruleset_text("", per="suit"))
    loaded = load_ruleset(str(path))
    errors = [d for d in loaded.diagnostics if d.severity == "error"]
    assert len(errors) == 1 and "'visibility: others'" in errors[0].message and "per player" in errors[0].message
    assert errors[0].line == 8


def test_others_a_select_may_not_put_the_picks_where_the_others_see_them(tmp_path):
    path = tmp_path / "others.yaml"
    path.write_text(_ruleset_text("", "  - select: {players: players, from: hand, to: shown, count: 1}"))
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert len(errors) == 1 and "every other player would see the picks" in errors[0].message
    path.write_text(_ruleset_text("", "  - select: {players: players, from: hand, to: hand, count: 1}")
                    .replace("shown: {per: player, visibility: others}", "shown: {per: player, visibility: owner}")
                    .replace("to: hand, count: 1}", "to: shown, count: 1}"))
    assert load_ruleset(str(path)).ok


def test_others_explain_says_who_sees_the_zone():
    from interpreter.authoring.explain import explain
    text = explain(_load(BLUFF))
    assert "| forehead | one per player | everyone but its owner |" in text


# -- pack: copies_of ----------------------------------------------------------------------------

def test_copies_of_gives_three_ones_two_of_the_middle_and_one_five():
    rules = _load(HANABI)
    for n in (2, 3, 4, 5):
        deck = rules.deck(n)
        counts = Counter(_names(rules, deck))
        assert len(deck) == 50 and len(counts) == 25
        assert all(counts[f"{r}/{c}"] == {"1": 3, "5": 1}.get(r, 2)
                   for r in "12345" for c in ("red", "yellow", "green", "blue", "white"))
    s = G.new_game(rules, 3, 1)
    every_card_once(s)


def test_copies_of_explained_checked_and_named_in_scenarios(tmp_path):
    from interpreter.authoring.explain import explain
    text = explain(_load(HANABI))
    assert ("2 copies of every card but those below. 3 copies of each 1 card; 1 copy of each 5 card.") in text
    assert "| 3 | 50 | - | 5 in hand |" in text        # no card is left out: each has a copy
    rules = _load(HANABI)
    assert len(S.cards(rules, ["1/red"] * 3)) == 3
    with pytest.raises(ValueError, match=r"named more often than the pack has it \(1 copy\)"):
        S.cards(rules, ["5/red", "5/red"])
    bad = (HERE / f"{HANABI}.yaml").read_text().replace('copies_of: {"1": 3, "5": 1}',
                                                       'copies_of: {"1": 3, "6": 1}')
    path = tmp_path / "bad.yaml"
    path.write_text(bad)
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert len(errors) == 1 and "'6' is neither a rank nor a card of this pack" in errors[0].message


# -- the observation names no hidden card ------------------------------------------------------------

def _flat(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _flat(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _flat(v)
    else:
        yield value


def _observation_leaks(rules, n, seed, decisions=300):
    """How many times a seat's observation named, anywhere (zones or state), a card hidden from it."""
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    typed = [info for info in rules.var_list if info.type in ("card", "cards")]
    leaks = checked = 0
    for _ in range(decisions):
        if s.over:
            break
        for seat in range(n):
            obs = G.observation(s, seat)
            hidden = G.hidden_from(s, seat)
            in_zones = {c for c in _flat(obs["zones"]) if isinstance(c, int)}
            in_state = {c for info in typed for c in _flat(obs["state"][info.name]) if isinstance(c, int)}
            leaks += bool((in_zones | in_state) & hidden)
            checked += 1
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    return leaks, checked


@pytest.mark.parametrize("ruleset,n", [("rulesets/scala40/scala40.yaml", 2), ("rulesets/hearts/hearts.yaml", 4),
                                       (str(HERE / "hanabi.yaml"), 3)])
def test_no_observation_names_a_hidden_card(ruleset, n):
    """Scala Quaranta keeps the cards the player to move may discard in a state variable of kind cards:
    the other seat's observation gave them (the player's hand) by id."""
    rules = load_ruleset(str(ROOT / ruleset)).rules
    leaks = checked = 0
    for seed in range(3, 30):
        more, seen = _observation_leaks(rules, n, seed)
        leaks, checked = leaks + more, checked + seen
        if checked > 300:
            break
    assert checked > 300 and leaks == 0


def test_the_observation_masks_a_hidden_card_in_a_variable_and_keeps_a_seen_one():
    rules = load_ruleset(str(ROOT / "rulesets/scala40/scala40.yaml")).rules
    s = G.new_game(rules, 2, 3)
    rng = random.Random(1)
    index = rules.vars["discards"].index
    while not s.v[index]:
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    mover = G.current_player(s)
    assert G.observation(s, mover)["state"]["discards"] == s.v[index]           # its own hand: seen
    other = G.observation(s, 1 - mover)["state"]["discards"]
    assert len(other) == len(s.v[index]) and set(other) == {None}


# -- Hanabi: the referee -----------------------------------------------------------------------------

COLOURS = ["red", "yellow", "green", "blue", "white"]


def _face(rules, c):
    """(colour, number) of a card id."""
    u = rules.universe
    return u.suit_of[c], int(u.rank_of[c])


class HanabiReferee:
    """Hanabi from the rules: hands (oldest card first), the deck (its top is the last card), the
    fireworks, the discards, tokens, fuses, what each player was told, and the last round."""

    def __init__(self, s):
        rules = s.rules
        self.rules, self.n = rules, s.n
        self.hands = [[_face(rules, c) for c in S.zone(s, "hand", p)] for p in range(s.n)]
        self.deck = [_face(rules, c) for c in S.zone(s, "stock")]
        assert [len(h) for h in self.hands] == [5 if s.n <= 3 else 4] * s.n
        assert len(self.deck) == 50 - sum(map(len, self.hands))
        self.fireworks = {c: 0 for c in COLOURS}
        self.discards = []
        self.tokens, self.fuses = 8, 0
        self.told = [[self._blank() for _ in h] for h in self.hands]
        self.to_move = (_v(s, "dealer") + 1) % s.n
        self.hinting = None                 # the player being given a hint, between the two choices
        self.last_drawer = None             # who drew the deck's last card
        self.over = False

    @staticmethod
    def _blank():
        return {"colour": None, "number": 0, "not_colours": [], "not_numbers": []}

    def score(self):
        return sum(self.fireworks.values())

    def legal(self):
        p = self.to_move
        if self.hinting is not None:
            hand = self.hands[self.hinting]
            return sorted({f"colour {c}" for c, _ in hand} | {f"number {k}" for _, k in hand})
        out = [f"play {i}" for i in range(1, len(self.hands[p]) + 1)]
        if self.tokens < 8:
            out += [f"discard {i}" for i in range(1, len(self.hands[p]) + 1)]
        if self.tokens > 0:
            out += [f"hint {q}" for q in range(self.n) if q != p]
        return sorted(out)

    def move(self, text):
        name, value = text.split()
        p = self.to_move
        if name == "hint":
            self.tokens -= 1
            self.hinting = int(value)
            return
        if name in ("colour", "number"):
            q, self.hinting = self.hinting, None
            for (c, k), told in zip(self.hands[q], self.told[q]):
                if name == "colour":
                    if c == value:
                        told["colour"] = c
                    elif value not in told["not_colours"]:
                        told["not_colours"].append(value)
                else:
                    if k == int(value):
                        told["number"] = k
                    elif int(value) not in told["not_numbers"]:
                        told["not_numbers"].append(int(value))
            self._end_turn(p)
            return
        i = int(value) - 1
        card = self.hands[p].pop(i)
        self.told[p].pop(i)
        colour, number = card
        if name == "discard":
            self.discards.append(card)
            self.tokens += 1
        elif self.fireworks[colour] == number - 1:
            self.fireworks[colour] = number
            if number == 5 and self.tokens < 8:
                self.tokens += 1
        else:
            self.discards.append(card)
            self.fuses += 1
        drew_last = False
        if self.deck:
            self.hands[p].append(self.deck.pop())
            self.told[p].append(self._blank())
            drew_last = not self.deck
        self._end_turn(p, drew_last)

    def _end_turn(self, p, drew_last=False):
        if self.fuses == 3 or self.score() == 25:
            self.over = True
        elif self.last_drawer is not None and p == self.last_drawer:
            self.over = True                 # the one who drew the last card has had one more turn
        if drew_last:
            self.last_drawer = p
        self.to_move = (p + 1) % self.n

    def check(self, s):
        rules = self.rules
        assert [[_face(rules, c) for c in S.zone(s, "hand", p)] for p in range(self.n)] == self.hands
        assert [_face(rules, c) for c in S.zone(s, "stock")] == self.deck
        assert {c: len(S.zone(s, "firework", c)) for c in COLOURS} == self.fireworks
        for c in COLOURS:                    # a firework holds its colour from 1 up
            built = [(c, k) for k in range(1, self.fireworks[c] + 1)]
            assert [_face(rules, x) for x in S.zone(s, "firework", c)] == built
        assert sorted(_face(rules, x) for x in S.zone(s, "discards")) == sorted(self.discards)
        assert (_v(s, "tokens"), _v(s, "fuses")) == (self.tokens, self.fuses)
        assert _v(s, "colour_known") == [[t["colour"] for t in h] for h in self.told]
        assert _v(s, "number_known") == [[t["number"] for t in h] for h in self.told]
        assert [[sorted(x) for x in h] for h in _v(s, "colour_not")] == \
            [[sorted(t["not_colours"]) for t in h] for h in self.told]
        assert [[sorted(x) for x in h] for h in _v(s, "number_not")] == \
            [[sorted(t["not_numbers"]) for t in h] for h in self.told]


def _hanabi_policy(ref, offered, rng, skill):
    """A driver that plays well at times (it knows every card: it is no bot): plays a card that fits,
    hints when it can, discards otherwise; else at random."""
    if rng.random() >= skill:
        return rng.choice(offered)
    p = ref.to_move
    if ref.hinting is None:
        for i, (c, k) in enumerate(ref.hands[p], 1):
            if ref.fireworks[c] == k - 1:
                return f"play {i}"
        hints = [m for m in offered if m.startswith("hint")]
        discards = [m for m in offered if m.startswith("discard")]
        pick = hints if hints and (not discards or rng.random() < 0.5) else discards or offered
        return rng.choice(pick)
    return rng.choice(offered)


def _play_hanabi(n, seed, skill):
    rules = _load(HANABI)
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    ref = HanabiReferee(s)
    ref.check(s)
    moves = 0
    while not s.over:
        assert not ref.over
        assert G.current_player(s) == ref.to_move
        offered = sorted(legal_texts(s))
        assert offered == ref.legal(), (offered, ref.legal())
        text = _hanabi_policy(ref, offered, rng, skill)
        S.play(s, next(a for a in G.legal_actions(s) if S.describe(s, a) == text))
        ref.move(text)
        moves += 1
        every_card_once(s)
        ref.check(s)
    assert ref.over
    result = G.result(s)
    assert result["scores"] == [ref.score()] * n and result["winners"] == list(range(n))
    return ref, moves


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_hanabi_referee(n):
    ends = Counter()
    for seed in range(30):
        ref, _ = _play_hanabi(n, seed, [0.0, 0.6, 0.97][seed % 3])
        ends["fuses" if ref.fuses == 3 else "25" if ref.score() == 25 else "deck"] += 1
    assert ends["fuses"] and ends["deck"]


@pytest.mark.soak
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_hanabi_referee_soak(n):
    for seed in range(60, 400):
        _play_hanabi(n, seed, [0.0, 0.6, 0.97, 1.0][seed % 4])


# -- Hanabi: scripted deals --------------------------------------------------------------------------

def _hanabi_deal(hands, rest=()):
    """Two players, seat 0 deals: seat 1 has the first turn.  hands[p]: the cards from place 1 up."""
    rules = _load(HANABI)
    s = S.stacked_game(rules, 2, [hands[p][i] for i in range(5) for p in (1, 0)] + list(rest))
    assert [_z(s, "hand", p) for p in (0, 1)] == [hands[0], hands[1]]
    return s


def test_hanabi_hints_plays_a_misplay_and_discards_worked_by_hand():
    s = _hanabi_deal({1: ["1/red", "1/red", "2/red", "5/white", "3/green"],
                      0: ["1/blue", "2/blue", "4/yellow", "1/green", "5/red"]}, ["3/red", "4/red", "2/green"])
    # seat 1 may not discard with all 8 tokens; it tells seat 0 its ones
    assert sorted(legal_texts(s)) == ["hint 0"] + [f"play {i}" for i in range(1, 6)]
    S.play(s, ("hint", 0))
    assert sorted(legal_texts(s)) == ["colour blue", "colour green", "colour red", "colour yellow",
                                      "number 1", "number 2", "number 4", "number 5"]
    S.play(s, ("number", 1))
    assert _v(s, "tokens") == 7 and G.current_player(s) == 0
    assert _v(s, "number_known")[0] == [1, 0, 0, 1, 0] and _v(s, "number_not")[0] == [[], [1], [1], [], [1]]
    assert _v(s, "colour_known") == [[None] * 5, [None] * 5]
    # seat 0 plays its first card, the blue 1, and draws the red 3 into place 5
    S.play(s, ("play", 1))
    assert _z(s, "firework", "blue") == ["1/blue"]
    assert _z(s, "hand", 0) == ["2/blue", "4/yellow", "1/green", "5/red", "3/red"]
    assert _v(s, "number_known")[0] == [0, 0, 1, 0, 0] and _v(s, "number_not")[0] == [[1], [1], [], [1], []]
    # seat 1 plays the green 3 from place 5: no green firework yet, a fuse burns; it draws the red 4
    S.play(s, ("play", 5))
    assert _v(s, "fuses") == 1 and _z(s, "discards") == ["3/green"] and _z(s, "hand", 1)[-1] == "4/red"
    # seat 0 tells seat 1 its reds: places 1, 2, 3 and the new 5; the white 5 is not red
    S.play(s, ("hint", 1), ("colour", "red"))
    assert _v(s, "colour_known")[1] == ["red", "red", "red", None, "red"]
    assert _v(s, "colour_not")[1] == [[], [], [], ["red"], []] and _v(s, "tokens") == 6
    # a second colour hint adds to what was ruled out, and a hint to the same colour again changes nothing
    S.play(s, ("hint", 0), ("colour", "yellow"))
    S.play(s, ("hint", 1), ("colour", "white"))
    assert _v(s, "colour_known")[1] == ["red", "red", "red", "white", "red"]
    assert _v(s, "colour_not")[1] == [["white"], ["white"], ["white"], ["red"], ["white"]]
    assert _v(s, "colour_known")[0] == [None, "yellow", None, None, None]
    assert _v(s, "tokens") == 4
    # seat 1 discards place 4 (the white 5): a token back, the green 2 drawn
    S.play(s, ("discard", 4))
    assert _v(s, "tokens") == 5 and _z(s, "hand", 1) == ["1/red", "1/red", "2/red", "4/red", "2/green"]
    assert _v(s, "colour_known")[1] == ["red", "red", "red", "red", None]


def test_hanabi_a_five_wins_a_token_back_unless_all_eight_are_in():
    s = _hanabi_deal({1: ["1/red", "2/red", "3/red", "4/red", "5/red"],
                      0: ["1/blue", "2/blue", "3/blue", "4/blue", "5/blue"]})
    for i in range(5):
        S.play(s, ("play", 1))                       # seat 1: the red 1, 2, ... from place 1
        if i < 4:
            S.play(s, ("play", 1))                   # seat 0: the blue ones
    assert _z(s, "firework", "red") == ["1/red", "2/red", "3/red", "4/red", "5/red"]
    assert _v(s, "tokens") == 8                      # the red 5 with all eight tokens in: none more
    S.play(s, ("hint", 1), ("number", 1))
    assert _v(s, "tokens") == 7
    S.play(s, ("discard", 1))                        # seat 1
    S.play(s, ("play", 1))                           # seat 0: the blue 5, with 8 tokens back
    assert _v(s, "tokens") == 8 and len(_z(s, "firework", "blue")) == 5


def test_hanabi_the_third_fuse_ends_the_game_and_the_fireworks_count():
    s = _hanabi_deal({1: ["1/red", "3/red", "3/white", "4/green", "2/blue"],
                      0: ["1/blue", "5/red", "5/blue", "4/white", "2/green"]})
    S.play(s, ("play", 1), ("play", 1))               # the red 1, the blue 1
    S.play(s, ("play", 1), ("play", 1))               # the red 3 and the red 5: two fuses
    assert _v(s, "fuses") == 2 and not s.over and _z(s, "discards") == ["3/red", "5/red"]
    S.play(s, ("play", 1))                            # the white 3: the third
    assert s.over and _v(s, "fuses") == 3
    assert G.result(s)["scores"] == [2, 2]


def test_hanabi_everyone_has_one_more_turn_once_the_deck_is_empty():
    rules = _load(HANABI)
    s = G.new_game(rules, 3, 4)
    stock, discards = rules.zones["stock"].index, rules.zones["discards"].index
    s.z[discards].extend(s.z[stock][:-1])            # leave one card in the deck
    del s.z[stock][:-1]
    S.refresh(s)
    S.play(s, ("play", 1))                           # seat 1 plays a card and draws the last one
    order = [1]
    while not s.over:
        p = G.current_player(s)
        order.append(p)
        S.play(s, ("hint", (p + 1) % 3))
        G.apply(s, G.legal_actions(s)[0])
    # seat 1 drew the last card on the first turn; seats 2, 0 and 1 have one turn more each
    assert order == [1, 2, 0, 1] and S.zone(s, "stock") == []


# -- Blind Man's Bluff: the referee ------------------------------------------------------------------

HIGH = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


class BluffReferee:
    """Chips, the pot, who takes part, who calls, the showdown (the cards are read from the deal)."""

    def __init__(self, n, start=10, hands=30):
        self.n, self.hands_most, self.start = n, hands, start
        self.chips, self.pot = [start] * n, 0
        self.dealer, self.hand_no = 0, 0
        self.over = False

    def new_hand(self, s):
        """At the hand's first decision: the antes are in, the cards dealt."""
        self.hand_no += 1
        self.playing = [p for p in range(self.n) if self.chips[p] >= 2]
        for p in self.playing:
            self.chips[p] -= 1
            self.pot += 1
        self.cards = {p: _z(s, "forehead", p) for p in range(self.n)}
        assert all(len(self.cards[p]) == (p in self.playing) for p in range(self.n))
        self.queue = [(self.dealer + k) % self.n for k in range(1, self.n + 1)]
        self.queue = [p for p in self.queue if p in self.playing]
        self.called = []

    def to_move(self):
        return self.queue[0]

    def move(self, text):
        p = self.queue.pop(0)
        if text == "call":
            self.chips[p] -= 1
            self.pot += 1
            self.called.append(p)
        if not self.queue:
            self._showdown()

    def _showdown(self):
        if self.called:
            rank = {p: HIGH.index(self.cards[p][0][:-1]) for p in self.called}     # 10♥ -> 10
            top = max(rank.values())
            best = [p for p in self.called if rank[p] == top]
            share = self.pot // len(best)
            for p in best:
                self.chips[p] += share
            self.pot -= share * len(best)
        able = [p for p in range(self.n) if self.chips[p] >= 2]
        self.over = len(able) <= 1 or self.hand_no >= self.hands_most
        self.dealer = (self.dealer + 1) % self.n

    def check(self, s):
        assert _v(s, "chips") == self.chips and _v(s, "pot") == self.pot
        assert sum(self.chips) + self.pot == self.start * self.n


def _play_bluff(n, seed, start=10):
    rules = _load(BLUFF, start_chips=start)
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    ref = BluffReferee(n, start)
    hand = None
    while not s.over:
        if s.hand_no != hand:
            hand = s.hand_no
            assert not ref.over and _v(s, "dealer") == ref.dealer
            ref.new_hand(s)
        ref.check(s)
        assert G.current_player(s) == ref.to_move()
        assert sorted(legal_texts(s)) == ["call", "fold"]
        move = rng.choice(["call", "fold"])
        S.play(s, (move, None))
        ref.move(move)
        every_card_once(s)
    ref.check(s)
    assert ref.over
    result = G.result(s)
    top = max(ref.chips)
    assert result["scores"] == ref.chips and result["winners"] == [p for p in range(n) if ref.chips[p] == top]
    return ref


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_bluff_referee(n):
    ended_early = 0
    for seed in range(25):
        ref = _play_bluff(n, seed, 3 if seed % 2 else 10)
        ended_early += ref.hand_no < 30
    assert ended_early


@pytest.mark.soak
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_bluff_referee_soak(n):
    for seed in range(25, 400):
        _play_bluff(n, seed, [3, 10, 5][seed % 3])


def test_bluff_a_tie_splits_the_pot_an_odd_chip_and_an_uncalled_pot_stay_and_a_short_stack_sits_out():
    rules = _load(BLUFF)
    s = S.stacked_game(rules, 3, ["K♣", "K♦", "2♠"])             # dealt to seats 1, 2, 0
    assert [_z(s, "forehead", p) for p in range(3)] == [["2♠"], ["K♣"], ["K♦"]]
    assert _v(s, "chips") == [9, 9, 9] and _v(s, "pot") == 3
    S.play(s, ("call", None))                                      # seat 1
    S.play(s, ("call", None))                                      # seat 2
    assert G.current_player(s) == 0
    S.play(s, ("fold", None))
    # the two Kings split 5 chips: 2 each, one stays in the pot; hand 2 antes 3 more
    assert s.hand_no == 2 and _v(s, "chips") == [8, 9, 9] and _v(s, "pot") == 1 + 3
    assert G.current_player(s) == 2                                # seat 1 deals now
    S.set_var(s, "chips", 1, key=1)                                # seat 1 is down to one chip
    for _ in range(3):
        S.play(s, ("fold", None))
    assert s.hand_no == 3 and _v(s, "pot") == 4 + 2                # nobody called: the pot stays
    assert _v(s, "playing") == [0, 2] and S.zone(s, "forehead", 1) == []
    assert _v(s, "chips") == [7, 1, 8]
    assert G.current_player(s) == 0                                # seat 2 deals; seat 1 sits out
    S.play(s, ("fold", None))
    assert G.current_player(s) == 2


# -- bots know only what their seat may know ---------------------------------------------------------

def _positions(rules, n, seed, seat, decision, policy=None):
    """The positions at every decision of one hand of a random game, up to `seat`'s decision number
    `decision` in that hand (one that offers a choice); None if the hand ends first."""
    rng = random.Random(seed)
    s = G.new_game(rules, n, seed)
    states, mine = [], 0
    while not s.over and s.hand_no == 1:
        states.append(G.clone(s))
        if s.pending.player == seat and len(s.pending.actions) > 1:
            mine += 1
            if mine == decision:
                return states
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    return None


def _every_card(s):
    return [c for c in _flat([s.z[info.index] for info in s.rules.zone_list])]


def _never_seen(states, seat):
    """The cards `seat` was never shown: not in its observation at any decision, never revealed, never
    played face up to a trick (seen in flight, even when gathered at once), never chosen by itself."""
    seen = set()
    for st in states:
        seen |= {c for c in _flat(G.observation(st, seat)["zones"]) if isinstance(c, int)}
        seen |= st.revealed
    for q, (name, value) in states[-1].history[len(states[0].history):]:
        if q == seat or name == "play":
            seen |= {c for c in _flat([value]) if isinstance(c, int)}
    return sorted(c for c in _every_card(states[-1]) if c not in seen)


def _relabelled(st, sigma):
    """A copy of the position as if the deal had put the cards of `sigma` the other way: zones, shown
    cards and the state variables that name cards."""
    c = G.clone(st)
    for info in c.rules.zone_list:
        parts = c.z[info.index]
        parts = parts.values() if isinstance(parts, dict) else parts if info.per == "player" else [parts]
        for part in parts:
            part[:] = [[sigma.get(x, x) for x in g] if isinstance(g, list) else sigma.get(g, g) for g in part]
    c.revealed = {sigma.get(x, x) for x in c.revealed}
    G.rename_cards(c, {a: b for a, b in sigma.items() if a != b})
    if c.pending is not None:     # another player's moves name its cards: as the deal put them now
        def swap(action):
            name, value = action
            if isinstance(value, int) and not isinstance(value, bool) and S.card_option(c, name):
                return (name, sigma.get(value, value))
            if isinstance(value, (list, tuple)) and value and all(isinstance(x, int) for x in value) \
                    and S._option_type(c, name) in ("cards", "list:card"):
                return (name, type(value)(sigma.get(x, x) for x in value))
            return action
        p = c.pending
        c.pending = Choice(p.player, [swap(a) for a in p.actions], p.handlers, p.label)
    return c


def _exchanges(rules, n, seeds, seats, rng, zone=None, most=3, start=1):
    """(states, exchanged states, seat): positions in which the cards a seat never saw (only those lying
    in `zone` at its decision, if given) are dealt the other way."""
    out = []
    for seed in seeds:
        for seat in seats:
            states = _positions(rules, n, seed, seat, start + seed % most)
            if states is None:
                continue
            hidden = _never_seen(states, seat)
            if zone is not None:
                where = set(_flat([states[-1].z[rules.zones[zone].index]]))
                hidden = [c for c in hidden if c in where]
            if len(hidden) < 2:
                continue
            shuffled = list(hidden)
            while shuffled == hidden:
                rng.shuffle(shuffled)
            sigma = dict(zip(hidden, shuffled))
            moved = [_relabelled(st, sigma) for st in states]
            # nothing the seat may know changed; the moves it is offered name no card it cannot see
            assert moved[-1].pending.actions == states[-1].pending.actions
            out.append((states, moved, seat))
    return out


def _bot_choice(bot_name, states, seat, bot=None):
    bot = bot or make_bot(bot_name, 17, {"playouts": 24, "worlds": 4, "samples": 2})
    bot.seat = seat
    for st in states:
        bot.observe(st)
    final = states[-1]
    return final.pending.actions[bot.decide(final, seat, final.pending.actions)]


def _same_view_same_choice(rules, n, seeds, seats, bots, zone=None, least=4, most=3, start=1):
    cases = _exchanges(rules, n, seeds, seats, random.Random(5), zone, most, start)
    assert len(cases) >= least, len(cases)
    for states, moved, seat in cases:
        for a, b in zip(states, moved):
            assert G.observation(a, seat) == G.observation(b, seat)
        for bot in bots:
            assert _bot_choice(bot, states, seat) == _bot_choice(bot, moved, seat), (bot, seat)
    return cases


@pytest.mark.parametrize("bot", ["search", "greedy"])
def test_bluff_bots_decide_the_same_whatever_their_own_card(bot):
    rules = _load(BLUFF)
    _same_view_same_choice(rules, 4, range(4), range(4), [bot], least=16, most=1)


@pytest.mark.parametrize("bot", ["search", "greedy"])
def test_hanabi_bots_decide_the_same_whatever_their_own_hand_and_the_deck(bot):
    rules = _load(HANABI)
    _same_view_same_choice(rules, 3, range(4), range(3), [bot], least=8)


def test_the_exchange_catches_a_bot_that_reads_its_own_hand():
    """A cheat that plays a card of its own hand that fits a firework (and calls with a high card in
    Blind Man's Bluff): the exchange of the cards it cannot see changes its choices."""
    class Cheat:
        def __init__(self, zone):
            self.zone = zone

        def observe(self, state):
            pass

        def decide(self, s, seat, actions):
            mine = s.z[s.rules.zones[self.zone].index][seat]
            key = sum(s.rules.universe.rank_index[c] for c in mine)
            return key % len(actions)
    for name, zone, n in ((HANABI, "hand", 3), (BLUFF, "forehead", 4)):
        cases = _exchanges(_load(name), n, range(6), range(n), random.Random(5), most=1)
        differ = sum(_bot_choice(None, a, seat, Cheat(zone)) != _bot_choice(None, b, seat, Cheat(zone))
                     for a, b, seat in cases)
        assert differ > 0, name


def test_bluff_the_search_bot_reads_the_other_foreheads():
    """Seat 0 decides last, after seats 1 and 2 called: against two Aces it folds, against two 2s it calls
    (whatever its own card: it cannot see it)."""
    rules = _load(BLUFF)
    for others, wanted in ((["A♣", "A♦"], "fold"), (["2♣", "2♦"], "call")):
        for own in ("7♠", "K♠"):
            s = S.stacked_game(rules, 3, others + [own])
            S.play(s, ("call", None), ("call", None))
            assert G.current_player(s) == 0
            choice = _bot_choice("search", [s], 0, make_bot("search", 3, {"playouts": 200, "worlds": 20}))
            assert choice[0] == wanted, (others, own, choice)


def test_bundled_games_seats_see_the_same_and_bots_choose_the_same_whatever_they_cannot_see():
    """Scala Quaranta (the other hand and the stock's order) and Hearts (the other hands, after the
    passes): the observation of every position of the hand is the same, and so are the bots' choices."""
    scala = load_ruleset(str(ROOT / "rulesets/scala40/scala40.yaml")).rules
    _same_view_same_choice(scala, 2, range(3), range(2), ["greedy", "search"])
    hearts = load_ruleset(str(ROOT / "rulesets/hearts/hearts.yaml")).rules
    cases = _same_view_same_choice(hearts, 4, range(2), range(4), ["greedy", "search"], start=4)   # after passing
    assert all(case[0][-1].pending.actions[0][0] == "play" for case in cases)


def test_scala40_only_the_stock_order_changed_is_not_seen_either():
    """The stock's order alone dealt the other way (the next card drawn differs): same view, same choice;
    a bot that reads the top of the stock is caught."""
    scala = load_ruleset(str(ROOT / "rulesets/scala40/scala40.yaml")).rules
    cases = _same_view_same_choice(scala, 2, range(3, 7), range(2), ["search"], zone="stock")

    class TopReader:
        def observe(self, state):
            pass

        def decide(self, s, seat, actions):
            return s.z[s.rules.zones["stock"].index][-1] % len(actions)
    differ = sum(_bot_choice(None, a, seat, TopReader()) != _bot_choice(None, b, seat, TopReader())
                 for a, b, seat in cases)
    assert differ > 0


def test_a_scenario_move_named_play_whose_options_are_places_is_not_read_as_a_card(tmp_path):
    """`{move: play, value: 1}` for a move named play that offers places (Hanabi's 'play the card at
    place 1'): it was refused as "'1' is not a card"; a card play written so is still read as a card."""
    from interpreter.cli.main import main
    scenario = tmp_path / "places.scenario.yaml"
    scenario.write_text(f"ruleset: {HERE / 'hanabi.yaml'}\nplayers: 2\nscenarios:\n  - name: place one\n"
                        "    moves:\n      - {player: 1, move: play, value: 1}\n"
                        "      - {player: 0, move: play, value: 9}\n")
    out = _run_cli(main, ["test", str(scenario)])
    assert "move 2: play 9 is not legal for player 0" in out and "is not a card" not in out
    trick = tmp_path / "trick.scenario.yaml"
    trick.write_text("ruleset: scotch-whist\nplayers: 4\nscenarios:\n  - name: a card\n"
                     "    moves:\n      - {move: play, value: Jx}\n")
    assert "'Jx' is not a card of" in _run_cli(main, ["test", str(trick)])


def _run_cli(main, argv):
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            main(argv)
        except SystemExit:
            pass
    return out.getvalue()


BLIND_TRICKS = """
name: Blind tricks
players: {count: [3]}
pack: {ranks: ["9", "10", J, Q, K, A]}
orders: {plain: ["9", "10", J, Q, K, A]}
zones:
  stock: {}
  hand: {per: player, visibility: others}
  trick: {visibility: public}
  won: {per: player, visibility: public}
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]"}
end:
  after_hand: true
  winners: argmax(players, p => count(won[p]))
"""


def test_validate_warns_when_tricks_are_played_from_a_hand_its_player_cannot_see(tmp_path):
    """A trick block offers the cards of the hand as moves: with a hand of 'visibility: others' the player
    (and its bot) would learn them from the moves.  Warned at the block's hand, once; not with 'owner'."""
    path = tmp_path / "blind.yaml"
    path.write_text(BLIND_TRICKS)
    warned = [d for d in load_ruleset(str(path), dry_run=True).diagnostics if d.rule == "hidden-options"]
    assert len(warned) == 1 and warned[0].severity == "warning" and "tricks block" in warned[0].message
    assert BLIND_TRICKS.splitlines()[warned[0].line - 1][warned[0].col - 1:].startswith("hand, trick")
    path.write_text(BLIND_TRICKS.replace("visibility: others", "visibility: owner"))
    assert not [d for d in load_ruleset(str(path), dry_run=True).diagnostics if d.rule == "hidden-options"]


# -- a seat's log in `rules play` ----------------------------------------------------------------------

def _session_log(rules, n, seat, seed, decisions=40):
    from interpreter.playtest.session import Session
    session = Session(rules, n, seed=seed, humans=[seat], bots=["random"])
    session.run_bots()
    rng = random.Random(seed)
    for _ in range(decisions):
        if session.state.over:
            break
        session.choose(seat, rng.randrange(len(session.state.pending.actions)))
    return session


def test_a_seats_log_names_no_copy_of_a_card_it_did_not_see():
    """With identical copies, the log was masked by name: a card name the seat knew from one copy showed
    another copy where it could not see it (Scala Quaranta's deal showed a 4♣ in the other hand because
    the discard pile's 4♣ was in sight; a Hanabi player read its own 1s and draws)."""
    draws = 0
    for path, n, seat in ((ROOT / "rulesets/scala40/scala40.yaml", 2, 0), (HERE / "hanabi.yaml", 3, 1)):
        rules = load_ruleset(str(path)).rules
        for seed in range(4):
            session = _session_log(rules, n, seat, seed)
            log = [line for line in session.seat_log(seat)]
            deals = [e for e in log if e.get("event") == "deal" and e.get("each")]
            assert deals and all(set(cards) == {"?"} for e in deals for p, cards in e["each"] if p != seat
                                 and rules.zones[e["to"]].visibility == "owner")
            assert all(set(cards) == {"?"} for e in deals for p, cards in e["each"] if p == seat
                       and rules.zones[e["to"]].visibility == "others")
            # a card drawn into a hand the seat cannot see is '?' in its log, whatever copies it saw
            unseen = [e for e in log if e.get("event") == "move" and e.get("to") in
                      ([f"hand[{q}]" for q in range(n) if q != seat] if path.name.startswith("scala") else
                       [f"hand[{seat}]"]) and e.get("source") == ["stock"]]
            assert all(set(e["cards"]) == {"?"} for e in unseen)
            draws += len(unseen)
    assert draws > 10


def test_a_card_another_player_picks_in_secret_is_hidden_though_the_seat_holds_its_twin(tmp_path):
    """With two packs, a choice event was masked by name: a player picking a card to pass in secret showed
    its name to a seat holding the other copy.  Own picks and cards played to the trick stay named."""
    text = (ROOT / "tests/rulesets_review6/pass-three.yaml").read_text(encoding="utf-8")
    path = tmp_path / "pass-two-packs.yaml"
    path.write_text(text.replace("  remove: {cards: [2♣]}", "  copies: 2"), encoding="utf-8")
    rules = load_ruleset(str(path)).rules
    hidden = named = plays = 0
    for seed in range(6):
        session = _session_log(rules, 3, 0, seed, decisions=12)
        for e in session.seat_log(0):
            if e.get("event") != "choice":
                continue
            name, value = e["action"]
            if name == "pick":
                assert (value == "?") == (e["player"] != 0), e
                hidden += value == "?"
                named += value != "?"
            elif name == "play":
                assert value != "?", e
                plays += 1
    assert hidden >= 30 and named >= 15 and plays >= 10


# -- explain -----------------------------------------------------------------------------------------

def test_explain_reads_the_hanabi_and_bluff_rules_without_garbles():
    from interpreter.authoring.explain import explain
    hanabi = explain(_load(HANABI))
    # an item taken at the position of a number being counted: named, not 'at position the number of X'
    assert "the card at position *j* of the *target*'s *hand* (counting from 0)" in hanabi
    assert "for each *j* of the numbers from 0 to the number of cards in the *target*'s *hand* minus 1" in hanabi
    assert "at position the number of" not in hanabi
    # two lists joined, not added; one card, not '1 cards'
    assert ("the first items of the *mover*'s *colour_known*, as many as the *place* minus 1 together with the "
            "last items of the *mover*'s *colour_known*") in hanabi
    assert "Move the top card of *stock* from *stock* to the *mover*'s *hand*." in hanabi
    assert "- The game is won by every player together." in hanabi
    # a move's condition after its options is set apart: not read as part of their description
    assert ("**hint** with a player chosen from the players who are not the current player, allowed when the "
            "*tokens* are more than 0:") in hanabi
    bluff = explain(_load(BLUFF))
    assert "among the *called* (all of them on a tie)." in bluff


def test_a_definition_named_as_a_built_in_function_is_told_how_to_mend_it(tmp_path):
    path = tmp_path / "clash.yaml"
    path.write_text((HERE / "hanabi.yaml").read_text().replace("built:", "total:").replace("built ==", "total ==")
                    .replace("score: built", "score: total"))
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    clash = [d for d in errors if "already used by a built-in function" in d.message]
    assert len(clash) == 1 and "total(cards, key)" in clash[0].message and "another name" in (clash[0].hint or "")


def test_a_ranking_that_reads_the_players_own_hidden_hand_is_warned_with_a_hint_that_fits(tmp_path):
    """Hanabi's priority-bot ranking of 'play' by the number of the card played reads the player's own
    hand, which it cannot see: warned, and the hint no longer says 'its own zones (hand[p])'.  A ranking
    of the neighbour's cards reads what the player sees: not warned."""
    path = tmp_path / "peek.yaml"
    path.write_text((HERE / "hanabi.yaml").read_text().replace("end:\n", 'bots:\n  rank:\n'
                    '    play: "number(hand[p][option - 1])"\n    discard: "0 - number(hand[left_of(p)][0])"\nend:\n'))
    warned = [d for d in load_ruleset(str(path), dry_run=True).diagnostics if d.rule == "bots"]
    assert len(warned) == 1 and "'play'" in warned[0].message
    assert "never its own hand[p]" in warned[0].hint and "(hand[p])" not in warned[0].hint


@pytest.mark.soak
def test_bundled_games_seats_see_the_same_and_bots_choose_the_same_soak():
    scala = load_ruleset(str(ROOT / "rulesets/scala40/scala40.yaml")).rules
    _same_view_same_choice(scala, 2, range(3, 40), range(2), ["greedy", "search"], most=8)
    _same_view_same_choice(scala, 2, range(40, 60), range(2), ["search"], zone="stock", most=8)
    hearts = load_ruleset(str(ROOT / "rulesets/hearts/hearts.yaml")).rules
    _same_view_same_choice(hearts, 4, range(2, 20), range(4), ["greedy", "search"], start=1, most=10)
    for name, n in ((HANABI, 3), (HANABI, 5), (BLUFF, 6)):
        _same_view_same_choice(_load(name), n, range(4, 30), range(n), ["greedy", "search"],
                               most=1 if name == BLUFF else 6)


def test_the_exchange_catches_a_bot_that_reads_another_players_moves_offered():
    """A cheat that remembers the cards another player was offered (its legal plays, its hand) while
    watching: Hearts positions after the passes; the exchange relabels those offers too, so it is caught."""
    class Watcher:
        def __init__(self):
            self.noted = 0

        def observe(self, s):
            if s.pending is not None and s.pending.player != self.seat:
                self.noted += sum(a[1] for a in s.pending.actions if isinstance(a[1], int))

        def decide(self, s, seat, actions):
            return self.noted % len(actions)
    hearts = load_ruleset(str(ROOT / "rulesets/hearts/hearts.yaml")).rules
    cases = _exchanges(hearts, 4, range(4), range(4), random.Random(5), start=4)
    differ = sum(_bot_choice(None, a, seat, Watcher()) != _bot_choice(None, b, seat, Watcher())
                 for a, b, seat in cases)
    assert len(cases) > 8 and differ > 0
