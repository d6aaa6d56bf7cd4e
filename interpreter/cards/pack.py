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

_CARD_TEXT = re.compile(r"^\s*(10|[2-9]|[AKQJT]|[A-Za-z0-9]+?)\s*([♣♦♥♠]|[CDHS])\s*$")


@dataclass
class CardUniverse:
    """All cards a ruleset knows, with per-id lookup tables."""

    ranks: list[str]
    suits: list[str]
    copies: int = 1
    jokers: int = 0
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
        for copy in range(self.copies):
            for si, suit in enumerate(self.suits):
                for ri, rank in enumerate(self.ranks):
                    self._add(rank, suit, ri, si, False, si * nr + ri)
        base = nr * ns * self.copies
        for j in range(self.jokers):
            self._add(JOKER, None, -1, -1, True, base)
        self.size = len(self.rank_of)
        self.face_key = dict(enumerate(self.face))
        self.face_key[None] = -1
        self._by_face = {}
        for cid in range(self.size):
            self._by_face.setdefault((self.rank_of[cid], self.suit_of[cid]), []).append(cid)

    def _add(self, rank, suit, ri, si, joker, face):
        self.rank_of.append(rank)
        self.suit_of.append(suit)
        self.rank_index.append(ri)
        self.suit_index.append(si)
        self.is_joker.append(joker)
        self.face.append(face)
        self.names.append("Joker" if joker else f"{rank}{STANDARD_SUITS.get(suit, '/' + str(suit))}")

    @property
    def twins(self) -> bool:
        """Are some cards identical (two copies of a card, or two jokers)?  Then cards compare
        by face in expressions (==, !=, in, contains, owner)."""
        return self.copies > 1 or self.jokers > 1

    # -- lookups -----------------------------------------------------------
    def ids_of(self, rank: str, suit: str | None) -> list[int]:
        return list(self._by_face.get((rank, suit), ()))

    def card_id(self, rank: str, suit: str | None) -> int | None:
        ids = self._by_face.get((rank, suit))
        return ids[0] if ids else None

    def parse_card(self, text: str) -> int | None:
        """Read '10♥', 'TH', 'Q♠', 'joker', or a card of a suit without a symbol as it is printed,
        '7/coins', to the id of its first copy (None if unknown)."""
        text = str(text).strip()
        if text.lower() in ("joker", "🃏"):
            return self.card_id(JOKER, None)
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
            if universe.face[cid] in removed_faces and not universe.is_joker[cid]:
                continue
            out.append(cid)
        return out
