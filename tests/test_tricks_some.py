"""Tricks among some of the players (`tricks: {players: ...}`): who is asked, who leads, who wins,
the trick figures and the generated trick end (engine/tricks_some.py, trickgen.py)."""
import pytest

from interpreter.engine import game as G
from interpreter.engine.tricks_some import SomeTricks
from tests.test_trick_end import _block, _play, _rules

VARIANTS = {
    "one player sits out": "      order: plain\n      players: filter(players, p => p != 2)\n",
    "the first leader sits out": "      order: plain\n      players: filter(players, p => p != 1)\n",
    "who sits out changes every trick": (
        "      order: plain\n"
        "      players: \"filter(players, p => count(hand[p]) > 0 and p != trick_number % 3)\"\n"),
    "counter-clockwise, with a winner rule": (
        "      winner: first(trick_players)\n      direction: -1\n"
        "      players: filter(players, p => p != 0)\n"),
    "with hooks": (
        "      order: plain\n      players: filter(players, p => p != 2)\n"
        "      after_trick:\n        - add: {\"score[winner]\": \"count(taking_part)\"}\n"),
}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_some_players_play_the_same_games_three_ways(tmp_path, name):
    rules = _rules(tmp_path, VARIANTS[name])
    plain = _rules(tmp_path, VARIANTS[name], plain=True)
    assert isinstance(_block(rules), SomeTricks)
    assert hasattr(_block(rules).next_trick, "source"), "the generated trick end is not in use"
    for seed in range(8):
        fast = _play(rules, seed)
        for other in (_play(plain, seed), _play(rules, seed, log=True)):
            assert fast.history == other.history
            assert G.result(fast) == G.result(other)
            assert fast.z == other.z and fast.v == other.v
        assert fast.tricks > 0


def _tricks(tmp_path, name, seed=1):
    s = _play(_rules(tmp_path, VARIANTS[name]), seed, log=True)
    return s, [e for e in s.events if e["event"] == "trick"]


def test_a_player_sitting_out_is_never_asked(tmp_path):
    s, tricks = _tricks(tmp_path, "one player sits out")
    assert tricks and all(sorted(e["players"]) == [0, 1] and len(e["cards"]) == 2 for e in tricks)
    assert s.tricks == len(tricks)
    assert all(e["winner"] in (0, 1) for e in tricks)


def test_the_lead_passes_to_the_next_player_taking_part(tmp_path):
    _, tricks = _tricks(tmp_path, "the first leader sits out")
    first = tricks[0]                 # dealer 0: seat 1 would lead, but sits out
    assert first["leader"] == 2 and first["players"] == [2, 0]


def test_the_winner_is_decided_among_the_cards_of_those_taking_part(tmp_path):
    _, tricks = _tricks(tmp_path, "counter-clockwise, with a winner rule")
    assert all(e["players"][0] == e["winner"] and 0 not in e["players"] for e in tricks)
    assert all(e["players"] == [e["leader"], (e["leader"] - 1) % 3] if e["leader"] != 1 else
               e["players"] == [1, 2] for e in tricks)


def test_taking_part_is_a_local_name_of_the_block(tmp_path):
    rules = _rules(tmp_path, VARIANTS["with hooks"])
    s = _play(rules, 3)
    score = rules.vars["score"].index
    assert sum(s.v[score]) >= 2 * 5        # each trick adds 2, the number taking part


def test_nobody_taking_part_ends_the_block(tmp_path):
    rules = _rules(tmp_path, "      order: plain\n      players: \"[]\"\n")
    with pytest.raises(G.GameError) as info:     # hands go by without a trick: nobody scores
        G.new_game(rules, 3, 0)
    assert "did not end within 1000 hands" in str(info.value)


def test_a_players_setting_of_the_wrong_kind_is_an_error(tmp_path):
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "bad.yaml"
    from tests.test_trick_end import BASE, EXTRA, HAND
    path.write_text(f"extends: {BASE}\n" + EXTRA + HAND.format(tricks="      order: plain\n      players: count(hand[0])\n"))
    loaded = load_ruleset(str(path))
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "players" in str(d.source_line) and d.rule == "type"
