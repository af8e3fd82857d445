"""One app in a child process, instrumented: the other benchmark scripts run this.

    python benchmarks/probe.py frame {floor,game,bot} --out FILE [--stay] [--pause]
    python benchmarks/probe.py keys {floor,game} --presses N [--seed S] [--size WxH] [--cards C]

``frame`` runs the app on the real terminal it is given (the parent hands it a pty) and
writes the ``time.monotonic()`` of the first frame of the game screen (the floor app's only
screen), and the CPU time the process had used by then, to FILE; then it exits, or with
``--stay`` keeps running for the parent to watch its CPU time; ``--pause`` opens the pause
screen as soon as the table is up. ``keys`` runs the app headless and presses keys through
the driver's own path, one at a time, timing each from the key event to the state change
and to the next frame; it prints the samples and the process's peak memory as JSON.
``--cards small`` (or ``medium``, ``large``) has the game draw cards of that size whatever
the terminal's size, to tell the cost of the cards from the cost of a bigger terminal.

"Next frame" is timed at the same place for both apps: ``App._display``, which the
screen's compositor refresh calls with the update it has just rendered. Headless drivers
skip turning that update into terminal output, so here we do it ourselves
(``render_segments``), and the frame costs what it costs on a terminal but the write.
The floor app does not import spit, so neither does this module until a game is asked for.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import events
from textual._compositor import CompositorUpdate
from textual.app import App

SIZE = (100, 36)
"""Terminal size for every run unless told otherwise: roomy enough for the game's table
(which draws medium cards on it)."""

SEED = 1
"""The game's shuffle seed unless told otherwise."""

KEY_CHARACTERS = {
    "space": " ",
    "enter": "\r",
    "semicolon": ";",
    "comma": ",",
    "full_stop": ".",
    "slash": "/",
}
"""Characters of the named keys a game may press (letters are their own)."""

REPEAT_GAP = 0.08
"""Seconds before pressing a key again: the game reads a key back within 60 ms as held."""


def on_frames(callback: Callable[[App[Any], float], None]) -> None:
    """Call ``callback(app, perf_counter)`` after every frame any app composes from now on."""
    original = App._display

    def _display(self: App[Any], screen: Any, renderable: Any) -> None:
        original(self, screen, renderable)
        if renderable is None or self._batch_count:
            return  # Textual drew nothing
        if self.is_headless and isinstance(renderable, CompositorUpdate):
            renderable.render_segments(self.console)  # what a real driver would write
        callback(self, time.perf_counter())

    App._display = _display  # type: ignore[method-assign]


def is_table(app: App[Any]) -> bool:
    """Whether ``app`` shows what a player looks at: the game's table, or the floor's Static."""
    return type(app.screen).__name__ in ("GameScreen", "Screen")


# -- the first frame on a real terminal --------------------------------------------------


def frame(kind: str, out: Path, *, stay: bool, pause: bool) -> None:
    """Run ``kind`` until its first table frame (and on, with ``stay``); stamp it in ``out``."""
    stamped = False

    def first(app: App[Any], _: float) -> None:
        nonlocal stamped
        if stamped or not is_table(app):
            return
        stamped = True
        out.write_text(f"{time.monotonic()!r} {time.process_time()!r}")
        if pause:
            app.call_later(app.screen.action_pause)  # type: ignore[attr-defined]
        if not stay:
            app.exit()

    on_frames(first)
    if kind == "floor":
        from floor import FloorApp

        FloorApp().run()
        return
    from spit.cli import main

    who = ["--two-player"] if kind == "game" else ["--bot", "expert"]
    main(["play", *who, "--seed", str(SEED)])


# -- key presses, headless ---------------------------------------------------------------


def long_match_seed(presses: int, rng_seed: int) -> int:
    """A deal on which the key player below plays at least ``presses`` keys in one match."""
    from spit.engine import Match

    for seed in range(SEED, SEED + 1000):
        match, rng = Match.new(seed), random.Random(rng_seed)
        for done in range(presses + 1):
            legal = match.legal_actions(0) + match.legal_actions(1)
            if match.is_over or not legal:
                break
            match.apply(rng.choice(legal), at=float(done))
        else:
            return seed
    raise RuntimeError(f"no deal lasts {presses} key presses")


def game_keys(app: App[Any], rng: random.Random) -> Callable[[], str]:
    """Keys for any legal action of either player, as the key map has them."""
    from spit.app.game import GameScreen
    from spit.engine import Fill, Play, Slap, Spit
    from spit.game import LocalGame

    def next_key() -> str:
        screen = app.screen
        assert isinstance(screen, GameScreen), f"not at the table: {screen!r}"
        assert isinstance(screen.game, LocalGame)
        match = screen.game.match
        action = rng.choice(match.legal_actions(0) + match.legal_actions(1))
        prefix = f"p{action.player + 1}"
        if isinstance(action, Spit):
            return screen.keymap.key(f"{prefix}.spit")
        if isinstance(action, Fill):
            return screen.keymap.key(f"{prefix}.stock{action.stock + 1}.fill")
        stock = action.stock if isinstance(action, Play) else 0
        row = ("left", "right")[action.pile]
        assert isinstance(action, Play | Slap)
        return screen.keymap.key(f"{prefix}.stock{stock + 1}.{row}")

    return next_key


def peak_rss_kib() -> int:
    """This process's peak resident memory (VmHWM), in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


async def press_keys(
    kind: str, presses: int, seed: int, size: tuple[int, int] = SIZE, cards: str | None = None
) -> dict[str, Any]:
    """Press ``presses`` keys in ``kind`` one after another on a ``size`` terminal; time each.
    ``cards``: the card size the game draws (None: the one the terminal has room for)."""
    pending: dict[str, float] = {}
    framed = asyncio.Event()

    def changed(stamp: float) -> None:
        if "sent" in pending and "changed" not in pending:
            pending["changed"] = stamp

    def drawn(app: App[Any], stamp: float) -> None:
        # The first frame after the state changed is the one that shows the change.
        if "changed" in pending and not framed.is_set():
            pending["framed"] = stamp
            framed.set()

    on_frames(drawn)
    key_rng, gap_rng = random.Random(seed), random.Random(seed + 1)
    app: App[Any]
    if kind == "floor":
        from floor import FloorApp

        floor = FloorApp()
        floor.on_change = changed
        app = floor

        def next_key() -> str:
            return key_rng.choice("qwertasdfgzxcvbyuiophjkl")
    else:
        from spit.app.app import SpitApp
        from spit.engine import Match
        from spit.settings.options import GameOptions, Mode

        apply = Match.apply

        def timed_apply(self: Match, action: Any, at: float = 0.0) -> Any:
            result = apply(self, action, at)
            changed(time.perf_counter())
            return result

        Match.apply = timed_apply  # type: ignore[method-assign]
        if cards is not None:
            from spit.app import game, look

            chosen = next(s for s in look.CARD_SIZES if s.name == cards)
            game.card_size_for = lambda columns, lines: chosen  # type: ignore[attr-defined]
        deal = long_match_seed(presses, seed)
        app = SpitApp(GameOptions(mode=Mode.TWO_PLAYER, seed=deal))
        next_key = game_keys(app, key_rng)

    samples: list[tuple[float, float]] = []
    missed = 0
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        driver = app._driver
        assert driver is not None
        pressed_at: dict[str, float] = {}
        for _ in range(presses):
            # Keys land anywhere in the 60 Hz refresh cycle, as a player's would.
            await asyncio.sleep(gap_rng.uniform(0.0, 2 / 60))
            key = next_key()
            # The game takes the same key again within 60 ms for a held key's repeat.
            since = time.perf_counter() - pressed_at.get(key, -1.0)
            if since < REPEAT_GAP:
                await asyncio.sleep(REPEAT_GAP - since)
            event = events.Key(key, KEY_CHARACTERS.get(key, key if len(key) == 1 else None))
            event.set_sender(app)
            pending.clear()
            framed.clear()
            pending["sent"] = sent = time.perf_counter()
            driver.send_message(event)
            pressed_at[key] = sent
            try:
                await asyncio.wait_for(framed.wait(), 1.0)
            except TimeoutError:
                missed += 1
                continue
            samples.append((pending["changed"] - sent, pending["framed"] - sent))
    return {"kind": kind, "samples": samples, "missed": missed, "peak_rss_kib": peak_rss_kib()}


def terminal_size(text: str) -> tuple[int, int]:
    """``100x36`` as (100, 36)."""
    columns, _, lines = text.partition("x")
    return int(columns), int(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    frame_ = commands.add_parser("frame")
    frame_.add_argument("kind", choices=["floor", "game", "bot"])
    frame_.add_argument("--out", type=Path, required=True)
    frame_.add_argument("--stay", action="store_true")
    frame_.add_argument("--pause", action="store_true")
    keys = commands.add_parser("keys")
    keys.add_argument("kind", choices=["floor", "game"])
    keys.add_argument("--presses", type=int, default=250)
    keys.add_argument("--seed", type=int, default=SEED)
    keys.add_argument("--size", type=terminal_size, default=SIZE, help="COLUMNSxLINES")
    keys.add_argument("--cards", choices=["small", "medium", "large"])
    args = parser.parse_args()
    if args.command == "frame":
        frame(args.kind, args.out, stay=args.stay, pause=args.pause)
    else:
        result = asyncio.run(press_keys(args.kind, args.presses, args.seed, args.size, args.cards))
        json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
