"""A killed ``spit host`` comes back: ``kill -9`` mid-match (in play, in the slap, between
rounds), the same command again reopens the room at the same address and code from what it
kept on disk, the friend's client takes its seat back by itself, and both play the match to
its end with one result line each, the same. The host's disk never holds the deal in the
clear: the seed is kept sealed by the friend's token, which only the friend's client holds."""

from __future__ import annotations

import json
import signal
import socket
import stat
import time
from pathlib import Path

import pytest

from spit.engine import Match, Phase
from spit.net.comeback import fingerprint, seal, unseal
from spit.net.seats import KeptRoom, forget_room, keep_room, kept_room, kept_rooms
from spit.records.reading import read_record

from .test_commands import finish, read_line, spit
from .test_kept_seats import LIMIT, result, seat_files

PACE = "6"  # slow enough to kill a bot's match in its slap; a match still takes seconds


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def the_match(data_dir: Path) -> Match | None:
    """The match as the host's record leaves it, unsealed as a test may (it holds both
    players' files: the kept room's sealed seed, and the friend's token)."""
    rooms = sorted((data_dir / "seats").glob("room-*.json"))
    joins = seat_files(data_dir, "join")
    if not rooms or not joins:
        return None
    room = json.loads(rooms[0].read_text())
    token = json.loads(joins[0].read_text())["token"]
    seed = unseal(room["sealed"], token)
    return read_record(Path(room["record"]), steps=False, seed=seed).match


def at(phase: str, match: Match | None) -> bool:
    if match is None:
        return False
    if phase == "between rounds":
        return match.round.phase is Phase.DEALT and len(match.history) >= 1
    return match.round.phase is Phase(phase)


def test_the_seed_is_kept_sealed_by_the_friends_token() -> None:
    token = "friend-token_0123456789"
    sealed = seal(4962185698433744809, token)
    assert "4962185698433744809" not in sealed and len(sealed) == 2 * 19
    assert unseal(sealed, token) == 4962185698433744809
    assert unseal(seal(-7, token), token) == -7
    with pytest.raises(ValueError):  # another token unseals no seed
        unseal(sealed, "another-token")
    assert fingerprint(token) != fingerprint("another-token") and token not in fingerprint(token)


def test_a_kept_room_is_for_its_user_alone_and_only_once_its_host_is_gone(
    data_dir: Path,
) -> None:
    room = KeptRoom(
        "127.0.0.1:7748", "127.0.0.1", 7748, 1.0, "ABCD-EFGH", "t0k", "0" * 64, "ab", "x"
    )
    assert keep_room(room)
    (path,) = (data_dir / "seats").glob("room-*.json")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    # Kept by this very process: a process that still runs is its host, so a test's own
    # pid counts as gone (nothing else could be playing it here).
    assert kept_room("127.0.0.1", 7748) is not None and len(kept_rooms()) == 1
    assert kept_room("127.0.0.1", 7749) is None
    forget_room(room)
    assert not path.exists()


@pytest.mark.long  # end to end: spit processes play a match
@pytest.mark.parametrize("phase", ["playing", "slap", "between rounds"])
def test_spit_host_killed_comes_back_and_both_finish_the_match(data_dir: Path, phase: str) -> None:
    deadline = time.monotonic() + 2 * LIMIT  # a whole match at pace 6 on a busy machine
    port = str(free_port())
    hosting = ("host", "--port", port, "--pace", PACE, "--bot", "expert", "--json")
    first = spit(*hosting)
    try:
        opened = json.loads(read_line(first.stdout, r"^\{.*\}$", deadline)[0])
        joiner = spit("join", opened["address"], opened["code"], "--bot", "easy", "--json")
        while not at(phase, the_match(data_dir)) and time.monotonic() < deadline:
            time.sleep(0.005)
    finally:
        first.send_signal(signal.SIGKILL)
        first.communicate()
    match = the_match(data_dir)
    assert match is not None and not match.is_over, phase
    (kept,) = (data_dir / "seats").glob("room-*.json")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    record = json.loads(kept.read_text())["record"]
    # Sealed on this disk: neither the record nor what the host kept gives the deal.
    assert json.loads(Path(record).read_text().splitlines()[0])["seed"] is None
    assert str(match.seed) not in kept.read_text()
    again = spit(*hosting)
    assert json.loads(read_line(again.stdout, r"^\{.*\}$", deadline)[0])["code"] == opened["code"]
    host_status, host_out, host_err = finish(again, deadline)
    join_status, join_out, join_err = finish(joiner, deadline)
    assert (host_status, join_status) == (0, 0), (host_err, join_err)
    assert result(host_out) == result(join_out)
    assert result(host_out)["ended"] == "match over"
    assert list((data_dir / "seats").iterdir()) == []  # gone at the end
    played = read_record(Path(record))
    assert played.over and len(played.resumptions or []) == 1  # one record, unsealed


@pytest.mark.long  # end to end: spit processes, and a 10 s wait for a friend who is gone
def test_a_host_back_after_its_friend_gave_up_says_so_in_one_line(data_dir: Path) -> None:
    """Both spits killed: the host's same command opens the room again, waits its 10 s for a
    friend who will not come, then says so in one line; nothing is kept any more, and
    ``spit resume`` says why the sealed record cannot go on."""
    deadline = time.monotonic() + LIMIT
    port = str(free_port())
    hosting = ("host", "--port", port, "--pace", PACE, "--bot", "expert", "--json")
    first = spit(*hosting)
    joiner = None
    try:
        opened = json.loads(read_line(first.stdout, r"^\{.*\}$", deadline)[0])
        joiner = spit("join", opened["address"], opened["code"], "--bot", "easy", "--json")
        while the_match(data_dir) is None and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        for process in (first, joiner):
            if process is not None:
                process.send_signal(signal.SIGKILL)
                process.communicate()
    status, out, said = finish(spit(*hosting), deadline)
    assert (status, out) == (1, "")
    assert said == "The match was abandoned: a player did not come back.\n"
    assert list((data_dir / "seats").glob("room-*.json")) == []
    for kept in seat_files(data_dir, "join"):
        kept.unlink()  # the friend's, as if on another machine
    status, out, said = finish(spit("resume"), deadline)
    assert status == 1 and said.count("\n") == 1 and "nothing to resume" in said
