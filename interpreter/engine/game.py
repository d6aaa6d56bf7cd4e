"""The interface bots and the simulator use, in the manner of OpenSpiel:
start a game, read the legal actions and who decides, apply an action, copy
the state cheaply, see what one player may see, read the result."""
from __future__ import annotations

from ..diagnostics import players_phrase
from ..expr.errors import EvalError, describe_value, in_words
from . import vm
from .program import _plain, initial_value, record_hand_metrics
from .state import GameStopped, Shown, State, decision_limit, shown_to
from .vm import PAUSE


class GameError(Exception):
    """A game could not go on; the message names the seed and where it happened."""

    def __init__(self, message, seed=None, where="", hand=None, long_play=False):
        super().__init__(message)
        self.message, self.seed, self.where, self.hand = message, seed, where, hand
        self.long_play = long_play    # a limit on the length of play was reached (turns, hands, decisions)

    def __str__(self):
        bits = [self.message]
        if self.where:
            bits.append(f"at {self.where}")
        if self.hand:
            bits.append(f"in hand {self.hand}")
        if self.seed is not None:
            bits.append(f"(seed {self.seed})")
        return " ".join(bits)


def new_game(rules, players: int | None = None, seed=0, log: bool = False, deck: list | None = None) -> State:
    """Start a game and run it to the first decision.

    `deck` (card ids, the first to be dealt first) stacks the pack for a scripted
    game: the pack zone starts in that order and shuffles and cuts change nothing.
    """
    s = prepare_game(rules, players, seed, log, deck)
    _guard(s, lambda: vm.run(s))
    return s


def prepare_game(rules, players: int | None = None, seed=0, log: bool = False, deck: list | None = None) -> State:
    """A game set up as new_game sets it up (zones, variables, the pack), no step run yet: run it to the
    first decision with start(s).  A caller may first put its own list in s.events (a log that notes
    positions as it goes, say)."""
    n = players or rules.default_players
    if n not in rules.player_counts:
        raise GameError(f"{rules.name} is for {players_phrase(rules.player_counts)}, not {n}")
    s = State(rules, n, seed)
    if log:
        s.events = []
    for info in rules.zone_list:
        if info.per == "player":
            s.z.append([[] for _ in range(n)])
        elif info.per is None:
            s.z.append([])
        else:
            from .program import per_keys
            s.z.append({k: [] for k in per_keys(s, info.per)})
    s.v = [None] * len(rules.var_list)
    _guard(s, lambda: _init_vars(s))
    if deck is not None:
        s.fixed_order = True
        s.z[rules.zones[rules.pack_zone].index].extend(reversed(deck))
    else:
        s.z[rules.zones[rules.pack_zone].index].extend(rules.deck(n))
    s.stack.append([rules.program, 0, {}, None])
    return s


def start(s: State) -> State:
    """Run a game made by prepare_game to its first decision."""
    _guard(s, lambda: vm.run(s))
    return s


def _init_vars(s):
    rules = s.rules
    for info in rules.var_list:
        s.v[info.index] = initial_value(s, info)
    s.v[rules.vars["dealer"].index] = rules.first_dealer % s.n


_ENGINE_ERRORS = (GameStopped, EvalError, TypeError, KeyError, IndexError, AttributeError, ValueError,
                  ZeroDivisionError, OverflowError, RecursionError, MemoryError)

# The messages of the limits on the length of play (turns: limit, end: max_hands, the decision limit):
# a game that reaches one is long, which random moves may cause, rather than broken.
_LONG_PLAY = ("no end after ", "the game did not end within ")


def _game_error(s, err) -> GameError:
    """Turn an error raised while the rules ran into a GameError naming the place, hand and seed."""
    if isinstance(err, GameStopped):
        return GameError(err.message, s.seed, err.where or _where(s), s.hand_no,
                         long_play=err.message.startswith(_LONG_PLAY))
    if isinstance(err, EvalError):
        return GameError(str(err), s.seed, err.where or _where(s), s.hand_no)
    return GameError(f"a rule could not be evaluated: {in_words(err)}", s.seed, _where(s), s.hand_no)


def _guard(s, fn):
    try:
        return fn()
    except _ENGINE_ERRORS as err:
        error = _game_error(s, err)
        error.state = s          # the game as it stood (its log, for `simulate --log`)
        raise error from None


def _where(s):
    for frame in reversed(s.stack):
        where = getattr(frame[0], "where", "")
        if where:
            return where
    return ""


def current_player(s: State):
    return s.pending.player if s.pending is not None else None


def legal_actions(s: State) -> list:
    return s.pending.actions if s.pending is not None else []


def apply(s: State, action) -> None:
    apply_index(s, _guard(s, lambda: _index_of(s, action)))


def apply_index(s: State, index: int) -> None:
    """Answer the pending choice with its action number `index`, then run on to the next decision.

    Every decision of every game comes through here, so the checks are written out in place rather
    than in helper functions: each call saved counts."""
    try:
        if s.pending is None:
            raise GameStopped("the game is over: no decision is pending")
        history = s.history
        if len(history) >= s.rules.max_turns * 4:
            raise decision_limit(len(history), _where(s))
        if s.events is not None:
            vm.apply_index(s, index)
            return
        # vm.apply_index without the game log, written out: this runs for every decision
        choice = s.pending
        frame = s.stack[-1]
        history.append((choice.player, choice.actions[index]))
        if frame[0].resolve(s, frame, index) is not PAUSE:
            vm.run(s)
    except _ENGINE_ERRORS as err:
        raise _game_error(s, err) from None


def _index_of(s, action):
    try:
        return _pending(s).actions.index(tuple(action))
    except ValueError:
        raise GameStopped(f"illegal action {action!r}", s.pending.label) from None


def _pending(s):
    if s.pending is None:
        raise GameStopped("the game is over: no decision is pending")
    return s.pending


def is_over(s: State) -> bool:
    return s.over


def clone(s: State) -> State:
    return s.clone()


def rename_cards(s: State, swap: dict) -> None:
    """After cards changed places (a bot's sampled world, a check that shuffles hidden cards): the state
    variables of kind card or cards name each card of `swap` (old -> new) as the card now in its place,
    and a card shown to some seats only is the card now in its place."""
    if swap:
        s.v[:] = _card_values_mapped(s, lambda c: swap.get(c, c))
        shown = s.revealed
        if shown.__class__ is Shown and shown.to:     # a card shown to some seats: the one now in its place
            moved = {swap.get(c, c): seats for c, seats in shown.to.items()}
            shown.to.clear()                           # the same dict: a trick block keeps it while it plays
            shown.to.update(moved)


def _card_values_mapped(s: State, fn) -> list:
    """The state's values with `fn` applied to each card a variable of kind card or cards holds (its
    list, or each player's, suit's or entry's value, made anew); the other values as they are."""
    values = list(s.v)

    def mapped(value):
        if isinstance(value, list):
            return [mapped(x) for x in value]
        return fn(value) if value.__class__ is int else value
    for info in s.rules.var_list:
        if info.type not in ("card", "cards"):
            continue
        value = values[info.index]
        if info.per is None:
            values[info.index] = mapped(value)
        elif isinstance(value, dict):
            values[info.index] = {k: mapped(v) for k, v in value.items()}
        else:
            values[info.index] = [mapped(v) for v in value]
    return values


def _flat(cards):
    """The cards of a zone part; a part that holds groups (melds laid in it) gives their cards."""
    for x in cards:
        if isinstance(x, list):
            yield from x
        else:
            yield x


def _placed(cards, revealed) -> list:
    """A part card by card (bottom first), each card the seat does not see as None (`revealed` None: it
    sees them all); a card in a group (a table of melds) counts as one place."""
    if revealed is None:
        return list(_flat(cards))
    return [c if c in revealed else None for c in _flat(cards)]


def _shown(cards, revealed) -> list:
    """The cards of a part the seat cannot see that are shown to everyone (out of their groups)."""
    return [c for c in _flat(cards) if c in revealed] if revealed else []


def observation(s: State, player: int) -> dict:
    """What `player` can see: public zones, their own zones (the others' for 'visibility: others'), revealed
    cards, sizes of the rest, and the state variables by name (a card hidden from the player, named by a
    variable of kind card or cards, as None).  `places` gives each zone that is not face up for everyone
    card by card, from the bottom, a card the player does not see as None: where a card it has looked at
    lies among face-down cards (a peek at one of four places)."""
    rules = s.rules
    seen, places = {}, {}
    shown = shown_to(s, player)
    for info in rules.zone_list:
        zone = s.z[info.index]
        if info.per == "player":
            seen[info.name] = [list(cards) if info.seen_by(p, player) else _shown(cards, shown)
                               for p, cards in enumerate(zone)]
            if info.visibility != "public":
                places[info.name] = [_placed(cards, None if info.seen_by(p, player) else shown)
                                     for p, cards in enumerate(zone)]
        elif isinstance(zone, dict):
            seen[info.name] = {k: list(v) if info.visibility == "public" else _shown(v, shown)
                               for k, v in zone.items()}
            if info.visibility != "public":
                places[info.name] = {k: _placed(v, shown) for k, v in zone.items()}
        else:
            seen[info.name] = list(zone) if info.visibility == "public" else _shown(zone, shown)
            if info.visibility != "public":
                places[info.name] = _placed(zone, shown)
    sizes = {info.name: ([len(x) for x in s.z[info.index]] if info.per == "player" else
                         {k: len(v) for k, v in s.z[info.index].items()} if isinstance(s.z[info.index], dict)
                         else len(s.z[info.index])) for info in rules.zone_list}
    state = {info.name: value for info, value in zip(rules.var_list, _seen_state(s, player))}
    for info, value in own_picks(s, player):
        mine = state[info.name] = list(state[info.name])
        mine[player] = None if info.type == "card" and value in hidden_from(s, player) else value
    return {"player": player, "zones": seen, "sizes": sizes, "state": state, "hand": s.hand_no, "places": places}


def secret_picks(s: State) -> list:
    """[(variable info, ((player, value), ...))]: the values picked so far in the `select` steps of values
    now running (engine/select.py), which their variables do not hold yet: until every player has
    picked, a variable holds what it held when the step began, for every seat."""
    out = []
    for frame in s.stack:
        picks = frame[0].secret_picks
        if picks is not None:
            out.append(picks(frame))
    return out


def own_picks(s: State, player) -> list:
    """[(variable info, value)]: the values `player` picked in secret in the steps now running, which the
    player knows and nobody else does (the last pick of a variable, if several)."""
    return [(info, value) for info, picks in secret_picks(s) for who, value in picks if who == player]


def _seen_state(s, player) -> list:
    """The state variables as `player` may know them: a variable of kind card or cards names a card
    hidden from the player as None (the cards a player may discard now, kept for the rules, are not
    told to the others); in a value kept per player with `visibility: owner`, the other players' entries
    are None.  Values of other kinds are given as they are."""
    if not any(info.type in ("card", "cards") for info in s.rules.var_list):
        values = list(s.v)
    else:
        hidden = hidden_from(s, player)
        values = _card_values_mapped(s, lambda c: None if c in hidden else c)
    for info in s.rules.private_vars:
        values[info.index] = [v if q == player else None for q, v in enumerate(values[info.index])]
    return values


def forget_private(s: State, player: int) -> None:
    """In `s` (a copy: a bot's imagined world, a check of what a seat may be shown), every other player's
    entry of a value kept per player with `visibility: owner` holds the value it starts with: nothing
    in the copy tells `player` what it really is."""
    for info in s.rules.private_vars:
        start = initial_value(s, info)
        values = s.v[info.index] = list(s.v[info.index])
        for q in range(len(values)):
            if q != player:
                values[q] = start[q]


def sides(s: State) -> list | None:
    """The ruleset's `bots: sides` worked out in `s` for every seat (players with the same value play
    together), or None without the setting; an error of the expression is raised as it is."""
    fn = s.rules.bot_sides
    if fn is None:
        return None
    env: dict = {}
    out = []
    for q in range(s.n):
        env["p"] = q
        out.append(fn(s, env))
    return out


def hidden_from(s: State, player: int) -> set:
    """Card ids that `player` cannot see (used by bots that sample hidden cards)."""
    hidden = set()
    shown = shown_to(s, player)
    for info in s.rules.zone_list:
        zone = s.z[info.index]
        if info.visibility == "public":
            continue
        parts = (enumerate(zone) if info.per == "player" else
                 zone.items() if isinstance(zone, dict) else [(None, zone)])
        for owner, cards in parts:
            if info.seen_by(owner, player):
                continue          # only a zone kept per player has an owner (not one per suit or entry)
            hidden.update(c for c in _flat(cards) if c not in shown)
    return hidden


def higher_is_better(final, winners) -> bool:
    """Whether a high score is good, read from who wins: false when the winners hold the lowest of the
    scores `final` (one per seat) and not the highest, true otherwise (no winners, equal scores)."""
    if not winners or None in final:
        return True
    top, bottom = max(final), min(final)
    if len(winners) == 1:
        v = final[winners[0]]
        return not (v == bottom and v != top)
    won = [final[w] for w in winners]
    return not (all(v == bottom for v in won) and any(v != top for v in won))


def result(s: State) -> dict:
    """Winners, final scores and records of a finished game."""
    return _guard(s, lambda: _result(s))


def _result(s: State) -> dict:
    rules = s.rules
    record_hand_metrics(s)
    env = {}
    winners = s.winners
    if winners is None:
        winners = list(rules.winners(s, env))
    for w in winners:
        if w.__class__ is not int or not 0 <= w < s.n:
            raise GameStopped(f"the winners include {describe_value(w)}, which is not a seat from 0 to {s.n - 1}",
                              rules.winners_where)
    scores = []
    for p in range(s.n):
        env["p"] = p
        scores.append(rules.final_score(s, env))
    metrics = {}
    for m in rules.metrics:
        if m.each == "game":
            metrics[m.name] = _plain(_named(s, m.value(s, {})))
        else:
            values = s.metrics.get(m.name)
            metrics[m.name] = list(values) if values else []     # _named leaves every value as it is
    for name, values in s.metrics.items():
        metrics.setdefault(name, values)
    out = {"winners": sorted(winners), "scores": scores, "hands": s.hand_no, "tricks": s.tricks,
           "turns": s.turns, "metrics": metrics, "teams": rules.team_of_seat(s.n)}
    if rules.team_score is not None:
        out["team_scores"] = [rules.team_score(s, {"t": t}) for t in range(len(rules.team_list(s.n)))]
    return out


def _named(s, value):
    return value


def all_cards(s: State) -> list:
    """Every card id in every zone, sorted: for checking that no card is lost or duplicated."""
    out = []
    for zone in s.z:
        parts = zone.values() if isinstance(zone, dict) else zone if zone and isinstance(zone[0], list) else [zone]
        for part in parts:
            if part and isinstance(part[0], list):     # a table of melds kept per player
                for group in part:
                    out.extend(group)
            else:
                out.extend(part)
    return sorted(out)
