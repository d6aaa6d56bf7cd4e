"""Playing on inside the engine for seats whose choice needs nothing but the number of actions.

A random bot picks an action number from the count of legal actions alone.  Sending each such
decision out to the caller (the simulator's loop, the bot's `decide`, `game.apply_index` with its
checks and error wrapping) costs more than the engine's own work on a card played, so a caller that
seats only such bots hands the engine one *picker* per seat, a function n -> index in range(n), and
the engine answers those decisions itself, in one loop.

The games are exactly those of the step by step path: the same pickers are asked for the same counts
in the same order, the same actions are applied through the same `resolve`, and the decision limit
and error messages are the same (tests/test_autoplay.py compares the records).
"""
from __future__ import annotations

from . import vm
from .game import _ENGINE_ERRORS, _game_error, _where
from .state import decision_limit
from .vm import PAUSE


def random_picker(rng):
    """The picker of a uniformly random choice from `rng`: the same draw as rng.randrange(count).

    randrange(n) for n > 0 is _randbelow(n) on the same generator, without randrange's checks; the
    public method where a generator has no _randbelow."""
    return getattr(rng, "_randbelow", None) or rng.randrange


def play_picked(s, pickers, hand=None, turns=None, tricks=None, moves=None, at_stop=None) -> None:
    """Answer the pending decisions of `s` with pickers[player](count) until one of these comes first:

    - the game ends;
    - the player to decide has no picker (None);
    - `hand` is given and the hand number is no longer `hand`;
    - `tricks` is given and the number of tricks played is no longer `tricks`;
    - `turns` is given and the number of turns taken is no longer `turns`;
    - `moves` is given and that many decisions have been answered.

    The stops let a caller look at the game at points of its choosing (a new hand, a trick, a turn)
    while the engine plays the stretches between them.  With `at_stop`, a trick or turn stop calls
    at_stop(s) instead of returning, and play goes on with the (turns, tricks) stops it returns: a
    caller that looks at every turn saves a return and a new call each time.  Errors come out as
    game.GameError, as from game.apply_index."""
    history = s.history
    stack = s.stack
    limit = s.rules.max_turns * 4
    end = None if moves is None else len(history) + moves
    logged = s.events is not None              # then every decision goes through vm.apply_index
    # nodes that play on may answer several decisions, when only a hand stop (or none) is asked for
    may_play_on = end is None and not logged
    try:
        while True:
            choice = s.pending
            if choice is None:
                return
            pick = pickers[choice.player]
            if pick is None or (hand is not None and s.hand_no != hand) or (end is not None and len(history) >= end):
                return
            if (tricks is not None and s.tricks != tricks) or (turns is not None and s.turns != turns):
                if at_stop is None:
                    return
                turns, tricks = at_stop(s)
            if len(history) >= limit:
                raise decision_limit(len(history), _where(s))
            actions = choice.actions
            index = pick(len(actions))
            if logged:
                vm.apply_index(s, index)            # writes the decision in the game log
                continue
            history.append((choice.player, actions[index]))
            frame = stack[-1]
            node = frame[0]
            # A node that plays on (a trick block) answers the decisions after this one itself, up to
            # the end of the trick, or of the block when no trick or turn stop is asked for.
            if node.plays_on and may_play_on and turns is None:
                paused = node.resolve(s, frame, index, pickers, limit, tricks is None)
            else:
                paused = node.resolve(s, frame, index)
            if paused is not PAUSE:
                vm.run(s)
    except _ENGINE_ERRORS as err:
        raise _game_error(s, err) from None
