"""The expression language: parser, compiler, types and built-in functions.

Importing this package registers every built-in function."""
from . import functions, functions_groups, functions_melds, functions_sequences  # noqa: F401
from . import functions_tables, functions_teams  # noqa: F401
