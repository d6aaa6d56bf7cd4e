"""`rules explain`: the rules text of every bundled ruleset, checked as golden output.

The goldens live in tests/golden/explain/; regenerate them after an intended
change with UPDATE_GOLDEN=1 (and read the diff: it is the rules text players see).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.authoring.explain import explain
from interpreter.cli.main import cli
from interpreter.resources import data_dir
from interpreter.ruleset.loader import load_ruleset
from tests.conftest import check_golden

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "explain"
RULESETS = data_dir("rulesets")
BUNDLED = sorted(str(p.relative_to(RULESETS)) for p in RULESETS.rglob("*.yaml"))


def _golden_name(rel):
    return rel.replace("/", "__").replace(".yaml", ".md")


@pytest.mark.parametrize("rel", BUNDLED)
def test_explain_bundled_ruleset(rel):
    loaded = load_ruleset(str(RULESETS / rel))
    assert loaded.ok, "\n".join(d.format() for d in loaded.diagnostics)
    check_golden(GOLDEN / _golden_name(rel), explain(loaded.rules))


def test_no_golden_is_left_over():
    wanted = {_golden_name(rel) for rel in BUNDLED}
    extra = sorted(p.name for p in GOLDEN.glob("*.md") if p.name not in wanted)
    assert not extra, f"goldens for rulesets that no longer exist: {extra}; delete them"


def test_explain_states_the_pack_per_player_count_and_the_order_of_the_trump_suit():
    text = explain(load_ruleset(str(RULESETS / "scotch-whist.yaml")).rules)
    assert "| 5 | 35 | 6♣ | 7 in hand |" in text
    assert "| 4 | 36 | - | 9 in hand |" in text
    assert "- **trump**, low to high: 6, 7, 8, 9, 10, Q, K, A, J" in text
    assert "| target | `41` |" in text


def test_explain_shows_an_option_set_on_the_command_line_and_names_the_parent_of_a_variant(tmp_path):
    child = tmp_path / "short.yaml"
    child.write_text(f"extends: {RULESETS / 'scotch-whist.yaml'}\nname: Short Whist\n"
                     "options:\n  target: {default: 21}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["explain", str(child), "-o", "target=31"])
    assert result.exit_code == 0, result.output
    assert "| target | `31` |" in result.output
    assert "These rules change **scotch-whist**" in result.output and "changes: `options` (target)" in result.output


def test_explain_of_a_broken_ruleset_prints_the_errors_and_fails():
    result = CliRunner().invoke(cli, ["explain", str(ROOT / "tests/broken/unknown-name.yaml")])
    assert result.exit_code == 1
    assert "unknown name 'scor'" in result.stderr and result.stdout == ""


def test_scoring_and_conditions_read_as_words_and_the_detail_mode_keeps_the_expressions():
    rules = load_ruleset(str(RULESETS / "scotch-whist.yaml")).rules
    text = explain(rules)
    assert "- After each hand the game ends if some player's *score* is at least the *target*." in text
    assert "- The game is won by the player with the highest *score* (all of them on a tie)." in text
    assert ("it is won by the player with the highest *score* among the players whose *score* is at least the "
            "*target*.") in text
    assert "=>" not in text and "argmax" not in text and "score[p]" not in text
    detail = explain(rules, detail=True)
    assert ("some player's *score* is at least the *target* (`any(players, p => score[p] >= target)`)" in detail)
    result = CliRunner().invoke(cli, ["explain", "--detail", "scotch-whist"])
    assert result.exit_code == 0 and "(`argmax(players, p => score[p])`)" in result.output


def test_a_lead_that_depends_on_a_condition_is_said_as_who_leads_the_first_trick():
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(state={"chooser": None, "dealer": None}, zones={"hand": "player", "trick": None}))
    steps = [{"tricks": {"hand": "hand", "trick": "trick", "lead": "left_of(dealer) if chooser == none else chooser"}}]
    text = describe_steps(steps, 0, say)[0]
    # not "... if the chooser does not exist, otherwise the chooser leads the first trick"
    assert ("The first trick is led by the player to the left of the *dealer* if there is no *chooser*, "
            "otherwise the *chooser*, and each trick's winner leads the next;") in text, text


def test_a_deal_of_one_card_says_one_card():
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(zones={"hand": "player", "stock": None}))
    text = describe_steps([{"deal": {"from": "stock", "to": "hand", "count": 1}}], 0, say)[0]
    assert text.startswith("1. Deal 1 card to each from *stock* into *hand*"), text
    assert "one at a time" not in text           # one card each: nothing to say of how


def test_a_card_put_at_the_bottom_of_its_own_zone():
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(zones={"stock": None, "pile": None}))
    text = describe_steps([{"move": {"cards": "last(stock)", "from": "stock", "to": "stock",
                                     "position": "bottom"}}], 0, say)[0]
    assert text == "1. Put the top card of *stock* at the bottom of *stock*.", text
    text = describe_steps([{"move": {"cards": "last(stock)", "from": "stock", "to": "pile",
                                     "position": "bottom"}}], 0, say)[0]
    assert text == "1. Move the top card of *stock* from *stock* to *pile* at the bottom.", text


def test_a_move_without_steps_changes_nothing_and_is_not_a_log_line():
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(zones={"hand": "player", "pile": None}))
    steps = [{"choose": {"player": "current", "moves": {
        "wait": {"description": "let the turn go by"},
        "play": {"options": "hand[current]", "as": "c", "legal": "c.rank == \"A\"",
                 "do": [{"move": {"cards": "c", "to": "pile"}}]}}}}]
    assert describe_steps(steps, 0, say) == [
        "1. The current player chooses one of these moves:",
        "   **wait** (let the turn go by): nothing else happens.",
        "   **play** with a card chosen from the current player's *hand*, allowed when the rank of the card is “A”:",
        "   1. Move the card to *pile*."]


@pytest.mark.parametrize("expr, said", [
    ("any(players, p => score[p] >= target)", "some player's *score* is at least the *target*"),
    ("all(players, p => passed[p])", "every player's *passed*"),
    ("argmin(players, p => score[p])", "the player with the lowest *score*"),
    ("count(filter(players, p => not out[p])) <= 1", "the number of the players who are not *out* is at most 1"),
    ("max(0, count(won[p]) - dealt)", "the larger of 0 and (the number of cards in the player's *won* minus the *dealt*)"),
    ("last(hand[dealer]).suit", "the suit of the last card of the *dealer*'s *hand*"),
    ("next_player(dealer, q => not out[q])", "the next player after the *dealer* who is not *out*"),
    ("winner != none and x % 2 == 0", "there is a *winner* and the *x* modulo 2 is 0"),
    ("some_new_function(hand[p], 3)", "the some new function of (the player's *hand*, 3)"),
    # an `or` inside an `and` keeps its brackets (without them it would read as a or (b and c))
    ("(passed[p] or out[p]) and x > 0", "(the player's *passed* or the player's *out*) and the *x* is more than 0"),
    # a total over items whose value is not a plain attribute: "the sum, over ..., of ..."
    ("sum(players, q => count(hand[q]))", "the sum, over all the players q, of the number of cards in the player q's *hand*"),
    # an 'and' mixing a clause of its own with an 'or' (a merge left this path calling a removed helper)
    ("filter(players, q => (out[q] or passed[q]) and count(hand[q]) > count(won[q]))",
     "the players q for which (their *out* or their *passed*) and the number of cards in their *hand* is more "
     "than the number of cards in their *won*"),
    ("map(filter(players, q => out[q]), q => score[q])", "the *score* of each of the players q who are *out*"),
    # the item's own clause first, then the conditions: not 'for which it is not the *dealer* and ...'
    ("filter(players, q => q != dealer and count(hand[q]) > 0)",
     "the players q who are not the *dealer* and for which the number of cards in their *hand* is more than 0"),
    ("last(hand[p], 3)", "the last 3 cards of the player's *hand*"),
    # a count worked out: not 'the last the larger of ... cards'
    ("last(hand[p], max(0, x - 1))", "the last cards of the player's *hand*, as many as the larger of 0 and (the *x* minus 1)"),
    ("reverse(won[p])", "the player's *won* in the opposite order (from the top down)"),
    ("sum(range(1, 3), k => k * x)", "the sum, over the numbers from 1 to 3, of the number times the *x*"),
    ("passed[p] or out[p] and x > 0", "the player's *passed* or (the player's *out* and the *x* is more than 0)"),
    # card() with plain words, and with a rank worked out; the cyclic functions in words
    ("card(\"A\", spades)", "A♠"),
    ("card(last(hand[p]).rank, spades)",
     "the card whose rank is the rank of the last card of the player's *hand* and whose suit is *spades*"),
    ("cyclic_next(ranks, \"A\")", "the item after “A” in the ranks (going round)"),
    ("cyclic_next(ranks, \"A\", 2)", "the item 2 places after “A” in the ranks (going round)"),
    # a count back: 'before', not 'the item minus 1 place(s) after'
    ("cyclic_next(ranks, \"A\", -1)", "the item before “A” in the ranks (going round)"),
    ("cyclic_next(ranks, \"A\", -3)", "the item 3 places before “A” in the ranks (going round)"),
    ("cyclic_next(ranks, \"A\", x)", "the item the *x* place(s) after “A” in the ranks (going round)"),
    ("count(hand[0]) + score[1]", "the number of cards in player 0's *hand* plus player 1's *score*"),
    ("cyclic_passes(ranks, \"K\", \"3\", \"A\")", "going round the ranks from “K” to “3” reaches or passes “A”"),
    # an 'or' inside a quantifier that is a part of an 'and' is bracketed with it
    ("any(teams, t => score[t] >= target or score[t] < 0) and x > 0",
     "(some team's *score* is at least the *target* or the team's *score* is less than 0) and the *x* is more than 0"),
    ("count(argmax(teams, t => score[t])) == 1", "the number of the teams with the highest *score* is 1"),
    ("team_members(first(teams))", "the players of the first of the teams"),
    ("team_members(1)", "the players of team 1"),
    ("groups(hand[p], c => c.rank, 2, 4)", "the sets of 2 to 4 cards from the player's *hand* with the same rank"),
    ("groups(hand[p], c => c.rank, 2)", "the sets of 2 or more cards from the player's *hand* with the same rank"),
    ("sum(smallest(map(players, q => score[q]), dealt))",
     "the total of the *dealt* smallest of the *score* of each player"),
    ("count(unique(map(hand[p], c => c.suit)))",
     "the number of different values among the suit of each card in the player's *hand*"),
    # of_rank of the item spoken of: 'of that rank', not 'of rank the rank'
    ("map(ranks, r => count(of_rank(hand[p], r)))",
     "the number of the cards of the player's *hand* of that rank, for each rank"),
    ("count(of_rank(hand[p], \"A\"))", "the number of the cards of the player's *hand* of rank “A”"),
    # a left side ending in a clause is bracketed: unbracketed, 'minus' would read as part of the clause
    ("count(filter(hand[p], c => c.suit == hearts)) - score[p]",
     "(the number of the cards in the player's *hand* whose suit is *hearts*) minus the player's *score*"),
])
def test_expressions_in_words_by_a_walk_over_the_syntax_tree(expr, said):
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"score": "player", "passed": "player", "out": "player", "dealt": None, "dealer": None,
                         "winner": None, "x": None},
                  zones={"hand": "player", "won": "player"}, options={"target"},
                  flags={"passed", "out"}).binding("p", "player")
    assert words(expr, lex) == said


def test_every_golden_reads_as_prose_outside_the_tables():
    """No expression syntax in the sentences (tables show values such as `0` and `none` in code)."""
    for path in GOLDEN.glob("*.md"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("|"):
                continue
            for syntax in ("=>", "[p]", "argmax(", "argmin(", "count(", "==", ">=", "!="):
                assert syntax not in line, f"{path.name}: {line}"


@pytest.mark.parametrize("options, bound, said", [
    ("range(1, 7)", "n", "**bid** with a number chosen from the numbers from 1 to 7"),
    ("[hearts, spades]", "x", "**bid** with an option chosen from"),
    ("[hearts, spades]", "strain", "**bid** with a strain chosen from"),
])
def test_a_one_letter_option_name_is_no_noun(options, bound, said):
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(zones={"hand": "player"}))
    steps = [{"choose": {"player": "current", "moves": {"bid": {"options": options, "as": bound}}}}]
    line = describe_steps(steps, 0, say)[1]
    assert said in line, line


def test_a_choice_of_one_move_is_not_one_of_these_moves():
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(zones={"hand": "player"}))
    one = [{"choose": {"player": "current", "moves": {"bid": {"options": "range(1, 7)", "as": "n"}}}}]
    two = [{"choose": {"player": "current", "moves": {"bid": {"options": "range(1, 7)", "as": "n"}, "pass": {}}}}]
    assert describe_steps(one, 0, say)[0] == "1. The current player makes this move:"
    assert describe_steps(two, 0, say)[0] == "1. The current player chooses one of these moves:"


def test_a_for_each_over_a_described_list_reads_for_each_of():
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(state={"out": "player", "dealer": None}, flags={"out"}))
    steps = [{"for_each": {"in": "seat_order(left_of(dealer))", "as": "p", "do": []}},
             {"for_each": {"in": "filter(players, q => not out[q])", "as": "p", "do": []}}]
    lines = describe_steps(steps, 0, say)
    assert "1. For each of the players in turn order, starting with the player to the left of the *dealer*:" in lines
    assert "2. For each of the players who are not *out*:" in lines, lines


def test_a_value_named_by_a_plural_noun_takes_are():
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"points": "player", "tricks": None, "bonus": None, "status": None})
    assert words("points[p] >= 66", lex) == "*p*'s *points* are at least 66"
    assert words("tricks < 3", lex) == "the *tricks* are less than 3"
    assert words("bonus > 2", lex) == "the *bonus* is more than 2"          # not every name ending in s
    assert words("status == 1", lex) == "the *status* is 1"


def test_a_one_letter_name_ending_in_s_takes_apostrophe_s():
    """A definition's parameter s (a suit) owns *s*'s foundation, not *s*' foundation; a plural keeps '."""
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"makers": None}, zones={"foundation": "suit", "won": "player"})
    assert words("count(foundation[s])", lex) == "the number of cards in *s*'s *foundation*"
    assert words("count(won[makers])", lex) == "the number of cards in the *makers*' *won*"


def test_an_unset_value_named_with_a_vowel_takes_an():
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(state={"advance": None, "caller": None})
    assert words("advance != none", lex) == "there is an *advance*"
    assert words("caller != none", lex) == "there is a *caller*"
    assert words("caller == none", lex) == "there is no *caller*"


def test_a_test_named_by_any_verb_in_the_third_person_is_said_of_its_first_argument():
    from interpreter.authoring.phrasing import Lexicon, words
    lex = Lexicon(tests={"fits", "trumps", "bonus"}, state={"pile": None, "top": None})
    assert words("fits(pile, top)", lex) == "the *pile* fits the *top*"
    assert words("trumps(top, pile)", lex) == "the *top* trumps the *pile*"
    assert "bonus holds for" in words("bonus(pile, top)", lex)              # no verb: said as before


def test_a_moved_clause_ending_in_a_bracket_is_closed_by_a_comma():
    """'..., as many as ... (from 0), from the dealer's hand to ...': without the comma the '(from 0)' ran
    into 'from the dealer's hand'.  A bracketed pair is no clause: no comma after it."""
    from interpreter.authoring.phrasing import Lexicon
    from interpreter.authoring.wording import Say, describe_steps
    say = Say(Lexicon(zones={"hand": "player", "pile": None}, state={"dealer": None}))
    steps = [{"move": {"cards": "last(hand[dealer], count(hand[dealer]) - position(hand[dealer], first(pile)))",
                       "from": "hand[dealer]", "to": "pile"}},
             {"move": {"cards": "last(hand[dealer])", "from": "hand[dealer]", "to": "pile"}}]
    lines = describe_steps(steps, 0, say)
    assert lines[0].endswith("(from 0), from the *dealer*'s *hand* to *pile*."), lines
    assert lines[1] == "2. Move the last card of the *dealer*'s *hand* from the *dealer*'s *hand* to *pile*.", lines
