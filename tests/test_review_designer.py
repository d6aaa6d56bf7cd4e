"""review11: a card game designer's first rulesets (tests/rulesets_review11/) and the messages their
natural mistakes give.  Each test writes the ruleset with one mistake and checks what `rules validate`
says about it: what is wrong, where, and how to fix it."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "rulesets_review11"
BID = GAMES / "bid-whist.yaml"
MATCH = GAMES / "match-up.yaml"
VARIANT = GAMES / "quick-scotch.yaml"


def _diags(tmp_path, source: Path, old: str, new: str, name="mistake.yaml"):
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_ruleset(str(path), {}, dry_run=True).diagnostics


def _errors(diags):
    return [d for d in diags if d.severity == "error"]


@pytest.mark.parametrize("path", [BID, MATCH, VARIANT])
def test_the_designer_games_are_valid(path):
    diags = load_ruleset(str(path), {}, dry_run=True).diagnostics
    assert not diags, [d.format() for d in diags]


def test_a_per_player_zone_counted_without_saying_whose_is_an_error(tmp_path):
    # count(hand) counted the players (one hand each), so 'the hand is empty' was never true
    [d] = _errors(_diags(tmp_path, MATCH, "if: count(hand[current]) == 0", "if: count(hand) == 0"))
    assert d.rule == "type" and "zone 'hand' is kept per player" in d.message
    assert "hand[current]" in d.hint
    [d] = _errors(_diags(tmp_path, MATCH, "options: filter(hand[current],", "options: filter(hand,"))
    assert "zone 'hand' is kept per player" in d.message     # not 'a list of cards has no attribute suit'


def test_a_name_given_nowhere_points_at_as(tmp_path):
    # the option of a move named without 'as: n': no close name to suggest, so say where names come from
    [d] = _errors(_diags(tmp_path, BID, "                as: n\n", ""))
    assert d.message.startswith("unknown name 'n'") and d.rule == "unknown-name"
    # inside a move the hint says what the option is called (review8's hint, the more precise one)
    assert "as: n" in d.hint and "called 'option'" in d.hint


def test_a_set_line_written_with_equals_says_to_use_a_colon(tmp_path):
    [d] = _errors(_diags(tmp_path, MATCH, "set: {out: current}", "set: {out = current}"))
    assert "'out = current' is not a state variable" in d.message
    assert d.hint == "write 'variable: value', with a colon: {out: current}"


def test_an_unknown_name_in_the_index_of_a_set_line_keeps_its_kind_and_hint(tmp_path):
    # for_each without 'as: p': 'bid[p]: n' was reported as an 'expression' error without a hint
    diags = _errors(_diags(tmp_path, BID, "      in: seat_order(left_of(dealer))\n      as: p\n",
                           "      in: seat_order(left_of(dealer))\n"))
    [d] = [d for d in diags if d.message.startswith("in 'bid[p]'")]
    assert d.rule == "unknown-name" and "as: p" in d.hint


def test_a_value_kept_per_player_used_as_a_number_says_which_entry(tmp_path):
    [d] = _errors(_diags(tmp_path, BID, "score[p]: bonus + bid[p]", "score[p]: bonus + bid"))
    assert "must be a number, but this is a number per player" in d.message
    assert d.hint == "say whose, e.g. bid[current] or bid[p]"


def test_a_variant_item_at_the_wrong_position_names_the_right_one(tmp_path):
    # quick-scotch changes the tricks step (position 5); counting wrong landed on the set step, whose
    # merged item 'set + tricks' gave "'tricks' needs a 'hand' entry"
    text = VARIANT.read_text(encoding="utf-8").replace("extends: scotch-whist",
                                                       f"extends: {ROOT / 'rulesets' / 'scotch-whist.yaml'}")
    source = tmp_path / "variant.yaml"
    source.write_text(text, encoding="utf-8")
    [d] = _errors(_diags(tmp_path, source, "    5:\n", "    4:\n"))
    assert d.rule == "extends" and d.line == 18
    assert d.message == "the inherited item at position 4 is 'set: ...', which has no 'tricks' to change"
    assert d.hint == "positions count from 0: the item with 'tricks' is at position 5"


def _variant(tmp_path, old, new):
    """quick-scotch.yaml with its parent given by path (the bundled name needs no install here)."""
    text = VARIANT.read_text(encoding="utf-8").replace(
        "extends: scotch-whist", f"extends: {ROOT / 'rulesets' / 'scotch-whist.yaml'}")
    assert old in text
    path = tmp_path / "variant.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_ruleset(str(path), {}, dry_run=True).diagnostics


def test_a_variant_with_fewer_players_is_told_how_to_take_out_an_inherited_by_players(tmp_path):
    [d] = _errors(_variant(tmp_path, "    7: null", "    5: {remove: {cards: [6♣]}}"))
    assert d.message == "7 players is not an allowed player count (3, 4, 5)" and d.file.endswith("scotch-whist.yaml")
    assert "pack: {by_players: {7: null}}" in d.hint


def test_a_default_player_count_not_allowed_lists_the_allowed_ones(tmp_path):
    [d] = _errors(_variant(tmp_path, "  count: [3, 4, 5]", "  count: [3, 4, 5]\n  default: 6"))
    assert d.message == "the default of 6 players is not one of the allowed counts (3, 4, 5)"
    assert d.hint


def test_an_option_nothing_reads_is_warned_about_with_the_close_name(tmp_path):
    # a variant that misspells the option it means to change adds a new one: the game stays at 41
    diags = _variant(tmp_path, "  target: {default: 21}", "  targt: {default: 21}")
    [d] = [d for d in diags if d.rule == "unused"]
    assert d.severity == "warning" and d.line == 10
    assert d.message == "option 'targt' is never used: no expression reads it"
    assert d.hint == "did you mean 'target'?"


def test_play_shows_the_trump_suit_and_the_state_command_shows_the_bids():
    # at the terminal the trump suit and the bids were nowhere to be seen (only the scores)
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    result = CliRunner().invoke(cli, ["play", str(BID), "-p", "3", "--seed", "4"], input="state\nquit\n")
    table, state = result.output.split("P0> ", 2)[:2]
    assert "  trumps: hearts\n  scores: you 0  P1 0  P2 0" in table
    assert state.splitlines() == ["  dealer: you", "  score: you 0, P1 0, P2 0", "  bid: you 0, P1 0, P2 5",
                                  "  trumps: hearts"]


def test_an_error_in_a_list_a_variant_wrote_whole_says_the_list_replaces_the_parents(tmp_path):
    # the designer meant to change the lead of the tricks step and wrote the hand as a one-step list
    diags = _errors(_variant(tmp_path, "hand:\n  $items:\n    5:\n      tricks: {lead: dealer}\n",
                             "hand:\n  - tricks: {lead: dealer}\n"))
    assert diags and all(d.message.startswith("'tricks' needs a ") for d in diags)
    assert all(d.hint.endswith("this list replaces the parent's whole 'hand' (7 items); to change one item, "
                               "write hand: {$items: {POSITION: ...}} (positions from 0)") for d in diags)


def test_a_line_not_indented_under_its_step_says_to_indent_it(tmp_path):
    [d] = _errors(_diags(tmp_path, BID, "                score[p]: bonus + bid[p]", "              score[p]: bonus + bid[p]"))
    assert d.message == "unknown key 'score[p]' in item 1 of 'then'" and (d.line, d.col) == (64, 15)
    assert d.hint == "'add' has no value and 'score[p]' sits beside it: indent 'score[p]' further, under 'add:'"


def test_explain_deals_an_option_number_of_cards_without_the():
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    text = CliRunner().invoke(cli, ["explain", str(MATCH)]).output
    assert "3. Deal *hand_size* cards to each from *stock* into *hand*" in text


def test_a_card_read_from_an_empty_zone_says_the_zone_is_empty(tmp_path):
    # at 4 players the 24 cards are all dealt: the stock is empty when trumps are turned
    diags = _errors(_diags(tmp_path, BID, "trumps: last(hand[dealer]).suit", "trumps: last(stock).suit"))
    [d] = [d for d in diags if d.message.startswith("with 4 players")]
    assert d.rule == "runtime" and "'last(stock)' is none (stock has no cards here), not a card" in d.message


def test_explain_names_a_bundled_parent_once():
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    text = CliRunner().invoke(cli, ["explain", str(VARIANT)]).output
    assert "These rules change **scotch-whist**. This variant changes:" in text    # not '(scotch-whist)' again


def test_an_option_default_written_as_an_expression_is_pointed_out(tmp_path):
    diags = _diags(tmp_path, MATCH, "  hand_size: {default: 5, description: cards dealt to each player}",
                   "  base: {default: 4}\n  hand_size: {default: base + 1, description: cards dealt to each player}")
    [w] = [d for d in diags if d.severity == "warning"]
    assert (w.line, w.rule) == (20, "type")
    assert w.message == ("option 'hand_size': its default 'base + 1' is text: a default is a value, not an "
                         "expression, so it cannot use the option 'base'")


def test_a_scenario_move_with_a_misspelt_name_says_so(tmp_path):
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    text = (GAMES / "bid-whist-scenarios.yaml").read_text(encoding="utf-8")
    path = tmp_path / "s.yaml"
    path.write_text(text.replace("ruleset: bid-whist.yaml", f"ruleset: {BID}")
                    .replace("{move: bid, value: 2}", "{move: bidd, value: 2}"), encoding="utf-8")
    out = CliRunner().invoke(cli, ["test", str(path)]).output
    assert "move 1: no legal move of player 1 is called 'bidd'" in out   # the first move (the entry before it only expects)
    assert "hint: did you mean 'bid'? legal: bid 0, bid 1" in out


def test_the_designer_scenario_passes():
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    result = CliRunner().invoke(cli, ["test", str(GAMES / "bid-whist-scenarios.yaml")])
    assert result.exit_code == 0 and "1 passed, 0 failed" in result.output


def test_a_card_dealt_to_two_seats_in_a_scenario_says_it_is_named_twice(tmp_path):
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    text = (GAMES / "bid-whist-scenarios.yaml").read_text(encoding="utf-8")
    path = tmp_path / "s.yaml"
    path.write_text(text.replace("ruleset: bid-whist.yaml", f"ruleset: {BID}")
                    .replace("2: [9♦", "2: [9♣"), encoding="utf-8")
    out = CliRunner().invoke(cli, ["test", str(path)]).output
    assert "'9♣' is named more often than the pack has it (1 copy)" in out      # was: no copy of '9♣' is left


def test_no_legal_move_names_the_player(tmp_path):
    # 'until' checked after the turn of the player who just played: the next one may have nothing to do
    diags = _errors(_diags(tmp_path, MATCH, "until: out != none or count(stock) == 0",
                           "until: out != none or (count(stock) == 0 and not any(hand[current], "
                           "c => c.suit == last(pile).suit or c.rank == last(pile).rank))"))
    assert diags and all(d.rule == "runtime" for d in diags)
    assert "player 0 has no legal move: play and draw offer nothing allowed here" in diags[0].message
