"""Trial-game check: a `bots: rank` (or `bots: sides`) expression that reads cards the deciding player
cannot see.

The priority bot ranks a move's options with the ruleset's `bots: rank` expressions, evaluated on the
game as it is (bots/priority.py).  An expression such as `count(hand[left_of(p)])`'s cards, or
`last(stock)`, reads cards hidden from the player, so the bot would play knowing them: it cheats, and
the simulation's figures come from a game nobody can play.  At each decision of the trial games
(loader.dry_run_checks) that offers a ranked move more than one option, the options are ranked again
on a copy in which the cards hidden from the player have changed places among themselves (zone sizes
and everything the player sees stay the same) and the other players' values only they see
(`visibility: owner`) are back at their start.  If any rank differs, the expression depends on what
the player cannot know: a warning at that rank, once per move.
"""
from __future__ import annotations

from ..engine import game as G
from ..expr.errors import EVAL_ERRORS

CHECKS = 40


def note_peeking_ranks(s, smap, diags, checked, rng) -> None:
    """Warn (once per move) when a ranked move's options rank differently once the cards hidden from
    the deciding player are shuffled among their places.  `checked`: move -> how many decisions it was
    checked at (CHECKS once warned of)."""
    ranks = (getattr(s.rules, "bot_hints", None) or {}).get("rank") or {}
    choice = s.pending
    if not ranks or choice is None:
        return
    offered: dict = {}
    for name, value in choice.actions:
        if name in ranks and checked.get(name, 0) < CHECKS:
            offered.setdefault(name, []).append(value)
    offered = {name: values for name, values in offered.items() if len(values) > 1}
    if not offered:
        return
    player = choice.player
    other = _unseen_changed(s, player, rng)
    if other is None:
        return
    base = dict(s.stack[-1][2]) if s.stack else {}
    for name, values in offered.items():
        checked[name] = checked.get(name, 0) + 1
        if _ranked(s, ranks[name], base, player, values) != _ranked(other, ranks[name], base, player, values):
            checked[name] = CHECKS
            path = ("bots", "rank", name)
            diags.append(smap.diagnostic(
                path, f"the bots' rank of move '{name}' reads cards or values player {player} cannot see (its "
                "ranking changed when only hidden cards changed places, or the other players' values only "
                "they see changed): the priority bot would play knowing them",
                "bots", severity="warning",
                hint=_seen_hint(s.rules), length=smap.span_length(path)))


def note_peeking_sides(s, smap, diags, checked, rng) -> None:
    """Warn once when `bots: sides` changes once the cards hidden from the deciding player change
    places: a bot would know its partner from cards it cannot see (a called ace's holder)."""
    if s.rules.bot_sides is None or s.pending is None or checked.get("sides", 0) >= CHECKS:
        return
    other = _unseen_changed(s, s.pending.player, rng)
    if other is None:
        return
    checked["sides"] = checked.get("sides", 0) + 1
    if _sides(s) != _sides(other):
        checked["sides"] = CHECKS
        path = ("bots", "sides")
        diags.append(smap.diagnostic(
            path, f"the bots' sides read cards player {s.pending.player} cannot see (a side changed when only "
            "hidden cards changed places): a bot would know its partner before the rules show it", "bots",
            severity="warning", hint="work the sides out from what every player sees (a declarer chosen by the "
            "bidding, a card shown to all)", length=smap.span_length(path)))


def _unseen_changed(s, player, rng):
    """A copy of `s` in which what `player` cannot know changed: the hidden cards change places among
    themselves, the other players' values only they see (`visibility: owner`) start over.  None when
    nothing is hidden from the player."""
    hidden = G.hidden_from(s, player)
    private = s.rules.private_vars
    if len(hidden) < 2 and not private:
        return None
    other = G.clone(s)
    if len(hidden) >= 2:
        shuffle_hidden(other, hidden, rng)
    if private:
        G.forget_private(other, player)
    return other


def _sides(s):
    try:
        return G.sides(s)
    except EVAL_ERRORS as err:
        return type(err).__name__


def _seen_hint(rules) -> str:
    """What a ranking may read, in the ruleset's own zones."""
    others = [info.name for info in rules.zone_list if info.visibility == "others"]
    if not others:
        return ("rank with what the deciding player p sees: its own zones (hand[p]), public zones, and counts of "
                "hidden ones")
    return (f"rank with what the deciding player p sees: public zones, its own zones of 'visibility: owner', "
            f"the other players' {others[0]}[q] (never its own {others[0]}[p]: 'visibility: others'), "
            "and counts of hidden ones")


def _ranked(s, rank, base, player, values):
    env = dict(base)
    env["p"] = player
    out = []
    for value in values:
        env["option"] = value
        try:
            out.append(rank(s, env))
        except EVAL_ERRORS as err:      # the bot reports it when it plays; here, no ranking to compare
            return type(err).__name__
    return out


def shuffle_hidden(s, hidden, rng) -> None:
    """Change the places of the cards in `hidden` among themselves, in place (groups of melds too)."""
    slots = []
    for info in s.rules.zone_list:
        zone = s.z[info.index]
        parts = zone.values() if isinstance(zone, dict) else zone if info.per == "player" else [zone]
        for part in parts:
            for i, x in enumerate(part):
                if isinstance(x, list):
                    slots += [(x, j) for j, c in enumerate(x) if c in hidden]
                elif x in hidden:
                    slots.append((part, i))
    cards = [part[i] for part, i in slots]
    before = list(cards)
    rng.shuffle(cards)
    for (part, i), card in zip(slots, cards):
        part[i] = card
    # a variable naming hidden cards (kept[p] = hand[p]) names the cards now in their places
    G.rename_cards(s, {old: new for old, new in zip(before, cards) if old != new})
