"""The registry of step kinds: each kind is a small compile function, registered by name.

A step in YAML is a mapping whose key names its kind, e.g. `- deal: {...}` or
`- shuffle: stock`.  `compile_steps` turns a list of such mappings into a
sequence node; each kind's function receives the compile context, the step's
value and its path in the ruleset (for error locations).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .vm import Seq


@dataclass
class StepKind:
    name: str
    compile: Callable        # (cx, value, path, step_mapping) -> Node
    doc: str
    fields: dict             # extra keys allowed beside the kind's own key, e.g. if/then/else


STEPS: dict[str, StepKind] = {}


def step_kind(name: str, doc: str, fields: dict | None = None):
    def register(fn):
        STEPS[name] = StepKind(name, fn, doc, fields or {})
        return fn
    return register


def compile_steps(cx, steps, path) -> Seq:
    """Compile a YAML list of steps (at `path`) to a sequence node."""
    nodes = []
    if steps is None:
        return Seq([], cx.where(path))
    if not isinstance(steps, list):
        cx.problem(path, "expected a list of steps (each line starting with '- ')", "type")
        return Seq([], cx.where(path))
    for i, step in enumerate(steps):
        node = compile_step(cx, step, path + (i,))
        if node is not None:
            nodes.append(node)
    return Seq(nodes, cx.where(path))


def compile_step(cx, step, path):
    if isinstance(step, str) and step in STEPS and not STEPS[step].fields:
        step = {step: None}
    if not isinstance(step, dict) or not step:
        cx.problem(path, "a step must be a mapping such as 'shuffle: stock' or 'deal: {...}'", "type")
        return None
    kinds = [k for k in step if k in STEPS]
    if len(kinds) != 1:
        from difflib import get_close_matches
        if not kinds:
            key = next(iter(step))
            close = get_close_matches(str(key), list(STEPS), n=1, cutoff=0.6)
            cx.problem(path + (key,), f"unknown step '{key}'", "unknown-key", key=True,
                       hint=f"did you mean '{close[0]}'?" if close else "see docs/reference.md for the steps")
        else:
            cx.problem(path, "one step per list item: found " + ", ".join(kinds), "schema")
        return None
    kind = STEPS[kinds[0]]
    for key in step:
        if key != kind.name and key not in kind.fields:
            cx.problem(path + (key,), f"'{key}' does not belong in a '{kind.name}' step", "unknown-key", key=True,
                       hint=("it takes " + ", ".join(kind.fields)) if kind.fields else None)
    return kind.compile(cx, step[kind.name], path + (kind.name,), step)
