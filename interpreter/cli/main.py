"""Entry point of the `rules` command.

Exit codes: 0 success, 1 the ruleset (or a game) has problems, 2 usage errors,
3 an internal error.  No command shows a Python traceback unless --debug is given.
"""
from __future__ import annotations

import sys

import click

from . import analysis, authoring, catalog, check, play, replay, simulate  # noqa: F401  (each adds its commands)
from ..sim.pool import WorkerLost
from .app import cli


def main(argv=None):
    """Entry point: runs the command without ever showing a traceback to users."""
    args = list(argv if argv is not None else sys.argv[1:])
    debug = "--debug" in args
    if debug:       # accepted anywhere: `rules validate x.yaml --debug` as well as `rules --debug validate`
        args = ["--debug"] + [a for a in args if a != "--debug"]
    try:
        cli.main(args=args, prog_name="rules", standalone_mode=False)
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
    except WorkerLost as err:   # not a bug: the system stopped a process (e.g. out of memory)
        click.echo(f"Error: {err}", err=True)
        sys.exit(1)
    except Exception as err:  # an internal error: say so plainly
        if debug:
            raise
        if isinstance(err, OSError) and err.filename:   # a file that cannot be written (a full disk, /proc)
            click.echo(f"Error: cannot use {err.filename}: {err.strerror or err}", err=True)
            sys.exit(1)
        click.echo(f"internal error: {type(err).__name__}: {err}\n"
                   "This is a bug in the tool, not in your ruleset; run again with --debug for details.", err=True)
        sys.exit(3)
    sys.exit(0)


if __name__ == "__main__":
    main()
