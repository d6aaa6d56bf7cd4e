"""The general step kinds: moving cards, changing state, control flow, choices.

Each kind is a compile function registered with @step_kind; it reads the step's
YAML value and returns a node.  Game-specific behaviour never lives here: a
game is a composition of these steps and of expressions.
"""
from __future__ import annotations

from ..diagnostics import n_players

import random
import re

from ..expr import types as T
from ..expr.errors import EvalError, describe_value
from .calls import compile_call
from .registry import compile_steps, step_kind
from .state import GameStopped, Shown, owned
from .logtext import _seers, card_place, log_move
from .mixing import forget_mixed, told
from .vm import HAND_CUT, Atomic, Choose, ForEach, If, While


def _fields(cx, value, path, kind, required=(), allowed=()):
    if not isinstance(value, dict):
        cx.problem(path, f"'{kind}' needs a mapping of settings", "type",
                   hint="settings: " + ", ".join(list(required) + [a for a in allowed if a not in required]))
        return None
    for key in value:
        if key not in required and key not in allowed:
            from difflib import get_close_matches
            close = get_close_matches(str(key), list(required) + list(allowed), n=1)
            cx.problem(path + (key,), f"unknown setting '{key}' in '{kind}'", "unknown-key", key=True,
                       hint=f"did you mean '{close[0]}'?" if close else None)
    for key in required:
        if key not in value:
            cx.problem(path, f"'{kind}' needs a '{key}' setting", "schema")
            return None
    return value


def log_event(s, **event):
    if s.events is not None:
        event.setdefault("hand", s.hand_no)
        s.events.append(event)


# words a designer may write for a direction of play, which settings take as 1 or -1
_SIDES = ("left", "right", "clockwise", "counterclockwise", "anticlockwise")


def _constant_or_fn(compiled):
    """A whole number known at load time as itself, anything else as its function."""
    value = compiled.value
    return value if compiled.const and value.__class__ is int else compiled.fn


def _zone_fn(cx, path, value):
    fn, name = cx.zone_ref(path, value)
    if name is not None:
        cx.zone_writes.add(name)
    return fn, name


# -- cards ------------------------------------------------------------------------

# `state.extra[SHUFFLED]`: {zone number: how many times it was shuffled or cut}.  Everyone sees a pack
# shuffled: a bot's watcher reads this to forget the order of the cards it had seen go into that zone.
# A key (zone number, seats) counts the times cards went into the zone at a place only those seats know
# (engine/placement.py): the other seats forget its order.
SHUFFLED = "shuffled"


def note_shuffled(s, index, knowers=()):
    key = (index, knowers) if knowers else index
    counts = s.extra.get(SHUFFLED)
    s.extra[SHUFFLED] = {**counts, key: counts.get(key, 0) + 1} if counts else {key: 1}


@step_kind("shuffle", "Shuffle a zone: `shuffle: stock`.")
def _shuffle(cx, value, path, step):
    zone, name = cx.zone_ref(path, value)
    if zone is None:
        return None
    index = cx.rules.zones[name].index

    def run(s, e):
        cards = zone(s, e)
        if s.revealed or s.revealed.to:      # a card shown is hidden again by the shuffle
            s.revealed.difference_update(cards)
        note_shuffled(s, index)
        if not s.fixed_order:
            shuffle_cards(s.rng, cards)
    return Atomic(run, cx.where(path), "shuffle")


def shuffle_cards(rng, cards):
    """`rng.shuffle(cards)`, written out for a plain random.Random: the same swaps from the same draws
    (Random.shuffle's Fisher-Yates with _randbelow's rejection sampling on getrandbits), without
    two Python calls per card.  Same seed, same order; any other generator shuffles itself."""
    if rng.__class__ is not _Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def below(rng, n):
    """`rng.randrange(n)` for n >= 1, written out for a plain random.Random as shuffle_cards is."""
    if rng.__class__ is not _Random:
        return rng.randrange(n)
    k = n.bit_length()
    j = rng.getrandbits(k)
    while j >= n:
        j = rng.getrandbits(k)
    return j


_Random = random.Random


@step_kind("cut", "Cut a zone at a random place (at least one card moves): `cut: stock`.")
def _cut(cx, value, path, step):
    zone, name = cx.zone_ref(path, value)
    if zone is None:
        return None
    index = cx.rules.zones[name].index

    def run(s, e):
        cards = zone(s, e)
        note_shuffled(s, index)
        if len(cards) > 1 and not s.fixed_order:
            k = 1 + below(s.rng, len(cards) - 1)     # rng.randrange(1, len(cards)): the same draw
            top = cards[:k]
            del cards[:k]
            cards += top
    return Atomic(run, cx.where(path), "cut")


@step_kind("deal", "Deal cards from the top of a zone: to each player in turn (a per-player zone) "
           "or to one zone. Settings: from, to, count (each; 'all', the default, deals out the zone, the first "
           "players dealt to getting one more when the cards do not go round evenly; more cards than the zone "
           "holds stop the game with an error), packet (how many cards a "
           "player gets at a time; for packets of different sizes, three then two, write one deal step per "
           "round), start (the first player dealt to; default left_of(dealer)), direction (1 to the left, the "
           "default, or -1), "
           "players (deal only to these players, in turn from start). A zone lists its cards from the bottom up: "
           "its top card, the next one dealt, is last(zone), and first(zone) is the bottom card.")
def _deal(cx, value, path, step):
    spec = _fields(cx, value, path, "deal", ("from", "to"), ("count", "packet", "start", "direction", "players"))
    if spec is None:
        return None
    src, _ = cx.zone_ref(path + ("from",), spec["from"])
    per_target = False
    to_text = str(spec["to"])
    info = cx.rules.zones.get(to_text)
    if info is not None and info.per == "player":
        per_target = True
        cx.zone_writes.add(to_text)
        tgt = lambda s, e, i=info.index: s.z[i]
        tgt_name = to_text
    else:
        tgt, tgt_name = _zone_fn(cx, path + ("to",), spec["to"])
    if src is None or tgt is None:
        return None
    # cards dealt face up (into a public zone) are named in the game log, as a move's are
    face_up = not per_target and tgt_name is not None and cx.rules.zones[tgt_name].visibility == "public"
    names = cx.rules.universe.names
    count_spec = spec.get("count", "all")
    if isinstance(count_spec, str) and count_spec.strip().lower() == "all" and count_spec != "all":
        cx.problem(path + ("count",), f"'{count_spec}' is not a count", "unknown-name", hint="did you mean 'all'?")
        return None
    everything = count_spec == "all"
    count = None if everything else cx.expr(path + ("count",), count_spec, T.NUM).fn
    if isinstance(spec.get("packet"), list):
        # packets of different sizes (three, then two): one deal step per round
        sizes = spec["packet"]
        cx.problem(path + ("packet",), "'packet' is the number of cards given at a time, the same in every round",
                   "type", hint="to deal in packets of different sizes, write one deal step per round: "
                   + ", then ".join(f"deal: {{count: {k}, ...}}" for k in sizes))
        return None
    packet = _constant_or_fn(cx.expr(path + ("packet",), spec.get("packet", 1), T.NUM))
    where = cx.where(path)
    if not per_target:
        def run_one(s, e):
            cards = src(s, e)
            k = len(cards) if everything else count(s, e)
            if k.__class__ is not int or k < 0:
                raise GameStopped(f"the number of cards to deal is {describe_value(k)}, not a whole number "
                                  "from 0 up", where)
            if k > len(cards):
                raise GameStopped(f"cannot deal {k} cards: only {len(cards)} left in {spec['from']}", where)
            dest = tgt(s, e)
            for _ in range(k):
                dest.append(cards.pop())
            if k and (s.revealed or s.revealed.to):     # cards shown stop being shown when they move
                s.revealed.difference_update(dest[-k:])
            if s.events is not None:
                if face_up:
                    shown = [names[c] for c in dest[len(dest) - k:]]
                    log_event(s, event="deal", to=to_text, count=k, cards=shown,
                              seen_by={c: list(range(s.n)) for c in shown})
                else:
                    log_event(s, event="deal", to=to_text, count=k)
        return Atomic(run_one, where, "deal")
    start = cx.expr(path + ("start",), spec.get("start", "left_of(dealer)"), T.PLAYER).fn
    direction = spec.get("direction", 1)
    if isinstance(direction, str) and direction.strip().lower().replace("-", "").replace(" ", "") in _SIDES \
            and direction.strip() not in cx.ns.names:
        # `direction: right` read as an expression is an unknown name; say what the setting takes
        cx.problem(path + ("direction",), f"a deal's 'direction' is a number, 1 or -1, not '{direction}'",
                   "meaning", hint="1 deals to the left (clockwise), -1 to the right")
        direction = 1
    direction = _constant_or_fn(cx.expr(path + ("direction",), direction, T.NUM))
    if direction.__class__ is int and direction not in (1, -1):
        # direction: 0 dealt every card to one seat, 2 skipped seats
        cx.problem(path + ("direction",), f"'direction' must be 1 or -1, not {direction}", "meaning",
                   hint="1 deals to the left (clockwise), -1 to the right")
        return None
    who = cx.expr(path + ("players",), spec["players"], T.PLAYERS).fn if "players" in spec else None
    direction_where = cx.where(path + ("direction",)) if "direction" in spec else cx.where(path)

    def run(s, e):
        cards = src(s, e)
        hands = tgt(s, e)
        first = start(s, e)
        d = direction if direction.__class__ is int else direction(s, e)
        if d != 1 and d != -1:
            raise GameStopped(f"the deal's direction is {describe_value(d)}, not 1 or -1", direction_where)
        seats = who(s, e) if who else [(first + i * d) % s.n for i in range(s.n)]
        if who:
            seats = sorted(seats, key=lambda p: ((p - first) * d) % s.n)
        if everything:
            k = None
        else:
            k = count(s, e)
            if k.__class__ is not int or k < 0:
                raise GameStopped(f"the number of cards to deal is {describe_value(k)}, not a whole number "
                                  "from 0 up", where)
            if k * len(seats) > len(cards):
                raise GameStopped(f"cannot deal {k} cards to each of {n_players(len(seats))}: only {len(cards)} "
                                  f"left in {spec['from']}", where)
        size = packet if packet.__class__ is int else packet(s, e)
        if size == 1:                        # one card at a time: the same result, by slicing
            m = len(seats)
            take = len(cards) if k is None else k * m
            top_first = cards[len(cards) - take:][::-1]
            del cards[len(cards) - take:]
            for i, p in enumerate(seats):
                hands[p].extend(top_first[i::m])
            if s.revealed or s.revealed.to:  # cards shown stop being shown when they move
                s.revealed.difference_update(top_first)
            if s.events is not None:
                _log_deal(s, to_text, k, [(p, top_first[i::m]) for i, p in enumerate(seats)])
            return
        if k is None:
            # count: all in packets: each seat gets the share a deal one card at a time would give
            # (35 cards to five players in threes: 3, 3 and 1 each), in packets of `size` while it lasts
            base, extra = divmod(len(cards), len(seats))
            shares = [base + (i < extra) for i in range(len(seats))]
        else:
            shares = [k] * len(seats)
        given = 0
        dealt = {p: [] for p in seats}
        while cards and given < max(shares, default=0):
            for i, p in enumerate(seats):
                take = min(size, shares[i] - given)
                for _ in range(min(take, len(cards))):
                    card = cards.pop()
                    if s.revealed or s.revealed.to:   # cards shown stop being shown when they move
                        s.revealed.discard(card)
                    hands[p].append(card)
                    dealt[p].append(card)
            given += size
        if s.events is not None:
            _log_deal(s, to_text, k, list(dealt.items()))
    return Atomic(run, where, "deal")


def _log_deal(s, to_text, k, dealt):
    """One game-log event for a deal to each player, naming each player's cards in dealing order (the
    full log shows everything: a hand with no decision in it has no other record of its cards).  Who saw
    which card follows the zone's visibility: everyone (face up), the owner, everyone but the owner, or
    nobody; a seat's log names only what that seat saw."""
    info = s.rules.zones[to_text]
    names = s.rules.universe.names
    each = [[p, [names[c] for c in got]] for p, got in dealt]
    event = dict(event="deal", to=to_text, count=k if k is not None else "all", each=each,
                 seen_by={names[c]: _seers(s, (info, p), s.n) for p, got in dealt for c in got})
    if info.visibility == "public":
        event["face_up"] = True
    log_event(s, **event)


@step_kind("move", "Move cards to a zone: `move: {cards: expr, to: zone, from: zone}`. Without 'from', "
           "the cards are taken from wherever they are. They go on top of the zone (`position: top`, the "
           "default); `position: bottom` puts them under the zone; a number "
           "(an expression) puts them under that many of the zone's cards (0: on top, count(zone): at the "
           "bottom). A position that reads a value only its player sees (`visibility: owner`) is a place chosen in "
           "secret: the other players know the cards went into the zone, not where (their bots forget the "
           "order of the zone's cards, as after a shuffle). A table "
           "zone of melds given as the cards (`cards: \"table[p]\"`) moves the cards of its melds. "
           "`keep_seen: true`: a card moved in full view (a face-down card swapped with another player's, a "
           "card given face down) stays known, where it went, to every player who saw it where it was (its zone "
           "showed it to them, or it was shown to them); without it a moved card is seen only as its new zone "
           "shows it.")
def _move(cx, value, path, step):
    spec = _fields(cx, value, path, "move", ("cards", "to"), ("from", "position", "keep_seen"))
    if spec is None:
        return None
    cards = cx.expr(path + ("cards",), spec["cards"])
    single = cards.type == T.CARD
    if not (single or T.is_collection(cards.type) or cards.type == T.ANY):
        cx.problem(path + ("cards",), f"'cards' must be a card or a list of cards, not {T.describe(cards.type)}",
                   "type")
    tgt, _ = _zone_fn(cx, path + ("to",), spec["to"])
    src = cx.zone_ref(path + ("from",), spec["from"], per_player_ok=True)[0] if "from" in spec else None
    position = spec.get("position", "top")
    bottom = position == "bottom"
    depth = None
    if position not in ("top", "bottom"):
        if isinstance(position, str) and position.strip() and position.strip().isidentifier() and \
                position.strip() not in cx.ns.names and position.strip() not in cx.locals:
            cx.problem(path + ("position",), f"'position' is top, bottom or a number of cards, not {position!r}: "
                       "the cards would go on top", "meaning", hint="position: bottom puts the cards under the zone "
                       "(its first cards), top (the default) on it; a number puts them under that many cards")
        else:
            depth = cx.expr(path + ("position",), position, T.NUM)
    keep = spec.get("keep_seen", False)
    if not isinstance(keep, bool):
        cx.problem(path + ("keep_seen",), f"'keep_seen' is true or false, not {keep!r}", "type",
                   hint="keep_seen: true keeps a moved card known to the players who saw it where it was")
        keep = False
    if tgt is None:
        return None
    cf = cards.fn
    where = cx.where(path)
    at = secret = None
    if depth is not None:                    # under a number of the zone's cards, maybe a secret place
        from .placement import reads_private, secret_place
        at = depth.fn
        secret = secret_place(cx, at, spec["to"]) if reads_private(cx, position) else None

    def run(s, e):
        value = cf(s, e)
        moving = [value] if single or isinstance(value, int) else list(value)
        if moving and (moving[0].__class__ is list or moving[-1].__class__ is list):
            moving = group_cards(moving)
        if moving:
            zone = src(s, e) if src is not None else None
            dest = tgt(s, e)
            above = at(s, e) if at is not None else None
            before = [card_place(s, c) for c in moving] if s.events is not None else None   # logged games
            # a card shown to everyone was seen as it moved, though the move turns it face down again
            shown = [c for c in moving if c in s.revealed] if before is not None and s.revealed else ()
            to = getattr(s.revealed, "to", None) if before is not None else None
            some = {c: set(to[c]) for c in moving if c in to} if to else None    # shown to some seats
            seers = _seers_of(s, moving) if keep else None
            move_cards(s, moving, dest, zone, bottom, where, above)
            if seers is not None:
                _show_again(s, seers)
            if secret is not None:
                secret(s, e, above, dest)
            if before is not None:
                log_move(s, moving, before, dest, shown, some)
    if at is not None or keep:               # stepgen.py writes out plain moves on top or at the bottom only
        return Atomic(run, where, "move")
    return Move(run, where, "move", (cf, single, src, tgt, bottom))



class Move(Atomic):
    """A move step; `move` (cards fn, single card?, from-zone fn, to-zone fn, bottom?) is for stepgen.py."""
    __slots__ = ("move",)

    def __init__(self, fn, where, kind, move):
        super().__init__(fn, where, kind)
        self.move = move


def _seers_of(s, moving) -> dict:
    """{card: the seats that see it where it lies now}: its zone shows it to them, or it is shown to
    them (`reveal:`), for a move that keeps cards known (`keep_seen: true`)."""
    shown = s.revealed
    out = {}
    for c in moving:
        if c in shown:
            out[c] = set(range(s.n))
            continue
        seats = set(_seers(s, card_place(s, c), s.n))
        if shown.__class__ is Shown and c in shown.to:
            seats |= shown.to[c]
        out[c] = seats
    return out


def _show_again(s, seers) -> None:
    """After a move that keeps cards known: each card is shown, where it went, to the seats that saw it
    before (to everyone as a card shown face up when every seat did)."""
    shown = s.revealed
    if shown.__class__ is not Shown:
        shown = s.revealed = Shown(shown)
    for c, seats in seers.items():
        shown.show_to_again((c,), seats, s.n)


def group_cards(moving) -> list:
    """The cards of a list that holds groups (a table zone of melds is a list of groups, each a list of
    cards), as one list: a move of a table zone, or of its groups joined with cards, moves their cards."""
    return [c for x in moving for c in (x if x.__class__ is list else (x,))]


def move_cards(s, moving, dest, zone, bottom, where, above=None):
    """Take each card from `zone` (None: from wherever it is) and put them all on `dest`: under `above`
    of its cards when given (`position:` a number), else at the bottom or on top."""
    if s.revealed or s.revealed.to:      # a card leaving a hand unseen: its shown cards are mixed (mixing.py)
        forget_mixed(s, moving, dest)
    for c in moving:
        take_card(s, zone, c, where)
    if above is not None:
        if above.__class__ is not int or not 0 <= above <= len(dest):
            raise GameStopped(f"the position is {describe_value(above)}: the cards go under 0 to {len(dest)} "
                              f"cards of the zone (its number of cards)", where)
        dest[len(dest) - above:len(dest) - above] = moving
    elif bottom:
        dest[:0] = moving
    else:
        dest.extend(moving)
    if s.revealed or s.revealed.to:      # cards shown stop being shown when they move
        s.revealed.difference_update(moving)


# `cards:` gave none, as last(stock) does on an empty stock (a draw the rules did not guard)
NO_CARD = ("there is no card to move: the cards to move are none (last() or first() of an empty zone gives "
           "none); move only when there is one, e.g. under `if: count(stock) > 0`")


def _holds_groups(s, value) -> bool:
    """Whether a list of lists is a table of melds (its items groups), not a zone kept per player, whose
    items are the players' parts."""
    for info in s.rules.zone_list:
        if s.z[info.index] is value:
            return info.per is None
    return True                 # a part of a zone kept per player (table[p]) that holds lists


def _drop_group(table, group):
    """A group a move emptied leaves its table (count(table) counts melds, not the places they were)."""
    for i, g in enumerate(table):
        if g is group:
            del table[i]
            return


def take_card(s, zone, card, where):
    """Take `card` out of `zone` (a list, or a per-player list of lists; None: any zone), or stop the
    game saying it is not there."""
    if card is None:
        raise GameStopped(NO_CARD, where)
    if zone is not None:
        zones = zone if zone and isinstance(zone[0], list) else [zone]
        for z in zones:
            if card in z:
                z.remove(card)
                if not z and z is not zone and _holds_groups(s, zone):
                    _drop_group(zone, z)
                return
        u = s.rules.universe
        twin = u.twins and any(x.__class__ is int and u.face_key[x] == u.face_key[card] for z in zones for x in z)
        raise GameStopped(f"card {u.name(card)} is not in the zone it is moved from" + (
            ", though an identical copy of it is: `in` and == take identical copies for one another, a move "
            "takes the very card given (move a card of the zone, e.g. last(zone) or first(of_rank(zone, r)))"
            if twin else ""), where)
    for zone in s.z:
        for z in (zone.values() if isinstance(zone, dict) else zone if zone and isinstance(zone[0], list) else [zone]):
            if card in z:
                z.remove(card)
                if not z and z is not zone and _holds_groups(s, zone):
                    _drop_group(zone, z)
                return
            if z and z[0].__class__ is list:     # a player's table of melds: look in its groups
                for group in z:
                    if card in group:
                        group.remove(card)
                        if not group:
                            _drop_group(z, group)
                        return
    raise GameStopped(f"card {s.rules.universe.name(card)} is nowhere to be moved from", where)


@step_kind("gather", "Put every card of the listed zones into one zone: `gather: {from: [hand, won], to: stock}`.")
def _gather(cx, value, path, step):
    spec = _fields(cx, value, path, "gather", ("from", "to"), ())
    if spec is None:
        return None
    names = spec["from"] if isinstance(spec["from"], list) else [spec["from"]]
    zones = []                  # (zone number, kept per player or per entry?), in the order given
    # (a zone of melds holds lists of cards: their cards go, and the zone is left with no group)
    for i, name in enumerate(names):
        info = cx.rules.zones.get(str(name))
        if info is None:
            cx.zone_ref(path + ("from", i), name)
            continue
        zones.append((info.index, info.per is not None))
    tgt, _ = _zone_fn(cx, path + ("to",), spec["to"])
    if tgt is None:
        return None

    def run(s, e):
        dest = tgt(s, e)
        z = s.z
        for i, split in zones:
            zone = z[i]
            if split:
                parts = zone.values() if isinstance(zone, dict) else zone
            else:
                parts = zone if zone and zone[0].__class__ is list else (zone,)
            for part in parts:
                if part and part is not dest:
                    if part[0].__class__ is list:    # a player's (suit's, entry's) table of melds
                        for group in part:
                            dest.extend(group)
                            if s.revealed or s.revealed.to:
                                s.revealed.difference_update(group)
                            group.clear()
                    else:
                        dest.extend(part)
                        if s.revealed or s.revealed.to:   # cards shown stop being shown when they move
                            s.revealed.difference_update(part)
                    part.clear()
            if not split and zone and zone[0].__class__ is list and zone is not dest:
                zone.clear()                  # a table of melds for all: no empty groups left (count(table) is 0)
    return Atomic(run, cx.where(path), "gather")


@step_kind("reveal", "Show cards to every player (they stay known until they move or their zone is shuffled; "
           "cards shown in a hand stop being known to a player who does not see where a card of that hand "
           "goes, since they can no longer tell which of the hand's cards it was): "
           "`reveal: last(hand[dealer])`; or to some players only, the others seeing nothing: "
           "`reveal: {cards: \"hand[target]\", to: current}` (`to`: a player or a list of players). To show "
           "cards that are being taken up (a kitty shown to all), reveal them after the move, where they went.")
def _reveal(cx, value, path, step):
    to = None
    if isinstance(value, dict) and value:
        spec = _fields(cx, value, path, "reveal", ("cards",), ("to",))
        if spec is None:
            return None
        if "to" in spec and str(spec["to"]).strip().lower() in ("all", "everyone", "everybody", "public"):
            cx.problem(path + ("to",), f"'to: {spec['to']}' names nobody: 'to' is a player or a list of players",
                       "type", hint="to show the cards to every player, leave out 'to' (reveal: cards), "
                                    "or write to: players")
            return None
        if "to" in spec:
            to = cx.expr(path + ("to",), spec["to"])
            # a player or a list of players; a seat written as a number too (0), as player: settings take it
            if not (T.compatible(to.type, T.PLAYER) or T.compatible(to.type, T.PLAYERS)):
                cx.problem(path + ("to",), f"'to' names who is shown the cards: a player or a list of "
                           f"players, not {to.type}", "type", hint="e.g. to: current, or to: [current, target]")
                return None
        path, value = path + ("cards",), spec["cards"]
    cards = cx.expr(path, value)
    cf = cards.fn
    single = cards.type == T.CARD
    if not (single or cards.type in (T.CARDS, T.ANY) or (T.is_collection(cards.type)
                                                         and T.element_of(cards.type) in (T.CARD, T.ANY))):
        cx.problem(path, f"reveal shows a card or a list of cards, not {T.describe(cards.type)}", "type",
                   hint="e.g. reveal: last(hand[dealer]), or reveal: {cards: \"hand[p]\", to: current}")
        return None
    tf = to.fn if to is not None else None

    def run(s, e):
        v = cf(s, e)
        if v is None:                    # no card (e.g. last() of an empty hand): nothing to show
            return
        shown = [v] if single or isinstance(v, int) else list(v)
        seats = None
        if tf is not None:
            who = tf(s, e)
            seats = [] if who is None else [who] if who.__class__ is int else [q for q in who if q is not None]
            if s.revealed.__class__ is not Shown:     # a plain set put in its place (tests do)
                s.revealed = Shown(s.revealed)
            s.revealed.show_to(shown, seats)
        else:
            s.revealed.update(shown)
        if s.extra:                      # a card that left a hand unseen, shown now (mixing.py)
            told(s, shown, seats)
        if s.events is not None:         # the names are worked out only for a logged game
            from .logtext import card_place, _label
            places = list(dict.fromkeys(_label(card_place(s, c)) for c in shown))
            extra = {} if seats is None else {"to": sorted(seats)}
            log_event(s, event="reveal", cards=[s.rules.universe.name(c) for c in shown], where=places, **extra)
    return Atomic(run, cx.where(path), "reveal")


# -- state -------------------------------------------------------------------------

def _target(cx, path, text):
    """A state variable to assign: 'trumps', 'score[p]', 'rung[pile]'."""
    from lark import Tree
    from ..expr.parser import parse
    from ..expr.errors import ExprError
    try:
        tree = parse(str(text))
    except ExprError as err:
        hint = None
        if "=" in str(text) and "==" not in str(text):     # set: {out = current}
            name, _, value = str(text).partition("=")
            hint = f"write 'variable: value', with a colon: {{{name.strip()}: {value.strip()}}}"
        cx.problem(path, f"'{text}' is not a state variable: {err.message}", "expression", key=True, hint=hint)
        return None
    index = None
    if tree.data == "index":
        name_node, index_node = tree.children
        index = index_node
    else:
        name_node = tree
    if not (isinstance(name_node, Tree) and name_node.data == "name"):
        inner = name_node
        while isinstance(inner, Tree) and inner.data == "index":
            inner = inner.children[0]
        hint = None
        if isinstance(inner, Tree) and inner.data == "name" and str(inner.children[0]) in cx.rules.vars:
            hint = (f"a step gives '{inner.children[0]}' (or one entry of it) a whole new value; one item of a "
                    f"list cannot be set alone: set the whole list, e.g. '[a, b, c]'")
        cx.problem(path, f"'{text}' is not a state variable", "type", key=True, hint=hint)
        return None
    name = str(name_node.children[0])
    info = cx.rules.vars.get(name)
    if info is None:
        from difflib import get_close_matches
        close = get_close_matches(name, list(cx.rules.vars), n=1)
        if name in cx.rules.zones:
            hint = (f"'{name}' is a zone: set and add change state variables; a zone's cards change with "
                    f"move:, deal: or gather:, and count({name}) counts them")
        else:
            hint = f"did you mean '{close[0]}'?" if close else "declare it under 'state:'"
        cx.problem(path, f"unknown state variable '{name}'", "unknown-name", key=True, hint=hint)
        return None
    cx.var_writes.add(name)
    if info.per and index is None:
        from ..expr.types import per_example
        cx.problem(path, f"'{name}' is kept per {info.per}: {per_example(name, info.per)}", "type", key=True)
        return None
    if index is not None and not info.per:
        if info.type in (T.LIST, T.CARDS, T.PLAYERS) or T.is_collection(info.type):
            cx.problem(path, f"'{name}' holds a list: a step sets the whole list, not one item of it", "type",
                       key=True, hint=f"set the whole list, e.g. {{{name}: '[a, b, c]'}}, or keep the value per "
                                      "player, suit or team (per:) to set one entry")
        else:
            cx.problem(path, f"'{name}' is a single value and cannot be indexed", "type", key=True)
        return None
    key = None
    if index is not None:
        from ..expr.compiler import Ctx
        try:
            ctx = Ctx(cx.ns, str(text), cx.locals)
            ctx.compile(tree)             # the entry as read: its index checked against the kind (per: player)
            compiled = ctx.compile(index)
            key = ctx.finish(compiled).fn
        except Exception as err:  # ExprError: keep its kind and hint (an unknown name: did you mean, as:)
            cx.problem(path, f"in '{text}': {getattr(err, 'message', err)}", getattr(err, "rule", "expression"),
                       key=True, hint=getattr(err, "hint", None))
            return None
        if info.per == "team" and compiled.type == T.PLAYER and cx.ns.partnered:
            from ..expr.compiler import partnered_counts
            said = str(text)[str(text).index("[") + 1:str(text).rindex("]")].strip()
            cx.problem(path, f"'{name}' is kept per team, numbered from 0 by team, but '{said}' is a player"
                       f"{partnered_counts(cx.ns)}", "type", key=True,
                       hint=f"take the player's team: {name}[team_of({said})]")
            return None
    return info, key


def no_entry(name, per, k, container) -> str:
    """The message for a step setting an entry a value kept per player, team, suit or object does not have:
    'no entry 2 in 'score' (kept per team: entries 0 to 1)'."""
    from ..expr.errors import written
    if isinstance(container, dict):
        has = ", ".join(written(x) for x in container)
    else:
        has = f"0 to {len(container) - 1}" if container else "none"
    kept = f"kept per {per}: " if per else ""
    hint = "; index it by a team number, e.g. team_of(p)" if per == "team" else ""
    return f"no entry {written(k)} in '{name}' ({kept}entries {has}){hint}"


# the word of a state variable's `type:` for a kind of value
_TYPE_WORDS = {T.NUM: "number", T.BOOL: "boolean", T.STR: "text", T.CARD: "card", T.CARDS: "cards",
               T.PLAYER: "player", T.PLAYERS: "players", T.SUIT: "suit", T.RANK: "rank"}


def _assign(cx, value, path, combine, kind):
    if not isinstance(value, dict) or not value:
        cx.problem(path, f"'{kind}' needs one or more 'variable: expression' lines", "type")
        return None
    if not combine:
        _warn_swap(cx, value, path)
    ops = []
    for target_text, expr_text in value.items():
        target = _target(cx, path + (target_text,), target_text)
        expr = cx.expr(path + (target_text,), expr_text, T.NUM if combine else None)
        if target is None:
            continue
        info, key = target
        if combine and info.type not in (T.NUM, T.ANY):
            # add: {trumps: 1} stopped the game when it ran (none + 1)
            cx.problem(path + (target_text,), f"'{info.name}' holds {T.describe(info.type)}: 'add' adds to "
                       "numbers", "type", key=True,
                       hint=f"give it a new value with set: {{{target_text}: ...}}")
            continue
        if not combine and expr.type not in (T.ANY, T.NONE) and info.type != T.ANY \
                and not T.compatible(expr.type, info.type):
            spec = ((cx.rules.data.get("state") or {}).get(info.name)) if isinstance(cx.rules.data, dict) else None
            wanted = _TYPE_WORDS.get(expr.type)
            hint = None
            if isinstance(spec, dict) and "type" not in spec and wanted:
                # the kind came from the initial value (a number when there is none)
                hint = (f"without 'type:' the kind of '{info.name}' is that of its initial value: declare it "
                        f"with type: {wanted} (or initial: none for a value of any kind)")
            cx.problem(path + (target_text,), f"'{info.name}' holds {T.describe(info.type)}, but this gives "
                       f"{T.describe(expr.type)}", "type", hint=hint)
        typ = info.type if not combine else T.NUM
        if typ in (T.ANY, T.LIST) and expr.type in (T.CARD, T.CARDS):
            typ = expr.type               # a card kept in a variable of any kind is logged by its name
        ops.append((info.index, key, expr.fn, info.name, typ))
    where = cx.where(path)
    pers = {name: info.per for name, info in cx.rules.vars.items()}

    def run(s, e):
        for index, key, fn, name, typ in ops:
            value = fn(s, e)
            if value.__class__ is list and typ not in SCALARS:
                value = owned(value)      # a zone's own list (set: {played: trick}): keep its cards as they are now
            if key is None:
                s.v[index] = s.v[index] + value if combine else value
            else:
                k = key(s, e)
                container = s.v[index]
                try:
                    container[k] = container[k] + value if combine else value
                except (IndexError, KeyError, TypeError):
                    if k.__class__ is int and container.__class__ is list and 0 <= k < len(container) \
                            or container.__class__ is dict and k in container:
                        raise                # the entry is there: the value itself is wrong
                    raise EvalError(no_entry(name, pers.get(name), k, container)) from None
            if s.events is not None:
                log_event(s, event=kind, var=name, key=shown(s, key(s, e)) if key else None,
                          value=shown(s, value, typ))
    return Assign(run, where, kind, ops, combine, pers)


def _reads(expr_text, target_text) -> bool:
    """True if the expression text names the target (a variable, or an entry such as score[p]) as a whole
    word, outside quoted text."""
    def tight(x):                           # score [ p ] is score[p]
        return re.sub(r"\s*([\[\]])\s*", r"\1", x)

    text = tight(re.sub(r"'[^']*'|\"[^\"]*\"", "''", str(expr_text)))
    target = tight(str(target_text).strip())
    return re.search(r"(?<![\w.])" + re.escape(target) + r"(?![\w(\[])", text) is not None


def _warn_swap(cx, lines, path):
    """`set: {a: b, b: a}` written as a swap: the lines apply in order, so the second reads the value the
    first has just stored and both end with b's old value.  A warning at the second line."""
    items = [(str(k), v) for k, v in lines.items() if isinstance(v, (str, int, float))]
    for j, (later, later_value) in enumerate(items):
        for earlier, earlier_value in items[:j]:
            if earlier != later and _reads(earlier_value, later) and _reads(later_value, earlier):
                cx.problem(path + (later,), f"this 'set' looks like a swap of '{earlier}' and '{later}', but its "
                           f"lines apply in order: this line reads the '{earlier}' a line above has just set, "
                           f"so both end with the old value of '{later}'", "meaning", severity="warning",
                           hint=f"keep the old value first in a state variable of its own (declared under "
                                f"'state:'), in the same step: set: {{old: {earlier}, {earlier}: {later}, "
                                f"{later}: old}}")
                return


# The kinds of variable that never hold a list: a value set into any other kind is copied when it is a
# list, for an expression may give a zone's own list of cards, which later moves would change.
SCALARS = frozenset((T.NUM, T.BOOL, T.STR, T.CARD, T.PLAYER, T.SUIT, T.RANK))


class Assign(Atomic):
    """A set or add step; `ops` (variable index, key fn, value fn, ...) lets stepgen.py write it as source;
    `pers`: what each variable is kept per (for the message when an entry is missing)."""
    __slots__ = ("ops", "combine", "pers")

    def __init__(self, fn, where, kind, ops, combine, pers=None):
        super().__init__(fn, where, kind)
        self.ops, self.combine, self.pers = ops, combine, pers or {}


def shown(s, value, typ=T.ANY):
    """A value as a game log shows it: cards by name, melds as their cards ('[8♣ 9♣ Joker=10♣]', a
    change to a table meld as '10♦ -> [..]'), lists copied."""
    names = s.rules.universe.names
    from .logtext import meld_text
    melds = meld_text(s, value)
    if melds is not None:
        return melds
    if typ == T.CARD and isinstance(value, int) and not isinstance(value, bool):
        return names[value]
    if typ == T.CARDS and isinstance(value, (list, tuple)):
        return [names[c] if isinstance(c, int) else c for c in value]
    items = T.tuple_items(typ)
    if items is not None and isinstance(value, tuple) and len(items) == len(value):
        return [shown(s, v, k) for v, k in zip(value, items)]      # (card, pile): the card by name
    if isinstance(value, (list, tuple)):
        return list(value)
    return value


@step_kind("set", "Give state variables new values: `set: {trumps: \"last(hand[dealer]).suit\"}`. The lines "
           "apply in order: each sees the values stored by the lines above it.")
def _set(cx, value, path, step):
    return _assign(cx, value, path, False, "set")


@step_kind("add", "Add to number variables: `add: {\"score[p]\": 10}` (quote a key with brackets). The lines "
           "apply in order.")
def _add(cx, value, path, step):
    return _assign(cx, value, path, True, "add")


@step_kind("reset", "Give the listed state variables their initial values again: `reset: [marker, holder]`.")
def _reset(cx, value, path, step):
    from .program import initial_value
    names = value if isinstance(value, list) else [value]
    infos = []
    for i, name in enumerate(names):
        info = cx.rules.vars.get(str(name))
        if info is None:
            from difflib import get_close_matches
            close = get_close_matches(str(name), list(cx.rules.vars), n=1)
            if str(name) in cx.rules.zones:
                hint = (f"'{name}' is a zone: reset gives state variables their initial values; a zone is "
                        "emptied by moving its cards away, with gather: or move:")
            else:
                hint = f"did you mean '{close[0]}'?" if close else "declare it under 'state:'"
            cx.problem(path + (i,), f"unknown state variable '{name}'", "unknown-name", hint=hint)
            continue
        cx.var_writes.add(info.name)
        infos.append(info)

    def run(s, e):
        for info in infos:
            s.v[info.index] = initial_value(s, info)
    return Atomic(run, cx.where(path), "reset")


# -- control flow --------------------------------------------------------------------

@step_kind("if", "Do steps only when a condition holds: `if: cond` with `then: [...]` and optionally `else: [...]`.",
           {"then": "steps when the condition holds", "else": "steps otherwise"})
def _if(cx, value, path, step):
    base = path[:-1]
    cond = cx.expr(path, value, T.BOOL)
    then = compile_steps(cx, step.get("then"), base + ("then",))
    other = compile_steps(cx, step["else"], base + ("else",)) if "else" in step else None
    if "then" not in step:
        cx.problem(base, "'if' needs a 'then:' list of steps", "schema")
    return If(cond.fn, then, other, cx.where(path))


@step_kind("for_each", "Do steps once per item: `for_each: {in: players, as: p, do: [...]}` (without `as` the "
           "item is named item). The items are "
           "worked out once, before the first: steps that move cards out of the zone being gone through, or "
           "change what a sort reads (`in: sort(players, p => ...)`), still visit every item of the list as it "
           "was.")
def _for_each(cx, value, path, step):
    spec = _fields(cx, value, path, "for_each", ("in", "do"), ("as",))
    if spec is None:
        return None
    items = cx.expr(path + ("in",), spec["in"])
    if not (T.is_collection(items.type) or items.type == T.ANY):
        zone = cx.rules.zones.get(spec["in"].strip()) if isinstance(spec["in"], str) else None
        if zone is not None and zone.per:
            from ..expr.types import per_example
            cx.problem(path + ("in",), f"zone '{zone.name}' is kept per {zone.per}: {per_example(zone.name, zone.per)}",
                       "type")
        else:
            cx.problem(path + ("in",), f"'in' must be a list, not {T.describe(items.type)}", "type")
    name = spec.get("as", "item")
    if not isinstance(name, str) or not name.isidentifier():
        cx.problem(path + ("as",), "'as' needs a name for the item, e.g. as: p", "type")
        return None
    with cx.scope(**{name: T.element_of(items.type)}):
        body = compile_steps(cx, spec["do"], path + ("do",))
    return ForEach(name, items.fn, body, cx.where(path))


@step_kind("repeat", "Repeat steps: `repeat: {while: cond, do: [...]}` (checked before each round), "
           "`{until: cond, do: [...]}` (checked after each round: the first round is always played) or "
           "`{times: n, do: [...]}` (none for n of 0 or less). With none of the three the steps repeat until "
           "a step ends the hand or the game. `limit` is the most rounds of a while or until loop before the "
           "game stops with an error (default 100000).")
def _repeat(cx, value, path, step):
    spec = _fields(cx, value, path, "repeat", ("do",), ("while", "until", "times", "limit"))
    if spec is None:
        return None
    body = compile_steps(cx, spec["do"], path + ("do",))
    limit = spec.get("limit", 100000)
    where = cx.where(path)
    given = [k for k in ("while", "until", "times") if k in spec]
    for extra in given[1:]:               # a second condition would be silently ignored
        cx.problem(path + (extra,), f"'repeat' takes one of while, until and times, not both '{given[0]}' and "
                   f"'{extra}'", "meaning", key=True)
    if "times" in spec and "limit" in spec:
        cx.problem(path + ("limit",), "'limit' guards 'while' and 'until' loops; a loop of 'times' needs none",
                   "meaning", key=True)
    if "times" in spec:
        times = cx.expr(path + ("times",), spec["times"], T.NUM).fn
        return ForEach("round", lambda s, e: range(1, times(s, e) + 1), body, where)
    if "until" in spec:
        until = cx.expr(path + ("until",), spec["until"], T.BOOL).fn
        return _Until(until, body, where, limit)
    cond = cx.expr(path + ("while",), spec.get("while", True), T.BOOL).fn
    return While(cond, body, where, limit)


class _Until(While):
    """Run the body, then stop as soon as the condition holds."""
    tests_after = True

    def step(self, s, frame):
        if frame[1] > 0 and self.cond(s, frame[2]):
            s.stack.pop()
            return None
        if frame[1] >= self.limit:
            raise GameStopped(f"a loop ran {self.limit} times without ending", self.where)
        frame[1] += 1
        return self.body.enter(s, frame[2])


@step_kind("call", "Run a procedure declared under 'procedures:': `call: score_hand`, or, for a procedure "
           "with parameters (`pay(payer, amount):`), with a value for each: `call: pay(declarer, 10)`.")
def _call(cx, value, path, step):
    return compile_call(cx, value, path)


@step_kind("end_game", "End the game at once when a condition holds: "
           "`end_game: {when: cond, winners: expr}` (winners default to the end section's; without `when` the "
           "game ends whenever the step is reached, e.g. `end_game: {winners: expr}` in a move). The steps left "
           "are not run.")
def _end_game(cx, value, path, step):
    spec = _fields(cx, value, path, "end_game", (), ("when", "winners"))
    if spec is None:
        return None
    when = cx.expr(path + ("when",), spec.get("when", True), T.BOOL).fn
    winners = cx.winners(path + ("winners",), spec["winners"]).fn if "winners" in spec else None

    def run(s, e):
        if when(s, e):
            _count_turns_in_play(s)
            s.winners = list(winners(s, e)) if winners else None
            s.over = True
            log_event(s, event="end", winners=s.winners)
    return Guarded(run, cx.where(path), "end_game", when)


@step_kind("end_hand", "End the hand at once when a condition holds (a refused call, a claim): "
           "`end_hand: {when: cond}` (without `when`: whenever the step is reached, e.g. `end_hand: {}` in a "
           "move). The hand's steps left, in any block or procedure, are skipped; "
           "`end: after_hand` is checked and the next hand follows, as after the last step of a hand.")
def _end_hand(cx, value, path, step):
    spec = _fields(cx, value, path, "end_hand", (), ("when",))
    if spec is None:
        return None
    if path and path[0] == "setup":
        cx.problem(path, "'end_hand' ends a hand, and the setup steps run before the first hand",
                   "meaning", hint="move it to the hand: steps, or end the game with end_game")
    when = cx.expr(path + ("when",), spec.get("when", True), T.BOOL).fn
    where = cx.where(path)

    def run(s, e):
        if when(s, e):
            if s.stack[0][1] != s.stack[0][0].after_hand_phase:
                raise GameStopped("end_hand ran in the setup steps, before any hand", where)
            _count_turns_in_play(s)
            s.over = HAND_CUT
            log_event(s, event="end_hand")
    return Guarded(run, where, "end_hand", when)


def _count_turns_in_play(s):
    """A `turns` block counts a turn once its steps are done (Turns.step); the game ending in the
    middle of one (an end_game in its steps) ends that turn too: it counts, as a turn ended by `until`."""
    from .turns import Turns
    for frame in s.stack:
        if isinstance(frame[0], Turns) and frame[1] > 0:
            s.turns += 1


class Guarded(Atomic):
    """A step that does nothing unless `guard(s, e)` holds (stepgen.py tests the guard in place first)."""
    __slots__ = ("guard",)

    def __init__(self, fn, where, kind, guard):
        super().__init__(fn, where, kind)
        self.guard = guard


@step_kind("record", "Add values to the game's records: `record: {contract: high_bid}` (a list per name).")
def _record(cx, value, path, step):
    if not isinstance(value, dict):
        cx.problem(path, "'record' needs 'name: expression' lines", "type")
        return None
    items = [(name, cx.expr(path + (name,), expr)) for name, expr in value.items()]
    conv = [(name, c.fn, c.type) for name, c in items]

    def run(s, e):
        names = s.rules.universe.names
        for name, fn, typ in conv:
            v = fn(s, e)
            if typ == T.CARD and v is not None:
                v = names[v]
            elif typ == T.CARDS:
                v = [names[c] for c in v]
            s.metrics.setdefault(name, []).append(v)
    return Atomic(run, cx.where(path), "record")


@step_kind("log", "Write a line in the game log (with --log): `log: \"'claims ' + ...\"` (any expression).")
def _log(cx, value, path, step):
    fn = cx.expr(path, value).fn

    def run(s, e):
        if s.events is not None:
            log_event(s, event="note", text=str(fn(s, e)))
    return Atomic(run, cx.where(path), "log")


@step_kind("fail", "Stop the game with an error message when a condition holds (a check for rule designers): "
           "`fail: {when: cond, message: text}`.")
def _fail(cx, value, path, step):
    spec = _fields(cx, value, path, "fail", ("when",), ("message",))
    if spec is None:
        return None
    when = cx.expr(path + ("when",), spec["when"], T.BOOL).fn
    message = spec.get("message", "a rule check failed")
    where = cx.where(path)

    def run(s, e):
        if when(s, e):
            raise GameStopped(message, where)
    return Guarded(run, where, "fail", when)    # generated steps test `when` in place (stepgen.py)


# -- choices ---------------------------------------------------------------------------

@step_kind("choose", "A player decides: `choose: {player: expr, moves: {name: {options, legal, as, do}}}`. "
           "Each move is one action, or one action per option of `options` (a list, e.g. range(0, 6)); "
           "`legal` and `do` call the chosen option `option`, or the name given with `as:` (as: n). "
           "A move whose options are an empty list is not offered.")
def _choose(cx, value, path, step):
    spec = _fields(cx, value, path, "choose", ("player", "moves"), ())
    if spec is None:
        return None
    player = cx.expr(path + ("player",), spec["player"], T.PLAYER)
    moves = []
    if not isinstance(spec["moves"], dict) or not spec["moves"]:
        cx.problem(path + ("moves",), "'moves' needs one or more named moves", "type")
        return None
    option_types = {}
    for name, move in spec["moves"].items():
        mpath = path + ("moves", name)
        move = move or {}
        if not isinstance(move, dict):
            cx.problem(mpath, f"move '{name}' needs a mapping of settings (options, legal, as, do)", "type")
            continue
        _fields(cx, move, mpath, f"move {name}", (), ("options", "legal", "as", "do", "description"))
        options = bind = None
        bind_type = {}
        if "options" in move:
            opts = cx.expr(mpath + ("options",), move["options"])
            if not (T.is_collection(opts.type) or opts.type == T.ANY):
                cx.problem(mpath + ("options",), f"'options' must be a list, not {T.describe(opts.type)}", "type",
                           hint="take one entry of a value kept per player, e.g. hand[current]" if T.is_per(opts.type)
                           else "e.g. range(1, 6), hand[current] or suits")
            options = opts.fn
            bind = move.get("as", "option")
            if not isinstance(bind, str) or not bind.isidentifier():
                cx.problem(mpath + ("as",), "'as' needs a name for the option, e.g. as: card", "type")
                continue
            bind_type = {bind: T.element_of(opts.type)}
        with cx.scope(**bind_type):
            legal = cx.expr(mpath + ("legal",), move["legal"], T.BOOL).fn if "legal" in move else None
            body = compile_steps(cx, move.get("do"), mpath + ("do",)) if move.get("do") else None
        moves.append((str(name), options, legal, bind, body))
        option_types[str(name)] = bind_type.get(bind, T.ANY) if bind else T.ANY
    node = Choose(player.fn, moves, cx.where(path))
    # "no legal move" points at the move whose options or legal test gave nothing (at 'moves:' if several)
    names = list(spec["moves"])
    node.no_move_where = cx.where(path + ("moves", names[0]) if len(names) == 1 else path + ("moves",), key=True)
    node.option_types = option_types
    return node
