"""Playing online: players made and checked, seekers paired and rated, the bot after the wait,
and bad input answered with nothing changed (docs/online.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import stat
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from spit.engine import Variant
from spit.net.botclient import BotSeat, play
from spit.net.client import Client, Ended, ServerGone
from spit.net.fairplay import MIN_REACTIONS, inhuman
from spit.net.identity import Held, Identity, take
from spit.net.limits import Quotas
from spit.net.online import NEW_PLAYERS, Online
from spit.net.pool import LocalPool, Seeker, pairings
from spit.net.ratings import LADDER_ELO, Rating, between, nearest_level, rated
from spit.net.room import Room
from spit.net.seats import KeptSeat
from spit.net.seeking import players, seek
from spit.net.server import Limits
from spit.net.store import SqliteStore
from spit.net.watchers import Spectators
from spit.net.wire import Paired, Problem, Seek, client_frame, parse_server
from spit.sim.simulator import Config, simulate_match

from .netkit import LIMIT, running_server

VARIANT = Variant.STANDARD


@contextlib.asynccontextmanager
async def online_server(path: Path, **kwargs) -> AsyncIterator[str]:
    online = Online(SqliteStore(path), LocalPool(), tick=0.05, **kwargs)
    async with running_server(online=online, record=False) as (_, address):
        yield address


async def seek_and_play(address: str, held: Held, level: str) -> tuple[Paired, Ended]:
    paired = await seek(address, held, VARIANT, f"bot {level}")
    seat = BotSeat(level, random.Random(1))
    client = Client(address, seat)
    try:
        ended = await play(
            client, seat, kept=KeptSeat(address, paired.room, 0, paired.token, False)
        )
    finally:
        await client.close()
    return paired, ended


@pytest.mark.long  # end to end: whole matches
async def test_two_seekers_are_paired_and_both_get_the_same_rated_end(tmp_path):
    async with online_server(tmp_path / "online.sqlite3") as address:
        one, other = take(address, tmp_path / "a"), take(address, tmp_path / "b")
        (_, first), (_, second) = await asyncio.wait_for(
            asyncio.gather(
                seek_and_play(address, one, "very-fast"),
                seek_and_play(address, other, "first-game"),
            ),
            LIMIT,
        )
        assert first.result == second.result
        assert first.rated is not None
        ratings = {r.player: r for r in first.rated}
        assert set(ratings) == {one.identity.player, other.identity.player}
        assert all(
            r.before == 1500 and r.after != 1500 and r.shown.endswith("?") for r in ratings.values()
        )
        board = await players(address, VARIANT)
        assert {(line.player, line.rating) for line in board.lines} == {
            (r.player, r.after) for r in first.rated
        }
    # A restart loses no rating.
    async with online_server(tmp_path / "online.sqlite3") as address:
        again = await players(address, VARIANT)
        assert again.lines == board.lines


@pytest.mark.long  # end to end: whole matches
async def test_a_lone_seeker_plays_the_bot_at_its_level_rated_after_the_wait(tmp_path):
    async with online_server(tmp_path / "online.sqlite3", bot_wait=0.3) as address:
        held = take(address, tmp_path / "a")
        paired, ended = await asyncio.wait_for(seek_and_play(address, held, "regular"), LIMIT)
        assert paired.bot == nearest_level(1500) == "regular"
        assert ended.rated is not None
        person, bot = ended.rated
        assert bot.player == "bot:regular" and bot.before == bot.after == LADDER_ELO["regular"]
        assert person.player == held.identity.player and person.after != person.before


async def test_the_identity_is_kept_0600_and_sent_again_on_the_next_visit(tmp_path):
    async with online_server(tmp_path / "online.sqlite3", bot_wait=60) as address:
        held = take(address, tmp_path / "a")
        heard = []
        task = asyncio.ensure_future(seek(address, held, VARIANT, "ann", heard=heard.append))
        while not heard:
            await asyncio.sleep(0.01)
        task.cancel()
        path = held.path
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        kept = json.loads(path.read_bytes())
        assert kept["player"] == heard[0].player and len(kept["secret"]) >= 22  # 128 bits +
        # A second process on this machine seeking at once is a second player of its own.
        assert take(address, tmp_path / "a").path != path
        held.release()
        assert take(address, tmp_path / "a").identity == held.identity


async def refused(address: str, *frames: Seek) -> Problem:
    """The problem the server answers the last of ``frames`` with."""
    async with connect(f"ws://{address}/") as ws:
        for frame in frames:
            await ws.send(client_frame(frame))
        while True:
            message = parse_server(await asyncio.wait_for(ws.recv(), LIMIT))
            if type(message).__name__ == "Error":
                return message.problem


@pytest.mark.parametrize(
    ("seek", "problem"),
    [
        (
            Seek(variant=VARIANT, name="x", player="0123456789abcdef", secret="A" * 32),
            Problem.UNKNOWN_PLAYER,
        ),
        (Seek(variant=VARIANT, name="<b>ann</b>"), Problem.BAD_NAME),
        (Seek(variant=VARIANT, name="[red]ann"), Problem.BAD_NAME),
        (Seek(variant=VARIANT, name="x", secret="A" * 32), Problem.WRONG_SECRET),
    ],
)
async def test_bad_seeks_are_refused_and_make_no_player(tmp_path, seek, problem):
    async with online_server(tmp_path / "online.sqlite3") as address:
        assert await refused(address, seek) is problem
        assert (await players(address, VARIANT)).lines == ()
        with pytest.raises(ServerGone) as gone:
            await players(address, VARIANT, "0123456789abcdef")
        assert gone.value.problem is Problem.UNKNOWN_PLAYER


async def test_a_forged_secret_is_refused_and_the_player_is_unchanged(tmp_path):
    async with online_server(tmp_path / "online.sqlite3", bot_wait=60) as address:
        held = take(address, tmp_path / "a")
        task = asyncio.ensure_future(seek(address, held, VARIANT, "ann"))
        while held.identity is None:
            await asyncio.sleep(0.01)
        task.cancel()
        forged = Seek(variant=VARIANT, name="eve", player=held.identity.player, secret="B" * 32)
        assert await refused(address, forged) is Problem.WRONG_SECRET
        own = Seek(
            variant=VARIANT, name="ann", player=held.identity.player, secret=held.identity.secret
        )
        # The same player seeking twice at once, and one connection seeking again.
        await asyncio.sleep(0.1)
        async with connect(f"ws://{address}/") as ws:
            await ws.send(client_frame(own))
            assert await refused(address, own) is Problem.ALREADY_SEEKING


async def test_a_seek_flood_is_refused(tmp_path):
    async with online_server(tmp_path / "online.sqlite3", bot_wait=60) as address:
        from spit.net.wire import Unseek

        seek_frame = Seek(variant=VARIANT, name="x")
        async with connect(f"ws://{address}/") as ws:
            problems = []
            for _ in range(7):
                await ws.send(client_frame(seek_frame))
                await ws.send(client_frame(Unseek()))
            while len(problems) < 2:
                message = parse_server(await asyncio.wait_for(ws.recv(), LIMIT))
                if type(message).__name__ == "Error":
                    problems.append(message.problem)
        assert problems == [Problem.TOO_MANY_SEEKS] * 2


async def test_a_seek_while_seated_is_refused(tmp_path):
    async with online_server(tmp_path / "online.sqlite3") as address:
        from spit.net.wire import OpenRoom

        async with connect(f"ws://{address}/") as ws:
            await ws.send(client_frame(OpenRoom(variant=VARIANT, seed=None, name="ann")))
            await ws.send(client_frame(Seek(variant=VARIANT, name="ann")))
            while True:
                message = parse_server(await asyncio.wait_for(ws.recv(), LIMIT))
                if type(message).__name__ == "Error":
                    assert message.problem is Problem.ALREADY_IN_ROOM
                    break


# -- pairing and ratings, as functions ----------------------------------------------------------


def seeker(player: str, rating: float, since: float = 0.0, **kwargs) -> Seeker:
    return Seeker(
        player=player,
        name=player,
        variant=VARIANT,
        rating=rating,
        deviation=50,
        since=since,
        **kwargs,
    )


def test_the_allowed_gap_widens_with_the_time_waited():
    far = [seeker("a", 1400), seeker("b", 1650)]
    assert pairings(far, now=0.0) == []
    assert pairings(far, now=15.0) == [tuple(far)]


def test_the_closest_pair_goes_first():
    pool = [seeker("a", 1500), seeker("b", 1560), seeker("c", 1510)]
    assert pairings(pool, now=0.0) == [(pool[0], pool[2])]


def test_connections_far_apart_are_paired_only_after_a_longer_wait():
    pool = [seeker("a", 1500, rtt=0.01), seeker("b", 1500, rtt=0.3)]
    assert pairings(pool, now=0.0) == []
    assert pairings(pool, now=20.0) == [tuple(pool)]


def test_a_flagged_player_is_paired_only_with_the_flagged():
    pool = [seeker("a", 1500, flagged=True), seeker("b", 1500), seeker("c", 1500, flagged=True)]
    assert pairings(pool, now=0.0) == [(pool[0], pool[2])]


def test_a_rating_is_provisional_until_its_deviation_falls_below_110():
    assert Rating().shown == "1500?"
    assert Rating(1642.4, 80.0).shown == "1642"
    won = rated(Rating(), Rating(), 1.0)
    assert won.rating > 1500 and won.deviation < 350 and won.games == 1


def test_a_rating_says_which_bot_levels_it_lies_between():
    assert between(1600) == ("regular", "seasoned")
    assert between(900) == (None, "first-game")
    assert nearest_level(1640) == "seasoned"


def test_an_identity_file_that_is_not_spits_counts_as_none(tmp_path):
    held = take("127.0.0.1:1", tmp_path)
    held.path.write_text("not json")
    held.release()
    assert take("127.0.0.1:1", tmp_path).identity is None
    assert Identity("0123456789abcdef", "A" * 32).player == "0123456789abcdef"


# -- fair play ----------------------------------------------------------------------------------


def test_reactions_no_person_reaches_are_flagged():
    assert "median" in inhuman([0.03] * 40)
    steady = [0.5 + 0.001 * (i % 10) for i in range(40)]
    assert "within" in inhuman(steady)


def test_too_few_reactions_flag_nobody():
    assert inhuman([0.03] * (MIN_REACTIONS - 1)) is None


@pytest.mark.parametrize("level", ["first-game", "regular", "very-fast"])
def test_the_ladders_human_timed_bots_are_not_flagged(level):
    config = Config(games=6, bot1=level, bot2=level, seed=3)
    for index in range(6):
        for seat in (0, 1):
            assert inhuman(simulate_match(config, index).reactions[seat]) is None


async def test_one_address_makes_at_most_ten_new_players_an_hour(tmp_path):
    online = Online(SqliteStore(tmp_path / "online.sqlite3"), LocalPool(), bot_wait=60)
    quotas = Quotas(exempt_loopback=False, connections=100)
    async with running_server(online=online, record=False, limits=Limits(quotas=quotas)) as (
        _,
        address,
    ):
        for _ in range(NEW_PLAYERS):
            async with connect(f"ws://{address}/") as ws:
                await ws.send(client_frame(Seek(variant=VARIANT, name="x")))
                assert type(parse_server(await asyncio.wait_for(ws.recv(), LIMIT))).__name__ == (
                    "Seeking"
                )
        assert await refused(address, Seek(variant=VARIANT, name="x")) is Problem.TOO_MANY_SEEKS


def test_the_live_matches_go_best_rated_first_then_the_rooms_opened_by_code_most_watched_first():
    rooms = {code: Room(code) for code in ("AAAA-AAAA", "BBBB-BBBB", "CCCC-CCCC", "DDDD-DDDD")}
    for room in rooms.values():
        room.join("guest")
    rooms["AAAA-AAAA"].watching = 5
    rated = {
        "BBBB-BBBB": (Rating(1400.0, 50.0), Rating(1700.0, 50.0)),
        "CCCC-CCCC": (Rating(1650.0, 50.0), Rating(1650.0, 50.0)),
    }
    spectators = Spectators(rooms, print, print, Limits())
    spectators.rated = rated.get
    listed = spectators.matches().matches
    assert [m.room for m in listed] == ["BBBB-BBBB", "CCCC-CCCC", "AAAA-AAAA", "DDDD-DDDD"]
    assert [m.ratings for m in listed] == [("1400", "1700"), ("1650", "1650")] + [(None, None)] * 2
