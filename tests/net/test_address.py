"""One way to write and read where a server is: ``ADDR:PORT``, an IPv6 host in brackets."""

from __future__ import annotations

import socket

import pytest

from spit.net.address import (
    LOOPBACK,
    AddressError,
    AddressProblem,
    join_address,
    local_address,
    parse_address,
    shown_address,
)


def test_an_ipv6_host_is_written_in_brackets_and_read_back() -> None:
    assert join_address("::1", 7748) == "[::1]:7748"
    assert parse_address("[::1]:7748") == ("::1", 7748)
    assert join_address("example.org", 7748) == "example.org:7748"


def test_without_a_port_the_default_is_meant_if_there_is_one() -> None:
    assert parse_address("example.org", default_port=7748) == ("example.org", 7748)
    assert parse_address("fe80::1", default_port=7748) == ("fe80::1", 7748)
    with pytest.raises(AddressError) as raised:
        parse_address("example.org")
    assert raised.value.problem is AddressProblem.NOT_AN_ADDRESS


def test_an_ipv6_host_with_a_port_needs_brackets_for_it_is_an_address_itself() -> None:
    with pytest.raises(AddressError) as raised:
        parse_address("::1:7748")
    assert raised.value.problem is AddressProblem.NOT_AN_ADDRESS


@pytest.mark.parametrize(
    ("text", "problem", "port"),
    [
        ("host:http", AddressProblem.NOT_A_PORT, "http"),
        ("host:+7", AddressProblem.NOT_A_PORT, "+7"),
        ("host:70000", AddressProblem.PORT_OUT_OF_RANGE, "70000"),
        ("host:0", AddressProblem.PORT_ZERO, "0"),
        ("a b:7748", AddressProblem.NOT_AN_ADDRESS, "7748"),
        ("a/b:7748", AddressProblem.NOT_AN_ADDRESS, "7748"),
        (":7748", AddressProblem.NOT_AN_ADDRESS, "7748"),
    ],
)
def test_a_bad_address_says_what_is_wrong_as_a_typed_problem(text, problem, port) -> None:
    with pytest.raises(AddressError) as raised:
        parse_address(text)
    assert (raised.value.text, raised.value.problem, raised.value.port) == (text, problem, port)


def test_port_zero_is_any_free_port_only_where_a_server_listens() -> None:
    assert parse_address("0.0.0.0:0", any_port=True) == ("0.0.0.0", 0)


def test_a_server_on_every_interface_is_shown_by_the_machines_name() -> None:
    assert shown_address("0.0.0.0", "0.0.0.0", 7748) == f"{socket.gethostname()}:7748"
    assert shown_address("::", "::", 7748) == join_address(socket.gethostname(), 7748)
    assert shown_address("example.org", "127.0.0.2", 7748) == "example.org:7748"
    assert shown_address(LOOPBACK, LOOPBACK, 7748) == "127.0.0.1:7748"


def test_a_seat_on_the_hosting_machine_reaches_an_open_server_by_loopback() -> None:
    assert local_address("0.0.0.0", "box:7748", hosting=True) == "127.0.0.1:7748"
    assert local_address("0.0.0.0", "box:7748", hosting=False) == "box:7748"
    assert local_address(LOOPBACK, "127.0.0.1:7748", hosting=True) == "127.0.0.1:7748"
