"""Moves whose value is a group of cards (melds), as a scenario file writes them (docs/scenarios.md).

The meld built-ins give moves whose value is a meld, a play of several melds
or a change to a table meld.  A scenario names such a value by its cards: a
list of card names (`[8♣, 9♣, Joker=10♣]`), or a list of such lists, one per
meld (`[[8♣, 9♣, Joker=10♣], [5♦, 5♥, 5♠]]`).  `Joker=10♣` is a wild card
standing for the 10♣; a wild card written without `=` stands for anything.
The same notation describes these moves in legal-move lists and table groups.
"""
from __future__ import annotations

from ..cards.melds import Meld
from ..expr.functions_melds import TableChange
from ..expr.functions_tables import table_readings


def is_structured(value) -> bool:
    """True for the values of meld moves: a meld, a play of melds, a change to a table meld."""
    if isinstance(value, (Meld, TableChange)):
        return True
    return isinstance(value, (list, tuple)) and bool(value) and all(isinstance(m, Meld) for m in value)


def _stands_name(u, rank, suit):
    cid = u.card_id(u.ranks[rank], u.suits[suit])
    return u.names[cid] if cid is not None else f"{u.ranks[rank]}{u.suits[suit]}"


def meld_tokens(s, meld) -> list:
    """[(name, stands for or None)] for the cards of a meld, in meld order; naturals stand for nothing."""
    u = s.rules.universe
    mr = getattr(s.rules, "meld_rules", None)
    wild = mr.info.wild if mr is not None else u.is_joker
    return [(u.names[c], _stands_name(u, *f) if wild[c] else None) for c, f in zip(meld.cards, meld.stands_for)]


def _text(tokens) -> str:
    return " ".join(name if stands is None else f"{name}={stands}" for name, stands in tokens)


def _groups(s, value) -> list:
    """The melds of a move value, each as tokens."""
    if isinstance(value, Meld):
        return [meld_tokens(s, value)]
    if isinstance(value, TableChange):
        return [meld_tokens(s, p) for p in value.pieces]
    return [meld_tokens(s, m) for m in value]


def _added(s, change: TableChange) -> list:
    """The tokens of the cards a change takes from the player (a wild with what it stands for)."""
    u = s.rules.universe
    out = []
    left = list(change.added)
    for piece in change.pieces:
        for c, token in zip(piece.cards, meld_tokens(s, piece)):
            if c in left:
                left.remove(c)
                out.append(token)
    return out + [(u.names[c], None) for c in left]


def describe(s, action) -> str:
    """A meld move as text: 'meld 8♣ 9♣ Joker=10♣', 'open [..] [..]', 'add 10♦ -> [..]'."""
    name, value = action
    if isinstance(value, Meld):
        return f"{name} {_text(meld_tokens(s, value))}"
    if isinstance(value, TableChange):
        pieces = " ".join(f"[{_text(g)}]" for g in _groups(s, value))
        return f"{name} {_text(_added(s, value))} -> {pieces}"
    return f"{name} " + " ".join(f"[{_text(g)}]" for g in _groups(s, value))


# -- reading what a scenario wrote ---------------------------------------------------------

def parse_token(u, text):
    """('Joker', '10♣') from 'Joker=10♣'; ('8♣', None) from '8♣'; None if it names no card."""
    text = str(text).strip()
    card, _, stands = text.partition("=")
    cid = u.parse_card(card)
    if cid is None:
        return None
    if not stands:
        return (u.names[cid], None)
    sid = u.parse_card(stands)
    if sid is None:
        return None
    return (u.names[cid], u.names[sid])


def parse_value(u, value):
    """('flat', tokens) or ('groups', [tokens]) from a written value; raises ValueError naming a bad card."""
    def tokens(items):
        out = []
        for item in (items.split() if isinstance(items, str) else items):
            t = parse_token(u, item)
            if t is None:
                raise ValueError(f"'{item}' is not a card (write e.g. 8♣, or Joker=10♣ for a joker standing "
                                 "for the 10♣)")
            out.append(t)
        return out
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (list, tuple)) for v in value):
        return ("groups", [tokens(v) for v in value])
    return ("flat", tokens(value))


def _same(written, actual) -> bool:
    """Multiset match of tokens: a written card without '=' matches any reading of that card."""
    if len(written) != len(actual):
        return False
    left = list(actual)
    for w in sorted(written, key=lambda t: t[1] is None):       # declared readings first
        hit = next((a for a in left if a[0] == w[0] and (w[1] is None or a[1] == w[1])), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def _same_groups(written, actual) -> bool:
    if len(written) != len(actual):
        return False
    if not written:
        return True
    first, rest = written[0], written[1:]
    for i, a in enumerate(actual):
        if _same(first, a) and _same_groups(rest, actual[:i] + actual[i + 1:]):
            return True
    return False


def matches(s, value, parsed) -> bool:
    """Does the move value fit what the scenario wrote?

    A list of lists names every meld (of a play, or of a table meld after a
    change). A flat list names the cards of a meld, the one meld of a play,
    or, for a change to a table meld, the cards added."""
    kind, written = parsed
    if kind == "groups":
        return _same_groups(written, _groups(s, value))
    if isinstance(value, TableChange):
        return _same(written, _added(s, value))
    groups = _groups(s, value)
    return len(groups) == 1 and _same(written, groups[0])


def in_order(s, value, parsed) -> bool:
    """Are the cards written in the order of the move's melds (how to tell an Ace low from an Ace high)?"""
    kind, written = parsed
    actual = _groups(s, value) if kind == "groups" or not isinstance(value, TableChange) else [_added(s, value)]
    written = written if kind == "groups" else [written]
    return [[t[0] for t in g] for g in written] == [[t[0] for t in g] for g in actual]


def pick(s, actions, move, value):
    """The legal action of that move whose meld value fits `value`.

    Returns (action, None), or (None, reason) when no action or several
    different ones fit; several that read the same are one move."""
    u = s.rules.universe
    parsed = parse_value(u, value)
    hits = [a for a in actions if a[0] == move and is_structured(a[1]) and matches(s, a[1], parsed)]
    if not hits:
        return None, "no legal move has these cards"
    texts = {describe(s, a) for a in hits}
    if len(texts) == 1:
        return hits[0], None
    ordered = [a for a in hits if in_order(s, a[1], parsed)]
    if len({describe(s, a) for a in ordered}) == 1:
        return ordered[0], None
    return None, (f"{len(texts)} different legal moves have these cards: " + "; ".join(sorted(texts)[:10]) +
                  (f"; ... {len(texts) - 10} more" if len(texts) > 10 else "") +
                  " (say what each joker stands for, e.g. Joker=10♣, or list the cards in meld order)")


# -- table groups ------------------------------------------------------------------------------

def table_tokens(s, zone) -> list:
    """The non-empty groups of a table zone, each as tokens with the readings kept for it."""
    mr = getattr(s.rules, "meld_rules", None)
    u = s.rules.universe
    readings = dict(table_readings(s, zone, mr)) if mr is not None else {}
    out = []
    for i, group in enumerate(zone):
        if not isinstance(group, list) or not group:
            continue
        meld = readings.get(i)
        out.append(meld_tokens(s, meld) if meld is not None else [(u.names[c], None) for c in group])
    return out


def groups_text(groups) -> str:
    return "[" + ", ".join(f"[{_text(g)}]" for g in groups) + "]"


def same_table(written, actual) -> bool:
    return _same_groups(written, actual)


def lay_groups(s, zone, groups, failure, path, listed=(), place_of=None):
    """Put groups of cards in a table zone: each written group is read as a meld (its jokers as declared).

    Copies lying in the pack's zone are taken first; cards pushed off the table go to the pack's zone.
    A copy in `listed` (cards the scenario itself puts in another zone) is never taken: a card the
    scenario lists twice is an error, named with the other place (`place_of(s, card)`)."""
    from ..engine import scenario as S
    rules = s.rules
    mr = getattr(rules, "meld_rules", None)
    u = rules.universe
    pack_zone = s.z[rules.zones[rules.pack_zone].index]
    old = [c for g in zone if isinstance(g, list) for c in g]
    zone[:] = []
    pack_zone.extend(old)
    store = dict(s.extra.get("readings") or {})
    used = set()
    for k, written in enumerate(groups):
        try:
            tokens = parse_value(u, written)[1]
        except ValueError as err:
            raise failure(path + (k,), str(err)) from None
        ids = []
        for name, _ in tokens:
            same = sorted((c for c in range(u.size) if u.names[c] == name and c not in used and c not in listed),
                          key=lambda c: c not in pack_zone)
            if not same:
                elsewhere = [c for c in range(u.size) if u.names[c] == name and c in listed]
                if elsewhere and place_of is not None:
                    raise failure(path + (k,), f"'{name}' is also listed in {place_of(s, elsewhere[0])}: "
                                               "a card lies in one place only")
                raise failure(path + (k,), f"no copy of '{name}' is left")
            used.add(same[0])
            ids.append(same[0])
        for c in ids:
            S._remove_everywhere(s, c)
        meld = None
        if mr is not None:
            meld = next((m for m in mr.readings(tuple(ids)) if _same(tokens, meld_tokens(s, m))), None)
        if meld is None:
            readings = mr.readings(tuple(ids)) if mr is not None else []
            if readings:
                # the cards make a meld, but not with the wild cards standing where written (in a set
                # whose suits may repeat a wild card has one reading, the rank in the first suit)
                ways = " or ".join(f"[{_text(meld_tokens(s, m))}]" for m in readings[:4])
                raise failure(path + (k,), f"[{_text(tokens)}] is not a meld of {rules.name} as written: its "
                                           f"wild cards stand for other cards", hint=f"write it {ways}")
            raise failure(path + (k,), f"[{_text(tokens)}] is not a meld of {rules.name}")
        zone.append(list(meld.cards))
        store[meld.cards] = meld
    s.extra["readings"] = store
