"""Cards shown while they lie in a hand, and what the other seats know of them once the hand moves.

A card shown while in a hand (a widow shown and taken up, a meld declared and taken back) is known
to the other seats to be in that hand.  Once the hand's owner moves a card from it to a place a
seat does not see (a face-down discard, a gift to another player), that seat cannot tell which of
the hand's cards went: it stops knowing which of the shown cards are still there (unless it was
shown every card of the hand, and so sees which one is missing).  Without this the
seat would see the shown card vanish or stay, and know what was given away.

A hand here is a zone kept per player that only its owner sees (`visibility: owner`).  Cards shown
in other places keep being shown until they move: a card turned face up under a stock, a card shown
in a row of face-down cards, stay where everyone can see them.

A card that went is known after all when the rules show it before the next decision (the nine of
trumps put under the stock in exchange for the turned-up card, then turned up): `reveal:` then gives
back what the move took, to the seats it shows the card to (`told`).
"""
from __future__ import annotations

from .logtext import _place_of_list, _seers
from .state import Shown


def hand_zones(rules) -> tuple:
    """The zone infos of the hands (kept per player, seen by the owner alone), worked out once."""
    found = rules.__dict__.get("_hand_zones")
    if found is None:
        found = rules._hand_zones = tuple(info for info in rules.zone_list
                                          if info.per == "player" and info.visibility == "owner")
    return found


def forget_mixed(s, moving, dest) -> None:
    """Before `moving` leave their places for `dest`: for every hand they leave, the seats that do not
    see `dest` (nor own the hand) stop seeing the hand's other shown cards.  Called only while some card
    is shown (s.revealed or s.revealed.to)."""
    hands = hand_zones(s.rules)
    if not hands:
        return
    shown = s.revealed
    to = shown.to if shown.__class__ is Shown else {}     # a plain set put in its place (tests do): none

    def seen_by(c, q) -> bool:           # card c is shown to seat q
        return set.__contains__(shown, c) or q in to.get(c, ())

    seeing = None                        # the seats that see `dest`, worked out once, when needed
    for info in hands:
        for owner, part in enumerate(s.z[info.index]):
            if part is dest or not part or part[0].__class__ is list:
                continue
            if not any(c in part for c in moving):
                continue
            known = [c for c in part if c not in moving and (set.__contains__(shown, c) or c in to)]
            if not known:
                continue
            if seeing is None:
                seeing = _seeing(s, dest)
            # a seat that knows every card of the hand tells which went; the others cannot
            blind = [q for q in range(s.n) if q != owner and q not in seeing
                     and not all(seen_by(c, q) for c in part)]
            if blind:
                taken = [(c, [q for q in blind if seen_by(c, q)]) for c in known]
                if shown.__class__ is not Shown:
                    shown = s.revealed = Shown(shown)
                    to = shown.to
                shown.hide_from(known, blind, s.n)
                _note(s, moving, taken)


def _note(s, moving, taken) -> None:
    """Keep what a move took from which seats until the next decision (told() may give it back)."""
    now = len(s.history)
    notes = [n for n in s.extra.get(NOTES, ()) if n[0] == now]
    notes.append([now, list(moving), taken])
    s.extra[NOTES] = notes


NOTES = "mixing_taken"       # s.extra's entry: [decision count, cards moved, [(card, seats it was taken from)]]


def told(s, cards, seats) -> None:
    """`reveal:` shows `cards` to `seats` (None: everyone): a card that left a hand since the last
    decision, unseen by some seats, is then known to those of them it is shown to, and so are again
    the hand's shown cards the move took from them."""
    notes = s.extra.get(NOTES)
    if not notes:
        return
    now = len(s.history)
    for when, moved, taken in notes:
        if when != now or not any(c in moved for c in cards):
            continue
        for c, were in taken:
            s.revealed.show_to_again((c,), [q for q in were if seats is None or q in seats], s.n)


def _seeing(s, dest) -> set:
    """The seats that see the cards of the zone part `dest` (logtext's place of a list; a group of a
    shared table of melds is seen as its table is)."""
    place = _place_of_list(s, dest)
    if place[0] is None:
        for info in s.rules.zone_list:
            zone = s.z[info.index]
            if info.per is None and zone and zone[0].__class__ is list and any(g is dest for g in zone):
                place = (info, None)
                break
    return set(_seers(s, place, s.n))
