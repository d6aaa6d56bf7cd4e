"""Scala Quaranta: scripted deals from the rule text, its variants, and simulated games."""
from functools import lru_cache
from pathlib import Path

import pytest

from interpreter.bots.base import make_bot
from interpreter.engine import game as G
from interpreter.engine import scenario as SC
from interpreter.ruleset.loader import load_ruleset

FOLDER = Path(__file__).resolve().parent.parent / "rulesets" / "scala40"
VARIANTS = sorted(p.stem for p in FOLDER.glob("*.yaml"))

# Thirteen cards with no two that could meld together even with a joker
# (distinct ranks, same-suit cards at least three apart), and no hearts.
JUNK = ["A♣", "4♣", "7♣", "10♣", "2♦", "5♦", "8♦", "J♦", "3♠", "6♠", "9♠", "Q♠", "K♣"]
JUNK_PENALTY = 11 + 4 + 7 + 10 + 2 + 5 + 8 + 10 + 3 + 6 + 9 + 10 + 10      # 95
HEARTS = ["A♥", "2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥"]
NO_SPADES = ["A♣", "3♣", "4♣", "7♣", "10♣", "K♣", "2♦", "5♦", "8♦", "J♦", "Q♦"]     # eleven, no meld


@lru_cache(maxsize=None)
def rules(name="scala40", **options):
    loaded = load_ruleset(FOLDER / f"{name}.yaml", {k: str(v) for k, v in options.items()})
    assert loaded.ok, loaded.diagnostics
    return loaded.rules


def deal(r, players, hands, up="K♥", draws=()):
    """A game whose deal gives `hands[seat]` (13 names each), turns up `up`, then draws `draws`."""
    seats = [(1 + i) % players for i in range(players)]      # dealer 0 deals from the left
    order = [hands[seat][k] for k in range(13) for seat in seats]
    return SC.stacked_game(r, players, order + [up] + list(draws))


def options(s, move):
    return [a[1] for a in G.legal_actions(s) if a[0] == move]


def act(s, move, pick=lambda v: True):
    for action in G.legal_actions(s):
        if action[0] == move and pick(action[1]):
            G.apply(s, action)
            return action[1]
    raise AssertionError(f"no legal {move}; legal: {sorted({a[0] for a in G.legal_actions(s)})}")


def names(s, cards):
    return sorted(s.rules.universe.names[c] for c in cards)


def stands(r, meld):
    """What each card of a meld counts as, e.g. ['8♣', '9♣', '10♣']."""
    u = r.universe
    return [u.names[u.card_id(u.ranks[rank], u.suits[suit])] for rank, suit in meld.stands_for]


def total(r, play):
    return sum(r.meld_rules.value(m) for m in play)


def cards_of(r, *names_):
    return tuple(SC.cards(r, names_))


def set_var(s, name, value, key=None):
    info = s.rules.vars[name]
    if key is None:
        s.v[info.index] = value
    else:
        s.v[info.index][key] = value


def refresh(s):
    """Compute the pending choice again after a test changed the state."""
    frame = s.stack.pop()
    s.pending = None
    frame[0].enter(s, frame[2])


def to_table(s, *card_names):
    """Lay a group on the table with cards taken from the bottom of the stock."""
    u, stock = s.rules.universe, SC.zone(s, "stock")
    group = []
    for name in card_names:
        cid = next(c for c in stock if u.names[c] == u.names[u.parse_card(name)])
        stock.remove(cid)
        group.append(cid)
    SC.zone(s, "table").append(group)


def all_cards(s):
    out = []
    for zone in s.z:
        for part in zone:
            out.extend(part if isinstance(part, list) else [part])
    return out


# -- the opening example ------------------------------------------------------------

def test_opening_counts_the_joker_as_the_ten():
    r = rules()
    hand = ["joker", "9♣", "8♣", "5♦", "5♥", "5♠", "A♣", "4♣", "2♦", "10♦", "K♦", "J♥", "Q♠"]
    s = deal(r, 2, {1: hand, 0: JUNK}, draws=["J♥"])
    assert G.current_player(s) == 1
    assert options(s, "take_discard") == []          # not opened: the stock only
    act(s, "draw")
    opens = options(s, "open")
    assert len(opens) == 1
    play = opens[0]
    assert total(r, play) == 42
    run = next(m for m in play if m.kind == "run")
    assert stands(r, run) == ["8♣", "9♣", "10♣"]
    # the other reading of the same three cards makes only 39
    low = [m for m in r.meld_rules.find(tuple(sorted(SC.zone(s, "hand", 1))))
           if m.kind == "run" and stands(r, m) == ["7♣", "8♣", "9♣"]]
    assert low and r.meld_rules.value(low[0]) + 15 == 39
    act(s, "open")
    assert SC.var(s, "opened")[1] is True
    table = SC.zone(s, "table")
    assert sorted(len(g) for g in table) == [3, 3]
    assert len(SC.zone(s, "hand", 1)) == 8


# -- what a meld is -------------------------------------------------------------------

def test_ace_low_or_high_but_never_in_the_middle():
    r = rules()
    readings = r.meld_rules.readings
    assert readings(cards_of(r, "K♠", "A♠", "2♠")) == []
    assert readings(cards_of(r, "Q♠", "K♠", "A♠"))
    assert readings(cards_of(r, "A♠", "2♠", "3♠"))
    # In play: an opened player holding K♠ A♠ 2♠ is never offered them as a run.
    s = deal(r, 2, {1: ["K♠", "A♠", "2♠"] + JUNK[:10], 0: HEARTS}, draws=["8♥"])
    set_var(s, "opened", True, 1)
    act(s, "draw")
    melds = options(s, "meld")
    assert not any(set(names(s, m.cards)) >= {"K♠", "A♠", "2♠"} for m in melds)


def test_a_fourteen_card_run_needs_a_joker():
    r = rules()
    suit = [h.replace("♥", "♣") for h in HEARTS]
    readings = r.meld_rules.readings
    with_joker = readings(cards_of(r, *suit, "joker"))
    assert with_joker and all(len(m.cards) == 14 for m in with_joker)
    assert readings(cards_of(r, *suit, "A♣")) == []       # two natural Aces of one suit


def test_two_jokers_in_one_meld_only_in_the_variant():
    hand = ["joker", "joker", "7♥"] + NO_SPADES[:10]
    for name, allowed in (("scala40", False), ("scala40-jokers", True)):
        r = rules(name)
        assert bool(r.meld_rules.readings(cards_of(r, "joker", "joker", "7♥"))) == allowed
        s = deal(r, 2, {1: hand, 0: HEARTS}, draws=["8♥"])
        set_var(s, "opened", True, 1)
        act(s, "draw")
        doubles = [m for m in options(s, "meld") if sum(r.universe.is_joker[c] for c in m.cards) == 2]
        assert bool(doubles) == allowed


def test_a_card_cannot_be_in_two_melds():
    r = rules()
    assert r.meld_rules.readings(cards_of(r, "9♣", "9♦", "9♥", "8♥", "7♥")) == []
    hand = ["9♣", "9♦", "9♥", "8♥", "7♥", "K♠", "K♦", "K♥"] + ["2♦", "5♦", "J♦", "3♠", "6♠"]
    s = deal(r, 2, {1: hand, 0: JUNK}, draws=["Q♠"])
    act(s, "draw")
    opens = options(s, "open")
    assert opens
    for play in opens:
        used = [c for m in play for c in m.cards]
        assert len(used) == len(set(used))
    kinds = {tuple(sorted(m.kind for m in play if "9♥" in names(s, m.cards))) for play in opens}
    assert kinds == {("run",), ("set",)}               # the nine of hearts in one meld, never two


def test_the_joker_in_a_set_stands_for_a_declared_suit():
    r = rules()
    hand = ["10♥", "10♠", "joker", "10♣", "10♦"] + ["A♣", "4♣", "7♣", "2♦", "5♦", "8♦", "3♠", "6♠"]
    s = deal(r, 2, {1: hand, 0: JUNK}, draws=["Q♠"])
    set_var(s, "opened", True, 1)
    act(s, "draw")
    trios = [m for m in options(s, "meld")
             if names(s, m.cards) == sorted(["10♥", "10♠", "Joker"])]
    assert sorted(stands(r, m)[i] for m in trios for i, c in enumerate(m.cards)
                  if r.universe.is_joker[c]) == ["10♣", "10♦"]
    act(s, "meld", lambda m: m in trios and "10♣" in stands(r, m))
    # The joker is the ten of clubs: the ten of diamonds may be added, the ten of clubs may not,
    # but it may take the joker's place.
    added = {names(s, ch.added)[0] for ch in options(s, "add")}
    assert "10♦" in added and "10♣" not in added
    swaps = options(s, "swap")
    assert [names(s, ch.added) for ch in swaps] == [["10♣"]]
    act(s, "swap")
    assert "Joker" in names(s, SC.zone(s, "hand", 1))
    assert [names(s, g) for g in SC.zone(s, "table")] == [sorted(["10♣", "10♥", "10♠"])]


# -- drawing and discarding -------------------------------------------------------------

def test_the_top_discard_only_when_melded_at_once():
    r = rules()
    s = deal(r, 2, {1: ["7♠", "8♠"] + NO_SPADES, 0: HEARTS}, up="9♠", draws=["2♥"])
    assert options(s, "take_discard") == []           # not opened yet
    set_var(s, "opened", True, 1)
    refresh(s)
    assert options(s, "take_discard") == [None]
    act(s, "take_discard")
    assert options(s, "discard") == []                 # the 9♠ must be melded first
    assert options(s, "meld") and all("9♠" in names(s, m.cards) for m in options(s, "meld"))
    act(s, "meld")
    assert SC.var(s, "must_use") is None and options(s, "discard")


def test_a_player_who_has_not_opened_keeps_jokers_and_playable_cards():
    r = rules()
    s = deal(r, 2, {1: ["joker", "8♠"] + NO_SPADES, 0: HEARTS}, draws=["2♥"])
    to_table(s, "5♠", "6♠", "7♠")
    act(s, "draw")
    assert names(s, options(s, "discard")) == sorted(NO_SPADES + ["2♥"])
    assert len(all_cards(s)) == 108


def test_playable_discards_after_opening_only_in_the_variant():
    for name, allowed in (("scala40", True), ("scala40-playable-discards", False)):
        s = deal(rules(name), 2, {1: ["joker", "8♠"] + NO_SPADES, 0: HEARTS}, draws=["2♥"])
        set_var(s, "opened", True, 1)
        to_table(s, "5♠", "6♠", "7♠")
        act(s, "draw")
        assert any(names(s, ch.added) == ["8♠"] for ch in options(s, "add"))
        assert ("8♠" in names(s, options(s, "discard"))) == allowed
        assert ("Joker" in names(s, options(s, "discard"))) == allowed   # it fits the run too


def test_closing_in_the_first_round_is_refused():
    r = rules()
    s = deal(r, 2, {1: HEARTS, 0: JUNK}, draws=["Q♠"])
    act(s, "draw")
    opens = options(s, "open")
    assert opens and all(14 - len([c for m in p for c in m.cards]) >= 2 for p in opens)
    act(s, "open", lambda p: sum(len(m.cards) for m in p) == 12)
    assert len(SC.zone(s, "hand", 1)) == 2
    act(s, "discard")
    assert SC.var(s, "closer") is None and G.current_player(s) == 0


def test_closing_on_the_first_turn_in_the_variant():
    r = rules("scala40-close-first-turn")
    s = deal(r, 2, {1: HEARTS, 0: JUNK}, draws=["Q♠"])
    act(s, "draw")
    act(s, "open", lambda p: sum(len(m.cards) for m in p) == 13)
    assert names(s, options(s, "discard")) == ["Q♠"]
    act(s, "discard")
    # the hand is over: seat 0 scored its cards and a new hand has been dealt
    assert SC.var(s, "score") == [JUNK_PENALTY, 0]
    assert s.hand_no == 2
    assert len(all_cards(s)) == 108


def test_the_stock_is_rebuilt_from_the_discards():
    r = rules()
    s = deal(r, 2, {1: JUNK, 0: HEARTS}, draws=["2♥"])
    stock, pile = SC.zone(s, "stock"), SC.zone(s, "discard")
    pile[:0] = stock[:-1]                               # leave one card in the stock
    del stock[:-1]
    before = len(pile)
    act(s, "draw")
    assert len(stock) == before and pile == []
    act(s, "discard")
    assert len(pile) == 1 and len(all_cards(s)) == 108
    assert G.current_player(s) == 0 and options(s, "draw") == [None]


# -- scoring, elimination, re-entry -------------------------------------------------------

def _close_first_hand(name, scores, **opts):
    r = rules(name, close_first_turn=True, **opts)
    s = deal(r, 3, {1: HEARTS, 0: JUNK, 2: JUNK}, draws=["2♥"])
    set_var(s, "score", list(scores))
    act(s, "draw")
    act(s, "open", lambda p: sum(len(m.cards) for m in p) == 13)
    act(s, "discard")
    return s


def test_players_reaching_101_drop_out():
    s = _close_first_hand("scala40", [10, 0, 0])
    assert SC.var(s, "score") == [10 + JUNK_PENALTY, 0, JUNK_PENALTY]
    assert SC.var(s, "out") == [True, False, False]
    assert not G.is_over(s)
    assert SC.zone(s, "hand", 0) == [] and len(SC.zone(s, "hand", 1)) in (13, 14)


def test_the_last_player_left_wins():
    s = _close_first_hand("scala40", [10, 0, 10])
    assert G.is_over(s)
    assert G.result(s)["winners"] == [1]


def test_reentry_at_the_highest_score_below_the_target():
    s = _close_first_hand("scala40-reentry", [10, 0, 0])
    assert SC.var(s, "score") == [JUNK_PENALTY, 0, JUNK_PENALTY]
    assert SC.var(s, "out") == [False, False, False]
    s = _close_first_hand("scala40-reentry", [10, 0, 10])      # only one player below: no re-entry
    assert G.is_over(s) and G.result(s)["winners"] == [1]


def test_scoring_variants():
    assert SC.var(_close_first_hand("scala40-double-penalty", [0, 0, 0]), "score") == \
        [2 * JUNK_PENALTY, 0, 2 * JUNK_PENALTY]
    assert SC.var(_close_first_hand("scala40-unopened-100", [0, 0, 0]), "score") == [100, 0, 100]
    s = _close_first_hand("scala40-single-game", [0, 0, 0])
    assert G.is_over(s) and G.result(s)["winners"] == [1]
    s = _close_first_hand("scala40-no-elimination", [990, 0, 0])
    assert G.is_over(s) and G.result(s)["winners"] == [1]
    s = _close_first_hand("scala40-no-elimination", [10, 0, 0])
    assert not G.is_over(s) and SC.var(s, "out") == [False, False, False]


# -- variants with their own moves ------------------------------------------------------------

def test_three_aces_open_with_the_alternative_values():
    hand = ["A♣", "A♦", "A♥", "4♣", "7♣", "10♣", "2♦", "5♦", "8♦", "J♦", "3♠", "6♠", "9♠"]
    for name, can_open in (("scala40", False), ("scala40-card-values", True)):
        r = rules(name)
        s = deal(r, 2, {1: hand, 0: HEARTS}, draws=["Q♠"])
        act(s, "draw")
        assert bool(options(s, "open")) == can_open


def test_early_use_of_the_discard_pile():
    hand = ["Q♠", "K♠", "10♥", "10♦", "10♣"] + ["A♣", "4♣", "7♣", "2♦", "5♦", "8♦", "3♠", "6♠"]
    assert options(deal(rules(), 2, {1: hand, 0: HEARTS}, up="A♠"), "take_discard") == []
    s = deal(rules("scala40-early-discard"), 2, {1: hand, 0: HEARTS}, up="A♠")
    act(s, "take_discard")                               # Q-K-A (31) with three tens (30)
    assert options(s, "discard") == []
    assert all("A♠" in names(s, [c for m in p for c in m.cards]) for p in options(s, "open"))


def test_the_first_player_may_take_the_turned_up_card():
    r = rules("scala40-turned-up-card")
    s = deal(r, 2, {1: JUNK, 0: HEARTS}, up="2♥")
    act(s, "take_turned_up")
    assert "2♥" in names(s, SC.zone(s, "hand", 1))
    act(s, "discard")
    assert options(s, "take_turned_up") == []


def test_closing_by_melding_every_card():
    r = rules("scala40-close-without-discard", close_first_turn=True)
    s = deal(r, 2, {1: HEARTS, 0: JUNK}, draws=["joker"])
    act(s, "draw")
    act(s, "open", lambda p: sum(len(m.cards) for m in p) == 14)
    assert SC.var(s, "score") == [JUNK_PENALTY, 0] and s.hand_no == 2


def test_four_of_a_kind_goes_under_the_discard_pile():
    hand = ["K♣", "K♦", "K♥", "K♠", "Q♣", "Q♦", "Q♥"] + ["A♣", "4♣", "7♣", "2♦", "5♦", "8♦"]
    r = rules("scala40-four-discarded")
    s = deal(r, 2, {1: hand, 0: JUNK}, up="3♠", draws=["9♠"])
    act(s, "draw")
    act(s, "open", lambda p: sum(len(m.cards) for m in p) == 7)
    assert [names(s, g) for g in SC.zone(s, "table") if g] == [sorted(["Q♣", "Q♦", "Q♥"])]
    assert names(s, SC.zone(s, "discard")[:4]) == sorted(["K♣", "K♦", "K♥", "K♠"])
    assert SC.var(s, "buried") == 4 and len(all_cards(s)) == 108


def test_splitting_long_runs():
    for name, split in (("scala40-split-runs", True), ("scala40", False)):
        r = rules(name)
        s = deal(r, 2, {1: ["4♠", "6♠"] + NO_SPADES, 0: HEARTS}, draws=["2♥"])
        set_var(s, "opened", True, 1)
        to_table(s, "5♠", "6♠", "7♠", "8♠", "9♠")
        act(s, "draw")
        fours = [ch for ch in options(s, "add") if names(s, ch.added) == ["4♠"]]
        if split:
            assert [[stands(r, p) for p in ch.pieces] for ch in fours] == \
                [[["4♠", "5♠", "6♠"], ["7♠", "8♠", "9♠"]]]
        else:
            assert [len(ch.pieces) for ch in fours] == [1]
        assert not any(names(s, ch.added) == ["6♠"] for ch in options(s, "add"))
        act(s, "add", lambda ch: names(s, ch.added) == ["4♠"])
        sixes = [ch for ch in options(s, "add") if names(s, ch.added) == ["6♠"]]
        assert bool(sixes) == split
        if split:
            act(s, "add", lambda ch: names(s, ch.added) == ["6♠"])
            assert sorted(len(g) for g in SC.zone(s, "table")) == [3, 4]


# -- the rulesets and simulated games --------------------------------------------------------

@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_loads_and_starts_with_the_schema_line(name):
    text = (FOLDER / f"{name}.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../schemas/ruleset.schema.json\n")
    rules(name)


def play(r, players, seed, check=True):
    s = G.new_game(r, players, seed)
    bots = [make_bot("priority", seed * 10 + p) for p in range(players)]
    while not G.is_over(s):
        choice = s.pending
        G.apply_index(s, bots[choice.player].decide(s, choice.player, choice.actions))
        if check:
            cards = all_cards(s)
            assert len(cards) == 108 and len(set(cards)) == 108
    return G.result(s)


def simulate(name, games, check=True):
    r = rules(name)
    stopped = 0
    for seed in range(games):
        try:
            result = play(r, 2 + seed % 5, seed, check)
        except G.GameError as err:
            assert "turn limit" in err.message, err
            stopped += 1
            continue
        assert result["winners"]
    return stopped


def test_simulated_games_keep_every_card_and_end():
    assert simulate("scala40", 200) <= 3


@pytest.mark.parametrize("name", [v for v in VARIANTS if v not in ("scala40", "scala40-no-elimination")])
def test_simulated_variant_games(name):
    assert simulate(name, 4) == 0


@pytest.mark.soak
@pytest.mark.parametrize("name", VARIANTS)
def test_soak(name):
    games = 2000 if name == "scala40" else 200
    assert simulate(name, games, check=name == "scala40") <= games // 50


def test_both_copies_of_a_card_can_serve_in_different_melds_of_one_play():
    """Two packs: a set of nines and the run 7-8-9♥ can be laid together when both 9♥ are held."""
    from interpreter.engine import scenario as S
    from tests.helpers import rules_of
    r = rules_of("rulesets/scala40/scala40.yaml")
    u = r.universe
    hand = tuple(S.cards(r, ["9♣", "9♦", "9♥", "9♥", "8♥", "7♥", "K♣", "K♦", "K♠"]))
    plays = r.meld_rules.plays(hand, 40, 200)
    shapes = {tuple(sorted(tuple(u.names[c] for c in m.cards) for m in play)) for play in plays}
    assert (("7♥", "8♥", "9♥"), ("9♣", "9♦", "9♥"), ("K♣", "K♦", "K♠")) in shapes
    # offered once, not once per choice of copy
    assert len(shapes) == len(plays)
