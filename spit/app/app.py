"""The Spit app: the start menu or straight to the table, and the app-wide keys."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType
from textual.filter import LineFilter
from textual.screen import Screen

from spit import words
from spit.app.ascii import AsciiFilter
from spit.app.bindings import WordedBindings, worded
from spit.app.game import GameScreen, Pace
from spit.app.messages import (
    AsciiChosen,
    Connect,
    GameLost,
    KeysChosen,
    LanguageChosen,
    OpenMenu,
    RememberMenu,
    SizeChanged,
    StartGame,
    StartPractice,
)
from spit.app.table import MIN_HEIGHT, MIN_WIDTH
from spit.app.terminal import TerminalApp, guard_input_decoding, guard_input_parser
from spit.engine import Match
from spit.game import DriverFactory, Game, Source, bot_driver
from spit.game.patient import PatientDriver
from spit.game.session import Session, SessionError
from spit.settings.keymap import KeyMap, KeyMapError
from spit.settings.options import GameOptions, Mode, Network
from spit.web.driver import PageChanged
from spit.words.labels import player_name

if TYPE_CHECKING:
    from spit.game.remote import RemoteGame
    from spit.records.record import Record

# Bad bytes from the terminal are dropped, not a crash (see spit.app.terminal).
guard_input_parser()
guard_input_decoding()

# The menu (spit.app.menu) and the dialogs (spit.app.screens) are imported where they are
# first shown, not here: `spit play` goes straight to the table, sooner without them.


class SpitApp(WordedBindings, TerminalApp):
    """Spit in the terminal. ``SpitApp(options).run()``; ``options.mode=None`` opens the menu."""

    TITLE = "Spit"
    ENABLE_COMMAND_PALETTE = False

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority, so that F1 opens the help over the dialogs too (pause, match over).
        Binding("f1", "help", worded(words.dialogs.binding, "help"), priority=True, id="help"),
        Binding(
            "ctrl+q",
            "request_quit",
            worded(words.dialogs.binding, "quit"),
            priority=True,
            id="quit",
        ),
        Binding(
            "ctrl+c",
            "request_quit",
            worded(words.dialogs.binding, "quit"),
            priority=True,
            show=False,
            id="interrupt",
        ),
    ]
    """The app's own keys; they work on every screen and no key map may take them."""

    def __init__(
        self,
        options: GameOptions | None = None,
        *,
        clock: Source | None = None,
        match: Match | None = None,
        opponents: DriverFactory | None = bot_driver,
        pace: Pace | None = None,
        record: bool = True,
        resume: Record | None = None,
        replay: Record | None = None,
        network: Network | None = None,
        config_file: Path | None = None,
        practice: bool = False,
        offer_practice: bool = False,
    ) -> None:
        """Start from ``options``.

        ``clock`` replaces ``time.monotonic`` as the game clock's source (tests pass one they
        control); ``match`` is played instead of a freshly dealt one; ``opponents`` builds
        the driver of seat 2 against the person (the bot by default; None offers two players
        only); ``pace`` sets how long feedback lasts. ``record`` keeps a record of every
        match (see :mod:`spit.records`); ``resume`` is an unfinished record whose match is
        played on from where it stopped, paused; ``replay`` is a record to play back;
        ``network`` plays a seat at a room on a server instead (``spit host``, ``spit join``),
        and the app ends with the match.
        ``config_file`` is where the start menu remembers its choices (None: nowhere, as in
        tests). ``practice`` starts with the guided practice round (``spit practice``);
        ``offer_practice`` offers it when the menu opens (the config file says it never was).
        """
        super().__init__()
        self.config_file = config_file
        """The config file the menu's choices are written to, or None."""
        self.options = options or GameOptions()
        """The options from the command line (the menu may change them)."""
        self.session = Session(
            self.options.seed,
            opponents=opponents,
            clock=clock,
            match=match,
            record=record,
            notice=lambda notice: self._notice(words.records.record_notice(notice)),
        )
        """Builds every game this app shows (spit.game.session)."""
        self.pace = pace or Pace()
        """How long flashes and messages last."""
        self.keymap = self._keys_for(self.options)
        """The keys of the current (or next) game."""
        self._noticed_small = False
        self._ascii = self.options.ascii
        self._ascii_filter = AsciiFilter()
        self._resume = resume
        self._replay = replay
        self._network = network
        self._seat: RemoteGame | None = None
        """The networked game this app plays, while it does."""
        self._page_here = True
        """Whether the page showing this app is open (always, but for a browser seat)."""
        self._room_link: str | None = None
        self._practice = practice
        self._offer = offer_practice

    # -- ASCII -----------------------------------------------------------------------

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, and with ``--ascii`` one that makes every character ASCII."""
        filters = super().get_line_filters()
        if not self.ascii:
            return filters
        return [*filters, self._ascii_filter]

    @property
    def ascii(self) -> bool:
        """Whether the screen shows ASCII only (``--ascii``, or chosen in the menu)."""
        return self._ascii

    @ascii.setter
    def ascii(self, on: bool) -> None:
        if on == self._ascii:
            return
        self._ascii = on
        for screen in self.screen_stack:  # every line is drawn again, through the filter
            for widget in screen.walk_children(with_self=True):
                widget.refresh()

    @property
    def room_link(self) -> str | None:
        """The link that opens the hosted room's second seat in a browser (``--web``)."""
        return self._room_link

    @room_link.setter
    def room_link(self, link: str | None) -> None:
        # The game's screen asks the game for it (Game.room_link): hand it on.
        self._room_link = link
        if self._seat is not None:
            self._seat.room_link = link

    @property
    def bot_available(self) -> bool:
        """Whether a bot can take seat 2."""
        return self.session.bot_available

    # -- screens ---------------------------------------------------------------------

    def on_mount(self) -> None:
        self.catch_signals()
        if self._replay is not None:
            self.replay(self._replay)
        elif self._resume is not None:
            record, self._resume = self._resume, None
            self.resume_match(record)
        elif self._network is not None:
            self.connect(self._network)
        elif self._practice:
            self.start_practice(self.options)
        elif self.options.mode is None:
            from spit.app.menu import MenuScreen

            self.push_screen(MenuScreen(self.options, bot_available=self.bot_available))
            self._offer_practice()
            self._offer_resume()  # on top: a match cut short comes first
        else:
            self.start_game(self.options)
        self.check_size()

    def start_game(self, options: GameOptions) -> None:
        """Deal a match with ``options`` and show the table."""
        if options.mode is Mode.BOT and not self.bot_available:
            from spit.app.menu import MenuScreen

            self.notify(words.dialogs.app_notice("no bot, choose"), severity="error")
            if not isinstance(self.screen, MenuScreen):
                self.open_menu(options)
            return
        self.options = options
        self.keymap = self._keys_for(options)
        self.ascii = options.ascii
        built = self.session.local(options)
        if built.first_frame is not None:
            # The record's file is made once the table is drawn (or at the first action, if
            # that comes sooner), so reaching the first frame waits for no disk.
            self.call_after_refresh(built.first_frame)
        self._show(GameScreen(options, built.game, keymap=self.keymap, pace=self.pace))

    def start_practice(self, options: GameOptions) -> None:
        """Deal a practice round: a real deal against a bot that waits for the player, with
        the guide's steps under the table."""
        from spit.app.practice import PracticeScreen

        if self._offer:
            self._practice_offered()  # found without the offer: it need not come
        self.options = options  # what the menu shows again afterwards
        self.keymap = self._keys_for(options)
        self.ascii = options.ascii
        built = self.session.practice(options, patience=self.pace.patience)
        driver = built.game.driver
        assert isinstance(driver, PatientDriver)
        screen = PracticeScreen(
            built.options, built.game, keymap=self.keymap, pace=self.pace, driver=driver
        )
        self._show(screen)

    def _show(self, screen: GameScreen) -> None:
        """Show a table: over the menu, or instead of the table shown now."""
        if self._game_screen() is None:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def _notice(self, message: str) -> None:
        """A one-line notice about the records, from this thread or the history's."""
        try:
            self.call_from_thread(self.notify, message, severity="warning", timeout=8)
        except RuntimeError:  # on the app's own thread (or the app has stopped)
            if self.is_running:
                self.notify(message, severity="warning", timeout=8)

    def _offer_practice(self) -> None:
        """At the very first start's menu: offer the practice round. Once answered, either
        way, the config file says so and it is not offered again."""
        if not self._offer or self.config_file is None:
            return
        from spit.app.practice import PracticeOfferScreen

        def answered(practise: bool | None) -> None:
            self._practice_offered()
            if practise:
                self.start_practice(self.options)

        self.push_screen(PracticeOfferScreen(), answered)

    def _practice_offered(self) -> None:
        self._offer = False
        self._keep({("menu", "practice_offered"): True})

    def _offer_resume(self) -> None:
        """At the menu: offer the newest unfinished match, if there is one."""
        from spit.app.resume import ResumeScreen
        from spit.records.recorder import DEFAULT_NAMES

        record = self.session.unfinished()
        if record is None:
            return
        players = record.header.players
        names = (
            players[0].name or DEFAULT_NAMES[0],
            players[1].name
            if not players[1].bot
            else words.labels.player_name(1, against_bot=True),
        )

        def answered(answer: str | None) -> None:
            if answer == "resume":
                self.resume_match(record)
            elif answer == "give-up":
                self._give_up(record)

        self.push_screen(ResumeScreen(record, names), answered)

    def _give_up(self, record: Record) -> None:
        from spit.records.record import RecordError

        try:
            self.session.give_up(record)
        except (RecordError, OSError) as error:
            self._notice(words.records.record_failure(error))

    def replay(self, record: Record, *, playing: bool = True) -> None:
        """Play ``record`` back on the table screen (stopped at its deal unless ``playing``)."""
        from spit.app.replay import ReplayScreen

        game, options = self.session.replay(record, self.options, playing=playing)
        self.push_screen(ReplayScreen(options, game, keymap=self.keymap, pace=self.pace))

    def resume_match(self, record: Record) -> None:
        """Play the unfinished match of ``record`` on from exactly where it stopped, paused.

        The table is the engine's replay of the record; the game clock goes on from the time
        of its last action, so a fumble lock or a "too late" window is as it was.
        """
        from spit.app.screens import PauseScreen
        from spit.records.record import RecordError

        try:
            built = self.session.resume(record, self.options)
        except SessionError:
            self.notify(words.dialogs.app_notice("no bot, cannot go on"), severity="error")
            self.open_menu(self.session.resume_options(record, self.options))
            return
        except RecordError as error:
            self.notify(words.records.record_error(error), severity="error")
            self.open_menu(self.session.resume_options(record, self.options))
            return
        self.options = built.options
        self.keymap = self._keys_for(built.options)
        self._show(GameScreen(built.options, built.game, keymap=self.keymap, pace=self.pace))
        self.push_screen(PauseScreen())

    def remember_menu(self, options: GameOptions) -> None:
        """Keep the menu's choices in the config file, for the next start."""
        if options.mode is None:
            return
        entries: dict[tuple[str, ...], object] = {
            ("menu", "mode"): options.mode.value,
            ("menu", "level"): options.bot_level,
            ("menu", "variant"): options.variant.value,
            ("display", "ascii"): options.ascii,
            ("display", "four_colour"): options.four_colour,
            ("display", "hints"): options.hints,
        }
        try:
            KeyMap.preset(options.keys).with_bindings(options.bindings)
        except KeyMapError:
            pass  # a layout the remapped keys do not fit would stop the next start
        else:
            entries["keys", "preset"] = options.keys
        self._keep(entries)

    def new_match(self, options: GameOptions) -> Match:
        """A fresh match (see :meth:`spit.game.session.Session.new_match`)."""
        return self.session.new_match(options)

    # -- a seat at a room on a server -------------------------------------------------

    def connect(self, network: Network) -> None:
        """Take a seat at a room on a server (starting one here to host, if asked) and show
        its table once the server sends it; say why not if that fails."""
        from spit.app.screens import StandstillScreen

        waiting = StandstillScreen(words.network.connecting(network.address, network.code))
        self.push_screen(waiting)
        self.run_worker(self._play_networked(network, waiting), group="network", exclusive=True)

    async def _play_networked(self, network: Network, waiting: Screen[None]) -> None:
        from spit.game.remote import RemoteGame
        from spit.net.client import ServerGone
        from spit.net.hosting import HostingError, HostPlan, host

        hosting = None
        game = None
        try:
            address = network.address
            if network.code is None:  # hosting: the one routine `spit host` uses too
                plan = HostPlan(
                    server=network.address,
                    bind=network.bind,
                    port=network.port,
                    pace=network.pace,
                    web_port=network.web_port,
                )
                hosting = await host(plan, _browser_seats)
                address = hosting.address
            assert address is not None
            game = RemoteGame(address, name=network.name)
            await game.connect(
                code=network.code, variant=self.options.variant, seed=self.options.seed
            )
            self._seat = game
            if not self._page_here:
                game.step_away()
            if hosting is not None:
                self.room_link = hosting.open_room(game.welcome.room)
            game.on_first_table(lambda: self._show_remote(game, waiting))
            await game.run()
        except (ServerGone, HostingError, OSError) as error:
            if isinstance(error, HostingError):
                why = error.why
            elif isinstance(error, ServerGone):
                why = words.network.server_gone(error)
            else:
                why = error.strerror or str(error)
            self._lost(words.network.no_seat(why))
        finally:
            self._seat = None
            if game is not None:
                await game.close()
            if hosting is not None:
                await hosting.stop()

    def _show_remote(self, game: Game, waiting: Screen[None]) -> None:
        options = replace(self.options, mode=Mode.TWO_PLAYER)
        screen = GameScreen(options, game, keymap=self.keymap, pace=self.pace)
        if self.screen is waiting:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def on_game_lost(self, message: GameLost) -> None:
        text = message.text
        if message.detail:
            text = f"{text} ({message.detail})"
        self._lost(text)

    def _lost(self, text: str) -> None:
        """A networked game could not start or go on: from the command line the app ends
        and says why on the terminal; from the menu, back to it with the reason."""
        if self._network is not None:
            self.exit(return_code=1, message=text)
            return
        self.notify(text, severity="error", timeout=15)
        self.open_menu()

    # -- what the screens ask ----------------------------------------------------------

    def on_page_changed(self, message: PageChanged) -> None:
        """A browser seat's page went or came back: nobody plays the seat meanwhile, so it
        lets go of the room, which stands for both (the server's rule for a dropped seat)."""
        self._page_here = message.here
        if self._seat is None:
            return
        if message.here:
            self._seat.come_back()
        else:
            self._seat.step_away()

    def on_connect(self, message: Connect) -> None:
        self.options = message.options
        self.keymap = self._keys_for(message.options)
        self.connect(message.network)

    def on_start_game(self, message: StartGame) -> None:
        self.start_game(message.options)

    def on_start_practice(self, message: StartPractice) -> None:
        self.start_practice(message.options)

    def on_remember_menu(self, message: RememberMenu) -> None:
        self.remember_menu(message.options)

    def on_ascii_chosen(self, message: AsciiChosen) -> None:
        self.ascii = message.on

    def on_open_menu(self, message: OpenMenu) -> None:
        self.open_menu()

    def on_size_changed(self, message: SizeChanged) -> None:
        self.check_size()

    def on_keys_chosen(self, message: KeysChosen) -> None:
        self.options = replace(self.options, bindings=message.bindings)
        self._keep({("keys", "bindings"): message.bindings})

    def on_language_chosen(self, message: LanguageChosen) -> None:
        self._keep({("lang",): message.code})

    def _keep(self, entries: dict[tuple[str, ...], object]) -> None:
        """Write the menu's choices into the config file; a file that cannot be written is
        said."""
        if self.config_file is None:
            return
        from spit.settings.config import ConfigError, remember

        try:
            remember(self.config_file, entries)
        except ConfigError as error:
            self.notify(words.config.config_error(error), severity="warning")

    def open_menu(self, options: GameOptions | None = None) -> None:
        """Back to the start menu (after a match, or when the bot is missing)."""
        from spit.app.menu import MenuScreen

        menu = MenuScreen(options or self.options, bot_available=self.bot_available)
        if len(self.screen_stack) < 2:  # nothing shown yet (a resume that could not be)
            self.push_screen(menu)
            return
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(menu)

    def _keys_for(self, options: GameOptions) -> KeyMap:
        try:
            return KeyMap.preset(options.keys).with_bindings(options.bindings)
        except KeyMapError as error:
            # The command line checks the config file; here a layout chosen in the menu
            # clashes with it. Play the preset as it is rather than not at all.
            if self.is_running:
                self.notify(
                    words.dialogs.keys_do_not_fit(layout=options.keys, error=error),
                    severity="warning",
                )
            return KeyMap.preset(options.keys)

    def _game_screen(self) -> GameScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    # -- size ------------------------------------------------------------------------

    def check_size(self) -> None:
        """Cover everything with a notice while the terminal is too small for the table."""
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if not small and not self._noticed_small:
            return  # no notice was ever shown, so none is there to take away
        from spit.app.screens import TooSmallScreen

        covered = any(isinstance(s, TooSmallScreen) for s in self.screen_stack)
        if small and not covered:
            self._noticed_small = True
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(self.screen, TooSmallScreen):
            self.pop_screen()

    # -- app-wide keys ---------------------------------------------------------------

    def action_help(self) -> None:
        """F1: the rules in brief and both players' keys."""
        from spit.app.menu import MenuScreen
        from spit.app.screens import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
            return
        game = self._game_screen()
        keymap = self.keymap
        ascii = self.options.ascii
        if game is not None:
            against_bot = game.against_bot
        elif isinstance(self.screen, MenuScreen):
            # Show the keys of the layout being chosen, not of the last game.
            chosen = self.screen.chosen()
            keymap = self._keys_for(chosen)
            against_bot = chosen.mode is Mode.BOT
            ascii = chosen.ascii
        else:
            against_bot = self.options.mode is Mode.BOT
        if against_bot:
            names = (words.labels.your_hand(0), words.labels.your_hand(1))
        else:
            names = (player_name(0), player_name(1))
        self.push_screen(HelpScreen(keymap, names, against_bot=against_bot, ascii=ascii))

    def action_request_quit(self) -> None:
        """Ctrl+Q: quit, after a confirmation if a match is going on."""
        from spit.app.screens import QuitScreen

        if isinstance(self.screen, QuitScreen):
            self.screen.confirm()
            return
        game = self._game_screen()
        if game is None or game.is_over or game.game.replaying:
            self.exit()
            return
        recorder = game.game.recorder
        keepable = recorder is not None and recorder.recording
        self.push_screen(QuitScreen(keepable=keepable, grace=self.pace.grace), self._quit_answered)

    def _quit_answered(self, answer: str | None) -> None:
        if answer is None:
            return
        if answer == "give-up":
            game = self._game_screen()
            recorder = game.game.recorder if game is not None else None
            if recorder is not None:
                recorder.abandon()
        self.exit()


def _browser_seats(game_address: str, *, bind: str, port: int) -> object:
    """The browser seat's page for hosting (``spit host --web``), imported when asked for."""
    from spit.web.room import RoomWebServer

    return RoomWebServer(game_address, bind=bind, port=port)
