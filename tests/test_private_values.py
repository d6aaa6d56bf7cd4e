"""Values only their player sees (`state: {x: {per: player, visibility: owner}}`) and cards put at a place
inside a zone (`move: {position: EXPR}`), openly or in secret (docs/reference.md, docs/patterns.md).

A private value is None for the other seats in observations, '?' in their `rules play` view and log, at
its initial value in the worlds their bots imagine (so a bot decides the same whatever the others hold),
and a score that reads it is not shown to them mid-game.  A place read from a private value is known to
its player alone: the others stop seeing the zone's cards where they were and their bots forget its order.
"""
from __future__ import annotations

import random

import pytest

from interpreter.bots.base import load_bots, make_bot
from interpreter.bots.sampling import Watcher
from interpreter.engine import game as G
from interpreter.engine.steps import SHUFFLED
from interpreter.ruleset.loader import load_ruleset

load_bots()

CHIPS = """
name: Secret chips
players: {count: [3], default: 3}
pack: {ranks: ["1", "2", "3", "4", "5", "6"], suits: [x], zone: deck}
zones:
  deck: {visibility: hidden}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
state:
  chips: {per: player, initial: 5, visibility: owner, description: chips kept face down}
  spent: {per: player, initial: 0, visibility: owner, scope: hand}
hand:
  - gather: {from: [pile, hand], to: deck}
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - select: {players: players, options: "range(0, min(chips[player], 3))", set: spent}
  - for_each:
      in: players
      as: p
      do:
        - add: {"chips[p]": "-spent[p]"}
  - for_each:
      in: players
      as: p
      do:
        - choose:
            player: p
            moves:
              keep: {}
              steal:
                options: "filter(players, q => q != p)"
                do:
                  - add: {"chips[p]": "min(chips[option], 2)"}
                  - add: {"chips[option]": "-min(chips[option], 2)"}
  - move: {cards: "last(deck)", from: deck, to: pile}
end:
  after_hand: hand_number == 3
  score: chips[p]
  winners: argmax(players, p => chips[p])
"""


def _rules(tmp_path, text, name="game"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _at_choice(rules, seed, seat=0):
    """A game at the first keep-or-steal decision of `seat` after the chips have been spent."""
    s = G.new_game(rules, 3, seed)
    rng = random.Random(seed)
    while not s.over:
        if s.pending.player == seat and s.pending.actions[0][0] in ("keep", "steal") and s.hand_no == 2:
            return s
        G.apply_index(s, rng.randrange(len(s.pending.actions)))
    raise AssertionError("no such decision")


def _chips(s):
    return list(s.v[s.rules.vars["chips"].index])


def test_a_private_value_is_seen_by_its_player_alone(tmp_path):
    rules = _rules(tmp_path, CHIPS)
    s = _at_choice(rules, 4)
    real = _chips(s)
    for seat in range(3):
        seen = G.observation(s, seat)["state"]["chips"]
        assert seen == [real[q] if q == seat else None for q in range(3)]


def test_the_worlds_a_bot_imagines_hold_the_others_private_values_at_their_start(tmp_path):
    rules = _rules(tmp_path, CHIPS)
    s = _at_choice(rules, 3)
    real = _chips(s)
    assert real[1:] != [5, 5], "the game should have spent some chips by now"
    watcher = Watcher(0, random.Random(1))
    world = watcher.sample(s)
    assert _chips(world) == [real[0], 5, 5]
    assert _chips(s) == real                      # the real game is untouched


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_a_bot_decides_the_same_whatever_the_others_private_values(tmp_path, bot):
    """The others' chips changed behind the seat's back: its bot, with the same seed, chooses the same."""
    rules = _rules(tmp_path, CHIPS)
    compared = 0
    for seed in range(6):
        s = _at_choice(rules, seed)
        other = G.clone(s)
        values = other.v[rules.vars["chips"].index] = _chips(s)
        values[1], values[2] = values[1] + 7, 0
        picks = []
        for state in (s, other):
            b = make_bot(bot, 3, {"playouts": 12, "worlds": 2, "samples": 2})
            b.seat = 0
            b.observe(state)
            picks.append(b.decide(state, 0, state.pending.actions))
        assert picks[0] == picks[1], seed
        compared += 1
    assert compared == 6


def test_rules_play_shows_another_players_private_value_as_unknown(tmp_path):
    from interpreter.playtest import view as V
    from interpreter.playtest.session import Session
    rules = _rules(tmp_path, CHIPS)
    session = Session(rules, seed=2, humans=(0,), bots=["random"])
    session.run_bots()
    while session.state.hand_no < 2 and not session.state.over:
        session.choose(0, session.legal(0)[-1]["index"])       # the last move: spend, steal
    view = session.view(0)
    real = _chips(session.state)
    assert view["state"]["chips"] == [real[0], V.HIDDEN, V.HIDDEN]
    lines = V.log_lines(session.seat_log(0), {"chips", "spent"})
    mine = [x for x in lines if "chips[P0]" in x or "chips[you]" in x]
    theirs = [x for x in lines if "chips[P1]" in x or "chips[P2]" in x]
    assert theirs and all(x.rstrip().endswith("?") for x in theirs), theirs
    assert mine and not any(x.rstrip().endswith("?") for x in mine), mine
    # a score that reads the chips: the seat's own, not the others'
    assert V.scores(session.state, 0)[1:] == [None, None] and V.scores(session.state, 0)[0] == real[0]


def test_visibility_owner_needs_a_value_kept_per_player(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(CHIPS.replace("  spent: {per: player, initial: 0, visibility: owner, scope: hand}",
                                  "  spent: {per: player, initial: 0, visibility: owner, scope: hand}\n"
                                  "  pot: {initial: 0, visibility: owner}"), encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert not loaded.ok
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "'pot' is not kept per player" in d.message and "per: player" in d.hint
    assert d.line == CHIPS.count("\n", 0, CHIPS.index("  spent:")) + 2


# -- a place inside a zone ---------------------------------------------------------------------------

PLACE = """
name: Places
players: {count: [2], default: 2}
pack: {ranks: ["1", "2", "3", "4", "5", "6"], suits: [x], zone: deck}
zones:
  deck: {visibility: hidden}
  hand: {per: player, visibility: owner}
state:
  spot: {per: player, initial: 0, visibility: owner}
  open_spot: {initial: 0}
hand:
  - move: {cards: "last(deck)", from: deck, to: "hand[0]"}
  - reveal: {cards: "last(deck, 2)", to: [0, 1]}
  - select: {players: "[0]", options: "range(0, count(deck))", set: spot}
  - move: {cards: "hand[0]", from: "hand[0]", to: deck, position: "WHERE"}
  - choose: {player: 1, moves: {go: {}}}
"""


def _placed(tmp_path, where, pick=None, watchers=()):
    """The game after seat 0 picked `pick` (the first option by default); `watchers` watched before."""
    rules = _rules(tmp_path, PLACE.replace("WHERE", where), f"place{abs(hash(where))}")
    s = G.new_game(rules, 2, 1)
    for w in watchers:
        w.observe(s)
    rest = [rules.universe.names[c] for c in s.z[rules.zones["deck"].index]]
    moved = rules.universe.names[s.z[rules.zones["hand"].index][0][0]]
    if pick is not None:
        G.apply_index(s, [a[1] for a in s.pending.actions].index(pick))
    else:
        G.apply_index(s, 0)
    return s, rest, moved


@pytest.mark.parametrize("above", [0, 2, 5])
def test_position_puts_the_cards_under_that_many_cards_of_the_zone(tmp_path, above):
    """0: on top (last), the zone's count: at the bottom (first)."""
    s, rest, moved = _placed(tmp_path, str(above))
    deck = [s.rules.universe.names[c] for c in s.z[s.rules.zones["deck"].index]]
    want = rest[:len(rest) - above] + [moved] + rest[len(rest) - above:]
    assert deck == want
    assert SHUFFLED not in s.extra              # a place everyone knows: the order stays known


def test_a_position_outside_the_zone_stops_the_game_saying_so(tmp_path):
    with pytest.raises(G.GameError, match=r"the position is 9: the cards go under 0 to 5 cards"):
        _placed(tmp_path, "9")


def test_a_position_that_is_no_number_nor_top_nor_bottom_is_refused_with_a_hint(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(PLACE.replace("WHERE", "middle"), encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert not loaded.ok
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "'position' is top, bottom or a number of cards, not 'middle'" in d.message and "under" in d.hint


def test_a_place_read_from_a_private_value_is_known_to_its_player_alone(tmp_path):
    """Seat 0 puts its card under `spot[0]` cards: seat 1, shown the top two cards before, no longer sees
    them where they were and its bots forget the deck's order; seat 0 still sees them."""
    seat0, seat1 = Watcher(0, random.Random(3)), Watcher(1, random.Random(3))
    s, rest, moved = _placed(tmp_path, "spot[0]", pick=1, watchers=(seat0, seat1))
    names = s.rules.universe.names
    deck = [names[c] for c in s.z[s.rules.zones["deck"].index]]
    assert deck == rest[:-1] + [moved] + rest[-1:]
    ids = s.z[s.rules.zones["deck"].index]
    assert G.observation(s, 1)["zones"]["deck"] == []
    assert G.observation(s, 0)["zones"]["deck"] == [c for c in ids if names[c] in rest[-2:]]
    assert {key for key in s.extra[SHUFFLED]} == {(s.rules.zones["deck"].index, (0,))}
    # seat 1's worlds put seat 0's card anywhere in the deck; seat 0's keep it where it is
    card = next(c for c in s.z[s.rules.zones["deck"].index] if names[c] == moved)
    places1, places0 = set(), set()
    for _ in range(40):
        places1.add(s_index(seat1.sample(s), card))
        places0.add(s_index(seat0.sample(s), card))
    assert places0 == {len(deck) - 2}
    assert len(places1) > 2


def test_a_place_everyone_can_work_out_is_no_secret(tmp_path):
    s, rest, moved = _placed(tmp_path, "open_spot + 1")
    deck = [s.rules.universe.names[c] for c in s.z[s.rules.zones["deck"].index]]
    assert deck == rest[:-1] + [moved] + rest[-1:]
    assert SHUFFLED not in s.extra


def s_index(world, card):
    return world.z[world.rules.zones["deck"].index].index(card)


def test_a_choose_moves_value_written_into_a_private_value_is_warned_of(tmp_path):
    """A choose move and its value are seen by everyone: writing the value into a private one tells it."""
    path = tmp_path / "leak.yaml"
    path.write_text(CHIPS.replace('''              keep: {}''', '''              keep: {}
              hide:
                options: range(1, 3)
                as: n
                do:
                  - set: {"spent[p]": n}'''), encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok
    [d] = [d for d in loaded.diagnostics if "seen by its player alone" in d.message]
    assert d.severity == "warning" and "move 'hide'" in d.message and "select:" in d.hint
    assert path.read_text(encoding="utf-8").splitlines()[d.line - 1].strip() == '- set: {"spent[p]": n}'
    # the same ruleset without the move: no warning
    assert not any("seen by its player alone" in d.message for d in load_ruleset(str(_write(tmp_path, CHIPS))).diagnostics)


def _write(tmp_path, text):
    path = tmp_path / "plain.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_bots_rank_that_reads_another_players_private_value_is_warned_of(tmp_path):
    """The priority bot ranks on the real game: a rank reading the chips of the player to steal from reads
    what the deciding player cannot see (the trial games' peeking check)."""
    text = CHIPS + """bots:
  rank:
    steal: chips[option]
"""
    loaded = load_ruleset(str(_write(tmp_path, text)), dry_run=True)
    assert loaded.ok
    assert any("rank of move 'steal' reads cards or values player" in d.message for d in loaded.diagnostics)
    mine = text.replace("chips[option]", "chips[p] - count(hand[option])")
    assert not any("reads cards or values" in d.message
                   for d in load_ruleset(str(_write(tmp_path, mine)), dry_run=True).diagnostics)
