"""Playing online on a server: players, the pool, paired rooms and their ratings.

A ``seek`` makes or checks the player (an id and a secret of 192 bits, kept hashed by the
:class:`~spit.net.store.Store`) and puts them in the :class:`~spit.net.pool.Pool`; once a
second, the server pairs whom it can, opens a room for each pair with both seats reserved,
and tells each player its seat's token in a ``paired`` frame; the player takes the seat with
a ``rejoin``, as after a dropped line, so a seat not taken within the grace time loses the
match. When a paired room ends, both ratings are updated and sent in its ``ended`` frame.
docs/online.md describes the whole.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from spit.engine import Variant
from spit.net.address import LOOPBACK, join_address
from spit.net.botclient import BotSeat, play
from spit.net.client import Client, ServerGone
from spit.net.fairplay import inhuman, reactions
from spit.net.pool import Pool, Seeker
from spit.net.ratings import Rating, bot_rating, nearest_level, rated
from spit.net.room import Room, Send, new_room_code
from spit.net.seats import KeptSeat
from spit.net.store import Account, Store, line
from spit.net.wire import (
    AskPlayers,
    Ended,
    Paired,
    Players,
    Problem,
    Rated,
    RoomEnd,
    Seek,
    Seeking,
    Unseek,
    encode,
)

if TYPE_CHECKING:
    from spit.net.server import GameServer, _Peer

log = logging.getLogger("spit.net.server")

BOT_WAIT = 30.0  # seconds a lone seeker waits before the server's bot is offered
TICK = 1.0  # seconds between pairings (and the waiting players' counts)
SEEKS = 5  # seeks one connection may make in SEEK_WINDOW seconds
SEEK_WINDOW = 60.0
NEW_PLAYERS = 10  # players one address may make in NEW_PLAYERS_WINDOW (loopback is spared)
NEW_PLAYERS_WINDOW = 3600.0
MARKUP = frozenset("<>[]")  # a name is shown in terminals and pages: none of these


class Refusal(Exception):
    """A frame the server will not do (an error frame, and a log line)."""

    def __init__(self, problem: Problem, why: str) -> None:
        super().__init__(why)
        self.problem = problem
        self.why = why


@dataclass(slots=True)
class _RatedRoom:
    variant: Variant
    players: tuple[str, str]
    names: tuple[str, str]
    before: tuple[Rating, Rating]
    bot: int | None  # the bot's seat, if one plays
    record: Path | None = None  # its reactions are judged from it (fair play)


def hashed(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class Online:
    """A server's online play: :meth:`start` once it listens, :meth:`stop` before it stops."""

    def __init__(
        self,
        store: Store,
        pool: Pool,
        *,
        bot_wait: float = BOT_WAIT,
        tick: float = TICK,
        clock: Callable[[], float] = time.time,
        worker: str = "",
    ) -> None:
        self.store = store
        self.pool = pool
        self.bot_wait = bot_wait
        self.worker = worker  # this process, in a cluster
        self._tick = tick
        self._clock = clock
        self.server: GameServer | None = None
        self._seekers: dict[_Peer, Seeker] = {}
        self._secrets: dict[_Peer, str] = {}  # a new player's, till first told
        self._seeks: dict[_Peer, deque[float]] = {}
        self._made: dict[str, deque[float]] = {}  # by client address: new players' times
        self._rated: dict[str, _RatedRoom] = {}
        self._tasks: set[asyncio.Task[object]] = set()
        self._ticker: asyncio.Task[None] | None = None

    # -- running -----------------------------------------------------------------------------

    def start(self, server: GameServer) -> None:
        self.server = server
        server.spectators.rated = partial(_before, self._rated)  # shown to spectators
        self._ticker = asyncio.get_running_loop().create_task(self._ticking())

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        for task in list(self._tasks):
            if not task.done():
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await asyncio.wait_for(task, 2.0)
        await self.store.close()

    def _later(self, work: object) -> None:
        task = asyncio.ensure_future(work)  # type: ignore[call-overload]
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[object]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("online: %s", task.exception())

    def seeking(self, peer: _Peer) -> bool:
        return peer in self._seekers

    # -- frames ------------------------------------------------------------------------------

    async def frame(self, peer: _Peer, message: Seek | Unseek | AskPlayers) -> None:
        try:
            if isinstance(message, Seek):
                await self._seek(peer, message)
            elif isinstance(message, Unseek):
                seeker = self._seekers.pop(peer, None)
                if seeker is not None:
                    await self.pool.leave(seeker.player)
                    log.info("%s: %s left the pool", peer.name, seeker.player)
            else:
                await self._players(peer, message)
        except Refusal as refusal:
            peer.bad(refusal.problem, refusal.why)
        except Exception as error:
            peer.failed(error)

    def gone(self, peer: _Peer) -> None:
        self._seeks.pop(peer, None)
        self._secrets.pop(peer, None)
        seeker = self._seekers.pop(peer, None)
        if seeker is not None:
            self._later(self.pool.leave(seeker.player))

    async def _seek(self, peer: _Peer, message: Seek) -> None:
        now = self._clock()
        if peer.room is not None:
            raise Refusal(Problem.ALREADY_IN_ROOM, "a seek while seated")
        if peer in self._seekers:
            raise Refusal(Problem.ALREADY_SEEKING, "a seek while seeking")
        seeks = self._seeks.setdefault(peer, deque(maxlen=SEEKS))
        if len(seeks) == SEEKS and now - seeks[0] < SEEK_WINDOW:
            raise Refusal(Problem.TOO_MANY_SEEKS, f"over {SEEKS} seeks in {SEEK_WINDOW:g} s")
        seeks.append(now)
        if MARKUP & set(message.name):
            raise Refusal(Problem.BAD_NAME, f"a name with markup: {message.name!r}")
        secret = None
        if message.player is None:
            if message.secret is not None:
                raise Refusal(Problem.WRONG_SECRET, "a secret without a player")
            self._new_player(peer, now)
            secret = secrets.token_urlsafe(24)
            account = Account(secrets.token_hex(8), hashed(secret), message.name, now)
        else:
            found = await self.store.account(message.player)
            if found is None:
                raise Refusal(Problem.UNKNOWN_PLAYER, f"no player {message.player}")
            if message.secret is None or not secrets.compare_digest(
                found.secret, hashed(message.secret)
            ):
                raise Refusal(Problem.WRONG_SECRET, f"not player {message.player}'s secret")
            account = found
        rating = await self.store.rating(account.player, message.variant)
        seeker = Seeker(
            player=account.player,
            name=message.name or account.name,
            variant=message.variant,
            rating=rating.rating,
            deviation=rating.deviation,
            since=now,
            rtt=min(peer.rtts) if peer.rtts else None,
            flagged=account.flagged,
            bot=message.bot,
            worker=self.worker,
        )
        if not await self.pool.join(seeker):
            raise Refusal(Problem.ALREADY_SEEKING, f"player {account.player} seeks already")
        if secret is not None:
            await self.store.add(account)
            self._secrets[peer] = secret
        else:
            await self.store.seen(account.player, seeker.name, now)
        if peer.closing:
            await self.pool.leave(seeker.player)
            return
        self._seekers[peer] = seeker
        log.info(
            "%s: player %s seeks (%s, %s)",
            peer.name,
            seeker.player,
            rating.shown,
            seeker.variant.value,
        )
        seeking, playing = await self.pool.counts()
        self._tell_waiting(peer, seeker, seeking, playing, now)

    def _new_player(self, peer: _Peer, now: float) -> None:
        """Count a player made for ``peer``'s address; refused past :data:`NEW_PLAYERS`."""
        admission = self.server.admission if self.server is not None else None
        who = None if admission is None else admission.counted(peer.conn.address)
        if who is None:
            return
        made = self._made.setdefault(who, deque(maxlen=NEW_PLAYERS))
        if len(made) == NEW_PLAYERS and now - made[0] < NEW_PLAYERS_WINDOW:
            raise Refusal(Problem.TOO_MANY_SEEKS, f"{who} made {NEW_PLAYERS} players this hour")
        made.append(now)

    async def _players(self, peer: _Peer, message: AskPlayers) -> None:
        if message.player is None:
            lines = await self.store.board(message.variant)
        else:
            account = await self.store.account(message.player)
            if account is None:
                raise Refusal(Problem.UNKNOWN_PLAYER, f"no player {message.player}")
            lines = await self.store.board(message.variant, message.player)
            lines = lines or [line(account, Rating())]
        assert self.server is not None
        peer.send(Players(variant=message.variant, lines=tuple(lines)), self.server.limits.backlog)

    def _tell_waiting(
        self, peer: _Peer, seeker: Seeker, seeking: int, playing: int, now: float
    ) -> None:
        assert self.server is not None
        said = Seeking(
            player=seeker.player,
            rating=Rating(seeker.rating, seeker.deviation).shown,
            waited=round(max(0.0, now - seeker.since), 1),
            seeking=seeking,
            playing=playing,
            secret=self._secrets.pop(peer, None),
        )
        peer.send(said, self.server.limits.backlog)

    # -- pairing -----------------------------------------------------------------------------

    async def _ticking(self) -> None:
        while True:
            await asyncio.sleep(self._tick)
            try:
                await self._settle()
            except Exception as error:
                log.warning("online: no pairing this time: %s", error)

    async def _settle(self) -> None:
        now = self._clock()
        for peer, seeker in list(self._seekers.items()):
            if peer.rtts:
                self._seekers[peer] = msgspec.structs.replace(seeker, rtt=min(peer.rtts))
        here = {seeker.player: peer for peer, seeker in self._seekers.items()}
        for player, text in (await self.pool.refresh(list(self._seekers.values()), now)).items():
            told = here.pop(player, None)  # paired by another worker
            if told is not None and told in self._seekers:
                del self._seekers[told]
                assert self.server is not None
                told.conn.send_text(text, self.server.limits.backlog)
        pairs, bots = await self.pool.settle(now, self.bot_wait, list(here))
        for one, other in pairs:
            await self._open((one, other), None)
        for seeker in bots:
            level = nearest_level(seeker.rating)
            await self._open((seeker, _bot(seeker, level)), level)
        seeking, playing = await self.pool.counts()
        for peer, seeker in self._seekers.items():
            self._tell_waiting(peer, seeker, seeking, playing, now)

    async def _open(self, seekers: tuple[Seeker, Seeker], bot: str | None) -> None:
        """Open a room for two seekers (the second the bot at level ``bot``), seats reserved."""
        server = self.server
        assert server is not None
        cluster = server.cluster
        code = None
        while code is None or code in server.rooms:
            code = new_room_code() if cluster is None else await cluster.claim_code(server.rooms)
        one, other = seekers
        room = Room(
            code,
            variant=one.variant,
            host=one.name,
            settings=server.settings,
            pace=server.pace,
            source=server._source,
            pause_allowance=server.limits.pause,
        )
        room.join(other.name)
        for seat in (0, 1):
            room.set_connected(seat, False)
        server.rooms[code] = room
        if server.record:
            server._record(room)
            if cluster is not None and room.recorder is not None:
                cluster.recording(code, room.recorder.path, room.match.seed)
        before = (
            await self.store.rating(one.player, one.variant),
            bot_rating(bot) if bot else await self.store.rating(other.player, one.variant),
        )
        self._rated[code] = _RatedRoom(
            one.variant,
            (one.player, other.player),
            (one.name, other.name),
            before,
            1 if bot else None,
        )
        if room.recorder is not None:
            self._rated[code].record = room.recorder.path
        for seat in (0, 1):
            server._timers.start(
                (code, seat, "grace"), server.limits.grace, _abandoning(server, room, seat)
            )
        await self.pool.playing(1 if bot else 2)
        log.info(
            "room %s: paired %s (%s) with %s (%s)",
            code,
            one.player,
            before[0].shown,
            other.player,
            before[1].shown,
        )
        for seat, seeker in enumerate(seekers):
            if bot and seat == 1:
                self._later(_bot_plays(server, bot, code, room.tokens[1]))
                continue
            rival = seekers[1 - seat]
            paired = Paired(
                room=code,
                seat=seat,
                token=room.tokens[seat],
                opponent=rival.name,
                rating=before[1 - seat].shown,
                bot=bot if seat == 0 else None,
            )
            peer = next((p for p, s in self._seekers.items() if s.player == seeker.player), None)
            if peer is not None:
                del self._seekers[peer]
                peer.send(paired, server.limits.backlog)
            else:
                await self.pool.tell(seeker.player, encode(paired))

    # -- the end of a rated room --------------------------------------------------------------

    def ended(self, room: Room, sends: list[Send], loser: int | None) -> list[Send]:
        """The room's ``ended`` frames with both ratings, if it was rated; the ratings kept."""
        match = self._rated.pop(room.code, None)
        if match is None:
            return sends
        self._later(self.pool.playing(-1 if match.bot is not None else -2))
        body = room.result()
        if body.ended is RoomEnd.MATCH_OVER:
            score = 0.5 if body.winner is None else (1.0 if body.winner == 1 else 0.0)
        elif loser is not None:
            score = 0.0 if loser == 0 else 1.0
        else:
            return sends
        one, other = match.before
        after = [rated(one, other, score), rated(other, one, 1.0 - score)]
        now = self._clock()
        for seat in (0, 1):
            if seat == match.bot:
                after[seat] = match.before[seat]
                continue
            self._later(self.store.rate(match.players[seat], match.variant, after[seat]))
            self._later(self.store.seen(match.players[seat], match.names[seat], now))
        said = tuple(
            Rated(
                player=match.players[seat],
                name=match.names[seat],
                before=round(match.before[seat].rating, 1),
                after=round(after[seat].rating, 1),
                deviation=round(after[seat].deviation, 1),
                shown=after[seat].shown,
            )
            for seat in (0, 1)
        )
        log.info(
            "room %s: rated: %s %s -> %s, %s %s -> %s",
            room.code,
            said[0].player,
            round(said[0].before),
            said[0].shown,
            said[1].player,
            round(said[1].before),
            said[1].shown,
        )
        if body.ended is RoomEnd.MATCH_OVER and match.record is not None:
            self._later(self._judge(room.code, match))
        ended: Ended = msgspec.structs.replace(body, rated=(said[0], said[1]))
        return [Send(send.seat, ended) for send in sends]

    async def _judge(self, code: str, match: _RatedRoom) -> None:
        """Flag a seat whose reactions in this match are not a person's (docs/online.md)."""
        assert match.record is not None
        await asyncio.sleep(0)  # the record's last lines are written before the frames go
        timed = await asyncio.to_thread(reactions, match.record)
        for seat in (0, 1):
            why = None if seat == match.bot else inhuman(timed[seat])
            if why is not None:
                log.warning("room %s: player %s flagged: %s", code, match.players[seat], why)
                await self.store.flag(match.players[seat])


async def _bot_plays(server: GameServer, level: str, code: str, token: str) -> None:
    """The server's bot takes its seat through the server's own port, as a player's does."""
    if server.cluster is not None:
        address = server.cluster.address
    else:
        host, port = server.address
        address = join_address(LOOPBACK if host in ("0.0.0.0", "::") else host, port)
    seat = BotSeat(level, random.Random())
    client = Client(address, seat)
    try:
        await play(client, seat, kept=KeptSeat(address, code, 1, token, False))
    except ServerGone as gone:
        log.info("room %s: the bot's seat: %s", code, gone)
    finally:
        await client.close()


def _before(rated: dict[str, _RatedRoom], code: str) -> tuple[Rating, Rating] | None:
    """Room ``code``'s players' ratings as its match began, if it is a paired room."""
    match = rated.get(code)
    return None if match is None else match.before


def _abandoning(server: GameServer, room: Room, seat: int) -> Callable[[], None]:
    """What a reserved seat's grace running out does: the match is lost for it."""
    return lambda: server._abandon(room, seat)


def _bot(seeker: Seeker, level: str) -> Seeker:
    return Seeker(
        player=f"bot:{level}",
        name=f"bot {level}",
        variant=seeker.variant,
        rating=bot_rating(level).rating,
        deviation=bot_rating(level).deviation,
        since=seeker.since,
    )


__all__ = ["BOT_WAIT", "Online", "Refusal"]
