"""Trick play as a building block.

`tricks:` plays a number of tricks.  Each trick: the `before_trick` steps, then
each player in turn plays a card from their hand zone that the follow rule
allows, then `after_plays` (the cards are on the table, the winner not yet
decided), the winner is decided, `after_trick` runs and the cards still in the
trick zone go to the `collect` zone.  Inside, expressions may use the local
names leader, current, led_suit, trick_number, trick_players, winner and, in the
follow rule, card.
"""
from __future__ import annotations

import re
from difflib import get_close_matches

from ..expr import types as T
from ..expr.compiler import note_block_locals
from ..expr.hoist import item_selector
from .mixing import forget_mixed
from .registry import compile_steps, step_kind
from .state import Choice, GameStopped, decision_limit
from .steps import _fields, log_event
from .trickgen import trick_end
from .vm import PAUSE, Node, Seq, halt

_NONE = object()
TRICK_LOCALS = {"leader": T.PLAYER, "current": T.PLAYER, "led_suit": T.SUIT, "trick_number": T.NUM,
                "trick_players": T.PLAYERS, "winner": T.PLAYER, "taking_part": T.PLAYERS}
note_block_locals("tricks", TRICK_LOCALS)


class Tricks(Node):
    """A block of tricks.  It runs once per card played, so its per-card path is kept short: see
    docs/performance.md.  Its frame is [node, phase, env, cards played in this trick]; while a
    player is asked, a marker frame [node, -1, env, follow lookup] sits above it (bots look for it)."""
    trick_unseen = False      # the trick zone is not public: cards are played face down (mixing.py)

    step_name = "tricks"         # the step kind, as coverage reports name it (whatever the class with
    #                              after_play, decided_by or players)
    players = None               # who takes part in a trick: an expression, or None for everyone
    card_suit = None             # the suit a card counts as in this block: an expression of card, or None
    order_expr = None            # `order:` written as an expression of card (a number), or None

    def __init__(self, **kw):
        self.__dict__.update(kw)
        # What the per-card path needs is prepared once here.  One shared ('play', card) tuple per
        # card; `play_of` maps cards to their actions inside `map`, without a Python loop.
        self.play_actions = [("play", c) for c in range(len(self.suit_of))]
        self.play_of = self.play_actions.__getitem__
        self.order_table = getattr(self.order, "table", None)
        self._hooks = None
        self._direct = None       # (after_plays, after_trick, before_trick) functions when none can pause
        self.suit_get = self.suit_of.__getitem__
        # Per suit, card -> its action if the card is of that suit, else None:
        # `filter(None, map(follow_of[led], hand))` is the follow-suit filter, again without a loop.
        # A card without a suit (a joker) leads no suit: no entry, so any card may follow it, as the
        # leader may lead any card.
        self.follow_of = {}
        for suit in set(self.suit_of) - {None}:
            table = [a if self.suit_of[a[1]] == suit else None for a in self.play_actions]
            self.follow_of[suit] = table.__getitem__
        # A follow rule given as a condition is tested on the whole hand at once, its parts that do
        # not read `card` worked out once per offer, not once per card (expr/hoist.py).
        legal = getattr(self, "legal", None)
        self.legal_cards = item_selector(legal, "card") if legal is not None else None

    def enter(self, s, env):
        env = dict(env)
        leader = self.lead(s, env)
        if leader is None:
            # not "a list position must be a number, not none" at the block: the setting that gave it
            raise GameStopped("the tricks' lead: gave none, not a player, so nobody can lead the first trick: "
                              "give a seat (e.g. left_of(dealer)), or play the tricks only when there is one "
                              "(if: ... != none)", self.lead_where or self.where)
        if leader.__class__ is int and not 0 <= leader < s.n:
            # dealer - 1 after seat 0: the players asked went round, but `leader` read -1
            raise GameStopped(f"the tricks' lead: gave {leader}, not a seat from 0 to {s.n - 1}; seats go round "
                              "only through left_of and right_of, e.g. right_of(dealer)",
                              self.lead_where or self.where)
        env.update(leader=leader, current=None, led_suit=None, trick_number=0, trick_players=[],
                   winner=None, taking_part=list(range(s.n)))
        s.stack.append([self, 0, env, 0])   # pc = phase, data = cards played in this trick

    def hooks(self):
        """before_trick, after_plays, after_trick as (function, node) pairs, decided at first use (after
        folding): a hook that folded into one function is called directly, without the machine."""
        out = []
        for body in (self.before, self.after_plays, self.after):
            if isinstance(body, Seq) and len(body.children) == 1 and body.children[0].atomic:
                out.append((body.children[0].fn, None))
            else:
                out.append((None, body))
        self._hooks = out
        direct = all(body is None for _, body in out)
        self._direct = (out[1][0], out[2][0], out[0][0]) if direct else ()
        return out

    def folded(self, generate):
        """Called once the hooks are folded: with `generate`, the end of a trick is written as one
        function for this block (trickgen.py) when every hook is a plain function."""
        self.hooks()
        if generate and self._direct:
            self.next_trick = trick_end(self)

    def step(self, s, frame):
        env = frame[2]
        stack = s.stack
        hooks = self._hooks or self.hooks()
        while True:
            phase = frame[1]
            if phase == 0:                       # start a trick, or finish
                if not self.begin_trick(s, frame, env):
                    stack.pop()
                    return None
                fn, body = hooks[0]
            elif phase == 1:                     # the first player plays (resolve() asks the others)
                played = frame[3]
                if played < (s.n if self.players is None else len(env["taking_part"])):
                    player = (env["leader"] + played * self.direction) % s.n
                    env["current"] = player
                    return self.ask(s, env, player, frame)
                frame[1] = 2
                fn, body = hooks[1]
            elif phase == 2:                     # decide the winner
                trick = s.z[self.trick_zone]
                winner = self.decide(s, env, trick)
                env["winner"] = winner
                s.tricks += 1
                if s.events is not None:
                    self.log_trick(s, env, trick, winner)
                frame[1] = 3
                fn, body = hooks[2]
            else:                                # collect the cards, the winner leads next
                trick = s.z[self.trick_zone]
                if trick and self.collect is not None:
                    self.collect(s, env).extend(trick)
                    trick.clear()
                env["leader"] = env["winner"]
                frame[1] = 0
                fn = body = None
            if fn is not None:
                fn(s, env)
                if s.over:
                    return None
            elif body is not None:
                depth = len(stack)
                if body.enter(s, env) is PAUSE or len(stack) != depth or s.over:
                    return PAUSE if s.pending is not None else None

    def ask(self, s, env, player, frame, pushed=False, choice=None):
        """Offer `player` the cards they may play, in hand order (bots choose by index, so the order
        is part of what makes a seed replay the same game).  `choice`: this state's last Choice of
        this block, to be reused."""
        hand = s.z[self.hand_zone][player]
        if self.follow_suit:
            led = env["led_suit"]
            actions = None
            if led is not None:
                follow = self.follow_of.get(led)
                if follow is not None:
                    actions = list(filter(None, map(follow, hand)))
            if not actions:                      # leading, or no card of the led suit: any card
                actions = list(map(self.play_of, hand))
        else:
            legal = self.legal_cards(s, env, hand)
            env.pop("card", None)
            actions = list(map(self.play_of, legal))
        if not actions:
            raise GameStopped(_no_card(player, hand, env.get("led_suit"), self.left_out(s, player)), self.where)
        if choice is None:
            s.pending = Choice(player, actions, None, self.where)
        else:
            choice.player = player
            choice.actions = actions
            s.pending = choice
        if not pushed:
            # a marker frame answered by resolve(); its data: the follow-suit lookup of the led suit
            s.stack.append([self, -1, env, self.follow_of.get(env["led_suit"])])
        return PAUSE

    # engine/autoplay.py may pass pickers to resolve(): see there
    plays_on = True

    def resolve(self, s, marker, index, pickers=None, limit=0, across=False):
        """Play the chosen card; ask the next player at once, or finish the trick.

        The pending Choice belongs to this state alone (State.clone copies it), so it is updated in
        place for the next player.  The marker frame's data slot keeps the follow-suit lookup of the
        led suit, set when the lead is played.

        With `pickers` (engine/autoplay.py: a function count -> action number per seat, None for a
        seat that decides for itself) the decisions that follow are answered here as well, while the
        seat to play has a picker: the rest of the trick and, with `across`, the block's next tricks.
        A card then costs one round of this loop; each decision is recorded in the history and
        counted against the decision limit (`limit`) as game.apply_index does.  When no seat can stop
        the block (every seat has a picker, `across`), play_through() plays it instead."""
        choice = s.pending
        frame = s.stack[-2]                  # the marker frame stays while the trick goes on
        env = frame[2]
        if (across and self._direct and pickers is not None and s.events is None and self.players is None
                and None not in pickers and self.card_suit is None):
            return self.play_through(s, frame, env, marker, choice, index, pickers, limit)
        z = s.z
        hands = z[self.hand_zone]
        trick = z[self.trick_zone]           # the same list all game: zones change in place
        n = s.n
        direction, follow_suit, play_of = self.direction, self.follow_suit, self.play_of
        some = self.players is not None
        history = s.history
        trick_players = env["trick_players"]
        revealed = s.revealed                # the same set all game
        shown_some = revealed.to          # cards shown to some seats (the same dict all game)
        forget = set.discard
        unseen = self.trick_unseen
        player = choice.player
        action = choice.actions[index]
        while True:
            card = action[1]
            if unseen and (revealed or shown_some):     # played face down from a hand (mixing.py)
                forget_mixed(s, (card,), trick)
            hands[player].remove(card)
            trick.append(card)
            if revealed:                     # a card shown to all (a turned-up trump) stops being shown
                forget(revealed, card)       # set.discard: no Python call per card played
            if shown_some:
                shown_some.pop(card, None)
            trick_players.append(player)
            played = frame[3]
            if played == 0:
                env["led_suit"] = led = self.suit_of[card] if self.card_suit is None else self.suit_now(s, env, card)
                marker[3] = self.follow_of.get(led)
            frame[3] = played = played + 1
            s.turns += 1
            if some:                         # tricks among some players (tricks_some.py)
                takers = env["taking_part"]
                more = played < len(takers)
                nxt = self.next_taking_part(player, takers, n) if more else None
            else:
                more = played < n
                nxt = (player + direction) % n      # the seat after the one that just played
            if more:                         # the next player is asked at once (the common case)
                env["current"] = nxt
                actions = None
                if follow_suit:              # ask()'s follow-suit offer, written out: it runs for most cards
                    hand = hands[nxt]
                    follow = marker[3]
                    actions = list(filter(None, map(follow, hand))) if follow is not None else None
                    if not actions:
                        actions = list(map(play_of, hand))
                if actions:                  # the same Choice, for the next player: s.pending stays
                    choice.player = nxt
                    choice.actions = actions
                else:
                    s.pending = None
                    self.ask(s, env, nxt, frame, True, choice)
                    choice = s.pending
                    actions = choice.actions
                pick = pickers and pickers[nxt]
                if pick is None:
                    return PAUSE
            else:
                s.pending = None
                if self._direct is None:     # the trick is complete
                    self.hooks()
                if not self._direct or s.events is not None:
                    s.stack.pop()            # the marker
                    # The trick is complete: go on with it at once, as run() would do next.
                    if self.step(s, frame) is PAUSE:
                        return PAUSE
                    if s.over:               # a rule ended the game: stop as run() does
                        halt(s)
                    return None
                result = self.next_trick(s, frame, env, choice)
                # the next lead, in this block, by a seat with a picker: play on
                if result is not PAUSE or not across or s.pending is not choice:
                    return result
                pick = pickers[choice.player]
                if pick is None:
                    return PAUSE
                actions = choice.actions
                trick_players = env["trick_players"]     # a new list for each trick
            # a picker answers the decision, counted as game.apply_index counts it
            index = pick(len(actions))
            if len(history) >= limit:
                raise decision_limit(len(history), self.where)
            player = choice.player
            action = actions[index]
            history.append((player, action))

    def play_through(self, s, frame, env, marker, choice, index, pickers, limit):
        """resolve() for the case that needs no stop inside the block: every seat has a picker, the
        trick ends run straight (`_direct`, next_trick), nothing is logged, everyone takes part.  The
        same moves in the same order as resolve()'s loop, without the tests for the other cases; the
        Choice is brought up to date only where play could stop (the trick ends: no one outside this
        loop reads it in between).  Returns when the block is over or the game ends."""
        z = s.z
        hands = z[self.hand_zone]
        trick = z[self.trick_zone]           # the same list all game: zones change in place
        n = s.n
        direction, follow_suit, play_of, suit_of, follow_of = (
            self.direction, self.follow_suit, self.play_of, self.suit_of, self.follow_of)
        select = self.legal_cards
        trick_end = self.next_trick
        history = s.history
        revealed = s.revealed                # the same set all game
        shown_some = revealed.to          # cards shown to some seats (the same dict all game)
        forget = set.discard
        trick_players = env["trick_players"]
        follow = marker[3]
        played = frame[3]
        bits = [getattr(pick, "bits", None) for pick in pickers]
        unseen = self.trick_unseen
        player = choice.player
        action = choice.actions[index]
        while True:
            card = action[1]
            if unseen and (revealed or shown_some):     # played face down from a hand (mixing.py)
                forget_mixed(s, (card,), trick)
            hands[player].remove(card)
            trick.append(card)
            if revealed:                     # a card shown to all (a turned-up trump) stops being shown
                forget(revealed, card)       # set.discard: no Python call per card played
            if shown_some:
                shown_some.pop(card, None)
            trick_players.append(player)
            if played == 0:
                env["led_suit"] = led = suit_of[card]
                marker[3] = follow = follow_of.get(led)
            frame[3] = played = played + 1
            s.turns += 1
            if played < n:                   # the next player's offer (ask()'s, written out)
                player = (player + direction) % n
                env["current"] = player
                hand = hands[player]
                if follow_suit:
                    actions = list(filter(None, map(follow, hand))) if follow is not None else None
                    if not actions:
                        actions = list(map(play_of, hand))
                else:
                    actions = list(map(play_of, select(s, env, hand)))
                    env.pop("card", None)
                if not actions:
                    s.pending = None
                    raise GameStopped(_no_card(player, hand, env.get("led_suit"), self.left_out(s, player)), self.where)
            else:                            # the trick is complete: its end, and the next lead
                s.pending = None
                result = trick_end(s, frame, env, choice)
                if result is not PAUSE or s.pending is not choice:
                    return result
                player = choice.player
                actions = choice.actions
                trick_players = env["trick_players"]     # a new list for each trick
                played = frame[3]
            # the seat's picker answers, counted as game.apply_index counts a decision; a random
            # picker's draw is written out (autoplay.random_picker: the same bits, a call fewer)
            draw = bits[player]
            if draw is not None:
                count = len(actions)
                k = count.bit_length()
                index = draw(k)
                while index >= count:
                    index = draw(k)
            else:
                index = pickers[player](len(actions))
            if len(history) >= limit:
                raise decision_limit(len(history), self.where)
            action = actions[index]
            history.append((player, action))

    def begin_trick(self, s, frame, env) -> bool:
        """Start the next trick if there is one (by default: while the leader has a card)."""
        count = self.count
        if not (env["trick_number"] < count(s, env) if count is not None
                else s.z[self.hand_zone][env["leader"]]):
            return False
        return self.start_trick(frame, env)

    def start_trick(self, frame, env) -> bool:
        """The next trick begins (begin_trick found there is one)."""
        env["trick_number"] += 1
        env["trick_players"] = []
        env["led_suit"] = None
        env["winner"] = None
        # before_trick's steps see the leader as the player to move (not the last player of the trick
        # before, nor nothing before the first trick)
        env["current"] = env["leader"]
        frame[3] = 0
        frame[1] = 1
        return True

    def next_trick(self, s, frame, env, choice):
        """step() from a complete trick to the next lead, written straight: the hooks are plain
        functions (or nothing), so nothing here can pause until the next player is asked.  The marker
        frame stays on the stack for that player.  With generated code, folded() replaces this on the
        block by the same written out for it (trickgen.py)."""
        after_plays, after, before = self._direct
        if after_plays is not None:
            after_plays(s, env)
            if s.over:
                halt(s)
                return None
        trick = s.z[self.trick_zone]         # the same list all game: zones change in place
        env["winner"] = self.decide(s, env, trick)
        s.tricks += 1
        if after is not None:
            after(s, env)
            if s.over:
                halt(s)
                return None
        if trick and self.collect is not None:
            self.collect(s, env).extend(trick)
            trick.clear()
        env["leader"] = env["winner"]
        if not self.begin_trick(s, frame, env):
            del s.stack[-2:]                 # the marker and this block's frame: the block is over
            return None
        if before is not None:
            before(s, env)
            if s.over:
                halt(s)
                return None
        env["current"] = leader = env["leader"]
        return self.ask(s, env, leader, frame, True, choice)

    def decide(self, s, env, trick):
        """The winner: the best trump if any was played, else the best card of the led suit.

        Only cards of that one suit can win, so the order key is called for those alone, and not at
        all when there is just one.  Trumps are read anew for every trick: a rule may change them
        within a hand.  Between cards the order ranks equal, the one played first wins.
        """
        if self.winner is not None:
            winner = self.winner(s, env)
            if winner.__class__ is not int or not 0 <= winner < s.n:
                raise self.bad_winner(winner)
            return winner
        players = env["trick_players"]
        cards = trick
        # a rule took cards from the trick, put cards in it or swapped one (only an after_plays hook
        # runs between the last play and the winner)
        target = env["led_suit"]
        led_kept = True
        if len(trick) != len(players) or (self.after_plays is not None and self.swapped(s, players, trick)):
            players, cards, led_kept = self.still_played(s, players, trick)
        if self.card_suit is None:
            suits = list(map(self.suit_get, cards))
        else:                                # what each card counts as now (the trumps may have changed)
            suits = [self.suit_now(s, env, c) for c in cards]
        if not led_kept:                     # the led card was taken away: the first card left with a suit leads
            target = next(filter(None, suits), None)
        if self.trumps is not None:
            trumps = self.trumps(s, env)
            if trumps is not None and trumps in suits:
                target = trumps
        count = suits.count(target)
        if count <= 1:                       # no choice (none at all if a rule took every card with a suit away)
            return players[suits.index(target)] if count else env["trick_players"][0]
        best = suits.index(target)
        table = self.order_table
        if table is not None:                # an order given as a list of ranks: a table lookup
            best_key = table[cards[best]]
            for i in range(best + 1, len(cards)):
                if suits[i] == target and table[cards[i]] > best_key:
                    best, best_key = i, table[cards[i]]
            return players[best]
        key = self.order if self.order_expr is None else (lambda s, c: self.card_value(self.order_expr, s, env, c))
        best_key = key(s, cards[best])
        for i in range(best + 1, len(cards)):
            if suits[i] == target:
                k = key(s, cards[i])
                if k > best_key:
                    best, best_key = i, k
        return players[best]

    def suit_now(self, s, env, card):
        """The suit `card` counts as in this block (`card_suit:`), worked out now."""
        return self.card_value(self.card_suit, s, env, card)

    @staticmethod
    def card_value(fn, s, env, card):
        """`fn`, an expression of the local name card, for `card`; the name is given back as it was."""
        had = env.get("card", _NONE)
        env["card"] = card
        try:
            return fn(s, env)
        finally:
            if had is _NONE:
                env.pop("card", None)
            else:
                env["card"] = had

    def follow_card_suit(self, s, env, hand):
        """`follow: suit` with card_suit: the cards of the hand that count as the suit led, if any, else
        the whole hand (the leader, and a card led that counts as no suit, allow any card)."""
        led = env["led_suit"]
        if led is None or not env["trick_players"]:
            return list(hand)
        same = [c for c in hand if self.suit_now(s, env, c) == led]
        return same or list(hand)

    def log_trick(self, s, env, trick, winner):
        """The game log's line of a finished trick: each card played with its player, in the order
        played.  When a rule changed the trick before its winner was decided, the cards played and
        taken away are listed under `taken`, the cards a rule put in under `added`."""
        names = s.rules.universe.names
        players = list(env["trick_players"])
        played = self.last_plays(s, len(players)) if players else []
        extra = {}
        if played is None or [c for _, c in played] == list(trick):
            cards = list(trick)
        else:
            cards = [c for _, c in played]
            on_table, played_cards = set(trick), set(cards)
            taken = [names[c] for c in cards if c not in on_table]
            added = [names[c] for c in trick if c not in played_cards]
            if taken:
                extra["taken"] = taken
            if added:
                extra["added"] = added
        log_event(s, event="trick", number=env["trick_number"], leader=env["leader"],
                  cards=[names[c] for c in cards], players=players, winner=winner, **extra)

    def bad_winner(self, value):
        """The error of a `winner:` rule that gave something other than a seat (none, or a number past
        the last seat): it names the rule, not the first later step that reads the winner."""
        said = "none" if value is None else repr(value)
        # none is how a tied trick (Truco's parda) is first written: say how a tie is kept instead
        tie = ("; a trick that nobody wins (a tie) still goes to a player, who leads next: give that "
               "player (e.g. leader) and note the tie in a state variable in after_trick") if value is None else ""
        return GameStopped(f"the trick's winner rule gave {said}, not a player: it must give the seat of "
                           f"the player who takes the trick, e.g. trick_players[position(trick, best)]{tie}",
                           self.winner_where or self.where)

    winner_where = None          # the place of the `winner:` setting

    def owner(self, env, choice):
        """The player whose card the pending choice plays (the one who chooses it, unless decided_by)."""
        return choice.player

    def left_out(self, s, player) -> bool:
        """Whether a player asked for a card with an empty hand looks like one out of the hand (folded)
        while the others play on: the block has no players: setting and another hand still holds cards.
        "players" when the block's players: setting chose the player."""
        hands = s.z[self.hand_zone]
        if self.players is not None:
            return "players"         # the block's players: expression chose this player
        return any(hands[q] for q in range(s.n) if q != player)
    lead_where = None            # the place of the `lead:` setting

    def still_played(self, s, players, trick):
        """(players, cards, led_kept) of the plays to this trick whose cards are still in it, in the order
        played, for a trick a rule changed before its winner is decided: a card taken away does not count,
        nor does a card a rule put in.  led_kept: whether the card led is still in the trick.  A position without the plays in its history (set up by hand) is
        read as the trick lies, its first cards played in turn."""
        plays = self.last_plays(s, len(players))
        if plays is None:
            plays = list(zip(players, trick))
        on_table = set(trick)
        kept = [(p, c) for p, c in plays if c in on_table]
        led_kept = bool(plays) and plays[0][1] in on_table
        return [p for p, _ in kept], [c for _, c in kept], led_kept

    def swapped(self, s, players, trick) -> bool:
        """Whether the trick, as many cards as were played, is not the cards played in their order: a
        rule swapped a card for another.  False when the plays are not in the history."""
        plays = self.last_plays(s, len(players))
        return plays is not None and any(c != t for (_, c), t in zip(plays, trick))

    def last_plays(self, s, want):
        """The last `want` (player, card) plays of this block in the history, in the order played (found
        by identity: the block's shared ('play', card) tuples), or None if there are fewer."""
        actions = self.play_actions
        plays = []
        for player, action in reversed(s.history):
            card = action[1] if action.__class__ is tuple and len(action) == 2 else None
            if card.__class__ is int and 0 <= card < len(actions) and actions[card] is action:
                plays.append((player, card))
                if len(plays) == want:
                    plays.reverse()
                    return plays
        return None


@step_kind("tricks", "Play tricks. Settings: hand (zone per player), trick (zone for the cards played), "
           "collect (zone for a finished trick, e.g. won[winner]), lead (who leads the first trick; default "
           "left_of(dealer); the winner of each trick leads the next), count (how many tricks, worked out before "
           "each trick, before which trick_number is the number of tricks played: a trick is played while it is "
           "less than count, so count: 0 plays none, and count: trick_number if claimed else 8 ends the block "
           "after the trick in which claimed became true; default: while the leader has cards), follow ('suit', 'any' or a "
           "condition on card that replaces the follow-suit rule; led_suit is none for the leader), trumps "
           "(the trump suit, an expression; none or no setting: no trumps), "
           "order (the name of an order, or an expression of card giving a number: higher wins; of cards ranked alike, identical copies say, the first played wins: a game where the later one wins says so with winner), card_suit (the suit a card counts as in this block, an expression of card: following, "
           "led_suit and the trumps read it), winner (an expression that replaces order and trumps), direction (1 to the left, the default, or "
           "-1), decided_by (who chooses the card of the player whose turn it is, an expression of current: "
           "declarer if current == dummy else current; default that player), players (who takes part "
           "in each trick: "
           "a list of players, worked out at the start of every trick the count lets begin; default everyone; "
           "a leader who does not take part passes the lead to the next player who does), may_pass (a "
           "condition of current: when it holds, the player may pass instead of playing and takes no part in "
           "this trick; a leader who passes hands the lead on; a player with no card to play may only pass), "
           "before_trick (steps "
           "before each trick's lead), after_play (steps after each card is played, before the next player is "
           "asked; card_played names the card), after_plays (steps once every card of a trick is played, before its winner "
           "is decided), after_trick (steps after the winner is decided, before the trick is collected; "
           "winner names the winner).")
def _tricks(cx, value, path, step):
    spec = _fields(cx, value, path, "tricks", ("hand", "trick"),
                   ("collect", "lead", "count", "follow", "trumps", "order", "winner", "direction",
                    "players", "card_suit", "decided_by", "may_pass", "before_trick", "after_play",
                    "after_plays", "after_trick"))
    if spec is None:
        return None
    zones = cx.rules.zones
    hand = zones.get(str(spec["hand"]))
    trick = zones.get(str(spec["trick"]))
    if hand is None or hand.per != "player":
        cx.problem(path + ("hand",), "'hand' must name a zone kept per player, e.g. hand", "meaning")
        return None
    if trick is None or trick.per is not None:
        cx.problem(path + ("trick",), "'trick' must name a shared zone, e.g. trick", "meaning")
        return None
    cx.zone_writes.add(trick.name)
    with cx.scope(**TRICK_LOCALS):
        lead = cx.expr(path + ("lead",), spec.get("lead", "left_of(dealer)"), T.PLAYER).fn
        count = cx.expr(path + ("count",), spec["count"], T.NUM).fn if "count" in spec else None
        follow = spec.get("follow", "suit")
        legal = None
        word = follow.strip() if isinstance(follow, str) and re.fullmatch(r"\s*\w+\s*", follow) else None
        known = cx.ns.names.get(word) if word else None
        close = get_close_matches(word.lower(), ["suit", "any"], n=1, cutoff=0.5) if word else []
        maybe_condition = known is not None and (known.kind == "define" or known.type in (T.BOOL, T.ANY))
        if word not in (None, "suit", "any") and close and not maybe_condition:
            # follow: suits, follow: Suit, follow: anything: one of the two words was meant
            cx.problem(path + ("follow",), f"'follow' is 'suit', 'any' or a condition on card, not '{word}'",
                       "unknown-name", hint=f"did you mean '{close[0]}'?")
            follow = close[0]
        if follow not in ("suit", "any"):
            legal = cx.expr(path + ("follow",), follow, T.BOOL, extra_locals={"card": T.CARD}).fn
        elif follow == "any":
            legal = lambda s, e: True
        trumps = cx.expr(path + ("trumps",), spec["trumps"], T.SUIT).fn if "trumps" in spec else None
        card_suit = cx.expr(path + ("card_suit",), spec["card_suit"], T.SUIT,
                            extra_locals={"card": T.CARD}).fn if "card_suit" in spec else None
        written = spec.get("order")
        order_expr = None
        if isinstance(written, str) and not re.fullmatch(r"\s*[A-Za-z_]\w*\s*", written):
            # not a name: an expression of card giving a number, higher beats lower
            order_expr = cx.expr(path + ("order",), written, T.NUM, extra_locals={"card": T.CARD}).fn
            order = None
        else:
            order = _order_key(cx, path + ("order",), written)
        winner = cx.expr(path + ("winner",), spec["winner"], T.PLAYER).fn if "winner" in spec else None
        players = cx.expr(path + ("players",), spec["players"], T.PLAYERS).fn if "players" in spec else None
        decided_by = cx.expr(path + ("decided_by",), spec["decided_by"], T.PLAYER).fn if "decided_by" in spec else None
        may_pass = cx.expr(path + ("may_pass",), spec["may_pass"], T.BOOL).fn if "may_pass" in spec else None
        collect = None
        if "collect" in spec:
            collect, name = cx.zone_ref(path + ("collect",), spec["collect"])
            if name:
                cx.zone_writes.add(name)
        before = compile_steps(cx, spec["before_trick"], path + ("before_trick",)) if "before_trick" in spec else None
        after_plays = compile_steps(cx, spec["after_plays"], path + ("after_plays",)) if "after_plays" in spec else None
        after_play = None
        if "after_play" in spec:
            with cx.scope(card_played=T.CARD):
                after_play = compile_steps(cx, spec["after_play"], path + ("after_play",))
        after = compile_steps(cx, spec["after_trick"], path + ("after_trick",)) if "after_trick" in spec else None
    if winner is not None:                # the winner rule decides alone: these would be ignored
        for unused in ("order", "trumps"):
            if unused in spec:
                cx.problem(path + (unused,), f"'{unused}' is not used when the block has a 'winner' rule",
                           "meaning", key=True, hint="remove it, or use it inside the winner expression")
    if winner is None and order is None and "order" not in spec:
        cx.problem(path, "'tricks' needs an 'order' (to rank the cards) or a 'winner' expression", "schema")
    for hook in ("after_plays", "after_trick"):
        for where in _chooser_is_current(spec.get(hook), path + (hook,)):
            # `choose: {player: current}` after the last card: the seat that played last, which reads as
            # the trick's winner (a cante sung by the winner) but is not
            cx.problem(where, f"in {hook}, 'current' is the player who played the last card of the trick, "
                       "not its winner", "meaning", severity="warning",
                       hint="the trick's winner is 'winner'; for the player who played last, write "
                            "last(trick_players)")
    if "collect" not in spec and not _mentions(spec.get("after_trick"), trick.name):
        # the next trick is played on top of the last: `trick` in follow rules and winners sees them all
        cx.problem(path, f"the cards of a finished trick stay in '{trick.name}': the block has no 'collect' "
                   "and its after_trick steps do not mention the zone", "meaning", severity="warning",
                   hint="add e.g. collect: won[winner], or move the cards in after_trick")
    direction = spec.get("direction", 1)
    if direction.__class__ is not int or direction not in (1, -1):
        # another step would have a player play twice to a trick, or never pass the turn on
        cx.problem(path + ("direction",), f"'direction' must be 1 or -1, not {direction!r}", "meaning",
                   hint="1 plays to the left (clockwise), -1 to the right")
        direction = 1
    kind = Tricks
    if may_pass is not None and players is None:       # a pass leaves the trick: who takes part is kept
        players = _everyone
    if players is not None:
        from .tricks_some import SomeTricks
        kind = SomeTricks
    if decided_by is not None:
        from .tricks_decided import DecidedBy
        kind = mixed_kind(DecidedBy, kind)
    if may_pass is not None:
        from .tricks_pass import MayPass
        kind = mixed_kind(MayPass, kind)       # plays one card per resolve(), after_play or not
    elif after_play is not None:
        from .tricks_after_play import AfterPlay
        kind = mixed_kind(AfterPlay, kind)
    block = kind(players=players, lead=lead, count=count, follow_suit=follow == "suit" and card_suit is None,
                 legal=legal, trumps=trumps, order=order, winner=winner, collect=collect, before=before,
                 after_plays=after_plays, after=after, hand_zone=hand.index, trick_zone=trick.index,
                 suit_of=cx.ns.universe.suit_of, direction=direction, where=cx.where(path),
                 winner_where=cx.where(path + ("winner",)) if winner is not None else None)
    block.order_expr = order_expr
    block.trick_unseen = trick.visibility != "public"     # cards played face down (mixing.py)
    if after_play is not None:
        block.after_play = after_play
    if decided_by is not None:
        block.decided_by = decided_by
        block.decided_where = cx.where(path + ("decided_by",))
    if may_pass is not None:
        block.may_pass = may_pass
        block.may_pass_where = cx.where(path + ("may_pass",))
    if "lead" in spec:
        block.lead_where = cx.where(path + ("lead",))
    if card_suit is not None:
        # the offers go through ask() (no per-suit tables: what a card counts as may change each trick)
        block.card_suit = card_suit
        block.follows_led = follow == "suit"
        if follow == "suit":
            block.legal_cards = block.follow_card_suit
    return block


_MIXED = {}


def mixed_kind(mixin, kind):
    """The block class `kind` (Tricks or SomeTricks) with `mixin` in front (DecidedBy, AfterPlay, MayPass),
    made once for each pair."""
    if (mixin, kind) not in _MIXED:
        _MIXED[mixin, kind] = type(f"{mixin.__name__}{kind.__name__}", (mixin, kind), {})
    return _MIXED[mixin, kind]


def _everyone(s, env):
    return range(s.n)


def _chooser_is_current(steps, path):
    """The paths of the `player:` of choose steps among these steps (their then/else and do lists
    included, not a turns: or tricks: block inside, which has a current of its own) that is written
    as `current`."""
    out = []
    if not isinstance(steps, list):
        return out
    for i, step in enumerate(steps):
        if not isinstance(step, dict):
            continue
        here = path + (i,)
        choose = step.get("choose")
        if isinstance(choose, dict):
            if str(choose.get("player", "")).strip() == "current":
                out.append(here + ("choose", "player"))
            for name, move in (choose.get("moves") or {}).items() if isinstance(choose.get("moves"), dict) else ():
                if isinstance(move, dict):
                    out += _chooser_is_current(move.get("do"), here + ("choose", "moves", name, "do"))
        for key in ("then", "else"):
            out += _chooser_is_current(step.get(key), here + (key,))
        for kind in ("if", "repeat", "for_each"):
            inner = step.get(kind)
            if isinstance(inner, dict):
                out += _chooser_is_current(inner.get("do"), here + (kind, "do"))
    return out


def _mentions(steps, name) -> bool:
    """Whether the name appears in the YAML of these steps (a key or a value, e.g. `from: trick`, or
    in an expression such as `first(trick)`)."""
    if isinstance(steps, dict):
        return any(_mentions(k, name) or _mentions(v, name) for k, v in steps.items())
    if isinstance(steps, list):
        return any(_mentions(v, name) for v in steps)
    return isinstance(steps, str) and re.search(rf"\b{re.escape(name)}\b", steps) is not None


def _order_key(cx, path, name):
    if name is None:
        return None
    if isinstance(name, list):         # the ranks written in place: an order is named here
        cx.problem(path, "'order' takes the name of an order, not a list of ranks", "unknown-name",
                   hint="declare the list under 'orders:' with a name, e.g. orders: {trick_order: [...]}, "
                        "and write order: trick_order")
        return None
    binding = cx.ns.names.get(str(name))
    if binding is not None and binding.kind == "define":
        # a definition of a card's strength named alone: the order is an expression of card
        cx.problem(path, f"'{name}' is a definition, not an order", "unknown-name",
                   hint=f"an order may be an expression of card: give the definition the card, "
                        f"order: {name}(card)")
        return None
    if binding is None or binding.kind not in ("order", "points"):
        from difflib import get_close_matches
        orders = [n for n, b in cx.ns.names.items() if b.kind == "order"]
        close = get_close_matches(str(name), orders, n=1)
        cx.problem(path, f"'{name}' is not an order", "unknown-name",
                   hint=f"did you mean '{close[0]}'?" if close else "declare it under 'orders:'")
        return None
    return binding.value


def _no_card(player, hand, led, left_out=False) -> str:
    """Why a player of a trick may play nothing: an empty hand, or a follow rule that allows none of
    the cards (for the leader led_suit is none, so a condition on it must allow a lead).  `left_out`:
    the block has no players: setting and others still hold cards (a player who folded is still asked)."""
    if not hand:
        out = (" while others still hold cards (every player takes part in each trick unless the block says "
               "who with players:, e.g. players: filter(players, p => count(hand[p]) > 0) to leave out a "
               "player who folded or threw the hand away)") if left_out is True else ""
        if left_out == "players":
            out = (", but the block's players: setting gave them as taking part in this trick: leave out a "
                   "player with no card left, e.g. with 'and count(hand[p]) > 0' in its condition")
        return f"player {player} has no card to play: their hand is empty{out}"
    lead = (" (led_suit is none here: this player leads, and a follow: condition must allow a lead, e.g. "
            "led_suit == none or ...)") if led is None else ""
    return (f"player {player} has no card to play: the follow: condition holds for none of their {len(hand)} "
            f"card(s){lead}")
