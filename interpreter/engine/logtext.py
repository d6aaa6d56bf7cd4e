"""Game-log text for card movements and melds (used only when a game is logged)."""
from __future__ import annotations

from .state import zone_parts


def card_place(s, card):
    """(zone info, owner or None) of the zone holding `card` now, or (None, None)."""
    return _find(s, lambda part: card in part)


def _place_of_list(s, cards):
    return _find(s, lambda part: part is cards)


def _find(s, test):
    """(zone info, owner) of the first zone part that passes `test`, or (None, None)."""
    for info in s.rules.zone_list:
        for owner, part in zone_parts(s, info):
            if test(part):
                return info, owner
    return None, None


def _label(place):
    info, owner = place
    if info is None:
        return "?"
    return info.name if owner is None else f"{info.name}[{owner}]"


def _seers(s, place, n):
    info, owner = place
    return [] if info is None else [q for q in range(n) if info.seen_by(owner, q)]


def log_move(s, moving, before, dest, shown=(), some=None):
    """A game log line for a move step: the cards, where they came from and went, and who may see them
    (by the zones' visibility: a seat sees a card it could see before or can see now; everyone sees a
    card in `shown`, those shown to everyone just before the move; `some` maps a card shown to some
    seats only just before the move to those seats, who see it go)."""
    names = s.rules.universe.names
    after = _place_of_list(s, dest)
    now = set(_seers(s, after, s.n))
    sources = list(dict.fromkeys(_label(b) for b in before))
    seen = {}
    for c, b in zip(moving, before):
        seats = sorted(now | set(_seers(s, b, s.n)) | (set(range(s.n)) if c in s.revealed or c in shown else set())
                       | (some.get(c, set()) if some else set()))
        seen[names[c]] = seats
    event = {"event": "move", "hand": s.hand_no, "cards": [names[c] for c in moving],
             "source": sources, "to": _label(after), "seen_by": seen}
    if after[0] is not None and after[0].visibility == "public" and moving:
        event["face_up"] = True          # turned up for everyone: told as play goes on
    s.events.append(event)


def meld_text(s, value):
    """A meld, a play of melds or a change to a table meld as text; None for anything else."""
    from ..cards.melds import Meld
    from ..expr.functions_melds import TableChange
    u = s.rules.universe

    def one(meld):
        mr = getattr(s.rules, "meld_rules", None)
        wild = mr.info.wild if mr is not None else u.is_joker
        out = []
        for c, (rank, suit) in zip(meld.cards, meld.stands_for):
            if wild[c]:
                cid = u.card_id(u.ranks[rank], u.suits[suit])
                out.append(f"{u.names[c]}={u.names[cid] if cid is not None else u.ranks[rank] + '/' + u.suits[suit]}")
            else:
                out.append(u.names[c])
        return "[" + " ".join(out) + "]"
    if isinstance(value, Meld):
        return one(value)
    if isinstance(value, TableChange):
        return " ".join(u.names[c] for c in value.added) + " -> " + " ".join(one(p) for p in value.pieces)
    if isinstance(value, (list, tuple)) and value and all(isinstance(m, Meld) for m in value):
        return " ".join(one(m) for m in value)
    if isinstance(value, (list, tuple)) and value and any(isinstance(m, (Meld, TableChange)) for m in value):
        return " ".join(meld_text(s, m) or str(m) for m in value)
    return None
