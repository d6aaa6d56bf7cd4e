"""Attribute access (`card.suit`, `pile.start`) and checks on rank and suit texts."""
from __future__ import annotations

from difflib import get_close_matches

from . import types as T

CARD_ATTRIBUTES = {
    "rank": (T.RANK, "the card's rank name, e.g. \"10\" or \"Q\" (a joker named in pack: jokers has its name)"),
    "suit": (T.SUIT, "the card's suit name, e.g. hearts (none for a joker)"),
    "is_joker": (T.BOOL, "true for a joker"),
    "name": (T.STR, "the card as text, e.g. 10♥"),
}


def compile_attribute(ctx, node, obj, attr):
    from .compiler import Compiled, constant
    u = ctx.universe()
    if obj.type == T.CARD:
        table = {"rank": u.rank_of, "suit": u.suit_of, "is_joker": u.is_joker, "name": u.names}.get(attr)
        if table is None:
            _unknown(ctx, node, attr, CARD_ATTRIBUTES, "a card")
        if obj.const:
            return constant(table[obj.value], CARD_ATTRIBUTES[attr][0])
        f = obj.fn
        code = ctx.source("%s[{0}]" % ctx.ref(table), obj)
        if obj.shape and obj.shape[0] == "local":
            name = obj.shape[1]
            return Compiled(_read_local(table, name, attr), CARD_ATTRIBUTES[attr][0],
                            shape=("table_at_local", table, name), code=code)
        return Compiled(_read(table, f, ctx, node, attr), CARD_ATTRIBUTES[attr][0], code=code)
    if obj.type.startswith("object:"):
        collection = obj.type[7:]
        fields = ctx.ns.objects.get(collection, {})
        if attr == "name":
            return Compiled(obj.fn, T.STR, code=ctx.code(obj))
        if attr not in fields.get("__types__", {}):
            _unknown(ctx, node, attr, fields.get("__types__", {}), f"an entry of {collection}")
        table = {name: rec.get(attr) for name, rec in fields.items() if name != "__types__"}
        f = obj.fn
        return Compiled(lambda s, e: table[f(s, e)], fields["__types__"][attr],
                        code=ctx.source("%s[{0}]" % ctx.ref(table), obj))
    if obj.type == T.ANY:
        # Decided while the game runs: a card id or an object entry's name (a variable of type any
        # holding a pile chosen in one move and used in the next).
        fields = _entry_fields(ctx, attr)
        tables = {"rank": u.rank_of, "suit": u.suit_of, "is_joker": u.is_joker, "name": u.names}
        if fields is not None and attr in tables:
            # a card's attribute or an entry's field of the same name: which one, the value decides
            f, entry = obj.fn, _read_field(fields[0], obj.fn, ctx, node, attr)
            card = _read(tables[attr], f, ctx, node, attr)
            kind = CARD_ATTRIBUTES[attr][0] if T.compatible(fields[1], CARD_ATTRIBUTES[attr][0]) else T.ANY
            return Compiled(lambda s, e: entry(s, e) if isinstance(f(s, e), str) else card(s, e), kind)
        if fields is not None:
            return Compiled(_read_field(fields[0], obj.fn, ctx, node, attr), fields[1])
        if attr not in tables:
            known = dict(CARD_ATTRIBUTES, **{k: None for recs in ctx.ns.objects.values() for k in recs["__types__"]})
            _unknown(ctx, node, attr, known, "a value of kind any (a card, or an entry of objects)")
        table = tables[attr]
        f = obj.fn
        return Compiled(_read(table, f, ctx, node, attr), CARD_ATTRIBUTES[attr][0],
                        code=ctx.source("%s[{0}]" % ctx.ref(table), obj))
    ctx.error(node, f"{T.describe(obj.type)} has no attribute '{attr}'", rule="type",
              hint="attributes such as .suit and .rank belong to a single card" if attr in CARD_ATTRIBUTES else None)


def named_suit_card(ctx, left_node, right_node):
    """`7/coins` or `K/cups` (a rank, a slash, a suit's name): the card constant, as the engine prints
    cards of suits without a symbol; None when the two sides are not a rank and a suit."""
    from lark import Tree

    from .compiler import constant
    u = ctx.universe()
    if u is None or not (isinstance(right_node, Tree) and right_node.data == "name"):
        return None
    suit = str(right_node.children[0])
    if suit not in u.suits or suit in ctx.locals:
        return None
    if isinstance(left_node, Tree) and left_node.data == "number":
        rank = str(left_node.children[0])
    elif isinstance(left_node, Tree) and left_node.data == "name":
        rank = str(left_node.children[0])
        if rank in ctx.locals or rank in ctx.ns.names:
            return None
    else:
        return None
    cid = u.parse_card(f"{rank}/{suit}")
    return constant(cid, T.CARD) if cid is not None else None


def _entry_fields(ctx, attr):
    """(entry name -> value of the field `attr`, the field's kind) over every object collection with
    such a field (entry names are unique across collections), or None when no collection has it."""
    table, kinds = {}, set()
    for recs in ctx.ns.objects.values():
        types = recs.get("__types__", {})
        if attr in types or (attr == "name" and len(recs) > 1):       # every entry has a name
            kinds.add(types.get(attr, T.STR))
            table.update({entry: (entry if attr == "name" else rec.get(attr))
                          for entry, rec in recs.items() if entry != "__types__"})
    if not table:
        return None
    return table, (kinds.pop() if len(kinds) == 1 else T.ANY)


def _read_field(table, f, ctx, node, attr):
    """table[f(s, e)] for a value of kind any that holds an object entry's name; when it holds none,
    an EvalError naming the part that gave something else."""
    from .compiler import _text_of
    from .errors import EvalError, describe_value
    whole = _text_of(ctx, node.children[0])

    def read(s, e):
        value = f(s, e)
        try:
            return table[value]
        except (TypeError, KeyError):
            raise EvalError(f"'{whole}' is {describe_value(value)}, not an entry with a field '{attr}'") from None
    return read


def _read(table, f, ctx, node, attr):
    """table[f(s, e)]; when that fails, an EvalError naming the part that gave no card."""
    from .compiler import _text_of
    from .errors import EvalError, describe_value
    whole = _text_of(ctx, node.children[0])
    empty = _emptied(ctx, node.children[0])

    def read(s, e):
        value = f(s, e)
        try:
            return table[value]
        except (TypeError, IndexError, KeyError):
            said = describe_value(value) + (empty if value is None else "")
            raise EvalError(f"'{whole}' is {said}, not a card, so it has no {attr}") from None
    return read


def _read_local(table, name, attr):
    """table[e[name]] for a local name (a definition's parameter, an item of x => ...); when it holds
    no card (isx(first(trick)) of an empty trick), an EvalError naming it, not 'a list position must
    be a number'."""
    def read(s, e):
        try:
            return table[e[name]]
        except (TypeError, IndexError):
            from .errors import EvalError, describe_value
            raise EvalError(f"'{name}' is {describe_value(e[name])}, not a card, so it has no {attr}") from None
    return read


def _emptied(ctx, node) -> str:
    """' (stock has no cards here)' for first(x) or last(x) of one argument, whose none means x is empty
    at that moment (a step before the deal, a stock dealt out), else ''."""
    from lark import Tree
    from .compiler import _text_of
    if not (isinstance(node, Tree) and node.data == "call" and str(node.children[0]) in ("first", "last")
            and len(node.children) > 1 and len(node.children[1].children) == 1):
        return ""
    return f" ({_text_of(ctx, node.children[1].children[0])} has no cards here)"


def _unknown(ctx, node, attr, known, what):
    close = get_close_matches(attr, list(known), n=1, cutoff=0.6)
    hint = f"did you mean '{close[0]}'?" if close else "known: " + ", ".join(sorted(known))
    ctx.error(node, f"{what} has no attribute '{attr}'", hint=hint, rule="unknown-name")


def check_rank_or_suit_literal(ctx, typed, literal, literal_node):
    """`c.rank == "Jack"` or `c.suit == "Hearts"`: catch texts that name no rank or suit."""
    if not literal.const or not isinstance(literal.value, str):
        return
    u = ctx.universe()
    if typed.type == T.RANK:
        known = list(dict.fromkeys(u.ranks)) + u.joker_names    # a named joker's rank is its name
        what = "rank"
    elif typed.type == T.SUIT:
        known = list(u.suits)
        what = "suit"
    else:
        return
    if literal.value not in known:
        close = get_close_matches(literal.value, known, n=1, cutoff=0.3)
        lowered = {k.lower(): k for k in known}
        if literal.value.lower() in lowered:
            close = [lowered[literal.value.lower()]]
        hint = f"did you mean \"{close[0]}\"?" if close else "known: " + ", ".join(known)
        if literal.value.lower() == "joker":      # not "did you mean J?": a joker is told by is_joker
            hint = "a joker has no rank or suit of its own: test it with c.is_joker"
            if u.joker_names and what == "rank":
                hint = f"test any joker with c.is_joker, or one kind by its name, e.g. c.rank == \"{u.joker_names[-1]}\""
        ctx.error(literal_node, f"there is no {what} \"{literal.value}\" in this pack", hint=hint,
                  rule="unknown-name")
