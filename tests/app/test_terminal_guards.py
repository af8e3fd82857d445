"""The guards around Textual's terminal input, in-process (the tmux tests play them for real)."""

from __future__ import annotations

import codecs
import os
import subprocess
import sys

import pytest
from textual import events
from textual._xterm_parser import XTermParser

import spit.app.app  # noqa: F401  (installs the guards)
from spit.app.terminal import forged_resize, signal_status


def keys(data: str) -> list[str]:
    parser = XTermParser()
    return [e.key for e in [*parser.feed(data), *parser.feed("")] if isinstance(e, events.Key)]


@pytest.mark.parametrize("sequence", ["\x1b[1114112u", "\x1b[9999999999999A", "\x1b[97;1;1114112u"])
def test_a_key_sequence_beyond_unicode_is_dropped_whole(sequence: str) -> None:
    assert keys(sequence + "a") == ["a"]


@pytest.mark.parametrize(
    ("sequence", "key"), [("\x1b[97u", "a"), ("\x1b[A", "up"), ("\x1b[1;5A", "ctrl+up")]
)
def test_every_other_sequence_is_read_as_before(sequence: str, key: str) -> None:
    assert keys(sequence) == [key]


def test_the_drivers_decode_bad_utf8_as_a_replacement_character() -> None:
    from textual.drivers import linux_driver

    decode = linux_driver.getincrementaldecoder("utf-8")().decode
    assert decode(b"\xff\xfe\xc3") + decode(b"a", final=True) == "\ufffd\ufffd\ufffda"
    assert codecs.getincrementaldecoder("utf-8")().errors == "strict"  # only the drivers'


GUARDED = (
    "import sys; import spit.app.app; "
    "driver = sys.modules.get('textual.drivers.web_driver'); "
    "print(None if driver is None else driver.getincrementaldecoder('utf-8')().errors)"
)


@pytest.mark.parametrize(
    ("environment", "decoder"),
    [
        ({"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"}, "replace"),
        ({"TEXTUAL_DRIVER": "spit.web.driver:SeatDriver"}, "replace"),
        ({}, "None"),
    ],
)
def test_the_web_driver_decodes_leniently_where_it_runs_and_loads_nowhere_else(
    environment, decoder
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"} | environment
    done = subprocess.run(
        [sys.executable, "-c", GUARDED], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == decoder, done.stderr


def test_a_resize_is_forged_only_if_the_terminal_disagrees() -> None:
    assert forged_resize((99999, 99999), None) is False  # nothing to ask: taken as it is


def test_a_signal_exits_with_128_plus_its_number() -> None:
    assert [signal_status(n) for n in (15, 1, 2)] == [143, 129, 130]


class _Gone:
    """A terminal that has gone away: every write fails as a hung-up tty's does."""

    def write(self, text: str) -> int:
        raise OSError(5, "Input/output error")

    def flush(self) -> None:
        raise OSError(5, "Input/output error")

    def fileno(self) -> int:
        return 2


def test_the_output_thread_outlives_a_terminal_that_is_gone() -> None:
    """Issue 20, item 12: the output thread died on its first write to the gone terminal
    (EIO), its queue of 30 writes filled, and the next write or stop blocked the app."""
    import threading

    from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread

    writer = WriterThread(_Gone())  # type: ignore[arg-type]
    writer.start()

    def write_then_stop() -> None:
        for _ in range(3 * MAX_QUEUED_WRITES):
            writer.write("\x1b[?1049l")
        writer.stop()

    stopping = threading.Thread(target=write_then_stop, daemon=True)
    stopping.start()
    stopping.join(10)
    assert not stopping.is_alive(), "writing to a gone terminal blocked"


def test_a_sigcont_resumes_the_terminal_only_after_a_sigtstp() -> None:
    """Issue 20, item 12: a hang-up comes with a SIGCONT, on which Textual started its
    output anew (a second output thread, dead on its first write) though nothing was
    suspended. After a SIGTSTP it still resumes, as Ctrl+Z then ``fg`` needs."""
    from textual.drivers.linux_driver import LinuxDriver

    class Driver:
        _auto_restart = True
        _must_signal_resume = False
        resumed = 0

        def resume_application_mode(self) -> None:
            self.resumed += 1

    driver = Driver()
    LinuxDriver._sigcont_application(driver)  # type: ignore[arg-type]
    assert driver.resumed == 0
    driver._must_signal_resume = True  # what Textual's SIGTSTP handler sets on suspending
    LinuxDriver._sigcont_application(driver)  # type: ignore[arg-type]
    assert driver.resumed == 1


def test_the_last_resort_ends_a_stuck_process_with_the_signals_status() -> None:
    """Whatever the app is stuck in (here a lock nobody lets go of), a signal ends the process
    within EXIT_GRACE with its status: the last resort a signal arms."""
    import subprocess
    import sys

    stuck = (
        "import threading\n"
        "from spit.app.terminal import end_after\n"
        "end_after(0.2, 143)\n"
        "lock = threading.Lock()\n"
        "lock.acquire()\n"
        "lock.acquire()\n"  # never given back
    )
    done = subprocess.run([sys.executable, "-c", stuck], timeout=60, check=False)
    assert done.returncode == 143
