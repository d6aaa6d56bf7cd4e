"""Commands for rule designers beyond validation: `rules explain` and `rules test`."""
from __future__ import annotations

import sys

import click

from .app import OutputFile, _load, _options, cli, complete_ruleset
from .style import echo


@cli.command()
@click.argument("file", shell_complete=complete_ruleset)
@click.option("--option", "-o", "opts", multiple=True, metavar="NAME=VALUE", help="Set an option.")
@click.option("--output", "-O", type=OutputFile(), help="Write to a file.")
@click.option("--detail", "-d", is_flag=True, help="Show every expression as written after its words.")
def explain(file, opts, output, detail):
    """Write the ruleset as readable rules in Markdown (players, pack, deal, play, scoring, end)."""
    from ..authoring.explain import explain as write_rules
    loaded = _load(file, _options(opts))
    if not loaded.ok:
        sys.exit(1)
    text = write_rules(loaded.rules, detail=detail)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        click.echo(text, nl=False)


@cli.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--match", "-k", "only", help="Run only the scenarios whose name contains this text.")
@click.option("--quiet", "-q", is_flag=True, help="Print failures and the summary only.")
def test(files, only, quiet):
    """Run scenario files (fixed deals, moves, expected outcomes). Exit 1 if any scenario fails."""
    from ..authoring.runner import run_file
    passed = failed = broken = 0
    for path in files:
        outcomes, problems = run_file(path, only)
        if problems:
            broken += 1
            click.echo(f"{path}: cannot run the scenarios", err=True)
            for d in problems:
                click.echo(d.format(), err=True)
            continue
        for o in outcomes:
            if o.passed:
                passed += 1
                if not quiet:
                    echo(f"PASS  {o.file}: {o.name}")
            else:
                failed += 1
                echo(f"FAIL  {o.file}: {o.name}")
                for d in o.diagnostics:
                    echo("\n".join("      " + line for line in d.format().splitlines()))
    summary = f"{passed + failed} scenario(s): {passed} passed, {failed} failed"
    if broken:
        summary += f"; {broken} file(s) could not be run"
    click.echo(summary)
    if only and not passed + failed and not broken:
        # a -k that fits no scenario (a name misspelt) tests nothing: not a pass
        click.echo(f"no scenario's name contains '{only}'", err=True)
        sys.exit(1)
    sys.exit(1 if failed or broken else 0)
