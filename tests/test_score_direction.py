"""`end: better`: the ruleset says whether a higher or a lower final score is the better one.

Without it simulation reads each game from its winners (lower is better where they hold the lowest
score); a game won outright by the player behind then reads as a low-score game and its figures
turn upside down.  With it every game is read the declared way, and the greedy bot's judgement of a
play-out follows it too."""
from __future__ import annotations

import pytest

from interpreter.bots.greedy import evaluation
from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.runner import run

# Each hand deals three cards each; Aces and Kings score a point each; first to 8 wins, but a
# player dealt both Aces wins at once, whatever the score.  (Seat 0's knock or wait changes nothing:
# simulation reads the running scores at each hand's first decision.)
BASE = """\
name: Sudden win
players: {count: 2}
pack: {ranks: [A, K, Q, J, "10", "9"], suits: [s, h]}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
state:
  score: {per: player, initial: 0}
hand:
  - gather: {from: [hand], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - choose:
      player: 0
      moves:
        knock: {do: []}
        wait: {do: []}
  - for_each: {in: players, as: q, do: [{add: {"score[q]": "count(filter(hand[q], c => c.rank in ['A', 'K']))"}}]}
"""
SUDDEN_STEP = """\
  - for_each:
      in: players
      as: q
      do:
        - end_game: {when: "count(of_rank(hand[q], 'A')) == 2", winners: "[q]"}
"""
END = """\
end:
  after_hand: "any(players, p => score[p] >= 8)"
  winners: "argmax(players, p => score[p])"
  score: "score[p]"
"""
SUDDEN = BASE + SUDDEN_STEP + END


def _load(tmp_path, text, name="g.yaml", dry_run=False):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    loaded = load_ruleset(str(path), dry_run=dry_run)
    assert loaded.ok, [d.message for d in loaded.diagnostics]
    return loaded


def _records(rules, games=300):
    out = []
    run(rules, games, seed=5, on_record=out.append)
    return out


def _decided(hand_scores, winner, high):
    """The first hand from which the winner was never strictly behind the other player (docs)."""
    last_behind = 0
    for h, row in enumerate(hand_scores, 1):
        other = row[1 - winner]
        if (other > row[winner]) if high else (other < row[winner]):
            last_behind = h
    return min(len(hand_scores), last_behind + 1)


def _behind_wins(records):
    """Games won by the player holding the strictly lower final score (the sudden wins from behind)."""
    return [r for r in records if len(r["winners"]) == 1 and r["scores"][r["winners"][0]] < r["scores"][1 - r["winners"][0]]]


def test_without_better_a_win_from_behind_reads_as_a_low_score_game(tmp_path):
    records = _records(_load(tmp_path, SUDDEN).rules)
    behind = _behind_wins(records)
    assert len(behind) >= 10
    # read with lower better: a winner with the lower score was never behind
    assert all(r["decided_hand"] == _decided(r["hand_scores"], r["winners"][0], False) for r in behind)
    assert any(r["decided_hand"] != _decided(r["hand_scores"], r["winners"][0], True) for r in behind)


def test_better_higher_reads_every_game_with_higher_better(tmp_path):
    rules = _load(tmp_path, SUDDEN + "  better: higher\n").rules
    records = _records(rules)
    behind = _behind_wins(records)
    assert len(behind) >= 10
    for r in records:
        if len(r["winners"]) == 1:
            assert r["decided_hand"] == _decided(r["hand_scores"], r["winners"][0], True), r["seed"]
    # a winner behind at the end was behind at the last hand: the result was settled only then
    assert all(r["decided_hand"] == len(r["hand_scores"]) for r in behind)
    # the same games are played either way: only their reading changed
    plain = _records(_load(tmp_path, SUDDEN, "plain.yaml").rules)
    assert [(r["winners"], r["scores"]) for r in plain] == [(r["winners"], r["scores"]) for r in records]
    assert [r["decided_hand"] for r in plain] != [r["decided_hand"] for r in records]


def test_better_higher_summary_drama_counts_wins_from_behind(tmp_path):
    """Drama is how far behind the eventual winner ever was: with higher better a win from behind
    has drama above 0; read per game (low better) the same games read otherwise."""
    rules = _load(tmp_path, SUDDEN + "  better: higher\n").rules
    declared = _behind_wins(_records(rules))
    per_game = _behind_wins(_records(_load(tmp_path, SUDDEN, "plain.yaml").rules))
    assert all(r["drama"] > 0 for r in declared)
    assert [r["seed"] for r in declared] == [r["seed"] for r in per_game]
    assert any(a["drama"] != b["drama"] for a, b in zip(declared, per_game))


def _mid_game(rules):
    """A position at a decision of a later hand, the two running scores different."""
    for seed in range(50):
        s = G.new_game(rules, 2, seed)
        while not s.over:
            values = [float(rules.final_score(s, {"p": q})) for q in range(2)]
            if s.hand_no >= 2 and values[0] != values[1]:
                return s, values
            G.apply_index(s, 0)
    raise AssertionError("no such position")


def test_greedy_judges_scores_the_declared_way(tmp_path):
    """Mid-game the greedy bot judges a play-out by the score; with `better: lower` it turns the score
    round although `end: winners` (the highest score) would read it as higher-is-better."""
    plain = _load(tmp_path, SUDDEN, "plain.yaml").rules
    lower = _load(tmp_path, SUDDEN + "  better: lower\n", "lower.yaml").rules
    higher = _load(tmp_path, SUDDEN + "  better: higher\n", "higher.yaml").rules
    s, values = _mid_game(plain)
    assert evaluation(s, 0) == values                       # read from end: winners (argmax)
    s, values = _mid_game(lower)
    assert evaluation(s, 0) == [-v for v in values]         # declared lower
    s, values = _mid_game(higher)
    assert evaluation(s, 0) == values


@pytest.mark.parametrize("said, warned", [("lower", True), ("higher", False)])
def test_validate_warns_when_trial_games_contradict_better(tmp_path, said, warned):
    loaded = _load(tmp_path, BASE + END + f"  better: {said}\n", dry_run=True)   # no sudden win: the highest score wins
    found = [d for d in loaded.diagnostics if d.rule == "better-contradicted"]
    assert bool(found) == warned
    if warned:
        d = found[0]
        assert d.severity == "warning" and d.line == (BASE + END).count("\n") + 1
        assert "'better: lower'" in d.message and "highest score" in d.message
        assert "better: higher" in d.hint


def test_a_misspelt_direction_is_an_error_with_a_hint(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(SUDDEN + "  better: low\n", encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert not loaded.ok
    d = next(d for d in loaded.diagnostics if d.severity == "error")
    assert "'low' is not an allowed value for 'better'" in d.message and "lower" in d.hint


def test_explain_says_which_score_is_better(tmp_path):
    from interpreter.authoring.explain import explain
    loaded = _load(tmp_path, SUDDEN + "  better: lower\n")
    assert "- A lower score is better." in explain(loaded.rules, loaded.data)
