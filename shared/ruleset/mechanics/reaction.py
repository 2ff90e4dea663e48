"""The moment an entry waits for: `mechanics.reaction` written as an object.

Owns: `Reaction` (`on`, `at`, `cancels`, `against`, `upTo`/`above` 1.116, `also` 1.117,
`blow`/`seesSource` 1.118, `for`/`within` 1.131, `cancelSave`), `ReactionAgainst`,
`ReactionAbove`, `CancelSave` and `AlsoMoment` (spec/combat-3 "Windows"). `reaction: true`
only keeps an entry off the turn menu and is offered in no window.

Mechanics-2 adds keys and moments (`by`, `names`, `oneOf`, ...): its part subclasses
`Reaction` and redeclares `mechanics.reaction` with the subclass (as `flag_or(subclass)`,
so an error inside the object is not also reported as "must be true or false"); the rules
here read only the keys they name, so they hold for the subclass too.
"""

from __future__ import annotations

from typing import ClassVar, Annotated, Iterable, Literal

from pydantic import Discriminator, Field, StringConstraints, Tag, model_validator

from ..base import EntryId, Id, Model, Number, ValueRef, gate
from ..gates import Gate, declared_gate

Moment = Literal["used", "aimed", "hit", "harmed", "falls", "turn-start"]

#: `<catalog>/<entry>`, e.g. "spells/magic-missile".
EntryRef = Annotated[
    str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*/[a-z0-9][a-z0-9_-]*$", max_length=161)
]
#: A stat-block action matched by its whole name, case-insensitively.
ActionName = Annotated[str, StringConstraints(min_length=1, max_length=80)]

MOMENT_GATES: dict[str, str] = {"used": "1.44", "hit": "1.46", "falls": "1.124", "turn-start": "1.131"}


MOMENT_VALUE_GATES: dict[tuple[str, str], str] = {("on", k): v for k, v in MOMENT_GATES.items()}


def _moment_gates(owner: type, on: str) -> Iterable[Gate]:
    if on in MOMENT_GATES:
        yield declared_gate(owner, "on", on)


class ReactionAgainst(Model):
    """Narrows what the entry answers: things used from these catalogs, these entries
    (1.117) or these stat-block actions; a match on any one opens the moment."""

    catalogs: Annotated[list[EntryId], Field(min_length=1, max_length=12)] | None = None
    entries: Annotated[list[EntryRef], Field(min_length=1, max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.117")
    )
    actions: Annotated[list[ActionName], Field(min_length=1, max_length=12)] | None = None

    @model_validator(mode="after")
    def _one(self) -> "ReactionAgainst":
        if self.catalogs is None and self.entries is None and self.actions is None:
            raise ValueError('"against" needs "catalogs", "entries" or "actions"')
        return self


class ReactionAbove(Model):
    """A check (`check` read from the answerer's sheet) against `dc` plus the level of
    what was paid, to stop something paid above the answer's own level."""

    check: ValueRef
    dc: int


class CancelSave(Model):
    """The holder's save against `dc`: on a success the action is cancelled."""

    save: Id
    dc: Annotated[int, Field(ge=0, le=1000)]


def _moment_rules(
    on: str,
    *,
    blow: object,
    sees_source: object,
    against: object,
    for_: str | None,
    within: object,
) -> None:
    """Rules every moment (the first and each `also`) follows."""
    if blow is not None and on != "hit":
        raise ValueError('"blow" goes only on a "hit" moment')
    if on == "falls" and (sees_source is not None or against is not None):
        raise ValueError('a fall has no source entry, so a "falls" moment cannot have "seesSource" or "against"')
    if on == "turn-start" and against is not None:
        raise ValueError('a "turn-start" moment cannot have "against"')
    if for_ in ("ally", "any"):
        if on not in ("aimed", "hit"):
            raise ValueError(f'"for": "{for_}" goes only on an "aimed" or "hit" moment')
        if within is None:
            raise ValueError(f'"for": "{for_}" needs "within"')
    elif within is not None:
        raise ValueError('"within" goes only with "for": "ally" or "any"')


class AlsoMoment(Model):
    """The same answer taken at another moment, with its own narrowing."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = dict(MOMENT_VALUE_GATES)

    on: Moment
    against: ReactionAgainst | None = None
    blow: Literal["melee", "ranged"] | None = None
    seesSource: bool | None = None
    for_: Literal["self", "ally", "any"] | None = Field(default=None, alias="for")
    within: Annotated[Number, Field(ge=0)] | None = None

    @model_validator(mode="after")
    def _rules(self) -> "AlsoMoment":
        _moment_rules(
            self.on, blow=self.blow, sees_source=self.seesSource, against=self.against,
            for_=self.for_, within=self.within,
        )
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from _moment_gates(AlsoMoment, self.on)


class Reaction(Model):
    """`{"on": "aimed", "at": "source", "cancels": true}`: puts the entry on that
    window's menu."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = dict(MOMENT_VALUE_GATES)

    on: Moment
    at: Literal["source", "target", "chosen"] | None = None
    cancels: Literal[True] | None = None
    against: ReactionAgainst | None = Field(default=None, json_schema_extra=gate("1.44"))
    upTo: Literal["paid"] | None = Field(default=None, json_schema_extra=gate("1.116"))
    above: ReactionAbove | None = Field(default=None, json_schema_extra=gate("1.116"))
    also: Annotated[list[AlsoMoment], Field(min_length=1, max_length=3)] | None = Field(
        default=None, json_schema_extra=gate("1.117")
    )
    blow: Literal["melee", "ranged"] | None = Field(default=None, json_schema_extra=gate("1.118"))
    seesSource: bool | None = Field(default=None, json_schema_extra=gate("1.118"))
    for_: Literal["self", "ally", "any"] | None = Field(
        default=None, alias="for", json_schema_extra=gate("1.131")
    )
    within: Annotated[Number, Field(ge=0)] | None = Field(default=None, json_schema_extra=gate("1.131"))
    cancelSave: CancelSave | None = None

    @model_validator(mode="after")
    def _rules(self) -> "Reaction":
        if self.cancels and self.on not in ("used", "aimed"):
            raise ValueError('"cancels" goes only on a "used" or "aimed" moment: what has happened cannot be cancelled')
        if self.cancels and self.also is not None:
            raise ValueError('only the first moment can cancel, so a cancelling reaction has no "also"')
        if self.cancelSave is not None and not self.cancels:
            raise ValueError('"cancelSave" needs "cancels"')
        if self.upTo is not None and not (self.cancels and self.on == "used"):
            raise ValueError('"upTo" goes only on a cancelling "used" reaction')
        if self.above is not None and self.upTo is None:
            raise ValueError('"above" needs "upTo"')
        if self.on == "turn-start" and (self.cancels or self.upTo is not None):
            raise ValueError('a "turn-start" reaction cannot have "cancels" or "upTo"')
        _moment_rules(
            self.on, blow=self.blow, sees_source=self.seesSource, against=self.against,
            for_=self.for_, within=self.within,
        )
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from _moment_gates(Reaction, self.on)


def _reaction_form(value: object) -> str:
    return "flag" if isinstance(value, bool) else "object"


def flag_or(model: type[Reaction]) -> object:
    """The type of `mechanics.reaction`: `true`/`false`, or an object of `model`. Told
    apart by the JSON type, so a defect inside the object is reported once, at its own
    path, rather than also as "must be true or false"."""
    return Annotated[
        Annotated[bool, Tag("flag")] | Annotated[model, Tag("object")],
        Discriminator(_reaction_form),
    ]


#: `reaction` as the base block and mechanics-1 write it.
ReactionField = flag_or(Reaction)
