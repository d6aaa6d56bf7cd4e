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

A pick of a value rather than of cards:

    - select:
        players: players                      # who picks (default: every player)
        options: range(0, count(hand[player]))   # the values `player` may pick
        set: bid                              # a state variable kept per player: bid[player] gets the pick
        legal: option != 3                    # optional condition on `option` (`player` is the one picking)

The players are asked in the order of `players`, one value each, through an ordinary
choice (move name `select`).  The picks are kept in the step's frame, out of the
variable, until every player has picked: while the step runs, the variable still holds
what it held when the step began, so no rule, observation, log line or bot sees another
seat's pick (a seat's own observation shows its own pick: SelectValue.secret_picks).
When the last player has picked, every pick is written into the variable at once.
A player offered no value picks nothing: their entry keeps its value.
"""
from __future__ import annotations

from ..expr import types as T
from .mixing import forget_mixed
from .registry import step_kind
from .state import GameStopped, owned
from .steps import SCALARS, _fields, log_event, shown
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


class SelectValue(Node):
    """Frame: [node, 0, env, (players, position in players, picks)]; picks: a tuple of (player, value),
    the values picked so far, kept here (not in the variable) until every player has picked."""

    step_name = "select"        # the step kind, as coverage reports name it

    def __init__(self, players, options, choose, name, where, move, var, typ):
        self.players, self.options, self.choose = players, options, choose
        self.name, self.where, self.move, self.var, self.typ = name, where, move, var, typ

    def enter(self, s, env):
        players = list(self.players(s, env)) if self.players is not None else list(range(s.n))
        s.stack.append([self, 0, env, (players, 0, ())])

    def step(self, s, frame):
        players, i, picks = frame[3]
        auto = s.auto
        while i < len(players):
            env = dict(frame[2])
            player = env[self.name] = players[i]
            i += 1
            options = self.options(s, env)
            if options:
                frame[3] = (players, i, picks)
                # A seat the engine plays (engine/autoplay.py) picks here, as self.choose.enter would have
                # it pick (the same checks in the same order, the same action in the history).
                if auto is not None and player.__class__ is int and 0 <= player < s.n:
                    index = auto.pick(s, player, len(options), self.where)
                    if index is not None:
                        value = options[index]
                        s.history.append((player, (self.move, value)))
                        picks += ((player, value),)
                        continue
                return self.choose.enter(s, env)
        frame[3] = (players, i, picks)
        s.stack.pop()
        self.show(s, picks)
        return None

    def pick(self, s, e):
        """The chosen value's step (the choice's move): the pick joins the frame's, out of sight."""
        frame = s.stack[-1]
        if frame[0] is not self:
            raise GameStopped("a value picked in secret found no select step waiting for it", self.where)
        players, i, picks = frame[3]
        frame[3] = (players, i, picks + ((e[self.name], e["option"]),))

    def show(self, s, picks):
        """Every pick into the variable at once (a list copied: an option may be a zone's own list)."""
        var, typ = self.var, self.typ
        values = s.v[var.index]
        for player, value in picks:
            if value.__class__ is list and typ not in SCALARS:
                value = owned(value)
            values[player] = value
            if s.events is not None:
                log_event(s, event="set", var=var.name, key=player, value=shown(s, value, typ))

    def secret_picks(self, frame):
        """(the variable's info, ((player, value), ...)): the picks this running step keeps apart."""
        return self.var, frame[3][2]

    def redraw_picks(self, s, frame, seat, rng):
        """For a world a bot samples for `seat` (bots/sampling.py): every other seat's pick drawn anew, at
        random among the options that seat has in this world (legal ones), from `rng`; a seat offered
        nothing there keeps the value the variable held before the step.  Nothing is drawn when no other
        seat has picked yet."""
        players, i, picks = frame[3]
        if all(player == seat for player, _ in picks):
            return
        out = []
        for player, value in picks:
            if player != seat:
                env = dict(frame[2])
                env[self.name] = player
                options = self.options(s, env)
                value = options[rng.randrange(len(options))] if options else s.v[self.var.index][player]
            out.append((player, value))
        frame[3] = (players, i, tuple(out))


def _allowed(items, legal, bind):
    """options(s, e): the items (an expression's function) for which `legal` holds, each bound to the
    local name `bind` while it is tested; all of them without `legal`."""
    def options(s, e):
        values = items(s, e)
        if legal is None:
            return list(values)
        out = []
        for v in values:
            e[bind] = v
            if legal(s, e):
                out.append(v)
        e.pop(bind, None)
        return out
    return options


_CARD_KEYS = ("from", "to", "count")
_VALUE_KEYS = ("options", "set")


@step_kind("select", "Several players each pick in secret, in the order of `players` (default: every player). "
           "Cards: `select: {players: expr, from: hand, to: passing, count: 3, legal: cond}`; each picked card "
           "waits in the player's own 'to' zone (not public), unseen by the others. A value: `select: {players: "
           "expr, options: range(0, 5), set: bid, legal: cond}`; `options` (an expression of player) lists what "
           "the player may pick and `legal` reads the value as option; until every player has picked, the "
           "variable of 'set' (kept per player) keeps its old value for everyone but the picker, then it takes "
           "every pick at once. The steps after 'select' see all the picks together. In `legal` the card "
           "is `card` (a card pick) and the player picking is `player` (another name with `as:`). A card "
           "pick asks for one card at a time; `count` is 1 by default, and a player with fewer cards that "
           "`legal` allows picks just those (none: the player is not asked); a player offered no value picks "
           "nothing and keeps the variable's value. `move` names the move in records and scenarios (default "
           "select).")
def _select(cx, value, path, step):
    # every setting of both forms is declared (the schema takes either form); the form's own are checked here
    spec = _fields(cx, value, path, "select", (), ("players", "from", "to", "count", "options", "set", "legal",
                                                   "as", "move"))
    if spec is None:
        return None
    if any(k in spec for k in _VALUE_KEYS):
        return _select_values(cx, spec, path)
    for key in ("from", "to"):
        if key not in spec:
            cx.problem(path, f"'select' needs a '{key}' setting", "schema",
                       hint="pick cards with from and to (zones kept per player), or a value with options and "
                            "set (a state variable kept per player)")
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
                   "meaning", hint="declare it with 'visibility: owner' (or hidden)")
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

    options = _allowed(lambda s, e: s.z[src][e[name]], legal, "card")

    def pick(s, e):
        player, card = e[name], e["card"]
        if s.revealed or s.revealed.to:        # a card leaving a hand unseen (mixing.py)
            forget_mixed(s, (card,), s.z[dst][player])
        s.z[src][player].remove(card)
        s.z[dst][player].append(card)
        if s.revealed or s.revealed.to:
            s.revealed.discard(card)
    move = str(spec.get("move", "select"))
    choose = Choose(lambda s, e: e[name], [(move, options, None, "card", Seq([Atomic(pick, where, "select")], where))], where)
    choose.option_types = {move: T.CARD}
    return Select(players, count, options, choose, name, where, move, pick)


def _select_values(cx, spec, path):
    """`select: {options: ..., set: bid}`: one value per player, picked in secret (SelectValue)."""
    ok = True
    for key in _CARD_KEYS:
        if key in spec:
            why = ("a value pick is one value per player" if key == "count" else
                   "a value pick takes no cards: it gives each player's pick to the variable of 'set'")
            cx.problem(path + (key,), f"'{key}' is for picking cards: {why}", "meaning", key=True,
                       hint="pick cards with from/to/count, or a value with options/set, in two select steps")
            ok = False
    for key in _VALUE_KEYS:
        if key not in spec:
            wanted = ("'set': the state variable kept per player that takes each pick, e.g. set: bid"
                      if key == "set" else "'options': the list of values a player may pick, e.g. "
                      "options: range(0, 5)")
            cx.problem(path, f"a 'select' of a value needs {wanted}", "schema")
            ok = False
    if not ok:
        return None
    target = spec["set"]
    info = cx.rules.vars.get(target) if isinstance(target, str) else None
    if info is None:
        from difflib import get_close_matches
        close = get_close_matches(str(target), [v.name for v in cx.rules.var_list if v.per == "player"], n=1)
        cx.problem(path + ("set",), f"unknown state variable '{target}'", "unknown-name",
                   hint=f"did you mean '{close[0]}'?" if close else "declare it under 'state:' with per: player")
        return None
    if info.per != "player":
        kept = f"kept per {info.per}" if info.per else "a single value"
        cx.problem(path + ("set",), f"'{info.name}' is {kept}, not kept per player: each player's pick goes to "
                   f"their own entry", "meaning", hint="declare it with 'per: player' under 'state:'")
        return None
    cx.var_writes.add(info.name)
    name = str(spec.get("as", "player"))
    players = cx.expr(path + ("players",), spec["players"], T.PLAYERS).fn if "players" in spec else None
    with cx.scope(**{name: T.PLAYER}):
        opts = cx.expr(path + ("options",), spec["options"])
        item = T.element_of(opts.type)
        if not (T.is_collection(opts.type) or opts.type == T.ANY):
            cx.problem(path + ("options",), f"'options' must be a list, not {T.describe(opts.type)}", "type",
                       hint="the values a player may pick, e.g. range(0, count(hand[player]))")
            return None
        if item not in (T.ANY, T.NONE) and info.type != T.ANY and not T.compatible(item, info.type):
            cx.problem(path + ("options",), f"'{info.name}' holds {T.describe(info.type)}, but these options are "
                       f"{T.describe(opts.type)}", "type")
            return None
        legal = cx.expr(path + ("legal",), spec["legal"], T.BOOL, extra_locals={"option": item}).fn \
            if "legal" in spec else None
    options = _allowed(opts.fn, legal, "option")
    where = cx.where(path)

    move = str(spec.get("move", "select"))
    typ = info.type if info.type != T.ANY or item in (T.ANY, T.NONE) else item
    node = SelectValue(players, options, None, name, where, move, info, typ)
    choose = Choose(lambda s, e: e[name], [(move, options, None, "option",
                                            Seq([Atomic(node.pick, where, "select")], where))], where)
    choose.option_types = {move: item}
    choose.secret = True
    node.choose = choose
    return node
