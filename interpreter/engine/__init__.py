"""The engine: state, the rules program and its step kinds.

Importing this package registers every step kind."""
from . import steps, tricks, turns  # noqa: F401  (registration)
