"""Passing instead of playing to a trick (`tricks: {may_pass: COND}`, engine/tricks_pass.py).

Worked on small stacked deals: who is offered a pass, a pass leaves the trick (its cards, its winner,
who plays next), a leader who passes hands the lead on, a player with no card to play may only pass,
everyone passing is an error at the setting, and `simulate --check` (sim/rulecheck.py) follows passes
and notices a pass offered where the condition does not hold.  Knock-Out Whist's dog's life is written
with it (tests/rulesets_review40/knockout-whist.yaml, checked move by move by tests/test_review40.py).
"""
from __future__ import annotations

import random

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.rulecheck import RuleCheck
from tests.scripted import deal_order

GAME = """
name: Passing
players: {count: [3], default: 3}
pack:
  ranks: ["2", "3", "4", "5", "6", "7", "8", "9"]
  suits: [clubs, hearts]
  zone: stock
orders:
  plain: ["2", "3", "4", "5", "6", "7", "8", "9"]
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  trick: {visibility: public}
  won: {per: player, visibility: public}
state:
  shy: {per: player, type: boolean, initial: false}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - set: {"shy[SHY]": true}
  - tricks:
      hand: hand
      trick: trick
      collect: won[winner]
      lead: 0
      order: plain
      count: 2
      players: "filter(players, p => count(hand[p]) > 0)"
      may_pass: MAY
end:
  after_hand: "true"
  score: count(won[p])
  winners: argmax(players, p => count(won[p]))
"""


def _game(tmp_path, hands, shy=1, may="shy[current] and trick_number == 1", decided_by=None, follow=None):
    text = GAME.replace("SHY", str(shy)).replace("MAY", may)
    if follow:
        text = text.replace("      may_pass:", f"      follow: {follow}\n      may_pass:")
    if decided_by:
        text = text.replace("      may_pass:", f"      decided_by: {decided_by}\n      may_pass:")
    path = tmp_path / "pass.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    deck = deal_order(hands, [1, 2, 0])      # one card at a time from the dealer's left
    return S.stacked_game(loaded.rules, 3, deck)


def _legal(s):
    return sorted(S.describe(s, a) for a in G.legal_actions(s))


def _do(s, text):
    actions = G.legal_actions(s)
    G.apply(s, actions[[S.describe(s, a) for a in actions].index(text)])


def test_a_player_the_condition_allows_is_offered_a_pass_and_leaves_the_trick(tmp_path):
    s = _game(tmp_path, {0: ["9♣", "2♥"], 1: ["3♣", "4♥"], 2: ["5♣", "6♥"]})
    assert G.current_player(s) == 0 and _legal(s) == ["2♥", "9♣"]         # seat 0 may not pass
    _do(s, "9♣")
    assert G.current_player(s) == 1 and _legal(s) == ["3♣", "pass"]       # follows clubs, or passes
    _do(s, "pass")
    assert G.current_player(s) == 2 and _legal(s) == ["5♣"]
    _do(s, "5♣")
    # the trick is over with two cards; seat 0 won it, seat 1 still holds both its cards
    assert S.names(s, S.zone(s, "won", 0)) == ["9♣", "5♣"]
    assert sorted(S.names(s, S.zone(s, "hand", 1))) == ["3♣", "4♥"]
    trick = [e for e in s.events or [] if e.get("event") == "trick"]
    assert not trick or trick[0]["players"] == [0, 2]
    # trick 2: no pass any more (the condition reads trick_number)
    assert G.current_player(s) == 0 and _legal(s) == ["2♥"]


def test_a_leader_who_passes_hands_the_lead_to_the_next_player(tmp_path):
    s = _game(tmp_path, {0: ["9♣", "2♥"], 1: ["3♣", "4♥"], 2: ["5♣", "6♥"]}, shy=0)
    assert _legal(s) == ["2♥", "9♣", "pass"]
    _do(s, "pass")
    # seat 1 leads: any card, and the suit led is its card's
    assert G.current_player(s) == 1 and _legal(s) == ["3♣", "4♥"]
    _do(s, "4♥")
    assert G.current_player(s) == 2 and _legal(s) == ["6♥"]
    _do(s, "6♥")
    assert S.names(s, S.zone(s, "won", 2)) == ["4♥", "6♥"]
    assert G.current_player(s) == 2           # the winner leads the next trick; seat 0 plays in it
    _do(s, "5♣")
    assert G.current_player(s) == 0 and _legal(s) == ["9♣"]


def test_a_player_who_may_pass_but_has_no_card_to_play_may_only_pass(tmp_path):
    # a follow condition: seat 1 may play clubs only, and holds none
    s = _game(tmp_path, {0: ["9♣", "2♥"], 1: ["3♥", "4♥"], 2: ["5♣", "6♥"]}, may="current == 1",
              follow='"current != 1 or card.suit == clubs"')
    _do(s, "9♣")
    assert G.current_player(s) == 1 and _legal(s) == ["pass"]


def test_every_player_passing_stops_the_game_at_the_setting(tmp_path):
    s = _game(tmp_path, {0: ["9♣", "2♥"], 1: ["3♣", "4♥"], 2: ["5♣", "6♥"]}, may="true")
    _do(s, "pass")
    _do(s, "pass")
    with pytest.raises(G.GameError, match="every player passed: nobody played to trick 1") as err:
        _do(s, "pass")
    line = GAME.splitlines().index("      may_pass: MAY") + 1       # the file starts with GAME's first line
    assert f"pass.yaml:{line}:" in str(err.value), str(err.value)


def test_the_chooser_of_decided_by_is_offered_the_pass(tmp_path):
    """decided_by: seat 0 chooses seat 1's card, and its pass."""
    s = _game(tmp_path, {0: ["9♣", "2♥"], 1: ["3♣", "4♥"], 2: ["5♣", "6♥"]},
              decided_by="0 if current == 1 else current")
    _do(s, "9♣")
    assert s.pending.player == 0 and _legal(s) == ["3♣", "pass"]
    _do(s, "pass")
    assert s.pending.player == 2 and _legal(s) == ["5♣"]


def test_simulate_check_follows_passes_and_catches_a_pass_offered_out_of_turn(tmp_path):
    s = _game(tmp_path, {0: ["9♣", "2♥"], 1: ["3♣", "4♥"], 2: ["5♣", "6♥"]})
    check = RuleCheck()
    rng = random.Random(1)
    while not s.over:
        check.apply(s, rng.randrange(len(s.pending.actions)))
    report = check.report()
    assert report["violations"] == [] and report["tricks"] == 2
    # a pass offered where the condition does not hold (seat 0, trick 1) is reported
    s = _game(tmp_path, {0: ["9♣", "2♥"], 1: ["3♣", "4♥"], 2: ["5♣", "6♥"]})
    s.pending.actions.append(("pass", None))
    check = RuleCheck()
    check.apply(s, 0)
    assert any("offered a pass; the may_pass condition does not hold" in v for v in map(str, check.violations))
