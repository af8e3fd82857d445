"""The replay screen: the table screen playing a record back, with its controls and figures.

It is the game screen given a :class:`spit.game.playback.ReplayGame`, so a replay shows the
table as play did; a bar below says where it stands, each player's figures so far, and
their reaction round by round.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from spit import words
from spit.app.advice import charts
from spit.app.bindings import bind
from spit.app.game import GameScreen
from spit.app.pointer import replay_control
from spit.game import Change
from spit.game.playback import ReplayGame
from spit.i18n import _
from spit.records.analysis import PlayerFigures
from spit.words.numbers import Number


def _clock(seconds: float) -> str:
    minutes, rest = divmod(max(0.0, seconds), 60)
    return f"{int(minutes)}:{rest:04.1f}"


def figures_line(name: str, figures: PlayerFigures) -> str:
    """One player's figures so far, in a line."""
    median = figures.median_reaction
    if median is None:
        reaction = _("no card played yet")
    else:
        # The reaction times, terse enough that "Player 1" and every figure fit one line at
        # 80 columns.
        reaction = _("median {median:.2f} s, last {last:.2f} s").format(
            median=Number(median), last=Number(figures.reactions[-1].seconds)
        )
    lost = figures.races_lost
    races = _("races lost {n}").format(n=len(lost))
    if lost:
        races = _("{races} (by {seconds:.2f} s)").format(
            races=races, seconds=Number(lost[-1].seconds)
        )
    missed = _("missed {n}").format(n=len(figures.missed))
    return f"{name}: {reaction} · {missed} · {races}"


class ReplayBar(Static):
    """Where the replay stands, the keys, and each player's figures so far."""

    DEFAULT_CSS = """
    ReplayBar {
        dock: bottom;
        height: 5;
        padding: 0 1;
        background: $felt-bar;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    async def on_click(self, event: events.Click) -> None:
        # The status line plays or stops; the keys' line does what the key under it does.
        lines = str(self.content).splitlines()
        action = "play('toggle')" if event.y == 0 else None
        if event.y == 1 and len(lines) > 1:
            action = replay_control(lines[1], event.x - 1)  # after the padding
        if action is not None:
            await self.app.run_action(action, self.screen)


class BarredTable(GameScreen):
    """A table nobody here plays at (a replay, a watched match): a bar under it in place of
    the players' key legends."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield ReplayBar(markup=False)

    def on_mount(self) -> None:
        self.call_later(self._hide_legends)  # after the game screen's own on_mount shows them
        self._update_bar()

    def _update_bar(self) -> None:
        """Say where the table stands on the bar."""
        raise NotImplementedError

    def _hide_legends(self) -> None:
        # Nobody presses the players' keys here: their legends make room for the bar.
        # Queried, not fetched: when the app ends at once (a signal as the table came up)
        # the screen may already be taken apart, and there is nothing left to hide.
        for legend in self.query("#p1-legend, #p1-legend-right, #p2-legend"):
            legend.display = False


class ReplayScreen(BarredTable):
    """The table playing a record back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: the players' keys do nothing in a replay, and space must not reach them.
        *(
            bind(key, action, say, id_, priority=True)
            for key, action, say, id_ in (
                ("space", "play('toggle')", "play pause", "replay-toggle"),
                ("right", "play('forward')", "step", "replay-forward"),
                ("left", "play('back')", "step back", "replay-back"),
                ("up", "play('faster')", "faster", "replay-faster"),
                ("down", "play('slower')", "slower", "replay-slower"),
                ("pagedown", "round(1)", "next round", "replay-next"),
                ("pageup", "round(-1)", "previous round", "replay-previous"),
                ("home", "seek(0)", "first moment", "replay-first"),
                ("end", "seek(-1)", "last moment", "replay-last"),
            )
        ),
        *(
            Binding(str(n), f"jump({n})", show=False, priority=True, id=f"replay-round{n}")
            for n in range(1, 10)
        ),
    ]
    """The replay's controls."""

    game: ReplayGame

    def table_changed(self, change: Change) -> None:
        super().table_changed(change)
        self._update_bar()

    def _match_over(self) -> None:
        """The end of the record: the bar says so, and the table stays to be looked at."""

    def _update_bar(self) -> None:
        playback = self.game.playback
        if playback.at_end and not self.game.playing:
            state = _("the end — Space: from the start")
        elif self.game.playing:
            state = _("playing")
        else:
            state = _("stopped")
        status = _(
            "Replay · action {n}/{total} · {time} · round {round}/{rounds} · ×{speed:g} · {state}"
        ).format(
            n=playback.position,
            total=len(playback.steps),
            time=_clock(playback.elapsed),
            round=playback.round_number,
            rounds=playback.rounds,
            speed=Number(playback.speed),
            state=state,
        )
        keys = _("Space play/stop · ← → step · ↑ ↓ speed · PgUp PgDn 1–9 round · Home End")
        lines = [status, keys]
        for player in (0, 1):
            lines.append(figures_line(self.names[player], playback.figures(player)))
        sparks = charts(playback.analysis, playback.position)
        chart = " · ".join(f"{self.names[p]} {sparks[p].plain}" for p in (0, 1))
        lines.append(f"{words.advice.chart_label()}: {chart}")
        self.query_one(ReplayBar).update("\n".join(lines))

    # -- the controls ------------------------------------------------------------------

    def action_play(self, verb: str) -> None:
        """Play or stop, a step forward or back, faster or slower (``ReplayGame``'s verbs)."""
        getattr(self.game, verb)()
        self._update_bar()

    def action_round(self, delta: int) -> None:
        self.game.jump_to_round(self.game.playback.round_number + delta)
        self._update_bar()

    def action_seek(self, position: int) -> None:
        """Home: the first deal; End (``-1``): the last action."""
        self.game.seek(len(self.game.playback.steps) if position < 0 else position)
        self._update_bar()

    def action_jump(self, number: int) -> None:
        self.game.jump_to_round(number)
        self._update_bar()
