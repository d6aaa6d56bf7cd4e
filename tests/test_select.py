"""`select:` several players pick cards in secret, the steps after it apply the picks together."""
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset
from tests.helpers import ROOT, rules_of

BASE = ROOT / "tests" / "broken" / "parents" / "tiny-base.yaml"


def _load(tmp_path, select, zones="  waiting: {per: player, visibility: owner}\n"):
    path = Path(tmp_path) / "select.yaml"
    path.write_text(f"""extends: {BASE}
zones:
{zones}hand:
  - gather: {{from: [hand, trick, won, waiting], to: stock}}
  - shuffle: stock
  - deal: {{from: stock, to: hand, count: 5}}
  - select: {select}
  - for_each:
      in: players
      as: p
      do:
        - move: {{cards: "waiting[p]", from: "waiting[p]", to: "hand[left_of(p)]"}}
  - tricks: {{hand: hand, trick: trick, order: plain, collect: "won[winner]"}}
  - call: score_hand
""", encoding="utf-8")
    return load_ruleset(str(path))


def test_picks_are_unseen_by_the_others_until_applied(tmp_path):
    rules = _load(tmp_path, "{from: hand, to: waiting, count: 2}").rules
    s = G.new_game(rules, 3, 4)
    waiting = rules.zones["waiting"].index
    first = s.pending.actions[0][1]
    G.apply(s, ("select", first))
    assert s.pending.player == 0 and first in s.z[waiting][0]
    for other in (1, 2):
        assert first in G.hidden_from(s, other)
        assert first not in G.observation(s, other)["zones"]["waiting"][0]
    assert first not in G.hidden_from(s, 0)
    G.apply_index(s, 0)
    picks = {0: list(s.z[waiting][0])}
    assert s.pending.player == 1                       # seat 0 picked two: seat 1's turn, nothing passed yet
    hands = rules.zones["hand"].index
    assert all(c not in s.z[hands][1] for c in picks[0])
    for _ in range(4):
        G.apply_index(s, 0)
    assert all(c in s.z[hands][1] for c in picks[0])  # all passed together, to the left
    assert [len(h) for h in s.z[hands]] == [5, 5, 5] and s.z[waiting] == [[], [], []]


def test_some_players_a_count_and_a_legal_condition(tmp_path):
    rules = _load(tmp_path, "{from: hand, to: waiting, players: '[2, 0]', count: 'player + 1', "
                            "legal: card.suit != hearts}").rules
    s = G.new_game(rules, 3, 1)
    asked = []
    while s.pending is not None and s.pending.actions[0][0] == "select":
        asked.append(s.pending.player)
        assert all(rules.universe.suit_of[c] != "hearts" for _, c in s.pending.actions)
        G.apply_index(s, 0)
    # seat 2 picks 3 and seat 0 picks 1 (fewer when it holds fewer cards that are not hearts)
    assert asked[0] == 2 and set(asked) <= {0, 2} and asked == sorted(asked, reverse=True)
    assert asked.count(2) <= 3 and asked.count(0) <= 1


def test_a_public_waiting_zone_is_refused(tmp_path):
    loaded = _load(tmp_path, "{from: hand, to: waiting}", zones="  waiting: {per: player, visibility: public}\n")
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "zone 'waiting' is public" in d.message and (d.line, d.col) == (8, 30)


def test_zones_must_be_kept_per_player(tmp_path):
    loaded = _load(tmp_path, "{from: stock, to: waiting}")
    [d] = [d for d in loaded.diagnostics if d.severity == "error"]
    assert "'from' must name a zone kept per player" in d.message


def test_hearts_random_games_keep_every_card():
    from tests.helpers import play_checked
    rules = rules_of("rulesets/hearts/hearts.yaml")
    _, result = play_checked(rules, 4, 3)
    assert result["winners"] and min(result["scores"]) < 100 <= max(result["scores"])


def _one_by_one(s, pickers):
    """The reference: every decision through game.apply_index, each seat's picker asked for the count."""
    while not s.over and pickers[s.pending.player] is not None:
        G.apply_index(s, pickers[s.pending.player](len(s.pending.actions)))


@pytest.mark.parametrize("select", [
    "{from: hand, to: waiting, count: 2}",
    "{from: hand, to: waiting, players: '[2, 0, 2]', count: 'player + 1', legal: card.suit != hearts}",
    "{from: hand, to: waiting, count: 'hand_number % 3', legal: 'count(hand[player]) > 3 or card.rank == \"A\"'}",
    "{from: hand, to: waiting, players: '[1, 5]'}",             # a seat that does not exist: the same error
    "{from: hand, to: waiting, players: '[1, 0 - 1]'}",         # hand[-1] is read; -1 may not choose
])
def test_seats_the_engine_plays_pick_as_one_by_one_play_does(tmp_path, select):
    """select answers a seat with a picker itself (no choice built); the games, the stops at a seat
    without a picker and the errors are those of answering each pick through apply_index."""
    import random

    from interpreter.engine.autoplay import play_picked, random_picker
    rules = _load(tmp_path, select).rules
    for seed in range(12):
        for missing in (None, 0, 2):            # every seat a picker, or one seat without
            outcomes = []
            for way in ("auto", "one by one"):
                rngs = [random.Random(seed * 7 + p) for p in range(3)]
                pickers = [None if p == missing else random_picker(rngs[p]) for p in range(3)]
                try:
                    s = G.new_game(rules, 3, seed)
                    (play_picked if way == "auto" else _one_by_one)(s, pickers)
                    outcomes.append((list(s.history), repr(s.z), s.over,
                                     None if s.pending is None else (s.pending.player, s.pending.actions)))
                except G.GameError as err:
                    outcomes.append(("error", str(err)))
            assert outcomes[0] == outcomes[1], (select, seed, missing)
            if "5" in select or "0 - 1" in select:
                assert outcomes[0][0] == "error", outcomes[0]
