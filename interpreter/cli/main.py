"""The `rules` command: validate, resolve and simulate rulesets.

Exit codes: 0 success, 1 the ruleset (or a game) has problems, 2 usage errors.
No command shows a Python traceback unless --debug is given.
"""
from __future__ import annotations

import json
import sys

import click

from .output import print_summary


def _options(values):
    out = {}
    for item in values:
        if "=" not in item:
            raise click.BadParameter(f"'{item}' should look like NAME=VALUE", param_hint="--option")
        name, value = item.split("=", 1)
        out[name.strip()] = value.strip()
    return out


def _load(path, options, fmt="text", dry_run=False):
    from ..diagnostics import format_diagnostics
    from ..ruleset.loader import load_ruleset
    loaded = load_ruleset(path, options, dry_run=dry_run)
    if loaded.diagnostics:
        text = format_diagnostics(loaded.diagnostics, fmt)
        click.echo(text, err=fmt != "json")
    return loaded


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, hidden=True, help="Show Python tracebacks (for developers).")
@click.pass_context
def cli(ctx, debug):
    """Describe card games as YAML rulesets; check them and simulate them."""
    ctx.obj = {"debug": debug}


@cli.command()
@click.argument("files", nargs=-1, required=True)
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
            click.echo(format_diagnostics(all_diags, "text"))
        errors = sum(1 for d in all_diags if d.severity == "error")
        warnings = len(all_diags) - errors
        verdict = "ok" if not failed else "not valid"
        click.echo(f"{len(files)} file(s) checked: {errors} error(s), {warnings} warning(s): {verdict}",
                   err=bool(all_diags))
    sys.exit(1 if failed else 0)


@cli.command()
@click.argument("file")
@click.option("--option", "-o", "opts", multiple=True, metavar="NAME=VALUE", help="Set an option.")
def resolve(file, opts):
    """Print the ruleset with everything it extends merged in."""
    import yaml
    loaded = _load(file, _options(opts))
    if loaded.data is None:
        sys.exit(1)
    click.echo(yaml.safe_dump(loaded.data, sort_keys=False, allow_unicode=True), nl=False)
    sys.exit(1 if loaded.errors else 0)


@cli.command()
@click.argument("file")
@click.option("--games", "-n", default=1000, show_default=True, type=click.IntRange(1), help="Games to play.")
@click.option("--seed", "-s", default=0, show_default=True, type=int, help="Base seed; same seed, same games.")
@click.option("--players", "-p", type=click.IntRange(1), help="Number of players (default: the ruleset's).")
@click.option("--option", "-o", "opts", multiple=True, metavar="NAME=VALUE", help="Set an option.")
@click.option("--bots", default="random", show_default=True,
              help="Bot per seat, comma separated (repeats to fill the seats).")
@click.option("--workers", "-w", default=1, show_default=True, type=click.IntRange(1), help="Processes to use.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--records", type=click.Path(dir_okay=False, writable=True), help="Write one JSON line per game.")
def simulate(file, games, seed, players, opts, bots, workers, as_json, records):
    """Play many games with bots and report what the rules do."""
    from ..bots.base import BOTS
    from ..sim.runner import run, write_jsonl
    options = _options(opts)
    loaded = _load(file, options)
    if not loaded.ok:
        sys.exit(1)
    rules = loaded.rules
    n = players or rules.default_players
    if n not in rules.player_counts:
        raise click.BadParameter(f"{rules.name} is for {', '.join(map(str, rules.player_counts))} players",
                                 param_hint="--players")
    bot_names = [b.strip() for b in bots.split(",") if b.strip()]
    for b in bot_names:
        if b not in BOTS:
            raise click.BadParameter(f"unknown bot '{b}'; bots: {', '.join(sorted(BOTS))}", param_hint="--bots")
    handle = open(records, "w", encoding="utf-8") if records else None
    bar = None
    if not as_json and sys.stderr.isatty():
        from tqdm import tqdm
        bar = tqdm(total=games, unit="game", file=sys.stderr, leave=False)
    try:
        summary = run(rules, games, seed, n, bot_names, workers, path=loaded.path, options=options,
                      on_record=write_jsonl(handle) if handle else None,
                      progress=bar.update if bar else None)
    finally:
        if bar is not None:
            bar.close()
        if handle is not None:
            handle.close()
    summary["ruleset"] = rules.name
    summary["options"] = rules.options
    if as_json:
        click.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        print_summary(summary)
    if summary["stopped_games"]:
        click.echo(f"{summary['stopped_games']} game(s) stopped with an error, for example:", err=True)
        for e in summary["errors"]:
            click.echo(f"  {e}", err=True)
        sys.exit(1)
    if summary.get("interrupted"):
        click.echo("interrupted: the figures cover the games finished so far", err=True)
        sys.exit(130)


def main(argv=None):
    """Entry point: runs the command without ever showing a traceback to users."""
    debug = "--debug" in (argv if argv is not None else sys.argv[1:])
    try:
        cli.main(args=argv, prog_name="rules", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except click.UsageError as err:
        err.show()
        sys.exit(2)
    except click.ClickException as err:
        err.show()
        sys.exit(err.exit_code)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as err:  # an internal error: say so plainly
        if debug:
            raise
        click.echo(f"internal error: {type(err).__name__}: {err}\n"
                   "This is a bug in the tool, not in your ruleset; run again with --debug for details.", err=True)
        sys.exit(3)
    sys.exit(0)


if __name__ == "__main__":
    main()
