"""Teams as a first-class thing: values kept per team, team scores at the end, teams in results and records."""
from pathlib import Path

from interpreter.engine import game as G
from interpreter.expr.errors import EvalError
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.play import play_game
from tests.helpers import ROOT, rules_of

BASE = ROOT / "tests" / "broken" / "parents" / "tiny-base.yaml"


def _load(tmp_path, body):
    path = Path(tmp_path) / "teams.yaml"
    path.write_text(f"extends: {BASE}\n{body}", encoding="utf-8")
    return load_ruleset(str(path))


TEAM_GAME = """
players: {count: [3, 4], default: 4, teams: {"4": [[0, 2], [1, 3]]}}
state:
  points: {per: team, initial: team * 10}
  won_tricks: {per: team, initial: 0}
procedures:
  score_hand:
    - for_each:
        in: players
        as: p
        do:
          - add: {"won_tricks[team_of(p)]": "count(won[p])"}
          - add: {"score[p]": "count(won[p])"}
end:
  after_hand: any(teams, t => won_tricks[t] >= target)
  winners: team_members(first(argmax(teams, t => won_tricks[t])))
  team_score: won_tricks[t] + points[t]
"""


def test_values_kept_per_team(tmp_path):
    loaded = _load(tmp_path, TEAM_GAME)
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    rules = loaded.rules
    s = G.new_game(rules, 4, 0)
    assert s.v[rules.vars["points"].index] == [0, 10]            # two teams at four players
    s3 = G.new_game(rules, 3, 0)
    assert s3.v[rules.vars["points"].index] == [0, 10, 20]       # no teams at three: one per seat


def test_team_results_and_winners(tmp_path):
    rules = _load(tmp_path, TEAM_GAME).rules
    s = G.new_game(rules, 4, 1)
    while not s.over:
        G.apply_index(s, 0)
    result = G.result(s)
    tricks = s.v[rules.vars["won_tricks"].index]
    assert result["teams"] == [0, 1, 0, 1]
    assert result["team_scores"] == [tricks[0], tricks[1] + 10]
    best = 0 if tricks[0] >= tricks[1] else 1
    assert result["winners"] == [best, best + 2]
    assert sum(tricks) == sum(result["scores"])                  # every card won counted for a team


def test_records_say_which_team_each_player_is_on(tmp_path):
    rules = _load(tmp_path, TEAM_GAME).rules
    record = play_game(rules, 4, 3, ["random"])
    assert record["teams"] == [0, 1, 0, 1] and len(record["team_scores"]) == 2
    assert rules.team_of_seat(4) == [0, 1, 0, 1] and rules.team_list(3) == [[0], [1], [2]]


def test_zones_are_not_kept_per_team(tmp_path):
    loaded = _load(tmp_path, "players: {count: 4, teams: {\"4\": [[0, 2], [1, 3]]}}\n"
                             "zones:\n  pile: {per: team}\n")
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "'per: team' must be player, suit" in d.message and d.line == 4


def test_team_members_of_a_missing_team_stops_with_a_message(tmp_path):
    loaded = _load(tmp_path, TEAM_GAME.replace("team_members(first(", "team_members(5 + first("))
    s = G.new_game(loaded.rules, 4, 1)
    try:
        while not s.over:
            G.apply_index(s, 0)
        G.result(s)
    except (G.GameError, EvalError) as err:
        assert "there is no team" in str(err) and "numbered 0 to 1" in str(err)
    else:
        raise AssertionError("the game should stop")


def test_euchre_keeps_its_score_per_partnership():
    rules = rules_of("rulesets/euchre/euchre.yaml")
    assert rules.vars["score"].per == "team"
    s = G.new_game(rules, 4, 2)
    while not s.over:
        G.apply_index(s, 0)
    result = G.result(s)
    score = s.v[rules.vars["score"].index]
    assert result["team_scores"] == score and max(score) >= 10
    assert result["scores"] == [score[0], score[1], score[0], score[1]]
    assert result["winners"] == ([0, 2] if score[0] >= 10 else [1, 3])


def test_teams_must_hold_every_seat_once(tmp_path):
    loaded = _load(tmp_path, "players: {count: 4, teams: {\"4\": [[0, 2], [1, 2]]}}\n")
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "the teams for 4 players must hold every seat 0 to 3 once, not [0, 1, 2, 2]" in d.message
    assert (d.line, d.col) == (2, 29)


def test_the_teams_name_is_the_same_generated_or_not(tmp_path, monkeypatch):
    """`teams` written into generated source reads the teams without building them (namespace.py):
    the same numbers as the getter, with teams at four players and one a seat at three."""
    from interpreter.expr import compiler
    rules = _load(tmp_path, TEAM_GAME).rules
    values = {}
    for generate in (False, True):
        monkeypatch.setattr(compiler, "GENERATE", generate)
        fns = [compiler.compile_expression(text, rules.namespace, {}).fn
               for text in ("teams", "count(teams)", "map(teams, t => t * 2)")]
        if generate:
            assert all(getattr(fn, "source", None) for fn in fns)
        values[generate] = [[fn(G.new_game(rules, n, 0), {}) for fn in fns] for n in (3, 4)]
    assert values[True] == values[False] == [[[0, 1, 2], 3, [0, 2, 4]], [[0, 1], 2, [0, 2]]]
