"""Writing a step's hot path as Python source, its expressions in place.

trickgen.py (the end of a trick) and choosegen.py (a choice) write one function
for one block of a ruleset.  They share this writer: lines with their depth,
the constants the source names (`_kN`, as expressions name theirs), an
expression written in place with its closure as the fallback, and the
compilation of the whole into a function.  The source comes from the project's
own compiled parts (the text the expression compiler wrote from the syntax
tree), never from user text.
"""
from __future__ import annotations

import re
import warnings

from ..expr.codegen import CodeGen
from .vm import halt

_CONSTANT = re.compile(r"_k\d+|\d+|None|True|False")


class Source:
    def __init__(self, label):
        self.lines: list[str] = []
        names = CodeGen(label)            # bound constants, named as expressions name theirs (_kN)
        self.consts, self.ref = names.consts, names.ref

    def emit(self, depth, line):
        self.lines.append("    " * depth + line)

    def value(self, depth, target, fn):
        """`target = fn(s, e)`: the expression's source in place when it has one (its closure if that
        raises: expressions have no side effects, so the closure raises the same error with its own
        message and place), else a call."""
        source = getattr(fn, "source", None)
        if source is None or getattr(fn, "body", None) is not None:
            # no source, or a function written as statements (expr/hoist.with_memos: parts worked
            # out once, any() and all() as loops), which runs faster than its source in place
            self.emit(depth, f"{target} = {self.ref(fn)}(s, e)")
            return
        self.consts.update(fn.consts)
        if _CONSTANT.fullmatch(source):  # a constant (an option, a bound value): nothing can fail
            self.emit(depth, f"{target} = {source}")
            return
        self.emit(depth, "try:")
        self.emit(depth + 1, f"{target} = {source}")
        self.emit(depth, "except Exception:")
        self.emit(depth + 1, f"{target} = {self.ref(fn.slow)}(s, e)")

    def hook(self, depth, fn):
        """A hook's function; a rule in it that ends the game stops here, as run() would."""
        if fn is None:
            return
        self.emit(depth, f"{self.ref(fn)}(s, e)")
        self.emit(depth, "if s.over:")
        self.emit(depth + 1, f"{self.ref(halt)}(s)")
        self.emit(depth + 1, "return None")

    def function(self, name, params, filename, extra=None):
        """The function `name(params)` whose body is the lines written, its constants (and `extra`,
        name -> value) bound by a maker around it; its source kept as `.source`."""
        bound = dict(self.consts)
        bound.update(extra or {})
        names = list(bound)
        source = "\n".join([
            f"def _make({', '.join(names)}):",
            f"    def {name}({', '.join(params)}):",
            *("        " + line for line in self.lines),
            f"    return {name}",
            ""])
        scope: dict = {}
        with warnings.catch_warnings():  # as in codegen.py: a failing lookup is reported when it runs
            warnings.simplefilter("ignore", SyntaxWarning)
            code_object = compile(source, filename, "exec")
        exec(code_object, scope)         # our own source, from the block's compiled parts
        fn = scope["_make"](*[bound[n] for n in names])
        fn.source = source
        return fn
