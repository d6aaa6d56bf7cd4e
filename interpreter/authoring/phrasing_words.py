"""Small word helpers shared by the speaker (phrasing.py) and the phrasings of the built-in functions
(phrasing_calls.py): joining a list in words, plurals, articles, and telling a zone or a written-out number."""
from __future__ import annotations

from lark import Token, Tree

_LABELLED = ("player", "card", "team", "suit", "rank", "item", "number")    # nouns told apart by name when two are in play
# words that end a definition's name as a preposition taking its argument: cards_in(z) "the cards in z",
# not "the cards in of z"; a name that is one of them alone reads "what is below c"
PREPOSITIONS = ("in", "with", "of", "to", "for", "from", "by", "at", "on", "into", "onto", "after", "before",
                "above", "below", "under", "over", "beside", "behind", "beyond", "past", "near", "between",
                "within", "without", "among", "against", "around", "across", "beneath", "inside", "outside")
NOUNS = {"players": "player", "suits": "suit", "ranks": "rank", "teams": "team"}   # what one item of a collection is


def _mentions_it(text: str) -> bool:
    return any(w in ("it", "its") for w in text.replace(",", " ").replace(")", " ").replace("(", " ").split())


def _join(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural(noun: str) -> str:
    head, _, label = noun.partition(" ")
    if label and (head in _LABELLED or len(label) <= 2 and label.isidentifier()):   # 'player q' -> 'players q'
        return f"{_plural(head)} {label}"
    return noun + ("es" if noun.endswith("s") else "s")


def _is_zone(sp, node) -> bool:
    if isinstance(node, Tree) and node.data == "index":
        node = node.children[0]
    return isinstance(node, Tree) and node.data == "name" and str(node.children[0]) in sp.lex.zones


def _literal(node):
    """The whole number a node is written as (`2`, `-1`), else None."""
    try:
        return int(_text_of(node))
    except (TypeError, ValueError):
        return None


def _text_of(node):
    if isinstance(node, Token):
        return str(node)
    if isinstance(node, Tree) and node.data == "neg" and len(node.children) == 1:
        inner = _text_of(node.children[0])
        return None if inner is None else "-" + inner
    if isinstance(node, Tree) and len(node.children) == 1:
        return _text_of(node.children[0])
    return None
