"""The engine: state, the rules program and its step kinds.

Importing this package registers every step kind and built-in function."""
from .. import expr  # noqa: F401  (built-in functions)
from . import melding, select, steps, tricks, turns  # noqa: F401  (step kinds)
