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
    t = ctx.expect(args[0], ctx.compile(args[0]), T.NUM, "the team").fn

    def run(s, e):
        number = t(s, e)
        teams = s.rules.team_list(s.n)
        if not isinstance(number, int) or not 0 <= number < len(teams):
            raise EvalError(f"there is no team {number!r} (teams are numbered 0 to {len(teams) - 1})")
        return sorted(teams[number])
    return Compiled(run, T.PLAYERS)
