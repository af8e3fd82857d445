"""The command line's words: argparse's own, every flag's help, usage errors."""

from __future__ import annotations

from spit.i18n import N_, _

ARGPARSE: tuple[str, ...] = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unrecognized arguments: %s"),
)
"""The words argparse itself writes into ``--help`` and its errors, so that they are in the
catalogues; :func:`spit.i18n.translate_argparse` makes argparse look them up there."""


def not_a_number(*, text: str) -> str:
    return _("not a number: {text!r}").format(text=text)


def not_a_whole_number(*, text: str) -> str:
    return _("not a whole number: {text!r}").format(text=text)


def usage_error(*, command: str, problem: str) -> str:
    """A command-line mistake in one line: the command, the problem, where to read more."""
    return _("{command}: {problem} (see '{command} --help')").format(
        command=command, problem=problem
    )
