"""The card model: a universe of cards numbered 0..N-1, and packs drawn from it.

Every card a ruleset can ever use gets a small integer id.  Ids are laid out
copy by copy, suit by suit, rank by rank, with jokers last, so lookups are plain
list indexing.  A pack for a given player count is a list of ids with some
ranks or cards removed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

STANDARD_SUITS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
SUIT_LETTERS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SYMBOL_SUITS = {sym: name for name, sym in STANDARD_SUITS.items()}
RANK_ALIASES = {"T": "10"}
JOKER = "joker"

# a rank of the pack's own may have letters of any alphabet (Sküs♠)
_CARD_TEXT = re.compile(r"^\s*(10|[2-9]|[AKQJT]|[^\W_]+?)\s*([♣♦♥♠]|[CDHS])\s*$")


@dataclass
class CardUniverse:
    """All cards a ruleset knows, with per-id lookup tables."""

    ranks: list[str]
    suits: list[str]
    copies: int = 1
    jokers: int = 0
    # copies of particular cards when not `copies`: rank -> n, or (rank, suit) -> n (a card's own
    # number wins over its rank's); the copies a card does not have are no cards at all (no ids)
    copies_of: dict = field(default_factory=dict)
    # jokers that differ (a big and a small one): (name, how many) pairs, in the pack's order; each
    # name is the rank and the printed name of its jokers, and `jokers` becomes their total
    joker_kinds: tuple = ()
    rank_of: list = field(default_factory=list)     # id -> rank name ('joker' for jokers)
    suit_of: list = field(default_factory=list)     # id -> suit name (None for jokers)
    rank_index: list = field(default_factory=list)  # id -> index in ranks (-1 for jokers)
    suit_index: list = field(default_factory=list)  # id -> index in suits (-1 for jokers)
    is_joker: list = field(default_factory=list)
    face: list = field(default_factory=list)        # id -> id of the same card in copy 0
    names: list = field(default_factory=list)       # id -> display name, e.g. '10♥'
    # id -> face, and none -> a face of its own: how expressions compare cards when some are
    # identical (see twins); a dict so that a card variable holding none compares too
    face_key: dict = field(default_factory=dict)

    def __post_init__(self):
        nr, ns = len(self.ranks), len(self.suits)
        # copy 0 of every card comes first, so a card's face (its first copy) is si * nr + ri
        self.max_copies = max([self.copies, *self.copies_of.values()])
        for copy in range(self.max_copies):
            for si, suit in enumerate(self.suits):
                for ri, rank in enumerate(self.ranks):
                    if copy < self.copies_of_card(rank, suit):
                        self._add(rank, suit, ri, si, False, si * nr + ri)
        base = len(self.rank_of)
        if self.joker_kinds:
            self.jokers = sum(count for _, count in self.joker_kinds)
            for kind, count in self.joker_kinds:
                face = len(self.rank_of)
                for _ in range(count):
                    self._add(kind, None, -1, -1, True, face, name=kind)
        else:
            for j in range(self.jokers):
                self._add(JOKER, None, -1, -1, True, base)
        self.size = len(self.rank_of)
        self.face_key = dict(enumerate(self.face))
        self.face_key[None] = -1
        self._by_face = {}
        for cid in range(self.size):
            self._by_face.setdefault((self.rank_of[cid], self.suit_of[cid]), []).append(cid)

    def _add(self, rank, suit, ri, si, joker, face, name=None):
        self.rank_of.append(rank)
        self.suit_of.append(suit)
        self.rank_index.append(ri)
        self.suit_index.append(si)
        self.is_joker.append(joker)
        self.face.append(face)
        self.names.append(name if name is not None else "Joker" if joker
                          else f"{rank}{STANDARD_SUITS.get(suit, '/' + str(suit))}")

    def copies_of_card(self, rank: str, suit: str) -> int:
        """How many copies of the card the pack has (before removals)."""
        return self.copies_of.get((rank, suit), self.copies_of.get(rank, self.copies))

    @property
    def twins(self) -> bool:
        """Are some cards identical (two copies of a card, or two jokers of one kind)?  Then cards
        compare by face in expressions (==, !=, in, contains, owner)."""
        if self.joker_kinds:
            return self.max_copies > 1 or any(count > 1 for _, count in self.joker_kinds)
        return self.max_copies > 1 or self.jokers > 1

    @property
    def joker_names(self) -> list[str]:
        """The names of the kinds of joker (pack: jokers given as a mapping), else none."""
        return [kind for kind, _ in self.joker_kinds]

    # -- lookups -----------------------------------------------------------
    def ids_of(self, rank: str, suit: str | None) -> list[int]:
        return list(self._by_face.get((rank, suit), ()))

    def card_id(self, rank: str, suit: str | None) -> int | None:
        ids = self._by_face.get((rank, suit))
        return ids[0] if ids else None

    def parse_card(self, text: str) -> int | None:
        """Read '10♥', 'TH', 'Q♠', 'joker', a named joker ('Big Joker'), or a card of a suit without a
        symbol as it is printed, '7/coins', to the id of its first copy (None if unknown)."""
        text = str(text).strip()
        for kind in self.joker_names:          # a joker of a kind, by its name in any case
            if text.lower() == kind.lower():
                return self.card_id(kind, None)
        if text.lower() in ("joker", "🃏"):
            return self.card_id(JOKER, None)
        return self.suited_card(text)

    def suited_card(self, text: str) -> int | None:
        """The id of the first copy of a card of a suit written '10♥', 'TH' or '7/coins' (None if the
        text names no such card of this pack)."""
        text = str(text).strip()
        if "/" in text:                      # rank/suit name: how cards of other suits are printed
            rank, _, suit = text.rpartition("/")
            rank, suit = RANK_ALIASES.get(rank.strip(), rank.strip()), suit.strip()
            return self.card_id(rank, suit) if suit in self.suits else None
        m = _CARD_TEXT.match(text)
        if not m:
            return None
        rank = RANK_ALIASES.get(m.group(1), m.group(1))
        suit = SYMBOL_SUITS.get(m.group(2)) or SUIT_LETTERS.get(m.group(2))
        if suit not in self.suits:
            return None
        return self.card_id(rank, suit)

    def name(self, cid: int) -> str:
        return self.names[cid]

    def card_hint(self, text) -> str:
        """The hint for a name that is no card of this pack: the closest card, written as the pack
        writes its cards (K/cups, not KC or K♣, in a pack of cups), else an example of the pack's own."""
        import difflib
        text = str(text).strip()
        names = list(dict.fromkeys(n for c, n in enumerate(self.names) if not self.is_joker[c]))
        if not names:
            return "this pack has no cards of a suit"

        def close(word, among):
            among = [str(a) for a in among]
            lowered = {a.lower(): a for a in among}
            if word.lower() in lowered:
                return lowered[word.lower()]
            starts = [a for a in among if word and a.lower().startswith(word.lower())]
            if len(starts) == 1:
                return starts[0]
            match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.5)
            return lowered[match[0]] if match else None
        guess = None
        if "/" in text:
            rank, _, suit = text.rpartition("/")
            rank = RANK_ALIASES.get(rank.strip(), rank.strip())
            rank = "A" if rank == "1" and "A" in self.ranks else rank     # an Ace written as 1
            rank = rank if rank in self.ranks else close(rank, self.ranks) if len(rank) > 1 else None
            suit = close(suit.strip(), self.suits)
            if rank is not None and suit is not None and self.card_id(rank, suit) is not None:
                guess = self.names[self.card_id(rank, suit)]
            elif rank is None and suit is not None:
                return f"the pack's ranks are {', '.join(self.ranks)}, e.g. {self.names[self.card_id(self.ranks[-1], suit)]}"
        else:
            m = re.match(r"^\s*(10|[A-Za-z0-9]+?)\s*([♣♦♥♠]|[A-Za-z])\s*$", text)
            if m:
                rank = RANK_ALIASES.get(m.group(1).upper(), m.group(1))
                rank = "A" if rank == "1" and "A" in self.ranks else rank
                rank = rank if rank in self.ranks else rank.upper() if rank.upper() in self.ranks else None
                letter = SYMBOL_SUITS.get(m.group(2), m.group(2))
                suits = [x for x in self.suits if str(x).lower().startswith(str(letter).lower())]
                if rank is not None and len(suits) == 1 and self.card_id(rank, suits[0]) is not None:
                    guess = self.names[self.card_id(rank, suits[0])]
        if guess is None:
            match = difflib.get_close_matches(text, names + self.joker_names, n=1, cutoff=0.6)
            guess = match[0] if match else None
        if guess is not None and guess != text:
            return f"did you mean '{guess}'?"
        example = names[len(names) // 2]
        jokers = f" (the jokers are {', '.join(self.joker_names)})" if self.joker_names else ""
        return f"write a rank then a suit as this pack writes its cards, e.g. {example}{jokers}"

    def suit_symbol(self, suit: str) -> str:
        return STANDARD_SUITS.get(suit, suit)

    def all_ids(self) -> list[int]:
        return list(range(self.size))


@dataclass
class PackSpec:
    """What goes in the pack for one player count: removals apply to the universe."""

    remove_ranks: tuple = ()
    remove_cards: tuple = ()     # ids (every copy of each face is removed)

    def build(self, universe: CardUniverse) -> list[int]:
        """The pack's card ids in order (a new list each call).  Worked out once per universe and
        kept (one entry): a game's start and `pack_size` ask for it every game or every hand."""
        key = (id(universe), self.remove_ranks, self.remove_cards)
        kept = self.__dict__.get("_kept")
        if kept is None or kept[0] != key or kept[1] is not universe:
            kept = self.__dict__["_kept"] = (key, universe, self._build(universe))
        return list(kept[2])

    def _build(self, universe: CardUniverse) -> list[int]:
        removed_faces = {universe.face[c] for c in self.remove_cards}
        out = []
        for cid in range(universe.size):
            if universe.rank_of[cid] in self.remove_ranks:
                continue
            if universe.face[cid] in removed_faces:      # every copy (a named joker: its kind)
                continue
            out.append(cid)
        return out
