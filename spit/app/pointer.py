"""The mouse on the table (a finger in a browser): a click or a drag becomes the key press it
stands for, and goes the keys' one way to the engine (:meth:`GameScreen.press`).

A click on a stock card that fits a pile plays it there; one that fits both goes to the pile
its player aimed at last (a pile clicked or dropped on), the left one at first, so every play
takes one click. A card that fits no pile is chosen for an empty slot when the engine would
let it fill one (the next click on the slot fills it), else the click is a fumble, as its key
would be. A drag aims the card at the pile (or the empty slot) it is dropped on. A click on a
pile slaps it at slap time; one on a player's spit cards or line, the banner or the round's
summary presses that player's spit key; one on the top line pauses, as Esc.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from textual.errors import NoWidget

from spit.app.card_rows import PileRow, StockRow, tile_at
from spit.app.parts import Banner, PlayerInfo, RoundSummary, TopBar
from spit.engine import Fill, FillPress, Phase, PilePress, SpitPress

if TYPE_CHECKING:  # the screen imports this module
    from spit.app.game import GameScreen


class Spot(NamedTuple):
    """A place on the table a pointer can be on."""

    part: str
    """``stock``, ``pile``, ``spit`` (what presses the spit key) or ``pause`` (the top line)."""
    side: int | None
    """Of a stock or spit place, 0 the near (bottom) player's, 1 the far one's; of a pile, 0
    the left, 1 the right; None: whoever used the pointer last."""
    stock: int = 0
    """Of a stock: which, 0-4 from the left."""


def spot_at(screen: GameScreen, x: int, y: int) -> Spot | None:
    """What of the table is at screen column ``x``, line ``y`` (None: nothing to play)."""
    try:
        widget, region = screen.get_widget_at(x, y)
    except NoWidget:
        return None
    side = 1 if (widget.id or "").startswith("p2-") else 0
    if isinstance(widget, StockRow):
        stock = tile_at(widget, x - region.x)
        return None if stock is None else Spot("stock", side, stock)
    if isinstance(widget, PileRow):
        place = tile_at(widget, x - region.x)  # spit cards, pile, pile, spit cards
        if place is None:
            return None
        return Spot("pile", place - 1) if place in (1, 2) else Spot("spit", place // 3)
    if isinstance(widget, PlayerInfo):
        return Spot("spit", side)
    if isinstance(widget, (Banner, RoundSummary)):
        return Spot("spit", None)
    if isinstance(widget, TopBar):
        return Spot("pause", None)
    return None


class Pointer:
    """Turns one screen's clicks and drags into its players' key presses."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.held: Spot | None = None
        """Where the button went down."""
        self.player = 0
        """Who used the pointer last (with two players here, the owner of the card)."""
        self.aim: dict[int, int] = {}
        """Per player, the pile (as drawn) they aimed at last."""
        self.chosen: dict[int, int] = {}
        """Per player, the stock chosen to fill the next empty slot clicked."""

    def down(self, x: int, y: int) -> None:
        self.held = spot_at(self.screen, x, y)

    def up(self, x: int, y: int) -> None:
        start, end = self.held, spot_at(self.screen, x, y)
        self.held = None
        if start is None or end is None:
            return
        if start == end:
            self.click(end)
        elif start.part == "stock" and end.part in ("stock", "pile"):
            self.drop(start, end)

    def owner(self, side: int | None) -> int | None:
        """The player a place of ``side`` belongs to, if played here."""
        seats = self.screen.game.seats
        if side is None:
            return self.player if self.player in seats else seats[0]
        near = self.screen.perspective.near
        player = near if side == 0 else 1 - near
        return player if player in seats else None

    def click(self, spot: Spot) -> None:
        player = self.owner(spot.side if spot.part != "pile" else None)
        if player is None:
            return
        if spot.part == "pause":  # the top line: what Esc does (a phone has no Esc)
            self.screen.action_pause()
        elif spot.part == "spit":
            self.screen.press(SpitPress(player))
        elif spot.part == "pile":
            self.aim[player] = spot.side or 0
            if self.screen.game.view(player).phase is Phase.SLAP:
                self.screen.press(PilePress(player, 0, spot.side or 0))
        else:
            self.player = player
            self.card(player, spot.stock)

    def card(self, player: int, stock: int) -> None:
        """A click on ``player``'s stock ``stock``: play, choose for a fill, fill, or fumble."""
        view = self.screen.game.view(player)
        if view.phase is not Phase.PLAYING:
            return  # a card is no slap nor spit
        if view.sides[player].stocks[stock].top is None:
            chosen = self.chosen.pop(player, None)
            if chosen is not None:
                self.screen.press(FillPress(player, chosen))
            return
        self.chosen.pop(player, None)
        mirrored = self.screen.perspective.near == 1
        fits = [play.pile ^ mirrored for play in view.plays_of(player) if play.stock == stock]
        aim = self.aim.get(player, 0)
        if fits or Fill(player, stock) not in view.legal_actions:
            # A card that fits nowhere and fills nothing: the engine's fumble, as its key.
            self.screen.press(PilePress(player, stock, aim if aim in fits or not fits else fits[0]))
        else:
            self.chosen[player] = stock

    def drop(self, start: Spot, end: Spot) -> None:
        """A card of ``start`` dragged onto ``end``: a pile or its owner's empty slot."""
        player = self.owner(start.side)
        if player is None:
            return
        view = self.screen.game.view(player)
        if view.phase is not Phase.PLAYING:
            return
        self.player = player
        if end.part == "pile":
            self.aim[player] = end.side or 0
            self.screen.press(PilePress(player, start.stock, end.side or 0))
        elif end.side == start.side and view.sides[player].stocks[end.stock].top is None:
            self.screen.press(FillPress(player, start.stock))


REPLAY_CONTROLS: Final = (
    ("play('toggle')",),
    ("play('back')", "play('forward')"),
    ("play('faster')", "play('slower')"),
    ("round(-1)", "round(1)"),
    ("seek(0)", "seek(-1)"),
)
"""What a click on the replay bar's keys line does: per part of the line (split at " · ",
in order: Space, the arrows across, the arrows up and down, the rounds, Home End), the
action of each of its first words, the key names (``← →``); the rest of a part (its word)
does the first."""


def replay_control(line: str, x: int) -> str | None:
    """The replay screen's action a click at column ``x`` of its keys ``line`` stands for."""
    start = 0
    for part, actions in zip(line.split(" · "), REPLAY_CONTROLS, strict=False):
        if start <= x < start + len(part):
            word = part[: x - start].count(" ")  # which word of the part is under x
            return actions[word] if word < len(actions) else actions[0]
        start += len(part) + len(" · ")
    return None
