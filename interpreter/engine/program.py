"""The outer loop of a game: setup once, then hands until the end condition holds."""
from __future__ import annotations

from ..expr.errors import describe_value
from .state import GameStopped, owned
from .vm import Node


class GameLoop(Node):
    after_hand_phase = 2    # the phase of step() that follows a hand (vm.halt goes there after an end_hand)

    def __init__(self, rules, setup, hand):
        self.rules, self.setup, self.hand = rules, setup, hand
        self.where = "hand"

    def enter(self, s, env):
        s.stack.append([self, 0, env, None])

    def step(self, s, frame):
        rules = self.rules
        phase = frame[1]
        env = frame[2]
        if phase == 0:
            frame[1] = 1
            return self.setup.enter(s, env)
        if phase == 1:
            if s.hand_no >= rules.max_hands:
                raise GameStopped(f"the game did not end within {rules.max_hands} hands "
                                  "(end: max_hands)", rules.max_hands_where)
            s.hand_no += 1
            s.hand_steps = 0
            start_hand(s)
            frame[1] = 2
            return self.hand.enter(s, env)
        record_hand_metrics(s)
        if rules.end_when(s, env):
            s.over = True
            return None
        dealer = rules.vars["dealer"].index
        nxt = rules.next_dealer(s, env)
        if nxt.__class__ is not int or not 0 <= nxt < s.n:
            # dealer - 1 gives -1 after seat 0: said here, not where a later hand reads hand[dealer]
            raise GameStopped(f"dealer: next gave {describe_value(nxt)}, not a seat from 0 to {s.n - 1}; seats go round "
                              "only through left_of and right_of, e.g. right_of(dealer), or "
                              "(dealer + player_count - 1) % player_count", rules.next_dealer_where)
        s.v[dealer] = nxt
        frame[1] = 1
        return None


def start_hand(s):
    """Reset the variables kept for one hand only (as initial_value makes each, in their order)."""
    resets = s.rules.__dict__.setdefault("_hand_resets", {})
    reset = resets.get(s.n)
    if reset is None:
        reset = resets[s.n] = _hand_reset(s.rules, s.n)
    reset(s)
    if s.events is not None:
        s.events.append({"event": "hand", "hand": s.hand_no,
                         "dealer": s.v[s.rules.vars["dealer"].index]})


def initial_value(s, info):
    """A variable's initial value.  A constant one (a number, none, a list of constants: see
    build._fixed_initial) is made without running its expression; a list is a fresh copy each time."""
    if not info.fixed:
        return expression_value(s, info)
    value, copy = info.fixed
    per = info.per
    if per is None:
        return list(value) if copy else value
    if per == "player" or per == "team":
        size = s.n if per == "player" else len(s.rules.team_list(s.n))
        return [list(value) for _ in range(size)] if copy else [value] * size
    keys = s.rules.universe.suits if per == "suit" else s.rules.objects[per]
    return {k: list(value) for k in keys} if copy else dict.fromkeys(keys, value)


def _hand_reset(rules, n):
    """A function (s) setting every hand variable to its initial value at `n` players, written out:
    a constant one made in place (initial_value's making of it, its sizes known), any other by
    expression_value, in the variables' order.  One per ruleset and player count."""
    from .gensource import Source          # (generated code builds on the engine's modules)
    w = Source("hand variables")
    w.emit(0, "v = s.v")
    for info in rules.hand_vars:
        target = f"v[{info.index}]"
        if not info.fixed:
            w.emit(0, f"{target} = {w.ref(expression_value)}(s, {w.ref(info)})")
            continue
        value, copy = info.fixed
        value = w.ref(value)
        per = info.per
        if per is None:
            w.emit(0, f"{target} = {f'list({value})' if copy else value}")
        elif per == "player" or per == "team":
            size = n if per == "player" else len(rules.team_list(n))
            w.emit(0, f"{target} = " + (f"[list({value}) for _ in range({size})]" if copy else f"[{value}] * {size}"))
        else:
            keys = w.ref(rules.universe.suits if per == "suit" else rules.objects[per])
            w.emit(0, f"{target} = " + (f"{{k: list({value}) for k in {keys}}}" if copy
                                        else f"dict.fromkeys({keys}, {value})"))
    w.emit(0, "return None")
    return w.function("_hand_reset", ("s",), "<hand variables>")


def expression_value(s, info):
    """A variable's initial value, by running its expression (once per player, suit or entry)."""
    if info.per is None:
        value = info.initial(s, {})
        return owned(value) if value.__class__ is list else value    # initial: stock, not the zone itself
    keys = per_keys(s, info.per)
    out = {}
    for k in keys:
        value = info.initial(s, {info.bind: k})
        out[k] = owned(value) if value.__class__ is list else value
    return [out[k] for k in keys] if info.per in ("player", "team") else out


def per_keys(s, per):
    if per == "player":
        return list(range(s.n))
    if per == "suit":
        return list(s.rules.universe.suits)
    if per == "team":
        return list(range(len(s.rules.team_list(s.n))))
    return list(s.rules.objects[per])


def record_hand_metrics(s):
    metrics = s.rules.metrics
    if not metrics:
        return
    for m in metrics:
        if m.each == "hand":
            values = s.metrics.setdefault(m.name, [])
            if len(values) < s.hand_no:
                values.append(_plain(m.value(s, {})))


def _plain(value):
    cls = value.__class__
    if cls is int or cls is str or cls is bool or cls is float or value is None:   # the usual values, as they are
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value
