"""The meld built-ins and step kinds on a small rummy that is not Scala Quaranta."""

import pytest

from interpreter.bots.base import make_bot
from interpreter.engine import game as G
from interpreter.engine import scenario as SC
from interpreter.ruleset.loader import load_ruleset

MINI = """\
name: Mini rummy
players: {count: [2], default: 2}
pack:
  ranks: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K]
  jokers: 2
melds:
  runs: {order: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K], min: 3, wilds: 1}
  sets: {min: 3, max: 4, wilds: 1}
  value: {run: pts}
points:
  pts: {values: {A: 1, J: 10, Q: 10, K: 10}, default: 5}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  table: {visibility: public}
state:
  dealer: {type: player, initial: 0}
  laid: {initial: 0}
hand:
  - gather: {from: [hand, table], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 7}
  - turns:
      until: any(players, p => count(hand[p]) == 0) or turn_number >= 6
      do:
        - choose:
            player: current
            moves:
              meld:
                options: melds_in(hand[current])
                do:
                  - lay_melds: {melds: option, from: "hand[current]", to: table}
                  - add: {laid: meld_points(option)}
              add:
                options: table_additions(hand[current], table)
                do:
                  - change_meld: {change: option, from: "hand[current]", to: table}
              swap:
                options: wild_swaps(hand[current], table)
                do:
                  - change_meld: {change: option, from: "hand[current]", to: table}
              twice:
                options: "[[first(melds_in(hand[current])), first(melds_in(hand[current]))]]"
                legal: count(melds_in(hand[current])) > 0
                do:
                  - lay_melds: {melds: option, from: "hand[current]", to: table}
              pass: {}
end:
  after_hand: true
bots:
  prefer: [swap, meld, add, pass]
  rank:
    meld: count(meld_cards(option))
"""


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    path = tmp_path_factory.mktemp("mini") / "mini.yaml"
    path.write_text(MINI, encoding="utf-8")
    loaded = load_ruleset(path)
    assert loaded.ok, loaded.diagnostics
    return loaded.rules


def start(rules, first, second=("2♣", "5♦", "9♥", "Q♠", "4♣", "8♦", "J♥")):
    order = [c for pair in zip(first, second) for c in pair]
    s = SC.stacked_game(rules, 2, order)
    assert G.current_player(s) == 1
    return s


def opts(s, move):
    return [a[1] for a in G.legal_actions(s) if a[0] == move]


def label(s, cards):
    return sorted(s.rules.universe.names[c] for c in cards)


def test_melds_found_with_every_joker_reading(mini):
    s = start(mini, ["7♠", "8♠", "joker", "K♦", "K♣", "K♥", "3♦"])
    melds = opts(s, "meld")
    runs = [m for m in melds if m.kind == "run"]
    assert sorted(m.low for m in runs if len(m) == 3) == [5, 6]      # joker as the 6 or the 9
    sets = [label(s, m.cards) for m in melds if m.kind == "set"]
    assert ["K♣", "K♥", "K♦"] in sets and sorted(["Joker", "K♣", "K♥", "K♦"]) in sets


def test_lay_add_and_swap(mini):
    s = start(mini, ["7♠", "8♠", "joker", "6♠", "9♠", "3♦", "4♦"])
    G.apply(s, ("meld", next(m for m in opts(s, "meld") if label(s, m.cards) == ["7♠", "8♠", "Joker"]
                             and m.cards[-1] == next(iter(SC.cards(mini, ["joker"]))))))
    assert SC.var(s, "laid") == 15 and len(SC.zone(s, "hand", 1)) == 4
    G.apply(s, ("pass", None))                   # the other player
    adds = {tuple(label(s, ch.added)) for ch in opts(s, "add")}
    assert adds == {("6♠",)}                     # 9♠ is what the joker stands for
    swaps = opts(s, "swap")
    assert [label(s, ch.added) for ch in swaps] == [["9♠"]] and label(s, swaps[0].freed) == ["Joker"]
    G.apply(s, ("swap", swaps[0]))
    assert "Joker" in label(s, SC.zone(s, "hand", 1))
    assert [label(s, g) for g in SC.zone(s, "table")] == [["7♠", "8♠", "9♠"]]


def test_a_card_cannot_be_laid_in_two_melds(mini):
    s = start(mini, ["7♠", "8♠", "9♠", "K♦", "K♣", "2♥", "3♦"])
    with pytest.raises(G.GameError, match="the same card cannot be in two melds"):
        G.apply(s, ("twice", opts(s, "twice")[0]))


def test_declared_readings_travel_with_copies(mini):
    s = start(mini, ["Q♣", "Q♦", "joker", "Q♥", "Q♠", "2♥", "3♦"], ["2♣", "5♦", "9♥", "K♠", "4♣", "8♦", "J♥"])
    trio = [m for m in opts(s, "meld") if label(s, m.cards) == ["Joker", "Q♣", "Q♦"]]
    assert len(trio) == 2                         # the joker is the Q♥ or the Q♠
    hearts = next(m for m in trio if (11, 2) in m.stands_for)
    G.apply(s, ("meld", hearts))
    copy = G.clone(s)
    G.apply(s, ("pass", None))
    G.apply(copy, ("pass", None))
    assert [label(s, ch.added) for ch in opts(s, "swap")] == [["Q♥"]]
    assert [label(s, ch.added) for ch in opts(s, "add")] == [["Q♠"]]
    G.apply(s, ("swap", opts(s, "swap")[0]))
    assert [label(copy, ch.added) for ch in opts(copy, "swap")] == [["Q♥"]]   # the copy is untouched


def test_the_priority_bot_follows_the_hints(mini):
    s = start(mini, ["7♠", "8♠", "9♠", "10♠", "K♣", "2♥", "3♦"])
    bot = make_bot("priority", 1)
    choice = s.pending
    pick = choice.actions[bot.decide(s, choice.player, choice.actions)]
    assert pick[0] == "meld" and len(pick[1]) == 4


def test_meld_functions_need_a_melds_section(tmp_path):
    text = MINI[:MINI.index("melds:")] + MINI[MINI.index("points:"):]      # no melds section
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_ruleset(path)
    assert not loaded.ok
    errors = [d for d in loaded.diagnostics if d.severity == "error"]
    assert any("melds:" in d.message and d.line > 1 for d in errors), errors
