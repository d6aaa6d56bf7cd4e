"""Step kinds for laying down and changing melds on the table (see docs/design.md).

A table zone holds groups: the zone's value is a list of groups, each a list
of card ids in meld order (runs low to high, sets by suit). What the wild
cards of each group stand for is kept in `state.extra['readings']`, keyed by
the group's cards, so a group keeps its declared reading as long as it lies
unchanged. A group that gather or move empties leaves its table (steps.py,
take_card); empty groups that remain otherwise are ignored by the meld
built-ins and dropped when the next meld is laid.

    - lay_melds: {melds: option, from: "hand[current]", to: table}
    - change_meld: {change: option, from: "hand[current]", to: table}

The values come from the built-ins of `expr/functions_melds.py`: a meld, a
play of several melds, or a table change (cards added, a wild replaced).
"""
from __future__ import annotations

from ..cards.combos import Meld
from ..expr.functions_melds import TableChange
from .registry import step_kind
from .state import GameStopped
from .steps import _fields, _zone_fn, log_event
from .vm import Atomic

READINGS = "readings"


def _melds_of(value) -> list:
    if isinstance(value, Meld):
        return [value]
    out = []
    for item in value or ():
        if not isinstance(item, Meld):
            raise GameStopped(f"lay_melds was given {item!r}, which is not a meld")
        out.append(item)
    return out


def _take_cards(zone: list, cards, where, names):
    for c in cards:
        try:
            zone.remove(c)
        except ValueError:
            raise GameStopped(f"card {names[c]} is not in the zone it is melded from", where) from None


def _keep_readings(s, new: dict):
    """Store the readings of new groups; forget those of groups no longer on any table.  Every table
    counts, not only the one just changed: with a table kept per player, laying a meld in front of one
    player must not forget what the jokers in front of the others stand for."""
    store = dict(s.extra.get(READINGS) or {})
    store.update(new)
    live = set()
    for info in s.rules.zone_list:
        zone = s.z[info.index]
        parts = (zone.values() if isinstance(zone, dict) else zone) if info.per is not None else (zone,)
        for part in parts:
            if part and part[0].__class__ is list:          # a table: a list of groups
                live.update(tuple(g) for g in part if g)
    s.extra[READINGS] = {k: v for k, v in store.items() if k in live}


def _needs_meld_rules(cx, path):
    if getattr(cx.ns, "meld_rules", None) is None:
        cx.problem(path, "melding steps need a 'melds:' section saying what runs and sets are", "meaning")


@step_kind("lay_melds", "Lay new melds on a table zone, each as a group: "
           "`lay_melds: {melds: option, from: \"hand[current]\", to: table}` (a meld or a list of melds "
           "from the meld built-ins; the cards must be in 'from' and no card may be in two melds).")
def _lay_melds(cx, value, path, step):
    spec = _fields(cx, value, path, "lay_melds", ("melds", "from", "to"), ())
    if spec is None:
        return None
    _needs_meld_rules(cx, path)
    melds = cx.expr(path + ("melds",), spec["melds"]).fn
    src, _ = cx.zone_ref(path + ("from",), spec["from"])
    tgt, _ = _zone_fn(cx, path + ("to",), spec["to"])
    if src is None or tgt is None:
        return None
    where = cx.where(path)

    def run(s, e):
        new = _melds_of(melds(s, e))
        names = s.rules.universe.names
        used = [c for m in new for c in m.cards]
        if len(set(used)) != len(used):
            raise GameStopped("the same card cannot be in two melds", where)
        _take_cards(src(s, e), used, where, names)
        table = tgt(s, e)
        table[:] = [g for g in table if isinstance(g, list) and g]
        for m in new:
            table.append(list(m.cards))
        _keep_readings(s, {m.cards: m for m in new})
        log_event(s, event="meld", melds=[[names[c] for c in m.cards] for m in new])
    return Atomic(run, where, "lay_melds")


@step_kind("change_meld", "Change a meld lying on a table zone: "
           "`change_meld: {change: option, from: \"hand[current]\", to: table, freed: \"hand[current]\"}`. "
           "The change (from table_additions or wild_swaps) takes its cards from 'from'; a freed wild card "
           "goes to 'freed' (default: the 'from' zone); a run cut in pieces becomes several groups.")
def _change_meld(cx, value, path, step):
    spec = _fields(cx, value, path, "change_meld", ("change", "from", "to"), ("freed",))
    if spec is None:
        return None
    _needs_meld_rules(cx, path)
    change = cx.expr(path + ("change",), spec["change"]).fn
    src, _ = cx.zone_ref(path + ("from",), spec["from"])
    tgt, _ = _zone_fn(cx, path + ("to",), spec["to"])
    freed_to = _zone_fn(cx, path + ("freed",), spec["freed"])[0] if "freed" in spec else src
    if src is None or tgt is None or freed_to is None:
        return None
    where = cx.where(path)

    def run(s, e):
        ch = change(s, e)
        if not isinstance(ch, TableChange):
            raise GameStopped(f"change_meld was given {ch!r}, which is not a change to a table meld", where)
        table = tgt(s, e)
        if not (0 <= ch.group < len(table)) or tuple(table[ch.group]) != tuple(ch.before):
            raise GameStopped("the meld to change is no longer on the table as it was", where)
        names = s.rules.universe.names
        _take_cards(src(s, e), ch.added, where, names)
        pieces = [list(p.cards) for p in ch.pieces]
        table[ch.group:ch.group + 1] = pieces
        freed = list(ch.freed)
        if freed:
            freed_to(s, e).extend(freed)
        _keep_readings(s, {p.cards: p for p in ch.pieces})
        log_event(s, event="change_meld", added=[names[c] for c in ch.added], freed=[names[c] for c in freed],
                  melds=[[names[c] for c in p] for p in pieces])
    return Atomic(run, where, "change_meld")
