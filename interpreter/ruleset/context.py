"""The compile context: compiles expressions and zone references found at YAML paths,
and collects every problem as a located diagnostic instead of stopping at the first."""
from __future__ import annotations

import re
from contextlib import contextmanager

from lark import Tree

from ..diagnostics import Diagnostic
from ..expr import types as T
from ..expr.compiler import Compiled, compile_expression
from ..expr.errors import EvalError, ExprError
from ..expr.parser import parse


def _dummy(s, e):
    raise EvalError("this expression did not compile")


class CompileContext:
    def __init__(self, ns, smap, rules):
        self.ns = ns
        self.smap = smap
        self.rules = rules
        self.diagnostics: list[Diagnostic] = []
        self.locals: dict[str, str] = {}
        self.zone_writes: set = set()    # zones some step puts cards into
        self.var_writes: set = set()     # state variables some step sets
        self.calls: set = set()          # procedures called
        self.procedures: dict = {}       # name -> engine.calls.Procedure (set by build_rules)
        self.procedure_names: set = set()    # every name under 'procedures:', keys written wrong included
        self.deferred: list = []         # compile work that needs every name declared first
        self.clashed: set = set()        # state variables whose name was already taken (reported once)

    # -- locations and problems -------------------------------------------------
    def where(self, path, key=False) -> str:
        """file:line:col of the value at `path` (with `key`, of its key: e.g. a move's name)."""
        pos = None if self.smap is None else (self.smap.key_pos if key else self.smap.value_pos)(tuple(path))
        return f"{pos.file}:{pos.line}:{pos.col}" if pos else "/".join(map(str, path))

    def problem(self, path, message, rule, hint=None, key=False, offset=None, length=1, severity="error"):
        if self.smap is None:
            self.diagnostics.append(Diagnostic("<rules>", 1, 1, f"{'/'.join(map(str, path))}: {message}",
                                               rule, hint, severity=severity))
            return
        if offset is None and length == 1:       # underline the whole key or value
            length = self.smap.span_length(tuple(path), key=key)
        self.diagnostics.append(self.smap.diagnostic(tuple(path), message, rule, hint, key=key, offset=offset,
                                                     length=length, severity=severity))

    # -- locals -------------------------------------------------------------------
    @contextmanager
    def scope(self, **names):
        saved = dict(self.locals)
        self.locals.update(names)
        try:
            yield
        finally:
            self.locals = saved

    # -- expressions ----------------------------------------------------------------
    def expr(self, path, value, expected=None, extra_locals=None) -> Compiled:
        local_types = dict(self.locals)
        if extra_locals:
            local_types.update(extra_locals)
        try:
            return compile_expression(value, self.ns, local_types, expected, self.where(path))
        except ExprError as err:
            self._expr_problem(path, value, err)
            return Compiled(_dummy, expected or T.ANY)

    def winners(self, path, value) -> Compiled:
        """The winners of a game (end: winners, end_game): players.  With partnerships, team numbers
        taken for players (argmax(teams, ...) without team_members) name the wrong seats: a warning."""
        compiled = self.expr(path, value, T.PLAYERS)
        teams = (self.rules.data.get("players") or {}).get("teams") if isinstance(self.rules.data, dict) else None
        if teams and compiled.type == T.list_of(T.NUM) and re.search(r"(?<![\w.])teams(?!\w)", str(value)):
            self.problem(path, "the winners are team numbers, not players: team 1 would be taken for seat 1",
                         "type", severity="warning",
                         hint="give the players of the winning team: team_members(first(argmax(teams, t => score[t])))")
        return compiled

    def _expr_problem(self, path, value, err):
        if isinstance(value, dict):          # YAML read {...} as a mapping: say so, not its Python text
            keys = ", ".join(f"'{k}'" for k in value)
            self.problem(path, f"an expression is needed here, not a mapping of settings ({keys})", "type",
                         hint="this takes one expression, written as text; quote an expression that starts "
                              "with '{' (YAML reads {...} as a mapping)")
            return
        text = str(value)
        offset = err.offset if isinstance(value, str) else None
        self.problem(path, f"{err.message} in expression '{text}'" if len(text) <= 60 else err.message,
                     err.rule, hint=err.hint, offset=offset, length=err.length)

    def zone_ref(self, path, value, per_player_ok=False):
        """A zone named in a step: 'stock', 'hand[current]', 'won[winner]'.

        Returns (fn(s, e) -> the zone's card list, zone name) or (None, None)."""
        if isinstance(value, (list, dict)):
            # shuffle: [stock], or a mapping where one zone is named: not Python's text of it
            what = "a list" if isinstance(value, list) else "a mapping"
            example = f" e.g. {value[0]}" if isinstance(value, list) and len(value) == 1 and \
                isinstance(value[0], str) else ""
            self.problem(path, f"one zone is named here, not {what}", "type",
                         hint=f"write the zone's name alone,{example or ' e.g. stock'}, or a zone and whose, "
                              "e.g. hand[current] (in quotes within {...})")
            return None, None
        try:
            tree = parse(str(value))
        except ExprError as err:
            self._expr_problem(path, value, err)
            return None, None
        name_node = tree.children[0] if tree.data == "index" else tree
        if not (isinstance(name_node, Tree) and name_node.data == "name"):
            self.problem(path, f"'{value}' is not a zone: write a zone name, or a zone and whose, e.g. hand[current]",
                         "type")
            return None, None
        name = str(name_node.children[0])
        info = self.rules.zones.get(name)
        if info is None:
            from difflib import get_close_matches
            close = get_close_matches(name, list(self.rules.zones), n=1, cutoff=0.5)
            self.problem(path, f"unknown zone '{name}'", "unknown-name",
                         hint=f"did you mean '{close[0]}'?" if close else "declare it under 'zones:'")
            return None, None
        compiled = self.expr(path, value)
        if info.per and tree.data != "index" and not per_player_ok:
            from ..expr.types import per_example
            self.problem(path, f"zone '{name}' is kept per {info.per}: {per_example(name, info.per)}", "type")
            return None, None
        return compiled.fn, name
