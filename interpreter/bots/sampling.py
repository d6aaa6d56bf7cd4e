"""Worlds a player cannot tell apart from the real one: the cards hidden from them dealt anew.

A bot must not look at cards its player cannot see.  It reasons over
*determinizations*: copies of the game in which every card the player has not
seen is put back at random into the places that hold unseen cards.  What a
seat knows (docs/simulation.md, "What a bot knows"):

- the cards in public zones, in its own zones (visibility `owner`), in the
  other players' zones of visibility `others` (never its own) and the
  revealed cards, now and at every decision it watched this hand;
- the cards played face up to a public trick, even if gathered away at once;
- how many cards every place holds;
- every decision's move name and its non-card values (bids, numbers); the
  cards of a decision only when they were visible to it; a value another
  player picked in secret (`select:` of a value) only once the step is over
  and the variable shows it (never, for a variable with `visibility: owner`:
  in every world the other players' entries hold their initial values);
- what it can infer from another player's legal move (below).

A card the seat has seen and that went on to a hidden place (a card it passed,
a face-up card a player picked up, its own face-down discard) stays where it
is in every world, as long as the rules alone move it.  Once its holder makes
a move the seat does not see (the dealer who took the turned-up card discards
one face down), it may be any of the cards that left: it is dealt anew, but
only where the cards that were with it, or that came in then, are (the sizes
of the places tell which); likewise once its zone is shuffled or cut.  Every
other hidden card is unseen: worlds deal these anew.

Inference from legal moves, for any rules: when another player q makes a
move with cards the seat then sees, the watcher asks the rules, in a copy of
the position before the move (hidden cards scrubbed), whether the move would
still have been legal had q also held card x.  Where the answer is no (a
follow rule: q showed a void; a must-beat rule: q held nothing higher), x is
marked as not in the zone q's move took its cards from (q's hand; not q's other private
zones, such as cards q laid away face down).  These marks hold until q takes in cards the seat
did not see (a draw from the stock), when q's marks are dropped.

A value another player picked in secret while a `select:` of values still runs
is not in the variable yet (engine/select.py keeps it in the step's frame);
each world draws it anew, uniformly among the options that player has in that
world (from the watcher's generator), so a world never holds the real pick.

Worlds are drawn uniformly among the deals that meet every constraint
(capacities of places, cards seen in place, the marks): deals.py counts the
deals exactly and draws one, so sampling never retries.  Only when the marks
cannot all hold (possible only after the marks were dropped partly or the rules
infer something they do not mean) is the deal drawn without them, and counted as a
fallback (`Watcher.fallbacks`, reported by `rules simulate`).
"""
from __future__ import annotations

import random

from ..engine import game as G
from ..engine.state import shown_to, zone_parts
from ..engine.steps import SHUFFLED
from ..engine.tricks import Tricks
from ..engine.vm import Choose
from .deals import TooManyStates, UniformDeals


def cards_in(part):
    """The cards of a zone part, a zone of groups (melds on a table) included."""
    for x in part:
        if isinstance(x, list):
            yield from x
        else:
            yield x


def visible_cards(s, player) -> set:
    """Cards `player` sees now: public zones, their own zones, revealed cards."""
    seen = set(shown_to(s, player))
    for info in s.rules.zone_list:
        if info.visibility != "hidden":
            for key, part in zone_parts(s, info):
                if info.seen_by(key, player):
                    seen.update(cards_in(part))
    return seen


def hidden_places(s, player) -> list:
    """[(zone index, key)] of the places whose cards `player` cannot see, in a fixed order."""
    out = []
    for info in s.rules.zone_list:
        if info.visibility == "public":
            continue
        for key, _ in zone_parts(s, info):
            if info.seen_by(key, player):
                continue
            out.append((info.index, key))
    return out


def _part(s, zone_index, key):
    zone = s.z[zone_index]
    return zone if key is None else zone[key]


def hidden_positions(s, player, known=()) -> list:
    """[(zone index, key, position)] of the cards hidden from `player` and not in `known`, in a fixed
    order.  The position of a card inside a group (a zone of groups) is a pair (group, index)."""
    out = []
    revealed = shown_to(s, player)
    for z, key in hidden_places(s, player):
        for pos, x in enumerate(_part(s, z, key)):
            if isinstance(x, list):
                out.extend((z, key, (pos, j)) for j, c in enumerate(x) if c not in revealed and c not in known)
            elif x not in revealed and x not in known:
                out.append((z, key, pos))
    return out


def _follow_cards(world, before, positions) -> None:
    """State variables of kind card or cards name the cards dealt anew as the cards now in their
    places: kept[p] = hand[p] names the world's hand, not the real one the seat never saw."""
    swap = {}
    for old, x in zip(before, positions):
        new = _get(world, *x)
        if new != old:
            swap[old] = new
    G.rename_cards(world, swap)


def _get(s, z, key, pos):
    part = _part(s, z, key)
    return part[pos[0]][pos[1]] if isinstance(pos, tuple) else part[pos]


def _set(s, z, key, pos, card):
    part = _part(s, z, key)
    if isinstance(pos, tuple):
        part[pos[0]][pos[1]] = card
    else:
        part[pos] = card


def _private_owner_zones(rules):
    """Zones kept per player that others cannot see (a hand): the places marks apply to."""
    return [info.index for info in rules.zone_list if info.per == "player" and info.visibility != "public"]


def refresh_choice(s) -> bool:
    """Work out the pending choice again from the state's cards.  False if the kind of choice is not
    known here."""
    if s.pending is None:
        return True
    frame = s.stack[-1]
    node = frame[0]
    if isinstance(node, Tricks) and frame[1] == -1:
        player = node.owner(frame[2], s.pending)     # the hand the card comes from (decided_by: not the chooser's)
        s.pending = None
        s.stack.pop()
        node.ask(s, frame[2], player, s.stack[-1])
        return True
    if isinstance(node, Choose):
        s.pending = None
        s.stack.pop()
        node.enter(s, frame[2])
        return True
    return False


def _action_cards(kind, action):
    """The cards an action plays or chooses, from the kind of the choice it answered (None: no cards)."""
    if kind is None or kind == SECRET:
        return None
    value = action[1]
    if kind == "trick":
        return [value] if value is not None else None      # a pass (tricks: may_pass) plays no card
    t = kind.get(action[0])
    if t == "card" and isinstance(value, int):
        return [value]
    if t in ("cards", "list:card") and isinstance(value, (list, tuple)):
        return list(cards_in(value))
    return None


def _choice_kind(s):
    """How the pending choice's actions name cards: 'trick', {move: option type}, SECRET (a value picked
    in secret: never known to the others from the choice) or None."""
    if s.pending is None or not s.stack:
        return None
    node = s.stack[-1][0]
    if isinstance(node, Tricks):
        return "trick"
    if node.secret:
        return SECRET
    if isinstance(node, Choose):
        return getattr(node, "option_types", None)
    return None


SECRET = "secret"   # the kind of a choice whose value the other seats do not see (_choice_kind)
REDRAWS = 20     # deals drawn at most for a world in which another player's decision can be offered


class Watcher:
    """What one player has watched during the current hand, and worlds consistent with it."""

    def __init__(self, player, rng: random.Random, probe=True):
        self.player, self.rng, self.probe = player, rng, probe
        self.hand = None
        self.seen = set()          # cards this seat has seen this hand
        self.excluded = set()      # (q, card, zone): card is not in q's part of that private zone
        self.secret = set()        # indexes in history of others' choices whose cards it did not see
        self.checked = 0           # history entries looked at so far
        self.face_up = set()       # indexes in history of plays that go face up to a public trick
        self.kinds = {}            # history index -> how that choice names cards
        self.before = None         # (history index, scrubbed copy, private sizes) before another's move
        self.sizes = None          # cards in each player's private zones at the last look
        self._deals = None         # (key, UniformDeals) for the last sampled position
        # Seen cards now in hidden places whose place this seat no longer knows for sure (see _track):
        # card -> the cards (itself included) in whose places it may be.
        self.where = {}
        # at the last look: (cards in sight, {card out of sight: place}, {place: cards out of sight},
        # {zone: times shuffled})
        self.last = None
        self.samples = self.fallbacks = 0

    # -- watching ---------------------------------------------------------------
    def observe(self, s) -> None:
        """Look at the table before a decision (whoever makes it)."""
        p = self.player
        if s.hand_no != self.hand:
            self.hand = s.hand_no
            self.seen, self.excluded, self.secret, self.face_up, self.kinds = set(), set(), set(), set(), {}
            self.before = None
            self.checked = len(s.history)
            self.sizes = None
            self.where, self.last = {}, None
        now = visible_cards(s, p)
        shown = self.last[0] if self.last is not None else ()
        secret_movers = set()
        history = s.history
        left = [0] * s.n                     # unseen cards that left each player's hands by a move
        for i in range(self.checked, len(history)):
            q, action = history[i]
            if q == p:
                continue
            kind = self.kinds.get(i)
            cards = _action_cards(kind, action)
            if cards is None:
                if kind == SECRET or kind is None and action[1] is not None:
                    self.secret.add(i)       # a choice of a kind not known here: its value stays unknown
                continue
            left[q] += sum(1 for c in cards if c not in self.seen)
            if i in self.face_up:
                now.update(cards)            # played face up, even if gathered away since
            # the seat saw which cards moved: they are in sight now, or were at the last look (a face-up
            # card taken); that it saw a card long ago tells nothing of whether this move took it
            if all(c in now or c in shown for c in cards):
                before = self.before
                if self.probe and before is not None and before[0] == i:
                    self._infer(before[1], q, action, cards, _source_zone(before[1], s, q, cards))
            else:
                self.secret.add(i)
                secret_movers.add(q)
        self.checked = len(history)
        self._note_gains(s, now, left)
        self.seen |= now
        self._track(s, now, secret_movers)
        self.before = None
        if s.pending is not None:
            i = len(history)
            kind = _choice_kind(s)
            if kind is not None:
                self.kinds[i] = kind
                node = s.stack[-1][0]
                if kind == "trick" and s.rules.zone_list[node.trick_zone].visibility == "public":
                    self.face_up.add(i)
                if self.probe and s.pending.player != p:
                    self.before = (i, self._scrubbed(s))

    def _note_gains(self, s, now, left):
        """Drop the marks of a player who took in cards this seat did not see (a draw from the
        stock): a mark says what q did not hold when q moved, not what q drew since."""
        sizes = [0] * s.n
        for z in _private_owner_zones(s.rules):
            for q, part in enumerate(s.z[z]):
                sizes[q] += sum(1 for c in cards_in(part) if c not in self.seen and c not in now)
        old = self.sizes
        if old is not None and self.excluded:
            # cards that were unseen in q's hands and are now seen count as gone, like cards q moved out
            grew = {q for q in range(s.n) if sizes[q] > old[q] - left[q]}
            if grew:
                self.excluded = {m for m in self.excluded if m[0] not in grew}
        self.sizes = sizes

    def _track(self, s, now, secret_movers):
        """Keep `where` up to date: where each seen card now out of sight may be.

        Only what the seat can tell is used: the sizes of the places, the cards it sees, and which
        players made moves whose cards it did not see.  A seen card that left its sight is where it
        went, and the moves the rules make (the same for everyone) carry it on.  A player's move whose
        cards the seat did not see (a face-down discard) may have taken any of the seen cards in that
        player's private places, or in a place kept for nobody (a widow) that lost unseen cards then:
        such a card may now be in the place of any card that was in that place, or of any card that
        came into a place that took in unseen cards then (anywhere hidden, when the sizes do not tell
        which).  `where` keeps these cards as a group (the cards whose places it may be in), and the
        groups follow the cards as the rules move them on: a card buried under the stock is still
        under it, or in whichever hand draws that last card.  Which card really went plays no part:
        the group is the same either way."""
        places, counts = {}, {}
        for place in hidden_places(s, self.player):
            n = 0
            for c in cards_in(_part(s, *place)):
                if c not in now:
                    places[c] = place
                    n += 1
            counts[place] = n
        shuffled = s.extra.get(SHUFFLED) or {}
        last, self.last = self.last, (now, places, counts, shuffled)
        where = self.where
        for c in list(where):             # a card in sight is where it is seen; one in sight takes no place
            if c in now:
                del where[c]
            elif any(x in now for x in where[c]):
                where[c] = frozenset(x for x in where[c] if x not in now)
        if last is None:
            return
        was_seen, was_at, had, was_shuffled = last
        net = dict(had)                   # hidden cards a place lost (> 0) or took in (< 0) unseen
        for c, place in places.items():
            if c in was_seen:             # went out of sight into this place: seen going there
                net[place] = net.get(place, 0) + 1
                where.pop(c, None)
        for c, place in was_at.items():
            if c in now:                  # came into sight out of this place
                net[place] -= 1
        if shuffled != was_shuffled:      # seen shuffled (the cards seen going in too)
            # (a key (zone, seats): cards put into the zone at a place those seats alone know)
            zones = {z if z.__class__ is int else z[0] for z in shuffled if shuffled[z] != was_shuffled.get(z)
                     and (z.__class__ is int or self.player not in z[1])}
            if zones:
                self._forget_order(s, places, zones)
        for place, n in counts.items():
            net[place] = net.get(place, 0) - n
        if not secret_movers:             # only the rules moved cards: the seat can follow them
            return
        private = _private_owner_zones(s.rules)
        lost = {place for place, n in net.items()
                if n > 0 and (place[0] not in private or place[1] in secret_movers)}
        for q in secret_movers:
            if not any(place[0] in private and place[1] == q for place in lost):
                # the sizes show no loss (a card taken in and another given up): any of q's places may
                # have given one up
                lost |= {place for place in had if had[place] and place[0] in private and place[1] == q}
        if not lost:
            return
        took = {place for place, n in net.items() if n < 0} or set(counts)
        # the cards whose places a card that was in a lost place may be in now
        left_from = {c for c, place in was_at.items() if place in lost and c not in now}
        came = {c for c, place in places.items() if place in took and was_at.get(c) != place}
        spread = frozenset(left_from | came)
        for c in places:
            if c in was_seen or c not in self.seen or c not in was_at:
                continue
            group = where.get(c) or frozenset([c])
            if group & left_from:
                where[c] = group | spread

    def _forget_order(self, s, places, zones):
        """The zones were shuffled (or cut) since the last look: a seen card in one of them may now be
        anywhere in its place, so its group takes in every card of that place."""
        members = {}
        for c, place in places.items():
            if place[0] in zones:
                members.setdefault(place, set()).add(c)
        for place, cards in members.items():
            spread = frozenset(cards)
            for c in cards:
                if c in self.seen:
                    self.where[c] = self.where.get(c, frozenset()) | spread
            for c, group in list(self.where.items()):   # a card whose group reaches into the place
                if group & spread:
                    self.where[c] = group | spread

    def _scrubbed(self, s):
        """A copy of the position in which the cards this seat has not seen sit in a canonical order, and
        the other players' private values (`visibility: owner`) hold their initial values: nothing in it
        tells where those cards really are or what those values are (the inference from a move's
        legality is worked out in it)."""
        copy = G.clone(s)
        copy.rng = random.Random(0)
        copy.events = None
        if s.rules.private_vars:
            G.forget_private(copy, self.player)
        positions = hidden_positions(copy, self.player, (self.seen - self.where.keys()) | visible_cards(s, self.player))
        cards = sorted(_get(copy, *x) for x in positions)
        for x, c in zip(positions, cards):
            _set(copy, *x, c)
        return copy

    def _infer(self, before, q, action, cards, zone):
        """Mark the unseen cards whose presence in q's hands would have made q's move illegal."""
        if zone is None:
            return
        # the cards it has not seen, and the seen cards whose place it no longer knows for sure
        unseen = [_get(before, *x) for x in hidden_positions(before, self.player, self.seen - self.where.keys())]
        unseen = [c for c in unseen if c not in cards and (q, c, zone) not in self.excluded]
        if not unseen:
            return
        probe = G.clone(before)
        hand = probe.z[zone][q]
        if any(isinstance(x, list) for x in hand):
            return
        legal_with = _legality(probe, zone, q, action)
        if not legal_with(cards):          # the move needs more than its own cards: nothing to learn
            return
        for c in unseen:
            if not legal_with(cards + [c]):
                # only the zone the move came from: a void shown in the hand says nothing of the
                # cards q laid away face down before (Ninety-Nine's bid cards)
                self.excluded.add((q, c, zone))

    # -- sampling -----------------------------------------------------------------
    def sample(self, s):
        """A copy of `s` with the cards this seat has not seen dealt anew, uniformly among the deals
        that agree with everything it knows."""
        self.observe(s)
        self.samples += 1
        p = self.player
        world = G.clone(s)
        world.rng = random.Random(self.rng.getrandbits(64))
        world.events = None
        positions = hidden_positions(world, p, self.seen - self.where.keys())
        slots = self._slots(world, positions)
        deals = self._prepared(world, positions, slots)
        by_place = {}
        for x, slot in zip(positions, slots):
            by_place.setdefault(slot, []).append(x)
        # Another player's decision is worked out again in the world; a deal in which the rules can
        # offer that player nothing (what the rules tell everyone, e.g. that the Two of clubs' holder
        # leads, is not inferred) is drawn again, a few times at most.
        others = world.pending is not None and world.pending.player != p
        base = world
        before = [_get(base, *x) for x in positions]
        for attempt in range(REDRAWS if others else 1):
            world = G.clone(base) if others else base
            if others:
                world.rng = random.Random(self.rng.getrandbits(64))
            deal = deals.draw(self.rng) if deals is not None else None
            if deal is None:
                self.fallbacks += 1
                cards = [_get(world, *x) for x in positions]
                cards.sort()
                self.rng.shuffle(cards)
                for x, c in zip(positions, cards):
                    _set(world, *x, c)
            else:
                for place, group in by_place.items():
                    for x, c in zip(group, deal[place]):
                        _set(world, *x, c)
            _follow_cards(world, before, positions)
            if world.rules.private_vars:      # values only their players see: each at its start here
                G.forget_private(world, p)
            for frame in world.stack:         # values others picked in secret, still kept apart: drawn anew
                redraw = frame[0].redraw_picks
                if redraw is not None:
                    redraw(world, frame, p, self.rng)
            if self.secret:   # the world's record of choices holds no card this seat did not see
                world.history = [(q, (a[0], None)) if i in self.secret else (q, a)
                                 for i, (q, a) in enumerate(world.history)]
            if not others or self._refreshed(world):
                return world
        self.fallbacks += 1
        return world

    @staticmethod
    def _refreshed(world) -> bool:
        """Work out the pending choice of another player in the world again; False (the choice left as it
        was) when that cannot be done, or the world gives that player no legal move: what the rules
        tell everyone beyond the moves (the Two of clubs' holder leads) is not inferred."""
        stack, pending = list(world.stack), world.pending
        try:
            if refresh_choice(world) and world.pending is not None and world.pending.actions:
                return True
        except Exception:  # noqa: BLE001 - a world in which the rules cannot offer that choice
            pass
        world.stack, world.pending = stack, pending
        return False

    def _slots(self, world, positions):
        """The place of each hidden position for dealing: (zone index, key), and for a position whose
        card is in the group of a card of `where`, also the cards whose group it is in (such a card
        may go to exactly these positions).  The groups are the same whichever card is where."""
        where = self.where
        if not where:
            return [(x[0], x[1]) for x in positions]
        out = []
        for x in positions:
            t = _get(world, *x)
            tag = frozenset(c for c, group in where.items() if t in group)
            out.append((x[0], x[1], tag) if tag else (x[0], x[1]))
        return out

    def _prepared(self, world, positions, slots):
        """The exact counting of deals for this position (kept while the position is the same)."""
        key = (self.hand, len(world.history), world.steps, frozenset(self.excluded), len(self.seen),
               frozenset(self.where.items()))
        if self._deals is not None and self._deals[0] == key:
            return self._deals[1]
        capacities = {}
        for slot in slots:
            capacities[slot] = capacities.get(slot, 0) + 1
        cards = [_get(world, *x) for x in positions]
        allowed = {}
        for c in self.where:     # a seen card whose place is no longer certain: the places of its group
            allowed[c] = {slot for slot in capacities if len(slot) == 3 and c in slot[2]}
        if self.excluded:
            banned = {}
            for q, c, zone in self.excluded:
                banned.setdefault(c, set()).add((zone, q))
            for c in cards:
                if c in banned:
                    allowed[c] = {place for place in allowed.get(c, capacities)
                                  if (place[0], place[1]) not in banned[c]}
        try:
            deals = UniformDeals(cards, capacities, allowed)
        except TooManyStates:
            deals = None
        if deals is not None and not deals.count and allowed:
            deals = None
        self._deals = (key, deals)
        return deals


def _source_zone(before, now, q, cards):
    """Which of q's zones a move took its cards from, as a watcher can tell: a trick block's hand zone;
    else q's only private zone, or the only one that lost as many cards (sizes are public).  None when
    it cannot be told."""
    node = before.stack[-1][0] if before.stack else None
    if isinstance(node, Tricks):
        return node.hand_zone
    private = [z for z in _private_owner_zones(before.rules)
               if before.rules.zone_list[z].visibility == "owner"]
    if len(private) == 1:
        return private[0]
    lost = [z for z in private if len(before.z[z][q]) - len(now.z[z][q]) >= len(cards)]
    return lost[0] if len(lost) == 1 else None


def _legality(probe, zone, q, action):
    """A test: would `action` be legal for q if q's hand (zone `zone`) held exactly these cards?
    The probe is a scrubbed copy: the cards put in the hand may sit elsewhere in it too, which the
    rules that decide what may be played do not look at."""
    hand = probe.z[zone][q]

    def legal_with(cards):
        saved = list(hand)
        hand[:] = cards
        try:
            ok = refresh_choice(probe) and probe.pending is not None and action in probe.pending.actions
        except Exception:  # noqa: BLE001 - a hand the rules cannot work with teaches nothing
            ok = False
        hand[:] = saved
        return ok
    return legal_with
