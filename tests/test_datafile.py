"""The one reader of the files spit keeps: a regular file within its bound, nothing else."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spit.datafile import TOO_LARGE, BadFile, read_regular


def test_a_regular_file_within_its_bound_is_read(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 10)
    assert read_regular(path, 10) == b"x" * 10


@pytest.mark.timeout(20)
@pytest.mark.parametrize(
    ("kind", "why"),
    [
        ("a named pipe", "named pipe"),
        ("a link", "link"),
        ("a directory", "directory"),
        ("too large", TOO_LARGE),
    ],
)
def test_anything_else_is_refused_without_waiting_or_reading(
    tmp_path: Path, kind: str, why: str
) -> None:
    path = tmp_path / "f"
    if kind == "a named pipe":
        os.mkfifo(path)
    elif kind == "a link":
        (tmp_path / "g").write_bytes(b"{}")
        path.symlink_to(tmp_path / "g")
    elif kind == "a directory":
        path.mkdir()
    else:
        path.write_bytes(b"x" * 11)
    with pytest.raises(BadFile) as refused:
        read_regular(path, 10)
    assert refused.value.why == why


def test_a_link_is_followed_only_when_asked_and_what_it_names_must_be_regular(
    tmp_path: Path,
) -> None:
    (tmp_path / "g").write_bytes(b"{}")
    (tmp_path / "f").symlink_to(tmp_path / "g")
    assert read_regular(tmp_path / "f", 10, links=True) == b"{}"
    (tmp_path / "z").symlink_to("/dev/zero")
    with pytest.raises(BadFile) as refused:
        read_regular(tmp_path / "z", 10, links=True)
    assert refused.value.why == "character device"


def test_no_file_is_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "none", 10)
