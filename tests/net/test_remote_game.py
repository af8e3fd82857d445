"""A seat on a server through the screen's interface (:class:`spit.game.remote.RemoteGame`),
two of them against a real server on loopback, with no Textual: a move in one reaches the
other's listener with the new table, a refusal only its own, a pause by the other player is
told as such, and the server going away ends both games with a reason."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from spit.engine import Match, Phase, Play, Reason, Spit
from spit.game import Change, Game, Lost
from spit.game.remote import RemoteGame
from spit.net.client import Gone, ServerGone
from spit.net.server import Limits
from spit.net.wire import NotNow

from .netkit import LIMIT, running_server


@dataclass
class Screen:
    """A listener that writes down what it is told."""

    game: RemoteGame
    changes: list[Change] = field(default_factory=list)
    pauses: list[tuple[bool, int | None]] = field(default_factory=list)
    news: int = 0
    lost: list[Lost] = field(default_factory=list)

    def table_changed(self, change: Change) -> None:
        self.changes.append(change)

    def pause_changed(self, paused: bool, by: int | None) -> None:
        self.pauses.append((paused, by))

    def connection_changed(self) -> None:
        self.news += 1

    def game_lost(self, why: Lost) -> None:
        self.lost.append(why)


async def until(condition: Callable[[], bool]) -> None:
    async with asyncio.timeout(LIMIT):
        while not condition():
            await asyncio.sleep(0.005)


class Timers:
    def call_later(self, delay: float, callback: Callable[[], None]) -> object:
        raise AssertionError("a remote game needs no timers")


SEED = 3
"""The rooms' deal: after both spit, a card can be played (about one deal in thirty is stuck
at once, and a test that waited for play on a random deal failed that often)."""


def test_the_seeded_deal_plays_after_the_reveal() -> None:
    match = Match.new(SEED)
    match.apply(Spit(0), 0.0)
    match.apply(Spit(1), 0.0)
    assert match.round.phase is Phase.PLAYING


async def seated(address: str) -> tuple[Screen, Screen, list[asyncio.Task[None]]]:
    host, guest = RemoteGame(address, name="Ana"), RemoteGame(address, name="Bo")
    welcome = await host.connect(seed=SEED)
    await guest.connect(code=welcome.room)
    screens = Screen(host), Screen(guest)
    tasks = [asyncio.ensure_future(g.run()) for g in (host, guest)]
    for screen in screens:
        ready = asyncio.Event()
        screen.game.on_first_table(ready.set)
        await asyncio.wait_for(ready.wait(), LIMIT)
        screen.game.start(screen, Timers())
    return screens[0], screens[1], tasks


async def test_a_remote_game_is_a_game_with_one_seat_and_both_names() -> None:
    async with running_server() as (_, address):
        host, guest, tasks = await seated(address)
        assert isinstance(host.game, Game)
        assert host.game.seats == (0,) and guest.game.seats == (1,)
        await until(lambda: host.game.names == ("Ana", "Bo"))
        connection = guest.game.connection
        assert connection.address == address and len(connection.room) == 9
        assert not host.game.can_rematch
        for task in tasks:
            task.cancel()


async def test_a_move_on_one_seat_reaches_the_other_with_the_new_table() -> None:
    async with running_server() as (_, address):
        host, guest, tasks = await seated(address)
        await until(lambda: not host.game.paused)
        assert host.game.act(Spit(0)) is None  # the verdict comes later
        await until(lambda: any(c.player == 0 and c.ok for c in guest.changes))
        assert guest.game.view(1).sides[0].ready
        guest.game.act(Spit(1))
        await until(lambda: host.game.view(0).phase is Phase.PLAYING)
        assert any(c.player == 1 and c.ok for c in host.changes)
        for task in tasks:
            task.cancel()


async def test_a_refusal_reaches_only_the_seat_that_was_refused() -> None:
    async with running_server() as (_, address):
        host, guest, tasks = await seated(address)
        await until(lambda: not host.game.paused)
        host.game.act(Play(0, 0, 0))  # before the first spit
        await until(lambda: any(c.refusal is not None for c in host.changes))
        refusal = next(c.refusal for c in host.changes if c.refusal is not None)
        assert refusal.reason is Reason.BEFORE_SPIT and refusal.player == 0
        guest.game.act(Spit(1))  # a round trip later: anything for the guest has arrived
        await until(lambda: any(c.player == 1 for c in guest.changes))
        assert all(c.refusal is None for c in guest.changes)
        for task in tasks:
            task.cancel()


async def test_either_players_pause_stands_the_room_and_the_other_is_told_who() -> None:
    async with running_server(limits=Limits(go_on_after=0.0)) as (_, address):
        host, guest, tasks = await seated(address)
        await until(lambda: not host.game.paused)
        guest.game.pause()
        await until(lambda: host.pauses == [(True, 1)])
        assert host.game.paused and guest.game.paused
        frozen = host.game.now()
        await asyncio.sleep(0.05)
        assert host.game.now() == frozen
        guest.game.resume()
        await until(lambda: host.pauses == [(True, 1), (False, 1)])
        assert not host.game.paused
        for task in tasks:
            task.cancel()


async def test_after_a_pause_both_games_count_down_before_play_goes_on() -> None:
    async with running_server(limits=Limits(go_on_after=0.5)) as (_, address):
        host, guest, tasks = await seated(address)
        await until(lambda: not host.game.paused)
        guest.game.pause()
        await until(lambda: host.game.paused)
        guest.game.resume()
        await until(lambda: host.game.connection.goes_on_in is not None)
        for game in (host.game, guest.game):
            await until(lambda game=game: game.connection.goes_on_in is not None)
            assert game.paused and 0 < (game.connection.goes_on_in or 0) <= 0.5
        await until(lambda: not host.game.paused and not guest.game.paused)
        assert host.game.connection.goes_on_in is None
        for task in tasks:
            task.cancel()


async def test_a_key_the_standing_room_drops_comes_after_the_news_of_who_stopped_it() -> None:
    """The server refuses an action while the room stands with no reason of the table's
    (``not_now`` only), and the seat shows none of its own: the screen must already have been told
    why the room stands, so the notice saying so is up when the key is dropped."""
    async with running_server() as (server, address):
        host, guest, tasks = await seated(address)
        await until(lambda: not host.game.paused)
        room = server.rooms[host.game.welcome.room]
        hearing = host.game.client.listener
        heard = hearing.refused
        dropped: list[tuple[NotNow | None, list[tuple[bool, int | None]]]] = []

        def refused(ack, refusal, not_now) -> None:
            assert refusal is None
            dropped.append((not_now, list(host.pauses)))  # what the screen had been told by then
            heard(ack, refusal, not_now)

        hearing.refused = refused  # type: ignore[method-assign]
        guest.game.pause()
        await until(lambda: room.paused_by[1])
        host.game.act(Spit(0))  # the server has the pause: this key cannot count
        await until(lambda: bool(dropped))
        assert dropped == [(NotNow.PAUSED, [(True, 1)])]
        assert not any(c.player == 0 for c in host.changes)  # nothing moved, nothing refused
        for task in tasks:
            task.cancel()


async def test_the_server_going_away_ends_both_games_with_a_reason() -> None:
    async with running_server() as (server, address):
        host, guest, tasks = await seated(address)
        await server.stop()
        await asyncio.wait_for(asyncio.gather(*tasks), LIMIT)
        assert host.lost == [Lost.SERVER_GONE] and guest.lost == [Lost.SERVER_GONE]
        lost = host.game.lost
        assert isinstance(lost, ServerGone) and lost.why is Gone.STOPPED
        assert lost.address == address
