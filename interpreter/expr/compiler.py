"""Compile expression syntax trees to Python closures, once, at load time.

A compiled expression is a `Compiled`: a function `fn(state, env)` and its static
type.  `state` is the running game; `env` is a dict of local names (loop
variables, the option being considered in a choice, lambda parameters).
Names are resolved when the ruleset loads, against a `Namespace`, so unknown
names are reported with a did-you-mean before any game is played.  Only the
project's own syntax tree is compiled: user text never reaches eval or exec.
"""
from __future__ import annotations

import ast
import operator
import re
from dataclasses import dataclass, field, replace
from difflib import get_close_matches
from typing import Any, Callable

from lark import Token, Tree

from . import types as T
from .codegen import CodeGen, loop_parts, makes_new_list, renamed
from .errors import EvalError, ExprError, describe_value, in_words, written
from .parser import MAX_DEPTH, parse


@dataclass
class Compiled:
    fn: Callable[[Any, dict], Any]
    type: str = T.ANY
    const: bool = False
    value: Any = None
    shape: tuple | None = None   # how a simple value is read, so comparisons can be fused (see fused.py)
    code: str | None = None      # the same computation as Python source (see codegen.py)
    reads_params: bool = False   # reads a lambda parameter (so its closure cannot be called from source)
    param_var: str | None = None  # for a lambda body: the source variable standing for the parameter


def constant(value, typ) -> Compiled:
    return Compiled(lambda s, e, v=value: v, typ, True, value, ("const", value))


@dataclass
class Binding:
    """What a name means: a state variable, a zone, an option, an order...

    `getter(state, env)` returns its value; `call`, when set, compiles a call
    `name(args...)` (orders and point tables are callable on a card).
    """
    kind: str
    type: str = T.ANY
    getter: Callable | None = None
    value: Any = None
    call: Callable | None = None
    doc: str = ""
    shape: tuple | None = None
    code: str | None = None      # Python source reading the value from s and e (see codegen.py)

    def compiled(self) -> Compiled:
        if self.kind == "const":
            return constant(self.value, self.type)
        return Compiled(self.getter, self.type, shape=self.shape, code=self.code)


@dataclass
class Namespace:
    """Every name an expression may use, with the card universe for literals."""
    names: dict = field(default_factory=dict)
    universe: Any = None
    objects: dict = field(default_factory=dict)   # collection -> {entry name: {field: value}, '__types__': {...}}
    read: set = field(default_factory=set)        # the names expressions have used (an option nothing reads)
    step_locals: set = field(default_factory=set)  # the names steps give with `as:` (for the hint when used outside)
    parameters: dict = field(default_factory=dict)  # a procedure's parameter -> the procedure, as declared (hints)
    partnerships: bool = False    # players.teams puts several seats in a team at every player count
    partnered: tuple = ()         # the player counts at which players.teams puts several seats in a team
    refused: dict = field(default_factory=dict)   # name -> the definition key refused for taking a built-in's name

    def add(self, name: str, binding: Binding):
        self.names[name] = binding


@dataclass
class Lambda:
    param: str
    tree: Tree
    offset: int


class Ctx:
    """Compilation context: the namespace, the local names and their types, the text."""

    def __init__(self, ns: Namespace, text: str, local_types: dict | None = None):
        self.ns = ns
        self.text = text
        self.locals = dict(local_types or {})
        self.gen = CodeGen(text)

    # -- errors ---------------------------------------------------------------
    def error(self, node, message, hint=None, rule="expression"):
        start, length = _span(node)
        raise ExprError(message, start, length, hint, rule)

    def expect(self, node, compiled: Compiled, wanted: str, what: str) -> Compiled:
        if not T.compatible(compiled.type, wanted):
            hint = None
            if compiled.const and isinstance(compiled.value, str) and wanted == T.NUM:
                # e.g. an option whose default was written `default: five`
                hint = f"its value is the text '{compiled.value}'; a number is written as digits, e.g. 5"
            elif T.is_per(compiled.type) and not T.is_per(wanted):
                # score + bid, with bid kept per player: say which entry
                key = T.per_parts(compiled.type)[0]
                name = str(node.children[0]) if isinstance(node, Tree) and node.data == "name" else None
                hint = (T.per_example(name, key) if name else
                        f"take one {key}'s entry, e.g. score[p]" if key in ("player", "team", "suit") else
                        f"take one entry of {key}")
            elif T.meld_hint(compiled.type) and (T.is_collection(wanted) or wanted == T.NUM):
                hint = T.meld_hint(compiled.type)        # count(w + up), w a play: its cards were meant
            self.error(node, f"{what} must be {T.describe(wanted)}, but this is {T.describe(compiled.type)}",
                       hint=hint, rule="type")
        return compiled

    # -- compiling ------------------------------------------------------------
    def compile(self, node) -> Compiled:
        if isinstance(node, Lambda):
            raise ExprError("a function 'x => ...' can only be given to a built-in function",
                            node.offset, rule="expression")
        handler = _HANDLERS.get(node.data if isinstance(node, Tree) else None)
        if handler is None:
            self.error(node, "this kind of expression is not supported here")
        reads = self.gen.param_reads
        result = handler(self, node)
        if self.gen.param_reads != reads and result.code is None:
            result.reads_params = True
        return result

    # -- source (see codegen.py) ------------------------------------------------
    def code(self, c: Compiled) -> str | None:
        """Source computing `c`: its own, a literal, or a call of its closure (None if impossible)."""
        if c.code is not None:
            return c.code
        if c.const:
            return self.gen.literal(c.value)
        if c.reads_params:
            return None
        return f"{self.gen.ref(c.fn)}(s, e)"

    def source(self, template: str, *parts) -> str | None:
        """Fill `template` ({0}, {1}...) with the source of each part (Compiled, or text as is)."""
        codes = [p if isinstance(p, str) or p is None else self.code(p) for p in parts]
        if any(c is None for c in codes):
            return None
        return template.format(*codes)

    def ref(self, value) -> str:
        return self.gen.ref(value)

    def finish(self, result: Compiled) -> Compiled:
        """The compiled expression with its generated function (when it has source)."""
        if not GENERATE:
            return result
        code = self.gen.literal(result.value) if result.const else result.code
        if code is None:
            return result
        return replace(result, fn=self.gen.build(code, result.fn))

    def fast(self, c: Compiled) -> Compiled:
        """`c` with a generated function of its own, for a built-in that has no source and calls its
        arguments' functions (e.g. groups(filter(hand[current], c => value(c) > 0), value)): the
        argument then runs as one function instead of a chain of closures.  Only a part that
        computes something (a call, a comprehension) and reads no variable of an enclosing
        `x => ...` (those exist only inside that function's source) gets one."""
        code = c.code
        if not GENERATE or code is None or c.const or "(" not in code or getattr(c.fn, "source", None):
            return c
        if any(re.search(rf"(?<!\w){var}(?!\w)", code) for var in self.gen.pyvars.values()):
            return c
        return replace(c, fn=self.gen.build(code, c.fn))

    def lambda_source(self, body: Compiled, template: str, *parts) -> str | None:
        """Like source(), for a lambda body: {v} in the template is the parameter's variable."""
        body_code = self.code(body) if body.param_var is not None else None
        if body_code is None:
            return None
        codes = [p if isinstance(p, str) or p is None else self.code(p) for p in parts]
        if any(c is None for c in codes):
            return None
        var = body.param_var
        inner = loop_parts(codes[0]) if codes and template.count("{0}") == 1 and "for {v} in {0}" in template \
            else None
        if inner is not None:        # over filter(...) or of_suit(...): one comprehension, item by item
            clauses, inner_var = inner
            clauses = renamed(clauses, inner_var, var).replace("{", "{{").replace("}", "}}")
            template = template.replace("for {v} in {0}", "for " + clauses)
        return template.format(*codes, v=var, body=body_code)

    def compile_lambda(self, lam, param_type: str) -> tuple[str, Compiled]:
        """Compile the body of `x => body` with x of the given type."""
        if not isinstance(lam, Lambda):
            raise TypeError("not a lambda")
        saved = self.locals.get(lam.param, _MISSING)
        saved_var = self.gen.pyvars.get(lam.param)
        self.locals[lam.param] = param_type
        var = self.gen.pyvars[lam.param] = self.gen.fresh()
        try:
            body = self.compile(lam.tree)
            in_scope = dict(self.gen.pyvars)      # this parameter and those of enclosing lambdas
        finally:
            if saved is _MISSING:
                del self.locals[lam.param]
            else:
                self.locals[lam.param] = saved
            if saved_var is None:
                del self.gen.pyvars[lam.param]
            else:
                self.gen.pyvars[lam.param] = saved_var
        return lam.param, replace(body, param_var=var, fn=self._body_function(body, in_scope))

    def _body_function(self, body: Compiled, in_scope: dict):
        """The function of a lambda body, for a built-in without source (it binds the parameter in
        the locals and calls this): generated when the body has source, reading each parameter it
        uses from the locals into its variable.  A built-in with source uses the body's source."""
        code = body.code
        if not GENERATE or code is None or body.const or "(" not in code and "[" not in code:
            return body.fn
        reads = [(name, var) for name, var in in_scope.items() if re.search(rf"(?<!\w){var}(?!\w)", code)]
        prelude = "".join(f"{var} = e[{self.ref(name)}]; " for name, var in reads)
        # `(lambda: code)()` is not needed: the reads are statements before the returned value
        return self.gen.build_body(prelude, code, body.fn)

    def universe(self):
        return self.ns.universe


_MISSING = object()


def _span(node) -> tuple[int, int]:
    if isinstance(node, Token):
        return node.start_pos or 0, len(str(node))
    if isinstance(node, Lambda):
        return node.offset, 1
    meta = getattr(node, "meta", None)
    if meta is not None and not getattr(meta, "empty", True):
        return meta.start_pos, max(1, meta.end_pos - meta.start_pos)
    return 0, 1


def _text_of(ctx, node) -> str:
    """The text of a part of the expression, for messages."""
    start, length = _span(node)
    return ctx.text[start:start + length] or ctx.text


def compile_expression(text, ns: Namespace, local_types: dict | None = None,
                       expected: str | None = None, where: str = "") -> Compiled:
    """Parse and compile `text`; raise ExprError located inside the text.

    With `where` ('file:line:col'), an error while the expression runs is an EvalError naming
    the expression and that place, with the values in words (see `_located`)."""
    if isinstance(text, (bool, int, float)):
        # a YAML number or boolean: checked as an expression written as text would be (`if: 3`,
        # `winners: 1` are errors here, not when the game runs)
        typ = T.BOOL if isinstance(text, bool) else T.NUM
        if expected is not None and not T.compatible(typ, expected):
            shown = written(text)
            raise ExprError(f"this must give {T.describe(expected)}, but it gives {T.describe(typ)}", 0,
                            len(shown), hint=_kind_hint(expected, typ), rule="type")
        return _plain_constant(text, typ)
    if text is None:
        return _plain_constant(None, T.NONE)
    tree = parse(str(text))
    ctx = Ctx(ns, str(text), local_types)
    try:
        result = ctx.compile(tree)
    except RecursionError:
        raise ExprError(f"this expression is nested too deeply (more than {MAX_DEPTH} levels)",
                        0, len(str(text)), rule="limit") from None
    if expected is not None and not T.compatible(result.type, expected):
        ctx.error(tree, f"this must give {T.describe(expected)}, but it gives {T.describe(result.type)}",
                  hint=_kind_hint(expected, result.type), rule="type")
    if where and not result.const:
        result = replace(result, fn=_located(result.fn, str(text), where))
    return ctx.finish(result)


_RUN_ERRORS = (TypeError, KeyError, IndexError, AttributeError, ValueError, ZeroDivisionError, OverflowError,
               MemoryError, RecursionError)


def _located(fn, text, where):
    """`fn`, naming the expression and its place when it fails (no cost unless it fails)."""
    def located(s, e):
        try:
            return fn(s, e)
        except EvalError as err:
            if not err.where:
                err.where, err.expr = where, text
            raise
        except _RUN_ERRORS as err:
            raise EvalError(in_words(err), where, text) from None
    return located


GENERATE = True   # False: closures only (tests compare both ways)


def _plain_constant(value, typ) -> Compiled:
    """A YAML number, boolean or null given where an expression is expected (`add: {hands: 1}`).
    With GENERATE, its function carries its source, so generated steps write it in place."""
    result = constant(value, typ)
    if GENERATE and (value is None or isinstance(value, (bool, int))):
        fn = result.fn
        fn.source, fn.consts, fn.slow = repr(value), {}, fn
    return result


# ---------------------------------------------------------------------------
# Handlers, one per syntax-tree node kind.
# ---------------------------------------------------------------------------

def _number(ctx, node):
    return constant(int(node.children[0]), T.NUM)


def _string(ctx, node):
    return constant(str(node.children[0])[1:-1], T.STR)


def _card(ctx, node):
    text = str(node.children[0])
    cid = ctx.universe().parse_card(text)
    if cid is None:
        ctx.error(node, f"there is no card {text} in this ruleset's pack", rule="unknown-name",
                  hint=_card_literal_hint(ctx.universe(), text))
    return constant(cid, T.CARD)


def _card_literal_hint(u, text) -> str:
    """The hint for a rank and a suit symbol that make no card of the pack: the close card, else what
    the pack has (its ranks, or its suits and how its cards are written)."""
    from ..cards.pack import SYMBOL_SUITS
    hint = u.card_hint(text)
    if hint.startswith("did you mean"):
        return hint
    rank, suit = text[:-1], SYMBOL_SUITS.get(text[-1])
    example = next((n for c, n in enumerate(u.names) if not u.is_joker[c]), None)
    if suit not in u.suits:
        return f"this pack has no suit {suit}: its suits are {', '.join(map(str, u.suits))}" + \
            (f", and its cards are written like {example}" if example else "")
    if rank not in u.ranks:
        return f"this pack has no rank {rank}: its ranks are {', '.join(map(str, u.ranks))}"
    return hint


def _suit_symbol(ctx, node):
    from ..cards.pack import SYMBOL_SUITS
    suit = SYMBOL_SUITS[str(node.children[0])]
    if suit not in ctx.universe().suits:
        ctx.error(node, f"this pack has no suit {suit}", rule="unknown-name")
    return constant(suit, T.SUIT)


# The local names that blocks define, for the hint when one is used outside: name -> the step kinds
# that define it.  The step kinds note theirs when they are registered (engine/tricks.py, turns.py).
_BLOCK_LOCALS: dict[str, set] = {}


def note_block_locals(kind: str, names) -> None:
    """Record that a block of step kind `kind` (e.g. 'tricks') defines these local names."""
    for name in names:
        _BLOCK_LOCALS.setdefault(name, set()).add(kind)


_DIRECTION_WORDS = {"left": 1, "clockwise": 1, "right": -1, "counterclockwise": -1, "anticlockwise": -1}


def _name(ctx, node):
    name = str(node.children[0])
    if name in ctx.locals:
        var = ctx.gen.pyvars.get(name)
        if var is not None:
            ctx.gen.param_reads += 1
        return Compiled(lambda s, e: e[name], ctx.locals[name], shape=("local", name),
                        code=var or f"e[{ctx.ref(name)}]")
    binding = ctx.ns.names.get(name)
    ctx.ns.read.add(name)
    if binding is None:
        candidates = list(ctx.locals) + list(ctx.ns.names)
        close = get_close_matches(name, candidates, n=1, cutoff=0.6)
        from .functions import BUILTINS
        if name in BUILTINS:
            # `card` written for the card a move chose (as: c) or a for_each's item: name the local
            same = [n for n, t in ctx.locals.items() if name == "card" and t == T.CARD]
            told = ("the card just played is called 'card_played' here" if same and same[-1] == "card_played"
                    else f"the card given here with 'as:' is called '{same[-1]}'" if same else "")
            hint = f"{told}; card(rank, suit) makes a card" if same else None
            ctx.error(node, f"'{name}' is a function: call it with parentheses, e.g. {name}(...)",
                      hint=hint, rule="unknown-name")
        kinds = _BLOCK_LOCALS.get(name)
        if kinds:                        # a local name of a block, used where that block's names are not seen
            where = "a " + " or ".join(f"{k}:" for k in sorted(kinds)) + " block"
            hint = (f"'{name}' is a local name of {where}, known only inside it (a procedure or definition "
                    "does not see the names of the place it is used from): keep the value in a state variable, "
                    "or give the procedure or definition a parameter for it")
        elif name in ctx.ns.parameters:      # a parameter of a procedure, used outside it
            hint = (f"'{name}' is a parameter of procedure '{ctx.ns.parameters[name]}', known only inside it; "
                    "here, give the value itself, or keep it in a state variable")
        elif name in ctx.ns.step_locals:     # a move's option or a for_each's item, used outside its step
            hint = (f"'{name}' is a name another step gives with 'as:' (a move's option or a for_each's item), "
                    f"known only inside that step: here, give it with 'as: {name}' in the step around this one; a "
                    "procedure or definition does not see the names of the place it is used from (keep the value "
                    "in a state variable, or give the procedure or definition a parameter for it)")
        elif name in (getattr(getattr(ctx.ns, "universe", None), "ranks", None) or ()):
            # a rank written as a name: ranks are text (K, not "K", reads a name that does not exist)
            suits = list(getattr(ctx.ns.universe, "suits", None) or ["hearts"])
            suit = "hearts" if "hearts" in suits else suits[0]      # a suit of this pack
            hint = f'a rank is text, in quotes: "{name}", e.g. card("{name}", {suit}) or c.rank == "{name}"'
        elif name.lower() in _DIRECTION_WORDS:
            # deal: {direction: right}, seat_order(mano, right): a direction is a number
            hint = (f"a direction is a number: 1 goes to the left (clockwise), -1 to the right; e.g. "
                    f"direction: {_DIRECTION_WORDS[name.lower()]} or seat_order(dealer, "
                    f"{_DIRECTION_WORDS[name.lower()]})")
        elif "option" in ctx.locals and (not close or close[0] == "option"):
            # a move's options without `as:` are bound to the name 'option'
            hint = (f"the option of this move is called 'option'; to call it '{name}', "
                    f"write 'as: {name}' in the move")
        else:
            hint = f"did you mean '{close[0]}'?" if close else (
                "declare it under 'options:', 'state:' or 'define:'; the name of each item of a for_each: "
                f"or each option of a move is given with 'as:', e.g. as: {name}")
        ctx.error(node, f"unknown name '{name}'", hint=hint, rule="unknown-name")
    if binding.kind == "define":     # a named derived value (ruleset/defines.py)
        return binding.call(ctx, node, None)
    if binding.call is not None and binding.getter is None and binding.kind != "const":
        ctx.error(node, f"'{name}' is {binding.kind} and is used by calling it, e.g. {name}(card)",
                  rule="type")
    return binding.compiled()


def _attr(ctx, node):
    from .attributes import compile_attribute
    obj = ctx.compile(node.children[0])
    return compile_attribute(ctx, node, obj, str(node.children[1]))


def partnered_counts(ns) -> str:
    """' (with 4 players the teams hold several seats)' when some player counts have partnerships and
    others do not ('' when every count has them): where reading a value kept per team by a seat goes wrong."""
    if ns.partnerships or not ns.partnered:
        return ""
    counts = " or ".join(str(n) for n in ns.partnered)
    return f" (with {counts} players the teams hold several seats)"


def _no_item(k, container, text) -> str:
    """The message for a position or key a list or table does not have; for a list, what it holds
    (positions count from 0: the last of 3 cards is [2], a place counted from 1 needs [place - 1])."""
    if isinstance(k, int) and not isinstance(k, bool) and isinstance(container, (list, tuple)):
        n = len(container)
        has = "it is empty" if n == 0 else f"it holds {n} item{'s' if n != 1 else ''}, positions 0 to {n - 1}"
        return f"no item {k!r} in {text!r}: {has} (positions count from 0)"
    return f"no item {k!r} in {text!r}"


def _no_entry(k, container, text, key_text, per) -> str:
    """The message for a value kept per player, suit or object entry (`per`: player, suit, team or the
    collection's name) read with something it is not kept for: what the entries are (a card in a variable
    that holds anything is no entry, though the engine knows it by a number)."""
    head = f"no item {k!r} in {text!r}"
    if isinstance(container, dict) and container:
        keys = [str(x) for x in container]
        shown = ", ".join(keys[:8]) + (", ..." if len(keys) > 8 else "")
        what = "suits" if per == "suit" else f"entries of {per}"
        return f"{head}: {key_text!r} is not one of the {what} ({shown})"
    if isinstance(container, list) and isinstance(k, int) and not isinstance(k, bool):
        what = "team numbers" if per == "team" else "seats"
        return f"{head}: {key_text!r} is {k}, not one of the {what}, 0 to {len(container) - 1}"
    return head


def _index(ctx, node):
    container = ctx.compile(node.children[0])
    key = ctx.compile(node.children[1])
    cf, kf = container.fn, key.fn
    if T.is_per(container.type):
        keytype, element = T.per_parts(container.type)
        wanted = T.PLAYER if keytype == "player" else T.SUIT if keytype == "suit" else T.ANY
        ctx.expect(node.children[1], key, wanted, "the index")
        if keytype == "team" and key.type == T.PLAYER and ctx.ns.partnered:
            # score[maker] for score[team_of(maker)]: a seat past the last team number fails as the game
            # runs, and a seat within them reads another team's value (at a player count with partnerships,
            # even when each seat is a team at another)
            name, said = _text_of(ctx, node.children[0]), _text_of(ctx, node.children[1])
            ctx.error(node.children[1], f"'{name}' is kept per team, numbered from 0 by team, but '{said}' is a "
                      f"player{partnered_counts(ctx.ns)}", hint=f"take the player's team: {name}[team_of({said})]",
                      rule="type")
        typ = element
    elif T.is_collection(container.type) or container.type == T.ANY:
        ctx.expect(node.children[1], key, T.NUM, "a position in a list")
        typ = T.element_of(container.type)
        items = T.tuple_items(container.type)
        if items is not None and key.const and isinstance(key.value, int) and 0 <= key.value < len(items):
            typ = items[key.value]          # t[0] of a (card, pile) pair is a card
    else:
        # a hint of its own: the usage of a call around it (sum(players, p => pool[p])) does not explain it
        ctx.error(node, f"{T.describe(container.type)} cannot be indexed with [...]", rule="type",
                  hint="[...] reads an item of a list or zone, or the entry of a value kept per player, team, "
                       "suit or object entry")

    key_text, whole = _text_of(ctx, node.children[1]), _text_of(ctx, node)
    positional = not T.is_per(container.type)       # a list or zone read by position, not a seat or suit
    per = None if positional else T.per_parts(container.type)[0].removeprefix("object:")

    def index(s, e):
        c = cf(s, e)
        k = kf(s, e)
        try:
            return c[k]
        except (IndexError, KeyError):
            # named by the reading that failed (pick[1] in field[pick[1]]), not by the whole expression
            raise EvalError(_no_item(k, c, whole) if positional else _no_entry(k, c, whole, key_text, per)) \
                from None
        except TypeError:
            raise EvalError(f"'{key_text}' is {describe_value(k)}, so '{whole}' has no value") from None
    shape = None
    if container.shape and container.shape[0] == "var" and key.shape and key.shape[0] == "local":
        shape = ("var_at_local", container.shape[1], key.shape[1])
    return Compiled(index, typ, shape=shape, code=ctx.source("{0}[{1}]", container, key))


def _no_size_hint(ctx, op, left, right, left_node, right_node) -> str:
    """Cards compared with < or >: the comparison rewritten with an order of the ruleset, when it has one."""
    orders = [n for n, b in ctx.ns.names.items() if b.kind == "order"]
    if left.type == right.type == T.CARD and orders:
        a, b = _text_of(ctx, left_node), _text_of(ctx, right_node)
        return f"compare places in an order instead, e.g. {orders[0]}({a}) {op} {orders[0]}({b})"
    return "compare positions in an order instead, e.g. trump_order(c) > trump_order(d)"


_KIND_EXAMPLES = {T.PLAYER: "a player is a seat, e.g. dealer, current or left_of(dealer)",
                  T.NUM: "a number, e.g. 3 or count(hand[p])",
                  T.BOOL: "a condition, e.g. count(hand[p]) > 0",
                  T.CARD: "one card, e.g. last(stock) or card(\"A\", hearts)",
                  T.CARDS: "a list of cards, e.g. hand[current] or filter(trick, c => c.suit == trumps)",
                  T.SUIT: "a suit, e.g. hearts or card.suit",
                  T.PLAYERS: "a list of players, e.g. players or filter(players, p => p != dealer)"}


def _kind_hint(expected, actual):
    """A hint for an expression of the wrong kind: one entry of a value kept per player, or an example."""
    if T.is_per(actual):
        return "this is kept per player (suit, ...): take one entry, e.g. hand[current] or score[p]"
    if (expected, actual) in ((T.PLAYERS, T.PLAYER), (T.CARDS, T.CARD)):
        return "a list of one is written in brackets, e.g. [winner]"
    if (expected, actual) == (T.BOOL, T.PLAYER):
        return "a condition about a player compares it, e.g. declarer != none or current == dealer"
    if (expected, actual) == (T.PLAYER, T.CARD):
        return ("a card is not a player: the player who played a card to the trick is "
                "trick_players[position(trick, c)], the one whose zone holds it owner(hand, c)")
    return _KIND_EXAMPLES.get(expected)


# Functions of other languages that round a number, which the language writes with // (a near name such
# as a definition 'rounded' would be no help: the definition being written, say)
_ROUNDING = {name: "there is no " + name + "(): a // b divides and rounds down, so x // 10 * 10 rounds down to "
                   "tens and (x + 5) // 10 * 10 to the nearest ten (a 5 rounding up)"
             for name in ("round", "floor", "ceil", "ceiling", "int", "trunc")}


def _call(ctx, node):
    from .functions import BUILTINS
    name = str(node.children[0])
    raw = node.children[1].children if len(node.children) > 1 else []
    args = [Lambda(str(a.children[0]), a.children[1], _span(a)[0]) if isinstance(a, Tree) and a.data == "lambda_"
            else a for a in raw]
    binding = ctx.ns.names.get(name)
    if binding is not None and binding.call is not None:
        return binding.call(ctx, node, args)
    spec = BUILTINS.get(name)
    if spec is None and (binding is not None or name in ctx.locals):
        # a parameter, a local name or a state variable written as a call: best(key) => key(p)
        ctx.error(node.children[0], f"'{name}' is a value, not a function: it cannot be called with (...)",
                  hint="only built-in functions, orders, point tables and definitions are called; a value given "
                       "to a definition is never a function (a definition cannot be passed to another)",
                  rule="type")
    if spec is None:
        callables = [n for n, b in ctx.ns.names.items() if b.call is not None] + list(BUILTINS)
        close = get_close_matches(name, callables, n=1, cutoff=0.6)
        hint = _ROUNDING.get(name) or (f"did you mean '{close[0]}'?" if close else
                                       "see docs/reference.md for the functions")
        ctx.error(node.children[0], f"unknown function '{name}'", hint=hint, rule="unknown-name")
    if not spec.min_args <= len(args) <= spec.max_args:
        want = spec.min_args if spec.min_args == spec.max_args else f"{spec.min_args} to {spec.max_args}"
        hint = f"usage: {spec.usage}"
        if name in ctx.ns.refused:         # a use of a definition refused for taking the built-in's name
            hint = (f"this is the built-in {spec.usage}: the definition '{ctx.ns.refused[name]}' could not take "
                    f"its name; rename the definition and its uses")
        ctx.error(node, f"{name}() takes {want} argument(s), got {len(args)}", hint=hint)
    try:
        return spec.compile(ctx, node, args)
    except ExprError as err:
        if err.hint is None and err.rule == "type" and _about_call(err, node, args):
            err.hint = f"usage: {spec.usage}"            # an argument of the wrong kind: show the usage
        raise


def _about_call(err, node, args) -> bool:
    """Is the error about the call or one of its arguments as a whole (not about a part deep inside an
    argument, `c in w` in the body of all(xs, c => c in w), where the call's usage would mislead)?"""
    spans = {_span(node)}
    for a in args:
        spans |= {_span(a.tree), (a.offset, 1)} if isinstance(a, Lambda) else {_span(a)}
    return (err.offset, err.length) in spans


def _divide(a, b):
    """a / b: a whole number when two whole numbers divide evenly (6 / 3 is 2, not 2.0), else a fraction."""
    if a.__class__ is int and b.__class__ is int and b and a % b == 0:
        return a // b
    return a / b


_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": _divide,
          "//": operator.floordiv, "%": operator.mod}


def _shadowed_card(ctx, node, left_node, right_node):
    """bright/willow where `bright` is a rank of the pack and also a name of the ruleset (a definition,
    a state variable) or a local name: a division by a suit means nothing, so the card was meant."""
    u = getattr(ctx.ns, "universe", None)
    if u is None or not (isinstance(left_node, Tree) and left_node.data == "name"
                         and isinstance(right_node, Tree) and right_node.data == "name"):
        return
    rank, suit = str(left_node.children[0]), str(right_node.children[0])
    if suit not in u.suits or suit in ctx.locals or rank not in u.ranks or u.parse_card(f"{rank}/{suit}") is None:
        return
    what = "a local name here" if rank in ctx.locals else "also a name of this ruleset"
    ctx.error(node, f"'{rank}/{suit}' reads as {rank} divided by {suit}, not as the card: '{rank}' is a rank "
              f"of the pack but {what}", hint=f'write the card as card("{rank}", {suit}), or rename '
              f"the other '{rank}'", rule="type")


def _misspelt_card(ctx, node, left_node, right_node):
    """K/cup or 1/coins: a rank (or a number), a slash and a name that is nothing: a card misspelt, told
    with the closest card as the pack writes it (not 'unknown name K')."""
    u = getattr(ctx.ns, "universe", None)
    if u is None or not (isinstance(right_node, Tree) and right_node.data == "name"):
        return
    suit = str(right_node.children[0])
    if suit in ctx.locals or suit in ctx.ns.names and suit not in u.suits:
        return
    if isinstance(left_node, Tree) and left_node.data == "number":
        rank = str(left_node.children[0])
    elif isinstance(left_node, Tree) and left_node.data == "name" and str(left_node.children[0]) in u.ranks \
            and str(left_node.children[0]) not in ctx.locals and str(left_node.children[0]) not in ctx.ns.names:
        rank = str(left_node.children[0])
    else:
        return
    hint = u.card_hint(f"{rank}/{suit}")
    if suit not in u.suits and not hint.startswith("did you mean"):
        return                           # 10 / a name misspelt: the unknown name is the error
    ctx.error(node, f"'{rank}/{suit}' is not a card of this pack", hint=hint, rule="unknown-name")


def _binop(ctx, node):
    left_node, op_tok, right_node = node.children
    op = str(op_tok)
    if op == "/":                        # 7/coins: a card of a suit without a symbol, as it is printed
        from .attributes import named_suit_card
        card = named_suit_card(ctx, left_node, right_node)
        if card is not None:
            return card
        chain, base = [], right_node
        while isinstance(base, Tree) and base.data == "attr":
            chain.append(base)
            base = base.children[0]
        if chain and named_suit_card(ctx, left_node, base) is not None:
            # K/cups.suit: the attribute of the card K/cups, as 10♥.suit reads the card 10♥'s (the parser
            # took it for K / cups.suit)
            rebuilt = Tree("binop", [left_node, op_tok, base], meta=node.meta)
            for link in reversed(chain):
                rebuilt = Tree("attr", [rebuilt] + list(link.children[1:]), meta=link.meta)
            return ctx.compile(rebuilt)
        _shadowed_card(ctx, node, left_node, right_node)
        _misspelt_card(ctx, node, left_node, right_node)
    left, right = ctx.compile(left_node), ctx.compile(right_node)
    # two lists joined; also a list and a value of unknown kind (an option of a move whose options
    # are worked out, say), which can only be a list here
    listy = [T.is_collection(x.type) for x in (left, right)]
    if op == "+" and any(listy) and all(ok or x.type == T.ANY for ok, x in zip(listy, (left, right))):
        lf, rf = left.fn, right.fn
        codes = [ctx.code(left), ctx.code(right)]
        code = None if None in codes else "[%s]" % ", ".join(filter(None, map(_spliced, codes)))
        return Compiled(lambda s, e: list(lf(s, e)) + list(rf(s, e)), left.type if listy[0] else right.type,
                        code=code)
    if op == "+" and any(_is_text(n, x) for n, x in ((left_node, left), (right_node, right))):
        if all(x.type in _JOINABLE for x in (left, right)):
            return _joined(left, right)
        ctx.error(node, f"'+' joins text with text, a rank, a suit or a number, but this is "
                  f"{T.describe(left.type)} + {T.describe(right.type)}",
                  hint="a card is written as text with .name, e.g. 'led ' + first(trick).name", rule="type")
    ctx.expect(left_node, left, T.NUM, f"the left side of '{op}'")
    ctx.expect(right_node, right, T.NUM, f"the right side of '{op}'")
    fn = _ARITH[op]
    if left.const and right.const:
        try:
            return constant(fn(left.value, right.value), T.NUM)
        except ZeroDivisionError:
            ctx.error(node, "division by zero")
        except (TypeError, ValueError, OverflowError):
            ctx.error(node, f"'{op}' needs two numbers, but this is {describe_value(left.value)} {op} "
                      f"{describe_value(right.value)}", rule="type")
    lf, rf = left.fn, right.fn
    code = ctx.source("({0} %s {1})" % op, left, right) if op != "/" else \
        ctx.source(ctx.ref(_divide) + "({0}, {1})", left, right)
    if op in ("/", "//", "%"):
        def safe(s, e):
            try:
                return fn(lf(s, e), rf(s, e))
            except ZeroDivisionError:
                raise EvalError(f"division by zero in {ctx.text!r}") from None
        return Compiled(safe, T.NUM, code=code)
    return Compiled(lambda s, e: fn(lf(s, e), rf(s, e)), T.NUM, code=code)


# '+' with quoted text on one side joins text: `'claims ' + rank_now` (a log line, say).  The other
# side may be text, a rank, a suit, a number or a player (a seat number); a card is written with
# its `.name`.
_JOINABLE = {T.STR, T.RANK, T.SUIT, T.NUM, T.BOOL, T.PLAYER, T.NONE}


def _is_text(node, compiled) -> bool:
    """Text written in quotes, or text already joined: the side that makes '+' join text.  (An option
    whose default is text, `default: five`, stays an error where a number is needed.)"""
    literal = isinstance(node, Tree) and node.data in ("string", "binop")
    return compiled.type == T.STR and (not compiled.const or literal)


def _as_text(v) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _joined(left, right) -> Compiled:
    if left.const and right.const:
        return constant(_as_text(left.value) + _as_text(right.value), T.STR)
    lf, rf = left.fn, right.fn
    return Compiled(lambda s, e: _as_text(lf(s, e)) + _as_text(rf(s, e)), T.STR)


def _neg(ctx, node):
    inner = ctx.expect(node.children[0], ctx.compile(node.children[0]), T.NUM, "the value after '-'")
    if inner.const:
        if isinstance(inner.value, bool) or not isinstance(inner.value, (int, float)):
            ctx.error(node, f"'-' needs a number, but this is {describe_value(inner.value)}", rule="type")
        return constant(-inner.value, T.NUM)
    f = inner.fn
    return Compiled(lambda s, e: -f(s, e), T.NUM, code=ctx.source("(-{0})", inner))


def _no_seat_as_truth(ctx, node, compiled, word):
    """A player (a seat number) read as true or false: seat 0 is false, so `caller and ...` never holds
    for the player in seat 0.  Refused, as a condition that gives a player is."""
    if compiled.type == T.PLAYER:
        start, length = _span(node)
        said = ctx.text[start:start + length] if isinstance(ctx.text, str) and length > 0 else ""
        said = said if said and len(said) <= 40 else "x"
        ctx.error(node, f"'{word}' reads a player as true or false, and seat 0 counts as false",
                  hint=f"compare it with none: {said} != none" if word != "or" else
                  f"choose with a comparison: {said} if {said} != none else ...", rule="type")


def _not(ctx, node):
    inner = ctx.compile(node.children[0])
    _no_seat_as_truth(ctx, node.children[0], inner, "not")
    if inner.const:                      # e.g. an option: worked out once, here
        return constant(not inner.value, T.BOOL)
    f = inner.fn
    return Compiled(lambda s, e: not f(s, e), T.BOOL, code=ctx.source("(not {0})", inner))


def _and(ctx, node):
    a, b = (ctx.compile(c) for c in node.children)
    for child, side in zip(node.children, (a, b)):
        _no_seat_as_truth(ctx, child, side, "and")
    af, bf = a.fn, b.fn
    typ = T.BOOL if a.type == b.type == T.BOOL else T.ANY
    if a.const:                          # an option on the left: the value is one side, known here
        return replace(b, type=typ) if a.value else replace(a, type=typ)
    return Compiled(lambda s, e: af(s, e) and bf(s, e), typ, code=ctx.source("({0} and {1})", a, b))


def _or(ctx, node):
    a, b = (ctx.compile(c) for c in node.children)
    _no_seat_as_truth(ctx, node.children[0], a, "or")
    af, bf = a.fn, b.fn
    typ = a.type if a.type == b.type else T.ANY
    if a.const:
        return replace(a, type=typ) if a.value else replace(b, type=typ)
    return Compiled(lambda s, e: af(s, e) or bf(s, e), typ, code=ctx.source("({0} or {1})", a, b))


def _ifelse(ctx, node):
    then, cond, other = (ctx.compile(c) for c in node.children)
    _no_seat_as_truth(ctx, node.children[1], cond, "if")
    tf, cf, of = then.fn, cond.fn, other.fn
    typ = then.type if T.compatible(other.type, then.type) and then.type != T.NONE else other.type
    if then.type != other.type and T.NONE not in (then.type, other.type):
        typ = T.ANY if not T.compatible(other.type, then.type) else then.type
    # `[] if c else groups(...)`: an empty list says nothing of its items; the other branch does
    if then.const and then.value == [] and T.is_collection(other.type):
        typ = other.type
    if cond.const:                       # e.g. an option: the branch is chosen once, here
        return replace(then if cond.value else other, type=typ)
    return Compiled(lambda s, e: tf(s, e) if cf(s, e) else of(s, e), typ,
                    code=ctx.source("({0} if {1} else {2})", then, cond, other))


_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}


def _compare(ctx, node):
    parts = node.children
    operands = [parts[0]] + parts[2::2]
    ops = [" ".join(str(t).split()) for t in parts[1::2]]
    compiled = [ctx.compile(n) for n in operands]
    steps, codes = [], []
    for i, op in enumerate(ops):
        step, code = _comparison(ctx, node, op, compiled[i], compiled[i + 1], operands[i], operands[i + 1])
        steps.append(step)
        codes.append(code)
    code = None if None in codes else "(" + " and ".join(codes) + ")"
    if all(c.const for c in compiled):   # options and numbers only: worked out once, here
        try:
            return constant(all(step(None, {}) for step in steps), T.BOOL)
        except Exception:   # noqa: BLE001 - e.g. comparing a number with a text: reported when it runs
            pass
    if len(steps) == 1:
        return Compiled(steps[0], T.BOOL, code=code)

    def chain(s, e):
        return all(step(s, e) for step in steps)
    return Compiled(chain, T.BOOL, code=code)


def _comparison(ctx, node, op, left, right, left_node, right_node):
    from .attributes import check_rank_or_suit_literal
    check_rank_or_suit_literal(ctx, left, right, right_node)
    check_rank_or_suit_literal(ctx, right, left, left_node)
    u = ctx.universe()
    face = u.face_key if u is not None and u.twins else None
    lf, rf = left.fn, right.fn
    if op in ("in", "not in"):
        if not (T.is_collection(right.type) or right.type in (T.ANY, T.STR) or T.is_per(right.type)):
            ctx.error(right_node, f"'{op}' needs a list on its right, but this is {T.describe(right.type)}",
                      hint=T.meld_hint(right.type), rule="type")
        if T.meld_hint(left.type) and T.element_of(right.type) == T.CARD:
            # all(w, m => m in hand[p]) with w a play: a meld is never one of the cards
            ctx.error(left_node, f"'{op}' looks for one card in a list of cards, but this is {T.describe(left.type)}",
                      hint=T.meld_hint(left.type), rule="type")
        check_member_kind(ctx, op, left, right, left_node)
        negate = op == "not in"
        if face is not None and left.type == T.CARD:
            def member(s, e):
                f = face[lf(s, e)]
                return any(face[c] == f for c in rf(s, e)) != negate
            # with source too, so that an expression holding it is generated as a whole
            # (without, every enclosing part ran as closures)
            return member, ctx.source("(%s%s(%s, {0}, {1}))" % ("not " if negate else "", ctx.ref(face_member),
                                                                ctx.ref(face)), left, right)
        if negate:
            return lambda s, e: lf(s, e) not in rf(s, e), ctx.source("({0} not in {1})", left, right)
        return lambda s, e: lf(s, e) in rf(s, e), ctx.source("({0} in {1})", left, right)
    if op in ("<", "<=", ">", ">="):
        for side, n in ((left, left_node), (right, right_node)):
            if side.type in (T.CARD, T.SUIT, T.CARDS, T.PLAYERS):
                ctx.error(n, f"{T.describe(side.type)} has no size to compare with '{op}'",
                          hint=_no_size_hint(ctx, op, left, right, left_node, right_node), rule="type")
            if side.type == T.RANK:
                # c.rank < "9" compares the names as text: "10" comes before "9"
                ctx.error(n, f"a rank has no size to compare with '{op}': ranks are names, and names compare as "
                          "text (\"10\" before \"9\")",
                          hint="compare places in an order instead, e.g. plain(c) < plain(\"9\")", rule="type")
        # a number against a text (or a rank name) always fails when it runs: say so now
        numeric, textual = (T.NUM, T.BOOL, T.PLAYER), (T.STR, T.RANK)
        for a, b, n in ((left, right, right_node), (right, left, left_node)):
            if a.type in numeric and b.type in textual:
                ctx.error(n, f"cannot compare {T.describe(a.type)} with {T.describe(b.type)} using '{op}'",
                          hint="a number is written without quotes, e.g. 4; a rank is compared through an "
                               "order, e.g. plain(c) > plain(d)", rule="type")
                break
    if op in ("==", "!="):
        _check_can_be_equal(ctx, op, left, right, left_node, right_node)
    fn = _COMPARE[op]
    if face is not None and left.type == T.CARD and right.type == T.CARD and op in ("==", "!="):
        eq = op == "=="
        table = ctx.ref(face)
        return (lambda s, e: (face[lf(s, e)] == face[rf(s, e)]) == eq,
                ctx.source("(%s[{0}] %s %s[{1}])" % (table, op, table), left, right))
    if face is not None and left.type == T.CARDS and right.type == T.CARDS and op in ("==", "!="):
        # two lists of cards: the same cards in the same order, identical copies alike
        eq = op == "=="
        table = ctx.ref(face)
        return (lambda s, e: (same_faces(face, lf(s, e), rf(s, e))) == eq,
                ctx.source("(%s(%s, {0}, {1}) == %s)" % (ctx.ref(same_faces), table, eq), left, right))
    from .fused import fused_compare
    code = ctx.source("({0} %s {1})" % op, left, right)
    plain = lambda s, e: fn(lf(s, e), rf(s, e))        # noqa: E731
    # on an error the fused read gives way to the sides' own, whose message names the value
    fast = fused_compare(fn, left.shape, right.shape, plain)
    if fast is not None:
        return fast, code
    return plain, code


def _equality_family(t):
    """What a value of kind t is when compared with '==': a number (a seat and true/false are numbers),
    a text (a rank is its name), a suit, a card or a list; None for kinds that may be anything."""
    if t in (T.NUM, T.BOOL, T.PLAYER):
        return "number"
    if t in (T.STR, T.RANK):
        return "text"
    if t in (T.SUIT, T.CARD):
        return t
    if t in T.COLLECTIONS or t.startswith("list:"):
        return "list"
    return None


def check_member_kind(ctx, op, item, items, item_node):
    """`hearts in hand[p]`, `3 in hand[p]`: an item of a kind the list's items never equal is never in it."""
    from .attributes import check_rank_or_suit_literal
    if T.is_collection(items.type) and items.type != T.LIST:    # (a value kept per suit: its keys are looked in)
        elem = T.element_of(items.type)
    else:
        return
    if elem in (None, T.ANY):
        return
    element = Compiled(lambda s, e: None, elem)
    check_rank_or_suit_literal(ctx, element, item, item_node)
    a, b = _equality_family(item.type), _equality_family(elem)
    if a is None or b is None or a == b or {a, b} == {"text", "suit"}:
        return
    word = "never" if op in ("in", "contains") else "always"
    ctx.error(item_node, f"'{op}' looks for {T.describe(item.type)} among {T.describe(items.type)}: it is {word} "
              f"{'there' if word == 'never' else 'missing'}", rule="type",
              hint="compare the card's suit: any(cards, c => c.suit == trumps)" if item.type == T.SUIT and elem == T.CARD
              else f'compare the cards\' ranks: any(cards, c => c.rank == "{item.value if item.const else "A"}")'
              if elem == T.CARD and a == "text"
              else "look for a value of the kind the list holds")


def _check_can_be_equal(ctx, op, left, right, left_node, right_node):
    """`c.rank == 11`, `c == trumps`, `p == turned`: two kinds that are never equal make '==' always false
    (and '!=' always true), a mistake the game would play on silently.  A suit may be compared with its
    name as text."""
    a, b = _equality_family(left.type), _equality_family(right.type)
    if a is None or b is None or a == b or {a, b} == {"text", "suit"}:
        return
    never = "never equal" if op == "==" else "always different"
    number = right if a == "text" else left
    if T.RANK in (left.type, right.type) and "number" in (a, b):
        said = number.value if number.const and isinstance(number.value, int) else 2
        hint = (f'a rank is its name, as text: compare with "{said}", not {said} (or a place in an order: '
                f'plain(c) == 0)')
    elif T.BOOL in (left.type, right.type) and "text" in (a, b):
        hint = "true and false are written without quotes: x == true, or just x"
    elif T.CARD in (left.type, right.type) and T.SUIT in (left.type, right.type):
        hint = "compare the card's suit: c.suit == trumps"
    elif T.CARD in (left.type, right.type) and "text" in (a, b):
        hint = 'compare the card\'s rank, c.rank == "J", or a card, c == J♥'
    else:
        hint = "compare values of the same kind"
    ctx.error(right_node, f"'{op}' compares {T.describe(left.type)} with {T.describe(right.type)}: they are {never}",
              hint=hint, rule="type")


def same_faces(face, a, b) -> bool:
    """Are two lists of cards the same cards in the same order (identical copies alike)?"""
    if a is None or b is None:
        return a is b
    return len(a) == len(b) and all(face[x] == face[y] for x, y in zip(a, b))


def face_member(face, card, cards) -> bool:
    """Is a card of the same face as `card` (an identical copy, or the card itself) among `cards`?"""
    f = face[card]
    for c in cards:
        if face[c] == f:
            return True
    return False


def _spliced(code: str) -> str:
    """Source for the items of `code` inside a list display: `*code`, or the items themselves when
    `code` is a list display (none for an empty one).  `a + [x]` becomes `[*a, x]`: one new list."""
    if code.startswith("[") and code.endswith("]") and makes_new_list(code):
        if isinstance(ast.parse(code, mode="eval").body, ast.List):
            return code[1:-1].strip()
    return f"*{code}"


def _list(ctx, node):
    items = [ctx.compile(c) for c in node.children]
    fns = [i.fn for i in items]
    elem = items[0].type if items and all(i.type == items[0].type for i in items) else T.ANY
    typ = T.list_of(elem) if items else T.LIST
    if all(i.const for i in items):
        value = [i.value for i in items]
        code = "[%s]" % ", ".join(map(ctx.gen.literal, value)) if len(value) <= 8 else f"list({ctx.ref(value)})"
        return Compiled(lambda s, e: list(value), typ, False, value, code=code)
    return Compiled(lambda s, e: [f(s, e) for f in fns], typ,
                    code=ctx.source("[" + ", ".join("{%d}" % i for i in range(len(items))) + "]", *items))


def _tuple(ctx, node):
    items = [ctx.compile(c) for c in node.children]
    fns = [i.fn for i in items]
    kinds = [f"<{i.type}>" if i.type.startswith("tuple:") else i.type for i in items]
    return Compiled(lambda s, e: tuple(f(s, e) for f in fns), T.tuple_of(kinds),
                    code=ctx.source("(" + "".join("{%d}, " % i for i in range(len(items))) + ")", *items))


def _lambda(ctx, node):
    ctx.error(node, "a function 'x => ...' can only be given to a built-in function such as count or filter")


_HANDLERS = {
    "number": _number, "string": _string, "card": _card, "suit_symbol": _suit_symbol,
    "true": lambda ctx, n: constant(True, T.BOOL), "false": lambda ctx, n: constant(False, T.BOOL),
    "none": lambda ctx, n: constant(None, T.NONE),
    "name": _name, "attr": _attr, "index": _index, "call": _call, "binop": _binop, "neg": _neg,
    "not_op": _not, "and_op": _and, "or_op": _or, "ifelse": _ifelse, "compare": _compare,
    "list_": _list, "tuple_": _tuple, "lambda_": _lambda,
}
