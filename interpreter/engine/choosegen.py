"""Generated Python for a choice: one function per `choose` step.

Choose.enter works out the legal actions move by move (Choose.legal_values,
calling each move's options and legal expressions), the player, and then
either asks the seat's picker (engine/autoplay.py) and plays the picked
action at once, or offers the decision.  A bidding round asks this once per
bid, so the calls add up.  This module writes the same work out for one
choice: the moves in their order with their expressions' source in place
(their closures where that raises, so messages are the same), the picked
action found without a loop, and its move's steps entered directly.  Where
the decision is offered (no picker, a stop, a logged game), the Choice is
made by Choose.offer, as Choose.enter makes it.
"""
from __future__ import annotations

from ..expr.errors import describe_value
from .fold import _Direct
from .gensource import Source
from .state import GameStopped
from .vm import Choose, _NO


def choose_enter(node: Choose):
    """The function (s, e) -> PAUSE or None with the meaning of node.enter(s, e), for a node whose
    moves are folded (fold.py calls it through Choose.folded)."""
    plan = node.plan = node.make_plan()
    w = Source(node.where)
    where = w.ref(node.where)
    w.emit(0, "_count = 0")
    for i, (_, options, legal, bind, _, how) in enumerate(plan):
        v = f"_v{i}"
        if how == Choose.SINGLE:              # one action, if its legal test holds
            if legal is None:
                w.emit(0, f"{v} = True")
            else:
                w.value(0, v, legal)
            w.emit(0, f"if {v}:")
            w.emit(1, "_count += 1")
            continue
        w.value(0, v, options)
        if how == Choose.ALL:                 # every option
            w.emit(0, f"if {v}.__class__ is not list:")
            w.emit(1, f"{v} = list({v})")
        elif how == Choose.ONCE:              # a legal test that does not read the option: asked once
            w.emit(0, f"{v} = list({v})")
            w.emit(0, f"if {v}:")
            w.value(1, "_ok", legal)
            w.emit(1, "if not _ok:")
            w.emit(2, f"{v} = ()")
        else:                                 # EACH: the options kept by the move's item selector
            key = w.ref(bind)
            w.emit(0, f"_saved = e.get({key}, _NO)")
            w.emit(0, f"{v} = {w.ref(legal)}(s, e, {v})")
            w.emit(0, "if _saved is _NO:")
            w.emit(1, f"e.pop({key}, None)")
            w.emit(0, "else:")
            w.emit(1, f"e[{key}] = _saved")
        w.emit(0, f"_count += len({v})")
    w.emit(0, "if not _count:")
    w.emit(1, f"raise _GameStopped({w.ref(node.no_move_for)}(s, e), {node.no_move_where!r})")
    w.value(0, "_player", node.player)
    w.emit(0, "if _player.__class__ is not int or not 0 <= _player < s.n:")
    w.emit(1, "raise _GameStopped(f'the player who chooses is {%s(_player)}, not a seat from 0 to {s.n - 1}', "
              "%s)" % (w.ref(describe_value), where))
    # a seat with a picker: the action numbered _index, as in the Choice, played at once
    w.emit(0, "_auto = s.auto")
    w.emit(0, "if _auto is not None:")
    w.emit(1, f"_index = _auto.pick(s, _player, _count, {where})")
    w.emit(1, "if _index is not None:")
    if not plan:                              # no move (a ruleset with errors): nothing to play
        w.emit(2, "pass")
    for i, (name, _, _, bind, move, how) in enumerate(plan):
        v = f"_v{i}"
        if how == Choose.SINGLE:
            w.emit(2, f"if {v}:")
            w.emit(3, "if not _index:")
            _play(w, 4, name, "None", bind, move[4])
            w.emit(3, "_index -= 1")
        else:
            w.emit(2, f"if _index < len({v}):")
            w.emit(3, f"_value = {v}[_index]")
            _play(w, 3, name, "_value", bind, move[4])
            w.emit(2, f"_index -= len({v})")
    # offered: the moves with an action, as Choose.legal_values lists them
    w.emit(0, "_found = []")
    for i, (_, _, _, _, move, how) in enumerate(plan):
        w.emit(0, f"if _v{i}:")
        w.emit(1, f"_found.append(({w.ref(move)}, {'None' if how == Choose.SINGLE else f'_v{i}'}))")
    w.emit(0, f"return {w.ref(node.offer)}(s, e, _player, _found)")
    return w.function("_choose", ("s", "e"), f"<choice {node.where}>",
                      {"_NO": _NO, "_GameStopped": GameStopped})


def _play(w, depth, name, value, bind, body):
    """Choose.play for one move, written out: the decision in the history, the option bound to the
    move's `as:` name in a copy of the env, the move's steps entered (a plain function called)."""
    w.emit(depth, f"s.history.append((_player, ({w.ref(name)}, {value})))")
    env = "e"
    if bind is not None:
        w.emit(depth, "_e = dict(e)")
        w.emit(depth, f"_e[{w.ref(bind)}] = {value}")
        env = "_e"
    if body is None:
        w.emit(depth, "return None")
    elif body.__class__ is _Direct:
        w.emit(depth, f"{w.ref(body.fn)}(s, {env})")
        w.emit(depth, "return None")
    else:
        w.emit(depth, f"return {w.ref(body)}.enter(s, {env})")
