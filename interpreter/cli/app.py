"""The `rules` command group and helpers shared by its commands."""
from __future__ import annotations

import os
import sys

import click

from .style import echo


class OutputFile(click.Path):
    """A file the command will write: checked before any work is done, so that a long run does not
    end in an error about its output.  Its folder must exist and be writable (click.Path checks only
    a file that already exists)."""

    def __init__(self):
        super().__init__(dir_okay=False, writable=True)

    def convert(self, value, param, ctx):
        value = super().convert(value, param, ctx)
        folder = os.path.dirname(os.path.abspath(os.fsdecode(value)))
        if not os.path.isdir(folder):
            what = "is a file, not a folder" if os.path.exists(folder) else "does not exist"
            self.fail(f"cannot write {click.format_filename(value)!r}: {folder!r} {what}", param, ctx)
        if not os.access(folder, os.W_OK):
            self.fail(f"cannot write {click.format_filename(value)!r}: the folder {folder!r} is not writable",
                      param, ctx)
        return value


def _options(values):
    out = {}
    for item in values:
        if "=" not in item:
            raise click.BadParameter(f"'{item}' should look like NAME=VALUE", param_hint="--option")
        name, value = item.split("=", 1)
        out[name.strip()] = value.strip()
    return out


def checked_bot_options(values, names) -> dict:
    """The `--bot-option NAME=VALUE` values, each checked against the settings of the bots `names`
    (bots/base.check_bot_options): a usage error, before any game, for one no bot has or of the wrong kind."""
    from ..bots.base import check_bot_options
    options = _options(values)
    try:
        check_bot_options(options, names)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--bot-option") from None
    return options


def _load(path, options, fmt="text", dry_run=False):
    from ..diagnostics import format_diagnostics
    from ..ruleset.loader import load_ruleset
    loaded = load_ruleset(path, options, dry_run=dry_run)
    if loaded.diagnostics:
        text = format_diagnostics(loaded.diagnostics, fmt)
        if fmt == "json":
            click.echo(text)
        else:
            echo(text, err=True)
    return loaded


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("card-rules")
    except PackageNotFoundError:
        return "unknown (not installed)"


def complete_ruleset(ctx, param, incomplete):
    """Shell completion for a ruleset argument: bundled names, then files."""
    from click.shell_completion import CompletionItem
    from ..resources import bundled_rulesets
    names = [CompletionItem(n) for n in bundled_rulesets() if n.startswith(incomplete)]
    return names + [CompletionItem(incomplete, type="file")]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=_version(), prog_name="rules", message="%(prog)s (card-rules) %(version)s")
@click.option("--debug", is_flag=True, hidden=True, help="Show Python tracebacks (for developers).")
@click.pass_context
def cli(ctx, debug):
    """Describe card games as YAML rulesets; check them and simulate them."""
    ctx.obj = {"debug": debug}
    # Scores may grow without bound in a designer's rules: printing a number of thousands of digits in
    # a table, a record or a message must not fail (Python 3.11 refuses past 4,300 digits by default).
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
