"""Defects of the language found by writing new games (issue 22), each with its test."""
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.ruleset.loader import load_ruleset
from tests.helpers import ROOT, rules_of

BASE = ROOT / "tests" / "broken" / "parents" / "tiny-base.yaml"


def _load(tmp_path, body, base=True):
    path = Path(tmp_path) / "game.yaml"
    path.write_text((f"extends: {BASE}\n" if base else "") + body, encoding="utf-8")
    return load_ruleset(str(path))


def _errors(loaded, severity="error"):
    return [d for d in loaded.diagnostics if d.severity == severity]


def test_a_text_initial_value_is_an_expression(tmp_path):
    loaded = _load(tmp_path, "state:\n  mode: {type: text, initial: '\"in\"'}\n  other: {type: text, initial: none}\n")
    assert loaded.ok
    s = G.new_game(loaded.rules, 3, 0)
    assert s.v[loaded.rules.vars["mode"].index] == "in"


def test_a_text_initial_of_another_kind_is_an_error(tmp_path):
    loaded = _load(tmp_path, "state:\n  mode: {type: text, initial: 3}\n")
    [d] = _errors(loaded)
    assert "the initial value is a number but the type is text" in d.message


def test_built_in_names_in_an_initial_value(tmp_path):
    loaded = _load(tmp_path, "state:\n  seats: {initial: player_count}\n  order: {type: list, initial: suits}\n"
                             "  everyone: {type: players, initial: players}\n"
                             "  half: {initial: pack_size // 2}\n")
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    s = G.new_game(loaded.rules, 3, 0)
    v = {name: s.v[info.index] for name, info in loaded.rules.vars.items()}
    assert v["seats"] == 3 and v["order"] == ["clubs", "diamonds", "hearts", "spades"]
    assert v["everyone"] == [0, 1, 2] and v["half"] == 12


def test_a_state_variable_without_type_takes_the_kind_of_its_initial_expression(tmp_path):
    loaded = _load(tmp_path, "state:\n  seats: {initial: player_count * 2}\n"
                             "end: {after_hand: seats > 100}\n")
    assert loaded.ok and loaded.rules.vars["seats"].type == "number"


def test_move_refuses_a_reveal_setting(tmp_path):
    loaded = _load(tmp_path, "setup:\n  - move: {cards: first(stock), to: trick, reveal: true}\n")
    [d] = _errors(loaded)
    assert "'reveal' in 'move'" in d.message and "unknown" in d.message and (d.line, d.col) == (3, 44)


def test_repeat_refuses_two_conditions_and_an_unused_limit(tmp_path):
    loaded = _load(tmp_path, "setup:\n  - repeat: {while: true, until: true, do: [shuffle: stock]}\n"
                             "  - repeat: {times: 2, limit: 5, do: [shuffle: stock]}\n")
    messages = sorted(d.message for d in _errors(loaded))
    assert len(messages) == 2
    assert "not both 'while' and 'until'" in messages[0] and "'limit' guards" in messages[1] or \
        "'limit' guards" in messages[0] and "not both 'while' and 'until'" in messages[1]


@pytest.mark.parametrize("value", ["2", "0", "-2", "true", "left"])
def test_a_trick_direction_other_than_one_or_minus_one_is_refused(tmp_path, value):
    loaded = _load(tmp_path, f"hand:\n  - tricks: {{hand: hand, trick: trick, order: plain, direction: {value}}}\n")
    [d] = _errors(loaded)
    assert "'direction' must be 1 or -1" in d.message and d.line == 3, d.message
    for ok in ("1", "-1"):
        assert _load(tmp_path, f"hand:\n  - tricks: {{hand: hand, trick: trick, order: plain, direction: {ok}}}\n").ok


@pytest.mark.parametrize("block,warned", [
    ("{hand: hand, trick: trick, order: plain}", True),
    ("{hand: hand, trick: trick, order: plain, collect: 'won[winner]'}", False),
    # the cards moved on by a step of after_trick
    ("{hand: hand, trick: trick, order: plain, after_trick: [{move: {cards: trick, from: trick, to: stock}}]}", False),
    ("{hand: hand, trick: trick, order: plain, after_trick: [{move: {cards: 'first(trick)', to: stock}}]}", False),
    # a step that does not: the trick stays
    ("{hand: hand, trick: trick, order: plain, after_trick: [{add: {'score[winner]': 1}}]}", True),
])
def test_a_trick_block_whose_cards_stay_in_the_trick_zone_is_warned_of(tmp_path, block, warned):
    # found by the second review: without collect the next trick is played on top of the last one, so
    # `trick` in a follow rule or winner sees every card played in the hand
    loaded = _load(tmp_path, f"hand:\n  - tricks: {block}\n")
    assert loaded.ok
    found = [d for d in _errors(loaded, "warning") if "stay in 'trick'" in d.message]
    assert len(found) == int(warned), [d.message for d in _errors(loaded, "warning")]
    if warned:
        assert found[0].line == 3 and "collect: won[winner]" in found[0].hint


def test_a_trick_winner_rule_makes_order_and_trumps_unused(tmp_path):
    loaded = _load(tmp_path, "hand:\n  - tricks: {hand: hand, trick: trick, winner: leader, order: plain, "
                             "trumps: hearts}\n")
    errors = _errors(loaded)
    assert sorted(d.message for d in errors) == [
        "'order' is not used when the block has a 'winner' rule",
        "'trumps' is not used when the block has a 'winner' rule"]


def test_no_end_section_is_a_located_warning(tmp_path):
    text = (BASE.read_text(encoding="utf-8").split("end:")[0]).replace("name: Tiny Tricks", "name: No End")
    loaded = _load(tmp_path, text, base=False)
    [w] = [d for d in _errors(loaded, "warning") if d.rule != "unused"]    # option 'target' is read no more
    assert loaded.ok and "no 'end:' section" in w.message and w.line == 3


def test_an_order_leaving_out_a_rank_is_a_located_warning(tmp_path):
    loaded = _load(tmp_path, "orders:\n  plain: [\"9\", \"10\", J, Q, K, A]\n  short: [\"9\", \"10\", Q, K, A]\n"
                             "end: {after_hand: 'plain(A♠) > short(J♠)'}\n")
    [w] = [d for d in _errors(loaded, "warning") if d.rule != "unused"]    # option 'target' is read no more
    assert loaded.ok and "order 'short' leaves out the rank(s) J" in w.message and w.line == 4


ITALIAN = """name: Italian
players: {count: 2}
pack:
  ranks: ["1", "2", "3", "4", "5", "6", "7", "J", "C", "K"]
  suits: [coins, cups, swords, batons]
  remove: {cards: [7/batons]}
points:
  primiera: {values: {"7/coins": 21, "7": 20}}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  trick: {visibility: public}
  won: {per: player, visibility: hidden}
state:
  dealer: {type: player, initial: 0}
hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - tricks: {hand: hand, trick: trick, order: primiera, count: 3, collect: "won[winner]"}
end:
  winners: argmax(players, p => sum(won[p], c => primiera(c)))
"""


def test_cards_of_named_suits_are_read_as_they_are_printed(tmp_path):
    loaded = _load(tmp_path, ITALIAN, base=False)
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    u = loaded.rules.universe
    coin7 = u.parse_card("7/coins")
    assert u.names[coin7] == "7/coins" and u.parse_card(u.names[coin7]) == coin7
    assert all(u.parse_card(u.names[c]) == c for c in range(u.size))
    assert u.parse_card("7/batons") not in loaded.rules.deck(2)        # removed by its printed name
    table = loaded.rules.namespace.names["primiera"].value
    assert table(None, coin7) == 21 and table(None, u.parse_card("7/cups")) == 20
    assert u.parse_card("7/clubs") is None and u.parse_card("8/coins") is None
    from interpreter.expr.compiler import compile_expression
    ns = loaded.rules.namespace
    assert compile_expression("7/coins", ns).value == coin7                  # in expressions too
    assert compile_expression("K/cups", ns).value == u.parse_card("K/cups")
    assert compile_expression("primiera(7/coins) / 3", ns).value is None     # still a division elsewhere


DRAW = """hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - move: {cards: last(stock), from: stock, to: trick}
  - for_each:
      in: players
      as: p
      do:
        - move: {cards: last(stock), from: stock, to: "hand[p]"}
  - move: {cards: "trick", from: trick, to: "won[0]"}
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]"}
  - call: score_hand
"""


@pytest.mark.parametrize("generated", [True, False])
def test_logs_show_every_card_moved_and_who_may_see_it(tmp_path, monkeypatch, generated):
    from interpreter.engine import fold
    from interpreter.sim.gamelog import _line
    monkeypatch.setattr(fold, "GENERATE", generated)
    rules = _load(tmp_path, DRAW).rules
    s = G.new_game(rules, 3, 2, log=True)
    moves = [e for e in s.events if e["event"] == "move"]
    assert len(moves) == 5
    assert moves[0]["source"] == ["stock"] and moves[0]["to"] == "trick"
    assert list(moves[0]["seen_by"].values()) == [[0, 1, 2]]          # the trick is public
    for p, m in enumerate(moves[1:4]):
        assert m["to"] == f"hand[{p}]" and list(m["seen_by"].values()) == [[p]]   # only the drawer
        drawn = m["cards"][0]
        assert drawn in [rules.universe.names[c] for c in s.z[rules.zones["hand"].index][p]]
    assert list(moves[4]["seen_by"].values()) == [[0, 1, 2]]          # it was public before it moved
    assert _line(moves[1], set()) == f"  move {moves[1]['cards'][0]}: stock -> hand[0] (seen by P0)"


CHOICE = """hand:
  - gather: {from: [hand, trick, won], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - choose:
      player: dealer
      moves:
        pick: {options: "[none, 1, 2]", as: x, do: [{add: {"score[dealer]": "x if x != none else 10"}}]}
        pass: {}
  - tricks: {hand: hand, trick: trick, order: plain, collect: "won[winner]"}
  - call: score_hand
"""


def test_a_scenario_move_with_options_needs_its_value_and_none_can_be_chosen(tmp_path):
    import pytest as _pytest

    from interpreter.engine import scenario as S
    rules = _load(tmp_path, CHOICE).rules
    s = G.new_game(rules, 3, 0)
    with _pytest.raises(AssertionError) as info:
        S.find_action(s, "pick")
    assert "'pick' has 3 options: say which with 'value:'" in str(info.value)
    assert S.find_action(s, "pass") == ("pass", None)           # a single action needs no value
    assert S.find_action(s, "pick", "none") == ("pick", None)
    assert S.find_action(s, "pick", 2) == ("pick", 2)


def test_a_scenario_move_whose_options_hold_meld_changes_does_not_crash(monkeypatch):
    from interpreter.engine import scenario as S
    from interpreter.expr.functions_melds import TableChange
    rules = rules_of("rulesets/scala40/scala40.yaml")
    s = G.new_game(rules, 2, 0)
    change = TableChange(0, (), (), (3,), ())
    monkeypatch.setattr(G, "legal_actions", lambda state: [("add", [change]), ("discard", 3)])
    with pytest.raises(AssertionError) as info:
        S.find_action(s, "add", ["10♦"])
    assert "is not legal" in str(info.value)


def test_logs_show_melds_as_cards():
    from interpreter.sim.gamelog import _line
    from interpreter.sim.play import play_game
    rules = rules_of("rulesets/scala40/scala40.yaml")
    from interpreter.sim.gamelog import log_document
    record = play_game(rules, 2, 1, ["priority"], log=True)
    lines = [_line(e, set()) or "" for e in log_document(rules, record)["events"]]
    text = "\n".join(lines)
    assert "Meld(" not in text and "TableChange(" not in text
    assert any(line.startswith(("  P0 open [", "  P1 open [")) for line in lines)


def test_a_zone_listed_short_in_a_scenario_has_the_named_cards_on_top(tmp_path):
    from interpreter.authoring.runner import run_file
    path = Path(tmp_path) / "s.yaml"
    path.write_text(f"""ruleset: {BASE}
players: 3
scenarios:
  - name: the named cards are the next ones drawn
    deal:
      stock: [9♣, A♠]
    moves:
      - expect: {{zones: {{}}}}
""", encoding="utf-8")
    from interpreter.authoring import scenarios as SC
    from interpreter.ruleset.loader import load_ruleset as load
    rules = load(str(BASE)).rules
    order = SC._deal_order(type("Sc", (), {"path": ("scenarios", 0)})(), rules, 3, 0, {"stock": ["9♣", "A♠"]})
    s = G.new_game(rules, 3, 0, deck=order)
    stock = s.z[rules.zones["stock"].index]
    names = [rules.universe.names[c] for c in stock]
    assert names[-2:] == ["9♣", "A♠"] and len(names) == 24 - 15      # A♠ is the next card drawn
    outcomes, problems = run_file(str(path))
    assert not problems and not outcomes[0].diagnostics


@pytest.mark.parametrize("spec, warned", [
    ("{default: 1000, range: [51, 251]}", "its default 1000 lies outside its range [51, 251]"),
    ("{default: 3, values: [1, 2]}", "its default 3 is not among its values [1, 2]"),
    ("{default: 101, range: [51, 251]}", None),
    ("{default: 2, values: [1, 2]}", None),
])
def test_an_option_default_outside_what_tune_tries_is_a_located_warning(tmp_path, spec, warned):
    loaded = _load(tmp_path, f"options:\n  target: {spec}\n")
    assert loaded.ok
    found = [d for d in _errors(loaded, "warning") if "option 'target'" in d.message]
    if warned is None:
        assert not found, [d.message for d in found]
    else:
        [w] = found
        assert warned in w.message and w.line == 3        # the line of `target:` after `extends:` and `options:`


def test_a_variant_that_moves_the_default_out_of_the_base_range_is_warned_at_its_own_line(tmp_path):
    base = (ROOT / "rulesets" / "scala40" / "scala40.yaml").resolve()
    variant = tmp_path / "variant.yaml"
    variant.write_text(f"extends: {base}\nname: long game\noptions:\n  target: {{default: 1000}}\n")
    loaded = load_ruleset(str(variant))
    [w] = [d for d in loaded.diagnostics if "option 'target'" in d.message]
    assert w.severity == "warning" and w.line == 4 and str(variant) in w.format()


@pytest.mark.parametrize("rank, peeks", [
    # the suit of the option among the left neighbour's cards: cards the player cannot see
    ("count(filter(hand[left_of(p)], c => c.suit == option.suit))", True),
    ("1 if last(stock).suit == option.suit else 0", True),          # the top of the face-down stock
    # the player's own hand, the size of another's, the public discard pile: all seen
    ("count(filter(hand[p], c => c.suit == option.suit)) + count(hand[left_of(p)]) + count(discard)", False),
])
def test_a_bots_rank_that_reads_hidden_cards_is_warned_of(tmp_path, rank, peeks):
    base = (ROOT / "rulesets" / "scala40" / "scala40.yaml").resolve()
    variant = tmp_path / "peek.yaml"
    variant.write_text(f"extends: {base}\nname: peeking\nbots:\n  rank:\n    discard: \"{rank}\"\n",
                       encoding="utf-8")
    loaded = load_ruleset(str(variant), dry_run=True)
    assert loaded.ok
    found = [d for d in loaded.diagnostics if "reads cards or values player" in d.message]
    assert len(found) == int(peeks), [d.message for d in loaded.diagnostics]
    if peeks:
        assert found[0].severity == "warning" and found[0].line == 5 and "'discard'" in found[0].message
