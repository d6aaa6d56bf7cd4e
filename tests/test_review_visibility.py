"""Who may see what, on games the engine has never seen (tests/rulesets_review27/, each says at its top
what game it is and which readings it keeps): Hanabi (every player sees every hand but their own, and
plays from what hints told them) and Blind Man's Bluff (one card held to the forehead); and the
information contract of bundled games with hidden cards (Scala Quaranta, Hearts with its passes).

- `visibility: others`: a zone kept per player whose cards everyone sees but its owner.  The
  observation, `hidden_from`, the sampled worlds of the bots, the game log and a seat's table follow it.
- `pack: copies_by_rank`: a pack with more copies of some ranks than of others (three 1s, one 5).
- A seat's observation names no card hidden from it, not even through a state variable of kind cards.
- Referees written here from the rules (sharing no code with the engine) follow random games move by
  move: the moves offered, the hint knowledge, the fireworks, tokens and fuses, the chips and the pot.
- Bots given what their seat may know decide the same whatever the hidden cards are (their own hand
  in Hanabi, their own card in Blind Man's Bluff, the others' hands and the stock's order elsewhere).
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.bots.base import make_bot
from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset
from tests.scripted import every_card_once, legal_texts, load_from, var as _v, zone_names as _z

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "rulesets_review27"
BLUFF = "blind-mans-bluff"
HANABI = "hanabi"


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


# -- pack: copies_by_rank ----------------------------------------------------------------------------

def test_copies_by_rank_gives_three_ones_two_of_the_middle_and_one_five():
    rules = _load(HANABI)
    for n in (2, 3, 4, 5):
        deck = rules.deck(n)
        counts = Counter(_names(rules, deck))
        assert len(deck) == 50 and len(counts) == 25
        assert all(counts[f"{r}/{c}"] == {"1": 3, "5": 1}.get(r, 2)
                   for r in "12345" for c in ("red", "yellow", "green", "blue", "white"))
    s = G.new_game(rules, 3, 1)
    every_card_once(s)


def test_copies_by_rank_explained_checked_and_named_in_scenarios(tmp_path):
    from interpreter.authoring.explain import explain
    text = explain(_load(HANABI))
    assert ("3 copies of each card of rank 1, 2 copies of each card of ranks 2, 3 and 4 and 1 copy of each "
            "card of rank 5.") in text
    assert "| 3 | 50 | - | 5 in hand |" in text        # no card is left out: each has a copy
    rules = _load(HANABI)
    assert len(S.cards(rules, ["1/red"] * 3)) == 3
    with pytest.raises(ValueError, match=r"named more often than the pack has it \(1 copy\)"):
        S.cards(rules, ["5/red", "5/red"])
    bad = (HERE / f"{HANABI}.yaml").read_text().replace('copies_by_rank: {"1": 3, "5": 1}',
                                                       'copies_by_rank: {"1": 3, "6": 1}')
    path = tmp_path / "bad.yaml"
    path.write_text(bad)
    errors = [d for d in load_ruleset(str(path)).diagnostics if d.severity == "error"]
    assert len(errors) == 1 and "'6' is not one of the pack's ranks" in errors[0].message


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
            in_state = {c for info in typed for c in _flat(obs["state"][info.index]) if isinstance(c, int)}
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
    assert G.observation(s, mover)["state"][index] == s.v[index]           # its own hand: seen
    other = G.observation(s, 1 - mover)["state"][index]
    assert len(other) == len(s.v[index]) and set(other) == {None}
