"""`select:` of a value: every player picks a value in secret (a bid written down), shown together at the end.

While the step runs, the picks are kept out of the variable: no seat's observation, log or bot's sampled
world holds another seat's pick; when the last player has picked, the variable takes every pick at once."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset
from tests.helpers import ROOT, rules_of, run_cli

BIDS = "tests/rulesets_select_values/secret-bids.yaml"
SCENARIOS = ROOT / "tests" / "rulesets_select_values" / "secret-bids.scenarios.yaml"


def _bids(s):
    return list(s.v[s.rules.vars["bid"].index])


def _bid_round(seed=5):
    """A game at its first decision: the dealer (seat 0) deals, so seat 1 bids first, then 2, then 0."""
    rules = rules_of(BIDS)
    return G.new_game(rules, 3, seed, log=True)


def test_every_pick_lands_in_the_variable_when_the_last_player_has_picked():
    s = _bid_round()
    assert [s.pending.player, [a for a in s.pending.actions]] == [1, [("select", v) for v in range(6)]]
    G.apply(s, ("select", 3))
    assert s.pending.player == 2 and _bids(s) == [None, None, None]     # kept apart while others pick
    G.apply(s, ("select", 1))
    assert s.pending.player == 0 and _bids(s) == [None, None, None]
    G.apply(s, ("select", 0))
    assert _bids(s) == [0, 3, 1]                                        # all three at once
    assert s.pending.actions[0][0] == "play" and s.pending.player == 1  # the tricks follow
    assert G.secret_picks(s) == []


def test_no_seat_observes_another_pick_until_all_have_picked():
    s = _bid_round()
    G.apply(s, ("select", 3))          # seat 1
    G.apply(s, ("select", 1))          # seat 2
    seen = [G.observation(s, p)["state"]["bid"] for p in range(3)]
    # each seat sees its own pick; the others' entries are as they were when the step began (none)
    assert seen == [[None, None, None], [None, 3, None], [None, None, 1]]
    G.apply(s, ("select", 0))
    assert [G.observation(s, p)["state"]["bid"] for p in range(3)] == [[0, 3, 1]] * 3


def test_the_rules_read_the_old_value_while_the_step_runs(tmp_path):
    """A later player's options that read an earlier player's entry see the value from before the step:
    the engine itself cannot let a pick leak into what the next player is offered."""
    rules = _variant(tmp_path, "{options: 'range(0, 2) if bid[left_of(player)] == none else range(0, 5)', "
                               "set: bid}", initial="none")
    s = G.new_game(rules, 3, 1)
    counts = []
    while s.pending is not None and s.pending.actions[0][0] == "select":
        counts.append(len(s.pending.actions))
        G.apply_index(s, len(s.pending.actions) - 1)
    assert counts == [3, 3, 3] and _bids(s) == [2, 2, 2]


def test_the_logs_of_the_other_seats_say_who_picked_and_not_what():
    from interpreter.playtest.session import Session
    rules = rules_of(BIDS)
    session = Session(rules, 3, seed=5, humans=(0, 1, 2))
    session.choose(1, "select 4")
    session.choose(2, "select 2")
    for seat in (0, 2):
        text = "\n".join(session.view(seat)["log"])
        assert "P1 picks in secret" in text and "select 4" not in text and "4" not in text.split("P1 picks")[1]
        assert session.view(seat)["state"]["bid"][1] is None
    mine = "\n".join(session.view(1)["log"])
    assert "P1 select 4 (in secret)" in mine and "P2 picks in secret" in mine
    assert session.view(1)["state"]["bid"] == [None, 4, None] and session.view(2)["state"]["bid"] == [None, None, 2]
    session.choose(0, "select 0")
    for seat in range(3):
        view = session.view(seat)
        assert view["state"]["bid"] == [0, 4, 2]
        text = "\n".join(view["log"])
        assert "bid[P1] = 4" in text and "bid[P2] = 2" in text and "bid[P0] = 0" in text


def test_the_full_game_log_marks_the_picks_made_in_secret(tmp_path):
    from interpreter.sim.gamelog import log_document, render
    s = _bid_round()
    for v in (3, 1, 0):
        G.apply(s, ("select", v))
    picks = [e for e in s.events if e.get("event") == "choice"]
    assert [e.get("secret") for e in picks] == [True, True, True]
    text = render(log_document(s.rules, {"events": s.events, "players": 3}))
    assert "P1 select 3 (in secret)" in text and "bid[P1] = 3" in text


def _watch(seed, watcher_seat=0, picks=(3, 1)):
    """A bid round in which seats 1 and 2 picked `picks`, the watcher of `watcher_seat` looking on at
    every decision; returns (state, watcher)."""
    from interpreter.bots.sampling import Watcher
    s = _bid_round(seed)
    watcher = Watcher(watcher_seat, random.Random(seed))
    for v in picks:
        watcher.observe(s)
        G.apply(s, ("select", v))
    return s, watcher


def test_sampled_worlds_draw_the_hidden_picks_anew():
    drawn = {1: Counter(), 2: Counter()}
    for seed in range(120):
        s, watcher = _watch(seed)
        world = watcher.sample(s)
        [(info, picks)] = G.secret_picks(world)
        assert info.name == "bid" and [p for p, _ in picks] == [1, 2]
        for p, v in picks:
            drawn[p][v] += 1
        assert _bids(world) == [None, None, None]
        # the world's record of choices does not hold the values either
        assert [a for q, a in world.history[-2:]] == [("select", None), ("select", None)]
        # the real state is untouched: the real picks are still kept
        assert dict(G.secret_picks(s)[0][1]) == {1: 3, 2: 1}
    for p, real in ((1, 3), (2, 1)):
        assert set(drawn[p]) == set(range(6)), drawn[p]          # any bid the seat could have made
        assert drawn[p][real] < 60                                # not the real one but now and then


def test_a_seat_keeps_its_own_pick_in_its_worlds():
    for seed in range(20):
        s, watcher = _watch(seed, watcher_seat=2)
        world = watcher.sample(s)
        picks = dict(G.secret_picks(world)[0][1])
        assert picks[2] == 1                                      # its own bid, as it made it


def test_worlds_play_on_with_the_drawn_picks():
    """A world played on past the step writes the drawn picks into the variable, the watcher's own real."""
    from interpreter.engine.autoplay import play_picked, random_picker
    for seed in range(10):
        s, watcher = _watch(seed)
        world = watcher.sample(s)
        drawn = dict(G.secret_picks(world)[0][1])
        G.apply(world, ("select", 2))
        assert _bids(world) == [2, drawn[1], drawn[2]]
        play_picked(world, [random_picker(random.Random(seed + p)) for p in range(3)])
        assert world.over


def test_the_same_draws_from_the_same_generator():
    worlds = []
    for _ in range(2):
        s, watcher = _watch(7)
        worlds.append([G.secret_picks(watcher.sample(s)) for _ in range(5)])
    assert worlds[0] == worlds[1]


def test_a_scenario_scripts_the_picks():
    from interpreter.authoring.runner import run_file
    outcomes, problems = run_file(str(SCENARIOS))
    assert not problems and len(outcomes) == 2
    assert all(not o.diagnostics for o in outcomes), [d.format() for o in outcomes for d in o.diagnostics]


def _one_by_one(s, pickers):
    while not s.over and pickers[s.pending.player] is not None:
        G.apply_index(s, pickers[s.pending.player](len(s.pending.actions)))


@pytest.mark.parametrize("select", [
    "{options: 'range(0, count(hand[player]))', set: bid}",
    "{players: '[2, 0]', options: 'range(player, 4)', set: bid, legal: 'option != 3'}",
    "{players: '[1, 5]', options: 'range(0, 2)', set: bid}",       # a seat that does not exist: the same error
])
def test_seats_the_engine_plays_pick_as_one_by_one_play_does(tmp_path, select):
    """The fast path (engine/autoplay.py) picks values as answering each choice through apply_index does."""
    from interpreter.engine.autoplay import play_picked, random_picker
    rules = _variant(tmp_path, select)
    for seed in range(8):
        for missing in (None, 0, 2):
            outcomes = []
            for way in ("auto", "one by one"):
                rngs = [random.Random(seed * 7 + p) for p in range(3)]
                pickers = [None if p == missing else random_picker(rngs[p]) for p in range(3)]
                try:
                    s = G.new_game(rules, 3, seed)
                    (play_picked if way == "auto" else _one_by_one)(s, pickers)
                    outcomes.append((list(s.history), repr(s.v), s.over,
                                     None if s.pending is None else (s.pending.player, s.pending.actions)))
                except G.GameError as err:
                    outcomes.append(("error", str(err)))
            assert outcomes[0] == outcomes[1], (select, seed, missing)
            if "5" in select:
                assert outcomes[0][0] == "error"


def test_legal_filters_the_options(tmp_path):
    rules = _variant(tmp_path, "{options: 'range(0, 5)', set: bid, legal: 'option % 2 == player % 2'}")
    s = G.new_game(rules, 3, 2)
    offered = {}
    while s.pending.actions[0][0] == "select":
        offered[s.pending.player] = [v for _, v in s.pending.actions]
        G.apply_index(s, 0)
    assert offered == {0: [0, 2, 4], 1: [1, 3, 5], 2: [0, 2, 4]}
    assert _bids(s) == [0, 1, 0]


def test_seeded_simulation_is_reproducible():
    args = ("simulate", BIDS, "--games", "3", "--seed", "4", "--bots", "greedy,search,random",
            "--bot-option", "playouts=8", "--bot-option", "worlds=2", "--bot-option", "samples=2")
    runs = [run_cli(*args) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    outputs = [[line for line in r.stdout.splitlines() if "games per second" not in line] for r in runs]
    assert outputs[0] == outputs[1] and any("exact" in line for line in outputs[0])


def test_explain_says_the_picks_are_shown_together():
    r = run_cli("explain", BIDS)
    assert r.returncode == 0, r.stderr
    assert ("picks a value of *bid* in secret from the numbers from 0 to the number of cards in the player's "
            "*hand*; the picks are shown together") in r.stdout
    # the players' phrase, which holds a comma, is closed by one before the verb
    assert "starting with the player to the left of the *dealer*, picks a value" in r.stdout


# -- validate -------------------------------------------------------------------------------------------

BASE = ROOT / "tests" / "broken" / "parents" / "tiny-base.yaml"


def _write(tmp_path, select, initial="0", state_extra=""):
    path = Path(tmp_path) / "values.yaml"
    path.write_text(f"""extends: {BASE}
state:
  bid: {{per: player, initial: {initial}, scope: hand}}
  level: {{initial: 0}}
{state_extra}hand:
  - gather: {{from: [hand, trick, won], to: stock}}
  - shuffle: stock
  - deal: {{from: stock, to: hand, count: 5}}
  - select: {select}
  - tricks: {{hand: hand, trick: trick, order: plain, collect: "won[winner]"}}
  - call: score_hand
""", encoding="utf-8")
    return path


def _variant(tmp_path, select, initial="0"):
    loaded = load_ruleset(str(_write(tmp_path, select, initial)))
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    return loaded.rules


def _errors(tmp_path, select):
    loaded = load_ruleset(str(_write(tmp_path, select)))
    return [d for d in loaded.diagnostics if d.severity == "error"]


def test_a_value_select_without_set_is_refused(tmp_path):
    [d] = _errors(tmp_path, "{options: 'range(0, 5)'}")
    assert "needs 'set'" in d.message and "kept per player" in d.message and (d.line, d.col) == (9, 13)


def test_set_must_name_a_variable_kept_per_player(tmp_path):
    [d] = _errors(tmp_path, "{options: 'range(0, 5)', set: level}")
    assert "'level' is a single value, not kept per player" in d.message and (d.line, d.col) == (9, 43)
    assert "per: player" in d.hint
    [d] = _errors(tmp_path, "{options: 'range(0, 5)', set: bids}")
    assert "unknown state variable 'bids'" in d.message and d.hint.startswith("did you mean 'bid'?")


def test_count_is_for_cards(tmp_path):
    [d] = _errors(tmp_path, "{options: 'range(0, 5)', set: bid, count: 2}")
    assert "'count' is for picking cards" in d.message and "one value per player" in d.message
    assert (d.line, d.col) == (9, 48)
    [d] = _errors(tmp_path, "{options: 'range(0, 5)', set: bid, from: hand}")
    assert "'from' is for picking cards" in d.message


def test_options_must_be_a_list(tmp_path):
    [d] = _errors(tmp_path, "{options: 'count(hand[player])', set: bid}")
    assert "'options' must be a list, not a number" in d.message and (d.line, d.col) == (9, 23)
    assert "range(" in d.hint


def test_options_of_the_wrong_kind_for_the_variable(tmp_path):
    [d] = _errors(tmp_path, "{options: suits, set: bid}")
    assert "'bid' holds a number" in d.message and "suits" in d.message


def test_a_misspelt_setting_gets_a_did_you_mean(tmp_path):
    [d] = _errors(tmp_path, "{options: 'range(0, 5)', set: bid, legl: 'option > 0'}")
    assert "unknown" in d.message and "legl" in d.message and "'legal'" in (d.hint or "")


def test_validate_prints_the_place_and_a_caret(tmp_path):
    path = _write(tmp_path, "{options: 'range(0, 5)', set: level}")
    r = run_cli("validate", str(path))
    assert r.returncode != 0
    assert f"{path}:9:43: error: 'level' is a single value, not kept per player" in r.stdout + r.stderr
    assert "^^^^^" in r.stdout + r.stderr


def test_coverage_names_the_step_select():
    r = run_cli("simulate", BIDS, "--games", "3", "--seed", "1", "--coverage")
    assert r.returncode == 0, r.stderr
    [line] = [line for line in r.stdout.splitlines() if "secret-bids.yaml:42:7" in line]
    assert line.split()[1] == "select"


def test_a_human_plays_against_bots_that_bid_in_secret():
    """rules play's session: the bots (sampled worlds) bid around the human; the hint works mid-step."""
    from interpreter.playtest.session import Session
    rules = rules_of(BIDS)
    session = Session(rules, 3, seed=2, humans=(2,), bots=("search", "greedy"),
                      bot_options={"playouts": 8, "worlds": 2, "samples": 2})
    session.run_bots()
    assert session.state.pending.player == 2 and session.state.pending.actions[0][0] == "select"
    assert session.view(2)["state"]["bid"] == [None, None, None]       # seat 1 has bid: not shown
    assert "P1 picks in secret" in "\n".join(session.view(2)["log"])
    assert session.hint_move(2)["move"] == "select"
    session.choose(2, "select 2")
    assert session.view(2)["state"]["bid"][2] == 2 and None not in session.view(2)["state"]["bid"]


def test_a_player_offered_nothing_picks_nothing(tmp_path):
    rules = _variant(tmp_path, "{options: 'range(1, 2) if player != 1 else []', set: bid}")
    s = G.new_game(rules, 3, 0)
    asked = []
    while s.pending.actions[0][0] == "select":
        asked.append(s.pending.player)
        G.apply_index(s, 1)
    assert sorted(asked) == [0, 2] and _bids(s) == [2, 0, 2]       # seat 1 keeps its initial 0


def test_a_card_picked_in_secret_without_moving_it(tmp_path):
    """A value may be a card (a card named, not moved): the others never see which, during or after."""
    path = Path(tmp_path) / "named.yaml"
    path.write_text(_write(tmp_path, "{options: 'hand[player]', set: named}").read_text().replace(
        "  level: {initial: 0}\n", "  level: {initial: 0}\n  named: {per: player, type: card, initial: none}\n"),
        encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    s = G.new_game(loaded.rules, 3, 3)
    hand = loaded.rules.zones["hand"].index
    picked = {}
    while s.pending.actions[0][0] == "select":
        p = s.pending.player
        picked[p] = s.pending.actions[-1][1]
        G.apply_index(s, len(s.pending.actions) - 1)
        assert G.observation(s, p)["state"]["named"][p] == picked[p]
    assert all(picked[p] in s.z[hand][p] for p in range(3))         # nothing moved
    for seat in range(3):
        assert G.observation(s, seat)["state"]["named"] == [picked[p] if p == seat else None for p in range(3)]
