"""`rules validate` and `rules resolve`."""
from __future__ import annotations

import sys

import click

from .app import _load, _options, cli, complete_ruleset
from .style import echo


@cli.command()
@click.argument("files", nargs=-1, required=True, shell_complete=complete_ruleset)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Output format.")
@click.option("--option", "-o", "opts", multiple=True, metavar="NAME=VALUE", help="Set an option.")
@click.option("--quick", is_flag=True, help="Skip the trial games played at each player count.")
def validate(files, fmt, opts, quick):
    """Check rulesets: YAML, schema, expressions and meaning. Exit 1 if any has an error."""
    from ..diagnostics import format_diagnostics
    from ..ruleset.loader import load_ruleset
    options = _options(opts)
    all_diags, failed = [], False
    for path in files:
        loaded = load_ruleset(path, options, dry_run=not quick)
        all_diags += loaded.diagnostics
        failed |= bool(loaded.errors) or loaded.rules is None
    if fmt == "json":
        click.echo(format_diagnostics(all_diags, "json"))
    else:
        if all_diags:
            echo(format_diagnostics(all_diags, "text"))
        errors = sum(1 for d in all_diags if d.severity == "error")
        warnings = len(all_diags) - errors
        verdict = "ok" if not failed else "not valid"
        click.echo(f"{len(files)} file(s) checked: {errors} error(s), {warnings} warning(s): {verdict}",
                   err=bool(all_diags))
    sys.exit(1 if failed else 0)


@cli.command()
@click.argument("file", shell_complete=complete_ruleset)
@click.option("--option", "-o", "opts", multiple=True, metavar="NAME=VALUE", help="Set an option.")
def resolve(file, opts):
    """Print the ruleset with everything it extends merged in."""
    import yaml
    loaded = _load(file, _options(opts))
    if loaded.data is None:
        sys.exit(1)
    click.echo(yaml.safe_dump(loaded.data, sort_keys=False, allow_unicode=True), nl=False)
    sys.exit(1 if loaded.errors else 0)
