"""`select:` several players each pick cards in secret; the steps after it apply the picks together.

    - select:
        players: players          # who selects (default: every player)
        from: hand                # a zone kept per player: each picks from their own
        to: passing               # a zone kept per player that others cannot see: the picks wait there
        count: 3                  # cards per player (default 1; fewer if the player has fewer)
        legal: card.suit != hearts    # optional condition on `card` (`player` is the one picking)
    - for_each: {in: players, as: p, do: [{move: {cards: "passing[p]", to: "hand[left_of(p)]"}}]}

The players are asked one card at a time, in the order of `players`, through an
ordinary choice (move name `select`, one action per card).  A picked card moves at
once from the player's `from` zone to their `to` zone, which only its owner sees (or
nobody): the others learn nothing of a pick until the rules move the cards on, so
asking in turn is the same as asking everyone at once.  The step is over when every
player has picked; the steps that follow see all the picks.
"""
from __future__ import annotations

from ..expr import types as T
from .registry import step_kind
from .steps import _fields
from .vm import Atomic, Choose, Node, Seq


class Select(Node):
    """Frame: [node, 0, env, (players, position in players, cards still to pick or None)]."""

    def __init__(self, players, count, options, choose, name, where, move, pick):
        self.players, self.count, self.options, self.choose = players, count, options, choose
        self.name, self.where, self.move, self.pick = name, where, move, pick

    def enter(self, s, env):
        players = list(self.players(s, env)) if self.players is not None else list(range(s.n))
        s.stack.append([self, 0, env, (players, 0, None)])

    def step(self, s, frame):
        players, i, left = frame[3]
        auto = s.auto
        while i < len(players):
            env = dict(frame[2])
            player = env[self.name] = players[i]
            if left is None:
                left = self.count(s, env) if self.count is not None else 1
            if left > 0:
                options = self.options(s, env)
                if options:
                    frame[3] = (players, i, left - 1)
                    # A seat the engine plays (engine/autoplay.py) picks here, as self.choose.enter would
                    # have it pick, without building the choice: the same checks in the same order (the
                    # picker asked for the same count, the same action in the history), then the pick.
                    if auto is not None and player.__class__ is int and 0 <= player < s.n:
                        index = auto.pick(s, player, len(options), self.where)
                        if index is not None:
                            card = options[index]
                            s.history.append((player, (self.move, card)))
                            env["card"] = card
                            self.pick(s, env)
                            if s.over:
                                return None
                            left -= 1
                            continue
                    return self.choose.enter(s, env)
            i, left = i + 1, None
            frame[3] = (players, i, None)
        s.stack.pop()
        return None


@step_kind("select", "Several players each pick cards in secret: `select: {players: expr, from: hand, to: "
           "passing, count: 3, legal: cond}`. Each picked card waits in the player's own 'to' zone (not "
           "public), unseen by the others; the steps after 'select' apply the picks together.")
def _select(cx, value, path, step):
    spec = _fields(cx, value, path, "select", ("from", "to"), ("players", "count", "legal", "as", "move"))
    if spec is None:
        return None
    zones = cx.rules.zones
    source, target = zones.get(str(spec["from"])), zones.get(str(spec["to"]))
    for key, zone in (("from", source), ("to", target)):
        if zone is None or zone.per != "player":
            cx.problem(path + (key,), f"'{key}' must name a zone kept per player, e.g. hand", "meaning",
                       hint="write the zone's name alone: each player picks from and into their own")
            return None
    if target.visibility in ("public", "others"):
        who = "every player" if target.visibility == "public" else "every other player"
        cx.problem(path + ("to",), f"zone '{target.name}' is {target.visibility}: {who} would see the picks",
                   "meaning", hint=f"declare it with 'visibility: owner' (or hidden)")
        return None
    if source.visibility in ("public", "others"):
        who = "every player" if source.visibility == "public" else "every other player"
        cx.problem(path + ("from",), f"zone '{source.name}' is {source.visibility}: {who} sees which card "
                   "leaves it, so a player asked later learns the earlier picks", "meaning", severity="warning",
                   hint=f"declare '{source.name}' with 'visibility: owner' (or hidden) to keep the picks secret")
    cx.zone_writes.add(target.name)
    name = str(spec.get("as", "player"))
    players = cx.expr(path + ("players",), spec["players"], T.PLAYERS).fn if "players" in spec else None
    with cx.scope(**{name: T.PLAYER}):
        count = cx.expr(path + ("count",), spec["count"], T.NUM).fn if "count" in spec else None
        legal = cx.expr(path + ("legal",), spec["legal"], T.BOOL, extra_locals={"card": T.CARD}).fn \
            if "legal" in spec else None
    src, dst = source.index, target.index
    where = cx.where(path)

    def options(s, e):
        hand = s.z[src][e[name]]
        if legal is None:
            return list(hand)
        out = []
        for c in hand:
            e["card"] = c
            if legal(s, e):
                out.append(c)
        e.pop("card", None)
        return out

    def pick(s, e):
        player, card = e[name], e["card"]
        s.z[src][player].remove(card)
        s.z[dst][player].append(card)
        if s.revealed or s.revealed.to:
            s.revealed.discard(card)
    move = str(spec.get("move", "select"))
    choose = Choose(lambda s, e: e[name], [(move, options, None, "card", Seq([Atomic(pick, where, "select")], where))], where)
    choose.option_types = {move: T.CARD}
    return Select(players, count, options, choose, name, where, move, pick)
