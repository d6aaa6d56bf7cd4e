"""Cards shown while in a hand, once the hand's owner moves a card where another seat cannot see it.

Three seats; two widow cards are shown and taken into seat 0's hand; seat 0 then gives a card face
down to seat 1, buries one face down, or plays one face up.  A seat that does not see where the card
went cannot tell which card left the hand: its view must be the same whichever card it was (before
the fix it saw a widow card vanish or stay, and so knew what was given).  Seats that see the card
go (the one who gets it, everyone when it is played face up) keep knowing where the shown cards
are.  Cards shown in places that are not hands (the bottom card of a stock turned up) stay shown."""
from __future__ import annotations

import pytest

from interpreter.engine import game as G
from interpreter.engine import fold
from interpreter.expr import compiler, hoist, inline
from interpreter.ruleset.loader import load_ruleset

WIDOW = """\
name: Widow gift
players: {count: 3}
pack: {ranks: [A, K, Q, J, "10", "9"], suits: [s, h]}
zones:
  stock: {visibility: hidden}
  widow: {visibility: hidden}
  hand: {per: player, visibility: owner}
  pile: {visibility: public}
  buried: {visibility: hidden}
  down: {visibility: hidden}
state:
  shown: {type: cards, initial: "[]", scope: hand}
hand:
  - gather: {from: [hand, widow, pile, buried, down], to: stock}
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - deal: {from: stock, to: widow, count: 2}
  - reveal: first(stock)
  - set: {shown: widow}
  - move: {cards: widow, to: "hand[0]"}
  - reveal: shown
  - choose:
      player: 0
      moves:
        give:
          options: hand[0]
          as: c
          do:
            - move: {cards: c, from: "hand[0]", to: "hand[1]"}
        bury:
          options: hand[0]
          as: c
          do:
            - move: {cards: c, to: buried}
        play:
          options: hand[0]
          as: c
          do:
            - move: {cards: c, from: "hand[0]", to: pile}
  - move: {cards: last(stock), to: "hand[2]"}
  - tricks:
      hand: hand
      trick: down
      order: plain
      collect: buried
      count: 1
end:
  winners: "[0]"
orders:
  plain: ["9", "10", J, Q, K, A]
"""


def _rules(tmp_path, plain=False, text=WIDOW):
    path = tmp_path / "widow.yaml"
    path.write_text(text, encoding="utf-8")
    m = pytest.MonkeyPatch()
    if plain:                # closures only: the generated paths switched off
        for module, name in ((compiler, "GENERATE"), (fold, "GENERATE"), (hoist, "HOIST"), (inline, "INLINE")):
            m.setattr(module, name, False)
    try:
        loaded = load_ruleset(str(path))
    finally:
        m.undo()
    assert loaded.ok, [d.message for d in loaded.diagnostics]
    return loaded.rules


def _at_choice(rules, seed):
    s = G.new_game(rules, 3, seed)
    assert s.pending is not None and s.pending.player == 0
    return s


def _names(s, cards):
    return sorted(s.rules.universe.names[c] for c in cards)


def _after(s, index):
    c = G.clone(s) if hasattr(G, "clone") else s.clone()
    G.apply_index(c, index)
    return c


def _view(s, seat):
    obs = G.observation(s, seat)
    return repr(sorted((k, repr(v)) for k, v in obs.items()))


@pytest.mark.parametrize("plain", [False, True])
@pytest.mark.parametrize("move", ["give", "bury"])
def test_a_seat_that_does_not_see_the_card_go_cannot_tell_which_it_was(tmp_path, plain, move):
    rules = _rules(tmp_path, plain)
    for seed in range(8):
        s = _at_choice(rules, seed)
        widow = set(s.v[rules.vars["shown"].index])
        options = [i for i, a in enumerate(s.pending.actions) if a[0] == move]
        assert len(options) == 4
        assert any(s.pending.actions[i][1] in widow for i in options)
        assert any(s.pending.actions[i][1] not in widow for i in options)
        # seat 2 sees neither seat 0's hand nor where the card goes: one view whatever was given
        views = {_view(_after(s, i), 2) for i in options}
        assert len(views) == 1, seed
        # and none of seat 0's cards shows in seat 2's view of that hand any more
        after = _after(s, options[0])
        assert G.observation(after, 2)["zones"]["hand"][0] == []


@pytest.mark.parametrize("plain", [False, True])
def test_the_seat_that_gets_the_card_keeps_knowing_the_shown_cards(tmp_path, plain):
    rules = _rules(tmp_path, plain)
    s = _at_choice(rules, 3)
    widow = set(s.v[rules.vars["shown"].index])
    for i, a in enumerate(s.pending.actions):
        if a[0] != "give":
            continue
        after = _after(s, i)
        kept = widow - {a[1]}
        # seat 1 saw which card came: the widow cards left in seat 0's hand are still shown to it
        assert _names(after, G.observation(after, 1)["zones"]["hand"][0]) == _names(after, kept)
        # seat 0 sees its own hand
        assert set(G.observation(after, 0)["zones"]["hand"][0]) == set(after.z[rules.zones["hand"].index][0])


@pytest.mark.parametrize("plain", [False, True])
def test_a_card_played_face_up_leaves_the_others_knowing(tmp_path, plain):
    rules = _rules(tmp_path, plain)
    s = _at_choice(rules, 5)
    widow = set(s.v[rules.vars["shown"].index])
    for i, a in enumerate(s.pending.actions):
        if a[0] != "play":
            continue
        after = _after(s, i)
        for seat in (1, 2):
            assert _names(after, G.observation(after, seat)["zones"]["hand"][0]) == _names(after, widow - {a[1]})


@pytest.mark.parametrize("plain", [False, True])
def test_a_card_shown_in_a_stock_stays_shown_when_another_is_drawn(tmp_path, plain):
    rules = _rules(tmp_path, plain)
    s = _at_choice(rules, 2)
    stock = s.z[rules.zones["stock"].index]
    bottom = stock[0]
    after = _after(s, 0)                    # seat 2 draws the top card of the stock after the choice
    assert bottom in after.z[rules.zones["stock"].index]
    for seat in range(3):
        assert G.observation(after, seat)["zones"]["stock"] == [bottom]


@pytest.mark.parametrize("plain", [False, True])
@pytest.mark.parametrize("after_play", [False, True])
def test_a_card_played_face_down_to_a_trick_hides_the_shown_cards_left(tmp_path, plain, after_play):
    """The one trick is played to a face-down zone: once seat 0 plays its card there, seat 2 sees no
    card of seat 0's hand (it could not tell whether a widow card was the one played).  With
    `after_play:` the block plays one card per step (another path)."""
    text = WIDOW.replace("      count: 1\n", "      count: 1\n      after_play:\n        - set: {shown: shown}\n") \
        if after_play else WIDOW
    rules = _rules(tmp_path, plain, text)
    for seed in range(6):
        s = _at_choice(rules, seed)
        play = next(i for i, a in enumerate(s.pending.actions) if a[0] == "play")
        after = _after(s, play)             # a card played face up: seat 2 still sees the widow card(s) left
        left = set(G.observation(after, 2)["zones"]["hand"][0])
        assert left
        # the trick: seat 1 leads (left of dealer 0), then seat 2, then seat 0
        while not after.over and after.pending.player != 0:
            G.apply_index(after, 0)
        assert not after.over
        views = set()
        for i in range(len(after.pending.actions)):
            c = _after(after, i)
            views.add(repr(G.observation(c, 2)["zones"]["hand"][0]))
        assert views == {"[]"}, seed


def test_a_card_laid_away_by_select_hides_the_shown_cards_left(tmp_path):
    """`select:` lays a card of seat 0's hand away face down: seat 2 cannot tell which."""
    start = WIDOW.index("  - choose:")
    end = WIDOW.index("  - move: {cards: last(stock)")
    text = WIDOW[:start] + "  - select: {players: [0], from: hand, to: away, count: 1}\n" + WIDOW[end:]
    text = text.replace("  down: {visibility: hidden}\n", "  down: {visibility: hidden}\n  away: {per: player, visibility: owner}\n")
    text = text.replace("[hand, widow, pile, buried, down]", "[hand, widow, pile, buried, down, away]")
    path = tmp_path / "select.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_ruleset(str(path))
    assert loaded.ok, [d.message for d in loaded.diagnostics]
    rules = loaded.rules
    for seed in range(6):
        s = _at_choice(rules, seed)
        widow = set(s.v[rules.vars["shown"].index])
        assert {a[1] for a in s.pending.actions} >= widow
        views = set()
        for i in range(len(s.pending.actions)):
            after = _after(s, i)
            while not after.over and after.pending.player == 0 and after.pending.label == s.pending.label:
                G.apply_index(after, 0)
            views.add(repr(G.observation(after, 2)["zones"]["hand"][0]))
        assert views == {"[]"}, seed


def test_a_card_that_went_and_is_shown_before_the_next_decision_leaves_the_others_knowing(tmp_path):
    """The nine of trumps put under the stock and turned up there (an exchange): everyone sees which
    card left, so the shown cards still in the hand stay shown to everyone."""
    text = WIDOW.replace('''        play:
          options: hand[0]''', '''        under:
          options: hand[0]
          as: c
          do:
            - move: {cards: c, from: "hand[0]", to: stock, position: bottom}
            - reveal: c
        play:
          options: hand[0]''')
    rules = _rules(tmp_path, text=text)
    for seed in range(6):
        s = _at_choice(rules, seed)
        widow = set(s.v[rules.vars["shown"].index])
        for i, a in enumerate(s.pending.actions):
            if a[0] != "under":
                continue
            after = _after(s, i)
            for seat in (1, 2):
                assert _names(after, G.observation(after, seat)["zones"]["hand"][0]) == _names(after, widow - {a[1]})
    # shown to seat 1 only: seat 1 knows again, seat 2 still cannot tell which card went
    shown_to_mover = text.replace("            - reveal: c\n", "            - reveal: {cards: c, to: 1}\n")
    rules = _rules(tmp_path, text=shown_to_mover)
    s = _at_choice(rules, 1)
    widow = set(s.v[rules.vars["shown"].index])
    for i, a in enumerate(s.pending.actions):
        if a[0] == "under":
            after = _after(s, i)
            assert _names(after, G.observation(after, 1)["zones"]["hand"][0]) == _names(after, widow - {a[1]})
            assert G.observation(after, 2)["zones"]["hand"][0] == []


def test_a_seat_shown_the_whole_hand_sees_which_card_went(tmp_path):
    """Seat 2 is shown all of seat 0's hand: it tells which card seat 0 buried, so it keeps the rest."""
    text = WIDOW.replace("  - reveal: shown\n", "  - reveal: shown\n  - reveal: {cards: \"hand[0]\", to: 2}\n")
    rules = _rules(tmp_path, text=text)
    s = _at_choice(rules, 4)
    hand = list(s.z[rules.zones["hand"].index][0])
    for i, a in enumerate(s.pending.actions):
        if a[0] == "bury":
            after = _after(s, i)
            assert _names(after, G.observation(after, 2)["zones"]["hand"][0]) == _names(after, set(hand) - {a[1]})
            assert G.observation(after, 1)["zones"]["hand"][0] == []
