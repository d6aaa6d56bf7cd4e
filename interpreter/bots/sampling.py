"""Worlds a player cannot tell apart from the real one: the hidden cards dealt anew.

A search bot must not look at cards its player cannot see.  It reasons over
*determinizations*: copies of the game in which every card hidden from the
player (and never seen by them) is put back at random into the places that
hold hidden cards, keeping how many cards each place holds.

Such a world must also agree with what the player has watched.  The general
test used here needs no knowledge of any game: take the state at the start of
the hand (the anchor), deal its unseen hidden cards anew, then replay every
choice made since, in order.  The world is kept only if each choice was legal
in it and the player's own view at the end is the real one.  Voids revealed by
a follow rule, cards shown and later played, anything the rules let a watcher
infer from a legal move, are respected this way.

Replaying rejects many worlds late in a hand, so failures teach the sampler:
when a choice of player q was not legal in a sampled world, the cards q *could*
legally have played there (for a follow rule: the led suit) are marked as not
held by q, and later worlds avoid them.  Such marks only steer the proposals;
the replay alone decides.  If no world passes within the attempt budget, the
current state's unseen hidden cards are dealt anew under the marks learned.

What the bot keeps of the real game: public zones, its own zones, revealed
cards, the sizes of the other zones, the choices made (those whose cards went
out of sight are replayed as any legal move of the same kind), and the *set*
of cards it has not seen.  Where those hidden cards really are is never read:
the anchor is scrubbed (unseen hidden cards put in a canonical order) when it
is taken, and the world's random generator is replaced.
"""
from __future__ import annotations

import random

from ..engine import game as G
from ..engine.tricks import Tricks
from ..engine.vm import Choose


def visible_cards(s, player) -> set:
    """Cards `player` sees now: public zones, their own zones, revealed cards."""
    seen = set(s.revealed)
    for info in s.rules.zone_list:
        zone = s.z[info.index]
        if info.visibility == "public":
            parts = zone if info.per == "player" else zone.values() if isinstance(zone, dict) else [zone]
            for part in parts:
                seen.update(part)
        elif info.visibility == "owner" and info.per == "player":
            seen.update(zone[player])
    return seen


def hidden_positions(s, player, known=()) -> list:
    """[(zone index, key, position)] of cards hidden from `player` and not in `known`, in a fixed order."""
    out = []
    for info in s.rules.zone_list:
        if info.visibility == "public":
            continue
        zone = s.z[info.index]
        if info.per == "player":
            parts = [(q, cards) for q, cards in enumerate(zone) if not (info.visibility == "owner" and q == player)]
        elif isinstance(zone, dict):
            parts = list(zone.items())
        else:
            parts = [(None, zone)]
        for key, cards in parts:
            for pos, c in enumerate(cards):
                if c not in s.revealed and c not in known:
                    out.append((info.index, key, pos))
    return out


def _part(s, zone_index, key):
    zone = s.z[zone_index]
    return zone if key is None else zone[key]


def _owner(s, zone_index, key):
    """The player a place belongs to (a zone kept per player), else None."""
    return key if s.rules.zone_list[zone_index].per == "player" else None


def redeal(s, positions, rng, excluded=frozenset(), pinned=None, tries=20) -> bool:
    """Put the cards at `positions` back at random, honouring (player, card) exclusions and
    card -> player pins when possible.  Returns False if the constraints had to be dropped."""
    cards = sorted(_part(s, z, k)[pos] for z, k, pos in positions)
    owners = [_owner(s, z, k) for z, k, _ in positions]
    pinned = pinned or {}
    if not excluded and not pinned:
        rng.shuffle(cards)
        _place(s, positions, cards)
        return True
    for _ in range(tries):
        order = list(cards)
        rng.shuffle(order)
        allowed = {c: [i for i, q in enumerate(owners)
                       if (q, c) not in excluded and (c not in pinned or pinned[c] == q)] for c in order}
        order.sort(key=lambda c: len(allowed[c]))
        free = set(range(len(positions)))
        chosen = [None] * len(positions)
        ok = True
        for c in order:
            options = [i for i in allowed[c] if i in free]
            if not options:
                ok = False
                break
            i = options[rng.randrange(len(options))]
            free.discard(i)
            chosen[i] = c
        if ok:
            _place(s, positions, chosen)
            return True
    rng.shuffle(cards)
    _place(s, positions, cards)
    return False


def _place(s, positions, cards):
    for (z, k, pos), c in zip(positions, cards):
        _part(s, z, k)[pos] = c


def refresh_choice(s) -> bool:
    """Work out the pending choice again from the state's (re-dealt) cards.  False if the kind of
    choice is not known here (then the state must not be used as a world)."""
    if s.pending is None:
        return True
    frame = s.stack[-1]
    node = frame[0]
    if isinstance(node, Tricks) and frame[1] == -1:
        player = s.pending.player
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


def _card_list(value):
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, int) and not isinstance(v, bool)
                                                         for v in value):
        return list(value)
    return None


class Watcher:
    """What one player has watched during the current hand, and worlds consistent with it."""

    def __init__(self, player, rng: random.Random, attempts=40, max_replay=400):
        self.player, self.rng, self.attempts, self.max_replay = player, rng, attempts, max_replay
        self.hand = None
        self.anchor = None
        self.anchor_len = 0
        self.seen = set()
        self.excluded = set()
        self.secret = set()        # indexes in history of choices whose cards went out of sight
        self.trick_moves = set()   # indexes in history of plays to a public trick
        self.checked = 0           # history entries classified so far
        self.anchor_seen = set()
        self.samples = self.fallbacks = 0    # counts, for tests and tuning

    # -- watching ---------------------------------------------------------------
    def observe(self, s) -> None:
        p = self.player
        if s.hand_no != self.hand or len(s.history) - self.anchor_len > self.max_replay:
            new_hand = s.hand_no != self.hand
            self.hand = s.hand_no
            if new_hand:
                self.seen, self.excluded, self.secret, self.trick_moves = set(), set(), set(), set()
            self.seen |= visible_cards(s, p)
            self._take_anchor(s)
            self.checked = len(s.history)
        else:
            now = visible_cards(s, p)
            for i in range(self.checked, len(s.history)):
                q, action = s.history[i]
                cards = _card_list(action[1])
                if i in self.trick_moves and isinstance(action[1], int):
                    now.add(action[1])            # played face up, even if already gathered away
                elif q != p and cards and not all(c in now or c in self.seen for c in cards):
                    self.secret.add(i)
                elif cards:
                    now.update(cards)
            self.seen |= now
            self.checked = len(s.history)
        node = s.stack[-1][0] if s.stack else None
        if s.pending is not None and isinstance(node, Tricks) and \
                s.rules.zone_list[node.trick_zone].visibility == "public":
            self.trick_moves.add(len(s.history))   # the coming play goes face up to the trick

    def _take_anchor(self, s):
        anchor = G.clone(s)
        anchor.rng = random.Random(0)
        anchor.events = None
        positions = hidden_positions(anchor, self.player, self.seen)
        cards = sorted(_part(anchor, z, k)[pos] for z, k, pos in positions)
        _place(anchor, positions, cards)          # scrubbed: no trace of where they really are
        try:
            usable = refresh_choice(anchor)       # the pending choice is worked out from the scrubbed cards
        except Exception:  # noqa: BLE001 - the scrubbed deal may leave a player without a legal move
            usable = False
        self.anchor = anchor if usable else None
        self.anchor_len, self.anchor_seen = len(s.history), set(self.seen)

    # -- sampling -----------------------------------------------------------------
    def sample(self, s):
        """A copy of `s` with the unseen hidden cards dealt anew, consistent with the hand so far."""
        self.observe(s)
        self.samples += 1
        p = self.player
        todo = s.history[self.anchor_len:]
        pinned = self._pins(todo)
        for _ in range(self.attempts if self.anchor is not None else 0):
            world = G.clone(self.anchor)
            world.rng = random.Random(self.rng.getrandbits(64))
            redeal(world, hidden_positions(world, p, self.anchor_seen), self.rng, self.excluded, pinned)
            try:
                if not refresh_choice(world):
                    break
            except Exception:  # noqa: BLE001 - this deal leaves someone without a legal move
                continue
            if self._replay(world, todo) and _same_view(world, s, p):
                return world
        self.fallbacks += 1
        world = G.clone(s)
        world.rng = random.Random(self.rng.getrandbits(64))
        world.events = None
        redeal(world, hidden_positions(world, p, self.seen), self.rng, self.excluded)
        return world

    def _pins(self, todo):
        """Cards another player has played since the anchor were in that player's hands at the anchor."""
        pins = {}
        for i, (q, action) in enumerate(todo, self.anchor_len):
            if i in self.secret or q == self.player:
                continue
            value = action[1]
            cards = [value] if i in self.trick_moves and isinstance(value, int) else _card_list(value) or []
            for c in cards:
                pins.setdefault(c, q)
        return pins

    def _replay(self, world, todo) -> bool:
        for i, (q, action) in enumerate(todo, self.anchor_len):
            if world.pending is None or world.pending.player != q:
                return False
            legal = world.pending.actions
            if i in self.secret:
                same = [a for a in legal if a[0] == action[0]] or legal
                action = same[self.rng.randrange(len(same))]
            elif action not in legal:
                if q != self.player:
                    self._learn(world, q, action, legal)
                return False
            try:
                G.apply(world, action)
            except G.GameError:   # a world in which the rules cannot go on
                return False
        return True

    def _learn(self, world, q, action, legal):
        """q's move was legal in the real game but not here: the cards q could legally play here
        (for a follow rule, those of the led suit) are marked as not in q's hands."""
        cards = [action[1]] if isinstance(action[1], int) else _card_list(action[1]) or []
        held = set()
        for info in world.rules.zone_list:
            if info.per == "player":
                held.update(world.z[info.index][q])
        if not cards or not all(c in held for c in cards):
            return
        for a in legal:
            value = a[1]
            for c in ([value] if isinstance(value, int) else _card_list(value) or []):
                if c not in self.seen:
                    self.excluded.add((q, c))


def _same_view(world, s, player) -> bool:
    if world.pending is None or world.pending.player != player:
        return False
    if sorted(map(repr, world.pending.actions)) != sorted(map(repr, s.pending.actions)):
        return False
    for info in s.rules.zone_list:
        a, b = world.z[info.index], s.z[info.index]
        if info.visibility == "public":
            if a != b:
                return False
        elif info.per == "player":
            if [len(x) for x in a] != [len(x) for x in b]:
                return False
            if info.visibility == "owner" and sorted(a[player]) != sorted(b[player]):
                return False
        elif isinstance(a, dict):
            if {k: len(v) for k, v in a.items()} != {k: len(v) for k, v in b.items()}:
                return False
        elif len(a) != len(b):
            return False
    return True
