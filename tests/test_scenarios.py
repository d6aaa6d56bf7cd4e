"""Scenario files: the bundled games' scenarios pass, and failures say which step and what differed."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.authoring.runner import run_file
from interpreter.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
TINY = ROOT / "tests" / "broken" / "parents" / "tiny-base.yaml"


def _bundled_scenarios():
    out = []
    for path in sorted((ROOT / "scenarios").glob("*.yaml")):
        outcomes, problems = run_file(str(path))
        if problems:
            out.append(pytest.param(path.name, "(file)", problems, id=f"{path.name}::(file)"))
        for o in outcomes:
            out.append(pytest.param(path.name, o.name, o.diagnostics, id=f"{path.name}::{o.name}"))
    return out


@pytest.mark.parametrize("file,name,diagnostics", _bundled_scenarios())
def test_bundled_scenario(file, name, diagnostics):
    assert not diagnostics, "\n".join(d.format() for d in diagnostics)


def test_every_bundled_game_with_scenarios_has_several():
    outcomes, _ = run_file(str(ROOT / "scenarios" / "scotch-whist.yaml"))
    assert len(outcomes) >= 5


def _write(tmp_path, body):
    path = tmp_path / "s.yaml"
    path.write_text(f"ruleset: {TINY}\nplayers: 3\nscenarios:\n{body}", encoding="utf-8")
    return path


DEAL = """    deal:
      hand:
        0: [9♣, 10♣, J♣, Q♣, K♣]
        1: [9♦, 10♦, J♦, Q♦, K♦]
        2: [9♥, 10♥, J♥, Q♥, A♣]
"""


def test_a_wrong_expectation_names_the_step_and_both_values(tmp_path):
    path = _write(tmp_path, "  - name: wrong winner\n" + DEAL +
                  "    moves:\n      - K♦ A♣ K♣\n      - expect: {last_trick_winner: 2, sizes: {won: [0, 0, 3]}}\n")
    outcomes, problems = run_file(str(path))
    assert not problems
    [d] = outcomes[0].diagnostics
    assert (d.line, d.col) == (12, 37) and d.message == (
        "scenario 'wrong winner': after move 1: last trick winner: expected 2, got 1; "
        "size of won: expected [0, 0, 3], got [0, 3, 0]")


def test_an_illegal_move_lists_the_legal_ones(tmp_path):
    path = _write(tmp_path, "  - name: revoke\n" + DEAL + "    moves:\n      - K♦\n      - {player: 2, play: A♣}\n"
                  "      - {player: 0, play: 9♥}\n")
    [d] = run_file(str(path))[0][0].diagnostics
    assert d.message == "scenario 'revoke': move 3: 9♥ is not legal for player 0"
    assert d.hint == "legal: 9♣, 10♣, J♣, Q♣, K♣" and d.line == 13


def test_moves_are_numbered_without_the_entries_that_only_expect_and_none_is_no_winner_yet(tmp_path):
    path = _write(tmp_path, "  - name: numbered\n" + DEAL + "    moves:\n      - expect: {last_trick_winner: none}\n"
                  "      - K♦ A♣ K♣\n      - expect: {last_trick_winner: 1}\n      - {player: 1, play: 9♥}\n")
    [d] = run_file(str(path))[0][0].diagnostics
    assert d.message == "scenario 'numbered': move 2: 9♥ is not legal for player 1"


def test_the_wrong_player_is_reported(tmp_path):
    path = _write(tmp_path, "  - name: turn\n" + DEAL + "    moves:\n      - {player: 2, play: 9♥}\n")
    [d] = run_file(str(path))[0][0].diagnostics
    assert d.message == "scenario 'turn': move 1 (9♥): expected player 2 to move, but it is player 1's turn"


def test_a_deal_that_does_not_fit_is_reported(tmp_path):
    path = _write(tmp_path, "  - name: six cards\n    deal:\n      hand:\n        0: [9♣, 10♣, J♣, Q♣, K♣, A♣]\n")
    [d] = run_file(str(path))[0][0].diagnostics
    assert d.message == "scenario 'six cards': 6 cards are listed for hand[0], but the deal puts 5 there"


def test_unknown_keys_in_a_scenario_file_get_a_did_you_mean(tmp_path):
    path = _write(tmp_path, "  - name: typo\n    expcet: {over: false}\n")
    outcomes, problems = run_file(str(path))
    assert [p.hint for p in problems] == ["did you mean 'expect'?"]
    assert problems[0].line == 5


def test_rules_test_exit_codes(tmp_path):
    good = _write(tmp_path, "  - name: fine\n    expect: {over: false, hand: 1}\n")
    result = CliRunner().invoke(cli, ["test", str(good)])
    assert result.exit_code == 0 and "1 passed, 0 failed" in result.output
    bad = tmp_path / "bad.yaml"
    bad.write_text(good.read_text().replace("hand: 1", "hand: 2"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["test", str(bad)])
    assert result.exit_code == 1
    assert "hand number: expected 2, got 1" in result.output and "0 passed, 1 failed" in result.output


def test_a_scenario_may_name_its_own_ruleset(tmp_path):
    """Bids stop at 28 in the base game but not in its point-trick variant, which a scenario may name."""
    path = tmp_path / "own.yaml"
    path.write_text(f"""
ruleset: {ROOT / 'rulesets' / 'escalative' / 'escalative.yaml'}
scenarios:
  - name: base game
    expect: {{not_legal: [bid 29]}}
  - name: the variant, by its own ruleset
    ruleset: {ROOT / 'rulesets' / 'escalative' / 'escalative-points.yaml'}
    expect: {{not_legal: [bid 29]}}
""", encoding="utf-8")
    outcomes, problems = run_file(str(path))
    assert not problems
    assert [o.passed for o in outcomes] == [True, False]
    assert "bid 29" in outcomes[1].diagnostics[0].message


def test_a_card_the_rules_take_by_name_cannot_be_dealt_elsewhere(tmp_path):
    """Scalade's setup puts the starting rungs on their ladders by name, whatever the pack order.  A
    deal that lists one of them for a hand cannot be stacked: the scenario fails saying where the card
    went, instead of passing with the card somewhere else."""
    path = tmp_path / "rung.yaml"
    path.write_text(f"""
ruleset: {ROOT / 'rulesets' / 'scalade' / 'scalade.yaml'}
players: 3
scenarios:
  - name: a rung in a hand
    deal:
      hand:
        0: [5♦, 9♣]
  - name: the rungs where the rules put them
    deal:
      rung: {{diamond_ladder: [5♦], heart_ladder: [6♥], spade_ladder: [7♠], club_ladder: [8♣]}}
      hand:
        0: [9♣, 10♣, J♣]
    expect:
      zones:
        rung: {{diamond_ladder: [5♦]}}
""", encoding="utf-8")
    outcomes, problems = run_file(str(path))
    assert not problems
    assert [o.passed for o in outcomes] == [False, True]
    [d] = outcomes[0].diagnostics
    assert d.message == ("scenario 'a rung in a hand': 5♦ is listed for hand[0], but the game put it in "
                         "rung[diamond_ladder]: the rules take some cards by name before the first decision "
                         "(a starting card, say), and that shifts the positions a stacked deal relies on")
    assert (d.line, d.col) == (8, 12) and "zones:" in d.hint


def test_a_saved_game_names_which_of_two_identical_copies_was_taken_and_replays_it(tmp_path):
    """Seed 1 deals the row A♥ K♥ K♥ A♥: 'take A♥' is two moves.  Taking the second copy leaves A♥
    first in the row (a point), the first copy K♥ (none).  The saved scenario says `nth: 2` and replays
    the same game; without it the replay would take the first copy and score differently."""
    import yaml

    from interpreter.engine import scenario as S
    from interpreter.playtest.record import save_scenario
    from interpreter.playtest.session import Session
    from interpreter.ruleset.loader import load_ruleset
    rules_path = ROOT / "tests" / "rulesets_copies" / "take-from-a-row.yaml"
    session = Session(load_ruleset(str(rules_path)).rules, 2, 1, humans=[0, 1], bots=["random"],
                      source=str(rules_path))
    texts = [m["text"] for m in session.legal(0)]
    # the menu says which copy each move takes (review 35: the four read 'take A♥', 'take A♥', ...)
    assert sorted(texts) == ["take A♥ (A♥ at row[0])", "take A♥ (A♥ at row[3])", "take K♥ (K♥ at row[1])",
                             "take K♥ (K♥ at row[2])"]
    session.choose(0, 3)                          # the engine's action 3: the second A♥ of the row
    assert S.var(session.state, "score") == [1, 0]
    while not session.over:
        session.choose(session.state.pending.player, 0)
    path = save_scenario(session, tmp_path / "game.scenario.yaml")
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    first = doc["scenarios"][0]["moves"][0]
    assert first == {"player": 0, "move": "take", "value": "A♥", "nth": 2}
    outcomes, problems = run_file(str(path))
    assert not problems and outcomes and all(o.passed for o in outcomes), (problems, outcomes)
    # the same file without nth takes the first copy: its expected scores no longer hold
    del doc["scenarios"][0]["moves"][0]["nth"]
    other = tmp_path / "without-nth.scenario.yaml"
    other.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    outcomes, problems = run_file(str(other))
    assert outcomes and not all(o.passed for o in outcomes)


def test_nth_must_be_a_whole_number_from_1(tmp_path):
    rules_path = ROOT / "tests" / "rulesets_copies" / "take-from-a-row.yaml"
    path = tmp_path / "bad.scenario.yaml"
    path.write_text(f"ruleset: {rules_path}\nplayers: 2\nscenarios:\n  - name: x\n    seed: 1\n    moves:\n"
                    "      - {player: 0, move: take, value: A♥, nth: 3}\n      - {player: 1, move: take, value: K♥, "
                    "nth: 0}\n", encoding="utf-8")
    outcomes, problems = run_file(str(path))
    said = " ".join(d.message for o in outcomes for d in getattr(o, "diagnostics", [])) + \
        " ".join(getattr(p, "message", str(p)) for p in problems)
    assert "fits 2 legal move(s), not 3" in said, said


def test_legal_moves_in_a_message_are_in_number_order(tmp_path):
    """'bid 2, bid 10' rather than the text order 'bid 10, bid 2'."""
    path = tmp_path / "s.yaml"
    path.write_text(f"ruleset: {Path('rulesets/spades/spades.yaml').resolve()}\nplayers: 4\nscenarios:\n"
                    "  - name: bids\n    expect: {legal: [bid 13, bid 2]}\n", encoding="utf-8")
    [d] = run_file(str(path))[0][0].diagnostics
    assert "legal but not listed: [bid 0, bid 1, bid 3, bid 4, bid 5, bid 6, bid 7, bid 8, bid 9, bid 10, " \
           "bid 11, bid 12]" in d.message
