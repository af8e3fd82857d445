"""A stranger's frames, whatever their fields hold, are answered as frames: never an
``internal`` error, never a traceback, and a bounded log."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from typing import Any

import websockets
from websockets.asyncio.client import connect

from spit.net.server import GameServer, Limits
from spit.net.transport import MAX_LINES
from spit.net.wire import MAX_CLIENT_FRAME, VERSION

from .netkit import running_server

# Caps out of the way: these tests send many bad frames on one connection on purpose.
PATIENT = Limits(rate=1e6, burst=1e6, max_errors=10**6, max_wrong_codes=10**6)


async def _answers(address: str, frames: list[str]) -> list[dict[str, Any]]:
    """Send ``frames`` on one connection; every frame it was answered, till a quiet second."""
    answers: list[dict[str, Any]] = []
    async with connect(f"ws://{address}/", proxy=None, compression=None) as ws:
        with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
            for frame in frames:
                await ws.send(frame)
            while True:
                async with asyncio.timeout(1.0):
                    answers.append(json.loads(await ws.recv()))
    return answers


async def _live_room(address: str) -> tuple[str, Any]:
    """A room with a player waiting in it: its code, and the host's connection."""
    ws = await connect(f"ws://{address}/", proxy=None, compression=None)
    opening = {"v": VERSION, "type": "open", "variant": "standard", "seed": None, "name": "h"}
    await ws.send(json.dumps(opening))
    return json.loads(await ws.recv())["room"], ws


async def test_a_thousand_rejoins_with_tokens_that_are_not_ascii_leave_no_traceback(caplog):
    # "é" made secrets.compare_digest raise: an `internal` answer and a traceback per frame.
    caplog.set_level(logging.INFO, logger="spit.net.server")
    tokens = ["é", "токен", "🂡" * 16, "a\u00e9" * 32, "\x80"]
    async with running_server(limits=PATIENT) as (_, address):
        code, host = await _live_room(address)
        frames = [
            json.dumps({"v": VERSION, "type": "rejoin", "room": code, "token": tokens[n % 5]})
            for n in range(100)
        ]
        answered = await asyncio.gather(*(_answers(address, frames) for _ in range(10)))
        await host.close()
    problems = [answer.get("problem") for answers in answered for answer in answers]
    assert problems == ["no-seat"] * 1000
    assert not any(record.exc_info for record in caplog.records)
    assert "internal" not in caplog.text


def _text(rng: random.Random) -> object:
    """Random text: non-ASCII, lone surrogates, control characters, huge; or another type."""
    kind = rng.randrange(7)
    if kind == 0:
        return "".join(chr(rng.randrange(0x80, 0xD800)) for _ in range(rng.randrange(1, 40)))
    if kind == 1:  # lone surrogates, which json.dumps escapes as \ud800
        return "".join(chr(rng.randrange(0xD800, 0xE000)) for _ in range(rng.randrange(1, 9)))
    if kind == 2:
        return "".join(chr(rng.randrange(0x10000, 0x110000)) for _ in range(rng.randrange(1, 9)))
    if kind == 3:
        return "".join(chr(rng.randrange(0, 32)) for _ in range(rng.randrange(1, 20)))
    if kind == 4:  # as big as the frame cap lets
        return rng.choice("aé\x00 ") * rng.randrange(200, MAX_CLIENT_FRAME // 7)
    if kind == 5:
        return rng.choice(["", " ", "-", "ABCD-EFGH", "0" * 64, "standard", "play"])
    return rng.choice([None, 0, -1, 2**64, 1e308, True, [], {}, ["spit", "é"], [1, 2, 3]])


def _frames(code: str) -> dict[str, dict[str, object]]:
    """A well-formed frame of each type a client sends (a live room's code where it names one)."""
    frames: dict[str, dict[str, object]] = {
        "open": {"variant": "standard", "seed": None, "name": "m"},
        "join": {"room": code, "name": "m"},
        "rejoin": {"room": code, "token": "x" * 22},
        "act": {"action": ["spit", 0], "id": 1},
        "pause": {"paused": True},
        "pong": {"id": 1},
        "leave": {},
        "rematch": {},
    }
    return {kind: {"v": VERSION, "type": kind, **fields} for kind, fields in frames.items()}


async def test_every_field_of_every_frame_given_random_text_is_answered_without_internal(caplog):
    caplog.set_level(logging.INFO, logger="spit.net.server")
    rng = random.Random(29)
    async with running_server(limits=PATIENT) as (_, address):
        code, host = await _live_room(address)
        sent: list[list[str]] = []
        for frame in _frames(code).values():
            fuzzed = []
            for name in frame:
                for _ in range(25):
                    text = json.dumps({**frame, name: _text(rng)})
                    if len(text.encode()) <= MAX_CLIENT_FRAME:
                        fuzzed.append(text)
            sent.append(fuzzed)
        answered = await asyncio.gather(*(_answers(address, frames) for frames in sent))
        await host.close()
    answers = [answer for each in answered for answer in each]
    assert len(answers) >= sum(map(len, sent)) // 2  # most are answered (an error, mostly)
    assert not [a for a in answers if a.get("problem") == "internal"]
    assert not any(record.exc_info for record in caplog.records)
    server_lines = [r for r in caplog.records if r.name == "spit.net.server"]
    assert len(server_lines) <= (len(sent) + 1) * MAX_LINES + 10


async def test_an_error_of_ours_on_a_frame_counts_toward_the_cap_with_one_traceback(
    monkeypatch, caplog
):
    caplog.set_level(logging.INFO, logger="spit.net.server")

    def broken(self: object, peer: object, message: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(GameServer, "_dispatch", broken)
    leave = json.dumps({"v": VERSION, "type": "leave"})
    async with running_server() as (server, address):
        first = await _answers(address, [leave] * 30)
        second = await _answers(address, [leave] * 30)
    # Answered `internal`, each counted as a bad frame: the 20th closes the connection.
    limit = server.limits.max_errors
    assert [a["problem"] for a in first] == [a["problem"] for a in second] == ["internal"] * limit
    # One traceback for all 40 (one a minute at most), and no line per frame.
    assert sum(bool(record.exc_info) for record in caplog.records) == 1
    assert sum("internal error" in record.getMessage() for record in caplog.records) == 1
