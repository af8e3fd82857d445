"""The app's seat at a room on a server: hosting the room first if asked (the one routine
``spit host`` uses too), taking the seat, playing it until the room ends, and why not."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spit import words
from spit.game import Game
from spit.settings.options import GameOptions, Network
from spit.web import browser_seats

if TYPE_CHECKING:
    from spit.game.remote import RemoteGame


class RemoteSeat:
    """While the app plays at a room: the game, the page showing it, the room's link."""

    def __init__(self) -> None:
        self._game = None
        self._page_here = True
        """Whether the page showing this app is open (always, but for a browser seat)."""
        self._room_link: str | None = None
        self._keep = False
        """Whether the seat outlives this app (it ends on a signal, not by the player)."""
        self.kept_here = True
        """Whether a seat's token is kept on this machine's disk (not for a browser seat:
        its player's machine is the browser, and this disk is the host's)."""

    @property
    def room_link(self) -> str | None:
        """The link that opens the hosted room's second seat in a browser (``--web``)."""
        return self._room_link

    @room_link.setter
    def room_link(self, link: str | None) -> None:
        # The game's screen asks the game for it (Game.room_link): hand it on.
        self._room_link = link
        if self._game is not None:
            self._game.room_link = link

    def keep_seat(self) -> None:
        """The app ends by a signal (the terminal closed, the machine shutting down), not by
        the player: the seat is not left, and its token stays kept on this machine, so the
        same command (or ``spit resume``) takes it back within the server's grace time."""
        self._keep = True

    def _kept_on(self, game: RemoteGame | None) -> bool:
        """Whether the seat outlives this app: it ends by a signal while the match is on, or
        another process took the same seat back with its token and plays on."""
        from spit.net.client import Gone, ServerGone

        if game is None:
            return False
        lost = game.lost
        if isinstance(lost, ServerGone) and lost.why is Gone.REPLACED:
            return True
        return self._keep and lost is None

    def page_changed(self, here: bool) -> None:
        """A browser seat's page went or came back: nobody plays the seat meanwhile, so it
        lets go of the room, which stands for both (the server's rule for a dropped seat)."""
        self._page_here = here
        if self._game is None:
            return
        if here:
            self._game.come_back()
        else:
            self._game.step_away()

    async def play(
        self,
        network: Network,
        options: GameOptions,
        *,
        show: Callable[[Game], None],
        lost: Callable[[str], None],
    ) -> None:
        """Take the seat ``network`` names (hosting its room first if it names none), call
        ``show`` with the game once the server sends its first table, and play it until the
        room ends; ``lost`` hears why, in words, if it could not start or go on."""
        from spit.game.remote import RemoteGame
        from spit.net.client import ServerGone
        from spit.net.hosting import HostingError, HostPlan, host
        from spit.net.seats import KeptSeat, forget_seat, keep_seat, kept_seat

        hosting = None
        game = None
        # A seat this machine took before, whose process died, is taken back by the same
        # command; one on a server started here is not kept (it dies with this process).
        keeps = self.kept_here and network.address is not None
        kept = kept_seat(network.address, network.code) if keeps and network.address else None
        try:
            address = network.address
            if network.code is None:  # hosting: the one routine `spit host` uses too
                plan = HostPlan(
                    server=network.address,
                    bind=network.bind,
                    port=network.port,
                    pace=network.pace,
                    web_port=network.web_port,
                )
                hosting = await host(plan, browser_seats)
                address = hosting.address
            assert address is not None
            game = RemoteGame(address, name=network.name)
            welcome = await game.connect(
                code=network.code, variant=options.variant, seed=options.seed, kept=kept
            )
            if keeps:
                hosted = network.code is None
                kept = KeptSeat(
                    address, welcome.room, welcome.seat, welcome.token, hosted, network.name
                )
                keep_seat(kept)
            self._game = game
            if not self._page_here:
                game.step_away()
            if hosting is not None:
                self.room_link = hosting.open_room(game.welcome.room)
            game.on_first_table(lambda: show(game))
            await game.run()
        except (ServerGone, HostingError, OSError) as error:
            if isinstance(error, HostingError):
                why = error.why
            elif isinstance(error, ServerGone):
                why = words.network.server_gone(error)
            else:
                why = error.strerror or str(error)
            lost(words.network.no_seat(why))
        finally:
            self._game = None
            if kept is not None and not self._kept_on(game):
                forget_seat(kept)  # the match is over, or the seat cannot be had
            if game is not None:
                await game.close(leave=not self._keep)
            if hosting is not None:
                await hosting.stop()


__all__ = ["RemoteSeat"]
