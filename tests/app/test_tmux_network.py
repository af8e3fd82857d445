"""End to end across the network: two installed ``spit`` commands in two real terminals
(tmux panes on a private tmux server), ``spit host`` in one and ``spit join`` in the other,
on loopback. The host's screen gives the very command the friend types; a key in one pane
changes the other pane's table; the host quitting ends the friend's game with the reason,
and both terminals are given back."""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .tmux import SPIT, Terminal, exits_visibly, private_server

pytestmark = pytest.mark.long  # end to end: the installed spit in a real terminal (tmux)


class Pane(Terminal):
    """A session whose command shows its exit status when it ends (``spit-exited-N``)."""

    def start(self, command: str, size: tuple[int, int] = (80, 24)) -> None:
        super().start(exits_visibly(command), size)


@pytest.fixture
def panes(tmp_path: Path, data_dir: Path) -> Iterator[tuple[Pane, Pane, str]]:
    """Two sessions on one private tmux server, and the environment both spit commands get."""
    config = tmp_path / "config.toml"
    config.write_text("")
    with private_server("net") as socket:
        host, friend = Pane(socket, "host"), Pane(socket, "friend")
        yield host, friend, f"SPIT_CONFIG={config} SPIT_DATA_DIR={data_dir}"


def test_spit_host_and_spit_join_play_one_table_across_two_terminals(
    panes: tuple[Pane, Pane, str],
) -> None:
    host, friend, env = panes
    # Port 0: the server takes any free port on 127.0.0.1 and the screen says which.
    host.start(f"{env} {SPIT} host --port 0 --name Ana")
    screen = host.wait_for(lambda s: re.search(r"spit join \S+ \w{4}-\w{4}", s) is not None)
    found = re.search(r"spit join (127\.0\.0\.1:\d+) (\w{4}-\w{4})", screen)
    assert found is not None, screen
    address, code = found.groups()

    friend.start(f"{env} {SPIT} join {address} {code} --name Bo")
    friend.wait_for("Round 1: both press SPIT")
    host.wait_for(lambda s: "Round 1: both press SPIT" in s and "spit join" not in s)
    host.wait_for("Bo")
    friend.wait_for("Ana")
    assert " ms" in host.screen() and " ms" in friend.screen()  # both round-trip times

    # Space in the host's pane: the friend's table shows the host ready.
    host.press("Space")
    friend.wait_for("ready ✓")
    assert "(waiting for you)" in friend.screen()
    # Enter (the other half's spit key) in the friend's pane: both tables leave the deal.
    friend.press("Enter")
    host.wait_for(lambda s: "both press SPIT" not in s and "Round 1" in s)
    friend.wait_for(lambda s: "both press SPIT" not in s and "Round 1" in s)

    # The host quits: the friend's game ends with the reason, and both terminals come back.
    host.press("C-q")
    host.wait_for("Quit this match?")
    host.press("C-q")
    host.wait_for("spit-exited-0")
    screen = friend.wait_for("spit-exited-1")
    assert "the match" in screen.lower() or "server" in screen.lower()
    assert not host.alternate() and not friend.alternate()


def spit_pid(pane: Pane) -> int:
    """The spit process running in ``pane`` (the pane's shell runs it as its child)."""
    import subprocess

    shell = pane.display("#{pane_pid}")
    children = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", shell], capture_output=True, text=True, check=False
    ).stdout.split()
    assert len(children) == 1, children
    return int(children[0])


def test_spit_join_killed_mid_match_takes_its_seat_back_on_the_screen_by_spit_resume(
    panes: tuple[Pane, Pane, str], data_dir: Path
) -> None:
    """The friend's spit dies (``kill -9``): the host waits for them; ``spit resume`` on the
    friend's machine takes the seat back with the token kept there, and play goes on."""
    import os
    import signal

    host, friend, env = panes
    host.start(f"{env} {SPIT} host --port 0 --name Ana")
    screen = host.wait_for(lambda s: re.search(r"spit join \S+ \w{4}-\w{4}", s) is not None)
    found = re.search(r"spit join (127\.0\.0\.1:\d+) (\w{4}-\w{4})", screen)
    assert found is not None, screen
    address, code = found.groups()
    friend.start(f"{env} {SPIT} join {address} {code} --name Bo")
    friend.wait_for("Round 1: both press SPIT")
    host.wait_for(lambda s: "Round 1: both press SPIT" in s and "spit join" not in s)

    os.kill(spit_pid(friend), signal.SIGKILL)
    friend.wait_for("spit-exited-137")
    host.wait_for("Waiting for Bo to come back")
    (kept,) = (data_dir / "seats").glob("join-*.json")

    again = Pane(friend.socket, "again")
    again.start(f"{env} {SPIT} resume")
    again.wait_for(lambda s: "Round 1: both press SPIT" in s and "Ana" in s)
    host.wait_for(lambda s: "come back" not in s and "Bo" in s)
    # The same seat, the same table: a key on each side and both leave the deal.
    host.press("Space")
    again.wait_for("ready ✓")
    again.press("Enter")
    host.wait_for(lambda s: "both press SPIT" not in s and "Round 1" in s)
    again.wait_for(lambda s: "both press SPIT" not in s and "Round 1" in s)

    host.press("C-q")
    host.wait_for("Quit this match?")
    host.press("C-q")
    host.wait_for("spit-exited-0")
    again.wait_for("spit-exited-1")
    assert not kept.exists()  # the match is over: the token went
    assert not host.alternate() and not again.alternate()


def test_the_friends_terminal_closed_by_mistake_keeps_the_seat_for_the_same_command(
    panes: tuple[Pane, Pane, str], data_dir: Path
) -> None:
    """Closing the terminal (SIGHUP) is not leaving: the seat is kept, and ``spit join`` with
    the same address and code takes it back. Before, the screen left the match on its way
    out, and the host read that the match was over."""
    host, friend, env = panes
    host.start(f"{env} {SPIT} host --port 0 --name Ana")
    screen = host.wait_for(lambda s: re.search(r"spit join \S+ \w{4}-\w{4}", s) is not None)
    found = re.search(r"spit join (127\.0\.0\.1:\d+) (\w{4}-\w{4})", screen)
    assert found is not None, screen
    address, code = found.groups()
    join = f"{env} {SPIT} join {address} {code} --name Bo"
    friend.start(join)
    friend.wait_for("Round 1: both press SPIT")
    host.wait_for(lambda s: "Round 1: both press SPIT" in s and "spit join" not in s)

    friend.tmux("kill-session", "-t", friend.session)  # the window closed: SIGHUP
    host.wait_for("Waiting for Bo to come back")
    again = Pane(friend.socket, "again")
    again.start(join)
    again.wait_for(lambda s: "Round 1: both press SPIT" in s and "Ana" in s)
    host.wait_for(lambda s: "come back" not in s and "Bo" in s)
    host.press("Space")
    again.wait_for("ready ✓")
    host.press("C-q")
    host.wait_for("Quit this match?")
    host.press("C-q")
    again.wait_for("spit-exited-1")
    assert list((data_dir / "seats").glob("*.json")) == []


def test_the_hosts_spit_killed_in_play_comes_back_by_spit_resume_and_play_goes_on(
    panes: tuple[Pane, Pane, str], data_dir: Path
) -> None:
    """The server ran inside ``spit host``: killed in play, the friend's screen waits for it
    (before, it ended at once: the room was gone for good). ``spit resume`` in the host's
    terminal opens the room again at the same address, the friend's client comes back to
    it, and both tables go on from the last action: the host's own seat, not the friend's."""
    import os
    import signal

    host, friend, env = panes
    host.start(f"{env} {SPIT} host --port 0 --name Ana")
    screen = host.wait_for(lambda s: re.search(r"spit join \S+ \w{4}-\w{4}", s) is not None)
    found = re.search(r"spit join (127\.0\.0\.1:\d+) (\w{4}-\w{4})", screen)
    assert found is not None, screen
    address, code = found.groups()
    friend.start(f"{env} {SPIT} join {address} {code} --name Bo")
    friend.wait_for("Round 1: both press SPIT")
    host.wait_for(lambda s: "Round 1: both press SPIT" in s and "spit join" not in s)
    host.press("Space")
    friend.wait_for("ready ✓")
    friend.press("Enter")
    host.wait_for(lambda s: "both press SPIT" not in s and "Round 1" in s)
    friend.wait_for(lambda s: "both press SPIT" not in s and "Round 1" in s)

    os.kill(spit_pid(host), signal.SIGKILL)
    host.wait_for("spit-exited-137")
    (kept,) = (data_dir / "seats").glob("room-*.json")
    again = Pane(host.socket, "again")
    again.start(f"{env} {SPIT} resume")
    # The host's seat, at the table both left: Ana at the bottom, Bo across, in play.
    again.wait_for(lambda s: "Round 1" in s and "Bo" in s and "both press SPIT" not in s)
    friend.wait_for(lambda s: "Ana" in s and "come back" not in s)
    again.press("C-q")
    again.wait_for("Quit this match?")
    again.press("C-q")
    again.wait_for("spit-exited-0")
    screen = friend.wait_for("spit-exited-1")
    assert "left" in " ".join(screen.split()).lower()
    assert not kept.exists()  # the room is over: what opened it again went
    assert not again.alternate() and not friend.alternate()


def test_the_hosts_spit_killed_comes_back_and_both_finish_the_match_with_one_result(
    panes: tuple[Pane, Pane, str], data_dir: Path
) -> None:
    """The host on the screen, the friend a bot (``spit join --bot``): ``kill -9`` of the
    host in play, ``spit resume`` in its terminal, and the match is played to its end: the
    host's screen says who won, the friend prints one result line, the match's."""
    import json
    import os
    import signal
    import subprocess
    import time

    host, _, env = panes
    host.start(f"{env} {SPIT} host --port 0 --pace 20 --name Ana")
    screen = host.wait_for(lambda s: re.search(r"spit join \S+ \w{4}-\w{4}", s) is not None)
    found = re.search(r"spit join (127\.0\.0\.1:\d+) (\w{4}-\w{4})", screen)
    assert found is not None, screen
    address, code = found.groups()
    friend = subprocess.Popen(
        [str(SPIT), "join", address, code, "--bot", "expert", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "SPIT_DATA_DIR": str(data_dir)},
    )
    try:
        deadline = time.monotonic() + 120

        def play_until(pane: Pane, done: Callable[[str], bool]) -> str:
            # The host mashes every key of its half: each stock onto either pile, each fill,
            # and SPIT. Most are refused; enough are played for the match to end.
            while time.monotonic() < deadline:
                screen = pane.screen()
                if done(screen):
                    return screen
                pane.press(*"qawsedrftgzxcvb", "Space")
                time.sleep(0.1)
            raise AssertionError(pane.screen())

        host.wait_for(lambda s: "Round 1: both press SPIT" in s and "spit join" not in s)
        play_until(host, lambda s: "Round 1" in s and "both press SPIT" not in s)
        os.kill(spit_pid(host), signal.SIGKILL)
        host.wait_for("spit-exited-137")
        again = Pane(host.socket, "again")
        again.start(f"{env} {SPIT} resume")
        again.wait_for(lambda s: "Round" in s and "bot" in s)
        screen = play_until(again, lambda s: "wins the match!" in s)
        out, err = friend.communicate(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        friend.kill()
        friend.communicate()
    assert friend.returncode == 0, err
    (line,) = out.splitlines()
    result = json.loads(line)
    assert result["ended"] == "match over"
    winner = "Ana" if result["winner"] == 1 else "bot"
    assert f"{winner} wins the match!" in screen or "You win the match!" in screen


def closed_port() -> int:
    """A loopback port nothing listens on (taken, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_joining_a_server_that_is_not_there_is_one_line_and_no_screen_flash(
    panes: tuple[Pane, Pane, str], tmp_path: Path
) -> None:
    # Issue 19: the full screen flashed up before the one line. The seat is taken before
    # the terminal is: everything the command wrote is recorded (pipe-pane, from before it
    # starts), and the alternate screen was never asked for.
    _, friend, env = panes
    written = tmp_path / "written"
    friend.start(f"read go; {env} {SPIT} join 127.0.0.1:{closed_port()} ABCD-EFGH")
    friend.tmux("pipe-pane", "-o", "-t", friend.session, f"cat >> {written}")
    friend.press("Enter")
    screen = friend.wait_for("spit-exited-")
    assert "spit-exited-1" in screen and "cannot reach a spit server" in screen, screen
    assert b"\x1b[?1049h" not in written.read_bytes()  # the alternate screen, never taken


def test_esc_on_spit_hosts_waiting_notice_closes_the_room_and_gives_the_terminal_back(
    panes: tuple[Pane, Pane, str],
) -> None:
    # Issue 19: only Ctrl+Q left the waiting notice. Esc closes the room: the command ends
    # (status 0, nothing went wrong) and the terminal is as it was.
    host, _, env = panes
    host.start(f"{env} {SPIT} host --port 0 --name Ana")
    host.wait_for(lambda s: re.search(r"spit join \S+ \w{4}-\w{4}", s) is not None)
    assert "Esc: close the room" in host.screen()
    host.press("Escape")
    screen = host.wait_for("spit-exited-")
    assert "spit-exited-0" in screen and not host.alternate()
