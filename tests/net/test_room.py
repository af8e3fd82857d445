"""A room's rules without sockets: its clock runs only while both players are there and neither
paused, actions are stamped with it, and a seat acts only for itself."""

from __future__ import annotations

import pytest

from spit.clock import GameClock
from spit.engine import Spit
from spit.net import room as room_module
from spit.net.room import REFUSALS_WRITTEN, Room, Stage, new_room_code
from spit.net.wire import ROOM_ALPHABET, NotNow, Refused, RoomEnd


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_room_clock_stands_while_stopped_and_runs_at_its_pace():
    time = FakeTime()
    clock = GameClock(time, pace=2.0, paused=True, start=0.0)  # as a room makes it
    time.now += 5
    assert clock() == 0.0
    clock.resume()
    time.now += 1.5
    assert clock() == 3.0
    clock.pause()
    time.now += 10
    assert clock() == 3.0
    clock.resume()
    time.now += 0.5
    assert clock() == 4.0


def test_the_clock_runs_only_with_both_players_there_and_nobody_paused():
    time = FakeTime()
    room = Room("ABCD-EFGH", seed=1, source=time, go_on_after=0.0)  # no count to go on
    assert room.stage is Stage.WAITING and not room.running
    time.now += 30  # waiting for the friend costs no game time
    room.join("Bo")
    assert room.running and room.clock() == 0.0
    time.now += 1
    room.set_paused(0, True)
    time.now += 50
    room.set_paused(1, True)
    room.set_paused(0, False)
    assert not room.running  # the other still holds a pause
    room.set_paused(1, False)
    time.now += 1
    room.set_connected(1, False)
    time.now += 40
    assert room.clock() == 2.0
    room.set_connected(1, True)
    assert room.running


def test_after_a_standstill_play_goes_on_only_after_a_count_the_tables_are_told_of():
    """Issue 29, item 16: after a rejoin play restarted at once, the hands off the keys."""
    time = FakeTime()
    room = Room("ABCD-EFGH", seed=1, source=time, go_on_after=3.0)
    room.join("Bo")
    assert room.running  # the first start needs no count: each round starts on ready
    time.now += 1
    room.set_connected(1, False, grace=60.0)
    time.now += 20
    room.set_connected(1, True)
    assert room.here and not room.running and room.goes_on_at == time.now + 3.0
    assert {send.body.goes_on_in for send in room.status()} == {3.0}
    time.now += 1
    (refused,) = room.act(0, Spit(0), 1)[0]
    assert refused.body.not_now is NotNow.PAUSED  # nothing plays during the count
    assert room.clock() == 1.0
    room.go_on()
    assert room.running and room.goes_on_at is None
    assert {send.body.goes_on_in for send in room.status()} == {None}
    time.now += 1
    assert room.clock() == 2.0


def test_a_standstill_during_the_count_calls_it_off_and_the_next_return_counts_anew():
    time = FakeTime()
    room = Room("ABCD-EFGH", seed=1, source=time, go_on_after=3.0)
    room.join("Bo")
    room.set_paused(0, True)
    room.set_paused(0, False)
    assert room.goes_on_at == time.now + 3.0
    time.now += 2
    room.set_paused(1, True)
    assert room.goes_on_at is None and not room.running
    room.go_on()  # the first count's timer, late: play does not go on while paused
    assert not room.running
    room.set_paused(1, False)
    assert room.goes_on_at == time.now + 3.0
    room.end(RoomEnd.LEFT)
    assert room.goes_on_at is None and not room.running


def test_the_status_tells_both_seats_how_long_a_seat_that_went_has_to_come_back():
    time = FakeTime()
    room = Room("ABCD-EFGH", seed=1, source=time)
    room.join("Bo")
    assert [s.body.back_within for s in room.status()] == [(None, None)] * 2
    room.set_connected(1, False, grace=60.0)
    time.now += 12.5
    sends = room.status()
    assert [s.body.back_within for s in sends] == [(None, 47.5)] * 2
    assert not sends[0].body.running
    time.now += 100  # past the grace time: nothing left, never less
    assert room.status()[0].body.back_within == (None, 0.0)
    room.set_connected(1, True)
    assert room.status()[0].body.back_within == (None, None)


def test_actions_are_stamped_with_the_room_clock():
    time = FakeTime()
    room = Room("ABCD-EFGH", seed=1, source=time)
    room.join("")
    time.now += 2.5
    sends, refusal = room.act(0, Spit(0), ack=7)
    assert refusal is None
    own = next(s.body for s in sends if s.seat == 0)
    other = next(s.body for s in sends if s.seat == 1)
    assert own.ack == 7 and other.ack is None
    assert own.clock == other.clock == 2.5
    assert room.actions == [1, 0]


def test_an_action_is_told_to_the_other_seat_before_the_one_who_acted():
    # The frames are written in this order: the other player learns of the change first
    # (the one who acted knows what they did). On one machine, the first write even wakes
    # the reader before the server writes the second.
    time = FakeTime()
    room = Room("ABCD-EFGH", seed=1, source=time)
    room.join("")
    sends, _ = room.act(0, Spit(0), ack=1)
    assert [s.seat for s in sends] == [1, 0]
    sends, _ = room.act(1, Spit(1), ack=1)
    assert [s.seat for s in sends] == [0, 1]


def test_nothing_is_applied_while_the_room_stands():
    room = Room("ABCD-EFGH", seed=1, source=FakeTime())
    sends, _ = room.act(0, Spit(0), ack=1)  # nobody has joined yet
    assert type(sends[0].body) is Refused and sends[0].body.not_now is NotNow.PAUSED
    assert room.actions == [0, 0]


def test_a_seat_token_is_only_that_seats():
    room = Room("ABCD-EFGH", seed=1)
    assert room.token_fits(0, room.tokens[0])
    assert not room.token_fits(1, room.tokens[0])
    assert not room.token_fits(0, room.tokens[0][:-1])
    assert len(room.tokens[0]) >= 22  # 128 bits


def test_room_codes_are_eight_characters_of_the_unmistakable_alphabet():
    codes = {new_room_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 9 and code[4] == "-"
        assert all(c in ROOM_ALPHABET for c in code.replace("-", ""))


def test_the_second_seat_is_taken_once():
    room = Room("ABCD-EFGH", seed=1)
    room.join("Bo")
    with pytest.raises(ValueError):
        room.join("Cy")


def test_a_seeded_room_says_so_to_both_seats():
    assert Room("ABCD-EFGH", seed=3).welcome(1).seeded is True
    assert Room("ABCD-EFGH").welcome(1).seeded is False


def test_a_pause_held_past_the_seats_allowance_runs_out_and_both_are_told_what_is_left():
    time = FakeTime()
    room = Room("ABCD-EFGH", seed=1, source=time, pause_allowance=20.0)
    room.join("Bo")
    assert room.set_paused(0, True)
    time.now += 5
    assert [s.body.pause_left for s in room.status()] == [(15.0, None)] * 2
    room.set_paused(0, False)
    time.now += 30  # time not paused costs nothing
    assert room.status()[0].body.pause_left == (None, None)
    assert room.set_paused(0, True)
    time.now += 15
    assert room.pause_left(0) == 0.0
    room.set_paused(0, False)  # what the server does when it runs out
    assert room.here  # play goes on after the count
    # Spent: a new pause is refused and the room plays on; the other seat has its own.
    assert not room.set_paused(0, True)
    assert room.here and room.paused_by == [False, False]
    assert room.set_paused(1, True) and room.pause_left(1) == 20.0


class Writes:
    """A recorder that keeps what the room asks it to write."""

    def __init__(self) -> None:
        self.actions: list[tuple[int, str | None]] = []
        self.left: list[tuple[int, int, float]] = []
        self.ended = False

    def begin(self, match) -> None:
        pass

    def applied(self, action, at, result) -> None:
        reason = None if result.refusal is None else result.refusal.reason.value
        self.actions.append((action.player, reason))

    def left_out(self, player: int, count: int, at: float) -> None:
        self.left.append((player, count, at))

    def abandon(self) -> None:
        self.ended = True


def test_a_flood_of_refusals_writes_at_most_the_allowance_and_counts_the_rest():
    time = FakeTime()
    room = Room("ABCD-EFGH", seed=1, source=time)
    room.join("Bo")
    writes = Writes()
    room.record(writes)  # type: ignore[arg-type]
    time.now += 1
    room.act(0, Spit(0), ack=1)
    # 1,000 refusals in one second that change nothing (spit again: already ready).
    for ack in range(2, 1002):
        _, refusal = room.act(0, Spit(0), ack=ack)
        assert refusal is not None and not refusal.is_fumble
    _, burst = REFUSALS_WRITTEN
    written = [a for a in writes.actions if a[1] is not None]
    assert len(written) == burst
    assert room.left_out == [1000 - burst, 0]
    assert writes.left == []  # said before the next entry that changes the table
    time.now += 10  # the allowance comes back: refusals are written again, with no count
    room.act(0, Spit(0), ack=2000)
    assert writes.actions[-1] == (0, "already-ready") and writes.left == []
    room.act(1, Spit(1), ack=1)  # accepted: the count goes first, once
    assert writes.left == [(0, 1000 - burst, room.clock())]
    assert writes.actions[-1] == (1, None)
    for ack in range(3000, 3100):
        room.act(0, Spit(0), ack=ack)
    room.end(RoomEnd.LEFT)  # the count not yet said is said before the end
    assert sum(count for _, count, _ in writes.left) == room.left_out[0]
    assert len(writes.left) == 2
    assert writes.ended


def test_every_name_the_room_module_exports_is_there_at_run_time():
    # A name only imported for type checking is not there to import.
    assert [name for name in room_module.__all__ if not hasattr(room_module, name)] == []
