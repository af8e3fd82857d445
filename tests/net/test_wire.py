"""The wire protocol: every view and event survives the trip, and a client's frame is either a
valid message or a ProtocolError saying why — never anything else."""

from __future__ import annotations

import json
import random

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spit.engine import (
    Card,
    Event,
    Fill,
    Match,
    Play,
    PlayerView,
    Reason,
    Refusal,
    Slap,
    Spit,
    Variant,
    observe,
)
from spit.engine.actions import PLAYERS
from spit.net.wire import (
    MAX_CLIENT_FRAME,
    VERSION,
    Act,
    JoinRoom,
    Leave,
    OpenRoom,
    OtherVersion,
    Pong,
    ProtocolError,
    Refused,
    Rejoin,
    SetPause,
    Table,
    client_frame,
    encode,
    parse_client,
    parse_server,
    room_code,
)


def random_playout(seed: int, steps: int = 400):
    """Views and events of a match played by random legal actions, as a network shell sees them."""
    rng = random.Random(seed)
    match = Match.new(seed, variant=Variant.POINTS if seed % 2 else Variant.STANDARD)
    at = 0.0
    for _ in range(steps):
        if match.is_over:
            break
        player = rng.choice(PLAYERS)
        legal = match.legal_actions(player)
        if not legal:
            continue
        at += rng.uniform(0.0, 0.4)
        result = match.apply(rng.choice(legal), at)
        yield match, result.events


@pytest.mark.parametrize("seed", range(6))
def test_views_and_events_arrive_exactly_as_the_engine_made_them(seed):
    for match, events in random_playout(seed):
        for player in PLAYERS:
            view = match.view(player)
            sent = msgspec.json.decode(msgspec.json.encode(view), type=PlayerView)
            assert sent == view
            for event in observe(events, player):
                text = msgspec.json.encode(event)
                assert msgspec.json.decode(text, type=Event) == event


def test_every_client_message_survives_the_trip():
    messages = [
        OpenRoom(Variant.POINTS, 7, "Ana"),
        OpenRoom(Variant.STANDARD, None, ""),
        JoinRoom("ABCD-EFGH", "Bo"),
        Rejoin("ABCD-EFGH", "x" * 22),
        Act(Play(0, 4, 1), 12),
        Act(Spit(0), 0),
        SetPause(True),
        Pong(3),
        Leave(),
    ]
    for message in messages:
        assert parse_client(client_frame(message)) == message


@pytest.mark.parametrize(
    ("frame", "why"),
    [
        ("{", "not JSON"),
        ("[]", "object"),
        ('{"v":2,"type":"leave"}', "version"),
        ('{"v":5,"type":"leave"}', "version"),
        ('{"v":true,"type":"leave"}', "version"),
        ('{"v":4}', "type"),
        ('{"v":4,"type":"shuffle"}', "shuffle"),
        ('{"v":4,"type":"leave","extra":1}', "unknown field `extra`"),
        ('{"v":4,"type":"pong"}', "missing"),
        ('{"v":4,"type":"pong","id":-1}', "id"),
        ('{"v":4,"type":"pong","id":1.5}', "id"),
        ('{"v":4,"type":"pong","id":NaN}', "not JSON"),  # no number JSON allows
        ('{"v":4,"type":"pause","paused":1}', "bool"),
        ('{"v":4,"type":"join","room":"ABCD-EFG","name":""}', "room code"),
        ('{"v":4,"type":"join","room":"ABCD-EFGI","name":""}', "room code"),
        ('{"v":4,"type":"join","room":"ABCD-EFGH","name":"\\u0007"}', "printable"),
        ('{"v":4,"type":"join","room":"ABCD-EFGH","name":"' + "x" * 25 + '"}', "name"),
        ('{"v":4,"type":"open","variant":"speed","seed":null,"name":""}', "variant"),
        ('{"v":4,"type":"act","action":["spit",0,1],"id":1}', "at most length"),
        ('{"v":4,"type":"act","action":["play",0,5,0],"id":1}', r"<= 4 - at `\$.action\[2\]`"),
        ('{"v":4,"type":"act","action":{"do":"spit","player":0},"id":1}', "Expected `array`"),
        ('{"v":4,"type":"act","action":["spit"],"id":1}', "at least length"),
        ('{"v":4,"type":"act","action":"spit","id":1}', "Expected `array`"),
        ('{"v":4,"type":"act","action":[["spit"],0],"id":1}', r"action\[0\]"),
        ('{"v":4,"type":"act","action":[{"a":1},0],"id":1}', r"action\[0\]"),
        ('{"v":4,"type":"act","room":"ABCD-EFGH","seat":0,"action":["spit",0],"id":1}', "room"),
        ("[" * 5000 + "]" * 5000, "too large"),
        ("[" * 1000 + "]" * 1000, "object"),  # deep: refused, not a crash
        (b'{"v":4,"type":"leave"}', "binary"),
    ],
)
def test_a_bad_frame_is_refused_with_its_reason(frame, why):
    with pytest.raises(ProtocolError, match=why):
        parse_client(frame)


def test_room_codes_are_read_however_a_person_types_them():
    assert room_code("abcd efgh") == room_code("ABCDEFGH") == "ABCD-EFGH"
    with pytest.raises(ProtocolError):
        room_code("ABCD-EFGO")  # O is not in the alphabet: it would be read as 0


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=12,
)
_fields = st.sampled_from(["v", "type", "room", "seat", "action", "id", "token", "name", "paused"])
_types = st.sampled_from(["open", "join", "rejoin", "act", "pause", "pong", "leave", "x"])


@settings(max_examples=300)
@given(
    st.one_of(
        st.text(max_size=300),
        st.binary(max_size=100),
        _json_values.map(json.dumps),
        st.builds(
            lambda kind, extra: json.dumps({"v": VERSION, "type": kind, **extra}),
            _types,
            st.dictionaries(_fields, _json_values, max_size=5),
        ),
    )
)
def test_any_frame_is_a_message_or_a_protocol_error(frame):
    try:
        message = parse_client(frame)
    except ProtocolError as error:
        assert str(error)
        return
    # Whatever got through is a well-formed message that survives the trip.
    assert parse_client(client_frame(message)) == message
    assert len(client_frame(message)) <= MAX_CLIENT_FRAME


def test_a_card_is_written_one_way_only():
    decode = msgspec.json.Decoder(Card).decode
    for card in (Card.parse(text) for text in ("10H", "QS", "AD", "2C")):
        assert decode(msgspec.json.encode(card)) == card
    assert msgspec.json.encode(Card.parse("10H")) == b'[10,"H"]'
    for text in ('"10H"', '[1,"H"]', '[15,"S"]', '[10,"h"]', '[10,"H",0]', '[true,"S"]'):
        with pytest.raises(msgspec.ValidationError):
            decode(text)


def test_an_action_always_belongs_to_the_seat_that_sends_it():
    frame = '{"v":4,"type":"act","action":["spit",1],"id":1}'
    assert parse_client(frame, 1) == Act(Spit(1), 1)
    with pytest.raises(ProtocolError, match="from seat 0"):
        parse_client(frame, 0)
    for action in ('["spit"]', '["play",0,5,0]', '{"do":"spit","player":0}'):
        with pytest.raises(ProtocolError):
            parse_client(f'{{"v":4,"type":"act","action":{action},"id":1}}', 0)
    with pytest.raises(ProtocolError):  # a bool is not a player
        parse_client('{"v":4,"type":"act","action":["spit",false],"id":1}', 0)


def test_the_wire_writes_the_engines_actions_cards_and_reasons():
    for action in (Play(1, 2, 0), Fill(0, 4), Spit(1), Slap(0, 1)):
        text = client_frame(Act(action, 5))
        assert parse_client(text, action.player) == Act(action, 5)
    assert client_frame(Act(Play(1, 2, 0), 5)) == (
        '{"type":"act","action":["play",1,2,0],"id":5,"v":4}'
    )
    refusal = Refusal(0, Reason.DOES_NOT_FIT, Card.parse("10H"), None, None, None)
    text = encode(Refused(id=3, refusal=refusal, not_now=None))
    assert '"reason":"does-not-fit"' in text and '"card":[10,"H"]' in text
    assert parse_server(text).refusal == refusal


def test_a_table_frame_says_who_acted():
    match = Match.new(1)
    frame = Table(seq=1, clock=0.0, view=match.view(1), events=(), by=0, ack=None)
    assert parse_server(encode(frame)).by == 0


def test_a_frame_of_another_version_is_told_apart_from_a_broken_one():
    old_act = '{"v":1,"type":"act","room":"ABCD-EFGH","seat":0,"action":{"kind":"spit"},"id":1}'
    with pytest.raises(OtherVersion) as error:
        parse_client(old_act)
    assert error.value.version == 1
    old_error = '{"v":1,"type":"error","message":"protocol version must be 1"}'
    with pytest.raises(OtherVersion):
        parse_server(old_error)


@given(st.sampled_from(PLAYERS), st.integers(0, 4), st.integers(0, 1))
def test_every_action_a_key_can_make_is_read_for_its_seat(player, stock, pile):
    for action in (Play(player, stock, pile), Fill(player, stock), Spit(player)):
        assert parse_client(client_frame(Act(action, 1)), player) == Act(action, 1)
    assert parse_client(client_frame(Act(Slap(player, pile), 1)), player).action.pile == pile


@pytest.mark.parametrize(
    "action", [Play(2, 0, 0), Play(0, 5, 0), Play(0, 0, 2), Fill(0, -1), Spit(-1), Slap(0, 3)]
)
def test_an_action_naming_what_does_not_exist_is_refused_at_the_door(action) -> None:
    with pytest.raises(ProtocolError):
        parse_client(client_frame(Act(action, 1)), 0)
