"""Scripted games for tests and scenario files: a stacked deck, cards placed by hand, moves by name."""
from __future__ import annotations

from ..expr.errors import written
from . import game as G


class UnknownCard(ValueError):
    """A name that is no card of the pack; `hint` is the closest card, as the pack writes it."""

    def __init__(self, message, hint):
        super().__init__(message)
        self.hint = hint


def cards(rules, names, used=None) -> list[int]:
    """Card ids from names such as '10♥', 'TH', 'joker'; with several copies, successive copies.
    `used` (a set, updated) holds the ids already taken by names read before, elsewhere: a card named
    twice in a two-pack game is then its two copies, wherever the two names are."""
    u = rules.universe
    used = set() if used is None else used
    out = []
    for name in names:
        cid = u.parse_card(name)
        if cid is None:
            raise UnknownCard(f"'{name}' is not a card of {rules.name}", u.card_hint(name))
        same = [c for c in range(u.size) if u.face[c] == u.face[cid] and u.is_joker[c] == u.is_joker[cid]]
        # only the copies a pack holds at some player count
        same = [c for c in same if c in _in_packs(rules)] or same
        free = [c for c in same if c not in used]
        if not free:
            copies = f"{len(same)} cop{'y' if len(same) == 1 else 'ies'}"   # a card listed twice, say
            raise ValueError(f"'{name}' is named more often than the pack has it ({copies})")
        used.add(free[0])
        out.append(free[0])
    return out


def _in_packs(rules) -> set:
    """Every card id in the pack at some player count."""
    kept = rules.__dict__.get("_scenario_pack_ids")
    if kept is None:
        kept = rules.__dict__["_scenario_pack_ids"] = set().union(*(rules.deck(n) for n in rules.pack_specs))
    return kept


def stacked_game(rules, players, deal_order, seed=0, log=False, fill=True):
    """A game whose pack is dealt in `deal_order` (card names, first dealt first).

    With fill=True the cards not named follow in pack order, so a test can name
    just the cards that matter."""
    order = cards(rules, deal_order)
    if fill:
        rest = [c for c in rules.deck(players) if c not in set(order)]
        order = order + rest
    return G.new_game(rules, players, seed, log=log, deck=order)


def place(s, zone: str, names, owner=None):
    """Put the named cards into a zone (taking them from wherever they are), in the order given."""
    rules = s.rules
    info = rules.zones[zone]
    ids = cards(rules, names)
    for cid in ids:
        _remove_everywhere(s, cid)
    target = s.z[info.index]
    if owner is not None:
        target = target[owner]
    target.extend(ids)
    refresh(s)
    return ids


def refresh(s):
    """Recompute the legal actions after changing the state by hand."""
    from .vm import refresh as _refresh
    _refresh(s)


def set_var(s, name, value, key=None):
    """Set a state variable (or one entry of a per-player/per-suit variable) by hand."""
    index = s.rules.vars[name].index
    if key is None:
        s.v[index] = value
    else:
        s.v[index][key] = value
    refresh(s)


def _remove_everywhere(s, cid):
    for zone in s.z:
        parts = zone.values() if isinstance(zone, dict) else zone if zone and isinstance(zone[0], list) else [zone]
        for part in parts:
            if cid in part:
                part.remove(cid)
                return
            for group in (part if part and isinstance(part[0], list) else ()):   # a table kept per player
                if cid in group:
                    group.remove(cid)
                    return


def find_action(s, move, value=None, nth=1):
    """The legal action named `move` with that value; a card value may be given by name.  Without a
    value, the move must have a single action; the text 'none' names the option none.  Where several
    actions fit (identical copies of a card at different places, as two jokers deep in a discard pile),
    `nth` picks among them, in the order offered (the first by default)."""
    same = [a for a in G.legal_actions(s) if a[0] == move]
    if value is None and len(same) > 1:
        raise AssertionError(f"'{move}' has {len(same)} options: say which with 'value:' "
                             f"({', '.join(describe(s, a) for a in same[:8])}{', ...' if len(same) > 8 else ''})")
    fits = matching_actions(s, move, value, same)
    if len(fits) >= nth >= 1:
        return fits[nth - 1]
    legal = ", ".join(describe(s, a) for a in G.legal_actions(s))
    if fits:
        raise AssertionError(f"{move} {value!r}: only {len(fits)} legal action(s) fit, not {nth}; legal: {legal}")
    raise AssertionError(f"{move} {value!r} is not legal for player {G.current_player(s)}; legal: {legal}")


def matching_actions(s, move, value, same=None) -> list:
    """Every legal action named `move` that `value` names (see find_action), in the order offered."""
    u = s.rules.universe
    if same is None:
        same = [a for a in G.legal_actions(s) if a[0] == move]
    if isinstance(value, str) and value.strip().lower() == "none" and any(a[1] is None for a in same):
        return [a for a in same if a[1] is None]
    fits = [action for action in same if _names(u, action, value)]
    if len(fits) > 1:
        # cards named in any order fit a set of cards; where options hold the same cards in different
        # orders (a card played and the card it lands on), the one in the order written is meant
        exact = [a for a in fits if _in_order(u, a[1], value)]
        if exact:
            return exact
    return fits


def _in_order(u, option, value) -> bool:
    """Whether `value` (cards by name, a list or a text) names the cards of the option in their order."""
    if not isinstance(option, (list, tuple)) or not all(isinstance(c, int) and not isinstance(c, bool)
                                                        for c in option):
        return False
    written = value.split() if isinstance(value, str) else value
    if not isinstance(written, (list, tuple)) or len(written) != len(option) \
            or not all(isinstance(v, str) for v in written):
        return False
    return [u.names[c] for c in option] == [_canon(u, v) for v in written]


def _names(u, action, value) -> bool:
    """Whether `value` (as a scenario writes it) names the action's option."""
    if value is None or action[1] == value:
        return True
    if isinstance(value, list) and isinstance(action[1], tuple) and tuple(value) == action[1]:
        return True                    # a pair written as a list, e.g. [2, 3]
    if isinstance(value, str) and isinstance(action[1], int) and u.names[action[1]] == _canon(u, value):
        return True
    if isinstance(value, str) and isinstance(action[1], (list, tuple)) and len(action[1]) == 1 \
            and isinstance(action[1][0], int) and u.names[action[1][0]] == _canon(u, value):
        return True                    # a card named where the move takes a set of one card
    if isinstance(value, str) and isinstance(action[1], (list, tuple)) and len(action[1]) > 1 \
            and all(isinstance(c, int) and not isinstance(c, bool) for c in action[1]) \
            and len(value.split()) == len(action[1]):
        # a set of cards written as its legal move is shown: {move: play, value: 4♠ 5♠ 6♠}
        return sorted(u.names[c] for c in action[1]) == sorted(_canon(u, v) for v in value.split())
    if isinstance(value, (list, tuple)) and isinstance(action[1], tuple) and len(value) == len(action[1]) \
            and any(isinstance(v, str) and u.parse_card(v) is not None for v in value) \
            and not all(isinstance(c, int) and not isinstance(c, bool) for c in action[1]):
        # a pair holding a card, e.g. (card, pile): the card by name, the rest as written
        return all(v == a or (isinstance(v, str) and isinstance(a, int) and not isinstance(a, bool)
                              and u.names[a] == _canon(u, v)) for v, a in zip(value, action[1]))
    if isinstance(value, (list, tuple)) and isinstance(action[1], (list, tuple)) and \
            all(isinstance(c, int) and not isinstance(c, bool) for c in action[1]):
        return sorted(u.names[c] for c in action[1]) == sorted(_canon(u, v) for v in value)
    if isinstance(value, (list, tuple)) and isinstance(action[1], tuple) and len(value) == len(action[1]) \
            and any(isinstance(a, (list, tuple)) for a in action[1]):
        # a tuple holding a set of cards, e.g. (cards, pile): the cards by name, in any order
        return all(_item_names(u, v, a) for v, a in zip(value, action[1]))
    return False


def _item_names(u, v, a) -> bool:
    """Whether one item of a scenario's tuple names the item of an option: a card, cards, or as written."""
    if v == a:
        return True
    if isinstance(a, int) and not isinstance(a, bool):
        return isinstance(v, str) and 0 <= a < u.size and u.names[a] == _canon(u, v)
    if isinstance(a, (list, tuple)) and isinstance(v, (list, tuple)) and \
            all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < u.size for c in a):
        return all(isinstance(x, str) for x in v) and sorted(u.names[c] for c in a) == sorted(_canon(u, x) for x in v)
    return False


def _canon(u, name):
    cid = u.parse_card(name)
    return u.names[cid] if cid is not None else name


def play(s, *moves):
    """Apply moves in order; each is a card name (a 'play' action) or (move, value)."""
    for move in moves:
        if isinstance(move, str):
            action = find_action(s, "play", move)
        else:
            action = find_action(s, *move)
        G.apply(s, action)


def describe(s, action) -> str:
    name, value = action
    u = s.rules.universe
    if isinstance(value, int) and not isinstance(value, bool) and card_option(s, name):
        return u.names[value] if name == "play" else f"{name} {u.names[value]}"
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, int) for v in value) \
            and _option_type(s, name) in ("cards", "any"):        # not a pair of numbers, e.g. a bid
        return f"{name} " + " ".join(u.names[c] for c in value)
    from .steps import shown
    from ..expr import types as T
    typ = _option_type(s, name)
    if isinstance(value, tuple) and T.tuple_items(typ) is not None:     # (card, pile) reads '(10♦, r1)'
        return f"{name} (" + ", ".join(_word(x) for x in shown(s, value, typ)) + ")"
    return name if value is None else f"{name} {shown(s, value, typ)}"


def _word(x) -> str:
    if isinstance(x, list):
        return "[" + " ".join(map(_word, x)) + "]"
    return written(x)


def _option_type(s, move) -> str:
    """The kind of the options of the pending choice's move `move` ("any" when unknown)."""
    types = getattr(s.stack[-1][0], "option_types", None) if s.stack else None
    return (types or {}).get(move, "any")


def card_option(s, move) -> bool:
    """Does the pending choice's move `move` offer cards (so a number is a card id)?"""
    if move == "play" and not s.stack or not s.stack:
        return move == "play"
    types = getattr(s.stack[-1][0], "option_types", None)
    if types is None:
        return move == "play"            # the tricks block offers cards as 'play'
    return types.get(move) == "card"


def var(s, name):
    return s.v[s.rules.vars[name].index]


def zone(s, name, owner=None):
    z = s.z[s.rules.zones[name].index]
    return z[owner] if owner is not None else z


def names(s, ids):
    return [s.rules.universe.names[c] for c in ids]
