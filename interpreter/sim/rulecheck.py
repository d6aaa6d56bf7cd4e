"""Checking a game against its rules while it is played (`rules simulate --check`).

The checker watches every move of one game and tests, with its own small code:

- every applied move is one of the moves offered (its number is a whole number
  within the list, and the history records that action for that player);
- in a trick block, the cards offered are the ones the follow rule allows: with
  `follow: suit`, the player's cards of the led suit if they hold any, else
  their whole hand; with `follow: any` or a condition, the cards of the hand the
  block's follow expression accepts; no player plays twice to one trick, and a
  trick after the first is led by the previous trick's winner (as the checker
  computed it);
- every finished trick's winner, recomputed from the cards played to it (as the
  checker saw the moves, those still in the trick zone when the winner is
  decided), the led suit (the first card's; when a rule took the led card away,
  the first card's left with a suit), the trumps and the block's order:
  the highest trump if a trump was played, else the highest card of the led
  suit, the earlier card winning a tie.  It is compared with the engine's
  winner: the next trick's leader, or the block's `winner` when no trick follows.

Trumps and an order by cases may depend on the state, which the trick's end may
change (a hook may set the trumps before the winner is decided), so they are
read at the moment the engine decides: the trick's last move is played again
on a copy of the game with a game log, and the values are read when that copy
logs the trick.  The real game is never touched.  A block with its own
`winner:` expression cannot be recomputed independently: its tricks are counted
as unchecked, with the reason, as are tricks whose end the copy cannot reach
(a hook that waits for a choice before the winner is decided).
"""
from __future__ import annotations

from ..engine import game as G
from ..engine.tricks import Tricks


class _TrickLog(list):
    """The game log of a copy: calls `on_trick(state)` when the copy logs a trick."""

    def __init__(self, state, on_trick):
        super().__init__()
        self.state, self.on_trick, self.seen = state, on_trick, False

    def append(self, event):
        if not self.seen and event.get("event") == "trick":
            self.seen = True
            self.on_trick(self.state)
        super().append(event)


class _Trick:
    __slots__ = ("block", "env", "number", "plays", "before", "index", "hand", "led", "passed")

    def __init__(self, block, env, hand):
        self.block, self.env, self.number, self.hand = block, env, env["trick_number"], hand
        self.plays = []            # (player, card) in the order played, as the checker saw the moves
        self.before = None         # a copy of the game before the latest play, and that play's number
        self.index = None
        self.led = None            # with card_suit: what the card led counted as when it was led
        self.passed = []           # the players who passed (tricks: may_pass)


class RuleCheck:
    """Watches one game.  Use `apply(state, index)` in place of game.apply_index; read `report()`."""

    def __init__(self, seed=None):
        self.seed = seed
        self.moves = 0
        self.offers = 0            # trick offers compared with the follow rule
        self.tricks = 0            # trick winners recomputed and compared
        self.unchecked = {}        # reason -> tricks whose winner could not be recomputed
        self.violations = []
        self._open = {}            # id(block env) -> _Trick being played
        self._last_winner = {}     # id(block env) -> (that env, the previous trick's winner as computed here)

    # -- the hook -------------------------------------------------------------------------------------

    def apply(self, s, index):
        """Check the move, apply it (game.apply_index) and check what it finished."""
        choice = s.pending
        player = choice.player
        self.moves += 1
        if type(index) is not int or not 0 <= index < len(choice.actions):
            self._violation(s, None, f"player {player} chose move number {index!r}, not one of the "
                                     f"{len(choice.actions)} moves offered")
            G.apply_index(s, index)     # the engine reports it as it would without the check
            return
        action = choice.actions[index]
        trick = self._trick_move(s, choice, action)
        if trick is not None:
            trick.before, trick.index = s.clone(), index
        G.apply_index(s, index)
        if not s.history or s.history[-1] != (player, action):
            self._violation(s, None, f"the move applied is not the one chosen ({player}, {action!r})")
        self._finished_tricks(s)

    def report(self) -> dict:
        return {"moves": self.moves, "offers": self.offers, "tricks": self.tricks,
                "unchecked": dict(self.unchecked), "violations": list(self.violations)}

    # -- trick plays -----------------------------------------------------------------------------------

    def _trick_move(self, s, choice, action):
        """For a card played to a trick: check the offer, record the play; return the trick."""
        frame = s.stack[-1] if s.stack else None
        if frame is None or not isinstance(frame[0], Tricks) or frame[1] != -1:
            return None
        block, env = frame[0], frame[2]
        key = id(env)
        trick = self._open.get(key)
        if trick is None or trick.number != env["trick_number"]:
            trick = self._open[key] = _Trick(block, env, s.hand_no)
        player = block.owner(env, choice)            # whose card it is (decided_by: another seat chooses it)
        if any(p == player for p, _ in trick.plays) or player in trick.passed:
            self._violation(s, trick, f"player {player} is asked to play a second card to the trick")
        last = self._last_winner.get(key)
        if not trick.plays and not trick.passed and last is not None and last[0] is env and last[1] is not None:
            due = _lead_after(block, env, last[1], s.n)
            if due != player:
                after = "" if due == last[1] else f" (player {due} is the next to take part)"
                self._violation(s, trick, f"player {player} leads, but player {last[1]} won the previous "
                                          f"trick{after}")
        self._check_offer(s, trick, block, env, player, choice.actions)
        if action[0] == "pass":
            trick.passed.append(player)
        else:
            trick.plays.append((player, action[1]))
        return trick

    def _check_offer(self, s, trick, block, env, player, actions):
        hand = list(s.z[block.hand_zone][player])
        suit_of = block.suit_of
        if block.card_suit is not None and len(trick.plays) == 1:
            # what the card led counts as, as it was led (the second offer comes right after the lead:
            # nothing runs between plays)
            trick.led = block.suit_now(s, env, trick.plays[0][1])
        if block.follow_suit:
            # the leader may lead any card, and any card may follow a card without a suit (a joker's
            # suit is none: it is not a suit led)
            led = suit_of[trick.plays[0][1]] if trick.plays else None
            allowed = (led is not None and [c for c in hand if suit_of[c] == led]) or hand
        elif block.card_suit is not None and block.follows_led:
            # what each card counts as (card_suit), read now; the card led, as it counted when led
            led = trick.led if trick.plays else None
            allowed = (led is not None and [c for c in hand if block.suit_now(s, env, c) == led]) or hand
        else:
            local = dict(env)
            allowed = []
            try:
                for c in hand:
                    local["card"] = c
                    if block.legal(s, local):
                        allowed.append(c)
            except Exception:                  # noqa: BLE001 - the engine reports a rule that fails
                return
        offered = [a[1] for a in actions if a[0] == "play"]
        passes = sum(1 for a in actions if a[0] == "pass")
        may_pass = getattr(block, "may_pass", None)
        if may_pass is not None:             # the condition, read with current the player asked
            local = dict(env)
            local["current"] = player
            try:
                wanted = 1 if may_pass(s, local) else 0
            except Exception:                  # noqa: BLE001 - the engine reports a rule that fails
                return
        else:
            wanted = 0
        self.offers += 1
        if sorted(offered) != sorted(allowed) or len(offered) + passes != len(actions):
            names = s.rules.universe.names
            self._violation(s, trick, f"player {player} was offered {_cards(names, offered)}; the follow rule "
                                      f"allows {_cards(names, allowed)}")
        elif passes != wanted:
            self._violation(s, trick, f"player {player} was {'' if passes else 'not '}offered a pass; the "
                                      f"may_pass condition {'does not hold' if passes else 'holds'}")

    def _finished_tricks(self, s):
        for key, trick in list(self._open.items()):
            env = trick.env
            if env["trick_number"] == trick.number and env["winner"] is None:
                continue                       # still being played
            del self._open[key]
            mine = self._recompute(trick)
            if mine is None:                 # unchecked: nor is the next lead (no stale winner for it)
                self._last_winner[key] = (env, None)
                continue
            self.tricks += 1
            if env["trick_number"] == trick.number:      # the block is over: its winner stays
                engine, due, taker = env["winner"], mine, ""
            else:                                        # the next trick has begun: its leader
                engine, due = env["leader"], _lead_after(trick.block, env, mine, s.n)
                taker = "" if due == mine else f" (player {due} leads next, the next to take part)"
            self._last_winner[key] = (env, mine if due == engine else None)   # reported once
            if due != engine:
                names = s.rules.universe.names
                played = ", ".join(f"P{p} {names[c]}" for p, c in trick.plays)
                self._violation(s, trick, f"{played}: the rules give the trick to P{mine}{taker}, the engine "
                                          f"{'to' if due == mine else 'lets lead'} P{engine}")

    def _recompute(self, trick):
        """The winner by the rules, or None (counted as unchecked) when it cannot be recomputed."""
        block = trick.block
        if block.winner is not None:
            return self._unchecked("the block has its own winner rule")
        if trick.before is None:
            return self._unchecked("the trick's last play was not seen")
        copy = trick.before
        found = []

        def on_trick(state):
            try:
                found.append(self._decide(state, trick))
            except Exception as err:           # noqa: BLE001 - said in the report, never raised into the game
                found.append(f"the trumps or the order could not be read ({type(err).__name__})")
        copy.events = _TrickLog(copy, on_trick)
        try:
            G.apply_index(copy, trick.index)
        except G.GameError:
            pass                               # the real game reports its own errors
        trick.before = None
        if not found:
            return self._unchecked("the trick's end waits for a choice before its winner")
        if found[0] is None:
            return self._unchecked("no card of the led suit is left in the trick")
        if isinstance(found[0], str):
            return self._unchecked(found[0])
        return found[0]

    def _decide(self, s, trick):
        """The winner from the cards still in the trick, the led suit, the trumps and the order, read in
        state `s` (a copy of the game when its engine decides the trick)."""
        block = trick.block
        env = next(f[2] for f in reversed(s.stack) if f[0] is block and f[1] != -1)
        on_table = set(s.z[block.trick_zone])
        plays = [(p, c) for p, c in trick.plays if c in on_table]
        suit_of = block.suit_of
        trumps = block.trumps(s, env) if block.trumps is not None else None
        if block.card_suit is not None:     # what the cards count as now; the lead, as when it was led
            led = trick.led if len(trick.plays) > 1 else block.suit_now(s, env, trick.plays[0][1])
            suits = [block.suit_now(s, env, c) for _, c in plays]
        else:
            led = suit_of[trick.plays[0][1]]
            suits = [suit_of[c] for _, c in plays]
        if trick.plays[0][1] not in on_table:   # the led card was taken away: the first card left with a suit
            led = next((suit for suit in suits if suit is not None), None)
        target = trumps if trumps is not None and trumps in suits else led
        best, best_key = None, None
        for (p, c), suit in zip(plays, suits):
            if suit != target:
                continue
            key = block.order(s, c) if block.order_expr is None else block.card_value(block.order_expr, s, env, c)
            if best is None or key > best_key:
                best, best_key = p, key
        return best

    def _unchecked(self, reason):
        self.unchecked[reason] = self.unchecked.get(reason, 0) + 1
        return None

    def _violation(self, s, trick, message):
        self.violations.append({"seed": self.seed if self.seed is not None else s.seed,
                                "hand": trick.hand if trick is not None else s.hand_no,
                                "trick": trick.number if trick is not None else None, "message": message})


def _cards(names, cards):
    return "[" + " ".join(names[c] for c in cards) + "]"


class CheckTotals:
    """The reports of a run's games as running totals (violations: the first 20 kept)."""

    def __init__(self):
        self.games = self.moves = self.offers = self.tricks = self.violation_count = 0
        self.unchecked, self.violations = {}, []

    def add(self, report: dict):
        self.games += 1
        self.moves += report["moves"]
        self.offers += report["offers"]
        self.tricks += report["tricks"]
        for reason, n in report["unchecked"].items():
            self.unchecked[reason] = self.unchecked.get(reason, 0) + n
        self.violation_count += len(report["violations"])
        self.violations.extend(report["violations"][:max(0, 20 - len(self.violations))])

    def as_dict(self) -> dict:
        return {"games": self.games, "moves": self.moves, "offers": self.offers, "tricks": self.tricks,
                "unchecked": dict(self.unchecked), "violation_count": self.violation_count,
                "violations": list(self.violations)}


def describe(totals: dict) -> list:
    """Lines for people: what was checked, what could not be, and the violations found."""
    lines = [f"rules check: {totals['games']} game(s), {totals['moves']} moves, {totals['offers']} trick offers, "
             f"{totals['tricks']} trick winners checked: "
             + (f"{totals['violation_count']} violation(s)" if totals["violation_count"] else "no violation")]
    if not totals["offers"] and not totals["tricks"] and not totals["unchecked"]:
        lines.append("  no trick block was played: the check covered that every move was one of those offered")
    for reason, n in sorted(totals["unchecked"].items()):
        lines.append(f"  {n} trick winner(s) not checked: {reason}")
    for v in totals["violations"]:
        trick = f", trick {v['trick']}" if v["trick"] is not None else ""
        lines.append(f"  seed {v['seed']}, hand {v['hand']}{trick}: {v['message']}")
    if totals["violation_count"] > len(totals["violations"]):
        lines.append(f"  ... and {totals['violation_count'] - len(totals['violations'])} more")
    return lines


def _lead_after(block, env, winner, n):
    """Who leads after `winner` took a trick: the winner, or in a block among some players (`players:`,
    engine/tricks_some.py) the next player taking part in the new trick when the winner is not."""
    takers = env.get("taking_part") if getattr(block, "players", None) is not None else None
    if takers is None or winner in takers:
        return winner
    return block.next_taking_part(winner, takers, n)
