"""Reading a file spit keeps, as anyone able to write its directory may have left it.

A file of the data directory is opened without following a link (a link to ``/dev/zero``
would be read until memory ran out), without waiting (a named pipe would wait for a writer
forever), and used only if the open descriptor is a regular file within a size bound: no
race with a swap of the path. What is wrong with it is a :class:`BadFile` in a few words.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO, Final


class BadFile(OSError):
    """A file that is there but cannot be one spit wrote: ``why`` is :data:`TOO_LARGE`
    (``size`` in bytes) or what it is instead, one of :data:`KINDS`; ``strerror`` says so."""

    def __init__(self, path: Path, why: str, size: int = 0) -> None:
        said = f"too large ({size} bytes)" if why == TOO_LARGE else f"not a regular file: {why}"
        super().__init__(errno.EINVAL, said, str(path))
        self.why = why
        self.size = size


TOO_LARGE: Final = "too large"

KINDS: Final[dict[int, str]] = {
    stat.S_IFDIR: "directory",
    stat.S_IFIFO: "named pipe",
    stat.S_IFCHR: "character device",
    stat.S_IFBLK: "block device",
    stat.S_IFSOCK: "socket",
    stat.S_IFLNK: "link",
}


def open_regular(path: Path, limit: int, *, links: bool = False) -> BinaryIO:
    """``path`` opened for reading, if it is a regular file of at most ``limit`` bytes (a link
    is followed only if ``links``); FileNotFoundError if there is none, BadFile if it is
    something else, OSError if it cannot be opened."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    if not links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        if error.errno == errno.ELOOP and not links:  # the file is a link, not followed
            raise BadFile(path, KINDS[stat.S_IFLNK]) from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise BadFile(path, KINDS.get(stat.S_IFMT(info.st_mode), "not a file"))
        if info.st_size > limit:
            raise BadFile(path, TOO_LARGE, info.st_size)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: Path, limit: int, *, links: bool = False) -> bytes:
    """The bytes of the regular file at ``path`` (see :func:`open_regular`), never more than
    ``limit`` of them: BadFile if it grew past it meanwhile."""
    with open_regular(path, limit, links=links) as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise BadFile(path, TOO_LARGE, len(data))
    return data


__all__ = ["KINDS", "TOO_LARGE", "BadFile", "open_regular", "read_regular"]
