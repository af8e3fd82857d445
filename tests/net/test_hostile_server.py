"""A hostile server: what it says (an error frame's detail, a close reason) reaches the
player's terminal only as text, never as escape sequences the terminal would act on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Awaitable, Callable, Iterator

import pytest
from websockets.asyncio.server import ServerConnection, serve

from spit.cli import main
from spit.net.client import Client, Gone, Hearing, ServerGone
from spit.net.wire import VERSION

from .netkit import LOOPBACK

EVIL = "\x1b]2;PWNED-BY-SERVER\x07\x1b[2J\x9b31m"
"""A window title, a cleared screen and a C1 control sequence introducer."""


@contextlib.contextmanager
def hostile_server(answer: Callable[[ServerConnection], Awaitable[None]]) -> Iterator[str]:
    """A websocket server on loopback, in a thread of its own (the command runs its own
    event loop), that greets each connection with ``answer``; its ``host:port``."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    address: list[str] = []
    stop = asyncio.Event()

    async def run() -> None:
        async with serve(answer, LOOPBACK, 0) as server:
            address.append("{}:{}".format(*server.sockets[0].getsockname()[:2]))
            ready.set()
            await stop.wait()

    thread = threading.Thread(target=loop.run_until_complete, args=(run(),), daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield address[0]
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)
        loop.close()


async def error_frame(ws: ServerConnection) -> None:
    await ws.recv()  # the join
    await ws.send(
        json.dumps({"v": VERSION, "type": "error", "problem": "server-full", "detail": EVIL})
    )
    await ws.wait_closed()


async def close_with_reason(ws: ServerConnection) -> None:
    await ws.recv()
    await ws.close(1008, EVIL)


@pytest.mark.parametrize("answer", [error_frame, close_with_reason], ids=["error", "close"])
def test_what_a_hostile_server_says_reaches_spit_join_without_escapes(answer, capsys):
    with hostile_server(answer) as address:
        status = main(["join", "--bot", "hard", address, "ABCD-EFGH"])
    out, err = capsys.readouterr()
    assert status == 1
    assert err.startswith("spit join: ") and err.count("\n") == 1, err
    assert "PWNED-BY-SERVER" in err  # shown, as text
    for control in ("\x1b", "\x07", "\x9b"):
        assert control not in out + err


@pytest.mark.parametrize("where", ["a@evil.example:1", "evil.example/x:1", "evil?x:1", "h:0"])
async def test_a_redirect_to_no_server_address_is_not_followed(where):
    async def redirect(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps({"type": "redirect", "v": VERSION, "address": where}))
        await ws.wait_closed()

    with hostile_server(redirect) as address:
        client = Client(address, Hearing())
        with pytest.raises(ServerGone) as gone:
            await client.join("ABCD-EFGH")
    assert gone.value.why is Gone.UNREADABLE
    assert gone.value.detail == "a redirect to no server address"


async def test_redirects_in_a_loop_are_followed_three_times_then_given_up():
    seen: list[str] = []

    with contextlib.ExitStack() as stack:
        addresses: list[str] = []

        async def redirect(ws: ServerConnection) -> None:
            seen.append(await ws.recv())
            await ws.send(json.dumps({"type": "redirect", "v": VERSION, "address": addresses[0]}))
            await ws.wait_closed()

        addresses.append(stack.enter_context(hostile_server(redirect)))
        with pytest.raises(ServerGone) as gone:
            await Client(addresses[0], Hearing()).join("ABCD-EFGH")
    assert gone.value.why is Gone.UNREADABLE
    assert len(seen) == 4  # the first try and three redirects, each the same frame again
    assert len(set(seen)) == 1
