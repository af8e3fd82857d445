"""The notice over everything while the terminal (or the browser's window) is smaller than
the table, even the compact one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from spit.app.look import COMPACT
from spit.app.messages import SizeChanged
from spit.app.table import MIN_HEIGHT, MIN_WIDTH
from spit.i18n import _


class TooSmallScreen(Screen[None]):
    """Covers everything while the terminal is smaller than the table; the game waits."""

    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
    }
    TooSmallScreen Static {
        width: auto;
        max-width: 100%;
        text-align: center;
        text-style: bold;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="too-small", markup=False)

    def on_mount(self) -> None:
        self._show()

    def on_resize(self) -> None:
        self._show()
        self.post_message(SizeChanged())

    def on_screen_resume(self) -> None:
        self.post_message(SizeChanged())

    def _show(self) -> None:
        width, height = self.app.size
        if self.app.is_web:  # no terminal to enlarge: a window, or a phone held upright
            notice = _(
                "Make the window larger or zoom out:\nthe table needs {w}×{h},"
                " or {narrow_w}×{narrow_h} upright\n(it is {now_w}×{now_h} now)"
            )
        else:
            notice = _("Enlarge the terminal to at least {w}×{h}\n(it is {now_w}×{now_h} now)")
        narrow_w, narrow_h = COMPACT.terminal
        self.query_one(Static).update(
            notice.format(
                w=MIN_WIDTH,
                h=MIN_HEIGHT,
                narrow_w=narrow_w,
                narrow_h=narrow_h,
                now_w=width,
                now_h=height,
            )
        )
