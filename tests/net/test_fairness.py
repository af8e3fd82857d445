"""Fairness: a race goes to the action that reaches the server first, so a player farther from
the server loses the close ones by their extra round trip. Measured here with a real relay
that delays one player's line, at pace 1, on a loop whose clock moves only while everything
waits (:class:`~.netkit.VirtualTimeLoop`): a loaded machine used to stall the loop past a
race's 25 ms margin and give it to the wrong player; now the races are decided by the
delays alone, and every race of a kind ends the same way."""

from __future__ import annotations

import asyncio

from spit.engine import Match, Observer, Phase, Play, Round
from spit.net.client import Client, Hearing

from .netkit import LIMIT, LatencyProxy, run_on_virtual_time, running_server

RACE = Round.from_layout(
    (["6H", "2C 9C", "", "", ""], ["4C", "2D 9D", "", "", ""]),
    ("3S 3H", "3D 3C"),
    ("5S", "KD"),
    phase=Phase.PLAYING,
)
"""Both players can play on the left pile's 5: player 1 a 6, player 2 a 4. The first to arrive
plays; the other's card no longer fits, and is refused as too late."""

EXTRA_RTT = 0.050
"""The round trip added to player 1's line: 25 ms each way."""

HEADSTARTS = (-0.075, -0.025, 0.025, 0.075)
"""How much sooner player 1 reacts than player 2 (seconds; negative: later)."""


class Racer(Hearing):
    """Plays its card on the left pile ``reaction`` seconds after the race table reaches it."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.client: Client | None = None
        self.reaction = 0.0
        self.armed = False
        self.won: asyncio.Future[bool] | None = None

    def table(self, view, events, by, ack) -> None:
        if ack is not None and self.won is not None and not self.won.done():
            self.won.set_result(True)
            return
        if self.armed and view.piles[0].top is not None and view.piles[0].top.rank == 5:
            self.armed = False
            asyncio.get_running_loop().call_later(self.reaction, self._play)

    def refused(self, ack, refusal, not_now) -> None:
        if self.won is not None and not self.won.done():
            self.won.set_result(False)

    def _play(self) -> None:
        assert self.client is not None
        self.client.act(Play(self.seat, 0, 0))


async def race(server, code, racers, headstart: float) -> int:
    """One race: the table is laid anew and both see it; who plays first (0 or 1)?"""
    room = server.rooms[code]
    match = Match.new(1)
    match._round = Round(  # a fresh copy of the race table (the test lays it on purpose)
        [[list(s) for s in side] for side in RACE._stocks],
        [list(s) for s in RACE._spit],
        [list(p) if p is not None else None for p in RACE._piles],
        phase=Phase.PLAYING,
    )
    match._seen = Observer(match._round)
    room.match = match
    base = 0.1
    for racer in racers:
        racer.won = asyncio.get_running_loop().create_future()
        racer.armed = True
    racers[0].reaction = base - headstart / 2
    racers[1].reaction = base + headstart / 2
    server._deliver(room, room.tables(()))
    async with asyncio.timeout(LIMIT):
        results = await asyncio.gather(*(r.won for r in racers))
    assert results.count(True) == 1, results  # exactly one card landed
    return results.index(True)


async def measure(extra_rtt: float, repeats: int) -> dict[float, float]:
    """For each head start, the share of races player 1 wins with ``extra_rtt`` on its line."""
    clock = asyncio.get_running_loop().time  # the server and clients on the loop's clock too
    async with (
        running_server(pace=1.0, record=False, source=clock) as (server, address),
        LatencyProxy(address, extra_rtt / 2) as proxy,
    ):
        racers = (Racer(0), Racer(1))
        host = Client(proxy.address, racers[0], source=clock)
        guest = Client(address, racers[1], source=clock)
        racers[0].client, racers[1].client = host, guest
        welcome = await host.open()
        await guest.join(welcome.room)
        runs = [asyncio.create_task(c.run()) for c in (host, guest)]
        async with asyncio.timeout(LIMIT):
            while not (host.status.running and guest.status.running):
                await asyncio.sleep(0.01)
        wins: dict[float, float] = {}
        for headstart in HEADSTARTS:
            won = [await race(server, welcome.room, racers, headstart) == 0 for _ in range(repeats)]
            wins[headstart] = sum(won) / repeats
        for run in runs:
            run.cancel()
        return wins


def test_close_races_go_to_the_player_nearer_the_server_by_their_extra_round_trip():
    even = run_on_virtual_time(measure(0.0, repeats=2))
    far = run_on_virtual_time(measure(EXTRA_RTT, repeats=2))
    print("\nhead start (ms) | player 1 wins, same line | with +50 ms round trip")
    for headstart in HEADSTARTS:
        print(f"{headstart * 1000:+6.0f} | {even[headstart]:.0%} | {far[headstart]:.0%}")
    # On even lines the quicker hand wins.
    assert even == {-0.075: 0.0, -0.025: 0.0, 0.025: 1.0, 0.075: 1.0}
    # 50 ms farther away, a hand 25 ms quicker loses: arrival at the server decides. A hand
    # 75 ms quicker still wins: the extra line costs its round trip, not more.
    assert far == {-0.075: 0.0, -0.025: 0.0, 0.025: 0.0, 0.075: 1.0}
