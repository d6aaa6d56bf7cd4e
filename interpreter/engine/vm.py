"""The rules program: compiled step nodes and the loop that runs them.

A ruleset's steps compile to a tree of nodes.  Atomic nodes (deal, move, set,
score...) are plain functions `fn(state, env)`.  Control nodes (sequences,
conditions, loops, choices) keep their progress in a frame on the state's
stack: [node, position, env, data].  `run` advances until the game ends or a
choice is needed; `apply` answers the choice and runs on.
"""
from __future__ import annotations

from .state import Choice, GameStopped

PAUSE = True


class Node:
    atomic = False
    where = ""          # 'file:line' of the step, for messages

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

    def __init__(self, cond, body, where="", limit=100000):
        self.cond, self.body, self.where, self.limit = cond, body, where, limit

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

    The actions are worked out move by move when first asked for (see `Actions`): a bot that
    looks only at the move it prefers pays only for that move and the ones declared before it.
    """

    def __init__(self, player, moves, where=""):
        self.player, self.moves, self.where = player, moves, where
        names = [m[0] for m in moves]
        # move name -> its position; None when two moves share a name (Actions.span then declines)
        self.position = None if len(set(names)) != len(names) else {n: k for k, n in enumerate(names)}

    def actions_of(self, s, env, k):
        """The legal actions of move k, in order: [(name, value)]."""
        name, options, legal, bind, _ = self.moves[k]
        if options is None:
            return [(name, None)] if legal is None or legal(s, env) else []
        values = options(s, env)
        if legal is None:
            return [(name, value) for value in values]
        out = []
        saved = env.get(bind, _NO)
        for value in values:
            env[bind] = value
            if legal(s, env):
                out.append((name, value))
        if saved is _NO:
            env.pop(bind, None)
        else:
            env[bind] = saved
        return out

    def enter(self, s, env):
        actions = Actions(self, s, env)
        # The game stops here when no move has a legal action: work out moves until one has.
        for k in range(len(self.moves)):
            if actions.segment(k, checked=False):
                break
        else:
            raise GameStopped("a player has no legal move", self.where)
        player = self.player(s, env)
        if player.__class__ is not int or not 0 <= player < s.n:
            raise GameStopped(f"the player who chooses is {player!r}, not a seat from 0 to {s.n - 1}", self.where)
        s.pending = Choice(player, actions, actions.handler_view, self.where)
        s.stack.append([self, 0, env, None])
        return PAUSE

    def step(self, s, frame):  # pragma: no cover - a pending choice is answered by apply()
        return PAUSE

    def resolve(self, s, frame, index):
        choice = s.pending
        actions = choice.actions
        if actions.__class__ is Actions:
            name, value, move = actions.entry(index)
        else:                   # a copied choice (State.clone): plain lists
            name, value = actions[index]
            move = choice.handlers[index]
        s.pending = None
        s.stack.pop()
        env = frame[2]
        if move[3] is not None:
            env = dict(env)
            env[move[3]] = value
        body = move[4]
        if body is not None:
            return body.enter(s, env)
        return None


class Actions:
    """The legal actions of a pending `Choose`, a read-only list built move by move on demand.

    It reads like the list of (name, value) actions in declaration order (len, indexing, slicing,
    iteration, `in`, index(), == with a list), built with the state and env the choice was made in:
    while the choice is pending the state does not change, so building later gives the same
    actions as building at once.  `segment(k)` and `span(name)` let a bot ask for one move only.
    Slicing gives a plain list (State.clone copies a pending choice that way)."""

    __slots__ = ("node", "s", "env", "segments", "starts", "handler_view")

    def __init__(self, node, s, env):
        self.node, self.s, self.env = node, s, env
        self.segments = [None] * len(node.moves)   # move k -> its actions, once worked out
        self.starts = None                         # index of each move's first action, once all are known
        self.handler_view = _Handlers(self)

    def segment(self, k, checked=True):
        seg = self.segments[k]
        if seg is None:
            if checked:
                try:
                    seg = self.node.actions_of(self.s, self.env, k)
                except Exception as err:
                    raise _as_game_error(self, err) from None
            else:               # inside Choose.enter: errors go up the usual way
                seg = self.node.actions_of(self.s, self.env, k)
            self.segments[k] = seg
        return seg

    def span(self, name):
        """(start, actions) of the move called `name`: its first action's index and its actions
        ([] when it has none); None when the choice has no such move or names are not unique."""
        position = self.node.position
        if position is None:
            return None
        k = position.get(name)
        if k is None:
            return None
        seg = self.segment(k)
        if not seg:
            return 0, seg
        return sum(len(self.segment(j)) for j in range(k)), seg

    def _all(self):
        starts = self.starts
        if starts is None:
            starts, at = [], 0
            for k in range(len(self.segments)):
                starts.append(at)
                at += len(self.segment(k))
            starts.append(at)
            self.starts = starts
        return starts

    def _locate(self, index):
        """(move number, index within its segment) of action `index` (non-negative)."""
        at = 0
        for k in range(len(self.segments)):
            seg = self.segment(k)
            if index < at + len(seg):
                return k, index - at
            at += len(seg)
        raise IndexError("action index out of range")

    def entry(self, index):
        """(name, value, move) of action `index`."""
        if index < 0:
            index += len(self)
        k, i = self._locate(index)
        name, value = self.segments[k][i]
        return name, value, self.node.moves[k]

    def list(self):
        self._all()
        return [a for seg in self.segments for a in seg]

    def __len__(self):
        return self._all()[-1]

    def __getitem__(self, index):
        if index.__class__ is slice:
            return self.list()[index]
        if index < 0:
            index += len(self)
            if index < 0:
                raise IndexError("action index out of range")
        k, i = self._locate(index)
        return self.segments[k][i]

    def __iter__(self):
        for k in range(len(self.segments)):
            yield from self.segment(k)

    def __contains__(self, action):
        return action in self.list()

    def index(self, action):
        return self.list().index(action)

    def count(self, action):
        return self.list().count(action)

    def __eq__(self, other):
        if isinstance(other, Actions):
            other = other.list()
        return self.list() == other if isinstance(other, list) else NotImplemented

    __hash__ = None

    def __bool__(self):
        return len(self) > 0

    def __repr__(self):
        return repr(self.list())


class _Handlers:
    """Choice.handlers of a lazily built choice: the move of each action, as Actions works them out."""

    __slots__ = ("actions",)

    def __init__(self, actions):
        self.actions = actions

    def __getitem__(self, index):
        a = self.actions
        if index.__class__ is slice:
            a._all()
            return [a.node.moves[k] for k, seg in enumerate(a.segments) for _ in seg][index]
        return a.entry(index)[2]

    def __len__(self):
        return len(self.actions)

    def __bool__(self):
        return len(self.actions) > 0

    def __iter__(self):
        return iter(self[:])


def _as_game_error(actions, err):
    """An error met while working out actions after Choose.enter returned (a bot asked for them):
    the same GameError the engine gives when the error is met inside Choose.enter, where the choice's
    frame is not yet on the stack."""
    from .game import _ENGINE_ERRORS, GameError, _game_error   # game.py imports this module
    if isinstance(err, GameError) or not isinstance(err, _ENGINE_ERRORS):
        return err
    s = actions.s
    frame = s.stack.pop() if s.stack and s.stack[-1][0] is actions.node else None
    try:
        return _game_error(s, err)
    finally:
        if frame is not None:
            s.stack.append(frame)


_NO = object()


class Call(Node):
    """Run a named procedure (resolved after all procedures are compiled)."""

    def __init__(self, name, where=""):
        self.name, self.where, self.target = name, where, None

    def enter(self, s, env):
        return self.target.enter(s, env)


def run(s, step_limit=2_000_000):
    """Advance until a choice is pending or the game is over."""
    stack = s.stack
    while stack:
        if s.pending is not None:
            return
        frame = stack[-1]
        if frame[0].step(s, frame) is PAUSE:
            return
        if s.over:
            del stack[:]
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
        if isinstance(value, (list, tuple)) and typ in ("any", "list") and value and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            typ = "cards" if name != "bid" else typ
        s.events.append({"event": "choice", "player": choice.player, "action": [name, shown(s, value, typ)],
                         "hand": s.hand_no})
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
