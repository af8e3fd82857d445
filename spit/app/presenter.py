"""The table's presenter: a seat's view, who looks at it and the feedback, turned into the
states the table's widgets draw, by a pure function that can be tested without the app."""

from __future__ import annotations

from typing import Final, NamedTuple

from spit import words
from spit.app.card_rows import PilesState, StocksState
from spit.app.look import SMALL, CardSize, Look
from spit.app.parts import (
    BannerState,
    InfoState,
    LegendState,
    MessageState,
    SummaryState,
    TopBarState,
    legend_slot,
)
from spit.engine import STOCKS, Card, Phase, Play, PlayerView, Reason, Refusal, Variant
from spit.game import Connection, Game
from spit.i18n import _
from spit.net.address import this_machine_only
from spit.settings.keymap import KeyMap
from spit.words.labels import player_name, short_name

PLAYER_IDS: Final = ("p1", "p2")
"""Widget id prefixes per player (player 0 is "p1")."""

_BOT_SAYS: Final = frozenset({Reason.TOO_LATE, Reason.SLAPPED_ALREADY, Reason.LOCKED})
"""The bot's refusals worth showing besides its fumbles: the races it lost. The rest (a hand
that lands just after the round ended) would only be noise by its row."""

Names = tuple[str, str]
"""Player 1's and player 2's names as the table shows them."""


class Perspective(NamedTuple):
    """Who looks at the table from this keyboard, and what everyone is called on it."""

    seat: int
    """The seat whose view is drawn (both players see the same face-up table)."""
    solo: bool
    """One person at this keyboard (against the bot, or a networked seat): both halves of
    it play their seat, which is drawn at the bottom."""
    against_bot: bool
    """The other seat is the bot, on this machine."""
    networked: bool
    """The match is held by a server; the other player is somewhere else."""
    names: Names
    """How the players are called on screen."""
    bot_level: str = ""
    """The bot's level, on its line (against the bot)."""

    @classmethod
    def seated(
        cls,
        seats: tuple[int, ...],
        given: tuple[str | None, str | None],
        *,
        against_bot: bool,
        networked: bool,
        bot_level: str = "",
    ) -> Perspective:
        """The perspective of a keyboard playing ``seats``, the players called ``given``
        where a name is known (None: the table's own, Player 1, You, Bot)."""
        seat = seats[0]
        solo = len(seats) == 1
        against_bot = solo and against_bot
        if not networked:
            names = (
                given[0] or player_name(0, against_bot=against_bot),
                given[1] or player_name(1, against_bot=against_bot),
            )
        else:
            named = ["", ""]
            named[seat] = player_name(0, against_bot=True)  # "You"
            named[1 - seat] = given[1 - seat] or player_name(1 - seat)
            names = (named[0], named[1])
        return cls(seat, solo, against_bot, networked, names, bot_level)

    @property
    def near(self) -> int:
        """The player whose side is drawn at the bottom, its spit pile on the left."""
        return self.seat if self.solo else 0

    @property
    def you(self) -> int | None:
        """The seat called "you" on screen: the person's, when one person plays here."""
        return self.seat if self.solo else None

    def away(self, player: int) -> bool:
        """Whether nobody at this keyboard plays ``player`` (the bot, a networked opponent)."""
        return self.solo and player != self.seat

    @property
    def short_names(self) -> Names:
        """The players' names where room is short (the top bar, the last plays)."""
        if self.networked:
            return self.names
        return (
            short_name(0, against_bot=self.against_bot),
            short_name(1, against_bot=self.against_bot),
        )


class Feedback(NamedTuple):
    """What the table says for a moment besides the engine's view."""

    messages: tuple[str | None, str | None] = (None, None)
    """Per player, the refusal showing by their row."""
    flash: tuple[int | None, int | None] = (None, None)
    """Per spit pile, the player whose colour it flashes (it just changed)."""
    last: tuple[tuple[int, Card] | None, tuple[int, Card] | None] = (None, None)
    """Per spit pile, the last play on it still written under it: who, which card."""


class Scene(NamedTuple):
    """The game's facts at one redraw that are not in the drawn seat's view."""

    variant: Variant
    """How the match is won."""
    size: CardSize = SMALL
    rtt: tuple[float | None, float | None] | None = None
    """A networked match's round-trip times (both seats'); None on this machine."""
    adaptive_level: str | None = None
    """The level the adaptive bot plays at now, if it plays here."""
    others: tuple[PlayerView, ...] = ()
    """The views of the other seats played at this keyboard (their hints need them)."""
    browser: bool = False
    """Shown in a web browser (which may keep F1 and Ctrl+Q for itself)."""
    here: tuple[bool, bool] = (True, True)
    """Which seats of a networked match are at the table: one away has no round trip."""
    watchers: int = 0
    """Spectators of a networked match (told to its players)."""


class TableStates(NamedTuple):
    """Every widget's state, near side first (the ``p1-`` widgets, then the ``p2-``)."""

    top_bar: TopBarState
    legends: tuple[LegendState, LegendState]
    """``#p1-legend``, then ``#p2-legend`` (or ``#p1-legend-right`` for one person)."""
    infos: tuple[InfoState, InfoState]
    messages: tuple[MessageState, MessageState]
    stocks: tuple[StocksState, StocksState]
    banner: BannerState | None
    """None while the last round's summary shows instead of the banner and piles."""
    piles: PilesState | None
    summary: SummaryState | None


class Presenter:
    """Turns (view, perspective, feedback) into the table's widget states."""

    def __init__(self, keymap: KeyMap, look: Look, *, hints: bool) -> None:
        self.look = look
        """Suit symbols or letters, two or four colours."""
        self.hints = hints
        self.stock_keys = {
            prefix: tuple(
                tuple(
                    words.labels.control_label(
                        keymap, f"{prefix}.stock{stock + 1}.{row}", short=True, ascii=look.ascii
                    )
                    for row in ("left", "right", "fill")
                )
                for stock in range(STOCKS)
            )
            for prefix in PLAYER_IDS
        }
        """Per half of the keyboard, per stock: its pile and fill keys, short."""
        self.key_slot = legend_slot(
            [label for keys in self.stock_keys.values() for stock in keys for label in stock]
        )
        self.spit_keys = (
            words.labels.control_label(keymap, "p1.spit"),
            words.labels.control_label(keymap, "p2.spit"),
        )

    def scene(self, game: Game, perspective: Perspective, size: CardSize, browser: bool) -> Scene:
        """What ``game`` says now besides the drawn seat's view (and the other seats' views
        played here, when their hints show)."""
        connection = game.connection
        others: tuple[PlayerView, ...] = ()
        if self.hints and not perspective.solo:
            others = tuple(game.view(seat) for seat in game.seats if seat != perspective.seat)
        return Scene(
            game.variant,
            size,
            None if connection is None else connection.rtt,
            game.adaptive_level if perspective.against_bot else None,
            others,
            browser=browser,
            here=(True, True) if connection is None else connection.here,
            watchers=0 if connection is None else connection.watchers,
        )

    def present(
        self,
        view: PlayerView,
        perspective: Perspective,
        feedback: Feedback,
        scene: Scene,
        *,
        summary: bool = True,
    ) -> TableStates:
        """Every widget's state for the table as ``view`` shows it; between rounds the last
        round's summary replaces the banner and piles, unless ``summary`` is False."""
        phase = view.phase
        waiting = phase in (Phase.DEALT, Phase.STUCK) and not view.is_over
        # Once the match is over, what counts is what each held at the end, not the last
        # round's table (whose piles were just taken).
        held = view.last_round.held if view.is_over and view.last_round else None
        near = perspective.near
        order = (near, 1 - near)
        infos, messages, stocks = [], [], []
        for player in order:
            side = view.sides[player]
            away = perspective.away(player)
            infos.append(
                InfoState(
                    player=player,
                    name=self._bot_line(perspective, scene)
                    if away and perspective.against_bot
                    else perspective.names[player],
                    cards=side.cards if held is None else held[player],
                    spit_key=self._spit_key(player, perspective),
                    ready=side.ready,
                    # Nobody here can press SPIT for the bot or a networked opponent: their
                    # line only says when they are ready.
                    waiting=waiting and (side.ready or not away),
                    look=self.look,
                    bot=away and perspective.against_bot,
                )
            )
            messages.append(MessageState(player, feedback.messages[player], self.look))
            stocks.append(
                StocksState(
                    side.stocks,
                    self.look,
                    self._fitting(player, view, perspective, scene),
                    scene.size,
                )
            )
        top_bar = TopBarState(
            view.round_number,
            scene.variant,
            view.scores,
            perspective.short_names,
            self._hints(perspective, scene),
        )
        banner = piles = summed = None
        if summary and view.between_rounds:
            summed = self._summary(view, perspective, scene)
        else:
            banner = self._banner(view, perspective)
            far = order[1]
            piles = PilesState(
                (view.piles[near], view.piles[far]),
                (view.sides[near].spit_cards, view.sides[far].spit_cards),
                (feedback.flash[near], feedback.flash[far]),
                self.look,
                (
                    self._last_words(feedback, perspective, near, 0),
                    self._last_words(feedback, perspective, far, 1),
                ),
                scene.size,
            )
        return TableStates(
            top_bar,
            self._legends(phase, perspective, scene.size),
            (infos[0], infos[1]),
            (messages[0], messages[1]),
            (stocks[0], stocks[1]),
            banner,
            piles,
            summed,
        )

    def _legends(
        self, phase: Phase, perspective: Perspective, size: CardSize
    ) -> tuple[LegendState, LegendState]:
        """Each half's keys by its stocks; while slapping, the caption says what they do."""
        left, right = ("<", ">") if self.look.ascii else ("◀", "▶")
        if phase is Phase.SLAP:
            caption = _("slap {left} {right}").format(left=left, right=right)
        else:
            caption = _("{left} {right} fill").format(left=left, right=right)
        # One person plays with both halves: the right half's legend says "or".
        second = words.table.table_label("or") if perspective.solo else caption
        return (
            LegendState(caption, self.stock_keys["p1"], self.key_slot, size),
            LegendState(second, self.stock_keys["p2"], self.key_slot, size),
        )

    def _fitting(
        self, player: int, view: PlayerView, perspective: Perspective, scene: Scene
    ) -> tuple[bool, ...]:
        """Hints: per stock of ``player``, whether its top card fits a pile right now (by the
        engine's legal actions; only seats played here get hints)."""
        if not self.hints or perspective.away(player):
            return ()
        if player != view.player:
            view = next((v for v in scene.others if v.player == player), None)  # type: ignore[assignment]
            if view is None:
                return ()
        playable = {action.stock for action in view.legal_actions if isinstance(action, Play)}
        return tuple(stock in playable for stock in range(STOCKS))

    def _hints(self, perspective: Perspective, scene: Scene) -> tuple[str, ...]:
        if scene.browser:
            # A browser may keep F1 and Ctrl+Q for itself; the pause screen has both.
            keys = (_("Esc: pause, then H help, Q quit"), _("Esc: pause"))
        else:
            keys = (_("F1 help · Esc pause · Ctrl+Q quit"), _("F1 help"))
        if scene.rtt is None:
            return keys
        # Both players' round-trip times: races go by arrival at the server. A player away
        # has none (the last one measured would read as if they were still there).
        lag = " · ".join(
            _("{name} {ms} ms").format(name=name, ms="?" if t is None else round(t * 1000))
            for name, t, here in zip(perspective.names, scene.rtt, scene.here, strict=True)
            if here
        )
        if not lag:
            return keys
        if scene.watchers:
            lag = f"{lag} · {words.watching.watchers(scene.watchers, ascii=self.look.ascii)}"
        return (f"{lag} · {keys[0]}", f"{lag} · {keys[1]}", lag, keys[1])

    @staticmethod
    def _bot_line(perspective: Perspective, scene: Scene) -> str:
        """The bot's name and level; the adaptive bot's says the level it plays at now."""
        name = perspective.names[1]
        if scene.adaptive_level is None:
            level = words.labels.level_name(perspective.bot_level)
            return _("{name} ({level})").format(name=name, level=level)
        level = words.labels.level_name(scene.adaptive_level)
        return _("{name} (adaptive: {level})").format(name=name, level=level)

    def _spit_key(self, player: int, perspective: Perspective) -> str:
        if perspective.solo:
            if player != perspective.seat:
                return ""
            return f"{self.spit_keys[0]} / {self.spit_keys[1]}"
        return self.spit_keys[player]

    def _last_words(
        self, feedback: Feedback, perspective: Perspective, pile: int, shown_at: int
    ) -> tuple[str, int] | None:
        last = feedback.last[pile]
        if last is None:
            return None
        player, card = last
        name = perspective.short_names[player]
        return words.dates.last_move(name, self.look.label(card), shown_at), player

    def _banner(self, view: PlayerView, perspective: Perspective) -> BannerState:
        phase = view.phase
        names, against_bot, you = perspective.names, perspective.against_bot, perspective.you
        note = words.table.one_pile_note(view, names, against_bot=against_bot, you=you)
        if view.is_over:
            return BannerState(words.table.match_over())
        if phase in (Phase.DEALT, Phase.STUCK):
            ready = [p for p in (0, 1) if view.sides[p].ready]
            text = (
                words.table.round_start(view.round_number)
                if phase is Phase.DEALT
                else words.table.stuck()
            )
            if len(ready) == 1:
                text += "  " + words.table.waiting_for(
                    1 - ready[0], names, against_bot=against_bot, you=you
                )
            return BannerState(text, urgent=True, note=note)
        if phase is Phase.SLAP:
            return BannerState(words.table.slap(view.went_out, names, you=you), urgent=True)
        return BannerState("", note=note)

    def _summary(self, view: PlayerView, perspective: Perspective, scene: Scene) -> SummaryState:
        settled = view.last_round
        assert settled is not None  # between rounds, there is a last one
        # The bot or a networked opponent presses their own SPIT: no key to show for them.
        keys = (self._spit_key(0, perspective), self._spit_key(1, perspective))
        return SummaryState(
            settled=settled,
            names=perspective.names,
            variant=scene.variant,
            scores=view.scores,
            next_round=view.round_number,
            spit_keys=keys,
            ready=(view.sides[0].ready, view.sides[1].ready),
            note=words.table.one_pile_note(
                view, perspective.names, against_bot=perspective.against_bot, you=perspective.you
            ),
            look=self.look,
            bot=1 - perspective.seat if perspective.against_bot else None,
            you=perspective.you,
        )

    def refusal(self, refusal: Refusal, at: float, perspective: Perspective) -> str | None:
        """What to say by the refused player's row; None for the bot's quiet refusals."""
        quiet = not (refusal.is_fumble or refusal.reason in _BOT_SAYS)
        if perspective.against_bot and refusal.player == 1 and quiet:
            return None
        return words.refusals.refusal(refusal, at, names=perspective.names, label=self.look.label)


def standstill(
    connection: Connection | None,
    perspective: Perspective,
    room_link: str | None,
    *,
    serves_here: bool = False,
) -> str | None:
    """Why a networked room stands still when nobody here paused it, or None.
    ``serves_here``: the room's server was started here for it (else it runs elsewhere)."""
    if connection is None:
        return None
    other = 1 - perspective.seat
    name = perspective.names[other]
    if not connection.connected:
        return words.networked.reconnecting()
    if connection.waiting:
        if room_link:
            waiting = _(
                "Waiting for your friend. Give them this command:\n\nspit join {address} {room}\n\n"
                "or this link, to play in a web browser:\n\n{link}"
            )
        elif this_machine_only(connection.address) and serves_here:
            waiting = _(
                "Waiting for your friend. Give them this command:\n\nspit join {address} {room}\n\n"
                "{address} works on this machine only. For a friend on another machine, host on "
                "0.0.0.0:{port} (spit host --bind 0.0.0.0 --port {port}, or the menu's Host "
                "dialog)."
            )
        elif this_machine_only(connection.address):
            # A server that runs apart from this room: only its own --bind opens it to others.
            waiting = _(
                "Waiting for your friend. Give them this command:\n\nspit join {address} {room}\n\n"
                "{address} is the server's address on this machine only. A friend on another "
                "machine joins room {room} at the address and port their machine reaches that "
                "server at."
            )
        else:
            waiting = _(
                "Waiting for your friend. Give them this command:\n\nspit join {address} {room}"
            )
        port = connection.address.rpartition(":")[2]
        return waiting.format(
            address=connection.address, room=connection.room, link=room_link, port=port
        )
    if not connection.here[other]:
        return words.networked.gone_away(name, connection.back_within[other])
    if connection.paused_by[other]:
        return words.networked.paused_by(name, connection.pause_left[other])
    if connection.goes_on_in is not None:
        return words.networked.going_on(connection.goes_on_in)
    return None
