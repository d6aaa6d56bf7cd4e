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

import random

from . import vm
from .game import _ENGINE_ERRORS, _game_error, _where
from .state import decision_limit
from .vm import PAUSE


def random_picker(rng):
    """The picker of a uniformly random choice from `rng`: the same draw as rng.randrange(count).

    randrange(n) for n > 0 is _randbelow(n) on the same generator, without randrange's checks.  For
    the standard generator that is CPython's _randbelow_with_getrandbits, written out below with the
    generator's getrandbits bound once (a third cheaper a call; the same bits drawn, so the same
    numbers); any other generator's own _randbelow, or its public randrange."""
    below = getattr(rng, "_randbelow", None)
    if getattr(below, "__func__", None) is not _STANDARD_BELOW:
        return below or rng.randrange
    getrandbits = rng.getrandbits

    def pick(n):
        k = n.bit_length()          # not (n - 1): n may be 1, and one bit is drawn even then
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r
    pick.bits = getrandbits         # a loop answering many decisions may draw as pick() does (tricks.py)
    return pick


_STANDARD_BELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)


class Autopilot:
    """The stops of one play_picked call, kept on the state while it runs (`s.auto`), so that a choice
    can be answered where it is made (vm.Choose.enter) as well as in play_picked's own loop, by the
    same test in the same order."""
    __slots__ = ("pickers", "hand", "turns", "tricks", "end", "limit", "at_stop", "at_hand", "bits")

    def __init__(self, pickers, hand, turns, tricks, end, limit, at_stop, at_hand=None):
        self.pickers, self.hand, self.turns, self.tricks = pickers, hand, turns, tricks
        self.end, self.limit, self.at_stop, self.at_hand = end, limit, at_stop, at_hand
        # a random picker's draw, written out below (as in Tricks.play_through): the same bits
        self.bits = [getattr(pick, "bits", None) for pick in pickers]

    def pick(self, s, player, count, where=None):
        """The action number for `player`'s decision among `count` actions, or None where play stops
        (see play_picked).  A hand stop with `at_hand`, or a trick or turn stop with `at_stop`, calls
        it and goes on.  `where`: the place named if the decision limit is reached (default: the
        innermost step on the stack)."""
        pick = self.pickers[player]
        history = s.history
        if pick is None or (self.end is not None and len(history) >= self.end):
            return None
        if self.hand is not None and s.hand_no != self.hand:
            if self.at_hand is None:
                return None
            self.at_hand(s)
            self.hand = s.hand_no
        if (self.tricks is not None and s.tricks != self.tricks) or (self.turns is not None and s.turns != self.turns):
            if self.at_stop is None:
                return None
            self.turns, self.tricks = self.at_stop(s)
        if len(history) >= self.limit:
            raise decision_limit(len(history), where or _where(s))
        draw = self.bits[player]
        if draw is None:
            return pick(count)
        k = count.bit_length()
        index = draw(k)
        while index >= count:
            index = draw(k)
        return index


def play_picked(s, pickers, hand=None, turns=None, tricks=None, moves=None, at_stop=None, at_hand=None) -> None:
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
    caller that looks at every turn saves a return and a new call each time; the position it sees is
    the one a return would show, except that the decision there may not be offered yet (s.pending
    None: a `choose` step asks before it makes its Choice, in the middle of its enclosing step), so
    at_stop may read the position (variables, zones, counts) but not play on from it or from a copy
    of it.  `at_hand` does the same for the hand stop: at_hand(s) is called where a new hand's first
    decision would stop play, and play goes on with that hand as the one to stop after.  Errors
    come out as game.GameError, as from game.apply_index.

    Unless `moves` is given or the game is logged, the state carries the stops while this runs
    (`s.auto`): a `choose` step then asks the picker itself, builds no list of actions and does not
    pause (vm.Choose.enter), and a trick block plays on through its tricks (Node.plays_on)."""
    history = s.history
    stack = s.stack
    limit = s.rules.max_turns * 4
    end = None if moves is None else len(history) + moves
    logged = s.events is not None              # then every decision goes through vm.apply_index
    auto = Autopilot(pickers, hand, turns, tricks, end, limit, at_stop, at_hand)
    # nodes answer decisions themselves when only trick, turn or hand stops are asked for
    inline = end is None and not logged
    if inline:
        s.auto = auto
    try:
        while True:
            choice = s.pending
            if choice is None:
                return
            actions = choice.actions
            index = auto.pick(s, choice.player, len(actions))
            if index is None:
                return
            if logged:
                vm.apply_index(s, index)            # writes the decision in the game log
                continue
            history.append((choice.player, actions[index]))
            frame = stack[-1]
            node = frame[0]
            # A node that plays on (a trick block) answers the decisions after this one itself, up to
            # the end of the trick, or of the block when no trick or turn stop is asked for.
            if node.plays_on and inline and auto.turns is None:
                paused = node.resolve(s, frame, index, pickers, limit, auto.tricks is None)
            else:
                paused = node.resolve(s, frame, index)
            if paused is not PAUSE:
                vm.run(s)
    except _ENGINE_ERRORS as err:
        raise _game_error(s, err) from None
    finally:
        s.auto = None
