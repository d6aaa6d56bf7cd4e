"""Rule coverage: how often each step, condition and move of a ruleset fired in a run, and whether it
changed anything, by file:line.

Nothing in the engine counts.  `load_counted` compiles the ruleset as usual
but, between compiling and folding (ruleset/build.py calls engine/fold.py's
`fold_program`), wraps the compiled nodes: each plain step's function, each
condition (`if`, loops), each `for_each` list, each choice and every other
control step's `enter`.  The wrappers count only in the game being played (the
state `play_counted` made), never in the copies bots search in.  Generated step
code (fold.GENERATE) is switched off for that one load so that the folded
closures call the wrapped functions; the rules then run a little slower, and
only for coverage runs.

A step *changed something* when the game state (variables, zones, the cards
shown to everyone, whether the game is over and its winners) differs after it.  A condition reports how often it was true and false.  A move
reports how often it was offered (legal at a decision) and chosen.
"""
from __future__ import annotations

from contextlib import contextmanager

_REAL = [None]        # the state of the game being counted
_ANY = object()       # while a game is being set up (no bot has seen it yet): every state counts


def _counting(s) -> bool:
    real = _REAL[0]
    return s is real or real is _ANY


def _fingerprint(s):
    # the end of the game (end_game) and the cards shown (reveal, to everyone or to some) are changes too
    to = getattr(s.revealed, "to", None)
    return repr(s.v), repr(s.z), s.over, repr(s.winners), sorted(s.revealed), \
        sorted((c, sorted(seats)) for c, seats in to.items()) if to else ()


class Coverage:
    def __init__(self):
        self.steps = {}          # where -> [kind, fired, changed]
        self.conds = {}          # where -> [kind, true, false]
        self.moves = {}          # (where, move) -> [offered, chosen]
        self.options = []        # the ruleset's options and the rules that read them
        self.order = []

    def _key(self, table, where, init):
        if where not in table:
            table[where] = init
            self.order.append(where)
        return table[where]

    # -- wrappers ------------------------------------------------------------------
    def atomic(self, node):
        row = self._key(self.steps, node.where, [node.kind or "step", 0, 0])
        fn = node.fn

        def counted(s, e):
            if not _counting(s):
                return fn(s, e)
            row[1] += 1
            before = _fingerprint(s)
            out = fn(s, e)
            if _fingerprint(s) != before:
                row[2] += 1
            return out
        node.fn = counted

    def condition(self, node, attr, kind):
        row = self._key(self.conds, node.where, [kind, 0, 0])
        cond = getattr(node, attr)

        def counted(s, e):
            value = cond(s, e)
            if _counting(s):
                row[1 if value else 2] += 1
            return value
        setattr(node, attr, counted)

    def entered(self, node, kind):
        """A control step (a trick block...) counts when it starts; what it changes is its parts'."""
        row = self._key(self.steps, node.where, [kind, 0, None])
        enter = node.enter

        def counted(s, env):
            if _counting(s):
                row[1] += 1
            return enter(s, env)
        node.enter = counted

    def choice(self, node):
        rows = {m[0]: self._key(self.moves, (node.where, m[0]), [0, 0]) for m in node.moves}
        step = self._key(self.steps, node.where, ["choose", 0, 0])
        enter, resolve = node.enter, node.resolve

        def counted_enter(s, env):
            out = enter(s, env)
            if _counting(s) and s.pending is not None:
                step[1] += 1
                for name in {a[0] for a in s.pending.actions}:
                    rows[name][0] += 1
            return out

        def counted_resolve(s, frame, index):
            if _counting(s):
                rows[s.pending.actions[index][0]][1] += 1
                step[2] += 1
            return resolve(s, frame, index)
        node.enter, node.resolve = counted_enter, counted_resolve

    # -- report --------------------------------------------------------------------
    def report(self, games: int) -> dict:
        steps = [{"where": w, "kind": k, "fired": f, "changed": c} for w, (k, f, c) in self.steps.items()]
        conds = [{"where": w, "kind": k, "true": t, "false": f} for w, (k, t, f) in self.conds.items()]
        moves = [{"where": w, "move": m, "offered": o, "chosen": c} for (w, m), (o, c) in self.moves.items()]
        for table in (steps, conds, moves):
            table.sort(key=lambda r: _sort_key(r["where"]))
        never = [f"{r['where']} {r['kind']}" for r in steps if not r["fired"]]
        never += [f"{r['where']} {r['kind']}: never true" for r in conds if not r["true"] and r["false"]]
        never += [f"{r['where']} {r['kind']}: never false" for r in conds if r["true"] and not r["false"]
                  and r["kind"] == "if"]
        never += [f"{r['where']} {r['kind']}: never tested" for r in conds if not r["true"] and not r["false"]]
        never += [f"{r['where']} move {r['move']}: never offered" for r in moves if not r["offered"]]
        never += [f"option {o['option']}: no rule reads it" for o in self.options if not o["read_at"]]
        no_effect = [f"{r['where']} {r['kind']}" for r in steps if r["fired"] and r["changed"] == 0
                     and r["kind"] != "choose"]
        return {"games": games, "steps": steps, "conditions": conds, "moves": moves, "options": self.options,
                "never": never,
                "no_effect": no_effect}


def _sort_key(where):
    parts = str(where).rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit():
        return parts[0], int(parts[1]), int(parts[2]) if parts[2].isdigit() else 0
    return str(where), 0, 0


def instrument(cov: Coverage, roots):
    """Wrap every node reachable from `roots` (before folding)."""
    from ..engine.vm import Atomic, Call, CallWith, Choose, ForEach, If, Seq, While
    seen = set()

    def visit(node):
        if node is None or id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, Atomic):
            cov.atomic(node)
            return
        if isinstance(node, Seq):
            for child in node.children:
                visit(child)
            return
        if isinstance(node, If):
            cov.condition(node, "cond", "if")
        elif isinstance(node, While):
            cov.condition(node, "cond", "repeat")
        elif isinstance(node, ForEach):
            cov.condition(node, "items", "for_each (some items)")
        elif isinstance(node, Choose):
            cov.choice(node)
        elif not isinstance(node, (Call, CallWith)):
            cov.entered(node, getattr(node, "step_name", None) or type(node).__name__.lower())
        for attr in ("then", "other", "body", "before", "after_play", "after_plays", "after", "target"):
            visit(getattr(node, attr, None))
        for move in getattr(node, "moves", None) or ():
            if isinstance(move, tuple) and len(move) > 4:
                visit(move[4])

    for root in roots:
        visit(root)


@contextmanager
def _counted_build(cov):
    from ..engine import fold
    from ..ruleset import build
    real_fold, real_generate = build.fold_program, fold.GENERATE

    def fold_counted(*roots):
        instrument(cov, roots)
        fold.GENERATE = False
        real_fold(*roots)

    build.fold_program = fold_counted
    try:
        yield
    finally:
        build.fold_program = real_fold
        fold.GENERATE = real_generate


def load_counted(path, options=None):
    """(loaded ruleset with counting wrappers, its Coverage)."""
    from ..ruleset.loader import load_ruleset
    cov = Coverage()
    with _counted_build(cov):
        loaded = load_ruleset(path, options or {})
    if loaded.rules is not None:
        cov.options = option_uses(loaded.data, loaded.smap, loaded.rules.options)
    return loaded, cov


def option_uses(data, smap, values) -> list:
    """Where each declared option is read: the rules whose text names it (outside `options:`)."""
    import re
    out = []
    for name, value in values.items():
        word = re.compile(rf"(?<![\w.]){re.escape(name)}(?!\w)")
        found = []

        def walk(node, path):
            if isinstance(node, dict):
                for k, v in node.items():
                    if path == () and k in ("options", "name", "description"):
                        continue
                    if k == "description":
                        continue
                    if isinstance(k, str) and word.search(k):
                        found.append(path + (k,))
                    walk(v, path + (k,))
            elif isinstance(node, list):
                for i, v in enumerate(node):
                    walk(v, path + (i,))
            elif isinstance(node, str) and word.search(node):
                found.append(path)
        walk(data or {}, ())
        wheres = []
        for path in found:
            pos = smap.value_pos(path) if smap is not None else None
            wheres.append(f"{pos.file}:{pos.line}:{pos.col}" if pos else "/".join(map(str, path)))
        out.append({"option": name, "value": value, "read_at": sorted(set(wheres), key=_sort_key)})
    return out


def play_counted(rules, cov, games, seed=0, players=None, bots=("random",), bot_options=None, rotate=False):
    """Play the run's games (same seeds and bots as `rules simulate`) counting what fires."""
    from ..engine import game as G
    from .play import game_seed, play_out, seat_bots, seated
    players = players or rules.default_players
    stopped = 0
    for i in range(games):
        seed_i = game_seed(seed, i)
        _REAL[0] = _ANY
        try:
            s = G.new_game(rules, players, seed_i)
            _REAL[0] = s
            play_out(s, seated(seed_i, [(name, bot_options) for name in seat_bots(list(bots), players, i, rotate)]))
        except G.GameError:
            stopped += 1
        finally:
            _REAL[0] = None
    out = cov.report(games - stopped)
    out["stopped_games"] = stopped
    return out

