"""Tools for rule designers: rules text from a ruleset (explain) and scenario tests."""
