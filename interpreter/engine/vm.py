"""The rules program: compiled step nodes and the loop that runs them.

A ruleset's steps compile to a tree of nodes.  Atomic nodes (deal, move, set,
score...) are plain functions `fn(state, env)`.  Control nodes (sequences,
conditions, loops, choices) keep their progress in a frame on the state's
stack: [node, position, env, data].  `run` advances until the game ends or a
choice is needed; `apply` answers the choice and runs on.
"""
from __future__ import annotations

import ast

from ..expr.errors import describe_value
from ..expr.hoist import item_selector
from .state import Choice, GameStopped

PAUSE = True


class Node:
    atomic = False
    plays_on = False    # resolve() accepts pickers and answers the decisions after it (engine/autoplay.py)
    where = ""          # 'file:line' of the step, for messages
    secret = False      # a choice whose value the other seats do not learn until its step ends (select.py)
    # a method frame -> (variable info, ((player, value), ...)) on a node that keeps values picked in
    # secret out of their variable while it runs (select.py), read through game.secret_picks
    secret_picks = None
    redraw_picks = None  # and frame's picks of other seats drawn anew, for a bot's sampled world

    def enter(self, s, env):
        """Start this node: push a frame (control nodes) and return PAUSE if a choice is needed."""
        s.stack.append([self, 0, env, None])

    def step(self, s, frame):
        raise NotImplementedError


class Atomic(Node):
    atomic = True
    __slots__ = ("fn", "where", "kind")

    def __init__(self, fn, where="", kind=""):
        self.fn = fn
        self.where = where
        self.kind = kind


class Seq(Node):
    def __init__(self, children, where=""):
        self.children = list(children)
        self.where = where
        self.flat = None        # all children atomic: run them without a frame (decided at first use)

    def enter(self, s, env):
        flat = self.flat
        if flat is None:
            flat = self.flat = all(c.atomic for c in self.children)
        if flat:
            for child in self.children:
                child.fn(s, env)
                if s.over:
                    return None
            return None
        s.stack.append([self, 0, env, None])
        return None

    def step(self, s, frame):
        children = self.children
        env = frame[2]
        pc = frame[1]
        n = len(children)
        while pc < n:
            child = children[pc]
            pc += 1
            if child.atomic:
                child.fn(s, env)
                if s.over:
                    return None
            else:
                frame[1] = pc
                return child.enter(s, env)
        s.stack.pop()
        return None


class If(Node):
    def __init__(self, cond, then, other, where=""):
        self.cond, self.then, self.other, self.where = cond, then, other, where

    def enter(self, s, env):
        branch = self.then if self.cond(s, env) else self.other
        if branch is not None:
            return branch.enter(s, env)
        return None


class While(Node):
    """Repeat the body while `cond` holds (checked before each round)."""

    tests_after = False     # a repeat-until (steps._Until) tests after each round

    def __init__(self, cond, body, where="", limit=100000):
        self.cond, self.body, self.where, self.limit = cond, body, where, limit

    def folded(self, generate):
        """Called once the body is folded: with `generate`, step() is written out for this loop
        (loopgen.py).  A loop that cannot pause is a plain function by then and never steps."""
        if generate and self.body is not None:
            from .loopgen import loop_step        # (it builds on this module)
            self.step = loop_step(self, self.tests_after)

    def step(self, s, frame):
        if frame[1] >= self.limit:
            raise GameStopped(f"a loop ran {self.limit} times without ending", self.where)
        if self.cond(s, frame[2]):
            frame[1] += 1
            return self.body.enter(s, frame[2])
        s.stack.pop()
        return None


class ForEach(Node):
    """Run the body once for each item, with the item bound to a local name."""

    def __init__(self, name, items, body, where=""):
        self.name, self.items, self.body, self.where = name, items, body, where

    def enter(self, s, env):
        s.stack.append([self, 0, env, list(self.items(s, env))])

    def step(self, s, frame):
        items = frame[3]
        i = frame[1]
        if i < len(items):
            frame[1] = i + 1
            child_env = dict(frame[2])
            child_env[self.name] = items[i]
            return self.body.enter(s, child_env)
        s.stack.pop()
        return None


class Choose(Node):
    """Wait for a player's decision among the legal actions of several moves.

    Each move is (name, options(s, env) -> list or None, legal(s, env) -> bool,
    bind name, body node).  A move without options is a single action.
    """

    def __init__(self, player, moves, where=""):
        self.player, self.moves, self.where = player, moves, where
        # where "no legal move" points: the step unless the builder names the moves (steps.py)
        self.no_move_where = where
        self.plan = None        # the moves as enter() goes through them (made at the first enter)
        names = [str(m[0]) for m in moves]
        # the message when no move offers anything: which moves were tried
        self.no_move = "a player has no legal move" + (
            f": {' and '.join(names) if len(names) <= 2 else ', '.join(names[:-1]) + ' and ' + names[-1]} "
            f"{'offer' if len(names) > 1 else 'offers'} nothing allowed here" if names else "")

    def no_move_for(self, s, env) -> str:
        """The message when no move offers anything, naming the player who was to choose (when the
        player expression gives a seat)."""
        try:
            player = self.player(s, env)
        except Exception:  # noqa: BLE001 - the message without the seat then
            player = None
        if isinstance(player, int) and not isinstance(player, bool):
            return self.no_move.replace("a player", f"player {player}", 1)
        return self.no_move

    # How enter() builds a move's actions (see make_plan()).
    SINGLE, ALL, ONCE, EACH = range(4)

    def make_plan(self):
        """Per move: (name, options, legal, bind, move, how).  ONCE: a legal test that never reads
        the option (vm.may_read) gives the same answer for every option, since the state does not
        change while the actions are built, so it is asked once, if there is any option to ask it for."""
        plan = []
        for move in self.moves:
            name, options, legal, bind, _ = move
            how = (self.SINGLE if options is None else self.ALL if legal is None
                   else self.EACH if may_read(legal, bind) else self.ONCE)
            if how == self.EACH:        # the options kept by one loop, parts not reading them worked out once
                legal = item_selector(legal, bind)
            plan.append((name, options, legal, bind, move, how))
        return plan

    def enter(self, s, env):
        """Work out the legal actions and the player; while engine/autoplay.py plays (`s.auto`, its
        Autopilot), ask it first: a picked action is played at once, with no Choice, frame or pause.
        Otherwise (or where the Autopilot stops) the Choice is made and the game waits."""
        plan = self.plan
        if plan is None:
            plan = self.plan = self.make_plan()
        found, count = self.legal_values(s, env, plan)
        player = self.player(s, env)
        if player.__class__ is not int or not 0 <= player < s.n:
            raise GameStopped(f"the player who chooses is {describe_value(player)}, not a seat from 0 to {s.n - 1}",
                              self.where)
        auto = s.auto
        if auto is not None:
            index = auto.pick(s, player, count, self.where)
            if index is not None:
                for move, values in found:          # the action numbered `index`, as in the Choice
                    if values is None:
                        if not index:
                            value = None
                            break
                        index -= 1
                    elif index < len(values):
                        value = values[index]
                        break
                    else:
                        index -= len(values)
                s.history.append((player, (move[0], value)))
                return self.play(s, env, move, value)
        return self.offer(s, env, player, found)

    def offer(self, s, env, player, found):
        """Make the Choice of the moves `found` (legal_values' list) for `player` and wait for it."""
        actions, handlers = [], []
        for move, values in found:
            if values is None:
                actions.append((move[0], None))
                handlers.append(move)
            else:
                name = move[0]
                actions += [(name, value) for value in values]
                handlers += [move] * len(values)      # one list operation for the move's actions
        s.pending = Choice(player, actions, handlers, self.where)
        s.stack.append([self, 0, env, None])
        return PAUSE

    def folded(self, generate):
        """Called once the moves' steps are folded: with `generate`, enter() is written out for this
        choice (choosegen.py)."""
        if generate:
            from .choosegen import choose_enter      # (it builds on this module)
            self.enter = choose_enter(self)

    def legal_values(self, s, env, plan):
        """([(move, its legal values, or None for a move without options)], number of actions) for
        the moves with any legal action, in the order of the moves and their options."""
        found = []
        count = 0
        for name, options, legal, bind, move, how in plan:
            if how == 0:                    # SINGLE
                if legal is None or legal(s, env):
                    found.append((move, None))
                    count += 1
                continue
            values = options(s, env)
            if how == 3:                    # EACH: `legal` is the move's item_selector (expr/hoist.py)
                saved = env.get(bind, _NO)
                values = legal(s, env, values)
                if saved is _NO:
                    env.pop(bind, None)
                else:
                    env[bind] = saved
            elif how == 1:                  # ALL
                if values.__class__ is not list:
                    values = list(values)
            else:                           # ONCE
                values = list(values)
                if values and not legal(s, env):
                    values = ()
            if values:
                found.append((move, values))
                count += len(values)
        if not count:
            raise GameStopped(self.no_move_for(s, env), self.no_move_where)
        return found, count

    def step(self, s, frame):  # pragma: no cover - a pending choice is answered by apply()
        return PAUSE

    def resolve(self, s, frame, index):
        choice = s.pending
        value = choice.actions[index][1]
        move = choice.handlers[index]
        s.pending = None
        s.stack.pop()
        return self.play(s, frame[2], move, value)

    @staticmethod
    def play(s, env, move, value):
        """Run the chosen move's steps, its option bound to the move's name (`as:`)."""
        if move[3] is not None:
            env = dict(env)
            env[move[3]] = value
        body = move[4]
        if body is not None:
            return body.enter(s, env)
        return None


_NO = object()


def may_read(fn, name) -> bool:
    """Whether the compiled expression `fn` may read the local name `name`.  False only for generated
    code (expr/codegen.py: `fn.source`, `fn.consts`) in which the env `e` appears only as `e[K]`, K a
    constant string other than `name`; anything else (a closure called with e, e.get, no source)
    counts as a read."""
    source, consts = getattr(fn, "source", None), getattr(fn, "consts", None)
    if not isinstance(source, str) or not isinstance(consts, dict):
        return True
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return True
    keyed = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "e":
            key = node.slice
            value = consts.get(key.id, _NO) if isinstance(key, ast.Name) else (
                key.value if isinstance(key, ast.Constant) else _NO)
            if not isinstance(value, str) or value == name:
                return True
            keyed.add(id(node.value))
    return any(isinstance(node, ast.Name) and node.id == "e" and id(node) not in keyed for node in ast.walk(tree))


class Call(Node):
    """Run a named procedure (resolved after all procedures are compiled)."""

    def __init__(self, name, where=""):
        self.name, self.where, self.target = name, where, None

    def enter(self, s, env):
        return self.target.enter(s, env)


class CallWith(Node):
    """Run a procedure that takes parameters: the values given bound to its parameter names.

    `target` is the procedure's body compiled for the kinds of the values given here (a procedure
    compiles once per set of kinds, as a definition does)."""

    def __init__(self, name, params, args, target, where=""):
        self.name, self.params, self.args, self.target, self.where = name, params, args, target, where

    def bind(self, s, env):
        child = dict(env)
        for name, arg in zip(self.params, self.args):
            child[name] = arg(s, env)
        return child

    def enter(self, s, env):
        return self.target.enter(s, self.bind(s, env))


class _HandCut:
    """The value of s.over while an end_hand step unwinds the hand: truthy, so that every place that
    stops at the end of the game stops for it too; halt() then goes back to the game loop."""
    __slots__ = ()

    def __bool__(self):
        return True

    def __repr__(self):
        return "HAND_CUT"


HAND_CUT = _HandCut()


def halt(s) -> bool:
    """What to do once s.over is set: at the end of the game, drop every frame (True: stop); after an
    end_hand step (s.over is HAND_CUT), drop the hand's frames and go back to the game loop's frame,
    the bottom one, at the point where a hand has ended (False: go on running)."""
    stack = s.stack
    if s.over is HAND_CUT:
        s.over = False
        del stack[1:]
        stack[0][1] = stack[0][0].after_hand_phase
        return False
    del stack[:]
    return True


def run(s, step_limit=2_000_000):
    """Advance until a choice is pending or the game is over."""
    stack = s.stack
    while stack:
        if s.pending is not None:
            return
        if s.over:          # a choice's steps ended the game (or the hand): nothing after them runs
            if halt(s):
                return
            continue
        frame = stack[-1]
        if frame[0].step(s, frame) is PAUSE:
            return
        if s.over and halt(s):
            return
    s.over = True


def apply(s, action):
    """Answer the pending choice with one of its actions, then run on."""
    choice = s.pending
    if choice is None:
        raise GameStopped("no decision is pending")
    try:
        index = choice.actions.index(action)
    except ValueError:
        raise GameStopped(f"illegal action {action!r}", choice.label) from None
    apply_index(s, index)


def apply_index(s, index):
    choice = s.pending
    frame = s.stack[-1]
    s.history.append((choice.player, choice.actions[index]))
    if s.events is not None:
        from .steps import shown
        name, value = choice.actions[index]
        types = getattr(frame[0], "option_types", None)
        typ = types.get(name, "any") if types is not None else ("card" if name == "play" else "any")
        if isinstance(value, (list, tuple)) and typ == "any" and value and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            typ = "cards"       # options of unknown kind: numbers in a list are taken for cards
        # (a list of known kind "list" holds lists or pairs of anything: (level, strain) is no card)
        event = {"event": "choice", "player": choice.player, "action": [name, shown(s, value, typ)],
                 "hand": s.hand_no}
        if frame[0].secret:
            event["secret"] = True      # a value picked in secret: the other seats' logs do not show it
        s.events.append(event)
    if frame[0].resolve(s, frame, index) is PAUSE:
        return
    run(s)


def refresh(s):
    """Recompute the pending choice after a test or scenario changed the state by hand."""
    if s.pending is None:
        return
    frame = s.stack.pop()
    s.pending = None
    node = frame[0]
    if isinstance(node, Choose):
        node.enter(s, frame[2])
    else:
        run(s)
