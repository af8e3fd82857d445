"""The start menu: who plays, which game, which keyboard. Fully usable from the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import ClassVar

from msgspec.structs import replace
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, RadioButton, RadioSet, Select, Static

from spit import words
from spit.app.bindings import WordedBindings, at_its_place, bind
from spit.app.messages import (
    AsciiChosen,
    Connect,
    KeysChosen,
    LanguageChosen,
    RememberMenu,
    SizeChanged,
    StartGame,
    StartPractice,
)
from spit.bot.levels import ADAPTIVE, ALIASES, LADDER
from spit.bot.levels import level as ladder_level
from spit.engine import Variant
from spit.game.daily import daily_options, utc_today
from spit.i18n import LANGUAGE_NAMES, LANGUAGES, _, language, set_language
from spit.settings.keymap import PRESET_NAMES, PRESET_OF_LANGUAGE, KeyMap
from spit.settings.options import GameOptions, Mode, Network


class Choice(RadioSet):
    """A radio set whose cursor starts on the option that is on (Textual's starts on the
    first, so Enter would have changed the choice instead of keeping it)."""

    def on_mount(self) -> None:
        # After RadioSet's own mount handler, which puts the cursor on the first option.
        self.call_later(self._cursor_on_choice)

    def _cursor_on_choice(self) -> None:
        if self.pressed_index >= 0:
            self._selected = self.pressed_index


class _Marked:
    """A menu mark that says whether it is on without colour (Textual's dots differ only in
    colour; in ASCII, ``[ ]`` and ``[*]``, a blank mark is the only way to say "off")."""

    value: bool

    @property
    def BUTTON_INNER(self) -> str:
        # The app says whether it draws in ASCII (an attribute, so the menu needs no import
        # of the app, which imports the menu).
        return "●" if self.value or not getattr(self.app, "ascii", False) else " "  # type: ignore[attr-defined]


class Option(_Marked, RadioButton):  # type: ignore[override]  # Textual only reads BUTTON_INNER
    """One choice of a set (players, level, game)."""


class Toggle(_Marked, Checkbox):  # type: ignore[override]  # Textual only reads BUTTON_INNER
    """A display option, on or off."""


def level_label(name: str) -> str:
    """A bot level as the menu offers it: its name and how quick its hand is."""
    if name == ADAPTIVE:
        return words.labels.adaptive_label()
    return words.labels.level_label(name, ladder_level(name).reaction_median(1))


def drop_down(title: str, choices: list[tuple[str, str]], value: str, id: str) -> Vertical:
    """A drop-down list in a box titled ``title``; typing does not search it (S still starts)."""
    select = Select(
        choices, value=value, allow_blank=False, compact=True, type_to_search=False, id=id
    )
    box = Vertical(select, classes="box")
    box.border_title = title
    return box


def players(*, bot: bool, bot_available: bool) -> Choice:
    """Who plays: two on one keyboard, against the bot (if one can be had), the guided
    practice, the daily deal, or someone online."""
    mode = Choice(
        Option(words.menu.menu_label("two players"), value=not bot, id="two-player"),
        Option(
            words.menu.menu_label("against the bot")
            if bot_available
            else words.menu.menu_label("against the bot (not available)"),
            value=bot,
            id="bot",
            disabled=not bot_available,
        ),
        Option(
            _("Guided practice ({key})").format(key=words.menu.shortcut("practice")),
            id="practice",
        ),
        Option(
            words.daily.daily_label("menu").format(key=words.menu.shortcut("daily")),
            id="daily",
            disabled=not bot_available,
        ),
        Option(words.menu.menu_label("online"), id="online"),
        id="mode",
    )
    mode.border_title = words.menu.menu_label("players")
    return mode


class MenuScreen(WordedBindings, Screen[None]):
    """Choose the mode, the variant and the keyboard layout, then Start."""

    DEFAULT_CSS = """
    MenuScreen {
        align: center middle;
    }
    MenuScreen > Vertical {
        width: 78;
        height: auto;
    }
    MenuScreen #title, MenuScreen #tagline, MenuScreen #hint {
        width: 100%;
        text-align: center;
        color: $text-muted;
    }
    MenuScreen #title {
        text-style: bold;
        color: $accent;
    }
    MenuScreen #tagline {
        margin-bottom: 1;
    }
    MenuScreen #choices {
        grid-size: 2 3;
        grid-columns: 42 36;
        grid-rows: 7 4 3;  /* players (5 choices), game, the settings */
        height: 14;
    }
    MenuScreen RadioSet, MenuScreen .box {
        height: auto;
        border: round $panel-lighten-2;
        border-title-color: $text;
        border-title-style: bold;
    }
    MenuScreen RadioSet:focus, MenuScreen .box:focus-within {
        border: round $accent;
    }
    MenuScreen RadioSet {
        margin: 0 1;
    }
    MenuScreen #mode, MenuScreen #variant {
        width: 40;
    }
    MenuScreen #level {
        width: 35;
        row-span: 2;
    }
    MenuScreen #settings {
        column-span: 2;
        height: 3;
        margin: 0 1;
    }
    MenuScreen .box {
        width: 1fr;
        margin-right: 1;
    }
    MenuScreen #display {
        width: auto;
        margin-right: 0;
        layout: horizontal;
    }
    MenuScreen #display Checkbox {
        border: none;
        padding: 0;
        margin-right: 1;
        background: transparent;
        width: auto;
    }
    MenuScreen #display #hints {
        margin-right: 0;
    }
    MenuScreen #display Checkbox:focus > .toggle--label {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: $block-cursor-text-style;
    }
    MenuScreen #buttons {
        height: auto;
        align: center middle;
        margin-top: 1;
    }
    MenuScreen Button {
        margin: 0 0 0 1;  /* seven buttons fit 80 columns in every language */
        min-width: 9;
    }
    MenuScreen #hint {
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # F1 is help everywhere, but a browser may keep F1 for itself (and H is host here).
        bind("question_mark", "menu_help", "help", "menu-help", show=False),
    ]

    LETTERED: ClassVar[dict[str, Callable[[], str]]] = {
        "start": partial(words.menu.menu_label, "start"),
        "names": partial(words.menu.menu_label, "names"),
        "keys": partial(words.menu.menu_label, "keys"),
        "host": partial(words.menu.menu_label, "host a game"),
        "join": partial(words.menu.menu_label, "join a game"),
        "practice": partial(words.dialogs.binding, "practice"),
        "daily": partial(words.daily.daily_label, "daily"),
        "options": partial(words.menu.option_label, "options"),
    }
    """The actions a letter does (each the letter its language's translator chose), and
    their descriptions."""

    def __init__(self, options: GameOptions, *, bot_available: bool) -> None:
        super().__init__()
        self._options = options
        self._bot_available = bot_available
        self._letters: list[str] = []
        self._bind_letters()

    def _bind_letters(self) -> None:
        """Bind each action's letter in the language on, and the keys at its place on every
        layout (the letter shown is the one that works, whichever layout types it)."""
        bound = self._bindings.key_to_bindings
        for key in self._letters:
            bound.pop(key, None)
        self._letters = []
        for action, say in self.LETTERED.items():
            for place, key in enumerate(at_its_place(words.menu.shortcut(action))):
                binding = Binding(key, action, say(), show=place == 0)
                bound.setdefault(key, []).append(binding)
                self._letters.append(key)

    def compose(self) -> ComposeResult:
        o = self._options
        with Vertical():
            yield Static("S  P  I  T", id="title", markup=False)
            yield Static(words.menu.menu_label("tagline"), id="tagline", markup=False)
            bot = (o.mode or o.menu_mode) is Mode.BOT and self._bot_available
            # A grid keeps the focus order (players, level, game, keyboard, language) while
            # the ladder's levels stand beside both players and game.
            with Grid(id="choices"):
                yield players(bot=bot, bot_available=self._bot_available)
                with Choice(id="level", disabled=not bot) as level:
                    level.border_title = words.menu.menu_label("bot level")
                    chosen = ALIASES.get(o.bot_level, o.bot_level)  # an old name: its rung
                    for name in (*LADDER, ADAPTIVE):
                        yield Option(level_label(name), value=name == chosen, id=f"level-{name}")
                with Choice(id="variant") as variant:
                    variant.border_title = words.menu.menu_label("game")
                    for v in Variant:  # "standard", "points"
                        yield Option(
                            words.menu.menu_label(v.value), value=o.variant is v, id=v.value
                        )
                with Horizontal(id="settings"):
                    presets = [(words.labels.preset_name(name), name) for name in PRESET_NAMES]
                    yield drop_down(words.menu.menu_label("keyboard"), presets, o.keys, "keys")
                    languages = [(LANGUAGE_NAMES[code], code) for code in LANGUAGES]
                    yield drop_down(
                        words.menu.menu_label("language"), languages, language(), "lang"
                    )
                    with Horizontal(id="display", classes="box") as display:
                        display.border_title = words.menu.menu_label("display")
                        yield Toggle(words.menu.menu_label("ascii"), o.ascii, id="ascii")
                        yield Toggle(
                            words.menu.menu_label("4 colours"), o.four_colour, id="four-colour"
                        )
                        yield Toggle(words.menu.menu_label("hints"), o.hints, id="hints")
            with Horizontal(id="buttons"):
                yield Button(words.menu.menu_label("start"), variant="primary", id="start")
                yield Button(words.menu.menu_label("host"), id="host")
                yield Button(words.menu.menu_label("join"), id="join")
                yield Button(words.watching.watch_label(), id="watch", action="app.watch")
                yield Button(words.menu.menu_label("names"), id="names")
                yield Button(words.menu.menu_label("keys"), id="keys-screen")
                yield Button(words.menu.menu_label("quit"), id="quit")
            yield Static(
                words.menu.menu_hint(browser=self.app.is_web),
                id="hint",
                markup=False,
            )

    def on_mount(self) -> None:
        # The first choice has the focus, so arrows work at once; S (or Enter on Start) starts.
        self.query_one("#mode", RadioSet).focus()

    def on_resize(self) -> None:
        self.post_message(SizeChanged())

    @on(RadioSet.Changed, "#mode")
    def _mode_changed(self, event: RadioSet.Changed) -> None:
        self.query_one("#level", RadioSet).disabled = event.pressed.id != "bot"

    @on(Select.Changed, "#lang")
    def _language_changed(self, event: Select.Changed) -> None:
        """Speak the chosen language at once, and remember it for the next start."""
        code = event.value
        if not isinstance(code, str) or code == language():
            return
        options = self.chosen()
        if options.keys == PRESET_OF_LANGUAGE.get(language()):
            # The keyboard followed the language: it goes on following it.
            options = replace(options, keys=PRESET_OF_LANGUAGE.get(code, options.keys))
        set_language(code)
        self._bind_letters()
        # The keys' words follow at once, the app's own (help, quit) as well as the menu's.
        for node in (self, self.app):
            if isinstance(node, WordedBindings):
                node.reword_bindings()
        self.refresh_bindings()
        self.post_message(LanguageChosen(code))
        self._options = options
        self.refresh(recompose=True)
        self.call_after_refresh(lambda: self.query_one("#lang", Select).focus())

    @on(Checkbox.Changed, "#ascii")
    def _ascii_changed(self, event: Checkbox.Changed) -> None:
        # The menu shows at once what the table will look like.
        self.post_message(AsciiChosen(event.value))

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Start a match with the options chosen (or the practice, if that is chosen)."""
        if self.query_one("#mode", RadioSet).pressed_button is self.query_one("#practice"):
            self.action_practice()
            return
        if self.query_one("#mode", RadioSet).pressed_button is self.query_one("#daily"):
            self.action_daily()
        if self.query_one("#mode", RadioSet).pressed_button is self.query_one("#online"):
            self.action_online()
            return
        chosen = self.chosen()
        self.post_message(RememberMenu(chosen))
        self.post_message(StartGame(chosen))

    def action_practice(self) -> None:
        """The guided practice round, with the keys and look chosen here."""
        self.post_message(StartPractice(self.chosen()))

    def action_daily(self) -> None:
        """Today's daily deal (UTC), with the keys and look chosen here."""
        if self._bot_available:
            self.post_message(StartGame(daily_options(self.chosen(), utc_today())))

    @on(Button.Pressed, "#names")
    def action_names(self) -> None:
        """The players' names, for the records and the table."""
        from spit.app.dialogs.names import NamesScreen  # deferred: start-up

        def given(names: tuple[str | None, str | None] | None) -> None:
            if names is not None:
                self._options = replace(self._options, names=names)

        self.app.push_screen(NamesScreen(self._options.names), given)

    @on(Button.Pressed, "#keys-screen")
    def action_keys(self) -> None:
        """Press your keys: each player chooses the key for each action, in turn."""
        from spit.app.dialogs.keys import KeysScreen  # deferred: start-up

        options = self.chosen()
        keymap = KeyMap.preset(options.keys).with_bindings(options.bindings)

        def given(bindings: dict[str, str] | None) -> None:
            if bindings is not None:
                self._options = replace(self.chosen(), bindings=bindings)
                self.post_message(KeysChosen(bindings))

        names = (words.labels.player_name(0), words.labels.player_name(1))
        self.app.push_screen(KeysScreen(keymap, names), given)

    def action_menu_help(self) -> None:
        """? opens the help, as F1 does (a browser may keep F1 for itself)."""
        self.app.action_help()  # type: ignore[attr-defined]

    def action_options(self) -> None:
        """The theme (shown at once) and the cue."""
        from spit.app.dialogs.options import OptionsScreen  # deferred: start-up

        def given(chosen: tuple[str, bool] | None) -> None:
            if chosen is not None:
                self._options = replace(self.chosen(), theme=chosen[0], cue=chosen[1])

        self.app.push_screen(OptionsScreen(self._options.theme, self._options.cue), given)

    @on(Button.Pressed, "#host")
    def action_host(self) -> None:
        """Host a game over the network: a friend joins from another terminal or machine."""
        from spit.app.dialogs.host import HostScreen  # deferred: start-up

        self.app.push_screen(HostScreen(self._options.names[0] or ""), self._network_chosen)

    @on(Button.Pressed, "#join")
    def action_join(self) -> None:
        """Join a friend's game over the network."""
        from spit.app.dialogs.join import JoinScreen  # deferred: start-up

        self.app.push_screen(JoinScreen(self._options.names[0] or ""), self._network_chosen)

    def action_online(self) -> None:
        """Play online: the server pairs this player with one near their rating."""
        from spit.app.dialogs.online import OnlineScreen  # deferred: start-up (the network)

        online = OnlineScreen(self._options.names[0] or "", self.chosen().variant)
        self.app.push_screen(online, self._network_chosen)

    def _network_chosen(self, network: Network | None) -> None:
        if network is not None:
            chosen = self.chosen()
            self.post_message(RememberMenu(chosen))
            self.post_message(Connect(network, chosen))

    @on(Button.Pressed, "#quit")
    def _quit(self) -> None:
        self.app.exit()

    def chosen(self) -> GameOptions:
        """The options as the menu shows them."""

        def pressed(set_id: str) -> str:
            button = self.query_one(f"#{set_id}", RadioSet).pressed_button
            assert button is not None and button.id is not None
            return button.id

        # The practice is played against a bot, with both halves of the keyboard.
        mode = Mode.BOT if pressed("mode") in ("bot", "practice", "daily") else Mode.TWO_PLAYER

        def on(toggle_id: str) -> bool:
            return self.query_one(f"#{toggle_id}", Checkbox).value

        return replace(
            self._options,
            mode=mode,
            bot_level=pressed("level").removeprefix("level-"),
            variant=Variant(pressed("variant")),
            keys=str(self.query_one("#keys", Select).value),
            ascii=on("ascii"),
            four_colour=on("four-colour"),
            hints=on("hints"),
            daily=None,  # the daily's deal is dealt by its own entry only
            seed=None if self._options.daily else self._options.seed,
        )
