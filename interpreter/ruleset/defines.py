"""Named derived values: the `define:` section.

    define:
      is_left_bower(c): c.rank == "J" and c.suit == partner_suit(trumps)
      effective_suit(c): trumps if is_left_bower(c) else c.suit
      trump_count(p): count(hand[p], c => effective_suit(c) == trumps)
      lead_is_trump: led_suit == trumps

A definition is an expression with a name and, optionally, parameters.  Every use is
compiled at load time: `effective_suit(card)` is checked against the body with the
argument's type (a parameter may declare its type, `{params: {c: card}, value: ...}`;
else it takes the type of what is given), so a mistake inside a definition is found
at its first use and reported at the definition.  Each body is compiled once per
kind of argument, and a definition that refers back to itself is refused.

Generated code: a definition without parameters is written in place where it is
used; one with parameters becomes one Python function `(s, p1, p2...)` of its own
that a use calls, unless expr/inline.py writes its body in place (plain arguments).  A definition sees only its parameters and the ruleset's names,
not the local names of the place it is used in (`current`, `led_suit`, a loop variable):
give those as parameters.
"""
from __future__ import annotations

import re

from ..expr import types as T
from ..expr.codegen import function_from
from ..expr import compiler
from ..expr.compiler import Binding, Compiled, Ctx, Lambda
from ..expr.errors import ExprError
from ..expr.parser import parse, signature

_E_READ = re.compile(r"(?<![\w.])e(?![\w])")


class Definition:
    def __init__(self, cx, key, name, params, spec):
        self.cx, self.key, self.name, self.params = cx, key, name, params
        spec = spec if isinstance(spec, dict) else {"value": spec}
        self.text = spec.get("value")
        self.path = ("define", key, "value") if isinstance(self.cx.rules.data["define"][key], dict) \
            else ("define", key)
        self.declared = {}
        for pname, tname in (spec.get("params") or {}).items():
            from .build import TYPE_NAMES
            if pname not in params:
                cx.problem(("define", key, "params", pname), f"'{pname}' is not a parameter of '{key}'",
                           "unknown-name", key=True)
            elif tname not in TYPE_NAMES:
                cx.problem(("define", key, "params", pname), f"'{tname}' is not a kind of value "
                           f"({', '.join(TYPE_NAMES)})", "type")
            else:
                self.declared[pname] = TYPE_NAMES[tname]
        self.cache: dict = {}        # tuple of parameter types -> Compiled body (with .function for params)
        self.reported = set()

    # -- compiling the body for one set of parameter types -------------------------
    def body(self, types: tuple):
        if types in self.cache:
            return self.cache[types]
        _COMPILING.append(self.name)
        try:
            result = self._compile(types)
        finally:
            _COMPILING.pop()
        self.cache[types] = result
        return result

    def _compile(self, types):
        cx = self.cx
        text = self.text
        if text is None:
            cx.problem(self.path, f"definition '{self.name}' has no value", "schema")
            return None
        local_types = dict(zip(self.params, types))
        try:
            if isinstance(text, bool) or isinstance(text, (int, float)):
                from ..expr.compiler import compile_expression
                result = compile_expression(text, cx.ns)
                return result, None, None
            tree = parse(str(text))
            ctx = Ctx(cx.ns, str(text), local_types)
            variables = []
            for p in self.params:
                variables.append(ctx.gen.fresh("_d"))
                ctx.gen.pyvars[p] = variables[-1]
            result = ctx.compile(tree)
        except ExprError as err:
            key = (err.message, err.offset)
            if key not in self.reported:
                self.reported.add(key)
                cx._expr_problem(self.path, text, err)
            return None
        return result, ctx, variables

    # -- a use: `name` or `name(args)` ------------------------------------------------
    def use(self, ctx, node, args):
        if args is None and self.params:
            ctx.error(node, f"'{self.name}' takes {len(self.params)} value(s): write {self.key}",
                      rule="type")
        args = args or []
        if len(args) != len(self.params):
            ctx.error(node, f"'{self.name}' takes {len(self.params)} value(s), got {len(args)}",
                      hint=f"usage: {self.key}")
        compiled = []
        for pname, arg in zip(self.params, args):
            if isinstance(arg, Lambda):
                ctx.error(node, f"'{self.name}' takes values, not a function 'x => ...'")
            c = ctx.compile(arg)
            wanted = self.declared.get(pname)
            if wanted is not None:
                ctx.expect(arg, c, wanted, f"'{pname}' of {self.name}")
            compiled.append(c)
        if self.name in _COMPILING:
            chain = _COMPILING[_COMPILING.index(self.name):] + [self.name]
            ctx.error(node, f"'{self.name}' is used inside its own definition ({' -> '.join(chain)})",
                      hint="a definition may use other definitions, but not in a circle", rule="meaning")
        types = tuple(self.declared.get(p) or c.type for p, c in zip(self.params, compiled))
        entry = self.body(types)
        if entry is None:           # its error is reported at the definition
            from .context import _dummy
            return Compiled(_dummy, T.ANY)
        body, bctx, variables = entry
        if not self.params:
            return self._inline(ctx, body, bctx)
        return self._call(ctx, body, bctx, variables, compiled)

    def _inline(self, ctx, body, bctx):
        """Without parameters: the body itself, its source written in place."""
        if bctx is not None and body.code is not None:
            ctx.gen.consts.update(bctx.gen.consts)
            ctx.gen._ids.update({id(v): k for k, v in bctx.gen.consts.items()})
        return body

    def _call(self, ctx, body, bctx, variables, args):
        fn = getattr(body, "function", None)
        if fn is None:
            fn = body.function = self._function(body, bctx, variables)
        fns = [a.fn for a in args]
        if len(fns) == 1:
            (a,) = fns
            run = lambda s, e: fn(s, a(s, e))   # noqa: E731
        else:
            run = lambda s, e: fn(s, *[f(s, e) for f in fns])   # noqa: E731
        code = ctx.source("%s(s, %s)" % (ctx.ref(fn), ", ".join("{%d}" % i for i in range(len(args)))), *args)
        return Compiled(run, body.type, code=code)

    def _function(self, body, bctx, variables):
        """One Python function (s, *values) computing the body: generated when it can be."""
        params, slow_body = self.params, body.fn

        def slow(s, *values):
            return slow_body(s, dict(zip(params, values)))
        code = body.code
        if not compiler.GENERATE or code is None:
            return slow
        code = code.replace("(s, e)", "(s, {})")
        if _E_READ.search(code):
            return slow
        fn = function_from(code, ("s", *variables), bctx.gen.consts, slow, f"<definition {self.name}>")
        return fn


_COMPILING: list = []   # the definitions being compiled, innermost last (a use among them is a cycle)


def add_definitions(cx, section):
    """Declare every definition's name; bodies compile at their first use (see Definition.body)."""
    defs = []
    for key, spec in (section or {}).items():
        declared = signature(key)
        if declared is None:
            cx.problem(("define", key), f"'{key}' is not a name, or a name and parameters such as "
                       "effective_suit(c)", "schema", key=True)
            continue
        name, params = declared
        if "(" not in str(key) and isinstance(spec, dict) and isinstance(spec.get("params"), dict):
            params = [str(p) for p in spec["params"]]          # `worth: {params: {c: card}, value: ...}`
        if len(set(params)) != len(params):
            cx.problem(("define", key), f"a parameter of '{name}' is named twice", "meaning", key=True)
            continue
        from ..expr.functions import BUILTINS
        if name in cx.ns.names or name in BUILTINS:
            from .namespace import CLASH_HINT, binding_kind
            what = binding_kind(cx.ns.names[name]) if name in cx.ns.names else \
                f"a built-in function ({BUILTINS[name].usage})"
            cx.problem(("define", key), f"the name '{name}' is already used by {what}", "meaning", key=True,
                       hint=CLASH_HINT if name in cx.ns.names else
                       f"give the definition another name (a definition cannot replace the built-in '{name}')")
            if name in BUILTINS and name not in cx.ns.names:
                cx.ns.refused[name] = str(key)
            continue
        definition = Definition(cx, key, name, params, spec)
        cx.ns.add(name, Binding("define", T.ANY, value=definition, call=definition.use,
                                doc=f"definition {key}"))
        defs.append(definition)

    def compile_unused():   # errors in definitions nothing uses are reported too
        for d in defs:
            if not d.cache:
                cx.problem(("define", d.key), f"definition '{d.name}' is never used", "unused", key=True,
                           severity="warning", hint="use it in an expression, or remove it")
                d.body(tuple(d.declared.get(p, T.ANY) for p in d.params))
    return compile_unused
