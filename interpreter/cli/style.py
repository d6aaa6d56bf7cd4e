"""Colour on terminals: errors red, warnings yellow, hints and passes green/cyan.

click.echo drops the colour codes when the output is not a terminal (a file, a pipe, a test);
the NO_COLOR environment variable (https://no-color.org) turns colour off everywhere.
"""
from __future__ import annotations

import os
import re

import click

_MARKS = [(re.compile(r"(?<=: )(error)(?=: )"), {"fg": "red", "bold": True}),
          (re.compile(r"(?<=: )(warning)(?=: )"), {"fg": "yellow", "bold": True}),
          (re.compile(r"^(\s*hint)(?=: )"), {"fg": "cyan"}),
          (re.compile(r"^(\s*\^+)$"), {"fg": "red"}),
          (re.compile(r"^(PASS)(?=  )"), {"fg": "green"}),
          (re.compile(r"^(FAIL)(?=  )"), {"fg": "red", "bold": True})]


def color() -> bool | None:
    """False when NO_COLOR is set; otherwise None: click decides (colour on a terminal only)."""
    return False if os.environ.get("NO_COLOR") else None


def paint(text: str) -> str:
    """The text with its diagnostic words coloured, line by line."""
    lines = []
    for line in text.split("\n"):
        for pattern, style in _MARKS:
            line = pattern.sub(lambda m, s=style: click.style(m.group(1), **s), line, count=1)
        lines.append(line)
    return "\n".join(lines)


def echo(text: str = "", err: bool = False, nl: bool = True) -> None:
    click.echo(paint(text), err=err, nl=nl, color=color())
