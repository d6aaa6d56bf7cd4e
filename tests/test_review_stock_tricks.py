"""Trick games with a stock (a card drawn after each trick) and card points, never seen by the engine,
written from the docs (tests/rulesets_review18/, each says at its top what game it is and which rules
it keeps): Briscola, Tressette in partnerships, Spoil Five, Bezique for two (a double pack, marriages and
other declarations) and Manille in partnerships.  Also the fixes this review made (explain of nested
loops, of card(r, x) and of membership in a list of cards; scenario deals naming two identical cards;
the did-you-mean hint of a misspelt card).

Scripted deals: the moves offered, who plays next and the scores are worked out by hand from the rules,
in the comments.  Random games: small referees written here from the rules (sharing no code with the
engine) recompute the moves offered and the points move by move.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests.helpers import run_cli
from tests.scripted import deal_order as _deck, legal_texts as _legal, load_from, turn as _turn, var as _v, zone_names as _z

HERE = Path(__file__).resolve().parent / "rulesets_review18"


def _load(name, **options):
    return load_from(HERE, name, **options)


def _explain(name):
    out = run_cli("explain", str(HERE / f"{name}.yaml"))
    assert out.returncode == 0, out.stderr
    return out.stdout


# -- explain -----------------------------------------------------------------------------------------

def test_explain_a_loop_over_players_inside_a_loop_over_players():
    text = _explain("explain-shapes")
    # not 'For each player: For each player: If the player is not the player'
    assert "For each player (the second player below):" in text
    assert "If the second player is not the first player:" in text
    assert "the first player's *hand*" in text and "to the second player's *score*" in text


def test_explain_membership_in_a_list_of_cards_and_an_equality_to_either():
    text = _explain("explain-shapes")
    assert "the number of cards in player 1's *hand* that are Q♠ or J♦" in text
    assert "is in the list" not in text and "the card is Q♠ or the card is J♦" not in text
    # card("Q", spades) written out is the card Q♠
    assert "the first player's *hand* that are Q♠ or J♦" in text


def test_explain_a_card_from_loop_items():
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"trumps": None}, zones={"hand": "player"}, suits={"spades", "coins"})
    both = lex.binding("r", "rank").binding("x", "suit")
    assert words("card(r, x)", both) == "the card of that rank and that suit"       # was 'of rank rank and suit suit'
    assert words('card("Q", x)', both) == "the Q of that suit"
    assert words('card("7", coins)', lex) == "7/coins"
    assert words('card("10", trumps)', lex) == "the 10 of *trumps*"
    line = lex.binding("line", "line")
    assert words("card(line, trumps)", line) == "the card of rank line and suit *trumps*"
    assert "For each r of the list “Q” and “J”" in _explain("explain-shapes")
    assert "that are the card of rank r and suit spades" in _explain("explain-shapes")


# -- scenarios: two identical cards, misspelt cards ---------------------------------------------------

def _run_scenarios(path):
    from click.testing import CliRunner
    from interpreter.cli.main import cli
    return CliRunner().invoke(cli, ["test", str(path)])


def test_the_bezique_scenarios_pass_with_a_card_named_in_two_zones():
    """Both players hold a Q♠ (the double pack's two copies): the deal used to fail ('Q♠ is listed for
    hand[1], but the game put it in hand[0]') and zones: kept only one of them."""
    result = _run_scenarios(HERE / "bezique.scenario.yaml")
    assert result.exit_code == 0, result.output
    assert "2 passed, 0 failed" in result.output


def test_a_misspelt_card_is_told_in_the_packs_own_spelling():
    result = _run_scenarios(HERE / "misspelt.scenario.yaml")
    assert result.exit_code == 1
    out = result.output
    assert "'K/cup' is not a card of Review Briscola" in out and "did you mean 'K/cups'?" in out
    assert "0: [K/cup]" in out                          # the error points at the card's own line
    assert "did you mean 'A/coins'?" in out and "did you mean 'K/swords'?" in out


@pytest.mark.parametrize("text, told", [
    ("c == K/cup", "'K/cup' is not a card of this pack"),
    ("c == 1/coins", "did you mean 'A/coins'?"),
    ("c == 11/coins", "the pack's ranks are A, 2, 3, 4, 5, 6, 7, J, Q, K"),
])
def test_a_misspelt_card_in_an_expression(tmp_path, text, told):
    src = (HERE / "briscola.yaml").read_text(encoding="utf-8").replace("total(trick, value)", f"count(trick, c => {text})")
    (tmp_path / "b.yaml").write_text(src, encoding="utf-8")
    out = run_cli("validate", str(tmp_path / "b.yaml"))
    assert out.returncode == 1 and told in out.stdout + out.stderr, out.stdout + out.stderr


def test_a_misspelt_card_in_a_point_table_and_a_removal(tmp_path):
    src = (HERE / "briscola.yaml").read_text(encoding="utf-8")
    src = src.replace("value: {values: {A: 11", "value: {values: {K/cup: 3, A: 11").replace(
        "pack:\n", "pack:\n  remove: {cards: [7B]}\n", 1)
    (tmp_path / "b.yaml").write_text(src, encoding="utf-8")
    out = run_cli("validate", str(tmp_path / "b.yaml"))
    text = out.stdout + out.stderr
    assert "did you mean 'K/cups'?" in text and "did you mean '7/batons'?" in text, text


def test_a_definition_given_no_card_names_it(tmp_path):
    """isx(first(trick)) on an empty trick, with isx(c) reading c.suit: the error was 'a value of the
    wrong kind (a list position must be a number, not none)'; now it names the parameter."""
    src = (HERE / "briscola.yaml").read_text(encoding="utf-8")
    src = src.replace("follow: any", "follow: same(card, trick)").replace(
        "orders:", "define:\n  isx(c): c.suit == trumps or c == A/coins\n  same(c, t): isx(first(t)) or true\norders:", 1)
    (tmp_path / "b.yaml").write_text(src, encoding="utf-8")
    out = run_cli("validate", str(tmp_path / "b.yaml"))
    text = out.stdout + out.stderr
    assert "'c' is none, not a card, so it has no suit" in text, text
    assert "list position" not in text
