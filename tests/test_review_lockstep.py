"""review12: a second designer's rulesets of the bundled games (tests/rulesets_review12/, each says at
its top which game it is, which rules it keeps and how it is written differently from ours), played
in lockstep with the bundled rulesets (tests/lockstep.py): the same deal, and at every decision the
same player and the same SET of legal moves (move names mapped, cards by name), one picked at random
and made in both, the same winners and scores at the end.  Both are also played against small
independent referees written from the rule texts (tests/referees.py).  Scripted deals check the
moves, trick winners, turn order and scores worked out by hand from the rule texts.

Covered here, not in earlier reviews: the same game written two ways (orders: cases against a
winner: expression over definitions; a loop over scoring lines against one procedure per line; a
choice whose option is a suit against one move per suit; a repeat loop against a choice nested in a
move; a point table against a definition; a variant reaching into inherited steps with $items).
"""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.engine import game as G
from interpreter.engine import scenario as S
from tests import referees as R
from tests.lockstep import lockstep, refereed
from tests.scripted import deal_order as _deck, legal_texts as _legal, load_from, turn as _turn, var as _v, zone_names as _z

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tests" / "rulesets_review12"
BUNDLED = ROOT / "rulesets"
SUITS = ["clubs", "spades", "hearts", "diamonds"]
TRUMPS = {f"{s}_trumps": f"name_trumps {s}" for s in SUITS}
CLIMB = {"beat": "play", "open": "play", "two": "special", "three": "special", "open_special": "special"}

# (bundled ruleset, ours, our move names as the bundled ones, player counts, referee)
PAIRS = {
    "scotch": ("scotch-whist", "catch-the-ten", {}, range(2, 8), lambda n, seed: R.ScotchWhist(n, seed)),
    "escalative": ("escalative/escalative", "tokens-auction", TRUMPS, [4], lambda n, seed: R.Escalative(n, seed)),
    "points": ("escalative/escalative-points", "tokens-auction-points", TRUMPS, [4],
               lambda n, seed: R.Escalative(n, seed, point_tricks=True)),
    "escalation": ("escalation/escalation", "pass-through", CLIMB, range(3, 9), lambda n, seed: R.Escalation(n, seed)),
    "scalade": ("scalade/scalade", "ladders", {}, range(3, 7), None),
    "retromobile": ("scalade/scalade-retromobile", "ladders-retromobile", {}, range(3, 7), None),
    "mobile": ("scalade/scalade-mobile", "ladders-mobile", {}, range(3, 7), None),
}
_CACHE = {}


def _rules(name):
    if name not in _CACHE:
        path = BUNDLED / f"{name}.yaml" if "/" in name or name == "scotch-whist" else HERE / f"{name}.yaml"
        _CACHE[name] = load_from(None, path)
    return _CACHE[name]


def _same_games(pair, seeds):
    bundled, ours, rename, counts, _ = PAIRS[pair]
    a, b = _rules(bundled), _rules(ours)
    decisions = 0
    for n in counts:
        for seed in seeds:
            ra, rb, history, _, _ = lockstep(a, b, n, seed, rename_b=rename)
            assert (ra["winners"], ra["scores"], ra["hands"]) == (rb["winners"], rb["scores"], rb["hands"]), (n, seed)
            decisions += len(history)
    return decisions


def _refereed(pair, seeds):
    bundled, ours, rename, counts, referee = PAIRS[pair]
    if referee is None:
        return
    for n in counts:
        for seed in seeds:
            refereed(_rules(bundled), n, seed, referee(n, seed))
            refereed(_rules(ours), n, seed, referee(n, seed), rename=rename)


@pytest.mark.parametrize("name", sorted(p.stem for p in HERE.glob("*.yaml") if not p.name.endswith(".scenario.yaml")))
def test_the_second_readings_are_valid_without_warnings(name):
    from interpreter.ruleset.loader import load_ruleset
    diags = load_ruleset(str(HERE / f"{name}.yaml"), {}, dry_run=True).diagnostics
    assert not diags, [d.format() for d in diags]


@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_both_readings_offer_the_same_moves_and_reach_the_same_results(pair):
    assert _same_games(pair, range(3)) > 100


@pytest.mark.parametrize("pair", sorted(p for p in PAIRS if PAIRS[p][4] is not None))
def test_both_readings_agree_with_an_independent_referee(pair):
    _refereed(pair, range(2))


def test_the_lockstep_finds_a_reading_that_differs():
    # a control: our Escalation with 'at least the previous value' instead of 'more than'
    text = (HERE / "pass-through.yaml").read_text(encoding="utf-8")
    assert "> last_value" in text
    from interpreter.ruleset.loader import load_ruleset
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "equal-beats.yaml"
        path.write_text(text.replace("> last_value", ">= last_value"), encoding="utf-8")
        loose = load_ruleset(str(path)).rules
    with pytest.raises(AssertionError, match="legal moves"):
        for seed in range(5):
            lockstep(_rules("escalation/escalation"), loose, 4, seed, rename_b=CLIMB)
    with pytest.raises(AssertionError, match="decision"):
        for seed in range(5):
            refereed(loose, 4, seed, R.Escalation(4, seed), rename=CLIMB)


@pytest.mark.soak
@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_soak_hundreds_of_lockstep_and_refereed_games(pair):
    counts = len(PAIRS[pair][3])
    seeds = range(3, 3 + max(30 if "scalade" in pair or "retro" in pair else 40, 240 // counts))
    _same_games(pair, seeds)
    _refereed(pair, seeds)


# -- Scotch Whist, scripted: four players, seat 0 deals, seat 1 leads ----------------------------------

WHIST = {
    1: ["A♠", "K♠", "6♣", "7♣", "8♣", "9♣", "10♣", "6♦", "7♦"],
    2: ["J♥", "6♠", "Q♣", "K♣", "A♣", "8♦", "9♦", "10♦", "J♦"],
    3: ["A♥", "7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "Q♦", "K♦"],
    0: ["A♦", "6♥", "8♥", "9♥", "10♥", "Q♥", "K♥", "J♣", "7♥"],   # the last card dealt, 7♥: hearts are trumps
}


@pytest.mark.parametrize("name", ["scotch-whist", "catch-the-ten"])
def test_whist_follow_suit_trumps_and_the_jack_of_trumps(name):
    s = S.stacked_game(_rules(name), 4, _deck(WHIST, [1, 2, 3, 0]))
    _turn(s, 1, WHIST[1], "A♠")
    _turn(s, 2, ["6♠"], "6♠")                              # the only spade: must follow
    _turn(s, 3, ["7♠", "8♠", "9♠", "10♠", "J♠", "Q♠"], "7♠")
    _turn(s, 0, WHIST[0], "6♥")                            # no spade: anything, and the lowest trump wins
    assert sorted(_z(s, "won", 0)) == sorted(["A♠", "6♠", "7♠", "6♥"])
    _turn(s, 0, ["A♦", "8♥", "9♥", "10♥", "Q♥", "K♥", "J♣", "7♥"], "8♥")   # the winner leads
    _turn(s, 1, ["K♠", "6♣", "7♣", "8♣", "9♣", "10♣", "6♦", "7♦"], "6♣")   # no heart: anything
    _turn(s, 2, ["J♥"], "J♥")
    _turn(s, 3, ["A♥"], "A♥")
    assert G.current_player(s) == 2                          # J of trumps above A of trumps
    assert sorted(_z(s, "won", 2)) == sorted(["8♥", "6♣", "J♥", "A♥"])


@pytest.mark.parametrize("name, score", [("scotch-whist", "score"), ("catch-the-ten", "points")])
def test_whist_ends_at_the_ten_of_trumps_before_the_other_lines_score(name, score):
    # everyone starts the hand on 38: the 10 of trumps is the first line scored, so its taker reaches
    # 48 and wins at once; the card count and the other honours are never scored.
    s = S.stacked_game(_rules(name), 4, _deck(WHIST, [1, 2, 3, 0]))
    for p in range(4):
        S.set_var(s, score, 38, p)
    while not G.is_over(s):
        G.apply(s, G.legal_actions(s)[0])
    taker = [p for p in range(4) if "10♥" in _z(s, "won", p)]
    assert G.result(s)["winners"] == taker
    assert G.result(s)["scores"] == [48 if p in taker else 38 for p in range(4)]


# -- Escalation, scripted: the example of the rule text ------------------------------------------------

CLIMB_HANDS = {
    1: ["K♠", "3♣", "9♣", "9♦", "10♣", "J♣"],          # A in the rule text's example
    2: ["7♣", "7♦", "2♥", "8♣", "8♦", "Q♥"],           # B
    3: ["3♦", "4♠", "5♠", "6♠", "K♥", "K♦"],           # C
    0: ["10♥", "J♥", "4♥", "5♦", "9♥", "A♠"],          # D, the dealer
}
CLIMB_STOCK = ["5♥", "A♦", "4♦", "6♣", "2♠", "J♦"]    # drawn in this order


@pytest.mark.parametrize("name, rename", [("escalation/escalation", {}), ("pass-through", CLIMB)])
def test_escalation_the_rule_texts_example_of_twos_and_threes(name, rename):
    def moves(s):
        out = []
        for a in G.legal_actions(s):
            text = S.describe(s, a)
            first, _, rest = text.partition(" ")
            out.append(" ".join([rename.get(first, first)] + sorted(rest.split())))
        return sorted(out)

    def play(s, move, cards):
        names = {k for k, v in rename.items() if v == move}
        for a in G.legal_actions(s):
            if (a[0] == move or a[0] in names) and sorted(S.describe(s, a).split()[1:]) == sorted(cards):
                return G.apply(s, a)
        raise AssertionError((move, cards, moves(s)))

    s = S.stacked_game(_rules(name), 4, _deck(CLIMB_HANDS, [1, 2, 3, 0], CLIMB_STOCK))
    assert G.current_player(s) == 1
    play(s, "play", ["K♠"])                                  # A: a King (13); draws 5♥
    assert G.current_player(s) == 2
    play(s, "play", ["7♣", "7♦"])                            # B: 7+7 (14); draws A♦, 4♦
    play(s, "special", ["3♦"])                               # C: a Three, still 14, play turns back; draws 6♣
    assert G.current_player(s) == 2
    play(s, "special", ["2♥"])                               # B: a Two, still 14; draws 2♠
    assert G.current_player(s) == 1
    play(s, "special", ["3♣"])                               # A: a Three, back to B; draws J♦
    assert G.current_player(s) == 2
    # B holds 8♣ 8♦ Q♥ A♦ 4♦ 2♠: only 8+8 (16) beats 14 (A♦ is 14, not more); the Two; or take
    assert moves(s) == ["play 8♣ 8♦", "special 2♠", "take"]
    play(s, "take", [])
    # after taking, B opens a new round: any set, or a special card (no take: the pile is empty)
    assert moves(s) == sorted(["play 8♣", "play 8♦", "play 8♣ 8♦", "play Q♥", "play A♦", "play 4♦",
                               "special 2♠"])
    assert len(_z(s, "stack", 2)) == 6                       # K♠ 7♣ 7♦ 3♦ 2♥ 3♣


# -- Escalative scoring, scripted: the Ace rule, the end of the auction, the first token ---------------

BIDS = {
    1: ["A♠", "8♣", "9♣", "10♣", "8♦", "9♦", "10♦"],
    2: ["A♣", "J♣", "Q♣", "J♦", "Q♦", "K♦", "8♥"],
    3: ["K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "K♣"],
    0: ["A♥", "A♦", "K♥", "Q♥", "J♥", "10♥", "9♥"],
}


@pytest.mark.parametrize("name, rename", [("escalative/escalative", {}), ("tokens-auction", TRUMPS)])
def test_escalative_ace_rule_auction_end_and_tokens(name, rename):
    back = {v: k for k, v in rename.items()}
    s = S.stacked_game(_rules(name), 4, _deck(BIDS, [1, 2, 3, 0]))
    assert G.current_player(s) == 1
    texts = _legal(s)
    assert "pass" not in texts and texts[0] == "bid 1" and texts[-1] == "bid 28"   # an Ace: must bid
    S.play(s, ("bid", 3))
    assert G.current_player(s) == 2 and "pass" in _legal(s) and "bid 3" not in _legal(s)   # someone bid
    S.play(s, ("pass",))
    S.play(s, ("bid", 4))                                    # seat 3 (no Ace)
    S.play(s, ("pass",))                                     # seat 0
    S.play(s, ("bid", 5))                                    # seat 1 outbids; seat 2 has passed for good
    S.play(s, ("pass",))                                     # seat 3: three passes in a row -> seat 1
    assert G.current_player(s) == 1
    move = back.get("name_trumps spades", "name_trumps")
    S.play(s, (move, "spades") if move == "name_trumps" else (move,))
    assert G.current_player(s) == 1                          # the high bidder leads
    S.play(s, "8♣")                                          # seat 1 leads a club
    _turn(s, 2, ["A♣", "J♣", "Q♣"], "A♣")
    _turn(s, 3, ["K♣"], "K♣")
    _turn(s, 0, BIDS[0], "9♥")                               # no club, no spade: A♣ wins
    assert G.current_player(s) == 2 and _v(s, "raw")[2] == 1  # the token numbered 1
    _turn(s, 2, ["J♣", "Q♣", "J♦", "Q♦", "K♦", "8♥"], "J♦")
    _turn(s, 3, ["K♠", "Q♠", "J♠", "10♠", "9♠", "8♠"], "8♠")  # no diamond: a trump wins
    _turn(s, 0, ["A♦"], "A♦")
    _turn(s, 1, ["8♦", "9♦", "10♦"], "8♦")
    assert G.current_player(s) == 3 and _v(s, "raw") == [0, 0, 1, 2]    # the token numbered 2


# -- The commands on the second readings ---------------------------------------------------------------

@pytest.mark.parametrize("name", ["catch-the-ten", "tokens-auction-points", "pass-through"])
def test_the_commands_run_cleanly_on_the_second_readings(name):
    path = str(HERE / f"{name}.yaml")
    for args in (["validate", path], ["explain", path], ["simulate", path, "-n", "30", "--check", "--coverage"]):
        done = subprocess.run([sys.executable, "-m", "interpreter", *args], capture_output=True, text=True,
                              cwd=ROOT, timeout=120)
        assert done.returncode == 0 and "Traceback" not in done.stderr + done.stdout, (args, done.stderr[-800:])
    assert "no violation" in done.stdout


def test_the_rule_texts_example_runs_as_a_scenario_file():
    done = subprocess.run([sys.executable, "-m", "interpreter", "test", str(HERE / "pass-through.scenario.yaml")],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and "1 passed, 0 failed" in done.stdout, done.stdout + done.stderr


# -- What validate says about a second designer's natural omissions --------------------------------------

def test_an_end_without_after_hand_but_with_max_hands_or_end_game_is_warned_about(tmp_path):
    # A designer whose game ends from an end_game step in the scoring wrote no after_hand, and got a
    # game of one hand without a word (after_hand defaults to true).
    from interpreter.ruleset.loader import load_ruleset
    text = (HERE / "catch-the-ten.yaml").read_text(encoding="utf-8")
    line = "  after_hand: false          # only the end_game of the scoring lines ends it\n"
    assert line in text
    path = tmp_path / "no-after-hand.yaml"
    path.write_text(text.replace(line, ""), encoding="utf-8")
    [d] = load_ruleset(str(path), {}, dry_run=True).diagnostics
    assert d.severity == "warning" and d.rule == "meaning" and d.line == text[:text.index("\nend:")].count("\n") + 2
    assert "no 'after_hand'" in d.message and "one hand" in d.message and "max_hands: 500" in d.message
    assert "after_hand: false" in d.hint
    path.write_text(text.replace(line, "").replace("  max_hands: 500\n", ""), encoding="utf-8")
    [d] = load_ruleset(str(path), {}, dry_run=True).diagnostics
    assert "an end_game step" in d.message


# -- Engine: a variable set from a zone keeps the cards the zone held then ---------------------------------

SNAPSHOT = """
name: snapshot
players: {count: [2]}
pack: {ranks: ["7", "8", "9"], suits: [clubs, hearts]}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
state:
  dealer: {type: player, initial: 0}
  snap: {type: cards, initial: "[]"}
  mine: {per: player, type: cards, initial: "[]"}
  hist: {type: list, initial: "[]"}
  before: {initial: 0}
  after: {initial: 0}
hand:
  - deal: {from: stock, to: hand, count: 3}
  - move: {cards: "hand[0]", to: pile}
  - set: {snap: pile, "mine[1]": "hand[1]", hist: "hist + [pile]"}
  - set: {before: count(snap)}
  - move: {cards: "first(pile)", to: "hand[1]"}
  - set: {after: "count(snap) * 100 + count(mine[1]) * 10 + count(first(hist))"}
end:
  after_hand: true
  winners: "[0]"
  score: "before * 1000 + after"
"""


@pytest.mark.parametrize("plain", [False, True])
def test_a_variable_set_from_a_zone_is_not_changed_by_later_moves(tmp_path, plain):
    # Retromobile Scalade written with `set: {played: trick}` before the climb moves cards out of the
    # trick: the variable followed the zone (it held the zone's own list), so the trick was won among
    # fewer cards, and a card put in later (the spoils) showed up in it.  Three cards were set aside,
    # one moved away: the snapshot still has 3, the per-player one 3, the pile kept in a list 3.
    from interpreter.engine import fold
    from interpreter.expr import compiler, hoist, inline
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "snapshot.yaml"
    path.write_text(SNAPSHOT, encoding="utf-8")
    with pytest.MonkeyPatch.context() as m:
        if plain:
            for module, name in ((compiler, "GENERATE"), (fold, "GENERATE"), (hoist, "HOIST"), (inline, "INLINE")):
                m.setattr(module, name, False)
        rules = load_ruleset(str(path)).rules
        s = G.new_game(rules, 2, 0)
        assert G.result(s)["scores"] == [3333, 3333]


# -- Engine: count: all in packets gives every player the share of a deal one card at a time --------------

@pytest.mark.parametrize("n, share", [(5, 7), (7, 5), (4, 9)])
def test_scotch_whist_dealt_in_threes_gives_equal_hands_at_five_and_seven(tmp_path, n, share):
    # The README's variant "Scotch Whist dealt in threes" at five players (35 cards): packets of three
    # went round until the pack ran out, so the first seats got 9 and 8 cards, the last ones 6, and the
    # hand stopped with 'player 3 has no card to play'.  A designer means 3, 3 and 1 card each (seven,
    # as dealt one at a time), the dealer's last card still the pack's last.
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "threes.yaml"
    path.write_text(f"extends: {BUNDLED / 'scotch-whist.yaml'}\nname: Scotch Whist dealt in threes\n"
                    "hand:\n  $items:\n    2: {deal: {packet: 3}}\n", encoding="utf-8")
    rules = load_ruleset(str(path)).rules
    pack = [rules.universe.names[c] for c in rules.deck(n)]
    s = S.stacked_game(rules, n, pack)
    want, cards, given = {p: [] for p in range(n)}, iter(pack), 0
    while given < share:                     # rounds from the dealer's left, three cards or what is left
        for p in [(1 + i) % n for i in range(n)]:
            want[p] += [next(cards) for _ in range(min(3, share - given))]
        given += 3
    assert {p: _z(s, "hand", p) for p in range(n)} == want
    assert want[0][-1] == pack[-1] and S.var(s, "trumps") == R.suit(pack[-1])   # the dealer's last card
    assert not load_ruleset(str(path), {}, dry_run=True).diagnostics


def test_a_variable_whose_initial_value_is_a_zone_keeps_the_cards_it_held(tmp_path):
    # initial: stock (a hand variable, worked out as the hand starts) held the stock's own list, so the
    # deal emptied the variable too: 6 cards noted before the deal, 0 left in it at the end (60).
    from interpreter.ruleset.loader import load_ruleset
    path = tmp_path / "initial.yaml"
    path.write_text(INITIAL, encoding="utf-8")
    rules = load_ruleset(str(path)).rules
    assert G.result(G.new_game(rules, 2, 0))["scores"] == [66, 66]


INITIAL = """
name: initial
players: {count: [2]}
pack: {ranks: ["7", "8", "9"], suits: [clubs, hearts]}
zones:
  stock: {visibility: hidden}
  hand: {per: player, visibility: owner}
state:
  dealer: {type: player, initial: 0}
  snap: {type: cards, initial: "stock", scope: hand}
  noted: {initial: 0}
hand:
  - set: {noted: count(snap)}
  - deal: {from: stock, to: hand, count: 3}
end:
  after_hand: true
  winners: "[0]"
  score: "noted * 10 + count(snap)"
"""
