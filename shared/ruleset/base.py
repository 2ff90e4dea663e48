"""Building blocks every part of the ruleset package model shares.

Owns: the strict base model (`extra="forbid"`, `$comment` allowed on every object), the
id and text types, value references (one type used everywhere), value bounds
(`usableWhen`/`when` form), dice text, and the `gate()` marker that records which
Capability API / schemaVersion a key needs (read by `shared.ruleset.gates`).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Iterator, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, model_validator

from ..dice import DiceError, parse_dice

# ---------------------------------------------------------------------------
# Strict base
# ---------------------------------------------------------------------------


class Model(BaseModel):
    """Every object of a package: unknown keys refused, `$comment` allowed anywhere."""

    model_config = ConfigDict(
        extra="forbid",
        populate_by_name=True,
        validate_default=False,
        frozen=False,
        # JSON types only: "3" is not 3, true is not 1.
        strict=True,
    )

    comment: Any = Field(default=None, alias="$comment", exclude=True)

    if not TYPE_CHECKING:  # as pydantic's own: mypy would allow any attribute otherwise

        def __getattr__(self, item: str) -> Any:
            # Entries, item uses and creature actions are read duck-typed (`getattr(source,
            # "teleport", None)`), so most such reads miss. Pydantic's miss asks the class too,
            # raising twice; with no extra keys allowed only private attributes can be here.
            if item in type(self).__private_attributes__:
                return super().__getattr__(item)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {item!r}")


@cache
def _names_on(cls: type) -> frozenset[str]:
    """What a class answers besides its instances' own keys: properties, methods, class
    attributes and private attributes."""
    return frozenset(dir(cls)) | frozenset(getattr(cls, "__private_attributes__", ()))


#: Class -> what `_names_on` answers for a package model class, None for any other class.
#: Keyed by class (a few dozen), not by ruleset: `isinstance(obj, Model)` goes through
#: pydantic's ABC metaclass (`__instancecheck__`), dearer than the whole read it guards.
_MODEL_NAMES: dict[type, frozenset[str] | None] = {}


def key_of(obj: Any, key: str, default: Any = None) -> Any:
    """`getattr(obj, key, default)`, for code that reads entries' mechanics, item uses and
    creature actions alike, where most reads name a key the object's shape lacks. A package
    object keeps its keys in its `__dict__`, so such a miss is a dict and a set lookup rather
    than pydantic raising AttributeError (some twenty times dearer, on every menu option)."""
    cls = type(obj)
    try:
        names = _MODEL_NAMES[cls]
    except KeyError:
        names = _MODEL_NAMES[cls] = _names_on(cls) if issubclass(cls, Model) else None
    if names is not None:
        own = obj.__dict__
        if key in own:
            return own[key]
        if key not in names:
            return default
    return getattr(obj, key, default)


def any_key(obj: Any, keys: tuple[str, ...]) -> bool:
    """Whether any of `keys` reads as something (`bool(key_of(obj, key))` for one of them):
    the "does this option do X or Y or Z" test of a menu, read off the object's `__dict__`
    once rather than with one `key_of` call a key."""
    if obj is None:
        return False
    cls = type(obj)
    try:
        names = _MODEL_NAMES[cls]
    except KeyError:
        names = _MODEL_NAMES[cls] = _names_on(cls) if issubclass(cls, Model) else None
    if names is None:
        return any(getattr(obj, key, None) for key in keys)
    own = obj.__dict__
    for key in keys:
        if key in own:
            if own[key]:
                return True
        elif key in names and getattr(obj, key, None):
            return True
    return False


def keys_set(node: Any) -> Iterator[str]:
    """The name of every key set on any object under `node` (models, lists, dicts)."""
    if isinstance(node, BaseModel):
        for name in node.model_fields_set:
            yield name
            yield from keys_set(node.__dict__.get(name))
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from keys_set(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from keys_set(item)


# ---------------------------------------------------------------------------
# Ids and text
# ---------------------------------------------------------------------------

#: Ids the author declares (abilities, fields, pools, lists, budgets, conditions, ...).
Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
#: Catalog and entry ids may also contain hyphens ("road-sense", "cinder-moth").
EntryId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=80)]
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def prompt_safe(text: str) -> str:
    """Text that goes into the Game Master's prompt verbatim (labels, guidance, clock and
    party text): one line, no control characters, no square brackets (they open sheet and
    clock tags) and no macro braces (spec/sheet "like other prompt-safe text")."""
    if any(ch in _LINE_BREAKS for ch in text):
        raise ValueError("must be a single line")
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise ValueError("must not contain control characters")
    if "[" in text or "]" in text:
        raise ValueError("must not contain square brackets")
    if "{{" in text or "}}" in text:
        raise ValueError('must not contain macro braces ("{{" or "}}")')
    return text


#: Short text shown to people, and quoted in the Game Master's prompt: prompt-safe, as
#: spec/sheet says of every label (one line, no square brackets, no macro braces).
Label = Annotated[str, StringConstraints(min_length=1, max_length=80), AfterValidator(prompt_safe)]
#: Longer text (summaries, guidance).
Text = Annotated[str, StringConstraints(max_length=4000)]

#: A JSON number (whole or not). Models are strict, so "3" and true are refused.
Number = int | float


# ---------------------------------------------------------------------------
# Capability gates
# ---------------------------------------------------------------------------


def gate(api: str, *, schema: int | None = None) -> dict[str, Any]:
    """`json_schema_extra` marking a key as needing Capability API `api` (e.g. "1.47").

    `schema=2` marks keys the spec says "require schemaVersion 2 and capabilityApi X":
    those are refused in a schemaVersion 1 package even when it declares no API.
    """
    extra: dict[str, Any] = {"x-capabilityApi": api}
    if schema is not None:
        extra["x-schemaVersion"] = schema
    return extra


def unsupported(api: str | None, reason: str) -> dict[str, Any]:
    """`json_schema_extra` marking a key the package format knows but this engine does not
    resolve yet: a package using it is refused with `reason`, naming the key and `api`."""
    extra: dict[str, Any] = {"x-unsupported": reason}
    if api is not None:
        extra["x-capabilityApi"] = api
    return extra


# ---------------------------------------------------------------------------
# Value references
# ---------------------------------------------------------------------------

VALUE_REF_KEYS = (
    "const",
    "field",
    "derived",
    "abilityScore",
    "abilityMod",
    "abilityModFromField",
    "skillMod",
    "saveMod",
    "listSum",
    "livePool",
    "liveTrack",
    "itemStat",
)


class ListSum(Model):
    list: Id
    column: Id
    onlyWhen: Id | None = None


class ItemStat(Model):
    """Reads items the character carries (Capability API 1.52): `from` worn, carried or
    all; `pick` sum/max/min of `stat`, or `count` of the matching items."""

    stat: Id | None = None
    from_: Literal["worn", "carried", "all"] = Field(alias="from")
    pick: Literal["sum", "max", "min", "count"]
    slot: Id | None = None
    category: Id | None = None
    tag: Id | None = None
    default: Number | None = None

    @model_validator(mode="after")
    def _stat_unless_count(self) -> "ItemStat":
        if self.pick != "count" and self.stat is None:
            raise ValueError(f'"stat" is required when "pick" is "{self.pick}"')
        return self


class ValueRef(Model):
    """A number read from the sheet: an object with exactly one of `VALUE_REF_KEYS`.

    `read` goes only with `liveTrack` (value, filled, remaining, penalty).
    """

    const: Number | None = None
    field: Id | None = None
    derived: Id | None = None
    abilityScore: Id | None = None
    abilityMod: Id | None = None
    abilityModFromField: Id | None = None
    skillMod: Id | None = None
    saveMod: Id | None = None
    listSum: ListSum | None = Field(default=None, json_schema_extra=gate("1.39"))
    livePool: Id | None = Field(default=None, json_schema_extra=gate("1.39"))
    liveTrack: Id | None = Field(default=None, json_schema_extra=gate("1.39"))
    read: Literal["value", "filled", "remaining", "penalty"] | None = None
    itemStat: ItemStat | None = Field(default=None, json_schema_extra=gate("1.52"))

    @model_validator(mode="after")
    def _exactly_one(self) -> "ValueRef":
        present = [k for k in VALUE_REF_KEYS if getattr(self, k) is not None]
        if len(present) != 1:
            raise ValueError(
                "a value reference has exactly one of "
                + ", ".join(VALUE_REF_KEYS)
                + (f" (found {', '.join(present)})" if present else " (found none)")
            )
        if self.read is not None and self.liveTrack is None:
            raise ValueError('"read" goes only with "liveTrack"')
        return self

    @property
    def kind(self) -> str:
        for k in VALUE_REF_KEYS:
            if getattr(self, k) is not None:
                return k
        raise AssertionError("validated value reference has no key")

    @property
    def target(self) -> Any:
        return getattr(self, self.kind)


class Bounds(Model):
    """`{ "value": <value reference>, "atLeast": n, "atMost": n }` (one bound or both)."""

    value: ValueRef
    atLeast: Number | None = None
    atMost: Number | None = None

    @model_validator(mode="after")
    def _one_bound(self) -> "Bounds":
        if self.atLeast is None and self.atMost is None:
            raise ValueError('give "atLeast", "atMost" or both')
        if self.atLeast is not None and self.atMost is not None and self.atLeast > self.atMost:
            raise ValueError('"atLeast" is above "atMost"')
        return self


class Dice(Model):
    """`{ "count": 2, "sides": 6 }`."""

    count: Annotated[int, Field(ge=1, le=100)]
    sides: Annotated[int, Field(ge=2, le=1000)]


def dice_error(text: str) -> str | None:
    """Why `text` is not dice text, or None. Read by the same parser the dice roll with,
    so the package and the roller never disagree about what "2d8+3" means."""
    try:
        parse_dice(text)
    except DiceError as exc:
        return str(exc)
    return None


def has_dice(text: str) -> bool:
    """True when `text` is dice text that rolls at least one die (not a bare number)."""
    try:
        return bool(parse_dice(text).terms)
    except DiceError:
        return False


def _dice_text(text: str) -> str:
    problem = dice_error(text)
    if problem is not None:
        raise ValueError(problem)
    return text


#: Dice written as text: "1d6", "2d8+3", "1d4-1", "1d20-1d4+5" or a bare number.
DiceText = Annotated[str, StringConstraints(max_length=200), AfterValidator(_dice_text)]
