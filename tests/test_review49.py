"""Correctness on two games the engine has never seen (tests/rulesets_review49/, each says at its top which
readings it keeps): Thousand (Tysiacha) and Reversis.
"""
from __future__ import annotations

import pytest


# -- messages and wording ----------------------------------------------------------------------------------

def test_cards_written_out_as_a_list_are_shown_and_moved_by_name_not_as_the_list():
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(zones={"hand": "player", "pile": None}))
    lines = describe_steps([{"reveal": "[card('K', hearts), card('Q', hearts)]"},
                            {"move": {"cards": "[first(pile), last(pile)]", "to": "hand[0]"}}], 0, say)
    assert lines[0] == "1. Show K♥ and Q♥ to everyone.", lines
    assert lines[1].startswith("2. Move the first card of *pile* and the last card of *pile* to"), lines


def test_the_hint_to_quote_a_cut_expression_gives_valid_yaml_and_offers_to_quote_the_whole_list():
    """`reveal: [card("K", s), card("Q", s)]`: YAML cuts each card(...) at its comma.  The hint quoted
    the text with the double quotes it holds ("card("K", s)", not valid YAML), and quoting each item
    made a list of texts, which reveal refuses: the whole list is one expression."""
    import yaml
    from interpreter.diagnostics import RulesetError
    from interpreter.ruleset.yamlsource import load_yaml_text
    with pytest.raises(RulesetError) as info:
        load_yaml_text('x:\n  - reveal: [card("K", s), card("Q", s)]\n')
    first = info.value.diagnostics[0]
    assert "put the text in quotes: 'card(\"K\", s)'" in first.hint, first.format()
    assert "the whole list" in first.hint and "\"[card('K', s), card('Q', s)]\"" in first.hint, first.format()
    whole = first.hint.split(": ")[-1]
    assert yaml.safe_load("reveal: " + whole) == {"reveal": "[card('K', s), card('Q', s)]"}
    with pytest.raises(RulesetError) as info:
        load_yaml_text("x: {when: all(players, p => p != 'a'), y: 1}\n")
    [d] = info.value.diagnostics
    assert d.hint.endswith("put the text in quotes: \"all(players, p => p != 'a')\""), d.format()
