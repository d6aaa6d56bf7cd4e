"""A place inside a zone chosen in secret: `move: {position: EXPR}` (steps.move_cards puts the cards under
that many of the zone's cards) where the position reads a value only its player sees.

A place worked out from a value only its player sees (a state variable with `visibility: owner`, such
as a place picked with `select:`) is a place chosen in secret: the other players saw the cards go into
the zone but not where.  Who knows the place is worked out as the move is made: the players for whom
the position comes out the same with every other player's private entries unknown (`knowers`).  For the
others, no card of the zone stays shown (a look at its top cards told where they were), and the zone
counts as shuffled (steps.note_shuffled): their bots forget the order of its cards (bots/sampling.py).
"""
from __future__ import annotations

import re

from .steps import note_shuffled


def secret_place(cx, depth, to_text):
    """For a move under `depth` cards of the zone `to_text` that may read a value only its player sees:
    a function (s, e, above, dest) run once the cards are in place (steps.move_cards), which hides their
    place from the players who cannot work it out."""
    zone_name = str(to_text).split("[")[0].strip()
    zone_index = cx.rules.zones[zone_name].index if zone_name in cx.rules.zones else None

    def hide(s, e, above, dest):
        who = knowers(s, e, depth, above)
        if len(who) < s.n:
            _hide_order(s, dest, who, zone_index)
    return hide


def _hide_order(s, dest, who, zone_index):
    """The players outside `who` no longer know where any card of the zone lies."""
    shown = s.revealed
    for c in dest:
        if c in shown:                       # shown to everyone: now to those who know the place only
            shown.discard(c)
            if who:
                shown.to[c] = set(who)
        elif shown.to and c in shown.to:
            seats = shown.to[c] & set(who)
            if seats:
                shown.to[c] = seats
            else:
                del shown.to[c]
    if zone_index is not None:
        note_shuffled(s, zone_index, tuple(who))


class _Unknown:
    """Another player's private entry while working out who knows a position: any use of it fails."""
    def _fail(self, *args):
        raise _UnknownUsed()
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __bool__ = __hash__ = _fail
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __neg__ = __abs__ = _fail
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = _fail
    __int__ = __index__ = __float__ = __len__ = __iter__ = __getitem__ = __contains__ = _fail


class _UnknownUsed(Exception):
    pass


UNKNOWN = _Unknown()


def knowers(s, e, fn, real) -> list:
    """The players who know the position `real` that `fn` gave: those for whom it comes out the same
    when every other player's entry of each private value is unknown (any use of it fails)."""
    saved = [(info.index, s.v[info.index]) for info in s.rules.private_vars]
    out = []
    try:
        for q in range(s.n):
            for i, values in saved:
                s.v[i] = [v if p == q else UNKNOWN for p, v in enumerate(values)]
            try:
                value = fn(s, e)
            except Exception:  # noqa: BLE001 - the position needs what q cannot see
                continue
            if value.__class__ is int and value == real:
                out.append(q)
    finally:
        for i, values in saved:
            s.v[i] = values
    return out


def reads_private(cx, text) -> bool:
    """Whether an expression's text names a value only its player sees (`visibility: owner`), itself or
    through definitions (by name: a mention in quoted text counts too, which errs on the side of secrecy)."""
    return mentions_any(text, private_names(cx.rules.data if isinstance(cx.rules.data, dict) else {}))


def private_names(data) -> set:
    """The names that may give a value only its player sees: the state variables with `visibility: owner`
    and the definitions that read one, themselves or through each other (the ruleset's data)."""
    names = {k for k, v in (data.get("state") or {}).items() if isinstance(v, dict) and v.get("visibility") == "owner"}
    if not names:
        return names
    bodies = {str(key).split("(")[0].strip(): str(v.get("value") if isinstance(v, dict) else v)
              for key, v in (data.get("define") or {}).items()}
    grew = True
    while grew:
        grew = False
        for name, body in bodies.items():
            if name not in names and mentions_any(body, names):
                names.add(name)
                grew = True
    return names


def mentions_any(text, names) -> bool:
    """Whether the text names any of `names` (a whole name, not part of a longer one or a field)."""
    return any(re.search(rf"(?<![\w.]){re.escape(n)}(?!\w)", str(text)) for n in names)
