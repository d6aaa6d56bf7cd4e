"""Static types of expression values, used to catch mistakes at load time.

Types are short strings.  'any' matches everything; a value indexed by players
or suits (a state variable kept per player, a zone per player) has the type
'per:<key>:<element type>'.
"""
from __future__ import annotations

NUM, BOOL, STR, CARD, CARDS, PLAYER, PLAYERS, SUIT, RANK, LIST, ANY, NONE = (
    "number", "boolean", "text", "card", "cards", "player", "players", "suit", "rank", "list", "any", "none")

COLLECTIONS = {CARDS, PLAYERS, LIST}
NUMERIC = {NUM, BOOL, ANY}
_ELEMENT = {CARDS: CARD, PLAYERS: PLAYER, LIST: ANY, "play": "meld"}   # a play (meld_plays) is a list of melds
_LIST_OF = {CARD: CARDS, PLAYER: PLAYERS}


def per(key: str, element: str) -> str:
    return f"per:{key}:{element}"


def is_per(t: str) -> bool:
    return t.startswith("per:")


def per_parts(t: str) -> tuple[str, str]:
    _, key, element = t.split(":", 2)
    return key, element


def per_example(name: str, key: str) -> str:
    """How to take one entry of `name`, kept per `key` (player, team, suit or an object collection's name),
    in words for a hint: 'say whose, e.g. hand[current] or hand[p]', 'say which suit's, e.g. ...'."""
    if key in ("player", "team"):
        return f"say whose, e.g. {name}[current] or {name}[p]"
    if key == "suit":
        return f"say which suit's, e.g. {name}[hearts] or {name}[c.suit]"
    return f"say which entry of {key}, e.g. {name}[k] with k one of {key} (for_each: {{in: {key}, as: k}})"


def tuple_of(types) -> str:
    """The kind of a tuple `(a, b)` whose items have these kinds: 'tuple:card;any'.  A tuple is a list
    to every check; its items' kinds let `t[0]` be a card and a move offering (card, pile) pairs show
    the card by name."""
    return "tuple:" + ";".join(types)


def tuple_items(t: str):
    """The kinds of a tuple's items, or None for a kind that is not a tuple."""
    if not t.startswith("tuple:"):
        return None
    items, depth, start = [], 0, 6
    for i, ch in enumerate(t[6:], 6):       # a tuple of tuples: split at the top level only
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == ";" and depth == 0:
            items.append(t[start:i])
            start = i + 1
    items.append(t[start:])
    return [x[1:-1] if x.startswith("<") else x for x in items]


def element_of(t: str) -> str:
    if t in _ELEMENT:
        return _ELEMENT[t]
    if t.startswith("list:"):
        return t[5:]
    return ANY


def list_of(t: str) -> str:
    if t in _LIST_OF:
        return _LIST_OF[t]
    return LIST if t == ANY else f"list:{t}"


def is_collection(t: str) -> bool:
    return t in COLLECTIONS or t.startswith("list:") or t.startswith("tuple:")


def compatible(actual: str, wanted: str) -> bool:
    """May a value of type `actual` be used where `wanted` is expected?"""
    if ANY in (actual, wanted) or actual == wanted or actual == NONE:
        return True
    if (wanted, actual) in ((NUM, BOOL), (PLAYER, NUM), (NUM, PLAYER)):
        return True
    if wanted == LIST and is_collection(actual):
        return True
    if is_collection(wanted) and is_collection(actual):
        return compatible(element_of(actual), element_of(wanted))
    if wanted in (SUIT, RANK, STR) and actual in (SUIT, RANK, STR):
        return True
    return False


def _plural(t: str) -> str:
    """The items of a list of `t`, in words: cards, players, lists of cards (a list of a list type was
    'cardss')."""
    if t in (CARDS, PLAYERS):
        return f"lists of {t}"
    if t.startswith("list:"):
        return f"lists of {_plural(t[5:])}"
    if t.startswith("tuple:"):
        return "tuples"
    if is_per(t):
        key, element = per_parts(t)
        return f"{element} values per {key}"
    return "values" if t == ANY else f"{t}s"


def describe(t: str) -> str:
    if is_per(t):
        key, element = per_parts(t)
        return f"a {element} per {key}"
    if t.startswith("list:"):
        return f"a list of {_plural(t[5:])}"
    if t.startswith("tuple:"):
        return "a tuple (" + ", ".join(describe(x) for x in tuple_items(t)) + ")"
    if t in (CARDS, PLAYERS):
        return f"a list of {t}"
    if t == NONE:
        return "none"
    article = "an" if t[0] in "aeiou" else "a"
    return f"{article} {t}"


MELD_HINT = "meld_cards(x) lists the cards of a meld, a play of several melds or a change to a table meld"


def meld_hint(typ: str) -> str | None:
    """The hint for a meld, a play or a table change used where its cards are meant (count(m), c in m)."""
    return MELD_HINT if typ in ("meld", "play", "change") else None
