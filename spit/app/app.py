"""The Spit app: the start menu or straight to the table, and the app-wide keys."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.filter import LineFilter

from spit.app.ascii import AsciiFilter
from spit.app.game import GameScreen, Pace
from spit.app.keymap import KeyMap, KeyMapError
from spit.app.messages import OpenMenu, SizeChanged, StartGame
from spit.app.options import GameOptions, Mode
from spit.app.table import MIN_HEIGHT, MIN_WIDTH
from spit.engine import Match, Settings
from spit.game import DriverFactory, GameClock, LocalGame, Source, bot_driver
from spit.i18n import _
from spit.wording import player_name

# The menu (spit.app.menu) and the dialogs (spit.app.screens) are imported where they are
# first shown, not here: `spit play` goes straight to the table, sooner without them.


class SpitApp(App[None]):
    """Spit in the terminal. ``SpitApp(options).run()``; ``options.mode=None`` opens the menu."""

    TITLE = "Spit"
    ENABLE_COMMAND_PALETTE = False

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority, so that F1 opens the help over the dialogs too (pause, match over).
        Binding("f1", "help", _("Help"), priority=True, id="help"),
        Binding("ctrl+q", "request_quit", _("Quit"), priority=True, id="quit"),
        Binding("ctrl+c", "request_quit", _("Quit"), priority=True, show=False, id="interrupt"),
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
    ) -> None:
        """Start from ``options``.

        ``clock`` replaces ``time.monotonic`` as the game clock's source (tests pass one they
        control); ``match`` is played instead of a freshly dealt one; ``opponents`` builds
        the driver of seat 2 against the person (the bot by default; None offers two players
        only); ``pace`` sets how long feedback lasts.
        """
        super().__init__()
        self.options = options or GameOptions()
        """The options from the command line (the menu may change them)."""
        self._clock_source = clock
        self._first_match = match
        self._opponents = opponents
        self.pace = pace or Pace()
        """How long flashes and messages last."""
        self.keymap = self._keys_for(self.options)
        """The keys of the current (or next) game."""
        self._seeds = random.Random(self.options.seed)
        self._dealt = 0
        self._noticed_small = False
        self._ascii = self.options.ascii
        self._ascii_filter = AsciiFilter()

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
    def bot_available(self) -> bool:
        """Whether a bot can take seat 2."""
        return self._opponents is not None

    # -- screens ---------------------------------------------------------------------

    def on_mount(self) -> None:
        if self.options.mode is None:
            from spit.app.menu import MenuScreen

            self.push_screen(MenuScreen(self.options, bot_available=self.bot_available))
        else:
            self.start_game(self.options)
        self.check_size()

    def start_game(self, options: GameOptions) -> None:
        """Deal a match with ``options`` and show the table."""
        if options.mode is Mode.BOT and self._opponents is None:
            from spit.app.menu import MenuScreen

            self.notify(_("The bot is not installed; choose two players."), severity="error")
            if not isinstance(self.screen, MenuScreen):
                self.open_menu(options)
            return
        keymap = self._keys_for(options)
        if keymap is None:
            return
        self.options = options
        self.keymap = keymap
        self.ascii = options.ascii
        match = self._first_match or self.new_match(options)
        self._first_match = None
        driver = None
        if options.mode is Mode.BOT and self._opponents is not None:
            driver = self._opponents(options.bot_level, self._seeds.getrandbits(32))
        clock = GameClock(self._clock_source) if self._clock_source else GameClock()
        game = LocalGame(match, clock=clock, driver=driver, deal=lambda: self.new_match(options))
        screen = GameScreen(options, game, keymap=keymap, pace=self.pace)
        if self._game_screen() is None:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def new_match(self, options: GameOptions) -> Match:
        """A fresh match: the first from ``--seed`` itself, rematches from seeds it derives."""
        settings = Settings(lockout=options.lockout)
        if options.seed is None:
            seed = None
        elif not self._dealt:
            seed = options.seed
        else:
            seed = self._seeds.getrandbits(32)
        self._dealt += 1
        return Match.new(seed, variant=options.variant, settings=settings)

    # -- what the screens ask ----------------------------------------------------------

    def on_start_game(self, message: StartGame) -> None:
        self.start_game(message.options)

    def on_open_menu(self, message: OpenMenu) -> None:
        self.open_menu()

    def on_size_changed(self, message: SizeChanged) -> None:
        self.check_size()

    def open_menu(self, options: GameOptions | None = None) -> None:
        """Back to the start menu (after a match, or when the bot is missing)."""
        from spit.app.menu import MenuScreen

        menu = MenuScreen(options or self.options, bot_available=self.bot_available)
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
                    _("Your remapped keys do not fit {layout}: {error}").format(
                        layout=options.keys, error=error
                    ),
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
            names = (_("You, left hand"), _("You, right hand"))
        else:
            names = (player_name(0), player_name(1))
        self.push_screen(HelpScreen(keymap, names, against_bot=against_bot, ascii=ascii))

    def action_request_quit(self) -> None:
        """Ctrl+Q: quit, after a confirmation if a match is going on."""
        from spit.app.screens import QuitScreen

        if isinstance(self.screen, QuitScreen):
            self.screen.dismiss(True)
            return
        game = self._game_screen()
        if game is None or game.is_over:
            self.exit()
            return
        self.push_screen(QuitScreen(), self._quit_answered)

    def _quit_answered(self, quit_: bool | None) -> None:
        if quit_:
            self.exit()
