"""Helpers for the network tests: a real server on loopback, bot clients that record what they
are told, and a tap on every frame the server sends."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import selectors
from collections.abc import AsyncIterator, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from spit.engine import Card, Event, Match, PlayerView, Rank, Refusal, Round, Suit
from spit.net import server as server_module
from spit.net.botclient import BotSeat, play
from spit.net.client import Client, Ended, Error, NotNow, Status
from spit.net.server import GameServer, Limits
from spit.net.wire import encode

T = TypeVar("T")

LOOPBACK = "127.0.0.1"
"""The only address a test uses."""

PACE = 40.0
"""Tests play the game clock this many times faster: a whole match takes a second or two."""

LIMIT = 60.0
"""No test waits longer than this for anything (it fails instead)."""


class _JumpingSelector(selectors.DefaultSelector):
    """A selector that, when no socket has anything for a while, moves a clock to the loop's
    next timer instead of waiting for it."""

    SETTLE = 0.005
    """Real seconds to wait for the kernel to hand over bytes already written on loopback."""

    def __init__(self) -> None:
        super().__init__()
        self.now = 0.0

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        if timeout is None:  # no timer at all: only a socket can wake the loop
            return super().select(None)
        events = super().select(min(timeout, self.SETTLE))
        if not events:
            self.now += timeout
        return events


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    """An event loop on its own clock, which moves only while every task waits for a timer:
    what the code does takes no time, whatever else the machine is doing. Real sockets still
    carry every byte; a loaded machine stalls the loop, but cannot reorder what it does."""

    def __init__(self) -> None:
        self._jumping = _JumpingSelector()
        super().__init__(self._jumping)

    def time(self) -> float:
        return self._jumping.now


def run_on_virtual_time(main: Coroutine[object, object, T]) -> T:
    """Run ``main`` on a :class:`VirtualTimeLoop`, as ``asyncio.run`` would (what is left
    running at the end is cancelled)."""
    with asyncio.Runner(loop_factory=VirtualTimeLoop) as runner:
        return runner.run(main)


@contextlib.asynccontextmanager
async def running_server(**kwargs: Any) -> AsyncIterator[tuple[GameServer, str]]:
    """A :class:`GameServer` on 127.0.0.1 with a free port, and its ``host:port``."""
    kwargs.setdefault("pace", PACE)
    server = GameServer(**kwargs)
    host, port = await server.start(LOOPBACK, 0)
    try:
        yield server, f"{host}:{port}"
    finally:
        await server.stop()


def fast_limits(**kwargs: Any) -> Limits:
    """Limits with short times, for tests."""
    kwargs.setdefault("ping_every", 0.05)
    return Limits(**kwargs)


class RecordingSeat(BotSeat):
    """A bot seat that also keeps everything it was told."""

    def __init__(self, level: str, seed: int) -> None:
        super().__init__(level, random.Random(seed))
        self.tables: list[tuple[int, PlayerView, tuple[Event, ...]]] = []
        self.statuses: list[Status] = []
        self.errors: list[Error] = []
        self.refusals: list[Refusal | None] = []
        self.drops = 0
        self.ends: list[Ended] = []

    def table(
        self, view: PlayerView, events: tuple[Event, ...], by: int | None, ack: int | None
    ) -> None:
        assert self.client is not None
        self.tables.append((self.client.seq, view, events))
        super().table(view, events, by, ack)

    def status(self, status: Status) -> None:
        self.statuses.append(status)
        super().status(status)

    def refused(self, ack: int, refusal: Refusal | None, not_now: NotNow | None) -> None:
        self.refusals.append(refusal)
        super().refused(ack, refusal, not_now)

    def error(self, error: Error) -> None:
        self.errors.append(error)

    def line(self, up: bool) -> None:
        self.drops += not up
        super().line(up)

    def ended(self, ended: Ended) -> None:
        self.ends.append(ended)
        super().ended(ended)


@dataclass
class Pair:
    """Two bot clients in one room."""

    code: str
    host: RecordingSeat
    guest: RecordingSeat
    host_client: Client
    guest_client: Client
    tasks: tuple[asyncio.Task[Ended], asyncio.Task[Ended]]

    async def results(self) -> tuple[Ended, Ended]:
        """Wait (bounded) for both to finish."""
        async with asyncio.timeout(LIMIT):
            first, second = await asyncio.gather(*self.tasks)
        return first, second


async def start_pair(
    address: str,
    *,
    levels: tuple[str, str] = ("expert", "hard"),
    seed: int = 1,
    **client_kwargs: Any,
) -> Pair:
    """Open a room with one bot client and join it with another; both play on their own."""
    host = RecordingSeat(levels[0], seed)
    guest = RecordingSeat(levels[1], seed + 1000)
    host_client = Client(address, host, **client_kwargs)
    guest_client = Client(address, guest, **client_kwargs)
    code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    first = asyncio.create_task(
        play(host_client, host, seed=seed, on_welcome=lambda w: code.set_result(w.room))
    )
    async with asyncio.timeout(LIMIT):
        room = await code
    second = asyncio.create_task(play(guest_client, guest, code=room))
    return Pair(room, host, guest, host_client, guest_client, (first, second))


@dataclass
class SentFrame:
    """A frame the server sent one seat, with the cards face down at that moment."""

    room: str
    seat: int
    text: str
    face_down: frozenset[Card]
    pile_tops: tuple[Card | None, Card | None]
    body: dict[str, Any] = field(repr=False)
    match: int = 0
    """``id`` of the room's match, to find its rounds in :func:`track_rounds`."""


def face_down_cards(match: Match) -> frozenset[Card]:
    """Every card lying face down now: under the stock tops, and the spit cards."""
    return hidden_in(match.round)


def hidden_in(round_: Round) -> frozenset[Card]:
    """Every card lying face down in ``round_``.

    Reads the round's private lists on purpose: the test knows the truth the wire must hide.
    """
    hidden: set[Card] = set()
    for side in round_._stocks:
        for stock in side:
            hidden.update(stock[:-1])
    for spit in round_._spit:
        hidden.update(spit)
    return frozenset(hidden)


@contextlib.contextmanager
def tap_frames(monkeypatch: Any) -> Any:
    """Record every frame the server sends to any seat, with the hidden truth at that moment."""
    sent: list[SentFrame] = []
    original = server_module._Peer.send

    def send(self: Any, body: Any, backlog: int, text: str | None = None) -> None:
        if self.room is not None:
            match = self.room.match
            text = encode(body) if text is None else text
            sent.append(
                SentFrame(
                    self.room.code,
                    self.seat,
                    text,
                    face_down_cards(match),
                    (match.round.pile_top(0), match.round.pile_top(1)),
                    json.loads(text),
                    id(match),
                )
            )
        original(self, body, backlog, text)

    monkeypatch.setattr(server_module._Peer, "send", send)
    yield sent


CARD_TEXT = re.compile(r'\[(\d+), ?"([SHDC])"\]')
"""A card as the wire writes it, ``[10,"H"]``."""


def cards_named(text: str) -> set[Card]:
    """Every card a frame's text names."""
    return {Card(Rank(int(rank)), Suit(suit)) for rank, suit in CARD_TEXT.findall(text)}


@contextlib.contextmanager
def track_rounds(monkeypatch: Any) -> Any:
    """Keep the cards face down in each round as it ended, keyed by (``id`` of the match,
    round number): a round's events are checked against the table they happened on.

    Taken as the match settles a round and deals the next, from that match's own round, so
    no other round of the same number (a record read back, another room) can stand in."""
    hidden: dict[tuple[int, int], frozenset[Card]] = {}
    original = Match._next_round

    def next_round(self: Match, settled: Any) -> Any:
        hidden[id(self), self.round.number] = hidden_in(self.round)
        return original(self, settled)

    monkeypatch.setattr(Match, "_next_round", next_round)
    yield hidden


class LatencyProxy:
    """A TCP relay on 127.0.0.1 that holds every chunk ``delay`` seconds each way, in order:
    a player ``2 * delay`` of round trip farther from the server than a direct one."""

    def __init__(self, upstream: str, delay: float) -> None:
        host, _, port = upstream.rpartition(":")
        self._upstream = (host, int(port))
        self.delay = delay
        """Seconds added to each direction."""
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.address = ""
        """Where clients connect to be delayed."""

    async def __aenter__(self) -> LatencyProxy:
        self._server = await asyncio.start_server(self._relay, LOOPBACK, 0)
        port = self._server.sockets[0].getsockname()[1]
        self.address = f"{LOOPBACK}:{port}"
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self._upstream)
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pump(source, sink))
            self._tasks.add(task)

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, chunk = await queue.get()
                await asyncio.sleep(max(0.0, due - loop.time()))
                if not chunk:
                    sink.close()
                    return
                sink.write(chunk)
                await sink.drain()

        sender = asyncio.create_task(deliver())
        self._tasks.add(sender)
        with contextlib.suppress(ConnectionError):
            while True:
                chunk = await source.read(65536)
                queue.put_nowait((loop.time() + self.delay, chunk))
                if not chunk:
                    return
