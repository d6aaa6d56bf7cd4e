"""A game with human seats and bots, on the engine API the bots and the simulator use
(engine.game: new_game, the pending choice, apply_index, clone, observation), so what is played here is
exactly what is simulated.

Bots move by themselves until a human seat must decide.  Every decision is kept (seat, action number),
so `undo` replays the game from its seed up to the human's previous decision, and a finished game can be
saved as a game log or a scenario file (record.py).
"""
from __future__ import annotations

from collections import Counter

from ..diagnostics import players_phrase
from ..bots.base import Bot, make_bot
from ..engine import game as G
from . import view as V
from .words import Refused, action_cards, describe, is_card_move, match, told_apart


class Session:
    def __init__(self, rules, players=None, seed=0, humans=(0,), bots=("random",), bot_options=None,
                 source=None, options=None):
        self.rules = rules
        self.n = players or rules.default_players
        if self.n not in rules.player_counts:
            raise ValueError(f"{rules.name} is for {players_phrase(rules.player_counts)}, not {self.n}")
        self.humans = sorted({int(h) for h in humans})
        bad = [h for h in self.humans if not 0 <= h < self.n]
        if bad:
            raise ValueError(f"seat {bad[0]} does not exist: seats are 0 to {self.n - 1}")
        bots = [b for b in (bots or ["random"]) if b] or ["random"]
        others = [p for p in range(self.n) if p not in self.humans]
        self.bot_names = {p: bots[i % len(bots)] for i, p in enumerate(others)}
        self.bot_options = dict(bot_options or {})
        for name in set(self.bot_names.values()):
            make_bot(name, 0, self.bot_options)          # an unknown bot name fails here, in words
        self.seed, self.source, self.options = seed, source, dict(options or {})
        self.decisions = []      # (player, action index) for every decision, in order
        self._start()

    # -- playing -------------------------------------------------------------------------
    def _start(self):
        self.state = G.new_game(self.rules, self.n, self.seed, log=True)
        self.known = {h: set() for h in self.humans}
        self.logs = {h: [] for h in self.humans}
        self._logged = 0
        self.bots = self._fresh_bots(0)
        self.failed = set()
        self._holdings_hand = None
        self._see(None)

    def _see(self, played_face_up, before=None, chosen=None):
        """Bring each human seat's knowledge and log up to date after a decision.  The log of what the
        decision led to names the cards the seat had in sight just before it or has now (and a card
        played face up): a card it saw long ago and that went by unseen, e.g. a turned-up card a player
        took and then threw out face down, stays '?'.  `chosen` is the card ids of the decision's move."""
        s = self.state
        if self._holdings_hand != s.hand_no:
            self._holdings_hand = s.hand_no
            names = s.rules.universe.names
            s.events.append({"event": "holdings", "hand": s.hand_no,
                             "zones": {i.name: [[names[c] for c in _flat(part)] for part in s.z[i.index]]
                                       for i in s.rules.zone_list if i.per == "player"}})
        new = s.events[self._logged:]
        self._logged = len(s.events)
        private = {info.name for info in s.rules.private_vars}
        for h in self.humans:
            known = self.known[h]
            known |= V.visible(s, h)
            if played_face_up is not None:
                known.update(played_face_up)
            in_sight = V.visible(s, h) | (before[h] if before is not None else set())
            if played_face_up is not None:
                in_sight.update(played_face_up)
            names = s.rules.universe.names
            sight = {names[c] for c in in_sight}
            mask = V.Mask(s.rules.universe, sight)
            shown_now = set()        # cards a reveal showed this seat, until they move
            after = _shown_after_choices(new, h)
            for i, e in enumerate(new):
                kind = e.get("event")
                if kind == "holdings":
                    continue
                # a card this very event shows the seat (moved where it sees it, or from there; shown to
                # everyone), or one still shown, even if gone from sight before the next decision
                shown = _shown_by(e, h)
                if kind == "reveal":
                    shown_now |= shown
                shown |= shown_now
                if kind == "choice":
                    # a card the move's own steps then show the seat (played onto a pile face up, then
                    # taken with it as the hand ends): named in the choice too, not 'plays ?'
                    shown = shown | after.get(i, set())
                if shown - sight:                # the seat has seen these cards now
                    known.update(c for name in shown - sight for c in self._ids_named(name))
                if kind == "choice" and chosen and s.rules.universe.twins:
                    e = _unseen_choice_copies_hidden(s, e, chosen, in_sight)
                # a deal or move says who saw each card: a card the seat saw before (on the board last hand)
                # and now dealt face down to another stays '?'
                # (or shown at the last hand's showdown)
                unseen = _unseen_by(e, h) & (sight | shown)
                worded = _worded(s, e)
                if kind == "choice" and e.get("secret") and e.get("player") != h:
                    worded = secret_hidden(worded)
                elif kind in ("set", "add") and e.get("var") in private:
                    worded = private_hidden(worded, h)
                self.logs[h].append((V.Mask(s.rules.universe, (sight | shown) - unseen) if shown - sight or unseen
                                     else mask).value(_unseen_copies_hidden(s, worded, h)))
                if kind == "move":
                    shown_now.difference_update(e.get("cards") or ())

    def _ids_named(self, name):
        """The card ids printed as `name` (several copies in a pack of two)."""
        if getattr(self, "_by_name", None) is None:
            self._by_name = {}
            for c, n in enumerate(self.rules.universe.names):
                self._by_name.setdefault(n, []).append(c)
        return self._by_name.get(name, ())

    def _apply(self, index):
        s = self.state
        player = s.pending.player
        face_up = None
        if V.face_up_play(s):
            from .words import action_cards
            face_up = action_cards(s.pending.actions[index][1])
        before = {}
        for h in self.humans:
            before[h] = V.visible(s, h)
            self.known[h] |= before[h]
        self.decisions.append((player, index))
        from .words import action_cards
        chosen = action_cards(s.pending.actions[index][1])
        G.apply_index(s, index)
        self._see(face_up, before, chosen)

    def run_bots(self, limit=100000):
        """Let the bots move until a human seat must decide or the game ends."""
        s = self.state
        watching = [b for b in self.bots.values() if type(b).observe is not Bot.observe]
        while not s.over and s.pending.player not in self.humans and limit > 0:
            limit -= 1
            table = private_copy(s)
            p = s.pending.player
            try:
                for bot in watching:
                    bot.observe(table)
                index = self.bots[p].decide(table, p, table.pending.actions)
            except Exception as err:  # noqa: BLE001 - a failing bot must not stop the human's game
                index = self._stand_in(p, err)
            self._apply(index)

    def _stand_in(self, player, err):
        """A random legal move for a bot that failed, said in the human seats' logs."""
        import random
        if player not in self.failed:
            self.failed.add(player)
            note = {"event": "note", "hand": self.state.hand_no,
                    "text": f"the {self.bot_names[player]} bot of P{player} failed ({type(err).__name__}: {err}); "
                            "it plays a random move whenever it fails"}
            for h in self.humans:
                self.logs[h].append(note)
        return random.Random(self.seed * 7 + len(self.decisions)).randrange(len(self.state.pending.actions))

    def _check_turn(self, seat):
        s = self.state
        if seat not in self.humans:
            raise Refused(f"seat {seat} is played by a bot")
        if s.over:
            raise Refused("the game is over")
        if s.pending.player != seat:
            raise Refused(f"it is not your turn: P{s.pending.player} is to move")

    def choose(self, seat, move):
        """Make a move for a human seat: an action number, or typed words (see words.match)."""
        self._check_turn(seat)
        actions = self.state.pending.actions
        if isinstance(move, int) and not isinstance(move, bool):
            if not 0 <= move < len(actions):
                raise Refused(f"there is no move number {move}")
            index = move
        elif str(move).strip().isdigit():
            keys = {m["key"]: m["index"] for m in self.legal(seat)}
            if str(move).strip() not in keys:
                raise Refused(f"there is no move {move.strip()}: the moves are numbered 1 to {len(keys)}")
            index = keys[str(move).strip()]
        else:
            # matched against the moves in the menu's order, so that a refusal lists them as shown
            order = [m["index"] for m in self.legal(seat)]
            index = order[match(self.state, [actions[i] for i in order], str(move))]
        self._apply(index)
        self.run_bots()
        return index

    def legal(self, seat) -> list:
        s = self.state
        if s.over or s.pending.player != seat or seat not in self.humans:
            return []
        u = s.rules.universe
        order = sorted(range(len(s.pending.actions)), key=lambda i: _shown_order(s, u, s.pending.actions[i], i))
        # two identical cards in one hand (a double pack) make one move, listed once (not '1) A♠ 2) A♠')
        listed, seen = [], set()
        for i in order:
            twin = _twin_key(s, u, s.pending.actions[i])
            if twin is None or twin not in seen:
                listed.append(i)
                seen.add(twin)
        texts = told_apart(s, [s.pending.actions[i] for i in listed])
        return [{"key": str(k + 1), "index": i, "text": texts[k],
                 "move": str(s.pending.actions[i][0])} for k, i in enumerate(listed)]

    def undo(self, seat) -> bool:
        """Go back to `seat`'s previous decision (replaying from the seed); False if it has made none."""
        if seat not in self.humans:
            raise Refused(f"seat {seat} is played by a bot")
        mine = [i for i, (p, _) in enumerate(self.decisions) if p == seat]
        if not mine:
            return False
        keep = self.decisions[:mine[-1]]
        self.decisions = []
        self._start()
        self.bots = self._fresh_bots(len(keep))
        for _, index in keep:
            self._apply(index)
        return True

    def _fresh_bots(self, salt):
        out = {}
        for p, name in self.bot_names.items():
            bot = make_bot(name, self.seed * 31 + p + 7919 * salt, self.bot_options)
            bot.seat = p
            out[p] = bot
        return out

    def hint_move(self, seat) -> dict:
        """The hint as the legal-move entry (key, index, text) the seat sees."""
        index = self.hint(seat)
        s = self.state
        twin = _twin_key(s, s.rules.universe, s.pending.actions[index])
        return next(m for m in self.legal(seat) if m["index"] == index or twin is not None and
                    _twin_key(s, s.rules.universe, s.pending.actions[m["index"]]) == twin)

    def hint(self, seat, playouts=60, worlds=6) -> int:
        """What the search bot would play for `seat` (it reads only what the seat may know)."""
        self._check_turn(seat)
        s = self.state
        bot = make_bot("search", self.seed + len(self.decisions),
                       {"playouts": playouts, "worlds": worlds})
        table = private_copy(s)
        try:
            return bot.decide(table, seat, table.pending.actions)
        except Exception as err:  # noqa: BLE001 - no hint, but the game goes on
            raise Refused(f"no hint here: the search bot failed ({type(err).__name__}: {err})") from None

    # -- what a seat sees ----------------------------------------------------------------
    def known_ids(self, seat) -> set:
        """Cards `seat` has seen so far, or sees now."""
        return set(self.known.get(seat, ())) | V.visible(self.state, seat)

    def known_names(self, seat) -> set:
        names = self.state.rules.universe.names
        return {names[c] for c in self.known_ids(seat)}

    def seat_log(self, seat) -> list:
        return self.logs.get(seat, [])

    def view(self, seat) -> dict:
        if seat not in self.humans:
            raise Refused(f"seat {seat} is not yours to see")
        return V.seat_view(self, seat)

    @property
    def over(self):
        return self.state.over


def _twin_key(s, u, action):
    """For a move of one card lying in a zone kept per player (a hand) in a pack with identical cards:
    (move, the card's face, the zone, its owner), the same for the move of either copy; for a move of
    a list of cards all lying in one such zone, (move, its words, the zone, its owner), the same for the
    moves that take identical copies (either of two jokers); else None."""
    value = action[1]
    if not u.twins:
        return None
    if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < u.size):
        return _twins_key(s, u, action)
    if not is_card_move(s, action):
        return None
    for info in s.rules.zone_list:
        if info.per == "player":
            for owner, part in enumerate(s.z[info.index]):
                if value in part:
                    return (str(action[0]), u.face[value], u.is_joker[value], info.index, owner)
    return None


def _twins_key(s, u, action):
    cards = action_cards(action[1])
    if not cards or not all(0 <= c < u.size for c in cards) or not is_card_move(s, action):
        return None
    where = {}
    for info in s.rules.zone_list:
        if info.per == "player":
            for owner, part in enumerate(s.z[info.index]):
                for c in cards:
                    if c in part:
                        where[c] = (info.index, owner)
    places = set(where.values())
    if len(where) != len(cards) or len(places) != 1:
        return None
    return (str(action[0]), describe(s, action)) + places.pop()


def _shown_order(s, u, action, i):
    """Moves listed in the engine's order, except that single-card moves come sorted by suit and rank."""
    value = action[1]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < u.size and is_card_move(s, action):
        return (0, str(action[0]), u.is_joker[value], u.suit_index[value], u.rank_index[value], i)
    return (1, "", False, 0, 0, i)


def private_copy(s):
    """A copy of the game for a bot to read and copy further: a bot that fails half-way through its
    thinking cannot leave anything behind in the human's game (State.clone shares nothing mutable)."""
    return G.clone(s)


def _flat(cards):
    out = []
    for c in cards:
        out += c if isinstance(c, list) else [c]
    return out


def _shown_after_choices(events, seat) -> dict:
    """For each choice event (by its index in `events`), the names of the cards the events after it and
    before the next choice show `seat` (what the move led to)."""
    out, pending = {}, set()
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e.get("event") == "choice":
            out[i] = pending
            pending = set()
        elif e.get("event") != "holdings":
            pending = pending | _shown_by(e, seat)
    return out


def _shown_by(event, seat) -> set:
    """Names of the cards `event` shows `seat`: a move's cards the seat sees go or arrive (its seen_by),
    a reveal's cards (to everyone, or to the seats in its `to`)."""
    if event.get("event") == "reveal":
        return set(event.get("cards") or ()) if "to" not in event or seat in event["to"] else set()
    return {name for name, seats in (event.get("seen_by") or {}).items() if seat in seats}


def _unseen_by(event, seat) -> set:
    """Names of the cards a deal or move event says `seat` did not see (its seen_by leaves the seat out)."""
    seen = event.get("seen_by")
    if event.get("event") not in ("deal", "move") or not isinstance(seen, dict):
        return set()
    return {name for name, seats in seen.items() if seat not in (seats or ())}


def _unseen_copies_hidden(s, event, seat):
    """The event with each card it names that `seat` did not see as '?', card by card: the mask works by
    name, and with identical copies (two packs, three red 1s) a name the seat knows from one copy would
    show another copy dealt or moved where the seat cannot see it, or shown to other seats only."""
    if not s.rules.universe.twins:
        return event
    kind = event.get("event")
    if kind == "deal" and event.get("each"):
        info = s.rules.zones.get(event.get("to"))
        if info is None or info.per != "player":
            return event
        return {**event, "each": [[p, cards if info.seen_by(p, seat) else [V.HIDDEN] * len(cards)]
                                  for p, cards in event["each"]]}
    if kind == "move" and isinstance(event.get("seen_by"), dict):
        seen = event["seen_by"]
        return {**event, "cards": [c if seat in (seen.get(c) or ()) else V.HIDDEN for c in event.get("cards") or ()],
                "seen_by": {(c if seat in (seats or ()) else V.HIDDEN): seats for c, seats in seen.items()}}
    if kind == "reveal" and "to" in event and seat not in event["to"]:     # shown to other seats only
        return {**event, "cards": [V.HIDDEN] * len(event.get("cards") or ())}
    return event


def _unseen_choice_copies_hidden(s, event, chosen, sight):
    """A choice event with each card of its move that the seat did not see as '?', copy by copy: the
    mask works by name, and a copy of the card in the seat's own hand would show the one another player
    picked in secret (two packs, a card put face down)."""
    names = s.rules.universe.names
    hide = Counter(names[c] for c in chosen if 0 <= c < len(names) and c not in sight)
    if not hide:
        return event
    name, value = event["action"]
    return {**event, "action": [name, V.hide_some(value, hide)]}


def secret_hidden(event):
    """A choice event of a value another seat picked in secret (`select:` of a value): who picked, not
    what; the variable shows every pick once the step is over."""
    return {**event, "action": [event["action"][0], V.HIDDEN], "text": "picks in secret"}


def private_hidden(event, seat):
    """A set or add event of a value kept per player that only its player sees (`visibility: owner`):
    another seat's entry as '?'."""
    key, value = event.get("key"), event.get("value")
    if key is None and isinstance(value, list):       # the whole variable at once
        return {**event, "value": [v if q == seat else V.HIDDEN for q, v in enumerate(value)]}
    return event if key == seat else {**event, "value": V.HIDDEN}


def _worded(s, event):
    """A choice event with its move in words, as game logs show it (a meld by its cards, not its fields)."""
    if event.get("event") != "choice":
        return event
    from ..sim.gamelog import describe_action
    event = plain_choice(s, event)
    return {**event, "text": describe_action(s.rules.universe, event["action"]) + (
        " (in secret)" if event.get("secret") else "")}


def plain_choice(s, event):
    """A choice event whose value is a meld (or a change to one) with that value as text: '[8♣ 9♣ Joker=10♣]'."""
    from ..authoring.meldvalues import describe as describe_meld, is_structured
    name, value = event["action"][0], event["action"][1]
    if not is_structured(value):
        return event
    return {**event, "action": [name, describe_meld(s, (name, value))[len(name) + 1:]]}
