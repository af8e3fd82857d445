"""Fuzzing the installed ``spit`` through a real terminal (tmux), bounded in time.

Random keys of both halves of the keyboard, every function key (F1, Esc, Ctrl+Q, Enter …) on
whatever screen is up, pastes, mouse events, hostile escape sequences and resizes, over whole
matches: it starts in the last round of a recorded match (``spit resume``) and plays it to
its end, then the rematch. Unlike ``test_fuzz.py``, which posts
``Key`` events to the app, everything here goes through the terminal and Textual's parser.
Afterwards the game is still running (the only quits are the ones this test chooses) and,
whenever the table stands still, the cards on the screen add up to 52.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest

from spit.engine import Action, Match, Result, RoundDealt, Settings, Variant
from spit.records.record import Header, Player, RecordWriter
from spit.settings.keymap import KeyMap

from .factory import STEP, next_action
from .test_terminal_survives import HOSTILE, Game, game  # noqa: F401  (the fixture)
from .tmux import SPIT

pytestmark = pytest.mark.long  # a long run: fuzzing whole matches through tmux

SECONDS = 35.0
"""The most the fuzzing lasts (plus start and end): keep CI well under a minute. It stops
sooner once a match has been played to its end and its rematch for a few seconds."""

CARD_KEYS = list(KeyMap.preset("qwerty").bindings.values())
TMUX_NAMES = {"space": "Space", "enter": "Enter", "comma": ",", "full_stop": ".", "slash": "/"}
FUNCTION_KEYS = [
    *(f"F{n}" for n in range(1, 13)),
    "Escape",
    "Enter",
    "Tab",
    "BTab",
    "Up",
    "Down",
    "Left",
    "Right",
    "Home",
    "End",
    "PageUp",
    "PageDown",
    "BSpace",
    "DC",
    "IC",
    "C-z",
    "M-a",
    "ä",
    "λ",
]
"""Keys that are not a player's card keys. Ctrl+Q and Ctrl+C ask to quit: the test sends
those itself and answers "keep playing" (see ``Fuzzer.quit_and_keep_playing``)."""

SIZES = [(80, 24), (100, 30), (120, 40), (79, 23), (40, 12), (200, 60)]

ROUND = re.compile(r"Round (\d+)")
HELD = re.compile(r"^ *\S[^·\n]*·  (\d+) cards?  ·", re.MULTILINE)
COUNT = re.compile(r"(\d+) (spit )?cards?\b")


def cards_on_table(screen: str) -> int | None:
    """Both players' cards and the piles', if the whole table is on the screen.

    A player's line says how many cards they hold (stocks and spit cards); the line under
    the piles says each spit pile's size (and the spit cards, part of what a player holds).
    """
    held = [int(n) for n in HELD.findall(screen)]
    pile_lines = [
        line for line in screen.splitlines() if COUNT.search(line) and not HELD.search(line)
    ]
    if len(held) != 2 or len(pile_lines) != 1:
        return None
    piles = [int(n) for n, spit in COUNT.findall(pile_lines[0]) if not spit]
    if not piles:
        return None
    return sum(held) + sum(piles)


class Fuzzer:
    def __init__(self, terminal: Game, rng: random.Random) -> None:
        self.game = terminal
        self.rng = rng
        self.size = (80, 24)
        self.checked = 0
        self.matches = 0
        self.round_number = 0
        self.rematched_at: float | None = None

    def card_keys(self, *, paused: bool = False) -> None:
        # On the pause screen Q asks to quit (for browsers): a quit this test does not choose.
        keys = [k for k in CARD_KEYS if not (paused and k == "q")]
        batch: list[str] = []
        for key in [self.rng.choice(keys) for _ in range(self.rng.randint(10, 80))]:
            if key == "semicolon":  # a lone ; is tmux's separator: send it as a byte
                self.send(batch)
                batch = []
                self.game.send_bytes(b";")
            else:
                batch.append(TMUX_NAMES.get(key, key))
        self.send(batch)

    def send(self, keys: list[str]) -> None:
        if keys:
            self.game.tmux("send-keys", "-t", self.game.session, *keys)  # one burst

    def function_key(self) -> None:
        self.send([self.rng.choice(FUNCTION_KEYS)])

    def paste(self) -> None:
        text = "".join(
            self.rng.choice("qaz ;,./\n\tλ\x1b[A") for _ in range(self.rng.randint(1, 60))
        )
        self.game.send_bytes(b"\x1b[200~" + text.encode() + b"\x1b[201~")

    def mouse(self) -> None:
        width, height = self.size
        button = self.rng.choice([0, 1, 2, 32, 35, 64, 65])
        x, y = self.rng.randint(1, width), self.rng.randint(1, height)
        for end in "Mm":
            self.game.send_bytes(f"\x1b[<{button};{x};{y}{end}".encode())

    def hostile(self) -> None:
        self.game.send_bytes(self.rng.choice(HOSTILE))

    def resize(self) -> None:
        self.size = self.rng.choice(SIZES)
        width, height = self.size
        self.game.resize(width, height)

    def quit_and_keep_playing(self) -> None:
        """Ctrl+Q or Ctrl+C, then "keep playing" (Esc), which the dialog takes after a grace.
        Only once the keys in flight have landed and no match-over box is up: there Ctrl+Q
        quits without asking (nothing is lost), which is no fault of the game's."""
        time.sleep(0.3)
        self.answer_dialogs()
        self.send([self.rng.choice(["C-q", "C-c"])])
        self.answer_dialogs()

    def answer_dialogs(self) -> str:
        """Answer the quit question (keep playing) and a finished match (rematch); the screen."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            screen = self.game.screen()
            if "Quit this match?" in screen:
                self.send(["Escape"])
            elif "Rematch" in screen:
                self.send(["C-r"])
            else:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"a dialog would not close:\n{self.game.screen()}")

    def settle(self) -> None:
        """Let the table stand still and count its cards; now and then back to 80×24."""
        if self.size != (80, 24) and self.rng.random() < 0.5:
            self.size = (80, 24)
            self.game.resize(80, 24)
        time.sleep(0.3)
        first = self.answer_dialogs()
        time.sleep(0.3)
        if self.game.screen() == first and (total := cards_on_table(first)) is not None:
            assert total == 52, first
            self.checked += 1

    def run(self, seconds: float) -> None:
        steps = [
            (self.card_keys, 75),
            (self.function_key, 10),
            (self.paste, 4),
            (self.mouse, 6),
            (self.hostile, 4),
            (self.resize, 3),
            (self.quit_and_keep_playing, 1),
            (self.settle, 3),
        ]
        # Keys that may open a screen: the next step waits to see which one it is.
        screen_changers = {self.function_key, self.hostile, self.resize}
        actions, weights = zip(*steps, strict=True)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.matches and self.checked and self.rematched_at is None:
                self.rematched_at = time.monotonic()
                deadline = min(deadline, self.rematched_at + 5.0)
            screen = self.answer_dialogs()
            assert "spit-exited" not in screen, screen
            if (now := ROUND.search(screen)) is not None:
                # Round 1 after a later round: a match ended and its rematch is dealt (the
                # match-over screen may have been answered by a random Enter).
                round_number = int(now.group(1))
                self.matches += round_number < self.round_number
                self.round_number = round_number
            if "Paused" in screen or "help (Esc" in screen:
                # Any key on the pause or help screen but Q (which asks to quit), then most
                # often Esc back to the table, so that matches go on.
                self.rng.choice([lambda: self.card_keys(paused=True), self.function_key])()
                if self.rng.random() < 0.6:
                    self.send(["Escape"])
                time.sleep(0.3)
                continue
            action = self.rng.choices(actions, weights)[0]
            action()
            time.sleep(0.3 if action in screen_changers else 0.02)


def last_round(directory: Path, seed: int) -> Path:
    """A record of a points match played up to the deal of its last round (by the tests'
    plain player), for ``spit resume``: the fuzzing then plays that match to its end."""
    settings = Settings(lockout=0.0)
    match = Match.new(seed, variant=Variant.POINTS, settings=settings)
    played: list[tuple[Action, float, Result]] = []
    last_deal = 0
    while not match.is_over:
        at = (len(played) + 1) * STEP
        action = next_action(match)
        played.append((action, at, result := match.apply(action, at=at)))
        if any(isinstance(event, RoundDealt) for event in result.events):
            last_deal = len(played)
    header = Header(
        seed=seed,
        mode="two-player",
        players=(Player("Ann"), Player("Bob")),
        variant=Variant.POINTS,
        settings=settings,
    )
    writer = RecordWriter.create(header, directory)
    for action, at, result in played[:last_deal]:
        writer.action(action, at, result)
    writer.close()
    return writer.path


@pytest.mark.parametrize("seed", [1])
def test_random_input_through_the_terminal_never_ends_or_breaks_a_match(
    game: Game,  # noqa: F811
    seed: int,
) -> None:
    record = last_round(game.home / "records", seed)
    game.start(f"{SPIT} resume {record}")
    game.wait_for("Paused")  # a resumed match comes back paused
    fuzzer = Fuzzer(game, random.Random(seed))
    game.press("escape")
    fuzzer.settle()  # the resumed table, counted before anything is pressed
    fuzzer.run(SECONDS)
    fuzzer.settle()
    assert fuzzer.checked > 0, "the table never stood still to be counted"
    assert fuzzer.matches > 0, "no match was played to its end"
    print(f"fuzz: {fuzzer.matches} matches finished, the cards counted {fuzzer.checked} times")
    # The test's own quit, from wherever the game is: Ctrl+Q twice ends it, status 0.
    game.resize(80, 24)
    for _ in range(3):
        game.press("C-q")
        time.sleep(0.5)
        if "spit-exited" in game.screen():
            break
    assert game.exit_status() == 0
    game.assert_restored()
