"""Built-in functions over the melds lying on the table: reading a table zone, adding cards to its
melds, putting natural cards in place of their wild cards.

A table zone is a list of groups, each a list of card ids in meld order; what each group's wild
cards stand for is kept in `state.extra['readings']` (see `engine/melding.py`).  The values and the
`melds:` section are those of `functions_melds.py`; a table meld's additions are remembered there
(MeldRules.growth).  The answers about one table as it lies are kept in a TableView (below).
"""
from __future__ import annotations

from ..cards.combos import replace_wild
from . import types as T
from .compiler import Compiled
from .functions import builtin
from .functions_melds import CHANGE, MELD, MeldRules, TableChange, _call, _card_arg, _cards_arg, _rules_of, reread

# -- reading a table zone --------------------------------------------------------------

def table_readings(s, zone, mr: MeldRules) -> list:
    """(group index, Meld) for every non-empty group of a table zone."""
    view = table_view(s, zone, mr)
    if view is not None:
        return list(view.readings)
    return _readings(s.extra.get("readings") or {}, zone, mr)


def _readings(store, zone, mr: MeldRules) -> list:
    out = []
    for i, group in enumerate(zone):
        if not isinstance(group, list) or not group:
            continue
        key = tuple(group)
        meld = store.get(key)
        if meld is None:
            meld = reread(key, mr)
        if meld is not None:
            out.append((i, meld))
    return out


class TableView:
    """A table zone as it lies, with the answers the table built-ins gave about it.

    A discard filter asks extends_table() for every card of the hand at every decision, and the
    moves `add` and `swap` ask table_additions() and wild_swaps() for the whole hand; the table
    changes far less often (at most once a move, and not at all until someone melds).  So the
    readings of the groups, and per card the answer of each of the three, are kept with a copy of
    the zone, and found again by the identity of the state's store of readings: that store is
    replaced (never changed in place) whenever a meld is laid or changed (engine/melding.py), so the
    same store and an equal zone mean the same melds on the table.
    """

    __slots__ = ("store", "groups", "readings", "fits", "adds", "swaps", "wild_readings", "_grows", "_by_cell",
                 "_wild_fit")

    def __init__(self, store, zone, mr: MeldRules):
        self.store = store                # kept alive, so that its id is not reused meanwhile
        self.groups = [g[:] if type(g) is list else g for g in zone]
        self.readings = _readings(store or {}, zone, mr)
        self.wild_readings = None         # the readings holding a wild card, when first asked
        self.fits, self.adds, self.swaps = {}, {}, {}
        self._grows = self._by_cell = self._wild_fit = None

    def grows(self, mr: MeldRules) -> list:
        """_grows() of the readings, worked out once."""
        if self._grows is None:
            self._grows = _grows(self.readings, mr)
        return self._grows

    def candidates(self, mr: MeldRules, card: int) -> list:
        """The entries of grows() whose meld might take the card (the test of _additions(), made
        once per meld: each meld's entry filed under the cells it may take, and with the melds
        that may take a wild card), in table order."""
        if self._by_cell is None:
            by_cell: dict = {}
            wild_fit = []
            for g in self.grows(mr):
                for cell in g[2][2]:
                    if cell in by_cell:
                        by_cell[cell].append(g)
                    else:
                        by_cell[cell] = [g]
                if g[2][3]:
                    wild_fit.append(g)
            self._by_cell, self._wild_fit = by_cell, wild_fit
        if mr.info.wild[card]:
            return self._wild_fit
        return self._by_cell.get(mr._cell[card], ())


def table_view(s, zone, mr: MeldRules):
    """The TableView of this zone (remembered, see TableView), or None for a zone that is not a list."""
    if type(zone) is not list:
        return None
    store = s.extra.get("readings")
    view = mr.last_view                   # most often the view asked for last is still the one
    if view is not None and view.store is store and view.groups == zone:
        return view
    views = mr._views
    view = views.get(id(store))
    if view is None or view.store is not store or view.groups != zone:
        if len(views) > 16:               # bounded: a run of games keeps at most a few alive (and each
            # view kept holds objects every full pass of the garbage collector scans)
            views.clear()
        view = views[id(store)] = TableView(store, zone, mr)
    mr.last_view = view
    return view


@builtin("table_melds", "table_melds(zone)", "The melds lying in a table zone (one per group).",
         1, 1, "melds")
def _table_melds(ctx, node, args):
    mr = _rules_of(ctx, node)
    zone = ctx.compile(args[0])
    zf = zone.fn
    return Compiled(lambda s, e: table_melds(s, zf(s, e), mr), T.list_of(MELD),
                    code=_call(ctx, table_melds, zone, state=True, extra=(mr,)))


def table_melds(s, zone, mr: MeldRules) -> list:
    return [m for _, m in table_readings(s, zone, mr)]


def additions(s, cards, zone, mr: MeldRules) -> list:
    """Every way to add one of `cards` to a meld of the table zone."""
    view = table_view(s, zone, mr)
    if view is None:
        return _additions(_grows(table_readings(s, zone, mr), mr), mr.distinct(cards), mr)
    out = []
    if not view.readings:
        return out
    known = view.adds
    for card in mr.distinct(cards):
        hit = known.get(card)
        if hit is None:
            candidates = view.candidates(mr, card)      # most cards fit no meld: nothing to call
            # (the answers are kept with the view: an empty one as the empty tuple, no new list
            # for the garbage collector to scan while the view lives)
            hit = known[card] = (_additions(candidates, (card,), mr) or ()) if candidates else ()
        out += hit
    return out


def _grows(table, mr: MeldRules) -> list:
    """(group index, meld, its growth entry) for the readings of a table."""
    known = mr._grown                     # growth()'s memory, read here at once
    out = []
    for i, m in table:
        entry = known.get(id(m))
        out.append((i, m, entry if entry is not None else mr.growth(m)))
    return out


def _additions(grows, cards, mr: MeldRules) -> list:
    """additions() of these cards to the melds of `grows` (see _grows)."""
    out = []
    wild, cell = mr.info.wild, mr._cell
    for card in cards:
        is_wild, key = wild[card], cell[card]
        for i, m, entry in grows:
            if not (entry[3] if is_wild else key in entry[2]):
                continue                      # cannot be added to this meld (see MeldRules.growth)
            per = entry[1]
            grown = per.get(card)
            if grown is None:
                grown = mr.grown(m, card)
            for pieces in grown:
                out.append(TableChange(i, m.cards, pieces, (card,), ()))
    return out


def extends(s, card, zone, mr: MeldRules) -> bool:
    """Could the card be added to some meld of the table zone? (additions() without building them)"""
    # the view table_view() gave last, if it is still that of this zone (the same test as
    # table_view's): a discard filter asks this for every card of a hand in a row
    view = mr.last_view
    if view is None or type(zone) is not list or view.store is not s.extra.get("readings") or view.groups != zone:
        view = table_view(s, zone, mr)
        if view is None:
            return any(mr.grown(m, card) for _, m in table_readings(s, zone, mr))
    hit = view.fits.get(card)
    if hit is None:
        hit = False
        for _, m, entry in view.candidates(mr, card):
            if mr.grown(m, card):
                hit = True
                break
        view.fits[card] = hit
    return hit


@builtin("table_additions", "table_additions(cards, zone)",
         "Every way to add one of the cards to a meld in a table zone: a run grows at either end, a "
         "set takes a missing suit, a wild card declares what it stands for. With runs: {split: true}, "
         "a run grown past its maximum is cut into pieces (one way per cut).", 2, 2, "melds")
def _table_additions(ctx, node, args):
    return _changes(ctx, node, args, additions)


def _changes(ctx, node, args, helper):
    """A built-in (cards, zone) -> the table changes helper(s, cards, zone, mr) gives."""
    mr = _rules_of(ctx, node)
    cards = _cards_arg(ctx, args[0])
    zone = ctx.compile(args[1])
    cf, zf = cards.fn, zone.fn
    return Compiled(lambda s, e: helper(s, cf(s, e), zf(s, e), mr), T.list_of(CHANGE),
                    code=_call(ctx, helper, cards, zone, state=True, extra=(mr,)))


@builtin("extends_table", "extends_table(card, zone)",
         "True if the card could be added to some meld in a table zone.", 2, 2, "melds")
def _extends_table(ctx, node, args):
    mr = _rules_of(ctx, node)
    card = _card_arg(ctx, args[0])
    zone = ctx.compile(args[1])
    cf, zf = card.fn, zone.fn
    return Compiled(lambda s, e: extends(s, cf(s, e), zf(s, e), mr), T.BOOL,
                    code=_call(ctx, extends, card, zone, state=True, extra=(mr,)))


def swaps(s, cards, zone, mr: MeldRules) -> list:
    """Every way to put one of `cards` in place of a wild card of a table meld standing for it."""
    view = table_view(s, zone, mr)
    if view is None:
        return _swaps(_with_wilds(table_readings(s, zone, mr), mr), mr.distinct(cards), mr)
    if view.wild_readings is None:
        view.wild_readings = _with_wilds(view.readings, mr)
    out = []
    if not view.wild_readings:
        return out
    known = view.swaps
    for card in mr.distinct(cards):
        hit = known.get(card)
        if hit is None:
            hit = known[card] = _swaps(view.wild_readings, (card,), mr) or ()     # (see additions)
        out += hit
    return out


def _with_wilds(table, mr: MeldRules) -> list:
    """(group index, meld, the cells its wild cards stand for) for the melds of `table` holding a
    wild card: replace_wild() finds nothing for a card of another cell (see MeldRules._cell)."""
    wild, suits, no_wild = mr.info.wild, mr._suits, mr.wild_set.isdisjoint
    loose = mr.sets is not None and not mr.sets.distinct_suits      # any natural of the rank (replace_wild)
    out = []
    for i, m in table:
        if not no_wild(m.cards):                # a test of sets, in C
            if loose and m.kind == "set":
                cells = frozenset([rank * suits + suit for c, (rank, _) in zip(m.cards, m.stands_for) if wild[c]
                                   for suit in range(suits)])
            else:
                cells = frozenset([rank * suits + suit for c, (rank, suit) in zip(m.cards, m.stands_for)
                                   if wild[c]])
            out.append((i, m, cells))
    return out


def _swaps(table, cards, mr: MeldRules) -> list:
    """swaps() of these cards on the melds of `table` (see _with_wilds)."""
    out = []
    cell = mr._cell
    loose = mr.sets is not None and not mr.sets.distinct_suits
    for card in cards:
        key = cell[card]
        for i, m, stands in table:
            if key not in stands:
                continue
            hit = replace_wild(m, card, mr.info, loose)
            if hit is not None and mr.ok(hit[0]):
                new, freed = hit
                out.append(TableChange(i, m.cards, (new,), (card,), (freed,)))
    return out


@builtin("wild_swaps", "wild_swaps(cards, zone)",
         "Every way to put one of the cards in place of a wild card of a table meld that stands for "
         "exactly that card (in a set whose suits may repeat, any card of its rank; the wild card is "
         "freed).", 2, 2, "melds")
def _wild_swaps(ctx, node, args):
    return _changes(ctx, node, args, swaps)
