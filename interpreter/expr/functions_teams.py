"""Built-in functions on teams (players.teams); team_of and teammates are in functions.py."""
from __future__ import annotations

from . import types as T
from .compiler import Compiled
from .errors import EvalError
from .functions import builtin


@builtin("team_members", "team_members(team)",
         "The players of a team, by its number (see team_of and the built-in name teams), seat order.",
         1, 1, "players")
def _team_members(ctx, node, args):
    number_arg = ctx.expect(args[0], ctx.compile(args[0]), T.NUM, "the team")
    t = number_arg.fn

    def run(s, e):
        number = t(s, e)
        teams = s.rules.team_list(s.n)
        if not isinstance(number, int) or not 0 <= number < len(teams):
            raise EvalError(f"there is no team {number!r} (teams are numbered 0 to {len(teams) - 1})")
        return sorted(teams[number])
    # in generated source, so the expressions and definitions using it are generated too
    return Compiled(run, T.PLAYERS, code=ctx.source("%s(s, {0})" % ctx.ref(_members), number_arg))


def _members(s, number):
    """team_members() in generated source.  Anything unusual (not a plain int, out of range) raises
    here; the generated function then runs the closure above, which gives the message."""
    if number.__class__ is not int or number < 0:
        raise LookupError(number)
    teams = s.rules.teams.get(s.n)
    return sorted(teams[number]) if teams else [range(s.n)[number]]
