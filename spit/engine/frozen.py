"""Frozen values made at the engine's pace, and made without compiling code at import.

``@dataclass(frozen=True, slots=True)`` writes the source of six or seven functions for each
class (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``,
``__delattr__``) and compiles each with ``exec``: 0.35 to 0.6 ms a class at import, on
every start, for the ninety-odd classes on the way to the table. :func:`frozen_value` makes
the same class in a tenth of that: the same fields, frozen, slotted, compared and hashed by
the same tuples of fields (so the same hash values), the same ``repr``, signature,
``__match_args__`` and pickled state, and ``dataclasses.fields``, ``replace`` and ``asdict``
(and msgspec, which reads the fields) work as on any dataclass. Its ``__repr__``, ``__eq__``,
``__hash__`` and ``__init__`` are the code dataclasses writes, compiled once for each number
of fields (for ``__init__``, each shape: which fields have a default factory) over fields
named ``_0``, ``_1``..., and each class gets a copy of that code with its own field names
(``CodeType.replace``), as quick to call as its own; ``__setattr__`` and ``__delattr__`` are
closures over the class.

That ``__init__`` sets each slot through its own descriptor rather than through
``object.__setattr__`` (which looks the attribute up anew for every field), about 40 %
quicker than the generated one: an event of four fields cost about 0.7 µs to make, and every
accepted action makes two or three events and a ``Result``. The round makes those, and both
seats' views, by :func:`maker`, which fills a twin of the class (a subclass without the frozen
``__setattr__``) by ordinary attribute stores and then makes it the class's by assigning
``__class__``: no call per field.
"""

from __future__ import annotations

import builtins
import dataclasses
import inspect
import re
import reprlib
import types
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class _Factory:
    """The default of a field with a default factory, as dataclasses shows it."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()

_INIT_CODE: dict[tuple[tuple[bool, ...], bool], types.CodeType] = {}
"""An ``__init__`` for each shape of fields (True where a field has a default factory), with
or without a call of ``__post_init__``."""


def _init_code(shape: tuple[bool, ...], post_init: bool) -> types.CodeType:
    """The code of ``__init__(self, _0, _1, ...)`` setting slot i by the global ``_set_i``
    (after calling ``_factory_i()`` where the argument was left at its default factory), then
    calling ``self.__post_init__()`` if ``post_init``, as dataclasses' ``__init__`` does."""
    code = _INIT_CODE.get((shape, post_init))
    if code is None:
        body: list[str] = []
        for i, factory in enumerate(shape):
            if factory:
                body.append(f"    if _{i} is _FACTORY: _{i} = _factory_{i}()")
            body.append(f"    _set_{i}(self, _{i})")
        if post_init:
            body.append("    self.__post_init__()")
        params = "".join(f", _{i}" for i in range(len(shape)))
        scope: dict[str, Any] = {}
        source = f"def __init__(self{params}):\n" + "\n".join(body or ["    pass"])
        exec(source, scope)  # once for every shape
        code = _INIT_CODE[shape, post_init] = scope["__init__"].__code__
    return code


def _make_init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """An ``__init__`` for ``cls`` (slotted, its fields positional) that sets each slot
    directly, with the signature, defaults and annotations dataclasses would give it. A field
    left out of ``__init__`` (``field(init=False)``, without a default) is left to the class's
    ``__post_init__``, which the ``__init__`` calls last if the class has one."""
    scope: dict[str, Any] = {"__builtins__": builtins, "_FACTORY": _FACTORY}
    defaults: list[Any] = []
    shape: list[bool] = []
    given = []
    for f in fields:
        if f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: only positional fields")
        if f.init:
            given.append(f)
        elif f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a field left out of __init__ has no default")
    fields = tuple(given)
    for i, f in enumerate(fields):
        scope[f"_set_{i}"] = cls.__dict__[f.name].__set__
        factory = f.default_factory is not dataclasses.MISSING
        shape.append(factory)
        if factory:
            scope[f"_factory_{i}"] = f.default_factory
            defaults.append(_FACTORY)
        elif f.default is not dataclasses.MISSING:
            defaults.append(f.default)
        elif defaults:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    qualname = f"{cls.__qualname__}.__init__"
    post_init = hasattr(cls, "__post_init__")
    code = _init_code(tuple(shape), post_init).replace(
        co_varnames=("self", *(f.name for f in fields)), co_name="__init__", co_qualname=qualname
    )
    init = types.FunctionType(code, scope, "__init__", tuple(defaults) or None)
    init.__qualname__ = qualname
    init.__module__ = cls.__module__
    init.__annotations__ = {f.name: f.type for f in fields} | {"return": None}
    return init


_COMPILED: dict[tuple[str, int], types.CodeType] = {}
"""A ``__repr__``, an ``__eq__`` and a ``__hash__`` for each number of fields."""

_SOURCES = {
    "__repr__": lambda n: (
        "def __repr__(self):\n"
        "    return self.__class__.__qualname__ + f'("
        + ", ".join(f"_{i}={{self._{i}!r}}" for i in range(n))
        + ")'"
    ),
    "__eq__": lambda n: (
        "def __eq__(self, other):\n"
        "    if other.__class__ is self.__class__:\n"
        "        return ("
        + "".join(f"self._{i}," for i in range(n))
        + ")==("
        + "".join(f"other._{i}," for i in range(n))
        + ")\n"
        "    return NotImplemented"
    ),
    "__hash__": lambda n: (
        "def __hash__(self):\n    return hash((" + "".join(f"self._{i}," for i in range(n)) + "))"
    ),
}
"""Each method as dataclasses writes it, over fields named ``_0``, ``_1``..."""

_BUILTINS: dict[str, Any] = {"__builtins__": builtins}
"""The globals of every ``__repr__``, ``__eq__`` and ``__hash__`` made here: the builtins."""

_PLACEHOLDER = re.compile(r"\b_(\d+)=")


def _over_fields(kind: str, cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """``__repr__``, ``__eq__`` or ``__hash__`` of ``cls`` over its fields ``names``, as
    dataclasses writes it: compiled once for each number of fields, over fields named ``_0``,
    ``_1``..., and given the names of ``cls``'s."""
    code = _COMPILED.get((kind, len(names)))
    if code is None:
        scope: dict[str, Any] = {}
        exec(_SOURCES[kind](len(names)), scope)  # once for every number of fields
        code = _COMPILED[kind, len(names)] = scope[kind].__code__
    renamed = {f"_{i}": name for i, name in enumerate(names)}
    code = code.replace(
        co_names=tuple(renamed.get(name, name) for name in code.co_names),
        co_consts=tuple(
            _PLACEHOLDER.sub(lambda m: f"{names[int(m[1])]}=", const)
            if isinstance(const, str)
            else const
            for const in code.co_consts
        ),
        co_qualname=f"{cls.__qualname__}.{kind}",
    )
    made = types.FunctionType(code, _BUILTINS, kind)
    return reprlib.recursive_repr()(made) if kind == "__repr__" else made


def _methods(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> dict[str, Any]:
    """``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` of a
    frozen dataclass with ``fields``, as dataclasses would make them."""
    compared = tuple(f.name for f in fields if f.compare)
    hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
    names = frozenset(f.name for f in fields)

    def __setattr__(self: Any, name: str, value: object) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    made = {
        "__repr__": _over_fields("__repr__", cls, tuple(f.name for f in fields if f.repr)),
        "__eq__": _over_fields("__eq__", cls, compared),
        "__hash__": _over_fields("__hash__", cls, hashed),
        "__setattr__": __setattr__,
        "__delattr__": __delattr__,
    }
    for name, method in made.items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        method.__module__ = cls.__module__
    return made


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, part in zip(dataclasses.fields(self), state, strict=False):
        object.__setattr__(self, f.name, part)


_MAKER_CODE: dict[int, types.CodeType] = {}
"""A maker (see :func:`maker`) for each number of fields, over fields named ``_0``, ``_1``..."""

_SET_CLASS = object.__dict__["__class__"].__set__
"""``object.__setattr__(made, "__class__", cls)`` without looking ``__class__`` up."""


def maker(cls: type[T]) -> Callable[..., T]:
    """A function that makes a ``cls`` from every field given positionally, in order, as
    ``cls(...)`` would with the same arguments, for the engine's paths that make values after
    every action (views, events, results).

    ``cls(...)`` runs the class's ``__init__``, which sets each field through its slot's
    descriptor: a call with an argument tuple per field. The maker makes an instance of a
    twin of ``cls`` (a subclass adding no slots, so the same layout, without the frozen
    ``__setattr__``), fills its slots by ordinary attribute stores, then makes it a ``cls`` by
    assigning its ``__class__``: the very object ``cls(...)`` gives, at about a third of the
    cost for a view of twelve fields. For a class whose ``__init__`` does more than set its
    fields (one of its own, a ``__post_init__``, a default factory) there is no maker: use
    the class.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if (
        "__init__" not in cls.__dict__
        or not cls.__dataclass_params__.init  # type: ignore[attr-defined]
        or hasattr(cls, "__post_init__")
        or any(not f.init or f.default_factory is not dataclasses.MISSING for f in fields)
    ):
        raise TypeError(f"{cls.__name__}'s __init__ does more than set its fields")
    names = tuple(f.name for f in fields)
    if "made" in names:
        raise TypeError(f"{cls.__name__}: a field named 'made' is the maker's own name")
    if cls.__dict__.get("__slots__") != names:
        raise TypeError(f"{cls.__name__}'s slots are not its fields")
    # A subclass adding no slots, with object's own __init__, __setattr__ and __delattr__:
    # its attribute stores go straight to cls's slots (and are specialised as such), and
    # assigning __class__ from a subclass that adds nothing checks no slots.
    twin = type(
        f"_{cls.__name__}Maker",
        (cls,),
        {
            "__slots__": (),
            "__init__": object.__init__,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__module__": cls.__module__,
        },
    )
    code = _MAKER_CODE.get(len(names))
    if code is None:
        params = ", ".join(f"_{i}" for i in range(len(names)))
        stores = "".join(f"    made._{i} = _{i}\n" for i in range(len(names)))
        scope: dict[str, Any] = {}
        source = (
            f"def make({params}):\n    made = _twin()\n{stores}"
            "    _set_class(made, _cls)\n    return made"
        )
        exec(source, scope)  # once for every number of fields
        code = _MAKER_CODE[len(names)] = scope["make"].__code__
    renamed = {f"_{i}": name for i, name in enumerate(names)}
    code = code.replace(
        co_names=tuple(renamed.get(name, name) for name in code.co_names),
        co_varnames=tuple(renamed.get(name, name) for name in code.co_varnames),
        co_name="make",
        co_qualname=f"{cls.__qualname__}.<maker>",
    )
    scope = {"__builtins__": builtins, "_twin": twin, "_set_class": _SET_CLASS, "_cls": cls}
    return types.FunctionType(code, scope, "make")


_OWN = ("__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


def frozen_value(cls: type[T]) -> type[T]:
    """``@dataclass(frozen=True, slots=True)`` made without compiling code (see the module).

    Its fields are positional, each with a plain default or a default factory if any, or
    left out of ``__init__`` without a default for its ``__post_init__`` to set (which the
    ``__init__`` calls last, as dataclasses' does); the class defines none of the methods made
    for it, and derives from no dataclass. A class with an ``__init__`` of its own keeps it,
    as ``@dataclass(frozen=True, slots=True, init=False)`` would.
    """
    for name in _OWN:
        if name in cls.__dict__:
            raise TypeError(f"{cls.__name__} defines {name}, which a value makes")
    if any(dataclasses.is_dataclass(base) for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: a value derives from no dataclass")
    documented = bool(cls.__doc__)
    own_init = "__init__" in cls.__dict__
    made = dataclasses.dataclass(cls, init=False, repr=False, eq=False, slots=True)
    fields = dataclasses.fields(made)
    if not own_init:
        made.__init__ = _make_init(made, fields)  # type: ignore[misc]
    for name, method in _methods(made, fields).items():
        setattr(made, name, method)
    made.__getstate__ = _getstate  # type: ignore[attr-defined]
    made.__setstate__ = _setstate  # type: ignore[attr-defined]
    params = made.__dataclass_params__  # type: ignore[attr-defined]
    params.repr = params.eq = params.frozen = True
    params.init = not own_init
    if not documented:  # as dataclasses writes it: the name and the signature
        made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
    return made
