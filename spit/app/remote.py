"""The app's seat at a room on a server: hosting the room first if asked (the one routine
``spit host`` uses too), taking the seat, playing it until the room ends, and why not."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spit import words
from spit.game import Game
from spit.settings.options import GameOptions, Network
from spit.web import browser_seats

if TYPE_CHECKING:
    from spit.game.remote import RemoteGame
    from spit.net.hosting import Hosting
    from spit.net.seats import KeptSeat


class RemoteSeat:
    """While the app plays at a room: the game, and whether the page showing it is open."""

    def __init__(self) -> None:
        self._game: RemoteGame | None = None
        self._page_here = True
        """Whether the page showing this app is open (always, but for a browser seat)."""
        self._keep = False
        """Whether the seat outlives this app (it ends on a signal, not by the player)."""
        self.serves_here = False
        """Whether the room's server was started here for it (not one run elsewhere)."""

    def keep_seat(self) -> None:
        """Ended by a signal, not the player: the seat's token stays kept, so the same command
        (or ``spit resume``) takes the seat back within the server's grace time."""
        self._keep = True

    def _kept_on(self, game: RemoteGame | None) -> bool:
        """Whether the seat outlives this app: it ends by a signal while the match is on, or
        another process took the same seat back with its token and plays on."""
        from spit.net.client import Gone, ServerGone  # deferred: start-up

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
        seated: Seated | None = None,
    ) -> None:
        """Take the seat (unless ``seated``), ``show`` the game once the server sends its
        first table, and play it until the room ends; ``lost`` hears why it could not."""
        from spit.net.client import ServerGone  # deferred: start-up
        from spit.net.hosting import HostingError  # deferred: start-up
        from spit.net.seats import forget_seat  # deferred: start-up

        try:
            if seated is None:
                seated = await take_seat(network, options)
            game, hosting = seated.game, seated.hosting
            self._game = game
            self.serves_here = hosting is not None and hosting.server is not None
            if not self._page_here:
                game.step_away()
            if hosting is not None:
                # The link that opens the room's second seat in a browser (``--web``).
                game.room_link = hosting.open_room(game.welcome.room)
            game.on_first_table(lambda: show(game))
            await game.run()
        except (ServerGone, HostingError, OSError) as error:
            lost(words.networked.no_seat(why_not(error)))
        finally:
            self._game = None
            if seated is not None:
                if seated.kept is not None and not self._kept_on(seated.game):
                    forget_seat(seated.kept)  # the match is over, or the seat cannot be had
                await seated.release(leave=not self._keep)


@dataclass(slots=True)
class Seated:
    """A seat taken at a room, not played yet: the game, and what was started to host it."""

    game: RemoteGame
    """The seat, welcomed by the server."""
    hosting: Hosting | None = None
    """The server (and page) started here for the room, if this seat hosts it."""
    kept: KeptSeat | None = None
    """The seat's token as kept on this machine's disk, if it is (see :mod:`spit.net.seats`)."""

    async def release(self, *, leave: bool = True) -> None:
        """Leave the room (without ``leave``: only close the line, keeping the seat) and stop
        what was started for it (again: nothing more)."""
        await self.game.close(leave=leave)
        if self.hosting is not None:
            await self.hosting.stop()


async def take_seat(network: Network, options: GameOptions) -> Seated:
    """Take the seat ``network`` names, hosting its room first if it names none (as ``spit
    host`` does). Raises ``HostingError``, ``ServerGone`` or ``OSError``, having stopped
    whatever it started."""
    from spit.game.remote import RemoteGame  # deferred: start-up
    from spit.net.hosting import HostPlan, host  # deferred: start-up
    from spit.net.seats import KeptSeat, keep_seat, kept_seat  # deferred: start-up
    from spit.net.wire import Watchers  # deferred: start-up

    # A seat this machine took before, whose process died, is taken back by the same
    # command; one on a server started here is not kept (it dies with this process). A
    # browser's seat keeps its token in the browser's own data directory (spit/web), never
    # among this machine's player's.
    keeps = network.address is not None
    kept = kept_seat(network.address, network.code) if keeps and network.address else None
    hosting = None
    address = network.address
    if network.code is None:
        plan = HostPlan(
            server=network.address,
            bind=network.bind,
            port=network.port,
            pace=network.pace,
            web_port=network.web_port,
        )
        hosting = await host(plan, browser_seats)
        address = hosting.address
        kept = kept or hosting.taken_back  # a room this machine's spit hosted before it died
    assert address is not None
    seated = Seated(RemoteGame(address, name=network.name), hosting)
    try:
        welcome = await seated.game.connect(
            code=network.code,
            variant=options.variant,
            seed=options.seed,
            kept=kept,
            watchers=Watchers(network.watchers),
        )
    except BaseException:
        await seated.release()
        raise
    if keeps:
        hosted = network.code is None
        seated.kept = KeptSeat(
            address, welcome.room, welcome.seat, welcome.token, hosted, network.name
        )
        keep_seat(seated.kept)
    return seated


def why_not(error: Exception) -> str:
    """Why a seat could not be taken or kept, in the words of the part that failed."""
    from spit.net.client import ServerGone  # deferred: start-up
    from spit.net.hosting import HostingError  # deferred: start-up

    if isinstance(error, HostingError):
        return error.why
    if isinstance(error, ServerGone):
        return words.networked.server_gone(error)
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)
