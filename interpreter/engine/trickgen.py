"""Generated Python for the end of a trick: one function per trick block.

When a trick's last card is played in a game that is not logged, and every
hook of the block is one plain function (see Tricks.hooks), the rest of the
trick and the start of the next run straight through: `after_plays`, the
winner, `after_trick`, collecting the cards, the next trick's start,
`before_trick` and the next leader's offer.  `Tricks.next_trick` does that
with calls of the block's helpers; this module writes it out for one block,
with its zone numbers, its order table and its expressions' source in place
(the source the compiler wrote from the syntax tree, never user text), so
that a trick costs a handful of calls fewer.

An inlined expression that raises runs its closure instead, as a generated
expression does (expressions have no side effects), so messages are the
same.  Anything this module does not write (a follow rule given as a
condition, a leader without a card) goes through the block's own methods.
"""
from __future__ import annotations

from .gensource import Source
from .vm import PAUSE


def trick_end(block):
    """The function (s, frame, e, choice) -> PAUSE or None for `block`, a Tricks node whose hooks are
    plain functions (block._direct).  Its meaning is Tricks.next_trick's."""
    after_plays, after, before = block._direct
    w = Source(block.where)
    w.hook(0, after_plays)
    w.emit(0, f"_trick = s.z[{block.trick_zone}]")      # the same list all game: zones change in place
    _winner(w, block)
    w.emit(0, "e['winner'] = _w")
    w.emit(0, "s.tricks += 1")
    w.hook(0, after)
    if block.collect is not None:
        w.emit(0, "if _trick:")
        w.value(1, "_to", block.collect)
        w.emit(1, "_to.extend(_trick)")
        w.emit(1, "_trick.clear()")
    # the next trick, if there is one (Tricks.begin_trick)
    w.emit(0, "e['leader'] = _lead = e['winner']")
    if block.players is not None:        # who takes part is worked out by the block (tricks_some.py)
        w.emit(0, f"if not {w.ref(block.begin_trick)}(s, frame, e):")
    elif block.count is not None:
        w.value(0, "_count", block.count)
        w.emit(0, "if not e['trick_number'] < _count:")
    else:
        w.emit(0, f"if not s.z[{block.hand_zone}][_lead]:")
    w.emit(1, "del s.stack[-2:]")        # the marker and the block's frame: the block is over
    w.emit(1, "return None")
    if block.players is None:
        w.emit(0, "e['trick_number'] += 1")
        w.emit(0, "e['trick_players'] = []")
        w.emit(0, "e['led_suit'] = None")
        w.emit(0, "e['winner'] = None")
        w.emit(0, "e['current'] = _lead")      # before_trick sees the leader as current
        w.emit(0, "frame[3] = 0")
        w.emit(0, "frame[1] = 1")
    w.hook(0, before)
    # the leader's offer: any card of their hand (Tricks.ask, with nothing led yet)
    w.emit(0, "e['current'] = _lead = e['leader']")
    if block.follow_suit:
        w.emit(0, f"_hand = s.z[{block.hand_zone}][_lead]")
        w.emit(0, "if _hand:")
        w.emit(1, "choice.player = _lead")
        w.emit(1, f"choice.actions = list(map({w.ref(block.play_of)}, _hand))")
        w.emit(1, "s.pending = choice")
        w.emit(1, "return _PAUSE")
    w.emit(0, f"return {w.ref(block.ask)}(s, e, _lead, frame, True, choice)")
    return _build(w, block)


def _winner(w, block):
    """`_w` = the trick's winner (Tricks.decide, written for this block)."""
    if block.winner is not None:
        w.value(0, "_w", block.winner)
        w.emit(0, "if _w.__class__ is not int or not 0 <= _w < s.n:")      # not a seat: Tricks.decide's error
        w.emit(1, f"raise {w.ref(block.bad_winner)}(_w)")
        return
    if block.card_suit is not None or block.order_expr is not None:     # worked out by the block
        w.emit(0, f"_w = {w.ref(block.decide)}(s, e, _trick)")
        return
    w.emit(0, "_players = e['trick_players']")
    # a rule changed the trick (took, put in or, with an after_plays hook, swapped cards): Tricks.decide
    # sorts it out
    swapped = f" or {w.ref(block.swapped)}(s, _players, _trick)" if block.after_plays is not None else ""
    w.emit(0, f"if len(_trick) != len(_players){swapped}:")
    w.emit(1, f"_w = {w.ref(block.decide)}(s, e, _trick)")
    w.emit(0, "else:")
    w.emit(1, "_cards = _trick")
    w.emit(1, f"_suits = list(map({w.ref(block.suit_get)}, _cards))")
    w.emit(1, "_target = e['led_suit']")
    if block.trumps is not None:
        w.value(1, "_trumps", block.trumps)
        w.emit(1, "if _trumps is not None and _trumps in _suits:")
        w.emit(2, "_target = _trumps")
    w.emit(1, "_n = _suits.count(_target)")
    w.emit(1, "if _n <= 1:")         # no choice
    w.emit(2, "_w = _players[_suits.index(_target) if _n else 0]")
    w.emit(1, "else:")
    w.emit(2, "_best = _suits.index(_target)")
    table = block.order_table
    key = (lambda card: f"{w.ref(table)}[{card}]") if table is not None else \
        (lambda card: f"{w.ref(block.order)}(s, {card})")
    w.emit(2, f"_best_key = {key('_cards[_best]')}")
    w.emit(2, "for _i in range(_best + 1, len(_cards)):")
    w.emit(3, "if _suits[_i] == _target:")
    w.emit(4, f"_k = {key('_cards[_i]')}")
    w.emit(4, "if _k > _best_key:")
    w.emit(5, "_best, _best_key = _i, _k")
    w.emit(2, "_w = _players[_best]")


def _build(w, block):
    return w.function("_trick_end", ("s", "frame", "e", "choice"), f"<trick end {block.where}>", {"_PAUSE": PAUSE})
